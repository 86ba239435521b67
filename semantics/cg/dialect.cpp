// The cgc dialect's extensions (dialect.h; docs/cg.md "The cgc dialect", docs/ambiguities.md
// CGD-1 to CGD-12 with cgc's evidence).
#include "semantics/cg/dialect.h"

#include <iterator>
#include <utility>

namespace plumb::cg {
namespace {

// clang-format off
constexpr CgcExtensionInfo kExtensions[] = {
    {CgcExtension::GlslTypeNames, "glsl-type-names", "cg-types",
     "GLSL's type names are Cg's types: vecN float N, ivecN int N, bvecN bool N, dvecN double N, "
     "matN floatNxN, matNxM floatNxM, dmatN doubleNxN (CGD-1)"},
    {CgcExtension::GlslFunctions, "glsl-functions", "cg-namespaces",
     "GLSL's fract, mix, mod and inversesqrt are library functions: frac, lerp, x - y * floor(x / y) "
     "and rsqrt (CGD-2)"},
    {CgcExtension::GlslArrayConstructors, "glsl-array-constructors",
     "cg-statements-and-expressions",
     "GLSL's array constructor T[](a, b, ...) and T[n](...) is an array of its arguments converted "
     "to T (CGD-3)"},
    {CgcExtension::SamplerAsName, "sampler-as-name", "cg-reserved-words",
     "`sampler` not followed by a name is itself a name (CGD-4)"},
    {CgcExtension::MismatchedVectorSizes, "mismatched-vector-sizes", "cg-operator-enhancements",
     "operands of a binary operator with vectors of different sizes: the larger is truncated to "
     "the smaller (CGD-5)"},
    {CgcExtension::UnresolvedUnreachedNames, "unresolved-unreached-names", "cg-namespaces",
     "an undeclared name in a function the entry does not reach is not resolved (CGD-6)"},
    {CgcExtension::IdenticalStructRedefinition, "identical-struct-redefinition",
     "cg-struct-and-interface-types",
     "a structure defined again with the same members, in the same order, is the same structure "
     "(CGD-7)"},
    {CgcExtension::UnresolvedDeadBranchNames, "unresolved-dead-branch-names", "cg-namespaces",
     "an undeclared name in the branch of an `if` that a constant condition skips is not "
     "resolved (CGD-8)"},
    {CgcExtension::UnsignedTypes, "unsigned-types", "cg-types",
     "cgc's uint, uintN, uintNxM and GLSL's uvecN are unsigned int and its vectors and matrices "
     "(CGD-9)"},
    {CgcExtension::IntegerVectorNames, "integer-vector-names", "cg-types",
     "cgc's charN, shortN, longN, charNxM, shortNxM, longNxM are the vectors and matrices of "
     "char, short and long (CGD-10)"},
    {CgcExtension::UnsignedIntegerWidths, "unsigned-integer-widths", "cg-types",
     "unsigned char, unsigned short, unsigned long (8, 16 and 64 bits) and their vectors and "
     "matrices `unsigned char2`, `unsigned long2x2` (CGD-11)"},
    {CgcExtension::StdintTypeNames, "stdint-type-names", "cg-types",
     "cgc's int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t are char, "
     "unsigned char, short, unsigned short, int, unsigned int, long, unsigned long (CGD-12)"},
};
// clang-format on

static_assert(std::size(kExtensions) == static_cast<size_t>(CgcExtension::kCount));

}  // namespace

std::span<const CgcExtensionInfo> cgcExtensions() {
  return kExtensions;
}

const CgcExtensionInfo& extensionInfo(CgcExtension e) {
  return kExtensions[static_cast<size_t>(e)];
}

Dialect Dialect::cgc() {
  Dialect d;
  d.name = "cgc";
  d.extensions.set();
  return d;
}

std::optional<Dialect> dialectNamed(std::string_view name) {
  if (name == "seed") return Dialect::seed();
  if (name == "cgc") return Dialect::cgc();
  return std::nullopt;
}

std::optional<std::string> glslTypeAlias(std::string_view name) {
  // cgc 3.1 (its hlslf output names each parameter's type): vecN, ivecN, bvecN, dvecN, matN,
  // matNxM, dmatN, dmatNxM for N, M in 2..4. uvecN (cgc's uintN) is unsigned-types' (CGD-9).
  auto digit = [](char c) { return c >= '2' && c <= '4'; };
  struct Prefix {
    std::string_view glsl, cg;
    bool matrix;
  };
  for (const Prefix& p : {Prefix{"vec", "float", false}, Prefix{"ivec", "int", false},
                          Prefix{"bvec", "bool", false}, Prefix{"dvec", "double", false},
                          Prefix{"mat", "float", true}, Prefix{"dmat", "double", true}}) {
    if (name.substr(0, p.glsl.size()) != p.glsl) continue;
    std::string_view rest = name.substr(p.glsl.size());
    std::string cg(p.cg);
    if (rest.size() == 1 && digit(rest[0]))
      return p.matrix ? cg + rest[0] + "x" + rest[0] : cg + rest[0];
    if (p.matrix && rest.size() == 3 && digit(rest[0]) && rest[1] == 'x' && digit(rest[2]))
      return cg + std::string(rest);
  }
  return std::nullopt;
}

std::optional<std::string> unsignedTypeAlias(std::string_view name) {
  // cgc 3.1 folds `uint a = 3; uint1 b = 4; uvec3 c = uvec3(1, 2, 3); uint2x2 m = ...` as Cg's
  // unsigned int, its vectors (1..4) and matrices (N, M in 1..4); GLSL's uvecN (N in 2..4).
  auto digit = [](char c, char lo) { return c >= lo && c <= '4'; };
  if (name == "uint") return "unsigned int";
  if (name.substr(0, 4) == "uvec" && name.size() == 5 && digit(name[4], '2'))
    return "unsigned int" + std::string(name.substr(4));
  if (name.substr(0, 4) != "uint") return std::nullopt;
  std::string_view rest = name.substr(4);
  if (rest.size() == 1 && digit(rest[0], '1')) return "unsigned int" + std::string(rest);
  if (rest.size() == 3 && digit(rest[0], '1') && rest[1] == 'x' && digit(rest[2], '1'))
    return "unsigned int" + std::string(rest);
  return std::nullopt;
}

std::optional<std::string> integerVectorAlias(std::string_view name) {
  // cgc 3.1 accepts `char2 x = (char2)1;`, `short3`, `long4`, `char2x2`, `short1x1` (the seed
  // and the reference manual name only the scalars).
  auto digit = [](char c) { return c >= '1' && c <= '4'; };
  for (std::string_view base : {"char", "short", "long"}) {
    if (name.substr(0, base.size()) != base) continue;
    std::string_view rest = name.substr(base.size());
    if ((rest.size() == 1 && digit(rest[0])) ||
        (rest.size() == 3 && digit(rest[0]) && rest[1] == 'x' && digit(rest[2])))
      return "signed " + std::string(name);
  }
  return std::nullopt;
}

std::optional<std::string> stdintTypeAlias(std::string_view name) {
  // cgc 3.1 accepts each in every profile and treats it as the type of that width:
  // `void f(int8_t x)` beside `void f(char x)` is C1013 "already defined" (CGD-12).
  static constexpr std::pair<std::string_view, std::string_view> kNames[] = {
      {"int8_t", "char"},   {"uint8_t", "unsigned char"},
      {"int16_t", "short"}, {"uint16_t", "unsigned short"},
      {"int32_t", "int"},   {"uint32_t", "unsigned int"},
      {"int64_t", "long"},  {"uint64_t", "unsigned long"}};
  for (auto [n, cg] : kNames)
    if (n == name) return std::string(cg);
  return std::nullopt;
}

std::string extensionWarning(CgcExtension e, const std::string& what) {
  const CgcExtensionInfo& info = extensionInfo(e);
  return what + " (cgc dialect, extension " + std::string(info.name) +
         "; the seed rejects it: " + std::string(info.seedRule) + ")";
}

}  // namespace plumb::cg
