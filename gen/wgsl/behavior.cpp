// The `behavior` family: statement behavior analysis (#behaviors, wgsl-2022-06-07.bs
// l.6857-7303) with the rules the checker enforces beside it (#break-statement,
// #continue-statement, #continuing-statement, #discard-statement, #switch-statement).
//
// Each row of the seed's two rule tables, each desugaring the section lists, the rows Plumb
// adds where the seed has none (docs/ambiguities.md B1, B3) and each way the rules reject a
// function is a row of this family. A slot asks Z3 (behavior_skeleton.h) for a function body —
// a tree of statement places whose kinds, expressions and headers are solver variables, with
// behaviors as 6-bit sets constrained by the rules — in two twins that differ on one line, one
// valid and one breaking exactly one rule, with the row's statement or expression on the path
// from the edit to the rule that decides (or, for the rule rows, with that rule broken). The
// solver's model is the family's expectation: the verdicts, the rule and the line.
#include <string>
#include <vector>

#include "gen/wgsl/behavior_render.h"
#include "gen/wgsl/behavior_skeleton.h"
#include "gen/wgsl/families.h"

namespace plumb::gen::wgsl {

// A named namespace around the anonymous one: a unity build compiles the families in one
// translation unit, where each has its own Row and makeRows and its using-directive must stay
// inside (README, Continuous integration).
namespace behavior_family {
namespace {

using namespace behavior;

struct Row {
  RuleRow rule;
  Target target;
  int minDepth = 2;  // the template depth the row needs
  // The function kinds the slot prefers for the valid twin (empty: any): the ones where the
  // row's statement can exist (`return;` needs no return type) or its rule can be broken.
  std::vector<FnKind> fns{};
};

const std::vector<FnKind> kVoidFns = {FnKind::HelperVoid, FnKind::Compute, FnKind::FragmentVoid};
const std::vector<FnKind> kReturningFns = {FnKind::HelperI32, FnKind::FragmentRet, FnKind::Vertex};
const std::vector<FnKind> kStageFns = {FnKind::Compute, FnKind::Vertex, FnKind::FragmentVoid,
                                       FnKind::FragmentRet};

constexpr const char* kRules = "behaviors-rules";

Row statementRow(const char* id, const char* row, StatementRow which, Kind k = Kind::Empty,
                 int minDepth = 2) {
  Target t;
  t.kind = TargetKind::Statement;
  t.statement = which;
  t.stmtKind = k;
  return {{id, kRules, row, "", ""}, t, minDepth};
}

Row kindRow(const char* id, const char* row, Kind k, int minDepth = 2) {
  return statementRow(id, row, StatementRow::Kind, k, minDepth);
}

Row expressionRow(const char* id, const char* row, Form f) {
  Target t;
  t.kind = TargetKind::Expression;
  t.form = f;
  return {{id, kRules, row, "", ""}, t, 2};
}

Row violationRow(const char* id, const char* anchor, const char* row, Violation v,
                 int minDepth = 2) {
  Target t;
  t.kind = TargetKind::Violation;
  t.violation = v;
  return {{id, anchor, row, "", ""}, t, minDepth};
}

std::vector<Row> makeRows() {
  std::vector<Row> rows;
  // "Rules for analyzing and validating the behaviors of statements", by `algorithm` name.
  rows.push_back(kindRow("behavior.empty-statement", "empty statement", Kind::Empty));
  {
    Target t;
    t.kind = TargetKind::Braced;
    rows.push_back({{"behavior.braced-statement", kRules, "braced statement behavior", "", ""}, t});
  }
  for (bool next : {true, false}) {
    Target t;
    t.kind = TargetKind::Sequence;
    t.withNext = next;
    rows.push_back(
        {{next ? "behavior.sequence-with-next" : "behavior.sequence-without-next", kRules,
          next ? "statement sequence behavior with next"
               : "statement sequence behavior without next",
          "", ""},
         t});
  }
  rows.push_back(
      kindRow("behavior.variable-declaration", "variable declaration behavior", Kind::VarDecl));
  rows.push_back(kindRow("behavior.let-declaration", "let declaration behavior", Kind::Let));
  rows.push_back(kindRow("behavior.initialized-variable-declaration",
                         "initialized variable declaration behavior", Kind::VarInit));
  rows.push_back(kindRow("behavior.assignment", "assignment behavior", Kind::Assign));
  rows.push_back(kindRow("behavior.phony-assignment", "phony assignment behavior", Kind::Phony));
  rows.push_back(kindRow("behavior.function-call-statement", "function call statement behavior",
                         Kind::CallStmt));
  rows.push_back(kindRow("behavior.return", "return behaviour", Kind::Return));
  rows.back().fns = kVoidFns;
  rows.push_back(kindRow("behavior.return-value", "return value behavior", Kind::ReturnValue));
  rows.back().fns = kReturningFns;
  rows.push_back(kindRow("behavior.discard", "discard behaviour", Kind::Discard));
  rows.push_back(kindRow("behavior.break", "break behavior", Kind::Break, 3));
  rows.push_back(kindRow("behavior.break-if", "break if behavior", Kind::BreakIf, 3));
  rows.push_back(kindRow("behavior.continue", "continue behavior", Kind::Continue, 3));
  rows.push_back(kindRow("behavior.fallthrough", "fallthrough behavior", Kind::Fallthrough, 3));
  rows.push_back(statementRow("behavior.if", "if statement behavior", StatementRow::AnyIf));
  rows.push_back(statementRow("behavior.loop-without-break",
                              "loop with continuing without break behavior",
                              StatementRow::LoopWithoutBreak, Kind::Empty, 3));
  rows.push_back(statementRow("behavior.loop-with-break",
                              "loop with continuing with break behavior",
                              StatementRow::LoopWithBreak, Kind::Empty, 3));
  rows.push_back(statementRow("behavior.switch", "switch behavior",
                              StatementRow::SwitchWithoutBreak, Kind::Empty, 3));
  rows.push_back(statementRow("behavior.switch-with-break", "switch with break behavior",
                              StatementRow::SwitchWithBreak, Kind::Empty, 3));
  // "For the purpose of this analysis" (l.7017-7025).
  rows.push_back(
      kindRow("behavior.for-desugared", "for loops get desugared (#for-statement)", Kind::For, 3));
  rows.push_back(kindRow("behavior.while-desugared", "while loops get desugared (#while-statement)",
                         Kind::While, 3));
  rows.push_back(statementRow("behavior.loop-without-continuing",
                              "`loop {s}` is treated as `loop {s continuing {}}`",
                              StatementRow::LoopNoContinuing, Kind::Empty, 3));
  rows.push_back(statementRow("behavior.if-without-else",
                              "if statements without an else branch are treated as if they had "
                              "an empty else branch",
                              StatementRow::IfWithoutElse));
  rows.push_back(statementRow("behavior.else-if",
                              "if statements with else if branches are treated as nested simple "
                              "if/else statements",
                              StatementRow::ElseIf));
  // Statements without a row in the seed: Plumb's readings (docs/ambiguities.md B1).
  rows.push_back(kindRow("behavior.const-declaration",
                         "const declaration (no row: as a let declaration, B1)", Kind::Const));
  rows.push_back(kindRow("behavior.compound-assignment",
                         "compound assignment (no row: as its expansion, B1)",
                         Kind::CompoundAssign));
  rows.push_back(kindRow("behavior.increment-decrement",
                         "increment/decrement (no row: as x += 1, B1)", Kind::IncDec));
  rows.push_back(kindRow("behavior.static-assert", "static assertion (no row: {Next}, B1)",
                         Kind::StaticAssert));
  // "Rules for analyzing and validating the behaviors of expressions" (and B3).
  rows.push_back(
      expressionRow("behavior.expression-function-call", "function call behavior", Form::Call));
  rows.push_back(
      expressionRow("behavior.expression-literal", "literal expression behavior", Form::Lit));
  rows.push_back(
      expressionRow("behavior.expression-variable", "variable expression behavior", Form::Var));
  rows.push_back(expressionRow("behavior.expression-index", "array-like index expression behavior",
                               Form::Index));
  rows.push_back(expressionRow("behavior.expression-member", "structure member expression behavior",
                               Form::Member));
  rows.push_back(
      expressionRow("behavior.expression-or", "short-circuiting or expression behavior", Form::Or));
  rows.push_back(expressionRow("behavior.expression-and",
                               "short-circuiting and expression behavior", Form::And));
  rows.push_back(expressionRow("behavior.expression-operator",
                               "operator application (as a call of a {Next} function, B3)",
                               Form::Cmp));
  // The function rules (l.6879-6884), the errors of l.7070-7074, and the syntactic rules beside
  // them; the invalid twin breaks exactly this rule.
  rows.push_back(
      violationRow("behavior.function-with-return-type", kRules,
                   "a function with a return type: the behavior of its body must be {Return} or "
                   "{Return, Discard}",
                   Violation::FunctionReturnType));
  rows.back().fns = {FnKind::HelperI32, FnKind::FragmentRet, FnKind::Vertex, FnKind::HelperVoid};
  rows.push_back(violationRow(
      "behavior.function-without-return-type", kRules,
      "a function without a return type: the behavior of its body must be a subset of "
      "{Next, Return, Discard} (Break and Continue escaping the body: #break-statement and "
      "#continue-statement report first, B4)",
      Violation::FunctionNoReturnType));
  rows.push_back(violationRow("behavior.entry-point-discard", kRules,
                              "the behaviors of compute and vertex entry points must not "
                              "contain Discard",
                              Violation::EntryDiscard));
  rows.back().fns = kStageFns;
  rows.push_back(violationRow("behavior.non-empty-behavior", kRules,
                              "a non-empty behavior for each statement (obviously infinite loops)",
                              Violation::EmptyLoop, 3));
  rows.push_back(violationRow("behavior.continuing-behavior", kRules,
                              "none of {Continue, Return, Discard} in the behavior of a "
                              "continuing statement",
                              Violation::ContinuingBehavior, 3));
  rows.push_back(violationRow("behavior.continuing-return", "continuing-statement",
                              "a continuing statement must not contain a return at any nesting "
                              "level (one that cannot be reached, B6)",
                              Violation::ContinuingReturn, 3));
  rows.push_back(violationRow("behavior.continuing-discard", "continuing-statement",
                              "a continuing statement must not contain a discard at any nesting "
                              "level nor through function calls (one that cannot be reached, B6)",
                              Violation::ContinuingDiscard, 3));
  rows.push_back(violationRow("behavior.discard-stage", "discard-statement",
                              "discard only in a fragment shader stage (a use that cannot be "
                              "reached, B6)",
                              Violation::DiscardStage));
  rows.back().fns = kStageFns;
  rows.push_back(violationRow("behavior.fallthrough-last-clause", "switch-statement",
                              "no fallthrough in the last clause of a switch (Fallthrough not "
                              "in Bn)",
                              Violation::FallthroughLastClause, 3));
  rows.push_back(violationRow("behavior.break-in-continuing", "break-statement",
                              "a break must not exit a continuing statement",
                              Violation::BreakInContinuing, 3));
  rows.push_back(violationRow("behavior.continue-in-continuing", "continue-statement",
                              "a continue must not transfer control to an enclosing continuing "
                              "statement (Continue not in B2)",
                              Violation::ContinueInContinuing, 3));
  return rows;
}

std::string kindText(const NodeValue& n) {
  return kindName(n.kind);
}

class BehaviorFamily final : public Family {
 public:
  BehaviorFamily() : rows_(makeRows()) {
    for (const Row& r : rows_) table_.push_back(r.rule);
  }
  std::string_view name() const override { return "behavior"; }
  std::string_view description() const override {
    return "statement behaviors (#behaviors): every row of the statement and expression tables, "
           "the desugarings, the function and entry-point rules and the syntactic rules beside "
           "them, as function bodies one line away from the other side";
  }
  const std::vector<RuleRow>& rows() const override { return table_; }
  std::string revisionSupport(const Revision& r) const override {
    return seedOnly(r,
                    "the seed's behavior rules (in 2026 discard is {Next} and fallthrough is "
                    "gone: delta 4.1)");
  }

  SlotDrafts draft(SlotContext& ctx) const override {
    const Row& row = rows_[ctx.slot % rows_.size()];
    SlotDrafts out;
    static const std::vector<FnKind> kAllFns = {FnKind::HelperVoid,  FnKind::HelperI32,
                                                FnKind::Compute,     FnKind::FragmentVoid,
                                                FnKind::FragmentRet, FnKind::Vertex};
    SolveOutcome solved;
    // Kinds a slot may pin at a place, for variety: statements that fit anywhere.
    static constexpr Kind kLeafPins[] = {Kind::Empty,    Kind::VarDecl,     Kind::Let,
                                         Kind::VarInit,  Kind::Assign,      Kind::Phony,
                                         Kind::CallStmt, Kind::Const,       Kind::CompoundAssign,
                                         Kind::IncDec,   Kind::StaticAssert};
    static constexpr Kind kCompoundPins[] = {Kind::Block, Kind::If,    Kind::IfElse, Kind::IfElseIf,
                                             Kind::Loop,  Kind::While, Kind::For,    Kind::Switch};
    for (int attempt = 0; attempt < 3 && !solved.ok; ++attempt) {
      int depth = static_cast<int>(ctx.rng.between(row.minDepth, 4));
      int budget = static_cast<int>(ctx.rng.between(8, 16));
      int spine = row.minDepth > 2 ? row.minDepth - 1 : static_cast<int>(ctx.rng.below(2));
      Template t = makeTemplate(ctx.rng, depth, budget, spine);
      Preferences prefs;
      prefs.side = static_cast<int>(ctx.rng.below(2));
      const std::vector<FnKind>& fns = row.fns.empty() ? kAllFns : row.fns;
      prefs.fn = static_cast<int>(fns[ctx.rng.below(fns.size())]);
      int n = static_cast<int>(t.positions.size());
      for (int i = 0, k = static_cast<int>(ctx.rng.between(1, 4)); i < k; ++i)
        prefs.present.push_back(static_cast<int>(ctx.rng.below(static_cast<uint64_t>(n))));
      if (ctx.rng.chance(60)) {
        int p = static_cast<int>(ctx.rng.below(static_cast<uint64_t>(n)));
        prefs.kinds.push_back({p, t.positions[p].compound && ctx.rng.chance(50)
                                      ? ctx.rng.pick(kCompoundPins)
                                      : ctx.rng.pick(kLeafPins)});
      }
      solved = solvePair(ctx.solver, t, row.target, prefs, kAllFns);
      if (!solved.ok && solved.result != SolveResult::Unsat) break;
    }
    if (!solved.ok) {
      out.failure = solved.failure;
      out.solve = solved.result;
      return out;
    }
    const SolvedPair& pair = solved.pair;
    RenderedPair text = renderPair(pair, ctx.rng.next());
    Draft valid, invalid;
    nameTwins(valid, invalid, row.rule, ctx.slot);
    valid.c.wgsl = text.valid.wgsl;
    invalid.c.wgsl = text.invalid.wgsl;
    invalid.intended.anchors = {violationAnchor(pair.violation)};
    invalid.intended.line = static_cast<uint32_t>(violationLine(pair, text.invalid));
    invalid.intended.stage = "check";

    // The derivation: what the solver chose and what the rules give.
    int editLine = behavior::editLine(pair, text.valid, text.invalid);
    std::string editWhat = pair.edit < 0
                               ? std::string("the function header (") + fnKindName(pair.valid.fn) +
                                     " / " + fnKindName(pair.invalid.fn) + ")"
                               : kindText(pair.valid.nodes[pair.edit]) + " / " +
                                     kindText(pair.invalid.nodes[pair.edit]);
    nlohmann::json path = nlohmann::json::array();
    for (int p : pair.path)
      path.push_back({{"line", text.valid.line[p] ? text.valid.line[p] : text.invalid.line[p]},
                      {"valid",
                       {{"statement", kindText(pair.valid.nodes[p])},
                        {"behavior", behaviorText(pair.valid.nodes[p].behavior)}}},
                      {"invalid",
                       {{"statement", kindText(pair.invalid.nodes[p])},
                        {"behavior", behaviorText(pair.invalid.nodes[p].behavior)}}}});
    nlohmann::json model = pair.model;
    model["edit"] = {{"line", editLine}, {"what", editWhat}};
    model["function"] = {fnKindName(pair.valid.fn), fnKindName(pair.invalid.fn)};
    model["path"] = path;
    model["invalidRule"] = violationAnchor(pair.violation);
    model["invalidLine"] = invalid.intended.line;
    valid.c.derivation = invalid.c.derivation = {
        {"solver", model},
        {"constraint",
         "behaviors as 6-bit sets by the rows of #behaviors-rules; the valid twin breaks no "
         "rule, the invalid twin exactly one; the twins differ on line " +
             std::to_string(editLine) + "; the row is on the path from the edit to that rule"}};
    auto lineText = [](const std::string& wgsl, int line) {
      size_t at = 0;
      for (int l = 1; l < line && at != std::string::npos; ++l) at = wgsl.find('\n', at) + 1;
      std::string t = wgsl.substr(at, wgsl.find('\n', at) - at);
      t.erase(0, t.find_first_not_of(' '));
      return t.empty() ? std::string("(blank)") : "`" + t + "`";
    };
    std::string change = "line " + std::to_string(editLine) + " " +
                         lineText(text.valid.wgsl, editLine) + " / " +
                         lineText(text.invalid.wgsl, editLine) + " (" + editWhat + ")";
    valid.c.description = row.rule.row + ": " + change + "; body behavior " +
                          behaviorText(pair.valid.body) + ", valid";
    invalid.c.description = row.rule.row + ": " + change + "; body behavior " +
                            behaviorText(pair.invalid.body) + "; " + violationName(pair.violation) +
                            " (line " + std::to_string(invalid.intended.line) + ")";
    out.drafts.push_back(std::move(valid));
    out.drafts.push_back(std::move(invalid));
    return out;
  }

 private:
  std::vector<Row> rows_;
  std::vector<RuleRow> table_;
};

}  // namespace
}  // namespace behavior_family

std::unique_ptr<Family> makeBehaviorFamily() {
  return std::make_unique<behavior_family::BehaviorFamily>();
}

}  // namespace plumb::gen::wgsl
