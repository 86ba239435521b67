// `--shard I/N` of plumb gen and plumb oracle: one parser, one message, so that both commands
// accept the same spellings (digits only, 0 <= I < N, nothing after N).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace plumb::cli {

/// One part of a sharded job: the items whose position is `index` modulo `count`.
struct Shard {
  size_t index = 0;
  size_t count = 1;
};

/// The shard `text` names, or nullopt after printing
/// `plumb COMMAND: error: --shard must be I/N with 0 <= I < N (got 'TEXT')` on stderr.
std::optional<Shard> parseShard(const char* command, const std::string& text);

}  // namespace plumb::cli
