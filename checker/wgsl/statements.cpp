// Statements (#statements): their type rules, and where break and continue may appear.
#include <functional>

#include "checker/wgsl/checker_impl.h"

namespace plumb {

using namespace ast;

void Checker::checkStatements(List<Statement> list) {
  for (StatementId s : m_[list]) checkStatement(s);
}

void Checker::requireBool(ExpressionId e, const char* rule, const char* what) {
  Operand o = operand(e);
  if (!o.type) return;
  if (types_.kind(loadType(o.type)) != TypeKind::Bool)
    error(o.span, std::string(what) + " must be a bool, not " + typeName(o.type), rule);
}

// #var-decls, #let-decls, #creation-time-consts, #function-scope-variables
void Checker::checkLocalDeclaration(VariableId id) {
  const VariableDeclaration& v = m_[id];
  LocalInfo& local = locals_[id.value];
  Type declared = v.type ? resolveTypeDecl(v.type) : Type{};
  if (v.type && !declared) return;
  std::optional<Value> value;
  EvaluationStage stage = EvaluationStage::Runtime;
  switch (v.kind) {
    case DeclarationKind::Var: {
      // "The variable is always in the function address space. The address space decoration
      // is optional."
      if (v.hasQualifier && v.space != AddressSpace::Function)
        error(v.span,
              "a variable inside a function is in the function address space, not " +
                  std::string(spelling(v.space)),
              "function-scope-variables");
      if (v.access != AccessMode::None)
        error(v.span, "the access mode must not be written for the function address space",
              "access-mode-defaults");
      Type store = declared;
      if (v.initializer) store = typeInitializer(v.initializer, declared, true, value, stage);
      if (!store) {
        if (!v.initializer) error(v.nameSpan, "a variable needs a type or an initializer", "var-decls");
        return;
      }
      // "The store type must be a constructible type."
      if (!isConstructible(types_, store)) {
        error(v.type ? m_[v.type].span : v.nameSpan,
              "a function-scope variable's type must be constructible, not " + typeName(store),
              "function-scope-variables");
        return;
      }
      local.type = types_.reference(AddressSpace::Function, store, AccessMode::ReadWrite);
      local.stage = EvaluationStage::Runtime;
      break;
    }
    case DeclarationKind::Let: {
      Type t = typeInitializer(v.initializer, declared, true, value, stage);
      if (!t) return;
      // "A function-scope let-declared constant must be of constructible type, or of pointer
      // type." new#let-decls: "If the texture_and_sampler_let feature is supported, the
      // effective-value-type may also be a texture or sampler type" (delta 2.5).
      bool handle = (isTexture(types_, t) || isSampler(types_, t)) &&
                    m_.revision().isLanguageFeature("texture_and_sampler_let");
      if (!isConstructible(types_, t) && types_.kind(t) != TypeKind::Pointer && !handle) {
        error(v.nameSpan, "a let declaration's type must be constructible or a pointer, not " + typeName(t),
              "function-scope-variables");
        return;
      }
      local.type = t;
      local.stage = EvaluationStage::Runtime;  // a let is not a creation-time constant
      break;
    }
    case DeclarationKind::Const: {
      Type t = typeInitializer(v.initializer, declared, false, value, stage);
      if (!t) return;
      if (out_.expressions[v.initializer.value].type && stage != EvaluationStage::Constant) {
        error(m_[v.initializer].span,
              "a const initializer must be a creation-time expression (literals, const "
              "declarations and @const built-ins)",
              "creation-time-consts");
        return;
      }
      local.type = t;
      local.stage = EvaluationStage::Constant;
      local.value = std::move(value);
      break;
    }
    case DeclarationKind::Override:
      error(v.span, "override declarations are only allowed at module scope", "override-decls");
      return;
  }
  out_.variables[id.value] = local.type;
}

// #assignment
void Checker::checkAssignment(const Statement& s, const AssignmentStatement& a) {
  Operand value = operand(a.value);
  if (!a.target) {
    // #phony-assignment-section: e is constructible, a pointer, a texture or a sampler.
    if (!value.type) return;
    Type t = loadType(value.type);
    if (types_.kind(t) == TypeKind::Void) {
      error(value.span, "the function called here does not return a value", "phony-assignment-section");
      return;
    }
    if (isAbstract(types_, t)) t = concretize(t);
    if (!isConstructible(types_, t) && types_.kind(t) != TypeKind::Pointer &&
        !isTexture(types_, t) && !isSampler(types_, t)) {
      error(value.span, "a phony assignment cannot discard a value of type " + typeName(value.type),
            "phony-assignment-section");
      return;
    }
    convertOperand(value, t);
    return;
  }
  Operand target = operand(a.target);
  if (!target.type || !value.type) return;
  const TypeNode& r = types_[target.type];
  if (r.kind != TypeKind::Reference) {
    error(target.span, "the left-hand side of an assignment must be a reference (a variable or part of one), not " +
                           typeName(target.type),
          "simple-assignment-section");
    return;
  }
  if (r.access == AccessMode::Read) {
    error(target.span,
          "cannot write through a read-only reference (" + typeName(target.type) + ")",
          "simple-assignment-section");
    return;
  }
  Type store = r.element;
  if (!isConstructible(types_, store)) {
    error(target.span, "a value of type " + typeName(store) + " cannot be assigned", "simple-assignment-section");
    return;
  }
  if (a.op == AssignmentOperator::Assign) {
    if (conversionRank(value.type, store) >= kInfiniteRank) {
      error(value.span, "cannot assign " + typeName(value.type) + " to " + typeName(target.type),
            "simple-assignment-section");
      return;
    }
    convertOperand(value, store);
    return;
  }
  // #compound-assignment-sec: `e1 op= e2` is `e1 = e1 op e2` with e1 evaluated once; the
  // operator's result must be the store type.
  std::string op(spelling(a.op));
  op.pop_back();  // "+=" -> "+"
  std::optional<Selection> sel = selectOverload(OverloadKind::BinaryOperator, op,
                                                {target, value}, s.span, "compound-assignment-sec");
  if (!sel) return;
  if (sel->result != store) {
    error(s.span,
          "'" + op + "' on " + typeName(store) + " and " + typeName(value.type) + " gives " +
              typeName(sel->result) + ", which cannot be stored in " + typeName(target.type),
          "compound-assignment-sec");
    return;
  }
  // Typed and evaluated as `e1 op e2`: revision 2026's errors decided by a const e2 (`v /= 0`,
  // `v <<= 32u`; new#arithmetic-expr, new#bit-expr) apply to it too.
  applyOverload(*sel, {target, value}, s.span);
}

std::optional<Type> Checker::concreteCaseSelectorType(const SwitchStatement& sw) {
  for (ClauseId c : m_[sw.clauses])
    for (ExpressionId e : m_[m_[c].selectors]) {
      Operand o = operand(e);
      if (!o.type) continue;
      Type t = loadType(o.type);
      if (types_.kind(t) == TypeKind::I32 || types_.kind(t) == TypeKind::U32) return t;
    }
  return std::nullopt;
}

void Checker::checkSwitch(const SwitchStatement& sw, Span span) {
  Operand selector = operand(sw.selector);
  Type t;
  if (selector.type) {
    t = loadType(selector.type);
    // #switch-statement: the selector must be of integer scalar type. The seed concretizes a
    // creation-time AbstractInt selector to i32 ("each case selector must be ... of the
    // selector's type"). new#switch-statement: "the selector expression and all case selector
    // expressions must be of the same concrete integer scalar type", so an AbstractInt selector
    // takes the type of a concrete case selector (`switch 1 { case 2u: ... }` is u32), and
    // i32 only when every one of them is abstract (Revision::switchSelectorCommonType).
    if (types_.kind(t) == TypeKind::AbstractInt) {
      t = types_.i32();
      if (m_.revision().switchSelectorCommonType)
        if (std::optional<Type> common = concreteCaseSelectorType(sw)) t = *common;
    }
    if (!isIntegerScalar(types_, t)) {
      error(selector.span, "a switch selector must be i32 or u32, not " + typeName(selector.type),
            "switch-statement");
      t = Type{};
    } else {
      convertOperand(selector, t);
    }
  }
  std::vector<std::pair<int64_t, Span>> seen;
  int defaults = 0;
  constructs_.push_back(Construct::Switch);
  std::span<const ClauseId> clauses = m_[sw.clauses];
  // #limits: "Number of case selector values in a switch statement"; new#limits counts "the
  // number of case values, including the default clause".
  uint64_t selectorValues = 0;
  for (ClauseId c : clauses)
    selectorValues += m_[m_[c].selectors].size() +
                      (m_.revision().limitsAreMinimumSupported && m_[c].isDefault ? 1 : 0);
  checkLimit(span, Limit::CaseSelectorValues, selectorValues);
  for (size_t ci = 0; ci < clauses.size(); ++ci) {
    const SwitchClause& c = m_[clauses[ci]];
    if (c.isDefault && ++defaults == 2)
      error(c.span, "a switch statement must have exactly one default clause", "switch-statement");
    for (ExpressionId e : m_[c.selectors]) {
      Operand o = operand(e);
      if (!o.type || !t) continue;
      // "Each case selector must be a creation-time expression of the selector's type."
      if (o.stage != EvaluationStage::Constant) {
        error(o.span, "a case selector must be a creation-time expression", "switch-statement");
        continue;
      }
      if (conversionRank(o.type, t) >= kInfiniteRank) {
        error(o.span, "a case selector must have the selector's type " + typeName(t) + ", not " +
                          typeName(o.type),
              "switch-statement");
        continue;
      }
      std::optional<Value> v = convertOperand(o, t);
      if (!v) continue;
      for (const auto& [x, where] : seen)
        if (x == v->intValue()) {
          error(o.span, "the case selector value " + formatValue(types_, *v) + " appears twice",
                "switch-statement");
          note(where, "the previous occurrence");
        }
      seen.push_back({v->intValue(), o.span});
    }
    const auto& body = std::get<CompoundStatement>(m_[c.body].node);
    std::span<const StatementId> statements = m_[body.statements];
    // #switch-statement: "A fallthrough statement must not be used in the last clause."
    if (!statements.empty() && ci + 1 == clauses.size() &&
        std::holds_alternative<FallthroughStatement>(m_[statements.back()].node))
      error(m_[statements.back()].span, "fallthrough must not be used in the last clause of a switch",
            "switch-statement");
    checkStatements(body.statements);
  }
  constructs_.pop_back();
  if (defaults == 0) error(span, "a switch statement must have a default clause", "switch-statement");
}

void Checker::checkLoop(const LoopStatement& loop) {
  constructs_.push_back(Construct::Loop);
  size_t depth = constructs_.size() - 1;
  // Which of the body's declarations does the continuing statement use? A continue must not
  // skip them (#continue-statement).
  uint32_t firstUse = UINT32_MAX;
  if (loop.continuing) {
    std::vector<uint32_t> used;
    std::function<void(ExpressionId)> expr = [&](ExpressionId e) {
      if (!e) return;
      const Expression& x = m_[e];
      if (std::holds_alternative<IdentifierExpression>(x.node)) {
        const Resolution& r = out_.identifiers[e.value];
        if (r.kind == Resolution::LocalVariable) used.push_back(r.index);
      }
      std::visit(
          [&](const auto& n) {
            using N = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<N, CallExpression>) {
              for (ExpressionId a : m_[n.arguments]) expr(a);
            } else if constexpr (std::is_same_v<N, ParenthesizedExpression>) {
              expr(n.inner);
            } else if constexpr (std::is_same_v<N, BitcastExpression>) {
              expr(n.operand);
            } else if constexpr (std::is_same_v<N, IndexExpression>) {
              expr(n.base);
              expr(n.index);
            } else if constexpr (std::is_same_v<N, MemberExpression>) {
              expr(n.base);
            } else if constexpr (std::is_same_v<N, UnaryExpression>) {
              expr(n.operand);
            } else if constexpr (std::is_same_v<N, BinaryExpression>) {
              expr(n.left());
              expr(n.right);
            }
          },
          x.node);
    };
    std::function<void(StatementId)> stmt = [&](StatementId s) {
      if (!s) return;
      std::visit(
          [&](const auto& n) {
            using N = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<N, CompoundStatement> || std::is_same_v<N, ContinuingStatement>) {
              for (StatementId t : m_[n.statements]) stmt(t);
            } else if constexpr (std::is_same_v<N, LoopStatement>) {
              for (StatementId t : m_[n.statements]) stmt(t);
              stmt(n.continuing);
            } else if constexpr (std::is_same_v<N, ReturnStatement> ||
                                 std::is_same_v<N, BreakIfStatement> ||
                                 std::is_same_v<N, StaticAssertStatement>) {
              if constexpr (std::is_same_v<N, ReturnStatement>) expr(n.value);
              else expr(n.condition);
            } else if constexpr (std::is_same_v<N, IfStatement>) {
              expr(n.condition);
              stmt(n.body);
              stmt(n.elseBranch);
            } else if constexpr (std::is_same_v<N, SwitchStatement>) {
              expr(n.selector);
              for (ClauseId c : m_[n.clauses]) stmt(m_[c].body);
            } else if constexpr (std::is_same_v<N, ForStatement>) {
              stmt(m_[n.header].initializer);
              expr(m_[n.header].condition);
              stmt(m_[n.header].update);
              stmt(n.body);
            } else if constexpr (std::is_same_v<N, WhileStatement>) {
              expr(n.condition);
              stmt(n.body);
            } else if constexpr (std::is_same_v<N, FunctionCallStatement>) {
              expr(n.call);
            } else if constexpr (std::is_same_v<N, DeclarationStatement>) {
              expr(m_[n.declaration].initializer);
            } else if constexpr (std::is_same_v<N, AssignmentStatement>) {
              expr(n.target);
              expr(n.value);
            } else if constexpr (std::is_same_v<N, IncrementStatement> ||
                                 std::is_same_v<N, DecrementStatement>) {
              expr(n.target);
            }
          },
          m_[s].node);
    };
    stmt(loop.continuing);
    std::span<const StatementId> body = m_[loop.statements];
    for (uint32_t i = 0; i < body.size() && firstUse == UINT32_MAX; ++i)
      if (auto* d = std::get_if<DeclarationStatement>(&m_[body[i]].node))
        for (uint32_t u : used)
          if (u == d->declaration.value) firstUse = m_[body[i]].span.begin;
  }
  if (firstUse != UINT32_MAX) continuingUses_.push_back({depth, firstUse});
  checkStatements(loop.statements);
  if (firstUse != UINT32_MAX) continuingUses_.pop_back();
  if (loop.continuing) {
    constructs_.push_back(Construct::Continuing);
    checkStatement(loop.continuing);
    constructs_.pop_back();
  }
  constructs_.pop_back();
}

void Checker::checkStatement(StatementId id) {
  const Statement& s = m_[id];
  std::visit(
      [&](const auto& n) {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, CompoundStatement> || std::is_same_v<N, ContinuingStatement>) {
          checkStatements(n.statements);
        } else if constexpr (std::is_same_v<N, ReturnStatement>) {
          // #return-statement
          if (!n.value) {
            if (currentReturnType_)
              error(s.span, "this function must return a " + typeName(currentReturnType_),
                    "return-statement");
            return;
          }
          Operand o = operand(n.value);
          if (!o.type) return;
          if (!currentReturnType_) {
            error(o.span, "this function has no return type, so return takes no value", "return-statement");
            return;
          }
          if (conversionRank(o.type, currentReturnType_) >= kInfiniteRank) {
            error(o.span, "the function returns " + typeName(currentReturnType_) + ", not " + typeName(o.type),
                  "return-statement");
            return;
          }
          convertOperand(o, currentReturnType_);
        } else if constexpr (std::is_same_v<N, IfStatement>) {
          requireBool(n.condition, "if-statement", "an if condition");
          checkStatement(n.body);
          if (n.elseBranch) checkStatement(n.elseBranch);
        } else if constexpr (std::is_same_v<N, SwitchStatement>) {
          checkSwitch(n, s.span);
        } else if constexpr (std::is_same_v<N, LoopStatement>) {
          checkLoop(n);
        } else if constexpr (std::is_same_v<N, ForStatement>) {
          // #for-statement: `for (init; cond; update) body` is a loop (its condition is bool).
          const ForHeader& h = m_[n.header];
          if (h.initializer) checkStatement(h.initializer);
          if (h.condition) requireBool(h.condition, "for-statement", "a for condition");
          constructs_.push_back(Construct::Loop);
          checkStatement(n.body);
          if (h.update) {
            constructs_.push_back(Construct::Continuing);
            checkStatement(h.update);
            constructs_.pop_back();
          }
          constructs_.pop_back();
        } else if constexpr (std::is_same_v<N, WhileStatement>) {
          requireBool(n.condition, "while-statement", "a while condition");
          constructs_.push_back(Construct::Loop);
          checkStatement(n.body);
          constructs_.pop_back();
        } else if constexpr (std::is_same_v<N, BreakStatement>) {
          // #break-statement: within loop, for, while or switch; not exiting a continuing.
          for (auto it = constructs_.rbegin(); it != constructs_.rend(); ++it) {
            if (*it == Construct::Loop || *it == Construct::Switch) return;
            if (*it == Construct::Continuing) {
              error(s.span, "break must not exit a continuing statement; use `break if`",
                    "break-statement");
              return;
            }
          }
          error(s.span, "break is only allowed in a loop, for, while or switch statement",
                "break-statement");
        } else if constexpr (std::is_same_v<N, BreakIfStatement>) {
          requireBool(n.condition, "break-if-statement", "a break-if condition");
        } else if constexpr (std::is_same_v<N, ContinueStatement>) {
          // #continue-statement
          for (auto it = constructs_.rbegin(); it != constructs_.rend(); ++it) {
            if (*it == Construct::Switch) continue;
            if (*it == Construct::Continuing) {
              error(s.span, "continue must not transfer control to an enclosing continuing statement",
                    "continue-statement");
              return;
            }
            size_t depth = static_cast<size_t>(constructs_.rend() - it) - 1;
            for (const PendingContinuing& p : continuingUses_)
              if (p.depth == depth && s.span.begin < p.firstUse) {
                error(s.span,
                      "this continue skips a declaration that the loop's continuing statement uses",
                      "continue-statement");
                note(Span{p.firstUse, p.firstUse}, "the declaration");
              }
            return;
          }
          error(s.span, "continue is only allowed in a loop, for or while statement", "continue-statement");
        } else if constexpr (std::is_same_v<N, DiscardStatement> ||
                             std::is_same_v<N, FallthroughStatement> ||
                             std::is_same_v<N, EmptyStatement>) {
          // Where discard may run is an entry-point rule; fallthrough's place is syntax.
        } else if constexpr (std::is_same_v<N, FunctionCallStatement>) {
          const ExpressionInfo& info = typeExpression(n.call);
          if (m_.revision().mustUse) checkMustUse(n.call, info);
        } else if constexpr (std::is_same_v<N, DeclarationStatement>) {
          checkLocalDeclaration(n.declaration);
        } else if constexpr (std::is_same_v<N, AssignmentStatement>) {
          checkAssignment(s, n);
        } else if constexpr (std::is_same_v<N, IncrementStatement> ||
                             std::is_same_v<N, DecrementStatement>) {
          // #increment-decrement: the target is a writable reference to i32 or u32.
          Operand t = operand(n.target);
          if (!t.type) return;
          const TypeNode& r = types_[t.type];
          if (r.kind != TypeKind::Reference || r.access == AccessMode::Read ||
              !isIntegerScalar(types_, r.element))
            error(t.span,
                  std::string(std::is_same_v<N, IncrementStatement> ? "++" : "--") +
                      " needs a writable reference to i32 or u32, not " + typeName(t.type),
                  "increment-decrement");
        } else if constexpr (std::is_same_v<N, StaticAssertStatement>) {
          checkStaticAssert(n.condition);
        }
      },
      s.node);
}

// new#function-call-statement, new#must-use-attr (revision 2026; delta 4.4): "It is a
// shader-creation error if a function call statement calls a function with the must_use
// attribute." Every built-in function with a result is @must_use except the atomics, and so
// are value constructors.
void Checker::checkMustUse(ExpressionId call, const ExpressionInfo& info) {
  const auto& c = std::get<CallExpression>(m_[call].node);
  const char* rule = "must-use-attr";
  if (!c.function()) {
    error(m_[call].span,
          "a value constructor's result must be used (value constructors are @must_use)", rule);
    return;
  }
  const Resolution& r = out_.identifiers[call.value];
  std::string fname(name(c.function()));
  if (r.kind == Resolution::BuiltinFunction) {
    if (info.type && types_.kind(info.type) != TypeKind::Void && !fname.starts_with("atomic"))
      error(m_[call].span,
            "the result of the built-in function '" + fname +
                "' must be used (it is @must_use): write '_ = " + fname + "(...);'",
            rule);
    return;
  }
  if (r.kind != Resolution::ModuleDeclaration) return;
  const ModuleDeclaration& d = out_.declarations[r.index];
  if (d.kind == ModuleDeclaration::Struct || d.kind == ModuleDeclaration::TypeAlias) {
    error(m_[call].span,
          "a value constructor's result must be used (value constructors are @must_use)", rule);
  } else if (d.kind == ModuleDeclaration::Function && d.attributes.has(Attributes::MustUse)) {
    error(m_[call].span,
          "the result of '" + fname + "' must be used: the function is declared @must_use", rule);
  }
}

}  // namespace plumb
