// The operators, conversions and bitcasts at run time (interpreter/wgsl/runtime_operations.h) and
// the values of the machine (runtime_value.h): exact integer results with the .bs's edge
// cases, and floating-point acceptance sets checked for containment and for tightness (no
// wider than #floating-point-accuracy allows).
#include <cmath>
#include <limits>

#include "checker/float_rounding.h"
#include "interpreter/wgsl/float_accuracy.h"
#include "runtime_test_fixture.h"

namespace plumb::interp::testing {
namespace {

constexpr double kMax = 0x1.fffffep+127;

// ------------------------------------------------------------------ #arithmetic-expr integers

TEST_F(RuntimeTest, ConcreteIntegersWrapModulo2To32) {
  EXPECT_EQ(op1("+", types.i32(), {i32(2147483647), i32(1)}).intValue(), -2147483648);
  EXPECT_EQ(op1("-", types.u32(), {u32(0), u32(1)}).intValue(), 4294967295);
  EXPECT_EQ(op1("*", types.i32(), {i32(65536), i32(65536)}).intValue(), 0);
  EXPECT_EQ(op1("*", types.u32(), {u32(4294967295), u32(4294967295)}).intValue(), 1);
  // "If T is an integral type and e evaluates to the largest negative value, then the result
  // is e."
  EXPECT_EQ(op1("-", types.i32(), {i32(-2147483648)}).intValue(), -2147483648);
  EXPECT_EQ(op1("~", types.u32(), {u32(0)}).intValue(), 4294967295);
  EXPECT_EQ(op1("~", types.i32(), {i32(0)}).intValue(), -1);
}

TEST_F(RuntimeTest, IntegerDivisionAndRemainderFollowTheFormulas) {
  // Signed: "e1, when e2 is zero"; "e1, when e1 is the most negative value in T, and e2 is
  // -1"; truncate(e1 / e2) otherwise.
  EXPECT_EQ(op1("/", types.i32(), {i32(7), i32(0)}).intValue(), 7);
  EXPECT_EQ(op1("/", types.i32(), {i32(-2147483648), i32(-1)}).intValue(), -2147483648);
  EXPECT_EQ(op1("/", types.i32(), {i32(-7), i32(2)}).intValue(), -3);
  EXPECT_EQ(op1("/", types.i32(), {i32(7), i32(-2)}).intValue(), -3);
  // Remainder: 0 for a zero divisor and for MIN % -1; else the sign of e1.
  EXPECT_EQ(op1("%", types.i32(), {i32(7), i32(0)}).intValue(), 0);
  EXPECT_EQ(op1("%", types.i32(), {i32(-2147483648), i32(-1)}).intValue(), 0);
  EXPECT_EQ(op1("%", types.i32(), {i32(-7), i32(2)}).intValue(), -1);
  EXPECT_EQ(op1("%", types.i32(), {i32(7), i32(-2)}).intValue(), 1);
  // Unsigned.
  EXPECT_EQ(op1("/", types.u32(), {u32(7), u32(0)}).intValue(), 7);
  EXPECT_EQ(op1("%", types.u32(), {u32(7), u32(0)}).intValue(), 0);
  EXPECT_EQ(op1("/", types.u32(), {u32(4294967295), u32(2)}).intValue(), 2147483647);
  EXPECT_EQ(op1("%", types.u32(), {u32(4294967295), u32(10)}).intValue(), 5);
}

TEST_F(RuntimeTest, ShiftCountsAreMaskedAndRightShiftOfI32IsArithmetic) {
  // "The number of bits to shift is the value of e2, modulo the bit width of e1."
  EXPECT_EQ(op1("<<", types.u32(), {u32(1), u32(33)}).intValue(), 2);
  EXPECT_EQ(op1("<<", types.u32(), {u32(1), u32(32)}).intValue(), 1);
  EXPECT_EQ(op1("<<", types.i32(), {i32(1), u32(31)}).intValue(), -2147483648);
  EXPECT_EQ(op1(">>", types.u32(), {u32(0x80000000), u32(35)}).intValue(), 0x10000000);
  EXPECT_EQ(op1(">>", types.i32(), {i32(-8), u32(1)}).intValue(), -4);
  EXPECT_EQ(op1(">>", types.i32(), {i32(-8), u32(33)}).intValue(), -4);
  // docs/ambiguities.md S3: the seed's literal text inserts zero bits.
  OperatorOptions literal;
  literal.literalShiftRight = true;
  EXPECT_EQ(one(op(">>", types.i32(), {i32(-8), u32(1)}, literal)).intValue(), 2147483644);
}

TEST_F(RuntimeTest, IntegerComparisonsAndBitOperations) {
  EXPECT_TRUE(op1("<", types.boolType(), {i32(-1), i32(0)}).boolValue());
  EXPECT_FALSE(op1("<", types.boolType(), {u32(4294967295), u32(0)}).boolValue());
  EXPECT_EQ(op1("^", types.u32(), {u32(0xF0F0), u32(0xFF00)}).intValue(), 0x0FF0);
  EXPECT_EQ(op1("&", types.i32(), {i32(-1), i32(0x1234)}).intValue(), 0x1234);
  EXPECT_TRUE(op1("!", types.boolType(), {boolean(false)}).boolValue());
  EXPECT_FALSE(op1("&", types.boolType(), {boolean(true), boolean(false)}).boolValue());
}

TEST_F(RuntimeTest, VectorOperatorsAreComponentWiseWithScalarOperandsBroadcast) {
  RValue v = vec({i32(1), i32(-2)});
  RValue r = op1("*", v.type, {v, i32(3)});
  EXPECT_EQ(text(r), "vec2<i32>(3i, -6i)");
  RValue shifted = op1("<<", v.type, {v, vec({u32(1), u32(33)})});
  EXPECT_EQ(text(shifted), "vec2<i32>(2i, -4i)");
}

TEST_F(RuntimeTest, IndeterminateOperandsGiveIndeterminateResults) {
  RValue r = op1("+", types.i32(), {anyOf(types.i32()), i32(1)});
  EXPECT_TRUE(r.isAny());
  EXPECT_TRUE(op1("==", types.boolType(), {u32(1), anyOf(types.u32())}).isAny());
}

// ------------------------------------------------------------------ floating point

TEST_F(RuntimeTest, CorrectlyRoundedAdditionIsEitherNeighbour) {
  // 1 + 2^-24 lies between 1 and 1 + 2^-23: exactly those two.
  FloatSet s = set(op1("+", types.f32(), {f32(1.0), f32(0x1p-24)}));
  EXPECT_EQ(s, FloatSet::range(1.0, 1.0 + 0x1p-23));
  // Exact results are points.
  EXPECT_EQ(set(op1("+", types.f32(), {f32(1.0), f32(2.0)})), FloatSet::exact(3.0));
  EXPECT_EQ(set(op1("-", types.f32(), {f32(0.5), f32(0.25)})), FloatSet::exact(0.25));
  EXPECT_EQ(set(op1("*", types.f32(), {f32(3.0), f32(-0.5)})), FloatSet::exact(-1.5));
  EXPECT_EQ(set(op1("-", types.f32(), {f32(2.5)})), FloatSet::exact(-2.5));
  // Over intervals: [1, 2] + [10, 20] = [11, 22].
  EXPECT_EQ(set(op1("+", types.f32(), {f32(1, 2), f32(10, 20)})), FloatSet::range(11, 22));
  // Products of intervals take the extreme corners.
  EXPECT_EQ(set(op1("*", types.f32(), {f32(-1, 2), f32(-3, 4)})), FloatSet::range(-6, 8));
}

TEST_F(RuntimeTest, F16ArithmeticRoundsToBinary16) {
  FloatSet s = set(op1("+", types.f16(), {f16(1.0), f16(0x1p-11)}));
  EXPECT_EQ(s, FloatSet::range(1.0, 1.0 + 0x1p-10));
  EXPECT_TRUE(set(op1("*", types.f16(), {f16(256), f16(256)})).any);  // 65536 > 65504
}

TEST_F(RuntimeTest, DivisionIsWithin2Point5UlpAndNoWider) {
  // 1/3: ulp is 2^-25; the nearest f32 n = 0x1.555556p-2 is 1/3 + u/3, so the values within
  // 2.5 ulp are n - 2u .. n + 2u.
  double n = 0x1.555556p-2, u = 0x1p-25;
  FloatSet s = set(op1("/", types.f32(), {f32(1.0), f32(3.0)}));
  EXPECT_EQ(s, FloatSet::range(n - 2 * u, n + 2 * u));
  // An exact quotient: 2.5 ulp of 0.5 on either side (ulp(0.5) is the spacing below, 2^-25).
  FloatSet h = set(op1("/", types.f32(), {f32(1.0), f32(2.0)}));
  EXPECT_TRUE(h.contains(0.5));
  EXPECT_EQ(h, FloatSet::range(0.5 - 2 * 0x1p-25, 0.5 + 2 * 0x1p-25));
}

TEST_F(RuntimeTest, DivisionOutsideItsRangeIsAnyValue) {
  // "2.5 ULP for |y| in the range [2^-126, 2^126]": outside it the accuracy is undefined.
  EXPECT_TRUE(set(op1("/", types.f32(), {f32(1.0), f32(0.0)})).any);
  EXPECT_TRUE(set(op1("/", types.f32(), {f32(1.0), f32(0x1p-127)})).any);
  EXPECT_TRUE(set(op1("/", types.f32(), {f32(1.0), f32(0x1p127)})).any);
  EXPECT_TRUE(set(op1("/", types.f32(), {f32(1.0), f32(-1, 1)})).any);
  EXPECT_FALSE(set(op1("/", types.f32(), {f32(1.0), f32(0x1p126)})).any);
}

TEST_F(RuntimeTest, FloatRemainderIsDerivedFromTruncatedQuotient) {
  // 5 % 3: 5/3 within 2.5 ulp truncates to 1, so 5 - 3 * 1 = 2 exactly.
  EXPECT_EQ(set(op1("%", types.f32(), {f32(5.0), f32(3.0)})), FloatSet::exact(2.0));
  // 6 % 3: the quotient may be just below 2, so trunc may be 1: 6 - 3 or 6 - 6.
  FloatSet s = set(op1("%", types.f32(), {f32(6.0), f32(3.0)}));
  EXPECT_TRUE(s.contains(0.0));
  EXPECT_TRUE(s.contains(3.0));
  EXPECT_FALSE(s.contains(-0.5));
}

TEST_F(RuntimeTest, OverflowAndNonFiniteValuesAreAnyValue) {
  EXPECT_TRUE(set(op1("*", types.f32(), {f32(kMax), f32(2.0)})).any);
  EXPECT_TRUE(set(op1("+", types.f32(), {f32(kMax), f32(kMax)})).any);
  // Between MAX and 2^128 the correctly rounded result may be MAX or infinity: any.
  EXPECT_TRUE(set(op1("+", types.f32(), {f32(kMax), f32(0x1p103)})).any);
  // Below half an ulp above MAX: still any, as rounding up gives infinity.
  EXPECT_TRUE(set(op1("+", types.f32(), {f32(kMax), f32(0x1p100)})).any);
  EXPECT_TRUE(FloatSet::exact(INFINITY).any);
  EXPECT_TRUE(FloatSet::exact(NAN).any);
  EXPECT_TRUE(set(op1("+", types.f32(), {RValue{types.f32(), FloatSet::exact(NAN)}, f32(1)})).any);
  EXPECT_TRUE(set(op1("-", types.f32(), {anyOf(types.f32())})).any);
}

TEST_F(RuntimeTest, SubnormalsMayBeFlushedOnInputAndOutput) {
  // Output: 2^-149 * 1 is the subnormal 2^-149 or, flushed, 0.
  EXPECT_EQ(set(op1("*", types.f32(), {f32(0x1p-149), f32(1.0)})), FloatSet::range(0, 0x1p-149));
  // Input: 2^-149 + 1 is 1 (or its neighbour) whether or not the input is flushed.
  EXPECT_EQ(set(op1("+", types.f32(), {f32(0x1p-149), f32(1.0)})),
            FloatSet::range(1.0, 1.0 + 0x1p-23));
  // A normal result of normal inputs is not widened.
  EXPECT_EQ(set(op1("*", types.f32(), {f32(0x1p-126), f32(1.0)})), FloatSet::exact(0x1p-126));
}

TEST_F(RuntimeTest, ComparisonsOfOverlappingSetsGiveBothAlternatives) {
  OperationResult r = op("<", types.boolType(), {f32(1, 2), f32(1.5, 3)});
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.alternatives.size(), 2u);
  EXPECT_NE(r.alternatives[0].boolValue(), r.alternatives[1].boolValue());
  EXPECT_TRUE(op1("<", types.boolType(), {f32(1, 2), f32(2.5, 3)}).boolValue());
  EXPECT_FALSE(op1("==", types.boolType(), {f32(1, 2), f32(2.5, 3)}).boolValue());
  EXPECT_TRUE(op1("==", types.boolType(), {f32(1.5), f32(1.5)}).boolValue());
  EXPECT_TRUE(op1(">=", types.boolType(), {f32(2), f32(1, 2)}).boolValue());
  // A subnormal may compare equal to zero (flushed input).
  EXPECT_EQ(op("==", types.boolType(), {f32(0x1p-149), f32(0)}).alternatives.size(), 2u);
  EXPECT_EQ(op("!=", types.boolType(), {anyOf(types.f32()), f32(0)}).alternatives.size(), 2u);
  // Component-wise on vectors: the product of the components' alternatives.
  OperationResult v = op("<", types.vector(2, types.boolType()),
                         {vec({f32(1, 2), f32(0)}), vec({f32(1.5), f32(0, 1)})});
  EXPECT_EQ(v.alternatives.size(), 4u);
}

TEST_F(RuntimeTest, MatrixArithmetic) {
  Type col = types.vector(2, types.f32());
  Type m22 = types.matrix(2, 2, types.f32());
  RValue m{m22, Components{vec({f32(1), f32(2)}), vec({f32(3), f32(4)})}};  // columns
  RValue v = vec({f32(1), f32(1)});
  // Matrix-column-vector: (1*1 + 3*1, 2*1 + 4*1).
  EXPECT_EQ(text(op1("*", col, {m, v})), "vec2<f32>(4.0f, 6.0f)");
  // Row-vector-matrix: (dot(v, m[0]), dot(v, m[1])).
  EXPECT_EQ(text(op1("*", col, {v, m})), "vec2<f32>(3.0f, 7.0f)");
  RValue mm = op1("*", m22, {m, m});
  ASSERT_EQ(mm.components().size(), 2u);
  EXPECT_EQ(text(mm.components()[0]), text(vec({f32(7), f32(10)})));
  EXPECT_EQ(text(mm.components()[1]), "vec2<f32>(15.0f, 22.0f)");
  EXPECT_EQ(text(op1("-", m22, {m, m})),
            "mat2x2<f32>(vec2<f32>(0.0f, 0.0f), vec2<f32>(0.0f, 0.0f))");
  EXPECT_EQ(text(op1("*", m22, {f32(2), m})),
            "mat2x2<f32>(vec2<f32>(2.0f, 4.0f), vec2<f32>(6.0f, 8.0f))");
}

TEST_F(RuntimeTest, SumsOfProductsMayBeReassociated) {
  // "An implementation may reassociate operations": 1 + 2^-24 + 2^-24 is 1 (or its upper
  // neighbour, each sum correctly rounded) left to right, and 1 + 2^-23 grouped right first.
  const fp::Format& f = fp::formatOf(TypeKind::F32);
  FloatSet one = FloatSet::exact(1), tiny = FloatSet::exact(0x1p-24);
  FloatSet leftToRight = fp::add(f, fp::add(f, one, tiny), tiny);
  FloatSet rightFirst = fp::add(f, one, fp::add(f, tiny, tiny));
  FloatSet any = fp::reassociatedSum(f, {one, tiny, tiny});
  EXPECT_EQ(any, fp::hull(leftToRight, rightFirst));
  EXPECT_TRUE(any.contains(1) && any.contains(1 + 0x1p-23));
  EXPECT_EQ(fp::reassociatedSum(f, {one, tiny}), fp::add(f, one, tiny));
  // dot and the matrix products use it: dot((1, 2^-24, 2^-24), (1, 1, 1)).
  RValue x = vec({f32(1), f32(0x1p-24), f32(0x1p-24)}), y = vec({f32(1), f32(1), f32(1)});
  EXPECT_EQ(set(call1("dot", {x, y})), any);
}

TEST_F(RuntimeTest, AbstractOperandsAtRunTimeTakeTheConcreteType) {
  // select(0, 1, c) with a run-time c is an AbstractInt at run time; next to an i32 it is an
  // i32 (docs/ambiguities.md R15).
  RValue ai{types.abstractInt(), int64_t(1)};
  EXPECT_EQ(op1("*", types.i32(), {ai, i32(-7)}).intValue(), -7);
  EXPECT_EQ(op1("<", types.boolType(), {ai, u32(2)}).boolValue(), true);
  EXPECT_EQ(op1("<<", types.u32(), {RValue{types.abstractInt(), int64_t(3)}, u32(4)}).intValue(), 48);
  EXPECT_EQ(op1("+", types.abstractInt(), {ai, ai}).intValue(), 2);
  // W[i] of `const W = vec4(0.1, ...)`: either f32 neighbour of 0.1 (#floating-point-
  // conversion; R15, R17), then the f32 product.
  RValue af{types.abstractFloat(), FloatSet::exact(0.1)};
  FloatSet tenth = FloatSet::range(0x1.999998p-4, 0x1.99999ap-4);
  EXPECT_EQ(set(op1("*", types.f32(), {af, f32(1)})), tenth);
  EXPECT_EQ(set(one(convertValue(types, af, types.f32()))), tenth);
  RValue half{types.abstractFloat(), FloatSet::exact(0.5)};  // a value of f32: itself
  EXPECT_EQ(set(one(convertValue(types, half, types.f32()))), FloatSet::exact(0.5));
  RValue big{types.abstractInt(), int64_t(16777217)};  // 2^24 + 1: 2^24 or 2^24 + 2
  EXPECT_EQ(set(one(convertValue(types, big, types.f32()))), FloatSet::range(0x1p24, 0x1p24 + 2));
  EXPECT_FALSE(op("+", types.i32(), {RValue{types.abstractInt(), int64_t(1) << 40}, i32(1)}).ok());
}

// ------------------------------------------------------------------ conversions

TEST_F(RuntimeTest, FloatToIntegerRoundsTowardZeroAndSaturates) {
  auto conv = [&](RValue v, Type t) { return convertValue(types, v, t); };
  EXPECT_EQ(one(conv(f32(2.75), types.i32())).intValue(), 2);
  EXPECT_EQ(one(conv(f32(-2.75), types.i32())).intValue(), -2);
  EXPECT_EQ(one(conv(f32(3e9), types.i32())).intValue(), 2147483520);
  EXPECT_EQ(one(conv(f32(-3e9), types.i32())).intValue(), -2147483648);
  EXPECT_EQ(one(conv(f32(1e20), types.u32())).intValue(), 4294967040);
  EXPECT_EQ(one(conv(f32(-5.5), types.u32())).intValue(), 0);
  EXPECT_EQ(one(conv(f16(65504), types.u32())).intValue(), 65504);
  // A set spanning several integers: one alternative each.
  OperationResult r = conv(f32(1.5, 3.5), types.i32());
  ASSERT_EQ(r.alternatives.size(), 3u);
  EXPECT_EQ(r.alternatives[0].intValue(), 1);
  EXPECT_EQ(r.alternatives[2].intValue(), 3);
  // Too many: indeterminate.
  EXPECT_TRUE(one(conv(f32(0, 100), types.i32())).isAny());
  EXPECT_TRUE(one(conv(anyOf(types.f32()), types.u32())).isAny());
}

TEST_F(RuntimeTest, IntegerToFloatIsEitherNeighbour) {
  auto conv = [&](RValue v, Type t) { return set(one(convertValue(types, v, t))); };
  EXPECT_EQ(conv(i32(16777217), types.f32()), FloatSet::range(16777216, 16777218));
  EXPECT_EQ(conv(i32(16777216), types.f32()), FloatSet::exact(16777216));
  EXPECT_EQ(conv(u32(4294967295), types.f32()), FloatSet::range(4294967040.0, 4294967296.0));
  EXPECT_EQ(conv(i32(2049), types.f16()), FloatSet::range(2048, 2050));
  EXPECT_TRUE(conv(i32(70000), types.f16()).any);  // beyond f16's finite range: infinity
  EXPECT_EQ(conv(f16(0.5), types.f32()), FloatSet::exact(0.5));
  EXPECT_EQ(conv(f32(1 + 0x1p-12), types.f16()), FloatSet::range(1, 1 + 0x1p-10));
  EXPECT_TRUE(conv(f32(70000), types.f16()).any);
}

TEST_F(RuntimeTest, BoolConversions) {
  Type b = types.boolType();
  EXPECT_FALSE(one(convertValue(types, f32(0), b)).boolValue());
  EXPECT_TRUE(one(convertValue(types, f32(0x1p-149), b)).boolValue());
  EXPECT_EQ(convertValue(types, f32(-1, 1), b).alternatives.size(), 2u);
  EXPECT_EQ(one(convertValue(types, boolean(true), types.u32())).intValue(), 1);
  EXPECT_EQ(set(one(convertValue(types, boolean(true), types.f32()))), FloatSet::exact(1));
  // i32 <-> u32 reinterpret the bits.
  EXPECT_EQ(one(convertValue(types, i32(-1), types.u32())).intValue(), 4294967295);
  EXPECT_EQ(one(convertValue(types, u32(0x80000000), types.i32())).intValue(), -2147483648);
}

TEST_F(RuntimeTest, Bitcasts) {
  EXPECT_EQ(set(one(bitcastValue(types, u32(0x3f800000), types.f32()))), FloatSet::exact(1));
  EXPECT_TRUE(set(one(bitcastValue(types, u32(0x7f800000), types.f32()))).any);  // infinity
  EXPECT_TRUE(set(one(bitcastValue(types, u32(0x7fc00000), types.f32()))).any);  // NaN
  EXPECT_EQ(one(bitcastValue(types, f32(1.0), types.u32())).intValue(), 0x3f800000);
  EXPECT_EQ(one(bitcastValue(types, f32(-2.0), types.i32())).intValue(), int32_t(0xc0000000));
  // Zero: both encodings (the sign of a zero is not tracked).
  OperationResult z = bitcastValue(types, f32(0.0), types.u32());
  ASSERT_EQ(z.alternatives.size(), 2u);
  EXPECT_EQ(z.alternatives[0].intValue(), 0);
  EXPECT_EQ(z.alternatives[1].intValue(), 0x80000000);
  // Two neighbouring values: two encodings.
  EXPECT_EQ(bitcastValue(types, f32(1.0, 1.0 + 0x1p-23), types.u32()).alternatives.size(), 2u);
  EXPECT_TRUE(one(bitcastValue(types, f32(1, 2), types.u32())).isAny());
  EXPECT_EQ(one(bitcastValue(types, i32(-1), types.u32())).intValue(), 4294967295);
}

// #bitcast-expr's binary16x2 and binary16x4 rows (new#bitcast-builtin): the bits of a word,
// component 0 being its low half (#internal-value-layout), exactly.
TEST_F(RuntimeTest, BitcastsBetweenWordsAndF16Halves) {
  Type h2 = types.vector(2, types.f16()), h4 = types.vector(4, types.f16());
  Type u2 = types.vector(2, types.u32());
  // 0xc0003c00: low half 0x3c00 (1.0), high half 0xc000 (-2.0).
  RValue halves = one(bitcastValue(types, u32(0xc0003c00), h2));
  ASSERT_TRUE(halves.isComposite());
  EXPECT_EQ(set(halves.components()[0]), FloatSet::exact(1.0));
  EXPECT_EQ(set(halves.components()[1]), FloatSet::exact(-2.0));
  EXPECT_EQ(one(bitcastValue(types, vec({f16(1.0), f16(-2.0)}), types.u32())).intValue(),
            0xc0003c00);
  EXPECT_EQ(one(bitcastValue(types, vec({f16(1.0), f16(-2.0)}), types.i32())).intValue(),
            int32_t(0xc0003c00));
  // f32 1.0 is 0x3f800000: halves 0x0000 (0.0) and 0x3f80 (1.875), one alternative.
  RValue fromFloat = one(bitcastValue(types, f32(1.0), h2));
  EXPECT_EQ(set(fromFloat.components()[0]), FloatSet::exact(0.0));
  EXPECT_EQ(set(fromFloat.components()[1]), FloatSet::exact(1.875));
  // Back: the low half 0.0 has two encodings (0x0000, 0x8000): 1.0f or 0x3f808000.
  OperationResult back = bitcastValue(types, vec({f16(0.0), f16(1.875)}), types.f32());
  ASSERT_EQ(back.alternatives.size(), 2u);
  EXPECT_EQ(set(back.alternatives[0]), FloatSet::exact(1.0));
  EXPECT_EQ(set(back.alternatives[1]), FloatSet::exact(f32FromBits(0x3f808000u)));
  // An f32 zero's two encodings give the same halves: one alternative.
  EXPECT_EQ(bitcastValue(types, f32(0.0), h2).alternatives.size(), 1u);
  // The bits of an infinity (0x7c00) or a NaN (0x7e00) in a half: any value of it.
  RValue inf = one(bitcastValue(types, u32(0x7c003c00), h2));
  EXPECT_EQ(set(inf.components()[0]), FloatSet::exact(1.0));
  EXPECT_TRUE(set(inf.components()[1]).any);
  EXPECT_TRUE(set(one(bitcastValue(types, u32(0x3c007e00), h2)).components()[0]).any);
  // An indeterminate operand: every half or word.
  RValue anyHalves = one(bitcastValue(types, anyOf(types.u32()), h2));
  EXPECT_TRUE(set(anyHalves.components()[0]).any && set(anyHalves.components()[1]).any);
  EXPECT_TRUE(one(bitcastValue(types, vec({f16(1.0), anyOf(types.f16())}), types.u32())).isAny());
  // vec4<f16> <-> vec2<u32>: word by word.
  RValue words = one(bitcastValue(types, vec({f16(1.0), f16(-2.0), f16(0.5), f16(2.0)}), u2));
  EXPECT_EQ(words.components()[0].intValue(), 0xc0003c00);
  EXPECT_EQ(words.components()[1].intValue(), 0x40003800);
  RValue four = one(bitcastValue(types, vec({u32(0xc0003c00), u32(0x40003800)}), h4));
  ASSERT_EQ(four.components().size(), 4u);
  const double expected[] = {1.0, -2.0, 0.5, 2.0};
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(set(four.components()[i]), FloatSet::exact(expected[i]));
  // 2026 (Revision::bitcastMayFlush): the subnormal half 0x0001 (2^-24) may be a zero.
  EXPECT_EQ(set(one(bitcastValue(types, u32(0x00013c00), h2)).components()[1]),
            FloatSet::exact(0x1p-24));
  EXPECT_TRUE(set(one(bitcastValue(types, u32(0x00013c00), h2, true)).components()[1]).contains(0));
  EXPECT_EQ(
      bitcastValue(types, vec({f16(0x1p-24), f16(1.0)}), types.u32(), true).alternatives.size(),
      3u);  // 0x3c000001, and the zeros 0x3c000000, 0x3c008000
}

// ------------------------------------------------------------------ values

TEST_F(RuntimeTest, ZeroValuesAndText) {
  Type arr = types.array(types.vector(2, types.u32()), ArrayCount::Fixed, 2);
  EXPECT_EQ(text(zeroValue(types, arr)),
            "array<vec2<u32>, 2>(vec2<u32>(0u, 0u), vec2<u32>(0u, 0u))");
  EXPECT_EQ(text(zeroValue(types, types.matrix(2, 2, types.f32()))),
            "mat2x2<f32>(vec2<f32>(0.0f, 0.0f), vec2<f32>(0.0f, 0.0f))");
  EXPECT_EQ(text(zeroValue(types, types.atomic(types.i32()))), "0i");
  EXPECT_EQ(text(anyValueOf(types, types.vector(2, types.u32()))), "vec2<u32>(any, any)");
  EXPECT_EQ(text(f32(1.0, 1.0 + 0x1p-23)), "[1.0f, 1.0000001f]");
  RValue v = vec({f32(1.5), i32(0)});
  EXPECT_FALSE(toValue(vec({f32(1, 2), f32(0)})).has_value());
  std::optional<Value> back = toValue(vec({f32(1.5), f32(-2)}));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(fromValue(*back), vec({f32(1.5), f32(-2)}));
}

TEST_F(RuntimeTest, AlternativesBeyondTheCapAreMerged) {
  // Four components with two alternatives each: 16, the cap.
  std::vector<RValue> a, b;
  for (int i = 0; i < 4; ++i) a.push_back(f32(1, 2)), b.push_back(f32(1.5));
  Type bv = types.vector(4, types.boolType());
  EXPECT_EQ(op("<", bv, {vec(a), vec(b)}).alternatives.size(), 16u);
  // Product of 3 * 3 * 3 integer alternatives from a conversion: 27 > 16, so indeterminate.
  RValue v = vec({f32(0.5, 3), f32(0.5, 3), f32(0.5, 3)});
  OperationResult r = convertValue(types, v, types.vector(3, types.i32()));
  ASSERT_EQ(r.alternatives.size(), 1u);
  EXPECT_EQ(text(r.alternatives[0]), "vec3<i32>(any, any, any)");
}

}  // namespace
}  // namespace plumb::interp::testing
