// Which subcommands a plumb process registers. Registering all of them (CLI11 options,
// validators, help texts; `gen`'s families) cost about a tenth of a small `plumb run`, so a
// command line that names its subcommand registers that one only: the parse, the messages and
// the help of a subcommand depend on it and the top-level options alone. A command line that
// names none (`plumb --help`, `plumb`, a mistyped name) gets every subcommand, as before.
//
// Two executables are built from these sources (docs/architecture.md, "The plumb executables"):
// `plumb-gen` has every subcommand and links Z3; `plumb` has every subcommand but `gen` and
// `corpus` (whose families hold Z3 models) and no Z3, and hands any other command line to the
// `plumb-gen` beside it (gen_executable.h).
#pragma once

#include <CLI/CLI.hpp>
#include <string_view>

namespace plumb::cli {

/// The subcommand argv names, if only `--color` and its value precede it and this executable
/// has it; otherwise empty.
std::string_view namedSubcommand(int argc, char** argv);

/// `plumb --version` and nothing else: answered with no subcommand registered.
bool asksVersionOnly(int argc, char** argv);

/// Registers `named` (from namedSubcommand) only, or, when it is empty, every subcommand of
/// this executable in the order `plumb --help` lists them.
void registerSubcommands(CLI::App& app, int& exitCode, std::string_view named);

}  // namespace plumb::cli
