// Revision 2026 at run time: buffer views (buffer_view: new#buffer-view-builtin-functions,
// interpreter/wgsl/buffer_views.h, machine_buffer_views.cpp) and immediate data
// (immediate_address_space: `var<immediate>` from the bindings' `immediates`, version 3).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "interpreter/wgsl/buffer_views.h"
#include "interpreter/wgsl/run.h"
#include "run_2026_fixture.h"
#include "runtime_test_fixture.h"

namespace plumb::interp {
namespace {

using testing2026::Ran;

Ran run(const Revision& revision, const std::string& source, const nlohmann::json& bindings) {
  return testing2026::run(revision, source, {}, bindings);
}

// The entries as a vector: a one-element braced list of json is the element under GCC and an
// array under clang.
nlohmann::json bindings(const std::vector<nlohmann::json>& entries, int version = 2) {
  nlohmann::json doc = nlohmann::json::object();
  doc["format"] = "plumb-bindings";
  doc["version"] = version;
  doc["bindings"] = nlohmann::json::array();
  for (const nlohmann::json& e : entries) doc["bindings"].push_back(e);
  return doc;
}

/// Every finished outcome's words of the buffer at @binding(`binding`), each exact or "any".
std::set<std::vector<std::string>> words(const Ran& r, uint32_t binding) {
  std::set<std::vector<std::string>> out;
  EXPECT_TRUE(r.report.ran) << r.errors;
  if (!r.report.ran) return out;
  for (const auto& o : r.report.json["outcomes"]) {
    if (o["kind"] != "finished") {
      out.insert({o["kind"].get<std::string>()});
      continue;
    }
    for (const auto& b : o["buffers"]) {
      if (b["binding"] != binding) continue;
      std::vector<std::string> ws;
      for (const auto& w : b["words"])
        ws.push_back(w.contains("exact") ? w["exact"].get<std::string>() : w.dump());
      out.insert(ws);
    }
  }
  return out;
}

std::vector<std::string> hex(std::initializer_list<uint32_t> ws) {
  std::vector<std::string> out;
  for (uint32_t w : ws) {
    char b[16];
    std::snprintf(b, sizeof b, "0x%08x", w);
    out.push_back(b);
  }
  return out;
}

const Revision& current() {
  return Revision::wgsl2026();
}

// new#bufferview-builtin: "Reinterpret the memory view offset bytes from the start of p as the
// type T": a vec4u read at byte 16 of the buffer's words, written at byte 0 of another.
TEST(BufferViews, BufferViewReadsAndWritesTheBytesAtTheOffset) {
  std::string src = R"(
@group(0) @binding(0) var<storage> in: buffer;
@group(0) @binding(1) var<storage, read_write> out: buffer<32>;
@compute @workgroup_size(1) fn main() {
  let p = bufferView<vec4u>(&in, 16u);
  let q = bufferView<vec4u>(&out, 16);
  *q = *p;
  let r = bufferView<array<u32, 2>>(&out, 0);
  r[1] = p.w + 1u;
}
)";
  Ran r = run(current(), src,
              bindings({{{"group", 0}, {"binding", 0}, {"words", {1, 2, 3, 4, 5, 6, 7, 8}}},
                        {{"group", 0}, {"binding", 1}, {"size", 32}}}));
  EXPECT_EQ(words(r, 1), (std::set<std::vector<std::string>>{hex({0, 9, 0, 0, 5, 6, 7, 8})}))
      << r.report.json.dump();
}

// A word stored as one type and read as another is the same bits (new#internal-value-layout).
TEST(BufferViews, AWordStoredAsF32IsReadAsItsBits) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> b: buffer<8>;
@compute @workgroup_size(1) fn main() {
  let f = bufferView<f32>(&b, 0);
  *f = 1.0;
  let u = bufferView<u32>(&b, 4);
  *u = *bufferView<u32>(&b, 0) + 1u;
}
)";
  Ran r = run(current(), src, bindings({{{"group", 0}, {"binding", 0}, {"size", 8}}}));
  EXPECT_EQ(words(r, 0), (std::set<std::vector<std::string>>{hex({0x3f800000, 0x3f800001})}));
}

// new#bufferarrayview-builtin: a runtime-sized array of `size` bytes; arrayLength counts its
// elements (new#arrayLength-builtin, of a view in any address space), the offset is rounded
// down to RequiredAlignOf and the size to whole elements.
TEST(BufferViews, BufferArrayViewSizesItsArray) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> b: buffer;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 3>;
@compute @workgroup_size(1) fn main() {
  let size = 20u;
  let v = bufferArrayView<array<vec2u>>(&b, 8u, size);
  out[0] = arrayLength(v);
  out[1] = bufferLength(&b);
  let odd = 12u;
  out[2] = *bufferView<u32>(&b, odd);
}
)";
  Ran r = run(current(), src,
              bindings({{{"group", 0}, {"binding", 0}, {"words", {10, 11, 12, 13, 14, 15, 16, 17}}},
                        {{"group", 0}, {"binding", 1}, {"size", 12}}}));
  // 20 bytes hold two vec2u (stride 8); offset 12 stays (u32's alignment is 4).
  EXPECT_EQ(words(r, 1), (std::set<std::vector<std::string>>{hex({2, 32, 13})}));
}

// new#bufferlength-builtin's example: "the minimum fixed-size buffer encountered as a formal
// parameter in the call stack", else the originating variable's size.
TEST(BufferViews, BufferLengthIsTheSmallestBufferOnTheWay) {
  std::string src = R"(
@group(0) @binding(0) var<storage> b1: buffer<2048>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 4>;
fn foobar(p: ptr<storage, buffer>) -> u32 { return bufferLength(p); }
fn bar(p: ptr<storage, buffer<1024>>) -> u32 { return foobar(p); }
fn foo(p: ptr<storage, buffer<256>>) -> u32 { return bufferLength(p); }
@compute @workgroup_size(1) fn main() {
  out[0] = bufferLength(&b1);
  out[1] = foo(&b1);
  out[2] = bar(&b1);
  out[3] = foobar(&b1);
}
)";
  Ran r = run(current(), src,
              bindings({{{"group", 0}, {"binding", 0}, {"size", 2048}},
                        {{"group", 0}, {"binding", 1}, {"size", 16}}}));
  EXPECT_EQ(words(r, 1), (std::set<std::vector<std::string>>{hex({2048, 256, 1024, 2048})}));
}

// new#invalid-memory-reference: a view that would reach past bufferLength(p) is an invalid
// pointer: a load through it may be anything (docs/ambiguities.md M18), and in 2026 a dynamic
// error is one more outcome (new#out-of-bounds-access-sec).
TEST(BufferViews, AViewPastTheEndIsInvalid) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> b: buffer;
@group(0) @binding(1) var<storage, read_write> out: u32;
@compute @workgroup_size(1) fn main() {
  let at = 16u;
  out = *bufferView<u32>(&b, at);
}
)";
  Ran r = run(current(), src,
              bindings({{{"group", 0}, {"binding", 0}, {"words", {1, 2, 3, 4}}},
                        {{"group", 0}, {"binding", 1}, {"size", 4}}}));
  auto ws = words(r, 1);
  EXPECT_EQ(ws.size(), 2u) << r.report.json.dump();
  EXPECT_TRUE(ws.count({"dynamic error"})) << r.report.json.dump();
  EXPECT_TRUE(ws.count({"{\"any\":true}"})) << r.report.json.dump();
}

// new#bufferview-builtin: "If I is i32 ... Otherwise, an indeterminate value for I may be used"
// for a negative run-time offset: any offset, so any of the views an offset makes (here 16
// bytes of u32 from byte 0, 4, 8 or 12: 4, 3, 2 or 1 elements) or an invalid one (count 0,
// docs/ambiguities.md M18). The value is used once, when the view is made: every arrayLength
// of the view gives that view's count, so a loop bounded by it runs exactly that often.
TEST(BufferViews, NegativeOffsetGivesEveryViewsArrayLength) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> b: buffer<16>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 2>;
var<private> offset: i32 = -4;
@compute @workgroup_size(1) fn main() {
  let v = bufferView<array<u32>>(&b, offset);
  out[0] = arrayLength(v);
  for (var i = 0u; i < arrayLength(v); i++) {
    out[1] += 1u;
  }
}
)";
  Ran r = run(current(), src,
              bindings({{{"group", 0}, {"binding", 0}, {"size", 16}},
                        {{"group", 0}, {"binding", 1}, {"size", 8}}}));
  // One execution per count, each arrayLength of it the same count (before 2026-11-27 each
  // call chose anew: 25 pairs, wider than the text).
  std::set<std::vector<std::string>> expected;
  for (uint32_t n : {0u, 1u, 2u, 3u, 4u}) expected.insert(hex({n, n}));
  EXPECT_EQ(words(r, 1), expected) << r.report.json.dump();
}

// The count is chosen when the view is made, not per call: two views made with the same
// indeterminate offset may differ, two calls on one view may not.
TEST(BufferViews, AnIndeterminateViewsCountIsChosenOnce) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> b: buffer<8>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 4>;
var<private> offset: i32 = -4;
@compute @workgroup_size(1) fn main() {
  let v = bufferView<array<u32>>(&b, offset);
  let w = bufferView<array<u32>>(&b, offset);
  out[0] = arrayLength(v);
  out[1] = arrayLength(w);
  out[2] = arrayLength(v);
  out[3] = arrayLength(w);
}
)";
  Ran r = run(current(), src,
              bindings({{{"group", 0}, {"binding", 0}, {"size", 8}},
                        {{"group", 0}, {"binding", 1}, {"size", 16}}}));
  std::set<std::vector<std::string>> expected;
  for (uint32_t m : {0u, 1u, 2u})
    for (uint32_t n : {0u, 1u, 2u}) expected.insert(hex({m, n, m, n}));
  EXPECT_EQ(words(r, 1), expected) << r.report.json.dump();
}

// The same for bufferArrayView's size: a negative size is any size, so from byte 8 of 32 any
// whole number of vec2u up to 3 (or an invalid view).
TEST(BufferViews, NegativeSizeGivesEveryViewsArrayLength) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> b: buffer<32>;
@group(0) @binding(1) var<storage, read_write> out: u32;
var<private> size: i32 = -8;
@compute @workgroup_size(1) fn main() {
  out = arrayLength(bufferArrayView<array<vec2u>>(&b, 8u, size));
}
)";
  Ran r = run(current(), src,
              bindings({{{"group", 0}, {"binding", 0}, {"size", 32}},
                        {{"group", 0}, {"binding", 1}, {"size", 4}}}));
  std::set<std::vector<std::string>> expected;
  for (uint32_t n : {0u, 1u, 2u, 3u}) expected.insert(hex({n}));
  EXPECT_EQ(words(r, 1), expected) << r.report.json.dump();
}

// The counts follow the offsets the view rounds to: a structure aligned to 16 bytes whose
// runtime-sized array has a stride of 4 gives counts 4 apart (new#bufferview-builtin: "A value
// of offset & ~(RequiredAlignOf(T, AS) - 1) will be used for offset").
TEST(BufferViews, IndeterminateOffsetCountsFollowTheAlignment) {
  BufferViewLayout layout;
  layout.arrayOffset = 16;
  layout.stride = 4;
  layout.minTypeSize = 20;
  BufferWindow w;
  w.offset = kIndeterminateOperand;
  w.bytes = 0;  // bufferView
  EXPECT_EQ(countsOverIndeterminateOperands(layout, 16, 64, w),
            (std::vector<uint64_t>{0, 4, 8, 12}));
  // bufferArrayView with a known size of 28 bytes and any offset: 3 elements, or invalid.
  w.bytes = 28;
  EXPECT_EQ(countsOverIndeterminateOperands(layout, 16, 64, w), (std::vector<uint64_t>{0, 3}));
  // ... a size beyond the buffer: only the invalid view.
  w.bytes = 68;
  EXPECT_EQ(countsOverIndeterminateOperands(layout, 16, 64, w), (std::vector<uint64_t>{0}));
  // bufferArrayView from byte 32 with any size: 1 to 4 elements.
  w.offset = 32;
  w.bytes = kIndeterminateOperand;
  EXPECT_EQ(countsOverIndeterminateOperands(layout, 16, 64, w),
            (std::vector<uint64_t>{0, 1, 2, 3, 4}));
}

// A workgroup buffer is zero bytes at first (new#var-and-value) and shared by the workgroup's
// invocations through their views.
TEST(BufferViews, WorkgroupBufferThroughAParameter) {
  std::string src = R"(
var<workgroup> v: buffer<64>;
@group(0) @binding(0) var<storage, read_write> out: array<f32, 2>;
fn foo(p: ptr<workgroup, buffer<64>>) {
  let p2 = bufferArrayView<array<vec2f>>(p, 0, 32);
  p2[1].y = 3.0;
}
@compute @workgroup_size(1) fn main() {
  foo(&v);
  out[0] = *bufferView<f32>(&v, 0);
  out[1] = *bufferView<f32>(&v, 12);
}
)";
  Ran r = run(current(), src, bindings({{{"group", 0}, {"binding", 0}, {"size", 8}}}));
  // 0.0 read as f32 and stored: either zero (Plumb keeps no sign of zero, R10).
  std::vector<std::string> expected = hex({0, 0x40400000});
  expected[0] = R"({"set":["0x00000000","0x80000000"]})";
  EXPECT_EQ(words(r, 0), (std::set<std::vector<std::string>>{expected}));
}

// new#address-space (immediate): a var<immediate> reads the immediate data, which version 3 of
// plumb-bindings gives (words or a typed value); the seed has no immediate address space.
// Memory locations are bytes (new#memory-locations): a store of one f16 half through a view
// writes that half only, so two invocations storing the two halves of one word do not race and
// the word ends with both (docs/ambiguities.md M18). Before 2026-11-27 each store wrote its
// whole word: a write-write race, and outcomes where one store was lost.
TEST(BufferViews, StoresOfTheTwoHalvesOfAWordDoNotRace) {
  std::string src = R"(
enable f16;
@group(0) @binding(0) var<storage, read_write> b: buffer<4>;
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  let h = bufferView<f16>(&b, i * 2u);
  *h = f16(i + 1u);
}
)";
  Ran r = run(current(), src, bindings({{{"group", 0}, {"binding", 0}, {"size", 4}}}));
  ASSERT_TRUE(r.report.ran) << r.errors;
  EXPECT_FALSE(r.report.json.contains("races")) << r.report.json.dump();
  std::set<std::vector<std::string>> ws = words(r, 0);
  ASSERT_EQ(ws.size(), 1u) << r.report.json.dump();
  // 1.0h is 0x3c00 (the low half), 2.0h 0x4000 (the high half).
  const std::string& w = ws.begin()->at(0);
  EXPECT_NE(w.find("3c00"), std::string::npos) << w;
  EXPECT_NE(w.find("4000"), std::string::npos) << w;
  // A store of the same half by both invocations still races.
  std::string same = R"(
enable f16;
@group(0) @binding(0) var<storage, read_write> b: buffer<4>;
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  let h = bufferView<f16>(&b, 2u);
  *h = f16(i + 1u);
}
)";
  Ran racy = run(current(), same, bindings({{{"group", 0}, {"binding", 0}, {"size", 4}}}));
  ASSERT_TRUE(racy.report.ran) << racy.errors;
  EXPECT_TRUE(racy.report.json.contains("races")) << racy.report.json.dump();
}

/// The races of a report (its `races` member, or none).
nlohmann::json racesOf(const Ran& r) {
  return r.report.json.contains("races") ? r.report.json["races"] : nlohmann::json::array();
}

/// A program whose invocation `wordWriter` stores `word` to bytes [0, 4) of `b` as a u32 and
/// whose other invocation stores `half` to bytes [0, 2) as an f16 (`barrier`: between them).
std::string wordAndHalf(int wordWriter, const std::string& word, const std::string& half,
                        bool barrier = false) {
  std::string b = barrier ? "storageBarrier();" : "";
  std::string other = std::to_string(1 - wordWriter);
  return R"(
enable f16;
@group(0) @binding(0) var<storage, read_write> b: buffer<4>;
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  if (i == )" +
         std::to_string(wordWriter) + R"(u) { let w = bufferView<u32>(&b, 0u); *w = )" + word +
         R"(; })" + b + R"(
  if (i == )" +
         other + R"(u) { let h = bufferView<f16>(&b, 0u); *h = )" + half +
         R"(; }
}
)";
}

// Memory locations are bytes (new#memory-locations): a store of the whole word by one
// invocation and a store of its low f16 half by another, unordered, conflict on bytes 0 and 1.
// The race is reported at the word, and the word ends as either store's (the u32, or its high
// half with the f16 below it), whichever invocation the machine runs first (docs/ambiguities.md
// M18; before 2026-11-27 the two were different locations: no race, the one schedule's word).
TEST(BufferViews, AWordStoreAndAHalfStoreOfItRace) {
  for (int wordWriter : {0, 1}) {
    Ran r = run(current(), wordAndHalf(wordWriter, "0x11112222u", "1.0h"),
                bindings({{{"group", 0}, {"binding", 0}, {"size", 4}}}));
    ASSERT_TRUE(r.report.ran) << r.errors;
    nlohmann::json races = racesOf(r);
    ASSERT_EQ(races.size(), 1u) << r.report.json.dump();
    const nlohmann::json& race = races[0];
    EXPECT_EQ(race["location"], "b bytes [0, 4)") << race.dump();
    EXPECT_EQ(race["word"], 0) << race.dump();
    EXPECT_EQ(race["kind"], "write-write") << race.dump();
    EXPECT_EQ(race["invocations"], 2) << race.dump();
    std::set<uint32_t> sides{race["accesses"][0]["localId"][0].get<uint32_t>(),
                             race["accesses"][1]["localId"][0].get<uint32_t>()};
    EXPECT_EQ(sides, (std::set<uint32_t>{0u, 1u})) << race.dump();
    EXPECT_EQ(race["sites"].size(), 2u) << race.dump();
    EXPECT_EQ(race["widened"], "final-value") << race.dump();
    std::set<std::vector<std::string>> ws = words(r, 0);
    ASSERT_EQ(ws.size(), 1u) << r.report.json.dump();
    EXPECT_EQ(ws.begin()->at(0), R"({"set":["0x11112222","0x11113c00"]})") << wordWriter;
  }
  // The seed has no buffer views.
  EXPECT_FALSE(run(Revision::wgsl2022_06(), wordAndHalf(0, "1u", "1.0h"),
                   bindings({{{"group", 0}, {"binding", 0}, {"size", 4}}}))
                   .report.ran);
}

// A storageBarrier between the two stores orders them (#sync-builtin-functions): no race, and
// the word's low half is the f16 stored after the u32, and its high half the u32's 0x1111,
// exactly: the word split into halves is the bitcast of its bits to vec2<f16> (before
// 2026-11-27 the halves of a split word were any value).
TEST(BufferViews, AWordStoreAndAHalfStoreOrderedByABarrierDoNotRace) {
  Ran r = run(current(), wordAndHalf(0, "0x11112222u", "1.0h", true),
              bindings({{{"group", 0}, {"binding", 0}, {"size", 4}}}));
  ASSERT_TRUE(r.report.ran) << r.errors;
  EXPECT_TRUE(racesOf(r).empty()) << r.report.json.dump();
  std::set<std::vector<std::string>> ws = words(r, 0);
  ASSERT_EQ(ws.size(), 1u) << r.report.json.dump();
  const std::string& w = ws.begin()->at(0);
  EXPECT_TRUE(w == "0x11113c00" || w == R"({"f16":[{"exact":"0x3c00"},{"exact":"0x1111"}]})")
      << w;
}

// A read of an f16 half racing with a store of the whole word: a read-write race at the word,
// and the read returns any value of the half from the next round on (M14's domains; the other
// representation's values are not kept as a set). The other half, which no one stores, is
// not read by it: a load of bytes [2, 4) alone races with nothing.
TEST(BufferViews, AHalfLoadRacingWithAWordStoreReturnsAnyValue) {
  std::string src = R"(
enable f16;
@group(0) @binding(0) var<storage, read_write> b: buffer<4>;
@group(0) @binding(1) var<storage, read_write> out: buffer<4>;
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 0u) { let w = bufferView<u32>(&b, 0u); *w = 0x40003c00u; }
  if (i == 1u) {
    let h = bufferView<f16>(&b, 0u);
    let o = bufferView<f16>(&out, 0u);
    *o = *h;
  }
}
)";
  nlohmann::json binds = bindings(
      {{{"group", 0}, {"binding", 0}, {"size", 4}}, {{"group", 0}, {"binding", 1}, {"size", 4}}});
  Ran r = run(current(), src, binds);
  ASSERT_TRUE(r.report.ran) << r.errors;
  nlohmann::json races = racesOf(r);
  ASSERT_EQ(races.size(), 1u) << r.report.json.dump();
  EXPECT_EQ(races[0]["kind"], "read-write") << races.dump();
  EXPECT_EQ(races[0]["word"], 0) << races.dump();
  EXPECT_EQ(races[0]["widened"], "reads") << races.dump();
  // out's low half: 0.0h (the initial bytes) or 1.0h (0x3c00), both within what is reported.
  std::set<std::vector<std::string>> outs = words(r, 1);
  ASSERT_FALSE(outs.empty());
  for (const std::vector<std::string>& o : outs)
    EXPECT_EQ(o.at(0).front(), '{') << o.at(0);  // not one exact word (words(): its JSON)
  // The high half of the word, read by invocation 1 while invocation 0 stores the low half.
  std::string disjoint = R"(
enable f16;
@group(0) @binding(0) var<storage, read_write> b: buffer<4>;
@group(0) @binding(1) var<storage, read_write> out: buffer<4>;
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 0u) { let h = bufferView<f16>(&b, 0u); *h = 1.0h; }
  if (i == 1u) {
    let h = bufferView<f16>(&b, 2u);
    let o = bufferView<f16>(&out, 0u);
    *o = *h;
  }
}
)";
  Ran d = run(current(), disjoint, binds);
  ASSERT_TRUE(d.report.ran) << d.errors;
  EXPECT_TRUE(racesOf(d).empty()) << d.report.json.dump();
}

// Two stores of the whole word race, then (after a storageBarrier) one invocation stores the
// low half: the final word is either racing word's high half with that f16 below it — not
// either whole word (the half store follows both in happens-before).
TEST(BufferViews, AHalfStoredAfterRacingWordStoresIsInEveryFinalWord) {
  std::string src = R"(
enable f16;
@group(0) @binding(0) var<storage, read_write> b: buffer<4>;
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  let w = bufferView<u32>(&b, 0u);
  *w = select(0x22220000u, 0x11110000u, i == 0u);
  storageBarrier();
  if (i == 0u) { let h = bufferView<f16>(&b, 0u); *h = 1.0h; }
}
)";
  Ran r = run(current(), src, bindings({{{"group", 0}, {"binding", 0}, {"size", 4}}}));
  ASSERT_TRUE(r.report.ran) << r.errors;
  std::set<std::vector<std::string>> ws = words(r, 0);
  ASSERT_EQ(ws.size(), 1u) << r.report.json.dump();
  EXPECT_EQ(ws.begin()->at(0), R"({"set":["0x11113c00","0x22223c00"]})") << r.report.json.dump();
}

TEST(ImmediateData, RunReadsTheImmediates) {
  std::string src = R"(
struct S { color: vec3u, count: u32 }
var<immediate> d: S;
@group(0) @binding(0) var<storage, read_write> out: vec4u;
@compute @workgroup_size(1) fn main() { out = vec4u(d.color, d.count * 2u); }
)";
  nlohmann::json b = bindings({}, 3);
  b["immediates"] = nlohmann::json::object();
  b["immediates"]["value"] = nlohmann::json::object();
  b["immediates"]["value"]["color"] = {1, 2, 3};
  b["immediates"]["value"]["count"] = 21;
  Ran r = run(current(), src, b);
  EXPECT_EQ(words(r, 0), (std::set<std::vector<std::string>>{hex({1, 2, 3, 42})}));
  b["immediates"] = nlohmann::json::object();
  b["immediates"]["words"] = {7, 8, 9, 10};
  EXPECT_EQ(words(run(current(), src, b), 0),
            (std::set<std::vector<std::string>>{hex({7, 8, 9, 20})}));
  // Without immediates, --zero-missing-bindings gives zero bytes.
  EXPECT_EQ(words(run(current(), src, bindings({}, 3)), 0),
            (std::set<std::vector<std::string>>{hex({0, 0, 0, 0})}));
  // The seed has no var<immediate>.
  EXPECT_FALSE(run(Revision::wgsl2022_06(), src, b).report.ran);
}

// A draw reads the immediate data too (the fragment and vertex stages of a render pipeline):
// each fragment's output is computed from the bindings' immediates.
TEST(ImmediateData, ADrawReadsTheImmediates) {
  std::string src = R"(
struct S { bias: u32, scale: f32 }
var<immediate> d: S;
@fragment fn main(@builtin(position) p: vec4f) -> @location(0) u32 {
  return d.bias + u32(p.x * d.scale);
}
)";
  nlohmann::json b = bindings({}, 3);
  b["immediates"] = nlohmann::json::object();
  b["immediates"]["value"] = nlohmann::json::object();
  b["immediates"]["value"]["bias"] = 40;
  b["immediates"]["value"]["scale"] = 2.0;
  b["fragment"] = {{"version", 1}, {"viewport", {2, 1}}};
  Ran r = run(current(), src, b);
  ASSERT_TRUE(r.report.ran) << r.errors;
  std::set<std::string> outputs;
  for (const auto& o : r.report.json["outcomes"])
    for (const auto& inv : o["invocations"])
      outputs.insert(inv["locations"]["0"][0].value("exact", inv.dump()));
  // Pixel centres x = 0.5 and 1.5, scaled by 2: 40 + 1 and 40 + 3.
  EXPECT_EQ(outputs, (std::set<std::string>{"0x00000029", "0x0000002b"})) << r.report.json.dump();
}

TEST(ImmediateData, RefusesWhatIsNotImmediateData) {
  std::string src = R"(
var<immediate> d: vec4u;
@group(0) @binding(0) var<storage, read_write> out: vec4u;
@compute @workgroup_size(1) fn main() { out = d; }
)";
  nlohmann::json b = bindings({}, 2);
  b["immediates"] = nlohmann::json::object();
  b["immediates"]["words"] = {1, 2, 3, 4};
  Ran v2 = run(current(), src, b);  // immediates need version 3
  EXPECT_FALSE(v2.report.ran);
  EXPECT_NE(v2.errors.find("version 3"), std::string::npos) << v2.errors;
  b["version"] = 3;
  b["immediates"]["words"] = {1, 2};  // fewer bytes than vec4u
  Ran shorter = run(current(), src, b);
  EXPECT_FALSE(shorter.report.ran);
  EXPECT_NE(shorter.errors.find("at least 16 bytes"), std::string::npos) << shorter.errors;
  // A version 2 document without immediates is still read.
  EXPECT_TRUE(run(current(), src, bindings({}, 2)).report.ran);
}

}  // namespace
}  // namespace plumb::interp
