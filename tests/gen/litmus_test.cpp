// The litmus family (gen/wgsl/litmus.cpp): every row yields cases whose derived outcomes agree
// with plumb explore; twins differ by one edit and in what the memory model allows; the
// family's own model (litmus_outcomes.h) reproduces the hand-derived outcomes of the WGSL
// litmus corpus (corpus/litmus/wgsl, derived from spirv.als by hand, not by this code).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "family_checks.h"
#include "gen/wgsl/litmus_outcomes.h"

namespace plumb::gen {
namespace {

using namespace wgsl::litmus;

const Family& litmus() {
  const Family* f = familyByName("litmus");
  EXPECT_NE(f, nullptr);
  return *f;
}

std::set<std::string> plumbStates(const GeneratedCase& c) {
  std::set<std::string> out;
  for (const nlohmann::json& s : c.expect["explore"]["states"])
    out.insert(s["state"].get<std::string>());
  return out;
}

TEST(LitmusFamily, EveryRowGivesAgreeingCases) {
  const Family& f = litmus();
  uint64_t rows = f.rows().size();
  gen_testing::SlotsSummary s = gen_testing::checkFamilySlots(f, 5, 2 * rows);
  EXPECT_EQ(s.invalid, 0u);  // every litmus program is valid (RuleRow.noInvalid)
  // A twin slot rarely finds no separating skeleton in its draws; most slots give cases.
  EXPECT_LE(s.failures, s.slots / 10);
  EXPECT_GE(s.cases, s.slots * 3 / 2);
}

TEST(LitmusFamily, TwinsDifferInWhatTheModelAllows) {
  const Family& f = litmus();
  SolveStats stats;
  size_t twins = 0, weak = 0, races = 0;
  for (uint64_t slot = 0; slot < 2 * f.rows().size(); ++slot) {
    SlotResult r = generateSlot(f, 9, slot, SolverLimits{}, stats);
    ASSERT_TRUE(r.disagreement.empty()) << r.disagreement;
    if (r.cases.size() != 2) continue;
    ++twins;
    const GeneratedCase& ordered = r.cases[0];
    const GeneratedCase& unordered = r.cases[1];
    EXPECT_EQ(ordered.kind, CaseKind::Explore);
    EXPECT_NE(ordered.expect, unordered.expect) << ordered.name;
    std::set<std::string> p = plumbStates(ordered), q = plumbStates(unordered);
    uint64_t pr = ordered.expect["explore"]["races"], qr = unordered.expect["explore"]["races"];
    if (ordered.rule.rowId.ends_with(".race")) {
      // The race-free twin is race-free and the one-edit twin is racy, in Plumb's report.
      ++races;
      EXPECT_EQ(pr, 0u) << ordered.name << "\n" << ordered.wgsl;
      EXPECT_GT(qr, 0u) << unordered.name << "\n" << unordered.wgsl;
      continue;
    }
    // Removing an order (a barrier that affects the locations, or the shared workgroup) only
    // adds executions: Plumb's states of the ordered twin are a strict subset.
    EXPECT_TRUE(std::includes(q.begin(), q.end(), p.begin(), p.end())) << ordered.name;
    EXPECT_GT(q.size(), p.size()) << ordered.name;
    if (ordered.derivation.contains("weakOutcomeCoherent")) {
      ++weak;
      EXPECT_FALSE(ordered.derivation["weakOutcomeCoherent"].get<bool>());
      EXPECT_TRUE(unordered.derivation["weakOutcomeCoherent"].get<bool>());
    }
  }
  EXPECT_GT(twins, f.rows().size());
  EXPECT_GT(weak, 0u);
  EXPECT_GT(races, 0u);
}

TEST(LitmusFamily, SlotsAreDeterministic) {
  const Family& f = litmus();
  SolveStats stats;
  for (uint64_t slot : {0u, 13u, 26u, 55u}) {
    SlotResult a = generateSlot(f, 3, slot, SolverLimits{}, stats);
    SlotResult b = generateSlot(f, 3, slot, SolverLimits{}, stats);
    ASSERT_EQ(a.cases.size(), b.cases.size());
    for (size_t i = 0; i < a.cases.size(); ++i)
      EXPECT_EQ(toJson(a.cases[i]).dump(), toJson(b.cases[i]).dump());
  }
}

// --- the family's model against the hand-derived corpus ---------------------------------------

const std::string kCorpus = std::string(PLUMB_SOURCE_DIR) + "/corpus/litmus/wgsl";

struct CorpusHeader {
  std::vector<std::string> observe;
  std::set<std::vector<std::string>> allowed;
  bool races = false;
};

CorpusHeader readHeader(const std::string& path) {
  std::ifstream in(path);
  CorpusHeader h;
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("// @")) continue;
    std::istringstream words(line.substr(4));
    std::string key;
    words >> key;
    std::vector<std::string> rest;
    for (std::string w; words >> w;) rest.push_back(w);
    if (key == "observe") h.observe = rest;
    if (key == "allowed") h.allowed.insert(rest);
    if (key == "races") h.races = !rest.empty() && rest[0] == "some";
  }
  return h;
}

/// A corpus shape as a skeleton: the family's shape with the corpus's phases (which operation
/// of each thread comes after the barrier), relaxed atomics in storage.
Skeleton corpusSkeleton(const Shape& shape, const std::vector<std::vector<int>>& phases,
                        bool barrier, bool acrossWorkgroups) {
  Skeleton s;
  s.shape = shape.name;
  for (int l = 0; l < shape.locations; ++l)
    s.locs.push_back({static_cast<char>('x' + l), true, Space::Storage});
  for (size_t t = 0; t < shape.threads.size(); ++t) {
    Thread th;
    for (size_t i = 0; i < shape.threads[t].size(); ++i) {
      Op op = shape.threads[t][i];
      op.phase = barrier ? phases[t][i] : 0;
      if (reads(op.kind)) op.slot = s.slots++;
      th.ops.push_back(op);
    }
    s.threads.push_back(th);
    s.invocation.push_back(static_cast<uint32_t>(t));
  }
  s.groupSize = acrossWorkgroups ? 1 : static_cast<uint32_t>(shape.threads.size());
  if (barrier) s.barriers.push_back({BarrierCall::Storage});
  return s;
}

TEST(LitmusFamily, ModelReproducesTheHandDerivedCorpus) {
  // corpus/litmus/wgsl/make_corpus.py: the phase (0 before the storageBarrier, 1 after) of
  // each operation, for the shapes the corpus shares with the family.
  std::map<std::string, std::pair<std::string, std::vector<std::vector<int>>>> corpus = {
      {"MP", {"mp", {{0, 1}, {0, 1}}}},
      {"SB", {"sb", {{0, 1}, {0, 1}}}},
      {"LB", {"lb", {{0, 1}, {0, 1}}}},
      {"2+2W", {"2+2w", {{0, 1}, {0, 1}}}},
      {"S", {"s", {{0, 1}, {0, 1}}}},
      {"R", {"r", {{0, 1}, {0, 1}}}},
      {"IRIW", {"iriw", {{0}, {0}, {0, 1}, {0, 1}}}},
      {"CoRR", {"corr", {{0}, {0, 1}}}},
      {"CoWW", {"coww", {{0, 1}, {1}}}},
      {"CoWR", {"cowr", {{0, 1}, {0}}}},
      {"CoRW", {"corw", {{0, 1}, {0}}}},
  };
  SolveStats stats;
  size_t compared = 0;
  for (const Shape& shape : shapes()) {
    auto it = corpus.find(shape.name);
    if (it == corpus.end()) continue;
    const auto& [stem, phases] = it->second;
    for (bool barrier : {false, true})
      for (bool across : {false, true}) {
        std::string file =
            kCorpus + "/" + stem + (barrier ? ".barrier" : "") + (across ? ".2wg" : "") + ".wgsl";
        ASSERT_TRUE(std::filesystem::exists(file)) << file;
        CorpusHeader h = readHeader(file);
        Skeleton s = corpusSkeleton(shape, phases, barrier, across);
        SolverSession session(1, SolverLimits{}, stats);
        z3::solver solver = session.solver("QF_LIA");
        Outcomes o = deriveOutcomes(s, session, solver);
        ASSERT_TRUE(o.failure.empty()) << o.failure;
        std::vector<size_t> columns;
        for (const std::string& name : h.observe) {
          auto at = std::find(o.outputs.begin(), o.outputs.end(), name);
          ASSERT_NE(at, o.outputs.end()) << file << ": " << name;
          columns.push_back(static_cast<size_t>(at - o.outputs.begin()));
        }
        std::set<std::vector<std::string>> derived;
        for (const State& st : o.coherent) {
          std::vector<std::string> row;
          for (size_t c : columns) row.push_back(std::to_string(st[c]) + "u");
          derived.insert(row);
        }
        EXPECT_EQ(derived, h.allowed) << file;
        EXPECT_EQ(!o.races.empty(), h.races) << file;
        // Every SC state is coherent.
        for (const State& st : o.sc) EXPECT_TRUE(o.coherent.count(st)) << file;
        ++compared;
      }
  }
  EXPECT_EQ(compared, 44u);
}

TEST(LitmusFamily, WeakOutcomesOfTheShapes) {
  // Without any order the weak outcome is coherent exactly for the shapes that do not violate
  // coherence or atomicity, and the storageBarrier between every thread's operations in one
  // workgroup forbids it for the others (corpus/litmus/wgsl, the .barrier variants).
  SolveStats stats;
  for (const Shape& shape : shapes()) {
    Skeleton s;
    s.shape = shape.name;
    for (int l = 0; l < shape.locations; ++l)
      s.locs.push_back({static_cast<char>('x' + l), true, Space::Storage});
    for (size_t t = 0; t < shape.threads.size(); ++t) {
      Thread th;
      for (size_t i = 0; i < shape.threads[t].size(); ++i) {
        Op op = shape.threads[t][i];
        if (reads(op.kind)) op.slot = s.slots++;
        th.ops.push_back(op);
      }
      s.threads.push_back(th);
      s.invocation.push_back(static_cast<uint32_t>(t));
    }
    s.groupSize = static_cast<uint32_t>(s.threads.size());
    SolverSession session(1, SolverLimits{}, stats);
    z3::solver solver = session.solver("QF_LIA");
    std::string failure;
    std::optional<bool> relaxed = weakOutcomeCoherent(s, shape, session, solver, failure);
    ASSERT_TRUE(relaxed.has_value()) << failure;
    EXPECT_EQ(*relaxed, !shape.coherenceForbids) << shape.name;
  }
}

}  // namespace
}  // namespace plumb::gen
