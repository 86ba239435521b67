// Helpers for the Cg checker tests: check a program text, report its first error or warning.
#pragma once

#include <memory>
#include <string>

#include "checker/cg/checker.h"
#include "semantics/cg/parser.h"

namespace plumb::cg::testing {

struct CheckOutcome {
  bool ok = false;
  std::string rule;                   // the first error's rule ("" when ok)
  std::string message;                // the first error's message
  std::vector<std::string> warnings;  // rules of the warnings
  std::optional<CheckedProgram> checked;
  std::unique_ptr<Program> program;
};

inline CheckOutcome checkText(const std::string& text, const std::string& profile = "generic",
                              const std::string& entry = "",
                              const Dialect& dialect = Dialect::seed()) {
  CheckOutcome r;
  SourceFile f("t.cg", text);
  DiagnosticList d;
  ParseOptions parse;
  parse.lex.dialect = dialect;
  auto p = parseProgram(f, d, parse);
  if (p) {
    r.program = std::make_unique<Program>(std::move(*p));
    CheckOptions options{profile, entry};
    options.dialect = dialect;
    r.checked = checkProgram(*r.program, f, d, options);
    r.ok = r.checked.has_value();
  }
  for (const auto& x : d.all()) {
    if (x.severity == Severity::Warning)
      r.warnings.push_back(x.rule);
    else if (r.rule.empty()) {
      r.rule = x.rule;
      r.message = x.message;
    }
  }
  return r;
}

/// "ok", "ok+warning" or the first error's rule.
inline std::string verdict(const std::string& text, const std::string& profile = "generic",
                           const std::string& entry = "",
                           const Dialect& dialect = Dialect::seed()) {
  CheckOutcome r = checkText(text, profile, entry, dialect);
  if (r.ok) return r.warnings.empty() ? "ok" : "ok+warning";
  return r.rule;
}

}  // namespace plumb::cg::testing
