// Verdict-only oracle cases (module only, or one pipeline per entry point), pipeline-overridable
// constants, and the plumb-case v1 format: loading, the runner's input, the pipelines Plumb
// plans, and a batch through tests/oracle/fake_runner.sh (tests/oracle/data/verdicts).
#include <unistd.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include <gtest/gtest.h>

#include "oracle/wgsl/oracle.h"

namespace plumb::oracle {
namespace {

namespace fs = std::filesystem;
const std::string kVerdicts = std::string(PLUMB_SOURCE_DIR) + "/tests/oracle/data/verdicts";

OracleCase load(const std::string& name, const VerdictOptions& options = {}) {
  OracleCase c = loadCase(kVerdicts + "/" + name, options);
  EXPECT_EQ(c.error, "") << name;
  return c;
}

std::string writeTemp(const std::string& name, const std::string& text) {
  fs::path dir =
      fs::temp_directory_path() / ("plumb-oracle-verdict-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path p = dir / name;
  std::ofstream(p) << text;
  return p.string();
}

TEST(OracleVerdictCases, ModuleOnlyCases) {
  OracleCase syntax = load("syntax-error.json");
  EXPECT_EQ(syntax.mode, CaseMode::Module);
  EXPECT_FALSE(syntax.verdict.valid);
  EXPECT_EQ(syntax.verdict.stage, "parse");
  OracleCase type = load("type-error.wgsl");
  EXPECT_EQ(type.mode, CaseMode::Module);
  EXPECT_FALSE(type.verdict.valid);
  EXPECT_EQ(type.verdict.rule, "var-and-value");
  OracleCase valid = load("no-entry-point.wgsl");
  EXPECT_EQ(valid.mode, CaseMode::Module);
  EXPECT_TRUE(valid.verdict.valid);
  EXPECT_TRUE(valid.bindings.empty());
  // The runner gets the module and nothing to run.
  nlohmann::json in = runnerInput(valid);
  EXPECT_EQ(in["mode"], "module");
  EXPECT_FALSE(in.contains("entry"));
  EXPECT_FALSE(in.contains("bindings"));
  EXPECT_FALSE(in.contains("pipelines"));
}

TEST(OracleVerdictCases, OnePipelinePerEntryPoint) {
  OracleCase c = load("fragment-targets.json");
  ASSERT_EQ(c.mode, CaseMode::Pipelines);
  EXPECT_TRUE(c.verdict.valid) << c.verdict.message;
  ASSERT_EQ(c.pipelines.size(), 2u);
  const PipelinePlan& vs = c.pipelines[0];
  EXPECT_EQ(vs.entry, "vs");
  EXPECT_EQ(vs.stage, ShaderStage::Vertex);
  EXPECT_EQ(vs.vertexBuffers, nlohmann::json::parse(R"([
              {"arrayStride": 12, "attributes": [{"shaderLocation": 0, "format": "float32x3", "offset": 0}]},
              {"arrayStride": 4, "attributes": [{"shaderLocation": 1, "format": "uint32", "offset": 0}]}])"));
  const PipelinePlan& fs = c.pipelines[1];
  EXPECT_EQ(fs.entry, "fs");
  EXPECT_EQ(fs.stage, ShaderStage::Fragment);
  // Location 2 is not written: its target is null. vec3<u32> gets a two-channel format.
  EXPECT_EQ(
      fs.targets,
      nlohmann::json::parse(
          R"([{"format": "rgba32float"}, {"format": "r32sint"}, null, {"format": "rg32uint"}])"));
  EXPECT_TRUE(fs.depthStencil.is_null());
  // The generated vertex stage writes what the fragment stage reads, with its interpolation.
  EXPECT_NE(fs.partnerWgsl.find("@location(0) @interpolate(flat) v0: u32"), std::string::npos)
      << fs.partnerWgsl;
  EXPECT_NE(fs.partnerWgsl.find("@location(1) v1: vec2<f32>"), std::string::npos) << fs.partnerWgsl;
  nlohmann::json in = runnerInput(c);
  EXPECT_EQ(in["mode"], "pipelines");
  ASSERT_EQ(in["pipelines"].size(), 2u);
  EXPECT_EQ(in["pipelines"][1]["stage"], "fragment");
  EXPECT_EQ(in["pipelines"][1]["partner"]["entry"], "main");
}

TEST(OracleVerdictCases, GeneratedVertexStagesAreValidWgsl) {
  for (const char* name : {"fragment-targets.json", "fragment-depth.wgsl"}) {
    OracleCase c = load(name);
    for (const PipelinePlan& p : c.pipelines) {
      if (p.stage != ShaderStage::Fragment) continue;
      PlumbVerdict v = plumbVerdict("partner.wgsl", p.partnerWgsl, {});
      EXPECT_TRUE(v.valid) << name << ": " << v.message << "\n" << p.partnerWgsl;
    }
  }
}

TEST(OracleVerdictCases, FragmentDepthGetsADepthAttachment) {
  OracleCase c = load("fragment-depth.wgsl");
  ASSERT_EQ(c.mode, CaseMode::Pipelines);
  ASSERT_EQ(c.pipelines.size(), 1u);
  EXPECT_TRUE(c.pipelines[0].targets.empty());
  EXPECT_EQ(c.pipelines[0].depthStencil["format"], "depth32float");
  EXPECT_EQ(c.pipelines[0].depthStencil["depthWriteEnabled"], true);
}

TEST(OracleVerdictCases, NamedVertexEntryIsItsPipelineAlone) {
  nlohmann::json j = {{"format", "plumb-oracle-case"},
                      {"version", 1},
                      {"wgsl",
                       "@vertex fn v() -> @builtin(position) vec4<f32> { return vec4<f32>(); }\n"
                       "@compute @workgroup_size(1) fn c() {}\n"},
                      {"entry", "v"}};
  OracleCase c = loadCase(writeTemp("named-vertex.json", j.dump()), {});
  ASSERT_EQ(c.error, "");
  EXPECT_EQ(c.mode, CaseMode::Pipelines);
  ASSERT_EQ(c.pipelines.size(), 1u);
  EXPECT_EQ(c.pipelines[0].entry, "v");
  j["entry"] = "nope";
  c = loadCase(writeTemp("named-vertex.json", j.dump()), {});
  EXPECT_NE(c.error.find("no entry point named 'nope'"), std::string::npos) << c.error;
  // Without "entry", a program with several entry points is verdict-only: both pipelines.
  j.erase("entry");
  c = loadCase(writeTemp("named-vertex.json", j.dump()), {});
  ASSERT_EQ(c.error, "");
  EXPECT_EQ(c.mode, CaseMode::Pipelines);
  EXPECT_EQ(c.pipelines.size(), 2u);
  // "mode": "module" asks for the module alone.
  j["mode"] = "module";
  c = loadCase(writeTemp("named-vertex.json", j.dump()), {});
  EXPECT_EQ(c.mode, CaseMode::Module);
  j["mode"] = "paint";
  c = loadCase(writeTemp("named-vertex.json", j.dump()), {});
  EXPECT_NE(c.error.find("\"mode\""), std::string::npos) << c.error;
  // A draw needs a vertex or fragment entry point to draw (docs/oracle.md "Draws").
  j["mode"] = "draw";
  c = loadCase(writeTemp("named-vertex.json", j.dump()), {});
  EXPECT_NE(c.error.find("\"mode\": \"draw\""), std::string::npos) << c.error;
  j["entry"] = "c";
  c = loadCase(writeTemp("named-vertex.json", j.dump()), {});
  EXPECT_NE(c.error.find("\"mode\": \"draw\""), std::string::npos) << c.error;
  j["entry"] = "v";
  c = loadCase(writeTemp("named-vertex.json", j.dump()), {});
  EXPECT_EQ(c.error, "");
  EXPECT_EQ(c.mode, CaseMode::Draw);
}

TEST(OracleVerdictCases, InvalidProgramWithOneComputeEntryIsVerdictOnly) {
  // The verdict decides, so no buffers are needed: the compute pipeline gets layout "auto".
  std::string p = writeTemp("barrier.wgsl",
                            "@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n"
                            "@compute @workgroup_size(4)\n"
                            "fn main(@builtin(local_invocation_index) i: u32) {\n"
                            "  if (i == 0u) { workgroupBarrier(); }\n"
                            "  o[i] = i;\n"
                            "}\n");
  OracleCase c = loadCase(p, {});
  ASSERT_EQ(c.error, "");
  EXPECT_FALSE(c.verdict.valid);
  EXPECT_EQ(c.mode, CaseMode::Pipelines);
  ASSERT_EQ(c.pipelines.size(), 1u);
  EXPECT_EQ(c.pipelines[0].stage, ShaderStage::Compute);
  EXPECT_TRUE(c.bindings.empty());
}

TEST(OracleVerdictCases, PlumbCaseWithOverridesRuns) {
  OracleCase c = load("override-constants.json");
  EXPECT_EQ(c.format, "plumb-case");
  EXPECT_EQ(c.mode, CaseMode::Run);
  EXPECT_TRUE(c.verdict.valid) << c.verdict.message;
  EXPECT_TRUE(c.verdictOptions.pipelineCreation);
  ASSERT_EQ(c.verdictOptions.overrides.size(), 2u);
  EXPECT_EQ(c.constants, nlohmann::json::parse(R"({"7": 21.0, "offset": 5.0})"));
  // The generator's "run" ({"complete", "schedules", "outcomes"}) becomes a plumb-run report.
  ASSERT_TRUE(c.expect);
  EXPECT_EQ((*c.expect)["format"], "plumb-run");
  EXPECT_EQ((*c.expect)["executions"]["complete"], true);
  EXPECT_EQ((*c.expect)["outcomes"].size(), 1u);
  EXPECT_EQ(c.expectSource, "case file");
  EXPECT_EQ(c.caseInfo["family"], "overrides");
  EXPECT_EQ(c.caseInfo["twin"], "override-missing-value");
  EXPECT_FALSE(c.caseVerdict.contains("run"));
  EXPECT_EQ(verdictMismatch(c), "");
  nlohmann::json in = runnerInput(c);
  EXPECT_EQ(in["entry"], "main");
  EXPECT_EQ(in["constants"]["7"], 21.0);
  // The interpreter runs with the same values: scale * 2 = 42, offset = 5.
  std::string why;
  std::optional<nlohmann::json> run = interpreterOutcomeProvider()(c, why);
  ASSERT_TRUE(run) << why;
  OutcomeMatch m = compareWithOutcomes(*run, {{0, 0, {42, 5}}});
  EXPECT_EQ(m.status, OutcomeMatch::Status::Conformant) << m.note;
}

// A case that runs (or creates pipelines) meets pipeline creation on the backends, which gives
// each override its default: Plumb's verdict must be pipeline creation's too. Found by the
// campaign of issue 17: `@workgroup_size(w)` with `override w: u32 = 0u;` was "valid" for
// Plumb (the module alone) and a rejects-valid of every backend.
TEST(OracleVerdictCases, OverrideDefaultsMeetPipelineCreation) {
  OracleCase zero = loadCase(writeTemp("override-workgroup-zero.wgsl",
                                       "override w: u32 = 0u;\n"
                                       "@compute @workgroup_size(w) fn main() { }\n"),
                             {});
  ASSERT_EQ(zero.error, "");
  EXPECT_EQ(zero.mode, CaseMode::Run);  // chosen from the module's verdict
  EXPECT_TRUE(zero.verdictOptions.pipelineCreation);
  EXPECT_FALSE(zero.verdict.valid);
  EXPECT_EQ(zero.verdict.stage, "pipeline");
  EXPECT_EQ(zero.verdict.rule, "attribute-workgroup_size");
  OracleCase array = loadCase(writeTemp("override-array-zero.wgsl",
                                        "override n: u32 = 0u;\n"
                                        "var<workgroup> a: array<u32, n>;\n"
                                        "@compute @workgroup_size(1) fn main() { _ = a[0]; }\n"),
                              {});
  ASSERT_EQ(array.error, "");
  EXPECT_FALSE(array.verdict.valid);
  EXPECT_EQ(array.verdict.stage, "pipeline");
  // A good default stays valid, and runs.
  OracleCase one = loadCase(writeTemp("override-workgroup-one.wgsl",
                                      "override w: u32 = 1u;\n"
                                      "@compute @workgroup_size(w) fn main() { }\n"),
                            {});
  ASSERT_EQ(one.error, "");
  EXPECT_TRUE(one.verdict.valid) << one.verdict.message;
  EXPECT_EQ(one.mode, CaseMode::Run);
  // A module without overrides keeps the module's verdict (no pipeline simulation needed).
  OracleCase none =
      loadCase(writeTemp("no-override.wgsl", "@compute @workgroup_size(1) fn main() { }\n"), {});
  EXPECT_FALSE(none.verdictOptions.pipelineCreation);
  EXPECT_TRUE(none.verdict.valid);
}

// A generated litmus case (kind "explore") is compared with the memory model's final states,
// not with the interleavings `plumb run` executes: message passing through relaxed atomics may
// show the flag's new value with the data's old one (r[1] = 3, r[3] = 0), which no
// interleaving gives.
TEST(OracleVerdictCases, PlumbCaseOfKindExploreTakesTheMemoryModelsStates) {
  OracleCase c = load("litmus-mp-relaxed.json");
  EXPECT_EQ(c.mode, CaseMode::Run);
  EXPECT_EQ(c.caseInfo["kind"], "explore");
  std::string why;
  std::optional<nlohmann::json> states = interpreterOutcomeProvider()(c, why);
  ASSERT_TRUE(states) << why;
  EXPECT_EQ((*states)["executions"]["schedules"], "memory-model");
  EXPECT_EQ((*states)["outcomes"].size(), 4u);  // the case's own "explore" states
  // m = {x, y}, r = [r0, r1, r2, r3]
  auto device = [](uint32_t r1, uint32_t r3) {
    return std::vector<DeviceBuffer>{{0, 0, {1, 3}}, {0, 1, {1, r1, 0, r3}}};
  };
  EXPECT_EQ(compareWithOutcomes(*states, device(3, 0)).status, OutcomeMatch::Status::Conformant);
  EXPECT_EQ(compareWithOutcomes(*states, device(3, 1)).status, OutcomeMatch::Status::Conformant);
  EXPECT_EQ(compareWithOutcomes(*states, device(0, 0)).status, OutcomeMatch::Status::Conformant);
  // r[1] = 2 was never stored: outside every state.
  EXPECT_EQ(compareWithOutcomes(*states, device(2, 1)).status, OutcomeMatch::Status::Outside);
}

TEST(OracleVerdictCases, PlumbCaseVerdicts) {
  OracleCase missing = load("override-missing-value.json");
  EXPECT_FALSE(missing.verdict.valid);
  EXPECT_EQ(missing.verdict.stage, "pipeline");
  EXPECT_EQ(missing.verdict.rule, "override-decls");
  EXPECT_EQ(missing.mode, CaseMode::Pipelines);
  EXPECT_EQ(verdictMismatch(missing), "");
  // The case's own options decide: strict uniformity rejects the barrier.
  OracleCase strict = load("uniformity-strict.json");
  EXPECT_TRUE(strict.verdictOptions.strictUniformity);
  EXPECT_FALSE(strict.verdict.valid);
  EXPECT_EQ(verdictMismatch(strict), "");
  // A verdict Plumb does not reach is reported, not hidden.
  nlohmann::json j = {{"format", "plumb-case"},
                      {"version", 1},
                      {"name", "wrong"},
                      {"family", "test"},
                      {"rule", {{"anchor", "x"}, {"side", "invalid"}}},
                      {"wgsl", "fn f() {}"},
                      {"expect", {{"verdict", "invalid"}, {"stage", "check"}, {"rule", "x"}}}};
  OracleCase wrong = loadCase(writeTemp("wrong.json", j.dump()), {});
  ASSERT_EQ(wrong.error, "");
  EXPECT_EQ(verdictMismatch(wrong), "the case expects invalid, Plumb says valid");
}

TEST(OracleVerdictCases, PlumbCaseErrorsAreClear) {
  auto errorOf = [](const nlohmann::json& j) {
    return loadCase(writeTemp("bad-plumb-case.json", j.dump()), {}).error;
  };
  nlohmann::json base = {{"format", "plumb-case"},
                         {"version", 1},
                         {"name", "bad"},
                         {"family", "test"},
                         {"rule", {{"anchor", "x"}}},
                         {"expect", {{"verdict", "valid"}}},
                         {"wgsl", "fn f() {}"}};
  EXPECT_EQ(errorOf(base), "");
  nlohmann::json j = base;
  j["version"] = 2;
  EXPECT_NE(errorOf(j).find("\"version\": 1"), std::string::npos);
  j = base;
  j["revision"] = "2026-08";  // an unknown revision (2026 is known: revision_delta_test.cpp)
  EXPECT_NE(errorOf(j).find("revision '2026-08': Plumb knows revisions 2022-06 and 2026"),
            std::string::npos);
  j = base;
  j["options"] = {{"overrides", {{"k", "1u"}}}};
  EXPECT_NE(errorOf(j).find("finite number"), std::string::npos);
  j = base;
  j["expect"] = {{"verdict", "maybe"}};
  EXPECT_NE(errorOf(j).find("expect.verdict"), std::string::npos);
  j = base;
  j["expect"] = {{"verdict", "valid"}, {"run", {{"format", "plumb-run"}}}};
  EXPECT_NE(errorOf(j).find("expect.run"), std::string::npos);
  j = base;
  j.erase("wgsl");
  EXPECT_NE(errorOf(j).find("'wgsl' not found"), std::string::npos) << errorOf(j);
  j = base;
  j["dispatch"] = {0, 1, 1};
  j["entry"] = "main";
  EXPECT_NE(errorOf(j).find("1..65535"), std::string::npos);
}

TEST(OracleVerdictCases, ConstantsInAnOracleCase) {
  nlohmann::json j = {{"format", "plumb-oracle-case"},
                      {"version", 1},
                      {"wgsl",
                       "override k: f32;\n"
                       "@group(0) @binding(0) var<storage, read_write> o: f32;\n"
                       "@compute @workgroup_size(1) fn main() { o = k; }\n"},
                      {"constants", {{"k", 1.5}}}};
  OracleCase c = loadCase(writeTemp("constants.json", j.dump()), {});
  ASSERT_EQ(c.error, "");
  EXPECT_TRUE(c.verdict.valid) << c.verdict.message;
  EXPECT_EQ(c.mode, CaseMode::Run);
  EXPECT_EQ(runnerInput(c)["constants"]["k"], 1.5);
  // Without the value, pipeline creation fails (Plumb simulates it because "constants" is given).
  j["constants"] = {{"other", 1}};
  c = loadCase(writeTemp("constants.json", j.dump()), {});
  EXPECT_FALSE(c.verdict.valid);
  EXPECT_EQ(c.verdict.stage, "pipeline");
}

// A `plumb gen` corpus directory expands to the cases its manifest lists, in its family folders.
TEST(OracleVerdictCases, CorpusDirectoryExpandsToItsManifest) {
  fs::path dir =
      fs::temp_directory_path() / ("plumb-oracle-corpus-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "overrides");
  fs::copy_file(kVerdicts + "/override-constants.json", dir / "overrides" / "a.json");
  fs::copy_file(kVerdicts + "/override-missing-value.json", dir / "overrides" / "b.json");
  nlohmann::json manifest = {
      {"format", "plumb-corpus"},
      {"version", 1},
      {"families", {{"overrides", {{"files", {"overrides/b.json", "overrides/a.json"}}}}}}};
  std::ofstream(dir / "manifest.json") << manifest.dump();
  std::string error;
  std::vector<std::string> paths = expandCasePaths({dir.string()}, error);
  EXPECT_EQ(error, "");
  ASSERT_EQ(paths.size(), 2u);
  EXPECT_EQ(fs::path(paths[0]).filename(), "a.json");
  for (const std::string& p : paths) EXPECT_EQ(loadCase(p, {}).error, "") << p;
}

// Nothing a case file says may crash the loader: every prefix of every verdict case file loads
// (as a case, or with an error).
TEST(OracleVerdictCases, TruncatedCaseFilesNeverCrash) {
  std::string error;
  for (const std::string& p : expandCasePaths({kVerdicts}, error)) {
    std::ifstream in(p);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string ext = fs::path(p).extension().string();
    for (size_t n = 0; n < text.size(); n += 5) {
      OracleCase c = loadCase(writeTemp("truncated" + ext, text.substr(0, n)), {});
      if (c.error.empty()) runnerInput(c);
    }
  }
}

BackendSpec fake(const std::string& name) {
  return {name, {{"bash", PLUMB_FAKE_RUNNER}, {}, ""}};
}

TEST(OracleVerdictCases, BatchWithTheFakeRunner) {
  std::string error;
  std::vector<OracleCase> cases;
  for (const std::string& p : expandCasePaths({kVerdicts}, error)) cases.push_back(loadCase(p, {}));
  ASSERT_EQ(error, "");
  ASSERT_EQ(cases.size(), 10u);
  // A backend that rejects the syntax error's module.
  auto byId = [&](const std::string& id) -> OracleCase& {
    return *std::find_if(cases.begin(), cases.end(),
                         [&](const OracleCase& c) { return c.id == id; });
  };
  byId("syntax-error").runnerTest = "reject";
  byId("override-missing-value").runnerTest = "reject-pipeline";
  OracleOptions o;
  o.backends = {fake("fake")};
  o.outcomes = interpreterOutcomeProvider();
  OracleRun run = runOracle(cases, {}, o);
  const BackendRun& b = run.backends.at(0);
  std::map<std::string, const BackendCaseResult*> result;
  for (size_t i = 0; i < run.cases.size(); ++i) result[run.cases[i].id] = &b.results[i];
  // The fake runner accepts every module and pipeline unless told otherwise.
  EXPECT_EQ(result["syntax-error"]->classification, Classification::Agree);
  EXPECT_EQ(result["type-error"]->status, "module-ok");
  EXPECT_EQ(result["type-error"]->classification, Classification::AcceptsInvalid);
  EXPECT_EQ(result["no-entry-point"]->classification, Classification::Agree);
  EXPECT_EQ(result["fragment-targets"]->status, "pipeline-ok");
  EXPECT_EQ(result["fragment-targets"]->classification, Classification::Agree);
  EXPECT_EQ(result["fragment-targets"]->raw["pipelines"].size(), 2u);
  EXPECT_EQ(result["override-missing-value"]->classification, Classification::Agree);
  EXPECT_EQ(result["uniformity-strict"]->classification, Classification::AcceptsInvalid);
  EXPECT_EQ(result["unreachable-warning"]->status, "executed");
  // The runnable plumb-case: the fake writes 42 to word 0, and word 1 (5) is missing from its
  // one-word buffer, so the output lies outside Plumb's outcome.
  EXPECT_EQ(result["override-constants"]->status, "executed");
  EXPECT_EQ(result["override-constants"]->classification, Classification::OutputOutside);
  // The report names each case's mode, pipelines and constants, and whether Plumb's verdict
  // is the plumb-case's.
  nlohmann::json report = reportJson(run);
  for (const nlohmann::json& c : report["cases"]) {
    if (c["id"] == "fragment-targets") {
      EXPECT_EQ(c["mode"], "pipelines");
      EXPECT_EQ(c["pipelines"][1],
                nlohmann::json::parse(R"({"entry": "fs", "stage": "fragment"})"));
      EXPECT_EQ(c["results"]["fake"]["pipelines"].size(), 2u);
    }
    if (c["id"] == "override-constants") {
      EXPECT_EQ(c["constants"]["7"], 21.0);
      EXPECT_EQ(c["family"], "overrides");
      EXPECT_EQ(c["plumb"]["matchesCase"], true);
    }
    if (c["id"] == "type-error") {
      EXPECT_EQ(c["mode"], "module");
    }
  }
  std::string html = reportHtml(report);
  EXPECT_NE(html.find("verdict only: pipelines vertex vs fragment fs"), std::string::npos);
}

}  // namespace
}  // namespace plumb::oracle
