// Implicit-LOD sampling in a fragment shader's quad (interpreter/wgsl/quad_sampling.h): textureSample,
// textureSampleBias and textureSampleCompare take their level of detail from the quad's
// derivatives of the coordinates (either variant: a set), helper invocations take part, a quad
// that diverges at the call gives indeterminate samples and says so, and the functions stay
// fragment-only.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "checker/float_rounding.h"
#include "interpreter/wgsl/run.h"

namespace plumb::interp {
namespace {

struct Ran {
  RunReport report;
  std::string errors;
  std::string trace;
};

/// A 4x4 texture with three levels whose red channel is 0 (level 0), 0.5 (level 1) and 1
/// (level 2): the level a sample read is its red value.
nlohmann::json levelTexture() {
  nlohmann::json texels = nlohmann::json::array();
  for (int level = 0; level < 3; ++level)
    for (int k = 0; k < (16 >> (2 * level)); ++k) texels.push_back({0.5 * level, 0, 0, 1});
  return {{"size", {4, 4}}, {"mipLevels", 3}, {"texels", texels}};
}

Ran run(const std::string& source, nlohmann::json bindings, const nlohmann::json& fragment,
        bool traced = false) {
  auto file = std::make_unique<SourceFile>("quad_sampling.wgsl", source);
  RunRequest request;
  request.bindings = {{"format", "plumb-bindings"},
                      {"version", 2},
                      {"bindings", std::move(bindings)},
                      {"fragment", fragment}};
  std::ostringstream trace;
  if (traced) request.dispatch.trace = &trace;
  Ran r{runShader(*file, request), "", ""};
  for (const Diagnostic& d : r.report.diagnostics.all()) r.errors += renderText(d);
  for (const std::string& e : r.report.errors) r.errors += e + "\n";
  r.trace = trace.str();
  return r;
}

/// The word of output location 0, component `c`, of fragment (x, y) in the only outcome.
nlohmann::json word(const Ran& r, int x, int y, int c = 0) {
  for (const auto& i : r.report.json["outcomes"][0]["invocations"])
    if (i["x"] == x && i["y"] == y) return i["locations"]["0"][c];
  ADD_FAILURE() << "no fragment (" << x << ", " << y << ")";
  return nullptr;
}

/// Whether the word's set holds the f32 nearest to `v`.
bool holds(const nlohmann::json& w, double v) {
  if (w.contains("any")) return true;
  float f = static_cast<float>(v);
  if (w.contains("range")) return w["range"][0] <= f && f <= w["range"][1];
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", f32Bits(f));
  if (w.contains("exact")) return w["exact"] == buf;
  if (w.contains("set"))
    for (const auto& b : w["set"])
      if (b == buf || (f == 0 && (b == "0x00000000" || b == "0x80000000"))) return true;
  return false;
}

const char* kSample = R"(
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  return textureSample(t, s, uv);
}
)";

nlohmann::json nearestMip() {
  return {{"group", 0}, {"binding", 1}, {"sampler", {{"mipmapFilter", "nearest"}}}};
}

/// uv changing by `d` per pixel in x and y: 4d texels of level 0 per pixel, so Vulkan's scale
/// factor is in [4d, 4√2 d] and λ in [log2 4d, log2 4d + 0.5] (docs/ambiguities.md T3).
nlohmann::json linearUv(double d) {
  return {{"viewport", {2, 2}},
          {"inputs", {{"0", {{"at", {0.125, 0.125}}, {"ddx", {d, 0.0}}, {"ddy", {0.0, d}}}}}}};
}

// #texturesample: the level of detail of each quad from its derivatives of uv.
TEST(ImplicitLod, TheQuadsDerivativesSelectTheLevel) {
  // 4d = 2^0.75: λ in [0.75, 1.25] ± 1/16, the nearest level is 1 (red 0.5) at every pixel.
  Ran r = run(kSample, {{{"group", 0}, {"binding", 0}, {"texture", levelTexture()}}, nearestMip()},
              linearUv(std::exp2(0.75) / 4), true);
  ASSERT_TRUE(r.report.ran) << r.errors;
  for (auto [x, y] : {std::pair{0, 0}, std::pair{1, 0}, std::pair{0, 1}, std::pair{1, 1}})
    EXPECT_EQ(word(r, x, y), nlohmann::json({{"exact", "0x3f000000"}})) << x << "," << y;
  EXPECT_NE(r.trace.find("implicit-lod-wait"), std::string::npos) << r.trace;
  EXPECT_NE(r.trace.find("quad(0,0) texturesample  "), std::string::npos) << r.trace;
  // 4d = 2^1.75: level 2 (red 1); 4d = 2^-1: magnification, level 0.
  Ran far =
      run(kSample, {{{"group", 0}, {"binding", 0}, {"texture", levelTexture()}}, nearestMip()},
          linearUv(std::exp2(1.75) / 4));
  EXPECT_TRUE(holds(word(far, 1, 1), 1.0) && !holds(word(far, 1, 1), 0.5)) << word(far, 1, 1);
  Ran near =
      run(kSample, {{{"group", 0}, {"binding", 0}, {"texture", levelTexture()}}, nearestMip()},
          linearUv(0.125));
  EXPECT_TRUE(holds(word(near, 0, 1), 0.0) && !holds(word(near, 0, 1), 0.5)) << word(near, 0, 1);
}

// Implicit derivatives may be fine or coarse (docs/ambiguities.md T12): where the quad's rows
// differ, every pixel's level is any the rows allow.
TEST(ImplicitLod, CoarseOrFineDerivativesAreASet) {
  // u along row 0: 0.125, 0.1875 (1/4 texel per pixel: level 0); along row 1: 0.125, 1.125
  // (4 texels per pixel: level 2). Fine, the pixel (0, 0) would read level 0 only.
  nlohmann::json fragment = {
      {"viewport", {2, 2}},
      {"inputs",
       {{"0", {{"values", {{0.125, 0.125}, {0.1875, 0.125}, {0.125, 0.125}, {1.125, 0.125}}}}}}}};
  Ran r = run(kSample, {{{"group", 0}, {"binding", 0}, {"texture", levelTexture()}}, nearestMip()},
              fragment);
  ASSERT_TRUE(r.report.ran) << r.errors;
  EXPECT_TRUE(holds(word(r, 0, 0), 0.0)) << word(r, 0, 0);
  EXPECT_TRUE(holds(word(r, 0, 0), 1.0)) << word(r, 0, 0);
  EXPECT_TRUE(holds(word(r, 1, 1), 0.0) && holds(word(r, 1, 1), 1.0)) << word(r, 1, 1);
}

// new#fragment-shaders-helper-invocations: the helpers of a quad compute their coordinates,
// so one listed fragment still has its quad's derivatives.
TEST(ImplicitLod, HelperInvocationsTakePart) {
  nlohmann::json fragment = linearUv(std::exp2(0.75) / 4);
  fragment["fragments"] = {{1, 1}};
  Ran r = run(kSample, {{{"group", 0}, {"binding", 0}, {"texture", levelTexture()}}, nearestMip()},
              fragment);
  ASSERT_TRUE(r.report.ran) << r.errors;
  ASSERT_EQ(r.report.json["outcomes"][0]["invocations"].size(), 1u);
  EXPECT_EQ(word(r, 1, 1), nlohmann::json({{"exact", "0x3f000000"}}));
}

// #texturesamplebias: λ + bias, the bias clamped to [-16, 15.99] (docs/ambiguities.md T13);
// then the sampler's lodMinClamp and lodMaxClamp.
TEST(ImplicitLod, BiasAndTheSamplersClamps) {
  auto biased = [&](const std::string& bias, const nlohmann::json& sampler) {
    std::string source = R"(
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  return textureSampleBias(t, s, uv, )" +
                         bias + R"();
}
)";
    return run(source,
               {{{"group", 0}, {"binding", 0}, {"texture", levelTexture()}},
                {{"group", 0}, {"binding", 1}, {"sampler", sampler}}},
               linearUv(std::exp2(0.75) / 4), true);
  };
  nlohmann::json nearest = {{"mipmapFilter", "nearest"}};
  Ran plusOne = biased("1.0", nearest);  // λ in [1.75, 2.25]: level 2
  ASSERT_TRUE(plusOne.report.ran) << plusOne.errors;
  EXPECT_EQ(word(plusOne, 0, 0), nlohmann::json({{"exact", "0x3f800000"}}));
  EXPECT_NE(plusOne.trace.find("texturesamplebias"), std::string::npos);
  Ran minusOne = biased("-1.0", nearest);  // λ in [-0.25, 0.25]: level 0
  EXPECT_TRUE(holds(word(minusOne, 1, 0), 0.0) && !holds(word(minusOne, 1, 0), 0.5));
  // A run-time bias of -100 is clamped to -16: magnification, level 0; of 100 to 15.99: the
  // last level.
  Ran low = biased("uv.x * -800.0", nearest);
  EXPECT_TRUE(holds(word(low, 0, 0), 0.0) && !holds(word(low, 0, 0), 0.5)) << word(low, 0, 0);
  Ran high = biased("uv.x * 800.0", nearest);
  EXPECT_EQ(word(high, 0, 0), nlohmann::json({{"exact", "0x3f800000"}}));
  // lodMaxClamp 0.25 keeps the biased level at 0.
  nlohmann::json clamped = {{"mipmapFilter", "nearest"}, {"lodMaxClamp", 0.25}};
  Ran c = biased("1.0", clamped);
  EXPECT_TRUE(holds(word(c, 0, 0), 0.0) && !holds(word(c, 0, 0), 1.0)) << word(c, 0, 0);
  // lodMinClamp 2 makes the unbiased sample read level 2.
  Ran m = biased("0.0", {{"mipmapFilter", "nearest"}, {"lodMinClamp", 2}});
  EXPECT_EQ(word(m, 1, 1), nlohmann::json({{"exact", "0x3f800000"}}));
}

// #texturesamplecompare: the comparison at the implicit level of detail.
TEST(ImplicitLod, SampleCompare) {
  std::string source = R"(
@group(0) @binding(0) var t: texture_depth_2d;
@group(0) @binding(1) var s: sampler_comparison;
@fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  return vec4<f32>(textureSampleCompare(t, s, uv, 0.5));
}
)";
  // Level 0 depth 0.25 (the reference fails less-equal), level 1 depth 1 (it passes).
  nlohmann::json texels = nlohmann::json::array();
  for (int k = 0; k < 16; ++k) texels.push_back({0.25});
  for (int k = 0; k < 4; ++k) texels.push_back({1.0});
  nlohmann::json bindings = {
      {{"group", 0},
       {"binding", 0},
       {"texture",
        {{"size", {4, 4}}, {"mipLevels", 2}, {"format", "depth32float"}, {"texels", texels}}}},
      {{"group", 0},
       {"binding", 1},
       {"sampler", {{"compare", "less-equal"}, {"mipmapFilter", "nearest"}}}}};
  Ran level1 = run(source, bindings, linearUv(std::exp2(0.75) / 4), true);
  ASSERT_TRUE(level1.report.ran) << level1.errors;
  EXPECT_EQ(word(level1, 0, 0), nlohmann::json({{"exact", "0x3f800000"}}));
  EXPECT_NE(level1.trace.find("texturesamplecompare"), std::string::npos);
  Ran level0 = run(source, bindings, linearUv(0.0625));
  EXPECT_TRUE(holds(word(level0, 1, 1), 0.0) && !holds(word(level0, 1, 1), 1.0))
      << word(level0, 1, 1);
}

// new#derivatives: a sample in non-uniform control flow gives an indeterminate value; the
// outcome names the quad (docs/ambiguities.md D1, T12).
TEST(ImplicitLod, ADivergentQuadGivesIndeterminateSamplesAndSaysSo) {
  std::string source = R"(
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var c = vec4<f32>(-1.0);
  if uv.x > 0.25 {
    c = textureSample(t, s, uv);
  }
  return c;
}
)";
  Ran r = run(source, {{{"group", 0}, {"binding", 0}, {"texture", levelTexture()}}, nearestMip()},
              linearUv(0.25), true);
  ASSERT_TRUE(r.report.ran) << r.errors;
  const auto& o = r.report.json["outcomes"][0];
  EXPECT_EQ(o["kind"], "finished");
  ASSERT_TRUE(o.contains("divergentQuads")) << o.dump();
  const auto& d = o["divergentQuads"][0];
  EXPECT_EQ(d["function"], "textureSample");
  EXPECT_EQ(d["waiting"], nlohmann::json({1, 3}));
  EXPECT_EQ(d["elsewhere"], nlohmann::json({0, 2}));
  EXPECT_TRUE(word(r, 1, 0).contains("any")) << word(r, 1, 0);
  EXPECT_TRUE(holds(word(r, 0, 1), -1.0) && !word(r, 0, 1).contains("any"));
  EXPECT_NE(r.trace.find("derivative-divergent-quad"), std::string::npos);
}

// #texturesample: "Must only be used in a fragment shader stage" — a shader-creation error in
// a vertex or compute shader (checker/wgsl/shader_interface_stages.cpp), so never run there.
TEST(ImplicitLod, OnlyInAFragmentShader) {
  for (const char* entry : {"@vertex fn main() -> @builtin(position) vec4<f32> { return f(); }",
                            "@compute @workgroup_size(1) fn main() { _ = f(); }"}) {
    std::string source = R"(
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
fn f() -> vec4<f32> { return textureSample(t, s, vec2<f32>(0.5)); }
)" + std::string(entry);
    Ran r = run(source, nlohmann::json::array(), nlohmann::json::object());
    EXPECT_FALSE(r.report.ran) << entry;
    EXPECT_NE(r.errors.find("must only be used in the fragment shader stage"), std::string::npos)
        << r.errors;
  }
}

}  // namespace
}  // namespace plumb::interp
