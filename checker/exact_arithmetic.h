// Exact arithmetic and correct rounding for creation-time evaluation of floating-point
// built-in functions (#floating-point-evaluation, #floating-point-accuracy).
//
// Plumb's creation-time results are the exact mathematical result rounded once to the type,
// to nearest with ties to even (one of the two values "correctly rounded" allows). Values of
// the three floating-point types are dyadic rationals, so sums, differences and products of
// them are computed exactly (Dyadic); quotients exactly as rationals (mpq_t); transcendental
// functions by MPFR, which rounds correctly; and the few irrational compound formulas
// (degrees, radians, normalize, refract) by Ziv's strategy, approximating with a proven error
// bound at increasing precision until the rounding is determined.
#pragma once

// <cstdint> first: mpfr.h declares its intmax_t functions (mpfr_get_sj) only after it.
#include <cstdint>
#include <functional>

#include <gmp.h>
#include <mpfr.h>

#include "semantics/wgsl/type.h"

namespace plumb::exact {

/// The IEEE-754 format of a floating-point type: AbstractFloat is binary64
/// (#types-for-creation-time-constants), f32 binary32, f16 binary16. `emin` and `emax` are
/// MPFR exponents (significand in [0.5, 1)), so that, with subnormals emulated, the format's
/// values are exactly the numbers MPFR can hold at `precision` bits in that range.
struct FloatFormat {
  mpfr_prec_t precision;
  mpfr_exp_t emin;
  mpfr_exp_t emax;
  int bias;        // exponent bias: 1023, 127, 15
  double largest;  // the largest finite value
};

/// The format of AbstractFloat, f32 or f16.
const FloatFormat& floatFormat(TypeKind kind);

/// An exact dyadic rational (a floating-point number with as many bits as it needs), for
/// sums, differences and products of values without intermediate rounding.
class Dyadic {
 public:
  Dyadic();  // +0
  explicit Dyadic(double d);
  explicit Dyadic(int64_t v);
  explicit Dyadic(mpfr_srcptr exactValue);  // copies all its bits
  Dyadic(const Dyadic& o);
  Dyadic& operator=(const Dyadic& o);
  ~Dyadic();

  mpfr_srcptr get() const { return v_; }
  int sign() const { return mpfr_sgn(v_); }
  bool isZero() const { return mpfr_zero_p(v_) != 0; }
  /// The value as a double; exact only if it fits binary64 (used for values known to).
  double toDouble() const { return mpfr_get_d(v_, MPFR_RNDN); }

  friend Dyadic operator+(const Dyadic& a, const Dyadic& b);
  friend Dyadic operator-(const Dyadic& a, const Dyadic& b);
  friend Dyadic operator*(const Dyadic& a, const Dyadic& b);
  friend Dyadic operator-(const Dyadic& a);
  friend int compare(const Dyadic& a, const Dyadic& b) { return mpfr_cmp(a.v_, b.v_); }
  Dyadic abs() const;  // +0 for ±0
  Dyadic floor() const;
  Dyadic trunc() const;
  /// The largest integer not greater than the value, which must fit int64_t.
  int64_t floorToInt() const { return mpfr_get_sj(v_, MPFR_RNDD); }

 private:
  void shrink();  // drops trailing zero bits of the significand (exact)
  mpfr_t v_;
};

/// Rounds to the format the value `op` computes into its argument: `op` gets a variable of the
/// format's precision in MPFR's (wide) default exponent range and rounds to nearest, returning
/// MPFR's ternary value; the result is then brought into the format's exponent range, with
/// subnormals, without double rounding. Returns ±infinity on overflow, NaN for NaN.
double roundTo(const FloatFormat& f, const std::function<int(mpfr_ptr)>& op);
/// The exact value rounded to the format.
double roundTo(const FloatFormat& f, const Dyadic& exact);
/// The exact rational rounded to the format.
double roundTo(const FloatFormat& f, const mpq_t exact);

/// Ziv's strategy for a value that is irrational or otherwise not computable exactly.
/// `approximate(p, y)` sets y (initialized to precision p) to an approximation and returns
/// `err` with |y - exact| <= 2^(EXP(y) - err) (MPFR's convention), or 0 when it cannot bound
/// the error. The precision grows until the rounding to nearest is determined. The exact
/// value must not be a representable number or midpoint of the format (callers handle those
/// cases exactly); it must not be zero.
double roundApproximation(const FloatFormat& f,
                          const std::function<mpfr_exp_t(mpfr_prec_t, mpfr_ptr)>& approximate);

/// Sets `q` to the exact value of `d`.
void toRational(mpq_t q, const Dyadic& d);

}  // namespace plumb::exact
