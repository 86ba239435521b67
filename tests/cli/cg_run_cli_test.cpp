// `plumb cg run` (issue 21 item 3): outputs, formats and exit statuses.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_util.h"

namespace {

using cli_testing::plumb;
using cli_testing::temp;

const std::string kOrder = std::string(PLUMB_SOURCE_DIR) + "/corpus/cg/run/order.cg";
const std::string kPrecision = std::string(PLUMB_SOURCE_DIR) + "/corpus/cg/run/precision.cg";

TEST(CgRunCli, CallOrderGivesTwoOutcomes) {
  auto r = plumb("cg run " + kOrder + " --entry main");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("2 outcomes of 2 executions"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("return = 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("return = 4"), std::string::npos) << r.out;
}

// A geometry program is checked, not evaluated (docs/cg.md "Geometry and tessellation
// programs"): exit 1 with the reason; the same file's fragment program runs.
TEST(CgRunCli, GeometryProgramsAreCheckedNotRun) {
  std::string file = temp("geometry.cg",
                          "TRIANGLE void g(AttribArray<float4> p : POSITION) {\n"
                          "  for (int i = 0; i < p.length; i++) emitVertex(p[i] : POSITION); }\n"
                          "float4 f(float4 c : COLOR0) : COLOR { return c; }\n");
  auto r = plumb("cg run " + file + " --entry g --profile gp5gp", /*mergeErr=*/true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("checks but does not evaluate"), std::string::npos) << r.out;
  r = plumb("cg check " + file + " --entry g --profile gp5gp");
  EXPECT_EQ(r.status, 0) << r.out;
  r = plumb("cg run " + file + " --entry f --profile gp5fp --args 1,2,3,4");
  EXPECT_EQ(r.status, 0) << r.out;
}

// The quad's derivatives (docs/cg.md "Derivatives"): all three other fragments, or a usage
// error; the DEPTH default (--depth).
TEST(CgRunCli, QuadAndDepth) {
  const std::string derivatives = std::string(PLUMB_SOURCE_DIR) + "/corpus/cg/run/derivatives.cg";
  std::string common =
      "cg run " + derivatives + " --entry main --profile fp40 --args 0.25,0.5 --uniform scale=3";
  auto r = plumb(common + " --quad-right 0.5,0.5 --quad-below 0.25,0.75 --quad-diagonal 0.5,0.75");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("float4(0, 0, 0, 0.25)"), std::string::npos) << r.out;
  r = plumb(common + " --quad-right 0.5,0.5", /*mergeErr=*/true);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("all three other fragments"), std::string::npos) << r.out;
  std::string depth = temp("depth.cg",
                           "void main(out float4 c : COLOR, out float d : DEPTH) {\n"
                           "  c = float4(1, 1, 1, 1); }\n");
  r = plumb("cg run " + depth + " --entry main --profile fp40 --depth 0.5");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("d : DEPTH = 0.5"), std::string::npos) << r.out;
}

TEST(CgRunCli, PrecisionsAndJson) {
  auto r = plumb("cg run " + kPrecision + " --entry main --args 0.5,0.1,300,1 --format json");
  EXPECT_EQ(r.status, 0);
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["format"], "plumb-cg-run");
  EXPECT_EQ(j["version"], 1);
  nlohmann::json c = j["outcomes"][0]["outputs"][0]["value"]["components"];
  EXPECT_EQ(c[0], 1.5);
  EXPECT_EQ(c[2], "inf");  // half: 300 * 300
  EXPECT_EQ(j["outcomes"][0]["outputs"][0]["semantic"], "COLOR");
  r = plumb("cg run " + kPrecision +
            " --entry main --args 0.5,0.1,300,1 --precision fp32 "
            "--format json");
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["outcomes"][0]["outputs"][0]["value"]["components"][2], 90000);
}

TEST(CgRunCli, TraceNamesRules) {
  auto r = plumb("cg run " + kOrder + " --entry main --trace");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("call-order"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("call-return"), std::string::npos) << r.out;
}

TEST(CgRunCli, ErrorsAndUndefinedOutcomes) {
  std::string bad = temp("bad.cg", "float f(float x) { return y; }\n");
  auto r = plumb("cg run " + bad + " --entry f --args 1", true);
  EXPECT_EQ(r.status, 1);
  // No such entry: the checker's error (the seed's "How Programs Receive and Return Data").
  r = plumb("cg run " + kOrder + " --entry nothing", true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("cg-how-programs-receive-and-return-data"), std::string::npos) << r.out;
  // Wrong arguments: a usage error.
  r = plumb("cg run " + kOrder + " --entry main --args 1", true);
  EXPECT_EQ(r.status, 2);
  std::string div = temp("div.cg", "int f(int x) { return x / 0; }\n");
  r = plumb("cg run " + div + " --entry f --args 1");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("undefined (integer division by zero"), std::string::npos) << r.out;
  // A negative argument in parentheses (plumb refuses option values such as -1).
  std::string id = temp("id.cg", "int f(int x) { return x; }\n");
  r = plumb("cg run " + id + " --entry f --args '(-7)'");
  EXPECT_NE(r.out.find("return = -7"), std::string::npos) << r.out;
}

}  // namespace

namespace {

// --uniform NAME=VALUE gives a uniform global its value, a sampler its texture (docs/cg.md
// "Textures"); an unknown name is a usage error.
TEST(CgRunCli, UniformsAndTextures) {
  std::string file = cli_testing::temp(
      "uniforms.cg",
      "uniform float4 tint;\nuniform sampler2D tex;\n"
      "float4 main(float2 uv : TEXCOORD0) : COLOR { return tex2D(tex, uv) * tint; }\n");
  const std::string texture =
      "'tex={\"size\": [2, 2], \"texels\": [[1,0,0,1], [0,1,0,1], [0,0,1,1], [1,1,1,1]], "
      "\"sampler\": {\"magFilter\": \"nearest\"}}'";
  auto r = cli_testing::plumb("cg run " + file + " --entry main --profile fp40 --args 0.75,0.75" +
                              " --uniform tint=1,2,3,4 --uniform " + texture);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("return : COLOR = float4(1, 2, 3, 4)"), std::string::npos) << r.out;
  r = cli_testing::plumb(
      "cg run " + file + " --entry main --profile fp40 --args 0,0" + " --uniform nothere=1",
      /*mergeErr=*/true);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("no global of that name"), std::string::npos) << r.out;
}

}  // namespace
