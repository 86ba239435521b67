// The dynamic rules that differ between the seed (2022-06) and current WGSL (2026): one program
// per Revision field the interpreter asks (semantics/wgsl/revision.h, "dynamic semantics"), run
// under both revisions, both results checked (docs/revision-2026.md).
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "interpreter/wgsl/run.h"
#include "runtime_test_fixture.h"

namespace plumb::interp {
namespace {

struct Ran {
  RunReport report;
  std::string errors;
};

Ran run(const Revision& revision, const std::string& source,
        const nlohmann::json& bindings = nullptr) {
  auto file = std::make_unique<SourceFile>("delta.wgsl", source);
  RunRequest request;
  request.revision = &revision;
  request.bindings = bindings;
  request.zeroMissingBindings = bindings.is_null();
  Ran r{runShader(*file, request), ""};
  for (const Diagnostic& d : r.report.diagnostics.all()) r.errors += renderText(d);
  for (const std::string& e : r.report.errors) r.errors += e + "\n";
  return r;
}

const Revision& seed() {
  return Revision::wgsl2022_06();
}
const Revision& current() {
  return Revision::wgsl2026();
}

/// The outcomes that stopped with a dynamic error.
size_t dynamicErrors(const Ran& r) {
  size_t n = 0;
  for (const auto& o : r.report.json["outcomes"])
    n += o["kind"] == "dynamic error" && o["stop"]["rule"] == "out-of-bounds-access-sec";
  return n;
}

/// Every finished outcome as the exact words of buffer `b` (fails on a word that is not
/// exact, and on a stop other than an out-of-bounds access's dynamic error).
std::set<std::vector<uint32_t>> outcomes(const Ran& r, size_t b = 0) {
  std::set<std::vector<uint32_t>> out;
  EXPECT_TRUE(r.report.ran) << r.errors;
  if (!r.report.ran) return out;
  EXPECT_TRUE(r.report.json["executions"]["complete"].get<bool>());
  for (const auto& o : r.report.json["outcomes"]) {
    if (o["kind"] == "dynamic error" && o["stop"]["rule"] == "out-of-bounds-access-sec") continue;
    EXPECT_EQ(o["kind"], "finished") << o.dump();
    std::vector<uint32_t> words;
    for (const auto& w : o["buffers"][b]["words"]) {
      EXPECT_TRUE(w.contains("exact")) << w.dump();
      if (w.contains("exact"))
        words.push_back(
            static_cast<uint32_t>(std::stoul(w["exact"].get<std::string>(), nullptr, 16)));
    }
    out.insert(words);
  }
  return out;
}

using Words = std::set<std::vector<uint32_t>>;

const char* kOut2 = "@group(0) @binding(0) var<storage, read_write> out: array<u32, 2>;\n";

// delta 3.8 (#3949): old#simple-assignment-section "Evaluates e, evaluates r";
// new#simple-assignment-section "Evaluates r, then evaluates e".
TEST(RevisionDeltaRun, AssignmentEvaluatesTheLeftHandSideFirstIn2026) {
  std::string src = std::string(kOut2) + R"(
var<private> n: u32 = 0u;
fn bump() -> u32 { n = n + 1u; return n; }
@compute @workgroup_size(1) fn main() {
  out[bump() - 1u] = bump() * 10u;
})";
  // Seed: the right-hand side first (bump() = 1, value 10), then the index bump() - 1 = 1.
  EXPECT_EQ(outcomes(run(seed(), src)), (Words{{0, 10}}));
  // 2026: the index first (bump() - 1 = 0), then the value (bump() = 2, 20).
  EXPECT_EQ(outcomes(run(current(), src)), (Words{{20, 0}}));
  EXPECT_EQ(run(current(), src).report.json["revision"], "2026");
  EXPECT_EQ(run(seed(), src).report.json["revision"], "2022-06");
}

// Compound assignment evaluates its left-hand side first in both revisions
// (#compound-assignment-sec: `e1 = e1 op (e2)`, e1 once).
TEST(RevisionDeltaRun, CompoundAssignmentIsTheSameInBothRevisions) {
  std::string src = std::string(kOut2) + R"(
var<private> n: u32 = 0u;
fn bump() -> u32 { n = n + 1u; return n; }
@compute @workgroup_size(1) fn main() {
  out[bump() - 1u] += bump() * 10u;
})";
  EXPECT_EQ(outcomes(run(seed(), src)), (Words{{20, 0}}));
  EXPECT_EQ(outcomes(run(current(), src)), (Words{{20, 0}}));
}

// delta 2.5 (#3956): a load through an invalid reference into a function, private or
// workgroup variable may read any location of the originating variable in 2026; the seed
// names only the buffer bound to it (zero, or (0,0,0,x) for a vec4).
TEST(RevisionDeltaRun, OutOfBoundsLoadOfAVariableMayReadItsOtherElementsIn2026) {
  for (const char* decl : {"var a = array<u32, 2>(7u, 8u);", "a = array<u32, 2>(7u, 8u);"}) {
    bool function = std::string(decl).starts_with("var");
    for (const char* space : {"private", "workgroup"}) {
      if (function && std::string(space) == "workgroup") continue;
      std::string module = function ? "" : "var<" + std::string(space) + "> a: array<u32, 2>;\n";
      std::string src = std::string(kOut2) + module + R"(
@compute @workgroup_size(1) fn main() {
  )" + decl + R"(
  var i = 3u;
  out[0] = a[i];
})";
      SCOPED_TRACE(function ? "function" : space);
      Ran old = run(seed(), src), now = run(current(), src);
      EXPECT_EQ(outcomes(old), (Words{{0, 0}}));
      EXPECT_EQ(outcomes(now), (Words{{0, 0}, {7, 0}, {8, 0}}));
      // new#out-of-bounds-access-sec: and a dynamic error, which the seed does not have.
      EXPECT_EQ(dynamicErrors(old), 0u);
      EXPECT_EQ(dynamicErrors(now), 1u);
    }
  }
}

// delta 2.5: a store through an invalid reference into a variable that is not a buffer may
// store to any of its locations in 2026; in the seed it is not executed.
TEST(RevisionDeltaRun, OutOfBoundsStoreToAVariableMayLandInItIn2026) {
  std::string src = std::string(kOut2) + R"(
@compute @workgroup_size(1) fn main() {
  var a = array<u32, 2>(7u, 8u);
  var i = 5u;
  a[i] = 1u;
  out[0] = a[0];
  out[1] = a[1];
})";
  EXPECT_EQ(outcomes(run(seed(), src)), (Words{{7, 8}}));
  EXPECT_EQ(outcomes(run(current(), src)), (Words{{7, 8}, {1, 8}, {7, 1}}));
  EXPECT_EQ(dynamicErrors(run(current(), src)), 1u);
}

// A buffer's invalid references are redirected in both revisions (old#originating-variable,
// new#out-of-bounds-access-sec): the same finished outcomes (2026 adds the dynamic error).
TEST(RevisionDeltaRun, OutOfBoundsStoreToABufferIsTheSameInBothRevisions) {
  std::string src = std::string(kOut2) + R"(
@compute @workgroup_size(1) fn main() {
  var i = 5u;
  out[i] = 1u;
})";
  Words both{{0, 0}, {1, 0}, {0, 1}};
  EXPECT_EQ(outcomes(run(seed(), src)), both);
  EXPECT_EQ(outcomes(run(current(), src)), both);
  EXPECT_EQ(dynamicErrors(run(seed(), src)), 0u);
  EXPECT_EQ(dynamicErrors(run(current(), src)), 1u);
}

// delta 2.6 (#4194): an out-of-bounds textureStore "will not be executed" in 2026; the seed
// allows a store to any texel too.
TEST(RevisionDeltaRun, OutOfBoundsTextureStoreIsNotExecutedIn2026) {
  std::string src = R"(
@group(0) @binding(0) var s: texture_storage_2d<r32uint, write>;
@compute @workgroup_size(1) fn main() {
  textureStore(s, vec2<i32>(-1, 0), vec4<u32>(7u));
})";
  nlohmann::json bindings = {
      {"format", "plumb-bindings"},
      {"version", 1},
      {"bindings", {{{"group", 0}, {"binding", 0}, {"texture", {{"size", {2, 1, 1}}}}}}}};
  Ran old = run(seed(), src, bindings);
  ASSERT_TRUE(old.report.ran) << old.errors;
  EXPECT_EQ(old.report.json["outcomes"].size(), 3u);  // not executed, texel 0, texel 1
  Ran now = run(current(), src, bindings);
  ASSERT_TRUE(now.report.ran) << now.errors;
  EXPECT_EQ(now.report.json["outcomes"].size(), 1u);  // not executed
}

// delta 3.4: `>>` on i32 copies the sign bit by the 2026 text; the seed's letter
// (--literal-shift-right, docs/ambiguities.md S3) is not a reading of 2026.
TEST(RevisionDeltaRun, LiteralShiftRightIsASeedReadingOnly) {
  std::string src = std::string(kOut2) + R"(
@compute @workgroup_size(1) fn main() {
  var x = -8i;
  out[0] = bitcast<u32>(x >> 1u);
})";
  auto file = std::make_unique<SourceFile>("shift.wgsl", src);
  RunRequest request;
  request.zeroMissingBindings = true;
  request.check.literalShiftRight = true;
  RunReport literal = runShader(*file, request);
  ASSERT_TRUE(literal.ran);
  EXPECT_EQ(literal.json["outcomes"][0]["buffers"][0]["words"][0]["exact"], "0x7ffffffc");
  request.revision = &current();
  RunReport refused = runShader(*file, request);
  EXPECT_FALSE(refused.ran);
  ASSERT_EQ(refused.errors.size(), 1u);
  EXPECT_NE(refused.errors[0].find("new#bit-expr"), std::string::npos) << refused.errors[0];
  EXPECT_EQ(outcomes(run(current(), src)), (Words{{0xfffffffc, 0}}));
}

// delta 7.1: new#concrete-float-accuracy (Revision::currentAccuracyTable), on the built-in
// functions as functions of their arguments.
class RevisionAccuracy : public testing::RuntimeTest {
 protected:
  FloatSet under(const Revision& revision, std::string_view name, std::vector<RValue> args) {
    for (const Overload& o : overloads.candidates(OverloadKind::Builtin, name)) {
      if (o.parameters.size() != args.size()) continue;
      Bindings b(o.wildcards);
      bool match = true;
      for (size_t i = 0; i < args.size() && match; ++i)
        match = matchPattern(types, o.parameters[i], args[i].type, b);
      if (!match) continue;
      OperationResult r = callBuiltin(types, o, instantiate(types, o.result, b), args, revision);
      EXPECT_TRUE(r.ok()) << r.unsupported;
      if (!r.ok() || r.alternatives.size() != 1) return FloatSet::anyValue();
      return set(r.alternatives[0]);
    }
    ADD_FAILURE() << "no overload of " << name;
    return {};
  }
};

// acos, asin: "the worse of" an absolute error (6.77e-5, 6.81e-5) and the inherited value in
// 2026; the seed has only the inherited value (atan2's 4096 ULP, far tighter where the result
// is small: asin near 0, acos near 1).
TEST_F(RevisionAccuracy, AcosAndAsinAllowAnAbsoluteErrorIn2026) {
  double a = static_cast<float>(0.001), b = static_cast<float>(0.9999);
  for (auto [name, x, exact, error] : {std::tuple{"asin", a, std::asin(a), 6.81e-5},
                                       std::tuple{"acos", b, std::acos(b), 6.77e-5}}) {
    SCOPED_TRACE(name);
    FloatSet old = under(seed(), name, {f32(x)});
    FloatSet now = under(current(), name, {f32(x)});
    ASSERT_FALSE(old.any);
    ASSERT_FALSE(now.any);
    EXPECT_GT(old.lo, exact - error / 2);  // the seed's set is narrower than the bound
    EXPECT_LT(old.hi, exact + error / 2);
    EXPECT_LE(now.lo, exact - error * 0.999);  // 2026 holds the whole absolute bound
    EXPECT_GE(now.hi, exact + error * 0.999);
    EXPECT_LE(now.lo, old.lo);  // and everything the seed allows
    EXPECT_GE(now.hi, old.hi);
  }
}

// tanh: the worse of an absolute error of 1.0e-5 and the inherited value, in 2026.
TEST_F(RevisionAccuracy, TanhAllowsAnAbsoluteErrorIn2026) {
  FloatSet old = under(seed(), "tanh", {f32(0.25)});
  FloatSet now = under(current(), "tanh", {f32(0.25)});
  double exact = std::tanh(0.25);
  ASSERT_FALSE(old.any);
  ASSERT_FALSE(now.any);
  EXPECT_GT(old.lo, exact - 0.5e-5);
  EXPECT_LE(now.lo, exact - 0.99e-5);  // within an f32 ULP of the bound
  EXPECT_GE(now.hi, exact + 0.99e-5);
}

// atan2: 2026 bounds it only for |x| in [2^-126, 2^126] and y finite and normal; outside,
// any value (docs/ambiguities.md R20). Inside, the same 4096 ULP.
TEST_F(RevisionAccuracy, Atan2IsBoundedOnlyOnItsRangeIn2026) {
  EXPECT_FALSE(under(seed(), "atan2", {f32(0.0), f32(1.0)}).any);
  EXPECT_TRUE(under(current(), "atan2", {f32(0.0), f32(1.0)}).any);  // y = 0 is not normal
  EXPECT_FALSE(under(seed(), "atan2", {f32(1.0), f32(0x1p-130)}).any);
  EXPECT_TRUE(under(current(), "atan2", {f32(1.0), f32(0x1p-130)}).any);
  EXPECT_EQ(under(seed(), "atan2", {f32(1.0), f32(2.0)}),
            under(current(), "atan2", {f32(1.0), f32(2.0)}));
}

// min, max: "if both inputs are subnormal, either input may be returned" (2026 only).
TEST_F(RevisionAccuracy, MinAndMaxOfSubnormalsMayReturnEitherInputIn2026) {
  double a = -0x1p-140, b = -0x1p-145;  // two negative f32 subnormals
  FloatSet old = under(seed(), "max", {f32(a), f32(b)});
  FloatSet now = under(current(), "max", {f32(a), f32(b)});
  EXPECT_FALSE(old.contains(a));  // the seed: max, or a flushed zero
  EXPECT_TRUE(old.contains(b));
  EXPECT_TRUE(now.contains(a));  // 2026: either input
  EXPECT_TRUE(now.contains(b));
  // Normal inputs: the same in both revisions.
  EXPECT_EQ(under(seed(), "max", {f32(-1.0), f32(-2.0)}), under(current(), "max", {f32(-1.0), f32(-2.0)}));
}

// The accuracy table reaches run time through the module's revision (the machine).
TEST(RevisionDeltaRun, TheMachineUsesTheRevisionsAccuracyTable) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<f32, 1>;
@compute @workgroup_size(1) fn main() {
  var x = 0.001;
  out[0] = asin(x);
})";
  auto word = [&](const Revision& r) {
    Ran ran = run(r, src);
    EXPECT_TRUE(ran.report.ran) << ran.errors;
    return ran.report.json["outcomes"][0]["buffers"][0]["words"][0];
  };
  nlohmann::json old = word(seed()), now = word(current());
  ASSERT_TRUE(old.contains("interval")) << old.dump();
  ASSERT_TRUE(now.contains("interval")) << now.dump();
  EXPECT_NE(old, now);
}

// delta 7.2 (#3925), new#memory-operation: "A write access to a component of a vector may
// access all memory locations associated with that vector"
// (Revision::vectorComponentWriteMayAccessVector): two invocations writing different
// components of one workgroup vector race in 2026, and each component may end up holding the
// value the other invocation found there; in the seed they touch different locations.
TEST(RevisionDeltaRun, VectorComponentWritesMayRaceIn2026) {
  std::string src = std::string(kOut2) + R"(
var<workgroup> v: vec2<u32>;
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  v[i] = i + 1u;
  workgroupBarrier();
  out[i] = v[i];
})";
  Ran old = run(seed(), src);
  EXPECT_EQ(outcomes(old), (Words{{1, 2}}));
  EXPECT_FALSE(old.report.json.contains("races"));
  Ran now = run(current(), src);
  ASSERT_TRUE(now.report.ran) << now.errors;
  ASSERT_TRUE(now.report.json.contains("races")) << now.report.json.dump();
  // Each component: its own write, or the zero the other invocation wrote back.
  std::set<std::string> first, second;
  for (const auto& o : now.report.json["outcomes"]) {
    first.insert(o["buffers"][0]["words"][0].dump());
    second.insert(o["buffers"][0]["words"][1].dump());
  }
  auto holds = [](const std::set<std::string>& words, const char* bits) {
    for (const std::string& w : words)
      if (w.find(bits) != std::string::npos || w.find("any") != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(holds(first, "00000001") && holds(first, "00000000")) << now.report.json.dump();
  EXPECT_TRUE(holds(second, "00000002") && holds(second, "00000000")) << now.report.json.dump();
}

/// A one-vertex draw of `source` (entry `main`) whose input @location(0) is `a`.
Ran draw(const Revision& revision, const std::string& source, double a) {
  nlohmann::json b = {
      {"format", "plumb-bindings"},
      {"version", 1},
      {"bindings", nlohmann::json::array()},
      {"vertex", {{"version", 1}, {"vertexCount", 1}, {"attributes", {{"0", {{"values", {a}}}}}}}}};
  return run(revision, source, b);
}

/// The kinds of a draw's outcomes, with the rule of each dynamic error: "finished",
/// "dynamic error position-builtin-value".
std::multiset<std::string> outcomeKinds(const Ran& r) {
  std::multiset<std::string> out;
  EXPECT_TRUE(r.report.ran) << r.errors;
  for (const auto& o : r.report.json["outcomes"])
    out.insert(o["kind"] == "dynamic error"
                   ? "dynamic error " + o["stop"]["rule"].get<std::string>()
                   : o["kind"].get<std::string>());
  return out;
}

// delta 8 (#4887), new#position-builtin-value (Revision::positionWZeroIsDynamicError): "A
// dynamic error occurs if the w coordinate is zero". The seed says nothing of w = 0
// (docs/ambiguities.md D6): the draw finishes with the output as it is.
TEST(RevisionDeltaRun, AZeroPositionWIsADynamicErrorIn2026) {
  const char* src = R"(
@vertex fn main(@location(0) a: f32) -> @builtin(position) vec4<f32> {
  return vec4<f32>(1.0, 2.0, 0.5, a);
})";
  using Kinds = std::multiset<std::string>;
  // w = 0 (and -0: the sign of a zero is not tracked): the dynamic error only.
  for (double zero : {0.0, -0.0}) {
    Ran now = draw(current(), src, zero);
    EXPECT_EQ(outcomeKinds(now), (Kinds{"dynamic error position-builtin-value"}))
        << now.report.json.dump();
    EXPECT_NE(now.report.json["outcomes"][0]["message"].get<std::string>().find("vertex(0,0)"),
              std::string::npos);
    EXPECT_EQ(outcomeKinds(draw(seed(), src, zero)), (Kinds{"finished"}));
  }
  // w = 1: no error in either revision.
  EXPECT_EQ(outcomeKinds(draw(current(), src, 1.0)), (Kinds{"finished"}));
  EXPECT_EQ(outcomeKinds(draw(seed(), src, 1.0)), (Kinds{"finished"}));
  // A struct output's position member is checked too.
  const char* member = R"(
struct Out { @location(0) c: f32, @builtin(position) p: vec4<f32> }
@vertex fn main(@location(0) a: f32) -> Out {
  return Out(a, vec4<f32>(0.0, 0.0, 0.0, a * 2.0));
})";
  EXPECT_EQ(outcomeKinds(draw(current(), member, 0.0)),
            (Kinds{"dynamic error position-builtin-value"}));
  EXPECT_EQ(outcomeKinds(draw(current(), member, 3.0)), (Kinds{"finished"}));
}

// A w whose set holds zero and other values (sin(0) is within 2^-11 of 0 in f32, #floating-
// point-accuracy): both outcomes under 2026 (never narrower than the text), the finished one
// under the seed; the choice is named in the report.
TEST(RevisionDeltaRun, APositionWThatMayBeZeroGivesBothOutcomesIn2026) {
  const char* src = R"(
@vertex fn main(@location(0) a: f32) -> @builtin(position) vec4<f32> {
  return vec4<f32>(1.0, 2.0, 0.5, sin(a));
})";
  using Kinds = std::multiset<std::string>;
  Ran now = draw(current(), src, 0.0);
  EXPECT_EQ(outcomeKinds(now), (Kinds{"dynamic error position-builtin-value", "finished"}))
      << now.report.json.dump();
  EXPECT_NE(now.report.json.dump().find("dynamic error of a zero position.w at vertex(0,0)"),
            std::string::npos)
      << now.report.json.dump();
  EXPECT_EQ(outcomeKinds(draw(seed(), src, 0.0)), (Kinds{"finished"}));
  // sin(1) is far from zero: no error.
  EXPECT_EQ(outcomeKinds(draw(current(), src, 1.0)), (Kinds{"finished"}));
}

// new#workgroupUniformLoad-builtin (Revision::currentBuiltins): a control barrier, the load of
// *p, returned to every invocation (docs/ambiguities.md M20): invocation 0's writes before it
// are seen by all four invocations, without a race, of a plain and of an atomic variable.
// After it, invocation 0 writes again: the loads are ordered before that write by the second
// barrier (no race). The seed has no such built-in.
TEST(RevisionDeltaRun, WorkgroupUniformLoadIsABarrierAndALoad) {
  std::string src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
var<workgroup> w: u32;
var<workgroup> a: atomic<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 0u) {
    w = 7u;
    atomicStore(&a, 9u);
  }
  let v = workgroupUniformLoad(&w);
  let b = workgroupUniformLoad(&a);
  if (i == 0u) {
    w = 1u;
  }
  out[i] = v + b * 100u;
})";
  Ran now = run(current(), src);
  EXPECT_EQ(outcomes(now), (Words{{907, 907, 907, 907}})) << now.report.json.dump();
  EXPECT_FALSE(now.report.json.contains("races")) << now.report.json.dump();
  EXPECT_FALSE(run(seed(), src).report.ran);
}

}  // namespace
}  // namespace plumb::interp

namespace plumb::interp {
namespace {

// The texels a storage texture holds after the run, as the words of every outcome: word 0 of
// binding `b` (the texture's first texel's first channel), as JSON.
std::set<std::string> firstTexelWords(const Ran& r, size_t b) {
  std::set<std::string> out;
  for (const auto& o : r.report.json["outcomes"]) out.insert(o["buffers"][b]["words"][0].dump());
  return out;
}

bool holds(const std::set<std::string>& words, const char* bits) {
  for (const std::string& w : words)
    if (w.find(bits) != std::string::npos || w.find("any") != std::string::npos) return true;
  return false;
}

nlohmann::json textureAndBuffer() {
  return {{"format", "plumb-bindings"},
          {"version", 1},
          {"bindings",
           {{{"group", 0}, {"binding", 0}, {"texture", {{"size", {2, 1, 1}}}}},
            {{"group", 0}, {"binding", 1}, {"size", 8}}}}};
}

// delta 7.2 (#4913): texel accesses are memory operations (new#memory-model: handle-space
// reads and writes are non-private); the seed's model is silent on textures, but two stores of
// different invocations to one texel leave either value in both revisions (races.h), never the
// one schedule the machine ran.
TEST(RevisionDeltaRun, UnorderedTextureStoresToOneTexelRaceInBothRevisions) {
  std::string src = R"(
@group(0) @binding(0) var s: texture_storage_2d<r32uint, write>;
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  textureStore(s, vec2<u32>(0u, 0u), vec4<u32>(i + 1u));
})";
  nlohmann::json bindings = {
      {"format", "plumb-bindings"},
      {"version", 1},
      {"bindings", {{{"group", 0}, {"binding", 0}, {"texture", {{"size", {2, 1, 1}}}}}}}};
  for (const Revision* r : {&seed(), &current()}) {
    Ran ran = run(*r, src, bindings);
    ASSERT_TRUE(ran.report.ran) << ran.errors;
    EXPECT_TRUE(ran.report.json.contains("races")) << r->name;
    std::set<std::string> w = firstTexelWords(ran, 0);
    EXPECT_TRUE(holds(w, "00000001") && holds(w, "00000002")) << r->name << ran.report.json.dump();
  }
}

// new#textureBarrier-builtin (delta 2.6, 7.2): textureBarrier is a control barrier with
// ImageMemory semantics (new#memory-semantics): a texel stored before it is what another
// invocation of the workgroup loads after it. Without it the load races with the store and
// may read the texel's old value; workgroupBarrier does not order texel accesses. The seed
// has neither read_write storage textures nor textureBarrier.
TEST(RevisionDeltaRun, TextureBarrierOrdersTexelAccessesIn2026) {
  auto program = [](const std::string& barrier) {
    return R"(
@group(0) @binding(0) var t: texture_storage_2d<r32uint, read_write>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 2>;
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  if i == 0u { textureStore(t, vec2<u32>(0u, 0u), vec4<u32>(5u)); }
  )" + barrier +
           R"(;
  if i == 1u { out[1] = textureLoad(t, vec2<u32>(0u, 0u)).x; }
})";
  };
  Ran ordered = run(current(), program("textureBarrier()"), textureAndBuffer());
  EXPECT_EQ(outcomes(ordered, 1), (Words{{0, 5}})) << ordered.report.json.dump();
  EXPECT_FALSE(ordered.report.json.contains("races"));
  for (const char* b : {"workgroupBarrier()", "storageBarrier()", "_ = 0"}) {
    Ran racy = run(current(), program(b), textureAndBuffer());
    ASSERT_TRUE(racy.report.ran) << racy.errors;
    EXPECT_TRUE(racy.report.json.contains("races")) << b;
    std::set<std::string> second;
    for (const auto& o : racy.report.json["outcomes"])
      second.insert(o["buffers"][1]["words"][1].dump());
    EXPECT_TRUE(holds(second, "00000005") && holds(second, "00000000"))
        << b << racy.report.json.dump();
  }
  EXPECT_FALSE(run(seed(), program("textureBarrier()"), textureAndBuffer()).report.ran);
}

// new#switch-statement (Revision::switchSelectorCommonType): an AbstractInt selector takes a
// u32 case selector's type, so 3000000000 (beyond i32) selects `case 3000000000u`; the seed
// concretizes the selector to i32 and rejects the program.
TEST(RevisionDeltaRun, SwitchOfAnAbstractSelectorWithU32Cases) {
  std::string src = std::string(kOut2) + R"(
@compute @workgroup_size(1) fn main() {
  switch 3000000000 {
    case 1u: { out[0] = 1u; }
    case 3000000000u: { out[0] = 2u; }
    default: { out[0] = 3u; }
  }
})";
  EXPECT_EQ(outcomes(run(current(), src)), (Words{{2, 0}}));
  EXPECT_FALSE(run(seed(), src).report.ran);
}

// new#declaration-and-scope (Revision::shadowPredeclared): `vec2u(...)` calls a module-scope
// function of that name, declared after the call, not the predeclared alias's constructor. In
// the seed `vec2u` is no type: the same call of the same function.
TEST(RevisionDeltaRun, AFunctionNamedLikeAPredeclaredTypeIsCalled) {
  std::string src = std::string(kOut2) + R"(
@compute @workgroup_size(1) fn main() {
  let v = vec2u(7u);
  out[0] = v.x;
  out[1] = v.y;
}
fn vec2u(a: u32) -> vec2<u32> { return vec2<u32>(a + 1u, a * 2u); })";
  EXPECT_EQ(outcomes(run(current(), src)), (Words{{8, 14}}));
  EXPECT_EQ(outcomes(run(seed(), src)), (Words{{8, 14}}));
}

}  // namespace
}  // namespace plumb::interp
