// The acceptance sets of creation-time values (creation_time_values.h).
#include "interpreter/wgsl/creation_time_values.h"

#include <cmath>
#include <limits>

#include "interpreter/wgsl/float_accuracy.h"
#include "interpreter/wgsl/runtime_alternatives.h"
#include "interpreter/wgsl/runtime_operations.h"

namespace plumb::interp {

using namespace plumb::ast;

bool holdsConcreteFloat(const TypeTable& types, Type t) {
  const TypeNode& n = types[t];
  switch (n.kind) {
    case TypeKind::F32:
    case TypeKind::F16:
      return true;
    case TypeKind::Vector:
    case TypeKind::Matrix:
    case TypeKind::Array:
      return holdsConcreteFloat(types, n.element);
    case TypeKind::Struct:
      for (const MemberInfo& m : types.structInfo(t).members)
        if (holdsConcreteFloat(types, m.type)) return true;
      return false;
    default:
      return false;
  }
}

namespace {

/// The set of an abstract value converted to f32 or f16 (#floating-point-conversion): the value
/// itself if the type has it, else "one of those two values", the neighbours. Nothing beyond
/// the finite range (the checker has reported that conversion as an error).
std::optional<FloatSet> convertedAbstract(const Value& raw, TypeKind to) {
  const fp::Format& f = fp::formatOf(to);
  double lo = 0, hi = 0;
  if (std::holds_alternative<double>(raw.data)) {
    lo = hi = raw.floatValue();
  } else if (std::holds_alternative<int64_t>(raw.data)) {
    int64_t x = raw.intValue();
    double d = static_cast<double>(x);  // exact below 2^53; else bound it by its neighbours
    lo = hi = d;
    if (std::fabs(d) >= 0x1p53) {
      lo = std::nextafter(d, -INFINITY);
      hi = std::nextafter(d, INFINITY);
    }
  } else {
    return std::nullopt;
  }
  FloatSet s = fp::convertCorrectlyRounded(f, lo, hi);
  if (s.any) return std::nullopt;
  return s;
}

/// `own` (the value of an expression of the checker's value `raw`) after the conversion to
/// `converted` (the checker's converted value).
RValue convertedSet(const TypeTable& types, const Value& raw, const Value& converted,
                    const RValue& own) {
  if (converted.isComposite()) {
    if (!raw.isComposite() || !own.isComposite() ||
        raw.elements().size() != converted.elements().size() ||
        own.components().size() != converted.elements().size())
      return fromValue(converted);
    Components parts;
    for (size_t i = 0; i < converted.elements().size(); ++i)
      parts.push_back(
          convertedSet(types, raw.elements()[i], converted.elements()[i], own.components()[i]));
    return RValue{converted.type, std::move(parts)};
  }
  TypeKind to = types.kind(converted.type), from = types.kind(raw.type);
  bool toFloat = to == TypeKind::F32 || to == TypeKind::F16;
  if (toFloat && (from == TypeKind::AbstractFloat || from == TypeKind::AbstractInt)) {
    if (std::optional<FloatSet> s = convertedAbstract(raw, to)) return RValue{converted.type, *s};
  }
  if (toFloat && from == to && std::holds_alternative<FloatSet>(own.data))
    return RValue{converted.type, own.data};
  return fromValue(converted);
}

}  // namespace

CreationTimeValues::CreationTimeValues(const Module& m, CheckedModule& c)
    : module_(m),
      checked_(c),
      types_(c.types),
      own_(c.expressions.size()),
      state_(c.expressions.size(), 0) {}

std::optional<RValue> CreationTimeValues::valueOf(ExpressionId e) {
  std::optional<RValue> own = ownValueOf(e.value);
  if (!own) return std::nullopt;
  auto it = checked_.convertedValues.find(e.value);
  if (it == checked_.convertedValues.end()) return own;
  return convertedSet(types_, *checked_.expressions[e.value].value, it->second, *own);
}

std::optional<RValue> CreationTimeValues::ownValueOf(uint32_t e) {
  if (e >= own_.size()) return std::nullopt;
  if (state_[e] == 2) return own_[e];
  const ExpressionInfo& info = checked_.expressions[e];
  if (info.stage == EvaluationStage::Runtime || !info.value) return std::nullopt;
  RValue exact = fromValue(*info.value);
  if (state_[e] == 1) return exact;  // a cycle the checker has rejected: never reached
  state_[e] = 1;
  RValue v = compute(e, exact);
  v.type = info.type;
  own_[e] = std::move(v);
  state_[e] = 2;
  return own_[e];
}

ExpressionId CreationTimeValues::initializerOf(uint32_t identifier) const {
  const Resolution& r = checked_.identifiers[identifier];
  if (r.kind == Resolution::LocalVariable) {
    const VariableDeclaration& d = module_.variables[VariableId{r.index}];
    return d.kind == DeclarationKind::Const ? d.initializer : ExpressionId{};
  }
  if (r.kind != Resolution::ModuleDeclaration) return {};
  const ModuleDeclaration& d = checked_.declarations[r.index];
  bool valueOfInitializer = d.kind == ModuleDeclaration::Const ||
                            (d.kind == ModuleDeclaration::Override && !d.valueFromPipeline);
  if (!valueOfInitializer) return {};
  const auto* v = std::get_if<VariableId>(&module_[d.global].node);
  return v ? module_.variables[*v].initializer : ExpressionId{};
}

RValue CreationTimeValues::compute(uint32_t e, const RValue& exact) {
  const ExpressionInfo& info = checked_.expressions[e];
  const Expression& x = module_.expressions[ExpressionId{e}];
  // The values of the operands, after their conversions; `widened` if one of them is not the
  // checker's exact value (then an operation of another type may depend on the sets: a
  // comparison, a conversion to an integer).
  bool widened = false;
  bool complete = true;
  auto operand = [&](ExpressionId o) -> RValue {
    std::optional<RValue> v = valueOf(o);
    if (!v) {
      complete = false;
      return RValue{};
    }
    auto it = checked_.convertedValues.find(o.value);
    const std::optional<Value>& checkerValue = it != checked_.convertedValues.end()
                                                   ? std::optional<Value>(it->second)
                                                   : checked_.expressions[o.value].value;
    if (!checkerValue || !(*v == fromValue(*checkerValue))) widened = true;
    return *v;
  };
  // The value of an operation: its alternatives joined (a superset: one value per expression),
  // or the checker's value where the run-time operations have no answer.
  auto join = [&](const OperationResult& r) -> RValue {
    if (!r.ok()) return exact;
    return r.alternatives.size() == 1 ? r.alternatives[0] : merge(r.alternatives);
  };
  bool floats = holdsConcreteFloat(types_, info.type);
  return std::visit(
      [&](const auto& n) -> RValue {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, LiteralExpression>) {
          // A suffixed literal is its value rounded to nearest (docs/ambiguities.md A5).
          return exact;
        } else if constexpr (std::is_same_v<N, IdentifierExpression>) {
          ExpressionId init = initializerOf(e);
          if (!init) return exact;
          std::optional<RValue> v = valueOf(init);
          return v ? *v : exact;
        } else if constexpr (std::is_same_v<N, ParenthesizedExpression>) {
          RValue v = operand(n.inner);
          return complete ? v : exact;
        } else if constexpr (std::is_same_v<N, UnaryExpression>) {
          RValue a = operand(n.operand);
          if (!complete || (!floats && !widened)) return exact;
          RValue operands[] = {std::move(a)};
          return join(applyOperator(types_, spelling(n.op), info.type, operands));
        } else if constexpr (std::is_same_v<N, BinaryExpression>) {
          RValue a = operand(n.left());
          RValue b = operand(n.right);
          if (!complete || (!floats && !widened)) return exact;
          if (n.op() == BinaryOperator::ShortCircuitAnd || n.op() == BinaryOperator::ShortCircuitOr)
            return exact;  // booleans: exact
          RValue operands[] = {std::move(a), std::move(b)};
          return join(applyOperator(types_, spelling(n.op()), info.type, operands));
        } else if constexpr (std::is_same_v<N, CallExpression>) {
          std::vector<RValue> args;
          for (ExpressionId a : module_[n.arguments]) args.push_back(operand(a));
          if (!complete || (!floats && !widened)) return exact;
          const Resolution& r = checked_.identifiers[e];
          if (!n.type() && r.kind == Resolution::BuiltinFunction) {
            const Overload* o = checked_.calls[e];
            if (!o) return exact;
            return join(callBuiltin(types_, *o, info.type, args, module_.revision()));
          }
          // #type-constructor-expr, #conversion-expr (as the machine's callOrConstruct).
          if (args.empty()) return exact;  // T(): the zero value (#zero-value), exact
          const TypeNode& rt = types_[info.type];
          bool numeric = rt.kind == TypeKind::Bool || rt.kind == TypeKind::I32 ||
                         rt.kind == TypeKind::U32 || rt.kind == TypeKind::F32 ||
                         rt.kind == TypeKind::F16 || rt.kind == TypeKind::Vector ||
                         rt.kind == TypeKind::Matrix;
          if (args.size() == 1 && numeric) {
            const TypeNode& an = types_[args[0].type];
            bool sameShape = an.kind == rt.kind && an.size == rt.size && an.rows == rt.rows;
            if (args[0].type == info.type) return args[0];
            if (sameShape || (rt.kind != TypeKind::Vector && rt.kind != TypeKind::Matrix))
              return join(convertValue(types_, args[0], info.type));
          }
          return composeValue(types_, info.type, std::move(args));
        } else if constexpr (std::is_same_v<N, BitcastExpression>) {
          RValue a = operand(n.operand);
          if (!complete || !widened) return exact;
          return join(bitcastValue(types_, a, info.type));
        } else if constexpr (std::is_same_v<N, IndexExpression>) {
          RValue base = operand(n.base);
          std::optional<RValue> index = valueOf(n.index);
          if (!complete || !index || !std::holds_alternative<int64_t>(index->data) ||
              !base.isComposite())
            return exact;
          int64_t i = index->intValue();
          if (i < 0 || static_cast<uint64_t>(i) >= base.components().size()) return exact;
          return base.components()[static_cast<size_t>(i)];
        } else if constexpr (std::is_same_v<N, MemberExpression>) {
          RValue base = operand(n.base);
          if (!complete || !base.isComposite()) return exact;
          std::vector<uint32_t> idx = memberIndices(types_, base.type, module_.name(n.member));
          for (uint32_t i : idx)
            if (i >= base.components().size()) return exact;
          if (types_.kind(base.type) == TypeKind::Struct || idx.size() == 1)
            return idx.empty() ? exact : base.components()[idx[0]];
          Components parts;
          for (uint32_t i : idx) parts.push_back(base.components()[i]);
          return RValue{info.type, std::move(parts)};
        }
        return exact;
      },
      x.node);
}

}  // namespace plumb::interp
