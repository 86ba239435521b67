// Textures at run time: binding and reporting (the built-ins are machine_textures.cpp).
#include "interpreter/textures.h"

#include <cmath>
#include <cstring>

#include "checker/float_rounding.h"

namespace plumb::interp {

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

}  // namespace

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
  Type vec4 = types.vector(4, channel);
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
          if (t && (!t->is_array() || t->size() != 4)) {
            error = "texel " + std::to_string(next - 1) + " must be [r, g, b, a]";
            return std::nullopt;
          }
          for (int k = 0; k < 4; ++k) {
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

std::vector<WordValue> textureWords(TypeTable& types, const RValue& texture) {
  std::vector<WordValue> out;
  if (!texture.isComposite()) return out;
  for (const RValue& level : texture.components())
    for (const RValue& layer : level.components())
      for (const RValue& row : layer.components())
        for (const RValue& texel : row.components()) {
          for (const RValue& ch : texel.components()) {
            WordValue v;
            if (ch.isAny()) {
              v.kind = WordValue::Any;
            } else if (std::holds_alternative<int64_t>(ch.data)) {
              v.bits = static_cast<uint32_t>(ch.intValue());
            } else {
              const FloatSet& f = ch.floatSet();
              if (f.any) {
                v.kind = WordValue::Any;
              } else if (f.isExact()) {
                float x = static_cast<float>(f.lo);
                std::memcpy(&v.bits, &x, 4);
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
