// cgc's dialect (semantics/cg/dialect.h, docs/cg.md "The cgc dialect"): each extension accepts,
// with a warning naming the seed's rule, a program the seed's reading rejects by that rule; and
// only that program: the seed's neighbours of each stay as they were.
#include "semantics/cg/dialect.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/checker/cg/cg_check_util.h"

namespace plumb::cg {
namespace {

using testing::checkText;
using testing::verdict;

// The seed rejects `text` by the extension's seed rule; the cgc dialect accepts it with a
// warning by the same rule whose message names the extension.
// `seedRule`: the rule of the seed's first error when it is not the extension's (a syntax
// error where the extension departs from the seed's words).
void expectExtension(CgcExtension e, const std::string& text,
                     const std::string& profile = "generic", const std::string& entry = "",
                     std::string seedRule = "") {
  const CgcExtensionInfo& info = extensionInfo(e);
  auto seed = checkText(text, profile, entry);
  EXPECT_FALSE(seed.ok) << info.name << "\n" << text;
  if (seedRule.empty()) seedRule = info.seedRule;
  EXPECT_EQ(seed.rule, seedRule) << info.name << ": " << seed.message;
  SourceFile f("t.cg", text);
  DiagnosticList d;
  ParseOptions parse;
  parse.lex.dialect = Dialect::cgc();
  auto p = parseProgram(f, d, parse);
  ASSERT_TRUE(p.has_value()) << info.name;
  CheckOptions options{profile, entry};
  options.dialect = Dialect::cgc();
  EXPECT_TRUE(checkProgram(*p, f, d, options).has_value()) << info.name << "\n" << text;
  bool named = std::any_of(d.all().begin(), d.all().end(), [&](const Diagnostic& x) {
    return x.severity == Severity::Warning && x.rule == info.seedRule &&
           x.message.find("extension " + std::string(info.name)) != std::string::npos;
  });
  EXPECT_TRUE(named) << info.name << ": no warning naming it";
  for (const Diagnostic& x : d.all())
    EXPECT_NE(x.severity, Severity::Error) << info.name << ": " << x.message;
}

TEST(CgDialect, EveryExtensionIsListedOnceWithItsSeedRule) {
  ASSERT_EQ(cgcExtensions().size(), static_cast<size_t>(CgcExtension::kCount));
  for (size_t i = 0; i < cgcExtensions().size(); ++i) {
    EXPECT_EQ(static_cast<size_t>(cgcExtensions()[i].id), i);
    EXPECT_EQ(cgcExtensions()[i].seedRule.substr(0, 3), "cg-");
    EXPECT_TRUE(Dialect::cgc().allows(cgcExtensions()[i].id));
    EXPECT_FALSE(Dialect::seed().allows(cgcExtensions()[i].id));
  }
  EXPECT_EQ(dialectNamed("cgc")->name, "cgc");
  EXPECT_EQ(dialectNamed("seed")->name, "seed");
  EXPECT_FALSE(dialectNamed("glsl").has_value());
}

TEST(CgDialect, GlslTypeNamesAreCgTypes) {
  EXPECT_EQ(glslTypeAlias("vec3"), "float3");
  EXPECT_EQ(glslTypeAlias("ivec2"), "int2");
  EXPECT_EQ(glslTypeAlias("bvec4"), "bool4");
  EXPECT_EQ(glslTypeAlias("dvec2"), "double2");
  EXPECT_EQ(glslTypeAlias("mat4"), "float4x4");
  EXPECT_EQ(glslTypeAlias("mat2x3"), "float2x3");  // cgc keeps the digits in Cg's order
  EXPECT_EQ(glslTypeAlias("dmat3"), "double3x3");
  for (const char* no : {"vec1", "vec5", "uvec2", "mat", "mat2x", "mat1x2", "vector", "matrix"})
    EXPECT_FALSE(glslTypeAlias(no).has_value()) << no;
  expectExtension(CgcExtension::GlslTypeNames,
                  "float4 f(vec3 v) { mat3 m = mat3(1); vec3 w = mul(m, v); return vec4(w, 1); }");
  // The alias is the Cg type: a vec2 does not initialise a vec3.
  EXPECT_EQ(
      verdict("float f() { vec3 v = float2(1, 2); return v.x; }", "generic", "", Dialect::cgc()),
      "cg-type-conversions");
}

TEST(CgDialect, GlslFunctionsAreLibraryFunctions) {
  expectExtension(CgcExtension::GlslFunctions,
                  "float4 f(float4 a, float4 b) { return fract(a) + mod(a, b) + mix(a, b, 0.5) + "
                  "inversesqrt(b); }");
  // GLSL's texel fetches, in the profiles with texel fetches only (cgc: gp4fp, gp5fp accept,
  // arbfp1 and fp40 find no overload).
  const char* fetch =
      "float4 main(uniform sampler2D s, float2 uv : TEXCOORD0) : COLOR { int2 c = int2(uv); "
      "return texelFetch(s, c, 0) + texelFetchOffset(s, c, 0, int2(1, 0)); }";
  expectExtension(CgcExtension::GlslFunctions, fetch, "gp5fp", "main");
  EXPECT_EQ(verdict(fetch, "fp40", "main", Dialect::cgc()),
            "cg-overloading-of-functions-by-profile");
  // Their shapes are Cg's: mod of a float3 and a float2 is no overload.
  EXPECT_EQ(
      verdict("float3 f(float3 a, float2 b) { return mod(a, b); }", "generic", "", Dialect::cgc()),
      "cg-function-overloading");
  // A user function of the name is the user's, without the warning.
  auto own = checkText(
      "float fract(float x) { return x; } float2 fract(float2 x) { return x; } "
      "float f() { return fract(1.5) + fract(float2(1, 2)).x; }",
      "generic", "", Dialect::cgc());
  EXPECT_TRUE(own.ok);
  EXPECT_TRUE(own.warnings.empty());
}

TEST(CgDialect, GlslArrayConstructorsAreInitializerLists) {
  expectExtension(CgcExtension::GlslArrayConstructors,
                  "float f(int i) { float w[3] = float[](0.25, 0.5, 0.25); "
                  "const float v[] = float[3](1.0, 2.0, 3.0); return w[i] + v[i]; }",
                  "generic", "", "cg-reserved-words");  // `float` as an expression
  expectExtension(CgcExtension::GlslArrayConstructors,
                  "float2 f(int i) { float2 w[2] = float2[](float2(1, 2), float2(3, 4)); "
                  "return w[i]; }");
  // The elements convert as an initializer list's: too many is still an error.
  EXPECT_NE(verdict("float f() { float w[2] = float[](1, 2, 3); return w[0]; }", "generic", "",
                    Dialect::cgc())
                .substr(0, 2),
            "ok");
}

TEST(CgDialect, GlslArrayConstructorsOutsideInitializers) {
  // cgc 3.1 also takes `T[](...)` as an array value: assigned, an argument, subscripted (it
  // folds the program below to 2, 5, 9).
  const char* p =
      "float pick(float a[3], int i) { return a[i]; }\n"
      "float4 f() { float w[3]; w = float[](1.0, 2.0, 3.0);\n"
      "  float x = float[3](4.0, 5.0, 6.0)[1];\n"
      "  return float4(w[1], x, pick(float[](7.0, 8.0, 9.0), 2), 0); }";
  expectExtension(CgcExtension::GlslArrayConstructors, p, "generic", "", "cg-reserved-words");
  // The size written must be the arguments' count; the arguments convert to the element type.
  EXPECT_EQ(verdict("float f() { return float[2](1, 2, 3)[0]; }", "generic", "", Dialect::cgc()),
            "cg-types");
  EXPECT_EQ(
      verdict("float f(sampler2D s) { return float[](1, s)[0]; }", "generic", "", Dialect::cgc()),
      "cg-type-conversions");
  // An array value of the wrong size is no argument of a float[3] parameter.
  EXPECT_NE(verdict("float g(float a[3]) { return a[0]; } float f() { return g(float[](1, 2)); }",
                    "generic", "", Dialect::cgc())
                .substr(0, 2),
            "ok");
}

TEST(CgDialect, UnsignedTypes) {
  // cgc 3.1's uint, uintN, uintNxM and GLSL's uvecN: unsigned int and its vectors and matrices
  // (cgc folds the program below to float4(3, 4, 3, 4)).
  EXPECT_EQ(unsignedTypeAlias("uint"), "unsigned int");
  EXPECT_EQ(unsignedTypeAlias("uint1"), "unsigned int1");
  EXPECT_EQ(unsignedTypeAlias("uvec3"), "unsigned int3");
  EXPECT_EQ(unsignedTypeAlias("uint2x3"), "unsigned int2x3");
  for (const char* no : {"uvec1", "uvec5", "uint0", "uint5", "uint2x", "uint2x5", "uints", "unit"})
    EXPECT_FALSE(unsignedTypeAlias(no).has_value()) << no;
  const char* p =
      "float4 f() { uint a = 3; uint1 b = 4; uvec3 c = uvec3(1, 2, 3);\n"
      "  uint2 d = uint2(7, 8) / 2u; return float4(a, b, c.z, d.y); }";
  expectExtension(CgcExtension::UnsignedTypes, p);
  // The names are types only in the dialect: in the seed's, `uint2` is an unknown name.
  EXPECT_EQ(verdict("float f() { uint2 v = 1; return v.x; }"), "cg-types");
  // `unsigned int` keeps its seed meaning, and has no vector spelling of its own.
  EXPECT_EQ(verdict("unsigned int f() { unsigned int v = 1; return v; }"), "ok");
}

TEST(CgDialect, IntegerVectorNames) {
  // cgc 3.1's charN, shortN, longN and their matrices (`char2 x = (char2)1;` compiles in gp5fp;
  // the seed and the reference manual name only the scalars).
  EXPECT_EQ(integerVectorAlias("char2"), "signed char2");
  EXPECT_EQ(integerVectorAlias("short1x1"), "signed short1x1");
  EXPECT_EQ(integerVectorAlias("long4"), "signed long4");
  for (const char* no : {"char", "char0", "char5", "short2x", "long2x5", "chars", "longer"})
    EXPECT_FALSE(integerVectorAlias(no).has_value()) << no;
  const char* p =
      "float4 f() { char2 a = char2(1, 2); short3 b = short3(3, 4, 5); long4 c = (long4)6;\n"
      "  char2x2 m = char2x2(1, 2, 3, 4); return float4(a.y, b.z, c.w, m[1][0]); }";
  expectExtension(CgcExtension::IntegerVectorNames, p);
  EXPECT_EQ(verdict("float f() { short2 v = 1; return v.x; }"), "cg-types");
}

TEST(CgDialect, UnsignedIntegerWidths) {
  // Cg 3.1's unsigned char, unsigned short, unsigned long and their vectors and matrices
  // (cgc 3.1 compiles each in every profile; CGD-11). The seed has unsigned int only.
  for (const char* t : {"unsigned char", "unsigned short", "unsigned long", "unsigned char2",
                        "unsigned short3", "unsigned long4", "unsigned char2x2"}) {
    std::string p = std::string("float f() { ") + t + " x = (" + t + ")1; return 1; }";
    expectExtension(CgcExtension::UnsignedIntegerWidths, p);
  }
  // Their neighbours: unsigned int (and the manual's unsigned int4) stay the seed's; an
  // unsigned float is no type in either dialect.
  EXPECT_EQ(verdict("float f() { unsigned int x = 1; return 1; }"), "ok");
  EXPECT_NE(verdict("float f() { unsigned float x = 1; return 1; }", "generic", "", Dialect::cgc())
                .substr(0, 2),
            "ok");
  // They are distinct types: overloads on char and unsigned char coexist.
  EXPECT_EQ(verdict("float f(char x) { return 1; } float f(unsigned char x) { return 2; }\n"
                    "float g() { return f((unsigned char)1) + f((char)1); }",
                    "generic", "", Dialect::cgc()),
            "ok+warning");
}

TEST(CgDialect, OverloadsOnTheUnsignedWidths) {
  // cgc 3.1 ranks no integer promotion (CGO-8, C6): each of these is its C1101 ambiguity, and
  // Plumb's step 5B, whose promotions go to a larger integer type, finds two candidates too.
  auto call = [](const std::string& a, const std::string& b, const std::string& arg) {
    return verdict("float f(" + a + " x) { return 1; } float f(" + b + " x) { return 2; }\n" +
                       "float g(" + arg + " a) { return f(a); }",
                   "generic", "", Dialect::cgc());
  };
  EXPECT_EQ(call("int", "unsigned int", "unsigned char"), "cg-function-overloading");
  EXPECT_EQ(call("char", "unsigned char", "int"), "cg-function-overloading");
  EXPECT_EQ(call("short", "unsigned short", "unsigned char"), "cg-function-overloading");
  EXPECT_EQ(call("unsigned char", "float", "unsigned short"), "cg-function-overloading");
  // An exact match wins.
  EXPECT_EQ(call("unsigned char", "char", "unsigned char"), "ok+warning");
}

TEST(CgDialect, StdintTypeNames) {
  // cgc 3.1's int8_t ... uint64_t: the integer types of those widths (CGD-12).
  EXPECT_EQ(stdintTypeAlias("int8_t"), "char");
  EXPECT_EQ(stdintTypeAlias("uint16_t"), "unsigned short");
  EXPECT_EQ(stdintTypeAlias("int32_t"), "int");
  EXPECT_EQ(stdintTypeAlias("uint64_t"), "unsigned long");
  for (const char* no : {"int8", "int64_t2", "uint128_t", "intptr_t", "size_t"})
    EXPECT_FALSE(stdintTypeAlias(no).has_value()) << no;
  expectExtension(CgcExtension::StdintTypeNames,
                  "float f() { int64_t a = 1; uint32_t b = 2u; int16_t c = 3; return a + b + c; }");
  // The same types, not new ones: f(int8_t) and f(char) are one function defined twice, as
  // cgc's C1013 "already defined" has it.
  EXPECT_NE(verdict("float f(int8_t x) { return 1; } float f(char x) { return 2; }", "generic", "",
                    Dialect::cgc())
                .substr(0, 2),
            "ok");
  EXPECT_EQ(verdict("float f(int64_t x) { return 1; } float f(int x) { return 2; }", "generic", "",
                    Dialect::cgc()),
            "ok+warning");
}

TEST(CgDialect, UnsignedVectorsSpelledWithUnsigned) {
  // The reference manual's `unsigned int4` (the usampler lookups' result), in both dialects.
  // (The return's conversion to float warns: "ok+warning".)
  EXPECT_EQ(verdict("float f() { unsigned int4 v = (unsigned int4)4; return v.w; }").substr(0, 2),
            "ok");
  EXPECT_EQ(verdict("float f() { unsigned int2x2 m = 1; return m[1][1]; }").substr(0, 2), "ok");
  EXPECT_EQ(verdict("float f() { unsigned float4 v = 1; return v.x; }").substr(0, 2) == "ok",
            false);
}

TEST(CgDialect, SamplerAsAName) {
  expectExtension(CgcExtension::SamplerAsName,
                  "float4 f(uniform sampler2D sampler, float2 uv) { return tex2D(sampler, uv); }",
                  "arbfp1", "", "cg-statements-and-expressions");  // a type where a name goes
  // Before a name it is still the seed's type.
  EXPECT_EQ(verdict("float f(uniform sampler s) { return 1; }", "generic", "", Dialect::cgc()),
            "ok");
}

TEST(CgDialect, MismatchedVectorSizesTruncateTheLarger) {
  expectExtension(CgcExtension::MismatchedVectorSizes,
                  "float2 f(float2 a, float3 b) { return a + b; }");
  // The result is the smaller vector: it does not initialise a float3.
  EXPECT_EQ(verdict("float3 f(float2 a, float3 b) { float3 c = a * b; return c; }", "generic", "",
                    Dialect::cgc()),
            "cg-type-conversions");
  // Matrices of different sizes stay an error.
  EXPECT_EQ(verdict("float2x2 f(float2x2 a, float3x3 b) { return a + b; }", "generic", "",
                    Dialect::cgc()),
            "cg-operator-enhancements");
}

TEST(CgDialect, UnresolvedNamesInUnreachedFunctions) {
  const char* p =
      "float unused() { return undeclared_x + undeclared_f(1.0); }\n"
      "float4 main() : COLOR { return 1; }";
  expectExtension(CgcExtension::UnresolvedUnreachedNames, p, "arbfp1", "main");
  // In a function the entry reaches, an undeclared name is an error in both dialects.
  EXPECT_EQ(
      verdict("float4 main() : COLOR { return undeclared_x; }", "arbfp1", "main", Dialect::cgc()),
      "cg-namespaces");
}

TEST(CgDialect, IdenticalStructRedefinition) {
  const char* same =
      "struct input { float2 a; float b : TEXCOORD0; };\n"
      "struct input { float2 a; float b : TEXCOORD0; };\n"
      "float4 main(uniform input IN) : COLOR { return float4(IN.a, IN.b, 1); }";
  expectExtension(CgcExtension::IdenticalStructRedefinition, same, "arbfp1", "main");
  // Another semantic is the same structure too (cgc binds the first definition's).
  auto semantic = checkText(
      "struct input { float2 a : TEXCOORD0; };\nstruct input { float2 a : TEXCOORD1; };\n"
      "float4 main(input IN) : COLOR { return IN.a.xyxy; }",
      "arbfp1", "main", Dialect::cgc());
  ASSERT_TRUE(semantic.ok);
  EXPECT_EQ(semantic.checked->inputs.at(0).semantic, "TEXCOORD0");
  // Other members (cgc: C1047 "struct previously defined"), another type, another order: an
  // error in both dialects.
  for (const char* other :
       {"struct input { float3 a; };", "struct input { float2 a; half b; };",
        "struct input { float b; float2 a; };", "struct input { float2 a; float b; float c; };"}) {
    std::string p = std::string("struct input { float2 a; float b : TEXCOORD0; };\n") + other +
                    "\nfloat4 main() : COLOR { return 1; }";
    EXPECT_EQ(verdict(p, "arbfp1", "main", Dialect::cgc()), "cg-struct-and-interface-types")
        << other;
  }
}

TEST(CgDialect, UnresolvedNamesInDeadBranches) {
  // cgc 3.1 accepts `if (false) { return undeclared_x; }` and the same under a `static const
  // bool` that is false, and rejects it (C1008) under a uniform condition (CGD-8).
  expectExtension(CgcExtension::UnresolvedDeadBranchNames,
                  "static const bool use = false;\n"
                  "float4 main() : COLOR { if (use) { return undeclared_x.texture; } "
                  "if (!use) { return 1; } else { return undeclared_f(2); } }",
                  "arbfp1", "main");
  expectExtension(CgcExtension::UnresolvedDeadBranchNames,
                  "float4 main() : COLOR { if (0) return undeclared_x; return 1; }", "arbfp1",
                  "main");
  EXPECT_EQ(verdict("float4 main(uniform float k) : COLOR { if (k > 0) { return undeclared_x; } "
                    "return 1; }",
                    "arbfp1", "main", Dialect::cgc()),
            "cg-namespaces");
  // The branch taken is resolved.
  EXPECT_EQ(verdict("float4 main() : COLOR { if (true) { return undeclared_x; } return 1; }",
                    "arbfp1", "main", Dialect::cgc()),
            "cg-namespaces");
}

}  // namespace
}  // namespace plumb::cg
