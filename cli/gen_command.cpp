// plumb gen FAMILY... --count N --seed S --out DIR [--revision R] [--shard I/N]: generates
// programs on both sides of the rules of each family with their expected results (issue 13;
// docs/gen.md). Deterministic; every file written atomically; a progress line on a terminal.

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/revision_option.h"
#include "cli/shard_option.h"
#include "gen/cg/cg_programs.h"
#include "gen/generator.h"
#include "semantics/atomic_file.h"
#include "semantics/suggest.h"

namespace plumb::cli {

namespace {

struct GenOptionsCli {
  std::vector<std::string> families;
  uint64_t count = 100;
  uint64_t seed = 1;
  std::string out;
  std::string revision = "2022-06";
  std::string shard = "0/1";
  uint64_t resourceLimit = 20'000'000;
  unsigned timeoutMs = 10'000;
  bool quiet = false;
};

int runGen(const GenOptionsCli& o) {
  gen::GenOptions options;
  const Revision* revision = resolveRevision("gen", o.revision);
  if (!revision) return kUsage;
  bool cg = false;  // the Cg seed's family (gen/cg): its own driver and manifest
  for (const std::string& name : o.families) {
    if (name == "cg") {
      if (o.revision != "2022-06") {
        std::cerr << "plumb gen: error: family 'cg' generates Cg programs; --revision is WGSL's\n";
        return kUsage;
      }
      cg = true;
      continue;
    }
    if (name == "all") {
      // Every family that generates for the revision; the others are named on stderr.
      for (const auto& f : gen::families()) {
        if (std::string why = f->revisionSupport(*revision); !why.empty()) {
          std::cerr << "plumb gen: note: family '" << f->name() << "' left out: " << why << "\n";
          continue;
        }
        options.families.push_back(f.get());
      }
      continue;
    }
    const gen::Family* f = gen::familyByName(name);
    if (!f) {
      std::string known;
      std::vector<std::string_view> names = {"all", "cg"};
      for (const auto& k : gen::families()) {
        known += (known.empty() ? "" : ", ") + std::string(k->name());
        names.push_back(k->name());
      }
      std::optional<std::string> close = closestName(name, names);
      std::cerr << "plumb gen: error: unknown family '" << name << "'"
                << (close ? "; did you mean '" + *close + "'?" : "") << " (families: " << known
                << ", all; cg)\n";
      return kUsage;
    }
    options.families.push_back(f);
  }
  // A family whose own expectations follow the seed's rules cannot generate for another
  // revision (Family::revisionSupport): refused by name, before anything is written.
  for (const gen::Family* f : options.families)
    if (std::string why = f->revisionSupport(*revision); !why.empty()) {
      std::cerr << "plumb gen: error: family '" << f->name() << "' cannot generate revision "
                << o.revision << ": " << why << "\n";
      return kUsage;
    }
  auto shard = parseShard("gen", o.shard);
  if (!shard) return kUsage;
  options.count = o.count;
  options.seed = o.seed;
  options.outDir = o.out;
  options.revision = o.revision;
  options.shardIndex = shard->index;
  options.shardCount = shard->count;
  options.limits.resourceLimit = o.resourceLimit;
  options.limits.timeoutMs = o.timeoutMs;
  installTemporaryFileCleanup();
  bool disagreements = false;
  if (cg) {
    gen::cg::CgGenOptions c;
    c.count = o.count;
    c.seed = o.seed;
    c.outDir = o.out;
    c.shardIndex = shard->index;
    c.shardCount = shard->count;
    c.limits = options.limits;
    gen::cg::CgGenReport r = gen::cg::generateCgPrograms(c);
    if (!r.error.empty()) {
      std::cerr << "plumb gen: error: " << r.error << "\n";
      return kUsage;
    }
    uint64_t failures = 0;
    for (const auto& [why, n] : r.failures) failures += n;
    std::cout << "cg: " << r.programs << " programs from " << r.slots << " slots";
    if (r.duplicates) std::cout << ", " << r.duplicates << " duplicate slots";
    if (failures) std::cout << ", " << failures << " slots without a model";
    if (r.disagreements)
      std::cout << ", " << r.disagreements << " disagreements (no program written)";
    std::cout << "\n  solver: " << r.solver.solves << " solves, " << r.solver.sat << " sat, "
              << r.solver.unsat << " unsat, " << r.solver.resourceLimit << " resource limit, "
              << r.solver.timeout << " timeout, " << r.solver.errors << " errors\n";
    for (const auto& [why, n] : r.failures)
      std::cout << "  no model (" << n << "): " << why << "\n";
    for (const nlohmann::json& d : r.disagreementList)
      std::cout << "  disagreement: " << d["program"].get<std::string>() << ": "
                << d["disagreement"].get<std::string>() << "\n";
    std::cout << "manifest: " << r.manifestPath << " (plumb cg oracle compares it with cgc)\n";
    disagreements = r.disagreements > 0;
    if (options.families.empty()) return disagreements ? kRejected : kOk;
  }
  gen::GenReport report;
  {
    // On a terminal, after a second: the family and slot being generated (progress.h).
    ProgressLine progress(progressWanted(o.quiet), "plumb gen: starting");
    if (progressWanted(o.quiet))
      options.progress = [&progress](const std::string& line) { progress.update(line); };
    report = gen::generateCorpus(options);
  }
  if (!report.error.empty()) {
    std::cerr << "plumb gen: error: " << report.error << "\n";
    return kUsage;
  }
  for (const gen::FamilyReport& f : report.families) {
    uint64_t failures = 0;
    for (const auto& [why, n] : f.failures) failures += n;
    std::cout << f.name << ": " << f.cases << " cases from " << f.slots << " slots";
    if (f.duplicates) std::cout << ", " << f.duplicates << " duplicate slots";
    if (failures) std::cout << ", " << failures << " slots without a model";
    if (f.disagreements) std::cout << ", " << f.disagreements << " disagreements (no case written)";
    char rate[64];
    std::snprintf(rate, sizeof rate, " (%.1f s, %.0f cases/min)", f.seconds,
                  f.seconds > 0 ? 60.0 * static_cast<double>(f.cases) / f.seconds : 0.0);
    std::cout << rate << "\n";
    std::cout << "  solver: " << f.solver.solves << " solves, " << f.solver.sat << " sat, "
              << f.solver.unsat << " unsat, " << f.solver.resourceLimit << " resource limit, "
              << f.solver.timeout << " timeout, " << f.solver.errors << " errors\n";
    for (const auto& [why, n] : f.failures)
      std::cout << "  no model (" << n << "): " << why << "\n";
    for (const nlohmann::json& d : f.disagreementList) {
      std::cout << "  disagreement: " << d["case"].get<std::string>() << ": "
                << d["disagreement"].get<std::string>() << "\n";
    }
    disagreements = disagreements || f.disagreements > 0;
  }
  std::cout << "manifest: " << report.manifestPath << "\n";
  // Disagreements are findings (a Plumb bug or a generator bug): the run is not clean.
  return disagreements ? kRejected : kOk;
}

}  // namespace

void registerGen(CLI::App& app, int& exitCode) {
  auto opts = std::make_shared<GenOptionsCli>();
  std::string families;
  for (const auto& f : gen::families())
    families += (families.empty() ? "" : ", ") + std::string(f->name());
  CLI::App* cmd = app.add_subcommand(
      "gen",
      "Generate programs on both sides of the spec's rules, each with its expected result "
      "(families: " +
          families +
          ", all; and cg, the Cg seed's, not in all).\nExit status: 0 every case written, 1 if a "
          "derivation disagreed with the solver "
          "(no case\nwritten for it), 2 on usage and input errors.");
  cmd->add_option("families", opts->families, "families to generate (or all)")->required();
  cmd->add_option("--count", opts->count, "case slots per family (each an edge pair or one case)");
  cmd->add_option("--seed", opts->seed, "seed: the same seed and arguments give the same corpus");
  cmd->add_option("--out", opts->out, "corpus directory (created if needed)")->required();
  addRevisionOption(cmd, opts->revision,
                    "the programs are derived (checked and run) under it;\n"
                    "2026: the families runtime and litmus (the others refuse)");
  cmd->add_option("--shard", opts->shard, "make only the slots s with s mod N == I (I/N)");
  cmd->add_option("--solver-rlimit", opts->resourceLimit,
                  "Z3 resource limit per solve (deterministic; exceeded: reported, no case)");
  cmd->add_option("--solver-timeout", opts->timeoutMs, "wall-clock limit per solve in ms");
  cmd->add_flag("--quiet", opts->quiet, "no progress line");
  cmd->callback([opts, &exitCode] { exitCode = runGen(*opts); });
}

}  // namespace plumb::cli
