// Texture sampling as sets (#texture-builtin-functions; WebGPU §sampler; Vulkan "Texel
// Filtering", "Level-of-Detail Operation", "Cube Map Face Selection", "Wrapping Operation",
// "Depth Compare Operation", "Texel Gathering").
//
// WebGPU and Vulkan leave the precision of filtering to the implementation, so a sampled value
// is the set of values an implementation within Vulkan's bounds may return (design.md "Sets,
// not values"): each channel an f32 interval around the exact filter. The widths are
// docs/ambiguities.md T1–T9: the texel coordinate within 1/16 texel (subTexelPrecisionBits ≥ 4)
// unless it is a multiple of 1/16, the level of detail within 1/16 (mipmapPrecisionBits ≥ 4)
// likewise, the scale factor anywhere Vulkan's approximation bounds allow, any anisotropic
// footprint within the derivatives' parallelogram, the filter arithmetic within 2^-8 of the
// footprint's range, cube face ties both ways, corners any of the three texels, the depth
// reference clamped or not.
//
// These are functions of the coordinates and, for an implicit level of detail, of the
// coordinates' derivatives: the compute built-ins (textureSampleLevel, textureSampleGrad,
// textureSampleCompareLevel, textureGather, textureGatherCompare) and the fragment ones
// (textureSample, textureSampleBias, textureSampleCompare: `LevelOfDetail::gradients` with the
// quad's derivatives of the coordinates) call the same functions.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "interpreter/wgsl/float_set.h"
#include "interpreter/wgsl/runtime_value.h"
#include "interpreter/wgsl/sampler.h"

namespace plumb::interp {

/// The shape of a sampled texture (#texture-types): 1d, 2d (and external), 3d, cube.
enum class SampledDimension : uint8_t { D1, D2, D3, Cube };

/// The texels of a bound sampled or depth texture (interpreter/wgsl/textures.h: levels, then layers —
/// array layers, cube faces (6 per cube, +X −X +Y −Y +Z −Z), or 3D slices —, rows, columns, each
/// a vec4 of f32 sets or i32/u32 integers; a depth texture's value is channel 0).
struct TextureView {
  const RValue* texels = nullptr;
  SampledDimension dimension = SampledDimension::D2;
  bool arrayed = false;
  bool depth = false;
  /// T5: how finely the format's filtered values may be rounded: an absolute step (1/255 for
  /// 8-bit unorm: an implementation may filter in the format's precision) and a relative one
  /// (2^-10 for 16-bit floats); 0 for 32-bit formats.
  double filterStep = 0, filterRelativeStep = 0;
};

/// Where to sample: the coordinates (1, 2 or 3 of them: s; s, t; s, t, r; or a cube direction),
/// the array index when the texture is arrayed, the creation-time offset in texels (#texturesample
/// "offset": applied to the unnormalized coordinate before the address modes).
struct SamplePoint {
  std::array<FloatSet, 3> coords{};
  int count = 2;
  int64_t arrayIndex = 0;
  std::array<int64_t, 3> offset{0, 0, 0};
};

/// How the level of detail is found (Vulkan "Level-of-Detail Operation"): given (λbase = level:
/// textureSampleLevel, textureSampleCompareLevel (level 0), textureGather), or from the
/// derivatives of the coordinates (textureSampleGrad; textureSample, textureSampleBias,
/// textureSampleCompare with the quad's derivatives), plus a bias (textureSampleBias).
struct LevelOfDetail {
  bool fromDerivatives = false;
  FloatSet level = FloatSet::exact(0);
  std::array<FloatSet, 3> ddx{}, ddy{};
  FloatSet bias = FloatSet::exact(0);

  static LevelOfDetail explicitLevel(FloatSet l) {
    LevelOfDetail d;
    d.level = l;
    return d;
  }
  static LevelOfDetail gradients(std::array<FloatSet, 3> dx, std::array<FloatSet, 3> dy,
                                 FloatSet bias = FloatSet::exact(0)) {
    LevelOfDetail d;
    d.fromDerivatives = true;
    d.ddx = dx;
    d.ddy = dy;
    d.bias = bias;
    return d;
  }
};

/// The four channels of a sampled value.
using ChannelSets = std::array<FloatSet, 4>;

/// textureSample*, non-comparison: the set of each channel of the filtered value (f32 textures).
ChannelSets sampleTexture(const TextureView& t, const SamplerDescriptor& s, const SamplePoint& p,
                          const LevelOfDetail& lod);

/// textureSampleCompare*: the set of the filtered comparison results (each texel's depth
/// compared with `depthRef` by the sampler's compare function, 0 or 1; #texturesamplecompare).
FloatSet sampleCompare(const TextureView& t, const SamplerDescriptor& s, const SamplePoint& p,
                       const LevelOfDetail& lod, FloatSet depthRef);

/// textureGather (component `component`, 0 for a depth texture) and textureGatherCompare (with
/// `depthRef`): the candidates, one per 2x2 footprint the coordinate's precision allows (and
/// cube face), each the four values in the order of #texturegather (x: (umin, vmax), y: (umax,
/// vmax), z: (umax, vmin), w: (umin, vmin)); integer channels as exact points.
std::vector<ChannelSets> gatherTexture(const TextureView& t, const SamplerDescriptor& s,
                                       const SamplePoint& p, int component,
                                       std::optional<FloatSet> depthRef);

/// The union of two sets of one channel (their hull).
FloatSet hull(const FloatSet& a, const FloatSet& b);

}  // namespace plumb::interp
