// The subset of the Cg standard library Plumb declares. The seed omits the library ("documented
// in spec_stdlib.txt", not included); the signatures below are those of NVIDIA's Cg reference
// manual (Cg Toolkit 3.1, "Standard Library" pages: abs ... texCUBE), transcribed as facts:
// each generic `floatN` entry stands for float, half and fixed, scalar and 1..4 vectors.
// Texture lookups and derivatives are fragment-profile functions (profile specifier `ps`,
// vp40 adds vertex-texture lookups: tex2Dlod), which makes them the library's
// profile-specific overloads (overload step 6).
#pragma once

#include <vector>

#include "checker/cg/function_signature.h"

namespace plumb::cg {

/// Every overload, in a fixed order (the function index the checker records is stable).
const std::vector<FunctionSignature>& standardLibrary();

/// cgc's dialect, extension glsl-functions (docs/ambiguities.md CGD-2): GLSL's `fract`, `mix`,
/// `mod` and `inversesqrt` with the shapes of Cg's `frac`, `lerp`, `fmod` and `rsqrt`, which
/// cgc 3.1 accepts undocumented (its hlslf output: frac, the lerp formula, x - y * floor(x / y),
/// rsqrt); and, in the gp4/gp5 profiles, `texelFetch` and `texelFetchOffset` (GLSL 1.30's).
/// Not in the seed's reading.
const std::vector<FunctionSignature>& glslLibraryExtension();

/// The names of the library functions, each once, sorted (docs/cg.md lists them).
std::vector<std::string> standardLibraryNames();

}  // namespace plumb::cg
