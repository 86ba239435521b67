// The fragment stage's invocations (#shader-stages-sec "fragment"): one per fragment of the
// bindings' `fragment` section (a viewport, or a list of pixels), in 2x2 quads completed by
// helper invocations (new#fragment-shaders-helper-invocations), with the built-in inputs
// position, front_facing, sample_index and sample_mask (#builtin-values) and each @location
// input as a constant, a linear function of the pixel (an interpolated value) or a value per
// fragment (docs/formats.md). And the quads' rule: the derivatives (#derivatives).
#include <algorithm>
#include <cmath>
#include <ostream>
#include <set>

#include "interpreter/wgsl/quad.h"
#include "interpreter/wgsl/quad_sampling.h"
#include "interpreter/wgsl/stage.h"

namespace plumb::interp {

using namespace plumb::ast;

namespace {

/// One input of the section: the same value at every pixel, a linear function of the pixel
/// (`at` the value at pixel (0, 0), `ddx` and `ddy` its change per pixel), or one value per
/// listed fragment (helper invocations: any value).
struct InputForm {
  enum Kind : uint8_t { Constant, Linear, PerFragment } kind = Constant;
  nlohmann::json at, ddx, ddy;
  std::vector<nlohmann::json> values;
};

std::optional<InputForm> inputForm(const nlohmann::json& j, size_t fragments,
                                   const std::string& what, std::vector<std::string>& errors) {
  InputForm f;
  if (j.is_number() || j.is_array()) {
    f.at = j;
    return f;
  }
  if (j.is_object() && j.contains("at")) {
    f.kind = InputForm::Linear;
    f.at = j["at"];
    f.ddx = j.value("ddx", nlohmann::json());
    f.ddy = j.value("ddy", nlohmann::json());
    return f;
  }
  if (j.is_object() && j.contains("values") && j["values"].is_array()) {
    f.kind = InputForm::PerFragment;
    if (j["values"].size() != fragments) {
      errors.push_back("fragment: " + what + " has " + std::to_string(j["values"].size()) +
                       " values; the draw has " + std::to_string(fragments) + " fragments");
      return std::nullopt;
    }
    for (const nlohmann::json& v : j["values"]) f.values.push_back(v);
    return f;
  }
  errors.push_back("fragment: " + what +
                   " must be a value, {\"at\", \"ddx\", \"ddy\"} or {\"values\": [...]}, not " +
                   j.dump());
  return std::nullopt;
}

/// at + ddx·x + ddy·y, component by component (absent ddx, ddy: zero).
nlohmann::json linearAt(const nlohmann::json& at, const nlohmann::json& ddx,
                        const nlohmann::json& ddy, int64_t x, int64_t y) {
  if (at.is_array()) {
    nlohmann::json out = nlohmann::json::array();
    for (size_t k = 0; k < at.size(); ++k) {
      nlohmann::json dx = ddx.is_array() && k < ddx.size() ? ddx[k] : nlohmann::json();
      nlohmann::json dy = ddy.is_array() && k < ddy.size() ? ddy[k] : nlohmann::json();
      out.push_back(linearAt(at[k], dx, dy, x, y));
    }
    return out;
  }
  if (!at.is_number()) return at;
  double v = at.get<double>() + (ddx.is_number() ? ddx.get<double>() * double(x) : 0.0) +
             (ddy.is_number() ? ddy.get<double>() * double(y) : 0.0);
  return v;
}

/// The input's value of type `t` at pixel (x, y), for listed fragment `k` (SIZE_MAX: a helper).
std::optional<RValue> inputAt(TypeTable& types, Type t, const InputForm& f, int64_t x, int64_t y,
                              size_t k, const std::string& what, std::vector<std::string>& errors) {
  nlohmann::json j;
  switch (f.kind) {
    case InputForm::Constant:
      j = f.at;
      break;
    case InputForm::Linear:
      j = linearAt(f.at, f.ddx, f.ddy, x, y);
      break;
    case InputForm::PerFragment:
      // A helper invocation's inputs are not given: any value of the type.
      if (k == SIZE_MAX) return anyValueOf(types, t);
      j = f.values[k];
      break;
  }
  std::string error;
  std::optional<RValue> v = stageInputValue(types, t, j, error);
  if (!v)
    errors.push_back("fragment: " + what + " at pixel (" + std::to_string(x) + ", " +
                     std::to_string(y) + "): " + error);
  return v;
}

bool pixelIndex(const nlohmann::json& j) {
  return j.is_number_integer() && j.get<int64_t>() >= 0 && j.get<int64_t>() < (1 << 14);
}

}  // namespace

StageInvocations fragmentInvocations(Program& program, uint32_t entry,
                                     const nlohmann::json& bindings,
                                     std::vector<std::string>& errors) {
  StageInvocations draw;
  draw.stage = ShaderStage::Fragment;
  TypeTable& types = program.checked.types;
  nlohmann::json section = bindings.is_object() && bindings.contains("fragment")
                               ? bindings["fragment"]
                               : nlohmann::json::object();
  if (!section.is_object() ||
      section.value("version", kStageInputsVersion) != kStageInputsVersion) {
    errors.push_back("the bindings' 'fragment' section is not an object of version " +
                     std::to_string(kStageInputsVersion) + " (docs/formats.md)");
    return draw;
  }
  // The fragments: every pixel of the viewport, or the listed ones.
  struct Fragment {
    int64_t x = 0, y = 0;
    nlohmann::json overrides;  // per-fragment frontFacing, sampleMask, sampleIndex
  };
  std::vector<Fragment> fragments;
  if (section.contains("viewport")) {
    const nlohmann::json& v = section["viewport"];
    if (!v.is_array() || v.size() != 2 || !pixelIndex(v[0]) || !pixelIndex(v[1]) ||
        v[0].get<int64_t>() * v[1].get<int64_t>() > (1 << 20) || v[0].get<int64_t>() == 0 ||
        v[1].get<int64_t>() == 0) {
      errors.push_back("fragment: 'viewport' must be [width, height], at most 2^20 pixels");
      return draw;
    }
    draw.width = v[0].get<uint32_t>();
    draw.height = v[1].get<uint32_t>();
  }
  if (section.contains("fragments")) {
    if (!section["fragments"].is_array()) {
      errors.push_back("fragment: 'fragments' must be an array of [x, y] or {\"x\", \"y\", ...}");
      return draw;
    }
    std::set<std::pair<int64_t, int64_t>> seen;
    for (const nlohmann::json& f : section["fragments"]) {
      Fragment frag;
      if (f.is_array() && f.size() == 2 && pixelIndex(f[0]) && pixelIndex(f[1])) {
        frag.x = f[0].get<int64_t>();
        frag.y = f[1].get<int64_t>();
      } else if (f.is_object() && f.contains("x") && f.contains("y") && pixelIndex(f["x"]) &&
                 pixelIndex(f["y"])) {
        frag.x = f["x"].get<int64_t>();
        frag.y = f["y"].get<int64_t>();
        frag.overrides = f;
      } else {
        errors.push_back(
            "fragment: a fragment is [x, y] or {\"x\", \"y\", ...} with pixel indices below "
            "2^14: " +
            f.dump());
        continue;
      }
      if (draw.width && (frag.x >= draw.width || frag.y >= draw.height))
        errors.push_back("fragment: the fragment " + f.dump() + " is outside the viewport");
      if (!seen.insert({frag.x, frag.y}).second)
        errors.push_back("fragment: the pixel " + f.dump() + " is listed twice");
      fragments.push_back(std::move(frag));
    }
  } else {
    if (!draw.width) draw.width = draw.height = 1;
    for (int64_t y = 0; y < draw.height; ++y)
      for (int64_t x = 0; x < draw.width; ++x) fragments.push_back({x, y, {}});
  }
  if (!errors.empty()) return draw;

  // The inputs by location, and position's depth and w.
  StageInterface in = stageInterface(program, entry);
  const nlohmann::json inputs = section.value("inputs", nlohmann::json::object());
  if (!inputs.is_object()) {
    errors.push_back("fragment: 'inputs' must be an object keyed by location");
    return draw;
  }
  for (const auto& [key, a] : inputs.items()) {
    bool known = false;
    for (const auto& [l, t] : in.inputLocations) known = known || std::to_string(l) == key;
    if (!known)
      errors.push_back("fragment: input '" + key + "': the entry point has no input @location(" +
                       key + ")");
  }
  std::map<uint32_t, InputForm> forms;
  for (const auto& [l, t] : in.inputLocations) {
    std::string key = std::to_string(l);
    if (!inputs.contains(key)) {
      errors.push_back("fragment: no input for @location(" + key + ") (" + types.name(t) + ")");
      continue;
    }
    if (auto f = inputForm(inputs[key], fragments.size(), "input " + key, errors))
      forms.emplace(l, std::move(*f));
  }
  std::optional<InputForm> depth =
      inputForm(section.value("depth", nlohmann::json(0.0)), fragments.size(), "depth", errors);
  std::optional<InputForm> w =
      inputForm(section.value("w", nlohmann::json(1.0)), fragments.size(), "w", errors);
  auto flag = [&](const char* key, const nlohmann::json& fallback) {
    return section.value(key, fallback);
  };
  if (!errors.empty() || !depth || !w) return draw;

  // The quads: each fragment's 2x2 block, the positions without a fragment filled by helper
  // invocations (new#fragment-shaders-helper-invocations: "fragment processing will create a
  // helper invocation for each unpopulated position in the quad").
  std::map<std::pair<int64_t, int64_t>, size_t> listed;  // pixel (y, x) -> fragment index
  for (size_t k = 0; k < fragments.size(); ++k) listed[{fragments[k].y, fragments[k].x}] = k;
  std::set<std::pair<int64_t, int64_t>> pixels;  // (y, x), row-major
  for (const Fragment& f : fragments)
    for (uint32_t id = 0; id < 4; ++id)
      pixels.insert({(f.y & ~int64_t(1)) + (id >> 1), (f.x & ~int64_t(1)) + (id & 1)});
  std::map<std::pair<int64_t, int64_t>, uint32_t> quadOf;  // upper-left (y, x) -> quad
  Type f32 = types.f32();
  for (const auto& [y, x] : pixels) {
    auto it = listed.find({y, x});
    size_t k = it == listed.end() ? SIZE_MAX : it->second;
    StageInvocation si;
    si.helper = k == SIZE_MAX;
    si.who = std::string(si.helper ? "helper(" : "fragment(") + std::to_string(x) + "," +
             std::to_string(y) + ")";
    si.id = {{"x", x}, {"y", y}};
    nlohmann::json overrides = k == SIZE_MAX ? nlohmann::json::object() : fragments[k].overrides;
    if (!overrides.is_object()) overrides = nlohmann::json::object();
    // #builtin-values position: "Framebuffer position of the current fragment in framebuffer
    // space. The x, y, and z components are already scaled such that w is now 1" — the pixel
    // centre (x + 0.5, y + 0.5), the depth, and 1/w of the clip position (given, default 1).
    std::optional<RValue> z = inputAt(types, f32, *depth, x, y, k, "depth", errors);
    std::optional<RValue> wv = inputAt(types, f32, *w, x, y, k, "w", errors);
    if (!z || !wv) return draw;
    si.builtins.emplace("position", RValue{types.vector(4, f32),
                                           Components{RValue{f32, FloatSet::exact(double(x) + 0.5)},
                                                      RValue{f32, FloatSet::exact(double(y) + 0.5)},
                                                      std::move(*z), std::move(*wv)}});
    nlohmann::json frontFacing = overrides.value("frontFacing", flag("frontFacing", true));
    nlohmann::json sampleIndex = overrides.value("sampleIndex", flag("sampleIndex", 0));
    nlohmann::json sampleMask = overrides.value("sampleMask", flag("sampleMask", 1));
    if (!frontFacing.is_boolean()) {
      errors.push_back("fragment: 'frontFacing' must be true or false");
      return draw;
    }
    si.builtins.emplace("front_facing", RValue{types.boolType(), frontFacing.get<bool>()});
    for (auto [name, j] :
         {std::pair{"sample_index", &sampleIndex}, std::pair{"sample_mask", &sampleMask}}) {
      std::string error;
      std::optional<RValue> v = stageInputValue(types, types.u32(), *j, error);
      if (!v) {
        errors.push_back(std::string("fragment: ") + name + ": " + error);
        return draw;
      }
      si.builtins.emplace(name, std::move(*v));
    }
    for (const auto& [l, form] : forms) {
      std::optional<RValue> v = inputAt(types, in.inputLocations.at(l), form, x, y, k,
                                        "input " + std::to_string(l), errors);
      if (!v) return draw;
      si.locations.emplace(l, std::move(*v));
    }
    std::pair<int64_t, int64_t> origin{y & ~int64_t(1), x & ~int64_t(1)};
    auto [q, inserted] = quadOf.emplace(origin, static_cast<uint32_t>(draw.quads.size()));
    if (inserted) {
      draw.quads.push_back({UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX});
      draw.quadOrigins.push_back({origin.second, origin.first});
    }
    draw.quads[q->second][quadInvocationId(uint32_t(x), uint32_t(y))] =
        static_cast<uint32_t>(draw.invocations.size());
    draw.invocations.push_back(std::move(si));
  }
  return draw;
}

bool releaseQuads(Program& program, Configuration& config, const StageInvocations& draw,
                  std::vector<DivergentQuad>& divergent, StepResult& stop, std::ostream* trace,
                  uint64_t execution) {
  CheckedModule& cm = program.checked;
  TypeTable& types = cm.types;
  bool released = false;
  auto where = [&](uint32_t call) {
    return program.module.file().positionText(
        program.module.expressions[ExpressionId{call}].span.begin);
  };
  for (size_t q = 0; q < draw.quads.size(); ++q) {
    const std::array<uint32_t, 4>& members = draw.quads[q];
    uint32_t call = UINT32_MAX;
    bool uniform = true, waiting = false;
    for (uint32_t i : members) {
      const Invocation& inv = config.invocations[i];
      if (inv.status != InvocationStatus::AtBarrier) {
        uniform = false;
        continue;
      }
      if (waiting && inv.barrier != call) uniform = false;
      waiting = true;
      call = inv.barrier;
    }
    if (!waiting) continue;
    released = true;
    if (uniform && isImplicitLodCall(program, call)) {
      // #derivatives, #texturesample: the four invocations sample together, each with the
      // quad's derivatives of the coordinates (quad_sampling.h).
      QuadSamples r = implicitLodSamples(program, config, members, call);
      if (!r.error.empty()) {
        stop = StepResult(Stop::internal(r.error));
        return true;
      }
      for (uint32_t id = 0; id < 4; ++id) {
        Invocation& inv = config.invocations[members[id]];
        inv.collective.clear();
        inv.values.push_back(std::move(r.results[id]));
        inv.status = InvocationStatus::Running;
      }
      if (trace)
        *trace << "[" << execution << "] quad(" << draw.quadOrigins[q][0] << ","
               << draw.quadOrigins[q][1] << ") " << rule(r.rule).name << "  " << where(call)
               << "\n";
      continue;
    }
    if (uniform) {
      // #derivatives: the four invocations are at the same call — the quad computes it.
      const Overload* o = cm.calls[call];
      Type t = cm.expressions[call].type;
      std::array<RValue, 4> values;
      for (uint32_t id = 0; id < 4; ++id) {
        Invocation& inv = config.invocations[members[id]];
        values[id] = std::move(inv.values.back());
        inv.values.pop_back();
      }
      QuadResults r = derivativeBuiltin(types, o ? o->row->name : "", t, values);
      if (!r.error.empty()) {
        stop = StepResult(Stop::unsupported(o ? std::string(o->row->name) : "derivative",
                                            "derivative-builtin-functions", r.error));
        return true;
      }
      // Revision 2026's accuracy table (Revision::currentAccuracyTable, new#concrete-float-
      // accuracy): the derivative built-ins are "Infinite ULP", any value of the type; the
      // seed gives them no row (the differences' subtraction: docs/ambiguities.md D3).
      if (program.module.revision().currentAccuracyTable)
        for (RValue& v : r.results) v = anyValueOf(types, t);
      for (uint32_t id = 0; id < 4; ++id) {
        Invocation& inv = config.invocations[members[id]];
        r.results[id].type = t;
        inv.values.push_back(std::move(r.results[id]));
        inv.status = InvocationStatus::Running;
      }
      if (trace)
        *trace << "[" << execution << "] quad(" << draw.quadOrigins[q][0] << ","
               << draw.quadOrigins[q][1] << ") " << rule(r.rule).name << "  " << where(call)
               << "\n";
      continue;
    }
    // Not every invocation of the quad is at this call: the call is in non-uniform control
    // flow. new#derivatives: "the result is an indeterminate value" (adopted for the seed,
    // which makes it a shader-creation error its analysis does not always catch:
    // docs/ambiguities.md D1). Every waiting invocation goes on with any value, and the
    // outcome records the quad.
    std::map<uint32_t, DivergentQuad> byCall;
    for (uint32_t id = 0; id < 4; ++id) {
      Invocation& inv = config.invocations[members[id]];
      if (inv.status != InvocationStatus::AtBarrier) continue;
      DivergentQuad& d = byCall[inv.barrier];
      d.origin = draw.quadOrigins[q];
      d.call = where(inv.barrier);
      const Overload* o = cm.calls[inv.barrier];
      d.function = o ? std::string(o->row->name) : "";
      d.waiting.push_back(id);
      Type t = cm.expressions[inv.barrier].type;
      RValue any = anyValueOf(types, t);
      any.type = t;
      if (isImplicitLodCall(program, inv.barrier)) {
        // The sample's arguments wait in `collective`; its value is indeterminate too
        // (new#derivatives: "the builtin functions that compute a derivative" include the
        // implicit-LOD samples; docs/ambiguities.md T12).
        inv.collective.clear();
        inv.values.push_back(std::move(any));
      } else {
        inv.values.back() = std::move(any);
      }
      inv.status = InvocationStatus::Running;
    }
    for (auto& [c, d] : byCall) {
      for (uint32_t id = 0; id < 4; ++id)
        if (std::find(d.waiting.begin(), d.waiting.end(), id) == d.waiting.end())
          d.elsewhere.push_back(id);
      if (trace)
        *trace << "[" << execution << "] quad(" << d.origin[0] << "," << d.origin[1] << ") "
               << rule(RuleId::DerivativeDivergentQuad).name << "  " << d.call << "\n";
      divergent.push_back(std::move(d));
    }
  }
  return released;
}

}  // namespace plumb::interp
