// A deterministic generator of WGSL modules that the uniformity analysis (#uniformity) accepts,
// scaled by a factor k along three axes, separately or together (bench/uniformity_bench.cpp):
//
//   Functions  20·k functions, each calling an earlier one of its stage. Seven compute-side
//              templates: barriers under uniform `if`, `for`, `switch` and `&&`; non-uniform
//              `if`/`switch`/`||`/`while` with `break`; `let`/`var`/`const`; `let` pointers and a
//              pointer-parameter helper; atomics, `arrayLength` as a uniform loop bound,
//              `select`, bit built-ins. Two fragment-side templates (every fifth function):
//              textureSample/Bias/Level and derivatives under uniform control flow.
//   Nesting    3 nests of 2·k levels (k = 100: 200 levels, below the parser's nesting limit
//              of 255): cycling if (with &&) / for / loop-continuing-break if / while / switch;
//              every level has a `let`, a barrier (two compute helpers) or a derivative and a
//              textureSample (the @fragment entry point), and a non-uniform `if` on a built-in
//              input, a private variable or an atomic.
//   CallDepth  a chain of 10·k functions c_i(a, p: ptr<function, u32>, n) -> u32, each calling
//              c_(i-1) under a condition on `a` and `*p` so that every parameter tag, the call
//              site tag and the function tag propagate along the whole chain.
//   All        the three parts together, each at k.
//
// Barriers and derivatives are only in uniform control flow, and nothing uniform depends on a
// `@location` input, so the module is accepted with and without --strict-uniformity. One
// @compute and one @fragment entry point call a fixed number of the generated functions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace plumb::bench {

enum class UniformityAxis { Functions, Nesting, CallDepth, All };

struct UniformityShape {
  size_t functions = 0;  // independent functions
  size_t nesting = 0;    // levels of each of the 3 nests (0: no nests)
  size_t callDepth = 0;  // length of the call chain (0: no chain)
};

/// The sizes of each part at factor k (k ≥ 1) for an axis: 20·k functions, 2·k levels,
/// 10·k calls; the other parts are absent unless the axis is All.
UniformityShape uniformityShape(UniformityAxis axis, size_t k);

std::string generateUniformityModule(const UniformityShape& shape, uint64_t seed = 1);

}  // namespace plumb::bench
