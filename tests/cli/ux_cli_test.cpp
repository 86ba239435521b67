// Issue 16, items 5–9: values a person can read in `plumb run`, the values of `--trace`,
// progress lines on a terminal only, litmus verdicts in `plumb explore` and `plumb litmus`,
// pictures (SVG through Graphviz, witnesses of `explore --dot`), JSON on every failure path,
// and `--bindings -`.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli_util.h"

namespace {

namespace fs = std::filesystem;
using cli_testing::plumb;
using cli_testing::Result;
using cli_testing::shell;
using cli_testing::temp;

const std::string kCorpus = std::string(PLUMB_SOURCE_DIR) + "/corpus/litmus/wgsl/";
const std::string kExamples = std::string(PLUMB_SOURCE_DIR) + "/corpus/examples/";
const std::string kBin = cli_testing::plumbBinary();

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

bool haveScript() {
  return std::system("command -v script >/dev/null 2>&1") == 0;
}
bool haveDot() {
  return std::system("command -v dot >/dev/null 2>&1") == 0;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// ---------------------------------------------------------------- item 5: readable values

const char* kTyped = R"(
struct S { a: i32, b: f32, v: vec3<f32>, u: u32, }
@group(0) @binding(0) var<storage, read_write> s: S;
@group(0) @binding(1) var<storage, read_write> m: mat2x2<f32>;
@compute @workgroup_size(1) fn main() {
  s.a = -1;
  s.b = 1.5;
  s.v = vec3<f32>(0.25, -2.0, 3.0);
  s.u = 4000000000u;
  m = mat2x2<f32>(1.0, 2.0, 3.0, 4.0);
}
)";

TEST(CliReadableValues, EachScalarAsItsTypesValueByLayout) {
  std::string f = temp("typed.wgsl", kTyped);
  Result r = plumb("run " + f + " --zero-missing-bindings");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r.out, "s.a = -1i")) << r.out;
  EXPECT_TRUE(has(r.out, "s.b = 1.5f")) << r.out;
  // vec3 at offset 16 (AlignOf 16), then u at 28 (#memory-layouts).
  EXPECT_TRUE(has(r.out, "s.v.x = 0.25f   s.v.y = -2.0f")) << r.out;
  EXPECT_TRUE(has(r.out, "s.u = 4000000000u")) << r.out;
  EXPECT_TRUE(has(r.out, "m[1][0] = 3.0f")) << r.out;
  EXPECT_FALSE(has(r.out, "0xbf800000")) << r.out;
  // --hex: the words as before.
  Result h = plumb("run " + f + " --zero-missing-bindings --hex");
  ASSERT_EQ(h.status, 0) << h.out;
  EXPECT_TRUE(has(h.out, "0xffffffff 0x3fc00000")) << h.out;
  EXPECT_FALSE(has(h.out, "s.a = ")) << h.out;
  // JSON keeps its words.
  Result j = plumb("run " + f + " --zero-missing-bindings --format json");
  nlohmann::json doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["buffers"][0]["words"][0]["exact"], "0xffffffff");
}

TEST(CliReadableValues, SetsIntervalsAndHalves) {
  // The out-of-bounds example: data[0] is 10 + 1, or 7 + 1 (a set), merged over outcomes.
  Result r = plumb("run " + kExamples + "out_of_bounds.wgsl --bindings " + kExamples +
                   "bindings/out_of_bounds.json");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r.out, "data[0] = {8u, 11u}")) << r.out;
  // An inexact f32 division: an interval as decimals.
  std::string f = temp("interval.wgsl", R"(
@group(0) @binding(0) var<storage, read_write> o: array<f32, 1>;
@group(0) @binding(1) var<storage, read_write> d: array<f32, 1>;
@compute @workgroup_size(1) fn main() { o[0] = 1.0 / d[0]; }
)");
  std::string b = temp("interval.json", R"({"format": "plumb-bindings", "version": 1,
    "bindings": [{"group": 0, "binding": 0, "words": [0]},
                 {"group": 0, "binding": 1, "value": [3.0]}]})");
  Result i = plumb("run " + f + " --bindings " + b);
  ASSERT_EQ(i.status, 0) << i.out;
  // 1/3 within the accuracy of f32 division (2.5 ULP), each bound the shortest decimal.
  EXPECT_TRUE(has(i.out, "o[0] = [0.33333328f, 0.3333334f]")) << i.out;
  // f16: two values per word, each by its own offset.
  std::string h = temp("halves.wgsl", R"(
enable f16;
@group(0) @binding(0) var<storage, read_write> hs: array<f16, 2>;
@compute @workgroup_size(1) fn main() { hs[0] = 1.5h; hs[1] = -0.25h; }
)");
  Result hr = plumb("run " + h + " --zero-missing-bindings");
  ASSERT_EQ(hr.status, 0) << hr.out;
  EXPECT_TRUE(has(hr.out, "hs[0] = 1.5h   hs[1] = -0.25h")) << hr.out;
}

TEST(CliReadableValues, OutOfBoundsChoiceNamesTheElement) {
  Result r = plumb("run " + kExamples + "out_of_bounds.wgsl --bindings " + kExamples +
                   "bindings/out_of_bounds.json");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r.out, "(not executed)")) << r.out;
  for (int k = 0; k < 4; ++k)
    EXPECT_TRUE(has(r.out, "(stored to element [" + std::to_string(k) + "] of the array)"))
        << r.out;
}

// A load's alternatives: the zero value, (0,0,0,x) for a 4-vector, then each distinct value of
// the bound array's elements, named by the first element holding it (#invalid-memory-reference).
TEST(CliReadableValues, OutOfBoundsLoadNamesTheElement) {
  std::string f = temp("load_oob.wgsl",
                       "@group(0) @binding(0) var<storage, read_write> d: array<u32, 6>;\n"
                       "@group(0) @binding(1) var<storage, read_write> v: array<vec4<u32>, 2>;\n"
                       "@compute @workgroup_size(1) fn main() {\n"
                       "  var i = 9u;\n  d[5] = d[i];\n  v[1] = v[i];\n}\n");
  std::string b = temp("load_oob.json", R"({"format": "plumb-bindings", "version": 1, "bindings": [
    {"group": 0, "binding": 0, "words": [0, 20, 20, 30, 40, 0]},
    {"group": 0, "binding": 1, "words": [1, 2, 3, 4, 0, 0, 0, 0]}]})");
  Result r = plumb("run " + f + " --bindings " + b);
  ASSERT_EQ(r.status, 0) << r.out;
  // d: zero, then 20 (elements 1 and 2: named by 1), 30, 40; 0 (elements 0 and 5) is the zero.
  EXPECT_TRUE(has(r.out, "load at 5:10 1/4 (the zero value)")) << r.out;
  EXPECT_TRUE(has(r.out, "load at 5:10 2/4 (the value of element [1] of the array)"));
  EXPECT_TRUE(has(r.out, "load at 5:10 3/4 (the value of element [3] of the array)"));
  EXPECT_TRUE(has(r.out, "load at 5:10 4/4 (the value of element [4] of the array)"));
  // v: zero, (0,0,0,1), (0,0,0,4294967295), element 0 (element 1 is the zero vector).
  EXPECT_TRUE(has(r.out, "load at 6:10 2/4 (the vector (0,0,0,1))")) << r.out;
  EXPECT_TRUE(has(r.out, "load at 6:10 3/4 (the vector (0,0,0,4294967295))"));
  EXPECT_TRUE(has(r.out, "load at 6:10 4/4 (the value of element [0] of the array)"));
  // The JSON choice carries the legend the text is read from.
  Result j = plumb("run " + f + " --bindings " + b + " --format json");
  EXPECT_TRUE(has(j.out, "out-of-bounds load at 5:10 {zero|[1]|[3..4]} 1/4")) << j.out;
}

TEST(CliReadableValues, OutOfBoundsTextureStoreNamesTheTexel) {
  std::string f = temp("store_oob.wgsl",
                       "@group(0) @binding(0) var t: texture_storage_2d<r32uint, write>;\n"
                       "@compute @workgroup_size(1) fn main() {\n"
                       "  textureStore(t, vec2<i32>(5, 0), vec4<u32>(7u));\n}\n");
  std::string b = temp("store_oob.json", R"({"format": "plumb-bindings", "version": 1, "bindings": [
    {"group": 0, "binding": 0, "texture": {"size": [2, 1, 1], "texels": [[0, 0, 0, 1]]}}]})");
  Result r = plumb("run " + f + " --bindings " + b);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r.out, "1/3 (not executed)")) << r.out;
  EXPECT_TRUE(has(r.out, "3/3 (stored to texel 1 in the report's texel order)")) << r.out;
}

TEST(CliReadableValues, TraceShowsConsumedAndProducedValues) {
  std::string f = temp("trace_values.wgsl", R"(
@group(0) @binding(0) var<storage, read_write> o: array<i32, 1>;
@compute @workgroup_size(1) fn main() { let a = 40; o[0] = a + 2; }
)");
  Result r = plumb("run " + f + " --zero-missing-bindings --trace");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r.out, "consumed 40i, 2i  produced 42i")) << r.out;
}

// ---------------------------------------------------------------- item 6: progress lines

// A shader that runs for more than a second on Plumb's machine: a loop of f32 arithmetic,
// which the machine does not fuse (interpreter/wgsl/machine_fusion.cpp fuses integer and boolean
// steps: a loop of only those finishes 3 million iterations in well under a second).
std::string slowShader() {
  return temp("slow.wgsl", R"(
@group(0) @binding(0) var<storage, read_write> o: array<u32, 1>;
@compute @workgroup_size(1) fn main() {
  var i = 0u;
  var f = 0.0;
  loop { if (i >= 700000u) { break; } i = i + 1u; f = f * 0.5 + 1.0; }
  o[0] = i;
}
)");
}

TEST(CliProgress, ARunLongerThanASecondShowsAProgressLineOnATerminalOnly) {
  std::string f = slowShader();
  // Not a terminal: nothing on stderr but the report on stdout.
  Result quiet = shell(kBin + " run " + f + " --zero-missing-bindings --max-steps 100000000 2>&1 >/dev/null");
  EXPECT_EQ(quiet.out, "");
  if (!haveScript()) GTEST_SKIP() << "script(1) is not installed";
  Result tty = shell("script -qec '" + kBin + " run " + f + " --zero-missing-bindings --max-steps 100000000' /dev/null");
  EXPECT_TRUE(has(tty.out, "exploring every choice")) << tty.out;
  EXPECT_TRUE(has(tty.out, "\r\x1b[K")) << tty.out;  // the line is erased before the report
  EXPECT_TRUE(has(tty.out, "o[0] = 700000u")) << tty.out;
  Result q =
      shell("script -qec '" + kBin + " run " + f + " --zero-missing-bindings --max-steps 100000000 --quiet' /dev/null");
  EXPECT_FALSE(has(q.out, "exploring every choice")) << q.out;
}

TEST(CliProgress, ShortWorkLeavesNoTraceOnTheTerminal) {
  if (!haveScript()) GTEST_SKIP() << "script(1) is not installed";
  Result tty = shell("script -qec '" + kBin + " explore " + kCorpus + "mp.wgsl' /dev/null");
  EXPECT_FALSE(has(tty.out, "\x1b[K")) << tty.out;
  EXPECT_TRUE(has(tty.out, "Ok  ")) << tty.out;
}

// ---------------------------------------------------------------- item 7: litmus verdicts

TEST(CliLitmusVerdicts, ExploreJudgesTheFilesOwnExpectations) {
  Result r = plumb("explore " + kCorpus + "mp.wgsl");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r.out, "4 final states")) << r.out;  // the full report for one file
  EXPECT_TRUE(has(r.out, "Ok  " + kCorpus + "mp.wgsl  (4 final states, dispatch 1,1,1)")) << r.out;
}

TEST(CliLitmusVerdicts, ExploreHonoursTheFilesDispatch) {
  // mp.2wg: @workgroup_size(1) and `// @dispatch 2,1,1`: one workgroup would be a No.
  Result r = plumb("explore " + kCorpus + "mp.2wg.wgsl");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r.out, "dispatch 2,1,1)")) << r.out;
  Result forced = plumb("explore " + kCorpus + "mp.2wg.wgsl --dispatch 1");
  EXPECT_EQ(forced.status, 1) << forced.out;
  EXPECT_TRUE(has(forced.out, "No  ")) << forced.out;
}

const char* kMpBody = R"(
struct Mem { x: atomic<u32>, y: atomic<u32>, }
@group(0) @binding(0) var<storage, read_write> m: Mem;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 4>;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) t: u32) {
  if (t == 0u) { atomicStore(&m.x, 1u); }
  if (t == 1u) { r[0] = atomicLoad(&m.y); }
  if (t == 0u) { atomicStore(&m.y, 1u); }
  if (t == 1u) { r[1] = atomicLoad(&m.x); }
}
)";

TEST(CliLitmusVerdicts, ForbiddenOutcomeFoundAndMissingAllowedOutcomeAreNo) {
  // Relaxed MP reaches r0=1, r1=0: forbidding it is a No.
  std::string forbidden = temp("mp_forbidden.wgsl", std::string("// @dispatch 1\n"
                                                                "// @observe r[0] r[1]\n"
                                                                "// @forbidden 1u 0u\n") +
                                                        kMpBody);
  Result r = plumb("explore " + forbidden);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(has(r.out, "No  ")) << r.out;
  EXPECT_TRUE(has(r.out, "forbidden outcome found: 1u 0u")) << r.out;
  // Only three of its four outcomes listed: the fourth is found and not allowed.
  std::string three = temp("mp_three.wgsl", std::string("// @observe r[0] r[1]\n"
                                                        "// @allowed 0u 0u\n// @allowed 0u 1u\n"
                                                        "// @allowed 1u 1u\n// @races none\n") +
                                                kMpBody);
  Result t = plumb("explore " + three);
  EXPECT_EQ(t.status, 1) << t.out;
  EXPECT_TRUE(has(t.out, "outcome found that is not @allowed: 1u 0u")) << t.out;
  // A forbidden outcome that no execution reaches: Ok.
  std::string ok =
      temp("mp_ok.wgsl", std::string("// @observe r[0] r[1]\n// @forbidden 2u 2u\n") + kMpBody);
  EXPECT_EQ(plumb("explore " + ok).status, 0);
}

TEST(CliLitmusVerdicts, ManyFilesGiveOneVerdictEachAndASummary) {
  std::string bad =
      temp("mp_bad.wgsl", std::string("// @observe r[0] r[1]\n// @forbidden 1u 1u\n") + kMpBody);
  Result r = plumb("explore " + kCorpus + "mp.wgsl " + kCorpus + "sb.wgsl " + bad);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_FALSE(has(r.out, "witness:")) << r.out;  // verdicts only
  EXPECT_TRUE(has(r.out, "Ok  " + kCorpus + "sb.wgsl")) << r.out;
  EXPECT_TRUE(has(r.out, "No  " + bad)) << r.out;
  EXPECT_TRUE(has(r.out, "Summary: 3 files, 2 Ok, 1 No")) << r.out;
  Result j = plumb("explore " + kCorpus + "mp.wgsl " + bad + " --format json");
  EXPECT_EQ(j.status, 1);
  nlohmann::json doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["format"], "plumb-explore-set");
  EXPECT_EQ(doc["summary"]["ok"], 1);
  EXPECT_EQ(doc["summary"]["no"], 1);
  EXPECT_EQ(doc["reports"][1]["litmus"]["verdict"], "No");
  // The whole corpus in one command: every verdict Ok.
  std::string all;
  for (const auto& e : fs::directory_iterator(kCorpus))
    if (e.path().extension() == ".wgsl" && e.path().filename().string().starts_with("mp"))
      all += " " + e.path().string();
  Result c = plumb("explore" + all);
  EXPECT_EQ(c.status, 0) << c.out;
  EXPECT_TRUE(has(c.out, " 0 No")) << c.out;
}

TEST(CliLitmusVerdicts, MalformedHeaderIsANoThatSaysWhy) {
  std::string f = temp("mp_malformed.wgsl", std::string("// @observe r[0] r[1]\n// @allowed 1u\n"
                                                        "// @racez none\n") +
                                                kMpBody);
  Result r = plumb("explore " + f);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(has(r.out, "unknown directive '@racez'")) << r.out;
  EXPECT_TRUE(has(r.out, "has 1 values; @observe names 2")) << r.out;
}

TEST(CliLitmusVerdicts, LitmusPrintsAVerdictPerTestAndASummary) {
  const std::string alloy = std::string(PLUMB_SOURCE_DIR) + "/corpus/litmus/alloy/";
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(alloy))
    if (e.path().extension() == ".test") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 2u);
  Result r = plumb("litmus " + files[0] + " " + files[1]);
  EXPECT_TRUE(has(r.out, "Ok  " + files[0]) || has(r.out, "No  " + files[0])) << r.out;
  EXPECT_TRUE(has(r.out, "Summary: 2 tests, ")) << r.out;
}

// ---------------------------------------------------------------- item 8: pictures

const char* kNonUniform = R"(
@compute @workgroup_size(4) fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
  if (lid.x > 1u) { workgroupBarrier(); }
}
)";

TEST(CliPictures, UniformityGraphAsSvg) {
  std::string f = temp("nonuniform.wgsl", kNonUniform);
  std::string svg = ::testing::TempDir() + "uniformity.svg";
  fs::remove(svg);
  if (haveDot()) {
    Result r = plumb("check " + f + " --uniformity-graph " + svg);
    EXPECT_EQ(r.status, 1) << r.out;  // the program is rejected; the picture is written
    EXPECT_TRUE(has(slurp(svg), "<svg")) << slurp(svg).substr(0, 200);
  }
  // Without Graphviz: a clear message, exit 2, before any work.
  Result missing = shell("PATH=/nonexistent " + kBin + " check " + f + " --uniformity-graph " +
                         ::testing::TempDir() + "none.svg 2>&1; echo status=$?");
  EXPECT_TRUE(has(missing.out, "Graphviz")) << missing.out;
  EXPECT_TRUE(has(missing.out, "status=2")) << missing.out;
}

TEST(CliPictures, ExploreWritesEachWitnessAsDot) {
  std::string dir = ::testing::TempDir() + "explore_dot";
  fs::remove_all(dir);
  Result r = plumb("explore " + kCorpus + "mp.wgsl --dot " + dir);
  EXPECT_EQ(r.status, 0) << r.out;
  for (int k = 1; k <= 4; ++k) {
    std::string dot = slurp(dir + "/mp.state" + std::to_string(k) + ".dot");
    EXPECT_TRUE(has(dot, "digraph")) << k;
    if (haveDot()) {
      EXPECT_TRUE(fs::exists(dir + "/mp.state" + std::to_string(k) + ".svg")) << k;
    }
  }
  EXPECT_TRUE(has(r.out, "witness graph: " + dir + "/mp.state1.dot")) << r.out;
  std::string file = temp("not_a_dir", "x");
  EXPECT_EQ(plumb("explore " + kCorpus + "mp.wgsl --dot " + file).status, 2);
}

// ---------------------------------------------------------------- item 9: JSON everywhere

nlohmann::json errorObject(const std::string& args, int status) {
  Result r = plumb(args);
  EXPECT_EQ(r.status, status) << args;
  nlohmann::json j = nlohmann::json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << args << "\n" << r.out;
  if (j.is_discarded()) return {};
  EXPECT_EQ(j["format"], "plumb-error") << r.out;
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["exitStatus"], status);
  return j;
}

TEST(CliJsonErrors, UsageAndInputErrorsAreJsonObjects) {
  nlohmann::json missing = errorObject("run nosuch.wgsl --format json", 2);
  EXPECT_EQ(missing["command"], "run");
  EXPECT_TRUE(has(missing["errors"][0].get<std::string>(), "cannot read 'nosuch.wgsl'"));
  nlohmann::json noFile = errorObject("run --format json", 2);
  EXPECT_TRUE(has(noFile.dump(), "file is required")) << noFile.dump();
  nlohmann::json badOption = errorObject("check --format=json --colour never x.wgsl", 2);
  EXPECT_FALSE(badOption["errors"].empty());
  nlohmann::json dir = errorObject("check " + ::testing::TempDir() + " --format json", 2);
  EXPECT_TRUE(has(dir.dump(), "Is a directory")) << dir.dump();
  errorObject("explore " + kCorpus + "mp.wgsl --dispatch 0 --format json", 2);
  errorObject("explore nosuch.wgsl --format json", 2);
  // litmus goes on after a file it cannot read: its report names the file (exit 2).
  Result litmus = plumb("litmus nosuch.test --format json");
  EXPECT_EQ(litmus.status, 2);
  EXPECT_TRUE(has(nlohmann::json::parse(litmus.out)["files"][0]["error"].get<std::string>(),
                  "nosuch.test"));
  // A report that was written is not followed by an error object: still one document.
  Result rejected = plumb("check --format json " + temp("bad.wgsl", "fn ("));
  EXPECT_EQ(rejected.status, 1);
  EXPECT_EQ(nlohmann::json::parse(rejected.out)["format"], "plumb-check");
}

TEST(CliJsonErrors, BindingsFromStandardInput) {
  Result r = shell(kBin + " run " + kExamples + "out_of_bounds.wgsl --bindings - --format json < " +
                   kExamples + "bindings/out_of_bounds.json");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out)["buffers"][0]["words"][0]["set"],
            nlohmann::json({"0x00000008", "0x0000000b"}));
  Result both = shell(kBin + " run - --bindings - < /dev/null 2>&1");
  EXPECT_EQ(both.status, 2) << both.out;
  EXPECT_TRUE(has(both.out, "cannot both be read from standard input")) << both.out;
}

}  // namespace
