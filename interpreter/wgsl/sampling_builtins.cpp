// The sampling built-in functions as functions of their arguments
// (interpreter/wgsl/sampling_builtins.h).
#include "interpreter/wgsl/sampling_builtins.h"

#include <algorithm>
#include <set>

#include "interpreter/wgsl/textures.h"

namespace plumb::interp {

bool isSamplingBuiltin(std::string_view name) {
  return name == "textureSample" || name == "textureSampleBias" || name == "textureSampleCompare" ||
         name == "textureSampleCompareLevel" || name == "textureSampleGrad" ||
         name == "textureSampleLevel" || name == "textureGather" ||
         name == "textureGatherCompare" || name == "textureSampleBaseClampToEdge";
}

bool needsDerivatives(std::string_view name) {
  return name == "textureSample" || name == "textureSampleBias" || name == "textureSampleCompare";
}

namespace {

TextureView viewOf(const TypeTable& types, Type texture, const RValue& texels) {
  TextureView v;
  v.texels = &texels;
  const TypeNode& n = types[texture];
  using D = ast::TextureDimension;
  if (n.kind == TypeKind::DepthTexture) {
    v.depth = true;
    using K = ast::DepthTextureKind;
    v.dimension = (n.depth == K::Cube || n.depth == K::CubeArray) ? SampledDimension::Cube
                                                                  : SampledDimension::D2;
    v.arrayed = n.depth == K::D2Array || n.depth == K::CubeArray;
  } else if (n.kind == TypeKind::SampledTexture) {
    switch (n.dimension) {
      case D::D1:
        v.dimension = SampledDimension::D1;
        break;
      case D::D3:
        v.dimension = SampledDimension::D3;
        break;
      case D::Cube:
      case D::CubeArray:
        v.dimension = SampledDimension::Cube;
        break;
      default:
        v.dimension = SampledDimension::D2;
        break;
    }
    v.arrayed = n.dimension == D::D2Array || n.dimension == D::CubeArray;
  }  // texture_external: 2d, one level
  return v;
}

FloatSet sampledFloatOf(const RValue& v) {
  if (std::holds_alternative<FloatSet>(v.data)) return v.floatSet();
  return FloatSet::anyValue();
}

std::array<FloatSet, 3> vectorOf(const RValue& v, int& count) {
  std::array<FloatSet, 3> out{};
  if (v.isComposite()) {
    count = static_cast<int>(v.components().size());
    for (int k = 0; k < count && k < 3; ++k) out[k] = sampledFloatOf(v.components()[k]);
  } else {
    count = 1;
    out[0] = sampledFloatOf(v);
  }
  return out;
}

/// The array indices an argument may be: its value, each of an IntegerSet, or every layer.
std::vector<int64_t> indicesOf(const RValue& v, int64_t layers) {
  if (std::holds_alternative<int64_t>(v.data)) return {v.intValue()};
  if (const IntegerSet* s = std::get_if<IntegerSet>(&v.data)) return s->values;
  std::vector<int64_t> all;
  for (int64_t k = 0; k < std::max<int64_t>(layers, 1); ++k) all.push_back(k);
  return all;
}

RValue scalar(Type t, const FloatSet& f) {
  return RValue{t, f};
}

}  // namespace

std::optional<RValue> samplingBuiltinValue(TypeTable& types, std::string_view name, Type result,
                                           const std::vector<RValue>& args, const RValue& texels,
                                           const SamplerDescriptor& sampler,
                                           const CoordinateDerivatives* derivatives,
                                           std::string& error, std::string_view format) {
  // Arguments: [component], t, s, coords, [array_index], then the function's own
  // (level / ddx, ddy / bias / depth_ref), then [offset].
  size_t k = 0;
  int component = 0;
  if (name == "textureGather" && !isTexture(types, args[0].type)) {
    component =
        std::holds_alternative<int64_t>(args[0].data) ? static_cast<int>(args[0].intValue()) : 0;
    k = 1;
  }
  if (args.size() < k + 3) {
    error = std::string(name) + ": too few arguments";
    return std::nullopt;
  }
  Type texture = args[k].type;
  TextureView view = viewOf(types, texture, texels);
  FilterStep step =
      filterStepOf(format.empty() ? defaultSampledFormat(types, texture) : std::string(format));
  view.filterStep = step.absolute;
  view.filterRelativeStep = step.relative;
  SamplePoint p;
  p.coords = vectorOf(args[k + 2], p.count);
  size_t next = k + 3;
  std::vector<int64_t> layers{0};
  if (view.arrayed) {
    int64_t count = texels.components().empty()
                        ? 1
                        : static_cast<int64_t>(texels.components()[0].components().size());
    if (view.dimension == SampledDimension::Cube) count /= 6;
    layers = indicesOf(args[next++], count);
  }
  LevelOfDetail lod;
  std::optional<FloatSet> depthRef;
  if (name == "textureSampleLevel") {
    if (next < args.size() && types[texture].kind != TypeKind::ExternalTexture) {
      const RValue& l = args[next++];
      // A depth texture's level is an integer (#texturesamplelevel).
      if (std::holds_alternative<int64_t>(l.data)) {
        lod = LevelOfDetail::explicitLevel(FloatSet::exact(static_cast<double>(l.intValue())));
      } else if (const IntegerSet* s = std::get_if<IntegerSet>(&l.data)) {
        lod = LevelOfDetail::explicitLevel(FloatSet::range(static_cast<double>(s->values.front()),
                                                           static_cast<double>(s->values.back())));
      } else {
        lod = LevelOfDetail::explicitLevel(sampledFloatOf(l));
      }
    }
  } else if (name == "textureSampleGrad") {
    int n = 0;
    std::array<FloatSet, 3> dx = vectorOf(args[next++], n);
    std::array<FloatSet, 3> dy = vectorOf(args[next++], n);
    lod = LevelOfDetail::gradients(dx, dy);
  } else if (name == "textureSampleCompareLevel" || name == "textureGatherCompare" ||
             name == "textureSampleCompare") {
    // #texturesamplecomparelevel: "always samples texels from mip level 0".
    depthRef = sampledFloatOf(args[next++]);
  } else if (name == "textureSampleBaseClampToEdge") {
    // new#textureSampleBaseClampToEdge: level 0, the coordinates clamped to
    // [half a texel, 1 − half a texel] of the texture's size.
    const RValue& level0 = texels.components().at(0).components().at(0);
    double h = static_cast<double>(level0.components().size());
    double w = level0.components().empty()
                   ? 1
                   : static_cast<double>(level0.components()[0].components().size());
    double size[2] = {w, h};
    for (int a = 0; a < 2; ++a) {
      if (p.coords[a].any) continue;
      // The half texel and 1 − it are computed in f32: either rounding (T10).
      double half = 0.5 / size[a];
      double lo = std::clamp(p.coords[a].lo, half, 1 - half),
             hi = std::clamp(p.coords[a].hi, half, 1 - half);
      p.coords[a] = FloatSet::range(std::min(lo, static_cast<double>(static_cast<float>(lo))),
                                    std::max(hi, static_cast<double>(static_cast<float>(hi))));
    }
  }
  if (name == "textureSampleBias") {
    // #texturesamplebias: "bias must be between -16.0 and 15.99" — a shader-creation error the
    // seed cannot check for a run-time bias; new#texturesamplebias: it "will be clamped in the
    // range [-16.0, 15.99]" (docs/ambiguities.md T13). 15.99 as an f32 (the bias is one).
    FloatSet b = sampledFloatOf(args[next++]);
    if (!b.any) {
      const double lo = -16.0, hi = static_cast<double>(15.99f);
      b = FloatSet::range(std::clamp(b.lo, lo, hi), std::clamp(b.hi, lo, hi));
    }
    lod.bias = b;
  }
  if (needsDerivatives(name)) {
    if (!derivatives) {
      error = std::string(name) +
              " needs the derivatives of its coordinates (a fragment shader's quad)";
      return std::nullopt;
    }
    FloatSet bias = lod.bias;
    lod = LevelOfDetail::gradients(derivatives->ddx, derivatives->ddy, bias);
  }
  if (next < args.size()) {
    const RValue& o = args[next++];
    if (o.isComposite())
      for (size_t a = 0; a < o.components().size() && a < 3; ++a)
        p.offset[a] = std::holds_alternative<int64_t>(o.components()[a].data)
                          ? o.components()[a].intValue()
                          : 0;
  }

  Type f32 = types.f32();
  bool gather = name == "textureGather" || name == "textureGatherCompare";
  if (!gather) {
    ChannelSets sum{};
    bool first = true;
    for (int64_t layer : layers) {
      p.arrayIndex = layer;
      ChannelSets c;
      if (depthRef) {
        c[0] = sampleCompare(view, sampler, p, lod, *depthRef);
      } else {
        c = sampleTexture(view, sampler, p, lod);
      }
      for (int ch = 0; ch < 4; ++ch) sum[ch] = first ? c[ch] : hull(sum[ch], c[ch]);
      first = false;
    }
    if (types[result].kind != TypeKind::Vector) return scalar(result, sum[0]);
    Components out;
    for (int ch = 0; ch < 4; ++ch) out.push_back(scalar(f32, sum[ch]));
    return RValue{result, std::move(out)};
  }
  std::vector<ChannelSets> candidates;
  for (int64_t layer : layers) {
    p.arrayIndex = layer;
    for (ChannelSets& c : gatherTexture(view, sampler, p, component, depthRef))
      if (std::find(candidates.begin(), candidates.end(), c) == candidates.end())
        candidates.push_back(std::move(c));
  }
  Type channel = types[result].element;
  bool integer = types.kind(channel) != TypeKind::F32;
  Components out;
  for (int ch = 0; ch < 4; ++ch) {
    if (!integer) {
      FloatSet h = candidates.front()[ch];
      for (const ChannelSets& c : candidates) h = hull(h, c[ch]);
      out.push_back(scalar(channel, h));
      continue;
    }
    // An i32 or u32 channel: the values of the candidate footprints (one, or an IntegerSet;
    // a cube corner's interval gives each integer in it, or any beyond kMaxAlternatives).
    std::set<int64_t> values;
    bool any = false;
    for (const ChannelSets& c : candidates) {
      if (c[ch].any || c[ch].hi - c[ch].lo >= static_cast<double>(kMaxAlternatives)) {
        any = true;
        break;
      }
      for (auto v = static_cast<int64_t>(c[ch].lo); v <= static_cast<int64_t>(c[ch].hi); ++v)
        values.insert(v);
    }
    if (any || values.size() > kMaxAlternatives) {
      out.push_back(RValue{channel, AnyScalar{}});
    } else if (values.size() == 1) {
      out.push_back(RValue{channel, *values.begin()});
    } else {
      out.push_back(
          RValue{channel, IntegerSet{std::vector<int64_t>(values.begin(), values.end())}});
    }
  }
  return RValue{result, std::move(out)};
}

}  // namespace plumb::interp
