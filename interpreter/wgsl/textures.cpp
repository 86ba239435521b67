// Textures at run time: binding and reporting (the built-ins are machine_textures.cpp).
#include "interpreter/wgsl/textures.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "checker/float_rounding.h"

namespace plumb::interp {

ChannelFormat channelFormatOf(ast::TexelFormat f, size_t channel) {
  using F = ast::TexelFormat;
  switch (f) {
    case F::Rgba8unorm:
    case F::Rg8unorm:
    case F::R8unorm:
    case F::Bgra8unorm:
      return ChannelFormat::Unorm8;
    case F::Rgba8snorm:
    case F::Rg8snorm:
    case F::R8snorm:
      return ChannelFormat::Snorm8;
    case F::Rgba8uint:
    case F::Rg8uint:
    case F::R8uint:
      return ChannelFormat::Uint8;
    case F::Rgba8sint:
    case F::Rg8sint:
    case F::R8sint:
      return ChannelFormat::Sint8;
    case F::Rgba16uint:
    case F::Rg16uint:
    case F::R16uint:
      return ChannelFormat::Uint16;
    case F::Rgba16sint:
    case F::Rg16sint:
    case F::R16sint:
      return ChannelFormat::Sint16;
    case F::Rgba16float:
    case F::Rg16float:
    case F::R16float:
      return ChannelFormat::Float16;
    case F::Rgba16unorm:
    case F::Rg16unorm:
    case F::R16unorm:
      return ChannelFormat::Unorm16;
    case F::Rgba16snorm:
    case F::Rg16snorm:
    case F::R16snorm:
      return ChannelFormat::Snorm16;
    // new#storage-texel-formats: "rgb10a2unorm: r, g, b: 10unorm; a: 2unorm" (memory order
    // r, g, b, a from the least significant bits), and likewise rgb10a2uint.
    case F::Rgb10a2unorm:
      return channel == 3 ? ChannelFormat::Unorm2 : ChannelFormat::Unorm10;
    case F::Rgb10a2uint:
      return channel == 3 ? ChannelFormat::Uint2 : ChannelFormat::Uint10;
    // "rg11b10ufloat: r, g: 11float; b: 10float".
    case F::Rg11b10ufloat:
      return channel >= 2 ? ChannelFormat::Ufloat10 : ChannelFormat::Ufloat11;
    default: return ChannelFormat::Bits32;
  }
}

size_t channelCount(ast::TexelFormat f) {
  std::string_view s = ast::spelling(f);
  if (s.starts_with("rgba") || s.starts_with("bgra") || s.starts_with("rgb10a2")) return 4;
  if (s.starts_with("rg11b10")) return 3;
  if (s.starts_with("rg")) return 2;
  return 1;
}

bool holdsCodes(const TypeTable& types, Type texture) {
  const TypeNode& n = types[texture];
  return n.kind == TypeKind::StorageTexture && channelFormatOf(n.format) != ChannelFormat::Bits32;
}

namespace {

// The codes of a 16float channel: the binary16 encoding's magnitude, negated for a negative
// value, so that codes are in value order and ±0 is one code (a FloatSet does not track the sign
// of a zero, #floating-point-evaluation); ±0x7C00 are the infinities.
constexpr int64_t kF16Infinity = 0x7C00;

int64_t f16Code(double v) {
  uint16_t bits = f16Bits(v);
  int64_t magnitude = bits & 0x7FFF;
  return (bits & 0x8000) ? -magnitude : magnitude;
}

double f16OfCode(int64_t code) {
  return code < 0 ? -f16FromBits(static_cast<uint16_t>(-code)) : f16FromBits(static_cast<uint16_t>(code));
}

// The smallest and largest code of a channel format, and whether its shader type is f32.
struct CodeBounds {
  int64_t lo, hi;
};
CodeBounds boundsOf(ChannelFormat f) {
  switch (f) {
    case ChannelFormat::Unorm8:
    case ChannelFormat::Uint8: return {0, 255};
    case ChannelFormat::Snorm8:
    case ChannelFormat::Sint8: return {-128, 127};
    case ChannelFormat::Uint16:
    case ChannelFormat::Unorm16:
      return {0, 65535};
    case ChannelFormat::Sint16:
    case ChannelFormat::Snorm16:
      return {-32768, 32767};
    case ChannelFormat::Float16: return {-kF16Infinity, kF16Infinity};
    case ChannelFormat::Unorm10:
    case ChannelFormat::Uint10:
      return {0, 1023};
    case ChannelFormat::Unorm2:
    case ChannelFormat::Uint2:
      return {0, 3};
    // 11float, 10float: five exponent bits; the codes up to the infinity (exponent 31,
    // fraction 0); above it the NaNs, which a stored code reaches only as `any`.
    case ChannelFormat::Ufloat11:
      return {0, 31 << 6};
    case ChannelFormat::Ufloat10:
      return {0, 31 << 5};
    case ChannelFormat::Bits32: break;
  }
  return {0, UINT32_MAX};
}

bool isNormalized(ChannelFormat f) {
  return f == ChannelFormat::Unorm8 || f == ChannelFormat::Snorm8 || f == ChannelFormat::Unorm16 ||
         f == ChannelFormat::Snorm16 || f == ChannelFormat::Unorm10 || f == ChannelFormat::Unorm2;
}
bool isSignedNormalized(ChannelFormat f) {
  return f == ChannelFormat::Snorm8 || f == ChannelFormat::Snorm16;
}
bool isUnsignedFloat(ChannelFormat f) {
  return f == ChannelFormat::Ufloat11 || f == ChannelFormat::Ufloat10;
}
/// The shader type of a channel format is f32 (else u32 or i32).
bool isFloatChannel(ChannelFormat f) {
  return isNormalized(f) || isUnsignedFloat(f) || f == ChannelFormat::Float16;
}
/// #channel-formats: "v ÷ 255" (8unorm), "v ÷ 127" (8snorm), 65535, 32767, 1023, 3.
double normalizedScale(ChannelFormat f) {
  switch (f) {
    case ChannelFormat::Unorm8:
      return 255;
    case ChannelFormat::Snorm8:
      return 127;
    case ChannelFormat::Unorm16:
      return 65535;
    case ChannelFormat::Snorm16:
      return 32767;
    case ChannelFormat::Unorm10:
      return 1023;
    case ChannelFormat::Unorm2:
      return 3;
    default:
      return 1;
  }
}

// new#channel-formats 11float and 10float: "5 bits of biased exponent, 6 (5) bits of fraction"
// (the unsigned floats of Vulkan's "Unsigned 11-Bit (10-Bit) Floating-Point Numbers": bias 15,
// exponent 0 subnormal, 31 infinity or NaN).
int fractionBits(ChannelFormat f) {
  return f == ChannelFormat::Ufloat11 ? 6 : 5;
}
double unsignedFloatOfCode(ChannelFormat f, int64_t code) {
  int m = fractionBits(f);
  int64_t e = code >> m, fraction = code & ((int64_t{1} << m) - 1);
  if (e == 0) return std::ldexp(static_cast<double>(fraction), -14 - m);
  if (e >= 31) return fraction == 0 ? INFINITY : NAN;
  return std::ldexp(1.0 + std::ldexp(static_cast<double>(fraction), -m), static_cast<int>(e) - 15);
}
/// The codes of an 11float or 10float channel for a non-negative x: x's own code, or the two
/// neighbours ("rounded to one or the other"); beyond the largest finite value that value or
/// the infinity (as for 16float, Vulkan "Floating-Point Format Conversions").
CodeRange unsignedFloatCodes(ChannelFormat f, double x) {
  int64_t infinity = boundsOf(f).hi, largest = infinity - 1;
  if (x > unsignedFloatOfCode(f, largest)) return {largest, infinity};
  int64_t lo = 0, hi = largest;  // the largest code whose value is <= x
  while (lo < hi) {
    int64_t mid = (lo + hi + 1) / 2;
    if (unsignedFloatOfCode(f, mid) <= x)
      lo = mid;
    else
      hi = mid - 1;
  }
  if (unsignedFloatOfCode(f, lo) == x) return {lo, lo};
  return {lo, lo + 1};
}

// Vulkan "Floating-Point Format Conversions" (fundamentals-fp-conversion), converting one f32
// value to binary16: "finite values falling between two representable finite values are rounded
// to one or the other"; "finite values whose magnitude is larger than that of any representable
// finite value may be rounded either to the closest representable finite value or to the
// appropriately signed infinity".
CodeRange f16Codes(double x) {
  if (x > kMaxF16) return {f16Code(kMaxF16), kF16Infinity};
  if (x < -kMaxF16) return {-kF16Infinity, -f16Code(kMaxF16)};
  double r = roundToF16(x);  // finite: |x| <= kMaxF16
  int64_t c = f16Code(r);
  if (r == x) return {c, c};
  return r < x ? CodeRange{c, c + 1} : CodeRange{c - 1, c};
}

RValue codeValue(const CodeRange& c) {
  if (c.any) return RValue{Type{}, AnyScalar{}};
  return RValue{Type{}, Components{RValue{Type{}, c.lo}, RValue{Type{}, c.hi}}};
}

CodeRange codesOf(const RValue& v) {
  if (v.isComposite() && v.components().size() == 2) return {v.components()[0].intValue(), v.components()[1].intValue()};
  if (std::holds_alternative<int64_t>(v.data)) return {v.intValue(), v.intValue()};
  return {0, 0, true};
}

}  // namespace

CodeRange storeConversion(ChannelFormat f, const RValue& channel, bool inverseTransfer) {
  CodeBounds b = boundsOf(f);
  switch (f) {
    case ChannelFormat::Unorm8:
    case ChannelFormat::Snorm8:
    case ChannelFormat::Unorm16:
    case ChannelFormat::Snorm16:
    case ChannelFormat::Unorm10:
    case ChannelFormat::Unorm2: {
      // Vulkan "Conversion from Floating-Point to Normalized Fixed-Point"
      // (fundamentals-fpfixedconv): clamp f to [0, 1] (unorm) or [-1, 1] (snorm), then
      // c = convertFloatToUint(f × (2^b − 1)) or convertFloatToInt(f × (2^(b−1) − 1)), "one of
      // the two … integer values … closest to" r, and r itself when r is an integer (M10).
      // f is an f32 value: f × 255, f × 127 (and the 16-, 10- and 2-bit scales of 2026) are
      // exact in binary64.
      if (!std::holds_alternative<FloatSet>(channel.data) || channel.floatSet().any)
        return {b.lo, b.hi};  // an undefined value (NaN, infinity): any bits of the channel (M12)
      const FloatSet& x = channel.floatSet();
      double lowest = isSignedNormalized(f) ? -1.0 : 0.0;
      double scale = normalizedScale(f);
      double lo = std::clamp(x.lo, lowest, 1.0) * scale;
      double hi = std::clamp(x.hi, lowest, 1.0) * scale;
      return {static_cast<int64_t>(std::floor(lo)), static_cast<int64_t>(std::ceil(hi))};
    }
    case ChannelFormat::Float16: {
      if (!std::holds_alternative<FloatSet>(channel.data) || channel.floatSet().any) return {0, 0, true};
      const FloatSet& x = channel.floatSet();
      // 2026: quantizeToF16 of a value outside the finite range is indeterminate.
      if (inverseTransfer && (x.lo < -kMaxF16 || x.hi > kMaxF16)) return {0, 0, true};
      return {f16Codes(x.lo).lo, f16Codes(x.hi).hi};
    }
    case ChannelFormat::Ufloat11:
    case ChannelFormat::Ufloat10: {
      // new#channel-formats: "max(0, T)" (Vulkan: a negative value becomes zero), then the
      // nearest values on either side. An undefined value: any bits (NaNs among them).
      if (!std::holds_alternative<FloatSet>(channel.data) || channel.floatSet().any)
        return {0, 0, true};
      const FloatSet& x = channel.floatSet();
      return {unsignedFloatCodes(f, std::max(0.0, x.lo)).lo,
              unsignedFloatCodes(f, std::max(0.0, x.hi)).hi};
    }
    case ChannelFormat::Uint8:
    case ChannelFormat::Sint8:
    case ChannelFormat::Uint16:
    case ChannelFormat::Sint16:
    case ChannelFormat::Uint10:
    case ChannelFormat::Uint2: {
      // Vulkan "Texel Output Format Conversion": "Integer outputs are converted such that their
      // value is preserved. The converted value of any integer that cannot be represented in the
      // target format is undefined" (M11).
      if (!std::holds_alternative<int64_t>(channel.data)) return {b.lo, b.hi};
      int64_t v = channel.intValue();
      // 2026: "min(255, T)", "max(-128, min(127, T))", ...: clamped.
      if (inverseTransfer) v = std::clamp(v, b.lo, b.hi);
      if (v < b.lo || v > b.hi) return {b.lo, b.hi};
      return {v, v};
    }
    case ChannelFormat::Bits32: break;
  }
  return {0, 0, true};
}

uint32_t channelValueBits(ChannelFormat f, int64_t code) {
  // #channel-formats, the channel transfer function; the divisions are IEEE-754 binary32
  // divisions, so the value is v ÷ 255 (or v ÷ 127) correctly rounded.
  if (isNormalized(f)) {
    float v = static_cast<float>(code) / static_cast<float>(normalizedScale(f));
    return f32Bits(isSignedNormalized(f) ? std::max(-1.0f, v) : v);
  }
  switch (f) {
    case ChannelFormat::Float16: return f32Bits(static_cast<float>(f16OfCode(code)));
    case ChannelFormat::Ufloat11:
    case ChannelFormat::Ufloat10:
      return f32Bits(static_cast<float>(unsignedFloatOfCode(f, code)));
    default: return static_cast<uint32_t>(code);
  }
}

RValue storedTexel(TypeTable& types, Type texture, const RValue& value, bool inverseTransfer) {
  RValue v = value.isComposite() ? value : anyValueOf(types, value.type);
  if (!holdsCodes(types, texture)) return v;
  ast::TexelFormat format = types[texture].format;
  Components codes;
  for (size_t k = 0; k < v.components().size(); ++k)
    codes.push_back(
        codeValue(storeConversion(channelFormatOf(format, k), v.components()[k], inverseTransfer)));
  return RValue{v.type, std::move(codes)};
}

RValue loadedStorageTexel(TypeTable& types, Type texture, const RValue& texel, Type result) {
  Type channel = types[result].element;
  ast::TexelFormat format = types[texture].format;
  bool codes = holdsCodes(types, texture);
  size_t channels = channelCount(format);
  bool floating = types.kind(channel) == TypeKind::F32;
  Components parts;
  for (size_t k = 0; k < 4; ++k) {
    if (k >= channels) {
      // "If the texel format has no green (blue) channel, then the second (third) component
      // of the shader value is 0"; "no alpha channel: the fourth component ... is 1".
      int64_t v = k == 3 ? 1 : 0;
      parts.push_back(floating ? RValue{channel, FloatSet::exact(static_cast<double>(v))}
                               : RValue{channel, v});
      continue;
    }
    const RValue& stored =
        texel.isComposite() && k < texel.components().size() ? texel.components()[k] : RValue{};
    if (!codes) {
      RValue v = stored;
      v.type = channel;
      parts.push_back(std::move(v));
      continue;
    }
    ChannelFormat f = channelFormatOf(format, k);
    CodeRange c = codesOf(stored);
    if (c.any) {
      parts.push_back(RValue{channel, AnyScalar{}});
    } else if (isFloatChannel(f)) {
      // The channel transfer functions are monotone in the code: the interval of the ends.
      double lo = f32FromBits(channelValueBits(f, c.lo)),
             hi = f32FromBits(channelValueBits(f, c.hi));
      parts.push_back(std::isfinite(lo) && std::isfinite(hi)
                          ? RValue{channel, FloatSet::range(lo, hi)}
                          : RValue{channel, AnyScalar{}});
    } else if (c.lo == c.hi) {
      parts.push_back(RValue{channel, c.lo});
    } else if (c.hi - c.lo < static_cast<int64_t>(kMaxAlternatives)) {
      IntegerSet set;
      for (int64_t v = c.lo; v <= c.hi; ++v) set.values.push_back(v);
      parts.push_back(RValue{channel, std::move(set)});
    } else {
      parts.push_back(RValue{channel, AnyScalar{}});
    }
  }
  return RValue{result, std::move(parts)};
}

Type texelChannelType(TypeTable& types, Type texture) {
  const TypeNode& n = types[texture];
  switch (n.kind) {
    case TypeKind::SampledTexture:
    case TypeKind::MultisampledTexture: return n.element;
    case TypeKind::StorageTexture: {
      std::string_view f = ast::spelling(n.format);
      if (f.ends_with("sint")) return types.i32();
      if (f.ends_with("uint")) return types.u32();
      return types.f32();
    }
    default: return types.f32();  // depth and external textures
  }
}

bool isArrayedTexture(const TypeTable& types, Type texture) {
  const TypeNode& n = types[texture];
  switch (n.kind) {
    case TypeKind::SampledTexture:
    case TypeKind::StorageTexture:
      return n.dimension == ast::TextureDimension::D2Array || n.dimension == ast::TextureDimension::CubeArray;
    case TypeKind::DepthTexture:
      return n.depth == ast::DepthTextureKind::D2Array || n.depth == ast::DepthTextureKind::CubeArray;
    default: return false;
  }
}

namespace {

bool is3d(const TypeTable& types, Type t) {
  const TypeNode& n = types[t];
  return (n.kind == TypeKind::SampledTexture || n.kind == TypeKind::StorageTexture) &&
         n.dimension == ast::TextureDimension::D3;
}

std::optional<double> channelFloat(const nlohmann::json& j) {
  if (j.is_number()) return j.get<double>();
  if (!j.is_string()) return std::nullopt;
  std::string s = j.get<std::string>();
  if (s == "inf") return INFINITY;
  if (s == "-inf") return -INFINITY;
  if (s == "nan") return NAN;
  char* end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || *end) return std::nullopt;
  return d;
}

// A channel of an 8- or 16-bit storage format in a binding: the shader value a read of the
// stored code gives (docs/formats.md `plumb-bindings`), as its code.
std::optional<CodeRange> codeFromJson(ChannelFormat f, const nlohmann::json& v) {
  CodeBounds b = boundsOf(f);
  if (isUnsignedFloat(f)) {
    auto x = channelFloat(v);
    if (!x) return std::nullopt;
    if (std::isnan(*x)) return CodeRange{0, 0, true};
    if (*x < 0) return std::nullopt;
    CodeRange c = unsignedFloatCodes(f, *x);
    if (c.lo != c.hi) return std::nullopt;
    return c;
  }
  switch (f) {
    case ChannelFormat::Unorm8:
    case ChannelFormat::Snorm8:
    case ChannelFormat::Unorm16:
    case ChannelFormat::Snorm16:
    case ChannelFormat::Unorm10:
    case ChannelFormat::Unorm2: {
      auto x = channelFloat(v);
      if (!x || !std::isfinite(*x)) return std::nullopt;
      double c = std::nearbyint(*x * normalizedScale(f));
      if (c < b.lo || c > b.hi) return std::nullopt;
      float read = f32FromBits(channelValueBits(f, static_cast<int64_t>(c)));
      if (static_cast<double>(read) != roundToF32(*x)) return std::nullopt;
      return CodeRange{static_cast<int64_t>(c), static_cast<int64_t>(c)};
    }
    case ChannelFormat::Float16: {
      auto x = channelFloat(v);
      if (!x) return std::nullopt;
      if (std::isnan(*x)) return CodeRange{0, 0, true};
      if (std::isfinite(*x) && roundToF16(*x) != *x) return std::nullopt;
      int64_t c = f16Code(*x);
      return CodeRange{c, c};
    }
    default: {
      if (!v.is_number_integer() || v.get<int64_t>() < b.lo || v.get<int64_t>() > b.hi) return std::nullopt;
      return CodeRange{v.get<int64_t>(), v.get<int64_t>()};
    }
  }
}

std::string formatHint(ChannelFormat f) {
  if (isNormalized(f)) {
    std::string scale = std::to_string(static_cast<int64_t>(normalizedScale(f)));
    return " (k / " + scale + " as f32, for an integer k in [" +
           (isSignedNormalized(f) ? "-" + scale : std::string("0")) + ", " + scale + "])";
  }
  switch (f) {
    case ChannelFormat::Float16: return " (an f16 value, \"inf\", \"-inf\" or \"nan\")";
    case ChannelFormat::Ufloat11:
      return " (a non-negative value of 11float, \"inf\" or \"nan\")";
    case ChannelFormat::Ufloat10:
      return " (a non-negative value of 10float, \"inf\" or \"nan\")";
    default: return " (an integer of the channel's range)";
  }
}

}  // namespace

namespace {

// The formats a sampled or depth texture binding may have (WebGPU texture formats whose sample
// type fits the texture type, #texture-types): channels, and how a channel's code reads as the
// shader's value (WebGPU #texture-format-caps; Vulkan "Texel Input Operations").
enum class SampledKind : uint8_t { Float32, Float16, Unorm8, Snorm8, Sint, Uint, Depth16, Depth24, Depth32 };
struct SampledFormat {
  std::string_view name;
  int channels;
  SampledKind kind;
  int bits;  // of an integer channel
};
constexpr SampledFormat kSampledFormats[] = {
    {"r8unorm", 1, SampledKind::Unorm8, 8},        {"rg8unorm", 2, SampledKind::Unorm8, 8},
    {"rgba8unorm", 4, SampledKind::Unorm8, 8},     {"bgra8unorm", 4, SampledKind::Unorm8, 8},
    {"r8snorm", 1, SampledKind::Snorm8, 8},        {"rg8snorm", 2, SampledKind::Snorm8, 8},
    {"rgba8snorm", 4, SampledKind::Snorm8, 8},     {"r16float", 1, SampledKind::Float16, 16},
    {"rg16float", 2, SampledKind::Float16, 16},    {"rgba16float", 4, SampledKind::Float16, 16},
    {"r32float", 1, SampledKind::Float32, 32},     {"rg32float", 2, SampledKind::Float32, 32},
    {"rgba32float", 4, SampledKind::Float32, 32},  {"r8sint", 1, SampledKind::Sint, 8},
    {"rg8sint", 2, SampledKind::Sint, 8},          {"rgba8sint", 4, SampledKind::Sint, 8},
    {"r16sint", 1, SampledKind::Sint, 16},         {"rg16sint", 2, SampledKind::Sint, 16},
    {"rgba16sint", 4, SampledKind::Sint, 16},      {"r32sint", 1, SampledKind::Sint, 32},
    {"rg32sint", 2, SampledKind::Sint, 32},        {"rgba32sint", 4, SampledKind::Sint, 32},
    {"r8uint", 1, SampledKind::Uint, 8},           {"rg8uint", 2, SampledKind::Uint, 8},
    {"rgba8uint", 4, SampledKind::Uint, 8},        {"r16uint", 1, SampledKind::Uint, 16},
    {"rg16uint", 2, SampledKind::Uint, 16},        {"rgba16uint", 4, SampledKind::Uint, 16},
    {"r32uint", 1, SampledKind::Uint, 32},         {"rg32uint", 2, SampledKind::Uint, 32},
    {"rgba32uint", 4, SampledKind::Uint, 32},      {"depth16unorm", 1, SampledKind::Depth16, 16},
    {"depth24plus", 1, SampledKind::Depth24, 24},  {"depth32float", 1, SampledKind::Depth32, 32},
};

bool fitsTexture(const SampledFormat& f, TypeKind texture, TypeKind channel) {
  bool depthFormat = f.kind == SampledKind::Depth16 || f.kind == SampledKind::Depth24 || f.kind == SampledKind::Depth32;
  if (texture == TypeKind::DepthTexture) return depthFormat;
  if (channel == TypeKind::I32) return f.kind == SampledKind::Sint;
  if (channel == TypeKind::U32) return f.kind == SampledKind::Uint;
  // f32: the float formats, and depth formats (sampled as "unfilterable-float").
  return f.kind != SampledKind::Sint && f.kind != SampledKind::Uint;
}

/// The shader value of a normalized code: k / (2^b − 1) (or k / (2^(b−1) − 1), at least −1),
/// within one f32 ulp (T11: Vulkan states the formula, not its rounding).
FloatSet normalizedValue(double k, double scale) {
  double v = std::max(-1.0, roundToF32(k / scale));
  float f = static_cast<float>(v);
  float below = std::nextafter(f, -2.0f), above = std::nextafter(f, 2.0f);
  double lo = std::max<double>(below, k < 0 ? -1.0 : 0.0), hi = std::min<double>(above, 1.0);
  if (k == 0 || k == scale || k == -scale) return FloatSet::exact(v);  // 0 and ±1 are exact
  return FloatSet::range(lo, hi);
}

/// One channel of a texel of format `f` as the binding gives it (the value a read returns), as
/// the set of values a read may return; nothing when it is no value of the format.
std::optional<RValue> sampledChannel(const SampledFormat& f, Type channel, const nlohmann::json& v) {
  auto number = [&]() -> std::optional<double> {
    if (v.is_number()) return v.get<double>();
    return std::nullopt;
  };
  switch (f.kind) {
    case SampledKind::Sint:
    case SampledKind::Uint: {
      if (!v.is_number_integer()) return std::nullopt;
      int64_t x = v.get<int64_t>();
      int64_t lo = f.kind == SampledKind::Sint ? -(int64_t(1) << (f.bits - 1)) : 0;
      int64_t hi = f.kind == SampledKind::Sint ? (int64_t(1) << (f.bits - 1)) - 1 : (int64_t(1) << f.bits) - 1;
      if (x < lo || x > hi) return std::nullopt;
      return RValue{channel, x};
    }
    case SampledKind::Unorm8:
    case SampledKind::Snorm8:
    case SampledKind::Depth16: {
      auto x = number();
      if (!x) return std::nullopt;
      double scale = f.kind == SampledKind::Unorm8 ? 255 : f.kind == SampledKind::Snorm8 ? 127 : 65535;
      double k = std::nearbyint(*x * scale);
      double least = f.kind == SampledKind::Snorm8 ? -128 : 0;
      if (k < least || k > scale || roundToF32(std::max(-1.0, k / scale)) != roundToF32(*x)) return std::nullopt;
      return RValue{channel, normalizedValue(k, scale)};
    }
    case SampledKind::Float16: {
      auto x = number();
      if (!x || roundToF16(*x) != *x) return std::nullopt;
      return RValue{channel, FloatSet::exact(*x)};
    }
    case SampledKind::Depth24: {
      // depth24plus: a 24-bit unorm or a float32 depth (WebGPU): the value rounded either way.
      auto x = number();
      if (!x || *x < 0 || *x > 1 || roundToF32(*x) != *x) return std::nullopt;
      double e = 1.0 / (1 << 24);
      double lo = std::nextafter(static_cast<float>(*x - e), -1.0f);
      double hi = std::nextafter(static_cast<float>(*x + e), 2.0f);
      return RValue{channel, FloatSet::range(std::max(0.0, lo), std::min(1.0, hi))};
    }
    case SampledKind::Float32:
    case SampledKind::Depth32: break;
  }
  return std::nullopt;  // f32 channels: the caller's general rule
}

}  // namespace

std::optional<SampledFormatFacts> sampledFormatFacts(std::string_view format) {
  for (const SampledFormat& f : kSampledFormats) {
    if (f.name != format) continue;
    SampledFormatFacts facts;
    facts.channels = f.channels;
    switch (f.kind) {
      case SampledKind::Unorm8:
      case SampledKind::Snorm8: facts.bytesPerChannel = 1; break;
      case SampledKind::Float16:
      case SampledKind::Depth16: facts.bytesPerChannel = 2; break;
      case SampledKind::Sint:
      case SampledKind::Uint: facts.bytesPerChannel = f.bits / 8; break;
      case SampledKind::Depth24: facts.bytesPerChannel = 0; break;  // not copyable
      case SampledKind::Float32:
      case SampledKind::Depth32: facts.bytesPerChannel = 4; break;
    }
    // WebGPU #texture-format-caps: 8-bit and 16-bit float formats filter; 32-bit floats do
    // not (without float32-filterable); depth formats are "depth" or "unfilterable-float".
    facts.sampleType = f.kind == SampledKind::Sint                                ? "sint"
                       : f.kind == SampledKind::Uint                              ? "uint"
                       : (f.kind == SampledKind::Float32)                         ? "unfilterable-float"
                       : (f.kind == SampledKind::Depth16 || f.kind == SampledKind::Depth24 ||
                          f.kind == SampledKind::Depth32)                         ? "depth"
                                                                                  : "float";
    // depth24plus can be no copy's destination, depth32float neither (WebGPU "Depth-stencil formats").
    facts.copyable = f.kind != SampledKind::Depth24 && f.kind != SampledKind::Depth32;
    return facts;
  }
  return std::nullopt;
}

FilterStep filterStepOf(std::string_view format) {
  for (const SampledFormat& f : kSampledFormats) {
    if (f.name != format) continue;
    switch (f.kind) {
      case SampledKind::Unorm8: return {1.0 / 255, 0};
      case SampledKind::Snorm8: return {1.0 / 127, 0};
      case SampledKind::Depth16: return {1.0 / 65535, 0};
      case SampledKind::Float16: return {0, 1.0 / 1024};
      default: return {};
    }
  }
  return {};
}

std::optional<std::vector<uint8_t>> sampledTexelBytes(std::string_view format, const nlohmann::json& texel) {
  const SampledFormat* f = nullptr;
  for (const SampledFormat& g : kSampledFormats)
    if (g.name == format) f = &g;
  if (!f || !texel.is_array() || texel.size() < static_cast<size_t>(f->channels)) return std::nullopt;
  std::vector<uint8_t> out;
  auto put = [&](uint64_t code, int bytes) {
    for (int b = 0; b < bytes; ++b) out.push_back(static_cast<uint8_t>(code >> (8 * b)));
  };
  std::vector<size_t> order;
  for (int k = 0; k < f->channels; ++k) order.push_back(static_cast<size_t>(k));
  if (f->name == "bgra8unorm") order = {2, 1, 0, 3};
  for (size_t k : order) {
    const nlohmann::json& v = texel[k];
    switch (f->kind) {
      case SampledKind::Sint:
      case SampledKind::Uint:
        if (!v.is_number_integer()) return std::nullopt;
        put(static_cast<uint64_t>(v.get<int64_t>()), f->bits / 8);
        break;
      case SampledKind::Unorm8:
      case SampledKind::Snorm8:
      case SampledKind::Depth16: {
        auto x = channelFloat(v);
        if (!x) return std::nullopt;
        double scale = f->kind == SampledKind::Unorm8 ? 255 : f->kind == SampledKind::Snorm8 ? 127 : 65535;
        put(static_cast<uint64_t>(static_cast<int64_t>(std::nearbyint(*x * scale))), f->kind == SampledKind::Depth16 ? 2 : 1);
        break;
      }
      case SampledKind::Float16: {
        auto x = channelFloat(v);
        if (!x) return std::nullopt;
        put(f16Bits(*x), 2);
        break;
      }
      case SampledKind::Float32:
      case SampledKind::Depth32: {
        auto x = channelFloat(v);
        if (!x) return std::nullopt;
        put(f32Bits(*x), 4);
        break;
      }
      case SampledKind::Depth24: return std::nullopt;
    }
  }
  return out;
}

std::string defaultSampledFormat(const TypeTable& types, Type texture) {
  const TypeNode& n = types[texture];
  if (n.kind == TypeKind::DepthTexture) return "depth32float";
  if (n.kind == TypeKind::SampledTexture || n.kind == TypeKind::MultisampledTexture) {
    if (types.kind(n.element) == TypeKind::I32) return "rgba32sint";
    if (types.kind(n.element) == TypeKind::U32) return "rgba32uint";
  }
  return "rgba32float";
}

std::optional<RValue> textureFromJson(TypeTable& types, Type texture, const nlohmann::json& j,
                                      std::string& error) {
  if (!j.is_object() || !j.contains("size") || !j["size"].is_array() || j["size"].empty() || j["size"].size() > 3) {
    error = "a texture needs 'size': [width, height, depthOrArrayLayers]";
    return std::nullopt;
  }
  std::array<uint64_t, 3> size{1, 1, 1};
  for (size_t k = 0; k < j["size"].size(); ++k) {
    if (!j["size"][k].is_number_integer() || j["size"][k].get<int64_t>() < 1 || j["size"][k].get<int64_t>() > 16384) {
      error = "texture size components must be integers in [1, 16384]";
      return std::nullopt;
    }
    size[k] = j["size"][k].get<uint64_t>();
  }
  const TypeNode& n = types[texture];
  bool multisampled = n.kind == TypeKind::MultisampledTexture ||
                      (n.kind == TypeKind::DepthTexture && n.depth == ast::DepthTextureKind::Multisampled2d);
  const char* levelKey = multisampled ? "samples" : "mipLevels";
  uint64_t levels = 1;
  if (j.contains(levelKey)) {
    if (!j[levelKey].is_number_integer() || j[levelKey].get<int64_t>() < 1 || j[levelKey].get<int64_t>() > 16) {
      error = std::string("'") + levelKey + "' must be an integer in [1, 16]";
      return std::nullopt;
    }
    levels = j[levelKey].get<uint64_t>();
  }
  if (size[0] * size[1] * size[2] * levels > (1u << 22)) {
    error = "the texture has more than 2^22 texels";
    return std::nullopt;
  }
  const nlohmann::json empty = nlohmann::json::array();
  const nlohmann::json& texels = j.contains("texels") ? j["texels"] : empty;
  if (!texels.is_array()) {
    error = "'texels' must be an array of [r, g, b, a]";
    return std::nullopt;
  }
  Type channel = texelChannelType(types, texture);
  // A sampled or depth texture's format (docs/formats.md): the channels it has (a read gives
  // 0, 0, 1 for the others, #texturegather, Vulkan "Texel Input Operations") and how its codes
  // read; without "format", 4 channels of the texture type's values.
  const SampledFormat* sampled = nullptr;
  if (j.contains("format")) {
    TypeKind kind = types[texture].kind;
    if (kind != TypeKind::SampledTexture && kind != TypeKind::DepthTexture && kind != TypeKind::MultisampledTexture &&
        kind != TypeKind::ExternalTexture) {
      error = "'format' is for sampled, multisampled, depth and external textures (a storage texture's is in its type)";
      return std::nullopt;
    }
    std::string name = j["format"].is_string() ? j["format"].get<std::string>() : "";
    for (const SampledFormat& f : kSampledFormats)
      if (f.name == name && fitsTexture(f, kind, types.kind(channel))) sampled = &f;
    if (!sampled) {
      error = "'format' " + j["format"].dump() + " is not a texture format for " + types.name(texture) + " (one of";
      for (const SampledFormat& f : kSampledFormats)
        if (fitsTexture(f, kind, types.kind(channel))) error += " " + std::string(f.name);
      error += ")";
      return std::nullopt;
    }
  }
  Type vec4 = types.vector(4, channel);
  bool codes = holdsCodes(types, texture);
  ast::TexelFormat texelFormat = types[texture].format;  // `n` may dangle after types.vector()
  bool threeD = is3d(types, texture);
  size_t next = 0;
  Components levelParts;
  for (uint64_t l = 0; l < levels; ++l) {
    uint64_t w = multisampled ? size[0] : std::max<uint64_t>(1, size[0] >> l);
    uint64_t h = multisampled ? size[1] : std::max<uint64_t>(1, size[1] >> l);
    uint64_t d = threeD ? std::max<uint64_t>(1, size[2] >> l) : size[2];
    Components layers;
    for (uint64_t z = 0; z < d; ++z) {
      Components rows;
      for (uint64_t y = 0; y < h; ++y) {
        Components row;
        for (uint64_t x = 0; x < w; ++x) {
          Components c;
          const nlohmann::json* t = next < texels.size() ? &texels[next] : nullptr;
          ++next;
          size_t given = sampled ? static_cast<size_t>(sampled->channels) : 4;
          if (t && (!t->is_array() || (t->size() != 4 && t->size() != given))) {
            error = "texel " + std::to_string(next - 1) + " must be [r, g, b, a]" +
                    (given < 4 ? " or its " + std::to_string(given) + " channel(s)" : std::string());
            return std::nullopt;
          }
          if (sampled && t) {
            // The channels the format lacks read as 0, 0, 1 (#texturegather).
            for (size_t k = given; k < t->size(); ++k) {
              const nlohmann::json& v = (*t)[k];
              if (!v.is_number() || v.get<double>() != (k == 3 ? 1.0 : 0.0)) {
                error = "texel " + std::to_string(next - 1) + ": " + std::string(sampled->name) + " has " +
                        std::to_string(given) + " channel(s); a read gives 0, 0, 1 for the others, given " + t->dump();
                return std::nullopt;
              }
            }
            for (size_t k = 0; k < 4; ++k) {
              if (k >= given) {
                c.push_back(types.kind(channel) == TypeKind::F32 ? RValue{channel, FloatSet::exact(k == 3 ? 1 : 0)}
                                                                 : RValue{channel, int64_t(k == 3 ? 1 : 0)});
                continue;
              }
              std::optional<RValue> ch = sampledChannel(*sampled, channel, (*t)[k]);
              if (!ch && (sampled->kind == SampledKind::Float32 || sampled->kind == SampledKind::Depth32)) {
                auto f = channelFloat((*t)[k]);
                if (f && (!std::isfinite(*f) || roundToF32(*f) == *f)) ch = RValue{channel, FloatSet::exact(*f)};
              }
              if (!ch) {
                error = "texel " + std::to_string(next - 1) + ": " + (*t)[k].dump() + " is not a value of " +
                        std::string(sampled->name);
                return std::nullopt;
              }
              c.push_back(std::move(*ch));
            }
            row.push_back(RValue{vec4, std::move(c)});
            continue;
          }
          if (sampled && !t) {
            for (size_t k = 0; k < 4; ++k)
              c.push_back(types.kind(channel) == TypeKind::F32
                              ? RValue{channel, FloatSet::exact(k == 3 && given < 4 ? 1 : 0)}
                              : RValue{channel, int64_t(k == 3 && given < 4 ? 1 : 0)});
            row.push_back(RValue{vec4, std::move(c)});
            continue;
          }
          for (int k = 0; k < 4; ++k) {
            if (codes) {
              ChannelFormat format = channelFormatOf(texelFormat, static_cast<size_t>(k));
              auto code = t ? codeFromJson(format, (*t)[k]) : std::optional<CodeRange>(CodeRange{});
              if (!code) {
                error = "texel " + std::to_string(next - 1) + ": " + (*t)[k].dump() + " is not a value of " +
                        std::string(ast::spelling(texelFormat)) + formatHint(format);
                return std::nullopt;
              }
              c.push_back(codeValue(*code));
              continue;
            }
            if (!t) {
              c.push_back(types.kind(channel) == TypeKind::F32 ? RValue{channel, FloatSet::exact(0)}
                                                                : RValue{channel, int64_t(0)});
              continue;
            }
            const nlohmann::json& v = (*t)[k];
            if (types.kind(channel) == TypeKind::F32) {
              auto f = channelFloat(v);
              if (!f || (std::isfinite(*f) && roundToF32(*f) != *f)) {
                error = "texel " + std::to_string(next - 1) + ": " + v.dump() + " is not an f32 value";
                return std::nullopt;
              }
              c.push_back(RValue{channel, FloatSet::exact(*f)});
            } else {
              bool i32 = types.kind(channel) == TypeKind::I32;
              if (!v.is_number_integer() || (i32 ? (v.get<int64_t>() < INT32_MIN || v.get<int64_t>() > INT32_MAX)
                                                  : (v.get<int64_t>() < 0 || v.get<int64_t>() > UINT32_MAX))) {
                error = "texel " + std::to_string(next - 1) + ": " + v.dump() + " is not a " + types.name(channel);
                return std::nullopt;
              }
              c.push_back(RValue{channel, v.get<int64_t>()});
            }
          }
          row.push_back(RValue{vec4, std::move(c)});
        }
        rows.push_back(RValue{Type{}, std::move(row)});
      }
      layers.push_back(RValue{Type{}, std::move(rows)});
    }
    levelParts.push_back(RValue{Type{}, std::move(layers)});
  }
  if (next < texels.size()) {
    error = "the texture has " + std::to_string(next) + " texels, given " + std::to_string(texels.size());
    return std::nullopt;
  }
  return RValue{texture, std::move(levelParts)};
}

namespace {

// One channel of an 8- or 16-bit format as the word a read through the channel transfer
// function gives: exact, a set (at most kMaxAlternatives codes), else an f32 interval for the
// float channels (every f32 between the two ends, a superset of the codes' values) or any.
WordValue codeWord(ChannelFormat f, const RValue& channel) {
  CodeRange c = codesOf(channel);
  WordValue w;
  if (c.any) {
    w.kind = WordValue::Any;
  } else if (c.lo == c.hi) {
    w.bits = channelValueBits(f, c.lo);
  } else if (c.hi - c.lo < static_cast<int64_t>(kMaxAlternatives)) {
    w.kind = WordValue::Set;
    for (int64_t k = c.lo; k <= c.hi; ++k) w.set.push_back(channelValueBits(f, k));
    std::sort(w.set.begin(), w.set.end());
  } else if (isNormalized(f) ||
             (f == ChannelFormat::Float16 && c.lo > -kF16Infinity && c.hi < kF16Infinity) ||
             (isUnsignedFloat(f) && c.hi < boundsOf(f).hi)) {
    w.kind = WordValue::Interval;
    w.lo = f32FromBits(channelValueBits(f, c.lo));
    w.hi = f32FromBits(channelValueBits(f, c.hi));
  } else {
    w.kind = WordValue::Any;
  }
  return w;
}

}  // namespace

std::vector<WordValue> textureWords(TypeTable& types, const RValue& texture) {
  std::vector<WordValue> out;
  if (!texture.isComposite()) return out;
  bool codes = holdsCodes(types, texture.type);
  ast::TexelFormat format = codes ? types[texture.type].format : ast::TexelFormat::R32uint;
  for (const RValue& level : texture.components())
    for (const RValue& layer : level.components())
      for (const RValue& row : layer.components())
        for (const RValue& texel : row.components()) {
          for (size_t k = 0; k < texel.components().size(); ++k) {
            const RValue& ch = texel.components()[k];
            if (codes) {
              out.push_back(codeWord(channelFormatOf(format, k), ch));
              continue;
            }
            WordValue v;
            if (ch.isAny()) {
              v.kind = WordValue::Any;
            } else if (std::holds_alternative<int64_t>(ch.data)) {
              v.bits = static_cast<uint32_t>(ch.intValue());
            } else if (const auto* s = std::get_if<IntegerSet>(&ch.data)) {
              // One of several values: racing texel stores (races.h), joined.
              v.kind = WordValue::Set;
              for (int64_t x : s->values) v.set.push_back(static_cast<uint32_t>(x));
              std::sort(v.set.begin(), v.set.end());
            } else {
              const FloatSet& f = ch.floatSet();
              if (f.any) {
                v.kind = WordValue::Any;
              } else if (f.isExact()) {
                v.bits = f32Bits(f.lo);
              } else {
                v.kind = WordValue::Interval;
                v.lo = f.lo;
                v.hi = f.hi;
              }
            }
            out.push_back(std::move(v));
          }
        }
  return out;
}

}  // namespace plumb::interp
