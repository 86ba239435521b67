// textureStore's texel conversion for every storage texel format of the seed
// (#storage-texel-formats, #channel-formats, #texturestore; the Vulkan conversions the seed leaves
// to WebGPU, docs/ambiguities.md M10–M12): exact stores, the choice between the two nearest
// codes, clamping, undefined inputs, integers out of range; bindings of those formats and the
// report of their texels (docs/formats.md).
#include <gtest/gtest.h>

#include <sstream>

#include "interpreter/wgsl/run.h"
#include "interpreter/wgsl/textures.h"

namespace plumb::interp {
namespace {

// ---- The conversion of one channel (interpreter/wgsl/textures.h) ----

class TexelConversion : public ::testing::Test {
 protected:
  TypeTable types;
  RValue f32(double v) { return RValue{types.f32(), FloatSet::exact(v)}; }
  RValue f32(double lo, double hi) { return RValue{types.f32(), FloatSet::range(lo, hi)}; }
  RValue anyF32() { return RValue{types.f32(), FloatSet::anyValue()}; }
  RValue i32(int64_t v) { return RValue{types.i32(), v}; }
  RValue u32(int64_t v) { return RValue{types.u32(), v}; }
  static CodeRange codes(int64_t lo, int64_t hi) { return CodeRange{lo, hi, false}; }
};

// The codes of the 16float channel: the binary16 magnitude, negative for negative values.
constexpr int64_t kF16One = 0x3C00, kF16Two = 0x4000, kF16Max = 0x7BFF, kF16Inf = 0x7C00;

TEST_F(TexelConversion, Unorm8) {
  ChannelFormat f = ChannelFormat::Unorm8;
  // 0.0 and 1.0 are exact ("if r is equal to an integer, then that integer value must be
  // returned"); every other f32 in (0, 1) times 255 lies strictly between two integers.
  EXPECT_EQ(storeConversion(f, f32(0)), codes(0, 0));
  EXPECT_EQ(storeConversion(f, f32(1)), codes(255, 255));
  EXPECT_EQ(storeConversion(f, f32(0.5)), codes(127, 128));  // 127.5
  EXPECT_EQ(storeConversion(f, f32(0.25)), codes(63, 64));   // 63.75
  // f32(1/255) × 255 = 1.0000000591…: either 1 or 2 (M10: the product is exact).
  EXPECT_EQ(storeConversion(f, f32(0.003921568859368563)), codes(1, 2));
  // Clamped to [0, 1] first.
  EXPECT_EQ(storeConversion(f, f32(7)), codes(255, 255));
  EXPECT_EQ(storeConversion(f, f32(-0.5)), codes(0, 0));
  // A set of inputs: every code between the two ends' neighbours.
  EXPECT_EQ(storeConversion(f, f32(0.5, 0.50390625)), codes(127, 129));
  EXPECT_EQ(storeConversion(f, f32(-1, 2)), codes(0, 255));
  // An undefined value (an infinity or a NaN was involved): any code (M12).
  EXPECT_EQ(storeConversion(f, anyF32()), codes(0, 255));
}

TEST_F(TexelConversion, Snorm8) {
  ChannelFormat f = ChannelFormat::Snorm8;
  EXPECT_EQ(storeConversion(f, f32(-1)), codes(-127, -127));
  EXPECT_EQ(storeConversion(f, f32(0)), codes(0, 0));
  EXPECT_EQ(storeConversion(f, f32(1)), codes(127, 127));
  EXPECT_EQ(storeConversion(f, f32(0.5)), codes(63, 64));  // 63.5
  EXPECT_EQ(storeConversion(f, f32(-0.5)), codes(-64, -63));
  EXPECT_EQ(storeConversion(f, f32(-2)), codes(-127, -127));  // clamped to [-1, 1]: never -128
  EXPECT_EQ(storeConversion(f, f32(3)), codes(127, 127));
  EXPECT_EQ(storeConversion(f, anyF32()), codes(-128, 127));  // any 8 bits
}

TEST_F(TexelConversion, IntegerFormatsKeepValuesInRangeAndAnyOutside) {
  // "Integer outputs are converted such that their value is preserved. The converted value of
  // any integer that cannot be represented in the target format is undefined" (M11).
  EXPECT_EQ(storeConversion(ChannelFormat::Uint8, u32(0)), codes(0, 0));
  EXPECT_EQ(storeConversion(ChannelFormat::Uint8, u32(255)), codes(255, 255));
  EXPECT_EQ(storeConversion(ChannelFormat::Uint8, u32(256)), codes(0, 255));
  EXPECT_EQ(storeConversion(ChannelFormat::Uint8, RValue{types.u32(), AnyScalar{}}), codes(0, 255));
  EXPECT_EQ(storeConversion(ChannelFormat::Sint8, i32(-128)), codes(-128, -128));
  EXPECT_EQ(storeConversion(ChannelFormat::Sint8, i32(127)), codes(127, 127));
  EXPECT_EQ(storeConversion(ChannelFormat::Sint8, i32(128)), codes(-128, 127));
  EXPECT_EQ(storeConversion(ChannelFormat::Sint8, i32(-129)), codes(-128, 127));
  EXPECT_EQ(storeConversion(ChannelFormat::Uint16, u32(65535)), codes(65535, 65535));
  EXPECT_EQ(storeConversion(ChannelFormat::Uint16, u32(65536)), codes(0, 65535));
  EXPECT_EQ(storeConversion(ChannelFormat::Sint16, i32(-32768)), codes(-32768, -32768));
  EXPECT_EQ(storeConversion(ChannelFormat::Sint16, i32(32768)), codes(-32768, 32767));
}

TEST_F(TexelConversion, Float16) {
  ChannelFormat f = ChannelFormat::Float16;
  EXPECT_EQ(storeConversion(f, f32(1)), codes(kF16One, kF16One));
  EXPECT_EQ(storeConversion(f, f32(-1)), codes(-kF16One, -kF16One));
  EXPECT_EQ(storeConversion(f, f32(65504)), codes(kF16Max, kF16Max));
  // f32(0.1) lies between the binary16 values 0x2E66 (0.0999755859375) and 0x2E67: either.
  EXPECT_EQ(storeConversion(f, f32(0.10000000149011612)), codes(0x2E66, 0x2E67));
  // Beyond the largest finite binary16: it, or the infinity of that sign.
  EXPECT_EQ(storeConversion(f, f32(1e5)), codes(kF16Max, kF16Inf));
  EXPECT_EQ(storeConversion(f, f32(-1e5)), codes(-kF16Inf, -kF16Max));
  // Below the smallest subnormal: zero or the subnormal of that sign.
  EXPECT_EQ(storeConversion(f, f32(1e-10)), codes(0, 1));
  EXPECT_EQ(storeConversion(f, f32(-1e-10)), codes(-1, 0));
  EXPECT_EQ(storeConversion(f, f32(1, 2)), codes(kF16One, kF16Two));
  // An undefined value may be a NaN: any bits.
  EXPECT_TRUE(storeConversion(f, anyF32()).any);
}

TEST_F(TexelConversion, ChannelTransferFunction) {
  // #channel-formats: v ÷ 255, max(-1, v ÷ 127), binary16 values, integers; as the word's bits.
  EXPECT_EQ(channelValueBits(ChannelFormat::Unorm8, 127), 0x3efefeffu);
  EXPECT_EQ(channelValueBits(ChannelFormat::Unorm8, 128), 0x3f008081u);
  EXPECT_EQ(channelValueBits(ChannelFormat::Unorm8, 255), 0x3f800000u);
  EXPECT_EQ(channelValueBits(ChannelFormat::Snorm8, 64), 0x3f010204u);
  EXPECT_EQ(channelValueBits(ChannelFormat::Snorm8, -127), 0xbf800000u);
  EXPECT_EQ(channelValueBits(ChannelFormat::Snorm8, -128), 0xbf800000u);
  EXPECT_EQ(channelValueBits(ChannelFormat::Float16, kF16One), 0x3f800000u);
  EXPECT_EQ(channelValueBits(ChannelFormat::Float16, 0x2E66), 0x3dccc000u);
  EXPECT_EQ(channelValueBits(ChannelFormat::Float16, kF16Inf), 0x7f800000u);
  EXPECT_EQ(channelValueBits(ChannelFormat::Float16, -kF16Inf), 0xff800000u);
  EXPECT_EQ(channelValueBits(ChannelFormat::Sint8, -1), 0xffffffffu);
  EXPECT_EQ(channelValueBits(ChannelFormat::Uint16, 65535), 0xffffu);
}

// ---- textureStore in the machine, and the report ----

struct Ran {
  RunReport report;
  std::string errors;
};

Ran run(const std::string& source, const nlohmann::json& bindings = nullptr) {
  auto file = std::make_unique<SourceFile>("test.wgsl", source);
  RunRequest request;
  request.bindings = bindings;
  request.zeroMissingBindings = true;
  Ran r{runShader(*file, request), ""};
  for (const Diagnostic& d : r.report.diagnostics.all()) r.errors += renderText(d);
  for (const std::string& e : r.report.errors) r.errors += e + "\n";
  return r;
}

nlohmann::json exact(const char* bits) { return {{"exact", bits}}; }
nlohmann::json set(std::vector<std::string> bits) { return {{"set", bits}}; }
nlohmann::json any() { return {{"any", true}}; }

/// The words of the texture binding `b` (a 1x1 texture unless given) of the only outcome.
nlohmann::json texelWords(const Ran& r, size_t b = 0) {
  EXPECT_TRUE(r.report.ran) << r.errors;
  if (!r.report.ran) return nullptr;
  const auto& outcomes = r.report.json["outcomes"];
  EXPECT_EQ(outcomes.size(), 1u) << r.report.json.dump(1);
  EXPECT_EQ(outcomes[0]["kind"], "finished") << r.report.json.dump(1);
  return outcomes[0]["buffers"][b]["words"];
}

std::string store(const std::string& format, const std::string& value) {
  return "@group(0) @binding(0) var t: texture_storage_2d<" + format +
         ", write>;\n"
         "@compute @workgroup_size(1) fn main() { textureStore(t, vec2<i32>(0, 0), " +
         value + "); }\n";
}

TEST(TextureStore, Rgba8unormStoresOneOfTheTwoNearestCodesInOneOutcome) {
  // 0.5 × 255 = 127.5 and 0.25 × 255 = 63.75: a set of two per channel, in one outcome (the
  // conversions are independent: no execution per choice).
  auto r = run(store("rgba8unorm", "vec4<f32>(0.5, 0.25, 1.0, 0.0)"));
  EXPECT_EQ(texelWords(r), nlohmann::json({set({"0x3efefeff", "0x3f008081"}), set({"0x3e7cfcfd", "0x3e808081"}),
                                           exact("0x3f800000"), exact("0x00000000")}));
}

TEST(TextureStore, Rgba8snormClampsAndRounds) {
  auto r = run(store("rgba8snorm", "vec4<f32>(-0.5, 2.0, -1.0, 0.0)"));
  EXPECT_EQ(texelWords(r), nlohmann::json({set({"0xbefdfbf8", "0xbf010204"}), exact("0x3f800000"),
                                           exact("0xbf800000"), exact("0x00000000")}));
}

TEST(TextureStore, IntegerFormats) {
  auto u8 = run(store("rgba8uint", "vec4<u32>(1u, 255u, 256u, 0xffffffffu)"));
  EXPECT_EQ(texelWords(u8), nlohmann::json({exact("0x00000001"), exact("0x000000ff"), any(), any()}));
  auto s8 = run(store("rgba8sint", "vec4<i32>(-128, 127, 128, -1)"));
  EXPECT_EQ(texelWords(s8), nlohmann::json({exact("0xffffff80"), exact("0x0000007f"), any(), exact("0xffffffff")}));
  auto u16 = run(store("rgba16uint", "vec4<u32>(65535u, 65536u, 7u, 0u)"));
  EXPECT_EQ(texelWords(u16), nlohmann::json({exact("0x0000ffff"), any(), exact("0x00000007"), exact("0x00000000")}));
  auto s16 = run(store("rgba16sint", "vec4<i32>(-32768, 32767, 32768, -5)"));
  EXPECT_EQ(texelWords(s16),
            nlohmann::json({exact("0xffff8000"), exact("0x00007fff"), any(), exact("0xfffffffb")}));
}

TEST(TextureStore, Rgba16float) {
  auto r = run(store("rgba16float", "vec4<f32>(0.1, 1.0, 1e5, -1e5)"));
  EXPECT_EQ(texelWords(r), nlohmann::json({set({"0x3dccc000", "0x3dcce000"}), exact("0x3f800000"),
                                           set({"0x477fe000", "0x7f800000"}), set({"0xc77fe000", "0xff800000"})}));
}

TEST(TextureStore, UndefinedInputsStoreAnyValueOfTheChannel) {
  // 1.0 / z with z = 0 loaded from a buffer is infinite: an undefined value (#floating-point-
  // evaluation). 8unorm: any of the 256 codes, reported as the f32 interval [0, 1]; 16float:
  // any bits (a NaN among them).
  const char* shader = R"(
@group(0) @binding(0) var<storage, read> zero: f32;
@group(0) @binding(1) var a: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(2) var b: texture_storage_2d<rgba16float, write>;
@compute @workgroup_size(1) fn main() {
  let big = 1.0 / zero;
  textureStore(a, vec2<i32>(0, 0), vec4<f32>(big, -big, big - big, 0.5));
  textureStore(b, vec2<i32>(0, 0), vec4<f32>(big, -big, big - big, 0.5));
})";
  auto r = run(shader);
  nlohmann::json unit = {{"interval", {"0x00000000", "0x3f800000"}}, {"range", {0.0, 1.0}}, {"type", "f32"}};
  EXPECT_EQ(texelWords(r, 1), nlohmann::json({unit, unit, unit, set({"0x3efefeff", "0x3f008081"})}));
  EXPECT_EQ(texelWords(r, 2), nlohmann::json({any(), any(), any(), exact("0x3f000000")}));
}

TEST(TextureStore, AnInputSetGivesEveryCodeBetween) {
  // x / y is within 2.5 ULP of 1/3 (#floating-point-accuracy): × 255 is 85 give or take 2e-5,
  // so 84, 85 or 86.
  const char* shader = R"(
@group(0) @binding(0) var<storage, read> xy: vec2<f32>;
@group(0) @binding(1) var t: texture_storage_2d<rgba8unorm, write>;
@compute @workgroup_size(1) fn main() {
  textureStore(t, vec2<i32>(0, 0), vec4<f32>(xy.x / xy.y));
})";
  nlohmann::json binding = {{"group", 0}, {"binding", 0}, {"value", {1.0, 3.0}}};
  nlohmann::json b = {{"format", "plumb-bindings"}, {"version", 1}, {"bindings", nlohmann::json::array({binding})}};
  auto r = run(shader, b);
  std::vector<std::string> codes;
  for (int k : {84, 85, 86}) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", channelValueBits(ChannelFormat::Unorm8, k));
    codes.push_back(buf);
  }
  std::sort(codes.begin(), codes.end());
  nlohmann::json w = texelWords(r, 1);
  ASSERT_TRUE(w.is_array());
  EXPECT_EQ(w[0], set(codes));
}

TEST(TextureStore, OutOfBoundsStoreConvertsToo) {
  // #texturestore: not executed, or the value stored to some in-bounds texel (2 here).
  nlohmann::json texture = {{"size", {2, 1, 1}}};
  nlohmann::json binding = {{"group", 0}, {"binding", 0}, {"texture", texture}};
  nlohmann::json bindings = {{"format", "plumb-bindings"}, {"version", 1}, {"bindings", nlohmann::json::array({binding})}};
  auto r = run(R"(
@group(0) @binding(0) var t: texture_storage_1d<rgba8uint, write>;
@compute @workgroup_size(1) fn main() { textureStore(t, 5, vec4<u32>(300u, 2u, 3u, 4u)); }
)",
               bindings);
  ASSERT_TRUE(r.report.ran) << r.errors;
  const auto& outcomes = r.report.json["outcomes"];
  ASSERT_EQ(outcomes.size(), 3u) << r.report.json.dump(1);
  size_t stored = 0;
  for (const auto& o : outcomes) {
    const auto& w = o["buffers"][0]["words"];
    ASSERT_EQ(w.size(), 8u);
    for (size_t texel = 0; texel < 2; ++texel) {
      if (w[texel * 4 + 1] != exact("0x00000002")) continue;
      ++stored;
      EXPECT_EQ(w[texel * 4], any());  // 300 does not fit in 8 bits
      EXPECT_EQ(w[texel * 4 + 3], exact("0x00000004"));
    }
  }
  EXPECT_EQ(stored, 2u);
}

TEST(TextureStore, ThirtyTwoBitFormatsStoreTheValue) {
  auto r = run(store("rgba32float", "vec4<f32>(0.1, 1.0, 1e5, -1e5)"));
  // The AbstractFloat 0.1 converted to f32 is either neighbour (#floating-point-conversion;
  // docs/ambiguities.md R17); the texel stores the value as it is.
  nlohmann::json tenth = {{"interval", {"0x3dcccccc", "0x3dcccccd"}},
                          {"range", {0.09999999403953552, 0.10000000149011612}},
                          {"type", "f32"}};
  EXPECT_EQ(texelWords(r), nlohmann::json({tenth, exact("0x3f800000"), exact("0x47c35000"),
                                           exact("0xc7c35000")}));
}

// ---- Bindings of 8- and 16-bit storage textures ----

/// A 1x1 texture at @group(0) @binding(0) holding `texel`.
nlohmann::json textureBinding(nlohmann::json texel) {
  nlohmann::json texture = {{"size", {1, 1, 1}}, {"texels", nlohmann::json::array({texel})}};
  nlohmann::json binding = {{"group", 0}, {"binding", 0}, {"texture", texture}};
  return {{"format", "plumb-bindings"}, {"version", 1}, {"bindings", nlohmann::json::array({binding})}};
}

const char* kNoStore = "@compute @workgroup_size(1) fn main() { _ = textureDimensions(t); }\n";

TEST(TextureBindings, ChannelsAreValuesOfTheFormat) {
  std::string unorm = std::string("@group(0) @binding(0) var t: texture_storage_2d<rgba8unorm, write>;\n") + kNoStore;
  // k / 255 as f32 (a decimal that rounds to it, or its hexadecimal form).
  auto ok = run(unorm, textureBinding(nlohmann::json::array({0, 1, "0x1.fdfdfep-2", 0.501960813999176})));
  EXPECT_EQ(texelWords(ok), nlohmann::json({exact("0x00000000"), exact("0x3f800000"), exact("0x3efefeff"),
                                            exact("0x3f008081")}));
  auto bad = run(unorm, textureBinding(nlohmann::json::array({0.5, 0, 0, 0})));
  EXPECT_FALSE(bad.report.ran);
  EXPECT_NE(bad.errors.find("0.5 is not a value of rgba8unorm"), std::string::npos) << bad.errors;

  std::string half = std::string("@group(0) @binding(0) var t: texture_storage_2d<rgba16float, write>;\n") + kNoStore;
  auto h = run(half, textureBinding(nlohmann::json::array({"inf", "-inf", 0.0999755859375, "nan"})));
  EXPECT_EQ(texelWords(h), nlohmann::json({exact("0x7f800000"), exact("0xff800000"), exact("0x3dccc000"), any()}));
  auto notHalf = run(half, textureBinding(nlohmann::json::array({0.1, 0, 0, 0})));
  EXPECT_NE(notHalf.errors.find("is not a value of rgba16float"), std::string::npos) << notHalf.errors;

  std::string uint8 = std::string("@group(0) @binding(0) var t: texture_storage_2d<rgba8uint, write>;\n") + kNoStore;
  auto wide = run(uint8, textureBinding(nlohmann::json::array({256, 0, 0, 0})));
  EXPECT_NE(wide.errors.find("256 is not a value of rgba8uint"), std::string::npos) << wide.errors;
  auto snorm = run(std::string("@group(0) @binding(0) var t: texture_storage_2d<rgba8snorm, write>;\n") + kNoStore,
                   textureBinding(nlohmann::json::array({-1, 1, "0x1.020408p-1", 0})));
  EXPECT_EQ(texelWords(snorm), nlohmann::json({exact("0xbf800000"), exact("0x3f800000"), exact("0x3f010204"),
                                               exact("0x00000000")}));
}

TEST(TextureStore, TextReport) {
  auto r = run(store("rgba8unorm", "vec4<f32>(0.5, 0.0, 1.0, 1.0)"));
  ASSERT_TRUE(r.report.ran) << r.errors;
  std::ostringstream out;
  printRunReport(r.report, out);
  EXPECT_NE(out.str().find("[0] {0x3efefeff, 0x3f008081} 0x00000000 0x3f800000 0x3f800000"), std::string::npos)
      << out.str();
}

}  // namespace
}  // namespace plumb::interp
