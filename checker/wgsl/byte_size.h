// SizeOf(T) of any fixed-footprint type (new#alignment-and-size: "Alignment and size for
// host-shareable and fixed footprint types"), for the byte-size limits of new#limits. The
// memory layouts (memory_layout.h) cover host-shareable types; this also sizes `bool` (4 bytes,
// new#why-is-bool-4-bytes), vectors of bool, and arrays and structures containing them, and an
// override-sized array or buffer with its pipeline-creation element count.
#pragma once

#include <cstdint>
#include <optional>

#include "checker/wgsl/checker.h"

namespace plumb {

/// SizeOf(T); nothing when T has no fixed footprint (a runtime-sized array or buffer) or is
/// sized by an override whose value is not known (shader creation). A size beyond 2^64 is
/// UINT64_MAX.
std::optional<uint64_t> byteSizeOf(CheckedModule& module, Type t);

}  // namespace plumb
