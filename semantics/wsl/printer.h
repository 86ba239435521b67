// Prints WSL terms in the seed's notation, execution-only forms included (`Loop(s, s', s'')`,
// `Cases(..)`, `Call {R ..}`, `LVal(addr)`): `plumb wsl desugar` prints programs with it and
// `plumb wsl run --trace` prints each step's redex with it.
#pragma once

#include <string>

#include "semantics/wsl/ast.h"

namespace plumb::wsl {

std::string exprText(const Expr& e);
/// `indent` < 0: on one line.
std::string stmtText(const Stmt& s, int indent = -1);
std::string programText(const Program& p);

}  // namespace plumb::wsl
