// `--revision` on every WGSL subcommand (issue 15): each report names its revision, the 2026
// dynamic rules are reachable from the command line, unknown revisions and seed-only options
// are refused, and `plumb gen` refuses the families that cannot generate for 2026.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_util.h"

namespace {

namespace fs = std::filesystem;
using cli_testing::plumb;
using cli_testing::Result;
using cli_testing::temp;

// delta 3.8: `r = e` evaluates e first in the seed, r first in 2026.
const char* kOrder = R"(@group(0) @binding(0) var<storage, read_write> out: array<u32, 2>;
var<private> n: u32 = 0u;
fn bump() -> u32 { n = n + 1u; return n; }
@compute @workgroup_size(1) fn main() { out[bump() - 1u] = bump() * 10u; }
)";

TEST(CliRevision, RunUnderBothRevisions) {
  std::string f = temp("order.wgsl", kOrder);
  Result seed = plumb("run " + f + " --zero-missing-bindings --format json");
  ASSERT_EQ(seed.status, 0) << seed.out;
  nlohmann::json s = nlohmann::json::parse(seed.out);
  EXPECT_EQ(s["revision"], "2022-06");
  EXPECT_EQ(s["outcomes"][0]["buffers"][0]["words"][1]["exact"], "0x0000000a");
  Result current = plumb("run " + f + " --zero-missing-bindings --revision 2026 --format json");
  ASSERT_EQ(current.status, 0) << current.out;
  nlohmann::json c = nlohmann::json::parse(current.out);
  EXPECT_EQ(c["revision"], "2026");
  EXPECT_EQ(c["outcomes"][0]["buffers"][0]["words"][0]["exact"], "0x00000014");
  // The text report names a revision other than the seed's on its first line.
  Result text = plumb("run " + f + " --zero-missing-bindings --revision 2026");
  EXPECT_NE(text.out.find(", revision 2026\n"), std::string::npos) << text.out;
  EXPECT_EQ(plumb("run " + f + " --zero-missing-bindings").out.find("revision"), std::string::npos);
}

// --subgroups-across-draws (docs/ambiguities.md G7): a fragment draw's subgroup reduction is any
// value when other draws' invocations may share its subgroups; one draw alone, the quad's sum.
TEST(CliRevision, SubgroupsAcrossDraws) {
  std::string f = temp("across.wgsl", R"(enable subgroups;
@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) u32 { return subgroupAdd(1u); }
)");
  std::string b = temp("across.json", R"({"format": "plumb-bindings", "version": 1, "bindings": [],
  "fragment": {"version": 1, "fragments": [[0, 0], [1, 0], [0, 1], [1, 1]]}})");
  std::string cmd =
      "run " + f + " --bindings " + b + " --revision 2026 --subgroup-max-size 4 --format json";
  Result alone = plumb(cmd);
  ASSERT_EQ(alone.status, 0) << alone.out;
  nlohmann::json a = nlohmann::json::parse(alone.out);
  EXPECT_EQ(a["outcomes"][0]["invocations"][0]["locations"]["0"][0]["exact"], "0x00000004");
  EXPECT_FALSE(a["subgroups"].contains("acrossDraws"));
  Result across = plumb(cmd + " --subgroups-across-draws");
  ASSERT_EQ(across.status, 0) << across.out;
  nlohmann::json c = nlohmann::json::parse(across.out);
  EXPECT_EQ(c["subgroups"]["acrossDraws"], true);
  EXPECT_EQ(c["outcomes"][0]["invocations"][0]["locations"]["0"][0],
            nlohmann::json({{"any", true}}));
}

TEST(CliRevision, UnknownRevisionsAndSeedOnlyOptionsAreRefused) {
  std::string f = temp("order2.wgsl", kOrder);
  for (const char* cmd : {"run", "explore", "layout"}) {
    Result r = plumb(std::string(cmd) + " " + f + " --revision 2030", true);
    EXPECT_EQ(r.status, 2) << cmd << ": " << r.out;
    EXPECT_NE(r.out.find("unknown revision '2030' (known: 2022-06, 2026)"), std::string::npos)
        << r.out;
  }
  EXPECT_EQ(plumb("eval 1 --revision 2030").status, 2);
  EXPECT_EQ(plumb("oracle " + f + " --revision 2030 --dry-run").status, 2);
  // --literal-shift-right reads the seed's text: refused under 2026.
  Result r =
      plumb("run " + f + " --zero-missing-bindings --revision 2026 --literal-shift-right", true);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("new#bit-expr"), std::string::npos) << r.out;
  EXPECT_EQ(plumb("eval '-8i >> 1u' --revision 2026 --literal-shift-right").status, 2);
  EXPECT_EQ(plumb("eval '-8i >> 1u' --literal-shift-right").out, "2147483644i\ntype: i32\n");
}

TEST(CliRevision, EvalAndLayoutNameTheirRevision) {
  Result e = plumb("eval 'vec3f(1.0).y' --revision 2026 --format json");
  ASSERT_EQ(e.status, 0) << e.out;
  EXPECT_EQ(nlohmann::json::parse(e.out)["revision"], "2026");
  EXPECT_EQ(plumb("eval 'vec3f(1.0).y'").status, 1);  // no vec3f in the seed (delta 2.1)
  std::string f = temp("alias.wgsl", "alias V = vec4f;\nstruct S { a: f32, v: V }\n");
  Result l = plumb("layout " + f + " --revision 2026 --format json");
  ASSERT_EQ(l.status, 0) << l.out;
  nlohmann::json j = nlohmann::json::parse(l.out);
  EXPECT_EQ(j["revision"], "2026");
  EXPECT_EQ(j["structs"].size(), 1u);
  EXPECT_EQ(plumb("layout " + f).status, 1);  // `alias` is 2026's (delta 1.7)
}

TEST(CliRevision, ExploreUnderBothRevisions) {
  std::string f = temp("order3.wgsl", kOrder);
  Result seed = plumb("explore " + f + " --format json");
  ASSERT_EQ(seed.status, 0) << seed.out;
  EXPECT_EQ(nlohmann::json::parse(seed.out)["revision"], "2022-06");
  Result current = plumb("explore " + f + " --revision 2026 --format json");
  ASSERT_EQ(current.status, 0) << current.out;
  nlohmann::json c = nlohmann::json::parse(current.out);
  EXPECT_EQ(c["revision"], "2026");
  ASSERT_EQ(c["states"].size(), 1u);
  EXPECT_NE(c["states"][0]["values"].dump().find("20"), std::string::npos) << c.dump(1);
  Result text = plumb("explore " + f + " --revision 2026");
  EXPECT_NE(text.out.find("(revision 2026 #memory-model"), std::string::npos) << text.out;
}

fs::path freshDir(const std::string& name) {
  fs::path d = fs::path(::testing::TempDir()) /
               ("plumb-revision-cli-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(d);
  return d;
}

TEST(CliRevision, GenDerivesUnder2026OrRefusesTheFamily) {
  fs::path dir = freshDir("runtime");
  Result g =
      plumb("gen runtime litmus --count 6 --seed 3 --quiet --revision 2026 --out " + dir.string());
  ASSERT_EQ(g.status, 0) << g.out;
  std::ifstream in(dir / "manifest.json");
  nlohmann::json manifest = nlohmann::json::parse(in);
  EXPECT_EQ(manifest["revision"], "2026");
  size_t cases = 0;
  for (const auto& f : manifest["families"]["runtime"]["files"]) {
    std::ifstream c(dir / f.get<std::string>());
    EXPECT_EQ(nlohmann::json::parse(c)["revision"], "2026");
    ++cases;
  }
  EXPECT_GT(cases, 0u);
  // Every expectation derives again under the case's own revision.
  EXPECT_EQ(plumb("corpus verify " + dir.string()).status, 0);
  // A family whose expectations follow the seed's rules refuses, saying why.
  Result n =
      plumb("gen numerics --count 2 --revision 2026 --out " + freshDir("numerics").string(), true);
  EXPECT_EQ(n.status, 2);
  EXPECT_NE(n.out.find("family 'numerics' cannot generate revision 2026"), std::string::npos)
      << n.out;
  EXPECT_FALSE(fs::exists(freshDir("numerics") / "manifest.json"));
  // `all` takes the families that can, naming the others.
  Result all =
      plumb("gen all --count 2 --quiet --revision 2026 --out " + freshDir("all").string(), true);
  EXPECT_EQ(all.status, 0) << all.out;
  EXPECT_NE(all.out.find("family 'uniformity' left out"), std::string::npos) << all.out;
}

TEST(CliRevision, EveryWgslSubcommandDocumentsTheOption) {
  for (const char* cmd : {"parse", "check", "eval", "layout", "run", "explore", "gen", "oracle",
                          "builtins", "reduce"}) {
    Result h = plumb(std::string(cmd) + " --help");
    EXPECT_NE(h.out.find("--revision"), std::string::npos) << cmd;
    EXPECT_NE(h.out.find("2026"), std::string::npos) << cmd;
  }
}

// `plumb builtins --revision 2026` lists the 2026 rows (added and replacing ones) and names its
// revision; the seed's table stays the default.
TEST(CliRevision, BuiltinsListTheRevisionsRows) {
  Result seed = plumb("builtins workgroupUniformLoad", true);
  EXPECT_EQ(seed.status, 2) << seed.out;  // not a built-in of the seed
  Result current = plumb("builtins workgroupUniformLoad textureSampleLevel --revision 2026");
  ASSERT_EQ(current.status, 0) << current.out;
  EXPECT_NE(current.out.find("workgroupUniformLoad(p: ptr<workgroup, atomic<T>, read_write>)"),
            std::string::npos)
      << current.out;
  EXPECT_NE(current.out.find("textureSampleLevel(t: texture_1d<f32>"), std::string::npos);
  EXPECT_EQ(current.out.find("texture_external"), std::string::npos) << current.out;
  Result json = plumb("builtins frexp --revision 2026 --format json");
  ASSERT_EQ(json.status, 0) << json.out;
  nlohmann::json j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["revision"], "2026");
  bool abstractRow = false;
  for (const auto& row : j["rows"])
    abstractRow = abstractRow || row["signature"] == "(e: T) -> __frexp_result_abstract";
  EXPECT_TRUE(abstractRow) << json.out;
  EXPECT_EQ(nlohmann::json::parse(plumb("builtins frexp --format json").out)["revision"],
            "2022-06");
}

// `plumb parse --print` writes a 2026 module in 2026 spelling, and the printing parses back.
TEST(CliRevision, ParsePrintWritesTheRevisionsSpelling) {
  std::string f =
      temp("spelling.wgsl",
           "enable f16;\nrequires pointer_composite_access;\n"
           "diagnostic(off, derivative_uniformity);\nalias T = i32;\n"
           "const_assert 1 < 2;\n"
           "fn f(c: bool, x: i32) {\n  @diagnostic(off, derivative_uniformity) if c {}\n"
           "  switch x { case 1, default: {} }\n  const_assert 2 > 1;\n}\n");
  Result r = plumb("parse " + f + " --revision 2026 --print");
  ASSERT_EQ(r.status, 0) << r.out;
  for (const char* s :
       {"requires pointer_composite_access;", "diagnostic(off, derivative_uniformity);",
        "alias T = i32;", "const_assert 1 < 2;", "@diagnostic(off, derivative_uniformity) if c",
        "case 1, default:", "const_assert 2 > 1;"})
    EXPECT_NE(r.out.find(s), std::string::npos) << s << "\n" << r.out;
  EXPECT_EQ(r.out.find("staticAssert"), std::string::npos) << r.out;
  std::string again = temp("spelling2.wgsl", r.out);
  Result back = plumb("parse " + again + " --revision 2026 --print");
  ASSERT_EQ(back.status, 0) << back.out;
  EXPECT_EQ(back.out, r.out);
}

// `plumb reduce --revision 2026` parses and judges candidates under 2026.
TEST(CliRevision, ReduceUnderTheRevision) {
  std::string f = temp("reduce2026.wgsl",
                       "alias T = i32;\nconst c: T = 1;\nfn f() {\n  var v = 1;\n  v /= 0;\n"
                       "  let w = c + 2;\n}\n");
  // Under 2026 `v /= 0` is an error (delta 3.2); the seed cannot even parse `alias`.
  Result r = plumb("reduce " + f + " --keep plumb-rejects --revision 2026 --quiet", true);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("v /= 0"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("let w"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("plumb-rejects:arithmetic-expr"), std::string::npos) << r.out;
}

}  // namespace
