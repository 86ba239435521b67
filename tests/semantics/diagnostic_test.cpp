// Diagnostic rendering: `file:line:col: error: message [rule]`, the line and a caret range.
#include <gtest/gtest.h>

#include "semantics/diagnostic.h"
#include "semantics/diagnostic_json.h"

namespace plumb {
namespace {

TEST(DiagnosticText, LocationRuleAndCaret) {
  SourceFile f("shader.wgsl", "fn f() {\n  let x = 1 +;\n}\n");
  Diagnostic d;
  d.file = &f;
  d.span = Span{22, 23};
  d.message = "expected an expression, found ';'";
  d.rule = "syntax-primary_expression";
  EXPECT_EQ(renderText(d),
            "shader.wgsl:2:14: error: expected an expression, found ';' "
            "[syntax-primary_expression]\n"
            " 2 |   let x = 1 +;\n"
            "   |              ^\n");
}

TEST(DiagnosticText, CaretRangeCoversTheSpanInCodePoints) {
  SourceFile f("u.wgsl", "let Δέλτα = 1;");
  Diagnostic d;
  d.file = &f;
  d.span = Span{4, 4 + static_cast<uint32_t>(std::string("Δέλτα").size())};
  d.message = "m";
  d.rule = "r";
  std::string text = renderText(d);
  EXPECT_NE(text.find("\n   |     ^~~~~\n"), std::string::npos) << text;
}

TEST(DiagnosticText, LongLinesAreWindowed) {
  std::string line(100000, 'a');
  line[50000] = '$';
  SourceFile f("long.wgsl", line);
  Diagnostic d;
  d.file = &f;
  d.span = Span{50000, 50001};
  d.message = "m";
  std::string text = renderText(d);
  EXPECT_LT(text.size(), 600u);
  EXPECT_NE(text.find("$"), std::string::npos);
}

TEST(DiagnosticList, LimitAndDuplicates) {
  SourceFile f("x.wgsl", "x");
  DiagnosticList list(3);
  for (int i = 0; i < 10; ++i) list.error(&f, Span{0, static_cast<uint32_t>(i % 1)}, "same", "r");
  EXPECT_EQ(list.errorCount(), 1u);  // identical errors at the same place collapse
  for (uint32_t i = 0; i < 10; ++i) list.error(&f, Span{i, i}, "e" + std::to_string(i), "r");
  EXPECT_EQ(list.errorCount(), 3u);
  EXPECT_TRUE(list.truncated());
}

TEST(DiagnosticJson, Fields) {
  SourceFile f("j.wgsl", "a\nbc");
  Diagnostic d;
  d.file = &f;
  d.span = Span{3, 4};
  d.message = "msg";
  d.rule = "rule-anchor";
  nlohmann::json j = toJson(d);
  EXPECT_EQ(j["file"], "j.wgsl");
  EXPECT_EQ(j["line"], 2);
  EXPECT_EQ(j["column"], 2);
  EXPECT_EQ(j["offset"], 3);
  EXPECT_EQ(j["length"], 1);
  EXPECT_EQ(j["rule"], "rule-anchor");
  EXPECT_EQ(j["severity"], "error");
}

}  // namespace
}  // namespace plumb
