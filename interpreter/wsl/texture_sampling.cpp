// Texture sampling: `Sample`, `SampleBias`, `SampleGrad`, `SampleLevel`, `SampleCmp`,
// `SampleCmpLevelZero` (seed "Sampler and texture operations: Todo"). Plumb computes what the
// reference implementation computes (gpuweb/WSL 943222d, TextureOperations.mjs
// `sampleTexture`, which follows Vulkan 1.1.83 chapter 15: projection, cube face selection,
// scale factor and level of detail, level selection, (u, v, w) and (i, j, k, l), wrapping,
// border colour, filtering, depth comparison), in binary64 as JavaScript does, the result
// converted to the texture's element type as the RI converts it (docs/ambiguities.md WSL W37).
// The RI's quirks are kept: the first coordinate wraps by the sampler's `rAddressMode`, the
// second by `sAddressMode`, the third by `tAddressMode`; a cube ignores seams.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "interpreter/wsl/texture.h"

namespace plumb::wsl {

namespace {

constexpr double kMax = std::numeric_limits<double>::max();  // JavaScript Number.MAX_VALUE

using Color = std::vector<double>;  // one channel (a scalar texture) or 2 to 4

struct Sampling {
  const TextureData& texture;
  const SamplerData& sampler;
  int dimension = 2;  // the RI's texture.dimension: 1, 2 (2D, cube) or 3
  bool cube = false;
};

Color toColor(const Value& v) {
  if (v.kind == Value::Kind::Aggregate) {
    Color c;
    for (const Value& e : v.elements)
      c.push_back(e.kind == Value::Kind::Float ? double(e.real) : double(e.integer));
    return c;
  }
  return {v.kind == Value::Kind::Float ? double(v.real) : double(v.integer)};
}

Color reduce(const std::vector<std::pair<double, Color>>& weighted) {
  Color sum(weighted.front().second.size(), 0.0);
  for (const auto& [w, c] : weighted)
    for (size_t i = 0; i < sum.size() && i < c.size(); ++i) sum[i] += w * c[i];
  return sum;
}

// Sampler.mjs calculateBorderColor (Vulkan 15.3.3): 0 except opaque white, whose value is the
// type's maximum (1 for floats); a vector's every channel.
Color borderColor(const Sampling& x) {
  const Type& e = x.texture.element->kind == Type::Kind::Vector ? *x.texture.element->element
                                                                : *x.texture.element;
  size_t n = x.texture.element->kind == Type::Kind::Vector ? x.texture.element->size : 1;
  double white = e.kind == Type::Kind::Uchar  ? 0xFF
                 : e.kind == Type::Kind::Uint ? 4294967295.0
                 : e.kind == Type::Kind::Int  ? 2147483647.0
                                              : 1.0;
  return Color(n, x.sampler.borderColor == "opaqueWhite" ? white : 0.0);
}

// Vulkan 15.9.1, the RI's wrappingOperation (JavaScript `%` keeps the dividend's sign, as C++'s).
int64_t wrap(const std::string& mode, int64_t size, int64_t i) {
  if (mode == "repeat") return i % size;
  if (mode == "mirrorRepeat") {
    int64_t n = (i % (2 * size)) - size;
    return (size - 1) - (n >= 0 ? n : -(1 + n));
  }
  if (mode == "clampToBorderColor") return std::min(std::max(i, int64_t(-1)), size);
  return std::min(std::max(i, int64_t(0)), size - 1);  // clampToEdge
}

struct LevelSize {
  int64_t width = 1, height = 1, depth = 1;
};

LevelSize levelSize(const TextureData& t, int64_t level) {
  const auto& l =
      t.layers.front()[size_t(std::clamp<int64_t>(level, 0, int64_t(t.layers.front().size()) - 1))];
  return {l.width, l.height, l.depth};
}

// computeTau's accessColor: a wrapped coordinate on the border (-1 or the size) reads the
// border colour; nothing when out of the texture (the RI throws "Out-of-bounds texture read").
std::optional<Color> accessColor(const Sampling& x, int64_t level, int64_t l, int64_t i, int64_t j,
                                 int64_t k) {
  LevelSize s = levelSize(x.texture, level);
  int64_t wi = wrap(x.sampler.rAddressMode, s.width, i);
  int64_t wj = wrap(x.sampler.sAddressMode, s.height, j);
  int64_t wk = wrap(x.sampler.tAddressMode, s.depth, k);
  auto border = [](int64_t v, int64_t max) { return v == -1 || v == max; };
  if (wi < -1 || wi > s.width || wj < -1 || wj > s.height || wk < -1 || wk > s.depth)
    return std::nullopt;
  if (border(wi, s.width) || border(wj, s.height) || border(wk, s.depth)) return borderColor(x);
  auto texel = x.texture.texel(l, level, wk, wj, wi);
  if (!texel) return std::nullopt;
  return toColor(*texel);
}

// texelFiltering's computeColorFromLevel (Vulkan 15.6.8, 15.7.1, 15.9.3).
std::optional<Color> colorFromLevel(const Sampling& x, int64_t level, const std::string& filter,
                                    double s, double t, double r, double a,
                                    const int64_t delta[3]) {
  LevelSize size = levelSize(x.texture, level);
  double u = s * double(size.width), v = t * double(size.height), w = r * double(size.depth);
  int64_t layers = int64_t(x.texture.layers.size());
  int64_t l = std::min(std::max(int64_t(std::floor(a + 0.5)), int64_t(0)), layers - 1);
  if (filter == "nearest")
    return accessColor(x, level, l, int64_t(std::floor(u)) + delta[0],
                       int64_t(std::floor(v)) + delta[1], int64_t(std::floor(w)) + delta[2]);
  int64_t i0 = int64_t(std::floor(u - 0.5)), j0 = int64_t(std::floor(v - 0.5)),
          k0 = int64_t(std::floor(w - 0.5));
  double alpha = (u - 0.5) - double(i0), beta = (v - 0.5) - double(j0),
         gamma = (w - 0.5) - double(k0);
  i0 += delta[0];
  j0 += delta[1];
  k0 += delta[2];
  std::optional<Color> c[2][2][2];  // [k][j][i]
  for (int dk = 0; dk < 2; ++dk)
    for (int dj = 0; dj < 2; ++dj)
      for (int di = 0; di < 2; ++di) {
        // The RI reads all eight (a 1D or 2D texture has depth 1: k1 = 0 is in range, k0 = -1
        // is the border); the ones a dimension does not use are not read below.
        bool used = (x.dimension >= 3 || dk == 1) && (x.dimension >= 2 || dj == 1);
        if (!used) continue;
        c[dk][dj][di] = accessColor(x, level, l, i0 + di, j0 + dj, k0 + dk);
        if (!c[dk][dj][di]) return std::nullopt;
      }
  switch (x.dimension) {
    case 1:
      return reduce({{1 - alpha, *c[1][1][0]}, {alpha, *c[1][1][1]}});
    case 2:
      return reduce({{(1 - alpha) * (1 - beta), *c[1][0][0]},
                     {alpha * (1 - beta), *c[1][0][1]},
                     {(1 - alpha) * beta, *c[1][1][0]},
                     {alpha * beta, *c[1][1][1]}});
    default:
      return reduce({{(1 - alpha) * (1 - beta) * (1 - gamma), *c[0][0][0]},
                     {alpha * (1 - beta) * (1 - gamma), *c[0][0][1]},
                     {(1 - alpha) * beta * (1 - gamma), *c[0][1][0]},
                     {alpha * beta * (1 - gamma), *c[0][1][1]},
                     {(1 - alpha) * (1 - beta) * gamma, *c[1][0][0]},
                     {alpha * (1 - beta) * gamma, *c[1][0][1]},
                     {(1 - alpha) * beta * gamma, *c[1][1][0]},
                     {alpha * beta * gamma, *c[1][1][1]}});
  }
}

struct SampleRequest {
  double location[5] = {0, 0, 0, 1, 0};  // s, t, r, q, a
  int64_t delta[3] = {0, 0, 0};
  std::optional<double> bias, lod, dref;
  std::optional<std::array<double, 3>> ddx, ddy;
  int gather = -1;  // Gather*: the channel gathered (TextureOperations.mjs gatherTexture)
};

// Vulkan 15.3.4: the depth comparison (1 when it passes, else 0).
double depthCompare(const std::string& f, double dref, double d) {
  bool pass = f == "less"           ? dref < d
              : f == "equal"        ? dref == d
              : f == "lessEqual"    ? dref <= d
              : f == "greater"      ? dref > d
              : f == "notEqual"     ? dref != d
              : f == "greaterEqual" ? dref >= d
                                    : f == "always";
  return pass ? 1.0 : 0.0;
}

// TextureOperations.mjs sampleTexture / texelFiltering / calculateLambda.
std::optional<Color> sampleTexture(const Sampling& x, const SampleRequest& q) {
  const SamplerData& sampler = x.sampler;
  double s = q.location[0] / q.location[3], t = q.location[1] / q.location[3],
         r = q.location[2] / q.location[3], a = q.location[4];
  std::optional<double> dref;
  if (q.dref) dref = *q.dref / q.location[3];
  std::array<double, 3> dx = q.ddx.value_or(std::array<double, 3>{0, 0, 0});
  std::array<double, 3> dy = q.ddy.value_or(std::array<double, 3>{0, 0, 0});
  if (x.cube) {
    // Vulkan 15.6.4-15.6.6: cube face selection and the face's coordinates and derivatives.
    double rx = s, ry = t, rz = r;
    int winner = 0;
    if (std::fabs(rz) >= std::fabs(ry) && std::fabs(rz) >= std::fabs(rx))
      winner = 2;
    else if (std::fabs(ry) >= std::fabs(rx) && std::fabs(ry) >= std::fabs(rz))
      winner = 1;
    int face;
    double sc, tc, rc, dsx, dsy, dtx, dty, drx, dry;
    if (winner == 0 && rx >= 0) {
      face = 0, sc = -rz, tc = -ry, rc = rx;
      dsx = -dx[2], dsy = -dy[2], dtx = -dx[1], dty = -dy[1], drx = dx[0], dry = dy[0];
    } else if (winner == 0) {
      face = 1, sc = rz, tc = -ry, rc = rx;
      dsx = dx[2], dsy = dy[2], dtx = -dx[1], dty = -dy[1], drx = -dx[0], dry = -dy[0];
    } else if (winner == 1 && ry >= 0) {
      face = 2, sc = rx, tc = -rz, rc = ry;
      dsx = dx[0], dsy = dy[0], dtx = dx[2], dty = dy[2], drx = dx[1], dry = dy[1];
    } else if (winner == 1) {
      face = 3, sc = rx, tc = -rz, rc = ry;
      dsx = dx[0], dsy = dy[0], dtx = -dx[2], dty = -dy[2], drx = -dx[1], dry = -dy[1];
    } else if (rz >= 0) {
      face = 4, sc = rx, tc = -ry, rc = rz;
      dsx = dx[0], dsy = dy[0], dtx = -dx[1], dty = -dy[1], drx = dx[2], dry = dy[2];
    } else {
      face = 5, sc = -rx, tc = -ry, rc = rz;
      dsx = -dx[0], dsy = -dy[0], dtx = -dx[1], dty = -dy[1], drx = -dx[2], dry = -dy[2];
    }
    s = 0.5 * sc / std::fabs(rc) + 0.5;
    t = 0.5 * tc / std::fabs(rc) + 0.5;
    double rc2 = rc * rc;
    dx = {0.5 * ((std::fabs(rc) * dsx - sc * drx) / rc2),
          0.5 * ((std::fabs(rc) * dtx - tc * drx) / rc2), 0};
    dy = {0.5 * ((std::fabs(rc) * dsy - sc * dry) / rc2),
          0.5 * ((std::fabs(rc) * dty - tc * dry) / rc2), 0};
    r = 0;
    a = face;
  }
  // Vulkan 15.6.7: scale factors (of the texture's level 0) and the level of detail.
  LevelSize base = levelSize(x.texture, 0);
  double mux = std::fabs(dx[0]) * double(base.width), mvx = std::fabs(dx[1]) * double(base.height),
         mwx = std::fabs(dx[2]) * double(base.depth);
  double muy = std::fabs(dy[0]) * double(base.width), mvy = std::fabs(dy[1]) * double(base.height),
         mwy = std::fabs(dy[2]) * double(base.depth);
  double fx = std::sqrt(mux * mux + mvx * mvx + mwx * mwx);
  double fy = std::sqrt(muy * muy + mvy * mvy + mwy * mwy);
  double rhoMax = std::max(fx, fy), rhoMin = std::min(fx, fy);
  double maxAniso = std::min(double(sampler.maxAnisotropy), kMax);
  double eta = rhoMax == 0 && rhoMin == 0 ? 1
               : rhoMin == 0              ? maxAniso
                                          : std::min(rhoMax / rhoMin, maxAniso);
  double lambdaBase = q.lod ? *q.lod : std::log2(rhoMax / eta);
  double lambdaPrime = lambdaBase + std::min(std::max(0 + q.bias.value_or(0), -kMax), kMax);
  double lodMin = std::max(sampler.lodMinClamp, -kMax), lodMax = sampler.lodMaxClamp;
  double lambda;
  if (lambdaPrime > lodMax)
    lambda = lodMax;
  else if (lodMin <= lambdaPrime && lambdaPrime <= lodMax)
    lambda = lambdaPrime;
  else if (lambdaPrime < lodMin)
    lambda = lodMin;
  else
    return std::nullopt;  // the RI throws ("lodMin >= lodMax", or a NaN)
  double levels = double(x.texture.layers.front().size()) - 1;
  double dPrime = std::min(std::max(lambda, 0.0), levels);
  if (q.gather >= 0) {
    // texelGathering (Vulkan 15.9.2): the level by "nearest", the 2x2 texels a linear filter
    // would read, one channel of each in the order (i0, j1), (i1, j1), (i1, j0), (i0, j0).
    int64_t level = int64_t(std::ceil(dPrime + 0.5) - 1);
    LevelSize size = levelSize(x.texture, level);
    double u = s * double(size.width), v = t * double(size.height);
    int64_t layers = int64_t(x.texture.layers.size());
    int64_t l = std::min(std::max(int64_t(std::floor(a + 0.5)), int64_t(0)), layers - 1);
    int64_t i0 = int64_t(std::floor(u - 0.5)) + q.delta[0];
    int64_t j0 = int64_t(std::floor(v - 0.5)) + q.delta[1];
    Color out;
    for (auto [di, dj] : {std::pair{0, 1}, std::pair{1, 1}, std::pair{1, 0}, std::pair{0, 0}}) {
      std::optional<Color> c = accessColor(x, level, l, i0 + di, j0 + dj, 0);
      if (!c || size_t(q.gather) >= c->size()) return std::nullopt;
      double value = (*c)[size_t(q.gather)];
      out.push_back(dref ? depthCompare(sampler.compareFunction, *dref, value) : value);
    }
    return out;
  }
  const std::string& filter = lambda <= 0 ? sampler.magFilter : sampler.minFilter;
  if (filter != "nearest" && filter != "linear") return std::nullopt;
  std::optional<Color> color;
  if (sampler.mipmapFilter == "linear") {
    double dHi = std::floor(dPrime);
    double dLow = std::min(dHi + 1, levels);
    double delta = dPrime - dHi;
    auto hi = colorFromLevel(x, int64_t(dHi), filter, s, t, r, a, q.delta);
    auto low = colorFromLevel(x, int64_t(dLow), filter, s, t, r, a, q.delta);
    if (!hi || !low) return std::nullopt;
    color = reduce({{1 - delta, *hi}, {delta, *low}});
  } else {
    color = colorFromLevel(x, int64_t(std::ceil(dPrime + 0.5) - 1), filter, s, t, r, a, q.delta);
  }
  if (color && dref) {
    // Vulkan 15.3.4: the depth comparison.
    color = Color{depthCompare(sampler.compareFunction, *dref, (*color)[0])};
  }
  return color;
}

// JavaScript's `x | 0` (ToInt32).
int64_t toInt32(double x) {
  if (!std::isfinite(x)) return 0;
  double m = std::fmod(std::trunc(x), 4294967296.0);
  if (m < 0) m += 4294967296.0;
  uint32_t u = uint32_t(m);
  return int64_t(int32_t(u));
}

// TextureOperations.mjs castToInnerType: Math.fround, `| 0`, `>>> 0`, `& 0xFF`.
Value castToInner(const TypeP& t, double x) {
  switch (t->kind) {
    case Type::Kind::Float:
      return Value::makeFloat(float(x));
    case Type::Kind::Int:
      return Value::makeInt(int32_t(toInt32(x)));
    case Type::Kind::Uint:
      return Value::makeUint(uint32_t(toInt32(x)));
    case Type::Kind::Uchar:
      return Value::makeUchar(uint8_t(toInt32(x) & 0xFF));
    default:
      return Value::makeUnspecified(t);
  }
}

std::vector<double> floats(const Value& v) {
  std::vector<double> out;
  if (v.kind == Value::Kind::Aggregate)
    for (const Value& e : v.elements) out.push_back(e.real);
  else
    out.push_back(v.real);
  return out;
}

bool anyUnspecifiedComponent(const Value& v) {
  if (v.unspecified) return true;
  for (const Value& e : v.elements)
    if (anyUnspecifiedComponent(e)) return true;
  return false;
}

}  // namespace

// The natives "texture-sample:<Sample|SampleBias|SampleGrad|SampleLevel|SampleCmp|
// SampleCmpLevelZero>[+offset]" (checker/wsl/texture_library.cpp): the arguments are the
// texture, the sampler, the location, the function's own operands, then the offset.
std::optional<std::vector<Value>> evaluateSampleNative(const Function& f,
                                                       const std::vector<Value>& args,
                                                       const Resources* resources) {
  const std::string prefix = "texture-sample:";
  const std::string gatherPrefix = "texture-gather:";
  const bool gather = f.native.rfind(gatherPrefix, 0) == 0;
  if (f.native.rfind(prefix, 0) != 0 && !gather) return std::nullopt;
  std::string name = f.native.substr(gather ? gatherPrefix.size() : prefix.size());
  const bool withOffset = name.size() > 7 && name.substr(name.size() - 7) == "+offset";
  if (withOffset) name.resize(name.size() - 7);
  // "texture-gather:<channel>[+cmp][+offset]": the channel, and a compare value after the
  // location.
  int channel = -1;
  if (gather) {
    channel = name[0] - '0';
    name = name.find("+cmp") != std::string::npos ? "GatherCmp" : "Gather";
  }
  auto unspecified = std::vector<Value>{Value::makeUnspecified(f.result)};
  if (!resources || args[0].integer < 0 || size_t(args[0].integer) >= resources->textures.size() ||
      args[1].integer < 0 || size_t(args[1].integer) >= resources->samplers.size())
    return unspecified;
  for (const Value& a : args)
    if (anyUnspecifiedComponent(a)) return unspecified;
  const TextureData& texture = resources->textures[size_t(args[0].integer)];
  if (texture.layers.empty() || texture.layers.front().empty()) return unspecified;
  Sampling x{texture, resources->samplers[size_t(args[1].integer)]};
  const std::string& kind = texture.kind;
  x.cube = kind.find("Cube") != std::string::npos;
  x.dimension = kind.find("1D") != std::string::npos   ? 1
                : kind.find("3D") != std::string::npos ? 3
                                                       : 2;
  const bool array = kind.find("Array") != std::string::npos;
  const size_t coordinates = x.cube ? 3 : size_t(x.dimension);
  SampleRequest q;
  std::vector<double> location = floats(args[2]);
  for (size_t i = 0; i < coordinates; ++i) q.location[i] = location[i];
  if (array) q.location[4] = location[coordinates];
  size_t next = 3;
  if (name == "SampleBias") q.bias = args[next++].real;
  if (name == "SampleLevel") q.lod = args[next++].real;
  if (name == "SampleCmp" || name == "SampleCmpLevelZero") q.dref = args[next++].real;
  if (name == "SampleCmpLevelZero") q.lod = 0;
  if (gather) q.gather = channel;
  if (name == "GatherCmp") q.dref = args[next++].real;
  if (name == "SampleGrad") {
    std::array<double, 3> ddx{0, 0, 0}, ddy{0, 0, 0};
    std::vector<double> gx = floats(args[next++]), gy = floats(args[next++]);
    for (size_t i = 0; i < gx.size() && i < 3; ++i) ddx[i] = gx[i], ddy[i] = gy[i];
    q.ddx = ddx;
    q.ddy = ddy;
  }
  if (withOffset) {
    const Value& o = args[next];
    if (o.kind == Value::Kind::Aggregate)
      for (size_t i = 0; i < o.elements.size() && i < 3; ++i)
        q.delta[i] = int64_t(int32_t(o.elements[i].integer));
    else
      q.delta[0] = int64_t(int32_t(o.integer));
  }
  std::optional<Color> c = sampleTexture(x, q);
  if (!c) return unspecified;  // where the RI throws: any value (docs/ambiguities.md WSL W37)
  if (f.result->kind == Type::Kind::Vector) {
    Value v;
    v.kind = Value::Kind::Aggregate;
    v.type = f.result;
    for (uint32_t i = 0; i < f.result->size; ++i)
      v.elements.push_back(castToInner(f.result->element, i < c->size() ? (*c)[i] : 0.0));
    return std::vector<Value>{v};
  }
  return std::vector<Value>{castToInner(f.result, c->front())};
}

}  // namespace plumb::wsl
