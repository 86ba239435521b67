// Subnormals at run time (#floating-point-evaluation; docs/ambiguities.md R9, R16): every
// operation of the accuracy table may flush its inputs and output, f32 and f16 alike; the
// binary16 value inside quantizeToF16, pack2x16float and unpack2x16float may be flushed;
// conversions, bitcast and select preserve subnormals.
#include "runtime_test_fixture.h"

#include "interpreter/wgsl/float_accuracy.h"

namespace plumb::interp::testing {
namespace {

bool hasAlternative(const OperationResult& r, int64_t v) {
  for (const RValue& a : r.alternatives)
    if (std::holds_alternative<int64_t>(a.data) && a.intValue() == v) return true;
  return false;
}

TEST_F(RuntimeTest, ArithmeticMayFlushItsSubnormalOutputInF32AndF16) {
  EXPECT_TRUE(set(op1("*", types.f32(), {f32(0x1p-140), f32(1.0)})).contains(0));
  EXPECT_TRUE(set(op1("-", types.f32(), {f32(0x1p-125), f32(0x1p-126 + 0x1p-140)})).contains(0));
  EXPECT_TRUE(set(op1("/", types.f32(), {f32(0x1p-140), f32(1.0)})).contains(0));
  EXPECT_TRUE(set(op1("-", types.f32(), {f32(0x1p-140)})).contains(0));
  // f16: the smallest normal is 2^-14; 2^-20 is subnormal.
  FloatSet h = set(op1("*", types.f16(), {f16(0x1p-20), f16(1.0)}));
  EXPECT_TRUE(h.contains(0));
  EXPECT_TRUE(h.contains(0x1p-20));
  EXPECT_EQ(set(op1("*", types.f16(), {f16(0x1p-14), f16(1.0)})), FloatSet::exact(0x1p-14));
}

TEST_F(RuntimeTest, BuiltinsOfTheAccuracyTableMayFlush) {
  EXPECT_TRUE(set(call1("abs", {f32(-0x1p-140)})).contains(0));
  EXPECT_TRUE(set(call1("min", {f32(0x1p-140), f32(1)})).contains(0));
  EXPECT_TRUE(set(call1("max", {f32(-1), f32(0x1p-140)})).contains(0));
  EXPECT_TRUE(set(call1("clamp", {f32(0x1p-140), f32(0), f32(1)})).contains(0));
  EXPECT_TRUE(set(call1("ldexp", {f32(1), i32(-140)})).contains(0));
  EXPECT_TRUE(set(call1("ldexp", {f32(1), i32(-140)})).contains(0x1p-140));
  EXPECT_TRUE(set(call1("exp", {f32(-100)})).contains(0));  // e^-100 is about 2^-144
  EXPECT_TRUE(set(call1("trunc", {f32(0x1p-140)})).contains(0));
  EXPECT_TRUE(set(call1("fma", {f32(0x1p-70), f32(0x1p-70), f32(0)})).contains(0));
  EXPECT_TRUE(set(call1("abs", {f16(-0x1p-20)})).contains(0));
  // A subnormal input compares equal to zero when flushed.
  EXPECT_EQ(op("<", types.boolType(), {f32(0), f32(0x1p-140)}).alternatives.size(), 2u);
}

TEST_F(RuntimeTest, QuantizeToF16MayFlushItsBinary16Subnormal) {
  // issue 14: devices give 0 for a value in binary16's subnormal range (R16).
  FloatSet q = set(call1("quantizeToF16", {f32(0x1p-20)}));
  EXPECT_TRUE(q.contains(0));
  EXPECT_TRUE(q.contains(0x1p-20));
  EXPECT_FALSE(q.contains(0x1p-19));
  FloatSet n =
      set(call1("quantizeToF16", {f32(-0x1.8p-22)}));  // -6 * 2^-24: a binary16 subnormal, or 0
  EXPECT_TRUE(n.contains(0));
  EXPECT_TRUE(n.contains(-0x1.8p-22));
  FloatSet between = set(call1("quantizeToF16", {f32(-0x1.8p-24)}));  // either neighbour, or 0
  EXPECT_TRUE(between.contains(0));
  EXPECT_TRUE(between.contains(-0x1p-24));
  EXPECT_TRUE(between.contains(-0x1p-23));
  // Normal binary16 values are not widened.
  EXPECT_EQ(set(call1("quantizeToF16", {f32(0x1p-14)})), FloatSet::exact(0x1p-14));
  EXPECT_EQ(set(call1("quantizeToF16", {f32(0.5)})), FloatSet::exact(0.5));
}

TEST_F(RuntimeTest, Pack2x16FloatMayFlushASubnormalHalf) {
  OperationResult p = call("pack2x16float", {vec({f32(0x1p-20), f32(1)})});
  ASSERT_TRUE(p.ok());
  EXPECT_TRUE(hasAlternative(p, 0x3c000010));  // 2^-20 is binary16 0x0010
  EXPECT_TRUE(hasAlternative(p, 0x3c000000));
  EXPECT_TRUE(hasAlternative(p, 0x3c008000));
  EXPECT_EQ(p.alternatives.size(), 3u);
  // A normal half: one encoding.
  EXPECT_EQ(call1("pack2x16float", {vec({f32(0x1p-14), f32(1)})}).intValue(), 0x3c000400);
}

TEST_F(RuntimeTest, Unpack2x16FloatMayFlushASubnormalHalf) {
  RValue f = call1("unpack2x16float", {u32(0x3c000010)});
  FloatSet lo = set(f.components()[0]);
  EXPECT_TRUE(lo.contains(0));
  EXPECT_TRUE(lo.contains(0x1p-20));
  EXPECT_EQ(set(f.components()[1]), FloatSet::exact(1));
  EXPECT_EQ(set(call1("unpack2x16float", {u32(0x0400)}).components()[0]), FloatSet::exact(0x1p-14));
}

TEST_F(RuntimeTest, ConversionsBitcastAndSelectPreserveSubnormals) {
  // Not in the accuracy table: "Other operations are required to preserve denormalized
  // numbers" (#floating-point-evaluation).
  OperationResult c = convertValue(types, f32(0x1p-20), types.f16());
  ASSERT_TRUE(c.ok());
  ASSERT_EQ(c.alternatives.size(), 1u);
  EXPECT_EQ(set(c.alternatives[0]), FloatSet::exact(0x1p-20));
  OperationResult w = convertValue(types, f16(0x1p-20), types.f32());
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(set(w.alternatives[0]), FloatSet::exact(0x1p-20));
  OperationResult b = bitcastValue(types, u32(1), types.f32());
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(set(b.alternatives[0]), FloatSet::exact(0x1p-149));
  EXPECT_EQ(set(call1("select", {f32(0), f32(0x1p-149), boolean(true)})),
            FloatSet::exact(0x1p-149));
}

}  // namespace
}  // namespace plumb::interp::testing
