// `plumb run`: outcomes as text and JSON, exit status, --trace, bindings errors, limits.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_util.h"

namespace {

using cli_testing::plumb;
using cli_testing::Result;
using cli_testing::temp;

const std::string kExamples = std::string(PLUMB_SOURCE_DIR) + "/corpus/examples/";

TEST(CliRun, OutOfBoundsExampleHasFiveOutcomes) {
  Result r = plumb("run " + kExamples + "out_of_bounds.wgsl --bindings " + kExamples +
                   "bindings/out_of_bounds.json --format json");
  ASSERT_EQ(r.status, 0) << r.out;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["format"], "plumb-run");
  EXPECT_EQ(j["version"], 4);
  EXPECT_EQ(j["outcomes"].size(), 5u);
  EXPECT_TRUE(j["executions"]["complete"].get<bool>());
  // data[0] is 10 + 1, or 7 + 1 when the stray store went to element 0.
  EXPECT_EQ(j["buffers"][0]["words"][0]["set"], nlohmann::json({"0x00000008", "0x0000000b"}));
}

TEST(CliRun, TextReportAndTrace) {
  Result r = plumb("run " + kExamples + "prefix_sum_workgroup.wgsl --bindings " + kExamples +
                   "bindings/prefix_sum_workgroup.json --trace");
  ASSERT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("control-barrier-release"), std::string::npos);
  EXPECT_NE(r.out.find("loop-next-iteration"), std::string::npos);
  EXPECT_NE(r.out.find("outcome 1 of 1: finished"), std::string::npos);
}

TEST(CliRun, StepLimitExitsOne) {
  std::string f = temp("spin.wgsl",
                       "@compute @workgroup_size(1) fn main() { var i = 1u; loop { i++; if i == 0u { break; } } }\n");
  Result r = plumb("run " + f + " --max-steps 500");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("outcome 1 of 1: limit: steps = 500 (1 execution): an invocation took more "
                       "than 500 steps"),
            std::string::npos)
      << r.out;
  // --trace shows where the bound stopped the execution.
  Result t = plumb("run " + f + " --max-steps 20 --trace");
  EXPECT_EQ(t.status, 1);
  EXPECT_NE(t.out.find(" stop:limit  "), std::string::npos) << t.out;
}

// Typed stops (interpreter/wgsl/stop.h) in the text and JSON reports, and their exit status: each
// of a dynamic error, an unsupported feature and a limit is an incomplete answer (1).
TEST(CliRun, TypedStops) {
  // Sampling runs (issue 19): textureSampleLevel of a 1x1 zero texture finishes (exit 0),
  // and its step names its rule.
  std::string sample = temp("sample.wgsl",
                            "@group(0) @binding(0) var<storage, read_write> o: array<f32, 1>;\n"
                            "@group(0) @binding(1) var t: texture_2d<f32>;\n"
                            "@group(0) @binding(2) var s: sampler;\n"
                            "@compute @workgroup_size(1) fn main() {\n"
                            "  o[0] = textureSampleLevel(t, s, vec2<f32>(0.5), 0.0).x;\n"
                            "}\n");
  Result text = plumb("run " + sample + " --zero-missing-bindings --trace");
  EXPECT_EQ(text.status, 0) << text.out;
  EXPECT_NE(text.out.find(" texturesamplelevel  5:10 textureSampleLevel"), std::string::npos) << text.out;

  // U2 lets this barrier through the seed's uniformity analysis; it can never be met.
  std::string deadlock =
      temp("deadlock.wgsl",
           "@group(0) @binding(0) var<storage, read_write> o: array<u32, 2>;\n"
           "fn put(p: ptr<function, u32>, v: u32) { *p = v; }\n"
           "@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {\n"
           "  var c = 0u;\n  put(&c, i);\n  if c == 0u { workgroupBarrier(); }\n  o[i] = 1u;\n}\n");
  Result d = plumb("run " + deadlock + " --zero-missing-bindings --trace");
  EXPECT_EQ(d.status, 1);
  EXPECT_NE(
      d.out.find(
          "outcome 1 of 1: dynamic error (1 execution): deadlock: some invocations of a workgroup "
          "finished while others wait at the barrier at 6:16 [barrier]"),
      std::string::npos)
      << d.out;
  EXPECT_NE(d.out.find("] workgroup stop:dynamic-error  6:16"), std::string::npos) << d.out;
}

TEST(CliRun, BadBindingsAndUsage) {
  std::string shader = temp("b.wgsl",
                            "@group(0) @binding(0) var<storage, read_write> o: array<u32, 2>;\n"
                            "@compute @workgroup_size(1) fn main() { o[0] = 1u; }\n");
  std::string bad = temp("b.json", R"({"format": "plumb-bindings", "version": 1,
    "bindings": [{"group": 0, "binding": 0, "words": [1]}]})");
  Result r = plumb("run " + shader + " --bindings " + bad, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("expected 8 bytes, given 4"), std::string::npos) << r.out;
  EXPECT_EQ(plumb("run " + shader + " --dispatch 0,1,1").status, 2);
  EXPECT_EQ(plumb("run " + shader + " --bindings /nonexistent.json").status, 2);
  std::string notJson = temp("n.json", "{");
  // Not JSON: an input error like an unreadable file (README, exit status; issue 16 item 2).
  EXPECT_EQ(plumb("run " + shader + " --bindings " + notJson).status, 2);
  Result noEntry = plumb("run " + shader + " --zero-missing-bindings --entry nope", true);
  EXPECT_EQ(noEntry.status, 1);
  EXPECT_NE(noEntry.out.find("no entry point 'nope' (entry points: main)"), std::string::npos)
      << noEntry.out;
}

// An exploration stopped by --max-executions is an incomplete answer: exit 1 (README, exit
// status), with the outcomes found so far.
TEST(CliRun, StoppedExplorationExitsOne) {
  Result r = plumb("run " + kExamples + "out_of_bounds.wgsl --bindings " + kExamples +
                   "bindings/out_of_bounds.json --max-executions 2");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("incomplete: stopped at the limit executions = 2, --max-executions"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("outcome 1 of 2: finished"), std::string::npos) << r.out;
  // plumb-run version 3: the bound as a typed Limit stop of the exploration.
  Result j = plumb("run " + kExamples + "out_of_bounds.wgsl --bindings " + kExamples +
                   "bindings/out_of_bounds.json --max-executions 2 --format json");
  EXPECT_EQ(j.status, 1);
  nlohmann::json doc = nlohmann::json::parse(j.out);
  EXPECT_FALSE(doc["executions"]["complete"].get<bool>());
  EXPECT_EQ(doc["executions"]["stop"],
            (nlohmann::json{{"kind", "limit"},
                            {"bound", "executions"},
                            {"value", 2},
                            {"message",
                             "the exploration stopped after 2 executions "
                             "(--max-executions): more outcomes may exist"}}))
      << j.out;
}

// --all-schedules explores the orders of dependent atomics only (partial-order reduction,
// docs/ambiguities.md M15); --no-reduction every order, with the same outcomes.
TEST(CliRun, AllSchedulesWithAndWithoutReduction) {
  std::string f =
      temp("counter.wgsl",
           "@group(0) @binding(0) var<storage, read_write> slots: array<atomic<u32>, 4>;\n"
           "@group(0) @binding(1) var<storage, read_write> counter: atomic<u32>;\n"
           "@compute @workgroup_size(3) fn main(@builtin(local_invocation_index) i: u32) {\n"
           "  atomicExchange(&slots[i], i + 1u);\n  atomicAdd(&counter, 1u);\n}\n");
  Result r = plumb("run " + f + " --zero-missing-bindings --all-schedules --format json");
  ASSERT_EQ(r.status, 0) << r.out;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["executions"]["reduction"], "partial-order");
  EXPECT_EQ(j["executions"]["explored"], 1);
  EXPECT_EQ(j["outcomes"].size(), 1u);
  Result full =
      plumb("run " + f + " --zero-missing-bindings --all-schedules --no-reduction --format json");
  ASSERT_EQ(full.status, 0) << full.out;
  nlohmann::json k = nlohmann::json::parse(full.out);
  EXPECT_EQ(k["executions"]["reduction"], "none");
  EXPECT_EQ(k["executions"]["explored"], 90);  // 6!/(2!2!2!) interleavings of the 6 atomics
  EXPECT_EQ(k["outcomes"].size(), 1u);
  EXPECT_EQ(k["buffers"], j["buffers"]);
  // The text report says which.
  Result t = plumb("run " + f + " --zero-missing-bindings --all-schedules");
  EXPECT_NE(t.out.find("partial-order reduction"), std::string::npos) << t.out;
}

// A binding where the shader has no variable: an error, or a warning with
// --allow-unused-bindings (docs/formats.md, plumb-bindings), in text and JSON.
TEST(CliRun, AllowUnusedBindings) {
  std::string shader = temp("unused.wgsl",
                            "@group(0) @binding(0) var<storage, read_write> o: array<u32, 1>;\n"
                            "@compute @workgroup_size(1) fn main() { o[0] = 1u; }\n");
  std::string b = temp("unused.json", R"({"format": "plumb-bindings", "version": 1, "bindings": [
    {"group": 0, "binding": 0, "words": [0]}, {"group": 0, "binding": 7, "words": [5]}]})");
  Result r = plumb("run " + shader + " --bindings " + b, true);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("@group(0) @binding(7): the shader has no buffer, texture or sampler variable there "
                       "(--allow-unused-bindings ignores it)"),
            std::string::npos)
      << r.out;
  r = plumb("run " + shader + " --bindings " + b + " --allow-unused-bindings", true);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("unused.wgsl: warning: @group(0) @binding(7)"), std::string::npos) << r.out;
  r = plumb("run " + shader + " --bindings " + b + " --allow-unused-bindings --format json");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out)["warnings"].size(), 1u) << r.out;
  r = plumb("explore " + shader + " --bindings " + b + " --allow-unused-bindings", true);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("warning: @group(0) @binding(7)"), std::string::npos) << r.out;
}

TEST(CliRun, InvalidShaderIsRejectedWithItsRule) {
  std::string f = temp("inv.wgsl", "@compute @workgroup_size(1) fn main() { let x: u32 = 1.5; }\n");
  Result r = plumb("run " + f, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("[var-and-value]"), std::string::npos) << r.out;
}

TEST(CliRun, StoredRgba8unormTexelIsReportedAsItsReadValues) {
  // textureStore's texel conversion (docs/ambiguities.md M10): 0.5 × 255 = 127.5 stores 127 or
  // 128, reported as the f32 values 127/255 and 128/255 a read gives (docs/formats.md).
  std::string f = temp("store8.wgsl",
                       "@group(0) @binding(0) var t: texture_storage_2d<rgba8unorm, write>;\n"
                       "@compute @workgroup_size(1) fn main() {\n"
                       "  textureStore(t, vec2<i32>(1, 0), vec4<f32>(0.5, 0.0, 2.0, 1.0));\n}\n");
  std::string b = temp("store8.json", R"({"format": "plumb-bindings", "version": 1, "bindings": [
    {"group": 0, "binding": 0, "texture": {"size": [2, 1, 1], "texels": [[0, 0, 0, 1]]}}]})");
  Result r = plumb("run " + f + " --bindings " + b);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("outcome 1 of 1: finished"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[0] 0x00000000 0x00000000 0x00000000 0x3f800000\n"
                       "   [4] {0x3efefeff, 0x3f008081} 0x00000000 0x3f800000 0x3f800000"),
            std::string::npos)
      << r.out;
  Result j = plumb("run " + f + " --bindings " + b + " --format json");
  ASSERT_EQ(j.status, 0) << j.out;
  nlohmann::json report = nlohmann::json::parse(j.out);
  EXPECT_EQ(report["outcomes"][0]["buffers"][0]["words"][4]["set"], nlohmann::json({"0x3efefeff", "0x3f008081"}));
}

// Issue 19: a fragment shader over a viewport, its text report, its JSON report (version 4)
// and its pictures.
TEST(CliRun, FragmentStageReportAndPictures) {
  std::string f = kExamples + "fragment_divergent_derivative.wgsl";
  std::string b = kExamples + "bindings/fragment_divergent_derivative.json";
  Result text = plumb("run " + f + " --bindings " + b);
  ASSERT_EQ(text.status, 0) << text.out;
  EXPECT_NE(text.out.find("entry main, fragment stage, 8 fragments in 2 quads (0 helper "
                          "invocations), viewport 4x2"),
            std::string::npos)
      << text.out;
  EXPECT_NE(
      text.out.find(
          "divergent quad at (0,0): dpdx at 10:13 called by quad invocations [1,3] but not [0,2]"),
      std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("fragment (2,0): @location(0) = (1.0f, 1.5f, {0.0f, -0.0f}, 1.0f)"), std::string::npos)
      << text.out;
  Result json = plumb("run " + f + " --bindings " + b + " --format json");
  ASSERT_EQ(json.status, 0) << json.out;
  nlohmann::json j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["version"], 4);
  EXPECT_EQ(j["stage"], "fragment");
  EXPECT_EQ(j["outcomes"][0]["divergentQuads"][0]["function"], "dpdx");
  std::string prefix = temp("divergent", "");
  Result pictures = plumb("run " + f + " --bindings " + b + " --picture " + prefix + " --quiet");
  ASSERT_EQ(pictures.status, 0) << pictures.out;
  for (const char* suffix : {"-lower.png", "-upper.png", "-mask.png"}) {
    std::ifstream in(prefix + suffix, std::ios::binary);
    std::string png((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_GT(png.size(), 8u) << suffix;
    EXPECT_EQ(png.substr(1, 3), "PNG") << suffix;
  }
  Result compute = plumb("run " + kExamples + "out_of_bounds.wgsl --bindings " + kExamples +
                             "bindings/out_of_bounds.json --picture " + prefix,
                         true);
  EXPECT_EQ(compute.status, 2);
  EXPECT_NE(compute.out.find("pictures need a fragment stage"), std::string::npos) << compute.out;
}

}  // namespace
