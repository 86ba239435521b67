// The cgc dialect's extensions (dialect.h; docs/cg.md "The cgc dialect", docs/ambiguities.md
// CGD-1 to CGD-8 with cgc's evidence).
#include "semantics/cg/dialect.h"

#include <iterator>

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
  // matNxM, dmatN, dmatNxM for N, M in 2..4. uvecN (cgc's uintN) has no Cg 2.0 type.
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

std::string extensionWarning(CgcExtension e, const std::string& what) {
  const CgcExtensionInfo& info = extensionInfo(e);
  return what + " (cgc dialect, extension " + std::string(info.name) +
         "; the seed rejects it: " + std::string(info.seedRule) + ")";
}

}  // namespace plumb::cg
