// A TGSI program as Mesa's text format writes it (tgsi_dump / tgsi_text): the processor
// header, declarations, immediates and numbered instructions. The seed (shared/seeds/001_*,
// "TGSI") describes only the opcodes; the text form is Mesa's, restricted to the subset the
// seed's opcodes need (docs/tgsi.md, "The text format"). Independent of the WGSL syntax tree.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "semantics/source.h"

namespace plumb::tgsi {

enum class Processor { Fragment, Vertex, Geometry, Compute };

/// The register files of the subset: IN, OUT, TEMP, CONST, IMM, ADDR, and LOOP (Mesa's old
/// TGSI_FILE_LOOP: the "loop register" BGNFOR and ENDFOR name).
enum class File { Input, Output, Temporary, Constant, Immediate, Address, Loop };
inline constexpr int kFileCount = 7;
const char* fileName(File f);  // "IN", "OUT", ...

/// `DCL FILE[first..last]` (with an optional semantic, which the evaluator ignores).
struct Declaration {
  File file = File::Temporary;
  uint32_t first = 0;
  uint32_t last = 0;
  std::string semantic;  // e.g. "GENERIC[0]", "COLOR", "POSITION"; empty when absent
  Span span;
};

enum class ImmediateType { Float32, Int32, Uint32 };

/// `IMM[n] FLT32 {a, b, c, d}`: four 32-bit words.
struct Immediate {
  ImmediateType type = ImmediateType::Float32;
  std::array<uint32_t, 4> words{};
  Span span;
};

/// `ADDR[i].c` inside a register bracket: `CONST[ADDR[0].x+2]`.
struct IndirectIndex {
  uint32_t addressIndex = 0;
  int component = 0;  // 0..3 = x..w
};

struct RegisterRef {
  File file = File::Temporary;
  int64_t index = 0;  // the literal offset (may be negative with an indirect index)
  std::optional<IndirectIndex> indirect;
  Span span;
};

struct SourceOperand {
  RegisterRef reg;
  std::array<int, 4> swizzle{0, 1, 2, 3};
  bool negate = false;
  bool absolute = false;
  Span span;
};

struct DestinationOperand {
  RegisterRef reg;
  uint8_t writeMask = 0xF;  // bit c = component c written
  Span span;
};

struct Instruction {
  uint32_t label = 0;     // the `N:` number, or the position when absent
  std::string opcode;     // upper case, without `_SAT`
  bool saturate = false;  // `_SAT`
  std::vector<DestinationOperand> destinations;
  std::vector<SourceOperand> sources;
  std::optional<uint32_t> target;  // BRA and CAL: `:N`, the label of an instruction
  /// BGNFOR: the position of its matching ENDFOR; ENDFOR: of its BGNFOR (nesting, as
  /// tgsi_sanity pairs them).
  std::optional<size_t> match;
  Span targetSpan;
  Span span;
  Span opcodeSpan;
};

struct Program {
  Processor processor = Processor::Fragment;
  std::vector<Declaration> declarations;
  std::vector<Immediate> immediates;
  std::vector<Instruction> instructions;  // up to and without END
  uint32_t endLabel = 0;                  // END's `N:` label, or its position
};

}  // namespace plumb::tgsi
