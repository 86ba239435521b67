// Textures at run time (#texture-types, #texture-builtin-functions): a bound texture is a value
// holding its texels by mip level (or sample), layer (array layer, or depth slice of a 3D
// texture), row and column; each texel is a vec4 of the channel type (the sampled type; f32 for
// depth and external textures; the channel format of a storage texture's texel format,
// #storage-texel-formats).
//
// A storage texture of a channel format narrower than 32 bits (rgba8unorm … rgba16float; in
// revision 2026 also the 16-bit normalized, 10-, 2- and 11-bit ones) holds, per channel, the
// set of stored channel bits ("codes") textureStore's conversion allows
// (docs/ambiguities.md M10–M12): a composite {lo, hi} of two integer codes (every code in
// between; for 16float the code is the signed magnitude of the binary16 encoding, so that the
// codes of the values are in value order, -0x7C00 = -inf … 0x7C00 = +inf), or AnyScalar (any
// bits, NaN included); for 11float and 10float the code is the stored bits (every value is
// non-negative, so codes are in value order too). Storage textures of the seed are write-only
// (S18): only textureStore and the report (textureWords) read these codes; revision 2026's
// `read` and `read_write` ones are read by textureLoad (loadedStorageTexel).
#pragma once

#include <array>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "interpreter/wgsl/host_buffer.h"
#include "interpreter/wgsl/runtime_value.h"

namespace plumb::interp {

/// The channel type of a texture type's texels (f32, i32 or u32).
Type texelChannelType(TypeTable& types, Type texture);
/// True for the texture types with an array index (2d_array, cube_array, depth arrays).
bool isArrayedTexture(const TypeTable& types, Type texture);

/// The texels of a texture binding (docs/formats.md `plumb-bindings` "texture"): `size`
/// [width, height, depthOrArrayLayers], `mipLevels` (or `samples` for a multisampled texture),
/// `texels` in order (level, layer, row, column), each the 4 channel values (or, with `format`,
/// a sampled texture's WebGPU texture format, the format's channels). Missing texels are zero.
std::optional<RValue> textureFromJson(TypeTable& types, Type texture, const nlohmann::json& j,
                                      std::string& error);

/// The texture format a sampled, depth or external texture binding has without "format"
/// (rgba32float, rgba32sint, rgba32uint, depth32float).
std::string defaultSampledFormat(const TypeTable& types, Type texture);

/// What a runner needs of a sampled texture format: channels, bytes per channel, the WebGPU
/// GPUTextureSampleType of a binding of it, and whether writeTexture can fill it.
struct SampledFormatFacts {
  int channels = 4;
  int bytesPerChannel = 4;
  std::string sampleType;
  bool copyable = true;
};
std::optional<SampledFormatFacts> sampledFormatFacts(std::string_view format);
/// T5: the step to which a filtered value of `format` may be rounded (absolute: 1/255 for
/// 8-bit unorm, 1/127 for 8-bit snorm, 1/65535 for depth16unorm; relative: 2^-10 for 16-bit
/// floats; 0 for the others).
struct FilterStep {
  double absolute = 0, relative = 0;
};
FilterStep filterStepOf(std::string_view format);
/// One texel of a binding (its channels' values as the binding gives them) as the bytes of
/// `format` (little-endian codes: k of k / 255, binary16, binary32, two's complement).
std::optional<std::vector<uint8_t>> sampledTexelBytes(std::string_view format, const nlohmann::json& texel);

/// The channel formats of the storage texel formats (#channel-formats; revision 2026 adds
/// 16unorm, 16snorm, 10unorm, 10uint, 2unorm, 2uint, 11float and 10float, new#channel-formats,
/// for the formats of Revision::currentTexelFormats); the three 32-bit ones store the shader
/// value unchanged.
enum class ChannelFormat : uint8_t {
  Unorm8,
  Snorm8,
  Uint8,
  Sint8,
  Uint16,
  Sint16,
  Float16,
  Unorm16,
  Snorm16,
  Unorm10,
  Uint10,
  Unorm2,
  Uint2,
  Ufloat11,
  Ufloat10,
  Bits32
};
/// The channel format of channel `channel` (0 r, 1 g, 2 b, 3 a) of texel format `f`
/// (#storage-texel-formats: rgb10a2unorm's a is 2unorm, rg11b10ufloat's b is 10float). A
/// channel the format does not have gets the format's first channel's.
ChannelFormat channelFormatOf(ast::TexelFormat f, size_t channel = 0);
/// The channels a texel format has (#storage-texel-formats: r, rg, rgb or rgba; bgra8unorm
/// has four, held in the shader's r, g, b, a order).
size_t channelCount(ast::TexelFormat f);
/// True for a storage texture whose texels hold codes (a channel format narrower than 32 bits).
bool holdsCodes(const TypeTable& types, Type texture);

/// The codes a channel may hold: every code in [lo, hi], or any bits.
struct CodeRange {
  int64_t lo = 0, hi = 0;
  bool any = false;
  bool operator==(const CodeRange&) const = default;
};
/// The codes textureStore may store for one channel value (i32, u32 or f32) of format `f`
/// (#texturestore; the conversion of the Vulkan spec's "Texel Output Format Conversion",
/// docs/ambiguities.md M10–M12).
/// `inverseTransfer` (revision 2026, Revision::currentTexelFormats: new#channel-formats' "Write
/// value" column, the inverse channel transfer function): integers are clamped to the
/// channel's range (8uint "min(255, T)", 8sint "max(-128, min(127, T))", ...) and a 16float
/// value outside binary16's finite range is indeterminate (`quantizeToF16(T)`); without it
/// (the seed) Vulkan's conversion: an integer out of range is any code, a large 16float the
/// largest value or the infinity (docs/ambiguities.md M10, M11).
CodeRange storeConversion(ChannelFormat f, const RValue& channel, bool inverseTransfer = false);
/// The shader value (as the bits of its f32, i32 or u32) of `code` read back through the
/// channel transfer function of `f` (#channel-formats), e.g. 127 of 8unorm is 127 / 255 as f32.
uint32_t channelValueBits(ChannelFormat f, int64_t code);
/// The texel stored by `textureStore(t, …, value)` on texture type `texture`: `value` itself for
/// the 32-bit formats, else the codes of each channel.
RValue storedTexel(TypeTable& types, Type texture, const RValue& value,
                   bool inverseTransfer = false);
/// The shader value `textureLoad` of a storage texture (revision 2026, `read` and `read_write`)
/// gives for a stored texel, of type `result` (a vec4): each channel the format has through its
/// channel transfer function (a set of codes gives the set of their values: a float interval,
/// an integer set, or any), and for the channels it does not have "the second component ... is
/// 0", "the third component ... is 0", "the fourth component ... is 1" (#storage-texel-formats).
RValue loadedStorageTexel(TypeTable& types, Type texture, const RValue& texel, Type result);

/// The texels as words: 4 per texel (each channel's shader value as its 32-bit pattern; for an
/// 8- or 16-bit format, the value a read through the channel transfer function gives: exact, a
/// set of up to 16 values, an f32 interval, or any), in order.
std::vector<WordValue> textureWords(TypeTable& types, const RValue& texture);

}  // namespace plumb::interp
