// The real backends on the bundled cases (corpus/oracle): the facts issue 7 lists must come out.
// Skipped unless PLUMB_ORACLE_SMOKE names the backends to run ("dawn", "dawn,deno", "all")
// and the runners are installed (scripts/oracle_setup.sh). Core test runs never need Node.
#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "oracle/wgsl/oracle.h"

namespace plumb::oracle {
namespace {

namespace fs = std::filesystem;

/// The backends PLUMB_ORACLE_SMOKE names, or a reason to skip.
std::optional<OracleOptions> smokeOptions(const fs::path& tmp, std::string& skip) {
  const char* which = std::getenv("PLUMB_ORACLE_SMOKE");
  if (!which || !*which) {
    skip = "set PLUMB_ORACLE_SMOKE=dawn (or dawn,deno,chromium, all) to run";
    return std::nullopt;
  }
  std::vector<std::string> names;
  std::stringstream list(which);
  for (std::string n; std::getline(list, n, ',');) {
    if (n == "all")
      names.insert(names.end(), {"dawn", "deno", "chromium"});
    else if (!n.empty())
      names.push_back(n);
  }
  RunnerEnvironment env{PLUMB_ORACLE_RUNNER_DIR, tmp.string()};
  OracleOptions options;
  for (const std::string& n : names) {
    std::string why;
    std::optional<BackendSpec> spec = backendSpec(n, env, why);
    if (!spec) {
      skip = n + ": " + why;
      return std::nullopt;
    }
    options.backends.push_back(*spec);
  }
  return options;
}

/// What every smoke test sets up: a folder of its own (named by `tag` and the process, so that
/// tests run in parallel never share one), the backends PLUMB_ORACLE_SMOKE names and a case
/// timeout of 60 s; nullopt, with `skip` saying why, when they are not to run.
struct SmokeRun {
  fs::path tmp;
  OracleOptions options;
};
std::optional<SmokeRun> smokeRun(const std::string& tag, std::string& skip) {
  fs::path tmp =
      fs::temp_directory_path() / ("plumb-oracle-smoke-" + tag + std::to_string(::getpid()));
  std::optional<OracleOptions> options = smokeOptions(tmp, skip);
  if (!options) return std::nullopt;
  fs::create_directories(tmp);
  options->caseTimeoutSeconds = 60;
  return SmokeRun{tmp, *options};
}

/// Removes the run's directory; a browser whose runner just exited may still be writing its
/// profile there for a moment.
void removeRunDirectory(const fs::path& tmp) {
  std::error_code ec;
  fs::remove_all(tmp, ec);
  if (fs::exists(tmp, ec)) {
    ::usleep(500000);
    fs::remove_all(tmp, ec);
  }
}

std::vector<OracleCase> casesIn(const std::string& dir) {
  std::string error;
  std::vector<OracleCase> cases;
  for (const std::string& p : expandCasePaths({dir}, error)) cases.push_back(loadCase(p, {}));
  EXPECT_EQ(error, "");
  return cases;
}

// A runner that crashes, hangs or garbles its answer is restarted and the batch goes on, on
// the real runners too (tests/oracle/data/misbehave).
TEST(OracleSmoke, RealRunnersAreRestarted) {
  std::string skip;
  std::optional<SmokeRun> smoke = smokeRun("r-", skip);
  if (!smoke) GTEST_SKIP() << skip;
  smoke->options.caseTimeoutSeconds = 5;
  OracleRun run = runOracle(casesIn(std::string(PLUMB_SOURCE_DIR) + "/tests/oracle/data/misbehave"),
                            {}, smoke->options);
  removeRunDirectory(smoke->tmp);
  for (const BackendRun& b : run.backends) {
    ASSERT_TRUE(b.available) << b.name << ": " << b.error;
    EXPECT_EQ(b.restarts, 3) << b.name;
    for (size_t i = 0; i < run.cases.size(); ++i) {
      const std::string& test = run.cases[i].runnerTest;
      Classification want = test == "hang" ? Classification::Timeout
                            : test.empty() ? Classification::Agree
                                           : Classification::Crash;
      EXPECT_EQ(b.results[i].classification, want) << b.name << " " << run.cases[i].id;
    }
  }
}

TEST(OracleSmoke, BundledCasesOnRealBackends) {
  std::string skip;
  std::optional<SmokeRun> smoke = smokeRun("", skip);
  if (!smoke) GTEST_SKIP() << skip;
  OracleOptions options = smoke->options;
  std::vector<OracleCase> cases = casesIn(std::string(PLUMB_SOURCE_DIR) + "/corpus/oracle");
  OracleRun run = runOracle(cases, {}, options);
  removeRunDirectory(smoke->tmp);

  std::map<std::string, size_t> index;
  for (size_t i = 0; i < run.cases.size(); ++i) index[run.cases[i].id] = i;
  for (const BackendRun& b : run.backends) {
    ASSERT_TRUE(b.available) << b.name << ": " << b.error;
    bool naga = b.name.rfind("deno", 0) == 0;
    auto result = [&](const std::string& id) -> const BackendCaseResult& {
      return b.results.at(index.at(id));
    };
    auto word0 = [&](const std::string& id, uint32_t binding = 0) -> uint32_t {
      for (const DeviceBuffer& d : result(id).buffers)
        if (d.binding == binding && !d.words.empty()) return d.words[0];
      ADD_FAILURE() << b.name << " " << id << ": no buffer";
      return 0xdeadbeef;
    };
    // Tint rejects ^ mixed with + and a barrier in non-uniform control flow; naga accepts both.
    Classification expectInvalid = naga ? Classification::AcceptsInvalid : Classification::Agree;
    EXPECT_EQ(result("xor-plus-mixing").classification, expectInvalid) << b.name;
    EXPECT_EQ(result("barrier-nonuniform").classification, expectInvalid) << b.name;
    // Tint folds bitcast<u32>(-0.0f) to 0, naga keeps 0x80000000; both allowed.
    EXPECT_EQ(word0("bitcast-negative-zero"), naga ? 0x80000000u : 0u) << b.name;
    // Out-of-bounds store: lavapipe drops it, SwiftShader (and Tint's robustness) clamps it.
    const std::vector<uint32_t>& oob = result("oob-store").buffers.at(0).words;
    if (b.name == "deno")
      EXPECT_EQ(oob, (std::vector<uint32_t>{0, 0, 0, 0}));
    else
      EXPECT_EQ(oob, (std::vector<uint32_t>{0, 0, 0, 7})) << b.name;
    // Everything else agrees, and every output lies in the allowed set.
    for (size_t i = 0; i < run.cases.size(); ++i) {
      const std::string& id = run.cases[i].id;
      if (id == "xor-plus-mixing" || id == "barrier-nonuniform") continue;
      EXPECT_EQ(b.results[i].classification, Classification::Agree)
          << b.name << " " << id << ": " << b.results[i].detail;
    }
  }
}

// Sampling (corpus/oracle/sampling, issue 19): every sampled value of the real backends lies
// in Plumb's sets (docs/ambiguities.md T1–T11), except SwiftShader's texels across a cube
// face's edge, which read as zero (docs/oracle.md "Sampling"): a finding, not a too-narrow set.
TEST(OracleSmoke, SamplingCasesOnRealBackends) {
  std::string skip;
  std::optional<SmokeRun> smoke = smokeRun("sampling-", skip);
  if (!smoke) GTEST_SKIP() << skip;
  OracleOptions options = smoke->options;
  options.outcomes = interpreterOutcomeProvider();
  std::vector<OracleCase> cases =
      casesIn(std::string(PLUMB_SOURCE_DIR) + "/corpus/oracle/sampling");
  OracleRun run = runOracle(cases, {}, options);
  removeRunDirectory(smoke->tmp);
  for (const BackendRun& b : run.backends) {
    ASSERT_TRUE(b.available) << b.name << ": " << b.error;
    bool swiftShader = b.name == "dawn" || b.name == "chromium" || b.name == "deno-swiftshader";
    for (size_t i = 0; i < run.cases.size(); ++i) {
      bool seams = run.cases[i].id == "cube-faces-and-seams";
      EXPECT_EQ(b.results[i].classification,
                swiftShader && seams ? Classification::OutputOutside : Classification::Agree)
          << b.name << " " << run.cases[i].id << ": " << b.results[i].detail;
    }
  }
}

// The draw cases (corpus/oracle/draw, docs/oracle.md "Draws"): a fragment stage over a
// viewport (interpolation, derivatives, discard, an integer target), frag_depth and a
// back face, a vertex stage with instances through the write-out; and two shaders of
// corpus/oracle/render that sample with implicit LOD. Every backend agrees, each pixel and
// vertex compared, none inconclusive.
TEST(OracleSmoke, DrawCasesOnRealBackends) {
  std::string skip;
  std::optional<SmokeRun> smoke = smokeRun("draw-", skip);
  if (!smoke) GTEST_SKIP() << skip;
  OracleOptions options = smoke->options;
  options.outcomes = interpreterOutcomeProvider();
  std::vector<OracleCase> cases = casesIn(std::string(PLUMB_SOURCE_DIR) + "/corpus/oracle/draw");
  ASSERT_GE(cases.size(), 3u);
  // Two real-world-style shaders with implicit-LOD sampling (corpus/oracle/render).
  for (const char* name : {"tone_mapping.json", "mip_selection.json"})
    cases.push_back(loadCase(std::string(PLUMB_SOURCE_DIR) + "/corpus/oracle/render/" + name, {}));
  OracleRun run = runOracle(cases, {}, options);
  removeRunDirectory(smoke->tmp);
  for (const BackendRun& b : run.backends) {
    ASSERT_TRUE(b.available) << b.name << ": " << b.error;
    for (size_t i = 0; i < run.cases.size(); ++i) {
      const BackendCaseResult& r = b.results[i];
      EXPECT_EQ(r.classification, Classification::Agree)
          << b.name << " " << run.cases[i].id << ": " << r.detail;
      EXPECT_EQ(r.outcome.status, OutcomeMatch::Status::Conformant)
          << b.name << " " << run.cases[i].id << ": " << r.outcome.note;
    }
  }
}

// Revision 2026: draws of shaders that read immediate data (var<immediate>): the runners pass
// the case's immediates to the render pass, and to the vertex write-out's compute pass, with
// setImmediates; every pixel and vertex lies in Plumb's set, which reads the same words.
TEST(OracleSmoke, DrawCasesWithImmediatesOnRealBackends) {
  std::string skip;
  std::optional<SmokeRun> smoke = smokeRun("imm-", skip);
  if (!smoke) GTEST_SKIP() << skip;
  OracleOptions options = smoke->options;
  options.outcomes = interpreterOutcomeProvider();
  VerdictOptions current;
  current.revision = "2026";
  current.revisionGiven = true;
  std::vector<OracleCase> cases;
  for (const char* name : {"fragment-immediates.json", "vertex-immediates.json"})
    cases.push_back(
        loadCase(std::string(PLUMB_SOURCE_DIR) + "/corpus/oracle/revision2026/" + name, current));
  OracleRun run = runOracle(cases, {}, options);
  removeRunDirectory(smoke->tmp);
  for (const BackendRun& b : run.backends) {
    ASSERT_TRUE(b.available) << b.name << ": " << b.error;
    for (size_t i = 0; i < run.cases.size(); ++i) {
      const BackendCaseResult& r = b.results[i];
      // A WebGPU without setImmediates skips the case and says why; Dawn has it (docs/oracle.md).
      if (b.name != "dawn" && r.classification == Classification::Skipped) continue;
      EXPECT_EQ(r.classification, Classification::Agree)
          << b.name << " " << run.cases[i].id << ": " << r.detail;
      EXPECT_EQ(r.outcome.status, OutcomeMatch::Status::Conformant)
          << b.name << " " << run.cases[i].id << ": " << r.outcome.note;
    }
  }
}

// Verdict-only cases (tests/oracle/data/verdicts): shader modules alone, render pipelines for
// vertex and fragment entry points, pipeline-overridable constants, plumb-case files.
TEST(OracleSmoke, VerdictCasesOnRealBackends) {
  std::string skip;
  std::optional<SmokeRun> smoke = smokeRun("v-", skip);
  if (!smoke) GTEST_SKIP() << skip;
  OracleOptions options = smoke->options;
  options.outcomes = interpreterOutcomeProvider();
  OracleRun run = runOracle(casesIn(std::string(PLUMB_SOURCE_DIR) + "/tests/oracle/data/verdicts"),
                            {}, options);
  removeRunDirectory(smoke->tmp);
  ASSERT_EQ(run.cases.size(), 10u);
  // What every backend must answer (status), besides agreeing with Plumb.
  const std::map<std::string, std::string> status = {{"syntax-error", "shader-error"},
                                                     {"type-error", "shader-error"},
                                                     {"no-entry-point", "module-ok"},
                                                     {"fragment-targets", "pipeline-ok"},
                                                     {"fragment-depth", "pipeline-ok"},
                                                     {"override-constants", "executed"},
                                                     {"override-missing-value", "pipeline-error"},
                                                     {"unreachable-warning", "executed"},
                                                     {"litmus-mp-relaxed", "executed"}};
  for (const BackendRun& b : run.backends) {
    ASSERT_TRUE(b.available) << b.name << ": " << b.error;
    bool naga = b.name.rfind("deno", 0) == 0;
    for (size_t i = 0; i < run.cases.size(); ++i) {
      const std::string& id = run.cases[i].id;
      const BackendCaseResult& r = b.results[i];
      EXPECT_EQ(run.cases[i].error, "") << id;
      EXPECT_EQ(verdictMismatch(run.cases[i]), "") << id;
      // naga does not apply the uniformity analysis to barriers (as barrier-nonuniform).
      if (id == "uniformity-strict" && naga) {
        EXPECT_EQ(r.classification, Classification::AcceptsInvalid) << b.name;
        continue;
      }
      EXPECT_EQ(r.classification, Classification::Agree) << b.name << " " << id << ": " << r.detail;
      if (status.count(id)) {
        EXPECT_EQ(r.status, status.at(id)) << b.name << " " << id << ": " << r.detail;
      }
    }
  }
}

}  // namespace
}  // namespace plumb::oracle
