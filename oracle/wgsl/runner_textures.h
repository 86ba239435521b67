// Textures and samplers for the runners (docs/oracle.md "Runner protocol", capability
// "textures"): a `plumb-bindings` texture (docs/formats.md) as the texture a runner creates and
// fills with writeTexture, a sampler as the GPUSamplerDescriptor it creates, each with the bind
// group layout entry it needs.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "semantics/wgsl/type.h"

namespace plumb::oracle {

/// The runner's texture for the texture variable of type `texture` bound to `binding` (a
/// `plumb-bindings` "texture" value; its "format" defaults as `plumb run`'s): format,
/// dimension, viewDimension, sampleType, size, mipLevelCount, bytesPerTexel and each level's
/// bytes. Nothing, with `error`, when the texture is not one the runners can create (a storage
/// or multisampled texture, a format writeTexture cannot fill) or its texels do not fit.
std::optional<nlohmann::json> runnerTexture(TypeTable& types, Type texture,
                                            const nlohmann::json& binding, std::string& error);

/// The binding a case without one gets (as `plumb run --zero-missing-bindings`): a 1x1 texture
/// of zeros in a format the runners can fill (depth16unorm for depth textures).
nlohmann::json defaultTextureBinding(const TypeTable& types, Type texture);

/// The runner's sampler: {"sampler": GPUSamplerDescriptor, "samplerType"} for a sampler
/// variable (`comparison`: a sampler_comparison) bound to the `plumb-bindings` "sampler" value.
std::optional<nlohmann::json> runnerSampler(const nlohmann::json& sampler, bool comparison,
                                            std::string& error);

}  // namespace plumb::oracle
