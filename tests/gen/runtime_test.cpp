// The runtime family (gen/wgsl/runtime.cpp): every row yields a pair of valid run cases whose
// outcome sets agree with Z3's evaluation of the seed's formulas.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <iostream>

#include "family_checks.h"

namespace plumb::gen {
namespace {

TEST(RuntimeFamily, EveryRowGivesAgreeingPairs) {
  const Family* f = familyByName("runtime");
  ASSERT_NE(f, nullptr);
  SolveStats stats;
  const char* only = std::getenv("RUNTIME_ROWS");
  const char* count = std::getenv("RUNTIME_SLOTS");
  uint64_t slots = count ? std::stoull(count) : f->rows().size();
  uint64_t seed = count ? 1 : 3;
  for (uint64_t slot = 0; slot < slots; ++slot) {
    if (only && f->rows()[slot % f->rows().size()].id.find(only) == std::string::npos) continue;
    auto t0 = std::chrono::steady_clock::now();
    SlotResult r = generateSlot(*f, seed, slot, SolverLimits{}, stats);
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::cout << f->rows()[slot % f->rows().size()].id << " " << ms << " ms " << r.failure << r.disagreement << "\n";
    EXPECT_TRUE(r.failure.empty()) << f->rows()[slot % f->rows().size()].id << ": " << r.failure;
    EXPECT_TRUE(r.disagreement.empty()) << r.disagreementDetail.dump(1);
  }
}

}  // namespace
}  // namespace plumb::gen
