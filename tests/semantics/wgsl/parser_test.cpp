// The parser as a whole: module structure, spans, recovery and messages. The per-production
// cases are in parser_productions_test.cpp.
#include <gtest/gtest.h>

#include "semantics/round_trip.h"

namespace plumb {
namespace {

using testing::parseText;

TEST(Parser, ModuleStructure) {
  testing::Parsed p = parseText(
      "enable f16;\n"
      "struct S { a: f32 }\n"
      "var<private> v: S;\n"
      "const c = 1;\n"
      "override o: u32;\n"
      "type T = f32;\n"
      "staticAssert true;\n"
      "fn f() {}\n");
  ASSERT_TRUE(p.ok()) << p.messages();
  const ast::Module& m = *p.module;
  ASSERT_EQ(m.directives.size(), 1u);
  EXPECT_EQ(m.name(m.directives[0].name), "f16");
  ASSERT_EQ(m.declarations.size(), 7u);
  EXPECT_TRUE(std::holds_alternative<ast::StructDeclaration>(m[m.declarations[0]].node));
  EXPECT_TRUE(std::holds_alternative<ast::VariableId>(m[m.declarations[1]].node));
  EXPECT_TRUE(std::holds_alternative<ast::TypeAliasDeclaration>(m[m.declarations[4]].node));
  EXPECT_TRUE(std::holds_alternative<ast::StaticAssertDeclaration>(m[m.declarations[5]].node));
  EXPECT_TRUE(std::holds_alternative<ast::FunctionDeclaration>(m[m.declarations[6]].node));
}

TEST(Parser, SpansCoverTheirText) {
  std::string text = "fn f() { let x = (a + b) * c; }";
  testing::Parsed p = parseText(text);
  ASSERT_TRUE(p.ok());
  const ast::Module& m = *p.module;
  const auto& f = std::get<ast::FunctionDeclaration>(m[m.declarations[0]].node);
  EXPECT_EQ(m.text(f.nameSpan), "f");
  EXPECT_EQ(m.text(m[m.declarations[0]].span), text);
  const auto& body = std::get<ast::CompoundStatement>(m[f.body].node);
  ast::StatementId let = m[body.statements][0];
  EXPECT_EQ(m.text(m[let].span), "let x = (a + b) * c;");
  const auto& decl = m[std::get<ast::DeclarationStatement>(m[let].node).declaration];
  EXPECT_EQ(m.text(m[decl.initializer].span), "(a + b) * c");
  EXPECT_EQ(m.text(decl.nameSpan), "x");
}

TEST(Parser, ErrorsNameTheProductionAndPointAtTheToken) {
  testing::Parsed p = parseText("fn f() { return 1 }");
  ASSERT_FALSE(p.ok());
  const Diagnostic& d = p.diagnostics->all()[0];
  EXPECT_EQ(d.rule, "syntax-statement");
  EXPECT_EQ(d.message, "expected ';', found '}'");
  EXPECT_EQ(d.file->position(d.span.begin).column, 19u);
}

TEST(Parser, RecoveryReportsOneErrorPerBrokenStatement) {
  testing::Parsed p = parseText(
      "fn f() {\n"
      "  let a = 1 +;\n"
      "  let b = 2;\n"
      "  if (x { }\n"
      "  let c = * ;\n"
      "}\n"
      "fn g() { }\n");
  EXPECT_EQ(p.diagnostics->errorCount(), 3u) << p.messages();
  // The module after the errors is still parsed: g exists.
  bool sawG = false;
  for (ast::GlobalId g : p.module->declarations)
    if (auto* f = std::get_if<ast::FunctionDeclaration>(&(*p.module)[g].node))
      sawG |= p.module->name(f->name) == "g";
  EXPECT_TRUE(sawG);
}

TEST(Parser, MessagesForCommonMistakes) {
  EXPECT_EQ(parseText("let x = 1;").firstRule(), "syntax-global_decl");
  EXPECT_EQ(parseText("struct S { a: f32; }").firstRule(), "syntax-struct_body_decl");
  EXPECT_EQ(parseText("const x = 1; enable f16;").firstRule(), "directives");
  EXPECT_EQ(parseText("fn f() { let handle = 1; }").firstRule(), "reserved-words");
  EXPECT_EQ(parseText("fn f() { let fn = 1; }").firstRule(), "syntax-variable_statement");
  EXPECT_EQ(parseText("const x = a < b < c;").firstRule(), "syntax-relational_expression");
  EXPECT_EQ(parseText("const x = a + b << c;").firstRule(), "syntax-shift_expression");
  EXPECT_EQ(parseText("const x = a & b | c;").firstRule(), "syntax-bitwise_expression");
  EXPECT_EQ(parseText("const x = a && b || c;").firstRule(), "syntax-short_circuit_and_expression");
  EXPECT_EQ(parseText("fn f() { break if x; }").firstRule(),
            "syntax-continuing_compound_statement");
  EXPECT_EQ(parseText("fn f() { fallthrough; }").firstRule(), "syntax-case_compound_statement");
  EXPECT_EQ(parseText("@group(0) struct S { a: f32 }").firstRule(), "syntax-global_decl");
}

TEST(Parser, FragmentEntryPoints) {
  SourceFile e("e.wgsl", "vec3<f32>(1.0) * 2.0");
  DiagnosticList d1;
  auto [m1, expr] = parseExpression(e, Revision::wgsl2022_06(), d1);
  ASSERT_FALSE(d1.hasErrors());
  EXPECT_EQ(printExpression(*m1, expr), "vec3<f32>(1.0) * 2.0");
  SourceFile t("t.wgsl", "array<vec4<f32>, 4>");
  DiagnosticList d2;
  auto [m2, type] = parseTypeDecl(t, Revision::wgsl2022_06(), d2);
  ASSERT_FALSE(d2.hasErrors());
  EXPECT_EQ(printType(*m2, type), "array<vec4<f32>, 4>");
  SourceFile bad("b.wgsl", "1 + 2 3");
  DiagnosticList d3;
  parseExpression(bad, Revision::wgsl2022_06(), d3);
  EXPECT_TRUE(d3.hasErrors());
}

TEST(Parser, OptionsBoundNesting) {
  SourceFile f("n.wgsl", "const x = ((((1))));");
  DiagnosticList d;
  ParseOptions o;
  o.maxNestingDepth = 3;
  parseModule(f, Revision::wgsl2022_06(), d, o);
  ASSERT_TRUE(d.hasErrors());
  EXPECT_EQ(d.all()[0].rule, "processing-errors");
}

}  // namespace
}  // namespace plumb
