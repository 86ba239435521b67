// plumb wsl desugar FILE [--rules] [--ott-for-vdecls]
// plumb wsl check FILE [--format text|json] [--rules] [--ott-for-vdecls] [--ott-loop-behaviours]
// plumb wsl run FILE --entry F [--args V...] [--trace] [--max-steps N] [--max-executions N]
//                    [--invocations N [--buffer-length L]] [--format text|json]
// The WSL seed's front end and small-step machine (issue 20, docs/wsl.md).
#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>

#include "checker/wsl/checked_program.h"
#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/wsl_command.h"
#include "interpreter/wsl/arguments.h"
#include "interpreter/wsl/machine.h"
#include "memmodel/wsl/explore.h"
#include "semantics/diagnostic_json.h"
#include "semantics/wsl/desugar.h"
#include "semantics/wsl/parser.h"
#include "semantics/wsl/printer.h"

namespace plumb::cli {
namespace {

struct WslOptions {
  std::string file;
  std::string format = "text";
  bool rules = false;
  bool ottForVdecls = false;
  bool ottLoopBehaviours = false;
  std::string entry;
  std::vector<std::string> args;
  bool trace = false;
  uint64_t maxSteps = 1000000;
  uint64_t maxExecutions = 1000;
  uint32_t invocations = 0;  // 0: one call, no memory model
  uint32_t bufferLength = 4;
};

int reportDiagnostics(const DiagnosticList& diagnostics, const std::string& format,
                      const char* name) {
  if (format == "json") {
    // plumb-wsl-run is at version 3 (docs/formats.md), plumb-wsl-check at 1.
    nlohmann::json j = {{"format", name},
                        {"version", std::string(name) == "plumb-wsl-run" ? 3 : 1},
                        {"valid", false},
                        {"diagnostics", nlohmann::json::array()}};
    for (const Diagnostic& d : diagnostics.all()) j["diagnostics"].push_back(toJson(d));
    std::cout << j.dump(2) << "\n";
  } else {
    for (const Diagnostic& d : diagnostics.all()) std::cerr << renderText(d);
  }
  return kRejected;
}

// `file` keeps the source alive for the diagnostics, which point into it.
std::shared_ptr<const wsl::CheckedProgram> load(const std::string& command, const WslOptions& o,
                                                DiagnosticList& diagnostics, bool& usage,
                                                std::shared_ptr<const SourceFile>& file) {
  std::unique_ptr<SourceFile> read = readTextFile(command, o.file);
  if (!read) {
    usage = true;
    return nullptr;
  }
  file = std::shared_ptr<const SourceFile>(std::move(read));
  const std::shared_ptr<const SourceFile>& shared = file;
  std::optional<wsl::Program> program = wsl::parseProgram(*shared, diagnostics);
  if (!program) return nullptr;
  wsl::CheckOptions options;
  options.desugar.ottForInitVdecls = o.ottForVdecls;
  options.ottLoopBehaviours = o.ottLoopBehaviours;
  return wsl::checkProgram(shared, *program, diagnostics, options);
}

int desugar(const WslOptions& o) {
  std::unique_ptr<SourceFile> file = readTextFile("wsl desugar", o.file);
  if (!file) return kUsage;
  DiagnosticList diagnostics;
  std::optional<wsl::Program> program = wsl::parseProgram(*file, diagnostics);
  if (!program) return reportDiagnostics(diagnostics, "text", "plumb-wsl-desugar");
  wsl::DesugarOptions options;
  options.ottForInitVdecls = o.ottForVdecls;
  std::vector<wsl::DesugarStep> steps;
  wsl::Program out = wsl::desugarProgram(*program, options, steps);
  if (o.rules)
    for (const wsl::DesugarStep& s : steps)
      std::cout << "// " << s.rule << " at " << file->positionText(s.span.begin) << "\n";
  std::cout << wsl::programText(out);
  return kOk;
}

int check(const WslOptions& o) {
  DiagnosticList diagnostics;
  bool usage = false;
  std::shared_ptr<const SourceFile> file;
  auto checked = load("wsl check", o, diagnostics, usage, file);
  if (usage) return kUsage;
  if (!checked) return reportDiagnostics(diagnostics, o.format, "plumb-wsl-check");
  if (o.format == "json") {
    nlohmann::json j = {{"format", "plumb-wsl-check"}, {"version", 1}, {"valid", true}};
    nlohmann::json rules = nlohmann::json::array();
    for (const std::string& r : checked->typingRules) rules.push_back(r);
    j["typingRules"] = rules;
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << o.file << ": valid\n";
    if (o.rules)
      for (const std::string& r : checked->typingRules) std::cout << "  " << r << "\n";
  }
  return kOk;
}

int run(const WslOptions& o) {
  DiagnosticList diagnostics;
  bool usage = false;
  std::shared_ptr<const SourceFile> file;
  auto checked = load("wsl run", o, diagnostics, usage, file);
  if (usage) return kUsage;
  if (!checked) return reportDiagnostics(diagnostics, o.format, "plumb-wsl-run");
  if (o.invocations > 0) {
    // Several invocations over shared device memory, on the memory model (item 4).
    memmodel::wsl::WslExploreRequest request;
    request.entry = o.entry;
    request.invocations = o.invocations;
    request.bufferLength = o.bufferLength;
    request.maxSteps = o.maxSteps;
    request.maxExecutions = std::max<uint64_t>(o.maxExecutions, 1);
    memmodel::wsl::WslExploreResult r = memmodel::wsl::exploreWsl(*checked, request);
    if (!r.error.empty()) {
      printInputError("wsl run", r.error);
      return kUsage;
    }
    if (o.format == "json")
      std::cout << memmodel::wsl::wslExploreJson(r).dump(2) << "\n";
    else
      std::cout << memmodel::wsl::wslExploreText(r);
    bool incomplete = !r.complete;
    for (const auto& s : r.states) incomplete |= s.status != "returned" && s.status != "finished";
    return incomplete ? kRejected : kOk;
  }
  std::string error;
  // `@FILE` stands for the file's text (a texture's JSON, a long buffer).
  std::vector<std::string> texts;
  for (const std::string& a : o.args) {
    if (a.empty() || a.front() != '@') {
      texts.push_back(a);
      continue;
    }
    std::ifstream in(a.substr(1), std::ios::binary);
    if (!in) {
      printInputError("wsl run", "cannot read '" + a.substr(1) + "'");
      return kUsage;
    }
    texts.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    while (!texts.back().empty() && std::isspace(static_cast<unsigned char>(texts.back().back())))
      texts.back().pop_back();
  }
  wsl::HostArguments host;
  std::optional<std::vector<wsl::Value>> args =
      wsl::typedArguments(*checked, o.entry, texts, error, &host);
  if (!args) {
    printInputError("wsl run", error);
    return kUsage;
  }
  wsl::RunOptions options;
  options.entry = o.entry;
  options.arguments = *args;
  options.resources = std::move(host.resources);
  options.initialMemory = std::move(host.initialMemory);
  options.observe = std::move(host.observe);
  options.maxSteps = o.maxSteps;
  options.maxExecutions = o.maxExecutions;
  if (o.trace)
    options.trace = [](size_t path, uint64_t step, const wsl::StepTrace& t) {
      std::string rules;
      for (size_t i = 0; i + 1 < t.rules.size(); ++i) rules += t.rules[i] + " / ";
      std::cout << "[" << path << ":" << step << "] " << (t.rules.empty() ? t.stop : t.rules.back())
                << "  " << t.redex;
      for (const wsl::MemoryEvent& e : t.events) std::cout << "  {" << wsl::eventText(e) << "}";
      if (!t.choice.empty()) std::cout << "  (choice: " << t.choice << ")";
      if (!rules.empty()) std::cout << "\n      via " << rules.substr(0, rules.size() - 3);
      std::cout << "\n";
    };
  wsl::RunResult result = wsl::runFunction(*checked, options);
  if (!result.error.empty()) {
    printInputError("wsl run", result.error);
    return kUsage;
  }
  if (o.format == "json")
    std::cout << wsl::runReportJson(result, o.entry, host.observeNames).dump(2) << "\n";
  else
    std::cout << wsl::runReportText(result, host.observeNames);
  bool incomplete = result.executionLimitReached;
  for (const wsl::Outcome& x : result.outcomes)
    incomplete |= x.status == wsl::Outcome::Status::StepLimit ||
                  x.status == wsl::Outcome::Status::Stuck ||
                  x.status == wsl::Outcome::Status::Unsupported;
  return incomplete ? kRejected : kOk;
}

}  // namespace

void registerWsl(CLI::App& app, int& exitCode) {
  CLI::App* wsl = app.add_subcommand(
      "wsl", "The WSL seed: its desugarings, typing rules and small-step machine (docs/wsl.md)");
  wsl->require_subcommand(1);
  auto o = std::make_shared<WslOptions>();
  auto common = [&](CLI::App* c) {
    c->add_option("FILE", o->file, "WSL source file ('-' for standard input)")->required();
    c->add_flag("--ott-for-vdecls", o->ottForVdecls,
                "desugar `for (T x = e; ..)` by WSL.ott's for_init_vdecls (a while loop) instead "
                "of the prose");
  };
  CLI::App* d =
      wsl->add_subcommand("desugar", "Print the program after the 8 desugaring rules of WSL.ott");
  common(d);
  d->add_flag("--rules", o->rules, "list each desugaring applied, with its position");
  d->footer("Exit status: 0, 1 on syntax errors, 2 on usage errors.");
  d->callback([o, &exitCode] { exitCode = desugar(*o); });

  CLI::App* c =
      wsl->add_subcommand("check", "Validate a WSL program (typing rules and behaviours)");
  common(c);
  c->add_option("--format", o->format, "output format")->check(CLI::IsMember({"text", "json"}));
  c->add_flag("--rules", o->rules, "list the WSL.ott typing rules used");
  c->add_flag("--ott-loop-behaviours", o->ottLoopBehaviours,
              "WSL.ott's do_while/for behaviours (always add Normal) instead of the prose's");
  c->footer("Exit status: 0 valid, 1 invalid (each diagnostic names its rule), 2 on usage errors.");
  c->callback([o, &exitCode] { exitCode = check(*o); });

  CLI::App* r = wsl->add_subcommand(
      "run", "Call a function and print every outcome the execution rules allow");
  common(r);
  r->add_option("--entry", o->entry, "the function to call")->required();
  r->add_option("--args", o->args,
                "its arguments: 42, 7u, 1.5, true, Enum.Element, TYPE:VALUE; JSON for aggregates "
                "(json:[1, 2]), buffers (json:[1, 2] behind a pointer or array reference), "
                "textures (the RI's fixture object {..}) and samplers (its options object {..}); "
                "@FILE for a file's text (docs/wsl.md)");
  r->add_flag("--trace", o->trace,
              "print each step: its rule, redex, memory events and congruence rules");
  r->add_option("--max-steps", o->maxSteps, "steps per execution (default 1000000)");
  r->add_option("--max-executions", o->maxExecutions, "executions explored (default 1000)");
  r->add_option("--format", o->format, "output format")->check(CLI::IsMember({"text", "json"}));
  r->add_flag("--ott-loop-behaviours", o->ottLoopBehaviours, "as for check");
  r->add_option("--invocations", o->invocations,
                "run N invocations over shared device memory and print the final states the "
                "memory model allows (parameters: device/threadgroup buffers and a uint index)")
      ->check(CLI::Range(1, 16));
  r->add_option("--buffer-length", o->bufferLength,
                "elements of each device T[] buffer with --invocations (default 4)")
      ->check(CLI::Range(1, 64));
  r->footer(
      "Exit status: 0 run, 1 invalid program or an incomplete set (a limit, a stuck execution),\n"
      "2 on usage errors (file, entry or arguments).");
  r->callback([o, &exitCode] { exitCode = run(*o); });
}

}  // namespace plumb::cli
