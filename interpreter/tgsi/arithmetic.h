// The two numeric modes of `plumb tgsi run` (docs/tgsi.md, "Numerics"). Every opcode rule is
// written once, as the seed's formula over an arithmetic `A`:
//  - Exact: values are extended reals (NaN, ±inf, signed zeros, exact rationals); + - × ÷,
//    comparisons, floor, ceil and trunc are exact; the component is rounded to binary32 once,
//    to nearest even. A transcendental function (the last operation of every formula that has
//    one) gives its correctly rounded binary32 value.
//  - Ieee32: each operation of the formula in binary32, round to nearest even; a sum of
//    products (MAD, LRP, XPD, the dot products) is a choice point between its evaluations with
//    and without contraction and, for the dot products, left to right and right to left
//    (TGSI-19); transcendental functions correctly rounded.
//  - Ieee32Ftz: Ieee32 with flush to zero (TGSI-18): each arithmetic operation reads a
//    subnormal operand as a zero of the same sign and writes a result whose exact value is
//    below the smallest normal as one; moves, negation and absolute value keep the word.
// Special values follow IEEE 754 in both (x/±0 = ±inf, inf - inf = NaN, 0 × inf = NaN).
#pragma once

#include <cstdint>
#include <string_view>

#include <gmpxx.h>

namespace plumb::tgsi {

/// An extended real: NaN, ±inf, ±0 or a nonzero rational.
struct Real {
  enum class Kind { Finite, PositiveInfinity, NegativeInfinity, NaN };
  Kind kind = Kind::Finite;
  bool negativeZero = false;  // only for a finite zero
  mpq_class q;                // the value when finite

  static Real fromFloat(float f);
  static Real fromDecimal(std::string_view mantissa, int exponent10);  // exact m × 10^e
  static Real nan() { return Real{Kind::NaN, false, 0}; }
  static Real infinity(bool negative) {
    return Real{negative ? Kind::NegativeInfinity : Kind::PositiveInfinity, false, 0};
  }
  bool isNaN() const { return kind == Kind::NaN; }
  bool isFinite() const { return kind == Kind::Finite; }
  bool isZero() const { return kind == Kind::Finite && sgn(q) == 0; }
  bool signBit() const {
    return kind == Kind::NegativeInfinity ||
           (kind == Kind::Finite && (sgn(q) < 0 || (sgn(q) == 0 && negativeZero)));
  }
};

/// The correctly rounded binary32 value of a transcendental function of binary32 arguments
/// (MPFR, round to nearest even, subnormals and overflow as binary32 has them).
enum class Transcendental { Sin, Cos, Exp2, Log2, RecSqrt, Pow };
float correctlyRounded(Transcendental f, float x, float y = 0);

struct Exact {
  using V = Real;
  static constexpr std::string_view kName = "exact";
  static V fromFloat(float f) { return Real::fromFloat(f); }
  static float toFloat(const V& v);  // rounded once to binary32, to nearest even
  static V constant(double d) { return Real::fromFloat(static_cast<float>(d)); }  // 0, ±1, 0.5
  static V add(const V& a, const V& b);
  static V sub(const V& a, const V& b);
  static V mul(const V& a, const V& b);
  static V fma(const V& a, const V& b, const V& c) { return add(mul(a, b), c); }
  static V div(const V& a, const V& b);
  static V neg(const V& a);
  static V abs(const V& a);
  static int compare(const V& a, const V& b);  // -1, 0, 1; 2 when unordered (NaN)
  static V floor(const V& a);
  static V ceil(const V& a);
  static V trunc(const V& a);
  static bool isTie(const V& a);   // a is an odd multiple of 1/2
  static V pow2(const V& n);       // 2^n for an integer (or infinite, NaN) n, exactly
  static V floorLog2(const V& a);  // floor(log2 a) for a >= 0, exactly
  static V transcendental(Transcendental f, const V& x, const V& y = Real{});
  static V rsqrt(const V& x) { return transcendental(Transcendental::RecSqrt, x); }
  /// x / sqrt(d), correctly rounded (the last operation of NRM's intended reading).
  static V divSqrt(const V& x, const V& d);
  static V decimal(std::string_view text);        // "5.42101e-020" exactly
  static bool identical(const V& a, const V& b);  // the same binary32 word after rounding
};

struct Ieee32 {
  using V = float;
  static constexpr std::string_view kName = "ieee32";
  static V fromFloat(float f) { return f; }
  static float toFloat(V v) { return v; }
  static V constant(double d) { return static_cast<float>(d); }
  static V add(V a, V b);
  static V sub(V a, V b);
  static V mul(V a, V b);
  static V fma(V a, V b, V c);  // a × b + c rounded once (a contraction)
  static V div(V a, V b);
  static V neg(V a) { return -a; }
  static V abs(V a);
  static int compare(V a, V b);
  static V floor(V a);
  static V ceil(V a);
  static V trunc(V a);
  static bool isTie(V a);
  static V pow2(V n);
  static V floorLog2(V a);  // floor of the binary32 log2: two rounded operations
  static V transcendental(Transcendental f, V x, V y = 0);
  static V rsqrt(V x);                      // 1 / sqrt(x): two rounded operations
  static V divSqrt(V x, V d);               // x / sqrt(d): two rounded operations
  static V decimal(std::string_view text);  // rounded to nearest binary32
  static bool identical(V a, V b);
};

/// Ieee32 with flush to zero (docs/tgsi.md, "Numerics"; TGSI-18): what GL allows for
/// denormalized values and what llvmpipe does (the Mesa oracle). The functions not redeclared
/// here (negation, absolute value, constants) move words and flush nothing.
struct Ieee32Ftz : Ieee32 {
  static constexpr std::string_view kName = "ieee32-ftz";
  static V add(V a, V b);
  static V sub(V a, V b);
  static V mul(V a, V b);
  static V fma(V a, V b, V c);
  static V div(V a, V b);
  static int compare(V a, V b);
  static V floor(V a);
  static V ceil(V a);
  static V trunc(V a);
  static bool isTie(V a);
  static V floorLog2(V a);
  static V transcendental(Transcendental f, V x, V y = 0);
  static V rsqrt(V x);
  static V divSqrt(V x, V d);
};

}  // namespace plumb::tgsi
