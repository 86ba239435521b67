// Revision deltas in an oracle run (oracle/wgsl/revision_delta.h, issue 15): with
// tests/oracle/fake_runner.sh standing in for a backend (it writes 42 to the first word of
// the first buffer, and accepts every module), a disagreement under the case's revision that
// agrees under the other one is classified `revision-delta`, with the delta document's entry.
#include <unistd.h>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "oracle/wgsl/oracle.h"
#include "oracle/wgsl/revision_delta.h"

namespace plumb::oracle {
namespace {

namespace fs = std::filesystem;

std::string writeTemp(const std::string& name, const std::string& text) {
  fs::path dir =
      fs::temp_directory_path() / ("plumb-oracle-revision-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path p = dir / name;
  std::ofstream(p) << text;
  return p.string();
}

BackendSpec fake() {
  return {"fake", {{"bash", PLUMB_FAKE_RUNNER}, {}, ""}};
}

OracleRun runOne(const std::string& path, VerdictOptions v, bool deltas = true) {
  OracleCase c = loadCase(path, v);
  EXPECT_EQ(c.error, "");
  OracleOptions o;
  o.backends = {fake()};
  o.outcomes = interpreterOutcomeProvider();
  o.revisionDeltas = deltas;
  return runOracle({c}, {}, o);
}

// delta 3.8: the index's side effect is seen by the right-hand side only when the left-hand
// side is evaluated first (2026): out[0] is 0 in the seed, 42 in 2026.
const char* kLeftFirstGives42 =
    R"(@group(0) @binding(0) var<storage, read_write> out: array<u32, 1>;
var<private> n: u32 = 0u;
fn setN() -> u32 { n = 2u; return 0u; }
@compute @workgroup_size(1) fn main() { out[setN()] = n * 21u; }
)";
// The other way round: 42 in the seed, 0 in 2026.
const char* kRightFirstGives42 =
    R"(@group(0) @binding(0) var<storage, read_write> out: array<u32, 1>;
var<private> n: u32 = 0u;
fn setN() -> u32 { n = 2u; return 0u; }
@compute @workgroup_size(1) fn main() { out[setN()] = 42u - n * 21u; }
)";

TEST(OracleRevisionDelta, AnOutputOf2026UnderTheSeedIsARevisionDelta) {
  std::string p = writeTemp("left-first.wgsl", kLeftFirstGives42);
  OracleRun without = runOne(p, {}, false);
  ASSERT_EQ(without.backends.size(), 1u);
  EXPECT_EQ(without.backends[0].results[0].classification, Classification::OutputOutside);
  OracleRun run = runOne(p, {});
  const BackendCaseResult& r = run.backends[0].results[0];
  EXPECT_EQ(r.classification, Classification::RevisionDelta) << r.detail;
  EXPECT_FALSE(isDisagreement(r.classification));
  ASSERT_TRUE(r.revisionDelta.is_object());
  EXPECT_EQ(r.revisionDelta["revision"], "2026");
  EXPECT_EQ(r.revisionDelta["classification"], "output-outside");
  // The one dynamic delta that explains the output alone (Revision::assignmentLeftHandSideFirst).
  EXPECT_EQ(r.revisionDelta["entry"],
            "delta 3.8 an assignment evaluates its left-hand side first "
            "(revision-delta-2022-06-to-2026.md)");
  nlohmann::json report = reportJson(run);
  EXPECT_EQ(report["revision"], "2022-06");
  EXPECT_EQ(report["summary"]["casesWithDisagreement"], 0);
  EXPECT_EQ(report["summary"]["casesWithRevisionDelta"], 1);
  EXPECT_EQ(report["cases"][0]["results"]["fake"]["classification"], "revision-delta");
  EXPECT_EQ(report["cases"][0]["results"]["fake"]["revisionDelta"]["revision"], "2026");
}

TEST(OracleRevisionDelta, UnderRevision2026ASeedOutputIsARevisionDelta) {
  std::string p = writeTemp("right-first.wgsl", kRightFirstGives42);
  VerdictOptions v;
  v.revision = "2026";
  v.revisionGiven = true;
  OracleRun run = runOne(p, v);
  const BackendCaseResult& r = run.backends[0].results[0];
  EXPECT_EQ(r.classification, Classification::RevisionDelta) << r.detail;
  EXPECT_EQ(r.revisionDelta["revision"], "2022-06");
  EXPECT_EQ(reportJson(run)["revision"], "2026");
  // The same output under the seed agrees: no delta to label.
  OracleRun seed = runOne(p, {});
  EXPECT_EQ(seed.backends[0].results[0].classification, Classification::Agree);
}

// A verdict delta: `alias` is 2026's (delta 1.7); the backend accepts the module.
TEST(OracleRevisionDelta, AVerdictOf2026UnderTheSeedIsARevisionDelta) {
  std::string p = writeTemp("alias.wgsl", "alias T = u32;\nfn f() -> T { return 1u; }\n");
  OracleRun run = runOne(p, {});
  const BackendCaseResult& r = run.backends[0].results[0];
  EXPECT_EQ(r.classification, Classification::RevisionDelta) << r.detail;
  EXPECT_EQ(r.revisionDelta["classification"], "accepts-invalid");
  EXPECT_NE(r.revisionDelta["entry"].get<std::string>().find("delta"), std::string::npos)
      << r.revisionDelta.dump();
}

// A disagreement under both revisions stays one.
TEST(OracleRevisionDelta, ADisagreementUnderBothRevisionsStays) {
  std::string p =
      writeTemp("seven.wgsl", R"(@group(0) @binding(0) var<storage, read_write> out: array<u32, 1>;
@compute @workgroup_size(1) fn main() { out[0] = 7u; }
)");
  OracleRun run = runOne(p, {});
  EXPECT_EQ(run.backends[0].results[0].classification, Classification::OutputOutside);
  EXPECT_TRUE(run.backends[0].results[0].revisionDelta.is_null());
}

// A generated case of revision 2026 is judged under its own revision, unless the command line
// chooses one; then its own expected verdict is not compared (derived under another text).
TEST(OracleRevisionDelta, APlumbCaseIsJudgedUnderItsOwnRevision) {
  nlohmann::json j = {
      {"format", "plumb-case"},     {"version", 1},
      {"name", "alias-case"},       {"family", "test"},
      {"revision", "2026"},         {"rule", {{"anchor", "type-aliases"}, {"side", "valid"}}},
      {"wgsl", "alias T = u32;\n"}, {"expect", {{"verdict", "valid"}}}};
  std::string p = writeTemp("alias-case.json", j.dump());
  OracleCase c = loadCase(p, {});
  ASSERT_EQ(c.error, "");
  EXPECT_EQ(c.verdictOptions.revision, "2026");
  EXPECT_TRUE(c.verdict.valid);
  EXPECT_EQ(verdictMismatch(c), "");
  VerdictOptions seed;
  seed.revisionGiven = true;
  OracleCase s = loadCase(p, seed);
  ASSERT_EQ(s.error, "");
  EXPECT_EQ(s.verdictOptions.revision, "2022-06");
  EXPECT_FALSE(s.verdict.valid);
  EXPECT_EQ(verdictMismatch(s), "");
}

TEST(OracleRevisionDelta, EntriesNameTheDelta) {
  PlumbVerdict valid;
  valid.valid = true;
  PlumbVerdict mustUse;
  mustUse.rule = "must-use-attr";
  EXPECT_NE(revisionDeltaEntry(valid, mustUse).find("delta 4.4"), std::string::npos);
  EXPECT_NE(revisionDeltaEntry(valid, valid).find("dynamic semantics"), std::string::npos);
  PlumbVerdict other;
  other.rule = "no-such-rule";
  EXPECT_NE(revisionDeltaEntry(other, valid).find("[no-such-rule]"), std::string::npos);
}

// Both revisions accept: the text names the run-time deltas on which the revisions differ, the
// later ones too (6.2 bitcast and frexp, 4.2 discard demotes, 8 position.w; before 2026-11-27
// it named 2.5, 2.6, 3.8 and 7.1 only), and only those when the revisions differ in one.
TEST(OracleRevisionDelta, BothAcceptNamesTheRunTimeDeltas) {
  PlumbVerdict valid;
  valid.valid = true;
  const Revision& seed = Revision::wgsl2022_06();
  const Revision& current = Revision::wgsl2026();
  std::string all = revisionDeltaEntry(valid, valid, &seed, &current);
  for (const char* entry :
       {"3.8", "2.5", "2.6", "7.1", "6.2", "7.2", "4.2", "8", "a bitcast may flush a subnormal",
        "discard demotes the invocation to a helper", "position.w = 0"})
    EXPECT_NE(all.find(entry), std::string::npos) << entry << " in " << all;
  EXPECT_EQ(all.rfind("delta 3.8, 2.5, 2.6, 7.1, 6.2, 7.2, 4.2, 8:", 0), 0u) << all;
  Revision demotes = seed;
  demotes.discardDemotesToHelper = current.discardDemotesToHelper;
  Revision flushes = seed;
  flushes.bitcastMayFlush = current.bitcastMayFlush;
  std::string one = revisionDeltaEntry(valid, valid, &demotes, &flushes);
  EXPECT_EQ(one.rfind("delta 6.2, 4.2: the dynamic semantics (a bitcast may flush a subnormal; "
                      "discard demotes the invocation to a helper;",
                      0),
            0u)
      << one;
  EXPECT_NE(revisionDeltaEntry(valid, valid, &seed, &seed).find("no run-time delta"),
            std::string::npos);
  // Without the revisions: every run-time delta.
  EXPECT_EQ(revisionDeltaEntry(valid, valid), all);
}

// With the program (a draw's, whose outputs are not re-run delta by delta): only the deltas
// whose rule the program can reach, from its built-in calls and constructs; every one when it
// reaches none (or does not parse), never an empty explanation.
TEST(OracleRevisionDelta, BothAcceptNamesTheDeltasTheProgramReaches) {
  PlumbVerdict valid;
  valid.valid = true;
  const Revision& seed = Revision::wgsl2022_06();
  const Revision& current = Revision::wgsl2026();
  std::string all = revisionDeltaEntry(valid, valid, &seed, &current);
  auto entry = [&](const std::string& wgsl) {
    return revisionDeltaEntry(valid, valid, &seed, &current, &wgsl);
  };
  std::string discard = R"(
@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
  if (p.x < 1.0) { discard; }
  return vec4<f32>(1.0);
})";
  EXPECT_EQ(entry(discard).rfind("delta 4.2: the dynamic semantics (discard demotes the "
                                 "invocation to a helper; docs/revision-2026.md)",
                                 0),
            0u)
      << entry(discard);
  std::string accuracy = R"(
@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
  var c = vec4<f32>(0.0);
  c.x = clamp(dpdx(p.x), 0.0, 1.0);
  return c;
})";
  std::string a = entry(accuracy);
  EXPECT_EQ(a.rfind("delta 3.8, 7.1, 7.2: the dynamic semantics (an assignment evaluates its "
                    "left-hand side first; the accuracy table; a write to a vector component may "
                    "access the whole vector;",
                    0),
            0u)
      << a;
  std::string unpack = R"(
@group(0) @binding(0) var<storage, read_write> out: array<vec4<f32>, 2>;
@compute @workgroup_size(1) fn main() {
  let u = unpack4x8snorm(0x7f80u);
  out[1] = vec4<f32>(frexp(u.x).fract);
  _ = bitcast<u32>(u.y);
})";
  std::string u = entry(unpack);
  // out[1] = ...: an index and, read conservatively, an element write (7.2).
  EXPECT_EQ(u.rfind("delta 3.8, 2.5, 6.2, 7.1, 7.2:", 0), 0u) << u;
  EXPECT_NE(u.find("unpack4x8snorm/unorm"), std::string::npos) << u;
  EXPECT_NE(u.find("frexp of a subnormal"), std::string::npos) << u;
  EXPECT_NE(u.find("a bitcast may flush"), std::string::npos) << u;
  EXPECT_EQ(u.find("accuracy table"), std::string::npos) << u;
  EXPECT_EQ(u.find("discard"), std::string::npos) << u;
  // Reaching none of them, or not parsing: every one.
  EXPECT_EQ(entry("@fragment fn main() -> @location(0) vec4<f32> { return vec4<f32>(1.0); }"), all);
  EXPECT_EQ(entry("fn ("), all);
}

}  // namespace
}  // namespace plumb::oracle
