// The report (plumb-oracle-report v1) and its HTML page.
#include <gtest/gtest.h>

#include "oracle/wgsl/oracle.h"

namespace plumb::oracle {
namespace {

OracleRun sampleRun() {
  OracleRun run;
  OracleCase c;
  c.id = "x<y";
  c.file = "x.json";
  c.wgsl = "fn main() { let a = 1 < 2; }";
  c.entry = "main";
  c.verdict = PlumbVerdict{false, "parse", "syntax-x", "bad <thing>", 1, 5, {}};
  run.cases.push_back(c);
  run.outcomes.push_back(std::nullopt);
  run.outcomesWhyNot.push_back("Plumb rejects the program");
  BackendRun b;
  b.name = "dawn";
  b.hello = {{"adapter", {{"description", "SwiftShader"}}}, {"versions", {{"webgpu", "0.6.2"}}}};
  b.casesRun = 1;
  b.seconds = 0.01;
  BackendCaseResult r;
  r.status = "executed";
  r.buffers = {{0, 0, {1, 0x80000000}}};
  classify(run.cases[0], std::nullopt, "", r);
  b.results.push_back(r);
  run.backends.push_back(b);
  return run;
}

TEST(OracleReport, Json) {
  nlohmann::json j = reportJson(sampleRun());
  EXPECT_EQ(j["format"], "plumb-oracle-report");
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["backends"][0]["casesPerSecond"], 100.0);
  EXPECT_EQ(j["summary"]["casesWithDisagreement"], 1);
  EXPECT_EQ(j["summary"]["byBackend"]["dawn"]["accepts-invalid"], 1);
  const nlohmann::json& c = j["cases"][0];
  EXPECT_EQ(c["plumb"]["rule"], "syntax-x");
  EXPECT_EQ(c["results"]["dawn"]["classification"], "accepts-invalid");
  EXPECT_EQ(c["results"]["dawn"]["buffers"][0]["words"][1], "0x80000000");
  EXPECT_FALSE(j["outcomeComparison"]["available"]);
}

TEST(OracleReport, HtmlIsSelfContainedAndEscaped) {
  std::string html = reportHtml(reportJson(sampleRun()));
  EXPECT_NE(html.find("<!doctype html>"), std::string::npos);
  EXPECT_NE(html.find("x&lt;y"), std::string::npos);
  EXPECT_NE(html.find("bad &lt;thing&gt;"), std::string::npos);
  EXPECT_EQ(html.find("bad <thing>"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("http"), std::string::npos);  // nothing loaded from anywhere
  EXPECT_NE(html.find("accepts-invalid"), std::string::npos);
}

// Disagreements first, filters per backend and classification (no script), timings as text.
TEST(OracleReport, HtmlPutsDisagreementsFirstAndFiltersWithoutAScript) {
  OracleRun run = sampleRun();  // case "x<y": dawn accepts-invalid
  OracleCase agree = run.cases[0];
  agree.id = "both-reject";
  run.cases.insert(run.cases.begin(), agree);  // listed first in the run
  run.outcomes.insert(run.outcomes.begin(), std::nullopt);
  run.outcomesWhyNot.insert(run.outcomesWhyNot.begin(), "Plumb rejects the program");
  BackendCaseResult rejected;
  rejected.status = "shader-error";
  rejected.raw = {{"timing", {{"shaderMs", 1.25}, {"totalMs", 3.5}}}};
  classify(run.cases[0], std::nullopt, "", rejected);
  ASSERT_EQ(rejected.classification, Classification::Agree);
  run.backends[0].results.insert(run.backends[0].results.begin(), rejected);
  std::string html = reportHtml(reportJson(run));
  size_t dis = html.find("<tr id=\"x&lt;y\"");
  size_t ok = html.find("<tr id=\"both-reject\"");
  ASSERT_NE(dis, std::string::npos);
  ASSERT_NE(ok, std::string::npos);
  EXPECT_LT(dis, ok);  // the disagreement first, though the run listed it second
  EXPECT_NE(html.find("time: shader 1.25 ms, total 3.5 ms"), std::string::npos);
  EXPECT_NE(html.find("id=\"f-dis\""), std::string::npos);
  // One filter per (backend, classification): dawn agree and dawn accepts-invalid.
  EXPECT_NE(html.find("body:has(#f0:checked) tr.case:not(.c0){display:none}"), std::string::npos);
  EXPECT_NE(html.find("body:has(#f1:checked)"), std::string::npos);
  EXPECT_EQ(html.find("body:has(#f2:checked)"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);

  // Sorting, also without a script: sort keys "as run" (s0), "case id" (s1) and "dawn by
  // classification" (s2); each row carries its rank under each key, which the checked button
  // makes the `order` of its cells in the grid.
  EXPECT_NE(html.find("id=\"s0\"> as run"), std::string::npos);
  EXPECT_NE(html.find("id=\"s1\"> case id"), std::string::npos);
  EXPECT_NE(html.find("id=\"s2\"> dawn by classification"), std::string::npos);
  EXPECT_NE(html.find("body:has(#s1:checked) table.cases td{order:var(--s1)}"), std::string::npos);
  // Disagreements grouped: dawn accepts the program Plumb rejects by rule syntax-x.
  EXPECT_NE(html.find("<h2>Disagreements by group</h2>\n<p>1 groups"), std::string::npos) << html;
  EXPECT_NE(html.find("<td>Plumb&#39;s rule syntax-x</td><td>1: <a href=\"#x&lt;y\">x&lt;y</a>"),
            std::string::npos);
  // both-reject ran first; "both-reject" < "x<y" by id; dawn: accepts-invalid before agree.
  EXPECT_NE(html.find("<tr id=\"both-reject\" class=\"case c1\" style=\"--s0:0;--s1:0;--s2:1;\">"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<tr id=\"x&lt;y\" class=\"case dis c0\" style=\"--s0:1;--s1:1;--s2:0;\">"),
            std::string::npos);
}

TEST(OracleReport, Text) {
  std::string text = reportText(reportJson(sampleRun()));
  EXPECT_NE(text.find("x<y: Plumb invalid [syntax-x]; dawn accepts-invalid"), std::string::npos)
      << text;
  EXPECT_NE(text.find("dawn: 1 cases"), std::string::npos) << text;
}

}  // namespace
}  // namespace plumb::oracle
