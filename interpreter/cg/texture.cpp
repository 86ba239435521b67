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
plumb::Type wgslTextureType(plumb::TypeTable& types, ObjectKind k) {
  plumb::TypeNode n;
  n.kind = plumb::TypeKind::SampledTexture;
  n.element = types.f32();
  n.dimension = k == ObjectKind::Sampler1D     ? ast::TextureDimension::D1
                : k == ObjectKind::Sampler3D   ? ast::TextureDimension::D3
                : k == ObjectKind::SamplerCUBE ? ast::TextureDimension::Cube
                                               : ast::TextureDimension::D2;
  return types.intern(n);
}

int dimensions(ObjectKind k) {
  switch (k) {
    case ObjectKind::Sampler1D:
      return 1;
    case ObjectKind::Sampler3D:
    case ObjectKind::SamplerCUBE:
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

NumberSet hullOf(const NumberSet& a, const NumberSet& b) {
  if (a.undefined || b.undefined) return NumberSet::any();
  NumberSet out = a;
  out.lo = std::min(a.lo, b.lo), out.hi = std::max(a.hi, b.hi);
  out.nan = a.nan || b.nan;
  return out;
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

LookupResult sample(const Texture& t, std::vector<NumberSet> coords,
                    const interp::LevelOfDetail& lod) {
  LookupResult r;
  if (t.sampler == ObjectKind::SamplerRECT)
    // texRECT: "unnormalized texture coordinates" (the manual's texRECT page): in texels.
    for (size_t a = 0; a < coords.size() && a < 2; ++a)
      coords[a] = quotient(coords[a], NumberSet::point(static_cast<double>(t.size[a])));
  interp::TextureView view;
  view.texels = &t.texels;
  view.dimension = t.sampler == ObjectKind::Sampler1D     ? interp::SampledDimension::D1
                   : t.sampler == ObjectKind::Sampler3D   ? interp::SampledDimension::D3
                   : t.sampler == ObjectKind::SamplerCUBE ? interp::SampledDimension::Cube
                                                          : interp::SampledDimension::D2;
  interp::SamplePoint p;
  p.count = static_cast<int>(coords.size());
  for (size_t a = 0; a < coords.size() && a < 3; ++a) p.coords[a] = floatSetOf(coords[a]);
  std::optional<interp::ChannelSets> all;
  for (const interp::SamplerDescriptor& s : samplerStates(t)) {
    interp::ChannelSets c = interp::sampleTexture(view, s, p, lod);
    if (!all) {
      all = c;
      continue;
    }
    for (int k = 0; k < 4; ++k) (*all)[k] = interp::hull((*all)[k], c[k]);
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
                                                   std::string& error) {
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
      sampler != ObjectKind::SamplerRECT) {
    error = "textures of this sampler type are not evaluated";
    return nullptr;
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
  if (j.contains("sampler")) {
    std::optional<interp::SamplerDescriptor> s =
        interp::samplerFromJson(j["sampler"], false, error);
    if (!s) {
      error = "sampler: " + error;
      return nullptr;
    }
    t->state = *s;
  }
  t->summary = std::to_string(t->size[0]);
  for (int k = 1; k < dimensions(sampler) && k < 3; ++k)
    t->summary += "x" + std::to_string(t->size[k]);
  t->summary += ", " + std::to_string(t->levels) + (t->levels == 1 ? " level" : " levels");
  t->summary += t->state ? ", its sampler state" : ", any sampler state";
  return t;
}

bool isTextureLookup(const std::string& name) {
  if (name == "texelFetch") return true;
  for (const char* base : {"tex1D", "tex2D", "tex3D", "texCUBE", "texRECT"}) {
    std::string b = base;
    if (name.rfind(b, 0) != 0) continue;
    std::string suffix = name.substr(b.size());
    return suffix.empty() || suffix == "proj" || suffix == "lod" || suffix == "bias" ||
           suffix == "fetch";
  }
  return false;
}

LookupResult lookupTexture(const std::string& name, const Texture& t,
                           const std::vector<std::vector<NumberSet>>& args) {
  LookupResult r;
  size_t dims = static_cast<size_t>(dimensions(t.sampler));
  std::string suffix;
  for (const char* base : {"tex1D", "tex2D", "tex3D", "texCUBE", "texRECT"})
    if (name.rfind(base, 0) == 0) suffix = name.substr(std::string(base).size());
  if (args.empty()) {
    r.error = name + ": no coordinate";
    return r;
  }
  const std::vector<NumberSet>& c = args[0];
  auto first = [&](size_t n) {
    return std::vector<NumberSet>(c.begin(), c.begin() + std::min(n, c.size()));
  };
  if (name == "texelFetch" || suffix == "fetch") {
    // texelFetch(s, intN coordinate, int lod); tex2Dfetch(s, int4(x, y, _, lod)).
    if (name == "texelFetch") {
      if (args.size() != 2 || args[1].empty()) {
        r.error = "texelFetch with an offset is not evaluated";
        return r;
      }
      return fetch(t, c, args[1][0]);
    }
    if (args.size() != 1 || c.size() != 4) {
      r.error = name + " with an offset is not evaluated";
      return r;
    }
    return fetch(t, first(std::min<size_t>(dims, 3)), c[3]);
  }
  interp::LevelOfDetail anyLevel =
      interp::LevelOfDetail::explicitLevel(interp::FloatSet::anyValue());
  if (suffix == "lod" || suffix == "bias") {
    if (args.size() != 1 || c.size() != 4) {
      r.error = name + " with an offset is not evaluated";
      return r;
    }
    // The coordinate's w is the level (lod) or a bias of the implicit level, which a single
    // call does not know: any level (CG-E12).
    interp::LevelOfDetail lod =
        suffix == "lod" ? interp::LevelOfDetail::explicitLevel(floatSetOf(c[3])) : anyLevel;
    return sample(t, first(dims), lod);
  }
  if (suffix == "proj") {
    // The coordinate divided by its last component (the manual's tex*proj pages); one more
    // component is a shadow comparison.
    if (args.size() != 1 || c.size() != dims + 1) {
      r.error = name + ": shadow comparisons and offsets are not evaluated";
      return r;
    }
    std::vector<NumberSet> q;
    for (size_t a = 0; a < dims; ++a) q.push_back(quotient(c[a], c[dims]));
    return sample(t, q, anyLevel);
  }
  // tex2D(s, uv) and tex2D(s, uv, dx, dy): a coordinate of more components than the texture's
  // is a shadow comparison (the manual's tex2D page), and texCUBE(s, float4) too.
  if (c.size() != dims || (args.size() != 1 && args.size() != 3)) {
    r.error = name + ": shadow comparisons and offsets are not evaluated";
    return r;
  }
  if (args.size() == 3) {
    std::array<interp::FloatSet, 3> dx{}, dy{};
    for (size_t a = 0; a < dims && a < args[1].size() && a < args[2].size(); ++a) {
      NumberSet scale = NumberSet::point(1);
      if (t.sampler == ObjectKind::SamplerRECT)
        scale = NumberSet::point(static_cast<double>(t.size[a]));
      dx[a] = floatSetOf(quotient(args[1][a], scale));
      dy[a] = floatSetOf(quotient(args[2][a], scale));
    }
    return sample(t, c, interp::LevelOfDetail::gradients(dx, dy));
  }
  return sample(t, c, anyLevel);
}

}  // namespace plumb::cg
