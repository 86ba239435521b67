// The "inherited from" expressions of new#floating-point-accuracy, evaluated the way the
// current draft says they are evaluated: "subexpression evaluations are subject to other rules
// for floating-point evaluation, including those regarding rounding, overflow, ...". Under the
// Finite Math Assumption (new#differences-from-ieee754) a const-expression whose intermediate
// result overflows or is NaN is a shader-creation error, even where the function's exact value
// is finite (length(vec2(0.0, MAX)) is MAX, but MAX * MAX overflows). Revision 2026 asks these
// before evaluating the function exactly (Revision::inheritedIntermediateOverflow, delta 3.5).
//
// Each operation is done in binary64 and rounded once to the type, to nearest: exact for the
// products of f32 and f16 values, and for sums and AbstractFloat a correctly rounded result
// (binary64's own rounding). Only whether a result is finite is used, never the value: the
// exact value of the function stays the one evaluate_float_builtins.cpp computes.
#pragma once

#include <cmath>
#include <vector>

#include "checker/float_rounding.h"
#include "semantics/wgsl/type.h"

namespace plumb::builtins {

/// One evaluation of an inherited-from expression in a floating-point type.
class Stepwise {
 public:
  explicit Stepwise(TypeKind kind) : kind_(kind) {}

  double add(double a, double b) { return round(a + b); }
  double sub(double a, double b) { return round(a - b); }
  double mul(double a, double b) { return round(a * b); }
  double div(double a, double b) { return round(a / b); }
  /// sqrt of a negative value is NaN (outside its domain).
  double sqrt(double a) { return round(std::sqrt(a)); }
  /// dot(a, b): the sum of a[i] * b[i], left to right (new#floating-point-accuracy, dot).
  double dot(const std::vector<double>& a, const std::vector<double>& b) {
    double sum = 0;
    for (size_t i = 0; i < a.size(); ++i) sum = i ? add(sum, mul(a[i], b[i])) : mul(a[i], b[i]);
    return sum;
  }
  /// length(v) = sqrt(dot(v, v)) for a vector.
  double length(const std::vector<double>& v) { return sqrt(dot(v, v)); }

  /// Whether every intermediate result so far was finite.
  bool finite() const { return finite_; }

 private:
  double round(double x) {
    double r = kind_ == TypeKind::F32 ? roundToF32(x) : kind_ == TypeKind::F16 ? roundToF16(x) : x;
    if (!std::isfinite(r)) finite_ = false;
    return r;
  }
  TypeKind kind_;
  bool finite_ = true;
};

}  // namespace plumb::builtins
