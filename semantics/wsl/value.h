// WSL values (WSL.ott `val`, `rval`, `addr`; seed "Execution of expressions": integers, floats,
// booleans, pointers, left values, array references, struct values, and the special Void).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "semantics/wsl/type.h"

namespace plumb::wsl {

/// An address: a byte offset in one flat space (the address space travels with pointers and
/// references). Memory locations are 8 bits (seed "Memory locations").
using Address = uint64_t;

struct Value {
  enum class Kind {
    Void,
    Bool,
    Int,
    Uint,
    Uchar,
    Float,
    Enum,
    Ptr,
    Ref,
    Aggregate,
    LVal,
    Resource
  };
  Kind kind = Kind::Void;
  /// An unspecified value of its type (seed: "unspecified value", "undefined value"): any value
  /// of the type. Only scalars are ever unspecified; a use that needs the value explores each.
  bool unspecified = false;
  /// A float or half that is unspecified within bounds: any value of its type in [real, high]
  /// (infinite bounds allowed, never a NaN). The results of the float functions whose accuracy
  /// the seed leaves open (docs/ambiguities.md, WSL W45) and of arithmetic on them. Code that
  /// does not look at the bounds treats it as any value of the type, a superset.
  bool bounded = false;
  float high = 0;       // bounded: the upper bound (`real` is the lower)
  int64_t integer = 0;  // Bool (0/1), Int, Uint, Uchar, Enum; Resource: the texture or sampler
                        // index of the run (interpreter/wsl/texture.h)
  float real = 0;       // Float
  Address address = 0;  // Ptr, Ref, LVal
  uint32_t length = 0;  // Ref: the bound j of Ref(addr, j)
  AddressSpace space = AddressSpace::Thread;
  TypeP type;                   // the right-value type (for LVal: the type of the location)
  std::vector<Value> elements;  // Aggregate: struct fields or array elements, in order

  static Value makeBool(bool b);
  static Value makeInt(int32_t i);
  static Value makeUint(uint32_t u);
  static Value makeUchar(uint8_t u);
  static Value makeFloat(float f);
  /// A value of the integer type `t` from its low bits (truncated to its width, sign-extended
  /// when signed): int and char, short as Kind::Int, the unsigned ones as Kind::Uint/Uchar.
  static Value makeInteger(TypeP t, int64_t bits);
  /// A half: `f` rounded to binary16 (to nearest, ties to even), kept as a float.
  static Value makeHalf(float f);
  static Value makeEnum(TypeP enumType, int64_t v);
  static Value makePtr(Address a, AddressSpace as, TypeP pointee);
  static Value makeRef(Address a, uint32_t length, AddressSpace as, TypeP element);
  static Value makeLVal(Address a, AddressSpace as, TypeP type);
  static Value makeVoid();
  /// A struct, array, vector or matrix of type `t` with its elements in order.
  static Value makeAggregate(TypeP t, std::vector<Value> elements);
  /// A texture or sampler: opaque, the index of the run's texture or sampler (seed "Textures":
  /// "it is impossible to create or destroy one in WSL").
  static Value makeResource(TypeP type, int64_t index);
  static Value makeUnspecified(TypeP type);
  /// Any value of the float or half type `type` in [lo, hi] (bounded); one value when lo == hi.
  static Value makeFloatRange(TypeP type, float lo, float hi);

  bool isLVal() const { return kind == Kind::LVal; }
  bool isTrue() const { return kind == Kind::Bool && !unspecified && integer != 0; }
  bool isFalse() const { return kind == Kind::Bool && !unspecified && integer == 0; }
};

bool sameValue(const Value& a, const Value& b);
/// `true`, `42`, `42u`, `1.5`, `Ptr(16)`, `Ref(16, 3)`, `LVal(16)`, `Void`, `{1, 2}`, `any int`,
/// `any float in [0.99, 1.01]`.
std::string valueText(const Value& v);

}  // namespace plumb::wsl
