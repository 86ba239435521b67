// The Cg oracle (oracle/cg, docs/cg.md "Oracle"): cgc's diagnostics and folded constants as
// read from its output, the classification table row by row, the input formats, the report,
// and runCgc against a stand-in cgc (fake_cgc.sh) so that none of it needs NVIDIA's compiler.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "oracle/cg/cg_oracle.h"
#include "oracle/cg/cgc.h"
#include "test_data.h"

namespace plumb::cg {
namespace {

const std::string kFakeCgc = PLUMB_SOURCE_DIR "/tests/oracle/cg/fake_cgc.sh";

std::string writeTemp(const std::string& name, const std::string& text) {
  auto path = std::filesystem::temp_directory_path() / ("plumb-cg-oracle-test-" + name);
  std::ofstream(path) << text;
  return path.string();
}

CgcInvocation invocation(const std::string& file) {
  CgcInvocation i;
  i.file = file;
  return i;
}

TEST(CgcOutput, DiagnosticsInCgcsFormat) {
  auto d = parseCgcDiagnostics(
      "b.cg(3) : error C1060: incompatible types in initialization\n"
      "code line\n"
      "c.cg(12) : warning C7011: implicit cast from \"float4\" to \"float3\"\r\n"
      "(0) : fatal error C9999: x\n");
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[0].line, 3);
  EXPECT_EQ(d[0].severity, "error");
  EXPECT_EQ(d[0].code, "C1060");
  EXPECT_EQ(d[0].message, "incompatible types in initialization");
  EXPECT_EQ(d[1].severity, "warning");
  EXPECT_EQ(d[1].message, "implicit cast from \"float4\" to \"float3\"");
  EXPECT_EQ(d[2].severity, "fatal error");
}

TEST(CgcOutput, VerdictFromStatusAndDiagnostics) {
  CgcDiagnostic w{1, "warning", "C7011", "m"};
  EXPECT_EQ(cgcVerdict(0, {}, {}), "accept");
  EXPECT_EQ(cgcVerdict(0, {}, {w}), "warn");
  EXPECT_EQ(cgcVerdict(1, {}, {}), "reject");
  EXPECT_EQ(cgcVerdict(0, {{1, "error", "C1", "m"}}, {}), "reject");
}

TEST(CgcOutput, FoldedConstantsOfHlslf) {
  auto v = hlslFoldedValues(
      "// hlslf output by Cg compiler\n#pragma pack_matrix(row_major)\nfloat4 main() : COLOR0\n{\n"
      "    return float4(   3.33333343267440796E-01f,   1.0E00f, -2, 7.00160000000000000E04f);\n}"
      " // main end\n");
  ASSERT_TRUE(v);
  EXPECT_EQ(*v, (std::vector<std::string>{"3.33333343267440796E-01", "1.0E00", "-2",
                                          "7.00160000000000000E04"}));
  auto scalar = hlslFoldedValues("float4 main() : COLOR0 { return 8.41470956802368164E-01f; }");
  ASSERT_TRUE(scalar);
  EXPECT_EQ(*scalar, std::vector<std::string>{"8.41470956802368164E-01"});
  auto ints = hlslFoldedValues("int4 main() : COLOR0 { return int4(-2147483648, 0, 1, 2); }");
  ASSERT_TRUE(ints);
  EXPECT_EQ(ints->front(), "-2147483648");
  // Not folded: cgc kept the division (1.0/0.0).
  EXPECT_FALSE(hlslFoldedValues(
      "float4 main() : COLOR0 { return (float4) ( 1.00000000000000000E00f/ 0.0f).xxxx; }"));
  EXPECT_FALSE(hlslFoldedValues("no code at all"));
}

OracleProgram seedProgram(std::vector<std::string> verdicts, bool silent = false) {
  OracleProgram p;
  p.name = "p";
  p.rule = "Type Conversions";
  p.seedVerdicts = std::move(verdicts);
  p.seedSilent = silent;
  return p;
}

CgcResult cgcSays(const std::string& verdict, const std::string& code = "C1060") {
  CgcResult r;
  r.ran = true;
  r.verdict = verdict;
  if (verdict == "reject") r.errors.push_back({1, "error", code, "m"});
  return r;
}

TEST(CgOracleClassify, EachRowOfTheTable) {
  PlumbJudgement accept{"accept", "", "", ""}, reject{"reject", "r", "m", ""},
      unknown{"unknown", "", "x", ""};
  // A profile Plumb does not know, judged as another: a difference may be the profile's.
  OracleProgram gp5 = seedProgram({"accept"});
  gp5.profile = "gp5fp";
  EXPECT_EQ(classify(gp5, {"reject", "r", "m", "fp40"}, cgcSays("accept")).kind, "unsupported");
  EXPECT_EQ(classify(gp5, {"accept", "", "", "fp40"}, cgcSays("accept")).kind, "agree");
  // Plumb cannot judge.
  EXPECT_EQ(classify(seedProgram({"accept"}), unknown, cgcSays("accept")).kind, "unsupported");
  // cgc did not run.
  EXPECT_EQ(classify(seedProgram({"accept"}), accept, CgcResult{}).kind, "unsupported");
  // The same verdict; a warning counts as acceptance.
  EXPECT_EQ(classify(seedProgram({"warn"}), accept, cgcSays("warn")).kind, "agree");
  EXPECT_EQ(classify(seedProgram({}), reject, cgcSays("reject")).kind, "agree");
  // cgc rejects for a profile's resource limit.
  EXPECT_EQ(classify(seedProgram({}), accept, cgcSays("reject", "C6002")).kind, "unsupported");
  EXPECT_EQ(classify(seedProgram({}), accept, cgcSays("reject", "C3004")).kind, "unsupported");
  // A loop counter out of a profile's range (ps_3_0) is a profile limit too.
  EXPECT_EQ(classify(seedProgram({}), accept, cgcSays("reject", "C7002")).kind, "unsupported");
  // The seed is silent.
  EXPECT_EQ(classify(seedProgram({"accept", "reject"}, true), reject, cgcSays("accept")).kind,
            "seed-defect");
  // The seed's reading allows both.
  EXPECT_EQ(classify(seedProgram({"accept", "reject"}), reject, cgcSays("accept")).kind,
            "seed-defect");
  // Plumb within the seed's reading, cgc outside: cgc departs.
  EXPECT_EQ(classify(seedProgram({"warn"}), accept, cgcSays("reject")).kind, "cgc-deviation");
  EXPECT_EQ(classify(seedProgram({"reject"}), reject, cgcSays("warn")).kind, "cgc-deviation");
  // Plumb outside the seed's reading.
  EXPECT_EQ(classify(seedProgram({"reject"}), accept, cgcSays("reject", "C1033")).kind,
            "plumb-bug");
  EXPECT_EQ(classify(seedProgram({"accept"}), reject, cgcSays("accept")).kind, "plumb-bug");
  // A known cause on a real-world program (no seed reading of its own).
  EXPECT_EQ(
      classify(seedProgram({}),
               {"reject", "cg-reserved-words", "3:9: reserved word 'texture' cannot be used", ""},
               cgcSays("accept"))
          .kind,
      "cgc-deviation");
  EXPECT_EQ(
      classify(seedProgram({}),
               {"reject", "cg-namespaces",
                "9:3: 'fract' is not a declared function (in 'g', which the entry 'main' does not "
                "reach; cgc 3.1 leaves such names unresolved)",
                ""},
               cgcSays("accept"))
          .kind,
      "cgc-deviation");
  // cgc's undocumented GLSL names (docs/cg.md "Real-world Cg").
  EXPECT_EQ(classify(seedProgram({}),
                     {"reject", "cg-namespaces", "95:16: 'fract' is not a declared function", ""},
                     cgcSays("accept"))
                .kind,
            "cgc-deviation");
  // Ogre's: GLSL type names, `sampler` as a name, vectors of different sizes (C17).
  for (const PlumbJudgement& j :
       {PlumbJudgement{"reject", "cg-types", "215:5: unknown type name 'vec3'", ""},
        PlumbJudgement{"reject", "cg-statements-and-expressions",
                       "18:48: expected ')', found "
                       "'sampler'",
                       ""},
        PlumbJudgement{"reject", "cg-operator-enhancements",
                       "55:29: operator '+': the sizes of float2 and float3 do not match", ""}})
    EXPECT_EQ(classify(seedProgram({}), j, cgcSays("accept")).kind, "cgc-deviation") << j.message;
  // No reading of the seed and nothing explains it.
  EXPECT_EQ(classify(seedProgram({}), reject, cgcSays("accept")).kind, "plumb-bug");
}

TEST(CgOracleInputs, TheRecordedEdgePrograms) {
  std::vector<OracleProgram> programs;
  std::string error;
  ASSERT_TRUE(loadOracleInputs(PLUMB_TEST_DATA_DIR "/cg/cgc_verdicts.jsonl", "gp4fp", "main", "",
                               programs, error))
      << error;
  ASSERT_GE(programs.size(), 250u);
  size_t conversion = 0, silent = 0, hlslf = 0;
  for (const OracleProgram& p : programs) {
    EXPECT_FALSE(p.source.empty()) << p.name;
    EXPECT_FALSE(p.seedVerdicts.empty()) << p.name;
    EXPECT_TRUE(p.recordedCgcVerdict) << p.name;
    conversion += p.name.rfind("conv-", 0) == 0;
    silent += p.seedSilent;
    hlslf += p.profile == "hlslf";
  }
  EXPECT_GE(conversion, 100u);  // every table cell, implicit and explicit
  EXPECT_GE(silent, 2u);
  EXPECT_GE(hlslf, 30u);  // the folding cases read cgc's hlslf output
}

// The C++ classification agrees with the script's own comparison of cgc with the seed: a
// Plumb that follows the seed's first reading is a cgc-deviation exactly where the script
// recorded a verdict departure (the records with the seed silent are seed defects).
TEST(CgOracleInputs, ClassificationMatchesTheRecordedDepartures) {
  std::ifstream in(PLUMB_TEST_DATA_DIR "/cg/cgc_verdicts.jsonl");
  std::string line;
  std::getline(in, line);  // the header
  size_t deviations = 0, records = 0;
  while (std::getline(in, line)) {
    nlohmann::json r = nlohmann::json::parse(line);
    OracleProgram p;
    p.name = r["id"];
    p.rule = r["rule"];
    p.seedVerdicts = r["seed"]["verdicts"].get<std::vector<std::string>>();
    p.seedSilent = r["seed"].value("silent", false);
    const std::string cgcVerdict = r["cgc"]["verdict"];
    CgcResult c = cgcSays(cgcVerdict);
    PlumbJudgement plumb{p.seedVerdicts.front(), "", "", p.profile};
    const std::string kind = classify(p, plumb, c).kind;
    const bool verdictDeparts =
        r["departure"].get<std::string>().rfind("verdict ", 0) == 0 && !p.seedSilent;
    ++records;
    if (verdictDeparts) {
      ++deviations;
      EXPECT_EQ(kind, "cgc-deviation") << p.name;
    } else if (!p.seedSilent) {
      EXPECT_EQ(kind, "agree") << p.name;
    }
  }
  EXPECT_GE(records, 280u);
  // docs/cg.md: 16 conversions, 2 unreached functions, 13 integer programs (12 of the cgc
  // dialect's types and suffixes, `signed long`).
  EXPECT_EQ(deviations, 31u);
}

TEST(CgOracleInputs, ManifestFileDirectoryAndWrongFormats) {
  std::string manifest =
      writeTemp("m.jsonl",
                "{\"format\":\"plumb-cg-programs\",\"version\":1,\"root\":\"/r\"}\n"
                "{\"file\":\"a/b.cg\",\"entry\":\"main_vertex\",\"profile\":\"arbvp1\","
                "\"cgc\":{\"verdict\":\"accept\"}}\n");
  std::vector<OracleProgram> programs;
  std::string error;
  ASSERT_TRUE(loadOracleInputs(manifest, "gp4fp", "main", "", programs, error)) << error;
  ASSERT_EQ(programs.size(), 1u);
  EXPECT_EQ(programs[0].path, "/r/a/b.cg");
  EXPECT_EQ(programs[0].entry, "main_vertex");
  EXPECT_EQ(programs[0].profile, "arbvp1");
  EXPECT_EQ(programs[0].recordedCgcVerdict, "accept");
  programs.clear();
  ASSERT_TRUE(loadOracleInputs(manifest, "gp4fp", "main", "/other", programs, error));
  EXPECT_EQ(programs[0].path, "/other/a/b.cg");

  // An Ogre program's macros and include folders (relative to the root), in its name too.
  std::string ogre =
      writeTemp("o.jsonl",
                "{\"format\":\"plumb-cg-programs\",\"version\":1,\"root\":\"/r\"}\n"
                "{\"file\":\"s.cg\",\"entry\":\"main\",\"profile\":\"arbvp1\","
                "\"defines\":[\"SHADOW\",\"N=2\"],\"include_dirs\":[\"Media/Main\"]}\n");
  programs.clear();
  ASSERT_TRUE(loadOracleInputs(ogre, "gp4fp", "main", "", programs, error)) << error;
  ASSERT_EQ(programs.size(), 1u);
  EXPECT_EQ(programs[0].defines, (std::vector<std::string>{"SHADOW", "N=2"}));
  EXPECT_EQ(programs[0].includeDirs, std::vector<std::string>{"/r/Media/Main"});
  EXPECT_EQ(programs[0].name, "s.cg:main -DSHADOW,N=2");

  std::string v2 = writeTemp("v2.jsonl", "{\"format\":\"plumb-cg-programs\",\"version\":2}\n");
  EXPECT_FALSE(loadOracleInputs(v2, "gp4fp", "main", "", programs, error));
  EXPECT_NE(error.find("version 2"), std::string::npos);
  std::string junk = writeTemp("junk.jsonl", "not json\n");
  EXPECT_FALSE(loadOracleInputs(junk, "gp4fp", "main", "", programs, error));

  auto dir = std::filesystem::temp_directory_path() /
             ("plumb-cg-oracle-test-dir-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "sub");
  std::ofstream(dir / "sub" / "b.cg") << "float4 main() : COLOR { return 0; }\n";
  std::ofstream(dir / "a.cg") << "float4 main() : COLOR { return 0; }\n";
  std::ofstream(dir / "notes.txt") << "x";
  programs.clear();
  ASSERT_TRUE(loadOracleInputs(dir.string(), "arbfp1", "main", "", programs, error));
  ASSERT_EQ(programs.size(), 2u);
  EXPECT_EQ(std::filesystem::path(programs[0].path).filename(), "a.cg");
  EXPECT_EQ(programs[1].profile, "arbfp1");
}

TEST(CgOracleRun, AgainstAStandInCgc) {
  ASSERT_TRUE(findCgc(kFakeCgc));
  EXPECT_FALSE(findCgc("/nonexistent/cgc"));
  EXPECT_EQ(cgcVersion(kFakeCgc), "9.9.0001");

  CgcResult ok =
      runCgc(kFakeCgc, invocation(writeTemp("ok.cg", "float4 main() : COLOR { return 0; }\n")));
  ASSERT_TRUE(ok.ran) << ok.failure;
  EXPECT_EQ(ok.verdict, "accept");
  ASSERT_TRUE(hlslFoldedValues(ok.output));
  EXPECT_EQ(hlslFoldedValues(ok.output)->at(2), "-2.50000000000000000E00");

  CgcResult warn = runCgc(kFakeCgc, invocation(writeTemp("warn.cg", "WARN\n")));
  EXPECT_EQ(warn.verdict, "warn");
  ASSERT_EQ(warn.warnings.size(), 1u);
  EXPECT_EQ(warn.warnings[0].code, "C7011");

  CgcResult bad = runCgc(kFakeCgc, invocation(writeTemp("bad.cg", "x\nBAD\n")));
  EXPECT_EQ(bad.verdict, "reject");
  ASSERT_EQ(bad.errors.size(), 1u);
  EXPECT_EQ(bad.errors[0].line, 2);
  EXPECT_EQ(bad.errors[0].code, "C1008");

  CgcInvocation hang = invocation(writeTemp("hang.cg", "HANG\n"));
  hang.timeoutSeconds = 1;
  CgcResult hung = runCgc(kFakeCgc, hang);
  EXPECT_FALSE(hung.ran);
  EXPECT_NE(hung.failure.find("did not finish"), std::string::npos);
}

TEST(CgOracleRun, PlumbsFrontEndAndTheReport) {
  OracleProgram good;
  good.name = "good";
  good.source = "float4 main(float4 c : COLOR0) : COLOR { return c; }\n";
  good.profile = "arbfp1";
  PlumbJudgement g = judgeWithPlumb(good);
  EXPECT_EQ(g.verdict, "accept") << g.rule << " " << g.message;
  EXPECT_EQ(g.profile, "arbfp1");

  OracleProgram typing = good;  // parses, and the checker rejects it (table cell vector<-vector)
  typing.source = "float4 main(float2 c : TEXCOORD0) : COLOR { float3 v = c; return v.x; }\n";
  PlumbJudgement t = judgeWithPlumb(typing);
  EXPECT_EQ(t.verdict, "reject");

  OracleProgram later = good;  // a profile Plumb knows from cgc 3.1's manual: itself
  later.profile = "gp5fp";
  EXPECT_EQ(judgeWithPlumb(later).profile, "gp5fp");
  later.profile = "fp30";  // one it does not: the modern profile of its stage
  EXPECT_EQ(judgeWithPlumb(later).profile, "fp40");
  later.profile = "gp5gp";  // a geometry program names its input primitive
  EXPECT_EQ(judgeWithPlumb(later).verdict, "reject");
  later.profile = "gs_3_0";  // a profile that does not exist
  EXPECT_EQ(judgeWithPlumb(later).verdict, "unknown");
  EXPECT_EQ(plumbProfileFor("vs_3_0"), "vs_3_0");
  EXPECT_EQ(plumbProfileFor("vp30"), "vp40");
  EXPECT_EQ(plumbProfileFor("ps_2_0"), "ps_2_0");

  OracleProgram bad = good;
  bad.name = "bad";
  bad.source = "float4 main( : COLOR { return; }\n";
  PlumbJudgement b = judgeWithPlumb(bad);
  EXPECT_EQ(b.verdict, "reject");
  EXPECT_FALSE(b.rule.empty());

  OracleItem agree{bad, cgcSays("reject"), b, classify(bad, b, cgcSays("reject")), std::nullopt};
  OracleProgram recorded = seedProgram({"accept"});
  recorded.recordedCgcVerdict = "accept";
  // Plumb accepts as the seed's reading does, cgc rejects, and cgc accepted when recorded.
  OracleItem deviation{recorded, cgcSays("reject"), {"accept", "", "", ""}, {}, std::nullopt};
  deviation.classification = classify(recorded, deviation.plumb, deviation.cgc);
  nlohmann::json report = oracleReport({agree, deviation}, "3.1.0013", false);
  EXPECT_EQ(report["format"], "plumb-cg-oracle-report");
  EXPECT_EQ(report["version"], 1);
  EXPECT_EQ(report["programs"], 2);
  EXPECT_EQ(report["counts"]["agree"], 1);
  EXPECT_EQ(report["counts"]["plumb-bug"], 0);
  EXPECT_EQ(report["counts"]["cgc-deviation"], 1);  // Plumb with the seed, cgc against it
  EXPECT_EQ(report["cgc_changed_since_recorded"], 1);
  ASSERT_EQ(report["items"].size(), 1u);  // the agreeing one is counted, not listed
  EXPECT_EQ(report["items"][0]["cgc"]["recorded_verdict"], "accept");
  EXPECT_EQ(oracleReport({agree, deviation}, "3.1.0013", true)["items"].size(), 2u);
}

}  // namespace
}  // namespace plumb::cg
