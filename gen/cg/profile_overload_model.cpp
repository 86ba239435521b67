// Rows overload.profile-*: the seed's overloading by profile as a Z3 model (docs/gen.md
// "Family cg"; issue 21, item 5: "overload sets where ... the profile" decides). Candidates
// `SPEC float f() { return MARKER; }` differ only in their profile specifier: an exact profile
// name, a wildcard (`vs`, `ps`, `vs_1`, `vs_2`, `ps_1`, `ps_2`) or none (open-profile). The
// family's own reading, from the seed's text (never Plumb's profile table):
//   "Overloading of Functions by Profile": "The name vs matches any vertex profile, while the
//   name ps matches any fragment or pixel profile. The names ps_1 and ps_2 match any DX8 pixel
//   shader 1.x profile, or DX9 pixel shader 2.x profile, respectively. Similarly, the names vs_1
//   and vs_2 match any DX vertex shader 1.x or 2.x";
//   "Function-matching rules": step 2 eliminates the functions whose profile conflicts with the
//   compilation profile; step 6 keeps the exact profile's, else those of the "most specific"
//   matching wildcard ("determined by the profile specification": the seed is silent there, so
//   a program whose choice compares a numbered wildcard with a stage one is marked silent),
//   else the open-profile ones; step 7 fails unless exactly one remains.
// Each row lands where the profile decides: under another profile of the same stage the
// outcome would differ.
#include <algorithm>
#include <array>
#include <iterator>

#include "gen/cg/cg_family.h"
#include "gen/cg/cg_rows.h"

namespace plumb::gen::cg {
namespace {

// The compilation profiles (cgc's names; Plumb knows each) and what the seed says of them.
struct ProfileFacts {
  const char* name;
  bool vertex;
  const char* numbered;  // the DX wildcard that matches it ("" when none)
};
constexpr ProfileFacts kProfiles[] = {
    {"arbfp1", false, ""}, {"fp40", false, ""}, {"ps_2_0", false, "ps_2"}, {"ps_3_0", false, ""},
    {"arbvp1", true, ""},  {"vp40", true, ""},  {"vs_2_0", true, "vs_2"},  {"vs_3_0", true, ""},
};
constexpr int kProfileCount = static_cast<int>(std::size(kProfiles));

// The specifiers: each profile's name, the six wildcards, and none (open-profile).
constexpr const char* kWildcards[] = {"vs", "ps", "vs_1", "vs_2", "ps_1", "ps_2"};
constexpr int kSpecCount = kProfileCount + 6 + 1;
constexpr int kOpen = kSpecCount - 1;

std::string specName(int s) {
  if (s < kProfileCount) return kProfiles[s].name;
  if (s < kOpen) return kWildcards[s - kProfileCount];
  return "";
}

// The rank a specifier has under a profile: 3 the exact profile, 2 a numbered wildcard that
// matches, 1 the stage wildcard, 0 open, -1 a conflict (step 2).
int rankOf(int profile, int spec) {
  const ProfileFacts& p = kProfiles[profile];
  if (spec == kOpen) return 0;
  if (spec < kProfileCount) return spec == profile ? 3 : -1;
  const std::string w = kWildcards[spec - kProfileCount];
  if (w == (p.vertex ? "vs" : "ps")) return 1;
  if (w == p.numbered) return 2;
  return -1;
}

z3::expr rankExpr(z3::context& c, const z3::expr& profile, const z3::expr& spec) {
  z3::expr e = c.int_val(-1);
  for (int p = 0; p < kProfileCount; ++p)
    for (int s = 0; s < kSpecCount; ++s)
      if (rankOf(p, s) != -1) e = z3::ite(profile == p && spec == s, c.int_val(rankOf(p, s)), e);
  return e;
}

// Steps 2, 6 and 7 under `profile`: the winning candidate (or -1) as Z3 terms.
struct Resolution {
  z3::expr best;                 // the best rank any candidate has (-1: all conflict)
  std::vector<z3::expr> winner;  // per candidate: it alone has the best rank
  z3::expr unique;               // exactly one candidate has it, and it is not a conflict
};

Resolution resolve(z3::context& c, z3::solver& s, const z3::expr& profile,
                   const std::vector<z3::expr>& spec, const std::string& tag) {
  const size_t k = spec.size();
  std::vector<z3::expr> rank;
  for (size_t d = 0; d < k; ++d) rank.push_back(rankExpr(c, profile, spec[d]));
  z3::expr best = c.int_const(("best_" + tag).c_str());
  z3::expr reached = c.bool_val(false);
  for (size_t d = 0; d < k; ++d) {
    s.add(best >= rank[d]);
    reached = reached || best == rank[d];
  }
  s.add(reached);
  z3::expr count = c.int_val(0);
  for (size_t d = 0; d < k; ++d)
    count = count + z3::ite(rank[d] == best, c.int_val(1), c.int_val(0));
  Resolution r{best, {}, best >= 0 && count == 1};
  for (size_t d = 0; d < k; ++d) r.winner.push_back(r.unique && rank[d] == best);
  return r;
}

}  // namespace

ProfileOverloadModel solveProfileOverload(SolverSession& session, Rng& rng, const std::string& row,
                                          std::string& failure) {
  z3::context& c = session.ctx();
  const int k = 2 + static_cast<int>(rng.below(3));  // candidates
  z3::solver s = session.solver("QF_LIA");
  z3::expr profile = c.int_const("profile"), other = c.int_const("other");
  s.add(profile >= 0 && profile < kProfileCount && other >= 0 && other < kProfileCount);
  s.add(profile != other);
  // The other profile is of the same stage: the program compiles for both.
  z3::expr vertexOf = c.bool_val(false), otherVertex = c.bool_val(false);
  for (int p = 0; p < kProfileCount; ++p)
    if (kProfiles[p].vertex) {
      vertexOf = vertexOf || profile == p;
      otherVertex = otherVertex || other == p;
    }
  s.add(vertexOf == otherVertex);
  std::vector<z3::expr> spec;
  for (int d = 0; d < k; ++d) {
    spec.push_back(c.int_const(("spec" + std::to_string(d)).c_str()));
    s.add(spec[d] >= 0 && spec[d] < kSpecCount);
  }
  // Distinct specifiers: the same one twice is a redefinition (two open ones, an open-profile
  // conflict: seed "Function Overloading").
  for (int d = 0; d < k; ++d)
    for (int e = d + 1; e < k; ++e) s.add(spec[d] != spec[e]);
  Resolution here = resolve(c, s, profile, spec, "here");
  Resolution there = resolve(c, s, other, spec, "there");
  z3::expr differs = here.unique != there.unique;
  for (int d = 0; d < k; ++d) differs = differs || (here.winner[d] && !there.winner[d]);
  s.add(differs);
  if (row == kOverloadProfileDecides) {
    s.add(here.unique);
  } else {  // kOverloadProfileFails: no candidate, or two at the best rank, here only
    s.add(!here.unique && there.unique);
  }
  // Variety: hints from the slot's random stream, dropped when they leave no model.
  s.push();
  s.add(profile == static_cast<int>(rng.below(kProfileCount)));
  for (int d = 0; d < k; ++d)
    if (rng.below(2)) s.add(spec[d] == static_cast<int>(rng.below(kSpecCount)));
  SolveResult r = session.check(s);
  if (r == SolveResult::Unsat) {
    s.pop();
    r = session.check(s);
  }
  ProfileOverloadModel m;
  if (r != SolveResult::Sat) {
    failure = session.lastFailure();
    return m;
  }
  const int p = static_cast<int>(session.intValue(profile));
  m.profile = kProfiles[p].name;
  m.vertex = kProfiles[p].vertex;
  m.other = kProfiles[session.intValue(other)].name;
  int best = -1;
  for (int d = 0; d < k; ++d) {
    const int sp = static_cast<int>(session.intValue(spec[d]));
    m.specifiers.push_back(specName(sp));
    m.ranks.push_back(rankOf(p, sp));
    best = std::max(best, rankOf(p, sp));
    if (session.boolValue(here.winner[d])) m.winner = d;
  }
  // Step 6b compares wildcards only when the best is a wildcard: silent when both kinds match.
  const bool numbered = std::count(m.ranks.begin(), m.ranks.end(), 2) > 0;
  const bool stage = std::count(m.ranks.begin(), m.ranks.end(), 1) > 0;
  m.silent = best == 2 && numbered && stage;
  return m;
}

}  // namespace plumb::gen::cg
