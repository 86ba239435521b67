// The draw of a fragment oracle case (oracle/wgsl/draw_plan.h, docs/oracle.md "Draws").
#include "oracle/wgsl/draw_plan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace plumb::oracle {

namespace {

/// A float as a WGSL f32 literal that denotes it exactly (a hexadecimal float).
std::string f32Literal(double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%a", static_cast<double>(static_cast<float>(v)));
  return std::string(buffer) + "f";
}

bool exactF32(double v) {
  return std::isfinite(v) && static_cast<double>(static_cast<float>(v)) == v;
}

/// One component's linear function of the pixel: at + ddx·x + ddy·y (docs/formats.md).
struct Linear {
  double at = 0, ddx = 0, ddy = 0;
  /// At framebuffer position (fx, fy): the pixel (x, y) has its centre at (x + 0.5, y + 0.5).
  double atPosition(double fx, double fy) const { return at + ddx * (fx - 0.5) + ddy * (fy - 0.5); }
};

/// The section's value of an input with `n` components: a value (constant), or {"at", "ddx",
/// "ddy"}; nullopt with `why` for anything else (per-fragment values).
std::optional<std::vector<Linear>> linearForm(const nlohmann::json& j, int n, std::string& why) {
  auto numbers = [&](const nlohmann::json& v, std::vector<double>& out, bool optional) {
    out.assign(n, 0.0);
    if (v.is_null() && optional) return true;
    if (n == 1 && v.is_number()) {
      out[0] = v.get<double>();
      return true;
    }
    if (!v.is_array() || v.size() != static_cast<size_t>(n)) return false;
    for (int k = 0; k < n; ++k) {
      if (v[k].is_null() && optional) continue;
      if (!v[k].is_number()) return false;
      out[k] = v[k].get<double>();
    }
    return true;
  };
  std::vector<double> at, ddx, ddy;
  bool ok = false;
  if (j.is_number() || j.is_array()) {
    ok = numbers(j, at, false);
    ddx.assign(n, 0.0);
    ddy.assign(n, 0.0);
  } else if (j.is_object() && j.contains("at")) {
    ok = numbers(j["at"], at, false) && numbers(j.value("ddx", nlohmann::json()), ddx, true) &&
         numbers(j.value("ddy", nlohmann::json()), ddy, true);
  } else if (j.is_object() && j.contains("values")) {
    why =
        "one value per fragment cannot be interpolated (give a value or {\"at\", \"ddx\", "
        "\"ddy\"})";
    return std::nullopt;
  }
  if (!ok) {
    why = "not a value of " + std::to_string(n) +
          " component(s) or {\"at\", \"ddx\", \"ddy\"}: " + j.dump();
    return std::nullopt;
  }
  std::vector<Linear> out(n);
  for (int k = 0; k < n; ++k) out[k] = {at[k], ddx[k], ddy[k]};
  return out;
}

/// The corners of the target in the order the two triangles use them, (u, v) in {0, 1}²:
/// (0,0) (1,0) (0,1), (1,0) (1,1) (0,1). In clip space y points up, so this order is
/// clockwise there: a front face for frontFace "cw" (WebGPU #primitive-state).
constexpr int kCorners[6][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 1}};

std::string scalarName(TypeKind k) {
  return k == TypeKind::F32 ? "f32" : k == TypeKind::I32 ? "i32" : "u32";
}

std::string typeName(TypeKind k, int n) {
  return n == 1 ? scalarName(k) : "vec" + std::to_string(n) + "<" + scalarName(k) + ">";
}

/// The WGSL value of `n` components of kind `k`: floats exactly, integers as their words.
std::string valueText(TypeKind k, const std::vector<double>& v) {
  std::string parts;
  for (size_t i = 0; i < v.size(); ++i) {
    std::string one;
    if (k == TypeKind::F32) {
      one = f32Literal(v[i]);
    } else if (k == TypeKind::U32) {
      one = std::to_string(static_cast<uint32_t>(v[i])) + "u";
    } else {
      one = "bitcast<i32>(" + std::to_string(static_cast<uint32_t>(static_cast<int64_t>(v[i]))) +
            "u)";
    }
    parts += (i ? ", " : "") + one;
  }
  return v.size() == 1 ? parts : typeName(k, static_cast<int>(v.size())) + "(" + parts + ")";
}

}  // namespace

std::optional<DrawPlan> planFragmentDraw(const CheckedModule& module, const PipelinePlan& entry,
                                         const nlohmann::json& sectionIn, std::string& whyNot) {
  const TypeTable& types = module.types;
  nlohmann::json section = sectionIn.is_object() ? sectionIn : nlohmann::json::object();
  DrawPlan plan;
  plan.stage = ShaderStage::Fragment;
  plan.stageInputs = {{"fragment", section}};
  // The target: the viewport, or the smallest one holding the listed fragments.
  uint32_t width = 1, height = 1;
  if (section.contains("viewport")) {
    const nlohmann::json& v = section["viewport"];
    if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer() ||
        v[0].get<int64_t>() < 0 || v[1].get<int64_t>() < 0) {
      whyNot = "\"viewport\" must be [width, height]";
      return std::nullopt;
    }
    width = static_cast<uint32_t>(std::min<int64_t>(v[0].get<int64_t>(), 1 << 20));
    height = static_cast<uint32_t>(std::min<int64_t>(v[1].get<int64_t>(), 1 << 20));
  } else if (section.contains("fragments") && section["fragments"].is_array()) {
    width = height = 0;
    for (const nlohmann::json& f : section["fragments"]) {
      nlohmann::json x = f.is_array() && f.size() == 2 ? f[0]
                         : f.is_object()               ? f.value("x", nlohmann::json())
                                                       : nlohmann::json();
      nlohmann::json y = f.is_array() && f.size() == 2 ? f[1]
                         : f.is_object()               ? f.value("y", nlohmann::json())
                                                       : nlohmann::json();
      if (!x.is_number_integer() || !y.is_number_integer() || x.get<int64_t>() < 0 ||
          y.get<int64_t>() < 0 || x.get<int64_t>() >= 1024 || y.get<int64_t>() >= 1024) {
        whyNot = "a fragment must be [x, y] or {\"x\", \"y\"} with pixel indices: " + f.dump();
        return std::nullopt;
      }
      width = std::max(width, x.get<uint32_t>() + 1);
      height = std::max(height, y.get<uint32_t>() + 1);
    }
    width = std::max(width, 1u);
    height = std::max(height, 1u);
  }
  if (width == 0 || height == 0 || width > 1024 || height > 1024) {
    whyNot = "the render target must be between 1x1 and 1024x1024 pixels";
    return std::nullopt;
  }
  plan.width = width;
  plan.height = height;
  // A fragment's own built-in values would need a primitive of its own.
  if (section.contains("fragments"))
    for (const nlohmann::json& f : section["fragments"])
      if (f.is_object() &&
          (f.contains("frontFacing") || f.contains("sampleIndex") || f.contains("sampleMask"))) {
        whyNot =
            "a fragment's own frontFacing, sampleIndex or sampleMask is not drawn (one "
            "primitive covers the target)";
        return std::nullopt;
      }
  // A single-sampled target: sample_index is 0 and the coverage mask 1 at every fragment.
  const std::set<std::string>& reads = entry.inputs.builtins;
  if (reads.count("sample_index") && section.value("sampleIndex", nlohmann::json(0)) != 0) {
    whyNot =
        "the draw's target has one sample: sample_index is 0, not " + section["sampleIndex"].dump();
    return std::nullopt;
  }
  if (reads.count("sample_mask") && section.value("sampleMask", nlohmann::json(1)) != 1) {
    whyNot =
        "the draw's target has one sample: sample_mask is 1, not " + section["sampleMask"].dump();
    return std::nullopt;
  }
  nlohmann::json frontFacing = section.value("frontFacing", nlohmann::json(true));
  if (!frontFacing.is_boolean()) {
    whyNot = "\"frontFacing\" must be true or false";
    return std::nullopt;
  }
  // position.w is 1/w of the clip position: a constant w gives a clip w of 1/w, exact for a
  // power of two, with which perspective-correct interpolation is linear.
  double w = 1.0;
  if (section.contains("w")) {
    if (!section["w"].is_number() || !(section["w"].get<double>() > 0)) {
      whyNot = "\"w\" must be a positive number (a constant) to be drawn";
      return std::nullopt;
    }
    w = section["w"].get<double>();
    int e = 0;
    if (std::frexp(w, &e) != 0.5) {
      whyNot = "\"w\" must be a power of two to be drawn (1/w exact)";
      return std::nullopt;
    }
  }
  double clipW = 1.0 / w;
  std::string why;
  std::optional<std::vector<Linear>> depth =
      linearForm(section.value("depth", nlohmann::json(0.0)), 1, why);
  if (!depth) {
    whyNot = "\"depth\": " + why;
    return std::nullopt;
  }
  std::vector<std::string> inexact;
  auto checkExact = [&](const std::string& what, const std::vector<Linear>& f) {
    bool exact = true;
    for (const Linear& l : f) {
      exact = exact && exactF32(l.at) && exactF32(l.ddx) && exactF32(l.ddy);
      for (const auto& c : kCorners)
        exact = exact && exactF32(l.atPosition(c[0] * double(width), c[1] * double(height)));
      for (uint32_t y = 0; exact && y < height; ++y)
        for (uint32_t x = 0; exact && x < width; ++x)
          exact = exactF32(l.at + l.ddx * x + l.ddy * y);
    }
    if (!exact) inexact.push_back(what);
  };
  checkExact("depth", *depth);
  for (const auto& c : kCorners) {
    double z = (*depth)[0].atPosition(c[0] * double(width), c[1] * double(height));
    if (!(z >= 0.0 && z <= 1.0)) {
      whyNot =
          "the depth must lie in [0, 1] at the target's corners (else the triangles are "
          "clipped)";
      return std::nullopt;
    }
  }
  // The generated vertex stage: every input the fragment stage reads, with its type and
  // interpolation (WebGPU's inter-stage interface), at the six vertices.
  std::string members = "  @builtin(position) position: vec4<f32>,\n";
  std::string body;
  std::vector<std::string> positions;
  for (const auto& c : kCorners) {
    double z = (*depth)[0].atPosition(c[0] * double(width), c[1] * double(height));
    positions.push_back(valueText(
        TypeKind::F32, {(2.0 * c[0] - 1.0) * clipW, (1.0 - 2.0 * c[1]) * clipW, z * clipW, clipW}));
  }
  auto arrayText = [](const std::string& type, const std::vector<std::string>& values) {
    std::string s = "array<" + type + ", 6>(";
    for (size_t i = 0; i < values.size(); ++i) s += (i ? ", " : "") + values[i];
    return s + ")";
  };
  body += "  var positions = " + arrayText("vec4<f32>", positions) + ";\n";
  body += "  result.position = positions[i];\n";
  nlohmann::json inputs = section.value("inputs", nlohmann::json::object());
  if (!inputs.is_object()) {
    whyNot = "\"inputs\" must be an object keyed by location";
    return std::nullopt;
  }
  for (const LocatedDatum& d : entry.inputs.located) {
    std::string key = std::to_string(d.location);
    auto shape = numericShape(types, d.type);
    if (!shape || shape->first == TypeKind::F16) {
      whyNot = "input @location(" + key + ") is not an f32, i32 or u32 scalar or vector";
      return std::nullopt;
    }
    auto [kind, n] = *shape;
    if (!inputs.contains(key)) {
      whyNot = "the fragment section gives no input @location(" + key + ")";
      return std::nullopt;
    }
    std::optional<std::vector<Linear>> form = linearForm(inputs[key], n, why);
    if (!form) {
      whyNot = "input @location(" + key + "): " + why;
      return std::nullopt;
    }
    bool varies = false;
    for (const Linear& l : *form) varies = varies || l.ddx != 0 || l.ddy != 0;
    bool flat = d.interpolation == Attributes::Interpolation::Flat || kind != TypeKind::F32;
    if (varies && flat) {
      whyNot = "input @location(" + key + ") is flat: it takes a constant, not {\"ddx\", \"ddy\"}";
      return std::nullopt;
    }
    if (kind == TypeKind::F32) checkExact("@location(" + key + ")", *form);
    std::vector<std::string> values;
    for (const auto& c : kCorners) {
      std::vector<double> v;
      for (const Linear& l : *form)
        v.push_back(kind == TypeKind::F32
                        ? l.atPosition(c[0] * double(width), c[1] * double(height))
                        : l.at);
      values.push_back(valueText(kind, v));
    }
    std::string name = "v" + key;
    members += "  @location(" + key + ") " + interpolationText(d) + name + ": " +
               typeName(kind, n) + ",\n";
    body += "  var " + name + " = " + arrayText(typeName(kind, n), values) + ";\n";
    body += "  result." + name + " = " + name + "[i];\n";
  }
  if (!inexact.empty()) {
    std::string list;
    for (const std::string& s : inexact) list += (list.empty() ? "" : ", ") + s;
    plan.inexact = "the inputs " + list +
                   " are not exact f32 values at every pixel and corner: the device's "
                   "interpolation may round them otherwise than Plumb's inputs";
  }
  std::string partner = "struct PlumbVertexOutput {\n" + members +
                        "}\n"
                        "@vertex fn main(@builtin(vertex_index) i: u32) -> PlumbVertexOutput {\n"
                        "  var result: PlumbVertexOutput;\n" +
                        body + "  return result;\n}\n";
  // The targets: one per @location output, 32 bits per component (r, rg or rgba).
  nlohmann::json targets = nlohmann::json::array();
  std::map<uint32_t, std::pair<TypeKind, int>> outputs;
  for (const LocatedDatum& d : entry.outputs.located) {
    auto shape = numericShape(types, d.type);
    if (!shape || shape->first == TypeKind::F16) {
      whyNot = "output @location(" + std::to_string(d.location) +
               ") is not an f32, i32 or u32 scalar or vector";
      return std::nullopt;
    }
    outputs[d.location] = *shape;
  }
  for (const auto& [location, shape] : outputs) {
    auto [kind, n] = shape;
    while (targets.size() < location) targets.push_back(nullptr);
    std::string channels = n == 1 ? "r" : n == 2 ? "rg" : "rgba";
    std::string bits = kind == TypeKind::F32   ? "32float"
                       : kind == TypeKind::I32 ? "32sint"
                                               : "32uint";
    targets.push_back({{"format", channels + bits}, {"components", n}});
    plan.outputs.push_back({location, n});
  }
  plan.fragDepth = entry.outputs.builtins.count("frag_depth") > 0;
  plan.runner = {{"size", {width, height}},
                 {"vertex", {{"wgsl", partner}, {"entry", "main"}}},
                 {"vertexCount", 6},
                 {"frontFace", frontFacing.get<bool>() ? "cw" : "ccw"},
                 {"targets", targets},
                 {"depthStencil",
                  {{"format", plan.fragDepth ? "depth32float-stencil8" : "stencil8"},
                   {"depth", plan.fragDepth}}}};
  return plan;
}

}  // namespace plumb::oracle
