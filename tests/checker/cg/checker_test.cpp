// The Cg checker (checker/cg): declarations and specifiers, swizzles and write masks, the
// operators, statements, and the program's inputs, outputs and binding semantics. Each
// rejection is checked for its rule (the seed's section).
#include <gtest/gtest.h>

#include "tests/checker/cg/cg_check_util.h"

namespace plumb::cg {
namespace {

using testing::checkText;
using testing::verdict;

std::string inFunction(const std::string& body,
                       const std::string& params = "float4 v, float3x3 m, float f, sampler2D s") {
  return verdict("void t(" + params + ") { " + body + " }");
}

TEST(CgChecker, SwizzlesAndWriteMasks) {
  EXPECT_EQ(inFunction("float3 a = v.xyz; a.zx = v.rg; float b = f.x; float4 c = f.xxxx;"), "ok");
  EXPECT_EQ(inFunction("v.xx = float2(1, 2);"), "cg-operator-precedence");
  // The stpq set and mixed sets (docs/ambiguities.md C25).
  EXPECT_EQ(inFunction("float2 a = v.xg; float4 b = v.stpq; v.st = v.pq; float c = f.s;"), "ok");
  EXPECT_EQ(inFunction("float2 a = v.xe;"), "cg-operator-precedence");
  EXPECT_EQ(inFunction("v.ss = float2(1, 2);"), "cg-operator-precedence");
  EXPECT_EQ(inFunction("float3 q = v.xyz; float a = q.q;"), "cg-operator-precedence");
  EXPECT_EQ(inFunction("float3 q = v.xyz; float a = q.w;"), "cg-operator-precedence");
  EXPECT_EQ(inFunction("float2 d = m._m00_m11; float e = m._33; m._m01 = 1;"), "ok");
  EXPECT_EQ(inFunction("float e = m._m33;"), "cg-operator-precedence");
  EXPECT_EQ(inFunction("float3 r = m[1]; float e = m[2][0]; v[3] = 1;"), "ok");
  EXPECT_EQ(inFunction("float e = v[4];"), "cg-arrays-and-subscripting");
}

TEST(CgChecker, SeedExampleFunctionCallsReturnRvalues) {
  // Seed "Function Calls": `y = myfunc(x)[2];` is allowed, `myfunc(x)[2] = y;` is not.
  const std::string d =
      "typedef float F4[4]; F4 myfunc(float x) { F4 r = {1, 2, 3, 4}; return r; }\n";
  EXPECT_EQ(verdict(d + "void t(float x) { float y = myfunc(x)[2]; }"), "ok");
  EXPECT_EQ(verdict(d + "void t(float x, float y) { myfunc(x)[2] = y; }"), "cg-function-calls");
}

TEST(CgChecker, SpecifierRules) {
  EXPECT_EQ(verdict("static uniform float x;"), "cg-declarations-and-declaration-specifiers");
  EXPECT_EQ(verdict("inline float x;"), "cg-declarations-and-declaration-specifiers");
  EXPECT_EQ(verdict("void t() { uniform float x; }"), "cg-declarations-and-declaration-specifiers");
  EXPECT_EQ(verdict("void t() { out float x; }"), "cg-declarations-and-declaration-specifiers");
  EXPECT_EQ(verdict("void t() { const float x; }"), "cg-declarations-and-declaration-specifiers");
  EXPECT_EQ(verdict("static const float x;"), "cg-declarations-and-declaration-specifiers");
  // Non-static globals are uniform by default: const needs no initializer.
  EXPECT_EQ(verdict("const float x;"), "ok");
  EXPECT_EQ(verdict("void t() { static float x = 1; }"), "ok+warning");
  EXPECT_EQ(verdict("void t() { const float x = 1; x = 2; }"),
            "cg-declarations-and-declaration-specifiers");
  // Uniform variables may be written (seed "uniform").
  EXPECT_EQ(verdict("uniform float u; void t() { u = 2; }"), "ok");
  EXPECT_EQ(verdict("void t(sampler2D s, sampler2D q) { s = q; }"),
            "cg-how-programs-receive-and-return-data");
  EXPECT_EQ(verdict("void t(out float a = 1) { }"),
            "cg-syntax-for-parameters-in-function-definitions");
  EXPECT_EQ(verdict("void t(float a = 1, float b) { }"), "cg-function-declarations");
  EXPECT_EQ(verdict("nonsense float t() { return 1; }"), "cg-overloading-of-functions-by-profile");
  // docs/ambiguities.md C31: static, extern, inline on a parameter are ignored with a warning.
  EXPECT_EQ(verdict("float t(static const float a, extern float b) { return a + b; }"),
            "ok+warning");
}

TEST(CgChecker, TypesArraysStructs) {
  EXPECT_EQ(verdict("float a[2][3]; void t() { float3 r = (float3)0; float x = a[1][2]; }"), "ok");
  EXPECT_EQ(verdict("float a[1]; void t() { float x = a; }"), "cg-type-conversions");
  EXPECT_EQ(verdict("uniform float arr[]; void t() { float q[4]; arr = q; }"), "ok");
  EXPECT_EQ(verdict("float a[0];"), "cg-arrays-and-subscripting");
  EXPECT_EQ(verdict("const int N = 3; float a[N * 2];"), "ok");
  EXPECT_EQ(verdict("struct S { float a; float a; };"), "cg-struct-and-interface-types");
  EXPECT_EQ(verdict("interface I { float a; };"), "cg-struct-and-interface-types");
  EXPECT_EQ(verdict("interface I { float f(); }; struct S : I { float g() { return 1; } };"),
            "cg-struct-and-interface-types");
  EXPECT_EQ(verdict("interface I { float f(); }; struct S : I { float k; float f() { return k; } };"
                    " float t(S s) { return s.f(); }"),
            "ok");
  EXPECT_EQ(verdict("struct S { float a; }; void t(S s) { float b = s.b; }"),
            "cg-struct-and-interface-types");
  EXPECT_EQ(verdict("void t() { float3 v = float3(1, 2); }"), "cg-types");
  // One scalar fills every component (docs/ambiguities.md C24); a vector does not.
  EXPECT_EQ(verdict("void t(float x) { float4 a = float4(x); float2x2 m = float2x2(1); bool3 b = "
                    "bool3(x); half4 h = half4(true); float1 o = float1(x); }"),
            "ok");
  EXPECT_EQ(verdict("void t(float2 x) { float4 a = float4(x); }"), "cg-types");
  // Structure constructors: one argument per member, converted implicitly, not narrowed (C29).
  const std::string s2 = "struct S { float2 a; float4 b; };\n";
  EXPECT_EQ(verdict(s2 + "void t(float4 v) { S s = S(v.xy, v); S u = S(v.xy, v.x); }"), "ok");
  EXPECT_EQ(verdict("struct S { float a; int b; }; void t() { S s = S(1, 2.5); }"), "ok");
  EXPECT_EQ(verdict(s2 + "void t(float4 v) { S s = S(v.xy); }"), "cg-types");
  EXPECT_EQ(verdict(s2 + "void t(float4 v) { S s = S(v.x, v.y, v); }"), "cg-types");
  EXPECT_EQ(verdict(s2 + "void t(float4 v) { S s = S(v, v.xy); }"), "cg-types");
  EXPECT_EQ(verdict("struct A { float a[2]; }; void t(float4 v) { A s = A(v.xy); }"), "cg-types");
  EXPECT_EQ(verdict("void t() { float4 v = float4(float2(1, 2), 3, 4); float2x2 m = "
                    "float2x2(1, 2, 3, 4); float a[3] = {1, 2, 3}; float b[] = {1, 2}; }"),
            "ok");
  EXPECT_EQ(verdict("void t() { float a[2] = {1, 2, 3}; }"), "cg-assignment");
  // C's brace elision, with a warning (docs/ambiguities.md C30).
  EXPECT_EQ(verdict("void t() { float2 a[2] = {1, 2, 3, 4}; }"), "ok+warning");
  EXPECT_EQ(verdict("void t() { float2 a[2] = {1, 2, 3}; }"), "cg-assignment");
  EXPECT_EQ(verdict("void t(float4 v) { float2 a[2] = {v.xy, 3, 4}; }"), "cg-assignment");
  EXPECT_EQ(verdict("void t() { unknown x; }"), "cg-types");
  EXPECT_EQ(verdict("void t() { float x = y; }"), "cg-namespaces");
}

TEST(CgChecker, Operators) {
  // Seed "Boolean": no short-circuit, bool vectors elementwise.
  EXPECT_EQ(inFunction("bool4 b = v > 0; bool4 c = b && !b; bool d = f > 0 || f < -1;"), "ok");
  EXPECT_EQ(inFunction("bool4 b = v > 0; bool3 c = b.xyz && b;"), "cg-operators-boolean");
  EXPECT_EQ(inFunction("bool b = v && v;"), "cg-operators-boolean");
  // Seed "Comparisons": elementwise on vectors of one size; not matrices.
  EXPECT_EQ(inFunction("bool b = m < m;"), "cg-operators-comparisons");
  // Seed "Operator Enhancements": M*M is componentwise, sizes must match.
  EXPECT_EQ(inFunction("float3x3 p = m * m; float3x3 q = m * 2;"), "ok");
  EXPECT_EQ(inFunction("float4 p = v * m;"), "cg-operator-enhancements");
  EXPECT_EQ(inFunction("int i = 7; int j = i % 2; int3 k = int3(1, 2, 3) % 2;"), "ok");
  EXPECT_EQ(inFunction("float g = f % 2;"), "cg-operators-arithmetic");
  // Seed "Conditional Operator": elementwise with a bool vector condition, smearing.
  EXPECT_EQ(inFunction("float4 r = v > 0 ? v : 0; float g = f > 0 ? 1 : f;"), "ok");
  EXPECT_EQ(inFunction("float3 r = v > 0 ? v.xyz : 0;"), "cg-conditional-operator");
  EXPECT_EQ(inFunction("float4 a = v; a += 1; a *= v; a++;"), "ok");
  EXPECT_EQ(inFunction("s++;"), "cg-operators-arithmetic");
  // Arithmetic on bool: an int beside bool or an integer, the other's floating type beside
  // float, half, fixed; not beside cfloat (docs/ambiguities.md C26).
  EXPECT_EQ(inFunction("bool4 b = v > 0.5; float4 r = b * v; int4 i = b + b; int4 j = b & b; "
                       "int k = (f > 0) + 1; float4 y = v; y *= b; int4 n = -b; half4 h = b * "
                       "2.0h;"),
            "ok");
  EXPECT_EQ(inFunction("bool b = f > 0; float r = 1.0 - b;"), "cg-operator-enhancements");
  EXPECT_EQ(inFunction("bool b = f > 0; bool c = b == 1; bool d = b < f; bool4 e = (v > 0) == v;"),
            "ok");
  EXPECT_EQ(inFunction("bool b = f > 0; bool c = b == 1.0;"), "cg-operator-enhancements");
  EXPECT_EQ(inFunction("bool4 b = v > 0; float4 r = b * 2.0;"), "cg-operator-enhancements");
  EXPECT_EQ(inFunction("bool4 b = v > 0; float4 r = b % 2.0f;"), "cg-operators-arithmetic");
  EXPECT_EQ(inFunction("float x = s;"), "cg-type-conversions");
}

TEST(CgChecker, Statements) {
  EXPECT_EQ(inFunction("for (int i = 0; i < 4; i++) { if (i == 2) continue; f += i; }"), "ok");
  EXPECT_EQ(inFunction("break;"), "cg-statements-and-expressions");
  EXPECT_EQ(inFunction("if (v) { }"), "cg-statements-and-expressions");
  EXPECT_EQ(inFunction("int k = 1; switch (k) { case 1: break; default: break; }"), "ok");
  EXPECT_EQ(inFunction("switch (f) { case 1: break; }"), "cg-statements-and-expressions");
  EXPECT_EQ(verdict("float t() { return; }"), "cg-function-declarations");
  EXPECT_EQ(verdict("void t() { return 1; }"), "cg-function-declarations");
  EXPECT_EQ(verdict("float3 t(float4 v) { return v; }"), "ok+warning");
  EXPECT_EQ(verdict("float4 t(float3 v) { return v; }"), "cg-type-conversions");
}

TEST(CgChecker, FunctionDeclarations) {
  EXPECT_EQ(verdict("float f(void); float f() { return 1; } float g() { return f(); }"), "ok");
  EXPECT_EQ(verdict("float f() { return 1; } float f() { return 2; }"), "cg-function-overloading");
  EXPECT_EQ(verdict("float f(float a) { return 1; } float f(half a) { return 2; }"), "ok");
  EXPECT_EQ(verdict("float f(); int f();"), "cg-function-overloading");
}

TEST(CgProgram, VertexProgramInterface) {
  const std::string vp =
      "struct VOut { float4 pos : POSITION; float2 uv : TEXCOORD0; };\n"
      "uniform float4x4 mvp;\n"
      "VOut main(float4 p : POSITION, float2 uv : TEXCOORD0, uniform float scale) {\n"
      "  VOut o; o.pos = mul(mvp, p) * scale; o.uv = uv; return o; }\n";
  auto r = checkText(vp, "arbvp1", "main");
  ASSERT_TRUE(r.ok) << r.message;
  ASSERT_EQ(r.checked->outputs.size(), 2u);
  EXPECT_EQ(r.checked->outputs[0].name, "<return>.pos");
  EXPECT_EQ(r.checked->outputs[0].semantic, "POSITION");
  ASSERT_EQ(r.checked->inputs.size(), 4u);
  EXPECT_FALSE(r.checked->inputs[0].uniform);   // p: top-level parameters are varying
  EXPECT_TRUE(r.checked->inputs[2].uniform);    // scale
  EXPECT_EQ(r.checked->inputs[3].name, "mvp");  // a non-static global: uniform
  EXPECT_TRUE(r.checked->inputs[3].uniform);
  EXPECT_EQ(verdict(vp, "vp40", "main"), "ok");
  EXPECT_EQ(verdict(vp, "generic", "main"), "ok");
}

TEST(CgProgram, OutputTables10And11) {
  EXPECT_EQ(verdict("float4 main(float4 p : POSITION, out float s : PSIZE) : POSITION { s = 1; "
                    "return p; }",
                    "arbvp1", "main"),
            "ok");
  EXPECT_EQ(verdict("float4 main() : DEPTH { return 0; }", "arbvp1", "main"),
            "cg-binding-semantics-for-outputs");
  EXPECT_EQ(
      verdict("float4 main(out float d : DEPTH) : COLOR { d = 0.5; return 1; }", "arbfp1", "main"),
      "ok");
  EXPECT_EQ(verdict("float4 main() : POSITION { return 1; }", "fp40", "main"),
            "cg-fragment-binding-semantics-for-outputs");
  // The seed's struct: a float2 output bound to COLOR is legal (narrower than the semantic).
  EXPECT_EQ(verdict("struct myfragoutput { float2 mycolor : COLOR; };\n"
                    "myfragoutput main() { myfragoutput o; o.mycolor = 1; return o; }",
                    "arbfp1", "main"),
            "ok");
  // Missing POSITION: profiles "may" require it: a warning.
  EXPECT_EQ(verdict("float4 main() : TEXCOORD0 { return 1; }", "arbvp1", "main"), "ok+warning");
}

TEST(CgProgram, AnOutputSemanticWithoutItsIndexIsIndexZero) {
  // docs/ambiguities.md C28: `TEXCOORD` is TEXCOORD0 (cgc binds it to TEX0).
  const std::string p =
      "void main(float4 v : POSITION, out float4 o : POSITION, out float2 t : TEXCOORD";
  EXPECT_EQ(verdict(p + ") { o = v; t = v.xy; }", "arbvp1", "main"), "ok");
  EXPECT_EQ(
      verdict(p + ", out float2 u : TEXCOORD0) { o = v; t = v.xy; u = v.zw; }", "arbvp1", "main"),
      "cg-aliasing-of-semantics");
}

TEST(CgProgram, OutputAliasingIsRejected) {
  // Seed "Aliasing of Semantics"; COLOR0 is "Same as COLOR" (Table 11).
  EXPECT_EQ(
      verdict("float4 main(out float4 c : COLOR0) : COLOR { c = 1; return 1; }", "arbfp1", "main"),
      "cg-aliasing-of-semantics");
  // Input aliasing is copy-on-input: fine.
  EXPECT_EQ(verdict("float4 main(float4 a : TEXCOORD0, float4 b : TEXCOORD0) : COLOR { return a "
                    "+ b; }",
                    "arbfp1", "main"),
            "ok");
}

TEST(CgProgram, EntryRules) {
  EXPECT_EQ(verdict("static float4 main() : COLOR { return 1; }", "arbfp1", "main"),
            "cg-function-declarations");
  EXPECT_EQ(
      verdict("float4 main(float4 p : TEXCOORD0 = 1) : COLOR { return p; }", "arbfp1", "main"),
      "cg-syntax-for-parameters-in-function-definitions");
  EXPECT_EQ(verdict("float4 main(uniform float4 p = 1) : COLOR { return p; }", "arbfp1", "main"),
            "ok");
  EXPECT_EQ(
      verdict("float4 main(uniform out float4 c : COLOR) { c = 1; return 1; }", "arbfp1", "main"),
      "cg-how-programs-receive-and-return-data");
  EXPECT_EQ(verdict("float4 other() : COLOR { return 1; }", "arbfp1", "main"),
            "cg-how-programs-receive-and-return-data");
  EXPECT_EQ(verdict("float4 main() : POSITION { discard; return 1; }", "arbvp1", "main"),
            "cg-profiles");
  // Seed "Profiles": a function the program does not reach may use what the profile lacks.
  EXPECT_EQ(verdict("void unused() { discard; }\nfloat4 main() : POSITION { return 1; }", "arbvp1",
                    "main"),
            "ok");
  EXPECT_EQ(verdict("float4 main() : COLOR { return 1; }", "nosuchprofile", "main"), "cg-profiles");
  // ... such as another profile's library functions (tex2D in a vertex program's file):
  // resolved free of the profile there, an error only where the entry reaches it.
  const std::string both =
      "uniform sampler2D s;\n"
      "float4 frag(float2 uv) { return tex2D(s, uv); }\n"
      "float4 main_vertex() : POSITION { return 1; }\n"
      "float4 main_fragment(float2 uv : TEXCOORD0) : COLOR { return frag(uv); }\n";
  EXPECT_EQ(verdict(both, "arbvp1", "main_vertex"), "ok");
  EXPECT_EQ(verdict(both, "arbfp1", "main_fragment"), "ok");
  EXPECT_EQ(verdict(both, "arbvp1", "main_fragment"), "cg-overloading-of-functions-by-profile");
  auto reached = checkText(both + "float4 v2() : POSITION { return frag(0); }", "arbvp1", "v2");
  EXPECT_EQ(reached.rule, "cg-overloading-of-functions-by-profile");
  EXPECT_NE(reached.message.find("tex2D"), std::string::npos);
  // Without an entry (cgc -noentry) every function is checked with the profile.
  EXPECT_EQ(verdict(both, "arbvp1"), "cg-overloading-of-functions-by-profile");
  // A name that resolves nowhere stays an error in an unreached function (CGO-7), and says so.
  auto unresolved =
      checkText("float g(float x) { return fract(x) + y; }\nfloat4 main() : POSITION { return 1; }",
                "arbvp1", "main");
  EXPECT_EQ(unresolved.rule, "cg-namespaces");
  EXPECT_NE(unresolved.message.find("which the entry 'main' does not reach"), std::string::npos)
      << unresolved.message;
  auto reachedName =
      checkText("float g(float x) { return fract(x); }\nfloat4 main() : POSITION { return g(1); }",
                "arbvp1", "main");
  EXPECT_EQ(reachedName.message, "'fract' is not a declared function");
  // Profile overloads of the program itself.
  EXPECT_EQ(verdict("vs float4 main() : POSITION { return 1; }\nps float4 main() : COLOR { "
                    "return 0; }",
                    "arbfp1", "main"),
            "ok");
}

}  // namespace
}  // namespace plumb::cg
