// plumb litmus FILE.test... [--format text|json] [--dot DIR] [--max-executions N]: evaluates
// every SATISFIABLE/NOSOLUTION line of Vulkan memory model litmus tests (docs/memmodel.md) by
// exploring candidate executions; PASS/FAIL per line, and a witness for every line some
// execution satisfies.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/graphviz.h"
#include "cli/input_files.h"
#include "cli/revision_option.h"
#include "interpreter/wgsl/run.h"
#include "memmodel/litmus.h"
#include "memmodel/litmus_runner.h"
#include "memmodel/witness.h"
#include "semantics/diagnostic_json.h"

namespace plumb::cli {

namespace {

namespace mm = plumb::memmodel;

struct LitmusOptionsCli {
  std::vector<std::string> files;
  std::string format = "text";
  std::string dotDir;
  uint64_t maxExecutions = 1'000'000;
  std::string revision = "2022-06";
};

std::string statsText(const mm::LineResult& r, uint64_t maxExecutions) {
  const mm::ExplorerStats& s = r.stats;
  std::string t = "explored " + std::to_string(s.complete) + ", consistent " +
                  std::to_string(s.consistent) + ", pruned " + std::to_string(s.pruned) +
                  ", satisfying " + std::to_string(r.satisfying);
  if (s.limitHit)
    t += "; stopped at the limit executions = " + std::to_string(maxExecutions) +
         " (--max-executions): the enumeration is incomplete";
  return t;
}

nlohmann::json statsJson(const mm::LineResult& r, uint64_t maxExecutions) {
  const mm::ExplorerStats& s = r.stats;
  nlohmann::json j = {{"explored", s.complete},     {"consistent", s.consistent},
                      {"pruned", s.pruned},         {"skipped", s.skipped},
                      {"asmoOrders", s.asmoOrders}, {"asmoPruned", s.asmoPruned},
                      {"satisfying", r.satisfying}, {"limitHit", s.limitHit}};
  // The bound that made the enumeration incomplete, as a typed Limit stop (interpreter/wgsl/stop.h).
  if (s.limitHit)
    j["stop"] = interp::explorationStopJson(interp::Stop::limit(
        std::string(interp::kBoundExecutions), maxExecutions,
        "candidate executions reached --max-executions: the enumeration is incomplete"));
  if (s.programFact)
    j["programFact"] = {{"fact", s.programFact->fact}, {"line", s.programFact->line}};
  return j;
}

// Writes DIR/<file stem>.line<N>.dot atomically (temp file + rename).
bool writeDot(const std::string& dir, const std::string& file, const mm::LitmusTest& t,
              const mm::LineResult& r, std::string& written) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::string stem = fs::path(file).stem().string();
  fs::path out = fs::path(dir) / (stem + ".line" + std::to_string(r.line->line) + ".dot");
  fs::path tmp = out;
  tmp += ".tmp";
  {
    std::ofstream o(tmp);
    if (!o) return false;
    o << mm::witnessDot(t.program, *r.witness,
                        stem + ":" + std::to_string(r.line->line) + " " + r.line->text);
    if (!o) return false;
  }
  fs::rename(tmp, out, ec);
  written = out.string();
  if (ec) return false;
  // The picture too when Graphviz is installed (issue 16, item 8).
  if (graphvizAvailable()) {
    fs::path svg = out;
    svg.replace_extension(".svg");
    std::string error;
    if (!writeSvg(svg.string(),
                  mm::witnessDot(t.program, *r.witness,
                                 stem + ":" + std::to_string(r.line->line) + " " + r.line->text),
                  error))
      return false;
    written += " (picture: " + svg.string() + ")";
  }
  return true;
}

int runLitmusCommand(const LitmusOptionsCli& opts) {
  // A litmus test is written in the memory model's own terms (Vulkan-MemoryModel's
  // instructions, scopes and storage classes), below WGSL: what current WGSL changes in the
  // memory model (delta 7.2: which accesses are non-private, references per binding, the
  // barriers of textureBarrier and workgroupUniformLoad, a vector component write accessing
  // the vector) is in how a WGSL program maps onto it (plumb explore), not in the model.
  // So the revision changes no verdict here; it is validated and named in the report.
  const Revision* revision = resolveRevision("litmus", opts.revision);
  if (!revision) return kUsage;
  if (std::string why = outputDirectoryProblem(opts.dotDir); !why.empty()) {
    printInputError("litmus", "cannot write DOT files in '" + opts.dotDir + "': " + why);
    return kUsage;
  }
  if (!opts.dotDir.empty() && !graphvizAvailable())
    std::cerr << "plumb litmus: note: Graphviz's dot is not installed: the witnesses are written "
                 "as DOT only (scripts/deps.sh --pictures installs it)\n";
  bool allPass = true;
  bool inputError = false;  // a file that cannot be read: exit 2 after the others ran
  int okTests = 0, noTests = 0, unreadable = 0;  // herd7's verdicts per test, for the summary
  nlohmann::json jsonFiles = nlohmann::json::array();
  for (const std::string& path : opts.files) {
    std::string message;
    std::unique_ptr<SourceFile> file = readTextFile("litmus", path, &message);
    if (!file) {
      inputError = true;
      ++unreadable;
      if (opts.format == "json") jsonFiles.push_back({{"file", path}, {"error", message}});
      continue;
    }
    DiagnosticList diags;
    std::optional<mm::LitmusTest> test = mm::parseLitmus(*file, diags);
    for (const Diagnostic& d : diags.all()) std::cerr << renderText(d);
    nlohmann::json jf = {{"file", path}};
    if (!test) {
      allPass = false;
      ++noTests;
      if (opts.format != "json") std::cout << "No  " << path << "  (malformed test)\n";
      if (path.ends_with(".wgsl"))
        std::cerr << path << ": note: plumb litmus reads the Alloy litmus syntax of "
                  << "Vulkan-MemoryModel (.test); a WGSL program is explored with `plumb explore "
                  << path << "`\n";
      nlohmann::json ds = nlohmann::json::array();
      for (const Diagnostic& d : diags.all()) ds.push_back(toJson(d));
      jf["diagnostics"] = ds;
      jsonFiles.push_back(jf);
      continue;
    }
    std::vector<mm::LineResult> results = mm::runLitmus(*test, opts.maxExecutions);
    nlohmann::json jl = nlohmann::json::array();
    bool testOk = true;
    for (const mm::LineResult& r : results) {
      if (r.verdict != mm::Verdict::Pass) allPass = testOk = false;
      std::string dotFile;
      if (!opts.dotDir.empty() && r.witness && !writeDot(opts.dotDir, path, *test, r, dotFile)) {
        printInputError("litmus", "cannot write a DOT file in '" + opts.dotDir + "'");
        inputError = true;
      }
      if (opts.format == "json") {
        nlohmann::json j = {{"line", r.line->line},
                            {"expected", r.line->expectSatisfiable ? "SATISFIABLE" : "NOSOLUTION"},
                            {"nochains", r.line->noChains},
                            {"predicate", r.line->predicateText},
                            {"found", r.found},
                            {"verdict", mm::verdictName(r.verdict)},
                            {"stats", statsJson(r, opts.maxExecutions)}};
        if (r.witness) j["witness"] = mm::witnessJson(test->program, *r.witness);
        if (!dotFile.empty()) j["dot"] = dotFile;
        jl.push_back(j);
        continue;
      }
      std::cout << path << ":" << r.line->line << ": " << mm::verdictName(r.verdict) << "  "
                << r.line->text << "\n  " << (r.found ? "satisfiable" : "no solution") << " ("
                << statsText(r, opts.maxExecutions) << ")\n";
      if (r.stats.programFact)
        std::cout << "  the program violates the fact `" << r.stats.programFact->fact
                  << "` (spirv.als line " << r.stats.programFact->line
                  << "): it has no execution\n";
      if (r.witness) std::cout << mm::witnessText(test->program, *r.witness, "  ");
      if (!dotFile.empty()) std::cout << "  witness graph: " << dotFile << "\n";
    }
    ++(testOk ? okTests : noTests);
    // herd7's verdict per test: Ok when every SATISFIABLE/NOSOLUTION line passes.
    if (opts.format != "json")
      std::cout << (testOk ? "Ok" : "No") << "  " << path << "  (" << results.size() << " line"
                << (results.size() == 1 ? "" : "s") << ")\n";
    if (opts.format == "json") {
      jf["verdict"] = testOk ? "Ok" : "No";
      jf["events"] = mm::programJson(test->program);
      jf["lines"] = jl;
      jsonFiles.push_back(jf);
    }
  }
  if (opts.format == "json") {
    nlohmann::json report = {
        {"version", 1}, {"revision", std::string(revision->name)}, {"files", jsonFiles}};
    if (opts.files.size() > 1)
      report["summary"] = {{"files", opts.files.size()},
                           {"ok", okTests},
                           {"no", noTests},
                           {"unreadable", unreadable}};
    std::cout << report.dump(2) << "\n";
  } else if (opts.files.size() > 1) {
    std::cout << "Summary: " << opts.files.size() << " tests, " << okTests << " Ok, " << noTests
              << " No" << (unreadable ? ", " + std::to_string(unreadable) + " unreadable" : "")
              << "\n";
  }
  return inputError ? kUsage : allPass ? kOk : kRejected;
}

}  // namespace

void registerLitmus(CLI::App& app, int& exitCode) {
  auto opts = std::make_shared<LitmusOptionsCli>();
  CLI::App* cmd = app.add_subcommand(
      "litmus",
      "Evaluate Vulkan memory model litmus tests (the Alloy test syntax of "
      "Vulkan-MemoryModel): PASS/FAIL per SATISFIABLE/NOSOLUTION line, with a witness.\n"
      "Exit status: 0 if every line passes, 1 if one fails, is UNKNOWN (a bound was hit) or a\n"
      "test is malformed, 2 on usage and input errors (the other files still run).");
  cmd->add_option("files", opts->files, "litmus test files (.test)")->required();
  cmd->add_option("--format", opts->format, "output format")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->add_option(
      "--dot", opts->dotDir,
      "write each witness as Graphviz DOT into this directory (and SVG when dot is installed)");
  cmd->add_option("--max-executions", opts->maxExecutions,
                  "bound on candidate executions (complete or pruned) per test line; 0: none");
  addRevisionOption(cmd, opts->revision,
                    "the WGSL revision the report names; it changes no verdict: a litmus test "
                    "is written in the memory model's terms, which both revisions share");
  cmd->callback([opts, &exitCode] { exitCode = runLitmusCommand(*opts); });
}

}  // namespace plumb::cli
