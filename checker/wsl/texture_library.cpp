// The standard library's texture functions (seed "Sampler and texture operations: Todo ...
// Sample, Load, Gather, etc."). The seed names them only; Plumb takes the reference
// implementation's signatures (gpuweb/WSL 943222d, Intrinsics.mjs), docs/ambiguities.md WSL
// W37: `Load(texture, location[, offset])`, where `location` holds the texel coordinates, then
// the mip level (textures that have levels: not the RW ones), then the array layer (array
// textures), and the offset, added to the coordinates, has one int per spatial dimension (not
// for RW textures); and the sampling functions below. Their meaning is
// interpreter/wsl/texture.cpp ("texture-load") and texture_sampling.cpp ("texture-sample:..").
// Made on first use, for the texture type a call passes.
#include "checker/wsl/checker_state.h"

namespace plumb::wsl {

namespace {

// The spatial dimensions of a texture kind (1D, 2D, cube: 2, 3D).
uint32_t spatialDimensions(const std::string& kind) {
  if (kind.find("1D") != std::string::npos) return 1;
  if (kind.find("3D") != std::string::npos) return 3;
  return 2;
}

TypeP intVector(uint32_t n) {
  return n == 1 ? intType() : vectorOf(intType(), n);
}

}  // namespace

void Checker::ensureTextureFunctions(const TypeP& texture) {
  if (!generatedArrays_.insert("texture " + typeName(*texture)).second) return;
  const std::string& kind = texture->name;
  const bool rw = kind.rfind("RW", 0) == 0;
  const bool array = kind.find("Array") != std::string::npos;
  const bool cube = kind.find("Cube") != std::string::npos;
  const uint32_t d = spatialDimensions(kind);
  // Sampling (Intrinsics.mjs): `Sample` on every texture but the RW ones; `SampleBias`,
  // `SampleGrad`, `SampleLevel` on the 2D, 2D array and cube ones; `SampleCmp` and
  // `SampleCmpLevelZero` on the depth ones (not RW). The location has a float per spatial
  // coordinate (3 for a cube) and then the layer; the gradients one per spatial coordinate; the
  // offset, last, an int per spatial dimension (not for cubes).
  if (!rw) {
    const bool depthTexture = kind.find("Depth") != std::string::npos;
    const uint32_t locationSize = (cube ? 3 : d) + (array ? 1 : 0);
    const TypeP location = locationSize == 1 ? floatType() : vectorOf(floatType(), locationSize);
    const TypeP gradient = vectorOf(floatType(), cube ? 3 : 2);
    auto add = [&](const std::string& name, std::vector<TypeP> operands) {
      std::vector<TypeP> parameters = {texture, samplerType(), location};
      parameters.insert(parameters.end(), operands.begin(), operands.end());
      addNative(name, parameters, texture->element, "texture-sample:" + name);
      if (!cube) {
        parameters.push_back(intVector(d));
        addNative(name, parameters, texture->element, "texture-sample:" + name + "+offset");
      }
    };
    add("Sample", {});
    if (d == 2) {
      add("SampleBias", {floatType()});
      add("SampleGrad", {gradient, gradient});
      add("SampleLevel", {floatType()});
    }
    if (depthTexture) {
      add("SampleCmp", {floatType()});
      add("SampleCmpLevelZero", {floatType()});
    }
  }
  const bool depth = kind.find("Depth") != std::string::npos;
  const TypeP scalar =
      texture->element->kind == Type::Kind::Vector ? texture->element->element : texture->element;
  const uint32_t channels =
      texture->element->kind == Type::Kind::Vector ? texture->element->size : 1;
  // Gather (Intrinsics.mjs, TextureOperations.mjs gatherTexture: Vulkan's texel gathering) on the
  // 2D, 2D array and cube textures, not RW: `Gather`, `GatherRed` and, as the element has the
  // channel, `GatherGreen`, `GatherBlue`, `GatherAlpha`; on the depth ones `Gather`, `GatherRed`,
  // `GatherCmp`, `GatherCmpRed` (a compare value). The result has 4 elements of the texture's
  // scalar type; the offset (not for cubes) an int per coordinate.
  if (!rw && d == 2) {
    const TypeP location = vectorOf(floatType(), cube || array ? 3 : 2);
    const TypeP result = vectorOf(scalar, 4);
    auto gather = [&](const std::string& name, int channel, bool compare) {
      std::vector<TypeP> parameters = {texture, samplerType(), location};
      if (compare) parameters.push_back(floatType());
      std::string native =
          "texture-gather:" + std::to_string(channel) + (compare ? "+cmp" : std::string());
      addNative(name, parameters, result, native);
      if (!cube) {
        parameters.push_back(intVector(2));
        addNative(name, parameters, result, native + "+offset");
      }
    };
    gather("Gather", 0, false);
    gather("GatherRed", 0, false);
    if (depth) {
      gather("GatherCmp", 0, true);
      gather("GatherCmpRed", 0, true);
    } else {
      if (channels >= 2) gather("GatherGreen", 1, false);
      if (channels >= 3) gather("GatherBlue", 2, false);
      if (channels >= 4) gather("GatherAlpha", 3, false);
    }
  }
  // GetDimensions (Intrinsics.mjs): a texture with levels takes a uint mip level, then pointers
  // to its Width, Height (2D, 3D, cube), Elements (arrays) or Depth (3D), NumberOfLevels; an RW
  // texture only the sizes, as uint or as float (the RI's RWTexture1DArray: a float Width and a
  // uint Elements). Each pointer in the thread, threadgroup or device space: the meaning stores
  // through them (interpreter/wsl/machine.cpp, "texture-dimensions").
  {
    std::vector<std::string> outputs = {"Width"};
    if (d >= 2) outputs.push_back("Height");
    if (d == 3) outputs.push_back("Depth");
    if (array) outputs.push_back("Elements");
    if (!rw) outputs.push_back("NumberOfLevels");
    const AddressSpace spaces[] = {AddressSpace::Thread, AddressSpace::Threadgroup,
                                   AddressSpace::Device};
    for (bool asFloat : {false, true}) {
      if (asFloat && !rw) break;
      std::vector<TypeP> prefix = {texture};
      if (!rw) prefix.push_back(uintType());
      size_t combinations = 1;
      for (size_t k = 0; k < outputs.size(); ++k) combinations *= 3;
      for (size_t c = 0; c < combinations; ++c) {
        std::vector<TypeP> parameters;
        parameters.reserve(prefix.size() + outputs.size());
        parameters.insert(parameters.end(), prefix.begin(), prefix.end());
        size_t code = c;
        for (const std::string& o : outputs) {
          TypeP t = asFloat && o != "Elements" ? floatType()
                    : asFloat && d > 1         ? floatType()
                                               : uintType();
          parameters.push_back(pointerTo(t, spaces[code % 3]));
          code /= 3;
        }
        addNative("GetDimensions", parameters, voidType(), "texture-dimensions");
      }
    }
  }
  // Store (RW textures): `Store(texture, value, location)`, the location a uint per coordinate
  // and then the layer; its meaning is the machine's (a store of the texel's memory).
  if (rw) {
    const uint32_t n = d + (array ? 1 : 0);
    addNative("Store", {texture, texture->element, n == 1 ? uintType() : vectorOf(uintType(), n)},
              voidType(), "texture-store");
  }
  if (cube) return;  // the RI has no Load of a cube texture
  const uint32_t coordinates = d + (rw ? 0 : 1) + (array ? 1 : 0);
  addNative("Load", {texture, intVector(coordinates)}, texture->element, "texture-load");
  if (!rw)
    addNative("Load", {texture, intVector(coordinates), intVector(d)}, texture->element,
              "texture-load");
}

}  // namespace plumb::wsl
