// The exhaustive explorer of candidate executions of a bounded program.
//
// A candidate execution is the program plus a choice of asmo (a total order of each group of
// mutually ordered atomic writes, spirv.als line 302) and, for every read, one source: a write
// to the same location or the initial value (rf and RFINIT, lines 185-195). The explorer
// chooses asmo first, then the reads one at a time. Every relation of the model is monotone in
// rf and RFINIT and `consistent` forbids cycles and shadowed reads, so once a partial
// execution is inconsistent every completion is too; with `pruneInconsistent` such partial
// executions are cut off instead of completed (model_dynamic.cpp states the argument).
//
// Front ends: the litmus runner (litmus_runner.h) builds a Program with ProgramBuilder and
// restricts read sources by the values the test names. A WGSL front end (issue 6 part 4) is
// meant to do the same with the events each invocation performs, restricting nothing and
// reading the values off the chosen rf in the visitor (docs/memmodel.md, "Explorer API").
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "memmodel/facts.h"
#include "memmodel/model.h"
#include "memmodel/program.h"

namespace plumb::memmodel {

struct ExplorerOptions {
  /// `chains` (spirv.als line 85): false is the litmus NOCHAINS mode.
  bool chainsSupported = true;
  /// Cut partial executions that are already inconsistent. Only sound when the caller wants
  /// consistent executions only: the visitor then never sees an inconsistent one.
  bool pruneInconsistent = true;
  /// Stop after this many candidate executions, complete or pruned (0: no bound).
  uint64_t maxExecutions = 1'000'000;
};

/// What one run did.
struct ExplorerStats {
  uint64_t complete = 0;    // complete candidate executions built and shown to the visitor
  uint64_t consistent = 0;  // of those, the consistent ones
  uint64_t pruned = 0;      // partial executions cut because they were already inconsistent
  uint64_t asmoOrders = 0;  // asmo choices that are strict partial orders of the right shape
  /// Partial asmo orders cut (when pruning) because, with the reads-from edges the program
  /// forces (a read with one possible source), they already close a cycle of rf + fr + asmo.
  /// The candidates under such a cut are not counted in `skipped`.
  uint64_t asmoPruned = 0;
  /// Complete candidates the pruning avoided building (the product of the remaining reads'
  /// source counts at each cut); brute force would have built complete + skipped.
  double skipped = 0;
  bool limitHit = false;  // stopped at maxExecutions: the enumeration is incomplete
  bool stoppedByVisitor = false;
  /// Set when the program violates a fact of `sig Exec`: it then has no execution at all.
  std::optional<FactViolation> programFact;
};

/// One complete candidate execution, as the visitor sees it (valid during the call only).
struct CandidateExecution {
  const Program& program;
  const StaticRelations& statics;
  const Execution& execution;
  const DynamicRelations& derived;
  bool consistent;
};

enum class Visit { Continue, Stop };
using ExecutionVisitor = std::function<Visit(const CandidateExecution&)>;

/// Explores every candidate execution of `program` (bounded by the options), calling `visit`
/// on each complete one (each consistent one, when pruning).
ExplorerStats explore(const Program& program, const ExplorerOptions& options,
                      const ExecutionVisitor& visit);

/// The sources the model allows a read to read from: writes to the same location other than
/// itself, intersected with the program's restriction (ReadSources); and whether the initial
/// value is allowed. Exposed for tests and front ends.
struct ReadCandidates {
  std::vector<EventId> writes;
  bool init = true;
  uint64_t count() const { return writes.size() + (init ? 1 : 0); }
};
ReadCandidates readCandidates(const Program& p, const StaticRelations& s, EventId read);

}  // namespace plumb::memmodel
