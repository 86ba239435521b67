// Textures of `plumb cg run` (texture.h): the argument syntax and the lookups.
#include "interpreter/cg/texture.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

#include <nlohmann/json.hpp>

#include "interpreter/wgsl/runtime_alternatives.h"
#include "interpreter/wgsl/sampling.h"
#include "interpreter/wgsl/textures.h"
#include "semantics/wgsl/type.h"

namespace plumb::cg {

namespace {

constexpr double kTextureInfinity = std::numeric_limits<double>::infinity();

// The WGSL texture type whose texels have a Cg sampler's shape: a RECT texture is a 2D one
// read with unnormalized coordinates (the manual's texRECT page).
// Multisample textures and renderbuffers are WGSL's multisampled 2D texture (its "samples" in
// the place of the levels; a 2DMSARRAY's layers after them).
bool multisampleSampler(ObjectKind k) {
  return k == ObjectKind::Sampler2DMS || k == ObjectKind::Sampler2DMSARRAY ||
         k == ObjectKind::SamplerRBUF;
}

plumb::Type wgslTextureType(plumb::TypeTable& types, ObjectKind k) {
  plumb::TypeNode n;
  n.kind = multisampleSampler(k) ? plumb::TypeKind::MultisampledTexture
                                 : plumb::TypeKind::SampledTexture;
  n.element = types.f32();
  n.dimension = k == ObjectKind::Sampler1D || k == ObjectKind::SamplerBUF
                    ? ast::TextureDimension::D1
                : k == ObjectKind::Sampler3D        ? ast::TextureDimension::D3
                : k == ObjectKind::SamplerCUBE      ? ast::TextureDimension::Cube
                : k == ObjectKind::SamplerCUBEARRAY ? ast::TextureDimension::CubeArray
                : k == ObjectKind::Sampler1DARRAY || k == ObjectKind::Sampler2DARRAY
                    ? ast::TextureDimension::D2Array
                    : ast::TextureDimension::D2;
  return types.intern(n);
}

// The coordinates of a lookup before an array's layer and a shadow comparison's reference.
int dimensions(ObjectKind k) {
  switch (k) {
    case ObjectKind::Sampler1D:
    case ObjectKind::Sampler1DARRAY:
    case ObjectKind::SamplerBUF:
      return 1;
    case ObjectKind::Sampler3D:
    case ObjectKind::SamplerCUBE:
    case ObjectKind::SamplerCUBEARRAY:
      return 3;
    default:
      return 2;
  }
}

interp::FloatSet floatSetOf(const NumberSet& n) {
  if (n.undefined || n.nan || !n.values || !std::isfinite(n.lo) || !std::isfinite(n.hi))
    return interp::FloatSet::anyValue();
  return interp::FloatSet::range(n.lo, n.hi);
}

NumberSet numberSetOf(const interp::FloatSet& f) {
  return f.any ? NumberSet::any() : NumberSet::range(f.lo, f.hi);
}

// x / q over sets (the projective forms divide the coordinate by its last component), widened
// by binary32's rounding of the quotient; q's set holding 0: any value.
NumberSet quotient(const NumberSet& x, const NumberSet& q) {
  if (x.undefined || q.undefined || x.nan || q.nan || !x.values || !q.values)
    return NumberSet::any();
  if (q.lo <= 0 && q.hi >= 0) return NumberSet::any();
  double c[4] = {x.lo / q.lo, x.lo / q.hi, x.hi / q.lo, x.hi / q.hi};
  double lo = *std::min_element(c, c + 4), hi = *std::max_element(c, c + 4);
  if (!std::isfinite(lo) || !std::isfinite(hi)) return NumberSet::any();
  double ulp = std::ldexp(1.0, -23);
  return NumberSet::range(lo - std::fabs(lo) * ulp, hi + std::fabs(hi) * ulp);
}

// Every sampler state the API may set, or the one the argument gives: magnification,
// minification and mipmap filters each nearest or linear, each axis's address mode
// clamp-to-edge, repeat or mirror-repeat (WebGPU's; the border colour of GL's clamp-to-border
// is not modelled: the reason a given state is the precise way).
std::vector<interp::SamplerDescriptor> samplerStates(const Texture& t) {
  if (t.state) return {*t.state};
  using interp::AddressMode;
  using interp::FilterMode;
  std::vector<interp::SamplerDescriptor> out;
  const AddressMode modes[] = {AddressMode::ClampToEdge, AddressMode::Repeat,
                               AddressMode::MirrorRepeat};
  const FilterMode filters[] = {FilterMode::Nearest, FilterMode::Linear};
  int axes = dimensions(t.sampler);
  for (FilterMode mag : filters)
    for (FilterMode min : filters)
      for (FilterMode mip : filters)
        for (int u = 0; u < 3; ++u)
          for (int v = 0; v < (axes >= 2 ? 3 : 1); ++v)
            for (int w = 0; w < (axes >= 3 ? 3 : 1); ++w) {
              interp::SamplerDescriptor s;
              s.magFilter = mag, s.minFilter = min, s.mipmapFilter = mip;
              s.addressModeU = modes[u], s.addressModeV = modes[v], s.addressModeW = modes[w];
              out.push_back(s);
            }
  return out;
}

bool arrayedSampler(ObjectKind k) {
  return k == ObjectKind::Sampler1DARRAY || k == ObjectKind::Sampler2DARRAY ||
         k == ObjectKind::SamplerCUBEARRAY;
}

// An integer texture filtered other than nearest: OpenGL makes it incomplete ("a texture is not
// complete if its internal format is integer and a filter is not NEAREST"), and sampling an
// incomplete integer texture is undefined; nearest filtering reads texels exactly (CG-E20).
bool integerTextureFiltered(const Texture& t) {
  if (t.texel == Scalar::Float) return false;
  using interp::FilterMode;
  return !t.state || t.state->magFilter != FilterMode::Nearest ||
         t.state->minFilter != FilterMode::Nearest ||
         (t.levels > 1 && t.state->mipmapFilter != FilterMode::Nearest);
}

// The layers an array lookup's layer coordinate selects: "the layer specified in the
// coordinates", as OpenGL selects it (EXT_texture_array: clamp(floor(layer + 0.5), 0, d - 1));
// every layer when the set is not a number.
std::vector<int64_t> layersOf(const Texture& t, const NumberSet& layer) {
  std::vector<int64_t> out;
  int64_t last = std::max<int64_t>(t.layers - 1, 0), lo = 0, hi = last;
  if (!layer.undefined && !layer.nan && layer.values) {
    auto pick = [&](double v) {
      if (!std::isfinite(v)) return v < 0 ? int64_t{0} : last;
      return std::clamp<int64_t>(
          static_cast<int64_t>(std::max(-1.0, std::min(std::floor(v + 0.5), 1e15))), 0, last);
    };
    lo = pick(layer.lo), hi = pick(layer.hi);
  }
  for (int64_t l = lo; l <= hi; ++l) out.push_back(l);
  return out;
}

// A shadow lookup's channels from the comparison's result r (0 or 1, filtered): OpenGL's depth
// texture modes give (r, r, r, 1), (r, r, r, r), (0, 0, 0, r) or, in GL 3's core profile,
// (r, 0, 0, 1): the hull of them.
interp::ChannelSets shadowChannels(const interp::FloatSet& r) {
  interp::ChannelSets c;
  for (int k = 0; k < 3; ++k) c[k] = interp::hull(r, interp::FloatSet::exact(0));
  c[3] = interp::hull(r, interp::FloatSet::exact(1));
  return c;
}

// The lookup at the coordinates (the layer and the shadow reference separate), with the texel
// offset, under every sampler state the texture allows (samplerStates).
LookupResult sample(const Texture& t, std::vector<NumberSet> coords,
                    const interp::LevelOfDetail& lod, const std::vector<int64_t>& offset = {},
                    std::optional<NumberSet> layer = std::nullopt,
                    std::optional<NumberSet> reference = std::nullopt) {
  LookupResult r;
  if (integerTextureFiltered(t) || (t.texel != Scalar::Float && reference)) {
    r.channels.assign(4, NumberSet::any());
    return r;
  }
  if (t.sampler == ObjectKind::SamplerRECT)
    // texRECT: "unnormalized texture coordinates" (the manual's texRECT page): in texels.
    for (size_t a = 0; a < coords.size() && a < 2; ++a)
      coords[a] = quotient(coords[a], NumberSet::point(static_cast<double>(t.size[a])));
  interp::TextureView view;
  view.texels = &t.texels;
  view.dimension =
      t.sampler == ObjectKind::Sampler1D   ? interp::SampledDimension::D1
      : t.sampler == ObjectKind::Sampler3D ? interp::SampledDimension::D3
      : t.sampler == ObjectKind::SamplerCUBE || t.sampler == ObjectKind::SamplerCUBEARRAY
          ? interp::SampledDimension::Cube
          : interp::SampledDimension::D2;
  view.arrayed = arrayedSampler(t.sampler);
  view.depth = reference.has_value();
  interp::SamplePoint p;
  std::vector<int64_t> off = offset;
  if (t.sampler == ObjectKind::Sampler1DARRAY) {
    // Held as a 2D array one texel high: its row's centre, exact under every filter and mode.
    coords.push_back(NumberSet::point(0.5));
    off.resize(2, 0);  // no offset along the single row
  }
  p.count = static_cast<int>(coords.size());
  for (size_t a = 0; a < coords.size() && a < 3; ++a) p.coords[a] = floatSetOf(coords[a]);
  for (size_t a = 0; a < off.size() && a < 3; ++a) p.offset[a] = off[a];
  std::optional<interp::ChannelSets> all;
  auto join = [&](const interp::ChannelSets& c) {
    if (!all) {
      all = c;
      return;
    }
    for (int k = 0; k < 4; ++k) (*all)[k] = interp::hull((*all)[k], c[k]);
  };
  std::vector<int64_t> layers =
      view.arrayed && layer ? layersOf(t, *layer) : std::vector<int64_t>{0};
  for (int64_t l : layers) {
    p.arrayIndex = l;
    if (!reference) {
      for (const interp::SamplerDescriptor& s : samplerStates(t))
        join(interp::sampleTexture(view, s, p, lod));
      continue;
    }
    // A shadow comparison (the manual: "If an extra coordinate compared to the texture
    // dimensionality is present it is used to perform a shadow comparison"): with the sampler
    // state's compare function, Vulkan's depth compare (sampling.h); a state without one (GL's
    // compare mode NONE on a shadow lookup: undefined) or no given state: any value
    // (docs/ambiguities.md CG-E15).
    if (!t.state || !t.state->compare) {
      r.channels.assign(4, NumberSet::any());
      return r;
    }
    join(shadowChannels(interp::sampleCompare(view, *t.state, p, lod, floatSetOf(*reference))));
  }
  for (int k = 0; k < 4; ++k) r.channels.push_back(numberSetOf((*all)[k]));
  return r;
}

// A texel fetch: the texel at integer coordinates of a level; outside the texture any value
// (the gp4 pages' fetches and GLSL's texelFetch leave it undefined).
LookupResult fetch(const Texture& t, const std::vector<NumberSet>& coords, const NumberSet& level) {
  LookupResult r;
  std::vector<int64_t> at;
  bool known = true;
  for (const NumberSet& c : coords) {
    known &= c.isPoint();
    at.push_back(c.isPoint() ? static_cast<int64_t>(c.lo) : 0);
  }
  known &= level.isPoint();
  int64_t l = level.isPoint() ? static_cast<int64_t>(level.lo) : 0;
  if (!known || l < 0 || l >= t.levels) {
    r.channels.assign(4, NumberSet::any());
    return r;
  }
  const interp::RValue& lv = t.texels.components()[static_cast<size_t>(l)];
  const interp::Components& layers = lv.components();
  int64_t z = coords.size() >= 3 ? at[2] : 0, y = coords.size() >= 2 ? at[1] : 0, x = at[0];
  if (z < 0 || z >= static_cast<int64_t>(layers.size()) || y < 0 ||
      y >= static_cast<int64_t>(layers[z].components().size()) || x < 0 ||
      x >= static_cast<int64_t>(layers[z].components()[y].components().size())) {
    r.channels.assign(4, NumberSet::any());
    return r;
  }
  const interp::RValue& texel = layers[z].components()[y].components()[x];
  for (int k = 0; k < 4; ++k)
    r.channels.push_back(numberSetOf(interp::floatOf(texel.components()[k])));
  return r;
}

}  // namespace

std::shared_ptr<const Texture> textureFromArgument(ObjectKind sampler, const std::string& text,
                                                   std::string& error, Scalar texel) {
  std::string body = text;
  if (!body.empty() && body[0] == '@') {
    std::ifstream in(body.substr(1));
    if (!in) {
      error = "cannot read " + body.substr(1);
      return nullptr;
    }
    std::stringstream s;
    s << in.rdbuf();
    body = s.str();
  }
  nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    error =
        "a sampler's texture is a JSON object {\"size\": [w, h, d], \"texels\": [[r, g, b, "
        "a], ...], \"mipLevels\": n, \"sampler\": {...}} or @FILE (docs/cg.md)";
    return nullptr;
  }
  if (sampler != ObjectKind::Sampler1D && sampler != ObjectKind::Sampler2D &&
      sampler != ObjectKind::Sampler3D && sampler != ObjectKind::SamplerCUBE &&
      sampler != ObjectKind::SamplerRECT && !arrayedSampler(sampler) &&
      sampler != ObjectKind::SamplerBUF && !multisampleSampler(sampler)) {
    error = "textures of this sampler type are not evaluated";
    return nullptr;
  }
  if (sampler == ObjectKind::SamplerBUF && j.contains("mipLevels") && j["mipLevels"] != 1) {
    error = "a buffer texture has one level";
    return nullptr;
  }
  // A 1D array's size is [width, layers]: held as a 2D array one texel high (the texels' order,
  // level, layer, column, is the same).
  if (sampler == ObjectKind::Sampler1DARRAY) {
    if (!j.contains("size") || !j["size"].is_array() || j["size"].size() != 2) {
      error = "a 1D array texture's size is [width, layers]";
      return nullptr;
    }
    j["size"] = nlohmann::json::array({j["size"][0], 1, j["size"][1]});
  }
  if (sampler == ObjectKind::SamplerRECT && j.contains("mipLevels") && j["mipLevels"] != 1) {
    error = "a RECT texture has one level";
    return nullptr;
  }
  if (sampler == ObjectKind::SamplerCUBE) {
    if (!j.contains("size") || !j["size"].is_array() || j["size"].size() != 3 ||
        j["size"][2] != 6 || j["size"][0] != j["size"][1]) {
      error = "a cube texture's size is [n, n, 6] (faces +X -X +Y -Y +Z -Z)";
      return nullptr;
    }
  }
  if (sampler == ObjectKind::SamplerCUBEARRAY) {
    if (!j.contains("size") || !j["size"].is_array() || j["size"].size() != 3 ||
        !j["size"][2].is_number_integer() || j["size"][2].get<int64_t>() < 6 ||
        j["size"][2].get<int64_t>() % 6 != 0 || j["size"][0] != j["size"][1]) {
      error =
          "a cube array texture's size is [n, n, 6 * cubes] (each cube's faces +X -X +Y -Y +Z -Z)";
      return nullptr;
    }
  }
  if (multisampleSampler(sampler)) {
    if (j.contains("mipLevels")) {
      error = "a multisample texture has \"samples\", not \"mipLevels\"";
      return nullptr;
    }
    if (sampler != ObjectKind::Sampler2DMSARRAY && j.contains("size") && j["size"].is_array() &&
        j["size"].size() == 3 && j["size"][2] != 1) {
      error = "a multisample texture's size is [width, height]";
      return nullptr;
    }
  }
  static plumb::TypeTable types;
  plumb::Type type = wgslTextureType(types, sampler);
  nlohmann::json texture = j;
  texture.erase("sampler");
  std::optional<interp::RValue> texels = interp::textureFromJson(types, type, texture, error);
  if (!texels) return nullptr;
  auto t = std::make_shared<Texture>();
  t->sampler = sampler;
  t->texels = std::move(*texels);
  t->levels = static_cast<int>(t->texels.components().size());
  for (size_t k = 0; k < j["size"].size() && k < 3; ++k) t->size[k] = j["size"][k].get<int64_t>();
  t->texel = texel;
  if (arrayedSampler(sampler) || sampler == ObjectKind::Sampler2DMSARRAY) t->layers = t->size[2];
  if (sampler == ObjectKind::SamplerCUBEARRAY) t->layers = t->size[2] / 6;
  if (j.contains("sampler")) {
    // A "compare" function makes it a shadow sampler's state (GL's TEXTURE_COMPARE_MODE).
    std::optional<interp::SamplerDescriptor> s = interp::samplerFromJson(
        j["sampler"], j["sampler"].is_object() && j["sampler"].contains("compare"), error);
    if (!s) {
      error = "sampler: " + error;
      return nullptr;
    }
    t->state = *s;
  }
  t->summary = std::to_string(t->size[0]);
  for (int k = 1; k < dimensions(sampler) && k < 3; ++k)
    t->summary += "x" + std::to_string(t->size[k]);
  t->summary += ", " + std::to_string(t->levels) +
                (multisampleSampler(sampler) ? (t->levels == 1 ? " sample" : " samples")
                                             : (t->levels == 1 ? " level" : " levels"));
  t->summary += t->state ? ", its sampler state" : ", any sampler state";
  return t;
}

namespace {

// The lookup's sampler part and form: "tex2DARRAY" + "lod". Longest bases first.
bool splitLookupName(const std::string& name, std::string& base, std::string& suffix) {
  for (const char* b : {"tex2DMSARRAY", "texCUBEARRAY", "tex1DARRAY", "tex2DARRAY", "tex2DMS",
                        "texCUBE", "texRECT", "texRBUF", "texBUF", "tex1D", "tex2D", "tex3D"}) {
    if (name.rfind(b, 0) != 0) continue;
    base = b;
    suffix = name.substr(base.size());
    if (base == "texBUF" || base == "texRBUF") return suffix.empty() || suffix == "size";
    if (base == "tex2DMS" || base == "tex2DMSARRAY") return suffix == "fetch" || suffix == "size";
    if (base == "texCUBEARRAY")
      return suffix.empty() || suffix == "lod" || suffix == "bias" || suffix == "size";
    if (base == "tex1DARRAY" || base == "tex2DARRAY")
      return suffix.empty() || suffix == "lod" || suffix == "bias" || suffix == "proj" ||
             suffix == "fetch" || suffix == "size" ||
             (base == "tex1DARRAY" && (suffix == "cmpbias" || suffix == "cmplod"));
    return suffix.empty() || suffix == "proj" || suffix == "lod" || suffix == "bias" ||
           suffix == "fetch" || suffix == "size" ||
           ((base == "tex1D" || base == "tex2D") && (suffix == "cmpbias" || suffix == "cmplod"));
  }
  return false;
}

std::vector<NumberSet> offsetCoordinates(std::vector<NumberSet> c, const std::vector<int64_t>& o) {
  for (size_t a = 0; a < c.size() && a < o.size(); ++a)
    if (c[a].isPoint()) c[a] = NumberSet::point(c[a].lo + static_cast<double>(o[a]));
  return c;
}

}  // namespace

bool isTextureLookup(const std::string& name) {
  if (name == "texelFetch" || name == "texelFetchOffset") return true;
  std::string base, suffix;
  return splitLookupName(name, base, suffix);
}

std::vector<std::optional<int64_t>> textureSize(const Texture& t, const NumberSet& level) {
  std::vector<std::optional<int64_t>> out(3);
  bool levelless = t.sampler == ObjectKind::SamplerBUF || multisampleSampler(t.sampler);
  if (!levelless && (!level.isPoint() || level.lo < 0 || level.lo >= t.levels)) return out;
  int l = levelless ? 0 : static_cast<int>(level.lo);
  int dims = t.sampler == ObjectKind::Sampler3D ? 3
             : t.sampler == ObjectKind::Sampler1D || t.sampler == ObjectKind::Sampler1DARRAY ||
                     t.sampler == ObjectKind::SamplerBUF
                 ? 1
                 : 2;
  for (int k = 0; k < dims; ++k) out[k] = std::max<int64_t>(1, t.size[k] >> l);
  return out;
}

LookupResult lookupTexture(const std::string& name, const Texture& t,
                           const std::vector<std::vector<NumberSet>>& args,
                           const std::vector<int64_t>& offset) {
  LookupResult r;
  size_t dims = static_cast<size_t>(dimensions(t.sampler));
  size_t layer = arrayedSampler(t.sampler) ? 1 : 0;  // the layer's component after the coordinates
  std::string base, suffix;
  if (name != "texelFetch" && name != "texelFetchOffset" && !splitLookupName(name, base, suffix)) {
    r.error = name + ": not a texture lookup";
    return r;
  }
  if (args.empty() || args[0].empty()) {
    r.error = name + ": no coordinate";
    return r;
  }
  const std::vector<NumberSet>& c = args[0];
  auto first = [&](size_t n) {
    return std::vector<NumberSet>(c.begin(), c.begin() + std::min(n, c.size()));
  };
  auto layerOf = [&]() -> std::optional<NumberSet> {
    if (!layer || c.size() <= dims) return std::nullopt;
    return c[dims];
  };
  if (suffix == "size") {
    r.error = name + ": a size query (textureSize)";
    return r;
  }
  if (base == "texBUF") {
    // "an unfiltered texture lookup ... using coordinates s": the element at index s.
    return fetch(t, {c[0]}, NumberSet::point(0));
  }
  if (base == "tex2DMS" || base == "tex2DMSARRAY" || base == "texRBUF") {
    // tex2DMSfetch(s, int2 c, int n), tex2DMSARRAYfetch(s, int3 (c, layer), int n),
    // texRBUF(s, int2 c, int n): "an unfiltered texture lookup of sample num" (the samples are
    // held where a mipmapped texture's levels are).
    if (args.size() != 2 || args[1].empty() || c.size() < 2) {
      r.error = name + ": a coordinate and a sample number expected";
      return r;
    }
    return fetch(t, first(base == "tex2DMSARRAY" ? 3 : 2), args[1][0]);
  }
  if (layer && suffix == "fetch") {
    // tex1DARRAYfetch(s, int4 (x, layer, _, lod)), tex2DARRAYfetch(s, int4 (x, y, layer, lod)):
    // "the layer ... right after the regular coordinates, the level of detail ... the last
    // component" (a 1D array is held as a 2D array one texel high: row 0).
    if (args.size() != 1 || c.size() != 4) {
      r.error = name + ": an int4 coordinate expected";
      return r;
    }
    std::vector<NumberSet> at = offsetCoordinates(first(dims), offset);
    if (t.sampler == ObjectKind::Sampler1DARRAY) at.push_back(NumberSet::point(0));
    at.push_back(c[dims]);
    return fetch(t, at, c[3]);
  }
  if (suffix == "cmpbias" || suffix == "cmplod") {
    // tex1Dcmplod(s, float4 (x, ref, _, lod)), tex2Dcmpbias(s, float4 (x, y, ref, bias)),
    // tex1DARRAYcmplod(s, float4 (x, layer, ref, lod)): "The value used in the shadow comparison
    // should be passed right after the normal coordinates", the bias or level "the last
    // component" (a bias of the implicit level: any level, CG-E12).
    if (args.size() != 1 || c.size() != 4) {
      r.error = name + ": a float4 coordinate expected";
      return r;
    }
    interp::LevelOfDetail lod =
        suffix == "cmplod" ? interp::LevelOfDetail::explicitLevel(floatSetOf(c[3]))
                           : interp::LevelOfDetail::explicitLevel(interp::FloatSet::anyValue());
    return sample(t, first(dims), lod, offset, layerOf(), c[dims + layer]);
  }
  if (base == "texCUBEARRAY" && (suffix == "lod" || suffix == "bias")) {
    // texCUBEARRAYlod(s, float4 (direction, layer), float lod) and the bias form (any level).
    if (args.size() != 2 || args[1].empty() || c.size() != 4) {
      r.error = name + ": a float4 coordinate and a level or bias expected";
      return r;
    }
    interp::LevelOfDetail lod = interp::LevelOfDetail::explicitLevel(
        suffix == "lod" ? floatSetOf(args[1][0]) : interp::FloatSet::anyValue());
    return sample(t, first(dims), lod, offset, layerOf());
  }
  if (name == "texelFetch" || name == "texelFetchOffset" || suffix == "fetch") {
    // texelFetch(s, intN coordinate, int lod); tex2Dfetch(s, int4(x, y, _, lod)); the offset
    // added to the coordinate (the texel read is "coordinate + texelOff").
    if (name == "texelFetch" || name == "texelFetchOffset") {
      if (args.size() != 2 || args[1].empty()) {
        r.error = name + ": a coordinate and a level expected";
        return r;
      }
      return fetch(t, offsetCoordinates(c, offset), args[1][0]);
    }
    if (args.size() != 1 || c.size() != 4) {
      r.error = name + ": an int4 coordinate expected";
      return r;
    }
    return fetch(t, offsetCoordinates(first(std::min<size_t>(dims, 3)), offset), c[3]);
  }
  interp::LevelOfDetail anyLevel =
      interp::LevelOfDetail::explicitLevel(interp::FloatSet::anyValue());
  if (suffix == "lod" || suffix == "bias") {
    if (args.size() != 1 || c.size() < dims + layer + 1) {
      r.error = name + ": the coordinate's last component is the level";
      return r;
    }
    // The coordinate's last component is the level (lod) or a bias of the implicit level, which
    // a single call does not know: any level (CG-E12). A shadow sampler's reference (a state
    // with a compare function) is the third component where the coordinates leave it room.
    interp::LevelOfDetail lod =
        suffix == "lod" ? interp::LevelOfDetail::explicitLevel(floatSetOf(c.back())) : anyLevel;
    std::optional<NumberSet> reference;
    if (t.state && t.state->compare && dims + layer <= 2 && c.size() == 4) reference = c[2];
    return sample(t, first(dims), lod, offset, layerOf(), reference);
  }
  if (suffix == "proj") {
    // The coordinates divided by the last component (the manual's tex*proj pages); "The value
    // used in the shadow comparison, if present, should be passed as the next-to-last
    // component" (divided too, as OpenGL's projective shadow lookups divide r by q).
    if (args.size() != 1 || (c.size() != dims + layer + 1 && c.size() != dims + layer + 2)) {
      r.error = name + ": a coordinate, an optional shadow reference and the divisor expected";
      return r;
    }
    const NumberSet& q = c.back();
    std::vector<NumberSet> x;
    for (size_t a = 0; a < dims; ++a) x.push_back(quotient(c[a], q));
    std::optional<NumberSet> reference;
    if (c.size() == dims + layer + 2) reference = quotient(c[c.size() - 2], q);
    return sample(t, x, anyLevel, offset, layerOf(), reference);
  }
  // tex2D(s, uv) and tex2D(s, uv, dx, dy): "If an extra coordinate compared to the texture
  // dimensionality is present it is used to perform a shadow comparison. The value used in the
  // shadow comparison is always the last component" (texCUBE(s, float4) too); an array's layer
  // comes before it.
  if ((c.size() != dims + layer && c.size() != dims + layer + 1) ||
      (args.size() != 1 && args.size() != 3)) {
    r.error = name + ": a coordinate (and a shadow reference) expected";
    return r;
  }
  std::optional<NumberSet> reference;
  if (c.size() == dims + layer + 1) reference = c.back();
  if (args.size() == 3) {
    // An array's derivatives are those of its coordinates, the layer chosen as without them
    // (a cube array's: texCUBEARRAY(s, float4 (direction, layer), float3 dx, float3 dy), WGSL's
    // textureSampleGrad on a cube array, the face and its derivatives Vulkan's "Cube Map
    // Derivative Selection"; docs/ambiguities.md CG-E21).
    std::array<interp::FloatSet, 3> dx{}, dy{};
    for (size_t a = 0; a < dims && a < args[1].size() && a < args[2].size(); ++a) {
      NumberSet scale = NumberSet::point(1);
      if (t.sampler == ObjectKind::SamplerRECT)
        scale = NumberSet::point(static_cast<double>(t.size[a]));
      dx[a] = floatSetOf(quotient(args[1][a], scale));
      dy[a] = floatSetOf(quotient(args[2][a], scale));
    }
    return sample(t, first(dims), interp::LevelOfDetail::gradients(dx, dy), offset, layerOf(),
                  reference);
  }
  return sample(t, first(dims), anyLevel, offset, layerOf(), reference);
}

}  // namespace plumb::cg
