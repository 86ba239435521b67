// `plumb cg ...` (issue 21): the Cg seed's subcommands, kept apart from cli/commands.h. Other
// Cg subcommands (`run`, `oracle`) attach to the `cg` command registerCg returns.
#pragma once

#include <CLI/CLI.hpp>

namespace plumb::cli {

CLI::App* registerCg(CLI::App& app, int& exitCode);  // cg_command.cpp

/// `--dialect seed|cgc` (semantics/cg/dialect.h, docs/cg.md "The cgc dialect") on a Cg
/// subcommand: the seed read literally (default) or cgc 3.1's dialect.
void addCgDialectOption(CLI::App& command, std::string& dialect);  // cg_command.cpp

}  // namespace plumb::cli
