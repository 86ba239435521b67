// The storage texel formats current WGSL adds (Revision::currentTexelFormats,
// new#storage-texel-formats, new#channel-formats) at run time: textureStore converts each
// channel to the set of codes the format allows (interpreter/wgsl/textures.h), and textureLoad of a
// `read` or `read_write` storage texture (revision 2026) reads them back through the channel
// transfer functions, with the missing channels as 0, 0, 1.
#include "run_2026_fixture.h"

#include <cstring>

namespace plumb::interp {
namespace {

using namespace testing2026;

const Revision& current() {
  return Revision::wgsl2026();
}

std::string hex(uint32_t bits) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", bits);
  return b;
}
std::string bitsOf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return hex(b);
}
nlohmann::json exact(const std::string& bits) {
  return {{"exact", bits}};
}
nlohmann::json set(std::vector<std::string> bits) {
  return {{"set", bits}};
}
nlohmann::json any() {
  return {{"any", true}};
}
/// An f32 zero in a buffer: both zeros (the sign of a zero is not tracked).
nlohmann::json zero() {
  return set({"0x00000000", "0x80000000"});
}

/// The words of buffer `b` of the only outcome.
nlohmann::json onlyWords(const Ran& r, size_t b = 0) {
  EXPECT_TRUE(r.report.ran) << r.errors;
  if (!r.report.ran) return nullptr;
  const auto& outcomes = r.report.json["outcomes"];
  EXPECT_EQ(outcomes.size(), 1u) << r.report.json.dump(1);
  EXPECT_EQ(outcomes[0]["kind"], "finished") << r.report.json.dump(1);
  return outcomes[0]["buffers"][b]["words"];
}

std::string store(const std::string& format, const std::string& value) {
  return "@group(0) @binding(0) var t: texture_storage_2d<" + format +
         ", write>;\n@compute @workgroup_size(1) fn main() { textureStore(t, vec2<i32>(0, 0), " +
         value + "); }\n";
}

// new#channel-formats: 16unorm "v ÷ 65535", 10unorm "v ÷ 1023", 2unorm "v ÷ 3"; the value is
// clamped and either neighbouring code is stored (docs/ambiguities.md M10).
TEST(TexelFormats2026, NormalizedFormats) {
  EXPECT_EQ(onlyWords(run(current(), store("rgba16unorm", "vec4<f32>(0.25, 1.0, -3.0, 0.5)"))),
            nlohmann::json({set({bitsOf(16383.0f / 65535.0f), bitsOf(16384.0f / 65535.0f)}),
                            exact("0x3f800000"), exact("0x00000000"),
                            set({bitsOf(32767.0f / 65535.0f), bitsOf(32768.0f / 65535.0f)})}));
  EXPECT_EQ(onlyWords(run(current(), store("rgb10a2unorm", "vec4<f32>(1.0, 0.0, 0.5, 0.5)"))),
            nlohmann::json({exact("0x3f800000"), exact("0x00000000"),
                            set({bitsOf(511.0f / 1023.0f), bitsOf(512.0f / 1023.0f)}),
                            set({bitsOf(1.0f / 3.0f), bitsOf(2.0f / 3.0f)})}));
  // One channel: the others are not stored (they keep the texture's zero).
  EXPECT_EQ(onlyWords(run(current(), store("r8snorm", "vec4<f32>(-0.5, 1.0, 1.0, 1.0)"))),
            nlohmann::json({set({bitsOf(-63.0f / 127.0f), bitsOf(-64.0f / 127.0f)}),
                            exact("0x00000000"), exact("0x00000000"), exact("0x00000000")}));
  // bgra8unorm holds the shader's r, g, b, a (its memory order is the host's business).
  EXPECT_EQ(onlyWords(run(current(), store("bgra8unorm", "vec4<f32>(1.0, 0.0, 0.0, 1.0)"))),
            nlohmann::json({exact("0x3f800000"), exact("0x00000000"), exact("0x00000000"),
                            exact("0x3f800000")}));
}

// new#channel-formats 11float, 10float: "max(0, T)"; a value between two of the format's is
// either; beyond the largest finite one (65024, 64512) that or the infinity (as 16float).
TEST(TexelFormats2026, UnsignedFloatFormats) {
  EXPECT_EQ(onlyWords(run(current(), store("rg11b10ufloat", "vec4<f32>(1.5, -2.0, 1e5, 7.0)"))),
            nlohmann::json({exact(bitsOf(1.5f)), exact("0x00000000"),
                            set({bitsOf(64512.0f), "0x7f800000"}), exact("0x00000000")}));
  // 1.0 + 2^-7 lies between the 11-bit floats 1 and 1 + 2^-6.
  EXPECT_EQ(onlyWords(run(current(),
                          store("rg11b10ufloat", "vec4<f32>(1.0078125, 0.0, 1.0078125, 0.0)"))),
            nlohmann::json({set({bitsOf(1.0f), bitsOf(1.015625f)}), exact("0x00000000"),
                            set({bitsOf(1.0f), bitsOf(1.03125f)}), exact("0x00000000")}));
}

// The integer formats keep a value in range and clamp one outside ("min(1023, T)").
TEST(TexelFormats2026, IntegerFormats) {
  EXPECT_EQ(onlyWords(run(current(), store("rgb10a2uint", "vec4<u32>(1023u, 5u, 1024u, 7u)"))),
            nlohmann::json({exact("0x000003ff"), exact("0x00000005"), exact("0x000003ff"),
                            exact("0x00000003")}));
  EXPECT_EQ(onlyWords(run(current(), store("rg16sint", "vec4<i32>(-32768, 5, 9, 9)"))),
            nlohmann::json({exact("0xffff8000"), exact("0x00000005"), exact("0x00000000"),
                            exact("0x00000000")}));
}

std::string storeThenLoad(const std::string& format, const std::string& type,
                          const std::string& value, const std::string& out) {
  return "@group(0) @binding(0) var t: texture_storage_2d<" + format +
         ", read_write>;\n@group(0) @binding(1) var<storage, read_write> out: array<" + out +
         ", 4>;\n@compute @workgroup_size(1) fn main() {\n  textureStore(t, vec2<i32>(0, 0), " +
         value + ");\n  let v: vec4<" + type +
         "> = textureLoad(t, vec2<i32>(0, 0));\n  out[0] = v.x; out[1] = v.y; out[2] = v.z; out[3] "
         "= "
         "v.w;\n}\n";
}

// new#storage-texel-formats: "If the texel format has no green channel, then the second
// component of the shader value is 0 ... no alpha channel, then the fourth component of the
// shader value is 1"; the codes read back through the channel transfer function.
TEST(TexelFormats2026, TextureLoadReadsTheChannelsTheFormatHas) {
  Ran r32 = run(current(), storeThenLoad("r32uint", "u32", "vec4<u32>(7u, 8u, 9u, 10u)", "u32"));
  EXPECT_EQ(exactOutcomes(r32, 1), (Words{{7, 0, 0, 1}}));
  Ran rg8 =
      run(current(), storeThenLoad("rg8unorm", "f32", "vec4<f32>(0.5, 1.0, 1.0, 0.0)", "f32"));
  nlohmann::json w = onlyWords(rg8, 1);
  ASSERT_TRUE(w.is_array()) << rg8.errors;
  EXPECT_EQ(w[0]["interval"], nlohmann::json({bitsOf(127.0f / 255.0f), bitsOf(128.0f / 255.0f)}));
  EXPECT_EQ(w[1], exact("0x3f800000"));
  EXPECT_EQ(w[2], zero());
  EXPECT_EQ(w[3], exact("0x3f800000"));
  // An integer that does not fit is clamped (2026), and a 16float beyond binary16's range is
  // indeterminate: any value read back.
  Ran u8 = run(current(), storeThenLoad("rgba8uint", "u32", "vec4<u32>(300u, 2u, 3u, 4u)", "u32"));
  EXPECT_EQ(onlyWords(u8, 1), nlohmann::json({exact("0x000000ff"), exact("0x00000002"),
                                              exact("0x00000003"), exact("0x00000004")}));
  Ran f16 =
      run(current(), storeThenLoad("r16float", "f32", "vec4<f32>(1e5, 0.0, 0.0, 0.0)", "f32"));
  EXPECT_EQ(onlyWords(f16, 1), nlohmann::json({any(), zero(), zero(), exact("0x3f800000")}));
  // The seed has no read_write storage textures.
  EXPECT_FALSE(run(Revision::wgsl2022_06(), storeThenLoad("r32uint", "u32", "vec4<u32>(7u)", "u32"))
                   .report.ran);
}

// new#channel-formats' inverse channel transfer functions (revision 2026) against the seed's
// reading (Vulkan's conversion, docs/ambiguities.md M10, M11) on the seed's formats.
TEST(TexelFormats2026, InverseChannelTransferFunctions) {
  std::string u8 = store("rgba8uint", "vec4<u32>(300u, 2u, 3u, 4u)");
  EXPECT_EQ(onlyWords(run(Revision::wgsl2022_06(), u8))[0], any());
  EXPECT_EQ(onlyWords(run(current(), u8))[0], exact("0x000000ff"));
  std::string s8 = store("rgba8sint", "vec4<i32>(-300, 300, 3, 4)");
  EXPECT_EQ(onlyWords(run(current(), s8))[0], exact("0xffffff80"));
  EXPECT_EQ(onlyWords(run(current(), s8))[1], exact("0x0000007f"));
  std::string f16 = store("rgba16float", "vec4<f32>(1e5, 1.0, 1.0, 1.0)");
  EXPECT_EQ(onlyWords(run(Revision::wgsl2022_06(), f16))[0], set({"0x477fe000", "0x7f800000"}));
  EXPECT_EQ(onlyWords(run(current(), f16))[0], any());
}

}  // namespace
}  // namespace plumb::interp
