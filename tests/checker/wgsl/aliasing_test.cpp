// Aliasing memory views (#function-aliasing, wgsl-2022-06-07.bs l.7521-7590): the seed's
// dynamic error found statically and reported as a warning, and the 2026 spec's
// shader-creation error (wgsl-2026-08-19.bs #aliasing l.8899-8934) that checkAliasing reports
// with asErrors (docs/ambiguities.md X1).
//
// Each test is a pair (or more) of modules that differ minimally: one with aliased root
// identifiers and a write, one without. `analyze` gives the lines of the seed-mode warnings
// (from check()) and of the 2026-mode errors (checkAliasing with asErrors on the same module).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "check_util.h"
#include "checker/wgsl/analyses.h"
#include "test_data.h"

namespace plumb {
namespace {

using Lines = std::vector<uint32_t>;

struct Verdict {
  bool valid = false;  // check() reported no error
  Lines warnings;      // seed mode: lines of the function-aliasing warnings
  Lines strictErrors;  // 2026 rule: lines of the function-aliasing errors
  std::string text;    // everything rendered, for failure messages
};

Lines linesOf(const DiagnosticList& list, Severity severity) {
  Lines out;
  for (const Diagnostic& d : list.all())
    if (d.severity == severity && d.rule == "function-aliasing")
      out.push_back(d.file->position(d.span.begin).line);
  return out;
}

Verdict analyze(const std::string& source) {
  auto r = testing::checkSource(source);
  Verdict v;
  v.valid = r->valid();
  v.text = r->text();
  v.warnings = linesOf(r->diagnostics, Severity::Warning);
  if (!r->checked || !v.valid) return v;
  DiagnosticList strict;
  checkAliasing(*r->checked, strict, true);
  v.strictErrors = linesOf(strict, Severity::Error);
  for (const Diagnostic& d : strict.all()) v.text += "[2026] " + renderText(d);
  return v;
}

// `text` with each `{name}` replaced by its value.
std::string substitute(std::string text,
                       const std::vector<std::pair<std::string, std::string>>& values) {
  for (const auto& [name, value] : values) {
    std::string key = "{" + name + "}";
    for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at))
      text.replace(at, key.size(), value);
  }
  return text;
}

// A callee with two pointer parameters, used as `useP` and `useQ` say, called with `args`
// from a function that has `var a` and `var b` (#function-aliasing: "more than one aliased
// root identifiers access the same memory locations, and at least one access is a write").
// The call is on line 8.
std::string twoPointers(const std::string& useP, const std::string& useQ, const std::string& args) {
  return substitute(
      "fn callee(p : ptr<function, i32>, q : ptr<function, i32>) {\n"  // 1
      "  {useP}\n"                                                     // 2
      "  {useQ}\n"                                                     // 3
      "}\n"                                                            // 4
      "fn caller() {\n"                                                // 5
      "  var a : i32;\n"                                               // 6
      "  var b : i32;\n"                                               // 7
      "  callee({args});\n"                                            // 8
      "}\n",
      {{"useP", useP}, {"useQ", useQ}, {"args", args}});
}

// ----------------------------------------------------------------------- the spec examples

// The two examples of #function-aliasing (tests/data/spec-examples/078.wgsl and 079.wgsl),
// with `var x` given the private address space its pointers name: as written they are
// invalid in the seed (module-scope var without an address space, docs/ambiguities.md S19).
std::string specExample(int number) {
  char name[16];
  std::snprintf(name, sizeof name, "/%03d.wgsl", number);
  std::string text = testing::readFile(std::string(PLUMB_TEST_DATA_DIR) + "/spec-examples" + name);
  std::string from = "var x : i32 = 0;";
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos);
  if (at != std::string::npos) text.replace(at, from.size(), "var<private> x : i32 = 0;");
  return text;
}

// "Aliased memory views": bar(&x, &x) makes p, q and x aliases; bar writes through p and q and
// reads x. Two warnings at the call (line 4): p and q, and p and x.
TEST(FunctionAliasing, SpecExampleAliasedMemoryViews) {
  Verdict v = analyze(specExample(78));
  EXPECT_TRUE(v.valid) << v.text;
  EXPECT_EQ(v.warnings, (Lines{4, 4})) << v.text;
  EXPECT_EQ(v.strictErrors, (Lines{4, 4})) << v.text;
}

// "Aliasing in a helper function": bar reads x and passes p to baz, which writes it; bar(&x)
// makes p an alias of x.
TEST(FunctionAliasing, SpecExampleAliasingInAHelperFunction) {
  Verdict v = analyze(specExample(79));
  EXPECT_TRUE(v.valid) << v.text;
  EXPECT_EQ(v.warnings, (Lines{17})) << v.text;
  EXPECT_EQ(v.strictErrors, (Lines{17})) << v.text;
}

// The warning names the rule, points at the argument, and its notes follow the write into baz
// and point at the read of x.
TEST(FunctionAliasing, TheWarningExplainsTheAccesses) {
  auto r = testing::checkSource(specExample(79));
  ASSERT_TRUE(r->valid()) << r->text();
  ASSERT_EQ(r->diagnostics.all().size(), 1u) << r->text();
  const Diagnostic& d = r->diagnostics.all()[0];
  EXPECT_EQ(d.severity, Severity::Warning);
  EXPECT_EQ(d.rule, "function-aliasing");
  EXPECT_EQ(r->module->text(d.span), "&x");
  EXPECT_NE(d.message.find("dynamic error"), std::string::npos) << d.message;
  std::vector<std::string> notes;
  for (const DiagnosticNote& n : d.notes)
    notes.push_back(std::to_string(r->file->position(n.span.begin).line) + " " +
                    std::string(r->module->text(n.span)));
  EXPECT_EQ(notes, (std::vector<std::string>{"12 p", "4 *p", "11 x"})) << r->text();
  EXPECT_NE(renderText(d).find("warning: "), std::string::npos);
}

// The 2026 example "Alias analysis" (wgsl-2026-08-19.bs l.8936-8978), with `let a = f6(&x);`
// written `f6(&x);` (f6 returns nothing). f3 and f8's first call are invalid, f5 and f8's
// second call valid. In seed mode f3's call warns too; f5's and f7's do not.
TEST(FunctionAliasing, The2026Example) {
  Verdict v = analyze(
      "var<private> x : i32 = 0;\n"                                         // 1
      "fn f1(p1 : ptr<function, i32>, p2 : ptr<function, i32>) {\n"         // 2
      "  *p1 = *p2;\n"                                                      // 3
      "}\n"                                                                 // 4
      "fn f2(p1 : ptr<function, i32>, p2 : ptr<function, i32>) {\n"         // 5
      "  f1(p1, p2);\n"                                                     // 6
      "}\n"                                                                 // 7
      "fn f3() {\n"                                                         // 8
      "  var a : i32 = 0;\n"                                                // 9
      "  f2(&a, &a);  // Invalid.\n"                                        // 10
      "}\n"                                                                 // 11
      "fn f4(p1 : ptr<function, i32>, p2 : ptr<function, i32>) -> i32 {\n"  // 12
      "  return *p1 + *p2;\n"                                               // 13
      "}\n"                                                                 // 14
      "fn f5() {\n"                                                         // 15
      "  var a : i32 = 0;\n"                                                // 16
      "  let b = f4(&a, &a); // Valid.\n"                                   // 17
      "}\n"                                                                 // 18
      "fn f6(p : ptr<private, i32>) {\n"                                    // 19
      "  x = *p;\n"                                                         // 20
      "}\n"                                                                 // 21
      "fn f7(p : ptr<private, i32>) -> i32 {\n"                             // 22
      "  return x + *p;\n"                                                  // 23
      "}\n"                                                                 // 24
      "fn f8() {\n"                                                         // 25
      "  f6(&x); // Invalid.\n"                                             // 26
      "  let b = f7(&x); // Valid.\n"                                       // 27
      "}\n");
  EXPECT_TRUE(v.valid) << v.text;
  EXPECT_EQ(v.warnings, (Lines{10, 26})) << v.text;
  EXPECT_EQ(v.strictErrors, (Lines{10, 26})) << v.text;
}

// -------------------------------------------------------- two pointer parameters, one root

TEST(FunctionAliasing, ReadAndReadDoNotConflict) {
  Verdict v = analyze(twoPointers("let r = *p;", "let s = *q;", "&a, &a"));
  EXPECT_TRUE(v.valid) << v.text;
  EXPECT_EQ(v.warnings, Lines{}) << v.text;
  EXPECT_EQ(v.strictErrors, Lines{}) << v.text;
}

TEST(FunctionAliasing, ReadAndWriteConflict) {
  Verdict v = analyze(twoPointers("let r = *p;", "*q = 1;", "&a, &a"));
  EXPECT_TRUE(v.valid) << v.text;
  EXPECT_EQ(v.warnings, Lines{8}) << v.text;
  EXPECT_EQ(v.strictErrors, Lines{8}) << v.text;
}

TEST(FunctionAliasing, WriteAndWriteConflict) {
  Verdict v = analyze(twoPointers("*p = 2;", "*q = 1;", "&a, &a"));
  EXPECT_EQ(v.warnings, Lines{8}) << v.text;
  EXPECT_EQ(v.strictErrors, Lines{8}) << v.text;
}

TEST(FunctionAliasing, DistinctVariablesDoNotAlias) {
  Verdict v = analyze(twoPointers("*p = 2;", "*q = 1;", "&a, &b"));
  EXPECT_EQ(v.warnings, Lines{}) << v.text;
  EXPECT_EQ(v.strictErrors, Lines{}) << v.text;
}

// Where the two modes differ: q is never accessed. The seed's dynamic error needs both root
// identifiers to access the memory; the 2026 rule needs only "either corresponding parameter
// is in the written parameter set".
TEST(FunctionAliasing, AWriteAndNoAccessDifferBetweenTheModes) {
  Verdict v = analyze(twoPointers("*p = 2;", "let r = &*q;", "&a, &a"));
  EXPECT_TRUE(v.valid) << v.text;
  EXPECT_EQ(v.warnings, Lines{}) << v.text;
  EXPECT_EQ(v.strictErrors, Lines{8}) << v.text;
}

// Compound assignment and increment are writes (#memory-operation; #compound-assignment-sec).
TEST(FunctionAliasing, CompoundAssignmentAndIncrementWrite) {
  EXPECT_EQ(analyze(twoPointers("*p += 1;", "let r = *q;", "&a, &a")).warnings, Lines{8});
  EXPECT_EQ(analyze(twoPointers("(*p)++;", "let r = *q;", "&a, &a")).warnings, Lines{8});
  EXPECT_EQ(analyze(twoPointers("(*p)--;", "let r = *q;", "&a, &a")).warnings, Lines{8});
  // The right-hand side of a compound assignment is only read.
  EXPECT_EQ(analyze(twoPointers("var t : i32; t += *p;", "let r = *q;", "&a, &a")).warnings,
            Lines{});
}

// Let-bound pointers have the root identifier of their initializer (#root-ident-sec).
TEST(FunctionAliasing, LetBoundPointersKeepTheirRootIdentifier) {
  EXPECT_EQ(analyze(twoPointers("let pp = p; let ppp = &(*pp); *ppp = 1;", "let r = *q;", "&a, &a"))
                .warnings,
            Lines{8});
  EXPECT_EQ(
      analyze(twoPointers("var l : i32; let pp = &l; *pp = 1;", "let r = *q;", "&a, &a")).warnings,
      Lines{});
}

// Within one function, several names for one variable are one root identifier: no aliasing
// (and a let-bound pointer to a module-scope variable is that variable).
TEST(FunctionAliasing, OneRootIdentifierUnderSeveralNames) {
  Verdict v = analyze(
      "var<private> g : i32;\n"
      "fn f() {\n"
      "  var v : i32;\n"
      "  let p1 = &v;\n"
      "  let p2 = &v;\n"
      "  *p1 = 42;\n"
      "  *p2 = *p1;\n"
      "  let pg = &g;\n"
      "  *pg = g;\n"
      "}\n");
  EXPECT_TRUE(v.valid) << v.text;
  EXPECT_EQ(v.warnings, Lines{}) << v.text;
  EXPECT_EQ(v.strictErrors, Lines{}) << v.text;
}

// Members and components of a pointed-to structure are memory views with the parameter's root
// identifier; a multi-component swizzle reads the vector.
TEST(FunctionAliasing, MembersComponentsAndSwizzles) {
  std::string prefix =
      "struct S { v : vec4<f32>, a : array<f32, 4> }\n"             // 1
      "fn callee(p : ptr<function, S>, q : ptr<function, S>) {\n";  // 2
  std::string suffix =
      "}\n"
      "fn caller() {\n"
      "  var s : S;\n"
      "  callee(&s, &s);\n"  // 8
      "}\n";
  EXPECT_EQ(analyze(prefix + "  (*p).a[1] = 1.0;\n  let r = (*q).v.x;\n" + suffix).warnings,
            Lines{8});
  EXPECT_EQ(analyze(prefix + "  (*p).v.y = 1.0;\n  let r = (*q).v.xy;\n" + suffix).warnings,
            Lines{8});
  EXPECT_EQ(analyze(prefix + "  let w = &(*p).v;\n  let r = (*q).v.xy;\n" + suffix).warnings,
            Lines{});
}

// The same parameter passed twice has one root identifier whatever its originating variable.
TEST(FunctionAliasing, OneParameterPassedTwice) {
  std::string callee =
      "fn g(p : ptr<function, i32>, q : ptr<function, i32>) {\n"  // 1
      "  *p = *q;\n"                                              // 2
      "}\n";                                                      // 3
  Verdict v = analyze(callee +
                      "fn f(r : ptr<function, i32>, s : ptr<function, i32>) {\n"
                      "  g(r, r);\n"  // 5
                      "}\n");
  EXPECT_EQ(v.warnings, Lines{5}) << v.text;
  v = analyze(callee +
              "fn f(r : ptr<function, i32>, s : ptr<function, i32>) {\n"
              "  g(r, s);\n"
              "}\n");
  EXPECT_EQ(v.warnings, Lines{}) << v.text;
}

// Aliasing passed through a function's parameters to the function that accesses them is
// reported where the pointers get the same root identifier, with the chain of calls.
TEST(FunctionAliasing, ThroughAChainOfCalls) {
  std::string module =
      "fn leaf(p : ptr<function, i32>, q : ptr<function, i32>) {\n"    // 1
      "  *p = *q + 1;\n"                                               // 2
      "}\n"                                                            // 3
      "fn middle(r : ptr<function, i32>, s : ptr<function, i32>) {\n"  // 4
      "  leaf(r, s);\n"                                                // 5
      "}\n"                                                            // 6
      "fn top() {\n"                                                   // 7
      "  var a : i32;\n"                                               // 8
      "  var b : i32;\n"                                               // 9
      "  middle(&a, ARG);\n"                                           // 10
      "}\n";
  std::string aliased = module, distinct = module;
  aliased.replace(aliased.find("ARG"), 3, "&a");
  distinct.replace(distinct.find("ARG"), 3, "&b");
  auto r = testing::checkSource(aliased);
  ASSERT_TRUE(r->valid()) << r->text();
  ASSERT_EQ(r->diagnostics.all().size(), 1u) << r->text();
  const Diagnostic& d = r->diagnostics.all()[0];
  EXPECT_EQ(r->file->position(d.span.begin).line, 10u);
  std::vector<std::string> notes;
  for (const DiagnosticNote& n : d.notes)
    notes.push_back(std::to_string(r->file->position(n.span.begin).line) + " " +
                    std::string(r->module->text(n.span)));
  EXPECT_EQ(notes, (std::vector<std::string>{"10 &a", "5 r", "2 *p", "5 s", "2 *q"})) << r->text();
  EXPECT_EQ(analyze(distinct).warnings, Lines{});
}

// ------------------------------------------- a pointer parameter and a module-scope variable

// A callee with a pointer parameter in `space` and the body `body`, called with `arg` on
// line 7.
std::string pointerAndModuleVariable(const std::string& space, const std::string& body,
                                     const std::string& arg) {
  return substitute(
      "var<{space}> x : i32;\n"               // 1
      "var<{space}> y : i32;\n"               // 2
      "fn callee(p : ptr<{space}, i32>) {\n"  // 3
      "  {body}\n"                            // 4
      "}\n"                                   // 5
      "fn caller() {\n"                       // 6
      "  callee({arg});\n"                    // 7
      "}\n",
      {{"space", space}, {"body", body}, {"arg", arg}});
}

TEST(FunctionAliasing, ModuleVariableReadAndParameterWritten) {
  for (std::string space : {"private", "workgroup"}) {
    SCOPED_TRACE(space);
    EXPECT_EQ(analyze(pointerAndModuleVariable(space, "*p = x;", "&x")).warnings, Lines{7});
    EXPECT_EQ(analyze(pointerAndModuleVariable(space, "*p = x;", "&x")).strictErrors, Lines{7});
    EXPECT_EQ(analyze(pointerAndModuleVariable(space, "*p = x;", "&y")).warnings, Lines{});
    EXPECT_EQ(analyze(pointerAndModuleVariable(space, "*p = y;", "&x")).warnings, Lines{});
  }
}

TEST(FunctionAliasing, ModuleVariableWrittenAndParameterRead) {
  Verdict v = analyze(pointerAndModuleVariable("private", "x = *p;", "&x"));
  EXPECT_EQ(v.warnings, Lines{7}) << v.text;
  EXPECT_EQ(v.strictErrors, Lines{7}) << v.text;
  v = analyze(pointerAndModuleVariable("private", "x = 1; let r = &*p;", "&x"));
  EXPECT_EQ(v.warnings, Lines{}) << v.text;  // p is not accessed
  EXPECT_EQ(v.strictErrors, Lines{}) << v.text;
}

TEST(FunctionAliasing, ModuleVariableAndParameterBothRead) {
  Verdict v = analyze(pointerAndModuleVariable("private", "let r = x + *p;", "&x"));
  EXPECT_EQ(v.warnings, Lines{}) << v.text;
  EXPECT_EQ(v.strictErrors, Lines{}) << v.text;
}

// The callee's callees count: "written in functions called from this function" (2026), "This
// aliasing restriction applies to memory locations written by function calls made in the
// function" (seed).
TEST(FunctionAliasing, ModuleVariableAccessedInACallee) {
  std::string module =
      "var<private> x : i32;\n"                         // 1
      "fn readsX() -> i32 { return x; }\n"              // 2
      "fn writes(p : ptr<private, i32>) { *p = 1; }\n"  // 3
      "fn callee(p : ptr<private, i32>) {\n"            // 4
      "  writes(p);\n"                                  // 5
      "  let r = READ;\n"                               // 6
      "}\n"                                             // 7
      "fn caller() {\n"                                 // 8
      "  callee(&x);\n"                                 // 9
      "}\n";
  std::string viaCallee = module, notAtAll = module;
  viaCallee.replace(viaCallee.find("READ"), 4, "readsX()");
  notAtAll.replace(notAtAll.find("READ"), 4, "1");
  Verdict v = analyze(viaCallee);
  EXPECT_EQ(v.warnings, Lines{9}) << v.text;
  EXPECT_EQ(v.strictErrors, Lines{9}) << v.text;
  v = analyze(notAtAll);
  EXPECT_EQ(v.warnings, Lines{}) << v.text;
}

// A module-scope variable that the callee passes by address to its own callee is accessed by
// the callee (Tint's and the 2026 rule's propagation of argument accesses to the caller).
TEST(FunctionAliasing, ModuleVariablePassedOnByAddress) {
  Verdict v = analyze(
      "var<private> x : i32;\n"                                               // 1
      "fn both(p : ptr<private, i32>, q : ptr<private, i32>) { *p = *q; }\n"  // 2
      "fn callee(s : ptr<private, i32>) {\n"                                  // 3
      "  both(s, &x);\n"                                                      // 4
      "}\n"                                                                   // 5
      "fn caller() {\n"                                                       // 6
      "  callee(&x);\n"                                                       // 7
      "}\n");
  EXPECT_TRUE(v.valid) << v.text;
  EXPECT_EQ(v.warnings, Lines{7}) << v.text;
  EXPECT_EQ(v.strictErrors, Lines{7}) << v.text;
}

// #memory-operation: atomicLoad reads, atomicStore writes, read-modify-write atomics do both.
TEST(FunctionAliasing, AtomicBuiltinsAccessTheirPointer) {
  std::string module =
      "var<workgroup> c : atomic<i32>;\n"               // 1
      "fn callee(p : ptr<workgroup, atomic<i32>>) {\n"  // 2
      "  let r = USE;\n"                                // 3
      "  let s = atomicLoad(&c);\n"                     // 4
      "}\n"                                             // 5
      "@compute @workgroup_size(1) fn main() {\n"       // 6
      "  callee(&c);\n"                                 // 7
      "}\n";
  auto with = [&](const std::string& use) {
    std::string s = module;
    s.replace(s.find("USE"), 3, use);
    return analyze(s);
  };
  EXPECT_EQ(with("atomicAdd(p, 1)").warnings, Lines{7});
  EXPECT_EQ(with("atomicExchange(p, 1)").warnings, Lines{7});
  EXPECT_EQ(with("atomicCompareExchangeWeak(p, 1, 2).old_value").warnings, Lines{7});
  EXPECT_EQ(with("atomicLoad(p)").warnings, Lines{});
  EXPECT_EQ(with("atomicLoad(p)").strictErrors, Lines{});
}

// ------------------------------------------------------------------------ the check's verdict

// Warnings do not make a module invalid; the 2026 rule's diagnostics are errors.
TEST(FunctionAliasing, WarningsDoNotRejectTheModule) {
  auto r = testing::checkSource(twoPointers("*p = 1;", "*q = 2;", "&a, &a"));
  EXPECT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(r->rules(), std::vector<std::string>{});
  ASSERT_EQ(r->diagnostics.all().size(), 1u);
  EXPECT_EQ(r->diagnostics.all()[0].severity, Severity::Warning);
  DiagnosticList strict;
  checkAliasing(*r->checked, strict, true);
  EXPECT_TRUE(strict.hasErrors());
}

// Bounded output: at most 100 aliasing diagnostics, then one note that counts the rest.
TEST(FunctionAliasing, ManyAliasedCallsAreCounted) {
  std::string s =
      "fn g(p : ptr<function, i32>, q : ptr<function, i32>) { *p = *q; }\n"
      "fn f() {\n  var a : i32;\n";
  for (int i = 0; i < 150; ++i) s += "  g(&a, &a);\n";
  s += "}\n";
  auto r = testing::checkSource(s);
  ASSERT_TRUE(r->valid()) << r->text();
  ASSERT_EQ(r->diagnostics.all().size(), 101u);
  EXPECT_EQ(r->diagnostics.all().back().severity, Severity::Note);
  EXPECT_NE(r->diagnostics.all().back().message.find("50 more"), std::string::npos);
}

// A long chain of functions, each passing its parameter on and the address of its own
// module-scope variable to a reader: the module-scope sets grow along the chain (the analysis
// keeps them as bit sets, by blocks of 1024 variables, so this stays fast). The first call in
// top aliases p with v1, which step1 reads; the second passes a variable nobody reads.
TEST(FunctionAliasing, ALongChainWithManyModuleVariables) {
  const int n = 3000;
  std::string s =
      "fn g(q : ptr<private, i32>) { let r = *q; }\n"   // 1
      "fn step0(p : ptr<private, i32>) { *p = 1; }\n";  // 2
  for (int i = 1; i < n; ++i) {
    std::string k = std::to_string(i), prev = std::to_string(i - 1);
    s += "var<private> v" + k + " : i32;\n";
    s += "fn step" + k + "(p : ptr<private, i32>) { step" + prev + "(p); g(&v" + k + "); }\n";
  }
  std::string last = "step" + std::to_string(n - 1);
  s += "var<private> w : i32;\n";  // 2n + 1
  s += "fn top() {\n";             // 2n + 2
  s += "  " + last + "(&v1);\n";   // 2n + 3
  s += "  " + last + "(&w);\n";    // 2n + 4
  s += "}\n";
  Verdict v = analyze(s);
  ASSERT_TRUE(v.valid) << v.text.substr(0, 2000);
  EXPECT_EQ(v.warnings, Lines{2 * n + 3}) << v.text.substr(0, 2000);
  EXPECT_EQ(v.strictErrors, Lines{2 * n + 3}) << v.text.substr(0, 2000);
}

}  // namespace
}  // namespace plumb
