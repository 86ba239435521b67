// `plumb wsl run` arguments and reports (see arguments.h).
#include "interpreter/wsl/arguments.h"

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
      error = "Plumb cannot pass an argument of type " + typeName(*t) + " from the command line";
      return std::nullopt;
  }
  error = "'" + textIn + "' is not a value of type " + typeName(*t);
  return std::nullopt;
}

std::optional<std::vector<Value>> typedArguments(const CheckedProgram& p, const std::string& name,
                                                 const std::vector<std::string>& texts,
                                                 std::string& error) {
  std::vector<int> candidates = entryCandidates(p, name, texts.size());
  if (candidates.empty()) {
    error = "no function '" + name + "' with " + std::to_string(texts.size()) + " parameters";
    return std::nullopt;
  }
  std::vector<std::vector<Value>> matches;
  std::string lastError;
  for (int id : candidates) {
    const Function& f = p.functions[size_t(id)];
    std::vector<Value> values;
    bool ok = true;
    for (size_t i = 0; i < texts.size() && ok; ++i) {
      std::optional<Value> v = parseArgument(p, f.parameters[i], texts[i], lastError);
      if (v)
        values.push_back(*v);
      else
        ok = false;
    }
    if (ok) matches.push_back(values);
  }
  if (matches.size() == 1) return matches.front();
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

std::string runReportText(const RunResult& r) {
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
    s += "  (" + std::to_string(o.executions) +
         (o.executions == 1 ? " execution, " : " executions, ") + std::to_string(o.steps) +
         " steps)";
    for (const std::string& c : o.choices)
      if (!c.empty()) s += "\n      choice: " + c;
    s += "\n";
  }
  return s;
}

nlohmann::json runReportJson(const RunResult& r, const std::string& entry) {
  nlohmann::json j = {{"format", "plumb-wsl-run"}, {"version", 1}, {"entry", entry}};
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
    nlohmann::json choices = nlohmann::json::array();
    for (const std::string& c : o.choices)
      if (!c.empty()) choices.push_back(c);
    x["choices"] = choices;
    outs.push_back(x);
  }
  j["outcomes"] = outs;
  nlohmann::json rules = nlohmann::json::array();
  for (const std::string& rule : r.rulesFired) rules.push_back(rule);
  j["rulesFired"] = rules;
  return j;
}

}  // namespace plumb::wsl
