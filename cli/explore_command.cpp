// plumb explore FILE.wgsl --dispatch X,Y,Z [--entry NAME] [--bindings B.json]
//   [--max-executions N] [--format text|json]: every final state of the read_write storage
// buffers that the memory model (seed #memory-model, spirv.als) allows, each with a witness
// execution, and the data races (docs/memmodel.md "WGSL programs").
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/shader_inputs.h"
#include "memmodel/wgsl_explore.h"
#include "semantics/diagnostic_json.h"

namespace plumb::cli {

namespace {

struct ExploreOptionsCli {
  std::string file;
  std::string entry;
  std::string dispatch = "1,1,1";
  std::string bindings;
  std::string format = "text";
  uint64_t maxExecutions = 100'000;
  uint64_t maxSteps = 100'000;
  uint32_t maxRounds = 8;
  bool allowUnused = false;
};

int runExplore(const ExploreOptionsCli& o) {
  memmodel::wgsl::ExploreRequest request;
  request.entry = o.entry;
  request.maxExecutions = o.maxExecutions == 0 ? UINT64_MAX : o.maxExecutions;
  request.maxSteps = o.maxSteps;
  request.maxRounds = o.maxRounds;
  request.allowUnusedBindings = o.allowUnused;
  if (!parseDispatch("explore", o.dispatch, request.dispatch)) return kUsage;
  if (int status = readBindingsFile("explore", o.bindings, request.bindings); status != kOk) return status;
  std::unique_ptr<SourceFile> file = readWgslFile("explore", o.file);
  if (!file) return kUsage;
  memmodel::wgsl::ExploreResult r = memmodel::wgsl::exploreShader(*file, request);
  bool json = o.format == "json";
  if (!r.ran) {
    printNotRun("plumb-explore", memmodel::wgsl::kExploreReportVersion, *file, r.diagnostics,
                r.errors, json);
    return kRejected;
  }
  if (json) {
    std::cout << r.json.dump(2) << "\n";
  } else {
    for (const Diagnostic& d : r.diagnostics.all()) std::cerr << renderText(d);  // warnings
    for (const std::string& w : r.warnings) std::cerr << file->name() << ": warning: " << w << "\n";
    memmodel::wgsl::printExploreReport(r, std::cout);
  }
  // A state that did not finish (interpreter/stop.h): an internal error is Plumb's bug (exit 2,
  // as `plumb: internal error`); another stop is an incomplete answer (README "Exit status").
  bool stopped = false;
  for (const memmodel::wgsl::FinalState& s : r.states) {
    if (s.stop && s.stop->kind == interp::Stop::Kind::Internal) return kUsage;
    stopped = stopped || s.stop;
  }
  return r.complete && !stopped ? kOk : kRejected;
}

}  // namespace

void registerExplore(CLI::App& app, int& exitCode) {
  auto o = std::make_shared<ExploreOptionsCli>();
  CLI::App* cmd = app.add_subcommand(
      "explore",
      "Explore a racy compute shader under the memory model (seed #memory-model, the Vulkan "
      "model's\n"
      "spirv.als): every final state of the read_write storage buffers some consistent execution\n"
      "reaches, each with a witness, and the data races. Exit status: 0 when the exploration is\n"
      "complete, 1 on errors or when a bound was hit, 2 on usage and input errors.");
  cmd->add_option("file", o->file, "WGSL source file ('-' reads standard input)")->required();
  cmd->add_option("--dispatch", o->dispatch, "workgroups X[,Y[,Z]] (default 1,1,1)");
  cmd->add_option("--entry", o->entry, "the compute entry point (default: the only one)");
  cmd->add_option("--bindings", o->bindings,
                  "B.json: buffer contents (format plumb-bindings); missing ones are zero");
  cmd->add_flag("--allow-unused-bindings", o->allowUnused,
                "ignore, with a warning, bindings where the shader has no variable");
  cmd->add_option(
      "--max-executions", o->maxExecutions,
      "bound on dispatch executions per round and on candidate executions in all (0: none)");
  cmd->add_option("--max-steps", o->maxSteps,
                  "bound on the steps of one invocation in one dispatch execution");
  cmd->add_option("--max-rounds", o->maxRounds,
                  "bound on the rounds that grow the values reads may return");
  cmd->add_option("--format", o->format, "output format")->check(CLI::IsMember({"text", "json"}));
  cmd->callback([o, &exitCode] { exitCode = runExplore(*o); });
}

}  // namespace plumb::cli
