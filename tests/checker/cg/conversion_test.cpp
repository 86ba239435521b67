// The seed's conversion table (seed "Type Conversions"), cell by cell with its seven notes, the
// usual arithmetic conversions (rules 1-6) and promotions, against checker/cg/conversion.h and
// through programs (implicit: assignment; explicit: casts).
#include <gtest/gtest.h>

#include "checker/cg/conversion.h"
#include "tests/checker/cg/cg_check_util.h"

namespace plumb::cg {
namespace {

using testing::verdict;

// The table exactly as the seed prints it (rows = target, columns = source).
TEST(CgConversionTable, CellsAreTheSeeds) {
  const char* expected[5][5] = {{"A", "W", "W", "E(3)", "-"},
                                {"A", "A/W(1)", "W(2)", "E(3)", "E(6)"},
                                {"A", "W(2)", "A/W(1)", "E(3)", "E(7)"},
                                {"E", "E(4)", "E(4)", "E(4/5)", "E(4)"},
                                {"-", "E(6)", "E(7)", "E(3)", "E(6)"}};
  for (int t = 0; t < 5; ++t)
    for (int s = 0; s < 5; ++s) {
      const ConversionCell& c =
          conversionCell(static_cast<TypeCategory>(t), static_cast<TypeCategory>(s));
      std::string text = c.code;
      if (c.notes[0]) {
        text += "(" + std::to_string(c.notes[0]);
        if (c.notes[1]) text += "/" + std::to_string(c.notes[1]);
        text += ")";
      }
      EXPECT_EQ(text, expected[t][s]) << "target " << t << " source " << s;
    }
}

// A program declaring `S1 { float a; }`, `S2 { float a; float b; }`, `S4 { float4 v; }`, the
// variables of every category, then `TARGET t = SOURCE;` (implicit) or `(TARGET) SOURCE`.
std::string program(const std::string& target, const std::string& source, bool cast) {
  std::string decls =
      "struct S1 { float a; };\n"
      "struct S2 { float a; float b; };\n"
      "struct S2h { half a; int b; };\n"
      "struct S3 { float a; float b; float c; };\n"
      "struct S4 { float4 v; };\n"
      "struct SM { float2x2 m; };\n"
      "struct SA { float a[4]; };\n"
      "void f(float s, float4 v4, float3 v3, float2 v2, float2x2 m22, float3x3 m33, float4x4 m44,"
      " float2x3 m23, S1 s1, S2 s2, S2h s2h, S3 s3, S4 s4, SM sm, SA sa, float a4[4], float a3[3],"
      " float2 a2v2[2], float3 a2v3[2], int4 i4, half4 h4, sampler2D smp, sampler any) {\n";
  std::string body = cast ? "  " + target + " t = (" + target + ")" + source + ";\n"
                          : "  " + target + " t = " + source + ";\n";
  // Array targets: declare with the array syntax.
  auto br = target.find('[');
  if (br != std::string::npos) {
    std::string base = target.substr(0, br), dims = target.substr(br);
    body = cast ? "  " + base + " t" + dims + " = (" + target + ")" + source + ";\n"
                : "  " + base + " t" + dims + " = " + source + ";\n";
  }
  return decls + body + "}\n";
}

struct Cell {
  const char* target;
  const char* source;
  const char* implicitVerdict;  // ok / ok+warning / rule
  const char* castVerdict;
};

const char* kOk = "ok";
const char* kWarn = "ok+warning";
const char* kConv = "cg-type-conversions";

class CgConversionCells : public ::testing::TestWithParam<Cell> {};

TEST_P(CgConversionCells, ImplicitAndExplicit) {
  const Cell& c = GetParam();
  EXPECT_EQ(verdict(program(c.target, c.source, false)), c.implicitVerdict)
      << c.target << " = " << c.source;
  EXPECT_EQ(verdict(program(c.target, c.source, true)), c.castVerdict)
      << "(" << c.target << ")" << c.source;
}

INSTANTIATE_TEST_SUITE_P(
    Table, CgConversionCells,
    ::testing::Values(
        // Target Scalar: A, W, W, E(3), -.
        Cell{"float", "s", kOk, kOk}, Cell{"float", "v4", kWarn, kOk},
        Cell{"float", "m22", kWarn, kOk}, Cell{"float", "s1", kConv, kOk},
        Cell{"float", "s4", kConv, kOk},  // note (3): the first member float4 converts to float
        Cell{"float", "a4", kConv, kConv},
        // Target Vector: A, A/W(1), W(2), E(3), E(6).
        Cell{"float4", "s", kOk, kOk}, Cell{"float3", "v3", kOk, kOk},
        Cell{"float3", "v4", kWarn, kOk}, Cell{"float4", "v3", kConv, kConv},
        Cell{"float4", "m22", kWarn, kOk}, Cell{"float3", "m22", kConv, kConv},
        Cell{"float4", "s4", kConv, kOk}, Cell{"float2", "s1", kConv, kOk},
        Cell{"float4", "sa", kConv, kOk},      // note (3): float[4] converts to float4 by E(6)
        Cell{"float3x3", "s4", kConv, kConv},  // note (3): float4 does not convert to float3x3
                                               // Cell{"float4", "a4", kConv, kOk},
        Cell{"float3", "a4", kConv, kConv}, Cell{"int4", "a4", kConv, kOk},
        // Target Matrix: A, W(2), A/W(1), E(3), E(7).
        Cell{"float2x2", "s", kOk, kOk}, Cell{"float2x2", "v4", kWarn, kOk},
        Cell{"float3x3", "v4", kConv, kConv}, Cell{"float2x2", "m22", kOk, kOk},
        Cell{"float2x2", "m33", kWarn, kOk}, Cell{"float3x3", "m22", kConv, kConv},
        Cell{"float2x2", "m23", kWarn, kOk}, Cell{"float2x2", "sm", kConv, kOk},
        Cell{"float2x2", "a2v2", kConv, kOk}, Cell{"float2x3", "a2v3", kConv, kOk},
        Cell{"float3x2", "a2v3", kConv, kConv},
        // Target Struct: E, E(4), E(4), E(4/5), E(4).
        Cell{"S2", "s", kConv, kOk}, Cell{"S4", "v4", kConv, kOk}, Cell{"S4", "v3", kConv, kConv},
        Cell{"SM", "m22", kConv, kOk}, Cell{"SM", "m33", kConv, kConv},
        Cell{"S1", "s2", kConv, kConv}, Cell{"S2", "s2h", kConv, kOk},
        Cell{"S2", "s3", kConv, kConv}, Cell{"SA", "a4", kConv, kOk},
        Cell{"SA", "a3", kConv, kConv},
        // Target Array: -, E(6), E(7), E(3), E(6).
        Cell{"float[4]", "s", kConv, kConv}, Cell{"float[4]", "v4", kConv, kOk},
        Cell{"float[3]", "v4", kConv, kConv}, Cell{"float2[2]", "m22", kConv, kOk},
        Cell{"float3[2]", "m22", kConv, kConv}, Cell{"float[4]", "sa", kConv, kOk},
        Cell{"float[4]", "s1", kConv, kConv}, Cell{"float[4]", "a3", kConv, kConv},
        // Objects: compatible samplers only, never with numbers, even explicitly.
        Cell{"sampler", "smp", kOk, kOk}, Cell{"sampler2D", "any", kOk, kOk},
        Cell{"float", "smp", kConv, kConv}));

TEST(CgConversion, ScalarPrecisionWarnings) {
  // Seed "Scalar conversions": "A warning may be issued if ... precision is lost".
  EXPECT_FALSE(mayLosePrecision(Scalar::Half, Scalar::Float));
  EXPECT_TRUE(mayLosePrecision(Scalar::Float, Scalar::Half));
  EXPECT_TRUE(mayLosePrecision(Scalar::Float, Scalar::Int));
  EXPECT_TRUE(mayLosePrecision(Scalar::Int, Scalar::Float));
  EXPECT_FALSE(mayLosePrecision(Scalar::CFloat, Scalar::Half));
  EXPECT_FALSE(mayLosePrecision(Scalar::Short, Scalar::Float));
  EXPECT_TRUE(mayLosePrecision(Scalar::Half, Scalar::Fixed));
}

TEST(CgConversion, UsualArithmeticConversionsRuleByRule) {
  auto r = [](Scalar a, Scalar b) { return usualArithmeticConversion(a, b); };
  // 1. cint yields to the other operand.
  EXPECT_EQ(r(Scalar::CInt, Scalar::Half).result, Scalar::Half);
  EXPECT_EQ(r(Scalar::Short, Scalar::CInt).rule, 1);
  EXPECT_EQ(r(Scalar::CInt, Scalar::CFloat).result, Scalar::CFloat);
  // 2. cfloat yields to another floating type.
  EXPECT_EQ(r(Scalar::CFloat, Scalar::Fixed).result, Scalar::Fixed);
  EXPECT_EQ(r(Scalar::CFloat, Scalar::Fixed).rule, 2);
  // 3. Both floating: the larger.
  EXPECT_EQ(r(Scalar::Half, Scalar::Float).result, Scalar::Float);
  EXPECT_EQ(r(Scalar::Fixed, Scalar::Half).result, Scalar::Half);
  EXPECT_EQ(r(Scalar::Double, Scalar::Float).rule, 3);
  // 4. Floating and integral: the floating type (cfloat with int stays cfloat: rule 2 needs a
  // floating other operand).
  EXPECT_EQ(r(Scalar::Int, Scalar::Fixed).result, Scalar::Fixed);
  EXPECT_EQ(r(Scalar::CFloat, Scalar::Int).result, Scalar::CFloat);
  EXPECT_EQ(r(Scalar::CFloat, Scalar::Int).rule, 4);
  // 5. Both integral: the larger.
  EXPECT_EQ(r(Scalar::Char, Scalar::Short).result, Scalar::Short);
  EXPECT_EQ(r(Scalar::Long, Scalar::Int).rule, 5);
  // 6. Signed and unsigned of one size: unsigned.
  EXPECT_EQ(r(Scalar::Int, Scalar::UInt).result, Scalar::UInt);
  EXPECT_EQ(r(Scalar::Int, Scalar::UInt).rule, 6);
}

TEST(CgConversion, UsualArithmeticConversionsOfTheUnsignedWidths) {
  // cgc 3.1's result types of `a + b` for char2 ... unsigned long2 (read from its C7011
  // warning; CGD-11): the larger of the sizes, unsigned when the sizes are equal.
  auto r = [](Scalar a, Scalar b) { return usualArithmeticConversion(a, b); };
  EXPECT_EQ(r(Scalar::Char, Scalar::UChar).result, Scalar::UChar);
  EXPECT_EQ(r(Scalar::UChar, Scalar::Char).rule, 6);
  EXPECT_EQ(r(Scalar::Short, Scalar::UShort).result, Scalar::UShort);
  EXPECT_EQ(r(Scalar::Long, Scalar::ULong).result, Scalar::ULong);
  EXPECT_EQ(r(Scalar::UChar, Scalar::Short).result, Scalar::Short);
  EXPECT_EQ(r(Scalar::UChar, Scalar::Short).rule, 5);
  EXPECT_EQ(r(Scalar::UShort, Scalar::Int).result, Scalar::Int);
  EXPECT_EQ(r(Scalar::UInt, Scalar::Long).result, Scalar::Long);
  EXPECT_EQ(r(Scalar::UInt, Scalar::UChar).result, Scalar::UInt);
  EXPECT_EQ(r(Scalar::ULong, Scalar::Int).result, Scalar::ULong);
  EXPECT_EQ(r(Scalar::CInt, Scalar::UChar).result, Scalar::UChar);
  EXPECT_EQ(r(Scalar::UShort, Scalar::Half).result, Scalar::Half);
  // Precision: a signed value to an unsigned type, and an unsigned one to a signed type of
  // its size or smaller, may lose it; to a larger signed type it does not.
  EXPECT_TRUE(mayLosePrecision(Scalar::Char, Scalar::UChar));
  EXPECT_TRUE(mayLosePrecision(Scalar::UChar, Scalar::Char));
  EXPECT_FALSE(mayLosePrecision(Scalar::UChar, Scalar::Short));
  EXPECT_FALSE(mayLosePrecision(Scalar::UShort, Scalar::Float));
  EXPECT_TRUE(mayLosePrecision(Scalar::ULong, Scalar::Float));
  EXPECT_FALSE(mayLosePrecision(Scalar::UInt, Scalar::Long));
  EXPECT_TRUE(mayLosePrecision(Scalar::UInt, Scalar::Int));
}

TEST(CgConversion, Promotions) {
  EXPECT_TRUE(isPromotion(*scalarType(Scalar::CInt), *scalarType(Scalar::Half)));
  EXPECT_TRUE(isPromotion(*scalarType(Scalar::Half), *scalarType(Scalar::Float)));
  EXPECT_FALSE(isPromotion(*scalarType(Scalar::Float), *scalarType(Scalar::Half)));
  EXPECT_FALSE(isPromotion(*scalarType(Scalar::Int), *scalarType(Scalar::Float)));
  EXPECT_TRUE(isPromotion(*vectorType(Scalar::Half, 3), *vectorType(Scalar::Float, 3)));
  EXPECT_FALSE(isPromotion(*scalarType(Scalar::Float), *vectorType(Scalar::Float, 3)));
}

TEST(CgConversion, ArithmeticThroughPrograms) {
  auto typeOf = [](const std::string& e) {
    auto r = testing::checkText("void f(half h, int i, fixed x, float g) { " + e + "; }");
    if (!r.ok) return "error " + r.rule;
    const Stmt& s = *r.program->functions[0].body->statements[0];
    return typeName(s.expr->info.type);
  };
  EXPECT_EQ(typeOf("h + 1"), "half");
  EXPECT_EQ(typeOf("h + 1.5"), "half");
  EXPECT_EQ(typeOf("i + 1.5"), "cfloat");
  EXPECT_EQ(typeOf("x * h"), "half");
  EXPECT_EQ(typeOf("i * x"), "fixed");
  EXPECT_EQ(typeOf("float3(1, 2, 3) * h"), "float3");
  EXPECT_EQ(typeOf("i % 2"), "int");
  EXPECT_EQ(typeOf("g % 2"), "error cg-operators-arithmetic");
  EXPECT_EQ(typeOf("float3(1, 2, 3) + float2(1, 2)"), "error cg-operator-enhancements");
  EXPECT_EQ(typeOf("float3(1, 2, 3) < 2"), "bool3");
  // bool as an arithmetic operand (docs/ambiguities.md C26: cgc's typing).
  EXPECT_EQ(typeOf("true + 1"), "int");
  EXPECT_EQ(typeOf("true + true"), "int");
  EXPECT_EQ(typeOf("true * g"), "float");
  EXPECT_EQ(typeOf("h * (float3(1, 2, 3) < 2)"), "half3");
  EXPECT_EQ(typeOf("true + 1.5"), "error cg-operator-enhancements");
}

}  // namespace
}  // namespace plumb::cg
