// `plumb wsl run` arguments and reports (see arguments.h).
#include "interpreter/wsl/arguments.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace plumb::wsl {
namespace {

std::optional<int64_t> integerText(const std::string& s) {
  if (s.empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  long long v = std::strtoll(s.c_str(), &end, 0);
  if (errno || !end || *end) return std::nullopt;
  return v;
}

}  // namespace

std::optional<Value> parseArgument(const CheckedProgram& p, const TypeP& t,
                                   const std::string& textIn, std::string& error) {
  std::string text = textIn;
  if (auto colon = text.find(':'); colon != std::string::npos) {
    std::string name = text.substr(0, colon);
    if (name != typeName(*t)) {
      error = "'" + textIn + "' is a " + name + ", the parameter is " + typeName(*t);
      return std::nullopt;
    }
    text = text.substr(colon + 1);
  }
  switch (t->kind) {
    case Type::Kind::Bool:
      if (text == "true" || text == "false") return Value::makeBool(text == "true");
      break;
    case Type::Kind::Int:
      if (auto v = integerText(text); v && *v >= INT32_MIN && *v <= INT32_MAX)
        return Value::makeInt(int32_t(*v));
      break;
    case Type::Kind::Uint: {
      std::string s = !text.empty() && text.back() == 'u' ? text.substr(0, text.size() - 1) : text;
      if (auto v = integerText(s); v && *v >= 0 && *v <= int64_t(UINT32_MAX))
        return Value::makeUint(uint32_t(*v));
      break;
    }
    case Type::Kind::Uchar:
    case Type::Kind::Char:
    case Type::Kind::Short:
    case Type::Kind::Ushort: {
      const uint32_t w = integerWidth(*t);
      const int64_t lo = isSignedInteger(*t) ? -(int64_t(1) << (w - 1)) : 0;
      const int64_t hi = isSignedInteger(*t) ? (int64_t(1) << (w - 1)) - 1 : (int64_t(1) << w) - 1;
      if (auto v = integerText(text); v && *v >= lo && *v <= hi) return Value::makeInteger(t, *v);
      break;
    }
    case Type::Kind::Half: {
      errno = 0;
      char* end = nullptr;
      float f = std::strtof(text.c_str(), &end);
      if (!text.empty() && end && !*end) return Value::makeHalf(f);
      break;
    }
    case Type::Kind::Float: {
      std::string s = !text.empty() && text.back() == 'f' ? text.substr(0, text.size() - 1) : text;
      if (s == "NaN" || s == "nan") return Value::makeFloat(std::nanf(""));
      if (s == "Infinity" || s == "inf") return Value::makeFloat(INFINITY);
      if (s == "-Infinity" || s == "-inf") return Value::makeFloat(-INFINITY);
      errno = 0;
      char* end = nullptr;
      float f = std::strtof(s.c_str(), &end);
      if (!s.empty() && end && !*end) return Value::makeFloat(f);
      break;
    }
    case Type::Kind::Enum: {
      const EnumInfo& en = p.enums[size_t(t->declaration)];
      for (const auto& [name, v] : en.elements)
        if (text == name || text == en.name + "." + name) return Value::makeEnum(t, v);
      if (auto v = integerText(text); v && en.valid(*v)) return Value::makeEnum(t, *v);
      break;
    }
    default:
      // A vector, matrix, array or structure is not a scalar's text: say how to write it
      // (docs/wsl.md, "Arguments") rather than only that this text is not it.
      error = "an argument of type " + typeName(*t) +
              " is written as JSON: json:[...] for a vector, matrix, array or structure "
              "(json:[1, 2, 3] for an int3), @FILE for a file's text (docs/wsl.md)";
      return std::nullopt;
  }
  error = "'" + textIn + "' is not a value of type " + typeName(*t);
  return std::nullopt;
}

namespace {

// A texture (the RI's fixture object) or a sampler (its options object) as a resource of
// `resources`.
std::optional<Value> resourceArgument(const TypeP& t, const nlohmann::json& j, Resources& resources,
                                      std::string& error) {
  if (t->kind == Type::Kind::Texture) {
    std::optional<TextureData> d = j.is_object() ? textureFromFixture(j, error) : std::nullopt;
    if (!d) {
      if (error.empty()) error = "a texture is the RI's fixture object {\"maker\", ...}";
      return std::nullopt;
    }
    if (!sameType(d->type(), t)) {
      error = "the texture is a " + typeName(*d->type()) + ", the parameter a " + typeName(*t);
      return std::nullopt;
    }
    resources.textures.push_back(std::move(*d));
    return Value::makeResource(t, int64_t(resources.textures.size() - 1));
  }
  if (j.is_string() && (j.get<std::string>() == "sampler" || j.get<std::string>() == "default")) {
    resources.samplers.push_back(SamplerData{});
    return Value::makeResource(t, int64_t(resources.samplers.size() - 1));
  }
  if (!j.is_object()) {
    error = "a sampler is the RI's options object {\"magFilter\": ..}";
    return std::nullopt;
  }
  resources.samplers.push_back(samplerFromOptions(j));
  return Value::makeResource(t, int64_t(resources.samplers.size() - 1));
}

}  // namespace

std::optional<Value> jsonArgument(const CheckedProgram& p, const TypeP& t, const nlohmann::json& j,
                                  std::string& error, Resources* resources) {
  if (resources && (t->kind == Type::Kind::Texture || t->kind == Type::Kind::Sampler))
    return resourceArgument(t, j, *resources, error);
  auto aggregate = [&](const std::vector<TypeP>& types) -> std::optional<Value> {
    if (!j.is_array() || j.size() != types.size()) {
      error = "a value of type " + typeName(*t) + " is an array of " +
              std::to_string(types.size()) + " elements";
      return std::nullopt;
    }
    Value v;
    v.kind = Value::Kind::Aggregate;
    v.type = t;
    for (size_t k = 0; k < types.size(); ++k) {
      std::optional<Value> e = jsonArgument(p, types[k], j[k], error, resources);
      if (!e) return std::nullopt;
      v.elements.push_back(*e);
    }
    return v;
  };
  switch (t->kind) {
    case Type::Kind::Vector:
    case Type::Kind::Matrix:
    case Type::Kind::Array:
      return aggregate(std::vector<TypeP>(t->size, t->element));
    case Type::Kind::Struct: {
      std::vector<TypeP> fields;
      if (t->declaration >= 0 && size_t(t->declaration) < p.structs.size())
        for (const StructInfo::Field& f : p.structs[size_t(t->declaration)].fields)
          fields.push_back(f.type);
      return aggregate(fields);
    }
    default:
      return parseArgument(p, t, j.is_string() ? j.get<std::string>() : j.dump(), error);
  }
}

namespace {

// One argument of `--args` for the parameter type `t`: a scalar's text, or JSON (docs/wsl.md,
// "Arguments"). `index` is the argument's position (its buffer's address and name).
// `json:TEXT` is TEXT as JSON: on the command line CLI11 splits a bare `[a, b]` into arguments.
std::optional<Value> hostArgument(const CheckedProgram& p, const TypeP& t,
                                  const std::string& argument, size_t index, HostArguments& host,
                                  std::string& error) {
  const std::string text = argument.rfind("json:", 0) == 0 ? argument.substr(5) : argument;
  const bool json = !text.empty() && (text.front() == '[' || text.front() == '{');
  if (!json) {
    if (t->kind == Type::Kind::Sampler && (text == "sampler" || text == "default")) {
      host.resources.samplers.push_back(SamplerData{});
      return Value::makeResource(t, int64_t(host.resources.samplers.size() - 1));
    }
    if (t->kind == Type::Kind::Pointer || t->kind == Type::Kind::ArrayRef) {
      error = "the buffer behind a " + typeName(*t) +
              " is a non-empty JSON array of its elements (json:[..])";
      return std::nullopt;
    }
    if (t->kind == Type::Kind::Texture) {
      error = "a texture is the RI's fixture object {\"maker\", ...}";
      return std::nullopt;
    }
    return parseArgument(p, t, text, error);
  }
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) {
    error = "'" + text + "' is not JSON";
    return std::nullopt;
  }
  if (t->kind == Type::Kind::Texture || t->kind == Type::Kind::Sampler)
    return resourceArgument(t, j, host.resources, error);
  if (t->kind == Type::Kind::Pointer || t->kind == Type::Kind::ArrayRef) {
    // A host buffer: its elements at consecutive strides, above the program's store identifiers
    // (1 MiB per argument); a pointer points at the first, an array reference spans them all.
    if (!j.is_array() || j.empty()) {
      error = "the buffer behind a " + typeName(*t) + " is a non-empty JSON array of its elements";
      return std::nullopt;
    }
    const TypeP& element = t->element;
    const Address stride = std::max<Address>(1, sizeOf(p, *element));
    const Address base = (Address(1) << 40) + Address(index) * (Address(1) << 20);
    if (stride * j.size() > (Address(1) << 20)) {
      error = "a host buffer holds at most 1 MiB";
      return std::nullopt;
    }
    for (size_t k = 0; k < j.size(); ++k) {
      std::optional<Value> e = jsonArgument(p, element, j[k], error);
      if (!e) return std::nullopt;
      host.initialMemory.push_back({base + k * stride, *e});
      host.observe.push_back({base + k * stride, element});
      host.observeNames.push_back("arg" + std::to_string(index) + "[" + std::to_string(k) + "]");
    }
    if (t->kind == Type::Kind::Pointer) return Value::makePtr(base, t->space, element);
    return Value::makeRef(base, uint32_t(j.size()), t->space, element);
  }
  return jsonArgument(p, t, j, error, &host.resources);
}

}  // namespace

std::optional<std::vector<Value>> typedArguments(const CheckedProgram& p, const std::string& name,
                                                 const std::vector<std::string>& texts,
                                                 std::string& error, HostArguments* host) {
  std::vector<int> candidates = entryCandidates(p, name, texts.size());
  if (candidates.empty()) {
    error = "no function '" + name + "' with " + std::to_string(texts.size()) + " parameters";
    return std::nullopt;
  }
  std::vector<std::pair<std::vector<Value>, HostArguments>> matches;
  std::string lastError;
  for (int id : candidates) {
    const Function& f = p.functions[size_t(id)];
    std::vector<Value> values;
    HostArguments local;
    bool ok = true;
    for (size_t i = 0; i < texts.size() && ok; ++i) {
      std::optional<Value> v = host
                                   ? hostArgument(p, f.parameters[i], texts[i], i, local, lastError)
                                   : parseArgument(p, f.parameters[i], texts[i], lastError);
      if (v)
        values.push_back(*v);
      else
        ok = false;
    }
    if (ok) matches.push_back({values, std::move(local)});
  }
  if (matches.size() == 1) {
    if (host) {
      *host = std::move(matches.front().second);
      // The texels of the RW textures after the call (Store writes them, W48).
      for (const RwTexel& t : rwTexels(host->resources)) {
        host->observe.push_back({t.address, t.value.type});
        host->observeNames.push_back(t.name);
      }
    }
    return matches.front().first;
  }
  error = matches.empty() ? lastError
                          : "the arguments fit " + std::to_string(matches.size()) +
                                " overloads of '" + name + "': write them as TYPE:VALUE";
  return std::nullopt;
}

nlohmann::json valueJson(const Value& v) {
  nlohmann::json j;
  j["type"] = v.type ? typeName(*v.type) : "void";
  if (v.unspecified) {
    j["unspecified"] = true;
    // A bounded float: any value of its type in [lo, hi] (W45).
    if (v.bounded) {
      auto bound = [](float x) -> nlohmann::json {
        if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
        return double(x);
      };
      j["range"] = nlohmann::json::array({bound(v.real), bound(v.high)});
    }
    return j;
  }
  switch (v.kind) {
    case Value::Kind::Void:
      j["value"] = nullptr;
      break;
    case Value::Kind::Bool:
      j["value"] = v.integer != 0;
      break;
    case Value::Kind::Float:
      if (std::isnan(v.real))
        j["value"] = "NaN";
      else if (std::isinf(v.real))
        j["value"] = v.real > 0 ? "Infinity" : "-Infinity";
      else
        j["value"] = double(v.real);
      break;
    case Value::Kind::Aggregate: {
      nlohmann::json a = nlohmann::json::array();
      for (const Value& e : v.elements) a.push_back(valueJson(e));
      j["elements"] = a;
      break;
    }
    case Value::Kind::Ptr:
    case Value::Kind::Ref:
    case Value::Kind::LVal:
      j["value"] = valueText(v);
      break;
    default:
      j["value"] = v.integer;
      break;
  }
  return j;
}

namespace {
std::string observeName(const std::vector<std::string>& names, size_t i) {
  return i < names.size() ? names[i] : "#" + std::to_string(i);
}
}  // namespace

std::string runReportText(const RunResult& r, const std::vector<std::string>& observeNames) {
  if (!r.error.empty()) return "error: " + r.error + "\n";
  std::string s;
  s += std::to_string(r.outcomes.size()) + (r.outcomes.size() == 1 ? " outcome" : " outcomes") +
       " in " + std::to_string(r.executions) + (r.executions == 1 ? " execution" : " executions") +
       (r.executionLimitReached ? " (execution limit reached: the set may be incomplete)" : "") +
       "\n";
  for (const Outcome& o : r.outcomes) {
    s += "  " + std::string(statusName(o.status));
    if (o.status == Outcome::Status::Returned) s += " " + valueText(o.value);
    if (o.status == Outcome::Status::Stuck) s += ": no rule reduces " + o.stuckTerm;
    if (o.status == Outcome::Status::Unsupported) s += ": " + o.unsupported;
    s += "  (" + std::to_string(o.executions) +
         (o.executions == 1 ? " execution, " : " executions, ") + std::to_string(o.steps) +
         " steps)";
    if (!o.observed.empty()) {
      s += "\n      memory:";
      for (size_t i = 0; i < o.observed.size(); ++i)
        s += " " + observeName(observeNames, i) + "=" + valueText(o.observed[i]);
    }
    for (const std::string& c : o.choices)
      if (!c.empty()) s += "\n      choice: " + c;
    s += "\n";
  }
  return s;
}

nlohmann::json runReportJson(const RunResult& r, const std::string& entry,
                             const std::vector<std::string>& observeNames) {
  nlohmann::json j = {{"format", "plumb-wsl-run"}, {"version", 3}, {"entry", entry}};
  if (!r.error.empty()) {
    j["error"] = r.error;
    return j;
  }
  j["executions"] = r.executions;
  j["executionLimitReached"] = r.executionLimitReached;
  nlohmann::json outs = nlohmann::json::array();
  for (const Outcome& o : r.outcomes) {
    nlohmann::json x = {
        {"status", statusName(o.status)}, {"executions", o.executions}, {"steps", o.steps}};
    if (o.status == Outcome::Status::Returned) x["value"] = valueJson(o.value);
    if (o.status == Outcome::Status::Stuck) x["stuck"] = o.stuckTerm;
    if (o.status == Outcome::Status::Unsupported) x["unsupported"] = o.unsupported;
    nlohmann::json choices = nlohmann::json::array();
    for (const std::string& c : o.choices)
      if (!c.empty()) choices.push_back(c);
    x["choices"] = choices;
    nlohmann::json observed = nlohmann::json::array();
    for (size_t i = 0; i < o.observed.size(); ++i) {
      nlohmann::json m = valueJson(o.observed[i]);
      m["location"] = observeName(observeNames, i);
      observed.push_back(m);
    }
    x["observed"] = observed;
    outs.push_back(x);
  }
  j["outcomes"] = outs;
  nlohmann::json rules = nlohmann::json::array();
  for (const std::string& rule : r.rulesFired) rules.push_back(rule);
  j["rulesFired"] = rules;
  return j;
}

}  // namespace plumb::wsl
