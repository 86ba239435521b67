// Issue 16's bar: a held-out set of mistakes a new user makes, tried as that user would. Each
// must end with a clear message that names what was wrong (and, where one is a step away, the
// fix), the documented exit status (README "Exit status": 1 a finding or an invalid program,
// 2 usage and input errors), never an abort or a signal; and with `--format json`, a JSON
// document on standard output.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_util.h"

namespace {

using cli_testing::plumb;
using cli_testing::Result;
using cli_testing::temp;

struct Mistake {
  std::string what;               // the mistake, as the user would describe it
  std::string args;               // the command line after `plumb`
  int status;                     // the documented exit status
  std::vector<std::string> says;  // parts of the message (stdout and stderr)
};

std::vector<Mistake> mistakes() {
  std::string ok = temp("mistake_ok.wgsl", R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
@compute @workgroup_size(1) fn main() { out[0] = 1u; }
)");
  std::string vertex = temp(
      "mistake_vertex.wgsl",
      "@vertex fn vs(@location(0) p: vec4<f32>) -> @builtin(position) vec4<f32> { return p; }\n");
  std::string notJson = temp("mistake_bindings.txt", "group 0 binding 0: 1 2 3\n");
  std::string wrongFormat = temp("mistake_bindings.json", R"({"bindings": []})");
  std::string typo =
      temp("mistake_typo.wgsl", "fn f() -> f32 { let scale = 2.0; return scael; }\n");
  std::string modern = temp("mistake_modern.wgsl", "alias V = vec3f;\n");
  std::string dir = ::testing::TempDir();
  return {
      {"no subcommand", "", 2, {"subcommand"}},
      {"a misspelled subcommand", "chek " + ok, 2, {"check"}},
      {"a misspelled option", "run " + ok + " --dispath 2", 2, {"--dispatch"}},
      {"the file forgotten", "run", 2, {"file"}},
      {"a file that does not exist", "check nosuch.wgsl", 2, {"nosuch.wgsl"}},
      {"a directory instead of a file", "run " + dir, 2, {"Is a directory"}},
      {"a zero dispatch", "run " + ok + " --dispatch 0", 2, {"--dispatch"}},
      {"a dispatch with four numbers", "run " + ok + " --dispatch 1,1,1,1", 2, {"dispatch"}},
      {"a dispatch with letters", "explore " + ok + " --dispatch x", 2, {"dispatch"}},
      {"a negative bound", "run " + ok + " --max-executions -1", 2, {"max-executions", "negative"}},
      {"a negative step limit", "explore " + ok + " --max-steps -5", 2, {"negative"}},
      {"bindings that are not JSON", "run " + ok + " --bindings " + notJson, 2, {"not JSON"}},
      {"bindings without the format line",
       "run " + ok + " --bindings " + wrongFormat,
       1,
       {"plumb-bindings"}},
      {"bindings that do not exist", "run " + ok + " --bindings nosuch.json", 2, {"nosuch.json"}},
      {"an entry point name misspelled", "run " + ok + " --entry mian", 1, {"main"}},
      {"a vertex shader run without its attributes",
       "run " + vertex,
       1,
       {"no attribute for the input @location(0) (vec4<f32>)"}},
      {"an unknown output format", "check " + ok + " --format xml", 2, {"xml"}},
      {"an override without a value", "run " + ok + " --override k", 2, {"NAME=VALUE"}},
      {"a misspelled built-in", "builtins clmap", 2, {"clamp"}},
      {"a misspelled name in the program", "check " + typo, 1, {"scale"}},
      {"today's WGSL under the seed", "check " + modern, 1, {"vec3f"}},
      {"a WGSL file given to litmus", "litmus " + ok, 1, {"mistake_ok.wgsl", "plumb explore"}},
      {"a litmus test that does not exist", "litmus nosuch.test", 2, {"nosuch.test"}},
      {"a DOT directory that is a file", "explore " + ok + " --dot " + ok, 2, {"not a directory"}},
      {"a graph in a directory that does not exist",
       "check " + ok + " --uniformity-graph /nonexistent/dir/g.dot",
       2,
       {"does not exist"}},
      {"both inputs from standard input", "run - --bindings - < /dev/null", 2, {"standard input"}},
      {"an unknown colour choice", "check " + ok + " --color sometimes", 2, {"color"}},
  };
}

TEST(CliMistakes, ClearMessageDocumentedExitStatusNeverAnAbort) {
  for (const Mistake& m : mistakes()) {
    SCOPED_TRACE(m.what + ": plumb " + m.args);
    Result r = plumb(m.args, /*mergeErr=*/true);
    EXPECT_EQ(r.status, m.status) << r.out;
    EXPECT_FALSE(r.out.empty());
    EXPECT_EQ(r.out.find("internal error"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("terminate called"), std::string::npos) << r.out;
    for (const std::string& part : m.says) EXPECT_NE(r.out.find(part), std::string::npos) << r.out;
  }
}

TEST(CliMistakes, WithFormatJsonEveryMistakeGivesOneJsonDocument) {
  for (const Mistake& m : mistakes()) {
    if (m.args.empty() || m.args.starts_with("builtins")) continue;
    std::string args = m.args;
    // --format json added where the subcommand has --format (all but a misspelled one).
    if (args.find("--format") == std::string::npos)
      args += " --format json";
    else
      continue;
    SCOPED_TRACE(m.what + ": plumb " + args);
    Result r = plumb(args);
    EXPECT_EQ(r.status, m.status) << r.out;
    nlohmann::json j = nlohmann::json::parse(r.out, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << r.out;
  }
}

}  // namespace
