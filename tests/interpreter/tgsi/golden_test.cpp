// Golden vectors for the TGSI evaluator: edge inputs (±0, ±inf, NaN, subnormals, 2^±64,
// clamp bounds lo > hi) with the expected OUT[0] derived by hand from the seed's formula
// (shared/seeds/001_*), written next to each case. Transcendental values are the correctly
// rounded binary32 results computed with mpmath at 300 bits (not with Plumb's MPFR path).
#include "tgsi_run_fixture.h"

namespace plumb::tgsi {
namespace {

using namespace testing;
using R = std::array<uint32_t, 4>;

constexpr uint32_t kInf = 0x7F800000, kNegInf = 0xFF800000, kNaN = 0x7FC00000;
constexpr uint32_t kNegZero = 0x80000000, kMax = 0x7F7FFFFF;
constexpr uint32_t kTwo64 = 0x5F800000, kTwoMinus75 = 0x1A000000, kTwoMinus149 = 0x00000001;
const std::string one = F(1), zero = F(0), negZero = H(kNegZero), inf = H(kInf);

R v(float x, float y = 0, float z = 0, float w = 0) {
  return {B(x), B(y), B(z), B(w)};
}
R s(uint32_t b) {
  return {b, b, b, b};
}

// ---- "ADD - Add", "SUB", "MUL": IEEE special values in both modes ----
TEST(TgsiGolden, AddSignedZerosInfinitiesOverflow) {
  // +0 + -0 = +0; -0 + -0 = -0; inf + -inf = NaN; max + max overflows to inf.
  expectBoth("  0: ADD OUT[0], IN[0], IN[1]",
             {{0, kNegZero, kInf, kMax}, {kNegZero, kNegZero, kNegInf, kMax}},
             {{zero, negZero, "nan", inf}});
}
TEST(TgsiGolden, SubAndMulSpecials) {
  // 0 × inf = NaN; -0 × 5 = -0; 2^64 × 2^64 = 2^128 → inf.
  expectBoth("  0: MUL OUT[0], IN[0], IN[1]",
             {{0, kNegZero, kTwo64, B(3)}, {kInf, B(5), kTwo64, B(-2)}},
             {{"nan", negZero, inf, F(-6)}});
  // inf - inf = NaN; x - x = +0.
  expectBoth("  0: SUB OUT[0], IN[0], IN[1]", {{kInf, B(2), 0, 0}, {kInf, B(2), 0, 0}},
             {{"nan", zero, zero, zero}});
}

// ---- "DP3": exact mode sums exactly, ieee32 rounds each step left to right ----
TEST(TgsiGolden, Dp3CancellationDiffersBetweenModes) {
  // 1e20·1 + 1·1 + (-1e20)·1: exactly 1; in binary32 left to right 1e20 + 1 rounds to 1e20,
  // then 0; (1e20 + -1e20) + 1, another order of the same sum (TGSI-19), gives 1.
  auto body = "  0: DP3 OUT[0], IN[0], IN[1]";
  std::vector<R> ins = {v(1e20f, 1, -1e20f), v(1, 1, 1)};
  EXPECT_EQ(run(body, ins, Numerics::Exact), Outs({splat(one)}));
  EXPECT_EQ(run(body, ins, Numerics::Ieee32), Outs({splat(zero), splat(one)}));
}
TEST(TgsiGolden, Dp4DphDp2Dp2a) {
  expectBoth("  0: DP4 OUT[0], IN[0], IN[1]", {v(1, 2, 3, 4), v(5, 6, 7, 8)}, {splat(F(70))});
  expectBoth("  0: DPH OUT[0], IN[0], IN[1]", {v(1, 2, 3, 100), v(4, 5, 6, 7)}, {splat(F(39))});
  expectBoth("  0: DP2 OUT[0], IN[0], IN[1]", {v(1, 2, 3), v(3, 4, 5)}, {splat(F(11))});
  expectBoth("  0: DP2A OUT[0], IN[0], IN[1], IN[2]", {v(1, 2), v(3, 4), v(5, 9)}, {splat(F(16))});
}

// ---- "MAD": no contraction in ieee32; exact rounds once ----
TEST(TgsiGolden, MadSubnormalTie) {
  // 2^-75 × 2^-75 = 2^-150, plus 2^-149: exactly 1.5 × 2^-149, a tie between 2^-149 (odd
  // significand) and 2^-148 → 2^-148. In binary32 the product 2^-150 is a tie between 0 and
  // 2^-149 → 0 (even), then + 2^-149 = 2^-149; contracted (TGSI-19), one rounding: 2^-148.
  auto body = "  0: MAD OUT[0], IN[0], IN[1], IN[2]";
  std::vector<R> ins = {s(kTwoMinus75), s(kTwoMinus75), s(kTwoMinus149)};
  EXPECT_EQ(run(body, ins, Numerics::Exact), Outs({splat(H(2))}));
  EXPECT_EQ(run(body, ins, Numerics::Ieee32), Outs({splat(H(1)), splat(H(2))}));
  // With flush to zero the product 2^-150 is below the smallest normal: 0, then + 2^-149 is
  // also below it: 0. Contracted, 1.5 × 2^-149 is below it too: 0.
  EXPECT_EQ(run(body, ins, Numerics::Ieee32Ftz), Outs({splat(H(0))}));
}
TEST(TgsiGolden, MadOverflowRecoveredExactly) {
  // 2^64 × 2^64 − max = 2^128 − (2^128 − 2^104) = 2^104 exactly; in binary32 inf − max = inf,
  // contracted 2^104 (TGSI-19).
  auto body = "  0: MAD OUT[0], IN[0], IN[1], -IN[2]";
  std::vector<R> ins = {s(kTwo64), s(kTwo64), s(kMax)};
  EXPECT_EQ(run(body, ins, Numerics::Exact), Outs({splat(H(0x73800000))}));
  EXPECT_EQ(run(body, ins, Numerics::Ieee32), Outs({splat(inf), splat(H(0x73800000))}));
}
TEST(TgsiGolden, Dp3EvaluationOrders) {
  // (-128, -126, 2^23) · (-128, -150, 1e-7) = 16384 + 18900 + 0.8388608... : left to right
  // (fused or not) rounds to 0x4709d4d7, as the exact value does; right to left fused,
  // fma(x, x', fma(y, y', z × z')) as Mesa lowers DP3, gives 0x4709d4d6 (TGSI-19; computed
  // with Python's fractions, not with Plumb).
  auto body = "  0: DP3 OUT[0], IN[0], IN[1]";
  std::vector<R> ins = {{B(-128), B(-126), 0x4b000000, 0}, {B(-128), B(-150), 0x33d6bf95, 0}};
  EXPECT_EQ(run(body, ins, Numerics::Exact), Outs({splat(H(0x4709d4d7))}));
  EXPECT_EQ(run(body, ins, Numerics::Ieee32), Outs({splat(H(0x4709d4d7)), splat(H(0x4709d4d6))}));
}
TEST(TgsiGolden, Ieee32FtzFlushesArithmeticNotMoves) {
  // 2^-126 × (1 − 2^-24) = 2^-126 − 2^-150: a tie that rounds up to the smallest normal in
  // binary32, but it is below it before rounding, so flush to zero writes 0 (llvmpipe does).
  auto mul = "  0: MUL OUT[0], IN[0], IN[1]";
  std::vector<R> ins = {s(0x00800000), s(0x3f7fffff)};
  EXPECT_EQ(run(mul, ins, Numerics::Ieee32), Outs({splat(H(0x00800000))}));
  EXPECT_EQ(run(mul, ins, Numerics::Ieee32Ftz), Outs({splat(H(0))}));
  // A subnormal operand is read as a zero of its sign; MOV and ABS move it unchanged.
  EXPECT_EQ(run("  0: ADD OUT[0], IN[0], IN[1]", {s(0x80000001), s(kNegZero)}, Numerics::Ieee32Ftz),
            Outs({splat(H(kNegZero))}));
  EXPECT_EQ(run("  0: MOV OUT[0], -IN[0]", {s(0x00000001)}, Numerics::Ieee32Ftz),
            Outs({splat(H(0x80000001))}));
  // A comparison reads flushed operands: -2^-149 < 0 is false, so SLT gives 0.
  EXPECT_EQ(run("  0: SLT OUT[0], IN[0], IN[1]", {s(0x80000001), s(0)}, Numerics::Ieee32Ftz),
            Outs({splat(zero)}));
  EXPECT_EQ(run("  0: SLT OUT[0], IN[0], IN[1]", {s(0x80000001), s(0)}, Numerics::Ieee32),
            Outs({splat(one)}));
}

// ---- "MIN", "MAX": the seed's ternaries, so NaN depends on operand order ----
TEST(TgsiGolden, MinMaxNaNAndZeros) {
  // min(x,y) = (x < y) ? x : y: min(NaN, 1) = 1, min(1, NaN) = NaN, min(-0, +0) = +0 (y),
  // min(+0, -0) = -0.
  expectBoth("  0: MIN OUT[0], IN[0], IN[1]",
             {{kNaN, B(1), kNegZero, 0}, {B(1), kNaN, 0, kNegZero}}, {{one, "nan", zero, negZero}});
  // max(x,y) = (x > y) ? x : y: max(NaN, 1) = 1, max(1, NaN) = NaN, max(-inf, 2) = 2.
  expectBoth("  0: MAX OUT[0], IN[0], IN[1]",
             {{kNaN, B(1), kNegInf, B(3)}, {B(1), kNaN, B(2), B(3)}}, {{one, "nan", F(2), F(3)}});
}

// ---- "CLAMP": clamp(x,y,z) = (x < y) ? y : (x > z) ? z : x ----
TEST(TgsiGolden, ClampNaNAndLowAboveHigh) {
  // x = NaN → NaN; lo = 1 > hi = 0: 0.5 < 1 → 1; 2 > 0 → 0; -inf < 1 → 1.
  expectBoth("  0: CLAMP OUT[0], IN[0], IN[1], IN[2]",
             {{kNaN, B(0.5f), B(2), kNegInf}, {0, B(1), B(1), B(1)}, {B(1), 0, 0, 0}},
             {{"nan", one, zero, one}});
}

// ---- Set-on-compare: false on NaN, except SNE ----
TEST(TgsiGolden, CompareWithNaNAndZeros) {
  std::vector<R> ins = {{kNaN, kNegZero, B(1), kNaN}, {B(1), 0, B(2), kNaN}};
  expectBoth("  0: SLT OUT[0], IN[0], IN[1]", ins, {{zero, zero, one, zero}});
  expectBoth("  0: SGE OUT[0], IN[0], IN[1]", ins, {{zero, one, zero, zero}});
  expectBoth("  0: SGT OUT[0], IN[0], IN[1]", ins, {{zero, zero, zero, zero}});
  expectBoth("  0: SLE OUT[0], IN[0], IN[1]", ins, {{zero, one, one, zero}});
  expectBoth("  0: SEQ OUT[0], IN[0], IN[1]", ins, {{zero, one, zero, zero}});
  expectBoth("  0: SNE OUT[0], IN[0], IN[1]", ins, {{one, zero, one, one}});
  expectBoth("  0: SFL OUT[0], IN[0], IN[1]", ins, {splat(zero)});
  expectBoth("  0: STR OUT[0], IN[0], IN[1]", ins, {splat(one)});
}

// ---- "CMP", "CND", "SSG", "KIL" ----
TEST(TgsiGolden, CmpCndSsg) {
  // CMP: src0 < 0 selects src1: -1 → 10; -0 → 20; NaN → 20; 3 → 20.
  expectBoth("  0: CMP OUT[0], IN[0], IN[1], IN[2]",
             {{B(-1), kNegZero, kNaN, B(3)}, s(B(10)), s(B(20))}, {{F(10), F(20), F(20), F(20)}});
  // CND: src2 > 0.5 selects src0: 0.5 → src1; 0.50000006 → src0; NaN → src1; inf → src0.
  expectBoth("  0: CND OUT[0], IN[0], IN[1], IN[2]",
             {s(B(10)), s(B(20)), {B(0.5f), 0x3F000001, kNaN, kInf}},
             {{F(20), F(10), F(20), F(10)}});
  // SSG: -0 → 0, NaN → 0, -3 → -1, inf → 1.
  expectBoth("  0: SSG OUT[0], IN[0]", {{kNegZero, kNaN, B(-3), kInf}}, {{zero, zero, F(-1), one}});
}
TEST(TgsiGolden, KilDiscardsOnNegativeOnly) {
  // -0, NaN and +0 are not < 0: no discard; OUT[0] keeps what MOV wrote.
  expectBoth("  0: MOV OUT[0], IN[1]\n  1: KIL IN[0]", {{kNegZero, kNaN, 0, B(1)}, s(B(7))},
             {splat(F(7))});
  expectBoth("  0: MOV OUT[0], IN[1]\n  1: KIL IN[0]", {{0, 0, B(-1e-30f), 0}, s(B(7))},
             {splat("discarded")});
  expectBoth("  0: MOV OUT[0], IN[1]\n  1: KILP", {s(0), s(B(7))}, {splat("discarded")});
}

// ---- "RCP", "DIV", "RSQ" ----
TEST(TgsiGolden, ReciprocalAndDivisionByZero) {
  expectBoth("  0: RCP OUT[0], IN[0]", {s(0)}, {splat(inf)});
  expectBoth("  0: RCP OUT[0], IN[0]", {s(kNegZero)}, {splat(H(kNegInf))});
  expectBoth("  0: RCP OUT[0], IN[0]", {v(3, 100)}, {splat(H(0x3EAAAAAB))});  // 1/3 rounded
  expectBoth("  0: DIV OUT[0], IN[0], IN[1]", {{B(1), 0, kInf, B(1)}, {kNegZero, 0, kInf, kInf}},
             {{H(kNegInf), "nan", "nan", zero}});
}
TEST(TgsiGolden, RsqOfAbsoluteValue) {
  // 1/sqrt(|-4|) = 0.5; 1/sqrt(0) = inf; 1/sqrt(inf) = 0.
  expectBoth("  0: RSQ OUT[0], IN[0]", {s(B(-4))}, {splat(F(0.5f))});
  expectBoth("  0: RSQ OUT[0], IN[0]", {s(kNegZero)}, {splat(inf)});
  expectBoth("  0: RSQ OUT[0], IN[0]", {s(kInf)}, {splat(zero)});
  // x = 0x40000002: 1/sqrt(x) rounds once to 0x3f3504f2; sqrt rounded then 1/· gives 0x3f3504f1.
  EXPECT_EQ(run("  0: RSQ OUT[0], IN[0]", {s(0x40000002)}, Numerics::Exact),
            Outs({splat(H(0x3F3504F2))}));
  EXPECT_EQ(run("  0: RSQ OUT[0], IN[0]", {s(0x40000002)}, Numerics::Ieee32),
            Outs({splat(H(0x3F3504F1))}));
}

// ---- "RCC": both readings of the constants (docs/ambiguities.md TGSI-5) ----
TEST(TgsiGolden, RccConstants) {
  // 1/+0 = inf > 0 → clamp to the upper bound: 1.884467e19 (0x5f82c2dc) or 2^64 (0x5f800000).
  expectBoth("  0: RCC OUT[0], IN[0]", {s(0)}, {splat(H(0x5F82C2DC)), splat(H(0x5F800000))});
  // 1/-0 = -inf → clamp(-inf, -hi, -lo) = -hi.
  expectBoth("  0: RCC OUT[0], IN[0]", {s(kNegZero)}, {splat(H(0xDF82C2DC)), splat(H(0xDF800000))});
  // 1/2^70 = 2^-70 < lo → lo: 5.42101e-20 (0x1f7ffffd) or 2^-64 (0x1f800000).
  expectBoth("  0: RCC OUT[0], IN[0]", {s(0x62800000)},
             {splat(H(0x1F7FFFFD)), splat(H(0x1F800000))});
  // Inside the bounds both readings agree: 1/2 = 0.5. NaN: not > 0, clamp keeps NaN.
  expectBoth("  0: RCC OUT[0], IN[0]", {s(B(2))}, {splat(F(0.5f))});
  expectBoth("  0: RCC OUT[0], IN[0]", {s(kNaN)}, {splat("nan")});
}

// ---- "EX2", "LG2", "POW", "EXP", "LOG", "LIT" ----
TEST(TgsiGolden, Exp2Log2Pow) {
  expectBoth("  0: EX2 OUT[0], IN[0]", {s(B(0.5f))}, {splat(H(0x3FB504F3))});  // sqrt 2
  expectBoth("  0: EX2 OUT[0], IN[0]", {s(B(128))}, {splat(inf)});
  expectBoth("  0: EX2 OUT[0], IN[0]", {s(B(-149))}, {splat(H(1))});
  expectBoth("  0: EX2 OUT[0], IN[0]", {s(B(-150))}, {splat(zero)});  // tie 0 / 2^-149 → even
  expectBoth("  0: EX2 OUT[0], IN[0]", {s(kNegInf)}, {splat(zero)});
  expectBoth("  0: LG2 OUT[0], IN[0]", {s(B(-1))}, {splat("nan")});  // no |x|, unlike LOG
  expectBoth("  0: LG2 OUT[0], IN[0]", {s(0)}, {splat(H(kNegInf))});
  expectBoth("  0: LG2 OUT[0], IN[0]", {s(B(3))}, {splat(H(0x3FCAE00D))});
  expectBoth("  0: POW OUT[0], IN[0], IN[1]", {s(B(2)), s(B(10))}, {splat(F(1024))});
  expectBoth("  0: POW OUT[0], IN[0], IN[1]", {s(B(-8)), s(B(1.0f / 3))}, {splat("nan")});
  expectBoth("  0: POW OUT[0], IN[0], IN[1]", {s(0), s(B(-1))}, {splat(inf)});
  expectBoth("  0: POW OUT[0], IN[0], IN[1]", {s(kNaN), s(0)}, {splat(one)});
}
TEST(TgsiGolden, ExpAndLog) {
  // EXP(3.5): 2^3 = 8, 3.5 - 3 = 0.5, 2^3.5 = 0x413504f3, 1.
  expectBoth("  0: EXP OUT[0], IN[0]", {s(B(3.5f))}, {{F(8), F(0.5f), H(0x413504F3), one}});
  // EXP(-1.5): 2^-2, -1.5 - (-2) = 0.5, 2^-1.5 = 0x3eb504f3.
  expectBoth("  0: EXP OUT[0], IN[0]", {s(B(-1.5f))}, {{F(0.25f), F(0.5f), H(0x3EB504F3), one}});
  // LOG(-8): floor(log2 8) = 3, 8 / 2^3 = 1, log2 8 = 3.
  expectBoth("  0: LOG OUT[0], IN[0]", {s(B(-8))}, {{F(3), one, F(3), one}});
  // LOG(0): floor(-inf) = -inf, 0 / 2^-inf = 0/0 = NaN, -inf.
  expectBoth("  0: LOG OUT[0], IN[0]", {s(0)}, {{H(kNegInf), "nan", H(kNegInf), one}});
  // LOG(2^24 - 1): exactly floor(log2) = 23, y = (2^24-1)/2^23 = 0x3fffffff; log2 rounds to 24.
  // In binary32, log2 rounds to 24.0 first, so floor = 24 and y = (2^24-1)/2^24 = 0x3f7fffff.
  auto body = "  0: LOG OUT[0], IN[0]";
  EXPECT_EQ(run(body, {s(0x4B7FFFFF)}, Numerics::Exact),
            Outs({{F(23), H(0x3FFFFFFF), F(24), one}}));
  EXPECT_EQ(run(body, {s(0x4B7FFFFF)}, Numerics::Ieee32),
            Outs({{F(24), H(0x3F7FFFFF), F(24), one}}));
}
TEST(TgsiGolden, LitClampsTheExponent) {
  auto body = "  0: LIT OUT[0], IN[0]";
  // (2, 0, _, 3): y = max(2, 0) = 2, z = 0^3 = 0.
  expectBoth(body, {v(2, 0, 9, 3)}, {{one, F(2), zero, one}});
  // (1, 2, _, 200): exponent clamped to 128: 2^128 = inf.
  expectBoth(body, {v(1, 2, 9, 200)}, {{one, one, inf, one}});
  // (1, 2, _, -200): 2^-128, a subnormal (0x00200000).
  expectBoth(body, {v(1, 2, 9, -200)}, {{one, one, H(0x00200000), one}});
  // (1, 0, _, 0): 0^0 = 1. (-1, 2, _, 3): src.x not > 0 → z = 0, y = max(-1, 0) = 0.
  expectBoth(body, {v(1, 0, 9, 0)}, {{one, one, one, one}});
  expectBoth(body, {v(-1, 2, 9, 3)}, {{one, zero, zero, one}});
  // (NaN, 2, _, 3): NaN > 0 is false: y = max(NaN, 0) = 0, z = 0.
  expectBoth(body, {{kNaN, B(2), 0, B(3)}}, {{one, zero, zero, one}});
}

// ---- "FRAC", "FLR", "CEIL", "TRUNC", "ROUND", "ARR" ----
TEST(TgsiGolden, IntegralParts) {
  expectBoth("  0: FLR OUT[0], IN[0]", {{B(-0.5f), kNegZero, B(2.5f), kNegInf}},
             {{F(-1), negZero, F(2), H(kNegInf)}});
  expectBoth("  0: CEIL OUT[0], IN[0]", {{B(-0.5f), B(0.25f), B(2.5f), kNaN}},
             {{negZero, one, F(3), "nan"}});
  expectBoth("  0: TRUNC OUT[0], IN[0]", {{B(-1.5f), B(-0.5f), B(1.5f), kInf}},
             {{F(-1), negZero, one, inf}});
  expectBoth("  0: FRAC OUT[0], IN[0]", {{B(-0.25f), B(2.75f), kInf, B(-1)}},
             {{F(0.75f), F(0.75f), "nan", zero}});
}
TEST(TgsiGolden, RoundTiesAreBothNeighbours) {
  // 2.5 → {2 (even), 3 (away)}; 1.4 → 1; -0.3 → -0; inf → inf.
  expectBoth("  0: ROUND OUT[0], IN[0]", {{B(2.5f), B(1.4f), B(-0.3f), kInf}},
             {{F(2), one, negZero, inf}, {F(3), one, negZero, inf}});
  // -0.5 → {-0 (even), -1 (away)}.
  expectBoth("  0: ROUND OUT[0].x, IN[0]\n  1: MOV OUT[0].yzw, IN[1]", {s(B(-0.5f)), s(0)},
             {{negZero, zero, zero, zero}, {F(-1), zero, zero, zero}});
}

// ---- "SIN", "COS", "SCS": dst.w's two readings (TGSI-2), SCS's dst.w = 1 (TGSI-1) ----
TEST(TgsiGolden, TrigonometryReadings) {
  // src = (1, _, _, 0): sin(1) = 0x3f576aa4; dst.w is sin(src.x) or the seed's sin(src.w) = 0.
  expectBoth("  0: SIN OUT[0], IN[0]", {v(1, 5, 5, 0)},
             {splat(H(0x3F576AA4)), {H(0x3F576AA4), H(0x3F576AA4), H(0x3F576AA4), zero}});
  // Where src.x = src.w the readings agree: cos(1) = 0x3f0a5140.
  expectBoth("  0: COS OUT[0], IN[0]", {v(1, 5, 5, 1)}, {splat(H(0x3F0A5140))});
  expectBoth("  0: SCS OUT[0], IN[0]", {v(1, 5, 5, 7)},
             {{H(0x3F0A5140), H(0x3F576AA4), zero, one}});
  expectBoth("  0: SIN OUT[0], IN[0]", {s(kInf)}, {splat("nan")});
}

// ---- Geometry: "XPD", "DST", "NRM", "NRM4", "RFL", "X2D", "LRP" ----
TEST(TgsiGolden, Geometry) {
  expectBoth("  0: XPD OUT[0], IN[0], IN[1]", {v(1, 0, 0, 9), v(0, 1, 0, 9)},
             {{zero, zero, one, one}});
  expectBoth("  0: DST OUT[0], IN[0], IN[1]", {v(9, 2, 3, 9), v(9, 4, 9, 5)},
             {{one, F(8), F(3), F(5)}});
  // NRM(3, 4, 0): as written, divided by 25 (no sqrt): 3/25 = 0x3df5c28f, 4/25 = 0x3e23d70a;
  // as intended, divided by 5: 0.6 = 0x3f19999a, 0.8 = 0x3f4ccccd (TGSI-3).
  expectBoth(
      "  0: NRM OUT[0], IN[0]", {v(3, 4, 0, 9)},
      {{H(0x3DF5C28F), H(0x3E23D70A), zero, one}, {H(0x3F19999A), H(0x3F4CCCCD), zero, one}});
  // NRM(1, 1, 0): 1/2 as written; 1/sqrt(2) = 0x3f3504f3 correctly rounded (irrational).
  expectBoth("  0: NRM OUT[0], IN[0]", {v(1, 1, 0, 9)},
             {{F(0.5f), F(0.5f), zero, one}, {H(0x3F3504F3), H(0x3F3504F3), zero, one}});
  // NRM4(0, 0, 0, 2): 2/4 as written, 2/2 as intended.
  expectBoth("  0: NRM4 OUT[0], IN[0]", {v(0, 0, 0, 2)},
             {{zero, zero, zero, F(0.5f)}, {zero, zero, zero, one}});
  // A zero vector: 0/0 in both readings.
  expectBoth("  0: NRM OUT[0], IN[0]", {v(0, 0, 0, 1)}, {{"nan", "nan", "nan", one}});
  // RFL((0,0,1), (1,0,-1)): scale = 2·(-1)/1 = -2; (-2·0 - 1, -2·0 - 0, -2·1 + 1, 1)
  // = (-1, -0, -1, 1): (-2)(+0) = -0 and -0 - (+0) = -0.
  expectBoth("  0: RFL OUT[0], IN[0], IN[1]", {v(0, 0, 1), v(1, 0, -1)},
             {{F(-1), negZero, F(-1), one}});
  expectBoth("  0: X2D OUT[0], IN[0], IN[1], IN[2]", {v(1, 2), v(3, 4), v(5, 6, 7, 8)},
             {{F(1 + 15 + 24), F(2 + 21 + 32), F(40), F(55)}});
  // LRP(0.5, 4, 2) = 0.5·2 + 2 = 3; LRP(0, inf, 1) = 0·inf + 1 = NaN (unlike mix's select).
  expectBoth("  0: LRP OUT[0], IN[0], IN[1], IN[2]",
             {{B(0.5f), 0, 0, 0}, {B(4), kInf, 0, 0}, {B(2), B(1), 0, 0}},
             {{F(3), "nan", zero, zero}});
}

// ---- Operand features: modifiers, swizzle, write mask, _SAT ----
TEST(TgsiGolden, ModifiersSwizzleMaskSaturate) {
  expectBoth("  0: MOV OUT[0], -|IN[0]|.wzyx", {v(1, -2, 0, -3)}, {{F(-3), negZero, F(-2), F(-1)}});
  expectBoth("  0: ABS OUT[0], IN[0]", {{kNegZero, B(-2), kNegInf, kNaN}},
             {{zero, F(2), inf, "nan"}});
  // Components outside the write mask stay unwritten.
  expectBoth("  0: MOV OUT[0].xz, IN[0]", {v(1, 2, 3, 4)}, {{one, "unwritten", F(3), "unwritten"}});
  // _SAT is the seed's clamp(x, 0, 1), NaN stays NaN, -0 stays -0 (TGSI-14); or GL's and
  // D3D's clamp, which writes 0 for both (TGSI-20): one choice for the instruction.
  expectBoth("  0: MOV_SAT OUT[0], IN[0]", {{B(2), B(-1), kNaN, kNegZero}},
             {{one, zero, "nan", negZero}, {one, zero, zero, zero}});
  // Where the two clamps agree there is one outcome.
  expectBoth("  0: MOV_SAT OUT[0], IN[0]", {v(2, -1, 0.5f, 0)}, {{one, zero, F(0.5f), zero}});
}
TEST(TgsiGolden, AddressRegisterIndexes) {
  // ARL: floor(1.7) = 1; CONST[ADDR[0].x + 1] = CONST[2].
  EXPECT_EQ(run("  0: ARL ADDR[0].x, IN[0]\n  1: MOV OUT[0], CONST[ADDR[0].x+1]", {s(B(1.7f))},
                Numerics::Exact, {s(B(10)), s(B(11)), s(B(12)), s(B(13))}),
            Outs({splat(F(12))}));
  // Out of the declared range: any word.
  EXPECT_EQ(run("  0: ARL ADDR[0].x, IN[0]\n  1: MOV OUT[0], CONST[ADDR[0].x+1]", {s(B(5))}),
            Outs({splat("any")}));
  // ARR rounds: 2.5 → {2, 3}.
  EXPECT_EQ(run("  0: ARR ADDR[0].x, IN[0]\n  1: MOV OUT[0], CONST[ADDR[0].x]", {s(B(2.5f))},
                Numerics::Exact, {s(B(10)), s(B(11)), s(B(12)), s(B(13))}),
            Outs({splat(F(12)), splat(F(13))}));
}
TEST(TgsiGolden, UnwrittenTemporariesReadAsAnyWord) {
  expectBoth("  0: ADD OUT[0], TEMP[0], IN[0]", {s(B(1))}, {splat("any")});
}

// ---- The integer set of GL_NV_gpu_program4 ----
TEST(TgsiGolden, Bitwise) {
  expectBoth("  0: AND OUT[0], IN[0], IN[1]", {s(0xF0F0F0F0), s(0xFF00FF00)},
             {splat(H(0xF000F000))});
  expectBoth("  0: OR OUT[0], IN[0], IN[1]", {s(0xF0F0F0F0), s(0x0F000000)},
             {splat(H(0xFFF0F0F0))});
  expectBoth("  0: XOR OUT[0], IN[0], IN[1]", {s(0xFFFFFFFF), s(0x0000FFFF)},
             {splat(H(0xFFFF0000))});
  expectBoth("  0: NOT OUT[0], IN[0]", {s(0)}, {splat(H(0xFFFFFFFF))});
}
TEST(TgsiGolden, Shifts) {
  // The count is src1.x for every component (5, not 0 or 31).
  expectBoth("  0: SHL OUT[0], IN[0], IN[1]", {s(1), {5, 0, 31, 31}}, {splat(H(32))});
  expectBoth("  0: SHL OUT[0], IN[0], IN[1]", {s(1), s(31)}, {splat(H(0x80000000))});
  expectBoth("  0: SHL OUT[0], IN[0], IN[1]", {s(1), s(32)}, {splat("any")});
  // SHR of 0x80000000 by 1: arithmetic 0xc0000000 or logical 0x40000000; of 4 by 1: 2.
  expectBoth("  0: SHR OUT[0].x, IN[0], IN[1]\n  1: MOV OUT[0].yzw, IN[2]",
             {s(0x80000000), s(1), s(0)},
             {{H(0xC0000000), zero, zero, zero}, {H(0x40000000), zero, zero, zero}});
  expectBoth("  0: SHR OUT[0], IN[0], IN[1]", {s(4), s(1)}, {splat(H(2))});
}
TEST(TgsiGolden, ModAndSad) {
  // -7 mod 2: truncated -1, floored 1; 7 mod 0: any; INT_MIN mod -1 = 0; 7 mod 3 = 1.
  expectBoth("  0: MOD OUT[0].x, IN[0], IN[1]\n  1: MOV OUT[0].yzw, IN[2]",
             {s(static_cast<uint32_t>(-7)), s(2), s(0)},
             {{H(0xFFFFFFFF), zero, zero, zero}, {H(1), zero, zero, zero}});
  expectBoth("  0: MOD OUT[0], IN[0], IN[1]", {{7, 0x80000000, 7, 7}, {0, 0xFFFFFFFF, 3, 3}},
             {{"any", H(0), H(1), H(1)}});
  // SAD: |3 - 5| + 10 = 12; |0 - 0xffffffff| + 1 wraps to 0.
  expectBoth("  0: SAD OUT[0], IN[0], IN[1], IN[2]",
             {{3, 0, 0, 0}, {5, 0xFFFFFFFF, 0, 0}, {10, 1, 0, 0}}, {{H(12), H(0), H(0), H(0)}});
}
TEST(TgsiGolden, IntegerEdges) {
  constexpr uint32_t kIntMin = 0x80000000, kUintMax = 0xFFFFFFFF;
  // NOT INT_MIN = INT_MAX; NOT UINT_MAX = 0; NOT -1 = 0; NOT 1 = 0xfffffffe.
  expectBoth("  0: NOT OUT[0], IN[0]", {{kIntMin, kUintMax, kUintMax, 1}},
             {{H(0x7FFFFFFF), H(0), H(0), H(0xFFFFFFFE)}});
  // SHL of UINT_MAX by 0 is itself, by 31 the sign bit; counts 32 and 33 leave 0..31: any word
  // (TGSI-11).
  expectBoth("  0: SHL OUT[0], IN[0], IN[1]", {s(kUintMax), s(0)}, {splat(H(kUintMax))});
  expectBoth("  0: SHL OUT[0], IN[0], IN[1]", {s(kUintMax), s(31)}, {splat(H(kIntMin))});
  expectBoth("  0: SHL OUT[0], IN[0], IN[1]", {s(1), s(33)}, {splat("any")});
  expectBoth("  0: SHL OUT[0], IN[0], IN[1]", {s(1), s(kUintMax)}, {splat("any")});
  // SHR of INT_MIN by 31: arithmetic -1, logical 1; by 32: any word.
  expectBoth("  0: SHR OUT[0], IN[0], IN[1]", {s(kIntMin), s(31)},
             {splat(H(kUintMax)), splat(H(1))});
  expectBoth("  0: SHR OUT[0], IN[0], IN[1]", {s(kIntMin), s(32)}, {splat("any")});
  // MOD: INT_MIN mod 2 = 0 in both conventions; -1 mod INT_MIN: truncated -1, floored
  // -1 - INT_MIN·floor(-1 / INT_MIN) = -1 - INT_MIN·0 = -1; UINT_MAX (-1) mod 1 = 0.
  expectBoth("  0: MOD OUT[0], IN[0], IN[1]",
             {{kIntMin, kUintMax, kUintMax, 0}, {2, kIntMin, 1, 5}},
             {{H(0), H(kUintMax), H(0), H(0)}});
  // 5 mod -3: truncated 2 (5 = -3·-1 + 2), floored -1 (5 = -3·-2 + -1).
  expectBoth("  0: MOD OUT[0], IN[0], IN[1]", {s(5), s(static_cast<uint32_t>(-3))},
             {splat(H(2)), splat(H(kUintMax))});
  // SAD on unsigned words: |0x80000000 - 0| + UINT_MAX = 0x17fffffff, modulo 2^32 0x7fffffff;
  // |UINT_MAX - 1| + 0 = 0xfffffffe; |1 - UINT_MAX| + 2 = 0xfffffffe + 2 = 0 (wraps).
  expectBoth("  0: SAD OUT[0], IN[0], IN[1], IN[2]",
             {{kIntMin, kUintMax, 1, 0}, {0, 1, kUintMax, 0}, {kUintMax, 0, 2, 0}},
             {{H(0x7FFFFFFF), H(0xFFFFFFFE), H(0), H(0)}});
  // AND, OR, XOR with INT_MIN and UINT_MAX.
  expectBoth("  0: AND OUT[0], IN[0], IN[1]", {s(kIntMin), s(kUintMax)}, {splat(H(kIntMin))});
  expectBoth("  0: OR OUT[0], IN[0], IN[1]", {s(kIntMin), s(0x7FFFFFFF)}, {splat(H(kUintMax))});
  expectBoth("  0: XOR OUT[0], IN[0], IN[1]", {s(kIntMin), s(kUintMax)}, {splat(H(0x7FFFFFFF))});
}
TEST(TgsiGolden, NopDoesNothing) {
  // "NOP - No Operation": Do nothing. OUT keeps what the MOV wrote; alone, OUT stays unwritten.
  expectBoth("  0: MOV OUT[0], IN[0]\n  1: NOP", {v(1, 2, 3, 4)}, {{one, F(2), F(3), F(4)}});
  expectBoth("  0: NOP", {v(1, 2, 3, 4)}, {splat("unwritten")});
}
TEST(TgsiGolden, IntegerToFloat) {
  // -1 → -1.0; INT_MIN → -2^31 (exact); 2^24 → 2^24 (exact); 0 → +0.
  expectBoth("  0: I2F OUT[0], IN[0]", {{0xFFFFFFFF, 0x80000000, 16777216, 0}},
             {{F(-1), H(0xCF000000), F(16777216), zero}});
  // 2^24 + 1 lies between 2^24 and 2^24 + 2: C's (float) gives either neighbour.
  expectBoth("  0: I2F OUT[0].x, IN[0]\n  1: MOV OUT[0].yzw, IN[1]", {s(16777217), s(0)},
             {{F(16777216), zero, zero, zero}, {F(16777218), zero, zero, zero}});
  // 2^31 - 1 → 2^31 (nearest) or 2^31 - 128 (the lower neighbour).
  expectBoth("  0: I2F OUT[0].x, IN[0]\n  1: MOV OUT[0].yzw, IN[1]", {s(0x7FFFFFFF), s(0)},
             {{H(0x4F000000), zero, zero, zero}, {H(0x4EFFFFFF), zero, zero, zero}});
}

// ---- Control flow: "BRA - Branch", "CAL - Subroutine Call", "RET", "PUSHA", "POPA" ----
TEST(TgsiGolden, BranchSkips) {
  // 1: BRA :3 jumps over the second MOV to END (label 3).
  expectBoth("  0: MOV OUT[0], IN[0]\n  1: BRA :3\n  2: MOV OUT[0], IN[1]", {s(B(1)), s(B(2))},
             {splat(one)});
}
TEST(TgsiGolden, CallReturnsAfterTheCall) {
  // 1: CAL :4 pushes 2 (the return address, TGSI-17) and runs the ADD; 5: RET returns to 2;
  // 3: RET on the empty stack ends the program. OUT = 1 + 2.
  expectBoth(
      "  0: MOV TEMP[0], IN[0]\n  1: CAL :4\n  2: MOV OUT[0], TEMP[0]\n  3: RET\n"
      "  4: ADD TEMP[0], TEMP[0], IN[1]\n  5: RET",
      {s(B(1)), s(B(2))}, {splat(F(3))});
}
TEST(TgsiGolden, EndlessBranchStopsAtTheStepLimit) {
  expectBoth("  0: BRA :0", {}, {splat("stopped: step limit")});
  // Endless recursion fills the stack.
  expectBoth("  0: CAL :0", {}, {splat("stopped: stack limit")});
}
TEST(TgsiGolden, PushaPopaRoundTrip) {
  // ADDR[0] = floor((1, 2.5, 3, 0)) = (1, 2, 3, 0) is pushed, overwritten with 0s and popped
  // back (dst.w first): CONST[ADDR[0].y] = CONST[2].
  EXPECT_EQ(run("  0: ARL ADDR[0], IN[0]\n  1: PUSHA ADDR[0]\n  2: ARL ADDR[0], IN[1]\n"
                "  3: POPA ADDR[0]\n  4: MOV OUT[0], CONST[ADDR[0].y]",
                {v(1, 2.5f, 3, 0), v(0, 0, 0, 0)}, Numerics::Exact,
                {s(B(10)), s(B(11)), s(B(12)), s(B(13))}),
            Outs({splat(F(12))}));
  // POPA on an empty stack: any word, so the indexed read is any word.
  EXPECT_EQ(run("  0: POPA ADDR[0]\n  1: MOV OUT[0], CONST[ADDR[0].x]", {}), Outs({splat("any")}));
}

// ---- "BGNFOR - Begin a For-Loop", "ENDFOR - End a For-Loop" ----
// BGNFOR: dst.xyz = floor(src.xyz), skip past ENDFOR when dst.y <= 0; ENDFOR: dst.x += dst.z,
// dst.y -= 1, go back to after BGNFOR while dst.y > 0. Expected values by hand.
std::string loopProgram(const std::string& imm) {
  return "FRAG\nDCL LOOP[0..1]\nDCL TEMP[0]\nDCL OUT[0]\nIMM[0] FLT32 {" + imm +
         "}\nIMM[1] FLT32 {0, 0, 0, 0}\nIMM[2] FLT32 {0, 2.5, 1, 0}\n"
         "  0: MOV TEMP[0], IMM[1]\n"
         "  1: BGNFOR LOOP[0], IMM[0]\n"
         "  2: ADD TEMP[0].x, TEMP[0].xxxx, LOOP[0].xxxx\n"
         "  3: BGNFOR LOOP[1], IMM[2]\n"
         "  4: ADD TEMP[0].y, TEMP[0].yyyy, IMM[2].zzzz\n"
         "  5: ENDFOR LOOP[1]\n"
         "  6: ENDFOR LOOP[0]\n"
         "  7: MOV OUT[0], TEMP[0]\n"
         "  8: MOV OUT[0].w, LOOP[0].yyyy\n"
         "  9: END\n";
}
Outs runLoop(const std::string& imm, Numerics n = Numerics::Exact) {
  Outs outs;
  for (const std::vector<Out>& o : runSource(loopProgram(imm), {}, n)) outs.insert(o[0]);
  return outs;
}
TEST(TgsiGolden, ForLoopCountsStepsAndNests) {
  // Outer: x = 0, count floor(3.7) = 3, step 2: the body adds x = 0, 2, 4 (sum 6); ENDFOR leaves
  // y = 0. Inner: count floor(2.5) = 2, each adds 1: 2 per outer pass, 6 in all.
  EXPECT_EQ(runLoop("0, 3.7, 2, 0"), Outs({{F(6), F(6), zero, zero}}));
  EXPECT_EQ(runLoop("0, 3.7, 2, 0", Numerics::Ieee32), Outs({{F(6), F(6), zero, zero}}));
  // Start 1.5 (floor 1), step -0.5 (floor -1): x = 1, 0, -1: sum 0.
  EXPECT_EQ(runLoop("1.5, 3, -0.5, 0"), Outs({{zero, F(6), zero, zero}}));
  // A count of floor(0.9) = 0 skips the body: dst.y stays 0, nothing is added.
  EXPECT_EQ(runLoop("5, 0.9, 1, 0"), Outs({{zero, zero, zero, zero}}));
  // A negative count skips too; LOOP[0].y keeps floor(-2.5) = -3.
  EXPECT_EQ(runLoop("5, -2.5, 1, 0"), Outs({{zero, zero, zero, F(-3)}}));
  // NaN count: NaN <= 0 is false, the body runs once; NaN - 1 > 0 is false, it stops.
  EXPECT_EQ(runLoop("0, 0x7fc00000, 7, 0"), Outs({{zero, F(2), zero, "nan"}}));
  // A huge count stops at the step limit (docs/tgsi.md, "Control flow").
  EXPECT_EQ(runLoop("0, 1e30, 1, 0"), Outs({splat("stopped: step limit")}));
}

}  // namespace
}  // namespace plumb::tgsi
