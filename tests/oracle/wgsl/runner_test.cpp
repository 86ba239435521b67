// Runner processes and the batch protocol, with tests/oracle/fake_runner.sh standing in for a
// backend: crashed, hung and garbling runners are restarted and the batch goes on.
#include <chrono>

#include <gtest/gtest.h>

#include "oracle/wgsl/oracle.h"

namespace plumb::oracle {
namespace {

OracleCase fakeCase(const std::string& id, const std::string& test = "") {
  OracleCase c;
  c.id = id;
  c.wgsl = "fn f() {}";
  c.entry = "main";
  c.verdict.valid = true;
  c.runnerTest = test;
  RunnerBinding storage;
  storage.size = 4;
  c.bindings.push_back(storage);
  c.expect = nlohmann::json{
      {"format", "plumb-run"},
      {"version", 1},
      {"outcomes",
       {{{"kind", "finished"},
         {"buffers", {{{"group", 0}, {"binding", 0}, {"words", {{{"exact", "0x2a"}}}}}}}}}}};
  return c;
}

BackendSpec fake(const std::string& name,
                 std::vector<std::pair<std::string, std::string>> env = {}) {
  return {name, {{"bash", PLUMB_FAKE_RUNNER}, std::move(env), ""}};
}

TEST(OracleRunner, LinesAndExit) {
  RunnerProcess p({{"bash", "-c", "read x; echo \"got $x\"; echo err >&2; exit 3"}, {}, ""});
  std::string error;
  ASSERT_TRUE(p.start(error)) << error;
  ASSERT_TRUE(p.writeLine("hello"));
  std::string line;
  ASSERT_EQ(p.readLine(5, line), RunnerProcess::Reply::Line);
  EXPECT_EQ(line, "got hello");
  EXPECT_EQ(p.readLine(5, line), RunnerProcess::Reply::Exited);
  EXPECT_EQ(p.exitDescription(), "exit status 3");
  EXPECT_EQ(p.stderrTail(), "err\n");
  EXPECT_FALSE(p.running());
}

TEST(OracleRunner, TimeoutKillsTheWholeGroup) {
  // The child starts a grandchild that would outlive it; the group kill takes both.
  RunnerProcess p({{"bash", "-c", "sleep 1000 & sleep 1000"}, {}, ""});
  std::string error, line;
  ASSERT_TRUE(p.start(error)) << error;
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(p.readLine(0.2, line), RunnerProcess::Reply::Timeout);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5.0);
  EXPECT_FALSE(p.running());
}

TEST(OracleRunner, MissingProgram) {
  RunnerProcess p({{"plumb-no-such-program"}, {}, ""});
  std::string error;
  EXPECT_FALSE(p.start(error));
  EXPECT_NE(error.find("not in PATH"), std::string::npos);
}

TEST(OracleRunner, BatchSurvivesCrashHangAndGarbage) {
  std::vector<OracleCase> cases = {
      fakeCase("a"), fakeCase("b", "crash"),   fakeCase("c"), fakeCase("d", "hang"),
      fakeCase("e"), fakeCase("f", "garbage"), fakeCase("g"), fakeCase("h", "reject")};
  OracleOptions o;
  o.backends = {fake("fake")};
  o.caseTimeoutSeconds = 0.5;
  o.startTimeoutSeconds = 10;
  OracleRun run = runOracle(cases, {}, o);
  ASSERT_EQ(run.backends.size(), 1u);
  const BackendRun& b = run.backends[0];
  EXPECT_TRUE(b.available);
  EXPECT_EQ(b.hello["adapter"]["description"], "fake");
  auto cls = [&](size_t i) { return std::string(classificationName(b.results[i].classification)); };
  EXPECT_EQ(cls(0), "agree");
  EXPECT_EQ(cls(1), "crash");
  EXPECT_EQ(cls(2), "agree");
  EXPECT_EQ(cls(3), "timeout");
  EXPECT_EQ(cls(4), "agree");
  EXPECT_EQ(cls(5), "crash");
  EXPECT_EQ(cls(6), "agree");
  EXPECT_EQ(cls(7), "rejects-valid");
  EXPECT_EQ(b.restarts, 3);
  EXPECT_EQ(b.results[0].outcome.status, OutcomeMatch::Status::Conformant);
}

TEST(OracleRunner, SeveralJobsShareTheCases) {
  std::vector<OracleCase> cases;
  for (int i = 0; i < 20; ++i)
    cases.push_back(fakeCase("c" + std::to_string(i), i == 7 ? "crash" : ""));
  OracleOptions o;
  o.backends = {fake("fake")};
  o.jobs = 3;
  OracleRun run = runOracle(cases, {}, o);
  const BackendRun& b = run.backends[0];
  EXPECT_EQ(b.casesRun, 20u);
  for (size_t i = 0; i < cases.size(); ++i)
    EXPECT_EQ(b.results[i].classification, i == 7 ? Classification::Crash : Classification::Agree)
        << i;
}

TEST(OracleRunner, UnavailableBackendsSkipEveryCase) {
  std::vector<OracleCase> cases = {fakeCase("a"), fakeCase("b")};
  OracleOptions o;
  o.backends = {fake("broken", {{"FAKE_HELLO", "error"}})};
  BackendRun missing;
  missing.name = "missing";
  missing.error = "not installed";
  OracleRun run = runOracle(cases, {missing}, o);
  ASSERT_EQ(run.backends.size(), 2u);
  for (const BackendRun& b : run.backends) {
    EXPECT_FALSE(b.available) << b.name;
    for (const BackendCaseResult& r : b.results)
      EXPECT_EQ(r.classification, Classification::Skipped);
  }
  EXPECT_NE(run.backends[0].error.find("no adapter"), std::string::npos) << run.backends[0].error;
}

TEST(OracleRunner, BackendSpecsNeedTheInstall) {
  RunnerEnvironment env{"/nonexistent/oracle/node", "/tmp"};
  std::string why;
  EXPECT_FALSE(backendSpec("dawn", env, why));
  EXPECT_NE(why.find("scripts/oracle_setup.sh"), std::string::npos);
}

}  // namespace
}  // namespace plumb::oracle
