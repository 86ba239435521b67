// The behavior family (gen/wgsl/behavior.cpp): every row yields twin pairs one line apart that
// Plumb's checker sees as the family derived them; the solver's models obey the seed's rule
// table (recomputed here by a plain recursive evaluator); the invalid twin breaks the rule the
// derivation names, at the line it names.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>

#include "family_checks.h"
#include "gen/wgsl/behavior_render.h"
#include "gen/wgsl/behavior_skeleton.h"

namespace plumb::gen {
namespace {

using namespace wgsl::behavior;

const Family& family() {
  const Family* f = familyByName("behavior");
  EXPECT_NE(f, nullptr);
  return *f;
}

TEST(BehaviorFamily, EveryRowGivesAgreeingTwinPairs) {
  const Family& f = family();
  uint64_t rows = f.rows().size();
  gen_testing::SlotsSummary s = gen_testing::checkFamilySlots(f, 5, rows);
  EXPECT_LE(s.failures, rows / 10);  // a template the row does not fit, three times over
  EXPECT_EQ(s.valid, s.invalid);
  EXPECT_EQ(s.cases, 2 * (s.slots - s.failures));
}

TEST(BehaviorFamily, EveryRowHasBothSides) {
  const Family& f = family();
  std::map<std::string, std::set<Side>> sides;
  SolveStats stats;
  for (uint64_t slot = 0; slot < 2 * f.rows().size(); ++slot) {
    SlotResult r = generateSlot(f, 9, slot, SolverLimits{}, stats);
    for (const GeneratedCase& c : r.cases) sides[c.rule.rowId].insert(c.rule.side);
  }
  for (const RuleRow& row : f.rows())
    EXPECT_EQ(sides[row.id].size(), 2u) << row.id << " (" << row.row << ")";
}

/// The rule the invalid twin of a violation row must break, as Plumb names it.
std::set<std::string> violationRowRules(const std::string& rowId) {
  static const std::map<std::string, std::set<std::string>> kRules = {
      {"behavior.function-with-return-type", {"behaviors-rules"}},
      // Break or Continue escaping the body: the statements' own rules report first (B4).
      {"behavior.function-without-return-type", {"break-statement", "continue-statement"}},
      {"behavior.entry-point-discard", {"behaviors-rules"}},
      {"behavior.non-empty-behavior", {"behaviors-rules"}},
      {"behavior.continuing-behavior", {"behaviors-rules"}},
      {"behavior.continuing-return", {"continuing-statement"}},
      {"behavior.continuing-discard", {"continuing-statement"}},
      {"behavior.discard-stage", {"discard-statement"}},
      {"behavior.fallthrough-last-clause", {"switch-statement"}},
      {"behavior.break-in-continuing", {"break-statement"}},
      {"behavior.continue-in-continuing", {"continue-statement"}},
  };
  auto it = kRules.find(rowId);
  return it == kRules.end() ? std::set<std::string>{} : it->second;
}

TEST(BehaviorFamily, InvalidTwinsBreakTheDerivedRuleAtTheDerivedLine) {
  const Family& f = family();
  SolveStats stats;
  // Conditions and selectors come from the uniform, the private variables, the parameter or
  // calls, so that no compiler folds a branch away.
  std::regex literal(R"((\bif|\bwhile|\bswitch|break if)\s+(true|false|\d+)\s*\{?)");
  for (uint64_t slot = 0; slot < f.rows().size(); ++slot) {
    SlotResult r = generateSlot(f, 13, slot, SolverLimits{}, stats);
    for (const GeneratedCase& c : r.cases)
      EXPECT_FALSE(std::regex_search(c.wgsl, literal)) << c.name << "\n" << c.wgsl;
    if (!r.failure.empty()) continue;
    ASSERT_EQ(r.cases.size(), 2u) << r.disagreement;
    const GeneratedCase &valid = r.cases[0], &invalid = r.cases[1];
    const nlohmann::json& model = invalid.derivation["solver"];
    EXPECT_EQ(invalid.expect["rule"], model["invalidRule"]) << invalid.name;
    EXPECT_EQ(invalid.expect["line"], model["invalidLine"]) << invalid.name;
    EXPECT_EQ(invalid.expect["stage"], "check") << invalid.name;
    std::set<std::string> rules = violationRowRules(invalid.rule.rowId);
    if (!rules.empty()) {
      EXPECT_TRUE(rules.count(invalid.expect["rule"].get<std::string>()))
          << invalid.name << ": " << invalid.expect.dump();
    }
    // The edit is on the line the derivation names.
    auto [a, b] = gen_testing::differingRegion(valid.wgsl, invalid.wgsl);
    size_t at = 0;
    while (at < valid.wgsl.size() && at < invalid.wgsl.size() && valid.wgsl[at] == invalid.wgsl[at])
      ++at;
    int line = 1 + static_cast<int>(std::count(valid.wgsl.begin(), valid.wgsl.begin() + at, '\n'));
    EXPECT_EQ(line, model["edit"]["line"].get<int>())
        << valid.name << ": '" << a << "' / '" << b << "'";
  }
}

// ---------------------------------------------------------------------------------------------
// The solver's models against the rule table, recomputed by a plain evaluator.

struct Evaluator {
  const SolvedPair& pair;
  const Twin& twin;

  static bool present(Kind k) { return k != Kind::Absent && k != Kind::Blank; }
  uint8_t expr(const ExprValue& e) const { return kNext | (e.discards() ? kDiscard : 0); }
  uint8_t sequence(const std::vector<int>& seq) const {
    uint8_t P = kNext;  // the empty statement
    for (int q : seq)
      if (present(twin.nodes[q].kind) && (P & kNext)) P = (P & ~kNext) | statement(q);
    return P;
  }
  uint8_t statement(int p) const {
    const NodeValue& n = twin.nodes[p];
    const Position& pos = pair.tmpl.positions[p];
    uint8_t e0 = expr(n.x[0]), e1 = expr(n.x[1]);
    auto R = [&](int s) { return sequence(pos.seqs[s]); };
    auto loop = [&](uint8_t b1, uint8_t b2) -> uint8_t {
      uint8_t u = b1 | b2;
      if (u & kBreak) return (u | kNext) & ~(kBreak | kContinue);
      return u & ~(kContinue | kNext);
    };
    switch (n.kind) {
      case Kind::Empty:
      case Kind::VarDecl:
      case Kind::Const:
      case Kind::StaticAssert:
        return kNext;
      case Kind::Let:
      case Kind::VarInit:
      case Kind::Phony:
        return e0;
      case Kind::Assign:
        return e0 | e1;
      case Kind::CompoundAssign:
        return e0 | e1 | kNext;
      case Kind::IncDec:
        return e1 | kNext;
      case Kind::CallStmt: {
        uint8_t f = n.callee == Callee::Next      ? kNext
                    : n.callee == Callee::Discard ? kDiscard
                                                  : kNext | kDiscard;
        return f | (e0 & ~kNext);
      }
      case Kind::Return:
        return kReturn;
      case Kind::ReturnValue:
        return (e0 & ~kNext) | kReturn;
      case Kind::Discard:
        return kDiscard;
      case Kind::Break:
        return kBreak;
      case Kind::BreakIf:
        return e0 | kBreak;
      case Kind::Continue:
        return kContinue;
      case Kind::Fallthrough:
        return kFallthrough;
      case Kind::Block:
        return R(0);
      case Kind::If:
        return (e0 & ~kNext) | R(0) | kNext;
      case Kind::IfElse:
        return (e0 & ~kNext) | R(0) | R(1);
      case Kind::IfElseIf:
        return (e0 & ~kNext) | R(0) | (e1 & ~kNext) | R(1) | kNext;
      case Kind::IfElseIfElse:
        return (e0 & ~kNext) | R(0) | (e1 & ~kNext) | R(1) | R(2);
      case Kind::Loop:
        return loop(R(0), R(1));
      case Kind::While:
        return loop((e0 & ~kNext) | kBreak | R(0), kNext);
      case Kind::For: {
        uint8_t b1 = n.hasCond ? (e0 & ~kNext) | kBreak | R(0) : R(0);
        uint8_t l = loop(b1, R(1));
        if (!n.hasInit) return l;
        uint8_t init = n.callee == Callee::Next      ? e1
                       : n.callee == Callee::Discard ? kDiscard | (e1 & ~kNext)
                                                     : kNext | kDiscard | (e1 & ~kNext);
        return (init & kNext) ? (init & ~kNext) | l : init;
      }
      case Kind::Switch: {
        uint8_t all = 0;
        for (int k = 0; k < pair.clauses[p]; ++k) all |= R(k);
        if (all & kBreak) return (e0 | all | kNext) & ~(kBreak | kFallthrough);
        return ((e0 & ~kNext) | all) & ~kFallthrough;
      }
      default:
        return 0;
    }
  }
};

TEST(BehaviorSkeleton, ModelsObeyTheRuleTable) {
  // Every row's target over several templates: the behaviors the solver reports for every
  // statement and the body are the rule table's.
  const Family& f = family();
  SolveStats stats;
  int solved = 0;
  for (uint64_t slot = 0; slot < f.rows().size(); ++slot) {
    Rng rng = Rng::forSlot(21, "behavior-test", slot);
    SolverSession session(rng.next(), SolverLimits{}, stats);
    Template t = makeTemplate(rng, 4, 14, 2);
    Target target;
    target.kind = TargetKind::Statement;
    target.statement = StatementRow::Kind;
    static constexpr Kind kKinds[] = {Kind::Break,   Kind::Continue,    Kind::Return, Kind::Discard,
                                      Kind::BreakIf, Kind::Fallthrough, Kind::Let};
    target.stmtKind = kKinds[slot % 7];
    SolveOutcome out =
        solvePair(session, t, target, {},
                  {FnKind::HelperVoid, FnKind::HelperI32, FnKind::Compute, FnKind::FragmentVoid});
    if (!out.ok) continue;
    ++solved;
    for (const Twin* tw : {&out.pair.valid, &out.pair.invalid}) {
      Evaluator e{out.pair, *tw};
      EXPECT_EQ(e.sequence(t.body), tw->body) << slot;
      for (size_t p = 0; p < t.positions.size(); ++p)
        if (Evaluator::present(tw->nodes[p].kind)) {
          EXPECT_EQ(e.statement(static_cast<int>(p)), tw->nodes[p].behavior)
              << "slot " << slot << " place " << p << " " << kindName(tw->nodes[p].kind);
        }
    }
    // The twins differ at the edit only.
    for (size_t p = 0; p < t.positions.size(); ++p)
      if (static_cast<int>(p) != out.pair.edit) {
        EXPECT_EQ(out.pair.valid.nodes[p].kind, out.pair.invalid.nodes[p].kind) << slot;
      }
    EXPECT_EQ(out.pair.valid.fn == out.pair.invalid.fn, out.pair.edit >= 0) << slot;
    EXPECT_NE(out.pair.violation, Violation::None) << slot;
  }
  EXPECT_GT(solved, static_cast<int>(f.rows().size()) / 2);
}

TEST(BehaviorSkeleton, TheFunctionRulesDecideAsTheSeedSays) {
  // A body of kind `return` in a function with a return type is {Return}; the invalid twin of
  // the function-with-return-type row has a body behavior that is neither {Return} nor
  // {Return, Discard}, and the valid twin's is one of them.
  const Family& f = family();
  SolveStats stats;
  for (uint64_t slot = 0; slot < 4 * f.rows().size(); ++slot) {
    if (f.rows()[slot % f.rows().size()].id != "behavior.function-with-return-type") continue;
    SlotResult r = generateSlot(f, 3, slot, SolverLimits{}, stats);
    if (!r.failure.empty()) continue;
    ASSERT_EQ(r.cases.size(), 2u) << r.disagreement;
    const nlohmann::json& m = r.cases[1].derivation["solver"];
    std::string valid = m["validBody"], invalid = m["invalidBody"];
    EXPECT_TRUE(valid == "{Return}" || valid == "{Return, Discard}") << valid;
    EXPECT_FALSE(invalid == "{Return}" || invalid == "{Return, Discard}") << invalid;
    EXPECT_EQ(r.cases[1].expect["rule"], "behaviors-rules");
  }
}

TEST(BehaviorFamily, SlotsAreDeterministicAndDistinct) {
  const Family& f = family();
  SolveStats stats;
  std::set<std::string> programs;
  uint64_t cases = 0;
  for (uint64_t slot = 0; slot < 30; ++slot) {
    SlotResult a = generateSlot(f, 1, slot, SolverLimits{}, stats);
    SlotResult b = generateSlot(f, 1, slot, SolverLimits{}, stats);
    ASSERT_EQ(a.cases.size(), b.cases.size());
    for (size_t i = 0; i < a.cases.size(); ++i) {
      EXPECT_EQ(toJson(a.cases[i]), toJson(b.cases[i])) << a.cases[i].name;
      programs.insert(a.cases[i].wgsl);
      ++cases;
    }
  }
  EXPECT_EQ(programs.size(), cases);
}

}  // namespace
}  // namespace plumb::gen
