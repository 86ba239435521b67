// Values of the machine (runtime_value.h): creation-time values as run-time values and back,
// zero values (#zero-value-expr), indeterminate values, and their text.
#include "interpreter/wgsl/runtime_value.h"

namespace plumb::interp {

namespace {

bool isFloatKind(TypeKind k) {
  return k == TypeKind::F32 || k == TypeKind::F16 || k == TypeKind::AbstractFloat;
}

/// The element count of a composite type, for zero and indeterminate values: vector
/// components, matrix columns, fixed-size array elements, structure members. A runtime-sized
/// or override-sized array has no count the type alone gives: it is built empty (the machine
/// sizes it from its buffer or the pipeline's override values).
size_t elementCount(const TypeTable& types, Type t) {
  const TypeNode& n = types[t];
  switch (n.kind) {
    case TypeKind::Vector:
    case TypeKind::Matrix:
      return n.size;
    case TypeKind::Array:
      return n.arrayCount == ArrayCount::Fixed ? n.count : 0;
    case TypeKind::Struct:
      return types.structInfo(t).members.size();
    default:
      return 0;
  }
}

/// The type of element `i` of a composite type.
Type elementType(const TypeTable& types, Type t, size_t i) {
  const TypeNode& n = types[t];
  if (n.kind == TypeKind::Struct) return types.structInfo(t).members[i].type;
  // A matrix's columns are vectors (#matrix-types). Their type may not be interned yet, and
  // interning is the table's only lookup: every TypeTable of the machine is mutable, the
  // interface takes it as const because a value never changes the types it has.
  if (n.kind == TypeKind::Matrix) return const_cast<TypeTable&>(types).vector(n.rows, n.element);
  return n.element;
}

/// A value of type `t` whose scalars are `scalar(kind)`.
template <class F>
RValue build(const TypeTable& types, Type t, const F& scalar) {
  TypeKind k = types.kind(t);
  if (k == TypeKind::Atomic) {
    // #atomic-types: an atomic's value is its element's (zero: #zero-value-expr).
    RValue v = build(types, types[t].element, scalar);
    v.type = t;
    return v;
  }
  if (k == TypeKind::Buffer) {
    // new#buffer-types (revision 2026): its 32-bit words, as u32 (a workgroup buffer's zero
    // value "is all zero bytes", new#var-and-value). Only a fixed-size buffer is built here
    // (a bound one is read from its bytes, host_buffer.h).
    Components words;
    const TypeNode& n = types[t];
    uint64_t count = n.arrayCount == ArrayCount::Fixed ? (n.count + 3) / 4 : 0;
    for (uint64_t i = 0; i < count; ++i) words.push_back(build(types, types.u32(), scalar));
    return RValue{t, std::move(words)};
  }
  if (k == TypeKind::Vector || k == TypeKind::Matrix || k == TypeKind::Array ||
      k == TypeKind::Struct) {
    Components parts;
    size_t n = elementCount(types, t);
    parts.reserve(n);
    for (size_t i = 0; i < n; ++i) parts.push_back(build(types, elementType(types, t, i), scalar));
    return RValue{t, std::move(parts)};
  }
  return RValue{t, scalar(k)};
}

}  // namespace

RValue fromValue(const Value& v) {
  RValue r{v.type, std::monostate{}};
  if (std::holds_alternative<bool>(v.data)) {
    r.data = v.boolValue();
  } else if (std::holds_alternative<int64_t>(v.data)) {
    r.data = v.intValue();
  } else if (std::holds_alternative<double>(v.data)) {
    r.data = FloatSet::exact(v.floatValue());
  } else if (v.isComposite()) {
    Components parts;
    parts.reserve(v.elements().size());
    for (const Value& e : v.elements()) parts.push_back(fromValue(e));
    r.data = std::move(parts);
  }
  return r;
}

std::optional<Value> toValue(const RValue& v) {
  if (std::holds_alternative<bool>(v.data)) return Value{v.type, v.boolValue()};
  if (std::holds_alternative<int64_t>(v.data)) return Value{v.type, v.intValue()};
  if (std::holds_alternative<FloatSet>(v.data)) {
    if (!v.floatSet().isExact()) return std::nullopt;
    return Value{v.type, v.floatSet().lo};
  }
  if (v.isComposite()) {
    std::vector<Value> parts;
    parts.reserve(v.components().size());
    for (const RValue& e : v.components()) {
      std::optional<Value> p = toValue(e);
      if (!p) return std::nullopt;
      parts.push_back(std::move(*p));
    }
    return Value{v.type, std::move(parts)};
  }
  return std::nullopt;  // indeterminate scalars, memory views, no value
}

RValue zeroValue(const TypeTable& types, Type t) {
  // #zero-value-expr: false, 0i, 0u, 0.0 for the scalars; composites of zeros.
  return build(types, t, [](TypeKind k) -> decltype(RValue::data) {
    if (k == TypeKind::Bool) return false;
    if (isFloatKind(k)) return FloatSet::exact(0);
    return int64_t{0};
  });
}

RValue anyValueOf(const TypeTable& types, Type t) {
  return build(types, t, [](TypeKind k) -> decltype(RValue::data) {
    if (isFloatKind(k)) return FloatSet::anyValue();
    return AnyScalar{};
  });
}

namespace {

int swizzleIndex(char c) {
  switch (c) {
    case 'x': case 'r': return 0;
    case 'y': case 'g': return 1;
    case 'z': case 'b': return 2;
    case 'w': case 'a': return 3;
    default: return -1;
  }
}

}  // namespace

std::vector<uint32_t> memberIndices(const TypeTable& types, Type base, std::string_view name) {
  std::vector<uint32_t> out;
  if (types.kind(base) == TypeKind::Struct) {
    const StructInfo& s = types.structInfo(base);
    for (uint32_t i = 0; i < s.members.size(); ++i)
      if (s.members[i].name == name) out.push_back(i);
    return out;
  }
  for (char c : name) out.push_back(static_cast<uint32_t>(swizzleIndex(c)));
  return out;
}

std::string formatRValue(const TypeTable& types, const RValue& v) {
  TypeKind k = types.kind(v.type);
  if (k == TypeKind::Atomic) {
    // An atomic's value is written as its element's.
    RValue element = v;
    element.type = types[v.type].element;
    return formatRValue(types, element);
  }
  if (v.isAny()) return "any";
  if (std::holds_alternative<FloatSet>(v.data)) {
    const FloatSet& s = v.floatSet();
    if (s.any) return "any";
    // An i32/u32 holding a FloatSet: the bits of some f32 of the set, not yet chosen
    // (docs/ambiguities.md M9), written as that set.
    if (k == TypeKind::I32 || k == TypeKind::U32)
      return "bits of " + formatRValue(types, RValue{types.f32(), s});
    if (s.isExact()) return formatValue(types, Value{v.type, s.lo});
    return "[" + formatValue(types, Value{v.type, s.lo}) + ", " +
           formatValue(types, Value{v.type, s.hi}) + "]";
  }
  if (std::holds_alternative<bool>(v.data) || std::holds_alternative<int64_t>(v.data))
    return formatValue(types, *toValue(v));
  if (const IntegerSet* set = std::get_if<IntegerSet>(&v.data)) {
    std::string out = "{";
    for (size_t i = 0; i < set->values.size(); ++i)
      out += (i ? ", " : "") + formatValue(types, Value{v.type, set->values[i]});
    return out + "}";
  }
  if (v.isComposite()) {
    std::string out = types.name(v.type) + "(";
    const Components& parts = v.components();
    for (size_t i = 0; i < parts.size(); ++i) {
      if (i) out += ", ";
      if (out.size() > 4096) return out + "…)";
      out += formatRValue(types, parts[i]);
    }
    return out + ")";
  }
  if (std::holds_alternative<MemoryView>(v.data)) {
    const MemoryView& m = v.view();
    std::string out = (k == TypeKind::Pointer ? "ptr" : "ref") + std::string("(allocation ") +
                      std::to_string(m.allocation);
    for (uint32_t i : m.path) out += "." + std::to_string(i);
    return out + (m.invalid ? ", invalid)" : ")");
  }
  return "(no value)";
}

}  // namespace plumb::interp
