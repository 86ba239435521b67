#include "cli/shard_option.h"

#include <charconv>
#include <iostream>

namespace plumb::cli {

namespace {

/// A decimal number that fills [first, last) exactly (no sign, no spaces, no overflow).
std::optional<size_t> wholeNumber(const char* first, const char* last) {
  size_t value = 0;
  if (first == last) return std::nullopt;
  auto [end, error] = std::from_chars(first, last, value);
  if (error != std::errc() || end != last) return std::nullopt;
  return value;
}

}  // namespace

std::optional<Shard> parseShard(const char* command, const std::string& text) {
  size_t slash = text.find('/');
  if (slash != std::string::npos) {
    const char* begin = text.data();
    auto index = wholeNumber(begin, begin + slash);
    auto count = wholeNumber(begin + slash + 1, begin + text.size());
    if (index && count && *count > 0 && *index < *count) return Shard{*index, *count};
  }
  std::cerr << "plumb " << command << ": error: --shard must be I/N with 0 <= I < N (got '" << text
            << "')\n";
  return std::nullopt;
}

}  // namespace plumb::cli
