// The standard library's vectors and textures (checker/wsl/vector_library.cpp,
// texture_library.cpp; interpreter/wsl/standard_library.cpp, texture.cpp,
// texture_sampling.cpp): the reference implementation's functions, docs/ambiguities.md WSL W36
// and W37.
#include <gtest/gtest.h>

#include "interpreter/wsl/texture.h"
#include "wsl_fixture.h"

namespace plumb::wsl::test {
namespace {

TEST(WslVectors, ConstructorsGettersSettersAndIndexing) {
  const char* p = R"(int foo() {
      int3 v = int3(1, 2, 3);
      v.y = 7;
      v[2u] = v[2u] + 1;
      return v.x + v.y * 10 + v[2u] * 100 + v[5u] * 1000;
    })";
  // v[5u] is out of range: the RI's `operator[]` reads the default value (0).
  EXPECT_EQ(onlyValue(runText(p, "foo")), "471");
}

TEST(WslVectors, SwizzlesReadAndWrite) {
  const char* p = R"(float foo() {
      float2 w = float4(1.0, 2.0, 3.0, 4.0).wz;
      int4 v = int4(int2(1, 2), 3, 4);
      v.zx = int2(5, 6);
      return w.x * 100.0 + w.y * 10.0 + float(v.x * 10 + v.z);
    })";
  EXPECT_EQ(onlyValue(runText(p, "foo")), "495.0");
}

TEST(WslVectors, ArithmeticPerElementAndEquality) {
  const char* p = R"(bool foo() {
      int2 a = int2(1, 2) + int2(3, 4) * 2;
      float3 b = float3(1.0, 2.0, 3.0) / 2.0;
      return a == int2(7, 10) && b == float3(0.5, 1.0, 1.5) && !(a == int2(7, 11));
    })";
  EXPECT_EQ(onlyValue(runText(p, "foo")), "true");
}

TEST(WslVectors, VectorTypeSpellingsAreSynonyms) {
  EXPECT_EQ(onlyValue(runText(
                "uint foo() { vector<uint, 2> v = uint2(4u, 5u); return v.y + v.length; }", "foo")),
            "7u");
  // A swizzle with a repeated component has no setter (the RI's library).
  auto c = checkText("void foo() { int2 v; v.xx = int2(1, 2); }");
  EXPECT_FALSE(c->program);
}

RunResult runWithTexture(const char* program, const char* entry, const nlohmann::json& fixture,
                         std::vector<Value> args, const nlohmann::json& sampler = nullptr) {
  auto c = checkText(program);
  if (!c->program) {
    RunResult r;
    r.error = "invalid: " + c->messages();
    return r;
  }
  RunOptions o;
  o.entry = entry;
  std::string error;
  std::optional<TextureData> t = textureFromFixture(fixture, error);
  if (!t) {
    RunResult r;
    r.error = error;
    return r;
  }
  o.arguments.push_back(Value::makeResource(t->type(), 0));
  o.resources.textures.push_back(*t);
  if (!sampler.is_null()) {
    o.arguments.push_back(Value::makeResource(samplerType(), 0));
    o.resources.samplers.push_back(samplerFromOptions(sampler));
  }
  for (Value& v : args) o.arguments.push_back(v);
  return runFunction(*c->program, o);
}

const nlohmann::json kTexture2D = {
    {"maker", "make2DTexture"},
    {"elementType", "float"},
    {"data", {{{1, 2, 3, 4}, {5, 6, 7, 8}}, {{9, 10}}}}};  // 4x2, then 2x1

TEST(WslTextures, LoadReadsTheTexelOfTheLevel) {
  const char* p = R"(float foo(Texture2D<float> t, int x, int y, int level) {
      return Load(t, int3(x, y, level));
    })";
  EXPECT_EQ(onlyValue(runWithTexture(p, "foo", kTexture2D,
                                     {Value::makeInt(2), Value::makeInt(1), Value::makeInt(0)})),
            "7.0");
  EXPECT_EQ(onlyValue(runWithTexture(p, "foo", kTexture2D,
                                     {Value::makeInt(1), Value::makeInt(0), Value::makeInt(1)})),
            "10.0");
  // Out of bounds: the seed defines nothing, the RI traps; Plumb reads any value.
  EXPECT_EQ(onlyValue(runWithTexture(p, "foo", kTexture2D,
                                     {Value::makeInt(4), Value::makeInt(0), Value::makeInt(0)})),
            "any float");
}

TEST(WslTextures, SampleNearestAndLinear) {
  const char* p = R"(float foo(Texture2D<float> t, sampler s, float x, float y) {
      return Sample(t, s, float2(x, y));
    })";
  // Nearest: texel (floor(0.6 * 4), floor(0.75 * 2)) = (2, 1).
  EXPECT_EQ(onlyValue(runWithTexture(p, "foo", kTexture2D,
                                     {Value::makeFloat(0.6f), Value::makeFloat(0.75f)},
                                     nlohmann::json::object())),
            "7.0");
  // Linear (magnification): u = 2, v = 1 is the corner between texels 1..2 and rows 0..1, each
  // weighted 1/4: (2 + 3 + 6 + 7) / 4.
  EXPECT_EQ(onlyValue(runWithTexture(p, "foo", kTexture2D,
                                     {Value::makeFloat(0.5f), Value::makeFloat(0.5f)},
                                     {{"magFilter", "linear"}})),
            "4.5");
}

TEST(WslTextures, SampleLevelPicksTheMipLevel) {
  const char* p = R"(float foo(Texture2D<float> t, sampler s, float lod) {
      return SampleLevel(t, s, float2(0.9, 0.1), lod);
    })";
  EXPECT_EQ(onlyValue(runWithTexture(p, "foo", kTexture2D, {Value::makeFloat(1.0f)},
                                     nlohmann::json::object())),
            "10.0");
  EXPECT_EQ(onlyValue(runWithTexture(p, "foo", kTexture2D, {Value::makeFloat(0.0f)},
                                     nlohmann::json::object())),
            "4.0");
}

// GetDimensions stores each size through its pointer (W48); a mip level the texture does not
// have gives any value (the RI traps).
TEST(WslTextures, GetDimensionsStoresTheSizes) {
  const char* p = R"(uint3 foo(Texture2D<float> t, uint mip) {
      uint w; uint h; uint n;
      GetDimensions(t, mip, &w, &h, &n);
      return uint3(w, h, n);
    })";
  EXPECT_EQ(onlyValue(runWithTexture(p, "foo", kTexture2D, {Value::makeUint(0)})), "{4u, 2u, 2u}");
  EXPECT_EQ(onlyValue(runWithTexture(p, "foo", kTexture2D, {Value::makeUint(1)})), "{2u, 1u, 2u}");
  EXPECT_EQ(onlyValue(runWithTexture(p, "foo", kTexture2D, {Value::makeUint(2)})),
            "{any uint, any uint, any uint}");
  const nlohmann::json rw = {{"maker", "makeRW2DTextureArray"},
                             {"elementType", "float"},
                             {"data", {{{1, 2, 3}}, {{4, 5, 6}}}}};  // 2 layers of 3x1
  const char* q = R"(float3 foo(RWTexture2DArray<float> t) {
      float w; float h; float n;
      GetDimensions(t, &w, &h, &n);
      return float3(w, h, n);
    })";
  EXPECT_EQ(onlyValue(runWithTexture(q, "foo", rw, {})), "{3.0, 1.0, 2.0}");
}

// The texels of an RW texture are memory: Store writes one, Load reads it back; a Store out of
// bounds writes nothing (W48).
TEST(WslTextures, StoreAndLoadOfAnRwTexture) {
  const nlohmann::json rw = {
      {"maker", "makeRW2DTexture"}, {"elementType", "float"}, {"data", {{1, 2}, {3, 4}}}};
  const char* p = R"(
    float stored(RWTexture2D<float> t) { Store(t, 42.0, uint2(1, 0)); return Load(t, int2(1, 0)); }
    float other(RWTexture2D<float> t) { Store(t, 42.0, uint2(1, 0)); return Load(t, int2(0, 1)); }
    float outside(RWTexture2D<float> t) { Store(t, 42.0, uint2(5, 0)); return Load(t, int2(1, 0)); })";
  EXPECT_EQ(onlyValue(runWithTexture(p, "stored", rw, {})), "42.0");
  EXPECT_EQ(onlyValue(runWithTexture(p, "other", rw, {})), "3.0");
  EXPECT_EQ(onlyValue(runWithTexture(p, "outside", rw, {})), "2.0");
  // The texels after the call, observed at their addresses.
  auto c = checkText(p);
  ASSERT_TRUE(c->program);
  RunOptions o;
  o.entry = "stored";
  std::string error;
  o.resources.textures.push_back(*textureFromFixture(rw, error));
  o.arguments.push_back(Value::makeResource(o.resources.textures[0].type(), 0));
  for (const RwTexel& t : rwTexels(o.resources)) o.observe.push_back({t.address, floatType()});
  RunResult r = runFunction(*c->program, o);
  ASSERT_EQ(r.outcomes.size(), 1u);
  ASSERT_EQ(r.outcomes[0].observed.size(), 4u);
  EXPECT_EQ(valueText(r.outcomes[0].observed[1]), "42.0");
  EXPECT_EQ(valueText(r.outcomes[0].observed[2]), "3.0");
  EXPECT_EQ(rwTexels(o.resources)[1].name, "tex0[0][1]");
}

// Gather: one channel of the 2x2 texels a linear filter reads, in Vulkan's order (i0, j1),
// (i1, j1), (i1, j0), (i0, j0); GatherCmp compares each with the reference.
TEST(WslTextures, GatherAndGatherCmp) {
  const char* p = R"(float4 foo(Texture2D<float> t, sampler s, float x, float y) {
      return GatherRed(t, s, float2(x, y));
    })";
  // u = 2, v = 1: i0 = 1, j0 = 0.
  EXPECT_EQ(onlyValue(runWithTexture(p, "foo", kTexture2D,
                                     {Value::makeFloat(0.5f), Value::makeFloat(0.5f)},
                                     nlohmann::json::object())),
            "{6.0, 7.0, 3.0, 2.0}");
  const nlohmann::json vec = {{"maker", "make2DTexture"},
                              {"elementType", "int2"},
                              {"data", {{{{1, 10}, {2, 20}}, {{3, 30}, {4, 40}}}}}};
  const char* g = R"(int4 foo(Texture2D<int2> t, sampler s) {
      return GatherGreen(t, s, float2(0.5, 0.5), int2(0, 0));
    })";
  EXPECT_EQ(onlyValue(runWithTexture(g, "foo", vec, {}, nlohmann::json::object())),
            "{30, 40, 20, 10}");
  const nlohmann::json depth = {{"maker", "make2DDepthTexture"},
                                {"elementType", "float"},
                                {"data", {{{0.125, 0.875}, {0.5, 0.25}}}}};
  const char* c = R"(float4 foo(TextureDepth2D<float> t, sampler s, float ref) {
      return GatherCmp(t, s, float2(0.5, 0.5), ref);
    })";
  EXPECT_EQ(onlyValue(runWithTexture(c, "foo", depth, {Value::makeFloat(0.375f)},
                                     {{"compareFunction", "less"}})),
            "{1.0, 0.0, 1.0, 0.0}");
  // A texture type without the channel has no such function.
  EXPECT_FALSE(checkText("float4 foo(Texture2D<float> t, sampler s) { return GatherGreen(t, s, "
                         "float2(0.5, 0.5)); }")
                   ->program);
}

}  // namespace
}  // namespace plumb::wsl::test
