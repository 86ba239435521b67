// The oracle (issue 7): runs cases on production WebGPU backends through runner processes
// (oracle/node/*_runner.js, protocol `plumb-oracle-runner` v1), compares each result with
// Plumb's verdict and outcome set, and reports (`plumb-oracle-report` v1, JSON and HTML).
// See docs/oracle.md.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "oracle/wgsl/compare.h"
#include "oracle/wgsl/oracle_case.h"
#include "oracle/wgsl/runner_process.h"

namespace plumb::oracle {

/// The backends `plumb oracle --backend` knows, in the order `all` runs them:
///   dawn              Tint in Dawn (npm webgpu, dawn.node) on SwiftShader
///   deno              naga in wgpu (Deno's WebGPU) on lavapipe (Mesa)
///   deno-swiftshader  naga in wgpu on SwiftShader
///   chromium          Tint in Chromium (headless, puppeteer-core) on SwiftShader
/// `all` is dawn, deno and chromium.
std::vector<std::string> knownBackends();
std::vector<std::string> allBackends();
std::string backendDescription(const std::string& name);

/// Where the runners live and where they may write.
struct RunnerEnvironment {
  std::string runnerDir;  // oracle/node: the scripts and their node_modules
  std::string tmpDir;     // a fresh private directory (XDG_RUNTIME_DIR, Deno's cache, profiles)
};

struct BackendSpec {
  std::string name;
  ProcessSpec process;
};

/// The process that runs a backend's runner, or nullopt with the reason (not installed, ...).
std::optional<BackendSpec> backendSpec(const std::string& name, const RunnerEnvironment& env,
                                       std::string& whyNot);

struct OracleOptions {
  std::vector<BackendSpec> backends;
  double caseTimeoutSeconds = 30;   // one case, from request to answer
  double startTimeoutSeconds = 90;  // a runner's start (launching Chromium, opening a device)
  int maxRestarts = 10;             // per backend; then its remaining cases are not run
  bool parallelBackends = true;     // one thread per backend
  size_t jobs = 1;                  // runner processes per backend (cases shared among them)
  OutcomeProvider outcomes = defaultOutcomeProvider();
  /// Re-classify the disagreements that agree with Plumb under another revision as
  /// `revision-delta` (oracle/wgsl/revision_delta.h).
  bool revisionDeltas = true;
  std::function<void(const std::string&)> progress;  // one line per event, for stderr
};

struct BackendRun {
  std::string name;
  bool available = true;
  std::string error;     // why not available
  nlohmann::json hello;  // the runner's first line: adapter and versions
  int restarts = 0;
  size_t casesRun = 0;      // cases sent to the runner
  double seconds = 0;       // wall time of the cases (the runners' first starts excluded)
  double startSeconds = 0;  // the slowest first start of a runner
  std::vector<BackendCaseResult> results;  // by case index
};

struct OracleRun {
  std::vector<OracleCase> cases;
  std::vector<std::optional<nlohmann::json>> outcomes;  // by case: Plumb's outcome set
  std::vector<std::string> outcomesWhyNot;
  std::vector<BackendRun> backends;
};

/// Runs every case on every backend and classifies the results. Never throws; a backend that
/// cannot start is reported unavailable, a runner that crashes or hangs is restarted.
OracleRun runOracle(std::vector<OracleCase> cases, std::vector<BackendRun> unavailable,
                    const OracleOptions& options);

/// The report (`plumb-oracle-report` v1) and its self-contained HTML page.
nlohmann::json reportJson(const OracleRun& run);
/// Sets a report's `outcomeComparison` and `summary` from its `cases` (reportJson, and
/// mergeReports for the joined cases of several reports).
void summarizeReport(nlohmann::json& report);
std::string reportHtml(const nlohmann::json& report);

/// A few lines for the terminal: per case and backend, the classification.
std::string reportText(const nlohmann::json& report);

}  // namespace plumb::oracle
