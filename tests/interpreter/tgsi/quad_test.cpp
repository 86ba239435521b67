// The 2x2 quad of fragments and the derivative opcodes ("DDX - Derivative Relative To X",
// "DDY - Derivative Relative To Y"; docs/tgsi.md "The quad", ambiguities TGSI-22). Pixel p is
// at (p % 2, p / 2). Every expected value is worked out by hand in the comment beside it:
// DDX is a right-minus-left difference per row (fine) or one row's difference for the whole
// quad (coarse, either row); DDY the same with columns, upper minus lower.
#include "tgsi_run_fixture.h"

namespace plumb::tgsi {
namespace {

using namespace testing;

const char* kPreamble = "FRAG\nDCL IN[0..1]\nDCL OUT[0]\nDCL TEMP[0]\nDCL ADDR[0]\n";

/// The IN[0] (and IN[1]) values of the four pixels, as binary32 words.
using Px = std::vector<std::array<uint32_t, 4>>;
RunInputs quad(const Px& in0, const Px& in1 = Px(4)) {
  RunInputs inputs;
  inputs.quad.resize(4);
  for (size_t p = 0; p < 4; ++p) {
    Register a, b;
    for (int c = 0; c < 4; ++c) a[c] = Word::of(in0[p][c]), b[c] = Word::of(in1[p][c]);
    inputs.quad[p][{File::Input, 0}] = a;
    inputs.quad[p][{File::Input, 1}] = b;
  }
  return inputs;
}
std::array<uint32_t, 4> v(float x, float y = 0, float z = 0, float w = 0) {
  return {B(x), B(y), B(z), B(w)};
}
std::string prog(const std::string& body) {
  return kPreamble + body + "\nEND\n";
}
QuadOuts both(const std::string& body, const RunInputs& in) {
  QuadOuts exact = runSource(prog(body), in, Numerics::Exact);
  EXPECT_EQ(exact, runSource(prog(body), in, Numerics::Ieee32)) << body;
  return exact;
}

// x: 1, 3 / 10, 16 (rows differ); y: 0, 1 / 0, 1 (the same in both rows).
const auto kNonLinear = quad({v(1, 0), v(3, 1), v(10, 0), v(16, 1)});

TEST(TgsiQuad, DdxIsFineOrCoarseEitherRow) {
  // DDX.x: row 0: 3 - 1 = 2; row 1: 16 - 10 = 6. DDX.y: 1 - 0 = 1 in both rows.
  // Fine: (2, 2 / 6, 6); coarse on row 0: all 2; coarse on row 1: all 6.
  const Out two = {F(2), F(1), F(0), F(0)}, six = {F(6), F(1), F(0), F(0)};
  EXPECT_EQ(both("  0: DDX OUT[0], IN[0]", kNonLinear),
            QuadOuts({{two, two, six, six}, {two, two, two, two}, {six, six, six, six}}));
}

TEST(TgsiQuad, DdyIsFineOrCoarseEitherColumn) {
  // DDY.x: column 0: 10 - 1 = 9; column 1: 16 - 3 = 13. DDY.y: 0 - 0 = 0, 1 - 1 = 0.
  const Out nine = {F(9), F(0), F(0), F(0)}, thirteen = {F(13), F(0), F(0), F(0)};
  EXPECT_EQ(both("  0: DDY OUT[0], IN[0]", kNonLinear),
            QuadOuts({{nine, thirteen, nine, thirteen},
                      {nine, nine, nine, nine},
                      {thirteen, thirteen, thirteen, thirteen}}));
}

TEST(TgsiQuad, ALinearInputHasOneDerivative) {
  // x = 2 + 3·X + 5·Y: both rows differ by 3, both columns by 5: one outcome each.
  auto in = quad({v(2), v(5), v(7), v(10)});
  const Out three = {F(3), F(0), F(0), F(0)}, five = {F(5), F(0), F(0), F(0)};
  EXPECT_EQ(both("  0: DDX OUT[0], IN[0]", in), QuadOuts({{three, three, three, three}}));
  EXPECT_EQ(both("  0: DDY OUT[0], IN[0]", in), QuadOuts({{five, five, five, five}}));
}

TEST(TgsiQuad, ModifiersSwizzleAndSaturate) {
  // DDX of -|IN[0]|.yxxx: y is 0, 1 / 0, 1 → -(1) - -(0) = -1 in both rows; x's row 0 gives
  // -3 - -1 = -2, row 1 -16 - -10 = -6. _SAT clamps: -1 → 0, -2 → 0, -6 → 0: one outcome
  // (the seed's clamp and GL's agree on these, TGSI-20).
  EXPECT_EQ(both("  0: DDX_SAT OUT[0], -|IN[0]|.yxxx", kNonLinear),
            QuadOuts({{splat(F(0)), splat(F(0)), splat(F(0)), splat(F(0))}}));
}

TEST(TgsiQuad, SpecialValuesAndRounding) {
  // Row 0: inf - inf = NaN; row 1: 2^-24 - 1 = -(1 - 2^-24), a binary32 value, exact in both
  // modes. In z: 1e30 - -1e30 = 2e30 (rounded once to the binary32 nearest 2e30) in row 0,
  // 0 - 0 = 0 in row 1.
  const uint32_t inf = 0x7F800000;
  auto in = quad(
      {{inf, 0, B(-1e30f), 0}, {inf, 0, B(1e30f), 0}, {B(1), 0, 0, 0}, {B(0x1p-24f), 0, 0, 0}});
  const float twoE30 = 1e30f + 1e30f;  // 2e30 rounded once: the sum of two binary32 values
  const Out row0 = {"nan", F(0), F(twoE30), F(0)};
  const Out row1 = {F(-(1 - 0x1p-24f)), F(0), F(0), F(0)};
  EXPECT_EQ(
      both("  0: DDX OUT[0], IN[0]", in),
      QuadOuts({{row0, row0, row1, row1}, {row0, row0, row0, row0}, {row1, row1, row1, row1}}));
}

TEST(TgsiQuad, FlushToZeroReadsSubnormalNeighboursAsZero) {
  // Row 0: 3·2^-149 - 2·2^-149 = 2^-149 (exact, ieee32); ieee32-ftz reads both as 0: 0.
  // Row 1: 1 - 1 = 0. So fine and coarse-0 differ in ieee32, and ftz has one outcome.
  auto in = quad({{2, 0, 0, 0}, {3, 0, 0, 0}, {B(1), 0, 0, 0}, {B(1), 0, 0, 0}});
  const Out tiny = {H(1), F(0), F(0), F(0)}, zero = splat(F(0));
  EXPECT_EQ(
      runSource(prog("  0: DDX OUT[0], IN[0]"), in, Numerics::Ieee32),
      QuadOuts({{tiny, tiny, zero, zero}, {tiny, tiny, tiny, tiny}, {zero, zero, zero, zero}}));
  EXPECT_EQ(runSource(prog("  0: DDX OUT[0], IN[0]"), in, Numerics::Ieee32Ftz),
            QuadOuts({{zero, zero, zero, zero}}));
}

TEST(TgsiQuad, WithoutPerPixelInputsTheFourPixelsAreEqual) {
  // No `quad` in the inputs: every pixel reads the same IN[0], so both differences are 0.
  RunInputs in;
  in.values[{File::Input, 0}] = {Word::of(B(5)), Word::of(B(-2)), Word::of(0x7FC00000),
                                 Word::of(0)};
  in.values[{File::Input, 1}] = {Word::of(0), Word::of(0), Word::of(0), Word::of(0)};
  // NaN - NaN is NaN.
  const Out d = {F(0), F(0), "nan", F(0)};
  EXPECT_EQ(both("  0: DDY OUT[0], IN[0]", in), QuadOuts({{d, d, d, d}}));
}

TEST(TgsiQuad, OtherInstructionsRunPerPixel) {
  // Without a derivative the quad is four independent fragments: OUT = IN[0] + IN[0].
  EXPECT_EQ(both("  0: ADD OUT[0], IN[0], IN[0]", kNonLinear),
            QuadOuts({{{F(2), F(0), F(0), F(0)},
                       {F(6), F(2), F(0), F(0)},
                       {F(20), F(0), F(0), F(0)},
                       {F(32), F(2), F(0), F(0)}}}));
}

TEST(TgsiQuad, ADiscardedNeighbourLeavesTheDerivativeUndefined) {
  // KIL discards pixel (1,1) (its IN[1].x is -1). Then DDX: row 0 is 3 - 1 = 2; row 1 needs
  // the discarded pixel: any word. Fine: (2, 2, any); coarse row 0: (2, 2, 2); coarse row 1:
  // (any, any, any). Pixel (1,1) is discarded in all three.
  auto in = quad({v(1), v(3), v(10), v(16)}, {v(0), v(0), v(0), v(-1)});
  const Out two = {F(2), F(0), F(0), F(0)}, any = splat("any"), gone = splat("discarded");
  EXPECT_EQ(both("  0: KIL IN[1]\n  1: DDX OUT[0], IN[0]", in),
            QuadOuts({{two, two, any, gone}, {two, two, two, gone}, {any, any, any, gone}}));
}

TEST(TgsiQuad, DivergedPixelsWaitAndReconverge) {
  // RET pops the w of the pushed ADDR[0] (TGSI-17): pixels (0,0) and (1,0) return to 3,
  // pixels (0,1) and (1,1) to 4. The lower pc runs first: 3 for the top row (TEMP[0] = 7),
  // then all four meet at 4 and DDX sees the whole quad: row 0 3 - 1 = 2, row 1 16 - 10 = 6.
  // At 5 OUT[0].y is TEMP[0].x: 7 in the top row, any word (never written) in the bottom one.
  auto in = quad({v(1), v(3), v(10), v(16)},
                 {v(0, 0, 0, 3), v(0, 0, 0, 3), v(0, 0, 0, 4), v(0, 0, 0, 4)});
  const std::string body =
      "  0: ARL ADDR[0], IN[1]\n  1: PUSHA ADDR[0]\n  2: RET\n"
      "  3: MOV TEMP[0], IMM[0]\n  4: DDX OUT[0].x, IN[0]\n  5: MOV OUT[0].yzw, TEMP[0].xxxx";
  const std::string source =
      std::string(kPreamble) + "IMM[0] FLT32 {7, 7, 7, 7}\n" + body + "\nEND\n";
  auto top = [](float d) { return Out{F(d), F(7), F(7), F(7)}; };
  auto bottom = [](float d) { return Out{F(d), "any", "any", "any"}; };
  EXPECT_EQ(runSource(source, in), QuadOuts({{top(2), top(2), bottom(6), bottom(6)},
                                             {top(2), top(2), bottom(2), bottom(2)},
                                             {top(6), top(6), bottom(6), bottom(6)}}));
}

TEST(TgsiQuad, APixelThatLeftHasNoValueForItsNeighbours) {
  // Pixels (0,1), (1,1) return to END (4); the top row runs DDX alone: row 0 gives 3 - 1 = 2,
  // row 1 is any word (its pixels are not at the instruction: non-uniform control flow).
  // Fine and coarse row 0: 2; coarse row 1: any. The bottom row never writes OUT[0].
  auto in = quad({v(1), v(3), v(10), v(16)},
                 {v(0, 0, 0, 3), v(0, 0, 0, 3), v(0, 0, 0, 4), v(0, 0, 0, 4)});
  const Out two = {F(2), F(0), F(0), F(0)}, any = splat("any"), none = splat("unwritten");
  EXPECT_EQ(runSource(prog("  0: ARL ADDR[0], IN[1]\n  1: PUSHA ADDR[0]\n  2: RET\n"
                           "  3: DDX OUT[0], IN[0]"),
                      in),
            QuadOuts({{two, two, none, none}, {any, any, none, none}}));
}

}  // namespace
}  // namespace plumb::tgsi
