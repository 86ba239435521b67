// Seed "Function Overloading": the seven function-matching rules.
#include "checker/cg/overload_resolution.h"

#include <algorithm>

#include "checker/cg/conversion.h"

namespace plumb::cg {

namespace {
// "exact": the same type; a literal type is an exact match of the type it behaves like (seed
// "Type-Promotion Rules": cint and cfloat behave like int and float; docs/ambiguities.md C7).
bool exactMatch(const Type& a, const Type& f) {
  if (sameType(a, f)) return true;
  if (!isNumeric(a) || !isNumeric(f) || a.kind != f.kind || a.rows != f.rows ||
      a.columns != f.columns)
    return false;
  return (a.scalar == Scalar::CInt && f.scalar == Scalar::Int) ||
         (a.scalar == Scalar::CFloat && f.scalar == Scalar::Float);
}
}  // namespace

MatchLevel matchLevel(const Type& actual, const Type& formal, const Program& program) {
  if (exactMatch(actual, formal)) return MatchLevel::Exact;
  // b: a dynamically typed formal (an unsized array, seed "Unsized Arrays") compatible with the
  // actual parameter type: an array whose elements are those of the formal.
  if (formal.kind == TypeKind::Array && formal.arraySize < 0) {
    if (actual.kind == TypeKind::Array && actual.element && formal.element &&
        sameType(*actual.element, *formal.element))
      return MatchLevel::Dynamic;
    return MatchLevel::None;
  }
  if (isPromotion(actual, formal)) return MatchLevel::Promotion;
  if (classifyConversion(actual, formal, program).allowedImplicitly()) {
    bool sameShape = actual.kind == formal.kind && actual.rows == formal.rows &&
                     actual.columns == formal.columns;
    return sameShape ? MatchLevel::ImplicitCast : MatchLevel::ShapeChangingCast;
  }
  return MatchLevel::None;
}

const char* matchLevelName(MatchLevel m) {
  switch (m) {
    case MatchLevel::Exact:
      return "5a (exact match)";
    case MatchLevel::Dynamic:
      return "5b (compatible dynamically typed formal)";
    case MatchLevel::Promotion:
      return "5B (defined promotion)";
    case MatchLevel::ImplicitCast:
      return "5d (valid implicit cast)";
    case MatchLevel::ShapeChangingCast:
      return "5d (valid implicit cast changing the shape: after those keeping it)";
    case MatchLevel::None:
      return "5e (no match)";
  }
  return "?";
}

OverloadResolution resolveOverload(const std::vector<const FunctionSignature*>& candidates,
                                   const std::vector<TypeP>& arguments, const Profile& profile,
                                   const Program& program, bool freeOfProfile) {
  OverloadResolution r;
  std::vector<int> set;
  auto describe = [&](int i) {
    const FunctionSignature& f = *candidates[static_cast<size_t>(i)];
    std::string s = f.name + "(";
    for (size_t k = 0; k < f.parameters.size(); ++k)
      s += (k ? ", " : "") + typeName(f.parameters[k]);
    s += ")";
    if (!f.profiles.empty()) s = f.profiles.front() + " " + s;
    return s;
  };
  // Best profile match of a function: -1 conflict, 0 open, 1..3 wildcard/exact.
  auto profileRank = [&](const FunctionSignature& f) {
    if (f.profiles.empty()) return 0;
    int best = -1;
    for (const auto& p : f.profiles) best = std::max(best, profileMatch(p, profile));
    return freeOfProfile ? std::max(best, 0) : best;
  };
  // 2. Eliminate functions whose profile conflicts with the compilation profile.
  for (size_t i = 0; i < candidates.size(); ++i)
    if (profileRank(*candidates[i]) >= 0) set.push_back(static_cast<int>(i));
  if (set.size() != candidates.size())
    r.trace.push_back("step 2 removed " + std::to_string(candidates.size() - set.size()) +
                      " candidates of other profiles");
  // 3. Eliminate functions with the wrong number of formal parameters (excess ones with
  // defaults are kept).
  std::vector<int> arity;
  for (int i : set) {
    const FunctionSignature& f = *candidates[static_cast<size_t>(i)];
    bool ok = f.parameters.size() >= arguments.size();
    for (size_t k = arguments.size(); ok && k < f.parameters.size(); ++k)
      ok = k < f.hasDefault.size() && f.hasDefault[k];
    if (ok) arity.push_back(i);
  }
  if (arity.size() != set.size())
    r.trace.push_back("step 3 removed " + std::to_string(set.size() - arity.size()) +
                      " candidates with another number of parameters");
  set = arity;
  // 4. If the set is empty, fail.
  if (set.empty()) {
    r.failedStep = 4;
    r.failure = "no candidate has a matching profile and number of parameters (step 4)";
    return r;
  }
  // 5. For each actual parameter, left to right, keep the candidates at the best level any of
  // them reaches.
  for (size_t a = 0; a < arguments.size(); ++a) {
    if (!arguments[a]) continue;
    std::vector<MatchLevel> levels;
    MatchLevel best = MatchLevel::None;
    for (int i : set) {
      const FunctionSignature& f = *candidates[static_cast<size_t>(i)];
      MatchLevel m = matchLevel(*arguments[a], *f.parameters[a], program);
      levels.push_back(m);
      best = std::min(best, m);
    }
    if (best == MatchLevel::None) {
      r.failedStep = 5;
      r.failure = "argument " + std::to_string(a + 1) + " (" + typeName(arguments[a]) +
                  ") matches no remaining candidate (step 5e)";
      for (int i : set) r.remaining.push_back(i);
      return r;
    }
    std::vector<int> kept;
    for (size_t k = 0; k < set.size(); ++k)
      if (levels[k] == best) kept.push_back(set[k]);
    if (kept.size() != set.size())
      r.trace.push_back("argument " + std::to_string(a + 1) + " (" + typeName(arguments[a]) +
                        "): step " + matchLevelName(best) + " kept " + std::to_string(kept.size()) +
                        " of " + std::to_string(set.size()));
    set = kept;
  }
  // 6. Choose by profile: the exact profile, else the most specific wildcard.
  int bestRank = 0;
  for (int i : set) bestRank = std::max(bestRank, profileRank(*candidates[static_cast<size_t>(i)]));
  if (bestRank > 0) {
    std::vector<int> kept;
    for (int i : set)
      if (profileRank(*candidates[static_cast<size_t>(i)]) == bestRank) kept.push_back(i);
    if (kept.size() != set.size())
      r.trace.push_back(std::string("step 6") + (bestRank == 3 ? "a" : "b") + " kept " +
                        std::to_string(kept.size()) + " of " + std::to_string(set.size()));
    set = kept;
  }
  // Free of the profile, the versions of one signature for different profiles (tex2D for `ps`
  // and for `vp40`) are one function to the caller: its parameter and result types.
  if (freeOfProfile && set.size() > 1) {
    const FunctionSignature& first = *candidates[static_cast<size_t>(set.front())];
    bool oneSignature = std::all_of(set.begin(), set.end(), [&](int i) {
      const FunctionSignature& f = *candidates[static_cast<size_t>(i)];
      if (f.parameters.size() != first.parameters.size() || !f.result != !first.result ||
          (f.result && !sameType(*f.result, *first.result)) || f.directions != first.directions)
        return false;
      for (size_t k = 0; k < f.parameters.size(); ++k)
        if (!sameType(*f.parameters[k], *first.parameters[k])) return false;
      return true;
    });
    if (oneSignature) set = {set.front()};
  }
  // 7. Exactly one must remain.
  if (set.size() != 1) {
    r.failedStep = 7;
    r.remaining = set;
    r.failure = std::to_string(set.size()) + " candidates remain after step 6 (step 7): ";
    for (size_t k = 0; k < set.size() && k < 4; ++k)
      r.failure += (k ? ", " : "") + describe(set[k]);
    if (set.size() > 4) r.failure += ", ...";
    return r;
  }
  r.chosen = set.front();
  return r;
}

}  // namespace plumb::cg
