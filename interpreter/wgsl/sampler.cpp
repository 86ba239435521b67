// Samplers at run time: the bindings' GPUSamplerDescriptor, the address modes and the depth
// comparison (interpreter/wgsl/sampler.h).
#include "interpreter/wgsl/sampler.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace plumb::interp {

namespace {

constexpr std::array<std::string_view, 3> kAddressModes = {"clamp-to-edge", "repeat",
                                                           "mirror-repeat"};
constexpr std::array<std::string_view, 2> kFilterModes = {"nearest", "linear"};
constexpr std::array<std::string_view, 8> kCompareFunctions = {
    "never", "less", "equal", "less-equal", "greater", "not-equal", "greater-equal", "always"};

template <class E, size_t N>
bool enumFromJson(const nlohmann::json& j, const char* key,
                  const std::array<std::string_view, N>& names, E& out, std::string& error) {
  if (!j.contains(key)) return true;
  const nlohmann::json& v = j[key];
  if (v.is_string()) {
    std::string s = v.get<std::string>();
    for (size_t k = 0; k < N; ++k)
      if (names[k] == s) {
        out = static_cast<E>(k);
        return true;
      }
  }
  error = std::string("'") + key + "' must be one of";
  for (size_t k = 0; k < N; ++k)
    error += std::string(k ? ", " : " ") + "\"" + std::string(names[k]) + "\"";
  error += ", given " + v.dump();
  return false;
}

}  // namespace

std::string_view spelling(AddressMode m) {
  return kAddressModes[static_cast<size_t>(m)];
}
std::string_view spelling(FilterMode m) {
  return kFilterModes[static_cast<size_t>(m)];
}
std::string_view spelling(CompareFunction f) {
  return kCompareFunctions[static_cast<size_t>(f)];
}

std::optional<SamplerDescriptor> samplerFromJson(const nlohmann::json& j, bool comparison,
                                                 std::string& error) {
  if (!j.is_object()) {
    error = "a sampler must be an object of GPUSamplerDescriptor members";
    return std::nullopt;
  }
  static const char* kKnown[] = {"addressModeU", "addressModeV", "addressModeW", "magFilter",
                                 "minFilter",    "mipmapFilter", "lodMinClamp",  "lodMaxClamp",
                                 "compare",      "maxAnisotropy"};
  for (const auto& [k, v] : j.items())
    if (std::find(std::begin(kKnown), std::end(kKnown), k) == std::end(kKnown)) {
      error = "unknown sampler member '" + k + "'";
      return std::nullopt;
    }
  SamplerDescriptor s;
  if (!enumFromJson(j, "addressModeU", kAddressModes, s.addressModeU, error) ||
      !enumFromJson(j, "addressModeV", kAddressModes, s.addressModeV, error) ||
      !enumFromJson(j, "addressModeW", kAddressModes, s.addressModeW, error) ||
      !enumFromJson(j, "magFilter", kFilterModes, s.magFilter, error) ||
      !enumFromJson(j, "minFilter", kFilterModes, s.minFilter, error) ||
      !enumFromJson(j, "mipmapFilter", kFilterModes, s.mipmapFilter, error))
    return std::nullopt;
  if (j.contains("compare")) {
    CompareFunction f{};
    if (!enumFromJson(j, "compare", kCompareFunctions, f, error)) return std::nullopt;
    s.compare = f;
  }
  for (const char* key : {"lodMinClamp", "lodMaxClamp"}) {
    if (!j.contains(key)) continue;
    if (!j[key].is_number() || !std::isfinite(j[key].get<double>())) {
      error = std::string("'") + key + "' must be a number";
      return std::nullopt;
    }
    (std::string_view(key) == "lodMinClamp" ? s.lodMinClamp : s.lodMaxClamp) = j[key].get<double>();
  }
  if (j.contains("maxAnisotropy")) {
    const nlohmann::json& a = j["maxAnisotropy"];
    if (!a.is_number_integer() || a.get<int64_t>() < 1 || a.get<int64_t>() > 65535) {
      error = "'maxAnisotropy' must be an integer in [1, 65535]";
      return std::nullopt;
    }
    s.maxAnisotropy = a.get<uint16_t>();
  }
  // WebGPU createSampler's validation (#dom-gpudevice-createsampler).
  if (s.lodMinClamp < 0 || s.lodMaxClamp < s.lodMinClamp) {
    error = "WebGPU requires 0 <= lodMinClamp <= lodMaxClamp";
    return std::nullopt;
  }
  if (s.maxAnisotropy > 1 &&
      (s.magFilter != FilterMode::Linear || s.minFilter != FilterMode::Linear ||
       s.mipmapFilter != FilterMode::Linear)) {
    error = "WebGPU requires every filter 'linear' when maxAnisotropy > 1";
    return std::nullopt;
  }
  // #sampler-type: a sampler_comparison is a comparison sampler, a sampler is not (WebGPU
  // GPUSamplerBindingType "comparison" versus "filtering"/"non-filtering").
  if (comparison && !s.compare) {
    error = "a sampler_comparison needs 'compare' (a GPUCompareFunction)";
    return std::nullopt;
  }
  if (!comparison && s.compare) {
    error = "a sampler (not sampler_comparison) must not have 'compare'";
    return std::nullopt;
  }
  return s;
}

nlohmann::json samplerJson(const SamplerDescriptor& s) {
  nlohmann::json j = {{"addressModeU", spelling(s.addressModeU)},
                      {"addressModeV", spelling(s.addressModeV)},
                      {"addressModeW", spelling(s.addressModeW)},
                      {"magFilter", spelling(s.magFilter)},
                      {"minFilter", spelling(s.minFilter)},
                      {"mipmapFilter", spelling(s.mipmapFilter)},
                      {"lodMinClamp", s.lodMinClamp},
                      {"lodMaxClamp", s.lodMaxClamp},
                      {"maxAnisotropy", s.maxAnisotropy}};
  if (s.compare) j["compare"] = spelling(*s.compare);
  return j;
}

bool isFiltering(const SamplerDescriptor& s) {
  return s.magFilter == FilterMode::Linear || s.minFilter == FilterMode::Linear ||
         s.mipmapFilter == FilterMode::Linear;
}

int64_t wrapTexelIndex(AddressMode mode, int64_t i, int64_t size) {
  auto mod = [](int64_t a, int64_t n) { return ((a % n) + n) % n; };
  switch (mode) {
    case AddressMode::Repeat:
      return mod(i, size);
    case AddressMode::MirrorRepeat: {
      // Vulkan: (size − 1) − mirror((i mod 2·size) − size), mirror(a) = a ≥ 0 ? a : −(1 + a).
      int64_t a = mod(i, 2 * size) - size;
      int64_t m = a >= 0 ? a : -(1 + a);
      return (size - 1) - m;
    }
    case AddressMode::ClampToEdge:
      break;
  }
  return std::clamp<int64_t>(i, 0, size - 1);
}

bool comparePasses(CompareFunction f, double ref, double d) {
  switch (f) {
    case CompareFunction::Never:
      return false;
    case CompareFunction::Less:
      return ref < d;
    case CompareFunction::Equal:
      return ref == d;
    case CompareFunction::LessEqual:
      return ref <= d;
    case CompareFunction::Greater:
      return ref > d;
    case CompareFunction::NotEqual:
      return ref != d;
    case CompareFunction::GreaterEqual:
      return ref >= d;
    case CompareFunction::Always:
      break;
  }
  return true;
}

}  // namespace plumb::interp
