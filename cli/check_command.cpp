// plumb check FILE... [--override NAME=VALUE]... [--format text|json]
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "checker/checker.h"
#include "cli/commands.h"
#include "semantics/diagnostic_json.h"
#include "semantics/parser.h"

namespace plumb::cli {

namespace {

struct CheckOptionsCli {
  std::vector<std::string> files;
  std::vector<std::string> overrides;
  std::string format = "text";
  bool literalShiftRight = false;
  bool pipeline = false;
};

int runCheck(const CheckOptionsCli& o) {
  const Revision& revision = Revision::wgsl2022_06();
  CheckOptions options;
  options.literalShiftRight = o.literalShiftRight;
  for (const std::string& kv : o.overrides) {
    size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) {
      std::cerr << "plumb check: --override needs NAME=VALUE, got '" << kv << "'\n";
      return kUsage;
    }
    options.overrides.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  options.pipelineCreation = o.pipeline || !options.overrides.empty();
  bool json = o.format == "json";
  nlohmann::json files = nlohmann::json::array();
  int exitCode = kOk;
  for (const std::string& path : o.files) {
    std::string readError;
    std::unique_ptr<SourceFile> file = readSourceFile(path, readError);
    if (!file) {
      std::cerr << "plumb check: cannot read '" << path << "': " << readError << "\n";
      return kUsage;
    }
    DiagnosticList diagnostics;
    std::unique_ptr<ast::Module> module = parseModule(*file, revision, diagnostics);
    if (!diagnostics.hasErrors()) check(*module, diagnostics, options);
    bool ok = !diagnostics.hasErrors();
    if (!ok) exitCode = kRejected;
    if (json) {
      nlohmann::json f = {{"file", file->name()}, {"valid", ok}};
      nlohmann::json diags = nlohmann::json::array();
      for (const Diagnostic& d : diagnostics.all()) diags.push_back(toJson(d));
      f["diagnostics"] = diags;
      files.push_back(f);
      continue;
    }
    for (const Diagnostic& d : diagnostics.all()) std::cerr << renderText(d);
    std::cout << file->name() << ": "
              << (ok ? "valid" : std::to_string(diagnostics.errorCount()) + " error" +
                                     (diagnostics.errorCount() == 1 ? "" : "s"))
              << "\n";
  }
  if (json) {
    nlohmann::json report = {{"format", "plumb-check"}, {"version", 1}, {"revision", "2022-06"}};
    report["files"] = files;
    std::cout << report.dump(2) << "\n";
  }
  return exitCode;
}

}  // namespace

void registerCheck(CLI::App& app, int& exitCode) {
  auto o = std::make_shared<CheckOptionsCli>();
  CLI::App* cmd = app.add_subcommand(
      "check",
      "Check WGSL files against the static rules of the revision: names, types, conversions and\n"
      "overloads, creation-time values, declarations and statements.\n"
      "Exit status: 0 if every file is valid, 1 if any is not, 2 on usage errors.");
  cmd->add_option("files", o->files, "WGSL source files ('-' reads standard input)")->required();
  cmd->add_option("--override", o->overrides,
                  "KEY=VALUE: a pipeline-overridable constant's value (KEY is its @id if it has\n"
                  "one, else its name; VALUE a number, true or false); implies --pipeline");
  cmd->add_flag("--pipeline", o->pipeline,
                "also apply the rules of pipeline creation: every override has a value (given\n"
                "or its default), and override expressions are evaluated with them");
  cmd->add_option("--format", o->format, "diagnostics as 'text' or 'json'")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->add_flag("--literal-shift-right", o->literalShiftRight,
                "evaluate >> on i32 and AbstractInt as the seed's text says (zero bits in)");
  cmd->callback([o, &exitCode] { exitCode = runCheck(*o); });
}

}  // namespace plumb::cli
