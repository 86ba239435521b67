// A choice among the rows of a finite table, made by Z3 (cg_rows.h, `solveTableChoice`): the
// rows the reading allows become one disjunction over the choice variables, and the slot's
// random stream adds hints one at a time, each dropped when it leaves no model.
#include <algorithm>

#include "gen/cg/cg_rows.h"

namespace plumb::gen::cg {
namespace {

// Every combination of `sizes` (odometer order) that `allowed` keeps.
std::vector<std::vector<int>> allowedTuples(
    const std::vector<int>& sizes, const std::function<bool(const std::vector<int>&)>& allowed) {
  std::vector<std::vector<int>> out;
  std::vector<int> t(sizes.size(), 0);
  while (true) {
    if (allowed(t)) out.push_back(t);
    size_t k = 0;
    while (k < t.size() && ++t[k] == sizes[k]) t[k++] = 0;
    if (k == t.size()) break;
  }
  return out;
}

}  // namespace

std::vector<int> solveTableChoice(SolverSession& session, Rng& rng, const std::vector<int>& sizes,
                                  const std::function<bool(const std::vector<int>&)>& allowed,
                                  std::string& failure) {
  const std::vector<std::vector<int>> rows = allowedTuples(sizes, allowed);
  if (rows.empty()) {
    failure = "no combination has the row's property";
    return {};
  }
  z3::context& c = session.ctx();
  z3::solver s = session.solver("QF_LIA");
  std::vector<z3::expr> v;
  for (size_t k = 0; k < sizes.size(); ++k) {
    v.push_back(c.int_const(("choice" + std::to_string(k)).c_str()));
    s.add(v[k] >= 0 && v[k] < sizes[k]);
  }
  z3::expr any = c.bool_val(false);
  for (const std::vector<int>& r : rows) {
    z3::expr row = c.bool_val(true);
    for (size_t k = 0; k < r.size(); ++k) row = row && v[k] == r[k];
    any = any || row;
  }
  s.add(any);
  // Variety: each dimension pinned to a random value half of the time, one hint after the
  // other, each dropped when it leaves no model with the hints before it.
  SolveResult r = SolveResult::Unsat;
  for (size_t k = 0; k < sizes.size(); ++k) {
    if (!rng.below(2)) continue;
    s.push();
    s.add(v[k] == static_cast<int>(rng.below(static_cast<uint64_t>(sizes[k]))));
    if (session.check(s) == SolveResult::Unsat) s.pop();
  }
  r = session.check(s);
  if (r != SolveResult::Sat) {
    failure = session.lastFailure();
    return {};
  }
  std::vector<int> out;
  for (const z3::expr& e : v) out.push_back(static_cast<int>(session.intValue(e)));
  return out;
}

}  // namespace plumb::gen::cg
