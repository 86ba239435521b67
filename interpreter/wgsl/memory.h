// Memory at run time (#memory, #memory-locations-section): one allocation per variable
// instance, holding a value of the variable's store type. A memory view (#memory-views) names
// an allocation and a path of component indices into it.
//
// Allocations live in four regions, which the top two bits of MemoryView::allocation select:
// buffers (uniform, storage: shared by the whole dispatch), workgroup variables (one set per
// workgroup), private variables (one set per invocation) and function variables (a stack per
// invocation, popped when the variable's block ends: a pointer cannot outlive it,
// #function-restriction).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/wgsl/runtime_value.h"
#include "semantics/wgsl/ast.h"

namespace plumb::interp {

enum class Region : uint8_t { Buffer = 0, Workgroup = 1, Private = 2, Function = 3 };

inline uint32_t makeAllocationId(Region r, uint32_t index) {
  return (static_cast<uint32_t>(r) << 30) | index;
}
inline Region regionOf(uint32_t allocation) { return static_cast<Region>(allocation >> 30); }
inline uint32_t indexOf(uint32_t allocation) { return allocation & 0x3FFFFFFFu; }

struct Allocation {
  Type storeType;
  ast::AddressSpace space = ast::AddressSpace::Function;
  ast::AccessMode access = ast::AccessMode::ReadWrite;
  RValue value;
  uint32_t declaration = UINT32_MAX;  // module declaration index (module-scope variables)
  uint32_t group = 0, binding = 0;    // buffers
};

/// The memory one invocation can address: the dispatch's buffers, its workgroup's variables,
/// its own private and function variables.
struct AddressSpaces {
  std::vector<Allocation>* buffers = nullptr;
  std::vector<Allocation>* workgroup = nullptr;
  std::vector<Allocation>* privates = nullptr;
  std::vector<Allocation>* function = nullptr;

  /// The allocation `id` names, or nullptr if there is none (a resource without a binding).
  Allocation* find(uint32_t id) const;
};

/// The component `index` of a composite value of type `t` (structure member, array element,
/// vector component, matrix column): its type.
Type componentTypeAt(TypeTable& types, Type t, uint32_t index);
/// The number of components of a composite value (its elements for a runtime-sized array).
uint64_t componentCount(const RValue& v);

/// The number of scalars a value of type `t` holds (runtime-sized arrays count as empty),
/// saturating at UINT64_MAX.
uint64_t scalarCount(const TypeTable& types, Type t);
/// An implementation limit of the machine: values of more scalars are not built (a variable
/// or constructor of a larger type ends the execution with the stop Limit `scalars`, stop.h;
/// bindings are refused). 2^22 scalars, about 200 MiB of machine values.
inline constexpr uint64_t kMaxScalarsPerValue = uint64_t(1) << 22;

/// The value at `path` inside `root`, or nullptr if an index is out of range.
RValue* locate(RValue& root, const std::vector<uint32_t>& path, size_t depth);
const RValue* locate(const RValue& root, const std::vector<uint32_t>& path, size_t depth);

}  // namespace plumb::interp
