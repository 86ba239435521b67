#include "checker/wgsl/byte_size.h"

#include <algorithm>

namespace plumb {

namespace {

uint64_t saturatingMultiply(uint64_t a, uint64_t b) {
  uint64_t out = 0;
  return __builtin_mul_overflow(a, b, &out) ? UINT64_MAX : out;
}

uint64_t saturatingRoundUp(uint64_t k, uint64_t n) {
  uint64_t out = 0;
  return roundUp(k, n, out) ? out : UINT64_MAX;
}

std::optional<AlignAndSize> alignSize(CheckedModule& m, Type t) {
  const TypeLayout& l = m.layouts.of(t);
  if (l.defined && !l.overflow && !l.runtimeStride) return AlignAndSize{l.align, l.size};
  const TypeNode& n = m.types[t];
  switch (n.kind) {
    case TypeKind::Bool:
      return AlignAndSize{4, 4};  // new#alignment-and-size: bool is 4 bytes, aligned to 4
    case TypeKind::Vector: {
      // vecN<bool> as vecN<u32>: 8/8, 16/12, 16/16.
      if (m.types.kind(n.element) != TypeKind::Bool) return std::nullopt;
      return AlignAndSize{n.size == 2 ? 8u : 16u, 4u * n.size};
    }
    case TypeKind::Array: {
      std::optional<AlignAndSize> e = alignSize(m, n.element);
      if (!e) return std::nullopt;
      uint64_t count = n.count;
      if (n.arrayCount == ArrayCount::Runtime) return std::nullopt;
      if (n.arrayCount == ArrayCount::Override) {
        // new#limits: "a fixed-footprint array is treated as a creation-fixed footprint array
        // when substituting the override value" (pipeline creation).
        auto it = m.overrideArrayCounts.find(n.count);
        if (it == m.overrideArrayCounts.end()) return std::nullopt;
        count = it->second;
      }
      // SizeOf(array<E, N>) = N × roundUp(AlignOf(E), SizeOf(E)).
      return AlignAndSize{e->align,
                          saturatingMultiply(count, saturatingRoundUp(e->align, e->size))};
    }
    case TypeKind::Struct: {
      // #structure-member-layout over the members' fixed-footprint sizes (memory_layout.h).
      std::optional<StructurePlacement> p =
          placeMembers(m.types.structInfo(t), [&](Type member) { return alignSize(m, member); });
      if (!p) return std::nullopt;
      if (p->overflow) return AlignAndSize{p->align, UINT64_MAX};
      return AlignAndSize{p->align, saturatingRoundUp(p->align, p->end)};
    }
    case TypeKind::Buffer: {
      // new#alignment-and-size: SizeOf(buffer<N>) = N.
      if (n.arrayCount == ArrayCount::Fixed) return AlignAndSize{4, n.count};
      if (n.arrayCount != ArrayCount::Override) return std::nullopt;
      auto it = m.overrideArrayCounts.find(n.count);
      if (it == m.overrideArrayCounts.end()) return std::nullopt;
      return AlignAndSize{4, it->second};
    }
    default:
      if (l.overflow) return AlignAndSize{l.align, UINT64_MAX};
      return std::nullopt;
  }
}

}  // namespace

std::optional<uint64_t> byteSizeOf(CheckedModule& module, Type t) {
  std::optional<AlignAndSize> s = alignSize(module, t);
  if (!s) return std::nullopt;
  return s->size;
}

}  // namespace plumb
