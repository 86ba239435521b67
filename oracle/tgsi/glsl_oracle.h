// The GLSL half of `plumb tgsi oracle` (issue 18, docs/tgsi.md "The GLSL oracle"): a FRAG
// program of the integer and derivative subset is translated to GLSL
// (oracle/tgsi/glsl_translation.h), run in Mesa on llvmpipe by the GLSL runner
// (oracle/tgsi/glsl_runner.c, compiled by scripts/tgsi_oracle_setup.sh) on edge inputs, each
// case a 2x2 quad, and every word Mesa wrote is compared with the evaluator's outcome sets.
// The report is the ARB oracle's (ProgramReport, stage "glsl"): agree (in an outcome of exact
// or ieee32), flushed (of ieee32-ftz), deviation (a named departure of Mesa, docs/tgsi.md),
// disagree.
#pragma once

#include <string>
#include <vector>

#include "oracle/tgsi/glsl_translation.h"
#include "oracle/tgsi/mesa_oracle.h"

namespace plumb::tgsi {

/// The runner's default path: PLUMB_TGSI_GLSL_RUNNER, else oracle/tgsi/bin/tgsi_glsl_runner of
/// the source tree.
std::string defaultGlslRunner();

/// The opcodes `--glsl all` runs: the integer opcodes and DDX, DDY.
std::vector<std::string> allGlslOpcodes();
/// The program the GLSL oracle runs for one opcode: `FRAG`, `DCL IN[0..n-1]`, `DCL OUT[0]`,
/// the instruction on IN[0], IN[1], ...
std::string glslOpcodeProgramText(const std::string& opcode);

/// The integer edge words: 0, ±1, ±2, 3, -3, 5, ±7, 31, 32, 33, -32, INT_MIN, INT_MIN + 1,
/// INT_MAX, UINT_MAX - 1, 0x55555555, 2^24 + 1, 2^31 - 64, 1.0f's bits.
const std::vector<uint32_t>& integerEdgeValues();

/// The inputs of the GLSL oracle's cases: for an integer program every pair of integer edge
/// words meets in each component of IN[0] and IN[1] (every pixel alike); for a quad program,
/// every pair of binary32 edge values meets in each pixel pair of a row and a column, then
/// `random` cases drawn with `seed`.
std::vector<RunInputs> glslEdgeInputs(const Program& program, const GlslProgram& glsl,
                                      size_t random, uint64_t seed);

/// Runs and compares one translated program; `renderer` receives Mesa's GL_RENDERER.
ProgramReport compareGlslWithMesa(const std::string& name, const Program& program,
                                  const GlslProgram& glsl, const OracleOptions& options,
                                  std::string& renderer);

}  // namespace plumb::tgsi
