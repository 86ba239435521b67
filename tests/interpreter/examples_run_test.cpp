// The bundled examples (corpus/examples) with their bindings (corpus/examples/bindings): the
// outcome sets `plumb run` gives them, worked out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "interpreter/run.h"
#include "test_data.h"

namespace plumb::interp {
namespace {

RunReport runExample(const std::string& name, std::array<uint32_t, 3> dispatch,
                     bool allSchedules = false, bool reduce = true) {
  std::string dir = std::string(PLUMB_SOURCE_DIR) + "/corpus/examples/";
  auto file = std::make_unique<SourceFile>(name + ".wgsl", testing::readFile(dir + name + ".wgsl"));
  RunRequest r;
  r.bindings = nlohmann::json::parse(testing::readFile(dir + "bindings/" + name + ".json"));
  r.dispatch.dispatch = dispatch;
  r.dispatch.allSchedules = allSchedules;
  r.dispatch.reduceSchedules = reduce;
  return runShader(*file, r);
}

uint32_t exact(const nlohmann::json& w) {
  EXPECT_TRUE(w.contains("exact")) << w.dump();
  return w.contains("exact") ? static_cast<uint32_t>(std::stoul(w["exact"].get<std::string>(), nullptr, 16)) : 0;
}

TEST(Examples, HistogramAtomics) {
  RunReport r = runExample("histogram_atomics", {1, 1, 1});
  ASSERT_TRUE(r.ran);
  ASSERT_EQ(r.json["outcomes"].size(), 1u);
  const auto& bins = r.json["outcomes"][0]["buffers"][2]["words"];
  ASSERT_EQ(bins.size(), 256u);
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t expected = i == 1 ? 1 : i == 2 ? 2 : i == 3 ? 2 : i == 255 ? 1 : 0;
    EXPECT_EQ(exact(bins[i]), expected) << "bin " << i;
  }
}

TEST(Examples, HistogramAtomicsUnderEveryScheduleHasOneOutcome) {
  // The atomic increments commute: every interleaving gives the same bins. Their results are
  // unused, so the partial-order reduction explores one order (docs/ambiguities.md M15);
  // without it every order is explored, to the same outcome.
  RunReport r = runExample("histogram_atomics", {1, 1, 1}, true);
  ASSERT_TRUE(r.ran);
  EXPECT_EQ(r.json["outcomes"].size(), 1u);
  EXPECT_EQ(r.json["executions"]["explored"].get<int>(), 1);
  RunReport full = runExample("histogram_atomics", {1, 1, 1}, true, false);
  ASSERT_TRUE(full.ran);
  EXPECT_EQ(full.json["outcomes"].size(), 1u);
  EXPECT_GT(full.json["executions"]["explored"].get<int>(), 1);
  EXPECT_EQ(full.json["buffers"], r.json["buffers"]);
}

TEST(Examples, PrefixSumWorkgroup) {
  RunReport r = runExample("prefix_sum_workgroup", {1, 1, 1});
  ASSERT_TRUE(r.ran);
  ASSERT_EQ(r.json["outcomes"].size(), 1u);
  const auto& words = r.json["outcomes"][0]["buffers"][0]["words"];
  std::vector<uint32_t> input;
  nlohmann::json bindings = nlohmann::json::parse(
      testing::readFile(std::string(PLUMB_SOURCE_DIR) + "/corpus/examples/bindings/prefix_sum_workgroup.json"));
  for (const auto& v : bindings["bindings"][0]["value"]) input.push_back(v.get<uint32_t>());
  uint32_t sum = 0;
  ASSERT_EQ(words.size(), input.size());
  for (size_t i = 0; i < input.size(); ++i) {
    sum += input[i];
    EXPECT_EQ(exact(words[i]), sum) << i;
  }
}

TEST(Examples, MatrixMultiplyGivesIntervalsThatHoldTheRoundedProducts) {
  RunReport r = runExample("matrix_multiply", {1, 1, 1});
  ASSERT_TRUE(r.ran);
  ASSERT_EQ(r.json["outcomes"].size(), 1u) << r.json.dump(1);
  const auto& words = r.json["outcomes"][0]["buffers"][2]["words"];
  // values start at word 2 (rows, columns first); row-major 2x2.
  float a[4] = {1.5f, 0.25f, 3.0f, -2.0f};
  float b[4] = {0x1.99999ap-4f, 1.0f, 2.0f, 0x1.555556p-2f};
  for (int row = 0; row < 2; ++row) {
    for (int col = 0; col < 2; ++col) {
      // The round-to-nearest result, which must lie in Plumb's acceptance set.
      float sum = 0.0f;
      for (int k = 0; k < 2; ++k) sum += a[row * 2 + k] * b[k * 2 + col];
      const auto& w = words[2 + row * 2 + col];
      if (w.contains("exact")) {
        uint32_t bits;
        std::memcpy(&bits, &sum, 4);
        EXPECT_EQ(exact(w), bits) << w.dump();
      } else {
        ASSERT_TRUE(w.contains("interval")) << w.dump();
        EXPECT_LE(w["range"][0].get<double>(), sum) << w.dump();
        EXPECT_GE(w["range"][1].get<double>(), sum) << w.dump();
        // No wider than two roundings allow: a few ULP of the result.
        EXPECT_LT(w["range"][1].get<double>() - w["range"][0].get<double>(), 8 * std::ldexp(1.0, -23) * std::fabs(sum) + 1e-30)
            << w.dump();
      }
    }
  }
}

}  // namespace
}  // namespace plumb::interp
