// The standard library's meaning (seed "Integer arithmetic", "Bit manipulation", "Floating point
// arithmetic"; casts and comparisons, which the seed leaves as Todo, as docs/wsl.md says).
#include "interpreter/wsl/standard_library.h"

#include "interpreter/wsl/float_library.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>

namespace plumb::wsl {
namespace {

Value ofType(const TypeP& t, int64_t bits) {
  if (isInteger(*t)) return Value::makeInteger(t, bits);  // the low bits, as the type's width
  switch (t->kind) {
    case Type::Kind::Bool:
      return Value::makeBool(bits & 1);
    case Type::Kind::Enum:
      return Value::makeEnum(t, bits);
    default:
      return Value::makeInt(int32_t(bits));
  }
}

std::vector<Value> one(Value v) {
  return {std::move(v)};
}

// An integer operation of the type `t` (int, uint, and the RI's uchar, ushort, char, short):
// computed on the operands' values (sign-extended when signed) with enough bits, then truncated
// to the width (seed: "as if they computed the result as integers with a large enough width ...
// then truncated to the 32 low-bits"; the narrower types likewise, W43).
std::vector<Value> integerOp(const std::string& op, const TypeP& t, int64_t a, int64_t b) {
  const uint32_t width = integerWidth(*t);
  const bool isSigned = isSignedInteger(*t);
  // The operands' values in the type (the second operand of a shift is a uint).
  auto value = [&](int64_t v) { return Value::makeInteger(t, v).integer; };
  const int64_t x = value(a);
  const bool shift = op == "<<" || op == ">>";
  const int64_t y = shift ? int64_t(uint32_t(b)) : value(b);
  const uint64_t ux = uint64_t(x), uy = uint64_t(y);
  if (op == "+") return one(ofType(t, int64_t(ux + uy)));
  if (op == "-") return one(ofType(t, int64_t(ux - uy)));
  if (op == "*") return one(ofType(t, int64_t(ux * uy)));
  if (op == "/" || op == "%") {
    if (y == 0)
      return one(Value::makeUnspecified(t));  // "If the second operand is 0, ... unspecified"
    // INT_MIN / -1 is 2^(width-1) in 64 bits: it wraps to INT_MIN ("2-complement semantics").
    return one(ofType(t, op == "/" ? x / y : x % y));
  }
  if (op == "&") return one(ofType(t, int64_t(ux & uy)));
  if (op == "|") return one(ofType(t, int64_t(ux | uy)));
  if (op == "^") return one(ofType(t, int64_t(ux ^ uy)));
  // Shifts count modulo the bit width of the first operand (seed "Bit manipulation").
  if (op == "<<") return one(ofType(t, int64_t(ux << (uy % width))));
  if (op == ">>") return one(ofType(t, isSigned ? x >> (uy % width) : int64_t(ux >> (uy % width))));
  if (op == "min" || op == "max") return one(ofType(t, (op == "min") == (x < y) ? x : y));
  return {};
}

bool compare(const std::string& op, double a, double b) {
  if (op == "<") return a < b;
  if (op == ">") return a > b;
  if (op == "<=") return a <= b;
  if (op == ">=") return a >= b;
  return a == b;
}

double numeric(const Value& v) {
  if (v.kind == Value::Kind::Float) return v.real;
  if (v.kind == Value::Kind::Int) return double(int32_t(v.integer));
  return double(v.integer);
}

// A cast (seed: "Cast operators ... Todo"). Float to integer truncates toward zero; a NaN or a
// value outside the target's range gives an unspecified value (SPIR-V OpConvertFToS is undefined
// there).
std::vector<Value> cast(const Value& x, const TypeP& to) {
  if (x.unspecified) return one(Value::makeUnspecified(to));
  switch (to->kind) {
    case Type::Kind::Float:
      if (x.kind == Value::Kind::Float) return one(Value::makeFloat(x.real));
      return one(Value::makeFloat(float(numeric(x))));
    case Type::Kind::Half:
      // Rounded once from the exact value (an int wider than float's 24 bits is first a double,
      // exact, then binary16).
      if (x.kind == Value::Kind::Float) return one(Value::makeHalf(x.real));
      return one(Value::makeHalf(float(numeric(x))));
    case Type::Kind::Bool:
      if (x.kind == Value::Kind::Float) return one(Value::makeBool(x.real != 0));
      return one(Value::makeBool(x.integer != 0));
    case Type::Kind::Int:
    case Type::Kind::Uint:
    case Type::Kind::Uchar:
    case Type::Kind::Char:
    case Type::Kind::Short:
    case Type::Kind::Ushort:
    case Type::Kind::Enum: {
      if (x.kind == Value::Kind::Float) {
        double t = std::trunc(x.real);
        const Type& target = to->kind == Type::Kind::Enum ? *uintType() : *to;
        const uint32_t w = integerWidth(target);
        double lo = isSignedInteger(target) ? -std::ldexp(1.0, int(w) - 1) : 0.0;
        double hi =
            isSignedInteger(target) ? std::ldexp(1.0, int(w) - 1) - 1 : std::ldexp(1.0, int(w)) - 1;
        if (std::isnan(t) || t < lo || t > hi) return one(Value::makeUnspecified(to));
        return one(ofType(to, int64_t(t)));
      }
      return one(ofType(to, x.integer));
    }
    default:
      return {};
  }
}

// One value that holds every value of `values`: the smallest interval holding them (floats;
// a NaN among them gives any value) or any value of the type.
Value hull(const std::vector<Value>& values, const TypeP& type) {
  if (!isFloatingPoint(*type)) return Value::makeUnspecified(type);
  float lo = INFINITY, hi = -INFINITY;
  for (const Value& v : values) {
    if (v.kind != Value::Kind::Float || (v.unspecified && !v.bounded) || std::isnan(v.real))
      return Value::makeUnspecified(type);
    lo = std::min(lo, v.real);
    hi = std::max(hi, v.unspecified ? v.high : v.real);
  }
  return Value::makeFloatRange(type, lo, hi);
}

// dot (and mul) of two integer vectors: the RI's `result = result + a[i] * b[i]` from 0, each
// operation wrapping (W50); an unspecified element makes the sum unspecified.
std::vector<Value> integerDot(const Function& f, const std::vector<Value>& args) {
  const TypeP& t = f.result;
  int64_t sum = 0;
  for (size_t k = 0; k < args[0].elements.size() && k < args[1].elements.size(); ++k) {
    const Value& x = args[0].elements[k];
    const Value& y = args[1].elements[k];
    if (x.unspecified || y.unspecified) return one(Value::makeUnspecified(t));
    sum = integerOp("+", t, sum, integerOp("*", t, x.integer, y.integer).front().integer)
              .front()
              .integer;
  }
  return one(ofType(t, sum));
}

// asint, asuint, asfloat (seed "Cast operators": "Also include the as function"): the same 32
// bits read as the result type. A float set that is not one value (an interval, a NaN, whose bits
// Plumb does not keep) gives any value of the result, a superset.
std::vector<Value> bitCast(const Value& x, const TypeP& to) {
  if (x.kind == Value::Kind::Float) {
    if (x.unspecified || std::isnan(x.real)) return one(Value::makeUnspecified(to));
    const uint32_t bits = std::bit_cast<uint32_t>(x.real);
    if (to->kind == Type::Kind::Float) return one(x);
    return one(ofType(to, int64_t(bits)));
  }
  if (x.unspecified) return one(Value::makeUnspecified(to));
  if (to->kind == Type::Kind::Float)
    return one(Value::makeFloat(std::bit_cast<float>(uint32_t(x.integer))));
  return one(ofType(to, x.integer));
}

// The indices of a "swizzle:<indices>" native ("swizzle:10" is `.yx`).
std::vector<uint32_t> swizzleIndices(const std::string& native) {
  std::vector<uint32_t> out;
  for (char c : native.substr(native.find(':') + 1)) out.push_back(uint32_t(c - '0'));
  return out;
}

// The RI's vector functions (checker/wsl/vector_library.cpp; docs/ambiguities.md WSL W36).
std::optional<std::vector<Value>> evaluateVector(const CheckedProgram& p, const Function& f,
                                                 const std::vector<Value>& args) {
  const std::string& op = f.native;
  const TypeP& result = f.result;
  // A vector operand is always its elements (Value::makeUnspecified too); anything else is a
  // value no well-typed program makes: any value of the result, never a crash.
  for (size_t i = 0; i < args.size() && i < f.parameters.size(); ++i)
    if (f.parameters[i]->kind == Type::Kind::Vector &&
        (args[i].kind != Value::Kind::Aggregate ||
         args[i].elements.size() != f.parameters[i]->size))
      return one(Value::makeUnspecified(result));
  if (op == "matrix-construct") {
    // R rows, or R*C scalars taken row by row.
    const TypeP& row = result->element;
    std::vector<Value> rows;
    if (!args.empty() && args[0].kind == Value::Kind::Aggregate) {
      rows = args;
    } else {
      for (size_t r = 0; r < result->size; ++r)
        rows.push_back(Value::makeAggregate(
            row, std::vector<Value>(args.begin() + long(r * row->size),
                                    args.begin() + long((r + 1) * row->size))));
    }
    return one(Value::makeAggregate(result, std::move(rows)));
  }
  if (op == "vector-construct") {
    std::vector<Value> elements;
    for (const Value& a : args) {
      if (a.kind == Value::Kind::Aggregate)
        elements.insert(elements.end(), a.elements.begin(), a.elements.end());
      else
        elements.push_back(a);
    }
    return one(Value::makeAggregate(result, std::move(elements)));
  }
  if (op.rfind("swizzle:", 0) == 0) {
    std::vector<Value> picked;
    for (uint32_t i : swizzleIndices(op)) picked.push_back(args[0].elements.at(i));
    if (picked.size() == 1) return one(picked.front());
    return one(Value::makeAggregate(result, std::move(picked)));
  }
  if (op.rfind("swizzle-set:", 0) == 0) {
    Value v = args[0];
    std::vector<uint32_t> indices = swizzleIndices(op);
    for (size_t k = 0; k < indices.size(); ++k)
      v.elements.at(indices[k]) = indices.size() == 1 ? args[1] : args[1].elements.at(k);
    return one(v);
  }
  if (op == "vector-index" || op == "vector-index-set") {
    const Value& i = args[1];
    const uint32_t n = uint32_t(args[0].elements.size());
    // The RI's `switch (index)`: each in-range index; out of range, the default value (read)
    // or no write. An unspecified index may be any of them.
    std::vector<Value> out;
    auto at = [&](uint64_t k) {
      if (op == "vector-index") return k < n ? args[0].elements[k] : defaultValue(p, result);
      Value v = args[0];
      if (k < n) v.elements[k] = args[2];
      return v;
    };
    if (!i.unspecified) return one(at(uint64_t(i.integer)));
    for (uint64_t k = 0; k <= n; ++k) out.push_back(at(k));
    return out;
  }
  if (op == "vector-equal") {
    // `a.x == b.x && a.y == b.y ..` of the RI: && stops at the first false; unspecified
    // elements give every answer they allow.
    Function scalar;
    // A matrix's elements are its rows: each compared as a vector.
    scalar.native = f.parameters[0]->element->kind == Type::Kind::Vector ? "vector-equal" : "==";
    scalar.parameters = {f.parameters[0]->element, f.parameters[0]->element};
    scalar.result = boolType();
    bool mayTrue = true, mayFalse = false;
    for (size_t k = 0; k < args[0].elements.size() && mayTrue; ++k) {
      std::vector<Value> r = evaluateNative(p, scalar, {args[0].elements[k], args[1].elements[k]});
      bool t = false, fl = false;
      for (const Value& x : r) {
        if (x.unspecified)
          t = fl = true;
        else if (x.integer)
          t = true;
        else
          fl = true;
      }
      mayFalse |= fl;
      mayTrue = t;
    }
    std::vector<Value> out;
    if (mayTrue) out.push_back(Value::makeBool(true));
    if (mayFalse) out.push_back(Value::makeBool(false));
    return out;
  }
  if (op.rfind("vector:", 0) == 0) {
    // Per element: the scalar function of the element type on the elements (a scalar operand
    // is each element's partner). Several results of one element multiply out (at most 2^4:
    // + - * / and negation give one result, or one unspecified value, per element).
    Function scalar;
    // A matrix is its rows: the same function on each row (a vector function).
    scalar.native = result->kind == Type::Kind::Matrix ? op : op.substr(7);
    scalar.result = result->element;
    for (const TypeP& t : f.parameters)
      scalar.parameters.push_back(
          t->kind == Type::Kind::Vector || t->kind == Type::Kind::Matrix ? t->element : t);
    std::vector<std::vector<Value>> partial = {{}};
    for (uint32_t k = 0; k < result->size; ++k) {
      std::vector<Value> in;
      for (const Value& a : args)
        in.push_back(a.kind == Value::Kind::Aggregate ? a.elements.at(k) : a);
      std::vector<Value> r = evaluateNative(p, scalar, in);
      // Too many combinations (each element of a 4x4 matrix may have several results): the
      // element becomes the hull of its results (floats) or any value, a superset.
      if (r.size() > 1 && partial.size() * r.size() > 256) r = {hull(r, scalar.result)};
      std::vector<std::vector<Value>> next;
      for (const auto& prefix : partial)
        for (const Value& x : r) {
          next.push_back(prefix);
          next.back().push_back(x);
        }
      partial = std::move(next);
    }
    std::vector<Value> out;
    for (auto& elements : partial) out.push_back(Value::makeAggregate(result, std::move(elements)));
    return out;
  }
  return std::nullopt;
}

}  // namespace

std::vector<Value> evaluateNative(const CheckedProgram& p, const Function& f,
                                  const std::vector<Value>& args, const Resources* resources) {
  const std::string& op = f.native;
  const TypeP& result = f.result;
  if (op == "field-ander") {
    const Value& ptr = args[0];
    return one(Value::makePtr(ptr.address + f.fieldOffset, ptr.space, result->element));
  }
  if (op == "length") {
    const Value& a = args[0];
    if (a.kind == Value::Kind::Ref) return one(Value::makeUint(a.length));
    return one(Value::makeUint(f.parameters[0]->size));
  }
  if (auto v = evaluateVector(p, f, args)) return *v;
  if (auto v = evaluateTextureNative(f, args, resources)) return *v;
  // Floats and halves as sets (interpreter/wsl/float_library.cpp), bounded values included.
  if (auto v = evaluateFloatLibrary(p, f, args)) return *v;
  if (op == "cast") return cast(args[0], result);
  if (op == "identity") return one(args[0]);
  if (op == "default") return one(defaultValue(p, result));
  if (op == "reference-equality") {
    const Value& a = args[0];
    const Value& b = args[1];
    return one(Value::makeBool(a.address == b.address && a.length == b.length));
  }
  if (op == "int-dot") return integerDot(f, args);
  if (op == "bitcast") return bitCast(args[0], result);
  for (const Value& a : args)
    if (a.unspecified) return one(Value::makeUnspecified(result));
  const TypeP& t = f.parameters[0];
  // Comparisons.
  if (op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==")
    return one(Value::makeBool(compare(op, numeric(args[0]), numeric(args[1]))));
  int64_t a = args[0].integer;
  int64_t b = args.size() > 1 ? args[1].integer : 0;
  if (t->kind == Type::Kind::Bool) {
    if (op == "&") return one(Value::makeBool(a && b));
    if (op == "|") return one(Value::makeBool(a || b));
    if (op == "^") return one(Value::makeBool((a != 0) != (b != 0)));
    if (op == "~") return one(Value::makeBool(!a));
    return {};
  }
  if (op == "++") return integerOp("+", t, a, 1);
  if (op == "--") return integerOp("-", t, a, 1);
  if (op == "neg") return integerOp("-", t, 0, a);
  if (op == "~") return one(ofType(t, ~a));
  // The integer functions on every width (the seed's int and uint, the RI's narrow types: W50):
  // `v` is the operand's value in its type (sign-extended when signed), `w` its width.
  const uint32_t w = integerWidth(*t);
  const bool isSigned = isSignedInteger(*t);
  auto v = [&](int64_t x) { return Value::makeInteger(t, x).integer; };
  const uint64_t mask = w >= 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1;
  if (op == "abs") return v(a) < 0 ? integerOp("-", t, 0, a) : one(ofType(t, a));
  if (op == "sign") {
    int64_t x = v(a);
    return one(ofType(result, x > 0 ? 1 : x < 0 ? -1 : 0));
  }
  if (op == "clamp") {
    int64_t x = v(a), lo = v(args[1].integer), hi = v(args[2].integer);
    if (hi < lo)
      return one(
          Value::makeUnspecified(result));  // "If its third argument is less than its second"
    return one(ofType(t, std::min(std::max(x, lo), hi)));
  }
  const uint64_t u = uint64_t(a) & mask;
  if (op == "countbits") return one(ofType(result, int64_t(std::popcount(u))));
  if (op == "reversebits") {
    uint64_t r = 0;
    for (uint32_t i = 0; i < w; ++i)
      if (u & (uint64_t(1) << i)) r |= uint64_t(1) << (w - 1 - i);
    return one(ofType(t, int64_t(r)));
  }
  if (op == "firstbitlow")
    return one(Value::makeUint(u == 0 ? 0xFFFFFFFFu : uint32_t(std::countr_zero(u))));
  if (op == "firstbithigh") {
    // The seed's four cases, reading the bits as a signed value of the width (docs/ambiguities.md,
    // WSL W8; its other widths W50).
    const uint64_t all = mask;
    if (u == 0 || u == all) return one(Value::makeUint(0xFFFFFFFFu));
    const bool negative = (u >> (w - 1)) & 1;
    const uint64_t bits = negative ? ~u & all : u;
    return one(Value::makeUint(63u - uint32_t(std::countl_zero(bits))));
  }
  (void)isSigned;
  return integerOp(op, t, a, b);
}

}  // namespace plumb::wsl
