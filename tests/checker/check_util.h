// Test helper: parse and check a WGSL module held in a string.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "checker/wgsl/checker.h"
#include "semantics/wgsl/parser.h"
#include "semantics/wgsl/value.h"

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

/// Parses and checks `source` under `revision`.
inline std::unique_ptr<CheckResult> checkSourceIn(const Revision& revision,
                                                  const std::string& source,
                                                  const CheckOptions& options = {}) {
  auto r = std::make_unique<CheckResult>();
  r->file = std::make_unique<SourceFile>("test.wgsl", source);
  r->module = parseModule(*r->file, revision, r->diagnostics);
  if (!r->diagnostics.hasErrors()) r->checked = check(*r->module, r->diagnostics, options);
  return r;
}

inline std::unique_ptr<CheckResult> checkSource(const std::string& source,
                                                const CheckOptions& options = {}) {
  auto r = std::make_unique<CheckResult>();
  r->file = std::make_unique<SourceFile>("test.wgsl", source);
  r->module = parseModule(*r->file, Revision::wgsl2022_06(), r->diagnostics);
  if (!r->diagnostics.hasErrors()) r->checked = check(*r->module, r->diagnostics, options);
  return r;
}

/// Evaluates a creation-time expression as `plumb eval` does (cli/eval_command.cpp): "TYPE VALUE"
/// with the value in exact form, "error RULE" for the first error (a syntax error too),
/// "not a creation-time expression" or "no value". `message` receives the first error's text.
inline std::string evaluate(const std::string& expression, const CheckOptions& options = {},
                            std::string* message = nullptr) {
  SourceFile file("<test>", expression);
  DiagnosticList diagnostics;
  auto [module, e] = parseExpression(file, Revision::wgsl2022_06(), diagnostics);
  std::unique_ptr<CheckedModule> checked;
  if (!diagnostics.hasErrors()) checked = checkExpression(*module, e, diagnostics, options);
  for (const Diagnostic& d : diagnostics.all()) {
    if (d.severity != Severity::Error) continue;
    if (message) *message = d.message;
    return "error " + d.rule;
  }
  const ExpressionInfo& info = (*checked)[e];
  if (info.stage != EvaluationStage::Constant) return "not a creation-time expression";
  if (!info.value) return "no value";
  return checked->types.name(info.type) + " " + exactForm(*info.value);
}

/// A module-scope declaration of a checked module: "TYPE VALUE", or "TYPE" without a value.
inline std::string declarationText(const CheckResult& r, std::string_view name) {
  const ModuleDeclaration* d = r.declaration(name);
  if (!d) return "no declaration";
  std::string out = r.checked->types.name(d->type);
  if (d->value) out += " " + exactForm(*d->value);
  return out;
}

/// The module-scope declaration `name` of `source`: as declarationText, or "error RULE" for
/// the first error.
inline std::string declared(const std::string& source, std::string_view name = "x") {
  auto r = checkSource(source);
  if (!r->valid()) return "error " + r->rules().at(0);
  return declarationText(*r, name);
}

/// The type of a function-scope declaration (a reference type for `var`).
inline std::string localType(const CheckResult& r, std::string_view name) {
  for (uint32_t i = 0; i < r.module->variables.size(); ++i) {
    const ast::VariableDeclaration& v = (*r.module)[ast::VariableId{i}];
    if (r.module->name(v.name) == name) return r.checked->types.name(r.checked->variables[i]);
  }
  return "no declaration";
}

}  // namespace plumb::testing
