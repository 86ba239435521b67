// The `plumb` command: exit status (0 ok, 1 rejected, 2 usage), output formats, help.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace {

struct Result {
  int status = -1;
  std::string out;
};

// Runs plumb with `args` (a shell fragment); stderr goes to stdout when `mergeErr`.
Result plumb(const std::string& args, bool mergeErr = false) {
  std::string cmd = std::string(PLUMB_BINARY) + " " + args + (mergeErr ? " 2>&1" : " 2>/dev/null");
  Result r;
  FILE* p = popen(cmd.c_str(), "r");
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int s = pclose(p);
  r.status = WIFEXITED(s) ? WEXITSTATUS(s) : -1;
  return r;
}

std::string temp(const std::string& name, const std::string& text) {
  std::string path = ::testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

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

}  // namespace
