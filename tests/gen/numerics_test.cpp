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
  // A few slots may have no model (counted, never a case); every other slot of a two-sided
  // row gives a pair, a one-sided row (a reason in noInvalid) one valid case.
  uint64_t oneSided = 0;
  for (const RuleRow& r : f->rows()) oneSided += !r.noInvalid.empty();
  EXPECT_LE(s.failures, s.slots / 20);
  ASSERT_GE(s.valid, s.invalid);
  EXPECT_LE(s.valid - s.invalid, 3 * oneSided);               // the one-sided slots
  EXPECT_GE(s.invalid, s.slots - s.failures - 3 * oneSided);  // a pair from every other
}

TEST(NumericsFamily, InvalidTwinsNameTheirRowsRule) {
  const Family* f = familyByName("numerics");
  SolveStats stats;
  for (uint64_t slot = 0; slot < f->rows().size(); ++slot) {
    if (!f->rows()[slot].noInvalid.empty()) continue;  // one-sided: no invalid twin
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
