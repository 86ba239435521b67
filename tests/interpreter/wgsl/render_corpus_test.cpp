// The real-world-style fragment shaders of corpus/oracle/render (issue 19) run by `plumb run`
// with their bindings: each pixel's set holds the value worked out here by hand from the
// textures' patterns (corpus/oracle/render/make_cases.py) and the shader's formula in double
// precision — not Plumb's own output — and is narrow where the spec leaves nothing open.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "checker/float_rounding.h"
#include "interpreter/wgsl/run.h"
#include "test_data.h"

namespace plumb::interp {
namespace {

RunReport runCase(const std::string& name) {
  std::string dir = std::string(PLUMB_SOURCE_DIR) + "/corpus/oracle/render/";
  auto file = std::make_unique<SourceFile>(name + ".wgsl", testing::readFile(dir + name + ".wgsl"));
  RunRequest r;
  r.bindings = nlohmann::json::parse(testing::readFile(dir + name + ".bindings.json"));
  r.entry = "main";
  return runShader(*file, r);
}

std::string why(const RunReport& r) {
  std::string s;
  for (const Diagnostic& d : r.diagnostics.all()) s += d.message + " [" + d.rule + "]\n";
  for (const std::string& e : r.errors) s += e + "\n";
  return s;
}

/// Output location `location`, component `c`, of fragment (x, y) in the only outcome.
nlohmann::json word(const RunReport& r, int x, int y, int c, int location = 0) {
  for (const auto& i : r.json["outcomes"][0]["invocations"])
    if (i["x"] == x && i["y"] == y) return i["locations"][std::to_string(location)][c];
  ADD_FAILURE() << "no fragment (" << x << ", " << y << ")";
  return nullptr;
}

std::string bitsOf(float f) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", f32Bits(f));
  return buf;
}

/// Whether the word's set holds the f32 nearest to `v` (an interval: within it).
bool holds(const nlohmann::json& w, double v) {
  if (w.contains("any")) return true;
  float f = static_cast<float>(v);
  if (w.contains("range")) return w["range"][0] <= v && v <= w["range"][1];
  if (w.contains("exact")) return w["exact"] == bitsOf(f) || (f == 0 && w["exact"] == "0x80000000");
  if (w.contains("set"))
    for (const auto& b : w["set"])
      if (b == bitsOf(f) || (f == 0 && b == "0x80000000")) return true;
  return false;
}

/// The width of the word's set (0 for one value, infinite for any).
double width(const nlohmann::json& w) {
  if (w.contains("any")) return INFINITY;
  if (w.contains("range")) return w["range"][1].get<double>() - w["range"][0].get<double>();
  return 0;  // exact, or the two zeros
}

/// Bilinear filtering at (u, v) of an n x n texture `f(i, j)`, clamped to the edge.
double bilinear(const std::function<double(int, int)>& f, int n, double u, double v) {
  double tx = u * n - 0.5, ty = v * n - 0.5;
  int i0 = static_cast<int>(std::floor(tx)), j0 = static_cast<int>(std::floor(ty));
  double a = tx - i0, b = ty - j0;
  auto at = [&](int i, int j) { return f(std::clamp(i, 0, n - 1), std::clamp(j, 0, n - 1)); };
  return (1 - a) * (1 - b) * at(i0, j0) + a * (1 - b) * at(i0 + 1, j0) +
         (1 - a) * b * at(i0, j0 + 1) + a * b * at(i0 + 1, j0 + 1);
}

// Mip-level selection: row of quads m reads level m (red, green, blue, white), biased level
// m + 1 (at most 3), clamped level min(m, 1) — exactly, as λ is in [m - 0.4, m + 0.1] ± 1/16.
TEST(RenderCorpus, MipSelection) {
  RunReport r = runCase("mip_selection");
  ASSERT_TRUE(r.ran) << why(r);
  ASSERT_EQ(r.json["outcomes"].size(), 1u);
  const double colours[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}};
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      int m = y / 2;
      int levels[3] = {m, std::min(m + 1, 3), std::min(m, 1)};
      for (int location = 0; location < 3; ++location)
        for (int c = 0; c < 4; ++c) {
          nlohmann::json w = word(r, x, y, c, location);
          EXPECT_TRUE(holds(w, colours[levels[location]][c]) && width(w) == 0)
              << "(" << x << ", " << y << ") location " << location << " channel " << c << ": "
              << w;
        }
    }
}

// The 3x3 blur: the binomial weights of the edge and impulse texels, exactly (every product
// and sum is of multiples of 1/16).
TEST(RenderCorpus, Blur3x3) {
  RunReport r = runCase("blur_3x3");
  ASSERT_TRUE(r.ran) << why(r);
  auto w = [](int d) { return d == 0 ? 0.5 : 0.25; };
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      double red = 0, green = 0, blue = 0;
      for (int d = -1; d <= 1; ++d) {
        red += w(d) * (std::clamp(x + d, 0, 7) >= 4 ? 1 : 0);
        green += w(d) * (std::clamp(y + d, 0, 7) >= 4 ? 1 : 0);
      }
      if (std::abs(x - 2) <= 1 && std::abs(y - 5) <= 1) blue = w(x - 2) * w(y - 5);
      double expected[4] = {red, green, blue, 1.0};
      for (int c = 0; c < 4; ++c) {
        nlohmann::json v = word(r, x, y, c);
        EXPECT_TRUE(holds(v, expected[c]) && width(v) == 0)
            << "(" << x << ", " << y << ") channel " << c << ": " << v << " for " << expected[c];
      }
    }
  EXPECT_TRUE(holds(word(r, 3, 0, 0), 0.25));
  EXPECT_TRUE(holds(word(r, 2, 5, 2), 0.25));
}

// Shadow mapping: the 3x3 PCF is (lit taps) / 9; the linear comparison any value between the
// results of its 2x2 footprint (T4), about one value where they agree.
TEST(RenderCorpus, ShadowPcf) {
  RunReport r = runCase("shadow_pcf");
  ASSERT_TRUE(r.ran) << why(r);
  const double ref = 0.625 - 0.0625;
  auto lit = [&](int i, int j) {
    i = std::clamp(i, 0, 3);
    j = std::clamp(j, 0, 3);
    double depth = (1 <= i && i <= 2 && 1 <= j && j <= 2) ? 0.25 : 1.0;
    return ref <= depth ? 1 : 0;  // less-equal
  };
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      int i = x / 2, j = y / 2;  // nearest: texel coordinate (x + 0.5) / 2
      int count = 0;
      for (int dj = -1; dj <= 1; ++dj)
        for (int di = -1; di <= 1; ++di) count += lit(i + di, j + dj);
      nlohmann::json pcf = word(r, x, y, 0, 0);
      EXPECT_TRUE(holds(pcf, count / 9.0) && width(pcf) < 1e-6)
          << "(" << x << ", " << y << "): " << pcf << " for " << count << "/9";
      // Linear: the footprint's texels are those around (x + 0.5) / 2 - 0.5.
      int i0 = static_cast<int>(std::floor((x + 0.5) / 2 - 0.5));
      int j0 = static_cast<int>(std::floor((y + 0.5) / 2 - 0.5));
      int lo = 1, hi = 0;
      for (int dj = 0; dj <= 1; ++dj)
        for (int di = 0; di <= 1; ++di) {
          lo = std::min(lo, lit(i0 + di, j0 + dj));
          hi = std::max(hi, lit(i0 + di, j0 + dj));
        }
      nlohmann::json hw = word(r, x, y, 0, 1);
      EXPECT_TRUE(holds(hw, lo) && holds(hw, hi)) << "(" << x << ", " << y << "): " << hw;
      // Where the footprint agrees, the filter's arithmetic (T5) leaves the value within a
      // step of the depth format of it.
      if (lo == hi) {
        EXPECT_LT(width(hw), 0.01) << "(" << x << ", " << y << "): " << hw;
      }
    }
  // Under the occluder's corner texel (1, 1) four of the nine taps fail; at the far corner
  // one does (every 3x3 neighbourhood of the 4x4 map meets the occluder).
  EXPECT_TRUE(holds(word(r, 3, 3, 0, 0), 5.0 / 9) && !holds(word(r, 3, 3, 0, 0), 4.0 / 9));
  EXPECT_TRUE(holds(word(r, 7, 7, 0, 0), 8.0 / 9) && !holds(word(r, 7, 7, 0, 0), 1.0));
  EXPECT_TRUE(holds(word(r, 7, 7, 0, 1), 1.0) && !holds(word(r, 7, 7, 0, 1), 0.5));
}

// Tone mapping: the bilinear HDR value, times the exposure, through the extended Reinhard
// operator and a gamma of 1/2.2. The filter's precision (T5: a step of rgba16float and 2^-8 of
// the footprint's range) makes the sample an interval, which the operator's interval arithmetic
// (c appears in numerator and denominator) widens to a few hundredths.
TEST(RenderCorpus, ToneMapping) {
  RunReport r = runCase("tone_mapping");
  ASSERT_TRUE(r.ran) << why(r);
  std::function<double(int, int)> channel[3] = {[](int i, int) { return std::exp2(i - 1); },
                                                [](int, int j) { return std::exp2(j - 1); },
                                                [](int i, int j) { return (i + j + 1) / 4.0; }};
  const double gamma = static_cast<float>(1.0 / 2.2), white = 4.0, exposure = 1.5;
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      for (int c = 0; c < 3; ++c) {
        double hdr = bilinear(channel[c], 4, (x + 0.5) / 8, (y + 0.5) / 8) * exposure;
        double mapped = hdr * (1 + hdr / (white * white)) / (1 + hdr);
        double expected = std::pow(mapped, gamma);
        nlohmann::json w = word(r, x, y, c);
        EXPECT_TRUE(holds(w, expected) && width(w) < 0.1)
            << "(" << x << ", " << y << ") channel " << c << ": " << w << " for " << expected;
      }
      EXPECT_TRUE(holds(word(r, x, y, 3), 1.0) && width(word(r, x, y, 3)) == 0);
    }
}

// Normal mapping: with the normal (0, 0, 1) and tangent (1, 0, 0, 1) the tangent frame is the
// identity; the light comes from normalize(1, 0, 1); rows of the normal map are flat, tilted
// towards +x (fully lit), towards -x (nearly dark) and towards +y.
TEST(RenderCorpus, NormalMapping) {
  RunReport r = runCase("normal_mapping");
  ASSERT_TRUE(r.ran) << why(r);
  const int rows[4][3] = {{128, 128, 255}, {219, 128, 219}, {37, 128, 219}, {128, 219, 219}};
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      double n[3], len = 0;
      for (int k = 0; k < 3; ++k) {
        n[k] = rows[y][k] / 255.0 * 2 - 1;
        len += n[k] * n[k];
      }
      double diffuse = std::max((n[0] + n[2]) / std::sqrt(len) / std::sqrt(2.0), 0.0);
      double albedo[3] = {(255 - 32 * x) / 255.0, (128 + 32 * y) / 255.0, 64 / 255.0};
      for (int c = 0; c < 3; ++c) {
        double expected = albedo[c] * (0.125 + diffuse);
        nlohmann::json w = word(r, x, y, c);
        EXPECT_TRUE(holds(w, expected) && width(w) < 0.05)
            << "(" << x << ", " << y << ") channel " << c << ": " << w << " for " << expected;
      }
      EXPECT_TRUE(holds(word(r, x, y, 3), 1.0));
    }
  // The row tilted towards the light is brighter than the flat one, the one tilted away darker.
  EXPECT_GT(word(r, 0, 1, 0)["range"][0].get<double>(), word(r, 0, 0, 0)["range"][1].get<double>());
  EXPECT_LT(word(r, 0, 2, 0)["range"][1].get<double>(), word(r, 0, 0, 0)["range"][0].get<double>());
}

// A sample in non-uniform control flow: the quads of columns 2 and 3 diverge (x = 3 waits at
// the sample, x = 2 has finished); their samples are any value and the outcome lists them.
TEST(RenderCorpus, DivergentSample) {
  RunReport r = runCase("divergent_sample");
  ASSERT_TRUE(r.ran) << why(r);
  const auto& o = r.json["outcomes"][0];
  ASSERT_TRUE(o.contains("divergentQuads")) << o.dump();
  ASSERT_EQ(o["divergentQuads"].size(), 4u);
  for (int k = 0; k < 4; ++k) {
    const auto& d = o["divergentQuads"][k];
    EXPECT_EQ(d["quad"], nlohmann::json({2, 2 * k}));
    EXPECT_EQ(d["function"], "textureSample");
    EXPECT_EQ(d["waiting"], nlohmann::json({1, 3}));
    EXPECT_EQ(d["elsewhere"], nlohmann::json({0, 2}));
  }
  std::function<double(int, int)> channel[3] = {[](int i, int) { return 64 * i / 255.0; },
                                                [](int, int j) { return 64 * j / 255.0; },
                                                [](int i, int) { return (255 - 64 * i) / 255.0; }};
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x)
      for (int c = 0; c < 3; ++c) {
        nlohmann::json w = word(r, x, y, c);
        if (x == 3) {
          EXPECT_TRUE(w.contains("any")) << "(" << x << ", " << y << "): " << w;
        } else if (x < 3) {
          EXPECT_TRUE(holds(w, 0.0) && width(w) == 0) << "(" << x << ", " << y << "): " << w;
        } else {
          double expected = bilinear(channel[c], 4, (x + 0.5) / 8, (y + 0.5) / 8);
          EXPECT_TRUE(holds(w, expected) && width(w) < 0.02)
              << "(" << x << ", " << y << ") channel " << c << ": " << w << " for " << expected;
        }
      }
}

}  // namespace
}  // namespace plumb::interp
