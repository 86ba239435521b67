// TGSI -> GLSL fragment shader (docs/tgsi.md, "The GLSL oracle"). Each TGSI register is a
// `uvec4` of words; an integer opcode works on the words as GLSL's unsigned or signed integers,
// a float opcode reads them with uintBitsToFloat and writes floatBitsToUint of its result. The
// translation of each opcode is the seed's formula in GLSL's words, with the reading Plumb
// cannot leave open in a program: SHR is GLSL's `>>` on `int` (arithmetic), MOD GLSL's `%` on
// `int` (which GLSL leaves undefined for negative operands: whatever Mesa computes is compared
// with Plumb's set, which has both conventions).
#include "oracle/tgsi/glsl_translation.h"

#include "oracle/tgsi/arb_translation.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <string_view>

namespace plumb::tgsi {
namespace {

constexpr const char* kRule = "tgsi-oracle-glsl-translation";
const char kGlslComponents[] = "xyzw";

constexpr std::string_view kOpcodes[] = {"NOT", "AND", "OR",  "XOR", "SHL", "SHR", "MOD", "SAD",
                                         "I2F", "DDX", "DDY", "MOV", "ADD", "MUL", "KIL", "NOP"};

std::string hex(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08xu", v);
  return b;
}

/// A source as a uvec4 of words: the register, swizzled; `|x|` and `-x` (float opcodes only:
/// the parser refuses them on integer opcodes) through the float value.
std::string source(const SourceOperand& s) {
  std::string r = translatedRegisterName(s.reg) + ".";
  for (int c = 0; c < 4; ++c) r += kGlslComponents[s.swizzle[c]];
  if (!s.absolute && !s.negate) return r;
  std::string f = "uintBitsToFloat(" + r + ")";
  if (s.absolute) f = "abs(" + f + ")";
  if (s.negate) f = "-" + f;
  return "floatBitsToUint(" + f + ")";
}

std::string asFloat(const std::string& words) {
  return "uintBitsToFloat(" + words + ")";
}

}  // namespace

bool glslHasOpcode(const std::string& opcode) {
  for (std::string_view o : kOpcodes)
    if (o == opcode) return true;
  return false;
}

std::optional<GlslProgram> translateToGlsl(const Program& program, const SourceFile& file,
                                           DiagnosticList& diagnostics) {
  const size_t before = diagnostics.all().size();
  GlslProgram out;
  if (program.processor != Processor::Fragment) {
    diagnostics.error(&file, program.instructions.empty() ? Span{} : program.instructions[0].span,
                      "the GLSL oracle runs FRAG programs only", kRule);
    return std::nullopt;
  }
  std::string body;
  for (const Declaration& d : program.declarations)
    for (uint32_t i = d.first; i <= d.last; ++i) {
      if (d.file == File::Input) out.pixelRegisters.push_back({File::Input, i});
      if (d.file == File::Constant) out.sharedRegisters.push_back({File::Constant, i});
      if (d.file == File::Output) out.outputs.push_back(i);
      if (d.file == File::Address || d.file == File::Loop)
        diagnostics.error(&file, d.span, "ADDR and LOOP registers are not translated to GLSL",
                          kRule);
      if (d.file == File::Temporary || d.file == File::Output)
        body += "  uvec4 " + std::string(d.file == File::Output ? "o" : "t") + std::to_string(i) +
                " = uvec4(0u);\n";
    }
  const size_t pixelCount = out.pixelRegisters.size();
  for (size_t k = 0; k < pixelCount; ++k)
    body += "  uvec4 in" + std::to_string(out.pixelRegisters[k].second) + " = u_[p * " +
            std::to_string(pixelCount) + " + " + std::to_string(k) + "];\n";
  for (size_t k = 0; k < out.sharedRegisters.size(); ++k)
    body += "  uvec4 c" + std::to_string(out.sharedRegisters[k].second) + " = u_[" +
            std::to_string(4 * pixelCount + k) + "];\n";
  for (size_t i = 0; i < program.immediates.size(); ++i) {
    const auto& w = program.immediates[i].words;
    body += "  const uvec4 imm" + std::to_string(i) + " = uvec4(" + hex(w[0]) + ", " + hex(w[1]) +
            ", " + hex(w[2]) + ", " + hex(w[3]) + ");\n";
  }
  for (const Instruction& inst : program.instructions) {
    const std::string& op = inst.opcode;
    if (!glslHasOpcode(op)) {
      diagnostics.error(&file, inst.opcodeSpan,
                        op + " is not in the GLSL oracle's subset (the integer opcodes, DDX, DDY, "
                             "MOV, ADD, MUL, KIL, NOP)",
                        kRule);
      continue;
    }
    for (const SourceOperand& s : inst.sources)
      if (s.reg.indirect)
        diagnostics.error(&file, s.span, "indirect indexing is not translated to GLSL", kRule);
    std::vector<std::string> src;
    for (const SourceOperand& s : inst.sources) src.push_back(source(s));
    std::string value;  // the result as a uvec4 of words
    bool isFloat = false;
    if (op == "NOP") continue;
    if (op == "KIL") {
      body += "  if (any(lessThan(" + asFloat(src[0]) + ", vec4(0.0)))) discard;\n";
      continue;
    }
    if (op == "MOV") value = src[0];
    if (op == "NOT") value = "~" + src[0];
    if (op == "AND") value = src[0] + " & " + src[1];
    if (op == "OR") value = src[0] + " | " + src[1];
    if (op == "XOR") value = src[0] + " ^ " + src[1];
    // "SHL": the count is src1.x for every component, as the seed writes it.
    if (op == "SHL") value = src[0] + " << " + src[1] + ".x";
    if (op == "SHR") value = "uvec4(ivec4(" + src[0] + ") >> int(" + src[1] + ".x))";
    if (op == "MOD") value = "uvec4(ivec4(" + src[0] + ") % ivec4(" + src[1] + "))";
    if (op == "SAD")
      value =
          "max(" + src[0] + ", " + src[1] + ") - min(" + src[0] + ", " + src[1] + ") + " + src[2];
    if (op == "I2F") value = "floatBitsToUint(vec4(ivec4(" + src[0] + ")))";
    if (op == "ADD" || op == "MUL" || op == "DDX" || op == "DDY") {
      isFloat = true;
      std::string f = op == "ADD"   ? asFloat(src[0]) + " + " + asFloat(src[1])
                      : op == "MUL" ? asFloat(src[0]) + " * " + asFloat(src[1])
                      : op == "DDX" ? "dFdx(" + asFloat(src[0]) + ")"
                                    : "dFdy(" + asFloat(src[0]) + ")";
      if (inst.saturate) f = "clamp(" + f + ", 0.0, 1.0)";
      value = "floatBitsToUint(" + f + ")";
      out.quad = out.quad || op == "DDX" || op == "DDY";
    }
    if (inst.saturate && !isFloat) {
      diagnostics.error(&file, inst.opcodeSpan, "_SAT is translated on float opcodes only", kRule);
      continue;
    }
    for (const DestinationOperand& d : inst.destinations) {
      std::string mask;
      for (int c = 0; c < 4; ++c)
        if (d.writeMask & (1u << c)) mask += kGlslComponents[c];
      body +=
          "  " + translatedRegisterName(d.reg) + "." + mask + " = (" + value + ")." + mask + ";\n";
    }
  }
  if (out.outputs.size() > 7) diagnostics.error(&file, Span{}, "more than 7 OUT registers", kRule);
  if (diagnostics.all().size() != before) return std::nullopt;
  std::string text = "#version 450 compatibility\n";
  text += "uniform uvec4 u_[" + std::to_string(std::max<size_t>(1, out.words() / 4)) + "];\n";
  for (size_t k = 0; k <= out.outputs.size(); ++k)
    text += "layout(location = " + std::to_string(k) + ") out uvec4 o_" + std::to_string(k) + ";\n";
  text += "void main() {\n";
  text +=
      "  ivec2 q = ivec2(gl_FragCoord.xy) & 1;\n  int p = q.x + 2 * q.y;  // (0,0) (1,0) (0,1) "
      "(1,1)\n";
  text += body;
  for (size_t k = 0; k < out.outputs.size(); ++k)
    text += "  o_" + std::to_string(k) + " = o" + std::to_string(out.outputs[k]) + ";\n";
  text += "  o_" + std::to_string(out.outputs.size()) + " = uvec4(1u);  // not discarded\n}\n";
  out.text = text;
  return out;
}

}  // namespace plumb::tgsi
