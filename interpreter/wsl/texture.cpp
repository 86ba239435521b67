// WSL textures and samplers (see texture.h).
#include "interpreter/wsl/texture.h"

namespace plumb::wsl {

std::optional<Value> TextureData::texel(int64_t layer, int64_t level, int64_t z, int64_t y,
                                        int64_t x) const {
  if (layer < 0 || size_t(layer) >= layers.size()) return std::nullopt;
  const auto& levels = layers[size_t(layer)];
  if (level < 0 || size_t(level) >= levels.size()) return std::nullopt;
  const Level& l = levels[size_t(level)];
  if (x < 0 || y < 0 || z < 0 || x >= l.width || y >= l.height || z >= l.depth) return std::nullopt;
  return l.texels[size_t((z * l.height + y) * l.width + x)];
}

namespace {

TypeP scalarNamed(const std::string& n) {
  if (n == "int") return intType();
  if (n == "uint") return uintType();
  if (n == "uchar") return ucharType();
  if (n == "float") return floatType();
  if (n == "bool") return boolType();
  return nullptr;
}

// `float`, `int4`: the element type of a fixture.
TypeP elementNamed(const std::string& n) {
  if (TypeP t = scalarNamed(n)) return t;
  if (n.size() >= 2 && n.back() >= '2' && n.back() <= '4')
    if (TypeP e = scalarNamed(n.substr(0, n.size() - 1)))
      return vectorOf(e, uint32_t(n.back() - '0'));
  return nullptr;
}

std::optional<Value> scalarValue(const TypeP& t, const nlohmann::json& j) {
  if (!j.is_number()) return std::nullopt;
  switch (t->kind) {
    case Type::Kind::Float:
      return Value::makeFloat(j.get<float>());
    case Type::Kind::Int:
      return Value::makeInt(int32_t(j.get<int64_t>()));
    case Type::Kind::Uint:
      return Value::makeUint(uint32_t(j.get<int64_t>()));
    case Type::Kind::Uchar:
      return Value::makeUchar(uint8_t(j.get<int64_t>()));
    default:
      return std::nullopt;
  }
}

std::optional<Value> texelValue(const TypeP& t, const nlohmann::json& j) {
  if (t->kind != Type::Kind::Vector) return scalarValue(t, j);
  if (!j.is_array() || j.size() != t->size) return std::nullopt;
  Value v;
  v.kind = Value::Kind::Aggregate;
  v.type = t;
  for (const auto& x : j) {
    auto e = scalarValue(t->element, x);
    if (!e) return std::nullopt;
    v.elements.push_back(*e);
  }
  return v;
}

}  // namespace

std::optional<TextureData> textureFromFixture(const nlohmann::json& fixture, std::string& error) {
  // The RI's makers (Test.mjs): which texture, whether the data has layers (array layers or
  // cube faces) and mip levels, and how many spatial dimensions.
  struct Maker {
    const char* name;
    const char* kind;
    bool layers, levels;
    int dimensions;
  };
  static const Maker makers[] = {
      {"make1DTexture", "Texture1D", false, true, 1},
      {"make1DTextureArray", "Texture1DArray", true, true, 1},
      {"make2DTexture", "Texture2D", false, true, 2},
      {"make2DTextureArray", "Texture2DArray", true, true, 2},
      {"make3DTexture", "Texture3D", false, true, 3},
      {"makeTextureCube", "TextureCube", true, true, 2},
      {"makeRW1DTexture", "RWTexture1D", false, false, 1},
      {"makeRW1DTextureArray", "RWTexture1DArray", true, false, 1},
      {"makeRW2DTexture", "RWTexture2D", false, false, 2},
      {"makeRW2DTextureArray", "RWTexture2DArray", true, false, 2},
      {"makeRW3DTexture", "RWTexture3D", false, false, 3},
      {"make2DDepthTexture", "TextureDepth2D", false, true, 2},
      {"make2DDepthTextureArray", "TextureDepth2DArray", true, true, 2},
      {"makeRW2DDepthTexture", "RWTextureDepth2D", false, false, 2},
      {"makeRW2DDepthTextureArray", "RWTextureDepth2DArray", true, false, 2},
      {"makeDepthTextureCube", "TextureDepthCube", true, true, 2},
  };
  std::string name = fixture.value("maker", "");
  const Maker* m = nullptr;
  for (const Maker& x : makers)
    if (name == x.name) m = &x;
  if (!m) {
    error = "unknown texture maker '" + name + "'";
    return std::nullopt;
  }
  TextureData t;
  t.kind = m->kind;
  t.element = elementNamed(fixture.value("elementType", ""));
  if (!t.element) {
    error = "unknown texture element type";
    return std::nullopt;
  }
  const nlohmann::json& data = fixture["data"];
  std::vector<nlohmann::json> layerData =
      m->layers && data.is_array() ? std::vector<nlohmann::json>(data.begin(), data.end())
                                   : std::vector<nlohmann::json>{data};
  for (const nlohmann::json& layer : layerData) {
    std::vector<nlohmann::json> levelData =
        m->levels && layer.is_array() ? std::vector<nlohmann::json>(layer.begin(), layer.end())
                                      : std::vector<nlohmann::json>{layer};
    std::vector<TextureData::Level> levels;
    for (const nlohmann::json& block : levelData) {
      TextureData::Level l;
      // Nested arrays: [z][y][x] for 3 dimensions, [y][x] for 2, [x] for 1.
      std::vector<const nlohmann::json*> rows;
      auto fail = [&]() {
        error = "malformed texture data";
        return std::nullopt;
      };
      if (!block.is_array()) return fail();
      if (m->dimensions == 1) {
        l.width = uint32_t(block.size());
        rows.push_back(&block);
      } else if (m->dimensions == 2) {
        l.height = uint32_t(block.size());
        for (const auto& row : block) rows.push_back(&row);
      } else {
        l.depth = uint32_t(block.size());
        for (const auto& slice : block) {
          if (!slice.is_array()) return fail();
          l.height = uint32_t(slice.size());
          for (const auto& row : slice) rows.push_back(&row);
        }
      }
      for (const nlohmann::json* row : rows) {
        if (!row->is_array()) return fail();
        l.width = uint32_t(row->size());
        for (const auto& x : *row) {
          auto v = texelValue(t.element, x);
          if (!v) return fail();
          l.texels.push_back(*v);
        }
      }
      if (l.texels.size() != size_t(l.width) * l.height * l.depth) return fail();
      levels.push_back(std::move(l));
    }
    t.layers.push_back(std::move(levels));
  }
  return t;
}

SamplerData samplerFromOptions(const nlohmann::json& o) {
  SamplerData s;
  if (!o.is_object()) return s;
  auto text = [&](const char* key, std::string& field) {
    if (o.contains(key) && o[key].is_string()) field = o[key].get<std::string>();
  };
  text("sAddressMode", s.sAddressMode);
  text("tAddressMode", s.tAddressMode);
  text("rAddressMode", s.rAddressMode);
  text("magFilter", s.magFilter);
  text("minFilter", s.minFilter);
  text("mipmapFilter", s.mipmapFilter);
  text("compareFunction", s.compareFunction);
  text("borderColor", s.borderColor);
  if (o.contains("lodMinClamp") && o["lodMinClamp"].is_number())
    s.lodMinClamp = o["lodMinClamp"].get<double>();
  if (o.contains("lodMaxClamp") && o["lodMaxClamp"].is_number())
    s.lodMaxClamp = o["lodMaxClamp"].get<double>();
  if (o.contains("maxAnisotropy") && o["maxAnisotropy"].is_number())
    s.maxAnisotropy = o["maxAnisotropy"].get<uint32_t>();
  return s;
}

namespace {

std::vector<int64_t> integers(const Value& v) {
  std::vector<int64_t> out;
  if (v.kind == Value::Kind::Aggregate)
    for (const Value& e : v.elements) out.push_back(int64_t(int32_t(e.integer)));
  else
    out.push_back(int64_t(int32_t(v.integer)));
  return out;
}

bool anyUnspecified(const Value& v) {
  if (v.unspecified) return true;
  for (const Value& e : v.elements)
    if (anyUnspecified(e)) return true;
  return false;
}

}  // namespace

std::optional<std::vector<Value>> evaluateTextureNative(const Function& f,
                                                        const std::vector<Value>& args,
                                                        const Resources* resources) {
  if (auto sampled = evaluateSampleNative(f, args, resources)) return sampled;
  if (f.native != "texture-load") return std::nullopt;
  const TextureData* t =
      resources && args[0].integer >= 0 && size_t(args[0].integer) < resources->textures.size()
          ? &resources->textures[size_t(args[0].integer)]
          : nullptr;
  if (!t || anyUnspecified(args[1]) || (args.size() > 2 && anyUnspecified(args[2])))
    return std::vector<Value>{Value::makeUnspecified(f.result)};
  // Intrinsics.mjs `Load`: elementChecked(layer, level, z, y, x) with the location's texel
  // coordinates, then its level (not for RW textures), then its layer (array textures); the
  // offset adds to the coordinates.
  const std::string& kind = t->kind;
  const bool rw = kind.rfind("RW", 0) == 0;
  const bool array = kind.find("Array") != std::string::npos;
  const size_t d = kind.find("1D") != std::string::npos   ? 1
                   : kind.find("3D") != std::string::npos ? 3
                                                          : 2;
  std::vector<int64_t> location = integers(args[1]);
  std::vector<int64_t> offset = args.size() > 2 ? integers(args[2]) : std::vector<int64_t>(d, 0);
  int64_t xyz[3] = {0, 0, 0};
  for (size_t i = 0; i < d; ++i) xyz[i] = location[i] + offset[i];
  int64_t level = rw ? 0 : location[d];
  int64_t layer = array ? location[d + (rw ? 0 : 1)] : 0;
  if (auto texel = t->texel(layer, level, xyz[2], xyz[1], xyz[0]))
    return std::vector<Value>{*texel};
  return std::vector<Value>{Value::makeUnspecified(f.result)};
}

namespace {

const TextureData* textureOf(const std::vector<Value>& args, const Resources* resources) {
  if (!resources || args.empty() || args[0].kind != Value::Kind::Resource) return nullptr;
  if (args[0].integer < 0 || size_t(args[0].integer) >= resources->textures.size()) return nullptr;
  return &resources->textures[size_t(args[0].integer)];
}

bool isRw(const TextureData& t) {
  return t.kind.rfind("RW", 0) == 0;
}

size_t spatial(const std::string& kind) {
  return kind.find("1D") != std::string::npos ? 1 : kind.find("3D") != std::string::npos ? 3 : 2;
}

}  // namespace

std::optional<Address> rwTexelAddress(const TextureData& t, int64_t index, int64_t layer, int64_t z,
                                      int64_t y, int64_t x) {
  if (!isRw(t) || layer < 0 || size_t(layer) >= t.layers.size() || t.layers[size_t(layer)].empty())
    return std::nullopt;
  if (!t.texel(layer, 0, z, y, x)) return std::nullopt;
  uint64_t before = 0;
  for (int64_t l = 0; l < layer; ++l) before += t.layers[size_t(l)].front().texels.size();
  const TextureData::Level& level = t.layers[size_t(layer)].front();
  uint64_t k = before + (uint64_t(z) * level.height + uint64_t(y)) * level.width + uint64_t(x);
  // Each texel a slot of 16 bytes: enough for any element type (a 4-vector of 4-byte scalars).
  return (Address(1) << 41) + Address(index) * (Address(1) << 28) + k * 16;
}

std::vector<RwTexel> rwTexels(const Resources& r) {
  std::vector<RwTexel> out;
  for (size_t i = 0; i < r.textures.size(); ++i) {
    const TextureData& t = r.textures[i];
    if (!isRw(t)) continue;
    const bool array = t.kind.find("Array") != std::string::npos;
    const size_t d = spatial(t.kind);
    for (size_t layer = 0; layer < t.layers.size(); ++layer) {
      if (t.layers[layer].empty()) continue;
      const TextureData::Level& l = t.layers[layer].front();
      for (uint32_t z = 0; z < l.depth; ++z)
        for (uint32_t y = 0; y < l.height; ++y)
          for (uint32_t x = 0; x < l.width; ++x) {
            std::string name = "tex" + std::to_string(i);
            if (array) name += "[" + std::to_string(layer) + "]";
            if (d == 3) name += "[" + std::to_string(z) + "]";
            if (d >= 2) name += "[" + std::to_string(y) + "]";
            name += "[" + std::to_string(x) + "]";
            auto a = rwTexelAddress(t, int64_t(i), int64_t(layer), z, y, x);
            out.push_back({*a, l.texels[(size_t(z) * l.height + y) * l.width + x], name});
          }
    }
  }
  return out;
}

bool isRwTextureAccess(const Function& f, const std::vector<Value>& args,
                       const Resources* resources) {
  if (f.native != "texture-load" && f.native != "texture-store") return false;
  const TextureData* t = textureOf(args, resources);
  return t && isRw(*t);
}

std::optional<Address> rwAccessAddress(const Function& f, const std::vector<Value>& args,
                                       const Resources* resources) {
  const TextureData* t = textureOf(args, resources);
  if (!t || !isRw(*t)) return std::nullopt;
  // Load(texture, int location); Store(texture, value, uint location): the coordinates, then
  // the layer (Intrinsics.mjs elementChecked / setElementChecked).
  const Value& where = f.native == "texture-store" ? args.at(2) : args.at(1);
  if (anyUnspecified(where)) return std::nullopt;
  std::vector<int64_t> c;
  if (where.kind == Value::Kind::Aggregate) {
    for (const Value& e : where.elements)
      c.push_back(e.kind == Value::Kind::Uint ? int64_t(uint32_t(e.integer))
                                              : int64_t(int32_t(e.integer)));
  } else {
    c.push_back(where.kind == Value::Kind::Uint ? int64_t(uint32_t(where.integer))
                                                : int64_t(int32_t(where.integer)));
  }
  const size_t d = spatial(t->kind);
  int64_t xyz[3] = {0, 0, 0};
  for (size_t i = 0; i < d && i < c.size(); ++i) xyz[i] = c[i];
  const bool array = t->kind.find("Array") != std::string::npos;
  int64_t layer = array && c.size() > d ? c[d] : 0;
  return rwTexelAddress(*t, args[0].integer, layer, xyz[2], xyz[1], xyz[0]);
}

std::vector<Value> textureDimensions(const Function& f, const std::vector<Value>& args,
                                     const Resources* resources) {
  const TextureData* t = textureOf(args, resources);
  const bool rw = t && isRw(*t);
  const size_t first = rw ? 1 : 2;  // the pointers after the texture (and the mip level)
  std::vector<Value> out;
  const bool levelKnown = t && !t->layers.empty() && !t->layers.front().empty() &&
                          (rw || (!args[1].unspecified &&
                                  uint64_t(uint32_t(args[1].integer)) < t->layers.front().size()));
  const TextureData::Level* level =
      levelKnown ? &t->layers.front()[rw ? 0 : size_t(uint32_t(args[1].integer))] : nullptr;
  const size_t d = t ? spatial(t->kind) : 1;
  const bool array = t && t->kind.find("Array") != std::string::npos;
  std::vector<uint64_t> sizes;
  if (level) {
    sizes.push_back(level->width);
    if (d >= 2) sizes.push_back(level->height);
    if (d == 3) sizes.push_back(level->depth);
    if (array) sizes.push_back(t->layers.size());
    if (!rw) sizes.push_back(t->layers.front().size());
  }
  for (size_t i = first; i < args.size() && i < f.parameters.size(); ++i) {
    const TypeP& pointee = f.parameters[i]->element;
    if (!level || i - first >= sizes.size()) {
      // The RI traps ("Reading from nonexistant mip level of texture"): any value (W48).
      out.push_back(Value::makeUnspecified(pointee));
      continue;
    }
    uint64_t v = sizes[i - first];
    out.push_back(pointee->kind == Type::Kind::Float ? Value::makeFloat(float(v))
                                                     : Value::makeUint(uint32_t(v)));
  }
  return out;
}

}  // namespace plumb::wsl
