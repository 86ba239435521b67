// The oracle's report: `plumb-oracle-report` v1 JSON, its HTML page, and a terminal summary.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "oracle/wgsl/oracle.h"

namespace plumb::oracle {

namespace {

std::string hex(uint32_t w) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", w);
  return buf;
}

nlohmann::json verdictJson(const PlumbVerdict& v) {
  nlohmann::json j = {{"valid", v.valid}, {"stage", v.stage}};
  if (!v.valid) {
    j["rule"] = v.rule;
    j["message"] = v.message;
    j["line"] = v.line;
    j["column"] = v.column;
  }
  j["diagnostics"] = v.diagnostics;
  return j;
}

nlohmann::json outcomeJson(const OutcomeMatch& m) {
  nlohmann::json j = {{"status", outcomeStatusName(m.status)}};
  if (m.outcome >= 0) j["outcome"] = m.outcome;
  if (!m.note.empty()) j["note"] = m.note;
  if (!m.stop.empty()) j["stop"] = m.stop;  // the typed stop that decided the status
  if (m.status == OutcomeMatch::Status::Outside || m.status == OutcomeMatch::Status::Inconclusive) {
    nlohmann::json diffs = nlohmann::json::array();
    for (const WordDiff& d : m.diffs) {
      diffs.push_back({{"group", d.group},
                       {"binding", d.binding},
                       {"index", d.index},
                       {"device", hex(d.device)},
                       {"allowed", d.allowed}});
      if (!d.where.empty()) diffs.back()["where"] = d.where;
    }
    j["diffs"] = diffs;
    j["diffCount"] = m.diffCount;
  }
  return j;
}

nlohmann::json resultJson(const BackendCaseResult& r) {
  nlohmann::json j = {{"status", r.status},
                      {"classification", classificationName(r.classification)},
                      {"detail", r.detail}};
  if (!r.revisionDelta.is_null()) j["revisionDelta"] = r.revisionDelta;
  // `draw`: a draw's read-back as the runner answered it (docs/oracle.md "Draws").
  for (const char* k :
       {"compilation", "validation", "pipeline", "pipelines", "timing", "error", "stderr", "draw"})
    if (r.raw.is_object() && r.raw.contains(k) && !r.raw[k].is_null()) j[k] = r.raw[k];
  nlohmann::json buffers = nlohmann::json::array();
  for (const DeviceBuffer& b : r.buffers) {
    nlohmann::json words = nlohmann::json::array();
    for (uint32_t w : b.words) words.push_back(hex(w));
    buffers.push_back({{"group", b.group}, {"binding", b.binding}, {"words", words}});
  }
  if (!r.buffers.empty() || r.status == "executed") j["buffers"] = buffers;
  if (r.status == "executed" || r.outcome.status != OutcomeMatch::Status::NotAvailable)
    j["outcome"] = outcomeJson(r.outcome);
  return j;
}

}  // namespace

nlohmann::json reportJson(const OracleRun& run) {
  nlohmann::json report = {{"format", "plumb-oracle-report"},
                           {"version", 1},
                           {"revision", "2022-06"},
                           {"plumb", PLUMB_VERSION}};
  // The cases' revision (plumb oracle --revision, or a plumb-case's own): "mixed" when they
  // differ; each case names its own.
  std::set<std::string> revisions;
  for (const OracleCase& c : run.cases) revisions.insert(c.verdictOptions.revision);
  if (revisions.size() == 1) report["revision"] = *revisions.begin();
  if (revisions.size() > 1) report["revision"] = "mixed";
  nlohmann::json backends = nlohmann::json::array();
  for (const BackendRun& b : run.backends) {
    nlohmann::json j = {
        {"name", b.name}, {"description", backendDescription(b.name)}, {"available", b.available}};
    if (!b.error.empty()) j["error"] = b.error;
    if (b.hello.is_object()) {
      j["adapter"] = b.hello.value("adapter", nlohmann::json::object());
      j["versions"] = b.hello.value("versions", nlohmann::json::object());
    }
    j["restarts"] = b.restarts;
    j["casesRun"] = b.casesRun;
    j["seconds"] = std::round(b.seconds * 1000) / 1000;
    j["startSeconds"] = std::round(b.startSeconds * 1000) / 1000;
    if (b.casesRun > 0 && b.seconds > 0)
      j["casesPerSecond"] = std::round(b.casesRun / b.seconds * 10) / 10;
    backends.push_back(j);
  }
  report["backends"] = backends;

  nlohmann::json cases = nlohmann::json::array();
  for (size_t i = 0; i < run.cases.size(); ++i) {
    const OracleCase& c = run.cases[i];
    nlohmann::json j = {{"id", c.id}, {"file", c.file}, {"revision", c.verdictOptions.revision}};
    if (!c.description.empty()) j["description"] = c.description;
    if (!c.known.is_null()) j["known"] = c.known;
    if (!c.error.empty()) j["error"] = c.error;
    if (!c.format.empty()) j["format"] = c.format;
    j["mode"] = caseModeName(c.mode);
    j["entry"] = c.entry;
    if (c.mode == CaseMode::Draw && c.draw) {
      // What the runners drew (docs/oracle.md "Draws").
      nlohmann::json d = {{"stage", std::string(spelling(c.draw->stage))},
                          {"inputs", c.draw->stageInputs}};
      if (c.draw->stage == ShaderStage::Fragment) {
        d["target"] = {c.draw->width, c.draw->height};
        d["fragDepth"] = c.draw->fragDepth;
      } else {
        d["vertexCount"] = c.draw->vertexCount;
        d["instanceCount"] = c.draw->instanceCount;
      }
      if (!c.draw->inexact.empty()) d["inexact"] = c.draw->inexact;
      j["draw"] = d;
    } else {
      j["dispatch"] = {c.dispatch[0], c.dispatch[1], c.dispatch[2]};
    }
    if (c.mode == CaseMode::Pipelines) {
      nlohmann::json pipelines = nlohmann::json::array();
      for (const PipelinePlan& p : c.pipelines)
        pipelines.push_back({{"entry", p.entry}, {"stage", std::string(spelling(p.stage))}});
      j["pipelines"] = pipelines;
    }
    if (!c.constants.empty()) j["constants"] = c.constants;
    if (c.caseInfo.is_object()) j.update(c.caseInfo);
    j["wgsl"] = c.wgsl;
    nlohmann::json bindings = nlohmann::json::array();
    for (const RunnerBinding& b : c.bindings) {
      nlohmann::json bj = {{"group", b.group}, {"binding", b.binding}};
      if (!b.texture.is_null()) {
        bj["kind"] = "texture";
        bj["format"] = b.texture["format"];
        bj["viewDimension"] = b.texture["viewDimension"];
      } else if (!b.sampler.is_null()) {
        bj["kind"] = "sampler";
        bj["sampler"] = b.sampler["sampler"];
      } else {
        bj["kind"] = bufferKindName(b.kind);
        bj["size"] = b.size;
      }
      if (!b.storeType.empty()) bj["storeType"] = b.storeType;
      bindings.push_back(bj);
    }
    j["bindings"] = bindings;
    if (c.error.empty()) {
      j["plumb"] = verdictJson(c.verdict);
      // A plumb-case states the verdict its generator derived; Plumb must reach the same.
      if (c.caseVerdict.is_object() && c.caseVerdict.contains("verdict")) {
        j["plumb"]["caseExpects"] = c.caseVerdict;
        std::string mismatch = verdictMismatch(c);
        j["plumb"]["matchesCase"] = mismatch.empty();
        if (!mismatch.empty()) j["plumb"]["caseMismatch"] = mismatch;
      }
    }
    nlohmann::json expected;
    if (run.outcomes[i]) {
      bool fromCase = c.expect && *c.expect == *run.outcomes[i];
      expected = {{"available", true},
                  {"source", fromCase ? c.expectSource : std::string("interpreter")},
                  {"outcomes", run.outcomes[i]->value("outcomes", nlohmann::json::array())}};
      if (run.outcomes[i]->contains("executions"))
        expected["executions"] = (*run.outcomes[i])["executions"];
      // #memory-model: a racy program says so (plumb-run `races`).
      if (run.outcomes[i]->contains("races")) expected["races"] = (*run.outcomes[i])["races"];
    } else {
      expected = {{"available", false}, {"reason", run.outcomesWhyNot[i]}};
    }
    j["expected"] = expected;
    nlohmann::json results = nlohmann::json::object();
    std::set<std::string> outputs;
    bool disagree = false;
    for (const BackendRun& b : run.backends) {
      const BackendCaseResult& r = b.results[i];
      results[b.name] = resultJson(r);
      if (r.status == "executed") {
        std::string key;
        for (const DeviceBuffer& d : r.buffers)
          for (uint32_t w : d.words) key += hex(w);
        outputs.insert(key);
      }
      disagree = disagree || isDisagreement(r.classification);
    }
    j["results"] = results;
    j["backendsDiffer"] = outputs.size() > 1;
    j["disagreement"] = disagree;
    cases.push_back(j);
  }
  report["cases"] = cases;
  summarizeReport(report);
  return report;
}

void summarizeReport(nlohmann::json& report) {
  // The outcome comparison: available when some case has Plumb's outcomes; the first valid
  // case without them says why not.
  bool anyOutcomes = false;
  std::string whyNot;
  int disagreements = 0;
  int plumbBugs = 0;       // cases where Plumb's outcome set has an internal error
  int revisionDeltas = 0;  // cases where a backend agrees with Plumb under the other revision
  std::map<std::string, std::map<std::string, int>> counts;
  const nlohmann::json& cases = report.value("cases", nlohmann::json::array());
  for (const nlohmann::json& c : cases) {
    const nlohmann::json expected = c.value("expected", nlohmann::json::object());
    const nlohmann::json plumb = c.value("plumb", nlohmann::json::object());
    if (expected.value("available", false))
      anyOutcomes = true;
    else if (!c.contains("error") && plumb.value("valid", false) && whyNot.empty())
      whyNot = expected.value("reason", "");
    disagreements += c.value("disagreement", false);
    bool bug = false, delta = false;
    const nlohmann::json results = c.value("results", nlohmann::json::object());
    for (auto& [name, r] : results.items()) {
      std::string cls = r.value("classification", "");
      ++counts[name][cls];
      bug = bug || cls == classificationName(Classification::PlumbBug);
      delta = delta || cls == classificationName(Classification::RevisionDelta);
    }
    plumbBugs += bug;
    revisionDeltas += delta;
  }
  report["outcomeComparison"] =
      anyOutcomes
          ? nlohmann::json{{"available", true},
                           {"note", whyNot.empty() ? "" : "for some cases only: " + whyNot}}
          : nlohmann::json{{"available", false},
                           {"reason", whyNot.empty() ? "no case is valid and prepared" : whyNot}};
  nlohmann::json summary = {{"cases", cases.size()}, {"casesWithDisagreement", disagreements}};
  if (plumbBugs) summary["casesWithPlumbBug"] = plumbBugs;
  if (revisionDeltas) summary["casesWithRevisionDelta"] = revisionDeltas;
  nlohmann::json by = nlohmann::json::object();
  for (const auto& [name, m] : counts) by[name] = m;
  summary["byBackend"] = by;
  report["summary"] = summary;
}

// ---- HTML ------------------------------------------------------------------------------------

namespace {

std::string esc(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string str(const nlohmann::json& j, const char* key, const std::string& dflt = "") {
  if (!j.is_object() || !j.contains(key)) return dflt;
  const nlohmann::json& v = j[key];
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::string f32Text(uint32_t w) {
  float f = std::bit_cast<float>(w);
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(f));
  return buf;
}

/// A WORD form of a plumb-run report, for people.
std::string allowedText(const nlohmann::json& a) {
  if (!a.is_object()) return a.dump();
  if (a.contains("any")) return "any";
  if (a.contains("exact")) return str(a, "exact");
  if (a.contains("set")) {
    std::string s = "{";
    for (size_t i = 0; i < a["set"].size(); ++i)
      s += (i ? ", " : "") +
           (a["set"][i].is_string() ? a["set"][i].get<std::string>() : a["set"][i].dump());
    return s + "}";
  }
  if (a.contains("interval") && a["interval"].is_array() && a["interval"].size() == 2) {
    std::string lo = a["interval"][0].is_string() ? a["interval"][0].get<std::string>()
                                                  : a["interval"][0].dump();
    std::string hi = a["interval"][1].is_string() ? a["interval"][1].get<std::string>()
                                                  : a["interval"][1].dump();
    std::string s = "[" + lo + ", " + hi + "]";
    if (a.value("type", "f32") == "f32") {
      std::optional<uint32_t> l = parseWord(a["interval"][0]), h = parseWord(a["interval"][1]);
      if (l && h) s += " (" + f32Text(*l) + " … " + f32Text(*h) + ")";
    }
    return s;
  }
  return a.dump();
}

const char* kStyle = R"css(
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.4em} h2{font-size:1.15em;margin-top:1.5em}
table{border-collapse:collapse;width:100%} td,th{border:1px solid #ccc;padding:.4em;vertical-align:top;text-align:left;overflow-wrap:anywhere}
th{background:#f3f3f3;position:sticky;top:0}
table.cases{display:grid} table.cases>colgroup{display:none}
table.cases>tbody,table.cases tr{display:contents} table.cases th{order:-1}
table.cases td,table.cases th{margin:0 -1px -1px 0}
code,pre,.w{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
pre{white-space:pre-wrap;margin:.3em 0;background:#fafafa;padding:.4em;border:1px solid #eee}
.badge{display:inline-block;padding:.1em .5em;border-radius:.8em;font-weight:600;font-size:12px}
.agree{background:#d9f2d9;color:#185c18} .accepts-invalid,.rejects-valid,.output-outside{background:#fde0dc;color:#8a1c0f}
.crash,.timeout{background:#f6d6f6;color:#6a1b6a} .error{background:#fff1c2;color:#6b5200} .skipped{background:#e8e8e8;color:#555}
tr.dis>td:first-child{border-left:4px solid #d9534f}
.w{display:inline-block;margin:0 .3em .1em 0} .bad{background:#fbb;outline:1px solid #d33} .muted{color:#777}
.differ{color:#0b5394;font-weight:600} details summary{cursor:pointer;color:#0b5394}
.filters label{display:inline-block;margin:0 .8em .3em 0;cursor:pointer}
)css";

/// The orders the page can show its cases in besides the default (caseOrder): the order they
/// were run in, by case id, and by each backend's classification (problems first). Each is a
/// rank per case that the page's CSS gives its cells as `order` (see reportHtml).
struct SortKey {
  std::string label;
  std::vector<size_t> rank;  // rank[case index]
};

std::vector<SortKey> sortKeys(const nlohmann::json& cases, const nlohmann::json& backends) {
  auto ranks = [&](auto less) {
    std::vector<size_t> order(cases.size()), rank(cases.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), less);
    for (size_t r = 0; r < order.size(); ++r) rank[order[r]] = r;
    return rank;
  };
  std::vector<SortKey> keys;
  keys.push_back({"as run", ranks([](size_t a, size_t b) { return a < b; })});
  keys.push_back({"case id", ranks([&](size_t a, size_t b) {
                    return cases[a].value("id", "") < cases[b].value("id", "");
                  })});
  for (const nlohmann::json& b : backends) {
    std::string name = b.value("name", "");
    auto cls = [&](size_t i) {
      const nlohmann::json& results = cases[i].value("results", nlohmann::json::object());
      std::string c = results.contains(name) ? results[name].value("classification", "") : "~";
      return c == "agree" ? "~agree" : c;  // problems before agreement
    };
    keys.push_back(
        {name + " by classification", ranks([&](size_t x, size_t y) { return cls(x) < cls(y); })});
  }
  return keys;
}

/// A case's order in the page: disagreements first, then by each backend's classification in
/// backend order (problems before `agree`, so like findings sit together), then as run.
std::vector<size_t> caseOrder(const nlohmann::json& cases, const nlohmann::json& backends) {
  auto key = [&](const nlohmann::json& c) {
    std::vector<std::string> k = {c.value("disagreement", false) ? "0" : "1"};
    const nlohmann::json& results = c.value("results", nlohmann::json::object());
    for (const nlohmann::json& b : backends) {
      std::string name = b.value("name", "");
      std::string cls = results.contains(name) ? results[name].value("classification", "") : "~";
      k.push_back(cls == "agree" ? "~agree" : cls);
    }
    return k;
  };
  std::vector<size_t> order(cases.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return key(cases[a]) < key(cases[b]); });
  return order;
}

/// What groups a disagreement with others like it (issue 17: one finding per rule): the
/// generator's row for a generated case, else the rule of Plumb's rejection, else the
/// backend's detail with its numbers and quoted text blanked (so that one message about
/// different values is one group).
std::string disagreementGroup(const nlohmann::json& c, const nlohmann::json& result) {
  if (c.contains("rule") && c["rule"].is_string()) return "row " + c["rule"].get<std::string>();
  const nlohmann::json& p = c.value("plumb", nlohmann::json::object());
  if (!p.value("valid", true) && p.contains("rule")) return "Plumb's rule " + str(p, "rule");
  std::string detail = str(result, "detail"), key;
  bool quoted = false;
  for (char ch : detail.substr(0, detail.find('\n'))) {
    if (ch == '\'') {
      quoted = !quoted;
      key += "'…'";
      continue;
    }
    if (quoted) continue;
    if (ch >= '0' && ch <= '9') {
      if (key.empty() || key.back() != '#') key += '#';
      continue;
    }
    key += ch;
  }
  if (key.size() > 120) key = key.substr(0, 120) + "…";
  return key.empty() ? "(no detail)" : key;
}

/// A runner's `timing` object as text: `shader 1.2 ms, pipeline 3.4 ms, total 5 ms`.
std::string timingText(const nlohmann::json& timing) {
  if (!timing.is_object()) return timing.dump();
  std::string s;
  for (auto& item : timing.items()) {
    // Not a structured binding: clang 14 (the asan preset) cannot capture one in the lambda.
    const nlohmann::json& v = item.value();
    std::string name = item.key(), unit;
    if (name.size() > 2 && name.ends_with("Ms")) {
      name.resize(name.size() - 2);
      unit = " ms";
    }
    std::string value = v.is_number_float() ? [&] {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.3g", v.get<double>());
      return std::string(buf);
    }() : v.is_string() ? v.get<std::string>() : v.dump();
    s += (s.empty() ? "" : ", ") + name + " " + value + unit;
  }
  return s;
}

std::string badge(const std::string& cls) {
  return "<span class=\"badge " + esc(cls) + "\">" + esc(cls) + "</span>";
}

std::string wordsHtml(const nlohmann::json& buffer, const std::set<uint32_t>& bad) {
  std::string s;
  const nlohmann::json& words = buffer.value("words", nlohmann::json::array());
  for (size_t i = 0; i < words.size(); ++i) {
    if (i == 64) {
      s += "<span class=\"muted\">… " + std::to_string(words.size() - 64) + " more</span>";
      break;
    }
    std::string w = words[i].is_string() ? words[i].get<std::string>() : words[i].dump();
    s += "<span class=\"w" + std::string(bad.count(static_cast<uint32_t>(i)) ? " bad" : "") +
         "\" title=\"word " + std::to_string(i) + "\">" + esc(w) + "</span>";
  }
  return s;
}

std::string numbered(const std::string& text) {
  std::string out;
  int line = 1;
  size_t start = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    std::string l = text.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    if (nl == std::string::npos && l.empty()) break;
    char num[16];
    std::snprintf(num, sizeof num, "%3d  ", line++);
    out += num + esc(l) + "\n";
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return out;
}

std::string backendCell(const nlohmann::json& r) {
  std::ostringstream o;
  std::string cls = str(r, "classification", "skipped");
  o << badge(cls) << " <span class=\"muted\">" << esc(str(r, "status")) << "</span>";
  o << "<div>" << esc(str(r, "detail")) << "</div>";
  std::map<std::pair<uint32_t, uint32_t>, std::set<uint32_t>> bad;
  if (r.contains("outcome")) {
    for (const nlohmann::json& d : r["outcome"].value("diffs", nlohmann::json::array()))
      bad[{d.value("group", 0u), d.value("binding", 0u)}].insert(d.value("index", 0u));
  }
  for (const nlohmann::json& b : r.value("buffers", nlohmann::json::array())) {
    uint32_t g = b.value("group", 0u), bi = b.value("binding", 0u);
    o << "<div><span class=\"muted\">@group(" << g << ") @binding(" << bi << ")</span><br>"
      << wordsHtml(b, bad[{g, bi}]) << "</div>";
  }
  if (r.contains("outcome") && r["outcome"].contains("diffs") && !r["outcome"]["diffs"].empty()) {
    o << "<div class=\"muted\">outside outcome " << str(r["outcome"], "outcome") << ":</div><pre>";
    for (const nlohmann::json& d : r["outcome"]["diffs"])
      o << esc((d.contains("where") ? str(d, "where")
                                    : "@" + str(d, "group") + "/" + str(d, "binding") + "[" +
                                          str(d, "index") + "]") +
               " = " + str(d, "device") + ", allowed " + allowedText(d["allowed"]))
        << "\n";
    o << "</pre>";
  }
  std::string diag;
  for (const nlohmann::json& m : r.value("compilation", nlohmann::json::array()))
    diag += str(m, "type") + " " + str(m, "line") + ":" + str(m, "column") + ": " +
            str(m, "message") + "\n";
  for (const nlohmann::json& v : r.value("validation", nlohmann::json::array()))
    diag += "[" + str(v, "stage") + " " + str(v, "filter") + "] " + str(v, "message") + "\n";
  if (r.contains("pipeline") && r["pipeline"].is_object() && !r["pipeline"].value("ok", true))
    diag += "[pipeline] " + str(r["pipeline"], "error") + "\n";
  if (r.contains("error")) diag += "[error] " + str(r, "error") + "\n";
  if (r.contains("stderr") && !str(r, "stderr").empty())
    diag += "[stderr] " + str(r, "stderr") + "\n";
  if (!diag.empty()) {
    bool open = cls != "agree" && cls != "skipped";
    o << "<details" << (open ? " open" : "") << "><summary>diagnostics</summary><pre>" << esc(diag)
      << "</pre></details>";
  }
  if (r.contains("timing"))
    o << "<div class=\"muted\">time: " << esc(timingText(r["timing"])) << "</div>";
  return o.str();
}

std::string plumbCell(const nlohmann::json& c) {
  std::ostringstream o;
  if (c.contains("error")) {
    o << badge("skipped") << "<div>case not prepared: " << esc(str(c, "error")) << "</div>";
    return o.str();
  }
  const nlohmann::json& p = c["plumb"];
  if (p.value("valid", false)) {
    o << "<b>valid</b>";
  } else {
    o << "<b>invalid</b> <code>[" << esc(str(p, "rule")) << "]</code> at " << esc(str(p, "line"))
      << ":" << esc(str(p, "column")) << "<div>" << esc(str(p, "message")) << "</div>";
  }
  if (p.contains("caseMismatch"))
    o << "<div class=\"bad\">not the case's verdict: " << esc(str(p, "caseMismatch")) << "</div>";
  const nlohmann::json& e = c.value("expected", nlohmann::json::object());
  if (e.value("available", false)) {
    const nlohmann::json& outcomes = e.value("outcomes", nlohmann::json::array());
    if (e.contains("races")) {
      o << "<div><b>racy program</b>: data races at";
      for (const nlohmann::json& r : e["races"])
        o << " <code>" << esc(str(r, "location")) << "</code> (" << esc(str(r, "kind")) << ")";
      o << "</div>";
    }
    o << "<details open><summary>" << outcomes.size() << " allowed outcome(s), from "
      << esc(str(e, "source")) << "</summary><pre>";
    for (size_t k = 0; k < outcomes.size(); ++k) {
      const nlohmann::json& out = outcomes[k];
      o << "#" << k << " " << esc(str(out, "kind", "finished"));
      if (out.contains("choices")) o << " " << esc(out["choices"].dump());
      o << "\n";
      for (const nlohmann::json& b : out.value("buffers", nlohmann::json::array())) {
        o << "  @" << esc(str(b, "group")) << "/" << esc(str(b, "binding")) << ":";
        const nlohmann::json& words = b.value("words", nlohmann::json::array());
        for (size_t i = 0; i < words.size() && i < 32; ++i) o << " " << esc(allowedText(words[i]));
        if (words.size() > 32) o << " …";
        o << "\n";
      }
    }
    o << "</pre></details>";
  } else if (p.value("valid", false)) {
    o << "<div class=\"muted\">" << esc(str(e, "reason")) << "</div>";
  }
  return o.str();
}

}  // namespace

std::string reportHtml(const nlohmann::json& report) {
  std::ostringstream o;
  const nlohmann::json& backends = report.value("backends", nlohmann::json::array());
  o << "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
    << "<title>Plumb oracle report</title><style>" << kStyle << "</style></head><body>\n";
  o << "<h1>Plumb oracle report</h1>\n<p>WGSL revision " << esc(str(report, "revision"))
    << ", plumb " << esc(str(report, "plumb")) << ". "
    << report.value("summary", nlohmann::json::object()).value("cases", 0) << " cases; "
    << report.value("summary", nlohmann::json::object()).value("casesWithDisagreement", 0)
    << " with a disagreement. Format <code>plumb-oracle-report</code> v1 (docs/oracle.md).</p>\n";
  const nlohmann::json& oc = report.value("outcomeComparison", nlohmann::json::object());
  if (!oc.value("available", false))
    o << "<p><b>Outcome comparison not available:</b> " << esc(str(oc, "reason")) << "</p>\n";
  else if (!str(oc, "note").empty())
    o << "<p>Outcome comparison: " << esc(str(oc, "note")) << "</p>\n";

  o << "<h2>Backends</h2>\n<table><tr><th>backend</th><th>adapter</th><th>versions</th><th>cases/"
       "s</th>"
       "<th>restarts</th><th>results</th></tr>\n";
  for (const nlohmann::json& b : backends) {
    std::string name = str(b, "name");
    o << "<tr><td><b>" << esc(name) << "</b><br><span class=\"muted\">"
      << esc(str(b, "description")) << "</span></td><td>";
    if (!b.value("available", true))
      o << badge("skipped") << " " << esc(str(b, "error"));
    else if (b.contains("adapter")) {
      for (auto& [k, v] : b["adapter"].items())
        o << esc(k) << ": " << esc(v.is_string() ? v.get<std::string>() : v.dump()) << "<br>";
    }
    o << "</td><td>";
    if (b.contains("versions"))
      for (auto& [k, v] : b["versions"].items())
        o << esc(k) << ": " << esc(v.is_string() ? v.get<std::string>() : v.dump()) << "<br>";
    o << "</td><td>" << esc(str(b, "casesPerSecond", "–")) << "<br><span class=\"muted\">"
      << esc(str(b, "casesRun")) << " cases in " << esc(str(b, "seconds")) << " s</span></td><td>"
      << esc(str(b, "restarts")) << "</td><td>";
    const nlohmann::json counts = report.value("summary", nlohmann::json::object())
                                      .value("byBackend", nlohmann::json::object())
                                      .value(name, nlohmann::json::object());
    for (auto& [k, v] : counts.items()) o << badge(k) << " " << v.get<int>() << " ";
    o << "</td></tr>\n";
  }
  o << "</table>\n";

  // Disagreements grouped (issue 17 item 4): per backend and classification, by the case's
  // generator row, Plumb's rule, or the backend's message; each group links its cases.
  {
    std::map<std::tuple<std::string, std::string, std::string>, std::vector<std::string>> groups;
    for (const nlohmann::json& c : report.value("cases", nlohmann::json::array())) {
      const nlohmann::json results = c.value("results", nlohmann::json::object());
      for (auto& [name, r] : results.items()) {
        std::string cls = r.value("classification", "");
        if (cls == "agree" || cls == "skipped") continue;
        groups[{name, cls, disagreementGroup(c, r)}].push_back(str(c, "id"));
      }
    }
    if (!groups.empty()) {
      o << "<h2>Disagreements by group</h2>\n<p>" << groups.size()
        << " groups: a generated case by its rule row, a rejected program by Plumb's rule, "
           "otherwise by the backend's message (numbers and quoted text blanked).</p>\n"
        << "<table><tr><th>backend</th><th>classification</th><th>group</th><th>cases</th></tr>\n";
      for (const auto& [key, ids] : groups) {
        o << "<tr><td>" << esc(std::get<0>(key)) << "</td><td>" << badge(std::get<1>(key))
          << "</td><td>" << esc(std::get<2>(key)) << "</td><td>" << ids.size() << ":";
        for (size_t i = 0; i < ids.size() && i < 8; ++i)
          o << " <a href=\"#" << esc(ids[i]) << "\">" << esc(ids[i]) << "</a>";
        if (ids.size() > 8) o << " …";
        o << "</td></tr>\n";
      }
      o << "</table>\n";
    }
  }

  // Filters without a script (the page loads and runs nothing): one radio button per
  // (backend, classification) present; CSS hides the rows that do not match the checked one.
  std::vector<std::pair<std::string, std::string>> filters;
  std::map<std::pair<std::string, std::string>, int> filterCounts;
  for (const nlohmann::json& c : report.value("cases", nlohmann::json::array())) {
    const nlohmann::json results = c.value("results", nlohmann::json::object());
    for (auto& [name, r] : results.items()) ++filterCounts[{name, r.value("classification", "")}];
  }
  for (const nlohmann::json& b : backends)
    for (auto& [pair, n] : filterCounts)
      if (pair.first == str(b, "name")) filters.push_back(pair);
  o << "<h2>Cases</h2>\n<p>Disagreements first, then by each backend's classification; the buttons "
       "filter and sort.</p>\n"
    << "<div class=\"filters\"><label><input type=\"radio\" name=\"show\" id=\"f-all\" checked> "
       "all cases</label><label><input type=\"radio\" name=\"show\" id=\"f-dis\"> "
       "disagreements only</label>";
  o << "<style>body:has(#f-dis:checked) tr.case:not(.dis){display:none}";
  for (size_t k = 0; k < filters.size(); ++k)
    o << "body:has(#f" << k << ":checked) tr.case:not(.c" << k << "){display:none}";
  o << "</style>";
  for (size_t k = 0; k < filters.size(); ++k)
    o << "<label><input type=\"radio\" name=\"show\" id=\"f" << k << "\"> " << esc(filters[k].first)
      << ": " << badge(filters[k].second) << " " << filterCounts[filters[k]] << "</label>";
  o << "</div>\n";
  // Sorting without a script either: the table is a CSS grid whose rows are `display:
  // contents`, so its cells are the grid's items; each row carries its rank under every sort key
  // as a custom property (--s0, --s1, ...) and the checked sort button gives every cell
  // `order: var(--sK)`: the cells of one row share one order and stay together.
  const nlohmann::json& cases = report.value("cases", nlohmann::json::array());
  std::vector<SortKey> keys = sortKeys(cases, backends);
  o << "<div class=\"filters\">sort: <label><input type=\"radio\" name=\"sort\" id=\"s-default\" "
       "checked> disagreements first</label>";
  for (size_t k = 0; k < keys.size(); ++k)
    o << "<label><input type=\"radio\" name=\"sort\" id=\"s" << k << "\"> " << esc(keys[k].label)
      << "</label>";
  o << "</div>\n<style>table.cases{grid-template-columns:18% 14%";
  for (size_t i = 0; i < backends.size(); ++i) o << " minmax(0,1fr)";
  o << "}";
  for (size_t k = 0; k < keys.size(); ++k)
    o << "body:has(#s" << k << ":checked) table.cases td{order:var(--s" << k << ")}";
  o << "</style>\n";
  o << "<table class=\"cases\"><colgroup><col class=\"case\"><col class=\"plumb\">";
  for (size_t i = 0; i < backends.size(); ++i) o << "<col>";
  o << "</colgroup><tr><th>case</th><th>Plumb</th>";
  for (const nlohmann::json& b : backends) o << "<th>" << esc(str(b, "name")) << "</th>";
  o << "</tr>\n";
  for (size_t index : caseOrder(cases, backends)) {
    const nlohmann::json& c = cases[index];
    std::string classes = c.value("disagreement", false) ? "case dis" : "case";
    const nlohmann::json& caseResults = c.value("results", nlohmann::json::object());
    for (size_t k = 0; k < filters.size(); ++k)
      if (caseResults.contains(filters[k].first) &&
          caseResults[filters[k].first].value("classification", "") == filters[k].second)
        classes += " c" + std::to_string(k);
    std::string ranks;
    for (size_t k = 0; k < keys.size(); ++k)
      ranks += "--s" + std::to_string(k) + ":" + std::to_string(keys[k].rank[index]) + ";";
    o << "<tr id=\"" << esc(str(c, "id")) << "\" class=\"" << classes << "\" style=\"" << ranks
      << "\"><td><b>" << esc(str(c, "id")) << "</b>";
    if (c.contains("description")) o << "<div>" << esc(str(c, "description")) << "</div>";
    if (c.value("backendsDiffer", false))
      o << "<div class=\"differ\">the backends' outputs differ</div>";
    o << "<div class=\"muted\">" << esc(str(c, "file")) << "<br>";
    std::string mode = str(c, "mode", "run");
    if (mode == "run") {
      o << "entry " << esc(str(c, "entry")) << ", dispatch "
        << esc(c.value("dispatch", nlohmann::json::array()).dump());
    } else if (mode == "module") {
      o << "verdict only: shader module";
    } else {
      o << "verdict only: pipelines";
      for (const nlohmann::json& p : c.value("pipelines", nlohmann::json::array()))
        o << " " << esc(str(p, "stage")) << " " << esc(str(p, "entry"));
    }
    if (c.contains("constants")) o << "<br>constants " << esc(c["constants"].dump());
    o << "</div>";
    if (c.contains("known"))
      o << "<div class=\"muted\">known: " << esc(c["known"].dump()) << "</div>";
    o << "<details><summary>WGSL</summary><pre>" << numbered(str(c, "wgsl")) << "</pre></details>";
    o << "</td><td>" << plumbCell(c) << "</td>";
    for (const nlohmann::json& b : backends) {
      const nlohmann::json& results = c.value("results", nlohmann::json::object());
      o << "<td>" << (results.contains(str(b, "name")) ? backendCell(results[str(b, "name")]) : "")
        << "</td>";
    }
    o << "</tr>\n";
  }
  o << "</table>\n</body></html>\n";
  return o.str();
}

std::string reportText(const nlohmann::json& report) {
  std::ostringstream o;
  for (const nlohmann::json& c : report.value("cases", nlohmann::json::array())) {
    o << str(c, "id") << ": ";
    if (c.contains("error")) {
      o << "not prepared: " << str(c, "error") << "\n";
      continue;
    }
    const nlohmann::json& p = c["plumb"];
    o << (p.value("valid", false) ? "Plumb valid" : "Plumb invalid [" + str(p, "rule") + "]");
    const std::string mode = str(c, "mode", "run");
    if (mode == "draw")
      o << " (drawn: " << str(c["draw"], "stage") << " stage)";
    else if (mode != "run")
      o << " (verdict only)";
    if (p.contains("caseMismatch")) o << " NOT the case's verdict: " << str(p, "caseMismatch");
    const nlohmann::json results = c.value("results", nlohmann::json::object());
    for (auto& [name, r] : results.items()) o << "; " << name << " " << str(r, "classification");
    if (c.value("backendsDiffer", false)) o << "; outputs differ";
    const nlohmann::json& expected = c.value("expected", nlohmann::json::object());
    if (expected.contains("races"))
      o << "; data races at " << expected["races"].size() << " location(s) (racy program)";
    o << "\n";
    for (auto& [name, r] : results.items()) {
      std::string cls = str(r, "classification");
      if (cls != "agree" && cls != "skipped") o << "  " << name << ": " << str(r, "detail") << "\n";
    }
  }
  for (const nlohmann::json& b : report.value("backends", nlohmann::json::array())) {
    o << str(b, "name") << ": ";
    if (!b.value("available", true)) {
      o << "unavailable: " << str(b, "error") << "\n";
      continue;
    }
    o << str(b, "casesRun") << " cases in " << str(b, "seconds") << " s ("
      << str(b, "casesPerSecond", "–") << " cases/s), " << str(b, "restarts") << " restarts;";
    const nlohmann::json counts = report.value("summary", nlohmann::json::object())
                                      .value("byBackend", nlohmann::json::object())
                                      .value(str(b, "name"), nlohmann::json::object());
    for (auto& [k, v] : counts.items()) o << " " << k << " " << v.get<int>();
    o << "\n";
  }
  const nlohmann::json& oc = report.value("outcomeComparison", nlohmann::json::object());
  if (!oc.value("available", false))
    o << "outcome comparison not available: " << str(oc, "reason") << "\n";
  return o.str();
}

}  // namespace plumb::oracle
