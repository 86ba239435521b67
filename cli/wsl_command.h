// `plumb wsl desugar|check|run` (issue 20): the WSL seed's subcommands, kept apart from
// cli/commands.h so that the WGSL subcommands do not depend on them.
#pragma once

#include <CLI/CLI.hpp>

namespace plumb::cli {

void registerWsl(CLI::App& app, int& exitCode);  // wsl_command.cpp

}  // namespace plumb::cli
