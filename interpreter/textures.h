// Textures at run time (#texture-types, #texture-builtin-functions): a bound texture is a value
// holding its texels by mip level (or sample), layer (array layer, or depth slice of a 3D
// texture), row and column; each texel is a vec4 of the channel type (the sampled type; f32 for
// depth and external textures; the channel format of a storage texture's texel format,
// #storage-texel-formats).
#pragma once

#include <array>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "interpreter/host_buffer.h"
#include "interpreter/runtime_value.h"

namespace plumb::interp {

/// The channel type of a texture type's texels (f32, i32 or u32).
Type texelChannelType(TypeTable& types, Type texture);
/// True for the texture types with an array index (2d_array, cube_array, depth arrays).
bool isArrayedTexture(const TypeTable& types, Type texture);

/// The texels of a texture binding (docs/formats.md `plumb-bindings` "texture"): `size`
/// [width, height, depthOrArrayLayers], `mipLevels` (or `samples` for a multisampled texture),
/// `texels` in order (level, layer, row, column), each the 4 channel values. Missing texels are
/// zero.
std::optional<RValue> textureFromJson(TypeTable& types, Type texture, const nlohmann::json& j,
                                      std::string& error);

/// The texels as words: 4 per texel (each channel's value as its 32-bit pattern), in order.
std::vector<WordValue> textureWords(TypeTable& types, const RValue& texture);

}  // namespace plumb::interp
