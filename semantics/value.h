// Values of creation-time evaluation (#creation-time-expr): exact for the abstract types and
// for integers; floating-point values of f32/f16 are the value correctly rounded to the type.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "semantics/type.h"

namespace plumb {

struct Value {
  Type type;
  // bool; AbstractInt, i32 and u32 (as int64_t); AbstractFloat, f32 and f16 (as the double
  // equal to the value); composites (vector components, matrix columns, array elements,
  // structure members).
  std::variant<std::monostate, bool, int64_t, double, std::vector<Value>> data;

  bool isScalar() const { return data.index() >= 1 && data.index() <= 3; }
  bool boolValue() const { return std::get<bool>(data); }
  int64_t intValue() const { return std::get<int64_t>(data); }
  double floatValue() const { return std::get<double>(data); }
  const std::vector<Value>& elements() const { return std::get<std::vector<Value>>(data); }
};

/// The value as WGSL text where possible: `3i`, `0x1p-1074`, `vec2<f32>(1.0f, 2.0f)`.
std::string formatValue(const TypeTable& types, const Value& v);
/// A floating-point number as an exact hexadecimal float (`0x1.8p+1`).
std::string hexFloat(double d);

}  // namespace plumb
