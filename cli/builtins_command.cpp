// plumb builtins [NAME...] [--format text|markdown|json] [--revision R]: the one table of operator
// overloads and built-in functions (semantics/wgsl/builtin_table.h), as the checker and the evaluator
// read it: each row in the spec's notation with its parameterization, @const, the shader stages,
// the uniformity class and the section that defines it, and the number of concrete overloads it
// expands to. docs/builtins.md is this command's markdown output (a test keeps them equal).
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/revision_option.h"
#include "semantics/wgsl/builtin_table.h"
#include "semantics/wgsl/overloads.h"
#include "semantics/suggest.h"
#include "semantics/wgsl/type.h"

namespace plumb::cli {

namespace {

struct BuiltinsOptionsCli {
  std::vector<std::string> names;
  std::string format = "text";
  std::string revision = "2022-06";
};

// The rows a revision's OverloadTable expands (semantics/wgsl/overloads.cpp): the seed's, less
// those current WGSL replaces, then current WGSL's (Revision::currentBuiltins).
std::vector<const OverloadRow*> revisionRows(const Revision& revision) {
  std::vector<const OverloadRow*> rows;
  for (const OverloadRow& r : overloadRows())
    if (!(revision.currentBuiltins && (r.flags & kReplacedInCurrent))) rows.push_back(&r);
  if (revision.currentBuiltins)
    for (const OverloadRow& r : currentOverloadRows()) rows.push_back(&r);
  return rows;
}

const char* kindName(OverloadKind k) {
  switch (k) {
    case OverloadKind::UnaryOperator:
      return "unary operator";
    case OverloadKind::BinaryOperator:
      return "binary operator";
    case OverloadKind::Builtin:
      return "built-in function";
  }
  return "?";
}

std::string stages(uint32_t flags) {
  std::string out;
  auto add = [&](uint32_t bit, const char* name) {
    if (!(flags & bit)) return;
    if (!out.empty()) out += " ";
    out += name;
  };
  add(kVertex, "vertex");
  add(kFragment, "fragment");
  add(kCompute, "compute");
  return out;
}

const char* uniformityName(UniformityClass u) {
  switch (u) {
    case UniformityClass::Default:
      return "default";
    case UniformityClass::ControlBarrier:
      return "control-barrier";
    case UniformityClass::Derivative:
      return "derivative";
    case UniformityClass::ArrayLength:
      return "array-length";
  }
  return "?";
}

// "(e1: T, e2: T) -> T" for a function; "e1 + e2" style for operators is the signature with
// the operator's name.
std::string display(const OverloadRow& r) {
  if (r.kind == OverloadKind::Builtin) return std::string(r.name) + std::string(r.signature);
  return "operator " + std::string(r.name) + " " + std::string(r.signature);
}

int runBuiltins(const BuiltinsOptionsCli& o) {
  const Revision* revision = resolveRevision("builtins", o.revision);
  if (!revision) return kUsage;
  TypeTable types;
  OverloadTable table(types, nullptr, revision);
  std::map<const OverloadRow*, size_t> expansions;
  for (const Overload& ov : table.all()) ++expansions[ov.row];

  std::set<std::string> wanted(o.names.begin(), o.names.end());
  std::set<std::string> seen;
  std::vector<const OverloadRow*> rows;
  for (const OverloadRow* r : revisionRows(*revision)) {
    if (!wanted.empty() && !wanted.count(std::string(r->name))) continue;
    rows.push_back(r);
    seen.insert(std::string(r->name));
  }
  for (const std::string& n : wanted)
    if (!seen.count(n)) {
      std::vector<std::string_view> names;
      for (const OverloadRow* r : revisionRows(*revision)) names.push_back(r->name);
      std::optional<std::string> close = closestName(n, names);
      std::cerr << "plumb builtins: error: '" << n
                << "' is neither a built-in function nor an operator"
                << (close ? "; did you mean '" + *close + "'?" : "") << "\n";
      return kUsage;
    }
  size_t total = 0, functions = 0;
  std::set<std::string_view> functionNames;
  for (const OverloadRow* r : rows) {
    total += expansions[r];
    if (r->kind == OverloadKind::Builtin) functionNames.insert(r->name);
  }
  functions = functionNames.size();

  if (o.format == "json") {
    nlohmann::json out = {
        {"format", "plumb-builtins"}, {"version", 1}, {"revision", std::string(revision->name)}};
    nlohmann::json list = nlohmann::json::array();
    for (const OverloadRow* r : rows)
      list.push_back({{"kind", kindName(r->kind)},
                      {"name", r->name},
                      {"signature", r->signature},
                      {"parameterization", r->parameterization},
                      {"const", (r->flags & kConst) != 0},
                      {"stages", stages(r->flags)},
                      {"uniformity", uniformityName(r->uniformity)},
                      {"anchor", r->anchor},
                      {"overloads", expansions[r]}});
    out["rows"] = list;
    out["overloads"] = total;
    std::cout << out.dump(2) << "\n";
    return kOk;
  }
  if (o.format == "markdown") {
    std::cout << "# Operators and built-in functions of WGSL " << revision->name
              << "\n\n"
                 "Generated by `plumb builtins --format markdown` from the one table Plumb's "
                 "checker, evaluator and generators read (`semantics/wgsl/builtin_table.h`); do not "
                 "edit. "
              << rows.size() << " rows, " << functions << " built-in function"
              << (functions == 1 ? "" : "s") << ", " << total
              << " concrete overloads. `@const`: usable in creation-time expressions "
                 "(`#creation-time-funcs`); stages: where a call may appear; uniformity: the "
                 "class of tags of `#uniformity-function-calls` (default, or one of the "
                 "listed exceptions). The section links point into the "
              << (revision->currentBuiltins ? "2026 spec for the rows 2026 adds or replaces, "
                                              "the seed spec for the others"
                                            : "seed spec")
              << ".\n\n"
                 "| kind | signature | parameterization | @const | stages | uniformity | "
                 "overloads | section |\n|---|---|---|---|---|---|---:|---|\n";
    for (const OverloadRow* r : rows) {
      std::string sig = display(*r), param(r->parameterization);
      // Table cells: escape the pipes of alternatives.
      auto cell = [](std::string s) {
        std::string out;
        for (char c : s) {
          if (c == '|')
            out += "\\|";
          else
            out += c;
        }
        return out;
      };
      std::cout << "| " << kindName(r->kind) << " | `" << cell(sig) << "` | "
                << (param.empty() ? "" : "`" + cell(param) + "`") << " | "
                << ((r->flags & kConst) ? "yes" : "") << " | " << stages(r->flags) << " | "
                << uniformityName(r->uniformity) << " | " << expansions[r] << " | `#" << r->anchor
                << "` |\n";
    }
    return kOk;
  }
  for (const OverloadRow* r : rows) {
    std::cout << display(*r) << "\n";
    if (!r->parameterization.empty()) std::cout << "    where " << r->parameterization << "\n";
    std::cout << "    " << ((r->flags & kConst) ? "@const, " : "") << "stages: " << stages(r->flags)
              << ", uniformity: " << uniformityName(r->uniformity) << ", " << expansions[r]
              << " overload" << (expansions[r] == 1 ? "" : "s") << ", #" << r->anchor << "\n";
  }
  std::cout << rows.size() << " rows, " << functions << " built-in function"
            << (functions == 1 ? "" : "s") << ", " << total << " concrete overloads\n";
  return kOk;
}

}  // namespace

void registerBuiltins(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<BuiltinsOptionsCli>();
  CLI::App* cmd = app.add_subcommand(
      "builtins",
      "List the operator overloads and built-in functions of the revision: the one table the\n"
      "checker and the evaluator read, each row in the spec's notation with @const, stages,\n"
      "uniformity class, concrete overload count and defining section, e.g.\n"
      "  plumb builtins clamp    plumb builtins '+' --format json\n"
      "Exit status: 0, or 2 on usage errors (an unknown name).");
  cmd->add_option("names", options->names, "only these functions or operators");
  cmd->add_option("--format", options->format, "'text', 'markdown' or 'json'")
      ->check(CLI::IsMember({"text", "markdown", "json"}));
  addRevisionOption(cmd, options->revision,
                    "the rows of this revision (2026 adds and replaces rows)");
  cmd->callback([options, &exitCode] { exitCode = runBuiltins(*options); });
}

}  // namespace plumb::cli
