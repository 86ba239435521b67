// The rows of the `cg` family and the overload model (internal to gen/cg).
#pragma once

#include <string>
#include <vector>

#include "gen/cg/cg_family.h"
#include "gen/rng.h"

namespace plumb::gen::cg {

inline constexpr const char* kOverloadGreedyOther = "cg.overload.greedy-picks-another";
inline constexpr const char* kOverloadGreedyFails = "cg.overload.greedy-fails-best-match-exists";
inline constexpr const char* kOverloadBestAmbiguous = "cg.overload.greedy-picks-no-best-match";
inline constexpr const char* kOverloadAgree = "cg.overload.greedy-is-best-match";
inline constexpr const char* kFoldHalf = "cg.fold.half-range";
inline constexpr const char* kFoldFixed = "cg.fold.fixed-clamp-and-grid";
inline constexpr const char* kFoldFloatToInt = "cg.fold.float-to-int";
inline constexpr const char* kFoldIntDivision = "cg.fold.int-division-remainder";
inline constexpr const char* kFoldCintWrap = "cg.fold.cint-32-bits";
inline constexpr const char* kFoldCfloat = "cg.fold.cfloat-in-fp32";
inline constexpr const char* kFoldIntrinsic = "cg.fold.standard-library";
inline constexpr const char* kConversionSize = "cg.conversion.vector-matrix-size";

/// A solved overload set: the argument types, each candidate's parameter types, and the two
/// rules' answers (-1: none).
struct OverloadModel {
  std::vector<std::string> args;
  std::vector<std::vector<std::string>> candidates;
  bool greedyFails = false;
  int greedy = -1;
  int bestMatch = -1;
  std::vector<int> levels;  // the best level of each argument's filtering step
};
OverloadModel solveOverload(SolverSession& session, Rng& rng, const std::string& row,
                            std::string& failure);

}  // namespace plumb::gen::cg
