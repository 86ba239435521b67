// The programs of the `uniformity` family as the generator sees them: a small syntax tree of
// the WGSL subset the family writes (statements and expressions of #uniformity-statements and
// #uniformity-expressions), with two kinds of holes:
//  - a *choice* (Alt): one of several alternatives, chosen by Z3 (a source of a value, the
//    kind of a link of a dependency chain, the sink that requires uniformity);
//  - a *twin edit* (Twin): one alternative in the valid twin, another in the invalid twin
//    (a statement or operand that changes a behavior or a tag).
// The tree is rendered as WGSL once the model is known (uniformity_program.cpp) and analyzed
// symbolically, before, by the family's own reading of the rule tables (uniformity_model.h).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace plumb::gen::wgsl::uniformity {

// ---------------------------------------------------------------------------------- behaviors
// #behaviors: a set of Next, Return, Discard, Break, Continue, Fallthrough.
using Behavior = uint8_t;
inline constexpr Behavior kNext = 1, kReturn = 2, kDiscard = 4, kBreak = 8, kContinue = 16,
                          kFallthrough = 32;

struct Expr;
struct Stmt;
using ExprP = std::shared_ptr<const Expr>;
using StmtP = std::shared_ptr<const Stmt>;

/// Marks on the edges a node's rule adds, for the row's "one dependency edge": the key edges
/// are dropped in the check that the row's construct is necessary for the violation. Which
/// edges Key1..Key3 mark depends on the rule (uniformity_model.cpp):
///   reference: 1 Result -> CF, 2 Result -> X;  e1 op e2, e1[e2]: 1 Result -> V1, 2 -> V2;
///   && ||: 1 the right operand's control flow -> V1;  call: every edge;
///   if, switch: 1 the branches' control flow -> V, 2 CFend -> CF_i, 3 (switch) fallthrough;
///   loop, for, while: 1 CF' -> end of body, 2 CF' -> CF, 3 the condition's CFend -> V;
///   break if (strict): every edge;  return: 1 CF_return -> CF, 2 Value_return -> V;
///   assignment: 1 L -> V;  var x = e: 1 X -> V.
enum Key : uint8_t { KeyNone = 0, Key1 = 1, Key2 = 2, Key3 = 4, KeyAll = 7 };

struct Expr {
  enum Kind : uint8_t {
    Literal,  // text
    Ref,      // text: a name (local, parameter, module-scope declaration)
    Unary,    // text: the operator ("-", "~", "!", "&", "*", "bitcast<u32>"); kids[0]
    Binary,   // text: a non-short-circuiting operator; kids[0], kids[1]
    And,      // &&
    Or,       // ||
    Index,    // kids[0][kids[1]]
    Member,   // kids[0].text
    Call,     // text: callee (user function, built-in function, or type constructor); kids
    Alt,      // choice: kids are the alternatives, `slot` the choice's index in the program
    Twin,     // kids[0] in the valid twin, kids[1] in the invalid one
  };
  explicit Expr(Kind k, std::string t = {}, std::vector<ExprP> c = {})
      : kind(k), text(std::move(t)), kids(std::move(c)) {}
  Kind kind;
  std::string text;
  std::vector<ExprP> kids;
  int slot = -1;
  Key key = KeyNone;
  std::string label;  // Alt alternatives: what the alternative is ("builtin local_invocation_id")
};

struct Clause {
  std::string selectors;  // "case 1u, 2u" or "default"
  std::vector<StmtP> body;
};

struct Stmt {
  enum Kind : uint8_t {
    Block,      // { body }
    Let,        // let name = e;
    Var,        // var name[: type][ = e];
    Const,      // const name = e;
    Assign,     // e = e2;
    Compound,   // e op= e2; (text: the operator with '=')
    Increment,  // e++;
    Phony,      // _ = e;
    CallStmt,   // e;
    If,         // if e { body } [else { other } | else <other[0] is an If>]
    Loop,       // loop { body [continuing { other }] }
    BreakIf,    // break if e;
    For,        // for (init; e; update) { body }
    While,      // while e { body }
    Switch,     // switch e { clauses }
    Break,
    Continue,
    Return,  // return [e];
    Discard,
    Fallthrough,
    Alt,   // choice among `alternatives` (same behavior), `slot`
    Twin,  // alternatives[0] in the valid twin, [1] in the invalid one
  };
  explicit Stmt(Kind k, std::string n = {}, std::string t = {})
      : kind(k), name(std::move(n)), type(std::move(t)) {}
  Kind kind;
  std::string name, type, op;
  ExprP e, e2;
  std::vector<StmtP> body, other;
  std::vector<Clause> clauses;
  StmtP init, update;
  bool hasElse = false, elseIf = false, hasContinuing = false;
  std::vector<StmtP> alternatives;
  int slot = -1;
  Key key = KeyNone;
  std::string label;
};

struct Param {
  Param(std::string n, std::string t, std::string b = {})
      : name(std::move(n)), type(std::move(t)), builtin(std::move(b)) {}
  std::string name, type;
  std::string builtin;            // entry points: the built-in value, else empty
  int location = -1;              // entry points: @location(n), flat
  bool structOfBuiltins = false;  // entry points: a structure parameter (U9)
  bool uniformStruct = false;     // ... whose members are all uniform built-in values
};

struct Function {
  Function(std::string n, std::string s, std::vector<Param> p, std::string r = {})
      : name(std::move(n)), stage(std::move(s)), params(std::move(p)), returnType(std::move(r)) {}
  std::string name;
  std::string stage;  // "compute", "fragment", "vertex" or empty
  std::vector<Param> params;
  std::string returnType;       // empty: none
  std::string returnAttribute;  // "@location(0)" or "@builtin(position)" for entry points
  std::vector<StmtP> body;
};

/// A module-scope declaration the analysis needs to know: a variable (read-only or not) or a
/// creation-time value (const, override).
struct ModuleName {
  enum Kind : uint8_t { ReadOnlyVariable, NonReadOnlyVariable, Value } kind;
};

/// A choice of the program: which alternative Z3 picked is read from its model.
struct Choice {
  std::string what;  // "source", "link", "sink", ...
  std::vector<std::string> labels;
  bool flippable = false;  // may be the one place where the twins differ
};

struct Program {
  std::string prelude;  // module-scope declarations, as text
  std::map<std::string, ModuleName> moduleNames;
  std::vector<std::string> structs;  // struct declarations, as text
  std::vector<Function> functions;   // callees before callers
  std::vector<Choice> choices;       // by slot
};

// ---------------------------------------------------------------------------- construction
ExprP lit(std::string text);
ExprP ref(std::string name, Key key = KeyNone);
ExprP unary(std::string op, ExprP e);
ExprP binary(std::string op, ExprP a, ExprP b, Key key = KeyNone);
ExprP logicalAnd(ExprP a, ExprP b, Key key = KeyNone);
ExprP logicalOr(ExprP a, ExprP b, Key key = KeyNone);
ExprP index(ExprP a, ExprP b, Key key = KeyNone);
ExprP member(ExprP e, std::string field);
ExprP call(std::string callee, std::vector<ExprP> args, Key key = KeyNone);
ExprP twinExpr(ExprP valid, ExprP invalid);
ExprP labeled(ExprP e, std::string label);  // an alternative with its label
/// A choice among `alternatives`, registered in `p` (its slot is the next index).
ExprP choose(Program& p, std::string what, std::vector<ExprP> alternatives, bool flippable);

StmtP block(std::vector<StmtP> body);
StmtP let(std::string name, ExprP e);
/// let name = &x (a pointer: U6, writes through it go to its root identifier).
StmtP letPointer(std::string name, ExprP e);
StmtP var(std::string name, std::string type, ExprP e = nullptr, Key key = KeyNone);
StmtP constDecl(std::string name, ExprP e);
StmtP assign(ExprP lhs, ExprP rhs, Key key = KeyNone);
StmtP compound(std::string op, ExprP lhs, ExprP rhs);
StmtP increment(ExprP lhs);
StmtP phony(ExprP e);
StmtP callStmt(ExprP call);
StmtP ifStmt(ExprP cond, std::vector<StmtP> body, Key key = KeyNone);
StmtP ifElse(ExprP cond, std::vector<StmtP> body, std::vector<StmtP> other, Key key = KeyNone);
StmtP ifElseIf(ExprP cond, std::vector<StmtP> body, StmtP elseIf, Key key = KeyNone);
StmtP loop(std::vector<StmtP> body, Key key = KeyNone);
StmtP loopContinuing(std::vector<StmtP> body, std::vector<StmtP> continuing, Key key = KeyNone);
StmtP breakIf(ExprP cond, Key key = KeyNone);
StmtP forLoop(StmtP init, ExprP cond, StmtP update, std::vector<StmtP> body, Key key = KeyNone);
StmtP whileLoop(ExprP cond, std::vector<StmtP> body, Key key = KeyNone);
StmtP switchStmt(ExprP selector, std::vector<Clause> clauses, Key key = KeyNone);
StmtP breakStmt();
StmtP continueStmt();
StmtP returnStmt(ExprP e = nullptr, Key key = KeyNone);
StmtP discardStmt();
StmtP fallthroughStmt();
StmtP twinStmt(StmtP valid, StmtP invalid);
StmtP labeledStmt(StmtP s, std::string label);
StmtP chooseStmt(Program& p, std::string what, std::vector<StmtP> alternatives);

// ------------------------------------------------------------------------------- rendering
/// The alternatives picked: by slot, for one twin (0 valid, 1 invalid).
struct Picks {
  std::vector<int> alt;
  int twin = 0;
};

struct Rendered {
  std::string wgsl;
  std::map<const Stmt*, uint32_t> lines;  // the line each statement starts on
  std::map<const Function*, uint32_t> functionLines;
};
Rendered render(const Program& p, const Picks& picks);

// ------------------------------------------------------------------------------- behaviors
/// #behaviors-rules for the statements the family writes; choices must agree (all
/// alternatives of a choice have one behavior), twin edits are resolved by `twin`.
struct Behaviors {
  std::map<std::string, Behavior> functions;  // function behavior (Return replaced by Next)
  std::map<const Stmt*, Behavior> statements;
  std::map<const Expr*, Behavior> expressions;
  Behavior of(const Stmt& s, int twin) const;
  Behavior ofExpr(const Expr& e, int twin) const;
  Behavior ofList(const std::vector<StmtP>& list, int twin) const;
};
/// Computes every function's behavior (callees first); `error` says what is wrong with the
/// family's own program when it breaks a behavior rule (a generator bug).
Behaviors computeBehaviors(const Program& p, int twin, std::string& error);

}  // namespace plumb::gen::wgsl::uniformity
