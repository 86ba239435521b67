// The profiles after the seed's (checker/cg/profile.cpp: cgc 3.1's gp4/gp5 and Direct3D 9-11
// profiles, docs/cg.md "Profiles") and the constructs of theirs that NVIDIA's examples use:
// geometry and tessellation programs (profile modifiers, AttribArray inputs, emitVertex), the
// texture-array samplers, constant buffers, `precise`. Each rejection is checked for its rule.
#include <gtest/gtest.h>

#include "checker/cg/profile.h"
#include "checker/cg/standard_library.h"
#include "tests/checker/cg/cg_check_util.h"

namespace plumb::cg {
namespace {

using testing::checkText;
using testing::verdict;

TEST(CgProfiles, LaterProfilesAndTheirStages) {
  struct Row {
    const char* name;
    Stage stage;
  };
  for (const Row& r :
       {Row{"gp4vp", Stage::Vertex}, Row{"gp4fp", Stage::Fragment}, Row{"gp4gp", Stage::Geometry},
        Row{"gp5vp", Stage::Vertex}, Row{"gp5fp", Stage::Fragment}, Row{"gp5gp", Stage::Geometry},
        Row{"gp5tcp", Stage::TessControl}, Row{"gp5tep", Stage::TessEval},
        Row{"vs_3_0", Stage::Vertex}, Row{"ps_3_0", Stage::Fragment}, Row{"vs_4_0", Stage::Vertex},
        Row{"ps_4_0", Stage::Fragment}, Row{"gs_4_0", Stage::Geometry},
        Row{"vs_5_0", Stage::Vertex}, Row{"ps_5_0", Stage::Fragment},
        Row{"gs_5_0", Stage::Geometry}, Row{"hs_5_0", Stage::TessControl},
        Row{"ds_5_0", Stage::TessEval}}) {
    const Profile* p = findProfile(r.name);
    ASSERT_NE(p, nullptr) << r.name;
    EXPECT_EQ(p->stage, r.stage) << r.name;
    EXPECT_NE(p->source.find(r.name), std::string::npos) << "each cites its manual page";
  }
  EXPECT_TRUE(isProfileModifier("TRIANGLE_ADJ"));
  EXPECT_TRUE(isProfileModifier("PATCH_32"));
  EXPECT_FALSE(isProfileModifier("PATCH_33"));
  EXPECT_FALSE(isProfileOrWildcard("TRIANGLE"));
  EXPECT_STREQ(stageName(Stage::TessEval), "tessellation evaluation");
}

const char* kGeometry =
    "float2 average(AttribArray<float2> a) {\n"
    "  float2 sum = 0;\n"
    "  for (int i = 0; i < a.length; i++) sum += a[i];\n"
    "  return sum / a.length;\n"
    "}\n"
    "TRIANGLE void g(AttribArray<float2> position : POSITION,\n"
    "                AttribArray<float4> color : COLOR, uniform float k) {\n"
    "  float2 m = average(position);\n"
    "  for (int i = 0; i < position.length; i++) {\n"
    "    emitVertex(lerp(position[i], m, k) : POSITION, color[i]);\n"
    "  }\n"
    "}\n"
    "float4 v(float4 p : POSITION) : POSITION { return p; }\n";

TEST(CgProfiles, GeometryPrograms) {
  EXPECT_EQ(verdict(kGeometry, "gp5gp", "g"), "ok");
  EXPECT_EQ(verdict(kGeometry, "gp4gp", "g"), "ok");
  EXPECT_EQ(verdict(kGeometry, "gs_4_0", "g"), "ok");
  EXPECT_EQ(verdict("POINT void g(AttribArray<float4> p : POSITION) {\n"
                    "  emitVertex(p[0]); restartStrip(); emitVertex(p[0]); }",
                    "gp4gp", "g"),
            "ok");
  // The file's vertex program does not reach the geometry one.
  EXPECT_EQ(verdict(kGeometry, "gp5vp", "v"), "ok");
  // Without its input primitive (cgc: C6022 "No input primitive type").
  EXPECT_EQ(verdict("void g(AttribArray<float4> p : POSITION) { emitVertex(p[0]); }", "gp4gp", "g"),
            "cg-profiles");
  // A modifier of another stage's profile is no input primitive.
  EXPECT_EQ(
      verdict("QUADS void g(AttribArray<float4> p : POSITION) { emitVertex(p[0]); }", "gp5gp", "g"),
      "cg-profiles");
  EXPECT_EQ(verdict("TRIANGLE_ADJ LINE_OUT void g(AttribArray<float4> p : POSITION) {\n"
                    "  emitVertex(p[0] : POSITION, float4(1, 1, 0, 1) : COLOR); }",
                    "gp5gp", "g"),
            "ok");
  // Per-vertex inputs "must be declared with the AttribArray template-style syntax"; cgc 3.1
  // accepts a plain one (and NVIDIA's quad_tri_bezier.cg has one), so Plumb does too (CG-P2).
  EXPECT_EQ(verdict("TRIANGLE void g(float4 p : POSITION) { emitVertex(p); }", "gp4gp", "g"), "ok");
  EXPECT_EQ(verdict("TRIANGLE void g(AttribArray<float4> p : POSITION, int id : INSTANCEID) {\n"
                    "  emitVertex(p[id]); }",
                    "gp4gp", "g"),
            "ok");
  // emitVertex and AttribArray inputs belong to geometry programs.
  EXPECT_EQ(verdict("float4 v(float4 p : POSITION) : POSITION { emitVertex(p); return p; }",
                    "gp5vp", "v"),
            "cg-profiles");
  EXPECT_EQ(verdict("float4 v(AttribArray<float4> p : POSITION) : POSITION { return p[0]; }",
                    "gp5vp", "v"),
            "cg-profiles");
  EXPECT_EQ(verdict("void f() { restartStrip(); }\n"
                    "float4 v(float4 p : POSITION) : POSITION { f(); return p; }",
                    "gp5vp", "v"),
            "cg-overloading-of-functions-by-profile");
  // A semantic on an argument is emitVertex's only.
  EXPECT_EQ(verdict("float f(float x) { return x; }\n"
                    "float4 v(float4 p : POSITION) : POSITION { return p * f(1 : TEXCOORD0); }",
                    "gp5vp", "v"),
            "cg-profiles");
  // The output semantics are the profile's ("Output Semantics" of gp4gp).
  EXPECT_EQ(verdict("TRIANGLE void g(AttribArray<float4> p : POSITION, out int layer : LAYER) {\n"
                    "  layer = 0; emitVertex(p[0]); }",
                    "gp4gp", "g"),
            "ok");
  EXPECT_EQ(verdict("TRIANGLE void g(AttribArray<float4> p : POSITION, out float d : DEPTH) {\n"
                    "  d = 0; emitVertex(p[0]); }",
                    "gp4gp", "g"),
            "cg-profiles");
}

// NVIDIA's tess_simple.cg: two programs named main, one per tessellation profile.
const char* kTessellation =
    "gp5tcp PATCH_4 void main(in int id : CONTROLPOINT_ID,\n"
    "    in AttribArray<float4> position : POSITION, out float4 oPosition : POSITION,\n"
    "    out float oEdgeTess[4] : EDGETESS, out float oInnerTess[2] : INNERTESS,\n"
    "    uniform float4x4 modelview) {\n"
    "  oPosition = mul(modelview, position[id]);\n"
    "  oEdgeTess[0] = 1; oEdgeTess[1] = 1; oEdgeTess[2] = 1; oEdgeTess[3] = 1;\n"
    "  oInnerTess[0] = 5; oInnerTess[1] = 5;\n"
    "}\n"
    "gp5tep QUADS PATCH_4 void main(in float2 uv : UV,\n"
    "    in AttribArray<float4> position : POSITION, out float4 oPosition : POSITION) {\n"
    "  [precise] float4 pos = uv.x * position[0] + uv.y * position[3];\n"
    "  precise float4 q = fma(pos, pos, pos);\n"
    "  oPosition = q;\n"
    "}\n"
    "void mainV(float4 position : POSITION, out float4 oPosition : POSITION) {\n"
    "  oPosition = position;\n"
    "}\n";

TEST(CgProfiles, TessellationPrograms) {
  EXPECT_EQ(verdict(kTessellation, "gp5tcp", "main"), "ok");
  EXPECT_EQ(verdict(kTessellation, "gp5tep", "main"), "ok");
  EXPECT_EQ(verdict(kTessellation, "gp5vp", "mainV"), "ok");
  // In another profile no `main` is declared for it.
  EXPECT_EQ(verdict(kTessellation, "gp5fp", "main"), "cg-overloading-of-functions-by-profile");
  // A tessellation profile's option on a vertex program's entry: ignored, as cgc does.
  EXPECT_EQ(verdict("PATCH_4 void main(in float4 p : POSITION, out float4 o : POSITION) { o = p; }",
                    "gp5vp", "main"),
            "ok+warning");
  // fma is gp5's.
  EXPECT_EQ(
      verdict("float4 v(float4 p : POSITION) : POSITION { return fma(p, p, p); }", "gp4vp", "v"),
      "cg-overloading-of-functions-by-profile");
}

TEST(CgProfiles, TextureArraysConstantBuffersAndMatrixConstructors) {
  const char* array =
      "float4 f(float3 t : TEXCOORD0, uniform sampler2DARRAY a) : COLOR {\n"
      "  return tex2DARRAY(a, t); }\n";
  EXPECT_EQ(verdict(array, "gp5fp", "f"), "ok");
  EXPECT_EQ(verdict(array, "fp40", "f"), "cg-overloading-of-functions-by-profile");
  // clip (the manual's clip page): a fragment program's.
  const char* clip =
      "float4 f(float4 c : COLOR0) : COLOR { clip(c.a - 0.5); clip(c); return c; }\n";
  EXPECT_EQ(verdict(clip, "ps_2_0", "f"), "ok");
  EXPECT_EQ(verdict(clip, "vs_2_0", "f"), "cg-overloading-of-functions-by-profile");
  // Cg 3.1 "Constant Buffers": `uniform <blockname> {...} <object> : BUFFER [ [N] ];`.
  const char* buffer =
      "typedef struct { float4x4 modelview; } Transform;\n"
      "uniform TransformBuffer { Transform transform; } transform_buffer : BUFFER;\n"
      "uniform Lights { float4 position[2]; } lights : BUFFER[3];\n"
      "float4 v(float4 p : POSITION) : POSITION {\n"
      "  float3x3 n = float3x3(transform_buffer.transform.modelview);\n"
      "  return mul(transform_buffer.transform.modelview, p) + lights.position[1] + n[0].xyzz;\n"
      "}\n";
  EXPECT_EQ(verdict(buffer, "gp5vp", "v"), "ok");
  auto checked = checkText(buffer, "gp5vp", "v");
  ASSERT_TRUE(checked.program);
  EXPECT_TRUE(checked.program->structs.back().isBuffer);
  // A matrix of one larger matrix is its cast; not of a smaller one (cgc: C1033).
  EXPECT_EQ(verdict("void t(float4x4 m, float3x4 k) { float3x3 a = float3x3(m);\n"
                    "  float2x2 b = float2x2(k); }"),
            "ok");
  EXPECT_EQ(verdict("void t(float2x2 m) { float3x3 a = float3x3(m); }"), "cg-type-conversions");
}

// C's brace elision (C99 6.7.8p20; the seed's declarations are C's): an array of vectors from
// one flat list of scalars (Ogre's HeatVision.cg), with cgc's warning; a list mixing vectors and
// scalars is rejected, as cgc 3.1 rejects it (C1058; docs/ambiguities.md C30, CG-P6).
TEST(CgProfiles, DerivativesOnlyInTheFragmentProfilesThatHaveThem) {
  // The manual's ddx, ddy, fwidth pages: "unsupported in the fp20, ps_1_1, ps_1_2, ps_1_3, and
  // arbfp1 profiles"; ps_2_0 has no gradient instruction either (cgc: C3004). CG-P8.
  const char* p =
      "float4 main(float2 uv : TEXCOORD0) : COLOR { return float4(ddx(uv), ddy(uv.x), "
      "fwidth(uv.y)); }";
  for (const char* has : {"fp40", "ps_3_0", "gp4fp", "gp5fp", "ps_4_0", "ps_5_0"})
    EXPECT_EQ(verdict(p, has, "main"), "ok") << has;
  for (const char* lacks : {"arbfp1", "ps_1_1", "ps_2_0"})
    EXPECT_EQ(verdict(p, lacks, "main"), "cg-overloading-of-functions-by-profile") << lacks;
  EXPECT_EQ(verdict(p, "arbvp1", "main"), "cg-overloading-of-functions-by-profile");
  // A function the entry does not reach may still call them (seed "Profiles", CGO-7).
  EXPECT_EQ(verdict("float2 d(float2 uv) { return ddx(uv); }\n"
                    "float4 main(float2 uv : TEXCOORD0) : COLOR { return uv.xyxy; }",
                    "arbfp1", "main"),
            "ok");
}

TEST(CgProfiles, TextureCoordinateInputsOfTheFragmentProfiles) {
  // The fp40 page's varying input semantics: texture coordinate sets 0-7 (TEXCOORD0-7, TEX0-7);
  // cgc 3.1 rejects TEXCOORD8 with C5102 in arbfp1, fp40, ps_2_0, gp4fp and gp5fp and accepts
  // it in ps_3_0 and ps_4_0 (CG-P9).
  const char* eight = "float4 main(float2 uv : TEXCOORD8) : COLOR { return uv.xyxy; }";
  const char* seven =
      "float4 main(float2 uv : TEXCOORD7, float2 t : TEX7) : COLOR { return uv.xyxy; }";
  const char* member =
      "struct V { float2 uv : TEX9; }; float4 main(V v) : COLOR { return v.uv.xyxy; }";
  for (const char* p : {"arbfp1", "fp40", "ps_2_0", "gp4fp", "gp5fp"}) {
    EXPECT_EQ(verdict(eight, p, "main"), "cg-binding-semantics") << p;
    EXPECT_EQ(verdict(member, p, "main"), "cg-binding-semantics") << p;
    EXPECT_EQ(verdict(seven, p, "main"), "ok") << p;
  }
  for (const char* p : {"ps_3_0", "ps_4_0"}) EXPECT_EQ(verdict(eight, p, "main"), "ok") << p;
}

// The older profiles' hardware limits (checker/cg/profile_limits.h, docs/ambiguities.md
// CG-P10 to CG-P12): each program on both sides, with the profiles cgc 3.1 rejects it in.
TEST(CgProfiles, LoopsThatCannotBeUnrolled) {
  // CG-P10 (cgc C5013): a loop whose condition depends on a uniform or a varying input.
  const char* uniformBound =
      "uniform float n;\nfloat4 main(float2 uv : TEXCOORD0) : COLOR { float s = 0;\n"
      "  for (float i = 0; i < n; i++) s += uv.x; return float4(s, 0, 0, 1); }";
  for (const char* unrolls : {"arbfp1", "ps_2_0"})
    EXPECT_EQ(verdict(uniformBound, unrolls, "main"), "cg-profiles") << unrolls;
  for (const char* loops : {"fp40", "ps_3_0", "gp4fp", "generic"})
    EXPECT_EQ(verdict(uniformBound, loops, "main"), "ok") << loops;
  // A constant trip count unrolls; a break on a run-time value does not stop the unrolling.
  EXPECT_EQ(verdict("float4 main(float2 uv : TEXCOORD0) : COLOR { float s = 0;\n"
                    "  for (int i = 0; i < 4; i++) { s += uv.x; if (s > uv.y) break; }\n"
                    "  return float4(s, 0, 0, 1); }",
                    "arbfp1", "main"),
            "ok");
  // Through a call: the bound is a parameter some call passes an input to; through a
  // variable assigned under a run-time condition.
  EXPECT_EQ(verdict("float sum(float n) { float s = 0; for (float i = 0; i < n; i++) s += i;\n"
                    "  return s; }\n"
                    "float4 main(float2 uv : TEXCOORD0) : COLOR { return sum(uv.x); }",
                    "arbfp1", "main"),
            "cg-profiles");
  EXPECT_EQ(verdict("float4 main(float2 uv : TEXCOORD0) : COLOR { int n = 2; if (uv.x > 0) n = 3;\n"
                    "  float s = 0; for (int i = 0; i < n; i++) s += 1; return s; }",
                    "arbfp1", "main"),
            "cg-profiles");
  EXPECT_EQ(verdict("float4 main(float4 p : POSITION, uniform float n) : POSITION { float s = 0;\n"
                    "  for (float i = 0; i < n; i++) s += p.x; return s; }",
                    "arbvp1", "main"),
            "cg-profiles");
  // Globals: a const or static one with a constant initializer is known at compile time, a
  // static one initialised from a uniform is not (global initializers once crashed the
  // analysis).
  const char* globals =
      "static const float k = 2.0 * 3.0; uniform float u; static float w = u * 2;\n"
      "float4 main(float2 uv : TEXCOORD0) : COLOR { float s = 0;\n"
      "  for (float i = 0; i < BOUND; i++) s += uv.x; return s; }";
  auto bounded = [&](const char* b) {
    std::string p = globals;
    p.replace(p.find("BOUND"), 5, b);
    return verdict(p, "arbfp1", "main");
  };
  EXPECT_EQ(bounded("k"), "ok");
  EXPECT_EQ(bounded("w"), "cg-profiles");
  EXPECT_EQ(bounded("u"), "cg-profiles");
  // Only what the entry reaches.
  EXPECT_EQ(verdict("float sum(float n) { float s = 0; for (float i = 0; i < n; i++) s += i;\n"
                    "  return s; }\n"
                    "float4 main(float2 uv : TEXCOORD0) : COLOR { return uv.xyxy; }",
                    "arbfp1", "main"),
            "ok");
}

TEST(CgProfiles, LaterLibraryPages) {
  // The manual's pack and unpack pages: fp30, fp40, gp4, gp5 only (cgc 3.1: C3004 in arbfp1,
  // C1115 in vp40 and ps_3_0, accepted in gp4vp).
  const char* pack =
      "float4 f(float4 a : TEXCOORD0) : COLOR {\n"
      "  return pack_2half(a.xy) + pack_4ubyte(a) + unpack_4byte(a.x) + unpack_2ushort(a.y).x; }\n";
  EXPECT_EQ(verdict(pack, "fp40", "f"), "ok");
  EXPECT_EQ(verdict(pack, "arbfp1", "f"), "cg-overloading-of-functions-by-profile");
  EXPECT_EQ(verdict(pack, "ps_3_0", "f"), "cg-overloading-of-functions-by-profile");
  const char* packV = "float4 v(float4 a : POSITION) : POSITION { return pack_2ushort(a.xy); }";
  EXPECT_EQ(verdict(packV, "gp4vp", "v"), "ok");
  EXPECT_EQ(verdict(packV, "vp40", "v"), "cg-overloading-of-functions-by-profile");
  // isfinite, ldexp, lit, noise in every profile Plumb has; frexp's exponent is an int.
  const char* math =
      "float4 v(float4 a : POSITION) : POSITION {\n"
      "  int4 e; float4 m = frexp(a, e);\n"
      "  return lit(a.x, a.y, a.z) + isfinite(a) + ldexp(a, a) + noise(a) + m + e; }\n";
  EXPECT_EQ(verdict(math, "arbvp1", "v"), "ok");
  EXPECT_EQ(verdict(math, "vs_3_0", "v"), "ok");
  // frexp's exponent is declared int of x's shape (cgc 3.1's "expon"); a float4 argument
  // takes it by the seed's implicit conversion back (cgc's C1113 asks for the same type).
  int frexps = 0;
  for (const FunctionSignature& f : standardLibrary())
    if (f.name == "frexp") {
      ++frexps;
      ASSERT_EQ(f.parameters.size(), 2u);
      EXPECT_EQ(f.directions[1], ParameterDirection::Out);
      EXPECT_EQ(f.parameters[1]->scalar, Scalar::Int);
      EXPECT_EQ(typeName(f.parameters[1]), typeName(withScalar(*f.parameters[0], Scalar::Int)));
    }
  EXPECT_EQ(frexps, 15);
  // noise's result is a scalar (cgc 3.1: C1031 for noise(a).y).
  EXPECT_NE(
      verdict("float4 v(float4 a : POSITION) : POSITION { return noise(a).y; }", "arbvp1", "v"),
      "ok");
  // The bit casts: gp4 and gp5 only (cgc 3.1: C1115 in fp40).
  const char* casts =
      "float4 f(float4 a : TEXCOORD0, int4 b : TEXCOORD1) : COLOR {\n"
      "  return floatToIntBits(a) + floatToRawIntBits(a) + intBitsToFloat(b); }\n";
  EXPECT_EQ(verdict(casts, "gp4fp", "f"), "ok");
  EXPECT_EQ(verdict(casts, "fp40", "f"), "cg-overloading-of-functions-by-profile");
  // The bit functions: gp5 only (cgc 3.1: C1115 in gp4fp and ps_5_0).
  const char* bitfields =
      "float4 f(int4 a : TEXCOORD0, unsigned int u : TEXCOORD1) : COLOR {\n"
      "  return bitCount(a) + bitfieldExtract(a, 1, 3) + bitfieldInsert(a, a.x, 2, 3) +\n"
      "         bitfieldReverse(a) + findLSB(a) + findMSB(a) + bitCount(u) + findMSB(u); }\n";
  EXPECT_EQ(verdict(bitfields, "gp5fp", "f"), "ok+warning");  // int4 to float4
  EXPECT_EQ(verdict(bitfields, "gp4fp", "f"), "cg-overloading-of-functions-by-profile");
  // dst is not cgc 3.1's (C1008 undefined variable).
  EXPECT_NE(
      verdict("float4 v(float4 a : POSITION) : POSITION { return dst(a, a); }", "arbvp1", "v"),
      "ok");
}

TEST(CgProfiles, ArraySubscriptsKnownAtCompileTime) {
  // CG-P11 (cgc C5043): arbfp1 and ps_2_0 index arrays by constants only; vertex profiles
  // have relative addressing (seed: "arrays of light state (indexed by light number)").
  const char* p =
      "float4 main(float2 uv : TEXCOORD0, uniform int k) : COLOR {\n"
      "  const float t[4] = {1, 2, 3, 4}; return float4(t[k], 0, 0, 1); }";
  for (const char* constant : {"arbfp1", "ps_2_0"})
    EXPECT_EQ(verdict(p, constant, "main"), "cg-profiles") << constant;
  EXPECT_EQ(verdict(p, "gp4fp", "main"), "ok");
  // A loop counter of an unrolled loop is a constant; a vector's subscript is not limited.
  EXPECT_EQ(verdict("float4 main(float2 uv : TEXCOORD0, uniform float4 v) : COLOR {\n"
                    "  const float t[4] = {1, 2, 3, 4}; float s = 0;\n"
                    "  for (int i = 0; i < 4; i++) s += t[i]; int k = (int)uv.x;\n"
                    "  return float4(s, v[k], 0, 1); }",
                    "arbfp1", "main"),
            "ok");
  EXPECT_EQ(verdict("uniform float4 lights[8];\n"
                    "float4 main(float4 p : POSITION, uniform int k) : POSITION {\n"
                    "  return lights[k] + p; }",
                    "arbvp1", "main"),
            "ok");
}

// The limit a program breaks under a profile: "" (none) or "CG-Pnn" from the first error.
std::string limitOf(const std::string& text, const char* profile) {
  auto o = checkText(text, profile, "main");
  if (o.rule.empty()) return "";
  if (o.rule != "cg-profiles") return o.rule + ": " + o.message;
  const size_t at = o.message.rfind("(CG-P");
  return at == std::string::npos ? o.message : o.message.substr(at + 1, 6);
}

TEST(CgProfiles, RunTimeSubscriptsByProfile) {
  // Each program under the profiles cgc 3.1 rejects it in (C5043: CG-P11, C6016: CG-P13,
  // C6013: CG-P14) and accepts it in.
  struct Row {
    const char* program;
    std::vector<std::pair<const char*, const char*>> limits;  // profile, limit ("" accepted)
  };
  const std::vector<Row> rows = {
      // A uniform matrix's row: no relative addressing in arbfp1/ps_2_0; fp40 and ps_3_0
      // index only inputs; the vertex profiles' constant registers are uniform storage.
      {"float4 main(float2 uv : TEXCOORD0, uniform float4x4 m, uniform int k) : COLOR {\n"
       "  return m[k]; }",
       {{"arbfp1", "CG-P11"},
        {"ps_2_0", "CG-P11"},
        {"fp40", "CG-P14"},
        {"ps_3_0", "CG-P14"},
        {"gp4fp", ""}}},
      {"uniform float4 arr[4];\n"
       "float4 main(float4 p : POSITION, uniform int k) : POSITION { return p + arr[k]; }",
       {{"arbvp1", ""}, {"vs_2_0", ""}, {"vp40", ""}, {"vs_3_0", ""}, {"gp4vp", ""}}},
      // An array of constants in a vertex profile (C6016) and in fp40/ps_3_0 (C6013).
      {"float4 main(float4 p : POSITION, uniform int k) : POSITION {\n"
       "  const float t[4] = {1, 2, 3, 4}; return p * t[k]; }",
       {{"arbvp1", "CG-P13"},
        {"vs_1_1", "CG-P13"},
        {"vp40", "CG-P13"},
        {"vs_3_0", "CG-P13"},
        {"gp4vp", ""}}},
      {"static const float4 c[2] = {float4(1, 2, 3, 4), float4(5, 6, 7, 8)};\n"
       "float4 main(float4 a : TEXCOORD0, uniform int k) : COLOR { return a + c[k]; }",
       {{"fp40", "CG-P14"}, {"ps_3_0", "CG-P14"}, {"arbfp1", "CG-P11"}, {"gp4fp", ""}}},
      // A varying input array in a vertex profile.
      {"float4 main(float4 p[2] : TEXCOORD0, uniform int k) : POSITION { return p[k]; }",
       {{"arbvp1", "CG-P13"}, {"vp40", "CG-P13"}, {"gp4vp", ""}}},
      // fp40 and ps_3_0: texture coordinates by a loop's counter (plus a constant), not by
      // another run-time value; fp40 only texture coordinates.
      {"float4 main(float4 tc[4] : TEXCOORD0, uniform int k) : COLOR { float4 s = 0;\n"
       "  for (int i = 0; i < k; i++) s += tc[i + 1]; return s; }",
       {{"fp40", ""}, {"ps_3_0", ""}, {"gp4fp", ""}}},
      {"float4 main(float4 tc[4] : TEXCOORD0, uniform int k) : COLOR { return tc[k]; }",
       {{"fp40", "CG-P14"}, {"ps_3_0", "CG-P14"}, {"arbfp1", "CG-P11"}, {"gp4fp", ""}}},
      {"float4 main(float4 tc[4] : TEXCOORD0, uniform int k) : COLOR { float4 s = 0;\n"
       "  for (int i = 0; i < k; i++) s += tc[k]; return s; }",
       {{"fp40", "CG-P14"}, {"ps_3_0", "CG-P14"}}},
      {"float4 main(float4 c[2] : COLOR0, uniform int k) : COLOR { float4 s = 0;\n"
       "  for (int i = 0; i < k; i++) s += c[i]; return s; }",
       {{"fp40", "CG-P14"}, {"ps_3_0", ""}}},
      // A uniform array by a loop's counter: only in a loop that unrolls.
      {"uniform float4 arr[4];\n"
       "float4 main(float2 uv : TEXCOORD0, uniform int k) : COLOR { float4 s = 0;\n"
       "  for (int i = 0; i < k; i++) s += arr[i]; return s; }",
       {{"fp40", "CG-P14"}, {"ps_3_0", "CG-P14"}, {"gp4fp", ""}}},
      {"uniform float4 arr[4];\n"
       "float4 main(float2 uv : TEXCOORD0) : COLOR { float4 s = 0;\n"
       "  for (int i = 0; i < 4; i++) s += arr[i]; return s; }",
       {{"fp40", ""}, {"ps_3_0", ""}, {"arbfp1", ""}}},
      // A vector's subscript is not limited.
      {"float4 main(float2 uv : TEXCOORD0, uniform float4 v, uniform int k) : COLOR {\n"
       "  return v[k]; }",
       {{"arbfp1", ""}, {"fp40", ""}, {"ps_3_0", ""}}},
  };
  for (const Row& r : rows)
    for (const auto& [profile, limit] : r.limits)
      EXPECT_EQ(limitOf(r.program, profile), limit) << profile << "\n" << r.program;
}

TEST(CgProfiles, LoopCounterRangeOfLoopsThatAreNotUnrolled) {
  // CG-P15 (cgc C7002): vs_3_0's and ps_3_0's loop register counts from 0 to 255; a loop
  // that cannot unroll and counts up from a constant outside that range.
  auto frag = [](const char* init, const char* bound) {
    return std::string(
               "float4 main(float2 uv : TEXCOORD0, uniform int k) : COLOR {\n"
               "  float4 s = 0; for (int i = ") +
           init + "; i < " + bound + "; i++) s += uv.x; return s; }";
  };
  EXPECT_EQ(limitOf(frag("-2", "k"), "ps_3_0"), "CG-P15");
  EXPECT_EQ(limitOf(frag("256", "k"), "ps_3_0"), "CG-P15");
  EXPECT_EQ(limitOf(frag("255", "k"), "ps_3_0"), "");
  EXPECT_EQ(limitOf(frag("0", "k"), "ps_3_0"), "");
  EXPECT_EQ(limitOf(frag("-2", "k"), "fp40"), "");
  EXPECT_EQ(limitOf(frag("-2", "k"), "gp4fp"), "");
  // A loop that unrolls has no counter register.
  EXPECT_EQ(limitOf(frag("-2", "2"), "ps_3_0"), "");
  EXPECT_EQ(limitOf("float4 main(float4 p : POSITION, uniform int k) : POSITION {\n"
                    "  float4 s = p; for (int i = -2; i < k; i++) s += p; return s; }",
                    "vs_3_0"),
            "CG-P15");
  // A float counter is not the loop register (cgc accepts it).
  EXPECT_EQ(limitOf("float4 main(float2 uv : TEXCOORD0, uniform float k) : COLOR {\n"
                    "  float4 s = 0; for (float i = -2; i < k; i++) s += uv.x; return s; }",
                    "ps_3_0"),
            "");
}

TEST(CgProfiles, IntegerOperatorsOnRunTimeValues) {
  // CG-P12 (cgc C5508): |, &, ^, <<, >>, ~ need integer instructions (gp4/gp5, DX10+).
  for (const char* op : {"|", "&", "^", "<<", ">>"}) {
    std::string p =
        std::string("float4 main(float2 uv : TEXCOORD0) : COLOR { int q = (int)uv.x;\n") +
        "  int r = q " + op + " 2; return float4(r, 0, 0, 1); }";
    for (const char* lacks : {"arbfp1", "ps_2_0", "ps_3_0", "fp40"})
      EXPECT_EQ(verdict(p, lacks, "main"), "cg-profiles") << op << " " << lacks;
    for (const char* has : {"gp4fp", "gp5fp", "ps_4_0", "generic"})
      EXPECT_EQ(verdict(p, has, "main"), "ok") << op << " " << has;
  }
  // Compound assignments under run-time conditions (RetroArch's hq2x-halphon.cg): the first
  // `p |= 1` folds (0 | 1, then a select), the second ORs a run-time value (cgc accepts the
  // first alone, rejects the pair).
  EXPECT_EQ(verdict("float4 main(float2 uv : TEXCOORD0) : COLOR { int p = 0;\n"
                    "  if (uv.x > 0.5) p |= 1; return float4(p, 0, 0, 1); }",
                    "arbfp1", "main"),
            "ok");
  EXPECT_EQ(verdict("float4 main(float2 uv : TEXCOORD0) : COLOR { int p = 0;\n"
                    "  if (uv.x > 0.5) p |= 1; if (uv.y > 0.5) p |= 2;\n"
                    "  return float4(p, 0, 0, 1); }",
                    "arbfp1", "main"),
            "cg-profiles");
  // An assignment of a compile-time value makes a variable one again (RetroArch's
  // gtu-v050/pass2-fallback.cg: `range = FIXNUM;` after a run-time one).
  EXPECT_EQ(verdict("float4 main(float2 uv : TEXCOORD0) : COLOR { float r = uv.x; r = 3;\n"
                    "  float s = 0; for (float i = -r; i < r; i++) s += 1; return s; }",
                    "arbfp1", "main"),
            "ok");
  // What folds is allowed: constants, and arithmetic that is not bitwise.
  EXPECT_EQ(
      verdict("float4 main(float2 uv : TEXCOORD0) : COLOR { int p = 3 | 4; int q = (int)uv.x;\n"
              "  return float4(p, q + 1, q * 2, q % 3); }",
              "arbfp1", "main"),
      "ok");
  EXPECT_EQ(verdict("float4 main(float4 p : POSITION) : POSITION { int q = (int)p.x;\n"
                    "  return float4(~q, 0, 0, 1); }",
                    "vs_3_0", "main"),
            "cg-profiles");
}

TEST(CgDeclarations, BraceElisionInArrayInitializers) {
  EXPECT_EQ(verdict("void t() { const float2 o[4] = {-1.8, -1.8, -1.8, 1.8, 1.8, -1.8, 1.8, 1.8}; "
                    "float2 a = o[3]; }"),
            "ok+warning");
  EXPECT_EQ(verdict("void t(float f) { float2 o[2] = {f, 1, float2(2, 3)}; }"), "cg-assignment");
  auto sized = checkText("float4 t() { float2 o[] = {1, 2, 3, 4, 5, 6}; return o.length; }");
  EXPECT_TRUE(sized.ok) << sized.message;
  ASSERT_TRUE(sized.program);
  const Stmt& decl = *sized.program->functions[0].body->statements[0];
  EXPECT_EQ(decl.declaration.declarators[0].declaredType->arraySize, 3);
  EXPECT_EQ(decl.declaration.declarators[0].initializer->operands.size(), 3u);
  // Still too many, and a vector may not straddle two elements.
  EXPECT_EQ(verdict("void t() { float2 o[2] = {1, 2, 3, 4, 5}; }"), "cg-assignment");
  EXPECT_EQ(verdict("void t(float3 v) { float2 o[2] = {1, v}; }"), "cg-assignment");
}

}  // namespace
}  // namespace plumb::cg
