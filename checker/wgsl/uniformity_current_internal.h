// Internal to revision 2026's uniformity analysis (new#uniformity): what phase 1
// (uniformity_current.cpp, the graph) records for phase 2 (uniformity_current_tags.cpp, the
// tags and the diagnostics), and the diagnostic filters of statements
// (uniformity_filters.cpp).
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "checker/wgsl/uniformity_internal.h"

namespace plumb {

/// new#uniformity-concepts: the uniformity scopes. Workgroup and draw scopes are analyzed as
/// one ("effectively equivalent since they operate on different shader stages").
enum class UniformityScope : uint8_t { Workgroup = 0, Subgroup = 1 };

/// The special nodes of one function's graph (new#uniformity-function) and what the walk
/// recorded about them.
struct CurrentFunctionRecord {
  /// RequiredToBeUniform.error, .warning, .info and their potential-trigger-sets.
  std::array<UniformityNode, 3> required{};
  std::array<uint8_t, 3> triggers{};
  std::optional<UniformityNode> valueReturn;
  std::vector<UniformityNode> parameters;                     // param_i
  std::vector<std::optional<UniformityNode>> contents;        // param_i_contents
  std::vector<std::optional<UniformityNode>> returnContents;  // Value_return_i_contents
  /// "The nodes added in this step are called interior nodes": those from this index on.
  UniformityNode interiorBegin = 0;
  FunctionRecord seedRecord;  // calls and points, for the annotation
};

/// One `@diagnostic` attribute on a statement (new#diagnostic-filtering): the affected range
/// is the syntactic form it applies to.
struct StatementFilter {
  Span range;
  DiagnosticFilter filter;
};

/// The affected ranges of the module's statement attributes (uniformity_filters.cpp).
std::vector<StatementFilter> statementFilters(const CheckedModule& module);

/// new#nearest-enclosing-diagnostic-filter for a location in `function` and a triggering
/// rule: the innermost statement filter containing it, else the function's @diagnostic, else
/// the module's directive; nullopt if none names the rule.
std::optional<DiagnosticSeverity> nearestEnclosingFilter(
    const CheckedModule& module, const std::vector<StatementFilter>& filters, uint32_t function,
    Span location, std::string_view rule);

void buildCurrentUniformityGraph(const CheckedModule& module, const UniformityResult& result,
                                 const std::vector<StatementFilter>& filters, UniformityScope scope,
                                 uint32_t function, UniformityGraph& graph,
                                 CurrentFunctionRecord& record, bool annotate);

/// Revision 2026's analysis of every function, at every uniformity scope.
std::shared_ptr<UniformityResult> analyzeCurrentUniformity(const CheckedModule& module,
                                                           DiagnosticList& diagnostics,
                                                           const UniformityOptions& options);

}  // namespace plumb
