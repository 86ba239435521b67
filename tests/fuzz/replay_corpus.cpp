// Replays the fuzz seed corpus and every regression input (inputs that once crashed or
// violated the round-trip property) through the fuzz target body, in ordinary builds.
#include <dirent.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/parse_fuzz_target.h"

int main(int argc, char** argv) {
  size_t count = 0;
  for (int a = 1; a < argc; ++a) {
    DIR* dir = opendir(argv[a]);
    if (!dir) {
      std::fprintf(stderr, "cannot open %s\n", argv[a]);
      return 1;
    }
    std::vector<std::string> names;
    while (dirent* e = readdir(dir))
      if (e->d_name[0] != '.' && std::string(e->d_name).ends_with(".wgsl"))
        names.push_back(e->d_name);
    closedir(dir);
    for (const std::string& n : names) {
      std::ifstream in(std::string(argv[a]) + "/" + n, std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      std::string data = ss.str();
      plumb::fuzz::parseOneInput(reinterpret_cast<const uint8_t*>(data.data()), data.size());
      ++count;
    }
  }
  std::printf("replayed %zu inputs\n", count);
  return count > 0 ? 0 : 1;
}
