// The reducer (gen/wgsl/reduce.h): it keeps its property, only ever shrinks, keeps programs
// that parse, and stops at its test budget.
#include <gtest/gtest.h>

#include "gen/case.h"
#include "gen/derive.h"
#include "gen/wgsl/reduce.h"

namespace plumb::gen::wgsl {
namespace {

const char* kProgram = R"(struct S { a: u32, b: f32, }
@group(0) @binding(0) var<storage, read_write> buf: array<u32, 4>;
fn helper(x: u32) -> u32 {
  var t = x * 2u;
  if (t > 3u) { t = t + 1u; } else { t = 0u; }
  return t;
}
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
  let v = helper(lid.x);
  buf[lid.x] = v;
  if (lid.x == 0u) {
    workgroupBarrier();
  }
  let s = S(1u, 2.0);
  buf[0] = s.a;
}
)";

/// Plumb's rule for a program ("" when valid).
std::string rule(const std::string& wgsl) {
  GeneratedCase c;
  c.name = "t";
  c.wgsl = wgsl;
  nlohmann::json e = deriveExpectation(c);
  return e.value("verdict", "") == "invalid" ? e.value("rule", "") : "";
}

TEST(Reduce, KeepsTheRejectionAndShrinks) {
  ASSERT_EQ(rule(kProgram), "uniformity-function");
  size_t calls = 0;
  ReduceResult r = reduceProgram(kProgram, [&](const std::string& w) {
    ++calls;
    return rule(w) == "uniformity-function";
  });
  EXPECT_TRUE(r.holdsInitially);
  EXPECT_EQ(rule(r.wgsl), "uniformity-function");
  EXPECT_TRUE(parsesCleanly(r.wgsl));
  EXPECT_LT(r.wgsl.size(), std::string(kProgram).size() / 2);
  EXPECT_EQ(r.tests, calls);
  // What is left is what the violation needs: the barrier under a non-uniform condition.
  EXPECT_NE(r.wgsl.find("workgroupBarrier"), std::string::npos);
  EXPECT_NE(r.wgsl.find("local_invocation_id"), std::string::npos);
  EXPECT_EQ(r.wgsl.find("helper"), std::string::npos);
  EXPECT_EQ(r.wgsl.find("struct"), std::string::npos);
}

TEST(Reduce, KeepsAValidProgramValid) {
  // Keep "valid and still stores to buf": declarations the store needs stay.
  ReduceResult r = reduceProgram(kProgram, [](const std::string& w) {
    return rule(w).empty() && w.find("buf[") != std::string::npos;
  });
  // The original is invalid: nothing to do.
  EXPECT_FALSE(r.holdsInitially);
  EXPECT_EQ(r.wgsl, kProgram);
  std::string valid = R"(@group(0) @binding(0) var<storage, read_write> buf: array<u32, 4>;
fn unused() -> i32 { let q = 3 + 4; return q * 2; }
@compute @workgroup_size(1)
fn main() {
  var acc = 0u;
  for (var i = 0u; i < 4u; i++) { acc += i; }
  buf[1] = acc;
}
)";
  ReduceResult v = reduceProgram(valid, [](const std::string& w) {
    return rule(w).empty() && w.find("buf[") != std::string::npos;
  });
  EXPECT_TRUE(v.holdsInitially);
  EXPECT_TRUE(rule(v.wgsl).empty());
  EXPECT_NE(v.wgsl.find("buf["), std::string::npos);
  EXPECT_EQ(v.wgsl.find("unused"), std::string::npos);
  EXPECT_LT(v.wgsl.size(), valid.size());
}

TEST(Reduce, StopsAtItsBudget) {
  ReduceOptions o;
  o.maxTests = 3;
  ReduceResult r = reduceProgram(
      kProgram, [](const std::string& w) { return !rule(w).empty(); }, o);
  EXPECT_LE(r.tests, 3u);
  EXPECT_TRUE(r.limitReached);
}

/// Plumb's rule for a program under revision 2026 ("" when valid).
std::string rule2026(const std::string& wgsl) {
  GeneratedCase c;
  c.name = "t";
  c.wgsl = wgsl;
  c.revision = "2026";
  nlohmann::json e = deriveExpectation(c);
  return e.value("verdict", "") == "invalid" ? e.value("rule", "") : "?";
}

// Revision 2026: a call's template list (`bufferView<u32>(...)`, Module::callTemplates) is part
// of the call: every candidate and the final printing keep it, so a reduced program with a
// view still names the view's type (new#bufferview-builtin).
TEST(Reduce, KeepsACallsTemplateList) {
  std::string program = R"(requires buffer_view;
@group(0) @binding(0) var<storage, read_write> b: buffer<16>;
@group(0) @binding(1) var<storage, read_write> out: u32;
fn unused() -> i32 { return 3; }
@compute @workgroup_size(1)
fn main() {
  let x = 1u + 2u;
  out = *bufferView<u32>(&b, 4) + x;
  let v = bufferView<vec2u>(&b, 8);
  out = v.y;
}
)";
  ASSERT_EQ(rule2026(program), "?") << "valid under 2026";
  ReduceOptions o;
  o.revision = &Revision::wgsl2026();
  ReduceResult r = reduceProgram(
      program,
      [](const std::string& w) {
        return rule2026(w) == "?" && w.find("vec2u") != std::string::npos;
      },
      o);
  EXPECT_TRUE(r.holdsInitially);
  EXPECT_EQ(rule2026(r.wgsl), "?") << r.wgsl;
  EXPECT_TRUE(parsesCleanly(r.wgsl, Revision::wgsl2026())) << r.wgsl;
  EXPECT_NE(r.wgsl.find("bufferView<vec2u>("), std::string::npos) << r.wgsl;
  EXPECT_EQ(r.wgsl.find("unused"), std::string::npos) << r.wgsl;
  EXPECT_LT(r.wgsl.size(), program.size());
}

}  // namespace
}  // namespace plumb::gen::wgsl
