// Bad input never crashes the TGSI parser: every prefix of valid programs, and deterministic
// byte-level mutations of them, parse to a program or to diagnostics whose spans lie inside
// the text.
#include <gtest/gtest.h>

#include <random>

#include "tgsi_parse_fixture.h"

namespace plumb::tgsi {
namespace {

const char* kPrograms[] = {
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL TEMP[0..1]\n"
    "DCL CONST[0..3]\nDCL ADDR[0]\nIMM[0] FLT32 {1.0, 2.0, 0.5, 0x7fc00000}\n"
    "  0: ADD TEMP[0].xy, IN[0].xyzw, -|CONST[1]|.wzyx\n"
    "  1: ARL ADDR[0].x, IN[0].xxxx\n"
    "  2: MAD_SAT OUT[0], TEMP[0], CONST[ADDR[0].x+1], IMM[0].wzyx\n"
    "  3: END\n",
    "VERT\nDCL IN[0..1]\nDCL OUT[0..1]\nIMM[0] INT32 {1, -2, 3, 4}\n"
    "  0: SHL OUT[0], IN[0], IMM[0]\n  1: KIL -IN[1]\n  2: LIT OUT[1], |IN[1]|\nEND\n",
};

void expectWellFormed(const std::string& text) {
  auto p = testing::parseText(text);
  EXPECT_TRUE(p->program.has_value() != p->diagnostics.hasErrors());
  for (const Diagnostic& d : p->diagnostics.all()) {
    EXPECT_LE(d.span.begin, d.span.end);
    EXPECT_LE(d.span.end, text.size());
    EXPECT_FALSE(d.rule.empty());
  }
}

TEST(TgsiParserRobustness, ValidProgramsParse) {
  for (const char* p : kPrograms) {
    auto parsed = testing::parseText(p);
    EXPECT_TRUE(parsed->program) << parsed->message();
  }
}

TEST(TgsiParserRobustness, EveryPrefix) {
  for (const char* p : kPrograms) {
    std::string text(p);
    for (size_t n = 0; n <= text.size(); ++n) expectWellFormed(text.substr(0, n));
  }
}

TEST(TgsiParserRobustness, Mutations) {
  std::mt19937 rng(18);
  const std::string alphabet = "[]{}|-+.,:0123456789xyzwADDRCONSTIMMTEMP \n\t\r_\x7f\xff\x00";
  for (int round = 0; round < 3000; ++round) {
    std::string text(kPrograms[round % 2]);
    int edits = 1 + static_cast<int>(rng() % 6);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      size_t at = rng() % text.size();
      switch (rng() % 3) {
        case 0:
          text[at] = alphabet[rng() % alphabet.size()];
          break;
        case 1:
          text.erase(at, 1 + rng() % 8);
          break;
        default:
          text.insert(at, 1, alphabet[rng() % alphabet.size()]);
          break;
      }
    }
    expectWellFormed(text);
  }
}

TEST(TgsiParserRobustness, Garbage) {
  std::mt19937 rng(1818);
  for (int round = 0; round < 500; ++round) {
    std::string text(rng() % 200, '\0');
    for (char& c : text) c = static_cast<char>(rng());
    if (round % 2) text = "FRAG\n" + text;
    expectWellFormed(text);
  }
  expectWellFormed(std::string(100000, '['));
  expectWellFormed("FRAG\n" + std::string(100000, '-') + "\nEND\n");
}

}  // namespace
}  // namespace plumb::tgsi
