// The Cg numeric models (interpreter/cg/numeric_model.h): each model's edges.
#include "interpreter/cg/numeric_model.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace plumb::cg {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const NumericModel fp32(Model::Fp32), fp16(Model::Fp16), fixed(Model::Fixed);
const NumericModel fp16Strict(Model::Fp16, true);

NumberSet p(double v) {
  return NumberSet::point(v);
}

TEST(CgFp32, ExactOperationsStayPoints) {
  EXPECT_EQ(fp32.add(p(1.5), p(2.25)), p(3.75));
  EXPECT_EQ(fp32.multiply(p(3), p(-0.5)), p(-1.5));
  // 1/3 rounded to nearest binary32, once.
  EXPECT_EQ(fp32.divide(p(1), p(3)), p(static_cast<double>(1.0f / 3.0f)));
}

TEST(CgFp32, RoundsOnceToNearestEven) {
  // 1 + 2^-24 is a tie between 1 and 1 + 2^-23: to even, 1.
  EXPECT_EQ(fp32.add(p(1), p(0x1p-24)), p(1));
  EXPECT_EQ(fp32.add(p(1), p(0x1p-24 + 0x1p-40)).lo, 1 + 0x1p-23);
}

TEST(CgFp32, OverflowIsInfinityAsIeee) {
  EXPECT_EQ(fp32.multiply(p(0x1p100), p(0x1p100)), p(kInf));
  EXPECT_EQ(fp32.divide(p(1), p(0)), p(kInf));
  EXPECT_EQ(fp32.divide(p(-1), p(0)), p(-kInf));
}

TEST(CgFp32, InvalidOperationsAreNaN) {
  EXPECT_EQ(fp32.subtract(p(kInf), p(kInf)), NumberSet::nanOnly());
  EXPECT_EQ(fp32.multiply(p(0), p(kInf)), NumberSet::nanOnly());
  EXPECT_EQ(fp32.divide(p(0), p(0)), NumberSet::nanOnly());
  // NaN inside an interval: [-1, 1] * inf holds 0 * inf.
  NumberSet r = fp32.multiply(NumberSet::range(-1, 1), p(kInf));
  EXPECT_TRUE(r.nan);
  EXPECT_EQ(r.lo, -kInf);
  EXPECT_EQ(r.hi, kInf);
}

TEST(CgFp16, OverflowAndRounding) {
  EXPECT_EQ(fp16.fromReal(65504), p(65504));
  EXPECT_EQ(fp16.fromReal(65519), p(65504));  // below the midpoint to 2^16
  EXPECT_EQ(fp16.fromReal(65520), p(kInf));   // the midpoint rounds to even: infinity
  EXPECT_EQ(fp16.add(p(65504), p(15)), p(65504));
  EXPECT_EQ(fp16.add(p(65504), p(16)), p(kInf));      // the midpoint to 2^16: even, overflow
  EXPECT_EQ(fp16.fromReal(0.1).lo, 0.0999755859375);  // 0x2E66
}

TEST(CgFp16, SubnormalsMayBeFlushed) {
  // 2^-24 is fp16's smallest subnormal: the set holds it and zero (CG-E1) ...
  NumberSet s = fp16.multiply(p(0x1p-12), p(0x1p-12));
  EXPECT_EQ(s, NumberSet::range(0, 0x1p-24));
  // ... and only it when strict IEEE is asked for.
  EXPECT_EQ(fp16Strict.multiply(p(0x1p-12), p(0x1p-12)), p(0x1p-24));
  // Below half the smallest subnormal: zero either way.
  EXPECT_EQ(fp16Strict.multiply(p(0x1p-13), p(0x1p-13)), p(0));
  // A subnormal operand may be read as zero: 2^-20 / 2^-20 is 1 or (0 / 0) NaN.
  NumberSet q = fp16.divide(p(0x1p-20), p(0x1p-20));
  EXPECT_TRUE(q.contains(1));
  EXPECT_TRUE(q.nan);
  EXPECT_EQ(fp16Strict.divide(p(0x1p-20), p(0x1p-20)), p(1));
}

TEST(CgFixed, SaturatesToMinusTwoTwo) {
  EXPECT_EQ(fixed.add(p(1.5), p(1.5)), p(2 - 0x1p-10));
  EXPECT_EQ(fixed.subtract(p(-1.5), p(1.5)), p(-2));
  EXPECT_EQ(fixed.negate(p(-2)), p(2 - 0x1p-10));
  EXPECT_EQ(fixed.fromReal(100), p(2 - 0x1p-10));
  EXPECT_EQ(fixed.fromReal(-kInf), p(-2));
}

TEST(CgFixed, RoundsEitherWay) {
  // 1/3 lies between 341/1024 and 342/1024: both (CG-E2).
  EXPECT_EQ(fixed.divide(p(1), p(3)), NumberSet::range(341 * 0x1p-10, 342 * 0x1p-10));
  // 2^-10 * 0.5 = 2^-11: between 0 and 2^-10.
  EXPECT_EQ(fixed.multiply(p(0x1p-10), p(0.5)), NumberSet::range(0, 0x1p-10));
  // Exact results are single values.
  EXPECT_EQ(fixed.multiply(p(0.5), p(0.5)), p(0.25));
  EXPECT_EQ(fixed.divide(p(-1), p(0.5)), p(-2));
}

TEST(CgFixed, DivisionByZeroIsAnyValue) {
  EXPECT_TRUE(fixed.divide(p(1), p(0)).undefined);
  EXPECT_EQ(fixed.convert(NumberSet::nanOnly()), NumberSet::any());
}

TEST(CgModels, ComparisonsOverSets) {
  EXPECT_EQ(fp32.compare("<", p(1), p(2)), Truth::True);
  EXPECT_EQ(fp32.compare("<", NumberSet::range(1, 3), p(2)), Truth::Either);
  EXPECT_EQ(fp32.compare("<=", NumberSet::range(1, 2), p(2)), Truth::True);
  EXPECT_EQ(fp32.compare("==", NumberSet::nanOnly(), NumberSet::nanOnly()), Truth::False);
  EXPECT_EQ(fp32.compare("!=", NumberSet::nanOnly(), p(1)), Truth::True);
  EXPECT_EQ(fp32.compare(">", NumberSet::any(), p(1)), Truth::Either);
}

TEST(CgModels, ConversionsBetweenModels) {
  EXPECT_EQ(fp16.convert(p(1.0 / 3)), p(0.333251953125));
  EXPECT_EQ(fixed.convert(p(0.1)), NumberSet::range(102 * 0x1p-10, 103 * 0x1p-10));
  EXPECT_EQ(fp32.convert(NumberSet::range(102 * 0x1p-10, 103 * 0x1p-10)),
            NumberSet::range(102 * 0x1p-10, 103 * 0x1p-10));
}

TEST(CgInt, CRulesAndUndefinedBehaviour) {
  EXPECT_EQ(intBinary("/", IntSet::of(-7), IntSet::of(2)).value, IntSet::of(-3));
  EXPECT_EQ(intBinary("%", IntSet::of(-7), IntSet::of(2)).value, IntSet::of(-1));
  EXPECT_NE(intBinary("/", IntSet::of(1), IntSet::of(0)).undefinedBehaviour, "");
  EXPECT_NE(intBinary("%", IntSet::of(1), IntSet::of(0)).undefinedBehaviour, "");
  EXPECT_NE(intBinary("+", IntSet::of(2147483647), IntSet::of(1)).undefinedBehaviour, "");
  EXPECT_NE(intBinary("/", IntSet::of(-2147483648LL), IntSet::of(-1)).undefinedBehaviour, "");
  EXPECT_NE(intUnary("-", IntSet::of(-2147483648LL)).undefinedBehaviour, "");
  EXPECT_NE(intBinary("<<", IntSet::of(1), IntSet::of(32)).undefinedBehaviour, "");
  EXPECT_EQ(intBinary("<<", IntSet::of(1), IntSet::of(30)).value, IntSet::of(1 << 30));
  EXPECT_EQ(intBinary("*", IntSet::of(65536), IntSet::of(32767)).undefinedBehaviour, "");
  EXPECT_EQ(intFromNumber(p(-2.75)).value, IntSet::of(-2));
  EXPECT_NE(intFromNumber(p(3e9)).undefinedBehaviour, "");
  EXPECT_NE(intFromNumber(NumberSet::nanOnly()).undefinedBehaviour, "");
}

TEST(CgIntegerWidths, WrapAndOperateAtTheirWidths) {
  // The seed's precision list: char 8, short 16, long 64 bits, two's complement; unsigned int
  // a 32-bit ordinal (docs/ambiguities.md CG-E17).
  const IntegerWidth c8{8, true}, s16{16, true}, l64{64, true}, u32{32, false};
  EXPECT_EQ(wrapToWidth(300, c8), 44);
  EXPECT_EQ(wrapToWidth(128, c8), -128);
  EXPECT_EQ(wrapToWidth(70000, s16), 4464);
  EXPECT_EQ(wrapToWidth(-1, u32), 4294967295);
  EXPECT_TRUE(fitsWidth(-128, c8));
  EXPECT_FALSE(fitsWidth(128, c8));
  EXPECT_FALSE(fitsWidth(-1, u32));
  EXPECT_EQ(intBinaryAt("+", IntSet::of(4294967295), IntSet::of(2), u32).value, IntSet::of(1));
  EXPECT_EQ(intBinaryAt("*", IntSet::of(65536), IntSet::of(65536), u32).value, IntSet::of(0));
  EXPECT_EQ(intBinaryAt(">>", IntSet::of(4294967295), IntSet::of(31), u32).value, IntSet::of(1));
  EXPECT_NE(intBinaryAt("/", IntSet::of(1), IntSet::of(0), u32).undefinedBehaviour, "");
  EXPECT_EQ(intBinaryAt("+", IntSet::of(2147483647), IntSet::of(1), l64).value,
            IntSet::of(2147483648));
  EXPECT_NE(intBinaryAt("*", IntSet::of(int64_t{1} << 40), IntSet::of(int64_t{1} << 40), l64)
                .undefinedBehaviour,
            "");
  EXPECT_EQ(intUnaryAt("-", IntSet::of(1), u32).value, IntSet::of(4294967295));
  EXPECT_EQ(intFromNumberAt(NumberSet::point(3e9), l64).value, IntSet::of(3000000000));
  EXPECT_NE(intFromNumberAt(NumberSet::point(-1), u32).undefinedBehaviour, "");
  EXPECT_NE(intFromNumberAt(NumberSet::point(3e9), c8).undefinedBehaviour, "");  // as int
}

}  // namespace
}  // namespace plumb::cg
