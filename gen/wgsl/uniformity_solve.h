// Solving a row of the `uniformity` family: the instances of a template (the valid twin, the
// invalid twin, the invalid twin without the row's key edges, and for the seed's holes the
// invalid twin under the seed's analysis) are encoded in one Z3 problem (uniformity_model.h)
// whose model picks every choice of the program, the one place where the twins differ, and so
// the chain from the source to the sink.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gen/family.h"
#include "gen/wgsl/uniformity_model.h"

namespace plumb::gen::wgsl::uniformity {

/// The instances of one solve.
struct Instances {
  InstanceTerms valid, invalid;
  std::optional<InstanceTerms> withoutKeys;  // the invalid twin without the key edges
  std::optional<InstanceTerms> seedInvalid;  // a hole: the invalid twin under the seed
  std::vector<z3::expr> validChoice, invalidChoice;
};

/// A row's extra requirement on the model (a tag, the kind of source that flips, ...).
using Constraint = std::function<z3::expr(z3::context&, const Program&, const Instances&)>;

struct Template {
  Program program;
  std::string stage;  // "compute" or "fragment"
  /// The twins differ in one flippable choice picked by Z3 (else by the program's Twin edits).
  bool flip = true;
  /// The row marks key edges: without them the invalid twin must be accepted.
  bool keys = true;
  std::vector<Constraint> constraints;
  std::string description;
};

enum class Mode { Seed, Strict, Hole };

/// What the solve gives: the picks of each twin, and the facts of the model for the case's
/// derivation.
struct Solution {
  Picks valid, invalid;
  const Stmt* violated = nullptr;  // the statement whose requirement is violated (one), if known
  int violatedFunction = -1;
  nlohmann::json derivation;
};

/// Solves the template; an empty optional with `failure` set when no model was found.
std::optional<Solution> solveTemplate(SlotContext& ctx, const Template& t, Mode mode,
                                      std::string& failure);

// --- constraints the rows use ---

/// The flipped choice's alternative in the valid twin has a label in `validLabels` (any when
/// empty) and in the invalid twin one in `invalidLabels` (any when empty).
Constraint flipLabels(std::vector<std::string> validLabels, std::vector<std::string> invalidLabels);
/// In the given twin (0 valid, 1 invalid), function `name`'s tag term picked by `which` holds.
Constraint tagHolds(int twin, std::string function,
                    std::function<z3::expr(const FunctionTerms&)> which);

}  // namespace plumb::gen::wgsl::uniformity
