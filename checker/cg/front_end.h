// The Cg front end in one call: preprocessing (semantics/cg/preprocess.h), parsing and checking.
// `plumb cg check`, the evaluator and the oracle start from here.
#pragma once

#include <memory>
#include <optional>

#include "checker/cg/checker.h"
#include "semantics/cg/parser.h"
#include "semantics/cg/preprocess.h"

namespace plumb::cg {

struct FrontEndResult {
  /// The preprocessed text (the original when it has no directives): diagnostics point into it,
  /// and its lines are the original file's lines (preprocess.h).
  std::unique_ptr<SourceFile> source;
  std::unique_ptr<Program> program;       // null after a preprocessing or syntax error
  std::optional<CheckedProgram> checked;  // empty after any error
};

/// The parser reads `check.dialect` (the dialect of `parse` is replaced by it).
FrontEndResult compileCg(const SourceFile& file, DiagnosticList& diagnostics,
                         const CheckOptions& check, const PreprocessOptions& preprocess = {},
                         const ParseOptions& parse = {});

}  // namespace plumb::cg
