// Parsing TGSI text in tests: the program or the diagnostics, and the text a span covers.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "semantics/diagnostic.h"
#include "semantics/tgsi/parser.h"

namespace plumb::tgsi::testing {

struct Parsed {
  std::unique_ptr<SourceFile> file;
  DiagnosticList diagnostics;
  std::optional<Program> program;
  /// The first diagnostic's rule, or "" when there is none.
  std::string rule() const { return diagnostics.all().empty() ? "" : diagnostics.all()[0].rule; }
  std::string message() const {
    return diagnostics.all().empty() ? "" : diagnostics.all()[0].message;
  }
  /// The source text the first diagnostic points at.
  std::string spanText() const {
    if (diagnostics.all().empty()) return "";
    Span s = diagnostics.all()[0].span;
    return std::string(file->text().substr(s.begin, s.end - s.begin));
  }
};

inline std::unique_ptr<Parsed> parseText(const std::string& text) {
  auto p = std::make_unique<Parsed>();
  p->file = std::make_unique<SourceFile>("test.tgsi", text);
  p->program = parseProgram(*p->file, p->diagnostics);
  return p;
}

}  // namespace plumb::tgsi::testing
