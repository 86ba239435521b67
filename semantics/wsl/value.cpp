// WSL values (WSL.ott `val`).
#include "semantics/wsl/value.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace plumb::wsl {

Value Value::makeBool(bool b) {
  Value v;
  v.kind = Kind::Bool;
  v.integer = b;
  v.type = boolType();
  return v;
}
Value Value::makeInt(int32_t i) {
  Value v;
  v.kind = Kind::Int;
  v.integer = i;
  v.type = intType();
  return v;
}
Value Value::makeUint(uint32_t u) {
  Value v;
  v.kind = Kind::Uint;
  v.integer = u;
  v.type = uintType();
  return v;
}
Value Value::makeUchar(uint8_t u) {
  Value v;
  v.kind = Kind::Uchar;
  v.integer = u;
  v.type = ucharType();
  return v;
}
Value Value::makeFloat(float f) {
  Value v;
  v.kind = Kind::Float;
  v.real = f;
  v.type = floatType();
  return v;
}
Value Value::makeInteger(TypeP t, int64_t bits) {
  Value v;
  const uint32_t width = integerWidth(*t);
  uint64_t low = width == 32 ? uint64_t(uint32_t(bits)) : uint64_t(bits) & ((1ull << width) - 1);
  if (isSignedInteger(*t)) {
    v.kind = Kind::Int;
    v.integer = int64_t(low << (64 - width)) >> (64 - width);
  } else {
    v.kind = t->kind == Type::Kind::Uint ? Kind::Uint : Kind::Uchar;
    v.integer = int64_t(low);
  }
  v.type = std::move(t);
  return v;
}

namespace {
// binary16: 11 significant bits, exponents down to -14, subnormals multiples of 2^-24.
float roundToHalf(float f) {
  if (std::isnan(f) || std::isinf(f) || f == 0) return f;
  double a = std::fabs(double(f));
  if (a >= 65520.0) return std::copysign(INFINITY, f);  // 65504 + half an ulp rounds up
  int e;
  std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  double q = std::ldexp(1.0, std::max(e - 11, -24));
  double r = std::nearbyint(a / q) * q;  // the default rounding mode: to nearest, ties to even
  return float(std::copysign(r, double(f)));
}
}  // namespace

Value Value::makeHalf(float f) {
  Value v;
  v.kind = Kind::Float;
  v.real = roundToHalf(f);
  v.type = halfType();
  return v;
}

Value Value::makeEnum(TypeP enumType, int64_t i) {
  Value v;
  v.kind = Kind::Enum;
  v.integer = i;
  v.type = std::move(enumType);
  return v;
}
Value Value::makePtr(Address a, AddressSpace as, TypeP pointee) {
  Value v;
  v.kind = Kind::Ptr;
  v.address = a;
  v.space = as;
  v.type = pointerTo(std::move(pointee), as);
  return v;
}
Value Value::makeRef(Address a, uint32_t length, AddressSpace as, TypeP element) {
  Value v;
  v.kind = Kind::Ref;
  v.address = a;
  v.length = length;
  v.space = as;
  v.type = arrayRefTo(std::move(element), as);
  return v;
}
Value Value::makeAggregate(TypeP t, std::vector<Value> elements) {
  Value v;
  v.kind = Kind::Aggregate;
  v.type = std::move(t);
  v.elements = std::move(elements);
  return v;
}
Value Value::makeLVal(Address a, AddressSpace as, TypeP type) {
  Value v;
  v.kind = Kind::LVal;
  v.address = a;
  v.space = as;
  v.type = std::move(type);
  return v;
}
Value Value::makeVoid() {
  Value v;
  v.type = voidType();
  return v;
}
Value Value::makeUnspecified(TypeP type) {
  Value v;
  if (type->kind == Type::Kind::Vector || type->kind == Type::Kind::Matrix) {
    // A vector is its elements (a matrix its rows): each one unspecified (the swizzles and indexers
    // read them).
    v.kind = Kind::Aggregate;
    v.elements.assign(type->size, makeUnspecified(type->element));
    v.type = std::move(type);
    return v;
  }
  switch (type->kind) {
    case Type::Kind::Bool:
      v.kind = Kind::Bool;
      break;
    case Type::Kind::Int:
    case Type::Kind::Char:
    case Type::Kind::Short:
      v.kind = Kind::Int;
      break;
    case Type::Kind::Ushort:
      v.kind = Kind::Uchar;
      break;
    case Type::Kind::Half:
      v.kind = Kind::Float;
      break;
    case Type::Kind::Uint:
      v.kind = Kind::Uint;
      break;
    case Type::Kind::Uchar:
      v.kind = Kind::Uchar;
      break;
    case Type::Kind::Float:
      v.kind = Kind::Float;
      break;
    case Type::Kind::Enum:
      v.kind = Kind::Enum;
      break;
    default:
      v.kind = Kind::Void;
      break;
  }
  v.unspecified = true;
  v.type = std::move(type);
  return v;
}

Value Value::makeFloatRange(TypeP type, float lo, float hi) {
  if (lo == hi || (std::isnan(lo) && std::isnan(hi))) {
    Value v = type->kind == Type::Kind::Half ? makeHalf(lo) : makeFloat(lo);
    v.type = std::move(type);
    return v;
  }
  Value v = makeUnspecified(std::move(type));
  v.bounded = true;
  v.real = lo;
  v.high = hi;
  return v;
}

Value Value::makeResource(TypeP type, int64_t index) {
  Value v;
  v.kind = Kind::Resource;
  v.type = std::move(type);
  v.integer = index;
  return v;
}

bool sameValue(const Value& a, const Value& b) {
  if (a.kind != b.kind || a.unspecified != b.unspecified) return false;
  if (a.unspecified)
    return a.bounded == b.bounded && (!a.bounded || (a.real == b.real && a.high == b.high));
  switch (a.kind) {
    case Value::Kind::Float: {
      uint32_t x, y;
      static_assert(sizeof(float) == 4);
      __builtin_memcpy(&x, &a.real, 4);
      __builtin_memcpy(&y, &b.real, 4);
      return x == y;
    }
    case Value::Kind::Ptr:
    case Value::Kind::LVal:
      return a.address == b.address && a.space == b.space;
    case Value::Kind::Ref:
      return a.address == b.address && a.length == b.length && a.space == b.space;
    case Value::Kind::Aggregate:
      if (a.elements.size() != b.elements.size()) return false;
      for (size_t i = 0; i < a.elements.size(); ++i)
        if (!sameValue(a.elements[i], b.elements[i])) return false;
      return true;
    case Value::Kind::Void:
      return true;
    default:
      return a.integer == b.integer;
  }
}

std::string floatText(float f) {
  if (std::isnan(f)) return "nan";
  if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.9g", double(f));
  std::string s = buffer;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

std::string valueText(const Value& v) {
  if (v.unspecified && v.bounded)
    return "any " + (v.type ? typeName(*v.type) : std::string("value")) + " in [" +
           floatText(v.real) + ", " + floatText(v.high) + "]";
  if (v.unspecified) return "any " + (v.type ? typeName(*v.type) : std::string("value"));
  switch (v.kind) {
    case Value::Kind::Void:
      return "Void";
    case Value::Kind::Bool:
      return v.integer ? "true" : "false";
    case Value::Kind::Int:
      return std::to_string(v.integer);
    case Value::Kind::Uint:
      return std::to_string(v.integer) + "u";
    case Value::Kind::Uchar:
      return std::to_string(v.integer);
    case Value::Kind::Float:
      return floatText(v.real);
    case Value::Kind::Enum:
      return (v.type ? v.type->name : std::string("enum")) + "(" + std::to_string(v.integer) + ")";
    case Value::Kind::Ptr:
      return "Ptr(" + std::to_string(v.address) + ")";
    case Value::Kind::Ref:
      return "Ref(" + std::to_string(v.address) + ", " + std::to_string(v.length) + ")";
    case Value::Kind::LVal:
      return "LVal(" + std::to_string(v.address) + ")";
    case Value::Kind::Resource:
      return (v.type ? typeName(*v.type) : std::string("resource")) + "#" +
             std::to_string(v.integer);
    case Value::Kind::Aggregate: {
      std::string s = "{";
      for (size_t i = 0; i < v.elements.size(); ++i)
        s += (i ? ", " : "") + valueText(v.elements[i]);
      return s + "}";
    }
  }
  return "?";
}

}  // namespace plumb::wsl
