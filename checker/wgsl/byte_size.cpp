#include "checker/wgsl/byte_size.h"

#include <algorithm>

namespace plumb {

namespace {

struct AlignSize {
  uint64_t align = 1;
  uint64_t size = 0;
};

uint64_t saturatingMultiply(uint64_t a, uint64_t b) {
  uint64_t out = 0;
  return __builtin_mul_overflow(a, b, &out) ? UINT64_MAX : out;
}

uint64_t saturatingRoundUp(uint64_t k, uint64_t n) {
  uint64_t out = 0;
  return roundUp(k, n, out) ? out : UINT64_MAX;
}

std::optional<AlignSize> alignSize(CheckedModule& m, Type t) {
  const TypeLayout& l = m.layouts.of(t);
  if (l.defined && !l.overflow && !l.runtimeStride) return AlignSize{l.align, l.size};
  const TypeNode& n = m.types[t];
  switch (n.kind) {
    case TypeKind::Bool:
      return AlignSize{4, 4};  // new#alignment-and-size: bool is 4 bytes, aligned to 4
    case TypeKind::Vector: {
      // vecN<bool> as vecN<u32>: 8/8, 16/12, 16/16.
      if (m.types.kind(n.element) != TypeKind::Bool) return std::nullopt;
      return AlignSize{n.size == 2 ? 8u : 16u, 4u * n.size};
    }
    case TypeKind::Array: {
      std::optional<AlignSize> e = alignSize(m, n.element);
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
      return AlignSize{e->align, saturatingMultiply(count, saturatingRoundUp(e->align, e->size))};
    }
    case TypeKind::Struct: {
      // #structure-member-layout, as memory_layout.cpp computes it for host-shareable ones.
      uint64_t end = 0, align = 1;
      for (const MemberInfo& member : m.types.structInfo(t).members) {
        std::optional<AlignSize> ms = alignSize(m, member.type);
        if (!ms) return std::nullopt;
        uint64_t a = member.align ? member.align : ms->align;
        uint64_t s = member.size ? member.size : ms->size;
        uint64_t offset = saturatingRoundUp(a, end);
        end = offset > UINT64_MAX - s ? UINT64_MAX : offset + s;
        align = std::max(align, a);
      }
      return AlignSize{align, saturatingRoundUp(align, end)};
    }
    case TypeKind::Buffer: {
      // new#alignment-and-size: SizeOf(buffer<N>) = N.
      if (n.arrayCount == ArrayCount::Fixed) return AlignSize{4, n.count};
      if (n.arrayCount != ArrayCount::Override) return std::nullopt;
      auto it = m.overrideArrayCounts.find(n.count);
      if (it == m.overrideArrayCounts.end()) return std::nullopt;
      return AlignSize{4, it->second};
    }
    default:
      if (l.overflow) return AlignSize{l.align, UINT64_MAX};
      return std::nullopt;
  }
}

}  // namespace

std::optional<uint64_t> byteSizeOf(CheckedModule& module, Type t) {
  std::optional<AlignSize> s = alignSize(module, t);
  if (!s) return std::nullopt;
  return s->size;
}

}  // namespace plumb
