// The exact and binary32 arithmetics of interpreter/tgsi/arithmetic.h.
#include "interpreter/tgsi/arithmetic.h"

#include <cmath>
#include <cstdlib>
#include <string>

#include "checker/exact_arithmetic.h"

namespace plumb::tgsi {

using Kind = Real::Kind;

Real Real::fromFloat(float f) {
  if (std::isnan(f)) return nan();
  if (std::isinf(f)) return infinity(f < 0);
  Real r;
  r.q = mpq_class(static_cast<double>(f));
  r.negativeZero = f == 0 && std::signbit(f);
  return r;
}

Real Real::fromDecimal(std::string_view mantissa, int exponent10) {
  // mantissa: digits with an optional '-' and one '.', e.g. "5.42101".
  std::string digits;
  int fraction = 0;
  bool negative = false, afterPoint = false;
  for (char c : mantissa) {
    if (c == '-')
      negative = true;
    else if (c == '.')
      afterPoint = true;
    else {
      digits += c;
      if (afterPoint) ++fraction;
    }
  }
  Real r;
  mpz_class n(digits, 10), ten = 10, scale;
  int e = exponent10 - fraction;
  mpz_pow_ui(scale.get_mpz_t(), ten.get_mpz_t(), static_cast<unsigned long>(e < 0 ? -e : e));
  r.q = e < 0 ? mpq_class(n, scale) : mpq_class(n * scale);
  r.q.canonicalize();
  if (negative) r.q = -r.q;
  return r;
}

float correctlyRounded(Transcendental f, float x, float y) {
  const exact::FloatFormat& format = exact::floatFormat(TypeKind::F32);
  mpfr_t a, b;
  mpfr_init2(a, 53);
  mpfr_init2(b, 53);
  mpfr_set_d(a, x, MPFR_RNDN);  // exact: binary32 fits binary64
  mpfr_set_d(b, y, MPFR_RNDN);
  double r = exact::roundTo(format, [&](mpfr_ptr out) {
    switch (f) {
      case Transcendental::Sin:
        return mpfr_sin(out, a, MPFR_RNDN);
      case Transcendental::Cos:
        return mpfr_cos(out, a, MPFR_RNDN);
      case Transcendental::Exp2:
        return mpfr_exp2(out, a, MPFR_RNDN);
      case Transcendental::Log2:
        return mpfr_log2(out, a, MPFR_RNDN);
      case Transcendental::RecSqrt:
        return mpfr_rec_sqrt(out, a, MPFR_RNDN);
      case Transcendental::Pow:
        return mpfr_pow(out, a, b, MPFR_RNDN);
    }
    return mpfr_set_nan(out), 0;
  });
  mpfr_clear(a);
  mpfr_clear(b);
  return static_cast<float>(r);
}

// ---- Exact --------------------------------------------------------------------------------

float Exact::toFloat(const V& v) {
  switch (v.kind) {
    case Kind::NaN:
      return NAN;
    case Kind::PositiveInfinity:
      return INFINITY;
    case Kind::NegativeInfinity:
      return -INFINITY;
    case Kind::Finite:
      break;
  }
  if (v.isZero()) return v.negativeZero ? -0.0f : 0.0f;
  double d = exact::roundTo(exact::floatFormat(TypeKind::F32), v.q.get_mpq_t());
  if (d == 0) return sgn(v.q) < 0 ? -0.0f : 0.0f;  // underflow keeps the sign
  return static_cast<float>(d);
}

Real Exact::neg(const V& a) {
  Real r = a;
  if (a.kind == Kind::PositiveInfinity)
    r.kind = Kind::NegativeInfinity;
  else if (a.kind == Kind::NegativeInfinity)
    r.kind = Kind::PositiveInfinity;
  else if (a.isFinite()) {
    r.q = -a.q;
    if (a.isZero()) r.negativeZero = !a.negativeZero;
  }
  return r;
}

Real Exact::abs(const V& a) {
  if (a.kind == Kind::NegativeInfinity) return Real::infinity(false);
  Real r = a;
  if (a.isFinite()) {
    r.q = ::abs(a.q);
    r.negativeZero = false;
  }
  return r;
}

Real Exact::add(const V& a, const V& b) {
  if (a.isNaN() || b.isNaN()) return Real::nan();
  bool ai = !a.isFinite(), bi = !b.isFinite();
  if (ai && bi) return a.kind == b.kind ? a : Real::nan();
  if (ai) return a;
  if (bi) return b;
  Real r;
  r.q = a.q + b.q;
  // IEEE 754 §6.3: an exact zero sum is -0 only when both operands are -0 (to nearest).
  if (sgn(r.q) == 0) r.negativeZero = a.isZero() && b.isZero() && a.negativeZero && b.negativeZero;
  return r;
}

Real Exact::sub(const V& a, const V& b) {
  return add(a, neg(b));
}

Real Exact::mul(const V& a, const V& b) {
  if (a.isNaN() || b.isNaN()) return Real::nan();
  bool negative = a.signBit() != b.signBit();
  if (!a.isFinite() || !b.isFinite()) {
    if (a.isZero() || b.isZero()) return Real::nan();  // 0 × inf
    return Real::infinity(negative);
  }
  Real r;
  r.q = a.q * b.q;
  r.negativeZero = sgn(r.q) == 0 && negative;
  return r;
}

Real Exact::div(const V& a, const V& b) {
  if (a.isNaN() || b.isNaN()) return Real::nan();
  bool negative = a.signBit() != b.signBit();
  if (!a.isFinite() && !b.isFinite()) return Real::nan();
  if (!a.isFinite()) return Real::infinity(negative);
  if (!b.isFinite()) {
    Real z;
    z.negativeZero = negative;
    return z;
  }
  if (b.isZero()) return a.isZero() ? Real::nan() : Real::infinity(negative);
  Real r;
  r.q = a.q / b.q;
  r.negativeZero = sgn(r.q) == 0 && negative;
  return r;
}

int Exact::compare(const V& a, const V& b) {
  if (a.isNaN() || b.isNaN()) return 2;
  auto rank = [](const Real& v) {
    return v.kind == Kind::NegativeInfinity ? -1 : v.kind == Kind::PositiveInfinity ? 1 : 0;
  };
  if (rank(a) != rank(b)) return rank(a) < rank(b) ? -1 : 1;
  if (rank(a) != 0) return 0;
  int c = cmp(a.q, b.q);  // -0 == +0
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

namespace {
enum class Direction { Floor, Ceil, Trunc };
Real integral(const Real& a, Direction d) {
  if (!a.isFinite()) return a;
  Real r;
  mpz_class n;
  bool down = d == Direction::Floor || (d == Direction::Trunc && sgn(a.q) >= 0);
  if (down)
    mpz_fdiv_q(n.get_mpz_t(), a.q.get_num_mpz_t(), a.q.get_den_mpz_t());
  else
    mpz_cdiv_q(n.get_mpz_t(), a.q.get_num_mpz_t(), a.q.get_den_mpz_t());
  r.q = n;
  // A zero result keeps the operand's sign (IEEE 754 roundToIntegral).
  r.negativeZero = sgn(n) == 0 && a.signBit();
  return r;
}
}  // namespace

Real Exact::floor(const V& a) {
  return integral(a, Direction::Floor);
}
Real Exact::ceil(const V& a) {
  return integral(a, Direction::Ceil);
}
Real Exact::trunc(const V& a) {
  return integral(a, Direction::Trunc);
}

bool Exact::isTie(const V& a) {
  if (!a.isFinite()) return false;
  mpq_class twice = a.q * 2;
  twice.canonicalize();
  return twice.get_den() == 1 && mpz_odd_p(twice.get_num_mpz_t());
}

Real Exact::pow2(const V& n) {
  if (n.isNaN()) return n;
  if (n.kind == Kind::PositiveInfinity) return Real::infinity(false);
  if (n.kind == Kind::NegativeInfinity) return Real{};
  // Beyond ±4096 the power rounds to +inf or +0 in binary32 whatever follows in the formulas
  // that use it (EXP's dst.x is the power itself; LOG's exponent is within [-149, 128]).
  if (n.q > 4096) return Real::infinity(false);
  if (n.q < -4096) return Real{};
  long e = n.q.get_num().get_si();
  mpz_class p = 1;
  mpz_mul_2exp(p.get_mpz_t(), p.get_mpz_t(), static_cast<unsigned long>(e < 0 ? -e : e));
  Real r;
  r.q = e < 0 ? mpq_class(mpz_class(1), p) : mpq_class(p);
  r.q.canonicalize();
  return r;
}

Real Exact::floorLog2(const V& a) {
  if (a.isNaN()) return a;
  if (a.isZero()) return Real::infinity(true);
  if (!a.isFinite()) return Real::infinity(false);
  // floor(log2 q) = bits(num) - bits(den) - (num < den × 2^(that) ? 1 : 0)
  mpz_class num = ::abs(a.q.get_num()), den = a.q.get_den();
  long e = static_cast<long>(mpz_sizeinbase(num.get_mpz_t(), 2)) -
           static_cast<long>(mpz_sizeinbase(den.get_mpz_t(), 2));
  mpz_class lhs = num, rhs = den;
  if (e >= 0)
    mpz_mul_2exp(rhs.get_mpz_t(), rhs.get_mpz_t(), static_cast<unsigned long>(e));
  else
    mpz_mul_2exp(lhs.get_mpz_t(), lhs.get_mpz_t(), static_cast<unsigned long>(-e));
  if (lhs < rhs) --e;
  Real r;
  r.q = mpq_class(e);
  return r;
}

Real Exact::transcendental(Transcendental f, const V& x, const V& y) {
  // The arguments of every transcendental in the seed's formulas are binary32 values (a
  // source component, max(src.y, 0), clamp(src.w, -128, 128)), so toFloat is exact here.
  return Real::fromFloat(correctlyRounded(f, toFloat(x), toFloat(y)));
}

Real Exact::divSqrt(const V& x, const V& d) {
  // Special values as IEEE 754's squareRoot and division give them.
  if (!x.isFinite() || !d.isFinite() || d.isZero() || x.isZero() || sgn(d.q) < 0) {
    Real root;
    if (d.isNaN() || (d.signBit() && !d.isZero()))
      root = Real::nan();
    else if (d.kind == Kind::PositiveInfinity)
      root = Real::infinity(false);
    else if (d.isZero())
      root.negativeZero = d.negativeZero;  // sqrt(±0) = ±0
    else
      return div(x, d);  // d > 0 and x is ±0, ±inf or NaN: x / d has x / sqrt(d)'s value
    return div(x, root);
  }
  // x / sqrt(d) = sign(x) · sqrt(x² / d), with x² / d a positive rational q.
  mpq_class q = x.q * x.q / d.q;
  q.canonicalize();
  bool negative = sgn(x.q) < 0;
  const exact::FloatFormat& format = exact::floatFormat(TypeKind::F32);
  double r;
  if (mpz_perfect_square_p(q.get_num_mpz_t()) && mpz_perfect_square_p(q.get_den_mpz_t())) {
    mpz_class n, m;
    mpz_sqrt(n.get_mpz_t(), q.get_num_mpz_t());
    mpz_sqrt(m.get_mpz_t(), q.get_den_mpz_t());
    mpq_class root(n, m);
    root.canonicalize();
    r = exact::roundTo(format, root.get_mpq_t());
  } else {
    // Irrational: Ziv's strategy. t = q to p + 8 bits (relative error 2^-(p+8)), y = sqrt(t)
    // to p bits: relative error below 2^-(p-1), so |y - exact| < 2^(EXP(y) - (p - 2)).
    r = exact::roundApproximation(format, [&](mpfr_prec_t p, mpfr_ptr y) -> mpfr_exp_t {
      mpfr_t t;
      mpfr_init2(t, p + 8);
      mpfr_set_q(t, q.get_mpq_t(), MPFR_RNDN);
      mpfr_sqrt(y, t, MPFR_RNDN);
      mpfr_clear(t);
      return p - 2;
    });
  }
  return Real::fromFloat(static_cast<float>(negative ? -r : r));
}

Real Exact::decimal(std::string_view text) {
  size_t e = text.find_first_of("eE");
  int exponent = e == std::string_view::npos ? 0 : std::stoi(std::string(text.substr(e + 1)));
  return Real::fromDecimal(text.substr(0, e), exponent);
}

bool Exact::identical(const V& a, const V& b) {
  float x = toFloat(a), y = toFloat(b);
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  return x == y && std::signbit(x) == std::signbit(y);
}

// ---- Ieee32 ------------------------------------------------------------------------------

// volatile keeps each operation a separate binary32 operation (no contraction into FMA).
float Ieee32::add(float a, float b) {
  volatile float r = a + b;
  return r;
}
float Ieee32::sub(float a, float b) {
  volatile float r = a - b;
  return r;
}
float Ieee32::mul(float a, float b) {
  volatile float r = a * b;
  return r;
}
float Ieee32::fma(float a, float b, float c) {
  return std::fma(a, b, c);  // binary32 fusedMultiplyAdd: one rounding
}
float Ieee32::div(float a, float b) {
  volatile float r = a / b;
  return r;
}
float Ieee32::abs(float a) {
  return std::fabs(a);
}
int Ieee32::compare(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return 2;
  return a < b ? -1 : a > b ? 1 : 0;
}
float Ieee32::floor(float a) {
  return std::floor(a);
}
float Ieee32::ceil(float a) {
  return std::ceil(a);
}
float Ieee32::trunc(float a) {
  return std::trunc(a);
}
bool Ieee32::isTie(float a) {
  return std::isfinite(a) && a - std::floor(a) == 0.5f;
}
float Ieee32::pow2(float n) {
  if (std::isnan(n)) return n;
  if (n > 4096) return INFINITY;
  if (n < -4096) return 0.0f;
  return std::ldexp(1.0f, static_cast<int>(n));
}
float Ieee32::floorLog2(float a) {
  return std::floor(correctlyRounded(Transcendental::Log2, a));
}
float Ieee32::rsqrt(float x) {
  volatile float root = std::sqrt(x);  // correctly rounded (IEEE 754 squareRoot)
  return div(1.0f, root);
}
float Ieee32::divSqrt(float x, float d) {
  volatile float root = std::sqrt(d);
  return div(x, root);
}
float Ieee32::decimal(std::string_view text) {
  return std::strtof(std::string(text).c_str(), nullptr);
}
bool Ieee32::identical(float x, float y) {
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  return x == y && std::signbit(x) == std::signbit(y);
}
float Ieee32::transcendental(Transcendental f, float x, float y) {
  return correctlyRounded(f, x, y);
}

// ---- Ieee32Ftz -----------------------------------------------------------------------------

namespace {

constexpr double kSmallestNormal = 0x1p-126;

// An operand: a subnormal is read as a zero of its sign (x86's DAZ).
float in(float x) {
  return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
}
// A result: `exact` is the operation's value in binary64 (exact for + - × of binary32 values,
// and close enough for ÷ to tell whether it is below the smallest normal); a nonzero value below
// the smallest normal before rounding is written as a zero of its sign (x86's FTZ, which
// llvmpipe's results show: 2^-126 × (1 - 2^-24) gives 0, not the normal it rounds to).
float out(double exact, float rounded) {
  if (std::isfinite(exact) && exact != 0 && std::fabs(exact) < kSmallestNormal)
    return std::copysign(0.0f, static_cast<float>(exact));
  return in(rounded);
}

}  // namespace

float Ieee32Ftz::add(float a, float b) {
  a = in(a), b = in(b);
  return out(static_cast<double>(a) + b, Ieee32::add(a, b));
}
float Ieee32Ftz::sub(float a, float b) {
  a = in(a), b = in(b);
  return out(static_cast<double>(a) - b, Ieee32::sub(a, b));
}
float Ieee32Ftz::mul(float a, float b) {
  a = in(a), b = in(b);
  return out(static_cast<double>(a) * b, Ieee32::mul(a, b));
}
float Ieee32Ftz::fma(float a, float b, float c) {
  a = in(a), b = in(b), c = in(c);
  return out(std::fma(static_cast<double>(a), static_cast<double>(b), static_cast<double>(c)),
             Ieee32::fma(a, b, c));
}
float Ieee32Ftz::div(float a, float b) {
  a = in(a), b = in(b);
  return out(static_cast<double>(a) / b, Ieee32::div(a, b));
}
int Ieee32Ftz::compare(float a, float b) {
  return Ieee32::compare(in(a), in(b));
}
float Ieee32Ftz::floor(float a) {
  return Ieee32::floor(in(a));
}
float Ieee32Ftz::ceil(float a) {
  return Ieee32::ceil(in(a));
}
float Ieee32Ftz::trunc(float a) {
  return Ieee32::trunc(in(a));
}
bool Ieee32Ftz::isTie(float a) {
  return Ieee32::isTie(in(a));
}
float Ieee32Ftz::floorLog2(float a) {
  return Ieee32::floorLog2(in(a));
}
float Ieee32Ftz::transcendental(Transcendental f, float x, float y) {
  return in(correctlyRounded(f, in(x), in(y)));
}
float Ieee32Ftz::rsqrt(float x) {
  return div(1.0f, in(std::sqrt(in(x))));
}
float Ieee32Ftz::divSqrt(float x, float d) {
  return div(x, in(std::sqrt(in(d))));
}

}  // namespace plumb::tgsi
