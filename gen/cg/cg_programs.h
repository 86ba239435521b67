// `plumb gen cg`: the `cg` family's driver (docs/gen.md "Family cg"). For each slot of the
// shard: a fresh Z3 session, the family's draft with its reading of the seed, Plumb's
// derivation, and the comparison; the programs where both agree are written as .cg files into
// DIR/cg/ with the manifest DIR/cg/programs.jsonl (format plumb-cg-programs, version 1, with
// the generator's fields; docs/formats.md) that `plumb cg oracle` reads. Deterministic and
// atomic like the WGSL families.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gen/solver.h"

namespace plumb::gen::cg {

struct CgGenOptions {
  uint64_t count = 100;
  uint64_t seed = 1;
  std::string outDir;
  uint32_t shardIndex = 0, shardCount = 1;
  SolverLimits limits;
};

struct CgGenReport {
  uint64_t slots = 0, programs = 0, duplicates = 0, disagreements = 0;
  std::map<std::string, uint64_t> failures;
  std::map<std::string, uint64_t> rows;  // programs written per row
  SolveStats solver;
  std::vector<nlohmann::json> disagreementList;
  std::string manifestPath;
  std::string error;
};

CgGenReport generateCgPrograms(const CgGenOptions& options);

}  // namespace plumb::gen::cg
