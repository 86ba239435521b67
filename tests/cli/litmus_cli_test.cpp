// `plumb litmus`: verdicts and exit status, witnesses as text, JSON and DOT, the execution
// bound, and located diagnostics for malformed tests.
#include <gtest/gtest.h>

#include "cli_util.h"
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using cli_testing::plumb;
using cli_testing::Result;
using cli_testing::temp;

const std::string kExamples = std::string(PLUMB_SOURCE_DIR) + "/corpus/litmus/alloy/khronos/";

TEST(CliLitmus, ExamplesPass) {
  Result r = plumb("litmus " + kExamples + "mp.test " + kExamples + "corr.test " + kExamples +
                   "cbarinst.test");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("mp.test:14: PASS  SATISFIABLE consistent[X] && #dr=0"), std::string::npos);
  EXPECT_NE(r.out.find("corr.test:26: PASS  NOSOLUTION consistent[X]"), std::string::npos);
  EXPECT_NE(r.out.find("[reads-from E1]"), std::string::npos);  // the witness
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos);
}

TEST(CliLitmus, WrongExpectationFailsWithExitOne) {
  std::string f = temp("wrong.test",
                       "NEWWG\nNEWSG\nNEWTHREAD\nst.atom.scopedev.sc0 x = 1\n"
                       "ld.atom.scopedev.sc0 x = 0\nNOSOLUTION consistent[X]\n"
                       "SATISFIABLE consistent[X]\n");
  Result r = plumb("litmus " + f);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("wrong.test:6: PASS"), std::string::npos);
  EXPECT_NE(r.out.find("wrong.test:7: FAIL"), std::string::npos);
}

TEST(CliLitmus, JsonAndDot) {
  std::string dir = ::testing::TempDir() + "litmus-dot";
  std::filesystem::remove_all(dir);
  Result r = plumb("litmus " + kExamples + "mp.test --format json --dot " + dir);
  EXPECT_EQ(r.status, 0);
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["version"], 1);
  const auto& lines = j["files"][0]["lines"];
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["verdict"], "PASS");
  EXPECT_EQ(lines[0]["witness"]["rf"]["E3"], "E0");
  EXPECT_EQ(lines[1]["found"], false);
  EXPECT_TRUE(std::filesystem::exists(dir + "/mp.line14.dot"));
}

// `--revision` (issue 15): a litmus test is in the memory model's own terms, which both
// revisions share, so the verdicts are the same; the report names the revision, and an
// unknown one is a usage error.
TEST(CliLitmus, RevisionIsNamedAndChangesNoVerdict) {
  std::string files = kExamples + "mp.test " + kExamples + "corr.test";
  Result seed = plumb("litmus " + files + " --format json");
  Result current = plumb("litmus " + files + " --format json --revision 2026");
  EXPECT_EQ(seed.status, 0);
  EXPECT_EQ(current.status, 0);
  nlohmann::json s = nlohmann::json::parse(seed.out);
  nlohmann::json c = nlohmann::json::parse(current.out);
  EXPECT_EQ(s["revision"], "2022-06");
  EXPECT_EQ(c["revision"], "2026");
  EXPECT_EQ(s["files"], c["files"]);
  Result bad = plumb("litmus " + files + " --revision 2030", true);
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("unknown revision '2030'"), std::string::npos) << bad.out;
}

TEST(CliLitmus, BoundReportsUnknown) {
  std::string f =
      temp("big.test",
           "NEWWG\nNEWSG\nNEWTHREAD\nst.atom.scopedev.sc0 x = 1\nst.atom.scopedev.sc0 x = 2\n"
           "NEWWG\nNEWSG\nNEWTHREAD\nld.atom.scopedev.sc0 x\nld.atom.scopedev.sc0 x\n"
           "NOSOLUTION #dr>0\n");
  Result r = plumb("litmus " + f + " --max-executions 3");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("UNKNOWN"), std::string::npos);
  EXPECT_NE(r.out.find("stopped at the limit executions = 3 (--max-executions)"), std::string::npos)
      << r.out;
  // The JSON names the bound as a typed Limit stop (interpreter/wgsl/stop.h).
  Result j = plumb("litmus " + f + " --max-executions 3 --format json");
  EXPECT_EQ(j.status, 1);
  nlohmann::json doc = nlohmann::json::parse(j.out);
  const nlohmann::json& stop = doc["files"][0]["lines"][0]["stats"]["stop"];
  EXPECT_EQ(stop["kind"], "limit") << j.out;
  EXPECT_EQ(stop["bound"], "executions");
  EXPECT_EQ(stop["value"], 3);
}

// A file that cannot be read is named, the others still run, and the status is 2 (an input
// error outranks a finding: README, exit status).
TEST(CliLitmus, MissingFileIsNamedAndTheOthersRun) {
  std::string missing = ::testing::TempDir() + "nosuch.test";
  Result r = plumb("litmus " + missing + " " + kExamples + "mp.test", true);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(
      r.out.find("plumb litmus: error: cannot read '" + missing + "': No such file or directory"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("mp.test:14: PASS"), std::string::npos) << r.out;
  r = plumb("litmus " + missing + " --format json");
  EXPECT_EQ(r.status, 2);
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_NE(j["files"][0]["error"].get<std::string>().find(missing), std::string::npos) << r.out;
}

TEST(CliLitmus, ParseErrorIsLocated) {
  std::string f = temp("bad.test", "NEWTHREAD\nld.sc0 x\nst.sc0 x = y\n");
  Result r = plumb("litmus " + f, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("bad.test:3:12: error: expected an integer value"), std::string::npos)
      << r.out;
}

}  // namespace
