// The texture functions of the Direct3D 10/11 profiles (vs_4_0, ps_4_0, vs_5_0, ps_5_0), which
// cgc 3.1 translates to HLSL's Sample, SampleLevel, SampleGrad, Load and GetDimensions: which
// forms it accepts in which stage, with which result types, is cgc's translation, not the
// gp4 pages' OpenGL functions (the manual gives the fetches and sizes for gp4 and gp5 only).
// Measured form by form (docs/ambiguities.md CG-P20; the texture index,
// scripts/cg_texture_index.py, replays them).
#pragma once

#include <string>
#include <vector>

#include "checker/cg/function_signature.h"

namespace plumb::cg {

/// Appends the Direct3D 10/11 vertex and pixel profiles' texture overloads (the standard
/// library's other lookups name these profiles nowhere), those cgc 3.1 rejects with C3004
/// marked `unsupported`.
void addDirect3DTextureFunctions(std::vector<FunctionSignature>& out);

}  // namespace plumb::cg
