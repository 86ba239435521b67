// Internal to the evaluators of @const built-in functions (#creation-time-funcs): the table they
// are registered in, the context an evaluator reads, and the component-wise helper. The
// interface the checker uses is builtin_evaluators.h.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "checker/wgsl/builtin_evaluators.h"
#include "checker/exact_arithmetic.h"

namespace plumb::builtins {

/// One call being evaluated: the overload, its (converted) arguments, and where errors go.
struct Context {
  TypeTable& types;
  const BuiltinCall& call;
  const ErrorSink& sink;

  std::string_view name() const { return call.overload.row->name; }
  /// Reports a creation-time error at the call and returns no value.
  std::nullopt_t fail(const std::string& message, const char* rule) const {
    sink(call.span, message, rule);
    return std::nullopt;
  }
  /// `name(a, b)` with the values as WGSL text, for messages.
  std::string callText(const std::vector<Value>& args) const;
  std::string typeName(Type t) const { return types.name(t); }
  /// Whether the revision checks the intermediate results of "inherited from" formulas
  /// (delta 3.5) and the errors of const arguments (clamp, ldexp).
  bool inheritedIntermediateOverflow() const {
    return call.revision && call.revision->inheritedIntermediateOverflow;
  }
  bool constArgumentErrors() const { return call.revision && call.revision->constArgumentErrors; }
};

/// An evaluator returns the value, or nothing after reporting the error on the context.
using Evaluator = std::function<std::optional<Value>(const Context&)>;

/// Evaluators by (function name, section anchor of its rows): abs, clamp, max and min are
/// defined separately in #float-builtin-functions and #integer-builtin-functions.
using EvaluatorTable = std::map<std::pair<std::string_view, std::string_view>, Evaluator>;

void addLogicalEvaluators(EvaluatorTable& table);       // evaluate_builtins.cpp
void addFloatEvaluators(EvaluatorTable& table);         // evaluate_float_builtins.cpp
void addIntegerEvaluators(EvaluatorTable& table);       // evaluate_integer_builtins.cpp
void addVectorMatrixEvaluators(EvaluatorTable& table);  // evaluate_vector_matrix_builtins.cpp
void addPackingEvaluators(EvaluatorTable& table);       // evaluate_packing_builtins.cpp

/// A function of the scalar components: the i-th component of each argument (a scalar
/// argument is used for every component), and the component type of the result.
using ScalarFunction =
    std::function<std::optional<Value>(const Context&, const std::vector<Value>&, Type)>;

/// #component-wise: applies `f` to the components when the result is a vector, or to the
/// arguments themselves when it is a scalar. Stops at the first error.
std::optional<Value> componentWise(const Context& c, const ScalarFunction& f);

/// A vector value of type `t` with the given components.
inline Value vectorValue(Type t, std::vector<Value> components) {
  return Value{t, std::move(components)};
}

/// The exact dot product of two floating-point vectors (no intermediate rounding).
exact::Dyadic exactDot(const Value& a, const Value& b);

}  // namespace plumb::builtins
