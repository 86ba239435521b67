// Bad input never crashes or hangs the parser: truncated files, invalid UTF-8, NUL bytes,
// deep nesting, huge single-line files, thousand-digit literals. Each ends in diagnostics.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <random>
#include <sstream>

#include "semantics/round_trip.h"

namespace plumb {
namespace {

using testing::parseText;

bool hasRule(const testing::Parsed& p, const std::string& rule) {
  for (const Diagnostic& d : p.diagnostics->all())
    if (d.rule == rule) return true;
  return false;
}

std::string repeat(const std::string& s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

TEST(BadInput, HundredThousandNestedParentheses) {
  std::string text = "const x = " + repeat("(", 100000) + "1" + repeat(")", 100000) + ";";
  testing::Parsed p = parseText(text);
  EXPECT_FALSE(p.ok());
  EXPECT_TRUE(hasRule(p, "processing-errors")) << p.messages();
  EXPECT_LE(p.diagnostics->errorCount(), 3u);
}

TEST(BadInput, HundredThousandNestedBlocks) {
  std::string text = "fn f() " + repeat("{", 100000) + repeat("}", 100000);
  testing::Parsed p = parseText(text);
  EXPECT_FALSE(p.ok());
  EXPECT_TRUE(hasRule(p, "processing-errors"));
}

TEST(BadInput, HundredThousandNestedTemplates) {
  std::string text = "var<private> x: " + repeat("array<", 100000) + "f32" +
                     repeat(">", 100000) + ";";
  testing::Parsed p = parseText(text);
  EXPECT_FALSE(p.ok());
  EXPECT_TRUE(hasRule(p, "processing-errors"));
}

TEST(BadInput, HundredThousandPrefixOperators) {
  std::string text = "const x = " + repeat("-", 100000) + "1;";
  testing::Parsed p = parseText(text);
  EXPECT_FALSE(p.ok());
  EXPECT_TRUE(hasRule(p, "processing-errors"));
}

TEST(BadInput, MillionTermChainExceedsTheTreeDepthLimit) {
  std::string text = "const x = 1" + repeat(" + 1", 1000000) + ";";
  testing::Parsed p = parseText(text);
  EXPECT_FALSE(p.ok());
  EXPECT_TRUE(hasRule(p, "processing-errors"));
}

TEST(BadInput, ChainsWithinTheLimitParseAndRoundTrip) {
  std::string text = "const x = 1" + repeat(" + 1", 1000) + ";";
  EXPECT_EQ(testing::roundTripProblem(text), "");
  std::string ifs = "fn f() { " + repeat("if a { } else ", 1000) + "{ } }";
  EXPECT_EQ(testing::roundTripProblem(ifs), "");
}

TEST(BadInput, HundredThousandElseIfs) {
  std::string text = "fn f() { " + repeat("if a { } else ", 100000) + "{ } }";
  testing::Parsed p = parseText(text);
  EXPECT_FALSE(p.ok());
  EXPECT_TRUE(hasRule(p, "processing-errors"));
}

TEST(BadInput, TenMegabyteSingleLine) {
  std::string text = "fn f() {" + repeat(" let a = b + c * 2;", 550000) + " }";
  ASSERT_GT(text.size(), 10u * 1000 * 1000);
  auto start = std::chrono::steady_clock::now();
  testing::Parsed p = parseText(text);
  EXPECT_TRUE(p.ok()) << p.messages();
  // Not a timing assertion, only a guard against quadratic behaviour (minutes, not seconds).
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
  // And a single-line file full of errors is reported briefly.
  std::string bad = repeat("$ ", 5000000);
  testing::Parsed q = parseText(bad);
  EXPECT_FALSE(q.ok());
  EXPECT_LE(q.diagnostics->all().size(), 100u);
}

TEST(BadInput, ThousandDigitLiterals) {
  testing::Parsed p = parseText("const x = " + repeat("9", 1000) + ";");
  EXPECT_TRUE(hasRule(p, "abstractint"));
  testing::Parsed q = parseText("const x = " + repeat("9", 1000) + ".5;");
  EXPECT_TRUE(hasRule(q, "abstractfloat"));
  testing::Parsed r = parseText("const x = 0x" + repeat("f", 1000) + "p-4000f;");
  EXPECT_TRUE(hasRule(r, "literals"));
  testing::Parsed s = parseText("const x = 1e" + repeat("9", 1000) + ";");
  EXPECT_TRUE(hasRule(s, "abstractfloat"));
}

TEST(BadInput, NulBytesAndInvalidUtf8) {
  testing::Parsed p = parseText(std::string("fn f() {\0}", 10));
  EXPECT_TRUE(hasRule(p, "textual-structure"));
  testing::Parsed q = parseText("fn f() { let \xff\xfe = 1; }");
  EXPECT_TRUE(hasRule(q, "textual-structure"));
  testing::Parsed r = parseText(std::string(1000, '\0'));
  EXPECT_FALSE(r.ok());
}

TEST(BadInput, SeveralErrorsAreReportedWithRecovery) {
  testing::Parsed p = parseText(
      "fn a() { let x = ; let y = 1; }\n"
      "fn b() { var = 2; }\n"
      "struct S { m: }\n"
      "fn c() -> { }\n"
      "const k = 1 +;\n");
  EXPECT_EQ(p.diagnostics->errorCount(), 5u) << p.messages();
}

std::vector<std::string> specExamples() {
  std::vector<std::string> out;
  for (int i = 1; i <= 91; ++i) {
    char name[64];
    std::snprintf(name, sizeof name, "%s/spec-examples/%03d.wgsl", PLUMB_TEST_DATA_DIR, i);
    std::ifstream in(name, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    out.push_back(ss.str());
  }
  return out;
}

TEST(BadInput, EveryPrefixOfEverySpecExample) {
  // Truncated files: every prefix parses to a module or to diagnostics, never a crash.
  size_t parses = 0;
  for (const std::string& text : specExamples()) {
    for (size_t n = 0; n <= text.size(); n += 3) {
      testing::Parsed p = parseText(text.substr(0, n));
      if (p.ok()) {
        EXPECT_EQ(testing::roundTripProblem(text.substr(0, n)), "");
      }
      ++parses;
    }
  }
  EXPECT_GT(parses, 5000u);
}

TEST(BadInput, RandomMutationsOfSpecExamples) {
  std::mt19937 rng(20220607);
  std::vector<std::string> examples = specExamples();
  const std::string alphabet = "(){}[]<>;:,.=+-*/&|^!~@_ \n0123456789abcxyz\xff\xc3";
  for (int i = 0; i < 20000; ++i) {
    std::string text = examples[rng() % examples.size()];
    int edits = 1 + rng() % 4;
    for (int e = 0; e < edits && !text.empty(); ++e) {
      size_t at = rng() % text.size();
      switch (rng() % 3) {
        case 0: text.erase(at, 1 + rng() % 8); break;
        case 1: text.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
        default: text[at] = alphabet[rng() % alphabet.size()]; break;
      }
    }
    testing::Parsed p = parseText(text);
    if (p.ok()) {
      ASSERT_EQ(testing::roundTripProblem(text), "") << text;
    }
  }
}

}  // namespace
}  // namespace plumb
