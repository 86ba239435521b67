// The graph of one function's uniformity analysis (#uniformity-function), in Boost.Graph, with
// what each node stands for: an edge X -> Y means "if X must be uniform then Y must be uniform".
#pragma once

#include <boost/graph/adjacency_list.hpp>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "checker/wgsl/uniformity.h"

namespace plumb {

using UniformityNode = uint32_t;

/// What a node stands for (for explanations and the Graphviz output).
enum class NodeKind : uint8_t {
  RequiredToBeUniform,
  MayBeNonUniform,
  CFStart,
  CFReturn,
  ValueReturn,
  Argument,        // arg_i: `index` is the parameter's position
  PointerContents, // strict mode: the contents of *p for pointer parameter `index`
  Requirement,     // RequiredToBeUniform -> this -> what is required (a call's requirement)
  Source,          // this -> MayBeNonUniform (why something may be non-uniform)
  Value,           // the value of an expression at `span`
  CallResult,      // Result of the call at `span`
  CallControlFlow, // CF_after of the call at `span`
  Variable,        // the node of function-scope variable at `span`
  LoopControlFlow, // CF' of the loop at `span`
  EndControlFlow,  // CFend of the if or switch at `span`
};

/// Why a Requirement or Source node exists.
enum class Reason : uint8_t {
  None,
  CallSiteRequired,        // `name` has CallSiteRequiredToBeUniform
  ParameterRequired,       // argument `index` of `name` has ParameterRequiredToBeUniform
  NonUniformBuiltinValue,  // `name` is a non-uniform built-in value
  NonReadOnlyVariable,     // `name` is a non-read-only module-scope variable
  SubsequentControlFlow,   // calling `name` may make control flow non-uniform
  ReturnValue,             // `name` may return a non-uniform value
  UserDefinedInput,        // strict: `name` is a user-defined input (U1)
  EntryStructure,          // strict: `name` is an entry-point structure with non-uniform members
  PointerContents,         // strict: `name` may store a non-uniform value through argument `index`
};

struct UniformityNodeInfo {
  UniformityNodeInfo(NodeKind k, Reason why = Reason::None, Span at = {}, uint32_t i = 0,
                     std::string_view n = {}, std::string_view r = {})
      : kind(k), reason(why), span(at), index(i), name(n), rule(r) {}
  static constexpr uint32_t kNoFunction = ~uint32_t{0};
  NodeKind kind;
  Reason reason = Reason::None;
  Span span{};
  uint32_t index = 0;
  std::string_view name;  // a function, variable or built-in value name (views the module)
  std::string_view rule;  // the row of the rule tables that created the node
  uint32_t callee = kNoFunction;  // Requirement, Source: the user-defined function called
};

struct UniformityGraph {
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  Graph graph;
  std::vector<UniformityNodeInfo> nodes;
  uint32_t function = 0;                  // declaration index
  std::vector<UniformityNode> violation;  // RequiredToBeUniform ... MayBeNonUniform, if rejected
  /// Value nodes used as the control flow of branches: the statement (or operator) they control.
  struct Control {
    Span span;
    std::string_view what;  // "if", "switch", "for", "while", "break if", "&&", "||"
  };
  std::unordered_map<UniformityNode, Control> controls;

  UniformityNode add(UniformityNodeInfo info) {
    nodes.push_back(info);
    return static_cast<UniformityNode>(boost::add_vertex(graph));
  }
  void edge(UniformityNode from, UniformityNode to) { boost::add_edge(from, to, graph); }
  /// A node of the rules' own (a Value, a CF, ...), named after the rule row that adds it.
  UniformityNode node(NodeKind kind, Span span, std::string_view rule, std::string_view name = {}) {
    return add({kind, Reason::None, span, 0, name, rule});
  }
  /// X -> Source -> MayBeNonUniform: a non-uniform source, kept as its own node so that an
  /// explanation can say which one it is (reachability is the same as X -> MayBeNonUniform).
  UniformityNode source(Reason reason, Span span, std::string_view name, uint32_t index = 0,
                        uint32_t callee = UniformityNodeInfo::kNoFunction) {
    UniformityNode s = add({NodeKind::Source, reason, span, index, name});
    nodes[s].callee = callee;
    edge(s, kMayBeNonUniform);
    return s;
  }
  static constexpr UniformityNode kRequired = 0, kMayBeNonUniform = 1, kCFStart = 2, kCFReturn = 3;
};

/// The path a breadth-first search recorded (each node's predecessor, `none` at the start),
/// from its start to `to`.
std::vector<UniformityNode> pathTo(const std::vector<UniformityNode>& predecessor,
                                   UniformityNode to, UniformityNode none);

/// The links of a chain of implications (the nodes of a violating path without the special
/// nodes), as the text of a diagnostic ("a ← b ← c", at most 8 links and the last) and as one
/// note per link with the row of its rule.
std::string implicationChain(const CheckedModule& module, const UniformityResult& result,
                             const UniformityGraph& g, const std::vector<UniformityNode>& links);
std::vector<DiagnosticNote> implicationNotes(const CheckedModule& module,
                                             const UniformityResult& result,
                                             const UniformityGraph& g,
                                             const std::vector<UniformityNode>& links);

/// "builtin local_invocation_id is non-uniform", "`x` at 4:7", ...: one link of an explanation.
/// With `withCallee`, a requirement or source that comes from a user-defined function's tag says
/// why the callee has it (the callee's own reason, one level: the tags keep only their own
/// function's reason, so that explanations stay linear in size along call chains).
std::string describeNode(const CheckedModule& module, const UniformityResult& result,
                         const UniformityGraph& g, UniformityNode n, bool withCallee = true);

}  // namespace plumb
