// A deterministic generator of large WGSL modules that pass every static rule Plumb checks
// (the checker benchmark's input): the same (functions, seed) gives the same bytes.
//
// Each function takes (a: u32, b: i32) and returns u32, built from one of sixteen templates
// that load the checker with different rules: abstract and concrete arithmetic, vector and
// matrix operators, swizzles, constructors and conversions, @const and runtime built-ins,
// structures and arrays, pointers (`&`, `*`, pointer parameters), every loop form, switch,
// creation-time constants and staticAssert, calls to earlier functions. One @compute entry
// point calls the last functions and writes a storage buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace plumb::bench {

std::string generateCheckableModule(size_t functions, uint64_t seed = 1);

}  // namespace plumb::bench
