// The WSL lexer, parser and desugarings (semantics/wsl): the seed's grammar, its repaired
// defects (docs/ambiguities.md, WSL), located diagnostics naming the nonterminal.
#include <gtest/gtest.h>

#include "semantics/wsl/desugar.h"
#include "semantics/wsl/lexer.h"
#include "semantics/wsl/parser.h"
#include "semantics/wsl/printer.h"

namespace plumb::wsl {
namespace {

std::vector<Token> lex(const std::string& text, DiagnosticList& d) {
  static std::vector<std::unique_ptr<SourceFile>> keep;
  keep.push_back(std::make_unique<SourceFile>("t.wsl", text));
  return tokenize(*keep.back(), d);
}

std::string desugared(const std::string& text, std::vector<std::string>* rules = nullptr,
                      DesugarOptions o = {}) {
  SourceFile f("t.wsl", text);
  DiagnosticList d;
  auto p = parseProgram(f, d);
  if (!p) return "syntax error: " + (d.all().empty() ? std::string() : d.all().front().rule);
  std::vector<DesugarStep> steps;
  Program out = desugarProgram(*p, o, steps);
  if (rules)
    for (const auto& s : steps) rules->push_back(s.rule);
  return programText(out);
}

std::string firstError(const std::string& text) {
  SourceFile f("t.wsl", text);
  DiagnosticList d;
  auto p = parseProgram(f, d);
  return d.all().empty() ? "" : d.all().front().rule;
}

TEST(WslLexer, Literals) {
  DiagnosticList d;
  auto t = lex("42 7u 0x1Fu 1.5 .5f 2. 0", d);
  ASSERT_EQ(t.size(), 8u);
  EXPECT_EQ(t[0].kind, TokenKind::IntLiteral);
  EXPECT_EQ(t[1].kind, TokenKind::UintLiteral);
  EXPECT_EQ(t[2].kind, TokenKind::UintLiteral);
  EXPECT_EQ(t[3].kind, TokenKind::FloatLiteral);
  EXPECT_EQ(t[4].kind, TokenKind::FloatLiteral);
  EXPECT_EQ(t[5].kind, TokenKind::FloatLiteral);
  EXPECT_EQ(t[6].kind, TokenKind::IntLiteral);
  EXPECT_FALSE(d.hasErrors());
}

TEST(WslLexer, MinusIsPunctuationSoXMinusOneParses) {
  // Seed defect W2: greedy `-1` would make `x-1` a syntax error.
  DiagnosticList d;
  auto t = lex("x-1", d);
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t[1].text, "-");
  EXPECT_EQ(desugared("int f(int x) { return x-1; }").find("syntax error"), std::string::npos);
}

TEST(WslLexer, OperatorNamesAndKeywords) {
  DiagnosticList d;
  auto t = lex("operator&.x operator.y= operator[]= operator+ operator int while", d);
  EXPECT_EQ(t[0].kind, TokenKind::OperatorName);
  EXPECT_EQ(t[0].text, "operator&.x");
  EXPECT_EQ(t[1].text, "operator.y=");
  EXPECT_EQ(t[2].text, "operator[]=");
  EXPECT_EQ(t[3].text, "operator+");
  EXPECT_EQ(t[4].kind, TokenKind::Keyword);  // a cast operator: `operator` then a type
  EXPECT_EQ(t[6].kind, TokenKind::Keyword);
}

TEST(WslLexer, BadCharacterIsLocated) {
  DiagnosticList d;
  lex("int $x;", d);
  ASSERT_TRUE(d.hasErrors());
  EXPECT_EQ(d.all().front().rule, kLexicalRule);
  EXPECT_EQ(d.all().front().span.begin, 4u);
}

TEST(WslParser, RelationalOperatorsAreNonAssociative) {
  EXPECT_EQ(firstError("bool f(int a) { return 1 < a < 3; }"), "wsl-syntax-exprRelational");
}

TEST(WslParser, EffectFreeExpressionStatementIsRejected) {
  EXPECT_EQ(firstError("void f(int a) { a * 2; }"), "wsl-syntax-maybeEffectfulExpr");
  EXPECT_EQ(firstError("void f(int a) { (a * 2); }"), "");
}

TEST(WslParser, PrecedenceFollowsCxx) {
  EXPECT_NE(desugared("int f(int a) { return a + 2 * 3 - 1; }")
                .find("operator-(operator+(a, operator*(2, 3)), 1)"),
            std::string::npos);
}

TEST(WslParser, ArrowIsDerefThenDot) {
  EXPECT_NE(desugared("struct S { int x; } int f(thread S* p) { return p->x; }").find("(*p).x"),
            std::string::npos);
}

TEST(WslParser, NestingIsBounded) {
  std::string deep =
      "int f() { return " + std::string(5000, '(') + "1" + std::string(5000, ')') + "; }";
  EXPECT_EQ(firstError(deep), "wsl-syntax-nesting");
}

TEST(WslDesugar, EveryRuleIsNamed) {
  std::vector<std::string> rules;
  desugared(R"(void f(int x) {
      int a, b = 1;
      if (x == 1) ;
      while (x < 3) x++;
      for (x = 0; ; ) break;
      for (int i = 0; i < 2; ) { }
    })",
            &rules);
  for (const char* r : {"if_then", "empty_stmt", "while", "for_empty_cond", "for_empty_incr",
                        "for_init_expr", "for_init_vdecls", "multiple_vdecls"})
    EXPECT_NE(std::find(rules.begin(), rules.end(), r), rules.end()) << r;
}

TEST(WslDesugar, WhileBecomesIfDoWhile) {
  std::string out = desugared("void f(int x) { while (x < 3) x++; }");
  EXPECT_NE(out.find("if (operator<(x, 3)) do x++; while (operator<(x, 3)); else {}"),
            std::string::npos)
      << out;
}

TEST(WslDesugar, ForInitDeclarationsFollowTheProseOrWslOtt) {
  std::string prose = desugared("void f() { for (int i = 0; i < 2; i++) { } }");
  EXPECT_NE(prose.find("for (; operator<(i, 2); i++)"), std::string::npos) << prose;
  DesugarOptions ott;
  ott.ottForInitVdecls = true;
  std::string rule = desugared("void f() { for (int i = 0; i < 2; i++) { } }", nullptr, ott);
  EXPECT_NE(rule.find("do {"), std::string::npos) << rule;
}

}  // namespace
}  // namespace plumb::wsl
