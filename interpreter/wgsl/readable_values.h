// Values a person can read (issue 16, item 5): the words of a buffer in `plumb run`'s report
// shown as the scalars its store type lays out there (#memory-layouts), each as its type's
// value — `-1i`, `3u`, `1.5f`, `0.25h` — with sets as `{a, b}` and intervals as decimal
// ranges. The JSON report keeps its words (docs/formats.md `plumb-run`); this is text only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/wgsl/memory_layout.h"
#include "semantics/wgsl/type.h"

namespace plumb::interp {

/// One scalar of a host-shareable value: its byte offset in the buffer, its name from the
/// variable (`out[3]`, `s.pos.x`, `m[1][2]`) and its type: 'i' i32, 'u' u32, 'f' f32, 'h' f16.
struct ScalarSlot {
  uint64_t offset = 0;
  std::string path;
  char kind = 'u';
};

/// The scalars of store type `t` in a buffer of `bytes` bytes (a runtime-sized array takes as
/// many elements as fit), in offset order; at most `limit` of them.
std::vector<ScalarSlot> scalarSlots(TypeTable& types, MemoryLayouts& layouts, Type t,
                                    const std::string& root, uint64_t bytes,
                                    size_t limit = 1u << 20);

/// The value of one scalar of a `plumb-run` WORD (docs/formats.md): `kind` as in ScalarSlot,
/// `half` 0 or 1 for the low or high f16 of the word.
std::string readableScalar(const nlohmann::json& word, char kind, unsigned half);

/// The bits of one scalar as its type's value: `-1i`, `7u`, `1.5f`, `0.25h`, `inf`, `nan`.
std::string scalarText(uint32_t bits, char kind);

}  // namespace plumb::interp
