// What an entry point may transitively use (checker/wsl/stage_rules.cpp; seed "Entry Points":
// "Vertex and fragment entry points must transitively never refer to the threadgroup memory
// space"; barriers and derivatives, docs/ambiguities.md W51), and the seed's "Arrays must not
// contain textures (samplers) anywhere inside them" (checker/wsl/global_environment.cpp).
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

TEST(WslStageRules, EntryPointsAreNeverCalled) {
  EXPECT_TRUE(
      rejectedBy("vertex float4 foo() : SV_Position { return float4(0, 0, 0, 0); }\n"
                 "float4 bar() { return foo(); }",
                 kEntry, "'foo' is an entry point: entry points may not be called"));
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

TEST(WslStageRules, ArraysNeverContainTexturesOrSamplers) {
  EXPECT_TRUE(
      rejectedBy("float4 f(Texture2D<float4>[2] ts) { return Load(ts[0], int3(0, 0, "
                 "0)); }",
                 "wsl-validation-textures", "must not contain textures"));
  EXPECT_TRUE(rejectedBy("void f(sampler[3] s) { }", "wsl-validation-samplers",
                         "must not contain samplers"));
  EXPECT_TRUE(rejectedBy("struct S { sampler s; float k; }\nvoid f(S[2] x) { }",
                         "wsl-validation-samplers", "anywhere inside it"));
  EXPECT_TRUE(rejectedBy("void f(constant Texture1D<float>[] ts) { }", "wsl-validation-textures",
                         "must not contain textures"));
  // "Functions that return samplers (textures) must only have one return point."
  EXPECT_TRUE(
      rejectedBy("Texture2D<float> pick(Texture2D<float> a, Texture2D<float> b, bool c) "
                 "{ if (c) return a; return b; }",
                 "wsl-validation-textures", "from 2 return points"));
  EXPECT_TRUE(checkText("sampler same(sampler s) { return s; }")->program);
  // A struct holds them (seed "Arguments and Return Types": flattened through structs).
  auto c = checkText(
      "struct S { Texture2D<float4> t; sampler s; float k; }\n"
      "float4 f(S x) { return Sample(x.t, x.s, float2(0.5, 0.5)) * x.k; }");
  EXPECT_TRUE(c->program) << c->messages();
}

}  // namespace
}  // namespace plumb::wsl::test
