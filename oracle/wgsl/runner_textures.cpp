// Textures and samplers for the runners (oracle/wgsl/runner_textures.h).
#include "oracle/wgsl/runner_textures.h"

#include <array>

#include "interpreter/wgsl/sampler.h"
#include "interpreter/wgsl/textures.h"

namespace plumb::oracle {

namespace {

/// GPUTextureViewDimension and GPUTextureDimension of a sampled or depth texture type.
std::optional<std::pair<std::string, std::string>> dimensionsOf(const TypeTable& types,
                                                                Type texture) {
  const TypeNode& n = types[texture];
  if (n.kind == TypeKind::SampledTexture) {
    switch (n.dimension) {
      case ast::TextureDimension::D1:
        return std::pair{"1d", "1d"};
      case ast::TextureDimension::D2:
        return std::pair{"2d", "2d"};
      case ast::TextureDimension::D2Array:
        return std::pair{"2d-array", "2d"};
      case ast::TextureDimension::D3:
        return std::pair{"3d", "3d"};
      case ast::TextureDimension::Cube:
        return std::pair{"cube", "2d"};
      case ast::TextureDimension::CubeArray:
        return std::pair{"cube-array", "2d"};
    }
  }
  if (n.kind == TypeKind::DepthTexture) {
    switch (n.depth) {
      case ast::DepthTextureKind::D2:
        return std::pair{"2d", "2d"};
      case ast::DepthTextureKind::D2Array:
        return std::pair{"2d-array", "2d"};
      case ast::DepthTextureKind::Cube:
        return std::pair{"cube", "2d"};
      case ast::DepthTextureKind::CubeArray:
        return std::pair{"cube-array", "2d"};
      case ast::DepthTextureKind::Multisampled2d:
        break;
    }
  }
  return std::nullopt;
}

}  // namespace

nlohmann::json defaultTextureBinding(const TypeTable& types, Type texture) {
  std::string format = interp::defaultSampledFormat(types, texture);
  if (format == "depth32float") format = "depth16unorm";
  nlohmann::json size = {1, 1, 1};
  const TypeNode& n = types[texture];
  bool cube =
      (n.kind == TypeKind::SampledTexture && (n.dimension == ast::TextureDimension::Cube ||
                                              n.dimension == ast::TextureDimension::CubeArray)) ||
      (n.kind == TypeKind::DepthTexture &&
       (n.depth == ast::DepthTextureKind::Cube || n.depth == ast::DepthTextureKind::CubeArray));
  if (cube) size = {1, 1, 6};
  return {{"size", size}, {"format", format}};
}

std::optional<nlohmann::json> runnerTexture(TypeTable& types, Type texture,
                                            const nlohmann::json& binding, std::string& error) {
  auto dims = dimensionsOf(types, texture);
  if (!dims) {
    error = "the runners bind sampled and depth textures only, not " + types.name(texture);
    return std::nullopt;
  }
  nlohmann::json tex = binding;
  if (!tex.is_object()) {
    error = "a texture must be an object {size, format, mipLevels, texels}";
    return std::nullopt;
  }
  if (!tex.contains("format")) tex["format"] = interp::defaultSampledFormat(types, texture);
  // The texels as `plumb run` reads them: the same errors, and the level sizes.
  auto texels = interp::textureFromJson(types, texture, tex, error);
  if (!texels) return std::nullopt;
  std::string format = tex["format"].get<std::string>();
  auto facts = interp::sampledFormatFacts(format);
  if (!facts || !facts->copyable) {
    error = "a " + format +
            " texture cannot be filled by writeTexture (WebGPU); the runners need another format"
            " (depth16unorm for depth)";
    return std::nullopt;
  }
  int bytesPerTexel = facts->channels * facts->bytesPerChannel;
  std::string sampleType = facts->sampleType;
  // A depth format bound to a texture_2d<f32> is "unfilterable-float"; to a depth texture "depth".
  if (types[texture].kind == TypeKind::DepthTexture)
    sampleType = "depth";
  else if (sampleType == "depth")
    sampleType = "unfilterable-float";
  const nlohmann::json empty = nlohmann::json::array();
  const nlohmann::json& given = tex.contains("texels") ? tex["texels"] : empty;
  size_t next = 0;
  nlohmann::json levels = nlohmann::json::array();
  for (const interp::RValue& level : texels->components()) {
    const auto& layers = level.components();
    uint64_t d = layers.size();
    uint64_t h = d ? layers[0].components().size() : 0;
    uint64_t w = h ? layers[0].components()[0].components().size() : 0;
    std::vector<uint8_t> bytes;
    for (uint64_t k = 0; k < w * h * d; ++k, ++next) {
      nlohmann::json texel =
          next < given.size() ? given[next] : nlohmann::json(std::vector<int>(4, 0));
      auto b = interp::sampledTexelBytes(format, texel);
      if (!b) {
        error = "texel " + std::to_string(next) + " has no bytes in " + format;
        return std::nullopt;
      }
      bytes.insert(bytes.end(), b->begin(), b->end());
    }
    levels.push_back({{"size", {w, h, d}}, {"bytes", bytes}});
  }
  std::array<uint64_t, 3> size{1, 1, 1};
  for (size_t k = 0; k < tex["size"].size() && k < 3; ++k) size[k] = tex["size"][k].get<uint64_t>();
  return nlohmann::json{{"format", format},
                        {"dimension", dims->second},
                        {"viewDimension", dims->first},
                        {"sampleType", sampleType},
                        {"size", size},
                        {"mipLevelCount", texels->components().size()},
                        {"bytesPerTexel", bytesPerTexel},
                        {"levels", levels},
                        {"plumb", tex}};
}

std::optional<nlohmann::json> runnerSampler(const nlohmann::json& sampler, bool comparison,
                                            std::string& error) {
  auto s = interp::samplerFromJson(sampler, comparison, error);
  if (!s) return std::nullopt;
  std::string type = s->compare                ? "comparison"
                     : interp::isFiltering(*s) ? "filtering"
                                               : "non-filtering";
  return nlohmann::json{{"sampler", interp::samplerJson(*s)}, {"samplerType", type}};
}

}  // namespace plumb::oracle
