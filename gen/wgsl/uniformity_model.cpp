#include "gen/wgsl/uniformity_model.h"

#include <functional>
#include <map>
#include <set>

namespace plumb::gen::wgsl::uniformity {

namespace {

using Graph = SymbolicGraph;

/// a && b, folding the constants true and false (no call of Z3's simplifier, which is slow on
/// thousands of small terms).
z3::expr conj(const z3::expr& a, const z3::expr& b) {
  if (a.is_true() || b.is_false()) return b;
  if (b.is_true() || a.is_false()) return a;
  return a && b;
}
z3::expr neg(const z3::expr& a) {
  if (a.is_true()) return a.ctx().bool_val(false);
  if (a.is_false()) return a.ctx().bool_val(true);
  return !a;
}
constexpr int kRequired = Graph::kRequired, kMayBeNonUniform = Graph::kMayBeNonUniform,
              kCFStart = Graph::kCFStart, kCFReturn = Graph::kCFReturn;

/// `(CF, E) => (CF', V)`
struct Flow {
  int cf, value;
};

// Built-in functions with other tags than the default (#uniformity-function-calls): "All
// functions in #sync-builtin-functions" (call site), "#derivative-builtin-functions,
// #texturesample, #texturesamplebias, #texturesamplecompare" (call site and return value),
// arrayLength (parameter).
bool isBarrier(const std::string& f) {
  return f == "workgroupBarrier" || f == "storageBarrier";
}
bool isDerivative(const std::string& f) {
  static const std::set<std::string> names = {
      "dpdx",          "dpdxCoarse",        "dpdxFine",
      "dpdy",          "dpdyCoarse",        "dpdyFine",
      "fwidth",        "fwidthCoarse",      "fwidthFine",
      "textureSample", "textureSampleBias", "textureSampleCompare"};
  return names.count(f) > 0;
}

/// "The following built-in input variables are considered uniform: workgroup_id,
/// num_workgroups. All other ones are considered non-uniform."
bool uniformBuiltin(const std::string& b) {
  return b == "workgroup_id" || b == "num_workgroups";
}

class Builder {
 public:
  Builder(z3::context& z, const Program& p, const Behaviors& b, const InstanceSpec& spec,
          const std::vector<FunctionTerms>& callees, const Function& f, Graph& g)
      : z_(z),
        p_(p),
        b_(b),
        spec_(spec),
        callees_(callees),
        f_(f),
        g_(g),
        guard_(z.bool_val(true)) {}

  /// The graph of the function: "Create nodes called RequiredToBeUniform, MayBeNonUniform,
  /// CF_start, CF_return, and if the function has a return type a node called Value_return.
  /// Create one node for each parameter of the function which we'll call arg_i."
  void build() {
    g_.nodes = 4;
    if (!f_.returnType.empty()) valueReturn = g_.nodes++;
    for (size_t i = 0; i < f_.params.size(); ++i) {
      int arg = g_.nodes++;
      arguments.push_back(arg);
      // U2 (strict): the contents of a function-space pointer parameter: reads see the
      // caller's contents (-> arg_i) and the callee's own writes.
      if (spec_.strict && f_.params[i].type.starts_with("ptr<function")) {
        int c = g_.nodes++;
        edge(c, arg);
        contents[i] = c;
      }
    }
    entry_ = !f_.stage.empty();
    int end = list(kCFStart, f_.body);
    // U4 (strict): falling off the end of the body returns, as `return;` would.
    if (spec_.strict && (b_.ofList(f_.body, spec_.twin) & kNext)) edge(kCFReturn, end);
  }

  std::optional<int> valueReturn;
  std::vector<int> arguments;
  std::map<size_t, int> contents;  // by parameter index (strict)
  std::string error;

 private:
  int node() { return g_.nodes++; }
  void edge(int from, int to, bool key = false) {
    if (key && spec_.dropKeys) return;
    g_.edges.push_back({from, to, guard_});
  }
  void edgeIf(int from, int to, const z3::expr& when, bool key = false) {
    if (key && spec_.dropKeys) return;
    g_.edges.push_back({from, to, conj(guard_, when)});
  }
  int source() {
    int s = node();
    edge(s, kMayBeNonUniform);
    return s;
  }
  void require(int x, const z3::expr& when, bool key) {
    if (key && spec_.dropKeys) return;
    int r = node();
    g_.edges.push_back({kRequired, r, conj(guard_, when)});
    g_.edges.push_back({r, x, conj(guard_, when)});
    g_.requirements.push_back({r, statement_});
  }
  static bool has(Key k, Key bit) { return (k & bit) != 0; }

  // ------------------------------------------------------------------------------ statements
  int list(int cf, const std::vector<StmtP>& body) {
    for (const StmtP& s : body) {
      cf = stmt(cf, *s);
      // "s1 s2, without Next in behavior of s1: s2 is statically unreachable and not
      // recursively analyzed."
      if (!(b_.of(*s, spec_.twin) & kNext)) break;
    }
    return cf;
  }

  int stmt(int cf, const Stmt& s) {
    const Stmt* outer = statement_;
    statement_ = &s;
    int r = compute(cf, s);
    statement_ = outer;
    return r;
  }

  int compute(int cf, const Stmt& s) {
    Behavior behavior = b_.of(s, spec_.twin);
    switch (s.kind) {
      case Stmt::Block:
        return list(cf, s.body);  // {s}: (CF, s) => CF'
      case Stmt::Let: {
        // let x = e: (CF, e) => (CF', V); the node of x is V.
        Flow e = expr(cf, *s.e);
        locals_[s.name] = e.value;
        if (s.type == "ptr") pointerRoots_[s.name] = root(e.cf, *s.e).node;  // U6
        return e.cf;
      }
      case Stmt::Var: {
        // U3: var x: T creates X; var x = e adds X -> V, as the assignment x = e would.
        int x = node();
        locals_[s.name] = x;
        if (!s.e) return cf;
        Flow e = expr(cf, *s.e);
        edge(x, e.value, has(s.key, Key1));
        return e.cf;
      }
      case Stmt::Const:
        consts_.insert(s.name);  // U7: a creation-time value, uniform; no row
        return cf;
      case Stmt::Assign: {
        // e2 = e1: (CF, e1) => (CF1, V1); LValue: (CF1, e2) => (CF2, L2); L2 -> V1
        Flow v = expr(cf, *s.e2);
        Flow l = lvalue(v.cf, *s.e);
        edge(l.value, v.value, has(s.key, Key1));
        return l.cf;
      }
      case Stmt::Compound: {
        // U7: e2 op= e1 as e2 = e2 op e1, e2 evaluated once, first.
        Flow x = expr(cf, *s.e);
        Flow v = expr(x.cf, *s.e2);
        int result = node();
        edge(result, x.value);
        edge(result, v.value);
        Flow l = lvalue(v.cf, *s.e);
        edge(l.value, result);
        return l.cf;
      }
      case Stmt::Increment: {
        // U7: x++ as x = x + 1 (the literal's value node is the control flow).
        Flow x = expr(cf, *s.e);
        int result = node();
        edge(result, x.value);
        edge(result, x.cf);
        Flow l = lvalue(x.cf, *s.e);
        edge(l.value, result);
        return l.cf;
      }
      case Stmt::Phony:
      case Stmt::CallStmt:
        return expr(cf, *s.e).cf;  // _ = e: (CF, e) => (CF', V); CF'
      case Stmt::If: {
        // (CF, e) => (CF', V); (V, s1) => CF1; (V, s2) => CF2
        Flow c = expr(cf, *s.e);
        int branch = node();
        edge(branch, c.value, has(s.key, Key1));
        int cf1 = list(branch, s.body);
        int cf2 = !s.hasElse ? branch
                  : s.elseIf ? stmt(branch, *s.other[0])
                             : list(branch, s.other);
        // with behavior {Next}: CF (U5, strict: CF'); another behavior: CFend -> {CF1, CF2}.
        if (behavior == kNext) return spec_.strict ? c.cf : cf;
        int end = node();
        edge(end, cf1, has(s.key, Key2));
        edge(end, cf2, has(s.key, Key2));
        return end;
      }
      case Stmt::Switch: {
        // (CF, e) => (CF', V); (V, s_1) => CF_1 ...; if s_(n-1) may fall through,
        // (CF_(n-1), s_n) => CF_n, else (V, s_n) => CF_n.
        Flow c = expr(cf, *s.e);
        int branch = node();
        edge(branch, c.value, has(s.key, Key1));
        std::vector<int> ends;
        int previous = branch;
        bool fallsThrough = false;
        for (const Clause& clause : s.clauses) {
          int start = branch;
          if (fallsThrough) {
            start = node();
            edge(start, previous, has(s.key, Key3));
          }
          previous = list(start, clause.body);
          ends.push_back(previous);
          fallsThrough = b_.ofList(clause.body, spec_.twin) & kFallthrough;
        }
        if (behavior == kNext) return spec_.strict ? c.cf : cf;
        int end = node();
        for (int e : ends) edge(end, e, has(s.key, Key2));
        return end;
      }
      case Stmt::Loop: {
        // New node CF'; (CF', s1) => CF1; (CF1, s2) => CF2; CF' -> {CF2, CF}
        int l = node();
        int cf1 = list(l, s.body);
        int cf2 = s.hasContinuing ? list(cf1, s.other) : cf1;
        edge(l, cf2, has(s.key, Key1));
        edge(l, cf, has(s.key, Key2));
        return behavior == kNext ? cf : l;
      }
      case Stmt::For: {
        // #for-statement: { init; loop { if !(cond) { break; } body continuing { update } } }
        int start = s.init ? stmt(cf, *s.init) : cf;
        int l = node();
        int cf1 = s.e ? conditionalBreak(l, *s.e, has(s.key, Key3)) : l;
        cf1 = list(cf1, s.body);
        if (s.update) cf1 = stmt(cf1, *s.update);
        edge(l, cf1, has(s.key, Key1));
        edge(l, start, has(s.key, Key2));
        return behavior == kNext ? start : l;
      }
      case Stmt::While: {
        // #while-statement: loop { if !(cond) { break; } body }
        int l = node();
        int cf1 = conditionalBreak(l, *s.e, has(s.key, Key3));
        cf1 = list(cf1, s.body);
        edge(l, cf1, has(s.key, Key1));
        edge(l, cf, has(s.key, Key2));
        return behavior == kNext ? cf : l;
      }
      case Stmt::BreakIf: {
        // (CF, e) => (CF', V); CF'. U13 (strict): CFend -> {CF', V}.
        Flow c = expr(cf, *s.e);
        if (!spec_.strict) return c.cf;
        int end = node();
        edge(end, c.cf, s.key != KeyNone);
        edge(end, c.value, s.key != KeyNone);
        return end;
      }
      case Stmt::Return: {
        if (!s.e) {
          edge(kCFReturn, cf, has(s.key, Key1));  // CF_return -> CF
          return cf;
        }
        Flow e = expr(cf, *s.e);
        edge(kCFReturn, e.cf, has(s.key, Key1));                         // CF_return -> CF'
        if (valueReturn) edge(*valueReturn, e.value, has(s.key, Key2));  // Value_return -> V
        return e.cf;
      }
      case Stmt::Alt:
        return alternatives(cf, s);
      case Stmt::Twin:
        return stmt(cf, *s.alternatives[spec_.twin]);
      default:
        // break; continue; fallthrough; discard: CF.
        return cf;
    }
  }

  /// The `if !(cond) { break; }` of a desugared loop: behavior {Break, Next} (another than
  /// {Next}): CFend -> {CF1, CF2}, both V.
  int conditionalBreak(int cf, const Expr& cond, bool key) {
    Flow c = expr(cf, cond);
    int end = node();
    edge(end, c.value, key);
    return end;
  }

  /// A choice of statements: each alternative is analyzed under the guard "this alternative is
  /// picked"; the control flow after it, and each name it declares, is a node with a guarded
  /// edge to each alternative's.
  int alternatives(int cf, const Stmt& s) {
    z3::expr outer = guard_;
    std::vector<int> ends;
    std::map<std::string, std::vector<std::pair<int, int>>> declared;  // name -> (alt, node)
    for (size_t k = 0; k < s.alternatives.size(); ++k) {
      guard_ = conj(outer, spec_.choice[s.slot] == z_.int_val(static_cast<int>(k)));
      std::map<std::string, int> before = locals_;
      ends.push_back(stmt(cf, *s.alternatives[k]));
      for (const auto& [name, n] : locals_)
        if (!before.count(name) || before[name] != n) declared[name].push_back({int(k), n});
      locals_ = before;
    }
    guard_ = outer;
    for (const auto& [name, list] : declared) {
      int mux = node();
      for (auto [k, n] : list) edgeIf(mux, n, spec_.choice[s.slot] == z_.int_val(k));
      locals_[name] = mux;
    }
    int mux = node();
    for (size_t k = 0; k < ends.size(); ++k)
      edgeIf(mux, ends[k], spec_.choice[s.slot] == z_.int_val(static_cast<int>(k)));
    return mux;
  }

  // ----------------------------------------------------------------------------- expressions
  Flow expr(int cf, const Expr& e) {
    switch (e.kind) {
      case Expr::Literal:
        return {cf, cf};  // Literal: CF, CF
      case Expr::Ref:
        return reference(cf, e);
      case Expr::Unary:
      case Expr::Member:
        // op e, e.field: (CF, e) => (CF', V); CF', V. U8: bitcast as a unary operator.
        return expr(cf, *e.kids[0]);
      case Expr::Binary:
      case Expr::Index: {
        // Result; (CF, e1) => (CF1, V1); (CF1, e2) => (CF2, V2); CF2, Result; Result -> {V1, V2}
        Flow l = expr(cf, *e.kids[0]);
        Flow r = expr(l.cf, *e.kids[1]);
        int result = node();
        edge(result, l.value, has(e.key, Key1));
        edge(result, r.value, has(e.key, Key2));
        return {r.cf, result};
      }
      case Expr::And:
      case Expr::Or: {
        // (CF, e1) => (CF1, V1); (V1, e2) => (CF2, V2); with behavior {Next}: CF, V2 (U5,
        // strict: CF1); another behavior: CF2, V2.
        Flow l = expr(cf, *e.kids[0]);
        int right = node();
        edge(right, l.value, has(e.key, Key1));
        Flow r = expr(right, *e.kids[1]);
        if (b_.ofExpr(e, spec_.twin) == kNext) return {spec_.strict ? l.cf : cf, r.value};
        return {r.cf, r.value};
      }
      case Expr::Call:
        return callExpr(cf, e);
      case Expr::Alt: {
        z3::expr outer = guard_;
        int cfMux = node(), valueMux = node();
        for (size_t k = 0; k < e.kids.size(); ++k) {
          z3::expr picked = spec_.choice[e.slot] == z_.int_val(static_cast<int>(k));
          guard_ = conj(outer, picked);
          Flow f = expr(cf, *e.kids[k]);
          edge(cfMux, f.cf);
          edge(valueMux, f.value);
        }
        guard_ = outer;
        return {cfMux, valueMux};
      }
      case Expr::Twin:
        return expr(cf, *e.kids[spec_.twin]);
    }
    return {cf, cf};
  }

  Flow reference(int cf, const Expr& e) {
    const std::string& n = e.text;
    auto local = locals_.find(n);
    if (consts_.count(n)) return {cf, cf};  // U7: creation-time constant
    if (local != locals_.end()) {
      // reference to function-scope variable or let-declaration: Result -> {CF, X}
      int result = node();
      edge(result, cf, has(e.key, Key1));
      edge(result, local->second, has(e.key, Key2));
      return {cf, result};
    }
    for (size_t i = 0; i < f_.params.size(); ++i) {
      const Param& pa = f_.params[i];
      if (pa.name != n) continue;
      if (entry_ && !pa.builtin.empty()) {
        // reference to uniform built-in value: CF, CF; non-uniform: CF, MayBeNonUniform
        if (uniformBuiltin(pa.builtin)) return {cf, cf};
        return {cf, source()};
      }
      if (entry_ && spec_.strict && pa.location >= 0) return {cf, source()};  // U1
      if (entry_ && spec_.strict && pa.structOfBuiltins)                      // U9
        return pa.uniformStruct ? Flow{cf, cf} : Flow{cf, source()};
      // non-built-in parameter: Result -> {CF, X}, X = arg_i (strict: the contents of *p)
      int result = node();
      edge(result, cf, has(e.key, Key1));
      auto c = contents.find(i);
      edge(result, c != contents.end() ? c->second : arguments[i], has(e.key, Key2));
      return {cf, result};
    }
    auto m = p_.moduleNames.find(n);
    if (m == p_.moduleNames.end()) {
      if (error.empty()) error = "unknown name '" + n + "'";
      return {cf, cf};
    }
    // read-only module-scope variable (and U7: const, override): CF, CF;
    // non-read-only module-scope variable: CF, MayBeNonUniform
    if (m->second.kind == ModuleName::NonReadOnlyVariable) return {cf, source()};
    return {cf, cf};
  }

  Flow callExpr(int cf, const Expr& e) {
    // #uniformity-function-calls: the arguments in order, each from the previous one's CF.
    // U10: with no arguments, the last CF_i is CF.
    std::vector<int> args;
    for (const ExprP& a : e.kids) {
      Flow f = expr(cf, *a);
      cf = f.cf;
      args.push_back(f.value);
    }
    bool key = e.key != KeyNone;
    const FunctionTerms* user = nullptr;
    for (const FunctionTerms& c : callees_)
      if (c.name == e.text) user = &c;
    int result = node(), after = node();
    z3::expr t = z_.bool_val(true), f = z_.bool_val(false);
    z3::expr siteRequired =
        user ? user->callSiteRequired : z_.bool_val(isBarrier(e.text) || isDerivative(e.text));
    z3::expr subsequent = user ? user->subsequent : f;
    z3::expr returnValue = user ? user->returnValue : z_.bool_val(isDerivative(e.text));
    // "If the call site tag is CallSiteRequiredToBeUniform, then add an edge from
    // RequiredToBeUniform to the last CF_i. Otherwise add an edge from CF_after to the last CF_i."
    require(cf, siteRequired, key);
    edgeIf(after, cf, neg(siteRequired), key);
    // "If the function tag is SubsequentControlFlowMayBeNonUniform, then add an edge from
    // CF_after to MayBeNonUniform. Otherwise if the function tag is ReturnValueMayBeNonUniform,
    // then add an edge from Result to MayBeNonUniform."
    edgeIf(after, kMayBeNonUniform, subsequent, key);
    edgeIf(result, kMayBeNonUniform, conj(neg(subsequent), returnValue), key);
    edge(result, after, key);  // "Add an edge from Result to CF_after"
    for (size_t i = 0; i < args.size(); ++i) {
      if (!user) {
        // Built-ins: ParameterRequiredToBeUniformForReturnValue; arrayLength: no restriction.
        // (Type constructors, U8: as built-in functions with the default tags.)
        if (e.text != "arrayLength") edge(result, args[i], key);
        continue;
      }
      z3::expr req = user->paramRequired[i], sub = user->paramSubsequent[i],
               ret = user->paramReturn[i];
      require(args[i], req, key);
      edgeIf(after, args[i], conj(neg(req), sub), key);
      edgeIf(result, args[i], conj(conj(neg(req), neg(sub)), ret), key);
      // U2 (strict): what the callee may store through a function-space pointer argument goes
      // to the root identifier's node of the argument (`&v` or a pointer parameter).
      if (spec_.strict && i < user->contentsNonUniform.size()) {
        int target = root(cf, *e.kids[i]).node;
        edgeIf(target, source(), user->contentsNonUniform[i]);
        edgeIf(target, cf, user->contentsCallSite[i]);
        for (size_t j = 0; j < args.size(); ++j)
          if (j != i) edgeIf(target, args[j], user->contentsArgument[i][j]);
      }
    }
    return {after, result};
  }

  // ---------------------------------------------------------------------------------- lvalues
  Flow lvalue(int cf, const Expr& e) {
    switch (e.kind) {
      case Expr::Member:
        return lvalue(cf, *e.kids[0]);  // e.field: LValue (CF, e) => (CF1, L1); CF1, L1
      case Expr::Index: {
        // LValue: (CF, e1) => (CF1, L1); (CF1, e2) => (CF2, V2); CF2, L1; L1 -> V2
        Flow l = lvalue(cf, *e.kids[0]);
        Flow v = expr(l.cf, *e.kids[1]);
        edge(l.value, v.value, has(e.key, Key2));
        return {v.cf, l.value};
      }
      case Expr::Unary: {
        // U6: *e writes its root identifier, at the indices on the way.
        Root r = root(cf, *e.kids[0]);
        for (int n : r.indices) edge(r.node, n);
        return {r.cf, r.node};
      }
      case Expr::Ref:
        return {cf, rootIdentifier(e.text)};
      case Expr::Twin:
        return lvalue(cf, *e.kids[spec_.twin]);
      default:
        return {cf, kMayBeNonUniform};
    }
  }

  struct Root {
    int node = kMayBeNonUniform;
    std::vector<int> indices;
    int cf = kMayBeNonUniform;
  };
  Root root(int cf, const Expr& e) {
    switch (e.kind) {
      case Expr::Member:
      case Expr::Unary:
        return root(cf, *e.kids[0]);
      case Expr::Index: {
        Root r = root(cf, *e.kids[0]);
        Flow v = expr(r.cf, *e.kids[1]);
        r.indices.push_back(v.value);
        r.cf = v.cf;
        return r;
      }
      case Expr::Ref: {
        Root r;
        r.node = rootIdentifier(e.text);
        r.cf = cf;
        return r;
      }
      case Expr::Twin:
        return root(cf, *e.kids[spec_.twin]);
      default: {
        Root r;
        r.cf = cf;
        return r;
      }
    }
  }
  /// The lvalue row "reference to function-scope variable, creation-time constant,
  /// let-declaration, or parameter x": X; "reference to module-scope variable": MayBeNonUniform.
  int rootIdentifier(const std::string& n) {
    if (auto it = pointerRoots_.find(n); it != pointerRoots_.end()) return it->second;
    if (auto it = locals_.find(n); it != locals_.end()) return it->second;
    for (size_t i = 0; i < f_.params.size(); ++i)
      if (f_.params[i].name == n) {
        auto c = contents.find(i);
        return c != contents.end() ? c->second : arguments[i];
      }
    return kMayBeNonUniform;
  }

  z3::context& z_;
  const Program& p_;
  const Behaviors& b_;
  const InstanceSpec& spec_;
  const std::vector<FunctionTerms>& callees_;
  const Function& f_;
  Graph& g_;
  z3::expr guard_;
  bool entry_ = false;
  const Stmt* statement_ = nullptr;
  std::map<std::string, int> locals_;
  std::map<std::string, int> pointerRoots_;
  std::set<std::string> consts_;
};

// ------------------------------------------------------------------------------- reachability

/// The graph the searches run on: edges whose guard is false are dropped, and a node that is
/// none of the named nodes and has one outgoing edge is merged into its target (an edge a -> n
/// guarded g1, n -> m guarded g becomes a -> m guarded g1 && g). Reachability of the named nodes
/// is unchanged, also with removed nodes: if n is reached, m is reached exactly when g holds.
Graph simplified(const Graph& g, const std::vector<bool>& named) {
  std::vector<std::vector<int>> in(g.nodes), out(g.nodes);
  std::vector<std::optional<SymbolicGraph::Edge>> edges;
  for (const SymbolicGraph::Edge& e : g.edges) {
    const z3::expr& guard = e.guard;
    if (guard.is_false()) continue;
    int i = static_cast<int>(edges.size());
    edges.push_back(SymbolicGraph::Edge{e.from, e.to, guard});
    out[e.from].push_back(i);
    in[e.to].push_back(i);
  }
  auto live = [&](std::vector<int>& list) {
    std::erase_if(list, [&](int i) { return !edges[i]; });
  };
  bool changed = true;
  while (changed) {
    changed = false;
    for (int n = 0; n < g.nodes; ++n) {
      if (named[n]) continue;
      live(out[n]);
      live(in[n]);
      if (out[n].empty() && !in[n].empty()) {
        for (int i : in[n]) edges[i].reset();  // a dead end
        in[n].clear();
        changed = true;
        continue;
      }
      if (out[n].size() != 1 || in[n].empty()) continue;
      SymbolicGraph::Edge next = *edges[out[n][0]];
      if (next.to == n) continue;
      for (int i : in[n]) {
        SymbolicGraph::Edge e = *edges[i];
        edges[i].reset();
        if (e.from == n) continue;
        int k = static_cast<int>(edges.size());
        edges.push_back(SymbolicGraph::Edge{e.from, next.to, conj(e.guard, next.guard)});
        out[e.from].push_back(k);
        in[next.to].push_back(k);
      }
      edges[out[n][0]].reset();
      in[n].clear();
      out[n].clear();
      changed = true;
    }
  }
  Graph r;
  r.nodes = g.nodes;
  for (const auto& e : edges)
    if (e) r.edges.push_back(*e);
  return r;
}

/// Exact reachability from `start` over the guarded edges, with the nodes `removed` taken out
/// of the graph ("Remove from the graph all nodes that have been visited").
std::vector<z3::expr> reach(z3::context& z, z3::solver& s, const Graph& g, int start,
                            const std::vector<z3::expr>& removed, const std::string& name) {
  std::vector<std::vector<size_t>> in(g.nodes), out(g.nodes);
  for (size_t i = 0; i < g.edges.size(); ++i) {
    in[g.edges[i].to].push_back(i);
    out[g.edges[i].from].push_back(i);
  }
  // Nodes that no edge path reaches are unreached whatever the guards.
  std::vector<bool> possible(g.nodes, false);
  std::vector<int> stack = {start};
  possible[start] = true;
  while (!stack.empty()) {
    int n = stack.back();
    stack.pop_back();
    for (size_t e : out[n])
      if (!possible[g.edges[e].to]) possible[g.edges[e].to] = true, stack.push_back(g.edges[e].to);
  }
  // Strongly connected components (Tarjan) of the possible part: a node can support itself
  // only through a cycle, so levels are needed only for edges inside a component.
  std::vector<int> component(g.nodes, -1), low(g.nodes, 0), order(g.nodes, -1);
  std::vector<int> componentSize;
  std::vector<int> tarjan;
  std::vector<bool> onStack(g.nodes, false);
  int counter = 0;
  std::function<void(int)> visit = [&](int v) {
    order[v] = low[v] = counter++;
    tarjan.push_back(v);
    onStack[v] = true;
    for (size_t e : out[v]) {
      int w = g.edges[e].to;
      if (order[w] < 0) {
        visit(w);
        low[v] = std::min(low[v], low[w]);
      } else if (onStack[w]) {
        low[v] = std::min(low[v], order[w]);
      }
    }
    if (low[v] == order[v]) {
      int id = static_cast<int>(componentSize.size()), size = 0;
      int w;
      do {
        w = tarjan.back();
        tarjan.pop_back();
        onStack[w] = false;
        component[w] = id;
        ++size;
      } while (w != v);
      componentSize.push_back(size);
    }
  };
  visit(start);
  std::vector<z3::expr> r, level;
  for (int n = 0; n < g.nodes; ++n) {
    std::string id = name + "_" + std::to_string(n);
    r.push_back(possible[n] ? z.bool_const(("r" + id).c_str()) : z.bool_val(false));
    bool cyclic = possible[n] && componentSize[component[n]] > 1;
    level.push_back(cyclic ? z.int_const(("l" + id).c_str()) : z.int_val(0));
  }
  s.add(r[start] == neg(removed[start]));
  for (int n = 0; n < g.nodes; ++n) {
    if (!possible[n] || n == start) continue;
    // Support: reached only from a reached predecessor (at a lower level inside a cycle), and
    // never if removed.
    z3::expr support = z.bool_val(false);
    for (size_t e : in[n]) {
      int a = g.edges[e].from;
      if (!possible[a]) continue;
      z3::expr step = conj(r[a], g.edges[e].guard);
      if (component[a] == component[n]) step = conj(step, level[a] < level[n]);
      support = support.is_false() ? step : support || step;
    }
    s.add(z3::implies(r[n], conj(neg(removed[n]), support)));
  }
  // Closure: a true edge from a reached node reaches its target unless removed.
  for (const SymbolicGraph::Edge& e : g.edges) {
    if (!possible[e.from]) continue;
    if (r[e.to].is_false()) continue;
    s.add(z3::implies(conj(conj(r[e.from], e.guard), neg(removed[e.to])), r[e.to]));
  }
  return r;
}

}  // namespace

InstanceTerms encodeInstance(z3::context& z, z3::solver& s, const Program& p,
                             const Behaviors& behaviors, const InstanceSpec& spec) {
  InstanceTerms out{{}, {}, z.bool_val(false), ""};
  for (const Function& f : p.functions) {
    out.graphs.emplace_back();
    Graph& g = out.graphs.back();
    Builder b(z, p, behaviors, spec, out.functions, f, g);
    b.build();
    if (!b.error.empty() && out.error.empty()) out.error = b.error;
    std::string name = spec.name + "_" + f.name;
    z3::expr f0 = z.bool_val(false);
    std::vector<bool> named(g.nodes, false);
    for (int k : {kRequired, kMayBeNonUniform, kCFStart, kCFReturn}) named[k] = true;
    if (b.valueReturn) named[*b.valueReturn] = true;
    for (int a : b.arguments) named[a] = true;
    for (const auto& [i, c] : b.contents) named[c] = true;
    const Graph small = simplified(g, named);
    std::vector<z3::expr> none(g.nodes, f0);
    FunctionTerms t{f.name, f0, f0, f0, f0, {}, {}, {}, {}, {}, {}};
    // U2 (strict): the pointer-contents tags, on the whole graph.
    size_t n = f.params.size();
    t.contentsNonUniform.assign(n, f0);
    t.contentsCallSite.assign(n, f0);
    t.contentsArgument.assign(n, std::vector<z3::expr>(n, f0));
    for (const auto& [i, c] : b.contents) {
      std::vector<z3::expr> rc = reach(z, s, small, c, none, name + "_c" + std::to_string(i));
      t.contentsNonUniform[i] = rc[kMayBeNonUniform];
      t.contentsCallSite[i] = rc[kCFStart];
      for (size_t j = 0; j < n; ++j)
        if (j != i) t.contentsArgument[i][j] = rc[b.arguments[j]];
    }
    // "Look at which nodes are reachable from RequiredToBeUniform."
    std::vector<z3::expr> r1 = reach(z, s, small, kRequired, none, name + "_q");
    t.rejected = r1[kMayBeNonUniform];
    t.callSiteRequired = r1[kCFStart];
    // "Look at which nodes are reachable from CF_return" (the visited ones removed).
    std::vector<z3::expr> r2 = reach(z, s, small, kCFReturn, r1, name + "_r");
    t.subsequent = r2[kMayBeNonUniform];
    std::vector<z3::expr> removed;
    for (int k = 0; k < g.nodes; ++k)
      removed.push_back(r1[k].is_false() ? r2[k] : r2[k].is_false() ? r1[k] : r1[k] || r2[k]);
    // "If Value_return exists, look at which nodes are reachable from it."
    std::vector<z3::expr> r3 = none;
    if (b.valueReturn) r3 = reach(z, s, small, *b.valueReturn, removed, name + "_v");
    t.returnValue = r3[kMayBeNonUniform];
    for (int arg : b.arguments) {
      t.paramRequired.push_back(r1[arg]);
      t.paramSubsequent.push_back(r2[arg]);
      t.paramReturn.push_back(r3[arg]);
    }
    out.rejected = out.rejected.is_false() ? t.rejected : out.rejected || t.rejected;
    out.functions.push_back(std::move(t));
  }
  return out;
}

Violation violationIn(const InstanceTerms& t, z3::model& m) {
  Violation v;
  for (size_t fi = 0; fi < t.graphs.size(); ++fi) {
    const Graph& g = t.graphs[fi];
    std::vector<std::vector<int>> out(g.nodes);
    for (const Graph::Edge& e : g.edges)
      if (m.eval(e.guard, true).is_true()) out[e.from].push_back(e.to);
    auto reaches = [&](int from, int to) {
      std::vector<bool> seen(g.nodes, false);
      std::vector<int> stack = {from};
      seen[from] = true;
      while (!stack.empty()) {
        int n = stack.back();
        stack.pop_back();
        if (n == to) return true;
        for (int x : out[n])
          if (!seen[x]) seen[x] = true, stack.push_back(x);
      }
      return false;
    };
    if (!reaches(kRequired, kMayBeNonUniform)) continue;
    v.function = static_cast<int>(fi);
    for (const SymbolicGraph::Requirement& r : g.requirements) {
      bool active = false;
      for (int x : out[kRequired]) active = active || x == r.node;
      if (active && reaches(r.node, kMayBeNonUniform)) v.statements.push_back(r.statement);
    }
    return v;
  }
  return v;
}

}  // namespace plumb::gen::wgsl::uniformity
