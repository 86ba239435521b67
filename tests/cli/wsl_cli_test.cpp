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
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["outcomes"][0]["value"]["value"], 80);
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
}

}  // namespace
