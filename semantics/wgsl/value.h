// Values of creation-time evaluation (#creation-time-expr): exact for the abstract types and
// for integers; floating-point values of f32/f16 are the value correctly rounded to the type.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "semantics/wgsl/type.h"

namespace plumb {

struct Value;

/// The elements of a composite value, shared: copying a value is O(1), and a value may reuse
/// another's elements (the zero value of `array<array<f32, 65536>, 65536>` holds one row, not
/// 2^32 scalars). Elements are immutable once built.
struct Composite {
  std::shared_ptr<const std::vector<Value>> elements;
  Composite(std::vector<Value> v);  // NOLINT(google-explicit-constructor): Value{t, parts}
};

struct Value {
  Type type;
  // bool; AbstractInt, i32 and u32 (as int64_t); AbstractFloat, f32 and f16 (as the double
  // equal to the value); composites (vector components, matrix columns, array elements,
  // structure members).
  std::variant<std::monostate, bool, int64_t, double, Composite> data;

  bool isScalar() const { return data.index() >= 1 && data.index() <= 3; }
  bool isComposite() const { return std::holds_alternative<Composite>(data); }
  bool boolValue() const { return std::get<bool>(data); }
  int64_t intValue() const { return std::get<int64_t>(data); }
  double floatValue() const { return std::get<double>(data); }
  const std::vector<Value>& elements() const { return *std::get<Composite>(data).elements; }
};

inline Composite::Composite(std::vector<Value> v)
    : elements(std::make_shared<const std::vector<Value>>(std::move(v))) {}

/// The value as WGSL text where possible: `3i`, `0x1p-1074`, `vec2<f32>(1.0f, 2.0f)`; a text
/// longer than `maxLength` characters is cut there and ends with `…`.
std::string formatValue(const TypeTable& types, const Value& v, size_t maxLength = 4096);
/// A floating-point number as an exact hexadecimal float (`0x1.8p+1`).
std::string hexFloat(double d);

}  // namespace plumb
