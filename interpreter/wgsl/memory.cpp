// Memory at run time (#memory).
#include "interpreter/wgsl/memory.h"

namespace plumb::interp {

Allocation* AddressSpaces::find(uint32_t id) const {
  std::vector<Allocation>* region = nullptr;
  switch (regionOf(id)) {
    case Region::Buffer: region = buffers; break;
    case Region::Workgroup: region = workgroup; break;
    case Region::Private: region = privates; break;
    case Region::Function: region = function; break;
  }
  uint32_t i = indexOf(id);
  if (!region || i >= region->size() || !(*region)[i].storeType) return nullptr;
  return &(*region)[i];
}

Type componentTypeAt(TypeTable& types, Type t, uint32_t index) {
  const TypeNode& n = types[t];
  switch (n.kind) {
    case TypeKind::Vector:
    case TypeKind::Array: return n.element;
    case TypeKind::Matrix: return types.vector(n.rows, n.element);
    case TypeKind::Struct: return types.structInfo(t).members[index].type;
    default: return Type{};
  }
}

uint64_t scalarCount(const TypeTable& types, Type t) {
  const TypeNode& n = types[t];
  auto mul = [](uint64_t a, uint64_t b) { return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b; };
  switch (n.kind) {
    case TypeKind::Vector: return n.size;
    case TypeKind::Matrix: return uint64_t(n.size) * n.rows;
    case TypeKind::Atomic: return 1;
    // revision 2026: a fixed-size buffer's words (interpreter/wgsl/buffer_views.h)
    case TypeKind::Buffer:
      return n.arrayCount == ArrayCount::Fixed ? (n.count + 3) / 4 : 0;
    case TypeKind::Array:
      return n.arrayCount == ArrayCount::Fixed ? mul(n.count, scalarCount(types, n.element)) : 0;
    case TypeKind::Struct: {
      uint64_t sum = 0;
      for (const MemberInfo& m : types.structInfo(t).members) {
        uint64_t c = scalarCount(types, m.type);
        sum = c > UINT64_MAX - sum ? UINT64_MAX : sum + c;
      }
      return sum;
    }
    default: return 1;
  }
}

uint64_t componentCount(const RValue& v) {
  return v.isComposite() ? v.components().size() : 0;
}

RValue* locate(RValue& root, const std::vector<uint32_t>& path, size_t depth) {
  RValue* v = &root;
  for (size_t i = 0; i < depth; ++i) {
    if (!v->isComposite() || path[i] >= v->components().size()) return nullptr;
    v = &v->components()[path[i]];
  }
  return v;
}

const RValue* locate(const RValue& root, const std::vector<uint32_t>& path, size_t depth) {
  return locate(const_cast<RValue&>(root), path, depth);
}

}  // namespace plumb::interp
