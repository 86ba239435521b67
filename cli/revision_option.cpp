#include "cli/revision_option.h"

#include <iostream>

namespace plumb::cli {

CLI::Option* addRevisionOption(CLI::App* cmd, std::string& name, const std::string& what) {
  return cmd->add_option("--revision", name,
                         "WGSL revision: 2022-06 (the seed, default) or 2026 (current WGSL); " +
                             what + " (docs/revision-2026.md)");
}

const Revision* resolveRevision(const char* command, const std::string& name) {
  const Revision* r = Revision::byName(name);
  if (!r) {
    std::string known;
    for (std::string_view n : Revision::names())
      known += (known.empty() ? "" : ", ") + std::string(n);
    std::cerr << "plumb " << command << ": unknown revision '" << name << "' (known: " << known
              << ")\n";
  }
  return r;
}

}  // namespace plumb::cli
