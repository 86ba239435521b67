// Every path a subcommand takes, given a directory, a missing file, a path through a file, an
// unreadable file or bytes that are not UTF-8: one message naming the path and exit 2 (an
// input error), never a crash, an abort or "out of memory" (cli/input_files.h, issue 16 item 1).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli_util.h"

namespace {

namespace fs = std::filesystem;
using cli_testing::plumb;
using cli_testing::Result;
using cli_testing::temp;

const std::string kSource = PLUMB_SOURCE_DIR;

struct Fixture {
  std::string dir;         // an existing directory
  std::string missing;     // does not exist
  std::string underFile;   // a path through a regular file (ENOTDIR, also for root)
  std::string file;        // an existing regular file, where a directory is expected
  std::string unreadable;  // mode 000 (meaningless for root: then empty)
  std::string okWgsl;
  std::string corpus;  // a small generated corpus
};

const Fixture& fixture() {
  static Fixture f = [] {
    Fixture x;
    x.dir = ::testing::TempDir() + "plumb-input-dir";
    fs::create_directories(x.dir);
    x.missing = ::testing::TempDir() + "plumb-no-such-file.wgsl";
    fs::remove(x.missing);
    x.file = temp("plumb-a-file", "x\n");
    x.underFile = x.file + "/inside.json";
    x.okWgsl = temp("plumb-input-ok.wgsl", "@compute @workgroup_size(1) fn main() {}\n");
    if (::geteuid() != 0) {
      x.unreadable = temp("plumb-unreadable.wgsl", "fn f() {}\n");
      fs::permissions(x.unreadable, fs::perms::none);
    }
    x.corpus = ::testing::TempDir() + "plumb-input-corpus";
    fs::remove_all(x.corpus);
    plumb("gen numerics --count 1 --seed 1 --quiet --out " + x.corpus);
    return x;
  }();
  return f;
}

/// `command` with {} replaced by `path`: exit 2, the path named on the first line, no crash.
void expectInputError(const std::string& command, const std::string& path) {
  std::string args = command;
  args.replace(args.find("{}"), 2, "'" + path + "'");
  Result r = plumb(args, true);
  SCOPED_TRACE("plumb " + args);
  EXPECT_EQ(r.status, 2) << r.out;
  std::string first = r.out.substr(0, r.out.find('\n'));
  EXPECT_NE(first.find(path), std::string::npos) << r.out;
  for (const char* bad : {"terminate called", "internal error", "out of memory", "what():"})
    EXPECT_EQ(r.out.find(bad), std::string::npos) << r.out;
}

// Inputs read as a file.
const std::vector<std::string> kFileInputs = {
    "parse {}",
    "check {}",
    "layout {}",
    "run {}",
    "explore {}",
    "run " + kSource + "/corpus/examples/out_of_bounds.wgsl --bindings {}",
    "explore " + kSource + "/corpus/litmus/wgsl/mp.wgsl --bindings {}",
    "litmus {}",
    "oracle {} --dry-run",
    "reduce {} --keep plumb-accepts",
};

TEST(CliInputFiles, EveryFileInputNamesABadPathAndExitsTwo) {
  const Fixture& f = fixture();
  for (const std::string& command : kFileInputs) {
    expectInputError(command, f.missing);
    expectInputError(command, f.underFile);
    if (command.starts_with("oracle")) continue;  // a directory of cases is its own input
    expectInputError(command, f.dir);
    if (!f.unreadable.empty()) expectInputError(command, f.unreadable);
  }
  // An empty directory of oracle cases.
  expectInputError("oracle {} --dry-run", f.dir);
}

TEST(CliInputFiles, TextInputsMustBeUtf8) {
  std::string json = temp("plumb-latin1.json", "{\"a\": \"caf\xe9\"}\n");
  std::string test = temp("plumb-latin1.test", "NEWWG\nNEWSG\nNEWTHREAD\n// caf\xe9\n");
  expectInputError("run " + kSource + "/corpus/examples/out_of_bounds.wgsl --bindings {}", json);
  expectInputError("explore " + kSource + "/corpus/litmus/wgsl/mp.wgsl --bindings {}", json);
  expectInputError("litmus {}", test);
  expectInputError("oracle {} --dry-run", json);
  expectInputError("reduce {} --keep plumb-accepts", json);
  Result r =
      plumb("run " + kSource + "/corpus/examples/out_of_bounds.wgsl --bindings " + json, true);
  EXPECT_NE(r.out.find("not UTF-8 text (byte 0xe9 at 1:11)"), std::string::npos) << r.out;
  // A bindings file that is not JSON is an input error too.
  std::string broken = temp("plumb-broken.json", "{\"bindings\": [");
  expectInputError("run " + kSource + "/corpus/examples/out_of_bounds.wgsl --bindings {}", broken);
}

// A WGSL program that is not UTF-8 is an invalid program (#textual-structure), reported as a
// located diagnostic with exit 1 like any other rule, not as an unreadable file.
TEST(CliInputFiles, WgslThatIsNotUtf8IsAnInvalidProgram) {
  std::string f = temp("plumb-latin1.wgsl", "// caf\xe9\nfn f() {}\n");
  for (const char* command : {"parse ", "check ", "layout ", "run ", "explore "}) {
    Result r = plumb(command + f, true);
    EXPECT_EQ(r.status, 1) << command << r.out;
    EXPECT_NE(r.out.find("plumb-latin1.wgsl:1:7: error:"), std::string::npos) << command << r.out;
    EXPECT_NE(r.out.find("[textual-structure]"), std::string::npos) << command << r.out;
  }
}

TEST(CliInputFiles, CorpusDirectoriesNameABadPathAndExitTwo) {
  const Fixture& f = fixture();
  std::string notUtf8 = ::testing::TempDir() + "plumb-corpus-latin1";
  fs::create_directories(notUtf8);
  temp("plumb-corpus-latin1/manifest.json", "{\"format\": \"caf\xe9\"}");
  for (const char* command : {"corpus verify {}", "corpus coverage {}",
                              "corpus export {} --format cts --out /tmp/plumb-never-written"}) {
    expectInputError(command, f.missing);
    expectInputError(command, f.file);
    expectInputError(command, f.dir);  // no manifest
    expectInputError(command, notUtf8);
  }
}

TEST(CliInputFiles, OutputPathsThatCannotBeWrittenExitTwoBeforeWork) {
  const Fixture& f = fixture();
  const std::string mp = kSource + "/corpus/litmus/alloy/khronos/mp.test";
  // Output files: a directory, or in a directory that does not exist or is a file.
  for (const std::string& command : {"check --uniformity-graph {} " + f.okWgsl,
                                     "reduce " + f.okWgsl + " --keep plumb-accepts --out {}",
                                     "oracle " + f.okWgsl + " --dry-run --report {}",
                                     "oracle " + f.okWgsl + " --dry-run --html {}"}) {
    expectInputError(command, f.dir);
    expectInputError(command, f.missing + "/x");
    expectInputError(command, f.underFile);
  }
  // Output directories: a regular file, or a path through one.
  for (const std::string& command :
       {std::string("gen numerics --count 1 --quiet --out {}"), "litmus " + mp + " --dot {}",
        "corpus export " + f.corpus + " --format cts --out {}",
        "corpus export " + f.corpus + " --format tint --out {}"}) {
    expectInputError(command, f.file);
    expectInputError(command, f.underFile);
  }
}

}  // namespace
