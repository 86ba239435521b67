// CLI tests for plumb gen, plumb corpus and plumb reduce (issue 13): exit codes, a corpus that
// verifies and covers its rows, an interrupted run that leaves no partial file, reduction.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli_util.h"

namespace {

namespace fs = std::filesystem;
using cli_testing::plumb;

fs::path freshDir(const std::string& name) {
  // The process id keeps concurrent runs (several checkouts, ctest -j) out of each other's way.
  fs::path d =
      fs::path(::testing::TempDir()) / ("plumb-gen-cli-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(d);
  return d;
}

TEST(GenCli, GeneratesAVerifiedCoveredCorpus) {
  fs::path dir = freshDir("corpus");
  cli_testing::Result g = plumb("gen numerics --count 78 --seed 2 --quiet --out " + dir.string());
  EXPECT_EQ(g.status, 0) << g.out;
  EXPECT_NE(g.out.find("numerics: "), std::string::npos) << g.out;
  EXPECT_TRUE(fs::exists(dir / "manifest.json"));
  cli_testing::Result v = plumb("corpus verify " + dir.string());
  EXPECT_EQ(v.status, 0) << v.out;
  cli_testing::Result c = plumb("corpus coverage " + dir.string() + " --format json");
  EXPECT_EQ(c.status, 0) << c.out;
  nlohmann::json j = nlohmann::json::parse(c.out);
  EXPECT_EQ(j["uncoveredRows"], 0);
  for (const nlohmann::json& row : j["rows"]) {
    // Each side has cases, unless the family says why it cannot (a one-sided row).
    if (!row.contains("noValid")) {
      EXPECT_GT(row["valid"].get<int>(), 0) << row.dump();
    }
    if (!row.contains("noInvalid")) {
      EXPECT_GT(row["invalid"].get<int>(), 0) << row.dump();
    }
  }
  fs::path out = freshDir("cts");
  EXPECT_EQ(plumb("corpus export " + dir.string() + " --format cts --out " + out.string()).status,
            0);
  EXPECT_TRUE(fs::exists(out / "validation.jsonl"));
}

// The Cg seed's family (docs/gen.md "Family cg"): Cg programs and a plumb-cg-programs
// manifest, not plumb-case files; WGSL's --revision is refused.
TEST(GenCli, CgFamilyWritesAManifestForTheCgOracle) {
  fs::path dir = freshDir("cg");
  cli_testing::Result g = plumb("gen cg --count 12 --seed 1 --quiet --out " + dir.string());
  EXPECT_EQ(g.status, 0) << g.out;
  EXPECT_NE(g.out.find("cg: 12 programs from 12 slots"), std::string::npos) << g.out;
  std::ifstream in(dir / "cg" / "programs.jsonl");
  std::string head;
  ASSERT_TRUE(std::getline(in, head));
  EXPECT_EQ(nlohmann::json::parse(head)["format"], "plumb-cg-programs");
  size_t files = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(dir / "cg"))
    files += e.path().extension() == ".cg";
  EXPECT_EQ(files, 12u);
  EXPECT_EQ(plumb("gen cg --revision 2026 --out " + dir.string()).status, 2);
  cli_testing::Result typo = plumb("gen cgg --out " + dir.string(), true);
  EXPECT_NE(typo.out.find("did you mean 'cg'?"), std::string::npos) << typo.out;
}

TEST(GenCli, UsageErrors) {
  fs::path dir = freshDir("usage");
  EXPECT_EQ(plumb("gen nosuchfamily --out " + dir.string()).status, 2);
  cli_testing::Result r = plumb("gen numerix --out " + dir.string(), true);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("unknown family 'numerix'; did you mean 'numerics'?"), std::string::npos)
      << r.out;
  // The same spellings as plumb oracle --shard (cli/shard_option.h): nothing may follow N, and
  // both numbers are required.
  for (const char* bad : {"3/2", "0/2x", "1", "/2", "1/"}) {
    cli_testing::Result bad_shard =
        plumb("gen numerics --shard " + std::string(bad) + " --out " + dir.string(), true);
    EXPECT_EQ(bad_shard.status, 2) << bad;
    EXPECT_NE(bad_shard.out.find("plumb gen: error: --shard must be I/N"), std::string::npos)
        << bad_shard.out;
  }
  EXPECT_EQ(plumb("gen numerics --revision 2030 --out " + dir.string()).status, 2);
  EXPECT_EQ(plumb("gen numerics").status, 2);  // --out is required
  EXPECT_EQ(plumb("corpus verify " + (dir / "nothing").string()).status, 2);
  EXPECT_EQ(plumb("corpus coverage " + (dir / "nothing").string()).status, 2);
  EXPECT_EQ(plumb("corpus export " + dir.string() + " --format nope --out x").status, 2);
}

TEST(GenCli, VerifyFailsOnATamperedCase) {
  fs::path dir = freshDir("tamper");
  ASSERT_EQ(plumb("gen numerics --count 10 --seed 3 --quiet --out " + dir.string()).status, 0);
  fs::path victim;
  for (const fs::directory_entry& e : fs::directory_iterator(dir / "numerics"))
    if (e.path().string().ends_with(".invalid.json")) victim = e.path();
  ASSERT_FALSE(victim.empty());
  std::ifstream in(victim);
  nlohmann::json j = nlohmann::json::parse(in);
  in.close();
  j["expect"]["rule"] = "not-the-rule";
  std::ofstream(victim) << j.dump();
  cli_testing::Result v = plumb("corpus verify " + dir.string());
  EXPECT_EQ(v.status, 1);
  EXPECT_NE(v.out.find("mismatch"), std::string::npos) << v.out;
}

/// Starts a long generation, signals it, and checks that every file left is whole.
void interruptAndCheck(int sig, const std::string& name) {
  fs::path dir = freshDir(name);
  std::string cmd = cli_testing::plumbBinary() + " gen numerics --count 1000000 --quiet --out " +
                    dir.string() + " >/dev/null 2>&1";
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", ("exec " + cmd).c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  // Wait until it has written some cases, then interrupt it mid-run.
  for (int i = 0; i < 200; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::error_code ec;
    if (fs::exists(dir / "numerics", ec) &&
        std::distance(fs::directory_iterator(dir / "numerics", ec), fs::directory_iterator()) > 20)
      break;
  }
  kill(pid, sig);
  // It must end promptly (Z3 must not swallow SIGINT: gen/solver.cpp sets ctrl_c=false).
  int status = 0;
  bool ended = false;
  for (int i = 0; i < 500 && !ended; ++i) {
    ended = waitpid(pid, &status, WNOHANG) == pid;
    if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (!ended) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
  }
  EXPECT_TRUE(ended) << "plumb gen did not stop within 10 s of signal " << sig;
  EXPECT_TRUE(WIFSIGNALED(status)) << "status " << status;
  size_t cases = 0;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir)) {
    std::string n = e.path().filename().string();
    EXPECT_EQ(n.find(".tmp"), std::string::npos) << "partial file left: " << n;
    if (e.is_regular_file() && n.ends_with(".json")) {
      std::ifstream in(e.path());
      nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
      EXPECT_FALSE(j.is_discarded()) << "not whole: " << n;
      ++cases;
    }
  }
  EXPECT_GT(cases, 0u);
}

TEST(GenCli, InterruptedGenerationLeavesNoPartialFile) {
  interruptAndCheck(SIGTERM, "sigterm");
  interruptAndCheck(SIGINT, "sigint");
}

TEST(GenCli, ReduceKeepsItsProperty) {
  std::string path = cli_testing::temp("reduce-me.wgsl", R"(fn unused() -> i32 { return 3; }
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
  var x = 1u;
  x = x + 2u;
  if (i > 3u) {
    workgroupBarrier();
  }
}
)");
  cli_testing::Result r = plumb("reduce " + path + " --keep plumb-rejects --quiet");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("workgroupBarrier"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("unused"), std::string::npos) << r.out;
  EXPECT_EQ(plumb("reduce " + path + " --keep plumb-accepts").status, 1);  // does not hold
  // Stopped by --max-tests: the case so far is written, and the answer is incomplete (exit 1).
  cli_testing::Result bounded =
      plumb("reduce " + path + " --keep plumb-rejects --quiet --max-tests 2", true);
  EXPECT_EQ(bounded.status, 1) << bounded.out;
  EXPECT_NE(bounded.out.find("stopped at --max-tests"), std::string::npos) << bounded.out;
  EXPECT_NE(bounded.out.find("workgroupBarrier"), std::string::npos) << bounded.out;
  EXPECT_EQ(plumb("reduce " + path + " --keep nonsense").status, 2);
  EXPECT_EQ(plumb("reduce /nonexistent.wgsl --keep plumb-accepts").status, 2);
}

}  // namespace
