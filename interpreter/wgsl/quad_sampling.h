// Implicit-LOD sampling in a fragment shader's quad (#derivatives, #texturesample,
// #texturesamplebias, #texturesamplecompare): "Partial derivatives ... are computed implicitly
// as part of operation of" textureSample, textureSampleBias and textureSampleCompare, so the
// quad samples together, like a derivative built-in (quad.h). Each invocation waits at the call
// with its arguments (Machine::samplingBuiltin, rule implicit-lod-wait); when the four
// invocations of a quad wait at the same call, the fragment stage's quad rule
// (stage_fragment.cpp) calls implicitLodSamples: the derivatives of the four coordinates
// (quadDerivative, either variant: docs/ambiguities.md T12) give each invocation's level of
// detail, and interpreter/wgsl/sampling_builtins.h the sample.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "interpreter/wgsl/machine.h"
#include "interpreter/wgsl/rules.h"

namespace plumb::interp {

/// True when the call expression `call` is one of the implicit-LOD sampling built-ins.
bool isImplicitLodCall(const Program& program, uint32_t call);

/// The samples of the four invocations `members` (by quad invocation ID) of a quad waiting at
/// the implicit-LOD call `call` with their arguments (Invocation::collective): the call's rule
/// and each invocation's value, or `error` (an internal error: a texture or sampler without a
/// binding, a malformed argument).
struct QuadSamples {
  RuleId rule = RuleId::TextureSample;
  std::array<RValue, 4> results;
  std::string error;
};
QuadSamples implicitLodSamples(Program& program, Configuration& config,
                               const std::array<uint32_t, 4>& members, uint32_t call);

}  // namespace plumb::interp
