// The bit-matrix relational algebra (memmodel/relation.h) against small hand-computed cases,
// including a universe wider than one 64-bit word.
#include <gtest/gtest.h>

#include "memmodel/alloy_functions.h"
#include "memmodel/relation.h"
#include "memmodel_test_util.h"

namespace plumb::memmodel {
namespace {

using testing::rel;

TEST(Relation, ComposeJoinsThroughTheMiddle) {
  Relation a = rel(4, {{0, 1}, {2, 3}});
  Relation b = rel(4, {{1, 2}, {3, 0}});
  EXPECT_EQ(a.compose(b), rel(4, {{0, 2}, {2, 0}}));
}

TEST(Relation, ClosureAndAcyclicity) {
  Relation chain = rel(4, {{0, 1}, {1, 2}, {2, 3}});
  EXPECT_EQ(chain.closure(), rel(4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
  EXPECT_TRUE(chain.acyclic());
  EXPECT_FALSE(chain.transitive());
  EXPECT_TRUE(chain.closure().transitive());
  Relation cycle = chain + rel(4, {{3, 1}});
  EXPECT_FALSE(cycle.acyclic());
  EXPECT_FALSE(rel(4, {{2, 2}}).acyclic());
}

TEST(Relation, ImmKeepsImmediatePairs) {
  // spirv.als `imm` (line 39) on a total order 0<1<2.
  Relation order = rel(3, {{0, 1}, {0, 2}, {1, 2}});
  EXPECT_EQ(imm(order), rel(3, {{0, 1}, {1, 2}}));
  EXPECT_EQ(twoplus(order), rel(3, {{0, 2}}));
}

TEST(Relation, RcRaiStorCross) {
  Relation r = rel(3, {{0, 1}});
  EXPECT_EQ(rc(r), rel(3, {{0, 1}, {0, 0}, {1, 1}, {2, 2}}));
  EXPECT_EQ(rai(r), rel(3, {{0, 1}, {1, 0}}));
  EventSet s(3);
  s.insert(2);
  EXPECT_EQ(stor(s), rel(3, {{2, 2}}));
  EventSet t(3);
  t.insert(0);
  t.insert(1);
  EXPECT_EQ(cross(s, t), rel(3, {{2, 0}, {2, 1}}));
  EXPECT_EQ(r.transpose(), rel(3, {{1, 0}}));
  EXPECT_EQ((rc(r) - iden(3)), r);
}

TEST(Relation, WiderThanOneWord) {
  const uint32_t n = 130;
  Relation r(n);
  for (EventId e = 0; e + 1 < n; ++e) r.insert(e, e + 1);
  Relation c = r.closure();
  EXPECT_TRUE(c.contains(0, 129));
  EXPECT_FALSE(c.contains(129, 0));
  EXPECT_EQ(c.count(), n * (n - 1) / 2);
  EXPECT_TRUE(r.acyclic());
  r.insert(129, 64);
  EXPECT_FALSE(r.acyclic());
  EXPECT_EQ(r.successors(63).members(), std::vector<EventId>{64});
  EXPECT_EQ(r.predecessors(64).members(), (std::vector<EventId>{63, 129}));
}

TEST(Relation, EquivalenceNeedsReflexiveSymmetricTransitiveWithinTheSet) {
  EventSet s(3);
  s.insert(0);
  s.insert(1);
  Relation eq = rel(3, {{0, 0}, {1, 1}, {0, 1}, {1, 0}});
  EXPECT_TRUE(isEquivalence(eq, s));
  EXPECT_FALSE(isEquivalence(eq - rel(3, {{1, 0}}), s));     // not symmetric
  EXPECT_FALSE(isEquivalence(eq + rel(3, {{2, 2}}), s));     // outside s->s
  EXPECT_FALSE(isEquivalence(rel(3, {{0, 1}, {1, 0}}), s));  // not reflexive
}

}  // namespace
}  // namespace plumb::memmodel
