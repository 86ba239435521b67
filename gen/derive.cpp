#include "gen/derive.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <set>

#include "checker/wgsl/checker.h"
#include "interpreter/wgsl/run.h"
#include "memmodel/wgsl/explore.h"
#include "semantics/wgsl/parser.h"

namespace plumb::gen {

namespace {

CheckOptions checkOptions(const CaseOptions& o, bool pipeline) {
  CheckOptions c;
  c.strictUniformity = o.strictUniformity;
  c.literalShiftRight = o.literalShiftRight;
  c.pipelineCreation = pipeline;
  if (pipeline) c.overrides = o.overrides;
  return c;
}

/// The revision a case is derived under (its "revision"; an unknown name is refused before:
/// gen/case.cpp).
const Revision& caseRevision(const GeneratedCase& c) {
  const Revision* r = Revision::byName(c.revision);
  return r ? *r : Revision::wgsl2022_06();
}

/// The first error of a diagnostic list as an invalid verdict.
nlohmann::json invalidVerdict(const char* stage, const SourceFile& file, const DiagnosticList& d) {
  for (const Diagnostic& e : d.all()) {
    if (e.severity != Severity::Error) continue;
    LineColumn lc = file.position(e.span.begin);
    return {{"verdict", "invalid"},
            {"stage", stage},
            {"rule", e.rule},
            {"line", lc.line},
            {"column", lc.column}};
  }
  return {{"verdict", "invalid"}, {"stage", stage}, {"rule", ""}, {"line", 0}, {"column", 0}};
}

/// The verdict of parsing and checking (#shader-creation-error), then, when the case asks for
/// it, of pipeline creation with its override values (#pipeline-creation-error).
nlohmann::json verdict(const GeneratedCase& c, const SourceFile& file) {
  DiagnosticList diagnostics;
  std::unique_ptr<ast::Module> module = parseModule(file, caseRevision(c), diagnostics);
  if (!module || diagnostics.hasErrors()) return invalidVerdict("parse", file, diagnostics);
  check(*module, diagnostics, checkOptions(c.options, false));
  if (diagnostics.hasErrors()) return invalidVerdict("check", file, diagnostics);
  if (c.options.pipelineCreation) {
    DiagnosticList pipeline;
    check(*module, pipeline, checkOptions(c.options, true));
    if (pipeline.hasErrors()) return invalidVerdict("pipeline", file, pipeline);
  }
  return {{"verdict", "valid"}};
}

nlohmann::json bindingsDocument(const Dispatch& d) {
  return {{"format", "plumb-bindings"}, {"version", 1}, {"bindings", d.bindings}};
}

nlohmann::json runExpectation(const GeneratedCase& c, const SourceFile& file) {
  interp::RunRequest request;
  request.entry = c.dispatch->entry;
  request.dispatch.dispatch = c.dispatch->workgroups;
  request.bindings = bindingsDocument(*c.dispatch);
  request.zeroMissingBindings = true;
  request.check = checkOptions(c.options, true);
  request.revision = &caseRevision(c);
  interp::RunReport report = interp::runShader(file, request);
  if (!report.ran) {
    std::string why;
    for (const std::string& e : report.errors) why += (why.empty() ? "" : "; ") + e;
    return {{"verdict", "not-run"}, {"errors", why}};
  }
  const nlohmann::json& j = report.json;
  return {{"verdict", "valid"},
          {"run",
           {{"complete", j["executions"]["complete"]},
            {"schedules", j["executions"]["schedules"]},
            {"outcomes", j["outcomes"]}}}};
}

nlohmann::json exploreExpectation(const GeneratedCase& c, const SourceFile& file) {
  memmodel::wgsl::ExploreRequest request;
  request.entry = c.dispatch->entry;
  request.dispatch = c.dispatch->workgroups;
  request.bindings = bindingsDocument(*c.dispatch);
  request.revision = &caseRevision(c);
  memmodel::wgsl::ExploreResult r = memmodel::wgsl::exploreShader(file, request);
  if (!r.ran) {
    std::string why;
    for (const std::string& e : r.errors) why += (why.empty() ? "" : "; ") + e;
    return {{"verdict", "not-run"}, {"errors", why}};
  }
  nlohmann::json states = nlohmann::json::array();
  for (const memmodel::wgsl::FinalState& s : r.states)
    states.push_back({{"kind", s.kind}, {"state", memmodel::wgsl::stateLine(s)}, {"racy", s.racy}});
  return {{"verdict", "valid"},
          {"explore", {{"complete", r.complete}, {"states", states}, {"races", r.races.size()}}}};
}

// --- words of a plumb-run outcome (docs/formats.md, plumb-run WORD) ---

std::optional<uint32_t> hexWord(const nlohmann::json& j) {
  if (!j.is_string()) return std::nullopt;
  try {
    return static_cast<uint32_t>(std::stoul(j.get<std::string>(), nullptr, 16));
  } catch (...) {
    return std::nullopt;
  }
}

double halfToDouble(uint16_t h) {
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double v = e == 0 ? std::ldexp(m, -24) : e == 31 ? INFINITY : std::ldexp(m | 0x400, e - 25);
  return (h & 0x8000) ? -v : v;
}

/// Does the allowed set `w` (a WORD over `bits` bits) contain `value`?
bool wordAllows(const nlohmann::json& w, uint32_t value, unsigned bits = 32) {
  if (w.contains("any")) return true;
  if (w.contains("exact")) return hexWord(w["exact"]) == value;
  if (w.contains("set")) {
    for (const nlohmann::json& s : w["set"])
      if (hexWord(s) == value) return true;
    return false;
  }
  if (w.contains("interval")) {
    std::optional<uint32_t> lo = hexWord(w["interval"][0]), hi = hexWord(w["interval"][1]);
    if (!lo || !hi) return false;
    auto asDouble = [&](uint32_t b) {
      return bits == 16 ? halfToDouble(static_cast<uint16_t>(b))
                        : static_cast<double>(std::bit_cast<float>(b));
    };
    double v = asDouble(value);
    return !std::isnan(v) && asDouble(*lo) <= v && v <= asDouble(*hi);
  }
  if (w.contains("f16")) {
    return wordAllows(w["f16"][0], value & 0xffff, 16) && wordAllows(w["f16"][1], value >> 16, 16);
  }
  return false;
}

/// The allowed values of `w` when it is a finite list (exact or set), or an f32 interval of
/// at most `limit` values (both zeros when it holds zero: the sign of a zero is not tracked,
/// docs/ambiguities.md R10).
std::optional<std::set<uint32_t>> finiteValues(const nlohmann::json& w, size_t limit = 64) {
  std::set<uint32_t> out;
  if (w.contains("exact")) {
    if (auto v = hexWord(w["exact"])) out.insert(*v);
    return out;
  }
  if (w.contains("set")) {
    for (const nlohmann::json& s : w["set"])
      if (auto v = hexWord(s)) out.insert(*v);
    return out;
  }
  if (w.contains("interval") && w.value("type", "") == "f32") {
    std::optional<uint32_t> lo = hexWord(w["interval"][0]), hi = hexWord(w["interval"][1]);
    if (!lo || !hi) return std::nullopt;
    float x = std::bit_cast<float>(*lo), end = std::bit_cast<float>(*hi);
    if (std::isnan(x) || std::isnan(end)) return std::nullopt;
    for (; x <= end; x = std::nextafter(x, INFINITY)) {
      if (out.size() >= limit) return std::nullopt;
      if (x == 0) {
        out.insert(0x00000000u);
        out.insert(0x80000000u);
      } else {
        out.insert(std::bit_cast<uint32_t>(x));
      }
    }
    return out;
  }
  return std::nullopt;
}

const nlohmann::json* outcomeWord(const nlohmann::json& outcome, const IntendedWord& iw) {
  for (const nlohmann::json& b : outcome["buffers"]) {
    if (b.value("group", 0u) != iw.group || b.value("binding", 0u) != iw.binding) continue;
    if (iw.index < b["words"].size()) return &b["words"][iw.index];
  }
  return nullptr;
}

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

std::string compareRun(const Intended& intended, const nlohmann::json& run) {
  if (!run.value("complete", false)) return "Plumb's exploration of the run is incomplete";
  const nlohmann::json& outcomes = run["outcomes"];
  for (const nlohmann::json& o : outcomes)
    if (o.value("kind", "") != "finished")
      return "Plumb's outcome set has a '" + o.value("kind", "") + "' outcome" +
             (o.contains("message") ? ": " + o["message"].get<std::string>() : "");
  bool some = false;
  std::string why = "no outcome";
  for (const nlohmann::json& o : outcomes) {
    std::string miss;
    for (const IntendedWord& iw : intended.words) {
      const nlohmann::json* w = outcomeWord(o, iw);
      if (!w) {
        miss = "binding " + std::to_string(iw.group) + "/" + std::to_string(iw.binding) +
               " has no word " + std::to_string(iw.index);
        break;
      }
      std::string where = "word " + std::to_string(iw.index) + " of binding " +
                          std::to_string(iw.group) + "/" + std::to_string(iw.binding);
      if (iw.anyValue) {
        if (!w->contains("any")) {
          miss = where + ": Plumb allows " + w->dump() + ", the spec allows any value";
          break;
        }
        continue;
      }
      bool any = false;
      for (uint32_t v : iw.allowed) any = any || wordAllows(*w, v);
      if (!any) {
        miss = where + ": Plumb allows " + w->dump() + ", the solver computed " +
               hex(iw.allowed.front());
        break;
      }
      if (iw.every) {
        for (uint32_t v : iw.allowed)
          if (!wordAllows(*w, v))
            miss = where + ": Plumb allows " + w->dump() + ", not the value " + hex(v) +
                   " the spec allows too";
        if (!miss.empty()) break;
      }
      if (iw.tight) {
        std::optional<std::set<uint32_t>> values = finiteValues(*w);
        std::set<uint32_t> expected(iw.allowed.begin(), iw.allowed.end());
        if (!values || *values != expected) {
          std::string spec;
          for (uint32_t v : expected) spec += (spec.empty() ? "" : ", ") + hex(v);
          miss = where + ": Plumb allows " + w->dump() + ", not exactly the spec's {" + spec + "}";
          break;
        }
      }
    }
    if (miss.empty())
      some = true;
    else
      why = miss;
  }
  return some ? "" : why;
}

/// Empty when the state line (`m.x=1u r[0]=0u`) names the bound's locations in order, each
/// with one of its values; else what is outside.
std::string outsideBound(
    const std::vector<std::pair<std::string, std::vector<std::string>>>& bound,
    const std::string& state) {
  size_t at = 0, k = 0;
  while (at < state.size()) {
    size_t end = state.find(' ', at);
    if (end == std::string::npos) end = state.size();
    std::string item = state.substr(at, end - at);
    at = end + 1;
    size_t eq = item.find('=');
    if (k >= bound.size() || eq == std::string::npos || item.substr(0, eq) != bound[k].first)
      return "'" + item + "' is not the generator's location " +
             (k < bound.size() ? "'" + bound[k].first + "'" : std::string("list"));
    std::string value = item.substr(eq + 1);
    bool listed = false;
    for (const std::string& v : bound[k].second) listed = listed || v == value;
    if (!listed) return bound[k].first + "=" + value + " is outside the generator's bound";
    ++k;
  }
  return k == bound.size() ? "" : "it does not name " + bound[k].first;
}

std::string compareExplore(const Intended& intended, const nlohmann::json& explore) {
  if (!explore.value("complete", false)) return "Plumb's exploration is incomplete";
  std::set<std::string> states;
  for (const nlohmann::json& s : explore["states"]) {
    if (s.value("kind", "") != "finished")
      return "Plumb's final states include a '" + s.value("kind", "") + "' state";
    states.insert(s["state"].get<std::string>());
  }
  for (const std::string& m : intended.mustStates)
    if (!states.count(m))
      return "Plumb does not allow the state '" + m + "', which the generator derived";
  if (intended.closed) {
    std::set<std::string> may(intended.mayStates.begin(), intended.mayStates.end());
    for (const std::string& s : states)
      if (!may.count(s)) return "Plumb allows the state '" + s + "', which the generator excludes";
  }
  if (!intended.valueBound.empty())
    for (const std::string& s : states)
      if (std::string why = outsideBound(intended.valueBound, s); !why.empty())
        return "Plumb allows the state '" + s + "': " + why;
  if (intended.racy) {
    bool racy = explore.value("races", 0u) > 0;
    if (racy != *intended.racy)
      return std::string("Plumb reports ") + (racy ? "a data race" : "no data race") +
             ", the generator derived " + (*intended.racy ? "one" : "none");
  }
  return "";
}

}  // namespace

nlohmann::json deriveExpectation(const GeneratedCase& c) {
  SourceFile file(c.name + ".wgsl", c.wgsl);
  nlohmann::json v = verdict(c, file);
  if (v["verdict"] != "valid" || c.kind == CaseKind::Validation || !c.dispatch) return v;
  return c.kind == CaseKind::Run ? runExpectation(c, file) : exploreExpectation(c, file);
}

std::string compareWithIntended(const Intended& intended, const nlohmann::json& expect) {
  std::string verdict = expect.value("verdict", "");
  if (verdict == "not-run") return "Plumb could not run the case: " + expect.value("errors", "");
  if (intended.verdict == Side::Valid) {
    if (verdict != "valid")
      return "the generator derived a valid program; Plumb rejects it with [" +
             expect.value("rule", "") + "] at " + std::to_string(expect.value("line", 0)) + ":" +
             std::to_string(expect.value("column", 0));
    if (expect.contains("run")) return compareRun(intended, expect["run"]);
    if (expect.contains("explore")) return compareExplore(intended, expect["explore"]);
    return "";
  }
  if (verdict != "invalid")
    return "the generator derived an invalid program (" +
           (intended.anchors.empty() ? std::string("any rule") : intended.anchors.front()) +
           "); Plumb accepts it";
  std::string rule = expect.value("rule", "");
  if (!intended.anchors.empty()) {
    bool named = false;
    for (const std::string& a : intended.anchors) named = named || a == rule;
    if (!named)
      return "Plumb rejects the program with [" + rule + "], the generator's rule is [" +
             intended.anchors.front() + "]";
  }
  if (!intended.stage.empty() && expect.value("stage", "") != intended.stage)
    return "Plumb rejects the program at " + expect.value("stage", "") +
           ", the generator expects " + intended.stage;
  if (intended.line != 0 && expect.value("line", 0u) != intended.line)
    return "Plumb points at line " + std::to_string(expect.value("line", 0u)) +
           ", the generator's edit is on line " + std::to_string(intended.line);
  return "";
}

std::string compareExpectations(const nlohmann::json& stored, const nlohmann::json& derived) {
  if (stored == derived) return "";
  for (const char* key : {"verdict", "stage", "rule", "line", "column"}) {
    nlohmann::json a = stored.contains(key) ? stored[key] : nlohmann::json();
    nlohmann::json b = derived.contains(key) ? derived[key] : nlohmann::json();
    if (a != b) return std::string(key) + ": stored " + a.dump() + ", derived " + b.dump();
  }
  for (const char* key : {"run", "explore"}) {
    if (stored.contains(key) != derived.contains(key) ||
        (stored.contains(key) && stored[key] != derived[key]))
      return std::string(key) + ": the stored outcome set differs from the derived one";
  }
  return "the expectations differ";
}

}  // namespace plumb::gen
