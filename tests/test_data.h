// Test data shared by the suites: files read whole, and the 91 spec examples
// (tests/data/spec-examples) with the verdicts expectations.tsv gives them.
#pragma once

#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace plumb::testing {

/// The file's bytes, or "" if it cannot be read.
inline std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The rows of a tab-separated file, skipping empty lines and `#` comments.
inline std::vector<std::vector<std::string>> readTsv(const std::string& path) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(readFile(path));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    std::stringstream ls(line);
    std::string col;
    while (std::getline(ls, col, '\t')) cols.push_back(col);
    rows.push_back(std::move(cols));
  }
  return rows;
}

/// One spec example: its number, the columns of expectations.tsv (form, parse, check, note)
/// and its text (NNN.wgsl).
struct SpecExample {
  int number = 0;
  std::string form, parse, check, note, text;
};

inline void PrintTo(const SpecExample& e, std::ostream* os) {
  *os << "example " << e.number;
}

/// The text of spec example `number` (tests/data/spec-examples/NNN.wgsl).
inline std::string specExampleText(int number) {
  char name[16];
  std::snprintf(name, sizeof name, "%03d.wgsl", number);
  return readFile(std::string(PLUMB_TEST_DATA_DIR) + "/spec-examples/" + name);
}

inline std::vector<SpecExample> loadSpecExamples() {
  std::vector<SpecExample> out;
  for (const std::vector<std::string>& cols :
       readTsv(std::string(PLUMB_TEST_DATA_DIR) + "/spec-examples/expectations.tsv")) {
    SpecExample e;
    e.number = std::stoi(cols.at(0));
    e.form = cols.at(1);
    e.parse = cols.at(2);
    e.check = cols.at(3);
    if (cols.size() > 4) e.note = cols[4];
    e.text = specExampleText(e.number);
    out.push_back(e);
  }
  return out;
}

}  // namespace plumb::testing
