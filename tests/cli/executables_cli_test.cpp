// CLI tests for the two executables (docs/architecture.md, "The plumb executables"): `plumb`
// needs no Z3 and hands `gen`, `corpus` and the top-level help to the `plumb-gen` beside it;
// each process registers only the subcommand it is asked for (cli/subcommands.h).
#include <unistd.h>

#include <filesystem>
#include <string>

#include "cli_util.h"

namespace {

namespace fs = std::filesystem;
using cli_testing::plumb;
using cli_testing::shell;

std::string plumbGenBinary() {
  return (fs::path(cli_testing::plumbBinary()).parent_path() / "plumb-gen").string();
}

/// The libraries an executable needs (its dynamic section), or nothing without readelf.
std::string neededLibraries(const std::string& binary) {
  cli_testing::Result r = shell("readelf -d '" + binary + "' 2>/dev/null | grep NEEDED");
  return r.out;
}

TEST(PlumbExecutables, PlumbNeedsNoZ3) {
  std::string plumbNeeds = neededLibraries(cli_testing::plumbBinary());
  std::string genNeeds = neededLibraries(plumbGenBinary());
  if (plumbNeeds.empty() || genNeeds.empty()) GTEST_SKIP() << "no readelf";
  // Every start of plumb would map and relocate libz3 (and the shared libstdc++ it needs).
  EXPECT_EQ(plumbNeeds.find("libz3"), std::string::npos) << plumbNeeds;
  // The check sees Z3 where it is: plumb-gen's families call it.
  EXPECT_NE(genNeeds.find("libz3"), std::string::npos) << genNeeds;
}

TEST(PlumbExecutables, GenAndCorpusAndHelpArePlumbGens) {
  // Through plumb, answered by plumb-gen: the families, the corpus tools, the full help.
  cli_testing::Result g = plumb("gen nosuch --out /nonexistent", true);
  EXPECT_EQ(g.status, 2) << g.out;
  EXPECT_NE(g.out.find("unknown family 'nosuch'"), std::string::npos) << g.out;
  cli_testing::Result c = plumb("corpus verify /nonexistent-plumb-corpus", true);
  EXPECT_EQ(c.status, 2) << c.out;
  cli_testing::Result h = plumb("--help");
  EXPECT_EQ(h.status, 0) << h.out;
  for (const char* sub : {"  run ", "  gen ", "  corpus ", "  cg "})
    EXPECT_NE(h.out.find(sub), std::string::npos) << sub << "\n" << h.out;
  cli_testing::Result u = plumb("genn", true);
  EXPECT_EQ(u.status, 2) << u.out;
  EXPECT_NE(u.out.find("did you mean 'gen'?"), std::string::npos) << u.out;
}

TEST(PlumbExecutables, PlumbAloneRunsAndSaysWhatIsMissing) {
  fs::path dir = fs::path(::testing::TempDir()) / ("plumb-alone-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(cli_testing::plumbBinary(), dir / "plumb");
  std::string alone = (dir / "plumb").string();
  std::string wgsl = cli_testing::temp("alone.wgsl", "const c = 1 + 2;\n");
  // Its own subcommands need nothing beside it.
  cli_testing::Result check = shell(alone + " check " + wgsl + " 2>&1");
  EXPECT_EQ(check.status, 0) << check.out;
  cli_testing::Result version = shell(alone + " --version 2>&1");
  EXPECT_EQ(version.status, 0) << version.out;
  EXPECT_NE(version.out.find("plumb "), std::string::npos) << version.out;
  // gen is plumb-gen's: a clear error, the usage status, no crash.
  cli_testing::Result gen = shell(alone + " gen numerics --out " + (dir / "c").string() + " 2>&1");
  EXPECT_EQ(gen.status, 2) << gen.out;
  EXPECT_NE(gen.out.find("cannot start " + (dir / "plumb-gen").string()), std::string::npos)
      << gen.out;
  fs::remove_all(dir);
}

TEST(PlumbExecutables, ASubcommandAloneParsesAsAmongAll) {
  // Registered alone, a subcommand still falls through to the top-level options and still
  // refuses what it does not take, with the same messages.
  std::string wgsl = cli_testing::temp("among.wgsl", "const c = 1 + 2;\n");
  cli_testing::Result colour = plumb("check " + wgsl + " --color never", true);
  EXPECT_EQ(colour.status, 0) << colour.out;
  cli_testing::Result before = plumb("--color=never check " + wgsl, true);
  EXPECT_EQ(before.status, 0) << before.out;
  cli_testing::Result other = plumb("check " + wgsl + " run", true);
  EXPECT_EQ(other.status, 2) << other.out;
  cli_testing::Result bogus = plumb("check " + wgsl + " --revison 2026", true);
  EXPECT_EQ(bogus.status, 2) << bogus.out;
  EXPECT_NE(bogus.out.find("did you mean '--revision'?"), std::string::npos) << bogus.out;
}

}  // namespace
