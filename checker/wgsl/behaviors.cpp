// Statement behavior analysis (#behaviors): every statement, expression and function gets a
// behavior, bottom up, callees before callers; the rules' preconditions and the function rules
// are shader-creation errors. Each statement remembers the row of the rule table that gave it
// its behavior, so that a rejection can say why a statement may complete the way it does.
// Beside the behavior rules, the syntactic rules they formalize: no return or discard in a
// continuing statement, no discard used by a compute or vertex entry point, also where it cannot
// be reached (#continuing-statement, #discard-statement; docs/ambiguities.md B6).
#include <algorithm>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "checker/wgsl/analyses.h"

namespace plumb {

using namespace ast;

std::string behaviorText(Behavior b) {
  static constexpr std::pair<Behavior, const char*> kNames[] = {
      {kReturn, "Return"}, {kDiscard, "Discard"},         {kBreak, "Break"},
      {kContinue, "Continue"}, {kFallthrough, "Fallthrough"}, {kNext, "Next"}};
  std::string out = "{";
  for (auto [e, n] : kNames)
    if (b & e) out += (out.size() > 1 ? ", " : "") + std::string(n);
  return out + "}";
}

namespace {

// The rows of the table "Rules for analyzing and validating the behaviors of statements", by
// their `algorithm` names in wgsl-2022-06-07.bs, plus the statements the table has no row for
// (docs/ambiguities.md B1).
enum class Row : uint8_t {
  Empty, Braced, SequenceWithNext, SequenceWithoutNext, VarDeclaration, LetDeclaration,
  InitializedVarDeclaration, Assignment, PhonyAssignment, FunctionCall, Return, ReturnValue,
  Discard, Break, BreakIf, Continue, Fallthrough, If, LoopWithoutBreak, LoopWithBreak, Switch,
  SwitchWithBreak,
  // Current WGSL only (new#behaviors-rules, delta 4.1).
  LoopWithExactlyReturn,
  // No row in the seed (B1): analyzed as their expansions say.
  ConstDeclaration, CompoundAssignment, IncrementDecrement, StaticAssert,
};

const char* rowName(Row r) {
  switch (r) {
    case Row::Empty: return "empty statement";
    case Row::Braced: return "braced statement behavior";
    case Row::SequenceWithNext: return "statement sequence behavior with next";
    case Row::SequenceWithoutNext: return "statement sequence behavior without next";
    case Row::VarDeclaration: return "variable declaration behavior";
    case Row::LetDeclaration: return "let declaration behavior";
    case Row::InitializedVarDeclaration: return "initialized variable declaration behavior";
    case Row::Assignment: return "assignment behavior";
    case Row::PhonyAssignment: return "phony assignment behavior";
    case Row::FunctionCall: return "function call statement behavior";
    case Row::Return: return "return behaviour";
    case Row::ReturnValue: return "return value behavior";
    case Row::Discard: return "discard behaviour";
    case Row::Break: return "break behavior";
    case Row::BreakIf: return "break if behavior";
    case Row::Continue: return "continue behavior";
    case Row::Fallthrough: return "fallthrough behavior";
    case Row::If: return "if statement behavior";
    case Row::LoopWithoutBreak: return "loop with continuing without break behavior";
    case Row::LoopWithBreak: return "loop with continuing with break behavior";
    case Row::Switch: return "switch behavior";
    case Row::SwitchWithBreak: return "switch with break behavior";
    case Row::LoopWithExactlyReturn:
      return "loop with exactly return behavior before the continuing block";
    case Row::ConstDeclaration: return "const declaration (no row: as a let declaration, B1)";
    case Row::CompoundAssignment: return "compound assignment (no row: as its expansion, B1)";
    case Row::IncrementDecrement: return "increment/decrement (no row: as x += 1, B1)";
    case Row::StaticAssert: return "static assertion (no row: {Next}, B1)";
  }
  return "";
}

constexpr Behavior without(Behavior b, Behavior remove) { return b & ~remove; }

class BehaviorAnalysis {
 public:
  BehaviorAnalysis(CheckedModule& out, DiagnosticList& diagnostics)
      : out_(out),
        m_(out.module),
        diagnostics_(diagnostics),
        current_(out.module.revision().currentBehaviorAnalysis) {
    rows_.resize(m_.statements.size(), Row::Empty);
    out_.functionBehaviors.assign(out_.declarations.size(), kNotAnalyzed);
    usesDiscard_.resize(out_.declarations.size());
  }

  void run() {
    // "This analysis can be run in linear time, by analyzing the call-graph bottom-up": the
    // declaration order puts every function after the functions it calls.
    for (uint32_t index : out_.order) {
      const ModuleDeclaration& d = out_.declarations[index];
      if (d.kind == ModuleDeclaration::Function) analyzeFunction(index);
    }
  }

 private:
  void error(Span span, std::string message, const char* rule = "behaviors-rules") {
    diagnostics_.error(&m_.file(), span, std::move(message), rule);
  }
  /// A use of discard (B6): a discard statement, or a call of a function that uses one.
  struct DiscardUse {
    Span span;
    uint32_t callee = UINT32_MAX;  // the called function's declaration index, for a call
  };
  /// The first return statement and use of discard inside a continuing statement.
  struct ContinuingUses {
    std::optional<Span> firstReturn;
    std::optional<DiscardUse> firstDiscard;
  };
  void note(Span span, std::string message) {
    diagnostics_.noteOnLast(DiagnosticNote{span, std::move(message)});
  }

  // ------------------------------------------------------------------------------ functions
  void analyzeFunction(uint32_t index) {
    const ModuleDeclaration& d = out_.declarations[index];
    const auto& f = std::get<FunctionDeclaration>(m_[d.global].node);
    failed_ = false;
    currentDiscard_.reset();
    // "Its body must be a valid statement by these rules" (treated as a regular statement).
    Behavior body = statement(f.body);
    usesDiscard_[index] = currentDiscard_;
    std::string fname(m_.name(d.name));
    if (!failed_) {
      if (f.returnType) {
        // "If the function has a return type, the behavior of its body must be one of {Return}
        // or {Return, Discard}."
        if (body != kReturn && body != (kReturn | kDiscard)) {
          error(d.nameSpan, "function '" + fname + "' has a return type, so its body's behavior must be {Return} or "
                            "{Return, Discard}, but it is " + behaviorText(body) +
                            (body & kNext ? ": the end of the body may be reached without a return statement" : ""));
          // The element to follow: Next (the end of the body is reachable), else whatever is
          // there instead of Return ({Discard} alone: revision delta item 34).
          explain(f.body, pick(without(body, kReturn), {kNext, kBreak, kContinue, kFallthrough, kDiscard}));
        }
      } else if (without(body, kNext | kReturn | kDiscard)) {
        // "Otherwise, the behavior of its body must be a subset of {Next, Return, Discard}."
        error(d.nameSpan, "the behavior of the body of function '" + fname + "' must be a subset of {Next, Return, "
                          "Discard}, but it is " + behaviorText(body));
        explain(f.body, pick(without(body, kNext | kReturn | kDiscard), {}));
      }
    }
    // "We assign a behavior to each function: it is its body's behavior ..., with any Return
    // replaced by Next."
    Behavior fb = body & kReturn ? (without(body, kReturn) | kNext) : body;
    out_.functionBehaviors[index] = fb;
    // "The behaviors of compute and vertex entry points must not contain Discard."
    ShaderStage stage = d.attributes.stage;
    if ((stage == ShaderStage::Compute || stage == ShaderStage::Vertex) && (fb & kDiscard)) {
      error(d.nameSpan, "the behavior of " + std::string(spelling(stage)) + " entry point '" + fname +
                            "' contains Discard (" + behaviorText(fb) + "); only fragment shaders may discard");
      explain(f.body, kDiscard);
    } else if ((stage == ShaderStage::Compute || stage == ShaderStage::Vertex) && usesDiscard_[index]) {
      // #discard-statement: "The discard statement must only be used in a fragment shader
      // stage": a use, so also one that cannot be reached, which the behavior does not show
      // (docs/ambiguities.md B6; the 2026 spec keeps only this rule).
      error(d.nameSpan, "a discard statement must only be used in a fragment shader stage, but the " +
                            std::string(spelling(stage)) + " entry point '" + fname + "' uses one, even though it "
                            "cannot be reached (the behavior " + behaviorText(fb) + " has no Discard)",
            "discard-statement");
      noteDiscardUse(*usesDiscard_[index]);
    }
  }

  /// Notes from a use of discard down the calls to the discard statement.
  void noteDiscardUse(DiscardUse use) {
    for (int depth = 0; depth < kMaxNotes; ++depth) {
      if (use.callee == UINT32_MAX) return note(use.span, "the discard statement");
      note(use.span, "calls '" + std::string(m_.name(out_.declarations[use.callee].name)) + "', which uses discard");
      if (!usesDiscard_[use.callee]) return;
      use = *usesDiscard_[use.callee];
    }
  }

  void useDiscard(DiscardUse use) {
    if (!currentDiscard_) currentDiscard_ = use;
    if (!continuing_.empty() && !continuing_.back().firstDiscard) continuing_.back().firstDiscard = use;
  }

  /// A continuing statement (or the update of a for statement), remembering in lastContinuing_
  /// the return and discard statements it contains.
  Behavior continuingStatement(StatementId s) {
    continuing_.emplace_back();
    Behavior b = statement(s);
    lastContinuing_ = continuing_.back();
    continuing_.pop_back();
    return b;
  }

  // ---------------------------------------------------------------------------- explanations
  // A rejection names, for each statement and expression on the way to the cause, the row of
  // the rule tables that gave it its behavior, following one element of the behavior down: into
  // the sequence, branch, clause, loop part, expression or called function that contributes it.

  /// The one element of `b` that an explanation follows (the first of `preferred` in it).
  static Behavior pick(Behavior b, std::initializer_list<Behavior> preferred) {
    for (Behavior e : preferred)
      if (b & e) return e;
    for (Behavior e = 1; e < kNotAnalyzed; e <<= 1)
      if (b & e) return e;
    return 0;
  }

  enum class Context : uint8_t { None, Sequence, ElseIf };

  /// Notes that lead from `s` to the statements, expressions and calls that give it `element`.
  void explain(StatementId s, Behavior element) {
    notes_ = 0;
    explainStatement(s, element, Context::None);
  }

  std::string position(Span span) const { return m_.file().positionText(span.begin); }

  /// "behavior B by the rule 'row'", with what the desugarings (#behaviors: "For the purpose of
  /// this analysis") made of the statement, where they explain `element`.
  std::string why(StatementId s, Context context, Behavior element) const {
    const Statement& st = m_[s];
    std::string out = "behavior " + behaviorText(out_.statementBehaviors[s.value]) + " by the rule '" +
                      rowName(rows_[s.value]) + "'";
    if (auto* f = std::get_if<ForStatement>(&st.node)) {
      out += ", on the for statement desugared to `{ init; loop { if !(cond) { break; } body continuing "
             "{ update } } }` (#for-statement)";
      if (m_[f->header].condition && element == kNext)
        out += "; its condition gives `if !(cond) { break; }`, which has Break and Next";
    } else if (std::holds_alternative<WhileStatement>(st.node)) {
      out += ", on the while statement desugared to `loop { if !(cond) { break; } body }` (#while-statement)";
      if (element == kNext) out += "; its condition gives `if !(cond) { break; }`, which has Break and Next";
    } else if (std::holds_alternative<LoopStatement>(st.node) && !std::get<LoopStatement>(st.node).continuing) {
      out += " (`loop {s}` is treated as `loop {s continuing {}}`)";
    } else if (auto* i = std::get_if<IfStatement>(&st.node)) {
      if (context == Context::ElseIf) out += " (an `else if` is a nested if statement in the else branch)";
      if (!i->elseBranch && element == kNext)
        out += "; an if statement without an else branch is treated as if it had an empty else branch, which adds Next";
    }
    return out;
  }

  /// Notes from the statement list `list` (the statements of `span`, absent for a loop body)
  /// to the statement that gives the sequence `element`: Next comes from the last statement,
  /// any other element from the first reachable statement that has it.
  void explainSequence(std::span<const StatementId> list, Span span, Behavior element, bool braced) {
    if (list.empty()) {
      // {} is {s} with s the empty statement.
      if (span.size()) note(span, "behavior {Next} by the rule 'empty statement' (an empty statement list)");
      return;
    }
    size_t unreachableAfter = list.size();  // the first statement without Next, if not the last
    for (size_t i = 0; i + 1 < list.size(); ++i)
      if (!(out_.statementBehaviors[list[i].value] & kNext)) {
        unreachableAfter = i;
        break;
      }
    StatementId next;
    size_t last = std::min(unreachableAfter, list.size() - 1);
    for (size_t i = 0; i <= last; ++i)
      if (out_.statementBehaviors[list[i].value] & element) {
        next = list[i];
        if (element != kNext) break;
      }
    if (span.size() && (braced || list.size() > 1)) {
      Behavior b = kNext;
      for (size_t i = 0; i <= last; ++i) b = without(b, kNext) | out_.statementBehaviors[list[i].value];
      std::string text =
          "behavior " + behaviorText(b) + " by the rule" + (braced ? "s 'braced statement behavior' and" : "");
      if (list.size() == 1)
        text = "behavior " + behaviorText(b) + " by the rule 'braced statement behavior'";
      else if (unreachableAfter < list.size())
        text += " 'statement sequence behavior without next': the statement at " + position(m_[list[last]].span) +
                " cannot complete normally, so the statements after it are not reachable";
      else
        text += " 'statement sequence behavior with next'";
      note(span, text);
    }
    if (next) explainStatement(next, element, Context::Sequence);
  }

  void explainStatement(StatementId s, Behavior element, Context context) {
    if (!s || !element || ++notes_ > kMaxNotes) return;
    const Statement& st = m_[s];
    Behavior b = out_.statementBehaviors[s.value];
    if (!(b & element)) return;
    auto has = [&](StatementId t, Behavior e) { return t && (out_.statementBehaviors[t.value] & e); };
    auto hasExpression = [&](ExpressionId x, Behavior e) { return x && (out_.expressionBehaviors[x.value] & e); };
    std::visit(
        [&](const auto& n) {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, CompoundStatement> || std::is_same_v<N, ContinuingStatement>) {
            explainSequence(m_[n.statements], st.span, element, context == Context::Sequence);
          } else if constexpr (std::is_same_v<N, IfStatement>) {
            note(st.span, why(s, context, element));
            // (B \ {Next}) ∪ B1 ∪ B2: the condition gives no Next.
            if (element != kNext && hasExpression(n.condition, element)) explainExpression(n.condition, element);
            else if (has(n.body, element)) explainStatement(n.body, element, Context::None);
            else if (has(n.elseBranch, element))
              explainStatement(n.elseBranch, element,
                               std::holds_alternative<IfStatement>(m_[n.elseBranch].node) ? Context::ElseIf
                                                                                         : Context::None);
          } else if constexpr (std::is_same_v<N, SwitchStatement>) {
            note(st.span, why(s, context, element));
            // The switch with break row turns the clauses' Break into Next.
            Behavior e = element;
            if (e == kNext && rows_[s.value] == Row::SwitchWithBreak) e = kBreak;
            if (e != kNext && e != kBreak && hasExpression(n.selector, e)) return explainExpression(n.selector, e);
            for (ClauseId c : m_[n.clauses])
              if (has(m_[c].body, e)) return explainStatement(m_[c].body, e, Context::None);
          } else if constexpr (std::is_same_v<N, LoopStatement>) {
            note(st.span, why(s, context, element));
            // The loop with break row turns Break into Next.
            Behavior e = element == kNext ? kBreak : element;
            std::span<const StatementId> body = m_[n.statements];
            Behavior b1 = kNext;
            for (StatementId t : body) {
              b1 = without(b1, kNext) | out_.statementBehaviors[t.value];
              if (!(out_.statementBehaviors[t.value] & kNext)) break;
            }
            if (b1 & e) explainSequence(body, Span{}, e, false);
            else if (has(n.continuing, e)) explainStatement(n.continuing, e, Context::None);
          } else if constexpr (std::is_same_v<N, ForStatement>) {
            note(st.span, why(s, context, element));
            const ForHeader& h = m_[n.header];
            if (element == kNext && h.condition) return;  // the conditional break
            Behavior e = element == kNext ? kBreak : element;
            if (has(h.initializer, e)) explainStatement(h.initializer, e, Context::None);
            else if (hasExpression(h.condition, e)) explainExpression(h.condition, e);
            else if (has(n.body, e)) explainStatement(n.body, e, Context::None);
            else if (has(h.update, e)) explainStatement(h.update, e, Context::None);
          } else if constexpr (std::is_same_v<N, WhileStatement>) {
            note(st.span, why(s, context, element));
            if (element == kNext) return;  // the conditional break
            if (hasExpression(n.condition, element)) explainExpression(n.condition, element);
            else if (has(n.body, element)) explainStatement(n.body, element, Context::None);
          } else if constexpr (std::is_same_v<N, FunctionCallStatement>) {
            note(st.span, why(s, context, element) + calleeText(n.call));
            if (element != kNext) explainCall(n.call, element);
          } else {
            note(st.span, why(s, context, element));
            // The statements whose behavior comes from their expressions.
            if (element == kNext) return;
            for (ExpressionId x : expressionsOf(st))
              if (hasExpression(x, element)) return explainExpression(x, element);
          }
        },
        st.node);
  }

  /// The expressions of a simple statement, in evaluation order.
  std::vector<ExpressionId> expressionsOf(const Statement& st) const {
    std::vector<ExpressionId> out;
    std::visit(
        [&](const auto& n) {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, ReturnStatement>) out = {n.value};
          else if constexpr (std::is_same_v<N, BreakIfStatement> || std::is_same_v<N, StaticAssertStatement>)
            out = {n.condition};
          else if constexpr (std::is_same_v<N, DeclarationStatement>) out = {m_[n.declaration].initializer};
          else if constexpr (std::is_same_v<N, AssignmentStatement>) out = {n.target, n.value};
          else if constexpr (std::is_same_v<N, IncrementStatement> || std::is_same_v<N, DecrementStatement>)
            out = {n.target};
        },
        st.node);
    return out;
  }

  /// "; 'f' has behavior B" for a call of a user-defined function.
  std::string calleeText(ExpressionId call) const {
    const Resolution& r = out_.identifiers[call.value];
    if (r.kind != Resolution::ModuleDeclaration || out_.declarations[r.index].kind != ModuleDeclaration::Function)
      return "";
    return "; '" + std::string(m_.name(out_.declarations[r.index].name)) + "' has behavior " +
           behaviorText(out_.functionBehaviors[r.index]);
  }

  /// Follows `element` from a call into the called function's body, or into an argument.
  void explainCall(ExpressionId call, Behavior element) {
    const Resolution& r = out_.identifiers[call.value];
    if (r.kind == Resolution::ModuleDeclaration && out_.declarations[r.index].kind == ModuleDeclaration::Function &&
        (out_.functionBehaviors[r.index] & element)) {
      const auto& f = std::get<FunctionDeclaration>(m_[out_.declarations[r.index].global].node);
      return explainStatement(f.body, element, Context::None);
    }
    for (ExpressionId a : m_[std::get<CallExpression>(m_[call].node).arguments])
      if (out_.expressionBehaviors[a.value] & element) return explainExpression(a, element);
  }

  /// The rows of "Rules for analyzing and validating the behaviors of expressions", and the
  /// expressions the table has no row for (docs/ambiguities.md B3).
  void explainExpression(ExpressionId x, Behavior element) {
    if (!x || ++notes_ > kMaxNotes) return;
    const Expression& e = m_[x];
    std::string b = "behavior " + behaviorText(out_.expressionBehaviors[x.value]) + " by the rule '";
    constexpr const char* kOperator = "operator application (no row: as a call of a function with behavior {Next})";
    std::visit(
        [&](const auto& n) {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, CallExpression>) {
            const Resolution& r = out_.identifiers[x.value];
            bool user = r.kind == Resolution::ModuleDeclaration &&
                        out_.declarations[r.index].kind == ModuleDeclaration::Function;
            if (user || r.kind == Resolution::BuiltinFunction)
              note(e.span, b + "function call behavior'" + calleeText(x));
            else
              note(e.span, b + "type constructor (no row: as a call of a function with behavior {Next}, B3)'");
            explainCall(x, element);
          } else if constexpr (std::is_same_v<N, ParenthesizedExpression>) {
            note(e.span, b + "parenthesized expression (no row: as its operand, B3)'");
            explainExpression(n.inner, element);
          } else if constexpr (std::is_same_v<N, IndexExpression>) {
            note(e.span, b + "array-like index expression behavior'");
            explainExpression(out_.expressionBehaviors[n.base.value] & element ? n.base : n.index, element);
          } else if constexpr (std::is_same_v<N, MemberExpression>) {
            Type t = out_.expressions[n.base.value].type;
            if (out_.types.kind(t) == TypeKind::Reference) t = out_.types[t].element;
            note(e.span, b + (out_.types.kind(t) == TypeKind::Struct
                                  ? "structure member expression behavior'"
                                  : "vector component selection (no row: as an operator application, B3)'"));
            explainExpression(n.base, element);
          } else if constexpr (std::is_same_v<N, BinaryExpression>) {
            note(e.span, b + (n.op() == BinaryOperator::ShortCircuitOr    ? "short-circuiting or expression behavior"
                              : n.op() == BinaryOperator::ShortCircuitAnd ? "short-circuiting and expression behavior"
                                                                          : kOperator) +
                             "'");
            explainExpression(out_.expressionBehaviors[n.left().value] & element ? n.left() : n.right, element);
          } else if constexpr (std::is_same_v<N, UnaryExpression>) {
            note(e.span, b + kOperator + "'");
            explainExpression(n.operand, element);
          } else if constexpr (std::is_same_v<N, BitcastExpression>) {
            note(e.span, b + "bitcast (no row: as an operator application, B3)'");
            explainExpression(n.operand, element);
          }
          // Literals and variable references are {Next}: never followed.
        },
        e.node);
  }

  // ---------------------------------------------------------------------------- statements
  Behavior sequence(std::span<const StatementId> list, Span span) {
    // The empty statement list: "{Next}" (the empty statement).
    Behavior b = kNext;
    bool reachable = true;
    for (StatementId s : list) {
      // "s1 s2: Next not in B1 -> B1" — s2 must still be valid, so it is analyzed.
      Behavior sb = statement(s);
      if (reachable) {
        b = without(b, kNext) | sb;
        reachable = sb & kNext;
      }
    }
    (void)span;
    return b;
  }

  Behavior set(StatementId s, Row row, Behavior b) {
    rows_[s.value] = row;
    out_.statementBehaviors[s.value] = b;
    return b;
  }

  Behavior loop(StatementId s, Behavior b1, Behavior b2, StatementId continuing) {
    // Both loop rows: "None of {Continue, Return, Discard} are in B2".
    if (Behavior bad = b2 & (kContinue | kReturn | kDiscard)) {
      bool update = std::holds_alternative<ForStatement>(m_[s].node);
      error(continuing ? m_[continuing].span : m_[s].span,
            std::string(update ? "the update of a for statement is its continuing statement (#for-statement); " : "") +
                "the behavior of a continuing statement must not contain Continue, Return or Discard, but it is " +
                behaviorText(b2));
      explain(continuing, pick(bad, {kReturn, kDiscard, kContinue}));
      failed_ = true;
    } else if (continuing &&
               (lastContinuing_.firstReturn || (lastContinuing_.firstDiscard && !current_))) {
      // #continuing-statement: "must not contain a return at any compound statement nesting
      // level", "must not contain a discard at any compound statement nesting level nor through
      // function calls": also where it cannot be reached, which B2 does not show (B6). Current
      // WGSL forbids the return only (new#continuing-statement, delta 4.3).
      const ContinuingUses& u = lastContinuing_;
      Span at = u.firstReturn ? *u.firstReturn : u.firstDiscard->span;
      std::string what = u.firstReturn                        ? "a return statement"
                         : u.firstDiscard->callee == UINT32_MAX ? "a discard statement"
                                                                : "a call of a function that uses discard";
      error(at, "a continuing statement must not contain " + what + " at any compound statement nesting level" +
                    (u.firstReturn ? "" : " nor through function calls") + ", even one that cannot be reached (the "
                    "continuing statement's behavior " + behaviorText(b2) + " has no " +
                    (u.firstReturn ? "Return" : "Discard") + ")",
            "continuing-statement");
      note(m_[continuing].span, std::holds_alternative<ForStatement>(m_[s].node)
                                    ? "the update of the for statement, its continuing statement"
                                    : "the continuing statement");
      if (!u.firstReturn && u.firstDiscard->callee != UINT32_MAX) noteDiscardUse(*u.firstDiscard);
    }
    // new#behaviors-rules "loop with exactly return behavior before the continuing block"
    // (#5419, delta 4.1): B1 = {Return} gives {Return}, even when B2 has a `break if`.
    if (current_ && b1 == kReturn) return set(s, Row::LoopWithExactlyReturn, kReturn);
    if ((b1 | b2) & kBreak)
      return set(s, Row::LoopWithBreak, without(b1 | b2 | kNext, kBreak | kContinue));
    Behavior b = set(s, Row::LoopWithoutBreak, without(b1 | b2, kContinue | kNext));
    // "Behavior analysis must be able to determine a non-empty behavior for each statement":
    // a loop without break, return or discard never ends.
    if (!b && !failed_) {
      error(m_[s].span, "this loop has an empty behavior: it has no break, return or discard, so it never "
                        "completes (behavior of its body and continuing: " + behaviorText(b1 | b2) + ")");
      // Where the Continue or Next that the row removes comes from.
      notes_ = 0;
      Behavior e = pick(b1 | b2, {kContinue, kNext});
      note(m_[s].span, why(s, Context::None, 0));
      if (auto* l = std::get_if<LoopStatement>(&m_[s].node)) {
        if (b1 & e) explainSequence(m_[l->statements], Span{}, e, false);
        else explainStatement(continuing, e, Context::None);
      } else if (auto* f = std::get_if<ForStatement>(&m_[s].node)) {
        explainStatement(f->body, e, Context::None);
      }
      failed_ = true;
    }
    return b;
  }


  /// `if !(cond) { break; }`, the first statement of a desugared for or while loop.
  Behavior conditionalBreak(ExpressionId condition) {
    if (!condition) return kNext;
    return without(expression(condition), kNext) | kBreak | kNext;
  }

  Behavior statement(StatementId id) {
    const Statement& s = m_[id];
    return std::visit(
        [&](const auto& n) -> Behavior {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, EmptyStatement>) {
            return set(id, Row::Empty, kNext);
          } else if constexpr (std::is_same_v<N, CompoundStatement> || std::is_same_v<N, ContinuingStatement>) {
            std::span<const StatementId> list = m_[n.statements];
            Behavior b = sequence(list, s.span);
            Row row = Row::Braced;
            return set(id, row, b);
          } else if constexpr (std::is_same_v<N, ReturnStatement>) {
            if (!continuing_.empty() && !continuing_.back().firstReturn) continuing_.back().firstReturn = s.span;
            if (!n.value) return set(id, Row::Return, kReturn);
            return set(id, Row::ReturnValue, without(expression(n.value), kNext) | kReturn);
          } else if constexpr (std::is_same_v<N, IfStatement>) {
            // "if statements without an else branch are treated as if they had an empty else
            // branch"; "else if" branches are nested if statements.
            Behavior b = expression(n.condition);
            Behavior b1 = statement(n.body);
            Behavior b2 = n.elseBranch ? statement(n.elseBranch) : kNext;
            return set(id, Row::If, without(b, kNext) | b1 | b2);
          } else if constexpr (std::is_same_v<N, SwitchStatement>) {
            Behavior b = expression(n.selector);
            Behavior clauses = 0, last = kNext;
            // "a switch_body starting with default behaves just like ... case _:"
            for (ClauseId c : m_[n.clauses]) {
              // The case selectors are creation-time expressions: {Next}.
              for (ExpressionId selector : m_[m_[c].selectors]) expression(selector);
              last = statement(m_[c].body);
              clauses |= last;
            }
            if (last & kFallthrough) {
              error(s.span, "the behavior of the last clause of a switch must not contain Fallthrough");
              failed_ = true;
            }
            if (clauses & kBreak)
              return set(id, Row::SwitchWithBreak, without(b | clauses | kNext, kBreak | kFallthrough));
            return set(id, Row::Switch, without(without(b, kNext) | clauses, kFallthrough));
          } else if constexpr (std::is_same_v<N, LoopStatement>) {
            // "loop {s} is treated as loop {s continuing {}}"
            Behavior b1 = sequence(m_[n.statements], s.span);
            Behavior b2 = n.continuing ? continuingStatement(n.continuing) : kNext;
            return loop(id, b1, b2, n.continuing);
          } else if constexpr (std::is_same_v<N, ForStatement>) {
            // #for-statement: `for (init; cond; update) body` is
            // `{ init; loop { if !(cond) { break; } body continuing { update } } }`.
            const ForHeader& h = m_[n.header];
            Behavior b0 = h.initializer ? statement(h.initializer) : kNext;
            Behavior cond = conditionalBreak(h.condition);
            Behavior body = statement(n.body);
            Behavior b1 = cond & kNext ? without(cond, kNext) | body : cond;
            Behavior b2 = h.update ? continuingStatement(h.update) : kNext;
            Behavior l = loop(id, b1, b2, h.update);
            Behavior b = b0 & kNext ? without(b0, kNext) | l : b0;
            out_.statementBehaviors[id.value] = b;
            return b;
          } else if constexpr (std::is_same_v<N, WhileStatement>) {
            // #while-statement: `while cond body` is `loop { if !(cond) { break; } body }`.
            Behavior cond = conditionalBreak(n.condition);
            Behavior body = statement(n.body);
            Behavior b1 = cond & kNext ? without(cond, kNext) | body : cond;
            return loop(id, b1, kNext, StatementId{});
          } else if constexpr (std::is_same_v<N, BreakStatement>) {
            return set(id, Row::Break, kBreak);
          } else if constexpr (std::is_same_v<N, BreakIfStatement>) {
            return set(id, Row::BreakIf, expression(n.condition) | kBreak);
          } else if constexpr (std::is_same_v<N, ContinueStatement>) {
            return set(id, Row::Continue, kContinue);
          } else if constexpr (std::is_same_v<N, DiscardStatement>) {
            useDiscard(DiscardUse{s.span});
            // new#behaviors-rules "discard behavior": {Next}, the invocation goes on as a helper
            // (delta 4.1, 4.2); the seed's row gives {Discard}.
            return set(id, Row::Discard, current_ ? kNext : kDiscard);
          } else if constexpr (std::is_same_v<N, FallthroughStatement>) {
            return set(id, Row::Fallthrough, kFallthrough);
          } else if constexpr (std::is_same_v<N, FunctionCallStatement>) {
            // Same rule as the call expression: B ∪ ((B1 ∪ ... ∪ Bn) ∖ {Next}).
            return set(id, Row::FunctionCall, expression(n.call));
          } else if constexpr (std::is_same_v<N, DeclarationStatement>) {
            const VariableDeclaration& v = m_[n.declaration];
            Behavior b = v.initializer ? expression(v.initializer) : kNext;
            switch (v.kind) {
              case DeclarationKind::Var:
                return set(id, v.initializer ? Row::InitializedVarDeclaration : Row::VarDeclaration, b);
              case DeclarationKind::Let: return set(id, Row::LetDeclaration, b);
              default: return set(id, Row::ConstDeclaration, b);
            }
          } else if constexpr (std::is_same_v<N, AssignmentStatement>) {
            if (!n.target) return set(id, Row::PhonyAssignment, expression(n.value));
            Behavior b1 = expression(n.target), b2 = expression(n.value);
            if (n.op == AssignmentOperator::Assign) return set(id, Row::Assignment, b1 | b2);
            // B1: `x op= e` is `x = x op e` with x evaluated once: B1 ∪ ({Next} ∪ (B1 ∪ B2)∖{Next}).
            return set(id, Row::CompoundAssignment, b1 | b2 | kNext);
          } else if constexpr (std::is_same_v<N, IncrementStatement> ||
                               std::is_same_v<N, DecrementStatement>) {
            return set(id, Row::IncrementDecrement, expression(n.target) | kNext);
          } else if constexpr (std::is_same_v<N, StaticAssertStatement>) {
            expression(n.condition);
            return set(id, Row::StaticAssert, kNext);
          }
        },
        s.node);
  }

  // --------------------------------------------------------------------------- expressions
  /// "Rules for analyzing and validating the behaviors of expressions".
  Behavior expression(ExpressionId id) {
    Behavior b = std::visit(
        [&](const auto& n) -> Behavior {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, LiteralExpression> || std::is_same_v<N, IdentifierExpression>) {
            return kNext;  // "Any literal", "Any variable reference": {Next}
          } else if constexpr (std::is_same_v<N, CallExpression>) {
            // "f(e1, ..., en): B ∪ ((B1 ∪ ... ∪ Bn) ∖ {Next})"; built-in functions and type
            // constructors have behavior {Next}.
            Behavior args = 0;
            for (ExpressionId a : m_[n.arguments]) args |= expression(a);
            Behavior f = kNext;
            const Resolution& r = out_.identifiers[id.value];
            if (r.kind == Resolution::ModuleDeclaration &&
                out_.declarations[r.index].kind == ModuleDeclaration::Function) {
              f = out_.functionBehaviors[r.index];
              if (usesDiscard_[r.index]) useDiscard(DiscardUse{m_[id].span, r.index});
            }
            return f | without(args, kNext);
          } else if constexpr (std::is_same_v<N, ParenthesizedExpression>) {
            return expression(n.inner);
          } else if constexpr (std::is_same_v<N, IndexExpression>) {
            return expression(n.base) | expression(n.index);
          } else if constexpr (std::is_same_v<N, MemberExpression>) {
            return expression(n.base);
          } else if constexpr (std::is_same_v<N, BinaryExpression>) {
            Behavior b = expression(n.left()) | expression(n.right);
            if (n.op() == BinaryOperator::ShortCircuitAnd || n.op() == BinaryOperator::ShortCircuitOr) return b;
            // "each operator application not listed in the table above has the same behavior
            // as if it were a function call with the same operands and ... behavior {Next}".
            return kNext | without(b, kNext);
          } else if constexpr (std::is_same_v<N, UnaryExpression>) {
            return kNext | without(expression(n.operand), kNext);
          } else if constexpr (std::is_same_v<N, BitcastExpression>) {
            return kNext | without(expression(n.operand), kNext);
          }
        },
        m_[id].node);
    out_.expressionBehaviors[id.value] = b;
    return b;
  }

  CheckedModule& out_;
  const Module& m_;
  DiagnosticList& diagnostics_;
  std::vector<Row> rows_;  // by StatementId: the rule that gave the statement its behavior
  bool failed_ = false;    // a precondition failed in the current function (reported once)
  bool current_;           // Revision::currentBehaviorAnalysis (delta 4.1)
  // The syntactic rules beside the behavior rules (docs/ambiguities.md B6): which functions use
  // discard, themselves or through calls (#discard-statement), and the first return and use of
  // discard in the continuing statement being analyzed (#continuing-statement).
  std::vector<std::optional<DiscardUse>> usesDiscard_;  // by declaration index
  std::optional<DiscardUse> currentDiscard_;             // in the current function
  std::vector<ContinuingUses> continuing_;  // the continuing statements being analyzed, innermost last
  ContinuingUses lastContinuing_;           // of the continuing statement analyzed last
  // Notes of the current explanation: a chain through nested statements and calls is bounded
  // (design principle 5), whatever the nesting depth.
  static constexpr int kMaxNotes = 64;
  int notes_ = 0;
};

}  // namespace

void analyzeBehaviors(CheckedModule& module, DiagnosticList& diagnostics) {
  BehaviorAnalysis(module, diagnostics).run();
}

}  // namespace plumb
