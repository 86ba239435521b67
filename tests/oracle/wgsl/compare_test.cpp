// Word sets and outcome comparison (oracle/wgsl/compare.h): a device output is conformant when
// every word lies in the allowed set of SOME single outcome (design.md).
#include <gtest/gtest.h>

#include "oracle/wgsl/compare.h"

namespace plumb::oracle {
namespace {

using nlohmann::json;

bool allowed(const json& form, uint32_t w) {
  std::string error;
  bool ok = wordAllowed(form, w, error);
  EXPECT_EQ(error, "") << form.dump();
  return ok;
}

TEST(OracleWords, ParseWord) {
  EXPECT_EQ(parseWord(json(7)), 7u);
  EXPECT_EQ(parseWord(json("0x80000000")), 0x80000000u);
  EXPECT_EQ(parseWord(json("0XFF")), 255u);
  EXPECT_FALSE(parseWord(json(-1)));
  EXPECT_FALSE(parseWord(json(4294967296ull)));
  EXPECT_FALSE(parseWord(json("0x123456789")));
  EXPECT_FALSE(parseWord(json("12")));
  EXPECT_FALSE(parseWord(json(1.5)));
}

TEST(OracleWords, Forms) {
  EXPECT_TRUE(allowed({{"exact", "0x3f800000"}}, 0x3f800000));
  EXPECT_FALSE(allowed({{"exact", "0x3f800000"}}, 0x3f800001));
  EXPECT_TRUE(allowed({{"set", {"0x00000000", "0x80000000"}}}, 0x80000000));
  EXPECT_FALSE(allowed({{"set", {"0x00000000", "0x80000000"}}}, 1));
  EXPECT_TRUE(allowed({{"any", true}}, 0xdeadbeef));
  json iv = {{"interval", {"0x3f800000", "0x3f800002"}}, {"type", "f32"}};
  EXPECT_TRUE(allowed(iv, 0x3f800000));
  EXPECT_TRUE(allowed(iv, 0x3f800002));
  EXPECT_FALSE(allowed(iv, 0x3f800003));
  EXPECT_FALSE(allowed(iv, 0x7fc00000));  // NaN is in no interval
  // ±0 are equal: [-0, +0] holds both, [+0, 1] holds -0.
  EXPECT_TRUE(allowed({{"interval", {"0x80000000", "0x00000000"}}, {"type", "f32"}}, 0x00000000));
  EXPECT_TRUE(allowed({{"interval", {"0x00000000", "0x3f800000"}}, {"type", "f32"}}, 0x80000000));
  // Negative intervals are ordered as floats, not as bit patterns.
  EXPECT_TRUE(allowed({{"interval", {"0xbf800001", "0xbf800000"}}, {"type", "f32"}}, 0xbf800000));
  // f16: two halves, low half first.
  json h = {{"f16", {{{"exact", "0x3c00"}}, {{"interval", {"0x0000", "0x3c00"}}}}}};
  EXPECT_TRUE(allowed(h, 0x38003c00));   // high 0.5, low 1.0
  EXPECT_FALSE(allowed(h, 0x3c013c00));  // high just above 1.0
  std::string error;
  EXPECT_FALSE(wordAllowed(json{{"bogus", 1}}, 0, error));
  EXPECT_NE(error, "");
}

// The outcomes as a vector: `report({one})` with a `json` parameter is the object `one` itself
// under GCC 12 and a one-element array under clang 14 (CWG 1467 against 2137 for a class with
// an initializer_list constructor), and the asan preset compiles with clang.
json report(std::vector<json> outcomes, bool complete = true) {
  return {{"format", "plumb-run"},
          {"version", 1},
          {"executions", {{"explored", outcomes.size()}, {"complete", complete}, {"limit", 10}}},
          {"outcomes", outcomes}};
}
json finished(json words) {
  return {{"kind", "finished"},
          {"count", 1},
          {"buffers", {{{"group", 0}, {"binding", 0}, {"words", words}}}}};
}

TEST(OracleOutcomes, SomeSingleOutcomeNotWordByWord) {
  // Outcomes [1, 0] and [0, 1]: the device output [1, 1] matches each word of some outcome,
  // but no single outcome, so it is outside.
  json r = report({finished({{{"exact", "0x1"}}, {{"exact", "0x0"}}}),
                   finished({{{"exact", "0x0"}}, {{"exact", "0x1"}}})});
  OutcomeMatch m = compareWithOutcomes(r, {{0, 0, {1, 1}}});
  EXPECT_EQ(m.status, OutcomeMatch::Status::Outside);
  EXPECT_EQ(m.diffCount, 1u);
  m = compareWithOutcomes(r, {{0, 0, {0, 1}}});
  EXPECT_EQ(m.status, OutcomeMatch::Status::Conformant);
  EXPECT_EQ(m.outcome, 1);
}

TEST(OracleOutcomes, IncompleteOrUnfinishedIsInconclusive) {
  json one = finished({{{"exact", "0x1"}}});
  EXPECT_EQ(compareWithOutcomes(report({one}, false), {{0, 0, {2}}}).status,
            OutcomeMatch::Status::Inconclusive);
  json err = {{"kind", "dynamic error"}, {"rule", "x"}};
  EXPECT_EQ(compareWithOutcomes(report({one, err}), {{0, 0, {2}}}).status,
            OutcomeMatch::Status::Inconclusive);
  EXPECT_EQ(compareWithOutcomes(report({one, err}), {{0, 0, {1}}}).status,
            OutcomeMatch::Status::Conformant);
}

// plumb-run version 3: an exploration stopped by --max-executions names its bound, a Limit
// stop; an output outside the outcomes found is inconclusive, never outside, naming it.
TEST(OracleOutcomes, AnIncompleteExplorationIsInconclusiveNamingItsLimit) {
  json r = report({finished({{{"exact", "0x1"}}})}, false);
  r["version"] = 3;
  r["executions"]["stop"] = {{"kind", "limit"}, {"bound", "executions"}, {"value", 10}};
  OutcomeMatch m = compareWithOutcomes(r, {{0, 0, {2}}});
  EXPECT_EQ(m.status, OutcomeMatch::Status::Inconclusive);
  EXPECT_EQ(m.stop, "limit");
  EXPECT_NE(m.note.find("the limit executions = 10 (--max-executions)"), std::string::npos)
      << m.note;
  // A version-2 report without `executions.stop`: the bound was --max-executions.
  m = compareWithOutcomes(report({finished({{{"exact", "0x1"}}})}, false), {{0, 0, {2}}});
  EXPECT_EQ(m.stop, "limit");
  EXPECT_NE(m.note.find("the limit executions"), std::string::npos) << m.note;
  // Inside an outcome found: conformant, complete or not.
  EXPECT_EQ(compareWithOutcomes(r, {{0, 0, {1}}}).status, OutcomeMatch::Status::Conformant);
}

OracleCase validCase() {
  OracleCase c;
  c.id = "c";
  c.verdict.valid = true;
  return c;
}

// plumb-run version 2 (docs/formats.md): each stop says what it is, and the comparison reads
// it (docs/oracle.md): after a dynamic error any output is allowed; an unsupported feature or a
// limit is inconclusive and says which; an internal error is Plumb's bug.
json stopped(const std::string& kind, json stop, const std::string& message = "m") {
  stop["kind"] = kind;
  return {{"kind", kind},
          {"count", 1},
          {"message", message},
          {"stop", stop},
          {"buffers", json::array()}};
}
json report2(std::vector<json> outcomes) {
  json r = report(std::move(outcomes));
  r["version"] = 2;
  return r;
}

TEST(OracleOutcomes, TypedStops) {
  json one = finished({{{"exact", "0x1"}}});
  json dynamic = stopped("dynamic error", {{"rule", "barrier"}}, "deadlock: ...");
  json unsupported =
      stopped("unsupported", {{"feature", "textureGather"}, {"rule", "texturegather"}});
  json limit = stopped("limit", {{"bound", "steps"}, {"value", 1000}});
  json internal = stopped("internal error", json::object(),
                          "x (a bug in Plumb: please report it with the shader)");

  // A dynamic error: the output outside every finished outcome is still allowed.
  OutcomeMatch d = compareWithOutcomes(report2({one, dynamic}), {{0, 0, {2}}});
  EXPECT_EQ(d.status, OutcomeMatch::Status::Conformant);
  EXPECT_EQ(d.outcome, 1);
  EXPECT_EQ(d.stop, "dynamic error");
  EXPECT_NE(d.note.find("[barrier]"), std::string::npos) << d.note;
  EXPECT_EQ(compareWithOutcomes(report2({dynamic}), {{0, 0, {2}}}).status,
            OutcomeMatch::Status::Conformant);
  // ... and inside one, it is that one.
  EXPECT_EQ(compareWithOutcomes(report2({one, dynamic}), {{0, 0, {1}}}).outcome, 0);

  // Unsupported and limit: inconclusive, naming the feature or the bound.
  OutcomeMatch u = compareWithOutcomes(report2({one, unsupported}), {{0, 0, {2}}});
  EXPECT_EQ(u.status, OutcomeMatch::Status::Inconclusive);
  EXPECT_EQ(u.stop, "unsupported");
  EXPECT_NE(u.note.find("textureGather"), std::string::npos) << u.note;
  OutcomeMatch l = compareWithOutcomes(report2({limit}), {{0, 0, {2}}});
  EXPECT_EQ(l.status, OutcomeMatch::Status::Inconclusive);
  EXPECT_EQ(l.stop, "limit");
  EXPECT_NE(l.note.find("steps = 1000"), std::string::npos) << l.note;
  // An unsupported feature is named before a limit.
  EXPECT_EQ(compareWithOutcomes(report2({one, limit, unsupported}), {{0, 0, {2}}}).stop,
            "unsupported");
  // Without a stop the output is still compared.
  EXPECT_EQ(compareWithOutcomes(report2({one}), {{0, 0, {2}}}).status,
            OutcomeMatch::Status::Outside);

  // An internal error: Plumb's bug, whatever the device wrote.
  OutcomeMatch b = compareWithOutcomes(report2({one, internal}), {{0, 0, {1}}});
  EXPECT_EQ(b.status, OutcomeMatch::Status::PlumbBug);
  EXPECT_EQ(b.stop, "internal error");
  EXPECT_NE(b.note.find("a bug in Plumb"), std::string::npos) << b.note;
  EXPECT_STREQ(outcomeStatusName(b.status), "plumb-bug");
}

TEST(OracleOutcomes, VersionOneStopsAndUnknownVersions) {
  json one = finished({{{"exact", "0x1"}}});
  // Version 1: `step limit` is a limit, `deadlock` a dynamic error, `dynamic error` unknown.
  json stepLimit = {{"kind", "step limit"}, {"message", "an invocation took more than 5 steps"}};
  OutcomeMatch s = compareWithOutcomes(report({one, stepLimit}), {{0, 0, {2}}});
  EXPECT_EQ(s.status, OutcomeMatch::Status::Inconclusive);
  EXPECT_EQ(s.stop, "limit");
  json deadlock = {{"kind", "deadlock"}, {"message", "..."}};
  EXPECT_EQ(compareWithOutcomes(report({one, deadlock}), {{0, 0, {2}}}).status,
            OutcomeMatch::Status::Conformant);
  json err = {{"kind", "dynamic error"}, {"rule", "x"}};
  OutcomeMatch e = compareWithOutcomes(report({one, err}), {{0, 0, {2}}});
  EXPECT_EQ(e.status, OutcomeMatch::Status::Inconclusive);
  EXPECT_NE(e.note.find("version-1"), std::string::npos) << e.note;
  json five = report({one});
  five["version"] = 5;
  OutcomeMatch v = compareWithOutcomes(five, {{0, 0, {1}}});
  EXPECT_EQ(v.status, OutcomeMatch::Status::NotAvailable);
  EXPECT_NE(v.note.find("plumb-run version 5 is not supported"), std::string::npos) << v.note;
}

TEST(OracleClassify, InternalErrorIsAPlumbBugNotADisagreement) {
  OracleCase c = validCase();
  BackendCaseResult r;
  r.status = "executed";
  r.buffers = {{0, 0, {1}}};
  json internal = {{"kind", "internal error"},
                   {"count", 1},
                   {"message", "x (a bug in Plumb: please report it)"},
                   {"stop", {{"kind", "internal error"}}},
                   {"buffers", json::array()}};
  classify(c, report2({finished({{{"exact", "0x1"}}}), internal}), "", r);
  EXPECT_EQ(r.classification, Classification::PlumbBug);
  EXPECT_STREQ(classificationName(r.classification), "plumb-bug");
  EXPECT_FALSE(isDisagreement(r.classification));
  EXPECT_NE(r.detail.find("please report"), std::string::npos) << r.detail;
}

TEST(OracleOutcomes, MissingDeviceBufferIsNotAvailable) {
  json r = report({finished({{{"exact", "0x1"}}})});
  OutcomeMatch m = compareWithOutcomes(r, {{0, 1, {1}}});
  EXPECT_EQ(m.status, OutcomeMatch::Status::NotAvailable);
  EXPECT_NE(m.note.find("@binding(0)"), std::string::npos);
}

TEST(OracleOutcomes, ShortDeviceBufferIsOutside) {
  json r = report({finished({{{"exact", "0x1"}}, {{"exact", "0x2"}}})});
  EXPECT_EQ(compareWithOutcomes(r, {{0, 0, {1}}}).status, OutcomeMatch::Status::Outside);
}

TEST(OracleOutcomes, ARacyProgramDiffersOnlyAtRacyWordsInconclusively) {
  // A plumb-run report with `races` (#memory-model, docs/ambiguities.md M14): a device word
  // outside Plumb's set at a word that racing writes write is not a disagreement; a word
  // elsewhere still is.
  json r = report({finished({{{"exact", "0x1"}}, {{"exact", "0x2"}}})});
  r["races"] = {
      {{"location", "rw[0]"}, {"space", "storage"}, {"group", 0}, {"binding", 0}, {"word", 0}}};
  OutcomeMatch racy = compareWithOutcomes(r, {{0, 0, {7, 2}}});
  EXPECT_EQ(racy.status, OutcomeMatch::Status::Inconclusive);
  EXPECT_NE(racy.note.find("racing writes"), std::string::npos) << racy.note;
  OutcomeMatch elsewhere = compareWithOutcomes(r, {{0, 0, {1, 7}}});
  EXPECT_EQ(elsewhere.status, OutcomeMatch::Status::Outside);
  EXPECT_NE(elsewhere.note.find("data races"), std::string::npos) << elsewhere.note;
  EXPECT_EQ(compareWithOutcomes(r, {{0, 0, {1, 2}}}).status, OutcomeMatch::Status::Conformant);
}

// new#limits (revision 2026): a shader beyond a minimum supported value is valid with a
// [limits] warning, and "an implementation may" reject it: a backend that rejects it agrees
// (docs/ambiguities.md S24; Dawn rejects 16388 bytes of workgroup variables at pipeline
// creation). Without the warning the same rejection is a disagreement.
TEST(OracleClassify, ARejectionBeyondAMinimumSupportedLimitAgrees) {
  OracleCase c = validCase();
  c.verdict.diagnostics.push_back(
      {{"severity", "warning"}, {"rule", "limits"}, {"message", "beyond 16384 bytes"}});
  BackendCaseResult r;
  r.status = "pipeline-error";
  r.raw = {{"pipeline", {{"ok", false}, {"error", "workgroup storage too large"}}}};
  classify(c, std::nullopt, "n/a", r);
  EXPECT_EQ(r.classification, Classification::Agree) << r.detail;
  EXPECT_NE(r.detail.find("[limits]"), std::string::npos) << r.detail;
  c.verdict.diagnostics.back()["rule"] = "derivative_uniformity";
  classify(c, std::nullopt, "n/a", r);
  EXPECT_EQ(r.classification, Classification::RejectsValid) << r.detail;
}

TEST(OracleClassify, Verdicts) {
  OracleCase c = validCase();
  BackendCaseResult r;
  r.status = "shader-error";
  r.raw = {{"compilation", {{{"type", "error"}, {"line", 3}, {"column", 4}, {"message", "bad"}}}}};
  classify(c, std::nullopt, "n/a", r);
  EXPECT_EQ(r.classification, Classification::RejectsValid);
  EXPECT_NE(r.detail.find("3:4: bad"), std::string::npos);

  c.verdict = PlumbVerdict{false, "parse", "syntax-x", "msg", 1, 2, {}};
  classify(c, std::nullopt, "n/a", r);
  EXPECT_EQ(r.classification, Classification::Agree);

  r = BackendCaseResult{};
  r.status = "executed";
  classify(c, std::nullopt, "n/a", r);
  EXPECT_EQ(r.classification, Classification::AcceptsInvalid);
  EXPECT_NE(r.detail.find("syntax-x"), std::string::npos);
}

TEST(OracleClassify, OutputsCrashTimeout) {
  OracleCase c = validCase();
  json r1 = report({finished({{{"exact", "0x2a"}}})});
  BackendCaseResult r;
  r.status = "executed";
  r.buffers = {{0, 0, {42}}};
  classify(c, r1, "", r);
  EXPECT_EQ(r.classification, Classification::Agree);
  EXPECT_EQ(r.outcome.status, OutcomeMatch::Status::Conformant);
  r.buffers = {{0, 0, {43}}};
  classify(c, r1, "", r);
  EXPECT_EQ(r.classification, Classification::OutputOutside);
  EXPECT_NE(r.detail.find("0x0000002b"), std::string::npos);
  classify(c, std::nullopt, "not wired", r);
  EXPECT_EQ(r.classification, Classification::Agree);
  EXPECT_EQ(r.outcome.status, OutcomeMatch::Status::NotAvailable);
  r.status = "crash";
  classify(c, r1, "", r);
  EXPECT_EQ(r.classification, Classification::Crash);
  r.status = "timeout";
  classify(c, r1, "", r);
  EXPECT_EQ(r.classification, Classification::Timeout);
  r.status = "runtime-error";
  classify(c, r1, "", r);
  EXPECT_EQ(r.classification, Classification::Error);
  EXPECT_TRUE(isDisagreement(Classification::Error));
  EXPECT_FALSE(isDisagreement(Classification::Skipped));
}

TEST(OracleClassify, DefaultProviderUsesExpectOrSaysWhy) {
  OracleCase c = validCase();
  std::string why;
  EXPECT_FALSE(defaultOutcomeProvider()(c, why));
  EXPECT_NE(why.find("interpreter"), std::string::npos);
  c.expect = report({});
  EXPECT_TRUE(defaultOutcomeProvider()(c, why));
}

}  // namespace
}  // namespace plumb::oracle
