// The static verdict of every WGSL example block of wgsl-2022-06-07.bs (expectations.tsv,
// column "check"): modules and function bodies are checked whole, type examples as an alias,
// expression examples one line at a time. Examples whose verdict depends on behavior analysis
// (issue 4) are skipped, visibly, until that analysis exists.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "check_util.h"

namespace plumb {
namespace {

struct Example {
  int number = 0;
  std::string form, check, note, text;
};

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<Example> loadExamples() {
  std::vector<Example> out;
  std::istringstream in(readFile(std::string(PLUMB_TEST_DATA_DIR) +
                                 "/spec-examples/expectations.tsv"));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    std::stringstream ls(line);
    std::string col;
    while (std::getline(ls, col, '\t')) cols.push_back(col);
    Example e;
    e.number = std::stoi(cols.at(0));
    e.form = cols.at(1);
    e.check = cols.at(3);
    if (cols.size() > 4) e.note = cols[4];
    char name[16];
    std::snprintf(name, sizeof name, "%03d.wgsl", e.number);
    e.text = readFile(std::string(PLUMB_TEST_DATA_DIR) + "/spec-examples/" + name);
    out.push_back(e);
  }
  return out;
}

void PrintTo(const Example& e, std::ostream* os) { *os << "example " << e.number; }

// Rejected only by the statement behavior analysis (#behaviors), which issue 4 builds.
const std::set<int> kNeedsBehaviorAnalysis = {68, 74, 82, 83};

class SpecExampleCheck : public ::testing::TestWithParam<Example> {};

TEST_P(SpecExampleCheck, HasTheExpectedVerdict) {
  const Example& e = GetParam();
  if (e.check == "n/a") GTEST_SKIP() << "not WGSL: " << e.note;
  if (kNeedsBehaviorAnalysis.count(e.number))
    GTEST_SKIP() << "needs behavior analysis (issue 4): " << e.note;
  if (e.form == "expressions" || e.form == "type") {
    std::istringstream in(e.text);
    std::string line;
    while (std::getline(in, line)) {
      std::string code = line.substr(0, line.find("//"));
      if (code.find_first_not_of(" \t") == std::string::npos) continue;
      auto r = testing::checkSource(e.form == "type" ? "type T = " + code + ";\n"
                                                     : "const c = " + code + ";\n");
      EXPECT_EQ(r->valid(), e.check == "ok") << line << "\n" << r->text();
    }
    return;
  }
  std::string text = e.text;
  if (e.form == "function-body") {
    text = "fn wrapper() {\n" + e.text + "}\n";
  }
  auto r = testing::checkSource(text);
  if (e.check == "ok")
    EXPECT_TRUE(r->valid()) << r->text();
  else
    EXPECT_FALSE(r->valid()) << "expected an error: " << e.note;
}

INSTANTIATE_TEST_SUITE_P(Wgsl20220607, SpecExampleCheck, ::testing::ValuesIn(loadExamples()),
                         [](const ::testing::TestParamInfo<Example>& info) {
                           char name[16];
                           std::snprintf(name, sizeof name, "Example%03d", info.param.number);
                           return std::string(name);
                         });

}  // namespace
}  // namespace plumb
