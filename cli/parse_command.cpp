// plumb parse FILE... [--print] [--ast] [--format text|json] [--revision R]
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/input_files.h"
#include "semantics/diagnostic_json.h"
#include "semantics/wgsl/parser.h"
#include "semantics/wgsl/printer.h"

namespace plumb::cli {

namespace {

struct ParseOptionsCli {
  std::vector<std::string> files;
  bool print = false;
  bool ast = false;
  std::string format = "text";
  std::string revision = "2022-06";
  uint32_t maxNesting = ParseOptions{}.maxNestingDepth;
  uint32_t maxErrors = 100;
};

int runParse(const ParseOptionsCli& o) {
  const Revision* revision = Revision::byName(o.revision);
  if (!revision) {
    std::cerr << "plumb parse: unknown revision '" << o.revision << "' (known: 2022-06, 2026)\n";
    return kUsage;
  }
  ParseOptions options;
  options.maxNestingDepth = o.maxNesting;
  bool json = o.format == "json";
  nlohmann::json report = {{"format", "plumb-parse"}, {"version", 2}, {"revision", o.revision}};
  nlohmann::json files = nlohmann::json::array();
  int exitCode = kOk;

  for (const std::string& path : o.files) {
    std::unique_ptr<SourceFile> file = readWgslFile("parse", path);
    if (!file) return kUsage;
    DiagnosticList diagnostics(o.maxErrors);
    std::unique_ptr<ast::Module> module = parseModule(*file, *revision, diagnostics, options);
    bool ok = !diagnostics.hasErrors();
    if (!ok) exitCode = kRejected;

    if (json) {
      nlohmann::json f = {{"file", file->name()}, {"ok", ok}};
      nlohmann::json diags = nlohmann::json::array();
      for (const Diagnostic& d : diagnostics.all()) diags.push_back(toJson(d));
      f["diagnostics"] = diags;
      if (diagnostics.truncated()) f["diagnosticsTruncated"] = true;
      if (ok && o.print) f["printed"] = printModule(*module);
      if (ok && o.ast) f["ast"] = dumpModule(*module);
      files.push_back(f);
      continue;
    }
    for (const Diagnostic& d : diagnostics.all()) std::cerr << renderText(d);
    if (diagnostics.truncated())
      std::cerr << file->name() << ": error: too many errors; stopped after " << o.maxErrors
                << "\n";
    if (ok && o.print) {
      if (o.files.size() > 1) std::cout << "// " << file->name() << "\n";
      std::cout << printModule(*module);
    }
    if (ok && o.ast) std::cout << dumpModule(*module);
    if (!o.print && !o.ast) {
      if (ok)
        std::cout << file->name() << ": ok (" << module->declarations.size() << " declarations, "
                  << module->expressions.size() << " expressions)\n";
      else
        std::cout << file->name() << ": " << diagnostics.errorCount() << " syntax error"
                  << (diagnostics.errorCount() == 1 ? "" : "s") << "\n";
    }
  }
  if (json) {
    report["files"] = files;
    std::cout << report.dump(2) << "\n";
  }
  return exitCode;
}

}  // namespace

void registerParse(CLI::App& app, int& exitCode) {
  auto o = std::make_shared<ParseOptionsCli>();
  CLI::App* cmd = app.add_subcommand(
      "parse",
      "Lex and parse WGSL files against the grammar of the chosen revision (syntax only).\n"
      "Exit status: 0 if every file parses, 1 if any has a syntax error, 2 on usage and input "
      "errors.");
  cmd->add_option("files", o->files, "WGSL source files ('-' reads standard input)")
      ->required();
  cmd->add_flag("--print", o->print, "print each module as canonical WGSL");
  cmd->add_flag("--ast", o->ast, "print each module's syntax tree as an S-expression");
  cmd->add_option("--format", o->format, "diagnostics and results as 'text' or 'json'")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("--revision", o->revision,
                  "WGSL revision: 2022-06 (the seed, default) or 2026 (current WGSL)");
  cmd->add_option("--max-nesting", o->maxNesting,
                  "implementation limit on nesting depth (brackets, blocks, templates)")
      ->check(CLI::Range(1u, 100000u));
  cmd->add_option("--max-errors", o->maxErrors, "stop reporting after this many errors")
      ->check(CLI::Range(1u, 1000000u));
  cmd->callback([o, &exitCode] { exitCode = runParse(*o); });
}

}  // namespace plumb::cli
