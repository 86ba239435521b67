// Plumb's side of a `cg` program (docs/gen.md "Family cg"): the Cg front end's verdict and the
// evaluator's outcome set, compared with the family's own reading of the seed.
#include <cmath>
#include <cstdlib>

#include "checker/cg/front_end.h"
#include "gen/cg/cg_family.h"
#include "interpreter/cg/evaluator.h"

namespace plumb::gen::cg {

PlumbSide plumbSide(const CgProgram& p) {
  using namespace plumb::cg;
  PlumbSide out;
  SourceFile file(p.id + ".cg", p.source);
  DiagnosticList diagnostics;
  CheckOptions check;
  check.profile = p.plumbProfile;
  check.entry = p.entry;
  FrontEndResult fe = compileCg(file, diagnostics, check);
  if (!fe.program || !fe.checked || diagnostics.hasErrors()) {
    out.verdict = "reject";
    for (const Diagnostic& d : diagnostics.all())
      if (d.severity == Severity::Error) {
        out.rule = d.rule;
        break;
      }
    return out;
  }
  out.verdict = "accept";
  for (const Diagnostic& d : diagnostics.all())
    if (d.severity == Severity::Warning) out.verdict = "warn";
  if (p.reading.values.empty()) return out;
  RunOptions run;
  run.file = fe.source.get();
  run.checked = &*fe.checked;
  run.entry = p.entry;
  run.profile = p.plumbProfile;
  RunResult r = runFunction(*fe.program, run);
  if (!r.error.empty()) {
    out.unsupported = r.error;
    return out;
  }
  if (r.executionLimitReached) out.unsupported = "--max-executions reached";
  for (const Outcome& o : r.outcomes) {
    PlumbSide::Set s;
    if (o.status == Outcome::Status::Undefined) {
      s.any = true;
      s.text = "undefined (" + o.reason + ")";
      out.values.push_back(s);
      continue;
    }
    if (o.status != Outcome::Status::Returned || o.outputs.empty() ||
        o.outputs[0].value.components.empty()) {
      out.unsupported = std::string(statusName(o.status)) + ": " + o.reason;
      continue;
    }
    const Component& c = o.outputs[0].value.components[0];
    s.text = componentText(c);
    if (c.kind == ComponentKind::Int) {
      s.any = c.integer.undefined;
      s.lo = s.hi = static_cast<double>(c.integer.value);
    } else if (c.kind == ComponentKind::Number) {
      s.any = c.number.undefined;
      s.lo = c.number.values ? c.number.lo : INFINITY;
      s.hi = c.number.values ? c.number.hi : -INFINITY;
      s.nan = c.number.nan;
    } else {
      s.any = c.canFalse && c.canTrue;
      s.lo = s.hi = c.canTrue ? 1 : 0;
    }
    out.values.push_back(s);
  }
  return out;
}

std::string compareWithReading(const CgProgram& p, const PlumbSide& plumb) {
  auto allowed = [&](const std::string& v) {
    for (const std::string& r : p.reading.verdicts)
      if (r == v) return true;
    return false;
  };
  if (!allowed(plumb.verdict)) {
    return "Plumb " + plumb.verdict + "s" + (plumb.rule.empty() ? "" : " (" + plumb.rule + ")") +
           ", the reading allows " + nlohmann::json(p.reading.verdicts).dump();
  }
  if (p.reading.values.empty() || plumb.verdict == "reject") return "";
  if (!plumb.unsupported.empty()) return "Plumb cannot evaluate it: " + plumb.unsupported;
  // Never too narrow: every value the reading allows is in the set of some outcome of Plumb's
  // ("any" needs an outcome that may be any value).
  for (const std::string& r : p.reading.values) {
    bool in = false;
    for (const PlumbSide::Set& s : plumb.values) {
      if (s.any) {
        in = true;
        break;
      }
      if (r == "any") continue;
      const double v = r == "inf"    ? INFINITY
                       : r == "-inf" ? -INFINITY
                                     : std::strtod(r.c_str(), nullptr);
      if (s.lo <= v && v <= s.hi) in = true;
    }
    if (!in) {
      std::string sets;
      for (const PlumbSide::Set& s : plumb.values) sets += (sets.empty() ? "" : " or ") + s.text;
      return "the reading's value " + r + " is outside Plumb's " + sets;
    }
  }
  return "";
}

}  // namespace plumb::gen::cg
