// The sampling built-ins in the machine (#texture-builtin-functions): the texture's texels and
// the sampler's descriptor from the bindings, the value from interpreter/wgsl/sampling_builtins.h.
// The implicit-LOD functions (textureSample, textureSampleBias, textureSampleCompare) need the
// quad's derivatives of their coordinates: they wait for their quad (quad_sampling.h).
#include "interpreter/wgsl/machine.h"
#include "interpreter/wgsl/sampling_builtins.h"

namespace plumb::interp {

namespace {

RuleId samplingRuleOf(std::string_view name) {
  if (name == "textureSampleGrad") return RuleId::TextureSampleGrad;
  if (name == "textureSampleCompareLevel") return RuleId::TextureSampleCompareLevel;
  if (name == "textureGather") return RuleId::TextureGather;
  if (name == "textureGatherCompare") return RuleId::TextureGatherCompare;
  if (name == "textureSampleBaseClampToEdge") return RuleId::TextureSampleBaseClampToEdge;
  return RuleId::TextureSampleLevel;
}

}  // namespace

StepResult Machine::samplingBuiltin(Invocation& inv, const Task& t, const Overload& o,
                                    std::vector<RValue>& args) {
  std::string_view name = o.row->name;
  if (needsDerivatives(name)) {
    // #derivatives: "Partial derivatives ... are computed implicitly as part of" the call, by the
    // quad's invocations together. The invocation offers its arguments and waits, as at a
    // derivative; the quad's rule (quad_sampling.h, run by the fragment stage) samples. The
    // checker confines these functions to the fragment stage (#texturesample "Must only be used
    // in a fragment shader stage").
    inv.collective = std::move(args);
    inv.status = InvocationStatus::AtBarrier;
    inv.barrier = t.node;
    return RuleId::ImplicitLodWait;
  }
  // The texture and the sampler: the handles of their bindings (the gather's first argument may
  // be its component).
  size_t k = (name == "textureGather" && !isTexture(types_, args[0].type)) ? 1 : 0;
  const MemoryView* tv = std::get_if<MemoryView>(&args[k].data);
  const MemoryView* sv = std::get_if<MemoryView>(&args[k + 1].data);
  Allocation* a = tv ? spaces(inv).find(tv->allocation) : nullptr;
  if (!a) return Stop::internal(std::string(name) + ": the texture has no binding");
  auto s = sv ? program_.samplers.find(sv->allocation) : program_.samplers.end();
  if (s == program_.samplers.end())
    return Stop::internal(std::string(name) + ": the sampler has no binding");
  std::string error;
  auto format = program_.textureFormats.find(tv->allocation);
  std::optional<RValue> v = samplingBuiltinValue(
      types_, name, typeOf(t.node), args, a->value, s->second, nullptr, error,
      format == program_.textureFormats.end() ? std::string_view() : format->second);
  if (!v) return Stop::internal(error);
  inv.values.push_back(std::move(*v));
  return StepResult{samplingRuleOf(name)};
}

}  // namespace plumb::interp
