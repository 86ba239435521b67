// Uniformity analysis, phase 2 (#uniformity-function): reachability in each function's graph,
// callees before callers; the rejection with its chain of implications; the tags callers use.
#include <boost/graph/breadth_first_search.hpp>
#include <boost/pending/queue.hpp>
#include <algorithm>

#include "checker/wgsl/uniformity_current_internal.h"

namespace plumb {

namespace {

using Node = UniformityNode;
using Graph = UniformityGraph::Graph;
constexpr Node kNoTagNode = ~Node{0};

/// Records, for each node a breadth-first search discovers, the node it was reached from.
struct PathRecorder : boost::default_bfs_visitor {
  std::vector<Node>* predecessor;
  void tree_edge(Graph::edge_descriptor e, const Graph& g) const {
    (*predecessor)[boost::target(e, g)] = static_cast<Node>(boost::source(e, g));
  }
};

class Reachability {
 public:
  explicit Reachability(const UniformityGraph& g)
      : g_(g),
        color_(boost::num_vertices(g.graph), boost::white_color),
        predecessor_(boost::num_vertices(g.graph), kNoTagNode) {}

  /// "Look at which nodes are reachable from `from`" — then "remove from the graph all nodes
  /// that have been visited": they stay black, so later searches do not enter them.
  void visit(Node from) {
    if (color_[from] != boost::white_color) return;
    boost::queue<Node> queue;
    auto color = boost::make_iterator_property_map(color_.begin(), boost::get(boost::vertex_index, g_.graph));
    boost::breadth_first_visit(g_.graph, from, queue, PathRecorder{{}, &predecessor_}, color);
  }
  bool reached(Node n) const { return color_[n] == boost::black_color; }
  /// The path of the last search that reached `to`, from its start.
  std::vector<Node> path(Node to) const { return pathTo(predecessor_, to, kNoTagNode); }

 private:
  const UniformityGraph& g_;
  std::vector<boost::default_color_type> color_;
  std::vector<Node> predecessor_;
};

/// The first node after the start of `path` that says why (a Requirement), or the last before
/// its end that does (a Source).
std::string firstReason(const CheckedModule& m, const UniformityResult& r, const UniformityGraph& g,
                        const std::vector<Node>& path) {
  for (Node n : path)
    if (g.nodes[n].kind == NodeKind::Requirement) return describeNode(m, r, g, n, false);
  return {};
}
std::string lastReason(const CheckedModule& m, const UniformityResult& r, const UniformityGraph& g,
                       const std::vector<Node>& path) {
  for (auto it = path.rbegin(); it != path.rend(); ++it)
    if (g.nodes[*it].kind == NodeKind::Source) return describeNode(m, r, g, *it, false);
  return {};
}

void reportViolation(const CheckedModule& m, const UniformityResult& r, const UniformityGraph& g,
                     DiagnosticList& diagnostics) {
  const std::vector<Node>& path = g.violation;
  // path: RequiredToBeUniform, Requirement, ..., Source, MayBeNonUniform.
  std::vector<Node> links;
  for (Node n : path)
    if (n != UniformityGraph::kRequired && n != UniformityGraph::kMayBeNonUniform) links.push_back(n);
  if (links.empty()) return;
  const UniformityNodeInfo& first = g.nodes[links.front()];
  diagnostics.error(&m.module.file(), first.span,
                    "uniformity violation: " + implicationChain(m, r, g, links),
                    "uniformity-function");
  for (DiagnosticNote& note : implicationNotes(m, r, g, links))
    diagnostics.noteOnLast(std::move(note));
}

}  // namespace

void computeUniformityTags(const CheckedModule& m, UniformityResult& result, UniformityGraph& g,
                           const FunctionRecord& record, const UniformityOptions& options,
                           DiagnosticList& diagnostics) {
  FunctionUniformity& f = result.functions[g.function];
  f.analyzed = true;
  f.parameters.assign(record.arguments.size(), ParameterTag::ParameterNoRestriction);
  f.parameterWhy.assign(record.arguments.size(), {});
  // U2 (strict): which arguments and control flow the contents of *p_i depend on, on the
  // whole graph (before any node is removed).
  if (options.strict && !record.pointerContents.empty()) {
    f.pointerContents.resize(record.arguments.size());
    for (const FunctionRecord::Contents& c : record.pointerContents) {
      Reachability all(g);
      all.visit(c.node);
      PointerContentsTag& tag = f.pointerContents[c.parameter];
      tag.mayBeNonUniform = all.reached(UniformityGraph::kMayBeNonUniform);
      tag.dependsOnCallSite = all.reached(UniformityGraph::kCFStart);
      for (uint32_t j = 0; j < record.arguments.size(); ++j)
        if (j != c.parameter && all.reached(record.arguments[j])) tag.dependsOnArguments.push_back(j);
    }
  }
  Reachability reach(g);
  // "Look at which nodes are reachable from RequiredToBeUniform."
  reach.visit(UniformityGraph::kRequired);
  if (reach.reached(UniformityGraph::kMayBeNonUniform)) {
    // "If this set includes the node MayBeNonUniform, then reject the program."
    g.violation = reach.path(UniformityGraph::kMayBeNonUniform);
    reportViolation(m, result, g, diagnostics);
  }
  if (reach.reached(UniformityGraph::kCFStart)) {
    f.callSite = CallSiteTag::CallSiteRequiredToBeUniform;
    f.callSiteWhy = firstReason(m, result, g, reach.path(UniformityGraph::kCFStart));
  }
  for (uint32_t i = 0; i < record.arguments.size(); ++i)
    if (reach.reached(record.arguments[i])) {
      f.parameters[i] = ParameterTag::ParameterRequiredToBeUniform;
      f.parameterWhy[i] = firstReason(m, result, g, reach.path(record.arguments[i]));
    }
  // Steps 5 and 6 have one shape: the tags go to what a search reaches that no earlier search
  // did ("Remove from the graph all nodes that have been visited").
  auto tagReachable = [&](Node start, FunctionTag tag, ParameterTag parameterTag) {
    bool nonUniformBefore = reach.reached(UniformityGraph::kMayBeNonUniform);
    std::vector<uint8_t> before(record.arguments.size());
    for (uint32_t i = 0; i < before.size(); ++i) before[i] = reach.reached(record.arguments[i]);
    reach.visit(start);
    if (!nonUniformBefore && reach.reached(UniformityGraph::kMayBeNonUniform)) {
      f.function = tag;
      f.functionWhy = lastReason(m, result, g, reach.path(UniformityGraph::kMayBeNonUniform));
    }
    for (uint32_t i = 0; i < before.size(); ++i)
      if (!before[i] && reach.reached(record.arguments[i])) f.parameters[i] = parameterTag;
  };
  // "Look at which nodes are reachable from CF_return."
  tagReachable(UniformityGraph::kCFReturn, FunctionTag::SubsequentControlFlowMayBeNonUniform,
               ParameterTag::ParameterRequiredToBeUniformForSubsequentControlFlow);
  // "If Value_return exists, look at which nodes are reachable from it."
  if (record.valueReturn)
    tagReachable(*record.valueReturn, FunctionTag::ReturnValueMayBeNonUniform,
                 ParameterTag::ParameterRequiredToBeUniformForReturnValue);
  // Unassigned tags stay NoRestriction and ParameterNoRestriction.
}

std::shared_ptr<UniformityResult> analyzeUniformity(const CheckedModule& module,
                                                    DiagnosticList& diagnostics,
                                                    const UniformityOptions& options) {
  // The revision says which analysis: the seed's (below, exactly as it writes it) or the
  // current one (new#uniformity, delta 5: checker/uniformity_current*.cpp).
  if (module.module.revision().currentUniformityAnalysis)
    return analyzeCurrentUniformity(module, diagnostics, options);
  auto result = std::make_shared<UniformityResult>();
  size_t n = module.declarations.size();
  result->functions.resize(n);
  result->graphs.resize(n);
  std::vector<FunctionRecord> records(options.annotate ? n : 0);
  // "functions must be analyzed from the leaves upwards": the declaration order puts every
  // function after its callees (recursion is rejected before this runs).
  for (uint32_t index : module.order) {
    if (module.declarations[index].kind != ModuleDeclaration::Function) continue;
    auto g = std::make_shared<UniformityGraph>();
    FunctionRecord record;
    buildUniformityGraph(module, *result, options, index, *g, record);
    computeUniformityTags(module, *result, *g, record, options, diagnostics);
    if (options.keepGraphs || options.annotate || !g->violation.empty()) result->graphs[index] = g;
    if (options.annotate) records[index] = std::move(record);
  }
  if (options.annotate) annotateUniformity(module, *result, records);
  return result;
}

UniformityResult::~UniformityResult() = default;

}  // namespace plumb
