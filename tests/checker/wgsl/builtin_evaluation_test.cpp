// Creation-time evaluation of the @const built-in functions (checker/evaluate_*builtins.cpp):
// each function on typical and edge arguments (zeros of both signs, ±1, the largest finite
// value and the smallest subnormal of each type), scalar and vector forms, for every type the
// function allows, with exact expected values (hexadecimal floats) and the errors' rules.
//
// The floating-point expectations in builtin_expectations.inc are computed independently of
// Plumb by builtin_expectations.py (exact rationals and mpmath); the integer, logical and
// packing expectations below are worked out by hand from the .bs formulas.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "check_util.h"
#include "checker/wgsl/builtin_evaluators.h"
#include "checker/wgsl/checker.h"
#include "semantics/wgsl/builtin_table.h"
#include "semantics/wgsl/overloads.h"
#include "semantics/wgsl/parser.h"
#include "semantics/wgsl/revision.h"

namespace plumb {
namespace {

using testing::exactForm;

struct Case {
  std::string expression;
  std::string expected;
};

#include "builtin_expectations.inc"

struct Evaluation {
  std::string result;   // "TYPE VALUE", "error RULE", or why there is neither
  std::string message;  // the first error's message
};

// Evaluates a creation-time expression as `plumb eval` does (with f16 enabled).
Evaluation evaluate(const std::string& expression) {
  CheckOptions options;
  options.enableF16 = true;
  Evaluation out;
  out.result = testing::evaluate(expression, options, &out.message);
  return out;
}

std::string Eval(const std::string& expression) {
  return evaluate(expression).result;
}

void expectCases(const std::vector<Case>& cases) {
  for (const Case& c : cases) EXPECT_EQ(Eval(c.expression), c.expected) << c.expression;
}

void expectGenerated(const std::map<std::string, std::vector<Case>>& table,
                     const std::string& name) {
  auto it = table.find(name);
  ASSERT_NE(it, table.end()) << name;
  expectCases(it->second);
}

// ------------------------------------------------------------------------- completeness

// A value of a concrete type: true, 1, 1.0, and composites of those.
Value sampleValue(TypeTable& types, Type t) {
  const TypeNode& n = types[t];
  switch (n.kind) {
    case TypeKind::Bool:
      return Value{t, true};
    case TypeKind::AbstractInt:
    case TypeKind::I32:
    case TypeKind::U32:
      return Value{t, int64_t{1}};
    case TypeKind::AbstractFloat:
    case TypeKind::F32:
    case TypeKind::F16:
      return Value{t, 1.0};
    case TypeKind::Vector: {
      std::vector<Value> c(n.size, sampleValue(types, n.element));
      return Value{t, c};
    }
    case TypeKind::Matrix: {
      Type column = types.vector(n.rows, n.element);
      std::vector<Value> c(n.size, sampleValue(types, column));
      return Value{t, c};
    }
    default:
      return Value{t, std::monostate{}};
  }
}

// Every overload of every @const row has an evaluator: none can be forgotten.
TEST(BuiltinEvaluationCompleteness, EveryConstOverloadIsEvaluated) {
  TypeTable types;
  OverloadTable table(types);
  size_t evaluated = 0;
  for (const Overload& o : table.all()) {
    if (o.row->kind != OverloadKind::Builtin || !(o.row->flags & kConst)) continue;
    std::vector<Type> parameters;
    std::vector<Value> args;
    for (const TypePattern& p : o.parameters) {
      ASSERT_TRUE(p.concrete()) << o.row->name << " " << o.row->signature;
      parameters.push_back(p.type);
      args.push_back(sampleValue(types, p.type));
    }
    ASSERT_TRUE(o.result.concrete()) << o.row->name;
    BuiltinCall call{o, o.result.type, parameters, args, Span{}};
    std::vector<std::string> errors;
    ErrorSink sink = [&](Span, const std::string& message, const char*) {
      errors.push_back(message);
    };
    std::optional<Value> out;
    EvaluationOutcome outcome = evaluateBuiltin(types, call, sink, out);
    EXPECT_NE(outcome, EvaluationOutcome::Unsupported)
        << o.row->name << " " << o.row->signature << " [" << o.row->anchor << "]";
    if (outcome == EvaluationOutcome::Value) {
      ++evaluated;
      EXPECT_TRUE(out.has_value());
      EXPECT_EQ(out->type, o.result.type) << o.row->name << ": result of the wrong type";
    } else if (outcome == EvaluationOutcome::Error) {
      EXPECT_FALSE(errors.empty()) << o.row->name << ": an error without a message";
    }
  }
  EXPECT_GT(evaluated, 700u);
}

TEST(BuiltinEvaluationCompleteness, EveryConstNameIsListed) {
  std::set<std::string_view> constNames, runtimeNames, currentConstNames;
  for (const OverloadRow& r : overloadRows()) {
    if (r.kind != OverloadKind::Builtin) continue;
    (r.flags & kConst ? constNames : runtimeNames).insert(r.name);
  }
  EXPECT_EQ(constNames.size(), 71u);  // inventory §9.11: 71 @const names
  // Revision 2026's rows (saturate, integer sign, the 4x8 packed-integer functions, and the
  // AbstractFloat frexp and modf).
  for (const OverloadRow& r : currentOverloadRows())
    if (r.kind == OverloadKind::Builtin && (r.flags & kConst)) currentConstNames.insert(r.name);
  EXPECT_EQ(currentConstNames.size(), 12u);
  constNames.insert(currentConstNames.begin(), currentConstNames.end());
  std::vector<std::string_view> listed = evaluatedBuiltins();
  std::set<std::string_view> evaluated(listed.begin(), listed.end());
  for (std::string_view name : constNames) EXPECT_TRUE(evaluated.count(name)) << name;
  // Only @const functions are evaluated at creation time.
  for (std::string_view name : evaluated) EXPECT_TRUE(constNames.count(name)) << name;
}

TEST(BuiltinEvaluationCompleteness, RuntimeFunctionsAreNotEvaluated) {
  EXPECT_EQ(Eval("arrayLength"), "error function-call-expr");
}

// ---------------------------------------------------------------------- logical functions

TEST(BuiltinEvaluationLogical, AllAnySelect) {
  expectCases({
      {"all(true)", "bool true"},
      {"all(false)", "bool false"},
      {"all(vec3(true, true, true))", "bool true"},
      {"all(vec3(true, false, true))", "bool false"},
      {"any(false)", "bool false"},
      {"any(vec2(false, false))", "bool false"},
      {"any(vec4(false, false, false, true))", "bool true"},
      {"select(1, 2, true)", "AbstractInt 2"},
      {"select(1, 2, false)", "AbstractInt 1"},
      {"select(1.0f, 2.0f, false)", "f32 0x1p+0"},
      {"select(-0.0h, 0.0h, false)", "f16 -0x0p+0"},
      {"select(vec2(1i, 2i), vec2(3i, 4i), true)", "vec2<i32> (3, 4)"},
      {"select(vec2(1i, 2i), vec2(3i, 4i), vec2(true, false))", "vec2<i32> (3, 2)"},
      {"select(vec3(1u, 2u, 3u), vec3(4u, 5u, 6u), vec3(false, true, false))",
       "vec3<u32> (1, 5, 3)"},
      {"select(false, true, true)", "bool true"},
      {"select(vec2(1.5, 2.5), vec2(3, 4), vec2(false, true))",
       "vec2<AbstractFloat> (0x1.8p+0, 0x1p+2)"},
  });
}

// ------------------------------------------------------------------------ float functions

class BuiltinEvaluationUnaryFloat : public ::testing::TestWithParam<std::string> {};

TEST_P(BuiltinEvaluationUnaryFloat, GeneratedCases) {
  expectGenerated(kUnaryFloatCases, GetParam());
}

INSTANTIATE_TEST_SUITE_P(Functions, BuiltinEvaluationUnaryFloat,
                         ::testing::Values("abs", "acos", "acosh", "asin", "asinh", "atan", "atanh",
                                           "ceil", "cos", "cosh", "degrees", "exp", "exp2", "floor",
                                           "fract", "inverseSqrt", "log", "log2", "radians",
                                           "round", "sign", "sin", "sinh", "sqrt", "tan", "tanh",
                                           "trunc"));

class BuiltinEvaluationFloat : public ::testing::TestWithParam<std::string> {};

TEST_P(BuiltinEvaluationFloat, GeneratedCases) {
  expectGenerated(kFloatCases, GetParam());
}

INSTANTIATE_TEST_SUITE_P(Functions, BuiltinEvaluationFloat,
                         ::testing::Values("atan2", "pow", "step", "max", "min", "clamp", "fma",
                                           "mix", "smoothstep", "ldexp"));

class BuiltinEvaluationGeometry : public ::testing::TestWithParam<std::string> {};

TEST_P(BuiltinEvaluationGeometry, GeneratedCases) {
  expectGenerated(kGeometryCases, GetParam());
}

INSTANTIATE_TEST_SUITE_P(Functions, BuiltinEvaluationGeometry,
                         ::testing::Values("cross", "dot", "length", "distance", "normalize",
                                           "faceForward", "reflect", "refract", "determinant",
                                           "transpose", "frexp", "modf", "quantizeToF16"));

// Cases the generated tables do not cover: rounding near ties, the seed defects, messages.
TEST(BuiltinEvaluationFloatEdges, RoundingIsCorrectNotDoubled) {
  expectCases({
      // sqrt(2) in each type: the correctly rounded values, not the double rounded to f32.
      {"sqrt(2.0)", "AbstractFloat 0x1.6a09e667f3bcdp+0"},
      {"sqrt(2.0f)", "f32 0x1.6a09e6p+0"},
      {"sqrt(2.0h)", "f16 0x1.6ap+0"},
      // exp(x) underflows to subnormals and to zero, rounding at the subnormal quantum.
      {"exp(-745.0)", "AbstractFloat 0x1p-1074"},
      {"exp(-746.0)", "AbstractFloat 0x0p+0"},
      {"exp(-103.0f)", "f32 0x1p-149"},
      {"exp(-104.0f)", "f32 0x0p+0"},
      {"exp(-17.0h)", "f16 0x1p-24"},
      {"exp(-18.0h)", "f16 0x0p+0"},
      // Overflow: exp(709.78) is finite, exp(709.79) is not.
      {"exp(709.78)", "AbstractFloat 0x1.fe9ce5c4c52b4p+1023"},
      {"exp(709.79)", "error floating-point-evaluation"},
      {"exp(88.72f)", "f32 0x1.fe8c9p+127"},
      {"exp(88.73f)", "error floating-point-evaluation"},
      {"exp2(15.99h)", "f16 0x1.fd4p+15"},
      {"exp2(16.0h)", "error floating-point-evaluation"},
      // An AbstractFloat argument converted to f32 first (the overload's parameter type).
      {"sin(f32(1.0))", "f32 0x1.aed548p-1"},
  });
}

TEST(BuiltinEvaluationFloatEdges, SeedDefects) {
  // B26: cosh is the hyperbolic cosine (the seed's accuracy row is sinh's formula).
  EXPECT_EQ(Eval("cosh(1.0)"), "AbstractFloat 0x1.8b07551d9f55p+0");
  EXPECT_EQ(Eval("cosh(-1.0)"), Eval("cosh(1.0)"));
  // B29: modf's whole part is trunc(e), the fractional part e - trunc(e).
  EXPECT_EQ(Eval("modf(1.5f).fract"), "f32 0x1p-1");
  EXPECT_EQ(Eval("modf(1.5f).whole"), "f32 0x1p+0");
  EXPECT_EQ(Eval("modf(-2.75h).fract"), "f16 -0x1.8p-1");
  EXPECT_EQ(Eval("modf(-2.75h).whole"), "f16 -0x1p+1");
  // The seed's example: frexp(1.5).sig is 0.75.
  EXPECT_EQ(Eval("frexp(1.5).sig"), "f32 0x1.8p-1");
  EXPECT_EQ(Eval("frexp(1.5).exp"), "i32 1");
  EXPECT_EQ(Eval("frexp(vec2(1.5h, 0x1p-24h)).exp"), "vec2<i32> (1, -23)");
  // B30: acosh(e < 1) and atanh(|e| >= 1) are errors, not 0.
  EXPECT_EQ(Eval("acosh(0.5)"), "error floating-point-evaluation");
  EXPECT_EQ(Eval("atanh(1.0f)"), "error floating-point-evaluation");
  EXPECT_EQ(Eval("atanh(-1.5h)"), "error floating-point-evaluation");
  // B28: length and distance return the component type.
  EXPECT_EQ(Eval("length(vec2(3.0h, 4.0h))"), "f16 0x1.4p+2");
  EXPECT_EQ(Eval("distance(vec2(3.0, 4.0), vec2(0.0, 0.0))"), "AbstractFloat 0x1.4p+2");
  // C39: float clamp with low > high is an error (current draft), integer clamp is not.
  EXPECT_EQ(Eval("clamp(0.5, 1.0, 0.0)"), "error float-builtin-functions");
  EXPECT_EQ(Eval("clamp(5, 3, 2)"), "AbstractInt 2");
}

TEST(BuiltinEvaluationFloatEdges, DomainErrors) {
  // C40: the current draft's domains.
  expectCases({
      {"sqrt(-1.0)", "error floating-point-evaluation"},
      {"sqrt(-0x1p-149f)", "error floating-point-evaluation"},
      {"sqrt(-0.0h)", "f16 -0x0p+0"},
      {"log(0.0)", "error floating-point-evaluation"},
      {"log2(-0.0f)", "error floating-point-evaluation"},
      {"log2(-1.0h)", "error floating-point-evaluation"},
      {"inverseSqrt(0.0)", "error floating-point-evaluation"},
      {"inverseSqrt(-4.0f)", "error floating-point-evaluation"},
      {"inverseSqrt(4.0h)", "f16 0x1p-1"},
      {"acos(1.5)", "error floating-point-evaluation"},
      {"asin(-1.0000001f)", "error floating-point-evaluation"},
      {"pow(-8.0, 1.0 / 3.0)", "error floating-point-evaluation"},
      {"pow(-2.0f, 2.0f)", "error floating-point-evaluation"},
      {"pow(0.0h, -1.0h)", "error floating-point-evaluation"},
      {"pow(0.0, 0.0)", "AbstractFloat 0x1p+0"},
      {"atan2(0.0, 0.0)", "AbstractFloat 0x0p+0"},
      {"normalize(vec3(0.0, 0.0, 0.0))", "error floating-point-evaluation"},
      {"normalize(vec2(-0.0f, 0.0f))", "error floating-point-evaluation"},
      {"smoothstep(2.0h, 2.0h, 1.0h)", "error float-builtin-functions"},
      {"smoothstep(vec2(0.0, 1.0), vec2(1.0, 1.0), vec2(0.5, 0.5))",
       "error float-builtin-functions"},
      // A vector is as invalid as its first invalid component.
      {"sqrt(vec2(4.0, -4.0))", "error floating-point-evaluation"},
      {"log(vec3(1.0f, 2.0f, 0.0f))", "error floating-point-evaluation"},
  });
  Evaluation e = evaluate("sqrt(-1.0)");
  EXPECT_NE(e.message.find("outside the domain of sqrt"), std::string::npos) << e.message;
  e = evaluate("exp(1000.0)");
  EXPECT_NE(e.message.find("not finite in AbstractFloat"), std::string::npos) << e.message;
  e = evaluate("clamp(1.0f, 2.0f, 1.0f)");
  EXPECT_NE(e.message.find("low is greater than high"), std::string::npos) << e.message;
}

TEST(BuiltinEvaluationFloatEdges, Overflow) {
  expectCases({
      {"exp(1000.0)", "error floating-point-evaluation"},
      {"exp(100.0f)", "error floating-point-evaluation"},
      {"exp(12.0h)", "error floating-point-evaluation"},
      {"sinh(-1000.0)", "error floating-point-evaluation"},
      {"cosh(90.0f)", "error floating-point-evaluation"},
      {"degrees(0x1.fffffffffffffp+1023)", "error floating-point-evaluation"},
      {"degrees(1200.0h)", "error floating-point-evaluation"},
      {"degrees(1000.0h)", "f16 0x1.bf8p+15"},
      {"pow(10.0, 309.0)", "error floating-point-evaluation"},
      {"ldexp(1.0, 1024)", "error floating-point-evaluation"},
      {"ldexp(1.0f, 128i)", "error floating-point-evaluation"},
      {"ldexp(0x1p-149f, 200i)", "f32 0x1p+51"},
      {"ldexp(1.0h, 16)", "error floating-point-evaluation"},
      {"ldexp(1.0, -9223372036854775807 - 1)", "AbstractFloat 0x0p+0"},
      {"ldexp(1.0, 9223372036854775807)", "error floating-point-evaluation"},
      {"ldexp(0.0, 9223372036854775807)", "AbstractFloat 0x0p+0"},
      {"fma(0x1.fffffep+127f, 2.0f, -0x1.fffffep+127f)", "f32 0x1.fffffep+127"},
      {"mix(0x1.ffcp+15h, -0x1.ffcp+15h, -1.0h)", "error floating-point-evaluation"},
      {"length(vec2(0x1.fffffep+127f, 0x1.fffffep+127f))", "error floating-point-evaluation"},
      {"dot(vec2(0x1.ffcp+15h, 1.0h), vec2(2.0h, 1.0h))", "error floating-point-evaluation"},
      // e1 - 2 * dot(e2, e1) * e2 = (max - 8 max, 0).
      {"reflect(vec2(0x1.fffffffffffffp+1023, 0.0), vec2(2.0, 0.0))",
       "error floating-point-evaluation"},
  });
}

TEST(BuiltinEvaluationFloatEdges, AbstractArgumentsAndResults) {
  expectCases({
      // AbstractInt arguments convert to AbstractFloat for the float functions.
      {"sqrt(4)", "AbstractFloat 0x1p+1"},
      {"max(1, 2.5)", "AbstractFloat 0x1.4p+1"},
      {"ldexp(3, -1)", "AbstractFloat 0x1.8p+0"},
      // frexp, modf and quantizeToF16 have no AbstractFloat overload: f32.
      {"modf(2.5)", "__modf_result (0x1p-1, 0x1p+1)"},
      {"quantizeToF16(1.0)", "f32 0x1p+0"},
  });
}

// Built-in calls in a module: constant declarations, array sizes, static assertions.
TEST(BuiltinEvaluationModule, ConstDeclarations) {
  auto r = testing::checkSource(
      "const a = firstLeadingBit(1234 + 4567);\n"
      "const b = frexp(1.5f);\n"
      "const c = b.exp + i32(modf(2.5h).whole);\n"
      "var<private> v: array<f32, firstLeadingBit(257)>;\n"
      "const d = clamp(vec3(1.5, -2.0, 0.5), vec3(0.0), vec3(1.0));\n",
      [] {
        CheckOptions o;
        o.enableF16 = true;
        return o;
      }());
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(exactForm(*r->declaration("a")->value), "12");
  EXPECT_EQ(exactForm(*r->declaration("b")->value), "(0x1.8p-1, 1)");
  EXPECT_EQ(exactForm(*r->declaration("c")->value), "3");
  EXPECT_EQ(exactForm(*r->declaration("d")->value), "(0x1p+0, 0x0p+0, 0x1p-1)");
}

TEST(BuiltinEvaluationModule, ErrorsInDeclarations) {
  auto r =
      testing::checkSource("const a = sqrt(-1.0);\nconst b = pack2x16float(vec2(1e5, 0.0));\n");
  EXPECT_EQ(r->rules(),
            (std::vector<std::string>{"floating-point-evaluation", "pack-builtin-functions"}))
      << r->text();
}

// ---------------------------------------------------------------------- integer functions

TEST(BuiltinEvaluationInteger, Abs) {
  expectCases({
      {"abs(0)", "AbstractInt 0"},
      {"abs(1)", "AbstractInt 1"},
      {"abs(-1)", "AbstractInt 1"},
      {"abs(9223372036854775807)", "AbstractInt 9223372036854775807"},
      {"abs(-9223372036854775807)", "AbstractInt 9223372036854775807"},
      // B16: |-2^63| is outside AbstractInt (as -(-2^63) is).
      {"abs(-9223372036854775807 - 1)", "error types-for-creation-time-constants"},
      {"abs(vec2(-3, 4))", "vec2<AbstractInt> (3, 4)"},
      {"abs(0i)", "i32 0"},
      {"abs(-1i)", "i32 1"},
      {"abs(2147483647i)", "i32 2147483647"},
      {"abs(-2147483647i)", "i32 2147483647"},
      // "If e ... evaluates to the largest negative value, then the result is e."
      {"abs(-2147483647i - 1i)", "i32 -2147483648"},
      {"abs(vec3(-1i, 0i, -5i))", "vec3<i32> (1, 0, 5)"},
      {"abs(0u)", "u32 0"},
      {"abs(1u)", "u32 1"},
      {"abs(4294967295u)", "u32 4294967295"},
      {"abs(vec4(1u, 0u, 4294967295u, 7u))", "vec4<u32> (1, 0, 4294967295, 7)"},
  });
}

TEST(BuiltinEvaluationInteger, MinMaxClamp) {
  expectCases({
      {"min(1, 2)", "AbstractInt 1"},
      {"max(1, 2)", "AbstractInt 2"},
      {"min(-1, -2)", "AbstractInt -2"},
      {"max(-1, -2)", "AbstractInt -1"},
      {"min(-9223372036854775807 - 1, 9223372036854775807)", "AbstractInt -9223372036854775808"},
      {"max(-9223372036854775807 - 1, 9223372036854775807)", "AbstractInt 9223372036854775807"},
      {"min(vec2(1, 5), vec2(3, -5))", "vec2<AbstractInt> (1, -5)"},
      {"max(vec2(1, 5), vec2(3, -5))", "vec2<AbstractInt> (3, 5)"},
      {"min(-2147483647i - 1i, 2147483647i)", "i32 -2147483648"},
      {"max(-2147483647i - 1i, 2147483647i)", "i32 2147483647"},
      {"min(0i, -0i)", "i32 0"},
      {"max(vec3(1i, -1i, 0i), vec3(0i, 0i, 0i))", "vec3<i32> (1, 0, 0)"},
      {"min(0u, 4294967295u)", "u32 0"},
      {"max(0u, 4294967295u)", "u32 4294967295"},
      {"min(vec2(7u, 2u), vec2(3u, 9u))", "vec2<u32> (3, 2)"},
      // clamp(e, low, high) = min(max(e, low), high), also when low > high.
      {"clamp(5, 0, 3)", "AbstractInt 3"},
      {"clamp(-5, 0, 3)", "AbstractInt 0"},
      {"clamp(1, 0, 3)", "AbstractInt 1"},
      {"clamp(1, 3, 2)", "AbstractInt 2"},
      {"clamp(-9223372036854775807 - 1, -1, 1)", "AbstractInt -1"},
      {"clamp(5i, 3i, 2i)", "i32 2"},
      {"clamp(-2147483647i - 1i, -1i, 1i)", "i32 -1"},
      {"clamp(vec3(-1i, 2i, 9i), vec3(0i, 0i, 0i), vec3(5i, 5i, 5i))", "vec3<i32> (0, 2, 5)"},
      {"clamp(0u, 1u, 4294967295u)", "u32 1"},
      {"clamp(4294967295u, 0u, 7u)", "u32 7"},
      {"clamp(vec2(3u, 100u), vec2(5u, 5u), vec2(10u, 10u))", "vec2<u32> (5, 10)"},
  });
}

TEST(BuiltinEvaluationInteger, Counts) {
  expectCases({
      {"countLeadingZeros(0i)", "i32 32"},
      {"countLeadingZeros(1i)", "i32 31"},
      {"countLeadingZeros(-1i)", "i32 0"},
      {"countLeadingZeros(2147483647i)", "i32 1"},
      {"countLeadingZeros(-2147483647i - 1i)", "i32 0"},
      {"countLeadingZeros(0u)", "u32 32"},
      {"countLeadingZeros(1u)", "u32 31"},
      {"countLeadingZeros(0x80000000u)", "u32 0"},
      {"countLeadingZeros(4294967295u)", "u32 0"},
      {"countLeadingZeros(vec2(0x00010000u, 0x00ffffffu))", "vec2<u32> (15, 8)"},
      {"countLeadingZeros(1)", "i32 31"},  // AbstractInt arguments become i32
      {"countOneBits(0i)", "i32 0"},
      {"countOneBits(1i)", "i32 1"},
      {"countOneBits(-1i)", "i32 32"},
      {"countOneBits(-2147483647i - 1i)", "i32 1"},
      {"countOneBits(2147483647i)", "i32 31"},
      {"countOneBits(0u)", "u32 0"},
      {"countOneBits(4294967295u)", "u32 32"},
      {"countOneBits(0x55555555u)", "u32 16"},
      {"countOneBits(vec3(7i, 8i, 255i))", "vec3<i32> (3, 1, 8)"},
      {"countTrailingZeros(0i)", "i32 32"},
      {"countTrailingZeros(1i)", "i32 0"},
      {"countTrailingZeros(-1i)", "i32 0"},
      {"countTrailingZeros(8i)", "i32 3"},
      {"countTrailingZeros(-2147483647i - 1i)", "i32 31"},
      {"countTrailingZeros(0u)", "u32 32"},
      {"countTrailingZeros(0x80000000u)", "u32 31"},
      {"countTrailingZeros(4294967295u)", "u32 0"},
      {"countTrailingZeros(vec4(1u, 2u, 4u, 0u))", "vec4<u32> (0, 1, 2, 32)"},
  });
}

TEST(BuiltinEvaluationInteger, FirstLeadingAndTrailingBit) {
  expectCases({
      // Signed: -1 for 0 and -1; else the highest bit that differs from the sign bit.
      {"firstLeadingBit(0i)", "i32 -1"},
      {"firstLeadingBit(-1i)", "i32 -1"},
      {"firstLeadingBit(1i)", "i32 0"},
      {"firstLeadingBit(-2i)", "i32 0"},
      {"firstLeadingBit(2147483647i)", "i32 30"},
      {"firstLeadingBit(-2147483647i - 1i)", "i32 30"},
      {"firstLeadingBit(1234 + 4567)", "i32 12"},  // the spec's example
      {"firstLeadingBit(257)", "i32 8"},
      {"firstLeadingBit(vec2(-256i, 256i))", "vec2<i32> (7, 8)"},
      // Unsigned: T(-1) for 0; else the highest 1 bit.
      {"firstLeadingBit(0u)", "u32 4294967295"},
      {"firstLeadingBit(1u)", "u32 0"},
      {"firstLeadingBit(0x80000000u)", "u32 31"},
      {"firstLeadingBit(4294967295u)", "u32 31"},
      {"firstLeadingBit(vec3(2u, 3u, 0u))", "vec3<u32> (1, 1, 4294967295)"},
      // T(-1) for 0; else the lowest 1 bit.
      {"firstTrailingBit(0i)", "i32 -1"},
      {"firstTrailingBit(-1i)", "i32 0"},
      {"firstTrailingBit(8i)", "i32 3"},
      {"firstTrailingBit(-2147483647i - 1i)", "i32 31"},
      {"firstTrailingBit(2147483647i)", "i32 0"},
      {"firstTrailingBit(0u)", "u32 4294967295"},
      {"firstTrailingBit(0x80000000u)", "u32 31"},
      {"firstTrailingBit(4294967295u)", "u32 0"},
      {"firstTrailingBit(vec2(12u, 0u))", "vec2<u32> (2, 4294967295)"},
  });
}

TEST(BuiltinEvaluationInteger, ExtractBits) {
  expectCases({
      // Signed: bits o..o+c-1 of e, sign-extended from bit c - 1.
      {"extractBits(0x12345678i, 4u, 8u)", "i32 103"},
      {"extractBits(-1i, 4u, 8u)", "i32 -1"},
      {"extractBits(0x80i, 4u, 4u)", "i32 -8"},
      {"extractBits(0x70i, 4u, 4u)", "i32 7"},
      {"extractBits(0x12345678i, 4u, 0u)", "i32 0"},
      {"extractBits(-1i, 32u, 8u)", "i32 0"},                 // o = 32, c = 0
      {"extractBits(-2147483647i - 1i, 28u, 8u)", "i32 -8"},  // c = min(8, 4)
      {"extractBits(-2147483647i - 1i, 0u, 32u)", "i32 -2147483648"},
      {"extractBits(0x7fffffffi, 0u, 4294967295u)", "i32 2147483647"},
      {"extractBits(0x7fffffffi, 4294967295u, 1u)", "i32 0"},
      {"extractBits(vec2(0xf0i, 0x70i), 4u, 4u)", "vec2<i32> (-1, 7)"},
      // Unsigned: zero-extended.
      {"extractBits(0x12345678u, 4u, 8u)", "u32 103"},
      {"extractBits(0xf0u, 4u, 4u)", "u32 15"},
      {"extractBits(0xffffffffu, 0u, 32u)", "u32 4294967295"},
      {"extractBits(0xffffffffu, 31u, 5u)", "u32 1"},
      {"extractBits(0xffffffffu, 32u, 1u)", "u32 0"},
      {"extractBits(0xffffffffu, 3u, 0u)", "u32 0"},
      {"extractBits(vec3(0xabcu, 0xffffffffu, 0u), 4u, 4u)", "vec3<u32> (11, 15, 0)"},
  });
}

TEST(BuiltinEvaluationInteger, InsertBits) {
  expectCases({
      {"insertBits(0i, -1i, 4u, 8u)", "i32 4080"},
      {"insertBits(0i, 1i, 31u, 1u)", "i32 -2147483648"},
      {"insertBits(-1i, 0i, 0u, 31u)", "i32 -2147483648"},
      {"insertBits(0x12345678i, 0i, 4u, 0u)", "i32 305419896"},   // c = 0: e
      {"insertBits(0x12345678i, 0i, 32u, 4u)", "i32 305419896"},  // o = 32: c = 0
      {"insertBits(vec2(0i, -1i), vec2(5i, 0i), 1u, 3u)", "vec2<i32> (10, -15)"},
      {"insertBits(0xffffffffu, 0u, 8u, 8u)", "u32 4294902015"},
      {"insertBits(0u, 0xffu, 28u, 8u)", "u32 4026531840"},  // c = min(8, 4)
      {"insertBits(0u, 0xffffffffu, 0u, 32u)", "u32 4294967295"},
      {"insertBits(0xabcdu, 0x1234u, 0u, 4294967295u)", "u32 4660"},
      {"insertBits(vec2(1u, 2u), vec2(3u, 3u), 30u, 2u)", "vec2<u32> (3221225473, 3221225474)"},
  });
}

TEST(BuiltinEvaluationInteger, ReverseBits) {
  expectCases({
      {"reverseBits(0i)", "i32 0"},
      {"reverseBits(1i)", "i32 -2147483648"},
      {"reverseBits(-1i)", "i32 -1"},
      {"reverseBits(-2147483647i - 1i)", "i32 1"},
      {"reverseBits(0u)", "u32 0"},
      {"reverseBits(1u)", "u32 2147483648"},
      {"reverseBits(0x12345678u)", "u32 510274632"},
      {"reverseBits(4294967295u)", "u32 4294967295"},
      {"reverseBits(vec2(2u, 0x80000000u))", "vec2<u32> (1073741824, 1)"},
  });
}

TEST(BuiltinEvaluationInteger, Dot) {
  expectCases({
      {"dot(vec2(1, 2), vec2(3, 4))", "AbstractInt 11"},
      {"dot(vec4(1, 2, 3, 4), vec4(-1, -2, -3, -4))", "AbstractInt -30"},
      // C42: AbstractInt: the exact result; an error only if it is outside [-2^63, 2^63).
      {"dot(vec2(4611686018427387904, 4611686018427387904), vec2(2, -2))", "AbstractInt 0"},
      {"dot(vec2(4611686018427387904, 4611686018427387904), vec2(1, 1))",
       "error types-for-creation-time-constants"},
      {"dot(vec2(-4611686018427387904, -4611686018427387904), vec2(1, 1))",
       "AbstractInt -9223372036854775808"},
      {"dot(vec4(-9223372036854775807 - 1, -9223372036854775807 - 1, 0, 0), "
       "vec4(-9223372036854775807 - 1, -9223372036854775807 - 1, 0, 0))",
       "error types-for-creation-time-constants"},
      // i32, u32: modulo 2^32.
      {"dot(vec2(2147483647i, 1i), vec2(1i, 1i))", "i32 -2147483648"},
      {"dot(vec3(65536i, 0i, -1i), vec3(65536i, 0i, 1i))", "i32 -1"},
      {"dot(vec2(4294967295u, 2u), vec2(1u, 1u))", "u32 1"},
      {"dot(vec4(1u, 2u, 3u, 4u), vec4(5u, 6u, 7u, 8u))", "u32 70"},
  });
}

// ---------------------------------------------------------------- packing and unpacking

TEST(BuiltinEvaluationPacking, NormalizedFormats) {
  expectCases({
      // floor(0.5 + 127 * clamp(e, -1, 1)) in bits 8i..8i+7, two's complement.
      {"pack4x8snorm(vec4(1.0, -1.0, 0.5, 0.0))", "u32 4227455"},  // 0x0040817f
      {"pack4x8snorm(vec4(2.0, -2.0, 0.0, -0.0))", "u32 33151"},   // 0x817f
      {"pack4x8snorm(vec4(0x1.fffffep+127f, -0x1.fffffep+127f, 0x1p-149f, -0x1p-149f))",
       "u32 33151"},
      {"pack4x8snorm(vec4(-0.004, 0.0, 0.0, 0.0))", "u32 255"},  // floor(-0.008) = -1
      {"pack4x8snorm(vec4(0.0, 0.0, 0.0, 0.0))", "u32 0"},
      // floor(0.5 + 255 * clamp(e, 0, 1)).
      {"pack4x8unorm(vec4(1.0, 0.0, 0.5, -1.0))", "u32 8388863"},            // 0x008000ff
      {"pack4x8unorm(vec4(2.0, 0x1p-149f, 0.998, 0.001))", "u32 16646399"},  // 0x00fe00ff
      {"pack2x16snorm(vec2(1.0, -1.0))", "u32 2147581951"},                  // 0x80017fff
      {"pack2x16snorm(vec2(0.5, -0.5))", "u32 3221307392"},                  // 0xc0014000
      {"pack2x16snorm(vec2(-10.0, 0.0))", "u32 32769"},                      // 0x8001
      {"pack2x16unorm(vec2(1.0, 0.5))", "u32 2147549183"},                   // 0x8000ffff
      {"pack2x16unorm(vec2(-1.0, 3.0))", "u32 4294901760"},                  // 0xffff0000
      // max(v / scale, -1), correctly rounded to f32.
      {"unpack4x8snorm(0x0040817fu)", "vec4<f32> (0x1p+0, -0x1p+0, 0x1.020408p-1, 0x0p+0)"},
      {"unpack4x8snorm(0x80u)", "vec4<f32> (-0x1p+0, 0x0p+0, 0x0p+0, 0x0p+0)"},
      {"unpack4x8snorm(0x01u)", "vec4<f32> (0x1.020408p-7, 0x0p+0, 0x0p+0, 0x0p+0)"},
      {"unpack4x8unorm(0x008000ffu)", "vec4<f32> (0x1p+0, 0x0p+0, 0x1.010102p-1, 0x0p+0)"},
      {"unpack4x8unorm(0x64u)", "vec4<f32> (0x1.919192p-2, 0x0p+0, 0x0p+0, 0x0p+0)"},
      {"unpack2x16snorm(0x80017fffu)", "vec2<f32> (0x1p+0, -0x1p+0)"},
      {"unpack2x16snorm(0x80004000u)", "vec2<f32> (0x1.0002p-1, -0x1p+0)"},
      {"unpack2x16unorm(0x8000ffffu)", "vec2<f32> (0x1p+0, 0x1.0001p-1)"},
      {"unpack2x16unorm(0u)", "vec2<f32> (0x0p+0, 0x0p+0)"},
  });
}

TEST(BuiltinEvaluationPacking, HalfFloat) {
  expectCases({
      {"pack2x16float(vec2(1.0, -2.0))", "u32 3221240832"},    // 0xc0003c00
      {"pack2x16float(vec2(65504.0, 0x1p-24))", "u32 97279"},  // 0x00017bff
      {"pack2x16float(vec2(-0.0, 0.0))", "u32 32768"},         // 0x8000
      // Rounded to nearest, ties to even; subnormals kept.
      {"pack2x16float(vec2(1.00048828125, 1.000732421875))", "u32 1006713856"},  // 0x3c013c00
      {"pack2x16float(vec2(0x1p-25f, 0x1.8p-25f))", "u32 65536"},                // (0, 2^-24)
      {"pack2x16float(vec2(0x1p-149f, -0x1p-149f))", "u32 2147483648"},          // (0, -0)
      // C38: outside the finite range of binary16 (current draft: an error).
      {"pack2x16float(vec2(65505.0, 0.0))", "error pack-builtin-functions"},
      {"pack2x16float(vec2(0.0, -0x1.fffffep+127f))", "error pack-builtin-functions"},
      {"unpack2x16float(0xc0003c00u)", "vec2<f32> (0x1p+0, -0x1p+1)"},
      {"unpack2x16float(0x00017bffu)", "vec2<f32> (0x1.ffcp+15, 0x1p-24)"},
      {"unpack2x16float(0x8000u)", "vec2<f32> (-0x0p+0, 0x0p+0)"},
      {"unpack2x16float(0x03ffu)", "vec2<f32> (0x1.ff8p-15, 0x0p+0)"},
      // Infinity and NaN encodings are not finite values.
      {"unpack2x16float(0x7c00u)", "error floating-point-evaluation"},
      {"unpack2x16float(0xfc000000u)", "error floating-point-evaluation"},
      {"unpack2x16float(0x7e00u)", "error floating-point-evaluation"},
  });
}

// ------------------------------------------------- the checker's value of f32/f16 formulas

// The checker's value of an "inherited from" function is the exact result rounded once
// (docs/ambiguities.md S7), which the static rules use; the sets of every value the accuracy
// table allows are the interpreter's (interpreter/wgsl/creation_time_values.h, R17). The verdict
// follows the exact value (R19): an intermediate step that may overflow in f32 is no error.
TEST(BuiltinEvaluationInherited, TheCheckerKeepsTheExactResultRoundedOnce) {
  expectCases({
      // cross with cancellation: -768 exactly (devices compute -1024 or 0, R17).
      {"cross(vec3(16777215.0f, 16777216.0f, 0.0f), vec3(768.0f, 768.0f, 0.0f))",
       "vec3<f32> (0x0p+0, 0x0p+0, -0x1.8p+9)"},
      // dot: 1 + 2^-24 + 2^-24 exactly (1.0 summed in f32).
      {"dot(vec3(1.0f, 0x1p-24f, 0x1p-24f), vec3(1.0f, 1.0f, 1.0f))", "f32 0x1.000002p+0"},
      // length of a tiny vector: 2^-80 (x * x underflows in f32).
      {"length(vec2(0x1p-80f, 0.0f))", "f32 0x1p-80"},
      // x * x = 4e38 overflows f32, the length does not: valid (R19).
      {"length(vec2(0x1p64f, 0.0f))", "f32 0x1p+64"},
      {"0x1.fffffep+127f * 2.0f", "error floating-point-evaluation"},
  });
}

}  // namespace
}  // namespace plumb
