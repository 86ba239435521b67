// What an entry point may transitively use (checker/wsl/stage_rules.cpp; seed "Entry Points":
// "Vertex and fragment entry points must transitively never refer to the threadgroup memory
// space"; barriers and derivatives, docs/ambiguities.md W51).
#include <gtest/gtest.h>

#include "wsl_fixture.h"

namespace plumb::wsl::test {
namespace {

bool rejectedBy(const std::string& program, const std::string& rule, const std::string& part) {
  auto c = checkText(program);
  if (c->program) return false;
  for (const Diagnostic& d : c->diagnostics.all())
    if (d.rule == rule && d.message.find(part) != std::string::npos) return true;
  ADD_FAILURE() << program << "\n" << c->messages();
  return false;
}

const char* const kEntry = "wsl-validation-entry-points";

TEST(WslStageRules, VertexAndFragmentNeverReferToThreadgroupMemory) {
  // Transitively: the helper declares the variable, the vertex entry point calls it.
  const char* helper = "void helper() { threadgroup int x; x = 1; }\n";
  EXPECT_TRUE(rejectedBy(std::string(helper) +
                             "vertex float4 foo() : SV_Position { helper(); return float4(0, 0, "
                             "0, 0); }",
                         kEntry,
                         "a vertex entry point must transitively never refer to the threadgroup "
                         "memory space ('foo' calls it)"));
  EXPECT_TRUE(
      rejectedBy("fragment float4 foo() : SV_Target0 { threadgroup float y; return "
                 "float4(y, y, y, y); }",
                 kEntry, "a fragment entry point must transitively never refer"));
  // A threadgroup pointer parameter of a helper is a reference too.
  EXPECT_TRUE(
      rejectedBy("int get(threadgroup int* p) { return *p; }\n"
                 "void helper() { threadgroup int x; get(&x); }\n"
                 "fragment float4 foo() : SV_Target0 { helper(); return float4(1, 2, 3, 4); }",
                 kEntry, "fragment entry point must transitively never refer"));
  // A compute entry point may; a function no vertex or fragment entry point calls may.
  for (const char* ok :
       {"void helper() { threadgroup int x; x = 1; }\n"
        "[numthreads(1, 1, 1)] compute void foo() { helper(); GroupMemoryBarrierWithGroupSync(); }",
        "void helper() { threadgroup int x; x = 1; }\n"
        "vertex float4 foo() : SV_Position { return float4(0, 0, 0, 0); }"}) {
    auto c = checkText(ok);
    EXPECT_TRUE(c->program) << ok << "\n" << c->messages();
  }
}

TEST(WslStageRules, BarriersOnlyInComputeDerivativesOnlyInFragment) {
  EXPECT_TRUE(
      rejectedBy("vertex float4 foo() : SV_Position { AllMemoryBarrierWithGroupSync(); "
                 "return float4(0, 0, 0, 0); }",
                 kEntry, "must not call AllMemoryBarrierWithGroupSync"));
  EXPECT_TRUE(
      rejectedBy("float d(float x) { return ddx(x) + fwidth(x); }\n"
                 "vertex float4 foo() : SV_Position { float y = d(7.0); return "
                 "float4(y, y, y, y); }",
                 kEntry, "must not call ddx: a derivative needs a fragment quad"));
  EXPECT_TRUE(
      rejectedBy("[numthreads(1, 1, 1)] compute void foo() { float2 y = "
                 "ddy_fine(float2(1.0, 2.0)); }",
                 kEntry, "must not call ddy_fine"));
  // The RI's shaderStages test: ddx and ddy in a fragment entry point are valid.
  auto c = checkText(R"(struct Result { float4 output : SV_Target0; }
      fragment Result foo() {
        float x = 7; float dx = ddx(x); float dy = ddy(x);
        Result r; r.output = float4(1, 2, 3, 4); return r;
      })");
  EXPECT_TRUE(c->program) << c->messages();
}

}  // namespace
}  // namespace plumb::wsl::test
