// Texture sampling as sets (interpreter/wgsl/sampling.h; the widths are docs/ambiguities.md T1–T9).
//
// The filter's value as a function of the hardware's coordinate is continuous and piecewise
// multilinear between texel centres (linear) or piecewise constant between texel edges
// (nearest), so its range over a box of coordinates is the hull of its values at the box's
// corners and at every texel centre (edge) inside: the evaluation points per axis are the ends
// of the coordinate's range and every integer between (axisPoints). The same holds for the
// level of detail between two levels (linear mipmap filtering).
#include "interpreter/wgsl/sampling.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "checker/float_rounding.h"

namespace plumb::interp {

namespace {

/// T1: subTexelPrecisionBits ≥ 4 (Vulkan limits; WebGPU does not raise it): the coordinate the
/// hardware filters at is within 1/16 texel of the exact one, and equal to it when the exact
/// one is a multiple of 1/16 (any fixed-point rounding keeps such a value).
constexpr double kSubTexel = 1.0 / 16;
/// T2: mipmapPrecisionBits ≥ 4, and log2 approximations: the level of detail within 1/16.
constexpr double kLodPrecision = 1.0 / 16;
/// T5: the filter arithmetic: within 2^-8 of the range of the texels it combines, plus 2^-20
/// of their magnitude.
constexpr double kFilterRelative = 1.0 / 256;
constexpr double kFilterMagnitude = 1.0 / (1 << 20);
/// Beyond this many evaluation points a filter's value is bounded by every texel of the level.
constexpr size_t kMaxPoints = 4096;

constexpr double kInf = std::numeric_limits<double>::infinity();

/// A closed interval of reals (the exact arithmetic of the filter's inputs).
struct Iv {
  double lo = 0, hi = 0;
  static Iv of(const FloatSet& f) { return {f.lo, f.hi}; }
  Iv operator+(Iv o) const { return {lo + o.lo, hi + o.hi}; }
  Iv operator-(Iv o) const { return {lo - o.hi, hi - o.lo}; }
  Iv operator*(Iv o) const {
    double a = lo * o.lo, b = lo * o.hi, c = hi * o.lo, d = hi * o.hi;
    return {std::min({a, b, c, d}), std::max({a, b, c, d})};
  }
  Iv operator*(double k) const { return k >= 0 ? Iv{lo * k, hi * k} : Iv{hi * k, lo * k}; }
  // Divisor without zero inside.
  Iv operator/(Iv o) const {
    double a = lo / o.lo, b = lo / o.hi, c = hi / o.lo, d = hi / o.hi;
    return {std::min({a, b, c, d}), std::max({a, b, c, d})};
  }
  Iv abs() const {
    if (lo >= 0) return *this;
    if (hi <= 0) return {-hi, -lo};
    return {0, std::max(-lo, hi)};
  }
  bool exact() const { return lo == hi; }
};

/// An accumulating union of one channel's values.
struct Hull {
  double lo = kInf, hi = -kInf;
  bool any = false;
  void add(const FloatSet& f) {
    if (f.any) {
      any = true;
      return;
    }
    lo = std::min(lo, f.lo);
    hi = std::max(hi, f.hi);
  }
  bool empty() const { return !any && lo > hi; }
};

double f32Below(double x) {
  float f = static_cast<float>(x);
  if (static_cast<double>(f) > x) f = std::nextafter(f, -std::numeric_limits<float>::infinity());
  return f;
}
double f32Above(double x) {
  float f = static_cast<float>(x);
  if (static_cast<double>(f) < x) f = std::nextafter(f, std::numeric_limits<float>::infinity());
  return f;
}

/// The f32 set of a union, widened by `tolerance` (outwards to f32 values).
FloatSet toF32(const Hull& h, double tolerance) {
  if (h.any || h.empty()) return FloatSet::anyValue();
  double lo = f32Below(h.lo - tolerance), hi = f32Above(h.hi + tolerance);
  if (!std::isfinite(lo) || !std::isfinite(hi) || std::fabs(lo) > kMaxF32 ||
      std::fabs(hi) > kMaxF32)
    return FloatSet::anyValue();
  return FloatSet::range(lo, hi);
}

FloatSet channelOf(const RValue& v) {
  if (std::holds_alternative<FloatSet>(v.data)) return v.floatSet();
  if (std::holds_alternative<int64_t>(v.data))
    return FloatSet::exact(static_cast<double>(v.intValue()));
  return FloatSet::anyValue();
}

/// Vulkan "Depth Compare Operation" on sets: {0}, {1}, or [0, 1] when the reference or the
/// texel's depth allows both outcomes.
FloatSet compareSet(CompareFunction f, Iv ref, const FloatSet& d) {
  if (d.any) return FloatSet::range(0, 1);
  bool pass = false, fail = false;
  switch (f) {
    case CompareFunction::Never:
      fail = true;
      break;
    case CompareFunction::Always:
      pass = true;
      break;
    case CompareFunction::Less:
      pass = ref.lo < d.hi;
      fail = ref.hi >= d.lo;
      break;
    case CompareFunction::LessEqual:
      pass = ref.lo <= d.hi;
      fail = ref.hi > d.lo;
      break;
    case CompareFunction::Greater:
      pass = ref.hi > d.lo;
      fail = ref.lo <= d.hi;
      break;
    case CompareFunction::GreaterEqual:
      pass = ref.hi >= d.lo;
      fail = ref.lo < d.hi;
      break;
    case CompareFunction::Equal:
    case CompareFunction::NotEqual: {
      bool meet = ref.lo <= d.hi && d.lo <= ref.hi;
      bool alwaysEqual = meet && ref.exact() && d.isExact();
      bool canEqual = meet, canDiffer = !alwaysEqual;
      pass = f == CompareFunction::Equal ? canEqual : canDiffer;
      fail = f == CompareFunction::Equal ? canDiffer : canEqual;
      break;
    }
  }
  if (pass && fail) return FloatSet::range(0, 1);
  return FloatSet::exact(pass ? 1 : 0);
}

/// The coordinates of one sampling in one face (the texture itself when it is no cube):
/// normalized coordinates per axis and their derivatives.
struct FaceCoords {
  int face = -1;  // 0..5 for a cube (+X −X +Y −Y +Z −Z)
  int axes = 2;
  std::array<Iv, 3> coord{}, dx{}, dy{};
};

// Vulkan "Cube Map Face Selection": per face, the major axis and the (sc, tc) components of
// the direction: +X (−rz, −ry), −X (+rz, −ry), +Y (+rx, +rz), −Y (+rx, −rz), +Z (+rx, −ry),
// −Z (−rx, −ry).
struct FaceAxes {
  int major;
  int sAxis;
  double sSign;
  int tAxis;
  double tSign;
};
constexpr FaceAxes kFaces[6] = {{0, 2, -1, 1, -1}, {0, 2, +1, 1, -1}, {1, 0, +1, 2, +1},
                                {1, 0, +1, 2, -1}, {2, 0, +1, 1, -1}, {2, 0, -1, 1, -1}};

/// The direction of face coordinates (sc, tc) at |ma| = 1 on face `f` (the table inverted).
std::array<double, 3> directionOf(int f, double sc, double tc) {
  std::array<double, 3> r{};
  const FaceAxes& a = kFaces[f];
  r[a.major] = (f % 2 == 0) ? 1.0 : -1.0;
  r[a.sAxis] = sc * a.sSign;
  r[a.tAxis] = tc * a.tSign;
  return r;
}

/// The face a direction selects (the largest magnitude; a direction off the cube's diagonals).
int faceOf(const std::array<double, 3>& r) {
  int m = 0;
  for (int k = 1; k < 3; ++k)
    if (std::fabs(r[k]) > std::fabs(r[m])) m = k;
  return 2 * m + (r[m] < 0 ? 1 : 0);
}

/// The candidates of T6: every face whose major axis may be the largest (ties: each face), with
/// the face coordinates s = (sc/|ma| + 1)/2, t = (tc/|ma| + 1)/2 and their derivatives (Vulkan
/// "Cube Map Derivative Selection").
std::vector<FaceCoords> cubeFaces(const SamplePoint& p, const LevelOfDetail& lod) {
  std::vector<FaceCoords> out;
  std::array<Iv, 3> r{Iv::of(p.coords[0]), Iv::of(p.coords[1]), Iv::of(p.coords[2])};
  for (int f = 0; f < 6; ++f) {
    const FaceAxes& a = kFaces[f];
    Iv ma = r[a.major];
    // The face's sign: +X needs rx > 0 possible (−X, rx < 0).
    if ((f % 2 == 0) ? ma.hi <= 0 : ma.lo >= 0) continue;
    Iv mag = ma.abs();
    bool largest = true;
    for (int k = 0; k < 3; ++k)
      if (k != a.major && r[k].abs().lo > mag.hi) largest = false;
    if (!largest) continue;
    // Where the axis is the largest, |ma| is at least every other component's magnitude.
    double least = std::max({mag.lo, r[a.sAxis].abs().lo, r[a.tAxis].abs().lo});
    if (least <= 0) least = std::numeric_limits<double>::min();
    Iv m{least, mag.hi};
    Iv sc = r[a.sAxis] * a.sSign, tc = r[a.tAxis] * a.tSign;
    FaceCoords fc;
    fc.face = f;
    fc.axes = 2;
    auto faceCoord = [&](Iv c) {
      Iv q = c / m;
      q.lo = std::max(q.lo, -1.0);
      q.hi = std::min(q.hi, 1.0);
      return Iv{(q.lo + 1) / 2, (q.hi + 1) / 2};
    };
    fc.coord[0] = faceCoord(sc);
    fc.coord[1] = faceCoord(tc);
    if (lod.fromDerivatives) {
      // ∂s/∂x = ½ (∂sc/∂x · |ma| − sc · ∂|ma|/∂x) / ma², with ∂|ma|/∂x = ±∂ma/∂x.
      double sign = (f % 2 == 0) ? 1 : -1;
      auto derivative = [&](Iv c, Iv dc, Iv dma) {
        Iv num = dc * m - c * (dma * sign);
        return (num / (m * m)) * 0.5;
      };
      auto d = [&](const std::array<FloatSet, 3>& g) {
        return std::array<Iv, 3>{Iv::of(g[0]), Iv::of(g[1]), Iv::of(g[2])};
      };
      std::array<Iv, 3> gx = d(lod.ddx), gy = d(lod.ddy);
      fc.dx[0] = derivative(sc, gx[a.sAxis] * a.sSign, gx[a.major]);
      fc.dx[1] = derivative(tc, gx[a.tAxis] * a.tSign, gx[a.major]);
      fc.dy[0] = derivative(sc, gy[a.sAxis] * a.sSign, gy[a.major]);
      fc.dy[1] = derivative(tc, gy[a.tAxis] * a.tSign, gy[a.major]);
    }
    out.push_back(fc);
  }
  return out;
}

/// The evaluation of one sampling: the texture, the sampler, the layer, the comparison.
class Filter {
 public:
  Filter(const TextureView& t, const SamplerDescriptor& s, int64_t arrayIndex,
         std::optional<Iv> ref)
      : t_(t), s_(s), ref_(ref) {
    cube_ = t.dimension == SampledDimension::Cube;
    threeD_ = t.dimension == SampledDimension::D3;
    const Components& levels = t.texels->components();
    int64_t layers = levels.empty() ? 1 : static_cast<int64_t>(levels[0].components().size());
    if (cube_) layers /= 6;
    // Vulkan "Image Array Layer Selection": clamp(RNE(a), 0, layers − 1); the index is an
    // integer in WGSL (T8).
    layer_ = t.arrayed ? std::clamp<int64_t>(arrayIndex, 0, std::max<int64_t>(layers - 1, 0)) : 0;
  }

  int64_t levels() const { return static_cast<int64_t>(t_.texels->components().size()); }
  /// Texels per axis of level `l` (width, height, depth for 3D).
  std::array<int64_t, 3> size(int64_t l) const {
    const RValue& lv = t_.texels->components()[l];
    const Components& layers = lv.components();
    int64_t h = layers.empty() ? 1 : static_cast<int64_t>(layers[0].components().size());
    int64_t w = (layers.empty() || layers[0].components().empty())
                    ? 1
                    : static_cast<int64_t>(layers[0].components()[0].components().size());
    return {w, h, threeD_ ? static_cast<int64_t>(layers.size()) : 1};
  }

  /// The texel at integer coordinates (before the address modes) of level `l`, face `face`.
  ChannelSets fetch(int64_t l, int face, std::array<int64_t, 3> i) {
    std::array<int64_t, 3> n = size(l);
    if (cube_) return cubeTexel(l, face, i[0], i[1], n[0]);
    int64_t x = wrapTexelIndex(s_.addressModeU, i[0], n[0]);
    int64_t y =
        t_.dimension == SampledDimension::D1 ? 0 : wrapTexelIndex(s_.addressModeV, i[1], n[1]);
    int64_t z = threeD_ ? wrapTexelIndex(s_.addressModeW, i[2], n[2]) : layer_;
    return texel(l, z, y, x);
  }

  /// Every texel of level `l` in the sampled layer (or cube), for a bound too large to evaluate.
  void everyTexel(int64_t l, Hull* out) {
    const Components& layers = t_.texels->components()[l].components();
    for (int64_t z = 0; z < static_cast<int64_t>(layers.size()); ++z) {
      if (!threeD_ && (cube_ ? z / 6 != layer_ : z != layer_)) continue;
      for (const RValue& row : layers[z].components())
        for (size_t x = 0; x < row.components().size(); ++x) {
          ChannelSets c = texel(l, z, 0, 0, &row.components()[x]);
          for (int k = 0; k < 4; ++k) out[k].add(c[k]);
        }
    }
  }

  /// The footprint's union of every texel value read (for T5's tolerance).
  Hull footprint[4];
  bool combined = false;  // some value combined several texels (a tolerance applies)

 private:
  ChannelSets texel(int64_t l, int64_t z, int64_t y, int64_t x, const RValue* given = nullptr) {
    const RValue& v =
        given ? *given : t_.texels->components()[l].components()[z].components()[y].components()[x];
    ChannelSets c;
    for (int k = 0; k < 4; ++k) c[k] = channelOf(v.components()[k]);
    if (t_.depth) {
      // A depth texture's value is its depth; compared with the reference when sampled with a
      // comparison sampler (#texturesamplecompare).
      FloatSet d = c[0];
      if (ref_ && s_.compare) d = compareSet(*s_.compare, *ref_, d);
      c = {d, FloatSet::exact(0), FloatSet::exact(0), FloatSet::exact(1)};
    }
    for (int k = 0; k < 4; ++k) footprint[k].add(c[k]);
    return c;
  }

  // Vulkan "Cube Map Edge Handling": a texel beyond an edge of the face is the adjacent face's
  // texel across the edge, or (T7) the face's own edge texel, for an implementation that clamps
  // a nearest coordinate of exactly 1 to the face first; beyond a corner, any of the three
  // texels at the corner.
  ChannelSets cubeTexel(int64_t l, int face, int64_t x, int64_t y, int64_t n) {
    bool outX = x < 0 || x >= n, outY = y < 0 || y >= n;
    auto onFace = [&](int f, int64_t xx, int64_t yy) { return texel(l, layer_ * 6 + f, yy, xx); };
    if (!outX && !outY) return onFace(face, x, y);
    auto across = [&](int64_t xx, int64_t yy) {
      // The direction just beyond the edge, at the texel's centre along the edge.
      double eps = 1e-9;
      double sc = xx < 0    ? -1 - eps
                  : xx >= n ? 1 + eps
                            : 2.0 * (static_cast<double>(xx) + 0.5) / static_cast<double>(n) - 1;
      double tc = yy < 0    ? -1 - eps
                  : yy >= n ? 1 + eps
                            : 2.0 * (static_cast<double>(yy) + 0.5) / static_cast<double>(n) - 1;
      std::array<double, 3> r = directionOf(face, sc, tc);
      int f = faceOf(r);
      const FaceAxes& a = kFaces[f];
      double m = std::fabs(r[a.major]);
      double s = (r[a.sAxis] * a.sSign / m + 1) / 2, t = (r[a.tAxis] * a.tSign / m + 1) / 2;
      auto index = [&](double c) {
        return std::clamp<int64_t>(static_cast<int64_t>(std::floor(c * static_cast<double>(n))), 0,
                                   n - 1);
      };
      return onFace(f, index(s), index(t));
    };
    int64_t cx = std::clamp<int64_t>(x, 0, n - 1), cy = std::clamp<int64_t>(y, 0, n - 1);
    ChannelSets a = onFace(face, cx, cy);
    ChannelSets b = outX ? across(x, cy) : a, c = outY ? across(cx, y) : a;
    for (int k = 0; k < 4; ++k) a[k] = hull(hull(a[k], b[k]), c[k]);
    return a;
  }

  const TextureView& t_;
  const SamplerDescriptor& s_;
  std::optional<Iv> ref_;
  bool cube_ = false, threeD_ = false;
  int64_t layer_ = 0;
};

/// The points of one axis where the filter's extremes over the hardware's coordinates lie: the
/// coordinate range (exact when `exact` and a multiple of 1/16; else widened by 1/16, T1), its
/// ends and every integer between, within one period of a repeating address mode and within a
/// texel of the edges of clamp-to-edge (beyond, the values repeat).
std::vector<double> axisPoints(Iv c, int64_t size, AddressMode mode) {
  bool exact = c.exact() && std::floor(c.lo * 16) == c.lo * 16;
  if (!exact) {
    c.lo -= kSubTexel;
    c.hi += kSubTexel;
  }
  double n = static_cast<double>(size);
  if (mode == AddressMode::ClampToEdge) {
    c.lo = std::clamp(c.lo, -2.0, n + 2);
    c.hi = std::clamp(c.hi, -2.0, n + 2);
  } else if (c.hi - c.lo > 2 * n + 2) {
    c.hi = c.lo + 2 * n + 2;
  }
  std::vector<double> out{c.lo};
  for (double k = std::floor(c.lo) + 1; k < c.hi; k += 1) out.push_back(k);
  if (c.hi != c.lo) out.push_back(c.hi);
  return out;
}

AddressMode axisMode(const SamplerDescriptor& s, int axis, bool cube) {
  return cube ? AddressMode::ClampToEdge : s.addressMode(axis);
}

/// The filter's values at level `l` over the coordinates (normalized) of `fc`: the union at
/// every evaluation point (nearest: the texel containing it; linear: the weighted texels
/// around it; `hullWeights`: any convex combination of them, T4).
void filterLevel(Filter& f, const SamplerDescriptor& s, const FaceCoords& fc,
                 const std::array<int64_t, 3>& offset, int64_t l, FilterMode mode, bool hullWeights,
                 bool cube, Hull* out) {
  std::array<int64_t, 3> n = f.size(l);
  std::array<std::vector<double>, 3> points;
  size_t total = 1;
  for (int a = 0; a < 3; ++a) {
    if (a >= fc.axes) {
      points[a] = {0.5};
      continue;
    }
    double scale = static_cast<double>(n[a]);
    Iv u{fc.coord[a].lo * scale + static_cast<double>(offset[a]),
         fc.coord[a].hi * scale + static_cast<double>(offset[a])};
    if (mode == FilterMode::Linear) u = u - Iv{0.5, 0.5};
    points[a] = axisPoints(u, n[a], axisMode(s, a, cube));
    total *= points[a].size();
  }
  if (total > kMaxPoints) {
    f.everyTexel(l, out);
    f.combined = true;
    return;
  }
  for (double px : points[0])
    for (double py : points[1])
      for (double pz : points[2]) {
        std::array<double, 3> pt{px, py, pz};
        if (mode == FilterMode::Nearest) {
          std::array<int64_t, 3> i{};
          for (int a = 0; a < 3; ++a) i[a] = static_cast<int64_t>(std::floor(pt[a]));
          ChannelSets c = f.fetch(l, fc.face, i);
          for (int k = 0; k < 4; ++k) out[k].add(c[k]);
          continue;
        }
        // Linear: the 2^axes texels around the point, weighted by the fractions (those of
        // weight 0 are not read: a texel centre gives its texel exactly).
        std::array<int64_t, 3> i0{};
        std::array<double, 3> alpha{};
        for (int a = 0; a < 3; ++a) {
          double fl = std::floor(pt[a]);
          i0[a] = static_cast<int64_t>(fl);
          alpha[a] = a < fc.axes ? pt[a] - fl : 0;
        }
        Hull sum[4];
        double lo[4] = {0, 0, 0, 0}, hi[4] = {0, 0, 0, 0};
        bool any[4] = {false, false, false, false};
        int corners = 1 << fc.axes, read = 0;
        for (int corner = 0; corner < corners; ++corner) {
          std::array<int64_t, 3> i = i0;
          double w = 1;
          for (int a = 0; a < fc.axes; ++a) {
            bool upper = (corner >> a) & 1;
            i[a] += upper;
            w *= upper ? alpha[a] : 1 - alpha[a];
          }
          if (w == 0) continue;
          if (++read > 1) f.combined = true;
          ChannelSets c = f.fetch(l, fc.face, i);
          for (int k = 0; k < 4; ++k) {
            if (c[k].any) any[k] = true;
            lo[k] += w * c[k].lo;
            hi[k] += w * c[k].hi;
            sum[k].add(c[k]);
          }
        }
        for (int k = 0; k < 4; ++k) {
          if (hullWeights) {
            if (!sum[k].empty())
              out[k].lo = std::min(out[k].lo, sum[k].lo),
              out[k].hi = std::max(out[k].hi, sum[k].hi);
            out[k].any = out[k].any || sum[k].any;
          } else {
            out[k].add(any[k] ? FloatSet::anyValue() : FloatSet::range(lo[k], hi[k]));
          }
        }
      }
}

/// Vulkan "Level-of-Detail Operation": the range of λ (after the bias, T2's precision and the
/// sampler's lodMinClamp/lodMaxClamp) for face coordinates `fc` on a texture whose level 0 is
/// `size`; `widen` gives the anisotropic footprint's extent in normalized coordinates (T3).
Iv levelOfDetail(const SamplerDescriptor& s, const LevelOfDetail& lod, const FaceCoords& fc,
                 const std::array<int64_t, 3>& size, std::array<double, 3>* widen) {
  Iv base;
  bool exact = false;
  if (!lod.fromDerivatives) {
    if (lod.level.any) return {s.lodMinClamp, s.lodMaxClamp};
    base = Iv::of(lod.level);
    exact = true;
  } else {
    // Vulkan "Scale Factor Operation": ρx may be any f_x with max(|mux|, |mvx|, |mwx|) ≤ f_x ≤
    // √2 (|mux| + |mvx| + |mwx|), m the derivatives in texels of level 0 (T3).
    for (int a = 0; a < fc.axes; ++a)
      if (lod.ddx[a].any || lod.ddy[a].any) return {s.lodMinClamp, s.lodMaxClamp};
    double xLo = 0, xSum = 0, yLo = 0, ySum = 0;
    for (int a = 0; a < fc.axes; ++a) {
      double n = static_cast<double>(size[a]);
      Iv mx = fc.dx[a].abs() * n, my = fc.dy[a].abs() * n;
      xLo = std::max(xLo, mx.lo);
      yLo = std::max(yLo, my.lo);
      xSum += mx.hi;
      ySum += my.hi;
      if (widen && s.maxAnisotropy > 1) (*widen)[a] = (fc.dx[a].abs().hi + fc.dy[a].abs().hi) / 2;
    }
    double xHi = std::sqrt(2.0) * xSum, yHi = std::sqrt(2.0) * ySum;
    double maxLo = std::max(xLo, yLo), maxHi = std::max(xHi, yHi);
    double minLo = std::min(xLo, yLo);
    // Anisotropic filtering: λbase = log2(ρmax / η), η = min(ρmax / ρmin, maxAnisotropy).
    double lowest = s.maxAnisotropy > 1 ? std::max(minLo, maxLo / s.maxAnisotropy) : maxLo;
    base = {lowest > 0 ? std::log2(lowest) : -kInf, maxHi > 0 ? std::log2(maxHi) : -kInf};
  }
  if (lod.bias.any) return {s.lodMinClamp, s.lodMaxClamp};
  Iv l = base + Iv::of(lod.bias);
  bool multiple = exact && l.exact() && std::floor(l.lo * 16) == l.lo * 16;
  if (!multiple) {
    l.lo -= kLodPrecision;
    l.hi += kLodPrecision;
  }
  // The sampler's clamps; a clamped λ is within 1/16 of the bound (T2: an implementation keeps
  // lodMinClamp and lodMaxClamp in its own precision).
  bool clamped = l.lo < s.lodMinClamp || l.hi > s.lodMaxClamp;
  l.lo = std::clamp(l.lo, s.lodMinClamp, s.lodMaxClamp);
  l.hi = std::clamp(l.hi, s.lodMinClamp, s.lodMaxClamp);
  if (clamped && multiple) {
    l.lo -= kLodPrecision;
    l.hi += kLodPrecision;
  }
  return l;
}

/// The channels of one sampling (comparison when `ref`), over every candidate face.
ChannelSets sampleSets(const TextureView& t, const SamplerDescriptor& s, const SamplePoint& p,
                       const LevelOfDetail& lod, std::optional<Iv> ref) {
  Filter f(t, s, p.arrayIndex, ref);
  bool cube = t.dimension == SampledDimension::Cube;
  Hull out[4];
  bool anyCoord = false;
  for (int a = 0; a < p.count; ++a) anyCoord = anyCoord || p.coords[a].any;
  if (anyCoord || f.levels() == 0) {
    // An undefined coordinate (NaN, infinity): any value of the channel.
    return {FloatSet::anyValue(), FloatSet::anyValue(), FloatSet::anyValue(), FloatSet::anyValue()};
  }
  std::vector<FaceCoords> faces;
  if (cube) {
    faces = cubeFaces(p, lod);
  } else {
    FaceCoords fc;
    fc.axes = p.count;
    for (int a = 0; a < p.count; ++a) {
      fc.coord[a] = Iv::of(p.coords[a]);
      if (lod.fromDerivatives) fc.dx[a] = Iv::of(lod.ddx[a]), fc.dy[a] = Iv::of(lod.ddy[a]);
    }
    faces.push_back(fc);
  }
  // A comparison's linear filter may weigh its texels any way (T4).
  bool hullWeights = ref.has_value();
  int64_t q = f.levels() - 1;
  for (FaceCoords fc : faces) {
    std::array<double, 3> widen{0, 0, 0};
    Iv lambda = levelOfDetail(s, lod, fc, f.size(0), &widen);
    for (int a = 0; a < fc.axes; ++a)
      fc.coord[a] = {fc.coord[a].lo - widen[a], fc.coord[a].hi + widen[a]};
    std::array<int64_t, 3> offset = cube ? std::array<int64_t, 3>{0, 0, 0} : p.offset;
    // λ ≤ 0: magnification, level 0 with magFilter; λ > 0: minification (Vulkan "Texel Filtering").
    if (lambda.lo <= 0) filterLevel(f, s, fc, offset, 0, s.magFilter, hullWeights, cube, out);
    if (lambda.hi <= 0) continue;
    double dlo = std::clamp(std::max(lambda.lo, 0.0), 0.0, static_cast<double>(q));
    double dhi = std::clamp(lambda.hi, 0.0, static_cast<double>(q));
    std::map<int64_t, std::array<Hull, 4>> perLevel;
    auto levelValue = [&](int64_t l) -> const std::array<Hull, 4>& {
      auto it = perLevel.find(l);
      if (it != perLevel.end()) return it->second;
      std::array<Hull, 4> h;
      filterLevel(f, s, fc, offset, l, s.minFilter, hullWeights, cube, h.data());
      return perLevel.emplace(l, h).first->second;
    };
    if (s.mipmapFilter == FilterMode::Nearest) {
      // Vulkan: d = ⌈d' + 0.5⌉ − 1; a tie (d' + 0.5 an integer) may round either way (T2).
      auto first = static_cast<int64_t>(std::ceil(dlo + 0.5) - 1),
           last = static_cast<int64_t>(std::floor(dhi + 0.5));
      for (int64_t l = std::max<int64_t>(first, 0); l <= std::min(last, q); ++l) {
        const auto& v = levelValue(l);
        for (int k = 0; k < 4; ++k) {
          if (v[k].any) out[k].any = true;
          if (!v[k].empty())
            out[k].lo = std::min(out[k].lo, v[k].lo), out[k].hi = std::max(out[k].hi, v[k].hi);
        }
      }
      continue;
    }
    // Linear mipmap filtering: (1 − δ) · level ⌊d'⌋ + δ · level ⌊d'⌋ + 1, δ = frac(d'),
    // evaluated at the ends of d' and every level between.
    std::vector<double> ds{dlo};
    for (double k = std::floor(dlo) + 1; k < dhi; k += 1) ds.push_back(k);
    if (dhi != dlo) ds.push_back(dhi);
    for (double d : ds) {
      auto k = static_cast<int64_t>(std::floor(d));
      double delta = d - std::floor(d);
      const auto a = levelValue(k);
      if (delta == 0 || k >= q) {
        for (int c = 0; c < 4; ++c) {
          if (a[c].any) out[c].any = true;
          if (!a[c].empty())
            out[c].lo = std::min(out[c].lo, a[c].lo), out[c].hi = std::max(out[c].hi, a[c].hi);
        }
        continue;
      }
      f.combined = true;
      const auto b = levelValue(k + 1);
      for (int c = 0; c < 4; ++c) {
        if (a[c].any || b[c].any || a[c].empty() || b[c].empty()) {
          out[c].any = true;
          continue;
        }
        out[c].lo = std::min(out[c].lo, (1 - delta) * a[c].lo + delta * b[c].lo);
        out[c].hi = std::max(out[c].hi, (1 - delta) * a[c].hi + delta * b[c].hi);
      }
    }
  }
  ChannelSets result;
  for (int k = 0; k < 4; ++k) {
    double tolerance = 0;
    if (f.combined && !f.footprint[k].empty() && !f.footprint[k].any) {
      const Hull& fp = f.footprint[k];
      double magnitude = std::max(std::fabs(fp.lo), std::fabs(fp.hi));
      tolerance = (fp.hi - fp.lo) * kFilterRelative +
                  magnitude * (kFilterMagnitude + t.filterRelativeStep) + t.filterStep;
    }
    result[k] = toF32(out[k], tolerance);
  }
  // A comparison's value is in [0, 1] (#texturesamplecompare "A value in the range [0.0..1.0]").
  if (ref && !result[0].any)
    result[0] = FloatSet::range(std::max(result[0].lo, 0.0), std::min(result[0].hi, 1.0));
  return result;
}

/// T9: the reference as given, or clamped to [0, 1] (Vulkan clamps it for fixed-point depth
/// formats; some implementations clamp it for depth32float too).
Iv referenceOf(const FloatSet& r) {
  Iv v = Iv::of(r);
  return {std::min(v.lo, std::clamp(v.lo, 0.0, 1.0)), std::max(v.hi, std::clamp(v.hi, 0.0, 1.0))};
}

}  // namespace

FloatSet hull(const FloatSet& a, const FloatSet& b) {
  if (a.any || b.any) return FloatSet::anyValue();
  return FloatSet::range(std::min(a.lo, b.lo), std::max(a.hi, b.hi));
}

ChannelSets sampleTexture(const TextureView& t, const SamplerDescriptor& s, const SamplePoint& p,
                          const LevelOfDetail& lod) {
  return sampleSets(t, s, p, lod, std::nullopt);
}

FloatSet sampleCompare(const TextureView& t, const SamplerDescriptor& s, const SamplePoint& p,
                       const LevelOfDetail& lod, FloatSet depthRef) {
  if (depthRef.any) return FloatSet::range(0, 1);
  return sampleSets(t, s, p, lod, referenceOf(depthRef))[0];
}

std::vector<ChannelSets> gatherTexture(const TextureView& t, const SamplerDescriptor& s,
                                       const SamplePoint& p, int component,
                                       std::optional<FloatSet> depthRef) {
  std::optional<Iv> ref;
  if (depthRef) {
    if (depthRef->any)
      return {{FloatSet::range(0, 1), FloatSet::range(0, 1), FloatSet::range(0, 1),
               FloatSet::range(0, 1)}};
    ref = referenceOf(*depthRef);
  }
  Filter f(t, s, p.arrayIndex, ref);
  bool cube = t.dimension == SampledDimension::Cube;
  for (int a = 0; a < p.count; ++a)
    if (p.coords[a].any || f.levels() == 0) {
      // An undefined coordinate: the values of any four texels (a superset: every texel's).
      Hull all[4];
      if (f.levels() > 0) f.everyTexel(0, all);
      int c = t.depth ? 0 : component;
      FloatSet v = all[c].any || all[c].empty() ? FloatSet::anyValue()
                                                : FloatSet::range(all[c].lo, all[c].hi);
      return {{v, v, v, v}};
    }
  std::vector<FaceCoords> faces;
  if (cube) {
    faces = cubeFaces(p, LevelOfDetail{});
  } else {
    FaceCoords fc;
    fc.axes = 2;
    for (int a = 0; a < 2; ++a) fc.coord[a] = Iv::of(p.coords[a]);
    faces.push_back(fc);
  }
  std::vector<ChannelSets> out;
  std::array<int64_t, 3> n = f.size(0);
  for (const FaceCoords& fc : faces) {
    // #texturegather: the four texels of a linear filter's footprint at level 0 (T1's
    // precision: every footprint whose corner the coordinate's range reaches).
    std::array<std::vector<int64_t>, 2> corner;
    for (int a = 0; a < 2; ++a) {
      double scale = static_cast<double>(n[a]);
      double off = cube ? 0 : static_cast<double>(p.offset[a]);
      Iv u{fc.coord[a].lo * scale + off - 0.5, fc.coord[a].hi * scale + off - 0.5};
      for (double pt : axisPoints(u, n[a], axisMode(s, a, cube))) {
        auto i = static_cast<int64_t>(std::floor(pt));
        if (std::find(corner[a].begin(), corner[a].end(), i) == corner[a].end())
          corner[a].push_back(i);
      }
    }
    for (int64_t i : corner[0])
      for (int64_t j : corner[1]) {
        // x: (umin, vmax), y: (umax, vmax), z: (umax, vmin), w: (umin, vmin).
        std::array<std::array<int64_t, 3>, 4> at = {
            std::array<int64_t, 3>{i, j + 1, 0}, {i + 1, j + 1, 0}, {i + 1, j, 0}, {i, j, 0}};
        ChannelSets v;
        for (int k = 0; k < 4; ++k) {
          ChannelSets texel = f.fetch(0, fc.face, at[k]);
          v[k] = t.depth ? texel[0] : texel[component];
        }
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
      }
  }
  return out;
}

}  // namespace plumb::interp
