// TGSI -> ARB_fragment_program / ARB_vertex_program (docs/tgsi.md, "The Mesa oracle").
//
// The registers: IN and the immediates become program.local parameters and CONST becomes
// program.env parameters, so that the oracle sets every input by its bits (an ARB program's
// decimal constants cannot say NaN, infinity or every subnormal). TEMP[i] is `t<i>`; OUT[i] is
// written through the temporary `o<i>` (TGSI may read an OUT; ARB cannot read a result) and
// copied to the result at the end. A source's absolute value, which ARB has no modifier for,
// goes through an ABS into a scratch temporary; the negation and the swizzle stay modifiers.
#include "oracle/tgsi/arb_translation.h"

#include <map>
#include <set>
#include <string_view>

namespace plumb::tgsi {
namespace {

constexpr const char* kArbRule = "tgsi-oracle-translation";

struct ArbOp {
  std::string_view tgsi;
  std::string_view arb;
  bool fragment;  // in ARB_fragment_program
  bool vertex;    // in ARB_vertex_program
  bool scalar;    // ARB takes scalar operands (src.c) and replicates the result
};

// The GL_NV/ARB subset: the TGSI opcodes whose ARB instruction computes the seed's formula.
// SCS is left out: ARB_fragment_program's SCS may not write z and w, which TGSI's does.
constexpr ArbOp kOps[] = {
    {"ABS", "ABS", true, true, false},  {"ADD", "ADD", true, true, false},
    {"CMP", "CMP", true, false, false}, {"COS", "COS", true, false, true},
    {"DP3", "DP3", true, true, false},  {"DP4", "DP4", true, true, false},
    {"DPH", "DPH", true, true, false},  {"DST", "DST", true, true, false},
    {"EX2", "EX2", true, true, true},   {"EXP", "EXP", false, true, true},
    {"FLR", "FLR", true, true, false},  {"FRAC", "FRC", true, true, false},
    {"KIL", "KIL", true, false, false}, {"LG2", "LG2", true, true, true},
    {"LIT", "LIT", true, true, false},  {"LOG", "LOG", false, true, true},
    {"LRP", "LRP", true, false, false}, {"MAD", "MAD", true, true, false},
    {"MAX", "MAX", true, true, false},  {"MIN", "MIN", true, true, false},
    {"MOV", "MOV", true, true, false},  {"MUL", "MUL", true, true, false},
    {"POW", "POW", true, true, true},   {"RCP", "RCP", true, true, true},
    {"RSQ", "RSQ", true, true, true},   {"SGE", "SGE", true, true, false},
    {"SIN", "SIN", true, false, true},  {"SLT", "SLT", true, true, false},
    {"SUB", "SUB", true, true, false},  {"XPD", "XPD", true, true, false},
    {"NOP", "", true, true, false},     {"KILP", "KIL", true, false, false},
};

const ArbOp* findOp(const std::string& name) {
  for (const ArbOp& op : kOps)
    if (op.tgsi == name) return &op;
  return nullptr;
}

const char kComponents[] = "xyzw";

}  // namespace

std::string translatedRegisterName(const RegisterRef& r) {
  const std::string i = std::to_string(r.index);
  switch (r.file) {
    case File::Input:
      return "in" + i;
    case File::Constant:
      return "c" + i;
    case File::Immediate:
      return "imm" + i;
    case File::Temporary:
      return "t" + i;
    case File::Output:
      return "o" + i;
    case File::Address:
      return "a" + i;
    case File::Loop:
      return "l" + i;
  }
  return "?";
}

std::string arbOpcode(const std::string& tgsiOpcode, bool vertex) {
  const ArbOp* op = findOp(tgsiOpcode);
  if (!op || !(vertex ? op->vertex : op->fragment)) return "";
  return std::string(op->arb.empty() ? "NOP" : op->arb);
}

std::optional<ArbProgram> translateToArb(const Program& program, const SourceFile& file,
                                         DiagnosticList& diagnostics) {
  ArbProgram out;
  bool ok = true;
  auto refuse = [&](Span span, const std::string& message) {
    diagnostics.error(&file, span, message, kArbRule);
    ok = false;
  };
  if (program.processor != Processor::Fragment && program.processor != Processor::Vertex) {
    refuse(Span{}, "only FRAG and VERT programs have ARB counterparts");
    return std::nullopt;
  }
  out.vertex = program.processor == Processor::Vertex;
  const char* kind = out.vertex ? "ARB_vertex_program" : "ARB_fragment_program";

  std::set<uint32_t> inputs, constants, temporaries, outputs;
  for (const Declaration& d : program.declarations) {
    std::set<uint32_t>* into = nullptr;
    switch (d.file) {
      case File::Input:
        into = &inputs;
        break;
      case File::Constant:
        into = &constants;
        break;
      case File::Temporary:
        into = &temporaries;
        break;
      case File::Output:
        into = &outputs;
        break;
      default:
        refuse(d.span, std::string("the ") + fileName(d.file) + " file has no counterpart in " +
                           kind + " that the oracle uses");
        continue;
    }
    for (uint64_t i = d.first; i <= d.last; ++i) into->insert(static_cast<uint32_t>(i));
  }
  if (outputs.empty()) refuse(Span{}, "the program declares no OUT register");
  if (outputs.size() > 7) refuse(Span{}, "at most 7 OUT registers (the oracle's render targets)");
  if (inputs.size() + program.immediates.size() > 64 || constants.size() > 64)
    refuse(Span{}, "at most 64 IN and IMM registers and 64 CONST registers");

  std::string body;
  int scratch = 0;
  auto source = [&](const SourceOperand& s, bool scalar) -> std::string {
    if (s.reg.indirect) {
      refuse(s.span, "indirect indexing is not translated");
      return "";
    }
    if (s.reg.file == File::Address) {
      refuse(s.span, "the ADDR file is not translated");
      return "";
    }
    std::string name = translatedRegisterName(s.reg);
    if (s.absolute) {
      std::string t = "s" + std::to_string(scratch++);
      body += "ABS " + t + ", " + name + ";\n";
      name = t;
    }
    std::string text = (s.negate ? "-" : "") + name + ".";
    if (scalar) return text + kComponents[s.swizzle[0]];
    for (int c : s.swizzle) text += kComponents[c];
    return text;
  };

  for (const Instruction& ins : program.instructions) {
    const ArbOp* op = findOp(ins.opcode);
    if (!op || !(out.vertex ? op->vertex : op->fragment)) {
      refuse(ins.opcodeSpan, ins.opcode + " has no " + kind + " counterpart the oracle uses");
      continue;
    }
    if (ins.opcode == "NOP") continue;
    if (ins.saturate && out.vertex) {
      refuse(ins.opcodeSpan, "ARB_vertex_program has no _SAT");
      continue;
    }
    if (ins.opcode == "KILP") {
      body += "KIL {-1, -1, -1, -1};\n";
      continue;
    }
    std::string line = std::string(op->arb) + (ins.saturate ? "_SAT" : "");
    std::vector<std::string> operands;
    for (const DestinationOperand& d : ins.destinations) {
      if (d.reg.indirect || (d.reg.file != File::Temporary && d.reg.file != File::Output)) {
        refuse(d.span, "only TEMP and OUT destinations are translated");
        continue;
      }
      std::string text = translatedRegisterName(d.reg);
      if (d.writeMask != 0xF) {
        text += ".";
        for (int c = 0; c < 4; ++c)
          if (d.writeMask & (1 << c)) text += kComponents[c];
      }
      operands.push_back(text);
    }
    for (const SourceOperand& s : ins.sources) operands.push_back(source(s, op->scalar));
    for (size_t i = 0; i < operands.size(); ++i) line += (i ? ", " : " ") + operands[i];
    body += line + ";\n";
  }
  if (!ok) return std::nullopt;

  std::string text = out.vertex ? "!!ARBvp1.0\n" : "!!ARBfp1.0\nOPTION ARB_draw_buffers;\n";
  for (uint32_t i : inputs) {
    text += "PARAM in" + std::to_string(i) + " = program.local[" +
            std::to_string(out.locals.size()) + "];\n";
    out.locals.push_back({File::Input, i});
  }
  for (uint32_t i = 0; i < program.immediates.size(); ++i) {
    text += "PARAM imm" + std::to_string(i) + " = program.local[" +
            std::to_string(out.locals.size()) + "];\n";
    out.locals.push_back({File::Immediate, i});
  }
  for (uint32_t i : constants) {
    text += "PARAM c" + std::to_string(i) + " = program.env[" + std::to_string(out.envs.size()) +
            "];\n";
    out.envs.push_back({File::Constant, i});
  }
  for (uint32_t i : temporaries) text += "TEMP t" + std::to_string(i) + ";\n";
  for (uint32_t i : outputs) text += "TEMP o" + std::to_string(i) + ";\n";
  for (int i = 0; i < scratch; ++i) text += "TEMP s" + std::to_string(i) + ";\n";
  if (out.vertex) text += "MOV result.position, vertex.position;\n";
  text += body;
  // Vertex results reach the render target through the runner's fragment program: the first
  // two as flat colours (bit for bit), the others as texture coordinates (interpolated on a
  // point: -0 may become +0 and subnormals 0; docs/tgsi.md).
  for (uint32_t i : outputs) {
    const size_t n = out.outputs.size();
    const std::string result = !out.vertex ? "color[" + std::to_string(n) + "]"
                               : n == 0    ? "color.primary"
                               : n == 1    ? "color.secondary"
                                           : "texcoord[" + std::to_string(n) + "]";
    text += "MOV result." + result + ", o" + std::to_string(i) + ";\n";
    out.outputs.push_back(i);
  }
  // The discard marker (docs/tgsi.md): written last, so it stays 0 where KIL discarded.
  if (!out.vertex) text += "MOV result.color[" + std::to_string(out.outputs.size()) + "], 1;\n";
  text += "END\n";
  out.text = std::move(text);
  return out;
}

}  // namespace plumb::tgsi
