// The acceptance sets of #floating-point-accuracy over FloatSets: the set of values an f32 or
// f16 operation may return for every input in its operands' sets. Every function here is one
// kind of accuracy of the table ("correctly rounded", "N ULP", "absolute error"), or one row
// of it; the "inherited from" rows are composed from these in runtime_float_builtins.cpp.
//
// Bounds are computed with directed rounding (MPFR, RNDD for lower and RNDU for upper bounds,
// at binary64 precision, which holds every f32 and f16 value and whose grid is finer than
// theirs), then rounded outwards onto the type's grid: the sets are exact where the inputs
// are points and the exact result is a value or lies between two, and never narrower than
// the table allows.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include <mpfr.h>

#include "interpreter/wgsl/float_set.h"
#include "semantics/wgsl/type.h"

namespace plumb::interp::fp {

/// A floating-point type of the machine (f32 = binary32, f16 = binary16).
struct Format {
  TypeKind kind;
  int precision;          // significand bits, with the implicit one
  int minQuantumExp;      // exponent of the smallest subnormal: -149, -24
  double largest;         // the largest finite value
  double smallestNormal;  // 2^-126, 2^-14
};

const Format& formatOf(TypeKind kind);  // F32 or F16

/// The largest value of the type not above `d` (-infinity below -largest); `d` any double.
double roundDown(const Format& f, double d);
/// The smallest value of the type not below `d` (+infinity above largest).
double roundUp(const Format& f, double d);
/// The neighbours of a value of the type.
double nextUp(const Format& f, double v);
double nextDown(const Format& f, double v);
/// #floating-point-accuracy ULP(x): the least distance between two different values a, b of
/// the type with a <= x <= b.
double ulp(const Format& f, double x);
bool isSubnormal(const Format& f, double v);

/// #floating-point-evaluation: "Implementations may flush denormalized values on the input
/// and/or output of any operation listed in #floating-point-accuracy": a set containing a
/// subnormal value also contains zero (the sign of zero is not tracked).
FloatSet flush(const Format& f, FloatSet s);

/// [=correctly rounded=] over a real interval: every exact result lies in [lo, hi] (lo
/// rounded down, hi rounded up from the exact values); the set is every value of the type
/// between roundDown(lo) and roundUp(hi). If that may be infinite ("the correctly rounded
/// result may be finite or infinite"), the result is any value (#floating-point-evaluation,
/// NaNs and infinities may be assumed absent: an undefined value). The output is flushed.
FloatSet correctlyRounded(const Format& f, double lo, double hi);
/// A relative error of `n` ULP around every exact result in [lo, hi]: every value of the
/// type within n * ULP(x) of some x in [lo, hi]. Any value if the exact results may exceed the
/// finite range (ULP of such an x is infinite). Flushed on output.
FloatSet withinUlps(const Format& f, double lo, double hi, double n);
/// An absolute error bound: every value of the type within `error` of [lo, hi] (strictly
/// within, "< error", when `strict`). Flushed on output.
FloatSet withinAbsolute(const Format& f, double lo, double hi, double error, bool strict);

/// The hull of two sets.
FloatSet hull(const FloatSet& a, const FloatSet& b);

// ---------------------------------------------------------------- the expression table

FloatSet add(const Format& f, FloatSet x, FloatSet y);       // x + y: correctly rounded
FloatSet subtract(const Format& f, FloatSet x, FloatSet y);  // x - y: correctly rounded
FloatSet multiply(const Format& f, FloatSet x, FloatSet y);  // x * y: correctly rounded
/// x / y: 2.5 ULP for |y| in [2^-126, 2^126] (f32), [2^-14, 2^14] (f16); undefined (any)
/// for other y.
FloatSet divide(const Format& f, FloatSet x, FloatSet y);
/// x % y: "Derived from x - y * trunc(x/y)".
FloatSet remainder(const Format& f, FloatSet x, FloatSet y);
FloatSet negate(const Format& f, FloatSet x);  // -x: correctly rounded (exact)

/// The sum of `terms` (at most 8), each addition correctly rounded, in any order and grouping:
/// "An implementation may reassociate operations" (#floating-point-accuracy, after the table).
/// The hull over every binary tree of additions (a superset: each subtree's hull is summed).
/// Used where the seed defines a result as a sum, "inherited from sum of x[i] * y[i]" (dot,
/// and the matrix products of docs/ambiguities.md R4). No terms: exact 0.
FloatSet reassociatedSum(const Format& f, const std::vector<FloatSet>& terms);

/// The outcome of a comparison: true, false, or either (overlapping sets).
enum class Truth : uint8_t { False, True, Either };
/// x op y for op in == != < <= > >=: "Correct result" for each pair of values of the
/// (flushed) operands.
Truth compare(const Format& f, std::string_view op, FloatSet x, FloatSet y);

/// A value correctly rounded from an exact real `x` given as bounds (e.g. a conversion).
FloatSet convertCorrectlyRounded(const Format& f, double lo, double hi);

}  // namespace plumb::interp::fp
