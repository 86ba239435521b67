// Conversion ranks (#conversion-rank), concretization of abstract types, the Load Rule
// (#load-rule), and conversion of creation-time values (#floating-point-conversion).
#include <cmath>
#include <limits>
#include <map>

#include "checker/wgsl/checker_impl.h"
#include "checker/float_rounding.h"

namespace plumb {

// new#conversion-rank, "conversion rank for fixed-size buffer" and "to runtime-sized buffer":
// a pointer argument of a function call to a fixed-size buffer converts to a parameter's pointer
// to a smaller fixed-size buffer (both sizes const-expressions) or to a runtime-sized buffer,
// in the same address space and access mode, rank 1 (buffer_view with
// unrestricted_pointer_parameters, which revision 2026 supports).
int Checker::bufferArgumentRank(Type src, Type dst) const {
  if (!m_.revision().bufferView || !m_.revision().unrestrictedPointerParameters)
    return kInfiniteRank;
  const TypeNode& s = types_[src];
  const TypeNode& d = types_[dst];
  if (s.kind != TypeKind::Pointer || d.kind != TypeKind::Pointer || s.space != d.space ||
      s.access != d.access || !isBuffer(types_, s.element) || !isBuffer(types_, d.element))
    return kInfiniteRank;
  const TypeNode& from = types_[s.element];
  const TypeNode& to = types_[d.element];
  if (from.arrayCount == ArrayCount::Runtime) return kInfiniteRank;
  if (to.arrayCount == ArrayCount::Runtime) return 1;
  if (from.arrayCount == ArrayCount::Fixed && to.arrayCount == ArrayCount::Fixed &&
      to.count < from.count)
    return 1;
  return kInfiniteRank;
}

int Checker::conversionRank(Type src, Type dst) const {
  if (src == dst) return 0;
  const TypeNode& s = types_[src];
  const TypeNode& d = types_[dst];
  switch (s.kind) {
    case TypeKind::Reference:
      // ref<AS,T,AM> to T, where AM is read or read_write: the Load Rule, rank 0.
      return s.element == dst && s.access != ast::AccessMode::Write ? 0 : kInfiniteRank;
    case TypeKind::AbstractFloat:
      if (d.kind == TypeKind::F32) return 1;
      if (d.kind == TypeKind::F16) return 2;
      return kInfiniteRank;
    case TypeKind::AbstractInt:
      switch (d.kind) {
        case TypeKind::I32: return 3;
        case TypeKind::U32: return 4;
        case TypeKind::AbstractFloat: return 5;
        case TypeKind::F32: return 6;
        case TypeKind::F16: return 7;
        default: return kInfiniteRank;
      }
    case TypeKind::Vector:
      if (d.kind == TypeKind::Vector && s.size == d.size) return conversionRank(s.element, d.element);
      return kInfiniteRank;
    case TypeKind::Matrix:
      if (d.kind == TypeKind::Matrix && s.size == d.size && s.rows == d.rows)
        return conversionRank(s.element, d.element);
      return kInfiniteRank;
    case TypeKind::Array:
      // new#conversion-rank (delta 2.3): array<S,N> to array<T,N> has ConversionRank(S,T).
      // Only abstract arrays have a finite one, and only revision 2026 makes them (the
      // inferred `array(1, 2)`); the seed's table has no row for arrays.
      if (m_.revision().inferredArrayConstructor && d.kind == TypeKind::Array &&
          s.arrayCount == ArrayCount::Fixed && d.arrayCount == ArrayCount::Fixed &&
          s.count == d.count)
        return conversionRank(s.element, d.element);
      return kInfiniteRank;
    case TypeKind::Struct: {
      // new#conversion-rank (revision 2026, delta 6.2): __frexp_result_abstract to
      // __frexp_result_f32 has rank 1, to __frexp_result_f16 rank 2; the same for the vector
      // forms and modf's structures.
      if (d.kind != TypeKind::Struct || !types_.structInfo(src).abstract) return kInfiniteRank;
      if (dst == concreteResultStruct(src, types_.f32())) return 1;
      if (dst == concreteResultStruct(src, types_.f16())) return 2;
      return kInfiniteRank;
    }
    default: return kInfiniteRank;
  }
}

// The predeclared result structure `name` with its "_abstract" suffix replaced by the element
// type's ("__frexp_result_vec2_abstract" to "__frexp_result_vec2_f32"); none for others.
Type Checker::concreteResultStruct(Type abstractStruct, Type element) const {
  const std::string& name = types_.structInfo(abstractStruct).name;
  constexpr std::string_view suffix = "_abstract";
  if (!name.starts_with("__") || !name.ends_with(suffix)) return Type{};
  return out_.overloads.predeclaredStruct(
      name.substr(0, name.size() - suffix.size()) +
      (types_.kind(element) == TypeKind::F16 ? "_f16" : "_f32"));
}

Type Checker::concretize(Type t) {
  const TypeNode& n = types_[t];
  switch (n.kind) {
    case TypeKind::AbstractInt: return types_.i32();
    case TypeKind::AbstractFloat: return types_.f32();
    case TypeKind::Vector: return types_.vector(n.size, concretize(n.element));
    case TypeKind::Matrix: return types_.matrix(n.size, n.rows, concretize(n.element));
    case TypeKind::Array:
      // Abstract arrays (revision 2026) concretize element-wise (new#concretization).
      if (n.arrayCount == ArrayCount::Fixed && isAbstract(types_, n.element)) {
        Type element = n.element;
        uint64_t count = n.count;
        return types_.array(concretize(element), ArrayCount::Fixed, count);
      }
      return t;
    case TypeKind::Struct:
      // new#concretization: the abstract result structures of frexp and modf concretize to
      // their f32 forms (rank 1).
      if (Type c = isAbstract(types_, t) ? concreteResultStruct(t, types_.f32()) : Type{}) return c;
      return t;
    default: return t;
  }
}

Type Checker::loadType(Type t) const {
  const TypeNode& n = types_[t];
  if (n.kind == TypeKind::Reference && n.access != ast::AccessMode::Write) return n.element;
  return t;
}

std::optional<Value> Checker::convertValue(const Value& v, Type dst, Span span) {
  std::map<std::pair<const void*, uint32_t>, Value> converted;
  return convertValue(v, dst, span, converted);
}

std::optional<Value> Checker::convertValue(
    const Value& v, Type dst, Span span,
    std::map<std::pair<const void*, uint32_t>, Value>& converted) {
  if (v.type == dst) return v;
  const TypeNode& d = types_[dst];
  if (v.isComposite()) {
    // Vectors, matrices and arrays convert component-wise. Elements that share their
    // composite (`array(a, a)`) are converted once: the result shares it too, so the work is
    // linear in the value's size in memory, not in its size written out.
    const void* key = &v.elements();
    if (auto it = converted.find({key, dst.id}); it != converted.end()) return it->second;
    std::vector<Value> outParts;
    Type component = d.kind == TypeKind::Matrix ? types_.vector(d.rows, d.element) : d.element;
    for (size_t i = 0; i < v.elements().size(); ++i) {
      const Value& e = v.elements()[i];
      // A structure (frexp's and modf's, revision 2026) converts member by member.
      if (d.kind == TypeKind::Struct) component = types_.structInfo(dst).members[i].type;
      std::optional<Value> c = convertValue(e, component, span, converted);
      if (!c) return std::nullopt;
      outParts.push_back(std::move(*c));
    }
    Value out{dst, std::move(outParts)};
    converted.emplace(std::make_pair(key, dst.id), out);
    return out;
  }
  TypeKind from = types_.kind(v.type);
  auto outOfRange = [&](const std::string& what) {
    error(span,
          formatValue(types_, v) + " cannot be represented as " + typeName(dst) + " (" + what + ")",
          from == TypeKind::AbstractFloat || d.kind == TypeKind::F32 || d.kind == TypeKind::F16
              ? "floating-point-conversion"
              : "conversion-rank");
    return std::nullopt;
  };
  if (from == TypeKind::AbstractInt) {
    int64_t x = v.intValue();
    switch (d.kind) {
      case TypeKind::I32:
        // #conversion-rank: "Identity if the value is in i32. Produces a shader-creation error
        // otherwise."
        if (x < INT32_MIN || x > INT32_MAX) return outOfRange("outside [-2147483648, 2147483647]");
        return Value{dst, x};
      case TypeKind::U32:
        if (x < 0 || x > UINT32_MAX) return outOfRange("outside [0, 4294967295]");
        return Value{dst, x};
      case TypeKind::AbstractFloat:
        // Rounded to nearest when |x| > 2^53 (#floating-point-conversion allows either
        // neighbour; docs/ambiguities.md).
        return Value{dst, static_cast<double>(x)};
      case TypeKind::F32:
      case TypeKind::F16: {
        // "Behaves as AbstractInt to AbstractFloat, and then AbstractFloat to f32/f16."
        std::optional<Value> af = convertValue(v, types_.abstractFloat(), span);
        if (!af) return std::nullopt;
        return convertValue(*af, dst, span);
      }
      default: break;
    }
  }
  if (from == TypeKind::AbstractFloat) {
    double x = v.floatValue();
    if (d.kind == TypeKind::F32 || d.kind == TypeKind::F16) {
      bool half = d.kind == TypeKind::F16;
      // "A shader-creation error results if the original value is of abstract numeric type"
      // and lies outside the finite range of the destination type.
      if (std::fabs(x) > (half ? kMaxF16 : kMaxF32))
        return outOfRange(half ? "beyond the largest finite f16, 65504"
                               : "beyond the largest finite f32");
      return Value{dst, half ? roundToF16(x) : roundToF32(x)};
    }
  }
  error(span, "cannot convert " + typeName(v.type) + " to " + typeName(dst), "conversion-rank");
  return std::nullopt;
}

}  // namespace plumb
