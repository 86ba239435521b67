// The language Plumb's Cg front end reads (docs/cg.md "The cgc dialect"): the seed, literally
// (the default), or cgc 3.1's dialect (`--dialect cgc`), which is the seed plus each departure
// from it that NVIDIA's cgc 3.1 makes and the real-world collections rely on, one named
// extension each. A program that uses an extension gets a warning naming the extension and the
// seed's rule it departs from (the rule the seed's reading rejects the program by), so the
// seed's verdict stays visible; the evaluator gives such programs the meaning cgc gives them.
//
// One object, consulted where each rule lives (`dialect.allows(CgcExtension::...)`), never the
// dialect's name: the same shape as WGSL's Revision (semantics/wgsl/revision.h).
#pragma once

#include <bitset>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace plumb::cg {

enum class CgcExtension {
  GlslTypeNames,                // `vec3`, `mat4`, `ivec2`: Cg's `float3`, `float4x4`, `int2`
  GlslFunctions,                // `fract`, `mix`, `mod`, `inversesqrt`
  GlslArrayConstructors,        // `float[](1.0, 2.0)`, `float2[3](...)`
  SamplerAsName,                // `sampler` as a variable or parameter name
  MismatchedVectorSizes,        // `float2 + float3`: the larger truncated
  UnresolvedUnreachedNames,     // an undeclared name in a function the entry does not reach
  IdenticalStructRedefinition,  // `struct S {...}` twice with the same members
  UnresolvedDeadBranchNames,    // an undeclared name in the branch a constant condition skips
  UnsignedTypes,                // cgc's `uint`, `uint2`, `uint2x2` and GLSL's `uvec2`
  IntegerVectorNames,           // `char2`, `short3x3`, `long4`: vectors of the other integers
  UnsignedIntegerWidths,        // `unsigned char`, `unsigned short2`, `unsigned long`
  StdintTypeNames,              // `int8_t` ... `uint64_t`: the integer types of those widths
  kCount
};

/// One extension: its name (as warnings and docs/cg.md print it), the seed's rule anchor it
/// departs from, what cgc does, and the evidence (cgc's behaviour, the programs that need it).
struct CgcExtensionInfo {
  CgcExtension id;
  std::string_view name;
  std::string_view seedRule;
  std::string_view description;
};

/// Every extension of the cgc dialect, in CgcExtension order.
std::span<const CgcExtensionInfo> cgcExtensions();
const CgcExtensionInfo& extensionInfo(CgcExtension e);

struct Dialect {
  std::string name = "seed";
  std::bitset<static_cast<size_t>(CgcExtension::kCount)> extensions;

  bool allows(CgcExtension e) const { return extensions.test(static_cast<size_t>(e)); }

  /// The seed read literally (the default).
  static Dialect seed() { return {}; }
  /// cgc 3.1's dialect: the seed with every extension of cgcExtensions().
  static Dialect cgc();
};

/// The dialect named `name` ("seed", "cgc"), or nullopt.
std::optional<Dialect> dialectNamed(std::string_view name);

/// Extension glsl-type-names (CGD-1): the Cg type GLSL's type name `name` stands for in cgc
/// (`vec3` float3, `ivec2` int2, `bvec4` bool4, `dvec2` double2, `mat3` float3x3, `mat2x3`
/// float2x3: cgc keeps the dimensions in Cg's order, rows first), or nullopt.
std::optional<std::string> glslTypeAlias(std::string_view name);

/// Extension unsigned-types (CGD-9): the Cg type cgc's `uint`, `uintN`, `uintNxM` or GLSL's
/// `uvecN` stands for (`unsigned int`, `unsigned int2`, `unsigned int2x2`: the vectors and
/// matrices of `unsigned int`, which only this spelling names), or nullopt.
std::optional<std::string> unsignedTypeAlias(std::string_view name);

/// Extension integer-vector-names (CGD-10): the Cg type cgc's `charN`, `shortN`, `longN` or
/// `charNxM` ... stands for (`signed char2`, `signed short3x3`: the vectors and matrices of
/// char, short and long, which only this spelling names), or nullopt.
std::optional<std::string> integerVectorAlias(std::string_view name);

/// Extension stdint-type-names (CGD-12): the Cg type cgc's `int8_t`, `uint8_t`, `int16_t`,
/// `uint16_t`, `int32_t`, `uint32_t`, `int64_t` or `uint64_t` stands for (`char`, `unsigned
/// char`, `short`, `unsigned short`, `int`, `unsigned int`, `long`, `unsigned long`: scalars
/// only, as cgc has no `int8_t2`), or nullopt.
std::optional<std::string> stdintTypeAlias(std::string_view name);

/// The message of the warning an extension's use gets: `what` (the construct), then the
/// extension's name and the seed's rule: "`vec3` is GLSL's name for float3 (cgc dialect,
/// extension glsl-type-names; the seed rejects it: cg-types)". Report it with the rule anchor
/// extensionInfo(e).seedRule.
std::string extensionWarning(CgcExtension e, const std::string& what);

}  // namespace plumb::cg
