// WGSL text of a solved skeleton pair (behavior_skeleton.h): one statement per line, conditions
// and values built from a uniform, a private variable and the helper's parameter (so that no
// compiler can fold a branch away), the helper functions and module-scope variables both twins
// use, and the line of every statement, so that the family knows where Plumb must point.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gen/wgsl/behavior_skeleton.h"

namespace plumb::gen::wgsl::behavior {

struct RenderedTwin {
  std::string wgsl;
  std::vector<int> line;            // by position: the line its statement starts on (0: none)
  std::vector<int> continuingLine;  // by position: a loop's `continuing {` line
  std::vector<int> elseIfLine;      // by position: an if statement's `} else if` line
  int functionLine = 0;             // the line of the function's header
};

struct RenderedPair {
  RenderedTwin valid, invalid;
};

/// Renders both twins; `seed` draws the names, operands and case labels, the same for both.
RenderedPair renderPair(const SolvedPair& pair, uint64_t seed);

/// The line on which the twins differ, from the model: the edited statement's line, or its
/// `} else {` / `} else if` line when the edit turned one into the other or changed the else-if
/// condition, or the function header's.
int editLine(const SolvedPair& pair, const RenderedTwin& valid, const RenderedTwin& invalid);

/// The line Plumb must report for the invalid twin's violation.
int violationLine(const SolvedPair& pair, const RenderedTwin& invalid);

}  // namespace plumb::gen::wgsl::behavior
