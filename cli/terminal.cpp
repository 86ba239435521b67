// The terminal (terminal.h).
#include "cli/terminal.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace plumb::cli {

bool stderrIsTerminal() {
  return ::isatty(STDERR_FILENO) == 1;
}

bool colorWanted(const std::string& choice) {
  if (choice == "always") return true;
  if (choice == "never") return false;
  const char* noColor = std::getenv("NO_COLOR");
  if (noColor && *noColor) return false;
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return false;
  return stderrIsTerminal();
}

}  // namespace plumb::cli
