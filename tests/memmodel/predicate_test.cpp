// Litmus predicates: the Alloy forms litmus tests use, their evaluation, and rejected input.
#include <gtest/gtest.h>

#include "memmodel/predicate.h"

namespace plumb::memmodel {
namespace {

std::string roundTrip(const std::string& text) {
  PredicateError e;
  FormulaPtr f = parsePredicate(text, e);
  return f ? toString(*f) : "error@" + std::to_string(e.offset) + ": " + e.message;
}

TEST(Predicate, FormsOfTheLitmusTests) {
  EXPECT_EQ(roundTrip("consistent[X] && #dr=0"), "(consistent[X] && #dr=0)");
  EXPECT_EQ(roundTrip("consistent[X] && #dr>0"), "(consistent[X] && #dr>0)");
  EXPECT_EQ(roundTrip("consistent[X] && (#rs=2)"), "(consistent[X] && #rs=2)");
  EXPECT_EQ(roundTrip("consistent[X] && (#rs>1)"), "(consistent[X] && #rs>1)");
  EXPECT_EQ(roundTrip("  consistent[X]  "), "consistent[X]");
  EXPECT_EQ(roundTrip("#X.dr = 0"), "#dr=0");
  EXPECT_EQ(roundTrip("!consistent[X] || racefree[X]"), "(!consistent[X] || racefree[X])");
  EXPECT_EQ(roundTrip("not consistent[X] and no X.dr"), "(!consistent[X] && no dr)");
  EXPECT_EQ(roundTrip("consistent[X] => locordcomplete[X]"),
            "(consistent[X] => locordcomplete[X])");
  EXPECT_EQ(roundTrip("some sw && one rf && lone asmo"), "((some sw && one rf) && lone asmo)");
  EXPECT_EQ(roundTrip("#dr != #rf"), "#dr!=#rf");
  EXPECT_EQ(roundTrip("#hb =< 3"), "#hb<=3");
  EXPECT_EQ(roundTrip(""), "");  // an empty predicate holds
}

TEST(Predicate, PrecedenceAndBeforeOr) {
  EXPECT_EQ(roundTrip("racefree[X] || consistent[X] && #dr=0"),
            "(racefree[X] || (consistent[X] && #dr=0))");
}

TEST(Predicate, RejectsWithAnOffset) {
  EXPECT_EQ(roundTrip("consistent[Y]"), "error@11: expected 'consistent[X]'");
  EXPECT_EQ(roundTrip("#foo=1"),
            "error@1: 'foo' is not a set or relation of sig Exec (spirv.als lines 58-121)");
  EXPECT_EQ(roundTrip("consistent[X] &&"), "error@16: expected '#name' or an integer");
  EXPECT_EQ(roundTrip("(consistent[X]"), "error@14: expected ')'");
  EXPECT_EQ(roundTrip("#dr"), "error@3: expected a comparison (=, !=, <, >, <=, >=)");
  EXPECT_EQ(roundTrip("consistent[X] garbage"), "error@14: unexpected text after the predicate");
  EXPECT_EQ(roundTrip("frobnicate[X]").substr(0, 28), "error@0: unknown predicate '");
  EXPECT_EQ(roundTrip("#dr=99999999999999999999999").substr(0, 8), "error@4:");
}

TEST(Predicate, DeepNestingIsAnErrorNotACrash) {
  std::string deep(100000, '(');
  EXPECT_EQ(roundTrip(deep).substr(0, 6), "error@");
  std::string nots(100000, '!');
  EXPECT_EQ(roundTrip(nots + "consistent[X]").substr(0, 6), "error@");
}

TEST(Predicate, ImpliesConsistentDecidesPruning) {
  auto implies = [](const std::string& t) {
    PredicateError e;
    return impliesConsistent(*parsePredicate(t, e));
  };
  EXPECT_TRUE(implies("consistent[X] && #dr=0"));
  EXPECT_TRUE(implies("#dr>0 && consistent[X]"));
  EXPECT_TRUE(implies("(consistent[X] && #dr=0) || (consistent[X] && #rs=2)"));
  EXPECT_FALSE(implies("#dr>0"));
  EXPECT_FALSE(implies("!consistent[X]"));
  EXPECT_FALSE(implies("consistent[X] || #dr>0"));
  EXPECT_FALSE(implies(""));
}

TEST(Predicate, EveryExecFieldIsKnown) {
  for (const char* f :
       {"EV",        "W",        "R",          "F",          "A",           "ACQ",     "REL",
        "SC0",       "SC1",      "SEMSC0",     "SEMSC1",     "SEMSC01",     "SCOPESG", "SCOPEWG",
        "SCOPEQF",   "SCOPEDEV", "CBAR",       "RFINIT",     "AV",          "VIS",     "AVSHADER",
        "VISSHADER", "AVQF",     "VISQF",      "AVWG",       "VISWG",       "AVSG",    "VISSG",
        "SEMAV",     "SEMVIS",   "AVDEVICE",   "VISDEVICE",  "NONPRIV",     "PRIV",    "sthd",
        "immpo",     "pgmsloc",  "ssg",        "swg",        "sqf",         "ssw",     "scbarinst",
        "pgmsref",   "chains",   "po",         "posctosem",  "posemtosc",   "inscope", "mutordatom",
        "sloc",      "sref",     "avvisinc",   "rf",         "asmo",        "rs",      "hypors",
        "fr",        "sw",       "ithbsemsc0", "ithbsemsc1", "ithbsemsc01", "hb",      "avsg",
        "avwg",      "avqf",     "avsh",       "avdv",       "vissg",       "viswg",   "visqf",
        "vissh",     "visdv",    "locord",     "dr",         "visto"})
    EXPECT_TRUE(isExecField(f)) << f;
  EXPECT_FALSE(isExecField("X"));
}

}  // namespace
}  // namespace plumb::memmodel
