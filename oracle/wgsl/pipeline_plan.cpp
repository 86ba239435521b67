// Minimal pipelines for verdict-only oracle cases (docs/oracle.md).
#include "oracle/wgsl/pipeline_plan.h"

#include <map>
#include <set>
#include <variant>

namespace plumb::oracle {

namespace {

using Interface = StageInterfaceData;

bool typed(const TypeTable& types, Type t) {
  return t && types.kind(t) != TypeKind::Invalid;
}

void datum(const Attributes& a, const TypeTable& types, Type t, Interface& io) {
  if (!typed(types, t)) return;
  if (a.has(Attributes::Builtin)) {
    io.builtins.insert(std::string(a.builtin));
  } else if (a.has(Attributes::Location)) {
    io.located.push_back({a.location, t, a.interpolation, a.sampling});
  }
}

/// A parameter or the return value: a datum, or a structure of data (one level: nested
/// structures are not entry point IO).
void collect(const CheckedModule& m, const Attributes& a, Type t, Interface& io) {
  const TypeTable& types = m.types;
  if (!typed(types, t)) return;
  if (types.kind(t) != TypeKind::Struct || a.has(Attributes::Builtin) ||
      a.has(Attributes::Location)) {
    datum(a, types, t, io);
    return;
  }
  for (const MemberInfo& member : types.structInfo(t).members)
    if (member.declaration && member.declaration.value < m.memberAttributes.size())
      datum(m.memberAttributes[member.declaration.value], types, member.type, io);
}

/// (component kind, component count) of a numeric scalar or vector, or nullopt.
std::optional<std::pair<TypeKind, int>> shape(const TypeTable& types, Type t) {
  TypeKind k = types.kind(t);
  int n = 1;
  if (k == TypeKind::Vector) {
    n = types[t].size;
    k = types.kind(types[t].element);
  }
  if (k != TypeKind::F32 && k != TypeKind::I32 && k != TypeKind::U32 && k != TypeKind::F16)
    return std::nullopt;
  return std::pair(k, n);
}

/// A vertex stage that writes every user-defined input the fragment stage reads, with the
/// same type and interpolation (WebGPU's inter-stage interface validation), and a position.
std::string partnerVertexStage(const TypeTable& types, const Interface& inputs) {
  std::string members = "  @builtin(position) position: vec4<f32>,\n";
  bool f16 = false;
  for (const LocatedDatum& d : inputs.located) {
    if (auto s = shape(types, d.type)) f16 = f16 || s->first == TypeKind::F16;
    members += "  @location(" + std::to_string(d.location) + ") " + interpolationText(d) + "v" +
               std::to_string(d.location) + ": " + types.name(d.type) + ",\n";
  }
  return std::string(f16 ? "enable f16;\n" : "") + "struct PlumbVertexOutput {\n" + members +
         "}\n"
         "@vertex fn main() -> PlumbVertexOutput {\n"
         "  var result: PlumbVertexOutput;\n"
         "  result.position = vec4<f32>(0.0, 0.0, 0.0, 1.0);\n"
         "  return result;\n"
         "}\n";
}

// More color targets than any device has (maxColorAttachments is 8) only make the backend
// reject the pipeline, as it should; the list stops here so that a huge location stays cheap.
constexpr uint32_t kMaxTargets = 32;

}  // namespace

std::string interpolationText(const LocatedDatum& d) {
  using I = Attributes::Interpolation;
  using S = Attributes::Sampling;
  if (d.interpolation == I::None) return "";
  std::string s = d.interpolation == I::Flat     ? "flat"
                  : d.interpolation == I::Linear ? "linear"
                                                 : "perspective";
  if (d.sampling == S::Center) s += ", center";
  if (d.sampling == S::Centroid) s += ", centroid";
  if (d.sampling == S::Sample) s += ", sample";
  return "@interpolate(" + s + ") ";
}

std::optional<std::pair<TypeKind, int>> numericShape(const TypeTable& types, Type t) {
  return shape(types, t);
}

std::optional<std::string> vertexFormat(const TypeTable& types, Type t) {
  auto s = shape(types, t);
  if (!s) return std::nullopt;
  auto [k, n] = *s;
  if (k == TypeKind::F16) {
    if (n != 2 && n != 4) return std::nullopt;
    return "float16x" + std::to_string(n);
  }
  std::string base = k == TypeKind::F32 ? "float32" : k == TypeKind::I32 ? "sint32" : "uint32";
  return n == 1 ? base : base + "x" + std::to_string(n);
}

std::optional<std::string> targetFormat(const TypeTable& types, Type t) {
  auto s = shape(types, t);
  if (!s) return std::nullopt;
  auto [k, n] = *s;
  std::string channels = n == 1 ? "r" : n < 4 ? "rg" : "rgba";
  std::string bits = k == TypeKind::F16   ? "16float"
                     : k == TypeKind::F32 ? "32float"
                     : k == TypeKind::I32 ? "32sint"
                                          : "32uint";
  return channels + bits;
}

std::vector<PipelinePlan> planPipelines(const CheckedModule& m) {
  std::vector<PipelinePlan> plans;
  const TypeTable& types = m.types;
  for (const EntryPoint& e : m.entryPoints) {
    if (e.function >= m.declarations.size()) continue;
    const ModuleDeclaration& d = m.declarations[e.function];
    const auto* f = std::get_if<ast::FunctionDeclaration>(&m.module[d.global].node);
    if (!f) continue;
    PipelinePlan p;
    p.entry = std::string(m.module.name(d.name));
    p.stage = e.stage;
    Interface inputs, outputs;
    for (ast::ParameterId param : m.module[f->parameters])
      if (param.value < m.parameters.size() && param.value < m.parameterAttributes.size())
        collect(m, m.parameterAttributes[param.value], m.parameters[param.value], inputs);
    if (f->returnType && d.type && types.kind(d.type) != TypeKind::Void)
      collect(m, d.returnAttributes, d.type, outputs);
    if (e.stage == ShaderStage::Vertex) {
      // No fragment stage; WebGPU wants some attachment to render to, so a depth one.
      p.depthStencil = {
          {"format", "depth32float"}, {"depthWriteEnabled", false}, {"depthCompare", "always"}};
      // One buffer per input, each with its attribute at offset 0 (every vertex input
      // location must be fed by an attribute).
      for (const LocatedDatum& in : inputs.located) {
        std::optional<std::string> format = vertexFormat(types, in.type);
        if (!format) continue;  // no vertex format: the backend rejects the module or pipeline
        auto [k, n] = *shape(types, in.type);
        uint32_t stride = (k == TypeKind::F16 ? 2u : 4u) * static_cast<uint32_t>(n);
        p.vertexBuffers.push_back(
            {{"arrayStride", stride},
             {"attributes",
              {{{"shaderLocation", in.location}, {"format", *format}, {"offset", 0}}}}});
      }
    } else if (e.stage == ShaderStage::Fragment) {
      p.partnerWgsl = partnerVertexStage(types, inputs);
      std::map<uint32_t, std::string> formats;
      for (const LocatedDatum& out : outputs.located)
        if (out.location < kMaxTargets)
          if (std::optional<std::string> format = targetFormat(types, out.type))
            formats[out.location] = *format;
      for (const auto& [location, format] : formats) {
        while (p.targets.size() < location) p.targets.push_back(nullptr);
        p.targets.push_back({{"format", format}});
      }
      // A fragment stage that writes the depth needs a depth attachment; one without color
      // targets gets one too, so that the pipeline renders to something.
      bool writesDepth = outputs.builtins.count("frag_depth") > 0;
      if (writesDepth || formats.empty())
        p.depthStencil = {{"format", "depth32float"},
                          {"depthWriteEnabled", writesDepth},
                          {"depthCompare", "always"}};
    }
    p.inputs = std::move(inputs);
    p.outputs = std::move(outputs);
    plans.push_back(std::move(p));
  }
  return plans;
}

nlohmann::json pipelineJson(const PipelinePlan& p) {
  nlohmann::json j = {{"entry", p.entry}, {"stage", std::string(spelling(p.stage))}};
  if (p.stage == ShaderStage::Vertex) j["vertexBuffers"] = p.vertexBuffers;
  if (p.stage == ShaderStage::Fragment) {
    j["targets"] = p.targets;
    j["partner"] = {{"wgsl", p.partnerWgsl}, {"entry", "main"}};
  }
  if (!p.depthStencil.is_null()) j["depthStencil"] = p.depthStencil;
  return j;
}

}  // namespace plumb::oracle
