// The standard-library overload table (see standard_library.h for the source).
#include "checker/cg/standard_library.h"

#include "checker/cg/direct3d_texture_library.h"

#include <algorithm>
#include <set>

namespace plumb::cg {
namespace {

using P = ParameterDirection;

struct Builder {
  std::vector<FunctionSignature> out;
  void add(std::string name, std::vector<TypeP> params, TypeP result,
           std::vector<std::string> profiles = {}, std::vector<P> dirs = {}) {
    FunctionSignature f;
    f.name = std::move(name);
    f.parameters = std::move(params);
    f.directions = dirs.empty() ? std::vector<P>(f.parameters.size(), P::In) : std::move(dirs);
    f.hasDefault.assign(f.parameters.size(), false);
    f.result = std::move(result);
    f.profiles = std::move(profiles);
    out.push_back(std::move(f));
  }
};

// The fragment profiles with screen-space derivatives (ddx, ddy, fwidth; CG-P8).
const char* const kDerivativeProfiles[] = {"fp40", "ps_3_0", "gp4fp", "gp5fp", "ps_4_0", "ps_5_0"};

// float, half, fixed: the manual's generic "floatN" element types.
const Scalar kFloats[] = {Scalar::Float, Scalar::Half, Scalar::Fixed};

// Scalar and vectors 1..4 of `s`.
std::vector<TypeP> shapes(Scalar s) {
  return {scalarType(s), vectorType(s, 1), vectorType(s, 2), vectorType(s, 3), vectorType(s, 4)};
}

}  // namespace

const std::vector<FunctionSignature>& standardLibrary() {
  static const std::vector<FunctionSignature> table = [] {
    Builder b;
    const char* unary[] = {"abs",     "acos",    "asin",  "atan",  "ceil",     "cos",      "cosh",
                           "degrees", "exp",     "exp2",  "floor", "frac",     "log",      "log2",
                           "log10",   "radians", "round", "rsqrt", "saturate", "sign",     "sin",
                           "sinh",    "sqrt",    "tan",   "tanh",  "trunc",    "normalize"};
    const char* binary[] = {"atan2", "fmod", "max", "min", "pow", "step", "reflect"};
    const char* ternary[] = {"clamp", "lerp", "smoothstep", "faceforward"};
    for (Scalar s : kFloats)
      for (const TypeP& t : shapes(s)) {
        for (const char* n : unary) b.add(n, {t}, t);
        for (const char* n : binary) b.add(n, {t, t}, t);
        for (const char* n : ternary) b.add(n, {t, t, t}, t);
        if (t->kind == TypeKind::Vector) b.add("lerp", {t, t, scalarType(s)}, t);
        b.add("dot", {t, t}, scalarType(s));
        b.add("length", {t}, scalarType(s));
        b.add("distance", {t, t}, scalarType(s));
        b.add("sincos", {t, t, t}, voidType(), {}, {P::In, P::Out, P::Out});
        // modf: "supported in all profiles except fp20" (the manual's modf page).
        b.add("modf", {t, t}, t, {}, {P::In, P::Out});
        b.add("isnan", {t}, withScalar(*t, Scalar::Bool));
        b.add("isinf", {t}, withScalar(*t, Scalar::Bool));
        // isfinite, ldexp, frexp: "supported in all profiles except fp20" (their pages; Plumb
        // has no fp20). frexp's exponent is an int (cgc 3.1: C1113 "actual parameter #2 must
        // be same type as formal out parameter ("expon")" for a float4 e, accepted for int4),
        // not the page's `out float e`.
        b.add("isfinite", {t}, withScalar(*t, Scalar::Bool));
        b.add("ldexp", {t, t}, t);
        b.add("frexp", {t, withScalar(*t, Scalar::Int)}, t, {}, {P::In, P::Out});
        // noise: no page of the manual; cgc 3.1 declares `float noise(floatN)` for every size
        // (noise(a).y: C1031, the result is a scalar) in every profile (docs/ambiguities.md
        // CG-E16).
        b.add("noise", {t}, scalarType(s));
        // Derivatives: the fragment profiles that have them, one overload each (step 2 keeps
        // the compilation profile's). The manual's ddx, ddy and fwidth pages: "supported only in
        // fragment profiles" and "unsupported in the fp20, ps_1_1, ps_1_2, ps_1_3, and arbfp1
        // profiles"; ps_2_0 lacks them too (Direct3D 9's ps_2_0 has no gradient instruction;
        // cgc 3.1: C3004), docs/ambiguities.md CG-P8.
        for (const char* p : kDerivativeProfiles) {
          b.add("ddx", {t}, t, {p});
          b.add("ddy", {t}, t, {p});
          b.add("fwidth", {t}, t, {p});
        }
        // clip: "conditionally kill a pixel before output" (the manual's clip page: float1-4
        // and float; a fragment program's, as discard is).
        if (s == Scalar::Float) b.add("clip", {t}, voidType(), {"ps"});
        // fma: NV_gpu_program5's fused multiply-add (`FMA`), which cgc 3.1 has in the gp5
        // profiles only; no page of the manual describes it, NVIDIA's tess_bezier.cg calls it
        // (docs/ambiguities.md CG-P3).
        b.add("fma", {t, t, t}, t, {"gp5vp", "gp5fp", "gp5gp", "gp5tcp", "gp5tep"});
      }
    // lit (the manual's lit page: scalar float, half, fixed; "supported in all profiles").
    for (Scalar s : kFloats)
      b.add("lit", {scalarType(s), scalarType(s), scalarType(s)}, vectorType(s, 4));
    // pack_* and unpack_* (the manual's pack and unpack pages): "supported in fp30, fp40, gp4,
    // gp5" (cgc 3.1: C3004 in arbfp1, no overload (C1115) in vp40 and ps_3_0, accepted in
    // gp4vp).
    const std::vector<std::string> packing = {"fp30",  "fp40",  "gp4fp", "gp4vp",  "gp4gp",
                                              "gp5fp", "gp5vp", "gp5gp", "gp5tcp", "gp5tep"};
    for (Scalar s : {Scalar::Float, Scalar::Half}) {
      b.add("pack_2half", {vectorType(s, 2)}, scalarType(Scalar::Float), packing);
      b.add("pack_2ushort", {vectorType(s, 2)}, scalarType(Scalar::Float), packing);
      b.add("pack_4byte", {vectorType(s, 4)}, scalarType(Scalar::Float), packing);
      b.add("pack_4ubyte", {vectorType(s, 4)}, scalarType(Scalar::Float), packing);
    }
    const TypeP packed = scalarType(Scalar::Float);
    b.add("unpack_2half", {packed}, vectorType(Scalar::Half, 2), packing);
    b.add("unpack_2ushort", {packed}, vectorType(Scalar::Float, 2), packing);
    b.add("unpack_4byte", {packed}, vectorType(Scalar::Half, 4), packing);
    b.add("unpack_4ubyte", {packed}, vectorType(Scalar::Half, 4), packing);
    // all, any: bool, bool1-4 only (the manual's synopsis); a numeric argument converts to them.
    for (int n = 1; n <= 4; ++n) {
      b.add("all", {vectorType(Scalar::Bool, n)}, scalarType(Scalar::Bool));
      b.add("any", {vectorType(Scalar::Bool, n)}, scalarType(Scalar::Bool));
    }
    b.add("all", {scalarType(Scalar::Bool)}, scalarType(Scalar::Bool));
    b.add("any", {scalarType(Scalar::Bool)}, scalarType(Scalar::Bool));
    for (Scalar s : kFloats) {
      b.add("cross", {vectorType(s, 3), vectorType(s, 3)}, vectorType(s, 3));
      for (int n = 1; n <= 4; ++n)
        b.add("refract", {vectorType(s, n), vectorType(s, n), scalarType(s)}, vectorType(s, n));
      // mul: matrix-vector, vector-matrix and matrix-matrix products (the seed's `*` is
      // componentwise; "the linear-algebra product is mul()").
      for (int r = 1; r <= 4; ++r)
        for (int c = 1; c <= 4; ++c) {
          b.add("mul", {matrixType(s, r, c), vectorType(s, c)}, vectorType(s, r));
          b.add("mul", {vectorType(s, r), matrixType(s, r, c)}, vectorType(s, c));
          for (int k = 1; k <= 4; ++k)
            b.add("mul", {matrixType(s, r, k), matrixType(s, k, c)}, matrixType(s, r, c));
          b.add("transpose", {matrixType(s, r, c)}, matrixType(s, c, r));
        }
      for (int n = 1; n <= 4; ++n) b.add("determinant", {matrixType(s, n, n)}, scalarType(s));
      // inverse: float2x2, float3x3, float4x4 (the manual's synopsis; "all profiles except fp20,
      // vs_1_1, ps_1_1, ps_1_2 and ps_1_3", but cgc 3.1 accepts it in vs_1_1 too: open-profile).
      if (s == Scalar::Float)
        for (int n = 2; n <= 4; ++n) b.add("inverse", {matrixType(s, n, n)}, matrixType(s, n, n));
    }
    // Texture lookups (fragment profiles; vp40 also samples in vertex programs).
    const TypeP f4 = vectorType(Scalar::Float, 4), f3 = vectorType(Scalar::Float, 3),
                f2 = vectorType(Scalar::Float, 2), f1 = scalarType(Scalar::Float);
    const TypeP s1 = objectType(ObjectKind::Sampler1D), s2 = objectType(ObjectKind::Sampler2D),
                s3 = objectType(ObjectKind::Sampler3D), sc = objectType(ObjectKind::SamplerCUBE),
                sr = objectType(ObjectKind::SamplerRECT);
    // The later profiles sample in every stage (their pages: "Texture accesses include support
    // for texture arrays"; the Direct3D 10/11 pages: the HLSL library of the stage).
    // One overload per profile: step 2 keeps only the compilation profile's. The fragment
    // profiles are the `ps` wildcard's but Direct3D 10/11's: there, and in vs_4_0 and vs_5_0,
    // the lookups are cgc's translation to HLSL, declared form by form in
    // direct3d_texture_library.cpp (docs/ambiguities.md CG-P20).
    const std::vector<std::string> fragmentSampling = {"arbfp1", "fp40",  "ps_1_1", "ps_2_0",
                                                       "ps_3_0", "gp4fp", "gp5fp"};
    std::vector<std::vector<std::string>> sampling = {fragmentSampling};
    for (const char* p : {"vp40", "gp4vp", "gp4gp", "gp5vp", "gp5gp", "gp5tcp", "gp5tep", "vs_3_0",
                          "gs_4_0", "gs_5_0", "hs_5_0", "ds_5_0"})
      sampling.push_back({p});
    for (const std::vector<std::string>& profiles : sampling) {
      // The bias forms need a gradient-based level, which vs_3_0's texldl does not take (cgc
      // 3.1: C5201 "invalid internal function declaration"; the texture index).
      const bool bias = profiles != std::vector<std::string>{"vs_3_0"};
      b.add("tex1D", {s1, f1}, f4, profiles);
      b.add("tex1D", {s1, f2}, f4, profiles);
      b.add("tex1Dproj", {s1, f2}, f4, profiles);
      b.add("tex2D", {s2, f2}, f4, profiles);
      b.add("tex2D", {s2, f3}, f4, profiles);
      b.add("tex2Dproj", {s2, f3}, f4, profiles);
      b.add("tex2Dproj", {s2, f4}, f4, profiles);
      if (bias) b.add("tex2Dbias", {s2, f4}, f4, profiles);
      b.add("tex3D", {s3, f3}, f4, profiles);
      b.add("tex3Dproj", {s3, f4}, f4, profiles);
      b.add("texCUBE", {sc, f3}, f4, profiles);
      b.add("texCUBEproj", {sc, f4}, f4, profiles);
      b.add("texRECT", {sr, f2}, f4, profiles);
      b.add("texRECTproj", {sr, f3}, f4, profiles);
      // The shadow and bias forms of the same pages.
      b.add("tex1Dproj", {s1, f3}, f4, profiles);
      if (bias) b.add("tex1Dbias", {s1, f4}, f4, profiles);
      if (bias) b.add("tex3Dbias", {s3, f4}, f4, profiles);
      b.add("texCUBE", {sc, f4}, f4, profiles);
      if (bias) b.add("texCUBEbias", {sc, f4}, f4, profiles);
      b.add("texRECT", {sr, f3}, f4, profiles);
      b.add("texRECTproj", {sr, f4}, f4, profiles);
      // texRECTbias (the manual's pages: the coordinate's w is the bias).
      if (bias) b.add("texRECTbias", {sr, f4}, f4, profiles);
    }
    // The explicit-derivative forms (`tex2D(s, uv, dx, dy)`): in the fragment profiles with
    // derivatives and the vertex and later stages from gp4 on, not arbfp1, ps_1_1, ps_2_0
    // (cgc 3.1: C3004 "not supported in this profile"), vp40, vs_3_0 (C1115: no overload), as
    // ddx and ddy (CG-P8): a lookup's derivatives select its level, which vertex programs
    // before gp4 do not have (docs/ambiguities.md CG-P19).
    std::vector<std::vector<std::string>> derivativeProfiles(sampling.begin() + 2, sampling.end());
    derivativeProfiles.erase(std::remove(derivativeProfiles.begin(), derivativeProfiles.end(),
                                         std::vector<std::string>{"vs_3_0"}),
                             derivativeProfiles.end());
    for (const char* p : {"fp40", "ps_3_0", "gp4fp", "gp5fp"}) derivativeProfiles.push_back({p});
    for (const std::vector<std::string>& profiles : derivativeProfiles) {
      b.add("tex1D", {s1, f1, f1, f1}, f4, profiles);
      b.add("tex1D", {s1, f2, f1, f1}, f4, profiles);
      b.add("tex2D", {s2, f2, f2, f2}, f4, profiles);
      b.add("tex2D", {s2, f3, f2, f2}, f4, profiles);
      b.add("tex3D", {s3, f3, f3, f3}, f4, profiles);
      b.add("texCUBE", {sc, f3, f3, f3}, f4, profiles);
      b.add("texCUBE", {sc, f4, f3, f3}, f4, profiles);
      b.add("texRECT", {sr, f2, f2, f2}, f4, profiles);
      b.add("texRECT", {sr, f3, f2, f2}, f4, profiles);
    }
    // The level-of-detail forms (the coordinate's w is the level): "supported in fragment
    // profiles starting with fp40 and in vertex profiles starting with vp40" (the tex2Dlod
    // page): not arbfp1, ps_1_1, ps_2_0 (cgc C3004, C5201).
    std::vector<std::vector<std::string>> lodProfiles(sampling.begin() + 1, sampling.end());
    for (const char* p : {"fp40", "ps_3_0", "gp4fp", "gp5fp"}) lodProfiles.push_back({p});
    for (const std::vector<std::string>& profiles : lodProfiles) {
      b.add("tex1Dlod", {s1, f4}, f4, profiles);
      b.add("tex2Dlod", {s2, f4}, f4, profiles);
      b.add("tex3Dlod", {s3, f4}, f4, profiles);
      b.add("texCUBElod", {sc, f4}, f4, profiles);
      b.add("texRECTlod", {sr, f4}, f4, profiles);
    }
    // Texel offsets, texel fetches and texture sizes: the manual gives them for the gp4 and gp5
    // profiles only (OpenGL's NV_gpu_program4), which Plumb does not model; a function the
    // entry does not reach may still call them (seed "Profiles", docs/ambiguities.md CGO-7).
    const std::vector<std::string> gp4 = {"gp4fp", "gp4vp", "gp4gp",  "gp5fp",
                                          "gp5vp", "gp5gp", "gp5tcp", "gp5tep"};
    const TypeP i1 = scalarType(Scalar::Int), i2 = vectorType(Scalar::Int, 2),
                i3 = vectorType(Scalar::Int, 3), i4 = vectorType(Scalar::Int, 4);
    struct Dimension {
      const char* name;
      TypeP sampler, coordinate, projective, derivative, offset;
    };
    for (const Dimension& d :
         {Dimension{"1D", s1, f1, f2, f1, i1}, Dimension{"2D", s2, f2, f3, f2, i2},
          Dimension{"3D", s3, f3, f4, f3, i3}, Dimension{"RECT", sr, f2, f3, f2, i2}}) {
      const std::string n = d.name;
      const bool shadow = n != "3D";  // 1D, 2D, RECT have a shadow (one more coordinate) form
      for (const TypeP& c : shadow ? std::vector<TypeP>{d.coordinate, d.projective}
                                   : std::vector<TypeP>{d.coordinate}) {
        b.add("tex" + n, {d.sampler, c, d.offset}, f4, gp4);
        b.add("tex" + n, {d.sampler, c, d.derivative, d.derivative, d.offset}, f4, gp4);
      }
      b.add("tex" + n + "proj", {d.sampler, d.projective, d.offset}, f4, gp4);
      // The shadow form: the coordinates, the reference and q (float3 for 1D: cgc 3.1 finds
      // tex1Dproj(sampler1D, float4, int) ambiguous, C1101).
      if (shadow) b.add("tex" + n + "proj", {d.sampler, n == "1D" ? f3 : f4, d.offset}, f4, gp4);
      if (n != "RECT") {
        b.add("tex" + n + "lod", {d.sampler, f4, d.offset}, f4, gp4);
        b.add("tex" + n + "bias", {d.sampler, f4, d.offset}, f4, gp4);
      }
      b.add("tex" + n + "fetch", {d.sampler, i4}, f4, gp4);
      b.add("tex" + n + "fetch", {d.sampler, i4, d.offset}, f4, gp4);
      b.add("tex" + n + "size", {d.sampler, i1}, i3, gp4);
    }
    b.add("texCUBEsize", {sc, i1}, i3, gp4);
    // Texture arrays and buffers (the gp4 pages, "Texture Array Functions": tex1DARRAY,
    // tex2DARRAY and their lod, bias and proj forms; texBUF), in the profiles that have them.
    const TypeP s1a = objectType(ObjectKind::Sampler1DARRAY),
                s2a = objectType(ObjectKind::Sampler2DARRAY),
                sb = objectType(ObjectKind::SamplerBUF);
    // Each with its texel-offset variant; the lookups also with explicit derivatives (float
    // for a 1D array, float2 for a 2D one: cgc 3.1 takes float2, the tex2DARRAY page writes
    // `float dx`); tex1DARRAYlod and tex1DARRAYbias take a float4 (their pages; cgc 3.1:
    // C1115 for a float3).
    for (const TypeP& c : {f2, f3}) {
      b.add("tex1DARRAY", {s1a, c}, f4, gp4);
      b.add("tex1DARRAY", {s1a, c, i1}, f4, gp4);
      b.add("tex1DARRAY", {s1a, c, f1, f1}, f4, gp4);
      b.add("tex1DARRAY", {s1a, c, f1, f1, i1}, f4, gp4);
    }
    b.add("tex1DARRAYlod", {s1a, f4}, f4, gp4);
    b.add("tex1DARRAYlod", {s1a, f4, i1}, f4, gp4);
    b.add("tex1DARRAYbias", {s1a, f4}, f4, gp4);
    b.add("tex1DARRAYbias", {s1a, f4, i1}, f4, gp4);
    for (const TypeP& c : {f3, f4}) {
      b.add("tex1DARRAYproj", {s1a, c}, f4, gp4);
      b.add("tex1DARRAYproj", {s1a, c, i1}, f4, gp4);
      b.add("tex2DARRAY", {s2a, c}, f4, gp4);
      b.add("tex2DARRAY", {s2a, c, i2}, f4, gp4);
      b.add("tex2DARRAY", {s2a, c, f2, f2}, f4, gp4);
      b.add("tex2DARRAY", {s2a, c, f2, f2, i2}, f4, gp4);
    }
    b.add("tex2DARRAYlod", {s2a, f4}, f4, gp4);
    b.add("tex2DARRAYlod", {s2a, f4, i2}, f4, gp4);
    b.add("tex2DARRAYbias", {s2a, f4}, f4, gp4);
    b.add("tex2DARRAYbias", {s2a, f4, i2}, f4, gp4);
    b.add("tex2DARRAYproj", {s2a, f4}, f4, gp4);
    b.add("tex2DARRAYproj", {s2a, f4, i2}, f4, gp4);
    b.add("texBUF", {sb, scalarType(Scalar::Int)}, f4, gp4);
    // The rest of the manual's index (docs/ambiguities.md CG-P18). Shadow comparisons with a
    // bias or a level (tex1Dcmpbias ... tex2Dcmplod: the reference right after the coordinates,
    // the bias or level last): "fragment profiles starting with fp40 and vertex profiles
    // starting with vp40" (cgc 3.1: C3004 in arbfp1, ps_2_0, ps_3_0, vs_3_0, ps_4_0), the
    // texel-offset variants "only in gp4 and newer profiles".
    std::vector<std::string> compareProfiles = gp4;
    compareProfiles.insert(compareProfiles.end(), {"fp40", "vp40"});
    for (const char* form : {"cmpbias", "cmplod"}) {
      b.add(std::string("tex1D") + form, {s1, f4}, f4, compareProfiles);
      b.add(std::string("tex1D") + form, {s1, f4, i1}, f4, gp4);
      b.add(std::string("tex2D") + form, {s2, f4}, f4, compareProfiles);
      b.add(std::string("tex2D") + form, {s2, f4, i2}, f4, gp4);
      b.add(std::string("tex1DARRAY") + form, {s1a, f4}, f4, gp4);
      b.add(std::string("tex1DARRAY") + form, {s1a, f4, i1}, f4, gp4);
    }
    // Array fetches and sizes (int4: the coordinates, the layer, the level last; the size of
    // one layer's image).
    b.add("tex1DARRAYfetch", {s1a, i4}, f4, gp4);
    b.add("tex1DARRAYfetch", {s1a, i4, i1}, f4, gp4);
    b.add("tex2DARRAYfetch", {s2a, i4}, f4, gp4);
    b.add("tex2DARRAYfetch", {s2a, i4, i2}, f4, gp4);
    b.add("tex1DARRAYsize", {s1a, i1}, i3, gp4);
    b.add("tex2DARRAYsize", {s2a, i1}, i3, gp4);
    b.add("texBUFsize", {sb, i1}, i3, gp4);
    // Multisample textures, cube-map arrays and renderbuffers. The pages say gp5 for the first
    // two; cgc 3.1 accepts them in gp4fp and gp4vp too, and only texCUBEARRAYbias and
    // texCUBEARRAYlod in gp5 alone (C1115 in gp4fp). tex2DMSsize is an int2 in cgc 3.1 (the
    // page: int3); texRBUF's page names samplerBUF where cgc 3.1 takes samplerRBUF (C1115).
    const TypeP sms = objectType(ObjectKind::Sampler2DMS),
                smsa = objectType(ObjectKind::Sampler2DMSARRAY),
                sca = objectType(ObjectKind::SamplerCUBEARRAY),
                srb = objectType(ObjectKind::SamplerRBUF);
    b.add("tex2DMSfetch", {sms, i2, i1}, f4, gp4);
    b.add("tex2DMSsize", {sms}, i2, gp4);
    b.add("tex2DMSARRAYfetch", {smsa, i3, i1}, f4, gp4);
    b.add("tex2DMSARRAYsize", {smsa}, i3, gp4);
    b.add("texCUBEARRAY", {sca, f4}, f4, gp4);
    b.add("texCUBEARRAY", {sca, f4, f3, f3}, f4, gp4);
    b.add("texCUBEARRAYbias", {sca, f4, f1}, f4, {"gp5fp", "gp5vp", "gp5gp", "gp5tcp", "gp5tep"});
    b.add("texCUBEARRAYlod", {sca, f4, f1}, f4, {"gp5fp", "gp5vp", "gp5gp", "gp5tcp", "gp5tep"});
    b.add("texCUBEARRAYsize", {sca, i1}, i3, gp4);
    b.add("texRBUF", {srb, i2, i1}, f4, gp4);
    b.add("texRBUFsize", {srb}, i2, gp4);
    // The bit casts (their pages: "supported by the gp4vp, gp4gp, and gp4vp profiles", "not
    // supported by pre-G80 profiles"; cgc 3.1 accepts them in gp4fp, gp4vp, gp5fp and has no
    // overload (C1115) in fp40, vp40, ps_4_0): float and float1-4 only.
    for (const TypeP& t : shapes(Scalar::Float)) {
      const TypeP bits = withScalar(*t, Scalar::Int);
      b.add("floatToIntBits", {t}, bits, gp4);
      b.add("floatToRawIntBits", {t}, bits, gp4);
      b.add("intBitsToFloat", {bits}, t, gp4);
    }
    // The gp5 bit functions (their pages, ARB_gpu_shader5's; "supported in gp5 profiles": cgc
    // 3.1 has no overload (C1115) in gp4fp, fp40, ps_5_0): int and uint, scalar and 2-4.
    const std::vector<std::string> gp5 = {"gp5fp", "gp5vp", "gp5gp", "gp5tcp", "gp5tep"};
    for (Scalar s : {Scalar::Int, Scalar::UInt})
      for (int n = 1; n <= 4; ++n) {
        const TypeP t = n == 1 ? scalarType(s) : vectorType(s, n);
        const TypeP counts = n == 1 ? i1 : vectorType(Scalar::Int, n);
        b.add("bitCount", {t}, counts, gp5);
        b.add("findLSB", {t}, counts, gp5);
        b.add("findMSB", {t}, counts, gp5);
        b.add("bitfieldReverse", {t}, t, gp5);
        b.add("bitfieldExtract", {t, i1, i1}, t, gp5);
        b.add("bitfieldInsert", {t, scalarType(s), i1, i1}, t, gp5);
      }
    // Geometry programs end a strip (gp4gp page; emitVertex, whose arguments are any varying
    // outputs, is the checker's: Checker::emitVertex).
    b.add("restartStrip", {}, voidType(), {"gp4gp", "gp5gp", "gs_4_0", "gs_5_0"});
    // The integer samplers' lookups (the pages' `int4 tex2D(isampler2D ...)`, `unsigned int4
    // tex2D(usampler2D ...)`): "only supported in gp4 and newer profiles". Every lookup with a
    // float4 result but the shadow comparisons with a bias or level (cgc 3.1 gives those a
    // float4 for an isampler too); elsewhere an integer sampler converts to the float one of
    // its dimension (CG-P18). Appended, so the indices above stay as they were.
    const std::vector<FunctionSignature> floatLookups = b.out;
    for (const FunctionSignature& f : floatLookups) {
      if (f.name.rfind("tex", 0) != 0 || f.name.find("cmp") != std::string::npos ||
          f.parameters.empty() || f.parameters[0]->kind != TypeKind::Object ||
          f.parameters[0]->object == ObjectKind::Sampler || !sameType(f.result, f4))
        continue;
      std::vector<std::string> profiles;
      for (const std::string& p : f.profiles) {
        if (std::find(gp4.begin(), gp4.end(), p) != gp4.end()) profiles.push_back(p);
      }
      if (profiles.empty()) continue;
      for (Scalar texel : {Scalar::Int, Scalar::UInt}) {
        std::vector<TypeP> params = f.parameters;
        params[0] = objectType(params[0]->object, texel);
        b.add(f.name, std::move(params), vectorType(texel, 4), profiles, f.directions);
      }
    }
    // The Direct3D 10/11 vertex and pixel profiles' lookups, fetches and sizes (CG-P20).
    addDirect3DTextureFunctions(b.out);
    return b.out;
  }();
  return table;
}

const std::vector<FunctionSignature>& glslLibraryExtension() {
  static const std::vector<FunctionSignature> table = [] {
    Builder b;
    for (Scalar s : kFloats)
      for (const TypeP& t : shapes(s)) {
        b.add("fract", {t}, t);
        b.add("inversesqrt", {t}, t);
        b.add("mod", {t, t}, t);
        b.add("mix", {t, t, t}, t);
        if (t->kind == TypeKind::Vector) b.add("mix", {t, t, scalarType(s)}, t);
      }
    // GLSL 1.30's texelFetch(sampler, coordinate, lod) and texelFetchOffset(..., offset) for 1D,
    // 2D and 3D samplers, in the profiles with NV_gpu_program4's texel fetches only (cgc 3.1:
    // accepted in gp4fp, gp5fp, gp5vp; C1115 no overload in arbfp1 and fp40).
    const std::vector<std::string> gp4 = {"gp4fp", "gp4vp", "gp4gp",  "gp5fp",
                                          "gp5vp", "gp5gp", "gp5tcp", "gp5tep"};
    const TypeP f4 = vectorType(Scalar::Float, 4), i1 = scalarType(Scalar::Int);
    const std::pair<ObjectKind, TypeP> samplers[] = {
        {ObjectKind::Sampler1D, i1},
        {ObjectKind::Sampler2D, vectorType(Scalar::Int, 2)},
        {ObjectKind::Sampler3D, vectorType(Scalar::Int, 3)}};
    for (const auto& [sampler, coordinate] : samplers) {
      b.add("texelFetch", {objectType(sampler), coordinate, i1}, f4, gp4);
      b.add("texelFetchOffset", {objectType(sampler), coordinate, i1, coordinate}, f4, gp4);
    }
    return b.out;
  }();
  return table;
}

std::vector<std::string> standardLibraryNames() {
  std::set<std::string> names;
  for (const auto& f : standardLibrary()) names.insert(f.name);
  return {names.begin(), names.end()};
}

}  // namespace plumb::cg
