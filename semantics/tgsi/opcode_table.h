// The seed's opcodes as data: one row per opcode section of shared/seeds/001_* ("TGSI",
// "Instruction Set"), with its heading (the rule anchor every diagnostic and rule cites), the
// extension it comes from, its operand counts, its formula as the seed writes it, and whether
// Plumb evaluates it. The evaluator's functions are in interpreter/tgsi/opcode_rules.cpp under
// the same names.
#pragma once

#include <span>
#include <string_view>

namespace plumb::tgsi {

enum class OpcodeStatus {
  Evaluated,    // the seed gives a formula; interpreter/tgsi evaluates it
  Tbd,          // the seed says "TBD": refused by name, never guessed
  NotEvaluated  // the seed gives a formula Plumb does not evaluate yet (control flow, quads)
};

/// The exactness classes of shared/spec/other-seeds-inventory.md §2.4: A exact given an
/// arithmetic convention, B transcendental, C under-specified, D TBD.
enum class OpcodeClass { A, B, C, D };

struct OpcodeInfo {
  std::string_view name;     // "ADD"
  std::string_view heading;  // "ADD - Add": the seed's section heading, the rule anchor
  std::string_view origin;   // "GL_NV_vertex_program", ...
  int destinations;          // operand counts of Mesa's tgsi_info (the seed gives none)
  int sources;
  bool integer;  // reads and writes 32-bit integer words (GL_NV_gpu_program4's set)
  OpcodeStatus status;
  OpcodeClass cls;
  std::string_view formula;  // the seed's formula for dst.x (or the whole text)
  std::string_view note;     // why not evaluated, or the reading chosen (docs/ambiguities.md)
};

/// All 105 opcodes of the seed, in its order.
std::span<const OpcodeInfo> opcodeTable();
/// The row of an opcode name (upper case), or nullptr.
const OpcodeInfo* findOpcode(std::string_view name);

}  // namespace plumb::tgsi
