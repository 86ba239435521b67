// Texture sampling as sets (interpreter/wgsl/sampling.h, sampler.h, sampling_builtins.h;
// #texture-builtin-functions; docs/ambiguities.md T1–T11): each filter mode, address mode,
// mipmap selection, level-of-detail from gradients, cube faces and seams, array layers,
// offsets, depth comparison, gather's footprint order, texel formats, and the built-ins in
// the machine.
#include <gtest/gtest.h>

#include <cmath>

#include "checker/float_rounding.h"
#include "interpreter/wgsl/run.h"
#include "interpreter/wgsl/sampler.h"
#include "interpreter/wgsl/sampling.h"
#include "interpreter/wgsl/sampling_builtins.h"
#include "interpreter/wgsl/textures.h"

namespace plumb::interp {
namespace {

// ---- Samplers (sampler.h) ----

TEST(Sampler, DescriptorFromJson) {
  std::string error;
  auto d = samplerFromJson(nlohmann::json::object(), false, error);
  ASSERT_TRUE(d) << error;
  EXPECT_EQ(*d, SamplerDescriptor{});  // WebGPU's defaults
  auto s = samplerFromJson({{"addressModeU", "repeat"},
                            {"addressModeV", "mirror-repeat"},
                            {"magFilter", "linear"},
                            {"mipmapFilter", "linear"},
                            {"lodMinClamp", 1},
                            {"lodMaxClamp", 3.5}},
                           false, error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->addressModeU, AddressMode::Repeat);
  EXPECT_EQ(s->addressModeV, AddressMode::MirrorRepeat);
  EXPECT_EQ(s->addressModeW, AddressMode::ClampToEdge);
  EXPECT_EQ(s->magFilter, FilterMode::Linear);
  EXPECT_EQ(s->minFilter, FilterMode::Nearest);
  EXPECT_EQ(s->lodMaxClamp, 3.5);
  EXPECT_EQ(samplerJson(*s)["addressModeV"], "mirror-repeat");
  EXPECT_TRUE(isFiltering(*s));

  EXPECT_FALSE(samplerFromJson({{"magFilter", "cubic"}}, false, error));
  EXPECT_NE(error.find("'magFilter' must be one of"), std::string::npos) << error;
  EXPECT_FALSE(samplerFromJson({{"wrap", "repeat"}}, false, error));
  EXPECT_NE(error.find("unknown sampler member 'wrap'"), std::string::npos) << error;
  EXPECT_FALSE(samplerFromJson({{"maxAnisotropy", 4}}, false, error));
  EXPECT_NE(error.find("every filter 'linear'"), std::string::npos) << error;
  EXPECT_FALSE(samplerFromJson({{"lodMinClamp", 2}, {"lodMaxClamp", 1}}, false, error));
  EXPECT_FALSE(samplerFromJson(nlohmann::json::object(), true, error));
  EXPECT_NE(error.find("needs 'compare'"), std::string::npos) << error;
  EXPECT_FALSE(samplerFromJson({{"compare", "less"}}, false, error));
  auto c = samplerFromJson({{"compare", "greater-equal"}}, true, error);
  ASSERT_TRUE(c) << error;
  EXPECT_EQ(c->compare, CompareFunction::GreaterEqual);
}

TEST(Sampler, AddressModes) {
  // Vulkan "Wrapping Operation" on an axis of 4 texels.
  EXPECT_EQ(wrapTexelIndex(AddressMode::ClampToEdge, -3, 4), 0);
  EXPECT_EQ(wrapTexelIndex(AddressMode::ClampToEdge, 9, 4), 3);
  EXPECT_EQ(wrapTexelIndex(AddressMode::Repeat, -1, 4), 3);
  EXPECT_EQ(wrapTexelIndex(AddressMode::Repeat, 9, 4), 1);
  EXPECT_EQ(wrapTexelIndex(AddressMode::MirrorRepeat, -1, 4), 0);
  EXPECT_EQ(wrapTexelIndex(AddressMode::MirrorRepeat, -2, 4), 1);
  EXPECT_EQ(wrapTexelIndex(AddressMode::MirrorRepeat, 4, 4), 3);
  EXPECT_EQ(wrapTexelIndex(AddressMode::MirrorRepeat, 5, 4), 2);
  EXPECT_EQ(wrapTexelIndex(AddressMode::MirrorRepeat, 8, 4), 0);
}

TEST(Sampler, DepthComparison) {
  EXPECT_TRUE(comparePasses(CompareFunction::Less, 0.2, 0.5));
  EXPECT_FALSE(comparePasses(CompareFunction::Less, 0.5, 0.5));
  EXPECT_TRUE(comparePasses(CompareFunction::LessEqual, 0.5, 0.5));
  EXPECT_TRUE(comparePasses(CompareFunction::Greater, 0.7, 0.5));
  EXPECT_FALSE(comparePasses(CompareFunction::Never, 0, 1));
  EXPECT_TRUE(comparePasses(CompareFunction::Always, 1, 0));
  EXPECT_TRUE(comparePasses(CompareFunction::NotEqual, 1, 0));
}

// ---- Sampling sets (sampling.h) ----

class Sampling : public ::testing::Test {
 protected:
  TypeTable types;
  RValue texels;

  /// A texture of type `wgslType` (texture_2d<f32>, texture_depth_2d, …) from a binding.
  TextureView bind(Type texture, const nlohmann::json& binding, SampledDimension dim,
                   bool arrayed = false, bool depth = false) {
    std::string error;
    auto t = textureFromJson(types, texture, binding, error);
    EXPECT_TRUE(t) << error;
    texels = t ? *t : RValue{};
    TextureView v;
    v.texels = &texels;
    v.dimension = dim;
    v.arrayed = arrayed;
    v.depth = depth;
    return v;
  }
  Type tex2d() {
    TypeNode n{TypeKind::SampledTexture};
    n.dimension = ast::TextureDimension::D2;
    n.element = types.f32();
    return types.intern(n);
  }
  Type texture(ast::TextureDimension d, Type element) {
    TypeNode n{TypeKind::SampledTexture};
    n.dimension = d;
    n.element = element;
    return types.intern(n);
  }
  Type depthTexture(ast::DepthTextureKind k) {
    TypeNode n{TypeKind::DepthTexture};
    n.depth = k;
    return types.intern(n);
  }
  /// A 2x2 texture whose red channels are 1, 2 (row 0), 3, 4 (row 1).
  TextureView twoByTwo() {
    return bind(
        tex2d(),
        {{"size", {2, 2}}, {"texels", {{1, 0, 0, 1}, {2, 0, 0, 1}, {3, 0, 0, 1}, {4, 0, 0, 1}}}},
        SampledDimension::D2);
  }
  static SamplePoint at(double s, double t) {
    SamplePoint p;
    p.coords = {FloatSet::exact(s), FloatSet::exact(t), FloatSet::exact(0)};
    p.count = 2;
    return p;
  }
  static SamplerDescriptor linear() {
    SamplerDescriptor s;
    s.magFilter = s.minFilter = FilterMode::Linear;
    return s;
  }
  static LevelOfDetail level(double l) { return LevelOfDetail::explicitLevel(FloatSet::exact(l)); }
};

void expectExact(const FloatSet& f, double v) {
  EXPECT_FALSE(f.any);
  EXPECT_EQ(f.lo, v);
  EXPECT_EQ(f.hi, v);
}
void expectWithin(const FloatSet& f, double lo, double hi) {
  EXPECT_FALSE(f.any);
  EXPECT_LE(f.lo, lo) << "[" << f.lo << ", " << f.hi << "]";
  EXPECT_GE(f.hi, hi) << "[" << f.lo << ", " << f.hi << "]";
}
void expectInside(const FloatSet& f, double lo, double hi) {
  EXPECT_FALSE(f.any);
  EXPECT_GE(f.lo, lo) << "[" << f.lo << ", " << f.hi << "]";
  EXPECT_LE(f.hi, hi) << "[" << f.lo << ", " << f.hi << "]";
}

TEST_F(Sampling, NearestAtTexelCentresIsExact) {
  TextureView t = twoByTwo();
  SamplerDescriptor s;
  expectExact(sampleTexture(t, s, at(0.25, 0.25), level(0))[0], 1);
  expectExact(sampleTexture(t, s, at(0.75, 0.25), level(0))[0], 2);
  expectExact(sampleTexture(t, s, at(0.25, 0.75), level(0))[0], 3);
  expectExact(sampleTexture(t, s, at(0.75, 0.75), level(0))[0], 4);
  // On a texel edge (u = 1, a multiple of 1/16): ⌊u⌋ = 1, exactly.
  expectExact(sampleTexture(t, s, at(0.5, 0.25), level(0))[0], 2);
  // Near an edge, within 1/16 texel of it (T1): either texel.
  FloatSet near = sampleTexture(t, s, at(0.5 + 1.0 / 1024, 0.25), level(0))[0];
  expectExact(FloatSet::exact(near.lo), 1);
  expectExact(FloatSet::exact(near.hi), 2);
  // Channels the texels have: the alpha channel is 1 everywhere.
  expectExact(sampleTexture(t, s, at(0.1, 0.9), level(0))[3], 1);
}

TEST_F(Sampling, LinearWeightsWithinTheSubTexelPrecision) {
  TextureView t = twoByTwo();
  SamplerDescriptor s = linear();
  // At a texel centre the other texels weigh 0.
  expectExact(sampleTexture(t, s, at(0.25, 0.25), level(0))[0], 1);
  // Half way between texels 1 and 2 (α = 0.5, a multiple of 1/16): 1.5 within the filter
  // arithmetic's 2^-8 of the footprint's range (T5).
  FloatSet mid = sampleTexture(t, s, at(0.5, 0.25), level(0))[0];
  expectWithin(mid, 1.5, 1.5);
  expectInside(mid, 1.5 - 1.0 / 128, 1.5 + 1.0 / 128);
  // α = 0.1 is no multiple of 1/16: any weight in [0.0375, 0.1625].
  FloatSet x = sampleTexture(t, s, at(0.3, 0.25), level(0))[0];
  expectWithin(x, 1.0375, 1.1625);
  expectInside(x, 1.03, 1.17);
  // Bilinear: the centre of the four texels is their mean, 2.5.
  FloatSet c = sampleTexture(t, s, at(0.5, 0.5), level(0))[0];
  expectWithin(c, 2.5, 2.5);
  expectInside(c, 2.48, 2.52);
}

TEST_F(Sampling, AddressModes) {
  TextureView t = twoByTwo();
  SamplerDescriptor clamp, repeat, mirror;
  repeat.addressModeU = AddressMode::Repeat;
  mirror.addressModeU = AddressMode::MirrorRepeat;
  // s = -0.25: u = -0.5, texel -1: clamped to 0, repeated to 1, mirrored to 0.
  expectExact(sampleTexture(t, clamp, at(-0.25, 0.25), level(0))[0], 1);
  expectExact(sampleTexture(t, repeat, at(-0.25, 0.25), level(0))[0], 2);
  expectExact(sampleTexture(t, mirror, at(-0.25, 0.25), level(0))[0], 1);
  // s = 1.25: texel 2: clamped to 1, repeated to 0, mirrored to 1.
  expectExact(sampleTexture(t, clamp, at(1.25, 0.25), level(0))[0], 2);
  expectExact(sampleTexture(t, repeat, at(1.25, 0.25), level(0))[0], 1);
  expectExact(sampleTexture(t, mirror, at(1.25, 0.25), level(0))[0], 2);
  // Linear across the wrap: s = 0 sits between texel -1 and 0.
  SamplerDescriptor wrapLinear = linear();
  wrapLinear.addressModeU = AddressMode::Repeat;
  expectWithin(sampleTexture(t, wrapLinear, at(0, 0.25), level(0))[0], 1.5, 1.5);
  // Clamped, both texels are texel 0: 1, within the arithmetic's 2^-20 of the magnitude (T5).
  FloatSet edge = sampleTexture(t, linear(), at(0, 0.25), level(0))[0];
  expectWithin(edge, 1, 1);
  expectInside(edge, 0.999999, 1.000001);
}

TEST_F(Sampling, MipmapSelection) {
  // 4x4 of 1, 2x2 of 2, 1x1 of 3.
  nlohmann::json texelsJson = nlohmann::json::array();
  for (int k = 0; k < 16; ++k) texelsJson.push_back({1, 0, 0, 1});
  for (int k = 0; k < 4; ++k) texelsJson.push_back({2, 0, 0, 1});
  texelsJson.push_back({3, 0, 0, 1});
  TextureView t = bind(tex2d(), {{"size", {4, 4}}, {"mipLevels", 3}, {"texels", texelsJson}},
                       SampledDimension::D2);
  SamplerDescriptor nearest;
  expectExact(sampleTexture(t, nearest, at(0.3, 0.6), level(0))[0], 1);
  expectExact(sampleTexture(t, nearest, at(0.3, 0.6), level(1))[0], 2);
  expectExact(sampleTexture(t, nearest, at(0.3, 0.6), level(2))[0], 3);
  expectExact(sampleTexture(t, nearest, at(0.3, 0.6), level(7))[0],
              3);  // clamped to the last level
  // d' = 1.5: a tie between levels 1 and 2 (T2).
  FloatSet tie = sampleTexture(t, nearest, at(0.3, 0.6), level(1.5))[0];
  EXPECT_EQ(tie.lo, 2);
  EXPECT_EQ(tie.hi, 3);
  // Linear mipmap filtering: 1.25 between levels 1 and 2.
  SamplerDescriptor mip = nearest;
  mip.mipmapFilter = FilterMode::Linear;
  FloatSet quarter = sampleTexture(t, mip, at(0.3, 0.6), level(1.25))[0];
  expectWithin(quarter, 2.25, 2.25);
  expectInside(quarter, 2.24, 2.26);
  // 0.3 is no multiple of 1/16: any level of detail in [0.2375, 0.3625].
  expectWithin(sampleTexture(t, mip, at(0.3, 0.6), level(0.3))[0], 1.2375, 1.3625);
  // The sampler's clamps.
  SamplerDescriptor clamped = nearest;
  clamped.lodMaxClamp = 1;
  expectExact(sampleTexture(t, clamped, at(0.3, 0.6), level(2))[0], 2);
  clamped.lodMinClamp = 1;
  expectExact(sampleTexture(t, clamped, at(0.3, 0.6), level(0))[0], 2);
}

TEST_F(Sampling, MagnificationAndMinification) {
  TextureView t = twoByTwo();
  SamplerDescriptor s;
  s.magFilter = FilterMode::Linear;   // λ ≤ 0
  s.minFilter = FilterMode::Nearest;  // λ > 0 (one level: level 0)
  expectWithin(sampleTexture(t, s, at(0.5, 0.25), level(0))[0], 1.5, 1.5);
  expectExact(sampleTexture(t, s, at(0.5, 0.25), level(1))[0], 2);
}

TEST_F(Sampling, LevelOfDetailFromGradients) {
  nlohmann::json texelsJson = nlohmann::json::array();
  for (int k = 0; k < 16; ++k) texelsJson.push_back({1, 0, 0, 1});
  for (int k = 0; k < 4; ++k) texelsJson.push_back({2, 0, 0, 1});
  texelsJson.push_back({3, 0, 0, 1});
  TextureView t = bind(tex2d(), {{"size", {4, 4}}, {"mipLevels", 3}, {"texels", texelsJson}},
                       SampledDimension::D2);
  SamplerDescriptor s;
  auto grad = [](double dx, double dy) {
    return LevelOfDetail::gradients({FloatSet::exact(dx), FloatSet::exact(0), FloatSet::exact(0)},
                                    {FloatSet::exact(0), FloatSet::exact(dy), FloatSet::exact(0)});
  };
  // One texel per pixel: ρ in [1, √2] (Vulkan's bounds of the scale factor, T3): λ in [0, 0.5]
  // widened by 1/16, so levels 0 and 1.
  FloatSet one = sampleTexture(t, s, at(0.3, 0.6), grad(0.25, 0.25))[0];
  EXPECT_EQ(one.lo, 1);
  EXPECT_EQ(one.hi, 2);
  // Four texels per pixel: λ in [2, 2.5]: the last level.
  expectExact(sampleTexture(t, s, at(0.3, 0.6), grad(1, 1))[0], 3);
  // A bias moves it (textureSampleBias): −2 brings it to [0, 0.5] again.
  LevelOfDetail biased = grad(1, 1);
  biased.bias = FloatSet::exact(-2);
  EXPECT_EQ(sampleTexture(t, s, at(0.3, 0.6), biased)[0].lo, 1);
  // Anisotropy 4 (every filter linear): λ may be as low as log2(ρmax / 4) = 0 for a footprint
  // 4 texels long and 1 wide.
  SamplerDescriptor aniso;
  aniso.magFilter = aniso.minFilter = aniso.mipmapFilter = FilterMode::Linear;
  aniso.maxAnisotropy = 4;
  FloatSet a = sampleTexture(t, aniso, at(0.3, 0.6), grad(1, 0.25))[0];
  EXPECT_LE(a.lo, 1);
  EXPECT_GE(a.hi, 3);
}

TEST_F(Sampling, ArrayLayersAndOffsets) {
  Type array = texture(ast::TextureDimension::D2Array, types.f32());
  TextureView t = bind(array, {{"size", {1, 1, 2}}, {"texels", {{1, 0, 0, 1}, {2, 0, 0, 1}}}},
                       SampledDimension::D2, true);
  SamplerDescriptor s;
  SamplePoint p = at(0.5, 0.5);
  p.arrayIndex = 1;
  expectExact(sampleTexture(t, s, p, level(0))[0], 2);
  p.arrayIndex = 9;  // clamped to the last layer (Vulkan "Image Array Layer Selection", T8)
  expectExact(sampleTexture(t, s, p, level(0))[0], 2);
  p.arrayIndex = -3;
  expectExact(sampleTexture(t, s, p, level(0))[0], 1);

  TextureView row =
      bind(tex2d(),
           {{"size", {4, 1}}, {"texels", {{1, 0, 0, 1}, {2, 0, 0, 1}, {3, 0, 0, 1}, {4, 0, 0, 1}}}},
           SampledDimension::D2);
  SamplePoint q = at(0.125, 0.5);
  q.offset = {2, 0, 0};  // texel 0 + 2
  expectExact(sampleTexture(row, s, q, level(0))[0], 3);
  q.offset = {-1, 0, 0};  // before the address mode: clamped to texel 0
  expectExact(sampleTexture(row, s, q, level(0))[0], 1);
}

TEST_F(Sampling, ThreeDimensions) {
  Type t3 = texture(ast::TextureDimension::D3, types.f32());
  TextureView t = bind(t3, {{"size", {1, 1, 2}}, {"texels", {{1, 0, 0, 1}, {3, 0, 0, 1}}}},
                       SampledDimension::D3);
  SamplePoint p;
  p.coords = {FloatSet::exact(0.5), FloatSet::exact(0.5), FloatSet::exact(0.75)};
  p.count = 3;
  expectExact(sampleTexture(t, SamplerDescriptor{}, p, level(0))[0], 3);
  p.coords[2] = FloatSet::exact(0.5);  // between the slices
  expectWithin(sampleTexture(t, linear(), p, level(0))[0], 2, 2);
}

TEST_F(Sampling, CubeFacesTiesAndSeams) {
  Type cube = texture(ast::TextureDimension::Cube, types.f32());
  // Faces +X −X +Y −Y +Z −Z of 1x1 texels 10 … 15.
  TextureView t = bind(cube,
                       {{"size", {1, 1, 6}},
                        {"texels",
                         {{10, 0, 0, 1},
                          {11, 0, 0, 1},
                          {12, 0, 0, 1},
                          {13, 0, 0, 1},
                          {14, 0, 0, 1},
                          {15, 0, 0, 1}}}},
                       SampledDimension::Cube);
  auto dir = [](double x, double y, double z) {
    SamplePoint p;
    p.coords = {FloatSet::exact(x), FloatSet::exact(y), FloatSet::exact(z)};
    p.count = 3;
    return p;
  };
  SamplerDescriptor s;
  expectExact(sampleTexture(t, s, dir(1, 0.2, -0.3), level(0))[0], 10);
  expectExact(sampleTexture(t, s, dir(-1, 0.2, -0.3), level(0))[0], 11);
  expectExact(sampleTexture(t, s, dir(0.1, 2, 0), level(0))[0], 12);
  expectExact(sampleTexture(t, s, dir(0.1, -2, 0), level(0))[0], 13);
  expectExact(sampleTexture(t, s, dir(0, 0, 5), level(0))[0], 14);
  expectExact(sampleTexture(t, s, dir(0, 0, -5), level(0))[0], 15);
  // |x| = |z|: either face (T6).
  FloatSet tie = sampleTexture(t, s, dir(1, 0, 1), level(0))[0];
  EXPECT_EQ(tie.lo, 10);
  EXPECT_EQ(tie.hi, 14);

  // 2x2 faces: +X all 1, +Z all 5, the rest 0. Linear filtering near +X's edge with +Z reads
  // +Z's texels across the edge (Vulkan "Cube Map Edge Handling"), not +X's clamped ones.
  nlohmann::json faces = nlohmann::json::array();
  for (int f = 0; f < 6; ++f)
    for (int k = 0; k < 4; ++k) faces.push_back({f == 0 ? 1 : f == 4 ? 5 : 0, 0, 0, 1});
  TextureView big = bind(cube, {{"size", {2, 2, 6}}, {"texels", faces}}, SampledDimension::Cube);
  FloatSet seam = sampleTexture(big, linear(), dir(1, 0.5, 0.99), level(0))[0];
  EXPECT_GT(seam.hi, 2.5);
  EXPECT_LT(seam.lo, 3.5);
  EXPECT_GE(seam.lo, 0.9);
}

TEST_F(Sampling, DepthComparison) {
  Type depth = depthTexture(ast::DepthTextureKind::D2);
  TextureView t =
      bind(depth,
           {{"size", {2, 2}},
            {"texels", {{0.25, 0, 0, 0}, {0.5, 0, 0, 0}, {0.75, 0, 0, 0}, {1, 0, 0, 0}}}},
           SampledDimension::D2, false, true);
  SamplerDescriptor less;
  less.compare = CompareFunction::Less;
  // ref < D: 0.6 < 0.25 fails, 0.6 < 1 passes.
  expectExact(sampleCompare(t, less, at(0.25, 0.25), level(0), FloatSet::exact(0.6)), 0);
  expectExact(sampleCompare(t, less, at(0.75, 0.75), level(0), FloatSet::exact(0.6)), 1);
  // A linear comparison filter: any mix of the footprint's results (T4): 0.25 and 0.5 fail, 0.75
  // and 1 pass.
  SamplerDescriptor pcf = linear();
  pcf.compare = CompareFunction::Less;
  FloatSet mix = sampleCompare(t, pcf, at(0.5, 0.5), level(0), FloatSet::exact(0.6));
  EXPECT_EQ(mix.lo, 0);
  EXPECT_EQ(mix.hi, 1);
  // The reference clamped to [0, 1] or not (T9): 1.5 <= 1 fails unclamped, passes clamped.
  SamplerDescriptor le;
  le.compare = CompareFunction::LessEqual;
  FloatSet clamp = sampleCompare(t, le, at(0.75, 0.75), level(0), FloatSet::exact(1.5));
  EXPECT_EQ(clamp.lo, 0);
  EXPECT_EQ(clamp.hi, 1);
  // Sampling a depth texture without comparison gives the depth.
  expectExact(sampleTexture(t, SamplerDescriptor{}, at(0.75, 0.25), level(0))[0], 0.5);
}

TEST_F(Sampling, GatherFootprintOrder) {
  TextureView t = twoByTwo();
  SamplerDescriptor s;
  // #texturegather: x (umin, vmax) = 3, y (umax, vmax) = 4, z (umax, vmin) = 2, w (umin, vmin) = 1.
  std::vector<ChannelSets> g = gatherTexture(t, s, at(0.5, 0.5), 0, std::nullopt);
  ASSERT_EQ(g.size(), 1u);
  expectExact(g[0][0], 3);
  expectExact(g[0][1], 4);
  expectExact(g[0][2], 2);
  expectExact(g[0][3], 1);
  // Component 3 (alpha): 1 everywhere.
  expectExact(gatherTexture(t, s, at(0.5, 0.5), 3, std::nullopt)[0][0], 1);
  // Near a texel centre the footprint may be either of two (T1): two candidates.
  EXPECT_EQ(gatherTexture(t, s, at(0.25 + 1.0 / 4096, 0.5), 0, std::nullopt).size(), 2u);
  // Gather compare: each of the four texels compared.
  Type depth = depthTexture(ast::DepthTextureKind::D2);
  TextureView d =
      bind(depth,
           {{"size", {2, 2}},
            {"texels", {{0.25, 0, 0, 0}, {0.5, 0, 0, 0}, {0.75, 0, 0, 0}, {1, 0, 0, 0}}}},
           SampledDimension::D2, false, true);
  SamplerDescriptor less;
  less.compare = CompareFunction::Less;
  std::vector<ChannelSets> c = gatherTexture(d, less, at(0.5, 0.5), 0, FloatSet::exact(0.6));
  ASSERT_EQ(c.size(), 1u);
  expectExact(c[0][0], 1);  // 0.6 < 0.75
  expectExact(c[0][1], 1);  // 0.6 < 1
  expectExact(c[0][2], 0);  // 0.6 < 0.5
  expectExact(c[0][3], 0);  // 0.6 < 0.25
}

TEST_F(Sampling, TexelFormats) {
  std::string error;
  // r8unorm: values k / 255 (each within an f32 ulp, T11); the missing channels read 0, 0, 1.
  auto t = textureFromJson(types, tex2d(),
                           {{"size", {1, 1}}, {"format", "r8unorm"}, {"texels", {{128.0 / 255}}}},
                           error);
  ASSERT_TRUE(t) << error;
  const RValue& texel = t->components()[0].components()[0].components()[0].components()[0];
  expectWithin(texel.components()[0].floatSet(), roundToF32(128.0 / 255), roundToF32(128.0 / 255));
  expectExact(texel.components()[1].floatSet(), 0);
  expectExact(texel.components()[3].floatSet(), 1);
  EXPECT_FALSE(textureFromJson(
      types, tex2d(), {{"size", {1, 1}}, {"format", "r8unorm"}, {"texels", {{0.5}}}}, error));
  EXPECT_NE(error.find("0.5 is not a value of r8unorm"), std::string::npos) << error;
  EXPECT_FALSE(textureFromJson(
      types, tex2d(), {{"size", {1, 1}}, {"format", "r8unorm"}, {"texels", {{0, 0.5, 0, 1}}}},
      error));
  EXPECT_NE(error.find("a read gives 0, 0, 1"), std::string::npos) << error;
  EXPECT_FALSE(textureFromJson(types, tex2d(), {{"size", {1, 1}}, {"format", "rgba8uint"}}, error));
  EXPECT_NE(error.find("is not a texture format for"), std::string::npos) << error;
  EXPECT_FALSE(textureFromJson(
      types, tex2d(), {{"size", {1, 1}}, {"format", "rgba16float"}, {"texels", {{0.1, 0, 0, 1}}}},
      error));
  // T5: filtered values of 8-bit formats may be rounded to the format's step (lavapipe does).
  EXPECT_EQ(filterStepOf("rgba8unorm").absolute, 1.0 / 255);
  EXPECT_EQ(filterStepOf("rgba16float").relative, 1.0 / 1024);
  EXPECT_EQ(filterStepOf("rgba32float").absolute, 0);
  EXPECT_EQ(defaultSampledFormat(types, tex2d()), "rgba32float");
  EXPECT_EQ(defaultSampledFormat(types, depthTexture(ast::DepthTextureKind::Cube)), "depth32float");
  // depth16unorm: k / 65535.
  EXPECT_TRUE(textureFromJson(types, depthTexture(ast::DepthTextureKind::D2),
                              {{"size", {1, 1}}, {"format", "depth16unorm"}, {"texels", {{1}}}},
                              error))
      << error;
  EXPECT_FALSE(textureFromJson(types, depthTexture(ast::DepthTextureKind::D2),
                               {{"size", {1, 1}}, {"format", "depth16unorm"}, {"texels", {{0.3}}}},
                               error));
}

// ---- The implicit-LOD built-ins as functions of the derivatives (for the fragment stage) ----

TEST_F(Sampling, ImplicitLevelOfDetailFromTheQuadsDerivatives) {
  nlohmann::json texelsJson = nlohmann::json::array();
  for (int k = 0; k < 16; ++k) texelsJson.push_back({1, 0, 0, 1});
  for (int k = 0; k < 4; ++k) texelsJson.push_back({2, 0, 0, 1});
  texelsJson.push_back({3, 0, 0, 1});
  Type t = tex2d();
  TextureView v =
      bind(t, {{"size", {4, 4}}, {"mipLevels", 3}, {"texels", texelsJson}}, SampledDimension::D2);
  Type vec2 = types.vector(2, types.f32());
  Type vec4 = types.vector(4, types.f32());
  TypeNode samplerNode{TypeKind::Sampler};
  Type sampler = types.intern(samplerNode);
  RValue coords{vec2, Components{RValue{types.f32(), FloatSet::exact(0.3)},
                                 RValue{types.f32(), FloatSet::exact(0.6)}}};
  std::vector<RValue> args = {RValue{t, MemoryView{}}, RValue{sampler, MemoryView{}}, coords};
  CoordinateDerivatives quad;  // dpdx(coords), dpdy(coords): four texels per pixel
  quad.ddx = {FloatSet::exact(1), FloatSet::exact(0), FloatSet::exact(0)};
  quad.ddy = {FloatSet::exact(0), FloatSet::exact(1), FloatSet::exact(0)};
  std::string error;
  // textureSample: λ in [2, 2.5]: the last level.
  auto s = samplingBuiltinValue(types, "textureSample", vec4, args, texels, SamplerDescriptor{},
                                &quad, error);
  ASSERT_TRUE(s) << error;
  expectExact(s->components()[0].floatSet(), 3);
  // textureSampleBias with −2: λ in [0, 0.5]: levels 0 and 1.
  std::vector<RValue> biased = args;
  biased.push_back(RValue{types.f32(), FloatSet::exact(-2)});
  auto b = samplingBuiltinValue(types, "textureSampleBias", vec4, biased, texels,
                                SamplerDescriptor{}, &quad, error);
  ASSERT_TRUE(b) << error;
  EXPECT_EQ(b->components()[0].floatSet().lo, 1);
  EXPECT_EQ(b->components()[0].floatSet().hi, 2);
  // Without the quad (a compute shader): no value, and why.
  EXPECT_FALSE(samplingBuiltinValue(types, "textureSample", vec4, args, texels, SamplerDescriptor{},
                                    nullptr, error));
  EXPECT_NE(error.find("needs the derivatives of its coordinates"), std::string::npos) << error;
  EXPECT_TRUE(needsDerivatives("textureSampleCompare"));
  EXPECT_FALSE(needsDerivatives("textureSampleLevel"));
  (void)v;
}

// ---- The built-ins in the machine ----

struct Ran {
  RunReport report;
  std::string errors;
};

Ran run(const std::string& source, const nlohmann::json& bindings,
        const Revision* revision = nullptr) {
  auto file = std::make_unique<SourceFile>("test.wgsl", source);
  RunRequest request;
  request.bindings = {{"format", "plumb-bindings"}, {"version", 1}, {"bindings", bindings}};
  request.zeroMissingBindings = true;
  if (revision) request.revision = revision;
  Ran r{runShader(*file, request), ""};
  for (const Diagnostic& d : r.report.diagnostics.all()) r.errors += renderText(d);
  for (const std::string& e : r.report.errors) r.errors += e + "\n";
  return r;
}

/// Word `i` of buffer 0 of the only outcome, as an f32 set (or u32 words as exact points).
FloatSet wordAt(const Ran& r, size_t i) {
  EXPECT_TRUE(r.report.ran) << r.errors;
  if (!r.report.ran || r.report.result.outcomes.size() != 1) return FloatSet::anyValue();
  const Outcome& o = r.report.result.outcomes[0];
  EXPECT_EQ(o.kind, "finished") << o.message;
  const WordValue& w = o.words.at(0).at(i);
  if (w.kind == WordValue::Exact) return FloatSet::exact(f32FromBits(w.bits));
  if (w.kind == WordValue::Interval) return FloatSet::range(w.lo, w.hi);
  // A zero is either zero (the sign of a zero is not tracked, #floating-point-evaluation).
  if (w.kind == WordValue::Set && w.set == std::vector<uint32_t>{0u, 0x80000000u})
    return FloatSet::exact(0);
  ADD_FAILURE() << "word " << i << " is " << wordJson(w).dump();
  return FloatSet::anyValue();
}

const char* kTwoByTwo =
    R"({"size": [2, 2], "texels": [[1, 0, 0, 1], [2, 0, 0, 1], [3, 0, 0, 1], [4, 0, 0, 1]]})";

TEST(SamplingBuiltins, SampleLevelGradAndGather) {
  Ran r = run(R"(
@group(0) @binding(0) var<storage, read_write> out: array<f32, 10>;
@group(0) @binding(1) var t: texture_2d<f32>;
@group(0) @binding(2) var s: sampler;
@compute @workgroup_size(1) fn main() {
  out[0] = textureSampleLevel(t, s, vec2<f32>(0.75, 0.25), 0.0).x;
  out[1] = textureSampleLevel(t, s, vec2<f32>(0.5, 0.25), 0.0).x;
  out[2] = textureSampleGrad(t, s, vec2<f32>(0.25, 0.75), vec2<f32>(0.5, 0.0), vec2<f32>(0.0, 0.5)).x;
  let g = textureGather(0, t, s, vec2<f32>(0.5, 0.5));
  out[3] = g.x; out[4] = g.y; out[5] = g.z; out[6] = g.w;
  out[7] = textureSampleLevel(t, s, vec2<f32>(0.25, 0.25), 0.0, vec2<i32>(1, 1)).x;
}
)",
              {{{"group", 0}, {"binding", 1}, {"texture", nlohmann::json::parse(kTwoByTwo)}},
               {{"group", 0},
                {"binding", 2},
                {"sampler", {{"magFilter", "linear"}, {"minFilter", "linear"}}}}});
  expectExact(wordAt(r, 0), 2);
  expectWithin(wordAt(r, 1), 1.5, 1.5);
  expectInside(wordAt(r, 1), 1.49, 1.51);
  // λ ≥ 0 with one level: level 0 with minFilter, at a texel centre.
  expectExact(wordAt(r, 2), 3);
  expectExact(wordAt(r, 3), 3);
  expectExact(wordAt(r, 4), 4);
  expectExact(wordAt(r, 5), 2);
  expectExact(wordAt(r, 6), 1);
  expectExact(wordAt(r, 7), 4);  // offset (1, 1) from texel (0, 0)
}

TEST(SamplingBuiltins, CompareLevelAndGatherCompare) {
  Ran r = run(R"(
@group(0) @binding(0) var<storage, read_write> out: array<f32, 6>;
@group(0) @binding(1) var t: texture_depth_2d;
@group(0) @binding(2) var s: sampler_comparison;
@compute @workgroup_size(1) fn main() {
  out[0] = textureSampleCompareLevel(t, s, vec2<f32>(0.25, 0.25), 0.6);
  out[1] = textureSampleCompareLevel(t, s, vec2<f32>(0.75, 0.75), 0.6);
  let g = textureGatherCompare(t, s, vec2<f32>(0.5, 0.5), 0.6);
  out[2] = g.x; out[3] = g.y; out[4] = g.z; out[5] = g.w;
}
)",
              {{{"group", 0},
                {"binding", 1},
                {"texture",
                 {{"size", {2, 2}}, {"format", "depth16unorm"}, {"texels", {{0}, {0}, {1}, {1}}}}}},
               {{"group", 0}, {"binding", 2}, {"sampler", {{"compare", "less"}}}}});
  expectExact(wordAt(r, 0), 0);
  expectExact(wordAt(r, 1), 1);
  expectExact(wordAt(r, 2), 1);
  expectExact(wordAt(r, 3), 1);
  expectExact(wordAt(r, 4), 0);
  expectExact(wordAt(r, 5), 0);
}

TEST(SamplingBuiltins, IntegerGatherGivesEveryFootprintsValues) {
  Ran r = run(
      R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
@group(0) @binding(1) var t: texture_2d<u32>;
@group(0) @binding(2) var s: sampler;
@compute @workgroup_size(1) fn main() {
  out = array<u32, 4>(textureGather(0, t, s, vec2<f32>(0.5, 0.5)).x, textureGather(0, t, s, vec2<f32>(0.26, 0.5)).w, 0u, 0u);
}
)",
      {{{"group", 0},
        {"binding", 1},
        {"texture",
         {{"size", {2, 2}}, {"texels", {{1, 0, 0, 1}, {2, 0, 0, 1}, {3, 0, 0, 1}, {4, 0, 0, 1}}}}}},
       {{"group", 0}, {"binding", 2}, {"sampler", nlohmann::json::object()}}});
  ASSERT_TRUE(r.report.ran) << r.errors;
  // 0.26: u − 0.5 = 0.02, within 1/16 of 0: footprint at texel −1 (clamped to 0) or 0, so w is
  // texel (−1, 0) → 1 or (0, 0) → 1: one value; x of the centre: 3.
  std::set<uint32_t> x, w;
  for (const Outcome& o : r.report.result.outcomes) {
    x.insert(o.words[0][0].bits);
    w.insert(o.words[0][1].bits);
  }
  EXPECT_EQ(x, (std::set<uint32_t>{3}));
  EXPECT_EQ(w, (std::set<uint32_t>{1}));
}

TEST(SamplingBuiltins, BindingErrorsNameTheSampler) {
  Ran r = run(R"(
@group(0) @binding(0) var<storage, read_write> out: array<f32, 1>;
@group(0) @binding(1) var t: texture_2d<f32>;
@group(0) @binding(2) var s: sampler;
@compute @workgroup_size(1) fn main() { out[0] = textureSampleLevel(t, s, vec2<f32>(0.5), 0.0).x; }
)",
              {{{"group", 0}, {"binding", 2}, {"sampler", {{"addressModeU", "wrap"}}}}});
  EXPECT_FALSE(r.report.ran);
  EXPECT_NE(r.errors.find("@group(0) @binding(2) 's' (sampler): 'addressModeU' must be one of"),
            std::string::npos)
      << r.errors;
  Ran missing = run(R"(
@group(0) @binding(2) var s: sampler;
@group(0) @binding(0) var<storage, read_write> out: array<f32, 1>;
@compute @workgroup_size(1) fn main() { _ = s; out[0] = 1.0; }
)",
                    {{{"group", 0}, {"binding", 2}, {"texture", {{"size", {1}}}}}});
  EXPECT_FALSE(missing.report.ran);
  EXPECT_NE(missing.errors.find("a sampler binding needs 'sampler'"), std::string::npos)
      << missing.errors;
}

TEST(SamplingBuiltins, BaseClampToEdgeUnder2026) {
  const char* program = R"(
@group(0) @binding(0) var<storage, read_write> out: array<f32, 2>;
@group(0) @binding(1) var t: texture_2d<f32>;
@group(0) @binding(2) var s: sampler;
@compute @workgroup_size(1) fn main() {
  out[0] = textureSampleBaseClampToEdge(t, s, vec2<f32>(0.0, 0.5)).x;
  out[1] = textureSampleLevel(t, s, vec2<f32>(0.0, 0.5), 0.0).x;
}
)";
  nlohmann::json bindings = {
      {{"group", 0},
       {"binding", 1},
       {"texture", {{"size", {2, 1}}, {"texels", {{1, 0, 0, 1}, {2, 0, 0, 1}}}}}},
      {{"group", 0},
       {"binding", 2},
       {"sampler",
        {{"addressModeU", "repeat"}, {"magFilter", "linear"}, {"minFilter", "linear"}}}}};
  Ran r = run(program, bindings, &Revision::wgsl2026());
  // Clamped to half a texel: texel 0 alone; unclamped, repeat mixes texel 1 in.
  expectExact(wordAt(r, 0), 1);
  expectWithin(wordAt(r, 1), 1.5, 1.5);
  Ran seed = run(program, bindings);
  EXPECT_FALSE(seed.report.ran);  // the seed has no textureSampleBaseClampToEdge
}

}  // namespace
}  // namespace plumb::interp
