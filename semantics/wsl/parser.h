// The WSL parser: the seed's grammar (seed "Parsing"), with its defects repaired as
// docs/ambiguities.md (section WSL) records. Syntax only: typing is checker/wsl.
#pragma once

#include <optional>

#include "semantics/diagnostic.h"
#include "semantics/source.h"
#include "semantics/wsl/ast.h"

namespace plumb::wsl {

struct ParseOptions {
  /// Accept the reference implementation's `test` function qualifier (Test.mjs writes
  /// `test int foo()`); the function is then callable with `plumb wsl run --entry`. The seed
  /// has no such qualifier; every function is callable by `plumb wsl run` anyway.
  bool testQualifier = true;
  size_t maxNesting = 256;  // design.md, "Bounded and total"
};

/// Rule anchors of syntax errors: the seed's nonterminal, e.g. "wsl-syntax-stmt".
std::optional<Program> parseProgram(const SourceFile& file, DiagnosticList& diagnostics,
                                    const ParseOptions& options = {});

}  // namespace plumb::wsl
