// The 8 desugaring rules of WSL.ott (`defns desugaring`), one named function each. Each applies
// at one statement and returns the rewritten statement, or null when its left side does not
// match. `desugarProgram` applies them everywhere until none applies, bottom-up.
#pragma once

#include <string>
#include <vector>

#include "semantics/wsl/ast.h"

namespace plumb::wsl {

struct DesugarOptions {
  /// WSL.ott `for_init_vdecls` rewrites `for (T x = e; c; i) s` to `{T x = e; while (c) {s i;}}`,
  /// where a `continue` in `s` skips `i` (and a body without Normal makes `{s i;}` ill-typed);
  /// the seed's prose hoists the declarations and keeps the `for` (`{T x = e; for (; c; i) s}`),
  /// like `for_init_expr`. Plumb follows the prose unless this is set (docs/ambiguities.md, WSL
  /// W10).
  bool ottForInitVdecls = false;
};

/// One application of a desugaring rule, for `plumb wsl desugar --rules` and rule coverage.
struct DesugarStep {
  std::string rule;
  Span span;
};

StmtP if_then(const StmtP& s);
StmtP empty_stmt(const StmtP& s);
StmtP while_(const StmtP& s);  // WSL.ott `while`
StmtP for_empty_cond(const StmtP& s);
StmtP for_empty_incr(const StmtP& s);
StmtP for_init_expr(const StmtP& s);
StmtP for_init_vdecls(const StmtP& s, const DesugarOptions& options);
/// On a block's statements: splits the first `tval vdecl0, vdecl1, ..;` (k > 0) in two.
bool multiple_vdecls(std::vector<StmtP>& statements);

StmtP desugarStatement(const StmtP& s, const DesugarOptions& options,
                       std::vector<DesugarStep>& steps);
Program desugarProgram(const Program& p, const DesugarOptions& options,
                       std::vector<DesugarStep>& steps);

}  // namespace plumb::wsl
