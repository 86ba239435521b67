// The acceptance sets of #floating-point-accuracy (see float_accuracy.h).
#include "interpreter/wgsl/float_accuracy.h"

#include <bit>

#include <algorithm>
#include <cmath>
#include <limits>

namespace plumb::interp::fp {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// a op b in binary64 with MPFR's directed rounding `r` (exact inputs, one rounding).
double directed(int (*op)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t), double a, double b,
                mpfr_rnd_t r) {
  mpfr_t x, y, z;
  mpfr_inits2(53, x, y, z, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(x, a, MPFR_RNDN);
  mpfr_set_d(y, b, MPFR_RNDN);
  op(z, x, y, r);
  double d = mpfr_get_d(z, r);
  mpfr_clears(x, y, z, static_cast<mpfr_ptr>(nullptr));
  return d;
}

double addD(double a, double b, mpfr_rnd_t r) {
  return directed(mpfr_add, a, b, r);
}
double subD(double a, double b, mpfr_rnd_t r) {
  return directed(mpfr_sub, a, b, r);
}
double mulD(double a, double b, mpfr_rnd_t r) {
  return directed(mpfr_mul, a, b, r);
}
double divD(double a, double b, mpfr_rnd_t r) {
  return directed(mpfr_div, a, b, r);
}

/// The least and greatest of op(a, b) over the corners of two intervals, rounded outwards
/// (for * and / with a divisor of one sign, whose extremes are at corners).
std::pair<double, double> corners(double (*op)(double, double, mpfr_rnd_t), const FloatSet& x,
                                  const FloatSet& y) {
  double lo = kInf, hi = -kInf;
  for (double a : {x.lo, x.hi})
    for (double b : {y.lo, y.hi}) {
      lo = std::min(lo, op(a, b, MPFR_RNDD));
      hi = std::max(hi, op(a, b, MPFR_RNDU));
    }
  return {lo, hi};
}

}  // namespace

const Format& formatOf(TypeKind kind) {
  static const Format f32{TypeKind::F32, 24, -149, 0x1.fffffep+127, 0x1p-126};
  static const Format f16{TypeKind::F16, 11, -24, 65504.0, 0x1p-14};
  return kind == TypeKind::F16 ? f16 : f32;
}

double roundDown(const Format& f, double d) {
  if (std::isnan(d)) return d;
  if (d > f.largest) return f.largest;
  if (d < -f.largest) return -kInf;
  if (d == 0) return 0;
  int e = std::ilogb(d);  // 2^e <= |d| < 2^(e+1)
  int q = std::max(e - (f.precision - 1), f.minQuantumExp);
  double m = std::ldexp(d, -q);  // exact: a power-of-two scaling inside binary64's range
  return std::ldexp(std::floor(m), q);
}

double roundUp(const Format& f, double d) {
  return -roundDown(f, -d);
}

double nextUp(const Format& f, double v) {
  return roundUp(f, std::nextafter(v, kInf));
}
double nextDown(const Format& f, double v) {
  return -nextUp(f, -v);
}

double ulp(const Format& f, double x) {
  double a = roundDown(f, x), b = roundUp(f, x);
  if (a != b) return b - a;  // infinite beyond the finite range
  double up = nextUp(f, x) - x, down = x - nextDown(f, x);
  return std::min(up, down);
}

bool isSubnormal(const Format& f, double v) {
  return v != 0 && std::fabs(v) < f.smallestNormal;
}

FloatSet flush(const Format& f, FloatSet s) {
  if (s.any) return s;
  bool meetsSubnormals =
      s.lo < f.smallestNormal && s.hi > -f.smallestNormal && !(s.lo == 0 && s.hi == 0);
  if (!meetsSubnormals) return s;
  return FloatSet::range(std::min(s.lo, 0.0), std::max(s.hi, 0.0));
}

FloatSet hull(const FloatSet& a, const FloatSet& b) {
  if (a.any || b.any) return FloatSet::anyValue();
  return FloatSet::range(std::min(a.lo, b.lo), std::max(a.hi, b.hi));
}

FloatSet reassociatedSum(const Format& f, const std::vector<FloatSet>& terms) {
  size_t n = terms.size();
  if (n == 0) return FloatSet::exact(0);
  if (n <= 2) return n == 1 ? terms[0] : add(f, terms[0], terms[1]);
  if (n > 8) {  // not reached by the built-ins (at most 4 terms); left to right
    FloatSet s = terms[0];
    for (size_t i = 1; i < n; ++i) s = add(f, s, terms[i]);
    return s;
  }
  // sums[m]: the hull of the sums of the terms in the bit set m over every tree; a tree of m
  // splits m into two non-empty parts (each unordered split once: the part holding the lowest
  // term of m is the left one).
  std::vector<FloatSet> sums(size_t(1) << n);
  for (uint32_t m = 1; m < sums.size(); ++m) {
    if ((m & (m - 1)) == 0) {
      sums[m] = terms[std::countr_zero(m)];
      continue;
    }
    uint32_t low = m & (~m + 1), rest = m ^ low;
    bool first = true;
    for (uint32_t sub = rest; ; sub = (sub - 1) & rest) {  // left = low | sub, right = m ^ left
      uint32_t left = low | sub, right = m ^ left;
      if (right != 0) {
        FloatSet s = add(f, sums[left], sums[right]);
        sums[m] = first ? s : hull(sums[m], s);
        first = false;
      }
      if (sub == 0) break;
    }
  }
  return sums.back();
}

FloatSet convertCorrectlyRounded(const Format& f, double lo, double hi) {
  if (std::isnan(lo) || std::isnan(hi)) return FloatSet::anyValue();
  double a = roundDown(f, lo), b = roundUp(f, hi);
  if (!std::isfinite(a) || !std::isfinite(b)) return FloatSet::anyValue();
  return FloatSet::range(a, b);
}

FloatSet correctlyRounded(const Format& f, double lo, double hi) {
  // #floating-point-accuracy: "the correctly rounded result may be finite or infinite", and
  // an infinite result may be replaced by an undefined value (#floating-point-evaluation).
  return flush(f, convertCorrectlyRounded(f, lo, hi));
}

FloatSet withinUlps(const Format& f, double lo, double hi, double n) {
  if (std::isnan(lo) || std::isnan(hi) || std::fabs(lo) > f.largest || std::fabs(hi) > f.largest)
    return FloatSet::anyValue();
  // ULP is non-decreasing in |x|, so the largest over [lo, hi] is at an end.
  double u = std::max(ulp(f, lo), ulp(f, hi));
  double width = n * u;  // n has few bits and u is a power of two: exact
  double a = roundUp(f, subD(lo, width, MPFR_RNDD));
  double b = roundDown(f, addD(hi, width, MPFR_RNDU));
  a = std::max(a, -f.largest);
  b = std::min(b, f.largest);
  return flush(f, FloatSet::range(a, b));
}

FloatSet withinAbsolute(const Format& f, double lo, double hi, double error, bool strict) {
  if (std::isnan(lo) || std::isnan(hi)) return FloatSet::anyValue();
  double l = subD(lo, error, MPFR_RNDD), h = addD(hi, error, MPFR_RNDU);
  double a = roundUp(f, l), b = roundDown(f, h);
  if (strict && a == l) a = nextUp(f, a);
  if (strict && b == h) b = nextDown(f, b);
  a = std::max(a, -f.largest);
  b = std::min(b, f.largest);
  // A bound finer than the type's grid around the exact result: its neighbours.
  if (a > b) return correctlyRounded(f, lo, hi);
  return flush(f, FloatSet::range(a, b));
}

// #floating-point-accuracy, "Accuracy of expressions".

FloatSet add(const Format& f, FloatSet x, FloatSet y) {
  x = flush(f, x), y = flush(f, y);
  if (x.any || y.any) return FloatSet::anyValue();
  return correctlyRounded(f, addD(x.lo, y.lo, MPFR_RNDD), addD(x.hi, y.hi, MPFR_RNDU));
}

FloatSet subtract(const Format& f, FloatSet x, FloatSet y) {
  x = flush(f, x), y = flush(f, y);
  if (x.any || y.any) return FloatSet::anyValue();
  return correctlyRounded(f, subD(x.lo, y.hi, MPFR_RNDD), subD(x.hi, y.lo, MPFR_RNDU));
}

FloatSet multiply(const Format& f, FloatSet x, FloatSet y) {
  x = flush(f, x), y = flush(f, y);
  if (x.any || y.any) return FloatSet::anyValue();
  auto [lo, hi] = corners(mulD, x, y);
  return correctlyRounded(f, lo, hi);
}

FloatSet divide(const Format& f, FloatSet x, FloatSet y) {
  x = flush(f, x), y = flush(f, y);
  if (x.any || y.any) return FloatSet::anyValue();
  // "2.5 ULP for |y| in the range [2^-126, 2^126]" (f32), "[2^-14, 2^14]" (f16): outside it
  // "the accuracy is undefined".
  double small = f.smallestNormal, large = f.kind == TypeKind::F16 ? 0x1p14 : 0x1p126;
  bool inRange = (y.lo >= small && y.hi <= large) || (y.hi <= -small && y.lo >= -large);
  if (!inRange) return FloatSet::anyValue();
  auto [lo, hi] = corners(divD, x, y);
  return withinUlps(f, lo, hi, 2.5);
}

FloatSet negate(const Format& f, FloatSet x) {
  x = flush(f, x);
  if (x.any) return x;
  return flush(f, FloatSet::range(-x.hi, -x.lo));
}

FloatSet remainder(const Format& f, FloatSet x, FloatSet y) {
  // "Derived from x - y * trunc(x/y)": each operation with its own accuracy; trunc is
  // correctly rounded, hence exact, and monotone.
  FloatSet q = divide(f, x, y);
  if (q.any) return q;
  FloatSet t = FloatSet::range(std::trunc(q.lo), std::trunc(q.hi));
  return subtract(f, x, multiply(f, y, t));
}

Truth compare(const Format& f, std::string_view op, FloatSet x, FloatSet y) {
  x = flush(f, x), y = flush(f, y);
  if (x.any || y.any) return Truth::Either;
  auto truth = [](bool always, bool never) {
    return always ? Truth::True : never ? Truth::False : Truth::Either;
  };
  bool bothSamePoint = x.isExact() && y.isExact() && x.lo == y.lo;
  bool disjoint = x.hi < y.lo || y.hi < x.lo;
  if (op == "==") return truth(bothSamePoint, disjoint);
  if (op == "!=") return truth(disjoint, bothSamePoint);
  if (op == "<") return truth(x.hi < y.lo, x.lo >= y.hi);
  if (op == "<=") return truth(x.hi <= y.lo, x.lo > y.hi);
  if (op == ">") return truth(x.lo > y.hi, x.hi <= y.lo);
  if (op == ">=") return truth(x.lo >= y.hi, x.hi < y.lo);
  return Truth::Either;
}

}  // namespace plumb::interp::fp
