// The vertex and fragment shader stages (#shader-stages-sec): an entry point run per vertex
// (and instance), or per fragment in 2x2 quads with helper invocations, its inputs given by
// the `vertex` or `fragment` section of a plumb-bindings document (docs/formats.md), its
// outputs per location and built-in reported as outcome sets (plumb-run version 4).
// stage.cpp runs the invocations over every choice; stage_vertex.cpp and stage_fragment.cpp
// make the invocations from the bindings; quad.cpp computes the derivatives.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "interpreter/wgsl/dispatch.h"
#include "interpreter/wgsl/machine.h"

namespace plumb::interp {

/// The version of the `vertex` and `fragment` sections of plumb-bindings (docs/formats.md).
inline constexpr int kStageInputsVersion = 1;

/// One invocation of a vertex or fragment entry point with its inputs (#pipeline-inputs-outputs).
struct StageInvocation {
  std::string who;    // as --trace prints it: `vertex(0,1)`, `fragment(2,3)`, `helper(3,3)`
  nlohmann::json id;  // {"vertex", "instance"} or {"x", "y"} in reports
  std::map<std::string, RValue, std::less<>> builtins;  // #builtin-values by name
  std::map<uint32_t, RValue> locations;                 // user-defined inputs by @location
  bool helper = false;  // new#fragment-shaders-helper-invocations: fills a quad
};

/// The invocations of one draw: every vertex of every instance, or every fragment with the
/// helper invocations that complete its quad.
struct StageInvocations {
  ShaderStage stage = ShaderStage::None;
  std::vector<StageInvocation> invocations;
  /// Fragment: each quad's invocations by quad invocation ID (quad.h), and its upper-left pixel.
  std::vector<std::array<uint32_t, 4>> quads;
  std::vector<std::array<int64_t, 2>> quadOrigins;
  /// Fragment: the viewport's width and height (pictures, stage_pictures.h); 0 when the
  /// fragments were listed without one.
  uint32_t width = 0, height = 0;
};

/// The entry point's pipeline inputs: each user-defined input's location and type, each
/// built-in input's name and type (parameters and their structure members).
struct StageInterface {
  std::map<uint32_t, Type> inputLocations;
  std::map<std::string, Type, std::less<>> inputBuiltins;
};
StageInterface stageInterface(const Program& program, uint32_t entry);
/// The entry point's outputs and their types as WGSL spells them, for reports (plumb-run
/// `outputs`): {"locations": {"0": "vec4<f32>"}, "builtins": {"position": "vec4<f32>"}}.
nlohmann::json stageOutputTypes(const Program& program, uint32_t entry);

/// The run-time value of type `t` (a numeric scalar or vector) written as JSON: a number or an
/// array of numbers; a float is the nearest value of its type (docs/formats.md). Empty, with a
/// message in `error`, when it does not fit.
std::optional<RValue> stageInputValue(TypeTable& types, Type t, const nlohmann::json& j,
                                      std::string& error);

/// The invocations of a vertex entry point from the bindings' `vertex` section (stage_vertex.cpp).
StageInvocations vertexInvocations(Program& program, uint32_t entry, const nlohmann::json& bindings,
                                   std::vector<std::string>& errors);
/// The invocations of a fragment entry point from the bindings' `fragment` section, in quads
/// with helper invocations (stage_fragment.cpp).
StageInvocations fragmentInvocations(Program& program, uint32_t entry,
                                     const nlohmann::json& bindings,
                                     std::vector<std::string>& errors);

/// Revision 2026 (Revision::positionWZeroIsDynamicError, new#position-builtin-value: "A
/// dynamic error occurs if the w coordinate is zero"): whether the w coordinate of a finished
/// vertex invocation's position output may be zero (its set holds a zero of either sign, or is
/// any value), and whether it must be (its set is the zero alone). stage_vertex.cpp.
struct PositionW {
  bool mayBeZero = false;
  bool mustBeZero = false;
};
PositionW positionW(const Program& program, uint32_t entry, const Invocation& inv);

/// Runs the invocations of a vertex or fragment entry point over every choice, up to
/// options.maxExecutions (the outcomes carry the stage's outputs: Outcome::invocations).
DispatchResult runStage(Program& program, uint32_t entry, const StageInvocations& draw,
                        const std::vector<BoundBuffer>& buffers, const DispatchOptions& options);

/// The quads' rule (stage_fragment.cpp): when every invocation of the draw is finished or waits
/// at a derivative or an implicit-LOD sample, each quad whose invocations wait gets its
/// derivatives (quad.cpp) or its samples (quad_sampling.cpp: textureSample, textureSampleBias,
/// textureSampleCompare with the quad's derivatives of the coordinates) — or, when they are not
/// all at the same call (non-uniform control flow), an indeterminate value, recorded in
/// `divergent`. Returns false when no invocation waits.
bool releaseQuads(Program& program, Configuration& config, const StageInvocations& draw,
                  std::vector<DivergentQuad>& divergent, StepResult& stop, std::ostream* trace,
                  uint64_t execution);

}  // namespace plumb::interp
