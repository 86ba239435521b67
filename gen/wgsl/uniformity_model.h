// The family's own derivation of a uniformity verdict (#uniformity): the graph of every function
// of a generated program built by the rule tables of the seed (#uniformity-statements,
// #uniformity-function-calls, #uniformity-expressions, with Plumb's documented readings of the
// holes, docs/ambiguities.md U1-U13, and the strict fixes when asked), and its second phase
// (#uniformity-function: reachability from RequiredToBeUniform, CF_return and Value_return with
// visited nodes removed; the tags; the rejection) encoded in Z3.
//
// The graph is symbolic: an edge carries a guard, a Boolean over the program's choices (which
// alternative Z3 picks at a choice) and over the callees' tags (themselves Z3 terms). The
// reachability of each search is encoded exactly: a node is reached iff it is the start or has
// a reached predecessor over a true edge at a lower level (least fixpoint: levels rule out
// self-supporting cycles), and every true edge from a reached node reaches its target (closure).
// So the verdict, the tags and the choices are one Z3 problem: the solver picks the choices that
// give each instance (the valid twin, the invalid twin, ...) the verdict the row asks for.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "gen/wgsl/uniformity_program.h"

namespace plumb::gen::wgsl::uniformity {

/// One reading of the program: which twin, which analysis (the seed's, or --strict-uniformity),
/// and whether the row's key edges are left out (to check that the row's construct decides).
struct InstanceSpec {
  int twin = 0;
  bool strict = false;
  bool dropKeys = false;
  std::vector<z3::expr> choice;  // by slot: the Int that picks the alternative
  std::string name;              // prefix of the instance's Z3 constants
};

/// The tags of one function (#uniformity-function) as Z3 terms.
struct FunctionTerms {
  std::string name;
  z3::expr rejected, callSiteRequired, subsequent, returnValue;
  std::vector<z3::expr> paramRequired, paramSubsequent, paramReturn;
  // --strict-uniformity, U2: what a write through a function-space pointer parameter tells
  // the caller (one entry per parameter; false terms for the others).
  std::vector<z3::expr> contentsNonUniform, contentsCallSite;
  std::vector<std::vector<z3::expr>> contentsArgument;  // [i][j]: contents of *p_i depend on arg j
};

/// A graph as built, kept for the concrete reading of a model (which requirement is violated).
struct SymbolicGraph {
  struct Edge {
    int from, to;
    z3::expr guard;
  };
  struct Requirement {
    int node;
    const Stmt* statement;  // the statement holding the call
  };
  int nodes = 0;
  std::vector<Edge> edges;
  std::vector<Requirement> requirements;  // RequiredToBeUniform -> node
  static constexpr int kRequired = 0, kMayBeNonUniform = 1, kCFStart = 2, kCFReturn = 3;
};

struct InstanceTerms {
  std::vector<FunctionTerms> functions;  // as the program's functions
  std::vector<SymbolicGraph> graphs;
  z3::expr rejected;  // some function is rejected
  std::string error;  // the program is outside the family's subset
};

/// Builds the graphs of `p` for one instance and adds the reachability constraints to `s`.
InstanceTerms encodeInstance(z3::context& z, z3::solver& s, const Program& p,
                             const Behaviors& behaviors, const InstanceSpec& spec);

/// After a solve: the statements whose requirement reaches MayBeNonUniform in the first rejected
/// function (the analysis order), evaluated on the model.
struct Violation {
  int function = -1;
  std::vector<const Stmt*> statements;
};
Violation violationIn(const InstanceTerms& t, z3::model& m);

}  // namespace plumb::gen::wgsl::uniformity
