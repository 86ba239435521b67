// The operators, conversions and built-in functions at run time (#expressions,
// #builtin-functions), on values of the machine. Integer and boolean results are exact;
// floating-point results are the acceptance set of #floating-point-accuracy for every input in
// the operands' sets (FloatSet). Creation-time values are reused where the operands are exact
// (#creation-time-expr: one evaluator, never two answers).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "interpreter/wgsl/runtime_value.h"
#include "semantics/wgsl/ast.h"
#include "semantics/wgsl/overloads.h"

namespace plumb::interp {

/// What an operation returns: the alternatives (one or more, at most kMaxAlternatives), or an
/// empty list and `unsupported` saying why Plumb cannot evaluate it (never a guess). `internal`
/// marks a failure that is Plumb's bug, not a missing feature: operands the checker should have
/// excluded (the machine stops with Internal instead of Unsupported, interpreter/wgsl/stop.h).
struct OperationResult {
  Alternatives alternatives;
  std::string unsupported;
  bool internal = false;
  bool ok() const { return !alternatives.empty(); }
};

/// A unary (`-`, `!`, `~`) or binary operator by its spelling (`+`, `<<`, `==`, `&`, ...; not
/// `&&`/`||`, which the machine evaluates with short-circuiting), with operands already of the
/// overload's parameter types (loaded, abstract values converted) and `result` its result type.
OperationResult applyOperator(TypeTable& types, std::string_view op, Type result,
                              std::span<const RValue> operands);

/// Choices among readings of the seed that the operators offer (docs/ambiguities.md).
struct OperatorOptions {
  /// `>>` on i32 inserts zero bits, as the seed's text says (S3), instead of copies of the
  /// sign bit.
  bool literalShiftRight = false;
};
OperationResult applyOperator(TypeTable& types, std::string_view op, Type result,
                              std::span<const RValue> operands, const OperatorOptions& options);

/// The integer and boolean operators on concrete scalars (#arithmetic-expr, #bit-expr,
/// #comparison-expr, #logical-expr): the one place their results are computed; applyOperator
/// uses them, and the machine calls them directly on scalar operands (its fast path). `k` is
/// the operands' type (Bool, I32, U32); booleans are 0 and 1, and so is the result of a
/// comparison. No value when the operator does not apply to `k`.
std::optional<int64_t> concreteUnary(TypeKind k, ast::UnaryOperator op, int64_t x);
std::optional<int64_t> concreteBinary(TypeKind k, ast::BinaryOperator op, int64_t x, int64_t y,
                                      bool literalShiftRight);

/// A value conversion `T(e)` of a scalar, vector or matrix to type `to` with another component
/// type (#conversion-expr: value constructors that convert; #floating-point-conversion).
OperationResult convertValue(TypeTable& types, const RValue& v, Type to);

/// An abstract scalar or vector at run time (an AbstractInt or AbstractFloat value that is not
/// a creation-time value: `select(0, 1, c)` with a run-time `c`, `W[i]` of a
/// `const W = vec4(...)`) converted component-wise to the concrete scalar type `component`, as
/// the feasible automatic conversion of creation-time evaluation does it (in range: the same
/// value; to f32/f16: the value or either neighbour, #floating-point-conversion). Other values
/// are returned as they are.
OperationResult concretizeAbstract(TypeTable& types, const RValue& v, Type component);

/// A type constructor `T(e1, ..., eN)` that builds a composite of its arguments
/// (#type-constructor-expr): a vector of scalars and vectors (one scalar: the splat), a matrix of
/// columns or of column-major scalars, an array or structure of one value per element or
/// member. The components are kept as they are (sets stay sets).
RValue composeValue(TypeTable& types, Type result, std::vector<RValue> args);

/// `bitcast<T>(e)` (#bitcast-expr, new#bitcast-builtin), the f16 forms included: a 32-bit
/// scalar <-> vec2<f16> and vec2 of them <-> vec4<f16>, component 0 being a word's low half
/// (#internal-value-layout). A float result with the bits of an infinity or NaN is any value.
/// `mayFlush` (Revision::bitcastMayFlush, 2026): a subnormal f32 or f16 operand or result may
/// be flushed to zero (new#floating-point-evaluation).
OperationResult bitcastValue(TypeTable& types, const RValue& v, Type to, bool mayFlush = false);

/// A call of a built-in function that is not a texture, atomic, synchronization or array
/// function (those need memory: the machine evaluates them), with arguments converted to the
/// overload's parameter types and `result` the call's type. `revision` chooses the accuracy
/// table of the floating-point built-ins (Revision::currentAccuracyTable).
OperationResult callBuiltin(TypeTable& types, const Overload& overload, Type result,
                            std::span<const RValue> args,
                            const Revision& revision = Revision::wgsl2022_06());

}  // namespace plumb::interp
