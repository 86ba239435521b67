// Folded values: cgc's constants against Plumb's evaluator (docs/cg.md "Folded values").
#include "oracle/cg/cg_fold.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <sstream>

#include "checker/cg/front_end.h"
#include "checker/cg/profile.h"
#include "interpreter/cg/evaluator.h"
#include "oracle/cg/cg_oracle.h"

namespace plumb::cg {
namespace {

std::vector<std::string> numbersIn(const std::string& text) {
  static const std::regex number(R"([-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number);
       it != std::sregex_iterator(); ++it)
    out.push_back(it->str());
  return out;
}

bool isInteger(const std::string& s) {
  return s.find_first_of(".eE") == std::string::npos;
}

/// Half a unit in the 8th significant digit of `v`: the assembly profiles print 8 digits, so
/// every value within it of the printed one prints the same.
double eighthDigitHalfUnit(double v) {
  if (v == 0) return 0;
  return 0.5 * std::pow(10.0, std::floor(std::log10(std::fabs(v))) - 7);
}

/// Whether cgc's printed `text` may be the component `c`.
bool matches(const std::string& text, bool exact, const PlumbFold::Component& c) {
  using K = PlumbFold::Component::Kind;
  if (c.kind == K::Any) return true;
  const double d = std::strtod(text.c_str(), nullptr);
  if (c.kind == K::Bool) return d == 0 || d == 1;
  if (c.kind == K::Int)
    return isInteger(text) ? std::strtoll(text.c_str(), nullptr, 10) == c.integer
                           : d == static_cast<double>(c.integer);
  if (std::isnan(d)) return c.nan;
  if (exact) {
    // 18 significant digits name one binary32 value: the decimal rounded to binary32.
    const double v = c.binary32 ? static_cast<double>(static_cast<float>(d)) : d;
    return c.lo <= v && v <= c.hi;
  }
  const double u = eighthDigitHalfUnit(d);
  return c.lo <= d + u && d - u <= c.hi;
}

PlumbFold::Component componentOf(const Component& c) {
  PlumbFold::Component out;
  out.text = componentText(c);
  switch (c.kind) {
    case ComponentKind::Bool:
      out.kind = c.canFalse && c.canTrue ? PlumbFold::Component::Kind::Any
                                         : PlumbFold::Component::Kind::Bool;
      out.integer = c.canTrue;
      break;
    case ComponentKind::Int:
      out.kind =
          c.integer.undefined ? PlumbFold::Component::Kind::Any : PlumbFold::Component::Kind::Int;
      out.integer = c.integer.value;
      break;
    case ComponentKind::Number:
      if (c.number.undefined) {
        out.kind = PlumbFold::Component::Kind::Any;
        break;
      }
      out.kind = PlumbFold::Component::Kind::Number;
      out.lo = c.number.values ? c.number.lo : INFINITY;
      out.hi = c.number.values ? c.number.hi : -INFINITY;
      out.nan = c.number.nan;
      out.binary32 = c.model == Model::Fp32;
      break;
  }
  return out;
}

/// The seed's reading (the program's record, or the generator's own derivation) allows `text`.
bool withinReading(const std::vector<std::string>& reading, const std::string& text, bool exact) {
  const double d = std::strtod(text.c_str(), nullptr);
  for (const std::string& r : reading) {
    if (r == "any") return true;
    double v = r == "inf" ? INFINITY : r == "-inf" ? -INFINITY : std::strtod(r.c_str(), nullptr);
    if (std::isnan(v) && std::isnan(d)) return true;
    if (exact ? (v == d || static_cast<float>(v) == static_cast<float>(d))
              : std::fabs(v - d) <= eighthDigitHalfUnit(d))
      return true;
  }
  return false;
}

}  // namespace

std::optional<FoldedConstants> foldedConstants(const std::string& output,
                                               const std::string& profile) {
  if (profile.rfind("hlsl", 0) == 0) {
    std::optional<std::vector<std::string>> v = hlslFoldedValues(output);
    if (!v) return std::nullopt;
    return FoldedConstants{*v, true};
  }
  FoldedConstants out;
  static const std::regex constant(R"(^\s*[#/]*\s*const c\[\d+\] = (.*)$)");
  static const std::regex param(R"(PARAM c\[\d+\] = \{(.*)\};)");
  static const std::regex def(R"(^\s*def c\d+,(.*)$)");
  static const std::regex immediate(R"(^\s*MOV[A-Z.]*\s+\S+,\s*\{([^}]*)\})");
  std::stringstream s(output);
  bool commented = false;  // arbfp1 and ps_2_0 list the constants as comments too
  for (std::string l; std::getline(s, l);) {
    std::smatch m;
    if (std::regex_search(l, m, constant)) {
      commented = true;
      for (const std::string& n : numbersIn(m[1])) out.values.push_back(n);
    }
  }
  if (!commented) {
    std::stringstream again(output);
    for (std::string l; std::getline(again, l);) {
      std::smatch m;
      if (std::regex_search(l, m, param) || std::regex_search(l, m, def) ||
          std::regex_search(l, m, immediate)) {
        std::string body = m[1];
        // PARAM c[1] = { { 1, 2 } }: the index in c[1] is not a constant.
        for (const std::string& n : numbersIn(body)) out.values.push_back(n);
      }
    }
  }
  if (out.values.empty()) return std::nullopt;
  return out;
}

PlumbFold foldWithPlumb(const OracleProgram& program) {
  PlumbFold out;
  const std::string profile = plumbProfileFor(program.profile);
  if (profile.empty()) {
    out.unsupported = "Plumb has no profile like " + program.profile;
    return out;
  }
  std::string text = program.source;
  PreprocessOptions preprocess;
  if (!program.path.empty()) {
    std::string error;
    auto read = readSourceFile(program.path, error);
    if (!read) {
      out.unsupported = "cannot read: " + error;
      return out;
    }
    text = std::string(read->text());
    preprocess.directory = std::filesystem::path(program.path).parent_path().string();
  }
  SourceFile file(program.path.empty() ? program.name : program.path, text);
  DiagnosticList diagnostics;
  CheckOptions check;
  check.profile = profile;
  check.entry = program.entry;
  FrontEndResult fe = compileCg(file, diagnostics, check, preprocess);
  if (!fe.program || !fe.checked) {
    out.unsupported = "Plumb rejects the program";
    return out;
  }
  // The profile's numeric model: a profile that computes half or fixed as float folds them
  // either at that run-time precision ("preferably performed at the same precision that would
  // be used if the operation were performed at run time") or at the type's own ("may
  // optionally be performed using the precision indicated below for each of the numeric
  // datatypes"; seed "Constants"): the set is both runs' outcomes.
  std::vector<Precision> precisions = {Precision::Types};
  if (const Profile* pr = findProfile(profile); pr && (!pr->nativeHalf || !pr->nativeFixed))
    precisions.push_back(Precision::Fp32);
  std::vector<Outcome> outcomes;
  for (Precision precision : precisions) {
    RunOptions run;
    run.file = fe.source.get();
    run.checked = &*fe.checked;
    run.entry = program.entry;
    run.profile = profile;
    run.precision = precision;
    RunResult r = runFunction(*fe.program, run);
    if (!r.error.empty()) {
      out.unsupported = r.error;
      return out;
    }
    out.incomplete = out.incomplete || r.executionLimitReached;
    outcomes.insert(outcomes.end(), r.outcomes.begin(), r.outcomes.end());
  }
  for (const Outcome& o : outcomes) {
    if (o.status == Outcome::Status::Undefined) {
      out.anyOutcome = true;
      continue;
    }
    if (o.status != Outcome::Status::Returned) {
      out.unsupported = std::string(statusName(o.status)) + ": " + o.reason;
      return out;
    }
    for (const Output& x : o.outputs) {
      if (x.name != "return") continue;
      std::vector<PlumbFold::Component> comps;
      for (const Component& c : x.value.components) comps.push_back(componentOf(c));
      out.outcomes.push_back(std::move(comps));
    }
  }
  if (out.outcomes.empty() && !out.anyOutcome) out.unsupported = "no value returned";
  return out;
}

FoldComparison compareFold(const OracleProgram& program, const PlumbFold& plumb,
                           const CgcResult& cgc) {
  FoldComparison f;
  for (const auto& o : plumb.outcomes) {
    std::string t;
    for (const auto& c : o) t += (t.empty() ? "" : ", ") + c.text;
    f.plumbSets.push_back("(" + t + ")");
  }
  if (plumb.anyOutcome) f.plumbSets.push_back("undefined (any value)");
  if (!cgc.ran || cgc.verdict == "reject") {
    f.kind = "unsupported";
    f.reason = "cgc did not compile the program";
    return f;
  }
  std::optional<FoldedConstants> folded = foldedConstants(cgc.output, program.profile);
  if (!folded) {
    f.kind = "not-folded";
    f.reason = "cgc's output holds no constant for the returned expression";
    return f;
  }
  f.cgcValues = folded->values;
  f.exactDigits = folded->exact;
  if (!plumb.unsupported.empty()) {
    f.kind = "unsupported";
    f.reason = "Plumb cannot evaluate it: " + plumb.unsupported;
    return f;
  }
  if (plumb.anyOutcome) {
    f.kind = "agree";
    f.reason = "the seed leaves the value undefined (any value)";
    return f;
  }
  // exact (hlsl): the returned components in order, each in the same outcome's set (a smeared
  // scalar: every printed component against it); assembly: every component of Plumb's value
  // among the printed constants (which also hold other constants, in no useful order).
  auto inOutcome = [&](const std::vector<PlumbFold::Component>& o) {
    if (o.empty()) return false;
    if (folded->exact) {
      for (size_t i = 0; i < folded->values.size(); ++i)
        if (!matches(folded->values[i], true, o[std::min(i, o.size() - 1)])) return false;
      return true;
    }
    for (const auto& c : o) {
      bool any = false;
      for (const std::string& v : folded->values) any = any || matches(v, false, c);
      if (!any) return false;
    }
    return true;
  };
  bool within = false;
  for (const auto& o : plumb.outcomes) within = within || inOutcome(o);
  bool allWithin = true;  // cgc's values within the program's reading of the seed, if any
  for (const std::string& v : f.cgcValues)
    allWithin = allWithin && withinReading(program.seedValues, v, folded->exact);
  std::string reading;
  for (const std::string& r : program.seedValues) reading += (reading.empty() ? "" : ", ") + r;
  if (within) {
    f.kind = "agree";
    // An interval set (a flushed subnormal and the subnormal itself, both roundings of fixed)
    // also holds values between its ends the seed does not allow: say so when cgc's is one.
    if (!program.seedValues.empty() && !allWithin) {
      f.kind = "plumb-wider";
      f.reason = "cgc's value is in Plumb's interval but not in the seed's reading {" + reading +
                 "}: Plumb's set is wider than the seed's there";
    }
    return f;
  }
  std::string shown;  // cgc's values, each once (a smeared scalar prints four times)
  std::vector<std::string> seen;
  for (const std::string& v : f.cgcValues) {
    if (std::find(seen.begin(), seen.end(), v) != seen.end()) continue;
    seen.push_back(v);
    shown += (shown.empty() ? "" : ", ") + v;
  }
  std::string sets;
  for (const std::string& s : f.plumbSets) sets += (sets.empty() ? "" : " or ") + s;
  if (program.seedSilent) {
    f.kind = "seed-defect";
    f.reason = "cgc folds " + shown + ", outside Plumb's " + sets +
               "; the seed is silent on a step " + "the value depends on (" + program.rule + ")";
    return f;
  }
  if (program.seedValues.empty()) {
    f.kind = "plumb-bug";
    f.reason = "cgc folds " + shown + ", outside Plumb's " + sets + ", and no reading explains it";
    return f;
  }
  if (allWithin) {
    f.kind = "plumb-bug";
    f.reason = "cgc folds " + shown + ", which the seed's reading {" + reading +
               "} allows, outside Plumb's " + sets + " (too narrow)";
  } else {
    f.kind = "cgc-deviation";
    f.reason = "cgc folds " + shown + ", outside the seed's reading {" + reading + "} (" +
               program.rule + ") and Plumb's " + sets;
  }
  return f;
}

nlohmann::json foldJson(const FoldComparison& f) {
  return {{"classification", f.kind},
          {"reason", f.reason},
          {"cgc", f.cgcValues},
          {"cgc_exact_digits", f.exactDigits},
          {"plumb", f.plumbSets}};
}

}  // namespace plumb::cg
