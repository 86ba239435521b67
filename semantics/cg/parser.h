// The Cg parser: C's declaration, statement and expression grammar with Cg's additions (seed
// "Declarations and declaration specifiers", "Syntax for Parameters in Function Definitions",
// "Semantics", "Struct and Interface types", "Operator Precedence"). The seed has no grammar of
// its own: "Statements are expressed just as in C" (docs/cg.md). Syntax only: typing is
// checker/cg.
#pragma once

#include <optional>

#include "semantics/cg/ast.h"
#include "semantics/cg/lexer.h"
#include "semantics/diagnostic.h"
#include "semantics/source.h"

namespace plumb::cg {

struct ParseOptions {
  size_t maxNesting = 256;  // design.md, "Bounded and total"
  LexOptions lex;
};

/// Rule anchor of every syntax error (docs/cg.md).
inline constexpr const char* kSyntaxRule = "cg-statements-and-expressions";

/// Parses a preprocessed source file (preprocess.h). Returns nullopt after the first syntax
/// error (reported with its span); lexical errors are reported and also make it fail.
std::optional<Program> parseProgram(const SourceFile& file, DiagnosticList& diagnostics,
                                    const ParseOptions& options = {});

}  // namespace plumb::cg
