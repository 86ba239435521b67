// The oracle on Plumb's typed stops end to end (docs/oracle.md): a case runs on the interpreter
// (interpreterOutcomeProvider) and a device's words are classified against its outcome set.
// An unsupported feature stays inconclusive and says which; after a dynamic error any output
// is allowed.
#include <unistd.h>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "oracle/wgsl/compare.h"
#include "oracle/wgsl/oracle_case.h"

namespace plumb::oracle {
namespace {

namespace fs = std::filesystem;

OracleCase caseOf(const std::string& name, const std::string& wgsl) {
  fs::path dir =
      fs::temp_directory_path() / ("plumb-oracle-typed-stops-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path p = dir / (name + ".json");
  nlohmann::json j = {{"format", "plumb-oracle-case"},
                      {"version", 1},
                      {"wgsl", wgsl},
                      {"bindings", {{{"group", 0}, {"binding", 0}, {"size", 16}}}}};
  std::ofstream(p) << j.dump();
  OracleCase c = loadCase(p.string(), {});
  EXPECT_EQ(c.error, "");
  EXPECT_TRUE(c.verdict.valid) << c.verdict.rule << ": " << c.verdict.message;
  return c;
}

BackendCaseResult executed(const OracleCase& c, std::vector<uint32_t> words) {
  std::string whyNot;
  std::optional<nlohmann::json> plumb = interpreterOutcomeProvider()(c, whyNot);
  EXPECT_TRUE(plumb) << whyNot;
  if (plumb) {
    EXPECT_EQ((*plumb)["version"], 4);
  }
  BackendCaseResult r;
  r.status = "executed";
  r.buffers = {{0, 0, std::move(words)}};
  classify(c, plumb, whyNot, r);
  return r;
}

TEST(OracleTypedStops, SamplingRunsAndIsCompared) {
  // textureSampleLevel was an unsupported stop (inconclusive) before issue 19; it runs now, on
  // the 1x1 zero texture and default sampler a case that gives none gets, and the device's words
  // are compared with its set (compare_test.cpp keeps the unsupported stop's classification).
  OracleCase c = caseOf("sample", R"(
@group(0) @binding(0) var<storage, read_write> o: array<u32, 4>;
@group(0) @binding(1) var t: texture_2d<f32>;
@group(0) @binding(2) var s: sampler;
@compute @workgroup_size(1) fn main() {
  o[0] = 7u;
  o[1] = u32(textureSampleLevel(t, s, vec2<f32>(0.5), 0.0).x);
})");
  BackendCaseResult r = executed(c, {7, 0, 0, 0});
  EXPECT_EQ(r.classification, Classification::Agree);
  EXPECT_EQ(r.outcome.status, OutcomeMatch::Status::Conformant);
  BackendCaseResult wrong = executed(c, {7, 1, 0, 0});
  EXPECT_EQ(wrong.classification, Classification::OutputOutside);
}

TEST(OracleTypedStops, AfterADynamicErrorAnyOutputIsAllowed) {
  // A deadlock (#barrier; the seed's uniformity analysis misses the write through `p`, U2).
  OracleCase c = caseOf("deadlock", R"(
@group(0) @binding(0) var<storage, read_write> o: array<u32, 4>;
fn put(p: ptr<function, u32>, v: u32) { *p = v; }
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  var c = 0u;
  put(&c, i);
  if c == 0u { workgroupBarrier(); }
  o[i] = 1u;
})");
  BackendCaseResult r = executed(c, {5, 6, 7, 8});
  EXPECT_EQ(r.classification, Classification::Agree) << r.detail;
  EXPECT_EQ(r.outcome.status, OutcomeMatch::Status::Conformant);
  EXPECT_EQ(r.outcome.stop, "dynamic error");
  EXPECT_NE(r.detail.find("[barrier]"), std::string::npos) << r.detail;
}

}  // namespace
}  // namespace plumb::oracle
