// Test helpers: parse text, and the round-trip property parse(print(parse(x))) == parse(x).
#pragma once

#include <memory>
#include <string>

#include "semantics/diagnostic.h"
#include "semantics/wgsl/parser.h"
#include "semantics/wgsl/printer.h"

namespace plumb::testing {

struct Parsed {
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<DiagnosticList> diagnostics;
  std::unique_ptr<ast::Module> module;
  bool ok() const { return !diagnostics->hasErrors(); }
  /// All diagnostics rendered as text (for failure messages).
  std::string messages() const;
  /// The first error's rule, or "" if none.
  std::string firstRule() const;
};

Parsed parseText(const std::string& text, const std::string& name = "test.wgsl");

/// Checks that `text` parses and that printing and re-parsing gives the same tree, and that
/// printing is idempotent. Returns an empty string on success, else what went wrong.
std::string roundTripProblem(const std::string& text);

}  // namespace plumb::testing
