// `plumb` without Z3 hands the command lines it has no subcommand for (`gen`, `corpus`, the
// top-level help, a mistyped subcommand) to `plumb-gen`, the executable built beside it with
// every subcommand (subcommands.h; docs/architecture.md, "The plumb executables").
#pragma once

namespace plumb::cli {

/// Replaces this process by the `plumb-gen` in the directory of /proc/self/exe, with the same
/// arguments (argv[0] included: CLI11's usage line shows it). Returns only if that fails, after
/// saying why on standard error, with the usage exit status.
int execGenExecutable(char** argv);

}  // namespace plumb::cli
