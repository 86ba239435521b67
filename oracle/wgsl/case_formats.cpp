// Reading `plumb-oracle-case` v1 and `plumb-case` v1 files (docs/oracle.md, docs/formats.md).
#include "oracle/wgsl/case_formats.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "gen/case.h"
#include "semantics/wgsl/revision.h"

namespace plumb::oracle::detail {

namespace fs = std::filesystem;

bool readText(const fs::path& p, std::string& out) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  out = s.str();
  return true;
}

std::optional<double> constantValue(const std::string& text) {
  if (text == "true") return 1.0;
  if (text == "false") return 0.0;
  if (text.empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  double x = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(x)) return std::nullopt;
  return x;
}

namespace {

bool fail(OracleCase& c, std::string message) {
  c.error = std::move(message);
  return false;
}

/// "wgsl" (the text) or "source" (a path relative to the case file).
bool readProgram(const nlohmann::json& j, const fs::path& path, OracleCase& c) {
  if (j.contains("wgsl") && j["wgsl"].is_string()) {
    c.wgsl = j["wgsl"].get<std::string>();
    return true;
  }
  if (j.contains("source") && j["source"].is_string()) {
    fs::path src = path.parent_path() / j["source"].get<std::string>();
    if (!readText(src, c.wgsl)) return fail(c, "cannot read the source '" + src.string() + "'");
    c.wgslFile = src.string();
    return true;
  }
  return fail(
      c, "'" + path.string() + "': give the program as \"wgsl\" (text) or \"source\" (a path)");
}

/// "entry", "dispatch" and "bindings", as both formats write them.
bool readRunFields(const nlohmann::json& j, const fs::path& path, OracleCase& c,
                   nlohmann::json& bindings, nlohmann::json& stageInputs) {
  if (j.contains("entry")) {
    if (!j["entry"].is_string()) return fail(c, "\"entry\" must be a string");
    c.entry = j["entry"].get<std::string>();
  }
  if (j.contains("dispatch")) {
    const nlohmann::json& d = j["dispatch"];
    if (!d.is_array() || d.empty() || d.size() > 3)
      return fail(c, "\"dispatch\" must be [x], [x, y] or [x, y, z]");
    for (size_t i = 0; i < d.size(); ++i) {
      std::optional<uint64_t> n = asUnsigned(d[i]);
      if (!n || *n == 0 || *n > 65535)
        return fail(c, "\"dispatch\" counts must be integers 1..65535");
      c.dispatch[i] = static_cast<uint32_t>(*n);
    }
  }
  if (j.contains("bindings")) {
    nlohmann::json b = j["bindings"];
    if (b.is_string()) {
      fs::path bp = path.parent_path() / b.get<std::string>();
      std::string btext;
      if (!readText(bp, btext)) return fail(c, "cannot read the bindings '" + bp.string() + "'");
      b = nlohmann::json::parse(btext, nullptr, false);
    }
    if (b.is_object() && b.value("format", "") == "plumb-bindings") {
      // A draw's stage inputs (docs/formats.md, the `vertex` and `fragment` sections).
      for (const char* stage : {"vertex", "fragment"})
        if (b.contains(stage)) stageInputs[stage] = b[stage];
      if (b.contains("immediates")) c.immediatesGiven = b["immediates"];  // version 3
      b = b.value("bindings", nlohmann::json());
    }
    if (!b.is_array())
      return fail(
          c, "\"bindings\" must be an array of plumb-bindings entries, or a plumb-bindings file");
    bindings = b;
  }
  if (j.contains("immediates")) c.immediatesGiven = j["immediates"];
  // The case's own sections win over those of its bindings file.
  for (const char* stage : {"vertex", "fragment"})
    if (j.contains(stage)) {
      if (!j[stage].is_object())
        return fail(c, std::string("\"") + stage + "\" must be an object (docs/formats.md)");
      stageInputs[stage] = j[stage];
    }
  return true;
}

/// A `plumb-run` report, inline or by path: the case's allowed outcomes.
bool readExpectedRun(nlohmann::json e, const fs::path& path, const char* field, OracleCase& c) {
  c.expectSource = "case file";
  if (e.is_string()) {
    fs::path ep = path.parent_path() / e.get<std::string>();
    std::string etext;
    if (!readText(ep, etext))
      return fail(c, "cannot read the expected results '" + ep.string() + "'");
    e = nlohmann::json::parse(etext, nullptr, false);
    c.expectSource = ep.string();
  }
  if (!e.is_object() || e.value("format", "") != "plumb-run" || !e.contains("outcomes") ||
      !e["outcomes"].is_array())
    return fail(c, std::string("\"") + field +
                       "\" must be a plumb-run report (format \"plumb-run\" with \"outcomes\")");
  // docs/formats.md: version 1 (stops untyped), 2 (typed stops), 3 (the exploration's bound
  // typed) and 4 (vertex and fragment stages) are read; others rejected.
  const nlohmann::json& version = e.contains("version") ? e["version"] : nlohmann::json(1);
  if (!version.is_number_integer() || version.get<int64_t>() < 1 || version.get<int64_t>() > 4)
    return fail(c, std::string("\"") + field + "\": plumb-run version " + version.dump() +
                       " is not supported (this Plumb reads versions 1 to 4)");
  c.expect = std::move(e);
  return true;
}

/// One override value: the checker gets it as text, the runner as a number.
bool addOverride(const std::string& key, const nlohmann::json& value, OracleCase& c) {
  std::string text;
  if (value.is_string())
    text = value.get<std::string>();
  else if (value.is_boolean() || value.is_number())
    text = value.dump();
  else
    return fail(c, "override '" + key + "': the value must be a number, true or false");
  std::optional<double> x = constantValue(text);
  if (!x)
    return fail(c, "override '" + key + "' = '" + text +
                       "': the runners need a finite number (or true or false)");
  c.verdictOptions.overrides.emplace_back(key, text);
  c.verdictOptions.pipelineCreation = true;
  c.constants[key] = *x;
  return true;
}

/// "mode": a case may ask to be verdict-only ("module", "pipelines") or run.
bool readMode(const nlohmann::json& j, OracleCase& c, std::optional<CaseMode>& forced) {
  if (!j.contains("mode")) return true;
  std::string m = j["mode"].is_string() ? j["mode"].get<std::string>() : "";
  if (m == "module")
    forced = CaseMode::Module;
  else if (m == "pipelines")
    forced = CaseMode::Pipelines;
  else if (m == "run")
    forced = CaseMode::Run;
  else if (m == "draw")
    forced = CaseMode::Draw;
  else
    return fail(c, "\"mode\" must be \"run\", \"draw\", \"pipelines\" or \"module\"");
  return true;
}

}  // namespace

bool readOracleCaseFile(const nlohmann::json& j, const fs::path& path, OracleCase& c,
                        CaseFileParts& parts) {
  if (j.value("version", 0) != 1)
    return fail(
        c, "'" + path.string() + "': \"format\" must be \"plumb-oracle-case\" with \"version\": 1");
  c.format = "plumb-oracle-case";
  if (j.contains("name") && j["name"].is_string()) c.id = j["name"].get<std::string>();
  c.description = j.value("description", "");
  if (j.contains("known")) c.known = j["known"];
  if (j.contains("runnerTest") && j["runnerTest"].is_string())
    c.runnerTest = j["runnerTest"].get<std::string>();
  if (!readProgram(j, path, c) || !readRunFields(j, path, c, parts.bindings, parts.stageInputs) ||
      !readMode(j, c, parts.mode))
    return false;
  if (j.contains("constants")) {
    if (!j["constants"].is_object())
      return fail(c, "\"constants\" must be an object {\"name or id\": number}");
    for (const auto& [key, value] : j["constants"].items())
      if (!addOverride(key, value, c)) return false;
  }
  if (j.contains("expect") && !readExpectedRun(j["expect"], path, "expect", c)) return false;
  return true;
}

bool readPlumbCaseFile(const nlohmann::json& j, const fs::path& path, OracleCase& c,
                       CaseFileParts& parts) {
  // One reader of the format: the generator's (gen/case.h), which ignores unknown fields.
  std::string error;
  std::optional<gen::GeneratedCase> g = gen::caseFromJson(j, error);
  if (!g) return fail(c, "'" + path.string() + "': " + error);
  c.format = "plumb-case";
  c.id = g->name;
  c.description = g->description;
  if (!Revision::byName(g->revision))
    return fail(c, "revision '" + g->revision + "': Plumb knows revisions 2022-06 and 2026");
  // The case's revision decides Plumb's, unless `plumb oracle --revision` chose one.
  if (!c.verdictOptions.revisionGiven) c.verdictOptions.revision = g->revision;
  c.wgsl = g->wgsl;
  // The case's options are how its expected verdict was derived, so they decide Plumb's.
  c.verdictOptions.strictUniformity = g->options.strictUniformity;
  c.verdictOptions.pipelineCreation = g->options.pipelineCreation;
  c.verdictOptions.literalShiftRight = g->options.literalShiftRight;
  for (const auto& [key, value] : g->options.overrides)
    if (!addOverride(key, value, c)) return false;
  if (g->dispatch) {
    c.entry = g->dispatch->entry;
    for (size_t i = 0; i < 3; ++i) {
      uint32_t n = g->dispatch->workgroups[i];
      if (n == 0 || n > 65535) return fail(c, "\"dispatch\" counts must be integers 1..65535");
      c.dispatch[i] = n;
    }
    if (!g->dispatch->bindings.is_array())
      return fail(c, "\"bindings\" must be an array of plumb-bindings entries");
    parts.bindings = g->dispatch->bindings;
  }
  const nlohmann::json& expect = g->expect;
  if (!expect.is_object()) return fail(c, "\"expect\" must be an object");
  if (expect.contains("verdict")) {
    std::string v = expect["verdict"].is_string() ? expect["verdict"].get<std::string>() : "";
    if (v != "valid" && v != "invalid")
      return fail(c, "\"expect.verdict\" must be \"valid\" or \"invalid\"");
  }
  c.caseVerdict = expect;
  c.caseVerdict.erase("run");
  c.caseVerdict.erase("explore");
  if (expect.contains("run")) {
    // The generator writes the outcomes of a plumb-run report with its "complete" and
    // "schedules" beside them (docs/formats.md); a whole plumb-run report is accepted too.
    nlohmann::json run = expect["run"];
    if (run.is_object() && !run.contains("format") && run.contains("outcomes"))
      run = {{"format", "plumb-run"},
             {"version", 1},
             {"executions",
              {{"complete", run.value("complete", true)},
               {"schedules", run.value("schedules", nlohmann::json())}}},
             {"outcomes", run["outcomes"]}};
    if (!readExpectedRun(run, path, "expect.run", c)) return false;
  }
  // A validation case states a verdict only: nothing about what the program computes, which
  // may not even terminate (a generated loop whose exit depends on a built-in value). Its
  // pipelines are created, never dispatched.
  if (g->kind == gen::CaseKind::Validation) parts.mode = CaseMode::Pipelines;
  c.caseInfo = {{"family", g->family}, {"kind", j.value("kind", "validation")}};
  if (g->revision != "2022-06") c.caseInfo["revision"] = g->revision;
  if (j.contains("rule")) c.caseInfo["rule"] = j["rule"];
  if (!g->twin.empty()) c.caseInfo["twin"] = g->twin;
  return true;
}

}  // namespace plumb::oracle::detail
