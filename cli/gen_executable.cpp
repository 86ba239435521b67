// Handing a command line to plumb-gen (gen_executable.h).
#include "cli/gen_executable.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <string>

#include "cli/commands.h"

namespace plumb::cli {

int execGenExecutable(char** argv) {
  // The directory of this executable, not of argv[0] (a PATH lookup or a symbolic link).
  std::string self(4096, '\0');
  ssize_t n = readlink("/proc/self/exe", self.data(), self.size() - 1);
  std::string path;
  if (n > 0) {
    self.resize(static_cast<size_t>(n));
    path = self.substr(0, self.rfind('/') + 1) + "plumb-gen";
    execv(path.c_str(), argv);
  }
  int error = n > 0 ? errno : ENOENT;
  std::cerr << "plumb: error: cannot start " << (path.empty() ? "plumb-gen" : path) << ": "
            << std::strerror(error)
            << " (plumb gen, plumb corpus and plumb --help run the plumb-gen executable that is "
               "built and installed beside plumb)\n";
  return kUsage;
}

}  // namespace plumb::cli
