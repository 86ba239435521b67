// The pictures of a fragment stage (stage_pictures.h).
#include "interpreter/wgsl/stage_pictures.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "checker/float_rounding.h"

namespace plumb::interp {

namespace {

struct Bounds {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  bool single = true;  // one value in every outcome seen
  bool seen = false;
  void add(double a, double b) {
    if (seen && (a != lo || b != hi || a != b)) single = false;
    if (a != b) single = false;
    lo = std::min(lo, a);
    hi = std::max(hi, b);
    seen = true;
  }
};

double wordNumber(const std::string& hex, bool isFloat) {
  uint32_t bits = static_cast<uint32_t>(std::strtoul(hex.c_str(), nullptr, 16));
  if (isFloat) return f32FromBits(bits);
  return static_cast<double>(bits);
}

/// The range one outcome's word allows (docs/formats.md `plumb-run` words).
std::pair<double, double> wordRange(const nlohmann::json& w, bool isFloat, bool isSigned) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  auto value = [&](const std::string& hex) {
    double v = wordNumber(hex, isFloat);
    if (!isFloat && isSigned && v >= 2147483648.0) v -= 4294967296.0;
    return v;
  };
  if (w.contains("exact")) {
    double v = value(w["exact"].get<std::string>());
    if (std::isnan(v)) return {-inf, inf};
    return {v, v};
  }
  if (w.contains("interval")) return {w["range"][0].get<double>(), w["range"][1].get<double>()};
  if (w.contains("set")) {
    double lo = inf, hi = -inf;
    for (const auto& b : w["set"]) {
      double v = value(b.get<std::string>());
      if (std::isnan(v)) return {-inf, inf};
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    return {lo, hi};
  }
  return {-inf, inf};  // any
}

uint8_t channel(double v, bool isFloat) {
  if (isFloat)
    v = std::clamp(v, 0.0, 1.0) * 255.0;
  else
    v = std::clamp(v, 0.0, 255.0);
  return static_cast<uint8_t>(std::lround(v));
}

}  // namespace

StagePictures stagePictures(const nlohmann::json& report, uint32_t location) {
  StagePictures p;
  if (report.value("stage", "") != "fragment" || !report.contains("draw") ||
      !report["draw"].contains("viewport")) {
    p.error =
        "pictures need a fragment stage drawn over a viewport (the bindings' fragment.viewport)";
    return p;
  }
  std::string key = std::to_string(location);
  std::string type = report["outputs"]["locations"].value(key, "");
  if (type.empty()) {
    p.error = "the fragment shader has no output @location(" + key + ")";
    return p;
  }
  bool isFloat = type.find("f32") != std::string::npos || type.find("f16") != std::string::npos;
  bool isSigned = type.find("i32") != std::string::npos;
  p.width = report["draw"]["viewport"][0].get<uint32_t>();
  p.height = report["draw"]["viewport"][1].get<uint32_t>();
  size_t pixels = size_t(p.width) * p.height;
  std::vector<std::array<Bounds, 4>> bounds(pixels);
  std::vector<uint8_t> drawn(pixels, 0), discarded(pixels, 0), kept(pixels, 0);
  for (const auto& o : report["outcomes"]) {
    if (o.value("kind", "") != "finished" || !o.contains("invocations")) continue;
    for (const auto& i : o["invocations"]) {
      uint64_t x = i["x"].get<uint64_t>(), y = i["y"].get<uint64_t>();
      if (x >= p.width || y >= p.height) continue;
      size_t at = y * p.width + x;
      drawn[at] = 1;
      if (i.value("discarded", false)) {
        discarded[at] = 1;
        continue;
      }
      kept[at] = 1;
      const auto& words = i["locations"].value(key, nlohmann::json::array());
      for (size_t c = 0; c < 4; ++c) {
        if (c < words.size()) {
          auto [lo, hi] = wordRange(words[c], isFloat, isSigned);
          bounds[at][c].add(lo, hi);
        } else {
          double v = c == 3 ? (isFloat ? 1.0 : 255.0) : 0.0;
          bounds[at][c].add(v, v);
        }
      }
    }
  }
  p.lower.assign(pixels * 4, 0);
  p.upper.assign(pixels * 4, 0);
  p.mask.assign(pixels * 4, 0);
  for (size_t at = 0; at < pixels; ++at) {
    if (!drawn[at]) continue;  // no fragment: transparent
    bool single = !(discarded[at] && kept[at]);
    if (kept[at]) {
      for (size_t c = 0; c < 4; ++c) {
        p.lower[at * 4 + c] = channel(bounds[at][c].lo, isFloat);
        p.upper[at * 4 + c] = channel(bounds[at][c].hi, isFloat);
        single = single && bounds[at][c].single;
      }
    }
    // A discarded fragment stays transparent in the bound pictures.
    uint8_t m = single ? 0 : 255;
    p.mask[at * 4] = p.mask[at * 4 + 1] = p.mask[at * 4 + 2] = m;
    p.mask[at * 4 + 3] = 255;
  }
  return p;
}

}  // namespace plumb::interp
