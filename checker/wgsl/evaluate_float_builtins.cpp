// Creation-time evaluation of #float-builtin-functions.
//
// Every result is the exact mathematical result rounded once to the type, to nearest with ties
// to even (one of the two values #floating-point-accuracy's "correctly rounded" allows; Plumb
// always picks the nearest, as for the operators in evaluate.cpp):
// - functions the description names mathematically (sin, acosh, pow, ...) are evaluated by
//   MPFR, which rounds correctly, at the type's precision with its exponent range and
//   subnormals. Their "inherited from" accuracy formulas (acos from atan2(sqrt(1 - x*x), x),
//   sqrt from 1 / inverseSqrt(x), ...) have the same exact value where they are defined;
// - functions the description defines by a formula (fma, fract, mix, smoothstep, reflect,
//   refract, faceForward, length, distance, normalize, cross, modf) are the formula's exact
//   value, without intermediate rounding, rounded once.
// A result that is not finite (overflow, an infinite or NaN result, an argument outside the
// function's domain) is a creation-time error. The 2022-06 draft has no rule for this (seed
// inventory C4, C40); Plumb applies the current draft's Finite Math Assumption
// (#differences-from-ieee754: "A shader-creation error results if any const-expression of
// floating-point type overflows or evaluates to NaN or infinity") and its domains
// (#domains-of-floating-point-expressions-and-builtins); see docs/ambiguities.md.
#include <cmath>
#include <limits>

#include "checker/wgsl/builtin_evaluation.h"
#include "checker/exact_arithmetic.h"
#include "checker/float_rounding.h"
#include "checker/wgsl/inherited_formulas.h"

namespace plumb::builtins {

using exact::Dyadic;
using exact::FloatFormat;
using exact::floatFormat;
using exact::roundTo;

Dyadic exactDot(const Value& a, const Value& b) {
  Dyadic sum;
  for (size_t i = 0; i < a.elements().size(); ++i)
    sum = sum + Dyadic(a.elements()[i].floatValue()) * Dyadic(b.elements()[i].floatValue());
  return sum;
}

namespace {

constexpr std::string_view kSection = "float-builtin-functions";
// The rule of errors for results that would be infinite or NaN (the seed's section on
// floating-point evaluation; the operators in evaluate.cpp use it too).
constexpr const char* kFiniteRule = "floating-point-evaluation";
constexpr double kInf = std::numeric_limits<double>::infinity();

const FloatFormat& formatOf(const Context& c, Type t) {
  return floatFormat(c.types.kind(t));
}

// The value, or an error if it is not finite.
std::optional<Value> finite(const Context& c, const std::vector<Value>& args, Type t, double r) {
  if (std::isfinite(r)) return Value{t, r};
  if (std::isnan(r))
    return c.fail(c.callText(args) + " is not a number (NaN); creation-time values are finite",
                  kFiniteRule);
  return c.fail(c.callText(args) + " is not finite in " + c.typeName(t) +
                    " (the result overflows or is infinite)",
                kFiniteRule);
}

std::optional<Value> rounded(const Context& c, const std::vector<Value>& args, Type t,
                             const Dyadic& exactValue) {
  return finite(c, args, t, roundTo(formatOf(c, t), exactValue));
}

// An argument outside the function's domain: the result would be NaN (current draft:
// "When evaluated outside its domain ... yield a NaN value", and NaN is an error).
std::nullopt_t outsideDomain(const Context& c, const std::vector<Value>& args,
                             const std::string& domain) {
  return c.fail(c.callText(args) +
                    (args.size() == 1 ? ": the argument is" : ": the arguments are") +
                    " outside the domain of " + std::string(c.name()) + ", " + domain +
                    " (the result would be NaN)",
                kFiniteRule);
}

// ------------------------------------------- intermediate results (revision 2026, delta 3.5)

// The components of a floating-point vector, or the scalar itself.
std::vector<double> components(const Value& v) {
  std::vector<double> out;
  if (!v.isComposite()) return {v.floatValue()};
  for (const Value& x : v.elements()) out.push_back(x.floatValue());
  return out;
}

// The kind of the scalar components of a floating-point value.
TypeKind scalarKind(const Context& c, const Value& v) {
  return c.types.kind(v.isComposite() ? v.elements()[0].type : v.type);
}

// An intermediate result of the expression the accuracy is inherited from is infinite or NaN
// (new#floating-point-accuracy, new#floating-point-rounding-and-overflow).
std::nullopt_t intermediateNotFinite(const Context& c, const std::vector<Value>& args,
                                     const char* formula) {
  return c.fail(c.callText(args) + ": an intermediate result of " + formula +
                    ", the expression its accuracy is inherited from, overflows or is NaN "
                    "(Finite Math Assumption)",
                "floating-point-rounding-and-overflow");
}

Evaluator componentWiseEvaluator(ScalarFunction f) {
  return [f](const Context& c) { return componentWise(c, f); };
}

// ------------------------------------------------------- functions MPFR rounds correctly

using MpfrUnary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

// A closed interval of arguments, as the current draft lists them ("Scalar domain").
struct Domain {
  double low = -kInf, high = kInf;
  const char* text = nullptr;
};

Evaluator mpfrUnary(MpfrUnary f, Domain domain = {}) {
  return componentWiseEvaluator(
      [f, domain](const Context& c, const std::vector<Value>& a, Type t) -> std::optional<Value> {
        double x = a[0].floatValue();
        // -0.0 is in [0, +inf]: sqrt(-0.0) is -0.0, log(-0.0) is -infinity (an error below).
        if (x < domain.low || x > domain.high) return outsideDomain(c, a, domain.text);
        Dyadic e(x);
        double r = roundTo(formatOf(c, t), [&](mpfr_ptr y) { return f(y, e.get(), MPFR_RNDN); });
        return finite(c, a, t, r);
      });
}

// ----------------------------------------------------------------- degrees and radians

// e1 * 180 / pi and e1 * pi / 180: "Converts radians to degrees, approximating
// e1 × 180 ÷ π". The accuracy rows inherit from `x * 57.295779513082322865` and
// `x * 0.017453292519943295474`, 20-digit approximations of 180/π and π/180; Plumb evaluates
// the conversion the description names, with π exact (docs/ambiguities.md). The result is
// irrational unless e1 is zero, so Ziv's strategy terminates.
double convertAngle(const FloatFormat& f, double x, bool toDegrees) {
  if (x == 0) return x;
  Dyadic xd(x);
  return exact::roundApproximation(f, [&](mpfr_prec_t p, mpfr_ptr y) -> mpfr_exp_t {
    mpfr_t pi;
    mpfr_init2(pi, p);
    mpfr_const_pi(pi, MPFR_RNDN);  // relative error at most 2^-p
    if (toDegrees) {
      mpfr_mul_ui(y, xd.get(), 180, MPFR_RNDN);
      mpfr_div(y, y, pi, MPFR_RNDN);
    } else {
      mpfr_mul(y, xd.get(), pi, MPFR_RNDN);
      mpfr_div_ui(y, y, 180, MPFR_RNDN);
    }
    mpfr_clear(pi);
    // Three roundings of relative error at most 2^-p each: |y - exact| < 2^(EXP(y) + 3 - p).
    return p - 3;
  });
}

// -------------------------------------------------------------------- frexp and modf

// A value of the predeclared result structure, its members given by name.
std::optional<Value> structValue(const Context& c,
                                 const std::vector<std::pair<std::string, Value>>& members) {
  const StructInfo& s = c.types.structInfo(c.call.result);
  std::vector<Value> values;
  for (const MemberInfo& m : s.members) {
    bool found = false;
    for (const auto& [name, v] : members) {
      if (name != m.name) continue;
      values.push_back(Value{m.type, v.data});
      found = true;
    }
    if (!found) return c.fail("internal: no value for member " + m.name, "float-builtin-functions");
  }
  return Value{c.call.result, std::move(values)};
}

// Applies a function returning two scalars (one per member) to each component.
using SplitFunction = std::function<std::pair<Value, Value>(double, Type first, Type second)>;

std::optional<Value> split(const Context& c, const std::string& first, const std::string& second,
                           const SplitFunction& f) {
  const StructInfo& s = c.types.structInfo(c.call.result);
  Type firstType, secondType;
  for (const MemberInfo& m : s.members) {
    if (m.name == first) firstType = m.type;
    if (m.name == second) secondType = m.type;
  }
  const Value& e = c.call.args[0];
  if (!e.isComposite()) {
    auto [a, b] = f(e.floatValue(), firstType, secondType);
    return structValue(c, {{first, a}, {second, b}});
  }
  Type firstComponent = c.types[firstType].element, secondComponent = c.types[secondType].element;
  std::vector<Value> as, bs;
  for (const Value& x : e.elements()) {
    auto [a, b] = f(x.floatValue(), firstComponent, secondComponent);
    as.push_back(std::move(a));
    bs.push_back(std::move(b));
  }
  return structValue(
      c, {{first, Value{firstType, std::move(as)}}, {second, Value{secondType, std::move(bs)}}});
}

// ------------------------------------------------------------------------ normalize, refract

// Whether `x` (> 0) has an exact dyadic square root, which is then stored in `root`.
bool exactSquareRoot(const Dyadic& x, mpfr_t root) {
  // A dyadic square root of a p-bit number has at most p/2 + 1 bits.
  mpfr_init2(root, mpfr_get_prec(x.get()) + 2);
  return mpfr_sqrt(root, x.get(), MPFR_RNDN) == 0;
}

void registerAll(EvaluatorTable& table) {
  auto add = [&](std::string_view name, Evaluator e) { table[{name, kSection}] = std::move(e); };

  // abs: "e with a positive sign bit" (abs(-0.0) is 0.0).
  add("abs", componentWiseEvaluator([](const Context&, const std::vector<Value>& a, Type t) {
        return std::optional<Value>(Value{t, std::fabs(a[0].floatValue())});
      }));

  // Inverse trigonometric and hyperbolic functions. Domains are the current draft's: the
  // seed's "The result is 0 when e < 1" (acosh) and "when abs(e) >= 1" (atanh) contradict
  // their accuracy formulas log(x + sqrt(x*x - 1)) and log((1 + x) / (1 - x)) * 0.5, which
  // are NaN or infinite there (inventory B30); the current draft gives acosh the domain
  // [1, +inf] and atanh [-1, 1], where atanh(±1) is infinite: all are errors.
  add("acos", mpfrUnary(mpfr_acos, {-1, 1, "[-1, 1]"}));
  add("asin", mpfrUnary(mpfr_asin, {-1, 1, "[-1, 1]"}));
  add("atan", mpfrUnary(mpfr_atan));
  add("acosh", mpfrUnary(mpfr_acosh, {1, kInf, "[1, +inf]"}));
  add("asinh", mpfrUnary(mpfr_asinh));
  add("atanh", mpfrUnary(mpfr_atanh, {-1, 1, "[-1, 1]"}));
  // Trigonometric and hyperbolic functions. cosh is the hyperbolic cosine the description
  // names; the seed's accuracy row "(exp(x) - exp(-x)) * 0.5" is sinh (inventory B26; the
  // current draft has "+").
  add("cos", mpfrUnary(mpfr_cos));
  add("sin", mpfrUnary(mpfr_sin));
  add("tan", mpfrUnary(mpfr_tan));
  add("cosh", mpfrUnary(mpfr_cosh));
  add("sinh", mpfrUnary(mpfr_sinh));
  add("tanh", mpfrUnary(mpfr_tanh));
  add("exp", mpfrUnary(mpfr_exp));
  add("exp2", mpfrUnary(mpfr_exp2));
  // log(0) and log2(0) are -infinity, an error; negative arguments are outside the domain.
  add("log", mpfrUnary(mpfr_log, {0, kInf, "[0, +inf]"}));
  add("log2", mpfrUnary(mpfr_log2, {0, kInf, "[0, +inf]"}));
  add("sqrt", mpfrUnary(mpfr_sqrt, {0, kInf, "[0, +inf]"}));
  // "the reciprocal of sqrt(e)": inverseSqrt(0.0) is +infinity, an error.
  add("inverseSqrt", mpfrUnary(mpfr_rec_sqrt, {0, kInf, "[0, +inf]"}));

  // atan2(e1, e2): "the arc tangent of e1 over e2", with the quadrant of (e2, e1). The
  // current draft lists no domain restriction (its note: "the error in the result is
  // unbounded ... at the origin"); at (±0, ±0) Plumb returns IEEE-754's atan2: ±0 or ±π.
  add("atan2", componentWiseEvaluator([](const Context& c, const std::vector<Value>& a, Type t) {
        Dyadic y(a[0].floatValue()), x(a[1].floatValue());
        double r = roundTo(formatOf(c, t), [&](mpfr_ptr out) {
          return mpfr_atan2(out, y.get(), x.get(), MPFR_RNDN);
        });
        return finite(c, a, t, r);
      }));

  // pow(e1, e2) = e1^e2. The seed does not say where pow is defined (inventory C40); its
  // accuracy is inherited from exp2(e2 * log2(e1)), which is NaN for e1 < 0, and the current
  // draft's domain excludes every e1 < 0 (even with an integral e2). pow(0, e2 < 0) is
  // infinite; pow(0, 0) is 1 (in the current draft's domain).
  add("pow", componentWiseEvaluator(
                 [](const Context& c, const std::vector<Value>& a, Type t) -> std::optional<Value> {
                   double x = a[0].floatValue(), y = a[1].floatValue();
                   if (x < 0) return outsideDomain(c, a, "e1 >= 0");
                   // exp2(e2 * log2(e1)) at (0, 0) is exp2(0 * -inf): NaN.
                   if (c.inheritedIntermediateOverflow() && x == 0 && y == 0)
                     return intermediateNotFinite(c, a, "exp2(e2 * log2(e1))");
                   Dyadic xd(x), yd(y);
                   double r = roundTo(formatOf(c, t), [&](mpfr_ptr out) {
                     return mpfr_pow(out, xd.get(), yd.get(), MPFR_RNDN);
                   });
                   return finite(c, a, t, r);
                 }));

  // Rounding to integers: exact, and the result is a value of the type.
  auto integral = [](double (*f)(double)) {
    return componentWiseEvaluator([f](const Context&, const std::vector<Value>& a, Type t) {
      return std::optional<Value>(Value{t, f(a[0].floatValue())});
    });
  };
  add("ceil", integral([](double x) { return std::ceil(x); }));
  add("floor", integral([](double x) { return std::floor(x); }));
  add("trunc", integral([](double x) { return std::trunc(x); }));
  // round: ties to even; nearbyint rounds in the default mode, to nearest with ties to even.
  add("round", integral([](double x) { return std::nearbyint(x); }));

  // min, max: the descriptions' comparisons. Creation-time values are never NaN, so the
  // seed's NaN rules (inventory B31) never apply. max(-0.0, 0.0) is e1, -0.0.
  add("max", componentWiseEvaluator([](const Context&, const std::vector<Value>& a, Type) {
        return std::optional<Value>(a[0].floatValue() < a[1].floatValue() ? a[1] : a[0]);
      }));
  add("min", componentWiseEvaluator([](const Context&, const std::vector<Value>& a, Type) {
        return std::optional<Value>(a[1].floatValue() < a[0].floatValue() ? a[1] : a[0]);
      }));
  // clamp(e, low, high): "either min(max(e, low), high), or the median of the three values";
  // these differ when low > high (inventory C39). The current draft: "If low is greater than
  // high, then it is a shader-creation error if low and high are const-expressions". Otherwise
  // both readings give min(max(e, low), high).
  add("clamp", componentWiseEvaluator([](const Context& c, const std::vector<Value>& a,
                                         Type) -> std::optional<Value> {
        double e = a[0].floatValue(), low = a[1].floatValue(), high = a[2].floatValue();
        if (low > high)
          return c.fail(c.callText(a) + ": low is greater than high", "float-builtin-functions");
        const Value& m = e < low ? a[1] : a[0];                         // max(e, low)
        return std::optional<Value>(high < m.floatValue() ? a[2] : m);  // min(m, high)
      }));

  // degrees, radians (see convertAngle).
  for (bool toDegrees : {true, false}) {
    add(toDegrees ? "degrees" : "radians",
        componentWiseEvaluator([toDegrees](const Context& c, const std::vector<Value>& a, Type t) {
          return finite(c, a, t, convertAngle(formatOf(c, t), a[0].floatValue(), toDegrees));
        }));
  }

  // fma(e1, e2, e3): "Returns e1 * e2 + e3", exactly, rounded once.
  add("fma", componentWiseEvaluator([](const Context& c, const std::vector<Value>& a, Type t) {
        Dyadic r =
            Dyadic(a[0].floatValue()) * Dyadic(a[1].floatValue()) + Dyadic(a[2].floatValue());
        return rounded(c, a, t, r);
      }));

  // fract(e): "computed as e - floor(e)", exactly, rounded once: in [0, 1], and 1.0 when e is
  // a negative number too small for 1 + e to be represented (the note's example).
  add("fract", componentWiseEvaluator([](const Context& c, const std::vector<Value>& a, Type t) {
        Dyadic e(a[0].floatValue());
        return rounded(c, a, t, e - e.floor());
      }));

  // frexp(e): significand in [0.5, 1) in magnitude (or 0) and exponent, exactly (for a
  // subnormal e too: the current draft makes the result indeterminate there for f32 and f16,
  // which allows this exact one). The members are named by the predeclared structure (the
  // seed's `sig`, the current draft's `fract`). frexp(±0.0) is (±0.0, 0).
  add("frexp", [](const Context& c) {
    const StructInfo& s = c.types.structInfo(c.call.result);
    std::string significand = "sig";
    for (const MemberInfo& m : s.members)
      if (m.name == "fract") significand = "fract";
    return split(c, significand, "exp", [](double x, Type sigType, Type expType) {
      int exponent = 0;
      double sig = x == 0 ? x : std::frexp(x, &exponent);  // exact for every double
      return std::pair<Value, Value>{Value{sigType, sig}, Value{expType, int64_t{exponent}}};
    });
  });

  // modf(e): the seed's text says "The whole part is (e % 1.0), and the fractional part is e
  // minus the whole part", which swaps them: e % 1.0 is the fractional part (inventory B29).
  // As its example (`modf(1.5).fract` is 0.5) and the current draft: whole = trunc(e),
  // fract = e - trunc(e) (exact; modf(-1.5) is (-0.5, -1.0), modf(-2.0) is (0.0, -2.0)).
  add("modf", [](const Context& c) {
    return split(c, "fract", "whole", [](double x, Type fractType, Type wholeType) {
      Dyadic e(x);
      Dyadic whole = e.trunc();
      double w = std::trunc(x);
      double f = (e - whole).toDouble();  // exact: the fraction of a value of the type
      return std::pair<Value, Value>{Value{fractType, f}, Value{wholeType, w}};
    });
  });

  // ldexp(e1, e2) = e1 * 2^e2, exactly, rounded once (a subnormal result is rounded, an
  // overflowing one is an error). The current draft also rejects const e2 > bias + 1
  // whatever e1; the seed defines the value, which Plumb computes (docs/ambiguities.md).
  add("ldexp", componentWiseEvaluator([](const Context& c, const std::vector<Value>& a,
                                         Type t) -> std::optional<Value> {
        double x = a[0].floatValue();
        int64_t e = a[1].intValue();
        if (c.constArgumentErrors()) {
          // new#ldexp-builtin: "If e2 > bias + 1 ... a shader-creation error if e2 is a
          // const-expression", whatever e1 is (bias 15 for f16, 127 for f32, 1023 for
          // AbstractFloat).
          TypeKind k = c.types.kind(t);
          int64_t bias = k == TypeKind::F16 ? 15 : k == TypeKind::F32 ? 127 : 1023;
          if (e > bias + 1)
            return c.fail(c.callText(a) + ": e2 is greater than " + std::to_string(bias + 1) +
                              " (the exponent bias of " + c.typeName(t) + " plus one)",
                          "ldexp-builtin");
        }
        // Beyond ±100000 every nonzero result overflows or rounds to zero in every format.
        long shift = static_cast<long>(std::clamp<int64_t>(e, -100000, 100000));
        Dyadic xd(x);
        double r = roundTo(formatOf(c, t), [&](mpfr_ptr out) {
          return mpfr_mul_2si(out, xd.get(), shift, MPFR_RNDN);
        });
        return finite(c, a, t, r);
      }));

  // mix(e1, e2, e3) = e1 * (1 - e3) + e2 * e3, exactly, rounded once; the second overload
  // uses the scalar e3 for every component ("Same as mix(e1, e2, T2(e3))").
  add("mix", componentWiseEvaluator(
                 [](const Context& c, const std::vector<Value>& a, Type t) -> std::optional<Value> {
                   if (c.inheritedIntermediateOverflow()) {
                     Stepwise s(c.types.kind(t));
                     double x = a[0].floatValue(), y = a[1].floatValue(), z = a[2].floatValue();
                     s.add(s.mul(x, s.sub(1, z)), s.mul(y, z));
                     if (!s.finite()) return intermediateNotFinite(c, a, "e1 * (1 - e3) + e2 * e3");
                   }
                   Dyadic e1(a[0].floatValue()), e2(a[1].floatValue()), e3(a[2].floatValue());
                   return rounded(c, a, t, e1 * (Dyadic(int64_t{1}) - e3) + e2 * e3);
                 }));

  // quantizeToF16(e): e converted to binary16 (to nearest) and back. The current draft:
  // "If e is outside the finite range of binary16, then it is a shader-creation error if e is
  // a const-expression"; the seed's conversion gives infinity there (inventory C38), which is
  // an error too.
  add("quantizeToF16", componentWiseEvaluator([](const Context& c, const std::vector<Value>& a,
                                                 Type t) -> std::optional<Value> {
        double x = a[0].floatValue();
        if (std::fabs(x) > kMaxF16)
          return c.fail(c.callText(a) + ": the value is outside the finite range of f16, " +
                            "[-65504, 65504]",
                        "float-builtin-functions");
        return Value{t, roundToF16(x)};
      }));

  // sign(e): 1.0, 0.0 or -1.0. The sign of a zero result is not specified (#floating-point-
  // evaluation: implementations may ignore it); Plumb returns 0.0 for ±0.0.
  add("sign", componentWiseEvaluator([](const Context&, const std::vector<Value>& a, Type t) {
        double x = a[0].floatValue();
        return std::optional<Value>(Value{t, x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0});
      }));

  // smoothstep(low, high, x) = t * t * (3 - 2 * t), t = clamp((x - low) / (high - low), 0, 1),
  // exactly (a rational), rounded once. low == high divides by zero: the current draft makes
  // it a shader-creation error for const-expressions (the seed is silent, inventory C40).
  add("smoothstep", componentWiseEvaluator([](const Context& c, const std::vector<Value>& a,
                                              Type t) -> std::optional<Value> {
        double low = a[0].floatValue(), high = a[1].floatValue(), x = a[2].floatValue();
        if (low == high)
          return c.fail(c.callText(a) + ": low equals high (division by zero)",
                        "float-builtin-functions");
        mpq_t q, den, r;
        mpq_inits(q, den, r, nullptr);
        exact::toRational(q, Dyadic(x) - Dyadic(low));
        exact::toRational(den, Dyadic(high) - Dyadic(low));
        mpq_div(q, q, den);
        mpq_t zero, one;
        mpq_init(zero);
        mpq_init(one);
        mpq_set_ui(one, 1, 1);
        if (mpq_cmp(q, zero) < 0) mpq_set(q, zero);
        if (mpq_cmp(q, one) > 0) mpq_set(q, one);
        mpq_t threeMinus;  // 3 - 2t
        mpq_init(threeMinus);
        mpq_add(threeMinus, q, q);
        mpq_set_ui(r, 3, 1);
        mpq_sub(threeMinus, r, threeMinus);
        mpq_mul(r, q, q);
        mpq_mul(r, r, threeMinus);
        double v = roundTo(formatOf(c, t), r);
        mpq_clears(q, den, r, zero, one, threeMinus, nullptr);
        return finite(c, a, t, v);
      }));

  // step(edge, x): 1.0 if edge <= x, else 0.0.
  add("step", componentWiseEvaluator([](const Context&, const std::vector<Value>& a, Type t) {
        return std::optional<Value>(Value{t, a[0].floatValue() <= a[1].floatValue() ? 1.0 : 0.0});
      }));

  // --------------------------------------------------------------- geometric functions

  // cross(e1, e2): (a1 b2 - a2 b1, a2 b0 - a0 b2, a0 b1 - a1 b0), each exact, rounded once.
  add("cross", [](const Context& c) -> std::optional<Value> {
    const std::vector<Value>& a = c.call.args[0].elements();
    const std::vector<Value>& b = c.call.args[1].elements();
    Type t = c.types[c.call.result].element;
    if (c.inheritedIntermediateOverflow()) {
      // Inherited from x[i] * y[j] - x[j] * y[i].
      Stepwise s(c.types.kind(t));
      for (size_t i = 0; i < 3; ++i) {
        size_t j = (i + 1) % 3, k = (i + 2) % 3;
        s.sub(s.mul(a[j].floatValue(), b[k].floatValue()),
              s.mul(a[k].floatValue(), b[j].floatValue()));
      }
      if (!s.finite())
        return intermediateNotFinite(c, c.call.args, "e1[i] * e2[j] - e1[j] * e2[i]");
    }
    std::vector<Value> out;
    for (size_t i = 0; i < 3; ++i) {
      size_t j = (i + 1) % 3, k = (i + 2) % 3;
      Dyadic r = Dyadic(a[j].floatValue()) * Dyadic(b[k].floatValue()) -
                 Dyadic(a[k].floatValue()) * Dyadic(b[j].floatValue());
      std::optional<Value> v = rounded(c, c.call.args, t, r);
      if (!v) return std::nullopt;
      out.push_back(*v);
    }
    return vectorValue(c.call.result, std::move(out));
  });

  // length(e): |e| for a scalar, sqrt(e[0]^2 + e[1]^2 + ...) for a vector: the sum exactly,
  // then one correctly rounded square root. (B28: the result type is the component type.)
  // distance(e1, e2) = length(e1 - e2), with the differences exact too.
  auto lengthOf = [](const Context& c, const std::vector<Dyadic>& v) -> std::optional<Value> {
    Type t = c.call.result;
    Dyadic sum;
    for (const Dyadic& x : v) sum = sum + x * x;
    double r =
        roundTo(formatOf(c, t), [&](mpfr_ptr out) { return mpfr_sqrt(out, sum.get(), MPFR_RNDN); });
    return finite(c, c.call.args, t, r);
  };
  add("length", [lengthOf](const Context& c) -> std::optional<Value> {
    const Value& e = c.call.args[0];
    if (!e.isComposite()) return Value{c.call.result, std::fabs(e.floatValue())};
    if (c.inheritedIntermediateOverflow()) {
      Stepwise s(scalarKind(c, e));
      s.length(components(e));
      if (!s.finite()) return intermediateNotFinite(c, c.call.args, "sqrt(dot(e, e))");
    }
    std::vector<Dyadic> v;
    for (const Value& x : e.elements()) v.emplace_back(x.floatValue());
    return lengthOf(c, v);
  });
  add("distance", [lengthOf](const Context& c) -> std::optional<Value> {
    const Value &e1 = c.call.args[0], &e2 = c.call.args[1];
    if (c.inheritedIntermediateOverflow()) {
      Stepwise s(scalarKind(c, e1));
      std::vector<double> a = components(e1), b = components(e2), d;
      for (size_t i = 0; i < a.size(); ++i) d.push_back(s.sub(a[i], b[i]));
      if (e1.isComposite()) s.length(d);
      if (!s.finite()) return intermediateNotFinite(c, c.call.args, "length(e1 - e2)");
    }
    if (!e1.isComposite()) {
      Dyadic d = Dyadic(e1.floatValue()) - Dyadic(e2.floatValue());
      return rounded(c, c.call.args, c.call.result, d.abs());
    }
    std::vector<Dyadic> v;
    for (size_t i = 0; i < e1.elements().size(); ++i)
      v.push_back(Dyadic(e1.elements()[i].floatValue()) - Dyadic(e2.elements()[i].floatValue()));
    return lengthOf(c, v);
  });

  // normalize(e) = e / length(e), each component exactly, rounded once. The zero vector is
  // outside the current draft's domain ("all vectors except the zero vector"; the seed is
  // silent, inventory C40): 0 / 0.
  add("normalize", [](const Context& c) -> std::optional<Value> {
    const Value& e = c.call.args[0];
    Type t = c.types[c.call.result].element;
    const FloatFormat& f = formatOf(c, t);
    if (c.inheritedIntermediateOverflow()) {
      // e / length(e): a zero length (the squares may round to zero) divides by zero.
      Stepwise s(scalarKind(c, e));
      std::vector<double> v = components(e);
      double l = s.length(v);
      for (double x : v) s.div(x, l);
      if (!s.finite()) return intermediateNotFinite(c, c.call.args, "e / length(e)");
    }
    Dyadic sum;
    for (const Value& x : e.elements()) sum = sum + Dyadic(x.floatValue()) * Dyadic(x.floatValue());
    if (sum.isZero())
      return c.fail(c.callText(c.call.args) +
                        ": the zero vector has no direction (0 / 0 is NaN; outside the domain)",
                    kFiniteRule);
    mpfr_t root;
    bool rational = exactSquareRoot(sum, root);
    std::vector<Value> out;
    for (const Value& x : e.elements()) {
      Dyadic xd(x.floatValue());
      double r;
      if (xd.isZero()) {
        r = x.floatValue();  // ±0 / positive
      } else if (rational) {
        // One division of exact values: correctly rounded by MPFR.
        r = roundTo(f, [&](mpfr_ptr y) { return mpfr_div(y, xd.get(), root, MPFR_RNDN); });
      } else {
        // x / sqrt(sum) is irrational: Ziv's strategy.
        r = exact::roundApproximation(f, [&](mpfr_prec_t p, mpfr_ptr y) -> mpfr_exp_t {
          mpfr_t s;
          mpfr_init2(s, p);
          mpfr_sqrt(s, sum.get(), MPFR_RNDN);
          mpfr_div(y, xd.get(), s, MPFR_RNDN);
          mpfr_clear(s);
          return p - 3;  // two roundings of relative error at most 2^-p
        });
      }
      std::optional<Value> v = finite(c, c.call.args, t, r);
      if (!v) {
        mpfr_clear(root);
        return std::nullopt;
      }
      out.push_back(*v);
    }
    mpfr_clear(root);
    return vectorValue(c.call.result, std::move(out));
  });

  // faceForward(e1, e2, e3): e1 if dot(e2, e3) < 0 (exactly), else -e1.
  add("faceForward", [](const Context& c) -> std::optional<Value> {
    if (c.inheritedIntermediateOverflow()) {
      Stepwise s(scalarKind(c, c.call.args[0]));
      s.dot(components(c.call.args[2]), components(c.call.args[1]));
      if (!s.finite())
        return intermediateNotFinite(c, c.call.args, "select(-e1, e1, dot(e3, e2) < 0)");
    }
    bool negative = exactDot(c.call.args[1], c.call.args[2]).sign() < 0;
    std::vector<Value> out;
    for (const Value& x : c.call.args[0].elements())
      out.push_back(Value{x.type, negative ? x.floatValue() : -x.floatValue()});
    return vectorValue(c.call.result, std::move(out));
  });

  // reflect(e1, e2) = e1 - 2 * dot(e2, e1) * e2, each component exactly, rounded once.
  add("reflect", [](const Context& c) -> std::optional<Value> {
    const Value &e1 = c.call.args[0], &e2 = c.call.args[1];
    Type t = c.types[c.call.result].element;
    if (c.inheritedIntermediateOverflow()) {
      Stepwise s(scalarKind(c, e1));
      std::vector<double> x = components(e1), y = components(e2);
      double twoDot = s.mul(2, s.dot(x, y));
      for (size_t i = 0; i < x.size(); ++i) s.sub(x[i], s.mul(twoDot, y[i]));
      if (!s.finite()) return intermediateNotFinite(c, c.call.args, "e1 - 2 * dot(e1, e2) * e2");
    }
    Dyadic twoDot = Dyadic(int64_t{2}) * exactDot(e2, e1);
    std::vector<Value> out;
    for (size_t i = 0; i < e1.elements().size(); ++i) {
      Dyadic r =
          Dyadic(e1.elements()[i].floatValue()) - twoDot * Dyadic(e2.elements()[i].floatValue());
      std::optional<Value> v = rounded(c, c.call.args, t, r);
      if (!v) return std::nullopt;
      out.push_back(*v);
    }
    return vectorValue(c.call.result, std::move(out));
  });

  // refract(e1, e2, e3): k = 1 - e3 * e3 * (1 - dot(e2, e1)^2); the zero vector if k < 0,
  // else e3 * e1 - (e3 * dot(e2, e1) + sqrt(k)) * e2. Component i is a_i - e2[i] * sqrt(k),
  // a_i = e3 * e1[i] - e3 * dot * e2[i] exact: exact when sqrt(k) is a dyadic, else
  // irrational (or a_i when e2[i] is 0), approximated by Ziv's strategy.
  add("refract", [](const Context& c) -> std::optional<Value> {
    const Value &e1 = c.call.args[0], &e2 = c.call.args[1];
    Dyadic eta(c.call.args[2].floatValue());
    Type t = c.types[c.call.result].element;
    const FloatFormat& f = formatOf(c, t);
    if (c.inheritedIntermediateOverflow()) {
      // k = 1 - e3 * e3 * (1 - dot(e2, e1) * dot(e2, e1)); 0 if k < 0, else
      // e3 * e1 - (e3 * dot(e2, e1) + sqrt(k)) * e2.
      Stepwise s(scalarKind(c, e1));
      std::vector<double> x = components(e1), y = components(e2);
      double z = c.call.args[2].floatValue();
      double d = s.dot(y, x);
      double k = s.sub(1, s.mul(s.mul(z, z), s.sub(1, s.mul(d, d))));
      if (s.finite() && k >= 0) {
        double m = s.add(s.mul(z, d), s.sqrt(k));
        for (size_t i = 0; i < x.size(); ++i) s.sub(s.mul(z, x[i]), s.mul(m, y[i]));
      }
      if (!s.finite())
        return intermediateNotFinite(c, c.call.args,
                                     "e3 * e1 - (e3 * dot(e2, e1) + sqrt(k)) * e2, k = 1 - e3 * e3 "
                                     "* (1 - dot(e2, e1) * dot(e2, e1))");
    }
    Dyadic d = exactDot(e2, e1);
    Dyadic one(int64_t{1});
    Dyadic k = one - eta * eta * (one - d * d);
    std::vector<Value> out;
    if (k.sign() < 0) {
      for (size_t i = 0; i < e1.elements().size(); ++i) out.push_back(Value{t, 0.0});
      return vectorValue(c.call.result, std::move(out));
    }
    mpfr_t root;
    bool rational = exactSquareRoot(k, root);
    Dyadic exactRoot = rational ? Dyadic(root) : Dyadic();
    mpfr_clear(root);
    for (size_t i = 0; i < e1.elements().size(); ++i) {
      Dyadic b(e2.elements()[i].floatValue());
      Dyadic a = eta * Dyadic(e1.elements()[i].floatValue()) - eta * d * b;
      double r;
      if (rational || b.isZero()) {
        r = roundTo(f, a - b * exactRoot);
      } else {
        r = exact::roundApproximation(f, [&](mpfr_prec_t p, mpfr_ptr y) -> mpfr_exp_t {
          mpfr_t s;
          mpfr_init2(s, p);
          mpfr_sqrt(s, k.get(), MPFR_RNDN);  // |s - sqrt(k)| <= 2^(EXP(s) - p)
          Dyadic bs = b * Dyadic(s);         // exact
          mpfr_exp_t sExp = mpfr_get_exp(s);
          mpfr_clear(s);
          mpfr_sub(y, a.get(), bs.get(), MPFR_RNDN);  // |error| <= 2^(EXP(y) - p)
          if (!mpfr_regular_p(y)) return 0;
          // |y - exact| <= 2^(EXP(b) + EXP(s) - p) + 2^(EXP(y) - p) <= 2^(m + 1 - p).
          mpfr_exp_t m = std::max(mpfr_get_exp(b.get()) + sExp, mpfr_get_exp(y));
          return mpfr_get_exp(y) - (m + 1 - static_cast<mpfr_exp_t>(p));
        });
      }
      std::optional<Value> v = finite(c, c.call.args, t, r);
      if (!v) return std::nullopt;
      out.push_back(*v);
    }
    return vectorValue(c.call.result, std::move(out));
  });
}

}  // namespace

void addFloatEvaluators(EvaluatorTable& table) {
  registerAll(table);
  // new#saturate-float-builtin (revision 2026): "Returns clamp(e, 0.0, 1.0)", exact.
  table[{"saturate", "saturate-float-builtin"}] =
      componentWiseEvaluator([](const Context&, const std::vector<Value>& a, Type t) {
        double x = a[0].floatValue();
        return std::optional<Value>(Value{t, x < 0 ? 0.0 : x > 1 ? 1.0 : x});
      });
}

}  // namespace plumb::builtins
