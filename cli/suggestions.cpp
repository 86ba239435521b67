// Suggestions for a mistyped command line (suggestions.h).
#include "cli/suggestions.h"

#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "semantics/suggest.h"

namespace plumb::cli {

namespace {

CLI::App* subcommandNamed(CLI::App& app, const std::string& name) {
  for (CLI::App* sub : app.get_subcommands({}))
    if (sub->get_name() == name) return sub;
  return nullptr;
}

/// The subcommand that the words name, following argv as far as it names subcommands.
CLI::App* deepest(CLI::App& app, int argc, char** argv, int* unknownAt = nullptr) {
  CLI::App* at = &app;
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    if (word.starts_with("-")) {
      // An option's separate value (`--color always`) is not a subcommand.
      const CLI::Option* o = word.find('=') == std::string::npos ? at->get_option_no_throw(word)
                                                                 : nullptr;
      if (o && o->get_items_expected_min() > 0) ++i;
      continue;
    }
    if (CLI::App* sub = subcommandNamed(*at, word)) {
      at = sub;
      continue;
    }
    // A word where only a subcommand can be: a level with subcommands and no positionals.
    bool positionals =
        !at->get_options([](const CLI::Option* o) { return o->get_positional(); }).empty();
    if (unknownAt && !positionals && !at->get_subcommands({}).empty()) *unknownAt = i;
    break;
  }
  return at;
}

}  // namespace

bool reportUnknownSubcommand(CLI::App& app, int argc, char** argv) {
  int unknown = 0;
  CLI::App* at = deepest(app, argc, argv, &unknown);
  if (!unknown) return false;
  std::vector<std::string> names;
  for (const CLI::App* sub : at->get_subcommands({})) names.push_back(sub->get_name());
  std::vector<std::string_view> views(names.begin(), names.end());
  std::optional<std::string> close = closestName(argv[unknown], views);
  std::string prefix = at == &app ? "plumb" : "plumb " + at->get_name();
  std::cerr << prefix << ": error: unknown subcommand '" << argv[unknown] << "'";
  if (close) std::cerr << "; did you mean '" << *close << "'?";
  std::cerr << "\n(subcommands:";
  for (const std::string& n : names) std::cerr << " " << n;
  std::cerr << "; " << prefix << " --help)\n";
  return true;
}

void suggestOptions(CLI::App& app, int argc, char** argv) {
  CLI::App* at = deepest(app, argc, argv);
  std::vector<std::string> known;
  for (const CLI::Option* o : at->get_options())
    for (const std::string& n : o->get_lnames()) known.push_back("--" + n);
  std::vector<std::string_view> views(known.begin(), known.end());
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    if (!word.starts_with("--")) continue;
    word = word.substr(0, word.find('='));
    bool exists = false;
    for (const std::string& k : known) exists = exists || k == word;
    if (exists) continue;
    if (std::optional<std::string> close = closestName(word, views))
      std::cerr << "plumb: " << word << " is not an option of '" << at->get_name()
                << "'; did you mean '" << *close << "'?\n";
  }
}

}  // namespace plumb::cli
