// Revision deltas in an oracle run (issue 15): a backend that disagrees with Plumb under the
// cases' revision and agrees with Plumb under the other revision follows the other text; its
// result is classified `revision-delta`, with the entry of
// ../shared/spec/revision-delta-2022-06-to-2026.md that explains it, not as a disagreement.
#pragma once

#include <string>

#include "oracle/wgsl/oracle.h"
#include "semantics/wgsl/revision.h"

namespace plumb::oracle {

/// Re-classifies every disagreement of `run`: for its case, Plumb's verdict and (for a case
/// that runs) outcome set are computed again under each other revision (`outcomes`), and a
/// result that agrees there becomes Classification::RevisionDelta, with `revisionDelta` set.
/// A result whose outputs were compared under the case's revision must be compared (and lie
/// in an outcome) under the other one too.
void labelRevisionDeltas(OracleRun& run, const OutcomeProvider& outcomes);

/// The entry of the delta document that explains why Plumb's verdicts `a` and `b` (on one
/// program, under two revisions) differ, from the first error's rule of the side that
/// rejects; when both accept, the dynamic deltas (the outcome sets differ): every entry of a
/// run-time field of Revision on which `ra` and `rb` differ (every one when either is null),
/// and, given the program `wgsl` (read under `ra`), only those whose rule it can reach (its
/// built-in calls and constructs: an assignment, an index, a discard, ...), unless it reaches
/// none of them.
std::string revisionDeltaEntry(const PlumbVerdict& a, const PlumbVerdict& b,
                               const Revision* ra = nullptr, const Revision* rb = nullptr,
                               const std::string* wgsl = nullptr);

}  // namespace plumb::oracle
