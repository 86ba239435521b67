// Buffers as the host sees them (#memory-layouts): the bytes of a uniform or storage buffer
// read into a value of the variable's store type, and a value written back as 32-bit words
// whose contents may be uncertain (docs/formats.md, `plumb-run`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/wgsl/memory_layout.h"
#include "interpreter/wgsl/runtime_value.h"

namespace plumb::interp {

/// What one 16-bit half or 32-bit word may hold in one outcome.
struct WordValue {
  enum Kind : uint8_t { Exact, Interval, Any, Halves, Set };
  Kind kind = Exact;
  uint32_t bits = 0;          // Exact
  double lo = 0, hi = 0;      // Interval: every f32 (or f16, for a half) value in [lo, hi]
  std::vector<uint32_t> set;  // Set: one of these words (sorted; a texel channel, textures.h)
  // Halves: a word holding two f16 values (low half first).
  std::vector<WordValue> halves;
  bool operator==(const WordValue&) const = default;
};

/// The word (or, for an f16, the half word) a scalar value occupies in a buffer: its bits, one
/// of a set of patterns (an integer not yet chosen; either encoding of a zero, R10), an interval
/// of floats, or any value.
WordValue scalarWord(TypeTable& types, const RValue& v);

/// The value of store type `t` held by `bytes` (little-endian, laid out per #memory-layouts).
/// A runtime-sized array takes as many elements as fit
/// (#buffer-binding-determines-runtime-sized-array-element-count). Fails with a message when
/// the bytes are fewer than the type's fixed part.
std::optional<RValue> valueFromBytes(TypeTable& types, MemoryLayouts& layouts, Type t,
                                     const std::vector<uint8_t>& bytes, std::string& error);

/// The bytes of a typed JSON value of type `t` (docs/formats.md `plumb-bindings` "value").
std::optional<std::vector<uint8_t>> bytesFromJson(TypeTable& types, MemoryLayouts& layouts,
                                                  Type t, const nlohmann::json& value,
                                                  std::string& error);

/// The 32-bit words of a buffer of `initial` bytes after it holds `v` (of store type `t`):
/// bytes no scalar of `v` covers (padding) keep their initial contents.
std::vector<WordValue> wordsOf(TypeTable& types, MemoryLayouts& layouts, Type t, const RValue& v,
                               const std::vector<uint8_t>& initial);

/// The words of several outcomes, merged word by word: exact, a finite set, an interval, any.
nlohmann::json mergedWordJson(const std::vector<const WordValue*>& outcomes);
/// One outcome's word as JSON (docs/formats.md).
nlohmann::json wordJson(const WordValue& w);
/// wordJson(w) as appendJsonText writes it (semantics/json_text.h) with `indent` at `level`;
/// an exact word without building its JSON.
void appendWordJsonText(std::string& out, const WordValue& w, int indent, int level);

}  // namespace plumb::interp
