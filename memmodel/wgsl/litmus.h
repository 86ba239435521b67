// The WGSL litmus header (format `plumb-explore-litmus`, docs/formats.md): a compute shader's
// own dispatch and the outcomes it allows or forbids, in `//` comment lines (`// @dispatch
// 2,1,1`, `// @observe r[0] r[1]`, `// @allowed 1u 0u`, `// @forbidden 1u 0u`, `// @races
// none`), and the herd7-style verdict of an exploration against them: Ok or No.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "memmodel/wgsl/explore.h"

namespace plumb::memmodel::wgsl {

struct LitmusHeader {
  bool present = false;  // some `// @` directive: the file states what it expects
  std::optional<std::array<uint32_t, 3>> dispatch;
  std::vector<std::string> observe;
  std::vector<std::vector<std::string>> allowed;    // the outcomes, exactly (when given)
  std::vector<std::vector<std::string>> forbidden;  // outcomes no execution may reach
  std::optional<bool> races;                        // `@races some` / `@races none`
  std::vector<std::string> errors;                  // `line N: why`, for malformed directives

  /// Something to judge: an outcome allowed or forbidden, a race verdict, or a malformed
  /// directive (a file with only `@dispatch` is run with it but gets no verdict).
  bool judged() const { return !allowed.empty() || !forbidden.empty() || races || !errors.empty(); }
};

/// Reads the directives of `text` (every line that starts with `// @`).
LitmusHeader parseLitmusHeader(const std::string& text);

struct LitmusVerdict {
  bool ok = false;
  std::vector<std::string> reasons;  // why not Ok, one line each
};

/// Ok when the exploration ran and is complete, every final state finished, its states
/// projected onto `@observe` are exactly the `@allowed` outcomes (when some are given), none
/// is `@forbidden`, and some execution has a data race exactly when `@races some`.
LitmusVerdict judgeLitmus(const LitmusHeader& header, const ExploreResult& result);

/// A final state projected onto the observed names (`?` for a name the state does not list).
std::vector<std::string> projectState(const FinalState& s, const std::vector<std::string>& observe);

}  // namespace plumb::memmodel::wgsl
