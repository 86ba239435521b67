// Sets of float and half values (docs/ambiguities.md, WSL W45): the seed's floats are IEEE 754
// binary32 ("All values of a IEEE 754 single-precision binary floating-point number"), its
// `+ - * /` IEEE operations; the accuracy of the other functions is a Todo ("Numerical
// Compliance"). A value is one float (a NaN or an infinity included, the sign of a zero kept),
// an interval of values (a bounded unspecified value: every value of the type between two
// bounds), or any value of the type. The operations map sets to the set of every result the
// seed allows for every operand in them: each rounding is monotone, so an operation's extreme
// results are at the corners of its operands' intervals.
#pragma once

#include <vector>

#include "semantics/wsl/value.h"

namespace plumb::wsl {

struct FloatRange {
  bool any = false;  // any value of the type, a NaN included
  bool nan = false;  // exactly a NaN
  float lo = 0;      // otherwise every value of the type in [lo, hi]; lo == hi: one value
  float hi = 0;
  bool half = false;  // of type half: each result rounded to binary16 (W43)

  static FloatRange point(float x, bool half);
  static FloatRange range(float lo, float hi, bool half);
  static FloatRange anyValue(bool half);
  bool isPoint() const { return !any && !nan && lo == hi; }
  bool contains(float x) const;
};

/// Which booleans a comparison or a test may give.
struct BoolSet {
  bool mayTrue = false;
  bool mayFalse = false;
};

FloatRange rangeOf(const Value& v);
Value valueOf(const FloatRange& r, const TypeP& type);
std::vector<Value> valuesOf(const std::vector<FloatRange>& rs, const TypeP& type);

/// IEEE 754 `+ - * /` (seed "Floating point arithmetic"; half: the float result rounded, W43).
/// `/` by a set holding +-0 is any value ("an undefined value if its second argument is either
/// +0.0 or -0.0").
FloatRange floatAdd(const FloatRange& a, const FloatRange& b);
FloatRange floatSub(const FloatRange& a, const FloatRange& b);
FloatRange floatMul(const FloatRange& a, const FloatRange& b);
FloatRange floatDiv(const FloatRange& a, const FloatRange& b);
FloatRange floatNeg(const FloatRange& a);
FloatRange floatAbs(const FloatRange& a);
/// `<`, `>`, `<=`, `>=`, `==` (IEEE: false on a NaN).
BoolSet floatCompare(const char* op, const FloatRange& a, const FloatRange& b);
/// min/max: "If one or both of the two arguments is NaN, this function returns one of its
/// arguments, but which one is unspecified. If the two arguments are -0.0 and 0.0 in any order,
/// then this function returns one of the two".
std::vector<FloatRange> floatMinMax(bool min, const FloatRange& a, const FloatRange& b);

/// The elements of a set of floats that are integers between bounds, one set each when there
/// are at most `limit` of them (floor, ceil, trunc and round give integers); else the interval.
std::vector<FloatRange> integerPoints(float lo, float hi, bool half, int limit = 16);

}  // namespace plumb::wsl
