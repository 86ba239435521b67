// The texture built-in functions that need no sampling (#texture-builtin-functions):
// textureDimensions, textureNumLayers, textureNumLevels, textureNumSamples, textureLoad and
// textureStore (every storage texel format of the seed, with its texel conversion), on the
// texels a binding gave (interpreter/wgsl/textures.h).
#include <algorithm>

#include "interpreter/wgsl/machine.h"
#include "interpreter/wgsl/races.h"
#include "interpreter/wgsl/sampling_builtins.h"
#include "interpreter/wgsl/textures.h"

namespace plumb::interp {

namespace {

struct Shape {
  uint64_t levels = 0, layers = 0, height = 0, width = 0;
};

Shape shapeAt(const RValue& tex, uint64_t level) {
  Shape s;
  if (!tex.isComposite()) return s;
  s.levels = tex.components().size();
  if (level >= s.levels) return s;
  const RValue& l = tex.components()[level];
  s.layers = l.components().size();
  if (s.layers) s.height = l.components()[0].components().size();
  if (s.height) s.width = l.components()[0].components()[0].components().size();
  return s;
}

std::optional<int64_t> intOf(const RValue& v) {
  if (std::holds_alternative<int64_t>(v.data)) return v.intValue();
  return std::nullopt;
}

}  // namespace

StepResult Machine::textureBuiltin(Invocation& inv, const Task& t, const Overload& o, std::vector<RValue>& args) {
  std::string_view name = o.row->name;
  // The sampling functions (textureSample*, textureGather*): machine_sampling.cpp.
  if (isSamplingBuiltin(name)) return samplingBuiltin(inv, t, o, args);
  Type result = typeOf(t.node);
  Type texType = args[0].type;
  const TypeNode& tn = types_[texType];
  const MemoryView* view = std::get_if<MemoryView>(&args[0].data);
  Allocation* a = view ? spaces(inv).find(view->allocation) : nullptr;
  if (!a) return Stop::internal(std::string(name) + ": the texture has no binding");
  RValue& tex = a->value;
  bool multisampled = tn.kind == TypeKind::MultisampledTexture ||
                      (tn.kind == TypeKind::DepthTexture && tn.depth == ast::DepthTextureKind::Multisampled2d);
  bool arrayed = isArrayedTexture(types_, texType);
  bool depth = tn.kind == TypeKind::DepthTexture;
  bool storage = tn.kind == TypeKind::StorageTexture;
  ast::TexelFormat texelFormat = tn.format;  // `tn` may dangle once a type is made
  Type u32 = types_.u32();
  auto push = [&](RValue v, RuleId rule) {
    inv.values.push_back(std::move(v));
    return StepResult{rule};
  };

  if (name == "textureDimensions") {
    // #texturedimensions: the size of level 0, or of `level`.
    uint64_t level = 0;
    if (args.size() > 1) {
      auto l = intOf(args[1]);
      if (!l || *l < 0 || static_cast<uint64_t>(*l) >= shapeAt(tex, 0).levels)
        return push(anyValueOf(types_, result),
                    RuleId::TextureDimensions);  // level out of range: any value
      level = static_cast<uint64_t>(*l);
    }
    Shape s = shapeAt(tex, multisampled ? 0 : level);
    int64_t dims[3] = {int64_t(s.width), int64_t(s.height), int64_t(s.layers)};
    const TypeNode& rt = types_[result];
    if (rt.kind != TypeKind::Vector) return push(RValue{u32, dims[0]}, RuleId::TextureDimensions);
    Components c;
    for (uint32_t k = 0; k < rt.size; ++k) c.push_back(RValue{u32, dims[k]});
    return push(RValue{result, std::move(c)}, RuleId::TextureDimensions);
  }
  if (name == "textureNumLayers") {
    Shape s = shapeAt(tex, 0);
    bool cube = (tn.kind == TypeKind::SampledTexture && tn.dimension == ast::TextureDimension::CubeArray) ||
                (tn.kind == TypeKind::DepthTexture && tn.depth == ast::DepthTextureKind::CubeArray);
    return push(RValue{u32, int64_t(cube ? s.layers / 6 : s.layers)}, RuleId::TextureNumLayers);
  }
  if (name == "textureNumLevels")
    return push(RValue{u32, int64_t(shapeAt(tex, 0).levels)}, RuleId::TextureNumLevels);
  if (name == "textureNumSamples")
    return push(RValue{u32, int64_t(shapeAt(tex, 0).levels)}, RuleId::TextureNumSamples);

  if (name == "textureLoad" || name == "textureStore") {
    bool store = name == "textureStore";
    // Arguments: t, coords, [array_index], then level / sample_index (load) or value (store).
    size_t k = 1;
    std::vector<int64_t> coords;
    const RValue& c = args[k++];
    if (c.isComposite()) {
      for (const RValue& x : c.components()) coords.push_back(intOf(x).value_or(-1));
    } else {
      coords.push_back(intOf(c).value_or(-1));
    }
    int64_t layer = 0;
    if (arrayed) layer = intOf(args[k++]).value_or(-1);
    int64_t level = 0;
    if (!store && tn.kind != TypeKind::ExternalTexture && k < args.size()) level = intOf(args[k++]).value_or(-1);
    bool threeD = coords.size() == 3;
    if (threeD) layer = coords[2];
    bool in = level >= 0 && static_cast<uint64_t>(level) < shapeAt(tex, 0).levels;
    Shape s = in ? shapeAt(tex, static_cast<uint64_t>(level)) : Shape{};
    in = in && coords[0] >= 0 && static_cast<uint64_t>(coords[0]) < s.width;
    in = in && (coords.size() < 2 || (coords[1] >= 0 && static_cast<uint64_t>(coords[1]) < s.height));
    in = in && layer >= 0 && static_cast<uint64_t>(layer) < s.layers;
    auto texel = [&](uint64_t l, uint64_t z, uint64_t y, uint64_t x) -> RValue& {
      return tex.components()[l].components()[z].components()[y].components()[x];
    };
    uint64_t y = coords.size() >= 2 ? static_cast<uint64_t>(coords[1]) : 0;
    // Every in-bounds texel, for the out-of-bounds choices.
    auto everyTexel = [&](auto&& f) {
      for (uint64_t l = 0; l < tex.components().size(); ++l) {
        Shape sl = shapeAt(tex, l);
        for (uint64_t z = 0; z < sl.layers; ++z)
          for (uint64_t yy = 0; yy < sl.height; ++yy)
            for (uint64_t x = 0; x < sl.width; ++x)
              f(texel(l, z, yy, x),
                std::vector<uint32_t>{static_cast<uint32_t>(l), static_cast<uint32_t>(z),
                                      static_cast<uint32_t>(yy), static_cast<uint32_t>(x)});
      }
    };
    if (store) {
      if (tn.kind != TypeKind::StorageTexture)
        return Stop::internal("textureStore needs a storage texture");
      // The value converted to the texel format (Vulkan "Texel Output Format Conversion", which
      // the seed leaves to WebGPU; docs/ambiguities.md M10–M12): for a channel format narrower
      // than 32 bits, the set of codes each channel may store (textures.h).
      // Revision 2026 (currentTexelFormats): new#channel-formats' inverse channel transfer
      // functions clamp integers and leave an out-of-range 16float indeterminate.
      RValue value =
          storedTexel(types_, texType, args[k], program_.module.revision().currentTexelFormats);
      // new#fragment-shaders-helper-invocations (adopted for the seed, docs/ambiguities.md D2):
      // "No write accesses will be performed on the storage or handle address spaces".
      if (inv.helper) return RuleId::TextureStore;
      // Channels the format does not have are not stored (#storage-texel-formats).
      size_t channels = channelCount(texelFormat);
      auto write = [&](RValue& dst, std::vector<uint32_t> path) {
        RValue stored = dst;
        for (size_t ch = 0; ch < channels; ++ch) stored.components()[ch] = value.components()[ch];
        // A write access of the texel (races.h: texels of writable storage textures).
        if (races_ && races_->tracks(*a))
          races_->write(indexOfInvocation(inv), view->allocation, path, stored, dst, false,
                        AccessSite{t.node, false});
        for (size_t ch = 0; ch < channels; ++ch) dst.components()[ch] = stored.components()[ch];
      };
      if (in) {
        write(texel(static_cast<uint64_t>(level), static_cast<uint64_t>(layer), y,
                    static_cast<uint64_t>(coords[0])),
              {static_cast<uint32_t>(level), static_cast<uint32_t>(layer), static_cast<uint32_t>(y),
               static_cast<uint32_t>(coords[0])});
        return RuleId::TextureStore;
      }
      // old#texturestore: out of bounds, "not be executed" or "store value to some in bounds
      // texel"; new#texturestore: it "will not be executed" (delta 2.6, #4194).
      std::vector<std::pair<RValue*, std::vector<uint32_t>>> targets;
      if (!program_.module.revision().textureStoreOutOfBoundsDiscarded)
        everyTexel([&](RValue& x, std::vector<uint32_t> path) {
          targets.emplace_back(&x, std::move(path));
        });
      uint32_t i = choose_(static_cast<uint32_t>(targets.size() + 1), at("out-of-bounds textureStore"));
      if (i > 0) write(*targets[i - 1].first, targets[i - 1].second);
      return RuleId::TextureStoreOutOfBounds;
    }
    auto loaded = [&](const RValue& v) -> RValue {
      // A storage texture (revision 2026: `read`, `read_write`): the stored codes through the
      // channel transfer functions, missing channels as 0, 0, 1 (#storage-texel-formats).
      if (storage) return loadedStorageTexel(types_, texType, v, result);
      if (depth) {
        RValue x = v.components()[0];
        x.type = result;
        return x;
      }
      RValue x = v;
      x.type = result;
      return x;
    };
    if (in) {
      const RValue& stored = texel(static_cast<uint64_t>(level), static_cast<uint64_t>(layer), y,
                                   static_cast<uint64_t>(coords[0]));
      if (races_ && races_->tracks(*a)) {
        // A read access of a read_write storage texture's texel (races.h); in a later round of
        // a racy dispatch its channels may hold any value written to them.
        RValue read = stored;
        races_->read(indexOfInvocation(inv), view->allocation,
                     {static_cast<uint32_t>(level), static_cast<uint32_t>(layer),
                      static_cast<uint32_t>(y), static_cast<uint32_t>(coords[0])},
                     read, false, AccessSite{t.node, false});
        return push(loaded(read), RuleId::TextureLoad);
      }
      return push(loaded(stored), RuleId::TextureLoad);
    }
    // #textureload: out of bounds, the data of some texel in bounds, (0,0,0,0) or (0,0,0,1)
    // (non-depth), or 0.0 (depth).
    Alternatives options;
    if (depth) {
      options.push_back(RValue{result, FloatSet::exact(0)});
    } else {
      RValue zero = zeroValue(types_, result);
      options.push_back(zero);
      RValue one = zero;
      Type ch = types_[result].element;
      one.components()[3] = types_.kind(ch) == TypeKind::F32 ? RValue{ch, FloatSet::exact(1)} : RValue{ch, int64_t(1)};
      options.push_back(one);
    }
    everyTexel([&](RValue& x, const std::vector<uint32_t>&) {
      RValue v = loaded(x);
      if (std::find(options.begin(), options.end(), v) == options.end())
        options.push_back(std::move(v));
    });
    uint32_t i = choose_(static_cast<uint32_t>(options.size()), at("out-of-bounds textureLoad"));
    return push(std::move(options[std::min<size_t>(i, options.size() - 1)]),
                RuleId::TextureLoadOutOfBounds);
  }
  return Stop::internal(std::string(name) + ": a texture built-in the machine does not know");
}

}  // namespace plumb::interp
