// Runs the tests of a litmus file: one exploration per SATISFIABLE/NOSOLUTION line, the
// predicate evaluated on every complete candidate execution, and a verdict per line.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "memmodel/explorer.h"
#include "memmodel/litmus.h"

namespace plumb::memmodel {

/// A satisfying execution kept to show: the choices and everything derived from them.
struct Witness {
  StaticRelations statics;
  Execution execution;
  DynamicRelations derived;
  bool consistent = false;
};

enum class Verdict {
  Pass,     // the expectation holds
  Fail,     // it does not
  Unknown,  // the bound was hit before an execution satisfied the predicate
};
const char* verdictName(Verdict v);

struct LineResult {
  const LitmusLine* line = nullptr;
  bool found = false;       // some execution satisfies the predicate
  uint64_t satisfying = 0;  // how many (of those explored)
  ExplorerStats stats;
  Verdict verdict = Verdict::Fail;
  std::optional<Witness> witness;  // the first satisfying execution
};

/// Evaluates every line of the test. `maxExecutions` bounds each line's exploration.
std::vector<LineResult> runLitmus(const LitmusTest& test, uint64_t maxExecutions);

}  // namespace plumb::memmodel
