// The types the full expansion of the overload table interns, in its order (generated at build
// time by builtin_type_order_gen.cpp: checker/CMakeLists.txt), so that the checker's
// process-wide table can expand each built-in's rows on its first lookup with the handles of a
// full expansion (OverloadTable's on-demand constructor, semantics/wgsl/overloads.h).
#pragma once

#include <cstdint>
#include <span>

namespace plumb {

/// OverloadTable::expansionTypes(nullptr): the seed's rows.
std::span<const uint64_t> seedBuiltinTypeOrder();
/// OverloadTable::expansionTypes(&Revision::wgsl2026()): the rows of revisions with
/// Revision::currentBuiltins.
std::span<const uint64_t> currentBuiltinTypeOrder();

}  // namespace plumb
