// The rules of the machine as data (interpreter/wgsl/rules.h): every entry of the table is taken by
// some program below (its name is in their traces), every name the traces print is an entry
// (or a typed stop, `stop:KIND`), and every entry cites an anchor of the seed or says it is
// administrative. A rule added without a program that takes it fails this test, and so does a
// step that names no entry.
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "interpreter/wgsl/rules.h"
#include "interpreter/wgsl/run.h"
#include "test_data.h"

namespace plumb::interp {
namespace {

const char* kPrograms[] = {
    R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
var<workgroup> w: array<u32, 2>;
var<workgroup> c: atomic<u32>;
struct S { a: u32, b: vec4<u32> }
fn f(p: ptr<function, S>) -> u32 { (*p).a = 3u; return (*p).a; }
fn g() { }
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  ;
  var s = S();
  let t = f(&s);
  g();
  const k = 2u;
  staticAssert k == 2u;
  w[i] = t;
  workgroupBarrier();
  out[i] = w[1u - i];
  out[2] = select(1u, 2u, i == 0u || out[0] == 9u);
  out[3] = select(1u, 2u, i == 1u && out[0] == 9u);
  out[4] = u32(-1.5) + bitcast<u32>(f32(i)) % 7u + u32(!(i > 0u)) + (~i & 1u);
  let v3 = vec3<u32>(1u, 2u, i);
  out[5] = v3.zy.x + vec3<u32>(1u, 2u, 3u).yz.x + array<u32, 2>(4u, 5u)[i] + S(1u, vec4<u32>(9u)).b.w;
  var a = array<u32, 2>(1u, 2u);
  var j = 7u;
  out[6] = a[j] + vec2<u32>(1u, 2u)[j];
  var x = 1u;
  x += 2u;
  x++;
  x--;
  _ = x;
  switch i { case 0u: { fallthrough; } case 5u: { } default: { } }
  switch i + 4u { case 1u: { } default: { } }
  for (var q = 0u; q < 2u; q++) { if q == 0u { continue; } }
  while x < 5u { x++; }
  loop { x--; if x == 2u { break; } continuing { break if x == 0u; } }
  loop { continuing { break if true; } }
  let old = atomicAdd(&c, 1u);
  atomicStore(&c, 5u);
  _ = atomicCompareExchangeWeak(&c, 5u, 6u);
  _ = atomicLoad(&c);
  _ = atomicExchange(&c, old);
  out[7] = arrayLength(&rt) + u32(vec2<f32>(1.0, 2.0).y);
  // The built-ins that are functions of their arguments, one per section, on run-time values.
  let fi = f32(i);
  out[0] = u32(abs(fi - 2.0)) + countOneBits(i) + u32(determinant(mat2x2<f32>(fi, 1.0, 2.0, 3.0)) + 9.0) +
           dot(vec2<u32>(i, 1u), vec2<u32>(1u, 2u)) + pack4x8unorm(vec4<f32>(fi)) + u32(unpack4x8unorm(i).x);
}
@group(0) @binding(1) var<storage, read_write> rt: array<u32>;
)",
    R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
@group(0) @binding(1) var t: texture_2d<u32>;
@group(0) @binding(2) var ms: texture_multisampled_2d<u32>;
@group(0) @binding(3) var s: texture_storage_2d_array<r32uint, write>;
@compute @workgroup_size(1) fn main() {
  out[0] = textureDimensions(t).x + textureNumLevels(t) + textureNumSamples(ms) + textureNumLayers(s);
  out[1] = textureLoad(t, vec2<i32>(0, 0), 0).x + textureLoad(t, vec2<i32>(9, 0), 0).x;
  textureStore(s, vec2<i32>(0, 0), 0, vec4<u32>(1u));
  textureStore(s, vec2<i32>(0, 0), 9, vec4<u32>(1u));
  var i = 8u;
  out[i] = 1u;
}
)",
    R"(
@group(0) @binding(0) var<storage, read_write> out: array<f32, 5>;
@group(0) @binding(1) var t: texture_2d<f32>;
@group(0) @binding(2) var s: sampler;
@group(0) @binding(3) var d: texture_depth_2d;
@group(0) @binding(4) var c: sampler_comparison;
@compute @workgroup_size(1) fn main() {
  out[0] = textureSampleLevel(t, s, vec2<f32>(0.5), 0.0).x;
  out[1] = textureSampleGrad(t, s, vec2<f32>(0.5), vec2<f32>(0.1), vec2<f32>(0.1)).x;
  out[2] = textureSampleCompareLevel(d, c, vec2<f32>(0.5), 0.5);
  out[3] = textureGather(0, t, s, vec2<f32>(0.5)).x;
  out[4] = textureGatherCompare(d, c, vec2<f32>(0.5), 0.5).x;
}
)",
};

/// The rule names a trace prints: `[N] (X,Y,Z)/(X,Y,Z) RULE  REDEX` for a step of an
/// invocation, `[N] workgroup RULE  WHERE` for the scheduler's.
std::vector<std::string> tracedNames(const std::string& trace) {
  std::vector<std::string> out;
  std::istringstream in(trace);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string execution, who, name;
    words >> execution >> who >> name;
    EXPECT_EQ(execution.front(), '[') << line;
    out.push_back(name);
  }
  return out;
}

TEST(RuleCoverage, TheTableIsConsistent) {
  std::set<std::string> names;
  std::set<std::string> anchors;
  std::istringstream in(testing::readFile(std::string(PLUMB_TEST_DATA_DIR) + "/spec/anchors.txt"));
  for (std::string a; std::getline(in, a);) anchors.insert(a);
  ASSERT_GT(anchors.size(), 600u);
  // The rules of revision 2026 only (rules.h, the subgroup operations) cite the 2026 text.
  std::set<std::string> current;
  std::istringstream in2026(
      testing::readFile(std::string(PLUMB_TEST_DATA_DIR) + "/spec/anchors-2026.txt"));
  for (std::string a; std::getline(in2026, a);) current.insert(a);
  ASSERT_GT(current.size(), 1000u);
  for (const Rule& r : kRules) {
    EXPECT_TRUE(names.insert(std::string(r.name)).second) << "two entries named " << r.name;
    EXPECT_EQ(ruleByName(r.name), r.id) << r.name;
    // Every rule cites its section (design.md principle 1), an anchor the seed has (the
    // rules of the subgroup operations, which only 2026 has: an anchor of the 2026 text).
    bool only2026 = r.id == RuleId::SubgroupOperationWait ||
                    r.id == RuleId::SubgroupOperationComplete ||
                    r.id == RuleId::BufferViewBuiltin || r.id == RuleId::BufferArrayViewBuiltin ||
                    r.id == RuleId::BufferLengthBuiltin;
    if (r.anchor != kAdministrative) {
      EXPECT_TRUE((only2026 ? current : anchors).count(std::string(r.anchor)))
          << r.name << ": " << r.anchor;
    }
  }
  EXPECT_FALSE(ruleByName("stop:unsupported")) << "a stop is no rule";
  // The built-in sections evaluated as functions of their arguments have one rule each; the
  // others are the machine's (or not for a compute shader).
  EXPECT_EQ(functionBuiltinRule("float-builtin-functions"), RuleId::FloatBuiltinFunctions);
  EXPECT_FALSE(functionBuiltinRule("atomic-rmw"));
  EXPECT_FALSE(functionBuiltinRule("derivative-builtin-functions"));
  // The 2026 rows by their definitions (semantics/wgsl/builtin_function_table_2026.cpp).
  EXPECT_EQ(functionBuiltinRule("saturate-float-builtin"), RuleId::FloatBuiltinFunctions);
  EXPECT_EQ(functionBuiltinRule("pack4xI8Clamp-builtin"), RuleId::PackBuiltinFunctions);
  EXPECT_FALSE(functionBuiltinRule("subgroupadd-builtin")) << "the machine's collective step";
}

TEST(RuleCoverage, EveryRuleIsTaken) {
  std::string traces;
  // The rules of revision 2026's dynamic semantics (Revision's dynamic fields), by a program
  // run under it; the others under the seed.
  const char* current = R"(
enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 1>;
@group(0) @binding(1) var t: texture_2d<f32>;
@group(0) @binding(2) var s: sampler;
@group(0) @binding(3) var<storage, read_write> b: buffer<16>;
@compute @workgroup_size(1) fn main() {
  out[0] = subgroupAdd(1u) + u32(textureSampleBaseClampToEdge(t, s, vec2<f32>(0.5)).x);
  out[0] += bufferLength(&b) + *bufferView<u32>(&b, 4) +
            arrayLength(bufferArrayView<array<u32>>(&b, 0, 8));
}
)";
  // The fragment stage's rules (interpreter/wgsl/stage_fragment.cpp, quad.cpp, quad_sampling.cpp):
  // derivatives and implicit-LOD samples, a quad whose right column takes a branch with a
  // derivative (a divergent quad) and then discards; under 2026, discard demotes.
  const char* fragment = R"(
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var dt: texture_depth_2d;
@group(0) @binding(3) var cs: sampler_comparison;
@fragment fn main(@location(0) c: f32) -> @location(0) vec4<f32> {
  var d = dpdx(c) + dpdxFine(c) + dpdyCoarse(c);
  d += textureSample(t, s, vec2<f32>(c)).x + textureSampleBias(t, s, vec2<f32>(c), 1.0).x;
  d += textureSampleCompare(dt, cs, vec2<f32>(c), 0.5);
  if c > 0.0 { d += dpdy(c); }
  if c > 2.0 { discard; }
  return vec4<f32>(d);
}
)";
  const char* demote = R"(
@fragment fn main(@location(0) c: f32) -> @location(0) vec4<f32> {
  if c > 2.0 { discard; }
  return vec4<f32>(c);
}
)";
  std::vector<const char*> programs(std::begin(kPrograms), std::end(kPrograms));
  programs.push_back(current);
  programs.push_back(fragment);
  programs.push_back(demote);
  for (const char* p : programs) {
    auto file = std::make_unique<SourceFile>("rules.wgsl", p);
    std::ostringstream trace;
    RunRequest r;
    if (p == current || p == demote) r.revision = &Revision::wgsl2026();
    if (p == fragment || p == demote)
      r.bindings = nlohmann::json::parse(R"({"format": "plumb-bindings", "version": 1, "fragment":
        {"version": 1, "viewport": [2, 2], "inputs": {"0": {"at": -0.5, "ddx": 3}}}})");
    r.zeroMissingBindings = true;
    r.dispatch.trace = &trace;
    r.dispatch.maxExecutions = 4;
    RunReport report = runShader(*file, r);
    std::string why;
    for (const Diagnostic& d : report.diagnostics.all()) why += renderText(d);
    for (const std::string& e : report.errors) why += e + "\n";
    ASSERT_TRUE(report.ran) << why;
    for (const auto& o : report.json["outcomes"]) EXPECT_EQ(o["kind"], "finished") << o.dump();
    traces += trace.str();
  }
  std::set<std::string> taken;
  for (const std::string& name : tracedNames(traces)) {
    EXPECT_TRUE(ruleByName(name)) << "the trace names '" << name
                                  << "', which is no entry of kRules";
    taken.insert(name);
  }
  for (const Rule& r : kRules)
    EXPECT_TRUE(taken.count(std::string(r.name))) << "no program takes the rule " << r.name;
}

// A stop is printed where a rule would be, as `stop:KIND` (interpreter/wgsl/stop.h).
TEST(RuleCoverage, StopsAreTracedAsStops) {
  auto file = std::make_unique<SourceFile>("stop.wgsl", R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 1>;
@compute @workgroup_size(1) fn main() { var i = 1u; loop { i++; if i == 0u { break; } } }
)");
  std::ostringstream trace;
  RunRequest r;
  r.zeroMissingBindings = true;
  r.dispatch.trace = &trace;
  r.dispatch.maxSteps = 30;
  RunReport report = runShader(*file, r);
  ASSERT_TRUE(report.ran);
  std::vector<std::string> names = tracedNames(trace.str());
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(names.back(), "stop:limit") << trace.str();
  for (size_t i = 0; i + 1 < names.size(); ++i) EXPECT_TRUE(ruleByName(names[i])) << names[i];
}

}  // namespace
}  // namespace plumb::interp
