// WSL.ott `defns desugaring`: if_then, empty_stmt, while, for_empty_cond, for_empty_incr,
// for_init_expr, for_init_vdecls, multiple_vdecls (seed "Statements": "syntactic sugar").
#include "semantics/wsl/desugar.h"

namespace plumb::wsl {
namespace {

std::shared_ptr<Stmt> copy(const StmtP& s) {
  return std::make_shared<Stmt>(*s);
}

std::shared_ptr<Stmt> emptyBlock(Span span) {
  auto b = std::make_shared<Stmt>();
  b->kind = StmtKind::Block;
  b->span = span;
  return b;
}

ExprP trueLiteral(Span span) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::BoolLiteral;
  e->literal = "true";
  e->span = span;
  return e;
}

}  // namespace

// if (e) s --> if (e) s else {}
StmtP if_then(const StmtP& s) {
  if (s->kind != StmtKind::If) return nullptr;
  auto r = copy(s);
  r->kind = StmtKind::IfElse;
  r->otherwise = emptyBlock(Span{s->span.end, s->span.end});
  return r;
}

// ; --> {}
StmtP empty_stmt(const StmtP& s) {
  if (s->kind != StmtKind::Empty) return nullptr;
  return emptyBlock(s->span);
}

// while (e) s --> if (e) do s while (e);
StmtP while_(const StmtP& s) {
  if (s->kind != StmtKind::While) return nullptr;
  auto loop = std::make_shared<Stmt>();
  loop->kind = StmtKind::DoWhile;
  loop->span = s->span;
  loop->body = s->body;
  loop->expr = s->expr;
  auto r = std::make_shared<Stmt>();
  r->kind = StmtKind::If;
  r->span = s->span;
  r->expr = s->expr;
  r->then = loop;
  return r;
}

// for (eOrVDecls ; ; eOrNothing) s --> for (eOrVDecls ; true ; eOrNothing) s
StmtP for_empty_cond(const StmtP& s) {
  if (s->kind != StmtKind::For || s->expr) return nullptr;
  auto r = copy(s);
  r->expr = trueLiteral(Span{s->span.begin, s->span.begin});
  return r;
}

// for (eOrVDecls ; e ; ) s --> for (eOrVDecls ; e ; true) s
StmtP for_empty_incr(const StmtP& s) {
  if (s->kind != StmtKind::For || s->increment) return nullptr;
  auto r = copy(s);
  r->increment = trueLiteral(Span{s->span.begin, s->span.begin});
  return r;
}

// for (e ; e' ; e'') s --> {e; for ( ; e' ; e'') s}
StmtP for_init_expr(const StmtP& s) {
  if (s->kind != StmtKind::For || !s->init || s->init->kind != StmtKind::ExprStmt) return nullptr;
  auto loop = copy(s);
  loop->init = nullptr;
  auto block = emptyBlock(s->span);
  block->statements = {s->init, loop};
  return block;
}

// WSL.ott: for (tval vdecl0, .., vdecln ; e' ; e'') s --> {tval vdecl0, .., vdecln; while(e') {s
// e'';}} The prose (default): {tval vdecl0, .., vdecln; for ( ; e' ; e'') s}
StmtP for_init_vdecls(const StmtP& s, const DesugarOptions& options) {
  if (s->kind != StmtKind::For || !s->init || s->init->kind != StmtKind::VarDecls) return nullptr;
  auto block = emptyBlock(s->span);
  if (options.ottForInitVdecls) {
    auto increment = std::make_shared<Stmt>();
    increment->kind = StmtKind::ExprStmt;
    increment->expr = s->increment;
    increment->span = s->increment->span;
    auto body = emptyBlock(s->body->span);
    body->statements = {s->body, increment};
    auto loop = std::make_shared<Stmt>();
    loop->kind = StmtKind::While;
    loop->span = s->span;
    loop->expr = s->expr;
    loop->body = body;
    block->statements = {s->init, loop};
  } else {
    auto loop = copy(s);
    loop->init = nullptr;
    block->statements = {s->init, loop};
  }
  return block;
}

// { s0..sn tval vdecl0, vdecl1, .., vdeclk; s'0..s'm} --> {s0..sn tval vdecl0; tval vdecl1, ..,
// vdeclk; s'0..s'm}
bool multiple_vdecls(std::vector<StmtP>& statements) {
  for (size_t i = 0; i < statements.size(); ++i) {
    const StmtP& s = statements[i];
    if (s->kind != StmtKind::VarDecls || s->declarations.size() < 2) continue;
    auto first = copy(s);
    first->declarations = {s->declarations[0]};
    first->span = s->declarations[0].span;
    auto rest = copy(s);
    rest->declarations.erase(rest->declarations.begin());
    rest->span = Span{rest->declarations.front().span.begin, s->span.end};
    statements[i] = first;
    statements.insert(statements.begin() + long(i) + 1, rest);
    return true;
  }
  return false;
}

namespace {

std::vector<StmtP> desugarList(const std::vector<StmtP>& in, const DesugarOptions& options,
                               std::vector<DesugarStep>& steps, bool block) {
  std::vector<StmtP> out;
  for (const StmtP& s : in) out.push_back(desugarStatement(s, options, steps));
  if (block) {
    while (true) {
      Span span;
      for (const StmtP& s : out)
        if (s->kind == StmtKind::VarDecls && s->declarations.size() > 1) {
          span = s->span;
          break;
        }
      if (!multiple_vdecls(out)) break;
      steps.push_back({"multiple_vdecls", span});
    }
  }
  return out;
}

}  // namespace

StmtP desugarStatement(const StmtP& in, const DesugarOptions& options,
                       std::vector<DesugarStep>& steps) {
  // Rules at this node first (their results may contain new sugar: while makes an if-then).
  struct Rule {
    const char* name;
    StmtP (*apply)(const StmtP&);
  };
  static const Rule rules[] = {{"if_then", if_then},
                               {"empty_stmt", empty_stmt},
                               {"while", while_},
                               {"for_empty_cond", for_empty_cond},
                               {"for_empty_incr", for_empty_incr},
                               {"for_init_expr", for_init_expr}};
  StmtP s = in;
  for (bool changed = true; changed;) {
    changed = false;
    for (const Rule& r : rules)
      if (StmtP t = r.apply(s)) {
        steps.push_back({r.name, s->span});
        s = t;
        changed = true;
      }
    if (StmtP t = for_init_vdecls(s, options)) {
      steps.push_back({"for_init_vdecls", s->span});
      s = t;
      changed = true;
    }
  }
  auto r = copy(s);
  switch (s->kind) {
    case StmtKind::Block:
      r->statements = desugarList(s->statements, options, steps, true);
      break;
    case StmtKind::IfElse:
      r->then = desugarStatement(s->then, options, steps);
      r->otherwise = desugarStatement(s->otherwise, options, steps);
      break;
    case StmtKind::DoWhile:
    case StmtKind::For:
      r->body = desugarStatement(s->body, options, steps);
      break;
    case StmtKind::Switch:
      for (SwitchCase& c : r->cases) c.body = desugarList(c.body, options, steps, false);
      break;
    default:
      break;
  }
  return r;
}

Program desugarProgram(const Program& p, const DesugarOptions& options,
                       std::vector<DesugarStep>& steps) {
  Program out = p;
  for (FunctionDecl& f : out.functions) f.body = desugarList(f.body, options, steps, true);
  return out;
}

}  // namespace plumb::wsl
