#include "checker/wgsl/memory_layout.h"

#include <algorithm>

namespace plumb {

using ast::AddressSpace;

bool roundUp(uint64_t k, uint64_t n, uint64_t& out) {
  // roundUp(k, n) = ⌈n ÷ k⌉ × k (#roundUp); k is an alignment, never 0.
  uint64_t q = n / k + (n % k != 0);
  return !__builtin_mul_overflow(q, k, &out);
}

const TypeLayout& MemoryLayouts::of(Type t) {
  if (t.id >= done_.size()) {
    done_.resize(types_.size(), 0);
    layouts_.resize(types_.size());
    members_.resize(types_.size());
  }
  if (!done_[t.id]) compute(t);
  return layouts_[t.id];
}

uint64_t MemoryLayouts::strideOf(Type array) {
  const TypeLayout& e = of(types_[array].element);
  uint64_t stride = 0;
  if (!e.defined || !roundUp(e.align, e.size, stride)) return 0;
  return stride;
}

std::span<const MemberLayout> MemoryLayouts::members(Type structure) {
  of(structure);
  return members_[structure.id];
}

// #structure-member-layout.
std::optional<StructurePlacement> placeMembers(
    const StructInfo& s, const std::function<std::optional<AlignAndSize>(Type)>& memberType) {
  StructurePlacement out;
  out.members.reserve(s.members.size());
  for (const MemberInfo& m : s.members) {
    std::optional<AlignAndSize> ml = memberType(m.type);
    if (!ml) return std::nullopt;
    MemberLayout l;
    // AlignOfMember and SizeOfMember.
    l.align = m.align ? m.align : ml->align;
    l.size = m.size ? m.size : ml->size;
    // OffsetOfMember(S, 1) = 0; OffsetOfMember(S, i) =
    //   roundUp(AlignOfMember(S, i), OffsetOfMember(S, i-1) + SizeOfMember(S, i-1)).
    if (!roundUp(l.align, out.end, l.offset)) out.overflow = true;
    if (__builtin_add_overflow(l.offset, l.size, &out.end)) out.overflow = true;
    out.align = std::max(out.align, l.align);
    out.members.push_back(l);
  }
  return out;
}

// #alignment-and-size: the table "Alignment and size for host-shareable types".
void MemoryLayouts::compute(Type t) {
  TypeLayout out;
  const TypeNode& n = types_[t];
  auto scalar = [&](Type s) -> uint64_t {
    switch (types_.kind(s)) {
      case TypeKind::I32: case TypeKind::U32: case TypeKind::F32: return 4;
      case TypeKind::F16: return 2;
      default: return 0;
    }
  };
  // vecN<T>: N × SizeOf(T) bytes, aligned to the size rounded up to a power of two (vec3 is
  // aligned like vec4): 8/4, 16/8, 16/8 for 32-bit and 16-bit components.
  auto vector = [&](uint64_t components, uint64_t s, uint64_t& align, uint64_t& size) {
    size = components * s;
    align = (components == 2 ? 2 : 4) * s;
  };
  switch (n.kind) {
    case TypeKind::I32: case TypeKind::U32: case TypeKind::F32: case TypeKind::F16:
      out.defined = true;
      out.align = out.size = scalar(t);
      break;
    case TypeKind::Atomic:
      out.defined = true;
      out.align = out.size = 4;
      break;
    case TypeKind::Vector:
      if (uint64_t s = scalar(n.element)) {
        out.defined = true;
        vector(n.size, s, out.align, out.size);
      }
      break;
    case TypeKind::Matrix:
      // matCxR: AlignOf(vecR), SizeOf(array<vecR, C>) = C × roundUp(AlignOf(vecR), SizeOf(vecR)).
      if (uint64_t s = scalar(n.element)) {
        uint64_t align, size, stride;
        vector(n.rows, s, align, size);
        roundUp(align, size, stride);
        out.defined = true;
        out.align = align;
        out.size = n.size * stride;
      }
      break;
    case TypeKind::Array: {
      const TypeLayout e = of(n.element);  // a copy: `of` may grow the cache
      if (!e.defined || !isHostShareable(types_, t)) break;
      out.defined = true;
      out.overflow = e.overflow;
      out.align = e.align;
      uint64_t stride = 0;
      if (!roundUp(e.align, e.size, stride)) out.overflow = true;
      if (n.arrayCount == ArrayCount::Runtime) {
        out.runtimeStride = stride;  // N_runtime × StrideOf
      } else if (n.arrayCount == ArrayCount::Fixed) {
        if (__builtin_mul_overflow(n.count, stride, &out.size)) out.overflow = true;
      } else {
        out.defined = false;  // override-sized: not host-shareable
      }
      break;
    }
    case TypeKind::Struct: {
      if (!isHostShareable(types_, t)) break;
      // The members' layouts are defined: a host-shareable structure's members are.
      std::optional<StructurePlacement> p =
          placeMembers(types_.structInfo(t), [&](Type member) -> std::optional<AlignAndSize> {
            const TypeLayout ml = of(member);  // a copy: `of` may grow the cache
            out.overflow = out.overflow || ml.overflow;
            if (ml.runtimeStride) out.runtimeStride = ml.runtimeStride;
            return AlignAndSize{ml.align, ml.size};
          });
      out.defined = true;
      out.overflow = out.overflow || p->overflow;
      // AlignOf(S) = max AlignOfMember; SizeOf(S) = roundUp(AlignOf(S), justPastLastMember).
      out.align = p->align;
      if (out.runtimeStride)
        out.size = p->end;  // the runtime-sized array's elements follow; see TypeLayout::size
      else if (!roundUp(p->align, p->end, out.size))
        out.overflow = true;
      members_[t.id] = std::move(p->members);
      break;
    }
    case TypeKind::Buffer:
      // new#alignment-and-size: SizeOf(buffer<N>) = N; the runtime-sized buffer's is the
      // attached GPUBuffer's, counted here in 4-byte words (a storage binding's size is a
      // multiple of 4). AlignOf is "N/A": 4, the word a binding is made of, is never used as
      // an alignment (a buffer is in no other type). An override-sized buffer (workgroup only)
      // has no layout at shader creation.
      out.defined = n.arrayCount != ArrayCount::Override;
      out.align = 4;
      if (n.arrayCount == ArrayCount::Fixed) out.size = n.count;
      if (n.arrayCount == ArrayCount::Runtime) out.runtimeStride = 4;
      break;
    default: break;
  }
  done_[t.id] = 1;
  layouts_[t.id] = out;
}

// #address-space-layout-constraints: RequiredAlignOf(S, C).
uint64_t MemoryLayouts::requiredAlignOf(Type t, AddressSpace space) {
  uint64_t align = of(t).align;
  TypeKind k = types_.kind(t);
  if (space == AddressSpace::Uniform && (k == TypeKind::Array || k == TypeKind::Struct))
    return std::max<uint64_t>(16, align);  // roundUp(16, AlignOf(S)); alignments are powers of 2
  return align;
}

// new#buffer-view-builtin-functions: MinTypeSize(T) and ArrayOffset(T).
BufferViewLayout bufferViewLayout(MemoryLayouts& layouts, const TypeTable& types, Type t) {
  BufferViewLayout out;
  const TypeLayout& l = layouts.of(t);
  // "MinTypeSize(T) = SizeOf(T) if T has a fixed footprint; StrideOf(T) for a runtime-sized
  // array; ArrayOffset(T) + StrideOf(array<E>) for a structure whose last member is one".
  // MemoryLayouts keeps SizeOf's fixed part in `size` (ArrayOffset for such a structure, 0 for
  // the array) and the stride in `runtimeStride`.
  out.minTypeSize = l.size + l.runtimeStride;
  out.stride = l.runtimeStride;
  out.arrayOffset = types.kind(t) == TypeKind::Struct && l.runtimeStride ? l.size : 0;
  return out;
}

}  // namespace plumb
