// "Did you mean ...?": the closest of some known names to a name the user wrote, as rustc and
// CLI11 suggest. Used for undeclared identifiers (the checker's scope at that point), built-in
// function names, subcommands and generator families.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plumb {

/// The optimal string alignment distance: insertions, deletions, substitutions and
/// transpositions of adjacent characters, each costing 1 (`scael` is 1 from `scale`).
size_t editDistance(std::string_view a, std::string_view b);

/// The candidate closest to `name` when it is close enough to be a likely misspelling: at
/// most a third of the name's length away (at least 1), and never the name itself. The first
/// of equally close candidates wins, so callers list the most likely (innermost) first.
std::optional<std::string> closestName(std::string_view name,
                                       const std::vector<std::string_view>& candidates);

}  // namespace plumb
