// Revision 2026's uniformity analysis (new#uniformity; delta 5, U1-U18) and the diagnostic
// filters of statements (new#diagnostic-filtering): each rule on both sides, checked under
// 2026, with the seed's verdict where the delta document names a difference.
#include <gtest/gtest.h>

#include "check_util.h"
#include "checker/wgsl/uniformity.h"

namespace plumb {
namespace {

using testing::checkSourceIn;

struct Case {
  const char* rule;  // the rule of the 2026 text, and the side
  const char* source;
  bool valid2026;
  int seed = -1;  // the seed's verdict when asserted: 1 valid, 0 invalid
};

// A compute entry point with a non-uniform `lid` and a uniform `u`.
#define COMPUTE(body)                                                                        \
  "@group(0) @binding(0) var<uniform> u: u32;\n"                                             \
  "@group(0) @binding(1) var<storage, read_write> rw: array<u32, 4>;\n"                      \
  "@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) lid: u32) {\n" body \
  "\n}\n"
// A fragment entry point with non-uniform `c` (a user-defined input).
#define FRAGMENT(body)                              \
  "@group(0) @binding(0) var t: texture_2d<f32>;\n" \
  "@group(0) @binding(1) var s: sampler;\n"         \
  "var<private> p: f32;\n"                          \
  "@fragment fn main(@location(0) c: f32, @builtin(position) pos: vec4<f32>) {\n" body "\n}\n"

const Case kCases[] = {
    // U1: "if CF before a call is uniform it is uniform after" (returns reconverge).
    {"U1 a non-uniform return in the callee",
     "fn g(x: u32) { if x > 0u { return; } }\n" COMPUTE("g(lid); workgroupBarrier();"), true, 0},
    {"U1 a call in non-uniform control flow of a function with a barrier",
     "fn g() { workgroupBarrier(); }\n" COMPUTE("if lid > 0u { g(); }"), false, 0},
    {"U1 a non-uniform return in the entry point itself",
     COMPUTE("if lid > 0u { return; } workgroupBarrier();"), false, 0},
    {"U1 a return in a loop: the loop's result is CF'",
     COMPUTE("loop { if lid > 0u { return; } break; } workgroupBarrier();"), false},
    // U2: per-statement values of function-scope variables (new#func-var-value-analysis).
    {"U2 a full assignment replaces the value",
     COMPUTE("var x = lid; x = 0u; if x == 0u { workgroupBarrier(); }"), true, 0},
    {"U2 a non-uniform assignment",
     COMPUTE("var x = 0u; x = lid; if x == 0u { workgroupBarrier(); }"), false, 0},
    {"U2 a partial assignment keeps the old value",
     COMPUTE("var a = array(lid, 0u); a[1] = 0u; if a[1] == 0u { workgroupBarrier(); }"), false},
    {"U2 a partial assignment of a uniform variable",
     COMPUTE("var a = array(u, 0u); a[1] = u; if a[0] == 0u { workgroupBarrier(); }"), true},
    {"U2 a partial assignment at a non-uniform index",
     COMPUTE("var a = array(u, 0u); a[lid % 2u] = u; if a[0] == 0u { workgroupBarrier(); }"),
     false},
    {"U2 an assignment in non-uniform control flow",
     COMPUTE("var x = 0u; if lid > 0u { x = 1u; } if x == 0u { workgroupBarrier(); }"), false},
    {"U2 both branches of a uniform if assign",
     COMPUTE(
         "var x = lid; if u > 0u { x = 0u; } else { x = 1u; } if x == 0u { workgroupBarrier(); }"),
     true, 0},
    {"U2 one branch of a uniform if assigns",
     COMPUTE("var x = lid; if u > 0u { x = 0u; } if x == 0u { workgroupBarrier(); }"), false},
    {"U2 the back edge of a loop",
     COMPUTE(
         "var x = 0u; for (var i = 0; i < 4; i++) { if x == 0u { workgroupBarrier(); } x = lid; }"),
     false},
    {"U2 a uniform value around a loop",
     COMPUTE(
         "var x = 0u; for (var i = 0; i < 4; i++) { if x == 0u { workgroupBarrier(); } x = u; }"),
     true},
    {"U2 a value that leaves a loop through break",
     COMPUTE("var x = 0u; loop { x = lid; break; } if x == 0u { workgroupBarrier(); }"), false},
    {"U2 a value that reaches the continuing block through continue",
     COMPUTE(
         "var x = 0u; loop { if u > 0u { x = lid; continue; } x = 0u; continuing { if x == 0u { "
         "workgroupBarrier(); } break if true; } }"),
     false},
    {"U2 a switch clause assigns",
     COMPUTE("var x = 0u; switch u { case 0u: { x = lid; } default: "
             "{} } if x == 0u { workgroupBarrier(); }"),
     false},
    {"U2 a compound assignment reads the old value",
     COMPUTE("var x = lid; x += 1u; if x == 0u { workgroupBarrier(); }"), false},
    {"U2 an increment in uniform control flow",
     COMPUTE("var x = 0u; x++; if x == 0u { workgroupBarrier(); }"), true},
    {"U2 a write through a let pointer is a full assignment",
     COMPUTE("var x = lid; let q = &x; *q = 0u; if x == 0u { workgroupBarrier(); }"), true},
    {"U2 a read through a let pointer sees the current value",
     COMPUTE("var x = 0u; let q = &x; x = lid; if *q == 0u { workgroupBarrier(); }"), false},
    {"U2 a swizzle through a pointer loads (pointer composite access)",
     COMPUTE("var v = vec4(lid); let x = dot((&v).yw, vec2()); if x > 0u { workgroupBarrier(); }"),
     false},
    {"U2 a swizzle through a pointer, uniform contents",
     COMPUTE("var v = vec4(u); let x = dot((&v).yw, vec2()); if x > 0u { workgroupBarrier(); }"),
     true},
    // U3: pointer parameters (new#pointer-desugar) and their tags.
    {"U3 the callee stores a non-uniform argument",
     "fn store(p: ptr<function, u32>, v: u32) { *p = v; }\n" COMPUTE(
         "var x = 0u; store(&x, lid); if x == 0u { workgroupBarrier(); }"),
     false},
    {"U3 the callee stores a uniform argument",
     "fn store(p: ptr<function, u32>, v: u32) { *p = v; }\n" COMPUTE(
         "var x = lid; store(&x, 0u); if x == 0u { workgroupBarrier(); }"),
     true},
    {"U3 PointerParameterMayBeNonUniform",
     "var<private> pv: u32;\nfn store(p: ptr<function, u32>) { *p = pv; }\n" COMPUTE(
         "var x = 0u; store(&x); if x == 0u { workgroupBarrier(); }"),
     false},
    {"U3 ParameterContentsRequiredToBeUniform, non-uniform contents",
     "fn f(p: ptr<function, u32>) { if *p == 0u { workgroupBarrier(); } }\n" COMPUTE(
         "var x = lid; f(&x);"),
     false},
    {"U3 ParameterContentsRequiredToBeUniform, uniform contents",
     "fn f(p: ptr<function, u32>) { if *p == 0u { workgroupBarrier(); } }\n" COMPUTE(
         "var x = u; f(&x);"),
     true},
    {"U3 a parameter return tag through the contents",
     "fn load(p: ptr<function, u32>) -> u32 { return *p; }\n" COMPUTE(
         "var x = lid; if load(&x) == 0u { workgroupBarrier(); }"),
     false},
    // U4: pointers to other address spaces.
    {"U4 a read_write storage pointer parameter, loaded",
     "fn f(p: ptr<storage, array<u32, 4>, read_write>) { if p[0] == 0u { workgroupBarrier(); } "
     "}\n" COMPUTE("f(&rw);"),
     false},
    {"U4 a uniform pointer parameter, loaded",
     "fn f(p: ptr<uniform, u32>) { if *p == 0u { workgroupBarrier(); } }\n" COMPUTE("f(&u);"),
     true},
    // U10: loops and `break if`.
    {"U10 break if with a non-uniform condition",
     COMPUTE("loop { workgroupBarrier(); continuing { break if lid > 0u; } }"), false, 1},
    {"U10 break if with a uniform condition",
     COMPUTE("loop { workgroupBarrier(); continuing { break if u > 0u; } }"), true, 1},
    {"U10 a loop with behavior {Next} reconverges",
     COMPUTE("loop { if lid > 0u { break; } } workgroupBarrier();"), true},
    {"U10 a non-uniform break makes the next iteration non-uniform",
     COMPUTE("loop { workgroupBarrier(); if lid > 0u { break; } }"), false},
    {"U10 a body that only breaks does not iterate",
     COMPUTE("loop { if lid > 0u { } workgroupBarrier(); break; }"), true},
    {"U10 a non-uniform for condition",
     COMPUTE("for (var i = 0u; i < lid; i++) { workgroupBarrier(); }"), false, 0},
    {"U10 a uniform while condition",
     COMPUTE("var i = 0u; while i < u { workgroupBarrier(); i++; }"), true},
    // U7: short-circuit operators; U8: operands from the same CF.
    {"U7 a non-uniform left operand of &&",
     "fn g() -> bool { workgroupBarrier(); return true; }\n" COMPUTE("let b = lid > 0u && g();"),
     false},
    {"U7 a uniform left operand of ||",
     "fn g() -> bool { workgroupBarrier(); return true; }\n" COMPUTE("let b = u > 0u || g();"),
     true},
    // U12: `&v` without the load rule is CF.
    {"U12 arrayLength of a read_write buffer is uniform",
     "@group(0) @binding(2) var<storage, read_write> rt: array<u32>;\n" COMPUTE(
         "if arrayLength(&rt) > 0u { workgroupBarrier(); }"),
     true},
    {"U12 an atomic's value is non-uniform",
     "var<workgroup> a: atomic<u32>;\n" COMPUTE("if atomicLoad(&a) > 0u { workgroupBarrier(); }"),
     false},
    // U17: `discard` is {Next}.
    {"U17 discard does not make later control flow non-uniform",
     FRAGMENT("if p > 0.0 { discard; } _ = dpdx(1.0);"), true, 0},
    {"U17 a derivative after a non-uniform if without discard",
     FRAGMENT("if pos.x > 0.0 { _ = dpdx(1.0); }"), false, 0},
    // U18: user-defined inputs are non-uniform.
    {"U18 a @location input is non-uniform", FRAGMENT("if c > 0.0 { _ = dpdx(1.0); }"), false, 1},
    // Built-in values (new#uniformity-expressions).
    {"workgroup_id is uniform",
     "@compute @workgroup_size(64) fn main(@builtin(workgroup_id) w: vec3<u32>) { if w.x > 0u { "
     "workgroupBarrier(); } }",
     true, 1},
    // (subgroup_size, num_subgroups and subgroup_id are not built-in values of Plumb's checker
    // yet: docs/revision-2026.md.)
    // U16: subgroup uniformity scope.
    {"U16 a reduction of a uniform value is uniform at subgroup scope (NoRestriction)",
     "enable subgroups;\n" COMPUTE("if subgroupBroadcastFirst(u) > 0u { _ = subgroupAdd(1u); }"),
     true},
    {"U16 a reduction keeps the default parameter return tag (ambiguities U21)",
     "enable subgroups;\n" COMPUTE("if subgroupBroadcastFirst(lid) > 0u { _ = subgroupAdd(1u); }"),
     false},
    {"U16 a reduction's result is not uniform at workgroup scope",
     "enable subgroups;\n" COMPUTE("if subgroupBroadcastFirst(u) > 0u { workgroupBarrier(); }"),
     false},
    {"U16 a quad function's result is not uniform at subgroup scope",
     "enable subgroups;\n" COMPUTE("if quadBroadcast(u, 0) > 0u { _ = subgroupAdd(1u); }"), false},
    {"U16 a barrier needs no subgroup uniformity, only workgroup uniformity",
     "enable subgroups;\n" COMPUTE("if subgroupElect() { _ = subgroupAdd(1u); }"), false},
    {"U16 subgroupShuffleXor's mask must be uniform",
     "enable subgroups;\n" COMPUTE("_ = subgroupShuffleXor(1u, lid);"), false},
    {"U16 subgroupShuffleXor with a uniform mask",
     "enable subgroups;\n" COMPUTE("_ = subgroupShuffleXor(lid, u);"), true},
    // U5, U6: severities and filters.
    {"U6 a barrier is not filterable",
     "diagnostic(off, derivative_uniformity);\n" COMPUTE("if lid > 0u { workgroupBarrier(); }"),
     false},
    {"U6 off on the if statement",
     FRAGMENT("@diagnostic(off, derivative_uniformity) if pos.x > 0.0 { _ = dpdx(1.0); }"), true},
    {"U6 off on the body",
     FRAGMENT("if pos.x > 0.0 @diagnostic(off, derivative_uniformity) { _ = "
              "dpdx(1.0); }"),
     true},
    {"U6 off on a compound statement",
     FRAGMENT("@diagnostic(off, derivative_uniformity) { if pos.x > 0.0 { _ = dpdx(1.0); } }"),
     true},
    {"U6 off on a sibling statement does not apply",
     FRAGMENT("@diagnostic(off, derivative_uniformity) { } if pos.x > 0.0 { _ = dpdx(1.0); }"),
     false},
    {"U6 the body's filter does not cover the condition",
     FRAGMENT("if pos.x > 0.0 { if textureSample(t, s, vec2f()).x > 0.0 @diagnostic(off, "
              "derivative_uniformity) { } }"),
     false},
    {"U6 the innermost filter wins",
     FRAGMENT("@diagnostic(off, derivative_uniformity) if pos.x > 0.0 { @diagnostic(error, "
              "derivative_uniformity) if pos.y > 0.0 { _ = dpdx(1.0); } }"),
     false},
    {"U6 a loop body's filter",
     FRAGMENT("loop @diagnostic(off, derivative_uniformity) { if pos.x > "
              "0.0 { _ = dpdx(1.0); } break; }"),
     true},
    {"U6 subgroup_uniformity off",
     "enable subgroups;\n" COMPUTE("@diagnostic(off, subgroup_uniformity) if lid > 0u { _ = "
                                   "subgroupAdd(1u); }"),
     true},
    // new#uniformity-function-calls, the synchronization functions, and U15: a call of
    // workgroupUniformLoad is a control barrier (CallSiteRequiredToBeUniform.error), `p` has
    // ParameterRequiredToBeUniform.error, both with an unnamed trigger that no filter turns
    // off; its result is uniform (new#workgroupUniformLoad-builtin).
    {"U15 the result of workgroupUniformLoad is uniform",
     "var<workgroup> w: u32;\n" COMPUTE("if workgroupUniformLoad(&w) > 0u { workgroupBarrier(); }"),
     true},
    {"U15 a plain load of the workgroup variable is not",
     "var<workgroup> w: u32;\n" COMPUTE("if w > 0u { workgroupBarrier(); }"), false},
    {"U15 workgroupUniformLoad of an atomic is uniform",
     "var<workgroup> w: atomic<u32>;\n" COMPUTE(
         "if workgroupUniformLoad(&w) > 0u { workgroupBarrier(); }"),
     true},
    {"U15 workgroupUniformLoad in non-uniform control flow",
     "var<workgroup> w: u32;\n" COMPUTE("if lid > 0u { _ = workgroupUniformLoad(&w); }"), false},
    {"U15 workgroupUniformLoad of a non-uniform pointer",
     "var<workgroup> w: array<u32, 64>;\n" COMPUTE("_ = workgroupUniformLoad(&w[lid]);"), false},
    {"U15 workgroupUniformLoad of a uniform pointer",
     "var<workgroup> w: array<u32, 64>;\n" COMPUTE("_ = workgroupUniformLoad(&w[u]);"), true},
    {"U15 its trigger has no name: off does not apply",
     "diagnostic(off, derivative_uniformity);\ndiagnostic(off, subgroup_uniformity);\n"
     "enable subgroups;\nvar<workgroup> w: u32;\n" COMPUTE(
         "if lid > 0u { _ = workgroupUniformLoad(&w); }"),
     false},
    {"U6 a callee's tag keeps the severity of its own filter",
     "fn g() { _ = dpdx(1.0); }\n" FRAGMENT(
         "@diagnostic(off, derivative_uniformity) if pos.x > 0.0 { g(); }"),
     false},
};

TEST(CurrentUniformity, EachRuleOnBothSides) {
  for (const Case& c : kCases) {
    auto r = checkSourceIn(Revision::wgsl2026(), c.source);
    EXPECT_EQ(r->valid(), c.valid2026) << c.rule << "\n" << c.source << "\n" << r->text();
    if (!c.valid2026 && !r->rules().empty()) {
      EXPECT_EQ(r->rules()[0], "uniformity-function") << c.rule << "\n" << r->text();
    }
    if (c.seed >= 0) {
      auto seed = checkSourceIn(Revision::wgsl2022_06(), c.source);
      // Only the programs that the seed's grammar reads.
      if (seed->checked) {
        EXPECT_EQ(seed->valid(), c.seed == 1) << c.rule << " under 2022-06\n" << seed->text();
      }
    }
  }
}

size_t count(const testing::CheckResult& r, Severity s) {
  size_t n = 0;
  for (const Diagnostic& d : r.diagnostics.all())
    if (d.severity == s && d.rule == "uniformity-function") ++n;
  return n;
}

// new#uniformity-function: "If there is a path from RequiredToBeUniform.warning to
// MayBeNonUniform, then a warning diagnostic will be triggered"; the module stays valid.
TEST(CurrentUniformity, WarningAndInfoSeveritiesDoNotFail) {
  auto w =
      checkSourceIn(Revision::wgsl2026(), "diagnostic(warning, derivative_uniformity);\n" FRAGMENT(
                                              "if pos.x > 0.0 { _ = dpdx(1.0); }"));
  EXPECT_TRUE(w->valid()) << w->text();
  EXPECT_EQ(count(*w, Severity::Warning), 1u) << w->text();
  auto i = checkSourceIn(
      Revision::wgsl2026(),
      "diagnostic(info, derivative_uniformity);\n" FRAGMENT("if pos.x > 0.0 { _ = dpdx(1.0); }"));
  EXPECT_TRUE(i->valid()) << i->text();
  EXPECT_EQ(count(*i, Severity::Warning), 0u) << i->text();
  EXPECT_EQ(count(*i, Severity::Note), 1u) << i->text();
  auto off = checkSourceIn(
      Revision::wgsl2026(),
      "diagnostic(off, derivative_uniformity);\n" FRAGMENT("if pos.x > 0.0 { _ = dpdx(1.0); }"));
  EXPECT_TRUE(off->valid()) << off->text();
  EXPECT_EQ(count(*off, Severity::Warning) + count(*off, Severity::Note), 0u) << off->text();
  // A uniform call: no warning.
  auto none =
      checkSourceIn(Revision::wgsl2026(),
                    "diagnostic(warning, derivative_uniformity);\n" FRAGMENT("_ = dpdx(1.0);"));
  EXPECT_EQ(count(*none, Severity::Warning), 0u) << none->text();
}

// The CTS's parse,diagnostic:diagnostic_scoping "call_unaffected_warn": the callee's call site
// tag is CallSiteRequiredToBeUniform.warning (its own filter); the caller's `off` does not
// remove it.
TEST(CurrentUniformity, CallSiteTagCarriesTheCalleesSeverity) {
  auto r = checkSourceIn(Revision::wgsl2026(),
                         "diagnostic(warning, derivative_uniformity);\n"
                         "fn foo() { _ = dpdx(1.0); }\n" FRAGMENT(
                             "@diagnostic(off, derivative_uniformity) if pos.x > 0.0 { foo(); }"));
  EXPECT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(count(*r, Severity::Warning), 1u) << r->text();
}

// The seed's analysis is unchanged under 2022-06: its holes stay (U18 above, break if).
TEST(CurrentUniformity, TheSeedKeepsItsAnalysis) {
  auto r = checkSourceIn(Revision::wgsl2022_06(), FRAGMENT("if c > 0.0 { _ = dpdx(1.0); }"));
  EXPECT_TRUE(r->valid()) << r->text();
}

// new#uniformity-function: the tags of a function, as `plumb check --annotate-uniformity`
// prints them under 2026.
TEST(CurrentUniformity, TagsOfAFunction) {
  auto r = checkSourceIn(Revision::wgsl2026(),
                         "diagnostic(warning, derivative_uniformity);\n"
                         "var<private> pv: u32;\n"
                         "fn f(p: ptr<function, u32>, a: u32, b: u32) -> u32 {\n"
                         "  if *p == 0u { workgroupBarrier(); }\n"
                         "  *p = pv;\n"
                         "  return b;\n"
                         "}\n"
                         "fn g(x: f32) -> f32 { if x > 0.0 { return dpdx(x); } return 0.0; }\n");
  ASSERT_TRUE(r->valid()) << r->text();
  auto index = [&](const char* name) {
    return static_cast<size_t>(r->declaration(name) - r->checked->declarations.data());
  };
  CurrentTagSpellings f = spellings(r->checked->uniformity->functions[index("f")].current[0]);
  EXPECT_EQ(f.callSite, "CallSiteRequiredToBeUniform.error");
  EXPECT_EQ(f.function, "NoRestriction");
  EXPECT_EQ(f.parameters,
            (std::vector<std::string>{"ParameterContentsRequiredToBeUniform.error",
                                      "ParameterNoRestriction", "ParameterNoRestriction"}));
  EXPECT_EQ(f.parameterReturns, (std::vector<std::string>{
                                    "ParameterReturnNoRestriction", "ParameterReturnNoRestriction",
                                    "ParameterReturnContentsRequiredToBeUniform"}));
  EXPECT_EQ(f.pointerParameters[0], "PointerParameterMayBeNonUniform");
  CurrentTagSpellings g = spellings(r->checked->uniformity->functions[index("g")].current[0]);
  EXPECT_EQ(g.callSite, "CallSiteRequiredToBeUniform.warning");
  EXPECT_EQ(g.function, "ReturnValueMayBeNonUniform");
  EXPECT_EQ(g.parameters, (std::vector<std::string>{"ParameterRequiredToBeUniform.warning"}));
}

}  // namespace
}  // namespace plumb
