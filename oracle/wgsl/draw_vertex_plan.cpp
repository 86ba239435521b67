// The draw of a vertex oracle case (oracle/wgsl/draw_plan.h, docs/oracle.md "Draws"): vertex
// buffers from the section's attributes, and the compute write-out that calls the entry
// point's function once per vertex and instance.
#include <algorithm>
#include <bit>
#include <cmath>
#include <variant>

#include "oracle/wgsl/draw_plan.h"

namespace plumb::oracle {

namespace {

/// The 32-bit words of a value of `n` components of kind `k` as the section writes it (a
/// float is the nearest f32, as Plumb's interpreter reads it; an integer must fit).
std::optional<std::vector<uint32_t>> wordsOf(TypeKind k, int n, const nlohmann::json& v,
                                             std::string& why) {
  std::vector<nlohmann::json> parts;
  if (n == 1 && v.is_number())
    parts.push_back(v);
  else if (v.is_array() && v.size() == static_cast<size_t>(n))
    parts.assign(v.begin(), v.end());
  else {
    why = "not a value of " + std::to_string(n) + " component(s): " + v.dump();
    return std::nullopt;
  }
  std::vector<uint32_t> out;
  for (const nlohmann::json& p : parts) {
    if (!p.is_number()) {
      why = "not a number: " + p.dump();
      return std::nullopt;
    }
    if (k == TypeKind::F32) {
      out.push_back(std::bit_cast<uint32_t>(static_cast<float>(p.get<double>())));
      continue;
    }
    double d = p.get<double>();
    bool fits =
        std::floor(d) == d && (k == TypeKind::U32 ? d >= 0 && d <= 4294967295.0
                                                  : d >= -2147483648.0 && d <= 2147483647.0);
    if (!fits) {
      why = p.dump() + " is not a " + std::string(k == TypeKind::U32 ? "u32" : "i32");
      return std::nullopt;
    }
    out.push_back(static_cast<uint32_t>(static_cast<int64_t>(d)));
  }
  return out;
}

std::string vertexScalarName(TypeKind k) {
  return k == TypeKind::F32 ? "f32" : k == TypeKind::I32 ? "i32" : "u32";
}

/// The WGSL expression of component `c` of `expr` (of `n` components) as a u32 word.
std::string wordExpr(const std::string& expr, TypeKind k, int n, int c) {
  std::string e = n == 1 ? expr : expr + "[" + std::to_string(c) + "]";
  return k == TypeKind::U32 ? e : "bitcast<u32>(" + e + ")";
}

/// One vertex attribute: where its words lie in the write-out's attribute buffer.
struct AttributeData {
  TypeKind kind = TypeKind::F32;
  int components = 0;
  bool perInstance = false;
  uint32_t offset = 0;  // in words
};

}  // namespace

std::optional<DrawPlan> planVertexDraw(const CheckedModule& m, const std::string& text,
                                       const PipelinePlan& entry, const nlohmann::json& sectionIn,
                                       uint32_t group, std::string& whyNot) {
  const TypeTable& types = m.types;
  nlohmann::json section = sectionIn.is_object() ? sectionIn : nlohmann::json::object();
  DrawPlan plan;
  plan.stage = ShaderStage::Vertex;
  plan.stageInputs = {{"vertex", section}};
  plan.writeOutGroup = group;
  auto count = [&](const char* key, uint32_t& out) {
    nlohmann::json v = section.value(key, nlohmann::json(1));
    if (!v.is_number_integer() || v.get<int64_t>() <= 0 || v.get<int64_t>() > 65535) {
      whyNot = std::string("\"") + key + "\" must be 1..65535 to be drawn";
      return false;
    }
    out = v.get<uint32_t>();
    return true;
  };
  if (!count("vertexCount", plan.vertexCount) || !count("instanceCount", plan.instanceCount))
    return std::nullopt;
  // The entry point's function in the syntax tree, and the text spans of its IO attributes.
  const ast::FunctionDeclaration* f = nullptr;
  const ModuleDeclaration* decl = nullptr;
  for (const EntryPoint& e : m.entryPoints) {
    if (e.function >= m.declarations.size()) continue;
    const ModuleDeclaration& d = m.declarations[e.function];
    if (m.module.name(d.name) != entry.entry) continue;
    f = std::get_if<ast::FunctionDeclaration>(&m.module[d.global].node);
    decl = &d;
  }
  if (!f || !decl) {
    whyNot = "no vertex entry point '" + entry.entry + "'";
    return std::nullopt;
  }
  std::vector<Span> strip;
  for (ast::AttributeId a : m.module[f->attributes]) strip.push_back(m.module[a].span);
  for (ast::AttributeId a : m.module[f->returnAttributes]) strip.push_back(m.module[a].span);
  for (ast::ParameterId p : m.module[f->parameters])
    for (ast::AttributeId a : m.module[m.module[p].attributes]) strip.push_back(m.module[a].span);
  std::sort(strip.begin(), strip.end(), [](Span a, Span b) { return a.begin > b.begin; });
  std::string program = text;
  for (Span s : strip)
    if (s.end <= program.size() && s.begin < s.end) program.erase(s.begin, s.end - s.begin);

  // The attributes: each @location input's values, as vertex buffers and as words of the
  // write-out's attribute buffer.
  nlohmann::json attributes = section.value("attributes", nlohmann::json::object());
  if (!attributes.is_object()) {
    whyNot = "\"attributes\" must be an object keyed by location";
    return std::nullopt;
  }
  std::map<uint32_t, AttributeData> data;
  std::vector<uint32_t> attributeWords;
  nlohmann::json vertexBuffers = nlohmann::json::array();
  for (const LocatedDatum& d : entry.inputs.located) {
    std::string key = std::to_string(d.location);
    auto shape = numericShape(types, d.type);
    if (!shape || shape->first == TypeKind::F16) {
      whyNot = "input @location(" + key + ") is not an f32, i32 or u32 scalar or vector";
      return std::nullopt;
    }
    if (!attributes.contains(key) || !attributes[key].is_object() ||
        !attributes[key].contains("values") || !attributes[key]["values"].is_array()) {
      whyNot = "the vertex section gives no attribute values for @location(" + key + ")";
      return std::nullopt;
    }
    const nlohmann::json& a = attributes[key];
    AttributeData ad;
    ad.kind = shape->first;
    ad.components = shape->second;
    ad.perInstance = a.value("stepMode", "vertex") == "instance";
    ad.offset = static_cast<uint32_t>(attributeWords.size());
    size_t need = ad.perInstance ? plan.instanceCount : plan.vertexCount;
    if (a["values"].size() < need) {
      whyNot = "@location(" + key + ") has " + std::to_string(a["values"].size()) +
               " values; the draw needs " + std::to_string(need);
      return std::nullopt;
    }
    std::vector<uint32_t> words;
    for (size_t i = 0; i < need; ++i) {
      std::string why;
      auto w = wordsOf(ad.kind, ad.components, a["values"][i], why);
      if (!w) {
        whyNot = "@location(" + key + ") value " + std::to_string(i) + ": " + why;
        return std::nullopt;
      }
      words.insert(words.end(), w->begin(), w->end());
    }
    attributeWords.insert(attributeWords.end(), words.begin(), words.end());
    std::string format = (ad.kind == TypeKind::F32   ? "float32"
                          : ad.kind == TypeKind::I32 ? "sint32"
                                                     : "uint32") +
                         (ad.components == 1 ? std::string() : "x" + std::to_string(ad.components));
    vertexBuffers.push_back(
        {{"arrayStride", 4 * ad.components},
         {"stepMode", ad.perInstance ? "instance" : "vertex"},
         {"attributes", {{{"shaderLocation", d.location}, {"format", format}, {"offset", 0}}}},
         {"words", words}});
    data[d.location] = ad;
  }
  if (attributeWords.empty()) attributeWords.push_back(0);

  // The arguments of the call: built-ins from the invocation's indices, locations from the
  // attribute buffer, structures member by member.
  auto argument = [&](const Attributes& a, Type t, std::string& why) -> std::optional<std::string> {
    if (a.has(Attributes::Builtin)) {
      if (a.builtin == "vertex_index") return std::string("plumb_vertex");
      if (a.builtin == "instance_index") return std::string("plumb_instance");
      why = "built-in input " + std::string(a.builtin) + " is not a vertex built-in";
      return std::nullopt;
    }
    if (!a.has(Attributes::Location) || !data.count(a.location)) {
      why = "an input without @location or @builtin";
      return std::nullopt;
    }
    const AttributeData& ad = data[a.location];
    std::string index = "plumb_attributes[" + std::to_string(ad.offset) + "u + " +
                        (ad.perInstance ? "plumb_instance" : "plumb_vertex") + " * " +
                        std::to_string(ad.components) + "u + ";
    std::string parts;
    for (int c = 0; c < ad.components; ++c) {
      std::string w = index + std::to_string(c) + "u]";
      parts +=
          (c ? ", " : "") +
          (ad.kind == TypeKind::U32 ? w : "bitcast<" + vertexScalarName(ad.kind) + ">(" + w + ")");
    }
    return ad.components == 1 ? parts : types.name(t) + "(" + parts + ")";
  };
  std::string args;
  for (ast::ParameterId p : m.module[f->parameters]) {
    if (p.value >= m.parameters.size() || p.value >= m.parameterAttributes.size()) continue;
    Type t = m.parameters[p.value];
    const Attributes& a = m.parameterAttributes[p.value];
    std::string why, arg;
    if (types.kind(t) == TypeKind::Struct && !a.has(Attributes::Builtin) &&
        !a.has(Attributes::Location)) {
      std::string members;
      for (const MemberInfo& member : types.structInfo(t).members) {
        if (!member.declaration || member.declaration.value >= m.memberAttributes.size()) continue;
        auto e = argument(m.memberAttributes[member.declaration.value], member.type, why);
        if (!e) {
          whyNot = why;
          return std::nullopt;
        }
        members += (members.empty() ? "" : ", ") + *e;
      }
      arg = types.name(t) + "(" + members + ")";
    } else {
      auto e = argument(a, t, why);
      if (!e) {
        whyNot = why;
        return std::nullopt;
      }
      arg = *e;
    }
    args += (args.empty() ? "" : ", ") + arg;
  }

  // The outputs: each written as words, in the order of plan.outputs.
  std::string stores;
  uint32_t words = 0;
  auto output = [&](const Attributes& a, Type t, const std::string& expr) -> bool {
    uint32_t binding = 0;
    if (a.has(Attributes::Builtin) && a.builtin == "position")
      binding = kPositionBinding;
    else if (a.has(Attributes::Location))
      binding = a.location;
    else
      return true;  // not compared
    auto shape = numericShape(types, t);
    if (!shape || shape->first == TypeKind::F16) {
      whyNot = "an output that is not an f32, i32 or u32 scalar or vector";
      return false;
    }
    for (int c = 0; c < shape->second; ++c)
      stores += "  plumb_write_out[plumb_base + " + std::to_string(words++) +
                "u] = " + wordExpr(expr, shape->first, shape->second, c) + ";\n";
    plan.outputs.push_back({binding, shape->second});
    return true;
  };
  Type rt = decl->type;
  if (rt && types.kind(rt) == TypeKind::Struct &&
      !decl->returnAttributes.has(Attributes::Builtin) &&
      !decl->returnAttributes.has(Attributes::Location)) {
    for (const MemberInfo& member : types.structInfo(rt).members)
      if (member.declaration && member.declaration.value < m.memberAttributes.size() &&
          !output(m.memberAttributes[member.declaration.value], member.type,
                  "plumb_result." + member.name))
        return std::nullopt;
  } else if (rt && types.kind(rt) != TypeKind::Void) {
    if (!output(decl->returnAttributes, rt, "plumb_result")) return std::nullopt;
  }
  plan.wordsPerVertex = std::max(words, 1u);
  std::string g = std::to_string(group);
  program +=
      "\n// The oracle's write-out of the vertex stage (docs/oracle.md \"Draws\").\n"
      "@group(" +
      g +
      ") @binding(0) var<storage, read_write> plumb_write_out: array<u32>;\n"
      "@group(" +
      g +
      ") @binding(1) var<storage, read> plumb_attributes: array<u32>;\n"
      "@compute @workgroup_size(1)\n"
      "fn plumb_vertex_write_out(@builtin(global_invocation_id) plumb_id: vec3<u32>) {\n"
      "  let plumb_vertex = plumb_id.x;\n"
      "  let plumb_instance = plumb_id.y;\n"
      "  let plumb_result = " +
      entry.entry + "(" + args +
      ");\n"
      "  let plumb_base = (plumb_instance * " +
      std::to_string(plan.vertexCount) + "u + plumb_vertex) * " +
      std::to_string(plan.wordsPerVertex) + "u;\n" + stores + "}\n";
  uint64_t outSize = uint64_t{4} * plan.wordsPerVertex * plan.vertexCount * plan.instanceCount;
  plan.runner = {{"vertexCount", plan.vertexCount},
                 {"instanceCount", plan.instanceCount},
                 {"vertexBuffers", vertexBuffers},
                 {"writeOut",
                  {{"wgsl", program},
                   {"entry", "plumb_vertex_write_out"},
                   {"dispatch", {plan.vertexCount, plan.instanceCount, 1}},
                   {"bindings",
                    {{{"group", group}, {"binding", 0}, {"kind", "storage"}, {"size", outSize}},
                     {{"group", group},
                      {"binding", 1},
                      {"kind", "read-only-storage"},
                      {"size", 4 * attributeWords.size()},
                      {"words", attributeWords}}}}}}};
  return plan;
}

}  // namespace plumb::oracle
