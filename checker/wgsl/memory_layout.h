// Memory layout of host-shareable types (#memory-layouts): AlignOf, SizeOf, StrideOf,
// OffsetOfMember, and RequiredAlignOf for the uniform and storage address spaces.
//
// Sizes are exact 64-bit byte counts. A type whose size does not fit (an array of arrays of
// 2^31 elements each, say) is marked `overflow`: the seed sets no bound on sizes, and Plumb
// reports such a type where its layout is needed instead of computing a wrong one
// (docs/ambiguities.md).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "semantics/wgsl/ast.h"
#include "semantics/wgsl/type.h"

namespace plumb {

/// AlignOf(T) and SizeOf(T) (#alignment-and-size).
struct TypeLayout {
  bool defined = false;   // false for types that are not host-shareable (bool, textures, ...)
  bool overflow = false;  // SizeOf(T) does not fit in 64 bits
  uint64_t align = 0;
  /// SizeOf(T). For a runtime-sized array, and a structure whose last member is one, the
  /// size depends on the number of elements N: SizeOf = roundUp(align, size + N × runtimeStride)
  /// (for the array itself, size is 0 and SizeOf = N × runtimeStride).
  uint64_t size = 0;
  uint64_t runtimeStride = 0;  // non-zero when the size depends on a runtime-sized array
};

/// The layout of one structure member (#structure-member-layout).
struct MemberLayout {
  uint64_t offset = 0;  // OffsetOfMember(S, i)
  uint64_t align = 0;   // AlignOfMember(S, i): @align(n) if given, else AlignOf(T)
  uint64_t size = 0;    // SizeOfMember(S, i): @size(n) if given, else SizeOf(T)
};

/// AlignOf(T) and SizeOf(T) of a member's type, as the caller sizes types.
struct AlignAndSize {
  uint64_t align = 1;
  uint64_t size = 0;
};

/// A structure's members placed by #structure-member-layout.
struct StructurePlacement {
  std::vector<MemberLayout> members;
  uint64_t align = 1;     // AlignOf(S) = max over i of AlignOfMember(S, i)
  uint64_t end = 0;       // justPastLastMember: OffsetOfMember(S, N) + SizeOfMember(S, N)
  bool overflow = false;  // an offset or the end does not fit in 64 bits
};

/// Places the members of `s` (#structure-member-layout: AlignOfMember and SizeOfMember from
/// @align and @size, else from `memberType`'s AlignOf and SizeOf of the member's type; each
/// offset the previous member's end rounded up to the member's alignment). Nothing when
/// `memberType` gives nothing for some member. The one computation of a structure's layout:
/// MemoryLayouts' (host-shareable types) and byteSizeOf's (fixed-footprint types, byte_size.h).
std::optional<StructurePlacement> placeMembers(
    const StructInfo& s, const std::function<std::optional<AlignAndSize>(Type)>& memberType);

/// Computes and caches the layouts of the types of one TypeTable.
class MemoryLayouts {
 public:
  explicit MemoryLayouts(const TypeTable& types) : types_(types) {}

  /// AlignOf(T) and SizeOf(T); `defined` is false unless T is host-shareable.
  const TypeLayout& of(Type t);
  /// StrideOf(A) = roundUp(AlignOf(E), SizeOf(E)) for an array type A with element type E
  /// (#memory-layouts).
  uint64_t strideOf(Type array);
  /// The members' offsets, alignments and sizes of a host-shareable structure type (empty
  /// when the structure is not host-shareable).
  std::span<const MemberLayout> members(Type structure);
  /// RequiredAlignOf(T, C) (#address-space-layout-constraints) for C = uniform or storage.
  uint64_t requiredAlignOf(Type t, ast::AddressSpace space);

 private:
  void compute(Type t);
  const TypeTable& types_;
  std::vector<TypeLayout> layouts_;  // by type id
  std::vector<uint8_t> done_;
  std::vector<std::vector<MemberLayout>> members_;  // by type id, structures only
};

/// new#buffer-view-builtin-functions (revision 2026): the sizes a view of type T needs.
struct BufferViewLayout {
  uint64_t minTypeSize = 0;  // MinTypeSize(T)
  uint64_t arrayOffset = 0;  // ArrayOffset(T): the runtime-sized last member's offset, else 0
  uint64_t stride = 0;       // StrideOf(array<E>) of T's runtime-sized array, 0 if none
};
BufferViewLayout bufferViewLayout(MemoryLayouts& layouts, const TypeTable& types, Type t);

/// roundUp(k, n) = ⌈n ÷ k⌉ × k (#alignment-and-size); false if it does not fit in 64 bits.
bool roundUp(uint64_t k, uint64_t n, uint64_t& out);

}  // namespace plumb
