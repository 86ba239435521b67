// splitmix64: tiny, fast and fully specified, so that generated workloads do not depend on the
// standard library's distributions (which differ between implementations).
#pragma once

#include <cstdint>

namespace plumb::bench {

class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// [0, n) by remainder (the generated checkable and uniformity workloads are defined by it).
  uint32_t belowByRemainder(uint64_t n) { return static_cast<uint32_t>(next() % n); }
  /// [0, n) by multiply-shift (the parse workload is defined by it).
  uint32_t belowByMultiply(uint32_t n) { return static_cast<uint32_t>(((next() >> 32) * n) >> 32); }

 private:
  uint64_t state_;
};

}  // namespace plumb::bench
