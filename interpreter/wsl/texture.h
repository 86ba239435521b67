// WSL textures and samplers (seed "Textures", "Samplers": opaque values passed into an entry
// point; "Sampler and texture operations: Todo ... Sample, Load, Gather, etc."). The seed
// defines no operation on them; Plumb takes the reference implementation's (gpuweb/WSL 943222d,
// Intrinsics.mjs `Load`, Texture.mjs `elementChecked`), docs/ambiguities.md WSL W37.
//
// A texture is the run's data: layers (array layers, the 6 faces of a cube, or 1), each a chain
// of mip levels, each level a width x height x depth block of texels (values of the texture's
// element type). A WSL value of a texture or sampler type is the index of one (Value::Kind::
// Resource).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/wsl/checked_program.h"
#include "semantics/wsl/value.h"

namespace plumb::wsl {

struct TextureData {
  struct Level {
    uint32_t width = 1, height = 1, depth = 1;
    std::vector<Value> texels;  // x fastest, then y, then z
  };
  std::string kind;  // `Texture2D`, `RWTexture1DArray`, ... (the type's name)
  TypeP element;     // the type argument
  std::vector<std::vector<Level>> layers;

  /// The texel at (layer, level, z, y, x), or nothing when out of bounds.
  std::optional<Value> texel(int64_t layer, int64_t level, int64_t z, int64_t y, int64_t x) const;
  TypeP type() const { return textureOf(kind, element); }
};

/// A sampler's state, with the RI's names (`Sampler.mjs`: s, t and r are the address modes of
/// the first, second and third coordinate; its defaults).
struct SamplerData {
  std::string sAddressMode = "clampToEdge", tAddressMode = "clampToEdge",
              rAddressMode = "clampToEdge";
  std::string magFilter = "nearest", minFilter = "nearest", mipmapFilter = "nearest";
  double lodMinClamp = -1.7976931348623157e308, lodMaxClamp = 1.7976931348623157e308;
  std::string compareFunction = "never";
  std::string borderColor = "transparentBlack";
  uint32_t maxAnisotropy = 1;
};

/// The textures and samplers of one run.
struct Resources {
  std::vector<TextureData> textures;
  std::vector<SamplerData> samplers;
};

/// The texels of an RW texture live in memory (W48): `Store` writes them and `Load` reads them
/// there, each an event like any other. Texture `index` of the run occupies 256 MiB from
/// 2^41 + index * 2^28, its texels in the order of TextureData::Level::texels, layer after
/// layer. The address of the texel at (layer, z, y, x), or nothing when out of bounds or not
/// an RW texture.
std::optional<Address> rwTexelAddress(const TextureData& t, int64_t index, int64_t layer, int64_t z,
                                      int64_t y, int64_t x);
/// Every texel of the RW textures with its address and value (the memory before the call), and
/// its name (`tex<i>[layer][z][y][x]`, the dimensions the texture has).
struct RwTexel {
  Address address;
  Value value;
  std::string name;
};
std::vector<RwTexel> rwTexels(const Resources& r);

/// `Load` and `Store` of an RW texture (the natives "texture-load", "texture-store" with an RW
/// texture argument): the texel's address, or nothing when its coordinates are out of bounds or
/// unspecified.
std::optional<Address> rwAccessAddress(const Function& f, const std::vector<Value>& args,
                                       const Resources* resources);
bool isRwTextureAccess(const Function& f, const std::vector<Value>& args,
                       const Resources* resources);

/// GetDimensions (the native "texture-dimensions"): the value stored through each pointer
/// argument, in order (unspecified ones for a mip level the texture does not have).
std::vector<Value> textureDimensions(const Function& f, const std::vector<Value>& args,
                                     const Resources* resources);

/// A texture in the RI test suite's fixture form (`{"maker": "make2DTextureArray",
/// "elementType": "float" | "int4" | .., "data": nested arrays}`, tests/data/wsl-ri README:
/// `[layer or face][level][z][y][x]`, each present as the maker's texture has it). Errors go to
/// `error`.
std::optional<TextureData> textureFromFixture(const nlohmann::json& fixture, std::string& error);
/// A sampler from the RI's options (`{"magFilter": "linear", "rAddressMode": "repeat", ..}`).
SamplerData samplerFromOptions(const nlohmann::json& options);

/// The texture natives (checker/wsl/texture_library.cpp): every result the call allows, or
/// nothing when `f` is not one. A texel out of bounds reads an unspecified value (the RI traps).
std::optional<std::vector<Value>> evaluateTextureNative(const Function& f,
                                                        const std::vector<Value>& args,
                                                        const Resources* resources);

/// The sampling natives (texture_sampling.cpp), or nothing when `f` is not one.
std::optional<std::vector<Value>> evaluateSampleNative(const Function& f,
                                                       const std::vector<Value>& args,
                                                       const Resources* resources);

}  // namespace plumb::wsl
