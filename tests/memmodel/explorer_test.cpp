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
