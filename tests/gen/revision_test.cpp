// `plumb gen --revision` (issue 15): each family says whether its rows and its own expectations
// hold under a revision (Family::revisionSupport); the generator derives Plumb's expectation
// under the case's revision and refuses, before writing anything, a family that cannot.
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "gen/generator.h"

namespace plumb::gen {
namespace {

namespace fs = std::filesystem;

TEST(GenRevision, EachFamilySaysWhetherItGeneratesFor2026) {
  for (const auto& f : families()) {
    EXPECT_EQ(f->revisionSupport(Revision::wgsl2022_06()), "") << f->name();
    bool current = f->name() == "runtime" || f->name() == "litmus";
    std::string why = f->revisionSupport(Revision::wgsl2026());
    EXPECT_EQ(why.empty(), current) << f->name() << ": " << why;
    if (!current) {
      EXPECT_NE(why.find("delta"), std::string::npos) << f->name() << ": " << why;
    }
  }
}

TEST(GenRevision, ACorpusOfARefusingFamilyIsNotWritten) {
  fs::path dir =
      fs::path(::testing::TempDir()) / ("plumb-gen-revision-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  GenOptions o;
  o.families = {familyByName("numerics")};
  o.revision = "2026";
  o.count = 2;
  o.outDir = dir.string();
  GenReport r = generateCorpus(o);
  EXPECT_NE(r.error.find("family 'numerics' cannot generate revision 2026"), std::string::npos)
      << r.error;
  EXPECT_FALSE(fs::exists(dir));
  o.revision = "2030";
  EXPECT_NE(generateCorpus(o).error.find("unknown revision '2030'"), std::string::npos);
}

// A slot's expectation is Plumb's under the revision, and the case says which.
TEST(GenRevision, RuntimeAndLitmusSlotsDeriveUnder2026) {
  for (const char* name : {"runtime", "litmus"}) {
    const Family* f = familyByName(name);
    ASSERT_TRUE(f);
    for (uint64_t slot = 0; slot < 3; ++slot) {
      SolveStats stats;
      SlotResult r = generateSlot(*f, 7, slot, SolverLimits{}, stats, "2026");
      EXPECT_EQ(r.disagreement, "") << name << " " << slot << ": " << r.disagreementDetail.dump(1);
      for (const GeneratedCase& c : r.cases) EXPECT_EQ(c.revision, "2026") << c.name;
    }
  }
}

}  // namespace
}  // namespace plumb::gen
