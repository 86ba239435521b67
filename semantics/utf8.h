// UTF-8 decoding. #textual-structure: a WGSL program is a sequence of Unicode code points;
// Plumb reads it as UTF-8, which the spec says is always a valid encoding.
#pragma once

#include <cstdint>
#include <string_view>

namespace plumb {

/// Result of decoding one code point: `length` bytes, or length 0 if the bytes at that
/// position are not well-formed UTF-8 (overlong forms, surrogates, > U+10FFFF, truncation).
struct DecodedCodePoint {
  char32_t codePoint = 0;
  uint32_t length = 0;
};

DecodedCodePoint decodeUtf8(std::string_view text, size_t offset);

/// The byte offset of the first ill-formed sequence, or text.size() if all is well-formed.
size_t findInvalidUtf8(std::string_view text);

/// Number of code points (each ill-formed byte counts as one).
uint32_t countCodePoints(std::string_view text);

}  // namespace plumb
