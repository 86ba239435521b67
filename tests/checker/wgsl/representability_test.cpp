// Representability of values: the examples and edge values of #literals (wgsl-2022-06-07.bs
// l.523-690), #types-for-creation-time-constants (l.1383-1540), #creation-time-expr
// (l.4064-4100), #conversion-expr (l.4560-4640) and #floating-point-conversion (l.8873-8921),
// evaluated in process as `plumb eval` does (checkExpression, cli/eval_command.cpp), with the
// exact value and type, or the rule of the error.
//
// Values are written exactly: integers in decimal, floating-point values as hexadecimal floats
// (hexFloat), composites in parentheses. Where the seed allows either neighbour of an inexact
// conversion (#floating-point-conversion l.8900-8904, "correctly rounded" l.8741-8749), the
// expectation is Plumb's choice, the nearest with ties to even (docs/ambiguities.md S7), and
// the comment names the other allowed value.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "check_util.h"
#include "semantics/wgsl/parser.h"

namespace plumb {
namespace {

using testing::exactForm;

// `plumb eval EXPRESSION`: "TYPE VALUE", or "error RULE" for the first error.
std::string Eval(const std::string& expression, const CheckOptions& options = {}) {
  return testing::evaluate(expression, options);
}
std::string EvalF16(const std::string& expression) {
  CheckOptions options;
  options.enableF16 = true;
  return testing::evaluate(expression, options);
}

using testing::declared;

// A function-scope declaration of a checked module.
const ast::VariableDeclaration* findVariable(const testing::CheckResult& r, std::string_view name,
                                             uint32_t* index = nullptr) {
  for (uint32_t i = 0; i < r.module->variables.size(); ++i) {
    const ast::VariableDeclaration& v = (*r.module)[ast::VariableId{i}];
    if (r.module->name(v.name) != name) continue;
    if (index) *index = i;
    return &v;
  }
  return nullptr;
}

using testing::localType;

// The type and creation-time value of a declaration's initializer expression.
std::string initializer(const testing::CheckResult& r, std::string_view name) {
  const ast::VariableDeclaration* v = findVariable(r, name);
  if (!v || !v->initializer) return "no initializer";
  const ExpressionInfo& info = (*r.checked)[v->initializer];
  std::string out = r.checked->types.name(info.type);
  if (info.value) out += " " + exactForm(*info.value);
  return out;
}

// ------------------------------------------------------------------ #literals

// #literals, examples "boolean literals" (l.530-535), "integer literals" (l.554-564),
// "floating point literals" (l.602-618), one constant each.
TEST(LiteralRepresentability, ExampleBlocks) {
  EXPECT_EQ(Eval("true"), "bool true");
  EXPECT_EQ(Eval("false"), "bool false");

  EXPECT_EQ(Eval("0x123"), "AbstractInt 291");
  EXPECT_EQ(Eval("0X123u"), "u32 291");
  EXPECT_EQ(Eval("1u"), "u32 1");
  EXPECT_EQ(Eval("123"), "AbstractInt 123");
  EXPECT_EQ(Eval("0"), "AbstractInt 0");
  EXPECT_EQ(Eval("0i"), "i32 0");
  EXPECT_EQ(Eval("0x3f"), "AbstractInt 63");

  EXPECT_EQ(EvalF16("0.e+4f"), "f32 0x0p+0");
  EXPECT_EQ(EvalF16("01."), "AbstractFloat 0x1p+0");
  EXPECT_EQ(EvalF16(".01"), "AbstractFloat 0x1.47ae147ae147bp-7");
  EXPECT_EQ(EvalF16("12.34"), "AbstractFloat 0x1.8ae147ae147aep+3");
  EXPECT_EQ(EvalF16(".0f"), "f32 0x0p+0");
  EXPECT_EQ(EvalF16("0h"), "f16 0x0p+0");
  EXPECT_EQ(EvalF16("1e-3"), "AbstractFloat 0x1.0624dd2f1a9fcp-10");
  EXPECT_EQ(EvalF16("0xa.fp+2"), "AbstractFloat 0x1.5ep+5");  // 10.9375 * 4 = 43.75
  EXPECT_EQ(EvalF16("0x1P+4f"), "f32 0x1p+4");
  EXPECT_EQ(EvalF16("0X.3"), "AbstractFloat 0x1.8p-3");  // 3/16
  EXPECT_EQ(EvalF16("0x3p+2h"), "f16 0x1.8p+3");         // 12
  EXPECT_EQ(EvalF16("0X1.fp-4"), "AbstractFloat 0x1.fp-4");
  EXPECT_EQ(EvalF16("0x3.2p+2h"), "f16 0x1.9p+3");  // 12.5
}

// #literals, table "Mapping literals to types" (l.665-676), its Examples column. `1e5h` is in
// that column but 100000 overflows f16 (largest finite 65504): a shader-creation error by the
// list below the table (l.682) and docs/ambiguities.md A5.
TEST(LiteralRepresentability, MappingTableExamples) {
  EXPECT_EQ(Eval("42i"), "i32 42");
  EXPECT_EQ(Eval("42u"), "u32 42");
  EXPECT_EQ(Eval("124"), "AbstractInt 124");
  EXPECT_EQ(Eval("42f"), "f32 0x1.5p+5");
  EXPECT_EQ(Eval("1e5f"), "f32 0x1.86ap+16");
  EXPECT_EQ(Eval("1.2f"), "f32 0x1.333334p+0");
  EXPECT_EQ(Eval("0x1.0p10f"), "f32 0x1p+10");
  EXPECT_EQ(EvalF16("42h"), "f16 0x1.5p+5");
  EXPECT_EQ(EvalF16("1e5h"), "error literals");
  EXPECT_EQ(EvalF16("1.2h"), "f16 0x1.334p+0");
  EXPECT_EQ(EvalF16("0x1.0p10h"), "f16 0x1p+10");
  EXPECT_EQ(Eval("1e5"), "AbstractFloat 0x1.86ap+16");
  EXPECT_EQ(Eval("1.2"), "AbstractFloat 0x1.3333333333333p+0");
  EXPECT_EQ(Eval("0x1.0p10"), "AbstractFloat 0x1p+10");
}

// #literals, the shader-creation errors (l.679-683), and the notes on 0x1.00000001p0
// (l.685-686) and 0x1f (l.688-689). Rule literals.
TEST(LiteralRepresentability, SuffixedLiteralsMustBeRepresentable) {
  // "An integer literal with a i or u suffix cannot be represented by the target type."
  EXPECT_EQ(Eval("2147483647i"), "i32 2147483647");
  EXPECT_EQ(Eval("2147483648i"), "error literals");
  EXPECT_EQ(Eval("4294967295u"), "u32 4294967295");
  EXPECT_EQ(Eval("4294967296u"), "error literals");
  EXPECT_EQ(Eval("0xffffffffu"), "u32 4294967295");
  EXPECT_EQ(Eval("0x100000000u"), "error literals");
  EXPECT_EQ(Eval("0x80000000i"), "error literals");
  // A literal has no sign: -2147483648i negates 2147483648i (docs/ambiguities.md C2).
  EXPECT_EQ(Eval("-2147483648i"), "error literals");
  EXPECT_EQ(Eval("-2147483647i - 1i"), "i32 -2147483648");
  // "A hexadecimal floating point literal with a f or h suffix overflows or cannot be exactly
  // represented by the target type."
  EXPECT_EQ(Eval("0x1.fffffep127f"), "f32 0x1.fffffep+127");
  EXPECT_EQ(Eval("0x1p128f"), "error literals");
  EXPECT_EQ(Eval("0x1.00000001p0f"), "error literals");  // the note: 33 mantissa bits
  EXPECT_EQ(Eval("0x1.000002p0f"), "f32 0x1.000002p+0");
  EXPECT_EQ(Eval("0x1.000001p0f"), "error literals");
  EXPECT_EQ(Eval("0x1p-149f"), "f32 0x1p-149");  // the smallest f32 subnormal
  EXPECT_EQ(Eval("0x1p-150f"), "error literals");
  EXPECT_EQ(EvalF16("0x1.ffcp15h"), "f16 0x1.ffcp+15");
  EXPECT_EQ(EvalF16("0x1p16h"), "error literals");
  EXPECT_EQ(EvalF16("0x1p-24h"), "f16 0x1p-24");  // the smallest f16 subnormal
  EXPECT_EQ(EvalF16("0x1p-25h"), "error literals");
  // "A decimal floating point literal with a f or h suffix overflows the target type"
  // (overflow as IEEE-754 defines it: the value rounds to infinity, from the midpoint between
  // the largest finite value and 2^(emax+1) on, docs/ambiguities.md A5); an inexact decimal
  // literal is not an error, and neither is underflow.
  EXPECT_EQ(Eval("340282346638528859811704183484516925440f"), "f32 0x1.fffffep+127");
  EXPECT_EQ(Eval("340282346638528859811704183484516925441f"), "f32 0x1.fffffep+127");
  EXPECT_EQ(Eval("3.4028235e38f"), "f32 0x1.fffffep+127");
  EXPECT_EQ(Eval("340282356779733661637539395458142568448f"), "error literals");
  EXPECT_EQ(Eval("1e39f"), "error literals");
  EXPECT_EQ(Eval("1e-50f"), "f32 0x0p+0");
  EXPECT_EQ(Eval("0.1f"), "f32 0x1.99999ap-4");
  EXPECT_EQ(EvalF16("65504h"), "f16 0x1.ffcp+15");
  EXPECT_EQ(EvalF16("65505h"), "f16 0x1.ffcp+15");
  EXPECT_EQ(EvalF16("65520h"), "error literals");
  // "A floating point literal with a h suffix is used while the f16 extension is not enabled."
  EXPECT_EQ(Eval("1h"), "error literals");
  EXPECT_EQ(Eval("0x1p0h"), "error literals");
  // The note on suffixes of hexadecimal literals.
  EXPECT_EQ(Eval("0x1f"), "AbstractInt 31");
  EXPECT_EQ(Eval("0x1p0f"), "f32 0x1p+0");
}

// Unsuffixed literals beyond the abstract types (#types-for-creation-time-constants l.1388-1394;
// the seed has no rule for them: docs/ambiguities.md A4, rules abstractint and abstractfloat).
// An inexact unsuffixed hexadecimal float is AbstractFloat and rounds (A4, inventory B5).
TEST(LiteralRepresentability, UnsuffixedLiteralsAndTheAbstractRanges) {
  EXPECT_EQ(Eval("9223372036854775807"), "AbstractInt 9223372036854775807");
  EXPECT_EQ(Eval("0x7fffffffffffffff"), "AbstractInt 9223372036854775807");
  EXPECT_EQ(Eval("9223372036854775808"), "error abstractint");
  EXPECT_EQ(Eval("0x8000000000000000"), "error abstractint");
  EXPECT_EQ(Eval("0x1.fffffffffffffp1023"), "AbstractFloat 0x1.fffffffffffffp+1023");
  EXPECT_EQ(Eval("1e308"), "AbstractFloat 0x1.1ccf385ebc8ap+1023");
  EXPECT_EQ(Eval("1e309"), "error abstractfloat");
  EXPECT_EQ(Eval("0x1p1024"), "error abstractfloat");
  EXPECT_EQ(Eval("0x1p-1074"), "AbstractFloat 0x1p-1074");  // the smallest binary64 subnormal
  EXPECT_EQ(Eval("0x1.00000000000001p0"), "AbstractFloat 0x1p+0");  // or 0x1.0000000000001p+0
}

// ------------------------------------------------------------------ abstract types

// #types-for-creation-time-constants (l.1388-1394): "AbstractInt is the set of integers i with
// -2^63 <= i < 2^63"; "An evaluation of an expression in one of these types must not overflow
// or produce undefined results" (rule types-for-creation-time-constants). The most negative
// AbstractInt cannot be written as a literal; it is -9223372036854775807 - 1.
TEST(AbstractIntRange, Limits) {
  EXPECT_EQ(Eval("-9223372036854775807 - 1"), "AbstractInt -9223372036854775808");
  EXPECT_EQ(Eval("9223372036854775807 + 1"), "error types-for-creation-time-constants");
  EXPECT_EQ(Eval("-9223372036854775807 - 2"), "error types-for-creation-time-constants");
  EXPECT_EQ(Eval("4611686018427387904 * 2"), "error types-for-creation-time-constants");
  EXPECT_EQ(Eval("-4611686018427387904 * 2"), "AbstractInt -9223372036854775808");
  EXPECT_EQ(Eval("3037000499 * 3037000499"), "AbstractInt 9223372030926249001");
  EXPECT_EQ(Eval("(-9223372036854775807 - 1) * -1"), "error types-for-creation-time-constants");
  // Negation of the most negative value: the seed says "the result is e" for integral types
  // (#arithmetic-expr l.5232, inventory B16), which would make -(-2^63) = -2^63 in AbstractInt;
  // Plumb applies the no-overflow rule to AbstractInt and keeps "the result is e" for i32
  // (docs/ambiguities.md S6).
  EXPECT_EQ(Eval("-(-9223372036854775807 - 1)"), "error types-for-creation-time-constants");
  EXPECT_EQ(Eval("-(-2147483647i - 1i)"), "i32 -2147483648");
  EXPECT_EQ(Eval("(-9223372036854775807 - 1) / -1"), "error types-for-creation-time-constants");
  EXPECT_EQ(Eval("(-9223372036854775807 - 1) % -1"), "AbstractInt 0");
  EXPECT_EQ(Eval("~9223372036854775807"), "AbstractInt -9223372036854775808");
}

// AbstractFloat is binary64 (l.1390-1391): finite values only; an overflowing, infinite or NaN
// result is an error, rule floating-point-evaluation (docs/ambiguities.md S6).
TEST(AbstractFloatRange, Limits) {
  EXPECT_EQ(Eval("0x1.fffffffffffffp1023 + 0x1p969"), "AbstractFloat 0x1.fffffffffffffp+1023");
  EXPECT_EQ(Eval("0x1.fffffffffffffp1023 + 0x1p970"), "error floating-point-evaluation");
  EXPECT_EQ(Eval("1e308 * 10.0"), "error floating-point-evaluation");
  EXPECT_EQ(Eval("-1e308 * 10.0"), "error floating-point-evaluation");
  EXPECT_EQ(Eval("1.0 / 0.0"), "error floating-point-evaluation");
  EXPECT_EQ(Eval("0.0 / 0.0"), "error floating-point-evaluation");
  EXPECT_EQ(Eval("1.0 % 0.0"), "error floating-point-evaluation");
  // Subnormals are kept (#floating-point-evaluation l.8734-8736: operations outside the accuracy
  // table preserve them); 2^-1075 is a tie between 0 and 2^-1074, to even.
  EXPECT_EQ(Eval("0x1p-1022 * 0.5"), "AbstractFloat 0x1p-1023");
  EXPECT_EQ(Eval("0x1p-1074 * 0.5"), "AbstractFloat 0x0p+0");  // or 0x1p-1074
  EXPECT_EQ(Eval("0x1p-1074 * 3.0"), "AbstractFloat 0x1.8p-1073");
}

// #creation-time-expr, its five examples (l.4075-4100).
TEST(CreationTimeExpressionExamples, Examples) {
  EXPECT_EQ(Eval("(42)"), "AbstractInt 42");
  EXPECT_EQ(Eval("-5"), "AbstractInt -5");
  EXPECT_EQ(Eval("-2147483648"), "AbstractInt -2147483648");
  EXPECT_EQ(declared("const minint = -2147483648;", "minint"), "AbstractInt -2147483648");
  auto r = testing::checkSource("fn f() { let minint = -2147483648; }");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(localType(*r, "minint"), "i32");
  EXPECT_EQ(initializer(*r, "minint"), "AbstractInt -2147483648");
}

// #types-for-creation-time-constants, the inline examples (l.1405-1432; overload resolution
// in them is tested in overload_resolution_test.cpp): `log2(32)` and `1 + 2.5` are computed
// as AbstractFloat, `1u + 2.5` has no overload.
TEST(CreationTimeExpressionExamples, TypesForCreationTimeConstants) {
  EXPECT_EQ(Eval("log2(32)"), "AbstractFloat 0x1.4p+2");
  EXPECT_EQ(Eval("1 + 2.5"), "AbstractFloat 0x1.cp+1");
  EXPECT_EQ(Eval("1.0 + 2.5"), "AbstractFloat 0x1.cp+1");
  EXPECT_EQ(Eval("1u + 2.5"), "error arithmetic-expr");
}

// #types-for-creation-time-constants, example "Type inference for literals" (l.1434-1540), one
// line at a time in a function with the declarations the lines use.
const char* const kLiteralExamplePrelude =
    "  var u32_1 = 1u;\n"
    "  var i32_1 = 1i;\n"
    "  var f32_1 = 1f;\n"
    "  var u32_from_expr = 1 + u32_1;\n"
    "  let some_i32 = 1;\n";

std::unique_ptr<testing::CheckResult> literalExampleLine(const std::string& line) {
  return testing::checkSource(std::string("fn f() {\n") + kLiteralExamplePrelude + "  " + line +
                              "\n}\n");
}

TEST(TypeInferenceForLiterals, ValidLines) {
  struct Line {
    const char* text;
    const char* name;
    const char* type;
  };
  const Line lines[] = {
      {"var u32_1b = 1u;", "u32_1b", "ref<function, u32, read_write>"},
      {"var i32_1b = 1i;", "i32_1b", "ref<function, i32, read_write>"},
      {"var f32_1b = 1f;", "f32_1b", "ref<function, f32, read_write>"},
      {"let some_i32b = 1;", "some_i32b", "i32"},
      {"var i32_from_type : i32 = 1;", "i32_from_type", "ref<function, i32, read_write>"},
      {"var u32_from_type : u32 = 1;", "u32_from_type", "ref<function, u32, read_write>"},
      {"var f32_promotion : f32 = 1;", "f32_promotion", "ref<function, f32, read_write>"},
      {"var u32_from_exprb = 1 + u32_1;", "u32_from_exprb", "ref<function, u32, read_write>"},
      {"var i32_from_expr = 1 + i32_1;", "i32_from_expr", "ref<function, i32, read_write>"},
      {"let u32_large : u32 = 2147483649;", "u32_large", "u32"},
      {"let i32_min = -2147483648;", "i32_min", "i32"},
      {"let out_and_in_again = (0x1ffffffff / 8);", "out_and_in_again", "i32"},
      // Marked invalid in the example; an unsuffixed hexadecimal float is an AbstractFloat,
      // whose conversion to f32 rounds (inventory B5, docs/ambiguities.md A4).
      {"let f32_hex_lost_bits = 0x1.0000000001p0;", "f32_hex_lost_bits", "f32"},
  };
  for (const Line& l : lines) {
    auto r = literalExampleLine(l.text);
    EXPECT_TRUE(r->valid()) << l.text << "\n" << r->text();
    EXPECT_EQ(localType(*r, l.name), l.type) << l.text;
  }
  auto r = literalExampleLine("let out_and_in_again = (0x1ffffffff / 8);");
  EXPECT_EQ(initializer(*r, "out_and_in_again"), "AbstractInt 1073741823");
  r = literalExampleLine("let f32_hex_lost_bits = 0x1.0000000001p0;");
  EXPECT_EQ(initializer(*r, "f32_hex_lost_bits"), "AbstractFloat 0x1.0000000001p+0");
}

TEST(TypeInferenceForLiterals, InvalidLines) {
  struct Line {
    const char* text;
    const char* rule;
  };
  const Line lines[] = {
      {"var u32_neg = -1u;", "arithmetic-expr"},  // "unary minus does not support u32"
      {"var i32_demotion : i32 = 1.0;", "var-and-value"},
      {"let u32_too_large : u32 = 1234567890123456890;", "conversion-rank"},
      {"let i32_too_large : i32 = 1234567890123456890;", "conversion-rank"},
      {"let i32_large : i32 = 2147483649;", "conversion-rank"},
      {"let f32_out_of_range1 = 0x1p500;", "floating-point-conversion"},
      {"let i32_too_large_2 = 2147483648;", "conversion-rank"},
      {"let mismatch : u32 = 1.0;", "var-and-value"},
      {"let ambiguous_clamp = clamp(1u, 0, 1i);", "builtin-functions"},
      {"let some_f32 : f32 = some_i32;", "var-and-value"},
      {"let overflow_u32 = (1 -2) + 1u;", "conversion-rank"},
      {"let out_of_range = (0x1ffffffff / 8u);", "conversion-rank"},
  };
  for (const Line& l : lines) {
    auto r = literalExampleLine(l.text);
    EXPECT_EQ(r->rules(), std::vector<std::string>{l.rule}) << l.text << "\n" << r->text();
  }
}

// The commented lines of the example: "The following examples are all valid and the value of
// the variable is 6u" (l.1486-1492), and the "TODO" lines (l.1505-1510), which are valid
// because AbstractFloat addition exists (#arithmetic-expr; inventory B4), with the value 10f the
// comments give.
TEST(TypeInferenceForLiterals, CommentedLines) {
  const char* sixes[] = {
      "var u32_expr1 = (1 + (1 + (1 + (1 + 1)))) + 1u;",
      "var u32_expr2 = 1u + (1 + (1 + (1 + (1 + 1))));",
      "var u32_expr3 = (1 + (1 + (1 + (1u + 1)))) + 1;",
      "var u32_expr4 = 1 + (1 + (1 + (1 + (1u + 1))));",
  };
  for (int i = 0; i < 4; ++i) {
    auto r = literalExampleLine(sixes[i]);
    std::string name = "u32_expr" + std::to_string(i + 1);
    EXPECT_EQ(localType(*r, name), "ref<function, u32, read_write>") << sixes[i];
    EXPECT_EQ(initializer(*r, name), "u32 6") << sixes[i];
  }
  const char* tens[] = {
      "let f32_promotion1 = 1.0 + 2 + 3 + 4;",
      "let f32_promotion2 = 2 + 1.0 + 3 + 4;",
      "let f32_promotion3 = 1f + ((2 + 3) + 4);",
      "let f32_promotion4 = ((2 + (3 + 1f)) + 4);",
  };
  const char* initializers[] = {"AbstractFloat 0x1.4p+3", "AbstractFloat 0x1.4p+3", "f32 0x1.4p+3",
                                "f32 0x1.4p+3"};
  for (int i = 0; i < 4; ++i) {
    auto r = literalExampleLine(tens[i]);
    std::string name = "f32_promotion" + std::to_string(i + 1);
    EXPECT_EQ(localType(*r, name), "f32") << tens[i];
    EXPECT_EQ(initializer(*r, name), initializers[i]) << tens[i];
  }
}

// ------------------------------------------------------------------ #conversion-expr

// #conversion-expr, "Scalar conversion type rules" (l.4568-4636), each row.
TEST(ConversionExpressionValues, ScalarRows) {
  // bool(e): false for 0 (and -0.0), true otherwise.
  EXPECT_EQ(Eval("bool(0u)"), "bool false");
  EXPECT_EQ(Eval("bool(5u)"), "bool true");
  EXPECT_EQ(Eval("bool(0i)"), "bool false");
  EXPECT_EQ(Eval("bool(-2i)"), "bool true");
  EXPECT_EQ(Eval("bool(-0.0f)"), "bool false");
  EXPECT_EQ(Eval("bool(0.5f)"), "bool true");
  EXPECT_EQ(EvalF16("bool(-0.0h)"), "bool false");
  EXPECT_EQ(EvalF16("bool(0.5h)"), "bool true");
  // i32(e).
  EXPECT_EQ(Eval("i32(true)"), "i32 1");
  EXPECT_EQ(Eval("i32(false)"), "i32 0");
  EXPECT_EQ(Eval("i32(4294967295u)"), "i32 -1");  // reinterpretation of bits
  EXPECT_EQ(Eval("i32(0x80000000u)"), "i32 -2147483648");
  EXPECT_EQ(Eval("i32(-1.9f)"), "i32 -1");  // rounding toward zero
  EXPECT_EQ(Eval("i32(2.9f)"), "i32 2");
  EXPECT_EQ(EvalF16("i32(2.5h)"), "i32 2");
  EXPECT_EQ(EvalF16("i32(65504.0h)"), "i32 65504");
  // u32(e).
  EXPECT_EQ(Eval("u32(true)"), "u32 1");
  EXPECT_EQ(Eval("u32(false)"), "u32 0");
  EXPECT_EQ(Eval("u32(-1i)"), "u32 4294967295");  // reinterpretation of bits
  EXPECT_EQ(Eval("u32(3.9f)"), "u32 3");
  EXPECT_EQ(EvalF16("u32(2.5h)"), "u32 2");
  // f32(e).
  EXPECT_EQ(Eval("f32(true)"), "f32 0x1p+0");
  EXPECT_EQ(Eval("f32(false)"), "f32 0x0p+0");
  EXPECT_EQ(Eval("f32(-7i)"), "f32 -0x1.cp+2");
  EXPECT_EQ(Eval("f32(7u)"), "f32 0x1.cp+2");
  EXPECT_EQ(EvalF16("f32(0.5h)"), "f32 0x1p-1");  // exact
  // f16(e).
  EXPECT_EQ(EvalF16("f16(true)"), "f16 0x1p+0");
  EXPECT_EQ(EvalF16("f16(-3i)"), "f16 -0x1.8p+1");
  EXPECT_EQ(EvalF16("f16(3u)"), "f16 0x1.8p+1");
  EXPECT_EQ(EvalF16("f16(1.0f / 3.0f)"), "f16 0x1.554p-2");  // lossy
  // f16 needs the extension (#extension-list).
  EXPECT_EQ(Eval("f16(1)"), "error extension-list");
}

// The AbstractInt row of u32(e) (l.4608-4611): "e: AbstractInt or i32 ... Reinterpretation of
// bits. The result is the unique value in u32 that has the same bit pattern as e." Plumb
// reinterprets the AbstractInt values that have a 32-bit pattern, [-2^31, 2^32), and rejects
// the others (rule conversion-expr; docs/ambiguities.md S4; inventory B12, C16). So u32(-1)
// is 4294967295u, while the automatic conversion `const x: u32 = -1;` is an error
// (conversion_rank_test.cpp). i32(e) has no AbstractInt row: its argument converts to i32 with
// rank 3, and must be in range (#conversion-rank l.1305-1310).
TEST(ConversionExpressionValues, AbstractIntArguments) {
  EXPECT_EQ(Eval("u32(-1)"), "u32 4294967295");
  EXPECT_EQ(Eval("u32(-2147483648)"), "u32 2147483648");
  EXPECT_EQ(Eval("u32(4294967295)"), "u32 4294967295");
  EXPECT_EQ(Eval("u32(4294967296)"), "error conversion-expr");
  EXPECT_EQ(Eval("u32(-2147483649)"), "error conversion-expr");
  EXPECT_EQ(Eval("i32(-2147483648)"), "i32 -2147483648");
  EXPECT_EQ(Eval("i32(2147483647)"), "i32 2147483647");
  EXPECT_EQ(Eval("i32(2147483648)"), "error conversion-rank");
  EXPECT_EQ(Eval("i32(-2147483649)"), "error conversion-rank");
}

// #floating-point-conversion, float to integer (l.8882-8895): round toward zero, then saturate.
// The note (l.8890-8895) gives 4294967040u as the largest u32 a conversion from f32 can yield,
// the largest f32 not above the u32 range, where the normative bullet says "the value in the
// destination type that is closest"; Plumb follows the note (docs/ambiguities.md S5). An
// AbstractFloat argument converts to f32 first (the f32 row has rank 1, #conversion-rank).
TEST(FloatingPointConversionValues, FloatToInteger) {
  EXPECT_EQ(Eval("u32(4294967295.0)"), "u32 4294967040");
  EXPECT_EQ(Eval("u32(1e10f)"), "u32 4294967040");
  EXPECT_EQ(Eval("i32(1e10)"), "i32 2147483520");
  EXPECT_EQ(Eval("i32(-1e10f)"), "i32 -2147483648");
  EXPECT_EQ(Eval("i32(-2147483904.0)"), "i32 -2147483648");
  EXPECT_EQ(Eval("u32(-1.5)"), "u32 0");
  EXPECT_EQ(Eval("u32(-0.5f)"), "u32 0");
  EXPECT_EQ(EvalF16("u32(-65504.0h)"), "u32 0");
  EXPECT_EQ(EvalF16("i32(-65504.0h)"), "i32 -65504");
}

// #floating-point-conversion, to a floating-point type (l.8897-8921): exact values stay, values
// between two neighbours become one of them, integral zero has a zero sign bit; the notes on
// integer collisions (2^28 and 2^28 + 1, l.8916-8921; they start at 2^24 + 1, inventory B27).
TEST(FloatingPointConversionValues, ToFloat) {
  EXPECT_EQ(Eval("f32(0i)"), "f32 0x0p+0");
  EXPECT_EQ(Eval("f32(268435456i)"), "f32 0x1p+28");
  EXPECT_EQ(Eval("f32(268435457i)"), "f32 0x1p+28");   // or 0x1.000002p+28
  EXPECT_EQ(Eval("f32(16777217i)"), "f32 0x1p+24");    // or 0x1.000002p+24
  EXPECT_EQ(Eval("f32(4294967295u)"), "f32 0x1p+32");  // or 0x1.fffffep+31
  EXPECT_EQ(EvalF16("f16(2049i)"), "f16 0x1p+11");     // or 0x1.004p+11
  EXPECT_EQ(EvalF16("f16(65504.0)"), "f16 0x1.ffcp+15");
  // Abstract values outside the finite range: "A shader-creation error results if the original
  // value is of abstract numeric type" (l.8906).
  EXPECT_EQ(Eval("f32(0x1p128)"), "error floating-point-conversion");
  EXPECT_EQ(declared("const x: f32 = 0x1p500;"), "error floating-point-conversion");
  EXPECT_EQ(declared("enable f16;\nconst x: f16 = 65536.0;"), "error floating-point-conversion");
}

// #floating-point-conversion (l.8905-8913): an integer value beyond the largest finite f16,
// 65504, "lies outside the finite range of the destination type"; the source is concrete, so
// the conversion proceeds: X is the value (step 2 only drops bits of floating-point sources),
// X is not the most positive normal value, so "the result is the infinity value of the
// destination type" (step 4), which Plumb reports as an error (docs/ambiguities.md S6), as it
// does for f16(70000u).
TEST(FloatingPointConversionValues, ConcreteIntegerBeyondF16) {
  EXPECT_EQ(EvalF16("f16(70000u)"), "error floating-point-conversion");
  EXPECT_EQ(EvalF16("f16(65504i)"), "f16 0x1.ffcp+15");
  EXPECT_EQ(EvalF16("f16(65519i)"), "error floating-point-conversion");
  EXPECT_EQ(EvalF16("f16(65505u)"), "error floating-point-conversion");
  EXPECT_EQ(EvalF16("f16(-65519i)"), "error floating-point-conversion");
  // An f32 source may drop its extra mantissa bits (step 2), and Plumb does: 65519.0f keeps
  // 11 significant bits as 65504 (step 3: the largest normal value), 65536.0f stays 65536.
  EXPECT_EQ(EvalF16("f16(65519.0f)"), "f16 0x1.ffcp+15");
  EXPECT_EQ(EvalF16("f16(-65519.0f)"), "f16 -0x1.ffcp+15");
  EXPECT_EQ(EvalF16("f16(65536.0f)"), "error floating-point-conversion");
}

// ------------------------------------------------------------------ f32 and f16 limits

// f32: the largest finite value 0x1.fffffep127, the smallest subnormal 0x1p-149.
TEST(F32Representability, Limits) {
  EXPECT_EQ(Eval("0x1.fffffep127f"), "f32 0x1.fffffep+127");
  EXPECT_EQ(Eval("-0x1.fffffep127f"), "f32 -0x1.fffffep+127");
  EXPECT_EQ(Eval("0x1p128f"), "error literals");
  EXPECT_EQ(Eval("0x1p-149f"), "f32 0x1p-149");
  EXPECT_EQ(Eval("0x1p-149f * 0.5f"), "f32 0x0p+0");  // a tie, to even; or 0x1p-149
  EXPECT_EQ(declared("const x: f32 = 0x1p-1074;"), "f32 0x0p+0");
  EXPECT_EQ(declared("const x: f32 = 0x1.fffffep127;"), "f32 0x1.fffffep+127");
  EXPECT_EQ(declared("const x: f32 = 0x1p128;"), "error floating-point-conversion");
  // Creation-time f32 arithmetic that overflows: the seed gives no error for concrete types
  // (inventory C4); Plumb reports every creation-time result that is not finite
  // (docs/ambiguities.md S6).
  EXPECT_EQ(Eval("0x1.fffffep127f * 2.0f"), "error floating-point-evaluation");
  EXPECT_EQ(Eval("1.0f / 0.0f"), "error floating-point-evaluation");
  EXPECT_EQ(Eval("1.5f % 0.0f"), "error floating-point-evaluation");
}

// f16 (#extension-list, with `enable f16;` or CheckOptions::enableF16): largest finite 65504,
// smallest subnormal 2^-24.
TEST(F16Representability, Limits) {
  EXPECT_EQ(EvalF16("65504.0h"), "f16 0x1.ffcp+15");
  EXPECT_EQ(EvalF16("-65504.0h"), "f16 -0x1.ffcp+15");
  EXPECT_EQ(EvalF16("65505.0h"), "f16 0x1.ffcp+15");  // rounds to the largest (A5)
  EXPECT_EQ(EvalF16("65520.0h"), "error literals");
  EXPECT_EQ(EvalF16("0x1p-24h"), "f16 0x1p-24");
  EXPECT_EQ(EvalF16("0x1p-24h * 0.5h"), "f16 0x0p+0");  // a tie, to even; or 0x1p-24
  EXPECT_EQ(EvalF16("65504h + 15h"), "f16 0x1.ffcp+15");
  EXPECT_EQ(declared("enable f16;\nconst x: f16 = 65504;"), "f16 0x1.ffcp+15");
  EXPECT_EQ(declared("enable f16;\nconst x: f16 = 65505;"), "error floating-point-conversion");
  EXPECT_EQ(declared("enable f16;\nconst x: f16 = 0x1p-24;"), "f16 0x1p-24");
  EXPECT_EQ(declared("enable f16;\nconst x: f16 = 0x1p-26;"), "f16 0x0p+0");
  EXPECT_EQ(declared("const x: f16 = 1.0;"), "error extension-list");
}

// ------------------------------------------------------------------ integer operators

// #arithmetic-expr (l.5236-5319): concrete integer results are modulo 2^32; division by zero
// gives e1 and remainder by zero 0, as the seed's formulas say, and so does the most negative
// value divided by -1 (docs/ambiguities.md S6). For AbstractInt, Plumb reports division and
// remainder by zero as errors (rule types-for-creation-time-constants, S6: "an evaluation must
// not ... produce undefined results", l.1393-1394), where the signed formula read literally
// would give e1 and 0.
TEST(IntegerArithmeticValues, WrappingAndDivisionByZero) {
  EXPECT_EQ(Eval("2147483647i + 1i"), "i32 -2147483648");
  EXPECT_EQ(Eval("4294967295u + 1u"), "u32 0");
  EXPECT_EQ(Eval("0u - 1u"), "u32 4294967295");
  EXPECT_EQ(Eval("65536i * 65536i"), "i32 0");
  EXPECT_EQ(Eval("7i / 0i"), "i32 7");
  EXPECT_EQ(Eval("7i % 0i"), "i32 0");
  EXPECT_EQ(Eval("7u / 0u"), "u32 7");
  EXPECT_EQ(Eval("7u % 0u"), "u32 0");
  EXPECT_EQ(Eval("(-2147483647i - 1i) / -1i"), "i32 -2147483648");
  EXPECT_EQ(Eval("(-2147483647i - 1i) % -1i"), "i32 0");
  EXPECT_EQ(Eval("-7i / 2i"), "i32 -3");  // truncation
  EXPECT_EQ(Eval("-7i % 2i"), "i32 -1");  // the sign of e1
  EXPECT_EQ(Eval("vec2(7i, 8i) / vec2(0i, 2i)"), "vec2<i32> (7, 4)");
  EXPECT_EQ(Eval("-7 / 2"), "AbstractInt -3");
  EXPECT_EQ(Eval("-7 % 2"), "AbstractInt -1");
  EXPECT_EQ(Eval("7 % -2"), "AbstractInt 1");
  EXPECT_EQ(Eval("1 / 0"), "error types-for-creation-time-constants");
  EXPECT_EQ(Eval("1 % 0"), "error types-for-creation-time-constants");
}

// #bit-expr, shifts (l.5501-5560). Concrete: the count is taken modulo the bit width (l.5519,
// inventory C8). Abstract: "The e2+1 most significant bits of e1 must have the same bit value"
// and a negative count is an error (rule bit-expr); Plumb also rejects AbstractInt counts of 64
// or more (docs/ambiguities.md S6). Right shift: the seed says "inserting zero bits at the most
// significant positions" for i32 and AbstractInt too (inventory B15); Plumb sign-extends by
// default and follows the seed's text with CheckOptions::literalShiftRight
// (docs/ambiguities.md S3).
TEST(ShiftValues, ConcreteAndAbstract) {
  EXPECT_EQ(Eval("1i << 33u"), "i32 2");
  EXPECT_EQ(Eval("1u << 31u"), "u32 2147483648");
  EXPECT_EQ(Eval("1i << 31u"), "i32 -2147483648");
  EXPECT_EQ(Eval("1 << 62"), "AbstractInt 4611686018427387904");
  EXPECT_EQ(Eval("-1 << 63"), "AbstractInt -9223372036854775808");
  EXPECT_EQ(Eval("1 << 63"), "error bit-expr");
  EXPECT_EQ(Eval("1 << 64"), "error bit-expr");
  EXPECT_EQ(Eval("1 << -1"), "error bit-expr");
  EXPECT_EQ(Eval("8 >> -1"), "error bit-expr");
  EXPECT_EQ(Eval("8 >> 64"), "error bit-expr");
  EXPECT_EQ(Eval("0x80000000u >> 31u"), "u32 1");
}

TEST(ShiftValues, RightShiftOfNegativeValues) {
  EXPECT_EQ(Eval("-8i >> 1u"), "i32 -4");
  EXPECT_EQ(Eval("-1i >> 31u"), "i32 -1");
  EXPECT_EQ(Eval("-1i >> 32u"), "i32 -1");  // count modulo 32: 0
  EXPECT_EQ(Eval("-8 >> 1"), "AbstractInt -4");
  EXPECT_EQ(Eval("-1 >> 63"), "AbstractInt -1");
  CheckOptions literal;
  literal.literalShiftRight = true;
  EXPECT_EQ(Eval("-8i >> 1u", literal), "i32 2147483644");
  EXPECT_EQ(Eval("-1i >> 31u", literal), "i32 1");
  EXPECT_EQ(Eval("-8 >> 1", literal), "AbstractInt 9223372036854775804");
  EXPECT_EQ(Eval("-1 >> 63", literal), "AbstractInt 1");
  EXPECT_EQ(Eval("8i >> 1u", literal), "i32 4");
}

}  // namespace
}  // namespace plumb
