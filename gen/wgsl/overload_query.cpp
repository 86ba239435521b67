#include "gen/wgsl/overload_query.h"

namespace plumb::gen::wgsl::overload {

const char* twinModeName(TwinMode m) {
  return m == TwinMode::NoFeasible ? "no feasible candidate" : "preferred candidate changes";
}

std::vector<Ty> pinsOf(const Ty& t) {
  Ty a = t, b = t;
  if (t.kind == AbstractInt) {
    a.kind = I32;
    b.kind = F32;
  } else if (t.kind == AbstractFloat) {
    a.kind = F32;
    b.kind = F16;
  } else {
    return {t};
  }
  return {a, b};
}

int firstFailingPin(const Ty& t, const Ty& u) {
  std::vector<Ty> pins = pinsOf(t);
  for (size_t i = 0; i < pins.size(); ++i)
    if (rank(u, pins[i]) >= kInfinity) return static_cast<int>(i);
  return -1;
}

z3::expr pinsFail(z3::context& z, const TyVars& t, const TyVars& u) {
  z3::expr p1 = z3::ite(t.kind == AbstractInt, small(z, I32),
                        z3::ite(t.kind == AbstractFloat, small(z, F32), t.kind));
  z3::expr p2 = z3::ite(t.kind == AbstractInt, small(z, F32),
                        z3::ite(t.kind == AbstractFloat, small(z, F16), t.kind));
  z3::expr sameShape = t.shape == u.shape && t.n == u.n && t.r == u.r;
  return !sameShape || kindRankExpr(z, u.kind, p1) >= kInfinity ||
         kindRankExpr(z, u.kind, p2) >= kInfinity;
}

nlohmann::json CallModel::derivation() const {
  nlohmann::json a = nlohmann::json::array(), t = nlohmann::json::array();
  for (const Ty& x : args) a.push_back(spell(x));
  for (const Ty& x : twin) t.push_back(spell(x));
  nlohmann::json j = {{"arguments", a},
                      {"twinArguments", t},
                      {"editedArgument", edited},
                      {"twinMode", twinModeName(mode)},
                      {"feasibleCandidates", feasible},
                      {"result", spell(result)},
                      {"pins", nlohmann::json::array()}};
  for (const Ty& p : pinsOf(result)) j["pins"].push_back(spell(p));
  if (mode == TwinMode::PreferenceChanges) j["twinResult"] = spell(twinResult);
  return j;
}

namespace {

/// A minimal edit of one argument: its kind (a literal's suffix), or its shape with the same
/// kind (a vector's width, a matrix's columns or rows, a scalar written as a vector).
z3::expr oneEdit(const TyVars& a, const TyVars& b, bool kindOnly) {
  z3::expr sameShape = a.shape == b.shape && a.n == b.n && a.r == b.r;
  z3::expr kindEdit = sameShape && a.kind != b.kind;
  if (kindOnly) return kindEdit;
  z3::expr widthEdit = a.kind == b.kind && !sameShape &&
                       (a.shape == b.shape || (a.shape == Scalar && b.shape == Vector) ||
                        (a.shape == Vector && b.shape == Scalar));
  return kindEdit || widthEdit;
}

std::optional<CallModel> attempt(SolverSession& session, const CallQuery& q, TwinMode mode,
                                 bool hints, std::string& failure) {
  z3::context& z = session.ctx();
  z3::solver s = session.solver(kLogic);
  ResolutionEncoder enc(z, s);
  QueryVars v{z, s, enc, {}, {}, {}, indexVar(z, "option"), {}, {}, {}, {}, {}, {}};
  for (size_t i = 0; i < q.arity; ++i) {
    v.args.push_back(declareTy(z, s, "a" + std::to_string(i)));
    v.twin.push_back(declareTy(z, s, "t" + std::to_string(i)));
    v.changed.push_back(z.bool_const(("changed" + std::to_string(i)).c_str()));
    if (i < q.fixedShapes.size() && q.fixedShapes[i]) {
      const Ty& f = *q.fixedShapes[i];
      s.add(v.args[i].shape == f.shape && v.args[i].n == f.n && v.args[i].r == f.r);
    }
  }
  auto inDomain = [&](const Ty& t) {
    if (q.shapeDomain.empty()) return true;
    for (const Ty& d : q.shapeDomain)
      if (d.shape == t.shape && d.n == t.n && d.r == t.r) return true;
    return false;
  };
  if (!q.shapeDomain.empty())
    for (size_t i = 0; i < q.arity; ++i)
      for (const TyVars* a : {&v.args[i], &v.twin[i]}) {
        z3::expr any = z.bool_val(false);
        for (const Ty& d : q.shapeDomain)
          any = any || (a->shape == d.shape && a->n == d.n && a->r == d.r);
        s.add(any);
      }
  s.add(v.option >= 0 && v.option < static_cast<int>(q.options.size()));
  std::vector<z3::expr> allowed;
  std::vector<size_t> fullIndex;  // per encoded candidate: its index in its option
  for (size_t o = 0; o < q.options.size(); ++o)
    for (size_t c = 0; c < q.options[o].candidates.size(); ++c) {
      const Candidate* k = q.options[o].candidates[c];
      bool possible = true;
      for (const Ty& p : k->params) possible = possible && inDomain(p);
      if (!possible) continue;
      v.candidates.push_back(k);
      v.optionOf.push_back(o);
      fullIndex.push_back(c);
      v.active.push_back(v.option == static_cast<int>(o));
      bool ok = q.options[o].winnerAllowed.empty() || q.options[o].winnerAllowed[c];
      allowed.push_back(z.bool_val(ok));
    }
  if (v.candidates.empty()) {
    failure = "unsat: no candidate within the drawn shapes";
    return std::nullopt;
  }
  // The valid call: a single most preferable candidate, one the row allows.
  v.valid = enc.resolved("valid", v.args, v.candidates, v.active);
  z3::expr winnerAllowed = z.bool_val(false);
  for (size_t c = 0; c < v.candidates.size(); ++c)
    winnerAllowed = winnerAllowed || (v.valid->winner == static_cast<int>(c) && allowed[c]);
  s.add(winnerAllowed);
  if (q.requireAbstractArgument) {
    z3::expr any = z.bool_val(false);
    for (const TyVars& a : v.args) any = any || isAbstractExpr(a.kind);
    s.add(any);
  }
  // The twin: exactly one argument edited.
  if (q.pointerPosition >= 0) {
    for (size_t i = 0; i < q.arity; ++i) s.add(equalTy(v.args[i], v.twin[i]));
    s.add(!isAbstractExpr(v.args[q.pointerPosition].kind));  // a `var` holds a concrete type
  } else {
    z3::expr count = index(z, 0);
    for (size_t i = 0; i < q.arity; ++i) {
      count = count + z3::ite(v.changed[i], index(z, 1), index(z, 0));
      s.add(z3::implies(!v.changed[i], equalTy(v.args[i], v.twin[i])));
      s.add(z3::implies(v.changed[i], oneEdit(v.args[i], v.twin[i], q.twinKeepsShapes)));
    }
    s.add(count == 1);
    if (mode == TwinMode::NoFeasible) {
      v.twinFeasible = enc.feasibility(v.twin, v.candidates);
      for (size_t c = 0; c < v.candidates.size(); ++c)
        s.add(z3::implies(v.active[c], !v.twinFeasible[c]));
    } else {
      v.twinResolution = enc.resolved("twin", v.twin, v.candidates, v.active);
      s.add(pinsFail(z, v.valid->result, v.twinResolution->result));
    }
  }
  if (q.constrainValid) q.constrainValid(v);
  if (q.constrainTwin) q.constrainTwin(v, mode);
  if (hints)
    for (const auto& h : q.hints) s.add(h(v));
  SolveResult r = session.check(s);
  if (r != SolveResult::Sat) {
    failure = std::string(solveResultName(r)) +
              (session.lastFailure().empty() ? "" : ": " + session.lastFailure());
    return std::nullopt;
  }
  CallModel m;
  m.mode = mode;
  m.option = static_cast<size_t>(session.intValue(v.option));
  for (size_t i = 0; i < q.arity; ++i) {
    m.args.push_back(readTy(session, v.args[i]));
    m.twin.push_back(readTy(session, v.twin[i]));
    if (q.pointerPosition < 0 && session.boolValue(v.changed[i])) m.edited = i;
  }
  if (q.pointerPosition >= 0) m.edited = static_cast<size_t>(q.pointerPosition);
  m.winner = static_cast<int>(fullIndex[session.intValue(v.valid->winner)]);
  m.result = readTy(session, v.valid->result);
  if (v.twinResolution) {
    m.twinWinner = static_cast<int>(fullIndex[session.intValue(v.twinResolution->winner)]);
    m.twinResult = readTy(session, v.twinResolution->result);
  }
  return m;
}

/// The model, checked by the direct computation of the same procedure: a disagreement is a
/// bug in the encoding, never written as a case.
std::string checkModel(const CallQuery& q, const CallModel& m) {
  const Option& o = q.options[m.option];
  std::vector<Candidate> cands;
  for (const Candidate* c : o.candidates) cands.push_back(*c);
  Resolution valid = resolve(m.args, cands);
  if (valid.winner != m.winner)
    return "the solver's winner " + std::to_string(m.winner) + " is not the direct procedure's " +
           std::to_string(valid.winner);
  if (!(cands[m.winner].result == m.result)) return "the solver's result type differs";
  if (firstFailingPin(m.result, m.result) >= 0) return "the pins reject the valid result";
  if (q.pointerPosition >= 0) return "";  // the twin's pointer matches no parameter
  Resolution twin = resolve(m.twin, cands);
  if (m.mode == TwinMode::NoFeasible && twin.feasible != 0)
    return "the twin has a feasible candidate by the direct procedure";
  if (m.mode == TwinMode::PreferenceChanges) {
    if (twin.winner < 0 || twin.winner != m.twinWinner)
      return "the twin's winner differs from the direct procedure";
    if (firstFailingPin(m.result, cands[twin.winner].result) < 0)
      return "the twin's result passes the pins";
  }
  int edits = 0;
  for (size_t i = 0; i < m.args.size(); ++i) edits += !(m.args[i] == m.twin[i]);
  if (edits != 1) return "the twins differ in " + std::to_string(edits) + " arguments";
  return "";
}

}  // namespace

std::optional<CallModel> solveCall(SolverSession& session, const CallQuery& q,
                                   std::string& failure) {
  for (TwinMode mode : q.modes) {
    for (bool hints : {true, false}) {
      if (!hints && q.hints.empty()) break;
      std::optional<CallModel> m = attempt(session, q, mode, hints && !q.hints.empty(), failure);
      if (!m) {
        if (failure.rfind("unsat", 0) == 0) continue;
        return std::nullopt;  // a limit or an error: reported as such
      }
      std::vector<Candidate> cands;
      for (const Candidate* c : q.options[m->option].candidates) cands.push_back(*c);
      m->feasible = resolve(m->args, cands).feasible;
      if (std::string bad = checkModel(q, *m); !bad.empty()) {
        failure = "model check: " + bad;
        return std::nullopt;
      }
      return m;
    }
  }
  return std::nullopt;
}

}  // namespace plumb::gen::wgsl::overload
