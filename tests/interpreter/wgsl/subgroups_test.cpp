// The subgroup and quad built-ins at run time (revision 2026, `enable subgroups`;
// interpreter/wgsl/subgroups.h): the sizes and layouts the text leaves to the device are choice
// points, and the active invocations of a diverged subgroup are any subset.
#include "run_2026_fixture.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace plumb::interp {
namespace {

using namespace testing2026;

const Revision& current() {
  return Revision::wgsl2026();
}

DispatchOptions linear(uint32_t minSize = 4, uint32_t maxSize = 128) {
  DispatchOptions o;
  o.subgroups.linear = true;
  o.subgroups.minSize = minSize;
  o.subgroups.maxSize = maxSize;
  return o;
}

std::string program(uint32_t invocations, const std::string& body,
                    const std::string& out = "array<u32, 8>", const std::string& prefix = "") {
  return "enable subgroups;\n" + prefix +
         "@group(0) @binding(0) var<storage, read_write> out: " + out + ";\n" +
         "@compute @workgroup_size(" + std::to_string(invocations) +
         ") fn main(@builtin(local_invocation_index) i: u32) {\n" + body + "\n}\n";
}

// new#subgroups: "All subgroup sizes are powers of two within the range [4, 128]"; with the
// grouping devices use (consecutive local_invocation_index), a workgroup of 8 is one subgroup
// of 8 or two of 4, and every size from 8 on groups it the same way (one size explored).
TEST(Subgroups, TheSizeIsAChoiceOfTheDevice) {
  std::string src = program(8, "out[i] = subgroupAdd(1u);");
  Ran r = run(current(), src, linear());
  EXPECT_EQ(exactOutcomes(r), (Words{{4, 4, 4, 4, 4, 4, 4, 4}, {8, 8, 8, 8, 8, 8, 8, 8}}));
  EXPECT_EQ(r.report.json["subgroups"]["sizes"], (std::vector<uint32_t>{4, 8}));
  EXPECT_EQ(r.report.json["subgroups"]["layout"], "linear");
  // The device's subgroupMinSize and subgroupMaxSize bound it.
  EXPECT_EQ(exactOutcomes(run(current(), src, linear(8, 128))), (Words{{8, 8, 8, 8, 8, 8, 8, 8}}));
  EXPECT_EQ(exactOutcomes(run(current(), src, linear(4, 4))), (Words{{4, 4, 4, 4, 4, 4, 4, 4}}));
  Ran none = run(current(), src, linear(16, 8));
  EXPECT_FALSE(none.report.ran);
  EXPECT_NE(none.errors.find("no subgroup size"), std::string::npos) << none.errors;
}

// "There is no defined relationship between subgroup values ... and
// local_invocation_index", and "each subgroup may contain fewer invocations than the reported
// subgroup size": by default every grouping of the workgroup and every numbering is explored
// (73 for four invocations: the ordered set partitions), and subgroupAdd(1u) is the size of
// the invocation's subgroup in each.
TEST(Subgroups, EveryGroupingIsExploredByDefault) {
  std::string src = program(4, "out[i] = subgroupAdd(1u);", "array<u32, 4>");
  Ran r = run(current(), src);
  EXPECT_EQ(r.report.json["executions"]["explored"], 73u);
  EXPECT_TRUE(r.report.json["executions"]["complete"].get<bool>());
  Words all = exactOutcomes(r);
  for (const std::vector<uint32_t>& w : std::vector<std::vector<uint32_t>>{
           {4, 4, 4, 4}, {1, 1, 1, 1}, {2, 2, 2, 2}, {1, 3, 3, 3}, {3, 1, 3, 3}, {2, 2, 1, 1}})
    EXPECT_TRUE(all.count(w)) << w[0] << w[1] << w[2] << w[3];
  EXPECT_FALSE(all.count({4, 4, 4, 1})) << "a subgroup's invocations agree on its size";
  EXPECT_EQ(r.report.json["subgroups"]["layout"], "any");
  // The first execution is the grouping devices use.
  EXPECT_EQ(r.report.json["outcomes"][0]["buffers"][0]["words"][0]["exact"], "0x00000004");
}

// The reductions, scans, ballots and broadcasts of new#subgroup-builtin-functions in uniform
// control flow, one subgroup of four in ID order (the linear layout).
TEST(Subgroups, UniformOperations) {
  std::string src = program(4, R"(
  var v = i + 1u;
  let add = subgroupAdd(v);
  let mul = subgroupMul(v);
  let mx = subgroupMax(v);
  let mn = subgroupMin(v);
  let ex = subgroupExclusiveAdd(v);
  let inc = subgroupInclusiveMul(v);
  let b = subgroupBallot(v % 2u == 0u);
  let or_ = subgroupOr(1u << i);
  let xor_ = subgroupXor(v);
  let and_ = subgroupAnd(v | 8u);
  let all_ = subgroupAll(v < 5u);
  let any_ = subgroupAny(v == 3u);
  let first = subgroupBroadcastFirst(v * 10u);
  let two = subgroupBroadcast(v * 100u, 2u);
  let elect = subgroupElect();
  let sh = subgroupShuffle(v, 3u - i);
  let x = subgroupShuffleXor(v, 1u);
  let dn = subgroupShuffleDown(v, 1u);
  let qx = quadSwapX(v);
  let qd = quadSwapDiagonal(v);
  let qb = quadBroadcast(v, 1u);
  out[i * 6u + 0u] = add + mul * 100u + mx * 10000u + mn * 100000u;
  out[i * 6u + 1u] = ex + inc * 100u;
  out[i * 6u + 2u] = b.x + (b.y << 8u) + or_ * 1000u + xor_ * 100000u;
  out[i * 6u + 3u] = and_ + u32(all_) * 100u + u32(any_) * 1000u + u32(elect) * 10000u;
  out[i * 6u + 4u] = first + two * 10u + sh * 100000u;
  out[i * 6u + 5u] = x + qx * 10u + qd * 100u + qb * 1000u + select(0u, dn * 10000u, i < 3u);)",
                            "array<u32, 24>");
  Ran r = run(current(), src, linear());
  Words w = exactOutcomes(r);
  ASSERT_EQ(w.size(), 1u) << r.report.json.dump();
  const std::vector<uint32_t>& o = *w.begin();
  // values 1, 2, 3, 4: sum 10, product 24, max 4, min 1.
  for (uint32_t i = 0; i < 4; ++i) {
    SCOPED_TRACE(i);
    uint32_t v = i + 1;
    EXPECT_EQ(o[i * 6 + 0], 10u + 2400u + 40000u + 100000u);
    uint32_t exclusive = i * (i + 1) / 2;  // 1 + ... + i
    uint32_t inclusive = 1;
    for (uint32_t k = 1; k <= v; ++k) inclusive *= k;
    EXPECT_EQ(o[i * 6 + 1], exclusive + inclusive * 100);
    // even values 2 and 4 at IDs 1 and 3: 0b1010; or of 1 << i: 15; xor 1^2^3^4 = 4.
    EXPECT_EQ(o[i * 6 + 2], 10u + 15000u + 400000u);
    // and of 9, 10, 11, 12 = 8; all < 5; any == 3; ID 0 is elected.
    EXPECT_EQ(o[i * 6 + 3], 8u + 100u + 1000u + (i == 0 ? 10000u : 0u));
    // first: 10; ID 2: 300; shuffle from 3 - i: 4 - i.
    EXPECT_EQ(o[i * 6 + 4], 10u + 3000u + (4 - i) * 100000u);
    uint32_t x = (i ^ 1) + 1, qd = (i ^ 3) + 1, dn = i < 3 ? (i + 2) * 10000 : 0;
    EXPECT_EQ(o[i * 6 + 5], x + x * 10 + qd * 100 + 2 * 1000 + dn);
  }
}

// new#subgroupshuffledown-builtin: "An indeterminate value is returned if
// subgroup_invocation_id + delta does not select an active invocation".
TEST(Subgroups, ShuffleOutsideTheSubgroupIsIndeterminate) {
  std::string src = program(4, "out[i] = subgroupShuffleDown(i, 1u);", "array<u32, 4>");
  auto w = wordSets(run(current(), src, linear()));
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(*w.begin(),
            (std::vector<std::string>{R"({"exact":"0x00000001"})", R"({"exact":"0x00000002"})",
                                      R"({"exact":"0x00000003"})", R"({"any":true})"}));
}

// new#subgroupbroadcast-builtin: "It is a dynamic error if id does not select an active
// invocation".
TEST(Subgroups, BroadcastOfAnInactiveIdIsADynamicError) {
  std::string src = program(4, "out[i] = subgroupBroadcast(i, 5u);", "array<u32, 4>");
  Ran r = run(current(), src, linear());
  ASSERT_TRUE(r.report.ran) << r.errors;
  ASSERT_EQ(r.report.json["outcomes"].size(), 1u);
  EXPECT_EQ(r.report.json["outcomes"][0]["kind"], "dynamic error");
  EXPECT_EQ(r.report.json["outcomes"][0]["stop"]["rule"], "subgroupbroadcast-builtin");
}

// new#subgroups: "When invocations in the same subgroup execute different control flow
// paths ... the subgroup may contain a different set of active invocations than the shader
// author expects": with subgroup_uniformity off, the two invocations that call subgroupAdd
// may do it together or one at a time.
TEST(Subgroups, ADivergedSubgroupHasAnySetOfActiveInvocations) {
  std::string src = program(4, "if (i < 2u) { out[i] = subgroupAdd(1u); }", "array<u32, 4>",
                            "diagnostic(off, subgroup_uniformity);\n");
  EXPECT_EQ(exactOutcomes(run(current(), src, linear())), (Words{{2, 2, 0, 0}, {1, 1, 0, 0}}));
  // Calls of the same built-in at two places may be merged by a compiler: active together.
  std::string two = program(4,
                            "if (i < 2u) { out[i] = subgroupAdd(1u); } else { out[i] = "
                            "subgroupAdd(10u); }",
                            "array<u32, 4>", "diagnostic(off, subgroup_uniformity);\n");
  Words w = exactOutcomes(run(current(), two, linear()));
  EXPECT_TRUE(w.count({2, 2, 20, 20})) << "each branch on its own";
  EXPECT_TRUE(w.count({22, 22, 22, 22})) << "the calls merged";
  EXPECT_TRUE(w.count({1, 1, 10, 10}));
}

// The uniformity analysis rejects the diverged call when subgroup_uniformity is an error
// (new#subgroup-builtin-functions: a trigger of subgroup_uniformity).
TEST(Subgroups, ANonUniformCallIsRejectedByDefault) {
  std::string src = program(4, "if (i < 2u) { out[i] = subgroupAdd(1u); }", "array<u32, 4>");
  Ran r = run(current(), src, linear());
  EXPECT_FALSE(r.report.ran);
  EXPECT_NE(r.errors.find("uniform"), std::string::npos) << r.errors;
}

// The floating-point reductions are "inherited from" a sum in an order the text does not fix:
// 0.1 four times is a set around 0.4, not one rounding of it.
TEST(Subgroups, FloatReductionsAreSets) {
  std::string src = program(4, "out[i] = subgroupAdd(0.1f + f32(i) * 0.0f);", "array<f32, 4>");
  Ran r = run(current(), src, linear(4, 4));
  auto w = wordSets(r);
  ASSERT_EQ(w.size(), 1u) << r.report.json.dump();
  auto word = nlohmann::json::parse(w.begin()->at(0));
  ASSERT_TRUE(word.contains("range")) << word.dump();
  EXPECT_LE(word["range"][0].get<double>(), 0.4000000059604645);
  EXPECT_GE(word["range"][1].get<double>(), 0.4000000059604645);  // 0.4f
  EXPECT_LT(word["range"][1].get<double>() - word["range"][0].get<double>(), 1e-6);
}

// new#subgroup-invocation-id-builtin-value, new#subgroup-size-builtin-value: with the linear
// layout, a workgroup of 8 is one subgroup of 8 or two of 4 and the IDs follow
// local_invocation_index; a subgroup size of 16 or more reports that size for the same
// grouping, which reading subgroup_size tells apart (every allowed size is explored).
TEST(Subgroups, SubgroupInvocationIdAndSize) {
  std::string src =
      "enable subgroups;\n@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;\n"
      "@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32,\n"
      "    @builtin(subgroup_invocation_id) id: u32, @builtin(subgroup_size) size: u32) {\n"
      "  out[i] = id + size * 100u;\n}\n";
  Ran r = run(current(), src, linear(4, 16));
  EXPECT_EQ(exactOutcomes(r), (Words{{400, 401, 402, 403, 400, 401, 402, 403},
                                     {800, 801, 802, 803, 804, 805, 806, 807},
                                     {1600, 1601, 1602, 1603, 1604, 1605, 1606, 1607}}));
  EXPECT_EQ(r.report.json["subgroups"]["sizes"], (std::vector<uint32_t>{4, 8, 16}));
  // The IDs are dense in each subgroup whatever the grouping (the default, every layout):
  // a subgroup of n invocations has the IDs 0 .. n-1, n at most the size.
  std::string four = src;
  four.replace(four.find("workgroup_size(8)"), 17, "workgroup_size(4)");
  DispatchOptions any;
  any.subgroups.minSize = any.subgroups.maxSize = 4;
  Words w = exactOutcomes(run(current(), four, any));
  EXPECT_TRUE(w.count({400, 401, 402, 403, 0, 0, 0, 0}));
  EXPECT_TRUE(w.count({400, 400, 400, 400, 0, 0, 0, 0})) << "subgroups of one";
  EXPECT_TRUE(w.count({403, 402, 401, 400, 0, 0, 0, 0}));
  EXPECT_TRUE(w.count({401, 400, 400, 401, 0, 0, 0, 0})) << "two subgroups of two";
  for (const std::vector<uint32_t>& o : w) {
    std::vector<uint32_t> ids(4);
    for (size_t k = 0; k < 4; ++k) {
      EXPECT_EQ(o[k] / 100, 4u);
      ids[k] = o[k] % 100;
    }
    // Dense: as many invocations with ID k as with ID k+1.
    for (uint32_t k = 0; k + 1 < 4; ++k)
      EXPECT_GE(std::count(ids.begin(), ids.end(), k), std::count(ids.begin(), ids.end(), k + 1));
  }
}

// new#subgroup-id-builtin-value, new#num-subgroups-builtin-value (the subgroup_id language
// feature): each workgroup's subgroups are numbered 0 .. num_subgroups - 1, and "there is no
// defined relationship between subgroup values ... and local_invocation_index", so with
// the default layouts either subgroup of a workgroup of 8 split in two may be subgroup 0.
TEST(Subgroups, SubgroupIdAndNumSubgroups) {
  std::string src =
      "enable subgroups;\nrequires subgroup_id;\n"
      "@group(0) @binding(0) var<storage, read_write> out: array<u32, 16>;\n"
      "@compute @workgroup_size(8) fn main(@builtin(global_invocation_id) g: vec3u,\n"
      "    @builtin(subgroup_id) sid: u32, @builtin(num_subgroups) n: u32) {\n"
      "  out[g.x] = sid + n * 10u;\n}\n";
  DispatchOptions two = linear(4, 8);
  two.dispatch = {2, 1, 1};
  Ran r = run(current(), src, two);
  EXPECT_EQ(exactOutcomes(r),
            (Words{{20, 20, 20, 20, 21, 21, 21, 21, 20, 20, 20, 20, 21, 21, 21, 21},
                   {10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10}}));
  // Every numbering (the default layouts): with four invocations in two subgroups, either may
  // be subgroup 0.
  DispatchOptions any;
  any.subgroups.minSize = any.subgroups.maxSize = 4;
  std::string four = src;
  four.replace(four.find("workgroup_size(8)"), 17, "workgroup_size(4)");
  Words w = exactOutcomes(run(current(), four, any));
  EXPECT_TRUE(w.count({20, 20, 21, 21, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_TRUE(w.count({21, 21, 20, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_TRUE(w.count({30, 31, 31, 32, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_TRUE(w.count({43, 42, 41, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  for (const std::vector<uint32_t>& o : w)
    for (size_t k = 0; k < 4; ++k) EXPECT_LT(o[k] % 10, o[k] / 10) << "subgroup_id < num_subgroups";
  // The seed has no such built-in values.
  EXPECT_FALSE(run(Revision::wgsl2022_06(), src).report.ran);
}

// Without `enable subgroups` the program is rejected; the seed has no subgroups at all.
TEST(Subgroups, TheSeedHasNoSubgroups) {
  std::string src = program(4, "out[i] = subgroupAdd(1u);", "array<u32, 4>");
  EXPECT_FALSE(run(Revision::wgsl2022_06(), src).report.ran);
  std::string noEnable = src.substr(std::string("enable subgroups;\n").size());
  EXPECT_FALSE(run(current(), noEnable).report.ran);
}

// new#subgroup-size-attr: `@subgroup_size(n)` "specifies the subgroup size": the only size a
// dispatch explores (enable subgroup_size_control enables subgroups); outside the device's
// range it is a pipeline-creation error, and nothing runs. The seed has neither.
TEST(Subgroups, TheSubgroupSizeAttributeFixesTheSize) {
  std::string src =
      "enable subgroup_size_control;\n@group(0) @binding(0) var<storage, read_write> out: "
      "array<u32, 8>;\n@compute @workgroup_size(8) @subgroup_size(4) fn main("
      "@builtin(local_invocation_index) i: u32, @builtin(subgroup_size) s: u32) {\n"
      "  out[i] = s * 100u + subgroupAdd(1u);\n}\n";
  Ran r = run(current(), src, linear());
  EXPECT_EQ(exactOutcomes(r), (Words{{404, 404, 404, 404, 404, 404, 404, 404}}));
  EXPECT_EQ(r.report.json["subgroups"]["sizes"], (std::vector<uint32_t>{4}));
  Ran outside = run(current(), src, linear(8, 128));
  EXPECT_FALSE(outside.report.ran);
  EXPECT_NE(outside.errors.find("@subgroup_size(4) is outside"), std::string::npos)
      << outside.errors;
  EXPECT_FALSE(run(Revision::wgsl2022_06(), src).report.ran);
}

// ---- Subgroups in a draw's fragment stage (chooseFragmentSubgroupLayout)

/// Runs a fragment shader over `fragments` (pixels) and gives each outcome's @location(0)
/// outputs, one u32 per fragment in the report's order (helpers have none).
Words fragmentOutcomes(const Revision& revision, const std::string& source,
                       const nlohmann::json& fragments, const DispatchOptions& options = {},
                       std::string* errors = nullptr) {
  auto file = std::make_unique<SourceFile>("f.wgsl", source);
  RunRequest request;
  request.revision = &revision;
  request.zeroMissingBindings = true;
  request.dispatch = options;
  request.bindings = {{"format", "plumb-bindings"},
                      {"version", 1},
                      {"bindings", nlohmann::json::array()},
                      {"fragment", {{"fragments", fragments}}}};
  RunReport report = runShader(*file, request);
  std::string text;
  for (const Diagnostic& d : report.diagnostics.all()) text += renderText(d);
  for (const std::string& e : report.errors) text += e + "\n";
  if (errors) *errors = text;
  Words out;
  if (!report.ran) return out;
  for (const auto& o : report.json["outcomes"]) {
    EXPECT_EQ(o["kind"], "finished") << o.dump();
    std::vector<uint32_t> words;
    for (const auto& inv : o["invocations"]) {
      const auto& w = inv["locations"]["0"][0];
      EXPECT_TRUE(w.contains("exact")) << w.dump();
      if (w.contains("exact"))
        words.push_back(
            static_cast<uint32_t>(std::stoul(w["exact"].get<std::string>(), nullptr, 16)));
    }
    out.insert(words);
  }
  return out;
}

const nlohmann::json kOneQuad = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};

std::string fragmentProgram(const std::string& result, const std::string& parameters = "") {
  return "enable subgroups;\n@fragment fn main(@builtin(position) p: vec4<f32>" + parameters +
         ") -> @location(0) u32 {\n  let x = u32(p.x); let y = u32(p.y);\n"
         "  return " +
         result + ";\n}\n";
}

// new#subgroups: "Each quad will be contained in a single subgroup": a full quad drawn alone
// is one subgroup of four in every layout, whatever its numbering.
TEST(FragmentSubgroups, AQuadIsInOneSubgroup) {
  std::string errors;
  Words w = fragmentOutcomes(current(), fragmentProgram("subgroupAdd(1u)"), kOneQuad, {}, &errors);
  EXPECT_EQ(w, (Words{{4, 4, 4, 4}})) << errors;
  // Every numbering of its four invocations is explored: the ballot of x == 0 has two bits,
  // any two of the four.
  Words ballots = fragmentOutcomes(current(), fragmentProgram("subgroupBallot(x == 0u).x"),
                                   kOneQuad, {}, &errors);
  EXPECT_EQ(ballots.size(), 6u) << errors;  // the 2-bit masks of 4 bits
  EXPECT_TRUE(ballots.count({3, 3, 3, 3}));
  EXPECT_TRUE(ballots.count({5, 5, 5, 5}));
  // The seed has no subgroups.
  EXPECT_TRUE(
      fragmentOutcomes(Revision::wgsl2022_06(), fragmentProgram("subgroupAdd(1u)"), kOneQuad)
          .empty());
}

// new#quadswapx-builtin and the other quad operations in a fragment shader act on the draw's
// quad (new#fragment-shaders-helper-invocations: ID 0 upper-left, 1 upper-right, 2
// lower-left, 3 lower-right), not on subgroup invocation IDs.
TEST(FragmentSubgroups, QuadOperationsUseTheQuad) {
  std::string errors;
  // The report lists the fragments row by row: (0,0), (1,0), (0,1), (1,1).
  EXPECT_EQ(
      fragmentOutcomes(current(), fragmentProgram("quadSwapX(x + 10u * y)"), kOneQuad, {}, &errors),
      (Words{{1, 0, 11, 10}}))
      << errors;
  EXPECT_EQ(fragmentOutcomes(current(), fragmentProgram("quadSwapY(x + 10u * y)"), kOneQuad),
            (Words{{10, 11, 0, 1}}));
  EXPECT_EQ(fragmentOutcomes(current(), fragmentProgram("quadSwapDiagonal(x + 10u * y)"), kOneQuad),
            (Words{{11, 10, 1, 0}}));
  EXPECT_EQ(fragmentOutcomes(current(), fragmentProgram("quadBroadcast(x + 10u * y, 2)"), kOneQuad),
            (Words{{10, 10, 10, 10}}));
}

// new#subgroups: "Helper invocations may be active or inactive in an operation": one fragment
// whose quad is completed by three helpers counts itself and any of them.
TEST(FragmentSubgroups, HelpersMayBeActiveOrNot) {
  std::string errors;
  Words w = fragmentOutcomes(current(), fragmentProgram("subgroupAdd(1u)"), {{1, 1}}, {}, &errors);
  EXPECT_EQ(w, (Words{{1}, {2}, {3}, {4}})) << errors;
  // An inactive helper takes no part: the swap partner of (1,1) along x is the helper at
  // (0,1), whose value is then indeterminate (not exact: the word is any value).
  auto file = std::make_unique<SourceFile>("f.wgsl", fragmentProgram("quadSwapX(x + 10u * y)"));
  RunRequest request;
  request.revision = &current();
  request.zeroMissingBindings = true;
  request.bindings = {{"format", "plumb-bindings"},
                      {"version", 1},
                      {"bindings", nlohmann::json::array()},
                      {"fragment", {{"fragments", {{1, 1}}}}}};
  RunReport report = runShader(*file, request);
  ASSERT_TRUE(report.ran);
  bool exact10 = false, any = false;
  for (const auto& o : report.json["outcomes"]) {
    const auto& word = o["invocations"][0]["locations"]["0"][0];
    exact10 = exact10 || word.value("exact", "") == "0x0000000a";
    any = any || !word.contains("exact");
  }
  EXPECT_TRUE(exact10 && any) << report.json["outcomes"].dump();
}

// new#subgroup-size-builtin-value: "The subgroup size ... may not be a uniform value within a
// draw command": two quads in subgroups of their own may report different sizes, or share
// one subgroup (of 8 or more).
TEST(FragmentSubgroups, SizesAndIdsInADraw) {
  std::string errors;
  const nlohmann::json twoQuads = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {0, 1}, {1, 1}, {2, 1}, {3, 1}};
  DispatchOptions upTo8;
  upTo8.subgroups.maxSize = 8;
  upTo8.subgroups.linear = true;
  // Linear (the devices' grouping): one size for the draw, quads filling subgroups in order.
  Words linearSizes = fragmentOutcomes(
      current(), fragmentProgram("s * 100u + subgroupAdd(1u)", ", @builtin(subgroup_size) s: u32"),
      twoQuads, upTo8, &errors);
  EXPECT_EQ(linearSizes, (Words{{404, 404, 404, 404, 404, 404, 404, 404},
                                {808, 808, 808, 808, 808, 808, 808, 808}}))
      << errors;
  DispatchOptions any8;
  any8.subgroups.maxSize = 8;
  Words any = fragmentOutcomes(
      current(), fragmentProgram("s * 100u + subgroupAdd(1u)", ", @builtin(subgroup_size) s: u32"),
      twoQuads, any8, &errors);
  // The report's order: row 0 then row 1; quad A is x in {0, 1}, quad B x in {2, 3}.
  EXPECT_TRUE(any.count({404, 404, 804, 804, 404, 404, 804, 804})) << errors;
  EXPECT_TRUE(any.count({808, 808, 808, 808, 808, 808, 808, 808}));
  // Each in a subgroup of 8 of its own: fewer invocations than the size.
  EXPECT_TRUE(any.count({804, 804, 804, 804, 804, 804, 804, 804}));
  EXPECT_EQ(any.size(), 5u);
  for (const std::vector<uint32_t>& o : any)
    for (size_t k = 0; k < 8; ++k) {
      EXPECT_TRUE(o[k] % 100 == 4 || o[k] % 100 == 8) << "a quad is never split";
      EXPECT_EQ(o[k], o[(k / 2) * 2]) << "the two fragments of a quad's row agree";
      EXPECT_EQ(o[k], o[(k + 4) % 8]) << "and its two rows";
    }
  // The subgroup invocation IDs are dense in each subgroup: with subgroups of four, each
  // quad's four IDs are 0..3 in some order.
  DispatchOptions four;
  four.subgroups.minSize = four.subgroups.maxSize = 4;
  Words ids =
      fragmentOutcomes(current(), fragmentProgram("i", ", @builtin(subgroup_invocation_id) i: u32"),
                       kOneQuad, four, &errors);
  EXPECT_EQ(ids.size(), 24u) << errors;
  for (const std::vector<uint32_t>& o : ids) {
    std::vector<uint32_t> sorted = o;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, (std::vector<uint32_t>{0, 1, 2, 3}));
  }
}

// --subgroups-across-draws (SubgroupOptions::acrossDraws, docs/ambiguities.md G7): "In a
// fragment shader, a subgroup might contain invocations from multiple draw commands" with
// values Plumb cannot know: every subgroup operation of a fragment is then any value, and its
// subgroup invocation ID any ID below the size; the quad operations stay the quad's.
TEST(FragmentSubgroups, SubgroupsAcrossDrawsMakeSubgroupOperationsAnyValue) {
  auto words = [](const std::string& result, bool acrossDraws, const char* parameters = "") {
    auto file = std::make_unique<SourceFile>("f.wgsl", fragmentProgram(result, parameters));
    RunRequest request;
    request.revision = &current();
    request.zeroMissingBindings = true;
    request.dispatch.subgroups.minSize = request.dispatch.subgroups.maxSize = 4;
    request.dispatch.subgroups.acrossDraws = acrossDraws;
    request.bindings = {{"format", "plumb-bindings"},
                        {"version", 1},
                        {"bindings", nlohmann::json::array()},
                        {"fragment", {{"fragments", kOneQuad}}}};
    RunReport report = runShader(*file, request);
    EXPECT_TRUE(report.ran);
    std::set<std::string> out;
    for (const auto& o : report.json["outcomes"])
      for (const auto& inv : o["invocations"]) out.insert(inv["locations"]["0"][0].dump());
    if (acrossDraws) {
      EXPECT_EQ(report.json["subgroups"]["acrossDraws"], true);
    }
    return out;
  };
  const std::set<std::string> any = {R"({"any":true})"};
  for (const char* op : {"subgroupAdd(1u)", "subgroupBallot(x == 0u).x",
                         "subgroupBroadcastFirst(x)", "subgroupShuffle(x, 1u)", "subgroupMax(x)"}) {
    EXPECT_NE(words(op, false), any) << op;  // one draw alone: known values
    EXPECT_EQ(words(op, true), any) << op;
  }
  // A bool result is either value: `select` of it is 0 or 1.
  const std::set<std::string> either = {R"({"set":["0x00000000","0x00000001"]})"};
  for (const char* op : {"select(0u, 1u, subgroupElect())", "select(0u, 1u, subgroupAll(x < 2u))"}) {
    EXPECT_NE(words(op, false), either) << op;
    EXPECT_EQ(words(op, true), either) << op;
  }
  // The quad operations are the quad's own.
  EXPECT_EQ(words("quadSwapX(x + 10u * y)", true),
            (std::set<std::string>{R"({"exact":"0x00000000"})", R"({"exact":"0x00000001"})",
                                   R"({"exact":"0x0000000a"})", R"({"exact":"0x0000000b"})"}));
  // subgroup_invocation_id: any of 0..3 (the size is 4) for each fragment.
  std::set<std::string> ids = words("i", true, ", @builtin(subgroup_invocation_id) i: u32");
  EXPECT_FALSE(ids.empty());
  for (const std::string& w : ids) EXPECT_EQ(w.find("any"), std::string::npos) << w;
}

}  // namespace
}  // namespace plumb::interp
