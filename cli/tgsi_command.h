// `plumb tgsi run|opcodes` (issue 18): the TGSI seed's subcommands, kept apart from
// cli/commands.h so that the WGSL subcommands do not depend on them.
#pragma once

#include <CLI/CLI.hpp>

namespace plumb::cli {

void registerTgsi(CLI::App& app, int& exitCode);  // tgsi_command.cpp

}  // namespace plumb::cli
