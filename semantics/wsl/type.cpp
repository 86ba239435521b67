// WSL types (seed "Typing of functions").
#include "semantics/wsl/type.h"

namespace plumb::wsl {

const char* addressSpaceName(AddressSpace as) {
  switch (as) {
    case AddressSpace::Thread:
      return "thread";
    case AddressSpace::Threadgroup:
      return "threadgroup";
    case AddressSpace::Device:
      return "device";
    case AddressSpace::Constant:
      return "constant";
  }
  return "?";
}

namespace {
TypeP basic(Type::Kind k) {
  auto t = std::make_shared<Type>();
  t->kind = k;
  return t;
}
}  // namespace

TypeP voidType() {
  static TypeP t = basic(Type::Kind::Void);
  return t;
}
TypeP boolType() {
  static TypeP t = basic(Type::Kind::Bool);
  return t;
}
TypeP intType() {
  static TypeP t = basic(Type::Kind::Int);
  return t;
}
TypeP uintType() {
  static TypeP t = basic(Type::Kind::Uint);
  return t;
}
TypeP ucharType() {
  static TypeP t = basic(Type::Kind::Uchar);
  return t;
}
TypeP floatType() {
  static TypeP t = basic(Type::Kind::Float);
  return t;
}

TypeP charType() {
  static TypeP t = basic(Type::Kind::Char);
  return t;
}
TypeP shortType() {
  static TypeP t = basic(Type::Kind::Short);
  return t;
}
TypeP ushortType() {
  static TypeP t = basic(Type::Kind::Ushort);
  return t;
}
TypeP halfType() {
  static TypeP t = basic(Type::Kind::Half);
  return t;
}
TypeP matrixOf(TypeP scalar, uint32_t rows, uint32_t columns) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::Matrix;
  t->element = vectorOf(std::move(scalar), columns);
  t->size = rows;
  return t;
}

TypeP arrayOf(TypeP element, uint32_t size) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::Array;
  t->element = std::move(element);
  t->size = size;
  return t;
}
TypeP pointerTo(TypeP element, AddressSpace as) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::Pointer;
  t->element = std::move(element);
  t->space = as;
  return t;
}
TypeP arrayRefTo(TypeP element, AddressSpace as) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::ArrayRef;
  t->element = std::move(element);
  t->space = as;
  return t;
}

TypeP vectorOf(TypeP element, uint32_t size) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::Vector;
  t->element = std::move(element);
  t->size = size;
  return t;
}

TypeP textureOf(const std::string& kind, TypeP element) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::Texture;
  t->name = kind;
  t->element = std::move(element);
  return t;
}

TypeP atomicOf(TypeP element) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::Atomic;
  t->element = std::move(element);
  return t;
}

TypeP samplerType() {
  static TypeP t = basic(Type::Kind::Sampler);
  return t;
}

bool sameType(const Type& a, const Type& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Type::Kind::Enum:
    case Type::Kind::Struct:
      return a.declaration == b.declaration && a.name == b.name;
    case Type::Kind::Array:
    case Type::Kind::Vector:
    case Type::Kind::Matrix:
      return a.size == b.size && sameType(*a.element, *b.element);
    case Type::Kind::Texture:
      return a.name == b.name && sameType(*a.element, *b.element);
    case Type::Kind::Atomic:
      return sameType(*a.element, *b.element);
    case Type::Kind::Pointer:
    case Type::Kind::ArrayRef:
      return a.space == b.space && sameType(*a.element, *b.element);
    default:
      return true;
  }
}

std::string typeName(const Type& t) {
  switch (t.kind) {
    case Type::Kind::Void:
      return "void";
    case Type::Kind::Bool:
      return "bool";
    case Type::Kind::Int:
      return "int";
    case Type::Kind::Uint:
      return "uint";
    case Type::Kind::Uchar:
      return "uchar";
    case Type::Kind::Float:
      return "float";
    case Type::Kind::Char:
      return "char";
    case Type::Kind::Short:
      return "short";
    case Type::Kind::Ushort:
      return "ushort";
    case Type::Kind::Half:
      return "half";
    case Type::Kind::Matrix:
      return typeName(*t.element->element) + std::to_string(t.size) + "x" +
             std::to_string(t.element->size);
    case Type::Kind::Enum:
    case Type::Kind::Struct:
      return t.name;
    case Type::Kind::Array: {
      // `int[2][3]` is two arrays of three ints: the dimensions print outermost first.
      std::string dims;
      const Type* e = &t;
      while (e->kind == Type::Kind::Array) {
        dims += "[" + std::to_string(e->size) + "]";
        e = e->element.get();
      }
      return typeName(*e) + dims;
    }
    case Type::Kind::Vector:
      return typeName(*t.element) + std::to_string(t.size);
    case Type::Kind::Texture:
      return t.name + "<" + typeName(*t.element) + ">";
    case Type::Kind::Sampler:
      return "sampler";
    case Type::Kind::Atomic:
      return "atomic_" + typeName(*t.element);
    case Type::Kind::Pointer:
      return typeName(*t.element) + "* " + addressSpaceName(t.space);
    case Type::Kind::ArrayRef:
      return typeName(*t.element) + "[] " + addressSpaceName(t.space);
  }
  return "?";
}

bool isInteger(const Type& t) {
  return t.kind == Type::Kind::Int || t.kind == Type::Kind::Uint || t.kind == Type::Kind::Uchar ||
         t.kind == Type::Kind::Char || t.kind == Type::Kind::Short || t.kind == Type::Kind::Ushort;
}
uint32_t integerWidth(const Type& t) {
  switch (t.kind) {
    case Type::Kind::Uchar:
    case Type::Kind::Char:
      return 8;
    case Type::Kind::Short:
    case Type::Kind::Ushort:
      return 16;
    default:
      return 32;
  }
}
bool isSignedInteger(const Type& t) {
  return t.kind == Type::Kind::Int || t.kind == Type::Kind::Char || t.kind == Type::Kind::Short;
}
bool isFloatingPoint(const Type& t) {
  return t.kind == Type::Kind::Float || t.kind == Type::Kind::Half;
}
bool isScalar(const Type& t) {
  return isInteger(t) || t.kind == Type::Kind::Bool || isFloatingPoint(t) ||
         t.kind == Type::Kind::Enum;
}
bool isVector(const Type& t) {
  return t.kind == Type::Kind::Vector;
}

bool isPointerOrRef(const Type& t) {
  return t.kind == Type::Kind::Pointer || t.kind == Type::Kind::ArrayRef;
}

std::string typeSyntaxText(const TypeSyntax& t) {
  std::string s;
  if (t.hasPrefixSpace) s += std::string(addressSpaceName(t.prefixSpace)) + " ";
  s += t.name;
  if (!t.typeArguments.empty() || !t.constantArguments.empty()) {
    s += "<";
    bool first = true;
    for (const auto& a : t.typeArguments) {
      s += (first ? "" : ", ") + typeSyntaxText(*a);
      first = false;
    }
    for (const auto& c : t.constantArguments) {
      s += (first ? "" : ", ") + c;
      first = false;
    }
    s += ">";
  }
  for (const auto& x : t.suffixes) {
    switch (x.kind) {
      case TypeSyntax::Suffix::Kind::Pointer:
        s += "*";
        break;
      case TypeSyntax::Suffix::Kind::ArrayRef:
        s += "[]";
        break;
      case TypeSyntax::Suffix::Kind::Array:
        s += "[" + std::to_string(x.size) + "]";
        break;
    }
    if (x.kind != TypeSyntax::Suffix::Kind::Array && !t.hasPrefixSpace)
      s += std::string(" ") + addressSpaceName(x.space);
  }
  return s;
}

}  // namespace plumb::wsl
