// The sampling built-in functions (#texture-builtin-functions: textureSample,
// textureSampleBias, textureSampleCompare, textureSampleCompareLevel, textureSampleGrad,
// textureSampleLevel, textureGather, textureGatherCompare; 2026's
// textureSampleBaseClampToEdge) as functions of their arguments, over interpreter/wgsl/sampling.h.
//
// The machine calls samplingBuiltinValue for the functions with an explicit level of detail;
// the fragment stage calls it for the implicit ones, giving the quad's derivatives of `coords`
// (dpdx, dpdy: `derivatives`).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/wgsl/runtime_value.h"
#include "interpreter/wgsl/sampler.h"
#include "interpreter/wgsl/sampling.h"

namespace plumb::interp {

/// True for the built-ins this file evaluates.
bool isSamplingBuiltin(std::string_view name);
/// True for those whose level of detail comes from the quad's derivatives of the coordinates
/// (textureSample, textureSampleBias, textureSampleCompare: fragment stage only).
bool needsDerivatives(std::string_view name);

/// The derivatives of the coordinates in x and y (#derivatives; dpdx(coords), dpdy(coords)).
struct CoordinateDerivatives {
  std::array<FloatSet, 3> ddx{}, ddy{};
};

/// The result of the sampling built-in `name` (overload result type `result`) with arguments
/// `args` as the machine has them (the texture and the sampler as their bound values:
/// `texels`, the texture's texels, interpreter/wgsl/textures.h; `sampler`, its descriptor).
/// `format`: the texture's WebGPU format (its binding's), for the precision of filtered
/// values (T5); empty: the texture type's default.
/// Empty with `error` set when the arguments do not fit (an internal error) or when the
/// function needs derivatives and none are given.
std::optional<RValue> samplingBuiltinValue(TypeTable& types, std::string_view name, Type result,
                                           const std::vector<RValue>& args, const RValue& texels,
                                           const SamplerDescriptor& sampler,
                                           const CoordinateDerivatives* derivatives,
                                           std::string& error, std::string_view format = "");

}  // namespace plumb::interp
