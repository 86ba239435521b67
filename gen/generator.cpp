#include "gen/generator.h"

#include <chrono>
#include <filesystem>
#include <set>

#include "gen/derive.h"
#include "semantics/atomic_file.h"

namespace plumb::gen {

namespace fs = std::filesystem;

namespace {

/// The identity of a program for deduplication: its text and the options that change its
/// meaning.
std::string programKey(const GeneratedCase& c) {
  std::string k = c.wgsl;
  k += '\0';
  k += c.options.strictUniformity ? 'S' : '-';
  k += c.options.pipelineCreation ? 'P' : '-';
  for (const auto& [n, v] : c.options.overrides) k += n + "=" + v + ";";
  if (c.dispatch) k += c.dispatch->entry + c.dispatch->bindings.dump();
  return k;
}

nlohmann::json statsJson(const SolveStats& s) {
  return {{"solves", s.solves},   {"sat", s.sat},
          {"unsat", s.unsat},     {"resourceLimit", s.resourceLimit},
          {"timeout", s.timeout}, {"errors", s.errors}};
}

/// Removes hidden temporary files an interrupted run may have left (writeFileAtomically).
void removeStaleTemporaries(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    std::string n = e.path().filename().string();
    if (e.is_regular_file(ec) && n.starts_with(".") && n.find(".tmp.") != std::string::npos)
      fs::remove(e.path(), ec);
  }
}

}  // namespace

std::string manifestName(uint32_t shardIndex, uint32_t shardCount) {
  if (shardCount <= 1) return "manifest.json";
  return "manifest." + std::to_string(shardIndex) + "-of-" + std::to_string(shardCount) + ".json";
}

SlotResult generateSlot(const Family& family, uint64_t seed, uint64_t slot,
                        const SolverLimits& limits, SolveStats& stats,
                        const std::string& revision) {
  SlotResult out;
  // The solver's seed is drawn from the slot's stream, so it too depends on the slot only.
  Rng rng = Rng::forSlot(seed, family.name(), slot);
  SolverSession session(rng.next(), limits, stats);
  SlotContext ctx{seed, slot, rng, session};
  SlotDrafts drafts = family.draft(ctx);
  if (drafts.drafts.empty()) {
    out.failure = drafts.failure.empty() ? "no case" : drafts.failure;
    return out;
  }
  for (Draft& d : drafts.drafts) {
    d.c.family = std::string(family.name());
    d.c.revision = revision;
    d.c.expect = deriveExpectation(d.c);
    std::string why = compareWithIntended(d.intended, d.c.expect);
    if (!why.empty()) {
      out.cases.clear();
      out.disagreement = why;
      out.disagreementDetail = {{"family", family.name()},
                                {"slot", slot},
                                {"case", d.c.name},
                                {"rowId", d.c.rule.rowId},
                                {"side", sideName(d.c.rule.side)},
                                {"disagreement", why},
                                {"plumb", d.c.expect},
                                {"wgsl", d.c.wgsl}};
      return out;
    }
    out.cases.push_back(std::move(d.c));
  }
  return out;
}

GenReport generateCorpus(const GenOptions& options) {
  GenReport report;
  const Revision* revision = Revision::byName(options.revision);
  if (!revision) {
    report.error = "unknown revision '" + options.revision + "'";
    return report;
  }
  for (const Family* family : options.families)
    if (std::string why = family->revisionSupport(*revision); !why.empty()) {
      report.error = "family '" + std::string(family->name()) + "' cannot generate revision " +
                     options.revision + ": " + why;
      return report;
    }
  fs::path root(options.outDir);
  std::error_code ec;
  fs::create_directories(root, ec);
  if (ec) {
    report.error = "cannot create '" + options.outDir + "': " + ec.message();
    return report;
  }
  removeStaleTemporaries(root);
  nlohmann::json families = nlohmann::json::object();
  for (const Family* family : options.families) {
    FamilyReport fr;
    fr.name = std::string(family->name());
    auto t0 = std::chrono::steady_clock::now();
    fs::path dir = root / fr.name;
    fs::create_directories(dir, ec);
    if (ec) {
      report.error = "cannot create '" + dir.string() + "': " + ec.message();
      return report;
    }
    removeStaleTemporaries(dir);
    for (const RuleRow& row : family->rows()) fr.rows[row.id];  // every row, also without cases
    std::set<std::string> seen;
    for (uint64_t slot = options.shardIndex; slot < options.count; slot += options.shardCount) {
      ++fr.slots;
      SlotResult r =
          generateSlot(*family, options.seed, slot, options.limits, fr.solver, options.revision);
      if (!r.failure.empty()) {
        ++fr.failures[r.failure];
      } else if (!r.disagreement.empty()) {
        ++fr.disagreements;
        if (fr.disagreementList.size() < 20) fr.disagreementList.push_back(r.disagreementDetail);
      } else {
        bool duplicate = false;
        for (const GeneratedCase& c : r.cases) duplicate = duplicate || seen.count(programKey(c));
        if (duplicate) {
          ++fr.duplicates;
        } else {
          for (GeneratedCase& c : r.cases) {
            seen.insert(programKey(c));
            std::string error;
            std::string rel = fr.name + "/" + caseFileName(c);
            if (!writeFileAtomically((root / rel).string(), toJson(c).dump(1) + "\n", error)) {
              report.error = error;
              report.families.push_back(std::move(fr));
              return report;
            }
            fr.caseFiles.push_back(rel);
            ++fr.cases;
            RowCount& rc = fr.rows[c.rule.rowId];
            ++(c.rule.side == Side::Valid ? rc.valid : rc.invalid);
          }
        }
      }
      if (options.progress && (fr.slots % 16 == 0 || slot + options.shardCount >= options.count))
        options.progress(
            fr.name + " " + std::to_string(fr.slots) + "/" +
            std::to_string((options.count - options.shardIndex + options.shardCount - 1) /
                           options.shardCount) +
            " slots, " + std::to_string(fr.cases) + " cases");
    }
    fr.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    nlohmann::json rows = nlohmann::json::object();
    for (const auto& [id, rc] : fr.rows) rows[id] = {{"valid", rc.valid}, {"invalid", rc.invalid}};
    nlohmann::json failures = nlohmann::json::object();
    for (const auto& [why, n] : fr.failures) failures[why] = n;
    families[fr.name] = {{"slots", fr.slots},
                         {"cases", fr.cases},
                         {"duplicates", fr.duplicates},
                         {"failures", failures},
                         {"disagreements", fr.disagreements},
                         {"disagreementList", fr.disagreementList},
                         {"solver", statsJson(fr.solver)},
                         {"rows", rows},
                         {"files", fr.caseFiles}};
    report.families.push_back(std::move(fr));
  }
  nlohmann::json manifest = {
      {"format", kCorpusFormat},
      {"version", kCorpusVersion},
      {"plumb", PLUMB_VERSION},
      {"revision", options.revision},
      {"seed", options.seed},
      {"count", options.count},
      {"shard", {options.shardIndex, options.shardCount}},
      {"solverLimits",
       {{"resourceLimit", options.limits.resourceLimit}, {"timeoutMs", options.limits.timeoutMs}}},
      {"families", families}};
  report.manifestPath = (root / manifestName(options.shardIndex, options.shardCount)).string();
  std::string error;
  if (!writeFileAtomically(report.manifestPath, manifest.dump(1) + "\n", error))
    report.error = error;
  return report;
}

}  // namespace plumb::gen
