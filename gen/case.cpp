#include "gen/case.h"

#include <cctype>

namespace plumb::gen {

const char* sideName(Side s) {
  return s == Side::Valid ? "valid" : "invalid";
}

namespace {

const char* kindName(CaseKind k) {
  switch (k) {
    case CaseKind::Validation:
      return "validation";
    case CaseKind::Run:
      return "run";
    case CaseKind::Explore:
      return "explore";
  }
  return "";
}

std::optional<CaseKind> kindFromName(const std::string& s) {
  if (s == "validation") return CaseKind::Validation;
  if (s == "run") return CaseKind::Run;
  if (s == "explore") return CaseKind::Explore;
  return std::nullopt;
}

}  // namespace

std::string slug(std::string_view text) {
  std::string out;
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u))
      out += static_cast<char>(std::tolower(u));
    else if (!out.empty() && out.back() != '-')
      out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

std::string caseFileName(const GeneratedCase& c) {
  return c.name + ".json";
}

nlohmann::json toJson(const GeneratedCase& c) {
  nlohmann::json j;
  j["format"] = kCaseFormat;
  j["version"] = kCaseVersion;
  j["name"] = c.name;
  j["family"] = c.family;
  j["revision"] = c.revision;
  j["kind"] = kindName(c.kind);
  if (!c.description.empty()) j["description"] = c.description;
  j["rule"] = {{"anchor", c.rule.anchor},
               {"row", c.rule.row},
               {"rowId", c.rule.rowId},
               {"side", sideName(c.rule.side)}};
  nlohmann::json options = nlohmann::json::object();
  if (c.options.strictUniformity) options["strictUniformity"] = true;
  if (c.options.pipelineCreation) options["pipelineCreation"] = true;
  if (c.options.literalShiftRight) options["literalShiftRight"] = true;
  if (!c.options.overrides.empty()) {
    nlohmann::json o = nlohmann::json::object();
    for (const auto& [k, v] : c.options.overrides) o[k] = v;
    options["overrides"] = o;
  }
  j["options"] = options;
  j["wgsl"] = c.wgsl;
  if (c.dispatch) {
    j["entry"] = c.dispatch->entry;
    j["dispatch"] = c.dispatch->workgroups;
    j["bindings"] = c.dispatch->bindings;
  }
  if (!c.twin.empty()) j["twin"] = c.twin;
  j["expect"] = c.expect;
  j["derivation"] = c.derivation;
  return j;
}

std::optional<GeneratedCase> caseFromJson(const nlohmann::json& j, std::string& error) {
  if (!j.is_object() || j.value("format", "") != kCaseFormat ||
      j.value("version", 0) != kCaseVersion) {
    error = "not a plumb-case v1 document (\"format\": \"plumb-case\", \"version\": 1)";
    return std::nullopt;
  }
  GeneratedCase c;
  try {
    c.name = j.at("name").get<std::string>();
    c.family = j.at("family").get<std::string>();
    c.revision = j.value("revision", "2022-06");
    std::optional<CaseKind> kind = kindFromName(j.value("kind", "validation"));
    if (!kind) {
      error = "\"kind\" must be validation, run or explore";
      return std::nullopt;
    }
    c.kind = *kind;
    c.description = j.value("description", "");
    const nlohmann::json& rule = j.at("rule");
    c.rule.anchor = rule.at("anchor").get<std::string>();
    c.rule.row = rule.value("row", "");
    c.rule.rowId = rule.value("rowId", "");
    std::string side = rule.value("side", "valid");
    if (side != "valid" && side != "invalid") {
      error = "\"rule\".\"side\" must be valid or invalid";
      return std::nullopt;
    }
    c.rule.side = side == "valid" ? Side::Valid : Side::Invalid;
    if (j.contains("options")) {
      const nlohmann::json& o = j["options"];
      c.options.strictUniformity = o.value("strictUniformity", false);
      c.options.pipelineCreation = o.value("pipelineCreation", false);
      c.options.literalShiftRight = o.value("literalShiftRight", false);
      if (o.contains("overrides"))
        for (const auto& [k, v] : o["overrides"].items())
          c.options.overrides.emplace_back(k, v.get<std::string>());
    }
    c.wgsl = j.at("wgsl").get<std::string>();
    if (j.contains("entry")) {
      Dispatch d;
      d.entry = j["entry"].get<std::string>();
      if (j.contains("dispatch")) d.workgroups = j["dispatch"].get<std::array<uint32_t, 3>>();
      if (j.contains("bindings")) d.bindings = j["bindings"];
      c.dispatch = std::move(d);
    }
    c.twin = j.value("twin", "");
    c.expect = j.at("expect");
    if (j.contains("derivation")) c.derivation = j["derivation"];
  } catch (const nlohmann::json::exception& e) {
    error = std::string("malformed plumb-case: ") + e.what();
    return std::nullopt;
  }
  return c;
}

}  // namespace plumb::gen
