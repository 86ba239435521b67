// Comparing a draw with Plumb's outcome set (docs/oracle.md "Draws"): every pixel's (or
// vertex's) outputs are laid out as words of pseudo-buffers (group kDrawOutputs,
// oracle/wgsl/draw_plan.h), Plumb's side from each outcome's `invocations` (plumb-run version 4)
// and the device's from the runner's `draw` read-back, so that compareWithOutcomes applies
// unchanged: the device's outputs must lie, all together, in one outcome.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "oracle/wgsl/compare.h"
#include "oracle/wgsl/draw_plan.h"

namespace plumb::oracle {

struct DrawComparison {
  /// Plumb's plumb-run report with each outcome's buffers extended by the pseudo-buffers.
  nlohmann::json outcomes;
  /// The device's storage buffers and pseudo-buffers.
  std::vector<DeviceBuffer> device;
  /// What each pseudo-buffer word stands for, by (binding, word index): for people.
  std::map<std::pair<uint32_t, uint32_t>, std::string> where;
  /// Pixels or vertices compared.
  size_t invocations = 0;
};

/// The comparison of a draw, or nullopt with `whyNot` (the runner reported no draw, a target
/// is missing, the report lists no invocations).
std::optional<DrawComparison> drawComparison(const DrawPlan& plan, const nlohmann::json& plumbRun,
                                             const nlohmann::json& raw,
                                             const std::vector<DeviceBuffer>& buffers,
                                             std::string& whyNot);

/// The allowed set of a depth WORD once the depth attachment stored it: clamped to the
/// viewport's depth range [0, 1] (WebGPU clamps frag_depth to it); NaN or any stays any.
nlohmann::json clampedDepthWord(const nlohmann::json& word);

/// compareWithOutcomes for a draw: the diffs name their pixel or vertex and output, and an
/// output outside Plumb's set whose inputs the draw cannot reproduce exactly (plan.inexact)
/// is inconclusive.
OutcomeMatch compareDraw(const DrawPlan& plan, const nlohmann::json& plumbRun,
                         const nlohmann::json& raw, const std::vector<DeviceBuffer>& buffers);

}  // namespace plumb::oracle
