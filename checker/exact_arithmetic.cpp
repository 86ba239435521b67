#include "checker/exact_arithmetic.h"

#include <algorithm>
#include <cassert>
#include <cfloat>

#include "checker/float_rounding.h"

namespace plumb::exact {

namespace {

// Sets MPFR's exponent range to a format's for the lifetime of the object.
class FormatExponentRange {
 public:
  explicit FormatExponentRange(const FloatFormat& f)
      : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {
    mpfr_set_emin(f.emin);
    mpfr_set_emax(f.emax);
  }
  ~FormatExponentRange() {
    mpfr_set_emin(emin_);
    mpfr_set_emax(emax_);
  }

 private:
  mpfr_exp_t emin_, emax_;
};

// Precisions at which Ziv's strategy gives up refining (never reached in practice: the
// values approximated are irrational, so some precision always decides).
constexpr mpfr_prec_t kMaxZivPrecision = 1 << 20;

}  // namespace

const FloatFormat& floatFormat(TypeKind kind) {
  // binary64: smallest subnormal 2^-1074 = 0.5 * 2^-1073, largest (2 - 2^-52) * 2^1023.
  static const FloatFormat binary64{53, -1073, 1024, 1023, DBL_MAX};
  static const FloatFormat binary32{24, -148, 128, 127, kMaxF32};
  static const FloatFormat binary16{11, -23, 16, 15, kMaxF16};
  switch (kind) {
    case TypeKind::F32:
      return binary32;
    case TypeKind::F16:
      return binary16;
    default:
      return binary64;
  }
}

// ------------------------------------------------------------------------------------ Dyadic

Dyadic::Dyadic() {
  mpfr_init2(v_, MPFR_PREC_MIN);
  mpfr_set_zero(v_, 1);
}

Dyadic::Dyadic(double d) {
  mpfr_init2(v_, 53);
  mpfr_set_d(v_, d, MPFR_RNDN);  // exact
  shrink();
}

Dyadic::Dyadic(int64_t v) {
  mpfr_init2(v_, 64);
  mpfr_set_sj(v_, v, MPFR_RNDN);  // exact
  shrink();
}

Dyadic::Dyadic(mpfr_srcptr exactValue) {
  mpfr_init2(v_, mpfr_get_prec(exactValue));
  mpfr_set(v_, exactValue, MPFR_RNDN);
  shrink();
}

Dyadic::Dyadic(const Dyadic& o) {
  mpfr_init2(v_, mpfr_get_prec(o.v_));
  mpfr_set(v_, o.v_, MPFR_RNDN);
}

Dyadic& Dyadic::operator=(const Dyadic& o) {
  if (this != &o) {
    mpfr_set_prec(v_, mpfr_get_prec(o.v_));
    mpfr_set(v_, o.v_, MPFR_RNDN);
  }
  return *this;
}

Dyadic::~Dyadic() {
  mpfr_clear(v_);
}

void Dyadic::shrink() {
  mpfr_prec_t needed = std::max<mpfr_prec_t>(mpfr_min_prec(v_), MPFR_PREC_MIN);
  if (needed < mpfr_get_prec(v_)) mpfr_prec_round(v_, needed, MPFR_RNDN);  // exact
}

namespace {

// The precision that holds a + b or a - b exactly.
mpfr_prec_t sumPrecision(mpfr_srcptr a, mpfr_srcptr b) {
  mpfr_prec_t pa = mpfr_get_prec(a), pb = mpfr_get_prec(b);
  if (!mpfr_regular_p(a) || !mpfr_regular_p(b)) return std::max(pa, pb);
  mpfr_exp_t high = std::max(mpfr_get_exp(a), mpfr_get_exp(b)) + 1;  // room for a carry
  mpfr_exp_t low = std::min(mpfr_get_exp(a) - pa, mpfr_get_exp(b) - pb);
  return static_cast<mpfr_prec_t>(high - low);
}

}  // namespace

Dyadic operator+(const Dyadic& a, const Dyadic& b) {
  Dyadic r;
  mpfr_set_prec(r.v_, sumPrecision(a.v_, b.v_));
  int inexact = mpfr_add(r.v_, a.v_, b.v_, MPFR_RNDN);
  assert(inexact == 0);
  (void)inexact;
  r.shrink();
  return r;
}

Dyadic operator-(const Dyadic& a, const Dyadic& b) {
  Dyadic r;
  mpfr_set_prec(r.v_, sumPrecision(a.v_, b.v_));
  int inexact = mpfr_sub(r.v_, a.v_, b.v_, MPFR_RNDN);
  assert(inexact == 0);
  (void)inexact;
  r.shrink();
  return r;
}

Dyadic operator*(const Dyadic& a, const Dyadic& b) {
  Dyadic r;
  mpfr_set_prec(r.v_, mpfr_get_prec(a.v_) + mpfr_get_prec(b.v_));
  int inexact = mpfr_mul(r.v_, a.v_, b.v_, MPFR_RNDN);
  assert(inexact == 0);
  (void)inexact;
  r.shrink();
  return r;
}

Dyadic operator-(const Dyadic& a) {
  Dyadic r(a);
  mpfr_neg(r.v_, r.v_, MPFR_RNDN);
  return r;
}

Dyadic Dyadic::abs() const {
  Dyadic r(*this);
  mpfr_abs(r.v_, r.v_, MPFR_RNDN);
  return r;
}

Dyadic Dyadic::floor() const {
  // A carry out of the integer part gives a power of two: one more bit always suffices.
  Dyadic r;
  mpfr_set_prec(r.v_, mpfr_get_prec(v_) + 1);
  mpfr_floor(r.v_, v_);
  r.shrink();
  return r;
}

Dyadic Dyadic::trunc() const {
  Dyadic r;
  mpfr_set_prec(r.v_, mpfr_get_prec(v_));
  mpfr_trunc(r.v_, v_);
  r.shrink();
  return r;
}

void toRational(mpq_t q, const Dyadic& d) {
  mpfr_get_q(q, d.get());
}

// ---------------------------------------------------------------------------------- rounding

double roundTo(const FloatFormat& f, const std::function<int(mpfr_ptr)>& op) {
  mpfr_t r;
  mpfr_init2(r, f.precision);
  // Rounded to the format's precision with an unbounded exponent, then (mpfr_check_range)
  // overflow to infinity and underflow, then (mpfr_subnormalize) rounded again to the
  // precision of a subnormal: MPFR uses the first ternary value to avoid double rounding.
  int ternary = op(r);
  double d;
  {
    FormatExponentRange range(f);
    ternary = mpfr_check_range(r, ternary, MPFR_RNDN);
    mpfr_subnormalize(r, ternary, MPFR_RNDN);
    d = mpfr_get_d(r, MPFR_RNDN);  // exact: every value of the three formats is a double
  }
  mpfr_clear(r);
  return d;
}

double roundTo(const FloatFormat& f, const Dyadic& exact) {
  return roundTo(f, [&](mpfr_ptr r) { return mpfr_set(r, exact.get(), MPFR_RNDN); });
}

double roundTo(const FloatFormat& f, const mpq_t exact) {
  return roundTo(f, [&](mpfr_ptr r) { return mpfr_set_q(r, exact, MPFR_RNDN); });
}

double roundApproximation(const FloatFormat& f,
                          const std::function<mpfr_exp_t(mpfr_prec_t, mpfr_ptr)>& approximate) {
  for (mpfr_prec_t p = f.precision + 32;; p *= 2) {
    mpfr_t y;
    mpfr_init2(y, p);
    mpfr_exp_t err = approximate(p, y);
    // Rounding to nearest at precision P is decided when no number of precision P + 1 (the
    // representable numbers and the midpoints) lies within the error bound: MPFR's idiom is
    // a directed rounding at P + 1. This also decides the roundings at the lower precisions
    // of subnormals, whose breakpoints are among those, and overflow (the breakpoint between
    // the largest finite value and 2^(emax) is a midpoint).
    bool decided = mpfr_regular_p(y) && err > 0 &&
                   mpfr_can_round(y, err, MPFR_RNDN, MPFR_RNDZ, f.precision + 1);
    if (decided || p >= kMaxZivPrecision) {
      double d = roundTo(f, [&](mpfr_ptr r) { return mpfr_set(r, y, MPFR_RNDN); });
      mpfr_clear(y);
      return d;
    }
    mpfr_clear(y);
  }
}

}  // namespace plumb::exact
