// The litmus parser: the translator's rules (threads and groups, values and reads-from
// constraints, implicit sets), diagnostics with file:line:col, and malformed input of every
// kind (never a crash, never a hang).
#include <gtest/gtest.h>

#include <random>

#include "memmodel/litmus.h"
#include "memmodel/litmus_runner.h"
#include "memmodel_test_util.h"

namespace plumb::memmodel {
namespace {

using testing::litmus;

struct Parsed {
  std::unique_ptr<SourceFile> file;
  DiagnosticList diags;
  std::optional<LitmusTest> test;
};

std::unique_ptr<Parsed> parse(const std::string& text) {
  auto p = std::make_unique<Parsed>();
  p->file = std::make_unique<SourceFile>("t.test", text);
  p->test = parseLitmus(*p->file, p->diags);
  return p;
}

// The first error as "line:col: message".
std::string firstError(const std::string& text) {
  auto p = parse(text);
  for (const Diagnostic& d : p->diags.all())
    if (d.severity == Severity::Error)
      return p->file->positionText(d.span.begin) + ": " + d.message;
  return "no error";
}

TEST(LitmusParser, ThreadsGroupsAndProgramOrder) {
  LitmusTest t = litmus(
      "NEWWG\nNEWSG\nNEWTHREAD\nld.sc0 x\nld.sc0 y\nNEWSG\nNEWTHREAD 7\n"
      "ld.sc0 x\nNEWTHREAD\nld.sc0 z\n");
  ASSERT_EQ(t.program.size(), 4u);
  // A leading NEWTHREAD opens thread 1 (the translator's numbering); then 7, then 8.
  EXPECT_EQ(t.program.events[0].thread, 1u);
  EXPECT_EQ(t.program.events[2].thread, 7u);
  EXPECT_EQ(t.program.events[3].thread, 8u);
  EXPECT_TRUE(t.program.immpo.contains(0, 1));
  EXPECT_FALSE(t.program.immpo.contains(1, 2));
  EXPECT_TRUE(t.program.ssg.contains(2, 3));  // NEWTHREAD without NEWSG: same subgroup
  EXPECT_FALSE(t.program.ssg.contains(1, 2));
  EXPECT_TRUE(t.program.swg.contains(0, 3));
  EXPECT_EQ(t.eventLines, (std::vector<uint32_t>{4, 5, 8, 10}));
}

TEST(LitmusParser, ImplicitSets) {
  LitmusTest t =
      litmus("rmw.scopedev.sc0 x = 0 1\ncbar.acq.scopewg.semsc0 3\nst.av.scopewg.sc0 y\n");
  const Event& rmw = t.program.events[0];
  for (Attr a : {Attr::R, Attr::W, Attr::A, Attr::AV, Attr::VIS, Attr::NONPRIV})
    EXPECT_TRUE(rmw.has(a)) << attrName(a);
  EXPECT_EQ(*rmw.readValue, 0);
  EXPECT_EQ(*rmw.writeValue, 1);
  EXPECT_TRUE(t.program.events[1].has(Attr::F));  // a cbar with acq/rel is a fence
  EXPECT_EQ(t.program.events[1].cbarInstance, 3);
  EXPECT_TRUE(t.program.events[2].has(Attr::NONPRIV));  // av implies nonpriv
}

TEST(LitmusParser, ReadsFromConstraintsFromValues) {
  LitmusTest t = litmus(
      "st.sc0 x = 1\nst.sc0 x\nNEWTHREAD\nld.sc0 x = 1\nld.sc0 x = 0\nld.sc0 x\n"
      "ld.sc0 x = 5\n");
  const auto& rs = t.program.readSources;
  EXPECT_TRUE(rs[2].constrained && rs[2].writes.contains(0) && !rs[2].initAllowed);
  EXPECT_TRUE(rs[3].constrained && rs[3].writes.empty() && rs[3].initAllowed);
  // Omitted values are -1 to the translator: the value-less load is forced to the value-less
  // store (docs/memmodel.md, "Litmus format details").
  EXPECT_TRUE(rs[4].constrained && rs[4].writes.contains(1) && !rs[4].initAllowed);
  EXPECT_FALSE(rs[5].constrained);  // no write of 5: unconstrained
}

TEST(LitmusParser, LinesAndNochains) {
  LitmusTest t = litmus(
      "ld.sc0 x\nSATISFIABLE consistent[X] && #dr=0 // why\n"
      "NOSOLUTION NOCHAINS consistent[X]\nSATISFIABLE\n");
  ASSERT_EQ(t.lines.size(), 3u);
  EXPECT_TRUE(t.lines[0].expectSatisfiable);
  EXPECT_FALSE(t.lines[0].noChains);
  EXPECT_EQ(t.lines[0].line, 2u);
  EXPECT_EQ(t.lines[0].predicateText, " consistent[X] && #dr=0 ");
  EXPECT_FALSE(t.lines[1].expectSatisfiable);
  EXPECT_TRUE(t.lines[1].noChains);
  EXPECT_EQ(toString(*t.lines[2].predicate), "");
}

TEST(LitmusParser, OperandSpellings) {
  LitmusTest t = litmus("st.sc0 x=1\nst.sc0 y =2\nst.sc0 z= 3\nrmw.scopedev.sc0 w = -1 4\n");
  EXPECT_EQ(*t.program.events[0].writeValue, 1);
  EXPECT_EQ(*t.program.events[1].writeValue, 2);
  EXPECT_EQ(*t.program.events[2].writeValue, 3);
  EXPECT_EQ(*t.program.events[3].readValue, -1);
  EXPECT_EQ(t.program.events[2].variable, "z");
}

// litmus-format.txt, read line by line: every token and the set it names, the RMW spelled as
// any permutation of ld.st.atom, NEWQF, events before any NEWTHREAD (thread 0), comment lines,
// blank and whitespace-only lines, CRLF line ends and a last line without a newline.
TEST(LitmusParser, EveryFormOfTheFormatText) {
  const std::pair<const char*, Attr> kTokens[] = {{"st", Attr::W},
                                                  {"ld", Attr::R},
                                                  {"membar", Attr::F},
                                                  {"atom", Attr::A},
                                                  {"acq", Attr::ACQ},
                                                  {"rel", Attr::REL},
                                                  {"sc0", Attr::SC0},
                                                  {"sc1", Attr::SC1},
                                                  {"semsc0", Attr::SEMSC0},
                                                  {"semsc1", Attr::SEMSC1},
                                                  {"scopesg", Attr::SCOPESG},
                                                  {"scopewg", Attr::SCOPEWG},
                                                  {"scopeqf", Attr::SCOPEQF},
                                                  {"scopedev", Attr::SCOPEDEV},
                                                  {"cbar", Attr::CBAR},
                                                  {"avdevice", Attr::AVDEVICE},
                                                  {"visdevice", Attr::VISDEVICE},
                                                  {"semav", Attr::SEMAV},
                                                  {"semvis", Attr::SEMVIS},
                                                  {"av", Attr::AV},
                                                  {"vis", Attr::VIS},
                                                  {"nonpriv", Attr::NONPRIV}};
  for (const auto& [token, attr] : kTokens) {
    std::string line = std::string(token) + (std::string(token) == "cbar" ? " 1\n" : " x\n");
    LitmusTest t = litmus(line);
    ASSERT_EQ(t.program.size(), 1u) << token;
    EXPECT_TRUE(t.program.events[0].has(attr)) << token;
  }
  // "Atomic RMWs can be expressed as either ld.st.atom (or any permutation of that), or
  // simply as rmw ... treat value as the read value" and value2 as the written one.
  for (const char* rmw : {"ld.st.atom", "atom.ld.st", "st.atom.ld", "rmw"}) {
    LitmusTest t = litmus(std::string(rmw) + ".scopedev.sc0 x = 3 4\n");
    const Event& e = t.program.events[0];
    EXPECT_TRUE(e.has(Attr::R) && e.has(Attr::W) && e.has(Attr::A)) << rmw;
    EXPECT_EQ(*e.readValue, 3) << rmw;
    EXPECT_EQ(*e.writeValue, 4) << rmw;
  }
  LitmusTest t = litmus(
      "// a comment line\r\nld.sc0 a\r\n\r\n   \r\nNEWQF\r\nNEWWG\r\nNEWSG\r\nNEWTHREAD\r\n"
      "ld.sc0 b\r\nNEWQF\nNEWWG\nNEWSG\nNEWTHREAD\nld.sc0 c\nSATISFIABLE consistent[X]");
  ASSERT_EQ(t.program.size(), 3u);
  EXPECT_EQ(t.program.events[0].thread, 0u);  // before any NEWTHREAD: thread 0
  EXPECT_EQ(t.program.events[1].thread, 1u);
  EXPECT_EQ(t.program.events[2].thread, 2u);
  EXPECT_EQ(t.program.events[1].variable, "b");  // no '\r' left in names
  EXPECT_FALSE(t.program.sqf.contains(0, 1));    // NEWQF opens a new queue family
  EXPECT_FALSE(t.program.sqf.contains(1, 2));
  ASSERT_EQ(t.lines.size(), 1u);  // the last line, without a newline
  EXPECT_EQ(t.eventLines, (std::vector<uint32_t>{2, 9, 14}));
}

TEST(LitmusParser, ErrorsPointAtLineAndColumn) {
  EXPECT_EQ(firstError("ld.sc0 x\nld.foo.sc0 x\n"),
            "2:4: unknown token 'foo' (expected an instruction, a directive, or one of the tokens "
            "of litmus-format.txt)");
  EXPECT_EQ(firstError("ld..sc0 x\n"), "1:4: empty token in opcode 'ld..sc0'");
  EXPECT_EQ(firstError("st.sc0 x = one\n"), "1:12: expected an integer value");
  EXPECT_EQ(firstError("st.sc0 x 1\n"), "1:10: expected '=' after the variable");
  EXPECT_EQ(firstError("st.sc0 x =\n"), "1:10: expected a value after '='");
  EXPECT_EQ(firstError("rmw.scopedev.sc0 x = 1 2 3\n"), "1:26: unexpected operand");
  EXPECT_EQ(firstError("cbar.scopewg\n"), "1:1: cbar needs a dynamic instance number");
  EXPECT_EQ(firstError("cbar.scopewg one\n"), "1:14: expected a cbar instance number");
  EXPECT_EQ(firstError("NEWTHREAD x\n"), "1:11: expected a thread number");
  EXPECT_EQ(firstError("NEWTHREAD 3\nld.sc0 x\nNEWTHREAD 3\n"),
            "3:1: thread 3 already has instructions");
  EXPECT_EQ(firstError("NEWWG 2\n"), "1:7: unexpected operand");
  EXPECT_EQ(firstError("ld.sc0 x\nSSW 0\n"), "2:1: SSW takes two thread numbers: SSW a b");
  EXPECT_EQ(firstError("ld.sc0 x\nSSW 0 4\n"),
            "2:7: SSW names thread 4, which has no instructions");
  EXPECT_EQ(firstError("SLOC x\n"), "1:1: SLOC takes two variable names: SLOC a b");
  EXPECT_EQ(firstError("ld.sc0 x\nSATISFIABLE consistent[X] &&& 1\n"),
            "2:29: expected a formula or an expression");
  EXPECT_EQ(firstError("ld.sc0 x\nSATISFIABLE consistent[X] NOCHAINS\n"),
            "2:27: NOCHAINS must follow SATISFIABLE/NOSOLUTION directly");
  EXPECT_EQ(firstError("st.sc0 = 1\n"), "1:8: expected a variable name before '='");
}

TEST(LitmusParser, WarningsMirrorTheTranslator) {
  auto p = parse(
      "ld.atom.sc0 x\nmembar.scopewg.semsc0\nld.scopewg x\nst.sc0 x = 1 2\n"
      "SATISFIABLE consistent[X]\n");
  ASSERT_TRUE(p->test.has_value());
  std::vector<std::string> warnings;
  for (const Diagnostic& d : p->diags.all())
    if (d.severity == Severity::Warning) warnings.push_back(d.message);
  EXPECT_EQ(warnings, (std::vector<std::string>{
                          "atomic or barrier or av/vis without scope", "membar without acq or rel",
                          "ACQ+REL = SEMSC0+SEMSC1", "read or write without storage class",
                          "second value requires RMW atomic"}));
}

TEST(LitmusParser, TooManyInstructionsIsAnError) {
  std::string text;
  for (uint32_t i = 0; i <= kMaxLitmusEvents; ++i) text += "ld.sc0 x\n";
  EXPECT_EQ(firstError(text), std::to_string(kMaxLitmusEvents + 1) + ":1: more than " +
                                  std::to_string(kMaxLitmusEvents) + " instructions");
}

// Fuzz-style: mutations of a valid test (byte flips, deletions, duplications, splices of
// tokens) must parse or be rejected with diagnostics, and whatever parses must run to a
// verdict under a small execution bound.
TEST(LitmusParser, MalformedInputNeverCrashesOrHangs) {
  const std::string seed =
      "NEWWG\nNEWSG\nNEWTHREAD 0\nst.av.scopedev.sc0 x = 1\nst.atom.rel.scopewg.sc0.semsc0 y = 1\n"
      "cbar.acq.rel.scopewg.semsc0 1\nNEWSG\nNEWTHREAD 1\nld.atom.acq.scopewg.sc0.semsc0 y = 1\n"
      "cbar.acq.rel.scopewg.semsc0 1\nrmw.scopewg.sc0 z = 0 1\nld.vis.scopedev.sc0 x\n"
      "SSW 0 1\nSLOC x z\nSATISFIABLE consistent[X] && #dr=0\nNOSOLUTION NOCHAINS (#rs>1)\n";
  const std::vector<std::string> splices = {"\n",    " ",
                                            ".",     "=",
                                            "//",    "NEWTHREAD",
                                            "NEWWG", "SSW 1 0",
                                            "cbar",  "rmw",
                                            "#",     "(",
                                            ")",     "&&",
                                            "-",     "99999999999999999999",
                                            "\r",    std::string(1, '\0')};
  std::mt19937 rng(6);
  int parsed = 0;
  for (int i = 0; i < 400; ++i) {
    std::string text = seed;
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int k = 0; k < edits; ++k) {
      size_t at = rng() % (text.size() + 1);
      switch (rng() % 6) {
        case 0:
          if (at < text.size()) text[at] = static_cast<char>(rng() % 256);
          break;
        case 1:
          text.erase(at, rng() % 12);
          break;
        case 2:
          text.insert(at, splices[rng() % splices.size()]);
          break;
        case 3:
          text.insert(at, text.substr(rng() % text.size(), rng() % 40));
          break;
        default: {  // move a whole line elsewhere (often still well-formed)
          size_t b = text.rfind('\n', at == 0 ? 0 : at - 1);
          b = b == std::string::npos ? 0 : b + 1;
          size_t e = text.find('\n', b);
          if (e == std::string::npos) break;
          std::string line = text.substr(b, e - b + 1);
          text.erase(b, line.size());
          size_t to = text.empty() ? 0 : text.find('\n', rng() % text.size());
          text.insert(to == std::string::npos ? text.size() : to + 1, line);
        }
      }
    }
    auto p = parse(text);
    if (!p->test) {
      EXPECT_TRUE(p->diags.hasErrors());
      continue;
    }
    ++parsed;
    for (const LineResult& r : runLitmus(*p->test, 2000)) EXPECT_NE(r.line, nullptr);
  }
  EXPECT_GT(parsed, 40);
}

}  // namespace
}  // namespace plumb::memmodel
