// Revision 2026's uniformity analysis, phase 1 (new#uniformity-function): the graph of a
// function at one uniformity scope, built by the rules of new#func-var-value-analysis,
// new#uniformity-statements, new#uniformity-function-calls and new#uniformity-expressions,
// with pointer parameters desugared (new#pointer-desugar). The differences from the seed's
// rules (checker/wgsl/uniformity.cpp) are delta 5, U1-U18. Phase 2 is uniformity_current_tags.cpp.
#include <algorithm>
#include <unordered_map>

#include "checker/wgsl/uniformity_current_internal.h"

namespace plumb {

using namespace ast;

namespace {

using Node = UniformityNode;
constexpr Node kNone = ~Node{0};
constexpr Node kCFStart = UniformityGraph::kCFStart;

// Rows of the 2026 tables, as their first column reads.
constexpr std::string_view kRowLoad =
    "identifier resolving to function-scope variable x, load rule invoked: Result -> {CF, X}";
constexpr std::string_view kRowLet =
    "identifier resolving to let-declaration or non-built-in formal parameter: Result -> {CF, X}";
constexpr std::string_view kRowBinary = "e1 op e2 / e2[e1]: Result -> {V1, V2}";
constexpr std::string_view kRowCall = "function call: Result -> CF";
constexpr std::string_view kRowLoop = "loop {s1 continuing {s2}}: CF' -> {CF2, CF}";
constexpr std::string_view kRowIf = "if e s1 else s2 with another behavior: CFend -> {CF1, CF2}";
constexpr std::string_view kRowSwitch =
    "switch e ... with another behavior: CFend -> {CF_1, ..., CF_n}";
constexpr std::string_view kRowBreakIf = "break if e: CFend -> V";
constexpr std::string_view kRowJoin =
    "new#func-var-value-analysis: join of the assignments that reach here";
constexpr std::string_view kRowAssign =
    "new#func-var-value-analysis: Vout(S) -> {CF, V(e)} (partial: and Vout(prev))";

/// new#behaviors-rules (delta 4.1): `discard` is {Next}. The checker's behaviors are the
/// seed's, where it is {Discard}; a Discard reads as Next here.
Behavior current(Behavior b) {
  if (b & kDiscard) b = static_cast<Behavior>((b & ~kDiscard) | kNext);
  return static_cast<Behavior>(b & ~kFallthrough);
}

/// The reductions and broadcasts whose result is uniform at subgroup scope
/// (new#uniformity-function-calls).
bool subgroupUniformResult(std::string_view n) {
  return n == "subgroupAdd" || n == "subgroupAll" || n == "subgroupAnd" || n == "subgroupAny" ||
         n == "subgroupBallot" || n == "subgroupBroadcast" || n == "subgroupBroadcastFirst" ||
         n == "subgroupMax" || n == "subgroupMin" || n == "subgroupMul" || n == "subgroupOr" ||
         n == "subgroupXor";
}

/// How an expression is used (for "the load rule is invoked on MVE").
enum class Use : uint8_t {
  Value,         // an operand: a reference is loaded, a pointer is a value
  LoadedView,    // the memory view of a loaded reference (under `*`, `.m`, `[i]`)
  UnloadedView,  // the memory view under `&`
};

class CurrentGraphBuilder {
 public:
  CurrentGraphBuilder(const CheckedModule& out, const UniformityResult& result,
                      const std::vector<StatementFilter>& filters, UniformityScope scope,
                      UniformityGraph& g, CurrentFunctionRecord& record, bool annotate)
      : out_(out),
        m_(out.module),
        result_(result),
        filters_(filters),
        scope_(scope),
        g_(g),
        record_(record),
        annotate_(annotate) {}

  void build(uint32_t index) {
    const ModuleDeclaration& d = out_.declarations[index];
    const auto& f = std::get<FunctionDeclaration>(m_[d.global].node);
    g_.function = index;
    function_ = index;
    stage_ = d.attributes.stage;
    // new#uniformity-function: "Create the following nodes: RequiredToBeUniform.error,
    // RequiredToBeUniform.warning, and RequiredToBeUniform.info ... MayBeNonUniform, CF_start,
    // param_i ... Value_return". Nodes 0-3 keep the seed's numbering for the shared code
    // (RequiredToBeUniform.error, MayBeNonUniform, CF_start; 3 is .warning here).
    g_.add({NodeKind::RequiredToBeUniform, Reason::None, {}, 0});
    g_.add({NodeKind::MayBeNonUniform});
    g_.add({NodeKind::CFStart, Reason::None, d.nameSpan, 0, m_.name(d.name)});
    record_.required[0] = UniformityGraph::kRequired;
    record_.required[1] = g_.add({NodeKind::RequiredToBeUniform, Reason::None, {}, 1});
    record_.required[2] = g_.add({NodeKind::RequiredToBeUniform, Reason::None, {}, 2});
    if (f.returnType)
      record_.valueReturn =
          g_.add({NodeKind::ValueReturn, Reason::None, d.nameSpan, 0, m_.name(d.name)});
    std::span<const ParameterId> params = m_[f.parameters];
    record_.contents.resize(params.size());
    record_.returnContents.resize(params.size());
    for (uint32_t i = 0; i < params.size(); ++i) {
      std::string_view pname = m_.name(m_[params[i]].name);
      Node p = g_.add({NodeKind::Argument, Reason::None, m_[params[i]].nameSpan, i, pname});
      record_.parameters.push_back(p);
      record_.seedRecord.arguments.push_back(p);
      parameterIndex_[params[i].value] = i;
      // "For each formal parameter that is a pointer in the function address space":
      // param_i_contents and Value_return_i_contents; new#pointer-desugar makes the parameter
      // a local variable whose initial value is param_i_contents.
      Type t = out_.parameters[params[i].value];
      if (t && out_.types.kind(t) == TypeKind::Pointer &&
          out_.types[t].space == AddressSpace::Function) {
        Node c =
            g_.add({NodeKind::PointerContents, Reason::None, m_[params[i]].nameSpan, i, pname});
        Node r = g_.add({NodeKind::PointerContents, Reason::None, m_[params[i]].nameSpan, i, pname,
                         "Value_return_i_contents"});
        record_.contents[i] = c;
        record_.returnContents[i] = r;
        parameterSlot_[params[i].value] = newSlot(c);
      }
    }
    record_.interiorBegin = static_cast<Node>(g_.nodes.size());
    // "using CF_start as the starting control-flow for the function's body"
    statement(kCFStart, f.body);
    // Falling off the end of the body returns (new#return-statement): as `return;`.
    if (current(out_.statementBehaviors[f.body.value]) & kNext) returned();
  }

 private:
  // ------------------------------------------------------------------------------ helpers
  Node node(NodeKind kind, Span span, std::string_view rule, std::string_view name = {}) {
    return g_.node(kind, span, rule, name);
  }
  Node source(Reason reason, Span span, std::string_view name, uint32_t index = 0,
              uint32_t callee = UniformityNodeInfo::kNoFunction) {
    return g_.source(reason, span, name, index, callee);
  }
  /// RequiredToBeUniform.S -> Requirement -> X, and the triggers join S's potential-trigger-set.
  void require(const SeverityRequirement& s, Reason reason, Span span, std::string_view name,
               uint32_t index, uint32_t callee, Node x) {
    size_t k = static_cast<size_t>(s.severity);
    if (k > 2) return;
    Node r = g_.add({NodeKind::Requirement, reason, span, index, name});
    g_.nodes[r].callee = callee;
    g_.edge(record_.required[k], r);
    g_.edge(r, x);
    record_.triggers[k] |= s.triggers;
  }
  /// A node with edges to each of `targets` (kNone skipped); one target needs no new node.
  Node all(std::initializer_list<Node> targets, Span span, std::string_view rule,
           NodeKind kind = NodeKind::Value, std::string_view name = {}) {
    Node n = node(kind, span, rule, name);
    for (Node t : targets)
      if (t != kNone) g_.edge(n, t);
    return n;
  }
  void point(Span span, Node cf) {
    if (annotate_) record_.seedRecord.points.push_back({span, cf});
  }
  Type typeOf(ExpressionId e) const { return out_[e].type; }
  bool isKind(Type t, TypeKind k) const { return t && out_.types.kind(t) == k; }

  // --------------------------------------------- new#func-var-value-analysis: the values
  /// The value node of each function-scope variable (and desugared pointer parameter) before
  /// the statement being analyzed: Vout(prev). Slots are dense per function.
  using State = std::vector<Node>;
  uint32_t newSlot(Node initial) {
    state_.push_back(initial);
    slotNames_.push_back({});
    return static_cast<uint32_t>(state_.size() - 1);
  }
  /// "The analysis joins multiple assignments reaching out of control-flow statements by
  /// unioning the set of assignments that reach each control-flow exit": one node per
  /// variable whose values differ, with an edge to each.
  State join(const std::vector<State>& states, Span span) {
    if (states.empty()) return state_;
    size_t size = 0;
    for (const State& s : states) size = std::max(size, s.size());
    State r(size, kNone);
    for (size_t slot = 0; slot < size; ++slot) {
      Node first = kNone;
      bool differ = false;
      for (const State& s : states) {
        Node v = slot < s.size() ? s[slot] : kNone;
        if (v == kNone) continue;
        if (first == kNone)
          first = v;
        else if (v != first)
          differ = true;
      }
      if (!differ) {
        r[slot] = first;
        continue;
      }
      Node j = node(NodeKind::Variable, span, kRowJoin, slotNames_[slot]);
      for (const State& s : states)
        if (slot < s.size() && s[slot] != kNone) g_.edge(j, s[slot]);
      r[slot] = j;
    }
    return r;
  }
  /// A state with the slots declared since `s` was taken kept from the current one (they are
  /// out of scope after the statement that declared them).
  State widen(State s) const {
    if (s.size() < state_.size()) s.insert(s.end(), state_.begin() + s.size(), state_.end());
    return s;
  }
  struct Target {
    bool loop;
    std::vector<State> breaks, continues;
  };
  std::vector<Target> targets_;
  Target* innermostLoop() {
    for (auto it = targets_.rbegin(); it != targets_.rend(); ++it)
      if (it->loop) return &*it;
    return nullptr;
  }
  /// `return` (and the end of the body): "For each function address space pointer parameter
  /// i, Value_return_i_contents -> Vin(prev)".
  void returned() {
    for (const auto& [param, slot] : parameterSlot_) {
      uint32_t i = parameterIndex_.at(param);
      g_.edge(*record_.returnContents[i], state_[slot]);
    }
  }

  // ---------------------------------------------------------------------------- statements
  Node statements(Node cf, std::span<const StatementId> list) {
    for (StatementId s : list) {
      cf = statement(cf, s);
      // "s1 s2, without Next in behavior of s1: s2 is statically unreachable and not
      // recursively analyzed."
      if (!(current(out_.statementBehaviors[s.value]) & kNext)) break;
    }
    return cf;
  }
  /// The behavior of a statement list (new#behaviors-rules: "s1 s2").
  Behavior sequence(std::span<const StatementId> list) const {
    Behavior b = kNext;
    for (StatementId s : list) {
      if (!(b & kNext)) break;
      b = static_cast<Behavior>((b & ~kNext) | current(out_.statementBehaviors[s.value]));
    }
    return b;
  }

  /// `(CF, S) => CF'`
  Node statement(Node cf, StatementId id) {
    const Statement& s = m_[id];
    Behavior behavior = current(out_.statementBehaviors[id.value]);
    point(s.span, cf);
    return std::visit(
        [&](const auto& n) -> Node {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, CompoundStatement> ||
                        std::is_same_v<N, ContinuingStatement>) {
            Node r = statements(cf, m_[n.statements]);  // {s}: (CF, s) => CF'
            return r;
          } else if constexpr (std::is_same_v<N, IfStatement>) {
            // (CF, e) => V; (V, s1) => CF1; (V, s2) => CF2
            Node v = controls(expression(cf, n.condition), s.span, m_[n.condition].span, "if");
            State before = state_;
            Node cf1 = statement(v, n.body);
            std::vector<State> exits;
            if (current(out_.statementBehaviors[n.body.value]) & kNext)
              exits.push_back(widen(state_));
            state_ = widen(before);
            Node cf2 = v;
            if (n.elseBranch) cf2 = statement(v, n.elseBranch);
            if (!n.elseBranch || (current(out_.statementBehaviors[n.elseBranch.value]) & kNext))
              exits.push_back(widen(state_));
            state_ = join(exits, s.span);
            // "with behavior {Next}": CF; "with another behavior": CFend -> {CF1, CF2}.
            if (behavior == kNext) return cf;
            return all({cf1, cf2}, s.span, kRowIf, NodeKind::EndControlFlow, "if");
          } else if constexpr (std::is_same_v<N, SwitchStatement>) {
            Node v = controls(expression(cf, n.selector), s.span, m_[n.selector].span, "switch");
            State before = state_;
            targets_.push_back({false, {}, {}});
            std::vector<Node> ends;
            std::vector<State> exits;
            for (ClauseId clause : m_[n.clauses]) {
              StatementId body = m_[clause].body;
              state_ = widen(before);  // Vin(s_i) -> Vout(prev)
              ends.push_back(statement(v, body));
              if (current(out_.statementBehaviors[body.value]) & kNext)
                exits.push_back(widen(state_));
            }
            for (State& b : targets_.back().breaks) exits.push_back(widen(std::move(b)));
            targets_.pop_back();
            state_ = join(exits, s.span);
            if (behavior == kNext) return cf;
            Node end = node(NodeKind::EndControlFlow, s.span, kRowSwitch, "switch");
            for (Node e : ends) g_.edge(end, e);
            return end;
          } else if constexpr (std::is_same_v<N, LoopStatement>) {
            return loop(cf, s.span, "loop", {}, m_[n.statements], nullptr, n.continuing, {});
          } else if constexpr (std::is_same_v<N, ForStatement>) {
            // new#for-statement: { init; loop { if !(cond) { break; } body continuing { update } }
            // }
            const ForHeader& h = m_[n.header];
            Node start = h.initializer ? statement(cf, h.initializer) : cf;
            StatementId body = n.body;
            return loop(start, s.span, "for", h.condition, {}, &body, {}, h.update);
          } else if constexpr (std::is_same_v<N, WhileStatement>) {
            // new#while-statement: loop { if !(cond) { break; } body }
            StatementId body = n.body;
            return loop(cf, s.span, "while", n.condition, {}, &body, {}, {});
          } else if constexpr (std::is_same_v<N, BreakStatement>) {
            if (!targets_.empty()) targets_.back().breaks.push_back(state_);
            return cf;
          } else if constexpr (std::is_same_v<N, ContinueStatement>) {
            if (Target* t = innermostLoop()) t->continues.push_back(state_);
            return cf;
          } else if constexpr (std::is_same_v<N, BreakIfStatement>) {
            // (CF, e) => V; CFend -> V. "when the condition value is non-uniform, then control
            // flow resulting from this break if statement is also non-uniform."
            Node v =
                controls(expression(cf, n.condition), s.span, m_[n.condition].span, "break if");
            if (Target* t = innermostLoop()) t->breaks.push_back(state_);
            return all({v}, s.span, kRowBreakIf, NodeKind::EndControlFlow, "break if");
          } else if constexpr (std::is_same_v<N, ReturnStatement>) {
            if (n.value) {
              Node v = expression(cf, n.value);
              if (record_.valueReturn) g_.edge(*record_.valueReturn, v);  // Value_return -> V
            }
            returned();
            return cf;  // new: the resulting control flow is CF (U1: returns reconverge)
          } else if constexpr (std::is_same_v<N, FunctionCallStatement>) {
            expression(cf, n.call);
            return cf;
          } else if constexpr (std::is_same_v<N, DeclarationStatement>) {
            declaration(cf, n.declaration);
            return cf;
          } else if constexpr (std::is_same_v<N, AssignmentStatement>) {
            assignment(cf, n);
            return cf;
          } else if constexpr (std::is_same_v<N, IncrementStatement> ||
                               std::is_same_v<N, DecrementStatement>) {
            // An LHSValue whose new value depends on the old one and CF (as `x = x + 1`).
            write(cf, n.target, kNone, s.span, true);
            return cf;
          } else {
            // empty statement, discard (U17: {Next}), const_assert: CF.
            return cf;
          }
        },
        s.node);
  }

  /// The loop rows of new#uniformity-statements and new#func-var-value-analysis for `loop`,
  /// and for `for` and `while` desugared: `condition` gives `if !(condition) { break; }` at
  /// the top of s1, `body` the rest of s1, `update` the continuing block.
  Node loop(Node cf, Span span, std::string_view what, ExpressionId condition,
            std::span<const StatementId> list, const StatementId* body, StatementId continuing,
            StatementId update) {
    Behavior b1 = body ? current(out_.statementBehaviors[body->value]) : sequence(list);
    if (condition) b1 = static_cast<Behavior>(b1 | kBreak);
    bool iterates = b1 & (kNext | kContinue);
    // CF' "models control flow uniformity at the start of each iteration"; "CF' -> CF".
    Node loopCF = cf;
    State headers = state_;
    if (iterates) {
      loopCF = all({cf}, span, kRowLoop, NodeKind::LoopControlFlow, what);
      // Vin(s1) -> Vout(prev), and Vout(s2) once known.
      for (size_t slot = 0; slot < headers.size(); ++slot) {
        if (headers[slot] == kNone) continue;
        Node h = node(NodeKind::Variable, span, kRowJoin, slotNames_[slot]);
        g_.edge(h, headers[slot]);
        headers[slot] = h;
      }
      state_ = headers;
    }
    targets_.push_back({true, {}, {}});
    Node cf1 = loopCF;
    if (condition) {
      Node v = controls(expression(loopCF, condition), span, m_[condition].span, what);
      targets_.back().breaks.push_back(state_);
      cf1 = all({v}, span, kRowIf, NodeKind::EndControlFlow, what);  // CFend -> {V, V}
    }
    cf1 = body ? statement(cf1, *body) : statements(cf1, list);
    // Vin(s2) -> Vout(s1) if Next is in the behavior of s1, and the states at `continue`.
    std::vector<State> toContinuing;
    if (b1 & kNext) toContinuing.push_back(widen(state_));
    for (State& c : targets_.back().continues) toContinuing.push_back(widen(std::move(c)));
    Node cf2 = cf1;
    if (iterates) {
      state_ = join(toContinuing, span);
      StatementId s2 = continuing ? continuing : update;
      if (s2) cf2 = statement(cf1, s2);
      // CF' -> CF2 ("uniformity at the end of a loop affects the uniformity at the start of
      // the next iteration"); Vin(s1) -> Vout(s2).
      g_.edge(loopCF, cf2);
      for (size_t slot = 0; slot < headers.size() && slot < state_.size(); ++slot)
        if (headers[slot] != kNone && headers[slot] != state_[slot])
          g_.edge(headers[slot], state_[slot]);
    }
    std::vector<State> exits;
    for (State& e : targets_.back().breaks) exits.push_back(widen(std::move(e)));
    targets_.pop_back();
    state_ = join(exits, span);
    state_.resize(std::max(state_.size(), headers.size()), kNone);
    if (iterates) {
      // "CF if Return not in behavior of s1", else CF' (loop {s1}: CF1).
      if (!(b1 & kReturn)) return cf;
      return (continuing || update) ? loopCF : cf1;
    }
    // s1 has behavior {Break}: CF; {Return} or {Break, Return}: CF1.
    return (b1 & kReturn) ? cf1 : cf;
  }

  /// The node for the control flow of the branches of a statement: the condition's value
  /// node, or a node for the condition when that is a shared one (for explanations).
  Node controls(Node value, Span statement, Span condition, std::string_view what) {
    NodeKind k = g_.nodes[value].kind;
    if (k != NodeKind::Value && k != NodeKind::CallResult)
      value = all({value}, condition, "condition");
    g_.controls.try_emplace(value, UniformityGraph::Control{statement, what});
    return value;
  }

  void declaration(Node cf, VariableId id) {
    const VariableDeclaration& v = m_[id];
    switch (v.kind) {
      case DeclarationKind::Let: {
        Type t = out_.variables[id.value];
        if (isKind(t, TypeKind::Pointer)) {
          // new#pointer-desugar: uses of the let are its initializer, with the loads on the
          // way captured here (its indices).
          View view = memoryView(cf, v.initializer);
          pointerLets_[id.value] = view;
          return;
        }
        letNodes_[id.value] = expression(cf, v.initializer);  // the node of x is V
        return;
      }
      case DeclarationKind::Var: {
        // "var x;": V(0), which is CF; "var x = e": V(e).
        Node value = v.initializer ? expression(cf, v.initializer) : cf;
        uint32_t slot = newSlot(value);
        slotNames_[slot] = m_.name(v.name);
        variableSlot_[id.value] = slot;
        return;
      }
      default:
        return;  // const: a creation-time value
    }
  }

  void assignment(Node cf, const AssignmentStatement& a) {
    if (!a.target) {
      expression(cf, a.value);  // _ = e: (CF, e) => V
      return;
    }
    // LHSValue: (CF, e1) => LV; (CF, e2) => RV; LV -> RV. A compound assignment also reads
    // the old value.
    Node rv = expression(cf, a.value);
    write(cf, a.target, rv, m_[a.target].span, a.op != AssignmentOperator::Assign);
  }

  /// The memory view of a reference or pointer expression: its root identifier and whether
  /// it is a full reference (new#func-var-value-analysis), and the value nodes of the
  /// indices on the way.
  struct View {
    enum Root : uint8_t { None, Slot, ModuleVariable, PointerParameter } root = None;
    uint32_t slot = 0;     // Slot: a function-scope variable or desugared pointer parameter
    bool readOnly = true;  // ModuleVariable, PointerParameter
    bool full = true;
    uint32_t parameter = 0;  // Slot of a pointer parameter: its index (param_i)
    bool isParameter = false;
    std::vector<Node> indices;
  };
  View memoryView(Node cf, ExpressionId id) {
    const Expression& e = m_[id];
    if (auto* p = std::get_if<ParenthesizedExpression>(&e.node)) return memoryView(cf, p->inner);
    if (auto* u = std::get_if<UnaryExpression>(&e.node)) {
      if (u->op == UnaryOperator::AddressOf || u->op == UnaryOperator::Indirection)
        return memoryView(cf, u->operand);
    }
    if (auto* m = std::get_if<MemberExpression>(&e.node)) {
      View v = memoryView(cf, m->base);
      v.full = false;
      return v;
    }
    if (auto* x = std::get_if<IndexExpression>(&e.node)) {
      // e2[e1]: (CF, e1) => V1; L2 -> V1
      Node index = expression(cf, x->index);
      View v = memoryView(cf, x->base);
      v.full = false;
      v.indices.push_back(index);
      return v;
    }
    if (auto* c = std::get_if<CallExpression>(&e.node); c && m_.callTemplates.count(id.value)) {
      // new#root-identifier: the root identifier of a bufferView or bufferArrayView call is
      // that of its pointer argument; the view is a part of the buffer, at an offset (and of a
      // size) that are like indices: (CF, offset) => V; L -> V.
      auto args = m_[c->arguments];
      if (!args.empty()) {
        View v = memoryView(cf, args[0]);
        v.full = false;
        for (size_t i = 1; i < args.size(); ++i) v.indices.push_back(expression(cf, args[i]));
        return v;
      }
    }
    View v;
    if (!std::holds_alternative<IdentifierExpression>(e.node)) return v;
    const Resolution& r = out_.identifiers[id.value];
    if (r.kind == Resolution::LocalVariable) {
      if (auto it = pointerLets_.find(r.index); it != pointerLets_.end()) return it->second;
      if (auto it = variableSlot_.find(r.index); it != variableSlot_.end()) {
        v.root = View::Slot;
        v.slot = it->second;
      }
    } else if (r.kind == Resolution::Parameter) {
      if (auto it = parameterSlot_.find(r.index); it != parameterSlot_.end()) {
        v.root = View::Slot;
        v.slot = it->second;
        v.isParameter = true;
        v.parameter = parameterIndex_.at(r.index);
      } else {
        Type t = out_.parameters[r.index];
        v.root = View::PointerParameter;
        v.readOnly = !t || out_.types.kind(t) != TypeKind::Pointer ||
                     readOnly(out_.types[t].space, out_.types[t].access);
      }
    } else if (r.kind == Resolution::ModuleDeclaration) {
      const ModuleDeclaration& d = out_.declarations[r.index];
      if (d.kind == ModuleDeclaration::Variable) {
        v.root = View::ModuleVariable;
        v.readOnly = !d.type || out_.types.kind(d.type) != TypeKind::Reference ||
                     readOnly(out_.types[d.type].space, out_.types[d.type].access);
      }
    }
    return v;
  }
  static bool readOnly(AddressSpace space, AccessMode access) {
    return space == AddressSpace::Uniform || space == AddressSpace::Handle ||
           space == AddressSpace::Immediate || access == AccessMode::Read;
  }
  /// The value stored in a memory view's root, when the load rule is invoked on it.
  Node contents(Node cf, const View& v, Span span) {
    switch (v.root) {
      case View::Slot:
        return v.slot < state_.size() ? state_[v.slot] : cf;
      case View::ModuleVariable:
      case View::PointerParameter:
        // "non-read-only module-scope variable ... load rule is invoked": MayBeNonUniform;
        // a pointer parameter in the storage, workgroup or private space likewise.
        if (!v.readOnly) return source(Reason::NonReadOnlyVariable, span, m_.text(span));
        return cf;
      default:
        return cf;
    }
  }

  /// An assignment's LHSValue: the new value of the variable written (Vout(S)) is a node
  /// with edges to CF, the right-hand side, the indices and, for a partial assignment or an
  /// update (`+=`, `++`), the old value.
  void write(Node cf, ExpressionId target, Node rv, Span span, bool update) {
    View v = memoryView(cf, target);
    if (v.root != View::Slot || v.slot >= state_.size()) return;  // module scope: MayBeNonUniform
    Node n = node(NodeKind::Variable, span, kRowAssign, slotNames_[v.slot]);
    g_.edge(n, cf);
    if (rv != kNone) g_.edge(n, rv);
    for (Node i : v.indices) g_.edge(n, i);
    if (!v.full || update) g_.edge(n, state_[v.slot]);
    state_[v.slot] = n;
  }

  // --------------------------------------------------------------------------- expressions
  /// `(CF, E) => V`: every operand is analyzed from the same CF (U8).
  Node expression(Node cf, ExpressionId id, Use use = Use::Value) {
    const Expression& e = m_[id];
    return std::visit(
        [&](const auto& n) -> Node {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, LiteralExpression>) {
            return cf;
          } else if constexpr (std::is_same_v<N, IdentifierExpression>) {
            return identifier(cf, id, e.span, use);
          } else if constexpr (std::is_same_v<N, ParenthesizedExpression>) {
            return expression(cf, n.inner, use);
          } else if constexpr (std::is_same_v<N, CallExpression>) {
            return call(cf, id, n);
          } else if constexpr (std::is_same_v<N, UnaryExpression>) {
            // `&e` is not loaded, unless a pointer composite access loads through it
            // (`(&v).yw`, delta 2.5): then the memory view of e is loaded.
            if (n.op == UnaryOperator::AddressOf)
              return expression(cf, n.operand,
                                use == Use::LoadedView ? Use::LoadedView : Use::UnloadedView);
            if (n.op == UnaryOperator::Indirection)
              return expression(cf, n.operand,
                                use == Use::UnloadedView ? Use::UnloadedView : Use::LoadedView);
            return expression(cf, n.operand);
          } else if constexpr (std::is_same_v<N, BitcastExpression>) {
            return expression(cf, n.operand);
          } else if constexpr (std::is_same_v<N, MemberExpression>) {
            return expression(cf, n.base, viewOf(n.base, use));
          } else if constexpr (std::is_same_v<N, IndexExpression>) {
            // e2[e1]: (CF, e1) => V1; (CF, e2) => V2; Result -> {V1, V2}
            Node index = expression(cf, n.index);
            Node base = expression(cf, n.base, viewOf(n.base, use));
            return all({base, index}, e.span, kRowBinary);
          } else if constexpr (std::is_same_v<N, BinaryExpression>) {
            BinaryOperator op = n.op();
            if (op == BinaryOperator::ShortCircuitAnd || op == BinaryOperator::ShortCircuitOr) {
              // (CF, e1) => V1; (V1, e2) => V2; the result is V2.
              Node v1 = controls(expression(cf, n.left()), e.span, m_[n.left()].span,
                                 op == BinaryOperator::ShortCircuitAnd ? "&&" : "||");
              return expression(v1, n.right);
            }
            Node l = expression(cf, n.left());
            Node r = expression(cf, n.right);
            return all({l, r}, e.span, kRowBinary);
          }
        },
        e.node);
  }
  /// The use of the base of `e.m` or `e[i]`: a memory view if the base is a reference or a
  /// pointer (pointer composite access), loaded unless under `&`.
  Use viewOf(ExpressionId base, Use use) const {
    Type t = typeOf(base);
    if (isKind(t, TypeKind::Reference) || isKind(t, TypeKind::Pointer))
      return use == Use::UnloadedView ? Use::UnloadedView : Use::LoadedView;
    return Use::Value;
  }

  static bool uniformBuiltin(std::string_view b, UniformityScope scope, ShaderStage stage) {
    // new#uniformity-expressions: "workgroup_id, num_workgroups, subgroup_size when used in a
    // compute shader stage, num_subgroups"; "At subgroup uniformity scope ... subgroup_id".
    if (b == "workgroup_id" || b == "num_workgroups" || b == "num_subgroups") return true;
    if (b == "subgroup_size") return stage == ShaderStage::Compute;
    if (b == "subgroup_id") return scope == UniformityScope::Subgroup;
    return false;
  }

  Node identifier(Node cf, ExpressionId id, Span span, Use use) {
    const Resolution& r = out_.identifiers[id.value];
    std::string_view text = m_.text(span);
    bool reference = isKind(typeOf(id), TypeKind::Reference);
    // A reference is loaded unless under `&`; a pointer identifier only under `*`, `.m`, `[i]`.
    bool loaded = reference ? use != Use::UnloadedView : use == Use::LoadedView;
    switch (r.kind) {
      case Resolution::LocalVariable: {
        const VariableDeclaration& v = m_[VariableId{r.index}];
        if (v.kind == DeclarationKind::Const) return cf;
        if (auto it = pointerLets_.find(r.index); it != pointerLets_.end()) {
          // new#pointer-desugar: the let's initializer with its captured indices.
          const View& view = it->second;
          Node c = loaded ? contents(cf, view, span) : kNone;
          if (!loaded && view.isParameter && view.full && view.indices.empty())
            return all({cf, record_.parameters[view.parameter]}, span, kRowLet, NodeKind::Value,
                       text);
          Node n = node(NodeKind::Value, span, loaded ? kRowLoad : kRowLet, text);
          g_.edge(n, cf);
          if (c != kNone) g_.edge(n, c);
          for (Node i : view.indices) g_.edge(n, i);
          if (!loaded && view.isParameter) g_.edge(n, record_.parameters[view.parameter]);
          return n;
        }
        if (auto it = letNodes_.find(r.index); it != letNodes_.end())
          return all({cf, it->second}, span, kRowLet, NodeKind::Value, text);  // Result -> {CF, X}
        if (auto it = variableSlot_.find(r.index); it != variableSlot_.end()) {
          // "load rule is invoked": Result -> {CF, X}, X = Vout(prev); else CF.
          if (!loaded) return cf;
          return all({cf, state_[it->second]}, span, kRowLoad, NodeKind::Value, text);
        }
        return cf;
      }
      case Resolution::Parameter:
        return parameter(cf, r.index, span, text, loaded);
      case Resolution::ModuleDeclaration: {
        const ModuleDeclaration& d = out_.declarations[r.index];
        if (d.kind != ModuleDeclaration::Variable) return cf;  // const, override: CF
        View v;
        v.root = View::ModuleVariable;
        v.readOnly = !d.type || out_.types.kind(d.type) != TypeKind::Reference ||
                     readOnly(out_.types[d.type].space, out_.types[d.type].access);
        // "non-read-only module-scope variable ... load rule is invoked": MayBeNonUniform;
        // not invoked (`&v`): CF (U12).
        if (!loaded) return cf;
        return contents(cf, v, span);
      }
      default:
        return cf;
    }
  }

  Node parameter(Node cf, uint32_t p, Span span, std::string_view text, bool loaded) {
    const Attributes& a = out_.parameterAttributes[p];
    bool entry = stage_ != ShaderStage::None;
    if (entry && a.has(Attributes::Builtin)) {
      if (uniformBuiltin(a.builtin, scope_, stage_)) return cf;
      return source(Reason::NonUniformBuiltinValue, span, a.builtin);
    }
    if (entry && a.has(Attributes::Location))
      // new#uniformity: "User-defined inputs" are non-uniform sources (U18).
      return source(Reason::UserDefinedInput, span, text);
    Type t = out_.parameters[p];
    if (entry && isKind(t, TypeKind::Struct)) {
      // An entry point's structure of inputs: uniform only when every member is a uniform
      // built-in value ("the analysis does not analyze the components of a composite").
      bool uniform = true;
      for (const MemberInfo& m : out_.types.structInfo(t).members) {
        const Attributes& ma = out_.memberAttributes[m.declaration.value];
        if (!ma.has(Attributes::Builtin) || !uniformBuiltin(ma.builtin, scope_, stage_))
          uniform = false;
      }
      if (uniform) return cf;
      return source(Reason::EntryStructure, span, text);
    }
    uint32_t i = parameterIndex_.at(p);
    if (auto it = parameterSlot_.find(p); it != parameterSlot_.end()) {
      // The desugared pointer parameter: loaded, its value now; else param_i.
      if (loaded) return all({cf, state_[it->second]}, span, kRowLoad, NodeKind::Value, text);
      return all({cf, record_.parameters[i]}, span, kRowLet, NodeKind::Value, text);
    }
    if (isKind(t, TypeKind::Pointer)) {
      // A pointer in another space: MayBeNonUniform when loaded and not read-only, else CF.
      View v;
      v.root = View::PointerParameter;
      v.readOnly = readOnly(out_.types[t].space, out_.types[t].access);
      return loaded ? contents(cf, v, span) : cf;
    }
    return all({cf, record_.parameters[i]}, span, kRowLet, NodeKind::Value,
               text);  // Result -> {CF, X}
  }

  // --------------------------------------------------------------------------------- calls
  /// The severity of a triggering rule at a call site: "the nearest enclosing diagnostic
  /// filter", error without one; nullopt for `off`.
  std::optional<SeverityRequirement> filtered(Span at, std::string_view rule,
                                              uint8_t trigger) const {
    std::optional<DiagnosticSeverity> s =
        nearestEnclosingFilter(out_, filters_, function_, at, rule);
    if (s && *s == DiagnosticSeverity::Off) return std::nullopt;
    return SeverityRequirement{s ? *s : DiagnosticSeverity::Error, trigger};
  }

  /// new#uniformity-function-calls
  Node call(Node cf, ExpressionId id, const CallExpression& c) {
    Span span = m_[id].span;
    // "For each argument, apply the corresponding expression rule with CF": arg_i.
    std::vector<Node> args;
    std::vector<ExpressionId> argExpressions;
    for (ExpressionId a : m_[c.arguments]) {
      args.push_back(expression(cf, a));
      argExpressions.push_back(a);
    }
    const FunctionUniformity* user = nullptr;
    uint32_t userIndex = UniformityNodeInfo::kNoFunction;
    const Overload* overload = out_.calls[id.value];
    std::string_view callee = "type constructor";
    const Resolution& r = out_.identifiers[id.value];
    if (r.kind == Resolution::ModuleDeclaration &&
        out_.declarations[r.index].kind == ModuleDeclaration::Function) {
      user = &result_.functions[r.index];
      userIndex = r.index;
      callee = m_.name(out_.declarations[r.index].name);
      record_.seedRecord.calls.push_back({r.index, cf, args});
    } else if (overload) {
      callee = overload->row->name;
    }
    // "Create a new node named Result; add an edge from Result to CF."
    Node result = node(NodeKind::CallResult, span, kRowCall, callee);
    g_.edge(result, cf);
    size_t scope = static_cast<size_t>(scope_);
    if (user) {
      const CurrentFunctionTags& tags = user->current[scope];
      if (tags.callSite)
        require(*tags.callSite, Reason::CallSiteRequired, span, callee, 0, userIndex, cf);
      if (tags.returnValueMayBeNonUniform)
        g_.edge(result, source(Reason::ReturnValue, span, callee, 0, userIndex));
      for (uint32_t i = 0; i < args.size() && i < tags.parameters.size(); ++i) {
        const CurrentParameterTags& p = tags.parameters[i];
        Span at = m_[argExpressions[i]].span;
        if (p.value)
          require(*p.value, Reason::ParameterRequired, at, callee, i, userIndex, args[i]);
        if (p.returnValue) g_.edge(result, args[i]);
        bool pointer = isKind(typeOf(argExpressions[i]), TypeKind::Pointer);
        if (!pointer) continue;
        View view = memoryView(cf, argExpressions[i]);
        Node before = contents(cf, view, at);
        if (p.returnContents) g_.edge(result, before);
        if (p.contents)
          require(*p.contents, Reason::ParameterRequired, at, callee, i, userIndex, before);
      }
      // Vout(call) of the variables that function-space pointer arguments point to: the
      // pointer parameter tag, and the parameters Value_return_i_contents reaches.
      for (uint32_t i = 0; i < args.size() && i < tags.parameters.size(); ++i) {
        const CurrentParameterTags& p = tags.parameters[i];
        Type t = typeOf(argExpressions[i]);
        if (!isKind(t, TypeKind::Pointer) || out_.types[t].space != AddressSpace::Function)
          continue;
        View view = memoryView(cf, argExpressions[i]);
        if (view.root != View::Slot || view.slot >= state_.size()) continue;
        Node out = node(NodeKind::Variable, span, "Vout(call)", slotNames_[view.slot]);
        // A partial pointer (`&a[i]`) leaves the rest of the variable as it was; a callee that
        // may not store reaches param_i_contents (below).
        if (!view.full) g_.edge(out, state_[view.slot]);
        if (p.pointerMayBeNonUniform)
          g_.edge(out, source(Reason::PointerContents, m_[argExpressions[i]].span, callee, i,
                              userIndex));
        if (p.pointerDependsOnCallSite) g_.edge(out, cf);
        for (uint32_t j : p.pointerValues)
          if (j < args.size()) g_.edge(out, args[j]);
        for (uint32_t j : p.pointerContents)
          if (j < args.size() && isKind(typeOf(argExpressions[j]), TypeKind::Pointer))
            g_.edge(out,
                    contents(cf, memoryView(cf, argExpressions[j]), m_[argExpressions[j]].span));
        for (Node index : view.indices) g_.edge(out, index);
        pendingOut_.push_back({view.slot, out});
      }
      for (auto [slot, out] : pendingOut_) state_[slot] = out;
      pendingOut_.clear();
      return result;
    }
    builtinCall(cf, span, callee, overload, args, argExpressions, result);
    return result;
  }

  void builtinCall(Node cf, Span span, std::string_view callee, const Overload* overload,
                   const std::vector<Node>& args, const std::vector<ExpressionId>& argExpressions,
                   Node result) {
    UniformityClass kind = overload ? overload->row->uniformity : UniformityClass::Default;
    bool subgroupFunction = overload && overload->row->extension == "subgroups";
    bool subgroupScope = scope_ == UniformityScope::Subgroup;
    bool returnNonUniform = false;
    bool parametersToResult = true;  // ParameterReturnContentsRequiredToBeUniform
    if (callee == "workgroupUniformLoad") {
      // A synchronization function: CallSiteRequiredToBeUniform.error and
      // ParameterRequiredToBeUniform.error for p (unnamed trigger), except at subgroup scope;
      // its result is uniform (it is the point of the function).
      if (!subgroupScope) {
        SeverityRequirement e{DiagnosticSeverity::Error, kUnnamedTrigger};
        require(e, Reason::CallSiteRequired, span, callee, 0, UniformityNodeInfo::kNoFunction, cf);
        if (!args.empty())
          require(e, Reason::ParameterRequired, m_[argExpressions[0]].span, callee, 0,
                  UniformityNodeInfo::kNoFunction, args[0]);
      }
      return;
    }
    if (kind == UniformityClass::ControlBarrier) {
      if (!subgroupScope)
        require({DiagnosticSeverity::Error, kUnnamedTrigger}, Reason::CallSiteRequired, span,
                callee, 0, UniformityNodeInfo::kNoFunction, cf);
    } else if (kind == UniformityClass::Derivative && !subgroupFunction) {
      // Derivatives, textureSample(Bias, Compare): ReturnValueMayBeNonUniform; the call site
      // by derivative_uniformity, except at subgroup scope.
      returnNonUniform = true;
      if (!subgroupScope)
        if (auto s = filtered(span, "derivative_uniformity", kDerivativeUniformity))
          require(*s, Reason::CallSiteRequired, span, callee, 0, UniformityNodeInfo::kNoFunction,
                  cf);
    } else if (subgroupFunction) {
      // Subgroup and quad functions: NoRestriction for the reductions and broadcasts at
      // subgroup scope, else ReturnValueMayBeNonUniform; the call site (and the shuffles'
      // delta or mask) by subgroup_uniformity at subgroup scope.
      returnNonUniform = !(subgroupScope && subgroupUniformResult(callee));
      if (subgroupScope) {
        if (auto s = filtered(span, "subgroup_uniformity", kSubgroupUniformity)) {
          require(*s, Reason::CallSiteRequired, span, callee, 0, UniformityNodeInfo::kNoFunction,
                  cf);
          if ((callee == "subgroupShuffleUp" || callee == "subgroupShuffleDown" ||
               callee == "subgroupShuffleXor") &&
              args.size() == 2)
            require(*s, Reason::ParameterRequired, m_[argExpressions[1]].span, callee, 1,
                    UniformityNodeInfo::kNoFunction, args[1]);
        }
      }
    } else if (kind == UniformityClass::ArrayLength) {
      // The seed's row (ParameterNoRestriction): the length of a buffer is uniform; the
      // 2026 default tags would read the contents of a read_write buffer (ambiguities U14).
      parametersToResult = false;
    } else if (overload && overload->row->name == "textureLoad" && !overload->parameters.empty() &&
               out_.types.kind(overload->parameters[0].type) == TypeKind::StorageTexture &&
               out_.types[overload->parameters[0].type].access == AccessMode::ReadWrite) {
      // "ReturnValueMayBeNonUniform if the argument corresponding to the t parameter is a
      // read-write storage texture".
      returnNonUniform = true;
    }
    if (returnNonUniform) g_.edge(result, source(Reason::ReturnValue, span, callee));
    if (!parametersToResult) return;
    if (callee == "bufferView" || callee == "bufferArrayView") {
      // A view is a pointer: as uniform as the pointer, offset and size it is made of (its
      // loads read the buffer through memoryView, which finds the root identifier).
      for (Node a : args) g_.edge(result, a);
      return;
    }
    for (size_t i = 0; i < args.size(); ++i) {
      g_.edge(result, args[i]);
      // "If the parameter is a pointer, then the values stored in the memory pointed to by
      // the pointer must also be uniform": atomics, modf/frexp outputs, ...
      if (isKind(typeOf(argExpressions[i]), TypeKind::Pointer))
        g_.edge(result,
                contents(cf, memoryView(cf, argExpressions[i]), m_[argExpressions[i]].span));
    }
  }

  const CheckedModule& out_;
  const Module& m_;
  const UniformityResult& result_;
  const std::vector<StatementFilter>& filters_;
  UniformityScope scope_;
  UniformityGraph& g_;
  CurrentFunctionRecord& record_;
  bool annotate_;
  uint32_t function_ = 0;
  ShaderStage stage_ = ShaderStage::None;
  State state_;
  std::vector<std::string_view> slotNames_;
  std::vector<std::pair<uint32_t, Node>> pendingOut_;
  std::unordered_map<uint32_t, uint32_t> variableSlot_;    // by VariableId of a function var
  std::unordered_map<uint32_t, uint32_t> parameterSlot_;   // by ParameterId: desugared pointers
  std::unordered_map<uint32_t, uint32_t> parameterIndex_;  // by ParameterId: i
  std::unordered_map<uint32_t, Node> letNodes_;            // by VariableId
  std::unordered_map<uint32_t, View> pointerLets_;         // by VariableId
};

}  // namespace

void buildCurrentUniformityGraph(const CheckedModule& module, const UniformityResult& result,
                                 const std::vector<StatementFilter>& filters, UniformityScope scope,
                                 uint32_t function, UniformityGraph& graph,
                                 CurrentFunctionRecord& record, bool annotate) {
  CurrentGraphBuilder(module, result, filters, scope, graph, record, annotate).build(function);
}

}  // namespace plumb
