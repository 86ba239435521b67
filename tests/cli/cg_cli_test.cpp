// `plumb cg check` (issue 21): verdicts, the program interface, formats and exit statuses.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_util.h"

namespace {

using cli_testing::plumb;
using cli_testing::temp;

const std::string kVertex =
    std::string(PLUMB_SOURCE_DIR) + "/tests/fuzz/cg-seeds/vertex_transform.cg";

TEST(CgCli, ValidProgramListsItsInterface) {
  auto r = plumb("cg check " + kVertex + " --profile arbvp1 --entry main");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("valid (profile arbvp1, entry main)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("in  uniform float4x4 modelViewProj"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("out float4 <return>.position : POSITION"), std::string::npos) << r.out;
}

TEST(CgCli, RejectionNamesTheSection) {
  auto r = plumb("cg check " + kVertex + " --profile arbfp1 --entry main", true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("[cg-fragment-binding-semantics-for-outputs]"), std::string::npos) << r.out;
  r = plumb("cg check " + kVertex + " --profile arbfp1 --entry main --format json");
  EXPECT_EQ(r.status, 1);
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["format"], "plumb-cg-check");
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["valid"], false);
  EXPECT_EQ(j["diagnostics"][0]["rule"], "cg-fragment-binding-semantics-for-outputs");
}

TEST(CgCli, DialectCgcAcceptsWithAWarningAndRunsWithCgcsMeaning) {
  // `--dialect cgc` (docs/cg.md "The cgc dialect"): GLSL's names are a warning naming the
  // extension and the seed's rule; the default is the seed, which rejects them.
  std::string f = temp("glsl.cg",
                       "float4 main(vec2 uv : TEXCOORD0) : COLOR {\n"
                       "  vec3 c = vec3(fract(uv), mod(-1.0, 3.0));\n"
                       "  return vec4(c, 1);\n"
                       "}\n");
  auto seed = plumb("cg check " + f + " --profile arbfp1 --entry main", true);
  EXPECT_EQ(seed.status, 1);
  EXPECT_NE(seed.out.find("[cg-types]"), std::string::npos) << seed.out;
  auto cgc = plumb("cg check " + f + " --profile arbfp1 --entry main --dialect cgc", true);
  EXPECT_EQ(cgc.status, 0) << cgc.out;
  EXPECT_NE(cgc.out.find("extension glsl-type-names; the seed rejects it: cg-types"),
            std::string::npos)
      << cgc.out;
  EXPECT_NE(cgc.out.find("extension glsl-functions"), std::string::npos) << cgc.out;
  EXPECT_NE(cgc.out.find("dialect cgc"), std::string::npos) << cgc.out;
  auto json = plumb("cg check " + f + " --profile arbfp1 --entry main --dialect cgc --format json");
  EXPECT_EQ(nlohmann::json::parse(json.out)["dialect"], "cgc");
  auto run = plumb("cg run " + f + " --entry main --args \"0.25,(-1.75)\" --dialect cgc");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("float4(0.25, 0.25, 2, 1)"), std::string::npos) << run.out;
  EXPECT_EQ(plumb("cg check " + f + " --dialect glsl", true).status, 2);
}

TEST(CgCli, PreprocessorAndUsageErrors) {
  std::string f = temp("macro.cg",
                       "#define SCALE(x) ((x) * 2.0)\n"
                       "float4 main(float4 c : COLOR0) : COLOR {\n"
                       "  return SCALE(c) + undeclared;\n"
                       "}\n");
  auto r = plumb("cg check " + f + " --profile fp40 --entry main", true);
  EXPECT_EQ(r.status, 1);
  // The error is on the original line 3.
  EXPECT_NE(r.out.find("macro.cg:3:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[cg-namespaces]"), std::string::npos) << r.out;
  r = plumb("cg check " + f + " -D undeclared=1.0 --profile fp40 --entry main");
  EXPECT_EQ(r.status, 0) << r.out;
  r = plumb("cg check " + f + " --profile nosuch", true);
  EXPECT_EQ(r.status, 2);
}

}  // namespace
