// Implicit-LOD sampling in a quad (interpreter/wgsl/quad_sampling.h).
#include "interpreter/wgsl/quad_sampling.h"

#include "interpreter/wgsl/memory.h"
#include "interpreter/wgsl/quad.h"
#include "interpreter/wgsl/runtime_alternatives.h"
#include "interpreter/wgsl/sampling_builtins.h"

namespace plumb::interp {

bool isImplicitLodCall(const Program& program, uint32_t call) {
  const Overload* o = program.checked.calls[call];
  return o && needsDerivatives(o->row->name);
}

namespace {

RuleId ruleOf(std::string_view name) {
  if (name == "textureSampleBias") return RuleId::TextureSampleBias;
  if (name == "textureSampleCompare") return RuleId::TextureSampleCompare;
  return RuleId::TextureSample;
}

/// The components of a derivative of the coordinates (f32 or vecN<f32>) as sets.
std::array<FloatSet, 3> componentsOf(const RValue& v) {
  std::array<FloatSet, 3> out{};
  if (!v.isComposite()) {
    out[0] = floatOf(v);
    return out;
  }
  for (size_t a = 0; a < v.components().size() && a < 3; ++a) out[a] = floatOf(v.components()[a]);
  return out;
}

}  // namespace

QuadSamples implicitLodSamples(Program& program, Configuration& config,
                               const std::array<uint32_t, 4>& members, uint32_t call) {
  QuadSamples out;
  CheckedModule& cm = program.checked;
  TypeTable& types = cm.types;
  const Overload* o = cm.calls[call];
  if (!o) {
    out.error = "an implicit-LOD call without a resolved overload";
    return out;
  }
  std::string_view name = o->row->name;
  out.rule = ruleOf(name);
  Type result = cm.expressions[call].type;
  // Arguments: t, s, coords, ... (sampling_builtins.h); the coordinates of the four invocations.
  std::array<RValue, 4> coords;
  for (uint32_t id = 0; id < 4; ++id) {
    const std::vector<RValue>& args = config.invocations[members[id]].collective;
    if (args.size() < 3) {
      out.error = std::string(name) + ": the quad's arguments are missing";
      return out;
    }
    coords[id] = args[2];
  }
  Type coordType = coords[0].type;
  AddressSpaces spaces{&config.buffers, nullptr, nullptr, nullptr};
  for (uint32_t id = 0; id < 4; ++id) {
    // #derivatives: the partial derivatives of the coordinates along x and y. Whether the
    // implementation differences the invocation's own row (fine) or either row of the quad
    // (coarse) is its choice (Vulkan "Derivative Operations": implicit derivatives may be
    // either): the Either variant is the set of both (docs/ambiguities.md T12).
    CoordinateDerivatives d;
    for (DerivativeAxis axis : {DerivativeAxis::X, DerivativeAxis::Y}) {
      OperationResult r =
          quadDerivative(types, coordType, coords, id, axis, DerivativeVariant::Either);
      if (!r.ok()) {
        out.error = std::string(name) + ": the derivatives of the coordinates: " +
                    (r.unsupported.empty() ? std::string("a malformed operand") : r.unsupported);
        return out;
      }
      (axis == DerivativeAxis::X ? d.ddx : d.ddy) = componentsOf(r.alternatives[0]);
    }
    const std::vector<RValue>& args = config.invocations[members[id]].collective;
    const MemoryView* tv = std::get_if<MemoryView>(&args[0].data);
    const MemoryView* sv = std::get_if<MemoryView>(&args[1].data);
    const Allocation* a = tv ? spaces.find(tv->allocation) : nullptr;
    if (!a) {
      out.error = std::string(name) + ": the texture has no binding";
      return out;
    }
    auto s = sv ? program.samplers.find(sv->allocation) : program.samplers.end();
    if (s == program.samplers.end()) {
      out.error = std::string(name) + ": the sampler has no binding";
      return out;
    }
    auto format = program.textureFormats.find(tv->allocation);
    std::string error;
    std::optional<RValue> v = samplingBuiltinValue(
        types, name, result, args, a->value, s->second, &d, error,
        format == program.textureFormats.end() ? std::string_view() : format->second);
    if (!v) {
      out.error = error;
      return out;
    }
    v->type = result;
    out.results[id] = std::move(*v);
  }
  return out;
}

}  // namespace plumb::interp
