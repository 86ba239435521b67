// WSL.ott `G |- s : B` (statement behaviours): if, do_while, for, switch_break, switch_no_break,
// case, default, switch_block, break, continue, fallthrough, return, return_void, empty_block,
// variable_decl, variable_decl_init, trivial_block, block, expr; and the seed's prose where
// WSL.ott has no rule (discard; loops without Break, docs/ambiguities.md WSL W11). Each rejection
// cites `wsl-typing-<rule>`.
#include <algorithm>

#include "checker/wsl/checker_state.h"

namespace plumb::wsl {
namespace {

std::shared_ptr<Stmt> copyStatement(const StmtP& s) {
  return std::make_shared<Stmt>(*s);
}
using K = Behaviour::Kind;

}  // namespace

std::vector<StmtP> Checker::typeBlock(const TypingEnvironment& g,
                                      const std::vector<StmtP>& statements, size_t from,
                                      Behaviours& b, Span span) {
  std::vector<StmtP> out;
  // empty_block: G |- {} : {Normal}
  if (from == statements.size()) {
    fired("empty_block");
    b = Behaviours{K::Normal};
    return out;
  }
  const StmtP& first = statements[from];
  if (first->kind == StmtKind::VarDecls) {
    // variable_decl / variable_decl_init (after multiple_vdecls, one declaration each)
    const VarDecl& d = first->declarations.front();
    const char* rule = d.init ? "variable_decl_init" : "variable_decl";
    std::string anchor = std::string("wsl-typing-") + rule;
    for (size_t i = from + 1; i < statements.size(); ++i)
      if (statements[i]->kind == StmtKind::VarDecls &&
          statements[i]->declarations.front().name == d.name)
        error(statements[i]->span, "'" + d.name + "' is already declared in this block", anchor);
    TypeP t = resolveType(*first->typeSyntax, currentFile_);
    if (!t) {
      b = Behaviours{K::Normal};
      return out;
    }
    // Seed: "Check that the given address space is either thread or threadgroup"; WSL.ott's rules
    // only give LVal(tval, thread) (threadgroup variables are a Todo of the seed, its issue 63):
    // a threadgroup variable is an LVal(tval, threadgroup) at a location shared by the
    // invocations of a threadgroup, without an initializer (every invocation would store it:
    // Metal and HLSL have none either) and of plain data (W49).
    const AddressSpace space =
        first->threadgroup ? AddressSpace::Threadgroup : AddressSpace::Thread;
    TypingEnvironment inner = g;
    inner[d.name] = LocalBinding{t, space};
    auto s = copyStatement(first);
    s->type = t;
    VarDecl nd = d;
    if (first->threadgroup) {
      if (d.init)
        error(d.span, "a threadgroup variable has no initializer (every invocation would store it)",
              anchor);
      if (isPointerOrRef(*t) || t->kind == Type::Kind::Texture || t->kind == Type::Kind::Sampler)
        error(d.span, "a threadgroup variable holds data, not a " + typeName(*t), anchor);
      uint32_t a = alignmentOf(*p_, *t);
      Address at = (p_->threadgroupEnd + a - 1) / a * a;
      p_->threadgroupEnd = at + std::max<uint32_t>(1, sizeOf(*p_, *t));
      nd.store = at;
      p_->threadgroupVariables.push_back({d.name, t, at});
    } else {
      nd.store = allocateStore(t);
    }
    Behaviours initDiscard;
    if (d.init) {
      bool mayDiscard = false;
      nd.init = expectRValue(inner, d.init, t, anchor, nullptr, &mayDiscard);
      if (mayDiscard) initDiscard = Behaviours{K::Discard};
    } else if (isPointerOrRef(*t)) {
      error(d.span,
            "a variable of type " + typeName(*t) +
                " needs an initial value (WSL.ott variable_decl: tval != Ptr, Ref)",
            anchor);
    }
    s->declarations = {nd};
    fired(rule);
    out.push_back(s);
    Behaviours rest;
    std::vector<StmtP> tail = typeBlock(inner, statements, from + 1, rest, span);
    out.insert(out.end(), tail.begin(), tail.end());
    b = rest;
    b.add(initDiscard);
    return out;
  }
  if (from + 1 == statements.size()) {
    // trivial_block: G |- s : B  ==>  G |- {s} : B
    fired("trivial_block");
    out.push_back(typeStatement(g, first, b));
    return out;
  }
  // block: G |- s : B, G |- {s1..sn} : B', Fallthrough not in B, Normal in B
  fired("block");
  Behaviours head;
  out.push_back(typeStatement(g, first, head));
  if (head.has(K::Fallthrough))
    error(first->span,
          "only the last statement of a switch case may fall through (behaviours " + head.text() +
              ")",
          "wsl-typing-block");
  if (!head.has(K::Normal))
    error(statements[from + 1]->span,
          "this statement is unreachable: the one before it never ends normally (behaviours " +
              head.text() + ")",
          "wsl-typing-block");
  const bool reachable = head.has(K::Normal);
  head.remove(K::Normal);
  Behaviours rest;
  std::vector<StmtP> tail = typeBlock(g, statements, from + 1, rest, span);
  out.insert(out.end(), tail.begin(), tail.end());
  if (reachable) head.add(rest);  // after an unreachable statement, no second error from its Normal
  b = head;
  return out;
}

StmtP Checker::typeStatement(const TypingEnvironment& g, const StmtP& s, Behaviours& b) {
  auto r = copyStatement(s);
  auto condition = [&](const char* rule, bool& mayDiscard) {
    return expectRValue(g, s->expr, boolType(), std::string("wsl-typing-") + rule, nullptr,
                        &mayDiscard);
  };
  switch (s->kind) {
    case StmtKind::Block: {
      r->statements = typeBlock(g, s->statements, 0, b, s->span);
      return r;
    }
    case StmtKind::IfElse: {
      // if: B''' = B + B' + (mayDiscard(e) ? {Discard} : {}); no Return of a pointer or reference
      bool discard = false;
      r->expr = condition("if", discard);
      Behaviours bt, be;
      r->then = typeStatement(g, s->then, bt);
      r->otherwise = typeStatement(g, s->otherwise, be);
      if (bt.returnsPointerOrRef() || be.returnsPointerOrRef())
        error(s->span, "a branch must not return a pointer or an array reference", "wsl-typing-if");
      b = bt;
      b.add(be);
      if (discard) b.add({K::Discard, nullptr});
      fired("if");
      return r;
    }
    case StmtKind::DoWhile:
    case StmtKind::For: {
      const bool isFor = s->kind == StmtKind::For;
      const char* rule = isFor ? "for" : "do_while";
      std::string anchor = std::string("wsl-typing-") + rule;
      bool discard = false, incrementDiscard = false;
      r->expr = condition(rule, discard);
      if (isFor) {
        Typed inc = typeExpression(g, s->increment);
        if (inc.expr) r->increment = inc.expr;
        incrementDiscard = inc.mayDiscard;
      }
      Behaviours body;
      r->body = typeStatement(g, s->body, body);
      if (body.returnsPointerOrRef())
        error(s->span, "a loop must not return a pointer or an array reference", anchor);
      bool hadBreak = body.has(K::Break);
      bool hadContinue = body.has(K::Continue);
      bool bodyNormal = body.has(K::Normal);
      body.remove(K::Break);
      body.remove(K::Continue);
      body.remove(K::Normal);
      // WSL.ott adds Normal always; the prose only with a Break, which misses a `for` whose
      // condition is false at entry and a do-while left through `continue` or the end of its
      // body. Plumb adds Normal when the loop can end that way: a Break, or a condition that is
      // not the literal `true` (for; for do-while, also reached: Normal or Continue in B). With
      // --ott-loop-behaviours, WSL.ott's rules (docs/ambiguities.md, WSL W11).
      bool conditionTrue = r->expr && r->expr->kind == ExprKind::Val && r->expr->value.isTrue();
      bool reachesCondition = isFor || bodyNormal || hadContinue;
      if (options_.ottLoopBehaviours || hadBreak || (reachesCondition && !conditionTrue))
        body.add({K::Normal, nullptr});
      if (discard || incrementDiscard) body.add({K::Discard, nullptr});
      b = body;
      fired(rule);
      return r;
    }
    case StmtKind::Switch: {
      bool discard = false;
      Typed v = typeExpression(g, s->expr);
      if (!v.expr) {
        b = Behaviours{K::Normal};
        return r;
      }
      v = asRValue(v);
      r->expr = v.expr;
      discard = v.mayDiscard;
      TypeP t = v.type;
      if (!isInteger(*t) && t->kind != Type::Kind::Enum) {
        error(s->expr->span, "a switch needs an integer or enum value, not " + typeName(*t),
              "wsl-typing-switch_break");
        b = Behaviours{K::Normal};
        return r;
      }
      std::vector<int64_t> covered;
      bool hasDefault = false;
      Behaviours all;
      for (size_t i = 0; i < s->cases.size(); ++i) {
        SwitchCase& c = r->cases[i];
        if (c.isDefault) {
          fired("default");
          if (hasDefault) error(c.span, "a switch has at most one default", "wsl-typing-default");
          hasDefault = true;
        } else {
          // case: G |- rval : tval
          ExprP value = expectRValue(g, c.value, t, "wsl-typing-case");
          fired("case");
          if (value && value->kind == ExprKind::Val) {
            int64_t x = value->value.integer;
            for (int64_t y : covered)
              if (x == y)
                error(c.span, "two cases have the value " + valueText(value->value),
                      "wsl-typing-case");
            covered.push_back(x);
            c.value = value;
          } else if (value && value->kind != ExprKind::Val) {
            error(c.value->span, "a case value must be a literal or an enum element",
                  "wsl-typing-case");
          }
        }
        // switch_block: G |- {s0..sn} : B  ==>  G |-- s0..sn : B
        Behaviours bi;
        c.body = typeBlock(g, s->cases[i].body, 0, bi, c.span);
        fired("switch_block");
        if (i + 1 == s->cases.size() && bi.has(K::Fallthrough))
          error(c.span, "the last case of a switch must not fall through",
                "wsl-typing-switch_break");
        all.add(bi);
      }
      const char* rule = all.has(K::Break) ? "switch_break" : "switch_no_break";
      std::string anchor = std::string("wsl-typing-") + rule;
      // "fully covers": without a default every value is covered; with one, some value is not.
      uint64_t values = 0;
      if (t->kind == Type::Kind::Enum)
        values = p_->enums[size_t(t->declaration)].elements.size();
      else if (isInteger(*t) && integerWidth(*t) < 32)
        values = uint64_t(1) << integerWidth(*t);
      else
        values = uint64_t(1) << 32;
      std::sort(covered.begin(), covered.end());
      if (hasDefault && covered.size() >= values)
        error(s->span,
              "the cases cover every value of " + typeName(*t) + ", so the default is unreachable",
              anchor);
      if (!hasDefault && covered.size() < values)
        error(s->span,
              "the cases do not cover every value of " + typeName(*t) + " and there is no default",
              anchor);
      if (all.has(K::Normal))
        error(s->span,
              "every case of a switch must end with break, fallthrough, continue, return or "
              "discard (behaviours " +
                  all.text() + ")",
              anchor);
      if (all.returnsPointerOrRef())
        error(s->span, "a switch must not return a pointer or an array reference", anchor);
      all.remove(K::Fallthrough);
      if (all.has(K::Break)) {
        all.remove(K::Break);
        all.add({K::Normal, nullptr});
      }
      if (discard) all.add({K::Discard, nullptr});
      b = all;
      fired(rule);
      return r;
    }
    case StmtKind::Break:
      fired("break");
      b = Behaviours{K::Break};
      return r;
    case StmtKind::Continue:
      fired("continue");
      b = Behaviours{K::Continue};
      return r;
    case StmtKind::Fallthrough:
      fired("fallthrough");
      b = Behaviours{K::Fallthrough};
      return r;
    case StmtKind::Discard:  // the seed's prose: {Discard} (no WSL.ott rule)
      b = Behaviours{K::Discard};
      return r;
    case StmtKind::ReturnVoid:
      fired("return_void");
      b = Behaviours{};
      b.add({K::Return, voidType()});
      return r;
    case StmtKind::Return: {
      // return: G |- e : tval  ==>  {Return tval} (+ Discard)
      // A copy: typing the expression may add library functions (functions grows).
      const TypeP result = p_->functions[size_t(currentFunction_)].result;
      TypeP actual;
      bool discard = false;
      r->expr = expectRValue(g, s->expr, result, "wsl-typing-return", &actual, &discard);
      b = Behaviours{};
      b.add({K::Return, r->expr && actual ? actual : result});
      if (discard) b.add({K::Discard, nullptr});
      fired("return");
      return r;
    }
    case StmtKind::ExprStmt: {
      // expr: G |- e : t  ==>  G |- e; : {Normal} + (mayDiscard(e) ? {Discard} : {})
      Typed t = typeExpression(g, s->expr);
      if (t.expr) r->expr = t.expr;
      b = Behaviours{K::Normal};
      if (t.mayDiscard) b.add({K::Discard, nullptr});
      fired("expr");
      return r;
    }
    default:
      error(s->span, "unexpected statement after desugaring", "wsl-internal");
      b = Behaviours{K::Normal};
      return r;
  }
}

}  // namespace plumb::wsl
