// Texture lookups of the Cg evaluator (interpreter/cg/texture.h): textures given as arguments,
// the manual's lookup forms, and the sets where the sampler state and the level of detail are
// the API's (docs/ambiguities.md CG-E12).
#include "interpreter/cg/texture.h"

#include <gtest/gtest.h>

#include "checker/cg/checker.h"
#include "interpreter/cg/evaluator.h"
#include "semantics/cg/parser.h"

namespace plumb::cg {
namespace {

// A 2x2 texture: red, green / blue, white (rows from the top, texels in order).
const char* kTexture =
    R"({"size": [2, 2], "texels": [[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 1], [1, 1, 1, 1]]})";
const char* kNearest =
    R"({"size": [2, 2], "texels": [[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 1], [1, 1, 1, 1]],
        "sampler": {"magFilter": "nearest", "minFilter": "nearest"}})";

// The outcomes of `entry` (profile fp40, or `profile`), each its outputs' text.
std::vector<std::string> run(const std::string& text, const std::string& entry,
                             std::vector<std::string> args, const std::string& profile = "fp40",
                             std::vector<std::string> uniforms = {},
                             const Dialect& dialect = Dialect::seed()) {
  SourceFile file("t.cg", text);
  DiagnosticList diagnostics;
  ParseOptions parse;
  parse.lex.dialect = dialect;
  std::optional<Program> program = parseProgram(file, diagnostics, parse);
  EXPECT_TRUE(program);
  if (!program) return {};
  CheckOptions check;
  check.entry = entry;
  check.profile = profile;
  check.dialect = dialect;
  std::optional<CheckedProgram> checked = checkProgram(*program, file, diagnostics, check);
  std::string messages;
  for (const Diagnostic& d : diagnostics.all()) messages += renderText(d);
  EXPECT_TRUE(checked) << messages;
  RunOptions o;
  o.file = &file;
  o.checked = checked ? &*checked : nullptr;
  o.entry = entry;
  o.args = std::move(args);
  o.uniforms = std::move(uniforms);
  o.profile = profile;
  RunResult r = runFunction(*program, o);
  EXPECT_EQ(r.error, "");
  std::vector<std::string> out;
  for (const Outcome& x : r.outcomes) {
    if (x.status != Outcome::Status::Returned) {
      out.push_back(std::string(statusName(x.status)) + ": " + x.reason);
      continue;
    }
    std::string s;
    for (const Output& y : x.outputs) s += (s.empty() ? "" : "; ") + valueText(y.value);
    out.push_back(s);
  }
  return out;
}

using Outcomes = std::vector<std::string>;

const char* kLookups = R"(
  float4 plain(uniform sampler2D s, float2 uv : TEXCOORD0) : COLOR { return tex2D(s, uv); }
  float4 proj(uniform sampler2D s, float3 uv : TEXCOORD0) : COLOR { return tex2Dproj(s, uv); }
  float4 lod(uniform sampler2D s, float4 uv : TEXCOORD0) : COLOR { return tex2Dlod(s, uv); }
  float4 grad(uniform sampler2D s, float2 uv : TEXCOORD0) : COLOR {
    return tex2D(s, uv, float2(0, 0), float2(0, 0)); }
  float4 rect(uniform samplerRECT s, float2 uv : TEXCOORD0) : COLOR { return texRECT(s, uv); }
  float4 one(uniform sampler1D s, float u : TEXCOORD0) : COLOR { return tex1D(s, u); }
)";

TEST(CgTexture, NearestSamplerStateGivesTheTexel) {
  // The texel whose square holds the coordinate (nearest filtering), in every form.
  EXPECT_EQ(run(kLookups, "plain", {kNearest, "0.25,0.25"}), Outcomes{"float4(1, 0, 0, 1)"});
  EXPECT_EQ(run(kLookups, "plain", {kNearest, "0.75,0.25"}), Outcomes{"float4(0, 1, 0, 1)"});
  EXPECT_EQ(run(kLookups, "plain", {kNearest, "0.25,0.75"}), Outcomes{"float4(0, 0, 1, 1)"});
  // tex2Dproj divides by the last component: (0.5, 1.5) / 2 is (0.25, 0.75).
  EXPECT_EQ(run(kLookups, "proj", {kNearest, "0.5,1.5,2"}), Outcomes{"float4(0, 0, 1, 1)"});
  EXPECT_EQ(run(kLookups, "lod", {kNearest, "0.75,0.75,0,0"}), Outcomes{"float4(1, 1, 1, 1)"});
  EXPECT_EQ(run(kLookups, "grad", {kNearest, "0.75,0.25"}), Outcomes{"float4(0, 1, 0, 1)"});
  // texRECT's coordinates are in texels.
  EXPECT_EQ(run(kLookups, "rect", {kNearest, "1.5,0.5"}), Outcomes{"float4(0, 1, 0, 1)"});
  // The default clamp-to-edge of the given state: outside [0, 1] reads the edge texel.
  EXPECT_EQ(run(kLookups, "plain", {kNearest, "1.75,(-3)"}), Outcomes{"float4(0, 1, 0, 1)"});
}

TEST(CgTexture, AnySamplerStateIsASet) {
  // Without a sampler state (the API's), every filter and address mode. At a texel's centre
  // (a multiple of 1/16 texel, exact under T1) nearest and linear filtering read that texel.
  EXPECT_EQ(run(kLookups, "plain", {kTexture, "0.25,0.25"}), Outcomes{"float4(1, 0, 0, 1)"});
  // On the edge between red and green: nearest reads green (texel coordinate 1.0 exactly),
  // linear half of each within 2^-8 (T5): the set is the hull, not one device's answer.
  EXPECT_EQ(run(kLookups, "plain", {kTexture, "0.5,0.25"}),
            Outcomes{"float4([-0.0039072036743164062, 0.50390720367431641], "
                     "[0.49609279632568359, 1.0039072036743164], 0, [0.99999904632568359, "
                     "1.0000009536743164])"});
  EXPECT_EQ(run(kLookups, "plain", {kNearest, "0.5,0.25"}), Outcomes{"float4(0, 1, 0, 1)"});
  Outcomes o;
  // Outside [0, 1] the address modes differ: clamp-to-edge reads green, repeat and mirror
  // red or green: the set holds both.
  o = run(kLookups, "plain", {kTexture, "1.25,0.25"});
  ASSERT_EQ(o.size(), 1u);
  EXPECT_EQ(o[0].rfind("float4([0, 1], [0, 1], 0, 1)", 0), 0u) << o[0];
  // A one-texel texture reads its texel whatever the state, within the filter arithmetic's
  // tolerance of a linear filter (T5: 2^-20 of the value).
  const char* single = R"({"size": [1], "texels": [[0.5, 0.25, 0, 1]]})";
  const std::string within =
      "float4([0.4999995231628418, 0.5000004768371582], [0.2499997615814209, "
      "0.2500002384185791], 0, [0.99999904632568359, 1.0000009536743164])";
  EXPECT_EQ(run(kLookups, "one", {single, "0.3"}), Outcomes{within});
  EXPECT_EQ(run(kLookups, "one", {single, "17.9"}), Outcomes{within});
}

TEST(CgTexture, SamplerWithoutATextureAndUniformSamplers) {
  // A uniform global sampler given by --uniform; without one its lookups are any value.
  const char* p = R"(
    uniform sampler2D tex;
    float4 main(float2 uv : TEXCOORD0) : COLOR { return tex2D(tex, uv); }
  )";
  EXPECT_EQ(run(p, "main", {"0.75,0.75"}, "fp40", {std::string("tex=") + kNearest}),
            Outcomes{"float4(1, 1, 1, 1)"});
  EXPECT_EQ(run(p, "main", {"0.75,0.75"}),
            Outcomes{"float4(undefined, undefined, undefined, undefined)"});
}

TEST(CgTexture, TexelFetches) {
  // gp4's tex2Dfetch(s, int4(x, y, _, level)): the texel itself; outside the texture any value.
  const char* p = R"(
    float4 main(uniform sampler2D s, int2 at : TEXCOORD0) : COLOR {
      return tex2Dfetch(s, int4(at, 0, 0)); }
  )";
  EXPECT_EQ(run(p, "main", {kTexture, "1,1"}, "gp4fp"), Outcomes{"float4(1, 1, 1, 1)"});
  EXPECT_EQ(run(p, "main", {kTexture, "0,1"}, "gp4fp"), Outcomes{"float4(0, 0, 1, 1)"});
  EXPECT_EQ(run(p, "main", {kTexture, "2,0"}, "gp4fp"),
            Outcomes{"float4(undefined, undefined, undefined, undefined)"});
  // GLSL's texelFetch(s, coordinate, level) of cgc's dialect (CGD-2); a level the texture does
  // not have: any value.
  const char* glsl = R"(
    float4 main(uniform sampler2D s, int2 at : TEXCOORD0, uniform int level) : COLOR {
      return texelFetch(s, at, level); }
  )";
  EXPECT_EQ(run(glsl, "main", {kTexture, "1,0", "0"}, "gp5fp", {}, Dialect::cgc()),
            Outcomes{"float4(0, 1, 0, 1)"});
  EXPECT_EQ(run(glsl, "main", {kTexture, "1,0", "1"}, "gp5fp", {}, Dialect::cgc()),
            Outcomes{"float4(undefined, undefined, undefined, undefined)"});
}

TEST(CgTexture, CubeAnd3DTextures) {
  // texCUBE picks the face of the direction's major axis (faces +X -X +Y -Y +Z -Z in order);
  // tex3D the slice. With a nearest sampler state, one texel a face or slice: that texel.
  const char* p = R"(
    float4 cube(uniform samplerCUBE s, float3 d : TEXCOORD0) : COLOR { return texCUBE(s, d); }
    float4 vol(uniform sampler3D s, float3 c : TEXCOORD0) : COLOR { return tex3D(s, c); }
  )";
  const std::string texels =
      R"("size": [1, 1, 6], "texels": [[1, 0, 0, 1], [2, 0, 0, 1], [3, 0, 0, 1],
                                       [4, 0, 0, 1], [5, 0, 0, 1], [6, 0, 0, 1]])";
  const std::string nearest =
      "{" + texels + R"(, "sampler": {"magFilter": "nearest", "minFilter": "nearest"}})";
  EXPECT_EQ(run(p, "cube", {nearest, "1,0.25,0"}), Outcomes{"float4(1, 0, 0, 1)"});
  EXPECT_EQ(run(p, "cube", {nearest, "0,(-1),0.5"}), Outcomes{"float4(4, 0, 0, 1)"});
  EXPECT_EQ(run(p, "cube", {nearest, "0.1,0.2,(-3)"}), Outcomes{"float4(6, 0, 0, 1)"});
  // Any state: a linear filter on a 1x1 face reaches across its edges into the neighbouring
  // faces (Vulkan's seamless cube filtering, T-rules): the set holds more than the face's texel.
  EXPECT_EQ(run(p, "cube", {"{" + texels + "}", "1,0.25,0"}),
            Outcomes{"float4([0.99218463897705078, 1.2578153610229492], 0, 0, "
                     "[0.99999904632568359, 1.0000009536743164])"});
  const char* slices = R"({"size": [1, 1, 2], "texels": [[1, 2, 3, 4], [5, 6, 7, 8]],
                           "sampler": {"magFilter": "nearest"}})";
  EXPECT_EQ(run(p, "vol", {slices, "0.5,0.5,0.25"}), Outcomes{"float4(1, 2, 3, 4)"});
  EXPECT_EQ(run(p, "vol", {slices, "0.5,0.5,0.75"}), Outcomes{"float4(5, 6, 7, 8)"});
}

TEST(CgTexture, ArgumentSyntax) {
  std::string error;
  EXPECT_TRUE(textureFromArgument(ObjectKind::Sampler2D, kTexture, error)) << error;
  EXPECT_FALSE(textureFromArgument(ObjectKind::Sampler2D, "1,2,3", error));
  EXPECT_FALSE(textureFromArgument(ObjectKind::SamplerCUBE, kTexture, error));
  EXPECT_NE(error.find("[n, n, 6]"), std::string::npos) << error;
  EXPECT_FALSE(textureFromArgument(ObjectKind::Sampler2D,
                                   R"({"size": [2, 2], "sampler": {"magFilter": 3}})", error));
  EXPECT_TRUE(isTextureLookup("tex2Dproj"));
  EXPECT_TRUE(isTextureLookup("texelFetch"));
  EXPECT_TRUE(isTextureLookup("tex2Dsize"));
  EXPECT_TRUE(isTextureLookup("tex2DARRAYlod"));
  EXPECT_TRUE(isTextureLookup("texBUF"));
  EXPECT_FALSE(isTextureLookup("texBUFlod"));
  EXPECT_TRUE(isTextureLookup("tex2DARRAYfetch"));
  EXPECT_TRUE(isTextureLookup("tex2DMSARRAYfetch"));
  EXPECT_TRUE(isTextureLookup("texCUBEARRAYlod"));
  EXPECT_FALSE(isTextureLookup("tex2DARRAYcmplod"));  // not in the manual's index
  EXPECT_FALSE(isTextureLookup("tex2DMSlod"));
  EXPECT_FALSE(isTextureLookup("texRBUFfetch"));
  EXPECT_FALSE(isTextureLookup("tex2Dgrad"));
  // A 1D array's size is [width, layers].
  EXPECT_FALSE(textureFromArgument(ObjectKind::Sampler1DARRAY, R"({"size": [2, 2, 2]})", error));
}

TEST(CgTexture, ShadowComparisons) {
  // "If an extra coordinate compared to the texture dimensionality is present it is used to
  // perform a shadow comparison" (the manual's tex2D page); the compare function is the sampler
  // state's (a "compare" member); without one any value (docs/ambiguities.md CG-E15).
  const char* depth = R"({"size": [2, 2], "texels": [[0.5, 0, 0, 1], [0.5, 0, 0, 1],
      [0.5, 0, 0, 1], [0.5, 0, 0, 1]], "sampler": {"magFilter": "nearest", "minFilter":
      "nearest", "compare": "less"}})";
  const char* p = R"(
    float4 main(uniform sampler2D s, float3 uvr : TEXCOORD0) : COLOR { return tex2D(s, uvr); }
    float4 proj(uniform sampler2D s, float4 uvrq : TEXCOORD0) : COLOR {
      return tex2Dproj(s, uvrq); }
  )";
  // 0.25 < 0.5 passes: r = 1, which the depth texture modes show as (r, r, r, 1), (r, r, r, r),
  // (0, 0, 0, r) or (r, 0, 0, 1).
  EXPECT_EQ(run(p, "main", {depth, "0.5,0.5,0.25"}), Outcomes{"float4([0, 1], [0, 1], [0, 1], 1)"});
  EXPECT_EQ(run(p, "main", {depth, "0.5,0.5,0.75"}), Outcomes{"float4(0, 0, 0, [0, 1])"});
  // proj: the reference is the next-to-last component, divided by the last.
  EXPECT_EQ(run(p, "proj", {depth, "1,1,0.5,2"}), Outcomes{"float4([0, 1], [0, 1], [0, 1], 1)"});
  EXPECT_EQ(run(p, "main", {kNearest, "0.5,0.5,0.25"}),
            Outcomes{"float4(undefined, undefined, undefined, undefined)"});
}

TEST(CgTexture, TexelOffsetsArraysBuffersAndSizes) {
  // gp4's texel offsets: the texel `texelOff` away, before the address mode.
  const char* offsets = R"(
    float4 main(uniform sampler2D s, float2 uv : TEXCOORD0) : COLOR {
      return tex2D(s, uv, int2(1, 0)); }
    float4 fetch(uniform sampler2D s, int2 at : TEXCOORD0) : COLOR {
      return tex2Dfetch(s, int4(at, 0, 0), int2(0, 1)); }
  )";
  EXPECT_EQ(run(offsets, "main", {kNearest, "0.25,0.25"}, "gp4fp"), Outcomes{"float4(0, 1, 0, 1)"});
  EXPECT_EQ(run(offsets, "fetch", {kNearest, "1,0"}, "gp4fp"), Outcomes{"float4(1, 1, 1, 1)"});
  // Arrays: the layer after the coordinates, rounded to the nearest layer and clamped.
  const char* layers = R"({"size": [1, 1, 3], "texels": [[1, 0, 0, 1], [0, 1, 0, 1],
      [0, 0, 1, 1]]})";
  const char* arrays = R"(
    float4 two(uniform sampler2DARRAY s, float3 c : TEXCOORD0) : COLOR {
      return tex2DARRAY(s, c); }
    float4 one(uniform sampler1DARRAY s, float2 c : TEXCOORD0) : COLOR {
      return tex1DARRAY(s, c); }
  )";
  EXPECT_EQ(run(arrays, "two", {layers, "0.5,0.5,1.2"}, "gp4fp"), Outcomes{"float4(0, 1, 0, 1)"});
  EXPECT_EQ(run(arrays, "two", {layers, "0.5,0.5,7"}, "gp4fp"), Outcomes{"float4(0, 0, 1, 1)"});
  const char* oneLayers = R"({"size": [1, 2], "texels": [[1, 0, 0, 1], [0, 1, 0, 1]]})";
  EXPECT_EQ(run(arrays, "one", {oneLayers, "0.5,0.6"}, "gp4fp"), Outcomes{"float4(0, 1, 0, 1)"});
  // texBUF: the element at the index; outside the buffer any value.
  const char* buffer = R"(
    float4 main(uniform samplerBUF s, int i : TEXCOORD0) : COLOR { return texBUF(s, i); }
  )";
  const char* elements = R"({"size": [3], "texels": [[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 1]]})";
  EXPECT_EQ(run(buffer, "main", {elements, "2"}, "gp4fp"), Outcomes{"float4(0, 0, 1, 1)"});
  EXPECT_EQ(run(buffer, "main", {elements, "3"}, "gp4fp"),
            Outcomes{"float4(undefined, undefined, undefined, undefined)"});
  // Sizes: the level's width and height; no depth for a 2D texture; a missing level: any.
  const char* sizes = R"(
    float4 main(uniform sampler2D s, int level : TEXCOORD0) : COLOR {
      int3 n = tex2Dsize(s, level); return float4(n.x, n.y, 0, 1); }
    float4 raw(uniform sampler2D s) : COLOR { int3 n = tex2Dsize(s, 0); return float4(n, 1); }
  )";
  const char* mipped = R"({"size": [4, 2], "mipLevels": 2, "texels": []})";
  EXPECT_EQ(run(sizes, "main", {mipped, "0"}, "gp4fp"), Outcomes{"float4(4, 2, 0, 1)"});
  EXPECT_EQ(run(sizes, "main", {mipped, "1"}, "gp4fp"), Outcomes{"float4(2, 1, 0, 1)"});
  EXPECT_EQ(run(sizes, "main", {mipped, "2"}, "gp4fp"),
            Outcomes{"float4(undefined, undefined, 0, 1)"});
  EXPECT_EQ(run(sizes, "raw", {mipped}, "gp4fp"), Outcomes{"float4(4, 2, undefined, 1)"});
}

TEST(CgTexture, CompareWithBiasOrLevelAndArrayFetches) {
  // tex2Dcmplod(s, float4(u, v, reference, level)): "The value used in the shadow comparison
  // should be passed right after the normal coordinates", the level last (CG-E15, CG-P18).
  const char* depth = R"({"size": [2, 2], "texels": [[0.5, 0, 0, 1], [0.5, 0, 0, 1],
      [0.5, 0, 0, 1], [0.5, 0, 0, 1]], "sampler": {"magFilter": "nearest", "minFilter":
      "nearest", "compare": "less"}})";
  const char* p = R"(
    float4 lod(uniform sampler2D s, float4 c : TEXCOORD0) : COLOR { return tex2Dcmplod(s, c); }
    float4 bias(uniform sampler1D s, float4 c : TEXCOORD0) : COLOR {
      return tex1Dcmpbias(s, c); }
  )";
  EXPECT_EQ(run(p, "lod", {depth, "0.5,0.5,0.25,0"}, "fp40"),
            Outcomes{"float4([0, 1], [0, 1], [0, 1], 1)"});
  EXPECT_EQ(run(p, "lod", {depth, "0.5,0.5,0.75,0"}, "fp40"), Outcomes{"float4(0, 0, 0, [0, 1])"});
  const char* line = R"({"size": [2], "texels": [[0.5, 0, 0, 1], [0.5, 0, 0, 1]],
      "sampler": {"magFilter": "nearest", "minFilter": "nearest", "compare": "greater"}})";
  EXPECT_EQ(run(p, "bias", {line, "0.5,0.75,0,0"}, "fp40"),
            Outcomes{"float4([0, 1], [0, 1], [0, 1], 1)"});
  // Without a compare function: any value.
  EXPECT_EQ(run(p, "lod", {kNearest, "0.5,0.5,0.25,0"}, "fp40"),
            Outcomes{"float4(undefined, undefined, undefined, undefined)"});
  // Array fetches: int4 (x, y, layer, level); the size of one layer's image (no layer count).
  const char* layers = R"({"size": [1, 1, 3], "texels": [[1, 0, 0, 1], [0, 1, 0, 1],
      [0, 0, 1, 1]]})";
  const char* arrays = R"(
    float4 two(uniform sampler2DARRAY s, int l : TEXCOORD0) : COLOR {
      return tex2DARRAYfetch(s, int4(0, 0, l, 0)); }
    float4 one(uniform sampler1DARRAY s, int l : TEXCOORD0) : COLOR {
      return tex1DARRAYfetch(s, int4(1, l, 0, 0), -1); }
    float4 size(uniform sampler2DARRAY s) : COLOR {
      int3 n = tex2DARRAYsize(s, 0); return float4(n, 1); }
  )";
  EXPECT_EQ(run(arrays, "two", {layers, "2"}, "gp4fp"), Outcomes{"float4(0, 0, 1, 1)"});
  EXPECT_EQ(run(arrays, "two", {layers, "3"}, "gp4fp"),
            Outcomes{"float4(undefined, undefined, undefined, undefined)"});
  const char* oneLayers = R"({"size": [1, 2], "texels": [[1, 0, 0, 1], [0, 1, 0, 1]]})";
  EXPECT_EQ(run(arrays, "one", {oneLayers, "1"}, "gp4fp"), Outcomes{"float4(0, 1, 0, 1)"});
  EXPECT_EQ(run(arrays, "size", {layers}, "gp4fp"), Outcomes{"float4(1, 1, undefined, 1)"});
  // Explicit derivatives of an array lookup: the layer as without them.
  const char* gradients = R"(
    float4 two(uniform sampler2DARRAY s, float3 c : TEXCOORD0) : COLOR {
      return tex2DARRAY(s, c, float2(0, 0), float2(0, 0)); }
  )";
  EXPECT_EQ(run(gradients, "two", {layers, "0.5,0.5,1.2"}, "gp4fp"),
            Outcomes{"float4(0, 1, 0, 1)"});
}

TEST(CgTexture, MultisampleCubeArrayAndRenderbufferTextures) {
  // A multisample texture's "samples" where a mipmapped one has levels; the fetch reads sample n.
  const char* ms = R"({"size": [2, 1], "samples": 2, "texels": [[1, 0, 0, 1], [0, 1, 0, 1],
      [0, 0, 1, 1], [1, 1, 1, 1]]})";
  const char* p = R"(
    float4 ms(uniform sampler2DMS s, int2 c : TEXCOORD0, int n : TEXCOORD1) : COLOR {
      return tex2DMSfetch(s, c, n); }
    float4 rb(uniform samplerRBUF s, int2 c : TEXCOORD0, int n : TEXCOORD1) : COLOR {
      return texRBUF(s, c, n); }
    float4 size(uniform sampler2DMS s) : COLOR { int2 n = tex2DMSsize(s); return n.xyxy; }
    float4 cube(uniform samplerCUBEARRAY s, float4 c : TEXCOORD0) : COLOR {
      return texCUBEARRAYlod(s, c, 0); }
  )";
  EXPECT_EQ(run(p, "ms", {ms, "1,0", "1"}, "gp5fp"), Outcomes{"float4(1, 1, 1, 1)"});
  EXPECT_EQ(run(p, "ms", {ms, "0,0", "2"}, "gp5fp"),
            Outcomes{"float4(undefined, undefined, undefined, undefined)"});
  EXPECT_EQ(run(p, "rb", {ms, "1,0", "0"}, "gp5fp"), Outcomes{"float4(0, 1, 0, 1)"});
  EXPECT_EQ(run(p, "size", {ms}, "gp5fp"), Outcomes{"float4(2, 1, 2, 1)"});
  // A cube array: layer w; 1x1 faces, cube 0 all red, cube 1 all green.
  const char* cubes = R"({"size": [1, 1, 12], "texels": [[1,0,0,1], [1,0,0,1], [1,0,0,1],
      [1,0,0,1], [1,0,0,1], [1,0,0,1], [0,1,0,1], [0,1,0,1], [0,1,0,1], [0,1,0,1], [0,1,0,1],
      [0,1,0,1]]})";
  EXPECT_EQ(run(p, "cube", {cubes, "1,0,0,1"}, "gp5fp"), Outcomes{"float4(0, 1, 0, 1)"});
  EXPECT_EQ(run(p, "cube", {cubes, "0,0,1,0"}, "gp5fp"), Outcomes{"float4(1, 0, 0, 1)"});
  // Explicit derivatives of a cube array (WGSL's textureSampleGrad on a cube array, CG-E21):
  // the layer as without them; zero derivatives read level 0, large ones the last level.
  const char* grad = R"(
    float4 cube(uniform samplerCUBEARRAY s, float4 c : TEXCOORD0, float3 d : TEXCOORD1) : COLOR {
      return texCUBEARRAY(s, c, d, d); }
  )";
  EXPECT_EQ(run(grad, "cube", {cubes, "1,0,0,1", "0,0,0"}, "gp5fp"),
            Outcomes{"float4(0, 1, 0, 1)"});
  EXPECT_EQ(run(grad, "cube", {cubes, "0,0,-1,0", "0,0,0"}, "ps_4_0"),
            Outcomes{"float4(1, 0, 0, 1)"});
  const char* mipCubes = R"({"size": [2, 2, 6], "mipLevels": 2, "texels": [
      [1,0,0,1], [1,0,0,1], [1,0,0,1], [1,0,0,1], [1,0,0,1], [1,0,0,1],
      [1,0,0,1], [1,0,0,1], [1,0,0,1], [1,0,0,1], [1,0,0,1], [1,0,0,1],
      [1,0,0,1], [1,0,0,1], [1,0,0,1], [1,0,0,1], [1,0,0,1], [1,0,0,1],
      [1,0,0,1], [1,0,0,1], [1,0,0,1], [1,0,0,1], [1,0,0,1], [1,0,0,1],
      [0,0,1,1], [0,0,1,1], [0,0,1,1], [0,0,1,1], [0,0,1,1], [0,0,1,1]],
      "sampler": {"magFilter": "nearest", "minFilter": "nearest", "mipmapFilter": "nearest"}})";
  EXPECT_EQ(run(grad, "cube", {mipCubes, "1,0,0,0", "0,0,0"}, "gp5fp"),
            Outcomes{"float4(1, 0, 0, 1)"});
  EXPECT_EQ(run(grad, "cube", {mipCubes, "1,0,0,0", "0,8,8"}, "gp5fp"),
            Outcomes{"float4(0, 0, 1, 1)"});
}

TEST(CgTexture, Direct3DFetchesAndSizes) {
  // The Direct3D 10/11 profiles' fetches and sizes (HLSL's Load and GetDimensions in cgc 3.1,
  // CG-P20) read as gp4's; the sizes have cgc's types there (texBUFsize an unsigned int,
  // tex2DMSsize an unsigned int2).
  const char* tex = R"({"size": [2, 1], "texels": [[1, 0, 0, 1], [0, 1, 0, 1]]})";
  const char* buffer = R"({"size": [3], "texels": [[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 1]]})";
  const char* ms = R"({"size": [2, 1], "samples": 2, "texels": [[1, 0, 0, 1], [0, 1, 0, 1],
      [0, 0, 1, 1], [1, 1, 1, 1]]})";
  const char* p = R"(
    float4 fetch(uniform sampler2D s, int2 c : TEXCOORD0) : COLOR {
      return tex2Dfetch(s, int4(c, 0, 0)); }
    float4 size(uniform sampler2D s) : COLOR { return float4(tex2Dsize(s, 0), 1); }
    float4 buf(uniform samplerBUF s, int i : TEXCOORD0) : COLOR {
      return texBUF(s, i) + float4(texBUFsize(s, 0), 0, 0, 0); }
    float4 ms(uniform sampler2DMS s) : COLOR {
      return tex2DMSfetch(s, int2(1, 0), 1) + float4(tex2DMSsize(s), 0, 0); }
  )";
  EXPECT_EQ(run(p, "fetch", {tex, "1,0"}, "ps_4_0"), Outcomes{"float4(0, 1, 0, 1)"});
  EXPECT_EQ(run(p, "size", {tex}, "ps_5_0"), Outcomes{"float4(2, 1, undefined, 1)"});
  EXPECT_EQ(run(p, "buf", {buffer, "2"}, "ps_4_0"), Outcomes{"float4(3, 0, 1, 1)"});
  EXPECT_EQ(run(p, "ms", {ms}, "ps_5_0"), Outcomes{"float4(3, 2, 1, 1)"});
}

TEST(CgTexture, IntegerSamplers) {
  // isampler2D: int4 texels; a fetch reads the texel, a lookup with nearest filters too, a
  // filtered (or unknown-state) lookup of an integer texture is undefined (CG-E20).
  const char* ints = R"({"size": [2, 1], "texels": [[7, -3, 0, 1], [2, 5, 9, 1]],
      "sampler": {"magFilter": "nearest", "minFilter": "nearest"}})";
  const char* any = R"({"size": [2, 1], "texels": [[7, -3, 0, 1], [2, 5, 9, 1]]})";
  const char* p = R"(
    int4 look(uniform isampler2D s, float2 uv : TEXCOORD0) : COLOR { return tex2D(s, uv); }
    int4 fetch(uniform usampler2D s, int2 c : TEXCOORD0) : COLOR {
      return tex2Dfetch(s, int4(c, 0, 0)); }
  )";
  EXPECT_EQ(run(p, "look", {ints, "0.75,0.5"}, "gp4fp"), Outcomes{"int4(2, 5, 9, 1)"});
  EXPECT_EQ(run(p, "look", {any, "0.75,0.5"}, "gp4fp"),
            Outcomes{"int4(undefined, undefined, undefined, undefined)"});
  // (unsigned int is evaluated as int, CG-E4.)
  EXPECT_EQ(run(p, "fetch", {any, "1,0"}, "gp4fp"), Outcomes{"int4(2, 5, 9, 1)"});
}

}  // namespace
}  // namespace plumb::cg
