// Uniformity analysis (#uniformity): the tags it computes per function, and the graphs it
// builds, kept for `--uniformity-graph` and `--annotate-uniformity` when asked for.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "checker/wgsl/checker.h"

namespace plumb {

/// #uniformity-function: "call site tag" values.
enum class CallSiteTag : uint8_t { CallSiteRequiredToBeUniform, CallSiteNoRestriction };
/// "function tag" values.
enum class FunctionTag : uint8_t {
  SubsequentControlFlowMayBeNonUniform,
  ReturnValueMayBeNonUniform,
  NoRestriction,
};
/// "parameter tag" values.
enum class ParameterTag : uint8_t {
  ParameterRequiredToBeUniform,
  ParameterRequiredToBeUniformForSubsequentControlFlow,
  ParameterRequiredToBeUniformForReturnValue,
  ParameterNoRestriction,
};
/// Revision 2026's tags of one function at the workgroup (or draw) scope, as the spec spells
/// them: "CallSiteRequiredToBeUniform.error", "ParameterContentsRequiredToBeUniform.warning",
/// "PointerParameterMayBeNonUniform", ... (new#uniformity-function).
struct CurrentTagSpellings {
  std::string callSite, function;
  std::vector<std::string> parameters, parameterReturns, pointerParameters;  // "" if no such tag
};
struct CurrentFunctionTags;
CurrentTagSpellings spellings(const CurrentFunctionTags& tags);
std::string_view spelling(CallSiteTag t);
std::string_view spelling(FunctionTag t);
std::string_view spelling(ParameterTag t);

/// --strict-uniformity only (docs/ambiguities.md U2): what a write through a function-space
/// pointer parameter does to the caller's variable.
struct PointerContentsTag {
  bool mayBeNonUniform = false;   // a non-uniform value may be stored
  bool dependsOnCallSite = false; // stored values depend on the control flow at the call
  std::vector<uint32_t> dependsOnArguments;  // and on these arguments
};

/// Revision 2026 (new#uniformity-function): "RequiredToBeUniform.S" for a severity S, with
/// its potential-trigger-set (a bit set of UniformityTrigger).
enum UniformityTrigger : uint8_t {
  kUnnamedTrigger = 1,        // the synchronization built-ins: cannot be filtered
  kDerivativeUniformity = 2,  // derivative_uniformity
  kSubgroupUniformity = 4,    // subgroup_uniformity
};
struct SeverityRequirement {
  DiagnosticSeverity severity = DiagnosticSeverity::Error;
  uint8_t triggers = 0;  // the potential-trigger-set
};
/// new#uniformity-function: one parameter's tags under revision 2026.
struct CurrentParameterTags {
  std::optional<SeverityRequirement> value;     // ParameterRequiredToBeUniform.S
  std::optional<SeverityRequirement> contents;  // ParameterContentsRequiredToBeUniform.S
  bool returnValue = false;     // ParameterReturnContentsRequiredToBeUniform (via param_i)
  bool returnContents = false;  // ... via param_i_contents (a function-space pointer)
  /// The pointer parameter tag and what Value_return_i_contents reaches: the values a call may
  /// leave in the caller's variable (new#uniformity-function-calls).
  bool pointerMayBeNonUniform = false;  // PointerParameterMayBeNonUniform
  bool pointerDependsOnCallSite = false;
  std::vector<uint32_t> pointerValues;    // param_j reached
  std::vector<uint32_t> pointerContents;  // param_j_contents reached
};
/// The tags of one function at one uniformity scope (new#uniformity-concepts).
struct CurrentFunctionTags {
  std::optional<SeverityRequirement> callSite;  // CallSiteRequiredToBeUniform.S
  bool returnValueMayBeNonUniform = false;      // ReturnValueMayBeNonUniform
  std::vector<CurrentParameterTags> parameters;
};

/// The tags of one function, and why they were given (for the explanations of callers).
struct FunctionUniformity {
  bool analyzed = false;
  CallSiteTag callSite = CallSiteTag::CallSiteNoRestriction;
  FunctionTag function = FunctionTag::NoRestriction;
  std::vector<ParameterTag> parameters;
  std::vector<PointerContentsTag> pointerContents;  // by parameter (strict mode)
  std::string callSiteWhy;                // the requirement that makes CF_start required
  std::vector<std::string> parameterWhy;  // by parameter
  std::string functionWhy;                // the non-uniform source behind the function tag
  /// Revision 2026: the tags at the workgroup (or draw) uniformity scope and at the subgroup
  /// scope (new#uniformity-overview: "This analysis is performed once for each scope").
  std::array<CurrentFunctionTags, 2> current;
};

struct UniformityGraph;  // checker/wgsl/uniformity_graph.h

/// One point of the control flow (a statement's start) and whether the analysis proves it
/// uniform (#uniformity-optional-diagnosis-mode).
struct UniformityAnnotation {
  Span span;
  uint32_t function;  // declaration index
  bool uniform;
};

struct UniformityResult {
  std::vector<FunctionUniformity> functions;  // by declaration index
  /// Graphs by declaration index: all of them when kept, else only those of rejected
  /// functions (with the violating path).
  std::vector<std::shared_ptr<UniformityGraph>> graphs;
  std::vector<UniformityAnnotation> annotations;  // when asked for, in source order
  ~UniformityResult();
};

struct UniformityOptions {
  /// Apply the fixes of docs/ambiguities.md U1-U13 for the holes of the seed's analysis.
  bool strict = false;
  /// Keep every function's graph (for --uniformity-graph without a violation) and compute
  /// the annotation of §12.2.7 (--annotate-uniformity).
  bool keepGraphs = false;
  bool annotate = false;
};

/// #uniformity: analyzes every function, callees first; rejections (path from
/// RequiredToBeUniform to MayBeNonUniform) are reported with the chain of implications.
std::shared_ptr<UniformityResult> analyzeUniformity(const CheckedModule& module,
                                                    DiagnosticList& diagnostics,
                                                    const UniformityOptions& options);

/// True if the analysis rejected `function` (declaration index).
bool uniformityRejected(const UniformityResult& result, uint32_t function);

/// Graphviz text of the graph of `function` (declaration index); the violating path, if any,
/// is drawn in red. Returns false if the graph was not kept.
bool writeUniformityDot(const CheckedModule& module, const UniformityResult& result,
                        uint32_t function, std::ostream& out);

}  // namespace plumb
