// Sets of float and half values and the IEEE operations on them (docs/ambiguities.md, WSL W45).
#include "interpreter/wsl/float_sets.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace plumb::wsl {
namespace {

float rounded(float x, bool half) {
  return half ? Value::makeHalf(x).real : x;
}

bool sameBits(float a, float b) {
  uint32_t x, y;
  std::memcpy(&x, &a, 4);
  std::memcpy(&y, &b, 4);
  return x == y;
}

// The set of `op` over the corners of two intervals: monotone roundings put the extremes there.
// A corner that is a NaN (inf - inf, 0 * inf) makes the set any value: the set holds a NaN and
// numbers, which one interval cannot say.
template <class Op>
FloatRange corners(const FloatRange& a, const FloatRange& b, Op op) {
  const bool half = a.half || b.half;
  if (a.any || b.any) return FloatRange::anyValue(half);
  if (a.nan || b.nan) return FloatRange{false, true, 0, 0, half};
  float c[4] = {op(a.lo, b.lo), op(a.lo, b.hi), op(a.hi, b.lo), op(a.hi, b.hi)};
  for (float& x : c) {
    x = rounded(x, half);
    if (std::isnan(x)) return FloatRange::anyValue(half);
  }
  bool same = true;
  for (float x : c) same &= sameBits(x, c[0]);
  if (same) return FloatRange::point(c[0], half);
  return FloatRange::range(*std::min_element(c, c + 4), *std::max_element(c, c + 4), half);
}

}  // namespace

FloatRange FloatRange::point(float x, bool half) {
  if (std::isnan(x)) return FloatRange{false, true, 0, 0, half};
  return FloatRange{false, false, x, x, half};
}
FloatRange FloatRange::range(float lo, float hi, bool half) {
  if (lo == hi) return point(lo, half);
  return FloatRange{false, false, lo, hi, half};
}
FloatRange FloatRange::anyValue(bool half) {
  return FloatRange{true, false, 0, 0, half};
}
bool FloatRange::contains(float x) const {
  if (any) return true;
  if (nan) return std::isnan(x);
  return lo <= x && x <= hi;
}

FloatRange rangeOf(const Value& v) {
  const bool half = v.type && v.type->kind == Type::Kind::Half;
  if (v.unspecified && v.bounded) return FloatRange::range(v.real, v.high, half);
  if (v.unspecified || v.kind != Value::Kind::Float) return FloatRange::anyValue(half);
  return FloatRange::point(v.real, half);
}

Value valueOf(const FloatRange& r, const TypeP& type) {
  if (r.any) return Value::makeUnspecified(type);
  if (r.nan) return Value::makeFloatRange(type, NAN, NAN);
  return Value::makeFloatRange(type, r.lo, r.hi);  // one value: the sign of a zero kept
}

std::vector<Value> valuesOf(const std::vector<FloatRange>& rs, const TypeP& type) {
  std::vector<Value> out;
  for (const FloatRange& r : rs) {
    Value v = valueOf(r, type);
    bool seen = false;
    for (const Value& o : out) seen |= sameValue(o, v);
    if (!seen) out.push_back(v);
  }
  return out;
}

FloatRange floatAdd(const FloatRange& a, const FloatRange& b) {
  return corners(a, b, [](float x, float y) { return x + y; });
}
FloatRange floatSub(const FloatRange& a, const FloatRange& b) {
  return corners(a, b, [](float x, float y) { return x - y; });
}
FloatRange floatMul(const FloatRange& a, const FloatRange& b) {
  return corners(a, b, [](float x, float y) { return x * y; });
}
FloatRange floatDiv(const FloatRange& a, const FloatRange& b) {
  const bool half = a.half || b.half;
  if (b.any || (!b.nan && b.lo <= 0 && 0 <= b.hi)) return FloatRange::anyValue(half);
  return corners(a, b, [](float x, float y) { return x / y; });
}
FloatRange floatNeg(const FloatRange& a) {
  if (a.any || a.nan) return a;
  FloatRange r = a;
  r.lo = -a.hi, r.hi = -a.lo;
  return r;
}
FloatRange floatAbs(const FloatRange& a) {
  if (a.any || a.nan) return a;
  if (a.isPoint()) return FloatRange::point(std::fabs(a.lo), a.half);
  if (a.lo >= 0) return a;
  if (a.hi <= 0) return floatNeg(a);
  return FloatRange::range(0, std::max(-a.lo, a.hi), a.half);
}

BoolSet floatCompare(const char* op, const FloatRange& a, const FloatRange& b) {
  if (a.any || b.any) return {true, true};
  if (a.nan || b.nan) return {false, true};
  const std::string o = op;
  if (o == "<") return {a.lo < b.hi, !(a.hi < b.lo)};
  if (o == "<=") return {a.lo <= b.hi, !(a.hi <= b.lo)};
  if (o == ">") return floatCompare("<", b, a);
  if (o == ">=") return floatCompare("<=", b, a);
  // ==
  bool overlap = a.lo <= b.hi && b.lo <= a.hi;
  bool single = a.isPoint() && b.isPoint() && a.lo == b.lo;
  return {overlap, !single};
}

std::vector<FloatRange> floatMinMax(bool min, const FloatRange& a, const FloatRange& b) {
  const bool half = a.half || b.half;
  if (a.any || b.any) return {FloatRange::anyValue(half)};
  if (a.nan || b.nan) return {a, b};  // either argument
  if (a.isPoint() && b.isPoint() && a.lo == 0 && b.lo == 0 &&
      std::signbit(a.lo) != std::signbit(b.lo))
    return {a, b};  // -0.0 and 0.0: either
  if (min) return {FloatRange::range(std::min(a.lo, b.lo), std::min(a.hi, b.hi), half)};
  return {FloatRange::range(std::max(a.lo, b.lo), std::max(a.hi, b.hi), half)};
}

std::vector<FloatRange> integerPoints(float lo, float hi, bool half, int limit) {
  if (lo == hi) return {FloatRange::point(lo, half)};
  if (std::isinf(lo) || std::isinf(hi) || double(hi) - double(lo) > limit)
    return {FloatRange::range(lo, hi, half)};
  std::vector<FloatRange> out;
  for (double k = std::ceil(double(lo)); k <= double(hi); ++k)
    out.push_back(FloatRange::point(float(k), half));
  return out;
}

}  // namespace plumb::wsl
