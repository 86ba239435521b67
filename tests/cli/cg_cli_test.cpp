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
