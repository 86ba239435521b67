// Creation-time evaluation of the @const built-in functions (#creation-time-funcs), one
// evaluator per function name, reading the overload the call resolved to.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantics/wgsl/overloads.h"
#include "semantics/wgsl/revision.h"
#include "semantics/wgsl/value.h"

namespace plumb {

struct BuiltinCall {
  const Overload& overload;
  Type result;
  const std::vector<Type>& parameterTypes;
  const std::vector<Value>& args;  // converted to the parameter types
  Span span;
  /// The revision whose creation-time rules apply (delta 3.5); none: the seed's.
  const Revision* revision = nullptr;
};

using ErrorSink = std::function<void(Span, const std::string&, const char*)>;

enum class EvaluationOutcome { Value, Error, Unsupported };

/// Evaluates `call`. On Error the sink has been told why (a domain error, an overflow, ...).
/// Unsupported means Plumb has no evaluator for this function yet: the value is unknown.
EvaluationOutcome evaluateBuiltin(TypeTable& types, const BuiltinCall& call,
                                  const ErrorSink& error, std::optional<Value>& out);

/// The names of built-in functions with an evaluator (for tests and docs).
std::vector<std::string_view> evaluatedBuiltins();

}  // namespace plumb
