// Verdict and outcome-set comparison (docs/oracle.md, docs/formats.md `plumb-run`).
#include "oracle/wgsl/compare.h"
#include "oracle/wgsl/draw_compare.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <tuple>

namespace plumb::oracle {

namespace {

std::optional<uint32_t> hexWord(const nlohmann::json& j) {
  return parseWord(j);
}

/// f32 order on bit patterns, with ±0 equal (docs/formats.md: intervals are inclusive; ±0
/// equal). NaN compares with nothing.
bool f32Within(uint32_t lo, uint32_t hi, uint32_t w) {
  float a = std::bit_cast<float>(lo), b = std::bit_cast<float>(hi), x = std::bit_cast<float>(w);
  if (std::isnan(x) || std::isnan(a) || std::isnan(b)) return false;
  return a <= x && x <= b;
}

uint16_t halfBits(uint32_t w, int i) {
  return static_cast<uint16_t>(i == 0 ? (w & 0xffff) : (w >> 16));
}

/// f16 bits to a double (exact).
double f16Value(uint16_t h) {
  int sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, frac = h & 0x3ff;
  double v;
  if (exp == 0)
    v = std::ldexp(frac, -24);
  else if (exp == 31)
    v = frac ? std::nan("") : INFINITY;
  else
    v = std::ldexp(1024 + frac, exp - 25);
  return sign ? -v : v;
}

/// The forms a WORD and a HALF share (docs/formats.md `plumb-run`): any, exact, set, and an
/// interval whose bounds `within` interprets. Nothing when `allowed` has none of them.
template <class Within>
std::optional<bool> sharedForm(const nlohmann::json& allowed, uint32_t value, const char* what,
                               std::string& error, const Within& within) {
  if (allowed.contains("any")) return true;
  if (allowed.contains("exact")) {
    std::optional<uint32_t> v = hexWord(allowed["exact"]);
    if (!v) {
      error = std::string("bad exact ") + what + " " + allowed["exact"].dump();
      return false;
    }
    return *v == value;
  }
  if (allowed.contains("set")) {
    if (!allowed["set"].is_array()) {
      error = "\"set\" must be an array";
      return false;
    }
    for (const nlohmann::json& e : allowed["set"]) {
      std::optional<uint32_t> v = hexWord(e);
      if (!v) {
        error = std::string("bad ") + what + " in set " + e.dump();
        return false;
      }
      if (*v == value) return true;
    }
    return false;
  }
  if (allowed.contains("interval")) {
    const nlohmann::json& iv = allowed["interval"];
    std::optional<uint32_t> lo = iv.is_array() && iv.size() == 2 ? hexWord(iv[0]) : std::nullopt;
    std::optional<uint32_t> hi = iv.is_array() && iv.size() == 2 ? hexWord(iv[1]) : std::nullopt;
    if (!lo || !hi) {
      error = std::string("bad ") + what + " interval " + iv.dump();
      return false;
    }
    return within(*lo, *hi);
  }
  return std::nullopt;
}

/// The typed stop of an outcome that did not finish (docs/formats.md `plumb-run`): its kind
/// ("dynamic error", "unsupported", "limit", "internal error"; "stopped" for a version-1
/// `dynamic error`, which may have been any of them) and a phrase naming it for the note.
struct OutcomeStop {
  std::string kind;
  std::string what;
  size_t index = 0;
};

OutcomeStop outcomeStop(const nlohmann::json& outcome, int version, size_t index) {
  std::string kind = outcome.value("kind", "finished");
  std::string message = outcome.value("message", "");
  OutcomeStop s{kind, kind, index};
  if (version < 2) {
    // Version 1: `step limit` and `deadlock` were what they say; `dynamic error` held every
    // other stop (a spec'd error, an unsupported feature, a limit, a bug) without saying which.
    if (kind == "step limit")
      s = {"limit", "a limit: steps (--max-steps)", index};
    else if (kind == "deadlock")
      s = {"dynamic error", "a dynamic error [barrier]: deadlock", index};
    else
      s = {"stopped", "a '" + kind + "' outcome (a version-1 report does not say why)", index};
    if (!message.empty()) s.what += ": " + message;
    return s;
  }
  const nlohmann::json stop = outcome.value("stop", nlohmann::json::object());
  if (kind == "dynamic error") {
    s.what = "a dynamic error [" + stop.value("rule", std::string("?")) + "]";
  } else if (kind == "unsupported") {
    s.what = "a feature Plumb does not support: " + stop.value("feature", std::string("?"));
  } else if (kind == "limit") {
    s.what = "a limit of Plumb's: " + stop.value("bound", std::string("?")) + " = " +
             (stop.contains("value") ? stop["value"].dump() : std::string("?"));
  } else if (kind == "internal error") {
    s.what = "an internal error (a bug in Plumb)";
  } else {
    s.kind = "stopped";
    s.what = "a '" + kind + "' outcome";
  }
  if (!message.empty()) s.what += ": " + message;
  return s;
}

bool halfAllowed(const nlohmann::json& allowed, uint16_t h, std::string& error) {
  if (!allowed.is_object()) {
    error = "a HALF must be an object";
    return false;
  }
  std::optional<bool> r = sharedForm(allowed, h, "half", error, [&](uint32_t lo, uint32_t hi) {
    double a = f16Value(static_cast<uint16_t>(lo)), b = f16Value(static_cast<uint16_t>(hi)),
           x = f16Value(h);
    return !std::isnan(x) && a <= x && x <= b;
  });
  if (r) return *r;
  error = "unknown HALF form " + allowed.dump();
  return false;
}

}  // namespace

bool wordAllowed(const nlohmann::json& allowed, uint32_t word, std::string& error) {
  if (!allowed.is_object()) {
    error = "a WORD must be an object";
    return false;
  }
  std::string type = allowed.value("type", "f32");
  bool badType = false;
  std::optional<bool> r = sharedForm(allowed, word, "word", error, [&](uint32_t lo, uint32_t hi) {
    if (type == "f32") return f32Within(lo, hi, word);
    if (type == "u32") return lo <= word && word <= hi;
    if (type == "i32") {
      auto s = [](uint32_t v) { return static_cast<int32_t>(v); };
      return s(lo) <= s(word) && s(word) <= s(hi);
    }
    badType = true;
    return false;
  });
  if (badType) {
    error = "unknown interval type '" + type + "'";
    return false;
  }
  if (r) return *r;
  if (allowed.contains("f16")) {
    const nlohmann::json& halves = allowed["f16"];
    if (!halves.is_array() || halves.size() != 2) {
      error = "\"f16\" must be [HALF, HALF]";
      return false;
    }
    return halfAllowed(halves[0], halfBits(word, 0), error) &&
           halfAllowed(halves[1], halfBits(word, 1), error);
  }
  error = "unknown WORD form " + allowed.dump();
  return false;
}

const char* outcomeStatusName(OutcomeMatch::Status s) {
  switch (s) {
    case OutcomeMatch::Status::Conformant:
      return "conformant";
    case OutcomeMatch::Status::Outside:
      return "outside";
    case OutcomeMatch::Status::Inconclusive:
      return "inconclusive";
    case OutcomeMatch::Status::NotAvailable:
      return "not-available";
    case OutcomeMatch::Status::PlumbBug:
      return "plumb-bug";
  }
  return "not-available";
}

OutcomeMatch compareWithOutcomes(const nlohmann::json& plumbRun,
                                 const std::vector<DeviceBuffer>& device) {
  OutcomeMatch m;
  if (!plumbRun.is_object() || !plumbRun.contains("outcomes") || !plumbRun["outcomes"].is_array()) {
    m.note = "the plumb-run report has no \"outcomes\"";
    return m;
  }
  // docs/formats.md: a reader rejects the versions it does not know, with a message.
  int version = plumbRun.contains("version") && plumbRun["version"].is_number_integer()
                    ? plumbRun["version"].get<int>()
                    : 1;
  if (version < 1 || version > 4) {
    m.note = "plumb-run version " + std::to_string(version) +
             " is not supported (this Plumb reads versions 1 to 4)";
    return m;
  }
  std::map<std::pair<uint32_t, uint32_t>, const DeviceBuffer*> byBinding;
  for (const DeviceBuffer& b : device) byBinding[{b.group, b.binding}] = &b;
  const nlohmann::json& outcomes = plumbRun["outcomes"];
  size_t bestCount = SIZE_MAX;
  std::vector<WordDiff> bestDiffs;
  std::vector<OutcomeStop> unfinished;
  // An internal error is a bug in Plumb (interpreter/wgsl/stop.h): Plumb's set is not to be trusted,
  // whatever the device wrote.
  for (size_t o = 0; o < outcomes.size(); ++o) {
    if (outcomes[o].value("kind", "") != "internal error" || version < 2) continue;
    m.status = OutcomeMatch::Status::PlumbBug;
    m.outcome = static_cast<int>(o);
    m.stop = "internal error";
    m.note = "outcome " + std::to_string(o) + " is " + outcomeStop(outcomes[o], version, o).what;
    return m;
  }
  for (size_t o = 0; o < outcomes.size(); ++o) {
    const nlohmann::json& outcome = outcomes[o];
    std::string kind = outcome.value("kind", "finished");
    if (kind != "finished") {
      unfinished.push_back(outcomeStop(outcome, version, o));
      continue;
    }
    std::vector<WordDiff> diffs;
    size_t count = 0;
    for (const nlohmann::json& buffer : outcome.value("buffers", nlohmann::json::array())) {
      uint32_t g = buffer.value("group", 0u), b = buffer.value("binding", 0u);
      auto it = byBinding.find({g, b});
      if (it == byBinding.end()) {
        m.status = OutcomeMatch::Status::NotAvailable;
        m.note = "the device did not report buffer @group(" + std::to_string(g) + ") @binding(" +
                 std::to_string(b) + ") that Plumb's outcomes list";
        return m;
      }
      const std::vector<uint32_t>& words = it->second->words;
      const nlohmann::json& allowed = buffer.value("words", nlohmann::json::array());
      for (size_t i = 0; i < allowed.size(); ++i) {
        std::string error;
        bool ok = i < words.size() && wordAllowed(allowed[i], words[i], error);
        if (!error.empty()) {
          m.status = OutcomeMatch::Status::NotAvailable;
          m.note = "malformed plumb-run word: " + error;
          return m;
        }
        if (!ok) {
          ++count;
          if (diffs.size() < 64)
            diffs.push_back(
                {g, b, static_cast<uint32_t>(i), i < words.size() ? words[i] : 0, allowed[i]});
        }
      }
    }
    if (count == 0) {
      m.status = OutcomeMatch::Status::Conformant;
      m.outcome = static_cast<int>(o);
      if (!outcome.value("choices", nlohmann::json::array()).empty())
        m.note = "outcome " + std::to_string(o) + " (choices " + outcome["choices"].dump() + ")";
      else
        m.note = "outcome " + std::to_string(o);
      return m;
    }
    if (count < bestCount) {
      bestCount = count;
      bestDiffs = std::move(diffs);
      m.outcome = static_cast<int>(o);
    }
  }
  // The output lies in no finished outcome: the stops decide (docs/oracle.md). After a dynamic
  // error the spec leaves the outcome to WebGPU (#dynamic-error), so any output is allowed; an
  // unsupported feature or a limit leaves Plumb's set unknown there: inconclusive, naming it.
  auto firstStop = [&](std::string_view kind) -> const OutcomeStop* {
    for (const OutcomeStop& s : unfinished)
      if (s.kind == kind) return &s;
    return nullptr;
  };
  if (const OutcomeStop* s = firstStop("dynamic error")) {
    m.status = OutcomeMatch::Status::Conformant;
    m.outcome = static_cast<int>(s->index);
    m.stop = s->kind;
    m.note = "outcome " + std::to_string(s->index) + ", " + s->what +
             " (after a dynamic error the spec allows any output, #dynamic-error)";
    return m;
  }
  const OutcomeStop* decisive = firstStop("unsupported");
  if (!decisive) decisive = firstStop("limit");
  if (!decisive && !unfinished.empty()) decisive = &unfinished.front();
  if (bestCount == SIZE_MAX) {
    if (!decisive) {
      m.note = "the plumb-run report has no outcomes";
      return m;
    }
    m.status = OutcomeMatch::Status::Inconclusive;
    m.stop = decisive->kind;
    m.note = "no outcome of Plumb's set finished: outcome " + std::to_string(decisive->index) +
             " is " + decisive->what;
    return m;
  }
  m.diffs = std::move(bestDiffs);
  m.diffCount = bestCount;
  const nlohmann::json executions = plumbRun.value("executions", nlohmann::json::object());
  bool complete = executions.value("complete", true);
  // One schedule of a program with atomic operations (`plumb run` without --all-schedules,
  // docs/ambiguities.md M3): another order of the atomics may give the device's output.
  bool oneSchedule = executions.value("schedules", "") == "one";
  if (decisive) {
    m.status = OutcomeMatch::Status::Inconclusive;
    m.stop = decisive->kind;
    m.note = "outside every finished outcome, but Plumb's outcome " +
             std::to_string(decisive->index) + " is " + decisive->what;
  } else if (!complete) {
    // An incomplete set never makes an output Outside (design.md "Sets, not values"): the
    // outcomes not explored might hold it. The bound is a Limit stop (version 3:
    // `executions.stop`; before, --max-executions was the only one).
    const nlohmann::json stop = executions.value("stop", nlohmann::json::object());
    std::string bound = stop.value("bound", "executions");
    std::string value = stop.contains("value") ? " = " + stop["value"].dump() : "";
    m.status = OutcomeMatch::Status::Inconclusive;
    m.stop = "limit";
    m.note =
        "outside every outcome found, but Plumb's exploration was incomplete: it stopped at "
        "the limit " +
        bound + value + (bound == "executions" ? " (--max-executions)" : std::string());
  } else if (oneSchedule) {
    m.status = OutcomeMatch::Status::Inconclusive;
    m.note =
        "outside every outcome found, but Plumb explored one order of the program's atomic "
        "operations (--all-schedules explores every order)";
  } else {
    m.status = OutcomeMatch::Status::Outside;
    m.note = std::to_string(bestCount) + " word(s) outside the closest outcome (" +
             std::to_string(m.outcome) + ")";
  }
  // A racy program (plumb-run `races`, #memory-model): Plumb widens what a race makes possible
  // (docs/ambiguities.md M14); should a device still differ only at words that racing accesses
  // write, the difference is not called a disagreement.
  const nlohmann::json races = plumbRun.value("races", nlohmann::json::array());
  if (m.status == OutcomeMatch::Status::Outside && !races.empty()) {
    std::set<std::tuple<uint32_t, uint32_t, uint32_t>> racy;
    for (const nlohmann::json& r : races)
      if (r.contains("word"))
        racy.insert({r.value("group", 0u), r.value("binding", 0u), r.value("word", 0u)});
    bool onlyRacy = m.diffs.size() == m.diffCount;
    for (const WordDiff& d : m.diffs)
      onlyRacy = onlyRacy && racy.count({d.group, d.binding, d.index});
    if (onlyRacy) {
      m.status = OutcomeMatch::Status::Inconclusive;
      m.note = "outside only at words that racing writes write (the program has data races at " +
               std::to_string(races.size()) + " location(s))";
    } else {
      m.note += "; the program has data races at " + std::to_string(races.size()) +
                " location(s), but not at these words";
    }
  }
  return m;
}

OutcomeProvider defaultOutcomeProvider() {
  return [](const OracleCase& c, std::string& whyNot) -> std::optional<nlohmann::json> {
    if (c.expect) return c.expect;
    whyNot =
        "outcome comparison not available: the interpreter (issue 5) is not wired to plumb oracle "
        "yet, and the case gives no \"expect\"";
    return std::nullopt;
  };
}

const char* classificationName(Classification c) {
  switch (c) {
    case Classification::Agree:
      return "agree";
    case Classification::AcceptsInvalid:
      return "accepts-invalid";
    case Classification::RejectsValid:
      return "rejects-valid";
    case Classification::OutputOutside:
      return "output-outside";
    case Classification::Crash:
      return "crash";
    case Classification::Timeout:
      return "timeout";
    case Classification::Error:
      return "error";
    case Classification::Skipped:
      return "skipped";
    case Classification::PlumbBug:
      return "plumb-bug";
    case Classification::RevisionDelta:
      return "revision-delta";
  }
  return "skipped";
}

bool isDisagreement(Classification c) {
  return c != Classification::Agree && c != Classification::Skipped &&
         c != Classification::PlumbBug && c != Classification::RevisionDelta;
}

namespace {

std::string hexOf(uint32_t w) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", w);
  return buf;
}

/// The backend's first error message, for the one-line detail.
std::string firstMessage(const nlohmann::json& raw) {
  for (const nlohmann::json& m : raw.value("compilation", nlohmann::json::array()))
    if (m.value("type", "") == "error")
      return std::to_string(m.value("line", 0)) + ":" + std::to_string(m.value("column", 0)) +
             ": " + m.value("message", "");
  if (raw.contains("pipeline") && raw["pipeline"].is_object() && !raw["pipeline"].value("ok", true))
    return raw["pipeline"].value("error", std::string("pipeline creation failed"));
  for (const nlohmann::json& v : raw.value("validation", nlohmann::json::array())) {
    std::string m = v.value("message", "");
    return m.substr(0, m.find('\n'));
  }
  return raw.value("error", "");
}

/// Whether Plumb's valid verdict carries a [limits] warning: the shader goes beyond a minimum
/// supported value of new#limits (revision 2026), which an implementation may reject.
bool beyondAMinimumSupportedLimit(const PlumbVerdict& v) {
  for (const nlohmann::json& d : v.diagnostics)
    if (d.value("severity", "") == "warning" && d.value("rule", "") == "limits") return true;
  return false;
}

}  // namespace

void classify(const OracleCase& c, const std::optional<nlohmann::json>& outcomes,
              const std::string& outcomesWhyNot, BackendCaseResult& r) {
  if (!r.raw.is_object()) r.raw = nlohmann::json::object();
  const std::string& s = r.status;
  const PlumbVerdict& v = c.verdict;
  std::string plumbSays = v.valid ? "Plumb accepts"
                                  : "Plumb rejects [" + v.rule + "] at " + std::to_string(v.line) +
                                        ":" + std::to_string(v.column);
  r.outcome = OutcomeMatch{};
  if (s == "not-run" || s == "unavailable" || s == "unsupported") {
    // "unsupported": the runner cannot do what the case needs (immediate data without
    // setImmediates, docs/oracle.md), which it names.
    r.classification = Classification::Skipped;
    r.detail = r.raw.value("error", s);
    return;
  }
  if (s == "timeout") {
    r.classification = Classification::Timeout;
    r.detail = "no answer in time; the runner was killed and restarted";
    return;
  }
  if (s == "crash" || s == "device-lost") {
    r.classification = Classification::Crash;
    r.detail = s == "crash" ? "the runner died: " + r.raw.value("error", std::string("?"))
                            : "the device was lost: " + r.raw.value("error", std::string("?"));
    return;
  }
  bool rejected = s == "shader-error" || s == "pipeline-error";
  if (rejected) {
    std::string msg = firstMessage(r.raw);
    if (v.valid && beyondAMinimumSupportedLimit(v)) {
      // new#limits (revision 2026): "A WGSL implementation may support shaders that go beyond
      // the specified limits" and "should issue an error if it does not support" one: beyond a
      // minimum supported value both verdicts are allowed (docs/ambiguities.md S24).
      r.classification = Classification::Agree;
      r.detail = "Plumb accepts with a [limits] warning (an implementation may reject a shader "
                 "beyond a minimum supported value); the backend rejects (" +
                 s + "): " + msg;
    } else if (v.valid) {
      r.classification = Classification::RejectsValid;
      r.detail = "Plumb accepts; the backend rejects (" + s + "): " + msg;
    } else {
      r.classification = Classification::Agree;
      r.detail = "both reject: Plumb [" + v.rule + "] " + std::to_string(v.line) + ":" +
                 std::to_string(v.column) + "; backend " + msg;
    }
    return;
  }
  if (s == "module-ok" || s == "pipeline-ok") {
    // A verdict-only case (docs/oracle.md): the backend accepted; nothing was run.
    std::string what = s == "module-ok" ? "created the shader module"
                                        : "created the pipeline of every entry point";
    if (!v.valid) {
      r.classification = Classification::AcceptsInvalid;
      r.detail = plumbSays + ": " + v.message + "; the backend " + what;
    } else {
      r.classification = Classification::Agree;
      r.detail = "both accept (the backend " + what + "; verdict-only, nothing run)";
    }
    return;
  }
  if (s == "executed" || s == "runtime-error") {
    if (!v.valid) {
      r.classification = Classification::AcceptsInvalid;
      r.detail = plumbSays + ": " + v.message + "; the backend created the pipeline" +
                 (s == "executed" ? " and ran it" : "");
      return;
    }
    if (s == "runtime-error") {
      r.classification = Classification::Error;
      r.detail = "error while running: " + firstMessage(r.raw);
      return;
    }
    if (!outcomes) {
      r.classification = Classification::Agree;
      r.outcome.status = OutcomeMatch::Status::NotAvailable;
      r.outcome.note = outcomesWhyNot;
      r.detail = "both accept; outputs not compared (" + outcomesWhyNot + ")";
      return;
    }
    // A draw's outputs per pixel or vertex (oracle/wgsl/draw_compare.h); a dispatch's buffers.
    r.outcome = c.mode == CaseMode::Draw && c.draw
                    ? compareDraw(*c.draw, *outcomes, r.raw, r.buffers)
                    : compareWithOutcomes(*outcomes, r.buffers);
    switch (r.outcome.status) {
      case OutcomeMatch::Status::Conformant:
        r.classification = Classification::Agree;
        r.detail = "both accept; the output lies in " + r.outcome.note;
        break;
      case OutcomeMatch::Status::Outside: {
        r.classification = Classification::OutputOutside;
        r.detail = r.outcome.note;
        if (!r.outcome.diffs.empty()) {
          const WordDiff& d = r.outcome.diffs.front();
          std::string at = !d.where.empty() ? d.where
                                            : "@group(" + std::to_string(d.group) + ") @binding(" +
                                                  std::to_string(d.binding) + ") word " +
                                                  std::to_string(d.index);
          r.detail += "; first: " + at + " = " + hexOf(d.device) + ", allowed " + d.allowed.dump();
        }
        break;
      }
      case OutcomeMatch::Status::PlumbBug:
        // interpreter/wgsl/stop.h: Plumb's own bug, reported as such, not as the backend's.
        r.classification = Classification::PlumbBug;
        r.detail = "Plumb's interpreter failed (please report it): " + r.outcome.note;
        break;
      case OutcomeMatch::Status::Inconclusive:
      case OutcomeMatch::Status::NotAvailable:
        r.classification = Classification::Agree;
        r.detail = "both accept; outputs " + std::string(outcomeStatusName(r.outcome.status)) +
                   ": " + r.outcome.note;
        break;
    }
    return;
  }
  r.classification = Classification::Error;
  r.detail = s + ": " + r.raw.value("error", std::string(""));
}

}  // namespace plumb::oracle
