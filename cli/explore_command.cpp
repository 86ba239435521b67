// plumb explore FILE.wgsl... [--dispatch X,Y,Z] [--entry NAME] [--bindings B.json]
//   [--max-executions N] [--dot DIR] [--format text|json]: every final state of the
// read_write storage buffers that the memory model (seed #memory-model, spirv.als) allows,
// each with a witness execution, and the data races (docs/memmodel.md "WGSL programs"). A
// file with a litmus header (`// @dispatch`, `// @allowed`, `// @forbidden`, `// @races`,
// memmodel/wgsl/litmus.h) is run with its own dispatch and judged Ok or No, as herd7 does;
// several files print one verdict each and a closing summary.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/graphviz.h"
#include "cli/input_files.h"
#include "cli/progress.h"
#include "cli/revision_option.h"
#include "cli/shader_inputs.h"
#include "memmodel/wgsl/explore.h"
#include "memmodel/wgsl/litmus.h"
#include "semantics/atomic_file.h"
#include "semantics/diagnostic_json.h"

namespace plumb::cli {

namespace {

namespace mw = memmodel::wgsl;

struct ExploreOptionsCli {
  std::vector<std::string> files;
  std::string entry;
  std::string dispatch;  // empty: the file's own @dispatch, else 1,1,1
  std::string bindings;
  std::string format = "text";
  std::string dotDir;
  std::string revision = "2022-06";
  const Revision* resolved = nullptr;  // the revision named by `revision`
  uint64_t maxExecutions = 100'000;
  uint64_t maxSteps = 100'000;
  uint32_t maxRounds = 8;
  bool allowUnused = false;
  bool quiet = false;
};

/// Writes each state's witness as DIR/<stem>.state<N>.dot, and .svg when Graphviz's dot is
/// installed.
bool writeWitnesses(const std::string& dir, const std::string& path, const mw::ExploreResult& r,
                    std::vector<std::string>& written) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::string stem = path == "-" ? "stdin" : fs::path(path).stem().string();
  for (size_t i = 0; i < r.states.size(); ++i) {
    fs::path out = fs::path(dir) / (stem + ".state" + std::to_string(i + 1) + ".dot");
    std::string error;
    if (!writeFileAtomically(out.string(), r.states[i].witnessDot, error)) return false;
    written.push_back(out.string());
    // The picture too when Graphviz is installed (issue 16, item 8).
    if (graphvizAvailable()) {
      fs::path svg = out;
      svg.replace_extension(".svg");
      if (!writeSvg(svg.string(), r.states[i].witnessDot, error)) return false;
      written.push_back(svg.string());
    }
  }
  return true;
}

struct Tally {
  int ok = 0, no = 0, noVerdict = 0, notRun = 0, inputErrors = 0;
};

/// The text output of one file: its report (`full`) or one verdict line.
void printOne(const mw::ExploreResult& r, const SourceFile& file, const mw::ExploreRequest& request,
              const std::optional<mw::LitmusVerdict>& verdict, const std::vector<std::string>& dots,
              bool full) {
  const std::string& name = file.name();
  if (!r.ran) {
    if (full) {
      printNotRun("plumb-explore", mw::kExploreReportVersion, file, r.diagnostics, r.errors, false);
    } else {
      for (const Diagnostic& d : r.diagnostics.all()) std::cerr << renderText(d);
      for (const std::string& e : r.errors) std::cerr << name << ": error: " << e << "\n";
    }
  } else {
    for (const Diagnostic& d : r.diagnostics.all()) std::cerr << renderText(d);  // warnings
    for (const std::string& w : r.warnings) std::cerr << name << ": warning: " << w << "\n";
  }
  if (full && r.ran) {
    mw::printExploreReport(r, std::cout);
    for (const std::string& d : dots) std::cout << "witness graph: " << d << "\n";
  }
  if (verdict) {
    std::cout << (verdict->ok ? "Ok" : "No") << "  " << name;
    if (r.ran)
      std::cout << "  (" << r.states.size() << " final state" << (r.states.size() == 1 ? "" : "s")
                << ", dispatch " << request.dispatch[0] << "," << request.dispatch[1] << ","
                << request.dispatch[2] << ")";
    std::cout << "\n";
    for (const std::string& why : verdict->reasons) std::cout << "    " << why << "\n";
  } else if (!full && r.ran) {
    std::cout << "--  " << name << "  (" << r.states.size() << " final states; no @allowed, "
              << "@forbidden or @races lines: no verdict)\n";
  } else if (!full) {
    std::cout << "--  " << name << "  (not explored: see the errors above)\n";
  }
}

/// Explores one file; prints its report (`full`) or one verdict line; returns its JSON.
nlohmann::json exploreOne(const ExploreOptionsCli& o, const std::string& path,
                          const nlohmann::json& bindings, bool dispatchGiven,
                          const std::array<uint32_t, 3>& dispatch, bool full, Tally& tally,
                          ProgressLine& progress, const std::string& label) {
  bool json = o.format == "json";
  std::string message;
  std::unique_ptr<SourceFile> file = readWgslFile("explore", path, &message);
  if (!file) {
    ++tally.inputErrors;
    return {{"file", path}, {"error", message}};
  }
  mw::LitmusHeader header = mw::parseLitmusHeader(std::string(file->text()));
  mw::ExploreRequest request;
  request.entry = o.entry;
  request.maxExecutions = o.maxExecutions == 0 ? UINT64_MAX : o.maxExecutions;
  request.maxSteps = o.maxSteps;
  request.maxRounds = o.maxRounds;
  request.allowUnusedBindings = o.allowUnused;
  request.bindings = bindings;
  request.witnessDot = !o.dotDir.empty();
  request.revision = o.resolved;
  request.dispatch = dispatchGiven ? dispatch : header.dispatch.value_or(dispatch);
  std::string name = file->name();
  request.progress = [&](const std::string& line) { progress.update(label + ": " + line); };
  mw::ExploreResult r = mw::exploreShader(*file, request);
  if (full) progress.finish();
  std::optional<mw::LitmusVerdict> verdict;
  if (header.judged()) verdict = mw::judgeLitmus(header, r);
  std::vector<std::string> dots;
  if (r.ran && !o.dotDir.empty() && !writeWitnesses(o.dotDir, path, r, dots)) {
    printInputError("explore", "cannot write DOT files in '" + o.dotDir + "'");
    ++tally.inputErrors;
  }
  if (!r.ran) ++tally.notRun;
  if (verdict)
    ++(verdict->ok ? tally.ok : tally.no);
  else if (r.ran)
    ++tally.noVerdict;

  nlohmann::json report;
  if (!r.ran) {
    report = {{"format", "plumb-explore"},
              {"version", memmodel::wgsl::kExploreReportVersion},
              {"revision", o.revision},
              {"file", name},
              {"ran", false},
              {"errors", r.errors}};
    nlohmann::json ds = nlohmann::json::array();
    for (const Diagnostic& d : r.diagnostics.all()) ds.push_back(toJson(d));
    report["diagnostics"] = ds;
  } else {
    report = r.json;
    if (!dots.empty()) report["dot"] = dots;
  }
  if (verdict)
    report["litmus"] = {{"verdict", verdict->ok ? "Ok" : "No"}, {"reasons", verdict->reasons}};
  if (json) return report;
  progress.between([&] { printOne(r, *file, request, verdict, dots, full); });
  return report;
}

int runExplore(ExploreOptionsCli& o, bool dispatchGiven) {
  o.resolved = resolveRevision("explore", o.revision);
  if (!o.resolved) return kUsage;
  std::array<uint32_t, 3> dispatch{1, 1, 1};
  if (dispatchGiven && !parseDispatch("explore", o.dispatch, dispatch)) return kUsage;
  if (o.bindings == "-")
    for (const std::string& f : o.files)
      if (f == "-") {
        printInputError("explore",
                        "the shader and --bindings cannot both be read from standard input ('-')");
        return kUsage;
      }
  if (std::string why = outputDirectoryProblem(o.dotDir); !why.empty()) {
    printInputError("explore", "cannot write DOT files in '" + o.dotDir + "': " + why);
    return kUsage;
  }
  if (!o.dotDir.empty() && !graphvizAvailable())
    std::cerr << "plumb explore: note: Graphviz's dot is not installed: the witnesses are written "
                 "as DOT only (scripts/deps.sh --pictures installs it)\n";
  nlohmann::json bindings;
  if (int status = readBindingsFile("explore", o.bindings, bindings); status != kOk) return status;
  bool json = o.format == "json";
  bool full = o.files.size() == 1;
  Tally tally;
  ProgressLine progress(progressWanted(o.quiet), "plumb explore");
  nlohmann::json reports = nlohmann::json::array();
  for (size_t i = 0; i < o.files.size(); ++i) {
    std::string label = full ? o.files[i]
                             : "[" + std::to_string(i + 1) + "/" + std::to_string(o.files.size()) +
                                   "] " + o.files[i];
    progress.update(label);
    reports.push_back(
        exploreOne(o, o.files[i], bindings, dispatchGiven, dispatch, full, tally, progress, label));
  }
  progress.finish();
  if (json) {
    if (full && !reports[0].contains("error"))
      std::cout << reports[0].dump(2) << "\n";
    else if (!full)
      std::cout << nlohmann::json{{"format", "plumb-explore-set"},
                                  {"version", 1},
                                  {"revision", o.revision},
                                  {"reports", reports},
                                  {"summary",
                                   {{"files", o.files.size()},
                                    {"ok", tally.ok},
                                    {"no", tally.no},
                                    {"noVerdict", tally.noVerdict},
                                    {"notExplored", tally.notRun},
                                    {"inputErrors", tally.inputErrors}}}}
                       .dump(2)
                << "\n";
  } else if (!full) {
    std::cout << "Summary: " << o.files.size() << " file" << (o.files.size() == 1 ? "" : "s")
              << ", " << tally.ok << " Ok, " << tally.no << " No";
    if (tally.noVerdict) std::cout << ", " << tally.noVerdict << " without expectations";
    if (tally.notRun) std::cout << ", " << tally.notRun << " not explored";
    if (tally.inputErrors) std::cout << ", " << tally.inputErrors << " unreadable";
    std::cout << "\n";
  }
  if (tally.inputErrors) return kUsage;
  // A state that did not finish (interpreter/wgsl/stop.h): an internal error is Plumb's bug (exit 2,
  // as `plumb: internal error`); another stop is an incomplete answer (README "Exit status").
  bool stopped = false;
  for (const auto& r : reports)
    for (const auto& s : r.value("states", nlohmann::json::array())) {
      std::string kind = s.value("kind", "finished");
      if (kind == "internal error") return kUsage;
      stopped = stopped || kind != "finished";
    }
  if (tally.no || tally.notRun || stopped) return kRejected;
  // Without a verdict, an incomplete exploration is an incomplete answer (exit 1).
  for (const auto& r : reports)
    if (r.value("ran", false) && !r.value("complete", true) && !r.contains("litmus"))
      return kRejected;
  return kOk;
}

}  // namespace

void registerExplore(CLI::App& app, int& exitCode) {
  auto o = std::make_shared<ExploreOptionsCli>();
  CLI::App* cmd = app.add_subcommand(
      "explore",
      "Explore a racy compute shader under the memory model (seed #memory-model, the Vulkan "
      "model's\n"
      "spirv.als): every final state of the read_write storage buffers some consistent execution\n"
      "reaches, each with a witness, and the data races. A file with litmus lines (// @dispatch,\n"
      "// @observe, // @allowed, // @forbidden, // @races) runs with its own dispatch and gets a\n"
      "verdict, Ok or No (herd7's); several files print one verdict each and a summary.\n"
      "Exit status: 0 when every exploration is complete and every verdict Ok, 1 on errors, a\n"
      "verdict No or a bound hit, 2 on usage and input errors (the other files still run).");
  cmd->add_option("files", o->files, "WGSL source files ('-' reads standard input)")->required();
  CLI::Option* dispatch =
      cmd->add_option("--dispatch", o->dispatch,
                      "workgroups X[,Y[,Z]] (default: the file's // @dispatch line, else 1,1,1)");
  cmd->add_option("--entry", o->entry, "the compute entry point (default: the only one)");
  cmd->add_option("--bindings", o->bindings,
                  "B.json: buffer contents (format plumb-bindings; '-' reads standard input); "
                  "missing ones are zero");
  cmd->add_flag("--allow-unused-bindings", o->allowUnused,
                "ignore, with a warning, bindings where the shader has no variable");
  cmd->add_option(
      "--max-executions", o->maxExecutions,
      "bound on dispatch executions per round and on candidate executions in all (0: none)");
  cmd->add_option("--max-steps", o->maxSteps,
                  "bound on the steps of one invocation in one dispatch execution");
  cmd->add_option("--max-rounds", o->maxRounds,
                  "bound on the rounds that grow the values reads may return");
  cmd->add_option(
      "--dot", o->dotDir,
      "write each final state's witness as Graphviz DOT into this directory (and SVG when\n"
      "Graphviz's dot is installed)");
  cmd->add_flag("--quiet", o->quiet, "no progress line on standard error");
  addRevisionOption(cmd, o->revision,
                    "2026 runs the current dynamic rules (out-of-bounds accesses of any variable,\n"
                    "the left-hand side of an assignment first)");
  cmd->add_option("--format", o->format, "output format")->check(CLI::IsMember({"text", "json"}));
  cmd->callback([o, dispatch, &exitCode] { exitCode = runExplore(*o, dispatch->count() > 0); });
}

}  // namespace plumb::cli
