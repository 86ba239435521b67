// Running the plumb executable from the CLI tests: its exit status and output.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

namespace cli_testing {

/// The plumb executable under test: $PLUMB_BINARY when set (CI's sanitizer run starts the
/// release build's cli_tests against the asan build's plumb: tests/cli/CMakeLists.txt), else
/// the one built beside these tests.
inline std::string plumbBinary() {
  const char* fromEnvironment = std::getenv("PLUMB_BINARY");
  return fromEnvironment && *fromEnvironment ? fromEnvironment : PLUMB_BINARY;
}

struct Result {
  int status = -1;
  std::string out;
};

/// Runs plumb with `args` (a shell fragment); stderr goes to stdout when `mergeErr`.
inline Result plumb(const std::string& args, bool mergeErr = false) {
  std::string cmd = plumbBinary() + " " + args + (mergeErr ? " 2>&1" : " 2>/dev/null");
  Result r;
  FILE* p = popen(cmd.c_str(), "r");
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int s = pclose(p);
  r.status = WIFEXITED(s) ? WEXITSTATUS(s) : -1;
  return r;
}

/// Runs a shell command (stdout only); for plumb under another program, e.g. script(1).
inline Result shell(const std::string& command) {
  Result r;
  FILE* p = popen(command.c_str(), "r");
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int s = pclose(p);
  r.status = WIFEXITED(s) ? WEXITSTATUS(s) : -1;
  return r;
}

/// A file in the test's temporary directory holding `text`; its path.
inline std::string temp(const std::string& name, const std::string& text) {
  std::string path = ::testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

}  // namespace cli_testing
