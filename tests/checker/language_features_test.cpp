// The language features of new#language-extensions-sec and the extension of
// new#extension-list that change the text beyond the built-in table: immediate_address_space
// (`var<immediate>`), fragment_depth (`@builtin(frag_depth, less|greater)`) and
// subgroup_size_control (`@subgroup_size`). Each program is checked under both revisions: the
// seed has none of them.
#include <gtest/gtest.h>

#include "check_util.h"

namespace plumb {
namespace {

using testing::checkSourceIn;

struct FeatureCase {
  const char* what;
  const char* source;
  bool valid2022;
  bool valid2026;
  const char* rule2026 = "";  // the first error's rule under 2026, when invalid
};

void expectInBothRevisions(const FeatureCase& c) {
  auto seed = checkSourceIn(Revision::wgsl2022_06(), c.source);
  EXPECT_EQ(seed->valid(), c.valid2022) << c.what << " under 2022-06\n"
                                        << c.source << "\n"
                                        << seed->text();
  auto current = checkSourceIn(Revision::wgsl2026(), c.source);
  EXPECT_EQ(current->valid(), c.valid2026) << c.what << " under 2026\n"
                                           << c.source << "\n"
                                           << current->text();
  if (!c.valid2026 && *c.rule2026 && !current->rules().empty())
    EXPECT_EQ(current->rules()[0], c.rule2026) << c.what << "\n" << current->text();
}

// new#address-space (immediate), new#var-and-value: "Its store type must be a host-shareable
// constructible type, excluding arrays and structures that contain array members. Each entry
// point must statically access at most one immediate data variable."
TEST(LanguageFeatures, ImmediateAddressSpace) {
  const FeatureCase cases[] = {
      {"a vector", "var<immediate> d: vec4<f32>; @compute @workgroup_size(1) fn m() { let x = d; }",
       false, true},
      {"a structure",
       "struct S { color: vec3<f32>, count: u32 } var<immediate> d: S; @group(0) @binding(0) "
       "var<storage, read_write> o: vec4<f32>; @compute @workgroup_size(1) fn m() { o = "
       "vec4<f32>(d.color, f32(d.count)); }",
       false, true},
      {"requires the feature",
       "requires immediate_address_space; var<immediate> d: mat2x2<f32>; @compute "
       "@workgroup_size(1) fn m() { let x = d[1]; }",
       false, true},
      {"an array", "var<immediate> d: array<u32, 4>;", false, false, "address-space"},
      {"a structure with an array member", "struct S { a: array<u32, 2> } var<immediate> d: S;",
       false, false, "address-space"},
      {"a nested structure with an array member",
       "struct T { a: array<u32, 2> } struct S { t: T } var<immediate> d: S;", false, false,
       "address-space"},
      {"an atomic", "var<immediate> d: atomic<u32>;", false, false, "address-space"},
      {"a bool (not host-shareable)", "var<immediate> d: bool;", false, false, "address-space"},
      {"an initializer", "var<immediate> d: u32 = 1u;", false, false, "var-decls"},
      {"an access mode", "var<immediate, read> d: u32;", false, false, "access-mode-defaults"},
      {"@group and @binding", "@group(0) @binding(0) var<immediate> d: u32;", false, false,
       "attribute-group"},
      {"in a function", "fn f() { var<immediate> d: u32; }", false, false},
      {"read-only", "var<immediate> d: u32; @compute @workgroup_size(1) fn m() { d = 1u; }", false,
       false},
      {"two in one entry point",
       "var<immediate> a: u32; var<immediate> b: u32; @compute @workgroup_size(1) fn m() { let "
       "x = a + b; }",
       false, false, "var-and-value"},
      {"two through a called function",
       "var<immediate> a: u32; var<immediate> b: u32; fn g() -> u32 { return b; } @compute "
       "@workgroup_size(1) fn m() { let x = a + g(); }",
       false, false, "var-and-value"},
      {"one in each of two entry points",
       "var<immediate> a: u32; var<immediate> b: u32; @compute @workgroup_size(1) fn m() { let "
       "x = a; } @compute @workgroup_size(1) fn n() { let y = b; }",
       false, true},
      // new#uniformity-expressions: a read-only module-scope variable is uniform.
      {"uniform",
       "var<immediate> d: u32; @compute @workgroup_size(1) fn m() { if d > 0u { "
       "workgroupBarrier(); } }",
       false, true},
      {"a layout constraint (storage rules): a struct member at an unaligned offset",
       "struct S { a: u32, @align(2) b: u32 } var<immediate> d: S;", false, false},
  };
  for (const FeatureCase& c : cases) expectInBothRevisions(c);
}

// new#builtin-inputs-outputs (frag_depth), new#depth-mode-names: with fragment_depth, "the
// builtin attribute can have an optional second parameter to specify a depth mode": less or
// greater.
TEST(LanguageFeatures, FragmentDepthModes) {
  const FeatureCase cases[] = {
      {"less", "@fragment fn f() -> @builtin(frag_depth, less) f32 { return 1.0; }", false, true},
      {"greater, with requires",
       "requires fragment_depth; @fragment fn f() -> @builtin(frag_depth, greater) f32 { return "
       "1.0; }",
       false, true},
      {"on a structure member",
       "struct O { @builtin(frag_depth, less) d: f32 } @fragment fn f() -> O { return O(1.0); }",
       false, true},
      {"without a mode", "@fragment fn f() -> @builtin(frag_depth) f32 { return 1.0; }", true,
       true},
      {"another word", "@fragment fn f() -> @builtin(frag_depth, sideways) f32 { return 1.0; }",
       false, false, "depth-mode-names"},
      {"another built-in value",
       "@fragment fn f() -> @builtin(sample_mask, less) u32 { return 1u; }", false, false,
       "attribute-builtin"},
      {"three arguments",
       "@fragment fn f() -> @builtin(frag_depth, less, greater) f32 { return 1.0; }", false, false},
  };
  for (const FeatureCase& c : cases) expectInBothRevisions(c);
}

// new#subgroup-size-attr, new#extension-list (subgroup_size_control).
TEST(LanguageFeatures, SubgroupSizeAttribute) {
  const FeatureCase cases[] = {
      // "The subgroups [extension] will be automatically enabled when subgroup_size_control is
      // enabled": subgroup built-in values without `enable subgroups`.
      {"Tint's basic program",
       "enable subgroup_size_control; @group(0) @binding(0) var<storage, read_write> b: "
       "array<u32>; @compute @workgroup_size(32, 1, 1) @subgroup_size(32) fn main("
       "@builtin(subgroup_invocation_id) i: u32, @builtin(subgroup_size) s: u32) { b[i] = s; }",
       false, true},
      {"a subgroup built-in function",
       "enable subgroup_size_control; @compute @workgroup_size(16) @subgroup_size(16u) fn m() { "
       "let x = subgroupAdd(1u); }",
       false, true},
      {"an override",
       "enable subgroup_size_control; override k: i32; @compute @workgroup_size(16) "
       "@subgroup_size(k) fn m() {}",
       false, true},
      {"without the extension", "@compute @workgroup_size(32) @subgroup_size(32) fn m() {}", false,
       false, "extension-list"},
      {"not a power of two",
       "enable subgroup_size_control; @compute @workgroup_size(24) @subgroup_size(24) fn m() {}",
       false, false, "subgroup-size-attr"},
      {"zero",
       "enable subgroup_size_control; @compute @workgroup_size(4) @subgroup_size(0) fn m() {}",
       false, false, "subgroup-size-attr"},
      {"a float",
       "enable subgroup_size_control; @compute @workgroup_size(4) @subgroup_size(4.0) fn m() {}",
       false, false, "subgroup-size-attr"},
      {"on a fragment shader",
       "enable subgroup_size_control; @fragment @subgroup_size(32) fn f() {}", false, false,
       "subgroup-size-attr"},
      {"on a plain function", "enable subgroup_size_control; @subgroup_size(32) fn f() {}", false,
       false, "subgroup-size-attr"},
      // The x dimension not a multiple of the subgroup size is a pipeline-creation error only.
      {"x not a multiple (shader creation)",
       "enable subgroup_size_control; @compute @workgroup_size(8) @subgroup_size(16) fn m() {}",
       false, true},
  };
  for (const FeatureCase& c : cases) expectInBothRevisions(c);
}

TEST(LanguageFeatures, SubgroupSizeAtPipelineCreation) {
  auto atPipeline = [](const std::string& source, const std::string& k) {
    CheckOptions o;
    o.pipelineCreation = true;
    if (!k.empty()) o.overrides = {{"k", k}};
    return checkSourceIn(Revision::wgsl2026(), source, o);
  };
  const std::string overridden =
      "enable subgroup_size_control; override k: i32; @compute @workgroup_size(16) "
      "@subgroup_size(k) fn m() {}";
  EXPECT_TRUE(atPipeline(overridden, "16")->valid());
  EXPECT_TRUE(atPipeline(overridden, "8")->valid());
  auto notPowerOfTwo = atPipeline(overridden, "12");
  ASSERT_FALSE(notPowerOfTwo->valid());
  EXPECT_EQ(notPowerOfTwo->rules()[0], "subgroup-size-attr") << notPowerOfTwo->text();
  auto notMultiple = atPipeline(overridden, "32");
  ASSERT_FALSE(notMultiple->valid());
  EXPECT_EQ(notMultiple->rules()[0], "subgroup-size-attr") << notMultiple->text();
  auto constNotMultiple = atPipeline(
      "enable subgroup_size_control; @compute @workgroup_size(8) @subgroup_size(16) fn m() {}", "");
  EXPECT_FALSE(constNotMultiple->valid()) << constNotMultiple->text();
  // The value is the entry point's, for the interpreter (plumb run explores only that size).
  auto checked = atPipeline(overridden, "16");
  ASSERT_TRUE(checked->checked);
  ASSERT_EQ(checked->checked->entryPoints.size(), 1u);
  EXPECT_EQ(checked->checked->entryPoints[0].subgroupSize.value, std::optional<uint64_t>(16));
}

}  // namespace
}  // namespace plumb
