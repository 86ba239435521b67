// plumb: the command line. Parses options (CLI11) and calls the libraries; the only place
// where exceptions are caught.
#include <cctype>
#include <exception>
#include <iostream>
#include <new>

#include "cli/commands.h"
#include "cli/gen_executable.h"
#include "cli/json_errors.h"
#include "cli/process_heap.h"
#include "cli/subcommands.h"
#include "cli/suggestions.h"
#include "cli/terminal.h"
#include "semantics/diagnostic.h"

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
  // The named subcommand only, or every one, or none for `--version` (subcommands.h).
  if (!plumb::cli::asksVersionOnly(argc, argv))
    plumb::cli::registerSubcommands(app, exitCode, plumb::cli::namedSubcommand(argc, argv));
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
  plumb::cli::setUpProcessHeap();
#ifndef PLUMB_CLI_WITH_GEN
  // `plumb` without Z3: a command line that names none of its subcommands (`gen`, `corpus`,
  // help, a mistake) is plumb-gen's, whose answers name every subcommand (subcommands.h).
  if (plumb::cli::namedSubcommand(argc, argv).empty() && !plumb::cli::asksVersionOnly(argc, argv))
    return plumb::cli::execGenExecutable(argv);
#endif
  // `--format json`: every failure path ends in a JSON object on stdout (json_errors.h).
  plumb::cli::JsonErrors jsonErrors(argc, argv);
  return jsonErrors.finish(runMain(argc, argv));
}
