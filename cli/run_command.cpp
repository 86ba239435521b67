// plumb run FILE [--entry NAME] [--dispatch X,Y,Z] [--bindings B.json] [--trace]
//   [--max-steps N] [--max-executions N] [--all-schedules [--no-reduction]]
//   [--format text|json] ...
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/progress.h"
#include "cli/revision_option.h"
#include "cli/shader_inputs.h"
#include "interpreter/wgsl/png.h"
#include "interpreter/wgsl/run.h"
#include "interpreter/wgsl/stage_pictures.h"
#include "semantics/atomic_file.h"
#include "semantics/diagnostic_json.h"

namespace plumb::cli {

namespace {

struct RunOptionsCli {
  std::string file;
  std::string entry;
  std::string dispatch = "1,1,1";
  std::string bindings;
  std::string format = "text";
  std::string revision = "2022-06";
  std::vector<std::string> overrides;
  bool trace = false;
  bool allSchedules = false;
  bool noReduction = false;
  bool force = false;
  bool zeroMissing = false;
  bool allowUnused = false;
  bool literalShiftRight = false;
  bool quiet = false;
  bool hex = false;
  std::string picture;           // --picture PREFIX
  uint32_t pictureLocation = 0;  // --picture-location N
  uint64_t maxSteps = 10'000'000;
  uint64_t maxExecutions = 1000;
  uint32_t subgroupMinSize = 4, subgroupMaxSize = 128;
  std::string subgroupLayout = "any";
  bool subgroupsAcrossDraws = false;
};

int runRun(const RunOptionsCli& o) {
  interp::RunRequest request;
  request.entry = o.entry;
  if (!parseDispatch("run", o.dispatch, request.dispatch.dispatch) ||
      !parseOverrides("run", o.overrides, request.check.overrides))
    return kUsage;
  request.revision = resolveRevision("run", o.revision);
  if (!request.revision) return kUsage;
  request.check.literalShiftRight = o.literalShiftRight;
  request.dispatch.maxSteps = o.maxSteps;
  request.dispatch.maxExecutions = o.maxExecutions;
  request.dispatch.allSchedules = o.allSchedules;
  request.dispatch.reduceSchedules = !o.noReduction;
  request.dispatch.force = o.force;
  request.dispatch.subgroups.minSize = o.subgroupMinSize;
  request.dispatch.subgroups.maxSize = o.subgroupMaxSize;
  request.dispatch.subgroups.linear = o.subgroupLayout == "linear";
  request.dispatch.subgroups.acrossDraws = o.subgroupsAcrossDraws;
  request.dispatch.trace = o.trace ? &std::cout : nullptr;
  request.zeroMissingBindings = o.zeroMissing;
  request.allowUnusedBindings = o.allowUnused;
  // The JSON report is written as text straight from the outcomes' words (run.h); --picture
  // reads the report's tree.
  request.wordsAsText = o.format == "json" && o.picture.empty();
  if (o.bindings == "-" && o.file == "-") {
    printInputError("run",
                    "the shader and --bindings cannot both be read from standard input ('-')");
    return kUsage;
  }
  if (int status = readBindingsFile("run", o.bindings, request.bindings); status != kOk) return status;
  std::unique_ptr<SourceFile> file = readWgslFile("run", o.file);
  if (!file) return kUsage;
  interp::RunReport report;
  {
    // A progress line on a terminal for a long exploration (not with --trace, which writes
    // to the terminal itself).
    ProgressLine progress(progressWanted(o.quiet) && !o.trace,
                          "plumb run " + file->name() + ": exploring every choice (at most " +
                              std::to_string(o.maxExecutions) + " executions)");
    report = interp::runShader(*file, request);
  }
  bool json = o.format == "json";
  if (!report.ran) {
    printNotRun("plumb-run", interp::kRunReportVersion, *file, report.diagnostics, report.errors,
                json, request.revision->name);
    return kRejected;
  }
  if (json) {
    std::cout << interp::runReportJsonText(report) << "\n";
  } else {
    for (const Diagnostic& d : report.diagnostics.all()) std::cerr << renderText(d);  // warnings
    for (const std::string& w : report.warnings)
      std::cerr << file->name() << ": warning: " << w << "\n";
    interp::printRunReport(report, std::cout, o.hex);
  }
  // --picture: the fragment stage's outcome set as three PNG images (stage_pictures.h).
  if (!o.picture.empty()) {
    interp::StagePictures p = interp::stagePictures(report.json, o.pictureLocation);
    if (!p.error.empty()) {
      printInputError("run", "--picture: " + p.error);
      return kUsage;
    }
    for (auto [suffix, rgba] :
         {std::pair{"-lower.png", &p.lower}, std::pair{"-upper.png", &p.upper},
          std::pair{"-mask.png", &p.mask}}) {
      std::vector<uint8_t> png = interp::encodePng(p.width, p.height, *rgba);
      std::string error;
      if (!writeFileAtomically(o.picture + suffix, std::string(png.begin(), png.end()), error)) {
        printInputError("run", "--picture: " + error);
        return kUsage;
      }
    }
  }
  // Exit 2 when an execution stopped with an internal error (a bug in Plumb, as `plumb:
  // internal error`); 1 when an outcome is another stop (a dynamic error, an unsupported
  // feature, a limit), or when a bound stopped the exploration (the report's
  // `executions.stop`, a Limit: --max-executions): more outcomes may exist, an incomplete
  // answer (README "Exit status").
  bool stopped = false;
  for (const interp::Outcome& oc : report.result.outcomes) {
    if (oc.stop && oc.stop->kind == interp::Stop::Kind::Internal) return kUsage;
    stopped = stopped || oc.stop;
  }
  return report.result.complete && !stopped ? kOk : kRejected;
}

}  // namespace

void registerRun(CLI::App& app, int& exitCode) {
  auto o = std::make_shared<RunOptionsCli>();
  CLI::App* cmd = app.add_subcommand(
      "run",
      "Run a compute shader (or a vertex or fragment shader: a draw whose inputs the bindings'\n"
      "'vertex' or 'fragment' section gives) on Plumb's small-step machine and print every\n"
      "outcome the spec allows:\n"
      "each scalar of an output buffer as an exact value, a finite set {a, b}, a decimal interval\n"
      "[lo, hi] or any (--hex: the words; docs/formats.md).\n"
      "Exit status: 0 if every outcome finished and every choice was explored, 1 on errors, an\n"
      "outcome that stopped (a dynamic error, an unsupported feature, a limit) or an exploration\n"
      "stopped by --max-executions, 2 on usage and input errors and on an internal error.");
  cmd->add_option("file", o->file, "WGSL source file ('-' reads standard input)")->required();
  cmd->add_option("--entry", o->entry,
                  "the entry point (default: the only compute one, else the only one)");
  cmd->add_option("--dispatch", o->dispatch, "workgroups X[,Y[,Z]] (default 1,1,1)");
  cmd->add_option(
      "--bindings", o->bindings,
      "B.json: buffer contents (format plumb-bindings, docs/formats.md; '-' reads standard input)");
  cmd->add_flag("--zero-missing-bindings", o->zeroMissing, "give buffers without a binding zero bytes");
  cmd->add_flag("--allow-unused-bindings", o->allowUnused,
                "ignore, with a warning, bindings where the shader has no variable");
  cmd->add_option("--override", o->overrides, "KEY=VALUE: a pipeline-overridable constant's value");
  cmd->add_flag("--trace", o->trace, "print every step: its rule and its redex");
  cmd->add_option("--max-steps", o->maxSteps,
                  "steps per invocation before the outcome 'limit' (default 10000000)");
  cmd->add_option("--max-executions", o->maxExecutions, "executions explored over all choices (default 1000)");
  cmd->add_flag("--all-schedules", o->allSchedules,
                "interleave invocations at every access to shared memory (default: one schedule,\n"
                "each invocation runs to its next barrier in order); only the orders of\n"
                "dependent atomic operations are explored (partial-order reduction)");
  cmd->add_flag("--no-reduction", o->noReduction,
                "with --all-schedules: explore every order of the atomic operations, dependent or\n"
                "not (the same outcomes, many more executions)");
  cmd->add_flag("--force", o->force, "run dispatches larger than 2^20 invocations");
  cmd->add_option("--subgroup-min-size", o->subgroupMinSize,
                  "revision 2026, subgroups: the device's subgroupMinSize (default 4); every\n"
                  "power of two in [4, 128] between it and --subgroup-max-size is explored");
  cmd->add_option("--subgroup-max-size", o->subgroupMaxSize,
                  "the device's subgroupMaxSize (default 128)");
  cmd->add_option("--subgroup-layout", o->subgroupLayout,
                  "'any' (default): every grouping of a workgroup's invocations into subgroups\n"
                  "and every numbering (new#subgroups); 'linear': consecutive\n"
                  "local_invocation_index only (what devices do; narrower than the text)")
      ->check(CLI::IsMember({"any", "linear"}));
  cmd->add_flag("--subgroups-across-draws", o->subgroupsAcrossDraws,
                "a fragment draw: every subgroup may also hold active invocations of other\n"
                "draw commands with unknown values (new#subgroups), so each subgroup operation\n"
                "but the quad operations is any value, and subgroup_invocation_id any ID below\n"
                "the size (default: the draw's own invocations only; docs/ambiguities.md G7)");
  cmd->add_flag("--hex", o->hex,
                "print each buffer as its 32-bit words in hex (default: each scalar as its type's "
                "value, `out[0] = -1i`)");
  cmd->add_option("--picture", o->picture,
                  "PREFIX: a fragment shader over a viewport: write PREFIX-lower.png,\n"
                  "PREFIX-upper.png (each pixel's lower and upper bound over every outcome) and\n"
                  "PREFIX-mask.png (white where the set is not a single value)");
  cmd->add_option("--picture-location", o->pictureLocation,
                  "the @location output --picture draws (default 0)");
  cmd->add_flag("--quiet", o->quiet, "no progress line on standard error");
  cmd->add_flag("--literal-shift-right", o->literalShiftRight,
                ">> on i32 as the seed's text says (revision 2022-06 only)");
  addRevisionOption(
      cmd, o->revision,
      "2026 also runs the current dynamic rules: the left-hand side of an "
      "assignment first,\nout-of-bounds accesses of any variable, the 2026 accuracy table");
  cmd->add_option("--format", o->format, "'text' or 'json' (format plumb-run)")->check(CLI::IsMember({"text", "json"}));
  cmd->callback([o, &exitCode] { exitCode = runRun(*o); });
}

}  // namespace plumb::cli
