// Running cases on the backends (docs/oracle.md).
#include "oracle/wgsl/oracle.h"
#include "oracle/wgsl/revision_delta.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

namespace plumb::oracle {

namespace fs = std::filesystem;

namespace {

constexpr const char* kSwiftShaderIcd = "/usr/lib/chromium/vk_swiftshader_icd.json";
constexpr const char* kLavapipeIcd = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::vector<DeviceBuffer> buffersOf(const nlohmann::json& raw) {
  std::vector<DeviceBuffer> out;
  for (const nlohmann::json& b : raw.value("buffers", nlohmann::json::array())) {
    DeviceBuffer d;
    d.group = b.value("group", 0u);
    d.binding = b.value("binding", 0u);
    for (const nlohmann::json& w : b.value("words", nlohmann::json::array()))
      d.words.push_back(static_cast<uint32_t>(asUnsigned(w).value_or(0)));
    out.push_back(std::move(d));
  }
  return out;
}

std::string tail(const std::string& s, size_t n) {
  return s.size() <= n ? s : "…" + s.substr(s.size() - n);
}

/// A Node runner's command: its stdout moved to stderr and the protocol on fd 3
/// (PLUMB_PROTOCOL_FD, oracle/node/stdio_lines.js), so that native code writing to stdout —
/// Dawn prints shader compilation warnings there — cannot break the protocol.
std::vector<std::string> nodeRunnerArgv(const std::string& script) {
  return {"sh", "-c", "exec 3>&1 1>&2; exec node \"$0\"", script};
}

}  // namespace

std::vector<std::string> knownBackends() {
  return {"dawn", "deno", "deno-swiftshader", "chromium"};
}
std::vector<std::string> allBackends() {
  return {"dawn", "deno", "chromium"};
}

std::string backendDescription(const std::string& name) {
  if (name == "dawn") return "Tint in Dawn (npm webgpu) on SwiftShader";
  if (name == "deno") return "naga in wgpu (Deno) on lavapipe";
  if (name == "deno-swiftshader") return "naga in wgpu (Deno) on SwiftShader";
  if (name == "chromium") return "Tint in Chromium (headless) on SwiftShader";
  return name;
}

std::optional<BackendSpec> backendSpec(const std::string& name, const RunnerEnvironment& env,
                                       std::string& whyNot) {
  // Absolute: the runners start in their directory, where a relative path would not resolve.
  std::error_code absoluteError;
  const fs::path dir = fs::absolute(env.runnerDir, absoluteError);
  const std::string setup = "; run scripts/oracle_setup.sh (docs/oracle.md)";
  std::error_code ec;
  if (!fs::is_directory(dir / "node_modules", ec)) {
    whyNot =
        "the oracle runners are not installed (no " + (dir / "node_modules").string() + ")" + setup;
    return std::nullopt;
  }
  BackendSpec spec;
  spec.name = name;
  std::vector<std::pair<std::string, std::string>> common = {
      {"XDG_RUNTIME_DIR", env.tmpDir},
      {"MESA_SHADER_CACHE_DISABLE", "true"},
      {"PLUMB_RUNNER_TMPDIR", env.tmpDir},
      {"NO_COLOR", "1"},
  };
  spec.process.env = common;
  spec.process.workingDirectory = dir.string();
  auto needIcd = [&](const char* icd, const char* package) {
    if (fs::exists(icd, ec)) return true;
    whyNot =
        std::string("no Vulkan driver at ") + icd + " (Debian package " + package + ")" + setup;
    return false;
  };
  if (name == "dawn") {
    if (!needIcd(kSwiftShaderIcd, "chromium")) return std::nullopt;
    spec.process.argv = nodeRunnerArgv((dir / "dawn_runner.js").string());
    spec.process.env.push_back({"VK_ICD_FILENAMES", kSwiftShaderIcd});
    spec.process.env.push_back({"PLUMB_PROTOCOL_FD", "3"});
    return spec;
  }
  if (name == "deno" || name == "deno-swiftshader") {
    bool swift = name == "deno-swiftshader";
    if (!needIcd(swift ? kSwiftShaderIcd : kLavapipeIcd,
                 swift ? "chromium" : "mesa-vulkan-drivers"))
      return std::nullopt;
    fs::path deno = dir / "node_modules" / "@deno" / "linux-x64-glibc" / "deno";
    if (!fs::exists(deno, ec)) {
      whyNot = "no deno binary at " + deno.string() + setup;
      return std::nullopt;
    }
    spec.process.argv = {deno.string(), "run",         "--allow-read",
                         "--allow-env", "--no-prompt", "--quiet",
                         "--no-config", "--no-lock",   (dir / "deno_runner.js").string()};
    spec.process.env.push_back({"VK_ICD_FILENAMES", swift ? kSwiftShaderIcd : kLavapipeIcd});
    spec.process.env.push_back({"DENO_DIR", (fs::path(env.tmpDir) / "deno").string()});
    spec.process.env.push_back({"DENO_NO_UPDATE_CHECK", "1"});
    return spec;
  }
  if (name == "chromium") {
    const char* chromium = std::getenv("PLUMB_CHROMIUM");
    std::string exe = chromium ? chromium : "/usr/bin/chromium";
    if (!fs::exists(exe, ec)) {
      whyNot = "no Chromium at " + exe + " (Debian package chromium)" + setup;
      return std::nullopt;
    }
    spec.process.argv = nodeRunnerArgv((dir / "chromium_runner.js").string());
    spec.process.env.push_back({"PLUMB_PROTOCOL_FD", "3"});
    return spec;
  }
  whyNot = "unknown backend '" + name + "'";
  return std::nullopt;
}

namespace {

/// What one runner process of a backend did.
struct WorkerStats {
  bool started = false;  // the runner started once (later starts are restarts)
  int restarts = 0;
  size_t casesRun = 0;
  double firstStartSeconds = 0;
  double startSeconds = 0;
  std::string error;
  nlohmann::json hello;
};

/// One runner process working through the backend's cases: it takes the next case index from
/// `next` until none is left, restarting its runner after a crash or a timeout.
void runWorker(const BackendSpec& spec, const std::vector<OracleCase>& cases,
               const std::vector<std::optional<nlohmann::json>>& outcomes,
               const std::vector<std::string>& whyNot, const OracleOptions& options,
               std::vector<BackendCaseResult>& results, std::atomic<size_t>& next, WorkerStats& w,
               const std::function<void(const std::string&)>& say) {
  RunnerProcess runner(spec.process);
  int failedStarts = 0;  // consecutive failed restarts
  bool giveUp = false;
  std::string giveUpReason;

  auto startRunner = [&]() -> bool {
    auto t0 = std::chrono::steady_clock::now();
    std::string error;
    if (!runner.start(error)) {
      w.error = "cannot start the runner: " + error;
      return false;
    }
    std::string line;
    RunnerProcess::Reply r = runner.readLine(options.startTimeoutSeconds, line);
    double took = since(t0);
    w.startSeconds += took;
    if (!w.started) w.firstStartSeconds = took;
    if (r != RunnerProcess::Reply::Line) {
      w.error = "the runner did not start (" + runner.exitDescription() +
                "): " + tail(runner.stderrTail(), 600);
      runner.stop();
      return false;
    }
    nlohmann::json hello = nlohmann::json::parse(line, nullptr, false);
    if (hello.is_discarded() || hello.value("hello", "") != "plumb-oracle-runner") {
      w.error = "the runner's first line is not a plumb-oracle-runner hello: " + tail(line, 300);
      runner.stop();
      return false;
    }
    if (hello.contains("error")) {
      w.error =
          "the runner could not open a WebGPU device: " + hello.value("error", std::string("?"));
      runner.stop();
      return false;
    }
    if (w.hello.is_null()) w.hello = hello;
    return true;
  };

  for (size_t i; (i = next.fetch_add(1)) < cases.size();) {
    const OracleCase& c = cases[i];
    BackendCaseResult& r = results[i];
    if (!c.error.empty()) {
      r.status = "not-run";
      r.raw = {{"error", "case not prepared: " + c.error}};
      classify(c, std::nullopt, "", r);
      continue;
    }
    if (!runner.running()) {
      std::string notRun;
      if (giveUp) {
        notRun = giveUpReason;
      } else {
        if (w.started) ++w.restarts;
        if (w.restarts > options.maxRestarts) {
          giveUp = true;
          notRun = giveUpReason = "the runner was restarted " +
                                  std::to_string(options.maxRestarts) +
                                  " times; its remaining cases are not run";
          say(giveUpReason);
        } else if (!startRunner() &&
                   !(!w.started && startRunner())) {  // a first start gets a second try
          if (!w.started) {
            // This runner never started: leave the case to the other runners (if any start).
            r.status = "";
            return;
          }
          notRun = w.error;
          if (++failedStarts >= 2) {
            giveUp = true;
            giveUpReason = "the runner failed to restart twice: " + w.error;
            say(giveUpReason);
          }
        } else {
          w.started = true;
          failedStarts = 0;
        }
      }
      if (!notRun.empty()) {
        r.status = "not-run";
        r.raw = {{"error", notRun}};
        classify(c, std::nullopt, "", r);
        continue;
      }
    }
    ++w.casesRun;
    std::string line;
    RunnerProcess::Reply reply = RunnerProcess::Reply::Exited;
    if (runner.writeLine(runnerInput(c).dump()))
      reply = runner.readLine(options.caseTimeoutSeconds, line);
    if (reply == RunnerProcess::Reply::Line) {
      nlohmann::json raw = nlohmann::json::parse(line, nullptr, false);
      if (raw.is_discarded() || !raw.is_object()) {
        r.status = "crash";
        r.raw = {{"error", "the runner answered something that is not JSON: " + tail(line, 300)}};
        runner.stop();
      } else if (raw.value("id", nlohmann::json()) != nlohmann::json(c.id)) {
        r.status = "crash";
        r.raw = {{"error", "the runner answered for another case: " + tail(line, 300)}};
        runner.stop();
      } else {
        r.status = raw.value("status", "error");
        r.raw = std::move(raw);
        r.buffers = buffersOf(r.raw);
      }
    } else if (reply == RunnerProcess::Reply::Timeout) {
      r.status = "timeout";
      r.raw = {{"error", "no answer in " + std::to_string(options.caseTimeoutSeconds) + " s"},
               {"stderr", tail(runner.stderrTail(), 2000)}};
      say(c.id + ": timeout; restarting the runner");
    } else {
      r.status = "crash";
      r.raw = {{"error", "the runner ended (" + runner.exitDescription() + ")"},
               {"stderr", tail(runner.stderrTail(), 2000)}};
      say(c.id + ": the runner crashed (" + runner.exitDescription() + "); restarting it");
    }
    classify(c, outcomes[i], whyNot[i], r);
    if (isDisagreement(r.classification) || r.classification == Classification::PlumbBug)
      say(c.id + ": " + classificationName(r.classification) + ": " + r.detail);
  }
  runner.stop();
}

/// Runs every case on one backend with `options.jobs` runner processes.
void runBackend(const BackendSpec& spec, const std::vector<OracleCase>& cases,
                const std::vector<std::optional<nlohmann::json>>& outcomes,
                const std::vector<std::string>& whyNot, const OracleOptions& options,
                BackendRun& run, std::mutex& progressMutex) {
  auto say = [&](const std::string& line) {
    if (!options.progress) return;
    std::lock_guard<std::mutex> lock(progressMutex);
    options.progress(spec.name + ": " + line);
  };
  run.name = spec.name;
  run.results.assign(cases.size(), BackendCaseResult{});
  std::atomic<size_t> next{0};
  size_t jobs = std::max<size_t>(1, std::min<size_t>(options.jobs, cases.size()));
  std::vector<WorkerStats> stats(jobs);
  auto t0 = std::chrono::steady_clock::now();
  if (jobs == 1) {
    runWorker(spec, cases, outcomes, whyNot, options, run.results, next, stats[0], say);
  } else {
    std::vector<std::thread> threads;
    for (size_t j = 0; j < jobs; ++j)
      threads.emplace_back([&, j] {
        runWorker(spec, cases, outcomes, whyNot, options, run.results, next, stats[j], say);
      });
    for (std::thread& t : threads) t.join();
  }
  double wall = since(t0);
  bool anyStarted = false;
  for (const WorkerStats& w : stats) {
    anyStarted = anyStarted || w.started;
    run.restarts += w.restarts;
    run.casesRun += w.casesRun;
    run.startSeconds = std::max(run.startSeconds, w.firstStartSeconds);
    if (run.hello.is_null() && !w.hello.is_null()) run.hello = w.hello;
    if (run.error.empty() && !w.error.empty()) run.error = w.error;
  }
  // Cases time: the batch's wall time less the (parallel) first starts of the runners.
  run.seconds = std::max(0.0, wall - run.startSeconds);
  std::string startError = run.error;
  if (!anyStarted) {
    run.available = false;
    say("unavailable: " + run.error);
  } else {
    run.error.clear();
  }
  for (size_t i = 0; i < cases.size(); ++i) {
    BackendCaseResult& r = run.results[i];
    if (!r.status.empty()) continue;
    // Never taken, or given back by a runner that could not start.
    r.status = anyStarted ? "not-run" : "unavailable";
    r.raw = {{"error", startError.empty() ? std::string("not run") : startError}};
    classify(cases[i], std::nullopt, "", r);
  }
}

}  // namespace

OracleRun runOracle(std::vector<OracleCase> cases, std::vector<BackendRun> unavailable,
                    const OracleOptions& options) {
  OracleRun run;
  run.cases = std::move(cases);
  for (const OracleCase& c : run.cases) {
    std::string whyNot;
    std::optional<nlohmann::json> o;
    if (c.error.empty() && c.verdict.valid && (c.mode == CaseMode::Run || c.mode == CaseMode::Draw))
      o = options.outcomes(c, whyNot);
    else if (!c.error.empty())
      whyNot = "the case was not prepared";
    else if (!c.verdict.valid)
      whyNot = "Plumb rejects the program";
    else
      whyNot = "a verdict-only case: nothing is run";
    run.outcomes.push_back(std::move(o));
    run.outcomesWhyNot.push_back(whyNot);
  }
  run.backends.resize(options.backends.size());
  std::mutex progressMutex;
  if (options.parallelBackends && options.backends.size() > 1) {
    std::vector<std::thread> threads;
    for (size_t b = 0; b < options.backends.size(); ++b)
      threads.emplace_back([&, b] {
        runBackend(options.backends[b], run.cases, run.outcomes, run.outcomesWhyNot, options,
                   run.backends[b], progressMutex);
      });
    for (std::thread& t : threads) t.join();
  } else {
    for (size_t b = 0; b < options.backends.size(); ++b)
      runBackend(options.backends[b], run.cases, run.outcomes, run.outcomesWhyNot, options,
                 run.backends[b], progressMutex);
  }
  for (BackendRun& u : unavailable) {
    u.available = false;
    u.results.assign(run.cases.size(), BackendCaseResult{});
    for (size_t i = 0; i < run.cases.size(); ++i) {
      u.results[i].status = "unavailable";
      u.results[i].raw = {{"error", u.error}};
      classify(run.cases[i], std::nullopt, "", u.results[i]);
    }
    run.backends.push_back(std::move(u));
  }
  if (options.revisionDeltas) labelRevisionDeltas(run, options.outcomes);
  return run;
}

}  // namespace plumb::oracle
