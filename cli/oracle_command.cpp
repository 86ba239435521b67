// plumb oracle CASES... [--backend dawn|deno|deno-swiftshader|chromium|all]... [--report FILE]
//   [--html FILE] [--timeout S] [--format text|json] [--dry-run] [--shard I/N]
// plumb oracle merge REPORTS... [--report FILE] [--html FILE] [--format text|json]
// Runs oracle cases on production WebGPU backends and compares them with Plumb (issue 7,
// docs/oracle.md). The runners are Node/Deno programs in oracle/node, installed by
// scripts/oracle_setup.sh; nothing else in Plumb needs them.
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/revision_option.h"
#include "cli/shard_option.h"
#include "cli/terminal.h"
#include "oracle/wgsl/oracle.h"
#include "oracle/wgsl/report_merge.h"

namespace plumb::cli {

namespace {

struct OracleOptionsCli {
  std::vector<std::string> cases;
  std::vector<std::string> backends;
  std::string report;
  std::string html;
  std::string format = "text";
  std::string runnerDir;
  std::string shard;  // I/N, empty: every case
  double timeout = 30;
  double startTimeout = 90;
  size_t jobs = 1;
  bool sequential = false;
  bool dryRun = false;
  bool quiet = false;
  bool strictUniformity = false;
  bool strictAliasing = false;
  std::string revision;  // empty: each case's own (a plumb-case's "revision"), else 2022-06
  bool noRevisionDeltas = false;
};

/// Written whole or not at all (design.md: temp file + rename).
bool writeFile(const std::string& path, const std::string& text) {
  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    if (!out) return false;
    out << text;
    if (!out.flush()) return false;
  }
  return std::rename(tmp.c_str(), path.c_str()) == 0;
}

int runOracleCommand(const OracleOptionsCli& o) {
  namespace fs = std::filesystem;
  // Backends.
  std::vector<std::string> names;
  for (const std::string& b : o.backends.empty() ? std::vector<std::string>{"all"} : o.backends) {
    size_t start = 0;
    while (start <= b.size()) {
      size_t comma = b.find(',', start);
      std::string name =
          b.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (name == "all") {
        for (const std::string& n : oracle::allBackends()) names.push_back(n);
      } else if (!name.empty()) {
        bool known = false;
        for (const std::string& n : oracle::knownBackends()) known = known || n == name;
        if (!known) {
          std::cerr << "plumb oracle: unknown backend '" << name
                    << "' (dawn, deno, deno-swiftshader, chromium, all)\n";
          return kUsage;
        }
        names.push_back(name);
      }
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  std::vector<std::string> unique;
  for (const std::string& n : names)
    if (std::find(unique.begin(), unique.end(), n) == unique.end()) unique.push_back(n);

  for (const std::string* out : {&o.report, &o.html})
    if (std::string why = out->empty() ? "" : outputFileProblem(*out); !why.empty()) {
      std::cerr << "plumb oracle: error: cannot write '" << *out << "': " << why << "\n";
      return kUsage;
    }

  // --shard I/N: the cases whose position in the whole list is I modulo N (issue 17 item 5):
  // disjoint, deterministic parts that `plumb oracle merge` joins into the report of one run.
  size_t shardIndex = 0, shardCount = 1;
  std::vector<size_t> positions;
  if (!o.shard.empty()) {
    auto shard = parseShard("oracle", o.shard);
    if (!shard) return kUsage;
    shardIndex = shard->index;
    shardCount = shard->count;
  }

  // Cases.
  std::string error;
  std::vector<std::string> paths = oracle::expandCasePaths(o.cases, error);
  if (!error.empty()) {
    std::cerr << "plumb oracle: " << error << "\n";
    return kUsage;
  }
  if (paths.empty()) {
    std::string given;
    for (const std::string& c : o.cases) given += (given.empty() ? "'" : ", '") + c + "'";
    std::cerr << "plumb oracle: no case files (.json, .wgsl) in " << given << "\n";
    return kUsage;
  }
  if (!o.shard.empty()) {  // this shard's cases and their positions in the whole list
    std::vector<std::string> mine;
    for (size_t k = 0; k < paths.size(); ++k)
      if (k % shardCount == shardIndex) {
        mine.push_back(paths[k]);
        positions.push_back(k);
      }
    paths = std::move(mine);
  }
  oracle::VerdictOptions verdictOptions;
  verdictOptions.strictUniformity = o.strictUniformity;
  verdictOptions.strictAliasing = o.strictAliasing;
  if (!o.revision.empty()) {
    if (!resolveRevision("oracle", o.revision)) return kUsage;
    verdictOptions.revision = o.revision;
    verdictOptions.revisionGiven = true;
  }
  std::vector<oracle::OracleCase> cases;
  bool inputError = false;  // a case that cannot be loaded: exit 2 (README, exit status)
  for (const std::string& p : paths) {
    cases.push_back(oracle::loadCase(p, verdictOptions));
    if (!cases.back().error.empty())
      std::cerr << "plumb oracle: " << p << ": " << cases.back().error << " (not run)\n";
    inputError = inputError || !cases.back().error.empty();
  }
  if (o.dryRun) {
    for (const oracle::OracleCase& c : cases)
      if (c.error.empty()) std::cout << oracle::runnerInput(c).dump() << "\n";
    return inputError ? kUsage : kOk;
  }

  // Runners.
  const char* envDir = std::getenv("PLUMB_ORACLE_DIR");
  oracle::RunnerEnvironment env;
  env.runnerDir = !o.runnerDir.empty() ? o.runnerDir : envDir ? envDir : PLUMB_ORACLE_RUNNER_DIR;
  std::string tmpl = (fs::temp_directory_path() / "plumb-oracle-XXXXXX").string();
  if (!mkdtemp(tmpl.data())) {
    std::cerr << "plumb oracle: cannot create a temporary directory\n";
    return kUsage;
  }
  env.tmpDir = tmpl;
  oracle::OracleOptions options;
  options.caseTimeoutSeconds = o.timeout;
  options.startTimeoutSeconds = o.startTimeout;
  options.parallelBackends = !o.sequential;
  options.jobs = o.jobs;
  options.outcomes = oracle::interpreterOutcomeProvider();
  options.revisionDeltas = !o.noRevisionDeltas;
  if (!o.quiet && stderrIsTerminal())  // progress on a terminal only, never into a log
    options.progress = [](const std::string& line) {
      std::cerr << "plumb oracle: " << line << "\n";
    };
  std::vector<oracle::BackendRun> unavailable;
  for (const std::string& name : unique) {
    std::string whyNot;
    std::optional<oracle::BackendSpec> spec = oracle::backendSpec(name, env, whyNot);
    if (spec) {
      options.backends.push_back(std::move(*spec));
    } else {
      std::cerr << "plumb oracle: " << name << " unavailable: " << whyNot << "\n";
      oracle::BackendRun u;
      u.name = name;
      u.error = whyNot;
      unavailable.push_back(std::move(u));
    }
  }
  oracle::OracleRun run = oracle::runOracle(std::move(cases), std::move(unavailable), options);
  std::error_code ec;
  fs::remove_all(env.tmpDir, ec);
  if (fs::exists(env.tmpDir, ec)) {
    // A browser whose runner was killed exits when its pipe closes, and may still have been
    // writing its profile here a moment ago.
    usleep(500000);
    fs::remove_all(env.tmpDir, ec);
  }

  nlohmann::json report = oracle::reportJson(run);
  if (!o.shard.empty()) oracle::markShard(report, shardIndex, shardCount, positions);
  if (!o.report.empty() && !writeFile(o.report, report.dump(1) + "\n")) {
    std::cerr << "plumb oracle: cannot write '" << o.report << "'\n";
    return kUsage;
  }
  if (!o.html.empty() && !writeFile(o.html, oracle::reportHtml(report))) {
    std::cerr << "plumb oracle: cannot write '" << o.html << "'\n";
    return kUsage;
  }
  if (o.format == "json")
    std::cout << report.dump(1) << "\n";
  else
    std::cout << oracle::reportText(report);

  bool anyAvailable = false;
  for (const oracle::BackendRun& b : run.backends) anyAvailable = anyAvailable || b.available;
  if (!anyAvailable) {
    std::cerr << "plumb oracle: no backend could run (see above; scripts/oracle_setup.sh installs "
                 "them)\n";
    return kUsage;
  }
  if (inputError) return kUsage;
  // An internal error of Plumb's interpreter (interpreter/wgsl/stop.h) is Plumb's bug: exit 2, as
  // `plumb: internal error` (README "Exit status").
  if (int bugs = report["summary"].value("casesWithPlumbBug", 0); bugs > 0) {
    std::cerr << "plumb oracle: " << bugs
              << " case(s) stopped Plumb's interpreter with an internal error (a bug in Plumb: "
                 "please report it; the report's plumb-bug results say where)\n";
    return kUsage;
  }
  return report["summary"].value("casesWithDisagreement", 0) > 0 ? kRejected : kOk;
}

struct MergeOptionsCli {
  std::vector<std::string> reports;
  std::string report;
  std::string html;
  std::string format = "text";
};

/// plumb oracle merge: one report out of the reports of a sharded campaign (or of any runs of
/// the same backends and revision).
int runMergeCommand(const MergeOptionsCli& o) {
  for (const std::string* out : {&o.report, &o.html})
    if (std::string why = out->empty() ? "" : outputFileProblem(*out); !why.empty()) {
      std::cerr << "plumb oracle merge: error: cannot write '" << *out << "': " << why << "\n";
      return kUsage;
    }
  std::vector<nlohmann::json> reports;
  for (const std::string& path : o.reports) {
    std::optional<nlohmann::json> j = readJsonFile("oracle merge", path);  // says why not
    if (!j) return kUsage;
    reports.push_back(std::move(*j));
  }
  std::string error;
  std::optional<nlohmann::json> merged = oracle::mergeReports(reports, error);
  if (!merged) {
    std::cerr << "plumb oracle merge: error: " << error << "\n";
    return kUsage;
  }
  if (!o.report.empty() && !writeFile(o.report, merged->dump(1) + "\n")) {
    std::cerr << "plumb oracle merge: cannot write '" << o.report << "'\n";
    return kUsage;
  }
  if (!o.html.empty() && !writeFile(o.html, oracle::reportHtml(*merged))) {
    std::cerr << "plumb oracle merge: cannot write '" << o.html << "'\n";
    return kUsage;
  }
  if (o.format == "json")
    std::cout << merged->dump(1) << "\n";
  else
    std::cout << oracle::reportText(*merged);
  if ((*merged)["summary"].value("casesWithPlumbBug", 0) > 0) return kUsage;
  return (*merged)["summary"].value("casesWithDisagreement", 0) > 0 ? kRejected : kOk;
}

}  // namespace

void registerOracle(CLI::App& app, int& exitCode) {
  auto o = std::make_shared<OracleOptionsCli>();
  CLI::App* cmd = app.add_subcommand(
      "oracle",
      "Run oracle cases on production WebGPU backends and compare them with Plumb: Tint in Dawn\n"
      "(npm webgpu) and in Chromium, naga in wgpu (Deno), all on this machine's CPU (SwiftShader,\n"
      "lavapipe). Each disagreement is classified: accepts-invalid, rejects-valid, "
      "output-outside,\n"
      "crash, timeout. Install the runners first: scripts/oracle_setup.sh. See docs/oracle.md.\n"
      "Exit status: 0 no disagreement, 1 a disagreement, 2 usage error or no backend available.");
  cmd->add_option("cases", o->cases,
                  "case files (plumb-oracle-case JSON, or .wgsl with an optional .bindings.json\n"
                  "beside it) or directories of them");
  cmd->add_option(
      "--backend", o->backends,
      "dawn, deno (lavapipe), deno-swiftshader, chromium or all (dawn, deno, chromium);\n"
      "repeat or separate with commas (default all)");
  cmd->add_option("--report", o->report, "write the plumb-oracle-report JSON here");
  cmd->add_option("--html", o->html, "write the self-contained HTML report here");
  cmd->add_option("--timeout", o->timeout, "seconds one case may take on a backend (default 30)")
      ->check(CLI::Range(0.1, 3600.0));
  cmd->add_option("--start-timeout", o->startTimeout,
                  "seconds a runner may take to start (default 90)")
      ->check(CLI::Range(1.0, 3600.0));
  cmd->add_option("--format", o->format, "standard output: a 'text' summary or the 'json' report")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->add_option(
      "--runner-dir", o->runnerDir,
      "the runners' directory (default: PLUMB_ORACLE_DIR, else oracle/node of the source tree)");
  cmd->add_option("--jobs", o->jobs,
                  "runner processes per backend, sharing its cases (default 1; 2 can help on an\n"
                  "otherwise idle 2-core machine)")
      ->check(CLI::Range(1, 16));
  cmd->add_flag("--sequential", o->sequential,
                "run the backends one after another, not in parallel");
  cmd->add_flag("--dry-run", o->dryRun,
                "print each case as the runners receive it (JSON lines) and run nothing");
  cmd->add_flag("--quiet", o->quiet, "no progress lines on standard error");
  cmd->add_flag("--strict-uniformity", o->strictUniformity,
                "Plumb's verdict as plumb check --strict-uniformity");
  cmd->add_flag("--strict-aliasing", o->strictAliasing,
                "Plumb's verdict as plumb check --strict-aliasing");
  addRevisionOption(
      cmd, o->revision,
      "Plumb's verdict and outcome sets under it (default: a plumb-case's own\n"
      "revision, else 2022-06); a disagreement that agrees with Plumb under the other\n"
      "revision is classified revision-delta");
  cmd->add_flag("--no-revision-deltas", o->noRevisionDeltas,
                "do not compute Plumb's answer under the other revision for disagreements");
  cmd->add_option(
      "--shard", o->shard,
      "I/N: run only the cases at positions I, I+N, I+2N, ... of the list (0 <= I < N);\n"
      "plumb oracle merge joins the shards' reports into the report of one run");

  auto m = std::make_shared<MergeOptionsCli>();
  CLI::App* merge = cmd->add_subcommand(
      "merge",
      "Join plumb-oracle-report files (the shards of a campaign, --shard I/N, or runs of the same\n"
      "backends and revision) into one report, in the order of one run; JSON and HTML as plumb\n"
      "oracle writes them. Exit status as plumb oracle's.");
  merge->add_option("reports", m->reports, "plumb-oracle-report JSON files")->required();
  merge->add_option("--report", m->report, "write the merged plumb-oracle-report JSON here");
  merge->add_option("--html", m->html, "write the merged HTML report here");
  merge->add_option("--format", m->format, "standard output: a 'text' summary or the 'json' report")
      ->check(CLI::IsMember({"text", "json"}));
  merge->callback([m, &exitCode] {
    try {
      exitCode = runMergeCommand(*m);
    } catch (const nlohmann::json::exception& e) {
      std::cerr << "plumb oracle merge: error: malformed report: " << e.what() << "\n";
      exitCode = kUsage;
    }
  });

  cmd->callback([o, merge, &exitCode] {
    if (merge->parsed()) return;  // plumb oracle merge ran instead
    if (o->cases.empty()) {
      std::cerr << "plumb oracle: error: no cases given (plumb oracle CASES..., or plumb oracle "
                   "merge REPORTS...; plumb oracle --help)\n";
      exitCode = kUsage;
      return;
    }
    try {
      exitCode = runOracleCommand(*o);
    } catch (const nlohmann::json::exception& e) {
      // A malformed report or runner answer that slipped past the checks: say so, never abort.
      std::cerr << "plumb oracle: error: malformed JSON data: " << e.what() << "\n";
      exitCode = kUsage;
    }
  });
}

}  // namespace plumb::cli
