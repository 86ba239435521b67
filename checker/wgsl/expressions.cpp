// Typing of expressions (#expressions): every expression gets a static type, an evaluation
// stage, and, for creation-time expressions, its value.
#include <mpfr.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

#include "checker/wgsl/checker_impl.h"
#include "checker/float_rounding.h"

namespace plumb {

using namespace ast;

namespace {

// The value of an f16 literal: the literal's exact value rounded once to binary16, to nearest
// (going through binary64 first could round twice).
double parseF16(const std::string& text) {
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-23);  // binary16: 11-bit significands, subnormals down to 2^-24
  mpfr_set_emax(16);
  mpfr_t x;
  mpfr_init2(x, 11);
  int inexact = mpfr_strtofr(x, text.c_str(), nullptr, 0, MPFR_RNDN);
  mpfr_subnormalize(x, inexact, MPFR_RNDN);
  double d = mpfr_get_d(x, MPFR_RNDN);
  mpfr_clear(x);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  return d;
}

}  // namespace

Operand Checker::operand(ExpressionId e) {
  const ExpressionInfo& info = typeExpression(e);
  // Revision 2026 (new#const-expr): an operand that is not evaluated has its type and stage
  // but no value, so nothing computed from it is evaluated or reported.
  return Operand{e, info.type, info.stage, evaluating() ? &info.value : nullptr, m_[e].span};
}

const ExpressionInfo& Checker::typeExpression(ExpressionId id) {
  ExpressionInfo& slot = out_.expressions[id.value];
  if (expressionDone_[id.value]) return slot;
  expressionDone_[id.value] = 1;
  const Expression& e = m_[id];
  ExpressionInfo info = std::visit(
      [&](const auto& n) -> ExpressionInfo {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, LiteralExpression>) {
          return typeLiteral(e, n);
        } else if constexpr (std::is_same_v<N, IdentifierExpression>) {
          return typeIdentifier(id, e);
        } else if constexpr (std::is_same_v<N, CallExpression>) {
          return typeCall(id, e, n);
        } else if constexpr (std::is_same_v<N, ParenthesizedExpression>) {
          // #parenthesized-expressions: "(e) : T" evaluates to e.
          return typeExpression(n.inner);
        } else if constexpr (std::is_same_v<N, BitcastExpression>) {
          return typeBitcast(e, n);
        } else if constexpr (std::is_same_v<N, IndexExpression>) {
          return typeIndex(e, n);
        } else if constexpr (std::is_same_v<N, MemberExpression>) {
          return typeMember(e, n);
        } else if constexpr (std::is_same_v<N, UnaryExpression>) {
          return typeUnary(e, n);
        } else {
          return typeBinary(e, n);
        }
      },
      e.node);
  // The visit may have typed other expressions; the slot reference stays valid (the vector
  // is sized once).
  out_.expressions[id.value] = std::move(info);
  return out_.expressions[id.value];
}

// #literal-expressions
ExpressionInfo Checker::typeLiteral(const Expression& e, const LiteralExpression& l) {
  ExpressionInfo info;
  info.stage = EvaluationStage::Constant;
  if (l.kind == LiteralKind::Bool) {
    info.type = types_.boolType();
    info.value = Value{info.type, l.boolValue};
    return info;
  }
  std::string text(m_.text(e.span));
  if (l.suffix != LiteralSuffix::None) text.pop_back();
  if (l.kind == LiteralKind::Int) {
    info.type = l.suffix == LiteralSuffix::I   ? types_.i32()
                : l.suffix == LiteralSuffix::U ? types_.u32()
                                               : types_.abstractInt();
    errno = 0;
    unsigned long long v = std::strtoull(text.c_str(), nullptr, 0);
    if (text.size() > 1 && text[0] == '0' && (text[1] != 'x' && text[1] != 'X'))
      v = std::strtoull(text.c_str(), nullptr, 10);  // not octal: `0` is the only such literal
    if (errno == ERANGE || v > 0x7FFFFFFFFFFFFFFFull) {
      info.type = Type{};  // the lexer has reported the literal (#literals)
      return info;
    }
    info.value = Value{info.type, static_cast<int64_t>(v)};
    return info;
  }
  switch (l.suffix) {
    case LiteralSuffix::F:
      info.type = types_.f32();
      info.value = Value{info.type, static_cast<double>(std::strtof(text.c_str(), nullptr))};
      break;
    case LiteralSuffix::H:
      requireF16(e.span, "literals");
      info.type = types_.f16();
      info.value = Value{info.type, parseF16(text)};
      break;
    default:
      info.type = types_.abstractFloat();
      info.value = Value{info.type, std::strtod(text.c_str(), nullptr)};
      break;
  }
  if (std::isinf(info.value->floatValue())) info.type = Type{};  // reported by the lexer
  return info;
}

// #var-identifier-expr, #formal-parameter-expr, #constant-identifier-expr
ExpressionInfo Checker::typeIdentifier(ExpressionId id, const Expression& e) {
  ExpressionInfo info;
  const Resolution& r = out_.identifiers[id.value];
  std::string text(m_.text(e.span));
  switch (r.kind) {
    case Resolution::Unresolved: return info;  // reported by the resolver
    case Resolution::BuiltinFunction:
      error(e.span, "'" + text + "' is a built-in function; it can only be called",
            "function-call-expr");
      return info;
    case Resolution::PredeclaredType:
      error(e.span, "'" + text + "' is a type, not a value", "var-identifier-expr");
      return info;
    case Resolution::Parameter:
      info.type = out_.parameters[r.index];
      return info;
    case Resolution::LocalVariable: {
      const LocalInfo& l = locals_[r.index];
      info.type = l.type;
      info.stage = l.stage;
      info.value = l.value;
      return info;
    }
    case Resolution::ModuleDeclaration: {
      const ModuleDeclaration& d = out_.declarations[r.index];
      switch (d.kind) {
        case ModuleDeclaration::Variable: info.type = d.type; return info;
        case ModuleDeclaration::Const:
          info.type = d.type;
          info.stage = EvaluationStage::Constant;
          info.value = d.value;
          return info;
        case ModuleDeclaration::Override:
          info.type = d.type;
          info.stage = EvaluationStage::Override;
          info.value = d.value;  // known only at pipeline creation
          return info;
        case ModuleDeclaration::Function:
          error(e.span, "'" + text + "' is a function; it can only be called", "function-call-expr");
          return info;
        default:
          error(e.span, "'" + text + "' is a type, not a value", "var-identifier-expr");
          return info;
      }
    }
  }
  return info;
}

ExpressionInfo Checker::typeCall(ExpressionId id, const Expression& e, const CallExpression& c) {
  std::vector<Operand> operands;
  for (ExpressionId a : m_[c.arguments]) operands.push_back(operand(a));
  for (const Operand& o : operands)
    if (!o.type) return ExpressionInfo{};  // an argument already failed
  if (TypeId t = c.type()) {
    const TypeDecl& decl = m_[t];
    if (shadowedTypes_[t.value]) {
      // Revision 2026: the name is a user declaration's (new#declaration-and-scope): a
      // structure or alias constructs; anything else is reported as not a type.
      Type target = resolveTypeDecl(t);
      if (!target) return ExpressionInfo{};
      return typeConstructor(target, nullptr, operands, e.span);
    }
    // `vecN(...)` and `matCxR(...)` without a template argument infer the component type.
    const VectorType* v = std::get_if<VectorType>(&decl.node);
    const MatrixType* mt = std::get_if<MatrixType>(&decl.node);
    if ((v && !v->element) || (mt && !mt->element)) return typeConstructor(Type{}, &decl, operands, e.span);
    const ArrayType* at = std::get_if<ArrayType>(&decl.node);
    if (at && !at->element) {
      // new#array-builtin (revision 2026, delta 2.2): `array(e1, ..., eN)` is
      // array<T, N> where every ei converts to T, T chosen as overload resolution would:
      // among the operands' types, the one with the least total conversion rank. T may be
      // abstract (delta 2.3): `array(1, 2)` is array<AbstractInt, 2>.
      if (operands.empty()) {
        error(e.span, "array() needs at least one element to infer its type", "array-builtin");
        return ExpressionInfo{};
      }
      checkLimit(e.span, Limit::ArrayConstructorElements, operands.size());
      Type best;
      long bestRank = 0;
      for (const Operand& candidate : operands) {
        Type t = loadType(candidate.type);
        long total = 0;
        for (const Operand& o : operands) {
          int r = conversionRank(o.type, t);
          if (r >= kInfiniteRank) {
            total = -1;
            break;
          }
          total += r;
        }
        if (total >= 0 && (!best || total < bestRank)) {
          best = t;
          bestRank = total;
        }
      }
      if (!best) {
        error(e.span, "the elements of array(...) have no common type", "array-builtin");
        return ExpressionInfo{};
      }
      Type result = types_.array(best, ArrayCount::Fixed, operands.size());
      if (isAbstract(types_, best)) {
        // An abstract array (new#abstract-types): every element is a const-expression of
        // abstract type, so the array is one too.
        ExpressionInfo info;
        info.type = result;
        info.stage = EvaluationStage::Constant;
        std::vector<Value> parts;
        for (const Operand& o : operands) {
          std::optional<Value> v = convertOperand(o, best);
          if (!v) return ExpressionInfo{};
          parts.push_back(std::move(*v));
        }
        info.value = Value{result, std::move(parts)};
        return info;
      }
      return typeConstructor(result, nullptr, operands, e.span);
    }
    Type target = resolveTypeDecl(t);
    if (!target) return ExpressionInfo{};
    return typeConstructor(target, nullptr, operands, e.span);
  }
  const Resolution& r = out_.identifiers[id.value];
  std::string_view fname = name(c.function());
  if (m_.callTemplates.count(id.value) &&
      (r.kind != Resolution::BuiltinFunction || !isBufferViewBuiltin(fname))) {
    // new#template-lists-sec: only predeclared functions take a template list (a
    // declaration named bufferView shadows the built-in).
    if (r.kind != Resolution::Unresolved)
      error(e.span, "'" + std::string(fname) + "' takes no template list", "template-lists-sec");
    return ExpressionInfo{};
  }
  switch (r.kind) {
    case Resolution::Unresolved: return ExpressionInfo{};
    case Resolution::BuiltinFunction: {
      std::optional<Selection> s =
          selectOverload(OverloadKind::Builtin, fname, operands, e.span, "builtin-functions");
      if (!s) return ExpressionInfo{};
      out_.calls[id.value] = s->overload;
      if (std::string_view x = s->overload->row->extension; !x.empty()) {
        // new#extension-list: the functions of an extension need its enable directive.
        bool enabled = false;
        for (std::string_view n : enabledExtensions_) enabled = enabled || n == x;
        if (!enabled) {
          error(e.span,
                "'" + std::string(fname) + "' needs the extension '" + std::string(x) +
                    "' (enable " + std::string(x) + ";)",
                "extension-list");
          return ExpressionInfo{};
        }
      }
      if (isBufferViewBuiltin(s->overload->row->name))
        return typeBufferViewCall(id, *s, operands, e.span);
      if (s->overload->row->name == "workgroupUniformLoad" && !isConstructible(types_, s->result)) {
        // new#workgroupUniformLoad-builtin: "T is a concrete constructible type".
        error(e.span,
              "workgroupUniformLoad needs a pointer to a constructible type, not " +
                  typeName(s->result) + " (no atomics, no override-sized arrays)",
              "workgroupUniformLoad-builtin");
        return ExpressionInfo{};
      }
      return applyOverload(*s, operands, e.span);
    }
    case Resolution::PredeclaredType:
      error(e.span, "texture_external values cannot be constructed", "type-constructor-expr");
      return ExpressionInfo{};
    case Resolution::ModuleDeclaration: {
      const ModuleDeclaration& d = out_.declarations[r.index];
      if (d.kind == ModuleDeclaration::Function) return callUserFunction(r.index, operands, e.span);
      if (d.kind == ModuleDeclaration::Struct || d.kind == ModuleDeclaration::TypeAlias) {
        if (!d.type) return ExpressionInfo{};
        return typeConstructor(d.type, nullptr, operands, e.span);
      }
      break;
    }
    default: break;
  }
  error(e.span, "'" + std::string(fname) + "' is not a function or a type", "function-call-expr");
  return ExpressionInfo{};
}

// #function-calls: a call to a user-defined function.
ExpressionInfo Checker::callUserFunction(uint32_t declaration, const std::vector<Operand>& operands,
                                         Span span) {
  const ModuleDeclaration& d = out_.declarations[declaration];
  auto it = functions_.find(declaration);
  if (it == functions_.end()) return ExpressionInfo{};  // a cyclic call, already reported
  const FunctionSignature& sig = it->second;
  std::string fname(name(d.name));
  if (sig.entryPoint) {
    // #function-restriction: "An entry point must never be the target of a function call."
    error(span, "'" + fname + "' is an entry point and cannot be called", "function-restriction");
    return ExpressionInfo{};
  }
  if (operands.size() != sig.parameters.size()) {
    error(span,
          "'" + fname + "' takes " + std::to_string(sig.parameters.size()) + " argument" +
              (sig.parameters.size() == 1 ? "" : "s") + ", not " + std::to_string(operands.size()),
          "function-calls");
    return ExpressionInfo{};
  }
  for (size_t i = 0; i < operands.size(); ++i) {
    // "Each function call argument must evaluate to the type of the corresponding function
    // parameter" (#function-restriction), through feasible automatic conversions.
    if (conversionRank(operands[i].type, sig.parameters[i]) >= kInfiniteRank &&
        bufferArgumentRank(operands[i].type, sig.parameters[i]) >= kInfiniteRank) {
      error(operands[i].span,
            "argument " + std::to_string(i + 1) + " of '" + fname + "' must be " +
                typeName(sig.parameters[i]) + ", not " + typeName(operands[i].type),
            "function-restriction");
      return ExpressionInfo{};
    }
    convertOperand(operands[i], sig.parameters[i]);
    // #function-restriction: a pointer argument to a user-defined function must be an
    // address-of of a variable identifier, or a function parameter.
    // Revision 2026 allows any pointer expression (unrestricted_pointer_parameters).
    if (types_.kind(sig.parameters[i]) == TypeKind::Pointer &&
        !m_.revision().unrestrictedPointerParameters) {
      const Expression& a = m_[operands[i].expression];
      bool ok = false;
      const Expression* inner = &a;
      while (auto* p = std::get_if<ParenthesizedExpression>(&inner->node)) inner = &m_[p->inner];
      if (auto* u = std::get_if<UnaryExpression>(&inner->node)) {
        if (u->op == UnaryOperator::AddressOf) {
          const Expression* target = &m_[u->operand];
          while (auto* p = std::get_if<ParenthesizedExpression>(&target->node)) target = &m_[p->inner];
          ok = std::holds_alternative<IdentifierExpression>(target->node);
        }
      } else if (auto* ident = std::get_if<IdentifierExpression>(&inner->node)) {
        (void)ident;
        ExpressionId innerId = operands[i].expression;
        while (auto* p = std::get_if<ParenthesizedExpression>(&m_[innerId].node)) innerId = p->inner;
        ok = out_.identifiers[innerId.value].kind == Resolution::Parameter;
      }
      if (!ok) {
        error(operands[i].span,
              "a pointer argument must be the address of a variable (&v) or a pointer parameter",
              "function-restriction");
        return ExpressionInfo{};
      }
    }
  }
  ExpressionInfo info;
  info.type = sig.result ? sig.result : types_.voidType();
  return info;
}

std::optional<Value> Checker::convertOperand(const Operand& o, Type dst) {
  if (!o.value || !o.value->has_value()) return std::nullopt;
  std::optional<Value> v = convertValue(**o.value, dst, o.span);
  if (v && v->type != (**o.value).type && o.expression) out_.convertedValues[o.expression.value] = *v;
  return v;
}

ExpressionInfo Checker::applyOverload(const Selection& s, const std::vector<Operand>& operands,
                                      Span span) {
  ExpressionInfo info;
  info.type = s.result;
  bool isConst = s.overload->row->flags & kConst;
  EvaluationStage stage = EvaluationStage::Constant;
  for (const Operand& o : operands) stage = latest(stage, o.stage);
  info.stage = isConst ? stage : EvaluationStage::Runtime;
  std::vector<Value> args;
  // The values of the const-expression operands decide shader-creation errors of the whole
  // call; with the values of the override-expression operands too (known at pipeline
  // creation), pipeline-creation errors (revision 2026, new#override-expr).
  std::vector<std::optional<Value>> known, knownAtPipeline;
  bool haveValues = info.stage != EvaluationStage::Runtime;
  bool overrideValues = false;  // some override-expression operand has its value
  for (size_t i = 0; i < operands.size(); ++i) {
    bool isOverride = operands[i].stage == EvaluationStage::Override;
    size_t pending = pendingPipelineErrors_.size();
    // Still converted when the call is not evaluated: reports unrepresentable values.
    std::optional<Value> v;
    {
      OverrideEvaluation evaluation(*this, isOverride);
      v = convertOperand(operands[i], s.parameterTypes[i]);
    }
    known.push_back(operands[i].stage == EvaluationStage::Constant ? v : std::nullopt);
    knownAtPipeline.push_back(operands[i].stage != EvaluationStage::Runtime ? v : std::nullopt);
    overrideValues = overrideValues || (isOverride && v);
    if (!v) {
      // A conversion error held back for pipeline creation leaves the call unevaluated (its
      // type stays: the rest of the shader is still checked).
      if (haveValues && operands[i].value && operands[i].value->has_value() &&
          pendingPipelineErrors_.size() == pending)
        return ExpressionInfo{};
      haveValues = false;  // a runtime operand, or an override whose value is not known yet
      continue;
    }
    if (haveValues) args.push_back(std::move(*v));
  }
  if (!evaluating()) return info;  // typed only (new#const-expr)
  if (!checkConstOperands(s, known, span, false)) return ExpressionInfo{};
  if (overrideValues && deferPipelineErrors()) {
    // new#override-expr: the errors that the override-expression operands' values decide,
    // whatever the run-time operands are (`left / o` with o = 0).
    OverrideEvaluation evaluation(*this, true);
    if (!checkConstOperands(s, knownAtPipeline, span, true)) return info;
  }
  if (haveValues) {
    size_t pending = pendingPipelineErrors_.size();
    OverrideEvaluation evaluation(*this, info.stage == EvaluationStage::Override);
    if (!evaluate(s, args, span, info.value)) {
      info.value.reset();
      if (pendingPipelineErrors_.size() == pending) info.type = Type{};
    }
  }
  return info;
}

// #arithmetic-expr, #logical-expr, #bit-expr (unary), #address-of-expr, #indirection-expr
ExpressionInfo Checker::typeUnary(const Expression& e, const UnaryExpression& u) {
  Operand o = operand(u.operand);
  if (!o.type) return ExpressionInfo{};
  ExpressionInfo info;
  if (u.op == UnaryOperator::AddressOf) {
    const TypeNode& t = types_[o.type];
    if (t.kind != TypeKind::Reference) {
      error(e.span, "'&' needs a reference (a variable or part of one), not " + typeName(o.type),
            "address-of-expr");
      return info;
    }
    // "It is a shader-creation error if r is a reference to a vector component."
    const Expression* target = &m_[u.operand];
    while (auto* p = std::get_if<ParenthesizedExpression>(&target->node)) target = &m_[p->inner];
    bool component = false;
    if (auto* mem = std::get_if<MemberExpression>(&target->node))
      component = types_.kind(loadType(out_.expressions[mem->base.value].type)) == TypeKind::Vector;
    if (auto* idx = std::get_if<IndexExpression>(&target->node)) {
      Type base = out_.expressions[idx->base.value].type;
      const TypeNode& b = types_[base];
      component = b.kind == TypeKind::Reference && types_.kind(b.element) == TypeKind::Vector;
    }
    if (component) {
      error(e.span, "the address of a vector component cannot be taken", "address-of-expr");
      return info;
    }
    info.type = types_.pointer(t.space, t.element, t.access);
    return info;
  }
  if (u.op == UnaryOperator::Indirection) {
    const TypeNode& t = types_[o.type];
    if (t.kind != TypeKind::Pointer) {
      error(e.span, "'*' needs a pointer, not " + typeName(o.type), "indirection-expr");
      return info;
    }
    info.type = types_.reference(t.space, t.element, t.access);
    return info;
  }
  std::string_view op = spelling(u.op);
  std::optional<Selection> s = selectOverload(OverloadKind::UnaryOperator, op, {o}, e.span,
                                              u.op == UnaryOperator::LogicalNot ? "logical-expr"
                                              : u.op == UnaryOperator::Complement
                                                  ? "bit-expr"
                                                  : "arithmetic-expr");
  if (!s) return info;
  return applyOverload(*s, {o}, e.span);
}

// #arithmetic-expr, #comparison-expr, #logical-expr, #bit-expr (binary)
ExpressionInfo Checker::typeBinary(const Expression& e, const BinaryExpression& b) {
  Operand l = operand(b.left());
  BinaryOperator op = b.op();
  // new#const-expr (revision 2026, delta 3.1): a const-expression is evaluated only when an
  // evaluated outer expression requires it; `e1 && e2` does not require e2 when e1 is false,
  // nor `e1 || e2` when e1 is true (new#logical-expr: "e2 is evaluated only if ..."). So
  // e2 is typed but not evaluated, and its evaluation errors are not errors. The same holds
  // for override-expressions at pipeline creation (new#override-expr).
  bool shortCircuit = false;
  if ((op == BinaryOperator::ShortCircuitAnd || op == BinaryOperator::ShortCircuitOr) &&
      m_.revision().shortCircuitConstEvaluation && l.value && l.value->has_value() &&
      types_.kind((**l.value).type) == TypeKind::Bool)
    shortCircuit = (**l.value).boolValue() == (op == BinaryOperator::ShortCircuitOr);
  if (shortCircuit) ++notEvaluated_;
  Operand r = operand(b.right);
  if (shortCircuit) --notEvaluated_;
  if (!l.type || !r.type) return ExpressionInfo{};
  const char* rule = "arithmetic-expr";
  switch (op) {
    case BinaryOperator::LessThan: case BinaryOperator::GreaterThan:
    case BinaryOperator::LessThanEqual: case BinaryOperator::GreaterThanEqual:
    case BinaryOperator::Equal: case BinaryOperator::NotEqual:
      rule = "comparison-expr";
      break;
    case BinaryOperator::ShortCircuitAnd: case BinaryOperator::ShortCircuitOr:
      rule = "logical-expr";
      break;
    case BinaryOperator::And: case BinaryOperator::Or: case BinaryOperator::Xor:
    case BinaryOperator::ShiftLeft: case BinaryOperator::ShiftRight:
      rule = "bit-expr";
      break;
    default: break;
  }
  std::optional<Selection> s =
      selectOverload(OverloadKind::BinaryOperator, spelling(op), {l, r}, e.span, rule);
  if (!s) return ExpressionInfo{};
  ExpressionInfo info = applyOverload(*s, {l, r}, e.span);
  // The value of a short-circuited `&&` or `||` is its left-hand side's.
  if (shortCircuit && info.type && info.stage != EvaluationStage::Runtime) info.value = **l.value;
  return info;
}

// #vector-access-expr, #matrix-access-expr, #array-access-expr
// new#component-reference-from-pointer (pointer_composite_access, revision 2026; delta 2.5):
// `p.m`, `p[i]` and `p.xy` on a pointer p are the component references of the reference *p.
Type Checker::pointerCompositeBase(Type t) {
  if (!m_.revision().pointerCompositeAccess) return t;
  const TypeNode& n = types_[t];
  if (n.kind != TypeKind::Pointer) return t;
  AddressSpace space = n.space;
  Type element = n.element;
  AccessMode access = n.access;
  return types_.reference(space, element, access);
}

ExpressionInfo Checker::typeIndex(const Expression& e, const IndexExpression& x) {
  Operand base = operand(x.base);
  Operand index = operand(x.index);
  if (!base.type || !index.type) return ExpressionInfo{};
  ExpressionInfo info;
  // The index is an i32 or u32 ([INT]); an AbstractInt index converts to i32.
  Type it = loadType(index.type);
  if (types_.kind(it) == TypeKind::AbstractInt) it = types_.i32();
  if (!isIntegerScalar(types_, it)) {
    error(index.span, "an index must be i32 or u32, not " + typeName(index.type),
          "array-access-expr");
    return info;
  }
  std::optional<Value> indexValue;
  {
    // An override-expression index out of bounds is a pipeline-creation error (revision 2026,
    // new#array-access-expr, new#override-expr).
    OverrideEvaluation evaluation(*this, index.stage == EvaluationStage::Override);
    indexValue = convertOperand(index, it);
  }
  const TypeNode& bt = types_[pointerCompositeBase(base.type)];
  bool reference = bt.kind == TypeKind::Reference;
  Type composite = reference ? bt.element : base.type;
  const TypeNode& ct = types_[composite];
  Type element;
  uint64_t count = 0;
  switch (ct.kind) {
    case TypeKind::Vector:
      element = ct.element;
      count = ct.size;
      break;
    case TypeKind::Matrix:
      element = types_.vector(ct.rows, ct.element);
      count = ct.size;
      break;
    case TypeKind::Array:
      element = ct.element;
      count = ct.arrayCount == ArrayCount::Fixed ? ct.count : 0;
      if (!reference && ct.arrayCount != ArrayCount::Fixed) {
        error(e.span, "only a fixed-size array value can be indexed", "array-access-expr");
        return info;
      }
      break;
    default:
      error(base.span, "a value of type " + typeName(base.type) + " cannot be indexed",
            "array-access-expr");
      return info;
  }
  // A creation-time index outside the bounds of a fixed size: the seed allows any value for
  // a value and an invalid reference for a reference; Plumb reports it, as the 2026 spec does
  // for const-expression indices (docs/ambiguities.md).
  // A negative index is outside every array, a runtime-sized one too (new#array-access-expr:
  // "It is a shader-creation error if i is a const-expression ... outside [0, N)").
  if (indexValue && (count || (ct.kind == TypeKind::Array && indexValue->intValue() < 0))) {
    int64_t i = indexValue->intValue();
    if (i < 0 || static_cast<uint64_t>(i) >= count) {
      size_t pending = pendingPipelineErrors_.size();
      {
        OverrideEvaluation evaluation(*this, index.stage == EvaluationStage::Override);
        error(index.span,
              "index " + std::to_string(i) + " is out of bounds for " + typeName(composite),
              "array-access-expr");
      }
      if (pendingPipelineErrors_.size() == pending) return info;
      indexValue.reset();  // held back: typed as an index not known
    }
  }
  if (reference) {
    info.type = types_.reference(bt.space, element, bt.access);
    return info;
  }
  info.type = element;
  info.stage = latest(base.stage, index.stage);
  if (base.value && base.value->has_value() && indexValue)
    info.value = (*base.value)->elements()[static_cast<size_t>(indexValue->intValue())];
  return info;
}

// #struct-access-expr, #vector-access-expr (convenience names)
ExpressionInfo Checker::typeMember(const Expression& e, const MemberExpression& x) {
  Operand base = operand(x.base);
  if (!base.type) return ExpressionInfo{};
  ExpressionInfo info;
  Type baseType = pointerCompositeBase(base.type);
  const TypeNode& bt = types_[baseType];
  bool reference = bt.kind == TypeKind::Reference;
  Type composite = reference ? bt.element : base.type;
  const TypeNode& ct = types_[composite];
  std::string_view member = name(x.member);
  Span memberSpan{e.span.end - static_cast<uint32_t>(member.size()), e.span.end};
  if (ct.kind == TypeKind::Struct) {
    const StructInfo& s = types_.structInfo(composite);
    for (size_t i = 0; i < s.members.size(); ++i) {
      if (s.members[i].name != member) continue;
      if (reference) {
        info.type = types_.reference(bt.space, s.members[i].type, bt.access);
        return info;
      }
      info.type = s.members[i].type;
      info.stage = base.stage;
      if (base.value && base.value->has_value()) info.value = (*base.value)->elements()[i];
      return info;
    }
    error(memberSpan, "structure " + s.name + " has no member '" + std::string(member) + "'",
          "struct-access-expr");
    return info;
  }
  if (ct.kind == TypeKind::Vector) {
    // "The convenience letterings can not be mixed", "must not access a component past the
    // end of the vector", 1 to 4 letters.
    const std::string_view xyzw = "xyzw", rgba = "rgba";
    std::vector<int> indices;
    bool colour = !member.empty() && rgba.find(member[0]) != std::string_view::npos;
    for (char c : member) {
      size_t k = (colour ? rgba : xyzw).find(c);
      if (k == std::string_view::npos) {
        error(memberSpan,
              "'" + std::string(member) +
                  "' is not a vector component selection (letters x, y, z, w or r, g, b, a, "
                  "not mixed)",
              "vector-access-expr");
        return info;
      }
      if (k >= ct.size) {
        error(memberSpan,
              "'" + std::string(1, c) + "' selects a component past the end of " + typeName(composite),
              "vector-access-expr");
        return info;
      }
      indices.push_back(static_cast<int>(k));
    }
    if (indices.empty() || indices.size() > 4) {
      error(memberSpan, "a vector component selection has 1 to 4 letters", "vector-access-expr");
      return info;
    }
    if (indices.size() == 1) {
      if (reference) {
        // #component-reference-from-vector-reference
        info.type = types_.reference(bt.space, ct.element, bt.access);
        return info;
      }
      info.type = ct.element;
      info.stage = base.stage;
      if (base.value && base.value->has_value()) info.value = (*base.value)->elements()[indices[0]];
      return info;
    }
    // Multiple components: a value (there is no reference form), after the Load Rule.
    if (reference && bt.access == AccessMode::Write) {
      error(e.span, "cannot read from a write-only reference", "load-rule");
      return info;
    }
    info.type = types_.vector(static_cast<uint8_t>(indices.size()), ct.element);
    info.stage = reference ? EvaluationStage::Runtime : base.stage;
    if (!reference && base.value && base.value->has_value()) {
      std::vector<Value> vParts;
      for (int k : indices) vParts.push_back((*base.value)->elements()[k]);
      info.value = Value{info.type, std::move(vParts)};
    }
    return info;
  }
  error(memberSpan,
        "a value of type " + typeName(base.type) + " has no member '" + std::string(member) + "'",
        "struct-access-expr");
  return info;
}

// new#bitcast-builtin (delta 6.2): `bitcast<T>` is a built-in function whose overloads take
// the target's own type (the identity, f16 too), the other 32-bit types, the f16 vectors of
// the same width and, for a u32 target, AbstractInt ("the same result as u32(e)"). An
// abstract argument converts to the parameter type of the overload that overload resolution
// picks (new#overload-resolution-section): the feasible one of least conversion rank. The
// seed's #bitcast-expr has no abstract operand and Plumb concretizes it (i32, f32).
Type Checker::bitcastAbstractSource(Type source, Type target) {
  Type tc = componentType(types_, target);
  if (!tc) return concretize(source);
  uint8_t n = types_.kind(target) == TypeKind::Vector ? types_[target].size : 1;
  auto shaped = [&](Type component, uint8_t size) {
    return size == 1 ? component : types_.vector(size, component);
  };
  bool f16Target = types_.kind(tc) == TypeKind::F16;
  bool word = !f16Target && isNumericScalar(types_, tc);  // i32, u32, f32
  std::vector<Type> candidates;
  if (word || f16Target) candidates.push_back(target);  // bitcast<T>(e: T)
  const Type words[] = {types_.i32(), types_.u32(), types_.f32()};
  if (word) {
    for (Type s : words) candidates.push_back(shaped(s, n));  // T is not S
    if (n == 1) candidates.push_back(types_.vector(2, types_.f16()));
    if (n == 2) candidates.push_back(types_.vector(4, types_.f16()));
    if (types_.kind(tc) == TypeKind::U32)
      candidates.push_back(shaped(types_.abstractInt(), n));  // bitcast<u32>(e: AbstractInt)
  }
  if (f16Target && n == 2)
    for (Type s : words) candidates.push_back(s);
  if (f16Target && n == 4)
    for (Type s : words) candidates.push_back(types_.vector(2, s));
  Type best{};
  int bestRank = kInfiniteRank;
  for (Type c : candidates) {
    int rank = conversionRank(source, c);
    if (rank < bestRank) bestRank = rank, best = c;
  }
  if (!best) return concretize(source);
  // bitcast<u32>(e: AbstractInt) "produces the same result as u32(e)": the argument converts
  // to u32 (an error when e is not a u32) and the reinterpretation is the identity.
  if (isAbstract(types_, best)) return target;
  return best;
}

// #bitcast-expr
ExpressionInfo Checker::typeBitcast(const Expression& e, const BitcastExpression& b) {
  Operand o = operand(b.operand);
  Type target = resolveTypeDecl(b.type);
  if (!o.type || !target) return ExpressionInfo{};
  Type source = loadType(o.type);
  if (isAbstract(types_, source))
    source = m_.revision().bitcastBuiltinOverloads ? bitcastAbstractSource(source, target)
                                                   : concretize(source);
  // The bit width of a numeric scalar or vector of 32-bit or 16-bit components.
  auto bits = [&](Type t) -> int {
    const TypeNode& n = types_[t];
    auto scalarBits = [&](Type s) -> int {
      switch (types_.kind(s)) {
        case TypeKind::I32: case TypeKind::U32: case TypeKind::F32: return 32;
        case TypeKind::F16: return 16;
        default: return 0;
      }
    };
    if (n.kind == TypeKind::Vector) return n.size * scalarBits(n.element);
    return scalarBits(t);
  };
  int sb = bits(source), tb = bits(target);
  auto shape = [&](Type t) { return types_.kind(t) == TypeKind::Vector ? types_[t].size : 1; };
  bool ok = sb != 0 && sb == tb &&
            // Same component count, or the f16 forms (vec2<f16> <-> 32-bit scalar,
            // vec4<f16> <-> vec2 of 32-bit).
            (shape(source) == shape(target) ||
             types_.kind(componentType(types_, source)) == TypeKind::F16 ||
             types_.kind(componentType(types_, target)) == TypeKind::F16);
  if (!ok) {
    error(e.span, "bitcast cannot reinterpret " + typeName(o.type) + " as " + typeName(target),
          "bitcast-expr");
    return ExpressionInfo{};
  }
  ExpressionInfo info;
  info.type = target;
  info.stage = o.stage;
  if (o.value && o.value->has_value()) {
    std::optional<Value> v = convertOperand(o, source);
    if (!v) return ExpressionInfo{};
    // Reinterpret through the bytes (little-endian layout, #internal-value-layout).
    std::vector<uint8_t> bytes;
    auto put = [&](const Value& s) {
      uint32_t w = 0;
      int width = 4;
      switch (types_.kind(s.type)) {
        case TypeKind::I32: case TypeKind::U32: w = static_cast<uint32_t>(s.intValue()); break;
        case TypeKind::F32: w = f32Bits(s.floatValue()); break;
        default:  // f16
          w = f16Bits(s.floatValue());
          width = 2;
          break;
      }
      for (int k = 0; k < width; ++k) bytes.push_back(static_cast<uint8_t>(w >> (8 * k)));
    };
    if (v->isComposite())
      for (const Value& c : v->elements()) put(c);
    else
      put(*v);
    auto get = [&](Type t, size_t at) -> Value {
      if (types_.kind(t) == TypeKind::F16)
        return Value{t, f16FromBits(static_cast<uint16_t>(bytes[at] | (bytes[at + 1] << 8)))};
      uint32_t w = 0;
      for (int k = 0; k < 4; ++k) w |= uint32_t(bytes[at + k]) << (8 * k);
      switch (types_.kind(t)) {
        case TypeKind::I32: return Value{t, static_cast<int64_t>(static_cast<int32_t>(w))};
        case TypeKind::U32: return Value{t, static_cast<int64_t>(w)};
        default: {
          float f;
          std::memcpy(&f, &w, 4);
          return Value{t, static_cast<double>(f)};
        }
      }
    };
    Type tc = componentType(types_, target);
    size_t width = types_.kind(tc) == TypeKind::F16 ? 2 : 4;
    if (types_.kind(target) == TypeKind::Vector) {
      std::vector<Value> outParts;
      for (uint8_t k = 0; k < types_[target].size; ++k)
        outParts.push_back(get(tc, width * k));
      info.value = Value{target, std::move(outParts)};
    } else {
      info.value = get(target, 0);
    }
    // A NaN or infinity reinterpreted from integer bits is not a finite value.
    if (isFloatScalar(types_, tc)) {
      bool finite = true;
      auto check = [&](const Value& c) { finite &= std::isfinite(c.floatValue()); };
      if (info.value->isComposite())
        for (const Value& c : info.value->elements()) check(c);
      else
        check(*info.value);
      if (!finite) {
        error(e.span, "the creation-time bitcast produces a NaN or an infinity",
              "floating-point-evaluation");
        return ExpressionInfo{};
      }
    }
  }
  return info;
}

}  // namespace plumb
