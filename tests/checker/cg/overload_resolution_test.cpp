// The seed's function-matching rules (seed "Function Overloading", steps 1-7), one program per
// step, including programs where the greedy left-to-right filtering and a best-match rule differ.
#include <gtest/gtest.h>

#include "checker/cg/overload_resolution.h"
#include "checker/cg/standard_library.h"
#include "tests/checker/cg/cg_check_util.h"

namespace plumb::cg {
namespace {

// The chosen overload of the call in `void t(...) { CALL; }` after the declarations: the
// parameter types as "f(int, float)", "lib:dot(half3, half3)", or "error RULE".
std::string chosen(const std::string& decls, const std::string& call,
                   const std::string& profile = "generic",
                   const std::string& params =
                       "int i, float g, half h, fixed x, float3 v, "
                       "half3 hv, float4x4 m, float4 p, sampler2D s") {
  auto r = testing::checkText(decls + "\nvoid t(" + params + ") { " + call + "; }", profile);
  if (!r.ok) return "error " + r.rule;
  const FunctionDecl& t = r.program->functions.back();
  const Expr& e = *t.body->statements[0]->expr;
  if (e.info.function < 0) return "unresolved";
  const FunctionSignature& f = r.checked->functions[static_cast<size_t>(e.info.function)];
  std::string s = (f.declaration < 0 ? "lib:" : "");
  for (const auto& p : f.profiles) s += p + " ";
  s += f.name + "(";
  for (size_t k = 0; k < f.parameters.size(); ++k) s += (k ? ", " : "") + typeName(f.parameters[k]);
  return s + ")";
}

const char* kOverloading = "error cg-function-overloading";

TEST(CgOverload, Step5aExactMatchFiltersGreedilyLeftToRight) {
  // A best-match rule finds f(int, float) and f(float, int) equally good for (int, int); the
  // seed's step 5a keeps the exact first parameter and never looks back.
  const std::string d = "void f(int a, float b) {} void f(float a, int b) {}";
  EXPECT_EQ(chosen(d, "f(i, i)"), "f(int, float)");
  EXPECT_EQ(chosen(d, "f(g, g)"), "f(float, int)");
}

TEST(CgOverload, GreedyFilteringFailsWhereALaterMatchExists) {
  // f(1, 2.0): the cint argument matches f(int, sampler2D) exactly, which removes f(float,
  // float); the second argument then matches nothing left (step 5e), although f(float, float)
  // would take both arguments.
  const std::string d = "void f(int a, sampler2D b) {} void f(float a, float b) {}";
  EXPECT_EQ(chosen(d, "f(1, 2.0)"), kOverloading);
  EXPECT_EQ(chosen(d, "f(1.0, 2.0)"), "f(float, float)");
}

TEST(CgOverload, Step5BPromotionBeforeImplicitCast) {
  const std::string d = "void f(float a) {} void f(int a) {}";
  EXPECT_EQ(chosen(d, "f(h)"), "f(float)");  // half -> float promotes; half -> int is a cast
  EXPECT_EQ(chosen(d, "f(x)"), "f(float)");
  EXPECT_EQ(chosen("void f(half a) {} void f(int a) {}", "f(g)"), kOverloading);  // both casts
}

TEST(CgOverload, Step5dAShapeKeepingCastBeforeAShapeChangingOne) {
  // docs/ambiguities.md C27 (cgc 3.1): a scalar converted to a scalar before one smeared to a
  // vector; a vector converted to a vector before one turned into a matrix; two shape changes
  // stay ambiguous.
  const std::string d = "void f(float3 a) {} void f(float a) {}";
  EXPECT_EQ(chosen(d, "f(i)"), "f(float)");
  EXPECT_EQ(chosen(d, "f(i > 0)"), "f(float)");
  EXPECT_EQ(chosen("void f(float3 a) {} void f(float2 a) {}", "f(g)"), kOverloading);
  EXPECT_EQ(chosen("void f(float3 a) {} void f(float1 a) {}", "f(i > 0)"), kOverloading);
  EXPECT_EQ(chosen("", "lerp(v, v, g > 0)"), "lib:lerp(float3, float3, float)");
  EXPECT_EQ(chosen("", "mul((half4x4)m, p)"), "lib:mul(half4x4, half4)");
}

TEST(CgOverload, LiteralTypesMatchIntAndFloatExactly) {
  const std::string d = "void f(float a) {} void f(int a) {}";
  EXPECT_EQ(chosen(d, "f(1)"), "f(int)");
  EXPECT_EQ(chosen(d, "f(1.0)"), "f(float)");
  EXPECT_EQ(chosen(d, "f(1.0h)"), "f(float)");  // a half literal promotes to float
  // cfloat promotes to half and to fixed alike: two candidates remain (step 7).
  EXPECT_EQ(chosen("void f(half a) {} void f(fixed a) {}", "f(1.0)"), kOverloading);
}

TEST(CgOverload, SuffixedIntegerLiteralsHaveTheirTypes) {
  // Cg 3.1's suffixes (C1): 1s is a short, 1t a char, 1l a long, 1u an unsigned int; each
  // matches its type exactly (cgc 3.1 names them short2, char2, long2, unsigned int2 in its
  // C7011 warning for `(1s).xx`).
  const std::string d = "void f(char a) {} void f(short a) {} void f(int a) {} void f(long a) {}";
  EXPECT_EQ(chosen(d, "f(1t)"), "f(char)");
  EXPECT_EQ(chosen(d, "f(1s)"), "f(short)");
  EXPECT_EQ(chosen(d, "f(1)"), "f(int)");
  EXPECT_EQ(chosen(d, "f(1L)"), "f(long)");
  EXPECT_EQ(chosen("void f(unsigned int a) {} void f(int a) {}", "f(0x10u)"), "f(unsigned int)");
  // A constant outside its type's range: C11 6.4.4p2 (cgc 3.1: C0125 integer constant
  // overflow): 128t, 65536s, 4294967296u, and an unsuffixed one beyond 2^32 - 1.
  for (const char* c : {"f(128t)", "f(32768s)", "f(4294967296u)", "f(9000000000)"})
    EXPECT_EQ(chosen(d, c), "error cg-constants") << c;
  for (const char* c : {"f(127t)", "f(32767s)", "f(3000000000)", "f(9000000000l)"})
    EXPECT_NE(chosen(d, c), "error cg-constants") << c;
}

TEST(CgOverload, Step5bDynamicallyTypedFormal) {
  const std::string d = "float f(float a[]) { return 0; } float f(float a) { return 1; }";
  auto r = testing::checkText(d + " void t() { float q[3]; f(q); }");
  EXPECT_TRUE(r.ok) << r.message;
}

TEST(CgOverload, Step1AUserFunctionHidesTheLibrarysFunctionsOfItsName) {
  // docs/ambiguities.md C32: the library is declared around the program, so a user function
  // declared before the call hides every library function of its name (C++'s name hiding),
  // as cgc 3.1 does: a user half frac(half) is called for frac(float), where the library's
  // frac(float) matches exactly; the library's frac(float2) is no candidate.
  const std::string d = "half frac(half a) { return a; }";
  EXPECT_EQ(chosen(d, "frac(g)"), "frac(half)");
  EXPECT_EQ(chosen(d, "frac(1.5)"), "frac(half)");
  // The same signature as the library's: the user's, not an ambiguity (step 7).
  EXPECT_EQ(chosen("float frac(float a) { return a; }", "frac(g)"), "frac(float)");
  // float3 -> half: a cast to a smaller vector that narrows (a warning), not the library's
  // exact frac(float3).
  EXPECT_EQ(chosen(d, "frac(v)"), "frac(half)");
  // Declared after the call: not visible there, the library's is called.
  auto r = testing::checkText("void t(float g) { frac(g); } half frac(half a) { return a; }");
  ASSERT_TRUE(r.ok) << r.message;
  const Expr& e = *r.program->functions[0].body->statements[0]->expr;
  EXPECT_LT(r.checked->functions[static_cast<size_t>(e.info.function)].declaration, 0);
  // Another structure's member function of the name does not hide the library.
  EXPECT_EQ(chosen("struct S { float frac(float a) { return a; } };", "frac(g)"),
            "lib:frac(float)");
}

TEST(CgOverload, Step3ArityAndDefaults) {
  const std::string d = "float f(float a, float b = 2) { return a; }";
  EXPECT_EQ(chosen(d, "f(g)"), "f(float, float)");
  EXPECT_EQ(chosen(d, "f(g, g, g)"), kOverloading);
  EXPECT_EQ(chosen("float f(float a) { return a; }", "f()"), kOverloading);
}

TEST(CgOverload, Step6ProfileChoice) {
  // Seed "Overloading of Functions by Profile": exact profile, then the most specific wildcard,
  // then the open-profile version.
  const std::string d =
      "float g(float a) { return 0; }\n"
      "profileA float g(float a) { return 1; }\n"
      "vs float g(float a) { return 2; }\n"
      "vs_2 float g(float a) { return 3; }\n";
  EXPECT_EQ(chosen(d, "g(g)", "profileA"), "profileA g(float)");
  EXPECT_EQ(chosen(d, "g(g)", "profileB"), "g(float)");
  EXPECT_EQ(chosen(d, "g(g)", "vs_2_0"), "vs_2 g(float)");
  EXPECT_EQ(chosen(d, "g(g)", "vs_1_1"), "vs g(float)");
  EXPECT_EQ(chosen(d, "g(g)", "arbvp1"), "vs g(float)");
  EXPECT_EQ(chosen(d, "g(g)", "arbfp1"), "g(float)");
  // Step 2 removes the other profiles' functions before step 4 fails.
  EXPECT_EQ(chosen("profileA float k(float a) { return 1; }", "k(g)", "profileB"),
            "error cg-overloading-of-functions-by-profile");
}

TEST(CgOverload, StandardLibraryAndItsProfileOverloads) {
  EXPECT_EQ(chosen("", "mul(m, p)"), "lib:mul(float4x4, float4)");
  EXPECT_EQ(chosen("", "dot(hv, hv)"), "lib:dot(half3, half3)");
  EXPECT_EQ(chosen("", "lerp(v, v, g)"), "lib:lerp(float3, float3, float)");
  EXPECT_EQ(chosen("", "saturate(h)"), "lib:saturate(half)");
  EXPECT_EQ(chosen("", "tex2D(s, v.xy)", "fp40"),
            "lib:arbfp1 fp40 ps_1_1 ps_2_0 ps_3_0 gp4fp gp5fp tex2D(sampler2D, float2)");
  EXPECT_EQ(chosen("", "tex2D(s, v.xy)", "vp40"), "lib:vp40 tex2D(sampler2D, float2)");
  EXPECT_EQ(chosen("", "tex2D(s, v.xy)", "arbvp1"), "error cg-overloading-of-functions-by-profile");
  EXPECT_EQ(chosen("", "ddx(g)", "arbvp1"), "error cg-overloading-of-functions-by-profile");
  // The manual's other lookup forms: explicit derivatives in the profiles with derivatives
  // (CG-P19: not arbfp1, ps_2_0, vp40, vs_3_0, as cgc 3.1's C3004 and C1115); texel offsets
  // for gp4/gp5 only.
  EXPECT_EQ(chosen("", "tex2D(s, v.xy, v.xy, v.xy)", "fp40"),
            "lib:fp40 tex2D(sampler2D, float2, float2, float2)");
  EXPECT_EQ(chosen("", "tex2D(s, v.xy, v.xy, v.xy)", "gp4vp"),
            "lib:gp4vp tex2D(sampler2D, float2, float2, float2)");
  for (const char* profile : {"arbfp1", "ps_2_0", "vp40", "vs_3_0"})
    EXPECT_EQ(chosen("", "tex2D(s, v.xy, v.xy, v.xy)", profile),
              "error cg-overloading-of-functions-by-profile")
        << profile;
  EXPECT_EQ(chosen("", "tex2D(s, v.xy)", "arbfp1"),
            "lib:arbfp1 fp40 ps_1_1 ps_2_0 ps_3_0 gp4fp gp5fp tex2D(sampler2D, float2)");
  EXPECT_EQ(chosen("", "tex2D(s, v.xy, int2(1, 0))", "fp40"),
            "error cg-overloading-of-functions-by-profile");
  // A user function overloads the library's name.
  EXPECT_EQ(chosen("float saturate(int a) { return 0; }", "saturate(i)"), "saturate(int)");
}

TEST(CgOverload, IntegerSamplers) {
  // The manual's `int4 tex2D(isampler2D, float2)`, "only supported in gp4 and newer profiles";
  // elsewhere an isampler2D converts to the sampler2D of its dimension (cgc 3.1), and `sampler`
  // does not convert to an integer sampler (C1102; docs/ambiguities.md CG-P18).
  const std::string params = "float2 uv, isampler2D is, usampler2D us, sampler2D s, sampler a";
  EXPECT_EQ(chosen("", "tex2D(is, uv)", "gp4fp", params),
            "lib:gp4fp gp5fp tex2D(isampler2D, float2)");
  EXPECT_EQ(chosen("", "tex2D(us, uv)", "gp5fp", params),
            "lib:gp4fp gp5fp tex2D(usampler2D, float2)");
  EXPECT_EQ(chosen("", "tex2D(is, uv)", "fp40", params),
            "lib:arbfp1 fp40 ps_1_1 ps_2_0 ps_3_0 gp4fp gp5fp tex2D(sampler2D, float2)");
  auto result = testing::checkText(
      "void t(isampler2D is, float2 uv) { int4 a = tex2D(is, uv); "
      "float4 b = tex2Dfetch(is, int4(0)); }",
      "gp4fp");
  EXPECT_TRUE(result.ok) << result.message;
  const std::string conversions =
      "void f(sampler2D x) {} void g(isampler2D x) {} void h(sampler x) {}\n";
  EXPECT_EQ(chosen(conversions, "f(is)", "gp4fp", params), "f(sampler2D)");
  EXPECT_EQ(chosen(conversions, "g(s)", "gp4fp", params), "g(isampler2D)");
  EXPECT_EQ(chosen(conversions, "h(us)", "gp4fp", params), "h(sampler)");
  EXPECT_EQ(chosen(conversions, "g(a)", "gp4fp", params), kOverloading);
}

TEST(CgOverload, Direct3DTextureFunctions) {
  // The Direct3D 10/11 profiles' forms are cgc 3.1's translation to HLSL, per stage
  // (docs/ambiguities.md CG-P20): the pixel profiles take tex2D, the fetches and sizes; no
  // texRECT, no cmp form; the vertex profiles only the lookups with a level or derivatives
  // (tex2D(s, float2), not tex3D, not tex3D's derivative form).
  const std::string params =
      "float2 uv, float3 c, float4 t, int4 i, isampler2D is, "
      "usampler2D us, sampler2D s, sampler3D s3, samplerRECT r, "
      "samplerBUF b, sampler2DMS ms";
  EXPECT_EQ(chosen("", "tex2D(s, uv)", "ps_4_0", params),
            "lib:ps_4_0 ps_5_0 vs_4_0 vs_5_0 tex2D(sampler2D, float2)");
  EXPECT_EQ(chosen("", "tex2Dfetch(s, i)", "vs_5_0", params),
            "lib:ps_4_0 ps_5_0 vs_4_0 vs_5_0 tex2Dfetch(sampler2D, int4)");
  EXPECT_EQ(chosen("", "tex2Dsize(s, 0)", "ps_5_0", params),
            "lib:ps_4_0 ps_5_0 vs_4_0 vs_5_0 tex2Dsize(sampler2D, int)");
  EXPECT_EQ(chosen("", "tex3D(s3, c)", "ps_4_0", params),
            "lib:ps_4_0 ps_5_0 tex3D(sampler3D, float3)");
  for (const char* call : {"tex3D(s3, c)", "tex3D(s3, c, c, c)", "tex2Dbias(s, t)"})
    EXPECT_EQ(chosen("", call, "vs_4_0", params), "error cg-overloading-of-functions-by-profile")
        << call;
  for (const char* call : {"texRECT(r, uv)", "tex2Dcmplod(s, t)", "tex2D(s, c, uv, uv)"})
    EXPECT_EQ(chosen("", call, "ps_5_0", params), "error cg-overloading-of-functions-by-profile")
        << call;
  // Integer samplers: the fetches have int4 / unsigned int4 overloads, the sizes take the
  // sampler converted; a filtered lookup is not supported (cgc: C3004).
  EXPECT_EQ(chosen("", "tex2Dfetch(is, i)", "ps_4_0", params),
            "lib:ps_4_0 ps_5_0 vs_4_0 vs_5_0 tex2Dfetch(isampler2D, int4)");
  EXPECT_EQ(chosen("", "tex2Dsize(us, 0)", "ps_4_0", params),
            "lib:ps_4_0 ps_5_0 vs_4_0 vs_5_0 tex2Dsize(sampler2D, int)");
  EXPECT_EQ(chosen("", "tex2Dlod(is, t)", "vs_4_0", params),
            "error cg-overloading-of-functions-by-profile");
  EXPECT_EQ(chosen("", "tex2Dlod(is, t)", "gp4vp", params),
            "lib:gp4vp tex2Dlod(isampler2D, float4)");
  // cgc's result types: texBUFsize an unsigned int, tex2DMSsize an unsigned int2.
  auto types = testing::checkText(
      "void t(samplerBUF b, sampler2DMS ms) { unsigned int n = texBUFsize(b, 0); "
      "unsigned int2 m = tex2DMSsize(ms); }",
      "ps_4_0");
  EXPECT_TRUE(types.ok) << types.message;
  // An unsupported form names cgc's code, and only where the entry reaches it (seed
  // "Profiles"): a helper the entry never calls may use it.
  const std::string program =
      "float4 helper(sampler2D s, float3 c) { return tex2D(s, c, c.xy, c.xy); }\n"
      "float4 main(uniform sampler2D s, float3 c : TEXCOORD0) : COLOR { return tex2D(s, c.xy); }\n"
      "float4 both(uniform sampler2D s, float3 c : TEXCOORD0) : COLOR { return helper(s, c); }\n";
  auto reached = testing::checkText(program, "ps_4_0", "both");
  EXPECT_EQ(reached.rule, "cg-overloading-of-functions-by-profile");
  EXPECT_NE(reached.message.find("not supported in profile ps_4_0 (cgc 3.1: C3004)"),
            std::string::npos)
      << reached.message;
  EXPECT_EQ(testing::verdict(program, "ps_4_0", "main"), "ok");
}

TEST(CgOverload, TheIndexsOtherTextureFunctions) {
  // The 21 functions of the manual's index declared last, each in the profiles cgc 3.1 takes it
  // in (docs/ambiguities.md CG-P18).
  const std::string params =
      "float4 t, int4 i, sampler1D s1, sampler2D s2, sampler1DARRAY a1, sampler2DARRAY a2, "
      "sampler2DMS ms, sampler2DMSARRAY msa, samplerCUBEARRAY ca, samplerBUF b, samplerRBUF rb";
  struct Case {
    const char* call;
    std::vector<const char*> accept, reject;
  };
  const Case cases[] = {
      {"tex1Dcmpbias(s1, t)", {"fp40", "vp40", "gp4fp", "gp5vp"}, {"arbfp1", "ps_3_0", "vs_3_0"}},
      {"tex1Dcmplod(s1, t, 1)", {"gp4fp", "gp4vp"}, {"fp40", "vp40"}},
      {"tex2Dcmpbias(s2, t, int2(1, 0))", {"gp5fp"}, {"fp40"}},
      {"tex2Dcmplod(s2, t)", {"fp40", "gp4gp"}, {"ps_2_0", "ps_4_0"}},
      {"tex1DARRAYcmpbias(a1, t)", {"gp4fp"}, {"fp40"}},
      {"tex1DARRAYcmplod(a1, t, 1)", {"gp5fp"}, {"vp40"}},
      {"tex1DARRAYfetch(a1, i)", {"gp4fp"}, {"fp40"}},
      {"tex2DARRAYfetch(a2, i, int2(0, 1))", {"gp4vp"}, {"vp40"}},
      {"int3 n = tex1DARRAYsize(a1, 0)", {"gp4fp"}, {"fp40"}},
      {"int3 n = tex2DARRAYsize(a2, 0)", {"gp5fp"}, {"ps_3_0"}},
      {"tex2DMSfetch(ms, i.xy, 0)", {"gp4fp", "gp5fp"}, {"fp40"}},
      {"int2 n = tex2DMSsize(ms)", {"gp5fp"}, {"fp40"}},
      {"tex2DMSARRAYfetch(msa, i.xyz, 3)", {"gp5vp"}, {"vp40"}},
      {"int3 n = tex2DMSARRAYsize(msa)", {"gp4fp"}, {"fp40"}},
      {"texCUBEARRAY(ca, t)", {"gp4fp", "gp5fp"}, {"fp40"}},
      {"texCUBEARRAY(ca, t, t.xyz, t.xyz)", {"gp4vp"}, {"vp40"}},
      {"texCUBEARRAYbias(ca, t, 1.0)", {"gp5fp"}, {"gp4fp"}},
      {"texCUBEARRAYlod(ca, t, 1.0)", {"gp5vp"}, {"gp4vp"}},
      {"int3 n = texCUBEARRAYsize(ca, 0)", {"gp4fp"}, {"fp40"}},
      {"int3 n = texBUFsize(b, 0)", {"gp4fp"}, {"fp40"}},
      {"texRBUF(rb, i.xy, 1)", {"gp4fp"}, {"fp40"}},
      {"int2 n = texRBUFsize(rb)", {"gp5fp"}, {"fp40"}},
      // The array lookups' derivative and offset forms (their pages).
      {"tex1DARRAY(a1, t.xy, t.x, t.y)", {"gp4fp"}, {"fp40"}},
      {"tex2DARRAY(a2, t.xyz, t.xy, t.zw, int2(1, 0))", {"gp5vp"}, {"vp40"}},
      {"tex1DARRAYlod(a1, t)", {"gp4fp"}, {"fp40"}},
  };
  for (const Case& c : cases) {
    for (const char* p : c.accept) {
      auto r = testing::checkText("void t(" + params + ") { " + c.call + "; }", p);
      EXPECT_TRUE(r.ok) << c.call << " in " << p << ": " << r.message;
    }
    for (const char* p : c.reject)
      EXPECT_EQ(testing::verdict("void t(" + params + ") { " + c.call + "; }", p),
                "cg-overloading-of-functions-by-profile")
          << c.call << " in " << p;
  }
  // tex1DARRAYlod takes a float4 (its page; cgc 3.1: C1115 for a float3).
  EXPECT_FALSE(
      testing::checkText("void t(sampler1DARRAY a, float3 c) { tex1DARRAYlod(a, c); }", "gp4fp")
          .ok);
  // A wrong sampler: texRBUF takes a samplerRBUF, not the samplerBUF its page names (C1115).
  EXPECT_FALSE(
      testing::checkText("void t(samplerBUF b, int2 c) { texRBUF(b, c, 0); }", "gp4fp").ok);
  // tex2DMSsize is an int2 (cgc 3.1), not the page's int3.
  EXPECT_FALSE(
      testing::checkText("void t(sampler2DMS m) { int3 n = tex2DMSsize(m); }", "gp4fp").ok);
}

TEST(CgOverload, OutArgumentsMustBeAssignable) {
  auto ok = testing::checkText("void t(float g) { float a, b; sincos(g, a, b); }");
  EXPECT_TRUE(ok.ok) << ok.message;
  auto bad = testing::checkText("void t(float g) { float a; sincos(g, a, 1.0); }");
  EXPECT_EQ(bad.rule, "cg-assignment");
}

TEST(CgLibrary, ModfHasAnOutParameter) {
  // The manual's modf page: `float modf(float x, out float i)` for float, half, fixed, scalar
  // and vectors 1-4, "supported in all profiles except fp20" (RetroArch's xbr shaders call it).
  auto ok = testing::checkText(
      "float4 main(float4 v : TEXCOORD0) : COLOR { float i; half2 h; "
      "return float4(modf(v.x, i), modf(half2(v.xy), h), i); }",
      "arbfp1", "main");
  EXPECT_TRUE(ok.ok) << ok.message;
  auto bad = testing::checkText("float t(float g) { return modf(g, 1.0); }");
  EXPECT_FALSE(bad.ok);
  EXPECT_EQ(bad.rule, "cg-assignment");  // the out argument must be assignable
}

TEST(CgOverload, LibraryTableIsDeclared) {
  auto names = standardLibraryNames();
  for (const char* n : {"lerp", "saturate", "dot", "mul", "tex2D", "normalize", "clamp"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
}

// C34: after resolution, an out or inout argument has its parameter's type exactly (cgc 3.1's
// C1113; the seed is silent on the copy back).
TEST(CgOverload, OutArgumentsHaveTheirParametersTypeExactly) {
  const std::string d = "void o(out float y) { y = 1; } void io(inout float y) { }";
  const std::string vars =
      "int i, float g, half h, float1 g1, float3 v, float4 p, float4 s, half4 hs, int ie, "
      "float ar[3]";
  auto call = [&](const std::string& decls, const std::string& c) {
    return chosen(decls, c, "generic", vars);
  };
  EXPECT_EQ(call(d, "o(g)"), "o(float)");
  EXPECT_EQ(call(d, "io(g)"), "io(float)");
  EXPECT_EQ(call(d, "o(v.x)"), "o(float)");                // a write mask of one float
  EXPECT_EQ(call(d, "o(h)"), "error cg-function-calls");   // half for float
  EXPECT_EQ(call(d, "io(h)"), "error cg-function-calls");  // inout too
  EXPECT_EQ(call(d, "o(i)"), "error cg-function-calls");   // int for float
  EXPECT_EQ(call(d, "o(g1)"), "error cg-function-calls");  // float1 is not float
  EXPECT_EQ(call("void u(inout float y[]) { }", "u(ar)"),
            "error cg-function-calls");  // float[3] for an unsized float[] (cgc C1113)
  EXPECT_EQ(call("", "sincos(p, s, s)"), "lib:sincos(float4, float4, float4)");
  EXPECT_EQ(call("", "sincos(p, hs, hs)"), "error cg-function-calls");
  EXPECT_EQ(call("", "frexp(g, ie)"), "lib:frexp(float, int)");
  EXPECT_EQ(call("", "frexp(g, g)"), "error cg-function-calls");  // the exponent is an int
}
}  // namespace
}  // namespace plumb::cg
