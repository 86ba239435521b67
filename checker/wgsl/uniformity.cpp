// Uniformity analysis, phase 1 (#uniformity-function): the graph of a function, built by the
// rules for statements (#uniformity-statements), function calls (#uniformity-function-calls) and
// expressions (#uniformity-expressions), exactly as the seed writes them. Where the seed has no
// rule or an unsound one, the reading is docs/ambiguities.md U1-U13; `strict` applies the fixes
// listed there. Phase 2 (tags, rejection) is uniformity_tags.cpp.
#include "checker/wgsl/uniformity.h"

#include <unordered_map>

#include "checker/wgsl/analyses.h"
#include "checker/wgsl/uniformity_graph.h"
#include "checker/wgsl/uniformity_internal.h"

namespace plumb {

using namespace ast;

namespace {

using Node = UniformityNode;
constexpr Node kRequired = UniformityGraph::kRequired;
constexpr Node kMayBeNonUniform = UniformityGraph::kMayBeNonUniform;

/// `(CF, E) => (CF', V)`
struct Flow {
  Node cf;
  Node value;
};

// Names of the rows, as the tables of wgsl-2022-06-07.bs write their first column.
constexpr std::string_view kRowIdentifier = "reference to function-scope variable, creation-time constant, let-declaration, or non-built-in parameter";
constexpr std::string_view kRowBinary = "e1 op e2, where op is a non-short-circuiting binary operator";
constexpr std::string_view kRowIndex = "e1[e2]";
constexpr std::string_view kRowCall = "function call";
constexpr std::string_view kRowLoop = "loop {s1 continuing {s2}}";
constexpr std::string_view kRowIf = "if e s1 else s2 with another behavior";
constexpr std::string_view kRowSwitch = "switch e case _: s_1 .. case _: s_n with another behavior";
constexpr std::string_view kRowVar = "var x = e (U3: a node for x, x -> V)";
constexpr std::string_view kRowReturn = "return";

class GraphBuilder {
 public:
  GraphBuilder(const CheckedModule& out, const UniformityResult& result,
               const UniformityOptions& options, UniformityGraph& g, FunctionRecord& record)
      : out_(out), m_(out.module), result_(result), options_(options), g_(g), record_(record) {}

  void build(uint32_t index) {
    const ModuleDeclaration& d = out_.declarations[index];
    const auto& f = std::get<FunctionDeclaration>(m_[d.global].node);
    g_.function = index;
    // "Create nodes called RequiredToBeUniform, MayBeNonUniform, CF_start, CF_return, and if the
    // function has a return type a node called Value_return."
    g_.add({NodeKind::RequiredToBeUniform});
    g_.add({NodeKind::MayBeNonUniform});
    g_.add({NodeKind::CFStart, Reason::None, d.nameSpan, 0, m_.name(d.name)});
    g_.add({NodeKind::CFReturn, Reason::None, d.nameSpan, 0, m_.name(d.name)});
    if (f.returnType) record_.valueReturn = g_.add({NodeKind::ValueReturn, Reason::None, d.nameSpan, 0, m_.name(d.name)});
    // "Create one node for each parameter of the function which we'll call arg_i."
    std::span<const ParameterId> params = m_[f.parameters];
    for (uint32_t i = 0; i < params.size(); ++i) {
      Node arg = g_.add({NodeKind::Argument, Reason::None, m_[params[i]].nameSpan, i, m_.name(m_[params[i]].name)});
      record_.arguments.push_back(arg);
      parameterNodes_[params[i].value] = ParameterNode{arg, i, std::nullopt};
      // U2 (strict): the contents of a function-space pointer parameter, as the caller's
      // variable: reads see the caller's contents (-> arg_i) and the callee's writes.
      Type t = out_.parameters[params[i].value];
      if (options_.strict && t && out_.types.kind(t) == TypeKind::Pointer &&
          out_.types[t].space == AddressSpace::Function) {
        Node c = g_.add({NodeKind::PointerContents, Reason::None, m_[params[i]].nameSpan, i, m_.name(m_[params[i]].name)});
        g_.edge(c, arg);
        record_.pointerContents.push_back({i, c});
        parameterNodes_[params[i].value].contents = c;
      }
    }
    entry_ = d.attributes.stage != ShaderStage::None;
    // "using CF_start as the starting control-flow for the function's body"
    Node end = statement(UniformityGraph::kCFStart, f.body);
    // U4 (strict): falling off the end of the body returns, as `return;` would.
    if (options_.strict && (out_.statementBehaviors[f.body.value] & kNext))
      g_.edge(UniformityGraph::kCFReturn, end);
  }

 private:
  // ------------------------------------------------------------------------------- helpers
  Node node(NodeKind kind, Span span, std::string_view rule, std::string_view name = {}) {
    return g_.node(kind, span, rule, name);
  }
  Node source(Reason reason, Span span, std::string_view name, uint32_t index = 0,
              uint32_t callee = UniformityNodeInfo::kNoFunction) {
    return g_.source(reason, span, name, index, callee);
  }
  /// RequiredToBeUniform -> Requirement -> X.
  void require(Reason reason, Span span, std::string_view name, uint32_t index, uint32_t callee, Node x) {
    Node r = g_.add({NodeKind::Requirement, reason, span, index, name});
    g_.nodes[r].callee = callee;
    g_.edge(kRequired, r);
    g_.edge(r, x);
  }
  std::string_view name(Symbol s) const { return m_.name(s); }
  void point(Span span, Node cf) {
    if (options_.annotate) record_.points.push_back({span, cf});
  }

  // --------------------------------------------------------------------------- statements
  Node statements(Node cf, std::span<const StatementId> list) {
    for (StatementId s : list) {
      cf = statement(cf, s);
      // "s1 s2, without Next in behavior of s1: s2 is statically unreachable and not
      // recursively analyzed."
      if (!(out_.statementBehaviors[s.value] & kNext)) break;
    }
    return cf;
  }

  /// `(CF, S) => CF'`
  Node statement(Node cf, StatementId id) {
    const Statement& s = m_[id];
    Behavior behavior = out_.statementBehaviors[id.value];
    point(s.span, cf);
    return std::visit(
        [&](const auto& n) -> Node {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, CompoundStatement> || std::is_same_v<N, ContinuingStatement>) {
            return statements(cf, m_[n.statements]);  // {s}: (CF, s) => CF'
          } else if constexpr (std::is_same_v<N, IfStatement>) {
            // (CF, e) => (CF', V); (V, s1) => CF1; (V, s2) => CF2
            Flow c = expression(cf, n.condition);
            c.value = controls(c.value, s.span, m_[n.condition].span, "if");
            Node cf1 = statement(c.value, n.body);
            Node cf2 = n.elseBranch ? statement(c.value, n.elseBranch) : c.value;
            // "with behavior {Next}": CF (U5, strict: CF', the condition's control flow).
            if (behavior == kNext) return options_.strict ? c.cf : cf;
            Node end = node(NodeKind::EndControlFlow, s.span, kRowIf, "if");
            g_.edge(end, cf1);
            g_.edge(end, cf2);
            return end;
          } else if constexpr (std::is_same_v<N, SwitchStatement>) {
            Flow c = expression(cf, n.selector);
            c.value = controls(c.value, s.span, m_[n.selector].span, "switch");
            std::vector<Node> ends;
            Node previous = c.value;
            bool fallsThrough = false;
            for (ClauseId clause : m_[n.clauses]) {
              StatementId body = m_[clause].body;
              // "if s_(n-1) may fallthrough, (CF_(n-1), s_n) => CF_n, else (V, s_n) => CF_n"
              previous = statement(fallsThrough ? previous : c.value, body);
              ends.push_back(previous);
              fallsThrough = out_.statementBehaviors[body.value] & kFallthrough;
            }
            if (behavior == kNext) return options_.strict ? c.cf : cf;
            Node end = node(NodeKind::EndControlFlow, s.span, kRowSwitch, "switch");
            for (Node e : ends) g_.edge(end, e);
            return end;
          } else if constexpr (std::is_same_v<N, LoopStatement>) {
            // New node CF'; (CF', s1) => CF1; (CF1, s2) => CF2; CF' -> {CF2, CF}
            Node loop = node(NodeKind::LoopControlFlow, s.span, kRowLoop, "loop");
            Node cf1 = statements(loop, m_[n.statements]);
            Node cf2 = n.continuing ? statement(cf1, n.continuing) : cf1;
            g_.edge(loop, cf2);
            g_.edge(loop, cf);
            return behavior == kNext ? cf : loop;
          } else if constexpr (std::is_same_v<N, ForStatement>) {
            // #for-statement: { init; loop { if !(cond) { break; } body continuing { update } } }
            const ForHeader& h = m_[n.header];
            Node start = h.initializer ? statement(cf, h.initializer) : cf;
            Node loop = node(NodeKind::LoopControlFlow, s.span, kRowLoop, "for");
            Node cf1 = conditionalBreak(loop, h.condition, s.span, "for");
            cf1 = statement(cf1, n.body);
            if (h.update) cf1 = statement(cf1, h.update);
            g_.edge(loop, cf1);
            g_.edge(loop, start);
            // The stored behavior includes the initializer's, which has Next if the loop is reached.
            return behavior == kNext ? start : loop;
          } else if constexpr (std::is_same_v<N, WhileStatement>) {
            // #while-statement: loop { if !(cond) { break; } body }
            Node loop = node(NodeKind::LoopControlFlow, s.span, kRowLoop, "while");
            Node cf1 = conditionalBreak(loop, n.condition, s.span, "while");
            cf1 = statement(cf1, n.body);
            g_.edge(loop, cf1);
            g_.edge(loop, cf);
            return behavior == kNext ? cf : loop;
          } else if constexpr (std::is_same_v<N, BreakIfStatement>) {
            Flow c = expression(cf, n.condition);  // (CF, e) => (CF', V); result CF'
            c.value = controls(c.value, s.span, m_[n.condition].span, "break if");
            if (!options_.strict) return c.cf;
            // U13 (strict): whether the loop iterates again depends on V (2026: CFend -> V).
            Node end = node(NodeKind::EndControlFlow, s.span, "break if e (U13: CFend -> {CF', V})", "break if");
            g_.edge(end, c.cf);
            g_.edge(end, c.value);
            return end;
          } else if constexpr (std::is_same_v<N, ReturnStatement>) {
            if (!n.value) {
              g_.edge(UniformityGraph::kCFReturn, cf);  // CF_return -> CF
              return cf;
            }
            Flow e = expression(cf, n.value);
            g_.edge(UniformityGraph::kCFReturn, e.cf);  // CF_return -> CF'
            if (record_.valueReturn) g_.edge(*record_.valueReturn, e.value);  // Value_return -> V
            return e.cf;
          } else if constexpr (std::is_same_v<N, FunctionCallStatement>) {
            return expression(cf, n.call).cf;
          } else if constexpr (std::is_same_v<N, DeclarationStatement>) {
            return declaration(cf, n.declaration);
          } else if constexpr (std::is_same_v<N, AssignmentStatement>) {
            return assignment(cf, n);
          } else if constexpr (std::is_same_v<N, IncrementStatement> ||
                               std::is_same_v<N, DecrementStatement>) {
            // U7: no row; as `x = x + 1`: the 1 is a literal (value CF).
            Flow x = expression(cf, n.target);
            Node result = node(NodeKind::Value, s.span, "x++ / x-- (U7: as x = x + 1)");
            g_.edge(result, x.value);
            g_.edge(result, x.cf);
            Flow l = lvalue(x.cf, n.target);
            g_.edge(l.value, result);
            return l.cf;
          } else {
            // var x: T; break; continue; fallthrough; discard; staticAssert (U7): CF.
            return cf;
          }
        },
        s.node);
  }

  /// `if !(cond) { break; }` at the top of a desugared for or while loop: an if statement
  /// whose behavior is {Break, Next} (another behavior than {Next}): CFend -> {V, V}.
  Node conditionalBreak(Node cf, ExpressionId condition, Span span, std::string_view what) {
    if (!condition) return cf;
    Flow c = expression(cf, condition);
    c.value = controls(c.value, span, m_[condition].span, what);
    Node end = node(NodeKind::EndControlFlow, span, kRowIf, what);
    g_.edge(end, c.value);
    return end;
  }

  Node declaration(Node cf, VariableId id) {
    const VariableDeclaration& v = m_[id];
    switch (v.kind) {
      case DeclarationKind::Let: {
        // let x = e: (CF, e) => (CF', V); the node corresponding to x is V.
        Flow e = expression(cf, v.initializer);
        localNodes_[id.value] = e.value;
        if (out_.variables[id.value] && out_.types.kind(out_.variables[id.value]) == TypeKind::Pointer) {
          // U6: writes through the pointer go to its root, at the indices it was made with.
          Root r = root(e.cf, v.initializer);
          r.cf = kMayBeNonUniform;
          pointerRoots_[id.value] = std::move(r);
        }
        return e.cf;
      }
      case DeclarationKind::Var: {
        // U3: a var has its own node X; `var x = e` adds X -> V as the assignment x = e does.
        Node x = node(NodeKind::Variable, v.nameSpan, kRowVar, name(v.name));
        localNodes_[id.value] = x;
        if (!v.initializer) return cf;
        Flow e = expression(cf, v.initializer);
        g_.edge(x, e.value);
        return e.cf;
      }
      default:
        // U7: const x = e has no row; a creation-time value is uniform (references give CF).
        return cf;
    }
  }

  Node assignment(Node cf, const AssignmentStatement& a) {
    if (!a.target) return expression(cf, a.value).cf;  // _ = e: (CF, e) => (CF', V); CF'
    if (a.op == AssignmentOperator::Assign) {
      // e2 = e1: (CF, e1) => (CF1, V1); LValue: (CF1, e2) => (CF2, L2); L2 -> V1
      Flow v = expression(cf, a.value);
      Flow l = lvalue(v.cf, a.target);
      g_.edge(l.value, v.value);
      return l.cf;
    }
    // U7: compound assignment has no row; as its expansion `e2 = e2 op e1` (#compound-
    // assignment-sec evaluates e2 once, first).
    Flow x = expression(cf, a.target);
    Flow v = expression(x.cf, a.value);
    Node result = node(NodeKind::Value, join(m_[a.target].span, m_[a.value].span), "compound assignment (U7: as e2 = e2 op e1)");
    g_.edge(result, x.value);
    g_.edge(result, v.value);
    Flow l = lvalue(v.cf, a.target);
    g_.edge(l.value, result);
    return l.cf;
  }

  /// `value` is the control flow of the branches of the statement at `statement`.
  /// The node for the control flow of the branches of `statement`: the condition's value node
  /// V. When V is not the condition's own node (a literal's or a uniform value's node is the
  /// incoming control flow, a non-uniform source is shared), a node V' -> V stands for the
  /// condition, so that explanations can name the statement; reachability is unchanged.
  Node controls(Node value, Span statement, Span condition, std::string_view what) {
    NodeKind k = g_.nodes[value].kind;
    if (k != NodeKind::Value && k != NodeKind::CallResult) {
      Node c = node(NodeKind::Value, condition, "condition");
      g_.edge(c, value);
      value = c;
    }
    g_.controls.try_emplace(value, UniformityGraph::Control{statement, what});
    return value;
  }

  // -------------------------------------------------------------------------- expressions
  /// `(CF, E) => (CF', V)` for an expression in rvalue position.
  Flow expression(Node cf, ExpressionId id) {
    const Expression& e = m_[id];
    return std::visit(
        [&](const auto& n) -> Flow {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, LiteralExpression>) {
            return {cf, cf};  // Literal: CF, CF
          } else if constexpr (std::is_same_v<N, IdentifierExpression>) {
            return identifier(cf, id, e.span);
          } else if constexpr (std::is_same_v<N, ParenthesizedExpression>) {
            return expression(cf, n.inner);
          } else if constexpr (std::is_same_v<N, CallExpression>) {
            return call(cf, id, n);
          } else if constexpr (std::is_same_v<N, UnaryExpression>) {
            return expression(cf, n.operand);  // op e: (CF, e) => (CF', V); CF', V
          } else if constexpr (std::is_same_v<N, BitcastExpression>) {
            return expression(cf, n.operand);  // U8: bitcast as a unary operator
          } else if constexpr (std::is_same_v<N, MemberExpression>) {
            return expression(cf, n.base);  // e.field: as op e
          } else if constexpr (std::is_same_v<N, IndexExpression>) {
            return binary(cf, n.base, n.index, e.span, kRowIndex);
          } else if constexpr (std::is_same_v<N, BinaryExpression>) {
            BinaryOperator op = n.op();
            if (op == BinaryOperator::ShortCircuitAnd || op == BinaryOperator::ShortCircuitOr) {
              // (CF, e1) => (CF1, V1); (V1, e2) => (CF2, V2)
              Flow l = expression(cf, n.left());
              l.value = controls(l.value, e.span, m_[n.left()].span, op == BinaryOperator::ShortCircuitAnd ? "&&" : "||");
              Flow r = expression(l.value, n.right);
              // with behavior {Next}: CF, V2 (U5, strict: CF1 — after the left operand; the
              // right one reconverges like a branch); other behavior: CF2, V2.
              if (out_.expressionBehaviors[id.value] == kNext) return {options_.strict ? l.cf : cf, r.value};
              return {r.cf, r.value};
            }
            return binary(cf, n.left(), n.right, e.span, kRowBinary);
          }
        },
        e.node);
  }

  /// e1 op e2 and e1[e2]: Result; (CF, e1) => (CF1, V1); (CF1, e2) => (CF2, V2); Result -> {V1, V2}
  Flow binary(Node cf, ExpressionId left, ExpressionId right, Span span, std::string_view rule) {
    Flow l = expression(cf, left);
    Flow r = expression(l.cf, right);
    Node result = node(NodeKind::Value, span, rule);
    g_.edge(result, l.value);
    g_.edge(result, r.value);
    return {r.cf, result};
  }

  Flow identifier(Node cf, ExpressionId id, Span span) {
    const Resolution& r = out_.identifiers[id.value];
    std::string_view text = m_.text(span);
    switch (r.kind) {
      case Resolution::LocalVariable: {
        const VariableDeclaration& v = m_[VariableId{r.index}];
        if (v.kind == DeclarationKind::Const) return {cf, cf};  // U7: creation-time constant
        auto it = localNodes_.find(r.index);
        if (it == localNodes_.end()) return {cf, cf};
        // Result -> {CF, X}
        Node result = node(NodeKind::Value, span, kRowIdentifier, text);
        g_.edge(result, cf);
        g_.edge(result, it->second);
        return {cf, result};
      }
      case Resolution::Parameter: return parameter(cf, r.index, span, text);
      case Resolution::ModuleDeclaration: {
        const ModuleDeclaration& d = out_.declarations[r.index];
        if (d.kind != ModuleDeclaration::Variable) return {cf, cf};  // U7: const, override
        if (isReadOnly(d.type)) return {cf, cf};  // read-only module-scope variable: CF, CF
        // non-read-only module-scope variable: CF, MayBeNonUniform
        return {cf, source(Reason::NonReadOnlyVariable, span, text)};
      }
      default: return {cf, cf};
    }
  }

  bool isReadOnly(Type t) const {
    if (!t || out_.types.kind(t) != TypeKind::Reference) return true;
    const TypeNode& n = out_.types[t];
    return n.space == AddressSpace::Uniform || n.space == AddressSpace::Handle ||
           n.space == AddressSpace::Immediate ||
           (n.space == AddressSpace::Storage && n.access == AccessMode::Read);
  }

  static bool uniformBuiltin(std::string_view b) {
    // "The following built-in input variables are considered uniform: workgroup_id,
    // num_workgroups. All other ones are considered non-uniform."
    return b == "workgroup_id" || b == "num_workgroups";
  }

  Flow parameter(Node cf, uint32_t p, Span span, std::string_view text) {
    const Attributes& a = out_.parameterAttributes[p];
    if (entry_ && a.has(Attributes::Builtin)) {
      if (uniformBuiltin(a.builtin)) return {cf, cf};
      return {cf, source(Reason::NonUniformBuiltinValue, span, a.builtin)};
    }
    if (entry_ && options_.strict) {
      // U1: a user-defined input is non-uniform (2026: "User-defined inputs" are a source).
      if (a.has(Attributes::Location)) return {cf, source(Reason::UserDefinedInput, span, text)};
      // U9: a structure of inputs is uniform only if all its members are uniform built-ins.
      Type t = out_.parameters[p];
      if (t && out_.types.kind(t) == TypeKind::Struct) {
        bool uniform = true;
        for (const MemberInfo& m : out_.types.structInfo(t).members) {
          const Attributes& ma = out_.memberAttributes[m.declaration.value];
          if (!ma.has(Attributes::Builtin) || !uniformBuiltin(ma.builtin)) uniform = false;
        }
        if (uniform) return {cf, cf};
        return {cf, source(Reason::EntryStructure, span, text)};
      }
    }
    // non-built-in parameter: Result -> {CF, X} (X = arg_i; strict: the contents of *p).
    const ParameterNode& pn = parameterNodes_[p];
    Node result = node(NodeKind::Value, span, kRowIdentifier, text);
    g_.edge(result, cf);
    g_.edge(result, pn.contents ? *pn.contents : pn.argument);
    return {cf, result};
  }

  // ------------------------------------------------------------------------------- lvalues
  /// `LValue: (CF, E) => (CF', L)`.
  Flow lvalue(Node cf, ExpressionId id) {
    const Expression& e = m_[id];
    if (auto* p = std::get_if<ParenthesizedExpression>(&e.node)) return lvalue(cf, p->inner);
    if (auto* m = std::get_if<MemberExpression>(&e.node)) return lvalue(cf, m->base);  // e.field
    if (auto* x = std::get_if<IndexExpression>(&e.node)) {
      // LValue: (CF, e1) => (CF1, L1); (CF1, e2) => (CF2, V2); CF2, L1; L1 -> V2
      Flow l = lvalue(cf, x->base);
      Flow v = expression(l.cf, x->index);
      g_.edge(l.value, v.value);
      return {v.cf, l.value};
    }
    if (auto* u = std::get_if<UnaryExpression>(&e.node)) {
      // U6: no LValue row for *e; the memory view's root identifier is written, and which
      // of its locations depends on the indices on the way (L1 -> V2, as for e1[e2]).
      Root r = root(cf, u->operand);
      for (Node n : r.indices) g_.edge(r.node, n);
      return {r.cf, r.node};
    }
    if (std::holds_alternative<IdentifierExpression>(e.node)) return {cf, rootIdentifier(id).node};
    return {cf, kMayBeNonUniform};
  }

  /// The node of a memory view's root identifier (#function-aliasing: "each expression has a
  /// statically determinable root identifier"): a function-scope variable's X, a pointer
  /// parameter's arg_i (strict: its contents), MayBeNonUniform for module-scope variables.
  struct Root {
    Node node = kMayBeNonUniform;
    std::vector<Node> indices;  // value nodes of the indices on the way (L1 -> V2)
    Node cf = kMayBeNonUniform;  // the control flow after the indices
  };
  /// The root of a memory view expression, analyzing its indices as `(CF, e2) => (CF', V2)`.
  Root root(Node cf, ExpressionId id) {
    const Expression& e = m_[id];
    if (auto* p = std::get_if<ParenthesizedExpression>(&e.node)) return root(cf, p->inner);
    if (auto* m = std::get_if<MemberExpression>(&e.node)) return root(cf, m->base);
    if (auto* u = std::get_if<UnaryExpression>(&e.node)) return root(cf, u->operand);
    if (auto* x = std::get_if<IndexExpression>(&e.node)) {
      Root r = root(cf, x->base);
      Flow v = expression(r.cf, x->index);
      r.indices.push_back(v.value);
      r.cf = v.cf;
      return r;
    }
    Root r = std::holds_alternative<IdentifierExpression>(e.node) ? rootIdentifier(id) : Root{};
    r.cf = cf;
    return r;
  }
  /// The root identifier's node: a let bound to a pointer stands for the root it was made from.
  Root rootIdentifier(ExpressionId id) const {
    const Resolution& r = out_.identifiers[id.value];
    if (r.kind == Resolution::LocalVariable) {
      if (auto it = pointerRoots_.find(r.index); it != pointerRoots_.end()) return it->second;
      if (auto it = localNodes_.find(r.index); it != localNodes_.end()) return {it->second, {}};
    } else if (r.kind == Resolution::Parameter) {
      const ParameterNode& pn = parameterNodes_.at(r.index);
      return {pn.contents ? *pn.contents : pn.argument, {}};
    }
    return {};
  }

  // -------------------------------------------------------------------------------- calls
  /// #uniformity-function-calls
  Flow call(Node cf, ExpressionId id, const CallExpression& c) {
    Span span = m_[id].span;
    // "For each argument, apply the corresponding expression rule, with the control flow at
    // the exit of the previous argument": arg_i, CF_i. U10: with no arguments, the last CF_i
    // is CF.
    std::vector<Node> args;
    std::vector<ExpressionId> argExpressions;
    for (ExpressionId a : m_[c.arguments]) {
      Flow f = expression(cf, a);
      cf = f.cf;
      args.push_back(f.value);
      argExpressions.push_back(a);
    }
    // The callee's tags: a user-defined function's, or a built-in's (#uniformity-function-calls:
    // "Most built-in functions have tags of ..."). Type constructors have the default built-in
    // tags (U8).
    const FunctionUniformity* user = nullptr;
    uint32_t userIndex = UniformityNodeInfo::kNoFunction;
    std::string_view callee;
    UniformityClass builtin = UniformityClass::Default;
    const Resolution& r = out_.identifiers[id.value];
    if (r.kind == Resolution::ModuleDeclaration && out_.declarations[r.index].kind == ModuleDeclaration::Function) {
      user = &result_.functions[r.index];
      userIndex = r.index;
      callee = name(out_.declarations[r.index].name);
      record_.calls.push_back({r.index, cf, args});
    } else if (const Overload* o = out_.calls[id.value]) {
      builtin = o->row->uniformity;
      callee = o->row->name;
    } else {
      callee = "type constructor";
    }
    CallSiteTag site = CallSiteTag::CallSiteNoRestriction;
    FunctionTag ftag = FunctionTag::NoRestriction;
    if (user) {
      site = user->callSite;
      ftag = user->function;
    } else if (builtin == UniformityClass::ControlBarrier) {
      site = CallSiteTag::CallSiteRequiredToBeUniform;
    } else if (builtin == UniformityClass::Derivative) {
      site = CallSiteTag::CallSiteRequiredToBeUniform;
      ftag = FunctionTag::ReturnValueMayBeNonUniform;
    }
    // "Create two new nodes, named Result and CF_after"
    Node result = node(NodeKind::CallResult, span, kRowCall, callee);
    Node after = node(NodeKind::CallControlFlow, span, kRowCall, callee);
    if (site == CallSiteTag::CallSiteRequiredToBeUniform)
      require(Reason::CallSiteRequired, span, callee, 0, userIndex, cf);  // RequiredToBeUniform -> last CF_i
    else
      g_.edge(after, cf);  // CF_after -> last CF_i
    if (ftag == FunctionTag::SubsequentControlFlowMayBeNonUniform)
      g_.edge(after, source(Reason::SubsequentControlFlow, span, callee, 0, userIndex));
    else if (ftag == FunctionTag::ReturnValueMayBeNonUniform)
      g_.edge(result, source(Reason::ReturnValue, span, callee, 0, userIndex));
    g_.edge(result, after);  // Result -> CF_after
    for (uint32_t i = 0; i < args.size(); ++i) {
      ParameterTag tag = ParameterTag::ParameterRequiredToBeUniformForReturnValue;
      if (user) tag = i < user->parameters.size() ? user->parameters[i] : ParameterTag::ParameterNoRestriction;
      else if (builtin == UniformityClass::ArrayLength) tag = ParameterTag::ParameterNoRestriction;
      switch (tag) {
        case ParameterTag::ParameterRequiredToBeUniform:
          require(Reason::ParameterRequired, m_[argExpressions[i]].span, callee, i, userIndex, args[i]);
          break;
        case ParameterTag::ParameterRequiredToBeUniformForSubsequentControlFlow: g_.edge(after, args[i]); break;
        case ParameterTag::ParameterRequiredToBeUniformForReturnValue: g_.edge(result, args[i]); break;
        case ParameterTag::ParameterNoRestriction: break;
      }
      // U2 (strict): what the callee may store through a function-space pointer argument.
      if (user && i < user->pointerContents.size()) {
        const PointerContentsTag& pc = user->pointerContents[i];
        if (!pc.mayBeNonUniform && !pc.dependsOnCallSite && pc.dependsOnArguments.empty()) continue;
        // A pointer argument is `&v` or a pointer parameter (#function-restriction): no indices.
        Root target = root(cf, argExpressions[i]);
        if (pc.mayBeNonUniform)
          g_.edge(target.node, source(Reason::PointerContents, m_[argExpressions[i]].span, callee, i, userIndex));
        if (pc.dependsOnCallSite) g_.edge(target.node, cf);
        for (uint32_t j : pc.dependsOnArguments)
          if (j < args.size()) g_.edge(target.node, args[j]);
      }
    }
    return {after, result};
  }

  struct ParameterNode {
    Node argument = 0;
    uint32_t index = 0;
    std::optional<Node> contents;
  };

  const CheckedModule& out_;
  const Module& m_;
  const UniformityResult& result_;
  const UniformityOptions& options_;
  UniformityGraph& g_;
  FunctionRecord& record_;
  bool entry_ = false;
  std::unordered_map<uint32_t, Node> localNodes_;     // by VariableId: X, or V of a let
  std::unordered_map<uint32_t, Root> pointerRoots_;   // by VariableId of a let of pointer type
  std::unordered_map<uint32_t, ParameterNode> parameterNodes_;  // by ParameterId
};

}  // namespace

void buildUniformityGraph(const CheckedModule& module, const UniformityResult& result,
                          const UniformityOptions& options, uint32_t function, UniformityGraph& graph,
                          FunctionRecord& record) {
  GraphBuilder(module, result, options, graph, record).build(function);
}

}  // namespace plumb
