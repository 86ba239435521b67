// Internal to the uniformity analysis: what phase 1 (uniformity.cpp) records about a function
// besides its graph, for phase 2 (uniformity_tags.cpp) and the annotation (uniformity_output.cpp).
#pragma once

#include <optional>
#include <vector>

#include "checker/wgsl/uniformity_graph.h"

namespace plumb {

struct FunctionRecord {
  std::optional<UniformityNode> valueReturn;
  std::vector<UniformityNode> arguments;  // arg_i
  struct Contents {
    uint32_t parameter;
    UniformityNode node;
  };
  std::vector<Contents> pointerContents;  // strict mode: function-space pointer parameters
  /// Calls of user-defined functions: the control flow at the call (the last CF_i) and the
  /// argument value nodes, for the annotation's top-down pass.
  struct Call {
    uint32_t callee;
    UniformityNode cf;
    std::vector<UniformityNode> args;
  };
  std::vector<Call> calls;
  /// The control flow at the start of each statement (when annotating).
  struct Point {
    Span span;
    UniformityNode cf;
  };
  std::vector<Point> points;
};

void buildUniformityGraph(const CheckedModule& module, const UniformityResult& result,
                          const UniformityOptions& options, uint32_t function,
                          UniformityGraph& graph, FunctionRecord& record);

/// Phase 2 for one function: reachability, the rejection, the tags.
void computeUniformityTags(const CheckedModule& module, UniformityResult& result,
                           UniformityGraph& graph, const FunctionRecord& record,
                           const UniformityOptions& options, DiagnosticList& diagnostics);

/// The annotation of #uniformity-optional-diagnosis-mode over every function's graph.
void annotateUniformity(const CheckedModule& module, UniformityResult& result,
                        const std::vector<FunctionRecord>& records);

}  // namespace plumb
