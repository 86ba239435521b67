// The one table of operator overloads and built-in functions (#expressions type-rule tables,
// #builtin-functions), as data. Typing, creation-time evaluation, generators and docs all read
// it. Each row is written in the spec's own notation:
//
//   {Builtin, "abs", "(e: T) -> T", "T: S | vecN<S>; S: AbstractFloat | f32 | f16; N: 2 | 3 | 4",
//    kConst | kAllStages, UniformityClass::Default, "float-builtin-functions"}
//
// Parameterization variables range over the alternatives listed (types, or values such as
// `2 | 3 | 4`, address spaces, access modes, texel formats); `*` means any type (matched
// structurally, e.g. the element type of arrayLength's runtime-sized array). `vecN`, `matCxR`
// take their sizes from variables. Rows are expanded into concrete overloads by OverloadTable.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace plumb {

enum class OverloadKind : uint8_t {
  UnaryOperator,   // -e, !e, ~e (#arithmetic-expr, #logical-expr, #bit-expr)
  BinaryOperator,  // e1 op e2
  Builtin,         // #builtin-functions
};

enum BuiltinFlags : uint32_t {
  kConst = 1u << 0,     // @const: a creation-time function (#creation-time-funcs)
  kVertex = 1u << 1,    // usable in these shader stages
  kFragment = 1u << 2,
  kCompute = 1u << 3,
  kAllStages = kVertex | kFragment | kCompute,
};

/// The uniformity behaviour of a built-in (#uniformity-function-calls): most have the
/// default tags; these have the exceptions the analysis lists.
enum class UniformityClass : uint8_t {
  Default,          // CallSiteNoRestriction, ReturnValueMayBeNonUniform, default parameter tags
  ControlBarrier,   // workgroupBarrier, storageBarrier: CallSiteRequiredToBeUniform
  Derivative,       // derivatives, textureSample, textureSampleBias, textureSampleCompare
  ArrayLength,      // arrayLength: uniform result (ParameterNoRestriction)
};

struct OverloadRow {
  OverloadKind kind;
  std::string_view name;              // "+", "abs"; unary operators by their spelling
  std::string_view signature;         // "(e1: T, e2: T) -> T"; no "-> R" for no result
  std::string_view parameterization;  // "T: S | vecN<S>; S: i32 | u32; N: 2 | 3 | 4" or ""
  uint32_t flags;
  UniformityClass uniformity;
  std::string_view anchor;            // section of wgsl-2022-06-07.bs defining the row
};

/// Every row of the table.
std::span<const OverloadRow> overloadRows();

}  // namespace plumb
