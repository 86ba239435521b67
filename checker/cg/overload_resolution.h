// Overload resolution (seed "Function Overloading", "Function-matching rules" 1-7): the greedy
// left-to-right filtering of step 5 (a exact match, b dynamically typed formal, B promotion,
// d implicit cast, e fail) and the profile choice of step 6.
#pragma once

#include <string>
#include <vector>

#include "checker/cg/function_signature.h"
#include "checker/cg/profile.h"
#include "semantics/cg/ast.h"

namespace plumb::cg {

/// The level at which an actual argument type matches a formal parameter type (step 5).
/// Step 5's levels, best first. ShapeChangingCast is level d split (docs/ambiguities.md C27):
/// an implicit cast that smears a scalar or turns a vector into a matrix ranks after one that
/// keeps the shape.
enum class MatchLevel { Exact, Dynamic, Promotion, ImplicitCast, ShapeChangingCast, None };
MatchLevel matchLevel(const Type& actual, const Type& formal, const Program& program);
const char* matchLevelName(MatchLevel m);  // "a (exact match)", ...

struct OverloadResolution {
  int chosen = -1;                 // index into the candidate list given, or -1
  int failedStep = 0;              // 4 (none left by steps 2-3), 5 (5e), 7 (not exactly one)
  std::string failure;             // the explanation, naming the step
  std::vector<int> remaining;      // the candidates left when it failed at step 7
  std::vector<std::string> trace;  // one line per step that removed candidates (for --explain)
};

/// Steps 2-7 over `candidates` (step 1, the visible functions with the name, is the caller's).
/// `freeOfProfile`: a candidate of another profile is not eliminated (step 2) but counts as an
/// open-profile one, for a function the top-level function does not reach, which "is free to
/// use capabilities that are not supported by the current profile" (seed "Profiles").
OverloadResolution resolveOverload(const std::vector<const FunctionSignature*>& candidates,
                                   const std::vector<TypeP>& arguments, const Profile& profile,
                                   const Program& program, bool freeOfProfile = false);

}  // namespace plumb::cg
