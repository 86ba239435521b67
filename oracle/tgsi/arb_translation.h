// The translation of a TGSI program of the GL_NV/ARB vertex and fragment program subset to
// ARB_fragment_program or ARB_vertex_program assembly, for the Mesa oracle (issue 18 item 6,
// docs/tgsi.md "The Mesa oracle"). Each TGSI opcode maps to the ARB instruction the seed names
// as its origin (the seed's opcodes come from GL_NV_vertex_program, whose ARB successors have
// the same formulas); anything the ARB languages cannot say is refused with a located
// diagnostic whose rule is `tgsi-oracle-translation`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "semantics/diagnostic.h"
#include "semantics/source.h"
#include "semantics/tgsi/program.h"

namespace plumb::tgsi {

/// The ARB program and how the TGSI registers map onto it: program.local[i] holds
/// `locals[i]` (the IN registers, then the immediates), program.env[i] holds `envs[i]` (CONST),
/// and result i (fragment: result.color[i]; vertex: result.texcoord[i]) is OUT[outputs[i]].
struct ArbProgram {
  bool vertex = false;
  std::string text;
  std::vector<std::pair<File, uint32_t>> locals;
  std::vector<std::pair<File, uint32_t>> envs;
  std::vector<uint32_t> outputs;
};

/// The name a translated program (ARB assembly, GLSL) gives a TGSI register: `in3`, `c0`,
/// `imm1`, `t2`, `o0`, `a0`, `l0`.
std::string translatedRegisterName(const RegisterRef& r);

/// The ARB opcode a TGSI opcode translates to in that kind of program ("" when none).
std::string arbOpcode(const std::string& tgsiOpcode, bool vertex);

/// Translates `program`; nullopt (with diagnostics) when it is outside the ARB subset.
std::optional<ArbProgram> translateToArb(const Program& program, const SourceFile& file,
                                         DiagnosticList& diagnostics);

}  // namespace plumb::tgsi
