// The terminal: whether to colour diagnostics (`--color auto|always|never`, the NO_COLOR
// convention of no-color.org) and whether standard error is a terminal (progress lines).
#pragma once

#include <string>

namespace plumb::cli {

/// `always`, `never`, or `auto`: standard error is a terminal, NO_COLOR is unset or empty,
/// and TERM is not `dumb`.
bool colorWanted(const std::string& choice);

/// Standard error is a terminal: progress lines go there only then.
bool stderrIsTerminal();

}  // namespace plumb::cli
