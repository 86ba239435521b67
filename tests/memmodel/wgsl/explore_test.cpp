// The WGSL front end of the explorer: the seed's §13 mapping of each kind of event, bounds and
// refusals (never a hang or a wrong answer), witnesses.
#include <gtest/gtest.h>

#include <set>

#include "interpreter/wgsl/run.h"
#include "memmodel/wgsl/explore.h"
#include "memmodel/wgsl/mapping.h"

namespace plumb::memmodel::wgsl {
namespace {

ExploreResult exploreText(const std::string& text, std::array<uint32_t, 3> dispatch = {1, 1, 1},
                          uint64_t maxExecutions = 100'000) {
  SourceFile file("test.wgsl", text);
  ExploreRequest request;
  request.dispatch = dispatch;
  request.maxExecutions = maxExecutions;
  return exploreShader(file, request);
}

TEST(WgslMapping, AtomicsAreRelaxedWithTheAddressSpacesScope) {
  // #scoped-operations: Workgroup scope in workgroup memory, QueueFamily scope in storage;
  // #memory-semantics: Relaxed.
  LocationInfo storage, workgroup;
  storage.storage = true;
  MemoryEvent rmw;
  rmw.kind = AccessKind::ReadModifyWrite;
  rmw.atomic = true;
  Event s = mapEvent(rmw, &storage);
  EXPECT_TRUE(s.has(Attr::A) && s.has(Attr::R) && s.has(Attr::W) && s.has(Attr::SCOPEQF) &&
              s.has(Attr::SC0));
  EXPECT_FALSE(s.has(Attr::ACQ) || s.has(Attr::REL) || s.has(Attr::SCOPEWG) || s.has(Attr::SEMSC0));
  Event w = mapEvent(rmw, &workgroup);
  EXPECT_TRUE(w.has(Attr::SCOPEWG) && w.has(Attr::SC1) && !w.has(Attr::SCOPEQF));
}

TEST(WgslMapping, NonAtomicAccessesAreNonPrivateWithWorkgroupAvVis) {
  // #private-vs-non-private: NonPrivatePointer | MakePointerVisible/Available, Workgroup scope.
  LocationInfo storage;
  storage.storage = true;
  MemoryEvent read, write;
  read.kind = AccessKind::Read;
  write.kind = AccessKind::Write;
  Event r = mapEvent(read, &storage);
  Event w = mapEvent(write, &storage);
  EXPECT_TRUE(r.has(Attr::R) && r.has(Attr::NONPRIV) && r.has(Attr::VIS) && r.has(Attr::SCOPEWG) &&
              !r.has(Attr::A));
  EXPECT_TRUE(w.has(Attr::W) && w.has(Attr::NONPRIV) && w.has(Attr::AV) && w.has(Attr::SCOPEWG) &&
              !w.has(Attr::A));
}

TEST(WgslMapping, BarriersAreAcquireReleaseControlBarriersWithTheirStorageClass) {
  // #memory-semantics: AcquireRelease with WorkgroupMemory / UniformMemory, no MakeAvailable.
  MemoryEvent wb, sb;
  wb.kind = sb.kind = AccessKind::Barrier;
  wb.barrier = "workgroupBarrier";
  sb.barrier = "storageBarrier";
  Event w = mapEvent(wb, nullptr), s = mapEvent(sb, nullptr);
  for (const Event& e : {w, s})
    EXPECT_TRUE(e.has(Attr::CBAR) && e.has(Attr::F) && e.has(Attr::ACQ) && e.has(Attr::REL) &&
                e.has(Attr::SCOPEWG) && !e.has(Attr::SEMAV) && !e.has(Attr::SEMVIS));
  EXPECT_TRUE(w.has(Attr::SEMSC1) && !w.has(Attr::SEMSC0));
  EXPECT_TRUE(s.has(Attr::SEMSC0) && !s.has(Attr::SEMSC1));
}

TEST(WgslExplore, SpinLoopIsRefusedWithAMessageNotAHang) {
  ExploreResult r = exploreText(R"(
@group(0) @binding(0) var<storage, read_write> flag: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> out: u32;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) { atomicStore(&flag, 1u); }
  if (lid == 1u) { loop { if (atomicLoad(&flag) == 1u) { break; } } out = 5u; }
})");
  EXPECT_FALSE(r.ran);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_NE(r.errors[0].find("reads of shared memory"), std::string::npos) << r.errors[0];
}

TEST(WgslExplore, TextureStoreIsRefusedNamingItAndItsPosition) {
  // #memory-operation: textureStore is a write access; texel memory has no mapping in §13
  // (docs/ambiguities.md L5), so the program is refused, not explored without it.
  ExploreResult r = exploreText(R"(
@group(0) @binding(0) var t: texture_storage_2d<r32uint, write>;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 2>;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  r[lid] = lid;
  textureStore(t, vec2<i32>(0, 0), vec4<u32>(lid, 0u, 0u, 0u));
})");
  EXPECT_FALSE(r.ran);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_NE(r.errors[0].find("not modelled by plumb explore: textureStore"), std::string::npos)
      << r.errors[0];
  EXPECT_NE(r.errors[0].find("at 7:3"), std::string::npos) << r.errors[0];
}

TEST(WgslExplore, UniformAndReadOnlyStorageAreInputsNotSharedMemory) {
  // Uniform buffers and read-only storage cannot be written during the dispatch, so their
  // reads are not memory-model events (no race with anything) and read the bound values;
  // arrayLength reads no memory. Only the read_write buffer is an output.
  SourceFile file("inputs.wgsl", R"(
@group(0) @binding(0) var<uniform> u: vec4<u32>;
@group(0) @binding(1) var<storage, read> ro: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  out[lid] = u[lid] + ro[lid] + arrayLength(&out);
})");
  ExploreRequest request;
  request.bindings = nlohmann::json::parse(R"({"format": "plumb-bindings", "version": 1,
    "bindings": [{"group": 0, "binding": 0, "words": [10, 20, 0, 0]},
                 {"group": 0, "binding": 1, "words": [1, 2]},
                 {"group": 0, "binding": 2, "size": 8}]})");
  ExploreResult r = exploreShader(file, request);
  for (const std::string& e : r.errors) ADD_FAILURE() << e;
  ASSERT_TRUE(r.ran);
  EXPECT_TRUE(r.complete);
  ASSERT_EQ(r.states.size(), 1u);
  EXPECT_EQ(stateLine(r.states[0]), "out[0]=13u out[1]=24u");
  EXPECT_TRUE(r.races.empty());
}

TEST(WgslExplore, CounterLoopHitsABoundAndSaysSo) {
  // Twenty increments: every read guesses among the justified values, one more per round, so
  // the rounds or the execution bound end the exploration: incomplete, and reported as such.
  ExploreResult r = exploreText(R"(
@group(0) @binding(0) var<storage, read_write> c: atomic<u32>;
@compute @workgroup_size(1)
fn main() {
  for (var i = 0u; i < 20u; i++) { atomicAdd(&c, 1u); }
})",
                                {1, 1, 1}, 5000);
  ASSERT_TRUE(r.ran);
  EXPECT_FALSE(r.complete);
  ASSERT_FALSE(r.limits.empty());
  // plumb-explore version 3: each bound as a typed Limit stop, in the report and in the
  // plumb-run form the oracle compares with (executions.stop).
  ASSERT_EQ(r.stops.size(), r.limits.size());
  for (const interp::Stop& s : r.stops) {
    EXPECT_EQ(s.kind, interp::Stop::Kind::Limit);
    EXPECT_TRUE(s.bound == "executions" || s.bound == "rounds" || s.bound == "partial-executions")
        << s.bound;
  }
  EXPECT_EQ(r.json["stops"].size(), r.stops.size());
  EXPECT_EQ(r.json["stops"][0]["kind"], "limit");
  nlohmann::json run = asRunReport(r);
  EXPECT_EQ(run["version"], interp::kRunReportVersion);
  EXPECT_EQ(run["executions"]["stop"]["kind"], "limit");
  EXPECT_FALSE(run["executions"]["complete"].get<bool>());
}

TEST(WgslExplore, SyntaxErrorsAreDiagnosticsNotCrashes) {
  ExploreResult r = exploreText("fn main( {");
  EXPECT_FALSE(r.ran);
  EXPECT_TRUE(r.diagnostics.hasErrors());
}

TEST(WgslExplore, SingleInvocationIsSequential) {
  ExploreResult r = exploreText(R"(
@group(0) @binding(0) var<storage, read_write> a: array<u32, 2>;
@compute @workgroup_size(1)
fn main() {
  a[0] = 3u;
  a[1] = a[0] + 1u;
})");
  ASSERT_TRUE(r.ran);
  EXPECT_TRUE(r.complete);
  ASSERT_EQ(r.states.size(), 1u);
  EXPECT_EQ(stateLine(r.states[0]), "a[0]=3u a[1]=4u");
  EXPECT_TRUE(r.races.empty());
  EXPECT_FALSE(r.states[0].witness.empty());
}

TEST(WgslExplore, WriteWriteRaceAcrossWorkgroupsLeavesEitherValue) {
  ExploreResult r = exploreText(R"(
@group(0) @binding(0) var<storage, read_write> x: u32;
@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) w: vec3<u32>) {
  x = w.x + 1u;
})",
                                {2, 1, 1});
  ASSERT_TRUE(r.ran);
  ASSERT_EQ(r.states.size(), 2u);
  EXPECT_EQ(stateLine(r.states[0]), "x=1u");
  EXPECT_EQ(stateLine(r.states[1]), "x=2u");
  EXPECT_FALSE(r.races.empty());
}

// Revision 2026, buffer views (new#buffer-view-builtin-functions): an access through a view is
// an access of the buffer's words it covers, each a memory location of the buffer variable.
// Two invocations writing one word through two different views race, and leave either value;
// a read of the word through a third view sees the initial value or either write.
TEST(WgslExplore, BufferViewsAccessTheBuffersWords) {
  SourceFile file("test.wgsl", R"(
@group(0) @binding(0) var<storage, read_write> b: buffer<8>;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 0u) {
    let p = bufferView<u32>(&b, 0);
    *p = 1u;
  } else {
    let v = bufferView<vec2u>(&b, 0);
    v.x = 2u;
    let a = bufferArrayView<array<u32>>(&b, 0, 8);
    a[1] = a[0] + 10u;
  }
})");
  ExploreRequest request;
  request.revision = &Revision::wgsl2026();
  ExploreResult r = exploreShader(file, request);
  ASSERT_TRUE(r.ran) << (r.errors.empty()
                             ? r.diagnostics.all().empty() ? "" : r.diagnostics.all()[0].message
                             : r.errors[0]);
  EXPECT_TRUE(r.complete);
  std::set<std::string> states;
  for (const FinalState& s : r.states) states.insert(stateLine(s));
  // Word 1 is what invocation 1 read from word 0 (its own 2u, or invocation 0's 1u) plus 10;
  // word 0 ends with either write. The racing non-atomic accesses are not ordered by
  // coherence, so every combination is allowed: the same four states as `b: array<u32, 2>`
  // written through b[0] and b[1] gives.
  EXPECT_EQ(states, (std::set<std::string>{"b[0]=1u b[1]=11u", "b[0]=1u b[1]=12u",
                                           "b[0]=2u b[1]=11u", "b[0]=2u b[1]=12u"}))
      << r.json.dump(1);
  EXPECT_FALSE(r.races.empty());
}

// An access through an invalid buffer view (revision 2026, docs/ambiguities.md M18) is
// explored as plumb run runs it: a load is any value, a store writes nothing or leaves every
// word of the buffer any value, and each is also a dynamic error (new#out-of-bounds-access-sec).
// (Before 2026-11-27 plumb explore refused such a program.)
TEST(WgslExplore, AnInvalidBufferViewIsExploredAsRunRunsIt) {
  SourceFile file("test.wgsl", R"(
@group(0) @binding(0) var<storage, read_write> b: buffer<8>;
var<private> past: u32 = 8u;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 0u) {
    let p = bufferView<u32>(&b, past);
    *p = 1u;
  } else {
    let q = bufferView<u32>(&b, 4u);
    *q = 2u;
  }
})");
  ExploreRequest request;
  request.revision = &Revision::wgsl2026();
  ExploreResult r = exploreShader(file, request);
  ASSERT_TRUE(r.ran) << (r.errors.empty()
                             ? r.diagnostics.all().empty() ? "" : r.diagnostics.all()[0].message
                             : r.errors[0]);
  EXPECT_TRUE(r.complete);
  std::set<std::string> finished;
  size_t dynamicErrors = 0;
  for (const FinalState& s : r.states) {
    if (s.kind == "dynamic error") ++dynamicErrors;
    if (s.kind == "finished") finished.insert(stateLine(s));
  }
  EXPECT_GE(dynamicErrors, 1u) << r.json.dump(1);
  // Not executed: invocation 1's store alone. Any words: word 0 any, word 1 either any or 2u
  // (the two writes of word 1 race).
  EXPECT_TRUE(finished.count("b[0]=0u b[1]=2u")) << r.json.dump(1);
  bool anyWords = false;
  for (const std::string& f : finished)
    anyWords = anyWords || f.find("b[0]=any") != std::string::npos;
  EXPECT_TRUE(anyWords) << r.json.dump(1);
}

// The two f16 halves of one word are two memory locations (new#memory-locations): stores of
// the two halves by two invocations both land in every consistent execution (before
// 2026-11-27 each store wrote its whole word, so one of them could be lost).
TEST(WgslExplore, StoresOfTheTwoHalvesOfAWordBothLand) {
  SourceFile file("test.wgsl", R"(
enable f16;
@group(0) @binding(0) var<storage, read_write> b: buffer<4>;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) i: u32) {
  let h = bufferView<f16>(&b, i * 2u);
  *h = f16(i + 1u);
})");
  ExploreRequest request;
  request.revision = &Revision::wgsl2026();
  ExploreResult r = exploreShader(file, request);
  ASSERT_TRUE(r.ran) << (r.errors.empty()
                             ? r.diagnostics.all().empty() ? "" : r.diagnostics.all()[0].message
                             : r.errors[0]);
  EXPECT_TRUE(r.complete);
  ASSERT_EQ(r.states.size(), 1u) << r.json.dump(1);
  std::string line = stateLine(r.states[0]);
  EXPECT_NE(line.find("1.0h"), std::string::npos) << line;
  EXPECT_NE(line.find("2.0h"), std::string::npos) << line;
  EXPECT_TRUE(r.races.empty()) << r.json.dump(1);
  // The state's words hold both halves (before 2026-11-27 a half's final value was dropped
  // from `buffers` when the word's initial value was one 32-bit word: the oracle compared a
  // device's output with the initial word).
  ASSERT_EQ(r.states[0].buffers.size(), 1u) << r.json.dump(1);
  std::string word = r.states[0].buffers[0]["words"][0].dump();
  EXPECT_NE(word.find("3c00"), std::string::npos) << word;
  EXPECT_NE(word.find("4000"), std::string::npos) << word;
}

// A word accessed as a 32-bit scalar by one invocation and as an f16 half by another: memory
// locations are bytes (new#memory-locations), so the two accesses overlap, while the memory
// model's locations are whole scalars. plumb explore refuses the program, naming the bytes,
// rather than report too few outcomes (docs/ambiguities.md M18); plumb run reports the race.
TEST(WgslExplore, AWordAccessedAsAWholeAndAsHalvesIsRefused) {
  for (const char* order : {"0u", "1u"}) {
    SourceFile file("test.wgsl", std::string(R"(
enable f16;
@group(0) @binding(0) var<storage, read_write> b: buffer<8>;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) i: u32) {
  let other = bufferView<u32>(&b, 4u);
  *other = i;
  if (i == )") + order + R"() { let w = bufferView<u32>(&b, 0u); *w = 0x11112222u; }
  else { let h = bufferView<f16>(&b, 0u); *h = 1.0h; }
})");
    ExploreRequest request;
    request.revision = &Revision::wgsl2026();
    ExploreResult r = exploreShader(file, request);
    EXPECT_FALSE(r.ran) << r.json.dump(1);
    ASSERT_EQ(r.errors.size(), 1u) << r.json.dump(1);
    EXPECT_NE(r.errors[0].find("not modelled by plumb explore: bytes [0, 4) of buffer b"),
              std::string::npos)
        << r.errors[0];
    EXPECT_NE(r.errors[0].find("f16 halves"), std::string::npos) << r.errors[0];
  }
  // A load of a half of a word whose other half another invocation stores is no whole-word
  // access: explored, and the load returns 0.0h (the initial bytes) only.
  SourceFile halves("test.wgsl", R"(
enable f16;
@group(0) @binding(0) var<storage, read_write> b: buffer<4>;
@group(0) @binding(1) var<storage, read_write> out: buffer<4>;
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 0u) { let h = bufferView<f16>(&b, 2u); *h = 1.0h; }
  else { let h = bufferView<f16>(&b, 0u); let o = bufferView<u32>(&out, 0u); *o = u32(*h); }
})");
  ExploreRequest request;
  request.revision = &Revision::wgsl2026();
  ExploreResult r = exploreShader(halves, request);
  ASSERT_TRUE(r.ran) << (r.errors.empty() ? "" : r.errors[0]);
  EXPECT_TRUE(r.races.empty()) << r.json.dump(1);
  ASSERT_EQ(r.states.size(), 1u) << r.json.dump(1);
}

}  // namespace
}  // namespace plumb::memmodel::wgsl
