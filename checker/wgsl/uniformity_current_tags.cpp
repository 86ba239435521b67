// Revision 2026's uniformity analysis, phase 2 (new#uniformity-function): for each severity
// in the order error, warning, info, the nodes reachable from RequiredToBeUniform.S; a
// uniformity failure triggers a diagnostic of that severity for each rule of the
// potential-trigger-set (an error fails the check; a warning or info does not); otherwise the
// call site, parameter and parameter contents tags. Then the function tag, the parameter
// return tags and the pointer parameter tags. Run once per uniformity scope
// (new#uniformity-overview).
#include <algorithm>

#include "checker/wgsl/uniformity_current_internal.h"

namespace plumb {

namespace {

using Node = UniformityNode;
constexpr Node kNoCurrentTagNode = ~Node{0};

/// Breadth-first search from `from`, not entering interior nodes in `blocked`; the nodes
/// reached, with the node each was reached from (for the chain of implications).
struct Search {
  std::vector<uint8_t> seen;
  std::vector<Node> predecessor;
  std::vector<Node> order;
  Search(const UniformityGraph& g, Node from, const std::vector<uint8_t>* blocked) {
    size_t n = boost::num_vertices(g.graph);
    seen.assign(n, 0);
    predecessor.assign(n, kNoCurrentTagNode);
    std::vector<Node> queue = {from};
    seen[from] = 1;
    for (size_t head = 0; head < queue.size(); ++head) {
      Node v = queue[head];
      order.push_back(v);
      for (auto [e, end] = boost::out_edges(v, g.graph); e != end; ++e) {
        auto t = static_cast<Node>(boost::target(*e, g.graph));
        if (seen[t] || (blocked && (*blocked)[t])) continue;
        seen[t] = 1;
        predecessor[t] = v;
        queue.push_back(t);
      }
    }
  }
  bool reached(Node n) const { return seen[n]; }
  std::vector<Node> path(Node to) const { return pathTo(predecessor, to, kNoCurrentTagNode); }
};

std::string triggerNames(uint8_t triggers) {
  std::string r;
  if (triggers & kDerivativeUniformity) r = "derivative_uniformity";
  if (triggers & kSubgroupUniformity)
    r += std::string(r.empty() ? "" : ", ") + "subgroup_uniformity";
  return r;
}

void report(const CheckedModule& m, const UniformityResult& r, const UniformityGraph& g,
            const std::vector<Node>& path, DiagnosticSeverity severity, uint8_t triggers,
            UniformityScope scope, DiagnosticList& diagnostics) {
  std::vector<Node> links;
  for (Node n : path)
    if (g.nodes[n].kind != NodeKind::RequiredToBeUniform && n != UniformityGraph::kMayBeNonUniform)
      links.push_back(n);
  if (links.empty()) return;
  std::string chain = implicationChain(m, r, g, links);
  std::string names = triggerNames(triggers);
  std::string message = "uniformity violation";
  if (scope == UniformityScope::Subgroup) message += " (subgroup uniformity scope)";
  if (!names.empty()) message += " [" + names + "]";
  message += ": " + chain;
  Diagnostic d;
  d.severity = severity == DiagnosticSeverity::Error     ? Severity::Error
               : severity == DiagnosticSeverity::Warning ? Severity::Warning
                                                         : Severity::Note;
  d.file = &m.module.file();
  d.span = g.nodes[links.front()].span;
  d.message = std::move(message);
  d.rule = "uniformity-function";
  d.notes = implicationNotes(m, r, g, links);
  diagnostics.add(std::move(d));
}

/// Phase 2 for one function at one scope.
void computeTags(const CheckedModule& m, UniformityResult& result, UniformityGraph& g,
                 const CurrentFunctionRecord& rec, UniformityScope scope,
                 DiagnosticList& diagnostics) {
  FunctionUniformity& f = result.functions[g.function];
  CurrentFunctionTags& tags = f.current[static_cast<size_t>(scope)];
  f.analyzed = true;
  size_t params = rec.parameters.size();
  tags = CurrentFunctionTags{};
  tags.parameters.resize(params);
  std::vector<uint8_t> visited(boost::num_vertices(g.graph), 0);  // interior nodes
  for (size_t k = 0; k < 3; ++k) {
    auto severity = static_cast<DiagnosticSeverity>(k);
    // "Let R.S be the set of unvisited nodes reachable from RequiredToBeUniform.S."
    Search reach(g, rec.required[k], &visited);
    for (Node n : reach.order)
      if (n >= rec.interiorBegin) visited[n] = 1;
    SeverityRequirement requirement{severity, rec.triggers[k]};
    if (reach.reached(UniformityGraph::kMayBeNonUniform)) {
      // "trigger a uniformity failure ... with severity S and triggering rule t, for each t
      // in PTS" (one diagnostic names them all).
      std::vector<Node> path = reach.path(UniformityGraph::kMayBeNonUniform);
      if (severity == DiagnosticSeverity::Error && g.violation.empty()) g.violation = path;
      report(m, result, g, path, severity, rec.triggers[k], scope, diagnostics);
      continue;
    }
    if (reach.reached(UniformityGraph::kCFStart) && !tags.callSite) {
      tags.callSite = requirement;
      if (f.callSiteWhy.empty()) {
        std::vector<Node> p = reach.path(UniformityGraph::kCFStart);
        for (Node n : p)
          if (g.nodes[n].kind == NodeKind::Requirement) {
            f.callSiteWhy = describeNode(m, result, g, n, false);
            break;
          }
      }
    }
    for (size_t i = 0; i < params; ++i) {
      CurrentParameterTags& p = tags.parameters[i];
      if (p.value || p.contents) continue;
      if (reach.reached(rec.parameters[i]))
        p.value = requirement;
      else if (rec.contents[i] && reach.reached(*rec.contents[i]))
        p.contents = requirement;
    }
  }
  // "Mark all the interior nodes as unvisited." Value_return: the function tag and the
  // parameter return tags.
  if (rec.valueReturn) {
    Search vr(g, *rec.valueReturn, nullptr);
    if (vr.reached(UniformityGraph::kMayBeNonUniform)) {
      tags.returnValueMayBeNonUniform = true;
      std::vector<Node> p = vr.path(UniformityGraph::kMayBeNonUniform);
      for (auto it = p.rbegin(); it != p.rend(); ++it)
        if (g.nodes[*it].kind == NodeKind::Source) {
          f.functionWhy = describeNode(m, result, g, *it, false);
          break;
        }
    }
    for (size_t i = 0; i < params; ++i) {
      if (vr.reached(rec.parameters[i])) tags.parameters[i].returnValue = true;
      if (rec.contents[i] && vr.reached(*rec.contents[i])) tags.parameters[i].returnContents = true;
    }
  }
  // Value_return_i_contents: the pointer parameter tag, and what it depends on.
  for (size_t i = 0; i < params; ++i) {
    if (!rec.returnContents[i]) continue;
    Search vri(g, *rec.returnContents[i], nullptr);
    CurrentParameterTags& p = tags.parameters[i];
    p.pointerMayBeNonUniform = vri.reached(UniformityGraph::kMayBeNonUniform);
    p.pointerDependsOnCallSite = vri.reached(UniformityGraph::kCFStart);
    for (uint32_t j = 0; j < params; ++j) {
      if (vri.reached(rec.parameters[j])) p.pointerValues.push_back(j);
      if (rec.contents[j] && vri.reached(*rec.contents[j])) p.pointerContents.push_back(j);
    }
  }
}

std::string severityName(DiagnosticSeverity s) {
  switch (s) {
    case DiagnosticSeverity::Error:
      return "error";
    case DiagnosticSeverity::Warning:
      return "warning";
    case DiagnosticSeverity::Info:
      return "info";
    case DiagnosticSeverity::Off:
      return "off";
  }
  return "";
}

}  // namespace

CurrentTagSpellings spellings(const CurrentFunctionTags& tags) {
  CurrentTagSpellings s;
  s.callSite = tags.callSite
                   ? "CallSiteRequiredToBeUniform." + severityName(tags.callSite->severity)
                   : "CallSiteNoRestriction";
  s.function = tags.returnValueMayBeNonUniform ? "ReturnValueMayBeNonUniform" : "NoRestriction";
  for (const CurrentParameterTags& p : tags.parameters) {
    s.parameters.push_back(
        p.value      ? "ParameterRequiredToBeUniform." + severityName(p.value->severity)
        : p.contents ? "ParameterContentsRequiredToBeUniform." + severityName(p.contents->severity)
                     : "ParameterNoRestriction");
    s.parameterReturns.push_back(p.returnValue || p.returnContents
                                     ? "ParameterReturnContentsRequiredToBeUniform"
                                     : "ParameterReturnNoRestriction");
    s.pointerParameters.push_back(p.pointerMayBeNonUniform ? "PointerParameterMayBeNonUniform"
                                                           : "PointerParameterNoRestriction");
  }
  return s;
}

std::shared_ptr<UniformityResult> analyzeCurrentUniformity(const CheckedModule& module,
                                                           DiagnosticList& diagnostics,
                                                           const UniformityOptions& options) {
  auto result = std::make_shared<UniformityResult>();
  size_t n = module.declarations.size();
  result->functions.resize(n);
  result->graphs.resize(n);
  std::vector<StatementFilter> filters = statementFilters(module);
  // new#uniformity-overview: "If the subgroup_uniformity feature is supported then there are
  // multiple uniformity scopes. This analysis is performed once for each scope." The subgroup
  // scope only has requirements where the subgroup built-ins are (enable subgroups).
  bool subgroupScope = module.module.revision().isLanguageFeature("subgroup_uniformity");
  if (subgroupScope) {
    bool enabled = false;
    for (const ast::EnableDirective& d : module.module.directives)
      // new#extension-list: enabling subgroup_size_control enables subgroups.
      if (module.module.name(d.name) == "subgroups" ||
          module.module.name(d.name) == "subgroup_size_control")
        enabled = true;
    subgroupScope = enabled;
  }
  std::vector<FunctionRecord> records(options.annotate ? n : 0);
  for (UniformityScope scope : {UniformityScope::Workgroup, UniformityScope::Subgroup}) {
    if (scope == UniformityScope::Subgroup && !subgroupScope) break;
    // "functions must be analyzed from the leaves upwards"
    for (uint32_t index : module.order) {
      if (module.declarations[index].kind != ModuleDeclaration::Function) continue;
      auto g = std::make_shared<UniformityGraph>();
      CurrentFunctionRecord record;
      bool annotate = options.annotate && scope == UniformityScope::Workgroup;
      buildCurrentUniformityGraph(module, *result, filters, scope, index, *g, record, annotate);
      computeTags(module, *result, *g, record, scope, diagnostics);
      bool keep = scope == UniformityScope::Workgroup
                      ? (options.keepGraphs || options.annotate || !g->violation.empty())
                      : (!g->violation.empty() && !uniformityRejected(*result, index));
      if (keep) result->graphs[index] = g;
      if (annotate) records[index] = std::move(record.seedRecord);
    }
  }
  if (options.annotate) annotateUniformity(module, *result, records);
  return result;
}

}  // namespace plumb
