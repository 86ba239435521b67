// #attributes: every attribute's valid places and arguments, duplicates, the entry point
// attributes (#entry-point-attributes), resource variables' @group/@binding
// (#resource-interface), pipeline constant IDs (#override-decls).
#include <gtest/gtest.h>

#include "check_util.h"

namespace plumb {
namespace {

using testing::checkSource;

struct Case {
  const char* source;
  const char* rule;  // the first error's rule; nullptr: valid
};

void expectCases(std::initializer_list<Case> cases) {
  for (const Case& c : cases) {
    auto r = checkSource(c.source);
    if (!c.rule) {
      EXPECT_TRUE(r->valid()) << c.source << "\n" << r->text();
    } else {
      ASSERT_FALSE(r->valid()) << c.source;
      EXPECT_EQ(r->rules().front(), c.rule) << c.source << "\n" << r->text();
    }
  }
}

TEST(Attributes, UnknownAndDuplicate) {
  expectCases({
      {"@stride(4) var<private> x: f32;", "attributes"},
      {"@compute @workgroup_size(1) @compute fn f() {}", "attributes"},
      {"@group(0) @group(0) @binding(0) var<uniform> x: f32;", "attributes"},
      {"struct S { @location(0) @location(1) a: f32 }", "attributes"},
  });
}

TEST(Attributes, ConstIsForBuiltinsOnly) {
  expectCases({{"@const fn f() -> i32 { return 1; }", "attribute-const"}});
}

TEST(Attributes, Places) {
  expectCases({
      // @binding, @group: resource variables only.
      {"@group(0) @binding(0) var<private> x: f32;", "attribute-group"},
      {"@binding(0) var<workgroup> x: f32;", "attribute-binding"},
      {"@group(0) override x: f32 = 1.0;", "attribute-group"},
      {"struct S { @binding(0) a: f32 }", "attribute-binding"},
      // @id: overrides only.
      {"@id(0) var<private> x: f32;", "attribute-id"},
      {"@id(0) override x: f32 = 1.0;", nullptr},
      // @location, @builtin, @interpolate, @invariant: entry point IO and structure members.
      {"fn f(@location(0) x: f32) {}", "attribute-location"},
      {"fn f() -> @location(0) f32 { return 1.0; }", "attribute-location"},
      {"@fragment fn f(@location(0) x: f32) {}", nullptr},
      {"@fragment fn f() -> @location(0) vec4<f32> { return vec4<f32>(); }", nullptr},
      {"fn f(@builtin(position) p: vec4<f32>) {}", "attribute-builtin"},
      {"@location(0) var<private> x: f32;", "attribute-location"},
      {"struct S { @location(0) a: f32, @builtin(position) p: vec4<f32> }", nullptr},
      // Stage attributes and @workgroup_size: functions only.
      {"@vertex var<private> x: f32;", "attribute-vertex"},
      {"struct S { @compute a: f32 }", "attribute-compute"},
      {"@workgroup_size(1) var<private> x: f32;", "attribute-workgroup_size"},
  });
}

TEST(Attributes, IntegerArguments) {
  expectCases({
      {"@group(0) @binding(0) var<uniform> x: f32;", nullptr},
      {"@group(0i) @binding(3i) var<uniform> x: f32;", nullptr},
      {"@group(0u) @binding(0) var<uniform> x: f32;", "attribute-group"},
      {"@group(0) @binding(0.0) var<uniform> x: f32;", "attribute-binding"},
      {"@group(0) @binding(x) var<uniform> x: f32;", "attribute-binding"},
      {"@group(0, 1) @binding(0) var<uniform> x: f32;", "attribute-group"},
      {"@group(2147483648) @binding(0) var<uniform> x: f32;", "attribute-group"},
      {"@group(2147483647) @binding(0) var<uniform> x: f32;", nullptr},
      {"@fragment fn f(@location(1u) x: f32) {}", "attribute-location"},
      // #override-decls: IDs between 0 and 65535, unique.
      {"@id(65535) override a: i32 = 1;", nullptr},
      {"@id(65536) override a: i32 = 1;", "override-decls"},
      {"@id(3) override a: i32 = 1;\n@id(3) override b: i32 = 1;", "override-decls"},
      {"@id(3) override a: i32 = 1;\n@id(4) override b: i32 = 1;", nullptr},
  });
}

TEST(Attributes, ResourceVariablesNeedGroupAndBinding) {
  expectCases({
      {"var<uniform> x: f32;", "resource-interface"},
      {"@group(0) var<storage> x: f32;", "resource-interface"},
      {"@binding(0) var t: texture_2d<f32>;", "resource-interface"},
      {"@group(0) @binding(0) var s: sampler;", nullptr},
      {"var<private> x: f32;", nullptr},
  });
  // A @group with a bad argument is not reported a second time as missing.
  auto r = checkSource("@group(0u) @binding(0) var<uniform> x: f32;");
  EXPECT_EQ(r->rules().size(), 1u) << r->text();
}

TEST(Attributes, BuiltinInterpolateInvariant) {
  expectCases({
      {"struct S { @builtin(vertex_index) v: u32 }", nullptr},
      {"struct S { @builtin(not_a_builtin) v: u32 }", "attribute-builtin"},
      {"struct S { @builtin(1) v: u32 }", "attribute-builtin"},
      {"struct S { @builtin(position) @invariant p: vec4<f32> }", nullptr},
      {"struct S { @builtin(frag_depth) @invariant p: f32 }", "attribute-invariant"},
      {"struct S { @location(0) @invariant p: vec4<f32> }", "attribute-invariant"},
      {"struct S { @location(0) @interpolate(flat) a: i32 }", nullptr},
      {"struct S { @location(0) @interpolate(perspective, centroid) a: f32 }", nullptr},
      {"struct S { @location(0) @interpolate(linear, sample) a: f32 }", nullptr},
      {"struct S { @location(0) @interpolate(flat, center) a: f32 }", "interpolation"},
      {"struct S { @location(0) @interpolate(curved) a: f32 }", "interpolation"},
      {"struct S { @location(0) @interpolate(linear, middle) a: f32 }", "interpolation"},
      {"struct S { @location(0) @interpolate(linear, center, sample) a: f32 }",
       "attribute-interpolate"},
      {"struct S { @interpolate(flat) a: i32 }", "attribute-interpolate"},
      {"struct S { @location(0) a: bool }", "attribute-location"},
      {"struct S { @location(0) a: mat2x2<f32> }", "attribute-location"},
      {"struct S { @location(0) a: vec3<u32> }", nullptr},
  });
}

TEST(Attributes, StageAttributes) {
  expectCases({
      {"@vertex @fragment fn f() {}", "pipeline-stage-attributes"},
      {"@compute(1) @workgroup_size(1) fn f() {}", "attribute-compute"},
      {"@vertex fn f() -> @builtin(position) vec4<f32> { return vec4<f32>(); }", nullptr},
  });
}

TEST(Attributes, WorkgroupSize) {
  expectCases({
      // The spec's example "workgroup_size Attribute".
      {"@compute @workgroup_size(8,4,1) fn sorter() { }", nullptr},
      {"@compute @workgroup_size(8u) fn reverser() { }", nullptr},
      {"@id(42) override block_width = 12u;\n@compute @workgroup_size(block_width) fn f() { }",
       nullptr},
      {"@compute fn bad_shader() { }", "attribute-workgroup_size"},
      // Not on other functions.
      {"@fragment @workgroup_size(1) fn f() {}", "attribute-workgroup_size"},
      {"@workgroup_size(1) fn f() {}", "attribute-workgroup_size"},
      // Arguments: literals or module-scope constants of one type, i32 or u32.
      {"const n = 4; @compute @workgroup_size(n, n) fn f() {}", nullptr},
      {"const n = 4u; @compute @workgroup_size(n, 2) fn f() {}", nullptr},
      {"@compute @workgroup_size(8i, 8u) fn f() {}", "attribute-workgroup_size"},
      {"const n = 4i; @compute @workgroup_size(n, 2u) fn f() {}", "attribute-workgroup_size"},
      {"@compute @workgroup_size(8.0) fn f() {}", "attribute-workgroup_size"},
      {"var<private> n: i32; @compute @workgroup_size(n) fn f() {}", "attribute-workgroup_size"},
      {"@compute @workgroup_size() fn f() {}", "syntax-literal_or_ident"},
      {"@compute @workgroup_size(1, 1, 1, 1) fn f() {}", "attribute-workgroup_size"},
      // Each dimension at least 1.
      {"@compute @workgroup_size(0) fn f() {}", "attribute-workgroup_size"},
      {"const n = -1; @compute @workgroup_size(1, n) fn f() {}", "attribute-workgroup_size"},
      // An AbstractInt that does not fit the common type.
      {"const n = 4294967296; @compute @workgroup_size(n) fn f() {}", "conversion-rank"},
  });
  auto r = checkSource("const n = 4u; @compute @workgroup_size(n, 2) fn f() {}");
  ASSERT_EQ(r->checked->entryPoints.size(), 1u);
  const EntryPoint& e = r->checked->entryPoints[0];
  EXPECT_EQ(e.stage, ShaderStage::Compute);
  EXPECT_EQ(e.workgroupSize[0].value, 4u);
  EXPECT_EQ(e.workgroupSize[1].value, 2u);
  EXPECT_EQ(e.workgroupSize[2].value, 1u);
}

TEST(Attributes, ValuesAreRecorded) {
  auto r = checkSource(
      "struct S { @location(2) @interpolate(linear, sample) a: f32 }\n"
      "@group(1) @binding(7) var<uniform> u: f32;\n"
      "@id(9) override o: f32 = 1.0;\n"
      "@fragment fn f(@builtin(position) p: vec4<f32>) -> @location(3) vec4<f32> { return p; }\n");
  ASSERT_TRUE(r->valid()) << r->text();
  const Attributes& u = r->declaration("u")->attributes;
  EXPECT_EQ(u.group, 1u);
  EXPECT_EQ(u.binding, 7u);
  EXPECT_EQ(r->declaration("o")->attributes.id, 9u);
  EXPECT_EQ(r->declaration("f")->attributes.stage, ShaderStage::Fragment);
  EXPECT_EQ(r->declaration("f")->returnAttributes.location, 3u);
  const Attributes& p = r->checked->parameterAttributes[0];
  EXPECT_EQ(p.builtin, "position");
  const Attributes& a = r->checked->memberAttributes[0];
  EXPECT_EQ(a.location, 2u);
  EXPECT_EQ(a.interpolation, Attributes::Interpolation::Linear);
  EXPECT_EQ(a.sampling, Attributes::Sampling::Sample);
}

}  // namespace
}  // namespace plumb
