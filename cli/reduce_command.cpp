// plumb reduce CASE --keep PROPERTY... [--out FILE]: shrinks a case's program while every
// property holds (issue 13; docs/gen.md "plumb reduce"). Plumb judges its own properties in
// process; backend properties run the candidate on a production backend through the oracle.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/revision_option.h"
#include "gen/case.h"
#include "gen/derive.h"
#include "gen/wgsl/reduce.h"
#include "oracle/wgsl/oracle.h"
#include "semantics/atomic_file.h"

namespace plumb::cli {

namespace {

namespace fs = std::filesystem;

struct ReduceOptionsCli {
  std::string input;
  std::vector<std::string> keep;
  std::string out;
  size_t maxTests = 5000;
  double timeout = 30;
  std::string runnerDir;
  bool quiet = false;
  std::string revision;  // empty: the case's own, else 2022-06
};

/// The case being reduced: its document (a plumb-case, a plumb-oracle-case, or none for a
/// .wgsl file), its program, and Plumb's options for it.
struct Input {
  enum Kind { Wgsl, GeneratedCase, OracleCase } kind = Wgsl;
  nlohmann::json document;
  std::string wgsl;
  gen::CaseOptions options;
  /// The revision candidates are parsed and judged under: --revision, else a plumb-case's own.
  std::string revision = "2022-06";
};

std::optional<Input> loadInput(const std::string& path, std::string& error) {
  std::string why;
  std::unique_ptr<SourceFile> file = readSourceFile(path, why);
  if (!file) {
    error = "cannot read '" + path + "': " + why;
    return std::nullopt;
  }
  std::string text(file->text());
  Input in;
  if (fs::path(path).extension() == ".wgsl") {
    in.wgsl = text;
    return in;
  }
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    error = "'" + path + "' is neither a .wgsl file nor a JSON case";
    return std::nullopt;
  }
  std::string format = j.value("format", "");
  if (format == gen::kCaseFormat) {
    std::optional<gen::GeneratedCase> c = gen::caseFromJson(j, error);
    if (!c) return std::nullopt;
    in.kind = Input::GeneratedCase;
    in.options = c->options;
    in.revision = c->revision;
    in.wgsl = c->wgsl;
  } else if (format == "plumb-oracle-case" && j.contains("wgsl") && j["wgsl"].is_string()) {
    in.kind = Input::OracleCase;
    in.wgsl = j["wgsl"].get<std::string>();
  } else {
    error =
        "'" + path + "': a plumb-case or a plumb-oracle-case with its program inline (\"wgsl\")";
    return std::nullopt;
  }
  in.document = std::move(j);
  return in;
}

/// The input's document with another program (what a runner or the output file gets).
nlohmann::json withProgram(const Input& in, const std::string& wgsl) {
  nlohmann::json j = in.document;
  j["wgsl"] = wgsl;
  return j;
}

/// Plumb's verdict on a candidate: "valid" or the first error's rule.
std::string plumbVerdict(const Input& in, const std::string& wgsl) {
  gen::GeneratedCase c;
  c.name = "candidate";
  c.wgsl = wgsl;
  c.options = in.options;
  c.revision = in.revision;
  nlohmann::json e = gen::deriveExpectation(c);
  return e.value("verdict", "") == "valid" ? "valid" : "invalid:" + e.value("rule", "");
}

/// Runs candidates on one backend through the oracle, one case per call (a runner is started
/// for each: simple and robust; Dawn starts in about 0.2 s).
class BackendJudge {
 public:
  BackendJudge(std::string backend, const ReduceOptionsCli& o, const Input& in)
      : backend_(std::move(backend)), in_(in), timeout_(o.timeout) {
    const char* envDir = std::getenv("PLUMB_ORACLE_DIR");
    env_.runnerDir = !o.runnerDir.empty() ? o.runnerDir : envDir ? envDir : PLUMB_ORACLE_RUNNER_DIR;
    std::string tmpl = (fs::temp_directory_path() / "plumb-reduce-XXXXXX").string();
    if (::mkdtemp(tmpl.data())) env_.tmpDir = tmpl;
  }
  ~BackendJudge() {
    std::error_code ec;
    if (!env_.tmpDir.empty()) fs::remove_all(env_.tmpDir, ec);
  }

  bool available(std::string& why) {
    if (env_.tmpDir.empty()) {
      why = "cannot create a temporary directory";
      return false;
    }
    return oracle::backendSpec(backend_, env_, why).has_value();
  }

  /// The oracle's classification of the candidate on the backend, and its runner status.
  std::pair<std::string, std::string> judge(const std::string& wgsl) {
    fs::path dir = fs::path(env_.tmpDir) / "cases";
    std::error_code ec;
    fs::create_directories(dir, ec);
    std::string path;
    std::string error;
    if (in_.kind == Input::Wgsl) {
      path = (dir / "candidate.wgsl").string();
      writeFileAtomically(path, wgsl, error);
    } else {
      nlohmann::json j = withProgram(in_, wgsl);
      if (in_.kind == Input::GeneratedCase) {
        // The runners take plumb-oracle-case files: the program, its dispatch and bindings.
        nlohmann::json oc = {
            {"format", "plumb-oracle-case"}, {"version", 1}, {"name", "candidate"}, {"wgsl", wgsl}};
        for (const char* k : {"entry", "dispatch", "bindings"})
          if (j.contains(k)) oc[k] = j[k];
        j = oc;
      }
      path = (dir / "candidate.json").string();
      writeFileAtomically(path, j.dump(), error);
    }
    oracle::VerdictOptions vo;
    vo.strictUniformity = in_.options.strictUniformity;
    oracle::OracleCase c = oracle::loadCase(path, vo);
    if (!c.error.empty()) return {"skipped", c.error};
    std::string why;
    std::optional<oracle::BackendSpec> spec = oracle::backendSpec(backend_, env_, why);
    if (!spec) return {"skipped", why};
    oracle::OracleOptions options;
    options.backends.push_back(std::move(*spec));
    options.caseTimeoutSeconds = timeout_;
    options.outcomes = oracle::interpreterOutcomeProvider();
    oracle::OracleRun run = oracle::runOracle({c}, {}, options);
    if (run.backends.empty() || run.backends[0].results.empty()) return {"skipped", "not run"};
    const oracle::BackendCaseResult& r = run.backends[0].results[0];
    return {oracle::classificationName(r.classification), r.status};
  }

 private:
  std::string backend_;
  const Input& in_;
  double timeout_;
  oracle::RunnerEnvironment env_;
};

/// One --keep property.
struct Keep {
  std::string text;
  std::function<bool(const std::string&)> holds;
};

std::optional<Keep> parseKeep(const std::string& spec, const Input& in, const ReduceOptionsCli& o,
                              std::vector<std::unique_ptr<BackendJudge>>& judges,
                              std::string& error) {
  Keep k;
  k.text = spec;
  std::string name = spec, arg;
  if (size_t colon = spec.find(':'); colon != std::string::npos) {
    name = spec.substr(0, colon);
    arg = spec.substr(colon + 1);
  }
  if (name == "plumb-accepts" && arg.empty()) {
    k.holds = [&in](const std::string& w) { return plumbVerdict(in, w) == "valid"; };
    return k;
  }
  if (name == "plumb-rejects") {
    // Without a rule: the rule Plumb names for the original program, so that a reduction
    // cannot trade the error being studied for another one.
    std::string rule = arg;
    if (rule.empty()) {
      std::string v = plumbVerdict(in, in.wgsl);
      if (v == "valid") {
        error = "plumb-rejects: Plumb accepts the original program";
        return std::nullopt;
      }
      rule = v.substr(8);
    }
    k.text = "plumb-rejects:" + rule;
    k.holds = [&in, rule](const std::string& w) {
      std::string v = plumbVerdict(in, w);
      return v != "valid" && (rule == "any" || v.substr(8) == rule);
    };
    return k;
  }
  auto backendNamed = [&](const std::string& b) -> BackendJudge* {
    for (const std::string& n : oracle::knownBackends())
      if (n == b) {
        judges.push_back(std::make_unique<BackendJudge>(b, o, in));
        std::string why;
        if (!judges.back()->available(why)) {
          error = b + " is not available: " + why + " (bash scripts/oracle_setup.sh)";
          return nullptr;
        }
        return judges.back().get();
      }
    error = "unknown backend '" + b + "'";
    return nullptr;
  };
  if (name == "backend-accepts" || name == "backend-rejects" || name == "output-outside") {
    BackendJudge* j = backendNamed(arg);
    if (!j) return std::nullopt;
    k.holds = [j, name](const std::string& w) {
      auto [classification, status] = j->judge(w);
      if (name == "output-outside") return classification == "output-outside";
      bool accepted = status == "executed" || status == "module-ok" || status == "pipeline-ok";
      bool rejected = status == "shader-error" || status == "pipeline-error";
      return name == "backend-accepts" ? accepted : rejected;
    };
    return k;
  }
  if (name == "classification") {
    size_t eq = arg.find('=');
    if (eq == std::string::npos) {
      error = "classification:BACKEND=CLASS";
      return std::nullopt;
    }
    std::string want = arg.substr(eq + 1);
    BackendJudge* j = backendNamed(arg.substr(0, eq));
    if (!j) return std::nullopt;
    k.holds = [j, want](const std::string& w) { return j->judge(w).first == want; };
    return k;
  }
  error = "unknown property '" + spec +
          "' (plumb-accepts, plumb-rejects[:RULE|:any], backend-accepts:B, backend-rejects:B, "
          "output-outside:B, classification:B=CLASS)";
  return std::nullopt;
}

int runReduce(const ReduceOptionsCli& o) {
  if (std::string why = o.out.empty() ? "" : outputFileProblem(o.out); !why.empty()) {
    printInputError("reduce", "cannot write '" + o.out + "': " + why);
    return kUsage;
  }
  std::string error;
  std::optional<Input> in = loadInput(o.input, error);
  if (!in) {
    std::cerr << "plumb reduce: error: " << error << "\n";
    return kUsage;
  }
  if (!o.revision.empty()) in->revision = o.revision;
  const Revision* revision = resolveRevision("reduce", in->revision);
  if (!revision) return kUsage;
  std::vector<std::unique_ptr<BackendJudge>> judges;
  std::vector<Keep> keeps;
  for (const std::string& spec : o.keep) {
    std::optional<Keep> k = parseKeep(spec, *in, o, judges, error);
    if (!k) {
      std::cerr << "plumb reduce: error: " << error << "\n";
      return kUsage;
    }
    keeps.push_back(std::move(*k));
  }
  gen::wgsl::ReduceOptions options;
  options.maxTests = o.maxTests;
  options.revision = revision;
  if (!o.quiet && ::isatty(STDERR_FILENO))
    options.progress = [](const std::string& l) { std::cerr << "\r\033[K" << l << std::flush; };
  gen::wgsl::ReduceResult r = gen::wgsl::reduceProgram(
      in->wgsl,
      [&](const std::string& w) {
        for (const Keep& k : keeps)
          if (!k.holds(w)) return false;
        return true;
      },
      options);
  if (options.progress) std::cerr << "\r\033[K";
  std::string what;
  for (const Keep& k : keeps) what += (what.empty() ? "" : " and ") + k.text;
  if (!r.holdsInitially) {
    std::cerr << "plumb reduce: the original program does not have the property (" << what << ")\n";
    return kRejected;
  }
  std::string output;
  if (in->kind == Input::Wgsl) {
    output = r.wgsl;
  } else {
    nlohmann::json j = withProgram(*in, r.wgsl);
    if (in->kind == Input::GeneratedCase) {
      std::optional<gen::GeneratedCase> c = gen::caseFromJson(j, error);
      if (c) {
        j["expect"] = gen::deriveExpectation(*c);
        j["derivation"]["reducedFrom"] = in->document.value("name", o.input);
        j["derivation"]["kept"] = what;
        j.erase("twin");
      }
    }
    output = j.dump(1) + "\n";
  }
  if (o.out.empty()) {
    std::cout << output;
  } else if (!writeFileAtomically(o.out, output, error)) {
    std::cerr << "plumb reduce: error: " << error << "\n";
    return kUsage;
  }
  std::cerr << "plumb reduce: " << in->wgsl.size() << " -> " << r.wgsl.size() << " bytes, "
            << r.accepted << " edits kept, " << r.tests << " tests (" << what << ")"
            << (r.limitReached ? "; stopped at --max-tests: it may reduce further" : "") << "\n";
  // Stopped by the bound: the case is written and has the property, but the answer is
  // incomplete (README, exit status).
  return r.limitReached ? kRejected : kOk;
}

}  // namespace

void registerReduce(CLI::App& app, int& exitCode) {
  auto opts = std::make_shared<ReduceOptionsCli>();
  CLI::App* cmd = app.add_subcommand(
      "reduce",
      "Shrink a case's program while properties hold (Plumb and backends as judges).\n"
      "Exit status: 0 reduced as far as the edits go, 1 if the original lacks the property or\n"
      "--max-tests stopped the reduction (the case so far is still written), 2 on usage and\n"
      "input errors.");
  cmd->add_option("case", opts->input, "a .wgsl file, a plumb-case or a plumb-oracle-case")
      ->required();
  cmd->add_option("--keep", opts->keep,
                  "property to keep (repeatable): plumb-accepts, plumb-rejects[:RULE|:any], "
                  "backend-accepts:B, backend-rejects:B, output-outside:B, classification:B=CLASS")
      ->required();
  cmd->add_option("--out", opts->out, "write the reduced case here (default: standard output)");
  cmd->add_option("--max-tests", opts->maxTests, "bound on property evaluations");
  cmd->add_option("--timeout", opts->timeout, "seconds per backend run of one candidate");
  cmd->add_option("--runner-dir", opts->runnerDir, "where the oracle runners are (oracle/node)");
  cmd->add_flag("--quiet", opts->quiet, "no progress line");
  addRevisionOption(cmd, opts->revision,
                    "the grammar and rules candidates are parsed and judged under (default: a "
                    "plumb-case's own revision, else 2022-06)");
  cmd->callback([opts, &exitCode] { exitCode = runReduce(*opts); });
}

}  // namespace plumb::cli
