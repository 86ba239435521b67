// The findings corpus (corpus/findings, docs/findings.md, issue 17): Plumb's side of every
// finding must not drift. Each case file records what Plumb says (`finding.plumb`: valid, or
// invalid with its rule); this test derives it again, with no backend. `plumb oracle
// corpus/findings` reproduces the backends' side.
#include <filesystem>
#include <fstream>
#include <set>

#include <gtest/gtest.h>

#include "oracle/wgsl/compare.h"
#include "oracle/wgsl/oracle_case.h"

namespace plumb::oracle {
namespace {

namespace fs = std::filesystem;
const std::string kFindings = std::string(PLUMB_SOURCE_DIR) + "/corpus/findings";

std::vector<std::string> findingCases() {
  std::vector<std::string> names;
  for (const fs::directory_entry& e : fs::directory_iterator(kFindings))
    if (e.path().extension() == ".json") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

class Finding : public testing::TestWithParam<std::string> {};

TEST(FindingsCorpus, EveryFindingIsDescribed) {
  std::set<std::string> kinds = {"backend bug", "spec defect", "revision delta",
                                 "conformance-suite defect", "plumb bug"};
  for (const std::string& name : findingCases()) {
    std::ifstream in(kFindings + "/" + name + ".json");
    nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    ASSERT_TRUE(j.is_object()) << name;
    const nlohmann::json& f = j["finding"];
    EXPECT_EQ(f.value("id", ""), name);
    EXPECT_TRUE(kinds.count(f.value("kind", ""))) << name << ": kind " << f.value("kind", "");
    for (const char* key : {"classification", "clause", "foundBy", "revisions"})
      EXPECT_FALSE(f.value(key, "").empty()) << name << ": " << key;
    EXPECT_TRUE(f["backends"].is_array() && !f["backends"].empty()) << name;
    EXPECT_TRUE(j["known"].is_object() && !j["known"].empty()) << name;
  }
}

TEST_P(Finding, PlumbsVerdictIsTheRecordedOne) {
  std::string path = kFindings + "/" + GetParam() + ".json";
  std::ifstream in(path);
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  ASSERT_TRUE(j.is_object()) << path;
  const nlohmann::json& plumb = j["finding"]["plumb"];
  OracleCase c = loadCase(path, {});
  ASSERT_EQ(c.error, "") << path;
  EXPECT_EQ(c.verdict.valid, plumb.value("valid", true))
      << c.verdict.rule << ": " << c.verdict.message;
  if (plumb.contains("rule")) {
    EXPECT_EQ(c.verdict.rule, plumb["rule"].get<std::string>());
  }
  // An output-outside finding records the backend's words (`outside`) and the words Plumb's
  // set holds (`inside`): the interpreter must still exclude the first and allow the second.
  if (!plumb.contains("outside")) return;
  auto buffers = [&j](const nlohmann::json& list) {
    std::vector<DeviceBuffer> out;
    for (const nlohmann::json& b : j["bindings"])  // the inputs, as the device returns them
      if (b.contains("words"))
        out.push_back({b["group"].get<uint32_t>(), b["binding"].get<uint32_t>(),
                       b["words"].get<std::vector<uint32_t>>()});
    for (const nlohmann::json& b : list)
      out.push_back({b["group"].get<uint32_t>(), b["binding"].get<uint32_t>(),
                     b["words"].get<std::vector<uint32_t>>()});
    return out;
  };
  std::string whyNot;
  std::optional<nlohmann::json> outcomes = interpreterOutcomeProvider()(c, whyNot);
  ASSERT_TRUE(outcomes) << whyNot;
  OutcomeMatch outside = compareWithOutcomes(*outcomes, buffers(plumb["outside"]));
  EXPECT_EQ(outside.status, OutcomeMatch::Status::Outside) << outside.note;
  ASSERT_TRUE(plumb.contains("inside")) << path;
  EXPECT_EQ(compareWithOutcomes(*outcomes, buffers(plumb["inside"])).status,
            OutcomeMatch::Status::Conformant);
}

INSTANTIATE_TEST_SUITE_P(Corpus, Finding, testing::ValuesIn(findingCases()),
                         [](const testing::TestParamInfo<std::string>& i) {
                           std::string n = i.param;
                           for (char& ch : n)
                             if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return n;
                         });

}  // namespace
}  // namespace plumb::oracle
