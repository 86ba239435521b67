// The numerics family (gen/wgsl/numerics.cpp): every row yields twin pairs whose valid side
// Plumb accepts and whose invalid side it rejects with the row's rule.
#include <gtest/gtest.h>

#include <set>

#include "family_checks.h"

namespace plumb::gen {
namespace {

TEST(NumericsFamily, EveryRowGivesAgreeingTwinPairs) {
  const Family* f = familyByName("numerics");
  ASSERT_NE(f, nullptr);
  uint64_t rows = f->rows().size();
  gen_testing::SlotsSummary s = gen_testing::checkFamilySlots(*f, 7, 3 * rows);
  EXPECT_EQ(s.failures, 0u);
  EXPECT_EQ(s.valid, s.invalid);
  EXPECT_EQ(s.cases, 2 * s.slots);
}

TEST(NumericsFamily, InvalidTwinsNameTheirRowsRule) {
  const Family* f = familyByName("numerics");
  SolveStats stats;
  for (uint64_t slot = 0; slot < f->rows().size(); ++slot) {
    SlotResult r = generateSlot(*f, 11, slot, SolverLimits{}, stats);
    ASSERT_EQ(r.cases.size(), 2u) << r.failure << r.disagreement;
    const GeneratedCase& invalid = r.cases[1];
    std::set<std::string> allowed = {invalid.rule.anchor};
    if (invalid.rule.anchor == "abstractint") allowed.insert("types-for-creation-time-constants");
    EXPECT_TRUE(allowed.count(invalid.expect["rule"].get<std::string>()))
        << invalid.name << ": " << invalid.expect.dump();
  }
}

}  // namespace
}  // namespace plumb::gen
