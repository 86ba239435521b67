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
  EXPECT_EQ(j["version"], 2);
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

// Hints where the user is one step away (issue 16 item 4): the closest name in scope, current
// WGSL's words under the seed, overload candidates with value types.
TEST(Cli, CheckSuggestsTheClosestNameInScope) {
  std::string f = temp("hint.wgsl",
                       "struct Light { color: vec3<f32> }\n"
                       "fn f(scale: f32) -> f32 {\n  var l: Ligth;\n  let c = clmap(1, 2, 3);\n"
                       "  return scael * 2.0;\n}\n");
  Result r = plumb("check " + f, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("hint.wgsl:5:10: error: 'scael' is not declared in this scope "
                       "[declaration-and-scope]"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("hint.wgsl:2:6: note: did you mean 'scale'? (declared here)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("hint.wgsl:1:8: note: did you mean 'Light'?"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("note: did you mean the built-in function 'clamp'?"), std::string::npos)
      << r.out;
  // A name declared later in a function is not in scope yet: not suggested.
  std::string later = temp("later.wgsl", "fn f() {\n  let a = valeu;\n  let value = 1;\n}\n");
  r = plumb("check " + later, true);
  EXPECT_EQ(r.out.find("did you mean 'value'"), std::string::npos) << r.out;
  // JSON: the note is in the diagnostic's notes; the rule is unchanged.
  r = plumb("check --format json " + f);
  nlohmann::json j = nlohmann::json::parse(r.out);
  bool found = false;
  for (const auto& d : j["files"][0]["diagnostics"]) {
    EXPECT_EQ(d["rule"], "declaration-and-scope");
    for (const auto& n : d.value("notes", nlohmann::json::array()))
      found = found || n["message"] == "did you mean 'scale'? (declared here)";
  }
  EXPECT_TRUE(found) << r.out;
}

TEST(Cli, CurrentWgslUnderTheSeedSaysSo) {
  struct Case {
    const char* program;
    const char* note;
  } cases[] = {
      {"var<private> v: vec3f;\n", "'vec3f' is a predeclared alias of current WGSL"},
      {"alias T = i32;\n", "'alias' declares a type alias in current WGSL"},
      {"const_assert 1 < 2;\n", "the seed (revision 2022-06) writes 'staticAssert EXPRESSION;'"},
      {"fn f() { const_assert 1 < 2; }\n", "'const_assert' is current WGSL"},
      {"diagnostic(off, derivative_uniformity);\n", "diagnostic directives and attributes"},
      {"requires readonly_and_readwrite_storage_textures;\n", "'requires' directives"},
  };
  for (const Case& c : cases) {
    Result r = plumb("check " + temp("current.wgsl", c.program), true);
    EXPECT_EQ(r.status, 1) << c.program;
    EXPECT_NE(r.out.find(c.note), std::string::npos) << c.program << r.out;
    EXPECT_NE(r.out.find("check current WGSL with --revision 2026"), std::string::npos) << r.out;
    // ... and under that revision the program is valid.
    Result current = plumb("check --revision 2026 " + temp("current.wgsl", c.program), true);
    EXPECT_EQ(current.status, 0) << c.program << current.out;
  }
}

TEST(Cli, OverloadErrorsShowValueTypesAndCandidates) {
  std::string f = temp("overload.wgsl", "fn f() {\n  var x: i32;\n  let y = max(x, 1.0);\n}\n");
  Result r = plumb("check " + f, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("no overload of built-in function 'max' accepts max(i32, AbstractFloat) "
                       "[builtin-functions]"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("ref<function"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("note: the candidates (plumb builtins max):\n"
                       "    max(e1: T, e2: T) -> T  where T: S | vecN<S>; S: AbstractFloat"),
            std::string::npos)
      << r.out;
}

// Issue 16 item 4: a program the seed accepts only through a hole of its uniformity analysis
// (U1: a @location input controls a derivative) is valid, with a note that the strict reading
// rejects it; under --strict-uniformity it is an error, and a plainly uniform program gets no note.
TEST(Cli, ValidOnlyThroughAUniformityHoleSaysSo) {
  std::string f = temp("hole.wgsl",
                       "@fragment\nfn main(@location(0) @interpolate(flat) v: u32) -> "
                       "@location(0) vec4<f32> {\n  var x = 0.0;\n  if v > 1u { x = dpdx(1.0); }\n"
                       "  return vec4<f32>(x);\n}\n");
  Result r = plumb("check " + f, true);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("note: valid only through a hole in the seed's uniformity analysis"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("--strict-uniformity rejects it"), std::string::npos) << r.out;
  EXPECT_EQ(plumb("check --strict-uniformity " + f, true).status, 1);
  std::string plain = temp("nohole.wgsl",
                           "@fragment\nfn main() -> @location(0) vec4<f32> {\n"
                           "  return vec4<f32>(dpdx(1.0));\n}\n");
  Result p = plumb("check " + plain, true);
  EXPECT_EQ(p.status, 0);
  EXPECT_EQ(p.out.find("note:"), std::string::npos) << p.out;
}

TEST(Cli, MistypedSubcommandsOptionsAndNames) {
  Result r = plumb("chek x.wgsl", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("plumb: error: unknown subcommand 'chek'; did you mean 'check'?"),
            std::string::npos)
      << r.out;
  r = plumb("corpus verfy x", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("did you mean 'verify'?"), std::string::npos) << r.out;
  r = plumb("check --formt json x.wgsl", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("did you mean '--format'?"), std::string::npos) << r.out;
  r = plumb("builtins clmap", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("'clmap' is neither a built-in function nor an operator; did you mean "
                       "'clamp'?"),
            std::string::npos)
      << r.out;
}

// Terminal hygiene (issue 16 item 6): echoed source lines cannot drive the terminal; colour
// with --color (before or after the subcommand), never into a pipe by default.
TEST(Cli, EchoedSourceLinesShowControlCharactersAsSymbols) {
  std::string f = temp("esc.wgsl", "fn f() {\n  let x = \x1b[2J\x07\xc2\x9b;\n}\n");
  Result r = plumb("check " + f, true);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\x07'), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\xc2\x9b"), std::string::npos) << r.out;
  // U+241B (ESC), U+2407 (BEL), U+FFFD (the C1 control CSI); the caret stays under the ESC.
  EXPECT_NE(r.out.find(" 2 |   let x = \u241b[2J\u2407\ufffd;\n"
                       "   |           ^"),
            std::string::npos)
      << r.out;
}

TEST(Cli, ColorOnRequestNeverIntoAPipeByDefault) {
  std::string f = temp("color.wgsl", "fn f() {\n  let x: u32 = 1.5;\n}\n");
  Result plain = plumb("check " + f, true);
  EXPECT_EQ(plain.out.find('\x1b'), std::string::npos) << plain.out;
  Result always = plumb("--color always check " + f, true);
  EXPECT_EQ(always.status, 1);
  EXPECT_NE(always.out.find("\x1b[1;31merror:\x1b[0m"), std::string::npos) << always.out;
  EXPECT_NE(always.out.find("\x1b[1;32m^~~\x1b[0m"), std::string::npos) << always.out;
  Result after = plumb("check " + f + " --color always", true);
  EXPECT_EQ(after.out, always.out);
  EXPECT_EQ(plumb("check --color auto " + f, true).out.find('\x1b'), std::string::npos);
  // On a terminal (script(1) gives one), auto colours unless NO_COLOR is set.
  if (std::system("command -v script >/dev/null 2>&1") == 0) {
    auto onTerminal = [&](const std::string& env) {
      return cli_testing::shell(env + "script -qec '" + cli_testing::plumbBinary() + " check " + f +
                                "' /dev/null")
          .out;
    };
    EXPECT_NE(onTerminal("").find("\x1b[1;31merror:"), std::string::npos);
    EXPECT_EQ(onTerminal("NO_COLOR=1 ").find('\x1b'), std::string::npos);
  }
  EXPECT_EQ(plumb("check --color sometimes " + f).status, 2);
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
  // f32/f16: the set the accuracy table allows, and the nearest value (R17; plumb-eval v2).
  r = plumb("eval 'cross(vec3(16777215.0f, 16777216.0f, 0.0f), vec3(768.0f, 768.0f, 0.0f))'");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("vec3<f32>(0.0f, 0.0f, [-1024.0f, 0.0f])"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("nearest: vec3<f32>(0.0f, 0.0f, -768.0f)"), std::string::npos) << r.out;
  r = plumb("eval --format json '1.0f / 3.0f'");
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["version"], 2);
  EXPECT_EQ(j["exact"], "[0x1.555552p-2, 0x1.55555ap-2]");
  EXPECT_EQ(j["nearest"], "0.33333334f");
  r = plumb("eval --format json 'cosh(1.0)'");  // AbstractFloat: one exact value
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["exact"], "0x1.8b07551d9f55p+0");
  EXPECT_FALSE(j.contains("nearest"));
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
