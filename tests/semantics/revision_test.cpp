// The 2022-06 Revision's word tables against the lists extracted from the spec.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "semantics/revision.h"

namespace plumb {
namespace {

std::set<std::string> wordsIn(const std::string& path) {
  std::ifstream in(std::string(PLUMB_TEST_DATA_DIR) + "/" + path);
  std::set<std::string> out;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) out.insert(line);
  return out;
}

TEST(Revision2022_06, KeywordsMatchTheSpec) {
  const Revision& r = Revision::wgsl2022_06();
  std::set<std::string> fromSpec = wordsIn("spec/keywords.txt");
  std::set<std::string> fromCode;
  for (TokenKind k : r.keywords) fromCode.insert(std::string(tokenSpelling(k)));
  EXPECT_EQ(fromCode, fromSpec);
  EXPECT_EQ(r.keywords.size(), 69u);
}

TEST(Revision2022_06, ReservedWordsMatchTheSpec) {
  const Revision& r = Revision::wgsl2022_06();
  std::set<std::string> fromSpec = wordsIn("spec/reserved.txt");
  std::set<std::string> fromCode(r.reservedWords.begin(), r.reservedWords.end());
  EXPECT_EQ(fromCode, fromSpec);
  EXPECT_EQ(fromSpec.size(), 344u);
  for (const std::string& w : fromSpec) EXPECT_EQ(r.classifyWord(w), TokenKind::Reserved) << w;
  // Keywords and reserved words are disjoint.
  for (TokenKind k : r.keywords) EXPECT_FALSE(fromSpec.count(std::string(tokenSpelling(k))));
}

TEST(Revision2022_06, ExtensionsAndLookup) {
  const Revision& r = Revision::wgsl2022_06();
  EXPECT_TRUE(r.isExtension("f16"));
  EXPECT_FALSE(r.isExtension("f64"));
  EXPECT_EQ(Revision::byName("2022-06"), &r);
  EXPECT_EQ(Revision::byName("2026-08"), nullptr);
  EXPECT_EQ(r.classifyWord("main"), TokenKind::Identifier);
  EXPECT_EQ(r.classifyWord("fn"), TokenKind::KwFn);
  // Not keywords in this revision: texture_external, alias, const_assert, read_write.
  for (const char* w : {"texture_external", "alias", "const_assert", "read_write", "rgba8unorm"})
    EXPECT_EQ(r.classifyWord(w), TokenKind::Identifier) << w;
}

}  // namespace
}  // namespace plumb
