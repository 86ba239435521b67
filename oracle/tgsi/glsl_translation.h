// The translation of a TGSI FRAG program of the integer and derivative subset to a GLSL
// fragment shader, for the Mesa oracle of the opcodes ARB assembly cannot say (issue 18,
// docs/tgsi.md "The GLSL oracle"): GL_NV_gpu_program4's integer opcodes and DDX, DDY. Every
// register is a `uvec4` of words, so that the words reach Mesa and come back exactly (floats
// go through uintBitsToFloat and floatBitsToUint); the shader runs on a 2x2 quad and reads
// its pixel's IN registers by gl_FragCoord. Anything outside the subset is refused with a
// located diagnostic whose rule is `tgsi-oracle-glsl-translation`.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "semantics/diagnostic.h"
#include "semantics/source.h"
#include "semantics/tgsi/program.h"

namespace plumb::tgsi {

/// The shader and its uniform layout: `uniform uvec4 u_[...]` holds the IN registers of each
/// pixel (pixel p's register `pixelRegisters[i]` at u_[p * pixelRegisters.size() + i]), then
/// the CONST registers (`sharedRegisters`); output k (`o_k`) is OUT[outputs[k]].
struct GlslProgram {
  std::string text;
  std::vector<std::pair<File, uint32_t>> pixelRegisters;
  std::vector<std::pair<File, uint32_t>> sharedRegisters;
  std::vector<uint32_t> outputs;
  bool quad = false;  // has DDX or DDY: the pixels' inputs differ
  size_t words() const { return 4 * (4 * pixelRegisters.size() + sharedRegisters.size()); }
};

/// Whether the GLSL translation has `opcode` (NOT, AND, OR, XOR, SHL, SHR, MOD, SAD, I2F,
/// DDX, DDY, and MOV, ADD, MUL, KIL, NOP to combine them).
bool glslHasOpcode(const std::string& opcode);

/// Translates `program`; nullopt (with diagnostics) when it is outside the subset.
std::optional<GlslProgram> translateToGlsl(const Program& program, const SourceFile& file,
                                           DiagnosticList& diagnostics);

}  // namespace plumb::tgsi
