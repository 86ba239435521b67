// The set of values an f32 or f16 expression may have at run time (design.md "Outcome sets in
// practice"; #floating-point-evaluation, #floating-point-accuracy).
#pragma once

#include <cmath>

namespace plumb::interp {

/// Every value of the type in the closed interval [lo, hi], or any value of the type.
///
/// - `lo` and `hi` are values of the type (doubles equal to them), finite, lo <= hi. Zeros of
///   either sign are one point: "implementations may ignore the sign of a zero"
///   (#floating-point-evaluation), so the sign of a zero is not tracked.
/// - `any` is set where an infinity or a NaN may be involved: "Implementations may assume that
///   NaNs and infinities are not present. In such an implementation, when an evaluation would
///   produce an infinity or a NaN, an undefined value of the target type is produced instead"
///   (#floating-point-evaluation); an undefined value is any value of the type, so every result
///   depending on it is any value too.
struct FloatSet {
  double lo = 0;
  double hi = 0;
  bool any = false;

  /// The one value `v`: an exact point when finite; any value for an infinity or NaN.
  static FloatSet exact(double v) {
    if (!std::isfinite(v)) return anyValue();
    if (v == 0) v = 0;  // +0: the sign of a zero is not tracked
    return FloatSet{v, v, false};
  }
  static FloatSet range(double lo, double hi) { return FloatSet{lo == 0 ? 0 : lo, hi == 0 ? 0 : hi, false}; }
  static FloatSet anyValue() { return FloatSet{0, 0, true}; }

  bool isExact() const { return !any && lo == hi; }
  bool contains(double v) const {
    if (any) return true;
    if (!std::isfinite(v)) return false;
    return lo <= v && v <= hi;
  }
  bool operator==(const FloatSet& o) const {
    return any == o.any && (any || (lo == o.lo && hi == o.hi));
  }
};

}  // namespace plumb::interp
