// The meaning of the standard library's float and half functions (seed "Floating point
// arithmetic"; the reference implementation's vector, matrix and geometric functions,
// checker/wsl/float_library.cpp) as sets of values (interpreter/wsl/float_sets.h;
// docs/ambiguities.md, WSL W45-W47).
#pragma once

#include <optional>
#include <vector>

#include "checker/wsl/checked_program.h"

namespace plumb::wsl {

/// The results of the native `f` when it is a float function, a float operator or comparison, a
/// cast of a bounded float, or a reduction (`dot`, `mul`, `determinant`, ...); nullopt for
/// every other native.
std::optional<std::vector<Value>> evaluateFloatLibrary(const CheckedProgram& p, const Function& f,
                                                       const std::vector<Value>& args);

/// frexp (the native "float-out:frexp"): the mantissa (|m| in [0.5, 1), 0 for 0) and the
/// exponent of each element of `x`, both of x's type; any value for a NaN, an infinity or a set
/// whose elements do not share one exponent.
std::pair<Value, Value> frexpValues(const Value& x);

}  // namespace plumb::wsl
