// The `plumb` command: exit status (0 ok, 1 rejected, 2 usage), output formats, help.
#include <gtest/gtest.h>

#include "cli_util.h"
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using cli_testing::plumb;
using cli_testing::Result;
using cli_testing::temp;

TEST(Cli, Version) {
  Result r = plumb("--version");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("plumb "), std::string::npos);
  EXPECT_NE(r.out.find("2022-06"), std::string::npos);
}

TEST(Cli, HelpForTheProgramAndEachSubcommand) {
  EXPECT_EQ(plumb("--help").status, 0);
  Result r = plumb("parse --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("--print"), std::string::npos);
  EXPECT_NE(r.out.find("--format"), std::string::npos);
}

// One exit-status table (README "Exit status"): each subcommand's help states its statuses, and
// the README's table has the three rows.
TEST(Cli, EverySubcommandDocumentsItsExitStatus) {
  for (const char* c : {"parse", "check", "eval", "layout", "builtins", "run", "litmus", "explore",
                        "oracle", "gen", "corpus", "reduce"}) {
    Result r = plumb(std::string(c) + " --help");
    EXPECT_EQ(r.status, 0) << c;
    EXPECT_NE(r.out.find("Exit status: 0"), std::string::npos) << c << "\n" << r.out;
  }
  std::ifstream in(std::string(PLUMB_SOURCE_DIR) + "/README.md", std::ios::binary);
  std::string readme((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const char* row : {"### Exit status", "| **0** | all good", "| **1** | a finding",
                          "| **2** | usage or input error"})
    EXPECT_NE(readme.find(row), std::string::npos) << row;
}

TEST(Cli, ParseOkExitsZero) {
  std::string f = temp("ok.wgsl", "@compute @workgroup_size(1) fn main() {}\n");
  Result r = plumb("parse " + f);
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("ok"), std::string::npos);
}

TEST(Cli, SyntaxErrorExitsOneWithLocatedDiagnostic) {
  std::string f = temp("bad.wgsl", "fn main() {\n  let x = ;\n}\n");
  Result r = plumb("parse " + f, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("bad.wgsl:2:11: error: expected an expression, found ';' "
                       "[syntax-primary_expression]"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("   |           ^"), std::string::npos) << r.out;
}

TEST(Cli, UsageErrorsExitTwo) {
  EXPECT_EQ(plumb("").status, 2);                       // no subcommand
  EXPECT_EQ(plumb("parse").status, 2);                  // no file
  EXPECT_EQ(plumb("parse --bogus x.wgsl").status, 2);   // unknown option
  EXPECT_EQ(plumb("parse --format xml x.wgsl").status, 2);
  EXPECT_EQ(plumb("parse /nonexistent/file.wgsl").status, 2);
  EXPECT_EQ(plumb("frobnicate").status, 2);
}

TEST(Cli, SeveralFilesOneBad) {
  std::string a = temp("a.wgsl", "const a = 1;\n");
  std::string b = temp("b.wgsl", "const b = ;\n");
  Result r = plumb("parse " + a + " " + b);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("a.wgsl: ok"), std::string::npos);
  EXPECT_NE(r.out.find("b.wgsl: 1 syntax error"), std::string::npos);
}

TEST(Cli, PrintIsCanonicalAndReparses) {
  std::string f = temp("p.wgsl", "fn   f ( ) { return ; } // gone\n");
  Result r = plumb("parse --print " + f);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "fn f() {\n  return;\n}\n");
  std::string g = temp("p2.wgsl", r.out);
  EXPECT_EQ(plumb("parse --print " + g).out, r.out);
}

TEST(Cli, JsonFormat) {
  std::string a = temp("j1.wgsl", "const a = 1;\n");
  std::string b = temp("j2.wgsl", "const b = 2147483648i;\n");
  Result r = plumb("parse --format json " + a + " " + b);
  EXPECT_EQ(r.status, 1);
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["format"], "plumb-parse");
  EXPECT_EQ(j["version"], 1);
  ASSERT_EQ(j["files"].size(), 2u);
  EXPECT_EQ(j["files"][0]["ok"], true);
  EXPECT_EQ(j["files"][1]["ok"], false);
  const nlohmann::json& d = j["files"][1]["diagnostics"][0];
  EXPECT_EQ(d["rule"], "literals");
  EXPECT_EQ(d["line"], 1);
  EXPECT_EQ(d["column"], 11);
  EXPECT_EQ(d["length"], 11);
  EXPECT_EQ(d["severity"], "error");
}

TEST(Cli, AstDump) {
  std::string f = temp("ast.wgsl", "const c = a - -b;\n");
  Result r = plumb("parse --ast " + f);
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("(const c _ (- a (neg b)))"), std::string::npos) << r.out;
}

TEST(Cli, StandardInput) {
  Result r = plumb("parse - < " + temp("in.wgsl", "const x = 1;\n"));
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("<stdin>: ok"), std::string::npos);
}

TEST(Cli, BundledExamplesAllParse) {
  Result r = plumb(std::string("parse ") + PLUMB_SOURCE_DIR + "/corpus/examples/*.wgsl");
  EXPECT_EQ(r.status, 0) << r.out;
}

TEST(Cli, BadBytesAreADiagnosticNotACrash) {
  std::string f = temp("bytes.wgsl", std::string("fn f() {\0\xff\xfe}", 12));
  Result r = plumb("parse " + f, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("[textual-structure]"), std::string::npos);
}

TEST(Cli, CheckBundledExamplesAreValid) {
  Result r = plumb(std::string("check ") + PLUMB_SOURCE_DIR + "/corpus/examples/*.wgsl");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("valid"), std::string::npos);
}

TEST(Cli, CheckRejectsWithRuleAndExitsOne) {
  std::string f = temp("type.wgsl", "fn f() {\n  let x: u32 = 1.0;\n}\n");
  Result r = plumb("check " + f, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find(":2:16: error:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[var-and-value]"), std::string::npos) << r.out;
  r = plumb("check --format json " + f);
  EXPECT_EQ(r.status, 1);
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["format"], "plumb-check");
  EXPECT_EQ(j["files"][0]["valid"], false);
  EXPECT_EQ(j["files"][0]["diagnostics"][0]["rule"], "var-and-value");
}

TEST(Cli, CheckOverridesAtPipelineCreation) {
  std::string f = temp("override.wgsl",
                       "@id(7) override n: i32;\nvar<workgroup> a: array<f32, n>;\n"
                       "@compute @workgroup_size(n) fn f() { _ = a[0]; }\n");
  EXPECT_EQ(plumb("check " + f).status, 0);
  EXPECT_EQ(plumb("check --pipeline " + f).status, 1);  // no value for n
  EXPECT_EQ(plumb("check --override 7=64 " + f).status, 0);
  Result r = plumb("check --override 7=0 " + f, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("pipeline creation"), std::string::npos) << r.out;
  EXPECT_EQ(plumb("check --override n=64 " + f).status, 1);  // n has an @id: named 7
  EXPECT_EQ(plumb("check --override 7 " + f).status, 2);     // not KEY=VALUE
}

// #uniformity: the explanation, --strict-uniformity, --uniformity-graph, --annotate-uniformity.
TEST(Cli, CheckUniformityOptions) {
  std::string bad = temp("unif.wgsl",
                         "@compute @workgroup_size(64)\n"
                         "fn main(@builtin(local_invocation_id) lid: vec3<u32>) {\n"
                         "  let x = lid.x;\n  if x > 3u {\n    workgroupBarrier();\n  }\n}\n");
  std::string dot = ::testing::TempDir() + "unif.dot";
  std::remove(dot.c_str());
  Result r = plumb("check --uniformity-graph " + dot + " " + bad, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("[uniformity-function]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("built-in value 'local_invocation_id' at 3:11 is non-uniform"), std::string::npos) << r.out;
  std::ifstream in(dot);
  std::string graph((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(graph.rfind("digraph G {", 0), 0u) << graph;
  EXPECT_NE(graph.find("color=red"), std::string::npos) << graph;  // the violating path
  EXPECT_NE(graph.find("uniformity graph of 'main'"), std::string::npos) << graph;
  // Two files with one graph file is a usage error.
  EXPECT_EQ(plumb("check --uniformity-graph " + dot + " " + bad + " " + bad).status, 2);

  // A @location input before a derivative: accepted as the seed writes it (U1), rejected with
  // --strict-uniformity.
  std::string varying = temp("varying.wgsl",
                             "@fragment\nfn main(@location(0) c: f32) -> @location(0) vec4<f32> {\n"
                             "  if c > 0.0 { _ = dpdx(1.0); }\n  return vec4<f32>();\n}\n");
  EXPECT_EQ(plumb("check " + varying).status, 0);
  r = plumb("check --strict-uniformity " + varying, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("user-defined input 'c'"), std::string::npos) << r.out;

  // The annotation: tags, then each statement's uniformity; in JSON too.
  r = plumb("check --annotate-uniformity " + varying);
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("fn main: CallSiteRequiredToBeUniform"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(":3:3: uniform"), std::string::npos) << r.out;
  r = plumb("check --annotate-uniformity --format json " + varying);
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["files"][0]["uniformity"]["functions"][0]["function"], "main");
  EXPECT_FALSE(j["files"][0]["uniformity"]["points"].empty());
}

// #function-aliasing: a warning in the seed's mode (exit 0), an error with --strict-aliasing.
TEST(Cli, CheckAliasingWarnsOrRejects) {
  std::string f = temp("alias.wgsl",
                       "var<private> x: i32 = 0;\n"
                       "fn bar(p: ptr<private, i32>, q: ptr<private, i32>) { *p = 1; *q = 2; }\n"
                       "fn foo() { bar(&x, &x); }\n");
  Result r = plumb("check " + f, true);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("warning:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[function-aliasing]"), std::string::npos) << r.out;
  r = plumb("check --strict-aliasing " + f, true);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("error:"), std::string::npos) << r.out;
}

TEST(Cli, EvalPrintsExactValueAndType) {
  Result r = plumb("eval '0x1p-1074'");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("type: AbstractFloat"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("0x1p-1074"), std::string::npos) << r.out;
  r = plumb("eval 'i32(-2147483648)'");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("-2147483648i"), std::string::npos) << r.out;
  r = plumb("eval --format json 'vec2(1, 2.5)'");
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["type"], "vec2<AbstractFloat>");
  r = plumb("eval '2147483648i'", true);
  EXPECT_EQ(r.status, 1);
  r = plumb("eval '1 / 0'", true);
  EXPECT_EQ(r.status, 1);
}

TEST(Cli, LayoutPrintsEveryStructure) {
  std::string f = temp("layout.wgsl",
                       "struct A { u: f32, v: f32, w: vec2<f32>, x: f32 }\n"
                       "struct P { b: bool }\n");
  Result r = plumb("layout " + f);
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("struct A    align(8)  size(24)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("-- implicit struct size padding --"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("struct P: no memory layout"), std::string::npos) << r.out;
  r = plumb("layout --format json " + f);
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["format"], "plumb-layout");
  EXPECT_EQ(j["structs"][0]["members"][3]["offset"], 16);
  EXPECT_EQ(j["structs"][1]["hostShareable"], false);
  // A layout constraint violation: still printed, exit status 1.
  f = temp("layout_bad.wgsl",
           "struct S { a: array<f32, 4> }\n@group(0) @binding(0) var<uniform> u: S;\n");
  r = plumb("layout " + f, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("struct S"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[address-space-layout-constraints]"), std::string::npos) << r.out;
}

}  // namespace

// docs/builtins.md is `plumb builtins --format markdown`: the docs read the one table.
TEST(Cli, BuiltinsListsTheOneTableAndTheDocsAreCurrent) {
  Result all = plumb("builtins");
  EXPECT_EQ(all.status, 0);
  EXPECT_NE(all.out.find("108 built-in functions"), std::string::npos) << all.out.substr(0, 200);
  Result clamp = plumb("builtins clamp");
  EXPECT_EQ(clamp.status, 0);
  EXPECT_NE(clamp.out.find("#float-builtin-functions"), std::string::npos);
  EXPECT_NE(clamp.out.find("#integer-builtin-functions"), std::string::npos);
  EXPECT_EQ(plumb("builtins no_such_function").status, 2);
  Result json = plumb("builtins '+' --format json");
  ASSERT_EQ(json.status, 0);
  nlohmann::json j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["format"], "plumb-builtins");
  EXPECT_GT(j["overloads"].get<int>(), 0);
  Result markdown = plumb("builtins --format markdown");
  std::ifstream in(std::string(PLUMB_SOURCE_DIR) + "/docs/builtins.md", std::ios::binary);
  std::string docs((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(markdown.out, docs)
      << "regenerate: build/release/cli/plumb builtins --format markdown > docs/builtins.md";
}
