#include "semantics/utf8.h"

namespace plumb {

// Well-formed UTF-8 per Unicode 14, Table 3-7.
DecodedCodePoint decodeUtf8(std::string_view t, size_t i) {
  auto byte = [&](size_t k) -> unsigned { return static_cast<unsigned char>(t[k]); };
  if (i >= t.size()) return {};
  unsigned b0 = byte(i);
  if (b0 < 0x80) return {static_cast<char32_t>(b0), 1};
  size_t left = t.size() - i;
  auto cont = [&](size_t k, unsigned lo = 0x80, unsigned hi = 0xBF) {
    return k < left && byte(i + k) >= lo && byte(i + k) <= hi;
  };
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    if (!cont(1)) return {};
    return {static_cast<char32_t>(((b0 & 0x1F) << 6) | (byte(i + 1) & 0x3F)), 2};
  }
  if (b0 >= 0xE0 && b0 <= 0xEF) {
    unsigned lo = b0 == 0xE0 ? 0xA0 : 0x80;
    unsigned hi = b0 == 0xED ? 0x9F : 0xBF;  // excludes surrogates
    if (!cont(1, lo, hi) || !cont(2)) return {};
    return {static_cast<char32_t>(((b0 & 0x0F) << 12) | ((byte(i + 1) & 0x3F) << 6) |
                                  (byte(i + 2) & 0x3F)),
            3};
  }
  if (b0 >= 0xF0 && b0 <= 0xF4) {
    unsigned lo = b0 == 0xF0 ? 0x90 : 0x80;
    unsigned hi = b0 == 0xF4 ? 0x8F : 0xBF;
    if (!cont(1, lo, hi) || !cont(2) || !cont(3)) return {};
    return {static_cast<char32_t>(((b0 & 0x07) << 18) | ((byte(i + 1) & 0x3F) << 12) |
                                  ((byte(i + 2) & 0x3F) << 6) | (byte(i + 3) & 0x3F)),
            4};
  }
  return {};
}

size_t findInvalidUtf8(std::string_view t) {
  size_t i = 0;
  while (i < t.size()) {
    if (static_cast<unsigned char>(t[i]) < 0x80) {
      ++i;
      continue;
    }
    DecodedCodePoint d = decodeUtf8(t, i);
    if (d.length == 0) return i;
    i += d.length;
  }
  return t.size();
}

uint32_t countCodePoints(std::string_view t) {
  uint32_t n = 0;
  for (size_t i = 0; i < t.size(); ++n) {
    DecodedCodePoint d = decodeUtf8(t, i);
    i += d.length ? d.length : 1;
  }
  return n;
}

}  // namespace plumb
