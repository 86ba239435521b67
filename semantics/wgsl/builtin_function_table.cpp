// The built-in function rows of the overload table (#builtin-functions), in the spec's
// notation: the signature of each overload as the .bs writes it after `fn`, and its
// "Parameterization" row as variables with alternatives.
//
// One row per overload block of wgsl-2022-06-07.bs (an <xmp> signature with its
// Parameterization cell, or one `fn` line of the atomic and synchronization sections), in the
// order of the spec, with signatures whitespace-normalized as scripts/extract_spec.py writes them
// to tests/data/spec/builtin_functions.txt. The blocks written as more than one row, and the
// points where the table departs from the literal seed text (`// seed defect:`), are listed in
// tests/semantics/wgsl/builtin_table_test.cpp and docs/ambiguities.md.
#include "semantics/wgsl/builtin_table.h"

namespace plumb {
namespace detail {

namespace {
constexpr auto F = OverloadKind::Builtin;
constexpr auto D = UniformityClass::Default;
constexpr auto kDerivative = UniformityClass::Derivative;
constexpr auto kBarrier = UniformityClass::ControlBarrier;
constexpr auto kArrayLength = UniformityClass::ArrayLength;

// Flags. `@const fn` rows are creation-time functions usable in every stage; the stage
// restrictions are quoted at each section below.
constexpr uint32_t kConstAll = kConst | kAllStages;
constexpr uint32_t kRuntime = kAllStages;
constexpr uint32_t kFragmentOnly = kFragment;
constexpr uint32_t kNotVertex = kFragment | kCompute;
constexpr uint32_t kComputeOnly = kCompute;

// The .bs text macros (lines 10-19), expanded.
#define N234 "N: 2 | 3 | 4"
#define ALLFLOATINGDECL "T: S | vecN<S>; S: AbstractFloat | f32 | f16; " N234
#define ALLINTEGRALDECL "T: S | vecN<S>; S: AbstractInt | i32 | u32; " N234
#define INTEGRAL "T: i32 | u32 | vecN<i32> | vecN<u32>; " N234
#define SIGNEDINTEGRAL "T: i32 | vecN<i32>; " N234
#define UNSIGNEDINTEGRAL "T: u32 | vecN<u32>; " N234
// "[=texel format=]": the 16 formats of the "Texel Formats for Storage Textures" table
// (#texel-formats), in its order; and the same formats grouped by the shader type of their
// channel format (the "Channel Formats" table).
#define TEXEL_FORMATS                                                                           \
  "rgba8unorm | rgba8snorm | rgba8uint | rgba8sint | rgba16uint | rgba16sint | rgba16float | "  \
  "r32uint | r32sint | r32float | rg32uint | rg32sint | rg32float | rgba32uint | rgba32sint | " \
  "rgba32float"
#define F32_TEXEL_FORMATS \
  "rgba8unorm | rgba8snorm | rgba16float | r32float | rg32float | rgba32float"
#define U32_TEXEL_FORMATS "rgba8uint | rgba16uint | r32uint | rg32uint | rgba32uint"
#define I32_TEXEL_FORMATS "rgba8sint | rgba16sint | r32sint | rg32sint | rgba32sint"
// The signatures say "A is an access mode", but #texture-storage requires the access mode of a
// storage texture type to be `write`: types with the other modes cannot exist in this draft.
#define ACCESS_MODES "write"
#define SAMPLED_TYPES "ST: i32 | u32 | f32"
#define COORD_TYPES "C: i32 | u32"
// #atomic-builtin-functions (quoted at that section below).
#define ATOMIC "AS: storage | workgroup; T: u32 | i32"

const OverloadRow kFunctionRows[] = {
    // ------------------------------------------------------------ #logical-builtin-functions
    // All `@const fn`; no stage restriction in the section.
    {F, "all", "(e: vecN<bool>) -> bool", N234, kConstAll, D, "logical-builtin-functions"},
    {F, "all", "(e: bool) -> bool", "", kConstAll, D, "logical-builtin-functions"},
    {F, "any", "(e: vecN<bool>) -> bool", N234, kConstAll, D, "logical-builtin-functions"},
    {F, "any", "(e: bool) -> bool", "", kConstAll, D, "logical-builtin-functions"},
    // "T is scalar, abstract numeric type, or vector": scalar = bool, i32, u32, f32, f16
    // (#scalar-types); a vector has scalar or abstract numeric components (#vector-types).
    {F, "select", "(f: T, t: T, cond: bool) -> T",
     "T: S | vecN<S>; S: bool | i32 | u32 | f32 | f16 | AbstractInt | AbstractFloat; " N234,
     kConstAll, D, "logical-builtin-functions"},
    {F, "select", "(f: vecN<T>, t: vecN<T>, cond: vecN<bool>) -> vecN<T>",
     "T: bool | i32 | u32 | f32 | f16 | AbstractInt | AbstractFloat; " N234, kConstAll, D,
     "logical-builtin-functions"},

    // -------------------------------------------------------------- #array-builtin-functions
    // Not `@const`; no stage restriction. Uniformity: arrayLength's exception
    // (#uniformity-function-calls: ParameterNoRestriction for `p`). "E is an element type for
    // a runtime-sized array": any type, matched structurally.
    {F, "arrayLength", "(p: ptr<storage, array<E>, AM>) -> u32", "E: *; AM: read | read_write",
     kRuntime, kArrayLength, "array-builtin-functions"},

    // -------------------------------------------------------------- #float-builtin-functions
    // All `@const fn`; no stage restriction in the section.
    {F, "abs", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "acos", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "acosh", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "asin", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "asinh", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "atan", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "atanh", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "atan2", "(e1: T, e2: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "ceil", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "clamp", "(e: T, low: T, high: T) -> T", ALLFLOATINGDECL, kConstAll, D,
     "float-builtin-functions"},
    {F, "cos", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "cosh", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "cross", "(e1: vec3<T>, e2: vec3<T>) -> vec3<T>", "T: AbstractFloat | f32 | f16", kConstAll,
     D, "float-builtin-functions"},
    {F, "degrees", "(e1: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    // seed defect: B28. The seed returns f32 for every S (`-> f32`); the 2026 draft returns S.
    {F, "distance", "(e1: T, e2: T) -> S", ALLFLOATINGDECL, kConstAll, D,
     "float-builtin-functions"},
    {F, "exp", "(e1: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "exp2", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "faceForward", "(e1: T, e2: T, e3: T) -> T",
     "T: vecN<AbstractFloat> | vecN<f32> | vecN<f16>; " N234, kConstAll, D,
     "float-builtin-functions"},
    {F, "floor", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "fma", "(e1: T, e2: T, e3: T) -> T", ALLFLOATINGDECL, kConstAll, D,
     "float-builtin-functions"},
    {F, "fract", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "frexp", "(e: T) -> __frexp_result", "T: f32", kConstAll, D, "float-builtin-functions"},
    {F, "frexp", "(e: T) -> __frexp_result_f16", "T: f16", kConstAll, D, "float-builtin-functions"},
    {F, "frexp", "(e: T) -> __frexp_result_vecN", "T: vecN<f32>; " N234, kConstAll, D,
     "float-builtin-functions"},
    {F, "frexp", "(e: T) -> __frexp_result_vecN_f16", "T: vecN<f16>; " N234, kConstAll, D,
     "float-builtin-functions"},
    {F, "inverseSqrt", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    // One block in the seed: [ALLFLOATINGDECL]; "I is [ALLSIGNEDINTEGRAL]; I is a vector if and
    // only if T is a vector; I is concrete if and only if T is concrete". The notation has no
    // constraints between variables, so the block is written as four rows (abstract scalar,
    // concrete scalar, abstract vector, concrete vector). I's vecN shares T's N.
    {F, "ldexp", "(e1: T, e2: I) -> T", "T: AbstractFloat; I: AbstractInt", kConstAll, D,
     "float-builtin-functions"},
    {F, "ldexp", "(e1: T, e2: I) -> T", "T: f32 | f16; I: i32", kConstAll, D,
     "float-builtin-functions"},
    {F, "ldexp", "(e1: T, e2: I) -> T", "T: vecN<AbstractFloat>; I: vecN<AbstractInt>; " N234,
     kConstAll, D, "float-builtin-functions"},
    {F, "ldexp", "(e1: T, e2: I) -> T", "T: vecN<S>; I: vecN<i32>; S: f32 | f16; " N234, kConstAll,
     D, "float-builtin-functions"},
    // seed defect: B28. The seed returns f32 for every S (`-> f32`); the 2026 draft returns S.
    {F, "length", "(e: T) -> S", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "log", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "log2", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "max", "(e1: T, e2: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "min", "(e1: T, e2: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "mix", "(e1: T, e2: T, e3: T) -> T", ALLFLOATINGDECL, kConstAll, D,
     "float-builtin-functions"},
    // The seed lists T before T2 ("T2 is vecN<T>"). Expansion substitutes the first listed
    // variable that occurs, so T2, whose alternative introduces T, is listed first: otherwise T
    // would be expanded twice, independently.
    {F, "mix", "(e1: T2, e2: T2, e3: T) -> T2", "T2: vecN<T>; T: AbstractFloat | f32 | f16; " N234,
     kConstAll, D, "float-builtin-functions"},
    {F, "modf", "(e: T) -> __modf_result", "T: f32", kConstAll, D, "float-builtin-functions"},
    {F, "modf", "(e: T) -> __modf_result_f16", "T: f16", kConstAll, D, "float-builtin-functions"},
    {F, "modf", "(e: T) -> __modf_result_vecN", "T: vecN<f32>; " N234, kConstAll, D,
     "float-builtin-functions"},
    {F, "modf", "(e: T) -> __modf_result_vecN_f16", "T: vecN<f16>; " N234, kConstAll, D,
     "float-builtin-functions"},
    {F, "normalize", "(e: vecN<T>) -> vecN<T>", "T: AbstractFloat | f32 | f16; " N234, kConstAll, D,
     "float-builtin-functions"},
    {F, "pow", "(e1: T, e2: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "quantizeToF16", "(e: T) -> T", "T: f32 | vecN<f32>; " N234, kConstAll, D,
     "float-builtin-functions"},
    {F, "radians", "(e1: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "reflect", "(e1: T, e2: T) -> T", "T: vecN<AbstractFloat> | vecN<f32> | vecN<f16>; " N234,
     kConstAll, D, "float-builtin-functions"},
    {F, "refract", "(e1: T, e2: T, e3: I) -> T", "T: vecN<I>; I: AbstractFloat | f32 | f16; " N234,
     kConstAll, D, "float-builtin-functions"},
    {F, "round", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "sign", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "sin", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "sinh", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "smoothstep", "(low: T, high: T, x: T) -> T", ALLFLOATINGDECL, kConstAll, D,
     "float-builtin-functions"},
    {F, "sqrt", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "step", "(edge: T, x: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "tan", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "tanh", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},
    {F, "trunc", "(e: T) -> T", ALLFLOATINGDECL, kConstAll, D, "float-builtin-functions"},

    // ------------------------------------------------------------ #integer-builtin-functions
    // All `@const fn`; no stage restriction in the section.
    {F, "abs", "(e: T) -> T", ALLINTEGRALDECL, kConstAll, D, "integer-builtin-functions"},
    {F, "clamp", "(e: T, low: T, high: T) -> T", ALLINTEGRALDECL, kConstAll, D,
     "integer-builtin-functions"},
    {F, "countLeadingZeros", "(e: T) -> T", INTEGRAL, kConstAll, D, "integer-builtin-functions"},
    {F, "countOneBits", "(e: T) -> T", INTEGRAL, kConstAll, D, "integer-builtin-functions"},
    {F, "countTrailingZeros", "(e: T) -> T", INTEGRAL, kConstAll, D, "integer-builtin-functions"},
    {F, "firstLeadingBit", "(e: T) -> T", SIGNEDINTEGRAL, kConstAll, D,
     "integer-builtin-functions"},
    {F, "firstLeadingBit", "(e: T) -> T", UNSIGNEDINTEGRAL, kConstAll, D,
     "integer-builtin-functions"},
    {F, "firstTrailingBit", "(e: T) -> T", INTEGRAL, kConstAll, D, "integer-builtin-functions"},
    {F, "extractBits", "(e: T, offset: u32, count: u32) -> T", SIGNEDINTEGRAL, kConstAll, D,
     "integer-builtin-functions"},
    {F, "extractBits", "(e: T, offset: u32, count: u32) -> T", UNSIGNEDINTEGRAL, kConstAll, D,
     "integer-builtin-functions"},
    {F, "insertBits", "(e: T, newbits: T, offset: u32, count: u32) -> T", INTEGRAL, kConstAll, D,
     "integer-builtin-functions"},
    {F, "max", "(e1: T, e2: T) -> T", ALLINTEGRALDECL, kConstAll, D, "integer-builtin-functions"},
    {F, "min", "(e1: T, e2: T) -> T", ALLINTEGRALDECL, kConstAll, D, "integer-builtin-functions"},
    {F, "reverseBits", "(e: T) -> T", INTEGRAL, kConstAll, D, "integer-builtin-functions"},

    // ------------------------------------------------------------- #matrix-builtin-functions
    // `@const fn`; no stage restriction. C and R range over the matrix sizes (#matrix-types).
    {F, "determinant", "(e: matCxC<T>) -> T", "T: AbstractFloat | f32 | f16; C: 2 | 3 | 4",
     kConstAll, D, "matrix-builtin-functions"},
    {F, "transpose", "(e: matRxC<T>) -> matCxR<T>",
     "T: AbstractFloat | f32 | f16; C: 2 | 3 | 4; R: 2 | 3 | 4", kConstAll, D,
     "matrix-builtin-functions"},

    // ------------------------------------------------------------- #vector-builtin-functions
    {F, "dot", "(e1: vecN<T>, e2: vecN<T>) -> T",
     "T: AbstractInt | AbstractFloat | i32 | u32 | f32 | f16; " N234, kConstAll, D,
     "vector-builtin-functions"},

    // --------------------------------------------------------- #derivative-builtin-functions
    // "Must only be used in a fragment shader stage. Must only be invoked in uniform control
    // flow." Uniformity: #uniformity-function-calls lists #derivative-builtin-functions.
    {F, "dpdx", "(e: T) -> T", "T: f32 | vecN<f32>; " N234, kFragmentOnly, kDerivative,
     "derivative-builtin-functions"},
    {F, "dpdxCoarse", "(e: T) -> T", "T: f32 | vecN<f32>; " N234, kFragmentOnly, kDerivative,
     "derivative-builtin-functions"},
    {F, "dpdxFine", "(e: T) -> T", "T: f32 | vecN<f32>; " N234, kFragmentOnly, kDerivative,
     "derivative-builtin-functions"},
    {F, "dpdy", "(e: T) -> T", "T: f32 | vecN<f32>; " N234, kFragmentOnly, kDerivative,
     "derivative-builtin-functions"},
    {F, "dpdyCoarse", "(e: T) -> T", "T: f32 | vecN<f32>; " N234, kFragmentOnly, kDerivative,
     "derivative-builtin-functions"},
    {F, "dpdyFine", "(e: T) -> T", "T: f32 | vecN<f32>; " N234, kFragmentOnly, kDerivative,
     "derivative-builtin-functions"},
    {F, "fwidth", "(e: T) -> T", "T: f32 | vecN<f32>; " N234, kFragmentOnly, kDerivative,
     "derivative-builtin-functions"},
    {F, "fwidthCoarse", "(e: T) -> T", "T: f32 | vecN<f32>; " N234, kFragmentOnly, kDerivative,
     "derivative-builtin-functions"},
    {F, "fwidthFine", "(e: T) -> T", "T: f32 | vecN<f32>; " N234, kFragmentOnly, kDerivative,
     "derivative-builtin-functions"},

    // ----------------------------------------------------------- #texture-builtin-functions
    // None is `@const`. Stages: only textureSample, textureSampleBias and textureSampleCompare
    // carry "Must only be used in a fragment shader stage" (and uniform control flow, whence
    // their #uniformity-function-calls exception); #texturesamplecomparelevel says it "may be
    // invoked in any shader stage"; the other sections state no restriction.

    // #texturedimensions
    {F, "textureDimensions", "(t: T) -> u32",
     SAMPLED_TYPES "; F: " TEXEL_FORMATS "; A: " ACCESS_MODES
                   "; T: texture_1d<ST> | texture_storage_1d<F,A>",
     kRuntime, D, "texturedimensions"},
    {F, "textureDimensions", "(t: T, level: u32) -> u32", SAMPLED_TYPES "; T: texture_1d<ST>",
     kRuntime | kReplacedInCurrent, D, "texturedimensions"},
    {F, "textureDimensions", "(t: T) -> vec2<u32>",
     SAMPLED_TYPES "; F: " TEXEL_FORMATS "; A: " ACCESS_MODES
                   "; T: texture_2d<ST> | texture_2d_array<ST> | texture_cube<ST> | "
                   "texture_cube_array<ST> | texture_multisampled_2d<ST> | texture_depth_2d | "
                   "texture_depth_2d_array | texture_depth_cube | texture_depth_cube_array | "
                   "texture_depth_multisampled_2d | texture_storage_2d<F,A> | "
                   "texture_storage_2d_array<F,A> | texture_external",
     kRuntime, D, "texturedimensions"},
    {F, "textureDimensions", "(t: T, level: u32) -> vec2<u32>",
     SAMPLED_TYPES "; T: texture_2d<ST> | texture_2d_array<ST> | texture_cube<ST> | "
                   "texture_cube_array<ST> | texture_depth_2d | texture_depth_2d_array | "
                   "texture_depth_cube | texture_depth_cube_array",
     kRuntime | kReplacedInCurrent, D, "texturedimensions"},
    {F, "textureDimensions", "(t: T) -> vec3<u32>",
     SAMPLED_TYPES "; F: " TEXEL_FORMATS "; A: " ACCESS_MODES
                   "; T: texture_3d<ST> | texture_storage_3d<F,A>",
     kRuntime, D, "texturedimensions"},
    {F, "textureDimensions", "(t: T, level: u32) -> vec3<u32>", SAMPLED_TYPES "; T: texture_3d<ST>",
     kRuntime | kReplacedInCurrent, D, "texturedimensions"},

    // #texturegather. The seed uses one variable C for `component` and `array_index`.
    {F, "textureGather",
     "(component: C, t: texture_2d<ST>, s: sampler, coords: vec2<f32>) -> vec4<ST>",
     COORD_TYPES "; " SAMPLED_TYPES, kRuntime, D, "texturegather"},
    {F, "textureGather",
     "(component: C, t: texture_2d<ST>, s: sampler, coords: vec2<f32>, offset: vec2<i32>) -> "
     "vec4<ST>",
     COORD_TYPES "; " SAMPLED_TYPES, kRuntime, D, "texturegather"},
    {F, "textureGather",
     "(component: C, t: texture_2d_array<ST>, s: sampler, coords: vec2<f32>, array_index: C) -> "
     "vec4<ST>",
     COORD_TYPES "; " SAMPLED_TYPES, kRuntime | kReplacedInCurrent, D, "texturegather"},
    {F, "textureGather",
     "(component: C, t: texture_2d_array<ST>, s: sampler, coords: vec2<f32>, array_index: C, "
     "offset: vec2<i32>) -> vec4<ST>",
     COORD_TYPES "; " SAMPLED_TYPES, kRuntime | kReplacedInCurrent, D, "texturegather"},
    {F, "textureGather",
     "(component: C, t: texture_cube<ST>, s: sampler, coords: vec3<f32>) -> vec4<ST>",
     COORD_TYPES "; " SAMPLED_TYPES, kRuntime, D, "texturegather"},
    {F, "textureGather",
     "(component: C, t: texture_cube_array<ST>, s: sampler, coords: vec3<f32>, array_index: C) "
     "-> vec4<ST>",
     COORD_TYPES "; " SAMPLED_TYPES, kRuntime | kReplacedInCurrent, D, "texturegather"},
    {F, "textureGather", "(t: texture_depth_2d, s: sampler, coords: vec2<f32>) -> vec4<f32>", "",
     kRuntime, D, "texturegather"},
    {F, "textureGather",
     "(t: texture_depth_2d, s: sampler, coords: vec2<f32>, offset: vec2<i32>) -> vec4<f32>", "",
     kRuntime, D, "texturegather"},
    {F, "textureGather", "(t: texture_depth_cube, s: sampler, coords: vec3<f32>) -> vec4<f32>", "",
     kRuntime, D, "texturegather"},
    {F, "textureGather",
     "(t: texture_depth_2d_array, s: sampler, coords: vec2<f32>, array_index: C) -> vec4<f32>",
     COORD_TYPES, kRuntime, D, "texturegather"},
    {F, "textureGather",
     "(t: texture_depth_2d_array, s: sampler, coords: vec2<f32>, array_index: C, offset: "
     "vec2<i32>) -> vec4<f32>",
     COORD_TYPES, kRuntime, D, "texturegather"},
    {F, "textureGather",
     "(t: texture_depth_cube_array, s: sampler, coords: vec3<f32>, array_index: C) -> vec4<f32>",
     COORD_TYPES, kRuntime, D, "texturegather"},

    // #texturegathercompare
    {F, "textureGatherCompare",
     "(t: texture_depth_2d, s: sampler_comparison, coords: vec2<f32>, depth_ref: f32) -> "
     "vec4<f32>",
     "", kRuntime, D, "texturegathercompare"},
    {F, "textureGatherCompare",
     "(t: texture_depth_2d, s: sampler_comparison, coords: vec2<f32>, depth_ref: f32, offset: "
     "vec2<i32>) -> vec4<f32>",
     "", kRuntime, D, "texturegathercompare"},
    {F, "textureGatherCompare",
     "(t: texture_depth_2d_array, s: sampler_comparison, coords: vec2<f32>, array_index: C, "
     "depth_ref: f32) -> vec4<f32>",
     COORD_TYPES, kRuntime, D, "texturegathercompare"},
    {F, "textureGatherCompare",
     "(t: texture_depth_2d_array, s: sampler_comparison, coords: vec2<f32>, array_index: C, "
     "depth_ref: f32, offset: vec2<i32>) -> vec4<f32>",
     COORD_TYPES, kRuntime, D, "texturegathercompare"},
    {F, "textureGatherCompare",
     "(t: texture_depth_cube, s: sampler_comparison, coords: vec3<f32>, depth_ref: f32) -> "
     "vec4<f32>",
     "", kRuntime, D, "texturegathercompare"},
    {F, "textureGatherCompare",
     "(t: texture_depth_cube_array, s: sampler_comparison, coords: vec3<f32>, array_index: C, "
     "depth_ref: f32) -> vec4<f32>",
     COORD_TYPES, kRuntime, D, "texturegathercompare"},

    // #textureload. One variable C for coordinates, array index, level and sample index.
    {F, "textureLoad", "(t: texture_1d<ST>, coords: C, level: C) -> vec4<ST>",
     COORD_TYPES "; " SAMPLED_TYPES, kRuntime | kReplacedInCurrent, D, "textureload"},
    {F, "textureLoad", "(t: texture_2d<ST>, coords: vec2<C>, level: C) -> vec4<ST>",
     COORD_TYPES "; " SAMPLED_TYPES, kRuntime | kReplacedInCurrent, D, "textureload"},
    {F, "textureLoad",
     "(t: texture_2d_array<ST>, coords: vec2<C>, array_index: C, level: C) -> vec4<ST>",
     COORD_TYPES "; " SAMPLED_TYPES, kRuntime | kReplacedInCurrent, D, "textureload"},
    {F, "textureLoad", "(t: texture_3d<ST>, coords: vec3<C>, level: C) -> vec4<ST>",
     COORD_TYPES "; " SAMPLED_TYPES, kRuntime | kReplacedInCurrent, D, "textureload"},
    {F, "textureLoad",
     "(t: texture_multisampled_2d<ST>, coords: vec2<C>, sample_index: C) -> vec4<ST>",
     COORD_TYPES "; " SAMPLED_TYPES, kRuntime | kReplacedInCurrent, D, "textureload"},
    {F, "textureLoad", "(t: texture_depth_2d, coords: vec2<C>, level: C) -> f32", COORD_TYPES,
     kRuntime | kReplacedInCurrent, D, "textureload"},
    {F, "textureLoad",
     "(t: texture_depth_2d_array, coords: vec2<C>, array_index: C, level: C) -> f32", COORD_TYPES,
     kRuntime | kReplacedInCurrent, D, "textureload"},
    {F, "textureLoad",
     "(t: texture_depth_multisampled_2d, coords: vec2<C>, sample_index: C) -> f32", COORD_TYPES,
     kRuntime | kReplacedInCurrent, D, "textureload"},
    {F, "textureLoad", "(t: texture_external, coords: vec2<C>) -> vec4<f32>", COORD_TYPES, kRuntime,
     D, "textureload"},

    // #texturenumlayers
    {F, "textureNumLayers", "(t: T) -> u32",
     "F: " TEXEL_FORMATS "; A: " ACCESS_MODES "; " SAMPLED_TYPES
     "; T: texture_2d_array<ST> | texture_cube_array<ST> | texture_depth_2d_array | "
     "texture_depth_cube_array | texture_storage_2d_array<F,A>",
     kRuntime, D, "texturenumlayers"},

    // #texturenumlevels
    {F, "textureNumLevels", "(t: T) -> u32",
     SAMPLED_TYPES "; T: texture_1d<ST> | texture_2d<ST> | texture_2d_array<ST> | "
                   "texture_3d<ST> | texture_cube<ST> | texture_cube_array<ST> | "
                   "texture_depth_2d | texture_depth_2d_array | texture_depth_cube | "
                   "texture_depth_cube_array",
     kRuntime, D, "texturenumlevels"},

    // #texturenumsamples
    // seed defect: not in the inventory. The seed spells the first type
    // `texture_multisamlped_2d<ST>`, which names no type; the 2026 draft has
    // `texture_multisampled_2d<ST>`.
    {F, "textureNumSamples", "(t: T) -> u32",
     SAMPLED_TYPES "; T: texture_multisampled_2d<ST> | texture_depth_multisampled_2d", kRuntime, D,
     "texturenumsamples"},

    // #texturesample: fragment stage only, uniform control flow.
    {F, "textureSample", "(t: texture_1d<f32>, s: sampler, coords: f32) -> vec4<f32>", "",
     kFragmentOnly, kDerivative, "texturesample"},
    {F, "textureSample", "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>) -> vec4<f32>", "",
     kFragmentOnly, kDerivative, "texturesample"},
    {F, "textureSample",
     "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, offset: vec2<i32>) -> vec4<f32>", "",
     kFragmentOnly, kDerivative, "texturesample"},
    {F, "textureSample",
     "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: C) -> vec4<f32>",
     COORD_TYPES, kFragmentOnly, kDerivative, "texturesample"},
    {F, "textureSample",
     "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: C, offset: "
     "vec2<i32>) -> vec4<f32>",
     COORD_TYPES, kFragmentOnly, kDerivative, "texturesample"},
    {F, "textureSample", "(t: T, s: sampler, coords: vec3<f32>) -> vec4<f32>",
     "T: texture_3d<f32> | texture_cube<f32>", kFragmentOnly, kDerivative, "texturesample"},
    {F, "textureSample",
     "(t: texture_3d<f32>, s: sampler, coords: vec3<f32>, offset: vec3<i32>) -> vec4<f32>", "",
     kFragmentOnly, kDerivative, "texturesample"},
    {F, "textureSample",
     "(t: texture_cube_array<f32>, s: sampler, coords: vec3<f32>, array_index: C) -> vec4<f32>",
     COORD_TYPES, kFragmentOnly, kDerivative, "texturesample"},
    {F, "textureSample", "(t: texture_depth_2d, s: sampler, coords: vec2<f32>) -> f32", "",
     kFragmentOnly, kDerivative, "texturesample"},
    {F, "textureSample",
     "(t: texture_depth_2d, s: sampler, coords: vec2<f32>, offset: vec2<i32>) -> f32", "",
     kFragmentOnly, kDerivative, "texturesample"},
    {F, "textureSample",
     "(t: texture_depth_2d_array, s: sampler, coords: vec2<f32>, array_index: C) -> f32",
     COORD_TYPES, kFragmentOnly, kDerivative, "texturesample"},
    {F, "textureSample",
     "(t: texture_depth_2d_array, s: sampler, coords: vec2<f32>, array_index: C, offset: "
     "vec2<i32>) -> f32",
     COORD_TYPES, kFragmentOnly, kDerivative, "texturesample"},
    {F, "textureSample", "(t: texture_depth_cube, s: sampler, coords: vec3<f32>) -> f32", "",
     kFragmentOnly, kDerivative, "texturesample"},
    {F, "textureSample",
     "(t: texture_depth_cube_array, s: sampler, coords: vec3<f32>, array_index: C) -> f32",
     COORD_TYPES, kFragmentOnly, kDerivative, "texturesample"},

    // #texturesamplebias: fragment stage only, uniform control flow.
    {F, "textureSampleBias",
     "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, bias: f32) -> vec4<f32>", "",
     kFragmentOnly, kDerivative, "texturesamplebias"},
    {F, "textureSampleBias",
     "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, bias: f32, offset: vec2<i32>) -> "
     "vec4<f32>",
     "", kFragmentOnly, kDerivative, "texturesamplebias"},
    {F, "textureSampleBias",
     "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: C, bias: f32) -> "
     "vec4<f32>",
     COORD_TYPES, kFragmentOnly, kDerivative, "texturesamplebias"},
    {F, "textureSampleBias",
     "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: C, bias: f32, "
     "offset: vec2<i32>) -> vec4<f32>",
     COORD_TYPES, kFragmentOnly, kDerivative, "texturesamplebias"},
    {F, "textureSampleBias", "(t: T, s: sampler, coords: vec3<f32>, bias: f32) -> vec4<f32>",
     "T: texture_3d<f32> | texture_cube<f32>", kFragmentOnly, kDerivative, "texturesamplebias"},
    {F, "textureSampleBias",
     "(t: texture_3d<f32>, s: sampler, coords: vec3<f32>, bias: f32, offset: vec3<i32>) -> "
     "vec4<f32>",
     "", kFragmentOnly, kDerivative, "texturesamplebias"},
    {F, "textureSampleBias",
     "(t: texture_cube_array<f32>, s: sampler, coords: vec3<f32>, array_index: C, bias: f32) -> "
     "vec4<f32>",
     COORD_TYPES, kFragmentOnly, kDerivative, "texturesamplebias"},

    // #texturesamplecompare: fragment stage only, uniform control flow.
    {F, "textureSampleCompare",
     "(t: texture_depth_2d, s: sampler_comparison, coords: vec2<f32>, depth_ref: f32) -> f32", "",
     kFragmentOnly, kDerivative, "texturesamplecompare"},
    {F, "textureSampleCompare",
     "(t: texture_depth_2d, s: sampler_comparison, coords: vec2<f32>, depth_ref: f32, offset: "
     "vec2<i32>) -> f32",
     "", kFragmentOnly, kDerivative, "texturesamplecompare"},
    {F, "textureSampleCompare",
     "(t: texture_depth_2d_array, s: sampler_comparison, coords: vec2<f32>, array_index: C, "
     "depth_ref: f32) -> f32",
     COORD_TYPES, kFragmentOnly, kDerivative, "texturesamplecompare"},
    {F, "textureSampleCompare",
     "(t: texture_depth_2d_array, s: sampler_comparison, coords: vec2<f32>, array_index: C, "
     "depth_ref: f32, offset: vec2<i32>) -> f32",
     COORD_TYPES, kFragmentOnly, kDerivative, "texturesamplecompare"},
    {F, "textureSampleCompare",
     "(t: texture_depth_cube, s: sampler_comparison, coords: vec3<f32>, depth_ref: f32) -> f32", "",
     kFragmentOnly, kDerivative, "texturesamplecompare"},
    {F, "textureSampleCompare",
     "(t: texture_depth_cube_array, s: sampler_comparison, coords: vec3<f32>, array_index: C, "
     "depth_ref: f32) -> f32",
     COORD_TYPES, kFragmentOnly, kDerivative, "texturesamplecompare"},

    // #texturesamplecomparelevel: "may be invoked in any shader stage", no uniformity
    // requirement.
    {F, "textureSampleCompareLevel",
     "(t: texture_depth_2d, s: sampler_comparison, coords: vec2<f32>, depth_ref: f32) -> f32", "",
     kRuntime, D, "texturesamplecomparelevel"},
    {F, "textureSampleCompareLevel",
     "(t: texture_depth_2d, s: sampler_comparison, coords: vec2<f32>, depth_ref: f32, offset: "
     "vec2<i32>) -> f32",
     "", kRuntime, D, "texturesamplecomparelevel"},
    {F, "textureSampleCompareLevel",
     "(t: texture_depth_2d_array, s: sampler_comparison, coords: vec2<f32>, array_index: C, "
     "depth_ref: f32) -> f32",
     COORD_TYPES, kRuntime, D, "texturesamplecomparelevel"},
    {F, "textureSampleCompareLevel",
     "(t: texture_depth_2d_array, s: sampler_comparison, coords: vec2<f32>, array_index: C, "
     "depth_ref: f32, offset: vec2<i32>) -> f32",
     COORD_TYPES, kRuntime, D, "texturesamplecomparelevel"},
    {F, "textureSampleCompareLevel",
     "(t: texture_depth_cube, s: sampler_comparison, coords: vec3<f32>, depth_ref: f32) -> f32", "",
     kRuntime, D, "texturesamplecomparelevel"},
    {F, "textureSampleCompareLevel",
     "(t: texture_depth_cube_array, s: sampler_comparison, coords: vec3<f32>, array_index: C, "
     "depth_ref: f32) -> f32",
     COORD_TYPES, kRuntime, D, "texturesamplecomparelevel"},

    // #texturesamplegrad
    {F, "textureSampleGrad",
     "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, ddx: vec2<f32>, ddy: vec2<f32>) -> "
     "vec4<f32>",
     "", kRuntime, D, "texturesamplegrad"},
    {F, "textureSampleGrad",
     "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, ddx: vec2<f32>, ddy: vec2<f32>, "
     "offset: vec2<i32>) -> vec4<f32>",
     "", kRuntime, D, "texturesamplegrad"},
    {F, "textureSampleGrad",
     "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: C, ddx: vec2<f32>, "
     "ddy: vec2<f32>) -> vec4<f32>",
     COORD_TYPES, kRuntime, D, "texturesamplegrad"},
    {F, "textureSampleGrad",
     "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: C, ddx: vec2<f32>, "
     "ddy: vec2<f32>, offset: vec2<i32>) -> vec4<f32>",
     COORD_TYPES, kRuntime, D, "texturesamplegrad"},
    {F, "textureSampleGrad",
     "(t: T, s: sampler, coords: vec3<f32>, ddx: vec3<f32>, ddy: vec3<f32>) -> vec4<f32>",
     "T: texture_3d<f32> | texture_cube<f32>", kRuntime, D, "texturesamplegrad"},
    {F, "textureSampleGrad",
     "(t: texture_3d<f32>, s: sampler, coords: vec3<f32>, ddx: vec3<f32>, ddy: vec3<f32>, "
     "offset: vec3<i32>) -> vec4<f32>",
     "", kRuntime, D, "texturesamplegrad"},
    {F, "textureSampleGrad",
     "(t: texture_cube_array<f32>, s: sampler, coords: vec3<f32>, array_index: C, ddx: "
     "vec3<f32>, ddy: vec3<f32>) -> vec4<f32>",
     COORD_TYPES, kRuntime, D, "texturesamplegrad"},

    // #texturesamplelevel. The depth forms use one variable C for array index and level.
    {F, "textureSampleLevel",
     "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, level: f32) -> vec4<f32>", "", kRuntime,
     D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, level: f32, offset: vec2<i32>) -> "
     "vec4<f32>",
     "", kRuntime, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: C, level: f32) -> "
     "vec4<f32>",
     COORD_TYPES, kRuntime, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_2d_array<f32>, s: sampler, coords: vec2<f32>, array_index: C, level: f32, "
     "offset: vec2<i32>) -> vec4<f32>",
     COORD_TYPES, kRuntime, D, "texturesamplelevel"},
    {F, "textureSampleLevel", "(t: T, s: sampler, coords: vec3<f32>, level: f32) -> vec4<f32>",
     "T: texture_3d<f32> | texture_cube<f32>", kRuntime, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_3d<f32>, s: sampler, coords: vec3<f32>, level: f32, offset: vec3<i32>) -> "
     "vec4<f32>",
     "", kRuntime, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_cube_array<f32>, s: sampler, coords: vec3<f32>, array_index: C, level: f32) -> "
     "vec4<f32>",
     COORD_TYPES, kRuntime, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_depth_2d, s: sampler, coords: vec2<f32>, level: C) -> f32", COORD_TYPES,
     kRuntime | kReplacedInCurrent, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_depth_2d, s: sampler, coords: vec2<f32>, level: C, offset: vec2<i32>) -> f32",
     COORD_TYPES, kRuntime | kReplacedInCurrent, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_depth_2d_array, s: sampler, coords: vec2<f32>, array_index: C, level: C) -> "
     "f32",
     COORD_TYPES, kRuntime | kReplacedInCurrent, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_depth_2d_array, s: sampler, coords: vec2<f32>, array_index: C, level: C, "
     "offset: vec2<i32>) -> f32",
     COORD_TYPES, kRuntime | kReplacedInCurrent, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_depth_cube, s: sampler, coords: vec3<f32>, level: C) -> f32", COORD_TYPES,
     kRuntime | kReplacedInCurrent, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_depth_cube_array, s: sampler, coords: vec3<f32>, array_index: C, level: C) -> "
     "f32",
     COORD_TYPES, kRuntime | kReplacedInCurrent, D, "texturesamplelevel"},
    {F, "textureSampleLevel", "(t: texture_external, s: sampler, coords: vec2<f32>) -> vec4<f32>",
     "", kRuntime | kReplacedInCurrent, D, "texturesamplelevel"},

    // #texturestore. "CF depends on the storage texel format F" (#storage-texel-formats): each
    // block is written as one row per channel type, F restricted to the formats of that type.
    {F, "textureStore", "(t: texture_storage_1d<F,write>, coords: C, value: vec4<CF>)",
     "F: " F32_TEXEL_FORMATS "; " COORD_TYPES "; CF: f32", kRuntime, D, "texturestore"},
    {F, "textureStore", "(t: texture_storage_1d<F,write>, coords: C, value: vec4<CF>)",
     "F: " U32_TEXEL_FORMATS "; " COORD_TYPES "; CF: u32", kRuntime, D, "texturestore"},
    {F, "textureStore", "(t: texture_storage_1d<F,write>, coords: C, value: vec4<CF>)",
     "F: " I32_TEXEL_FORMATS "; " COORD_TYPES "; CF: i32", kRuntime, D, "texturestore"},
    {F, "textureStore", "(t: texture_storage_2d<F,write>, coords: vec2<C>, value: vec4<CF>)",
     "F: " F32_TEXEL_FORMATS "; " COORD_TYPES "; CF: f32", kRuntime, D, "texturestore"},
    {F, "textureStore", "(t: texture_storage_2d<F,write>, coords: vec2<C>, value: vec4<CF>)",
     "F: " U32_TEXEL_FORMATS "; " COORD_TYPES "; CF: u32", kRuntime, D, "texturestore"},
    {F, "textureStore", "(t: texture_storage_2d<F,write>, coords: vec2<C>, value: vec4<CF>)",
     "F: " I32_TEXEL_FORMATS "; " COORD_TYPES "; CF: i32", kRuntime, D, "texturestore"},
    {F, "textureStore",
     "(t: texture_storage_2d_array<F,write>, coords: vec2<C>, array_index: C, value: vec4<CF>)",
     "F: " F32_TEXEL_FORMATS "; " COORD_TYPES "; CF: f32", kRuntime | kReplacedInCurrent, D,
     "texturestore"},
    {F, "textureStore",
     "(t: texture_storage_2d_array<F,write>, coords: vec2<C>, array_index: C, value: vec4<CF>)",
     "F: " U32_TEXEL_FORMATS "; " COORD_TYPES "; CF: u32", kRuntime | kReplacedInCurrent, D,
     "texturestore"},
    {F, "textureStore",
     "(t: texture_storage_2d_array<F,write>, coords: vec2<C>, array_index: C, value: vec4<CF>)",
     "F: " I32_TEXEL_FORMATS "; " COORD_TYPES "; CF: i32", kRuntime | kReplacedInCurrent, D,
     "texturestore"},
    {F, "textureStore", "(t: texture_storage_3d<F,write>, coords: vec3<C>, value: vec4<CF>)",
     "F: " F32_TEXEL_FORMATS "; " COORD_TYPES "; CF: f32", kRuntime, D, "texturestore"},
    {F, "textureStore", "(t: texture_storage_3d<F,write>, coords: vec3<C>, value: vec4<CF>)",
     "F: " U32_TEXEL_FORMATS "; " COORD_TYPES "; CF: u32", kRuntime, D, "texturestore"},
    {F, "textureStore", "(t: texture_storage_3d<F,write>, coords: vec3<C>, value: vec4<CF>)",
     "F: " I32_TEXEL_FORMATS "; " COORD_TYPES "; CF: i32", kRuntime, D, "texturestore"},

    // ------------------------------------------------------------ #atomic-builtin-functions
    // Not `@const`. "Atomic built-in functions must not be used in a vertex shader stage."
    // "The address space AS of the atomic_ptr parameter ... must be either storage or
    // workgroup." "T must be either u32 or i32."
    {F, "atomicLoad", "(atomic_ptr: ptr<AS, atomic<T>, read_write>) -> T", ATOMIC, kNotVertex, D,
     "atomic-load"},
    {F, "atomicStore", "(atomic_ptr: ptr<AS, atomic<T>, read_write>, v: T)", ATOMIC, kNotVertex, D,
     "atomic-store"},
    {F, "atomicAdd", "(atomic_ptr: ptr<AS, atomic<T>, read_write>, v: T) -> T", ATOMIC, kNotVertex,
     D, "atomic-rmw"},
    {F, "atomicSub", "(atomic_ptr: ptr<AS, atomic<T>, read_write>, v: T) -> T", ATOMIC, kNotVertex,
     D, "atomic-rmw"},
    {F, "atomicMax", "(atomic_ptr: ptr<AS, atomic<T>, read_write>, v: T) -> T", ATOMIC, kNotVertex,
     D, "atomic-rmw"},
    {F, "atomicMin", "(atomic_ptr: ptr<AS, atomic<T>, read_write>, v: T) -> T", ATOMIC, kNotVertex,
     D, "atomic-rmw"},
    {F, "atomicAnd", "(atomic_ptr: ptr<AS, atomic<T>, read_write>, v: T) -> T", ATOMIC, kNotVertex,
     D, "atomic-rmw"},
    {F, "atomicOr", "(atomic_ptr: ptr<AS, atomic<T>, read_write>, v: T) -> T", ATOMIC, kNotVertex,
     D, "atomic-rmw"},
    {F, "atomicXor", "(atomic_ptr: ptr<AS, atomic<T>, read_write>, v: T) -> T", ATOMIC, kNotVertex,
     D, "atomic-rmw"},
    {F, "atomicExchange", "(atomic_ptr: ptr<AS, atomic<T>, read_write>, v: T) -> T", ATOMIC,
     kNotVertex, D, "atomic-rmw"},
    {F, "atomicCompareExchangeWeak",
     "(atomic_ptr: ptr<AS, atomic<T>, read_write>, cmp: T, v: T) -> "
     "__atomic_compare_exchange_result<T>",
     ATOMIC, kNotVertex, D, "atomic-rmw"},

    // -------------------------------------------------------------- #pack-builtin-functions
    // All `@const fn`; no stage restriction.
    {F, "pack4x8snorm", "(e: vec4<f32>) -> u32", "", kConstAll, D, "pack-builtin-functions"},
    {F, "pack4x8unorm", "(e: vec4<f32>) -> u32", "", kConstAll, D, "pack-builtin-functions"},
    {F, "pack2x16snorm", "(e: vec2<f32>) -> u32", "", kConstAll, D, "pack-builtin-functions"},
    {F, "pack2x16unorm", "(e: vec2<f32>) -> u32", "", kConstAll, D, "pack-builtin-functions"},
    {F, "pack2x16float", "(e: vec2<f32>) -> u32", "", kConstAll, D, "pack-builtin-functions"},

    // ------------------------------------------------------------ #unpack-builtin-functions
    // All `@const fn`; no stage restriction.
    {F, "unpack4x8snorm", "(e: u32) -> vec4<f32>", "", kConstAll, D, "unpack-builtin-functions"},
    {F, "unpack4x8unorm", "(e: u32) -> vec4<f32>", "", kConstAll, D, "unpack-builtin-functions"},
    {F, "unpack2x16snorm", "(e: u32) -> vec2<f32>", "", kConstAll, D, "unpack-builtin-functions"},
    {F, "unpack2x16unorm", "(e: u32) -> vec2<f32>", "", kConstAll, D, "unpack-builtin-functions"},
    {F, "unpack2x16float", "(e: u32) -> vec2<f32>", "", kConstAll, D, "unpack-builtin-functions"},

    // -------------------------------------------------------------- #sync-builtin-functions
    // Not `@const`. "All synchronization functions must only be used in the compute shader
    // stage." Uniformity: CallSiteRequiredToBeUniform (#uniformity-function-calls).
    {F, "storageBarrier", "()", "", kComputeOnly, kBarrier, "sync-builtin-functions"},
    {F, "workgroupBarrier", "()", "", kComputeOnly, kBarrier, "sync-builtin-functions"},
};

#undef N234
#undef ALLFLOATINGDECL
#undef ALLINTEGRALDECL
#undef INTEGRAL
#undef SIGNEDINTEGRAL
#undef UNSIGNEDINTEGRAL
#undef TEXEL_FORMATS
#undef F32_TEXEL_FORMATS
#undef U32_TEXEL_FORMATS
#undef I32_TEXEL_FORMATS
#undef ACCESS_MODES
#undef SAMPLED_TYPES
#undef COORD_TYPES
#undef ATOMIC
}  // namespace

std::span<const OverloadRow> builtinFunctionRows() {
  return kFunctionRows;
}

}  // namespace detail
}  // namespace plumb
