// The oracle's edge inputs and its classification of what a runner wrote
// (oracle/tgsi/mesa_oracle.h), with a fake runner (fake_arb_runner.sh): no Mesa needed.
#include "oracle/tgsi/mesa_oracle.h"

#include <bit>
#include <cmath>
#include <cstdlib>
#include <set>

#include <gtest/gtest.h>

#include "oracle/tgsi/edge_inputs.h"
#include "semantics/tgsi/parser.h"

namespace plumb::tgsi {
namespace {

struct OracleRun {
  ProgramReport report;
  std::string renderer;
};

OracleRun oracle(const std::string& text, const char* mode, size_t random = 0) {
  SourceFile file("t.tgsi", text);
  DiagnosticList diagnostics;
  std::optional<Program> program = parseProgram(file, diagnostics);
  EXPECT_TRUE(program);
  std::optional<ArbProgram> arb = translateToArb(*program, file, diagnostics);
  EXPECT_TRUE(arb);
  setenv("FAKE_ARB_MODE", mode, 1);
  OracleOptions options;
  options.runner = PLUMB_FAKE_ARB_RUNNER;
  options.random = random;
  OracleRun r;
  r.report = compareWithMesa("t", *program, *arb, options, r.renderer);
  unsetenv("FAKE_ARB_MODE");
  return r;
}

const std::string kMov = opcodeProgramText("MOV", false, false);

TEST(TgsiEdgeInputs, EveryPairOfEdgeValuesMeetsInEachComponent) {
  SourceFile file("t.tgsi", opcodeProgramText("ADD", false, false));
  DiagnosticList diagnostics;
  std::optional<Program> program = parseProgram(file, diagnostics);
  ASSERT_TRUE(program);
  const std::vector<uint32_t>& e = edgeValues();
  std::vector<RegisterValues> cases = edgeInputs(*program, 10, 7);
  ASSERT_EQ(cases.size(), e.size() * e.size() + 10);
  for (int c = 0; c < 4; ++c) {
    std::set<std::pair<uint32_t, uint32_t>> pairs;
    for (const RegisterValues& v : cases)
      pairs.insert({v.at({File::Input, 0})[c].bits, v.at({File::Input, 1})[c].bits});
    EXPECT_EQ(pairs.size(), e.size() * e.size()) << "component " << c;
  }
  // The edges the oracle promises (docs/tgsi.md): ±0, ±inf, NaN, subnormals, 2^±64, LIT's ±128.
  std::set<uint32_t> values(e.begin(), e.end());
  EXPECT_EQ(values.size(), e.size()) << "an edge value is listed twice";
  for (uint32_t w : {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000001u,
                     0x807fffffu, 0x5f800000u, 0x1f800000u, 0x43000000u, 0xc3000000u})
    EXPECT_TRUE(values.count(w)) << std::hex << w;
  // Deterministic: the same seed gives the same cases.
  EXPECT_EQ(edgeInputs(*program, 10, 7), cases);
  EXPECT_NE(edgeInputs(*program, 10, 8), cases);
}

TEST(TgsiMesaOracle, AWriterOfTheSameWordsAgreesEverywhere) {
  OracleRun r = oracle(kMov, "same", 20);
  EXPECT_EQ(r.renderer, "fake");
  EXPECT_TRUE(r.report.error.empty()) << r.report.error;
  EXPECT_EQ(r.report.cases, edgeValues().size() + 20);
  EXPECT_EQ(r.report.agree, r.report.cases);
  EXPECT_EQ(r.report.disagree, 0u);
}

TEST(TgsiMesaOracle, FlushedSubnormalsAreClassifiedAsFlushed) {
  OracleRun r = oracle(kMov, "flush");
  EXPECT_GT(r.report.flushed, 0u);
  EXPECT_EQ(r.report.disagree, 0u);
  EXPECT_EQ(r.report.agree + r.report.flushed, r.report.cases);
  ASSERT_FALSE(r.report.examples.empty());
  EXPECT_EQ(r.report.examples[0].verdict, Verdict::Flushed);
}

TEST(TgsiMesaOracle, AWrongWordIsADisagreementWithItsInputs) {
  OracleRun r = oracle(kMov, "wrong");
  EXPECT_GT(r.report.disagree, 0u);
  ASSERT_EQ(r.report.disagreements.size(), r.report.disagree);
  const OracleCase& c = r.report.disagreements[0];
  EXPECT_EQ(c.verdict, Verdict::Disagree);
  EXPECT_EQ(c.mesa.outputs[0][0], c.inputs.at({File::Input, 0})[0].bits + 1);
  // MOV is exact: one step off is not an accuracy case.
  EXPECT_EQ(r.report.accuracy, 0u);
  std::string text = reportText({r.report}, r.renderer, 1);
  EXPECT_NE(text.find("disagree"), std::string::npos);
  EXPECT_NE(text.find("more (--format json lists all)"), std::string::npos);
  nlohmann::json j = reportJson({r.report}, r.renderer, OracleOptions{});
  EXPECT_EQ(j["format"], "plumb-tgsi-oracle");
  EXPECT_EQ(j["programs"][0]["disagreements"].size(), r.report.disagree);
}

TEST(TgsiMesaOracle, OneStepOffAnApproximateOpcodeIsAccuracy) {
  // The fake writes local[0] with x plus one step: RCP(x).x written as x + 1 step is far from
  // 1/x, but for x = 1 (1/1 = 1) one step away. y, z, w are not written, so not compared.
  OracleRun r =
      oracle("FRAG\nDCL IN[0]\nDCL OUT[0]\n  0: RCP OUT[0].x, IN[0]\n  1: END\n", "wrong");
  EXPECT_GT(r.report.accuracy, 0u);
  EXPECT_GT(r.report.disagree, 0u);
}

TEST(TgsiMesaOracle, MinReturningTheNumberBesideANaNIsTheNamedDeviation) {
  // The fake writes MIN(x, y) as x. Where y is NaN and x is not, the seed's ternary gives
  // y = NaN; x is IEEE minNum's answer: the deviation mesa-min-max-nan. Where x is NaN the fake
  // writes NaN, which is neither the seed's y nor minNum's: a disagreement.
  OracleRun r = oracle(opcodeProgramText("MIN", false, false), "same");
  EXPECT_GT(r.report.deviation, 0u);
  EXPECT_EQ(r.report.deviations["mesa-min-max-nan"], r.report.deviation);
  EXPECT_GT(r.report.disagree, 0u);
  for (const OracleCase& c : r.report.disagreements) {
    bool nanX = false;
    for (const Word& w : c.inputs.at({File::Input, 0}))
      nanX |= std::isnan(std::bit_cast<float>(w.bits));
    bool belowX = false;
    const Register& x = c.inputs.at({File::Input, 0});
    const Register& y = c.inputs.at({File::Input, 1});
    for (int k = 0; k < 4; ++k)
      belowX |= std::bit_cast<float>(y[k].bits) < std::bit_cast<float>(x[k].bits);
    EXPECT_TRUE(nanX || belowX) << c.index;
  }
}

TEST(TgsiMesaOracle, DiscardsAreComparedAsDiscards) {
  OracleRun kil = oracle(opcodeProgramText("KILP", false, false), "discard");
  EXPECT_EQ(kil.report.agree, kil.report.cases);
  OracleRun mov = oracle(kMov, "discard");
  EXPECT_EQ(mov.report.disagree, mov.report.cases);
}

TEST(TgsiMesaOracle, ARunnerFailureIsReportedNotCompared) {
  OracleRun r = oracle(kMov, "fail");
  EXPECT_NE(r.report.error.find("Mesa rejected the program"), std::string::npos);
  EXPECT_EQ(r.report.cases, 0u);
  OracleOptions options;
  options.runner = "/nonexistent/tgsi_arb_runner";
  SourceFile file("t.tgsi", kMov);
  DiagnosticList diagnostics;
  std::optional<Program> program = parseProgram(file, diagnostics);
  std::optional<ArbProgram> arb = translateToArb(*program, file, diagnostics);
  std::string renderer;
  ProgramReport missing = compareWithMesa("t", *program, *arb, options, renderer);
  EXPECT_NE(missing.error.find("not installed"), std::string::npos);
}

TEST(TgsiMesaOracle, EveryOracleOpcodeTranslates) {
  for (const OracleOpcode& op : allOracleOpcodes()) {
    SourceFile file("t.tgsi", opcodeProgramText(op.opcode, op.vertex, op.saturate));
    DiagnosticList diagnostics;
    std::optional<Program> program = parseProgram(file, diagnostics);
    ASSERT_TRUE(program) << op.opcode;
    EXPECT_TRUE(translateToArb(*program, file, diagnostics)) << op.opcode;
  }
}

}  // namespace
}  // namespace plumb::tgsi
