// Samplers at run time (#sampler-type): the state a WebGPU sampler object carries
// (WebGPU #sampler-creation, GPUSamplerDescriptor), as the bindings file gives it
// (docs/formats.md `plumb-bindings` "sampler"), and the pieces of Vulkan's texel filtering that
// depend on it alone: the address modes ("Wrapping Operation") and the depth comparison
// ("Depth Compare Operation").
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace plumb::interp {

/// GPUAddressMode.
enum class AddressMode : uint8_t { ClampToEdge, Repeat, MirrorRepeat };
/// GPUFilterMode and GPUMipmapFilterMode.
enum class FilterMode : uint8_t { Nearest, Linear };
/// GPUCompareFunction.
enum class CompareFunction : uint8_t {
  Never,
  Less,
  Equal,
  LessEqual,
  Greater,
  NotEqual,
  GreaterEqual,
  Always
};

/// A GPUSamplerDescriptor, with WebGPU's defaults (clamp-to-edge, nearest, LOD clamps [0, 32],
/// no comparison, anisotropy 1).
struct SamplerDescriptor {
  AddressMode addressModeU = AddressMode::ClampToEdge;
  AddressMode addressModeV = AddressMode::ClampToEdge;
  AddressMode addressModeW = AddressMode::ClampToEdge;
  FilterMode magFilter = FilterMode::Nearest;
  FilterMode minFilter = FilterMode::Nearest;
  FilterMode mipmapFilter = FilterMode::Nearest;
  double lodMinClamp = 0;
  double lodMaxClamp = 32;
  std::optional<CompareFunction> compare;  // set: a comparison sampler (sampler_comparison)
  uint16_t maxAnisotropy = 1;
  bool operator==(const SamplerDescriptor&) const = default;

  AddressMode addressMode(int axis) const {
    return axis == 0 ? addressModeU : axis == 1 ? addressModeV : addressModeW;
  }
};

/// The descriptor of a `sampler` binding; nothing, with `error` saying why, when a member is
/// not one of WebGPU's values or breaks a rule of WebGPU's createSampler validation (lodMinClamp
/// >= 0, lodMaxClamp >= lodMinClamp, maxAnisotropy in [1, 65535] and, above 1, every filter
/// linear). `comparison`: the shader's variable is a sampler_comparison, which needs `compare`
/// (and a `sampler` must not have it, #sampler-type).
std::optional<SamplerDescriptor> samplerFromJson(const nlohmann::json& j, bool comparison,
                                                 std::string& error);
/// The descriptor as GPUSamplerDescriptor members (the oracle passes it to createSampler).
nlohmann::json samplerJson(const SamplerDescriptor& s);
/// True when a sampler with this descriptor is a "filtering" sampler (WebGPU
/// GPUSamplerBindingType): some filter is linear.
bool isFiltering(const SamplerDescriptor& s);

/// Vulkan "Wrapping Operation": the texel index `i` on an axis of `size` texels (size >= 1)
/// after the address mode (repeat: i mod size; mirror-repeat: the mirrored index;
/// clamp-to-edge: clamped to [0, size - 1]).
int64_t wrapTexelIndex(AddressMode mode, int64_t i, int64_t size);

/// Vulkan "Depth Compare Operation" with WebGPU's GPUCompareFunction: whether the reference
/// `ref` passes against the texel's depth `d` ("less": ref < d, …).
bool comparePasses(CompareFunction f, double ref, double d);

std::string_view spelling(AddressMode m);
std::string_view spelling(FilterMode m);
std::string_view spelling(CompareFunction f);

}  // namespace plumb::interp
