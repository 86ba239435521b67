// The explorer: it enumerates exactly the candidate executions of sig Exec (checked against a
// brute-force count), prunes soundly (pruning never changes the set of consistent executions),
// honours --max-executions, and reports program facts.
#include <gtest/gtest.h>

#include <set>

#include "memmodel/explorer.h"
#include "memmodel/facts.h"
#include "memmodel_test_util.h"

namespace plumb::memmodel {
namespace {

using testing::litmus;

// Each consistent execution as a string of its choices, to compare enumerations.
std::set<std::string> consistentExecutions(const Program& p, bool prune, ExplorerStats* out) {
  std::set<std::string> seen;
  ExplorerOptions o;
  o.pruneInconsistent = prune;
  o.maxExecutions = 0;
  ExplorerStats s = explore(p, o, [&](const CandidateExecution& c) {
    if (!c.consistent) return Visit::Continue;
    std::string key;
    for (auto [a, b] : c.execution.rf.pairs())
      key += std::to_string(a) + ">" + std::to_string(b) + " ";
    for (EventId r : c.execution.RFINIT.members()) key += "i>" + std::to_string(r) + " ";
    for (auto [a, b] : c.execution.asmo.pairs())
      key += std::to_string(a) + "<" + std::to_string(b) + " ";
    seen.insert(key);
    return Visit::Continue;
  });
  if (out) *out = s;
  return seen;
}

// Three writers and two readers of one location, all Device-scope atomics.
const char* kWide =
    "NEWWG\nNEWSG\nNEWTHREAD\nst.atom.scopedev.sc0 x = 1\nld.atom.scopedev.sc0 x\n"
    "NEWWG\nNEWSG\nNEWTHREAD\nst.atom.scopedev.sc0 x = 2\nld.atom.scopedev.sc0 x\n"
    "NEWWG\nNEWSG\nNEWTHREAD\nst.atom.scopedev.sc0 x = 3\n";

TEST(Explorer, EnumeratesEveryCandidateWithoutPruning) {
  LitmusTest t = litmus(kWide);
  ExplorerOptions o;
  o.pruneInconsistent = false;
  o.maxExecutions = 0;
  ExplorerStats s =
      explore(t.program, o, [](const CandidateExecution&) { return Visit::Continue; });
  // asmo: 3! total orders of the three writes; each read: init or one of 3 writes.
  EXPECT_EQ(s.asmoOrders, 6u);
  EXPECT_EQ(s.complete, 6u * 4u * 4u);
  EXPECT_EQ(s.pruned, 0u);
  EXPECT_LT(s.consistent, s.complete);
}

TEST(Explorer, PruningKeepsExactlyTheConsistentExecutions) {
  for (const char* text : {kWide,
                           "NEWWG\nNEWSG\nNEWTHREAD\nst.av.scopedev.sc0 x = 1\n"
                           "st.atom.rel.scopedev.sc0.semsc0 y = 1\nNEWWG\nNEWSG\nNEWTHREAD\n"
                           "ld.atom.acq.scopedev.sc0.semsc0 y\nld.vis.scopedev.sc0 x\n"
                           "st.atom.scopedev.sc0 y = 2\n"}) {
    LitmusTest t = litmus(text);
    ExplorerStats pruned, full;
    std::set<std::string> a = consistentExecutions(t.program, true, &pruned);
    std::set<std::string> b = consistentExecutions(t.program, false, &full);
    EXPECT_EQ(a, b);
    EXPECT_FALSE(a.empty());
    EXPECT_GT(pruned.pruned, 0u);
    EXPECT_LT(pruned.complete, full.complete);
    EXPECT_EQ(pruned.consistent, full.consistent);
    // Every candidate is either built or counted among the leaves a cut skipped.
    EXPECT_DOUBLE_EQ(static_cast<double>(pruned.complete) + pruned.skipped,
                     static_cast<double>(full.complete));
  }
}

// The explorer derives sw once per read from factors fixed per asmo and reuses hb, the chains
// and locord while a read leaves sw unchanged (explorer.cpp); every candidate it shows must
// carry exactly the relations deriveDynamic computes from the definitions, and the same
// consistency verdict. Programs with releases, acquires, fences, RMWs, barriers and plain
// accesses, with and without pruning.
TEST(Explorer, CachedDerivationEqualsTheDefinitions) {
  const char* programs[] = {
      kWide,
      // MP with a release/acquire flag and an RMW in the release sequence
      "NEWWG\nNEWSG\nNEWTHREAD\nst.av.scopedev.sc0 x = 1\nst.atom.rel.scopedev.sc0.semsc0 y = 1\n"
      "NEWWG\nNEWSG\nNEWTHREAD\nrmw.scopedev.sc0 y = 3 2\n"
      "NEWWG\nNEWSG\nNEWTHREAD\nld.atom.acq.scopedev.sc0.semsc0 y = 4\nld.vis.scopedev.sc0 x\n",
      // fences around relaxed atomics, workgroup scope
      "NEWWG\nNEWSG\nNEWTHREAD\nst.av.scopedev.sc0 x = 1\nmembar.rel.scopewg.semsc0\n"
      "st.atom.scopewg.sc0 y\nNEWSG\nNEWTHREAD\nld.atom.scopewg.sc0 y\n"
      "membar.acq.scopewg.semsc0\nld.vis.scopedev.sc0 x\nst.atom.scopewg.sc0 y = 2\n",
      // control barriers and plain accesses in one workgroup
      "NEWWG\nNEWSG\nNEWTHREAD\nst.nonpriv.sc1 x = 1\ncbar.acq.rel.scopewg.semsc1 0\n"
      "ld.nonpriv.sc1 x\nNEWSG\nNEWTHREAD\ncbar.acq.rel.scopewg.semsc1 0\nld.nonpriv.sc1 x\n"
      "st.nonpriv.sc1 x = 2\n"};
  for (const char* text : programs) {
    LitmusTest t = litmus(text);
    for (bool prune : {true, false}) {
      ExplorerOptions o;
      o.pruneInconsistent = prune;
      o.maxExecutions = 0;
      uint64_t checked = 0;
      explore(t.program, o, [&](const CandidateExecution& c) {
        DynamicRelations d = deriveDynamic(c.program, c.statics, c.execution);
        const Relation DynamicRelations::*fields[] = {
            &DynamicRelations::rs,         &DynamicRelations::hypors,
            &DynamicRelations::sw,         &DynamicRelations::ithbsemsc0,
            &DynamicRelations::ithbsemsc1, &DynamicRelations::ithbsemsc01,
            &DynamicRelations::hb,         &DynamicRelations::avsg,
            &DynamicRelations::avwg,       &DynamicRelations::avqf,
            &DynamicRelations::avsh,       &DynamicRelations::avdv,
            &DynamicRelations::vissg,      &DynamicRelations::viswg,
            &DynamicRelations::visqf,      &DynamicRelations::vissh,
            &DynamicRelations::visdv,      &DynamicRelations::locord,
            &DynamicRelations::fr,         &DynamicRelations::dr,
            &DynamicRelations::visto};
        for (size_t k = 0; k < std::size(fields); ++k)
          EXPECT_TRUE(c.derived.*fields[k] == d.*fields[k]) << text << " relation " << k;
        EXPECT_EQ(c.consistent, consistent(c.program, c.execution, d));
        ++checked;
        return Visit::Continue;
      });
      EXPECT_GT(checked, 0u) << text;
    }
  }
}

// Reads with a single possible source fix rf edges before any asmo is chosen; an asmo order
// that closes a cycle with them and the fr edges they imply is cut at once. Three RMW
// increments whose values force a chain: of the 3! asmo orders only one survives, and the
// consistent executions are those of the unpruned enumeration.
TEST(Explorer, ForcedReadsFromCutAsmoOrdersEarly) {
  LitmusTest t = litmus(
      "NEWWG\nNEWSG\nNEWTHREAD\nrmw.scopedev.sc0 x = 0 1\nNEWWG\nNEWSG\nNEWTHREAD\n"
      "rmw.scopedev.sc0 x = 1 2\nNEWWG\nNEWSG\nNEWTHREAD\nrmw.scopedev.sc0 x = 2 3\n"
      "NEWWG\nNEWSG\nNEWTHREAD\nld.atom.scopedev.sc0 x\n");
  ExplorerStats pruned, full;
  std::set<std::string> a = consistentExecutions(t.program, true, &pruned);
  std::set<std::string> b = consistentExecutions(t.program, false, &full);
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.size(), 4u);  // the chain, and the free read reads init or one of the three
  EXPECT_EQ(full.asmoOrders, 6u);
  EXPECT_EQ(pruned.asmoOrders, 1u);
  EXPECT_GT(pruned.asmoPruned, 0u);
}

TEST(Explorer, SynchronizesWithFactorsEqualTheFiveCases) {
  LitmusTest t = litmus(
      "NEWWG\nNEWSG\nNEWTHREAD\nst.atom.rel.scopewg.sc0.semsc0 y = 1\nmembar.rel.scopewg.semsc0\n"
      "st.atom.scopewg.sc0 y = 2\ncbar.acq.rel.scopewg.semsc0 0\nNEWSG\nNEWTHREAD\n"
      "cbar.acq.rel.scopewg.semsc0 0\nld.atom.acq.scopewg.sc0.semsc0 y\nld.atom.scopewg.sc0 y\n"
      "membar.acq.scopewg.semsc0\n");
  StaticRelations s = deriveStatic(t.program, true);
  ExplorerOptions o;
  o.pruneInconsistent = false;
  uint64_t nonEmpty = 0;
  explore(t.program, o, [&](const CandidateExecution& c) {
    Relation rs = releaseSequence(c.program, c.execution.asmo);
    Relation hypors = hypotheticalReleaseSequence(c.program, c.execution.asmo);
    Relation literal = synchronizesWith(c.program, s, c.execution, rs, hypors);
    Relation factored =
        synchronizesWith(s, synchronizesWithFactors(c.program, s, rs, hypors), c.execution.rf);
    EXPECT_TRUE(literal == factored);
    nonEmpty += literal.count() > 1;  // more than the cbar pair
    return Visit::Continue;
  });
  EXPECT_GT(nonEmpty, 0u);
}

TEST(Explorer, ReadCandidatesFollowSlocAndRestrictions) {
  LitmusTest t = litmus(
      "st.atom.scopedev.sc0 x = 1\nst.atom.scopedev.sc0 y = 2\n"
      "NEWTHREAD\nld.atom.scopedev.sc0 x\nld.atom.scopedev.sc0 x = 1\n"
      "ld.atom.scopedev.sc0 y = 0\nrmw.scopedev.sc0 x = 1 1\n");
  StaticRelations s = deriveStatic(t.program, true);
  ReadCandidates free = readCandidates(t.program, s, 2);
  EXPECT_EQ(free.writes, (std::vector<EventId>{0, 5}));  // writes to x, including the RMW
  EXPECT_TRUE(free.init);
  ReadCandidates forced = readCandidates(t.program, s, 3);
  EXPECT_EQ(forced.count(), 0u);  // "= 1" matches E0 and the RMW E5 writing 1: rf is one-to-one
  ReadCandidates init = readCandidates(t.program, s, 4);
  EXPECT_TRUE(init.writes.empty());
  EXPECT_TRUE(init.init);
  ReadCandidates self = readCandidates(t.program, s, 5);  // reads 1: E0 and itself are forced
  EXPECT_EQ(self.count(), 0u);
}

TEST(Explorer, MaxExecutionsStopsAndSaysSo) {
  LitmusTest t = litmus(kWide);
  ExplorerOptions o;
  o.pruneInconsistent = false;
  o.maxExecutions = 10;
  uint64_t seen = 0;
  ExplorerStats s = explore(t.program, o, [&](const CandidateExecution&) {
    ++seen;
    return Visit::Continue;
  });
  EXPECT_TRUE(s.limitHit);
  EXPECT_EQ(seen, 10u);
  EXPECT_EQ(s.complete + s.pruned, 10u);
}

TEST(Explorer, VisitorCanStop) {
  LitmusTest t = litmus(kWide);
  ExplorerStats s = explore(t.program, {}, [](const CandidateExecution&) { return Visit::Stop; });
  EXPECT_TRUE(s.stoppedByVisitor);
  EXPECT_EQ(s.complete, 1u);
}

TEST(Explorer, ProgramFactViolationMeansNoExecution) {
  LitmusTest t = litmus("ld.atom.sc0 x\n");  // atomic without a scope
  uint64_t seen = 0;
  ExplorerStats s = explore(t.program, {}, [&](const CandidateExecution&) {
    ++seen;
    return Visit::Continue;
  });
  ASSERT_TRUE(s.programFact.has_value());
  EXPECT_EQ(s.programFact->line, 277);
  EXPECT_EQ(seen, 0u);
}

TEST(Explorer, AsmoOrdersOnlyMutuallyOrderedWrites) {
  // Workgroup-scope writes in two workgroups are not mutually ordered: no asmo pair, and a
  // third Device-scope write in the first workgroup relates to one of them only, so no total
  // order is required (rai[asmo] must equal exactly mutordatom on writes, line 302).
  LitmusTest t = litmus(
      "NEWWG\nNEWSG\nNEWTHREAD\nst.atom.scopewg.sc0 x = 1\nst.atom.scopedev.sc0 x = 3\n"
      "NEWWG\nNEWSG\nNEWTHREAD\nst.atom.scopewg.sc0 x = 2\n");
  ExplorerOptions o;
  o.pruneInconsistent = false;
  ExplorerStats s = explore(t.program, o, [&](const CandidateExecution& c) {
    EXPECT_FALSE(c.execution.asmo.contains(0, 2) || c.execution.asmo.contains(2, 0));
    EXPECT_FALSE(c.execution.asmo.contains(1, 2) || c.execution.asmo.contains(2, 1));
    EXPECT_TRUE(c.execution.asmo.contains(0, 1) || c.execution.asmo.contains(1, 0));
    return Visit::Continue;
  });
  EXPECT_EQ(s.asmoOrders, 2u);
}

}  // namespace
}  // namespace plumb::memmodel
