// The small-step machine (interpreter/machine*.cpp, dispatch.cpp): each statement and
// expression rule on programs with known results, invocations and barriers, atomics under
// every schedule, out-of-bounds choices, bindings, and the resource-limit outcomes.
#include <gtest/gtest.h>

#include <sstream>

#include "interpreter/wgsl/run.h"

namespace plumb::interp {
namespace {

struct Ran {
  RunReport report;
  std::string errors;
};

/// Options that dispatch `workgroups` (the rest as DispatchOptions has them).
DispatchOptions dispatchOf(std::array<uint32_t, 3> workgroups) {
  DispatchOptions o;
  o.dispatch = workgroups;
  return o;
}

Ran run(const std::string& source, const nlohmann::json& bindings = nullptr, DispatchOptions options = {},
        bool zeroMissing = true) {
  auto file = std::make_unique<SourceFile>("test.wgsl", source);
  RunRequest request;
  request.dispatch = options;
  request.bindings = bindings;
  request.zeroMissingBindings = zeroMissing;
  Ran r{runShader(*file, request), ""};
  for (const Diagnostic& d : r.report.diagnostics.all()) r.errors += renderText(d);
  for (const std::string& e : r.report.errors) r.errors += e + "\n";
  return r;
}

nlohmann::json words(const std::vector<uint32_t>& ws) {
  nlohmann::json a = nlohmann::json::array();
  for (uint32_t w : ws) a.push_back(w);
  return a;
}

nlohmann::json bind(uint32_t binding, const std::vector<uint32_t>& ws) {
  return {{"format", "plumb-bindings"},
          {"version", 1},
          {"bindings", {{{"group", 0}, {"binding", binding}, {"words", words(ws)}}}}};
}

/// The words of buffer `b` of the only outcome, as exact values (fails on anything else).
std::vector<int64_t> exactWords(const Ran& r, size_t b = 0) {
  std::vector<int64_t> out;
  EXPECT_TRUE(r.report.ran) << r.errors;
  if (!r.report.ran) return out;
  const auto& outcomes = r.report.json["outcomes"];
  EXPECT_EQ(outcomes.size(), 1u) << r.report.json.dump(1);
  if (outcomes.size() != 1) return out;
  EXPECT_EQ(outcomes[0]["kind"], "finished") << r.report.json.dump(1);
  for (const auto& w : outcomes[0]["buffers"][b]["words"]) {
    EXPECT_TRUE(w.contains("exact")) << w.dump();
    if (w.contains("exact")) out.push_back(std::stoll(w["exact"].get<std::string>(), nullptr, 16));
  }
  return out;
}

std::vector<int64_t> u(std::initializer_list<int64_t> v) { return v; }

const char* kOut4 = "@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\n";

TEST(Machine, IntegerArithmeticIsExactAndWraps) {
  auto r = run(std::string(kOut4) + R"(
@compute @workgroup_size(1) fn main() {
  var a = 4294967295u;
  out[0] = a + 2u;            // wraps modulo 2^32
  out[1] = 7u / 2u;
  var m = -2147483647 - 1;
  out[2] = u32(m / -1);       // i32 minimum / -1 (#arithmetic-expr formula)
  var z = 0u;
  out[3] = 13u % z + 13u / z; // remainder by zero is 0, division by zero gives e1
})");
  EXPECT_EQ(exactWords(r), u({1, 3, 0x80000000, 13}));
}

// Scalar integer operators take the machine's in-place path (Machine::concreteOperation); the
// same operators on vectors take applyOperator. Both must give the #arithmetic-expr and
// #bit-expr results on the edges (one integer kernel, never two answers).
TEST(Machine, ScalarAndVectorIntegerOperatorsAgreeOnTheEdges) {
  const char* ops[] = {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"};
  const int64_t values[] = {0, 1, -1, 2147483647, -2147483648LL, 31, 32, 33, -7, 7};
  std::string body;
  uint32_t n = 0;
  for (const char* op : ops)
    for (int64_t x : values)
      for (int64_t y : values) {
        // Run-time operands (variables are loaded, not creation-time values), i32 and u32.
        std::string rhs = std::string(op) == "<<" || std::string(op) == ">>" ? "u32(b)" : "b";
        body += "  { var a: i32 = " + std::to_string(x) + "; var b: i32 = " + std::to_string(y) + ";\n";
        body += "    let s = a " + std::string(op) + " " + rhs + ";\n";
        body += "    let v = vec2<i32>(a, a) " + std::string(op) + " vec2<" +
                (rhs == "b" ? std::string("i32") : std::string("u32")) + ">(" + rhs + ", " + rhs + ");\n";
        body += "    out[" + std::to_string(n) + "] = u32(s); out[" + std::to_string(n + 1) + "] = u32(v.y);\n";
        body += "    let su = u32(a) " + std::string(op) + " u32(b);\n";
        body += "    let vu = vec2<u32>(u32(a)) " + std::string(op) + " vec2<u32>(u32(b));\n";
        body += "    out[" + std::to_string(n + 2) + "] = su; out[" + std::to_string(n + 3) + "] = vu.x; }\n";
        n += 4;
      }
  std::string source = "@group(0) @binding(0) var<storage, read_write> out: array<u32, " + std::to_string(n) +
                       ">;\n@compute @workgroup_size(1) fn main() {\n" + body + "}\n";
  auto r = run(source);
  std::vector<int64_t> w = exactWords(r);
  ASSERT_EQ(w.size(), n) << r.errors;
  for (uint32_t k = 0; k < n; k += 2) EXPECT_EQ(w[k], w[k + 1]) << "word " << k;
  // Spot checks of the formulas themselves: i32 minimum / -1 and shifts modulo 32.
  auto at = [&](size_t op, size_t xi, size_t yi, size_t which) { return w[((op * 10 + xi) * 10 + yi) * 4 + which]; };
  EXPECT_EQ(at(3, 4, 2, 0), 0x80000000);  // i32 minimum / -1 = i32 minimum
  EXPECT_EQ(at(4, 4, 2, 0), 0);           // i32 minimum % -1 = 0
  EXPECT_EQ(at(8, 1, 6, 2), 1);           // 1u << 32u = 1u << 0u
  EXPECT_EQ(at(9, 2, 7, 0), 0xFFFFFFFF);  // -1 >> 33u = -1 >> 1u (sign copies, S3)
}

TEST(Machine, LoopWithContinuingAndBreakIf) {
  auto r = run(std::string(kOut4) + R"(
@compute @workgroup_size(1) fn main() {
  var i = 0u;
  var sum = 0u;
  loop {
    if i == 2u { i++; continue; }
    sum += i;
    continuing {
      i++;
      break if i >= 5u;
    }
  }
  out[0] = sum;  // 0 + 1 + 4: `continue` at 2 still runs the continuing construct (i: 3, 4)
  out[1] = i;
})");
  EXPECT_EQ(exactWords(r), u({5, 5, 0, 0}));
}

TEST(Machine, ForWhileAndBreak) {
  auto r = run(std::string(kOut4) + R"(
@compute @workgroup_size(1) fn main() {
  var s = 0u;
  for (var i = 0u; i < 10u; i++) {
    if i == 7u { break; }
    if i % 2u == 0u { continue; }
    s += i;   // 1 + 3 + 5
  }
  out[0] = s;
  var n = 100u;
  var steps = 0u;
  while n != 1u {
    if n % 2u == 0u { n = n / 2u; } else { n = 3u * n + 1u; }
    steps++;
  }
  out[1] = steps;  // Collatz(100) takes 25 steps
})");
  EXPECT_EQ(exactWords(r), u({9, 25, 0, 0}));
}

TEST(Machine, SwitchWithFallthroughAndDefault) {
  auto r = run(std::string(kOut4) + R"(
fn classify(x: i32) -> u32 {
  var r = 0u;
  switch x {
    case 1, 2: { r = 10u; fallthrough; }
    case 3: { r = r + 1u; }
    default: { r = 99u; }
  }
  return r;
}
@compute @workgroup_size(1) fn main() {
  out[0] = classify(1);
  out[1] = classify(3);
  out[2] = classify(7);
  out[3] = classify(2);
})");
  EXPECT_EQ(exactWords(r), u({11, 1, 99, 11}));
}

TEST(Machine, PointersReferencesAndCalls) {
  auto r = run(std::string(kOut4) + R"(
struct S { a: u32, v: vec3<u32> }
fn bump(p: ptr<function, S>) { (*p).a += 5u; (*p).v.y = 7u; }
fn twice(x: u32) -> u32 { return x * 2u; }
@compute @workgroup_size(1) fn main() {
  var s = S(1u, vec3<u32>(1u, 2u, 3u));
  bump(&s);
  let p = &s.v;
  (*p).z--;
  out[0] = s.a;
  out[1] = twice(s.v.y);
  out[2] = s.v.z + s.v.zyx.z;   // swizzle of a loaded vector
  _ = twice(1u);
})");
  EXPECT_EQ(exactWords(r), u({6, 14, 3, 0}));
}

TEST(Machine, OperandsAreEvaluatedLeftToRight) {
  auto r = run(std::string(kOut4) + R"(
var<private> trace: u32 = 0u;
fn f(d: u32) -> u32 { trace = trace * 10u + d; return d; }
@compute @workgroup_size(1) fn main() {
  let x = f(1u) + f(2u) * f(3u);
  out[0] = trace;   // 123: left to right (#program-order)
  out[1] = x;
  let b = false && (f(9u) == 9u);   // short-circuit: f(9) not called
  out[2] = trace;
  out[3] = select(0u, 1u, b);
})");
  EXPECT_EQ(exactWords(r), u({123, 7, 123, 0}));
}

TEST(Machine, BuiltinValuesOfEveryInvocation) {
  auto r = run(R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@compute @workgroup_size(2, 1, 1) fn main(@builtin(global_invocation_id) g: vec3<u32>,
    @builtin(local_invocation_index) li: u32, @builtin(workgroup_id) w: vec3<u32>,
    @builtin(num_workgroups) n: vec3<u32>) {
  out[g.x * 2u] = li + 10u * w.x;
  out[g.x * 2u + 1u] = n.x;
})",
               nullptr, dispatchOf({2, 1, 1}));
  EXPECT_EQ(exactWords(r), u({0, 2, 1, 2, 10, 2, 11, 2}));
}

TEST(Machine, BuiltinValuesOfEveryInvocationInEveryExecution) {
  // Each execution of an exploration makes its invocations afresh (dispatch.cpp
  // addInvocations): every one of the four orders of the two workgroups' atomics must see the
  // same built-in values in a three-dimensional dispatch.
  const char* src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
var<workgroup> counter: atomic<u32>;
@compute @workgroup_size(2, 1, 1) fn main(@builtin(local_invocation_id) l: vec3<u32>,
    @builtin(local_invocation_index) li: u32, @builtin(global_invocation_id) g: vec3<u32>,
    @builtin(workgroup_id) w: vec3<u32>) {
  let i = g.x + 2u * g.z;
  out[i] = l.x | (li << 4u) | (w.z << 8u) | (g.z << 12u);
  out[4u + i] = atomicAdd(&counter, 1u);
})";
  DispatchOptions all = dispatchOf({1, 1, 2});
  all.allSchedules = true;
  auto r = run(src, nullptr, all);
  ASSERT_TRUE(r.report.ran) << r.errors;
  const auto& outcomes = r.report.json["outcomes"];
  EXPECT_EQ(outcomes.size(), 4u) << r.report.json.dump(1);
  const char* ids[] = {"0x00000000", "0x00000011", "0x00001100", "0x00001111"};
  for (const auto& o : outcomes)
    for (int k = 0; k < 4; ++k) EXPECT_EQ(o["buffers"][0]["words"][k]["exact"], ids[k]) << o.dump();
}

TEST(Machine, WorkgroupMemoryAndControlBarrier) {
  auto r = run(R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
var<workgroup> shared_: array<u32, 4>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  shared_[i] = i * i;
  workgroupBarrier();
  out[i] = shared_[(i + 1u) % 4u];
})");
  EXPECT_EQ(exactWords(r), u({1, 4, 9, 0}));
}

TEST(Machine, AtomicsUnderEverySchedule) {
  const char* src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
var<workgroup> counter: atomic<u32>;
@compute @workgroup_size(3) fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = atomicAdd(&counter, 1u);
  workgroupBarrier();
  if i == 0u { out[3] = atomicLoad(&counter); }
})";
  auto one = run(src);
  EXPECT_EQ(exactWords(one), u({0, 1, 2, 3}));
  DispatchOptions all;
  all.allSchedules = true;
  auto r = run(src, nullptr, all);
  ASSERT_TRUE(r.report.ran) << r.errors;
  // Every order of the three increments: 3! outcomes, each with out[3] = 3.
  EXPECT_EQ(r.report.json["outcomes"].size(), 6u);
  EXPECT_TRUE(r.report.json["executions"]["complete"].get<bool>());
  for (const auto& o : r.report.json["outcomes"]) EXPECT_EQ(o["buffers"][0]["words"][3]["exact"], "0x00000003");
  EXPECT_EQ(r.report.json["buffers"][0]["words"][0]["set"].size(), 3u);
}

TEST(Machine, OutOfBoundsStoreMayGoAnywhereInTheBufferOrNowhere) {
  auto r = run(std::string(kOut4) + R"(
@compute @workgroup_size(1) fn main() {
  var i = 6u;
  out[i] = 5u;
})");
  ASSERT_TRUE(r.report.ran) << r.errors;
  // #invalid-memory-reference: not executed, or stored to any element: 5 outcomes.
  EXPECT_EQ(r.report.json["outcomes"].size(), 5u);
}

TEST(Machine, OutOfBoundsLoadFromFunctionVariable) {
  auto r = run(std::string(kOut4) + R"(
@compute @workgroup_size(1) fn main() {
  var a = array<u32, 2>(7u, 8u);
  var i = 3u;
  out[0] = a[i];
})");
  ASSERT_TRUE(r.report.ran) << r.errors;
  // Not a buffer: only the zero value (a vec4 would also allow (0, 0, 0, x)).
  EXPECT_EQ(exactWords(r)[0], 0);
}

TEST(Machine, BuffersFromBindings) {
  auto r = run(R"(
@group(0) @binding(0) var<storage, read> inp: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 2>;
@compute @workgroup_size(1) fn main() {
  out[0] = inp[0] + inp[2];
  out[1] = arrayLength(&inp);
})",
               nlohmann::json{{"format", "plumb-bindings"},
                              {"version", 1},
                              {"bindings",
                               {{{"group", 0}, {"binding", 0}, {"words", {1, 2, "0x10"}}},
                                {{"group", 0}, {"binding", 1}, {"size", 8}}}}},
               {}, false);
  EXPECT_EQ(exactWords(r, 1), u({17, 3}));
}

TEST(Machine, BindingsThatDoNotMatchAreReportedPrecisely) {
  auto r = run(kOut4 + std::string("@compute @workgroup_size(1) fn main() { out[0] = 1u; }"), bind(0, {1, 2}), {},
               false);
  EXPECT_FALSE(r.report.ran);
  EXPECT_NE(r.errors.find("@group(0) @binding(0) 'out' (array<u32, 4>): expected 16 bytes, given 8"),
            std::string::npos)
      << r.errors;
  auto missing = run(kOut4 + std::string("@compute @workgroup_size(1) fn main() { out[0] = 1u; }"),
                     nlohmann::json{{"format", "plumb-bindings"}, {"version", 1}, {"bindings", nlohmann::json::array()}},
                     {}, false);
  EXPECT_NE(missing.errors.find("no binding given"), std::string::npos) << missing.errors;
  auto extra = run(kOut4 + std::string("@compute @workgroup_size(1) fn main() { out[0] = 1u; }"), bind(3, {1}), {},
                   true);
  EXPECT_NE(extra.errors.find("@group(0) @binding(3): the shader has no buffer, texture or sampler variable there"),
            std::string::npos)
      << extra.errors;
}

TEST(Machine, InfiniteLoopEndsAtTheStepLimit) {
  DispatchOptions o;
  o.maxSteps = 1000;
  auto r = run(std::string(kOut4) + "@compute @workgroup_size(1) fn main() { var i = 1u; loop { i++; if i == 0u { break; } } }", nullptr, o);
  ASSERT_TRUE(r.report.ran) << r.errors;
  EXPECT_EQ(r.report.json["outcomes"][0]["kind"], "limit");
  EXPECT_EQ(r.report.json["outcomes"][0]["stop"],
            (nlohmann::json{{"kind", "limit"}, {"bound", "steps"}, {"value", 1000}}));
}

TEST(Machine, BarrierThatCannotBeMetIsADeadlock) {
  // The seed's uniformity analysis misses writes through pointer parameters (U2), so this
  // program is valid in the seed; half the workgroup waits at a barrier the rest never reaches.
  auto r = run(std::string(kOut4) + R"(
fn put(p: ptr<function, u32>, v: u32) { *p = v; }
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  var c = 0u;
  put(&c, i);
  if c == 0u { workgroupBarrier(); }
  out[i] = 1u;
})");
  ASSERT_TRUE(r.report.ran) << r.errors;
  // #barrier: a dynamic error (docs/ambiguities.md M4).
  EXPECT_EQ(r.report.json["outcomes"][0]["kind"], "dynamic error");
  EXPECT_EQ(r.report.json["outcomes"][0]["stop"]["rule"], "barrier");
  EXPECT_NE(r.report.json["outcomes"][0]["message"].get<std::string>().find("deadlock"),
            std::string::npos);
}

TEST(Machine, HugeDispatchIsRefusedUnlessForced) {
  auto r = run(std::string(kOut4) + "@compute @workgroup_size(256) fn main() {}", nullptr,
               dispatchOf({65535, 65535, 1}));
  EXPECT_FALSE(r.report.ran);
  EXPECT_NE(r.errors.find("--force"), std::string::npos) << r.errors;
}

TEST(Machine, TraceNamesEachRule) {
  std::ostringstream trace;
  DispatchOptions o;
  o.trace = &trace;
  auto r = run(std::string(kOut4) + R"(
fn g(x: u32) -> u32 { return x + 1u; }
@compute @workgroup_size(1) fn main() {
  var i = 0u;
  loop { if i >= 2u { break; } i = g(i); }
  out[0] = i;
})", nullptr, o);
  EXPECT_EQ(exactWords(r)[0], 2);
  std::string t = trace.str();
  for (const char* rule : {"loop-iteration", "loop-next-iteration", "call-enter", "call-return", "load-rule",
                           "break-statement", "if-true", "if-false", "simple-assignment", "store", "var-allocate",
                           "entry-point-return"})
    EXPECT_NE(t.find(rule), std::string::npos) << rule;
}

}  // namespace
}  // namespace plumb::interp

namespace plumb::interp {
namespace {

nlohmann::json textureBindings() {
  return {{"format", "plumb-bindings"},
          {"version", 1},
          {"bindings",
           {{{"group", 0}, {"binding", 0}, {"size", 32}},
            {{"group", 0},
             {"binding", 1},
             {"texture", {{"size", {2, 2, 1}}, {"mipLevels", 2}, {"texels", {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}, {17, 18, 19, 20}}}}}},
            {{"group", 0}, {"binding", 2}, {"texture", {{"size", {2, 1, 1}}}}}}}};
}

TEST(MachineTextures, DimensionsLevelsAndLoads) {
  auto r = run(R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@group(0) @binding(1) var t: texture_2d<u32>;
@group(0) @binding(2) var s: texture_storage_2d<r32uint, write>;
@compute @workgroup_size(1) fn main() {
  let d = textureDimensions(t);
  let d1 = textureDimensions(t, 1);
  out[0] = d.x * 10u + d.y;
  out[1] = d1.x * 10u + d1.y;
  out[2] = textureNumLevels(t);
  out[3] = textureLoad(t, vec2<i32>(1, 1), 0).z;   // texel (1, 1) of level 0: the 4th
  out[4] = textureLoad(t, vec2<i32>(0, 0), 1).x;   // level 1 has one texel: the 5th
  textureStore(s, vec2<i32>(1, 0), vec4<u32>(42u, 9u, 9u, 9u));
})", textureBindings(), {}, false);
  auto w = exactWords(r, 0);
  EXPECT_EQ(w, (std::vector<int64_t>{22, 11, 2, 15, 17, 0, 0, 0}));
  // The storage texture's texels as words (4 per texel); r32uint stores the red channel only.
  EXPECT_EQ(exactWords(r, 2), (std::vector<int64_t>{0, 0, 0, 0, 42, 0, 0, 0}));
}

TEST(MachineTextures, OutOfBoundsLoadAndStoreAreChoices) {
  auto r = run(R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@group(0) @binding(1) var t: texture_2d<u32>;
@group(0) @binding(2) var s: texture_storage_2d<r32uint, write>;
@compute @workgroup_size(1) fn main() {
  out[0] = textureLoad(t, vec2<i32>(5, 0), 0).x;
})", textureBindings(), {}, false);
  ASSERT_TRUE(r.report.ran) << r.errors;
  // #textureload: (0,0,0,0), (0,0,0,1), or any of the 5 texels: x is 0, 1, 5, 9, 13 or 17.
  const auto& merged = r.report.json["buffers"][0]["words"][0];
  ASSERT_TRUE(merged.contains("set")) << merged.dump();
  EXPECT_EQ(merged["set"], nlohmann::json({"0x00000000", "0x00000001", "0x00000005", "0x00000009", "0x0000000d",
                                           "0x00000011"}));
  auto st = run(R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@group(0) @binding(1) var t: texture_2d<u32>;
@group(0) @binding(2) var s: texture_storage_2d<r32uint, write>;
@compute @workgroup_size(1) fn main() {
  textureStore(s, vec2<i32>(-1, 0), vec4<u32>(7u));
})", textureBindings(), {}, false);
  ASSERT_TRUE(st.report.ran) << st.errors;
  // #texturestore: not executed, or stored to texel 0 or texel 1.
  EXPECT_EQ(st.report.json["outcomes"].size(), 3u);
}

// textureStore to the 8- and 16-bit formats (texel conversions): textures_test.cpp.

}  // namespace
}  // namespace plumb::interp

namespace plumb::interp {
namespace {

TEST(Machine, OverrideSizedWorkgroupAndOverrideValues) {
  auto file = std::make_unique<SourceFile>("o.wgsl", R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@id(7) override size: u32 = 2u;
override scale = 10u;
@compute @workgroup_size(size) fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = i * scale;
}
)");
  RunRequest r;
  r.zeroMissingBindings = true;
  r.check.overrides = {{"7", "4"}};
  RunReport report = runShader(*file, r);
  ASSERT_TRUE(report.ran);
  EXPECT_EQ(report.json["workgroupSize"][0], 4);
  const auto& w = report.json["outcomes"][0]["buffers"][0]["words"];
  EXPECT_EQ(w[3]["exact"], "0x0000001e");
  EXPECT_EQ(w[4]["exact"], "0x00000000");
}

TEST(Machine, ExecutionLimitIsReported) {
  DispatchOptions o;
  o.maxExecutions = 3;
  auto r = run(std::string(kOut4) + R"(
@compute @workgroup_size(1) fn main() {
  var i = 9u;
  out[i] = 1u;   // 5 choices, only 3 explored
})", nullptr, o);
  ASSERT_TRUE(r.report.ran) << r.errors;
  EXPECT_FALSE(r.report.json["executions"]["complete"].get<bool>());
  EXPECT_EQ(r.report.json["executions"]["explored"], 3);
}

TEST(Machine, ComponentAndMemberReferences) {
  auto r = run(R"(
struct P { pos: vec2<u32>, n: array<u32, 2> }
@group(0) @binding(0) var<storage, read_write> ps: array<P>;
@group(0) @binding(1) var<uniform> k: vec4<u32>;
var<private> base: u32 = 100u;
@compute @workgroup_size(1) fn main() {
  ps[1].pos.y = k.w + base;
  ps[0].n[1] += 3u;
  ps[0].pos[0] = arrayLength(&ps);
  var v = vec3<u32>(1u, 2u, 3u);
  v.z *= 5u;
  ps[1].n[0] = v.z - v[0];
  _ = v;
})",
               nlohmann::json{{"format", "plumb-bindings"},
                              {"version", 1},
                              {"bindings",
                               {{{"group", 0},
                                 {"binding", 0},
                                 {"value", {{{"pos", {0, 0}}, {"n", {1, 2}}}, {{"pos", {0, 0}}, {"n", {0, 0}}}}}},
                                {{"group", 0}, {"binding", 1}, {"value", {0, 0, 0, 7}}}}}},
               {}, false);
  // Each P: pos (8 bytes), n (8 bytes): 16 bytes.
  EXPECT_EQ(exactWords(r, 0), u({2, 0, 1, 5, 0, 107, 14, 0}));
}

TEST(Machine, SignedArithmeticEdges) {
  auto r = run(R"(
@group(0) @binding(0) var<storage, read_write> out: array<i32, 6>;
@compute @workgroup_size(1) fn main() {
  var a = -7;
  var m = -2147483647 - 1;
  var z = 0;
  out[0] = a / 2;        // truncation toward zero: -3
  out[1] = a % 2;        // same sign as e1: -1
  out[2] = m % -1;       // 0 (#arithmetic-expr)
  out[3] = a / z;        // e1 when e2 is zero
  out[4] = m * -1;       // wraps: the minimum again
  out[5] = a >> 33u;     // shift masked to 1: -4 (arithmetic, docs/ambiguities.md S3)
})");
  EXPECT_EQ(exactWords(r), u({0xFFFFFFFD, 0xFFFFFFFF, 0, 0xFFFFFFF9, 0x80000000, 0xFFFFFFFC}));
}

}  // namespace
}  // namespace plumb::interp

namespace plumb::interp {
namespace {

TEST(Machine, ValuesBeyondTheMachineLimitEndInADiagnostic) {
  auto r = run(std::string(kOut4) + R"(
@compute @workgroup_size(1) fn main() {
  var big: array<array<u32, 65536>, 65536>;
  out[0] = big[1][2];
})");
  ASSERT_TRUE(r.report.ran) << r.errors;
  // A bound of Plumb's, not the program's error: a limit naming it.
  EXPECT_EQ(r.report.json["outcomes"][0]["kind"], "limit");
  EXPECT_EQ(r.report.json["outcomes"][0]["stop"]["bound"], "scalars");
  EXPECT_EQ(r.report.json["outcomes"][0]["stop"]["value"], 1u << 22);
  EXPECT_NE(r.report.json["outcomes"][0]["message"].get<std::string>().find("2^22"), std::string::npos);
  auto wg = run(std::string(kOut4) + R"(
var<workgroup> big: array<array<u32, 65536>, 1024>;
@compute @workgroup_size(1) fn main() { out[0] = big[1][2]; })");
  EXPECT_FALSE(wg.report.ran);
  EXPECT_NE(wg.errors.find("2^22"), std::string::npos) << wg.errors;
}

}  // namespace
}  // namespace plumb::interp

namespace plumb::interp {
namespace {

TEST(Machine, BitcastOfAFloatSetKeepsTheSet) {
  auto r = run(R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
@group(0) @binding(1) var<storage, read> x: array<f32, 2>;
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = bitcast<u32>(x[i] / 3.0);          // 2.5 ULP: a set of bit patterns, kept as one
  out[i + 2u] = bitcast<u32>(x[i] * 0.5) + 0u;   // exact: an integer
}
)",
               nlohmann::json{{"format", "plumb-bindings"},
                              {"version", 1},
                              {"bindings",
                               {{{"group", 0}, {"binding", 0}, {"size", 16}},
                                {{"group", 0}, {"binding", 1}, {"value", {1.0, 2.0}}}}}},
               {}, false);
  ASSERT_TRUE(r.report.ran) << r.errors;
  ASSERT_EQ(r.report.json["outcomes"].size(), 1u);
  const auto& w = r.report.json["outcomes"][0]["buffers"][0]["words"];
  ASSERT_TRUE(w[0].contains("interval")) << w[0].dump();
  EXPECT_LE(w[0]["range"][0].get<double>(), 1.0 / 3.0);
  EXPECT_GE(w[0]["range"][1].get<double>(), 1.0 / 3.0);
  EXPECT_EQ(w[2]["exact"], "0x3f000000");
  EXPECT_EQ(w[3]["exact"], "0x3f800000");
}

// M13: an integer result with several allowed values (pack2x16float rounds each half to either
// f16 neighbour) is kept as a set; operations apply to each of its values; control flow (and
// indices, atomics) chooses one.
TEST(Machine, IntegerResultsWithSeveralValuesAreChosenWhereUsed) {
  const char* source = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 12>;
@group(0) @binding(1) var<storage, read> x: array<vec2<f32>, 4>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  let p = pack2x16float(x[i]);
  out[i] = p;                       // stored: a set, no choice point
  out[i + 4u] = p;
  if (i == 0u) {
    out[9] = (p & 0xffffu) + 1u;       // operations apply to each value: still a set
    if ((p & 1u) == 0u) { out[8] = 1u; } else { out[8] = 2u; }  // a condition: chosen here
  }
}
)";
  nlohmann::json b{{"format", "plumb-bindings"},
                   {"version", 1},
                   {"bindings",
                    {{{"group", 0}, {"binding", 0}, {"size", 48}},
                     // 0.1f (0x3dcccccd) lies between two f16 values; 1.0 and 2.0 are exact.
                     {{"group", 0}, {"binding", 1}, {"words", {0x3dcccccd, 0x3f800000, 0x3f800000, 0x40000000,
                                                              0x3dcccccd, 0x3dcccccd, 0x40000000, 0x3f800000}}}}}};
  auto r = run(source, b, {}, false);
  ASSERT_TRUE(r.report.ran) << r.errors;
  const auto& outcomes = r.report.json["outcomes"];
  ASSERT_EQ(outcomes.size(), 2u) << r.report.json.dump(1);  // the two branches
  EXPECT_EQ(r.report.json["executions"]["explored"], 2);
  for (const auto& o : outcomes) {
    const auto& w = o["buffers"][0]["words"];
    // Invocation 0: 1.0 is 0x3c00 (high half); 0.1 is 0x2e66 or 0x2e67.
    EXPECT_EQ(w[0], (nlohmann::json{{"set", {"0x3c002e66", "0x3c002e67"}}})) << w[0].dump();
    EXPECT_EQ(w[4], w[0]);
    EXPECT_EQ(w[1], (nlohmann::json{{"exact", "0x40003c00"}}));
    EXPECT_EQ(w[2]["set"].size(), 4u) << w[2].dump();  // both halves inexact
    EXPECT_EQ(w[9], (nlohmann::json{{"set", {"0x00002e67", "0x00002e68"}}})) << w[9].dump();
    EXPECT_TRUE(w[8] == nlohmann::json({{"exact", "0x00000001"}}) || w[8] == nlohmann::json({{"exact", "0x00000002"}}))
        << w[8].dump();
  }
  EXPECT_NE(outcomes[0]["buffers"][0]["words"][8], outcomes[1]["buffers"][0]["words"][8]);
}

}  // namespace
}  // namespace plumb::interp
