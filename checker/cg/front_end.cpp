// The Cg front end (see front_end.h).
#include "checker/cg/front_end.h"

#include "semantics/cg/parser.h"

namespace plumb::cg {

FrontEndResult compileCg(const SourceFile& file, DiagnosticList& diagnostics,
                         const CheckOptions& check, const PreprocessOptions& preprocess,
                         const ParseOptions& parse) {
  FrontEndResult r;
  r.source = cg::preprocess(file, diagnostics, preprocess);
  if (!r.source) return r;
  // One dialect for every step: the checker's (CheckOptions::dialect).
  ParseOptions parseInDialect = parse;
  parseInDialect.lex.dialect = check.dialect;
  std::optional<Program> program = parseProgram(*r.source, diagnostics, parseInDialect);
  if (!program) return r;
  r.program = std::make_unique<Program>(std::move(*program));
  r.checked = checkProgram(*r.program, *r.source, diagnostics, check);
  return r;
}

}  // namespace plumb::cg
