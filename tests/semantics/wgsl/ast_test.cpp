// AST infrastructure: interning, handles, arenas.
#include <gtest/gtest.h>

#include "semantics/round_trip.h"

namespace plumb {
namespace {

TEST(SymbolTable, InternsOnce) {
  ast::SymbolTable t;
  ast::Symbol a = t.intern("alpha");
  ast::Symbol b = t.intern("beta");
  EXPECT_NE(a.id, b.id);
  EXPECT_EQ(t.intern("alpha"), a);
  EXPECT_EQ(t.name(b), "beta");
  for (int i = 0; i < 1000; ++i) t.intern("alpha");
  EXPECT_EQ(t.size(), 2u);
}

TEST(SymbolTable, ManyNamesGrow) {
  ast::SymbolTable t;
  std::vector<std::string> names;
  for (int i = 0; i < 5000; ++i) names.push_back("name_" + std::to_string(i));
  for (const std::string& n : names) t.intern(n);
  EXPECT_EQ(t.size(), 5000u);
  for (int i = 0; i < 5000; ++i) EXPECT_EQ(t.name(t.intern(names[i])), names[i]);
}

TEST(Ast, HandlesAndLists) {
  testing::Parsed p = testing::parseText("fn f(a: i32, b: i32) -> i32 { return g(a, b, 3); }");
  ASSERT_TRUE(p.ok());
  const ast::Module& m = *p.module;
  const auto& f = std::get<ast::FunctionDeclaration>(m[m.declarations[0]].node);
  EXPECT_EQ(m[f.parameters].size(), 2u);
  EXPECT_TRUE(static_cast<bool>(f.returnType));
  ast::TypeId none;
  EXPECT_FALSE(static_cast<bool>(none));
  EXPECT_GT(m.bytes(), 0u);
}

}  // namespace
}  // namespace plumb
