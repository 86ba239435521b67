// The TGSI text parser: the accepted subset, and one test per diagnostic (rule anchor and the
// text its span covers).
#include <gtest/gtest.h>

#include "semantics/tgsi/opcode_table.h"
#include "tgsi_parse_fixture.h"

namespace plumb::tgsi {
namespace {

using testing::parseText;

const char* kPreamble =
    "FRAG\nDCL IN[0..2]\nDCL OUT[0]\nDCL TEMP[0..1]\nDCL CONST[0..3]\nDCL ADDR[0]\nDCL "
    "LOOP[0]\n";

std::unique_ptr<testing::Parsed> parseBody(const std::string& body) {
  return parseText(std::string(kPreamble) + body + "END\n");
}

TEST(TgsiParser, ParsesTheSupportedSubset) {
  auto p = parseText(
      "FRAG\n"
      "PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL OUT[0], COLOR\n"
      "DCL TEMP[0..3]\n"
      "DCL CONST[0..1]\n"
      "DCL ADDR[0]\n"
      "IMM[0] FLT32 {    1.0000,     2.0000,     0.5000, 0x7fc00000}\n"
      "IMM[1] INT32 {-1, 2, 3, 4}\n"
      "IMM UINT32 {4294967295, 0, 1, 2}\n"
      "  0: ADD TEMP[0].xy, IN[0].xyzw, -|CONST[1]|.wzyx\n"
      "  1: mad_sat TEMP[1], -IN[0].xxxx, |CONST[0].yyyy|, IMM[0]\n"
      "  2: ARL ADDR[0].x, IN[0].xxxx\n"
      "  3: MOV OUT[0], CONST[ADDR[0].x+1]\n"
      "  4: AND TEMP[2], IMM[1], IMM[2]\n"
      "  5: END\n");
  ASSERT_TRUE(p->program) << p->message();
  const Program& prog = *p->program;
  EXPECT_EQ(prog.processor, Processor::Fragment);
  ASSERT_EQ(prog.declarations.size(), 5u);
  EXPECT_EQ(prog.declarations[0].semantic, "GENERIC[0], PERSPECTIVE");
  EXPECT_EQ(prog.declarations[2].last, 3u);
  ASSERT_EQ(prog.immediates.size(), 3u);
  EXPECT_EQ(prog.immediates[0].words[0], 0x3F800000u);
  EXPECT_EQ(prog.immediates[0].words[3], 0x7FC00000u);
  EXPECT_EQ(prog.immediates[1].words[0], 0xFFFFFFFFu);
  EXPECT_EQ(prog.immediates[2].words[0], 0xFFFFFFFFu);
  ASSERT_EQ(prog.instructions.size(), 5u);
  const Instruction& add = prog.instructions[0];
  EXPECT_EQ(add.opcode, "ADD");
  EXPECT_EQ(add.destinations[0].writeMask, 0x3);
  EXPECT_TRUE(add.sources[1].negate);
  EXPECT_TRUE(add.sources[1].absolute);
  EXPECT_EQ(add.sources[1].swizzle, (std::array<int, 4>{3, 2, 1, 0}));
  const Instruction& mad = prog.instructions[1];
  EXPECT_EQ(mad.opcode, "MAD");
  EXPECT_TRUE(mad.saturate);
  EXPECT_TRUE(mad.sources[0].negate);
  EXPECT_FALSE(mad.sources[0].absolute);
  EXPECT_TRUE(mad.sources[1].absolute);
  EXPECT_EQ(mad.sources[1].swizzle, (std::array<int, 4>{1, 1, 1, 1}));
  const Instruction& mov = prog.instructions[3];
  ASSERT_TRUE(mov.sources[0].reg.indirect);
  EXPECT_EQ(mov.sources[0].reg.index, 1);
  EXPECT_EQ(mov.label, 3u);
}

struct Case {
  const char* name;
  std::string text;  // a whole program, or a body after kPreamble when `body`
  bool body;
  const char* rule;
  const char* span;  // the text the diagnostic points at
};

class TgsiParserDiagnostic : public ::testing::TestWithParam<Case> {};

TEST_P(TgsiParserDiagnostic, NamesItsRuleAndPointsAtTheText) {
  const Case& c = GetParam();
  auto p = c.body ? parseBody(c.text) : parseText(c.text);
  EXPECT_FALSE(p->program);
  EXPECT_EQ(p->rule(), c.rule) << p->message();
  EXPECT_EQ(p->spanText(), c.span) << p->message();
}

const Case kCases[] = {
    {"MissingHeader", "DCL IN[0]\nEND\n", false, "tgsi-text-header", "DCL"},
    {"EmptyFile", "", false, "tgsi-text-header", ""},
    {"TessellationHeader", "TESS_CTRL\nEND\n", false, "tgsi-text-header", "TESS_CTRL"},
    {"NoEnd", "FRAG\nDCL OUT[0]\n", false, "tgsi-text-end", ""},
    {"TextAfterEnd", "FRAG\nEND\nMOV OUT[0], IN[0]\n", false, "tgsi-text-end",
     "MOV OUT[0], IN[0]\n"},
    {"TrailingText", "  0: MOV OUT[0], IN[0] junk\n", true, "tgsi-text-instruction", "junk"},
    {"DeclarationFileOutsideSubset", "DCL SAMP[0]\n", true, "tgsi-text-declaration", "SAMP"},
    {"DeclarationOfImmediate", "DCL IMM[0]\n", true, "tgsi-text-declaration", "IMM"},
    {"DeclarationWithoutFile", "DCL [0]\n", true, "tgsi-text-declaration", "["},
    {"DeclarationWithoutIndex", "DCL TEMP[]\n", true, "tgsi-text-declaration", "]"},
    {"DeclarationEmptyRange", "DCL TEMP[3..1]\n", true, "tgsi-text-declaration", "3..1"},
    {"DeclarationTooLarge", "DCL TEMP[0..5000]\n", true, "tgsi-text-declaration", "0..5000"},
    {"DeclarationTwoDimensional", "DCL CONST[0][0..3]\n", true, "tgsi-text-declaration", "["},
    {"DeclarationWriteMask", "DCL OUT[1].xy\n", true, "tgsi-text-declaration", "."},
    {"ImmediateOutOfOrder", "IMM[1] FLT32 {0, 0, 0, 0}\n", true, "tgsi-text-immediate", "1"},
    {"Immediate64", "IMM[0] FLT64 {0, 0}\n", true, "tgsi-text-immediate", "FLT64"},
    {"ImmediateBadType", "IMM[0] HALF {0, 0, 0, 0}\n", true, "tgsi-text-immediate", "HALF"},
    {"ImmediateBadFloat", "IMM[0] FLT32 {1.0, nan, 0, 0}\n", true, "tgsi-text-immediate", "nan"},
    {"ImmediateThreeValues", "IMM[0] FLT32 {1.0, 2.0, 3.0}\n", true, "tgsi-text-immediate", "}"},
    {"ImmediateIntOutOfRange", "IMM[0] INT32 {2147483648, 0, 0, 0}\n", true, "tgsi-text-immediate",
     "2147483648"},
    {"ImmediateUintNegative", "IMM[0] UINT32 {-1, 0, 0, 0}\n", true, "tgsi-text-immediate", "-1"},
    {"OperandFileOutsideSubset", "  0: MOV OUT[0], SV[0]\n", true, "tgsi-text-operand", "SV"},
    {"IndirectNotAddress", "  0: MOV OUT[0], CONST[TEMP[0].x]\n", true, "tgsi-text-operand",
     "TEMP"},
    {"IndirectWithoutComponent", "  0: MOV OUT[0], CONST[ADDR[0]]\n", true, "tgsi-text-operand",
     "]"},
    {"OperandTwoDimensional", "  0: MOV OUT[0], CONST[0][1]\n", true, "tgsi-text-operand", "["},
    {"DestinationModifier", "  0: MOV -OUT[0], IN[0]\n", true, "tgsi-text-operand", "-"},
    {"IndirectDestination", "  0: MOV TEMP[ADDR[0].x], IN[0]\n", true, "tgsi-text-operand",
     "TEMP[ADDR[0].x]"},
    {"WriteMaskOutOfOrder", "  0: MOV OUT[0].yx, IN[0]\n", true, "tgsi-text-operand", ".yx"},
    {"SwizzleOfTwo", "  0: MOV OUT[0], IN[0].xy\n", true, "tgsi-text-operand", ".xy"},
    {"SwizzleBadLetter", "  0: MOV OUT[0], IN[0].xyzq\n", true, "tgsi-text-operand", ".xyzq"},
    {"AbsoluteNotClosed", "  0: MOV OUT[0], |IN[0]\n", true, "tgsi-text-operand", ""},
    {"IndexTooLarge", "  0: MOV OUT[0], IN[99999999999]\n", true, "tgsi-text-operand",
     "9999999999"},
    {"UnknownOpcode", "  0: FOO OUT[0], IN[0]\n", true, "tgsi-text-instruction", "FOO"},
    {"NotAStatement", "  , OUT[0]\n", true, "tgsi-text-instruction", ","},
    {"LabelWithoutColon", "  0 MOV OUT[0], IN[0]\n", true, "tgsi-text-instruction", "M"},
    {"DerivativeInVertexProgram", "VERT\nDCL IN[0]\nDCL OUT[0]\n  0: DDY OUT[0], IN[0]\nEND\n",
     false, "DDY - Derivative Relative To Y", "DDY"},
    {"LoopDestinationNotLoop", "  0: BGNFOR TEMP[0], CONST[0]\n", true, "BGNFOR - Begin a For-Loop",
     "TEMP[0]"},
    {"LoopSourceNotConstant", "  0: BGNFOR LOOP[0], IN[0]\n", true, "BGNFOR - Begin a For-Loop",
     "IN[0]"},
    {"LoopWithMask", "  0: BGNFOR LOOP[0].xy, CONST[0]\n", true, "BGNFOR - Begin a For-Loop",
     "LOOP[0].xy"},
    {"LoopRegisterWrittenByMov", "  0: MOV LOOP[0], IN[0]\n", true, "tgsi-text-operand", "LOOP[0]"},
    {"EndforWithoutBgnfor", "  0: ENDFOR LOOP[0]\n", true, "ENDFOR - End a For-Loop", "ENDFOR"},
    {"BgnforWithoutEndfor", "  0: BGNFOR LOOP[0], CONST[0]\n", true, "BGNFOR - Begin a For-Loop",
     "BGNFOR"},
    {"BranchWithoutTarget", "  0: BRA\n", true, "BRA - Branch", ""},
    {"BranchWithoutLabel", "  0: CAL :\n", true, "CAL - Subroutine Call", ""},
    {"BranchToUnknownLabel", "  0: BRA :9\n", true, "BRA - Branch", "9"},
    {"PushaOfTemporary", "  0: PUSHA TEMP[0]\n", true, "PUSHA - Push Address Register On Stack",
     "TEMP[0]"},
    {"PopaToTemporary", "  0: POPA TEMP[0]\n", true, "POPA - Pop Address Register From Stack",
     "TEMP[0]"},
    {"SaturatedInteger", "  0: AND_SAT OUT[0], IN[0], IN[1]\n", true, "AND - Bitwise And",
     "AND_SAT"},
    {"TooFewOperands", "  0: ADD OUT[0], IN[0]\n", true, "ADD - Add", ""},
    {"TooManyOperands", "  0: MOV OUT[0], IN[0], IN[1]\n", true, "MOV - Move", ","},
    {"MissingOperands", "  0: MOV\n", true, "MOV - Move", ""},
    {"IntegerModifier", "  0: XOR OUT[0], -IN[0], IN[1]\n", true, "XOR - Bitwise Xor", "-IN[0]"},
    {"WriteToInput", "  0: MOV IN[0], IN[1]\n", true, "tgsi-text-operand", "IN[0]"},
    {"ArlToTemporary", "  0: ARL TEMP[0], IN[0]\n", true, "ARL - Address Register Load", "TEMP[0]"},
    {"MovToAddress", "  0: MOV ADDR[0], IN[0]\n", true, "MOV - Move", "ADDR[0]"},
    {"AddressAsSource", "  0: MOV OUT[0], ADDR[0]\n", true, "tgsi-text-operand", "ADDR[0]"},
    {"UndeclaredRegister", "  0: MOV OUT[0], IN[7]\n", true, "tgsi-text-declaration", "IN[7]"},
    {"UndeclaredImmediate", "  0: MOV OUT[0], IMM[0]\n", true, "tgsi-text-declaration", "IMM[0]"},
    {"UndeclaredAddress", "  0: MOV OUT[0], CONST[ADDR[1].x]\n", true, "tgsi-text-declaration",
     "CONST[ADDR[1].x]"},
};

INSTANTIATE_TEST_SUITE_P(All, TgsiParserDiagnostic, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

// Every opcode the seed leaves TBD is refused by name, citing its section.
TEST(TgsiParser, RefusesEveryTbdOpcodeByName) {
  int refused = 0;
  for (const OpcodeInfo& o : opcodeTable()) {
    if (o.status != OpcodeStatus::Tbd) continue;
    auto p = parseBody("  0: " + std::string(o.name) + " OUT[0], IN[0]\n");
    EXPECT_FALSE(p->program) << o.name;
    EXPECT_EQ(p->rule(), o.heading);
    EXPECT_EQ(p->spanText(), o.name);
    EXPECT_NE(p->message().find("TBD"), std::string::npos) << p->message();
    ++refused;
  }
  EXPECT_EQ(refused, 32);  // other-seeds-inventory.md §2.2: 32 TBD opcodes
}

TEST(TgsiParser, OneDiagnosticPerBadLine) {
  auto p = parseBody("  0: FOO OUT[0]\n  1: MOV OUT[0].yx, IN[0]\n  2: TEX OUT[0], IN[0]\n");
  ASSERT_EQ(p->diagnostics.all().size(), 3u);
  EXPECT_EQ(p->diagnostics.all()[2].rule, "TEX - Texture Lookup");
}

TEST(TgsiOpcodeTable, HasTheSeedsCounts) {
  int total = 0, tbd = 0, evaluated = 0;
  for (const OpcodeInfo& o : opcodeTable()) {
    ++total;
    tbd += o.status == OpcodeStatus::Tbd;
    evaluated += o.status == OpcodeStatus::Evaluated;
    EXPECT_EQ(o.heading.substr(0, o.name.size() + 3), std::string(o.name) + " - ");
  }
  EXPECT_EQ(total, 105);
  EXPECT_EQ(tbd, 32);
  // The 69 formulas of arithmetic, BRA..POPA, BGNFOR, ENDFOR, and DDX, DDY over the quad.
  EXPECT_EQ(evaluated, 73);
  // Every opcode with a formula is evaluated: only the TBD ones are not.
  for (const OpcodeInfo& o : opcodeTable())
    EXPECT_EQ(o.status == OpcodeStatus::Evaluated, o.formula != "TBD") << o.name;
}

}  // namespace
}  // namespace plumb::tgsi
