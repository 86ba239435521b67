// The relations and axioms of spirv.als, one at a time, on hand-built executions: programs from
// litmus text, rf/RFINIT/asmo chosen by hand (no explorer), expectations computed by hand from
// the Alloy definitions the tests name.
#include <gtest/gtest.h>

#include "memmodel/alloy_functions.h"
#include "memmodel/facts.h"
#include "memmodel/model.h"
#include "memmodel_test_util.h"

namespace plumb::memmodel {
namespace {

using testing::execution;
using testing::litmus;
using testing::rel;

// E0 st.av x=1 ; E1 st.rel y=1 | E2 ld.acq y=1 ; E3 ld.vis x — the example mp.test.
const char* kMp =
    "NEWWG\nNEWSG\nNEWTHREAD\n"
    "st.av.scopedev.sc0 x = 1\nst.atom.rel.scopewg.sc0.semsc0 y = 1\n"
    "NEWSG\nNEWTHREAD\n"
    "ld.atom.acq.scopewg.sc0.semsc0 y = 1\nld.vis.scopedev.sc0 x\n";

struct Derived {
  LitmusTest t;
  StaticRelations s;
  Execution x;
  DynamicRelations d;
};

Derived derive(const std::string& text, const testing::ExecutionSpec& spec, bool chains = true) {
  Derived r{litmus(text), {}, {}, {}};
  r.s = deriveStatic(r.t.program, chains);
  r.x = execution(r.t.program, spec);
  r.d = deriveDynamic(r.t.program, r.s, r.x);
  return r;
}

TEST(StaticRelations, ProgramOrderIsPerThreadAndTransitive) {  // po = ^immpo (line 136)
  LitmusTest t = litmus("NEWTHREAD\nld.sc0 x\nld.sc0 y\nld.sc0 z\nNEWTHREAD\nld.sc0 x\n");
  EXPECT_EQ(programOrder(t.program), rel(4, {{0, 1}, {0, 2}, {1, 2}}));
}

TEST(StaticRelations, SameLocationAndReference) {  // sloc (line 148), sref (line 154)
  LitmusTest t = litmus("st.sc0 x = 1\nld.sc0 y\nld.sc0 x\nmembar.acq.scopewg.semsc0\nSLOC x y\n");
  Relation sloc = sameLocation(t.program), sref = sameReference(t.program);
  EXPECT_TRUE(sloc.contains(0, 1) && sloc.contains(1, 2) && sloc.contains(2, 0));
  EXPECT_TRUE(sref.contains(0, 2) && sref.contains(2, 0));
  EXPECT_FALSE(sref.contains(0, 1));  // SLOC aliases locations, not references
  EXPECT_FALSE(sloc.contains(3, 3));  // a fence accesses no location
  EXPECT_TRUE(sloc.contains(1, 1));   // stor[R+W]
}

TEST(StaticRelations, ScopeInclusion) {  // inscope (line 287)
  // qf0: wg0{sg0: E0 wg, E1 sg; sg1: E2 wg, E3 sg}, wg1{E4 wg, E5 dev}; qf1: E6 qf, E7 dev
  LitmusTest t = litmus(
      "NEWQF\nNEWWG\nNEWSG\nNEWTHREAD\nld.atom.scopewg.sc0 a\nld.atom.scopesg.sc0 a\n"
      "NEWSG\nNEWTHREAD\nld.atom.scopewg.sc0 a\nld.atom.scopesg.sc0 a\n"
      "NEWWG\nNEWSG\nNEWTHREAD\nld.atom.scopewg.sc0 a\nld.atom.scopedev.sc0 a\n"
      "NEWQF\nNEWWG\nNEWSG\nNEWTHREAD\nld.atom.scopeqf.sc0 a\nld.atom.scopedev.sc0 a\n");
  Relation in = inScope(t.program);
  EXPECT_TRUE(in.contains(0, 2));   // Workgroup scope, same workgroup
  EXPECT_FALSE(in.contains(0, 4));  // Workgroup scope, other workgroup
  EXPECT_TRUE(in.contains(0, 1));   // Subgroup scope, same subgroup
  EXPECT_FALSE(in.contains(1, 3));  // Subgroup scope, other subgroup
  EXPECT_TRUE(in.contains(5, 7));   // Device scope reaches every queue family
  EXPECT_FALSE(in.contains(6, 0));  // QueueFamily scope does not cross queue families
  EXPECT_TRUE(in.contains(4, 5));   // Workgroup and Device in one workgroup: both >= wg
  EXPECT_FALSE(in.contains(1, 5));  // Subgroup scope does not reach another workgroup
}

TEST(StaticRelations, MutuallyOrderedAtomics) {  // mutordatom (line 293)
  LitmusTest t = litmus(
      "NEWWG\nNEWSG\nNEWTHREAD\nst.atom.scopedev.sc0 x = 1\nst.sc0 x = 2\n"
      "NEWWG\nNEWSG\nNEWTHREAD\nld.atom.scopedev.sc0 x\nld.atom.scopedev.sc0 y\n"
      "ld.atom.scopewg.sc0 x\nSLOC x y\n");
  StaticRelations s = deriveStatic(t.program, true);
  EXPECT_TRUE(s.mutordatom.contains(0, 2));
  EXPECT_FALSE(s.mutordatom.contains(0, 1));  // not an atomic
  EXPECT_FALSE(s.mutordatom.contains(0, 3));  // another reference to the same location
  EXPECT_FALSE(s.mutordatom.contains(0, 4));  // Workgroup scope in another workgroup
  EXPECT_FALSE(s.mutordatom.contains(0, 0));  // - iden
}

TEST(StaticRelations, AvailabilityVisibilityIncludes) {  // avvisinc (line 168)
  LitmusTest t = litmus(
      "st.av.scopedev.sc0 x = "
      "1\nmembar.rel.scopedev.semsc0.semav\nmembar.rel.scopedev.semsc1.semav\n"
      "avdevice\nld.sc1 x\n");
  StaticRelations s = deriveStatic(t.program, true);
  EXPECT_TRUE(s.avvisinc.contains(0, 0));  // per-instruction AV on its own reference
  EXPECT_TRUE(s.avvisinc.contains(0, 4) && s.avvisinc.contains(4, 0));  // AV + sref & sloc
  EXPECT_TRUE(s.avvisinc.contains(0, 1));                               // SC0 -> SEMSC0&SEMAV
  EXPECT_FALSE(s.avvisinc.contains(0, 2));                              // SC0 is not in SEMSC1
  EXPECT_TRUE(s.avvisinc.contains(4, 2));                               // SC1 -> SEMSC1&SEMAV
  EXPECT_TRUE(s.avvisinc.contains(0, 3));                               // (SC0+SC1) -> AVDEVICE
  EXPECT_FALSE(s.avvisinc.contains(3, 0));
}

TEST(StaticRelations, ProgramOrderBetweenClassesAndSemantics) {  // lines 295-296
  LitmusTest t = litmus(
      "st.sc0 x = 1\nmembar.rel.scopewg.semsc0\nmembar.rel.scopewg.semsc1\n"
      "st.sc1 y = 1\n");
  StaticRelations s = deriveStatic(t.program, true);
  EXPECT_EQ(s.posctosem, rel(4, {{0, 1}}));
  EXPECT_EQ(s.posemtosc, rel(4, {{2, 3}}));
}

TEST(DynamicRelations, ReleaseSequenceFollowsImmediateAsmoThroughRmws) {  // rs (line 309)
  // E0 st.rel y=1, E1 st y=3 | E2 rmw y = 1 2  (releaseseq2.test); asmo E0 < E2 < E1.
  const char* text =
      "NEWWG\nNEWSG\nNEWTHREAD\nst.atom.rel.scopewg.sc0.semsc0 y = 1\nst.atom.scopewg.sc0 y = 3\n"
      "NEWSG\nNEWTHREAD\nrmw.scopewg.sc0 y = 1 2\n";
  Derived a = derive(text, {{{0, 2}}, {}, {{0, 2}, {2, 1}, {0, 1}}});
  EXPECT_EQ(a.d.rs, rel(3, {{0, 0}, {0, 2}}));
  EXPECT_EQ(a.d.hypors, rel(3, {{0, 0}, {0, 2}, {1, 1}, {2, 2}}));
  // asmo E0 < E1 < E2: the plain store E1 breaks the sequence.
  Derived b = derive(text, {{{0, 2}}, {}, {{0, 1}, {1, 2}, {0, 2}}});
  EXPECT_EQ(b.d.rs, rel(3, {{0, 0}}));
}

TEST(DynamicRelations, SynchronizesWithAtomicToAtomic) {  // sw (line 315)
  Derived d = derive(kMp, {{{1, 2}, {0, 3}}, {}, {}});
  EXPECT_EQ(d.d.sw, rel(4, {{1, 2}}));
  // Reading the flag's initial value: no sw.
  Derived none = derive(kMp, {{{0, 3}}, {2}, {}});
  EXPECT_TRUE(none.d.sw.empty());
}

TEST(DynamicRelations, SynchronizesWithNeedsScope) {  // sw = inscope & (...)
  std::string twoWg = kMp;
  twoWg.replace(twoWg.find("NEWSG\nNEWTHREAD\nld"), 5, "NEWWG\nNEWSG");
  Derived d = derive(twoWg, {{{1, 2}, {0, 3}}, {}, {}});
  EXPECT_TRUE(d.d.sw.empty());
}

TEST(DynamicRelations, SynchronizesWithFenceToFence) {  // sw fence->fence (line 321)
  // E0 st.av x ; E1 membar.rel ; E2 st y | E3 ld y ; E4 membar.acq ; E5 ld.vis x
  Derived d = derive(
      "NEWWG\nNEWSG\nNEWTHREAD\nst.av.scopedev.sc0 x = 1\nmembar.rel.scopewg.semsc0\n"
      "st.atom.scopewg.sc0 y = 1\nNEWSG\nNEWTHREAD\nld.atom.scopewg.sc0 y = 1\n"
      "membar.acq.scopewg.semsc0\nld.vis.scopedev.sc0 x\n",
      {{{2, 3}, {0, 5}}, {}, {}});
  EXPECT_EQ(d.d.sw, rel(6, {{1, 4}}));
  EXPECT_TRUE(d.d.hb.contains(0, 5));
  EXPECT_TRUE(d.d.locord.contains(0, 5));
}

TEST(DynamicRelations, SynchronizesWithControlBarriers) {  // sw fence->cbar->cbar->fence (325)
  // E0 st.av x ; E1 cbar 1 | E2 cbar 1 ; E3 ld.vis x
  const char* text =
      "NEWWG\nNEWSG\nNEWTHREAD\nst.av.scopewg.sc0 x = 1\ncbar.acq.rel.scopewg.semsc0 1\n"
      "NEWSG\nNEWTHREAD\ncbar.acq.rel.scopewg.semsc0 1\nld.vis.scopewg.sc0 x\n";
  Derived d = derive(text, {{{0, 3}}, {}, {}});
  EXPECT_EQ(d.d.sw, rel(4, {{1, 2}, {2, 1}}));
  EXPECT_TRUE(d.d.locord.contains(0, 3));  // RaW via the workgroup instance domain
  EXPECT_TRUE(racefree(d.d));
}

TEST(DynamicRelations, InterThreadHappensBeforeNeedsTheStorageClassInSemantics) {
  // test0.test: the release names only SEMSC1, so the sc0 write a is not ordered (line 335).
  Derived d = derive(
      "NEWWG\nNEWSG\nNEWTHREAD\nst.av.scopedev.sc0 a = 1\nst.av.scopedev.sc1 b = 1\n"
      "st.atom.rel.scopewg.sc1.semsc1 c = 1\nNEWSG\nNEWTHREAD\n"
      "ld.atom.acq.scopewg.sc1.semsc0.semsc1 c = 1\nld.vis.scopedev.sc0 a\n",
      {{{2, 3}, {0, 4}}, {}, {}});
  EXPECT_TRUE(d.d.sw.contains(2, 3));
  EXPECT_TRUE(d.d.ithbsemsc1.contains(1, 3));
  EXPECT_FALSE(d.d.hb.contains(0, 4));
  EXPECT_TRUE(d.d.dr.contains(0, 4));
}

TEST(DynamicRelations, AvailabilityChainsAndNochains) {  // avsh (line 359), chains (line 85)
  // mp3fence.test: E0 st.av.scopewg x; E1 rel; E2 st y | E3 ld y; E4 acq; E5 rel.dev.semav;
  // E6 st z || E7 ld z; E8 acq.dev; E9 ld.vis.dev x
  const char* text =
      "NEWWG\nNEWSG\nNEWTHREAD\nst.av.scopewg.sc0 x = 1\nmembar.rel.scopewg.semsc0\n"
      "st.atom.scopewg.sc0 y = 1\nNEWSG\nNEWTHREAD\nld.atom.scopewg.sc0 y = 1\n"
      "membar.acq.scopewg.semsc0\nmembar.rel.scopedev.semsc0.semav\nst.atom.scopedev.sc0 z = 1\n"
      "NEWWG\nNEWSG\nNEWTHREAD\nld.atom.scopedev.sc0 z = 1\nmembar.acq.scopedev.semsc0\n"
      "ld.vis.scopedev.sc0 x\n";
  testing::ExecutionSpec spec{{{2, 3}, {6, 7}, {0, 9}}, {}, {}};
  Derived chains = derive(text, spec, true);
  EXPECT_TRUE(chains.d.avwg.contains(0, 0));
  EXPECT_TRUE(chains.d.avsh.contains(0, 5));
  EXPECT_TRUE(chains.d.locord.contains(0, 9));
  EXPECT_TRUE(racefree(chains.d));
  Derived noChains = derive(text, spec, false);
  EXPECT_FALSE(noChains.d.avsh.contains(0, 5));
  EXPECT_FALSE(noChains.d.locord.contains(0, 9));
  EXPECT_TRUE(noChains.d.dr.contains(0, 9));
}

TEST(DynamicRelations, LocationOrderedThroughTheDeviceDomain) {  // locord (lines 380-381)
  // ssw0.test: E0 st x (thread 0) ; E1 avdevice, E2 visdevice (thread 1) ; E3 ld x (thread 2)
  Derived d = derive(
      "NEWWG\nNEWSG\nNEWTHREAD 0\nst.sc0 x = 1\nNEWSG\nNEWTHREAD 1\navdevice\nvisdevice\n"
      "NEWSG\nNEWTHREAD 2\nld.sc0 x\nSSW 0 1\nSSW 1 2\n",
      {{{0, 3}}, {}, {}});
  EXPECT_TRUE(d.t.program.ssw.contains(0, 1) && d.t.program.ssw.contains(2, 3));
  EXPECT_TRUE(d.d.hb.contains(0, 3));
  EXPECT_EQ(d.d.locord, rel(4, {{0, 3}}));
  EXPECT_TRUE(racefree(d.d));
}

TEST(DynamicRelations, FromRead) {  // fr (line 387)
  // corr.test shape: E0 ld x | E1 st x = 2 | E2 st x = 1, asmo E2 -> E1.
  Derived d = derive(
      "NEWWG\nNEWSG\nNEWTHREAD\nld.atom.scopedev.sc0 x\nld.atom.scopedev.sc0 x\n"
      "NEWWG\nNEWSG\nNEWTHREAD\nst.atom.scopedev.sc0 x = 2\n"
      "NEWWG\nNEWSG\nNEWTHREAD\nst.atom.scopedev.sc0 x = 1\n",
      {{{3, 1}}, {0}, {{3, 2}}});
  EXPECT_EQ(d.d.fr, rel(4, {{0, 2}, {0, 3}, {1, 2}}));  // init reads before every write
}

TEST(DynamicRelations, DataRaceAndVisibleTo) {  // dr (line 391), visto (line 394)
  // races.test: two threads of plain private stores.
  Derived d = derive(
      "NEWWG\nNEWSG\nNEWTHREAD\nst.sc0 x = 1\nst.sc0 x = 2\n"
      "NEWWG\nNEWSG\nNEWTHREAD\nst.sc0 x = 3\nld.sc0 x\n",
      {{{2, 3}}, {}, {}});
  EXPECT_TRUE(d.d.dr.contains(0, 2) && d.d.dr.contains(2, 0) && d.d.dr.contains(1, 3));
  EXPECT_FALSE(d.d.dr.contains(0, 1));  // same thread: locord
  EXPECT_FALSE(d.d.dr.contains(2, 3));
  EXPECT_EQ(d.d.visto, rel(4, {{2, 3}}));
  EXPECT_FALSE(racefree(d.d));
}

TEST(Consistency, CyclesAreInconsistent) {  // consistent, first clause (line 399)
  LitmusTest t = litmus(kMp);
  StaticRelations s = deriveStatic(t.program, true);
  Execution good = execution(t.program, {{{1, 2}, {0, 3}}, {}, {}});
  EXPECT_TRUE(consistent(t.program, good, deriveDynamic(t.program, s, good)));
  // The data read reads init although the write is location-ordered before it: fr E3 -> E0.
  Execution stale = execution(t.program, {{{1, 2}}, {3}, {}});
  DynamicRelations d = deriveDynamic(t.program, s, stale);
  EXPECT_TRUE(d.locord.contains(0, 3) && d.fr.contains(3, 0));
  EXPECT_FALSE(consistent(t.program, stale, d));
}

TEST(Consistency, NonAtomicReadOfAShadowedWrite) {  // consistent, second clause (line 402)
  // E0 st.av x=1, E1 st.av x=2, E2 st.rel y | E3 ld.acq y, E4 ld.vis x reading E0.
  LitmusTest t = litmus(
      "NEWWG\nNEWSG\nNEWTHREAD\nst.av.scopedev.sc0 x = 1\nst.av.scopedev.sc0 x = 2\n"
      "st.atom.rel.scopedev.sc0.semsc0 y = 1\nNEWWG\nNEWSG\nNEWTHREAD\n"
      "ld.atom.acq.scopedev.sc0.semsc0 y = 1\nld.vis.scopedev.sc0 x\n");
  StaticRelations s = deriveStatic(t.program, true);
  Execution x = execution(t.program, {{{2, 3}, {0, 4}}, {}, {}});
  DynamicRelations d = deriveDynamic(t.program, s, x);
  EXPECT_TRUE(twoplus(stor(t.program.set(Attr::W)).compose(d.locord)).contains(0, 4));
  // Here the first clause fails too (fr E4->E1, locord E1->E4): for non-atomic reads the
  // second clause is implied by the first, since W0 locord W1 gives fr R->W1.
  EXPECT_FALSE(consistent(t.program, x, d));
  // Reading the latest write is fine.
  Execution latest = execution(t.program, {{{2, 3}, {1, 4}}, {}, {}});
  EXPECT_TRUE(consistent(t.program, latest, deriveDynamic(t.program, s, latest)));
}

TEST(Consistency, LocordCompleteIffRaceFreeOnConsistentExecutions) {  // lines 409, 424-427
  Derived ok = derive(kMp, {{{1, 2}, {0, 3}}, {}, {}});
  EXPECT_TRUE(racefree(ok.d));
  EXPECT_TRUE(locordcomplete(ok.t.program, ok.s, ok.d));
  Derived racy = derive(kMp, {{{0, 3}}, {2}, {}});  // no sync: the data accesses race
  EXPECT_TRUE(consistent(racy.t.program, racy.x, racy.d));
  EXPECT_FALSE(racefree(racy.d));
  EXPECT_FALSE(locordcomplete(racy.t.program, racy.s, racy.d));
}

// --- facts of sig Exec ----------------------------------------------------------------------

std::optional<FactViolation> programFact(const std::string& text) {
  LitmusTest t = litmus(text);
  return checkProgramFacts(t.program, deriveStatic(t.program, true));
}

TEST(Facts, WellFormedProgramsPass) {
  EXPECT_FALSE(programFact(kMp).has_value());
}

TEST(Facts, ViolationsNameTheFact) {
  EXPECT_EQ(programFact("membar.scopewg.semsc0\n")->fact, "F in (ACQ+REL)");
  EXPECT_EQ(programFact("ld.st.scopedev.sc0 x = 1 2\n")->fact, "(R&W) in A");
  EXPECT_EQ(programFact("ld.atom.sc0 x\n")->line, 277);  // atomic without scope
  EXPECT_EQ(programFact("ld.atom.scopewg.scopedev.sc0 x\n")->fact, "no SCOPEWG&SCOPEDEV");
  EXPECT_EQ(programFact("ld.atom.scopewg x\n")->fact, "SC0+SC1 = R+W");
  EXPECT_EQ(programFact("st.acq.sc0 x = 1\n")->fact, "ACQ in ((R&A)+F)");
  EXPECT_EQ(programFact("NEWTHREAD\ncbar.scopewg 1\ncbar.scopewg 1\n")->fact,
            "no scbarinst & rai[po]");
  EXPECT_EQ(programFact("NEWTHREAD\ncbar.scopewg 1\ncbar.scopewg 2\nNEWTHREAD\ncbar.scopewg 2\n"
                        "cbar.scopewg 1\n")
                ->fact,
            "no (po.scbarinst.po & scbarinst)");
  EXPECT_EQ(programFact("NEWTHREAD\ncbar.scopewg 1\nNEWTHREAD\ncbar.scopedev 1\n")->line, 259);
  // NEWWG without NEWSG: the subgroup spans two workgroups.
  EXPECT_EQ(programFact("NEWTHREAD\nld.sc0 x\nNEWWG\nNEWTHREAD\nld.sc0 x\n")->fact, "ssg in swg");
  EXPECT_EQ(programFact("membar.acq.scopewg.semsc0 x\nld.sc0 x\n")->fact,
            "is_equivalence[sloc, R+W]");
}

TEST(Facts, ExecutionFacts) {
  LitmusTest t = litmus(
      "NEWWG\nNEWSG\nNEWTHREAD\nst.atom.scopedev.sc0 x = 1\nNEWWG\nNEWSG\nNEWTHREAD\n"
      "st.atom.scopedev.sc0 x = 2\nld.atom.scopedev.sc0 x\n");
  StaticRelations s = deriveStatic(t.program, true);
  EXPECT_FALSE(checkExecutionFacts(t.program, s, execution(t.program, {{{0, 2}}, {}, {{0, 1}}})));
  EXPECT_EQ(checkExecutionFacts(t.program, s, execution(t.program, {{{0, 2}}, {}, {}}))->line, 302);
  EXPECT_EQ(checkExecutionFacts(t.program, s, execution(t.program, {{}, {}, {{0, 1}}}))->line, 195);
  EXPECT_EQ(
      checkExecutionFacts(t.program, s, execution(t.program, {{{0, 2}, {1, 2}}, {}, {{0, 1}}}))
          ->line,
      188);
  EXPECT_EQ(
      checkExecutionFacts(t.program, s, execution(t.program, {{{0, 2}}, {2}, {{0, 1}}}))->line,
      185);
}

}  // namespace
}  // namespace plumb::memmodel
