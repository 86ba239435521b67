// The language features of new#language-extensions-sec and the extension of
// new#extension-list that change the text beyond the built-in table: immediate_address_space
// (`var<immediate>`), fragment_depth (`@builtin(frag_depth, less|greater)`),
// subgroup_size_control (`@subgroup_size`) and buffer_view (`buffer<N>`, `bufferView<T>`, ...).
// Each program is checked under both revisions: the seed has none of them.
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
  if (!c.valid2026 && *c.rule2026 && !current->rules().empty()) {
    EXPECT_EQ(current->rules()[0], c.rule2026) << c.what << "\n" << current->text();
  }
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

// new#buffer-types: where buffers may be declared, their sizes, and that they are opaque.
TEST(LanguageFeatures, BufferTypes) {
#define OUT "@group(0) @binding(9) var<storage, read_write> out: u32; "
  const FeatureCase cases[] = {
      {"storage, sized", "@group(0) @binding(0) var<storage> b: buffer<64>;", false, true},
      {"storage, runtime-sized", "@group(0) @binding(0) var<storage, read_write> b: buffer;", false,
       true},
      {"uniform, sized", "@group(0) @binding(0) var<uniform> b: buffer<16>;", false, true},
      {"workgroup, sized", "var<workgroup> b: buffer<64>;", false, true},
      {"workgroup, sized by an override", "override n = 64; var<workgroup> b: buffer<n>;", false,
       true},
      {"uniform, runtime-sized", "@group(0) @binding(0) var<uniform> b: buffer;", false, false,
       "buffer-types"},
      {"workgroup, runtime-sized", "var<workgroup> b: buffer;", false, false, "buffer-types"},
      {"storage, sized by an override",
       "override n = 64; @group(0) @binding(0) var<storage> b: buffer<n>;", false, false,
       "buffer-types"},
      {"private", "var<private> b: buffer<16>;", false, false, "buffer-types"},
      {"function", "fn f() { var b: buffer<16>; }", false, false},
      {"size zero", "var<workgroup> b: buffer<0>;", false, false, "buffer-types"},
      {"size not a multiple of 4", "var<workgroup> b: buffer<6>;", false, false, "buffer-types"},
      {"size a multiple of 2 with f16", "enable f16; var<workgroup> b: buffer<6>;", false, true},
      {"size a float", "var<workgroup> b: buffer<4.0>;", false, false, "buffer-types"},
      {"an array of buffers", "var<workgroup> b: array<buffer<4>, 2>;", false, false,
       "array-types"},
      {"a structure member", "struct S { b: buffer<4> }", false, false, "struct-types"},
      {"not constructible", "fn f() { let x = buffer<4>(); }", false, false},
      {"a let of the buffer's value",
       "var<workgroup> b: buffer<64>; @compute @workgroup_size(1) fn m() { let x = b; }", false,
       false},
      {"a let of a pointer to it",
       "var<workgroup> b: buffer<64>; @compute @workgroup_size(1) fn m() { let p = &b; }", false,
       true},
      {"a user type named buffer", "struct buffer { x: i32 } var<private> b: buffer;", true, true},
      {"bufferLength",
       OUT "@group(0) @binding(0) var<storage> v: buffer<128>; "
           "@compute @workgroup_size(1) fn m() { out = bufferLength(&v); }",
       false, true},
      {"bufferLength of a non-buffer",
       OUT "@compute @workgroup_size(1) fn m() { let n = bufferLength(&out); }", false, false,
       "bufferlength-builtin"},
  };
#undef OUT
  for (const FeatureCase& c : cases) expectInBothRevisions(c);
}

// new#bufferview-builtin, new#bufferarrayview-builtin: the preconditions on T and the errors
// that const offsets and sizes decide.
TEST(LanguageFeatures, BufferViewBuiltins) {
  const std::string decl =
      "struct S { a: vec4f, b: array<u32> } struct F { a: vec3f, b: f32 } "
      "@group(0) @binding(0) var<storage, read_write> v: buffer; "
      "@group(0) @binding(1) var<storage, read_write> w: buffer<64>; "
      "@group(0) @binding(2) var<uniform> u: buffer<128>; var<workgroup> g: buffer<64>; ";
  auto body = [&](const std::string& b) {
    return decl + "@compute @workgroup_size(1) fn m(@builtin(local_invocation_index) i: u32) { " +
           b + " }";
  };
  struct Case {
    const char* what;
    std::string source;
    bool valid;
    const char* rule = "";
  } cases[] = {
      {"a vector", body("let p = bufferView<vec4u>(&v, 16); let x = *p;"), true},
      {"a runtime offset", body("let p = bufferView<vec4u>(&v, i * 16u); let x = p.x;"), true},
      {"a runtime-sized array", body("let p = bufferView<array<u32>>(&v, 0); p[4] = 4;"), true},
      {"a structure in uniform", body("let p = bufferView<F>(&u, 16); let x = p.b;"), true},
      {"workgroup", body("let p = bufferView<vec2f>(&g, 8); p.x = 1.0;"), true},
      {"through a parameter",
       decl + "fn f(p: ptr<storage, buffer<64>, read_write>) { let q = bufferView<u32>(p, 0); "
              "let x = *q; }",
       true},
      {"no template list", body("let p = bufferView(&v, 0);"), false, "bufferview-builtin"},
      {"not host-shareable", body("let p = bufferView<bool>(&v, 0);"), false, "bufferview-builtin"},
      {"an atomic", body("let p = bufferView<atomic<u32>>(&v, 0);"), false, "bufferview-builtin"},
      {"a negative const offset", body("let p = bufferView<u32>(&v, -4);"), false,
       "bufferview-builtin"},
      {"a misaligned const offset", body("let p = bufferView<vec4u>(&v, 4);"), false,
       "bufferview-builtin"},
      {"larger than the sized buffer", body("let p = bufferView<array<vec4u, 5>>(&w, 0);"), false,
       "bufferview-builtin"},
      {"past the sized buffer's end", body("let p = bufferView<vec4u>(&w, 64);"), false,
       "bufferview-builtin"},
      {"ends at the sized buffer's end", body("let p = bufferView<vec4u>(&w, 48);"), true},
      {"not a buffer", body("let p = bufferView<u32>(&v, 0); let q = bufferView<u32>(p, 0);"),
       false, "bufferview-builtin"},
      {"bufferArrayView of a structure ending in an array",
       body("let p = bufferArrayView<S>(&v, 0, 64); p.b[4] = 4;"), true},
      {"bufferArrayView of a fixed-footprint type",
       body("let p = bufferArrayView<vec4u>(&v, 0, 16);"), false, "bufferarrayview-builtin"},
      {"bufferArrayView size below MinTypeSize", body("let p = bufferArrayView<S>(&v, 0, 16);"),
       false, "bufferarrayview-builtin"},
      {"bufferArrayView size not a multiple of the stride",
       body("let p = bufferArrayView<array<vec4u>>(&v, 0, 20);"), false, "bufferarrayview-builtin"},
      {"bufferArrayView past the sized buffer",
       body("let p = bufferArrayView<array<u32>>(&w, 32, 48);"), false, "bufferarrayview-builtin"},
      {"bufferArrayView in the sized buffer",
       body("let p = bufferArrayView<array<u32>>(&w, 32, 32); let n = arrayLength(p);"), true},
      {"arrayLength of a uniform view",
       body("let p = bufferArrayView<array<vec4u>>(&u, 0, 64); let n = arrayLength(p);"), true},
      {"a user function named bufferView with a template list",
       decl + "fn bufferView(x: i32) -> i32 { return x; } fn h() { let y = bufferView<u32>(1); }",
       false, "template-lists-sec"},
      {"a call statement (the result must be used)", body("bufferView<u32>(&v, 0);"), false,
       "must-use-attr"},
  };
  for (const Case& c : cases) {
    auto current = checkSourceIn(Revision::wgsl2026(), c.source);
    EXPECT_EQ(current->valid(), c.valid) << c.what << "\n" << c.source << "\n" << current->text();
    if (!c.valid && *c.rule && !current->rules().empty()) {
      EXPECT_EQ(current->rules()[0], c.rule) << c.what << "\n" << current->text();
    }
    // The seed has no buffer types.
    EXPECT_FALSE(checkSourceIn(Revision::wgsl2022_06(), c.source)->valid()) << c.what;
  }
}

// new#conversion-rank: a pointer to a fixed-size buffer converts to a parameter's pointer to a
// smaller one or to a runtime-sized one; never to a larger one.
TEST(LanguageFeatures, BufferPointerArguments) {
  const std::string decl =
      "@group(0) @binding(0) var<storage, read_write> b: buffer<2048>; "
      "@group(0) @binding(1) var<storage, read_write> r: buffer; ";
  auto valid = [&](const std::string& s) {
    return checkSourceIn(Revision::wgsl2026(), decl + s)->valid();
  };
  EXPECT_TRUE(valid("fn f(p: ptr<storage, buffer<1024>, read_write>) {} fn g() { f(&b); }"));
  EXPECT_TRUE(valid("fn f(p: ptr<storage, buffer, read_write>) {} fn g() { f(&b); f(&r); }"));
  EXPECT_TRUE(valid("fn f(p: ptr<storage, buffer<2048>, read_write>) {} fn g() { f(&b); }"));
  EXPECT_FALSE(valid("fn f(p: ptr<storage, buffer<4096>, read_write>) {} fn g() { f(&b); }"));
  EXPECT_FALSE(valid("fn f(p: ptr<storage, buffer<64>, read_write>) {} fn g() { f(&r); }"));
  EXPECT_FALSE(valid("fn f(p: ptr<storage, buffer<64>>) {} fn g() { f(&b); }"));  // access mode
  // Only at function calls: a let's declared pointer type takes no conversion.
  EXPECT_FALSE(valid("fn g() { let p: ptr<storage, buffer, read_write> = &b; }"));
}

}  // namespace
}  // namespace plumb
