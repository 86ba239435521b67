// Deterministic pseudo-random numbers for the generators (design.md principle 6: the same
// arguments and seed give byte-identical corpora). Every case slot gets its own stream,
// derived from (seed, family, slot) only, so that shards and single runs agree on each slot
// and no slot depends on the ones before it.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace plumb::gen {

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny generator whose streams are independent
/// enough for choosing program shapes; never used for anything cryptographic.
class Rng {
 public:
  explicit Rng(uint64_t state) : state_(state) {}

  /// The stream of one case slot: mixes the seed, the family's name and the slot index.
  static Rng forSlot(uint64_t seed, std::string_view family, uint64_t slot) {
    uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a over the family name
    for (char c : family) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
    Rng mix(seed ^ h);
    uint64_t a = mix.next();
    return Rng(a ^ (slot * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull));
  }

  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, n) (n > 0), by rejection so that small ranges are unbiased.
  uint64_t below(uint64_t n) {
    if (n <= 1) return 0;
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = next();
    while (x >= limit);
    return x % n;
  }
  /// Uniform in [lo, hi] (inclusive).
  int64_t between(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo) + 1));
  }
  bool chance(unsigned percent) { return below(100) < percent; }
  template <typename T>
  const T& pick(std::span<const T> items) {
    return items[below(items.size())];
  }
  template <typename T, size_t N>
  const T& pick(const T (&items)[N]) {
    return items[below(N)];
  }

 private:
  uint64_t state_;
};

}  // namespace plumb::gen
