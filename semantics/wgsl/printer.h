// The printer: AST -> canonical WGSL text. Comments and layout are not kept; the result parses
// back to the same tree (tests check parse(print(parse(x))) == parse(x) on every input).
#pragma once

#include <string>

#include "semantics/wgsl/ast.h"

namespace plumb {

std::string printModule(const ast::Module& m);
std::string printExpression(const ast::Module& m, ast::ExpressionId e);
std::string printType(const ast::Module& m, ast::TypeId t);

/// A span-free S-expression of the whole tree: two modules have equal dumps iff their trees
/// are equal (ignoring spans). Used for the round-trip property and by `plumb parse --ast`.
std::string dumpModule(const ast::Module& m);

}  // namespace plumb
