// The draw of a vertex or fragment oracle case (docs/oracle.md "Draws", issue 19): how the
// runners reproduce on a device the stage inputs a plumb-bindings `vertex` or `fragment`
// section gives Plumb's interpreter (docs/formats.md), and which device outputs stand for
// which of Plumb's invocation outputs.
//
// A fragment stage is drawn over a render target of the viewport's size by a vertex stage
// Plumb generates: two triangles that cover the target exactly, whose vertices carry each
// input's value at the target's corners, so that interpolation gives the linear function the
// section describes (a constant, or at + ddx·x + ddy·y at the pixel centre); each @location
// output is read back from a 32-bit float or integer target, frag_depth from a depth32float
// attachment (clamped to the viewport's depth range [0, 1], as WebGPU stores it), and the
// coverage from a stencil the draw sets to 1 wherever a fragment is not discarded.
//
// A vertex stage runs twice: its render pipeline draws the section's vertices as points (the
// backend's verdict and its vertex-buffer handling), and a compute "write-out" made from the
// entry point's own function (its IO attributes stripped) calls it once per vertex and
// instance and stores every output's words in a storage buffer — WebGPU's vertex stage cannot
// write one, and the rasteriser would mix the outputs of several vertices.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/wgsl/checker.h"
#include "oracle/wgsl/pipeline_plan.h"

namespace plumb::oracle {

/// The pseudo-buffers a draw's outputs are compared as (oracle/wgsl/draw_compare.h): group
/// kDrawOutputs, binding the @location, or one of these for the built-ins and the coverage.
inline constexpr uint32_t kDrawOutputs = 0xffffffffu;
inline constexpr uint32_t kFragDepthBinding = 1000;
inline constexpr uint32_t kCoverageBinding = 1001;
inline constexpr uint32_t kPositionBinding = 1002;

struct DrawPlan {
  ShaderStage stage = ShaderStage::None;
  /// The `draw` member of the runner's case (oracle/node/runner_draw.js).
  nlohmann::json runner;
  /// The section for Plumb's interpreter: {"fragment": {...}} or {"vertex": {...}}.
  nlohmann::json stageInputs;
  /// Fragment: the render target's size; its pixels are all covered by the two triangles, so
  /// every fragment Plumb lists is a pixel whose coverage is certain.
  uint32_t width = 0, height = 0;
  /// Each output read back: its @location (or kPositionBinding) and scalar count.
  struct Output {
    uint32_t binding = 0;
    int components = 0;
  };
  std::vector<Output> outputs;
  bool fragDepth = false;
  /// Vertex: the write-out's words per invocation, and the invocations (vertex-major within an
  /// instance, as Plumb lists them).
  uint32_t wordsPerVertex = 0;
  uint32_t vertexCount = 0, instanceCount = 0;
  uint32_t writeOutGroup = 0;  // the write-out buffer is @group(writeOutGroup) @binding(0)
  /// Non-empty: why the device's inputs may differ from Plumb's (an input that is not exact in
  /// f32 at some pixel or corner, so interpolation may round it otherwise): an output outside
  /// Plumb's set is then only inconclusive.
  std::string inexact;
};

/// The draw of a fragment entry point from the bindings' `fragment` section, or nullopt with
/// the reason the runners cannot reproduce it (per-fragment input values, a fragment's own
/// built-in values, a w that is not a power of two, f16 data, ...).
std::optional<DrawPlan> planFragmentDraw(const CheckedModule& module, const PipelinePlan& entry,
                                         const nlohmann::json& section, std::string& whyNot);

/// The draw of a vertex entry point from the bindings' `vertex` section: its vertex buffers
/// and the compute write-out (the module's text with the entry point made a plain function),
/// or nullopt with the reason.
std::optional<DrawPlan> planVertexDraw(const CheckedModule& module, const std::string& text,
                                       const PipelinePlan& entry, const nlohmann::json& section,
                                       uint32_t writeOutGroup, std::string& whyNot);

}  // namespace plumb::oracle
