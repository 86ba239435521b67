// Fused steps (interpreter/wgsl/machine_fusion.cpp): a dispatch that nobody traces fuses the steps of
// simple expressions and statements; one that is traced runs every step by itself. Both must
// give the same report — the same outcome set, the same step counts, the same stops with the
// same messages — on every program: the bundled examples, the held-out corpus, and programs on
// the edges of what fusion takes (sets, out-of-bounds indices, step bounds in the middle of an
// expression, private and shared memory, calls).
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "interpreter/wgsl/run.h"
#include "test_data.h"

namespace plumb::interp {
namespace {

namespace fs = std::filesystem;

struct Program {
  Program() = default;
  Program(std::string n, std::string w) : name(std::move(n)), wgsl(std::move(w)) {}
  std::string name, wgsl;
  nlohmann::json bindings;  // null: none
  std::array<uint32_t, 3> dispatch{1, 1, 1};
  uint64_t maxSteps = 10'000'000;
  uint64_t maxExecutions = 1000;
  bool allSchedules = false;
};

/// The report of `p`, traced (every step by itself) or not (fused); the trace's line count.
nlohmann::json report(const Program& p, bool traced, size_t* lines = nullptr) {
  SourceFile file(p.name + ".wgsl", p.wgsl);
  RunRequest r;
  r.bindings = p.bindings;
  r.zeroMissingBindings = true;
  r.dispatch.dispatch = p.dispatch;
  r.dispatch.maxSteps = p.maxSteps;
  r.dispatch.maxExecutions = p.maxExecutions;
  r.dispatch.allSchedules = p.allSchedules;
  std::ostringstream trace;
  if (traced) r.dispatch.trace = &trace;
  RunReport rep = runShader(file, r);
  if (lines) {
    std::string text = trace.str();
    *lines = static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
  }
  if (!rep.ran) {
    std::string why;
    for (const std::string& e : rep.errors) why += e + "\n";
    for (const Diagnostic& d : rep.diagnostics.all()) why += d.message + "\n";
    return {{"not run", why}};
  }
  return rep.json;
}

void expectSame(const Program& p) {
  nlohmann::json fused = report(p, false), stepwise = report(p, true);
  ASSERT_FALSE(fused.contains("not run")) << p.name << ": " << fused.dump();
  EXPECT_EQ(fused, stepwise) << p.name;
}

TEST(MachineFusion, BundledExamplesGiveTheSameReports) {
  std::string dir = std::string(PLUMB_SOURCE_DIR) + "/corpus/examples/";
  int n = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".wgsl") continue;
    Program p;
    p.name = entry.path().stem().string();
    p.wgsl = testing::readFile(entry.path().string());
    fs::path b = fs::path(dir) / "bindings" / (p.name + ".json");
    if (fs::exists(b)) p.bindings = nlohmann::json::parse(testing::readFile(b.string()));
    if (p.wgsl.find("@compute") == std::string::npos) continue;
    p.maxExecutions =
        20;  // half_precision has thousands (of millions of steps): the same bound on both sides
    expectSame(p);
    ++n;
  }
  EXPECT_GE(n, 4);
}

TEST(MachineFusion, HeldOutCorpusGivesTheSameReports) {
  std::string dir = std::string(PLUMB_SOURCE_DIR) + "/corpus/oracle/heldout/";
  int n = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    nlohmann::json c = nlohmann::json::parse(testing::readFile(entry.path().string()));
    Program p;
    p.name = entry.path().stem().string();
    p.wgsl = c.at("wgsl").get<std::string>();
    p.bindings = {{"format", "plumb-bindings"},
                  {"version", 1},
                  {"bindings", c.value("bindings", nlohmann::json::array())}};
    if (c.contains("dispatch"))
      for (int k = 0; k < 3; ++k) p.dispatch[k] = c["dispatch"][k].get<uint32_t>();
    p.maxExecutions = 20;
    expectSame(p);
    ++n;
  }
  EXPECT_GE(n, 40);
}

const char* kEdges = R"(
struct S { a: u32, v: vec4<u32>, arr: array<i32, 4> }
var<private> gp: u32 = 7u;
var<private> gs: S;
var<workgroup> wg: array<u32, 8>;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 16>;

fn f(x: u32, y: i32) -> u32 { return x * 3u + u32(y) + gp; }

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a = array<u32, 4>(1u, 2u, 3u, 4u);
  var s: S;
  s.a = lid + 1u;
  s.v = vec4<u32>(lid, 2u, 3u, 4u);
  s.arr[lid] = -5;
  let i = (s.a + 2u) & 7u;
  var k = a[lid] + a[(lid + 1u) & 3u];
  k = k + a[i];                                  // out of bounds for lid 1: any value
  let sw = s.v.yx + s.v.zw;
  var b = (k > 3u) && (s.arr[0] < 0);
  if (!b) { k = k ^ 0xffu; } else { k = ~k; }
  let q = (s.v.x + 1u) / lid;                    // division by zero for lid 0
  gs.arr[2] = i32(q) - 2147483647 - 1;
  gp = gp * 1664525u + u32(gs.arr[2] % 7);
  let sh = (1 << (lid + 31u)) >> 1u;
  wg[lid] = k + sw.x + u32(sh);
  workgroupBarrier();
  var m = wg[(lid + 1u) & 1u] + f(k, s.arr[lid]);
  for (var j = 0u; j < 5u; j = j + 1u) {
    m = m + j * a[j & 3u];
    if (m % 3u == 0u) { continue; }
    m = m ^ (m >> 3u);
  }
  out[lid] = m;
  out[lid + 2u] = gp;
  out[lid + 4u] = u32(-i32(lid) * 3);
}
)";

TEST(MachineFusion, EdgeProgramGivesTheSameReports) {
  Program p{"edges", kEdges};
  expectSame(p);
  p.allSchedules = true;
  expectSame(p);
}

TEST(MachineFusion, StepBoundsInTheMiddleOfFusedStepsStopWhereTheUnfusedMachineStops) {
  // Every bound from 1 to past the end: the stop (its step count and redex) never depends on
  // fusion, since fused steps are only taken when the bound does not fall among them.
  Program p{"edges", kEdges};
  size_t lines = 0;
  report(p, true, &lines);
  ASSERT_GT(lines, 100u);
  for (uint64_t bound = 1; bound < lines / 2 + 10; bound += 7) {
    p.maxSteps = bound;
    expectSame(p);
  }
}

TEST(MachineFusion, IntegerSetsAndFloatSetsAreLeftToTheOrdinarySteps) {
  // An f32 conversion of an inexact set gives an IntegerSet (M13), an f32 value a FloatSet:
  // the fused evaluation declines them and the reports agree.
  Program p{"sets", R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
@compute @workgroup_size(1)
fn main() {
  var x = 0.1f;
  let y = x * 3.0f;
  let u = u32(y * 1000.0f);
  var v = u + 1u;
  v = v * 2u;
  if (v > 600u) { v = v - 1u; }
  out[0] = v;
  out[1] = u32(y > 0.3f);
  out[2] = bitcast<u32>(y) & 0xffu;
}
)"};
  expectSame(p);
}

TEST(MachineFusion, FusedStepsAreCountedAsTheirRules) {
  // The fused and the traced machine count the same steps: one line of trace per step.
  Program p{"count", R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 1>;
@compute @workgroup_size(1)
fn main() {
  var a = array<u32, 4>(1u, 2u, 3u, 4u);
  var acc = 0u;
  for (var i = 0u; i < 100u; i = i + 1u) {
    let j = (i * 7u + acc) & 3u;
    acc = acc + a[j] * (i ^ 5u);
    a[(j + 1u) & 3u] = acc;
  }
  out[0] = acc;
}
)"};
  size_t lines = 0;
  nlohmann::json traced = report(p, true, &lines);
  nlohmann::json fused = report(p, false);
  EXPECT_EQ(fused, traced);
  EXPECT_EQ(lines, traced["steps"].get<uint64_t>());
}

TEST(MachineFusion, SharedMemoryAccessesAreToldToTheRaceDetectorAsTheUnfusedStepsTellThem) {
  // Compiled code reads and writes workgroup and storage memory (FusedOp::PlaceShared): the
  // race detector must hear of the same accesses with the same sites, so the races, the widened
  // final values and the next rounds' domains (whose racy reads are sets: left to the tasks)
  // are those of the traced machine. Races of reads and writes, of writes, a structure's member
  // and a nested array, a runtime-sized buffer, a read-only buffer, indices out of bounds.
  Program p{"shared", R"(
struct P { x: u32, y: array<u32, 4> }
var<workgroup> wg: array<u32, 8>;
var<workgroup> wp: P;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read> inp: array<u32, 4>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  wg[lid] = lid * 3u + inp[lid & 3u];
  wp.x = lid + wid.x;
  wp.y[lid & 1u] = wg[(lid + 1u) & 7u] + inp[3];
  let r = wg[lid + 5u] + wp.y[3];
  workgroupBarrier();
  let a = wg[(lid + 1u) & 3u] + wp.x;
  var m = a + wp.y[0] * wp.y[1];
  if (wg[lid] > 4u) { m = m ^ wg[3]; }
  out[lid + 4u * wid.x] = m;
  out[lid + 8u + 4u * wid.x] = r;
  out[16u] = out[17u + (lid & 1u)] + lid;
  out[lid + 30u] = 1u;
}
)"};
  p.bindings = nlohmann::json::parse(R"({"format": "plumb-bindings", "version": 1, "bindings": [
    {"group": 0, "binding": 0, "size": 128},
    {"group": 0, "binding": 1, "words": [5, 6, 7, 8]}]})");
  p.dispatch = {2, 1, 1};
  nlohmann::json fused = report(p, false);
  ASSERT_FALSE(fused.contains("not run")) << fused.dump();
  EXPECT_GT(fused["outcomes"].size(), 1u) << fused.dump();
  expectSame(p);
  // Every step bound: a shared access is never told of a step the unfused machine stops before.
  for (uint64_t bound = 1; bound < 100; bound += 9) {
    p.maxSteps = bound;
    expectSame(p);
  }
}

}  // namespace
}  // namespace plumb::interp
