// plumb cg run FILE --entry F [--args V...] [--uniform NAME=V]... [--strict-ieee]
//                   [--quad-right V... --quad-below V... --quad-diagonal V...] [--depth Z]
//                   [--precision types|fp32|fp16|fixed]
//                   [--profile P] [-D NAME[=VALUE]]... [-I DIR]... [--allow-output-aliasing]
//                   [--trace] [--max-steps N] [--max-executions N] [--format text|json]
// Calls a Cg function and prints every outcome the seed's evaluation rules allow (issue 21,
// docs/cg.md "Running"). A file of its own beside cli/cg_command.cpp (the front end's
// subcommands): it adds `run` to the `cg` group, creating the group if it is not there yet.
#include <cmath>
#include <iostream>
#include <limits>
#include <memory>
#include <string>

#include "checker/cg/front_end.h"
#include "checker/cg/profile.h"
#include "cli/cg_command.h"
#include "cli/commands.h"
#include "cli/input_files.h"
#include "interpreter/cg/evaluator.h"
#include "semantics/diagnostic_json.h"

namespace plumb::cli {
namespace {

struct CgRunOptions {
  std::string file;
  std::string entry;
  std::vector<std::string> args;
  std::vector<std::string> uniforms;
  std::vector<std::string> quadRight, quadBelow, quadDiagonal;
  double depth = std::numeric_limits<double>::quiet_NaN();  // NaN: not given
  std::string precision = "types";
  bool strictIeee = false;
  std::string profile;
  bool trace = false;
  uint64_t maxSteps = 1000000;
  uint64_t maxExecutions = 1000;
  std::string format = "text";
  bool allowOutputAliasing = false;
  bool strictReserved = false;
  std::string dialect = "seed";
  std::vector<std::string> defines, includeDirs;
};

int reportCgDiagnostics(const DiagnosticList& diagnostics, const std::string& format) {
  if (format == "json") {
    nlohmann::json j = {{"format", "plumb-cg-run"},
                        {"version", 1},
                        {"valid", false},
                        {"diagnostics", nlohmann::json::array()}};
    for (const Diagnostic& d : diagnostics.all()) j["diagnostics"].push_back(toJson(d));
    std::cout << j.dump(2) << "\n";
  } else {
    for (const Diagnostic& d : diagnostics.all()) std::cerr << renderText(d);
  }
  return kRejected;
}

int runCg(const CgRunOptions& o) {
  std::unique_ptr<SourceFile> original = readTextFile("cg run", o.file);
  if (!original) return kUsage;
  // The front end as `plumb cg check` runs it (checker/cg/front_end.h): preprocessing (the system
  // cpp, for a file with directives), parsing, the static semantics with the entry and profile.
  DiagnosticList diagnostics;
  cg::CheckOptions check;
  check.entry = o.entry;
  check.dialect = *cg::dialectNamed(o.dialect);
  if (!o.profile.empty()) check.profile = o.profile;
  cg::PreprocessOptions pre;
  pre.defines = o.defines;
  pre.includeDirs = o.includeDirs;
  size_t slash = o.file.rfind('/');
  if (slash != std::string::npos) pre.directory = o.file.substr(0, slash);
  cg::ParseOptions parse;
  parse.lex.strictReservedWords = o.strictReserved;
  cg::FrontEndResult front = cg::compileCg(*original, diagnostics, check, pre, parse);
  if (!front.program) return reportCgDiagnostics(diagnostics, o.format);
  if (!front.checked) {
    // "Output aliasing is illegal, but implementations are not required to detect it": with
    // --allow-output-aliasing a program whose only errors are that one runs, and the aliased
    // outputs are undefined (docs/ambiguities.md CG-E9).
    bool onlyAliasing = o.allowOutputAliasing;
    for (const Diagnostic& d : diagnostics.all())
      onlyAliasing &= d.severity != Severity::Error || d.rule == "cg-aliasing-of-semantics";
    if (!onlyAliasing) return reportCgDiagnostics(diagnostics, o.format);
  }
  // Geometry and tessellation programs (cgc 3.1's gp4gp, gp5tcp, ...): checked, not evaluated
  // (the seed has no such stages; docs/cg.md "Geometry and tessellation programs").
  if (const cg::Profile* p = cg::findProfile(check.profile);
      p && (p->stage == cg::Stage::Geometry || p->stage == cg::Stage::TessControl ||
            p->stage == cg::Stage::TessEval)) {
    std::cerr << "plumb cg run: " << o.file << " is valid for " << cg::stageName(p->stage)
              << " profile " << p->name
              << ", whose programs Plumb checks but does not evaluate (docs/cg.md)\n";
    return kRejected;
  }
  const cg::Program& program = *front.program;
  const SourceFile* file = front.source ? front.source.get() : original.get();
  cg::RunOptions options;
  options.file = file;
  options.checked = front.checked ? &*front.checked : nullptr;
  options.entry = o.entry;
  options.args = o.args;
  options.uniforms = o.uniforms;
  options.quadRight = o.quadRight;
  options.quadBelow = o.quadBelow;
  options.quadDiagonal = o.quadDiagonal;
  if (!std::isnan(o.depth)) options.depth = o.depth;
  cg::parsePrecision(o.precision, options.precision);
  options.strictIeee = o.strictIeee;
  options.profile = o.profile;
  options.maxSteps = o.maxSteps;
  options.maxExecutions = o.maxExecutions;
  if (o.trace)
    options.trace = [](size_t path, uint64_t step, const cg::TraceStep& t) {
      std::cout << "[" << path << ":" << step << "] " << t.rule;
      if (!t.text.empty()) std::cout << "  " << t.text;
      if (!t.detail.empty()) std::cout << "  => " << t.detail;
      std::cout << "\n";
    };
  cg::RunResult result = cg::runFunction(program, options);
  if (!result.error.empty()) {
    printInputError("cg run", result.error);
    return kUsage;
  }
  if (o.format == "json")
    std::cout << cg::runReportJson(result, options).dump(2) << "\n";
  else
    std::cout << cg::runReportText(result);
  bool incomplete = result.executionLimitReached;
  for (const cg::Outcome& x : result.outcomes)
    incomplete |=
        x.status == cg::Outcome::Status::StepLimit || x.status == cg::Outcome::Status::Unsupported;
  return incomplete ? kRejected : kOk;
}

}  // namespace

void registerCgRun(CLI::App& app, int& exitCode);

void registerCgRun(CLI::App& app, int& exitCode) {
  CLI::App* cg = nullptr;
  for (CLI::App* s : app.get_subcommands([](CLI::App* c) { return c->get_name() == "cg"; })) cg = s;
  if (!cg) {
    cg = app.add_subcommand("cg", "The Cg 2.0 seed (docs/cg.md)");
    cg->require_subcommand(1);
  }
  auto o = std::make_shared<CgRunOptions>();
  CLI::App* r = cg->add_subcommand(
      "run", "Call a Cg function and print every outcome the seed's evaluation rules allow");
  r->add_option("FILE", o->file, "Cg source file ('-' for standard input)")->required();
  r->add_option("--entry", o->entry, "the function to call")->required();
  r->add_option("--args", o->args,
                "one per in/inout parameter, its components in order: 1.5, 1,2,3, "
                "float3(1,2,3), true");
  r->add_option("--quad-right", o->quadRight,
                "the arguments (as --args) of the fragment to the right of --args' in its 2x2 "
                "quad; with --quad-below and --quad-diagonal, ddx/ddy/fwidth are the quad's "
                "differences");
  r->add_option("--quad-below", o->quadBelow, "the arguments of the fragment below");
  r->add_option("--quad-diagonal", o->quadDiagonal,
                "the arguments of the fragment below and to the right");
  r->add_option("--depth", o->depth,
                "the rasterizer's interpolated depth: the default of a DEPTH output "
                "(default: any value in [0, 1])");
  r->add_option("--uniform", o->uniforms,
                "NAME=VALUE: the value of a uniform (non-static) global, its components as "
                "--args gives them (repeatable; default: its initializer, else undefined)");
  r->add_option("--precision", o->precision,
                "the model of the floating types: types (float fp32, half fp16, fixed S1.10; "
                "the default), or fp32, fp16, fixed for all of them")
      ->check(CLI::IsMember({"types", "fp32", "fp16", "fixed"}));
  r->add_flag("--strict-ieee", o->strictIeee,
              "fp32 and fp16 exactly as IEEE 754 (no flushing of subnormals)");
  r->add_option("--profile", o->profile,
                "the compilation profile the checker applies (default: generic)");
  r->add_option("-D", o->defines, "a preprocessor macro NAME or NAME=VALUE (cpp -D)");
  r->add_option("-I", o->includeDirs, "an #include directory");
  r->add_flag("--allow-output-aliasing", o->allowOutputAliasing,
              "run a program the checker rejects only for aliased output semantics (the "
              "aliased outputs are then undefined)");
  r->add_flag("--strict-reserved", o->strictReserved,
              "every reserved word of the seed is an error as a name, also those cgc accepts "
              "(texture, string, __x: a warning without it)");
  addCgDialectOption(*r, o->dialect);
  r->add_flag("--trace", o->trace, "print each evaluation step: its rule, source and value");
  r->add_option("--max-steps", o->maxSteps, "steps per execution (default 1000000)");
  r->add_option("--max-executions", o->maxExecutions, "executions explored (default 1000)");
  r->add_option("--format", o->format, "output format")->check(CLI::IsMember({"text", "json"}));
  r->footer(
      "Exit status: 0 run, 1 invalid program or an incomplete set (a limit, an unsupported\n"
      "construct), 2 on usage errors (file, entry or arguments).");
  r->callback([o, &exitCode] { exitCode = runCg(*o); });
}

}  // namespace plumb::cli
