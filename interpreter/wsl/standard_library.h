// The meaning of the standard library's functions (seed "Built-in Functions"), keyed by the
// `native` name the checker gave them (checker/wsl/standard_library.cpp). Each returns the set of
// results the seed allows: one value, or an unspecified value ("If the second operand is 0, both
// return an unspecified value"), or several candidates (min/max of a NaN: either argument).
#pragma once

#include <vector>

#include "checker/wsl/checked_program.h"
#include "interpreter/wsl/texture.h"

namespace plumb::wsl {

std::vector<Value> evaluateNative(const CheckedProgram& p, const Function& f,
                                  const std::vector<Value>& args,
                                  const Resources* resources = nullptr);

}  // namespace plumb::wsl
