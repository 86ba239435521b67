// plumb layout FILE [--revision R] [--format text|json]: the memory layout of every structure of a
// module
// (#memory-layouts), in the style of the spec's layout examples.
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "checker/wgsl/checker.h"
#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/revision_option.h"
#include "semantics/diagnostic_json.h"
#include "semantics/wgsl/parser.h"

namespace plumb::cli {

namespace {

struct LayoutOptionsCli {
  std::string file;
  std::string format = "text";
  std::string revision = "2022-06";
};

// SizeOf as text: a number, or "16 + 4·N" when a runtime-sized array ends the type.
std::string sizeText(const TypeLayout& l) {
  if (l.overflow) return "overflow";
  if (!l.runtimeStride) return std::to_string(l.size);
  return (l.size ? std::to_string(l.size) + " + " : "") + std::to_string(l.runtimeStride) + "·N";
}

// Why a structure has no layout: its first member that is not host-shareable.
std::string notHostShareable(const TypeTable& types, Type t) {
  for (const MemberInfo& m : types.structInfo(t).members)
    if (!isHostShareable(types, m.type))
      return "member '" + m.name + "' has type " + types.name(m.type) +
             ", which is not host-shareable";
  return "not host-shareable";
}

void printText(CheckedModule& c, Type t) {
  const StructInfo& info = c.types.structInfo(t);
  const TypeLayout& l = c.layouts.of(t);
  if (!l.defined) {
    std::cout << "struct " << info.name << ": no memory layout (" << notHostShareable(c.types, t)
              << ")\n\n";
    return;
  }
  std::cout << "struct " << info.name << "    align(" << l.align << ")  size(" << sizeText(l)
            << ")\n";
  std::cout << "  offset  align    size  member\n";
  auto row = [](const std::string& offset, const std::string& align, const std::string& size,
                const std::string& what) {
    std::cout << "  " << std::setw(6) << offset << "  " << std::setw(5) << align << "  "
              << std::setw(6) << size << "  " << what << "\n";
  };
  std::span<const MemberLayout> members = c.layouts.members(t);
  uint64_t end = 0;
  for (size_t i = 0; i < members.size(); ++i) {
    const MemberInfo& m = info.members[i];
    const MemberLayout& ml = members[i];
    if (ml.offset > end)
      row(std::to_string(end), "", std::to_string(ml.offset - end),
          "-- implicit member alignment padding --");
    std::string what = m.name + ": " + c.types.name(m.type);
    if (c.types.kind(m.type) == TypeKind::Array)
      what += "    (element stride " + std::to_string(c.layouts.strideOf(m.type)) + ")";
    const TypeLayout& ml2 = c.layouts.of(m.type);
    std::string size = ml2.runtimeStride ? sizeText(ml2) : std::to_string(ml.size);
    row(std::to_string(ml.offset), std::to_string(ml.align), size, what);
    end = ml.offset + ml.size;
  }
  if (!l.runtimeStride && !l.overflow && l.size > end)
    row(std::to_string(end), "", std::to_string(l.size - end), "-- implicit struct size padding --");
  std::cout << "\n";
}

nlohmann::json toJson(CheckedModule& c, Type t) {
  const StructInfo& info = c.types.structInfo(t);
  const TypeLayout& l = c.layouts.of(t);
  nlohmann::json s = {{"name", info.name}, {"hostShareable", l.defined}};
  if (!l.defined) {
    s["reason"] = notHostShareable(c.types, t);
    return s;
  }
  s["align"] = l.align;
  s["size"] = l.size;
  if (l.runtimeStride) s["runtimeStride"] = l.runtimeStride;
  if (l.overflow) s["overflow"] = true;
  nlohmann::json members = nlohmann::json::array();
  std::span<const MemberLayout> ml = c.layouts.members(t);
  for (size_t i = 0; i < ml.size(); ++i) {
    const MemberInfo& m = info.members[i];
    nlohmann::json j = {{"name", m.name},     {"type", c.types.name(m.type)},
                        {"offset", ml[i].offset}, {"align", ml[i].align},
                        {"size", ml[i].size}};
    if (c.types.kind(m.type) == TypeKind::Array) j["stride"] = c.layouts.strideOf(m.type);
    members.push_back(j);
  }
  s["members"] = members;
  return s;
}

int runLayout(const LayoutOptionsCli& o) {
  const Revision* revision = resolveRevision("layout", o.revision);
  if (!revision) return kUsage;
  std::unique_ptr<SourceFile> file = readWgslFile("layout", o.file);
  if (!file) return kUsage;
  DiagnosticList diagnostics;
  std::unique_ptr<ast::Module> module = parseModule(*file, *revision, diagnostics);
  if (diagnostics.hasErrors()) {
    for (const Diagnostic& d : diagnostics.all()) std::cerr << renderText(d);
    return kRejected;
  }
  std::unique_ptr<CheckedModule> checked = check(*module, diagnostics);
  // The layouts are printed even when the module violates a rule (a layout constraint is the
  // usual reason to ask), for every structure whose member types are known.
  for (const Diagnostic& d : diagnostics.all()) std::cerr << renderText(d);
  nlohmann::json structs = nlohmann::json::array();
  for (const ModuleDeclaration& d : checked->declarations) {
    if (d.kind != ModuleDeclaration::Struct || !d.type) continue;
    if (o.format == "json")
      structs.push_back(toJson(*checked, d.type));
    else
      printText(*checked, d.type);
  }
  if (o.format == "json") {
    nlohmann::json report = {{"format", "plumb-layout"},
                             {"version", 1},
                             {"revision", std::string(revision->name)},
                             {"file", file->name()},
                             {"valid", !diagnostics.hasErrors()}};
    report["structs"] = structs;
    std::cout << report.dump(2) << "\n";
  }
  return diagnostics.hasErrors() ? kRejected : kOk;
}

}  // namespace

void registerLayout(CLI::App& app, int& exitCode) {
  auto o = std::make_shared<LayoutOptionsCli>();
  CLI::App* cmd = app.add_subcommand(
      "layout",
      "Print the memory layout of every structure in a WGSL file: each member's offset,\n"
      "alignment and size, array strides and padding (#memory-layouts).\n"
      "Exit status: 0 if the file is valid, 1 if not (layouts are still printed), 2 on usage\n"
      "errors.");
  cmd->add_option("file", o->file, "WGSL source file ('-' reads standard input)")->required();
  addRevisionOption(cmd, o->revision, "the grammar and rules the module is checked with");
  cmd->add_option("--format", o->format, "'text' (a table per structure) or 'json'")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->callback([o, &exitCode] { exitCode = runLayout(*o); });
}

}  // namespace plumb::cli
