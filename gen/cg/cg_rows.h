// The rows of the `cg` family and the overload model (internal to gen/cg).
#pragma once

#include <functional>
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
inline constexpr const char* kOverloadProfileDecides = "cg.overload.profile-decides";
inline constexpr const char* kOverloadProfileFails = "cg.overload.profile-fails";
inline constexpr const char* kLimitLoop = "cg.limit.loop-unroll";
inline constexpr const char* kLimitSubscript = "cg.limit.run-time-subscript";
inline constexpr const char* kLimitInteger = "cg.limit.integer-operator";
inline constexpr const char* kTextureLookup = "cg.texture.lookup";
inline constexpr const char* kInterfaceImplementation = "cg.interface.implementation";

/// A choice among the combinations of `sizes` (one value per dimension) that `allowed` keeps,
/// made by Z3 with the slot's random hints (table_choice.cpp); empty with `failure` set.
std::vector<int> solveTableChoice(SolverSession& session, Rng& rng, const std::vector<int>& sizes,
                                  const std::function<bool(const std::vector<int>&)>& allowed,
                                  std::string& failure);

/// The rows limit.*, texture.lookup and interface.implementation (profile_limit_rows.cpp).
CgDraft limitRowDraft(const std::string& row, SolverSession& session, Rng& rng);

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

/// A solved overload-by-profile set (profile_overload_model.cpp): the compilation profile, the
/// profile of the same stage under which the outcome differs, each candidate's specifier ("":
/// open-profile) and rank under the profile (3 exact, 2 numbered wildcard, 1 stage wildcard, 0
/// open, -1 conflict), the winner (-1: steps 2-7 fail).
struct ProfileOverloadModel {
  std::string profile, other;
  bool vertex = false;
  std::vector<std::string> specifiers;
  std::vector<int> ranks;
  int winner = -1;
  bool silent = false;  // the choice compares a numbered wildcard with a stage one
};
ProfileOverloadModel solveProfileOverload(SolverSession& session, Rng& rng, const std::string& row,
                                          std::string& failure);

}  // namespace plumb::gen::cg
