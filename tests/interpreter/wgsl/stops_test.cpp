// Typed stops (interpreter/wgsl/stop.h): an execution that does not finish ends in a dynamic error
// (with its rule's anchor), an unsupported feature (named), a limit (which bound, its value) or
// an internal error (Plumb's bug, asking for a report), in the outcome and the plumb-run report.
#include <gtest/gtest.h>

#include <sstream>

#include "interpreter/wgsl/run.h"
#include "semantics/wgsl/parser.h"

namespace plumb::interp {
namespace {

const char* kOut = "@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\n";

RunReport run(const std::string& source, uint64_t maxSteps = 10'000) {
  auto file = std::make_unique<SourceFile>("stop.wgsl", source);
  RunRequest request;
  request.zeroMissingBindings = true;
  request.dispatch.maxSteps = maxSteps;
  RunReport r = runShader(*file, request);
  std::string why;
  for (const Diagnostic& d : r.diagnostics.all()) why += renderText(d);
  for (const std::string& e : r.errors) why += e + "\n";
  EXPECT_TRUE(r.ran) << why;
  EXPECT_EQ(r.json["version"], 4);
  return r;
}

TEST(Stops, DynamicErrorNamesItsRule) {
  // #barrier: the seed's uniformity analysis lets this through (U2); the barrier is never met.
  RunReport r = run(std::string(kOut) + R"(
fn put(p: ptr<function, u32>, v: u32) { *p = v; }
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  var c = 0u;
  put(&c, i);
  if c == 0u { workgroupBarrier(); }
  out[i] = 1u;
})");
  ASSERT_EQ(r.result.outcomes.size(), 1u);
  const Outcome& o = r.result.outcomes[0];
  ASSERT_TRUE(o.stop);
  EXPECT_EQ(o.stop->kind, Stop::Kind::DynamicError);
  EXPECT_EQ(o.stop->rule, "barrier");
  EXPECT_EQ(o.kind, "dynamic error");
  EXPECT_EQ(r.json["outcomes"][0]["stop"],
            (nlohmann::json{{"kind", "dynamic error"}, {"rule", "barrier"}}));
}

TEST(Stops, UnsupportedNamesTheFeature) {
  // Every built-in of the seed runs in some stage since sampling does (issue 19); an
  // unsupported feature's stop (here one made by hand) reports as any other.
  Stop s = Stop::unsupported("textureSample", "texturesample",
                             "textureSample needs the derivatives of its coordinates");
  EXPECT_EQ(s.kind, Stop::Kind::Unsupported);
  EXPECT_EQ(stopJson(s),
            (nlohmann::json{
                {"kind", "unsupported"}, {"feature", "textureSample"}, {"rule", "texturesample"}}));
  // textureSampleLevel, unsupported before, finishes: a 1x1 zero texture, WebGPU's default sampler.
  RunReport r = run(std::string(kOut) + R"(
@group(0) @binding(1) var t: texture_2d<f32>;
@group(0) @binding(2) var s: sampler;
@compute @workgroup_size(1) fn main() {
  out[0] = u32(textureSampleLevel(t, s, vec2<f32>(0.5), 0.0).x) + 7u;
})");
  ASSERT_EQ(r.result.outcomes.size(), 1u);
  EXPECT_EQ(r.result.outcomes[0].kind, "finished");
  EXPECT_EQ(r.result.outcomes[0].words[0][0].bits, 7u);
}

TEST(Stops, LimitSaysWhichBoundAndItsValue) {
  RunReport steps = run(std::string(kOut) +
                            "@compute @workgroup_size(1) fn main() { var i = 1u; loop { i++; if i "
                            "== 0u { break; } } }",
                        777);
  ASSERT_EQ(steps.result.outcomes.size(), 1u);
  ASSERT_TRUE(steps.result.outcomes[0].stop);
  EXPECT_EQ(steps.result.outcomes[0].stop->kind, Stop::Kind::Limit);
  EXPECT_EQ(steps.result.outcomes[0].stop->bound, "steps");
  EXPECT_EQ(steps.result.outcomes[0].stop->value, 777u);
  EXPECT_EQ(steps.json["outcomes"][0]["stop"],
            (nlohmann::json{{"kind", "limit"}, {"bound", "steps"}, {"value", 777}}));

  RunReport scalars = run(std::string(kOut) + R"(
@compute @workgroup_size(1) fn main() {
  var big: array<array<u32, 65536>, 65536>;
  out[0] = big[1][2];
})");
  ASSERT_EQ(scalars.result.outcomes.size(), 1u);
  ASSERT_TRUE(scalars.result.outcomes[0].stop);
  EXPECT_EQ(scalars.result.outcomes[0].stop->bound, "scalars");
  EXPECT_EQ(scalars.result.outcomes[0].stop->value, kMaxScalarsPerValue);
}

TEST(Stops, InternalErrorIsPlumbsBug) {
  // runShader binds every resource of the interface; a dispatch given none is inconsistent
  // input that only a bug in Plumb could produce. It must end in an internal error that asks
  // for a report, not in a crash or a dynamic error of the program.
  SourceFile file("internal.wgsl",
                  std::string(kOut) + "@compute @workgroup_size(1) fn main() { out[0] = 1u; }\n");
  DiagnosticList diagnostics;
  auto module = parseModule(file, Revision::wgsl2022_06(), diagnostics);
  ASSERT_FALSE(diagnostics.hasErrors());
  CheckOptions options;
  options.pipelineCreation = true;
  auto checked = check(*module, diagnostics, options);
  ASSERT_TRUE(checked && !diagnostics.hasErrors());
  Program program(*module, *checked);
  std::ostringstream trace;
  DispatchOptions d;
  d.trace = &trace;
  DispatchResult result = runDispatch(program, checked->entryPoints[0].function, {}, d);
  ASSERT_EQ(result.outcomes.size(), 1u);
  const Outcome& o = result.outcomes[0];
  ASSERT_TRUE(o.stop);
  EXPECT_EQ(o.stop->kind, Stop::Kind::Internal);
  EXPECT_EQ(o.kind, "internal error");
  EXPECT_NE(o.message.find("a bug in Plumb: please report it"), std::string::npos) << o.message;
  EXPECT_EQ(stopJson(*o.stop), (nlohmann::json{{"kind", "internal error"}}));
  EXPECT_NE(trace.str().find(" stop:internal-error  "), std::string::npos) << trace.str();
}

TEST(Stops, TextReportNamesEachKind) {
  // printRunReport reads the plumb-run report: one outcome of each kind.
  RunReport r;
  r.json = {{"file", "x.wgsl"},
            {"entry", "main"},
            {"dispatch", {1, 1, 1}},
            {"workgroupSize", {1, 1, 1}},
            {"executions", {{"explored", 4}, {"complete", true}}},
            {"steps", 9},
            {"buffers", nlohmann::json::array()}};
  auto outcome = [](const Stop& s) {
    return nlohmann::json{{"kind", stopKindName(s.kind)},
                          {"count", 1},
                          {"choices", nlohmann::json::array()},
                          {"buffers", nlohmann::json::array()},
                          {"message", s.message},
                          {"stop", stopJson(s)}};
  };
  r.json["outcomes"] = {outcome(Stop::dynamicError("barrier", "deadlock: X")),
                        outcome(Stop::unsupported("textureGather", "texturegather", "Y")),
                        outcome(Stop::limit("steps", 5, "Z")), outcome(Stop::internal("W"))};
  std::ostringstream out;
  printRunReport(r, out);
  std::string text = out.str();
  EXPECT_NE(text.find("outcome 1 of 4: dynamic error (1 execution): deadlock: X [barrier]"),
            std::string::npos)
      << text;
  EXPECT_NE(
      text.find("outcome 2 of 4: unsupported: textureGather (1 execution): Y [texturegather]"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("outcome 3 of 4: limit: steps = 5 (1 execution): Z"), std::string::npos)
      << text;
  EXPECT_NE(
      text.find(
          "outcome 4 of 4: internal error (1 execution): W (a bug in Plumb: please report it"),
      std::string::npos)
      << text;
}

}  // namespace
}  // namespace plumb::interp
