// The behavior rules as constraints (behavior_skeleton.h). Every statement place of a template
// has, in each twin, a kind, two expression slots and header parts; its behavior (a 6-bit set)
// is defined by the row of "Rules for analyzing and validating the behaviors of statements"
// (wgsl-2022-06-07.bs l.6895-7015) for its kind, with the desugarings of l.7017-7025 (for,
// while, `loop {s}`, if without else, else if) and the expression rows of l.7027-7069. The
// validity of a twin is the conjunction of the rules' preconditions, the function rules
// (l.6881-6884, 7070-7074) and the syntactic rules the checker applies beside them.
//
// Everything is a propositional formula: kinds and forms are binary codes of Booleans, a
// behavior is six Booleans (one per element), the edit is one-hot. Z3 then goes straight to its
// SAT solver; as bit-vectors, preprocessing took most of the time.
#include "gen/wgsl/behavior_skeleton.h"

#include <functional>
#include <map>
#include <optional>

namespace plumb::gen::wgsl::behavior {

const char* kindName(Kind k) {
  static constexpr const char* kNames[] = {"absent",
                                           "blank line",
                                           "empty statement",
                                           "var declaration",
                                           "let declaration",
                                           "initialized var declaration",
                                           "assignment",
                                           "phony assignment",
                                           "call statement",
                                           "return",
                                           "return value",
                                           "discard",
                                           "break",
                                           "break if",
                                           "continue",
                                           "fallthrough",
                                           "const declaration",
                                           "compound assignment",
                                           "increment/decrement",
                                           "static assertion",
                                           "braced statement",
                                           "if",
                                           "if/else",
                                           "if/else if",
                                           "if/else if/else",
                                           "loop",
                                           "while",
                                           "for",
                                           "switch"};
  return kNames[static_cast<int>(k)];
}

const char* formName(Form f) {
  static constexpr const char* kNames[] = {
      "literal",          "variable",          "call",    "index", "member",
      "short-circuit or", "short-circuit and", "operator"};
  return kNames[static_cast<int>(f)];
}

const char* fnKindName(FnKind f) {
  static constexpr const char* kNames[] = {"helper without return type",
                                           "helper -> i32",
                                           "compute entry point",
                                           "fragment entry point",
                                           "fragment entry point with output",
                                           "vertex entry point"};
  return kNames[static_cast<int>(f)];
}

bool hasReturnType(FnKind f) {
  return f == FnKind::HelperI32 || f == FnKind::FragmentRet || f == FnKind::Vertex;
}

std::string behaviorText(uint8_t b) {
  static constexpr std::pair<uint8_t, const char*> kNames[] = {
      {kReturn, "Return"},     {kDiscard, "Discard"},         {kBreak, "Break"},
      {kContinue, "Continue"}, {kFallthrough, "Fallthrough"}, {kNext, "Next"}};
  std::string out = "{";
  for (auto [e, n] : kNames)
    if (b & e) out += (out.size() > 1 ? ", " : "") + std::string(n);
  return out + "}";
}

const char* violationName(Violation v) {
  static constexpr const char* kNames[] = {"none",
                                           "break outside a loop or switch",
                                           "break exiting a continuing statement",
                                           "continue outside a loop",
                                           "continue in a continuing statement",
                                           "fallthrough in the last clause of a switch",
                                           "continuing statement with Continue, Return or Discard",
                                           "loop with an empty behavior",
                                           "function with a return type without {Return}",
                                           "function body with Break, Continue or Fallthrough",
                                           "compute or vertex entry point with Discard",
                                           "return in a continuing statement (unreachable)",
                                           "discard in a continuing statement (unreachable)",
                                           "discard used in a compute or vertex entry point"};
  return kNames[static_cast<int>(v)];
}

const char* violationAnchor(Violation v) {
  switch (v) {
    case Violation::BreakPlacement:
    case Violation::BreakInContinuing:
      return "break-statement";
    case Violation::ContinuePlacement:
    case Violation::ContinueInContinuing:
      return "continue-statement";
    case Violation::FallthroughLastClause:
      return "switch-statement";
    case Violation::ContinuingReturn:
    case Violation::ContinuingDiscard:
      return "continuing-statement";
    case Violation::DiscardStage:
      return "discard-statement";
    case Violation::None:
      return "";
    default:
      return "behaviors-rules";
  }
}

// ---------------------------------------------------------------------------------------------
// Templates.

Template makeTemplate(Rng& rng, int maxDepth, int budget, int spine) {
  Template t;
  // Probability (percent) that a place at a depth may hold a compound statement.
  static constexpr unsigned kCompound[] = {0, 75, 60, 45, 35};
  // `spineLeft`: compound places still to come on the spine (a chain of nested compound places
  // from one body place down, whatever the budget, for rows that need nesting).
  std::function<int(int, int, int, int, int)> place = [&](int parent, int seq, int index, int depth,
                                                          int spineLeft) -> int {
    int id = static_cast<int>(t.positions.size());
    Position p;
    p.parent = parent;
    p.seq = seq;
    p.index = index;
    p.depth = depth;
    t.positions.push_back(p);
    bool onSpine = spineLeft > 0;
    if (onSpine || (depth < maxDepth && static_cast<int>(t.positions.size()) + 2 < budget &&
                    rng.chance(kCompound[std::min(depth, 4)]))) {
      t.positions[id].compound = true;
      int caps[3] = {static_cast<int>(rng.between(1, 3)),
                     static_cast<int>(rng.between(onSpine ? 1 : 0, 2)), rng.chance(30) ? 1 : 0};
      int spineSeq = onSpine ? static_cast<int>(rng.below(2)) : -1;
      for (int s = 0; s < 3; ++s)
        for (int i = 0; i < caps[s]; ++i) {
          bool next = s == spineSeq && i == 0;
          if (!next && static_cast<int>(t.positions.size()) >= budget) break;
          int child = place(id, s, i, depth + 1, next ? spineLeft - 1 : 0);
          t.positions[id].seqs[s].push_back(child);
        }
    }
    return id;
  };
  int n = static_cast<int>(rng.between(2, 4));
  int spineAt = static_cast<int>(rng.below(static_cast<uint64_t>(n)));
  for (int i = 0; i < n; ++i) t.body.push_back(place(-1, 0, i, 1, i == spineAt ? spine : 0));
  return t;
}

namespace {

constexpr int kKindBits = 5, kFormBits = 3, kFnBits = 3, kCalleeBits = 2, kClauseBits = 2;

/// Break and continue contexts: the nearest enclosing construct that decides them
/// (#break-statement, #continue-statement).
enum : int { kCtxNone = 0, kCtxLoop = 1, kCtxSwitch = 2, kCtxContinuing = 3 };

/// The expression contexts of a slot.
enum class SlotCtx { Unused, I32, Bool, Any, Target };

/// Boolean operations that fold constants, so that the formula stays small.
struct Logic {
  z3::context& z;
  z3::expr t() const { return z.bool_val(true); }
  z3::expr f() const { return z.bool_val(false); }
  z3::expr Not(const z3::expr& a) const {
    if (a.is_true()) return f();
    if (a.is_false()) return t();
    return !a;
  }
  z3::expr And(const z3::expr& a, const z3::expr& b) const {
    if (a.is_false() || b.is_false()) return f();
    if (a.is_true()) return b;
    if (b.is_true()) return a;
    return a && b;
  }
  z3::expr Or(const z3::expr& a, const z3::expr& b) const {
    if (a.is_true() || b.is_true()) return t();
    if (a.is_false()) return b;
    if (b.is_false()) return a;
    return a || b;
  }
  z3::expr Ite(const z3::expr& c, const z3::expr& a, const z3::expr& b) const {
    if (c.is_true()) return a;
    if (c.is_false()) return b;
    if (z3::eq(a, b)) return a;
    if (a.is_true() && b.is_false()) return c;
    if (a.is_false() && b.is_true()) return Not(c);
    return z3::ite(c, a, b);
  }
  z3::expr Eq(const z3::expr& a, const z3::expr& b) const {
    if (z3::eq(a, b)) return t();
    if (a.is_true()) return b;
    if (a.is_false()) return Not(b);
    if (b.is_true()) return a;
    if (b.is_false()) return Not(a);
    return a == b;
  }
  // n-ary: a long chain of binary connectives makes Z3 4.8.12 slow to delete its context (each
  // level of nesting costs a pass over the AST table), so operands are flattened into one node.
  z3::expr any(const std::vector<z3::expr>& v) const {
    z3::expr_vector ops(z);
    for (const z3::expr& x : v) {
      if (x.is_true()) return t();
      if (!x.is_false()) ops.push_back(x);
    }
    if (ops.empty()) return f();
    return ops.size() == 1 ? ops[0] : z3::mk_or(ops);
  }
  z3::expr all(const std::vector<z3::expr>& v) const {
    z3::expr_vector ops(z);
    for (const z3::expr& x : v) {
      if (x.is_false()) return f();
      if (!x.is_true()) ops.push_back(x);
    }
    if (ops.empty()) return t();
    return ops.size() == 1 ? ops[0] : z3::mk_and(ops);
  }
};

/// A small enumeration as Boolean bits: a binary code.
struct Code {
  std::vector<z3::expr> bits;
};

/// A behavior: one Boolean per element, element i being the set bit 1 << i (kNext ... ).
struct Set {
  std::vector<z3::expr> e;
};

struct ExprVars {
  Code form;
  z3::expr dA, dB;
};

struct NodeVars {
  Code kind;
  std::vector<ExprVars> x;  // two slots
  Code callee;
  z3::expr hasInit, hasCond;
};

/// What the rules derive for one twin.
struct Derived {
  std::vector<Set> behavior;
  std::vector<z3::expr> present, useDiscard;
  std::vector<std::array<std::vector<Set>, 3>> prefix;  // P_1..P_c of each sequence
  std::vector<std::array<Set, 3>> result;               // each sequence's behavior
  std::vector<z3::expr> b2Fail, ownFail, childrenOk, subOk, clausesBreak, loopBreak;
  std::vector<Code> ctxBreak, ctxCont;
  std::vector<z3::expr> inCont, contFail, lastClause;
  std::vector<z3::expr> exprDiscard0, exprDiscard1;
  // Violations, by position.
  std::vector<z3::expr> vBreakNone, vBreakCont, vContNone, vContCont, vFall;
  std::vector<z3::expr> vContBeh, vEmpty, vSwitchFall, vContRet, vContDisc;
  std::vector<Set> rootPrefix;  // the body's P_1..P_c
  std::optional<Set> body, fb;
  std::optional<z3::expr> bodyOk, vFnRet, vFnNoRet, vEntry, vDiscStage, uses;
  // "exactly one" and "none" of the statement rules' and the behavior rules' violations.
  std::optional<z3::expr> anyStatement, oneStatement, oneBehavior, none;
};

class Encoding {
 public:
  Encoding(SolverSession& session, const Template& t, const std::vector<FnKind>& fns)
      : s_(session),
        z_(session.ctx()),
        L_{session.ctx()},
        t_(t),
        n_(static_cast<int>(t.positions.size())),
        constraints_(z_) {
    for (int X = 0; X < 2; ++X) {
      std::string x = std::to_string(X);
      fn_.push_back(code("fn" + x, kFnBits, kFnKindCount - 1));
      nodes_.emplace_back();
      for (int p = 0; p < n_; ++p) {
        std::string tag = x + "_" + std::to_string(p);
        NodeVars v{code("k" + tag, kKindBits, kKindCount - 1),
                   {},
                   code("c" + tag, kCalleeBits, 2),
                   z_.bool_const(("init" + tag).c_str()),
                   z_.bool_const(("cond" + tag).c_str())};
        for (int s = 0; s < 2; ++s) {
          std::string st = tag + "_" + std::to_string(s);
          v.x.push_back({code("f" + st, kFormBits, kFormCount - 1),
                         z_.bool_const(("a" + st).c_str()), z_.bool_const(("b" + st).c_str())});
        }
        nodes_[X].push_back(v);
      }
    }
    for (int p = 0; p < n_; ++p) clauses_.push_back(code("n" + std::to_string(p), kClauseBits, 3));
    // The edit: one place, or the function header (index n_); one-hot.
    for (int p = 0; p <= n_; ++p)
      edit_.push_back(z_.bool_const(("edit" + std::to_string(p)).c_str()));
    constraints_.push_back(exactlyOne("editSeen", edit_));
    domain(fns);
    edits();
    for (int X = 0; X < 2; ++X) derived_.push_back(derive(X));
    validity();
    onPath();
  }

  z3::expr_vector& constraints() { return constraints_; }
  z3::expr target(const Target& target, int side);
  z3::expr preferFn(FnKind f) { return is(fn_[0], static_cast<int>(f)); }
  z3::expr preferPresent(int p) { return L_.Not(kindIs(0, p, Kind::Absent)); }
  z3::expr preferKind(int p, Kind k) { return L_.And(kindIs(0, p, k), kindIs(1, p, k)); }

  SolvedPair read(const Template& t);

 private:
  /// A fresh code of `bits` bits whose values are at most `max`.
  Code code(const std::string& name, int bits, int max) {
    Code c;
    for (int i = 0; i < bits; ++i)
      c.bits.push_back(z_.bool_const((name + "." + std::to_string(i)).c_str()));
    for (int v = max + 1; v < (1 << bits); ++v) constraints_.push_back(L_.Not(is(c, v)));
    return c;
  }
  z3::expr is(const Code& c, int v) {
    // Remembered per (code, value): the encoding asks for the same ones many times.
    std::vector<unsigned> key{static_cast<unsigned>(v)};
    for (const z3::expr& b : c.bits) key.push_back(b.id());
    if (auto it = isCache_.find(key); it != isCache_.end()) return it->second;
    std::vector<z3::expr> lits;
    for (size_t i = 0; i < c.bits.size(); ++i)
      lits.push_back((v >> i) & 1 ? c.bits[i] : L_.Not(c.bits[i]));
    z3::expr r = L_.all(lits);
    isCache_.emplace(key, r);
    return r;
  }
  z3::expr sameCode(const Code& a, const Code& b) {
    std::vector<z3::expr> eq;
    for (size_t i = 0; i < a.bits.size(); ++i) eq.push_back(L_.Eq(a.bits[i], b.bits[i]));
    return L_.all(eq);
  }
  /// Exactly one of `v`: a sequential at-most-one, "seen" named at each step.
  z3::expr exactlyOne(const std::string& name, const std::vector<z3::expr>& v) {
    std::vector<z3::expr> amo;
    z3::expr seen = L_.f();
    for (size_t i = 0; i < v.size(); ++i) {
      if (v[i].is_false()) continue;
      amo.push_back(L_.Not(L_.And(seen, v[i])));
      seen = freshBool(name + std::to_string(i), L_.Or(seen, v[i]));
    }
    amo.push_back(seen);
    return L_.all(amo);
  }
  Code constCode(int v, int bits) {
    Code c;
    for (int i = 0; i < bits; ++i) c.bits.push_back(z_.bool_val((v >> i) & 1));
    return c;
  }
  Code iteCode(const z3::expr& c, const Code& a, const Code& b) {
    Code r;
    for (size_t i = 0; i < a.bits.size(); ++i) r.bits.push_back(L_.Ite(c, a.bits[i], b.bits[i]));
    return r;
  }

  // Behaviors.
  Set set(int mask) {
    Set s;
    for (int i = 0; i < 6; ++i) s.e.push_back(z_.bool_val((mask >> i) & 1));
    return s;
  }
  Set uni(const Set& a, const Set& b) {
    Set s;
    for (int i = 0; i < 6; ++i) s.e.push_back(L_.Or(a.e[i], b.e[i]));
    return s;
  }
  Set without(const Set& a, int mask) {
    Set s;
    for (int i = 0; i < 6; ++i) s.e.push_back((mask >> i) & 1 ? L_.f() : a.e[i]);
    return s;
  }
  Set ite(const z3::expr& c, const Set& a, const Set& b) {
    Set s;
    for (int i = 0; i < 6; ++i) s.e.push_back(L_.Ite(c, a.e[i], b.e[i]));
    return s;
  }
  z3::expr has(const Set& a, int mask) {
    std::vector<z3::expr> in;
    for (int i = 0; i < 6; ++i)
      if ((mask >> i) & 1) in.push_back(a.e[i]);
    return L_.any(in);
  }
  z3::expr same(const Set& a, const Set& b) {
    std::vector<z3::expr> eq;
    for (int i = 0; i < 6; ++i) eq.push_back(L_.Eq(a.e[i], b.e[i]));
    return L_.all(eq);
  }
  z3::expr isSet(const Set& a, int mask) { return same(a, set(mask)); }
  /// A named copy of `value` (keeps the formula a small DAG for the SAT solver).
  Set fresh(const std::string& name, const Set& value) {
    Set s;
    for (int i = 0; i < 6; ++i) {
      z3::expr v = z_.bool_const((name + "." + std::to_string(i)).c_str());
      constraints_.push_back(L_.Eq(v, value.e[i]));
      s.e.push_back(v);
    }
    return s;
  }
  z3::expr freshBool(const std::string& name, const z3::expr& value) {
    z3::expr v = z_.bool_const(name.c_str());
    constraints_.push_back(L_.Eq(v, value));
    return v;
  }

  z3::expr kindIs(int X, int p, Kind k) { return is(nodes_[X][p].kind, static_cast<int>(k)); }
  z3::expr kindIn(int X, int p, std::initializer_list<Kind> ks) {
    std::vector<z3::expr> v;
    for (Kind k : ks) v.push_back(kindIs(X, p, k));
    return L_.any(v);
  }
  z3::expr compound(int X, int p) {
    return kindIn(X, p,
                  {Kind::Block, Kind::If, Kind::IfElse, Kind::IfElseIf, Kind::IfElseIfElse,
                   Kind::Loop, Kind::While, Kind::For, Kind::Switch});
  }
  z3::expr leaf(int X, int p) {
    return L_.And(L_.Not(compound(X, p)), L_.Not(kindIs(X, p, Kind::Absent)));
  }
  z3::expr loopLike(int X, int p) { return kindIn(X, p, {Kind::Loop, Kind::While, Kind::For}); }
  z3::expr ifLike(int X, int p) {
    return kindIn(X, p, {Kind::If, Kind::IfElse, Kind::IfElseIf, Kind::IfElseIfElse});
  }
  z3::expr formIs(int X, int p, int s, Form f) {
    return is(nodes_[X][p].x[s].form, static_cast<int>(f));
  }
  z3::expr formIn(int X, int p, int s, std::initializer_list<Form> fs) {
    std::vector<z3::expr> v;
    for (Form f : fs) v.push_back(formIs(X, p, s, f));
    return L_.any(v);
  }
  z3::expr fnIs(int X, FnKind f) { return is(fn_[X], static_cast<int>(f)); }
  z3::expr fnReturns(int X) {
    return L_.any(
        {fnIs(X, FnKind::HelperI32), fnIs(X, FnKind::FragmentRet), fnIs(X, FnKind::Vertex)});
  }
  z3::expr clausesAre(int p, int n) { return is(clauses_[p], n); }
  void require(const z3::expr& e) {
    if (!e.is_true()) constraints_.push_back(e);
  }
  void implies(const z3::expr& a, const z3::expr& b) { require(L_.Or(L_.Not(a), b)); }

  std::vector<int> children(int p) const {
    std::vector<int> out;
    for (const auto& seq : t_.positions[p].seqs) out.insert(out.end(), seq.begin(), seq.end());
    return out;
  }
  /// The positions after `p` in its sequence.
  std::vector<int> following(int p) const {
    const Position& pos = t_.positions[p];
    const std::vector<int>& seq = pos.parent < 0 ? t_.body : t_.positions[pos.parent].seqs[pos.seq];
    return std::vector<int>(seq.begin() + pos.index + 1, seq.end());
  }

  /// The expression context of slot `s` of a statement of version X at p.
  z3::expr slotCtxIs(int X, int p, int s, SlotCtx c);
  void domain(const std::vector<FnKind>& fns);
  void edits();
  z3::expr nodeEqual(int p);
  z3::expr exprDiffers(int p, int s) {
    const ExprVars &a = nodes_[0][p].x[s], &b = nodes_[1][p].x[s];
    return L_.Not(L_.all({sameCode(a.form, b.form), L_.Eq(a.dA, b.dA), L_.Eq(a.dB, b.dB)}));
  }
  Derived derive(int X);
  void validity();
  void onPath();
  z3::expr matchStatement(int X, int p, const Target& t);

  SolverSession& s_;
  z3::context& z_;
  Logic L_;
  std::map<std::vector<unsigned>, z3::expr> isCache_;  // by value and the bits' AST ids
  const Template& t_;
  int n_;
  z3::expr_vector constraints_;
  std::vector<Code> fn_;
  std::vector<std::vector<NodeVars>> nodes_;
  std::vector<Code> clauses_;
  std::vector<z3::expr> edit_;  // one-hot: edit_[p], or edit_[n_] for the function header
  std::vector<Derived> derived_;
  // The path (both twins): which statements, sequence prefixes and expressions carry the
  // difference that decides the verdict.
  std::vector<z3::expr> on_, onOwner_;
  std::vector<std::array<std::vector<z3::expr>, 3>> onPrefix_;  // onP_1..onP_c per sequence
  std::vector<z3::expr> onRootPrefix_;
  std::vector<std::array<std::optional<z3::expr>, 3>> onResult_;
  std::optional<z3::expr> onBody_;
  // Sites of the invalid twin's violation.
  std::vector<z3::expr> siteStmt_, siteLoop_, siteUse_;
  std::optional<z3::expr> siteRoot_, reportStatements_;
};

z3::expr Encoding::slotCtxIs(int X, int p, int s, SlotCtx c) {
  auto k = [&](std::initializer_list<Kind> ks) { return kindIn(X, p, ks); };
  const NodeVars& v = nodes_[X][p];
  if (s == 0) {
    switch (c) {
      case SlotCtx::Any:
        return k({Kind::Let, Kind::VarInit, Kind::Phony});
      case SlotCtx::I32:
        return k(
            {Kind::Assign, Kind::CompoundAssign, Kind::CallStmt, Kind::ReturnValue, Kind::Switch});
      case SlotCtx::Bool:
        return L_.Or(k({Kind::BreakIf, Kind::If, Kind::IfElse, Kind::IfElseIf, Kind::IfElseIfElse,
                        Kind::While}),
                     L_.And(kindIs(X, p, Kind::For), v.hasCond));
      default:
        return L_.f();
    }
  }
  switch (c) {
    case SlotCtx::Target:
      return k({Kind::Assign, Kind::CompoundAssign, Kind::IncDec});
    case SlotCtx::Bool:
      return k({Kind::IfElseIf, Kind::IfElseIfElse});
    case SlotCtx::I32:
      return L_.And(kindIs(X, p, Kind::For), v.hasInit);
    default:
      return L_.f();
  }
}

void Encoding::domain(const std::vector<FnKind>& fns) {
  for (int X = 0; X < 2; ++X) {
    std::vector<z3::expr> allowed;
    for (FnKind f : fns) allowed.push_back(fnIs(X, f));
    require(L_.any(allowed));
    for (int p = 0; p < n_; ++p) {
      const Position& pos = t_.positions[p];
      const NodeVars& v = nodes_[X][p];
      if (!pos.compound) require(L_.Not(compound(X, p)));
      // Is the place inside a sequence its parent's kind uses?
      z3::expr active = L_.t();
      if (pos.parent >= 0) {
        int q = pos.parent;
        switch (pos.seq) {
          case 0:
            active = compound(X, q);
            break;
          case 1:
            active = L_.any(
                {kindIn(X, q, {Kind::IfElse, Kind::IfElseIf, Kind::IfElseIfElse, Kind::Loop}),
                 L_.And(kindIs(X, q, Kind::For), L_.Eq(L_.t(), z_.bool_val(pos.index == 0))),
                 L_.And(kindIs(X, q, Kind::Switch), L_.Not(clausesAre(q, 1)))});
            break;
          default:
            active = L_.Or(kindIs(X, q, Kind::IfElseIfElse),
                           L_.And(kindIs(X, q, Kind::Switch), clausesAre(q, 3)));
        }
        // A for statement's update (#for-statement: for_update) is an increment, decrement,
        // assignment or call statement.
        if (pos.seq == 1)
          implies(kindIs(X, q, Kind::For),
                  kindIn(X, p,
                         {Kind::Absent, Kind::Blank, Kind::Assign, Kind::CompoundAssign,
                          Kind::IncDec, Kind::CallStmt, Kind::Phony}));
      }
      implies(L_.Not(active), kindIs(X, p, Kind::Absent));
      // Absent places are a sequence's tail.
      if (pos.index > 0) {
        int prev = pos.parent < 0 ? t_.body[pos.index - 1]
                                  : t_.positions[pos.parent].seqs[pos.seq][pos.index - 1];
        implies(kindIs(X, prev, Kind::Absent), kindIs(X, p, Kind::Absent));
      }
      // A blank line only where the edit deleted a statement.
      implies(kindIs(X, p, Kind::Blank), edit_[p]);
      // `return;` only without a return type, `return e;` only with one (#return-statement).
      implies(kindIs(X, p, Kind::Return), L_.Not(fnReturns(X)));
      implies(kindIs(X, p, Kind::ReturnValue), fnReturns(X));
      // break_if_statement is the last statement of a loop's continuing_compound_statement;
      // fallthrough_statement the last of a case_compound_statement (the grammar).
      std::vector<z3::expr> tail;
      for (int f : following(p))
        tail.push_back(L_.Or(kindIs(X, f, Kind::Absent), kindIs(X, f, Kind::Blank)));
      z3::expr last = L_.all(tail);
      z3::expr inContinuing =
          pos.parent >= 0 && pos.seq == 1 ? kindIs(X, pos.parent, Kind::Loop) : L_.f();
      z3::expr inClause = pos.parent >= 0 ? kindIs(X, pos.parent, Kind::Switch) : L_.f();
      implies(kindIs(X, p, Kind::BreakIf), L_.And(inContinuing, last));
      implies(kindIs(X, p, Kind::Fallthrough), L_.And(inClause, last));
      // Expression slots: forms that have the context's type, operands that exist.
      for (int s = 0; s < 2; ++s) {
        const ExprVars& e = v.x[s];
        std::vector<z3::expr> used;
        for (SlotCtx c : {SlotCtx::I32, SlotCtx::Bool, SlotCtx::Any, SlotCtx::Target}) {
          z3::expr in = slotCtxIs(X, p, s, c);
          used.push_back(in);
          switch (c) {
            case SlotCtx::I32:
              implies(in, formIn(X, p, s,
                                 {Form::Lit, Form::Var, Form::Call, Form::Index, Form::Member}));
              // A switch selector, like every condition, is not a literal: nothing folds away.
              if (s == 0) implies(kindIs(X, p, Kind::Switch), L_.Not(formIs(X, p, s, Form::Lit)));
              break;
            case SlotCtx::Bool:
              implies(in, L_.Not(formIs(X, p, s, Form::Lit)));
              break;
            case SlotCtx::Target:
              implies(in, formIn(X, p, s, {Form::Var, Form::Index}));
              break;
            default:
              break;
          }
        }
        implies(L_.Not(L_.any(used)),
                L_.all({formIs(X, p, s, Form::Lit), L_.Not(e.dA), L_.Not(e.dB)}));
        implies(formIn(X, p, s, {Form::Lit, Form::Var}), L_.Not(e.dA));
        implies(L_.Not(formIn(X, p, s, {Form::Or, Form::And})), L_.Not(e.dB));
      }
      // The callee of a call statement; of a for statement's initializer, when it is a call
      // (#for-statement: for_init is a variable, assignment, increment or call statement): 0 a
      // `var` declaration, 1 `halt(e)` ({Discard}), 2 `maybeHalt(e)` ({Next, Discard}).
      implies(
          L_.Not(L_.Or(kindIs(X, p, Kind::CallStmt), L_.And(kindIs(X, p, Kind::For), v.hasInit))),
          is(v.callee, 0));
      implies(L_.Not(kindIs(X, p, Kind::For)), L_.And(L_.Not(v.hasInit), L_.Not(v.hasCond)));
      if (X == 0) {
        require(L_.Not(clausesAre(p, 0)));
        implies(L_.Not(kindIs(0, p, Kind::Switch)), clausesAre(p, 1));
      }
    }
  }
}

z3::expr Encoding::nodeEqual(int p) {
  const NodeVars &a = nodes_[0][p], &b = nodes_[1][p];
  return L_.all({sameCode(a.kind, b.kind), sameCode(a.callee, b.callee),
                 L_.Eq(a.hasInit, b.hasInit), L_.Eq(a.hasCond, b.hasCond),
                 L_.Not(exprDiffers(p, 0)), L_.Not(exprDiffers(p, 1))});
}

void Encoding::edits() {
  for (int p = 0; p < n_; ++p) {
    z3::expr here = edit_[p];
    implies(L_.Not(here), nodeEqual(p));
    // One line: a leaf statement replaced, deleted or inserted (a blank line on the other side),
    // or a compound statement's header line changed with its body kept.
    z3::expr bothLeaves =
        L_.all({leaf(0, p), leaf(1, p),
                L_.Not(L_.And(kindIs(0, p, Kind::Blank), kindIs(1, p, Kind::Blank)))});
    z3::expr seq1Empty = t_.positions[p].seqs[1].empty()
                             ? L_.t()
                             : kindIs(0, t_.positions[p].seqs[1][0], Kind::Absent);
    z3::expr sameKind = sameCode(nodes_[0][p].kind, nodes_[1][p].kind);
    z3::expr sameHeader =
        L_.And(sameKind, L_.Not(L_.all({kindIn(0, p, {Kind::IfElseIf, Kind::IfElseIfElse}),
                                        exprDiffers(p, 0), exprDiffers(p, 1)})));
    z3::expr loopForms = L_.all({loopLike(0, p), loopLike(1, p), L_.Not(sameKind), seq1Empty});
    z3::expr elseIf =
        L_.And(L_.Or(L_.And(kindIs(0, p, Kind::IfElse), kindIs(1, p, Kind::IfElseIf)),
                     L_.And(kindIs(0, p, Kind::IfElseIf), kindIs(1, p, Kind::IfElse))),
               L_.Not(exprDiffers(p, 0)));
    z3::expr header =
        L_.all({compound(0, p), compound(1, p), L_.any({sameHeader, loopForms, elseIf})});
    implies(here, L_.Or(bothLeaves, header));
  }
  // The function header: a return type added or removed, or the stage changed, with the body
  // kept (the same line: attributes, name, parameters and return type).
  z3::expr root = edit_[n_];
  auto pair = [&](FnKind a, FnKind b) {
    return L_.Or(L_.And(fnIs(0, a), fnIs(1, b)), L_.And(fnIs(0, b), fnIs(1, a)));
  };
  implies(L_.Not(root), sameCode(fn_[0], fn_[1]));
  implies(root, L_.any({pair(FnKind::HelperVoid, FnKind::HelperI32),
                        pair(FnKind::Compute, FnKind::FragmentVoid),
                        pair(FnKind::FragmentRet, FnKind::Vertex)}));
}

Derived Encoding::derive(int X) {
  Derived d;
  std::string x = std::to_string(X);
  const int N = kNext, R = kReturn, D = kDiscard, Br = kBreak, C = kContinue, Fa = kFallthrough;
  for (int p = 0; p < n_; ++p) {
    Set b;
    for (int i = 0; i < 6; ++i)
      b.e.push_back(
          z_.bool_const(("B" + x + "_" + std::to_string(p) + "." + std::to_string(i)).c_str()));
    d.behavior.push_back(b);
    d.present.push_back(L_.Not(kindIn(X, p, {Kind::Absent, Kind::Blank})));
    const NodeVars& v = nodes_[X][p];
    d.exprDiscard0.push_back(L_.Or(v.x[0].dA, v.x[0].dB));
    d.exprDiscard1.push_back(L_.Or(v.x[1].dA, v.x[1].dB));
    d.useDiscard.push_back(
        L_.any({kindIs(X, p, Kind::Discard),
                L_.And(kindIn(X, p, {Kind::CallStmt, Kind::For}), L_.Not(is(v.callee, 0))),
                d.exprDiscard0.back(), d.exprDiscard1.back()}));
  }
  // A sequence's prefixes: "s1 s2" with Next in B1 gives (B1 \ {Next}) ∪ B2, without Next B1
  // (the statement sequence rows); the empty sequence is {Next}.
  auto sequence = [&](const std::vector<int>& seq, const std::string& name,
                      std::vector<Set>& prefixes) {
    Set P = set(N);
    for (size_t i = 0; i < seq.size(); ++i) {
      int q = seq[i];
      P = fresh(name + "_" + std::to_string(i),
                ite(L_.And(d.present[q], has(P, N)), uni(without(P, N), d.behavior[q]), P));
      prefixes.push_back(P);
    }
    return P;
  };
  d.prefix.resize(n_);
  for (int p = 0; p < n_; ++p) {
    std::array<Set, 3> r = {set(N), set(N), set(N)};
    for (int s = 0; s < 3; ++s)
      r[s] = sequence(t_.positions[p].seqs[s],
                      "P" + x + "_" + std::to_string(p) + "_" + std::to_string(s), d.prefix[p][s]);
    d.result.push_back(r);
  }
  d.vEmpty.resize(n_, L_.f());
  d.vSwitchFall.resize(n_, L_.f());
  for (int p = 0; p < n_; ++p) {
    const NodeVars& v = nodes_[X][p];
    Set E0 = ite(d.exprDiscard0[p], set(N | D), set(N));
    Set E1 = ite(d.exprDiscard1[p], set(N | D), set(N));
    const std::array<Set, 3>& Rs = d.result[p];
    Set callee = ite(is(v.callee, 0), set(N), ite(is(v.callee, 1), set(D), set(N | D)));
    // Loops: `loop {s}` is `loop {s continuing {}}`; while is `loop { if !(c) {break;} s }`;
    // for is `{ init; loop { if !(c) {break;} s continuing { update } } }` (l.7017-7025,
    // #for-statement, #while-statement). `if !(c) {break;}` has (B(c) \ {Next}) ∪ {Break, Next}.
    Set condBreak = uni(without(E0, N), set(Br));
    z3::expr isLoop = kindIs(X, p, Kind::Loop), isWhile = kindIs(X, p, Kind::While);
    Set b1 = ite(L_.And(L_.Not(isLoop), L_.Or(isWhile, v.hasCond)), uni(condBreak, Rs[0]), Rs[0]);
    Set b2 = ite(isWhile, set(N), Rs[1]);
    Set u = uni(b1, b2);
    z3::expr loopBreak = has(u, Br);
    d.loopBreak.push_back(loopBreak);
    // "loop with continuing with break behavior" / "... without break behavior".
    Set Lb = ite(loopBreak, without(uni(u, set(N)), Br | C), without(u, C | N));
    // The initializer runs first: `{ init; loop {...} }`, a sequence (without Next in the
    // initializer, the loop is not reached, but it is still analyzed: B5).
    Set init =
        ite(is(v.callee, 0), E1, uni(ite(is(v.callee, 1), set(D), set(N | D)), without(E1, N)));
    Set loopB = ite(v.hasInit, ite(has(init, N), uni(without(init, N), Lb), init), Lb);
    z3::expr loop = loopLike(X, p);
    z3::expr b2Fail =
        freshBool("b2fail" + x + "_" + std::to_string(p), L_.And(loop, has(b2, C | R | D)));
    d.b2Fail.push_back(b2Fail);
    z3::expr empty = L_.And(loop, isSet(Lb, 0));
    // Switch: the clauses present, the last one, and the two switch rows.
    z3::expr one = clausesAre(p, 1), two = clausesAre(p, 2), three = clausesAre(p, 3);
    Set allClauses = uni(uni(Rs[0], ite(one, set(0), Rs[1])), ite(three, Rs[2], set(0)));
    Set lastClause = ite(one, Rs[0], ite(two, Rs[1], Rs[2]));
    z3::expr clausesBreak = has(allClauses, Br);
    d.clausesBreak.push_back(clausesBreak);
    Set switchB = ite(clausesBreak, without(uni(uni(E0, allClauses), set(N)), Br | Fa),
                      without(uni(without(E0, N), allClauses), Fa));
    z3::expr fallFail = L_.And(kindIs(X, p, Kind::Switch), has(lastClause, Fa));
    d.ownFail.push_back(L_.Or(L_.And(loop, L_.Or(b2Fail, empty)), fallFail));
    d.vSwitchFall[p] = fallFail;  // completed with childrenOk below
    d.vEmpty[p] = L_.And(empty, L_.Not(b2Fail));
    // The statement rows: the behavior is the row of the statement's kind (a disjunction over
    // the kinds, exactly one of which holds; Absent and Blank have none).
    std::vector<std::vector<z3::expr>> cases(6);
    auto row = [&](Kind k, const Set& value) {
      z3::expr is = kindIs(X, p, k);
      for (int i = 0; i < 6; ++i) cases[i].push_back(L_.And(is, value.e[i]));
    };
    for (Kind k : {Kind::Empty, Kind::VarDecl, Kind::Const, Kind::StaticAssert}) row(k, set(N));
    for (Kind k : {Kind::Let, Kind::VarInit, Kind::Phony}) row(k, E0);
    row(Kind::Assign, uni(E0, E1));
    row(Kind::CompoundAssign, uni(uni(E0, E1), set(N)));  // B1: as x = x op e, x once
    row(Kind::IncDec, uni(E1, set(N)));                   // B1: as x += 1
    row(Kind::CallStmt, uni(callee, without(E0, N)));
    row(Kind::Return, set(R));
    row(Kind::ReturnValue, uni(without(E0, N), set(R)));
    row(Kind::Discard, set(D));
    row(Kind::Break, set(Br));
    row(Kind::BreakIf, uni(E0, set(Br)));
    row(Kind::Continue, set(C));
    row(Kind::Fallthrough, set(Fa));
    row(Kind::Block, Rs[0]);
    // if without else: an empty else ({Next}); else if: a nested if in the else branch.
    Set cond0 = without(E0, N), cond1 = without(E1, N);
    row(Kind::If, uni(uni(cond0, Rs[0]), set(N)));
    row(Kind::IfElse, uni(uni(cond0, Rs[0]), Rs[1]));
    row(Kind::IfElseIf, uni(uni(uni(cond0, Rs[0]), uni(cond1, Rs[1])), set(N)));
    row(Kind::IfElseIfElse, uni(uni(cond0, Rs[0]), uni(uni(cond1, Rs[1]), Rs[2])));
    for (Kind k : {Kind::Loop, Kind::While, Kind::For}) row(k, loopB);
    row(Kind::Switch, switchB);
    Set b;
    for (int i = 0; i < 6; ++i) b.e.push_back(L_.any(cases[i]));
    require(same(d.behavior[p], b));
  }
  // Validity of subtrees: a statement is valid when its own preconditions hold and its
  // children are valid ("s: B" exists only then).
  d.childrenOk.resize(n_, L_.t());
  d.subOk.resize(n_, L_.t());
  for (int p = n_ - 1; p >= 0; --p) {  // children have larger indices than their parents
    std::vector<z3::expr> ok;
    for (int c : children(p)) ok.push_back(d.subOk[c]);
    d.childrenOk[p] = freshBool("cok" + x + "_" + std::to_string(p), L_.all(ok));
    d.subOk[p] = L_.And(d.childrenOk[p], L_.Not(d.ownFail[p]));
  }
  // Contexts, top down (#break-statement, #continue-statement, #continuing-statement).
  d.ctxBreak.resize(n_, constCode(kCtxNone, 2));
  d.ctxCont.resize(n_, constCode(kCtxNone, 2));
  d.inCont.resize(n_, L_.f());
  d.contFail.resize(n_, L_.f());
  d.lastClause.resize(n_, L_.f());
  for (int p = 0; p < n_; ++p) {
    const Position& pos = t_.positions[p];
    if (pos.parent < 0) continue;
    int q = pos.parent;
    z3::expr loop = loopLike(X, q), sw = kindIs(X, q, Kind::Switch);
    bool body = pos.seq == 0;
    Code inLoop = constCode(body ? kCtxLoop : kCtxContinuing, 2);
    d.ctxBreak[p] = iteCode(loop, inLoop, iteCode(sw, constCode(kCtxSwitch, 2), d.ctxBreak[q]));
    d.ctxCont[p] = iteCode(loop, inLoop, d.ctxCont[q]);
    d.inCont[p] = body ? d.inCont[q] : L_.Or(loop, d.inCont[q]);
    d.contFail[p] = body ? d.contFail[q] : L_.Ite(loop, d.b2Fail[q], d.contFail[q]);
    d.lastClause[p] = L_.And(sw, clausesAre(q, pos.seq + 1));
  }
  // Violations.
  for (int p = 0; p < n_; ++p) {
    z3::expr brk = kindIs(X, p, Kind::Break), cont = kindIs(X, p, Kind::Continue);
    d.vBreakNone.push_back(L_.And(brk, is(d.ctxBreak[p], kCtxNone)));
    d.vBreakCont.push_back(L_.And(brk, is(d.ctxBreak[p], kCtxContinuing)));
    d.vContNone.push_back(L_.And(cont, is(d.ctxCont[p], kCtxNone)));
    d.vContCont.push_back(L_.And(cont, is(d.ctxCont[p], kCtxContinuing)));
    d.vFall.push_back(L_.And(kindIs(X, p, Kind::Fallthrough), d.lastClause[p]));
    d.vContBeh.push_back(L_.And(d.b2Fail[p], d.childrenOk[p]));
    d.vEmpty[p] = L_.And(d.vEmpty[p], d.childrenOk[p]);
    d.vSwitchFall[p] = L_.And(d.vSwitchFall[p], d.childrenOk[p]);
    z3::expr ret = kindIn(X, p, {Kind::Return, Kind::ReturnValue});
    d.vContRet.push_back(L_.all({d.inCont[p], ret, L_.Not(d.contFail[p])}));
    d.vContDisc.push_back(
        L_.all({d.inCont[p], L_.Not(ret), d.useDiscard[p], L_.Not(d.contFail[p])}));
  }
  d.body = sequence(t_.body, "body" + x, d.rootPrefix);
  std::vector<z3::expr> bodyOk;
  for (int p : t_.body) bodyOk.push_back(d.subOk[p]);
  d.bodyOk = L_.all(bodyOk);
  // The function rules (l.6881-6884) and "We assign a behavior to each function: ... with any
  // Return replaced by Next".
  const Set& B = *d.body;
  d.vFnRet = L_.all({*d.bodyOk, fnReturns(X), L_.Not(isSet(B, R)), L_.Not(isSet(B, R | D))});
  d.vFnNoRet = L_.all({*d.bodyOk, L_.Not(fnReturns(X)), has(B, Br | C | Fa)});
  d.fb = ite(has(B, R), uni(without(B, R), set(N)), B);
  z3::expr stage = L_.Or(fnIs(X, FnKind::Compute), fnIs(X, FnKind::Vertex));
  d.vEntry = L_.all({stage, *d.bodyOk, has(*d.fb, D)});
  std::vector<z3::expr> uses;
  for (int p = 0; p < n_; ++p) uses.push_back(L_.And(d.present[p], d.useDiscard[p]));
  d.uses = L_.any(uses);
  d.vDiscStage = L_.all({stage, *d.uses, L_.Not(has(*d.fb, D))});
  std::vector<z3::expr> st, bh;
  for (int p = 0; p < n_; ++p) {
    for (auto* v : {&d.vBreakNone, &d.vBreakCont, &d.vContNone, &d.vContCont, &d.vFall})
      st.push_back((*v)[p]);
    for (auto* v : {&d.vContBeh, &d.vEmpty, &d.vSwitchFall, &d.vContRet, &d.vContDisc})
      bh.push_back((*v)[p]);
  }
  for (const z3::expr& e : {*d.vFnRet, *d.vFnNoRet, *d.vEntry, *d.vDiscStage}) bh.push_back(e);
  std::vector<z3::expr> none;
  for (const z3::expr& e : st) none.push_back(L_.Not(e));
  for (const z3::expr& e : bh) none.push_back(L_.Not(e));
  d.none = L_.all(none);
  if (X == 1) {
    d.anyStatement = freshBool("anyStatement", L_.any(st));
    d.oneStatement = exactlyOne("stSeen", st);
    d.oneBehavior = exactlyOne("bhSeen", bh);
  }
  return d;
}

void Encoding::validity() {
  // The valid twin breaks no rule; the invalid twin exactly one: a statement's own rule (the
  // checker's statement rules run before behavior analysis, docs/ambiguities.md B4), or else one
  // rule of the behavior analysis or beside it (B6).
  require(*derived_[0].none);
  const Derived& w = derived_[1];
  require(L_.Or(*w.oneStatement, L_.And(L_.Not(*w.anyStatement), *w.oneBehavior)));
}

void Encoding::onPath() {
  const Derived &v = derived_[0], &w = derived_[1];
  reportStatements_ = *w.anyStatement;
  z3::expr behaviors = L_.Not(*reportStatements_);
  for (int p = 0; p < n_; ++p) {
    siteStmt_.push_back(L_.And(
        *reportStatements_,
        L_.any({w.vBreakNone[p], w.vBreakCont[p], w.vContNone[p], w.vContCont[p], w.vFall[p]})));
    siteLoop_.push_back(L_.And(behaviors, L_.any({w.vContBeh[p], w.vEmpty[p], w.vSwitchFall[p]})));
    siteUse_.push_back(L_.And(
        behaviors, L_.any({w.vContRet[p], w.vContDisc[p], L_.And(*w.vDiscStage, edit_[p])})));
  }
  siteRoot_ = L_.And(behaviors, L_.any({*w.vFnRet, *w.vFnNoRet, *w.vEntry}));
  // Top down: a sequence's result is on the path when its owner is and it differs; a prefix
  // P_(i+1) when P_(i+2) is and it differs; the statement at i when P_(i+1) is and its own
  // behavior differs (or it is where the violation is).
  on_.resize(n_, L_.f());
  onOwner_.resize(n_, L_.f());
  onPrefix_.resize(n_);
  onResult_.resize(n_);
  auto diffB = [&](int p) {
    return L_.Or(L_.Not(same(v.behavior[p], w.behavior[p])),
                 L_.Not(L_.Eq(v.present[p], w.present[p])));
  };
  auto walk = [&](const std::vector<int>& seq, const std::vector<Set>& pv,
                  const std::vector<Set>& pw, const z3::expr& onResult,
                  std::vector<z3::expr>& onP) {
    onP.assign(seq.size(), L_.f());
    z3::expr cur = onResult;
    for (int i = static_cast<int>(seq.size()) - 1; i >= 0; --i) {
      onP[i] = L_.And(cur, L_.Not(same(pv[i], pw[i])));
      int q = seq[i];
      on_[q] = freshBool("on" + std::to_string(q),
                         L_.any({L_.And(onP[i], diffB(q)), siteStmt_[q], siteUse_[q]}));
      onOwner_[q] = L_.Or(on_[q], siteLoop_[q]);
      cur = onP[i];
    }
  };
  onBody_ = L_.And(*siteRoot_, L_.Not(same(*v.body, *w.body)));
  walk(t_.body, v.rootPrefix, w.rootPrefix, *onBody_, onRootPrefix_);
  for (int p = 0; p < n_; ++p)  // parents before children
    for (int s = 0; s < 3; ++s) {
      const std::vector<int>& seq = t_.positions[p].seqs[s];
      if (seq.empty()) continue;
      onResult_[p][s] = L_.And(onOwner_[p], L_.Not(same(v.result[p][s], w.result[p][s])));
      walk(seq, v.prefix[p][s], w.prefix[p][s], *onResult_[p][s], onPrefix_[p][s]);
    }
}

z3::expr Encoding::matchStatement(int X, int p, const Target& t) {
  const Derived& d = derived_[X];
  switch (t.statement) {
    case StatementRow::Kind:
      return kindIs(X, p, t.stmtKind);
    case StatementRow::AnyIf:
      return ifLike(X, p);
    case StatementRow::IfWithoutElse:
      return kindIn(X, p, {Kind::If, Kind::IfElseIf});
    case StatementRow::ElseIf:
      return kindIn(X, p, {Kind::IfElseIf, Kind::IfElseIfElse});
    case StatementRow::LoopWithoutBreak:
      return L_.And(loopLike(X, p), L_.Not(d.loopBreak[p]));
    case StatementRow::LoopWithBreak:
      return L_.And(loopLike(X, p), d.loopBreak[p]);
    case StatementRow::LoopNoContinuing: {
      const std::vector<int>& c = t_.positions[p].seqs[1];
      return L_.And(kindIs(X, p, Kind::Loop), c.empty() ? L_.t() : kindIs(X, c[0], Kind::Absent));
    }
    case StatementRow::SwitchWithoutBreak:
      return L_.And(kindIs(X, p, Kind::Switch), L_.Not(d.clausesBreak[p]));
    case StatementRow::SwitchWithBreak:
      return L_.And(kindIs(X, p, Kind::Switch), d.clausesBreak[p]);
  }
  return L_.f();
}

z3::expr Encoding::target(const Target& t, int side) {
  std::vector<int> versions = side < 0 ? std::vector<int>{0, 1} : std::vector<int>{side};
  std::vector<z3::expr> options;
  switch (t.kind) {
    case TargetKind::Statement:
      for (int p = 0; p < n_; ++p)
        for (int X : versions) options.push_back(L_.And(on_[p], matchStatement(X, p, t)));
      break;
    case TargetKind::Sequence: {
      auto seqOptions = [&](const std::vector<int>& seq, const std::vector<z3::expr>& onP,
                            int owner, int s) {
        for (size_t i = 1; i < seq.size(); ++i)
          for (int X : versions) {
            const Derived& d = derived_[X];
            const std::vector<Set>& P = owner < 0 ? d.rootPrefix : d.prefix[owner][s];
            std::vector<z3::expr> before;
            for (size_t j = 0; j < i; ++j) before.push_back(d.present[seq[j]]);
            z3::expr next = has(P[i - 1], kNext);
            options.push_back(L_.all(
                {onP[i], d.present[seq[i]], L_.any(before), t.withNext ? next : L_.Not(next)}));
          }
      };
      seqOptions(t_.body, onRootPrefix_, -1, 0);
      for (int p = 0; p < n_; ++p)
        for (int s = 0; s < 3; ++s)
          if (!onPrefix_[p][s].empty()) seqOptions(t_.positions[p].seqs[s], onPrefix_[p][s], p, s);
      break;
    }
    case TargetKind::Braced:
      // The function body and every compound_statement: block, if and else bodies, while and
      // for bodies, case clauses, continuing statements (a loop's body is not one).
      options.push_back(*onBody_);
      for (int p = 0; p < n_; ++p)
        for (int s = 0; s < 3; ++s) {
          if (t_.positions[p].seqs[s].empty()) continue;
          for (int X : versions) {
            z3::expr braced =
                s == 1 ? L_.Not(kindIs(X, p, Kind::For)) : L_.Not(kindIs(X, p, Kind::Loop));
            options.push_back(L_.all({*onResult_[p][s], compound(X, p), braced}));
          }
        }
      break;
    case TargetKind::Expression:
      for (int p = 0; p < n_; ++p)
        for (int s = 0; s < 2; ++s) {
          const Derived &v = derived_[0], &w = derived_[1];
          z3::expr dv = s == 0 ? v.exprDiscard0[p] : v.exprDiscard1[p];
          z3::expr dw = s == 0 ? w.exprDiscard0[p] : w.exprDiscard1[p];
          for (int X : versions)
            options.push_back(L_.all(
                {L_.Or(on_[p], siteLoop_[p]), L_.Not(L_.Eq(dv, dw)), formIs(X, p, s, t.form)}));
        }
      break;
    case TargetKind::Violation: {
      const Derived& w = derived_[1];
      auto at = [&](const std::vector<z3::expr>& v) { return L_.any(v); };
      z3::expr stmt = *reportStatements_, beh = L_.Not(*reportStatements_);
      switch (t.violation) {
        case Violation::BreakPlacement:
          return L_.And(stmt, at(w.vBreakNone));
        case Violation::BreakInContinuing:
          return L_.And(stmt, at(w.vBreakCont));
        case Violation::ContinuePlacement:
          return L_.And(stmt, at(w.vContNone));
        case Violation::ContinueInContinuing:
          return L_.And(stmt, at(w.vContCont));
        case Violation::FallthroughLastClause:
          return L_.And(stmt, at(w.vFall));
        case Violation::ContinuingBehavior:
          return L_.And(beh, at(w.vContBeh));
        case Violation::EmptyLoop:
          return L_.And(beh, at(w.vEmpty));
        case Violation::FunctionReturnType:
          return L_.And(beh, *w.vFnRet);
        case Violation::FunctionNoReturnType:
          // Break or Continue escaping the body, which #break-statement and #continue-statement
          // reject first (B4).
          return L_.And(stmt, L_.Or(at(w.vBreakNone), at(w.vContNone)));
        case Violation::EntryDiscard:
          return L_.And(beh, *w.vEntry);
        case Violation::ContinuingReturn:
          return L_.And(beh, at(w.vContRet));
        case Violation::ContinuingDiscard:
          return L_.And(beh, at(w.vContDisc));
        case Violation::DiscardStage:
          return L_.And(beh, *w.vDiscStage);
        case Violation::None:
          break;
      }
      return L_.f();
    }
  }
  return L_.any(options);
}

SolvedPair Encoding::read(const Template& t) {
  SolvedPair out;
  out.tmpl = t;
  auto truth = [&](const z3::expr& e) { return s_.boolValue(e); };
  auto value = [&](const Code& c) {
    int v = 0;
    for (size_t i = 0; i < c.bits.size(); ++i) v |= truth(c.bits[i]) ? 1 << i : 0;
    return v;
  };
  auto setValue = [&](const Set& s) {
    uint8_t v = 0;
    for (int i = 0; i < 6; ++i) v |= truth(s.e[i]) ? 1 << i : 0;
    return v;
  };
  for (int p = 0; p < n_; ++p) out.clauses.push_back(value(clauses_[p]));
  for (int X = 0; X < 2; ++X) {
    Twin& tw = X == 0 ? out.valid : out.invalid;
    tw.fn = static_cast<FnKind>(value(fn_[X]));
    tw.body = setValue(*derived_[X].body);
    for (int p = 0; p < n_; ++p) {
      const NodeVars& v = nodes_[X][p];
      NodeValue n;
      n.kind = static_cast<Kind>(value(v.kind));
      for (int s = 0; s < 2; ++s)
        n.x[s] = {static_cast<Form>(value(v.x[s].form)), truth(v.x[s].dA), truth(v.x[s].dB)};
      n.callee = static_cast<Callee>(value(v.callee));
      n.hasInit = truth(v.hasInit);
      n.hasCond = truth(v.hasCond);
      n.behavior = setValue(derived_[X].behavior[p]);
      tw.nodes.push_back(n);
    }
  }
  out.edit = -1;
  for (int p = 0; p < n_; ++p)
    if (truth(edit_[p])) out.edit = p;
  // The invalid twin's violation, and where it is.
  const Derived& w = derived_[1];
  auto first = [&](const std::vector<z3::expr>& v) {
    for (int p = 0; p < n_; ++p)
      if (truth(v[p])) return p;
    return -1;
  };
  struct Probe {
    const std::vector<z3::expr>* at;
    Violation v;
  };
  bool statements = truth(*reportStatements_);
  const Probe stmtProbes[] = {{&w.vBreakNone, Violation::BreakPlacement},
                              {&w.vBreakCont, Violation::BreakInContinuing},
                              {&w.vContNone, Violation::ContinuePlacement},
                              {&w.vContCont, Violation::ContinueInContinuing},
                              {&w.vFall, Violation::FallthroughLastClause}};
  const Probe behProbes[] = {{&w.vContBeh, Violation::ContinuingBehavior},
                             {&w.vEmpty, Violation::EmptyLoop},
                             {&w.vContRet, Violation::ContinuingReturn},
                             {&w.vContDisc, Violation::ContinuingDiscard}};
  if (statements) {
    for (const Probe& pr : stmtProbes)
      if (int p = first(*pr.at); p >= 0) {
        out.violation = pr.v;
        out.site = p;
        break;
      }
  } else {
    for (const Probe& pr : behProbes)
      if (int p = first(*pr.at); p >= 0) {
        out.violation = pr.v;
        out.site = p;
        // A continuing statement's behavior is reported at the continuing statement: the
        // `continuing` line of a loop, the header of a for statement (its update).
        out.siteContinuing =
            pr.v == Violation::ContinuingBehavior && out.invalid.nodes[p].kind == Kind::Loop;
        break;
      }
    if (out.violation == Violation::None) {
      if (truth(*w.vFnRet))
        out.violation = Violation::FunctionReturnType;
      else if (truth(*w.vFnNoRet))
        out.violation = Violation::FunctionNoReturnType;
      else if (truth(*w.vEntry))
        out.violation = Violation::EntryDiscard;
      else if (truth(*w.vDiscStage))
        out.violation = Violation::DiscardStage;
    }
  }
  for (int p = 0; p < n_; ++p)
    if (truth(on_[p])) out.path.push_back(p);
  out.model = {{"validBody", behaviorText(out.valid.body)},
               {"invalidBody", behaviorText(out.invalid.body)},
               {"violation", violationName(out.violation)}};
  return out;
}

}  // namespace

SolveOutcome solvePair(SolverSession& session, const Template& tmpl, const Target& target,
                       const Preferences& prefs, const std::vector<FnKind>& allowedFns) {
  SolveOutcome out;
  Encoding enc(session, tmpl, allowedFns);
  z3::expr anySide = enc.target(target, -1);
  // Preferences in layers, each dropped when unsatisfiable: all of them, then the side and
  // the function kind, then none.
  std::vector<z3::expr> sideFn, every;
  if (prefs.side >= 0 && target.kind != TargetKind::Violation)
    sideFn.push_back(enc.target(target, prefs.side));
  if (prefs.fn >= 0) sideFn.push_back(enc.preferFn(static_cast<FnKind>(prefs.fn)));
  every = sideFn;
  for (int p : prefs.present) every.push_back(enc.preferPresent(p));
  for (auto [p, k] : prefs.kinds) every.push_back(enc.preferKind(p, k));
  std::vector<std::vector<z3::expr>> layers;
  if (!every.empty()) layers.push_back(every);
  if (!sideFn.empty() && sideFn.size() < every.size()) layers.push_back(sideFn);
  layers.push_back({});
  for (size_t layer = 0; layer < layers.size(); ++layer) {
    // A fresh solver per layer running the SAT tactic: the encoding is propositional, so Z3's
    // SAT solver takes it as it is (push/pop would switch to the incremental SMT core, and the
    // QF_FD preprocessing costs more than it saves).
    z3::solver s = session.solver(z3::tactic(session.ctx(), "sat"));
    // The SAT solver's in-processing (variable elimination, probing, equivalent literals,
    // subsumption) costs more than it saves on these small, easy formulas: about a third of
    // the time per case.
    z3::params sat(session.ctx());
    for (const char* off : {"elim_vars", "probing", "scc", "subsumption"}) sat.set(off, false);
    s.set(sat);
    s.add(enc.constraints());
    s.add(anySide);
    for (const z3::expr& e : layers[layer]) s.add(e);
    out.result = session.check(s);
    if (out.result == SolveResult::Sat) {
      out.ok = true;
      out.pair = enc.read(tmpl);
      out.pair.model["preferences"] = layers[layer].size() == every.size() ? "all"
                                      : layers[layer].empty()              ? "none"
                                                                           : "side and function";
      return out;
    }
    if (out.result != SolveResult::Unsat) break;  // a limit: do not try more
  }
  out.failure = std::string(solveResultName(out.result)) +
                (session.lastFailure().empty() ? "" : ": " + session.lastFailure());
  return out;
}

}  // namespace plumb::gen::wgsl::behavior
