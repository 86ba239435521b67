// The static verdict of every real-world shader that parses (tests/data/real-world,
// check_expectations.tsv): valid programs of 2022–2023 must check, and the rejected ones are
// rejected by the rule the file names (features that came after the seed, engine dialects).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "check_util.h"
#include "test_data.h"

namespace plumb {
namespace {

struct Shader {
  std::string file, expected, why;
};

using testing::readFile;

std::vector<Shader> loadExpectations() {
  std::vector<Shader> out;
  std::string path = std::string(PLUMB_TEST_DATA_DIR) + "/real-world/check_expectations.tsv";
  for (const std::vector<std::string>& cols : testing::readTsv(path))
    out.push_back(Shader{cols.at(0), cols.at(1), cols.size() > 2 ? cols[2] : ""});
  return out;
}

void PrintTo(const Shader& s, std::ostream* os) { *os << s.file; }

class RealWorldCheck : public ::testing::TestWithParam<Shader> {};

TEST_P(RealWorldCheck, HasTheExpectedVerdict) {
  const Shader& s = GetParam();
  auto r = testing::checkSource(readFile(std::string(PLUMB_TEST_DATA_DIR) + "/real-world/" + s.file));
  ASSERT_TRUE(r->checked) << "does not parse: " << r->text();
  if (s.expected == "ok") {
    EXPECT_TRUE(r->valid()) << r->text();
  } else {
    ASSERT_FALSE(r->valid()) << s.why;
    EXPECT_EQ("error:" + r->rules().front(), s.expected) << r->text();
  }
}

TEST(RealWorldCheck, EveryParsingShaderHasAnExpectation) {
  EXPECT_EQ(loadExpectations().size(), 45u);
}

INSTANTIATE_TEST_SUITE_P(Shaders, RealWorldCheck, ::testing::ValuesIn(loadExpectations()),
                         [](const ::testing::TestParamInfo<Shader>& info) {
                           std::string name;
                           for (char c : info.param.file)
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

}  // namespace
}  // namespace plumb
