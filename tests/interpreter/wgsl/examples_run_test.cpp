// The bundled examples (corpus/examples) with their bindings (corpus/examples/bindings): the
// outcome sets `plumb run` gives them, worked out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "interpreter/wgsl/run.h"
#include "test_data.h"

namespace plumb::interp {
namespace {

RunReport runExample(const std::string& name, std::array<uint32_t, 3> dispatch,
                     bool allSchedules = false, bool reduce = true, const std::string& entry = "") {
  std::string dir = std::string(PLUMB_SOURCE_DIR) + "/corpus/examples/";
  auto file = std::make_unique<SourceFile>(name + ".wgsl", testing::readFile(dir + name + ".wgsl"));
  RunRequest r;
  r.bindings = nlohmann::json::parse(testing::readFile(dir + "bindings/" + name + ".json"));
  r.dispatch.dispatch = dispatch;
  r.dispatch.allSchedules = allSchedules;
  r.dispatch.reduceSchedules = reduce;
  r.entry = entry;
  return runShader(*file, r);
}

/// Why a run did not happen: its diagnostics and errors.
std::string why(const RunReport& r) {
  std::string s;
  for (const Diagnostic& d : r.diagnostics.all()) s += d.message + " [" + d.rule + "]\n";
  for (const std::string& e : r.errors) s += e + "\n";
  return s;
}

/// A word holding an f32 zero: the set of both zeros (the sign of a zero is not tracked).
bool isZero(const nlohmann::json& w) {
  return w == nlohmann::json{{"set", {"0x00000000", "0x80000000"}}} ||
         w == nlohmann::json{{"exact", "0x00000000"}};
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

// The vertex stage of triangle_shading (its fragment stage samples a texture: the sampling
// built-ins are another issue's): position = M * (p, 1) with M scaling by 2 and moving by
// (-1, -1); color = color * tint; uv from the vertex index's two low bits.
TEST(Examples, TriangleShadingVertexStage) {
  RunReport r = runExample("triangle_shading", {1, 1, 1}, false, true, "vs_main");
  ASSERT_TRUE(r.ran) << why(r);
  ASSERT_EQ(r.json["outcomes"].size(), 1u);
  const auto& vs = r.json["outcomes"][0]["invocations"];
  ASSERT_EQ(vs.size(), 3u);
  auto f32 = [&](const nlohmann::json& w) {
    uint32_t bits = exact(w);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  };
  const float positions[3][2] = {{-1, -1}, {1, -1}, {-1, 1}};
  const float uvs[3][2] = {{0, 0}, {1, 0}, {0, 1}};
  for (int v = 0; v < 3; ++v) {
    const auto& p = vs[v]["builtins"]["position"];
    EXPECT_EQ(f32(p[0]), positions[v][0]) << v;
    EXPECT_EQ(f32(p[1]), positions[v][1]) << v;
    EXPECT_EQ(f32(p[3]), 1.0f) << v;
    EXPECT_TRUE(isZero(p[2])) << v;
    EXPECT_EQ(f32(vs[v]["locations"]["0"][2]), 0.25f) << v;
    for (int k = 0; k < 2; ++k) {
      const auto& uv = vs[v]["locations"]["1"][k];
      if (uvs[v][k] == 0)
        EXPECT_TRUE(isZero(uv)) << v << " " << uv.dump();
      else
        EXPECT_EQ(f32(uv), uvs[v][k]) << v;
    }
  }
}

// The anti-aliased grid: fwidth(uv) is one pixel's step (1/8) exactly, since uv is linear and
// both rows of every quad agree; the grid line is 0.5 at the pixels whose uv·2 is 1/8 from a
// half (columns 1, 2, 5, 6), 0 elsewhere, within the division's accuracy.
TEST(Examples, FragmentDerivatives) {
  RunReport r = runExample("fragment_derivatives", {1, 1, 1});
  ASSERT_TRUE(r.ran) << why(r);
  EXPECT_EQ(r.json["draw"]["quads"], 16);
  ASSERT_EQ(r.json["outcomes"].size(), 1u);
  const auto& fs = r.json["outcomes"][0]["invocations"];
  ASSERT_EQ(fs.size(), 64u);
  EXPECT_FALSE(r.json["outcomes"][0].contains("divergentQuads"));
  for (const auto& f : fs) {
    int x = f["x"].get<int>(), y = f["y"].get<int>();
    bool onLine = x == 1 || x == 2 || x == 5 || x == 6 || y == 1 || y == 2 || y == 5 || y == 6;
    const auto& red = f["locations"]["0"][0];
    double lo = red.contains("range") ? red["range"][0].get<double>() : isZero(red) ? 0.0 : 0.5;
    double hi = red.contains("range") ? red["range"][1].get<double>() : lo;
    double expected = onLine ? 0.5 : 0.0;
    EXPECT_LE(lo, expected) << x << "," << y << " " << red.dump();
    EXPECT_GE(hi, expected) << x << "," << y << " " << red.dump();
    EXPECT_LT(hi - lo, 1e-5) << red.dump();
  }
}

// The divergent quad: c = x - 0.5 splits the quad at (0, 0) (column 1 takes the branch), while
// the quad at (2, 0) takes it entirely and computes dpdx = 1.
TEST(Examples, FragmentDivergentDerivative) {
  RunReport r = runExample("fragment_divergent_derivative", {1, 1, 1});
  ASSERT_TRUE(r.ran) << why(r);
  const auto& o = r.json["outcomes"][0];
  ASSERT_TRUE(o.contains("divergentQuads")) << o.dump();
  ASSERT_EQ(o["divergentQuads"].size(), 1u);
  EXPECT_EQ(o["divergentQuads"][0]["quad"], nlohmann::json({0, 0}));
  EXPECT_EQ(o["divergentQuads"][0]["waiting"], nlohmann::json({1, 3}));
  for (const auto& f : o["invocations"]) {
    int x = f["x"].get<int>();
    const auto& slope = f["locations"]["0"][0];
    if (x == 1) {
      EXPECT_TRUE(slope.contains("any")) << f.dump();
    } else if (x == 0) {
      EXPECT_TRUE(isZero(slope)) << slope.dump();
    } else {
      EXPECT_EQ(exact(slope), 0x3f800000u) << f.dump();
    }
  }
}

}  // namespace
}  // namespace plumb::interp
