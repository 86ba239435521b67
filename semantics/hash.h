// A fast non-cryptographic hash for short names (identifiers, keywords): eight bytes at a
// time, multiply-xorshift mixing. Used by the keyword table and the symbol table.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace plumb {

inline uint64_t hashName(std::string_view s) {
  constexpr uint64_t kMul = 0x9E3779B97F4A7C15ull;
  uint64_t h = s.size() * kMul;
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    h = (h ^ w) * kMul;
    h ^= h >> 29;
  }
  if (i < s.size()) {
    uint64_t w = 0;
    std::memcpy(&w, s.data() + i, s.size() - i);
    h = (h ^ w) * kMul;
    h ^= h >> 29;
  }
  return h ^ (h >> 32);
}

}  // namespace plumb
