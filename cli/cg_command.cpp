// plumb cg check FILE [--profile P] [--entry F] [-D NAME[=VALUE]]... [-I DIR]... [--ast]
//                     [--format text|json]
// The Cg seed's front end and static semantics (issue 21, docs/cg.md).
#include "cli/cg_command.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "checker/cg/front_end.h"
#include "cli/commands.h"
#include "cli/input_files.h"
#include "semantics/cg/printer.h"
#include "semantics/diagnostic_json.h"

namespace plumb::cli {
namespace {

struct CgOptions {
  std::string file;
  std::string profile = "generic";
  std::string entry;
  std::vector<std::string> defines;
  std::vector<std::string> includes;
  bool ast = false;
  bool strictReserved = false;
  std::string dialect = "seed";
  std::string format = "text";
};

nlohmann::json variablesJson(const std::vector<cg::ProgramVariable>& list, bool inputs) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& v : list) {
    nlohmann::json j = {{"name", v.name}, {"type", cg::typeName(v.type)}, {"semantic", v.semantic}};
    if (inputs) j["uniform"] = v.uniform;
    a.push_back(j);
  }
  return a;
}

int checkCg(const CgOptions& o) {
  std::unique_ptr<SourceFile> file = readTextFile("cg check", o.file);
  if (!file) return kUsage;
  if (!cg::findProfile(o.profile)) {
    std::string known;
    for (const auto& p : cg::knownProfiles()) known += (known.empty() ? "" : ", ") + p.name;
    printInputError("cg check", "unknown profile '" + o.profile + "' (known: " + known + ")");
    return kUsage;
  }
  DiagnosticList diagnostics;
  cg::PreprocessOptions pre;
  pre.defines = o.defines;
  pre.includeDirs = o.includes;
  if (o.file != "-") pre.directory = std::filesystem::path(o.file).parent_path().string();
  cg::ParseOptions parse;
  parse.lex.strictReservedWords = o.strictReserved;
  cg::CheckOptions check{o.profile, o.entry};
  check.dialect = *cg::dialectNamed(o.dialect);
  cg::FrontEndResult r = cg::compileCg(*file, diagnostics, check, pre, parse);
  bool valid = r.checked.has_value();
  if (o.format == "json") {
    nlohmann::json j = {{"format", "plumb-cg-check"},
                        {"version", 1},
                        {"valid", valid},
                        {"profile", o.profile},
                        {"entry", o.entry},
                        {"dialect", o.dialect},
                        {"diagnostics", nlohmann::json::array()}};
    for (const Diagnostic& d : diagnostics.all()) j["diagnostics"].push_back(toJson(d));
    if (valid && r.checked->entry >= 0) {
      j["inputs"] = variablesJson(r.checked->inputs, true);
      j["outputs"] = variablesJson(r.checked->outputs, false);
    }
    std::cout << j.dump(2) << "\n";
  } else {
    for (const Diagnostic& d : diagnostics.all()) std::cerr << renderText(d);
    if (o.ast && r.program) std::cout << cg::programText(*r.program);
    if (valid) {
      std::cout << o.file << ": valid (profile " << o.profile
                << (o.dialect == "seed" ? "" : ", dialect " + o.dialect)
                << (o.entry.empty() ? std::string(", no entry") : ", entry " + o.entry) << ")\n";
      if (r.checked->entry >= 0) {
        for (const auto& v : r.checked->inputs)
          std::cout << "  in  " << (v.uniform ? "uniform " : "varying ") << cg::typeName(v.type)
                    << " " << v.name << (v.semantic.empty() ? "" : " : " + v.semantic) << "\n";
        for (const auto& v : r.checked->outputs)
          std::cout << "  out " << cg::typeName(v.type) << " " << v.name
                    << (v.semantic.empty() ? "" : " : " + v.semantic) << "\n";
      }
    }
  }
  return valid ? kOk : kRejected;
}

}  // namespace

void addCgDialectOption(CLI::App& command, std::string& dialect) {
  command
      .add_option("--dialect", dialect,
                  "seed (default): the Cg 2.0 seed read literally; cgc: also what cgc 3.1 accepts "
                  "beyond it (GLSL type names and functions, ...), each use a warning naming the "
                  "seed's rule (docs/cg.md \"The cgc dialect\")")
      ->check(CLI::IsMember({"seed", "cgc"}));
}

CLI::App* registerCg(CLI::App& app, int& exitCode) {
  CLI::App* cg =
      app.add_subcommand("cg", "The Cg 2.0 seed: its front end and static semantics (docs/cg.md)");
  cg->require_subcommand(1);
  auto o = std::make_shared<CgOptions>();
  CLI::App* c = cg->add_subcommand(
      "check",
      "Check a Cg program: declarations, types, conversions, overloads, binding semantics");
  c->add_option("FILE", o->file, "Cg source file ('-' for standard input)")->required();
  c->add_option("--profile", o->profile,
                "compilation profile: generic (default), profileA, profileB, arbvp1, arbfp1, vp40, "
                "fp40, vs_1_1, vs_2_0, ps_1_1, ps_2_0");
  c->add_option("--entry", o->entry,
                "the top-level function compiled as the program (its interface and the profile's "
                "restrictions are checked); without it, only the declarations");
  c->add_option("-D,--define", o->defines, "preprocessor macro NAME or NAME=VALUE");
  c->add_option("-I,--include", o->includes, "directory searched by #include");
  c->add_flag("--ast", o->ast, "print the parsed program (fully parenthesized)");
  c->add_flag("--strict-reserved", o->strictReserved,
              "every reserved word of the seed is an error as a name, also those cgc accepts "
              "(texture, string, __x: a warning without it)");
  addCgDialectOption(*c, o->dialect);
  c->add_option("--format", o->format, "output format")->check(CLI::IsMember({"text", "json"}));
  c->footer(
      "Exit status: 0 valid, 1 invalid (each diagnostic names the seed's section), 2 on usage "
      "errors.");
  c->callback([o, &exitCode] { exitCode = checkCg(*o); });
  return cg;
}

}  // namespace plumb::cli
