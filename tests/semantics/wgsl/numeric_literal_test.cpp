// #literals: the representability errors a literal's text alone can cause, at the boundaries.
#include <gtest/gtest.h>

#include <string>

#include "semantics/wgsl/numeric_literal.h"

namespace plumb {
namespace {

bool ok(const std::string& t) { return checkNumericLiteral(t).message.empty(); }
std::string rule(const std::string& t) { return checkNumericLiteral(t).rule; }

TEST(NumericLiteral, Classification) {
  EXPECT_EQ(classifyNumericLiteral("1u").suffix, LiteralSuffix::U);
  EXPECT_EQ(classifyNumericLiteral("1i").suffix, LiteralSuffix::I);
  EXPECT_EQ(classifyNumericLiteral("1f").suffix, LiteralSuffix::F);
  EXPECT_TRUE(classifyNumericLiteral("1f").isFloat);
  EXPECT_EQ(classifyNumericLiteral("1.5h").suffix, LiteralSuffix::H);
  EXPECT_EQ(classifyNumericLiteral("0x1f").suffix, LiteralSuffix::None);  // hex digit f
  EXPECT_FALSE(classifyNumericLiteral("0x1f").isFloat);
  EXPECT_EQ(classifyNumericLiteral("0x1.f").suffix, LiteralSuffix::None);
  EXPECT_TRUE(classifyNumericLiteral("0x1.f").isFloat);
  EXPECT_EQ(classifyNumericLiteral("0x1p1f").suffix, LiteralSuffix::F);
  EXPECT_TRUE(classifyNumericLiteral("0x1p1f").isHex);
}

TEST(NumericLiteral, I32Range) {
  EXPECT_TRUE(ok("2147483647i"));
  EXPECT_FALSE(ok("2147483648i"));
  EXPECT_TRUE(ok("0x7fffffffi"));
  EXPECT_FALSE(ok("0x80000000i"));
  EXPECT_EQ(rule("2147483648i"), "literals");
}

TEST(NumericLiteral, U32Range) {
  EXPECT_TRUE(ok("4294967295u"));
  EXPECT_FALSE(ok("4294967296u"));
  EXPECT_TRUE(ok("0xFFFFFFFFu"));
  EXPECT_FALSE(ok("0x100000000u"));
}

TEST(NumericLiteral, AbstractIntRange) {
  EXPECT_TRUE(ok("9223372036854775807"));
  EXPECT_FALSE(ok("9223372036854775808"));
  EXPECT_TRUE(ok("0x7fffffffffffffff"));
  EXPECT_FALSE(ok("0x8000000000000000"));
  EXPECT_FALSE(ok("0xFFFFFFFFFFFFFFFFF"));
  EXPECT_FALSE(ok("1" + std::string(999, '0')));  // a thousand digits
  EXPECT_EQ(rule("9223372036854775808"), "abstractint");
}

TEST(NumericLiteral, DecimalF32Overflow) {
  // The largest finite f32 is 340282346638528859811704183484516925440 exactly; a literal
  // overflows when it rounds (to nearest, ties to even) to infinity, i.e. from the midpoint
  // 340282356779733661637539395458142568448 = 2^128 - 2^103 on (docs/ambiguities.md A5).
  EXPECT_TRUE(ok("340282346638528859811704183484516925440f"));
  EXPECT_TRUE(ok("340282346638528859811704183484516925440.000f"));
  EXPECT_TRUE(ok("340282346638528859811704183484516925440.001f"));  // rounds to the largest
  EXPECT_TRUE(ok("340282346638528859811704183484516925441f"));
  EXPECT_TRUE(ok("340282356779733661637539395458142568447f"));  // just below the midpoint
  EXPECT_TRUE(ok("340282356779733661637539395458142568447.999f"));
  EXPECT_FALSE(ok("340282356779733661637539395458142568448f"));  // the midpoint: ties to even
  EXPECT_FALSE(ok("340282356779733661637539395458142568448.000f"));
  EXPECT_FALSE(ok("340282356779733661637539395458142568448.001f"));
  EXPECT_TRUE(ok("3.4028234e38f"));
  EXPECT_TRUE(ok("3.4028235e38f"));           // the shortest text of the largest f32
  EXPECT_TRUE(ok("3.4028234663852886e38f"));
  EXPECT_TRUE(ok("3.4028235677973366e38f"));  // below the midpoint
  EXPECT_FALSE(ok("3.4028235677973367e38f"));
  EXPECT_FALSE(ok("3.4028236e38f"));
  EXPECT_FALSE(ok("1e39f"));
  EXPECT_TRUE(ok("0.000000000000000000000000000000000000000000000000001f"));  // underflow is fine
  EXPECT_TRUE(ok("1e-60f"));
  EXPECT_TRUE(ok("0e999999f"));
  EXPECT_TRUE(ok("000000000000000000000000000000000000000000000000001.0f"));
}

TEST(NumericLiteral, DecimalF16Overflow) {
  // The largest f16 is 65504; the midpoint to 2^16 is 65520.
  EXPECT_TRUE(ok("65504h"));
  EXPECT_TRUE(ok("65504.0h"));
  EXPECT_TRUE(ok("65504.1h"));
  EXPECT_TRUE(ok("65505h"));
  EXPECT_TRUE(ok("65519.999h"));
  EXPECT_FALSE(ok("65520h"));
  EXPECT_FALSE(ok("65520.0001h"));
  EXPECT_TRUE(ok("6.5504e4h"));
  EXPECT_FALSE(ok("6.552e4h"));
  EXPECT_FALSE(ok("1e5h"));
}

TEST(NumericLiteral, AbstractFloatOverflowAtTheMidpoint) {
  EXPECT_TRUE(ok("1.7976931348623157e308"));
  EXPECT_TRUE(ok("1.7976931348623158e308"));  // rounds to the largest binary64
  EXPECT_FALSE(ok("1.7976931348623159e308"));
  EXPECT_TRUE(ok("0x1.fffffffffffff7p1023"));   // below the midpoint, rounds down
  EXPECT_FALSE(ok("0x1.fffffffffffff8p1023"));  // the midpoint
}

TEST(NumericLiteral, HexF32ExactnessAndOverflow) {
  EXPECT_TRUE(ok("0x1.fffffep127f"));    // largest finite
  EXPECT_FALSE(ok("0x1.ffffffp127f"));   // above it
  EXPECT_FALSE(ok("0x1p128f"));
  EXPECT_TRUE(ok("0x1p-126f"));          // smallest normal
  EXPECT_TRUE(ok("0x1p-149f"));          // smallest subnormal
  EXPECT_FALSE(ok("0x1p-150f"));         // not representable
  EXPECT_FALSE(ok("0x1.8p-149f"));
  EXPECT_TRUE(ok("0x1.8p-148f"));
  EXPECT_FALSE(ok("0x1.000001p0f"));     // needs 25 significant bits
  EXPECT_TRUE(ok("0x1.000002p0f"));      // 24 bits
  EXPECT_TRUE(ok("0x0.0p0f"));
  EXPECT_TRUE(ok("0x00000001.00000000p0f"));
  EXPECT_FALSE(ok("0x1p99999999999999999999f"));
  EXPECT_FALSE(ok("0x1p-99999999999999999999f"));
}

TEST(NumericLiteral, HexF16ExactnessAndOverflow) {
  EXPECT_TRUE(ok("0x1.ffcp15h"));   // 65504
  EXPECT_FALSE(ok("0x1.ffep15h"));
  EXPECT_FALSE(ok("0x1p16h"));
  EXPECT_TRUE(ok("0x1p-24h"));      // smallest subnormal
  EXPECT_FALSE(ok("0x1p-25h"));
  EXPECT_FALSE(ok("0x1.002p0h"));   // 12 significant bits
  EXPECT_TRUE(ok("0x1.004p0h"));
}

TEST(NumericLiteral, AbstractFloatOverflowOnly) {
  EXPECT_TRUE(ok("1e308"));
  EXPECT_TRUE(ok("1.7976931348623157e308"));
  EXPECT_FALSE(ok("1.7976931348623159e308"));
  EXPECT_FALSE(ok("1e309"));
  EXPECT_TRUE(ok("0x1.fffffffffffffp1023"));
  EXPECT_FALSE(ok("0x1.fffffffffffff8p1023"));
  EXPECT_FALSE(ok("0x1p1024"));
  EXPECT_TRUE(ok("0x1.0000000001p0"));  // inexact is fine without a suffix
  EXPECT_TRUE(ok("0x1p-1100"));
  EXPECT_TRUE(ok("1e-99999999999999999999"));
  EXPECT_FALSE(ok("1e99999999999999999999"));
  EXPECT_FALSE(ok("1" + std::string(999, '0') + ".0"));
  EXPECT_TRUE(ok("0." + std::string(999, '0') + "1"));
  EXPECT_EQ(rule("1e309"), "abstractfloat");
}

TEST(NumericLiteral, MatchFollowsTheRegularExpressions) {
  bool isFloat = false;
  EXPECT_EQ(matchNumericLiteral("123abc", isFloat), 3u);
  EXPECT_FALSE(isFloat);
  EXPECT_EQ(matchNumericLiteral("1.5e+10hx", isFloat), 8u);
  EXPECT_TRUE(isFloat);
  EXPECT_EQ(matchNumericLiteral("0x1.8p+3fz", isFloat), 9u);
  EXPECT_EQ(matchNumericLiteral(".x", isFloat), 0u);
  EXPECT_EQ(matchNumericLiteral("0123.", isFloat), 5u);
  EXPECT_TRUE(isFloat);
  EXPECT_EQ(matchNumericLiteral("0123", isFloat), 1u);
  EXPECT_EQ(matchNumericLiteral("0123e1", isFloat), 6u);
}

}  // namespace
}  // namespace plumb
