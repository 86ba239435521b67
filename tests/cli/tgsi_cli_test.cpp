// `plumb tgsi run` and `plumb tgsi opcodes` (issue 18): outputs, formats and exit statuses.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include "cli_util.h"

namespace {

using cli_testing::plumb;
using cli_testing::temp;

const std::string kExample = std::string(PLUMB_SOURCE_DIR) + "/corpus/tgsi/example.tgsi";
const std::string kInputs = std::string(PLUMB_SOURCE_DIR) + "/corpus/tgsi/example.inputs.json";

TEST(TgsiCli, RunsTheExampleInBothModes) {
  auto r = plumb("tgsi run " + kExample + " --inputs " + kInputs);
  EXPECT_EQ(r.status, 0);
  // ROUND(2.5) is a tie: two outcomes; DP3 cancels exactly to 1.
  EXPECT_NE(r.out.find("outcome 2 of 2:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("OUT[0] = {1.5, 1.5, -0.14644662, 3}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("OUT[1] = {1, 1, 1, 1}"), std::string::npos) << r.out;
  r = plumb("tgsi run " + kExample + " --inputs " + kInputs + " --numerics ieee32");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("OUT[1] = {0, 0, 0, 0}"), std::string::npos) << r.out;
}

TEST(TgsiCli, JsonReport) {
  auto r = plumb("tgsi run " + kExample + " --inputs " + kInputs + " --format json");
  ASSERT_EQ(r.status, 0);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["format"], "plumb-tgsi-run");
  EXPECT_EQ(j["version"], 2);
  EXPECT_EQ(j["numerics"], "exact");
  ASSERT_EQ(j["outcomes"].size(), 2u);
  EXPECT_EQ(j["outcomes"][0]["OUT"]["0"][3]["bits"], "0x40000000");
  EXPECT_EQ(j["outcomes"][1]["OUT"]["0"][3]["bits"], "0x40400000");
}

TEST(TgsiCli, RejectedProgramExitsOneWithLocatedDiagnostics) {
  auto r = plumb("tgsi run " + std::string(PLUMB_SOURCE_DIR) + "/corpus/tgsi/bad.tgsi", true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("bad.tgsi:4:6: error: TEX: the seed leaves this opcode TBD"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("[TEX - Texture Lookup]"), std::string::npos);
  EXPECT_NE(r.out.find("bad.tgsi:5:16:"), std::string::npos);
  r = plumb("tgsi run " + std::string(PLUMB_SOURCE_DIR) + "/corpus/tgsi/bad.tgsi --format json");
  EXPECT_EQ(r.status, 1);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["diagnostics"].size(), 2u);
}

TEST(TgsiCli, InputErrorsExitTwo) {
  EXPECT_EQ(plumb("tgsi run " + kExample).status, 2);  // declared inputs not given
  std::string v3 = temp("v3.json", R"({"format": "plumb-tgsi-inputs", "version": 3})");
  EXPECT_EQ(plumb("tgsi run " + kExample + " --inputs " + v3).status, 2);
  // `quad` is version 2's.
  std::string quad1 = temp("quad1.json", R"({"format": "plumb-tgsi-inputs", "version": 1,
                                             "quad": []})");
  EXPECT_EQ(plumb("tgsi run " + kExample + " --inputs " + quad1).status, 2);
  std::string inexact = temp("inexact.json",
                             R"({"format": "plumb-tgsi-inputs", "version": 1,
                                 "IN": {"0": [0.1, 0, 0, 0]}})");
  auto r = plumb("tgsi run " + kExample + " --inputs " + inexact, true);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("not a binary32 value"), std::string::npos) << r.out;
  EXPECT_EQ(plumb("tgsi run /nonexistent.tgsi").status, 2);
  EXPECT_EQ(plumb("tgsi run " + kExample + " --numerics double").status, 2);
}

TEST(TgsiCli, AStoppedPathExitsOne) {
  std::string f = temp("loop.tgsi", "FRAG\nDCL OUT[0]\n  0: BRA :0\nEND\n");
  auto r = plumb("tgsi run " + f);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("stopped: step limit"), std::string::npos) << r.out;
}

// docs/tgsi.md's opcode table is the binary's (`plumb tgsi opcodes --format markdown`).
TEST(TgsiCli, DocsHoldTheOpcodeTable) {
  auto r = plumb("tgsi opcodes --format markdown");
  std::ifstream in(std::string(PLUMB_SOURCE_DIR) + "/docs/tgsi.md", std::ios::binary);
  std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(doc.find(r.out), std::string::npos)
      << "regenerate the table: plumb tgsi opcodes --format markdown";
}

TEST(TgsiCli, OpcodeTable) {
  auto r = plumb("tgsi opcodes --format json");
  ASSERT_EQ(r.status, 0);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["opcodes"].size(), 105u);
  r = plumb("tgsi opcodes --format markdown");
  EXPECT_NE(r.out.find("| TEX | TEX - Texture Lookup |"), std::string::npos);
  EXPECT_NE(r.out.find("`lrp`"), std::string::npos);
}

// `plumb tgsi oracle` without Mesa: the runner is the tests' fake (it writes each case's IN[0],
// which is MOV's answer); a program outside the ARB subset and a missing runner.
TEST(TgsiCli, OracleWithAFakeRunner) {
  const std::string fake = std::string(PLUMB_SOURCE_DIR) + "/tests/oracle/tgsi/fake_arb_runner.sh";
  // MOV_SAT is run too, and the fake does not saturate: those cases disagree, exit 1.
  auto r = plumb("tgsi oracle --opcodes mov --runner " + fake + " --random 3");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("MOV_SAT (fragment): 54 cases"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("MOV_SAT (fragment): 54 cases, 54 agree"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("renderer: fake"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("MOV (fragment): 54 cases, 54 agree"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("MOV (vertex): 54 cases"), std::string::npos) << r.out;
  r = plumb("tgsi oracle --opcodes MOV --runner " + fake + " --format json");
  ASSERT_EQ(r.status, 1);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["format"], "plumb-tgsi-oracle");
  EXPECT_EQ(j["programs"].size(), 3u);  // fragment, vertex, MOV_SAT
  // The example uses ROUND, which ARB_fragment_program has not: a located refusal, exit 1.
  r = plumb("tgsi oracle " + kExample + " --runner " + fake, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("ROUND has no ARB_fragment_program counterpart"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("tgsi-oracle-translation"), std::string::npos) << r.out;
  // No runner: a usage error naming the setup script.
  r = plumb("tgsi oracle --opcodes MOV --runner /nonexistent/tgsi_arb_runner", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("scripts/tgsi_oracle_setup.sh"), std::string::npos) << r.out;
  r = plumb("tgsi oracle --opcodes SEQ --runner " + fake, true);
  EXPECT_EQ(r.status, 2);
}

// docs/tgsi.md's quad example: DDX over four pixels, fine or coarse on either row.
TEST(TgsiCli, QuadRun) {
  const std::string dir = std::string(PLUMB_SOURCE_DIR) + "/corpus/tgsi/";
  auto r = plumb("tgsi run " + dir + "quad.tgsi --inputs " + dir + "quad.inputs.json");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("outcome 3 of 3:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pixel (1,1):\n    OUT[0] = {6, 0, 0, 0}"), std::string::npos) << r.out;
  r = plumb("tgsi run " + dir + "quad.tgsi --inputs " + dir + "quad.inputs.json --format json");
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["outcomes"].size(), 3u);
  EXPECT_EQ(j["outcomes"][0]["quad"].size(), 4u);
  // Per-pixel inputs are for FRAG programs.
  std::string vert = temp("v.tgsi", "VERT\nDCL IN[0]\nDCL OUT[0]\n  0: MOV OUT[0], IN[0]\nEND\n");
  EXPECT_EQ(plumb("tgsi run " + vert + " --inputs " + dir + "quad.inputs.json").status, 2);
}

// The GLSL half of the oracle with the tests' fake GLSL runner (it writes each pixel's IN[0]).
TEST(TgsiCli, GlslOracleWithAFakeRunner) {
  const std::string fake = std::string(PLUMB_SOURCE_DIR) + "/tests/oracle/tgsi/fake_glsl_runner.sh";
  auto r = plumb("tgsi oracle --opcodes not --glsl-runner " + fake + " --random 0");
  EXPECT_EQ(r.status, 1) << r.out;  // NOT x is never x: every case disagrees
  EXPECT_NE(r.out.find("NOT (glsl): 441 cases, 0 agree"), std::string::npos) << r.out;
  r = plumb("tgsi oracle " +
            temp("m.tgsi", "FRAG\nDCL IN[0]\nDCL OUT[0]\n  0: MOV OUT[0], IN[0]\nEND\n") +
            " --glsl --glsl-runner " + fake + " --format json");
  EXPECT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["version"], 2);
  EXPECT_EQ(j["programs"][0]["stage"], "glsl");
  r = plumb("tgsi oracle --opcodes DDX --glsl-runner /nonexistent/tgsi_glsl_runner", true);
  EXPECT_EQ(r.status, 2);
}

TEST(TgsiCli, Ieee32FtzNumerics) {
  auto r = plumb("tgsi run " + kExample + " --inputs " + kInputs +
                 " --numerics ieee32-ftz --format json");
  ASSERT_EQ(r.status, 0);
  EXPECT_EQ(nlohmann::json::parse(r.out)["numerics"], "ieee32-ftz");
}

}  // namespace
