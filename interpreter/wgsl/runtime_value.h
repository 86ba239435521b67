// Values of the machine (#values at run time): like creation-time values (semantics/wgsl/value.h),
// but a floating-point value is a FloatSet, an integer or boolean may be "any value of its
// type" (an indeterminate value), and memory views (references and pointers) are values.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "interpreter/wgsl/float_set.h"
#include "semantics/wgsl/type.h"
#include "semantics/wgsl/value.h"

namespace plumb::interp {

/// Any value of a scalar type (i32, u32, bool): an indeterminate value, e.g. an out-of-bounds
/// read, a float-to-integer conversion whose result set is too large to enumerate, or the result
/// of an operation on an undefined floating-point value.
struct AnyScalar {
  bool operator==(const AnyScalar&) const = default;
};

/// A memory view (#memory-views): the memory locations of an allocation reached by a path of
/// component indices (structure member, array element, vector component, matrix column), or
/// an invalid memory reference (#invalid-memory-reference) that remembers its originating
/// variable. References and pointers have the same representation; the static type says which.
struct MemoryView {
  uint32_t allocation = 0;      // index of the allocation in the machine's memory
  std::vector<uint32_t> path;   // component indices from the allocation's root
  bool invalid = false;         // an out-of-bounds access produced it
  uint32_t invalidAt = 0;       // when invalid: the position in `path` of the index that was
                                // out of bounds (the path below it is kept, unchecked)
  bool operator==(const MemoryView&) const = default;
};

/// One of several values of an i32 or u32 scalar, not yet chosen (docs/ambiguities.md M13): an
/// operation whose result may be any of a few integers (a pack of an inexact float, a
/// conversion of a float set spanning several integers) gives this instead of a choice point,
/// so that a kernel that only stores such values runs once; the machine chooses one of them
/// (a choice point) where an operation, an index, a condition or an atomic needs the integer.
/// `values` are sorted, distinct, at most kMaxAlternatives.
struct IntegerSet {
  std::vector<int64_t> values;
  bool operator==(const IntegerSet&) const = default;
};

struct RValue;
using Components = std::vector<RValue>;

struct RValue {
  Type type;
  // bool; i32 and u32 as int64_t holding the exact value (i32 in [-2^31, 2^31), u32 in
  // [0, 2^32)); f32 and f16 as FloatSet; AnyScalar for an indeterminate bool/i32/u32;
  // composites (vector components, matrix columns, array elements, structure members);
  // references and pointers; IntegerSet for an i32/u32 that is one of several values.
  std::variant<std::monostate, bool, int64_t, FloatSet, AnyScalar, Components, MemoryView, IntegerSet> data;

  bool isComposite() const { return std::holds_alternative<Components>(data); }
  bool isAny() const { return std::holds_alternative<AnyScalar>(data); }
  bool boolValue() const { return std::get<bool>(data); }
  int64_t intValue() const { return std::get<int64_t>(data); }
  const FloatSet& floatSet() const { return std::get<FloatSet>(data); }
  const Components& components() const { return std::get<Components>(data); }
  Components& components() { return std::get<Components>(data); }
  const MemoryView& view() const { return std::get<MemoryView>(data); }
  bool operator==(const RValue&) const = default;
};

/// The run-time value of a creation-time value: exact points for floats.
RValue fromValue(const Value& v);
/// The creation-time value equal to `v`, if every float in it is an exact point and no scalar
/// is indeterminate (so that creation-time evaluators can be reused on it).
std::optional<Value> toValue(const RValue& v);
/// The zero value of a constructible (or atomic, or runtime-sized-array-free) type (#zero-value).
RValue zeroValue(const TypeTable& types, Type t);
/// Any value of type `t` (#indeterminate values): every scalar indeterminate or any.
RValue anyValueOf(const TypeTable& types, Type t);
/// The component indices a member expression `e.name` selects on a value of type `base`
/// (#struct-access-expr, #vector-access-expr): the structure member's, or one per swizzle letter.
std::vector<uint32_t> memberIndices(const TypeTable& types, Type base, std::string_view name);
/// `v` as text: `3i`, `[1.0f, 1.0000001f]`, `any`, `vec2<u32>(1u, any)`.
std::string formatRValue(const TypeTable& types, const RValue& v);

/// The values an operation may produce: usually one. Where the result is uncertain in a way
/// that control flow or integer arithmetic can observe (a comparison of overlapping float
/// sets, a float-to-integer conversion of a set spanning several integers), each possible
/// result is one alternative, and the machine explores them as a choice point. At most
/// kMaxAlternatives; beyond that, the uncertain components become AnyScalar. One alternative is
/// held inline: almost every operation has exactly one result, and the machine's hot path must
/// not allocate for it (README "Performance").
using Alternatives = boost::container::small_vector<RValue, 1>;
inline constexpr size_t kMaxAlternatives = 16;

}  // namespace plumb::interp
