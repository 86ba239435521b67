// Plumb's side of a generated case: its expectation, derived by the checker (a verdict), the
// interpreter (a `plumb run` outcome set) or the memory-model explorer (final states), and the
// comparison with the generator's own derivation (family.h, Intended). A case is written only
// when the two agree; `plumb corpus verify` derives the expectation again and compares it with
// the stored one.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "gen/case.h"
#include "gen/family.h"

namespace plumb::gen {

/// Plumb's expectation of the case (the `expect` of plumb-case v1, docs/formats.md):
///   {"verdict": "valid"}
///   {"verdict": "invalid", "stage": "parse"|"check"|"pipeline", "rule": A, "line": L, "column": C}
///   {"verdict": "valid", "run": {"complete", "schedules", "outcomes": [...]}}        (Run)
///   {"verdict": "valid", "explore": {"complete", "states": [...], "races": N}}      (Explore)
/// A Run or Explore case whose program is rejected gets the invalid verdict.
nlohmann::json deriveExpectation(const GeneratedCase& c);

/// Empty when Plumb's expectation agrees with the generator's; else what differs.
std::string compareWithIntended(const Intended& intended, const nlohmann::json& expect);

/// Empty when two expectations are the same (for verify); else the first difference.
std::string compareExpectations(const nlohmann::json& stored, const nlohmann::json& derived);

}  // namespace plumb::gen
