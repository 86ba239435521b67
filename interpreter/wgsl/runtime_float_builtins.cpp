// #float-builtin-functions (and the floating-point functions of #vector-builtin-functions,
// #matrix-builtin-functions) at run time over FloatSets: each row of the "Accuracy of built-in
// functions" table of #floating-point-accuracy. Rows with an accuracy of their own (correctly
// rounded, N ULP, absolute error) bound the exact function over the operand sets with MPFR
// (directed rounding) and widen by the row's error; "inherited from" rows evaluate their
// formula with each operation's own acceptance set. Inputs and outputs of every row may be
// flushed (#floating-point-evaluation), which fp:: does for each operation.
#include <cmath>
#include <functional>
#include <numbers>

#include "interpreter/wgsl/runtime_alternatives.h"
#include "interpreter/wgsl/runtime_float_builtins.h"

namespace plumb::interp {

namespace {

using fp::Format;
constexpr double kPi = std::numbers::pi;  // the double nearest pi; above the f32 nearest

using Fn1 = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

/// fn(x) in binary64 rounded in direction r (MPFR rounds correctly in every direction).
double eval1(Fn1 fn, double x, mpfr_rnd_t r) {
  mpfr_t a, y;
  mpfr_inits2(53, a, y, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(a, x, MPFR_RNDN);
  fn(y, a, r);
  double d = mpfr_get_d(y, r);
  mpfr_clears(a, y, static_cast<mpfr_ptr>(nullptr));
  return d;
}

double atan2D(double y, double x, mpfr_rnd_t r) {
  mpfr_t a, b, z;
  mpfr_inits2(53, a, b, z, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(a, y, MPFR_RNDN);
  mpfr_set_d(b, x, MPFR_RNDN);
  mpfr_atan2(z, a, b, r);
  double d = mpfr_get_d(z, r);
  mpfr_clears(a, b, z, static_cast<mpfr_ptr>(nullptr));
  return d;
}

/// A real constant of the table's formulas (degrees, radians) given as decimal text, bounded
/// below and above.
std::pair<double, double> decimalConstant(const char* text) {
  mpfr_t a;
  mpfr_init2(a, 53);
  mpfr_set_str(a, text, 10, MPFR_RNDD);
  double lo = mpfr_get_d(a, MPFR_RNDD);
  mpfr_set_str(a, text, 10, MPFR_RNDU);
  double hi = mpfr_get_d(a, MPFR_RNDU);
  mpfr_clear(a);
  return {lo, hi};
}

/// The rows of the accuracy table for one type, as operations on sets.
struct Rows {
  const Format& f;
  /// new#concrete-float-accuracy instead of old#floating-point-accuracy where they differ
  /// (Revision::currentAccuracyTable, delta 7.1).
  bool current = false;
  bool isF16() const { return f.kind == TypeKind::F16; }
  FloatSet in(FloatSet x) const { return fp::flush(f, x); }
  static FloatSet c(double v) { return FloatSet::exact(v); }

  FloatSet add(FloatSet x, FloatSet y) const { return fp::add(f, x, y); }
  FloatSet sub(FloatSet x, FloatSet y) const { return fp::subtract(f, x, y); }
  FloatSet mul(FloatSet x, FloatSet y) const { return fp::multiply(f, x, y); }
  FloatSet div(FloatSet x, FloatSet y) const { return fp::divide(f, x, y); }
  FloatSet neg(FloatSet x) const { return fp::negate(f, x); }

  /// A monotone function with an N-ULP accuracy.
  FloatSet monotoneUlps(Fn1 fn, FloatSet x, bool increasing, double ulps) const {
    x = in(x);
    if (x.any) return x;
    double a = increasing ? x.lo : x.hi, b = increasing ? x.hi : x.lo;
    return fp::withinUlps(f, eval1(fn, a, MPFR_RNDD), eval1(fn, b, MPFR_RNDU), ulps);
  }

  // abs(x): correctly rounded (exact).
  FloatSet abs(FloatSet x) const {
    x = in(x);
    if (x.any) return x;
    if (x.lo >= 0) return x;
    if (x.hi <= 0) return FloatSet::range(-x.hi, -x.lo);
    return FloatSet::range(0, std::max(-x.lo, x.hi));
  }
  /// new#concrete-float-accuracy: "the worse of" an absolute error around the exact
  /// monotone function and the inherited formula's set: their hull.
  FloatSet worseOfAbsolute(Fn1 fn, FloatSet x, bool increasing, double error,
                           FloatSet inherited) const {
    x = in(x);
    if (x.any || inherited.any) return FloatSet::anyValue();
    double a = increasing ? x.lo : x.hi, b = increasing ? x.hi : x.lo;
    double lo = eval1(fn, a, MPFR_RNDD), hi = eval1(fn, b, MPFR_RNDU);
    if (!std::isfinite(lo) || !std::isfinite(hi))
      return FloatSet::anyValue();  // outside the domain
    return fp::hull(fp::withinAbsolute(f, lo, hi, error, false), inherited);
  }
  // atan(x): 4096 ULP (f32), 5 ULP (f16).
  FloatSet atan(FloatSet x) const { return monotoneUlps(mpfr_atan, x, true, isF16() ? 5 : 4096); }
  // atan2(y, x): 4096 ULP (f32), 5 ULP (f16). Over a box of operands: the extreme angles are
  // at its corners unless it holds the origin (where atan2 is undefined: any value) or
  // crosses the negative x axis (every angle in [-pi, pi]).
  FloatSet atan2(FloatSet y, FloatSet x) const {
    y = in(y), x = in(x);
    if (y.any || x.any) return FloatSet::anyValue();
    // new#concrete-float-accuracy: the ULP bound holds "for |x| in the range [2^-126, 2^126]
    // (f16: [2^-14, 2^14]), and y is finite and normal"; elsewhere no bound: any value
    // (docs/ambiguities.md R20: zero is not normal).
    if (current) {
      double least = isF16() ? 0x1p-14 : 0x1p-126, most = isF16() ? 0x1p14 : 0x1p126;
      auto within = [&](const FloatSet& s, double lo, double hi) {
        return (s.lo >= lo && s.hi <= hi) || (s.hi <= -lo && s.lo >= -hi);
      };
      if (!within(x, least, most) || !within(y, least, INFINITY)) return FloatSet::anyValue();
    }
    double ulps = isF16() ? 5 : 4096;
    bool yHasZero = y.lo <= 0 && y.hi >= 0;
    if (yHasZero && x.lo <= 0 && x.hi >= 0) return FloatSet::anyValue();
    if (yHasZero && x.lo < 0) return fp::withinUlps(f, -kPi, std::nextafter(kPi, 4.0), ulps);
    double lo = INFINITY, hi = -INFINITY;
    for (double a : {y.lo, y.hi})
      for (double b : {x.lo, x.hi}) {
        lo = std::min(lo, atan2D(a, b, MPFR_RNDD));
        hi = std::max(hi, atan2D(a, b, MPFR_RNDU));
      }
    return fp::withinUlps(f, lo, hi, ulps);
  }
  // ceil, floor, round, trunc: correctly rounded (exact), monotone.
  FloatSet integral(double (*fn)(double), FloatSet x) const {
    x = in(x);
    if (x.any) return x;
    return fp::flush(f, FloatSet::range(fn(x.lo), fn(x.hi)));
  }
  // cos(x), sin(x): absolute error <= 2^-11 (f32), 2^-7 (f16) inside [-pi, pi]; undefined
  // outside it.
  FloatSet trig(bool cosine, FloatSet x) const {
    x = in(x);
    if (x.any || x.lo < -kPi || x.hi > kPi) return FloatSet::anyValue();
    Fn1 fn = cosine ? mpfr_cos : mpfr_sin;
    double lo = std::min(eval1(fn, x.lo, MPFR_RNDD), eval1(fn, x.hi, MPFR_RNDD));
    double hi = std::max(eval1(fn, x.lo, MPFR_RNDU), eval1(fn, x.hi, MPFR_RNDU));
    // Interior extrema: cos has its maximum at 0; sin its maximum at pi/2, minimum at -pi/2.
    if (cosine && x.lo <= 0 && x.hi >= 0) hi = 1;
    if (!cosine && x.lo <= kPi / 2 && x.hi >= kPi / 2 * (1 - 1e-15)) hi = 1;
    if (!cosine && x.hi >= -kPi / 2 && x.lo <= -kPi / 2 * (1 - 1e-15)) lo = -1;
    return fp::withinAbsolute(f, lo, hi, isF16() ? 0x1p-7 : 0x1p-11, false);
  }
  // exp(x), exp2(x): 3 + 2 * |x| ULP (f32), 1 + 2 * |x| ULP (f16).
  FloatSet exponential(Fn1 fn, FloatSet x) const {
    x = in(x);
    if (x.any) return x;
    double ulps = (isF16() ? 1 : 3) + 2 * std::max(std::fabs(x.lo), std::fabs(x.hi));
    return monotoneUlps(fn, x, true, ulps);
  }
  // inverseSqrt(x): 2 ULP; at x <= 0 the result is infinite or NaN: any value.
  FloatSet inverseSqrt(FloatSet x) const {
    x = in(x);
    if (x.any || x.lo <= 0) return FloatSet::anyValue();
    return monotoneUlps(mpfr_rec_sqrt, x, false, 2);
  }
  // log(x), log2(x): 3 ULP outside [0.5, 2.0]; absolute error < 2^-21 (f32), 2^-7 (f16)
  // inside it. x <= 0: infinite or NaN, any value.
  FloatSet logarithm(Fn1 fn, FloatSet x) const {
    x = in(x);
    if (x.any || x.lo <= 0) return FloatSet::anyValue();
    std::optional<FloatSet> out;
    auto join = [&](FloatSet s) { out = out ? fp::hull(*out, s) : s; };
    double below = fp::nextDown(f, 0.5), above = fp::nextUp(f, 2.0);
    if (x.lo <= below)
      join(fp::withinUlps(f, eval1(fn, x.lo, MPFR_RNDD),
                          eval1(fn, std::min(x.hi, below), MPFR_RNDU), 3));
    if (x.hi >= 0.5 && x.lo <= 2.0)
      join(fp::withinAbsolute(f, eval1(fn, std::max(x.lo, 0.5), MPFR_RNDD),
                              eval1(fn, std::min(x.hi, 2.0), MPFR_RNDU), isF16() ? 0x1p-7 : 0x1p-21,
                              true));
    if (x.hi >= above)
      join(fp::withinUlps(f, eval1(fn, std::max(x.lo, above), MPFR_RNDD),
                          eval1(fn, x.hi, MPFR_RNDU), 3));
    return out ? *out : FloatSet::anyValue();  // bounds that are not values of the type
  }
  // max, min: correctly rounded (exact), monotone in each operand.
  FloatSet max(FloatSet x, FloatSet y) const {
    x = in(x), y = in(y);
    if (x.any || y.any) return FloatSet::anyValue();
    return eitherSubnormal(x, y, fp::flush(f, FloatSet::range(std::max(x.lo, y.lo), std::max(x.hi, y.hi))));
  }
  FloatSet min(FloatSet x, FloatSet y) const {
    x = in(x), y = in(y);
    if (x.any || y.any) return FloatSet::anyValue();
    return eitherSubnormal(x, y, fp::flush(f, FloatSet::range(std::min(x.lo, y.lo), std::min(x.hi, y.hi))));
  }
  /// new#concrete-float-accuracy, min and max: "if both inputs are subnormal, either input
  /// may be returned" (2026 only): when both sets lie below the smallest normal, the result
  /// set takes in both inputs.
  FloatSet eitherSubnormal(FloatSet x, FloatSet y, FloatSet result) const {
    auto subnormal = [&](const FloatSet& s) {
      return s.lo > -f.smallestNormal && s.hi < f.smallestNormal;
    };
    if (!current || !subnormal(x) || !subnormal(y)) return result;
    return fp::hull(result, fp::hull(x, y));
  }
  // sqrt(x): inherited from 1.0 / inverseSqrt(x) (so sqrt(0) is any value: R2).
  FloatSet sqrt(FloatSet x) const { return div(c(1), inverseSqrt(x)); }
  FloatSet exp(FloatSet x) const { return exponential(mpfr_exp, x); }
  FloatSet exp2(FloatSet x) const { return exponential(mpfr_exp2, x); }
  FloatSet log(FloatSet x) const { return logarithm(mpfr_log, x); }
  FloatSet log2(FloatSet x) const { return logarithm(mpfr_log2, x); }
  // A real constant of a formula, as a value of the type (either neighbour).
  FloatSet constant(const char* decimal) const {
    auto [lo, hi] = decimalConstant(decimal);
    return fp::convertCorrectlyRounded(f, lo, hi);
  }
  // ldexp(x, e): correctly rounded x * 2^e.
  FloatSet ldexp(FloatSet x, int64_t e) const {
    x = in(x);
    if (x.any) return x;
    auto scaled = [&](double v, mpfr_rnd_t r) {
      mpfr_t a;
      mpfr_init2(a, 53);
      mpfr_set_d(a, v, MPFR_RNDN);
      mpfr_mul_2si(a, a, static_cast<long>(e), r);
      double d = mpfr_get_d(a, r);
      mpfr_clear(a);
      return d;
    };
    return fp::correctlyRounded(f, scaled(x.lo, MPFR_RNDD), scaled(x.hi, MPFR_RNDU));
  }
};

/// Scalar or vector floating-point function applied component-wise (#component-wise): `fn`
/// maps the i-th components of the arguments (a scalar argument for every component) to the
/// alternatives of the i-th result component.
using ComponentFn = std::function<Alternatives(const std::vector<RValue>&, Type)>;

OperationResult componentWise(TypeTable& types, Type result, std::span<const RValue> args,
                              const ComponentFn& fn) {
  if (types.kind(result) != TypeKind::Vector) {
    std::vector<RValue> scalars(args.begin(), args.end());
    return ok(fn(scalars, result));
  }
  size_t n = types[result].size;
  Type component = types[result].element;
  std::vector<Alternatives> parts;
  for (size_t i = 0; i < n; ++i) {
    std::vector<RValue> scalars;
    for (const RValue& a : args) {
      if (!a.isComposite()) {
        scalars.push_back(a);
      } else if (i < a.components().size()) {
        scalars.push_back(a.components()[i]);
      } else {
        return malformed("malformed vector argument");
      }
    }
    parts.push_back(fn(scalars, component));
  }
  return ok(product(result, parts));
}

std::vector<FloatSet> floatsOf(const RValue& v) {
  std::vector<FloatSet> out;
  if (!v.isComposite()) return {floatOf(v)};
  for (const RValue& c : v.components()) out.push_back(floatOf(c));
  return out;
}

RValue vectorOf(TypeTable& types, Type t, const std::vector<FloatSet>& sets) {
  Type component = types[t].element;
  Components parts;
  for (const FloatSet& s : sets) parts.push_back(scalarFloat(component, s));
  return RValue{t, std::move(parts)};
}

/// "Inherited from sum of x[i] * y[i]", the sum in any order ("An implementation may
/// reassociate operations", #floating-point-accuracy; fp::reassociatedSum).
FloatSet dot(const Rows& r, const std::vector<FloatSet>& x, const std::vector<FloatSet>& y) {
  std::vector<FloatSet> products;
  for (size_t i = 0; i < x.size() && i < y.size(); ++i) products.push_back(r.mul(x[i], y[i]));
  return fp::reassociatedSum(r.f, products);
}

/// length: "Inherited from sqrt(dot(x, x))" (for a scalar, sqrt(x * x), as the 2026 draft
/// says).
FloatSet length(const Rows& r, const std::vector<FloatSet>& x) {
  return r.sqrt(dot(r, x, x));
}

/// The one-argument rows, by name; nothing if `name` is not one.
std::optional<FloatSet> unaryRow(const Rows& r, std::string_view name, FloatSet x) {
  FloatSet one = Rows::c(1);
  if (name == "abs") return r.abs(x);
  // acos: "Inherited from atan2(sqrt(1.0 - x * x), x)"; in 2026 "the worse of" that and an
  // absolute error of 6.77e-5 (f16: 3.91e-3).
  if (name == "acos") {
    FloatSet inherited = r.atan2(r.sqrt(r.sub(one, r.mul(x, x))), x);
    if (!r.current) return inherited;
    return r.worseOfAbsolute(mpfr_acos, x, false, r.isF16() ? 3.91e-3 : 6.77e-5, inherited);
  }
  // acosh: "Inherited from log(x + sqrt(x * x - 1.0))".
  if (name == "acosh") return r.log(r.add(x, r.sqrt(r.sub(r.mul(x, x), one))));
  // asin: "Inherited from atan2(x, sqrt(1.0 - x * x))"; in 2026 "the worse of" that and an
  // absolute error of 6.81e-5 (f16: 3.91e-3).
  if (name == "asin") {
    FloatSet inherited = r.atan2(x, r.sqrt(r.sub(one, r.mul(x, x))));
    if (!r.current) return inherited;
    return r.worseOfAbsolute(mpfr_asin, x, true, r.isF16() ? 3.91e-3 : 6.81e-5, inherited);
  }
  // asinh: "Inherited from log(x + sqrt(x * x + 1.0))".
  if (name == "asinh") return r.log(r.add(x, r.sqrt(r.add(r.mul(x, x), one))));
  if (name == "atan") return r.atan(x);
  // atanh: "Inherited from log( (1.0 + x) / (1.0 - x) ) * 0.5".
  if (name == "atanh") return r.mul(r.log(r.div(r.add(one, x), r.sub(one, x))), Rows::c(0.5));
  if (name == "ceil") return r.integral(std::ceil, x);
  if (name == "cos") return r.trig(true, x);
  // cosh: the seed writes "Inherited from (exp(x) - exp(-x)) * 0.5", which is sinh (inventory
  // B26); Plumb inherits from (exp(x) + exp(-x)) * 0.5 (docs/ambiguities.md R3).
  if (name == "cosh") return r.mul(r.add(r.exp(x), r.exp(r.neg(x))), Rows::c(0.5));
  // degrees: "Inherited from x * 57.295779513082322865".
  if (name == "degrees") return r.mul(x, r.constant("57.295779513082322865"));
  if (name == "exp") return r.exp(x);
  if (name == "exp2") return r.exp2(x);
  if (name == "floor") return r.integral(std::floor, x);
  // fract: "Inherited from x - floor(x)".
  if (name == "fract") return r.sub(x, r.integral(std::floor, x));
  if (name == "inverseSqrt") return r.inverseSqrt(x);
  if (name == "log") return r.log(x);
  if (name == "log2") return r.log2(x);
  // radians: "Inherited from x * 0.017453292519943295474".
  if (name == "radians") return r.mul(x, r.constant("0.017453292519943295474"));
  // round: correctly rounded; "when e lies halfway between integers k and k+1, the result is
  // k when k is even, and k+1 when k is odd" (nearbyint in the default mode: ties to even).
  if (name == "round") return r.integral(std::nearbyint, x);
  if (name == "sin") return r.trig(false, x);
  // sinh: "Inherited from (exp(x) - exp(-x)) * 0.5".
  if (name == "sinh") return r.mul(r.sub(r.exp(x), r.exp(r.neg(x))), Rows::c(0.5));
  if (name == "sqrt") return r.sqrt(x);
  // tan: "Inherited from sin(x) / cos(x)".
  if (name == "tan") return r.div(r.trig(false, x), r.trig(true, x));
  // tanh: "Inherited from sinh(x) / cosh(x)".
  if (name == "tanh") {
    FloatSet sinh = r.mul(r.sub(r.exp(x), r.exp(r.neg(x))), Rows::c(0.5));
    FloatSet cosh = r.mul(r.add(r.exp(x), r.exp(r.neg(x))), Rows::c(0.5));
    // In 2026 "the worse of" an absolute error of 1.0e-5 and the inherited value.
    if (!r.current) return r.div(sinh, cosh);
    return r.worseOfAbsolute(mpfr_tanh, x, true, 1.0e-5, r.div(sinh, cosh));
  }
  if (name == "trunc") return r.integral(std::trunc, x);
  return std::nullopt;
}

/// sign(x): correctly rounded (exact): the signs present in the set, one alternative each.
Alternatives sign(const Rows& r, Type t, FloatSet x) {
  x = r.in(x);
  if (x.any) return {scalarFloat(t, FloatSet::range(-1, 1))};
  Alternatives out;
  if (x.lo < 0) out.push_back(scalarFloat(t, FloatSet::exact(-1)));
  if (x.contains(0)) out.push_back(scalarFloat(t, FloatSet::exact(0)));
  if (x.hi > 0) out.push_back(scalarFloat(t, FloatSet::exact(1)));
  return out;
}

/// The alternatives of a float result chosen by a comparison: `whenTrue` if it holds.
Alternatives choose(const Format& f, Type t, std::string_view op, FloatSet a, FloatSet b,
                    FloatSet whenTrue, FloatSet whenFalse) {
  switch (fp::compare(f, op, a, b)) {
    case fp::Truth::True:
      return {scalarFloat(t, whenTrue)};
    case fp::Truth::False:
      return {scalarFloat(t, whenFalse)};
    case fp::Truth::Either:
      break;
  }
  if (whenTrue == whenFalse) return {scalarFloat(t, whenTrue)};
  return {scalarFloat(t, whenTrue), scalarFloat(t, whenFalse)};
}

}  // namespace

OperationResult floatBuiltin(TypeTable& types, std::string_view name, Type result,
                             std::span<const RValue> args, const Revision& revision) {
  Type component = componentType(types, result);
  TypeKind ck = types.kind(component);
  // The result of frexp/modf is a structure; of length/distance/dot/determinant a scalar.
  if (types.kind(result) == TypeKind::Struct && !args.empty())
    ck = types.kind(componentType(types, args[0].type));
  if (ck != TypeKind::F32 && ck != TypeKind::F16)
    return unsupported(std::string(name) + " on " + types.name(result));
  const Format& f = fp::formatOf(ck);
  Rows r{f, revision.currentAccuracyTable};

  auto unary = [&](const std::vector<RValue>& a, Type t) -> Alternatives {
    if (name == "sign") return sign(r, t, floatOf(a[0]));
    return {scalarFloat(t, *unaryRow(r, name, floatOf(a[0])))};
  };
  if (name == "sign" || unaryRow(r, name, FloatSet::exact(1))) {
    if (args.size() != 1) return malformed("arity");
    return componentWise(types, result, args, unary);
  }
  auto cw = [&](ComponentFn fn) { return componentWise(types, result, args, fn); };
  if (name == "atan2" && args.size() == 2)
    return cw([&](const std::vector<RValue>& a, Type t) -> Alternatives {
      return {scalarFloat(t, r.atan2(floatOf(a[0]), floatOf(a[1])))};
    });
  if ((name == "max" || name == "min") && args.size() == 2)
    return cw([&](const std::vector<RValue>& a, Type t) -> Alternatives {
      FloatSet x = floatOf(a[0]), y = floatOf(a[1]);
      return {scalarFloat(t, name == "max" ? r.max(x, y) : r.min(x, y))};
    });
  if (name == "pow" && args.size() == 2)
    // pow: "Inherited from exp2(y * log2(x))".
    return cw([&](const std::vector<RValue>& a, Type t) -> Alternatives {
      return {scalarFloat(t, r.exp2(r.mul(floatOf(a[1]), r.log2(floatOf(a[0])))))};
    });
  if (name == "step" && args.size() == 2)
    // step(edge, x): 1.0 if edge <= x, else 0.0; correctly rounded (exact).
    return cw([&](const std::vector<RValue>& a, Type t) -> Alternatives {
      return choose(f, t, "<=", floatOf(a[0]), floatOf(a[1]), FloatSet::exact(1),
                    FloatSet::exact(0));
    });
  if (name == "ldexp" && args.size() == 2)
    return cw([&](const std::vector<RValue>& a, Type t) -> Alternatives {
      if (a[1].isAny() || !std::holds_alternative<int64_t>(a[1].data))
        return {scalarFloat(t, FloatSet::anyValue())};
      return {scalarFloat(t, r.ldexp(floatOf(a[0]), a[1].intValue()))};
    });
  if (name == "clamp" && args.size() == 3)
    // clamp: "Inherited from min(max(x, low), high) and median of [x, low, high]": either.
    return cw([&](const std::vector<RValue>& a, Type t) -> Alternatives {
      FloatSet x = floatOf(a[0]), low = floatOf(a[1]), high = floatOf(a[2]);
      FloatSet minMax = r.min(r.max(x, low), high);
      // The median of three is monotone in each argument: its set is that of the bounds.
      FloatSet median = FloatSet::anyValue();
      if (!x.any && !low.any && !high.any) {
        auto med = [](double p, double q, double s) {
          return std::max(std::min(p, q), std::min(std::max(p, q), s));
        };
        FloatSet fx = r.in(x), fl = r.in(low), fh = r.in(high);
        median = fp::flush(f, FloatSet::range(med(fx.lo, fl.lo, fh.lo), med(fx.hi, fl.hi, fh.hi)));
      }
      if (minMax == median) return {scalarFloat(t, minMax)};
      return {scalarFloat(t, minMax), scalarFloat(t, median)};
    });
  if (name == "saturate" && args.size() == 1)
    // new#saturate-float-builtin (2026): "Returns clamp(e, 0.0, 1.0)", correctly rounded
    // (new#concrete-float-accuracy): min(max(e, 0), 1), which the median of the three equals
    // since 0 <= 1.
    return cw([&](const std::vector<RValue>& a, Type t) -> Alternatives {
      return {scalarFloat(t, r.min(r.max(floatOf(a[0]), Rows::c(0)), Rows::c(1)))};
    });
  if (name == "fma" && args.size() == 3)
    // fma: "Inherited from x * y + z".
    return cw([&](const std::vector<RValue>& a, Type t) -> Alternatives {
      return {scalarFloat(t, r.add(r.mul(floatOf(a[0]), floatOf(a[1])), floatOf(a[2])))};
    });
  if (name == "mix" && args.size() == 3)
    // mix: "Inherited from x * (1.0 - z) + y * z".
    return cw([&](const std::vector<RValue>& a, Type t) -> Alternatives {
      FloatSet x = floatOf(a[0]), y = floatOf(a[1]), z = floatOf(a[2]);
      return {scalarFloat(t, r.add(r.mul(x, r.sub(Rows::c(1), z)), r.mul(y, z)))};
    });
  if (name == "smoothstep" && args.size() == 3)
    // smoothstep(low, high, x): "Inherited from t * t * (3.0 - 2.0 * t), where
    // t = clamp((x - low) / (high - low), 0.0, 1.0)" (clamp with low <= high: min(max)).
    return cw([&](const std::vector<RValue>& a, Type ty) -> Alternatives {
      FloatSet low = floatOf(a[0]), high = floatOf(a[1]), x = floatOf(a[2]);
      FloatSet t = r.min(r.max(r.div(r.sub(x, low), r.sub(high, low)), Rows::c(0)), Rows::c(1));
      return {scalarFloat(ty, r.mul(r.mul(t, t), r.sub(Rows::c(3), r.mul(Rows::c(2), t))))};
    });
  if (name == "quantizeToF16")
    // The f32 -> f16 conversion (either neighbour; beyond the finite range an infinity, so any
    // value) and back, exactly (#floating-point-conversion); the intermediate binary16 value
    // may be flushed to zero when it is subnormal (docs/ambiguities.md R16: SPIR-V's
    // OpQuantizeToF16, and the 2026 draft's quantizeToF16).
    return cw([&](const std::vector<RValue>& a, Type t) -> Alternatives {
      FloatSet x = floatOf(a[0]);
      if (x.any) return {scalarFloat(t, x)};
      const fp::Format& half = fp::formatOf(TypeKind::F16);
      return {scalarFloat(t, fp::flush(half, fp::convertCorrectlyRounded(half, x.lo, x.hi)))};
    });

  // Vector functions.
  if (name == "dot" && args.size() == 2)
    return ok({scalarFloat(result, dot(r, floatsOf(args[0]), floatsOf(args[1])))});
  if (name == "length" && args.size() == 1)
    return ok({scalarFloat(result, length(r, floatsOf(args[0])))});
  if (name == "distance" && args.size() == 2) {
    // distance: "Inherited from length(x - y)".
    std::vector<FloatSet> x = floatsOf(args[0]), y = floatsOf(args[1]);
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) x[i] = r.sub(x[i], y[i]);
    return ok({scalarFloat(result, length(r, x))});
  }
  if (name == "normalize" && args.size() == 1) {
    // normalize: "Inherited from x / length(x)".
    std::vector<FloatSet> x = floatsOf(args[0]);
    FloatSet l = length(r, x);
    for (FloatSet& e : x) e = r.div(e, l);
    return ok({vectorOf(types, result, x)});
  }
  if (name == "cross" && args.size() == 2) {
    // cross: "Inherited from (x[i] * y[j] - x[j] * y[i])", component k = (i, j) cyclic.
    std::vector<FloatSet> x = floatsOf(args[0]), y = floatsOf(args[1]);
    if (x.size() != 3 || y.size() != 3) return malformed("cross of a non-vec3");
    std::vector<FloatSet> out;
    for (size_t k = 0; k < 3; ++k) {
      size_t i = (k + 1) % 3, j = (k + 2) % 3;
      out.push_back(r.sub(r.mul(x[i], y[j]), r.mul(x[j], y[i])));
    }
    return ok({vectorOf(types, result, out)});
  }
  if (name == "faceForward" && args.size() == 3) {
    // faceForward(x, y, z): "Inherited from select(-x, x, dot(z, y) < 0.0)".
    std::vector<FloatSet> x = floatsOf(args[0]);
    FloatSet d = dot(r, floatsOf(args[2]), floatsOf(args[1]));
    std::vector<FloatSet> minus;
    for (const FloatSet& e : x) minus.push_back(r.neg(e));
    RValue plus = vectorOf(types, result, x), negated = vectorOf(types, result, minus);
    switch (fp::compare(f, "<", d, FloatSet::exact(0))) {
      case fp::Truth::True:
        return ok({plus});
      case fp::Truth::False:
        return ok({negated});
      case fp::Truth::Either:
        break;
    }
    return plus == negated ? ok({plus}) : ok({plus, negated});
  }
  if (name == "reflect" && args.size() == 2) {
    // reflect: "Inherited from x - 2.0 * dot(x, y) * y".
    std::vector<FloatSet> x = floatsOf(args[0]), y = floatsOf(args[1]);
    FloatSet s = r.mul(Rows::c(2), dot(r, x, y));
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) x[i] = r.sub(x[i], r.mul(s, y[i]));
    return ok({vectorOf(types, result, x)});
  }
  if (name == "refract" && args.size() == 3) {
    // refract(x, y, z): "Inherited from z * x - (z * dot(y, x) + sqrt(k)) * y, where
    // k = 1.0 - z * z * (1.0 - dot(y, x) * dot(y, x)). If k < 0.0 the result is precisely
    // 0.0": a k whose sign is uncertain gives both alternatives.
    std::vector<FloatSet> x = floatsOf(args[0]), y = floatsOf(args[1]);
    FloatSet z = floatOf(args[2]);
    FloatSet d = dot(r, y, x);
    FloatSet k = r.sub(Rows::c(1), r.mul(r.mul(z, z), r.sub(Rows::c(1), r.mul(d, d))));
    std::vector<FloatSet> zero(x.size(), FloatSet::exact(0)), out;
    FloatSet s = r.add(r.mul(z, d), r.sqrt(k));
    for (size_t i = 0; i < x.size() && i < y.size(); ++i)
      out.push_back(r.sub(r.mul(z, x[i]), r.mul(s, y[i])));
    switch (fp::compare(f, "<", k, FloatSet::exact(0))) {
      case fp::Truth::True:
        return ok({vectorOf(types, result, zero)});
      case fp::Truth::False:
        return ok({vectorOf(types, result, out)});
      case fp::Truth::Either:
        break;
    }
    return ok({vectorOf(types, result, out), vectorOf(types, result, zero)});
  }
  if (name == "determinant")
    // Not in the seed's accuracy table; the 2026 draft gives it no finite error bound
    // ("Infinite ULP"): any value (docs/ambiguities.md R5).
    return ok({scalarFloat(result, FloatSet::anyValue())});
  if ((name == "frexp" || name == "modf") && args.size() == 1 &&
      types.kind(result) == TypeKind::Struct) {
    const StructInfo& info = types.structInfo(result);
    if (info.members.size() != 2) return malformed("malformed result structure");
    std::vector<FloatSet> x = floatsOf(args[0]);
    bool vector = args[0].isComposite();
    // One alternative per combination of components; each component's alternatives are
    // (first member, second member) pairs.
    std::vector<std::vector<std::pair<RValue, RValue>>> perComponent;
    Type firstType = componentType(types, info.members[0].type);
    Type secondType = componentType(types, info.members[1].type);
    for (FloatSet e : x) {
      // frexp's options come from the set before flushing: a flushed subnormal input is zero,
      // not any value between zero and it (#floating-point-evaluation), so the binades are
      // those of the unflushed set and flushing adds the option (0, 0) only.
      FloatSet unflushed = e;
      e = r.in(e);
      std::vector<std::pair<RValue, RValue>> options;
      if (name == "modf") {
        // modf: correctly rounded (exact): whole = trunc(e), fract = e - trunc(e)
        // (docs/ambiguities.md S7); a set spanning several wholes keeps each whole's
        // fractions, up to kMaxAlternatives.
        if (e.any) {
          options.push_back({scalarFloat(firstType, e), scalarFloat(secondType, e)});
        } else {
          double w0 = std::trunc(e.lo), w1 = std::trunc(e.hi);
          if (w1 - w0 + 1 > kMaxAlternatives) {
            options.push_back(
                {scalarFloat(firstType, FloatSet::range(std::max(-1.0, std::min(0.0, e.lo)),
                                                        std::min(1.0, std::max(0.0, e.hi)))),
                 scalarFloat(secondType, FloatSet::range(w0, w1))});
          } else {
            for (double w = w0; w <= w1; ++w) {
              // The part of the set whose whole part is w: [max(lo, w-ish), min(hi, ...)].
              double lo = std::max(e.lo, w > 0 ? w : fp::nextUp(f, w - 1));
              double hi = std::min(e.hi, w < 0 ? w : fp::nextDown(f, w + 1));
              if (w == 0)
                lo = std::max(e.lo, fp::nextUp(f, -1.0)), hi = std::min(e.hi, fp::nextDown(f, 1.0));
              if (lo > hi) continue;
              options.push_back(
                  {scalarFloat(firstType, fp::flush(f, FloatSet::range(lo - w, hi - w))),
                   scalarFloat(secondType, FloatSet::exact(w))});
            }
          }
        }
      } else {
        // frexp: correctly rounded (exact): e = sig * 2^exp with |sig| in [0.5, 1), or
        // (0, 0) for zero; one alternative per binade the set meets.
        if (e.any) {
          options.push_back(
              {scalarFloat(firstType, FloatSet::range(-1, 1)), anyScalar(secondType)});
        } else {
          // The part of the set in (0, inf), and mirrored the part in (-inf, 0).
          auto binadeOptions = [&](double lo, double hi, bool negative) {  // 0 < lo <= hi
            int k0, k1;
            std::frexp(lo, &k0);  // lo = m * 2^k0, m in [0.5, 1)
            std::frexp(hi, &k1);
            for (int k = k0; k <= k1 && options.size() <= kMaxAlternatives; ++k) {
              double a = std::max(lo, std::ldexp(0.5, k));
              double b = std::min(hi, fp::nextDown(f, std::ldexp(1.0, k)));
              if (a > b) continue;
              FloatSet sig = negative ? FloatSet::range(-std::ldexp(b, -k), -std::ldexp(a, -k))
                                      : FloatSet::range(std::ldexp(a, -k), std::ldexp(b, -k));
              options.push_back({scalarFloat(firstType, sig), scalarInt(secondType, k)});
            }
          };
          double tiny = fp::nextUp(f, 0);
          const FloatSet& u = unflushed;
          // new#frexp-builtin (2026, Revision::frexpSubnormalIndeterminate): "Otherwise, e is
          // subnormal, NaN, or infinite. The result fraction and exponent are indeterminate
          // values": a set that meets the subnormals gives any pair.
          if (revision.frexpSubnormalIndeterminate && u.lo < f.smallestNormal &&
              u.hi > -f.smallestNormal && !(u.lo == 0 && u.hi == 0)) {
            options.push_back({anyScalar(firstType), anyScalar(secondType)});
            perComponent.push_back(std::move(options));
            continue;
          }
          if (u.lo < 0) binadeOptions(std::max(-u.hi, tiny), -u.lo, true);
          if (e.contains(0))  // zero itself, or a subnormal input flushed to zero
            options.push_back(
                {scalarFloat(firstType, FloatSet::exact(0)), scalarInt(secondType, 0)});
          if (u.hi > 0) binadeOptions(std::max(u.lo, tiny), u.hi, false);
          if (options.size() > kMaxAlternatives) {
            options.clear();
            options.push_back(
                {scalarFloat(firstType, FloatSet::range(-1, 1)), anyScalar(secondType)});
          }
        }
      }
      perComponent.push_back(std::move(options));
    }
    // The structure's alternatives: a product over components (the members are vectors
    // when the argument is).
    std::vector<Alternatives> componentAlternatives;
    for (auto& options : perComponent) {
      Alternatives a;
      for (auto& [first, second] : options) a.push_back(RValue{result, Components{first, second}});
      componentAlternatives.push_back(std::move(a));
    }
    Alternatives combos = product(result, componentAlternatives);
    Alternatives out;
    for (const RValue& combo : combos) {
      Components firsts, seconds;
      for (const RValue& pair : combo.components()) {
        firsts.push_back(pair.components()[0]);
        seconds.push_back(pair.components()[1]);
      }
      RValue m0 = vector ? RValue{info.members[0].type, firsts} : firsts[0];
      RValue m1 = vector ? RValue{info.members[1].type, seconds} : seconds[0];
      out.push_back(RValue{result, Components{m0, m1}});
    }
    return ok(std::move(out));
  }
  return unsupported(std::string(name) +
                     ": no run-time evaluation of this floating-point built-in");
}

}  // namespace plumb::interp
