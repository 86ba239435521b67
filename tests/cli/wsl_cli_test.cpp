// `plumb wsl desugar|check|run` (issue 20): outputs, formats and exit statuses.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_util.h"

namespace {

using cli_testing::plumb;
using cli_testing::temp;

const std::string kExample = std::string(PLUMB_SOURCE_DIR) + "/corpus/wsl/example.wsl";

TEST(WslCli, RunPrintsEveryClampedOutcome) {
  auto r = plumb("wsl run " + kExample + " --entry pick --args 7");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("3 outcomes in 3 executions"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("returned 90"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("choice: index 7u clamped to 2"), std::string::npos) << r.out;
  r = plumb("wsl run " + kExample + " --entry pick --args uint:1");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("returned 80"), std::string::npos) << r.out;
}

TEST(WslCli, TraceNamesRulesAndJsonHasTheFormat) {
  auto r = plumb("wsl run " + kExample + " --entry pick --args 1 --trace");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("[0:1] call_resolve  pick(1u)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("via call_construct_reduce / block_reduce"), std::string::npos) << r.out;
  r = plumb("wsl run " + kExample + " --entry pick --args 1 --format json");
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["format"], "plumb-wsl-run");
  EXPECT_EQ(j["version"], 3);
  EXPECT_EQ(j["outcomes"][0]["value"]["value"], 80);
}

// `--args` for buffers, aggregates, textures and samplers (docs/wsl.md, "Arguments"), and the
// memory after the call (Outcome::observed) in both reports.
TEST(WslCli, ArgumentsForBuffersTexturesAndSamplers) {
  std::string p = temp("host.wsl",
                       "int inc(device int* p) { *p = *p + 1; return *p; }\n"
                       "void fill(device float[] b, float x) { b[0] = x * 2.0; b[1] = floor(x); }\n"
                       "float det(float2x2 m) { return determinant(m); }\n"
                       "float4 at(Texture2D<float4> t, sampler s) {\n"
                       "  return Sample(t, s, float2(0.5, 0.5));\n}\n"
                       "float sine(float x) { return sin(x); }\n");
  auto r = plumb("wsl run " + p + " --entry inc --args 'json:[41]'");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("returned 42"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("memory: arg0[0]=42"), std::string::npos) << r.out;
  r = plumb("wsl run " + p + " --entry fill --args 'json:[0, 0, 7]' 2.5 --format json");
  EXPECT_EQ(r.status, 0) << r.out;
  nlohmann::json j = nlohmann::json::parse(r.out);
  const nlohmann::json& observed = j["outcomes"][0]["observed"];
  ASSERT_EQ(observed.size(), 3u) << r.out;
  EXPECT_EQ(observed[0]["location"], "arg0[0]");
  EXPECT_EQ(observed[0]["value"], 5.0);
  EXPECT_EQ(observed[1]["value"], 2.0);
  EXPECT_EQ(observed[2]["value"], 7.0);
  r = plumb("wsl run " + p + " --entry det --args 'json:[[1, 2], [3, 4]]'");
  EXPECT_NE(r.out.find("returned -2.0"), std::string::npos) << r.out;
  std::string texture = temp("t.json",
                             "{\"maker\": \"make2DTexture\", \"elementType\": \"float4\",\n"
                             " \"data\": [[[[1, 2, 3, 4]]]]}\n");
  r = plumb("wsl run " + p + " --entry at --args @" + texture + " '{\"magFilter\": \"linear\"}'");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("returned {1.0, 2.0, 3.0, 4.0}"), std::string::npos) << r.out;
  // A bounded float: its interval in the text and JSON reports.
  r = plumb("wsl run " + p + " --entry sine --args 0.5 --format json");
  j = nlohmann::json::parse(r.out);
  const nlohmann::json& v = j["outcomes"][0]["value"];
  EXPECT_EQ(v["unspecified"], true) << r.out;
  ASSERT_EQ(v["range"].size(), 2u) << r.out;
  EXPECT_LE(v["range"][0].get<double>(), 0.4794255386);
  EXPECT_GE(v["range"][1].get<double>(), 0.4794255386);
  // An RW texture's texels after the call (W48).
  std::string rw = temp("rw.wsl",
                        "float st(RWTexture2D<float> t) {\n"
                        "  Store(t, 42.0, uint2(1, 0));\n  return Load(t, int2(0, 0));\n}\n");
  r = plumb("wsl run " + rw +
            " --entry st --args '{\"maker\": \"makeRW2DTexture\", \"elementType\": \"float\", "
            "\"data\": [[1, 2], [3, 4]]}'");
  EXPECT_NE(r.out.find("memory: tex0[0][0]=1.0 tex0[0][1]=42.0 tex0[1][0]=3.0 tex0[1][1]=4.0"),
            std::string::npos)
      << r.out;
  // A texture of the wrong type, and a buffer that is not an array, are input errors.
  r = plumb("wsl run " + p + " --entry inc --args 41", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("non-empty JSON array"), std::string::npos) << r.out;
}

TEST(WslCli, CheckNamesTheRuleAndDesugarPrints) {
  std::string bad = temp("bad.wsl", "int f(int x) { return x; x = 1; }\n");
  auto r = plumb("wsl check " + bad, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("bad.wsl:1:26: error: this statement is unreachable"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("[wsl-typing-block]"), std::string::npos) << r.out;
  r = plumb("wsl check " + kExample);
  EXPECT_EQ(r.status, 0);
  r = plumb("wsl desugar --rules " + kExample);
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("// for_init_vdecls at 9:5"), std::string::npos) << r.out;
}

// The entry-point interface (W42) and the RI's half (W43) from the command line.
TEST(WslCli, EntryPointsAndHalves) {
  std::string vs = temp("vs.wsl",
                        "vertex float4 foo(float x : PSIZE) : SV_Position {\n"
                        "  return float4(x, x, x, x);\n}\n");
  auto r = plumb("wsl check " + vs, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("the semantic 'PSIZE' is not an input of a vertex entry point "
                       "[wsl-validation-arguments-and-return-types]"),
            std::string::npos)
      << r.out;
  std::string h = temp("h.wsl", "half third(half x) { return x / 3; }\n");
  r = plumb("wsl run " + h + " --entry third --args half:1 --format json");
  EXPECT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out;
  ASSERT_EQ(j["outcomes"].size(), 1u) << r.out;
  EXPECT_EQ(j["outcomes"][0]["value"]["type"], "half") << r.out;
  EXPECT_EQ(j["outcomes"][0]["value"]["value"], 0.333251953125) << r.out;  // binary16 of 1/3
}

TEST(WslCli, UsageErrorsExitTwo) {
  EXPECT_EQ(plumb("wsl run " + kExample + " --entry nope", true).status, 2);
  EXPECT_EQ(plumb("wsl run " + kExample + " --entry pick --args banana", true).status, 2);
  EXPECT_EQ(plumb("wsl check /no/such/file.wsl", true).status, 2);
  // An aggregate written as a scalar's text: the message says how to write it.
  std::string f = temp("wsl_vector_argument.wsl", "int g(int3 a) { return a.y; }\n");
  auto r = plumb("wsl run " + f + " --entry g --args 'int3(1,2,3)'", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("json:[1, 2, 3] for an int3"), std::string::npos) << r.out;
  r = plumb("wsl run " + f + " --entry g --args 'json:[1,2,3]'");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("returned 2"), std::string::npos) << r.out;
}

}  // namespace
