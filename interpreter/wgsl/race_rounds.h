// The rounds of an exploration with data races (#memory-model; docs/ambiguities.md M14), shared
// by a compute dispatch (dispatch.cpp) and a draw (stage.cpp): one round explores every
// execution over every choice with racy reads returning their locations' domains; each
// execution's race analysis (RaceDetector::analyze) widens its final buffer values and records
// its races; the rounds repeat until the domains no longer grow.
#pragma once

#include <functional>
#include <map>
#include <string>

#include "interpreter/wgsl/dispatch.h"
#include "interpreter/wgsl/races.h"

namespace plumb::interp {

/// One execution's races folded into its round: the outcome is `racy` if it has any, buffer
/// locations written by racing writes hold their join (L7, M14), the races are merged into
/// `races` by location and the values racy reads may return into `newDomains`.
void foldRaceAnalysis(RaceDetector& detector, Configuration& config, Outcome& outcome,
                      std::map<std::string, RaceRecord>& races, RaceDomains& newDomains);

/// One round: explores every execution with racy reads returning `domains`, filling `result`'s
/// outcomes and adding to `found` (the next domains) and `races`.
using ExplorationRound = std::function<void(const RaceDomains& domains, RaceDomains& found,
                                            std::map<std::string, RaceRecord>& races)>;

/// Runs `round` until the domains no longer grow (at most 8 rounds; from the third on a
/// domain that still grows becomes any value), each round from a cleared `result`; sets
/// `result.races`, `rounds` and, when the rounds run out, `roundsExhausted` and the limit.
void exploreInRounds(DispatchResult& result, const ExplorationRound& round);

}  // namespace plumb::interp
