// Internal: the floating-point built-in functions over FloatSets (runtime_float_builtins.cpp),
// which callBuiltin (runtime_builtins.cpp) uses where the creation-time evaluator's one value
// is not the whole acceptance set.
#pragma once

#include <span>
#include <string_view>

#include "interpreter/wgsl/runtime_operations.h"

namespace plumb::interp {

/// The acceptance set of #floating-point-accuracy for `name` (a function of
/// #float-builtin-functions, or dot/determinant on floats) applied to `args`.
/// `revision` chooses the accuracy table (Revision::currentAccuracyTable).
OperationResult floatBuiltin(TypeTable& types, std::string_view name, Type result,
                             std::span<const RValue> args, const Revision& revision);

}  // namespace plumb::interp
