// Real-world shaders as regression data: tests/data/real-world holds 60 WGSL modules from npm
// packages of 2022–2023 (TensorFlow.js's WebGPU backend, three.js, Babylon.js, Use.GPU,
// webgpu-utils, Orillusion), MIT or Apache-2.0 licensed only (NOTICE.md). manifest.tsv gives
// for each file its package, version, licence and origin, and the expected verdict of the
// 2022-06 grammar: `ok` (the module parses and round-trips through the printer) or
// `error:<rule>` (the first error's rule). The rejected ones are rejected for reasons of the
// seed itself: reserved words used as names (`mod`, `matrix`, `vector`, `texture2D`,
// #reserved-words), preprocessor lines, `;` between structure members, engine dialects, and
// plain mistakes in the published code.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "semantics/round_trip.h"
#include "test_data.h"

namespace plumb {
namespace {

struct Shader {
  std::string file, package, version, licence, origin, expected, note;
};

std::string realWorldDir() {
  return std::string(PLUMB_TEST_DATA_DIR) + "/real-world";
}

using testing::readFile;

std::vector<Shader> loadManifest() {
  std::vector<Shader> out;
  for (std::vector<std::string> cols : testing::readTsv(realWorldDir() + "/manifest.tsv")) {
    cols.resize(7);
    out.push_back(Shader{cols[0], cols[1], cols[2], cols[3], cols[4], cols[5], cols[6]});
  }
  return out;
}

void PrintTo(const Shader& s, std::ostream* os) {
  *os << s.file;
}

TEST(RealWorldManifest, ListsEveryFileWithAPermissiveLicence) {
  std::vector<Shader> shaders = loadManifest();
  EXPECT_GE(shaders.size(), 50u);
  std::set<std::string> listed;
  int ok = 0;
  for (const Shader& s : shaders) {
    EXPECT_TRUE(listed.insert(s.file).second) << "listed twice: " << s.file;
    // Only licences that allow redistribution with a notice (NOTICE.md keeps the notices).
    EXPECT_TRUE(s.licence == "MIT" || s.licence == "Apache-2.0") << s.file << ": " << s.licence;
    EXPECT_FALSE(s.package.empty() || s.version.empty() || s.origin.empty()) << s.file;
    EXPECT_TRUE(s.expected == "ok" || s.expected.rfind("error:", 0) == 0) << s.file;
    if (s.expected == "ok") ++ok;
  }
  // Mostly modules that parse, and some that the seed rejects.
  EXPECT_GT(ok, static_cast<int>(shaders.size()) / 2);
  EXPECT_LT(ok, static_cast<int>(shaders.size()));
  namespace fs = std::filesystem;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(realWorldDir())) {
    if (e.path().extension() != ".wgsl") continue;
    std::string rel = fs::relative(e.path(), realWorldDir()).generic_string();
    EXPECT_TRUE(listed.count(rel)) << "not in manifest.tsv: " << rel;
  }
  std::string notice = readFile(realWorldDir() + "/NOTICE.md");
  for (const Shader& s : shaders)
    EXPECT_NE(notice.find(s.package), std::string::npos) << "no notice for " << s.package;
}

class RealWorldShader : public ::testing::TestWithParam<Shader> {};

TEST_P(RealWorldShader, ParsesAsExpected) {
  const Shader& s = GetParam();
  std::string text = readFile(realWorldDir() + "/" + s.file);
  ASSERT_FALSE(text.empty()) << s.file;
  testing::Parsed p = testing::parseText(text, s.file);
  if (s.expected == "ok") {
    EXPECT_TRUE(p.ok()) << p.messages();
    EXPECT_EQ(testing::roundTripProblem(text), "");
  } else {
    EXPECT_FALSE(p.ok()) << s.note;
    EXPECT_EQ("error:" + p.firstRule(), s.expected) << s.note << "\n" << p.messages();
  }
}

INSTANTIATE_TEST_SUITE_P(RealWorld, RealWorldShader, ::testing::ValuesIn(loadManifest()),
                         [](const ::testing::TestParamInfo<Shader>& info) {
                           std::string name;
                           for (char c : info.param.file)
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

}  // namespace
}  // namespace plumb
