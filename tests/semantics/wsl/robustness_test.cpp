// No input crashes or hangs the WSL front end and machine (design.md "Bounded and total"): the
// fuzz target body over the RI suite's programs and over hostile inputs. The libFuzzer build of
// the same body is tests/fuzz/wsl_fuzzer.cpp.
#include <gtest/gtest.h>
#include <zlib.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "fuzz/wsl_fuzz_target.h"

namespace plumb::wsl {
namespace {

void feed(const std::string& s) {
  fuzz::wslOneInput(reinterpret_cast<const uint8_t*>(s.data()), s.size());
}

TEST(WslRobustness, HostileInputs) {
  feed("");
  feed(std::string("\0\xff\xfe int", 8));
  feed("/* never closed");
  feed("int f() { return " + std::string(100000, '(') + "1; }");
  feed("int f() { " + std::string(20000, '{') + " }");
  feed("int f() { int x = " + std::string(50000, '-') + "1; return x; }");
  feed("int f() { int[4294967295] a; return a[0]; }");
  feed("int f() { int[65536][65536] a; return 0; }");
  feed("typedef A = B; typedef B = A; A f() { A a; return a; }");
  feed("struct S { S s; } int f() { S s; return 0; }");
  feed("int f() { while (true) { } return 0; }");
  feed("int f() { int x = 99999999999999999999; return x; }");
  feed("enum E { A = 4294967296 } int f() { return 0; }");
  feed("int f() { uint i = 4000000000u; int[2] a; return (@a)[i]; }");
  feed("int operator+(int a) { return a; } int f() { return +1; }");
  feed("int f() { return g(); } int g() { return f(); }");
  SUCCEED();
}

TEST(WslRobustness, EveryProgramOfTheRiSuite) {
  std::string path = std::string(PLUMB_TEST_DATA_DIR) + "/wsl-ri/cases.jsonl.gz";
  gzFile f = gzopen(path.c_str(), "rb");
  ASSERT_NE(f, nullptr) << path;
  std::string data;
  char buffer[1 << 16];
  int n;
  while ((n = gzread(f, buffer, sizeof buffer)) > 0) data.append(buffer, size_t(n));
  gzclose(f);
  std::set<std::string> programs;
  size_t start = 0;
  while (start < data.size()) {
    size_t end = data.find('\n', start);
    if (end == std::string::npos) end = data.size();
    nlohmann::json c = nlohmann::json::parse(data.substr(start, end - start), nullptr, false);
    if (!c.is_discarded()) programs.insert(c.value("program", ""));
    start = end + 1;
  }
  EXPECT_GT(programs.size(), 150u);
  for (const std::string& p : programs) feed(p);
}

}  // namespace
}  // namespace plumb::wsl
