// The GLSL oracle (oracle/tgsi/glsl_oracle.h, docs/tgsi.md "The GLSL oracle"): the translation
// to GLSL, the edge inputs and the classification, with a fake runner (fake_glsl_runner.sh,
// which answers each pixel with its IN[0]): no Mesa needed.
#include "oracle/tgsi/glsl_oracle.h"

#include <memory>
#include <set>

#include <gtest/gtest.h>

#include "semantics/tgsi/parser.h"

namespace plumb::tgsi {
namespace {

struct Translated {
  std::optional<Program> program;
  std::optional<GlslProgram> glsl;
  DiagnosticList diagnostics;
};

std::unique_ptr<Translated> translate(const std::string& text) {
  auto t = std::make_unique<Translated>();
  SourceFile file("t.tgsi", text);
  t->program = parseProgram(file, t->diagnostics);
  EXPECT_TRUE(t->program);
  if (t->program) t->glsl = translateToGlsl(*t->program, file, t->diagnostics);
  return t;
}

TEST(TgsiGlslTranslation, TheIntegerOpcodesAndDerivatives) {
  auto t = translate(glslOpcodeProgramText("SHR"));
  ASSERT_TRUE(t->glsl);
  // The count is src1.x for every component; `>>` on int is the arithmetic shift.
  EXPECT_NE(t->glsl->text.find("uvec4(ivec4(in0.xyzw) >> int(in1.xyzw.x))"), std::string::npos)
      << t->glsl->text;
  EXPECT_FALSE(t->glsl->quad);
  EXPECT_EQ(t->glsl->words(), 4u * 4 * 2);  // two IN registers for each of four pixels
  t = translate(glslOpcodeProgramText("DDY"));
  ASSERT_TRUE(t->glsl);
  EXPECT_TRUE(t->glsl->quad);
  EXPECT_NE(t->glsl->text.find("dFdy(uintBitsToFloat(in0.xyzw))"), std::string::npos);
  // Pixel p reads u_[p * 1 + 0]: the pixel is gl_FragCoord's place in the quad.
  EXPECT_NE(t->glsl->text.find("u_[p * 1 + 0]"), std::string::npos);
  t = translate("FRAG\nDCL IN[0]\nDCL OUT[0]\n  0: DDX_SAT OUT[0].xy, -|IN[0]|.wzyx\n  1: END\n");
  ASSERT_TRUE(t->glsl);
  EXPECT_NE(
      t->glsl->text.find("o0.xy = (floatBitsToUint(clamp(dFdx(uintBitsToFloat("
                         "floatBitsToUint(-abs(uintBitsToFloat(in0.wzyx))))), 0.0, 1.0))).xy"),
      std::string::npos)
      << t->glsl->text;
}

TEST(TgsiGlslTranslation, RefusesWhatItCannotSay) {
  auto t = translate("FRAG\nDCL IN[0]\nDCL OUT[0]\n  0: LIT OUT[0], IN[0]\n  1: END\n");
  EXPECT_FALSE(t->glsl);
  ASSERT_FALSE(t->diagnostics.all().empty());
  EXPECT_EQ(t->diagnostics.all()[0].rule, "tgsi-oracle-glsl-translation");
  t = translate("VERT\nDCL IN[0]\nDCL OUT[0]\n  0: NOT OUT[0], IN[0]\n  1: END\n");
  EXPECT_FALSE(t->glsl);
}

TEST(TgsiGlslOracle, EdgeInputsPairEveryIntegerEdge) {
  auto t = translate(glslOpcodeProgramText("AND"));
  ASSERT_TRUE(t->glsl);
  const auto cases = glslEdgeInputs(*t->program, *t->glsl, 10, 1);
  const size_t n = integerEdgeValues().size();
  EXPECT_EQ(cases.size(), n * n + 10);
  // Every pair (IN[0].x, IN[1].x) occurs, among them (INT_MIN, -1) and (1, 32).
  std::set<std::pair<uint32_t, uint32_t>> pairs;
  for (const RunInputs& c : cases)
    pairs.insert({c.values.at({File::Input, 0})[0].bits, c.values.at({File::Input, 1})[0].bits});
  EXPECT_EQ(pairs.size(), n * n);
  EXPECT_TRUE(pairs.count({0x80000000u, 0xFFFFFFFFu}));
  EXPECT_TRUE(pairs.count({1u, 32u}));
}

ProgramReport compare(const std::string& text) {
  auto t = translate(text);
  EXPECT_TRUE(t->glsl);
  OracleOptions options;
  options.glslRunner = PLUMB_FAKE_GLSL_RUNNER;
  options.random = 4;
  std::string renderer;
  ProgramReport r = compareGlslWithMesa("t", *t->program, *t->glsl, options, renderer);
  EXPECT_EQ(renderer, "fake");
  EXPECT_EQ(r.error, "");
  return r;
}

TEST(TgsiGlslOracle, ClassifiesWhatTheRunnerWrote) {
  // The fake writes IN[0]: MOV agrees on every case (NaN words lie in Plumb's "any NaN").
  ProgramReport mov = compare("FRAG\nDCL IN[0]\nDCL OUT[0]\n  0: MOV OUT[0], IN[0]\n  1: END\n");
  EXPECT_GT(mov.cases, 400u);
  EXPECT_EQ(mov.agree, mov.cases);
  // NOT x is never x: every case disagrees, listed with its inputs.
  ProgramReport no = compare("FRAG\nDCL IN[0]\nDCL OUT[0]\n  0: NOT OUT[0], IN[0]\n  1: END\n");
  EXPECT_EQ(no.disagree, no.cases);
  EXPECT_EQ(no.disagreements.size(), no.cases);
  // A quad program: the fake writes each pixel's own IN[0], which no derivative of a
  // non-constant input is; the cases whose four pixels are all zero (0 - 0 = 0) agree.
  ProgramReport ddx = compare("FRAG\nDCL IN[0]\nDCL OUT[0]\n  0: DDX OUT[0], IN[0]\n  1: END\n");
  EXPECT_GT(ddx.disagree, 0u);
  EXPECT_EQ(ddx.disagreements[0].quadMesa.size(), 4u);
  EXPECT_EQ(ddx.disagreements[0].quadInputs.size(), 4u);
}

TEST(TgsiGlslOracle, AMissingRunnerIsReported) {
  auto t = translate(glslOpcodeProgramText("NOT"));
  OracleOptions options;
  options.glslRunner = "/nonexistent/tgsi_glsl_runner";
  std::string renderer;
  ProgramReport r = compareGlslWithMesa("NOT", *t->program, *t->glsl, options, renderer);
  EXPECT_NE(r.error.find("not installed"), std::string::npos);
}

}  // namespace
}  // namespace plumb::tgsi
