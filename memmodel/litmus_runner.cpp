// Litmus test lines as explorations (litmus_runner.h).
#include "memmodel/litmus_runner.h"

namespace plumb::memmodel {

const char* verdictName(Verdict v) {
  switch (v) {
    case Verdict::Pass:
      return "PASS";
    case Verdict::Fail:
      return "FAIL";
    case Verdict::Unknown:
      return "UNKNOWN";
  }
  return "?";
}

std::vector<LineResult> runLitmus(const LitmusTest& test, uint64_t maxExecutions) {
  std::vector<LineResult> results;
  for (const LitmusLine& line : test.lines) {
    LineResult r;
    r.line = &line;
    ExplorerOptions options;
    options.chainsSupported = !line.noChains;
    // Pruning inconsistent partial executions is sound only when the predicate needs
    // consistency; `#dr>0` alone, say, is judged over every candidate execution.
    options.pruneInconsistent = impliesConsistent(*line.predicate);
    options.maxExecutions = maxExecutions;
    r.stats = explore(test.program, options, [&](const CandidateExecution& c) {
      if (!evaluate(*line.predicate, c)) return Visit::Continue;
      ++r.satisfying;
      if (!r.witness) r.witness = Witness{c.statics, c.execution, c.derived, c.consistent};
      return Visit::Continue;
    });
    r.found = r.satisfying > 0;
    if (!r.found && r.stats.limitHit)
      r.verdict = Verdict::Unknown;
    else
      r.verdict = r.found == line.expectSatisfiable ? Verdict::Pass : Verdict::Fail;
    results.push_back(std::move(r));
  }
  return results;
}

}  // namespace plumb::memmodel
