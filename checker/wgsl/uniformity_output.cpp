// What the uniformity analysis shows a person: node descriptions (the links of an explanation),
// the Graphviz output of a function's graph, and the non-normative annotation of
// #uniformity-optional-diagnosis-mode.
#include <algorithm>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/pending/queue.hpp>
#include <set>

#include "checker/wgsl/uniformity_internal.h"

namespace plumb {

std::string_view spelling(CallSiteTag t) {
  return t == CallSiteTag::CallSiteRequiredToBeUniform ? "CallSiteRequiredToBeUniform" : "CallSiteNoRestriction";
}
std::string_view spelling(FunctionTag t) {
  switch (t) {
    case FunctionTag::SubsequentControlFlowMayBeNonUniform: return "SubsequentControlFlowMayBeNonUniform";
    case FunctionTag::ReturnValueMayBeNonUniform: return "ReturnValueMayBeNonUniform";
    case FunctionTag::NoRestriction: return "NoRestriction";
  }
  return "";
}
std::string_view spelling(ParameterTag t) {
  switch (t) {
    case ParameterTag::ParameterRequiredToBeUniform: return "ParameterRequiredToBeUniform";
    case ParameterTag::ParameterRequiredToBeUniformForSubsequentControlFlow:
      return "ParameterRequiredToBeUniformForSubsequentControlFlow";
    case ParameterTag::ParameterRequiredToBeUniformForReturnValue:
      return "ParameterRequiredToBeUniformForReturnValue";
    case ParameterTag::ParameterNoRestriction: return "ParameterNoRestriction";
  }
  return "";
}

namespace {

std::string at(const CheckedModule& m, Span span) {
  return m.module.file().positionText(span.begin);
}

/// The source text of `span` on one line, shortened.
std::string excerpt(const CheckedModule& m, Span span) {
  std::string t(m.module.text(span));
  for (char& c : t)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  if (t.size() > 40) t = t.substr(0, 37) + "...";
  return "`" + t + "`";
}

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

}  // namespace

std::vector<UniformityNode> pathTo(const std::vector<UniformityNode>& predecessor,
                                   UniformityNode to, UniformityNode none) {
  std::vector<UniformityNode> p;
  for (UniformityNode n = to; n != none; n = predecessor[n]) p.push_back(n);
  std::reverse(p.begin(), p.end());
  return p;
}

std::string implicationChain(const CheckedModule& m, const UniformityResult& r,
                             const UniformityGraph& g, const std::vector<UniformityNode>& links) {
  std::string chain;
  constexpr size_t kShown = 8;
  for (size_t i = 0; i < links.size(); ++i) {
    if (i == kShown && links.size() > kShown + 1) {
      chain += " \xE2\x86\x90 ...";  // "←"
      i = links.size() - 1;
    }
    if (i) chain += " \xE2\x86\x90 ";
    chain += describeNode(m, r, g, links[i]);
  }
  return chain;
}

std::vector<DiagnosticNote> implicationNotes(const CheckedModule& m, const UniformityResult& r,
                                             const UniformityGraph& g,
                                             const std::vector<UniformityNode>& links) {
  std::vector<DiagnosticNote> notes;
  for (UniformityNode n : links) {
    const UniformityNodeInfo& info = g.nodes[n];
    std::string text = describeNode(m, r, g, n);
    if (!info.rule.empty()) text += " [rule: " + std::string(info.rule) + "]";
    notes.push_back(DiagnosticNote{info.span, text});
  }
  return notes;
}

std::string describeNode(const CheckedModule& m, const UniformityResult& r, const UniformityGraph& g,
                         UniformityNode n, bool withCallee) {
  const UniformityNodeInfo& info = g.nodes[n];
  if (auto it = g.controls.find(n); it != g.controls.end())
    return "control flow in the `" + std::string(it->second.what) + "` at " + at(m, it->second.span) +
           " depends on " + excerpt(m, info.span);
  // The callee's own reason for the tag this node comes from (its tags keep one level).
  const FunctionUniformity* callee =
      withCallee && info.callee < r.functions.size() ? &r.functions[info.callee] : nullptr;
  auto because = [](const std::string& why, const char* open) {
    return why.empty() ? std::string{} : std::string(open) + why + ")";
  };
  switch (info.kind) {
    case NodeKind::RequiredToBeUniform: return "RequiredToBeUniform";
    case NodeKind::MayBeNonUniform: return "MayBeNonUniform";
    case NodeKind::CFStart: return "control flow at the start of " + quoted(info.name);
    case NodeKind::CFReturn: return "control flow where " + quoted(info.name) + " returns";
    case NodeKind::ValueReturn: return "the return value of " + quoted(info.name);
    case NodeKind::Argument: return "parameter " + quoted(info.name);
    case NodeKind::PointerContents: return "the contents of *" + std::string(info.name);
    case NodeKind::Requirement:
      if (info.reason == Reason::CallSiteRequired)
        return quoted(info.name) + " at " + at(m, info.span) + " must be called in uniform control flow" +
               (callee ? because(callee->callSiteWhy, " (") : std::string{});
      return "argument " + std::to_string(info.index + 1) + " of " + quoted(info.name) + ", " +
             excerpt(m, info.span) + ", must be uniform" +
             (callee && info.index < callee->parameterWhy.size() ? because(callee->parameterWhy[info.index], " (")
                                                                   : std::string{});
    case NodeKind::Source:
      switch (info.reason) {
        case Reason::NonUniformBuiltinValue:
          return "built-in value " + quoted(info.name) + " at " + at(m, info.span) + " is non-uniform";
        case Reason::NonReadOnlyVariable:
          return quoted(info.name) + " at " + at(m, info.span) + " is a non-read-only module-scope variable";
        case Reason::SubsequentControlFlow:
          return "control flow after the call to " + quoted(info.name) + " at " + at(m, info.span) +
                 " may be non-uniform (SubsequentControlFlowMayBeNonUniform" +
                 (callee && !callee->functionWhy.empty() ? ": " + callee->functionWhy : std::string{}) + ")";
        case Reason::ReturnValue:
          return "the result of " + quoted(info.name) + " at " + at(m, info.span) +
                 " may be non-uniform (ReturnValueMayBeNonUniform" +
                 (callee && !callee->functionWhy.empty() ? ": " + callee->functionWhy : std::string{}) + ")";
        case Reason::UserDefinedInput:
          return "user-defined input " + quoted(info.name) + " at " + at(m, info.span) +
                 " is non-uniform (--strict-uniformity, U1)";
        case Reason::EntryStructure:
          return quoted(info.name) + " at " + at(m, info.span) +
                 " holds non-uniform inputs (--strict-uniformity, U9)";
        case Reason::PointerContents:
          return quoted(info.name) + " may store a non-uniform value through argument " +
                 std::to_string(info.index + 1) + " at " + at(m, info.span) + " (--strict-uniformity, U2)";
        default: return "non-uniform source at " + at(m, info.span);
      }
    case NodeKind::Value: return excerpt(m, info.span) + " at " + at(m, info.span);
    case NodeKind::CallResult: return "the result of " + quoted(info.name) + " at " + at(m, info.span);
    case NodeKind::CallControlFlow:
      return "control flow after the call to " + quoted(info.name) + " at " + at(m, info.span);
    case NodeKind::Variable: return "variable " + quoted(info.name) + " (declared at " + at(m, info.span) + ")";
    case NodeKind::LoopControlFlow:
      return "control flow in the `" + std::string(info.name) + "` at " + at(m, info.span);
    case NodeKind::EndControlFlow:
      return "control flow after the `" + std::string(info.name) + "` at " + at(m, info.span);
  }
  return "?";
}

bool uniformityRejected(const UniformityResult& result, uint32_t function) {
  return function < result.graphs.size() && result.graphs[function] &&
         !result.graphs[function]->violation.empty();
}

bool writeUniformityDot(const CheckedModule& m, const UniformityResult& r, uint32_t function,
                        std::ostream& out) {
  if (function >= r.graphs.size() || !r.graphs[function]) return false;
  const UniformityGraph& g = *r.graphs[function];
  std::set<std::pair<UniformityNode, UniformityNode>> onPath;
  for (size_t i = 1; i < g.violation.size(); ++i) onPath.insert({g.violation[i - 1], g.violation[i]});
  std::set<UniformityNode> pathNodes(g.violation.begin(), g.violation.end());
  auto escape = [](std::string s) {
    std::string o;
    for (char c : s) {
      if (c == '"' || c == '\\') o += '\\';
      o += c;
    }
    return o;
  };
  auto vertexWriter = [&](std::ostream& os, UniformityNode v) {
    const UniformityNodeInfo& info = g.nodes[v];
    os << "[label=\"" << escape(describeNode(m, r, g, v)) << "\"";
    if (info.kind == NodeKind::RequiredToBeUniform || info.kind == NodeKind::MayBeNonUniform) os << ",shape=box";
    if (pathNodes.count(v)) os << ",color=red,fontcolor=red";
    os << "]";
  };
  auto edgeWriter = [&](std::ostream& os, UniformityGraph::Graph::edge_descriptor e) {
    auto s = static_cast<UniformityNode>(boost::source(e, g.graph));
    auto t = static_cast<UniformityNode>(boost::target(e, g.graph));
    if (onPath.count({s, t})) os << "[color=red,penwidth=2]";
  };
  auto graphWriter = [&](std::ostream& os) {
    os << "label=\"uniformity graph of '" << escape(std::string(m.module.name(m.declarations[function].name)))
       << "' (#uniformity-function)\";\n";
  };
  boost::write_graphviz(out, g.graph, vertexWriter, edgeWriter, graphWriter);
  return true;
}

void annotateUniformity(const CheckedModule& m, UniformityResult& result,
                        const std::vector<FunctionRecord>& records) {
  // "Reverse all edges in all of those graphs. Go through each function, starting with the
  // entry point and never visiting a function before having visited all of its callers."
  size_t n = m.declarations.size();
  std::vector<uint8_t> calledNonUniformly(n, 0);
  std::vector<std::vector<uint8_t>> nonUniformArguments(n);
  for (auto it = m.order.rbegin(); it != m.order.rend(); ++it) {
    uint32_t f = *it;
    if (m.declarations[f].kind != ModuleDeclaration::Function || !result.graphs[f]) continue;
    const UniformityGraph& g = *result.graphs[f];
    const FunctionRecord& rec = records[f];
    size_t count = boost::num_vertices(g.graph);
    std::vector<std::vector<UniformityNode>> reversed(count);
    for (auto [e, end] = boost::edges(g.graph); e != end; ++e)
      reversed[boost::target(*e, g.graph)].push_back(static_cast<UniformityNode>(boost::source(*e, g.graph)));
    // "Add an edge from MayBeNonUniform to every argument that was non-uniform in at least one
    // caller, and to CF_start if the function was called in non-uniform control-flow."
    std::vector<UniformityNode> work = {UniformityGraph::kMayBeNonUniform};
    if (calledNonUniformly[f]) work.push_back(UniformityGraph::kCFStart);
    for (size_t i = 0; i < rec.arguments.size(); ++i)
      if (i < nonUniformArguments[f].size() && nonUniformArguments[f][i]) work.push_back(rec.arguments[i]);
    // "Look at which nodes are reachable from MayBeNonUniform."
    std::vector<uint8_t> nonUniform(count, 0);
    for (UniformityNode w : work) nonUniform[w] = 1;
    while (!work.empty()) {
      UniformityNode v = work.back();
      work.pop_back();
      for (UniformityNode u : reversed[v])
        if (!nonUniform[u]) nonUniform[u] = 1, work.push_back(u);
    }
    for (const FunctionRecord::Call& c : rec.calls) {
      if (nonUniform[c.cf]) calledNonUniformly[c.callee] = 1;
      auto& args = nonUniformArguments[c.callee];
      args.resize(std::max(args.size(), c.args.size()), 0);
      for (size_t i = 0; i < c.args.size(); ++i)
        if (nonUniform[c.args[i]]) args[i] = 1;
    }
    for (const FunctionRecord::Point& p : rec.points) result.annotations.push_back({p.span, f, !nonUniform[p.cf]});
  }
  std::sort(result.annotations.begin(), result.annotations.end(),
            [](const UniformityAnnotation& a, const UniformityAnnotation& b) { return a.span.begin < b.span.begin; });
}

}  // namespace plumb
