// Statement skeletons for the `behavior` family (behavior.cpp): a function body as a tree of
// bounded depth whose statement kinds, expression forms and header parts are solver variables,
// and the seed's behavior rules (#behaviors-rules, wgsl-2022-06-07.bs l.6857-7075) with the
// syntactic rules the checker enforces beside them (#break-statement, #continue-statement,
// #continuing-statement, #discard-statement, #switch-statement) as constraints over 6-bit
// behavior sets. Two twins of one skeleton differ in one place (the edit: one statement, one
// statement header, one expression or the function's header, always one line of text); the
// encoding says which twin is valid and, for the invalid one, which single rule it breaks and
// where. That is the family's own derivation, independent of Plumb's checker.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gen/rng.h"
#include "gen/solver.h"

namespace plumb::gen::wgsl::behavior {

/// Statement kinds. Leaf kinds come first; Block and after are compound statements. Absent is
/// no statement (a sequence's unused tail); Blank is an empty line, the edit's deletion.
enum class Kind : uint8_t {
  Absent,
  Blank,
  Empty,
  VarDecl,
  Let,
  VarInit,
  Assign,
  Phony,
  CallStmt,
  Return,
  ReturnValue,
  Discard,
  Break,
  BreakIf,
  Continue,
  Fallthrough,
  Const,
  CompoundAssign,
  IncDec,
  StaticAssert,
  Block,
  If,
  IfElse,
  IfElseIf,
  IfElseIfElse,
  Loop,
  While,
  For,
  Switch,
};
inline constexpr int kKindCount = static_cast<int>(Kind::Switch) + 1;
const char* kindName(Kind k);

/// Expression forms: the rows of the expression table ("Rules for analyzing and validating the
/// behaviors of expressions") plus Cmp, an operator application (docs/ambiguities.md B3).
enum class Form : uint8_t { Lit, Var, Call, Index, Member, Or, And, Cmp };
inline constexpr int kFormCount = static_cast<int>(Form::Cmp) + 1;
const char* formName(Form f);

/// The callee of a call statement, by its function behavior: {Next}, {Discard}, {Next, Discard}.
enum class Callee : uint8_t { Next, Discard, NextDiscard };

/// The function whose body is the skeleton: a helper with or without a return type, or an
/// entry point of one stage.
enum class FnKind : uint8_t { HelperVoid, HelperI32, Compute, FragmentVoid, FragmentRet, Vertex };
inline constexpr int kFnKindCount = static_cast<int>(FnKind::Vertex) + 1;
const char* fnKindName(FnKind f);
bool hasReturnType(FnKind f);

/// Behavior elements (#behaviors: "A behavior is a set, whose elements may be ...").
enum : uint8_t {
  kNext = 1,
  kReturn = 2,
  kDiscard = 4,
  kBreak = 8,
  kContinue = 16,
  kFallthrough = 32,
};
std::string behaviorText(uint8_t b);

/// The one rule an invalid twin breaks, and how the generator expects Plumb to name it.
enum class Violation : uint8_t {
  None,
  BreakPlacement,         // #break-statement: outside loop, for, while or switch
  BreakInContinuing,      // #break-statement: exits a continuing statement
  ContinuePlacement,      // #continue-statement: outside loop, for or while
  ContinueInContinuing,   // #continue-statement: to an enclosing continuing statement
  FallthroughLastClause,  // #switch-statement: fallthrough in the last clause
  ContinuingBehavior,     // #behaviors-rules: Continue, Return or Discard in a continuing's B2
  EmptyLoop,              // #behaviors-rules: a non-empty behavior for each statement
  FunctionReturnType,     // #behaviors-rules: {Return} or {Return, Discard} with a return type
  FunctionNoReturnType,   // #behaviors-rules: a subset of {Next, Return, Discard} otherwise
  EntryDiscard,           // #behaviors-rules: compute and vertex entry points without Discard
  ContinuingReturn,       // #continuing-statement: a return that cannot be reached (B6)
  ContinuingDiscard,      // #continuing-statement: a use of discard that cannot be reached (B6)
  DiscardStage,           // #discard-statement: a use of discard in compute or vertex (B6)
};
inline constexpr int kViolationCount = static_cast<int>(Violation::DiscardStage) + 1;
const char* violationName(Violation v);
/// The rule (section anchor) Plumb names for the violation (docs/ambiguities.md B4, B6).
const char* violationAnchor(Violation v);

// ---------------------------------------------------------------------------------------------
// The template: where statements may be.

/// A place for one statement. A compound place has up to three child sequences (an if's then,
/// else-if and else bodies; a loop's body and continuing statement; a switch's clauses).
struct Position {
  int parent = -1;  // -1: the function body
  int seq = 0;      // which sequence of the parent
  int index = 0;    // index in that sequence
  int depth = 1;
  bool compound = false;
  std::array<std::vector<int>, 3> seqs;
};

struct Template {
  std::vector<Position> positions;
  std::vector<int> body;  // the function body's sequence
};

/// A random template: the body has 2-4 places; a place above `maxDepth` may be compound with
/// sequences of 0-3 places; at most `budget` places in all, except that one body place starts a
/// chain of `spine` nested compound places (each with a body and a second sequence).
Template makeTemplate(Rng& rng, int maxDepth, int budget, int spine);

// ---------------------------------------------------------------------------------------------
// A solved skeleton: the values of one twin.

struct ExprValue {
  Form form = Form::Lit;
  bool discardA = false, discardB = false;  // the operands' callees use discard
  bool discards() const { return discardA || discardB; }
};

struct NodeValue {
  Kind kind = Kind::Absent;
  std::array<ExprValue, 2> x;    // slot 0: value/condition; 1: target, init, else-if condition
  Callee callee = Callee::Next;  // also a for initializer's: Next is `var`, else a call
  bool hasInit = false, hasCond = false;  // for statements
  uint8_t behavior = 0;                   // the statement's behavior by the rules
};

struct Twin {
  FnKind fn = FnKind::HelperVoid;
  std::vector<NodeValue> nodes;  // by position
  uint8_t body = 0;              // the body's behavior
};

/// A solved pair: the valid and the invalid twin, the edit, and the invalid twin's violation.
struct SolvedPair {
  Template tmpl;
  std::vector<int> clauses;  // by position: the number of switch clauses
  Twin valid, invalid;
  int edit = -1;  // the edited position; -1: the function header
  Violation violation = Violation::None;
  int site = -1;                // the position the violation is at (-1: the function)
  bool siteContinuing = false;  // at the `continuing` line of the site's loop
  std::vector<int> path;        // positions on the path from the edit to the violation
  nlohmann::json model;         // what the solver chose, for the case's derivation
};

// ---------------------------------------------------------------------------------------------
// What a row asks of the pair.

enum class TargetKind : uint8_t {
  Statement,   // a statement of `kind` on the path (loops and switches: with/without break)
  Sequence,    // "statement sequence behavior with/without next" on the path
  Braced,      // a braced statement (compound_statement) on the path
  Expression,  // an expression of `form` on the path
  Violation,   // the invalid twin's one violation is `violation`
};

enum class StatementRow : uint8_t {
  Kind,              // exactly `kind`
  AnyIf,             // if statement behavior
  IfWithoutElse,     // if or else-if without a final else
  ElseIf,            // else-if forms
  LoopWithoutBreak,  // loop rows (any loop form)
  LoopWithBreak,
  LoopNoContinuing,  // `loop {s}` treated as `loop {s continuing {}}`
  SwitchWithoutBreak,
  SwitchWithBreak,
};

struct Target {
  TargetKind kind = TargetKind::Statement;
  StatementRow statement = StatementRow::Kind;
  Kind stmtKind = Kind::Empty;
  bool withNext = false;  // Sequence
  Form form = Form::Lit;  // Expression
  Violation violation = Violation::None;
};

/// Preferences a slot adds for variety; each is dropped when the solver cannot satisfy it.
struct Preferences {
  int side = -1;             // 0: the target applies in the valid twin, 1: the invalid
  int fn = -1;               // the valid twin's function kind
  std::vector<int> present;  // positions that hold a statement
  std::vector<std::pair<int, Kind>> kinds;  // positions pinned to a kind (in both twins)
};

struct SolveOutcome {
  bool ok = false;
  SolveResult result = SolveResult::Unsat;
  std::string failure;
  SolvedPair pair;
};

/// Asks Z3 for a pair over `tmpl` that meets `target`, honouring as many preferences as it can.
SolveOutcome solvePair(SolverSession& session, const Template& tmpl, const Target& target,
                       const Preferences& prefs, const std::vector<FnKind>& allowedFns);

}  // namespace plumb::gen::wgsl::behavior
