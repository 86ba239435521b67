// The programs whose verdict differs between the revisions (revision-delta-2022-06-to-2026.md,
// section 9.1 and the grammar sections), each checked under both: the seed's verdict must not
// change, and revision 2026 must give the current text's.
#include <gtest/gtest.h>

#include "check_util.h"

namespace plumb {
namespace {

using testing::checkSourceIn;

struct DeltaCase {
  const char* entry;  // the delta document's entry
  const char* source;
  bool valid2022;
  bool valid2026;
  const char* rule2026 = "";  // the first error's rule under 2026, when invalid
};

const DeltaCase kCases[] = {
    {"9.1 #1 type", "type T = i32;", true, false},
    {"9.1 #1 alias", "alias T = i32; var<private> v: T;", false, true},
    {"9.1 #2 staticAssert", "staticAssert 1 == 1;", true, false},
    {"9.1 #2 const_assert", "const_assert 1 == 1;", false, true},
    {"4.5 const_assert false", "const_assert 1 == 2;", false, false, "const-assert-statement"},
    {"4.5 const_assert in a function", "fn f() { const x = 3; const_assert x > 2; }", false, true},
    {"9.1 #3 fallthrough", "fn f(x: i32) { switch x { case 0: { fallthrough; } default: {} } }",
     true, false, "reserved-words"},
    {"9.1 #4 case default", "fn f(x: i32) { switch x { case 1, default {} } }", false, true},
    {"1.7 case default twice", "fn f(x: i32) { switch x { case 1, default {} default {} } }", false,
     false},
    {"9.1 #5 vec3f", "fn f() { let v = vec3f(1.0); }", false, true},
    {"2.1 mat2x3h needs f16", "var<private> m: mat2x3h;", false, false},
    {"2.1 aliases",
     "enable f16; var<private> a: vec4h; var<private> b: mat4x2f; var<private> c: vec2u;", false,
     true},
    {"9.1 #7 shadow min", "var<private> min: f32;", false, true},
    {"2.4 shadow a type", "struct f32 { x: i32 } fn g() { var s: f32; s.x = 1; }", false, true},
    {"2.4 shadow an alias with a value", "fn g() { let vec3f = 1; let y = vec3f + 1; }", true,
     true},
    {"2.4 shadowed type is not a type", "fn g() { let u32 = 1; var x: u32; }", false, false,
     "type-declarations"},
    {"9.1 #8 void", "fn f() { let void = 1; }", false, true},
    {"1.3 vec handle", "var<private> handle: i32; fn g() { let vec = 1; }", false, true},
    {"9.1 #9 shift in count", "var<private> a: array<i32, 1 << 2>;", false, true},
    {"1.1 select in count", "var<private> a: array<i32, select(2, 3, 1 > 0)>;", true, true},
    {"1.1 comparison in count", "const c = 2; var<private> a: array<i32, select(2, 3, c < 4)>;",
     true, true},
    {"1.7 trailing comma", "var<private> a: vec3<f32,>; var<private> b: array<i32, 4,>;", false,
     true},
    {"1.7 trailing comma after the address space",
     "var<private,> a: i32; fn g(p: ptr<function, i32,>) {}", false, true},
    {"9.1 #10 workgroup_size", "@compute @workgroup_size(2*2) fn m() {}", false, true},
    {"1.6 u32 location", "@fragment fn f() -> @location(1u) vec4<f32> { return vec4<f32>(); }",
     false, true},
    {"9.1 #11 enable list", "enable f16, f16;", false, true},
    {"1.5 enable list trailing", "enable f16,;", false, true},
    {"2.4 parameters are in scope in the body only",
     "fn f(f: i32, i32: i32, t: i32) -> i32 { return i32; }", false, true},
    {"2.4 a let named like a type generator, used bare",
     "fn g() { var v = 1; let ptr = &v; let x = *ptr; let array = 2; let y = array + 1; }", false,
     true},
    {"2.4 a bare type generator is not a value", "fn g() { let x = ptr; }", false, false},
    {"2.4 shadowed generator with a template list",
     "fn g() { let array = 1; var a: array<i32, 2>; }", false, false, "declaration-and-scope"},
    {"2.4 shadowed inferred array", "fn g() { let array = 4; _ = array(1); }", false, false,
     "type-declarations"},
    {"2.4 shadowing alias constructs", "alias vec3f = i32; fn g() { let x: i32 = vec3f(1); }",
     false, true},
    {"2.4 shadowed generator in a constructor",
     "fn g() { let vec2 = 1; let v = vec2<f32>(1.0, 2.0); }", false, false,
     "declaration-and-scope"},
    {"8 unknown extension", "enable f64;", false, false, "enable-directive-section"},
    {"9.1 #12 diagnostic", "diagnostic(off, derivative_uniformity);", false, true},
    {"1.5 diagnostic bad severity", "diagnostic(loud, derivative_uniformity);", false, false,
     "diagnostic-severity"},
    {"1.5 diagnostic conflict",
     "diagnostic(off, derivative_uniformity); diagnostic(error, derivative_uniformity);", false,
     false, "diagnostic-filtering"},
    {"1.5 diagnostic after a declaration", "const c = 1; diagnostic(off, derivative_uniformity);",
     false, false},
    {"1.6 @diagnostic on a function", "@diagnostic(off, derivative_uniformity) fn f() {}", false,
     true},
    {"1.6 @diagnostic on statements",
     "fn f(c: bool) { @diagnostic(off, derivative_uniformity) if c {} "
     "@diagnostic(warning, chromium.unreachable_code) { } loop @diagnostic(info, "
     "derivative_uniformity) { break; } }",
     false, true},
    {"1.6 @diagnostic twice for one rule",
     "fn f() { @diagnostic(error, derivative_uniformity) @diagnostic(error, "
     "derivative_uniformity) { } }",
     false, false, "attribute-diagnostic"},
    {"1.6 @diagnostic twice on a function",
     "@diagnostic(off, derivative_uniformity) @diagnostic(info, derivative_uniformity) fn f() {}",
     false, false, "attribute-diagnostic"},
    {"1.6 @diagnostic for two rules",
     "fn f() { @diagnostic(error, a.b) @diagnostic(off, c.d) { } }", false, true},
    {"1.6 other attribute on a statement", "fn f() { @must_use { } }", false, false, "attributes"},
    {"1.5 requires", "requires pointer_composite_access, unrestricted_pointer_parameters;", false,
     true},
    {"1.5 requires unknown", "requires unknown;", false, false, "language-extensions-sec"},
    {"9.1 #13 abs statement", "fn f() { abs(1.0); }", true, false, "must-use-attr"},
    {"4.4 max statement", "fn f() { let a = 1; max(a, 2); }", true, false, "must-use-attr"},
    {"4.4 phony abs", "fn f() { _ = abs(1.0); }", true, true},
    {"9.1 #42 atomics",
     "var<workgroup> a: atomic<u32>; fn f() { atomicAdd(&a, 1u); atomicLoad(&a); }", true, true},
    {"4.4 barrier statement", "fn f() { workgroupBarrier(); }", true, true},
    {"4.4 @must_use user function", "@must_use fn g() -> i32 { return 1; } fn f() { g(); }", false,
     false, "must-use-attr"},
    {"4.4 @must_use needs a return type", "@must_use fn g() {}", false, false,
     "attribute-must_use"},
    {"4.4 @must_use used", "@must_use fn g() -> i32 { return 1; } fn f() { let x = g(); }", false,
     true},
    {"4.4 user function without @must_use", "fn g() -> i32 { return 1; } fn f() { g(); }", true,
     true},
    {"9.1 #17 aliasing",
     "fn w(a: ptr<function, i32>, b: ptr<function, i32>) { *a = *b; } fn k() { var v = 1; w(&v, "
     "&v); }",
     true, false},
    {"9.1 #6 inferred array", "fn f() { let a = array(1, 2, 3); let b: array<i32, 3> = a; }", false,
     true},
    {"2.2 inferred array mixes abstract and f32",
     "fn f() { let a = array(1, 2.5f); let b: array<f32, 2> = a; }", false, true},
    {"2.3 abstract array converts",
     "var<private> x: array<u32, 2> = array(1, 2); const c = array(1, 2.5); "
     "const_assert c[1] == 2.5; const d: array<f32, 2> = c;",
     false, true},
    {"2.3 abstract array element out of range", "var<private> x: array<u32, 2> = array(1, -2);",
     false, false, "conversion-rank"},
    {"2.2 array() needs elements", "fn f() { let a = array(); }", false, false, "array-builtin"},
    {"2.2 array elements without a common type", "fn f() { let a = array(1i, true); }", false,
     false, "array-builtin"},
    {"9.1 #14 storage pointer parameter", "fn g(p: ptr<storage, f32, read_write>) { *p = 1.0; }",
     false, true},
    {"9.1 #15 pointer to an element",
     "fn h(p: ptr<function, i32>) {} fn k() { var a: array<i32, 2>; h(&a[0]); }", false, true},
    {"9.1 #16 pointer composite access",
     "struct S { m: i32 } fn k(p: ptr<function, S>) -> i32 { return p.m; }", false, true},
    {"2.5 pointer index and swizzle",
     "fn k(p: ptr<function, array<vec4<f32>, 2>>) -> vec2<f32> { p[1].x = 2.0; return p[0].xy; }",
     false, true},
    {"2.5 access mode must still match",
     "@group(0) @binding(0) var<storage> s: f32; fn g(p: ptr<storage, f32, read_write>) {} fn k() "
     "{ g(&s); }",
     false, false},
    {"2.6 read_write storage texture",
     "@group(0) @binding(0) var t: texture_storage_2d<rgba8unorm, read_write>;", false, true},
    {"2.6 write storage texture",
     "@group(0) @binding(0) var t: texture_storage_2d<rgba8unorm, write>;", true, true},
    {"1.1 bitcast", "fn f() { let x = bitcast<u32>(1i); let y = bitcast<vec2<f32>>(vec2<u32>()); }",
     true, true},
    {"1.1 var qualifier",
     "var<workgroup> w: array<vec4<f32>, 4>; fn f() { var<function> x: i32; let p: ptr<function, "
     "i32> = &x; }",
     true, true},
    {"1.1 comparison is not a template", "fn f(a: i32, b: i32) -> bool { return a < b && b > a; }",
     true, true},
    {"1.1 nested templates", "var<private> a: array<array<vec2<i32>, 2>, 3>;", true, true},
    {"1.1 texture generators",
     "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; "
     "@group(0) @binding(2) var d: texture_depth_2d; @group(0) @binding(3) var e: "
     "texture_external;",
     true, true},
    {"1.1 a type is not a value", "fn f() { let x = f32; }", false, false},
    {"1.1 template on a user name", "struct S { x: i32 } var<private> s: S<i32>;", false, false},
    // delta 3.5: intermediate results of the inherited-from expressions
    {"3.5 length: MAX * MAX overflows", "const x = length(vec2(0.0, 1.7976931348623157e308));",
     true, false, "floating-point-rounding-and-overflow"},
    {"3.5 length f32", "const x = length(vec2<f32>(0.0, 3.0e38f));", true, false,
     "floating-point-rounding-and-overflow"},
    {"3.5 length in range", "const x = length(vec2<f32>(3.0, 4.0));", true, true},
    {"3.5 normalize: the squares round to zero", "const x = normalize(vec2(1e-200, 0.0));", true,
     false, "floating-point-rounding-and-overflow"},
    {"3.5 faceForward: dot overflows",
     "const x = faceForward(vec2(1.0), vec2(1e200, 0.0), vec2(1e200, 0.0));", true, false,
     "floating-point-rounding-and-overflow"},
    {"3.5 mix: e2 * e3 overflows", "const x = mix(3.0e38f, 3.0e38f, 2.0f);", true, false,
     "floating-point-rounding-and-overflow"},
    {"3.5 pow(0, 0)", "const x = pow(0.0, 0.0);", true, false,
     "floating-point-rounding-and-overflow"},
    {"3.5 pow(0, 2)", "const x = pow(0.0, 2.0);", true, true},
    {"3.5 clamp of integers, low > high", "const x = clamp(1, 2, 1);", true, false, "clamp"},
    {"3.5 clamp, const low > high, runtime e", "fn f(a: f32) -> f32 { return clamp(a, 1.0, 0.0); }",
     true, false, "clamp"},
    {"3.5 smoothstep, const low == high", "fn f(a: f32) -> f32 { return smoothstep(1.0, 1.0, a); }",
     true, false, "smoothstep-builtin"},
    {"3.5 ldexp, const e2 > bias + 1", "fn f(a: f32) -> f32 { return ldexp(a, 129); }", true, false,
     "ldexp-builtin"},
    {"3.5 ldexp of zero, e2 > bias + 1", "const x = ldexp(0.0f, 129);", true, false,
     "ldexp-builtin"},
    {"3.5 ldexp, e2 = bias + 1", "fn f(a: f32) -> f32 { return ldexp(a, 128); }", true, true},
    {"3.5 extractBits, const offset + count > 32",
     "fn f(a: u32) -> u32 { return extractBits(a, 30u, 3u); }", true, false,
     "extractBits-signed-builtin"},
    // delta 3.2, 3.4: integer errors
    {"3.2 const division by zero", "const x = 1i / 0i;", true, false, "arithmetic-expr"},
    {"3.2 division by a const zero", "fn f(a: i32) -> i32 { return a / 0; }", true, false,
     "arithmetic-expr"},
    {"3.2 remainder by a const zero", "fn f(a: u32) -> u32 { return a % 0u; }", true, false,
     "arithmetic-expr"},
    {"3.2 MIN / -1", "const m = i32(-2147483648); const x = m / -1i;", true, false,
     "arithmetic-expr"},
    {"3.2 runtime division", "fn f(a: i32, b: i32) -> i32 { return a / b; }", true, true},
    {"9.1 1i << 31u", "const c = 1i << 31u;", true, false, "bit-expr"},
    {"9.1 1u << 32u", "const c = 1u << 32u;", true, false, "bit-expr"},
    {"3.4 1u << 31u", "const c = 1u << 31u;", true, true},
    {"3.4 shift by a const 32", "fn f(a: u32) -> u32 { return a >> 32u; }", true, false,
     "bit-expr"},
    // delta 6, 8: built-in functions of current WGSL
    {"6 saturate", "fn f() { let x = saturate(2.0); }", false, true},
    {"6 sign of integers", "const_assert sign(-5i) == -1i && sign(0) == 0 && sign(7) == 1;", false,
     true},
    {"6 saturate values", "const_assert saturate(-1.5) == 0.0 && saturate(0.25) == 0.25;", false,
     true},
    {"6 pack4xI8", "const_assert pack4xI8(vec4i(1, -1, 127, -128)) == 0x807fff01u;", false, true},
    {"6 pack4xI8Clamp", "const_assert pack4xI8Clamp(vec4i(300, -300, 0, 5)) == 0x0500807fu;", false,
     true},
    {"6 pack4xU8Clamp", "const_assert pack4xU8Clamp(vec4u(300, 1, 0, 5)) == 0x050001ffu;", false,
     true},
    {"6 dot4I8Packed, dot4U8Packed",
     "const_assert dot4I8Packed(0xffu, 0xffu) == 1i && dot4U8Packed(0xffu, 0x2u) == 510u;", false,
     true},
    {"6 unpack4xI8, unpack4xU8",
     "const_assert all(unpack4xI8(0x80ff0102u) == vec4i(2, 1, -1, -128)) && "
     "all(unpack4xU8(0x80ff0102u) == vec4u(2, 1, 255, 128));",
     false, true},
    {"6 textureSampleBaseClampToEdge",
     "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; "
     "fn f() -> vec4<f32> { return textureSampleBaseClampToEdge(t, s, vec2<f32>()); }",
     false, true},
    {"6 textureBarrier", "@compute @workgroup_size(1) fn m() { textureBarrier(); }", false, true},
    // delta 2.6: storage texel formats and access modes
    {"2.6 bgra8unorm", "@group(0) @binding(0) var t: texture_storage_2d<bgra8unorm, write>;", false,
     true},
    {"2.6 textureLoad of a read storage texture",
     "@group(0) @binding(0) var t: texture_storage_2d<r32float, read>; "
     "fn f() -> vec4<f32> { return textureLoad(t, vec2<i32>()); }",
     false, true},
    {"2.6 textureStore of a read_write r8uint texture",
     "@group(0) @binding(0) var t: texture_storage_2d<r8uint, read_write>; "
     "fn f() { textureStore(t, vec2<u32>(), vec4<u32>()); }",
     false, true},
    {"2.6 textureStore of the wrong channel type",
     "@group(0) @binding(0) var t: texture_storage_2d<r8uint, read_write>; "
     "fn f() { textureStore(t, vec2<u32>(), vec4<f32>()); }",
     false, false, "builtin-functions"},
    {"2.6 textureNumLayers of rg11b10ufloat",
     "@group(0) @binding(0) var t: texture_storage_2d_array<rg11b10ufloat, write>; "
     "fn f() -> u32 { return textureNumLayers(t); }",
     false, true},
    {"2.6 textureStore of a write rgba8unorm texture",
     "@group(0) @binding(0) var t: texture_storage_2d<rgba8unorm, write>; "
     "fn f() { textureStore(t, vec2<u32>(), vec4<f32>()); }",
     true, true},
    // delta 2.5 (texture_and_sampler_let, new#let-decls): a let of a texture or sampler
    {"2.5 let of a texture and a sampler",
     "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; "
     "@fragment fn f() -> @location(0) vec4f { let tt = t; let ss = s; "
     "return textureSample(tt, ss, vec2f()); }",
     false, true},
    {"2.5 var of a texture", "@group(0) @binding(0) var t: texture_2d<f32>; fn f() { var tt = t; }",
     false, false},
    // delta 6.2 (new#texturestore "textureStore 2d array"): the array index's type is its own
    {"6.2 textureStore of a 2d array with a u32 index and i32 coordinates",
     "@group(0) @binding(0) var t: texture_storage_2d_array<rgba32uint, write>; "
     "fn f() { textureStore(t, vec2<i32>(), 1u, vec4<u32>()); }",
     false, true},
    {"6.2 textureStore of a 2d array with one index type",
     "@group(0) @binding(0) var t: texture_storage_2d_array<r32float, write>; "
     "fn f() { textureStore(t, vec2<u32>(), 1u, vec4<f32>()); }",
     true, true},
    // delta 8 (uniform_buffer_standard_layout, new#address-space-layout-constraints)
    {"8 uniform array with a 4-byte stride",
     "@group(0) @binding(0) var<uniform> u: array<vec4<f32>, 2>; "
     "@group(0) @binding(1) var<uniform> w: array<f32, 4>;",
     false, true},
    {"8 uniform structure member after a structure member",
     "struct Inner { x: f32 } struct Outer { i: Inner, y: f32 } "
     "@group(0) @binding(0) var<uniform> o: Outer;",
     false, true},
    {"8 uniform layout still needs RequiredAlignOf",
     "struct S { a: f32, @align(2) b: f32 } @group(0) @binding(0) var<uniform> s: S;", false,
     false},
    // delta 4.1 (Revision::currentBehaviorAnalysis): discard is {Next}, the loop row for a body
    // of exactly {Return}, discard in a continuing statement
    {"4.1 discard then return in a fragment function",
     "fn f() -> i32 { discard; return 1; } @fragment fn m() { _ = f(); }", false, true},
    {"4.1 a function with a return type ending in discard",
     "fn f() -> i32 { if true { return 1; } discard; } @fragment fn m() { _ = f(); }", true, false,
     "behaviors-rules"},
    {"4.1 discard in a continuing statement",
     "@fragment fn m() { loop { continuing { discard; break if true; } } }", false, true},
    {"4.1 a call of a discarding function in a continuing statement",
     "fn d() { discard; } @fragment fn m() { loop { continuing { d(); break if true; } } }", false,
     true},
    {"4.1 a loop whose body is exactly {Return}",
     "var<private> c: bool; fn f() -> i32 { loop { return 1; continuing { break if c; } } }", false,
     true},
    {"4.1 a loop whose body is {Return, Next} with break if",
     "var<private> c: bool; fn f() -> i32 { loop { if c { return 1; } continuing { break if c; "
     "} } }",
     false, false, "behaviors-rules"},
    {"4.1 return in a continuing statement",
     "fn f() { loop { continuing { if true { return; } break if true; } } }", false, false,
     "behaviors-rules"},
    {"4.1 discard only in fragment shaders",
     "fn d() { discard; } @compute @workgroup_size(1) fn m() { d(); }", false, false,
     "discard-statement"},
    // delta 5: the uniformity analysis (U1, U2, U17)
    // (#37 with a private variable: the seed accepts the @location form through its U1 hole.)
    {"9.1 #37 discard is {Next}",
     "var<private> c: f32; @fragment fn f() { if c > 0.0 { discard; } _ = dpdx(1.0); }", false,
     true},
    {"9.1 #38 returns reconverge",
     "var<private> nonuni: bool; fn g() { if nonuni { return; } } @compute @workgroup_size(1) fn "
     "m() { g(); workgroupBarrier(); }",
     false, true},
    {"9.1 #39 per-statement values",
     "@compute @workgroup_size(1) fn m(@builtin(local_invocation_id) lid: vec3<u32>) { var x = "
     "lid.x; x = 0u; if x == 0u { workgroupBarrier(); } }",
     false, true},
    // delta 2.4: the enumerants and `bitcast` are predeclared, so declarations shadow them
    {"2.4 a shadowed access mode",
     "var<private> read: i32; @group(0) @binding(0) var<storage, read> a: i32;", true, false,
     "declaration-and-scope"},
    {"2.4 an access mode shadowed in a function only",
     "@group(0) @binding(0) var<storage, read> a: i32; fn f() { let read = 4; }", true, true},
    {"2.4 a shadowed texel format",
     "var<private> rgba8unorm: i32; @group(0) @binding(0) var t: texture_storage_2d<rgba8unorm, "
     "write>;",
     true, false, "declaration-and-scope"},
    {"3.7 a const negative index of a runtime-sized array",
     "@group(0) @binding(0) var<storage> x: array<u32>; fn f() { let t = x[-1]; }", false, false,
     "array-access-expr"},
    {"2.4 a shadowed bitcast", "fn f() { let bitcast = 4; _ = bitcast<f32>(1i); }", false, false,
     "declaration-and-scope"},
    // ... also in pointer types, by a local declaration too (the seed's `function` is a
    // keyword, its access modes are context-dependent words that a pointer type does not
    // resolve).
    {"2.4 an access mode of a pointer type shadowed by a local",
     "@group(0) @binding(0) var<storage, read> b: i32; fn f() { let read = 4; let p: "
     "ptr<storage, i32, read> = &b; }",
     true, false, "declaration-and-scope"},
    {"2.4 an address space of a pointer type shadowed by a local",
     "fn f() { var x: i32; let function = 1; let p: ptr<function, i32> = &x; }", false, false,
     "declaration-and-scope"},
    {"2.4 a pointer parameter's address space shadowed at module scope",
     "const private = 1; fn f(p: ptr<private, i32>) {}", false, false, "declaration-and-scope"},
    {"2.4 an alias of a pointer type with a shadowed access mode",
     "var<private> read_write: i32; alias P = ptr<storage, i32, read_write>;", false, false,
     "declaration-and-scope"},
    {"2.4 a pointer type after the shadowing local's scope",
     "@group(0) @binding(0) var<storage, read> b: i32; fn f() { { let read = 4; } let p: "
     "ptr<storage, i32, read> = &b; }",
     true, true},
    {"2.4 a function-scope var's address space shadowed by a local",
     "fn f() { let function = 1; var<function> x: i32; }", false, false, "declaration-and-scope"},
    // delta 6.2: the overloads current WGSL changes
    // new#bitcast-builtin: bitcast<u32> of an AbstractInt is u32(e) (the seed concretizes to
    // i32 first), and an abstract argument converts to the chosen overload's parameter type.
    {"6.2 bitcast<u32> of an AbstractInt beyond i32",
     "fn f() { let x = bitcast<u32>(4294967295); }", false, true},
    {"6.2 bitcast<u32> of an AbstractInt is its value",
     "const_assert bitcast<u32>(4294967295) == 0xffffffffu; const_assert "
     "all(bitcast<vec2<u32>>(vec2(7, 3000000000)) == vec2(7u, 3000000000u)); const_assert "
     "bitcast<i32>(-1) == -1i; const_assert bitcast<u32>(-1i) == 0xffffffffu;",
     false, true},
    {"6.2 bitcast<u32> of a negative AbstractInt", "fn f() { let x = bitcast<u32>(-1); }", true,
     false, "conversion-rank"},
    {"6.2 bitcast<vec2<u32>> of a vector of AbstractInt",
     "fn f() { let x = bitcast<vec2<u32>>(vec2(1, -1)); }", true, false, "conversion-rank"},
    {"6.2 bitcast<i32> of an AbstractInt is the identity",
     "fn f() { let x = bitcast<i32>(-1); let y = bitcast<f32>(1); }", true, true},
    {"6.2 bitcast<f16> of an AbstractFloat is the identity",
     "enable f16; fn f() { let x = bitcast<f16>(1.5); let y = bitcast<vec2<f16>>(vec2(1.5)); }",
     false, true},
    {"6.2 bitcast<vec2<f16>> of an AbstractInt reinterprets an i32",
     "enable f16; fn f() { let x = bitcast<vec2<f16>>(1); }", true, true},
    // new#ldexp-builtin: "T can only be abstract if I is also abstract and vice versa" (the
    // seed: "I is concrete if and only if T is concrete"): a concrete exponent makes the
    // AbstractFloat an f32 in both revisions (docs/ambiguities.md CC2).
    {"6.2 ldexp of an AbstractFloat and an i32 is an f32",
     "fn f() { let x: f32 = ldexp(1.5, 2i); let y: f32 = ldexp(vec2(1.5), vec2(2i)).x; }", true,
     true},
    {"6.2 ldexp of an AbstractFloat beyond f32 with an i32", "fn f() { let x = ldexp(1e300, 0i); }",
     false, false},
    {"6.2 frexp of AbstractFloat", "const_assert frexp(1.5).fract == 0.75;", false, true},
    {"6.2 frexp exponent of AbstractFloat", "const_assert frexp(8.0).exp == 4;", false, true},
    {"6.2 frexp: sig is fract", "fn f() { let s = frexp(1.5f).sig; }", true, false,
     "struct-access-expr"},
    {"6.2 frexp result concretizes to f32",
     "fn f() { let r = frexp(1.5); let x: f32 = r.fract; let e: i32 = r.exp; }", false, true},
    {"6.2 frexp of AbstractFloat is exact beyond f32", "const_assert frexp(1e300).exp == 997;",
     false, true},
    {"6.2 modf of AbstractFloat vectors", "const_assert modf(vec2(1.5, -2.25)).fract.y == -0.25;",
     false, true},
    {"6.2 modf whole part of AbstractFloat", "const_assert modf(-1.5).whole == -1.0;", false, true},
    {"6.2 textureDimensions with an i32 level",
     "@group(0) @binding(0) var t: texture_2d<f32>; fn f() { let d = textureDimensions(t, 1i); }",
     false, true},
    {"6.2 textureLoad with coordinate and level types apart",
     "@group(0) @binding(0) var t: texture_2d_array<f32>; "
     "fn f() { let v = textureLoad(t, vec2<i32>(), 0u, 1i); }",
     false, true},
    {"6.2 textureLoad with one type",
     "@group(0) @binding(0) var t: texture_2d<f32>; "
     "fn f() { let v = textureLoad(t, vec2<u32>(), 0u); }",
     true, true},
    {"6.2 textureSampleLevel of texture_1d",
     "@group(0) @binding(0) var t: texture_1d<f32>; @group(0) @binding(1) var s: sampler; "
     "fn f() { let v = textureSampleLevel(t, s, 0.5, 0.0); }",
     false, true},
    {"6.2 textureSampleLevel of texture_external is removed",
     "@group(0) @binding(0) var t: texture_external; @group(0) @binding(1) var s: sampler; "
     "fn f() { let v = textureSampleLevel(t, s, vec2<f32>()); }",
     true, false, "builtin-functions"},
    {"6.2 textureSampleLevel of a depth array with an u32 level",
     "@group(0) @binding(0) var t: texture_depth_2d_array; @group(0) @binding(1) var s: sampler; "
     "fn f() { let v = textureSampleLevel(t, s, vec2<f32>(), 1i, 0u); }",
     false, true},
    {"6.1 workgroupUniformLoad",
     "var<workgroup> w: u32; @compute @workgroup_size(1) fn m() { let x = "
     "workgroupUniformLoad(&w); }",
     false, true},
    {"6.1 workgroupUniformLoad of an atomic",
     "var<workgroup> w: atomic<i32>; @compute @workgroup_size(1) fn m() { let x: i32 = "
     "workgroupUniformLoad(&w); }",
     false, true},
    {"6.1 workgroupUniformLoad of a structure with an atomic",
     "struct S { a: atomic<u32> } var<workgroup> w: S; fn f() { _ = workgroupUniformLoad(&w); }",
     false, false, "workgroupUniformLoad-builtin"},
    {"6.1 workgroupUniformLoad outside compute",
     "var<workgroup> w: u32; @fragment fn m() { _ = workgroupUniformLoad(&w); }", false, false},
    {"6.1 workgroupUniformLoad must be used",
     "var<workgroup> w: u32; fn f() { workgroupUniformLoad(&w); }", false, false, "must-use-attr"},
    // delta 3.4: the count of an AbstractInt shift is a u32
    {"3.4 AbstractInt << u32", "const_assert (0xfffff0000 << 4u) == 0xfffff00000;", false, true},
    {"3.4 AbstractInt >> u32", "const_assert (-0x100000000 >> 4u) == -0x10000000;", false, true},
    {"3.4 abstract shift by a run-time count is concrete", "fn f(u: u32) -> i32 { return 1 << u; }",
     true, true},
    // delta 3.2, 3.4: compound assignments are their operators
    {"3.2 compound division by a const zero", "fn f() { var v = 1; v /= 0; }", true, false,
     "arithmetic-expr"},
    {"3.4 compound shift by 32", "fn f() { var v = 1u; v <<= 32u; }", true, false, "bit-expr"},
    // delta 3.1: short-circuit evaluation at creation time
    {"3.1 false && e does not evaluate e", "fn f() { let x = false && i32(5000000000) == 0; }",
     false, true},
    {"3.1 true || e does not evaluate e", "fn f() { let x = true || (1 / 0i) == 0; }", true, true},
    {"3.1 false || e evaluates e", "fn f() { let x = false || (1 / 0i) == 0; }", true, false,
     "arithmetic-expr"},
    {"3.1 an unevaluated e is still typed", "fn f() { let x = false && (1 + true); }", false, false,
     "arithmetic-expr"},
    {"3.1 the value of a short-circuit", "const_assert !(false && (1 / 0i) == 0);", false, true},
    // delta 8: the built-in values current WGSL adds
    {"8 subgroup built-in values",
     "enable subgroups; @compute @workgroup_size(1) fn m(@builtin(subgroup_invocation_id) i: u32, "
     "@builtin(subgroup_size) s: u32) {}",
     false, true},
    {"8 subgroup_size needs its extension",
     "@compute @workgroup_size(1) fn m(@builtin(subgroup_size) s: u32) {}", false, false,
     "extension-list"},
    {"8 subgroup_size is not a vertex input",
     "enable subgroups; @vertex fn v(@builtin(subgroup_size) s: u32) -> @builtin(position) "
     "vec4<f32> { return vec4<f32>(); }",
     false, false, "builtin-inputs-outputs"},
    {"8 subgroup_id and num_subgroups",
     "enable subgroups; @compute @workgroup_size(1) fn m(@builtin(subgroup_id) i: u32, "
     "@builtin(num_subgroups) n: u32) {}",
     false, true},
    {"8 clip_distances",
     "enable clip_distances; struct O { @builtin(position) p: vec4<f32>, @builtin(clip_distances) "
     "c: array<f32, 8> } @vertex fn v() -> O { return O(); }",
     false, true},
    {"8 clip_distances of 9",
     "enable clip_distances; struct O { @builtin(position) p: vec4<f32>, @builtin(clip_distances) "
     "c: array<f32, 9> } @vertex fn v() -> O { return O(); }",
     false, false, "clip-distances-builtin-value"},
    {"8 primitive_index",
     "enable primitive_index; @fragment fn f(@builtin(primitive_index) p: u32) {}", false, true},
    {"8 global_invocation_index (linear_indexing)",
     "@compute @workgroup_size(1) fn m(@builtin(global_invocation_index) i: u32, "
     "@builtin(workgroup_index) w: u32) {}",
     false, true},
    // delta 1.6: @blend_src (dual_source_blending)
    {"1.6 blend_src",
     "enable dual_source_blending; struct O { @location(0) @blend_src(0) a: vec4<f32>, "
     "@location(0) @blend_src(1) b: vec4<f32> } @fragment fn f() -> O { return O(); }",
     false, true},
    {"1.6 blend_src needs its extension",
     "struct O { @location(0) @blend_src(0) a: vec4<f32>, @location(0) @blend_src(1) b: vec4<f32> "
     "}",
     false, false, "extension-list"},
    {"1.6 blend_src of different types",
     "enable dual_source_blending; struct O { @location(0) @blend_src(0) a: vec4<f32>, "
     "@location(0) @blend_src(1) b: vec2<f32> }",
     false, false, "input-output-locations"},
    {"1.6 blend_src alone",
     "enable dual_source_blending; struct O { @location(0) @blend_src(0) a: vec4<f32> }", false,
     false, "input-output-locations"},
    {"1.6 blend_src with a third location",
     "enable dual_source_blending; struct O { @location(0) @blend_src(0) a: vec4<f32>, "
     "@location(0) @blend_src(1) b: vec4<f32>, @location(1) c: vec4<f32> }",
     false, false, "input-output-locations"},
    {"1.6 blend_src of 2",
     "enable dual_source_blending; struct O { @location(0) @blend_src(2) a: vec4<f32> }", false,
     false, "blend-src-attr"},
    {"1.6 blend_src without location",
     "enable dual_source_blending; struct O { @blend_src(0) a: vec4<f32> }", false, false,
     "blend-src-attr"},
    {"1.6 blend_src in a fragment input",
     "enable dual_source_blending; struct I { @location(0) @blend_src(0) a: vec4<f32>, "
     "@location(0) @blend_src(1) b: vec4<f32> } @fragment fn f(i: I) {}",
     false, false, "blend-src-attr"},
    // delta 5: diagnostic filters of the uniformity rules
    {"5 derivative in non-uniform control flow",
     "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; "
     "var<private> p: u32; @fragment fn main() { if p > 0u { let r = textureSample(t, s, "
     "vec2<f32>()); } }",
     false, false, "uniformity-function"},
    {"5 diagnostic(off, derivative_uniformity)",
     "diagnostic(off, derivative_uniformity); @group(0) @binding(0) var t: texture_2d<f32>; "
     "@group(0) @binding(1) var s: sampler; var<private> p: u32; @fragment fn main() { if p > "
     "0u { let r = textureSample(t, s, vec2<f32>()); } }",
     false, true},
    {"5 @diagnostic(warning, derivative_uniformity) on the function",
     "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; "
     "var<private> p: u32; @diagnostic(warning, derivative_uniformity) @fragment fn main() { if "
     "p > 0u { let r = textureSample(t, s, vec2<f32>()); } }",
     false, true},
    {"5 the function's filter wins over the directive",
     "diagnostic(off, derivative_uniformity); @group(0) @binding(0) var t: texture_2d<f32>; "
     "@group(0) @binding(1) var s: sampler; var<private> p: u32; @diagnostic(error, "
     "derivative_uniformity) @fragment fn main() { if p > 0u { let r = textureSample(t, s, "
     "vec2<f32>()); } }",
     false, false, "uniformity-function"},
    {"1.6 @interpolate(flat, either)",
     "@fragment fn f(@location(0) @interpolate(flat, either) x: i32) {}", false, true},
    {"1.6 @interpolate(linear, first)",
     "@fragment fn f(@location(0) @interpolate(linear, first) x: f32) {}", false, false,
     "interpolation"},
    {"2.2 vec3()",
     "const_assert all(vec3() == vec3(0, 0, 0)); fn f() { let v: vec2<f32> = vec2(); }", false,
     true},
    {"2.2 mat2x2() has no inferred zero form", "fn f() { let m = mat2x2(); }", false, false},
    {"5 textureLoad of a read_write storage texture is non-uniform",
     "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; "
     "@group(0) @binding(2) var st: texture_storage_2d<r32float, read_write>; @fragment fn "
     "main() { if textureLoad(st, vec2<i32>()).x > 0.0 { let r = textureSample(t, s, "
     "vec2<f32>()); } }",
     false, false, "uniformity-function"},
    {"5 textureLoad of a read storage texture is uniform",
     "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; "
     "@group(0) @binding(2) var st: texture_storage_2d<r32float, read>; @fragment fn main() { "
     "if textureLoad(st, vec2<i32>()).x > 0.0 { let r = textureSample(t, s, vec2<f32>()); } }",
     false, true},
    // new#switch-statement: the selector and the case selectors are of one concrete integer
    // type, an AbstractInt selector converted to a u32 case selector's type; the seed
    // concretizes the selector to i32 first.
    {"1.7 switch of AbstractInt with u32 cases", "fn f() { switch 1 { case 2u: {} default: {} } }",
     false, true},
    {"1.7 switch of AbstractInt beyond i32 with u32 cases",
     "fn f() { switch 3000000000 { case 3000000000u: {} default: {} } }", false, true},
    {"1.7 switch of u32 with AbstractInt cases",
     "fn f(x: u32) { switch x { case 2: {} default: {} } }", true, true},
    {"1.7 switch of AbstractInt with AbstractInt cases",
     "fn f() { switch 1 { case 2: {} default: {} } }", true, true},
    {"1.7 switch of AbstractInt with i32 and u32 cases",
     "fn f() { switch 1 { case 2u, 3i: {} default: {} } }", false, false, "switch-statement"},
    {"1.7 switch of i32 with a u32 case", "fn f(x: i32) { switch x { case 2u: {} default: {} } }",
     false, false, "switch-statement"},
    // new#declaration-and-scope: a user function shadows a predeclared type of its name, also
    // when declared after its call; the seed has no such predeclared aliases (vec4f is a plain
    // name there) and `f32` is a keyword.
    {"2.4 a function named vec4f",
     "fn g() -> vec4<f32> { return vec4f(); } fn vec4f() -> vec4<f32> { return vec4<f32>(2.0); }",
     true, true},
    {"2.4 a function named vec3u with an argument",
     "fn vec3u(a: i32) -> i32 { return a + 1; } fn g() -> i32 { return vec3u(2); }", true, true},
    {"2.4 a function named f32", "fn f32(a: i32) -> i32 { return a; } fn g() { let x = f32(2); }",
     false, true},
    {"2.4 a function named f32 with a wrong argument",
     "fn f32(a: i32) -> i32 { return a; } fn g() { let x = f32(2.5); }", false, false,
     "function-restriction"},
    {"2.4 a local let shadows the function named vec4f",
     "fn vec4f() -> i32 { return 1; } fn g() { let vec4f = 2; let x = vec4f(); }", false, false},
    // delta 8: the subgroups extension
    {"8 subgroupAdd",
     "enable subgroups; @compute @workgroup_size(64) fn m() { let x = subgroupAdd(1u); }", false,
     true},
    {"8 subgroupAdd without enable",
     "@compute @workgroup_size(64) fn m() { let x = subgroupAdd(1u); }", false, false,
     "extension-list"},
    {"8 subgroupBroadcast with a runtime id",
     "enable subgroups; @compute @workgroup_size(64) fn m(@builtin(local_invocation_index) i: "
     "u32) { let x = subgroupBroadcast(1u, i); }",
     false, false, "subgroupbroadcast-builtin"},
    {"8 subgroupBroadcast with a const id",
     "enable subgroups; @compute @workgroup_size(64) fn m() { let x = subgroupBroadcast(1u, 3); }",
     false, true},
    {"8 subgroupAdd in non-uniform control flow",
     "enable subgroups; @group(0) @binding(0) var<storage, read_write> b: array<u32, 4>; "
     "@compute @workgroup_size(64) fn m() { if b[0] == 0u { let x = subgroupAdd(1u); } }",
     false, false},
    {"8 buffer_view: buffer types", "@group(0) @binding(0) var<storage> b: buffer<64>;", false,
     true},
    {"8 buffer_view: bufferView",
     "@group(0) @binding(0) var<storage, read_write> b: buffer; @compute @workgroup_size(1) fn "
     "m() { let p = bufferView<vec4u>(&b, 16); *p = vec4u(1); }",
     false, true},
    {"8 buffer_view: buffer is a user name in the seed",
     "var<private> buffer: i32; fn f() { buffer = 1; }", true, true},
};

TEST(RevisionDelta, EachProgramInBothRevisions) {
  for (const DeltaCase& c : kCases) {
    auto seed = checkSourceIn(Revision::wgsl2022_06(), c.source);
    EXPECT_EQ(seed->valid(), c.valid2022) << c.entry << " under 2022-06\n"
                                          << c.source << "\n"
                                          << seed->text();
    auto current = checkSourceIn(Revision::wgsl2026(), c.source);
    EXPECT_EQ(current->valid(), c.valid2026) << c.entry << " under 2026\n"
                                             << c.source << "\n"
                                             << current->text();
    if (!c.valid2026 && *c.rule2026 && !current->rules().empty()) {
      EXPECT_EQ(current->rules()[0], c.rule2026) << c.entry << "\n" << current->text();
    }
  }
}

// new#texturesample, new#texturegather: the offset is a const-expression with components in
// [-8, 7], the gather component a const-expression in [0, 3]. The seed states the same rules
// for creation-time expressions (old#texturesample, old#texturegather; S21): both revisions.
TEST(RevisionDelta, TextureOffsetsAndComponentsAreConst) {
  struct Case {
    const char* source;
    bool valid;
  } cases[] = {
      {"@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; "
       "@fragment fn f() { let r = textureSample(t, s, vec2<f32>(), vec2<i32>(-9, 0)); }",
       false},
      {"@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; "
       "@fragment fn f() { let r = textureSample(t, s, vec2<f32>(), vec2<i32>(-8, 7)); }",
       true},
      {"@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; "
       "@fragment fn f() { let o = vec2<i32>(); let r = textureSample(t, s, vec2<f32>(), o); }",
       false},
      {"@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; "
       "@fragment fn f() { let c = 1; let r = textureGather(c, t, s, vec2<f32>()); }",
       false},
      {"@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; "
       "@fragment fn f() { let r = textureGather(4, t, s, vec2<f32>()); }",
       false},
      {"@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; "
       "@fragment fn f() { let r = textureGather(3, t, s, vec2<f32>()); }",
       true},
  };
  for (const Case& c : cases) {
    auto r = checkSourceIn(Revision::wgsl2026(), c.source);
    EXPECT_EQ(r->valid(), c.valid) << c.source << "\n" << r->text();
    auto seed = checkSourceIn(Revision::wgsl2022_06(), c.source);
    EXPECT_EQ(seed->valid(), c.valid) << "under 2022-06: " << c.source << "\n" << seed->text();
  }
}

// old#texturesamplebias: "bias must be between -16.0 and 15.99", a shader-creation error for a
// creation-time bias (Revision::creationTimeSampleBiasRange); new#texturesamplebias clamps it
// instead ("This value will be clamped in the range [-16.0, 15.99]"; docs/ambiguities.md T13).
TEST(RevisionDelta, CreationTimeSampleBiasRangeOnlyInTheSeed) {
  auto program = [](const std::string& bias) {
    return "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; "
           "@fragment fn f(@location(0) b: f32) { let r = textureSampleBias(t, s, vec2<f32>(), " +
           bias + "); }";
  };
  struct Case {
    const char* bias;
    bool valid2022;
    bool valid2026;
  } cases[] = {
      {"-16.0", true, true},     {"15.99", true, true},  {"15.99f", true, true},
      {"16.0", false, true},     {"-16.5", false, true}, {"b", true, true},
      {"b * 100.0", true, true},  // a run-time bias is clamped in both (T13)
  };
  for (const Case& c : cases) {
    auto seed = checkSourceIn(Revision::wgsl2022_06(), program(c.bias));
    EXPECT_EQ(seed->valid(), c.valid2022) << c.bias << " under 2022-06\n" << seed->text();
    if (!c.valid2022 && !seed->rules().empty()) {
      EXPECT_EQ(seed->rules()[0], "texturesamplebias") << seed->text();
    }
    auto current = checkSourceIn(Revision::wgsl2026(), program(c.bias));
    EXPECT_EQ(current->valid(), c.valid2026) << c.bias << " under 2026\n" << current->text();
  }
}

TEST(RevisionDelta, UnknownDiagnosticRuleIsAWarning) {
  // new#filterable-triggering-rules: an unrecognized one-token rule name warns.
  auto r = checkSourceIn(Revision::wgsl2026(), "diagnostic(off, no_such_rule);");
  EXPECT_TRUE(r->valid()) << r->text();
  bool warned = false;
  for (const Diagnostic& d : r->diagnostics.all())
    warned |= d.severity == Severity::Warning && d.rule == "filterable-triggering-rules";
  EXPECT_TRUE(warned) << r->text();
  // The two-token form does not.
  auto two = checkSourceIn(Revision::wgsl2026(), "diagnostic(off, vendor.rule);");
  EXPECT_TRUE(two->diagnostics.all().empty()) << two->text();
}

TEST(RevisionDelta, PredeclaredAliasesAreTheirTypes) {
  auto r = checkSourceIn(Revision::wgsl2026(),
                         "const a: vec3f = vec3<f32>(1.0, 2.0, 3.0);\n"
                         "const b: mat2x2f = mat2x2<f32>(1.0, 0.0, 0.0, 1.0);\n"
                         "const_assert a.y == 2.0 && b[1][1] == 1.0;");
  EXPECT_TRUE(r->valid()) << r->text();
}

}  // namespace
}  // namespace plumb
