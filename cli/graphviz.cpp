// Pictures out of the box (graphviz.h).
#include "cli/graphviz.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "semantics/atomic_file.h"

namespace plumb::cli {

namespace {

/// `s` quoted for /bin/sh.
std::string shellQuoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

bool graphvizAvailable() {
  return std::system("command -v dot >/dev/null 2>&1") == 0;
}

std::string graphvizMissingMessage() {
  return "an SVG picture needs Graphviz's `dot`, which is not installed (scripts/deps.sh "
         "--pictures installs it: apt-get install graphviz); ask for a .dot file instead and "
         "render it elsewhere";
}

bool isSvgPath(const std::string& path) {
  if (path.size() < 4) return false;
  std::string ext = path.substr(path.size() - 4);
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return ext == ".svg";
}

bool writeSvg(const std::string& svgPath, const std::string& dotText, std::string& error) {
  if (!graphvizAvailable()) {
    error = graphvizMissingMessage();
    return false;
  }
  // dot reads the DOT text from a temporary file and writes the SVG beside the target; the
  // rename makes it whole or nothing (design.md principle 5).
  std::string tmpDot = temporaryPathFor(svgPath) + ".dot";
  std::string tmpSvg = temporaryPathFor(svgPath);
  {
    std::ofstream out(tmpDot, std::ios::binary);
    out << dotText;
    if (!out.flush()) {
      error = "cannot write a temporary file beside it";
      std::remove(tmpDot.c_str());
      return false;
    }
  }
  std::string command = "dot -Tsvg -o " + shellQuoted(tmpSvg) + " " + shellQuoted(tmpDot) + " 2>&1";
  std::string output;
  FILE* p = popen(command.c_str(), "r");
  if (p) {
    char buf[512];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) output.append(buf, n);
  }
  int status = p ? pclose(p) : -1;
  std::remove(tmpDot.c_str());
  if (status != 0 || !WIFEXITED(status)) {
    std::remove(tmpSvg.c_str());
    while (!output.empty() && (output.back() == '\n' || output.back() == '\r')) output.pop_back();
    error = "Graphviz's dot failed" + (output.empty() ? std::string() : ": " + output);
    return false;
  }
  std::error_code ec;
  std::filesystem::rename(tmpSvg, svgPath, ec);
  if (ec) {
    std::remove(tmpSvg.c_str());
    error = ec.message();
    return false;
  }
  return true;
}

}  // namespace plumb::cli
