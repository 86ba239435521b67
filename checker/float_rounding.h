// Rounding exact values to binary32 and binary16, to nearest with ties to even. Where
// #floating-point-conversion lets a conversion return either neighbour, creation-time
// evaluation in Plumb returns the nearest (docs/ambiguities.md).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace plumb {

inline constexpr double kMaxF32 = 3.4028234663852886e38;  // (2 - 2^-23) * 2^127
inline constexpr double kMaxF16 = 65504.0;                // (2 - 2^-10) * 2^15

/// `x` rounded to binary32 (the double that equals the f32 value).
inline double roundToF32(double x) { return static_cast<double>(static_cast<float>(x)); }

/// `x` rounded to binary16: 11 significant bits, subnormals below 2^-14 with quantum 2^-24.
inline double roundToF16(double x) {
  if (x == 0 || std::isnan(x) || std::isinf(x)) return x;
  int exponent;
  std::frexp(x, &exponent);  // |x| = m * 2^exponent, 0.5 <= |m| < 1
  int quantumExponent = exponent - 11;
  if (quantumExponent < -24) quantumExponent = -24;
  double scaled = std::ldexp(x, -quantumExponent);
  double rounded = std::nearbyint(scaled);  // ties to even in the default rounding mode
  double result = std::ldexp(rounded, quantumExponent);
  if (std::fabs(result) > kMaxF16) return std::copysign(INFINITY, x);
  return result;
}

/// The binary32 encoding of `x` rounded to binary32, and the value of a binary32 encoding.
inline uint32_t f32Bits(double x) {
  float f = static_cast<float>(x);
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  return bits;
}
inline float f32FromBits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

/// The binary16 encoding of `x`, which must be a binary16 value (or an infinity or NaN).
inline uint16_t f16Bits(double x) {
  uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  double a = std::fabs(x);
  if (std::isnan(x)) return sign | 0x7E00;
  if (std::isinf(x) || a > kMaxF16) return sign | 0x7C00;
  if (a == 0) return sign;
  if (a < 0x1p-14) return sign | static_cast<uint16_t>(std::ldexp(a, 24));  // subnormal
  int e;
  double m = std::frexp(a, &e);  // a = m * 2^e, 0.5 <= m < 1
  uint16_t exponent = static_cast<uint16_t>(e - 1 + 15);
  uint16_t fraction = static_cast<uint16_t>(std::ldexp(m * 2 - 1, 10));
  return sign | static_cast<uint16_t>(exponent << 10) | fraction;
}

/// The value of a binary16 encoding.
inline double f16FromBits(uint16_t bits) {
  double sign = bits & 0x8000 ? -1.0 : 1.0;
  int exponent = (bits >> 10) & 0x1F;
  int fraction = bits & 0x3FF;
  if (exponent == 0x1F) return fraction ? NAN : sign * INFINITY;
  if (exponent == 0) return sign * std::ldexp(fraction, -24);
  return sign * std::ldexp(1024 + fraction, exponent - 25);
}

}  // namespace plumb
