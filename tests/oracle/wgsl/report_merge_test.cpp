// Sharded campaigns (issue 17 item 5): the shards of a run, merged, give the report of the run.
#include <gtest/gtest.h>

#include "oracle/wgsl/oracle.h"
#include "oracle/wgsl/report_merge.h"

namespace plumb::oracle {
namespace {

const std::string kVerdicts = std::string(PLUMB_SOURCE_DIR) + "/tests/oracle/data/verdicts";

BackendSpec fake(const std::string& name) { return {name, {{"bash", PLUMB_FAKE_RUNNER}, {}, ""}}; }

/// The report of the verdict cases at the given positions on two fake backends; one case is
/// rejected by the runner, so the classifications differ between cases.
nlohmann::json runAt(const std::vector<std::string>& paths, const std::vector<size_t>& positions) {
  std::vector<OracleCase> cases;
  for (size_t k : positions) {
    cases.push_back(loadCase(paths[k], {}));
    if (cases.back().id == "syntax-error" || cases.back().id == "override-missing-value")
      cases.back().runnerTest = cases.back().id == "syntax-error" ? "reject" : "reject-pipeline";
  }
  OracleOptions o;
  o.backends = {fake("one"), fake("two")};
  o.outcomes = interpreterOutcomeProvider();
  return reportJson(runOracle(cases, {}, o));
}

TEST(OracleMerge, TheShardsOfARunMergeIntoTheReportOfTheRun) {
  std::string error;
  std::vector<std::string> paths = expandCasePaths({kVerdicts}, error);
  ASSERT_EQ(error, "");
  ASSERT_GE(paths.size(), 6u);
  std::vector<size_t> all(paths.size());
  for (size_t k = 0; k < all.size(); ++k) all[k] = k;
  nlohmann::json whole = runAt(paths, all);

  const size_t n = 3;
  std::vector<nlohmann::json> shards;
  for (size_t i = n; i-- > 0;) {  // given in reverse: the merge restores the run's order
    std::vector<size_t> mine;
    for (size_t k = i; k < paths.size(); k += n) mine.push_back(k);
    shards.push_back(runAt(paths, mine));
    markShard(shards.back(), i, n, mine);
    EXPECT_EQ(shards.back()["shard"]["count"], n);
    EXPECT_EQ(shards.back()["cases"][0]["position"], i);
  }
  std::optional<nlohmann::json> merged = mergeReports(shards, error);
  ASSERT_TRUE(merged) << error;
  EXPECT_FALSE(merged->contains("shard"));
  EXPECT_EQ((*merged)["cases"], whole["cases"]);
  EXPECT_EQ((*merged)["summary"], whole["summary"]);
  EXPECT_EQ((*merged)["outcomeComparison"], whole["outcomeComparison"]);
  EXPECT_GT(whole["summary"]["casesWithDisagreement"], 0);
  ASSERT_EQ((*merged)["backends"].size(), 2u);
  for (size_t b = 0; b < 2; ++b) {
    EXPECT_EQ((*merged)["backends"][b]["name"], whole["backends"][b]["name"]);
    EXPECT_EQ((*merged)["backends"][b]["casesRun"], whole["backends"][b]["casesRun"]);
    EXPECT_EQ((*merged)["backends"][b]["restarts"], whole["backends"][b]["restarts"]);
  }
  // The HTML of the merge is the HTML of a report like any other.
  EXPECT_NE(reportHtml(*merged).find("<tr id=\"type-error\""), std::string::npos);
}

TEST(OracleMerge, RefusesReportsThatDoNotBelongTogether) {
  std::string error;
  std::vector<std::string> paths = expandCasePaths({kVerdicts}, error);
  nlohmann::json a = runAt(paths, {0, 2}), b = runAt(paths, {1, 3});
  markShard(a, 0, 2, {0, 2});
  markShard(b, 1, 2, {1, 3});
  EXPECT_TRUE(mergeReports({a, b}, error)) << error;

  EXPECT_FALSE(mergeReports({a, a}, error));
  EXPECT_EQ(error, "shard 0/2 is given twice");
  nlohmann::json c = b;
  c["shard"]["count"] = 3;
  EXPECT_FALSE(mergeReports({a, c}, error));
  EXPECT_EQ(error, "report 2 is a shard of 3, report 1 of 2");
  c = b;
  c["revision"] = "2026";
  EXPECT_FALSE(mergeReports({a, c}, error));
  EXPECT_NE(error.find("revision"), std::string::npos);
  c = b;
  c["backends"].erase(1);
  EXPECT_FALSE(mergeReports({a, c}, error));
  EXPECT_EQ(error, "report 2 ran other backends than report 1");
  c = b;
  c.erase("shard");
  EXPECT_FALSE(mergeReports({a, c}, error));
  EXPECT_EQ(error, "reports 1 and 2: one is a shard, the other not");
  EXPECT_FALSE(mergeReports({a, nlohmann::json{{"format", "plumb-run"}}}, error));
  EXPECT_EQ(error, "report 2 is not a plumb-oracle-report of version 1");
  EXPECT_FALSE(mergeReports({}, error));
  // Two runs of the same cases, not shards: a case in two reports.
  nlohmann::json d = runAt(paths, {0}), e = runAt(paths, {0});
  EXPECT_FALSE(mergeReports({d, e}, error));
  EXPECT_NE(error.find("is in two reports"), std::string::npos);
  // Two runs of different cases, not shards: joined in the order given.
  nlohmann::json f = runAt(paths, {3});
  std::optional<nlohmann::json> df = mergeReports({d, f}, error);
  ASSERT_TRUE(df) << error;
  EXPECT_EQ((*df)["cases"][0]["id"], d["cases"][0]["id"]);
  EXPECT_EQ((*df)["summary"]["cases"], 2);
}

}  // namespace
}  // namespace plumb::oracle
