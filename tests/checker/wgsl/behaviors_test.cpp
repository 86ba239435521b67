// Statement behavior analysis (#behaviors, wgsl-2022-06-07.bs l.6857-7303), with the desugarings
// of #for-statement (l.6444-6538) and #while-statement (l.6540-6562).
//
// For every row of the two rule tables, every desugaring and every error condition of the
// section: a pair of modules that differ in one place (a `$` in a template, replaced by two
// alternatives), one accepted and one rejected with rule "behaviors-rules" and a diagnostic that
// names the table row (its `algorithm` name in the .bs) that gave the statement its behavior.
// Beside each pair, the behaviors the analysis computed (CheckedModule::statementBehaviors,
// expressionBehaviors, functionBehaviors) for a representative statement or expression.
// The seed's gaps are docs/ambiguities.md B1-B6; where another section's rule rejects first
// (B4) or rejects what the behavior rules accept (B6), the pair names that rule.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "check_util.h"

namespace plumb {
namespace {

using testing::CheckResult;
using testing::checkSource;

// Module-scope declarations the programs below use. Behaviors of the functions (#behaviors:
// "a function behavior is always one of {}, {Next}, {Discard}, or {Next, Discard}"):
//   nd {Next}  sd {Next, Discard}  d {Discard}  gn/bn/sn {Next}  gd/bd/sdd {Next, Discard}.
const std::string kPrelude =
    "var<private> c: bool;\n"
    "var<private> v: i32;\n"
    "var<private> a: array<i32, 4>;\n"
    "struct S { m: i32 }\n"
    "fn nd() { }\n"
    "fn sd() { if c { discard; } }\n"
    "fn d() { discard; }\n"
    "fn gn() -> i32 { return 1; }\n"
    "fn gd() -> i32 { if c { discard; } return 1; }\n"
    "fn bn() -> bool { return true; }\n"
    "fn bd() -> bool { if c { discard; } return true; }\n"
    "fn sn() -> S { return S(1); }\n"
    "fn sdd() -> S { if c { discard; } return S(1); }\n"
    "fn takes(x: i32) { }\n";

/// A compute entry point with `body` (its behavior must not contain Discard).
std::string compute(const std::string& body) {
  return kPrelude + "@compute @workgroup_size(1)\nfn main() {\n" + body + "\n}\n";
}
/// A function with a return type and `body` (its body's behavior must be {Return} or
/// {Return, Discard}).
std::string returning(const std::string& body) {
  return kPrelude + "fn f() -> i32 {\n" + body + "\n}\n";
}
/// A function without a return type.
std::string plain(const std::string& body) {
  return kPrelude + "fn f() {\n" + body + "\n}\n";
}

std::string replaceDollar(std::string text, const std::string& with) {
  size_t at = text.find('$');
  EXPECT_NE(at, std::string::npos) << text;
  if (at != std::string::npos) text.replace(at, 1, with);
  return text;
}

/// The messages and notes of the error diagnostics (without the rendered source lines).
std::string prose(const CheckResult& r) {
  std::string out;
  for (const Diagnostic& d : r.diagnostics.all()) {
    if (d.severity != Severity::Error) continue;
    out += d.message + "\n";
    for (const DiagnosticNote& n : d.notes) out += "  note: " + n.message + "\n";
  }
  return out;
}

/// `program` with `$` replaced by `ok` is valid; with `$` replaced by `bad` it is rejected with
/// exactly the errors `rules`, and the diagnostics' prose mentions each of `mentions`.
void expectPair(const std::string& program, const std::string& ok, const std::string& bad,
                std::vector<std::string> mentions,
                std::vector<std::string> rules = {"behaviors-rules"}) {
  std::string good = replaceDollar(program, ok), wrong = replaceDollar(program, bad);
  auto g = checkSource(good);
  EXPECT_TRUE(g->valid()) << "expected valid:\n" << good << "\n" << g->text();
  auto w = checkSource(wrong);
  EXPECT_EQ(w->rules(), rules) << "expected rejected:\n" << wrong << "\n" << w->text();
  std::string p = prose(*w);
  for (const std::string& m : mentions)
    EXPECT_NE(p.find(m), std::string::npos) << "the diagnostic does not mention '" << m << "':\n"
                                            << w->text() << "\n"
                                            << wrong;
}

/// Where the program after kPrelude starts (0 for other programs).
size_t programStart(const CheckResult& r) {
  std::string_view text = r.file->text();
  return text.size() > kPrelude.size() && text.substr(0, kPrelude.size()) == kPrelude
             ? kPrelude.size()
             : 0;
}

/// The behavior of the outermost statement that starts at the first occurrence of `at` in the
/// source after kPrelude (statements nest; e.g. the `if` of an `else if` starts inside the
/// outer `if`).
std::string statementBehavior(const CheckResult& r, std::string_view at) {
  if (!r.checked) return "not checked";
  std::string_view text = r.file->text();
  size_t offset = text.find(at, programStart(r));
  if (offset == std::string_view::npos) return "no such text";
  const ast::Module& m = *r.module;
  int best = -1;
  for (uint32_t i = 0; i < m.statements.size(); ++i) {
    Span s = m[ast::StatementId{i}].span;
    if (s.begin != offset) continue;
    if (best < 0 || s.size() > m[ast::StatementId{uint32_t(best)}].span.size()) best = int(i);
  }
  if (best < 0) return "no statement";
  return behaviorText(r.checked->statementBehaviors[best]);
}

/// The behavior of the expression whose source text is exactly `text` (the first one after
/// kPrelude).
std::string expressionBehavior(const CheckResult& r, std::string_view text) {
  if (!r.checked) return "not checked";
  const ast::Module& m = *r.module;
  int best = -1;
  for (uint32_t i = 0; i < m.expressions.size(); ++i) {
    Span s = m[ast::ExpressionId{i}].span;
    if (m.text(s) != text || s.begin < programStart(r)) continue;
    if (best < 0 || s.begin < m[ast::ExpressionId{uint32_t(best)}].span.begin) best = int(i);
  }
  if (best < 0) return "no expression";
  return behaviorText(r.checked->expressionBehaviors[best]);
}

/// The behavior of the function `name`.
std::string functionBehavior(const CheckResult& r, std::string_view name) {
  if (!r.checked) return "not checked";
  const ModuleDeclaration* d = r.declaration(name);
  if (!d) return "no function";
  return behaviorText(r.checked->functionBehaviors[d - r.checked->declarations.data()]);
}

/// Checks `source`, expecting it to be valid.
std::unique_ptr<CheckResult> valid(const std::string& source) {
  auto r = checkSource(source);
  EXPECT_TRUE(r->valid()) << source << "\n" << r->text();
  return r;
}

// ------------------------------------------------------------------------------------------
// The prelude's functions: "We assign a behavior to each function: it is its body's behavior
// ..., with any Return replaced by Next."

TEST(BehaviorFunctions, PreludeFunctionBehaviors) {
  auto r = valid(kPrelude);
  EXPECT_EQ(functionBehavior(*r, "nd"), "{Next}");
  EXPECT_EQ(functionBehavior(*r, "sd"), "{Discard, Next}");
  EXPECT_EQ(functionBehavior(*r, "d"), "{Discard}");
  EXPECT_EQ(functionBehavior(*r, "gn"), "{Next}");
  EXPECT_EQ(functionBehavior(*r, "gd"), "{Discard, Next}");
  EXPECT_EQ(functionBehavior(*r, "sdd"), "{Discard, Next}");
  // The bodies, before Return is replaced.
  EXPECT_EQ(statementBehavior(*r, "{ if c { discard; } return 1; }"), "{Return, Discard}");
  EXPECT_EQ(statementBehavior(*r, "{ return 1; }"), "{Return}");
}

TEST(BehaviorFunctions, CalleesAreAnalyzedBeforeCallersWhateverTheSourceOrder) {
  // "This analysis can be run in linear time, by analyzing the call-graph bottom-up".
  auto r = checkSource(
      "@compute @workgroup_size(1) fn main() { later(); }\n"
      "fn later() { discard; }\n");
  EXPECT_EQ(r->rules(), std::vector<std::string>{"behaviors-rules"}) << r->text();
  auto ok = valid("@fragment fn main() { later(); }\nfn later() { discard; }\n");
  EXPECT_EQ(functionBehavior(*ok, "main"), "{Discard}");
}

TEST(BehaviorFunctions, BehaviorTextListsTheElementsInTheSpecsOrder) {
  EXPECT_EQ(behaviorText(0), "{}");
  EXPECT_EQ(behaviorText(kNext | kReturn), "{Return, Next}");
  EXPECT_EQ(behaviorText(kNext | kFallthrough | kContinue | kBreak | kDiscard | kReturn),
            "{Return, Discard, Break, Continue, Fallthrough, Next}");
}

// ------------------------------------------------------------------------------------------
// "Rules for analyzing and validating the behaviors of statements": one test per row.

TEST(BehaviorStatementRows, EmptyStatement) {
  // *empty statement*: {Next}.
  expectPair(kPrelude + "fn f()$ { ; }\n", "", " -> i32", {"empty statement"});
  auto r = valid(plain("v = 1; ;"));
  EXPECT_EQ(statementBehavior(*r, "v = 1"), "{Next}");
  EXPECT_EQ(statementBehavior(*r, ";\n}"), "{Next}");
}

TEST(BehaviorStatementRows, BracedStatement) {
  // {s}: B, where s: B.
  expectPair(compute("{ $(); }"), "nd", "sd",
             {"braced statement behavior", "function call statement behavior"});
  auto r = valid(returning("{ v = 1; return 1; }"));
  EXPECT_EQ(statementBehavior(*r, "{ v = 1;"), "{Return}");
}

TEST(BehaviorStatementRows, StatementSequenceWithNext) {
  // s1 s2 with Next in B1: (B1 \ {Next}) ∪ B2.
  expectPair(compute("$();\nreturn;"), "nd", "sd", {"statement sequence behavior with next"});
  auto r = valid(returning("sd(); return 1;"));
  EXPECT_EQ(functionBehavior(*r, "f"), "{Discard, Next}");
  EXPECT_EQ(statementBehavior(*r, "{\nsd(); return 1;"), "{Return, Discard}");
}

TEST(BehaviorStatementRows, StatementSequenceWithoutNext) {
  // s1 s2 with Next not in B1: B1 (s2 is still analyzed: "statically unreachable code").
  expectPair(returning("$; return 1;"), "sd()", "discard",
             {"statement sequence behavior without next"});
  auto r = valid(returning("return 1; v = 2; discard;"));
  EXPECT_EQ(statementBehavior(*r, "{\nreturn 1;"), "{Return}");
  EXPECT_EQ(statementBehavior(*r, "v = 2;"), "{Next}");
  EXPECT_EQ(statementBehavior(*r, "discard;\n}"), "{Discard}");
  // Unreachable statements must still be valid by these rules (#behaviors: "Behavior analysis
  // must be able to determine a non-empty behavior for each statement").
  expectPair(plain("return;\nloop { $ }"), "break;", "",
             {"loop with continuing without break behavior"});
}

TEST(BehaviorStatementRows, VariableDeclaration) {
  // var x: T; : {Next}.
  expectPair(kPrelude + "fn f()$ { var x: i32; }\n", "", " -> i32",
             {"variable declaration behavior"});
  auto r = valid(plain("var x: i32;"));
  EXPECT_EQ(statementBehavior(*r, "var x: i32"), "{Next}");
}

TEST(BehaviorStatementRows, LetDeclaration) {
  // let x = e; : B, where e: B.
  expectPair(compute("let x = $();"), "gn", "gd",
             {"let declaration behavior", "function call behavior"});
  auto r = valid(plain("let x = gd();"));
  EXPECT_EQ(statementBehavior(*r, "let x"), "{Discard, Next}");
  EXPECT_EQ(expressionBehavior(*r, "gd()"), "{Discard, Next}");
}

TEST(BehaviorStatementRows, InitializedVariableDeclaration) {
  // var x = e; : B, where e: B.
  expectPair(compute("var x = $();"), "gn", "gd", {"initialized variable declaration behavior"});
  expectPair(compute("var x: i32 = $();"), "gn", "gd",
             {"initialized variable declaration behavior"});
  auto r = valid(plain("var x = gd();"));
  EXPECT_EQ(statementBehavior(*r, "var x"), "{Discard, Next}");
}

TEST(BehaviorStatementRows, Assignment) {
  // x = e; : B1 ∪ B2, where x: B1 and e: B2.
  expectPair(compute("v = $();"), "gn", "gd", {"assignment behavior"});
  expectPair(compute("a[$()] = 1;"), "gn", "gd",
             {"assignment behavior", "array-like index expression behavior"});
  auto r = valid(plain("a[gd()] = 1; v = gn();"));
  EXPECT_EQ(statementBehavior(*r, "a[gd()] = 1"), "{Discard, Next}");
  EXPECT_EQ(statementBehavior(*r, "v = gn()"), "{Next}");
}

TEST(BehaviorStatementRows, PhonyAssignment) {
  // _ = e; : B, where e: B.
  expectPair(compute("_ = $();"), "gn", "gd", {"phony assignment behavior"});
  auto r = valid(plain("_ = gd();"));
  EXPECT_EQ(statementBehavior(*r, "_ = gd()"), "{Discard, Next}");
}

TEST(BehaviorStatementRows, FunctionCallStatement) {
  // f(e1, ..., en); : B ∪ ((B1 ∪ ... ∪ Bn) \ {Next}), where f has behavior B.
  expectPair(compute("$();"), "nd", "sd",
             {"function call statement behavior", "'sd' has behavior {Discard, Next}"});
  expectPair(compute("takes($());"), "gn", "gd",
             {"function call statement behavior", "function call behavior"});
  auto r = valid(plain("takes(gd()); nd(); sd();"));
  EXPECT_EQ(statementBehavior(*r, "takes(gd())"), "{Discard, Next}");
  EXPECT_EQ(statementBehavior(*r, "nd()"), "{Next}");
  EXPECT_EQ(statementBehavior(*r, "sd()"), "{Discard, Next}");
  // A function with behavior {Discard} gives the statement {Discard}: what follows is unreachable.
  auto u = valid(plain("d(); v = 1;"));
  EXPECT_EQ(statementBehavior(*u, "d()"), "{Discard}");
  EXPECT_EQ(functionBehavior(*u, "f"), "{Discard}");
  // A built-in function has behavior {Next} (#behaviors: "Each built-in function has a behavior
  // of {Next}"); a call statement of one still takes its arguments' behaviors.
  expectPair(compute("workgroupBarrier(); storageBarrier(); _ = max($(), 1);"), "gn", "gd",
             {"phony assignment behavior", "function call behavior"});
}

TEST(BehaviorStatementRows, Return) {
  // return; : {Return}. A continuing statement must not have Return in its behavior.
  expectPair(plain("loop {\n  continuing {\n    if c { $; }\n    break if c;\n  }\n}"), "",
             "return", {"return behaviour", "continuing"});
  auto r = valid(plain("return;"));
  EXPECT_EQ(statementBehavior(*r, "return;"), "{Return}");
}

TEST(BehaviorStatementRows, ReturnValue) {
  // return e; : (B \ {Next}) ∪ {Return}, where e: B.
  expectPair(kPrelude +
                 "@vertex fn main() -> @builtin(position) vec4<f32> {\n"
                 "  return vec4<f32>(f32($()));\n}\n",
             "gn", "gd", {"return value behavior", "vertex"});
  auto r = valid(returning("return gd();"));
  EXPECT_EQ(statementBehavior(*r, "return gd()"), "{Return, Discard}");
  EXPECT_EQ(functionBehavior(*r, "f"), "{Discard, Next}");
}

TEST(BehaviorStatementRows, Discard) {
  // discard; : {Discard}.
  expectPair(compute("if c { $; }"), "return", "discard", {"discard behaviour", "compute"});
  auto r = valid(plain("discard;"));
  EXPECT_EQ(statementBehavior(*r, "discard;"), "{Discard}");
}

TEST(BehaviorStatementRows, Break) {
  // break; : {Break}; the loop turns Break into Next, which a function with a return type
  // must not have.
  expectPair(returning("loop {\n  if c { $; }\n  return 1;\n}"), "continue", "break",
             {"break behavior", "loop with continuing with break behavior"});
  auto r = valid(plain("loop { break; }"));
  EXPECT_EQ(statementBehavior(*r, "break;"), "{Break}");
  EXPECT_EQ(statementBehavior(*r, "loop"), "{Next}");
}

TEST(BehaviorStatementRows, BreakIf) {
  // break if e; : B ∪ {Break}, where e: B (revision delta item 36: OLD error, NEW ok).
  expectPair(returning("loop {\n  return 1;\n  continuing { $ }\n}"), "", "break if true;",
             {"break if behavior", "loop with continuing with break behavior"});
  expectPair(plain("loop {\n  continuing { break if $(); }\n}"), "bn", "bd",
             {"break if behavior", "continuing"});
  auto r = valid(plain("loop { continuing { break if bn(); } }"));
  EXPECT_EQ(statementBehavior(*r, "break if"), "{Break, Next}");
  EXPECT_EQ(statementBehavior(*r, "loop"), "{Next}");
  // The behaviors are computed even where a precondition fails.
  auto d = checkSource(plain("loop { continuing { break if bd(); } }"));
  EXPECT_FALSE(d->valid());
  EXPECT_EQ(statementBehavior(*d, "break if"), "{Discard, Break, Next}");
  EXPECT_EQ(statementBehavior(*d, "continuing"), "{Discard, Break, Next}");
}

TEST(BehaviorStatementRows, Continue) {
  // continue; : {Continue}; the loop absorbs Continue.
  expectPair(plain("loop { $; }"), "break", "continue",
             {"continue behavior", "loop with continuing without break behavior"});
  auto r = valid(plain("loop { if c { break; } continue; }"));
  EXPECT_EQ(statementBehavior(*r, "continue;"), "{Continue}");
  EXPECT_EQ(statementBehavior(*r, "if c { break; }"), "{Break, Next}");
  EXPECT_EQ(statementBehavior(*r, "loop"), "{Next}");
}

TEST(BehaviorStatementRows, Fallthrough) {
  // fallthrough; : {Fallthrough}; the switch removes Fallthrough.
  expectPair(returning("switch v {\n  case 0 { $; }\n  default { return 2; }\n}"), "fallthrough",
             "", {"switch behavior", "empty statement"});
  auto r = valid(returning("switch v {\n  case 0 { fallthrough; }\n  default { return 2; }\n}"));
  EXPECT_EQ(statementBehavior(*r, "fallthrough;"), "{Fallthrough}");
  EXPECT_EQ(statementBehavior(*r, "{ fallthrough; }"), "{Fallthrough}");
  EXPECT_EQ(statementBehavior(*r, "switch"), "{Return}");
}

TEST(BehaviorStatementRows, If) {
  // if e s1 else s2 : (B \ {Next}) ∪ B1 ∪ B2.
  expectPair(compute("if $() { } else { }"), "bn", "bd", {"if statement behavior"});
  expectPair(returning("if c { return 1; } else { $ }"), "return 2;", "v = 2;",
             {"if statement behavior", "assignment behavior"});
  auto r = valid(plain("if bd() { return; } else { v = 1; }"));
  EXPECT_EQ(statementBehavior(*r, "if bd()"), "{Return, Discard, Next}");
}

TEST(BehaviorStatementRows, LoopWithContinuingWithoutBreak) {
  // loop {s1 continuing {s2}} without Break: (B1 ∪ B2) \ {Continue, Next}.
  expectPair(plain("loop {\n  if c { $; }\n}"), "return", "continue",
             {"loop with continuing without break behavior", "{}"});
  auto r = valid(plain("loop { if c { return; } continuing { v = 1; } }"));
  EXPECT_EQ(statementBehavior(*r, "loop"), "{Return}");
  EXPECT_EQ(statementBehavior(*r, "continuing"), "{Next}");
}

TEST(BehaviorStatementRows, LoopWithContinuingWithBreak) {
  // loop {s1 continuing {s2}} with Break: (B1 ∪ B2 ∪ {Next}) \ {Break, Continue}.
  expectPair(returning("loop {\n  if c { return 1; }\n  $;\n}"), "continue", "break",
             {"loop with continuing with break behavior"});
  auto r = valid(plain("loop { if c { break; } if c { return; } continuing { v = 1; } }"));
  EXPECT_EQ(statementBehavior(*r, "loop"), "{Return, Next}");
}

TEST(BehaviorStatementRows, Switch) {
  // switch e {case c1: s1 ... case cn: sn} without Break:
  // ((B \ {Next}) ∪ B1 ∪ ... ∪ Bn) \ {Fallthrough}.
  expectPair(compute("switch $() { default { } }"), "gn", "gd", {"switch behavior"});
  expectPair(returning("switch v {\n  default { return 1; }\n  case 1 { $ }\n}"), "return 2;",
             "v = 2;", {"switch behavior", "assignment behavior"});
  auto r = valid(plain("switch gd() { case 1 { fallthrough; } default { return; } }"));
  EXPECT_EQ(statementBehavior(*r, "switch"), "{Return, Discard}");
  // The case selectors are creation-time expressions: {Next}.
  EXPECT_EQ(expressionBehavior(*r, "1"), "{Next}");
}

TEST(BehaviorStatementRows, SwitchWithBreak) {
  // ... with Break: (B ∪ B1 ∪ ... ∪ Bn ∪ {Next}) \ {Break, Fallthrough}.
  expectPair(returning("switch v {\n  default { $; }\n}"), "return 1", "break",
             {"switch with break behavior", "break behavior"});
  auto r = valid(plain("switch v { case 1 { break; } default { return; } }"));
  EXPECT_EQ(statementBehavior(*r, "switch"), "{Return, Next}");
}

TEST(BehaviorStatementRows, BreakInASwitchInALoopLeavesTheSwitch) {
  // #break-statement: break exits "the nearest-enclosing loop or switch statement", and the
  // switch row turns Break into Next, so the loop has no Break and is obviously infinite
  // (docs/ambiguities.md B5).
  expectPair(plain("loop {\n  switch v { default { $; } }\n}"), "return", "break",
             {"switch with break behavior", "loop with continuing without break behavior"});
  auto r = valid(plain("loop { switch v { default { break; } } if c { break; } }"));
  EXPECT_EQ(statementBehavior(*r, "switch"), "{Next}");
  EXPECT_EQ(statementBehavior(*r, "loop"), "{Next}");
}

// ------------------------------------------------------------------------------------------
// "Rules for analyzing and validating the behaviors of expressions": one test per row. In a
// valid module every expression's behavior contains Next (#behaviors, Note), so the rows are
// told apart by Discard: gd() is {Next, Discard}.

TEST(BehaviorExpressionRows, FunctionCall) {
  // f(e1, ..., en): B ∪ ((B1 ∪ ... ∪ Bn) \ {Next}), where f has behavior B.
  expectPair(compute("let x = $();"), "gn", "gd",
             {"function call behavior", "'gd' has behavior {Discard, Next}"});
  expectPair(compute("let x = max($(), 1);"), "gn", "gd", {"function call behavior"});
  auto r = valid(plain("let x = max(gd(), gn());"));
  EXPECT_EQ(expressionBehavior(*r, "max(gd(), gn())"), "{Discard, Next}");
  EXPECT_EQ(expressionBehavior(*r, "gn()"), "{Next}");
}

TEST(BehaviorExpressionRows, Literal) {
  // Any literal: {Next}.
  expectPair(compute("let x = $;"), "1", "gd()", {"function call behavior"});
  auto r = valid(plain("let x = 1; let y = true; let z = 1.5f;"));
  EXPECT_EQ(expressionBehavior(*r, "1"), "{Next}");
  EXPECT_EQ(expressionBehavior(*r, "true"), "{Next}");
  EXPECT_EQ(expressionBehavior(*r, "1.5f"), "{Next}");
}

TEST(BehaviorExpressionRows, VariableReference) {
  // Any variable reference: {Next}.
  expectPair(compute("let x = $;"), "v", "gd()", {"function call behavior"});
  auto r = valid(plain("var w = 1; let x = w + v;"));
  EXPECT_EQ(expressionBehavior(*r, "w"), "{Next}");
  EXPECT_EQ(expressionBehavior(*r, "v"), "{Next}");
}

TEST(BehaviorExpressionRows, ArrayLikeIndex) {
  // e1[e2]: B1 ∪ B2.
  expectPair(compute("let x = a[$()];"), "gn", "gd", {"array-like index expression behavior"});
  auto r = valid(plain("let x = a[gd()];"));
  EXPECT_EQ(expressionBehavior(*r, "a[gd()]"), "{Discard, Next}");
}

TEST(BehaviorExpressionRows, StructureMember) {
  // e.field: B.
  expectPair(compute("let x = $().m;"), "sn", "sdd", {"structure member expression behavior"});
  auto r = valid(plain("let x = sdd().m;"));
  EXPECT_EQ(expressionBehavior(*r, "sdd().m"), "{Discard, Next}");
}

TEST(BehaviorExpressionRows, ShortCircuitingOr) {
  // e1 || e2: B1 ∪ B2.
  expectPair(compute("let x = c || $();"), "bn", "bd", {"short-circuiting or expression behavior"});
  auto r = valid(plain("let x = c || bd();"));
  EXPECT_EQ(expressionBehavior(*r, "c || bd()"), "{Discard, Next}");
}

TEST(BehaviorExpressionRows, ShortCircuitingAnd) {
  // e1 && e2: B1 ∪ B2.
  expectPair(compute("let x = c && $();"), "bn", "bd",
             {"short-circuiting and expression behavior"});
  auto r = valid(plain("let x = bd() && c;"));
  EXPECT_EQ(expressionBehavior(*r, "bd() && c"), "{Discard, Next}");
}

TEST(BehaviorExpressionRows, OtherOperatorApplicationsAreCallsOfABehaviorNextFunction) {
  // "each operator application not listed in the table above has the same behavior as if it
  // were a function call with the same operands and with a function's behavior of {Next}";
  // type constructors, bitcast and parentheses have no row (docs/ambiguities.md B3).
  expectPair(compute("let x = 1 + $();"), "gn", "gd", {"operator"});
  expectPair(compute("let x = -$();"), "gn", "gd", {"operator"});
  expectPair(compute("let x = bitcast<u32>($());"), "gn", "gd", {"bitcast"});
  expectPair(compute("let x = vec2<i32>($());"), "gn", "gd", {"type constructor"});
  expectPair(compute("let x = ($());"), "gn", "gd", {"parenthesized"});
  auto r =
      valid(plain("let x = -(gd() + 1); let y = vec2<i32>(gd()).x; let z = bitcast<f32>(gd()); "
                  "let w = S(gd()); let u = !bd(); let p = &a; let q = (*p)[gd()];"));
  for (const char* e :
       {"gd() + 1", "(gd() + 1)", "-(gd() + 1)", "vec2<i32>(gd())", "vec2<i32>(gd()).x",
        "bitcast<f32>(gd())", "S(gd())", "!bd()", "(*p)[gd()]"})
    EXPECT_EQ(expressionBehavior(*r, e), "{Discard, Next}") << e;
  for (const char* e : {"&a", "*p", "(*p)"}) EXPECT_EQ(expressionBehavior(*r, e), "{Next}") << e;
}

// ------------------------------------------------------------------------------------------
// "For the purpose of this analysis:" the desugarings.

TEST(BehaviorDesugaring, ForLoop) {
  // #for-statement: `for (init; cond; update) {body}` is
  // `{ init; loop { if !(cond) { break; } body continuing { update } } }`: the conditional
  // break adds Next (#behaviors-examples, "A continue at the end of a loop body").
  expectPair(returning("for (; $; ) { return 1; }"), "", "c", {"for statement"});
  auto r = valid(plain("for (var i: i32 = 0; i < 5; i++) { continue; }"));
  EXPECT_EQ(statementBehavior(*r, "for"), "{Next}");
  EXPECT_EQ(statementBehavior(*r, "continue;"), "{Continue}");
  // Without a condition there is no conditional break: `for (;;) {return 1;}` is {Return}.
  auto n = valid(returning("for (;;) { return 1; }"));
  EXPECT_EQ(statementBehavior(*n, "for"), "{Return}");
  // The initializer is a statement before the loop; the condition is the `if`'s condition; the
  // update is the continuing statement.
  expectPair(compute("for (var i = $(); i < 4; i++) { }"), "gn", "gd", {"for statement"});
  expectPair(compute("for (; $(); ) { }"), "bn", "bd", {"for statement"});
  expectPair(plain("for (; c; $()) { }"), "nd", "sd", {"continuing"});
  auto d = valid(plain("for (sd(); bd(); ) { }"));
  EXPECT_EQ(statementBehavior(*d, "for"), "{Discard, Next}");
  // An initializer that cannot complete: the rest of the desugared sequence is unreachable,
  // but must still be valid: the loop of `for (d(); ; ) { }` is obviously infinite.
  auto u = valid(plain("for (d(); c; ) { }"));
  EXPECT_EQ(statementBehavior(*u, "for"), "{Discard}");
  expectPair(plain("for (d(); $; ) { }"), "c", "", {"empty behavior", "for statement"});
}

TEST(BehaviorDesugaring, WhileLoop) {
  // #while-statement: `while cond {body}` is `loop { if !cond {break;} body }`: its behavior
  // has Next even when the body cannot complete, and `while true` is not special.
  expectPair(returning("$ { return 1; }"), "loop", "while true", {"while statement"});
  auto r = valid(plain("while c { return; }"));
  EXPECT_EQ(statementBehavior(*r, "while"), "{Return, Next}");
  expectPair(compute("while $() { }"), "bn", "bd", {"while statement"});
}

TEST(BehaviorDesugaring, LoopWithoutContinuing) {
  // `loop {s}` is treated as `loop {s continuing {}}`.
  expectPair(returning("loop {\n  return 1;\n  $\n}"), "continuing { }",
             "continuing { break if c; }", {"loop with continuing with break behavior"});
  auto r = valid(returning("loop { return 1; }"));
  EXPECT_EQ(statementBehavior(*r, "loop"), "{Return}");
}

TEST(BehaviorDesugaring, IfWithoutElse) {
  // "if statements without an else branch are treated as if they had an empty else branch
  // (which adds Next to their behavior)".
  expectPair(returning("if c { return 1; } $"), "else { return 2; }", "",
             {"without an else branch"});
  auto r = valid(plain("if c { return; }"));
  EXPECT_EQ(statementBehavior(*r, "if"), "{Return, Next}");
}

TEST(BehaviorDesugaring, ElseIf) {
  // "if statements with else if branches are treated as if they were nested simple if/else".
  expectPair(returning("if c { return 1; } else if c { return 2; } $"), "else { return 3; }", "",
             {"without an else branch", "if statement behavior"});
  auto r = valid(plain("loop { if c { break; } else if v == 42 { continue; } else { return; } }"));
  EXPECT_EQ(statementBehavior(*r, "if c"), "{Return, Break, Continue}");
  EXPECT_EQ(statementBehavior(*r, "if v == 42"), "{Return, Continue}");
  EXPECT_EQ(statementBehavior(*r, "loop"), "{Return, Next}");
}

TEST(BehaviorDesugaring, DefaultClauseIsACaseClause) {
  // "a switch_body starting with default behaves just like a switch_body starting with case _:"
  // wherever it is; fallthrough into the clause after it is absorbed as from any case.
  auto r = valid(returning("switch v {\n  default { fallthrough; }\n  case 1 { return 1; }\n}"));
  EXPECT_EQ(statementBehavior(*r, "switch"), "{Return}");
  // As the last clause, a default clause must not have Fallthrough; that is already
  // #switch-statement's syntactic rule (docs/ambiguities.md B4).
  expectPair(returning("switch v {\n  $\n}"), "default { fallthrough; }\n  case 1 { return 1; }",
             "case 1 { return 1; }\n  default { fallthrough; }", {"last clause"},
             {"switch-statement"});
}

// ------------------------------------------------------------------------------------------
// The errors (#behaviors-notes: "the full list of ways that these rules can cause a program to
// be rejected").

TEST(BehaviorErrors, FunctionWithReturnTypeMustHaveBodyReturnOrReturnDiscard) {
  // "If the function has a return type, the behavior of its body must be one of {Return} or
  // {Return, Discard}."
  expectPair(returning("if c { return 1; } $"), "return 2;", "", {"{Return, Next}", "return type"});
  expectPair(returning("if c { discard; }\n$"), "return 1;", "", {"{Discard, Next}"});
  // {Discard} alone (revision delta item 34: OLD error, NEW ok).
  expectPair(
      kPrelude +
          "@fragment fn main() -> @location(0) vec4<f32> {\n  $;\n  return vec4<f32>();\n}\n",
      "sd()", "discard", {"{Discard}", "discard behaviour"});
  auto r = valid(returning("if c { discard; } return 1;"));
  EXPECT_EQ(statementBehavior(*r, "{\nif c"), "{Return, Discard}");
  // The spec's example "return required in functions that have a return type".
  auto m = checkSource(
      "fn missing_return () -> i32 {\n  var a: i32 = 0;\n  if a == 42 {\n    return a;\n  }\n}\n");
  EXPECT_EQ(m->rules(), std::vector<std::string>{"behaviors-rules"}) << m->text();
}

TEST(BehaviorErrors, FunctionWithoutReturnTypeBreakContinueFallthroughAreCaughtEarlier) {
  // "Otherwise, the behavior of its body must be a subset of {Next, Return, Discard}": Break,
  // Continue and Fallthrough out of place are already rejected by #break-statement,
  // #continue-statement and the grammar (case_compound_statement), so the behavior rule is
  // never the first to fire (docs/ambiguities.md B4).
  auto b = checkSource(plain("if c { break; }"));
  EXPECT_EQ(b->rules(), std::vector<std::string>{"break-statement"}) << b->text();
  auto k = checkSource(plain("if c { continue; }"));
  EXPECT_EQ(k->rules(), std::vector<std::string>{"continue-statement"}) << k->text();
  auto f = checkSource(plain("if c { fallthrough; }"));
  EXPECT_FALSE(f->valid());
  auto ok = valid(plain("if c { return; } if c { discard; }"));
  EXPECT_EQ(statementBehavior(*ok, "{\nif c"), "{Return, Discard, Next}");
  EXPECT_EQ(functionBehavior(*ok, "f"), "{Discard, Next}");
}

TEST(BehaviorErrors, ContinuingMustNotHaveContinueReturnOrDiscard) {
  // "None of {Continue, Return, Discard} are in B2" (both loop rows).
  expectPair(plain("loop {\n  continuing {\n    if c { $; }\n    break if c;\n  }\n}"), "v = 1",
             "return", {"continuing", "{Return, Next}"});
  expectPair(plain("loop {\n  continuing {\n    if c { $; }\n    break if c;\n  }\n}"), "v = 1",
             "discard", {"continuing", "discard behaviour"});
  // Discard through a function call (#continuing-statement: "nor through function calls").
  expectPair(plain("loop {\n  continuing {\n    $();\n    break if c;\n  }\n}"), "nd", "sd",
             {"continuing", "'sd' has behavior {Discard, Next}"});
  // ... at any depth of calls.
  expectPair(kPrelude + "fn h() { $(); }\nfn g() { loop { continuing { h(); break if c; } } }\n",
             "nd", "sd", {"continuing", "'h' has behavior {Discard, Next}"});
  // Revision delta item 35: `loop { continuing { discard; break if true; } }`.
  auto r = checkSource(kPrelude +
                       "@fragment fn main() { loop { continuing { discard; break if true; } } }\n");
  EXPECT_EQ(r->rules(), std::vector<std::string>{"behaviors-rules"}) << r->text();
  // Continue in a continuing statement is #continue-statement's error first (B4); in a loop
  // inside the continuing statement it is that loop's.
  auto k = checkSource(plain("loop { continuing { if c { continue; } break if c; } }"));
  EXPECT_EQ(k->rules(), std::vector<std::string>{"continue-statement"}) << k->text();
  auto inner =
      valid(plain("loop { continuing { loop { if c { continue; } break; } break if c; } }"));
  EXPECT_EQ(statementBehavior(*inner, "continuing"), "{Break, Next}");
  // Return or Discard that cannot be reached is not in B2, but #continuing-statement's own
  // rules are about what the statement contains "at any compound statement nesting level nor
  // through function calls" (docs/ambiguities.md B6).
  auto unreachable =
      checkSource(plain("loop { continuing { loop { break; return; } break if c; } }"));
  EXPECT_EQ(statementBehavior(*unreachable, "continuing"), "{Break, Next}");
  expectPair(plain("loop {\n  continuing {\n    loop { break; $; }\n    break if c;\n  }\n}"),
             "v = 1", "return", {"return statement", "{Break, Next} has no Return"},
             {"continuing-statement"});
  expectPair(plain("loop {\n  continuing {\n    loop { break; $; }\n    break if c;\n  }\n}"),
             "v = 1", "discard", {"discard statement"}, {"continuing-statement"});
  expectPair(
      kPrelude + "fn g() { return; $; }\nfn h() { loop { continuing { g(); break if c; } } }\n",
      "v = 1", "discard", {"call of a function that uses discard", "calls 'g', which uses discard"},
      {"continuing-statement"});
  // A return in a function called from a continuing statement returns from that function.
  valid(kPrelude +
        "fn g() { if c { return; } }\nfn h() { loop { continuing { g(); break if c; } } }\n");
}

TEST(BehaviorErrors, LastSwitchClauseWithFallthrough) {
  // "Fallthrough is not in Bn" (both switch rows). The grammar only allows fallthrough as the
  // last statement of a clause, and #switch-statement forbids it there in the last clause, so
  // this precondition never fires first (docs/ambiguities.md B4), even when unreachable.
  auto early = valid(
      returning("switch v {\n  case 0 { return 1; fallthrough; }\n  default { return 2; }\n}"));
  EXPECT_EQ(statementBehavior(*early, "{ return 1; fallthrough; }"), "{Return}");
  expectPair(returning("switch v {\n  default { return 2; }\n  case 0 { $ }\n}"), "return 1;",
             "fallthrough;", {"last clause"}, {"switch-statement"});
  auto r = checkSource(
      returning("switch v {\n  default { return 2; }\n  case 0 { return 1; fallthrough; }\n}"));
  EXPECT_EQ(r->rules(), std::vector<std::string>{"switch-statement"}) << r->text();
}

TEST(BehaviorErrors, ComputeAndVertexEntryPointsMustNotDiscard) {
  // "The behaviors of compute and vertex entry points must not contain Discard."
  expectPair(kPrelude + "$\nfn main() { if c { discard; } }\n", "@fragment",
             "@compute @workgroup_size(1)", {"compute entry point 'main'", "discard behaviour"});
  expectPair(
      kPrelude +
          "@vertex\nfn main() -> @builtin(position) vec4<f32> { $(); return vec4<f32>(); }\n",
      "nd", "sd", {"vertex entry point 'main'", "'sd' has behavior {Discard, Next}"});
  // Through calls at any depth.
  expectPair(
      kPrelude +
          "fn h() { $(); }\nfn g() { h(); }\n@compute @workgroup_size(1) fn main() { g(); }\n",
      "nd", "sd", {"compute entry point 'main'", "'g' has behavior {Discard, Next}"});
  // #discard-statement: "The discard statement must only be used in a fragment shader stage",
  // also where it cannot be reached, which the behavior does not show (docs/ambiguities.md B6).
  expectPair(kPrelude + "@compute @workgroup_size(1)\nfn main() { return; $; }\n", "v = 1",
             "discard", {"compute entry point 'main' uses one", "the discard statement"},
             {"discard-statement"});
  expectPair(kPrelude +
                 "fn g() { loop { break; $; } }\nfn h() { g(); }\n@compute @workgroup_size(1) fn "
                 "main() { h(); }\n",
             "v = 1", "discard", {"calls 'h', which uses discard", "calls 'g', which uses discard"},
             {"discard-statement"});
  valid(kPrelude + "fn g() { return; discard; }\n@fragment fn main() { g(); }\n");
  // A function that discards and is never called by a compute or vertex entry point is fine.
  auto r = valid(kPrelude + "@compute @workgroup_size(1) fn main() { nd(); }\n");
  EXPECT_EQ(functionBehavior(*r, "main"), "{Next}");
  EXPECT_EQ(functionBehavior(*r, "d"), "{Discard}");
}

TEST(BehaviorErrors, ObviouslyInfiniteLoopsHaveAnEmptyBehavior) {
  // "Behavior analysis must be able to determine a non-empty behavior for each statement".
  expectPair(plain("loop { $ }"), "break;", "",
             {"empty behavior", "loop with continuing without break behavior"});
  expectPair(plain("for (;$;) { }"), "c", "", {"empty behavior", "for statement"});
  expectPair(plain("loop {\n  $\n  continuing { v = 1; }\n}"), "if c { break; }",
             "if c { continue; }", {"empty behavior"});
  // A loop whose exit is a discard is not empty.
  auto r = valid(plain("loop { discard; }"));
  EXPECT_EQ(statementBehavior(*r, "loop"), "{Discard}");
  // `while true` has a conditional break, so it is not "obviously" infinite.
  auto w = valid(plain("while true { }"));
  EXPECT_EQ(statementBehavior(*w, "while"), "{Next}");
}

// ------------------------------------------------------------------------------------------
// Statements the seed's table has no row for (inventory C21; docs/ambiguities.md B1), and
// inventory C22 (docs/ambiguities.md B2).

TEST(BehaviorSeedHoles, ConstDeclarationIsLikeALetDeclaration) {
  expectPair(kPrelude + "fn f()$ { const x = 1; }\n", "", " -> i32", {"const declaration"});
  auto r = valid(plain("const x = 1 + 2;"));
  EXPECT_EQ(statementBehavior(*r, "const x"), "{Next}");
  // The initializer is a creation-time expression, which cannot call a user-defined function,
  // so the behavior is always {Next}.
  auto g = checkSource(plain("const x = gd();"));
  EXPECT_FALSE(g->valid());
  for (const std::string& rule : g->rules()) EXPECT_NE(rule, "behaviors-rules");
}

TEST(BehaviorSeedHoles, CompoundAssignmentIsItsExpansion) {
  // `x op= e` is `x = x op e` with x evaluated once: B1 ∪ B2 ∪ {Next}.
  expectPair(compute("a[$()] += 1;"), "gn", "gd", {"compound assignment"});
  expectPair(compute("v *= $();"), "gn", "gd", {"compound assignment"});
  auto r = valid(plain("a[gd()] += 1; v <<= u32(gn());"));
  EXPECT_EQ(statementBehavior(*r, "a[gd()] +="), "{Discard, Next}");
  EXPECT_EQ(statementBehavior(*r, "v <<="), "{Next}");
  expectPair(kPrelude + "fn f()$ { v += 1; }\n", "", " -> i32", {"compound assignment"});
}

TEST(BehaviorSeedHoles, IncrementAndDecrementAreCompoundAssignmentsOfOne) {
  expectPair(compute("a[$()]++;"), "gn", "gd", {"increment/decrement"});
  expectPair(compute("a[$()]--;"), "gn", "gd", {"increment/decrement"});
  auto r = valid(plain("a[gd()]++; v--;"));
  EXPECT_EQ(statementBehavior(*r, "a[gd()]++"), "{Discard, Next}");
  EXPECT_EQ(statementBehavior(*r, "v--"), "{Next}");
  expectPair(kPrelude + "fn f()$ { v++; }\n", "", " -> i32", {"increment/decrement"});
}

TEST(BehaviorSeedHoles, StaticAssertIsNext) {
  expectPair(kPrelude + "fn f()$ { staticAssert true; }\n", "", " -> i32", {"static assertion"});
  auto r = valid(plain("staticAssert 1 < 2;"));
  EXPECT_EQ(statementBehavior(*r, "staticAssert"), "{Next}");
}

TEST(BehaviorSeedHoles, CallBehaviorIncludesTheCalleesEvenIfAnArgumentCannotComplete) {
  // Inventory C22: f(e1, ..., en) is B ∪ ((B1 ∪ ... ∪ Bn) \ {Next}) with B included even when
  // no Bi has Next. Computed literally; unobservable in a valid module, since an argument is a
  // call of a function with a return type, whose behavior always has Next (#behaviors, Note).
  auto r = valid(plain("takes(gd()); takes(gn());"));
  EXPECT_EQ(expressionBehavior(*r, "takes(gd())"), "{Discard, Next}");
  EXPECT_EQ(expressionBehavior(*r, "gd()"), "{Discard, Next}");
  // A function without a return type (the only kind whose behavior may lack Next) cannot be an
  // argument: a type error, before behavior analysis.
  auto n = checkSource(plain("takes(d());"));
  EXPECT_FALSE(n->valid());
  for (const std::string& rule : n->rules()) EXPECT_NE(rule, "behaviors-rules");
}

// ------------------------------------------------------------------------------------------
// The behaviors the spec's examples (#behaviors-examples) write in their comments.

TEST(BehaviorSpecExamples, CommentsAgree) {
  auto simple =
      checkSource("fn simple() -> i32 {\n  var a: i32;\n  return 0;\n  a = 1;\n  return 2;\n}\n");
  EXPECT_TRUE(simple->valid()) << simple->text();
  EXPECT_EQ(statementBehavior(*simple, "a = 1"), "{Next}");
  EXPECT_EQ(statementBehavior(*simple, "return 2"), "{Return}");
  EXPECT_EQ(functionBehavior(*simple, "simple"), "{Next}");

  auto ifElse = valid(
      "fn if_example() {\n  var a: i32 = 0;\n  loop {\n    if a == 5 {\n      break;\n"
      "    } else {\n      continue;\n    }\n    a = a + 1;\n  }\n}\n");
  EXPECT_EQ(statementBehavior(*ifElse, "if a == 5"), "{Break, Continue}");
  EXPECT_EQ(statementBehavior(*ifElse, "a = a + 1"), "{Next}");

  auto sw = valid(
      "fn switch_example() {\n  var a: i32 = 0;\n  switch a {\n    default: {\n      break;\n"
      "    }\n  }\n  a = 5;\n}\n");
  EXPECT_EQ(statementBehavior(*sw, "switch a"), "{Next}");
  EXPECT_EQ(statementBehavior(*sw, "a = 5"), "{Next}");

  auto cont = valid(
      "fn conditional_continue() {\n  var a: i32;\n  loop {\n    if a == 5 { break; }\n"
      "    if a % 2 == 1 {\n      continue;\n    }\n    a = a * 2;\n"
      "    continuing {\n      a = a + 1;\n    }\n  }\n}\n");
  EXPECT_EQ(statementBehavior(*cont, "if a == 5"), "{Break, Next}");
  EXPECT_EQ(statementBehavior(*cont, "if a % 2"), "{Continue, Next}");
  EXPECT_EQ(statementBehavior(*cont, "loop"), "{Next}");

  auto disc = valid(
      "fn sometimes_discard(a: bool) {\n  if a {\n    discard;\n  }\n}\n"
      "fn code_after_discard() {\n  sometimes_discard(true);\n}\n");
  EXPECT_EQ(functionBehavior(*disc, "sometimes_discard"), "{Discard, Next}");
  EXPECT_EQ(functionBehavior(*disc, "code_after_discard"), "{Discard, Next}");

  auto inf = checkSource("fn invalid_infinite_loop() {\n  loop { }\n}\n");
  EXPECT_EQ(inf->rules(), std::vector<std::string>{"behaviors-rules"}) << inf->text();
}

}  // namespace
}  // namespace plumb
