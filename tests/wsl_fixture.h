// Shared helpers of the WSL tests (issue 20): parse, check and run a program given as text.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "checker/wsl/checked_program.h"
#include "interpreter/wsl/machine.h"
#include "semantics/wsl/parser.h"

namespace plumb::wsl::test {

struct Checked {
  std::shared_ptr<const SourceFile> file;
  DiagnosticList diagnostics;
  std::shared_ptr<const CheckedProgram> program;
  bool parsed = false;
  /// The rule of the first diagnostic ("" when none).
  std::string firstRule() const {
    return diagnostics.all().empty() ? "" : diagnostics.all().front().rule;
  }
  std::string messages() const {
    std::string s;
    for (const Diagnostic& d : diagnostics.all()) s += d.rule + ": " + d.message + "\n";
    return s;
  }
};

inline std::unique_ptr<Checked> checkText(const std::string& text,
                                          const CheckOptions& options = {}) {
  auto c = std::make_unique<Checked>();
  c->file = std::make_shared<SourceFile>("test.wsl", text);
  std::optional<Program> p = parseProgram(*c->file, c->diagnostics);
  c->parsed = p.has_value();
  if (p) c->program = checkProgram(c->file, *p, c->diagnostics, options);
  return c;
}

/// Runs `entry` with the given arguments; the checked program must be valid.
inline RunResult runText(const std::string& text, const std::string& entry,
                         std::vector<Value> args = {}, RunOptions options = {}) {
  auto c = checkText(text);
  if (!c->program) {
    RunResult r;
    r.error = "invalid: " + c->messages();
    return r;
  }
  options.entry = entry;
  options.arguments = std::move(args);
  return runFunction(*c->program, options);
}

/// The single returned value as text ("any int", "42"), or a description of what happened.
inline std::string onlyValue(const RunResult& r) {
  if (!r.error.empty()) return "error: " + r.error;
  if (r.outcomes.size() != 1) return std::to_string(r.outcomes.size()) + " outcomes";
  const Outcome& o = r.outcomes.front();
  if (o.status != Outcome::Status::Returned)
    return std::string(statusName(o.status)) + " " + o.stuckTerm;
  return valueText(o.value);
}

}  // namespace plumb::wsl::test
