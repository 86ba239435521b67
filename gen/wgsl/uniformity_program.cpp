#include "gen/wgsl/uniformity_program.h"

#include <sstream>
#include <stdexcept>

namespace plumb::gen::wgsl::uniformity {

namespace {

ExprP make(Expr e) {
  return std::make_shared<const Expr>(std::move(e));
}
StmtP make(Stmt s) {
  return std::make_shared<const Stmt>(std::move(s));
}

}  // namespace

// ------------------------------------------------------------------------------ construction

ExprP lit(std::string text) {
  return make(Expr{Expr::Literal, std::move(text)});
}
ExprP ref(std::string name, Key key) {
  Expr e{Expr::Ref, std::move(name)};
  e.key = key;
  return make(std::move(e));
}
ExprP unary(std::string op, ExprP e) {
  return make(Expr{Expr::Unary, std::move(op), {std::move(e)}});
}
ExprP binary(std::string op, ExprP a, ExprP b, Key key) {
  Expr e{Expr::Binary, std::move(op), {std::move(a), std::move(b)}};
  e.key = key;
  return make(std::move(e));
}
ExprP logicalAnd(ExprP a, ExprP b, Key key) {
  Expr e{Expr::And, "&&", {std::move(a), std::move(b)}};
  e.key = key;
  return make(std::move(e));
}
ExprP logicalOr(ExprP a, ExprP b, Key key) {
  Expr e{Expr::Or, "||", {std::move(a), std::move(b)}};
  e.key = key;
  return make(std::move(e));
}
ExprP index(ExprP a, ExprP b, Key key) {
  Expr e{Expr::Index, "", {std::move(a), std::move(b)}};
  e.key = key;
  return make(std::move(e));
}
ExprP member(ExprP e, std::string field) {
  return make(Expr{Expr::Member, std::move(field), {std::move(e)}});
}
ExprP call(std::string callee, std::vector<ExprP> args, Key key) {
  Expr e{Expr::Call, std::move(callee), std::move(args)};
  e.key = key;
  return make(std::move(e));
}
ExprP twinExpr(ExprP valid, ExprP invalid) {
  return make(Expr{Expr::Twin, "", {std::move(valid), std::move(invalid)}});
}
ExprP labeled(ExprP e, std::string label) {
  Expr copy = *e;
  copy.label = std::move(label);
  return make(std::move(copy));
}
ExprP choose(Program& p, std::string what, std::vector<ExprP> alternatives, bool flippable) {
  Choice c{std::move(what), {}, flippable};
  for (const ExprP& a : alternatives) c.labels.push_back(a->label);
  Expr e{Expr::Alt, "", std::move(alternatives)};
  e.slot = static_cast<int>(p.choices.size());
  p.choices.push_back(std::move(c));
  return make(std::move(e));
}

StmtP block(std::vector<StmtP> body) {
  Stmt s{Stmt::Block};
  s.body = std::move(body);
  return make(std::move(s));
}
StmtP let(std::string name, ExprP e) {
  Stmt s{Stmt::Let, std::move(name)};
  s.e = std::move(e);
  return make(std::move(s));
}
StmtP letPointer(std::string name, ExprP e) {
  Stmt s{Stmt::Let, std::move(name), "ptr"};
  s.e = std::move(e);
  return make(std::move(s));
}
StmtP var(std::string name, std::string type, ExprP e, Key key) {
  Stmt s{Stmt::Var, std::move(name), std::move(type)};
  s.e = std::move(e);
  s.key = key;
  return make(std::move(s));
}
StmtP constDecl(std::string name, ExprP e) {
  Stmt s{Stmt::Const, std::move(name)};
  s.e = std::move(e);
  return make(std::move(s));
}
StmtP assign(ExprP lhs, ExprP rhs, Key key) {
  Stmt s{Stmt::Assign};
  s.e = std::move(lhs);
  s.e2 = std::move(rhs);
  s.key = key;
  return make(std::move(s));
}
StmtP compound(std::string op, ExprP lhs, ExprP rhs) {
  Stmt s{Stmt::Compound};
  s.op = std::move(op);
  s.e = std::move(lhs);
  s.e2 = std::move(rhs);
  return make(std::move(s));
}
StmtP increment(ExprP lhs) {
  Stmt s{Stmt::Increment};
  s.e = std::move(lhs);
  return make(std::move(s));
}
StmtP phony(ExprP e) {
  Stmt s{Stmt::Phony};
  s.e = std::move(e);
  return make(std::move(s));
}
StmtP callStmt(ExprP c) {
  Stmt s{Stmt::CallStmt};
  s.e = std::move(c);
  return make(std::move(s));
}
StmtP ifStmt(ExprP cond, std::vector<StmtP> body, Key key) {
  Stmt s{Stmt::If};
  s.e = std::move(cond);
  s.body = std::move(body);
  s.key = key;
  return make(std::move(s));
}
StmtP ifElse(ExprP cond, std::vector<StmtP> body, std::vector<StmtP> other, Key key) {
  Stmt s{Stmt::If};
  s.e = std::move(cond);
  s.body = std::move(body);
  s.other = std::move(other);
  s.hasElse = true;
  s.key = key;
  return make(std::move(s));
}
StmtP ifElseIf(ExprP cond, std::vector<StmtP> body, StmtP elseIf, Key key) {
  Stmt s{Stmt::If};
  s.e = std::move(cond);
  s.body = std::move(body);
  s.other = {std::move(elseIf)};
  s.hasElse = true;
  s.elseIf = true;
  s.key = key;
  return make(std::move(s));
}
StmtP loop(std::vector<StmtP> body, Key key) {
  Stmt s{Stmt::Loop};
  s.body = std::move(body);
  s.key = key;
  return make(std::move(s));
}
StmtP loopContinuing(std::vector<StmtP> body, std::vector<StmtP> continuing, Key key) {
  Stmt s{Stmt::Loop};
  s.body = std::move(body);
  s.other = std::move(continuing);
  s.hasContinuing = true;
  s.key = key;
  return make(std::move(s));
}
StmtP breakIf(ExprP cond, Key key) {
  Stmt s{Stmt::BreakIf};
  s.e = std::move(cond);
  s.key = key;
  return make(std::move(s));
}
StmtP forLoop(StmtP init, ExprP cond, StmtP update, std::vector<StmtP> body, Key key) {
  Stmt s{Stmt::For};
  s.init = std::move(init);
  s.e = std::move(cond);
  s.update = std::move(update);
  s.body = std::move(body);
  s.key = key;
  return make(std::move(s));
}
StmtP whileLoop(ExprP cond, std::vector<StmtP> body, Key key) {
  Stmt s{Stmt::While};
  s.e = std::move(cond);
  s.body = std::move(body);
  s.key = key;
  return make(std::move(s));
}
StmtP switchStmt(ExprP selector, std::vector<Clause> clauses, Key key) {
  Stmt s{Stmt::Switch};
  s.e = std::move(selector);
  s.clauses = std::move(clauses);
  s.key = key;
  return make(std::move(s));
}
StmtP breakStmt() {
  return make(Stmt{Stmt::Break});
}
StmtP continueStmt() {
  return make(Stmt{Stmt::Continue});
}
StmtP returnStmt(ExprP e, Key key) {
  Stmt s{Stmt::Return};
  s.e = std::move(e);
  s.key = key;
  return make(std::move(s));
}
StmtP discardStmt() {
  return make(Stmt{Stmt::Discard});
}
StmtP fallthroughStmt() {
  return make(Stmt{Stmt::Fallthrough});
}
StmtP twinStmt(StmtP valid, StmtP invalid) {
  Stmt s{Stmt::Twin};
  s.alternatives = {std::move(valid), std::move(invalid)};
  return make(std::move(s));
}
StmtP labeledStmt(StmtP s, std::string label) {
  Stmt copy = *s;
  copy.label = std::move(label);
  return make(std::move(copy));
}
StmtP chooseStmt(Program& p, std::string what, std::vector<StmtP> alternatives) {
  Choice c{std::move(what), {}, false};
  for (const StmtP& a : alternatives) c.labels.push_back(a->label);
  Stmt s{Stmt::Alt};
  s.alternatives = std::move(alternatives);
  s.slot = static_cast<int>(p.choices.size());
  p.choices.push_back(std::move(c));
  return make(std::move(s));
}

// --------------------------------------------------------------------------------- rendering

namespace {

class Renderer {
 public:
  Renderer(const Picks& picks, Rendered& out) : picks_(picks), out_(out) {}

  const Expr& resolve(const Expr& e) const {
    if (e.kind == Expr::Alt) return resolve(*e.kids.at(picks_.alt.at(e.slot)));
    if (e.kind == Expr::Twin) return resolve(*e.kids.at(picks_.twin));
    return e;
  }
  const Stmt& resolve(const Stmt& s) const {
    if (s.kind == Stmt::Alt) return resolve(*s.alternatives.at(picks_.alt.at(s.slot)));
    if (s.kind == Stmt::Twin) return resolve(*s.alternatives.at(picks_.twin));
    return s;
  }

  std::string expr(const Expr& in) const {
    const Expr& e = resolve(in);
    switch (e.kind) {
      case Expr::Literal:
      case Expr::Ref:
        return e.text;
      case Expr::Unary:
        if (e.text.starts_with("bitcast")) return e.text + "(" + expr(*e.kids[0]) + ")";
        return e.text + operand(*e.kids[0]);
      case Expr::Binary:
      case Expr::And:
      case Expr::Or:
        return operand(*e.kids[0]) + " " + e.text + " " + operand(*e.kids[1]);
      case Expr::Index:
        return postfixBase(*e.kids[0]) + "[" + expr(*e.kids[1]) + "]";
      case Expr::Member:
        return postfixBase(*e.kids[0]) + "." + e.text;
      case Expr::Call: {
        std::string s = e.text + "(";
        for (size_t i = 0; i < e.kids.size(); ++i) s += (i ? ", " : "") + expr(*e.kids[i]);
        return s + ")";
      }
      default:
        throw std::logic_error("unresolved choice");
    }
  }
  /// An operand of an operator: parenthesized when it is itself an operator application
  /// (WGSL has no precedence between most binary operators).
  std::string operand(const Expr& in) const {
    const Expr& e = resolve(in);
    bool paren = e.kind == Expr::Binary || e.kind == Expr::And || e.kind == Expr::Or;
    return paren ? "(" + expr(e) + ")" : expr(e);
  }
  std::string postfixBase(const Expr& in) const {
    const Expr& e = resolve(in);
    bool paren = e.kind == Expr::Binary || e.kind == Expr::And || e.kind == Expr::Or ||
                 (e.kind == Expr::Unary && !e.text.starts_with("bitcast"));
    return paren ? "(" + expr(e) + ")" : expr(e);
  }

  /// A statement that fits in a for header (no semicolon).
  std::string simple(const Stmt& in) const {
    const Stmt& s = resolve(in);
    switch (s.kind) {
      case Stmt::Let:
        return "let " + s.name + " = " + expr(*s.e);
      case Stmt::Var:
        return "var " + s.name + (s.type.empty() ? "" : ": " + s.type) +
               (s.e ? " = " + expr(*s.e) : "");
      case Stmt::Const:
        return "const " + s.name + " = " + expr(*s.e);
      case Stmt::Assign:
        return expr(*s.e) + " = " + expr(*s.e2);
      case Stmt::Compound:
        return expr(*s.e) + " " + s.op + " " + expr(*s.e2);
      case Stmt::Increment:
        return expr(*s.e) + "++";
      case Stmt::Phony:
        return "_ = " + expr(*s.e);
      case Stmt::CallStmt:
        return expr(*s.e);
      case Stmt::Break:
        return "break";
      case Stmt::Continue:
        return "continue";
      case Stmt::Discard:
        return "discard";
      case Stmt::Fallthrough:
        return "fallthrough";
      case Stmt::Return:
        return s.e ? "return " + expr(*s.e) : "return";
      case Stmt::BreakIf:
        return "break if " + expr(*s.e);
      default:
        throw std::logic_error("not a simple statement");
    }
  }

  void line(int depth, const std::string& text) {
    out_.wgsl += std::string(2 * depth, ' ') + text + "\n";
    ++line_;
  }
  void mark(const Stmt& s) { out_.lines[&s] = line_; }

  void list(int depth, const std::vector<StmtP>& body) {
    for (const StmtP& s : body) stmt(depth, *s);
  }

  void stmt(int depth, const Stmt& in) {
    mark(in);
    const Stmt& s = resolve(in);
    mark(s);
    switch (s.kind) {
      case Stmt::Block:
        line(depth, "{");
        list(depth + 1, s.body);
        line(depth, "}");
        return;
      case Stmt::If:
        ifChain(depth, s, "if ");
        line(depth, "}");
        return;
      case Stmt::Loop:
        line(depth, "loop {");
        list(depth + 1, s.body);
        if (s.hasContinuing) {
          line(depth + 1, "continuing {");
          list(depth + 2, s.other);
          line(depth + 1, "}");
        }
        line(depth, "}");
        return;
      case Stmt::For: {
        if (s.init) mark(*s.init), mark(resolve(*s.init));
        if (s.update) mark(*s.update), mark(resolve(*s.update));
        std::string head = "for (" + (s.init ? simple(*s.init) : "") + "; " +
                           (s.e ? expr(*s.e) : "") + "; " + (s.update ? simple(*s.update) : "") +
                           ") {";
        line(depth, head);
        list(depth + 1, s.body);
        line(depth, "}");
        return;
      }
      case Stmt::While:
        line(depth, "while " + expr(*s.e) + " {");
        list(depth + 1, s.body);
        line(depth, "}");
        return;
      case Stmt::Switch:
        line(depth, "switch " + expr(*s.e) + " {");
        for (const Clause& c : s.clauses) {
          line(depth + 1, c.selectors + ": {");
          list(depth + 2, c.body);
          line(depth + 1, "}");
        }
        line(depth, "}");
        return;
      default:
        line(depth, simple(s) + ";");
    }
  }

  void ifChain(int depth, const Stmt& s, const std::string& keyword) {
    mark(s);
    line(depth, keyword + expr(*s.e) + " {");
    list(depth + 1, s.body);
    if (!s.hasElse) return;
    if (s.elseIf) {
      // else if: the nested if's head closes the previous branch on the same line.
      mark(*s.other[0]);
      ifChain(depth, resolve(*s.other[0]), "} else if ");
      return;
    }
    line(depth, "} else {");
    list(depth + 1, s.other);
  }

  uint32_t line_ = 1;

 private:
  const Picks& picks_;
  Rendered& out_;
};

}  // namespace

Rendered render(const Program& p, const Picks& picks) {
  Rendered out;
  Renderer r(picks, out);
  auto text = [&](const std::string& t) {
    for (char c : t) r.line_ += c == '\n';
    out.wgsl += t;
  };
  text(p.prelude);
  for (const std::string& s : p.structs) text(s + "\n");
  for (const Function& f : p.functions) {
    text("\n");
    if (!f.stage.empty()) {
      std::string attr = "@" + f.stage;
      if (f.stage == "compute") attr += " @workgroup_size(4)";
      r.line(0, attr);
    }
    out.functionLines[&f] = r.line_;
    std::string head = "fn " + f.name + "(";
    for (size_t i = 0; i < f.params.size(); ++i) {
      const Param& pa = f.params[i];
      std::string a;
      if (!pa.builtin.empty()) a = "@builtin(" + pa.builtin + ") ";
      if (pa.location >= 0)
        a = "@location(" + std::to_string(pa.location) + ") @interpolate(flat) ";
      head += (i ? ", " : "") + a + pa.name + ": " + pa.type;
    }
    head += ")";
    if (!f.returnType.empty())
      head += " -> " + (f.returnAttribute.empty() ? "" : f.returnAttribute + " ") + f.returnType;
    r.line(0, head + " {");
    r.list(1, f.body);
    r.line(0, "}");
  }
  return out;
}

// --------------------------------------------------------------------------------- behaviors

namespace {

class BehaviorWalk {
 public:
  BehaviorWalk(Behaviors& b, int twin, std::string& error) : b_(b), twin_(twin), error_(error) {}

  Behavior expr(const Expr& e) {
    Behavior r = computeExpr(e);
    b_.expressions[&e] = r;
    return r;
  }

  Behavior computeExpr(const Expr& e) {
    switch (e.kind) {
      case Expr::Literal:
      case Expr::Ref:
        return kNext;
      case Expr::Alt: {
        Behavior first = expr(*e.kids[0]);
        for (const ExprP& k : e.kids)
          if (expr(*k) != first) fail("the alternatives of a choice have different behaviors");
        return first;
      }
      case Expr::Twin:
        return expr(*e.kids[twin_]);
      case Expr::Call: {
        // f(e1..en): B ∪ ((B1 ∪ ... ∪ Bn) \ {Next}); built-in functions have {Next}.
        Behavior args = 0;
        for (const ExprP& k : e.kids) args |= expr(*k);
        auto it = b_.functions.find(e.text);
        Behavior f = it == b_.functions.end() ? kNext : it->second;
        return f | (args & ~kNext);
      }
      default: {
        // Operators: as a call of a function with behavior {Next}; e1[e2], e.field, &&, ||:
        // the union of the operands'.
        Behavior u = 0;
        for (const ExprP& k : e.kids) u |= expr(*k);
        if (e.kind == Expr::Unary || e.kind == Expr::Binary) return kNext | (u & ~kNext);
        return u;
      }
    }
  }

  Behavior list(const std::vector<StmtP>& body) {
    // s1 s2: (B1 \ {Next}) ∪ B2 with Next in B1; else B1. The empty statement: {Next}.
    Behavior b = kNext;
    for (const StmtP& s : body) {
      Behavior x = stmt(*s);
      b = (b & ~kNext) | x;
      if (!(x & kNext)) break;
    }
    return b;
  }

  Behavior loopBehavior(Behavior b1, Behavior b2) {
    if (b2 & (kContinue | kReturn | kDiscard))
      fail("a continuing block has Continue/Return/Discard");
    if ((b1 | b2) & kBreak) return (b1 | b2 | kNext) & ~(kBreak | kContinue);
    return (b1 | b2) & ~(kContinue | kNext);
  }

  Behavior stmt(const Stmt& s) {
    Behavior r = compute(s);
    b_.statements[&s] = r;
    return r;
  }

  Behavior compute(const Stmt& s) {
    switch (s.kind) {
      case Stmt::Block:
        return list(s.body);
      case Stmt::Let:
      case Stmt::Const:
        return expr(*s.e);
      case Stmt::Var:
        return s.e ? expr(*s.e) : kNext;
      case Stmt::Assign:
      case Stmt::Compound:
        return expr(*s.e) | expr(*s.e2);
      case Stmt::Increment:
        return expr(*s.e);
      case Stmt::Phony:
      case Stmt::CallStmt:
        return expr(*s.e);
      case Stmt::Return:
        return s.e ? ((expr(*s.e) & ~kNext) | kReturn) : kReturn;
      case Stmt::Discard:
        return kDiscard;
      case Stmt::Break:
        return kBreak;
      case Stmt::Continue:
        return kContinue;
      case Stmt::Fallthrough:
        return kFallthrough;
      case Stmt::BreakIf:
        return expr(*s.e) | kBreak;
      case Stmt::If: {
        // if without else: an empty else (adds Next); else if: nested if/else.
        Behavior c = expr(*s.e) & ~kNext;
        Behavior b2 = !s.hasElse ? kNext : s.elseIf ? stmt(*s.other[0]) : list(s.other);
        return c | list(s.body) | b2;
      }
      case Stmt::Loop:
        return loopBehavior(list(s.body), s.hasContinuing ? list(s.other) : kNext);
      case Stmt::For: {
        // { init; loop { if !(cond) { break; } body continuing { update } } }
        Behavior init = s.init ? stmt(*s.init) : kNext;
        Behavior body = s.e ? ((expr(*s.e) & ~kNext) | kBreak | kNext) : kNext;
        Behavior rest = list(s.body);
        body = (body & kNext) ? ((body & ~kNext) | rest) : body;
        Behavior update = s.update ? stmt(*s.update) : kNext;
        Behavior l = loopBehavior(body, update);
        return (init & kNext) ? ((init & ~kNext) | l) : init;
      }
      case Stmt::While: {
        Behavior body = (expr(*s.e) & ~kNext) | kBreak | kNext;
        Behavior rest = list(s.body);
        body = (body & ~kNext) | rest;
        return loopBehavior(body, kNext);
      }
      case Stmt::Switch: {
        Behavior e = expr(*s.e);
        Behavior all = 0, last = 0;
        for (const Clause& c : s.clauses) {
          last = list(c.body);
          all |= last;
        }
        if (last & kFallthrough) fail("the last clause of a switch falls through");
        if (all & kBreak) return (e | all | kNext) & ~(kBreak | kFallthrough);
        return ((e & ~kNext) | all) & ~kFallthrough;
      }
      case Stmt::Alt: {
        Behavior first = stmt(*s.alternatives[0]);
        for (const StmtP& a : s.alternatives)
          if (stmt(*a) != first) fail("the alternatives of a choice have different behaviors");
        return first;
      }
      case Stmt::Twin:
        stmt(*s.alternatives[1 - twin_]);
        return stmt(*s.alternatives[twin_]);
    }
    return kNext;
  }

  void fail(const std::string& why) {
    if (error_.empty()) error_ = why;
  }

 private:
  Behaviors& b_;
  int twin_;
  std::string& error_;
};

}  // namespace

Behavior Behaviors::of(const Stmt& s, int) const {
  auto it = statements.find(&s);
  return it == statements.end() ? kNext : it->second;
}

Behavior Behaviors::ofExpr(const Expr& e, int) const {
  auto it = expressions.find(&e);
  return it == expressions.end() ? kNext : it->second;
}

Behavior Behaviors::ofList(const std::vector<StmtP>& list, int twin) const {
  Behavior b = kNext;
  for (const StmtP& s : list) {
    Behavior x = of(*s, twin);
    b = (b & ~kNext) | x;
    if (!(x & kNext)) break;
  }
  return b;
}

Behaviors computeBehaviors(const Program& p, int twin, std::string& error) {
  Behaviors b;
  BehaviorWalk walk(b, twin, error);
  for (const Function& f : p.functions) {
    Behavior body = walk.list(f.body);
    // #behaviors-rules: a function with a return type must have {Return} or {Return, Discard};
    // otherwise a subset of {Next, Return, Discard}; entry points other than fragment shaders
    // must not discard.
    if (!f.returnType.empty() && (body & ~kDiscard) != kReturn && f.stage.empty())
      walk.fail("function '" + f.name + "' with a return type can complete without returning");
    if (body & ~(kNext | kReturn | kDiscard))
      walk.fail("function '" + f.name + "' has a behavior outside {Next, Return, Discard}");
    if ((body & kDiscard) && (f.stage == "compute" || f.stage == "vertex"))
      walk.fail("entry point '" + f.name + "' may discard");
    b.functions[f.name] = (body & kReturn) ? ((body & ~kReturn) | kNext) : body;
  }
  return b;
}

}  // namespace plumb::gen::wgsl::uniformity
