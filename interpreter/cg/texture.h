// Textures of `plumb cg run` (issue 21): the value of a sampler parameter or uniform, and the
// standard library's texture lookups (the Cg Reference Manual's tex1D ... texRECT pages, their
// proj, lod, bias and explicit-derivative forms; the gp4 fetches tex*fetch and GLSL's
// texelFetch of cgc's dialect, CGD-2).
//
// The seed has no textures ("sampler" types only); the manual's pages say what each lookup
// reads. What they leave to the run-time API — the sampler state (filters, address modes), and
// for a lookup without an explicit level the level of detail (a single call has no
// neighbouring fragments to take derivatives from) — is a set (docs/ambiguities.md CG-E12):
// the sampled value is the hull of the values every state and level may give, each computed by
// the WGSL interpreter's sampling (interpreter/wgsl/sampling.h, `sampleTexture`: Vulkan's
// filtering within its precision bounds, docs/ambiguities.md T1-T9).
//
// A texture is given as the `plumb-bindings` "texture" object (docs/formats.md: `size`,
// `mipLevels`, `texels`, `format`) with an optional `sampler` (the bindings' sampler object:
// GPUSamplerDescriptor members), inline JSON or `@FILE`.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/cg/value.h"
#include "interpreter/wgsl/runtime_value.h"
#include "interpreter/wgsl/sampler.h"
#include "semantics/cg/type.h"

namespace plumb::cg {

struct Texture {
  ObjectKind sampler = ObjectKind::Sampler2D;
  interp::RValue texels;  // levels, layers (3D slices, cube faces), rows, columns, vec4
  int levels = 1;
  std::array<int64_t, 3> size{1, 1, 1};
  /// The sampler state the argument gives; none: every state (the API's, unknown here).
  std::optional<interp::SamplerDescriptor> state;
  std::string summary;  // "sampler2D 4x4, 1 level"
  /// sampler1DARRAY, sampler2DARRAY: the layers (a 1D array is held as a 2D array one texel
  /// high); samplerBUF: a one-level 1D texture read by index.
  int64_t layers = 1;
  /// isampler*, usampler*: Int or UInt (the texels hold integers; a filtered lookup is exact
  /// only with nearest filters, docs/ambiguities.md CG-E20).
  Scalar texel = Scalar::Float;
};

/// The texture of a sampler argument: a JSON object or `@FILE` (see above). Null, with `error`,
/// when it is not one.
std::shared_ptr<const Texture> textureFromArgument(ObjectKind sampler, const std::string& text,
                                                   std::string& error,
                                                   Scalar texel = Scalar::Float);

/// Whether `name` is a texture lookup `lookupTexture` evaluates.
bool isTextureLookup(const std::string& name);

struct LookupResult {
  std::vector<NumberSet> channels;  // 4 values, each a set of fp32 values
  std::string error;                // a form Plumb does not evaluate (shadow comparisons)
};

/// The lookup `name(texture, args...)` of the manual (args: the coordinate and the other
/// arguments after the sampler, each as its components' sets; integer components of a fetch as
/// points). `implicitLevel`: the level of detail is not given (tex2D(s, uv)).
/// `offset`: the texel offset of the gp4 forms (`tex2D(s, uv, int2(1, 0))`; the manual's
/// "texelOff"), empty when none.
LookupResult lookupTexture(const std::string& name, const Texture& texture,
                           const std::vector<std::vector<NumberSet>>& args,
                           const std::vector<int64_t>& offset = {});

/// The size query `texNsize(s, lod)` (the gp4 pages: "the size of the corresponding texture
/// image"): width, height, depth of the level, each null where the texture has no such
/// dimension or the level does not exist (the caller makes it any int). An array's layer count
/// is null too (its pages: "the size of one element"; OpenGL's query gives the layers), and a
/// buffer's, a multisample texture's and a renderbuffer's size has no level (`level` unused).
std::vector<std::optional<int64_t>> textureSize(const Texture& texture, const NumberSet& level);

}  // namespace plumb::cg
