// `plumb tgsi run|opcodes|oracle` (issue 18): the TGSI seed's subcommands, kept apart from
// cli/commands.h so that the WGSL subcommands do not depend on them.
#pragma once

#include <CLI/CLI.hpp>

namespace plumb::cli {

void registerTgsi(CLI::App& app, int& exitCode);  // tgsi_command.cpp
/// `plumb tgsi oracle` (tgsi_oracle_command.cpp), added to the `tgsi` group by registerTgsi.
void registerTgsiOracle(CLI::App* tgsi, int& exitCode);

}  // namespace plumb::cli
