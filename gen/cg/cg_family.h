// The generator's `cg` family (issue 21 item 5, docs/gen.md "Family cg"): Cg programs on the
// edges of the seed's overload resolution (argument sets where the greedy left-to-right
// filtering of "Function-matching rules" step 5 and a least-cost best match differ) and of its
// numeric types (half's range, fixed's clamping and grid, float-to-int truncation, C's integer
// division, cint's 32 bits, cfloat folded in fp32), each with the family's own reading of the
// seed (from a Z3 model of the rule, never from Plumb's checker or evaluator) and Plumb's
// derivation (checker/cg, interpreter/cg). The two are compared; programs where they agree are
// written as .cg files with a plumb-cg-programs manifest that `plumb cg oracle` compares with
// NVIDIA's cgc.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gen/family.h"
#include "gen/solver.h"

namespace plumb::gen::cg {

/// The family's reading of one program: the verdicts the seed allows and, for a closed
/// expression, the values (decimal text, "inf", "-inf", "any").
struct CgReading {
  std::vector<std::string> verdicts;  // "accept", "warn", "reject"
  std::vector<std::string> values;    // empty: no value compared
  bool silent = false;                // the seed is silent on a step the program depends on
  std::string why;                    // the derivation, for people
};

struct CgProgram {
  std::string id;  // "<row-slug>.<slot>"
  std::string rowId;
  std::string rule;     // the seed section
  std::string profile;  // cgc's profile
  std::string plumbProfile;
  std::string entry = "main";
  std::string source;
  CgReading reading;
  nlohmann::json derivation = nlohmann::json::object();  // the solver's model
};

/// The rule rows of the family (coverage and documentation).
const std::vector<RuleRow>& cgRows();

/// The program of slot `slot` (row slot % rows); empty `failure` on success.
struct CgDraft {
  CgProgram program;
  std::string failure;
};
CgDraft draftCg(uint64_t seed, uint64_t slot, SolverSession& solver);

/// Plumb's side: the verdict of the front end and, for a program with values, the sets of the
/// evaluator's outcomes; empty when it agrees with the reading, else what differs.
struct PlumbSide {
  std::string verdict;  // accept, warn, reject
  std::string rule;     // the first rejection's rule
  /// Each returned outcome's first component: the set [lo, hi] (and NaN), or any value.
  struct Set {
    double lo = 0, hi = 0;
    bool nan = false;
    bool any = false;
    std::string text;
  };
  std::vector<Set> values;
  std::string unsupported;  // the evaluator could not run it, and why
};
PlumbSide plumbSide(const CgProgram& p);
std::string compareWithReading(const CgProgram& p, const PlumbSide& plumb);

}  // namespace plumb::gen::cg
