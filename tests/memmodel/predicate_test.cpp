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
  EXPECT_EQ(roundTrip("consistent[X] &&"), "error@16: expected a formula or an expression");
  EXPECT_EQ(roundTrip("(consistent[X]"), "error@14: expected ')'");
  EXPECT_EQ(roundTrip("#dr"), "error@3: expected a comparison (=, !=, <, >, <=, >=)");
  EXPECT_EQ(roundTrip("consistent[X] garbage"), "error@14: unexpected text after the predicate");
  EXPECT_EQ(roundTrip("frobnicate[X]").substr(0, 28), "error@0: unknown predicate '");
  EXPECT_EQ(roundTrip("#dr=99999999999999999999999").substr(0, 8), "error@4:");
}

// Relational expressions as the asserts of spirv.als (lines 418-434) write them, and the other
// Alloy forms a predicate pasted into `pred gentest` may use.
TEST(Predicate, RelationalExpressions) {
  EXPECT_EQ(roundTrip("no ((X.sw) & iden)"), "no (sw & iden)");
  EXPECT_EQ(roundTrip("X.locord in X.sloc"), "locord in sloc");
  EXPECT_EQ(roundTrip("!consistent[X] || is_acyclic[X.locord]"),
            "(!consistent[X] || is_acyclic[locord])");
  EXPECT_EQ(roundTrip("no ((X.visto) & ((stor[X.W]) . (X.locord) . (stor[X.R])))"),
            "no (visto & ((stor[W] . locord) . stor[R]))");
  EXPECT_EQ(roundTrip("#(X.rf + X.asmo) >= 2"), "#(rf + asmo)>=2");
  EXPECT_EQ(roundTrip("#X.rf & X.sw = 0"), "#(rf & sw)=0");  // # binds looser than &
  EXPECT_EQ(roundTrip("some X.R - X.RFINIT"), "some (R - RFINIT)");
  EXPECT_EQ(roundTrip("X.rf !in X.hb"), "!rf in hb");
  EXPECT_EQ(roundTrip("X.rf not in X.hb"), "!rf in hb");
  EXPECT_EQ(roundTrip("X.dr = none"), "dr=none");
  EXPECT_EQ(roundTrip("(X.W -> X.R) & X.rf = X.rf"), "((W -> R) & rf)=rf");
  EXPECT_EQ(roundTrip("X.W <: X.locord :> X.R in ^X.hb"), "((W <: locord) :> R) in ^hb");
  EXPECT_EQ(roundTrip("~X.rf . X.rf in iden"), "(~rf . rf) in iden");
  EXPECT_EQ(roundTrip("X.RFINIT . X.sloc = univ"), "(RFINIT . sloc)=univ");
  EXPECT_EQ(roundTrip("strict_partial_order[X.asmo] && is_equivalence[X.sloc, X.R + X.W]"),
            "(strict_partial_order[asmo] && is_equivalence[sloc, (R + W)])");
  EXPECT_EQ(roundTrip("twoplus[rc[imm[rai[*X.po]]]] in E -> E"),
            "twoplus[rc[imm[rai[*po]]]] in (univ -> univ)");
  EXPECT_EQ(roundTrip("#dr=-1"), "#dr=-1");
}

TEST(Predicate, AlloyPrecedenceOfConnectives) {
  // Alloy: || binds loosest, then <=>, then =>, then &&, then !.
  EXPECT_EQ(roundTrip("consistent[X] || racefree[X] => #dr=0"),
            "(consistent[X] || (racefree[X] => #dr=0))");
  EXPECT_EQ(roundTrip("consistent[X] <=> racefree[X] && #dr=0"),
            "(consistent[X] <=> (racefree[X] && #dr=0))");
  EXPECT_EQ(roundTrip("consistent[X] iff racefree[X]"), "(consistent[X] <=> racefree[X])");
  EXPECT_EQ(roundTrip("consistent[X] => racefree[X] => #dr=0"),
            "(consistent[X] => (racefree[X] => #dr=0))");
  EXPECT_EQ(roundTrip("consistent[X] => #dr=0 else #dr>0"), "(consistent[X] => #dr=0 else #dr>0)");
  EXPECT_EQ(roundTrip("!#dr=0"), "!#dr=0");  // comparison binds tighter than !
}

TEST(Predicate, SortErrors) {
  EXPECT_EQ(roundTrip("X.dr").substr(0, 37), "error@0: expected a formula, found a ");
  EXPECT_EQ(roundTrip("#dr in rf").substr(0, 8), "error@0:");
  EXPECT_EQ(roundTrip("rf in W").substr(0, 8), "error@6:");       // arity
  EXPECT_EQ(roundTrip("W . R = none").substr(0, 8), "error@4:");  // arity 0
  EXPECT_EQ(roundTrip("stor[rf] = iden").substr(0, 8), "error@5:");
  EXPECT_EQ(roundTrip("consistent[X] && rf").substr(0, 8), "error@17");
  EXPECT_EQ(roundTrip("is_acyclic[rf, W]").substr(0, 8), "error@0:");
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
