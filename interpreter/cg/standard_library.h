// The Cg standard-library functions Plumb evaluates. The seed has none ("The Cg Standard Library
// is documented in spec_stdlib.txt", which is not included): the signatures and formulas are
// those of NVIDIA's Cg Reference Manual (Cg Toolkit 3.1, "Cg Standard Library" pages and their
// "REFERENCE IMPLEMENTATION" sections), one row per overload family, written in the manual's
// notation and tied to its evaluator by name:
//
//   {"lerp", "T lerp(T a, T b, T w); Tn lerp(Tn a, Tn b, T w)", "T: float | half | fixed; n:
//    1 | 2 | 3 | 4", "lerp", "a + w * (b - a)"}
//
// Accuracy (docs/ambiguities.md CG-E5): functions the manual defines by a formula are that
// formula with each operation rounded in the argument's numeric model (numeric_model.h); the
// transcendental functions, whose precision the manual leaves to the profile, take the
// acceptance sets of Plumb's WGSL accuracy table for f32 (fp32, and fixed through fp32) and f16
// (fp16) — interpreter/wgsl/runtime_float_builtins.cpp, reused — with IEEE 754's special values.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/cg/value.h"

namespace plumb::cg {

struct LibraryRow {
  std::string_view name;
  std::string_view signature;         // the Cg Reference Manual's declarations
  std::string_view parameterization;  // "T: float | half | fixed; n: 2 | 3 | 4"
  std::string_view evaluator;         // the evaluator's name in standard_library.cpp
  std::string_view definition;        // the manual's reference formula, or the accuracy taken
};

/// Every row (the functions `plumb cg run` evaluates).
std::span<const LibraryRow> libraryRows();
/// The row of `name`, or null.
const LibraryRow* findLibraryRow(std::string_view name);
/// How many concrete overloads a row's parameterization expands to (its signatures times the
/// alternatives of each variable it uses).
int overloadCount(const LibraryRow& row);

/// How many of the row's parameters are `out` (its last ones): sincos's s and c, modf's ip.
int outParameterCount(const LibraryRow& row);

struct LibraryResult {
  EvalValue value;
  std::vector<EvalValue> outs;     // the values of the out parameters, in order
  std::string undefinedBehaviour;  // an int rule of C broken (abs(INT_MIN))
  std::string error;               // wrong arity or shapes (the checker's business)
};

/// Calls the evaluator of `row` on its in arguments, already converted to the parameter types
/// (a scalar argument where the row's other arguments are vectors is smeared); the out
/// parameters' values come back in `outs`.
LibraryResult callLibrary(const LibraryRow& row, const std::vector<EvalValue>& args,
                          bool strictIeee = false);

}  // namespace plumb::cg
