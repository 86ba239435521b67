// WSL values (WSL.ott `val`).
#include "semantics/wsl/value.h"

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
  if (type->kind == Type::Kind::Vector) {
    // A vector is its elements: each one unspecified (the swizzles and indexers read them).
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
      v.kind = Kind::Int;
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

Value Value::makeResource(TypeP type, int64_t index) {
  Value v;
  v.kind = Kind::Resource;
  v.type = std::move(type);
  v.integer = index;
  return v;
}

bool sameValue(const Value& a, const Value& b) {
  if (a.kind != b.kind || a.unspecified != b.unspecified) return false;
  if (a.unspecified) return true;
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
