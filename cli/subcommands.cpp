// Which subcommands a plumb process registers (subcommands.h).
#include "cli/subcommands.h"

#include <string>

#include "cli/cg_command.h"
#include "cli/cg_oracle_command.h"
#include "cli/commands.h"
#include "cli/tgsi_command.h"
#include "cli/wsl_command.h"

namespace plumb::cli {
/// `plumb cg run` (cg_run_command.cpp, issue 21): adds `run` to the `cg` group, so it is
/// registered after the group's other subcommands (it creates the group if none registered it).
void registerCgRun(CLI::App& app, int& exitCode);
}  // namespace plumb::cli

namespace plumb::cli {

namespace {

/// The `cg` group: its own subcommands, then `run` (it joins the group), then `oracle`.
void registerCgGroup(CLI::App& app, int& exitCode) {
  registerCg(app, exitCode);
  registerCgRun(app, exitCode);
  registerCgOracle(app, exitCode);
}

struct SubcommandEntry {
  std::string_view name;
  void (*add)(CLI::App&, int&);
};

/// This executable's subcommands in the order `plumb --help` lists them.
constexpr SubcommandEntry kSubcommandEntries[] = {
    {"parse", registerParse},   {"check", registerCheck},       {"eval", registerEval},
    {"layout", registerLayout}, {"builtins", registerBuiltins}, {"run", registerRun},
    {"litmus", registerLitmus}, {"explore", registerExplore},   {"oracle", registerOracle},
#ifdef PLUMB_CLI_WITH_GEN
    {"gen", registerGen},       {"corpus", registerCorpus},
#endif
    {"reduce", registerReduce}, {"tgsi", registerTgsi},         {"wsl", registerWsl},
    {"cg", registerCgGroup},
};

}  // namespace

std::string_view namedSubcommand(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::string_view word = argv[i];
    if (word == "--color") {  // the top level's only option with a value
      ++i;
      continue;
    }
    if (word.starts_with("--color=")) continue;
    if (word.starts_with("-")) return {};  // --help, --version, a mistake: the whole app
    for (const SubcommandEntry& e : kSubcommandEntries)
      if (e.name == word) return e.name;
    return {};
  }
  return {};
}

bool asksVersionOnly(int argc, char** argv) {
  return argc == 2 && std::string_view(argv[1]) == "--version";
}

void registerSubcommands(CLI::App& app, int& exitCode, std::string_view named) {
  for (const SubcommandEntry& e : kSubcommandEntries)
    if (named.empty() || e.name == named) e.add(app, exitCode);
}

}  // namespace plumb::cli
