// The entry-point interface (checker/wsl/entry_point_interface.cpp; seed "Arguments and Return
// Types", "Built-in Variables"): each rejection names wsl-validation-arguments-and-return-types.
#include <gtest/gtest.h>

#include "wsl_fixture.h"

namespace plumb::wsl::test {
namespace {

const char* const kRule = "wsl-validation-arguments-and-return-types";

TEST(WslEntryPointInterface, AcceptsEachBucket) {
  // Built-ins, stage-out variables, resources (the register letters), specialization constants.
  const char* valid[] = {
      "vertex float4 foo() : SV_Position { return float4(0, 1, 2, 3); }",
      R"(struct R { float4 x : SV_Position; int4 y : attribute(1); }
         struct S { R r; float3 z : attribute(2); }
         vertex S foo() { S w; return w; })",
      "vertex float4 foo(constant float* b : register(b0, space1)) : SV_Position { return "
      "float4(*b, *b, *b, *b); }",
      "vertex float4 foo(device float[] b : register(u0)) : SV_Position { return float4(b[0], "
      "b[1], b[2], b[3]); }",
      "vertex float4 foo(uint x : SV_InstanceID) : SV_Position { return float4(0, 0, 0, 0); }",
      "fragment float4 foo(bool x : SV_IsFrontFace, int k : specialized) : SV_Target0 { return "
      "float4(1, 2, 3, 4); }",
      "fragment float4 foo(Texture1D<float4> t : register(t0), sampler s : register(s0)) : "
      "SV_Target0 { return float4(1, 2, 3, 4); }",
      "[numthreads(1, 1, 1)] compute void foo(uint3 id : SV_DispatchThreadID, device int[] b : "
      "register(u0)) { }",
      // A plain or test function's parameters need no semantic.
      "float foo(float x) { return x; }",
  };
  for (const char* p : valid) {
    auto c = checkText(p);
    EXPECT_TRUE(c->program) << p << "\n" << c->messages();
  }
}

TEST(WslEntryPointInterface, RejectsWhatNoBucketHolds) {
  struct Case {
    const char* program;
    const char* message;  // a part of the diagnostic
  };
  const Case invalid[] = {
      {"vertex void foo() : SV_Position { }", "void has no value"},
      {"vertex float4 foo(float x : PSIZE) : SV_Position { return float4(x, x, x, x); }",
       "is not an input of a vertex entry point"},
      {"vertex float4 foo(int x : SV_InstanceID) : SV_Position { return float4(0, 0, 0, 0); }",
       "does not accept the type int"},
      {"vertex float4 foo(float x) : SV_Position { return float4(x, x, x, x); }",
       "has no semantic"},
      {"fragment float4 foo(bool x : SV_IsFrontFace, bool y : SV_IsFrontFace) : SV_Target0 { "
       "return float4(1, 2, 3, 4); }",
       "is given to two inputs"},
      {R"(struct R { float4 x : SV_Target0; }
          fragment R foo(bool x : SV_IsFrontFace) : SV_Depth { R y; return y; })",
       "only their members have semantics"},
      {"vertex uint foo() : SV_VertexID { return 7; }", "is not an output of a vertex"},
      {"[numthreads(1, 1, 1)] compute float foo() : attribute(0) { return 5; }",
       "is not an output of a compute"},
      {"fragment float foo() : attribute(0) { return 5; }", "is not an output of a fragment"},
      {"vertex float4 foo(device float* x : register(b0)) : SV_Position { return float4(1, 2, "
       "3, 4); }",
       "does not accept the type float* device"},
      {"vertex float4 foo(constant float[] x : register(s0)) : SV_Position { return float4(1, "
       "2, 3, 4); }",
       "does not accept"},
      {"enum Foo { f, g } vertex float4 foo(Foo x : specialized) : SV_Position { return "
       "float4(1, 2, 3, 4); }",
       "does not accept the type Foo"},
      {"typedef A = thread float*; vertex float4 foo(device A* x : register(u0)) : SV_Position "
       "{ return float4(1, 2, 3, 4); }",
       "slices must only hold"},
      // The keyword list's spelling is reserved, the grammar's is the semantic (W4).
      {"[numthreads(1, 1, 1)] compute void foo(uint3 id : SV_DispatchThreadId) { }",
       "is no semantic of the grammar"},
  };
  for (const Case& k : invalid) {
    auto c = checkText(k.program);
    EXPECT_FALSE(c->program) << k.program;
    bool found = false;
    for (const Diagnostic& d : c->diagnostics.all())
      found |= d.rule == kRule && d.message.find(k.message) != std::string::npos;
    EXPECT_TRUE(found) << k.program << "\n" << c->messages();
  }
}

// A struct that contains itself is rejected (seed "Resolving typedefs"), never flattened forever.
TEST(WslEntryPointInterface, SelfContainingStructEnds) {
  auto c = checkText(
      "struct A { A a; } vertex float4 foo(A x, device A[] b : register(u0)) : SV_Position { "
      "return float4(0, 0, 0, 0); }");
  EXPECT_FALSE(c->program);
}

}  // namespace
}  // namespace plumb::wsl::test
