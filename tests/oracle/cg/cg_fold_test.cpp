// Folded values (oracle/cg/cg_fold.h, docs/cg.md "Folded values"): the constants read from
// cgc's output for each kind of profile, Plumb's outcome sets of a closed expression, and the
// classification of a value outside them.
#include "oracle/cg/cg_fold.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "oracle/cg/cg_oracle.h"

namespace plumb::cg {
namespace {

CgcResult cgcPrints(const std::string& output) {
  CgcResult r;
  r.ran = true;
  r.verdict = "accept";
  r.output = output;
  return r;
}

OracleProgram closed(const std::string& expression, const std::string& type = "float4",
                     const std::string& profile = "hlslf") {
  OracleProgram p;
  p.name = expression;
  p.source = type + " main() : COLOR { return " + expression + "; }\n";
  p.profile = profile;
  p.fold = true;
  return p;
}

std::string hlslReturn(const std::string& values) {
  return "// hlslf output by Cg compiler\nfloat4 main() : COLOR0\n{\n    return float4(" + values +
         ");\n} // main end\n";
}

TEST(CgFoldedConstants, EachProfileFamily) {
  auto h = foldedConstants(hlslReturn("3.33333343267440796E-01f, 1.0E00f"), "hlslf");
  ASSERT_TRUE(h);
  EXPECT_TRUE(h->exact);
  EXPECT_EQ(h->values, (std::vector<std::string>{"3.33333343267440796E-01", "1.0E00"}));
  // arbfp1 and ps_2_0 list the constants as comments; fp40 only in its PARAM; gp4fp as an
  // immediate operand.
  auto arb = foldedConstants(
      "!!ARBfp1.0\n#const c[0] = 1011\nPARAM c[1] = { { 1011 } };\nMOV result.color, c[0].x;\n",
      "arbfp1");
  ASSERT_TRUE(arb);
  EXPECT_FALSE(arb->exact);
  EXPECT_EQ(arb->values, std::vector<std::string>{"1011"});
  auto fp40 =
      foldedConstants("PARAM c[1] = { { 0.33333334, 2, 0.1, 7 } };\nMOVR  oCol, c[0];\n", "fp40");
  ASSERT_TRUE(fp40);
  EXPECT_EQ(fp40->values, (std::vector<std::string>{"0.33333334", "2", "0.1", "7"}));
  auto gp4 = foldedConstants("!!NVfp4.0\nMOV.F result_color0, {1011}.x;\nEND\n", "gp4fp");
  ASSERT_TRUE(gp4);
  EXPECT_EQ(gp4->values, std::vector<std::string>{"1011"});
  auto ps = foldedConstants("ps_2_0\ndef c0, 1011.00000000, 0, 0, 0\nmov r0, c0.x\n", "ps_2_0");
  ASSERT_TRUE(ps);
  EXPECT_EQ(ps->values.front(), "1011.00000000");
  // Not folded: an expression stays.
  EXPECT_FALSE(foldedConstants(hlslReturn("1.0f / 0.0f"), "hlslf"));
  EXPECT_FALSE(foldedConstants("!!ARBfp1.0\nMOV result.color, fragment.color;\n", "arbfp1"));
}

TEST(CgFoldWithPlumb, OutcomeSetsOfClosedExpressions) {
  PlumbFold third = foldWithPlumb(closed("1.0/3.0"));
  ASSERT_EQ(third.unsupported, "");
  ASSERT_EQ(third.outcomes.size(), 1u);
  ASSERT_EQ(third.outcomes[0].size(), 4u);  // float4: the cfloat smeared
  EXPECT_EQ(third.outcomes[0][0].lo, static_cast<double>(1.0f / 3.0f));
  EXPECT_TRUE(third.outcomes[0][0].binary32);
  // fixed rounds either way: both neighbours on the grid.
  PlumbFold fixed = foldWithPlumb(closed("fixed(1.0/3.0)"));
  ASSERT_EQ(fixed.outcomes.size(), 1u);
  EXPECT_EQ(fixed.outcomes[0][0].lo, 341.0 / 1024);
  EXPECT_EQ(fixed.outcomes[0][0].hi, 342.0 / 1024);
  // binary16 overflows to infinity.
  PlumbFold half = foldWithPlumb(closed("half(70000.0)"));
  ASSERT_EQ(half.outcomes.size(), 1u);
  EXPECT_TRUE(std::isinf(half.outcomes[0][0].lo));
  // A profile that computes half as float (arbfp1) may fold at either precision.
  PlumbFold asFloat = foldWithPlumb(closed("half(70000.0)", "float4", "arbfp1"));
  ASSERT_EQ(asFloat.outcomes.size(), 2u);
  EXPECT_TRUE(std::isinf(asFloat.outcomes[0][0].lo));
  EXPECT_EQ(asFloat.outcomes[1][0].lo, 70000.0);
  // An int conversion out of range is C's undefined behaviour: any value.
  EXPECT_TRUE(foldWithPlumb(closed("(int)3.5e9", "int4")).anyOutcome);
  // Plumb rejects: nothing to compare.
  EXPECT_NE(foldWithPlumb(closed("undefined_name")).unsupported, "");
}

TEST(CgFoldCompare, EachClassification) {
  OracleProgram third = closed("1.0/3.0");
  const PlumbFold plumb = foldWithPlumb(third);
  // cgc's binary32 third, printed with 18 digits: in Plumb's set.
  EXPECT_EQ(compareFold(third, plumb, cgcPrints(hlslReturn("3.33333343267440796E-01f"))).kind,
            "agree");
  // One binary32 ulp away: outside; with no reading, nothing explains it.
  FoldComparison off = compareFold(third, plumb, cgcPrints(hlslReturn("3.33333373069763184E-01f")));
  EXPECT_EQ(off.kind, "plumb-bug");
  // The seed's reading allows it: Plumb's set is too narrow.
  third.seedValues = {"0.3333333730697632"};
  EXPECT_EQ(compareFold(third, plumb, cgcPrints(hlslReturn("3.33333373069763184E-01f"))).kind,
            "plumb-bug");
  // Outside the reading too: cgc departs from the seed.
  third.seedValues = {"0.3333333432674408"};
  FoldComparison dev = compareFold(third, plumb, cgcPrints(hlslReturn("3.33333373069763184E-01f")));
  EXPECT_EQ(dev.kind, "cgc-deviation");
  EXPECT_NE(dev.reason.find("3.33333373069763184E-01"), std::string::npos);
  // cgc did not fold, or rejected; Plumb cannot evaluate.
  EXPECT_EQ(compareFold(third, plumb, cgcPrints(hlslReturn("1.0f / 0.0f"))).kind, "not-folded");
  CgcResult rejected = cgcPrints("");
  rejected.verdict = "reject";
  EXPECT_EQ(compareFold(third, plumb, rejected).kind, "unsupported");
  PlumbFold none;
  none.unsupported = "rejected";
  EXPECT_EQ(compareFold(third, none, cgcPrints(hlslReturn("1.0E00f"))).kind, "unsupported");
  // An assembly profile's 8 digits: a marker found among the constants.
  OracleProgram marker = closed("1011", "float4", "fp40");
  PlumbFold m = foldWithPlumb(marker);
  EXPECT_EQ(compareFold(marker, m, cgcPrints("PARAM c[1] = { { 1011 } };\n")).kind, "agree");
  EXPECT_EQ(compareFold(marker, m, cgcPrints("PARAM c[1] = { { 1022 } };\n")).kind, "plumb-bug");
  // The seed silent on a step the value depends on.
  OracleProgram silent = closed("1011", "float4", "fp40");
  silent.seedSilent = true;
  EXPECT_EQ(compareFold(silent, m, cgcPrints("PARAM c[1] = { { 1022 } };\n")).kind, "seed-defect");
  // The half finding (docs/cg.md, cgc deviation 5): cgc keeps float's exponent range.
  OracleProgram half = closed("half(70000.0)");
  half.seedValues = {"inf"};
  EXPECT_EQ(
      compareFold(half, foldWithPlumb(half), cgcPrints(hlslReturn("7.00160000000000000E04f"))).kind,
      "cgc-deviation");
  // half(1e-6): Plumb's set is the interval from the flushed zero to the binary16 subnormal,
  // which holds cgc's 11-bit value though no binary16 value is it: the seed's reading tells.
  OracleProgram sub = closed("half(1e-6)");
  sub.seedValues = {"0.0", "1.0132789611816406e-06"};
  FoldComparison wider =
      compareFold(sub, foldWithPlumb(sub), cgcPrints(hlslReturn("1.00024044513702393E-06f")));
  EXPECT_EQ(wider.kind, "plumb-wider");
  EXPECT_EQ(compareFold(sub, foldWithPlumb(sub), cgcPrints(hlslReturn("0.0E00f"))).kind, "agree");
}

TEST(CgFoldCompare, GeneratedManifestCarriesTheReading) {
  auto dir =
      std::filesystem::temp_directory_path() / ("plumb-cg-fold-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "a.cg") << "float4 main() : COLOR { return half(70000.0); }\n";
  std::ofstream(dir / "programs.jsonl")
      << "{\"format\":\"plumb-cg-programs\",\"version\":1,\"root\":\".\"}\n"
         "{\"file\":\"a.cg\",\"entry\":\"main\",\"profile\":\"hlslf\",\"rule\":\"Constants\","
         "\"expect\":{\"verdicts\":[\"accept\",\"warn\"],\"values\":[\"inf\"],\"silent\":false}}\n";
  std::vector<OracleProgram> programs;
  std::string error;
  ASSERT_TRUE(
      loadOracleInputs((dir / "programs.jsonl").string(), "gp4fp", "main", "", programs, error))
      << error;
  ASSERT_EQ(programs.size(), 1u);
  EXPECT_EQ(programs[0].path,
            (dir / "a.cg").lexically_normal().string());  // root "." is its folder
  EXPECT_TRUE(programs[0].fold);
  EXPECT_EQ(programs[0].seedValues, std::vector<std::string>{"inf"});
  EXPECT_EQ(programs[0].seedVerdicts, (std::vector<std::string>{"accept", "warn"}));
  // Plumb evaluates the file.
  PlumbFold f = foldWithPlumb(programs[0]);
  ASSERT_EQ(f.unsupported, "");
  ASSERT_EQ(f.outcomes.size(), 1u);
  EXPECT_TRUE(std::isinf(f.outcomes[0][0].hi));
}

// The recorded generated programs (tests/data/cg/cgc_generated.jsonl, scripts/cg_gen_record.py):
// every row of the family, readings with values for the closed expressions, and each program's
// recorded value agreeing with Plumb's set wherever cgc's verdict was agreed as well.
TEST(CgFoldCompare, TheRecordedGeneratedPrograms) {
  std::vector<OracleProgram> programs;
  std::string error;
  ASSERT_TRUE(loadOracleInputs(PLUMB_TEST_DATA_DIR "/cg/cgc_generated.jsonl", "gp4fp", "main", "",
                               programs, error))
      << error;
  ASSERT_GE(programs.size(), 100u);
  size_t folds = 0, silent = 0;
  std::set<std::string> rows;
  for (const OracleProgram& p : programs) {
    EXPECT_FALSE(p.seedVerdicts.empty()) << p.name;
    EXPECT_TRUE(p.recordedCgcVerdict) << p.name;
    folds += p.fold;
    silent += p.seedSilent;
    rows.insert(p.name.substr(0, p.name.rfind('.')));
  }
  EXPECT_GE(folds, 60u);
  EXPECT_GE(silent, 5u);
  // Every row of the family: the two profile rows, the limit, texture and interface rows.
  EXPECT_EQ(rows.size(), 19u);
}

}  // namespace
}  // namespace plumb::cg
