// Textures and samplers in oracle cases (oracle/wgsl/runner_textures.h, docs/oracle.md, issue 19):
// the bundled sampling cases (corpus/oracle/sampling) load, become runner textures with their
// bytes and samplers with their binding types, and run on the interpreter with the same
// texels; binding errors name the binding.
#include <unistd.h>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "oracle/wgsl/compare.h"
#include "oracle/wgsl/oracle_case.h"
#include "oracle/wgsl/runner_textures.h"

namespace plumb::oracle {
namespace {

namespace fs = std::filesystem;
const std::string kSampling = std::string(PLUMB_SOURCE_DIR) + "/corpus/oracle/sampling";

std::string writeCase(const std::string& name, const std::string& wgsl,
                      const nlohmann::json& bindings) {
  fs::path dir =
      fs::temp_directory_path() / ("plumb-oracle-sampling-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path p = dir / (name + ".json");
  std::ofstream(p) << nlohmann::json{
      {"format", "plumb-oracle-case"},
      {"version", 1},
      {"wgsl", wgsl},
      {"bindings",
       bindings}}.dump();
  return p.string();
}

const char* kProgram = R"(
@group(0) @binding(0) var<storage, read_write> out: array<f32, 4>;
@group(0) @binding(1) var t: texture_2d<f32>;
@group(0) @binding(2) var s: sampler;
@group(0) @binding(3) var d: texture_depth_2d;
@group(0) @binding(4) var c: sampler_comparison;
@compute @workgroup_size(1) fn main() {
  out[0] = textureSampleLevel(t, s, vec2<f32>(0.25, 0.25), 0.0).y;
  out[1] = textureSampleCompareLevel(d, c, vec2<f32>(0.5), 0.5);
}
)";

TEST(OracleSampling, BundledCasesLoadAndRunOnTheInterpreter) {
  std::string error;
  std::vector<std::string> paths = expandCasePaths({kSampling}, error);
  ASSERT_EQ(error, "");
  ASSERT_GE(paths.size(), 6u);
  OutcomeProvider plumb = interpreterOutcomeProvider();
  for (const std::string& p : paths) {
    OracleCase c = loadCase(p, {});
    ASSERT_EQ(c.error, "") << p;
    EXPECT_TRUE(c.verdict.valid) << p << ": " << c.verdict.message;
    bool texture = false, sampler = false;
    for (const RunnerBinding& b : c.bindings) {
      texture = texture || !b.texture.is_null();
      sampler = sampler || !b.sampler.is_null();
    }
    EXPECT_TRUE(texture && sampler) << p;
    std::string whyNot;
    std::optional<nlohmann::json> report = plumb(c, whyNot);
    ASSERT_TRUE(report) << p << ": " << whyNot;
    for (const nlohmann::json& o : (*report)["outcomes"]) {
      EXPECT_EQ(o["kind"], "finished") << p << ": " << o.dump();
      // Only the storage buffer is compared: textures are not read back.
      EXPECT_EQ(o["buffers"].size(), 1u) << p;
    }
  }
}

TEST(OracleSampling, RunnerTexturesAndSamplers) {
  OracleCase c = loadCase(
      writeCase(
          "bytes", kProgram,
          {{{"group", 0},
            {"binding", 1},
            {"texture",
             {{"size", {1, 1}}, {"format", "rgba8unorm"}, {"texels", {{0, 0.2, 1, 1}}}}}},
           {{"group", 0}, {"binding", 2}, {"sampler", {{"magFilter", "linear"}}}},
           {{"group", 0},
            {"binding", 3},
            {"texture", {{"size", {2, 1}}, {"format", "depth16unorm"}, {"texels", {{0}, {1}}}}}},
           {{"group", 0}, {"binding", 4}, {"sampler", {{"compare", "less"}}}}}),
      {});
  ASSERT_EQ(c.error, "");
  nlohmann::json in = runnerInput(c);
  const nlohmann::json& b = in["bindings"];
  ASSERT_EQ(b.size(), 5u);
  EXPECT_EQ(b[1]["texture"]["format"], "rgba8unorm");
  EXPECT_EQ(b[1]["texture"]["sampleType"], "float");
  EXPECT_EQ(b[1]["texture"]["viewDimension"], "2d");
  EXPECT_EQ(b[1]["texture"]["levels"][0]["bytes"], (nlohmann::json{0, 51, 255, 255}));
  EXPECT_FALSE(b[1]["texture"].contains("plumb"));  // the interpreter's copy stays with Plumb
  EXPECT_EQ(b[2]["samplerType"], "filtering");
  EXPECT_EQ(b[2]["sampler"]["magFilter"], "linear");
  EXPECT_EQ(b[3]["texture"]["sampleType"], "depth");
  EXPECT_EQ(b[3]["texture"]["levels"][0]["bytes"], (nlohmann::json{0, 0, 255, 255}));  // 0, 65535
  EXPECT_EQ(b[4]["samplerType"], "comparison");
  // The interpreter reads the same texels: .y of the rgba8unorm texel is 51 / 255 = 0.2 (the
  // linear filter of the one texel: within a step of the format, T5).
  std::string whyNot;
  std::optional<nlohmann::json> report = interpreterOutcomeProvider()(c, whyNot);
  ASSERT_TRUE(report) << whyNot;
  const nlohmann::json& y = (*report)["outcomes"][0]["buffers"][0]["words"][0];
  ASSERT_TRUE(y.contains("range")) << y.dump();
  EXPECT_LE(y["range"][0].get<double>(), 0.2f);
  EXPECT_GE(y["range"][1].get<double>(), 0.2f);
  EXPECT_LE(y["range"][1].get<double>() - y["range"][0].get<double>(), 2.0 / 255 + 1e-6);
}

TEST(OracleSampling, MissingTexturesAndSamplersGetDefaults) {
  OracleCase c = loadCase(writeCase("defaults", kProgram, nlohmann::json::array()), {});
  ASSERT_EQ(c.error, "");
  nlohmann::json in = runnerInput(c);
  ASSERT_EQ(in["bindings"].size(), 5u);
  EXPECT_EQ(in["bindings"][1]["texture"]["format"], "rgba32float");
  EXPECT_EQ(in["bindings"][1]["texture"]["sampleType"], "unfilterable-float");
  EXPECT_EQ(in["bindings"][2]["samplerType"], "non-filtering");
  EXPECT_EQ(in["bindings"][3]["texture"]["format"], "depth16unorm");  // writeTexture can fill it
  EXPECT_EQ(in["bindings"][4]["sampler"]["compare"], "never");
}

TEST(OracleSampling, BindingErrorsNameTheBinding) {
  OracleCase onBuffer =
      loadCase(writeCase("on-buffer", kProgram,
                         {{{"group", 0}, {"binding", 0}, {"texture", {{"size", {1, 1}}}}}}),
               {});
  EXPECT_NE(onBuffer.error.find(
                "binding @group(0) @binding(0): a \"texture\" binding needs a texture variable"),
            std::string::npos)
      << onBuffer.error;
  OracleCase depth32 =
      loadCase(writeCase("depth32", kProgram,
                         {{{"group", 0},
                           {"binding", 3},
                           {"texture", {{"size", {1, 1}}, {"format", "depth32float"}}}}}),
               {});
  EXPECT_NE(depth32.error.find("cannot be filled by writeTexture"), std::string::npos)
      << depth32.error;
  OracleCase badSampler =
      loadCase(writeCase("bad-sampler", kProgram,
                         {{{"group", 0}, {"binding", 4}, {"sampler", nlohmann::json::object()}}}),
               {});
  EXPECT_NE(badSampler.error.find("needs 'compare'"), std::string::npos) << badSampler.error;
}

}  // namespace
}  // namespace plumb::oracle
