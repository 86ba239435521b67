// plumb oracle --shard and plumb oracle merge on the command line (issue 17 item 5); the
// merge itself is tested in tests/oracle/wgsl/report_merge_test.cpp. No runner is needed here.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cli_util.h"

using cli_testing::plumb;
using cli_testing::Result;

namespace {

const std::string kCorpus = std::string(PLUMB_SOURCE_DIR) + "/corpus/oracle";

size_t lines(const std::string& s) {
  size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

std::string temp(const std::string& name, const std::string& text) {
  std::string p = (std::filesystem::temp_directory_path() /
                   ("plumb-oracle-cli-" + std::to_string(::getpid()) + "-" + name))
                      .string();
  std::ofstream(p) << text;
  return p;
}

TEST(CliOracleShard, TheShardsPartitionTheCases) {
  Result all = plumb("oracle " + kCorpus + " --dry-run");
  ASSERT_EQ(all.status, 0);
  size_t total = lines(all.out), sum = 0;
  ASSERT_GE(total, 3u);
  std::string joined;
  for (int i = 0; i < 3; ++i) {
    Result r = plumb("oracle " + kCorpus + " --dry-run --shard " + std::to_string(i) + "/3");
    ASSERT_EQ(r.status, 0);
    sum += lines(r.out);
    joined += r.out;
  }
  EXPECT_EQ(sum, total);
  // Every case of the whole list is in exactly one shard.
  size_t start = 0;
  while (start < all.out.size()) {
    size_t end = all.out.find('\n', start);
    std::string line = all.out.substr(start, end - start);
    size_t first = joined.find(line);
    EXPECT_NE(first, std::string::npos);
    EXPECT_EQ(joined.find(line, first + 1), std::string::npos);
    start = end + 1;
  }
  for (const char* bad : {"3/3", "1", "a/b", "1/0", "0/2x"}) {
    Result r = plumb("oracle " + kCorpus + " --dry-run --shard " + bad, true);
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_NE(r.out.find("--shard must be I/N"), std::string::npos) << r.out;
  }
}

TEST(CliOracleMerge, JoinsReportsAndRefusesWhatDoesNotBelongTogether) {
  auto report = [](int index, const std::string& id, bool disagree) {
    return std::string(R"({"format": "plumb-oracle-report", "version": 1, "revision": "2022-06",
      "shard": {"index": )") + std::to_string(index) + R"(, "count": 2},
      "backends": [{"name": "dawn", "available": true, "casesRun": 1, "seconds": 0.5, "restarts": 0}],
      "cases": [{"id": ")" + id + R"(", "file": ")" + id + R"(.wgsl", "position": )" +
           std::to_string(index) + R"(, "disagreement": )" + (disagree ? "true" : "false") +
           R"(, "results": {"dawn": {"classification": ")" +
           (disagree ? "accepts-invalid" : "agree") + R"("}}}]})";
  };
  std::string a = temp("a.json", report(0, "first", false));
  std::string b = temp("b.json", report(1, "second", true));
  std::string out = temp("merged.json", "");
  Result r = plumb("oracle merge " + b + " " + a + " --report " + out + " --format json");
  EXPECT_EQ(r.status, 1) << r.out;  // the merged report holds a disagreement
  EXPECT_LT(r.out.find("\"first\""), r.out.find("\"second\""));  // the run's order
  EXPECT_NE(r.out.find("\"casesWithDisagreement\": 1"), std::string::npos) << r.out;
  std::ifstream written(out);
  EXPECT_TRUE(written.good());
  Result twice = plumb("oracle merge " + a + " " + a, true);
  EXPECT_EQ(twice.status, 2);
  EXPECT_NE(twice.out.find("shard 0/2 is given twice"), std::string::npos) << twice.out;
  Result missing = plumb("oracle merge " + a + " /nonexistent.json", true);
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.out.find("/nonexistent.json"), std::string::npos) << missing.out;
  Result none = plumb("oracle", true);
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.out.find("no cases given"), std::string::npos) << none.out;
}

}  // namespace
