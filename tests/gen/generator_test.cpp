// The generator core (gen/generator.h, gen/corpus.h): byte-identical corpora for the same
// arguments, shards that partition the slots, verify catching a tampered expectation and a
// missing twin, coverage listing every row, and the two export layouts.
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "gen/corpus.h"
#include "gen/generator.h"

namespace plumb::gen {
namespace {

namespace fs = std::filesystem;

std::string readAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Every file under `dir` (relative path -> bytes).
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out[fs::relative(e.path(), dir).string()] = readAll(e.path());
  return out;
}

fs::path freshDir(const std::string& name) {
  // The process id keeps concurrent runs (several checkouts, ctest -j) out of each other's way.
  fs::path d = fs::path(::testing::TempDir()) / ("plumb-gen-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(d);
  return d;
}

GenReport generate(const fs::path& dir, uint64_t count, uint64_t seed, uint32_t shard = 0,
                   uint32_t shards = 1) {
  GenOptions o;
  o.families = {familyByName("numerics")};
  o.count = count;
  o.seed = seed;
  o.outDir = dir.string();
  o.shardIndex = shard;
  o.shardCount = shards;
  return generateCorpus(o);
}

TEST(Generator, SameArgumentsGiveByteIdenticalCorpora) {
  fs::path a = freshDir("det-a"), b = freshDir("det-b");
  ASSERT_EQ(generate(a, 40, 5).error, "");
  ASSERT_EQ(generate(b, 40, 5).error, "");
  std::map<std::string, std::string> sa = snapshot(a), sb = snapshot(b);
  EXPECT_GT(sa.size(), 40u);
  EXPECT_EQ(sa, sb);
  // Another seed gives other programs.
  fs::path c = freshDir("det-c");
  ASSERT_EQ(generate(c, 40, 6).error, "");
  EXPECT_NE(snapshot(c), sa);
}

TEST(Generator, ShardsPartitionTheSlots) {
  fs::path whole = freshDir("whole"), parts = freshDir("parts");
  ASSERT_EQ(generate(whole, 30, 9).error, "");
  ASSERT_EQ(generate(parts, 30, 9, 0, 2).error, "");
  ASSERT_EQ(generate(parts, 30, 9, 1, 2).error, "");
  std::map<std::string, std::string> w = snapshot(whole), p = snapshot(parts);
  w.erase("manifest.json");
  p.erase("manifest.0-of-2.json");
  p.erase("manifest.1-of-2.json");
  EXPECT_EQ(w, p);
  Corpus corpus = loadCorpus(parts.string());
  EXPECT_EQ(corpus.manifests.size(), 2u);
  EXPECT_EQ(corpus.cases.size(), w.size());
}

TEST(Generator, VerifyPassesAndCatchesTampering) {
  fs::path dir = freshDir("verify");
  GenReport report = generate(dir, 26, 3);
  ASSERT_EQ(report.error, "");
  Corpus corpus = loadCorpus(dir.string());
  EXPECT_TRUE(corpus.errors.empty());
  VerifyResult ok = verifyCorpus(corpus);
  EXPECT_TRUE(ok.ok()) << (ok.mismatches.empty() ? "" : ok.mismatches.front());
  EXPECT_EQ(ok.checked, corpus.cases.size());

  // Tamper with one invalid case's expected line: verify must say so.
  fs::path victim;
  for (const LoadedCase& lc : corpus.cases)
    if (lc.c.rule.side == Side::Invalid) {
      victim = dir / lc.file;
      break;
    }
  ASSERT_FALSE(victim.empty());
  nlohmann::json j = nlohmann::json::parse(readAll(victim));
  j["expect"]["line"] = j["expect"]["line"].get<int>() + 1;
  std::ofstream(victim) << j.dump(1);
  VerifyResult bad = verifyCorpus(loadCorpus(dir.string()));
  EXPECT_FALSE(bad.ok());
  ASSERT_EQ(bad.mismatches.size(), 1u);
  EXPECT_NE(bad.mismatches[0].find("line"), std::string::npos) << bad.mismatches[0];

  // A case whose verdict is flipped to valid contradicts its side.
  j["expect"] = {{"verdict", "valid"}};
  std::ofstream(victim) << j.dump(1);
  EXPECT_FALSE(verifyCorpus(loadCorpus(dir.string())).ok());

  // A missing case file is reported.
  fs::remove(victim);
  Corpus missing = loadCorpus(dir.string());
  EXPECT_FALSE(missing.errors.empty());
  EXPECT_FALSE(verifyCorpus(missing).ok());
}

TEST(Generator, CoverageListsEveryRowOnBothSides) {
  fs::path dir = freshDir("coverage");
  const Family* f = familyByName("numerics");
  ASSERT_EQ(generate(dir, f->rows().size(), 4).error, "");
  std::vector<CoverageRow> rows = corpusCoverage(loadCorpus(dir.string()));
  EXPECT_EQ(rows.size(), f->rows().size());
  for (const CoverageRow& r : rows) {
    // One case per side, or none on a side the family says cannot exist (with its reason).
    EXPECT_EQ(r.valid, r.noValid.empty() ? 1u : 0u) << r.id;
    EXPECT_EQ(r.invalid, r.noInvalid.empty() ? 1u : 0u) << r.id;
  }
}

TEST(Generator, ExportsCtsLinesAndTintFolders) {
  fs::path dir = freshDir("export");
  ASSERT_EQ(generate(dir, 8, 2).error, "");
  Corpus corpus = loadCorpus(dir.string());
  fs::path cts = freshDir("export-cts"), tint = freshDir("export-tint");
  ASSERT_EQ(exportCorpus(corpus, "cts", cts.string()), "");
  std::istringstream lines(readAll(cts / "validation.jsonl"));
  size_t n = 0;
  for (std::string line; std::getline(lines, line); ++n) {
    nlohmann::json row = nlohmann::json::parse(line);
    EXPECT_TRUE(row["test"].get<std::string>().starts_with("plumb:gen,numerics,"));
    EXPECT_TRUE(row.contains("code") && row.contains("expected") && row.contains("kind"));
  }
  EXPECT_EQ(n, corpus.cases.size());
  ASSERT_EQ(exportCorpus(corpus, "tint", tint.string()), "");
  size_t wgsl = 0;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(tint))
    if (e.path().extension() == ".wgsl") {
      ++wgsl;
      EXPECT_TRUE(fs::exists(e.path().string() + ".expected.txt"));
    }
  EXPECT_EQ(wgsl, corpus.cases.size());
  EXPECT_NE(exportCorpus(corpus, "nope", tint.string()), "");
}

}  // namespace
}  // namespace plumb::gen
