// The `plumb` subcommands. Each registers its options on the app and returns the exit code
// through `exitCode` when it runs. The CLI is thin: it parses options and calls the libraries.
#pragma once

#include <CLI/CLI.hpp>

namespace plumb::cli {

/// Exit codes shared by every subcommand.
enum ExitCode : int { kOk = 0, kRejected = 1, kUsage = 2 };

void registerParse(CLI::App& app, int& exitCode);
void registerCheck(CLI::App& app, int& exitCode);
void registerEval(CLI::App& app, int& exitCode);
void registerLayout(CLI::App& app, int& exitCode);
void registerBuiltins(CLI::App& app, int& exitCode);
void registerRun(CLI::App& app, int& exitCode);     // run_command.cpp (issue 5)
void registerLitmus(CLI::App& app, int& exitCode);  // litmus_command.cpp (issue 6)
void registerExplore(CLI::App& app, int& exitCode);  // explore_command.cpp (issue 6)
void registerOracle(CLI::App& app, int& exitCode);  // oracle_command.cpp (issue 7)
void registerGen(CLI::App& app, int& exitCode);     // gen_command.cpp (issue 13)
void registerCorpus(CLI::App& app, int& exitCode);  // corpus_command.cpp (issue 13)
void registerReduce(CLI::App& app, int& exitCode);  // reduce_command.cpp (issue 13)

}  // namespace plumb::cli
