// The vertex and fragment stages (interpreter/stage*.cpp, quad.cpp): invocations per vertex and
// instance, fragments in quads with helper invocations, the built-in inputs, outputs per
// location and built-in, discard (the seed's and revision 2026's), each derivative variant as
// the set the seed allows, and the divergent quad.
#include <gtest/gtest.h>

#include <sstream>

#include "checker/float_rounding.h"
#include "interpreter/wgsl/quad.h"
#include "interpreter/wgsl/run.h"
#include "interpreter/wgsl/stage.h"

namespace plumb::interp {
namespace {

struct Ran {
  RunReport report;
  std::string errors;
  std::string trace;
};

Ran run(const std::string& source, const nlohmann::json& sections,
        const Revision* revision = nullptr, bool traced = false) {
  auto file = std::make_unique<SourceFile>("stage.wgsl", source);
  RunRequest request;
  request.bindings = {
      {"format", "plumb-bindings"}, {"version", 1}, {"bindings", nlohmann::json::array()}};
  for (const auto& [k, v] : sections.items()) request.bindings[k] = v;
  request.zeroMissingBindings = true;
  request.revision = revision;
  std::ostringstream trace;
  if (traced) request.dispatch.trace = &trace;
  Ran r{runShader(*file, request), "", ""};
  for (const Diagnostic& d : r.report.diagnostics.all()) r.errors += renderText(d);
  for (const std::string& e : r.report.errors) r.errors += e + "\n";
  r.trace = trace.str();
  return r;
}

std::string exact(float f) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", f32Bits(f));
  return buf;
}

/// A word holding an f32 zero: the set of both zeros (the sign of a zero is not tracked).
bool isZero(const nlohmann::json& w) {
  return w == nlohmann::json{{"set", {"0x00000000", "0x80000000"}}};
}

/// The only outcome's invocation with id fields `key` = (a, b).
const nlohmann::json& invocation(const Ran& r, const char* k1, int a, const char* k2, int b) {
  static const nlohmann::json none;
  for (const auto& i : r.report.json["outcomes"][0]["invocations"])
    if (i[k1] == a && i[k2] == b) return i;
  ADD_FAILURE() << "no invocation " << k1 << "=" << a << " " << k2 << "=" << b;
  return none;
}

TEST(VertexStage, EveryVertexOfEveryInstanceWithItsAttributesAndBuiltins) {
  Ran r = run(R"(
struct Out { @builtin(position) p: vec4<f32>, @location(0) c: vec2<f32>, @location(1) @interpolate(flat) i: u32 }
@vertex fn main(@builtin(vertex_index) v: u32, @builtin(instance_index) n: u32,
                @location(0) xy: vec2<f32>, @location(1) offset: f32) -> Out {
  return Out(vec4<f32>(xy.x + offset, xy.y, 0.5, 1.0), xy * 2.0, v * 10u + n);
}
)",
              {{"vertex",
                {{"version", 1},
                 {"vertexCount", 3},
                 {"instanceCount", 2},
                 {"attributes",
                  {{"0", {{"stepMode", "vertex"}, {"values", {{0, 0}, {1, 0}, {0, 1}}}}},
                   {"1", {{"stepMode", "instance"}, {"values", {0, 10}}}}}}}}});
  ASSERT_TRUE(r.report.ran) << r.errors;
  const auto& j = r.report.json;
  EXPECT_EQ(j["version"], 4);
  EXPECT_EQ(j["stage"], "vertex");
  EXPECT_EQ(j["draw"]["invocations"], 6);
  EXPECT_EQ(j["outputs"]["builtins"]["position"], "vec4<f32>");
  ASSERT_EQ(j["outcomes"].size(), 1u);
  ASSERT_EQ(j["outcomes"][0]["invocations"].size(), 6u);
  const auto& v = invocation(r, "vertex", 1, "instance", 1);
  EXPECT_EQ(v["builtins"]["position"][0]["exact"], exact(11.0f)) << v.dump();
  EXPECT_EQ(v["builtins"]["position"][2]["exact"], exact(0.5f));
  EXPECT_EQ(v["locations"]["0"][0]["exact"], exact(2.0f));
  EXPECT_EQ(v["locations"]["1"][0]["exact"], "0x0000000b");
  EXPECT_FALSE(j.contains("dispatch"));
}

TEST(VertexStage, AnInexactComputationIsASet) {
  Ran r = run(R"(
@vertex fn main(@location(0) a: f32) -> @builtin(position) vec4<f32> {
  return vec4<f32>(sin(a), 0.0, 0.0, 1.0);
}
)",
              {{"vertex", {{"vertexCount", 1}, {"attributes", {{"0", {{"values", {1.0}}}}}}}}});
  ASSERT_TRUE(r.report.ran) << r.errors;
  const auto& x = r.report.json["outcomes"][0]["invocations"][0]["builtins"]["position"][0];
  ASSERT_TRUE(x.contains("interval")) << x.dump();
  EXPECT_LE(x["range"][0].get<double>(), std::sin(1.0));
  EXPECT_GE(x["range"][1].get<double>(), std::sin(1.0));
}

TEST(VertexStage, MissingOrMistypedAttributesAreErrors) {
  const char* shader = R"(
@vertex fn main(@location(0) a: vec2<f32>) -> @builtin(position) vec4<f32> { return vec4<f32>(a, 0.0, 1.0); }
)";
  Ran none = run(shader, {{"vertex", {{"vertexCount", 1}}}});
  EXPECT_FALSE(none.report.ran);
  EXPECT_NE(none.errors.find("no attribute for the input @location(0) (vec2<f32>)"),
            std::string::npos)
      << none.errors;
  Ran wrong =
      run(shader, {{"vertex", {{"vertexCount", 1}, {"attributes", {{"0", {{"values", {1.0}}}}}}}}});
  EXPECT_NE(wrong.errors.find("is an array of 2 numbers"), std::string::npos) << wrong.errors;
  Ran count = run(
      shader, {{"vertex", {{"vertexCount", 2}, {"attributes", {{"0", {{"values", {{1, 2}}}}}}}}}});
  EXPECT_NE(count.errors.find("has 1 values; the draw has 2 vertices"), std::string::npos)
      << count.errors;
  Ran version = run(shader, {{"vertex", {{"version", 2}}}});
  EXPECT_NE(version.errors.find("not an object of version 1"), std::string::npos) << version.errors;
}

const char* kGradient = R"(
@fragment fn main(@builtin(position) p: vec4<f32>, @location(0) u: f32) -> @location(0) vec4<f32> {
  return vec4<f32>(dpdxFine(u), dpdyFine(u), p.x, p.y);
}
)";

TEST(FragmentStage, AViewportInQuadsWithPositionAndLinearInputs) {
  // u = x + 10 y at pixel (x, y): fine derivatives 1 and 10 everywhere.
  Ran r =
      run(kGradient,
          {{"fragment",
            {{"viewport", {4, 2}}, {"inputs", {{"0", {{"at", 0}, {"ddx", 1}, {"ddy", 10}}}}}}}});
  ASSERT_TRUE(r.report.ran) << r.errors;
  const auto& j = r.report.json;
  EXPECT_EQ(j["stage"], "fragment");
  EXPECT_EQ(j["draw"]["invocations"], 8);
  EXPECT_EQ(j["draw"]["quads"], 2);
  EXPECT_EQ(j["draw"]["helpers"], 0);
  const auto& f = invocation(r, "x", 3, "y", 1);
  EXPECT_EQ(f["locations"]["0"][0]["exact"], exact(1.0f)) << f.dump();
  EXPECT_EQ(f["locations"]["0"][1]["exact"], exact(10.0f));
  EXPECT_EQ(f["locations"]["0"][2]["exact"], exact(3.5f));  // the pixel centre
  EXPECT_EQ(f["locations"]["0"][3]["exact"], exact(1.5f));
}

TEST(FragmentStage, HelperInvocationsCompleteAQuadAndReportNothing) {
  // One fragment at (1, 1): its quad's three other positions are helpers; a linear input is
  // interpolated there too, so the derivative is defined.
  Ran r =
      run(kGradient,
          {{"fragment",
            {{"fragments", {{1, 1}}}, {"inputs", {{"0", {{"at", 0}, {"ddx", 2}, {"ddy", 3}}}}}}}});
  ASSERT_TRUE(r.report.ran) << r.errors;
  EXPECT_EQ(r.report.json["draw"]["helpers"], 3);
  ASSERT_EQ(r.report.json["outcomes"][0]["invocations"].size(), 1u);
  const auto& f = invocation(r, "x", 1, "y", 1);
  EXPECT_EQ(f["locations"]["0"][0]["exact"], exact(2.0f));
  EXPECT_EQ(f["locations"]["0"][1]["exact"], exact(3.0f));
  // Per-fragment values leave the helpers' inputs unknown: the derivative is any value.
  Ran unknown = run(
      kGradient, {{"fragment", {{"fragments", {{1, 1}}}, {"inputs", {{"0", {{"values", {5}}}}}}}}});
  ASSERT_TRUE(unknown.report.ran) << unknown.errors;
  EXPECT_TRUE(
      unknown.report.json["outcomes"][0]["invocations"][0]["locations"]["0"][0].contains("any"));
}

TEST(FragmentStage, BuiltinInputs) {
  Ran r =
      run(R"(
@fragment fn main(@builtin(front_facing) ff: bool, @builtin(sample_index) si: u32,
                  @builtin(sample_mask) sm: u32, @builtin(position) p: vec4<f32>) -> @location(0) vec4<u32> {
  return vec4<u32>(select(0u, 1u, ff), si, sm, u32(p.z * 4.0));
}
)",
          {{"fragment",
            {{"fragments", {{{"x", 0}, {"y", 0}, {"frontFacing", false}}, {{"x", 1}, {"y", 0}}}},
             {"sampleMask", 5},
             {"depth", 0.5}}}});
  ASSERT_TRUE(r.report.ran) << r.errors;
  const auto& a = invocation(r, "x", 0, "y", 0);
  const auto& b = invocation(r, "x", 1, "y", 0);
  EXPECT_EQ(a["locations"]["0"][0]["exact"], "0x00000000");
  EXPECT_EQ(b["locations"]["0"][0]["exact"], "0x00000001");
  EXPECT_EQ(b["locations"]["0"][2]["exact"], "0x00000005");
  EXPECT_EQ(b["locations"]["0"][3]["exact"], "0x00000002");
}

TEST(FragmentStage, FragDepthAndStructOutputs) {
  Ran r = run(R"(
struct Out { @location(0) c: vec4<f32>, @builtin(frag_depth) d: f32 }
@fragment fn main() -> Out { return Out(vec4<f32>(1.0), 0.25); }
)",
              {});
  ASSERT_TRUE(r.report.ran) << r.errors;
  const auto& f = r.report.json["outcomes"][0]["invocations"][0];
  EXPECT_EQ(f["builtins"]["frag_depth"][0]["exact"], exact(0.25f)) << f.dump();
  EXPECT_EQ(r.report.json["draw"]["viewport"], nlohmann::json({1, 1}));
}

// #derivative-builtin-functions: the coarse variants may use either row (column) of the quad,
// so where the rows differ the result is the set of both; the fine ones use the invocation's
// own; dpdx and dpdy are either.
TEST(Derivatives, EachVariantAsTheSeedDefinesIt) {
  // u = x * x + y * x: along x the rows differ (row 0: 1, row 1: 2).
  auto inputs = nlohmann::json{{"viewport", {2, 2}},
                               {"inputs", {{"0", {{"values", {0, 1, 0, 2}}}}}},
                               {"fragments", {{0, 0}, {1, 0}, {0, 1}, {1, 1}}}};
  auto run1 = [&](const std::string& f) {
    return run(
        "@fragment fn main(@location(0) u: f32) -> @location(0) vec4<f32> { return vec4<f32>(" + f +
            "(u)); }",
        {{"fragment", inputs}}, nullptr, true);
  };
  auto lane = [](const Ran& r, int x, int y) {
    return invocation(r, "x", x, "y", y)["locations"]["0"][0];
  };
  Ran fine = run1("dpdxFine");
  ASSERT_TRUE(fine.report.ran) << fine.errors;
  EXPECT_EQ(lane(fine, 0, 0)["exact"], exact(1.0f));
  EXPECT_EQ(lane(fine, 1, 1)["exact"], exact(2.0f));
  EXPECT_NE(fine.trace.find("derivative-fine"), std::string::npos);
  EXPECT_NE(fine.trace.find("derivative-wait"), std::string::npos);
  for (const char* f : {"dpdxCoarse", "dpdx"}) {
    Ran r = run1(f);
    ASSERT_TRUE(r.report.ran) << r.errors;
    for (auto [x, y] : {std::pair{0, 0}, std::pair{1, 1}}) {
      const auto& w = lane(r, x, y);
      ASSERT_TRUE(w.contains("interval")) << f << " " << w.dump();
      EXPECT_EQ(w["range"][0], 1.0) << f;
      EXPECT_EQ(w["range"][1], 2.0) << f;
    }
    EXPECT_NE(
        r.trace.find(std::string(f) == "dpdx" ? "quad(0,0) derivative  " : "derivative-coarse"),
        std::string::npos)
        << r.trace;
  }
  // Along y: column 0 changes by 0, column 1 by 1.
  Ran dyFine = run1("dpdyFine");
  EXPECT_TRUE(isZero(lane(dyFine, 0, 1))) << lane(dyFine, 0, 1).dump();
  EXPECT_EQ(lane(dyFine, 1, 0)["exact"], exact(1.0f));
  Ran dyCoarse = run1("dpdyCoarse");
  EXPECT_EQ(lane(dyCoarse, 0, 0)["range"], nlohmann::json({0.0, 1.0}));
  // fwidth: |dpdx| + |dpdy|.
  Ran wFine = run1("fwidthFine");
  EXPECT_EQ(lane(wFine, 1, 0)["exact"], exact(2.0f));  // 1 + 1
  EXPECT_EQ(lane(wFine, 0, 0)["exact"], exact(1.0f));  // 1 + 0
  Ran w = run1("fwidth");
  EXPECT_EQ(lane(w, 0, 0)["range"], nlohmann::json({1.0, 3.0}));
  Ran wCoarse = run1("fwidthCoarse");
  EXPECT_EQ(lane(wCoarse, 1, 1)["range"], nlohmann::json({1.0, 3.0}));
}

TEST(Derivatives, TheQuadInterfaceForImplicitLevelOfDetail) {
  TypeTable types;
  Type f32 = types.f32();
  std::array<RValue, 4> v{RValue{f32, FloatSet::exact(0)}, RValue{f32, FloatSet::exact(4)},
                          RValue{f32, FloatSet::exact(1)}, RValue{f32, FloatSet::exact(3)}};
  OperationResult fine =
      quadDerivative(types, f32, v, 2, DerivativeAxis::X, DerivativeVariant::Fine);
  ASSERT_TRUE(fine.ok());
  EXPECT_EQ(fine.alternatives[0].floatSet(), FloatSet::exact(2));
  OperationResult coarse =
      quadDerivative(types, f32, v, 2, DerivativeAxis::X, DerivativeVariant::Coarse);
  EXPECT_EQ(coarse.alternatives[0].floatSet(), FloatSet::range(2, 4));
  OperationResult dy = quadDerivative(types, f32, v, 3, DerivativeAxis::Y, DerivativeVariant::Fine);
  EXPECT_EQ(dy.alternatives[0].floatSet(), FloatSet::exact(-1));
  EXPECT_EQ(quadInvocationId(3, 5), 3u);
  EXPECT_EQ(quadInvocationId(2, 0), 0u);
}

// The shader the seed's uniformity analysis accepts (docs/ambiguities.md U1: a @location
// input is never non-uniform) though its derivative is in non-uniform control flow.
const char* kDivergent = R"(
@fragment fn main(@location(0) c: f32) -> @location(0) vec4<f32> {
  var d = 0.0;
  if c > 0.0 {
    d = dpdx(c);
  }
  return vec4<f32>(d);
}
)";

TEST(Derivatives, ADivergentQuadGivesAnIndeterminateValueAndSaysSo) {
  Ran r =
      run(kDivergent,
          {{"fragment", {{"viewport", {2, 2}}, {"inputs", {{"0", {{"at", -0.5}, {"ddx", 1}}}}}}}},
          nullptr, true);
  ASSERT_TRUE(r.report.ran) << r.errors;
  const auto& o = r.report.json["outcomes"][0];
  EXPECT_EQ(o["kind"], "finished");
  ASSERT_TRUE(o.contains("divergentQuads")) << o.dump();
  const auto& d = o["divergentQuads"][0];
  EXPECT_EQ(d["function"], "dpdx");
  EXPECT_EQ(d["waiting"], nlohmann::json({1, 3}));
  EXPECT_EQ(d["elsewhere"], nlohmann::json({0, 2}));
  EXPECT_EQ(d["rule"], "derivatives");
  EXPECT_TRUE(invocation(r, "x", 1, "y", 0)["locations"]["0"][0].contains("any"));
  EXPECT_TRUE(isZero(invocation(r, "x", 0, "y", 0)["locations"]["0"][0]));
  EXPECT_NE(r.trace.find("derivative-divergent-quad"), std::string::npos);
  std::ostringstream text;
  printRunReport(r.report, text);
  EXPECT_NE(text.str().find("divergent quad at (0,0): dpdx"), std::string::npos) << text.str();
  // Where every invocation of the quad takes the branch, the quad is uniform.
  Ran uniform =
      run(kDivergent,
          {{"fragment", {{"viewport", {2, 2}}, {"inputs", {{"0", {{"at", 1}, {"ddx", 1}}}}}}}});
  ASSERT_TRUE(uniform.report.ran) << uniform.errors;
  EXPECT_FALSE(uniform.report.json["outcomes"][0].contains("divergentQuads"));
  EXPECT_EQ(uniform.report.json["outcomes"][0]["invocations"][0]["locations"]["0"][0]["exact"],
            exact(1.0f));
}

const char* kDiscard = R"(
@group(0) @binding(0) var<storage, read_write> seen: array<u32, 4>;
@fragment fn main(@builtin(position) p: vec4<f32>, @location(0) c: f32) -> @location(0) vec4<f32> {
  let i = u32(p.x) + 2u * u32(p.y);
  if c < 0.0 {
    discard;
  }
  seen[i] = 1u;
  return vec4<f32>(dpdx(c));
}
)";

// #discard-statement: the seed ends the invocation; 2026 demotes it to a helper invocation,
// whose storage writes are not performed and which still helps its quad's derivatives.
TEST(Discard, TheSeedTerminatesAndRevision2026Demotes) {
  auto section = nlohmann::json{
      {"fragment", {{"viewport", {2, 2}}, {"inputs", {{"0", {{"at", -1}, {"ddx", 2}}}}}}}};
  Ran seed = run(kDiscard, section, nullptr, true);
  ASSERT_TRUE(seed.report.ran) << seed.errors;
  EXPECT_TRUE(invocation(seed, "x", 0, "y", 0)["discarded"].get<bool>());
  EXPECT_NE(seed.trace.find("discard-statement"), std::string::npos);
  // The discarded invocations of the quad are gone: dpdx in the others is a divergent quad.
  EXPECT_TRUE(seed.report.json["outcomes"][0].contains("divergentQuads"));
  EXPECT_EQ(seed.report.json["outcomes"][0]["buffers"][0]["words"][0]["exact"], "0x00000000");
  EXPECT_EQ(seed.report.json["outcomes"][0]["buffers"][0]["words"][1]["exact"], "0x00000001");

  Ran current = run(kDiscard, section, &Revision::wgsl2026(), true);
  ASSERT_TRUE(current.report.ran) << current.errors;
  EXPECT_NE(current.trace.find("discard-demote"), std::string::npos);
  const auto& o = current.report.json["outcomes"][0];
  EXPECT_FALSE(o.contains("divergentQuads")) << o.dump();
  EXPECT_TRUE(invocation(current, "x", 0, "y", 0)["discarded"].get<bool>());
  // The quad's derivative is taken (no divergent quad), and is any value: 2026's accuracy
  // table makes the derivatives "Infinite ULP" (Derivatives.AreInfiniteUlpIn2026).
  EXPECT_EQ(invocation(current, "x", 1, "y", 0)["locations"]["0"][0],
            nlohmann::json({{"any", true}}));
  // The helper's write to `seen` is not performed.
  EXPECT_EQ(o["buffers"][0]["words"][0]["exact"], "0x00000000");
  EXPECT_EQ(o["buffers"][0]["words"][1]["exact"], "0x00000001");
}

// new#concrete-float-accuracy (Revision::currentAccuracyTable, delta 7.1, #4884): dpdx, dpdy,
// fwidth and their variants are "Infinite ULP": any value under 2026. The seed's table has no
// row for them: the difference of the quad's values, an f32 subtraction (docs/ambiguities.md
// D3), exact here.
TEST(Derivatives, AreInfiniteUlpIn2026) {
  const char* shader = R"(
@fragment fn main(@location(0) c: f32) -> @location(0) vec4<f32> {
  return vec4<f32>(dpdx(c), dpdyFine(c), fwidthCoarse(c), 1.0);
}
)";
  auto section = nlohmann::json{
      {"fragment",
       {{"viewport", {2, 2}}, {"inputs", {{"0", {{"at", 1}, {"ddx", 2}, {"ddy", 4}}}}}}}};
  Ran seed = run(shader, section);
  ASSERT_TRUE(seed.report.ran) << seed.errors;
  const auto& s = invocation(seed, "x", 1, "y", 1)["locations"]["0"];
  EXPECT_EQ(s[0]["exact"], exact(2.0f)) << s.dump();
  EXPECT_EQ(s[1]["exact"], exact(4.0f));
  EXPECT_EQ(s[2]["exact"], exact(6.0f));
  Ran current = run(shader, section, &Revision::wgsl2026());
  ASSERT_TRUE(current.report.ran) << current.errors;
  const auto& c = invocation(current, "x", 1, "y", 1)["locations"]["0"];
  for (int k = 0; k < 3; ++k) EXPECT_EQ(c[k], nlohmann::json({{"any", true}})) << c.dump();
  EXPECT_EQ(c[3]["exact"], exact(1.0f));
}

TEST(FragmentStage, InputErrors) {
  Ran missing = run(kGradient, {{"fragment", {{"viewport", {2, 2}}}}});
  EXPECT_NE(missing.errors.find("no input for @location(0) (f32)"), std::string::npos)
      << missing.errors;
  Ran outside =
      run(kGradient,
          {{"fragment", {{"viewport", {2, 2}}, {"fragments", {{3, 0}}}, {"inputs", {{"0", 1}}}}}});
  EXPECT_NE(outside.errors.find("outside the viewport"), std::string::npos) << outside.errors;
  Ran twice =
      run(kGradient, {{"fragment", {{"fragments", {{0, 0}, {0, 0}}}, {"inputs", {{"0", 1}}}}}});
  EXPECT_NE(twice.errors.find("listed twice"), std::string::npos) << twice.errors;
  Ran extra = run(kGradient, {{"fragment", {{"inputs", {{"0", 1}, {"3", 1}}}}}});
  EXPECT_NE(extra.errors.find("no input @location(3)"), std::string::npos) << extra.errors;
}

// f16 inputs and outputs (enable f16; #user-defined-inputs-and-outputs: numeric scalars and
// vectors): an input is the f16 nearest to the number, an output's words hold two halves (a
// scalar's upper half is the layout's padding, zero).
TEST(FragmentStage, F16InputsAndOutputs) {
  Ran r = run(R"(
enable f16;
struct Out { @location(0) c: vec4<f16>, @location(1) d: f16 }
@fragment fn main(@location(0) a: f16, @location(1) v: vec2<f16>) -> Out {
  return Out(vec4<f16>(a, v, 1.0h), a * 3.0h);
}
)",
              {{"fragment",
                {{"viewport", {2, 1}},
                 {"inputs", {{"0", 0.1}, {"1", {{"at", {0.25, 1.0}}, {"ddx", {0.5, 0}}}}}}}}});
  ASSERT_TRUE(r.report.ran) << r.errors;
  EXPECT_EQ(r.report.json["outputs"]["locations"]["0"], "vec4<f16>");
  const auto& f = invocation(r, "x", 1, "y", 0);
  // 0.1 as an f16 is 0x2e66; v at x = 1 is (0.75, 1.0).
  EXPECT_EQ(f["locations"]["0"][0],
            nlohmann::json({{"f16", {{{"exact", "0x2e66"}}, {{"exact", "0x3a00"}}}}}))
      << f.dump();
  EXPECT_EQ(f["locations"]["0"][1],
            nlohmann::json({{"f16", {{{"exact", "0x3c00"}}, {{"exact", "0x3c00"}}}}}));
  // 3 × 0x2e66 = 0.2998 is correctly rounded: either f16 neighbour.
  const auto& d = f["locations"]["1"][0]["f16"][0];
  EXPECT_TRUE(d.contains("interval") || d.contains("set") ||
              d == nlohmann::json({{"exact", "0x34cc"}}))
      << d.dump();
}

// #memory-model: fragment invocations are unordered, so two writing one storage word without
// atomics race (the race detector of dispatches, race_rounds.h; docs/ambiguities.md D5); the
// word's final value is either write, and helper invocations write nothing.
TEST(FragmentStage, DataRacesOfADraw) {
  const char* racy = R"(
@group(0) @binding(0) var<storage, read_write> last: array<u32, 2>;
@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
  last[0] = u32(p.x) + 10u;
  atomicAdd(&counter, 1u);
  return vec4<f32>(1.0);
}
@group(0) @binding(1) var<storage, read_write> counter: atomic<u32>;
)";
  Ran r = run(racy, {{"fragment", {{"viewport", {2, 2}}, {"fragments", {{0, 0}, {1, 0}}}}}});
  ASSERT_TRUE(r.report.ran) << r.errors;
  const auto& j = r.report.json;
  ASSERT_TRUE(j.contains("races")) << j.dump();
  ASSERT_EQ(j["races"].size(), 1u) << j["races"].dump();
  const auto& race = j["races"][0];
  EXPECT_EQ(race["location"], "last[0]");
  EXPECT_EQ(race["kind"], "write-write");
  EXPECT_EQ(race["invocations"], 2) << "the helpers of the quad write nothing";
  EXPECT_EQ(race["accesses"][0]["invocation"], nlohmann::json({{"x", 0}, {"y", 0}}));
  EXPECT_EQ(race["accesses"][1]["invocation"], nlohmann::json({{"x", 1}, {"y", 0}}));
  EXPECT_FALSE(race["accesses"][0].contains("workgroupId"));
  const auto& o = j["outcomes"][0];
  EXPECT_TRUE(o.value("racy", false));
  EXPECT_EQ(o["buffers"][0]["words"][0], nlohmann::json({{"set", {"0x0000000a", "0x0000000b"}}}));
  EXPECT_EQ(o["buffers"][1]["words"][0], nlohmann::json({{"exact", "0x00000002"}}))
      << "atomics do not race";
  std::ostringstream text;
  printRunReport(r.report, text);
  EXPECT_NE(text.str().find("by fragment(0,0) and "), std::string::npos) << text.str();
  // One fragment alone has nothing to race with.
  Ran alone = run(racy, {{"fragment", {{"viewport", {2, 2}}, {"fragments", {{1, 1}}}}}});
  ASSERT_TRUE(alone.report.ran) << alone.errors;
  EXPECT_FALSE(alone.report.json.contains("races"));
}

TEST(Stages, EntryPointChoice) {
  const char* two = R"(
@vertex fn v() -> @builtin(position) vec4<f32> { return vec4<f32>(0.0); }
@fragment fn f() -> @location(0) vec4<f32> { return vec4<f32>(1.0); }
)";
  Ran none = run(two, {});
  EXPECT_NE(none.errors.find("several entry points; choose one with --entry"), std::string::npos)
      << none.errors;
  auto file = std::make_unique<SourceFile>("stage.wgsl", two);
  RunRequest request;
  request.entry = "f";
  RunReport r = runShader(*file, request);
  ASSERT_TRUE(r.ran);
  EXPECT_EQ(r.json["stage"], "fragment");
}

}  // namespace
}  // namespace plumb::interp
