// The uniformity analysis (wgsl-2022-06-07.bs #uniformity, checker/uniformity*.cpp).
//
// 1. Every row of the tables of #uniformity-statements, #uniformity-function-calls and
//    #uniformity-expressions (rvalue and lvalue): a pair of programs that differ in (ideally)
//    one token, one accepted and one rejected with rule "uniformity-function"; where the row
//    creates a node, the explanation names the row ("[rule: ...]") or the non-uniform source.
// 2. The 9 tags of #uniformity-function on small functions.
// 3. The seed's holes (docs/ambiguities.md U1-U12; wgsl-seed-inventory.md C23-C32): the
//    literal seed verdict and the --strict-uniformity verdict.
// 4. The spec's examples that bear on uniformity.
// 5. The annotation of #uniformity-optional-diagnosis-mode.
// 6. The full text of an explanation; the Graphviz output.
#include <gtest/gtest.h>

#include <optional>
#include <sstream>

#include "check_util.h"
#include "test_data.h"
#include "checker/wgsl/uniformity.h"

namespace plumb {
namespace {

using testing::CheckResult;

// ------------------------------------------------------------------------------- helpers

std::unique_ptr<CheckResult> analyze(const std::string& source, bool strict = false,
                                     bool annotate = false) {
  CheckOptions options;
  options.strictUniformity = strict;
  options.annotateUniformity = annotate;
  options.keepUniformityGraphs = annotate;
  return testing::checkSource(source, options);
}

/// The first uniformity rejection: its message, then each note on its own line.
std::string explanation(const CheckResult& r) {
  for (const Diagnostic& d : r.diagnostics.all()) {
    if (d.rule != "uniformity-function") continue;
    std::string out = d.message;
    for (const DiagnosticNote& n : d.notes) out += "\n  note: " + n.message;
    return out;
  }
  return {};
}

enum class Mode { Both, Seed, Strict };

std::vector<bool> strictnesses(Mode mode) {
  if (mode == Mode::Seed) return {false};
  if (mode == Mode::Strict) return {true};
  return {false, true};
}
const char* modeName(bool strict) { return strict ? "--strict-uniformity" : "seed"; }

void expectAccepted(const std::string& source, Mode mode = Mode::Both) {
  for (bool strict : strictnesses(mode)) {
    auto r = analyze(source, strict);
    EXPECT_TRUE(r->valid()) << "expected accepted (" << modeName(strict) << "):\n"
                            << source << "\n"
                            << r->text();
  }
}

/// Rejected by the uniformity analysis only, and the explanation (message and notes)
/// contains each of `mentions`.
void expectRejected(const std::string& source, const std::vector<std::string>& mentions = {},
                    Mode mode = Mode::Both) {
  for (bool strict : strictnesses(mode)) {
    auto r = analyze(source, strict);
    std::vector<std::string> rules = r->rules();
    EXPECT_FALSE(rules.empty()) << "expected a uniformity rejection (" << modeName(strict)
                                << "):\n"
                                << source;
    for (const std::string& rule : rules)
      EXPECT_EQ(rule, "uniformity-function") << modeName(strict) << ":\n" << source << "\n" << r->text();
    std::string why = explanation(*r);
    for (const std::string& m : mentions)
      EXPECT_NE(why.find(m), std::string::npos)
          << "explanation (" << modeName(strict) << ") does not mention \"" << m << "\":\n"
          << why << "\nprogram:\n"
          << source;
  }
}

std::string substitute(std::string text, const std::string& token) {
  for (size_t at = text.find("@@"); at != std::string::npos; at = text.find("@@", at + token.size()))
    text.replace(at, 2, token);
  return text;
}

/// `program` with every "@@" replaced by `ok` is accepted, by `bad` rejected.
void expectPair(const std::string& program, const std::string& ok, const std::string& bad,
                const std::vector<std::string>& mentions = {}, Mode mode = Mode::Both) {
  expectAccepted(substitute(program, ok), mode);
  expectRejected(substitute(program, bad), mentions, mode);
}

/// Module-scope variables of each kind (#uniformity-expressions): read-only ones (uniform,
/// read-only storage) and non-read-only ones (private, workgroup, read_write storage).
const std::string kComputeDeclarations = R"(
@group(0) @binding(0) var<uniform> uv: u32;
@group(0) @binding(1) var<storage, read> ro: u32;
@group(0) @binding(2) var<storage, read_write> rw: u32;
@group(0) @binding(3) var<storage> rd: u32;
var<private> pv: u32;
var<workgroup> wv: u32;
)";

/// A compute entry point with a uniform (`wid`, workgroup_id) and a non-uniform (`lid`,
/// local_invocation_id) built-in value.
std::string compute(const std::string& body, const std::string& declarations = "") {
  return kComputeDeclarations + declarations +
         "@compute @workgroup_size(64)\n"
         "fn main(@builtin(local_invocation_id) lid: vec3<u32>,\n"
         "        @builtin(workgroup_id) wid: vec3<u32>) {\n" +
         body + "\n}\n";
}

const std::string kFragmentDeclarations = R"(
@group(0) @binding(0) var<uniform> uf: vec4<f32>;
var<private> pf: f32;
@group(1) @binding(0) var t: texture_2d<f32>;
@group(1) @binding(1) var s: sampler;
@group(1) @binding(2) var td: texture_depth_2d;
@group(1) @binding(3) var sc: sampler_comparison;
)";

/// A fragment entry point with a non-uniform built-in value `pos` (position); `uf` is a
/// uniform buffer (read-only, so uniform).
std::string fragment(const std::string& body, const std::string& declarations = "") {
  return kFragmentDeclarations + declarations +
         "@fragment\n"
         "fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {\n" +
         body + "\n  return vec4<f32>(0.0);\n}\n";
}

/// The tags of function `name`.
const FunctionUniformity* tags(const CheckResult& r, std::string_view name) {
  if (!r.checked || !r.checked->uniformity) return nullptr;
  const ModuleDeclaration* d = r.declaration(name);
  if (!d) return nullptr;
  size_t index = static_cast<size_t>(d - r.checked->declarations.data());
  return &r.checked->uniformity->functions.at(index);
}

/// "CallSite, Function; Parameter, ..." with the spec's spellings.
std::string tagText(const CheckResult& r, std::string_view name) {
  const FunctionUniformity* f = tags(r, name);
  if (!f) return "no tags";
  if (!f->analyzed) return "not analyzed";
  std::string out = std::string(spelling(f->callSite)) + ", " + std::string(spelling(f->function));
  for (size_t i = 0; i < f->parameters.size(); ++i)
    out += (i ? ", " : "; ") + std::string(spelling(f->parameters[i]));
  return out;
}

std::string tagsOf(const std::string& source, std::string_view name, bool strict = false) {
  auto r = analyze(source, strict);
  if (!r->valid()) return "error: " + r->text();
  return tagText(*r, name);
}

// =========================================================================== 1. statements
// #uniformity-statements, one test per row (for and while by their desugaring).

// {s}: (CF, s) => CF'; the block's resulting control flow is its last statement's.
TEST(UniformityStatements, CompoundStatementPassesItsControlFlowOn) {
  expectPair(compute("  { if @@.x == 0u { return; } }\n  workgroupBarrier();"), "wid", "lid",
             {"built-in value 'local_invocation_id'"});
}

// s1 s2 with Next in behavior of s1: s2 starts at CF1.
TEST(UniformityStatements, SequenceThreadsControlFlow) {
  expectPair(compute("  if @@.x == 0u { return; }\n  workgroupBarrier();"), "wid", "lid",
             {"control flow after the `if`"});
}

// s1 s2 without Next in behavior of s1: s2 is statically unreachable, not analyzed.
TEST(UniformityStatements, UnreachableStatementIsNotAnalyzed) {
  expectPair(compute("  if lid.x == 0u {\n    @@\n    workgroupBarrier();\n  }"), "return;", ";",
             {"control flow in the `if`"});
}

// if e s1 else s2 with behavior {Next}: the branches start at V; the result is CF.
TEST(UniformityStatements, IfBranchesStartAtTheConditionValue) {
  expectPair(compute("  if @@.x == 0u { workgroupBarrier(); }"), "wid", "lid",
             {"control flow in the `if`", "built-in value 'local_invocation_id'"});
  expectPair(compute("  if @@.x == 0u { } else { workgroupBarrier(); }"), "wid", "lid",
             {"control flow in the `if`"});
  expectPair(compute("  if wid.x == 0u { } else if @@.y == 1u { workgroupBarrier(); }"), "wid",
             "lid", {"control flow in the `if`"});
}

TEST(UniformityStatements, IfWithBehaviorNextReconverges) {
  // One token: the `return` makes the behavior {Next, Return} (the other row).
  expectPair(compute("  if lid.x == 0u { @@ }\n  workgroupBarrier();"), "", "return;",
             {"[rule: if e s1 else s2 with another behavior]"});
}

// if e s1 else s2 with another behavior: CFend -> {CF1, CF2}.
TEST(UniformityStatements, IfWithAnotherBehaviorEndsAtCFend) {
  expectPair(compute("  if @@.x == 0u { return; }\n  workgroupBarrier();"), "wid", "lid",
             {"[rule: if e s1 else s2 with another behavior]"});
  // CFend -> CF2: the else branch.
  expectPair(compute("  if @@.x == 0u { } else { return; }\n  workgroupBarrier();"), "wid", "lid",
             {"[rule: if e s1 else s2 with another behavior]"});
}

// loop {s1 continuing {s2}}: {Next} gives CF, another behavior gives CF'; CF' -> {CF2, CF}.
TEST(UniformityStatements, LoopWithContinuingBehaviorNextReconverges) {
  // `break` makes the loop's behavior {Next}; `return` makes it {Next, Return}.
  expectPair(compute("  loop {\n    if lid.x == 0u { @@; }\n    break;\n    continuing { }\n  }\n"
                     "  workgroupBarrier();"),
             "break", "return", {"[rule: loop {s1 continuing {s2}}]", "control flow in the `loop`"});
}

TEST(UniformityStatements, LoopWithContinuingBackEdgeThroughTheBody) {
  // CF' -> CF2 -> CF1: a non-uniform break at the end makes the next iteration non-uniform.
  expectPair(compute("  loop {\n    workgroupBarrier();\n    if @@.x == 0u { break; }\n"
                     "    continuing { }\n  }"),
             "wid", "lid", {"[rule: loop {s1 continuing {s2}}]"});
}

TEST(UniformityStatements, LoopWithContinuingBackEdgeThroughTheContinuing) {
  // CF' -> CF2 where CF2 is the continuing's control flow: a call of a function tagged
  // SubsequentControlFlowMayBeNonUniform in the continuing.
  std::string helper = "fn g() { if @@ == 0u { return; } }\n";
  expectPair(compute("  loop {\n    workgroupBarrier();\n    continuing {\n      g();\n"
                     "      break if wid.x == 0u;\n    }\n  }",
                     helper),
             "uv", "pv", {"[rule: loop {s1 continuing {s2}}]", "SubsequentControlFlowMayBeNonUniform"});
}

// loop {s1}: the same two rows without continuing.
TEST(UniformityStatements, LoopBehaviorNextReconverges) {
  expectPair(compute("  loop {\n    if lid.x == 0u { @@; }\n    break;\n  }\n  workgroupBarrier();"),
             "break", "return", {"[rule: loop {s1", "control flow in the `loop`"});
}

TEST(UniformityStatements, LoopBackEdge) {
  expectPair(compute("  loop {\n    workgroupBarrier();\n    if @@.x == 0u { break; }\n  }"), "wid",
             "lid", {"[rule: loop {s1", "control flow in the `loop`"});
  // continue in non-uniform control flow: the next iteration starts non-uniformly.
  expectPair(compute("  loop {\n    workgroupBarrier();\n    if @@.x == 0u { continue; }\n"
                     "    break;\n  }"),
             "wid", "lid", {"control flow in the `loop`"});
}

// for and while (#for-statement, #while-statement): by their desugaring to loop.
TEST(UniformityStatements, ForLoopDesugaring) {
  expectPair(compute("  for (var i = 0u; i < @@.x; i++) {\n    workgroupBarrier();\n  }"), "wid",
             "lid", {"control flow in the `for`"});
  // The loop's exit reconverges ({Next}).
  expectPair(compute("  for (;;) {\n    if lid.x == 0u { @@; }\n    break;\n  }\n  workgroupBarrier();"),
             "break", "return");
  // The update statement runs at the end of the body: its control flow is on the back edge.
  expectPair(compute("  for (var i = 0u; i < 4u; i++) {\n    workgroupBarrier();\n"
                     "    if @@.x == 0u { continue; }\n  }"),
             "wid", "lid");
}

TEST(UniformityStatements, WhileLoopDesugaring) {
  expectPair(compute("  var i = 0u;\n  while i < @@.x {\n    workgroupBarrier();\n    i++;\n  }"), "wid",
             "lid", {"control flow in the `while`"});
  expectPair(compute("  while true {\n    if lid.x == 0u { @@; }\n    break;\n  }\n  workgroupBarrier();"),
             "break", "return");
}

// switch e ... with behavior {Next}: the clauses start at V; the result is CF.
TEST(UniformityStatements, SwitchClausesStartAtTheSelectorValue) {
  expectPair(compute("  switch @@.x {\n    case 0u: { workgroupBarrier(); }\n    default: { }\n  }"),
             "wid", "lid", {"control flow in the `switch`"});
  // "a default block is treated exactly like a case block"
  expectPair(compute("  switch @@.x {\n    case 0u: { }\n    default: { workgroupBarrier(); }\n  }"),
             "wid", "lid", {"control flow in the `switch`"});
}

TEST(UniformityStatements, SwitchWithBehaviorNextReconverges) {
  // `break` in a switch becomes Next; `return` gives another behavior.
  expectPair(compute("  switch lid.x {\n    case 0u: { @@; }\n    default: { }\n  }\n"
                     "  workgroupBarrier();"),
             "break", "return",
             {"[rule: switch e case _: s_1 .. case _: s_n with another behavior]"});
  expectPair(compute("  switch lid.x {\n    case 0u: { }\n    default: { @@ }\n  }\n"
                     "  workgroupBarrier();"),
             "", "return;", {"control flow after the `switch`"});
}

// switch with another behavior: CFend -> {CF_1, ..., CF_n}.
TEST(UniformityStatements, SwitchWithAnotherBehaviorEndsAtCFend) {
  expectPair(compute("  switch @@.x {\n    case 0u: { return; }\n    default: { }\n  }\n"
                     "  workgroupBarrier();"),
             "wid", "lid",
             {"[rule: switch e case _: s_1 .. case _: s_n with another behavior]"});
}

// "if s_(n-1) may fallthrough, (CF_(n-1), s_n) => CF_n, else (V, s_n) => CF_n"
TEST(UniformityStatements, SwitchFallthroughChainsControlFlow) {
  expectPair(compute("  switch wid.x {\n    case 0u: {\n      if lid.x == 0u { return; }\n      @@;\n"
                     "    }\n    default: { workgroupBarrier(); }\n  }"),
             "break", "fallthrough", {"control flow after the `if`"});
  // Chained over two clauses.
  expectPair(compute("  switch wid.x {\n    case 0u: {\n      if lid.x == 0u { return; }\n      @@;\n"
                     "    }\n    case 1u: { fallthrough; }\n    default: { workgroupBarrier(); }\n  }"),
             "break", "fallthrough", {"control flow after the `if`"});
}

// var x: T; — CF, no edges: the zero value is uniform.
TEST(UniformityStatements, VarWithoutInitializer) {
  expectPair(compute("  var x: u32@@;\n  if x == 0u { workgroupBarrier(); }"), "", " = lid.x",
             {"variable 'x'", "[rule: var x = e"});
}

// break; continue; — CF (with the behavior that makes the enclosing if end at CFend).
TEST(UniformityStatements, BreakAndContinue) {
  expectPair(compute("  loop {\n    if lid.x == 0u { @@ }\n    workgroupBarrier();\n    break;\n  }"), "",
             "break;");
  expectPair(compute("  loop {\n    if lid.x == 0u { @@ }\n    workgroupBarrier();\n    break;\n  }"), "",
             "continue;");
}

// break if e; — (CF, e) => (CF', V), result CF': a condition whose evaluation leaves
// non-uniform control flow makes the back edge non-uniform.
TEST(UniformityStatements, BreakIfResultIsTheConditionsControlFlow) {
  std::string helpers =
      "fn sub() -> bool { if pv == 0u { return true; } return false; }\n"
      "fn nosub() -> bool { if uv == 0u { return true; } return false; }\n";
  expectPair(compute("  loop {\n    workgroupBarrier();\n    continuing { break if @@(); }\n  }", helpers),
             "nosub", "sub", {"SubsequentControlFlowMayBeNonUniform"});
}

// fallthrough; — CF (covered by the chaining test); discard; — CF.
TEST(UniformityStatements, Discard) {
  expectPair(fragment("  if @@.x > 0.5 { discard; }\n  _ = dpdx(1.0);"), "uf", "pos",
             {"'dpdx'", "built-in value 'position'", "[rule: if e s1 else s2 with another behavior]"});
  expectPair(fragment("  if pos.x > 0.5 { @@ }\n  _ = dpdx(1.0);"), "", "discard;");
}

// return; — CF_return -> CF.
TEST(UniformityStatements, ReturnWithoutValue) {
  std::string helper = "fn g() {\n  if @@ == 0u { return; }\n}\n";
  expectPair(compute("  g();\n  workgroupBarrier();", helper), "uv", "pv",
             {"SubsequentControlFlowMayBeNonUniform", "non-read-only module-scope variable"});
}

// return e; — CF_return -> CF'; Value_return -> V.
TEST(UniformityStatements, ReturnWithValue) {
  std::string helper = "fn f() -> u32 { return @@; }\n";
  expectPair(compute("  if f() == 0u { workgroupBarrier(); }", helper), "uv", "pv",
             {"ReturnValueMayBeNonUniform", "'pv'"});
  // CF_return -> CF': the returned expression leaves non-uniform control flow.
  std::string helpers =
      "fn sub() -> u32 { if pv == 0u { return 1u; } return 2u; }\n"
      "fn nosub() -> u32 { if uv == 0u { return 1u; } return 2u; }\n"
      "fn f() -> u32 { return @@(); }\n";
  expectPair(compute("  _ = f();\n  workgroupBarrier();", helpers), "nosub", "sub",
             {"SubsequentControlFlowMayBeNonUniform"});
}

// e2 = e1; — (CF, e1) => (CF1, V1); LValue: (CF1, e2) => (CF2, L2); L2 -> V1; result CF2.
TEST(UniformityStatements, Assignment) {
  expectPair(compute("  var x = 0u;\n  x = @@.x;\n  if x == 0u { workgroupBarrier(); }"), "wid", "lid",
             {"variable 'x'", "built-in value 'local_invocation_id'"});
  // The assigned value is the control flow of the assignment (a literal's value is CF).
  expectPair(compute("  var x = 0u;\n  if @@.x == 0u { x = 1u; }\n  if x == 0u { workgroupBarrier(); }"),
             "wid", "lid", {"variable 'x'", "control flow in the `if`"});
  std::string helpers =
      "fn sub() -> u32 { if pv == 0u { return 1u; } return 2u; }\n"
      "fn nosub() -> u32 { if uv == 0u { return 1u; } return 2u; }\n";
  expectPair(compute("  var x = 0u;\n  x = @@();\n  workgroupBarrier();", helpers), "nosub", "sub");
}

// _ = e; — (CF, e) => (CF', V); result CF'.
TEST(UniformityStatements, PhonyAssignment) {
  std::string helpers =
      "fn sub() -> u32 { if pv == 0u { return 1u; } return 2u; }\n"
      "fn nosub() -> u32 { if uv == 0u { return 1u; } return 2u; }\n";
  expectPair(compute("  _ = @@();\n  workgroupBarrier();", helpers), "nosub", "sub",
             {"control flow after the call to 'sub'", "[rule: function call]"});
}

// let x = e; — (CF, e) => (CF', V); the node of x is V; result CF'.
TEST(UniformityStatements, Let) {
  expectPair(compute("  let a = @@.x;\n  if a == 0u { workgroupBarrier(); }"), "wid", "lid",
             {"`a` at", "[rule: reference to function-scope variable, creation-time constant, "
                        "let-declaration, or non-built-in parameter]"});
  std::string helpers =
      "fn sub() -> u32 { if pv == 0u { return 1u; } return 2u; }\n"
      "fn nosub() -> u32 { if uv == 0u { return 1u; } return 2u; }\n";
  expectPair(compute("  let a = @@();\n  workgroupBarrier();", helpers), "nosub", "sub");
}

// var x = e; — (CF, e) => (CF', V); result CF'; x's node X -> V (U3).
TEST(UniformityStatements, VarWithInitializer) {
  expectPair(compute("  var a = @@.x;\n  if a == 0u { workgroupBarrier(); }"), "wid", "lid",
             {"variable 'a'", "[rule: var x = e"});
  std::string helpers =
      "fn sub() -> u32 { if pv == 0u { return 1u; } return 2u; }\n"
      "fn nosub() -> u32 { if uv == 0u { return 1u; } return 2u; }\n";
  expectPair(compute("  var a = @@();\n  workgroupBarrier();", helpers), "nosub", "sub");
}

// A function call statement: (CF, call) => (CF_after, Result); result CF_after.
TEST(UniformityStatements, FunctionCallStatement) {
  std::string helpers =
      "fn sub() { if pv == 0u { return; } }\n"
      "fn nosub() { if uv == 0u { return; } }\n";
  expectPair(compute("  @@();\n  workgroupBarrier();", helpers), "nosub", "sub",
             {"control flow after the call to 'sub'"});
}

// ========================================================================== 1. expressions
// #uniformity-expressions, rvalue rows.

// e1 || e2, e1 && e2: (CF, e1) => (CF1, V1); (V1, e2) => (CF2, V2); the value is V2.
TEST(UniformityExpressions, ShortCircuitValueDependsOnTheLeftOperand) {
  expectPair(compute("  if @@.x == 0u || true { workgroupBarrier(); }"), "wid", "lid",
             {"control flow in the `||`"});
  expectPair(compute("  if @@.x == 0u && true { workgroupBarrier(); }"), "wid", "lid",
             {"control flow in the `&&`"});
  expectPair(compute("  if true || @@.x == 0u { workgroupBarrier(); }"), "wid", "lid");
  expectPair(compute("  if true && @@.x == 0u { workgroupBarrier(); }"), "wid", "lid");
  // e2 is evaluated in V1: a call there with a control flow requirement.
  std::string helper = "fn b() -> bool { workgroupBarrier(); return true; }\n";
  expectPair(compute("  let c = @@.x == 0u && b();", helper), "wid", "lid",
             {"'b'", "must be called in uniform control flow", "control flow in the `&&`"});
  expectPair(compute("  let c = @@.x == 0u || b();", helper), "wid", "lid",
             {"control flow in the `||`"});
}

// With behavior {Next} the resulting control flow is CF; with another behavior it is CF2.
// d may discard (behavior {Next, Discard}); r only returns (a call of it has behavior {Next});
// both have parameter tag ParameterRequiredToBeUniformForSubsequentControlFlow.
const std::string kShortCircuitHelpers =
    "fn d(v: f32) -> bool { if v > 0.5 { discard; } return true; }\n"
    "fn r(v: f32) -> bool { if v > 0.5 { return false; } return true; }\n";

TEST(UniformityExpressions, ShortCircuitBehaviorNextVersusOther) {
  // The seed (U5): || with {Next} drops CF2, so r is accepted; d makes another behavior.
  expectPair(fragment("  let c = true || @@(pf);\n  _ = dpdx(1.0);", kShortCircuitHelpers), "r", "d",
             {"control flow after the call to 'd'"}, Mode::Seed);
  expectPair(fragment("  let c = false && @@(pf);\n  _ = dpdx(1.0);", kShortCircuitHelpers), "r", "d",
             {"control flow after the call to 'd'"}, Mode::Seed);
  // Another behavior: the argument decides.
  expectPair(fragment("  let c = true || d(@@);\n  _ = dpdx(1.0);", kShortCircuitHelpers), "uf.x",
             "pf", {"'pf'", "non-read-only module-scope variable"});
  expectPair(fragment("  let c = false && d(@@);\n  _ = dpdx(1.0);", kShortCircuitHelpers), "uf.x",
             "pf", {"'pf'", "non-read-only module-scope variable"});
}

// Literal: CF, CF.
TEST(UniformityExpressions, Literal) {
  expectPair(compute("  let a = @@;\n  if a == 0u { workgroupBarrier(); }"), "7u", "lid.x");
  expectAccepted(compute("  if true { workgroupBarrier(); }\n  if 1.5 > 0.5 { workgroupBarrier(); }"));
}

// Reference to a function-scope variable, creation-time constant, let-declaration or
// non-built-in parameter: Result -> {CF, X}.
TEST(UniformityExpressions, IdentifierResultDependsOnItsControlFlow) {
  // Result -> CF: a uniform let read in non-uniform control flow and stored.
  expectPair(compute("  let a = 0u;\n  var x = 1u;\n  if @@.x == 0u { x = a; }\n"
                     "  if x == 0u { workgroupBarrier(); }"),
             "wid", "lid", {"`a` at", "control flow in the `if`"});
}

TEST(UniformityExpressions, IdentifierOfEachKind) {
  // function-scope variable
  expectPair(compute("  var v = @@.x;\n  if v == 0u { workgroupBarrier(); }"), "wid", "lid",
             {"variable 'v'"});
  // let-declaration
  expectPair(compute("  let v = @@.x;\n  if v == 0u { workgroupBarrier(); }"), "wid", "lid");
  // creation-time constant: function-scope and module-scope const, override (U7: uniform)
  expectAccepted(compute("  const c = 3u;\n  if c == 3u { workgroupBarrier(); }"));
  expectAccepted(compute("  if mc == 3u { workgroupBarrier(); }", "const mc = 3u;\n"));
  expectAccepted(compute("  if o == 3u { workgroupBarrier(); }", "override o: u32 = 3u;\n"));
  // A const's value is uniform however it is used; a let of a non-uniform value is not.
  expectPair(compute("  @@;\n  if c == 3u { workgroupBarrier(); }"), "const c = 3u", "let c = lid.x");
}

TEST(UniformityExpressions, NonBuiltinParameter) {
  std::string helper = "fn f(v: u32) {\n  if v == 0u { workgroupBarrier(); }\n}\n";
  expectPair(compute("  f(@@.x);", helper), "wid", "lid",
             {"argument 1 of 'f'", "must be uniform", "built-in value 'local_invocation_id'"});
}

// Reference to a uniform built-in value: CF, CF; to a non-uniform one: CF, MayBeNonUniform.
TEST(UniformityExpressions, ComputeBuiltinValues) {
  struct Case {
    const char* builtin;
    const char* type;
    const char* use;
    bool uniform;
  };
  for (const Case& c : {Case{"workgroup_id", "vec3<u32>", "b.x", true},
                        Case{"num_workgroups", "vec3<u32>", "b.y", true},
                        Case{"local_invocation_id", "vec3<u32>", "b.x", false},
                        Case{"local_invocation_index", "u32", "b", false},
                        Case{"global_invocation_id", "vec3<u32>", "b.z", false}}) {
    std::string program = "@compute @workgroup_size(64)\nfn main(@builtin(" + std::string(c.builtin) +
                          ") b: " + c.type + ") {\n  if " + c.use +
                          " == 0u { workgroupBarrier(); }\n}\n";
    if (c.uniform)
      expectAccepted(program);
    else
      expectRejected(program, {"built-in value '" + std::string(c.builtin) + "'"});
  }
}

TEST(UniformityExpressions, FragmentBuiltinValues) {
  struct Case {
    const char* builtin;
    const char* type;
    const char* use;
  };
  for (const Case& c : {Case{"position", "vec4<f32>", "b.x > 0.5"}, Case{"front_facing", "bool", "b != false"},
                        Case{"sample_index", "u32", "b == 0u"}, Case{"sample_mask", "u32", "b == 0u"}}) {
    std::string program = "@fragment\nfn main(@builtin(" + std::string(c.builtin) + ") b: " + c.type +
                          ") {\n  if " + c.use + " { _ = dpdx(1.0); }\n}\n";
    expectRejected(program, {"built-in value '" + std::string(c.builtin) + "'"});
  }
}

TEST(UniformityExpressions, VertexBuiltinValuesAreNonUniform) {
  for (const char* b : {"vertex_index", "instance_index"}) {
    std::string program = "@vertex\nfn main(@builtin(" + std::string(b) +
                          ") b: u32) -> @builtin(position) vec4<f32> {\n"
                          "  return vec4<f32>(f32(b));\n}\n";
    EXPECT_EQ(tagsOf(program, "main"), "CallSiteNoRestriction, ReturnValueMayBeNonUniform; ParameterNoRestriction")
        << b;
  }
}

// Reference to a read-only module-scope variable: CF, CF; non-read-only: CF, MayBeNonUniform.
TEST(UniformityExpressions, ModuleScopeVariables) {
  for (const char* readOnly : {"uv", "ro", "rd" /* var<storage>: access read by default */})
    expectAccepted(compute("  if " + std::string(readOnly) + " == 0u { workgroupBarrier(); }"));
  for (const char* other : {"rw", "pv", "wv"})
    expectRejected(compute("  if " + std::string(other) + " == 0u { workgroupBarrier(); }"),
                   {"'" + std::string(other) + "'", "is a non-read-only module-scope variable"});
  expectPair(compute("  if @@ == 0u { workgroupBarrier(); }"), "uv", "wv");
  // Handles (textures, samplers) are read-only.
  expectAccepted(fragment("  if textureDimensions(t).x > 2u { _ = dpdx(1.0); }"));
}

// op e: (CF, e) => (CF', V); CF', V.
TEST(UniformityExpressions, UnaryOperators) {
  expectPair(compute("  if !(@@.x == 0u) { workgroupBarrier(); }"), "wid", "lid");
  expectPair(compute("  if ~@@.x == 0u { workgroupBarrier(); }"), "wid", "lid");
  expectPair(compute("  if -i32(@@.x) == 0 { workgroupBarrier(); }"), "wid", "lid");
  expectPair(compute("  var v = @@;\n  let p = &v;\n  if (*p).x == 0u { workgroupBarrier(); }"), "wid",
             "lid", {"variable 'v'"});
}

// e.field: as op e.
TEST(UniformityExpressions, FieldAccess) {
  expectPair(compute("  if @@.xy.y == 0u { workgroupBarrier(); }"), "wid", "lid");
  std::string s = "struct S { a: u32, b: u32 }\n";
  expectPair(compute("  let v = S(@@.x, 0u);\n  if v.a == 0u { workgroupBarrier(); }", s), "wid", "lid");
}

// e1 op e2: Result -> {V1, V2}.
TEST(UniformityExpressions, BinaryOperator) {
  expectPair(compute("  if 1u + @@.x == 0u { workgroupBarrier(); }"), "wid", "lid",
             {"[rule: e1 op e2, where op is a non-short-circuiting binary operator]"});
  expectPair(compute("  if @@.x * 2u == 0u { workgroupBarrier(); }"), "wid", "lid");
}

// e1[e2]: Result -> {V1, V2}.
TEST(UniformityExpressions, Index) {
  expectPair(compute("  let a = array<u32, 4>(1u, 2u, 3u, 4u);\n  if a[@@.x] == 0u { workgroupBarrier(); }"),
             "wid", "lid", {"[rule: e1[e2]]"});
  expectPair(compute("  if @@[0] == 0u { workgroupBarrier(); }"), "wid", "lid", {"[rule: e1[e2]]"});
}

// ============================================================================= 1. lvalues
// #uniformity-expressions, lvalue rows.

// Reference to a function-scope variable: CF, X.
TEST(UniformityLValues, FunctionScopeVariable) {
  expectPair(compute("  var x = 0u;\n  x = @@.x;\n  if x == 0u { workgroupBarrier(); }"), "wid", "lid",
             {"variable 'x'"});
}

// Reference to a module-scope variable: CF, MayBeNonUniform — a write does not make the
// variable uniform; a function-scope variable written the same way stays uniform.
TEST(UniformityLValues, ModuleScopeVariable) {
  expectPair(compute("  var lv = 1u;\n  @@ = 0u;\n  workgroupBarrier();\n  if @@ == 0u { workgroupBarrier(); }"),
             "lv", "pv", {"'pv'"});
  expectAccepted(compute("  var lv = 0u;\n  lv = 1u;\n  if lv == 0u { workgroupBarrier(); }"));
  expectRejected(compute("  wv = 0u;\n  workgroupBarrier();\n  if wv == 0u { workgroupBarrier(); }"),
                 {"'wv'", "non-read-only module-scope variable"});
  // Writing a non-uniform value into a module-scope variable is no error by itself.
  expectAccepted(compute("  wv = lid.x;\n  pv = lid.y;\n  workgroupBarrier();"));
}

// e.field: LValue of e — the whole variable.
TEST(UniformityLValues, Field) {
  std::string s = "struct S { a: u32, b: u32 }\n";
  expectPair(compute("  var v: S;\n  v.a = @@.x;\n  if v.b == 0u { workgroupBarrier(); }", s), "wid", "lid",
             {"variable 'v'"});
  expectPair(compute("  var v: vec3<u32>;\n  v.x = @@.x;\n  if v.y == 0u { workgroupBarrier(); }"), "wid",
             "lid", {"variable 'v'"});
}

// e1[e2]: LValue (CF, e1) => (CF1, L1); (CF1, e2) => (CF2, V2); L1 -> V2: the index must be
// uniform for the variable to stay uniform.
TEST(UniformityLValues, IndexMustBeUniform) {
  expectPair(compute("  var a: array<u32, 4>;\n  a[@@.x] = 1u;\n  if a[0] == 0u { workgroupBarrier(); }"),
             "wid", "lid", {"variable 'a'", "built-in value 'local_invocation_id'"});
  expectPair(compute("  var a: array<u32, 4>;\n  a[0] = @@.x;\n  if a[1] == 0u { workgroupBarrier(); }"),
             "wid", "lid", {"variable 'a'"});
}

// ========================================================================= 1. function calls
// #uniformity-function-calls.

// Call site tag CallSiteRequiredToBeUniform: RequiredToBeUniform -> the last CF_i.
TEST(UniformityCalls, CallSiteRequiredToBeUniform) {
  std::string helper = "fn b() { workgroupBarrier(); }\n";
  expectPair(compute("  if @@.x == 0u { b(); }", helper), "wid", "lid",
             {"'b' at", "must be called in uniform control flow", "'workgroupBarrier'"});
  // Transitively.
  std::string helpers = helper + "fn c() { b(); }\n";
  expectPair(compute("  if @@.x == 0u { c(); }", helpers), "wid", "lid", {"'c' at"});
}

// CallSiteNoRestriction: CF_after -> the last CF_i.
TEST(UniformityCalls, CallSiteNoRestriction) {
  std::string helpers = "fn b() { workgroupBarrier(); }\nfn n() { }\n";
  expectPair(compute("  if lid.x == 0u { @@(); }", helpers), "n", "b");
}

// The arguments are evaluated in order, each in the previous one's control flow; the call
// site requirement is on the last CF_i.
TEST(UniformityCalls, ArgumentsThreadControlFlow) {
  std::string helpers =
      "fn sub() -> u32 { if pv == 0u { return 1u; } return 2u; }\n"
      "fn nosub() -> u32 { if uv == 0u { return 1u; } return 2u; }\n"
      "fn b(x: u32, y: u32) { workgroupBarrier(); }\n";
  expectPair(compute("  b(@@(), 0u);", helpers), "nosub", "sub",
             {"'b' at", "control flow after the call to 'sub'"});
  expectPair(compute("  b(0u, @@());", helpers), "nosub", "sub");
  // Each later argument's value depends on the control flow left by the earlier ones.
  std::string more =
      "fn sub() -> u32 { if pv == 0u { return 1u; } return 2u; }\n"
      "fn nosub() -> u32 { if uv == 0u { return 1u; } return 2u; }\n"
      "fn f(x: u32, y: u32) { if y == 0u { workgroupBarrier(); } }\n";
  expectPair(compute("  f(@@(), 0u);", more), "nosub", "sub");
}

// Function tag SubsequentControlFlowMayBeNonUniform: CF_after -> MayBeNonUniform.
TEST(UniformityCalls, SubsequentControlFlowMayBeNonUniform) {
  std::string helper = "fn g() {\n  if @@ == 0u { return; }\n}\n";
  expectPair(compute("  g();\n  workgroupBarrier();", helper), "uv", "pv",
             {"control flow after the call to 'g'", "SubsequentControlFlowMayBeNonUniform", "'pv'"});
}

// Function tag ReturnValueMayBeNonUniform: Result -> MayBeNonUniform (not the control flow).
TEST(UniformityCalls, ReturnValueMayBeNonUniform) {
  std::string helper = "fn f() -> u32 { return @@; }\n";
  expectPair(compute("  let v = f();\n  if v == 0u { workgroupBarrier(); }", helper), "uv", "wv",
             {"the result of 'f'", "ReturnValueMayBeNonUniform", "'wv'"});
  // Only the value: the control flow after the call stays uniform.
  expectAccepted(compute("  let v = f();\n  workgroupBarrier();", substitute(helper, "wv")));
}

// Result -> CF_after: the result of any call in non-uniform control flow is non-uniform.
TEST(UniformityCalls, ResultDependsOnTheControlFlowAfterTheCall) {
  std::string helper = "fn zero() -> u32 { return 0u; }\n";
  expectPair(compute("  var x = 1u;\n  if @@.x == 0u { x = zero(); }\n  if x == 0u { workgroupBarrier(); }",
                     helper),
             "wid", "lid", {"the result of 'zero'", "[rule: function call]"});
}

// Parameter tags.
TEST(UniformityCalls, ParameterRequiredToBeUniform) {
  std::string helper = "fn f(v: u32) {\n  if v == 0u { workgroupBarrier(); }\n}\n";
  expectPair(compute("  f(@@.x);", helper), "wid", "lid", {"argument 1 of 'f', `lid.x`, must be uniform"});
}

TEST(UniformityCalls, ParameterRequiredToBeUniformForSubsequentControlFlow) {
  std::string helper = "fn f(v: u32) {\n  if v == 0u { return; }\n}\n";
  expectPair(compute("  f(@@.x);\n  workgroupBarrier();", helper), "wid", "lid",
             {"control flow after the call to 'f'"});
  // Only the control flow after the call: nothing is required before it.
  expectAccepted(compute("  workgroupBarrier();\n  f(lid.x);", helper));
}

TEST(UniformityCalls, ParameterRequiredToBeUniformForReturnValue) {
  std::string helper = "fn f(v: u32) -> u32 { return v; }\n";
  expectPair(compute("  if f(@@.x) == 0u { workgroupBarrier(); }", helper), "wid", "lid",
             {"the result of 'f'"});
  expectAccepted(compute("  _ = f(lid.x);\n  workgroupBarrier();", helper));
}

TEST(UniformityCalls, ParameterNoRestriction) {
  std::string helper = "fn f(v: u32) -> u32 { return @@; }\n";
  expectPair(compute("  if f(lid.x) == 0u { workgroupBarrier(); }", helper), "0u", "v");
}

// Built-in exceptions: the synchronization built-ins have CallSiteRequiredToBeUniform.
TEST(UniformityCalls, SynchronizationBuiltins) {
  for (const char* barrier : {"workgroupBarrier", "storageBarrier"})
    expectPair(compute("  if @@.x == 0u { " + std::string(barrier) + "(); }"), "wid", "lid",
               {"'" + std::string(barrier) + "' at", "must be called in uniform control flow"});
}

// Derivatives: CallSiteRequiredToBeUniform and ReturnValueMayBeNonUniform.
TEST(UniformityCalls, DerivativeBuiltins) {
  for (const char* d : {"dpdx", "dpdxCoarse", "dpdxFine", "dpdy", "dpdyCoarse", "dpdyFine", "fwidth",
                        "fwidthCoarse", "fwidthFine"}) {
    std::string name = d;
    expectPair(fragment("  if @@.x > 0.5 { _ = " + name + "(1.0); }"), "uf", "pos",
               {"'" + name + "' at", "must be called in uniform control flow"});
    // The result may be non-uniform: `abs` has the default tags.
    expectPair(fragment("  if @@(uf.x) > 0.5 { _ = dpdy(1.0); }"), "abs", name,
               {"the result of '" + name + "'", "ReturnValueMayBeNonUniform"});
  }
}

// textureSample, textureSampleBias, textureSampleCompare: as the derivatives; their Level
// variants have the default tags.
TEST(UniformityCalls, ImplicitDerivativeTextureBuiltins) {
  expectPair(fragment("  if @@.x > 0.5 { _ = textureSample(t, s, vec2<f32>(0.5)); }"), "uf", "pos",
             {"'textureSample' at", "must be called in uniform control flow"});
  expectPair(fragment("  if pos.x > 0.5 { _ = @@(t, s, vec2<f32>(0.5), 0.0); }"), "textureSampleLevel",
             "textureSampleBias", {"'textureSampleBias' at"});
  expectPair(fragment("  if pos.x > 0.5 { _ = @@(td, sc, vec2<f32>(0.5), 0.5); }"),
             "textureSampleCompareLevel", "textureSampleCompare", {"'textureSampleCompare' at"});
  expectPair(fragment("  if @@(t, s, vec2<f32>(0.5), 0.0).x > 0.5 { _ = dpdx(1.0); }"), "textureSampleLevel",
             "textureSampleBias", {"the result of 'textureSampleBias'", "ReturnValueMayBeNonUniform"});
  expectRejected(fragment("  if textureSample(t, s, vec2<f32>(0.5)).x > 0.5 { _ = dpdx(1.0); }"),
                 {"the result of 'textureSample'"});
  expectRejected(fragment("  if textureSampleCompare(td, sc, vec2<f32>(0.5), 0.5) > 0.5 { _ = dpdx(1.0); }"),
                 {"the result of 'textureSampleCompare'"});
}

// arrayLength: NoRestriction, its parameter ParameterNoRestriction; the default built-ins
// (here atomicLoad on the same read_write buffer) have ParameterRequiredToBeUniformForReturnValue.
TEST(UniformityCalls, ArrayLengthVersusDefaultBuiltins) {
  std::string buffer =
      "struct Buf { c: atomic<u32>, arr: array<u32> }\n"
      "@group(2) @binding(0) var<storage, read_write> sb: Buf;\n";
  expectPair(compute("  if @@ > 3u { workgroupBarrier(); }", buffer), "arrayLength(&sb.arr)",
             "atomicLoad(&sb.c)", {"the result of 'atomicLoad'", "'sb'", "non-read-only module-scope variable"});
}

TEST(UniformityCalls, DefaultBuiltins) {
  expectPair(compute("  if max(@@.x, 1u) > 3u { workgroupBarrier(); }"), "wid", "lid",
             {"the result of 'max'"});
  expectPair(compute("  if select(0u, 1u, @@.x == 0u) > 0u { workgroupBarrier(); }"), "wid", "lid");
  // No call site requirement: a default built-in may be called in non-uniform control flow.
  expectAccepted(compute("  if lid.x == 0u { _ = max(lid.x, 1u); }"));
}

// U8: type constructors have the default built-in tags; bitcast is a unary operator.
TEST(UniformityCalls, TypeConstructorsAndBitcast) {
  expectPair(compute("  if vec2<u32>(@@.x, 0u).x == 0u { workgroupBarrier(); }"), "wid", "lid");
  expectPair(compute("  if u32(@@.x) == 0u { workgroupBarrier(); }"), "wid", "lid");
  expectPair(compute("  if bitcast<i32>(@@.x) == 0 { workgroupBarrier(); }"), "wid", "lid");
  // Zero-value constructors are uniform.
  expectAccepted(compute("  if vec2<u32>().x == 0u { workgroupBarrier(); }"));
}

// U10 (C30): with no arguments, "the last CF_i" is the control flow at the call.
TEST(UniformityCalls, CallWithoutArguments) {
  std::string helper = "fn b() { workgroupBarrier(); }\n";
  expectPair(compute("  if @@.x == 0u { b(); }", helper), "wid", "lid", {"'b' at"});
  expectPair(compute("  if @@.x == 0u { workgroupBarrier(); }"), "wid", "lid");
}

// ================================================================================= 2. tags

TEST(UniformityTags, CallSiteTags) {
  std::string program = compute("  a();\n  b();\n  c();",
                                "fn a() { workgroupBarrier(); }\n"
                                "fn b() { }\n"
                                "fn c() { a(); }\n");
  EXPECT_EQ(tagsOf(program, "a"), "CallSiteRequiredToBeUniform, NoRestriction");
  EXPECT_EQ(tagsOf(program, "b"), "CallSiteNoRestriction, NoRestriction");
  EXPECT_EQ(tagsOf(program, "c"), "CallSiteRequiredToBeUniform, NoRestriction");
  EXPECT_EQ(tagsOf(program, "main"), "CallSiteRequiredToBeUniform, NoRestriction; "
                                     "ParameterNoRestriction, ParameterNoRestriction");
}

TEST(UniformityTags, FunctionTags) {
  std::string program = compute("  s();\n  _ = r();\n  _ = n();",
                                "fn s() { if pv == 0u { return; } }\n"
                                "fn r() -> u32 { return wv; }\n"
                                "fn n() -> u32 { return uv; }\n");
  EXPECT_EQ(tagsOf(program, "s"), "CallSiteNoRestriction, SubsequentControlFlowMayBeNonUniform");
  EXPECT_EQ(tagsOf(program, "r"), "CallSiteNoRestriction, ReturnValueMayBeNonUniform");
  EXPECT_EQ(tagsOf(program, "n"), "CallSiteNoRestriction, NoRestriction");
}

TEST(UniformityTags, ParameterTags) {
  std::string program = compute("  req(0u);\n  sub(0u);\n  ret(0u);\n  none(0u);\n  _ = ret2(0u, 1u);",
                                "fn req(x: u32) { if x == 0u { workgroupBarrier(); } }\n"
                                "fn sub(x: u32) { if x == 0u { return; } }\n"
                                "fn ret(x: u32) -> u32 { return x; }\n"
                                "fn none(x: u32) -> u32 { return 0u; }\n"
                                "fn ret2(x: u32, y: u32) -> u32 { return x + y; }\n");
  // The condition's value is Result -> {CF, arg_0} of the reference to x: CF_start is required too.
  EXPECT_EQ(tagsOf(program, "req"), "CallSiteRequiredToBeUniform, NoRestriction; ParameterRequiredToBeUniform");
  EXPECT_EQ(tagsOf(program, "sub"),
            "CallSiteNoRestriction, NoRestriction; ParameterRequiredToBeUniformForSubsequentControlFlow");
  EXPECT_EQ(tagsOf(program, "ret"),
            "CallSiteNoRestriction, NoRestriction; ParameterRequiredToBeUniformForReturnValue");
  EXPECT_EQ(tagsOf(program, "none"), "CallSiteNoRestriction, NoRestriction; ParameterNoRestriction");
  EXPECT_EQ(tagsOf(program, "ret2"),
            "CallSiteNoRestriction, NoRestriction; ParameterRequiredToBeUniformForReturnValue, "
            "ParameterRequiredToBeUniformForReturnValue");
}

// The reachability sets are taken in order and visited nodes removed: the first set that
// reaches a node decides its tag.
TEST(UniformityTags, FirstMatchAfterRemoval) {
  std::string program = compute("  _ = both(0u);\n  _ = cfret(0u);\n  _ = dual();",
                                "fn both(x: u32) -> u32 { if x == 0u { workgroupBarrier(); } return x; }\n"
                                "fn cfret(x: u32) -> u32 { if x == 0u { return 1u; } return x; }\n"
                                "fn dual() -> u32 { if pv == 0u { return 0u; } return wv; }\n");
  EXPECT_EQ(tagsOf(program, "both"), "CallSiteRequiredToBeUniform, NoRestriction; ParameterRequiredToBeUniform");
  EXPECT_EQ(tagsOf(program, "cfret"),
            "CallSiteNoRestriction, NoRestriction; ParameterRequiredToBeUniformForSubsequentControlFlow");
  EXPECT_EQ(tagsOf(program, "dual"), "CallSiteNoRestriction, SubsequentControlFlowMayBeNonUniform");
}

TEST(UniformityTags, BuiltinTagsPropagate) {
  std::string program = fragment("  _ = k();\n  _ = l(pos.x);",
                                 "fn k() -> f32 { return dpdx(1.0); }\n"
                                 "fn l(v: f32) -> f32 { return textureSampleLevel(t, s, vec2<f32>(v), 0.0).x; }\n");
  EXPECT_EQ(tagsOf(program, "k"), "CallSiteRequiredToBeUniform, ReturnValueMayBeNonUniform");
  EXPECT_EQ(tagsOf(program, "l"),
            "CallSiteNoRestriction, NoRestriction; ParameterRequiredToBeUniformForReturnValue");
}

TEST(UniformityTags, CalleesBeforeCallers) {
  // Declared after its caller: the callee's tags are still known at the call.
  std::string program =
      "@compute @workgroup_size(1)\nfn main(@builtin(local_invocation_id) lid: vec3<u32>) {\n"
      "  if lid.x == 0u { late(); }\n}\n"
      "fn late() { workgroupBarrier(); }\n";
  auto r = analyze(program);
  EXPECT_EQ(r->rules(), std::vector<std::string>{"uniformity-function"}) << r->text();
  EXPECT_EQ(tagText(*r, "late"), "CallSiteRequiredToBeUniform, NoRestriction");
}

// ===================================================================== 3. the seed's holes

// U1 (C23): @location entry inputs are non-built-in parameters, never constrained.
TEST(UniformitySeedHoles, U1_UserDefinedInputs) {
  std::string program =
      "@fragment\nfn main(@location(0) v: f32) -> @location(0) vec4<f32> {\n"
      "  if v > 0.5 { _ = dpdx(1.0); }\n  return vec4<f32>(0.0);\n}\n";
  expectAccepted(program, Mode::Seed);  // unsound: the seed accepts
  expectRejected(program, {"user-defined input 'v'", "U1"}, Mode::Strict);
  // A compute shader has no user-defined inputs; a uniform built-in stays uniform in strict mode.
  expectAccepted(compute("  if wid.x == 0u { workgroupBarrier(); }"), Mode::Strict);
}

// U2 (C24): writes through a pointer parameter are not seen by the caller.
TEST(UniformitySeedHoles, U2_WritesThroughPointerParameters) {
  std::string setv = "fn setv(p: ptr<function, u32>, v: u32) { *p = v; }\n";
  std::string program = compute("  var x = 0u;\n  setv(&x, lid.x);\n  if x == 0u { workgroupBarrier(); }", setv);
  expectAccepted(program, Mode::Seed);  // unsound
  expectRejected(program, {"variable 'x'", "built-in value 'local_invocation_id'"}, Mode::Strict);
  expectAccepted(compute("  var x = 0u;\n  setv(&x, wid.x);\n  if x == 0u { workgroupBarrier(); }", setv),
                 Mode::Strict);
  // The callee stores a non-uniform value of its own.
  std::string own = "fn own(p: ptr<function, u32>) { *p = pv; }\n";
  program = compute("  var x = 0u;\n  own(&x);\n  if x == 0u { workgroupBarrier(); }", own);
  expectAccepted(program, Mode::Seed);
  expectRejected(program, {"'own' may store a non-uniform value through argument 1", "U2"}, Mode::Strict);
  // The callee stores a uniform value, but is called in non-uniform control flow.
  std::string one = "fn one(p: ptr<function, u32>) { *p = 1u; }\n";
  program = compute("  var x = 0u;\n  if lid.x == 0u { one(&x); }\n  if x == 0u { workgroupBarrier(); }", one);
  expectAccepted(program, Mode::Seed);
  expectRejected(program, {"control flow in the `if`"}, Mode::Strict);
  // The callee writes an element chosen by another argument.
  std::string seti = "fn seti(p: ptr<function, array<u32, 4>>, i: u32) { (*p)[i] = 1u; }\n";
  program = compute("  var a: array<u32, 4>;\n  seti(&a, lid.x);\n  if a[0] == 0u { workgroupBarrier(); }", seti);
  expectAccepted(program, Mode::Seed);
  expectRejected(program, {"variable 'a'"}, Mode::Strict);
  // Forwarded through another function's pointer parameter, and through a let in the callee.
  std::string forward = setv + "fn outer(q: ptr<function, u32>, v: u32) { setv(q, v); }\n"
                        "fn viaLet(p: ptr<function, u32>, v: u32) { let q = p; *q = v; }\n";
  for (const char* call : {"outer(&x, lid.x)", "viaLet(&x, lid.x)"}) {
    program = compute("  var x = 0u;\n  " + std::string(call) + ";\n  if x == 0u { workgroupBarrier(); }", forward);
    expectAccepted(program, Mode::Seed);
    expectRejected(program, {"variable 'x'", "built-in value 'local_invocation_id'"}, Mode::Strict);
  }
  // Contents copied from one pointer argument to another.
  std::string swap = "fn swap(p: ptr<function, u32>, q: ptr<function, u32>) { let t = *p; *p = *q; *q = t; }\n";
  program = compute("  var x = 0u;\n  var y = lid.x;\n  swap(&x, &y);\n  if x == 0u { workgroupBarrier(); }", swap);
  expectAccepted(program, Mode::Seed);
  expectRejected(program, {"variable 'y'"}, Mode::Strict);
  // Reads through a pointer parameter are seen in both modes (ParameterRequiredToBeUniformForReturnValue).
  std::string get = "fn getv(p: ptr<function, u32>) -> u32 { return *p; }\n";
  expectPair(compute("  var x = @@.x;\n  if getv(&x) == 0u { workgroupBarrier(); }", get), "wid", "lid");
}

// U3: one node per variable; `var x = e` adds X -> V; a later uniform assignment does not
// make x uniform again (2026 uses per-statement value nodes).
TEST(UniformitySeedHoles, U3_OneNodePerVariable) {
  std::string program = compute("  var x = lid.x;\n  x = 0u;\n  if x == 0u { workgroupBarrier(); }");
  expectRejected(program, {"variable 'x'"}, Mode::Both);  // imprecise in both modes
  expectAccepted(compute("  var x = wid.x;\n  x = 0u;\n  if x == 0u { workgroupBarrier(); }"));
}

// U4 (C25): falling off the end of a function adds no CF_return edge.
TEST(UniformitySeedHoles, U4_FallingOffTheEnd) {
  std::string helper = "fn g(v: f32) {\n  if v > 0.5 { discard; }\n}\n";
  std::string program = fragment("  g(pos.x);\n  _ = dpdx(1.0);", helper);
  expectAccepted(program, Mode::Seed);  // unsound: invocations that discarded are gone
  expectRejected(program, {"control flow after the call to 'g'", "built-in value 'position'"}, Mode::Strict);
  expectAccepted(fragment("  g(uf.x);\n  _ = dpdx(1.0);", helper), Mode::Strict);
  auto r = analyze(program, false);
  EXPECT_EQ(tagText(*r, "g"), "CallSiteNoRestriction, NoRestriction; ParameterNoRestriction");
  r = analyze(program, true);
  EXPECT_EQ(tagText(*r, "g"),
            "CallSiteNoRestriction, NoRestriction; ParameterRequiredToBeUniformForSubsequentControlFlow");
  // The same with a non-uniform source in the callee: SubsequentControlFlowMayBeNonUniform.
  std::string own = "fn h() {\n  if pf > 0.5 { discard; }\n}\n";
  program = fragment("  h();\n  _ = dpdx(1.0);", own);
  expectAccepted(program, Mode::Seed);
  expectRejected(program, {"SubsequentControlFlowMayBeNonUniform"}, Mode::Strict);
  // A loop whose non-uniform exit is the end of the function.
  std::string loop = "fn w(v: f32) {\n  loop {\n    if v > 0.5 { discard; }\n    if v > 0.25 { break; }\n  }\n}\n";
  program = fragment("  w(pos.x);\n  _ = dpdx(1.0);", loop);
  expectAccepted(program, Mode::Seed);
  expectRejected(program, {}, Mode::Strict);
}

// U5 (C26): if/switch/&&/|| with behavior {Next} return CF, dropping the condition's CF'.
TEST(UniformitySeedHoles, U5_ConditionControlFlowDropped) {
  std::string helpers =
      "fn sub() -> bool { if pv == 0u { return true; } return false; }\n"
      "fn nosub() -> bool { if uv == 0u { return true; } return false; }\n"
      "fn subu() -> u32 { if pv == 0u { return 1u; } return 2u; }\n";
  for (const std::string body :
       {"  if sub() { }\n  workgroupBarrier();", "  switch subu() { default: { } }\n  workgroupBarrier();",
        "  let c = sub() && true;\n  workgroupBarrier();", "  let c = sub() || true;\n  workgroupBarrier();"}) {
    std::string program = compute(body, helpers);
    expectAccepted(program, Mode::Seed);
    expectRejected(program, {"control flow after the call to 'sub"}, Mode::Strict);
  }
  expectAccepted(compute("  if nosub() { }\n  workgroupBarrier();", helpers), Mode::Strict);
  // Strict returns CF1, the left operand's control flow: the right operand's CF2 stays
  // dropped in both modes (r's parameter is ParameterRequiredToBeUniformForSubsequentControlFlow).
  // Returning CF2 would make the left operand's value a control dependence after the
  // expression. Sound anyway: behavior {Next} means no discard, so every invocation that
  // calls r comes back to the call site.
  std::string program = fragment("  let c = true || r(pf);\n  _ = dpdx(1.0);", kShortCircuitHelpers);
  expectAccepted(program, Mode::Both);
  // The left operand's value is not a control dependence after the expression (both modes).
  expectAccepted(compute("  let c = lid.x == 0u || true;\n  workgroupBarrier();"), Mode::Both);
}

// U6: no LValue row for *e: the write goes to the root identifier's node.
TEST(UniformitySeedHoles, U6_WriteThroughPointer) {
  expectPair(compute("  var x = 0u;\n  let p = &x;\n  *p = @@.x;\n  if x == 0u { workgroupBarrier(); }"), "wid",
             "lid", {"variable 'x'"});
  // Through an index of the pointed-to array: the index must be uniform.
  expectPair(compute("  var a: array<u32, 4>;\n  let p = &a;\n  (*p)[@@.x] = 1u;\n"
                     "  if a[0] == 0u { workgroupBarrier(); }"),
             "wid", "lid", {"variable 'a'"});
}

// U6 with the index inside the pointer: `let p = &a[i]; *p = v;` writes a[i] as `a[i] = v`
// does, so the index must be uniform for a to stay uniform (LValue e1[e2]: L1 -> V2).
TEST(UniformitySeedHoles, U6_PointerToAnElementWithANonUniformIndex) {
  expectPair(compute("  var a: array<u32, 4>;\n  let p = &a[@@.x];\n  *p = 1u;\n"
                     "  if a[0] == 0u { workgroupBarrier(); }"),
             "wid", "lid", {"variable 'a'", "built-in value 'local_invocation_id'"});
}

// U7: compound assignment as e2 = e2 op e1; ++/-- as x = x + 1; const (uniform); staticAssert.
TEST(UniformitySeedHoles, U7_CompoundAssignmentIncrementConstStaticAssert) {
  expectPair(compute("  var x = 0u;\n  x += @@.x;\n  if x == 0u { workgroupBarrier(); }"), "wid", "lid",
             {"[rule: compound assignment (U7: as e2 = e2 op e1)]"});
  expectPair(compute("  var x = @@.x;\n  x *= 2u;\n  if x == 0u { workgroupBarrier(); }"), "wid", "lid");
  expectPair(compute("  var a: array<u32, 4>;\n  a[@@.x] += 1u;\n  if a[0] == 0u { workgroupBarrier(); }"),
             "wid", "lid");
  expectPair(compute("  var i = 0u;\n  if @@.x == 0u { i++; }\n  if i == 0u { workgroupBarrier(); }"), "wid",
             "lid", {"[rule: x++ / x-- (U7: as x = x + 1)]"});
  expectPair(compute("  var i = 0u;\n  if @@.x == 0u { i--; }\n  if i == 0u { workgroupBarrier(); }"), "wid",
             "lid");
  // const: uniform even when declared in non-uniform control flow.
  expectAccepted(compute("  if lid.x == 0u {\n    const c = 1u;\n    var x = 0u;\n    x = c;\n  }\n"
                         "  const d = 2u;\n  if d == 2u { workgroupBarrier(); }"));
  // staticAssert: no effect.
  expectAccepted(compute("  if lid.x == 0u { staticAssert 1 == 1; }\n  staticAssert true;\n  workgroupBarrier();"));
}

// U8: covered by UniformityCalls.TypeConstructorsAndBitcast.

// U9 (C29): entry-point structure parameters holding built-in values.
TEST(UniformitySeedHoles, U9_EntryPointStructures) {
  std::string in = "struct In { @builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32> }\n";
  std::string program =
      in + "@compute @workgroup_size(64)\nfn main(in: In) {\n  if in.lid.x == 0u { workgroupBarrier(); }\n}\n";
  expectAccepted(program, Mode::Seed);  // unsound
  expectRejected(program, {"'in'", "holds non-uniform inputs", "U9"}, Mode::Strict);
  // Strict is per structure, not per member: in.wid is non-uniform too.
  expectRejected(in + "@compute @workgroup_size(64)\nfn main(in: In) {\n  if in.wid.x == 0u { workgroupBarrier(); }\n}\n",
                 {}, Mode::Strict);
  // All members uniform built-ins: uniform.
  std::string u = "struct U { @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) n: vec3<u32> }\n";
  expectAccepted(u + "@compute @workgroup_size(64)\nfn main(in: U) {\n  if in.wid.x == in.n.x { workgroupBarrier(); }\n}\n");
  // Fragment inputs with @location members (U1 and U9).
  std::string f = "struct F { @location(0) v: f32, @builtin(front_facing) ff: bool }\n"
                  "@fragment\nfn main(in: F) {\n  if in.v > 0.5 { _ = dpdx(1.0); }\n}\n";
  expectAccepted(f, Mode::Seed);
  expectRejected(f, {"holds non-uniform inputs"}, Mode::Strict);
}

// U10: covered by UniformityCalls.CallWithoutArguments.

// U11 (C31): atomics through pointer parameters: the pointer argument to a workgroup or
// private variable is MayBeNonUniform by the non-read-only module-scope variable row.
TEST(UniformitySeedHoles, U11_AtomicsThroughPointerParameters) {
  std::string helpers =
      "var<workgroup> counter: atomic<u32>;\n"
      "fn bump(p: ptr<workgroup, atomic<u32>>) -> u32 { return atomicAdd(p, 1u); }\n"
      "fn check(p: ptr<workgroup, atomic<u32>>) { if atomicAdd(p, 1u) == 0u { workgroupBarrier(); } }\n";
  std::string program = compute("  if bump(&counter) == 0u { workgroupBarrier(); }", helpers);
  expectRejected(program, {"the result of 'bump'", "'counter'", "non-read-only module-scope variable"});
  program = compute("  check(&counter);", helpers);
  expectRejected(program, {"argument 1 of 'check'", "'counter'"});
  auto r = analyze(program);
  EXPECT_EQ(tagText(*r, "bump"),
            "CallSiteNoRestriction, NoRestriction; ParameterRequiredToBeUniformForReturnValue");
  EXPECT_EQ(tagText(*r, "check"), "CallSiteRequiredToBeUniform, NoRestriction; ParameterRequiredToBeUniform");
}

// U12 (C32): first-match tagging: a function that is SubsequentControlFlowMayBeNonUniform and
// whose return value is non-uniform is tagged SubsequentControlFlowMayBeNonUniform only; the
// callers still see both effects (Result -> CF_after -> MayBeNonUniform).
TEST(UniformitySeedHoles, U12_BothEffectsAfterFirstMatch) {
  std::string helper = "fn both() -> u32 {\n  if pv == 0u { return 0u; }\n  return wv;\n}\n";
  std::string value = compute("  let r = both();\n  if r == 0u { workgroupBarrier(); }", helper);
  std::string control = compute("  _ = both();\n  workgroupBarrier();", helper);
  auto r = analyze(value);
  EXPECT_EQ(tagText(*r, "both"), "CallSiteNoRestriction, SubsequentControlFlowMayBeNonUniform");
  expectRejected(value, {"control flow after the call to 'both'", "SubsequentControlFlowMayBeNonUniform"});
  expectRejected(control, {"control flow after the call to 'both'"});
  // A parameter that the return value depends on but that first reaches CF_return.
  std::string p = "fn p(x: u32) -> u32 {\n  if x == 0u { return 0u; }\n  return x;\n}\n";
  expectPair(compute("  if p(@@.x) == 0u { workgroupBarrier(); }", p), "wid", "lid");
}

// U13: `break if e` returns CF' (the seed's row), so a non-uniform condition does not make
// the next iteration non-uniform. The 2026 spec adds CFend -> V; so does --strict-uniformity.
TEST(UniformitySeedHoles, BreakIfConditionIsNotAControlDependence) {
  std::string program = compute("  loop {\n    workgroupBarrier();\n    continuing { break if lid.x == 0u; }\n  }");
  expectAccepted(program, Mode::Seed);  // unsound: the seed's row, literally
  expectRejected(program, {"control flow in the `break if`"}, Mode::Strict);
}

// ========================================================================= 4. spec examples

// #discard-statement "Using the discard statement to throw away a fragment": valid in both
// modes; g's parameter is ParameterRequiredToBeUniformForSubsequentControlFlow only in strict mode (U4).
TEST(UniformitySpecExamples, DiscardExample) {
  const std::string kDiscardExample = testing::specExampleText(60);
  expectAccepted(kDiscardExample);
  EXPECT_EQ(tagsOf(kDiscardExample, "discard_if_shallow"),
            "CallSiteNoRestriction, NoRestriction; ParameterNoRestriction");
  EXPECT_EQ(tagsOf(kDiscardExample, "discard_if_shallow", true),
            "CallSiteNoRestriction, NoRestriction; ParameterRequiredToBeUniformForSubsequentControlFlow");
  // With a derivative after the helper (U4): the seed accepts, strict rejects.
  std::string withDerivative = kDiscardExample;
  std::string call = "discard_if_shallow(coord_in);\n";
  withDerivative.replace(withDerivative.find(call), call.size(), call + "    _ = dpdx(1.0);\n");
  expectAccepted(withDerivative, Mode::Seed);
  expectRejected(withDerivative, {"built-in value 'position'"}, Mode::Strict);
}

// #entry-points "Entry Point": frag_main returns a value computed from position.
TEST(UniformitySpecExamples, EntryPointExample) {
  std::string example = testing::specExampleText(80);  // (spec example 80)
  // @workgroup_size(1) added: the example omits it, which #entry-point-attributes requires.
  example.replace(example.find("@compute"), 8, "@compute @workgroup_size(1)");
  auto r = analyze(example);
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(tagText(*r, "vert_main"), "CallSiteNoRestriction, NoRestriction");
  EXPECT_EQ(tagText(*r, "frag_main"), "CallSiteNoRestriction, ReturnValueMayBeNonUniform; ParameterNoRestriction");
  EXPECT_EQ(tagText(*r, "comp_main"), "CallSiteNoRestriction, NoRestriction");
}

// ============================================================================ 5. annotation

/// Whether the annotation proves the statement starting at line:column uniform.
std::optional<bool> annotationAt(const CheckResult& r, uint32_t line, uint32_t column) {
  for (const UniformityAnnotation& a : r.checked->uniformity->annotations) {
    LineColumn p = r.module->file().position(a.span.begin);
    if (p.line == line && p.column == column) return a.uniform;
  }
  return std::nullopt;
}

TEST(UniformityAnnotation, StatementsInsideANonUniformIf) {
  std::string program =
      "fn inner() {\n"                                                       // 1
      "  let q = 1u;\n"                                                      // 2
      "}\n"                                                                  // 3
      "fn outer() {\n"                                                       // 4
      "  let w = 2u;\n"                                                      // 5
      "}\n"                                                                  // 6
      "fn h(v: u32) {\n"                                                     // 7
      "  let a = v;\n"                                                       // 8
      "  if a == 0u {\n"                                                     // 9
      "    let z = 1u;\n"                                                    // 10
      "  }\n"                                                                // 11
      "}\n"                                                                  // 12
      "@compute @workgroup_size(64)\n"                                       // 13
      "fn main(@builtin(local_invocation_id) lid: vec3<u32>) {\n"            // 14
      "  var a = 0u;\n"                                                      // 15
      "  if lid.x == 0u {\n"                                                 // 16
      "    a = 1u;\n"                                                        // 17
      "    inner();\n"                                                       // 18
      "  }\n"                                                                // 19
      "  outer();\n"                                                         // 20
      "  h(lid.x);\n"                                                        // 21
      "  workgroupBarrier();\n"                                              // 22
      "}\n";                                                                 // 23
  auto r = analyze(program, false, true);
  ASSERT_TRUE(r->valid()) << r->text();
  ASSERT_TRUE(r->checked->uniformity);
  EXPECT_FALSE(r->checked->uniformity->annotations.empty());
  EXPECT_EQ(annotationAt(*r, 15, 3), true);   // var a = 0u;
  EXPECT_EQ(annotationAt(*r, 16, 3), true);   // the if itself
  EXPECT_EQ(annotationAt(*r, 17, 5), false);  // a = 1u;
  EXPECT_EQ(annotationAt(*r, 18, 5), false);  // inner();
  EXPECT_EQ(annotationAt(*r, 20, 3), true);   // outer();
  EXPECT_EQ(annotationAt(*r, 21, 3), true);   // h(lid.x);
  EXPECT_EQ(annotationAt(*r, 22, 3), true);   // workgroupBarrier();
  // Propagation into callees: inner is called in non-uniform control flow, outer is not.
  EXPECT_EQ(annotationAt(*r, 2, 3), false);
  EXPECT_EQ(annotationAt(*r, 5, 3), true);
  // h is called with a non-uniform argument: its `if` body is non-uniform.
  EXPECT_EQ(annotationAt(*r, 8, 3), true);
  EXPECT_EQ(annotationAt(*r, 9, 3), true);
  EXPECT_EQ(annotationAt(*r, 10, 5), false);
  // In source order.
  const auto& as = r->checked->uniformity->annotations;
  for (size_t i = 1; i < as.size(); ++i) EXPECT_LE(as[i - 1].span.begin, as[i].span.begin);
}

TEST(UniformityAnnotation, UniformArgumentsKeepTheCalleeUniform) {
  std::string program =
      "fn h(v: u32) {\n"                                                     // 1
      "  if v == 0u {\n"                                                     // 2
      "    let z = 1u;\n"                                                    // 3
      "  }\n"                                                                // 4
      "}\n"                                                                  // 5
      "@compute @workgroup_size(64)\n"                                       // 6
      "fn main(@builtin(workgroup_id) wid: vec3<u32>) {\n"                   // 7
      "  h(wid.x);\n"                                                        // 8
      "}\n";                                                                 // 9
  auto r = analyze(program, false, true);
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(annotationAt(*r, 3, 5), true);
}

TEST(UniformityAnnotation, AfterANonUniformReturn) {
  std::string program =
      "@compute @workgroup_size(64)\n"                                       // 1
      "fn main(@builtin(local_invocation_id) lid: vec3<u32>) {\n"            // 2
      "  if lid.x == 0u { return; }\n"                                       // 3
      "  let after = 1u;\n"                                                  // 4
      "}\n";                                                                 // 5
  auto r = analyze(program, false, true);
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(annotationAt(*r, 3, 3), true);
  EXPECT_EQ(annotationAt(*r, 4, 3), false);
}

TEST(UniformityAnnotation, LoopWithANonUniformBreak) {
  std::string program =
      "@compute @workgroup_size(64)\n"                                       // 1
      "fn main(@builtin(local_invocation_id) lid: vec3<u32>) {\n"            // 2
      "  loop {\n"                                                           // 3
      "    let top = 1u;\n"                                                  // 4
      "    if lid.x == 0u { break; }\n"                                      // 5
      "  }\n"                                                                // 6
      "  let after = 2u;\n"                                                  // 7
      "}\n";                                                                 // 8
  auto r = analyze(program, false, true);
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(annotationAt(*r, 3, 3), true);   // the loop starts uniformly
  EXPECT_EQ(annotationAt(*r, 4, 5), false);  // later iterations are non-uniform: CF' -> CF1
  EXPECT_EQ(annotationAt(*r, 5, 5), false);
  EXPECT_EQ(annotationAt(*r, 7, 3), true);   // the loop's behavior is {Next}: reconverged
}

// =========================================================================== 6. explanation

TEST(UniformityExplanation, FullMessage) {
  std::string program =
      "@compute @workgroup_size(64)\n"
      "fn main(@builtin(local_invocation_id) lid: vec3<u32>) {\n"
      "  let x = lid.x;\n"
      "  if x > 3u {\n"
      "    workgroupBarrier();\n"
      "  }\n"
      "}\n";
  auto r = analyze(program);
  ASSERT_EQ(r->rules(), std::vector<std::string>{"uniformity-function"}) << r->text();
  const Diagnostic& d = r->diagnostics.all().front();
  EXPECT_EQ(d.message,
            "uniformity violation: 'workgroupBarrier' at 5:5 must be called in uniform control flow"
            " \xE2\x86\x90 control flow in the `if` at 4:3 depends on `x > 3u`"
            " \xE2\x86\x90 `x` at 4:6"
            " \xE2\x86\x90 built-in value 'local_invocation_id' at 3:11 is non-uniform");
  LineColumn at = r->module->file().position(d.span.begin);
  EXPECT_EQ(at.line, 5u);
  EXPECT_EQ(at.column, 5u);
  // One note per link, each at its span; graph nodes name their row.
  ASSERT_EQ(d.notes.size(), 4u);
  EXPECT_EQ(d.notes[0].message, "'workgroupBarrier' at 5:5 must be called in uniform control flow");
  EXPECT_EQ(d.notes[1].message,
            "control flow in the `if` at 4:3 depends on `x > 3u` "
            "[rule: e1 op e2, where op is a non-short-circuiting binary operator]");
  EXPECT_EQ(d.notes[2].message,
            "`x` at 4:6 [rule: reference to function-scope variable, creation-time constant, "
            "let-declaration, or non-built-in parameter]");
  EXPECT_EQ(d.notes[3].message, "built-in value 'local_invocation_id' at 3:11 is non-uniform");
  EXPECT_EQ(r->module->file().position(d.notes[3].span.begin).line, 3u);
}

// A condition that is itself a non-uniform source (a bool built-in value or a non-read-only
// module-scope variable used directly): the explanation must still name the source.
TEST(UniformityExplanation, ConditionThatIsASource) {
  std::string program =
      "@fragment\n"
      "fn main(@builtin(front_facing) b: bool) {\n"
      "  if b { _ = dpdx(1.0); }\n"
      "}\n";
  auto r = analyze(program);
  ASSERT_EQ(r->rules(), std::vector<std::string>{"uniformity-function"}) << r->text();
  std::string why = explanation(*r);
  EXPECT_NE(why.find("built-in value 'front_facing' at 3:6 is non-uniform"), std::string::npos) << why;
}

// A literal condition's value node is the incoming control flow node (Literal: CF, CF); the
// explanation must keep describing that node as what it is.
TEST(UniformityExplanation, LiteralConditionDoesNotRelabelTheControlFlow) {
  std::string program =
      "var<private> pv: u32;\n"
      "fn sub() { if pv == 0u { return; } }\n"
      "@compute @workgroup_size(64)\n"
      "fn main() {\n"
      "  sub();\n"
      "  if true { }\n"
      "  workgroupBarrier();\n"
      "}\n";
  auto r = analyze(program);
  ASSERT_EQ(r->rules(), std::vector<std::string>{"uniformity-function"}) << r->text();
  std::string why = explanation(*r);
  EXPECT_EQ(why.find("depends on `if true"), std::string::npos) << why;
  EXPECT_NE(why.find("control flow after the call to 'sub' at 5:3"), std::string::npos) << why;
}

// More than 9 links: the first 8, "...", the source; every link still has its note.
TEST(UniformityExplanation, LongChainIsShortened) {
  std::string program =
      "@compute @workgroup_size(64)\n"
      "fn main(@builtin(local_invocation_id) lid: vec3<u32>) {\n"
      "  let a = lid.x;\n  let b = a + 1u;\n  let c = b + 1u;\n  let d = c + 1u;\n"
      "  let e = d + 1u;\n  let f = e + 1u;\n"
      "  if f > 3u { workgroupBarrier(); }\n"
      "}\n";
  auto r = analyze(program);
  ASSERT_EQ(r->rules(), std::vector<std::string>{"uniformity-function"}) << r->text();
  const Diagnostic& d = r->diagnostics.all().front();
  EXPECT_NE(d.message.find(" \xE2\x86\x90 ... \xE2\x86\x90 built-in value 'local_invocation_id' at 3:11 is non-uniform"),
            std::string::npos)
      << d.message;
  EXPECT_GT(d.notes.size(), 9u);
  EXPECT_EQ(d.notes.back().message, "built-in value 'local_invocation_id' at 3:11 is non-uniform");
}

// The analysis needs the behaviors (#behaviors): when they are in error it does not run.
TEST(UniformityExplanation, NotRunWhenBehaviorAnalysisFails) {
  std::string program =
      "fn f() -> u32 { }\n"
      "@compute @workgroup_size(64)\n"
      "fn main(@builtin(local_invocation_id) lid: vec3<u32>) {\n"
      "  if lid.x == 0u { workgroupBarrier(); }\n"
      "}\n";
  auto r = analyze(program);
  EXPECT_EQ(r->rules(), std::vector<std::string>{"behaviors-rules"}) << r->text();
}

TEST(UniformityExplanation, ThroughACallee) {
  std::string program =
      "fn b() { workgroupBarrier(); }\n"
      "@compute @workgroup_size(64)\n"
      "fn main(@builtin(local_invocation_id) lid: vec3<u32>) {\n"
      "  if lid.x == 0u { b(); }\n"
      "}\n";
  auto r = analyze(program);
  std::string why = explanation(*r);
  EXPECT_NE(why.find("'b' at 4:20 must be called in uniform control flow ("), std::string::npos) << why;
  EXPECT_NE(why.find("'workgroupBarrier'"), std::string::npos) << why;
}

TEST(UniformityExplanation, OneRejectionPerFunction) {
  std::string program =
      "var<private> pv: u32;\n"
      "fn f() { if pv == 0u { workgroupBarrier(); } }\n"
      "fn g() { if pv == 1u { workgroupBarrier(); } }\n"
      "@compute @workgroup_size(64)\n"
      "fn main() { f(); g(); }\n";
  auto r = analyze(program);
  EXPECT_EQ(r->rules(), (std::vector<std::string>{"uniformity-function", "uniformity-function"})) << r->text();
}

TEST(UniformityExplanation, GraphvizOfTheViolation) {
  std::string program = compute("  if lid.x == 0u { workgroupBarrier(); }");
  auto r = analyze(program);
  ASSERT_FALSE(r->valid());
  const ModuleDeclaration* main = r->declaration("main");
  uint32_t index = static_cast<uint32_t>(main - r->checked->declarations.data());
  EXPECT_TRUE(uniformityRejected(*r->checked->uniformity, index));
  std::ostringstream dot;
  ASSERT_TRUE(writeUniformityDot(*r->checked, *r->checked->uniformity, index, dot));
  std::string text = dot.str();
  EXPECT_NE(text.find("digraph"), std::string::npos);
  EXPECT_NE(text.find("color=red"), std::string::npos);
  EXPECT_NE(text.find("RequiredToBeUniform"), std::string::npos);
  EXPECT_NE(text.find("MayBeNonUniform"), std::string::npos);
  // An accepted function's graph is kept only when asked for.
  auto ok = analyze(compute("  workgroupBarrier();"));
  const ModuleDeclaration* okMain = ok->declaration("main");
  uint32_t okIndex = static_cast<uint32_t>(okMain - ok->checked->declarations.data());
  std::ostringstream none;
  EXPECT_FALSE(writeUniformityDot(*ok->checked, *ok->checked->uniformity, okIndex, none));
  EXPECT_FALSE(uniformityRejected(*ok->checked->uniformity, okIndex));
}

}  // namespace
}  // namespace plumb
