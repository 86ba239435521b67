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
    const bool depth = kind.find("Depth") != std::string::npos;
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
    if (depth) {
      add("SampleCmp", {floatType()});
      add("SampleCmpLevelZero", {floatType()});
    }
  }
  if (cube) return;  // the RI has no Load of a cube texture
  const uint32_t coordinates = d + (rw ? 0 : 1) + (array ? 1 : 0);
  addNative("Load", {texture, intVector(coordinates)}, texture->element, "texture-load");
  if (!rw)
    addNative("Load", {texture, intVector(coordinates), intVector(d)}, texture->element,
              "texture-load");
}

}  // namespace plumb::wsl
