// The `uniformity` family: edge pairs for every row of the seed's uniformity analysis
// (#uniformity): the statement table (#uniformity-statements), the function-call rule with the
// built-in exceptions (#uniformity-function-calls), the rvalue and lvalue expression tables and
// the uniform built-in values (#uniformity-expressions), the tags of #uniformity-function, and
// the holes Plumb's --strict-uniformity closes (docs/ambiguities.md U1-U13) with Plumb's
// readings where the seed is silent.
//
// Each row is a template: a program with choices (the sources of values, the links of a
// dependency chain, the sink that requires uniformity) and, for rows whose boundary is a
// statement or an operand, a twin edit. Z3 picks the choices (uniformity_solve.h) on the family's
// own symbolic uniformity graph (uniformity_model.h): the valid twin accepted, the invalid twin
// rejected, and — where the row marks its construct's edges as key — the invalid twin accepted
// without them, so the row's edge is the one that decides. The twins differ in one choice
// (a source swapped) or in the row's edit.
#include <functional>

#include "gen/wgsl/families.h"
#include "gen/wgsl/uniformity_scaffold.h"
#include "gen/wgsl/uniformity_solve.h"

namespace plumb::gen::wgsl {

// A named namespace around the anonymous one: a unity build compiles the families in one
// translation unit, where each has its own Row and makeRows and its using-directive must stay
// inside (README, Continuous integration).
namespace uniformity_family {
namespace {

using namespace uniformity;

struct Row {
  RuleRow rule;
  Mode mode = Mode::Seed;  // Seed: either analysis (drawn); Strict; Hole: U-entry pair
  std::function<Template(SlotContext&)> make;
};

// ----------------------------------------------------------------------------------- helpers

Stage drawStage(Rng& rng) {
  return rng.chance(50) ? Stage::Compute : Stage::Fragment;
}

std::string stageName(Stage s) {
  return s == Stage::Compute ? "compute" : "fragment";
}

/// A value at the end of a chain of 0-3 links.
std::string value(Scaffold& sc, std::vector<StmtP>& body, int minLinks = 0) {
  return sc.chain(body, minLinks + static_cast<int>(sc.rng().below(4 - minLinks)));
}

Template finish(Scaffold& sc, std::vector<StmtP> body, std::string description, bool flip = true,
                bool keys = true) {
  sc.entry(std::move(body));
  Template t{sc.program(), stageName(sc.stage()), flip, keys, {}, std::move(description)};
  return t;
}

/// A helper function.
Function fn(std::string name, std::vector<Param> params, std::string ret, std::vector<StmtP> body) {
  Function f{std::move(name), "", std::move(params), std::move(ret)};
  f.body = std::move(body);
  return f;
}

/// The statement that leaves a construct without Next (return, or discard in a fragment
/// shader), drawn.
StmtP leave(Scaffold& sc) {
  if (sc.stage() == Stage::Fragment && sc.rng().chance(40)) return discardStmt();
  return returnStmt();
}

StmtP nothing(Scaffold& sc, const std::string& v) {
  return sc.rng().chance(50) ? phony(ref(v)) : phony(lit("0u"));
}

// ---------------------------------------------------------------------------- statement rows

Template compoundRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(ifStmt(sc.condition(ref(v)), {block({sc.sink()})}, Key1));
  return finish(sc, body, "a sink in a braced statement inside an if on a chain's value");
}

Template sequenceNextRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  sc.helper(
      fn("early", {{"c", "u32"}}, "", {ifStmt(binary("==", ref("c"), lit("0u")), {returnStmt()})}));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(callStmt(call("early", {ref(v)}, KeyAll)));
  body.push_back(sc.sink());
  return finish(sc, body, "s1 s2 with Next in s1: s2 starts with the control flow after s1");
}

Template sequenceNoNextRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(ifStmt(sc.condition(ref(v)), {twinStmt(leave(sc), nothing(sc, v)), sc.sink()}));
  return finish(sc, body, "s1 s2 without Next in s1: s2 is not analyzed", false, false);
}

Template ifBranchRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  ExprP c = sc.condition(ref(v));
  switch (ctx.rng.below(3)) {
    case 0:
      body.push_back(ifStmt(c, {sc.sink()}, Key1));
      break;
    case 1:
      body.push_back(ifElse(c, {nothing(sc, v)}, {sc.sink()}, Key1));
      break;
    default:
      body.push_back(ifElseIf(
          c, {nothing(sc, v)},
          ifElse(binary("==", ref(v), lit("5u")), {sc.sink()}, {nothing(sc, v)}, Key1), Key1));
  }
  return finish(sc, body, "if with behavior {Next}: the branches start with the condition's value");
}

Template ifOtherRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  if (ctx.rng.chance(50))
    body.push_back(ifStmt(sc.condition(ref(v)), {leave(sc)}, Key2));
  else
    body.push_back(ifElse(sc.condition(ref(v)), {nothing(sc, v)}, {leave(sc)}, Key2));
  body.push_back(sc.sink());
  return finish(sc, body, "if with another behavior: CFend -> {CF1, CF2} after it");
}

Template ifBehaviorEditRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(ifStmt(sc.condition(ref(v)), {twinStmt(nothing(sc, v), leave(sc))}));
  body.push_back(sc.sink());
  return finish(sc, body, "if with behavior {Next} (CF after it) vs another behavior (CFend)",
                false, false);
}

Template loopNextRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  StmtP exit = ifStmt(sc.condition(ref(v)), {breakStmt()});
  if (ctx.rng.chance(50))
    body.push_back(loop({sc.sink(), exit}, Key1));
  else
    body.push_back(loopContinuing({sc.sink(), exit}, {nothing(sc, v)}, Key1));
  return finish(sc, body, "loop: CF' -> {CF2, CF}: the next iteration starts where the body ended");
}

Template loopOtherRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(loop({ifStmt(sc.condition(ref(v)), {leave(sc)}), breakStmt()}, Key1));
  body.push_back(sc.sink());
  return finish(sc, body, "loop with another behavior than {Next}: CF' after it");
}

Template loopBehaviorEditRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(
      loop({ifStmt(sc.condition(ref(v)), {twinStmt(breakStmt(), leave(sc))}), breakStmt()}));
  body.push_back(sc.sink());
  return finish(sc, body, "loop with behavior {Next} (CF after it) vs another behavior (CF')",
                false, false);
}

Template forRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string i = sc.fresh("i");
  if (ctx.rng.chance(60)) {
    body.push_back(forLoop(var(i, "", lit("0u")), binary("<", ref(i), ref(v)), increment(ref(i)),
                           {sc.sink()}, Key3));
  } else {
    body.push_back(whileLoop(sc.condition(ref(v)), {sc.sink(), breakStmt()}, Key3));
  }
  return finish(sc, body, "for and while: desugared to loop { if !(cond) { break; } ... }");
}

Template switchNextRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::vector<Clause> clauses;
  if (ctx.rng.chance(50)) {
    clauses = {{"case 0u, 2u", {sc.sink()}}, {"default", {nothing(sc, v)}}};
  } else {
    clauses = {{"case 1u", {nothing(sc, v)}}, {"default", {sc.sink()}}};
  }
  body.push_back(switchStmt(ref(v), clauses, Key1));
  return finish(sc, body,
                "switch with behavior {Next}: the clauses start with the selector's value");
}

Template switchOtherRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(
      switchStmt(ref(v), {{"case 3u", {leave(sc)}}, {"default", {nothing(sc, v)}}}, Key2));
  body.push_back(sc.sink());
  return finish(sc, body, "switch with another behavior: CFend -> {CF_1, ..., CF_n} after it");
}

Function earlyHelper() {
  return fn("early", {{"c", "u32"}}, "",
            {ifStmt(binary("==", ref("c"), lit("0u")), {returnStmt()})});
}

Template fallthroughRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  sc.helper(earlyHelper());
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(switchStmt(member(ref("ub"), "x"),
                            {{"case 0u", {callStmt(call("early", {ref(v)})), fallthroughStmt()}},
                             {"default", {sc.sink()}}},
                            Key3));
  return finish(sc, body,
                "fallthrough: the next clause starts with the control flow after s_(n-1)");
}

Template fallthroughEditRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  sc.helper(earlyHelper());
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(switchStmt(
      member(ref("ub"), "x"),
      {{"case 0u", {callStmt(call("early", {ref(v)})), twinStmt(breakStmt(), fallthroughStmt())}},
       {"default", {sc.sink()}}}));
  return finish(sc, body, "a clause that breaks (the next starts with V) vs falls through", false,
                false);
}

Template breakIfRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  sc.helper(fn("early_b", {{"c", "u32"}}, "bool",
               {ifStmt(binary("==", ref("c"), lit("0u")), {returnStmt(lit("false"))}),
                returnStmt(lit("true"))}));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(loopContinuing({sc.sink()}, {breakIf(call("early_b", {ref(v)}, KeyAll))}));
  return finish(sc, body, "break if e: the loop continues with the control flow after e");
}

Template varDeclRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string x = sc.fresh("x");
  body.push_back(twinStmt(var(x, "u32"), var(x, "u32", ref(v))));
  body.push_back(ifStmt(sc.condition(ref(x)), {sc.sink()}));
  return finish(sc, body, "var x: T adds no edge (x is uniform) vs var x = e (X -> V)", false,
                false);
}

Template jumpEditRow(SlotContext& ctx, Stmt::Kind jump) {
  Program p;
  Stage stage = jump == Stmt::Discard ? Stage::Fragment : drawStage(ctx.rng);
  Scaffold sc(p, ctx.rng, stage);
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  StmtP j = jump == Stmt::Break      ? breakStmt()
            : jump == Stmt::Continue ? continueStmt()
            : jump == Stmt::Discard  ? discardStmt()
                                     : returnStmt();
  StmtP branch = ifStmt(sc.condition(ref(v)), {twinStmt(nothing(sc, v), j)});
  if (jump == Stmt::Break || jump == Stmt::Continue)
    body.push_back(loop({branch, sc.sink(), breakStmt()}));
  else
    body.push_back(branch), body.push_back(sc.sink());
  return finish(sc, body, "a jump in a branch makes the if's behavior other than {Next}", false,
                false);
}

Template returnRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  // Both returns are the key: the function cannot fall off its end (U4 would add the same
  // edge as the second return under --strict-uniformity).
  sc.helper(fn("early_r", {{"c", "u32"}}, "u32",
               {ifStmt(binary("==", ref("c"), lit("0u")), {returnStmt(lit("1u"), Key1)}),
                returnStmt(lit("2u"), Key1)}));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(phony(call("early_r", {ref(v)})));
  body.push_back(sc.sink());
  return finish(sc, body, "return: CF_return -> CF (the callee's tag for its parameter)");
}

Template returnValueRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  ExprP hs = sc.helperSource();
  sc.helper(fn("lookup", {{"c", "u32"}}, "u32",
               {returnStmt(binary(ctx.rng.chance(50) ? "+" : "^", ref("c"), hs), Key2)}));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(ifStmt(sc.condition(call("lookup", {ref(v)})), {sc.sink()}));
  return finish(sc, body, "return e: Value_return -> V");
}

Template assignRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string x = sc.fresh("x");
  body.push_back(var(x, "", lit("0u")));
  body.push_back(assign(ref(x), ref(v), Key1));
  body.push_back(ifStmt(sc.condition(ref(x)), {sc.sink()}));
  return finish(sc, body, "e2 = e1: L2 -> V1");
}

Template phonyRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  sc.helper(fn(
      "early_v", {{"c", "u32"}}, "u32",
      {ifStmt(binary("==", ref("c"), lit("0u")), {returnStmt(lit("1u"))}), returnStmt(lit("2u"))}));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(phony(call("early_v", {ref(v)}, KeyAll)));
  body.push_back(sc.sink());
  return finish(sc, body, "_ = e: the control flow after e");
}

Template letRow(SlotContext& ctx, bool isVar) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string x = sc.fresh("x");
  ExprP src = sc.source();
  body.push_back(isVar ? var(x, ctx.rng.chance(50) ? "u32" : "", src, Key1) : let(x, src));
  body.push_back(ifStmt(sc.condition(ref(x, Key2)), {sc.sink()}));
  return finish(sc, body, isVar ? "var x = e: X -> V" : "let x = e: the node of x is V");
}

// --------------------------------------------------------------------------- expression rows

Template shortCircuitRow(SlotContext& ctx, bool isOr) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string w = value(sc, body);
  ExprP a = sc.condition(ref(v)), b = sc.condition(ref(w));
  ExprP c = isOr ? logicalOr(a, b, Key1) : logicalAnd(a, b, Key1);
  body.push_back(ifStmt(c, {sc.sink()}));
  return finish(sc, body, "e1 || e2, e1 && e2 with behavior {Next}: e2 is evaluated in V1");
}

Function discardHelper() {
  return fn("disc_if", {{"c", "u32"}}, "bool",
            {ifStmt(binary("==", ref("c"), lit("0u")), {discardStmt()}), returnStmt(lit("true"))});
}

Template shortCircuitOtherRow(SlotContext& ctx, bool isOr, bool edit) {
  Program p;
  Scaffold sc(p, ctx.rng, Stage::Fragment);
  sc.helper(discardHelper());
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  ExprP right = call("disc_if", {lit(std::to_string(1 + ctx.rng.below(5)) + "u")});
  if (edit) right = twinExpr(lit(isOr ? "false" : "true"), right);
  ExprP a = sc.condition(ref(v));
  std::string b = sc.fresh("b");
  body.push_back(let(b, isOr ? logicalOr(a, right, edit ? KeyNone : Key1)
                             : logicalAnd(a, right, edit ? KeyNone : Key1)));
  body.push_back(sc.sink());
  return finish(sc, body,
                edit ? "e1 || e2 / e1 && e2: behavior {Next} (CF after it) vs {Next, Discard} (CF2)"
                     : "e1 || e2 / e1 && e2 with behavior {Next, Discard}: CF2 after it",
                !edit, !edit);
}

Template literalRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string x = sc.fresh("x");
  body.push_back(var(x, "", lit("0u")));
  body.push_back(ifStmt(sc.condition(ref(v)),
                        {assign(ref(x), lit(std::to_string(1 + ctx.rng.below(8)) + "u"), Key1)}));
  body.push_back(ifStmt(sc.condition(ref(x)), {sc.sink()}));
  return finish(sc, body, "Literal: CF, CF — a literal assigned in non-uniform control flow");
}

Template referenceFlowRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string y = sc.fresh("y"), x = sc.fresh("x");
  body.push_back(let(y, sc.source()));
  std::string v = value(sc, body);
  body.push_back(var(x, "", lit("0u")));
  body.push_back(ifStmt(sc.condition(ref(v)), {assign(ref(x), ref(y, Key1))}));
  body.push_back(ifStmt(sc.condition(ref(x)), {sc.sink()}));
  return finish(sc, body, "a reference read in non-uniform control flow: Result -> CF");
}

Template builtinValueRow(SlotContext& ctx, Stage stage, std::vector<std::string> validLabels,
                         std::vector<std::string> invalidLabels) {
  Program p;
  Scaffold sc(p, ctx.rng, stage);
  for (const std::vector<std::string>* labels : {&validLabels, &invalidLabels})
    for (const std::string& l : *labels)
      if (l == "user-defined input") sc.allowUserDefinedInput();
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(ifStmt(sc.condition(ref(v)), {sc.sink()}, Key1));
  Template t = finish(sc, body, "the source of the chain is swapped");
  t.constraints.push_back(flipLabels(std::move(validLabels), std::move(invalidLabels)));
  return t;
}

Template vertexRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, Stage::Compute);
  p.prelude = "";
  p.moduleNames.clear();
  Function e{"main",
             "vertex",
             {{"vi", "u32", "vertex_index"}, {"ii", "u32", "instance_index"}},
             "vec4<f32>"};
  e.returnAttribute = "@builtin(position)";
  std::string x = sc.fresh("x");
  e.body = {var(x, "", lit("0u")),
            ifStmt(binary(ctx.rng.chance(50) ? "==" : ">", ref(ctx.rng.chance(50) ? "vi" : "ii"),
                          lit("1u")),
                   {assign(ref(x), ref(ctx.rng.chance(50) ? "ii" : "vi"))}),
            returnStmt(call("vec4<f32>", {call("f32", {ref(x)})}))};
  p.functions.push_back(e);
  Template t{p,
             "vertex",
             false,
             false,
             {},
             "vertex_index and instance_index are non-uniform; "
             "no vertex built-in function requires uniformity"};
  return t;
}

Template unaryRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string x = sc.fresh("x");
  if (ctx.rng.chance(50)) {
    body.push_back(let(x, unary("-", call("bitcast<i32>", {ref(v)}))));
    body.push_back(ifStmt(binary("==", ref(x), lit("0i")), {sc.sink()}));
  } else {
    body.push_back(let(x, unary("~", ref(v))));
    body.push_back(ifStmt(unary("!", sc.condition(ref(x))), {sc.sink()}));
  }
  return finish(sc, body, "op e: the value of e", true, false);
}

Template memberRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string x = sc.fresh("x");
  body.push_back(let(x, call("vec4<u32>", {ref(v), lit("0u"), ref(v), lit("1u")})));
  body.push_back(
      ifStmt(sc.condition(member(ref(x), std::string(1, "xyzw"[ctx.rng.below(4)]))), {sc.sink()}));
  return finish(sc, body, "e.field: the value of e", true, false);
}

Template binaryRow(SlotContext& ctx, bool left) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string w = value(sc, body);
  const char* ops[] = {"+", "*", "|", "^", "&"};
  ExprP e = binary(ctx.rng.pick(ops), ref(v), ref(w), left ? Key1 : Key2);
  body.push_back(ifStmt(sc.condition(e), {sc.sink()}));
  return finish(sc, body, std::string("e1 op e2: Result -> ") + (left ? "V1" : "V2"));
}

Template indexRow(SlotContext& ctx, bool ofIndex) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string a = sc.fresh("a");
  if (ofIndex) {
    body.push_back(let(a, call("array<u32, 4>", {lit("1u"), lit("2u"), lit("3u"), lit("4u")})));
    body.push_back(
        ifStmt(sc.condition(index(ref(a), binary("&", ref(v), lit("3u")), Key2)), {sc.sink()}));
  } else {
    body.push_back(let(a, call("array<u32, 2>", {ref(v), lit("0u")})));
    body.push_back(ifStmt(sc.condition(index(ref(a), lit(ctx.rng.chance(50) ? "0" : "1"), Key1)),
                          {sc.sink()}));
  }
  return finish(sc, body, ofIndex ? "e1[e2]: Result -> V2 (the index)" : "e1[e2]: Result -> V1");
}

// ------------------------------------------------------------------------------- lvalue rows

Template lvalueRow(SlotContext& ctx, int which) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string x = sc.fresh("x");
  bool flip = true, keys = true;
  std::string d;
  switch (which) {
    case 0:  // identifier
      body.push_back(var(x, "u32", lit("1u")));
      body.push_back(assign(ref(x), ref(v), Key1));
      body.push_back(ifStmt(sc.condition(ref(x)), {sc.sink()}));
      d = "LValue: a function-scope variable's node X";
      break;
    case 1: {  // module-scope variable vs a local one
      const char* m = ctx.rng.chance(50) ? "pv" : sc.stage() == Stage::Compute ? "wg" : "pv";
      body.push_back(var(x, "u32", lit("1u")));
      body.push_back(assign(twinExpr(ref(m), ref(x)), ref(v)));
      body.push_back(ifStmt(sc.condition(ref(x)), {sc.sink()}));
      flip = keys = false;
      d = "LValue: a module-scope variable is MayBeNonUniform (the local x is untouched) vs x";
      break;
    }
    case 2:  // member
      body.push_back(var(x, "", call("vec2<u32>", {lit("0u"), lit("0u")})));
      body.push_back(assign(member(ref(x), ctx.rng.chance(50) ? "x" : "y"), ref(v), Key1));
      body.push_back(
          ifStmt(sc.condition(member(ref(x), ctx.rng.chance(50) ? "x" : "y")), {sc.sink()}));
      d = "LValue: e.field is the node of e";
      break;
    default:  // index
      body.push_back(var(x, "", call("array<u32, 4>", {})));
      body.push_back(assign(index(ref(x), binary("&", ref(v), lit("3u")), Key2), lit("1u")));
      body.push_back(
          ifStmt(sc.condition(index(ref(x), lit(std::to_string(ctx.rng.below(4))))), {sc.sink()}));
      d = "LValue: e1[e2]: L1 -> V2";
  }
  return finish(sc, body, d, flip, keys);
}

// --------------------------------------------------------------------------------- call rows

Template builtinSinkRow(SlotContext& ctx, const std::string& name) {
  Program p;
  bool compute = name == "workgroupBarrier" || name == "storageBarrier";
  Scaffold sc(p, ctx.rng, compute ? Stage::Compute : Stage::Fragment);
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(ifStmt(sc.condition(ref(v)), {sc.sinkCall(name)}, Key1));
  return finish(sc, body, "'" + name + "' has CallSiteRequiredToBeUniform");
}

Template derivativeResultRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, Stage::Fragment);
  std::vector<StmtP> body;
  std::string d = sc.fresh("d");
  const char* fns[] = {"dpdx", "dpdy", "fwidth", "dpdxFine", "dpdyCoarse"};
  if (ctx.rng.chance(50))
    body.push_back(let(d, call(ctx.rng.pick(fns), {lit("2.0")})));
  else
    body.push_back(let(
        d,
        member(call("textureSample", {ref("t"), ref("s"), call("vec2<f32>", {lit("0.5")})}), "x")));
  body.push_back(ifStmt(binary(">", twinExpr(lit("0.5"), ref(d)), lit("0.25")), {sc.sink()}));
  return finish(sc, body, "derivatives and textureSample have ReturnValueMayBeNonUniform", false,
                false);
}

Template arrayLengthRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  ExprP n = twinExpr(call("arrayLength", {unary("&", ref("rw"))}),
                     call("atomicLoad", {unary("&", ref("ra"))}));
  body.push_back(ifStmt(sc.condition(n), {sc.sink()}));
  return finish(sc, body,
                "arrayLength's parameter has ParameterNoRestriction (vs atomicLoad's default)",
                false, false);
}

Template defaultBuiltinRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  const char* fns[] = {"min", "max", "countOneBits", "reverseBits", "firstLeadingBit"};
  const char* f = ctx.rng.pick(fns);
  std::vector<ExprP> args = {ref(v)};
  if (std::string(f) == "min" || std::string(f) == "max") args.push_back(lit("4u"));
  body.push_back(ifStmt(sc.condition(call(f, args, KeyAll)), {sc.sink()}));
  return finish(sc, body, "built-in functions: ParameterRequiredToBeUniformForReturnValue");
}

Template sampleLevelRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, Stage::Fragment);
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  ExprP uv = call("vec2<f32>", {lit("0.5")});
  ExprP level = call("textureSampleLevel", {ref("t"), ref("s"), uv, lit("0.0")});
  ExprP sample = call("textureSample", {ref("t"), ref("s"), uv});
  body.push_back(ifStmt(sc.condition(ref(v)), {phony(twinExpr(level, sample))}));
  return finish(sc, body,
                "textureSampleLevel has the default tags; textureSample requires uniformity", false,
                false);
}

// ---------------------------------------------------------------------------------- tag rows

Function syncHelper(Scaffold& sc, const std::string& name, int depth) {
  StmtP s = sc.sinkCall(sc.stage() == Stage::Compute ? "workgroupBarrier" : "dpdx");
  Function f = fn(name + "0", {}, "", {s});
  for (int i = 1; i < depth; ++i) {
    sc.helper(f);
    f = fn(name + std::to_string(i), {}, "", {callStmt(call(name + std::to_string(i - 1), {}))});
  }
  return f;
}

Template callSiteRequiredRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  int depth = 1 + static_cast<int>(ctx.rng.below(3));
  Function f = syncHelper(sc, "sync", depth);
  std::string name = f.name;
  sc.helper(f);
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(ifStmt(sc.condition(ref(v)), {callStmt(call(name, {}, KeyAll))}));
  Template t =
      finish(sc, body, "a user function with CallSiteRequiredToBeUniform (U10: no arguments)");
  t.constraints.push_back(
      tagHolds(1, name, [](const FunctionTerms& f) { return f.callSiteRequired; }));
  return t;
}

Template callSiteEditRow(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  StmtP s = sc.sinkCall(sc.stage() == Stage::Compute ? "storageBarrier" : "fwidth");
  sc.helper(fn("maybe_sync", {}, "", {twinStmt(phony(lit("0u")), s)}));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(ifStmt(sc.condition(ref(v)), {callStmt(call("maybe_sync", {}))}));
  Template t =
      finish(sc, body, "CallSiteNoRestriction vs CallSiteRequiredToBeUniform", false, false);
  t.constraints.push_back(
      tagHolds(0, "maybe_sync", [](const FunctionTerms& f) { return !f.callSiteRequired; }));
  return t;
}

Template functionTagRow(SlotContext& ctx, int which) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string name = "helper";
  std::string d;
  if (which == 0) {  // SubsequentControlFlowMayBeNonUniform
    ExprP hs = sc.helperSource();
    sc.helper(fn(name, {}, "", {ifStmt(sc.condition(hs), {returnStmt()}), phony(lit("0u"))}));
    body.push_back(callStmt(call(name, {}, KeyAll)));
    body.push_back(sc.sink());
    d = "function tag SubsequentControlFlowMayBeNonUniform vs NoRestriction";
  } else if (which == 1) {  // ReturnValueMayBeNonUniform
    ExprP hs = sc.helperSource();
    sc.helper(fn(name, {}, "u32", {returnStmt(binary("+", hs, lit("1u")))}));
    body.push_back(ifStmt(sc.condition(call(name, {}, KeyAll)), {sc.sink()}));
    d = "function tag ReturnValueMayBeNonUniform vs NoRestriction";
  } else {  // NoRestriction on both sides, with CallSiteRequiredToBeUniform
    StmtP s = sc.sinkCall(sc.stage() == Stage::Compute ? "workgroupBarrier" : "dpdy");
    sc.helper(fn(name, {}, "u32", {s, returnStmt(lit("1u"))}));
    std::string v = value(sc, body);
    body.push_back(ifStmt(sc.condition(ref(v)), {phony(call(name, {}, KeyAll))}));
    d = "function tag NoRestriction (the call site is what must be uniform)";
  }
  Template t = finish(sc, body, d);
  if (which < 2) {
    t.constraints.push_back(
        tagHolds(0, name, [](const FunctionTerms& f) { return !f.subsequent && !f.returnValue; }));
    t.constraints.push_back(tagHolds(1, name, [which](const FunctionTerms& f) {
      return which == 0 ? f.subsequent : !f.subsequent && f.returnValue;
    }));
  } else {
    for (int twin : {0, 1})
      t.constraints.push_back(tagHolds(
          twin, name, [](const FunctionTerms& f) { return !f.subsequent && !f.returnValue; }));
  }
  return t;
}

Template parameterTagRow(SlotContext& ctx, int which) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string d;
  bool flip = true;
  if (which == 0) {  // ParameterRequiredToBeUniform
    StmtP s = sc.sinkCall(sc.stage() == Stage::Compute ? "workgroupBarrier" : "dpdx");
    sc.helper(fn("need", {{"c", "u32"}}, "", {ifStmt(binary("==", ref("c"), lit("1u")), {s})}));
    body.push_back(callStmt(call("need", {ref(v)}, KeyAll)));
    d = "ParameterRequiredToBeUniform";
  } else if (which == 1) {  // ...ForSubsequentControlFlow
    sc.helper(earlyHelper());
    body.push_back(callStmt(call("early", {ref(v)}, KeyAll)));
    body.push_back(sc.sink());
    d = "ParameterRequiredToBeUniformForSubsequentControlFlow";
  } else if (which == 2) {  // ...ForReturnValue
    sc.helper(
        fn("plus_one", {{"c", "u32"}}, "u32", {returnStmt(binary("+", ref("c"), lit("1u")))}));
    body.push_back(ifStmt(sc.condition(call("plus_one", {ref(v)}, KeyAll)), {sc.sink()}));
    d = "ParameterRequiredToBeUniformForReturnValue";
  } else {  // ParameterNoRestriction vs ...ForReturnValue (one edit in the callee)
    sc.helper(fn("ignore", {{"c", "u32"}}, "u32",
                 {phony(ref("c")), returnStmt(twinExpr(lit("1u"), ref("c")))}));
    body.push_back(ifStmt(sc.condition(call("ignore", {ref(v)})), {sc.sink()}));
    d = "ParameterNoRestriction vs ParameterRequiredToBeUniformForReturnValue";
    flip = false;
  }
  Template t = finish(sc, body, d, flip, flip);
  const char* fname = which == 0   ? "need"
                      : which == 1 ? "early"
                      : which == 2 ? "plus_one"
                                   : "ignore";
  t.constraints.push_back(tagHolds(1, fname, [which](const FunctionTerms& f) {
    return which == 0   ? f.paramRequired[0]
           : which == 1 ? !f.paramRequired[0] && f.paramSubsequent[0]
                        : !f.paramRequired[0] && !f.paramSubsequent[0] && f.paramReturn[0];
  }));
  if (which == 3)
    t.constraints.push_back(tagHolds(0, fname, [](const FunctionTerms& f) {
      return !f.paramRequired[0] && !f.paramSubsequent[0] && !f.paramReturn[0];
    }));
  return t;
}

// ------------------------------------------------------------------- holes and readings (U*)

Template holeU1(SlotContext& ctx) {
  Template t = builtinValueRow(ctx, Stage::Fragment, {}, {"user-defined input"});
  t.description = "U1: a @location input is a non-built-in parameter of an entry point";
  return t;
}

Template holeU2(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  sc.helper(fn("store_into", {{"q", "ptr<function, u32>"}, {"w", "u32"}}, "",
               {assign(unary("*", ref("q")), ref("w"))}));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string x = sc.fresh("x");
  body.push_back(var(x, "", lit("0u")));
  body.push_back(callStmt(call("store_into", {unary("&", ref(x)), ref(v)})));
  body.push_back(ifStmt(sc.condition(ref(x)), {sc.sink()}));
  return finish(sc, body, "U2: a write through a pointer parameter", true, false);
}

Template holeU4(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, Stage::Fragment);
  sc.helper(fn("maybe_discard", {{"c", "u32"}}, "",
               {ifStmt(binary("==", ref("c"), lit("0u")), {discardStmt()})}));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(callStmt(call("maybe_discard", {ref(v)})));
  body.push_back(sc.sink());
  return finish(sc, body, "U4: falling off the end of a function after a non-uniform discard", true,
                false);
}

Template holeU5(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  sc.helper(fn("early_b", {{"c", "u32"}}, "bool",
               {ifStmt(binary("==", ref("c"), lit("0u")), {returnStmt(lit("false"))}),
                returnStmt(lit("true"))}));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  ExprP c = call("early_b", {ref(v)});
  switch (ctx.rng.below(3)) {
    case 0:
      body.push_back(ifStmt(c, {phony(lit("0u"))}));
      break;
    case 1:
      body.push_back(
          switchStmt(call("select", {lit("0u"), lit("1u"), c}), {{"default", {phony(lit("0u"))}}}));
      break;
    default:
      body.push_back(let(sc.fresh("b"), ctx.rng.chance(50) ? logicalAnd(c, lit("true"))
                                                           : logicalOr(c, lit("false"))));
  }
  body.push_back(sc.sink());
  return finish(sc, body,
                "U5: a statement or && / || with behavior {Next} drops the control flow "
                "after its condition",
                true, false);
}

Template holeU9(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, Stage::Compute);
  p.structs = {
      "struct InU { @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32> "
      "}",
      "struct InN { @builtin(local_invocation_id) lid: vec3<u32>, @builtin(local_invocation_index) "
      "lidx: u32 }"};
  Param a{"a", "InU"}, b{"b", "InN"};
  a.structOfBuiltins = b.structOfBuiltins = true;
  a.uniformStruct = true;
  sc.entryParams({a, b});
  std::vector<ExprP> menu = {labeled(member(member(ref("a"), "wid"), "x"), "a.wid"),
                             labeled(member(member(ref("a"), "nwg"), "y"), "a.nwg"),
                             labeled(member(member(ref("b"), "lid"), "x"), "b.lid"),
                             labeled(member(ref("b"), "lidx"), "b.lidx"),
                             labeled(member(ref("ub"), "x"), "uniform buffer")};
  if (ctx.rng.chance(50)) std::swap(menu[0], menu[2]);
  ExprP src = choose(p, "source", menu, true);
  std::vector<StmtP> body;
  std::string x = sc.fresh("x");
  body.push_back(let(x, src));
  body.push_back(ifStmt(sc.condition(ref(x)), {sc.sink()}, Key1));
  Template t = finish(sc, body, "U9: an entry-point structure holding built-in values");
  t.constraints.push_back(flipLabels({}, {"b.lid", "b.lidx"}));
  return t;
}

Template holeU13(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  body.push_back(loopContinuing({sc.sink()}, {breakIf(sc.condition(ref(v)), KeyAll)}));
  return finish(sc, body, "U13: break if e has no edge to V in the seed");
}

Template readingU3(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string x = sc.fresh("x");
  body.push_back(var(x, "", ref(v), Key1));
  body.push_back(assign(ref(x), lit(std::to_string(ctx.rng.below(5)) + "u")));
  body.push_back(ifStmt(sc.condition(ref(x)), {sc.sink()}));
  return finish(sc, body,
                "U3: one node per variable: a later uniform assignment does not clear it");
}

Template readingU6(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string x = sc.fresh("x"), q = sc.fresh("p");
  bool arr = ctx.rng.chance(50);
  body.push_back(var(x, "", arr ? call("array<u32, 2>", {}) : lit("0u")));
  body.push_back(letPointer(q, unary("&", ref(x))));
  ExprP target = arr ? index(unary("*", ref(q)), lit("1")) : unary("*", ref(q));
  body.push_back(assign(target, ref(v), Key1));
  body.push_back(ifStmt(sc.condition(arr ? index(ref(x), lit("0")) : ref(x)), {sc.sink()}));
  return finish(sc, body, "U6: *p = e writes the root identifier of p");
}

Template readingU7(SlotContext& ctx, bool increment_) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string x = sc.fresh("x");
  body.push_back(var(x, "", lit("1u")));
  if (increment_) {
    body.push_back(ifStmt(sc.condition(ref(v)), {increment(ref(x))}));
  } else {
    const char* ops[] = {"+=", "|=", "^=", "*="};
    body.push_back(compound(ctx.rng.pick(ops), ref(x), ref(v)));
  }
  body.push_back(ifStmt(sc.condition(ref(x)), {sc.sink()}));
  return finish(sc, body, increment_ ? "U7: x++ as x = x + 1" : "U7: x op= e as x = x op e", true,
                false);
}

Template readingU8(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  std::vector<StmtP> body;
  std::string v = value(sc, body);
  std::string x = sc.fresh("x");
  if (ctx.rng.chance(50))
    body.push_back(let(x, call("bitcast<u32>", {call("bitcast<f32>", {ref(v)})})));
  else
    body.push_back(let(x, member(call("vec3<u32>", {ref(v), lit("2u"), lit("3u")}), "x")));
  body.push_back(ifStmt(sc.condition(ref(x)), {sc.sink()}));
  return finish(sc, body, "U8: type constructors and bitcast carry their argument's uniformity",
                true, false);
}

Template readingU11(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, Stage::Compute);
  sc.helper(fn("bump", {{"q", "ptr<workgroup, atomic<u32>>"}}, "u32",
               {returnStmt(call("atomicAdd", {ref("q"), lit("1u")}))}));
  std::vector<StmtP> body;
  std::string r = sc.fresh("r");
  body.push_back(let(r, call("bump", {unary("&", ref("wa"))})));
  body.push_back(ifStmt(sc.condition(twinExpr(lit("2u"), ref(r))), {sc.sink()}));
  return finish(sc, body, "U11: an atomic through a pointer parameter: the result is non-uniform",
                false, false);
}

Template readingU12(SlotContext& ctx) {
  Program p;
  Scaffold sc(p, ctx.rng, drawStage(ctx.rng));
  ExprP a = sc.helperSource(), b = sc.helperSource();
  sc.helper(
      fn("both", {}, "u32", {ifStmt(sc.condition(a), {returnStmt(lit("1u"))}), returnStmt(b)}));
  std::vector<StmtP> body;
  body.push_back(ifStmt(sc.condition(call("both", {})), {sc.sink()}));
  return finish(sc, body, "U12: one function tag; a non-uniform result through either tag", true,
                false);
}

// --------------------------------------------------------------------------------- the table

std::vector<Row> makeRows() {
  std::vector<Row> rows;
  auto add = [&](std::string id, std::string anchor, std::string row, Mode mode,
                 std::function<Template(SlotContext&)> make, std::string noValid = "",
                 std::string noInvalid = "") {
    rows.push_back({{"uniformity." + id, std::move(anchor), std::move(row), std::move(noValid),
                     std::move(noInvalid)},
                    mode,
                    std::move(make)});
  };
  const std::string st = "uniformity-statements", ex = "uniformity-expressions",
                    calls = "uniformity-function-calls", fun = "uniformity-function";
  add("block", st, "{s}", Mode::Seed, compoundRow);
  add("sequence-next", st, "s1 s2, with Next in behavior of s1", Mode::Seed, sequenceNextRow);
  add("sequence-no-next", st, "s1 s2, without Next in behavior of s1", Mode::Seed,
      sequenceNoNextRow);
  add("if-next", st, "if e s1 else s2 with behavior {Next}", Mode::Seed, ifBranchRow);
  add("if-other", st, "if e s1 else s2 with another behavior", Mode::Seed, ifOtherRow);
  add("if-behavior", st, "if e s1 else s2: behavior {Next} vs another behavior", Mode::Seed,
      ifBehaviorEditRow);
  add("loop-next", st, "loop {s1 continuing {s2}} / loop {s1} with behavior {Next}", Mode::Seed,
      loopNextRow);
  add("loop-other", st, "loop {s1} with another behavior", Mode::Seed, loopOtherRow);
  add("loop-behavior", st, "loop {s1}: behavior {Next} vs another behavior", Mode::Seed,
      loopBehaviorEditRow);
  add("for-while", st, "for and while loops (desugared to loop)", Mode::Seed, forRow);
  add("switch-next", st, "switch e case _: s_1 .. case _: s_n with behavior {Next}", Mode::Seed,
      switchNextRow);
  add("switch-other", st, "switch e case _: s_1 .. case _: s_n with another behavior", Mode::Seed,
      switchOtherRow);
  add("fallthrough", st, "fallthrough; (s_(n-1) may fallthrough: (CF_(n-1), s_n) => CF_n)",
      Mode::Seed, fallthroughRow);
  add("fallthrough-edit", st, "fallthrough; vs break; in s_(n-1)", Mode::Seed, fallthroughEditRow);
  add("var-decl", st, "var x: T;", Mode::Seed, varDeclRow);
  add("break", st, "break;", Mode::Seed,
      [](SlotContext& c) { return jumpEditRow(c, Stmt::Break); });
  add("break-if", st, "break if e;", Mode::Seed, breakIfRow);
  add("continue", st, "continue;", Mode::Seed,
      [](SlotContext& c) { return jumpEditRow(c, Stmt::Continue); });
  add("discard", st, "discard;", Mode::Seed,
      [](SlotContext& c) { return jumpEditRow(c, Stmt::Discard); });
  add("return", st, "return;", Mode::Seed, returnRow);
  add("return-value", st, "return e;", Mode::Seed, returnValueRow);
  add("assign", st, "e2 = e1;", Mode::Seed, assignRow);
  add("phony", st, "_ = e", Mode::Seed, phonyRow);
  add("let", st, "let x = e;", Mode::Seed, [](SlotContext& c) { return letRow(c, false); });
  add("var-init", st, "var x = e;", Mode::Seed, [](SlotContext& c) { return letRow(c, true); });
  add("or-next", ex, "e1 || e2 with behavior {Next}", Mode::Seed,
      [](SlotContext& c) { return shortCircuitRow(c, true); });
  add("and-next", ex, "e1 && e2 with behavior {Next}", Mode::Seed,
      [](SlotContext& c) { return shortCircuitRow(c, false); });
  add("or-other", ex, "e1 || e2 with behavior other than {Next}", Mode::Seed,
      [](SlotContext& c) { return shortCircuitOtherRow(c, true, false); });
  add("and-other", ex, "e1 && e2 with behavior other than {Next}", Mode::Seed,
      [](SlotContext& c) { return shortCircuitOtherRow(c, false, false); });
  add("or-behavior", ex, "e1 || e2: behavior {Next} vs {Next, Discard}", Mode::Seed,
      [](SlotContext& c) { return shortCircuitOtherRow(c, true, true); });
  add("and-behavior", ex, "e1 && e2: behavior {Next} vs {Next, Discard}", Mode::Seed,
      [](SlotContext& c) { return shortCircuitOtherRow(c, false, true); });
  add("literal", ex, "Literal", Mode::Seed, literalRow);
  add("reference-value", ex,
      "reference to function-scope variable, creation-time constant, let-declaration, or "
      "non-built-in parameter \"x\": Result -> X",
      Mode::Seed, [](SlotContext& c) { return letRow(c, c.rng.chance(50)); });
  add("reference-flow", ex,
      "reference to function-scope variable, creation-time constant, let-declaration, or "
      "non-built-in parameter \"x\": Result -> CF",
      Mode::Seed, referenceFlowRow);
  for (const char* b : {"workgroup_id", "num_workgroups"})
    add(std::string("uniform-builtin-") + b, ex,
        std::string("reference to uniform built-in value \"") + b + "\"", Mode::Seed,
        [b](SlotContext& c) {
          return builtinValueRow(c, Stage::Compute, {std::string("built-in ") + b},
                                 {"built-in local_invocation_id", "built-in local_invocation_index",
                                  "built-in global_invocation_id"});
        });
  for (const char* b : {"local_invocation_id", "local_invocation_index", "global_invocation_id"})
    add(std::string("nonuniform-builtin-") + b, ex,
        std::string("reference to non-uniform built-in value \"") + b + "\"", Mode::Seed,
        [b](SlotContext& c) {
          return builtinValueRow(c, Stage::Compute, {}, {std::string("built-in ") + b});
        });
  for (const char* b : {"position", "front_facing", "sample_index", "sample_mask"})
    add(std::string("nonuniform-builtin-") + b, ex,
        std::string("reference to non-uniform built-in value \"") + b + "\"", Mode::Seed,
        [b](SlotContext& c) {
          return builtinValueRow(c, Stage::Fragment, {}, {std::string("built-in ") + b});
        });
  add("nonuniform-builtin-vertex", ex,
      "reference to non-uniform built-in value \"vertex_index\", \"instance_index\"", Mode::Seed,
      vertexRow, "",
      "no built-in function that requires uniform control flow exists in the vertex stage "
      "(barriers are compute-only, derivatives and textureSample fragment-only)");
  add("read-only-variable", ex, "reference to read-only module-scope variable \"x\"", Mode::Seed,
      [](SlotContext& c) {
        return builtinValueRow(
            c, drawStage(c.rng),
            {"uniform buffer", "storage buffer, read", "textureDimensions", "arrayLength"}, {});
      });
  add("non-read-only-variable", ex, "reference to non-read-only module-scope variable \"x\"",
      Mode::Seed, [](SlotContext& c) {
        return builtinValueRow(c, drawStage(c.rng), {},
                               {"storage buffer, read_write", "private variable",
                                "workgroup variable", "workgroup atomic"});
      });
  add("unary", ex, "op e, where op is a unary operator", Mode::Seed, unaryRow);
  add("member", ex, "e.field", Mode::Seed, memberRow);
  add("binary-left", ex, "e1 op e2, where op is a non-short-circuiting binary operator (V1)",
      Mode::Seed, [](SlotContext& c) { return binaryRow(c, true); });
  add("binary-right", ex, "e1 op e2, where op is a non-short-circuiting binary operator (V2)",
      Mode::Seed, [](SlotContext& c) { return binaryRow(c, false); });
  add("index-base", ex, "e1[e2] (V1)", Mode::Seed,
      [](SlotContext& c) { return indexRow(c, false); });
  add("index-index", ex, "e1[e2] (V2)", Mode::Seed,
      [](SlotContext& c) { return indexRow(c, true); });
  add("lvalue-variable", ex,
      "LValue: reference to function-scope variable, creation-time constant, let-declaration, or "
      "parameter \"x\"",
      Mode::Seed, [](SlotContext& c) { return lvalueRow(c, 0); });
  add("lvalue-module", ex, "LValue: reference to module-scope variable \"x\"", Mode::Seed,
      [](SlotContext& c) { return lvalueRow(c, 1); });
  add("lvalue-member", ex, "LValue: e.field", Mode::Seed,
      [](SlotContext& c) { return lvalueRow(c, 2); });
  add("lvalue-index", ex, "LValue: e1[e2]", Mode::Seed,
      [](SlotContext& c) { return lvalueRow(c, 3); });
  for (const char* b : {"workgroupBarrier", "storageBarrier", "dpdx", "dpdxCoarse", "dpdxFine",
                        "dpdy", "dpdyCoarse", "dpdyFine", "fwidth", "fwidthCoarse", "fwidthFine",
                        "textureSample", "textureSampleBias", "textureSampleCompare"})
    add(std::string("builtin-") + b, calls, std::string("'") + b + "': CallSiteRequiredToBeUniform",
        Mode::Seed, [b](SlotContext& c) { return builtinSinkRow(c, b); });
  add("builtin-return-value", calls, "derivatives and textureSample*: ReturnValueMayBeNonUniform",
      Mode::Seed, derivativeResultRow);
  add("arrayLength", calls, "arrayLength: ParameterNoRestriction", Mode::Seed, arrayLengthRow);
  add("builtin-default", calls,
      "most built-in functions: ParameterRequiredToBeUniformForReturnValue", Mode::Seed,
      defaultBuiltinRow);
  add("builtin-default-sampling", calls,
      "most built-in functions: CallSiteNoRestriction (textureSampleLevel)", Mode::Seed,
      sampleLevelRow);
  add("call-site-required", fun, "CallSiteRequiredToBeUniform", Mode::Seed, callSiteRequiredRow);
  add("call-site-no-restriction", fun, "CallSiteNoRestriction", Mode::Seed, callSiteEditRow);
  add("subsequent", fun, "SubsequentControlFlowMayBeNonUniform", Mode::Seed,
      [](SlotContext& c) { return functionTagRow(c, 0); });
  add("return-value-tag", fun, "ReturnValueMayBeNonUniform", Mode::Seed,
      [](SlotContext& c) { return functionTagRow(c, 1); });
  add("no-restriction", fun, "NoRestriction", Mode::Seed,
      [](SlotContext& c) { return functionTagRow(c, 2); });
  add("parameter-required", fun, "ParameterRequiredToBeUniform", Mode::Seed,
      [](SlotContext& c) { return parameterTagRow(c, 0); });
  add("parameter-subsequent", fun, "ParameterRequiredToBeUniformForSubsequentControlFlow",
      Mode::Seed, [](SlotContext& c) { return parameterTagRow(c, 1); });
  add("parameter-return", fun, "ParameterRequiredToBeUniformForReturnValue", Mode::Seed,
      [](SlotContext& c) { return parameterTagRow(c, 2); });
  add("parameter-no-restriction", fun, "ParameterNoRestriction", Mode::Seed,
      [](SlotContext& c) { return parameterTagRow(c, 3); });
  add("U1", ex, "U1: reference to a user-defined input (@location)", Mode::Hole, holeU1);
  add("U2", st, "U2: *p = e through a pointer parameter", Mode::Hole, holeU2);
  add("U4", fun, "U4: falling off the end of a function", Mode::Hole, holeU4);
  add("U5", st, "U5: if, switch, &&, || with behavior {Next} return CF", Mode::Hole, holeU5);
  add("U9", ex, "U9: entry-point structures that hold built-in values", Mode::Hole, holeU9);
  add("U13", st, "U13: break if e", Mode::Hole, holeU13);
  add("U3", st, "U3: the node of a var", Mode::Seed, readingU3);
  add("U6", ex, "U6: LValue *e", Mode::Seed, readingU6);
  add("U7-compound", st, "U7: compound assignment", Mode::Seed,
      [](SlotContext& c) { return readingU7(c, false); });
  add("U7-increment", st, "U7: x++", Mode::Seed, [](SlotContext& c) { return readingU7(c, true); });
  add("U8", ex, "U8: type constructors and bitcast", Mode::Seed, readingU8);
  add("U11", calls, "U11: atomics through pointer parameters", Mode::Seed, readingU11);
  add("U12", fun, "U12: one function tag", Mode::Seed, readingU12);
  return rows;
}

class UniformityFamily final : public Family {
 public:
  UniformityFamily() : rows_(makeRows()) {
    for (const Row& r : rows_) table_.push_back(r.rule);
  }
  std::string_view name() const override { return "uniformity"; }
  std::string_view description() const override {
    return "the uniformity analysis: every row of the statement, call and expression tables, "
           "every tag, the uniform built-in values, and the seed's holes U1-U13 against "
           "--strict-uniformity";
  }
  const std::vector<RuleRow>& rows() const override { return table_; }
  std::string revisionSupport(const Revision& r) const override {
    return seedOnly(r,
                    "the seed's uniformity analysis (in 2026 returns reconverge, variables "
                    "have per-statement values and diagnostic filters apply: delta 5)");
  }

  SlotDrafts draft(SlotContext& ctx) const override {
    const Row& row = rows_[ctx.slot % rows_.size()];
    SlotDrafts out;
    Template t = row.make(ctx);
    // Rows outside the holes are drawn in either analysis: the verdict is the solver's for the
    // analysis the case names (options.strictUniformity).
    Mode mode = row.mode;
    if (mode == Mode::Seed && ctx.rng.chance(35)) mode = Mode::Strict;
    if (!row.rule.noInvalid.empty()) return oneSided(ctx, row, t, mode);
    std::string failure;
    std::optional<Solution> s = solveTemplate(ctx, t, mode, failure);
    if (!s) {
      out.failure = failure;
      return out;
    }
    Draft valid, invalid;
    nameTwins(valid, invalid, row.rule, ctx.slot);
    bool strict = mode != Mode::Seed;
    Rendered rv = render(t.program, s->valid), ri = render(t.program, s->invalid);
    fill(valid, t, rv, *s, strict);
    fill(invalid, t, ri, *s, strict);
    invalid.intended.anchors = {"uniformity-function"};
    invalid.intended.stage = "check";
    if (s->violated) invalid.intended.line = ri.lines.at(s->violated);
    out.drafts.push_back(std::move(valid));
    out.drafts.push_back(std::move(invalid));
    if (mode == Mode::Hole) {
      // The seed's reading of the invalid twin: accepted (the hole).
      Draft seed;
      seed.c.rule.side = Side::Valid;
      nameSingle(seed, row.rule, ctx.slot, "seed");
      fill(seed, t, ri, *s, false);
      seed.intended.verdict = Side::Valid;
      seed.c.twin = out.drafts[1].c.name;
      seed.c.description =
          "the seed's analysis accepts the program that --strict-uniformity "
          "rejects (docs/ambiguities.md " +
          row.rule.id.substr(11) + ")";
      out.drafts.push_back(std::move(seed));
    }
    return out;
  }

 private:
  static void fill(Draft& d, const Template& t, const Rendered& r, const Solution& s, bool strict) {
    d.c.kind = CaseKind::Validation;
    d.c.wgsl = r.wgsl;
    d.c.options.strictUniformity = strict;
    d.c.description = t.description;
    d.c.derivation = s.derivation;
    d.c.derivation["stage"] = t.stage;
  }

  SlotDrafts oneSided(SlotContext& ctx, const Row& row, const Template& t, Mode mode) const {
    // A row without an invalid side: the solver confirms the valid reading (no path from
    // RequiredToBeUniform to MayBeNonUniform) of the only program.
    SlotDrafts out;
    z3::context& z = ctx.solver.ctx();
    z3::solver s = ctx.solver.solver("QF_LIA");
    std::string e;
    Behaviors b = computeBehaviors(t.program, 0, e);
    InstanceTerms in = encodeInstance(z, s, t.program, b, {0, mode != Mode::Seed, false, {}, "V"});
    s.add(!in.rejected);
    SolveResult r = ctx.solver.check(s);
    if (r != SolveResult::Sat || !e.empty() || !in.error.empty()) {
      out.failure = !e.empty() ? e : !in.error.empty() ? in.error : solveResultName(r);
      return out;
    }
    Draft d;
    d.c.rule.side = Side::Valid;
    nameSingle(d, row.rule, ctx.slot);
    Rendered rv = render(t.program, Picks{{}, 0});
    Solution sol;
    sol.derivation = {{"analysis", mode == Mode::Seed ? "seed" : "strict"},
                      {"constraint", "no path RequiredToBeUniform -> MayBeNonUniform"}};
    fill(d, t, rv, sol, mode != Mode::Seed);
    d.intended.verdict = Side::Valid;
    out.drafts.push_back(std::move(d));
    return out;
  }

  std::vector<Row> rows_;
  std::vector<RuleRow> table_;
};

}  // namespace
}  // namespace uniformity_family

std::unique_ptr<Family> makeUniformityFamily() {
  return std::make_unique<uniformity_family::UniformityFamily>();
}

}  // namespace plumb::gen::wgsl
