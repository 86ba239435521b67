#include "gen/wgsl/uniformity_solve.h"

#include <set>

namespace plumb::gen::wgsl::uniformity {

namespace {

std::string tagName(z3::model& m, const FunctionTerms& t) {
  if (m.eval(t.subsequent, true).is_true()) return "SubsequentControlFlowMayBeNonUniform";
  if (m.eval(t.returnValue, true).is_true()) return "ReturnValueMayBeNonUniform";
  return "NoRestriction";
}

nlohmann::json tagsJson(z3::model& m, const InstanceTerms& in) {
  nlohmann::json out = nlohmann::json::object();
  for (size_t i = 0; i < in.functions.size(); ++i) {
    const FunctionTerms& t = in.functions[i];
    nlohmann::json params = nlohmann::json::array();
    for (size_t k = 0; k < t.paramRequired.size(); ++k) {
      const char* tag = m.eval(t.paramRequired[k], true).is_true() ? "ParameterRequiredToBeUniform"
                        : m.eval(t.paramSubsequent[k], true).is_true()
                            ? "ParameterRequiredToBeUniformForSubsequentControlFlow"
                        : m.eval(t.paramReturn[k], true).is_true()
                            ? "ParameterRequiredToBeUniformForReturnValue"
                            : "ParameterNoRestriction";
      params.push_back(tag);
    }
    out[t.name] = {
        {"callSite", m.eval(t.callSiteRequired, true).is_true() ? "CallSiteRequiredToBeUniform"
                                                                : "CallSiteNoRestriction"},
        {"function", tagName(m, t)},
        {"parameters", params},
        {"rejected", m.eval(t.rejected, true).is_true()}};
  }
  return out;
}

}  // namespace

std::optional<Solution> solveTemplate(SlotContext& ctx, const Template& t, Mode mode,
                                      std::string& failure) {
  z3::context& z = ctx.solver.ctx();
  z3::solver s = ctx.solver.solver("QF_LIA");
  const Program& p = t.program;
  std::string e0, e1;
  Behaviors b0 = computeBehaviors(p, 0, e0), b1 = computeBehaviors(p, 1, e1);
  if (!e0.empty() || !e1.empty()) {
    failure = "generator: " + (e0.empty() ? e1 : e0);
    return std::nullopt;
  }
  // The choices of each twin: equal except (when the row flips) exactly one flippable choice.
  std::vector<z3::expr> cv, ci;
  z3::expr flips = z.int_val(0);
  for (size_t k = 0; k < p.choices.size(); ++k) {
    cv.push_back(z.int_const(("cv" + std::to_string(k)).c_str()));
    ci.push_back(z.int_const(("ci" + std::to_string(k)).c_str()));
    int n = static_cast<int>(p.choices[k].labels.size());
    for (const z3::expr& c : {cv.back(), ci.back()}) s.add(c >= 0 && c < n);
    if (t.flip && p.choices[k].flippable)
      flips = flips + z3::ite(cv.back() != ci.back(), z.int_val(1), z.int_val(0));
    else
      s.add(cv.back() == ci.back());
  }
  if (t.flip) s.add(flips == 1);
  bool strict = mode != Mode::Seed;
  Instances in{encodeInstance(z, s, p, b0, {0, strict, false, cv, "V"}),
               encodeInstance(z, s, p, b1, {1, strict, false, ci, "I"}),
               std::nullopt,
               std::nullopt,
               cv,
               ci};
  // The verdicts: the valid twin is accepted, the invalid twin rejected; without the row's key
  // edges the invalid twin would be accepted (the row's construct decides); a hole of the seed
  // is accepted by the seed's analysis.
  s.add(!in.valid.rejected);
  s.add(in.invalid.rejected);
  if (t.keys) {
    in.withoutKeys = encodeInstance(z, s, p, b1, {1, strict, true, ci, "K"});
    s.add(!in.withoutKeys->rejected);
  }
  if (mode == Mode::Hole) {
    in.seedInvalid = encodeInstance(z, s, p, b1, {1, false, false, ci, "S"});
    s.add(!in.seedInvalid->rejected);
  }
  for (const InstanceTerms* x : {&in.valid, &in.invalid})
    if (!x->error.empty()) {
      failure = "generator: " + x->error;
      return std::nullopt;
    }
  for (const Constraint& c : t.constraints) s.add(c(z, p, in));

  // Preferences drawn from the slot's stream (which alternative, which choice flips): tried
  // all together, then half of them, then none, so that the solver's model varies from slot
  // to slot while every verdict stays the solver's.
  std::vector<z3::expr> prefs;
  for (size_t k = 0; k < p.choices.size(); ++k)
    if (ctx.rng.chance(60))
      prefs.push_back(cv[k] ==
                      z.int_val(static_cast<int>(ctx.rng.below(p.choices[k].labels.size()))));
  std::vector<size_t> flippable;
  for (size_t k = 0; k < p.choices.size(); ++k)
    if (p.choices[k].flippable) flippable.push_back(k);
  if (t.flip && !flippable.empty()) {
    size_t f = flippable[ctx.rng.below(flippable.size())];
    prefs.insert(prefs.begin(), cv[f] != ci[f]);
  }
  SolveResult r = SolveResult::Unsat;
  for (size_t keep : {prefs.size(), prefs.size() / 2, size_t{0}}) {
    s.push();
    for (size_t i = 0; i < keep; ++i) s.add(prefs[i]);
    r = ctx.solver.check(s);
    s.pop();
    if (r == SolveResult::Sat || r != SolveResult::Unsat || keep == 0) break;
  }
  if (r != SolveResult::Sat) {
    failure = std::string(solveResultName(r)) +
              (ctx.solver.lastFailure().empty() ? "" : ": " + ctx.solver.lastFailure());
    return std::nullopt;
  }
  z3::model& m = ctx.solver.model();
  Solution out;
  out.valid.twin = 0;
  out.invalid.twin = 1;
  nlohmann::json choices = nlohmann::json::array();
  for (size_t k = 0; k < p.choices.size(); ++k) {
    int a = static_cast<int>(ctx.solver.intValue(cv[k])),
        b = static_cast<int>(ctx.solver.intValue(ci[k]));
    out.valid.alt.push_back(a);
    out.invalid.alt.push_back(b);
    nlohmann::json c = {{"what", p.choices[k].what}, {"valid", p.choices[k].labels[a]}};
    if (a != b) c["invalid"] = p.choices[k].labels[b];
    choices.push_back(c);
  }
  Violation v = violationIn(in.invalid, m);
  out.violatedFunction = v.function;
  std::set<const Stmt*> distinct(v.statements.begin(), v.statements.end());
  if (distinct.size() == 1) out.violated = *distinct.begin();
  out.derivation = {
      {"analysis", mode == Mode::Seed ? "seed" : "strict"},
      {"choices", choices},
      {"tags", {{"valid", tagsJson(m, in.valid)}, {"invalid", tagsJson(m, in.invalid)}}},
      {"rejectedFunction", v.function >= 0 ? p.functions[v.function].name : ""},
      {"constraint",
       std::string("valid twin: no path RequiredToBeUniform -> MayBeNonUniform in any function; "
                   "invalid twin: a path") +
           (t.keys ? "; invalid twin without the row's key edges: none" : "") +
           (mode == Mode::Hole ? "; invalid twin under the seed's analysis: none" : "")}};
  if (in.seedInvalid) out.derivation["tags"]["seedInvalid"] = tagsJson(m, *in.seedInvalid);
  return out;
}

Constraint flipLabels(std::vector<std::string> validLabels,
                      std::vector<std::string> invalidLabels) {
  return [=](z3::context& z, const Program& p, const Instances& in) {
    z3::expr all = z.bool_val(true);
    auto among = [&](const z3::expr& c, const Choice& ch, const std::vector<std::string>& labels) {
      if (labels.empty()) return z.bool_val(true);
      z3::expr any = z.bool_val(false);
      for (size_t a = 0; a < ch.labels.size(); ++a)
        for (const std::string& l : labels)
          if (ch.labels[a] == l) any = any || c == z.int_val(static_cast<int>(a));
      return any;
    };
    for (size_t k = 0; k < p.choices.size(); ++k) {
      if (!p.choices[k].flippable) continue;
      all = all && z3::implies(in.validChoice[k] != in.invalidChoice[k],
                               among(in.validChoice[k], p.choices[k], validLabels) &&
                                   among(in.invalidChoice[k], p.choices[k], invalidLabels));
    }
    return all;
  };
}

Constraint tagHolds(int twin, std::string function,
                    std::function<z3::expr(const FunctionTerms&)> which) {
  return [=](z3::context& z, const Program&, const Instances& in) {
    const InstanceTerms& t = twin == 0 ? in.valid : in.invalid;
    for (const FunctionTerms& f : t.functions)
      if (f.name == function) return which(f);
    return z.bool_val(false);
  };
}

}  // namespace plumb::gen::wgsl::uniformity
