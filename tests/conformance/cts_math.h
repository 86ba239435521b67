// The CTS's math.ts helpers of June 2022 (binary64 arithmetic, Float32Array quantization), so
// that a CTS tolerance is the one the CTS applies to a device. Shared by cts_execution (the
// creation-time evaluator) and cts_runtime (the interpreter's run-time operations).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace plumb::cts {

constexpr double kF32Max = 0x1.fffffep+127;
constexpr double kF32Inf = std::numeric_limits<double>::infinity();

/// `new Float32Array([x])[0]`: round to nearest-even, overflowing to an infinity. (Done by hand
/// above the range: converting such a double to float is undefined behavior in C++.)
inline double toF32(double x) {
  if (std::isnan(x)) return x;
  // Halfway between the largest finite binary32 and 2^128 rounds to even, i.e. up.
  if (std::fabs(x) >= 0x1.ffffffp+127) return std::copysign(kF32Inf, x);
  if (std::fabs(x) > kF32Max) return std::copysign(kF32Max, x);
  return static_cast<float>(x);
}

inline uint32_t f32Bits(double f32Value) {
  float f = static_cast<float>(f32Value);
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

inline double fromF32Bits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

/// math.ts flushSubnormalNumber: 0 if x quantizes to a binary32 subnormal (or zero), else x.
inline double flushSubnormal(double x) {
  if (std::isnan(x) || std::isinf(x)) return x;
  return (f32Bits(toF32(x)) & 0x7f800000u) == 0 ? 0.0 : x;
}

/// math.ts nextAfter: the binary32 value after x towards +inf (up) or -inf, with subnormals
/// flushed to zero first when `flush`.
inline double nextAfter(double x, bool up, bool flush) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return x;  // the CTS returns the same infinity in both directions
  if (flush) x = flushSubnormal(x);
  if (x == 0) {
    if (up) return flush ? 0x1p-126 : 0x1p-149;
    return flush ? -0x1p-126 : -0x1p-149;
  }
  double converted = toF32(x);
  uint32_t result;
  if (converted == x) {
    uint32_t u = f32Bits(x);
    bool positive = (u & 0x80000000u) == 0;
    u = up == positive ? u + 1 : u - 1;
    result = flush && (u & 0x7f800000u) == 0 ? 0 : u;
  } else if (up == (converted > x)) {
    result = f32Bits(converted);
  } else {
    result = f32Bits(nextAfter(converted, up, flush));
  }
  if ((result & 0x7f800000u) == 0x7f800000u) return up ? kF32Inf : -kF32Inf;
  return fromF32Bits(result);
}

/// math.ts oneULP(target, flush).
inline double oneUlp(double target, bool flush) {
  if (std::isnan(target)) return target;
  if (flush) target = flushSubnormal(target);
  if (target >= kF32Max) return kF32Max - nextAfter(kF32Max, false, false);
  if (target <= -kF32Max) return kF32Max - nextAfter(kF32Max, false, false);
  if (toF32(target) == target) {
    if (target > 0) return target - nextAfter(target, false, flush);
    if (target < 0) return nextAfter(target, true, flush) - target;
    return nextAfter(target, true, flush);
  }
  return nextAfter(target, true, flush) - nextAfter(target, false, flush);
}

/// A CTS number: a JSON number, or "NaN", "Infinity", "-Infinity", "-0".
inline double jsonNumber(const nlohmann::json& v) {
  if (v.is_number()) return v.get<double>();
  std::string s = v.get<std::string>();
  if (s == "NaN") return std::numeric_limits<double>::quiet_NaN();
  if (s == "Infinity") return kF32Inf;
  if (s == "-Infinity") return -kF32Inf;
  if (s == "-0") return -0.0;
  throw std::runtime_error("not a number: " + s);
}

}  // namespace plumb::cts
