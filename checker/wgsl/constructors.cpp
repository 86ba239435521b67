// Type constructor expressions (#type-constructor-expr): construction from components
// (#construction-from-components), zero values (#zero-value-expr) and conversions
// (#conversion-expr). The applicable forms are the candidates of an overload resolution
// (#overload-resolution-section), as for operators.
#include <cmath>
#include <functional>

#include "checker/wgsl/checker_impl.h"
#include "checker/float_rounding.h"

namespace plumb {

using namespace ast;

namespace {

enum class Form { Zero, Identity, Splat, Components, Conversion };

struct ConstructorCandidate {
  Form form;
  Type result;
  std::vector<Type> parameters;
};

// #conversion-expr, scalar conversion type rules: the source types T(e) accepts besides T.
std::vector<TypeKind> conversionSources(TypeKind to) {
  switch (to) {
    case TypeKind::Bool: return {TypeKind::U32, TypeKind::I32, TypeKind::F32, TypeKind::F16};
    case TypeKind::I32: return {TypeKind::Bool, TypeKind::U32, TypeKind::F32, TypeKind::F16};
    case TypeKind::U32:
      return {TypeKind::Bool, TypeKind::AbstractInt, TypeKind::I32, TypeKind::F32, TypeKind::F16};
    case TypeKind::F32: return {TypeKind::Bool, TypeKind::I32, TypeKind::U32, TypeKind::F16};
    case TypeKind::F16: return {TypeKind::Bool, TypeKind::I32, TypeKind::U32, TypeKind::F32};
    default: return {};
  }
}

}  // namespace

std::optional<Value> Checker::zeroValue(Type t, Span span) {
  const TypeNode n = types_[t];  // a copy: types_.vector() below may grow the table
  switch (n.kind) {
    case TypeKind::Bool: return Value{t, false};
    case TypeKind::I32: case TypeKind::U32: case TypeKind::AbstractInt: return Value{t, int64_t{0}};
    case TypeKind::F32: case TypeKind::F16: case TypeKind::AbstractFloat: return Value{t, 0.0};
    default: break;
  }
  // Composite zero values are built once per type, and share their element's zero value:
  // the cost is the sum of the element counts of the distinct types, not their product.
  if (auto it = zeroValues_.find(t.id); it != zeroValues_.end()) return it->second;
  uint64_t count = n.kind == TypeKind::Struct ? types_.structInfo(t).members.size()
                   : n.kind == TypeKind::Array && n.arrayCount == ArrayCount::Fixed ? n.count
                                                                                    : n.size;
  // #processing-errors allows rejecting programs that are "too complex"; Plumb materializes
  // at most kMaxZeroValueElements elements of zero values per module (docs/ambiguities.md).
  if (count > kMaxZeroValueElements - zeroValueElements_) {
    error(span,
          "the zero value of " + typeName(t) + " has " + std::to_string(count) +
              " elements; Plumb builds creation-time zero values of at most " +
              std::to_string(kMaxZeroValueElements) + " elements per module (implementation limit)",
          "processing-errors");
    return std::nullopt;
  }
  zeroValueElements_ += count;
  std::vector<Value> parts;
  if (n.kind == TypeKind::Struct) {
    for (const MemberInfo& m : types_.structInfo(t).members) {
      std::optional<Value> e = zeroValue(m.type, span);
      if (!e) return std::nullopt;
      parts.push_back(std::move(*e));
    }
  } else {
    // Vectors, matrices (of column vectors) and fixed-size arrays: `count` copies of the
    // element's zero value, which may itself hit the limit.
    bool repeated = n.kind == TypeKind::Vector || n.kind == TypeKind::Matrix ||
                    (n.kind == TypeKind::Array && n.arrayCount == ArrayCount::Fixed);
    if (!repeated) return std::nullopt;
    Type element = n.kind == TypeKind::Matrix ? types_.vector(n.rows, n.element) : n.element;
    std::optional<Value> e = zeroValue(element, span);
    if (!e) return std::nullopt;
    parts.assign(count, *e);
  }
  Value v{t, std::move(parts)};
  zeroValues_.emplace(t.id, v);
  return v;
}

ExpressionInfo Checker::typeConstructor(Type target, const TypeDecl* inferredShape,
                                        const std::vector<Operand>& operands, Span span) {
  std::vector<ConstructorCandidate> candidates;
  const TypeNode* shape = nullptr;
  TypeNode inferred;
  if (inferredShape) {
    if (auto* v = std::get_if<VectorType>(&inferredShape->node)) {
      inferred.kind = TypeKind::Vector;
      inferred.size = v->size;
    } else {
      auto* m = std::get_if<MatrixType>(&inferredShape->node);
      inferred.kind = TypeKind::Matrix;
      inferred.size = m->columns;
      inferred.rows = m->rows;
    }
    shape = &inferred;
  } else {
    shape = &types_[target];
  }
  TypeKind kind = shape->kind;
  std::string targetName = inferredShape ? (kind == TypeKind::Vector
                                                ? "vec" + std::to_string(shape->size)
                                                : "mat" + std::to_string(shape->size) + "x" +
                                                      std::to_string(shape->rows))
                                         : typeName(target);

  // The component types a constructor may have: the one given, or, for the inferred forms,
  // every scalar and abstract type the vector or matrix admits.
  std::vector<Type> components;
  if (kind == TypeKind::Vector || kind == TypeKind::Matrix) {
    if (!inferredShape) {
      components.push_back(shape->element);
    } else if (kind == TypeKind::Vector) {
      components = {types_.boolType(), types_.i32(),         types_.u32(),          types_.f32(),
                    types_.f16(),      types_.abstractInt(), types_.abstractFloat()};
    } else {
      components = {types_.f32(), types_.f16(), types_.abstractFloat()};
    }
  }

  switch (kind) {
    case TypeKind::Bool: case TypeKind::I32: case TypeKind::U32: case TypeKind::F32:
    case TypeKind::F16: {
      if (operands.empty()) {
        candidates.push_back({Form::Zero, target, {}});
        break;
      }
      candidates.push_back({Form::Identity, target, {target}});
      for (TypeKind k : conversionSources(kind)) {
        Type from = k == TypeKind::AbstractInt ? types_.abstractInt() : types_.intern(TypeNode{k});
        candidates.push_back({Form::Conversion, target, {from}});
      }
      break;
    }
    case TypeKind::Vector: {
      uint8_t n = shape->size;
      for (Type t : components) {
        Type result = types_.vector(n, t);
        if (operands.empty()) {
          // new#vec2-builtin: "fn vec2() -> vec2<T>, T is AbstractInt" (revision 2026).
          if (!inferredShape || (m_.revision().inferredZeroVector && t == types_.abstractInt()))
            candidates.push_back({Form::Zero, result, {}});
          continue;
        }
        if (operands.size() == 1) {
          candidates.push_back({Form::Splat, result, {t}});
          candidates.push_back({Form::Identity, result, {result}});
          if (!inferredShape) {
            // Component-wise conversions vecN<T>(vecN<S>) (#conversion-expr, vector rules).
            for (TypeKind k : conversionSources(types_.kind(t))) {
              Type from = k == TypeKind::AbstractInt ? types_.abstractInt() : types_.intern(TypeNode{k});
              candidates.push_back({Form::Conversion, result, {types_.vector(n, from)}});
            }
          }
          continue;
        }
        // Components: each operand is a T or a vecK<T>; the components must add up to N.
        std::vector<Type> params;
        uint32_t total = 0;
        for (const Operand& o : operands) {
          const TypeNode& ot = types_[loadType(o.type)];
          if (ot.kind == TypeKind::Vector) {
            params.push_back(types_.vector(ot.size, t));
            total += ot.size;
          } else {
            params.push_back(t);
            total += 1;
          }
        }
        if (total == n) candidates.push_back({Form::Components, result, params});
      }
      break;
    }
    case TypeKind::Matrix: {
      uint8_t c = shape->size, r = shape->rows;
      for (Type t : components) {
        Type result = types_.matrix(c, r, t);
        if (operands.empty()) {
          if (!inferredShape) candidates.push_back({Form::Zero, result, {}});
          continue;
        }
        if (operands.size() == 1) {
          candidates.push_back({Form::Identity, result, {result}});
          if (!inferredShape)
            for (Type s : {types_.f32(), types_.f16()})
              if (s != t) candidates.push_back({Form::Conversion, result, {types_.matrix(c, r, s)}});
        }
        if (operands.size() == c)
          candidates.push_back({Form::Components, result, std::vector<Type>(c, types_.vector(r, t))});
        if (operands.size() == size_t(c) * r)
          candidates.push_back({Form::Components, result, std::vector<Type>(size_t(c) * r, t)});
      }
      break;
    }
    case TypeKind::Array: {
      // #construction-from-components: array<T,N>(e1,...,eN); #zero-value-expr: array<T,N>().
      if (!isConstructible(types_, target)) {
        error(span, typeName(target) + " is not constructible (#constructible-types)",
              "construction-from-components");
        return ExpressionInfo{};
      }
      checkLimit(span, Limit::ArrayConstructorElements, operands.size());
      if (operands.empty())
        candidates.push_back({Form::Zero, target, {}});
      else if (operands.size() == shape->count)
        candidates.push_back({Form::Components, target, std::vector<Type>(operands.size(), shape->element)});
      else {
        error(span,
              typeName(target) + " is constructed from " + std::to_string(shape->count) +
                  " elements, not " + std::to_string(operands.size()),
              "construction-from-components");
        return ExpressionInfo{};
      }
      break;
    }
    case TypeKind::Struct: {
      const StructInfo& s = types_.structInfo(target);
      if (!isConstructible(types_, target)) {
        error(span, s.name + " is not constructible (#constructible-types)",
              "construction-from-components");
        return ExpressionInfo{};
      }
      if (operands.empty()) {
        candidates.push_back({Form::Zero, target, {}});
      } else if (operands.size() == s.members.size()) {
        std::vector<Type> params;
        for (const MemberInfo& m : s.members) params.push_back(m.type);
        candidates.push_back({Form::Components, target, params});
      } else {
        error(span,
              s.name + " has " + std::to_string(s.members.size()) + " members, but " +
                  std::to_string(operands.size()) + " values were given",
              "construction-from-components");
        return ExpressionInfo{};
      }
      break;
    }
    default:
      error(span, typeName(target) + " values cannot be constructed", "type-constructor-expr");
      return ExpressionInfo{};
  }

  // Overload resolution among the applicable forms.
  struct Ranked {
    const ConstructorCandidate* c;
    std::vector<int> ranks;
  };
  std::vector<Ranked> feasible;
  for (const ConstructorCandidate& c : candidates) {
    if (c.parameters.size() != operands.size()) continue;
    Ranked r{&c, {}};
    bool ok = true;
    for (size_t i = 0; i < operands.size() && ok; ++i) {
      int rank = conversionRank(operands[i].type, c.parameters[i]);
      ok = rank < kInfiniteRank;
      r.ranks.push_back(rank);
    }
    if (ok) feasible.push_back(std::move(r));
  }
  if (feasible.empty()) {
    error(span, "no constructor " + describeCall(targetName, operands) + " (#type-constructor-expr)",
          "construction-from-components");
    return ExpressionInfo{};
  }
  auto preferred = [](const Ranked& a, const Ranked& b) {
    bool strictly = false;
    for (size_t i = 0; i < a.ranks.size(); ++i) {
      if (a.ranks[i] > b.ranks[i]) return false;
      if (a.ranks[i] < b.ranks[i]) strictly = true;
    }
    return strictly;
  };
  const Ranked* best = nullptr;
  for (const Ranked& a : feasible) {
    bool all = true;
    for (const Ranked& b : feasible)
      if (&a != &b && !preferred(a, b)) {
        all = false;
        break;
      }
    if (all) {
      best = &a;
      break;
    }
  }
  if (!best) {
    error(span, "the constructor " + describeCall(targetName, operands) + " is ambiguous",
          "overload-resolution-section");
    return ExpressionInfo{};
  }
  const ConstructorCandidate& chosen = *best->c;
  ExpressionInfo info;
  info.type = chosen.result;
  info.stage = EvaluationStage::Constant;
  for (const Operand& o : operands) info.stage = latest(info.stage, o.stage);

  std::vector<Value> args;
  bool haveValues = info.stage != EvaluationStage::Runtime;
  // Revision 2026 at pipeline creation: the errors of an override-expression's evaluation
  // are held back for the pipeline's shader (new#override-expr); the type stays.
  size_t pending = pendingPipelineErrors_.size();
  for (size_t i = 0; i < operands.size(); ++i) {
    std::optional<Value> v;
    {
      OverrideEvaluation evaluation(*this, operands[i].stage == EvaluationStage::Override);
      v = convertOperand(operands[i], chosen.parameters[i]);
    }
    if (!v) {
      if (operands[i].value && operands[i].value->has_value() &&
          pendingPipelineErrors_.size() == pending)
        return ExpressionInfo{};
      haveValues = false;
    } else {
      args.push_back(std::move(*v));
    }
  }
  if (!haveValues) return info;
  OverrideEvaluation evaluation(*this, info.stage == EvaluationStage::Override);

  switch (chosen.form) {
    case Form::Zero: info.value = zeroValue(chosen.result, span); break;
    case Form::Identity: info.value = args[0]; info.value->type = chosen.result; break;
    case Form::Splat: {
      uint8_t n = types_[chosen.result].size;
      info.value = Value{chosen.result, std::vector<Value>(n, args[0])};
      break;
    }
    case Form::Components: {
      const TypeNode& r = types_[chosen.result];
      std::vector<Value> parts;
      if (r.kind == TypeKind::Vector) {
        for (const Value& a : args) {
          if (a.isComposite())
            for (const Value& c : a.elements()) parts.push_back(c);
          else
            parts.push_back(a);
        }
      } else if (r.kind == TypeKind::Matrix && args.size() == size_t(r.size) * r.rows) {
        Type column = types_.vector(r.rows, r.element);
        for (uint8_t c = 0; c < r.size; ++c) {
          std::vector<Value> col(args.begin() + c * r.rows, args.begin() + (c + 1) * r.rows);
          parts.push_back(Value{column, std::move(col)});
        }
      } else {
        parts = args;
      }
      info.value = Value{chosen.result, std::move(parts)};
      break;
    }
    case Form::Conversion: {
      // #conversion-expr semantics, applied component-wise.
      Type to = componentType(types_, chosen.result);
      if (types_.kind(chosen.result) == TypeKind::Matrix) to = types_[chosen.result].element;
      bool failed = false;
      std::function<Value(const Value&, Type)> convert = [&](const Value& v, Type dst) -> Value {
        if (v.isComposite()) {
          std::vector<Value> outParts;
          const TypeNode& dn = types_[dst];
          Type part = dn.kind == TypeKind::Matrix ? types_.vector(dn.rows, dn.element) : dn.element;
          for (const Value& c : v.elements()) outParts.push_back(convert(c, part));
          return Value{dst, std::move(outParts)};
        }
        TypeKind from = types_.kind(v.type), k = types_.kind(dst);
        auto asNumber = [&]() -> double {
          if (from == TypeKind::Bool) return v.boolValue() ? 1 : 0;
          if (std::holds_alternative<int64_t>(v.data)) return static_cast<double>(v.intValue());
          return v.floatValue();
        };
        switch (k) {
          case TypeKind::Bool:
            return Value{dst, asNumber() != 0};
          case TypeKind::I32:
          case TypeKind::U32: {
            if (from == TypeKind::Bool) return Value{dst, int64_t{v.boolValue() ? 1 : 0}};
            if (std::holds_alternative<int64_t>(v.data)) {
              int64_t x = v.intValue();
              // Reinterpretation of bits between i32 and u32 (and, for u32, AbstractInt values
              // that have a 32-bit pattern: docs/ambiguities.md).
              if (from == TypeKind::AbstractInt && (x < INT32_MIN || x > int64_t(UINT32_MAX))) {
                error(span,
                      std::to_string(x) + " has no 32-bit representation to reinterpret as u32",
                      "conversion-expr");
                failed = true;
                return Value{dst, int64_t{0}};
              }
              uint32_t bits = static_cast<uint32_t>(x);
              return Value{dst, k == TypeKind::I32 ? int64_t(int32_t(bits)) : int64_t(bits)};
            }
            // Floating point to integer: round toward zero, then saturate
            // (#floating-point-conversion); the saturation bounds are the extreme integers
            // representable in the source type.
            double x = std::trunc(v.floatValue());
            double lo = k == TypeKind::I32 ? -2147483648.0 : 0.0;
            double hi = k == TypeKind::I32 ? 2147483647.0 : 4294967295.0;
            if (from == TypeKind::F32) hi = k == TypeKind::I32 ? 2147483520.0 : 4294967040.0;
            if (from == TypeKind::F16) hi = std::min(hi, kMaxF16);
            if (std::isnan(x)) x = 0;
            x = std::min(std::max(x, lo), hi);
            return Value{dst, static_cast<int64_t>(x)};
          }
          case TypeKind::F32:
          case TypeKind::F16: {
            double x = asNumber();
            double limit = k == TypeKind::F32 ? kMaxF32 : kMaxF16;
            double r = k == TypeKind::F32 ? roundToF32(x) : roundToF16(x);
            if (std::fabs(x) > limit) {
              // #floating-point-conversion (l.8905-8913): a value outside the finite range
              // is not rounded. A floating-point source with more mantissa bits "may" drop
              // them (Plumb does); if that gives the largest normal value, that is the
              // result, otherwise it is an infinity, which no creation-time value can be
              // (docs/ambiguities.md S6). Integer sources (i32, u32 to f16) have no such step.
              r = std::copysign(INFINITY, x);
              if (from == TypeKind::F32 && k == TypeKind::F16) {
                int e = 0;
                double m = std::frexp(x, &e);
                int bits = k == TypeKind::F32 ? 24 : 11;
                double dropped = std::ldexp(std::trunc(std::ldexp(m, bits)), e - bits);
                if (std::fabs(dropped) == limit) r = dropped;
              }
            }
            if (std::isinf(r)) {
              error(span, formatValue(types_, v) + " is outside the finite range of " + typeName(dst),
                    "floating-point-conversion");
              failed = true;
            }
            return Value{dst, r};
          }
          default: return v;
        }
      };
      Value result = convert(args[0], chosen.result);
      if (failed) return pendingPipelineErrors_.size() == pending ? ExpressionInfo{} : info;
      info.value = std::move(result);
      break;
    }
  }
  return info;
}

}  // namespace plumb
