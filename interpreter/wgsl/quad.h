// The quad of the fragment stage (new#fragment-shaders-helper-invocations, seed #derivatives):
// four invocations of neighbouring fragments that compute partial derivatives together, and
// the derivative built-ins (#derivative-builtin-functions) as functions of the four values.
// The sampling built-ins' implicit level of detail (#texturesample) needs the same
// derivatives of their coordinates: quadDerivative is that interface.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "interpreter/wgsl/rules.h"
#include "interpreter/wgsl/runtime_operations.h"
#include "interpreter/wgsl/runtime_value.h"

namespace plumb::interp {

/// The quad invocation ID (new#fragment-shaders-helper-invocations): 0 the upper-left
/// invocation, 1 the upper-right, 2 the lower-left, 3 the lower-right; the fragment at pixel
/// (x, y) has ID (x % 2) + 2 (y % 2).
inline uint32_t quadInvocationId(uint32_t x, uint32_t y) {
  return (x & 1u) + 2u * (y & 1u);
}

enum class DerivativeAxis : uint8_t { X, Y };
/// #derivative-builtin-functions: `Fine` differences the invocation's own row (x) or column
/// (y) of the quad; `Coarse` "using local differences ... may result in fewer unique positions"
/// — any row or column of the quad, so the set of both; `Either` (dpdx, dpdy, fwidth): "the
/// same as either" the fine or the coarse one — the coarse set, which holds the fine value.
enum class DerivativeVariant : uint8_t { Fine, Coarse, Either };

/// The partial derivative along `axis` at quad invocation `id` (0..3) of `values` (of type `t`,
/// f32 or vecN<f32>: one value per quad invocation ID) as the set `variant` allows: the
/// difference of neighbouring values, each an f32 subtraction (#floating-point-accuracy
/// `x - y`; the seed gives derivatives no accuracy of their own: docs/ambiguities.md D3), the
/// sets of several rows or columns joined by their hull.
OperationResult quadDerivative(TypeTable& types, Type t, const std::array<RValue, 4>& values,
                               uint32_t id, DerivativeAxis axis, DerivativeVariant variant);

/// One derivative built-in (`dpdx`, `dpdyCoarse`, `fwidthFine`, ...) at every invocation of a
/// quad: its rule (derivative, derivative-fine, derivative-coarse) and the four results, or
/// `error` (an operation Plumb cannot evaluate; not a derivative built-in).
struct QuadResults {
  RuleId rule = RuleId::Derivative;
  std::array<RValue, 4> results;
  std::string error;
};
QuadResults derivativeBuiltin(TypeTable& types, std::string_view name, Type t,
                              const std::array<RValue, 4>& values);

}  // namespace plumb::interp
