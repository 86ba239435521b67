// WSL types (seed "Typing of functions": right-value types, left-value types, abstract
// left-value types) and the syntactic types the parser reads (seed "Types").
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "semantics/source.h"

namespace plumb::wsl {

/// The four address spaces (seed "Keywords": constant device threadgroup thread).
enum class AddressSpace { Thread, Threadgroup, Device, Constant };
const char* addressSpaceName(AddressSpace as);

struct Type;
using TypeP = std::shared_ptr<const Type>;

/// A right-value type, `tval` of WSL.ott. Struct and enum types are nominal: `name` and the index
/// of their declaration in the checked program.
struct Type {
  enum class Kind {
    Void,
    Bool,
    Int,
    Uint,
    Uchar,
    Float,
    Enum,
    Struct,
    Array,
    Pointer,
    ArrayRef,
    Vector,
    Texture,
    Sampler,
    Atomic,
    // Not the seed's: the reference implementation's other scalars (docs/ambiguities.md W43).
    Char,
    Short,
    Ushort,
    Half,
    // `floatRxC`, `matrix<T, R, C>`: R rows (`element` is the row vector TC), W44.
    Matrix
  };
  Kind kind = Kind::Void;
  TypeP element;      // Array, Pointer, ArrayRef, Vector; Matrix: the row vector
  uint32_t size = 0;  // Array: number of elements (>= 1); Vector: 2, 3 or 4; Matrix: rows
  AddressSpace space = AddressSpace::Thread;  // Pointer, ArrayRef
  std::string name;      // Enum, Struct; Texture: its kind (`Texture2D`, `RWTexture1DArray`, ..)
  int declaration = -1;  // Enum, Struct: index in CheckedProgram
};

TypeP voidType();
TypeP boolType();
TypeP intType();
TypeP uintType();
TypeP ucharType();
TypeP floatType();
TypeP charType();
TypeP shortType();
TypeP ushortType();
TypeP halfType();
/// `floatRxC`: R rows of C elements (`matrix<float, R, C>`; R and C in 2..4).
TypeP matrixOf(TypeP scalar, uint32_t rows, uint32_t columns);
TypeP arrayOf(TypeP element, uint32_t size);
TypeP pointerTo(TypeP element, AddressSpace as);
TypeP arrayRefTo(TypeP element, AddressSpace as);
/// `vector<T, n>`, spelled `Tn` (seed "Built-in aggregate types": `float4`, or `vector<float, 4>`).
TypeP vectorOf(TypeP element, uint32_t size);
/// The seed's texture types (seed "Textures": `Texture2D<float4>`; `element` is T) and `sampler`.
TypeP textureOf(const std::string& kind, TypeP element);
TypeP samplerType();
/// `atomic_int`, `atomic_uint` (seed "Built-in Atomic Types"; `element` is int or uint).
TypeP atomicOf(TypeP element);

bool sameType(const Type& a, const Type& b);
inline bool sameType(const TypeP& a, const TypeP& b) {
  return a && b && sameType(*a, *b);
}
/// WSL spelling: `int`, `thread int*`, `int[3]`, `device float[]`.
std::string typeName(const Type& t);
bool isInteger(const Type& t);  // int, uint, uchar, char, short, ushort
/// The bits of an integer type (8, 16 or 32) and whether it is signed (int, char, short).
uint32_t integerWidth(const Type& t);
bool isSignedInteger(const Type& t);
bool isFloatingPoint(const Type& t);  // float, half
bool isScalar(const Type& t);         // bool, the integers, float, half, enum
bool isPointerOrRef(const Type& t);
bool isVector(const Type& t);

/// A syntactic type as written: `thread int*[]`, `Foo[3]`, `vector<int, 2>`.
struct TypeSyntax {
  struct Suffix {
    enum class Kind { Pointer, ArrayRef, Array } kind = Kind::Array;
    AddressSpace space = AddressSpace::Thread;
    uint32_t size = 0;  // Array
    bool hasSpace = false;
  };
  Span span;
  std::string name;
  std::vector<std::shared_ptr<TypeSyntax>> typeArguments;  // types only; constexpr arguments below
  std::vector<std::string> constantArguments;
  bool hasPrefixSpace = false;  // `thread int*`: the prefix applies to every suffix (seed "Types")
  AddressSpace prefixSpace = AddressSpace::Thread;
  std::vector<Suffix> suffixes;
};
std::string typeSyntaxText(const TypeSyntax& t);

}  // namespace plumb::wsl
