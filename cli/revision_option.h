// The `--revision` option of every WGSL subcommand (issue 15): the name of a WGSL revision
// (semantics/wgsl/revision.h), the seed's 2022-06 by default.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "semantics/wgsl/revision.h"

namespace plumb::cli {

/// Adds `--revision R` to `cmd`, storing the name in `name` (which keeps its default,
/// "2022-06", when the option is absent). `what` says what the revision changes for this
/// command, for --help.
CLI::Option* addRevisionOption(CLI::App* cmd, std::string& name, const std::string& what);

/// The revision named `name`, or nullptr after printing `plumb COMMAND: unknown revision`.
const Revision* resolveRevision(const char* command, const std::string& name);

}  // namespace plumb::cli
