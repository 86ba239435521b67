// The held-out corpus (corpus/oracle/heldout, docs/oracle.md "Held-out compute shaders"):
// real-world-style compute shaders of June 2022 whose `expect` holds the words Dawn/Tint,
// Deno/naga and Chromium wrote. Each case runs on the interpreter only (no GPU runner), through
// the oracle's own interpreterOutcomeProvider and compareWithOutcomes: every expected output
// must lie in one outcome of Plumb's set, and an integer-only program must be exact (one value
// per word, as many outcomes as the spec allows, usually one).
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "oracle/wgsl/compare.h"
#include "oracle/wgsl/oracle_case.h"

namespace plumb::oracle {
namespace {

namespace fs = std::filesystem;
const std::string kHeldout = std::string(PLUMB_SOURCE_DIR) + "/corpus/oracle/heldout";

std::vector<std::string> heldoutCases() {
  std::string error;
  std::vector<std::string> paths = expandCasePaths({kHeldout}, error);
  std::vector<std::string> names;
  for (const std::string& p : paths) names.push_back(fs::path(p).stem().string());
  return names;
}

class Heldout : public testing::TestWithParam<std::string> {};

TEST(HeldoutCorpus, IsThere) {
  EXPECT_GE(heldoutCases().size(), 40u) << kHeldout;
}

/// The case at `path`: the backends' words (its `expect`) lie in Plumb's set, and an integer-only
/// program is exact. Returns Plumb's plumb-run report.
void checkCase(const std::string& path, nlohmann::json* report = nullptr);

TEST_P(Heldout, DeviceWordsLieInPlumbsOutcomeSet) {
  checkCase(kHeldout + "/" + GetParam() + ".json");
}

void checkCase(const std::string& path, nlohmann::json* report) {
  nlohmann::json raw = nlohmann::json::parse(std::ifstream(path), nullptr, false);
  ASSERT_TRUE(raw.is_object()) << path;
  OracleCase c = loadCase(path, {});
  ASSERT_EQ(c.error, "") << path;
  ASSERT_TRUE(c.verdict.valid) << c.verdict.rule << ": " << c.verdict.message;
  ASSERT_TRUE(c.expect) << "a held-out case needs the backends' words in \"expect\"";
  nlohmann::json expected = *c.expect;
  c.expect.reset();  // Plumb's side must come from the interpreter, never from the case file

  std::string whyNot;
  std::optional<nlohmann::json> plumb = interpreterOutcomeProvider()(c, whyNot);
  ASSERT_TRUE(plumb) << whyNot;
  if (report) *report = *plumb;
  const nlohmann::json& outcomes = (*plumb)["outcomes"];
  ASSERT_FALSE(outcomes.empty());
  EXPECT_TRUE((*plumb)["executions"]["complete"].get<bool>()) << "exploration stopped at --max-executions";
  for (const nlohmann::json& o : outcomes)
    EXPECT_EQ(o["kind"], "finished") << o.value("message", "") << " " << o.dump().substr(0, 300);

  // Every output the backends wrote lies in one outcome of Plumb's set.
  ASSERT_FALSE(expected["outcomes"].empty());
  for (const nlohmann::json& e : expected["outcomes"]) {
    std::vector<DeviceBuffer> device;
    for (const nlohmann::json& b : e["buffers"]) {
      DeviceBuffer d{b["group"].get<uint32_t>(), b["binding"].get<uint32_t>(), {}};
      for (const nlohmann::json& w : b["words"]) {
        std::optional<uint32_t> x = parseWord(w.at("exact"));
        ASSERT_TRUE(x) << w.dump();
        d.words.push_back(*x);
      }
      device.push_back(std::move(d));
    }
    OutcomeMatch m = compareWithOutcomes(*plumb, device);
    std::string diffs;
    for (const WordDiff& d : m.diffs)
      diffs += "\n  @group(" + std::to_string(d.group) + ") @binding(" + std::to_string(d.binding) +
               ") word " + std::to_string(d.index) + " = " + std::to_string(d.device) +
               ", allowed " + d.allowed.dump();
    EXPECT_EQ(m.status, OutcomeMatch::Status::Conformant)
        << "the output of " << e.value("backends", nlohmann::json::array()).dump() << " is "
        << outcomeStatusName(m.status) << ": " << m.note << diffs;
  }

  // An integer-only program: exact words, and no more outcomes than the spec allows.
  const nlohmann::json heldout = raw.value("heldout", nlohmann::json::object());
  if (heldout.value("integerOnly", false)) {
    EXPECT_EQ(outcomes.size(), heldout.value("plumbOutcomes", 1u));
    for (const nlohmann::json& o : outcomes)
      for (const nlohmann::json& b : o["buffers"])
        for (size_t i = 0; i < b["words"].size(); ++i)
          EXPECT_TRUE(b["words"][i].contains("exact"))
              << "@group(" << b["group"] << ") @binding(" << b["binding"] << ") word " << i
              << " is " << b["words"][i].dump() << " in an integer-only program";
  }
}

// The cases of issue 14 (corpus/oracle/issue14): data races, an override-sized workgroup array
// and subnormals in the binary16 functions, with the words Dawn and naga wrote. A case's
// `expectRaces` says whether Plumb must report the program as racy.
const std::string kIssue14 = std::string(PLUMB_SOURCE_DIR) + "/corpus/oracle/issue14";

std::vector<std::string> issue14Cases() {
  std::string error;
  std::vector<std::string> names;
  for (const std::string& p : expandCasePaths({kIssue14}, error))
    names.push_back(fs::path(p).stem().string());
  return names;
}

class Issue14 : public testing::TestWithParam<std::string> {};

TEST_P(Issue14, DeviceWordsLieInPlumbsOutcomeSetAndRacesAreReported) {
  std::string path = kIssue14 + "/" + GetParam() + ".json";
  nlohmann::json report;
  checkCase(path, &report);
  nlohmann::json raw = nlohmann::json::parse(std::ifstream(path), nullptr, false);
  ASSERT_TRUE(raw.contains("expectRaces")) << path;
  EXPECT_EQ(report.contains("races"), raw["expectRaces"].get<bool>())
      << report.value("races", nlohmann::json()).dump(1);
}

INSTANTIATE_TEST_SUITE_P(Issue14Corpus, Issue14, testing::ValuesIn(issue14Cases()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name;
                         });

INSTANTIATE_TEST_SUITE_P(Corpus, Heldout, testing::ValuesIn(heldoutCases()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name;
                         });

}  // namespace
}  // namespace plumb::oracle
