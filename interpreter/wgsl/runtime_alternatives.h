// Internal to the run-time operations: building the alternatives of a composite result from
// the alternatives of its components (runtime_value.h: at most kMaxAlternatives; beyond, the
// uncertain components are merged: floating-point sets by their hull, other scalars become
// AnyScalar), and the scalar operations the operators and built-ins share.
#pragma once

#include <string_view>
#include <vector>

#include "interpreter/wgsl/float_accuracy.h"
#include "interpreter/wgsl/runtime_operations.h"
#include "interpreter/wgsl/runtime_value.h"

namespace plumb::interp {

/// The alternatives of a composite of type `t` whose component i has the alternatives
/// `parts[i]` (each non-empty): their product when it has at most kMaxAlternatives elements,
/// else one value with every uncertain component merged.
Alternatives product(Type t, const std::vector<Alternatives>& parts);
/// One value containing every alternative: equal parts are kept, float sets joined by their
/// hull, other differing scalars become AnyScalar.
RValue merge(const Alternatives& alternatives);

/// One scalar value of type `t`.
inline RValue scalar(Type t, bool b) {
  return RValue{t, b};
}
inline RValue scalarInt(Type t, int64_t v) {
  return RValue{t, v};
}
inline RValue scalarFloat(Type t, FloatSet s) {
  return RValue{t, s};
}
inline RValue anyScalar(Type t) {
  return RValue{t, AnyScalar{}};
}

/// The boolean alternatives of a comparison outcome.
Alternatives truthAlternatives(Type boolType, fp::Truth t);

/// #arithmetic-expr, #bit-expr, #comparison-expr, #logical-expr on scalars of a concrete
/// integer type or bool: exact, wrapping modulo 2^32; AnyScalar operands give AnyScalar.
/// `b` is null for a unary operator. Returns no alternatives if `op` does not apply.
Alternatives integerOrBoolOperator(TypeTable& types, std::string_view op, const RValue& a,
                                   const RValue* b, bool literalShiftRight);

/// The scalar floating-point operators of #floating-point-accuracy's expression table.
Alternatives floatOperator(TypeTable& types, std::string_view op, const RValue& a, const RValue* b);

/// The set of a floating-point scalar (an indeterminate one is any value).
inline FloatSet floatOf(const RValue& v) {
  if (std::holds_alternative<FloatSet>(v.data)) return v.floatSet();
  return FloatSet::anyValue();
}
/// An operation's result: these alternatives.
inline OperationResult ok(Alternatives a) { return OperationResult{std::move(a), {}}; }
/// An operation Plumb cannot evaluate, and why (never a guess).
inline OperationResult unsupported(std::string why) { return OperationResult{{}, std::move(why)}; }
/// Operands the checker should have excluded (a malformed value, a wrong arity): Plumb's bug.
inline OperationResult malformed(std::string why) {
  return OperationResult{{}, std::move(why), true};
}

}  // namespace plumb::interp
