// `plumb gen` as a library call: for each family, draft the cases of every slot of this shard,
// derive Plumb's expectation of each, keep the slots whose two derivations agree, and write the
// corpus (one plumb-case file per case, atomically) with its manifest (`plumb-corpus` v1).
// Deterministic: the same options give a byte-identical corpus (timings go to the report only).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gen/family.h"
#include "gen/solver.h"

namespace plumb::gen {

inline constexpr const char* kCorpusFormat = "plumb-corpus";
inline constexpr int kCorpusVersion = 1;

struct GenOptions {
  std::vector<const Family*> families;
  uint64_t count = 100;  // case slots per family (each an edge pair or one case)
  uint64_t seed = 1;
  std::string outDir;
  std::string revision = "2022-06";
  uint32_t shardIndex = 0, shardCount = 1;  // this run makes the slots s with s % count == index
  SolverLimits limits;
  /// Called with a short status line now and then (the CLI draws a progress line on a TTY).
  std::function<void(const std::string&)> progress;
};

struct RowCount {
  uint64_t valid = 0, invalid = 0;
};

struct FamilyReport {
  std::string name;
  uint64_t slots = 0;       // slots of this shard
  uint64_t cases = 0;       // written
  uint64_t duplicates = 0;  // slots whose program another slot already produced
  uint64_t disagreements = 0;
  std::map<std::string, uint64_t> failures;  // slots without drafts, by reason
  SolveStats solver;
  std::map<std::string, RowCount> rows;          // by row id
  std::vector<nlohmann::json> disagreementList;  // the first few, with both derivations
  std::vector<std::string> caseFiles;            // relative to the corpus directory
  double seconds = 0;
};

struct GenReport {
  std::vector<FamilyReport> families;
  std::string error;  // the corpus could not be written
  std::string manifestPath;
};

/// Writes the corpus. A family that does not support `options.revision`
/// (Family::revisionSupport) is an error, reported before anything is written.
GenReport generateCorpus(const GenOptions& options);

/// The manifest's file name for a shard: manifest.json, or manifest.I-of-N.json.
std::string manifestName(uint32_t shardIndex, uint32_t shardCount);

/// Drafts and derives one slot of one family without writing anything (tests, the reducer).
struct SlotResult {
  std::vector<GeneratedCase> cases;  // with Plumb's expectation, when the derivations agree
  std::string failure;               // no drafts: why
  std::string disagreement;          // the derivations differ: what
  nlohmann::json disagreementDetail;
};
/// `revision`: the WGSL revision Plumb's expectation is derived under (the case's "revision").
SlotResult generateSlot(const Family& family, uint64_t seed, uint64_t slot,
                        const SolverLimits& limits, SolveStats& stats,
                        const std::string& revision = "2022-06");

}  // namespace plumb::gen
