// Diagnostics: every rejection names the rule it applies (a section or definition anchor of
// the normative .bs, e.g. "syntax-if_statement", "reserved-words") and points at a span.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "semantics/source.h"

namespace plumb {

enum class Severity { Error, Warning, Note };

struct DiagnosticNote {
  Span span;
  std::string message;
};

struct Diagnostic {
  Severity severity = Severity::Error;
  const SourceFile* file = nullptr;
  Span span;
  std::string message;
  /// Anchor in the normative text (without '#'), e.g. "syntax-expression".
  std::string rule;
  std::vector<DiagnosticNote> notes;
};

/// Collects diagnostics for one run. Stops recording errors after `errorLimit`
/// (and remembers that it did) so that pathological inputs cannot flood the output.
class DiagnosticList {
 public:
  explicit DiagnosticList(size_t errorLimit = 100) : errorLimit_(errorLimit) {}

  /// Records an error unless the limit is reached. Returns true if recorded.
  bool error(const SourceFile* file, Span span, std::string message, std::string rule);
  void add(Diagnostic d);

  const std::vector<Diagnostic>& all() const { return diagnostics_; }
  /// Attaches a note to the diagnostic added last (if it was recorded).
  void noteOnLast(DiagnosticNote n) {
    if (!diagnostics_.empty() && lastRecorded_) diagnostics_.back().notes.push_back(std::move(n));
  }
  size_t errorCount() const { return errorCount_; }
  bool hasErrors() const { return errorCount_ > 0; }
  bool truncated() const { return truncated_; }

 private:
  std::vector<Diagnostic> diagnostics_;
  size_t errorCount_ = 0;
  size_t errorLimit_;
  bool truncated_ = false;
  bool lastRecorded_ = false;
};

/// `file:line:col: error: message [rule]`, then the source line and a caret range. The source
/// line is echoed with control characters as visible symbols (U+2400...), so that a file
/// holding `ESC[2J` cannot clear the terminal it is shown on.
std::string renderText(const Diagnostic& d);

/// Whether renderText colours its output (ANSI: errors red, warnings yellow, notes cyan,
/// carets green). Off unless set: the CLI decides once per process (--color, NO_COLOR, a
/// terminal); files, pipes and library callers get plain text.
void setDiagnosticColor(bool on);

const char* severityName(Severity s);

}  // namespace plumb
