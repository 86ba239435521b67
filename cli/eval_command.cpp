// plumb eval 'EXPR' [--enable-f16] [--revision R] [--format text|json]
#include <iostream>
#include <memory>
#include <string>

#include "checker/wgsl/checker.h"
#include "cli/commands.h"
#include "cli/revision_option.h"
#include "interpreter/wgsl/creation_time_values.h"
#include "semantics/diagnostic_json.h"
#include "semantics/wgsl/parser.h"

namespace plumb::cli {

namespace {

struct EvalOptionsCli {
  std::string expression;
  bool f16 = false;
  std::string format = "text";
  std::string revision = "2022-06";
  bool literalShiftRight = false;
};

// Values may be far larger written out than in memory (composites share elements): the
// printed forms stop after this many characters, ending with `…`.
constexpr size_t kMaxPrinted = size_t{1} << 20;

// Exact forms of a value: hexadecimal floats for floating-point components.
bool appendExactForm(const TypeTable& types, const Value& v, std::string& out) {
  if (std::holds_alternative<double>(v.data)) {
    out += hexFloat(v.floatValue());
  } else if (v.isComposite()) {
    out += "(";
    for (size_t i = 0; i < v.elements().size(); ++i) {
      if (i) out += ", ";
      if (out.size() > kMaxPrinted || !appendExactForm(types, v.elements()[i], out)) return false;
    }
    out += ")";
  } else {
    out += formatValue(types, v);
  }
  return out.size() <= kMaxPrinted;
}

std::string exactForm(const TypeTable& types, const Value& v) {
  std::string out;
  if (!appendExactForm(types, v, out)) out += "…";
  return out;
}

// The exact form of an acceptance set: each f32/f16 component a hexadecimal float, an interval
// `[lo, hi]` of them, or `any`.
bool appendExactSetForm(const TypeTable& types, const interp::RValue& v, std::string& out) {
  if (const interp::FloatSet* s = std::get_if<interp::FloatSet>(&v.data)) {
    if (s->any)
      out += "any";
    else if (s->isExact())
      out += hexFloat(s->lo);
    else
      out += "[" + hexFloat(s->lo) + ", " + hexFloat(s->hi) + "]";
  } else if (v.isComposite()) {
    out += "(";
    for (size_t i = 0; i < v.components().size(); ++i) {
      if (i) out += ", ";
      if (out.size() > kMaxPrinted || !appendExactSetForm(types, v.components()[i], out))
        return false;
    }
    out += ")";
  } else {
    out += interp::formatRValue(types, v);
  }
  return out.size() <= kMaxPrinted;
}

// What `plumb eval` prints of a value: as WGSL text (`value`) and exactly (`exact`). For a
// value holding f32/f16 components these are the set #floating-point-accuracy allows
// (interp::CreationTimeValues), and `nearest` is the checker's one value, the exact result
// rounded to nearest (which static rules use); otherwise the exact value.
struct Printed {
  std::string value, exact, nearest;
};

Printed printed(const ast::Module& m, CheckedModule& checked, ast::ExpressionId e) {
  const Value& v = *checked[e].value;
  Printed p{formatValue(checked.types, v, kMaxPrinted), exactForm(checked.types, v), ""};
  if (!interp::holdsConcreteFloat(checked.types, v.type)) return p;
  interp::CreationTimeValues sets(m, checked);
  std::optional<interp::RValue> s = sets.valueOf(e);
  if (!s) return p;
  p.nearest = p.value;
  p.value = interp::formatRValue(checked.types, *s);
  p.exact.clear();
  if (!appendExactSetForm(checked.types, *s, p.exact)) p.exact += "…";
  return p;
}

int runEval(const EvalOptionsCli& o) {
  const Revision* revision = resolveRevision("eval", o.revision);
  if (!revision) return kUsage;
  if (o.literalShiftRight && revision->shiftRightCopiesSignBit) {
    std::cerr << "plumb eval: --literal-shift-right reads the seed's text of `>>` "
                 "(docs/ambiguities.md S3); revision "
              << revision->name << " defines `>>` on signed integers as copying the sign bit\n";
    return kUsage;
  }
  SourceFile file("<expression>", o.expression);
  DiagnosticList diagnostics;
  auto [module, e] = parseExpression(file, *revision, diagnostics);
  std::unique_ptr<CheckedModule> checked;
  if (!diagnostics.hasErrors()) {
    CheckOptions options;
    options.enableF16 = o.f16;
    options.literalShiftRight = o.literalShiftRight;
    checked = checkExpression(*module, e, diagnostics, options);
  }
  const ExpressionInfo* info = checked ? &(*checked)[e] : nullptr;
  bool ok = !diagnostics.hasErrors() && info && info->type;
  if (ok && info->stage != EvaluationStage::Constant) {
    diagnostics.error(&file, Span{0, static_cast<uint32_t>(o.expression.size())},
                      "not a creation-time expression", "creation-time-expr");
    ok = false;
  }
  if (ok && !info->value) {
    diagnostics.error(&file, Span{0, static_cast<uint32_t>(o.expression.size())},
                      "Plumb cannot evaluate this expression yet (a built-in without an "
                      "evaluator)",
                      "creation-time-funcs");
    ok = false;
  }
  if (o.format == "json") {
    nlohmann::json j = {{"format", "plumb-eval"},
                        {"version", 2},
                        {"revision", std::string(revision->name)},
                        {"valid", ok}};
    nlohmann::json diags = nlohmann::json::array();
    for (const Diagnostic& d : diagnostics.all()) diags.push_back(toJson(d));
    j["diagnostics"] = diags;
    if (ok) {
      Printed p = printed(*module, *checked, e);
      j["type"] = checked->types.name(info->type);
      j["value"] = p.value;
      j["exact"] = p.exact;
      if (!p.nearest.empty()) j["nearest"] = p.nearest;
    }
    std::cout << j.dump(2) << "\n";
    return ok ? kOk : kRejected;
  }
  for (const Diagnostic& d : diagnostics.all()) std::cerr << renderText(d);
  if (!ok) return kRejected;
  Printed p = printed(*module, *checked, e);
  std::cout << p.value << "\n";
  std::cout << "type: " << checked->types.name(info->type) << "\n";
  if (p.exact != p.value) std::cout << "exact: " << p.exact << "\n";
  if (!p.nearest.empty() && p.nearest != p.value) std::cout << "nearest: " << p.nearest << "\n";
  return kOk;
}

}  // namespace

void registerEval(CLI::App& app, int& exitCode) {
  auto o = std::make_shared<EvalOptionsCli>();
  CLI::App* cmd = app.add_subcommand(
      "eval",
      "Evaluate a creation-time expression and print its value and type: the exact value for\n"
      "abstract, integer and boolean results; for f32/f16 every value the accuracy table allows\n"
      "(and, as `nearest:`, the exact result rounded once), e.g.\n"
      "  plumb eval '0x1p-1074'    plumb eval 'i32(-2147483648)'    plumb eval 'vec3(1, 2.5, 3)'\n"
      "Exit status: 0 with a value, 1 if the expression is invalid, 2 on usage and input errors.");
  cmd->add_option("expression", o->expression, "a WGSL expression")->required();
  cmd->add_flag("--enable-f16", o->f16, "allow f16 and `h` literals (as `enable f16;` would)");
  cmd->add_option("--format", o->format, "'text' or 'json'")->check(CLI::IsMember({"text", "json"}));
  cmd->add_flag(
      "--literal-shift-right", o->literalShiftRight,
      "evaluate >> on i32 and AbstractInt as the seed's text says (zero bits in; revision "
      "2022-06 only)");
  addRevisionOption(cmd, o->revision, "the expression's grammar, rules and accuracy table");
  cmd->callback([o, &exitCode] { exitCode = runEval(*o); });
}

}  // namespace plumb::cli
