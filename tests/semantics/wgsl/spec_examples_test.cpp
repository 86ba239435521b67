// Every one of the 91 example blocks of wgsl-2022-06-07.bs (tests/data/spec-examples):
// all lex; those that are syntactically valid parse and round-trip; the others fail with
// the expected rule at the expected place (expectations.tsv).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <vector>

#include "semantics/wgsl/lexer.h"
#include "semantics/round_trip.h"
#include "test_data.h"

namespace plumb {
namespace {

using Example = testing::SpecExample;
using testing::loadSpecExamples;

class SpecExample : public ::testing::TestWithParam<Example> {};

TEST(SpecExamples, AllNinetyOneHaveExpectations) {
  std::vector<Example> examples = loadSpecExamples();
  ASSERT_EQ(examples.size(), 91u);
  for (size_t i = 0; i < examples.size(); ++i) {
    EXPECT_EQ(examples[i].number, static_cast<int>(i + 1));
    EXPECT_FALSE(examples[i].text.empty()) << examples[i].number;
  }
}

// "all must lex": maximal-munch tokenization of every example reports nothing.
TEST_P(SpecExample, Lexes) {
  const Example& e = GetParam();
  SourceFile file("example.wgsl", e.text);
  DiagnosticList diagnostics;
  std::vector<Token> tokens = tokenize(file, Revision::wgsl2022_06(), diagnostics);
  std::string messages;
  for (const Diagnostic& d : diagnostics.all()) messages += renderText(d);
  EXPECT_FALSE(diagnostics.hasErrors()) << messages;
  EXPECT_GT(tokens.size(), 1u);
}

TEST_P(SpecExample, ParsesAsExpected) {
  const Example& e = GetParam();
  if (e.form == "text") GTEST_SKIP() << "not WGSL: " << e.note;
  const Revision& rev = Revision::wgsl2022_06();
  if (e.form == "type") {
    SourceFile file("example.wgsl", e.text);
    DiagnosticList diagnostics;
    auto [module, type] = parseTypeDecl(file, rev, diagnostics);
    EXPECT_FALSE(diagnostics.hasErrors());
    EXPECT_TRUE(static_cast<bool>(type));
    return;
  }
  if (e.form == "expressions") {
    std::istringstream in(e.text);
    std::string line;
    int count = 0;
    while (std::getline(in, line)) {
      std::string code = line.substr(0, line.find("//"));
      if (code.find_first_not_of(" \t") == std::string::npos) continue;
      SourceFile file("line.wgsl", line);
      DiagnosticList diagnostics;
      auto [module, expr] = parseExpression(file, rev, diagnostics);
      EXPECT_FALSE(diagnostics.hasErrors()) << line;
      EXPECT_TRUE(static_cast<bool>(expr)) << line;
      ++count;
    }
    EXPECT_GT(count, 0);
    return;
  }
  std::string text = e.text;
  int lineOffset = 0;
  if (e.form == "function-body") {
    text = "fn wrapper() {\n" + e.text + "}\n";
    lineOffset = 1;
  } else {
    ASSERT_EQ(e.form, "module");
  }
  testing::Parsed p = testing::parseText(text, "example.wgsl");
  if (e.parse == "ok") {
    EXPECT_TRUE(p.ok()) << p.messages();
    EXPECT_EQ(testing::roundTripProblem(text), "");
    return;
  }
  // error:<rule>:<line>:<column>
  ASSERT_EQ(e.parse.rfind("error:", 0), 0u) << e.parse;
  std::stringstream ss(e.parse.substr(6));
  std::string rule, lineText, columnText;
  std::getline(ss, rule, ':');
  std::getline(ss, lineText, ':');
  std::getline(ss, columnText, ':');
  ASSERT_FALSE(p.ok());
  const Diagnostic& first = p.diagnostics->all().front();
  EXPECT_EQ(first.rule, rule) << p.messages();
  LineColumn lc = first.file->position(first.span.begin);
  EXPECT_EQ(static_cast<int>(lc.line) - lineOffset, std::stoi(lineText)) << p.messages();
  EXPECT_EQ(static_cast<int>(lc.column), std::stoi(columnText)) << p.messages();
}

INSTANTIATE_TEST_SUITE_P(Wgsl20220607, SpecExample, ::testing::ValuesIn(loadSpecExamples()),
                         [](const ::testing::TestParamInfo<Example>& info) {
                           char name[24];
                           std::snprintf(name, sizeof name, "example_%03d", info.param.number);
                           return std::string(name);
                         });

}  // namespace
}  // namespace plumb
