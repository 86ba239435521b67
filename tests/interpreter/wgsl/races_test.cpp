// Data races in `plumb run` (interpreter/wgsl/races.h, docs/ambiguities.md M14): detection that does
// not depend on the schedule, the barrier rules of #memory-semantics, the widened final values
// and racy reads, the report, and the WGSL litmus corpus's race verdicts.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "interpreter/wgsl/run.h"

namespace plumb::interp {
namespace {

RunReport run(const std::string& source, DispatchOptions options = {}) {
  SourceFile file("test.wgsl", source);
  RunRequest request;
  request.dispatch = options;
  request.zeroMissingBindings = true;
  RunReport r = runShader(file, request);
  EXPECT_TRUE(r.ran) << (r.errors.empty() ? std::string() : r.errors[0]);
  return r;
}

/// Whether word `w` of buffer `b` of some finished outcome allows `value`.
bool allows(const nlohmann::json& word, uint32_t value) {
  if (word.contains("any")) return true;
  if (word.contains("exact"))
    return std::stoul(word["exact"].get<std::string>(), nullptr, 16) == value;
  if (word.contains("set"))
    for (const auto& s : word["set"])
      if (std::stoul(s.get<std::string>(), nullptr, 16) == value) return true;
  return false;
}

/// Some finished outcome allows `values` at words 0.. of buffer `b`.
bool someOutcomeAllows(const RunReport& r, size_t b, const std::vector<uint32_t>& values) {
  for (const auto& o : r.json["outcomes"]) {
    if (o["kind"] != "finished") continue;
    bool ok = true;
    for (size_t i = 0; i < values.size(); ++i)
      ok = ok && allows(o["buffers"][b]["words"][i], values[i]);
    if (ok) return true;
  }
  return false;
}

TEST(Races, StoresOfSixtyFourInvocationsToOneWordMayLeaveAnyOfTheirValues) {
  // issue 14: Dawn and naga wrote 60; before, Plumb's one outcome was 64.
  RunReport r = run(R"(
@group(0) @binding(0) var<storage, read_write> rw: array<u32, 4>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
  rw[0] = lid.x + 1u;
}
)");
  ASSERT_TRUE(r.json.contains("races")) << r.json.dump(1);
  const auto& races = r.json["races"];
  ASSERT_EQ(races.size(), 1u);
  EXPECT_EQ(races[0]["location"], "rw[0]");
  EXPECT_EQ(races[0]["space"], "storage");
  EXPECT_EQ(races[0]["kind"], "write-write");
  EXPECT_EQ(races[0]["word"], 0);
  EXPECT_EQ(races[0]["invocations"], 64);
  EXPECT_EQ(races[0]["widened"], "final-value");
  EXPECT_EQ(races[0]["accesses"][0]["at"], "5:3");
  ASSERT_EQ(r.json["outcomes"].size(), 1u);
  EXPECT_EQ(r.json["outcomes"][0]["racy"], true);
  const auto& w = r.json["outcomes"][0]["buffers"][0]["words"];
  ASSERT_TRUE(w[0].contains("set")) << w[0].dump();
  EXPECT_EQ(w[0]["set"].size(), 64u);
  for (uint32_t v = 1; v <= 64; ++v) EXPECT_TRUE(allows(w[0], v)) << v;
  EXPECT_FALSE(allows(w[0], 0));
  EXPECT_FALSE(allows(w[0], 65));
  EXPECT_EQ(w[1]["exact"], "0x00000000");  // untouched words stay exact
  std::ostringstream text;
  printRunReport(r, text);
  EXPECT_NE(text.str().find("data races: 1 location"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("rw[0] (storage, word 0): write-write"), std::string::npos)
      << text.str();
}

TEST(Races, RaceFreeProgramsReportNoRacesAndAreUnchanged) {
  // Each invocation its own word; workgroup memory ordered by workgroupBarrier; storage ordered
  // by storageBarrier (#memory-semantics).
  RunReport r = run(R"(
var<workgroup> tile: array<u32, 4>;
@group(0) @binding(0) var<storage, read_write> rw: array<u32, 8>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = i * 10u;
  rw[i] = i;
  workgroupBarrier();
  storageBarrier();
  rw[4u + i] = tile[3u - i] + rw[3u - i];
}
)");
  EXPECT_FALSE(r.json.contains("races")) << r.json["races"].dump(1);
  EXPECT_FALSE(r.json["executions"].contains("rounds"));
  ASSERT_EQ(r.json["outcomes"].size(), 1u);
  EXPECT_FALSE(r.json["outcomes"][0].contains("racy"));
  EXPECT_TRUE(someOutcomeAllows(r, 0, {0, 1, 2, 3, 33, 22, 11, 0}));
}

TEST(Races, EachBarrierOrdersOnlyItsAddressSpace) {
  // #memory-semantics: workgroupBarrier has WorkgroupMemory semantics, storageBarrier
  // UniformMemory semantics: a workgroupBarrier does not order storage accesses.
  const char* storageWithWorkgroupBarrier = R"(
@group(0) @binding(0) var<storage, read_write> rw: array<u32, 2>;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 0u) { rw[0] = 5u; }
  workgroupBarrier();
  if (i == 1u) { rw[1] = rw[0]; }
}
)";
  RunReport a = run(storageWithWorkgroupBarrier);
  ASSERT_TRUE(a.json.contains("races"));
  EXPECT_EQ(a.json["races"][0]["location"], "rw[0]");
  EXPECT_EQ(a.json["races"][0]["kind"], "read-write");
  EXPECT_EQ(a.json["races"][0]["widened"], "reads");
  EXPECT_TRUE(someOutcomeAllows(a, 0, {5, 5}));
  EXPECT_TRUE(someOutcomeAllows(a, 0, {5, 0}));  // the read may see the initial value

  std::string withStorageBarrier = storageWithWorkgroupBarrier;
  withStorageBarrier.replace(withStorageBarrier.find("workgroupBarrier"), 16, "storageBarrier");
  RunReport b = run(withStorageBarrier);
  EXPECT_FALSE(b.json.contains("races"));
  EXPECT_FALSE(someOutcomeAllows(b, 0, {5, 0}));

  // Workgroup memory with storageBarrier: racy.
  RunReport c = run(R"(
var<workgroup> x: u32;
@group(0) @binding(0) var<storage, read_write> rw: array<u32, 1>;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 0u) { x = 5u; }
  storageBarrier();
  if (i == 1u) { rw[0] = x; }
}
)");
  ASSERT_TRUE(c.json.contains("races"));
  EXPECT_EQ(c.json["races"][0]["space"], "workgroup");
  EXPECT_EQ(c.json["races"][0]["workgroup"], 0);
  EXPECT_TRUE(someOutcomeAllows(c, 0, {0}));
  EXPECT_TRUE(someOutcomeAllows(c, 0, {5}));
}

TEST(Races, InvocationsOfDifferentWorkgroupsAreNeverOrderedByABarrier) {
  // #scoped-operations: barriers have Workgroup execution and memory scope.
  DispatchOptions two;
  two.dispatch = {2, 1, 1};
  RunReport r = run(R"(
@group(0) @binding(0) var<storage, read_write> rw: array<u32, 2>;
@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) w: vec3<u32>) {
  if (w.x == 0u) { rw[0] = 5u; }
  storageBarrier();
  if (w.x == 1u) { rw[1] = rw[0]; }
}
)",
                    two);
  ASSERT_TRUE(r.json.contains("races"));
  EXPECT_EQ(r.json["races"][0]["location"], "rw[0]");
  EXPECT_TRUE(someOutcomeAllows(r, 0, {5, 0}));
  EXPECT_TRUE(someOutcomeAllows(r, 0, {5, 5}));
}

TEST(Races, LocationsOfEveryShapeAndIndexAreFoundAlike) {
  // RaceDetector finds an element of an array of scalars below index 2^16 by a flat table per
  // allocation and workgroup, and every other location (larger indices, members, nested
  // arrays) by its key: each is one location however it is found, racing or not (the
  // expected races are those the detector found before the flat tables).
  DispatchOptions two;
  two.dispatch = {2, 1, 1};
  RunReport r = run(R"(
struct S { a: u32, b: array<u32, 2> }
@group(0) @binding(0) var<storage, read_write> rw: array<u32, 70002>;
var<workgroup> s: S;
var<workgroup> t: array<u32, 4>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) w: vec3<u32>) {
  rw[70000u] = lid;                      // far: raced by all eight invocations
  rw[65536u + lid + 4u * w.x] = rw[3u];  // far, one each; a near read
  rw[3u + w.x] = 9u;                     // near: raced with the read above in workgroup 0
  s.b[lid & 1u] = lid;                   // nested: two invocations each
  t[lid] = lid;                          // near, one each: no race
  workgroupBarrier();
  rw[69000u + lid + 4u * w.x] = t[(lid + 1u) & 3u];  // after the barrier: no race
}
)",
                    two);
  ASSERT_TRUE(r.json.contains("races")) << r.json.dump(1);
  std::vector<std::string> races;
  for (const auto& race : r.json["races"])
    races.push_back(
        race["location"].get<std::string>() + " " + race["kind"].get<std::string>() + " " +
        std::to_string(race["invocations"].get<int>()) + " " +
        (race.contains("workgroup") ? std::to_string(race["workgroup"].get<int>()) : "-") + " " +
        race["widened"].get<std::string>());
  EXPECT_EQ(races, (std::vector<std::string>{
                       "rw[3] write-write, read-write 8 - reads", "rw[4] write-write 4 - none",
                       "rw[70000] write-write 8 - final-value", "s.b[0] write-write 2 0 none",
                       "s.b[1] write-write 2 0 none", "s.b[0] write-write 2 1 none",
                       "s.b[1] write-write 2 1 none"}));
}

TEST(Races, DetectionDoesNotDependOnWhichInvocationRunsFirst) {
  // The machine runs invocation 0 before invocation 1: the reader first in one program, the
  // writer first in the other. Both race, and both allow both values.
  for (const char* reader : {"0u", "1u"}) {
    std::string src = std::string(R"(
var<workgroup> x: u32;
@group(0) @binding(0) var<storage, read_write> rw: array<u32, 1>;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i == READER) { rw[0] = x + 1u; } else { x = 7u; }
}
)");
    src.replace(src.find("READER"), 6, reader);
    for (bool all : {false, true}) {
      DispatchOptions o;
      o.allSchedules = all;
      RunReport r = run(src, o);
      ASSERT_TRUE(r.json.contains("races")) << reader;
      EXPECT_EQ(r.json["races"][0]["kind"], "read-write");
      EXPECT_TRUE(someOutcomeAllows(r, 0, {1})) << reader << r.json.dump(1);
      EXPECT_TRUE(someOutcomeAllows(r, 0, {8})) << reader << r.json.dump(1);
    }
  }
}

TEST(Races, AtomicAccessesNeverRace) {
  // Atomics are mutually ordered (spirv.als `mutordatom`); their order is the schedule's (M3).
  RunReport atomics = run(R"(
@group(0) @binding(0) var<storage, read_write> c: atomic<u32>;
@compute @workgroup_size(4)
fn main() {
  atomicAdd(&c, 1u);
}
)");
  EXPECT_FALSE(atomics.json.contains("races"));
  RunReport mixed = run(R"(
struct S { c: atomic<u32>, r: u32 }
@group(0) @binding(0) var<storage, read_write> s: S;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 0u) { atomicStore(&s.c, 3u); } else { s.r = atomicLoad(&s.c); }
}
)");
  EXPECT_FALSE(mixed.json.contains("races")) << mixed.json["races"].dump(1);
}

TEST(Races, RacingWritesOfOneValueChangeNothing) {
  RunReport r = run(R"(
@group(0) @binding(0) var<storage, read_write> rw: array<u32, 2>;
@compute @workgroup_size(16)
fn main() {
  rw[0] = 7u;
  rw[1] = rw[0];
}
)");
  ASSERT_TRUE(r.json.contains("races"));
  for (const auto& race : r.json["races"]) EXPECT_EQ(race["widened"], "none");
  ASSERT_EQ(r.json["outcomes"].size(), 1u);
  EXPECT_EQ(r.json["outcomes"][0]["buffers"][0]["words"][0]["exact"], "0x00000007");
  EXPECT_EQ(r.json["outcomes"][0]["buffers"][0]["words"][1]["exact"], "0x00000007");
}

TEST(Races, ARacyReadThatDecidesControlFlowIsExploredBothWays) {
  // MP without synchronization: the reader may see the flag and not the data.
  RunReport r = run(R"(
struct M { data: u32, flag: u32 }
@group(0) @binding(0) var<storage, read_write> m: M;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 2>;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 1u) { m.data = 42u; m.flag = 1u; }
  if (i == 0u) {
    if (m.flag == 1u) { out[0] = 1u; out[1] = m.data; } else { out[0] = 2u; }
  }
}
)");
  ASSERT_TRUE(r.json.contains("races"));
  EXPECT_GE(r.json["executions"]["rounds"].get<int>(), 2);
  EXPECT_TRUE(someOutcomeAllows(r, 1, {1, 42}));
  EXPECT_TRUE(someOutcomeAllows(r, 1, {1, 0}));
  EXPECT_TRUE(someOutcomeAllows(r, 1, {2, 0}));
}

TEST(Races, AnOverrideSizedWorkgroupArrayHasTheOverridesPipelineValue) {
  // #array-types: `array<f32, block_size>` with `override block_size = 64u` (issue 14: it was
  // run as an empty array, so the first store was an invalid memory reference).
  RunReport r = run(R"(
override block_size = 64u;
var<workgroup> tile: array<u32, block_size>;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = i * 2u;
  workgroupBarrier();
  out[i] = tile[63u - i];
}
)");
  ASSERT_EQ(r.json["outcomes"].size(), 1u) << r.json.dump(1);
  const auto& w = r.json["outcomes"][0]["buffers"][0]["words"];
  for (uint32_t i = 0; i < 64; ++i)
    EXPECT_TRUE(allows(w[i], (63 - i) * 2)) << i << " " << w[i].dump();
  // With another pipeline-creation value the array has that many elements.
  SourceFile file("o.wgsl", R"(
override n = 4u;
var<workgroup> tile: array<u32, n>;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 2>;
@compute @workgroup_size(1)
fn main() {
  tile[5] = 9u;
  out[0] = tile[5];
}
)");
  RunRequest req;
  req.zeroMissingBindings = true;
  req.check.overrides = {{"n", "8"}};
  RunReport eight = runShader(file, req);
  ASSERT_TRUE(eight.ran);
  ASSERT_EQ(eight.json["outcomes"].size(), 1u) << eight.json.dump(1);
  EXPECT_EQ(eight.json["outcomes"][0]["buffers"][0]["words"][0]["exact"], "0x00000009");
}

/// The WGSL litmus corpus (corpus/litmus/wgsl): `plumb run` finds a race exactly where the
/// memory model's explorer does (`@races`), and for the programs without atomics (whose
/// interleavings plumb run does not restrict) every allowed outcome lies in its outcome set.
TEST(Races, LitmusCorpusVerdictsAndOutcomes) {
  std::string dir = std::string(PLUMB_SOURCE_DIR) + "/corpus/litmus/wgsl";
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".wgsl") continue;
    ++files;
    std::ifstream in(entry.path());
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    std::smatch m;
    ASSERT_TRUE(std::regex_search(text, m, std::regex(R"(// @dispatch (\d+),(\d+),(\d+))")));
    DispatchOptions o;
    o.dispatch = {uint32_t(std::stoul(m[1])), uint32_t(std::stoul(m[2])),
                  uint32_t(std::stoul(m[3]))};
    o.allSchedules = true;
    o.maxExecutions = 20000;
    ASSERT_TRUE(std::regex_search(text, m, std::regex(R"(// @races (\w+))")));
    bool racy = m[1] == "some";
    RunReport r = run(text, o);
    EXPECT_EQ(r.json.contains("races"), racy) << entry.path();
    if (text.find("atomic<") != std::string::npos) continue;
    // Observed names: NAME, NAME[i] or NAME.member (u32 members in order).
    ASSERT_TRUE(std::regex_search(text, m, std::regex(R"(// @observe ([^\n]*))")));
    std::vector<std::string> observe;
    std::istringstream os(m[1].str());
    for (std::string n; os >> n;) observe.push_back(n);
    auto wordOf = [&](const std::string& name, std::string& var) -> size_t {
      std::smatch n;
      std::regex_match(name, n, std::regex(R"((\w+)(?:\[(\d+)\]|\.(\w+))?)"));
      var = n[1];
      if (n[2].matched) return std::stoul(n[2]);
      if (!n[3].matched) return 0;
      std::smatch member;
      std::regex_search(text, member, std::regex("struct \\w+ \\{([^}]*)\\}"));
      std::string body = member[1];
      size_t k = 0;
      static const std::regex kMember(R"((\w+)\s*:)");
      for (std::sregex_iterator it(body.begin(), body.end(), kMember), end; it != end; ++it, ++k)
        if ((*it)[1] == n[3].str()) return k;
      return SIZE_MAX;
    };
    static const std::regex kAllowed(R"(// @allowed ([^\n]*))");
    for (std::sregex_iterator it(text.begin(), text.end(), kAllowed), end; it != end; ++it) {
      std::istringstream vs((*it)[1].str());
      std::vector<uint32_t> values;
      for (std::string v; vs >> v;) values.push_back(static_cast<uint32_t>(std::stoll(v)));
      bool found = false;
      for (const auto& out : r.json["outcomes"]) {
        if (out["kind"] != "finished") continue;
        bool ok = true;
        for (size_t k = 0; k < observe.size(); ++k) {
          std::string var;
          size_t w = wordOf(observe[k], var);
          const nlohmann::json* words = nullptr;
          for (const auto& b : out["buffers"])
            if (b["name"] == var) words = &b["words"];
          ok = ok && words && w < words->size() && allows((*words)[w], values[k]);
        }
        found = found || ok;
      }
      EXPECT_TRUE(found) << entry.path() << ": allowed " << (*it)[1].str() << " not in "
                         << r.json["outcomes"].dump();
    }
  }
  EXPECT_GE(files, 70);
}

}  // namespace
}  // namespace plumb::interp
