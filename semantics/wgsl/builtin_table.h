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
  kConst = 1u << 0,   // @const: a creation-time function (#creation-time-funcs)
  kVertex = 1u << 1,  // usable in these shader stages
  kFragment = 1u << 2,
  kCompute = 1u << 3,
  kAllStages = kVertex | kFragment | kCompute,
  /// A row of the seed's table that current WGSL replaces (delta 6.2: a parameter's types
  /// widened, an overload removed): revisions with Revision::currentBuiltins skip it, and
  /// currentOverloadRows() holds its 2026 form.
  kReplacedInCurrent = 1u << 4,
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
  /// The enable-extension a call needs (new#extension-list), e.g. "subgroups"; empty if none.
  std::string_view extension = {};
};

/// Every row of the table (the seed's, revision 2022-06).
std::span<const OverloadRow> overloadRows();

/// The rows of the built-in functions that current WGSL adds (revision 2026, delta 6 and 8;
/// builtin_function_table_2026.cpp), in the notation of wgsl-2026-08-19.bs and citing its
/// anchors. Read by OverloadTable for a revision with Revision::currentBuiltins.
std::span<const OverloadRow> currentOverloadRows();

}  // namespace plumb
