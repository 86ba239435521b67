// Hints for programs written in today's WGSL and checked under the seed (revision 2022-06):
// words the seed's grammar or scope does not know but current WGSL does (`alias`,
// `const_assert`, `diagnostic`, `requires`, the predeclared aliases `vec3f`, `mat4x4h`, ...).
// The hint is a note on the error, saying what the seed writes instead.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace plumb {

/// The note for `word` when current WGSL gives it a meaning the seed does not, else nothing.
std::optional<std::string> currentWgslHint(std::string_view word);

}  // namespace plumb
