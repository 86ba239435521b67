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

}  // namespace
}  // namespace plumb::wsl::test
