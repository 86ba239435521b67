// Prints Cg syntax trees as Cg text: fully parenthesized expressions (so that tests can see the
// parse), declarations and statements one per line. `plumb cg check --ast` and the evaluator's
// traces print with it.
#pragma once

#include <string>

#include "semantics/cg/ast.h"

namespace plumb::cg {

std::string typeSyntaxText(const TypeSyntax& t);
/// Binary, assignment, conditional and unary expressions in parentheses: `((a + b) * c)`.
std::string exprText(const Expr& e);
std::string stmtText(const Program& p, const Stmt& s, int indent = 0);
std::string programText(const Program& p);

}  // namespace plumb::cg
