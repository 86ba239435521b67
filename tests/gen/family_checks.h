// Checks every family's cases must pass: generated slots agree with Plumb, each case sits on
// the side of its row that its expectation says, and twins differ by exactly one edit.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "gen/derive.h"
#include "gen/family.h"
#include "gen/generator.h"

namespace gen_testing {

/// The single region where `a` and `b` differ, after their common prefix and suffix.
inline std::pair<std::string, std::string> differingRegion(const std::string& a,
                                                           const std::string& b) {
  size_t p = 0;
  while (p < a.size() && p < b.size() && a[p] == b[p]) ++p;
  size_t s = 0;
  while (s < a.size() - p && s < b.size() - p && a[a.size() - 1 - s] == b[b.size() - 1 - s]) ++s;
  return {a.substr(p, a.size() - p - s), b.substr(p, b.size() - p - s)};
}

/// One edit: the twins differ in one region of one line (a token or a short expression).
inline bool oneEdit(const std::string& a, const std::string& b) {
  auto [x, y] = differingRegion(a, b);
  return !(x.empty() && y.empty()) && x.find('\n') == std::string::npos &&
         y.find('\n') == std::string::npos;
}

struct SlotsSummary {
  uint64_t slots = 0, cases = 0, failures = 0, valid = 0, invalid = 0;
};

/// Generates `slots` slots of `family` and checks each case; returns counts for the caller's
/// own bounds. `oneEditTwins`: the family promises that twins differ by one edit.
inline SlotsSummary checkFamilySlots(const plumb::gen::Family& family, uint64_t seed,
                                     uint64_t slots, bool oneEditTwins = true) {
  using namespace plumb::gen;
  SlotsSummary s;
  SolveStats stats;
  for (uint64_t slot = 0; slot < slots; ++slot) {
    ++s.slots;
    SlotResult r = generateSlot(family, seed, slot, SolverLimits{}, stats);
    EXPECT_TRUE(r.disagreement.empty())
        << family.name() << " slot " << slot << ": " << r.disagreement << "\n"
        << r.disagreementDetail.dump(1);
    if (!r.failure.empty()) {
      ++s.failures;
      continue;
    }
    for (const GeneratedCase& c : r.cases) {
      ++s.cases;
      std::string verdict = c.expect.value("verdict", "");
      if (c.rule.side == Side::Valid) {
        ++s.valid;
        EXPECT_NE(verdict, "invalid") << c.name << "\n" << c.wgsl;
      } else {
        ++s.invalid;
        EXPECT_EQ(verdict, "invalid") << c.name << "\n" << c.wgsl;
        EXPECT_FALSE(c.expect.value("rule", "").empty()) << c.name;
      }
      EXPECT_EQ(compareExpectations(c.expect, deriveExpectation(c)), "") << c.name;
    }
    if (r.cases.size() == 2 && oneEditTwins) {
      EXPECT_EQ(r.cases[0].twin, r.cases[1].name);
      EXPECT_EQ(r.cases[1].twin, r.cases[0].name);
      EXPECT_TRUE(oneEdit(r.cases[0].wgsl, r.cases[1].wgsl)) << r.cases[0].name << "\n--- valid\n"
                                                             << r.cases[0].wgsl << "--- invalid\n"
                                                             << r.cases[1].wgsl;
    }
  }
  return s;
}

}  // namespace gen_testing
