// The standard library's float functions as sets (interpreter/wsl/float_library.cpp,
// float_sets.cpp; checker/wsl/float_library.cpp; docs/ambiguities.md W45-W47).
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "interpreter/wsl/float_sets.h"
#include "wsl_fixture.h"

namespace plumb::wsl::test {
namespace {

// Every returned value's text, in order.
std::set<std::string> values(const RunResult& r) {
  std::set<std::string> out;
  if (!r.error.empty()) out.insert("error: " + r.error);
  for (const Outcome& o : r.outcomes)
    out.insert(o.status == Outcome::Status::Returned ? valueText(o.value)
                                                     : std::string(statusName(o.status)));
  return out;
}

// The single returned value (a bounded float is checked by its bounds).
Value only(const RunResult& r) {
  EXPECT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.outcomes.size(), 1u);
  if (r.outcomes.empty()) return Value::makeVoid();
  return r.outcomes.front().value;
}

RunResult call(const std::string& program, std::vector<Value> args = {}) {
  return runText(program, "f", std::move(args));
}

TEST(WslFloatLibrary, TranscendentalsAreBoundedSetsHoldingTheTrueValue) {
  struct Case {
    const char* expr;
    double exact;
  };
  for (const Case& k : {Case{"sin(x)", std::sin(0.5)}, Case{"cos(x)", std::cos(0.5)},
                        Case{"tan(x)", std::tan(0.5)}, Case{"asin(x)", std::asin(0.5)},
                        Case{"acos(x)", std::acos(0.5)}, Case{"atan(x)", std::atan(0.5)},
                        Case{"sinh(x)", std::sinh(0.5)}, Case{"cosh(x)", std::cosh(0.5)},
                        Case{"tanh(x)", std::tanh(0.5)}, Case{"exp(x)", std::exp(0.5)},
                        Case{"exp2(x)", std::exp2(0.5)}, Case{"log(x)", std::log(0.5)},
                        Case{"log2(x)", std::log2(0.5)}, Case{"sqrt(x)", std::sqrt(0.5)},
                        Case{"rsqrt(x)", 1 / std::sqrt(0.5)}, Case{"pow(x, 3.0)", 0.125},
                        Case{"atan2(x, 1.0)", std::atan2(0.5, 1.0)}, Case{"ldexp(x, 3.0)", 4.0}}) {
    Value v = only(
        call(std::string("float f(float x) { return ") + k.expr + "; }", {Value::makeFloat(0.5f)}));
    FloatRange r = rangeOf(v);
    EXPECT_FALSE(r.any) << k.expr << ": " << valueText(v);
    EXPECT_LE(double(r.lo), k.exact) << k.expr << ": " << valueText(v);
    EXPECT_GE(double(r.hi), k.exact) << k.expr << ": " << valueText(v);
    EXPECT_LT(double(r.hi) - double(r.lo), 1e-2) << k.expr << ": " << valueText(v);
  }
}

TEST(WslFloatLibrary, DomainErrorsAreUnspecified) {
  // "Returns an unspecified value if its argument is negative" (sqrt), "smaller or equal to 0"
  // (log), "greater than 1" (acos), "If its first argument is less than zero" (pow).
  for (const char* e : {"sqrt(-1.0)", "log(-1.0)", "acos(2.0)", "pow(-2.0, 0.5)", "rsqrt(-4.0)"})
    EXPECT_EQ(values(call(std::string("float f() { return ") + e + "; }")),
              std::set<std::string>{"any float"})
        << e;
  // sqrt(+-0) is exact.
  EXPECT_EQ(values(call("float f() { return sqrt(0.0); }")), std::set<std::string>{"0.0"});
}

TEST(WslFloatLibrary, RoundingFunctionsAreExactAndRoundGivesBothTies) {
  EXPECT_EQ(values(call("float f() { return floor(-2.5); }")), std::set<std::string>{"-3.0"});
  EXPECT_EQ(values(call("float f() { return ceil(-2.5); }")), std::set<std::string>{"-2.0"});
  EXPECT_EQ(values(call("float f() { return trunc(-2.5); }")), std::set<std::string>{"-2.0"});
  EXPECT_EQ(values(call("float f() { return round(2.4); }")), std::set<std::string>{"2.0"});
  // "If there are two equally distant possible integer values (e.g. for 0.5), which one is
  // picked is undefined."
  EXPECT_EQ(values(call("float f() { return round(2.5); }")),
            (std::set<std::string>{"2.0", "3.0"}));
  // frac: x - floor(x); +0.0 for -0.0; NaN for an infinity.
  EXPECT_EQ(values(call("float f() { return frac(-3.75); }")), std::set<std::string>{"0.25"});
  Value z = only(call("float f(float x) { return frac(x); }", {Value::makeFloat(-0.0f)}));
  EXPECT_FALSE(std::signbit(z.real));
  EXPECT_EQ(values(call("float f(float x) { return frac(x); }", {Value::makeFloat(INFINITY)})),
            std::set<std::string>{"nan"});
  // The identity on the special values.
  EXPECT_EQ(values(call("float f(float x) { return floor(x); }", {Value::makeFloat(-INFINITY)})),
            std::set<std::string>{"-inf"});
}

TEST(WslFloatLibrary, TheSeedsEquivalences) {
  // fmod(x, y) is x - y * trunc(x / y): the sign of x; unspecified for y = +-0.
  EXPECT_EQ(values(call("float f() { return fmod(7.0, -2.0); }")), std::set<std::string>{"1.0"});
  EXPECT_EQ(values(call("float f() { return fmod(-7.0, 2.0); }")), std::set<std::string>{"-1.0"});
  EXPECT_EQ(values(call("float f() { return fmod(1.0, 0.0); }")),
            std::set<std::string>{"any float"});
  EXPECT_EQ(values(call("float f() { return lerp(2.0, 4.0, 0.25); }")),
            std::set<std::string>{"2.5"});
  EXPECT_EQ(values(call("float f() { return smoothstep(0.0, 1.0, 0.5); }")),
            std::set<std::string>{"0.5"});
  EXPECT_EQ(values(call("float f() { return smoothstep(0.0, 1.0, 2.0); }")),
            std::set<std::string>{"1.0"});
  EXPECT_EQ(values(call("float f() { return smoothstep(1.0, 0.0, 0.5); }")),
            std::set<std::string>{"any float"});
  // step(y, x) is x >= y ? 1 : 0 (HLSL's and the RI's order, W46).
  EXPECT_EQ(values(call("float f() { return step(1.0, 2.0); }")), std::set<std::string>{"1.0"});
  EXPECT_EQ(values(call("float f() { return step(2.0, 1.0); }")), std::set<std::string>{"0.0"});
  EXPECT_EQ(values(call("float f() { return clamp(5.0, 0.0, 1.0); }")),
            std::set<std::string>{"1.0"});
  EXPECT_EQ(values(call("float f() { return clamp(0.5, 1.0, 0.0); }")),
            std::set<std::string>{"any float"});
  EXPECT_EQ(values(call("float f() { return saturate(-1.0); }")), std::set<std::string>{"0.0"});
  EXPECT_EQ(values(call("float f() { return sign(-2.0); }")), std::set<std::string>{"-1.0"});
  EXPECT_EQ(values(call("float f() { return abs(-2.0); }")), std::set<std::string>{"2.0"});
  EXPECT_EQ(values(call("float f() { return mad(2.0, 3.0, 1.0); }")), std::set<std::string>{"7.0"});
}

TEST(WslFloatLibrary, SetsFlowThroughArithmeticComparisonsAndBranches) {
  // sin(0) is within WGSL's absolute error of 0: sign gives every sign, a comparison both
  // answers, and the branch is explored both ways.
  EXPECT_EQ(values(call("float f() { return sign(sin(0.0)); }")),
            (std::set<std::string>{"-1.0", "0.0", "1.0"}));
  EXPECT_EQ(values(call("bool f() { return sin(0.0) < 0.0; }")),
            (std::set<std::string>{"true", "false"}));
  EXPECT_EQ(values(call("int f() { if (sin(0.0) >= 0.0) return 1; return 2; }")),
            (std::set<std::string>{"1", "2"}));
  // Far from the bound, one answer.
  EXPECT_EQ(values(call("bool f() { return sin(1.5) > 0.5; }")), std::set<std::string>{"true"});
  // Arithmetic on a bounded value stays bounded, and a cast to int gives each integer.
  Value v = only(call("float f() { return sin(1.0) * 2.0 + 1.0; }"));
  EXPECT_TRUE(v.bounded);
  EXPECT_LE(v.real, float(std::sin(1.0) * 2 + 1));
  EXPECT_GE(v.high, float(std::sin(1.0) * 2 + 1));
  EXPECT_EQ(values(call("int f() { return int(sqrt(4.0)); }")), (std::set<std::string>{"1", "2"}));
}

TEST(WslFloatLibrary, TestsOfNanAndInfinity) {
  EXPECT_EQ(values(call("bool f(float x) { return isnan(x); }", {Value::makeFloat(NAN)})),
            std::set<std::string>{"true"});
  EXPECT_EQ(values(call("bool f(float x) { return isinf(x * 2.0); }", {Value::makeFloat(3e38f)})),
            std::set<std::string>{"true"});
  EXPECT_EQ(values(call("bool f() { return isfinite(1.0); }")), std::set<std::string>{"true"});
  // 1 / 0 is undefined: any value, a NaN and the infinities included.
  EXPECT_EQ(values(call("bool f() { float z = 0.0; return isnan(1.0 / z); }")),
            (std::set<std::string>{"true", "false"}));
  EXPECT_EQ(values(call("bool2 f() { return isinf(float2(1.0, 2.0)); }")),
            std::set<std::string>{"{false, false}"});
}

TEST(WslFloatLibrary, VectorsAndMatricesPerElement) {
  EXPECT_EQ(values(call("float3 f() { return floor(float3(1.5, -1.5, 2.0)); }")),
            std::set<std::string>{"{1.0, -2.0, 2.0}"});
  EXPECT_EQ(values(call("float2x2 f() { return abs(float2x2(-1, 2, -3, 4)); }")),
            std::set<std::string>{"{{1.0, 2.0}, {3.0, 4.0}}"});
  EXPECT_EQ(values(call("half2 f() { return clamp(half2(5, -5), half2(0, 0), half2(1, 1)); }")),
            std::set<std::string>{"{1.0, 0.0}"});
  EXPECT_EQ(
      values(call("float2 f() { return lerp(float2(0, 2), float2(4, 4), float2(0.5, 0.5)); }")),
      std::set<std::string>{"{2.0, 3.0}"});
  Value s = only(call("half f() { return sin(half(0.5)); }"));
  EXPECT_TRUE(s.bounded);
  EXPECT_EQ(Value::makeHalf(s.real).real, s.real);  // the bounds are halves
  EXPECT_LE(double(s.real), std::sin(0.5));
  EXPECT_GE(double(s.high), std::sin(0.5));
}

TEST(WslFloatLibrary, GeometricFunctions) {
  EXPECT_EQ(values(call("float f() { return dot(float3(1, 2, 3), float3(4, 5, 6)); }")),
            std::set<std::string>{"32.0"});
  EXPECT_EQ(values(call("float3 f() { return cross(float3(1, 0, 0), float3(0, 1, 0)); }")),
            std::set<std::string>{"{0.0, 0.0, 1.0}"});
  Value l = only(call("float f() { return length(float2(3, 4)); }"));
  EXPECT_LE(l.real, 5.0f);
  EXPECT_GE(l.high, 5.0f);
  Value d = only(call("float f() { return distance(float2(1, 1), float2(4, 5)); }"));
  EXPECT_LE(d.real, 5.0f);
  EXPECT_GE(d.high, 5.0f);
  Value n = only(call("float2 f() { return normalize(float2(3, 4)); }"));
  ASSERT_EQ(n.elements.size(), 2u);
  EXPECT_LE(n.elements[0].real, 0.6f);
  EXPECT_GE(n.elements[0].high, 0.6f);
  EXPECT_EQ(values(call("float2 f() { return reflect(float2(1, -1), float2(0, 1)); }")),
            std::set<std::string>{"{1.0, 1.0}"});
  EXPECT_EQ(
      values(call("float2 f() { return faceforward(float2(1, 2), float2(1, 0), float2(1, 0)); }")),
      std::set<std::string>{"{-1.0, -2.0}"});
  // refract: total internal reflection (k < 0) gives the zero vector.
  EXPECT_EQ(values(call("float2 f() { return refract(float2(1, 0), float2(0, 1), 2.0); }")),
            std::set<std::string>{"{0.0, 0.0}"});
  EXPECT_EQ(values(call("bool f() { return all(float3(1, 2, 0)); }")),
            std::set<std::string>{"false"});
  EXPECT_EQ(values(call("bool f() { return any(int3(0, 0, 5)); }")), std::set<std::string>{"true"});
  EXPECT_EQ(values(call("bool f() { return all(float2x2(1, 2, 3, 4)); }")),
            std::set<std::string>{"true"});
  EXPECT_EQ(values(call("bool f() { return all(true); }")), std::set<std::string>{"true"});
}

TEST(WslFloatLibrary, MatrixMulTransposeDeterminant) {
  // float2x3: 2 rows of float3. mul(matrix, column) and mul(row, matrix).
  const char* p = R"(
    test float2 mv() { return mul(float2x3(1, 2, 3, 4, 5, 6), float3(1, 0, -1)); }
    test float2 vm() { return mul(float3(1, 1, 1), float3x2(1, 2, 3, 4, 5, 6)); }
    test float2x2 mm() { return mul(float2x3(1, 2, 3, 4, 5, 6), float3x2(1, 0, 0, 1, 1, 1)); }
    test float3x2 t() { return transpose(float2x3(1, 2, 3, 4, 5, 6)); }
    test float d2() { return determinant(float2x2(1, 2, 3, 4)); }
    test float d3() { return determinant(float3x3(2, 0, 0, 0, 3, 0, 0, 0, 4)); }
    test float d4() { return determinant(float4x4(1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 1, 0, 0, 4)); }
    test float2x2 sm() { return mul(2.0, float2x2(1, 2, 3, 4)); }
    test float vv() { return mul(float2(1, 2), float2(3, 4)); }
    test half2 hm() { return mul(half2x2(1, 2, 3, 4), half2(1, 1)); })";
  EXPECT_EQ(onlyValue(runText(p, "mv")), "{-2.0, -2.0}");
  EXPECT_EQ(onlyValue(runText(p, "vm")), "{9.0, 12.0}");
  EXPECT_EQ(onlyValue(runText(p, "mm")), "{{4.0, 5.0}, {10.0, 11.0}}");
  EXPECT_EQ(onlyValue(runText(p, "t")), "{{1.0, 4.0}, {2.0, 5.0}, {3.0, 6.0}}");
  EXPECT_EQ(onlyValue(runText(p, "d2")), "-2.0");
  EXPECT_EQ(onlyValue(runText(p, "d3")), "24.0");
  EXPECT_EQ(onlyValue(runText(p, "d4")), "24.0");
  EXPECT_EQ(onlyValue(runText(p, "sm")), "{{2.0, 4.0}, {6.0, 8.0}}");
  EXPECT_EQ(onlyValue(runText(p, "vv")), "11.0");
  EXPECT_EQ(onlyValue(runText(p, "hm")), "{3.0, 7.0}");
  // A shape the library does not declare is a type error.
  EXPECT_FALSE(
      checkText("float2 f() { return mul(float2x3(1, 2, 3, 4, 5, 6), float2(1, 1)); }")->program);
}

TEST(WslFloatLibrary, OutParameters) {
  const char* p = R"(
    test float fraction() { float i; return modf(-2.75, &i); }
    test float whole() { float i; modf(-2.75, &i); return i; }
    test float2 sc() { float s; float c; sincos(0.0, &s, &c); return float2(s, c); }
    test float3 vec() { float3 i; float3 r = modf(float3(1.5, 2.25, -0.5), &i); return r + i; })";
  EXPECT_EQ(onlyValue(runText(p, "fraction")), "-0.75");
  EXPECT_EQ(onlyValue(runText(p, "whole")), "-2.0");
  Value sc = only(runText(p, "sc"));
  ASSERT_EQ(sc.elements.size(), 2u);
  EXPECT_TRUE(rangeOf(sc.elements[0]).contains(0.0f));
  EXPECT_TRUE(rangeOf(sc.elements[1]).contains(1.0f));
  EXPECT_EQ(onlyValue(runText(p, "vec")), "{1.5, 2.25, -0.5}");
  // frexp (HLSL's; the RI has none): the mantissa, and the exponent through the pointer.
  const char* q = R"(
    test float2 f() { float e; float m = frexp(12.0, &e); return float2(m, e); }
    test float2 neg() { float e; float m = frexp(-0.375, &e); return float2(m, e); }
    test float3 v() { float3 e; float3 m = frexp(float3(0, 1, 3), &e); return m + e * 10.0; }
    test float any() { float e; return frexp(sin(1.0), &e) * 0.0 + e; })";
  EXPECT_EQ(onlyValue(runText(q, "f")), "{0.75, 4.0}");
  EXPECT_EQ(onlyValue(runText(q, "neg")), "{-0.75, -1.0}");
  EXPECT_EQ(onlyValue(runText(q, "v")), "{0.0, 10.5, 20.75}");
  // sin(1.0) is within one binade: the exponent is exact.
  EXPECT_EQ(onlyValue(runText(q, "any")), "0.0");
}

// Many library functions in one program: each first use adds natives while a function is being
// typed (a `return` kept a reference into the growing function table: a crash, found by the
// RI's library run).
TEST(WslFloatLibrary, ManyFunctionsInOneProgram) {
  std::string p;
  int n = 0;
  for (const char* f : {"sin",  "cos",   "tan",   "asin", "acos",     "atan", "sinh", "cosh",
                        "tanh", "sqrt",  "rsqrt", "exp",  "exp2",     "log",  "log2", "floor",
                        "ceil", "round", "trunc", "frac", "saturate", "sign", "abs"})
    p += "float f" + std::to_string(n++) + "() { return " + f + "(0.5); }\n";
  auto c = checkText(p);
  ASSERT_TRUE(c->program) << c->messages();
  EXPECT_EQ(values(runText(p, "f15")), std::set<std::string>{"0.0"});
}

TEST(WslFloatSets, CornersOfIntervals) {
  FloatRange a = FloatRange::range(1, 2, false), b = FloatRange::range(-1, 3, false);
  FloatRange m = floatMul(a, b);
  EXPECT_EQ(m.lo, -2.0f);
  EXPECT_EQ(m.hi, 6.0f);
  EXPECT_TRUE(floatDiv(a, b).any);  // the divisor may be 0
  FloatRange inf = FloatRange::range(1, INFINITY, false);
  EXPECT_TRUE(floatSub(inf, inf).any);  // inf - inf is a NaN at a corner
  BoolSet lt = floatCompare("<", a, b);
  EXPECT_TRUE(lt.mayTrue);
  EXPECT_TRUE(lt.mayFalse);
  EXPECT_FALSE(
      floatCompare("==", FloatRange::point(NAN, false), FloatRange::point(NAN, false)).mayTrue);
}

}  // namespace
}  // namespace plumb::wsl::test
