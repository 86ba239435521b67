// The translation of TGSI to ARB assembly (oracle/tgsi/arb_translation.h, docs/tgsi.md "The
// Mesa oracle"): the text Mesa gets, the register layout, and the refusals with their rule.
#include "oracle/tgsi/arb_translation.h"

#include <gtest/gtest.h>

#include "semantics/tgsi/parser.h"

namespace plumb::tgsi {
namespace {

struct Translated {
  std::optional<ArbProgram> arb;
  std::vector<std::string> messages;
};

Translated translate(const std::string& text) {
  SourceFile file("t.tgsi", text);
  DiagnosticList diagnostics;
  Translated t;
  std::optional<Program> program = parseProgram(file, diagnostics);
  EXPECT_TRUE(program) << (diagnostics.all().empty() ? "" : diagnostics.all()[0].message);
  if (program) t.arb = translateToArb(*program, file, diagnostics);
  for (const Diagnostic& d : diagnostics.all()) {
    EXPECT_EQ(d.rule, "tgsi-oracle-translation");
    t.messages.push_back(d.message);
  }
  return t;
}

TEST(TgsiArbTranslation, FragmentProgramWithEveryRegisterFileAndModifier) {
  Translated t = translate(
      "FRAG\nDCL IN[0..1]\nDCL CONST[0]\nDCL TEMP[0]\nDCL OUT[0]\n"
      "IMM[0] FLT32 { 0.5, 1.0, 2.0, 0.0}\n"
      "  0: MAD_SAT TEMP[0].xz, -IN[0].yxwz, |CONST[0]|, -|IMM[0].xxxx|\n"
      "  1: RCP OUT[0], IN[1].wzyx\n"
      "  2: FRAC OUT[0].w, TEMP[0]\n"
      "  3: END\n");
  ASSERT_TRUE(t.arb);
  EXPECT_FALSE(t.arb->vertex);
  EXPECT_EQ(t.arb->text,
            "!!ARBfp1.0\nOPTION ARB_draw_buffers;\n"
            "PARAM in0 = program.local[0];\nPARAM in1 = program.local[1];\n"
            "PARAM imm0 = program.local[2];\nPARAM c0 = program.env[0];\n"
            "TEMP t0;\nTEMP o0;\nTEMP s0;\nTEMP s1;\n"
            "ABS s0, c0;\nABS s1, imm0;\n"
            "MAD_SAT t0.xz, -in0.yxwz, s0.xyzw, -s1.xxxx;\n"
            "RCP o0, in1.w;\n"  // a scalar opcode reads the first component of the swizzle
            "FRC o0.w, t0.xyzw;\n"
            "MOV result.color[0], o0;\nMOV result.color[1], 1;\nEND\n");
  ASSERT_EQ(t.arb->locals.size(), 3u);
  EXPECT_EQ(t.arb->locals[2], std::make_pair(File::Immediate, 0u));
  ASSERT_EQ(t.arb->envs.size(), 1u);
  EXPECT_EQ(t.arb->outputs, std::vector<uint32_t>{0});
}

TEST(TgsiArbTranslation, VertexProgramWritesTexcoordsAndThePosition) {
  Translated t = translate(
      "VERT\nDCL IN[0]\nDCL OUT[0..1]\n  0: EXP OUT[1], IN[0].yyyy\n"
      "  1: LOG OUT[0], IN[0].zzzz\n  2: END\n");
  ASSERT_TRUE(t.arb);
  EXPECT_TRUE(t.arb->vertex);
  EXPECT_NE(t.arb->text.find("MOV result.position, vertex.position;\nEXP o1, in0.y;\n"
                             "LOG o0, in0.z;\nMOV result.color.primary, o0;\n"
                             "MOV result.color.secondary, o1;\nEND\n"),
            std::string::npos)
      << t.arb->text;
  EXPECT_EQ(t.arb->text.find("result.color["), std::string::npos);
}

TEST(TgsiArbTranslation, KillsAndNop) {
  Translated t = translate(
      "FRAG\nDCL IN[0]\nDCL OUT[0]\n  0: NOP\n  1: KIL IN[0]\n"
      "  2: KILP\n  3: END\n");
  ASSERT_TRUE(t.arb);
  EXPECT_NE(t.arb->text.find("KIL in0.xyzw;\nKIL {-1, -1, -1, -1};\n"), std::string::npos)
      << t.arb->text;
}

TEST(TgsiArbTranslation, RefusesWhatArbCannotSay) {
  // An opcode outside ARB_fragment_program, and one only ARB_vertex_program has.
  EXPECT_FALSE(translate("FRAG\nDCL IN[0]\nDCL OUT[0]\n  0: SEQ OUT[0], IN[0], IN[0]\n"
                         "  1: EXP OUT[0], IN[0]\n  2: END\n")
                   .arb);
  Translated two = translate(
      "FRAG\nDCL IN[0]\nDCL OUT[0]\n  0: SEQ OUT[0], IN[0], IN[0]\n"
      "  1: EXP OUT[0], IN[0]\n  2: END\n");
  ASSERT_EQ(two.messages.size(), 2u);
  EXPECT_EQ(two.messages[0], "SEQ has no ARB_fragment_program counterpart the oracle uses");
  EXPECT_EQ(two.messages[1], "EXP has no ARB_fragment_program counterpart the oracle uses");
  // Fragment-only opcodes and _SAT in a vertex program.
  Translated vertex = translate(
      "VERT\nDCL IN[0]\nDCL OUT[0]\n  0: CMP OUT[0], IN[0], IN[0], "
      "IN[0]\n  1: ADD_SAT OUT[0], IN[0], IN[0]\n  2: END\n");
  ASSERT_EQ(vertex.messages.size(), 2u);
  EXPECT_EQ(vertex.messages[1], "ARB_vertex_program has no _SAT");
  // Address registers and indirect indexing.
  Translated addr = translate(
      "FRAG\nDCL IN[0]\nDCL CONST[0..3]\nDCL ADDR[0]\nDCL OUT[0]\n"
      "  0: MOV OUT[0], CONST[ADDR[0].x+1]\n  1: END\n");
  EXPECT_FALSE(addr.arb);
  EXPECT_EQ(addr.messages.size(), 2u);
  // A program without outputs.
  EXPECT_FALSE(translate("FRAG\nDCL IN[0]\n  0: NOP\n  1: END\n").arb);
}

}  // namespace
}  // namespace plumb::tgsi
