// The built-in functions that current WGSL (wgsl-2026-08-19.bs) adds to the seed's table, one
// row per overload block in the notation of builtin_function_table.cpp, each citing its anchor
// in the 2026 text. Only revisions with Revision::currentBuiltins see them (delta 6, 8).
#include "semantics/wgsl/builtin_table.h"

namespace plumb {

namespace {
constexpr auto F = OverloadKind::Builtin;
constexpr auto D = UniformityClass::Default;
constexpr auto kBarrier = UniformityClass::ControlBarrier;
constexpr uint32_t kConstAll = kConst | kAllStages;
constexpr uint32_t kSubgroupStages = kFragment | kCompute;
constexpr auto kSubgroup = UniformityClass::Derivative;  // required uniform, non-uniform result

// "T is concrete numeric scalar or concrete numeric vector"; [INTEGRAL].
#define CONCRETE_NUMERIC "T: S | vecN<S>; S: f32 | f16 | i32 | u32; N: 2 | 3 | 4"
#define INTEGRAL "T: i32 | u32 | vecN<i32> | vecN<u32>; N: 2 | 3 | 4"
// new#storage-texel-formats by shader type: all of them, and those the seed does not have.
#define F32_ALL_FORMATS                                                                        \
  "rgba8unorm | rgba8snorm | rgba16unorm | rgba16snorm | rgba16float | rg8unorm | rg8snorm | " \
  "rg16unorm | rg16snorm | rg16float | r32float | rg32float | rgba32float | bgra8unorm | "     \
  "r8unorm | r8snorm | r16unorm | r16snorm | r16float | rgb10a2unorm | rg11b10ufloat"
#define U32_ALL_FORMATS                                                                       \
  "rgba8uint | rgba16uint | rg8uint | rg16uint | r32uint | rg32uint | rgba32uint | r8uint | " \
  "r16uint | rgb10a2uint"
#define I32_ALL_FORMATS                                                                       \
  "rgba8sint | rgba16sint | rg8sint | rg16sint | r32sint | rg32sint | rgba32sint | r8sint | " \
  "r16sint"
#define F32_NEW_FORMATS                                                                    \
  "rgba16unorm | rgba16snorm | rg8unorm | rg8snorm | rg16unorm | rg16snorm | rg16float | " \
  "bgra8unorm | r8unorm | r8snorm | r16unorm | r16snorm | r16float | rgb10a2unorm | "      \
  "rg11b10ufloat"
#define U32_NEW_FORMATS "rg8uint | rg16uint | r8uint | r16uint | rgb10a2uint"
#define I32_NEW_FORMATS "rg8sint | rg16sint | r8sint | r16sint"
// The seed's formats (old#storage-texel-formats), by shader type.
#define SEED_F32_FORMATS \
  "rgba8unorm | rgba8snorm | rgba16float | r32float | rg32float | rgba32float"
#define SEED_U32_FORMATS "rgba8uint | rgba16uint | r32uint | rg32uint | rgba32uint"
#define SEED_I32_FORMATS "rgba8sint | rgba16sint | r32sint | rg32sint | rgba32sint"
#define ALL_FORMATS F32_ALL_FORMATS " | " U32_ALL_FORMATS " | " I32_ALL_FORMATS
#define NEW_FORMATS F32_NEW_FORMATS " | " U32_NEW_FORMATS " | " I32_NEW_FORMATS
// textureLoad (read, read_write) and textureStore (read_write; write for the new formats) of
// the formats of one shader type CF, in each dimension.
#define STORAGE_DIMENSION_ROWS(K, CF, dim, coords, index, AI)                                    \
  OverloadRow{F,                                                                                 \
              "textureLoad",                                                                     \
              "(t: texture_storage_" dim "<F,AM>, coords: " coords index ") -> vec4<" CF ">",    \
              "F: " K##_ALL_FORMATS "; AM: read | read_write; C: i32 | u32" AI,                  \
              kAllStages,                                                                        \
              D,                                                                                 \
              "textureload"},                                                                    \
      OverloadRow{F,                                                                             \
                  "textureStore",                                                                \
                  "(t: texture_storage_" dim "<F,AM>, coords: " coords index ", value: vec4<" CF \
                  ">)",                                                                          \
                  "F: " K##_ALL_FORMATS "; AM: read_write; C: i32 | u32" AI,                     \
                  kAllStages,                                                                    \
                  D,                                                                             \
                  "texturestore"},                                                               \
      OverloadRow {                                                                              \
    F, "textureStore",                                                                           \
        "(t: texture_storage_" dim "<F,AM>, coords: " coords index ", value: vec4<" CF ">)",     \
        "F: " K##_NEW_FORMATS "; AM: write; C: i32 | u32" AI, kAllStages, D, "texturestore"      \
  }
#define STORAGE_ROWS(K, CF)                                                     \
  STORAGE_DIMENSION_ROWS(K, CF, "1d", "C", "", ""),                             \
      STORAGE_DIMENSION_ROWS(K, CF, "2d", "vec2<C>", "", ""),                   \
      STORAGE_DIMENSION_ROWS(K, CF, "2d_array", "vec2<C>", ", array_index: AI", \
                             "; AI: i32 | u32"),                                \
      STORAGE_DIMENSION_ROWS(K, CF, "3d", "vec3<C>", "", "")

// `fn name(e: T) -> T` of the subgroups extension.
#define SUBGROUP_REDUCTION(name, parameterization, anchor)                                     \
  OverloadRow {                                                                                \
    F, #name, "(e: T) -> T", parameterization, kSubgroupStages, kSubgroup, anchor, "subgroups" \
  }

const OverloadRow kCurrentRows[] = {
    // new#frexp-builtin, new#modf-builtin (delta 6.2): the AbstractFloat overloads, whose
    // result structures convert to the f32 (rank 1) and f16 (rank 2) ones (new#conversion-rank).
    {F, "frexp", "(e: T) -> __frexp_result_abstract", "T: AbstractFloat", kConstAll, D,
     "frexp-builtin"},
    {F, "frexp", "(e: T) -> __frexp_result_vecN_abstract", "T: vecN<AbstractFloat>; N: 2 | 3 | 4",
     kConstAll, D, "frexp-builtin"},
    {F, "modf", "(e: T) -> __modf_result_abstract", "T: AbstractFloat", kConstAll, D,
     "modf-builtin"},
    {F, "modf", "(e: T) -> __modf_result_vecN_abstract", "T: vecN<AbstractFloat>; N: 2 | 3 | 4",
     kConstAll, D, "modf-builtin"},
    // new#bit-expr (delta 3.4): the shift count of an AbstractInt shift is a u32 (the seed's
    // is an AbstractInt); these replace the seed's rows.
    {OverloadKind::BinaryOperator, "<<", "(e1: AbstractInt, e2: u32) -> AbstractInt", "", kConstAll,
     D, "bit-expr"},
    {OverloadKind::BinaryOperator, "<<",
     "(e1: vecN<AbstractInt>, e2: vecN<u32>) -> vecN<AbstractInt>", "N: 2 | 3 | 4", kConstAll, D,
     "bit-expr"},
    {OverloadKind::BinaryOperator, ">>", "(e1: AbstractInt, e2: u32) -> AbstractInt", "", kConstAll,
     D, "bit-expr"},
    {OverloadKind::BinaryOperator, ">>",
     "(e1: vecN<AbstractInt>, e2: vecN<u32>) -> vecN<AbstractInt>", "N: 2 | 3 | 4", kConstAll, D,
     "bit-expr"},
    // Delta 6.2 (#3141, #3548, #5230, #3637): the texture functions whose coordinate, array
    // index, level and sample index types are independent variables (C, A, L, S, each i32 or
    // u32; the seed has one C for all) and textureSampleLevel of texture_1d; these replace the
    // seed's rows marked kReplacedInCurrent (textureSampleLevel of texture_external is gone:
    // textureSampleBaseClampToEdge). new#texturedimensions:
    {F, "textureDimensions", "(t: T, level: L) -> u32",
     "ST: i32 | u32 | f32; L: i32 | u32; T: texture_1d<ST>", kAllStages, D, "texturedimensions"},
    {F, "textureDimensions", "(t: T, level: L) -> vec2<u32>",
     "ST: i32 | u32 | f32; L: i32 | u32; T: texture_2d<ST> | texture_2d_array<ST> | "
     "texture_cube<ST> | texture_cube_array<ST> | texture_depth_2d | texture_depth_2d_array | "
     "texture_depth_cube | texture_depth_cube_array",
     kAllStages, D, "texturedimensions"},
    {F, "textureDimensions", "(t: T, level: L) -> vec3<u32>",
     "ST: i32 | u32 | f32; L: i32 | u32; T: texture_3d<ST>", kAllStages, D, "texturedimensions"},
    // new#textureload
    {F, "textureLoad", "(t: texture_1d<ST>, coords: C, level: L) -> vec4<ST>",
     "C: i32 | u32; L: i32 | u32; ST: i32 | u32 | f32", kAllStages, D, "textureload"},
    {F, "textureLoad", "(t: texture_2d<ST>, coords: vec2<C>, level: L) -> vec4<ST>",
     "C: i32 | u32; L: i32 | u32; ST: i32 | u32 | f32", kAllStages, D, "textureload"},
    {F, "textureLoad",
     "(t: texture_2d_array<ST>, coords: vec2<C>, array_index: A, level: L) -> vec4<ST>",
     "C: i32 | u32; A: i32 | u32; L: i32 | u32; ST: i32 | u32 | f32", kAllStages, D, "textureload"},
    {F, "textureLoad", "(t: texture_3d<ST>, coords: vec3<C>, level: L) -> vec4<ST>",
     "C: i32 | u32; L: i32 | u32; ST: i32 | u32 | f32", kAllStages, D, "textureload"},
    {F, "textureLoad",
     "(t: texture_multisampled_2d<ST>, coords: vec2<C>, sample_index: S) -> vec4<ST>",
     "C: i32 | u32; S: i32 | u32; ST: i32 | u32 | f32", kAllStages, D, "textureload"},
    {F, "textureLoad", "(t: texture_depth_2d, coords: vec2<C>, level: L) -> f32",
     "C: i32 | u32; L: i32 | u32", kAllStages, D, "textureload"},
    {F, "textureLoad",
     "(t: texture_depth_2d_array, coords: vec2<C>, array_index: A, level: L) -> f32",
     "C: i32 | u32; A: i32 | u32; L: i32 | u32", kAllStages, D, "textureload"},
    {F, "textureLoad",
     "(t: texture_depth_multisampled_2d, coords: vec2<C>, sample_index: S) -> f32",
     "C: i32 | u32; S: i32 | u32", kAllStages, D, "textureload"},
    // new#texturesamplelevel
    {F, "textureSampleLevel",
     "(t: texture_1d<f32>, s: sampler, coords: f32, level: f32) -> vec4<f32>", "", kAllStages, D,
     "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_depth_2d, s: sampler, coords: vec2<f32>, level: L) -> f32", "L: i32 | u32",
     kAllStages, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_depth_2d, s: sampler, coords: vec2<f32>, level: L, offset: vec2<i32>) -> f32",
     "L: i32 | u32", kAllStages, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_depth_2d_array, s: sampler, coords: vec2<f32>, array_index: A, level: L) -> "
     "f32",
     "A: i32 | u32; L: i32 | u32", kAllStages, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_depth_2d_array, s: sampler, coords: vec2<f32>, array_index: A, level: L, "
     "offset: vec2<i32>) -> f32",
     "A: i32 | u32; L: i32 | u32", kAllStages, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_depth_cube, s: sampler, coords: vec3<f32>, level: L) -> f32", "L: i32 | u32",
     kAllStages, D, "texturesamplelevel"},
    {F, "textureSampleLevel",
     "(t: texture_depth_cube_array, s: sampler, coords: vec3<f32>, array_index: A, level: L) -> "
     "f32",
     "A: i32 | u32; L: i32 | u32", kAllStages, D, "texturesamplelevel"},
    // new#texturegather: `component: C` and `array_index: A`.
    {F, "textureGather",
     "(component: C, t: texture_2d_array<ST>, s: sampler, coords: vec2<f32>, array_index: A) -> "
     "vec4<ST>",
     "C: i32 | u32; A: i32 | u32; ST: i32 | u32 | f32", kAllStages, D, "texturegather"},
    {F, "textureGather",
     "(component: C, t: texture_2d_array<ST>, s: sampler, coords: vec2<f32>, array_index: A, "
     "offset: vec2<i32>) -> vec4<ST>",
     "C: i32 | u32; A: i32 | u32; ST: i32 | u32 | f32", kAllStages, D, "texturegather"},
    {F, "textureGather",
     "(component: C, t: texture_cube_array<ST>, s: sampler, coords: vec3<f32>, array_index: A) "
     "-> vec4<ST>",
     "C: i32 | u32; A: i32 | u32; ST: i32 | u32 | f32", kAllStages, D, "texturegather"},

    // new#workgroupUniformLoad-builtin: "T is a concrete constructible type" (checked after
    // resolution: the wildcard matches any store type), and the atomic form (#5120, #5141).
    // Compute only; a synchronization function whose call site must be uniform.
    {F, "workgroupUniformLoad", "(p: ptr<workgroup, atomic<T>, read_write>) -> T", "T: i32 | u32",
     kCompute, kBarrier, "workgroupUniformLoad-builtin"},
    {F, "workgroupUniformLoad", "(p: ptr<workgroup, T, read_write>) -> T", "T: *", kCompute,
     kBarrier, "workgroupUniformLoad-builtin"},

    // new#buffer-view-builtin-functions (the buffer_view language feature). B is a buffer
    // type, `buffer<N>` or `buffer` (the wildcard matches any store type: the checker,
    // checker/wgsl/buffer_view_builtins.cpp, requires a buffer). bufferView and bufferArrayView take
    // their type T from the call's template list (Module::callTemplates): the result written
    // here stands for ptr<AS, T, AM>, which the checker gives the call. The result of
    // bufferLength is uniform (the minimum size along the call stack, the same in every
    // invocation), as arrayLength's; the views are pointers.
    {F, "bufferView", "(p: ptr<AS, B, AM>, offset: I) -> ptr<AS, B, AM>",
     "B: *; AS: storage | uniform | workgroup; AM: read | read_write; I: i32 | u32", kAllStages, D,
     "bufferview-builtin"},
    {F, "bufferArrayView", "(p: ptr<AS, B, AM>, offset: OI, size: SI) -> ptr<AS, B, AM>",
     "B: *; AS: storage | uniform | workgroup; AM: read | read_write; OI: i32 | u32; "
     "SI: i32 | u32",
     kAllStages, D, "bufferarrayview-builtin"},
    {F, "bufferLength", "(p: ptr<AS, B, AM>) -> u32",
     "B: *; AS: storage | uniform | workgroup; AM: read | read_write", kAllStages,
     UniformityClass::ArrayLength, "bufferlength-builtin"},
    // new#arrayLength-builtin: "AS is one of storage, uniform, or workgroup" (uniform and
    // workgroup only for a runtime-sized array viewed by bufferView or bufferArrayView); the
    // seed's row keeps storage.
    {F, "arrayLength", "(p: ptr<AS, array<E>, AM>) -> u32",
     "E: *; AS: uniform | workgroup; AM: read | read_write", kAllStages,
     UniformityClass::ArrayLength, "arrayLength-builtin"},

    // new#saturate-float-builtin: "Returns clamp(e, 0.0, 1.0)". [ALLFLOATINGDECL]
    {F, "saturate", "(e: T) -> T", "T: S | vecN<S>; S: AbstractFloat | f32 | f16; N: 2 | 3 | 4",
     kConstAll, D, "saturate-float-builtin"},
    // new#sign-builtin: [ALLSIGNEDNUMERICDECL]; the seed's row covers the floating-point types.
    {F, "sign", "(e: T) -> T", "T: S | vecN<S>; S: AbstractInt | i32; N: 2 | 3 | 4", kConstAll, D,
     "sign-builtin"},
    // new#dot4U8Packed-builtin, new#dot4I8Packed-builtin (packed_4x8_integer_dot_product).
    {F, "dot4U8Packed", "(e1: u32, e2: u32) -> u32", "", kConstAll, D, "dot4U8Packed-builtin"},
    {F, "dot4I8Packed", "(e1: u32, e2: u32) -> i32", "", kConstAll, D, "dot4I8Packed-builtin"},
    // new#pack4xI8-builtin and the sections after it.
    {F, "pack4xI8", "(e: vec4<i32>) -> u32", "", kConstAll, D, "pack4xI8-builtin"},
    {F, "pack4xU8", "(e: vec4<u32>) -> u32", "", kConstAll, D, "pack4xU8-builtin"},
    {F, "pack4xI8Clamp", "(e: vec4<i32>) -> u32", "", kConstAll, D, "pack4xI8Clamp-builtin"},
    {F, "pack4xU8Clamp", "(e: vec4<u32>) -> u32", "", kConstAll, D, "pack4xU8Clamp-builtin"},
    // new#unpack4xI8-builtin, new#unpack4xU8-builtin.
    {F, "unpack4xI8", "(e: u32) -> vec4<i32>", "", kConstAll, D, "unpack4xI8-builtin"},
    {F, "unpack4xU8", "(e: u32) -> vec4<u32>", "", kConstAll, D, "unpack4xU8-builtin"},
    // new#textureSampleBaseClampToEdge: "T is texture_2d<f32> or texture_external"; no
    // derivatives (base level), so no stage or uniformity restriction.
    {F, "textureSampleBaseClampToEdge",
     "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>) -> vec4<f32>", "", kAllStages, D,
     "textureSampleBaseClampToEdge"},
    {F, "textureSampleBaseClampToEdge",
     "(t: texture_external, s: sampler, coords: vec2<f32>) -> vec4<f32>", "", kAllStages, D,
     "textureSampleBaseClampToEdge"},
    // new#textureBarrier-builtin: a synchronization function, compute stage only, a control
    // barrier for the uniformity analysis.
    {F, "textureBarrier", "()", "", kCompute, kBarrier, "textureBarrier-builtin"},

    // Storage textures (delta 2.6): textureLoad of `read` and `read_write` textures
    // (new#textureload), textureStore of `read_write` ones (new#texturestore), and the
    // formats current WGSL adds (new#storage-texel-formats) with every access mode. The seed's
    // rows keep its 16 formats with `write`; these rows are the rest, so no overload repeats.
    STORAGE_ROWS(F32, "f32"),
    STORAGE_ROWS(U32, "u32"),
    STORAGE_ROWS(I32, "i32"),
    // new#texturestore "textureStore 2d array": the array index's type A is independent of the
    // coordinates' C (delta 6.2); the seed's rows (array_index: C) are replaced for its formats.
    {F, "textureStore",
     "(t: texture_storage_2d_array<F,write>, coords: vec2<C>, array_index: AI, value: vec4<f32>)",
     "F: " SEED_F32_FORMATS "; C: i32 | u32; AI: i32 | u32", kAllStages, D, "texturestore"},
    {F, "textureStore",
     "(t: texture_storage_2d_array<F,write>, coords: vec2<C>, array_index: AI, value: vec4<u32>)",
     "F: " SEED_U32_FORMATS "; C: i32 | u32; AI: i32 | u32", kAllStages, D, "texturestore"},
    {F, "textureStore",
     "(t: texture_storage_2d_array<F,write>, coords: vec2<C>, array_index: AI, value: vec4<i32>)",
     "F: " SEED_I32_FORMATS "; C: i32 | u32; AI: i32 | u32", kAllStages, D, "texturestore"},
    {F, "textureDimensions", "(t: T) -> u32",
     "F: " ALL_FORMATS "; A: read | read_write; T: texture_storage_1d<F,A>", kAllStages, D,
     "texturedimensions"},
    {F, "textureDimensions", "(t: T) -> u32",
     "F: " NEW_FORMATS "; A: write; T: texture_storage_1d<F,A>", kAllStages, D,
     "texturedimensions"},
    {F, "textureDimensions", "(t: T) -> vec2<u32>",
     "F: " ALL_FORMATS "; A: read | read_write; T: texture_storage_2d<F,A> | "
     "texture_storage_2d_array<F,A>",
     kAllStages, D, "texturedimensions"},
    {F, "textureDimensions", "(t: T) -> vec2<u32>",
     "F: " NEW_FORMATS "; A: write; T: texture_storage_2d<F,A> | texture_storage_2d_array<F,A>",
     kAllStages, D, "texturedimensions"},
    {F, "textureDimensions", "(t: T) -> vec3<u32>",
     "F: " ALL_FORMATS "; A: read | read_write; T: texture_storage_3d<F,A>", kAllStages, D,
     "texturedimensions"},
    {F, "textureDimensions", "(t: T) -> vec3<u32>",
     "F: " NEW_FORMATS "; A: write; T: texture_storage_3d<F,A>", kAllStages, D,
     "texturedimensions"},
    {F, "textureNumLayers", "(t: T) -> u32",
     "F: " ALL_FORMATS "; A: read | read_write; T: texture_storage_2d_array<F,A>", kAllStages, D,
     "texturenumlayers"},
    {F, "textureNumLayers", "(t: T) -> u32",
     "F: " NEW_FORMATS "; A: write; T: texture_storage_2d_array<F,A>", kAllStages, D,
     "texturenumlayers"},

    // new#subgroup-builtin-functions, new#quad-builtin-functions (enable subgroups): "Must
    // only be used in a fragment or compute shader stage"; a call that the uniformity analysis
    // cannot prove to be in uniform control flow triggers subgroup_uniformity (an error by
    // default), and the results may be non-uniform: the derivatives' uniformity class.
    // Broadcast ids and shuffle operands are checked in checker/wgsl/partial_evaluation.cpp.
    SUBGROUP_REDUCTION(subgroupAdd, CONCRETE_NUMERIC, "subgroupadd-builtin"),
    SUBGROUP_REDUCTION(subgroupExclusiveAdd, CONCRETE_NUMERIC, "subgroupexclusiveadd-builtin"),
    SUBGROUP_REDUCTION(subgroupInclusiveAdd, CONCRETE_NUMERIC, "subgroupinclusiveadd-builtin"),
    SUBGROUP_REDUCTION(subgroupMul, CONCRETE_NUMERIC, "subgroupmul-builtin"),
    SUBGROUP_REDUCTION(subgroupExclusiveMul, CONCRETE_NUMERIC, "subgroupexclusivemul-builtin"),
    SUBGROUP_REDUCTION(subgroupInclusiveMul, CONCRETE_NUMERIC, "subgroupinclusivemul-builtin"),
    SUBGROUP_REDUCTION(subgroupMax, CONCRETE_NUMERIC, "subgroupmax-builtin"),
    SUBGROUP_REDUCTION(subgroupMin, CONCRETE_NUMERIC, "subgroupmin-builtin"),
    SUBGROUP_REDUCTION(subgroupBroadcastFirst, CONCRETE_NUMERIC, "subgroupbroadcastfirst-builtin"),
    SUBGROUP_REDUCTION(subgroupAnd, INTEGRAL, "subgroupand-builtin"),
    SUBGROUP_REDUCTION(subgroupOr, INTEGRAL, "subgroupor-builtin"),
    SUBGROUP_REDUCTION(subgroupXor, INTEGRAL, "subgroupxor-builtin"),
    SUBGROUP_REDUCTION(quadSwapDiagonal, CONCRETE_NUMERIC, "quadswapdiagonal-builtin"),
    SUBGROUP_REDUCTION(quadSwapX, CONCRETE_NUMERIC, "quadswapx-builtin"),
    SUBGROUP_REDUCTION(quadSwapY, CONCRETE_NUMERIC, "quadswapy-builtin"),
    {F, "subgroupAll", "(e: bool) -> bool", "", kSubgroupStages, kSubgroup, "subgroupall-builtin",
     "subgroups"},
    {F, "subgroupAny", "(e: bool) -> bool", "", kSubgroupStages, kSubgroup, "subgroupany-builtin",
     "subgroups"},
    {F, "subgroupBallot", "(pred: bool) -> vec4<u32>", "", kSubgroupStages, kSubgroup,
     "subgroupballot-builtin", "subgroups"},
    {F, "subgroupElect", "() -> bool", "", kSubgroupStages, kSubgroup, "subgroupelect-builtin",
     "subgroups"},
    {F, "subgroupBroadcast", "(e: T, id: I) -> T", CONCRETE_NUMERIC "; I: i32 | u32",
     kSubgroupStages, kSubgroup, "subgroupbroadcast-builtin", "subgroups"},
    {F, "subgroupShuffle", "(e: T, id: I) -> T", CONCRETE_NUMERIC "; I: i32 | u32", kSubgroupStages,
     kSubgroup, "subgroupshuffle-builtin", "subgroups"},
    {F, "subgroupShuffleDown", "(e: T, delta: u32) -> T", CONCRETE_NUMERIC, kSubgroupStages,
     kSubgroup, "subgroupshuffledown-builtin", "subgroups"},
    {F, "subgroupShuffleUp", "(e: T, delta: u32) -> T", CONCRETE_NUMERIC, kSubgroupStages,
     kSubgroup, "subgroupshuffleup-builtin", "subgroups"},
    {F, "subgroupShuffleXor", "(e: T, mask: u32) -> T", CONCRETE_NUMERIC, kSubgroupStages,
     kSubgroup, "subgroupshufflexor-builtin", "subgroups"},
    {F, "quadBroadcast", "(e: T, id: I) -> T", CONCRETE_NUMERIC "; I: i32 | u32", kSubgroupStages,
     kSubgroup, "quadbroadcast-builtin", "subgroups"},
};

#undef STORAGE_ROWS
#undef STORAGE_DIMENSION_ROWS
#undef ALL_FORMATS
#undef NEW_FORMATS
#undef F32_ALL_FORMATS
#undef U32_ALL_FORMATS
#undef I32_ALL_FORMATS
#undef F32_NEW_FORMATS
#undef U32_NEW_FORMATS
#undef I32_NEW_FORMATS
#undef SUBGROUP_REDUCTION
#undef CONCRETE_NUMERIC
#undef INTEGRAL

}  // namespace

std::span<const OverloadRow> currentOverloadRows() {
  return kCurrentRows;
}

}  // namespace plumb
