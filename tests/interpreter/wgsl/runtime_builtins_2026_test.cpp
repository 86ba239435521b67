// The built-in functions current WGSL adds (semantics/wgsl/builtin_function_table_2026.cpp) at run
// time: each row evaluated with operands the machine computes (a `var`, so nothing is a
// creation-time value), under revision 2026; the seed has no such function (the program is
// rejected), and the run-time numerics deltas of the existing built-ins (Revision fields
// bitcastMayFlush, frexpSubnormalIndeterminate, unpackNormalizedWithinThreeUlp) under both.
#include "run_2026_fixture.h"

#include <cmath>
#include <cstring>
#include <sstream>

namespace plumb::interp {
namespace {

using namespace testing2026;

const Revision& seed() {
  return Revision::wgsl2022_06();
}
const Revision& current() {
  return Revision::wgsl2026();
}

uint32_t bitsOf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

// new#saturate-float-builtin: "Returns clamp(e, 0.0, 1.0)", correctly rounded.
TEST(Builtins2026, SaturateClampsToTheUnitInterval) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
@compute @workgroup_size(1) fn main() {
  var x = vec4<f32>(-2.0, 0.25, 1.5, 1.0);
  let s = saturate(x);
  for (var i = 0u; i < 4u; i++) { out[i] = bitcast<u32>(s[i]); }
})";
  // A zero is both zeros (the sign of a zero is not tracked, #floating-point-evaluation).
  auto words = wordSets(run(current(), src));
  ASSERT_EQ(words.size(), 1u);
  EXPECT_EQ(*words.begin(),
            (std::vector<std::string>{R"({"set":["0x00000000","0x80000000"]})",
                                      R"({"exact":"0x3e800000"})", R"({"exact":"0x3f800000"})",
                                      R"({"exact":"0x3f800000"})"}));
  EXPECT_NE(run(seed(), src).errors, "") << "the seed has no saturate";
}

// A subnormal argument may be flushed (new#floating-point-evaluation): zero or itself.
TEST(Builtins2026, SaturateOfASubnormalIsItOrZero) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<f32, 1>;
@compute @workgroup_size(1) fn main() {
  var b = 3u;
  out[0] = saturate(bitcast<f32>(b));
})";
  Ran r = run(current(), src);
  auto words = wordSets(r);
  ASSERT_EQ(words.size(), 1u) << r.report.json.dump();
  auto w = nlohmann::json::parse(*words.begin()->begin());
  ASSERT_TRUE(w.contains("range")) << w.dump();
  EXPECT_EQ(w["range"][0].get<double>(), 0.0);
  EXPECT_EQ(w["range"][1].get<double>(), std::ldexp(3.0, -149));
}

// new#sign-builtin: integer overloads (the seed's sign takes floats only).
TEST(Builtins2026, IntegerSign) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<i32, 4>;
@compute @workgroup_size(1) fn main() {
  var v = vec3<i32>(-5, 0, 7);
  var m = -2147483647 - 1;
  let s = sign(v);
  out[0] = s.x; out[1] = s.y; out[2] = s.z; out[3] = sign(m);
})";
  EXPECT_EQ(exactOutcomes(run(current(), src)), (Words{{0xffffffffu, 0u, 1u, 0xffffffffu}}));
  EXPECT_NE(run(seed(), src).errors, "");
}

// new#pack4xI8-builtin .. new#unpack4xU8-builtin, new#dot4U8Packed-builtin,
// new#dot4I8Packed-builtin (packed_4x8_integer_dot_product): component i in bits 8i..8i+7.
TEST(Builtins2026, PackedFourByEightIntegers) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 12>;
@compute @workgroup_size(1) fn main() {
  var a = vec4<i32>(-1, 2, -128, 127);
  var b = vec4<u32>(1u, 2u, 3u, 511u);
  var c = vec4<i32>(-300, 300, 5, -5);
  var d = vec4<u32>(300u, 5u, 0u, 255u);
  out[0] = pack4xI8(a);
  out[1] = pack4xU8(b);
  out[2] = pack4xI8Clamp(c);
  out[3] = pack4xU8Clamp(d);
  var w = 0xfb057f80u;
  let i = unpack4xI8(w);
  out[4] = bitcast<u32>(i.x); out[5] = bitcast<u32>(i.y); out[6] = bitcast<u32>(i.z); out[7] = bitcast<u32>(i.w);
  let u = unpack4xU8(w);
  out[8] = u.x + (u.w << 8u);
  var p = pack4xI8(vec4<i32>(1, -2, 3, -4));
  var q = pack4xI8(vec4<i32>(5, 6, -7, 8));
  out[9] = bitcast<u32>(dot4I8Packed(p, q));
  var r = 0x01020304u;
  out[10] = dot4U8Packed(r, 0x05060708u);
  out[11] = dot4U8Packed(0xffffffffu, r + 0xfefdfcfbu);
})";
  // 1*5 + (-2)*6 + 3*(-7) + (-4)*8 = -60; 4*8 + 3*7 + 2*6 + 1*5 = 70; 4 * 255 * 255 = 260100.
  EXPECT_EQ(exactOutcomes(run(current(), src)),
            (Words{{0x7f8002ffu, 0xff030201u, 0xfb057f80u, 0xff0005ffu, 0xffffff80u, 0x7fu, 5u,
                    0xfffffffbu, 0x80u + (0xfbu << 8), uint32_t(-60), 70u, 260100u}}));
  EXPECT_NE(run(seed(), src).errors, "");
}

// delta 6.2 (#4640), new#floating-point-evaluation: the intermediate result of a
// bit-reinterpretation may be flushed (Revision::bitcastMayFlush); the seed keeps the bits.
TEST(Builtins2026, BitcastOfASubnormalMayBeFlushed) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 1>;
@compute @workgroup_size(1) fn main() {
  var b = 1u;
  out[0] = bitcast<u32>(bitcast<f32>(b));
})";
  EXPECT_EQ(exactOutcomes(run(seed(), src)), (Words{{1u}}));
  // 2026: the subnormal 2^-149 or a zero: the bits of an f32 of the set [0, 2^-149] (kept as
  // the set until an operation needs the integer, docs/ambiguities.md M9; a zero of either
  // sign).
  Ran r = run(current(), src);
  auto words = wordSets(r);
  ASSERT_EQ(words.size(), 1u) << r.report.json.dump();
  auto w = nlohmann::json::parse(words.begin()->at(0));
  EXPECT_EQ(w["interval"], nlohmann::json({"0x00000000", "0x00000001"})) << w.dump();
}

// The other direction: a subnormal f32 operand's bits may be those of a zero.
TEST(Builtins2026, BitcastOfASubnormalOperandMayReadZero) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 1>;
@group(0) @binding(1) var<storage, read> x: f32;
@compute @workgroup_size(1) fn main() {
  out[0] = bitcast<u32>(x);
})";
  auto file = [&](const Revision& rev) {
    auto f = std::make_unique<SourceFile>("t.wgsl", src);
    RunRequest q;
    q.revision = &rev;
    q.bindings = {{"format", "plumb-bindings"},
                  {"version", 1},
                  {"bindings",
                   {{{"group", 0}, {"binding", 0}, {"words", {0}}},
                    {{"group", 0}, {"binding", 1}, {"words", {7}}}}}};
    RunReport report = runShader(*f, q);
    std::set<std::string> out;
    EXPECT_TRUE(report.ran) << report.json.dump();
    for (const auto& o : report.json["outcomes"]) out.insert(o["buffers"][0]["words"][0].dump());
    return out;
  };
  EXPECT_EQ(file(seed()), (std::set<std::string>{R"({"exact":"0x00000007"})"}));
  std::set<std::string> now = file(current());
  std::string all;
  for (const std::string& s : now) all += s;
  EXPECT_NE(all.find("00000007"), std::string::npos) << all;
  EXPECT_NE(all.find("00000000"), std::string::npos) << all;
  EXPECT_NE(all.find("80000000"), std::string::npos) << all;
}

// delta 6.2, new#frexp-builtin: "Otherwise, e is subnormal, NaN, or infinite. The result
// fraction and exponent are indeterminate values" (Revision::frexpSubnormalIndeterminate);
// the seed decomposes 2^-139 exactly as 0.5 * 2^-138 (or, flushed, as zero). The significand
// member is `.sig` in the seed and `.fract` in 2026 (new#frexp-builtin).
TEST(Builtins2026, FrexpOfASubnormalIsIndeterminate) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 2>;
@compute @workgroup_size(1) fn main() {
  var b = 0x400u;
  let r = frexp(bitcast<f32>(b));
  out[0] = bitcast<u32>(r.MEMBER);
  out[1] = bitcast<u32>(r.exp);
})";
  // The seed: (0.5, -138) or, the input flushed, (0, 0): the fraction's set [0, 0.5] and the
  // exponent's {0, -138} in one outcome (M13).
  auto member = [](std::string text, const char* name) {
    text.replace(text.find("MEMBER"), 6, name);
    return text;
  };
  auto old = wordSets(run(seed(), member(src, "sig")));
  ASSERT_EQ(old.size(), 1u);
  EXPECT_EQ(nlohmann::json::parse(old.begin()->at(0))["range"], nlohmann::json({0.0, 0.5}));
  EXPECT_EQ(old.begin()->at(1), R"({"set":["0x00000000","0xffffff76"]})");
  Ran now = run(current(), member(src, "fract"));
  auto words = wordSets(now);
  ASSERT_EQ(words.size(), 1u) << now.report.json.dump();
  EXPECT_EQ(*words.begin(), (std::vector<std::string>{R"({"any":true})", R"({"any":true})"}));
  // A normal argument is decomposed exactly in both.
  std::string normal = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 2>;
@compute @workgroup_size(1) fn main() {
  var x = 12.0;
  let r = frexp(x);
  out[0] = bitcast<u32>(r.MEMBER);
  out[1] = bitcast<u32>(r.exp);
})";
  EXPECT_EQ(exactOutcomes(run(current(), member(normal, "fract"))), (Words{{bitsOf(0.75f), 4u}}));
  EXPECT_EQ(exactOutcomes(run(seed(), member(normal, "sig"))), (Words{{bitsOf(0.75f), 4u}}));
}

// delta 7.1 (#4225, #3992): unpack4x8unorm and the other normalized unpacks are within 3 ULP
// in 2026 (Revision::unpackNormalizedWithinThreeUlp); the seed has no row (Plumb: the f32
// division of the formula, 2.5 ULP, R6).
TEST(Builtins2026, NormalizedUnpackIsWithinThreeUlp) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<f32, 4>;
@compute @workgroup_size(1) fn main() {
  var w = 0xff008001u;
  out[0] = unpack4x8unorm(w).x;
  out[1] = unpack4x8unorm(w).y;
  out[2] = unpack4x8unorm(w).w;
  out[3] = unpack4x8snorm(w).y;
})";
  auto ranges = [&](const Revision& rev) {
    Ran r = run(rev, src);
    std::vector<std::pair<double, double>> out;
    EXPECT_TRUE(r.report.ran) << r.errors;
    if (!r.report.ran) return out;
    EXPECT_EQ(r.report.json["outcomes"].size(), 1u);
    for (const auto& w : r.report.json["outcomes"][0]["buffers"][0]["words"]) {
      if (w.contains("range")) {
        out.push_back({w["range"][0].get<double>(), w["range"][1].get<double>()});
      } else {
        float f;
        uint32_t bits = std::stoul(w["exact"].get<std::string>(), nullptr, 16);
        std::memcpy(&f, &bits, 4);
        out.push_back({f, f});
      }
    }
    return out;
  };
  auto old = ranges(seed()), now = ranges(current());
  ASSERT_EQ(old.size(), 4u);
  ASSERT_EQ(now.size(), 4u);
  double exact[] = {1.0 / 255, 128.0 / 255, 1.0, -1.0};
  for (size_t i = 0; i < 4; ++i) {
    SCOPED_TRACE(i);
    EXPECT_LE(now[i].first, old[i].first);
    EXPECT_GE(now[i].second, old[i].second);
    // Three ULP of the exact value on each side (the ULP of a value in [2^k, 2^(k+1)) is
    // 2^(k-23); at a power of two the smaller side's ULP is half).
    int e;
    std::frexp(std::fabs(exact[i]), &e);
    double ulp = std::ldexp(1.0, e - 1 - 23);
    EXPECT_LE(now[i].second, exact[i] + 3 * ulp);
    EXPECT_GE(now[i].first, exact[i] - 3 * ulp);
    EXPECT_GT(now[i].second - now[i].first, 4 * ulp * (std::fabs(exact[i]) == 1 ? 0.5 : 1))
        << now[i].first << " " << now[i].second;
  }
  // snorm's -128: -128/127 is below -1, so max(-1, ...) gives -1 exactly in the seed's
  // reading; 2026's 3 ULP are around the exact result -1.
  EXPECT_EQ(old[3], (std::pair<double, double>{-1.0, -1.0}));
  // The fused steps (machine_fusion.cpp, taken when nobody traces) use the module's revision
  // too: a traced run gives the same report.
  std::ostringstream trace;
  DispatchOptions traced;
  traced.trace = &trace;
  EXPECT_EQ(run(current(), src, traced).report.json["outcomes"],
            run(current(), src).report.json["outcomes"]);
}

}  // namespace
}  // namespace plumb::interp
