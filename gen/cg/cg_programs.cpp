// The `cg` family's driver (cg_programs.h).
#include "gen/cg/cg_programs.h"

#include <filesystem>
#include <set>

#include "gen/cg/cg_family.h"
#include "semantics/atomic_file.h"

namespace plumb::gen::cg {

CgGenReport generateCgPrograms(const CgGenOptions& o) {
  CgGenReport report;
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(o.outDir) / "cg";
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    report.error = "cannot create " + dir.string() + ": " + ec.message();
    return report;
  }
  std::set<std::string> sources;
  std::vector<nlohmann::json> lines;
  for (uint64_t slot = o.shardIndex; slot < o.count; slot += o.shardCount) {
    ++report.slots;
    SolveStats stats;
    CgDraft d;
    {
      SolverSession session(o.seed * 1000003 + slot, o.limits, stats);
      d = draftCg(o.seed, slot, session);
    }
    report.solver.add(stats);
    if (!d.failure.empty()) {
      ++report.failures[d.failure];
      continue;
    }
    const CgProgram& p = d.program;
    if (!sources.insert(p.source).second) {
      ++report.duplicates;
      continue;
    }
    PlumbSide plumb = plumbSide(p);
    std::string differs = compareWithReading(p, plumb);
    nlohmann::json expect = {
        {"verdicts", p.reading.verdicts}, {"silent", p.reading.silent}, {"why", p.reading.why}};
    if (!p.reading.values.empty()) expect["values"] = p.reading.values;
    nlohmann::json plumbJson = {{"verdict", plumb.verdict}, {"rule", plumb.rule}};
    nlohmann::json sets = nlohmann::json::array();
    for (const PlumbSide::Set& s : plumb.values) sets.push_back(s.text);
    if (!p.reading.values.empty()) plumbJson["values"] = sets;
    if (!differs.empty()) {
      ++report.disagreements;
      if (report.disagreementList.size() < 20)
        report.disagreementList.push_back({{"program", p.id},
                                           {"disagreement", differs},
                                           {"source", p.source},
                                           {"expect", expect},
                                           {"plumb", plumbJson}});
      continue;
    }
    const std::string file = p.id + ".cg";
    std::string error;
    if (!writeFileAtomically((dir / file).string(), p.source, error)) {
      report.error = error;
      return report;
    }
    ++report.programs;
    ++report.rows[p.rowId];
    lines.push_back(
        {{"file", file},
         {"entry", p.entry},
         {"stage", p.source.find(": POSITION {") != std::string::npos ? "vertex" : "fragment"},
         {"profile", p.profile},
         {"plumb_profile", p.plumbProfile},
         {"row", p.rowId},
         {"rule", p.rule},
         {"expect", expect},
         {"plumb", plumbJson},
         {"derivation", p.derivation}});
  }
  const std::string name = o.shardCount == 1 ? "programs.jsonl"
                                             : "programs." + std::to_string(o.shardIndex) + "-of-" +
                                                   std::to_string(o.shardCount) + ".jsonl";
  nlohmann::json head = {{"format", "plumb-cg-programs"},
                         {"version", 1},
                         {"collection", "generated"},
                         {"root", "."},
                         {"generator", "plumb gen cg"},
                         {"seed", o.seed},
                         {"count", o.count},
                         {"programs", lines.size()}};
  std::string text = head.dump() + "\n";
  for (const nlohmann::json& l : lines) text += l.dump() + "\n";
  report.manifestPath = (dir / name).string();
  std::string error;
  if (!writeFileAtomically(report.manifestPath, text, error)) report.error = error;
  return report;
}

}  // namespace plumb::gen::cg
