// Replays the fuzz seed corpus and every regression input (inputs that once crashed or
// violated a property) through the fuzz target bodies (parser, checker, interpreter), in ordinary builds.
// Each argument is a directory, searched recursively for .wgsl files.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/check_fuzz_target.h"
#include "fuzz/parse_fuzz_target.h"
#include "fuzz/run_fuzz_target.h"

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  size_t count = 0;
  for (int a = 1; a < argc; ++a) {
    std::error_code ec;
    std::vector<fs::path> files;
    for (fs::recursive_directory_iterator it(argv[a], ec), end; !ec && it != end; it.increment(ec))
      if (it->is_regular_file() && it->path().extension() == ".wgsl") files.push_back(it->path());
    if (ec) {
      std::fprintf(stderr, "cannot read %s: %s\n", argv[a], ec.message().c_str());
      return 1;
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& path : files) {
      std::ifstream in(path, std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      std::string data = ss.str();
      plumb::fuzz::parseOneInput(reinterpret_cast<const uint8_t*>(data.data()), data.size());
      plumb::fuzz::checkOneInput(reinterpret_cast<const uint8_t*>(data.data()), data.size());
      plumb::fuzz::runOneInput(reinterpret_cast<const uint8_t*>(data.data()), data.size());
      ++count;
    }
  }
  std::printf("replayed %zu inputs\n", count);
  return count > 0 ? 0 : 1;
}
