// plumb: the command line. Parses options (CLI11) and calls the libraries; the only place
// where exceptions are caught.
#include <cctype>
#include <exception>
#include <iostream>
#include <new>

#include "cli/commands.h"
#include "cli/json_errors.h"
#include "cli/suggestions.h"
#include "cli/terminal.h"
#include "cli/cg_oracle_command.h"
#include "cli/tgsi_command.h"
#include "cli/cg_command.h"
#include "cli/wsl_command.h"
#include "semantics/diagnostic.h"

namespace plumb::cli {
/// `plumb cg run` (cg_run_command.cpp, issue 21): adds `run` to the `cg` group, so it is
/// registered after the group's other subcommands (it creates the group if none registered it).
void registerCgRun(CLI::App& app, int& exitCode);
}  // namespace plumb::cli

namespace {

/// No option of plumb takes a negative number, and CLI11 reads `--max-executions -1` into an
/// unsigned option as 2^64 - 1: refuse a value that starts with `-` and a digit, by name
/// (issue 16's held-out mistakes: "a negative bound").
void refuseNegativeNumbers(CLI::App& app) {
  for (CLI::Option* opt : app.get_options()) {
    if (opt->get_positional() || opt->get_type_size() == 0) continue;
    opt->check(CLI::Validator(
        [](std::string& value) -> std::string {
          if (value.size() > 1 && value[0] == '-' &&
              std::isdigit(static_cast<unsigned char>(value[1])))
            return "a negative number is not allowed here, got '" + value + "'";
          return {};
        },
        "", "NONNEGATIVE"));
  }
  for (CLI::App* sub : app.get_subcommands({})) refuseNegativeNumbers(*sub);
}

int runMain(int argc, char** argv) {
  CLI::App app{
      "Plumb: a formal reference implementation of WGSL (revision 2022-06; current WGSL with\n"
      "--revision 2026). See README.md and docs/ for the rules, formats and known spec "
      "ambiguities."};
  app.set_version_flag("--version", std::string("plumb ") + PLUMB_VERSION +
                                        " (WGSL revision 2022-06, gpuweb a83e9990)");
  app.require_subcommand(1);
  // --color may come before or after the subcommand (fallthrough); without it, `auto`.
  app.fallthrough();
  plumb::setDiagnosticColor(plumb::cli::colorWanted("auto"));
  app.add_option_function<std::string>(
         "--color",
         [](const std::string& choice) {
           plumb::setDiagnosticColor(plumb::cli::colorWanted(choice));
         },
         "colour diagnostics: auto (a terminal, unless NO_COLOR is set), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  int exitCode = plumb::cli::kOk;
  plumb::cli::registerParse(app, exitCode);
  plumb::cli::registerCheck(app, exitCode);
  plumb::cli::registerEval(app, exitCode);
  plumb::cli::registerLayout(app, exitCode);
  plumb::cli::registerBuiltins(app, exitCode);
  plumb::cli::registerRun(app, exitCode);
  plumb::cli::registerLitmus(app, exitCode);
  plumb::cli::registerExplore(app, exitCode);
  plumb::cli::registerOracle(app, exitCode);
  plumb::cli::registerGen(app, exitCode);
  plumb::cli::registerCorpus(app, exitCode);
  plumb::cli::registerReduce(app, exitCode);
  plumb::cli::registerTgsi(app, exitCode);
  plumb::cli::registerWsl(app, exitCode);
  plumb::cli::registerCg(app, exitCode);
  ::plumb::cli::registerCgRun(app, exitCode);  // last: it joins the `cg` group
  plumb::cli::registerCgOracle(app, exitCode);  // after any other `plumb cg` subcommand
  refuseNegativeNumbers(app);
  if (plumb::cli::reportUnknownSubcommand(app, argc, argv)) return plumb::cli::kUsage;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);  // prints help, version, or the usage error
    if (code != 0) plumb::cli::suggestOptions(app, argc, argv);
    return code == 0 ? plumb::cli::kOk : plumb::cli::kUsage;
  } catch (const std::bad_alloc&) {
    // Not a finding about the input's meaning: the input is too large for this machine.
    std::cerr << "plumb: error: out of memory\n";
    return plumb::cli::kUsage;
  } catch (const std::exception& e) {
    // The last resort: every input error is reported by the subcommand that meets it, so an
    // exception that gets here is a bug in Plumb. Say so, never abort.
    std::cerr << "plumb: internal error: " << e.what()
              << " (a bug in Plumb: please report it with the command line)\n";
    return plumb::cli::kUsage;
  } catch (...) {
    std::cerr << "plumb: internal error: an unknown exception (a bug in Plumb: please report "
                 "it with the command line)\n";
    return plumb::cli::kUsage;
  }
  return exitCode;
}

}  // namespace

int main(int argc, char** argv) {
  // `--format json`: every failure path ends in a JSON object on stdout (json_errors.h).
  plumb::cli::JsonErrors jsonErrors(argc, argv);
  return jsonErrors.finish(runMain(argc, argv));
}
