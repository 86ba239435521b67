// Rows overload.*: the seed's "Function-matching rules" step 5 as a Z3 model (docs/gen.md
// "Family cg"). Arguments are uniform scalars (float, half, fixed, int) or literals (cint
// `2`, cfloat `2.5`); each candidate's parameters are float, half, fixed, int or sampler2D.
// The level at which an argument matches a parameter is the seed's (a exact; B a defined
// promotion, which the seed does not define: Plumb's reading C6, cint to any numeric type and
// a floating type to a larger one; d an implicit cast, table cell scalar<-scalar A; e none for
// a sampler). Greedy: for each argument left to right, keep the candidates at the best level
// any of them reaches; fail at e or when not exactly one remains (step 7). Best match: the
// viable candidate whose conversions cost least in total (a 0, B 1, d 2), when exactly one
// does: the rule a reader of "the definition that best matches is called" (seed "Function
// overloading and optional arguments") expects. (A candidate at least as good on every
// argument, C++'s rule, can never lose to greedy filtering: it survives every step its rival
// survives. The rows are where the seed's own steps and that summary differ.)
#include <array>

#include "gen/cg/cg_family.h"
#include "gen/cg/cg_rows.h"

namespace plumb::gen::cg {
namespace {

constexpr const char* kArgTypes[] = {"float", "half", "fixed", "int", "cint", "cfloat"};
constexpr const char* kParamTypes[] = {"float", "half", "fixed", "int", "sampler2D"};
constexpr int kArgs = 6, kParams = 5;

// kLevel[argument][parameter]: 0 exact, 1 promotion, 2 implicit cast, 3 none.
constexpr int kLevel[kArgs][kParams] = {
    {0, 2, 2, 2, 3},  // float
    {1, 0, 2, 2, 3},  // half: to float a promotion (C6)
    {1, 1, 0, 2, 3},  // fixed: to half and float promotions (S1.10 < s10e5 < s23e8)
    {2, 2, 2, 0, 3},  // int
    {1, 1, 1, 0, 3},  // cint: exact for int (C7), a promotion to the floating types
    {0, 1, 1, 2, 3},  // cfloat: exact for float (C7), a promotion to half and fixed
};

z3::expr levelOf(z3::context& c, const z3::expr& a, const z3::expr& p) {
  z3::expr e = c.int_val(3);
  for (int i = 0; i < kArgs; ++i)
    for (int j = 0; j < kParams; ++j) e = z3::ite(a == i && p == j, c.int_val(kLevel[i][j]), e);
  return e;
}

}  // namespace

OverloadModel solveOverload(SolverSession& session, Rng& rng, const std::string& row,
                            std::string& failure) {
  z3::context& c = session.ctx();
  const int n = 2 + static_cast<int>(rng.below(2));  // arguments
  const int k = 2 + static_cast<int>(rng.below(2));  // candidates
  std::vector<z3::expr> arg;
  std::vector<std::vector<z3::expr>> param(k);
  z3::solver s = session.solver("QF_LIA");
  for (int i = 0; i < n; ++i) {
    arg.push_back(c.int_const(("a" + std::to_string(i)).c_str()));
    s.add(arg[i] >= 0 && arg[i] < kArgs);
  }
  for (int d = 0; d < k; ++d)
    for (int i = 0; i < n; ++i) {
      param[d].push_back(c.int_const(("p" + std::to_string(d) + "_" + std::to_string(i)).c_str()));
      s.add(param[d][i] >= 0 && param[d][i] < kParams);
    }
  // Candidates differ in some parameter type (else a redefinition).
  for (int d = 0; d < k; ++d)
    for (int e = d + 1; e < k; ++e) {
      z3::expr differ = c.bool_val(false);
      for (int i = 0; i < n; ++i) differ = differ || param[d][i] != param[e][i];
      s.add(differ);
    }
  std::vector<std::vector<z3::expr>> level(k);
  for (int d = 0; d < k; ++d)
    for (int i = 0; i < n; ++i) level[d].push_back(levelOf(c, arg[i], param[d][i]));
  // Greedy filtering (step 5) and step 7.
  std::vector<z3::expr> alive(k, c.bool_val(true));
  z3::expr fail = c.bool_val(false);
  for (int i = 0; i < n; ++i) {
    z3::expr best = c.int_const(("best" + std::to_string(i)).c_str());
    z3::expr reached = c.bool_val(false);
    for (int d = 0; d < k; ++d) {
      s.add(z3::implies(alive[d], best <= level[d][i]));
      reached = reached || (alive[d] && best == level[d][i]);
    }
    s.add(reached);
    fail = fail || best == 3;
    for (int d = 0; d < k; ++d) alive[d] = alive[d] && level[d][i] == best;
  }
  z3::expr count = c.int_val(0);
  for (int d = 0; d < k; ++d) count = count + z3::ite(alive[d], c.int_val(1), c.int_val(0));
  fail = fail || count != 1;
  // Best match.
  std::vector<z3::expr> viable, bestMatch;
  for (int d = 0; d < k; ++d) {
    z3::expr v = c.bool_val(true);
    for (int i = 0; i < n; ++i) v = v && level[d][i] < 3;
    viable.push_back(v);
  }
  std::vector<z3::expr> cost;
  for (int d = 0; d < k; ++d) {
    z3::expr sum = c.int_val(0);
    for (int i = 0; i < n; ++i) sum = sum + level[d][i];
    cost.push_back(sum);
  }
  for (int d = 0; d < k; ++d) {
    z3::expr b = viable[d];
    for (int e = 0; e < k; ++e)
      if (e != d) b = b && z3::implies(viable[e], cost[d] < cost[e]);
    bestMatch.push_back(b);
  }
  z3::expr bestExists = c.bool_val(false);
  z3::expr greedyIsBest = c.bool_val(false);
  for (int d = 0; d < k; ++d) {
    bestExists = bestExists || bestMatch[d];
    greedyIsBest = greedyIsBest || (alive[d] && bestMatch[d]);
  }
  if (row == kOverloadGreedyOther) {
    s.add(!fail && bestExists && !greedyIsBest);
  } else if (row == kOverloadGreedyFails) {
    s.add(fail && bestExists);
  } else if (row == kOverloadBestAmbiguous) {
    s.add(!fail && !bestExists);
  } else {  // both agree on one candidate, after filtering at two different levels
    s.add(!fail && greedyIsBest);
    z3::expr levels = c.bool_val(false);
    for (int i = 1; i < n; ++i)
      levels = levels || c.int_const(("best" + std::to_string(i)).c_str()) != c.int_const("best0");
    s.add(levels);
  }
  // Variety: hints from the slot's random stream, dropped when they leave no model.
  s.push();
  for (int i = 0; i < n; ++i)
    if (rng.below(2)) s.add(arg[i] == static_cast<int>(rng.below(kArgs)));
  for (int d = 0; d < k; ++d)
    for (int i = 0; i < n; ++i)
      if (rng.below(3) == 0) s.add(param[d][i] == static_cast<int>(rng.below(kParams)));
  SolveResult r = session.check(s);
  if (r == SolveResult::Unsat) {
    s.pop();
    r = session.check(s);
  }
  OverloadModel m;
  if (r != SolveResult::Sat) {
    failure = session.lastFailure();
    return m;
  }
  for (int i = 0; i < n; ++i) m.args.push_back(kArgTypes[session.intValue(arg[i])]);
  for (int d = 0; d < k; ++d) {
    std::vector<std::string> ps;
    for (int i = 0; i < n; ++i) ps.push_back(kParamTypes[session.intValue(param[d][i])]);
    m.candidates.push_back(ps);
  }
  m.greedyFails = session.boolValue(fail);
  for (int d = 0; d < k; ++d) {
    if (!m.greedyFails && session.boolValue(alive[d])) m.greedy = d;
    if (session.boolValue(bestMatch[d])) m.bestMatch = d;
  }
  for (int i = 0; i < n; ++i) {
    int best =
        static_cast<int>(session.intValue(c.int_const(("best" + std::to_string(i)).c_str())));
    m.levels.push_back(best);
  }
  return m;
}

}  // namespace plumb::gen::cg
