// Entry points and the shader interface (#entry-points, #shader-interface, wgsl-2022-06-07.bs
// l.7592-7960; #builtin-values l.10358-10526; #function-restriction l.7489): each rule with an
// accepted program and a rejected one that differs from it minimally, and the rule anchor of the
// rejection (checker/wgsl/shader_interface.cpp, checker/wgsl/shader_interface_stages.cpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "check_util.h"

namespace plumb {
namespace {

using Rules = std::vector<std::string>;

Rules rulesOf(const std::string& source) {
  return testing::checkSource(source)->rules();
}

/// `accepted` is valid; `rejected` has exactly one error, of rule `rule`.
void expectPair(const std::string& accepted, const std::string& rejected, const std::string& rule) {
  auto a = testing::checkSource(accepted);
  EXPECT_TRUE(a->valid()) << accepted << "\n" << a->text();
  auto r = testing::checkSource(rejected);
  EXPECT_EQ(r->rules(), Rules{rule}) << rejected << "\n" << r->text();
}

// A vertex entry point's return, for programs about its inputs.
const std::string kPosition = "-> @builtin(position) vec4<f32> { return vec4<f32>(); }";

// ----------------------------------------------------------------- #builtin-inputs-outputs

TEST(ShaderInterface, BuiltinInputBelongsToTheStage) {
  expectPair("@vertex fn main(@builtin(vertex_index) i: u32) " + kPosition,
             "@fragment fn main(@builtin(vertex_index) i: u32) {}", "builtin-inputs-outputs");
  expectPair("@compute @workgroup_size(1) fn main(@builtin(workgroup_id) i: vec3<u32>) {}",
             "@vertex fn main(@builtin(workgroup_id) i: vec3<u32>) " + kPosition,
             "builtin-inputs-outputs");
  // position is a fragment input and a vertex output, not a vertex input.
  expectPair("@fragment fn main(@builtin(position) p: vec4<f32>) {}",
             "@vertex fn main(@builtin(position) p: vec4<f32>) " + kPosition,
             "builtin-inputs-outputs");
}

TEST(ShaderInterface, BuiltinOutputBelongsToTheStage) {
  expectPair("@fragment fn main() -> @builtin(frag_depth) f32 { return 0.0; }",
             "@fragment fn main() -> @builtin(front_facing) bool { return true; }",
             "builtin-inputs-outputs");
  // sample_mask is both a fragment input and a fragment output.
  expectPair(
      "@fragment fn main(@builtin(sample_mask) m: u32) -> @builtin(sample_mask) u32 "
      "{ return m; }",
      "@fragment fn main(@builtin(sample_mask) m: u32) -> @builtin(sample_index) u32 "
      "{ return m; }",
      "builtin-inputs-outputs");
  // A compute shader has no built-in outputs.
  expectPair("@compute @workgroup_size(1) fn main() {}",
             "@compute @workgroup_size(1) fn main() -> @builtin(position) vec4<f32> "
             "{ return vec4<f32>(); }",
             "builtin-inputs-outputs");
}

TEST(ShaderInterface, BuiltinMembersOfStructuresBelongToTheStageAndDirection) {
  const std::string s = "struct S { @builtin(position) p: vec4<f32>, @builtin(BUILTIN) v: u32 }\n";
  auto with = [&](const std::string& builtin, const std::string& rest) {
    std::string out = s;
    out.replace(out.find("BUILTIN"), 7, builtin);
    return out + rest;
  };
  // As the output of a vertex shader.
  expectPair(with("vertex_index", "@vertex fn main(@builtin(vertex_index) i: u32) " + kPosition),
             with("vertex_index", "@vertex fn main() -> S { return S(); }"),
             "builtin-inputs-outputs");
  // As the input of a fragment shader.
  expectPair(with("sample_index", "@fragment fn main(s: S) {}"),
             with("instance_index", "@fragment fn main(s: S) {}"), "builtin-inputs-outputs");
}

TEST(ShaderInterface, BuiltinHasTheTableType) {
  expectPair("@vertex fn main(@builtin(vertex_index) i: u32) " + kPosition,
             "@vertex fn main(@builtin(vertex_index) i: i32) " + kPosition, "builtin-values");
  expectPair("@fragment fn main() -> @builtin(frag_depth) f32 { return 0.0; }",
             "@fragment fn main() -> @builtin(frag_depth) vec4<f32> { return vec4<f32>(); }",
             "builtin-values");
  expectPair("@vertex fn main() -> @builtin(position) vec4<f32> { return vec4<f32>(); }",
             "@vertex fn main() -> @builtin(position) vec3<f32> { return vec3<f32>(); }",
             "builtin-values");
  expectPair("enable f16;\n@fragment fn main() -> @builtin(frag_depth) f32 { return 0.0; }",
             "enable f16;\n@fragment fn main() -> @builtin(frag_depth) f16 { return 0.0h; }",
             "builtin-values");
  // In a structure; through an alias the type is the same.
  expectPair(
      "type Index = u32;\nstruct S { @builtin(instance_index) i: Index }\n"
      "@vertex fn main(s: S) " +
          kPosition,
      "type Index = i32;\nstruct S { @builtin(instance_index) i: Index }\n"
      "@vertex fn main(s: S) " +
          kPosition,
      "builtin-values");
  // A structure is never a built-in value's type.
  expectPair("struct S { @builtin(front_facing) f: bool }\n@fragment fn main(s: S) {}",
             "struct S { @builtin(front_facing) f: bool }\n"
             "@fragment fn main(@builtin(front_facing) s: S) {}",
             "builtin-values");
}

// The example "Declaring built-in values" (l.10494-10525) with return statements (its functions
// without one are invalid by #behaviors, inventory B24): every row of the table.
TEST(ShaderInterface, EveryRowOfTheTable) {
  auto r = testing::checkSource(R"(
    struct VertexOutput {
      @builtin(position) my_pos: vec4<f32>
    }

    @vertex
    fn vs_main(
      @builtin(vertex_index) my_index: u32,
      @builtin(instance_index) my_inst_index: u32,
    ) -> VertexOutput { return VertexOutput(); }

    struct FragmentOutput {
      @builtin(frag_depth) depth: f32,
      @builtin(sample_mask) mask_out: u32
    }

    @fragment
    fn fs_main(
      @builtin(front_facing) is_front: bool,
      @builtin(position) coord: vec4<f32>,
      @builtin(sample_index) my_sample_index: u32,
      @builtin(sample_mask) mask_in: u32,
    ) -> FragmentOutput { return FragmentOutput(); }

    @compute @workgroup_size(1)
    fn cs_main(
      @builtin(local_invocation_id) local_id: vec3<u32>,
      @builtin(local_invocation_index) local_index: u32,
      @builtin(global_invocation_id) global_id: vec3<u32>,
      @builtin(workgroup_id) wg: vec3<u32>,
      @builtin(num_workgroups) n: vec3<u32>,
   ) {}
  )");
  EXPECT_TRUE(r->valid()) << r->text();
}

TEST(ShaderInterface, SameBuiltinTwiceInOneInterface) {
  expectPair(
      "@fragment fn main(@builtin(sample_mask) a: u32, @location(0) @interpolate(flat) "
      "b: u32) {}",
      "@fragment fn main(@builtin(sample_mask) a: u32, @builtin(sample_mask) b: u32) {}",
      "builtin-inputs-outputs");
  // Through a structure.
  expectPair(
      "struct S { @builtin(front_facing) f: bool }\n"
      "@fragment fn main(@builtin(sample_mask) a: u32, s: S) {}",
      "struct S { @builtin(sample_mask) m: u32 }\n"
      "@fragment fn main(@builtin(sample_mask) a: u32, s: S) {}",
      "builtin-inputs-outputs");
  // Twice among the outputs.
  expectPair(
      "struct S { @builtin(position) p: vec4<f32>, @location(0) q: vec4<f32> }\n"
      "@vertex fn main() -> S { return S(); }",
      "struct S { @builtin(position) p: vec4<f32>, @builtin(position) q: vec4<f32> }\n"
      "@vertex fn main() -> S { return S(); }",
      "builtin-inputs-outputs");
  // The same built-in as an input and as an output is not a duplicate.
  EXPECT_EQ(rulesOf("@fragment fn main(@builtin(sample_mask) m: u32) -> "
                    "@builtin(sample_mask) u32 { return m; }"),
            Rules{});
}

TEST(ShaderInterface, DuplicateBuiltinNotesTheFirst) {
  auto r = testing::checkSource(
      "@fragment fn main(@builtin(sample_mask) a: u32, @builtin(sample_mask) b: u32) {}");
  ASSERT_EQ(r->diagnostics.all().size(), 1u) << r->text();
  EXPECT_EQ(r->diagnostics.all()[0].notes.size(), 1u) << r->text();
}

// ---------------------------------------------- #pipeline-inputs-outputs, #user-defined-...

TEST(ShaderInterface, EveryInputAndOutputIsAnEntryPointIOType) {
  // Numeric IO without a location.
  expectPair("@fragment fn main(@location(0) x: f32) {}", "@fragment fn main(x: f32) {}",
             "input-output-locations");
  expectPair("@fragment fn main() -> @location(0) vec4<f32> { return vec4<f32>(); }",
             "@fragment fn main() -> vec4<f32> { return vec4<f32>(); }", "input-output-locations");
  // Neither a built-in value nor IO-shareable.
  expectPair("@fragment fn main(@builtin(front_facing) x: bool) {}",
             "@fragment fn main(x: bool) {}", "entry-point-decl");
  expectPair("@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) i: u32) {}",
             "@compute @workgroup_size(1) fn main(i: array<u32, 2>) {}", "entry-point-decl");
}

TEST(ShaderInterface, StructureMembersAreBuiltinOrLocated) {
  expectPair(
      "struct S { @location(0) a: f32, @builtin(front_facing) b: bool }\n"
      "@fragment fn main(s: S) {}",
      "struct S { @location(0) a: f32, b: bool }\n@fragment fn main(s: S) {}",
      "input-output-locations");
  expectPair("struct S { @location(0) a: vec4<f32> }\n@fragment fn main() -> S { return S(); }",
             "struct S { a: vec4<f32> }\n@fragment fn main() -> S { return S(); }",
             "input-output-locations");
  // The same structure is fine where it is not entry point IO.
  EXPECT_EQ(rulesOf("struct S { @location(0) a: f32, b: bool }\nfn f(s: S) {}"), Rules{});
}

TEST(ShaderInterface, BuiltinOrLocationNotBoth) {
  expectPair("@fragment fn main(@builtin(position) p: vec4<f32>) {}",
             "@fragment fn main(@builtin(position) @location(0) p: vec4<f32>) {}",
             "pipeline-inputs-outputs");
}

// "The structure must not contain a nested structure" (l.7738).
TEST(ShaderInterface, NoNestedStructures) {
  const std::string inner = "struct Inner { @location(0) value: f32 }\n";
  expectPair(inner + "struct Outer { inner: Inner }\nfn main(value: Outer) {}",
             inner + "struct Outer { inner: Inner }\n@fragment fn main(value: Outer) {}",
             "pipeline-inputs-outputs");
  const std::string builtin = "struct Inner { @builtin(sample_mask) value: u32 }\n";
  expectPair(builtin + "struct Outer { inner: Inner }\n@fragment fn main(value: Inner) {}",
             builtin + "struct Outer { inner: Inner }\n@fragment fn main(value: Outer) {}",
             "pipeline-inputs-outputs");
  expectPair(inner +
                 "struct Outer { @builtin(position) p: vec4<f32>, inner: Inner }\n"
                 "fn f() -> Outer { return Outer(); }\n"
                 "@vertex fn main() -> @builtin(position) vec4<f32> { return f().p; }",
             inner +
                 "struct Outer { @builtin(position) p: vec4<f32>, inner: Inner }\n"
                 "@vertex fn main() -> Outer { return Outer(); }",
             "pipeline-inputs-outputs");
}

TEST(ShaderInterface, NoUserDefinedIOInCompute) {
  const std::string s = "struct S { @builtin(local_invocation_index) i: u32, ";
  expectPair(s + "@builtin(workgroup_id) w: vec3<u32> }\n"
                 "@compute @workgroup_size(1) fn main(s: S) {}",
             s + "@location(0) x: f32 }\n@compute @workgroup_size(1) fn main(s: S) {}",
             "user-defined-inputs-outputs");
  // On the parameter itself it is #attribute-location's rule (declarations.cpp).
  EXPECT_EQ(rulesOf("@compute @workgroup_size(1) fn main(@location(0) x: f32) {}"),
            Rules{"attribute-location"});
  // A structure with locations used as the output of a compute shader.
  EXPECT_EQ(rulesOf("struct S { @location(0) x: f32 }\n"
                    "@compute @workgroup_size(1) fn main() -> S { return S(); }"),
            Rules{"user-defined-inputs-outputs"});
}

// ------------------------------------------------------------------------ #interpolation

TEST(ShaderInterface, IntegerFragmentInputsAreFlat) {
  expectPair("@fragment fn main(@location(0) @interpolate(flat) x: u32) {}",
             "@fragment fn main(@location(0) x: u32) {}", "interpolation");
  expectPair("@fragment fn main(@location(0) @interpolate(flat) x: vec2<i32>) {}",
             "@fragment fn main(@location(0) @interpolate(linear) x: vec2<i32>) {}",
             "interpolation");
  expectPair(
      "struct S { @location(1) @interpolate(flat) x: vec4<u32> }\n"
      "@fragment fn main(s: S) {}",
      "struct S { @location(1) @interpolate(perspective, sample) x: vec4<u32> }\n"
      "@fragment fn main(s: S) {}",
      "interpolation");
  // Floating point inputs may be interpolated.
  EXPECT_EQ(rulesOf("@fragment fn main(@location(0) @interpolate(linear, centroid) x: f32) {}"),
            Rules{});
}

TEST(ShaderInterface, IntegerVertexOutputsAreFlat) {
  const std::string flat =
      "struct S { @builtin(position) p: vec4<f32>, @location(0) @interpolate(flat) x: i32 }\n"
      "@vertex fn main() -> S { return S(); }";
  const std::string perspective =
      "struct S { @builtin(position) p: vec4<f32>, @location(0) x: i32 }\n"
      "@vertex fn main() -> S { return S(); }";
  expectPair(flat, perspective, "interpolation");
}

TEST(ShaderInterface, OnlyVertexOutputsAndFragmentInputsAreInterpolated) {
  // Vertex inputs and fragment outputs of integer type need no @interpolate(flat).
  EXPECT_EQ(rulesOf("@vertex fn main(@location(0) x: vec3<u32>) " + kPosition), Rules{});
  EXPECT_EQ(rulesOf("@fragment fn main() -> @location(0) vec4<i32> { return vec4<i32>(); }"),
            Rules{});
}

// --------------------------------------------------------------- #input-output-locations

TEST(ShaderInterface, LocationsDoNotOverlapAmongInputs) {
  expectPair("@fragment fn main(@location(0) a: f32, @location(1) b: f32) {}",
             "@fragment fn main(@location(0) a: f32, @location(0) b: f32) {}",
             "input-output-locations");
  // A parameter and a member of another parameter's structure.
  expectPair("struct S { @location(1) a: f32 }\n@fragment fn main(@location(0) p: f32, s: S) {}",
             "struct S { @location(0) a: f32 }\n@fragment fn main(@location(0) p: f32, s: S) {}",
             "input-output-locations");
  // The same structure twice.
  expectPair(
      "struct S { @location(0) a: f32 }\nstruct T { @location(1) a: f32 }\n"
      "@fragment fn main(s: S, t: T) {}",
      "struct S { @location(0) a: f32 }\n@fragment fn main(s: S, t: S) {}",
      "input-output-locations");
  // Inputs and outputs are numbered apart.
  EXPECT_EQ(rulesOf("@fragment fn main(@location(0) a: vec4<f32>) -> @location(0) vec4<f32> "
                    "{ return a; }"),
            Rules{});
}

TEST(ShaderInterface, LocationsDoNotOverlapWithinAnyStructure) {
  // "This applies to any structure, not just those used in pipeline inputs or outputs."
  expectPair("struct A { @location(0) x: f32, @location(1) y: f32 }",
             "struct A { @location(0) x: f32, @location(0) y: f32 }", "input-output-locations");
  // Reported once, not again for the entry point whose output it is.
  expectPair(
      "struct A { @location(0) x: f32, @location(1) y: f32 }\n"
      "@fragment fn main() -> A { return A(); }",
      "struct A { @location(0) x: f32, @location(0) y: f32 }\n"
      "@fragment fn main() -> A { return A(); }",
      "input-output-locations");
}

// The example "Applying location attributes" (l.7850-7864) and "Mixing builtins and
// user-defined IO" (l.7870-7889), with return statements.
TEST(ShaderInterface, SpecLocationExamples) {
  EXPECT_EQ(rulesOf(R"(
    struct A {
      @location(0) x: f32,
      @location(1) y: f32
    }
    @fragment
    fn fragShader(in1: A, @location(2) in2: f32) -> @location(0) vec4<f32> {
      return vec4<f32>();
    })"),
            Rules{});
  EXPECT_EQ(rulesOf(R"(
    struct MyInputs {
      @location(0) x: vec4<f32>,
      @builtin(front_facing) y: bool,
      @location(1) @interpolate(flat) z: u32
    }
    struct MyOutputs {
      @builtin(frag_depth) x: f32,
      @location(0) y: vec4<f32>
    }
    @fragment
    fn fragShader(in1: MyInputs) -> MyOutputs {
      return MyOutputs();
    })"),
            Rules{});
}

// --------------------------------------------------------------------- #function-restriction

TEST(ShaderInterface, VertexShaderReturnsPosition) {
  expectPair("@vertex fn main() -> @builtin(position) vec4<f32> { return vec4<f32>(); }",
             "@vertex fn main() -> @location(0) vec4<f32> { return vec4<f32>(); }",
             "function-restriction");
  expectPair("struct S { @builtin(position) p: vec4<f32> }\n@vertex fn main() -> S { return S(); }",
             "struct S { @location(0) p: vec4<f32> }\n@vertex fn main() -> S { return S(); }",
             "function-restriction");
  expectPair("@vertex fn main() -> @builtin(position) vec4<f32> { return vec4<f32>(); }",
             "@vertex fn main() {}", "function-restriction");
}

// -------------------------------------------------------------------- #resource-interface

TEST(ShaderInterface, BindingsDoNotAliasWithinAStage) {
  const std::string vars =
      "@group(0) @binding(0) var<uniform> a: f32;\n"
      "@group(0) @binding(BINDING) var<uniform> b: f32;\n";
  auto with = [&](const std::string& binding, const std::string& rest) {
    std::string out = vars;
    out.replace(out.find("BINDING"), 7, binding);
    return out + rest;
  };
  const std::string both = "@fragment fn main() { let x = a + b; }";
  expectPair(with("1", both), with("0", both), "resource-interface");
  // Statically accessed through a called function, whether or not the call is executed.
  const std::string called =
      "fn f() -> f32 { return b; }\n@fragment fn main() { if (false) { let x = a + f(); } }";
  expectPair(with("1", called), with("0", called), "resource-interface");
  // Two stages may each use one of them; a variable no function of the stage uses is not in
  // its resource interface.
  EXPECT_EQ(rulesOf(with("0",
                         "@fragment fn f1() { let x = a; }\n"
                         "@compute @workgroup_size(1) fn f2() { let y = b; }")),
            Rules{});
  EXPECT_EQ(rulesOf(with("0",
                         "fn unused() -> f32 { return b; }\n"
                         "@fragment fn main() { let x = a; }")),
            Rules{});
  // Handles too.
  expectPair(
      "@group(1) @binding(0) var t: texture_2d<f32>;\n"
      "@group(1) @binding(1) var s: sampler;\n"
      "@fragment fn main() { let x = textureSample(t, s, vec2<f32>()); }",
      "@group(1) @binding(0) var t: texture_2d<f32>;\n"
      "@group(1) @binding(0) var s: sampler;\n"
      "@fragment fn main() { let x = textureSample(t, s, vec2<f32>()); }",
      "resource-interface");
}

TEST(ShaderInterface, AliasedBindingsNoteBothVariables) {
  auto r = testing::checkSource(
      "@group(0) @binding(0) var<uniform> a: f32;\n"
      "@group(0) @binding(0) var<storage> b: f32;\n"
      "@fragment fn main() { let x = a + b; }\n"
      "@compute @workgroup_size(1) fn other() { let x = a + b; }");
  ASSERT_EQ(r->rules(), Rules{"resource-interface"}) << r->text();  // once per pair
  EXPECT_EQ(r->diagnostics.all()[0].notes.size(), 3u) << r->text();
}

// ------------------------------------------------- stages of built-in functions and variables

TEST(ShaderInterface, FragmentOnlyBuiltins) {
  const std::string decls =
      "@group(0) @binding(0) var t: texture_2d<f32>;\n"
      "@group(0) @binding(1) var s: sampler;\n";
  expectPair(decls + "@fragment fn main() { let x = textureSample(t, s, vec2<f32>()); }",
             decls +
                 "@compute @workgroup_size(1) fn main() { "
                 "let x = textureSample(t, s, vec2<f32>()); }",
             "texturesample");
  expectPair("@fragment fn main(@location(0) v: f32) { let x = dpdx(v); }",
             "@vertex fn main(@location(0) v: f32) -> @builtin(position) vec4<f32> "
             "{ return vec4<f32>(dpdx(v)); }",
             "derivative-builtin-functions");
  // textureSampleLevel is allowed in every stage.
  EXPECT_EQ(rulesOf(decls + "@compute @workgroup_size(1) fn main() { "
                            "let x = textureSampleLevel(t, s, vec2<f32>(), 0.0); }"),
            Rules{});
}

TEST(ShaderInterface, ComputeOnlyAndNotVertexBuiltins) {
  expectPair("@compute @workgroup_size(1) fn main() { workgroupBarrier(); }",
             "@fragment fn main() { workgroupBarrier(); }", "sync-builtin-functions");
  const std::string atomic =
      "@group(0) @binding(0) var<storage, read_write> c: atomic<u32>;\n"
      "fn bump() { atomicAdd(&c, 1u); }\n";
  expectPair(atomic + "@fragment fn main() { bump(); }",
             atomic +
                 "@vertex fn main() -> @builtin(position) vec4<f32> { bump(); "
                 "return vec4<f32>(); }",
             "atomic-builtin-functions");
  // A function that no entry point calls is in no stage.
  EXPECT_EQ(rulesOf("fn f() { storageBarrier(); }"), Rules{});
}

TEST(ShaderInterface, StageErrorsExplainTheCallChain) {
  auto r = testing::checkSource(
      "fn g() { workgroupBarrier(); }\nfn f() { g(); }\n@fragment fn main() { f(); }");
  ASSERT_EQ(r->rules(), Rules{"sync-builtin-functions"}) << r->text();
  // 'g' is called in 'f', 'f' in 'main', 'main' is the entry point.
  EXPECT_EQ(r->diagnostics.all()[0].notes.size(), 3u) << r->text();
}

// docs/ambiguities.md E5: workgroup variables belong to compute shaders.
TEST(ShaderInterface, WorkgroupVariablesOnlyInCompute) {
  const std::string w = "var<workgroup> w: u32;\nfn f() -> u32 { return w; }\n";
  expectPair(w + "@compute @workgroup_size(1) fn main() { let x = f(); }",
             w + "@fragment fn main() { let x = f(); }", "address-space");
}

}  // namespace
}  // namespace plumb
