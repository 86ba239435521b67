// Litmus files as tests: the three examples of shared/spec/vulkan-memory-model (copied to
// corpus/litmus/alloy/khronos) with their expected verdicts spelled out, and every line of
// every test in corpus/litmus/alloy must PASS.
#include <gtest/gtest.h>

#include <filesystem>

#include "memmodel/litmus.h"
#include "memmodel/litmus_runner.h"
#include "test_data.h"

namespace plumb::memmodel {
namespace {

const std::string kCorpus = std::string(PLUMB_SOURCE_DIR) + "/corpus/litmus/alloy";

struct Run {
  std::unique_ptr<SourceFile> file;
  std::optional<LitmusTest> test;
  std::vector<LineResult> results;
};

std::unique_ptr<Run> run(const std::string& path) {
  auto r = std::make_unique<Run>();
  r->file = std::make_unique<SourceFile>(path, plumb::testing::readFile(path));
  DiagnosticList diags;
  r->test = parseLitmus(*r->file, diags);
  for (const Diagnostic& d : diags.all()) ADD_FAILURE() << renderText(d);
  if (r->test) r->results = runLitmus(*r->test, 1'000'000);
  return r;
}

// Expected: per line, (expect satisfiable, found).
void expectVerdicts(const std::string& name, std::vector<std::pair<bool, bool>> expected) {
  auto r = run(kCorpus + "/khronos/" + name);
  ASSERT_TRUE(r->test.has_value());
  ASSERT_EQ(r->results.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(r->results[i].line->expectSatisfiable, expected[i].first) << name << " " << i;
    EXPECT_EQ(r->results[i].found, expected[i].second) << name << " " << i;
    EXPECT_EQ(r->results[i].verdict, Verdict::Pass) << name << " " << i;
  }
}

TEST(LitmusExamples, MessagePassing) {
  // SATISFIABLE consistent[X] && #dr=0; NOSOLUTION consistent[X] && #dr>0
  expectVerdicts("mp.test", {{true, true}, {false, false}});
  auto r = run(kCorpus + "/khronos/mp.test");
  const Witness& w = *r->results[0].witness;
  EXPECT_TRUE(w.consistent);
  EXPECT_TRUE(w.execution.rf.contains(1, 2));  // the flag read reads the release
  EXPECT_TRUE(w.execution.rf.contains(0, 3));  // so the data read reads the data write
  EXPECT_TRUE(w.derived.sw.contains(1, 2));
}

TEST(LitmusExamples, CoherenceOfReadReads) {
  // NOSOLUTION consistent[X]: the two readers cannot see x's writes in opposite orders.
  expectVerdicts("corr.test", {{false, false}});
  auto r = run(kCorpus + "/khronos/corr.test");
  EXPECT_EQ(r->results[0].stats.asmoOrders, 2u);
  EXPECT_EQ(r->results[0].stats.consistent, 0u);
}

TEST(LitmusExamples, ControlBarrierInstances) {
  // SATISFIABLE consistent[X] && #dr=0; NOSOLUTION consistent[X] && #dr>0
  expectVerdicts("cbarinst.test", {{true, true}, {false, false}});
}

TEST(LitmusCorpus, EveryLinePasses) {
  int files = 0, lines = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(kCorpus)) {
    if (entry.path().extension() != ".test") continue;
    ++files;
    auto r = run(entry.path().string());
    ASSERT_TRUE(r->test.has_value()) << entry.path();
    EXPECT_FALSE(r->results.empty()) << entry.path();
    for (const LineResult& l : r->results) {
      ++lines;
      EXPECT_EQ(l.verdict, Verdict::Pass)
          << entry.path().string() << ":" << l.line->line << " " << l.line->text;
      EXPECT_FALSE(l.stats.limitHit);
    }
  }
  EXPECT_GE(files, 20);
  EXPECT_GE(lines, 45);
}

}  // namespace
}  // namespace plumb::memmodel
