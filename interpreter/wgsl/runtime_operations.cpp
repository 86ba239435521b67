// Operators, conversions and bitcasts at run time (runtime_operations.h): #arithmetic-expr,
// #bit-expr, #comparison-expr, #logical-expr, #conversion-expr with
// #floating-point-conversion, #bitcast-expr. Floating-point results are the acceptance sets of
// #floating-point-accuracy (float_accuracy.h); integer and boolean results are exact.
#include "interpreter/wgsl/runtime_operations.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "checker/float_rounding.h"
#include "interpreter/wgsl/memory.h"
#include "interpreter/wgsl/runtime_alternatives.h"

namespace plumb::interp {

namespace {

bool isFloat(TypeKind k) {
  return k == TypeKind::F32 || k == TypeKind::F16;
}



bool isComparison(std::string_view op) {
  return op == "==" || op == "!=" || op == "<" || op == "<=" || op == ">" || op == ">=";
}

bool isAbstract(TypeKind k) {
  return k == TypeKind::AbstractInt || k == TypeKind::AbstractFloat;
}

/// An abstract scalar at run time as a value of the concrete scalar type `to`: the feasible
/// automatic conversion (#conversion-rank) as creation-time evaluation applies it
/// (checker/wgsl/conversion.cpp): AbstractInt is the identity when the value is in range;
/// AbstractFloat, and AbstractInt to a float type, the value or either neighbour
/// (#floating-point-conversion, as creation_time_values.h converts creation-time values;
/// beyond the finite range the creation-time evaluator reports an error, here the operation is
/// unsupported). Such values arise where a call of creation-time arguments is not itself a
/// creation-time expression: `select(0, 1, c)` with a run-time `c`, `W[i]` of a
/// `const W = vec4(...)` with a run-time `i`.
OperationResult concretizeScalar(TypeTable& types, const RValue& v, Type to) {
  TypeKind from = types.kind(v.type), k = types.kind(to);
  if (!isAbstract(from) || from == k) return ok({v});
  if (v.isAny()) return ok({anyScalar(to)});
  if (from == TypeKind::AbstractInt && std::holds_alternative<int64_t>(v.data)) {
    int64_t x = v.intValue();
    switch (k) {
      case TypeKind::I32:
        if (x < INT32_MIN || x > INT32_MAX) break;
        return ok({scalarInt(to, x)});
      case TypeKind::U32:
        if (x < 0 || x > int64_t(UINT32_MAX)) break;
        return ok({scalarInt(to, x)});
      case TypeKind::F32:
      case TypeKind::F16: {
        // #floating-point-conversion: between two values of the type, "one of those two values"
        // (R15, R17). A double holds every |x| <= 2^53; beyond, bound x by its neighbours.
        double d = static_cast<double>(x), lo = d, hi = d;
        if (std::fabs(d) >= 0x1p53) lo = std::nextafter(d, -INFINITY), hi = std::nextafter(d, INFINITY);
        FloatSet s = fp::convertCorrectlyRounded(fp::formatOf(k), lo, hi);
        if (s.any) break;
        return ok({scalarFloat(to, s)});
      }
      case TypeKind::AbstractFloat:
        return ok({scalarFloat(to, FloatSet::exact(static_cast<double>(x)))});
      default: break;
    }
    return unsupported("the AbstractInt value " + std::to_string(x) + " cannot be represented as " +
                       types.name(to));
  }
  if (from == TypeKind::AbstractFloat && std::holds_alternative<FloatSet>(v.data) &&
      (k == TypeKind::F32 || k == TypeKind::F16)) {
    const FloatSet& x = v.floatSet();
    if (x.any) return ok({scalarFloat(to, x)});
    double largest = k == TypeKind::F16 ? kMaxF16 : kMaxF32;
    if (std::fabs(x.lo) > largest || std::fabs(x.hi) > largest)
      return unsupported("an AbstractFloat value beyond the finite range of " + types.name(to));
    // #floating-point-conversion: either neighbour of a value the type does not hold (R15).
    FloatSet s = fp::convertCorrectlyRounded(fp::formatOf(k), x.lo, x.hi);
    if (s.any)
      return unsupported("an AbstractFloat value beyond the finite range of " + types.name(to));
    return ok({scalarFloat(to, s)});
  }
  return unsupported("cannot convert " + types.name(v.type) + " to " + types.name(to) + " at run time");
}

/// `v` (an abstract scalar or vector) converted component-wise to the scalar type
/// `component`; other values are returned as they are.
OperationResult concretize(TypeTable& types, const RValue& v, Type component) {
  TypeKind k = types.kind(v.type);
  if (k != TypeKind::Vector) return concretizeScalar(types, v, component);
  if (!isAbstract(types.kind(types[v.type].element))) return ok({v});
  if (!v.isComposite()) return malformed("malformed operand");
  Type to = types.vector(types[v.type].size, component);
  std::vector<Alternatives> parts;
  for (const RValue& c : v.components()) {
    OperationResult r = concretizeScalar(types, c, component);
    if (!r.ok()) return r;
    parts.push_back(std::move(r.alternatives));
  }
  return ok(product(to, parts));
}

bool hasAbstractComponents(TypeTable& types, Type t) {
  return isAbstract(types.kind(componentType(types, t)));
}

/// "Inherited from sum of x[i] * y[i]" (#floating-point-accuracy, dot): each product and sum
/// with its own accuracy, the sum in any order ("An implementation may reassociate
/// operations"; fp::reassociatedSum).
FloatSet dotSets(const fp::Format& f, const std::vector<FloatSet>& x,
                 const std::vector<FloatSet>& y) {
  std::vector<FloatSet> products;
  for (size_t i = 0; i < x.size() && i < y.size(); ++i) products.push_back(fp::multiply(f, x[i], y[i]));
  return fp::reassociatedSum(f, products);
}

std::vector<FloatSet> componentFloats(const RValue& vector) {
  std::vector<FloatSet> out;
  for (const RValue& c : vector.components()) out.push_back(floatOf(c));
  return out;
}

RValue floatVector(Type t, Type component, const std::vector<FloatSet>& sets) {
  Components parts;
  for (const FloatSet& s : sets) parts.push_back(scalarFloat(component, s));
  return RValue{t, std::move(parts)};
}

/// #arithmetic-expr "Matrix arithmetic". The seed's table gives no accuracy for the matrix
/// products; they are evaluated as the linear-algebra formulas, each product and sum with its
/// own accuracy (docs/ambiguities.md R4).
OperationResult matrixOperator(TypeTable& types, std::string_view op, Type result, const RValue& a,
                               const RValue& b) {
  TypeKind ka = types.kind(a.type), kb = types.kind(b.type);
  Type component = componentType(types, result);
  if (!isFloat(types.kind(component)))
    return unsupported("matrix operator on " + types.name(a.type));
  const fp::Format& f = fp::formatOf(types.kind(component));
  auto columns = [&](const RValue& m) {
    std::vector<std::vector<FloatSet>> out;
    for (const RValue& c : m.components()) out.push_back(componentFloats(c));
    return out;
  };
  auto matrixValue = [&](Type t, const std::vector<std::vector<FloatSet>>& cols) {
    Type columnType = types.vector(types[t].rows, component);
    Components parts;
    for (const auto& c : cols) parts.push_back(floatVector(columnType, component, c));
    return RValue{t, std::move(parts)};
  };
  if ((op == "+" || op == "-") && ka == TypeKind::Matrix && kb == TypeKind::Matrix) {
    // "column i of the result is e1[i] + e2[i]" (and -).
    auto x = columns(a), y = columns(b);
    for (size_t c = 0; c < x.size(); ++c)
      for (size_t r = 0; r < x[c].size(); ++r)
        x[c][r] = op == "+" ? fp::add(f, x[c][r], y[c][r]) : fp::subtract(f, x[c][r], y[c][r]);
    return ok({matrixValue(result, x)});
  }
  if (op != "*") return unsupported("operator " + std::string(op) + " on matrices");
  if (ka == TypeKind::Matrix && kb != TypeKind::Matrix && kb != TypeKind::Vector) {
    // "(m * s)[i][j] is m[i][j] * s"
    auto x = columns(a);
    for (auto& c : x)
      for (auto& e : c) e = fp::multiply(f, e, floatOf(b));
    return ok({matrixValue(result, x)});
  }
  if (kb == TypeKind::Matrix && ka != TypeKind::Matrix && ka != TypeKind::Vector) {
    // "(s * m)[i][j] is m[i][j] * s"
    auto x = columns(b);
    for (auto& c : x)
      for (auto& e : c) e = fp::multiply(f, e, floatOf(a));
    return ok({matrixValue(result, x)});
  }
  if (ka == TypeKind::Matrix && kb == TypeKind::Vector) {
    // Matrix-column-vector product: component r is sum over c of m[c][r] * v[c].
    auto m = columns(a);
    std::vector<FloatSet> v = componentFloats(b), out;
    for (size_t r = 0; r < m[0].size(); ++r) {
      std::vector<FloatSet> row;
      for (size_t c = 0; c < m.size(); ++c) row.push_back(m[c][r]);
      out.push_back(dotSets(f, row, v));
    }
    return ok({floatVector(result, component, out)});
  }
  if (ka == TypeKind::Vector && kb == TypeKind::Matrix) {
    // Row-vector-matrix product: component c is dot(v, m[c]).
    auto m = columns(b);
    std::vector<FloatSet> v = componentFloats(a), out;
    for (const auto& column : m) out.push_back(dotSets(f, v, column));
    return ok({floatVector(result, component, out)});
  }
  if (ka == TypeKind::Matrix && kb == TypeKind::Matrix) {
    // Matrix product: column c of the result is e1 * e2[c].
    auto m1 = columns(a), m2 = columns(b);
    std::vector<std::vector<FloatSet>> out;
    for (const auto& column : m2) {
      std::vector<FloatSet> col;
      for (size_t r = 0; r < m1[0].size(); ++r) {
        std::vector<FloatSet> row;
        for (size_t k = 0; k < m1.size(); ++k) row.push_back(m1[k][r]);
        col.push_back(dotSets(f, row, column));
      }
      out.push_back(std::move(col));
    }
    return ok({matrixValue(result, out)});
  }
  return unsupported("matrix operator " + std::string(op));
}

}  // namespace

Alternatives floatOperator(TypeTable& types, std::string_view op, const RValue& a,
                           const RValue* b) {
  const fp::Format& f = fp::formatOf(types.kind(a.type));
  FloatSet x = floatOf(a);
  if (!b) {
    if (op == "-") return {scalarFloat(a.type, fp::negate(f, x))};
    return {};
  }
  FloatSet y = floatOf(*b);
  if (isComparison(op)) return truthAlternatives(types.boolType(), fp::compare(f, op, x, y));
  if (op == "+") return {scalarFloat(a.type, fp::add(f, x, y))};
  if (op == "-") return {scalarFloat(a.type, fp::subtract(f, x, y))};
  if (op == "*") return {scalarFloat(a.type, fp::multiply(f, x, y))};
  if (op == "/") return {scalarFloat(a.type, fp::divide(f, x, y))};
  if (op == "%") return {scalarFloat(a.type, fp::remainder(f, x, y))};
  return {};
}

OperationResult concretizeAbstract(TypeTable& types, const RValue& v, Type component) {
  return concretize(types, v, component);
}

OperationResult applyOperator(TypeTable& types, std::string_view op, Type result,
                              std::span<const RValue> operands) {
  return applyOperator(types, op, result, operands, OperatorOptions{});
}

OperationResult applyOperator(TypeTable& types, std::string_view op, Type result,
                              std::span<const RValue> operands, const OperatorOptions& options) {
  if (operands.empty() || operands.size() > 2)
    return malformed("an operator takes one or two operands");
  // An operand of an abstract type at run time takes the concrete type the overload converts
  // it to (concretizeScalar): the other operand's component type for a comparison, u32 for a
  // shift count, else the result's component type.
  if (hasAbstractComponents(types, operands[0].type) ||
      (operands.size() == 2 && hasAbstractComponents(types, operands[1].type))) {
    bool comparison = isComparison(op);
    bool shift = op == "<<" || op == ">>";
    std::vector<RValue> converted(operands.begin(), operands.end());
    bool changed = false;
    for (size_t i = 0; i < converted.size(); ++i) {
      if (!hasAbstractComponents(types, converted[i].type)) continue;
      Type target = componentType(types, result);
      if (comparison && converted.size() == 2) target = componentType(types, converted[1 - i].type);
      if (shift && i == 1 && !hasAbstractComponents(types, converted[0].type)) target = types.u32();
      if (isAbstract(types.kind(target))) continue;  // both abstract: evaluated as they are
      OperationResult r = concretize(types, converted[i], target);
      if (!r.ok()) return r;
      if (r.alternatives.size() != 1) return unsupported("an abstract operand with several values");
      converted[i] = std::move(r.alternatives[0]);
      changed = true;
    }
    if (changed) return applyOperator(types, op, result, converted, options);
  }
  const RValue& a = operands[0];
  const RValue* b = operands.size() == 2 ? &operands[1] : nullptr;
  TypeKind ka = types.kind(a.type), kb = b ? types.kind(b->type) : TypeKind::Invalid;
  if (ka == TypeKind::Matrix || kb == TypeKind::Matrix) {
    if (!b) {
      return unsupported("unary operator on a matrix");
    }
    return matrixOperator(types, op, result, a, *b);
  }
  auto scalarOp = [&](const RValue& x, const RValue* y) -> Alternatives {
    if (isFloat(types.kind(x.type))) return floatOperator(types, op, x, y);
    if (types.kind(x.type) == TypeKind::AbstractFloat) {
      // An AbstractFloat at run time (concretizeScalar): negation is exact; the other
      // operators on two abstract operands are not evaluated at run time.
      FloatSet v = floatOf(x);
      if (!y && op == "-") return {scalarFloat(x.type, v.any ? v : FloatSet::range(-v.hi, -v.lo))};
      return {};
    }
    return integerOrBoolOperator(types, op, x, y, options.literalShiftRight);
  };
  bool vector = ka == TypeKind::Vector || kb == TypeKind::Vector;
  if (!vector) {
    if (a.isComposite() || (b && b->isComposite())) return malformed("malformed operand");
    Alternatives r = scalarOp(a, b);
    if (r.empty()) return unsupported("operator " + std::string(op) + " on " + types.name(a.type));
    return ok(std::move(r));
  }
  // Component-wise, a scalar operand standing for a vector of copies of it (#arithmetic-expr
  // "Binary arithmetic expressions with mixed scalar and vector operands").
  size_t n = types[ka == TypeKind::Vector ? a.type : b->type].size;
  std::vector<Alternatives> parts;
  for (size_t i = 0; i < n; ++i) {
    auto component = [&](const RValue& v) -> const RValue* {
      if (!v.isComposite()) return &v;
      return i < v.components().size() ? &v.components()[i] : nullptr;
    };
    const RValue* x = component(a);
    const RValue* y = b ? component(*b) : nullptr;
    if (!x || (b && !y)) return malformed("malformed vector operand");
    Alternatives r = scalarOp(*x, y);
    if (r.empty()) return unsupported("operator " + std::string(op) + " on " + types.name(a.type));
    parts.push_back(std::move(r));
  }
  return ok(product(result, parts));
}

// ------------------------------------------------------------------ conversions

namespace {

/// #floating-point-conversion, floating point to integral type: "rounded toward zero", then
/// the closest value of the destination type; Plumb bounds it by the largest value the source
/// type can hold (the section's note; docs/ambiguities.md S5). A set spanning several integers
/// gives one alternative each, or an indeterminate value beyond kMaxAlternatives.
Alternatives floatToInteger(TypeTable& types, TypeKind source, const FloatSet& s, Type to) {
  if (s.any) return {anyScalar(to)};
  bool f16 = source == TypeKind::F16;
  bool u32 = types.kind(to) == TypeKind::U32;
  double low = u32 ? 0 : f16 ? -65504.0 : -2147483648.0;
  double high = u32 ? (f16 ? 65504.0 : 4294967040.0) : (f16 ? 65504.0 : 2147483520.0);
  auto convert = [&](double x) { return std::fmin(std::fmax(std::trunc(x), low), high); };
  double a = convert(s.lo), b = convert(s.hi);
  if (b - a + 1 > kMaxAlternatives) return {anyScalar(to)};
  Alternatives out;
  for (double v = a; v <= b; ++v) out.push_back(scalarInt(to, static_cast<int64_t>(v)));
  return out;
}

/// One scalar conversion `to(v)` (#conversion-expr "Scalar conversion type rules").
OperationResult convertScalar(TypeTable& types, const RValue& v, Type to) {
  TypeKind from = types.kind(v.type), k = types.kind(to);
  if (from == k) {
    RValue r = v;
    r.type = to;
    return ok({r});
  }
  // An abstract value at run time (concretizeScalar): an AbstractFloat converts as the f32
  // it is automatically converted to; an AbstractInt keeps its integer value (as creation-time
  // evaluation: `u32(-1)` reinterprets the bits, S4; to a float type either neighbour).
  if (from == TypeKind::AbstractFloat) {
    if (k == TypeKind::F32 || k == TypeKind::F16) return concretizeScalar(types, v, to);
    OperationResult r = concretizeScalar(types, v, types.f32());
    if (!r.ok() || r.alternatives.size() != 1) return r;
    return convertScalar(types, r.alternatives[0], to);
  }
  if (from == TypeKind::AbstractInt && (k == TypeKind::F32 || k == TypeKind::F16))
    return concretizeScalar(types, v, to);
  if (k == TypeKind::Bool) {
    // "Coercion to boolean": false if e is 0 (0.0 or -0.0), true otherwise; NaN and infinity
    // map to true.
    if (v.isAny()) return ok({anyScalar(to)});
    if (isFloat(from)) {
      FloatSet s = floatOf(v);
      if (s.any) return ok({scalar(to, true), scalar(to, false)});
      if (s.lo == 0 && s.hi == 0) return ok({scalar(to, false)});
      if (s.contains(0)) return ok({scalar(to, true), scalar(to, false)});
      return ok({scalar(to, true)});
    }
    return ok({scalar(to, v.intValue() != 0)});
  }
  if (from == TypeKind::Bool) {
    // "The result is 1 if e is true and 0 otherwise" (1u, 1.0).
    if (v.isAny()) return ok({isFloat(k) ? scalarFloat(to, FloatSet::range(0, 1)) : anyScalar(to)});
    bool b = v.boolValue();
    if (isFloat(k)) return ok({scalarFloat(to, FloatSet::exact(b ? 1 : 0))});
    return ok({scalarInt(to, b ? 1 : 0)});
  }
  if (isFloat(k)) {
    const fp::Format& f = fp::formatOf(k);
    if (isFloat(from)) {
      // f16 -> f32: "Exact value conversion"; f32 -> f16: "Lossy value conversion", either
      // neighbour (#floating-point-conversion); beyond the finite range an infinity, i.e. any
      // value (#floating-point-evaluation).
      FloatSet s = floatOf(v);
      if (s.any) return ok({scalarFloat(to, s)});
      return ok({scalarFloat(to, fp::convertCorrectlyRounded(f, s.lo, s.hi))});
    }
    // i32, u32 -> float: "Value conversion, including invalid cases": exact if
    // representable, else one of the two neighbours; outside the finite range, infinity.
    if (v.isAny()) return ok({scalarFloat(to, FloatSet::anyValue())});
    double x = static_cast<double>(v.intValue());  // exact: |x| < 2^32
    return ok({scalarFloat(to, fp::convertCorrectlyRounded(f, x, x))});
  }
  // Integer destinations.
  if (isFloat(from)) return ok(floatToInteger(types, from, floatOf(v), to));
  if (v.isAny()) return ok({anyScalar(to)});
  // i32 <-> u32: "Reinterpretation of bits".
  uint32_t bits = static_cast<uint32_t>(v.intValue());
  return ok({scalarInt(to, k == TypeKind::I32 ? int64_t(int32_t(bits)) : int64_t(bits))});
}

/// Applies a scalar operation to each component of a vector (or each column of a matrix,
/// recursively) of type `to`.
template <class F>
OperationResult componentWise(TypeTable& types, const RValue& v, Type to, const F& scalarOp) {
  TypeKind k = types.kind(to);
  if (k != TypeKind::Vector && k != TypeKind::Matrix) {
    if (v.isComposite()) return malformed("malformed operand");
    return scalarOp(v, to);
  }
  if (!v.isComposite()) return malformed("malformed operand");
  Type part =
      k == TypeKind::Matrix ? types.vector(types[to].rows, types[to].element) : types[to].element;
  std::vector<Alternatives> parts;
  for (const RValue& c : v.components()) {
    OperationResult r = componentWise(types, c, part, scalarOp);
    if (!r.ok()) return r;
    parts.push_back(std::move(r.alternatives));
  }
  return ok(product(to, parts));
}

/// The bit patterns of the values of a float set of `kind` (f32 or f16; #internal-value-layout),
/// without repeats: a zero's two encodings, as the sign of a zero is not tracked
/// ("Implementations may ignore the sign of a zero", #floating-point-evaluation), and, when
/// `mayFlush` (Revision::bitcastMayFlush, 2026), a subnormal's zeros too. Empty when they are
/// not a few patterns (an indeterminate value, more than kMaxAlternatives).
std::vector<uint32_t> floatPatterns(TypeKind kind, const FloatSet& s, bool mayFlush) {
  if (s.any) return {};
  const fp::Format& f = fp::formatOf(kind);
  bool half = kind == TypeKind::F16;
  uint32_t negativeZero = half ? 0x8000u : 0x80000000u;
  std::vector<uint32_t> out;
  auto push = [&](uint32_t bits) {
    if (std::find(out.begin(), out.end(), bits) == out.end()) out.push_back(bits);
  };
  bool flushed = false;
  for (double x = s.lo; x <= s.hi; x = fp::nextUp(f, x)) {
    if (x == 0) {
      push(0);
      push(negativeZero);
    } else {
      push(half ? f16Bits(x) : f32Bits(x));
    }
    flushed = flushed || (mayFlush && fp::isSubnormal(f, x));
    if (out.size() > kMaxAlternatives) return {};
  }
  if (flushed) {
    push(0);
    push(negativeZero);
  }
  if (out.size() > kMaxAlternatives) return {};
  return out;
}

/// The 32-bit patterns an i32, u32 or f32 scalar may have (floatPatterns for an f32). Empty:
/// not a few patterns.
std::vector<uint32_t> wordPatterns(TypeTable& types, const RValue& v, bool mayFlush) {
  if (v.isAny()) return {};
  if (types.kind(v.type) == TypeKind::F32)
    return floatPatterns(TypeKind::F32, floatOf(v), mayFlush);
  if (const auto* i = std::get_if<int64_t>(&v.data)) return {static_cast<uint32_t>(*i)};
  std::vector<uint32_t> out;
  if (const auto* set = std::get_if<IntegerSet>(&v.data)) {
    for (int64_t x : set->values)
      if (std::find(out.begin(), out.end(), uint32_t(x)) == out.end()) out.push_back(uint32_t(x));
    if (out.size() > kMaxAlternatives) out.clear();
  }
  return out;
}

/// Any value of the scalar type `t`.
RValue indeterminateScalar(TypeTable& types, Type t) {
  TypeKind k = types.kind(t);
  if (k == TypeKind::F32 || k == TypeKind::F16) return scalarFloat(t, FloatSet::anyValue());
  return anyScalar(t);
}

/// The scalar of type `t` (i32, u32, f32, or f16 from the low 16 bits) with these bits. An
/// infinity or NaN is any value (#floating-point-evaluation: "an undefined value of the
/// target type"; new: "an indeterminate value"); when `mayFlush`, a subnormal float may be a
/// zero.
RValue scalarFromBits(TypeTable& types, Type t, uint32_t bits, bool mayFlush) {
  TypeKind k = types.kind(t);
  if (k == TypeKind::I32) return scalarInt(t, int64_t(int32_t(bits)));
  if (k == TypeKind::U32) return scalarInt(t, int64_t(bits));
  FloatSet x = FloatSet::exact(k == TypeKind::F16 ? f16FromBits(static_cast<uint16_t>(bits))
                                                  : double(f32FromBits(bits)));
  if (mayFlush) x = fp::flush(fp::formatOf(k), x);
  return scalarFloat(t, x);
}

/// bitcast of one scalar (#bitcast-expr).
OperationResult bitcastScalar(TypeTable& types, const RValue& v, Type to, bool mayFlush) {
  TypeKind from = types.kind(v.type), k = types.kind(to);
  if (from == k) {
    // "Identity transform ... The result is e."
    RValue r = v;
    r.type = to;
    return ok({r});
  }
  if (from == TypeKind::F16 || k == TypeKind::F16)
    return malformed("bitcast between f16 and " + types.name(from == TypeKind::F16 ? to : v.type) +
                     " (no row in #bitcast-expr)");
  // i32 <-> u32 keep the bits; to f32, the f32 with the integer's bits; from f32, the bits of
  // each value of the set (floatPatterns). Revision::bitcastMayFlush (2026): a subnormal
  // operand or result may be read as a zero.
  if (v.isAny() || (from == TypeKind::F32 && floatOf(v).any))
    return ok({indeterminateScalar(types, to)});
  std::vector<uint32_t> patterns = wordPatterns(types, v, mayFlush && from == TypeKind::F32);
  if (patterns.empty()) return ok({indeterminateScalar(types, to)});
  Alternatives out;
  for (uint32_t bits : patterns) out.push_back(scalarFromBits(types, to, bits, mayFlush));
  return ok(std::move(out));
}

/// Alternatives without repeats (the two encodings of a zero give the same f16 half).
void addUnique(Alternatives& out, RValue v) {
  if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(std::move(v));
}

/// One 32-bit word (an i32, u32 or f32 scalar) as vec2<f16> `pair`: component 0 is the word's
/// low half, its bytes 0 and 1 (#internal-value-layout: little-endian, a vector's components
/// at increasing offsets).
Alternatives wordToHalves(TypeTable& types, const RValue& word, Type pair, bool mayFlush) {
  Type half = types[pair].element;
  std::vector<uint32_t> patterns = wordPatterns(types, word, mayFlush);
  if (patterns.empty())
    return {RValue{pair,
                   Components{indeterminateScalar(types, half), indeterminateScalar(types, half)}}};
  Alternatives out;
  for (uint32_t bits : patterns)
    addUnique(out, RValue{pair, Components{scalarFromBits(types, half, bits & 0xFFFFu, mayFlush),
                                           scalarFromBits(types, half, bits >> 16, mayFlush)}});
  return out;
}

/// A vec2<f16> as one 32-bit scalar of type `to`: component 0 gives the low 16 bits.
Alternatives halvesToWord(TypeTable& types, const RValue& pair, Type to, bool mayFlush) {
  if (!pair.isComposite() || pair.components().size() != 2) return {indeterminateScalar(types, to)};
  std::vector<uint32_t> low = floatPatterns(TypeKind::F16, floatOf(pair.components()[0]), mayFlush);
  std::vector<uint32_t> high =
      floatPatterns(TypeKind::F16, floatOf(pair.components()[1]), mayFlush);
  if (low.empty() || high.empty() || low.size() * high.size() > kMaxAlternatives)
    return {indeterminateScalar(types, to)};
  Alternatives out;
  for (uint32_t h : high)
    for (uint32_t l : low) addUnique(out, scalarFromBits(types, to, l | (h << 16), mayFlush));
  return out;
}

/// The rows of #bitcast-expr (new#bitcast-builtin) between f16 vectors and 32-bit scalars:
/// vec2<f16> <-> i32/u32/f32 and vec4<f16> <-> vec2 of them, through the bits, word by word.
OperationResult bitcastHalves(TypeTable& types, const RValue& v, Type to, bool mayFlush) {
  const TypeNode& target = types[to];
  bool toHalves = target.kind == TypeKind::Vector && types.kind(target.element) == TypeKind::F16;
  // The operand's words: the 32-bit scalars, or the vec2<f16> pairs of its halves.
  std::vector<RValue> words;
  Type pair = types.vector(2, toHalves ? target.element : types[v.type].element);
  if (!toHalves && types[v.type].size == 2) {
    words.push_back(v);
  } else if (toHalves && types.kind(v.type) != TypeKind::Vector) {
    words.push_back(v);
  } else {
    // Two words: vec2 of 32-bit scalars, or vec4<f16> (components 0-1 and 2-3).
    Type wordType = toHalves ? types[v.type].element : pair;
    for (size_t w = 0; w < 2; ++w) {
      if (!v.isComposite()) {
        words.push_back(anyValueOf(types, wordType));
      } else if (toHalves) {
        words.push_back(v.components()[w]);
      } else {
        words.push_back(RValue{pair, Components{v.components()[2 * w], v.components()[2 * w + 1]}});
      }
    }
  }
  std::vector<Alternatives> parts;
  for (const RValue& w : words)
    parts.push_back(toHalves ? wordToHalves(types, w, pair, mayFlush)
                             : halvesToWord(types, w,
                                            target.kind == TypeKind::Vector ? target.element : to,
                                            mayFlush));
  if (!toHalves) {
    if (target.kind != TypeKind::Vector) return ok(std::move(parts[0]));
    return ok(product(to, parts));
  }
  if (words.size() == 1) return ok(std::move(parts[0]));
  // vec4<f16>: each pair of alternatives of the two words' halves, or their merges when there
  // are more than kMaxAlternatives pairs (a superset).
  auto join = [&](const RValue& a, const RValue& b) {
    Components c = a.components();
    c.insert(c.end(), b.components().begin(), b.components().end());
    return RValue{to, std::move(c)};
  };
  if (parts[0].size() * parts[1].size() > kMaxAlternatives)
    return ok({join(merge(parts[0]), merge(parts[1]))});
  Alternatives out;
  for (const RValue& a : parts[0])
    for (const RValue& b : parts[1]) out.push_back(join(a, b));
  return ok(std::move(out));
}

}  // namespace

OperationResult convertValue(TypeTable& types, const RValue& v, Type to) {
  return componentWise(types, v, to,
                       [&](const RValue& x, Type t) { return convertScalar(types, x, t); });
}

OperationResult bitcastValue(TypeTable& types, const RValue& v, Type to, bool mayFlush) {
  auto isHalf = [&](Type t) {
    const TypeNode& n = types[t];
    return types.kind(n.kind == TypeKind::Vector ? n.element : t) == TypeKind::F16;
  };
  if (isHalf(v.type) != isHalf(to)) return bitcastHalves(types, v, to, mayFlush);
  return componentWise(
      types, v, to, [&](const RValue& x, Type t) { return bitcastScalar(types, x, t, mayFlush); });
}

namespace {

/// The scalar components of a value, in order (vectors flattened), for constructors.
void flatten(const RValue& v, std::vector<RValue>& out) {
  if (v.isComposite()) {
    for (const RValue& c : v.components()) flatten(c, out);
  } else {
    out.push_back(v);
  }
}

}  // namespace

RValue composeValue(TypeTable& types, Type result, std::vector<RValue> args) {
  const TypeNode& rt = types[result];
  Components parts;
  if (rt.kind == TypeKind::Vector) {
    // One scalar per component (the common case): the arguments are the components.
    bool scalarsOnly = args.size() == rt.size;
    for (const RValue& a : args) scalarsOnly = scalarsOnly && !a.isComposite();
    if (scalarsOnly) {
      for (RValue& a : args) a.type = rt.element;
      return RValue{result, std::move(args)};
    }
    std::vector<RValue> scalars;
    for (const RValue& a : args) flatten(a, scalars);
    if (scalars.size() == 1)  // splat: `vecN<T>(e)`
      scalars.assign(rt.size, scalars[0]);
    for (RValue& s : scalars) {
      s.type = rt.element;
      parts.push_back(std::move(s));
    }
  } else if (rt.kind == TypeKind::Matrix) {
    Type column = types.vector(rt.rows, rt.element);
    if (types.kind(args[0].type) == TypeKind::Vector) {
      for (RValue& a : args) {
        a.type = column;
        parts.push_back(std::move(a));
      }
    } else {  // column-major scalars
      std::vector<RValue> scalars;
      for (const RValue& a : args) flatten(a, scalars);
      for (uint32_t c = 0; c < rt.size; ++c) {
        Components col;
        for (uint32_t r = 0; r < rt.rows && c * rt.rows + r < scalars.size(); ++r) {
          RValue s = scalars[c * rt.rows + r];
          s.type = rt.element;
          col.push_back(std::move(s));
        }
        parts.push_back(RValue{column, std::move(col)});
      }
    }
  } else {  // arrays and structures: one argument per element or member
    for (uint32_t i = 0; i < args.size(); ++i) {
      args[i].type = componentTypeAt(types, result, i);
      parts.push_back(std::move(args[i]));
    }
  }
  return RValue{result, std::move(parts)};
}

}  // namespace plumb::interp
