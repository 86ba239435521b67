// Every reduction rule of the machine is exercised: the rule names are read from the machine's
// sources (every `StepResult` that names a rule), and the traces of the programs below must
// contain each of them. A rule added without a program that takes it fails this test.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

#include "interpreter/run.h"
#include "test_data.h"

namespace plumb::interp {
namespace {

std::set<std::string> ruleNames() {
  std::set<std::string> rules;
  std::regex literal("\"([a-z][a-z0-9]*(-[a-z0-9]+)*)\"");
  for (const char* f : {"machine.cpp", "machine_statements.cpp", "machine_calls.cpp", "machine_textures.cpp",
                        "dispatch.cpp"}) {
    std::istringstream in(testing::readFile(std::string(PLUMB_SOURCE_DIR) + "/interpreter/" + f));
    std::string line;
    while (std::getline(in, line)) {
      bool names = line.find("StepResult::Continue") != std::string::npos || line.find(".rule = \"") != std::string::npos ||
                   line.find("StepResult{StepResult::Continue") != std::string::npos ||
                   line.find("control-barrier-release") != std::string::npos ||
                   line.find("\"textureload\"") != std::string::npos;
      if (!names) continue;
      for (std::sregex_iterator it(line.begin(), line.end(), literal), end; it != end; ++it) rules.insert((*it)[1]);
    }
  }
  // Literals on those lines that are not rule names.
  for (const char* notRule : {"unknown task", "atomic-rmw"}) rules.erase(notRule);
  rules.insert("atomic-rmw");
  return rules;
}

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
};

TEST(RuleCoverage, EveryRuleIsTaken) {
  std::set<std::string> rules = ruleNames();
  ASSERT_GT(rules.size(), 60u);
  std::string traces;
  for (const char* p : kPrograms) {
    auto file = std::make_unique<SourceFile>("rules.wgsl", p);
    std::ostringstream trace;
    RunRequest r;
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
  for (const std::string& rule : rules)
    EXPECT_NE(traces.find(" " + rule + "  "), std::string::npos) << "no program takes the rule " << rule;
}

}  // namespace
}  // namespace plumb::interp
