// The standard library's float and half functions over sets of values (float_library.h).
//
// Scalars: the seed's definitions where it gives one ("frac: Returns x - floor(x)", "fmod(x, y)
// is equivalent to x - y * trunc(x / y)", "lerp(x, y, s) is equivalent to x*(1-s) + y*s", ...),
// computed with the IEEE operations of float_sets.h; the functions whose accuracy the seed leaves
// open take the acceptance sets of WGSL 2022-06's accuracy table, Plumb's shared rows
// (interpreter/wgsl/runtime_float_builtins.h, as Cg does: W45). Vectors and matrices apply these
// per element (the `vector:` natives of standard_library.cpp). The reductions follow the reference
// implementation's WSL definitions (gpuweb/WSL 943222d, StandardLibrary.mjs) operation by
// operation, in its order: `dot` sums from 0, `length` is `sqrt(dot(x, x))`, `mul` sums each
// row-by-column product from 0, `determinant` expands along the first row (W46).
#include "interpreter/wsl/float_library.h"

#include <bit>
#include <cmath>
#include <limits>
#include <string>

#include "interpreter/wgsl/runtime_alternatives.h"
#include "interpreter/wgsl/runtime_float_builtins.h"
#include "interpreter/wsl/float_sets.h"
#include "semantics/wgsl/revision.h"

namespace plumb::wsl {
namespace {

using R = FloatRange;
using Alternatives = std::vector<R>;

bool isHalf(const TypeP& t) {
  if (!t) return false;
  if (t->kind == Type::Kind::Vector || t->kind == Type::Kind::Matrix) return isHalf(t->element);
  return t->kind == Type::Kind::Half;
}

R constant(float x, bool half) {
  return R::point(x, half);
}

// A row of WGSL 2022-06's accuracy table (#floating-point-accuracy) over float (f32) or half
// (f16) sets. A NaN or an infinity among the arguments: any value (the seed says nothing of
// them for these functions; WGSL's table makes them undefined). The WGSL rows give "any value"
// where the seed says "unspecified" (sqrt and log of negatives, acos outside [-1, 1], pow of a
// negative): the same set. sqrt(+-0) is +-0, the one point IEEE 754 and every table agree on.
R accuracyRow(const char* name, const std::vector<R>& xs, bool half) {
  for (const R& x : xs)
    if (x.any || x.nan || std::isinf(x.lo) || std::isinf(x.hi)) return R::anyValue(half);
  if (std::string(name) == "sqrt" && xs[0].isPoint() && xs[0].lo == 0) return xs[0];
  static TypeTable types;
  plumb::Type t = half ? types.f16() : types.f32();
  std::vector<interp::RValue> args;
  for (const R& x : xs)
    args.push_back(interp::scalarFloat(t, interp::FloatSet::range(double(x.lo), double(x.hi))));
  interp::OperationResult r = interp::floatBuiltin(types, name, t, args, Revision::wgsl2022_06());
  if (!r.ok()) return R::anyValue(half);
  bool first = true;
  double lo = 0, hi = 0;
  for (const interp::RValue& a : r.alternatives) {
    interp::FloatSet s = interp::floatOf(a);
    if (s.any) return R::anyValue(half);
    lo = first ? s.lo : std::min(lo, s.lo);
    hi = first ? s.hi : std::max(hi, s.hi);
    first = false;
  }
  return R::range(float(lo), float(hi), half);
}

// floor, ceil, trunc: exact and monotone; "It behaves as the identity on 0.0, -0.0, NaN,
// +Infinity and -Infinity". An interval gives each integer in it (or the interval).
Alternatives integral(double (*fn)(double), const R& x) {
  if (x.any || x.nan) return {x};
  if (x.isPoint()) return {R::point(float(fn(double(x.lo))), x.half)};
  return integerPoints(float(fn(double(x.lo))), float(fn(double(x.hi))), x.half);
}

// round: "If there are two equally distant possible integer values (e.g. for 0.5), which one is
// picked is undefined": both.
Alternatives round(const R& x) {
  if (x.any || x.nan) return {x};
  auto tie = [](float v) { return std::isfinite(v) && double(v) - std::floor(double(v)) == 0.5; };
  float lo = tie(x.lo) ? float(std::floor(double(x.lo))) : std::round(x.lo);
  float hi = tie(x.hi) ? float(std::ceil(double(x.hi))) : std::round(x.hi);
  if (x.isPoint() && !tie(x.lo)) return {R::point(lo, x.half)};
  return integerPoints(lo, hi, x.half);
}

// frac: "Returns x - floor(x) ... It returns +0.0 for both -0.0 and +0.0. It returns NaN for
// NaN, +Infinity and -Infinity." Each integer k that floor may give is subtracted from the part
// of x in [k, k + 1).
Alternatives frac(const R& x) {
  if (x.any || x.nan) return {x};
  if (x.isPoint() && std::isinf(x.lo)) return {R::point(NAN, x.half)};
  if (std::isinf(x.lo) || std::isinf(x.hi)) return {R::anyValue(x.half)};
  Alternatives out;
  for (const R& k : integral(std::floor, x)) {
    if (!k.isPoint()) return {R::range(0, 1, x.half)};
    R part = x;
    part.lo = std::max(x.lo, k.lo);
    part.hi = std::min(x.hi, std::nextafter(k.lo + 1, -INFINITY));
    R d = floatSub(R::range(part.lo, part.hi, x.half), k);
    if (d.isPoint() && d.lo == 0) d.lo = d.hi = 0;  // +0.0
    out.push_back(d);
  }
  return out;
}

Alternatives boolResult(BoolSet b) {
  Alternatives out;  // 1 for true, 0 for false (the caller makes the bools)
  if (b.mayTrue) out.push_back(R::point(1, false));
  if (b.mayFalse) out.push_back(R::point(0, false));
  return out;
}

bool hasNan(const std::vector<R>& xs) {
  for (const R& x : xs)
    if (x.nan) return true;
  return false;
}

// clamp: "If its third argument is less than its second, or if any of its arguments is NaN,
// then it returns an unspecified value. Otherwise clamp(x, min, max) is equivalent to
// min(max(x, min), max)."
Alternatives clamp(const R& x, const R& lo, const R& hi) {
  const bool half = x.half;
  if (hasNan({x, lo, hi}) || floatCompare("<", hi, lo).mayTrue) return {R::anyValue(half)};
  Alternatives out;
  for (const R& m : floatMinMax(false, x, lo))
    for (const R& r : floatMinMax(true, m, hi)) out.push_back(r);
  return out;
}

// smoothstep: "If its second argument is less than its first, or if any of its arguments is
// NaN, then it returns an unspecified value. Otherwise ... If x <= min, then 0; If x >= max,
// then 1; Else ... t * t * (3 - 2 * t) where t = (x - min) / (max - min)".
Alternatives smoothstep(const R& e0, const R& e1, const R& x) {
  const bool half = x.half;
  if (hasNan({e0, e1, x}) || floatCompare("<", e1, e0).mayTrue) return {R::anyValue(half)};
  Alternatives out;
  if (floatCompare("<=", x, e0).mayTrue) out.push_back(constant(0, half));
  if (floatCompare(">=", x, e1).mayTrue) out.push_back(constant(1, half));
  if (floatCompare(">", x, e0).mayTrue && floatCompare("<", x, e1).mayTrue) {
    R t = floatDiv(floatSub(x, e0), floatSub(e1, e0));
    out.push_back(
        floatMul(floatMul(t, t), floatSub(constant(3, half), floatMul(constant(2, half), t))));
  }
  return out;
}

// The reference implementation's `sign` (`if (x < 0) return -1; if (x == 0) return 0; return
// 1;`): a NaN is 1 (W46).
Alternatives sign(const R& x) {
  if (x.nan) return {constant(1, x.half)};
  const R zero = constant(0, x.half);
  Alternatives out;
  if (floatCompare("<", x, zero).mayTrue) out.push_back(constant(-1, x.half));
  if (floatCompare("==", x, zero).mayTrue) out.push_back(zero);
  if (floatCompare(">", x, zero).mayTrue || x.any) out.push_back(constant(1, x.half));
  return out;
}

// mad: "computes a*b + c, but with potentially different precision": the product rounded or not.
Alternatives mad(const R& a, const R& b, const R& c) {
  R unfused = floatAdd(floatMul(a, b), c);
  if (a.any || b.any || c.any || a.nan || b.nan || c.nan || a.half) return {unfused};
  float lo = INFINITY, hi = -INFINITY;
  for (float x : {a.lo, a.hi})
    for (float y : {b.lo, b.hi})
      for (float z : {c.lo, c.hi}) {
        float v = std::fma(x, y, z);
        if (std::isnan(v)) return {R::anyValue(false)};
        lo = std::min(lo, v), hi = std::max(hi, v);
      }
  return {unfused, R::range(lo, hi, false)};
}

// The scalar functions, by name (the native is "float:<name>").
std::optional<Alternatives> scalarFunction(const std::string& name, const std::vector<R>& a,
                                           bool half) {
  static const char* kRows[] = {"sin",  "cos", "tan",  "asin", "acos", "atan", "sinh",  "cosh",
                                "tanh", "exp", "exp2", "log",  "log2", "sqrt", "atan2", "pow"};
  for (const char* row : kRows)
    if (name == row) return Alternatives{accuracyRow(row, a, half)};
  if (name == "rsqrt") return Alternatives{accuracyRow("inverseSqrt", a, half)};
  if (name == "abs") return Alternatives{floatAbs(a[0])};
  if (name == "min" || name == "max") return floatMinMax(name == "min", a[0], a[1]);
  if (name == "floor") return integral(std::floor, a[0]);
  if (name == "ceil") return integral(std::ceil, a[0]);
  if (name == "trunc") return integral(std::trunc, a[0]);
  if (name == "round") return round(a[0]);
  if (name == "frac") return frac(a[0]);
  if (name == "saturate") return clamp(a[0], constant(0, half), constant(1, half));
  if (name == "clamp") return clamp(a[0], a[1], a[2]);
  if (name == "sign") return sign(a[0]);
  // mad and the RI's fma: the product rounded or not.
  if (name == "mad" || name == "fma") return mad(a[0], a[1], a[2]);
  // log10: "Returns the base-10 logarithm of its argument. Returns an unspecified value if its
  // argument is smaller or equal to 0." Its accuracy is the seed's Todo: log(x) / log(10) over
  // the accuracy rows of log (the RI's definition), a set that holds the exact result.
  if (name == "log10")
    return Alternatives{
        floatDiv(accuracyRow("log", a, half), accuracyRow("log", {constant(10, half)}, half))};
  // degrees: "returns its argument multiplied by 180 and divided by Pi"; radians: "multiplied by
  // Pi and divided by 180". Pi is each of the two floats around it (the seed names no rounding;
  // the RI divides by 3.14159, W50).
  if (name == "degrees" || name == "radians") {
    // float(pi) is 3.14159274, above Pi; the float below it is 3.14159250. Half: 3.140625 and
    // 3.142578125.
    const float above = float(3.14159265358979), below = std::nextafter(above, 0.0f);
    const R piSet = half ? R::range(3.140625f, 3.142578125f, true) : R::range(below, above, false);
    if (name == "degrees")
      return Alternatives{floatDiv(floatMul(a[0], constant(180, half)), piSet)};
    return Alternatives{floatDiv(floatMul(a[0], piSet), constant(180, half))};
  }
  // rcp (the RI's): 1 / x.
  if (name == "rcp") return Alternatives{floatDiv(constant(1, half), a[0])};
  if (name == "smoothstep") return smoothstep(a[0], a[1], a[2]);
  // step(y, x) is `x >= y ? 1 : 0`: HLSL's and the RI's order (the seed's formula names its
  // arguments the other way round, W46).
  if (name == "step") {
    Alternatives out;
    for (const R& b : boolResult(floatCompare(">=", a[1], a[0])))
      out.push_back(constant(b.lo, half));
    return out;
  }
  // ldexp: "ldexp(x, y) is equivalent to x * pow(2.0, y)".
  if (name == "ldexp")
    return Alternatives{floatMul(a[0], accuracyRow("pow", {constant(2, half), a[1]}, half))};
  // fmod: "fmod(x, y) is equivalent to x - y * trunc(x / y). In particular, if the second
  // argument is 0.0 or -0.0 then it returns an unspecified value."
  if (name == "fmod") {
    Alternatives out;
    for (const R& t : integral(std::trunc, floatDiv(a[0], a[1])))
      out.push_back(floatSub(a[0], floatMul(a[1], t)));
    return out;
  }
  // lerp: "lerp(x, y, s) is equivalent to x*(1-s) + y*s".
  if (name == "lerp")
    return Alternatives{
        floatAdd(floatMul(a[0], floatSub(constant(1, half), a[2])), floatMul(a[1], a[2]))};
  return std::nullopt;
}

// isnan, isinf, isfinite: "Returns true if and only if its argument is a NaN / an infinity /
// neither a NaN nor an infinity."
std::optional<BoolSet> floatTest(const std::string& name, const R& x) {
  BoolSet nan, inf;
  if (x.any) {
    nan = inf = {true, true};
  } else if (x.nan) {
    nan = {true, false}, inf = {false, true};
  } else {
    nan = {false, true};
    inf = {std::isinf(x.lo) || std::isinf(x.hi), !(x.isPoint() && std::isinf(x.lo))};
  }
  if (name == "isnormal") {
    // Not the seed's; the RI's isnormal is isnan (its FIXME, W50): Plumb's is MSL's and C's,
    // neither zero, subnormal, infinite nor NaN.
    if (x.any) return BoolSet{true, true};
    if (x.nan) return BoolSet{false, true};
    const float smallest = x.half ? 6.103515625e-05f : std::numeric_limits<float>::min();
    const float largest = x.half ? 65504.0f : std::numeric_limits<float>::max();
    auto normal = [&](float v) { return std::fabs(v) >= smallest && std::fabs(v) <= largest; };
    const bool allNormal = (x.lo > 0 || x.hi < 0) && normal(x.lo) && normal(x.hi) &&
                           (x.lo >= smallest || x.hi <= -smallest);
    const bool someNormal =
        x.lo <= largest && x.hi >= -largest && (x.hi >= smallest || x.lo <= -smallest);
    return BoolSet{someNormal, !allNormal};
  }
  if (name == "isnan") return nan;
  if (name == "isinf") return inf;
  if (name == "isfinite") return BoolSet{nan.mayFalse && inf.mayFalse, nan.mayTrue || inf.mayTrue};
  return std::nullopt;
}

std::vector<Value> bools(BoolSet b) {
  std::vector<Value> out;
  if (b.mayTrue) out.push_back(Value::makeBool(true));
  if (b.mayFalse) out.push_back(Value::makeBool(false));
  return out;
}

// ------------------------------------------------------------------------------ reductions

// A scalar, vector or matrix argument as its elements (a matrix row by row).
std::vector<R> elementsOf(const Value& v) {
  if (v.kind != Value::Kind::Aggregate) return {rangeOf(v)};
  std::vector<R> out;
  for (const Value& e : v.elements)
    for (const R& x : elementsOf(e)) out.push_back(x);
  return out;
}

R dot(const std::vector<R>& a, const std::vector<R>& b, bool half) {
  if (a.size() == 1) return floatMul(a[0], b[0]);  // the RI's `dot(float a, float b)`: a * b
  R sum = constant(0, half);
  for (size_t k = 0; k < a.size() && k < b.size(); ++k) sum = floatAdd(sum, floatMul(a[k], b[k]));
  return sum;
}

R length(const std::vector<R>& x, bool half) {
  return accuracyRow("sqrt", {dot(x, x, half)}, half);
}

// A value of `type` (a scalar, vector or matrix of float or half) from its elements.
Value build(const TypeP& type, const std::vector<R>& xs, size_t& next) {
  if (type->kind == Type::Kind::Vector || type->kind == Type::Kind::Matrix) {
    std::vector<Value> elements;
    for (uint32_t k = 0; k < type->size; ++k) elements.push_back(build(type->element, xs, next));
    return Value::makeAggregate(type, std::move(elements));
  }
  return valueOf(xs.at(next++), type);
}

Value build(const TypeP& type, const std::vector<R>& xs) {
  size_t next = 0;
  return build(type, xs, next);
}

// The rows and columns of a matrix type (a vector is one row here, a scalar 1x1).
std::pair<uint32_t, uint32_t> shape(const TypeP& t) {
  if (t->kind == Type::Kind::Matrix) return {t->size, t->element->size};
  if (t->kind == Type::Kind::Vector) return {1, t->size};
  return {1, 1};
}

R determinant(const std::vector<R>& m, uint32_t n, bool half) {
  auto at = [&](uint32_t r, uint32_t c) { return m[r * n + c]; };
  if (n == 1) return m[0];
  if (n == 2) return floatSub(floatMul(at(0, 0), at(1, 1)), floatMul(at(0, 1), at(1, 0)));
  if (n == 3) {
    auto t = [&](uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, uint32_t f) {
      return floatMul(floatMul(at(a, b), at(c, d)), at(e, f));
    };
    R r = floatAdd(floatAdd(t(0, 0, 1, 1, 2, 2), t(0, 1, 1, 2, 2, 0)), t(0, 2, 1, 0, 2, 1));
    r = floatSub(r, t(2, 0, 1, 1, 0, 2));
    r = floatSub(r, t(2, 1, 1, 2, 0, 0));
    return floatSub(r, t(2, 2, 1, 0, 0, 1));
  }
  // 4x4: the RI's expansion along row 0 with the 3x3 minors, from `float result;` (0).
  R result = constant(0, half);
  for (uint32_t skip = 0; skip < 4; ++skip) {
    std::vector<R> minor;
    for (uint32_t r = 1; r < 4; ++r)
      for (uint32_t c = 0; c < 4; ++c)
        if (c != skip) minor.push_back(at(r, c));
    R term = floatMul(at(0, skip), determinant(minor, 3, half));
    result = skip % 2 ? floatSub(result, term) : floatAdd(result, term);
  }
  return result;
}

std::optional<std::vector<Value>> reduction(const std::string& name, const Function& f,
                                            const std::vector<Value>& args) {
  const TypeP& result = f.result;
  const bool half = isHalf(f.parameters[0]);
  std::vector<std::vector<R>> a;
  for (const Value& v : args) a.push_back(elementsOf(v));
  auto one = [&](const R& r) { return std::vector<Value>{valueOf(r, result)}; };
  if (name == "dot") return one(dot(a[0], a[1], half));
  if (name == "length") return one(length(a[0], half));
  if (name == "distance") {
    std::vector<R> d;
    for (size_t k = 0; k < a[0].size(); ++k) d.push_back(floatSub(a[0][k], a[1][k]));
    return one(length(d, half));
  }
  if (name == "normalize") {
    R l = length(a[0], half);
    std::vector<R> out;
    for (const R& x : a[0]) out.push_back(floatDiv(x, l));
    return std::vector<Value>{build(result, out)};
  }
  if (name == "cross") {
    const auto& u = a[0];
    const auto& v = a[1];
    auto c = [&](int i, int j) { return floatSub(floatMul(u[i], v[j]), floatMul(u[j], v[i])); };
    return std::vector<Value>{build(result, {c(1, 2), c(2, 0), c(0, 1)})};
  }
  if (name == "reflect") {
    // i - 2 * n * dot(i, n)
    R d = dot(a[0], a[1], half);
    std::vector<R> out;
    for (size_t k = 0; k < a[0].size(); ++k)
      out.push_back(floatSub(a[0][k], floatMul(floatMul(constant(2, half), a[1][k]), d)));
    return std::vector<Value>{build(result, out)};
  }
  if (name == "refract") {
    // k = 1 - eta * eta * (1 - dot(n, i) * dot(n, i)); k < 0: the default value; else
    // eta * i - (eta * dot(n, i) + sqrt(k)) * n.
    const R& eta = a[2][0];
    R d = dot(a[1], a[0], half);
    R k = floatSub(constant(1, half),
                   floatMul(floatMul(eta, eta), floatSub(constant(1, half), floatMul(d, d))));
    std::vector<Value> out;
    BoolSet negative = floatCompare("<", k, constant(0, half));
    if (negative.mayTrue)
      out.push_back(build(result, std::vector<R>(a[0].size(), constant(0, half))));
    if (negative.mayFalse) {
      R nonNegative = k;
      if (!k.any && !k.nan) nonNegative = R::range(std::max(k.lo, 0.0f), k.hi, half);
      R s = floatAdd(floatMul(eta, d), accuracyRow("sqrt", {nonNegative}, half));
      std::vector<R> v;
      for (size_t j = 0; j < a[0].size(); ++j)
        v.push_back(floatSub(floatMul(eta, a[0][j]), floatMul(s, a[1][j])));
      out.push_back(build(result, v));
    }
    return out;
  }
  if (name == "faceforward") {
    // -n * sign(dot(i, ng))
    std::vector<Value> out;
    for (const R& s : sign(dot(a[1], a[2], half))) {
      std::vector<R> v;
      for (const R& x : a[0]) v.push_back(floatMul(floatNeg(x), s));
      out.push_back(build(result, v));
    }
    return out;
  }
  if (name == "transpose") {
    auto [rows, columns] = shape(f.parameters[0]);
    std::vector<R> out;
    for (uint32_t c = 0; c < columns; ++c)
      for (uint32_t r = 0; r < rows; ++r) out.push_back(a[0][r * columns + c]);
    return std::vector<Value>{build(result, out)};
  }
  if (name == "determinant") {
    auto [rows, columns] = shape(f.parameters[0]);
    (void)columns;
    return one(determinant(a[0], rows, half));
  }
  if (name == "mul") {
    const TypeP& x = f.parameters[0];
    const TypeP& y = f.parameters[1];
    const bool xs = x->kind != Type::Kind::Vector && x->kind != Type::Kind::Matrix;
    const bool ys = y->kind != Type::Kind::Vector && y->kind != Type::Kind::Matrix;
    std::vector<R> out;
    if (xs || ys) {
      // A scalar times each element.
      for (const R& e : xs ? a[1] : a[0])
        out.push_back(xs ? floatMul(a[0][0], e) : floatMul(e, a[1][0]));
      return std::vector<Value>{build(result, out)};
    }
    if (x->kind == Type::Kind::Vector && y->kind == Type::Kind::Vector)
      return one(dot(a[0], a[1], half));
    // A vector on the left is a row (1 x n), on the right a column (n x 1).
    uint32_t xr = x->kind == Type::Kind::Vector ? 1 : x->size;
    uint32_t n = x->kind == Type::Kind::Vector ? x->size : x->element->size;
    uint32_t yc = y->kind == Type::Kind::Vector ? 1 : y->element->size;
    for (uint32_t i = 0; i < xr; ++i)
      for (uint32_t k = 0; k < yc; ++k) {
        R sum = constant(0, half);
        for (uint32_t j = 0; j < n; ++j)
          sum = floatAdd(sum, floatMul(a[0][i * n + j], a[1][j * yc + k]));
        out.push_back(sum);
      }
    return std::vector<Value>{build(result, out)};
  }
  return std::nullopt;
}

// Whether the element of a scalar, vector or matrix value may be nonzero / zero (all, any:
// the RI's `x != 0` on each element, for every scalar type).
BoolSet nonzero(const Value& v) {
  if (v.kind == Value::Kind::Float || (v.unspecified && v.bounded)) {
    BoolSet equal = floatCompare("==", rangeOf(v), R::point(0, false));
    return {equal.mayFalse, equal.mayTrue};
  }
  if (v.unspecified) return {true, true};
  return {v.integer != 0, v.integer == 0};
}

std::vector<Value> allAny(bool all, const Value& v) {
  std::vector<const Value*> elements;
  std::vector<const Value*> stack = {&v};
  while (!stack.empty()) {
    const Value* x = stack.back();
    stack.pop_back();
    if (x->kind == Value::Kind::Aggregate)
      for (auto it = x->elements.rbegin(); it != x->elements.rend(); ++it) stack.push_back(&*it);
    else
      elements.push_back(x);
  }
  // all: true when every element may be nonzero; false when one may be zero. any: dually.
  BoolSet r = all ? BoolSet{true, false} : BoolSet{false, true};
  for (const Value* e : elements) {
    BoolSet n = nonzero(*e);
    if (all)
      r = {r.mayTrue && n.mayTrue, r.mayFalse || n.mayFalse};
    else
      r = {r.mayTrue || n.mayTrue, r.mayFalse && n.mayFalse};
  }
  return bools(r);
}

// Casts from a bounded float (an exact one is standard_library.cpp's): each integer the
// truncation may give (at most 16, else any value; out of the type's range: any value), a
// rounded interval, or both booleans.
std::optional<std::vector<Value>> castBounded(const Value& x, const TypeP& to) {
  if (!(x.unspecified && x.bounded)) return std::nullopt;
  R r = rangeOf(x);
  if (to->kind == Type::Kind::Float || to->kind == Type::Kind::Half) {
    bool half = to->kind == Type::Kind::Half;
    return std::vector<Value>{valueOf(R::range(Value::makeFloatRange(to, r.lo, r.lo).real,
                                               Value::makeFloatRange(to, r.hi, r.hi).real, half),
                                      to)};
  }
  if (to->kind == Type::Kind::Bool)
    return bools({true, floatCompare("==", r, R::point(0, false)).mayTrue});
  if (!isInteger(*to)) return std::vector<Value>{Value::makeUnspecified(to)};
  const uint32_t w = integerWidth(*to);
  double lo = isSignedInteger(*to) ? -std::ldexp(1.0, int(w) - 1) : 0.0;
  double hi = isSignedInteger(*to) ? std::ldexp(1.0, int(w) - 1) - 1 : std::ldexp(1.0, int(w)) - 1;
  double a = std::trunc(double(r.lo)), b = std::trunc(double(r.hi));
  if (!(a >= lo && b <= hi) || b - a > 16) return std::vector<Value>{Value::makeUnspecified(to)};
  std::vector<Value> out;
  for (double k = a; k <= b; ++k) out.push_back(Value::makeInteger(to, int64_t(k)));
  return out;
}

// f32tof16 (HLSL's, the RI's FIXME returns 0: W50): the float rounded to the nearest binary16,
// its 16 bits in the low half of a uint; f16tof32: the low 16 bits of a uint as a binary16, as a
// float. A float set that is not one value gives each of its roundings' bits (or any uint).
uint32_t halfBits(float h) {
  const uint32_t b = std::bit_cast<uint32_t>(h);
  const uint32_t sign = (b >> 16) & 0x8000u;
  if (std::isnan(h)) return sign | 0x7E00u;
  if (std::isinf(h)) return sign | 0x7C00u;
  const float a = std::fabs(h);
  if (a == 0) return sign;
  int e = 0;
  const float m = std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  if (e - 1 < -14)                    // subnormal: a = k * 2^-24
    return sign | uint32_t(std::ldexp(a, 24));
  return sign | (uint32_t(e - 1 + 15) << 10) | (uint32_t(std::ldexp(m, 11)) & 0x3FFu);
}

float halfValue(uint32_t bits) {
  const uint32_t sign = bits & 0x8000u, e = (bits >> 10) & 0x1Fu, m = bits & 0x3FFu;
  float v = e == 0    ? std::ldexp(float(m), -24)
            : e == 31 ? (m ? NAN : INFINITY)
                      : std::ldexp(float(m | 0x400u), int(e) - 25);
  return sign ? -v : v;
}

std::vector<Value> halfConversion(const std::string& op, const Value& x) {
  if (op == "float:f16tof32") {
    if (x.unspecified) return {Value::makeUnspecified(floatType())};
    return {Value::makeFloat(halfValue(uint32_t(x.integer) & 0xFFFFu))};
  }
  R r = rangeOf(x);
  if (r.any || r.nan) return {Value::makeUnspecified(uintType())};  // a NaN: any of its bits
  const float lo = Value::makeHalf(r.lo).real, hi = Value::makeHalf(r.hi).real;
  if (lo == hi) return {Value::makeUint(halfBits(lo))};
  return {Value::makeUnspecified(uintType())};
}

}  // namespace

std::pair<Value, Value> frexpValues(const Value& x) {
  if (x.kind == Value::Kind::Aggregate) {
    Value m = x, e = x;
    for (size_t k = 0; k < x.elements.size(); ++k) {
      std::pair<Value, Value> parts = frexpValues(x.elements[k]);
      m.elements[k] = parts.first;
      e.elements[k] = parts.second;
    }
    return {m, e};
  }
  const TypeP& t = x.type;
  R r = rangeOf(x);
  const std::pair<Value, Value> any{Value::makeUnspecified(t), Value::makeUnspecified(t)};
  if (r.any || r.nan || std::isinf(r.lo) || std::isinf(r.hi)) return any;
  if (r.isPoint() && r.lo == 0) return {valueOf(r, t), valueOf(R::point(0, r.half), t)};
  int elo = 0, ehi = 0;
  float mlo = std::frexp(r.lo, &elo), mhi = std::frexp(r.hi, &ehi);
  // One exponent for the whole set: same sign, same binade (0 excluded).
  if (elo != ehi || (r.lo <= 0 && 0 <= r.hi)) return any;
  return {valueOf(R::range(mlo, mhi, r.half), t), valueOf(R::point(float(elo), r.half), t)};
}

std::optional<std::vector<Value>> evaluateFloatLibrary(const CheckedProgram& p, const Function& f,
                                                       const std::vector<Value>& args) {
  (void)p;
  const std::string& op = f.native;
  if (op == "float:f16tof32" || op == "float:f32tof16") return halfConversion(op, args.at(0));
  if (op == "cast" && !args.empty()) return castBounded(args[0], f.result);
  if (op == "reduce:all" || op == "reduce:any") return allAny(op == "reduce:all", args.at(0));
  if (op.rfind("float-reduce:", 0) == 0) return reduction(op.substr(13), f, args);
  if (f.parameters.empty() || !isFloatingPoint(*f.parameters[0])) return std::nullopt;
  const bool half = f.parameters[0]->kind == Type::Kind::Half;
  std::vector<R> a;
  for (const Value& v : args) a.push_back(rangeOf(v));
  if (op.rfind("float:", 0) == 0) {
    std::string name = op.substr(6);
    if (name == "isordered" || name == "isunordered") {
      // The RI's: `(x == x) && (y == y)`, `isnan(x) || isnan(y)`.
      BoolSet x = *floatTest("isnan", a[0]), y = *floatTest("isnan", a[1]);
      BoolSet unordered{x.mayTrue || y.mayTrue, x.mayFalse && y.mayFalse};
      if (name == "isunordered") return bools(unordered);
      return bools({unordered.mayFalse, unordered.mayTrue});
    }
    if (auto b = floatTest(name, a[0])) return bools(*b);
    if (auto r = scalarFunction(name, a, half)) return valuesOf(*r, f.result);
    return std::nullopt;
  }
  // The seed's operators on floats (and the RI's on halves, W43).
  if (op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==")
    return bools(floatCompare(op.c_str(), a[0], a[1]));
  auto single = [&](const R& r) { return std::vector<Value>{valueOf(r, f.result)}; };
  if (op == "+") return single(floatAdd(a[0], a[1]));
  if (op == "-") return single(floatSub(a[0], a[1]));
  if (op == "*") return single(floatMul(a[0], a[1]));
  if (op == "/") return single(floatDiv(a[0], a[1]));
  if (op == "neg") return single(floatNeg(a[0]));
  if (op == "++") return single(floatAdd(a[0], constant(1, half)));
  if (op == "--") return single(floatSub(a[0], constant(1, half)));
  if (op == "abs") return single(floatAbs(a[0]));
  if (op == "min" || op == "max") return valuesOf(floatMinMax(op == "min", a[0], a[1]), f.result);
  return std::nullopt;
}

}  // namespace plumb::wsl
