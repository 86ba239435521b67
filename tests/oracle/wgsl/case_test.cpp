// Loading oracle cases (plumb-oracle-case v1) and resolving bindings to raw words.
#include <unistd.h>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "oracle/wgsl/oracle_case.h"

namespace plumb::oracle {
namespace {

namespace fs = std::filesystem;
const std::string kCorpus = std::string(PLUMB_SOURCE_DIR) + "/corpus/oracle";

std::string writeTemp(const std::string& name, const std::string& text) {
  fs::path dir =
      fs::temp_directory_path() / ("plumb-oracle-case-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path p = dir / name;
  std::ofstream(p) << text;
  return p.string();
}

TEST(OracleCases, BundledCorpusLoads) {
  std::string error;
  std::vector<std::string> paths = expandCasePaths({kCorpus}, error);
  ASSERT_EQ(error, "");
  ASSERT_GE(paths.size(), 8u);
  for (const std::string& p : paths) {
    OracleCase c = loadCase(p, {});
    EXPECT_EQ(c.error, "") << p;
    EXPECT_FALSE(c.entry.empty()) << p;
    EXPECT_FALSE(c.bindings.empty()) << p;
  }
  // global-id.wgsl is a case of its own (with its .bindings.json), listed once.
  EXPECT_EQ(
      std::count_if(paths.begin(), paths.end(),
                    [](const std::string& p) { return p.find("global-id") != std::string::npos; }),
      1);
}

TEST(OracleCases, PlumbVerdicts) {
  OracleCase x = loadCase(kCorpus + "/xor-plus-mixing.json", {});
  EXPECT_FALSE(x.verdict.valid);
  EXPECT_EQ(x.verdict.rule, "syntax-bitwise_expression");
  EXPECT_EQ(x.verdict.stage, "parse");
  OracleCase b = loadCase(kCorpus + "/barrier-nonuniform.json", {});
  EXPECT_FALSE(b.verdict.valid);
  EXPECT_EQ(b.verdict.rule, "uniformity-function");
  EXPECT_EQ(b.bindings.at(0).kind, BufferKind::Storage);  // from the checker: read_write
  OracleCase s = loadCase(kCorpus + "/sin-exp-accuracy.json", {});
  EXPECT_TRUE(s.verdict.valid);
  EXPECT_EQ(s.bindings.at(0).kind, BufferKind::ReadOnlyStorage);
  EXPECT_EQ(s.bindings.at(0).words.size(), 8u);
  EXPECT_EQ(s.bindings.at(0).storeType, "array<f32, 8>");
  ASSERT_TRUE(s.expect);
  OracleCase o = loadCase(kCorpus + "/oob-store.json", {});
  EXPECT_EQ(o.bindings.at(1).kind, BufferKind::Uniform);
}

TEST(OracleCases, RunnerInput) {
  OracleCase c = loadCase(kCorpus + "/oob-store.json", {});
  nlohmann::json j = runnerInput(c);
  EXPECT_EQ(j["id"], "oob-store");
  EXPECT_EQ(j["entry"], "main");
  EXPECT_EQ(j["dispatch"], nlohmann::json({1, 1, 1}));
  EXPECT_EQ(j["bindings"][1]["kind"], "uniform");
  EXPECT_EQ(j["bindings"][1]["words"], nlohmann::json({5, 0, 0, 0}));
  EXPECT_EQ(j["bindings"][1]["size"], 16);
  EXPECT_FALSE(j.contains("test"));
}

const char* kProgram =
    "@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n"
    "@group(0) @binding(1) var<uniform> u: vec4<f32>;\n"
    "@compute @workgroup_size(1) fn main() { o[0] = u32(u.x); }\n";

std::string caseWith(const std::string& bindings, const std::string& extra = "") {
  nlohmann::json j = {{"format", "plumb-oracle-case"},
                      {"version", 1},
                      {"wgsl", kProgram},
                      {"bindings", nlohmann::json::parse(bindings)}};
  if (!extra.empty()) j.update(nlohmann::json::parse(extra));
  return j.dump();
}

// docs/formats.md `plumb-run`: a case's expected outcomes may be version 1 to 4; another
// version is rejected with a message.
TEST(OracleCases, ExpectedRunVersions) {
  const std::string b = R"([{"group":0,"binding":0,"size":16}])";
  for (int version : {1, 2, 3, 4}) {
    OracleCase c =
        loadCase(writeTemp("e" + std::to_string(version) + ".json",
                           caseWith(b, R"({"expect": {"format": "plumb-run", "version": )" +
                                           std::to_string(version) + R"(, "outcomes": []}})")),
                 {});
    EXPECT_TRUE(c.error.empty()) << c.error;
    EXPECT_TRUE(c.expect);
  }
  OracleCase five = loadCase(
      writeTemp(
          "e5.json",
          caseWith(b, R"({"expect": {"format": "plumb-run", "version": 5, "outcomes": []}})")),
      {});
  EXPECT_NE(
      five.error.find("plumb-run version 5 is not supported (this Plumb reads versions 1 to 4)"),
      std::string::npos)
      << five.error;
}

TEST(OracleCases, BindingErrorsAreClear) {
  // A typed value is laid out by the store type (vec4<f32>: four words).
  OracleCase v = loadCase(
      writeTemp("v.json", caseWith(R"([{"group":0,"binding":1,"value":[1,2,3,4.5]}])")), {});
  EXPECT_TRUE(v.error.empty()) << v.error;
  for (const RunnerBinding& b : v.bindings)
    if (b.binding == 1) {
      EXPECT_EQ(b.words, (std::vector<uint32_t>{0x3f800000, 0x40000000, 0x40400000, 0x40900000}));
    }
  OracleCase badValue =
      loadCase(writeTemp("bv.json", caseWith(R"([{"group":0,"binding":1,"value":[1,2,3]}])")), {});
  EXPECT_NE(badValue.error.find("expected an array of 4"), std::string::npos) << badValue.error;
  OracleCase w =
      loadCase(writeTemp("w.json", caseWith(R"([{"group":0,"binding":0,"words":[-1]}])")), {});
  EXPECT_NE(w.error.find("not a number"), std::string::npos) << w.error;
  OracleCase s =
      loadCase(writeTemp("s.json", caseWith(R"([{"group":0,"binding":0,"size":6}])")), {});
  EXPECT_NE(s.error.find("multiple of 4"), std::string::npos) << s.error;
  OracleCase d = loadCase(
      writeTemp("d.json",
                caseWith(R"([{"group":0,"binding":0,"size":4},{"group":0,"binding":0,"size":4}])")),
      {});
  EXPECT_NE(d.error.find("twice"), std::string::npos) << d.error;
  OracleCase k = loadCase(
      writeTemp("k.json", caseWith(R"([{"group":0,"binding":0,"size":4,"kind":"texture"}])")), {});
  EXPECT_NE(k.error.find("\"kind\""), std::string::npos) << k.error;
  OracleCase f = loadCase(writeTemp("f.json", R"({"format":"plumb-bindings","version":1})"), {});
  EXPECT_NE(f.error.find("plumb-oracle-case"), std::string::npos) << f.error;
  OracleCase m = loadCase(writeTemp("m.json", "not json"), {});
  EXPECT_NE(m.error, "");
}

TEST(OracleCases, MissingBindingsAreZeroFilled) {
  OracleCase c =
      loadCase(writeTemp("z.json", caseWith(R"([{"group":0,"binding":0,"size":8}])")), {});
  ASSERT_EQ(c.error, "");
  ASSERT_EQ(c.bindings.size(), 2u);
  EXPECT_EQ(c.bindings[1].kind, BufferKind::Uniform);
  EXPECT_EQ(c.bindings[1].size, 16u);  // vec4<f32>
  EXPECT_EQ(c.entry, "main");          // the only compute entry point
}

TEST(OracleCases, UncheckableProgramNeedsKindAndEntryToRun) {
  std::string bad =
      "@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n"
      "@compute @workgroup_size(1) fn main() { o[0] = 1u ^ 2u + 3u; }\n";
  nlohmann::json j = {{"format", "plumb-oracle-case"},
                      {"version", 1},
                      {"wgsl", bad},
                      {"entry", "main"},
                      {"bindings", {{{"group", 0}, {"binding", 0}, {"size", 4}}}}};
  OracleCase c = loadCase(writeTemp("u.json", j.dump()), {});
  EXPECT_NE(c.error.find("give \"kind\""), std::string::npos) << c.error;
  // Without "entry", a program Plumb cannot parse is a module-only case (docs/oracle.md):
  // its verdict is compared, nothing is run.
  j.erase("entry");
  j["bindings"][0]["kind"] = "storage";
  c = loadCase(writeTemp("u.json", j.dump()), {});
  EXPECT_EQ(c.error, "");
  EXPECT_EQ(c.mode, CaseMode::Module);
  // Asking to run it still needs the entry point.
  j["mode"] = "run";
  c = loadCase(writeTemp("u.json", j.dump()), {});
  EXPECT_NE(c.error.find("give \"entry\""), std::string::npos) << c.error;
}

TEST(OracleCases, WgslFileWithoutBindingsGetsZeroBuffers) {
  std::string p = writeTemp("plain.wgsl", kProgram);
  OracleCase c = loadCase(p, {});
  ASSERT_EQ(c.error, "");
  EXPECT_EQ(c.id, "plain");
  ASSERT_EQ(c.bindings.size(), 2u);
  EXPECT_EQ(c.bindings[0].size, 16u);  // a runtime-sized array gets 4 elements
}

TEST(OracleCases, ExpandReportsMissingPaths) {
  std::string error;
  expandCasePaths({"/nonexistent/plumb/case.json"}, error);
  EXPECT_NE(error.find("no such case"), std::string::npos);
}

}  // namespace
}  // namespace plumb::oracle
