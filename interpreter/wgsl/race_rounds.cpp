// The rounds of an exploration with data races (interpreter/wgsl/race_rounds.h).
#include "interpreter/wgsl/race_rounds.h"

#include "interpreter/wgsl/memory.h"

namespace plumb::interp {

void foldRaceAnalysis(RaceDetector& detector, Configuration& config, Outcome& outcome,
                      std::map<std::string, RaceRecord>& races, RaceDomains& newDomains) {
  RaceDetector::Result found = detector.analyze();
  outcome.racy = !found.races.empty();
  // A buffer location written by racing writes holds one of them (docs/ambiguities.md L7,
  // M14): its final value is their join.
  for (auto& [where, value] : found.finalValues) {
    Allocation& a = config.buffers[indexOf(where.first)];
    if (RValue* loc = locate(a.value, where.second, where.second.size())) {
      Type t = loc->type;
      *loc = std::move(value);
      loc->type = t;
    }
  }
  // A word accessed as a whole and as halves: the whole word, in place of its halves.
  for (auto& [where, value] : found.wordValues) {
    Allocation& a = config.buffers[indexOf(where.first)];
    if (a.value.isComposite() && where.second < a.value.components().size())
      a.value.components()[where.second] = std::move(value);
  }
  for (RaceRecord& r : found.races) {
    auto [it, inserted] = races.emplace(r.key, r);
    if (!inserted) {
      it->second.writeWrite = it->second.writeWrite || r.writeWrite;
      it->second.readWrite = it->second.readWrite || r.readWrite;
      it->second.finalWidened = it->second.finalWidened || r.finalWidened;
      it->second.readsWidened = it->second.readsWidened || r.readsWidened;
    }
  }
  for (auto& [k, v] : found.domains) {
    auto [it, inserted] = newDomains.emplace(k, v);
    if (!inserted) {
      Type t = it->second.type;
      it->second = joinScalars({it->second, v}, kMaxAlternatives);
      it->second.type = t;
    }
  }
}

void exploreInRounds(DispatchResult& result, const ExplorationRound& round) {
  // Rounds (docs/ambiguities.md M14): the first explores the program as it is; when some read
  // of a location may return several values (a data race), the next round explores it again
  // with every read of that location returning any value of its domain (its initial value and
  // every value written to it), until the domains no longer grow.
  RaceDomains domains;
  constexpr int kMaxRounds = 8;
  for (int r = 1;; ++r) {
    RaceDomains found;
    std::map<std::string, RaceRecord> races;
    result.outcomes.clear();
    result.explored = 0;
    result.abandoned = 0;
    result.complete = true;
    result.limit.reset();
    round(domains, found, races);
    result.races.clear();
    for (auto& [k, record] : races) result.races.push_back(std::move(record));
    result.rounds = r;
    bool grew = false;
    for (auto& [k, v] : found) {
      auto [it, inserted] = domains.emplace(k, v);
      if (inserted) {
        grew = true;
        continue;
      }
      RValue joined = joinScalars({it->second, v}, kMaxAlternatives);
      joined.type = it->second.type;
      if (!(joined.data == it->second.data)) {
        // From the third round on a domain that still grows becomes any value (a widening, so
        // that the rounds end).
        it->second = r >= 3 ? anyScalarLike(joined) : std::move(joined);
        grew = true;
      }
    }
    if (!grew) break;
    if (r == kMaxRounds) {
      result.complete = false;
      result.roundsExhausted = true;
      if (!result.limit)
        result.limit = Stop::limit(std::string(kBoundRaceRounds), kMaxRounds,
                                   "the values racy reads may return still grew after " +
                                       std::to_string(kMaxRounds) +
                                       " rounds of exploration (docs/ambiguities.md M14)");
      break;
    }
  }
}

}  // namespace plumb::interp
