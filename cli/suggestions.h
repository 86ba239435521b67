// "Did you mean ...?" for the command line itself: a mistyped subcommand (`plumb chek`) or
// option (`plumb check --formt json`), with the closest known name (semantics/suggest.h).
#pragma once

#include <CLI/CLI.hpp>

namespace plumb::cli {

/// Before parsing: a word where a subcommand must be (`plumb chek`, `plumb corpus verfy`)
/// that is none. Prints the error with the closest subcommand and returns true.
bool reportUnknownSubcommand(CLI::App& app, int argc, char** argv);

/// After CLI11 rejected the command line: prints `did you mean '--format'?` for each
/// `--option` the chosen subcommand does not have and that is close to one it has.
void suggestOptions(CLI::App& app, int argc, char** argv);

}  // namespace plumb::cli
