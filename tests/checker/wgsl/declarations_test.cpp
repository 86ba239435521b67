// Declarations: scopes and the module scope (#declaration-and-scope, wgsl-2022-06-07.bs
// l.958-1083), value declarations (#value-decls l.3680-3807: let, override, const), variables
// (#var-decls l.3809-3896, #module-scope-variables l.3898-3951, #function-scope-variables
// l.3977-4015), address spaces and access modes (#address-space l.2109-2162,
// #access-mode-defaults l.2778-2787), type aliases (#type-aliases l.3551-3574), structures
// (#struct-types l.1813-1904), and the type predicates that declarations require
// (#constructible-types l.1927, #fixed-footprint-types l.1946, #storable-types l.2037,
// #host-shareable-types l.2079).
//
// Every test gives the module and the exact list of rules of its errors (in the order they are
// reported), or the declared types and values.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "check_util.h"

namespace plumb {
namespace {

using Rules = std::vector<std::string>;

Rules rulesOf(const std::string& source) {
  return testing::checkSource(source)->rules();
}

std::string exactForm(const Value& v) {
  if (std::holds_alternative<bool>(v.data)) return v.boolValue() ? "true" : "false";
  if (std::holds_alternative<int64_t>(v.data)) return std::to_string(v.intValue());
  if (std::holds_alternative<double>(v.data)) return hexFloat(v.floatValue());
  if (std::holds_alternative<std::monostate>(v.data)) return "?";
  std::string out = "(";  // a composite: vector components, matrix columns, elements, members
  for (size_t i = 0; i < v.elements().size(); ++i) {
    if (i) out += ", ";
    out += exactForm(v.elements()[i]);
  }
  return out + ")";
}

using testing::declarationText;
using testing::localType;

// The line of each error, in order.
std::vector<uint32_t> errorLines(const testing::CheckResult& r) {
  std::vector<uint32_t> out;
  for (const Diagnostic& d : r.diagnostics.all())
    if (d.severity == Severity::Error) out.push_back(d.file->position(d.span.begin).line);
  return out;
}

// ------------------------------------------------------------------ #declaration-and-scope

// #declaration-and-scope, example "Valid and invalid declarations" (l.1025-1083), written out
// with its comments shortened: the seven lines it marks invalid are the seven errors.
TEST(DeclarationAndScope, TheSectionsExample) {
  auto r = testing::checkSource(
      "// Invalid, cannot reuse built-in function names (modf in this case).\n"  // 1
      "var<private> modf: f32 = 0.0;\n"                                          // 2
      "var<private> foo: f32 = 0.0; // foo_1\n"                                  // 3
      "var<private> bar: u32 = 0u; // bar_1\n"                                   // 4
      "fn my_func(foo: f32) { // my_func_1, foo_2\n"                             // 5
      "  var foo: f32; // foo_3, invalid: same end of scope as foo_2\n"          // 6
      "  var bar: u32; // bar_2\n"                                               // 7
      "  {\n"                                                                    // 8
      "    var bar: u32; // bar_3\n"                                             // 9
      "    var bar: i32; // bar_4, invalid\n"                                    // 10
      "    for ( var i: i32 = 0; i < 10; i++ ) { // i_1\n"                       // 11
      "      var i: i32 = 1; // i_2, invalid\n"                                  // 12
      "    }\n"                                                                  // 13
      "  }\n"                                                                    // 14
      "  var bar: u32; // bar_5, invalid\n"                                      // 15
      "  var early_use : i32 = later_def;\n"                                     // 16
      "}\n"                                                                      // 17
      "var<private> bar: u32 = 1u; // bar_6, invalid\n"                          // 18
      "fn my_func() { } // my_func_2, invalid\n"                                 // 19
      "fn my_foo( //my_foo_1\n"                                                  // 20
      "  my_foo: i32 // my_foo_2\n"                                              // 21
      ") { }\n"                                                                  // 22
      "var<private> later_def : i32 = 1;\n");                                    // 23
  EXPECT_EQ(r->rules(),
            (Rules{"builtin-functions", "declaration-and-scope", "declaration-and-scope",
                   "declaration-and-scope", "declaration-and-scope", "declaration-and-scope",
                   "declaration-and-scope"}))
      << r->text();
  // Module-scope names first (they are collected before the functions are resolved).
  EXPECT_EQ(errorLines(*r), (std::vector<uint32_t>{2, 18, 19, 6, 10, 12, 15}));
}

// "A declaration at module scope may be referenced by source text that follows or precedes that
// declaration" (l.1000-1003).
TEST(DeclarationAndScope, ModuleScopeDeclarationsInAnyOrder) {
  auto r = testing::checkSource(
      "fn f() -> S { return S(c, array<u32, n>(1u, 2u)); }\n"
      "const c: i32 = d + 1;\n"
      "struct S { a: A, b: array<u32, n> }\n"
      "type A = i32;\n"
      "const n = 2;\n"
      "const d = e * 2;\n"
      "const e = 20;\n"
      "var<private> v: S = f2();\n"
      "fn f2() -> S { return f(); }\n"
      "override height = 2 * depth;\n"
      "override depth: f32;\n");
  EXPECT_EQ(r->rules(), Rules{"var-decls"}) << "only `= f2()`, a runtime initializer\n"
                                            << r->text();
  r = testing::checkSource(
      "fn f() -> S { return S(c, array<u32, n>(1u, 2u)); }\n"
      "const c: i32 = d + 1;\n"
      "struct S { a: A, b: array<u32, n> }\n"
      "type A = i32;\n"
      "const n = 2;\n"
      "const d = e * 2;\n"
      "const e = 20;\n"
      "override height = 2 * depth;\n"
      "override depth: f32;\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(declarationText(*r, "c"), "i32 41");
  EXPECT_EQ(declarationText(*r, "d"), "AbstractInt 40");
  EXPECT_EQ(declarationText(*r, "S"), "S");
  EXPECT_EQ(declarationText(*r, "A"), "i32");
  EXPECT_EQ(declarationText(*r, "height"), "f32");
  EXPECT_EQ(declarationText(*r, "f"), "S");
}

// "It is a shader-creation error if any module scope declaration is recursive" (l.1005-1013):
// cycles through aliases, structures, array counts, constants, overrides, variables and
// functions are errors with rule declaration-and-scope, reported once per cycle.
TEST(DeclarationAndScope, CyclesAreErrors) {
  const char* cycles[] = {
      "type A = B;\ntype B = A;",
      "type A = array<A, 2>;",
      "type A = vec2<A>;",
      "struct S { s: S }",
      "struct S { a: array<S, 2> }",
      "struct S { a: T }\nstruct T { b: S }",
      "type A = S;\nstruct S { a: A }",
      "const a = b;\nconst b = a;",
      "const a = a + 1;",
      "const n = A(1, 2)[0];\ntype A = array<i32, n>;",
      "const c: T = 1;\ntype T = array<i32, c>;",
      "override o = o;",
      "override o = p;\noverride p = o * 2;",
      "var<private> v: i32 = v;",
      "fn f() { f(); }",
      "fn f() { g(); }\nfn g() { f(); }",
      "fn f() -> i32 { return c; }\nconst c = 1;\nvar<private> v = c;\nfn g() { f(); g(); }",
  };
  for (const char* source : cycles) {
    auto r = testing::checkSource(source);
    EXPECT_EQ(r->rules(), Rules{"declaration-and-scope"}) << source << "\n" << r->text();
  }
}

// Long chains and long cycles are handled without deep recursion (the graph is walked
// iteratively, checker/wgsl/resolver.cpp): a chain of 20000 constants is valid and its value is
// computed; closing it into a cycle is one error.
TEST(DeclarationAndScope, LongChainsAndCyclesTerminate) {
  const int n = 20000;
  std::string chain;
  for (int i = 0; i < n - 1; ++i)
    chain += "const c" + std::to_string(i) + " = c" + std::to_string(i + 1) + " + 1;\n";
  auto r = testing::checkSource(chain + "const c" + std::to_string(n - 1) + " = 1;\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(declarationText(*r, "c0"), "AbstractInt 20000");
  r = testing::checkSource(chain + "const c" + std::to_string(n - 1) + " = c0;\n");
  EXPECT_EQ(r->rules(), Rules{"declaration-and-scope"});
  std::string aliases;
  for (int i = 0; i < n - 1; ++i)
    aliases += "type T" + std::to_string(i) + " = T" + std::to_string(i + 1) + ";\n";
  r = testing::checkSource(aliases + "type T" + std::to_string(n - 1) + " = T0;\n");
  EXPECT_EQ(r->rules(), Rules{"declaration-and-scope"});
}

// "A declaration must not introduce a name when that identifier is already in scope with the
// same end of scope as another instance of that name" (l.988-989); a use resolves to "the
// non-module-scope declaration appearing closest to that use, or the module-scope declaration
// if no other declaration is in scope" (l.976-981).
TEST(DeclarationAndScope, Shadowing) {
  // Same end of scope: errors.
  EXPECT_EQ(rulesOf("const x = 1;\nconst x = 2;"), Rules{"declaration-and-scope"});
  EXPECT_EQ(rulesOf("struct x { a: i32 }\nfn x() {}"), Rules{"declaration-and-scope"});
  EXPECT_EQ(rulesOf("type x = i32;\nvar<private> x: i32;"), Rules{"declaration-and-scope"});
  EXPECT_EQ(rulesOf("fn f() { let x = 1; let x = 2; }"), Rules{"declaration-and-scope"});
  EXPECT_EQ(rulesOf("fn f() { const x = 1; var x = 2; }"), Rules{"declaration-and-scope"});
  EXPECT_EQ(rulesOf("fn f(x: i32) { let x = 1; }"), Rules{"declaration-and-scope"});
  EXPECT_EQ(rulesOf("fn f(x: i32, x: u32) {}"), Rules{"declaration-and-scope"});
  // Inner scopes and module-scope names may be shadowed.
  auto r = testing::checkSource(
      "const x = 1u;\n"
      "fn f(p: f32) {\n"
      "  let a = x;\n"                          // the module-scope x
      "  let x = 2.5;\n"                        // shadows it
      "  let b = x;\n"                          // the local x
      "  { let x = 3i; let c = x; }\n"          // the inner block's x
      "  { let p = vec2(1, 2); let d = p; }\n"  // shadows the parameter
      "  let e = p;\n"
      "}\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(localType(*r, "a"), "u32");
  EXPECT_EQ(localType(*r, "b"), "f32");
  EXPECT_EQ(localType(*r, "c"), "i32");
  EXPECT_EQ(localType(*r, "d"), "vec2<i32>");
  EXPECT_EQ(localType(*r, "e"), "f32");
  // A function-scope name is in scope only after its declaration (l.1018-1020): before it,
  // the module-scope declaration is used, or the name is not declared. An initializer is not in
  // the scope of its own declaration.
  r = testing::checkSource("const x = 1u;\nfn f() { let a = x; let x = 2.5; let y = x + 1.0; }");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(localType(*r, "a"), "u32");
  EXPECT_EQ(rulesOf("fn f() { let a = x; let x = 2; }"), Rules{"declaration-and-scope"});
  r = testing::checkSource("const x = 1u;\nfn f() { let x = x + 1; }");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(localType(*r, "x"), "u32");
  // Built-in function names are predeclared: a module-scope declaration must not reuse one
  // (#builtin-functions), a function-scope one may shadow it.
  EXPECT_EQ(rulesOf("var<private> min: f32;"), Rules{"builtin-functions"});
  EXPECT_EQ(rulesOf("fn max() {}"), Rules{"builtin-functions"});
  EXPECT_EQ(rulesOf("struct select { a: i32 }"), Rules{"builtin-functions"});
  EXPECT_EQ(rulesOf("fn f() { let min = 1; }"), Rules{});
  // A function's own name may be shadowed in its body; a use that resolves to a function-scope
  // declaration is not an edge of the declaration graph.
  EXPECT_EQ(rulesOf("fn f() { let f = 1; }"), Rules{});
  EXPECT_EQ(rulesOf("fn f() { let g = 1; let h = g; }\nfn g() { f(); }"), Rules{});
  // The predeclared type texture_external (docs/ambiguities.md A7).
  EXPECT_EQ(rulesOf("type texture_external = i32;"), Rules{"declaration-and-scope"});
  // Uses of undeclared names.
  EXPECT_EQ(rulesOf("const c = undeclared;"), Rules{"declaration-and-scope"});
  EXPECT_EQ(rulesOf("var<private> v: Undeclared;"), Rules{"declaration-and-scope"});
  EXPECT_EQ(rulesOf("fn f() { undeclared(); }"), Rules{"declaration-and-scope"});
}

// ------------------------------------------------------------------ const

// #creation-time-consts (l.3770-3807): "must be declared with an initializer and be composed only
// of creation-time expressions"; the type may be abstract; declared at module or function scope.
TEST(ConstDeclarations, ExampleAndRules) {
  // Example "Creation-time constants" (l.3797-3807). The comment's value of g,
  // ((2, 4), (2, 4)), is wrong (inventory B6): mat2x2(a, f, a, f) with a = 4 and f = 4.0 is
  // ((4, 4), (4, 4)).
  auto r = testing::checkSource(
      "const a = 4;\n"
      "const b : i32 = 4;\n"
      "const c : u32 = 4;\n"
      "const d : f32 = 4;\n"
      "const e = vec3(a, a, a);\n"
      "const f = 4.0;\n"
      "const g = mat2x2(a, f, a, f);\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(declarationText(*r, "a"), "AbstractInt 4");
  EXPECT_EQ(declarationText(*r, "b"), "i32 4");
  EXPECT_EQ(declarationText(*r, "c"), "u32 4");
  EXPECT_EQ(declarationText(*r, "d"), "f32 0x1p+2");
  EXPECT_EQ(declarationText(*r, "e"), "vec3<AbstractInt> (4, 4, 4)");
  EXPECT_EQ(declarationText(*r, "f"), "AbstractFloat 0x1p+2");
  EXPECT_EQ(declarationText(*r, "g"), "mat2x2<AbstractFloat> ((0x1p+2, 0x1p+2), (0x1p+2, 0x1p+2))");
  // Example "Module constants" (l.3961-3968).
  r = testing::checkSource("const golden: f32 = 1.61803398875;\nconst e2 = vec3(0,1,0);\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(declarationText(*r, "golden"), "f32 0x1.9e377ap+0");
  EXPECT_EQ(declarationText(*r, "e2"), "vec3<AbstractInt> (0, 1, 0)");
  // Constructible types: arrays and structures (#constructible-types).
  r = testing::checkSource(
      "struct S { a: i32, b: vec2<f32> }\n"
      "const arr = array<i32, 2>(1, 2);\n"
      "const s = S(1, vec2(0.5, 2.0));\n"
      "const t = s.b.y + f32(arr[1]);\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(declarationText(*r, "arr"), "array<i32, 2> (1, 2)");
  EXPECT_EQ(declarationText(*r, "s"), "S (1, (0x1p-1, 0x1p+1))");
  EXPECT_EQ(declarationText(*r, "t"), "f32 0x1p+2");
  // An initializer is required (a syntax error: the grammar has no const without one).
  EXPECT_EQ(rulesOf("const x: i32;"), Rules{"syntax-global_constant_decl"});
  EXPECT_EQ(rulesOf("fn f() { const x: i32; }"), Rules{"syntax-variable_statement"});
  // Creation-time expressions only: no override, variable or let.
  EXPECT_EQ(rulesOf("override o = 1;\nconst c = o;"), Rules{"creation-time-consts"});
  EXPECT_EQ(rulesOf("var<private> v: i32;\nconst c = v;"), Rules{"creation-time-consts"});
  EXPECT_EQ(rulesOf("fn f() { let x = 1; const d = x; }"), Rules{"creation-time-consts"});
  EXPECT_EQ(rulesOf("fn f(p: i32) { const d = p; }"), Rules{"creation-time-consts"});
  // "When the type is specified ... the initializer expression must evaluate to that type".
  EXPECT_EQ(rulesOf("const c: u32 = 1i;"), Rules{"var-and-value"});
  EXPECT_EQ(rulesOf("const c: i32 = 1.0;"), Rules{"var-and-value"});
  // Function-scope const: a creation-time value.
  r = testing::checkSource("fn f() { const c = 2; const d = c * 3; let x: u32 = d; }");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(localType(*r, "c"), "AbstractInt");
  EXPECT_EQ(localType(*r, "x"), "u32");
}

// ------------------------------------------------------------------ override

// #override-decls (l.3713-3768): module scope only; a declared type, an initializer, or both;
// the declared type and the initializer are scalars; the initializer is an override expression
// of the declared type; @id between 0 and 65535 and unique. Rule override-decls.
TEST(OverrideDeclarations, ExampleAndRules) {
  // Example "Module constants, pipeline-overrideable" (l.3752-3767). At shader creation an
  // override has no value (the application may replace it).
  auto r = testing::checkSource(
      "@id(0)    override has_point_light: bool = true;\n"
      "@id(1200) override specular_param: f32 = 2.3;\n"
      "@id(1300) override gain: f32;\n"
      "          override width: f32 = 0.0;\n"
      "          override depth: f32;\n"
      "          override height = 2 * depth;\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(declarationText(*r, "has_point_light"), "bool");
  EXPECT_EQ(declarationText(*r, "specular_param"), "f32");
  EXPECT_EQ(declarationText(*r, "gain"), "f32");
  EXPECT_EQ(declarationText(*r, "height"), "f32");
  // An abstract initializer is concretized (inventory C11; docs/ambiguities.md S10).
  r = testing::checkSource("override i = 1;\noverride f = 2.5;\noverride u: u32 = 3;\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(declarationText(*r, "i"), "i32");
  EXPECT_EQ(declarationText(*r, "f"), "f32");
  EXPECT_EQ(declarationText(*r, "u"), "u32");

  EXPECT_EQ(rulesOf("override x;"), Rules{"override-decls"});
  EXPECT_EQ(rulesOf("override x: vec2<f32>;"), Rules{"override-decls"});
  EXPECT_EQ(rulesOf("struct S { a: i32 }\noverride x: S;"), Rules{"override-decls"});
  EXPECT_EQ(rulesOf("override x = vec2(1, 2);"), Rules{"override-decls"});
  EXPECT_EQ(rulesOf("override x: i32 = 1.5;"), Rules{"var-and-value"});
  EXPECT_EQ(rulesOf("override x: u32 = -1;"), Rules{"conversion-rank"});
  EXPECT_EQ(rulesOf("var<private> v: i32;\noverride o = v;"), Rules{"override-decls"});
  EXPECT_EQ(rulesOf("fn f() { override x = 1; }"), Rules{"syntax-statement"});
  EXPECT_EQ(rulesOf("@id(65535) override a: i32;\n@id(0) override b: i32;"), Rules{});
  EXPECT_EQ(rulesOf("@id(65536) override x: i32;"), Rules{"override-decls"});
  EXPECT_EQ(rulesOf("@id(1) override a: i32;\n@id(1) override b: i32;"), Rules{"override-decls"});
  // Override expressions: overrides, constants and @const built-ins.
  EXPECT_EQ(rulesOf("const k = 3;\noverride a = 1;\noverride b = max(a, k) * 2;"), Rules{});
}

// ------------------------------------------------------------------ let

// #let-decls (l.3691-3711) and #function-scope-variables (l.3977-3986): only in functions, with
// an initializer; the type is constructible or a pointer; a declared type must match.
TEST(LetDeclarations, Rules) {
  // Example "let-declared constants at function scope" (l.3703-3711).
  auto r = testing::checkSource("fn f() { let blockSize: i32 = 1024; let row_size = 16u; }");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(localType(*r, "blockSize"), "i32");
  EXPECT_EQ(localType(*r, "row_size"), "u32");
  // Module scope: no `let` in this revision (docs/ambiguities.md C1).
  EXPECT_EQ(rulesOf("let x = 1;"), Rules{"syntax-global_decl"});
  EXPECT_EQ(rulesOf("fn f() { let x; }"), Rules{"syntax-variable_statement"});
  EXPECT_EQ(rulesOf("fn f() { let x: i32; }"), Rules{"syntax-variable_statement"});
  EXPECT_EQ(rulesOf("fn f() { let x: i32 = 1u; }"), Rules{"var-and-value"});
  // Pointers are allowed; runtime-sized arrays, atomics and textures are not constructible.
  r = testing::checkSource("fn f() { var v = 1; let p = &v; let q: ptr<function, i32> = p; }");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(localType(*r, "p"), "ptr<function, i32, read_write>");
  EXPECT_EQ(rulesOf("@group(0) @binding(0) var<storage> buf: array<i32>;\n"
                    "fn f() { let a = buf; }"),
            Rules{"function-scope-variables"});
  EXPECT_EQ(rulesOf("var<workgroup> a: atomic<i32>;\nfn f() { let x = a; }"),
            Rules{"function-scope-variables"});
  EXPECT_EQ(rulesOf("@group(0) @binding(0) var t: texture_2d<f32>;\nfn f() { let x = t; }"),
            Rules{"function-scope-variables"});
}

// ------------------------------------------------------------------ var

// #module-scope-variables (l.3898-3951), #address-space (table l.2116-2162),
// #access-mode-defaults (l.2778-2787): the reference type of each kind of module-scope variable,
// with the default access modes (read for uniform, storage without a mode, and handle;
// read_write otherwise).
TEST(VarDeclarations, ModuleScopeExampleAndAccessModeDefaults) {
  // Example "Module scope variable declarations" (l.3931-3951).
  auto r = testing::checkSource(
      "var<private> decibels: f32;\n"
      "var<workgroup> worklist: array<i32,10>;\n"
      "struct Params {\n"
      "  specular: f32,\n"
      "  count: i32\n"
      "}\n"
      "@group(0) @binding(2)\n"
      "var<uniform> param: Params;    // A uniform buffer\n"
      "@group(0) @binding(0)\n"
      "var<storage,read_write> pbuf: array<vec2<f32>>;\n"
      "@group(0) @binding(1)\n"
      "var filter_params: sampler;\n"
      "@group(0) @binding(3) var<storage> ro: i32;\n"
      "@group(0) @binding(4) var<storage, read> ro2: i32;\n"
      "@group(0) @binding(5) var tex: texture_2d<f32>;\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(declarationText(*r, "decibels"), "ref<private, f32, read_write>");
  EXPECT_EQ(declarationText(*r, "worklist"), "ref<workgroup, array<i32, 10>, read_write>");
  EXPECT_EQ(declarationText(*r, "param"), "ref<uniform, Params, read>");
  EXPECT_EQ(declarationText(*r, "pbuf"), "ref<storage, array<vec2<f32>>, read_write>");
  EXPECT_EQ(declarationText(*r, "filter_params"), "ref<handle, sampler, read>");
  EXPECT_EQ(declarationText(*r, "ro"), "ref<storage, i32, read>");
  EXPECT_EQ(declarationText(*r, "ro2"), "ref<storage, i32, read>");
  EXPECT_EQ(declarationText(*r, "tex"), "ref<handle, texture_2d<f32>, read>");
  // Pointer types take the same defaults.
  r = testing::checkSource(
      "fn f(p: ptr<function, i32>, q: ptr<private, f32>, w: ptr<workgroup, u32>) {}\n"
      "var<private> x: i32;\n"
      "fn g() { let p: ptr<private, i32> = &x; }\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(localType(*r, "p"), "ptr<private, i32, read_write>");
}

// The restrictions on module-scope variables (l.3903-3910) and on access modes.
TEST(VarDeclarations, ModuleScopeRules) {
  // "Must be declared with an explicit address space decoration"; "must not be in the function
  // address space"; textures and samplers "must not have an address space decoration".
  EXPECT_EQ(rulesOf("var x: i32;"), Rules{"module-scope-variables"});
  EXPECT_EQ(rulesOf("var<function> x: i32;"), Rules{"module-scope-variables"});
  EXPECT_EQ(rulesOf("@group(0) @binding(0) var<private> t: texture_2d<f32>;"),
            Rules{"module-scope-variables"});
  EXPECT_EQ(rulesOf("@group(0) @binding(0) var<uniform> s: sampler;"),
            Rules{"module-scope-variables"});
  // Access modes: only for storage, and storage is read or read_write.
  EXPECT_EQ(rulesOf("var<private, read_write> x: i32;"), Rules{"access-mode-defaults"});
  EXPECT_EQ(rulesOf("var<workgroup, read_write> x: i32;"), Rules{"access-mode-defaults"});
  EXPECT_EQ(rulesOf("@group(0) @binding(0) var<uniform, read> x: i32;"),
            Rules{"access-mode-defaults"});
  EXPECT_EQ(rulesOf("@group(0) @binding(0) var<storage, write> x: i32;"), Rules{"address-space"});
  EXPECT_EQ(rulesOf("fn f(p: ptr<function, i32, read_write>) {}"), Rules{"access-mode-defaults"});
  // A type or an initializer.
  EXPECT_EQ(rulesOf("var<private> x;"), Rules{"var-decls"});
}

// #var-decls (l.3828-3829): "Optionally has an initializer expression, if the variable is in
// the private or function address spaces"; "the initializer expression must evaluate to the
// variable's store type". A module-scope initializer must be a creation-time or override
// expression (the seed is silent: docs/ambiguities.md S11).
TEST(VarDeclarations, WhichAddressSpacesHaveInitializers) {
  auto r = testing::checkSource(
      "const k = 4;\n"
      "override o: i32;\n"
      "var<private> a = 1;\n"
      "var<private> b: f32 = k;\n"
      "var<private> c = o * 2;\n"
      "var<private> d = vec2(1.5, k);\n"
      "fn f() { var e = 1.0; var g: u32 = k; }\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(declarationText(*r, "a"), "ref<private, i32, read_write>");
  EXPECT_EQ(declarationText(*r, "b"), "ref<private, f32, read_write>");
  EXPECT_EQ(declarationText(*r, "c"), "ref<private, i32, read_write>");
  EXPECT_EQ(declarationText(*r, "d"), "ref<private, vec2<f32>, read_write>");
  EXPECT_EQ(localType(*r, "e"), "ref<function, f32, read_write>");
  EXPECT_EQ(rulesOf("var<workgroup> w: i32 = 1;"), Rules{"var-decls"});
  EXPECT_EQ(rulesOf("@group(0) @binding(0) var<uniform> u: i32 = 1;"), Rules{"var-decls"});
  EXPECT_EQ(rulesOf("@group(0) @binding(0) var<storage> s: i32 = 1;"), Rules{"var-decls"});
  EXPECT_EQ(rulesOf("var<private> a: i32 = 1u;"), Rules{"var-and-value"});
  EXPECT_EQ(rulesOf("var<private> a: u32 = -1;"), Rules{"conversion-rank"});
  EXPECT_EQ(rulesOf("var<private> v = 1;\nvar<private> w = v;"), Rules{"var-decls"});
  EXPECT_EQ(rulesOf("fn g() -> i32 { return 1; }\nvar<private> w = g();"), Rules{"var-decls"});
}

// #function-scope-variables (l.3977-4015): always the function address space, the decoration
// optional; store type constructible; the store type may be inferred from the initializer.
TEST(VarDeclarations, FunctionScope) {
  // Example "Function scope variables and constants" (l.3995-4005) and "Variable initial
  // values" (l.3874-3883).
  auto r = testing::checkSource(
      "fn f() {\n"
      "   var<function> count: u32;\n"
      "   var delta: i32;\n"
      "   var sum: f32 = 0.0;\n"
      "   var pi = 3.14159;\n"
      "   let unit: i32 = 1;\n"
      "}\n"
      "fn g() {\n"
      "    var i: i32;\n"
      "    loop {\n"
      "      var twice: i32 = 2 * i;\n"
      "      i++;\n"
      "      if i == 5 { break; }\n"
      "    }\n"
      "}\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(localType(*r, "count"), "ref<function, u32, read_write>");
  EXPECT_EQ(localType(*r, "delta"), "ref<function, i32, read_write>");
  EXPECT_EQ(localType(*r, "sum"), "ref<function, f32, read_write>");
  EXPECT_EQ(localType(*r, "pi"), "ref<function, f32, read_write>");
  EXPECT_EQ(localType(*r, "unit"), "i32");
  EXPECT_EQ(localType(*r, "twice"), "ref<function, i32, read_write>");
  EXPECT_EQ(rulesOf("fn f() { var<private> x: i32; }"), Rules{"function-scope-variables"});
  EXPECT_EQ(rulesOf("fn f() { var<workgroup> x: i32; }"), Rules{"function-scope-variables"});
  EXPECT_EQ(rulesOf("fn f() { var<function, read_write> x: i32; }"), Rules{"access-mode-defaults"});
  EXPECT_EQ(rulesOf("fn f() { var x; }"), Rules{"var-decls"});
  EXPECT_EQ(rulesOf("fn f() { var a: atomic<i32>; }"), Rules{"function-scope-variables"});
  EXPECT_EQ(rulesOf("fn f() { var a: array<i32>; }"), Rules{"function-scope-variables"});
  EXPECT_EQ(rulesOf("fn f() { var s: sampler; }"), Rules{"function-scope-variables"});
}

// ------------------------------------------------------------------ type aliases

// #type-aliases (l.3551-3574): a new name for an existing type, at module scope only.
TEST(TypeAliases, ExampleAndRules) {
  // Example "Type Alias" (l.3562-3574).
  auto r = testing::checkSource(
      "type Arr = array<i32, 5>;\n"
      "type RTArr = array<vec4<f32>>;\n"
      "type single = f32;     // Declare an alias for f32\n"
      "const pi_approx: single = 3.1415;\n"
      "fn two_pi() -> single {\n"
      "  return single(2) * pi_approx;\n"
      "}\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(declarationText(*r, "Arr"), "array<i32, 5>");
  EXPECT_EQ(declarationText(*r, "RTArr"), "array<vec4<f32>>");
  EXPECT_EQ(declarationText(*r, "single"), "f32");
  EXPECT_EQ(declarationText(*r, "pi_approx"), "f32 0x1.921cacp+1");
  EXPECT_EQ(declarationText(*r, "two_pi"), "f32");
  // An alias is the same type as the one it names.
  r = testing::checkSource(
      "type A = vec2<f32>;\ntype B = A;\nconst x: B = vec2<f32>(1.0, 2.0);\n"
      "const y: vec2<f32> = A(3.0, 4.0);\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(declarationText(*r, "B"), "vec2<f32>");
  EXPECT_EQ(declarationText(*r, "x"), "vec2<f32> (0x1p+0, 0x1p+1)");
  EXPECT_EQ(declarationText(*r, "y"), "vec2<f32> (0x1.8p+1, 0x1p+2)");
  EXPECT_EQ(rulesOf("fn f() { type T = i32; }"), Rules{"syntax-statement"});
  EXPECT_EQ(rulesOf("type T = i32;\nconst c = T;"), Rules{"var-identifier-expr"});
  EXPECT_EQ(rulesOf("const c = 1;\ntype T = c;"), Rules{"type-declarations"});
  EXPECT_EQ(rulesOf("type T = f16;"), Rules{"extension-list"});
}

// ------------------------------------------------------------------ structures

// #struct-types (l.1813-1904): member names unique; member types scalar, vector, matrix, atomic,
// fixed-size array or structure with creation-fixed footprint, or a runtime-sized array as the
// last member (rule struct-types).
TEST(Structures, ExamplesAndMemberTypes) {
  // Examples "Structure" (l.1845-1853), "Structure declaration" (l.1884-1891) and "Structure
  // used to declare a buffer" (l.1893-1904).
  auto r = testing::checkSource(
      "struct Data {\n"
      "  a: i32,\n"
      "  b: vec2<f32>,\n"
      "  c: array<i32,10>,\n"
      "  d: array<f32>, // last comma is optional\n"
      "}\n"
      "struct my_struct {\n"
      "  a: f32,\n"
      "  b: vec4<f32>\n"
      "}\n"
      "type RTArr = array<vec4<f32>>;\n"
      "struct S {\n"
      "  a: f32,\n"
      "  b: f32,\n"
      "  data: RTArr\n"
      "}\n"
      "@group(0) @binding(0) var<storage> buffer: S;\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(declarationText(*r, "buffer"), "ref<storage, S, read>");

  EXPECT_EQ(rulesOf("struct S { a: i32, a: u32 }"), Rules{"struct-types"});
  EXPECT_EQ(rulesOf("struct S { a: array<i32>, b: i32 }"), Rules{"struct-types"});
  EXPECT_EQ(rulesOf("struct S { p: ptr<function, i32> }"), Rules{"struct-types"});
  EXPECT_EQ(rulesOf("struct S { s: sampler }"), Rules{"struct-types"});
  EXPECT_EQ(
      rulesOf("@group(0) @binding(0) var t: texture_2d<f32>;\nstruct S { t: texture_2d<f32> }"),
      Rules{"struct-types"});
  // A structure with a runtime-sized array has no creation-fixed footprint: it cannot be a
  // member or an array element (l.1840-1843).
  EXPECT_EQ(rulesOf("struct A { r: array<i32> }\nstruct B { a: A }"), Rules{"struct-types"});
  EXPECT_EQ(rulesOf("struct A { r: array<i32> }\ntype T = array<A, 2>;"), Rules{"array-types"});
  // An array sized by an override has no creation-fixed footprint either.
  EXPECT_EQ(rulesOf("override n = 4;\nstruct S { a: array<f32, n> }"), Rules{"struct-types"});
  EXPECT_EQ(rulesOf("struct S { a: atomic<u32>, b: mat2x3<f32>, c: array<vec3<f32>, 2> }"),
            Rules{});
}

// ------------------------------------------------------------------ type predicates

// #address-space, "Restrictions on stored values" (table l.2116-2162), #storable-types,
// #constructible-types, #fixed-footprint-types, #host-shareable-types, each through the
// declarations that require it. Rule address-space.
TEST(TypePredicates, ThroughTheAddressSpaces) {
  const char* s =
      "struct R { a: i32, r: array<i32> }\n"
      "struct T { a: atomic<i32> }\n"
      "struct B { b: bool }\n"
      "override n = 4;\n";
  auto rules = [&](const std::string& declaration) { return rulesOf(s + declaration); };
  // private (and function): constructible.
  EXPECT_EQ(rules("var<private> v: array<vec2<f32>, 3>;"), Rules{});
  EXPECT_EQ(rules("var<private> v: B;"), Rules{});
  EXPECT_EQ(rules("var<private> v: array<f32>;"), Rules{"address-space"});
  EXPECT_EQ(rules("var<private> v: R;"), Rules{"address-space"});
  EXPECT_EQ(rules("var<private> v: array<f32, n>;"), (Rules{"address-space", "address-space"}));
  EXPECT_EQ(rules("var<private> v: ptr<private, i32>;"), Rules{"address-space"}) << "storable";
  // Atomics are not constructible, and are only for workgroup and read_write storage
  // (#atomic-types): two errors.
  EXPECT_EQ(rules("var<private> v: T;"), (Rules{"address-space", "address-space"}));
  // workgroup: plain with a fixed footprint (atomics and override-sized arrays allowed).
  EXPECT_EQ(rules("var<workgroup> v: B;"), Rules{});
  EXPECT_EQ(rules("var<workgroup> v: T;"), Rules{});
  EXPECT_EQ(rules("var<workgroup> v: array<atomic<u32>, 4>;"), Rules{});
  EXPECT_EQ(rules("var<workgroup> v: array<i32, n>;"), Rules{});
  EXPECT_EQ(rules("var<workgroup> v: array<f32>;"), Rules{"address-space"});
  EXPECT_EQ(rules("var<workgroup> v: R;"), Rules{"address-space"});
  // The override-sized count only at the outer level (example "Workgroup variables sized by
  // overridable constants", l.1782-1797).
  EXPECT_EQ(rules("var<workgroup> v: array<array<i32, n>, 2>;"), Rules{"array-types"});
  // uniform: constructible and host-shareable.
  EXPECT_EQ(rules("@group(0) @binding(0) var<uniform> v: mat2x2<f32>;"), Rules{});
  EXPECT_EQ(rules("@group(0) @binding(0) var<uniform> v: B;"), Rules{"address-space"});
  EXPECT_EQ(rules("@group(0) @binding(0) var<uniform> v: vec3<bool>;"), Rules{"address-space"});
  EXPECT_EQ(rules("@group(0) @binding(0) var<uniform> v: array<vec4<f32>>;"),
            Rules{"address-space"});
  // storage: host-shareable (runtime-sized arrays and atomics allowed; atomics need
  // read_write).
  EXPECT_EQ(rules("@group(0) @binding(0) var<storage> v: R;"), Rules{});
  EXPECT_EQ(rules("@group(0) @binding(0) var<storage, read_write> v: T;"), Rules{});
  EXPECT_EQ(rules("@group(0) @binding(0) var<storage> v: T;"), Rules{"address-space"});
  EXPECT_EQ(rules("@group(0) @binding(0) var<storage> v: array<bool, 2>;"), Rules{"address-space"});
  EXPECT_EQ(rules("@group(0) @binding(0) var<storage> v: B;"), Rules{"address-space"});
  EXPECT_EQ(rulesOf("enable f16;\n@group(0) @binding(0) var<storage> v: vec2<f16>;"), Rules{});
}

// #array-types (l.1709-1790): the element count "must be an override expression" and "must
// evaluate to an integer scalar" (rule array-types); it is positive (checked at shader creation
// for creation-time counts, checker/wgsl/type_decls.cpp); counts of equal value give the same type,
// signed or unsigned, and an override-sized count is only for workgroup variables, at the outer
// level. Examples "Example fixed-size array types, non-overridable element count"
// (l.1752-1770) and "Workgroup variables sized by overridable constants" (l.1782-1797).
TEST(TypePredicates, ArrayElementCounts) {
  auto r = testing::checkSource(
      "var<private> a: array<f32,8>;\n"
      "var<private> b: array<i32,8>;\n"
      "var<private> c: array<i32,8u>;\n"
      "const width = 8;\n"
      "const height = 8;\n"
      "var<private> d: array<i32,width>;\n"
      "var<private> e: array<i32,width>;\n"
      "var<private> f: array<i32,height>;\n"
      "fn g() { b = c; c = d; e = f; }\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(declarationText(*r, "c"), "ref<private, array<i32, 8>, read_write>");
  EXPECT_EQ(rulesOf("var<private> a: array<f32,8>;\nvar<private> b: array<i32,8>;\n"
                    "fn g() { a = b; }"),
            Rules{"simple-assignment-section"});
  EXPECT_EQ(rulesOf("override blockSize = 16;\n"
                    "var<workgroup> odds: array<i32,blockSize>;\n"
                    "var<workgroup> evens: array<i32,blockSize>;"),
            Rules{});
  EXPECT_EQ(rulesOf("override blockSize = 16;\n"
                    "var<workgroup> both: array<array<i32,blockSize>,2>;"),
            Rules{"array-types"});
  EXPECT_EQ(rulesOf("override blockSize = 16;\n"
                    "var<private> bad_address_space: array<i32,blockSize>;"),
            (Rules{"address-space", "address-space"}));
  EXPECT_EQ(rulesOf("type A = array<i32, 0>;"), Rules{"array-types"});
  EXPECT_EQ(rulesOf("const c = 0;\ntype A = array<i32, c>;"), Rules{"array-types"});
  EXPECT_EQ(rulesOf("type A = array<i32, -1>;"), Rules{"array-types"});
  EXPECT_EQ(rulesOf("type A = array<i32, 1.0>;"), Rules{"array-types"});
  EXPECT_EQ(rulesOf("fn f() { let n = 3; var a: array<i32, n>; }"), Rules{"array-types"});
  EXPECT_EQ(rulesOf("fn f() { const n = 3; var a: array<i32, n>; }"), Rules{});
  EXPECT_EQ(rulesOf("type A = array<i32, 2147483647i>;\ntype B = array<i32, 4294967295u>;"),
            Rules{});
}

// The integer scalars are i32 and u32 (#scalar-types l.1589), so an element count "must
// evaluate to an integer scalar" (#array-types l.1731) cannot be an AbstractInt that neither
// type can represent.
TEST(TypePredicates, ArrayElementCountBeyondI32AndU32) {
  EXPECT_FALSE(testing::checkSource("type A = array<i32, 4294967296>;")->valid());
  EXPECT_FALSE(testing::checkSource("var<private> v: array<i32, 9223372036854775807>;")->valid());
  EXPECT_EQ(rulesOf("type A = array<i32, 4294967296>;"), Rules{"conversion-rank"});
  EXPECT_EQ(rulesOf("type A = array<i32, 3000000000u>;"), Rules{});
  EXPECT_EQ(rulesOf("type A = array<i32, 2147483647>;"), Rules{});
}

// Constructible types in the other places that require them (#function-restriction
// l.7492-7497): return types and parameters (parameters may also be pointers, textures and
// samplers).
TEST(TypePredicates, FunctionSignatures) {
  EXPECT_EQ(rulesOf("struct S { a: i32 }\nfn f(a: S, b: array<f32, 2>) -> S { return a; }"),
            Rules{});
  EXPECT_EQ(rulesOf("fn f(t: texture_2d<f32>, s: sampler, p: ptr<function, i32>) {}"), Rules{});
  EXPECT_EQ(rulesOf("fn f() -> array<i32> {}"), Rules{"function-restriction"});
  EXPECT_EQ(rulesOf("fn f() -> atomic<i32> {}"), Rules{"function-restriction"});
  EXPECT_EQ(rulesOf("fn f(a: atomic<i32>) {}"), Rules{"function-restriction"});
  EXPECT_EQ(rulesOf("fn f(a: array<i32>) {}"), Rules{"function-restriction"});
  EXPECT_EQ(rulesOf("fn f(p: ptr<storage, i32>) {}"), Rules{"function-restriction"});
}

// #memory-view-types (l.2738-2748): "If a pointer type appears in the program source, it must
// also be valid to declare a variable ... with the pointer type's address space, store type,
// and access mode" — so a parameter that could never receive a pointer is an error. Found by
// the campaign of issue 17 (docs/findings.md: naga accepts the atomic ones, Tint the
// runtime-sized ones; Plumb accepted all five).
TEST(TypePredicates, PointerTypesMustNameAVariableThatCouldBeDeclared) {
  for (const char* p :
       {"ptr<private, atomic<u32>>", "ptr<function, atomic<i32>>", "ptr<workgroup, array<i32>>",
        "ptr<private, array<i32>>", "ptr<function, array<i32>>"})
    EXPECT_EQ(rulesOf("fn f(p: " + std::string(p) + ") {}"), Rules{"memory-view-types"}) << p;
  // What a variable may hold, a pointer may point at.
  EXPECT_EQ(rulesOf("fn f(p: ptr<workgroup, atomic<u32>>, q: ptr<private, array<i32, 4>>,\n"
                    "     r: ptr<function, vec2<f32>>) {}"),
            Rules{});
  EXPECT_EQ(rulesOf("@group(0) @binding(0) var<storage, read_write> b: array<atomic<u32>>;\n"
                    "fn f() { let p: ptr<storage, array<atomic<u32>>, read_write> = &b; }"),
            Rules{});
  // Module-scope variables keep their rules (the same function decides both).
  // (Not constructible, and an atomic outside workgroup and read_write storage: two errors.)
  EXPECT_EQ(rulesOf("var<private> a: atomic<u32>;"), (Rules{"address-space", "address-space"}));
  EXPECT_EQ(rulesOf("var<workgroup> a: array<i32>;"), Rules{"address-space"});
}

}  // namespace
}  // namespace plumb
