// The vertex stage's invocations (#shader-stages-sec "vertex"): one per vertex of every
// instance, with the built-in inputs vertex_index and instance_index (#builtin-values) and each
// @location input from the bindings' `vertex` section (docs/formats.md): the attribute values
// per vertex, or per instance (WebGPU's vertex buffer step modes).
#include "interpreter/wgsl/stage.h"

namespace plumb::interp {

namespace {

std::optional<uint32_t> count(const nlohmann::json& section, const char* key, uint32_t fallback,
                              std::vector<std::string>& errors) {
  if (!section.contains(key)) return fallback;
  const nlohmann::json& j = section[key];
  if (!j.is_number_integer() || j.get<int64_t>() < 0 || j.get<int64_t>() > (1 << 20)) {
    errors.push_back(std::string("vertex: '") + key + "' must be a count up to 2^20, not " +
                     j.dump());
    return std::nullopt;
  }
  return j.get<uint32_t>();
}

}  // namespace

StageInvocations vertexInvocations(Program& program, uint32_t entry, const nlohmann::json& bindings,
                                   std::vector<std::string>& errors) {
  StageInvocations draw;
  draw.stage = ShaderStage::Vertex;
  TypeTable& types = program.checked.types;
  nlohmann::json section = bindings.is_object() && bindings.contains("vertex")
                               ? bindings["vertex"]
                               : nlohmann::json::object();
  if (!section.is_object() ||
      section.value("version", kStageInputsVersion) != kStageInputsVersion) {
    errors.push_back("the bindings' 'vertex' section is not an object of version " +
                     std::to_string(kStageInputsVersion) + " (docs/formats.md)");
    return draw;
  }
  std::optional<uint32_t> vertices = count(section, "vertexCount", 1, errors);
  std::optional<uint32_t> instances = count(section, "instanceCount", 1, errors);
  if (!vertices || !instances) return draw;
  if (uint64_t(*vertices) * *instances > (1u << 20)) {
    errors.push_back("vertex: more than 2^20 invocations");
    return draw;
  }
  StageInterface in = stageInterface(program, entry);
  const nlohmann::json attributes = section.value("attributes", nlohmann::json::object());
  if (!attributes.is_object()) {
    errors.push_back("vertex: 'attributes' must be an object keyed by location");
    return draw;
  }
  for (const auto& [key, a] : attributes.items()) {
    bool known = false;
    for (const auto& [l, t] : in.inputLocations) known = known || std::to_string(l) == key;
    if (!known)
      errors.push_back("vertex: attribute '" + key + "': the entry point has no input @location(" +
                       key + ")");
  }
  // Per location: the values of each vertex (or instance), typed as the shader's input.
  struct Attribute {
    bool perInstance = false;
    std::vector<RValue> values;
  };
  std::map<uint32_t, Attribute> given;
  for (const auto& [l, t] : in.inputLocations) {
    std::string key = std::to_string(l);
    if (!attributes.contains(key)) {
      errors.push_back("vertex: no attribute for the input @location(" + key + ") (" +
                       types.name(t) + ")");
      continue;
    }
    const nlohmann::json& a = attributes[key];
    Attribute attr;
    std::string mode = a.is_object() ? a.value("stepMode", "vertex") : "";
    if (!a.is_object() || !a.contains("values") || !a["values"].is_array() ||
        (mode != "vertex" && mode != "instance")) {
      errors.push_back("vertex: attribute " + key +
                       " must be {\"stepMode\": \"vertex\"|\"instance\", \"values\": [...]}");
      continue;
    }
    attr.perInstance = mode == "instance";
    uint32_t needed = attr.perInstance ? *instances : *vertices;
    if (a["values"].size() != needed) {
      errors.push_back("vertex: attribute " + key + " has " + std::to_string(a["values"].size()) +
                       " values; the draw has " + std::to_string(needed) +
                       (attr.perInstance ? " instances" : " vertices"));
      continue;
    }
    for (const nlohmann::json& v : a["values"]) {
      std::string error;
      std::optional<RValue> value = stageInputValue(types, t, v, error);
      if (!value) {
        errors.push_back("vertex: attribute " + key + ": " + error);
        break;
      }
      attr.values.push_back(std::move(*value));
    }
    given.emplace(l, std::move(attr));
  }
  if (!errors.empty()) return draw;
  for (uint32_t instance = 0; instance < *instances; ++instance) {
    for (uint32_t vertex = 0; vertex < *vertices; ++vertex) {
      StageInvocation si;
      si.who = "vertex(" + std::to_string(vertex) + "," + std::to_string(instance) + ")";
      si.id = {{"vertex", vertex}, {"instance", instance}};
      // #builtin-values: vertex_index "Index of the current vertex within the current API-level
      // draw command" and instance_index "Instance index of the current vertex": a draw of
      // firstVertex 0 and firstInstance 0.
      si.builtins.emplace("vertex_index", RValue{types.u32(), int64_t(vertex)});
      si.builtins.emplace("instance_index", RValue{types.u32(), int64_t(instance)});
      for (const auto& [l, attr] : given)
        si.locations.emplace(l, attr.values[attr.perInstance ? instance : vertex]);
      draw.invocations.push_back(std::move(si));
    }
  }
  return draw;
}

PositionW positionW(const Program& program, uint32_t entry, const Invocation& inv) {
  PositionW out;
  const CheckedModule& cm = program.checked;
  const TypeTable& types = cm.types;
  Type rt = cm.declarations[entry].type;
  if (inv.values.empty() || types.kind(rt) == TypeKind::Void) return out;
  // The position output: the return value, or the structure member, @builtin(position).
  const RValue* position = nullptr;
  const RValue& value = inv.values.back();
  if (types.kind(rt) == TypeKind::Struct) {
    const auto& members = types.structInfo(rt).members;
    for (size_t k = 0; k < members.size() && value.isComposite() && k < value.components().size();
         ++k) {
      const Attributes& a = cm.memberAttributes[members[k].declaration.value];
      if (a.has(Attributes::Builtin) && a.builtin == "position")
        position = &value.components()[k];
    }
  } else {
    const Attributes& a = cm.declarations[entry].returnAttributes;
    if (a.has(Attributes::Builtin) && a.builtin == "position") position = &value;
  }
  if (!position) return out;
  if (!position->isComposite() || position->components().size() != 4) {
    out.mayBeZero = true;  // an indeterminate vector: any w
    return out;
  }
  const RValue& w = position->components()[3];
  if (!std::holds_alternative<FloatSet>(w.data)) {
    out.mayBeZero = true;  // an indeterminate scalar
    return out;
  }
  // A zero of either sign: the sign of a zero is not tracked (float_set.h).
  const FloatSet& s = w.floatSet();
  out.mayBeZero = s.contains(0);
  out.mustBeZero = s.isExact() && s.lo == 0;
  return out;
}

}  // namespace plumb::interp
