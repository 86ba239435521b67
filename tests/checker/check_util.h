// Test helper: parse and check a WGSL module held in a string.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "checker/checker.h"
#include "semantics/value.h"
#include "semantics/parser.h"

namespace plumb::testing {

struct CheckResult {
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<ast::Module> module;
  std::unique_ptr<CheckedModule> checked;  // null if the module does not parse
  DiagnosticList diagnostics;

  bool valid() const { return !diagnostics.hasErrors(); }
  /// The rule of every error, in order.
  std::vector<std::string> rules() const {
    std::vector<std::string> out;
    for (const Diagnostic& d : diagnostics.all())
      if (d.severity == Severity::Error) out.push_back(d.rule);
    return out;
  }
  /// All diagnostics rendered, for failure messages.
  std::string text() const {
    std::string out;
    for (const Diagnostic& d : diagnostics.all()) out += renderText(d);
    return out;
  }
  /// The declaration named `name`.
  const ModuleDeclaration* declaration(std::string_view name) const {
    for (const ModuleDeclaration& d : checked->declarations)
      if (d.name && module->name(d.name) == name) return &d;
    return nullptr;
  }
};

/// A creation-time value in an exact form: integers in decimal, floats as hexadecimal floats
/// (hexFloat), composites (vector components, matrix columns, elements, members) in parentheses.
inline std::string exactForm(const Value& v) {
  if (std::holds_alternative<bool>(v.data)) return v.boolValue() ? "true" : "false";
  if (std::holds_alternative<int64_t>(v.data)) return std::to_string(v.intValue());
  if (std::holds_alternative<double>(v.data)) return hexFloat(v.floatValue());
  if (!v.isComposite()) return "?";
  std::string out = "(";
  for (size_t i = 0; i < v.elements().size(); ++i) {
    if (i) out += ", ";
    out += exactForm(v.elements()[i]);
  }
  return out + ")";
}

inline std::unique_ptr<CheckResult> checkSource(const std::string& source,
                                                const CheckOptions& options = {}) {
  auto r = std::make_unique<CheckResult>();
  r->file = std::make_unique<SourceFile>("test.wgsl", source);
  r->module = parseModule(*r->file, Revision::wgsl2022_06(), r->diagnostics);
  if (!r->diagnostics.hasErrors()) r->checked = check(*r->module, r->diagnostics, options);
  return r;
}

}  // namespace plumb::testing
