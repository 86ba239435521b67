// Conversion ranks (#conversion-rank, wgsl-2022-06-07.bs l.1252-1347): the rank of every pair of
// the table's types, as the table writes it, and the representability conditions of its
// Description column.
//
// The ranks themselves are read from Checker::conversionRank (checker/wgsl/checker_impl.h), through
// CheckerTestAccess (checker_test_access.h). The same pairs are also tested through the
// public behaviour: feasibility as `const x: DEST = <expression of type SRC>;`, and the ranks'
// order through the overloads that overload resolution picks.
//
// The examples of #types-for-creation-time-constants quote other numbers than the table
// (AbstractInt -> AbstractFloat "rank 4", -> f32 "5", -> i32 "2", -> u32 "3"; inventory B1);
// Plumb follows the table, which is normative (docs/ambiguities.md S2).
// RanksAreTheTablesNotTheExamples shows it.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "check_util.h"
#include "checker_test_access.h"

namespace plumb {
namespace {

using testing::exactForm;

constexpr int X = -1;  // "infinity": not a feasible automatic conversion

// The table's scalar and abstract types, in this order in kScalarRanks.
enum Scalar { Bool, AInt, AFloat, I32, U32, F32, F16, kScalars };
const char* const kScalarNames[kScalars] = {"bool", "AbstractInt", "AbstractFloat", "i32", "u32",
                                            "f32",  "f16"};

// ConversionRank(Src row, Dest column), from the table (.bs l.1277-1347): identity 0 (row at
// l.1284), AbstractFloat -> f32 1 (l.1295), -> f16 2 (l.1300), AbstractInt -> i32 3 (l.1305),
// -> u32 4 (l.1311), -> AbstractFloat 5 (l.1317), -> f32 6 (l.1322), -> f16 7 (l.1327), and
// infinity "where above cases don't apply" (l.1342).
const int kScalarRanks[kScalars][kScalars] = {
    //  bool AInt AFloat i32 u32 f32 f16
    {0, X, X, X, X, X, X},  // bool
    {X, 0, 5, 3, 4, 6, 7},  // AbstractInt
    {X, X, 0, X, X, 1, 2},  // AbstractFloat
    {X, X, X, 0, X, X, X},  // i32
    {X, X, X, X, 0, X, X},  // u32
    {X, X, X, X, X, 0, X},  // f32
    {X, X, X, X, X, X, 0},  // f16
};

class ConversionRankTable : public ::testing::Test {
 protected:
  std::unique_ptr<testing::CheckResult> empty_ = testing::checkSource("");
  DiagnosticList diagnostics_;
  CheckOptions options_;
  Checker checker_{*empty_->checked, diagnostics_, options_};
  TypeTable& types = empty_->checked->types;

  /// ConversionRank(src, dst) as the checker computes it; X for infinity.
  int rank(Type src, Type dst) {
    int r = CheckerTestAccess::conversionRank(checker_, src, dst);
    return r >= CheckerTestAccess::kInfiniteRank ? X : r;
  }
  Type scalar(int s) {
    switch (s) {
      case Bool:
        return types.boolType();
      case AInt:
        return types.abstractInt();
      case AFloat:
        return types.abstractFloat();
      case I32:
        return types.i32();
      case U32:
        return types.u32();
      case F32:
        return types.f32();
      default:
        return types.f16();
    }
  }
  std::string pair(Type s, Type d) { return types.name(s) + " -> " + types.name(d); }
};

// #conversion-rank, table rows l.1284-1347: the 49 pairs of scalar and abstract types.
TEST_F(ConversionRankTable, EveryPairOfScalarAndAbstractTypes) {
  for (int s = 0; s < kScalars; ++s)
    for (int d = 0; d < kScalars; ++d)
      EXPECT_EQ(rank(scalar(s), scalar(d)), kScalarRanks[s][d])
          << kScalarNames[s] << " -> " << kScalarNames[d];
}

// #conversion-rank, row "conversion rank abstract vector" (l.1332-1336): vecN<S> -> vecN<T> has
// ConversionRank(S, T); vectors of different sizes fall under "where above cases don't apply".
TEST_F(ConversionRankTable, VectorsInheritTheRankOfTheirComponents) {
  for (uint8_t n = 2; n <= 4; ++n)
    for (uint8_t m = 2; m <= 4; ++m)
      for (int s = 0; s < kScalars; ++s)
        for (int d = 0; d < kScalars; ++d) {
          Type src = types.vector(n, scalar(s)), dst = types.vector(m, scalar(d));
          EXPECT_EQ(rank(src, dst), n == m ? kScalarRanks[s][d] : X) << pair(src, dst);
        }
}

// #conversion-rank: no row converts a scalar to a vector (a splat is a constructor,
// #construction-from-components) or a vector to a scalar: infinity (l.1342).
TEST_F(ConversionRankTable, ScalarsAndVectorsDoNotConvertIntoEachOther) {
  for (uint8_t n = 2; n <= 4; ++n)
    for (int s = 0; s < kScalars; ++s)
      for (int d = 0; d < kScalars; ++d) {
        Type vs = types.vector(n, scalar(s)), vd = types.vector(n, scalar(d));
        EXPECT_EQ(rank(scalar(s), vd), X) << pair(scalar(s), vd);
        EXPECT_EQ(rank(vs, scalar(d)), X) << pair(vs, scalar(d));
      }
}

// #conversion-rank, row "conversion rank abstract matrix" (l.1337-1341): matCxR<S> ->
// matCxR<T> has ConversionRank(S, T) for the matrix component types AbstractFloat, f32 and f16
// (#matrix-types); other shapes, and matrices against vectors, are infinity.
TEST_F(ConversionRankTable, MatricesInheritTheRankOfTheirComponents) {
  const int components[] = {AFloat, F32, F16};
  for (uint8_t c1 = 2; c1 <= 4; ++c1)
    for (uint8_t r1 = 2; r1 <= 4; ++r1)
      for (uint8_t c2 = 2; c2 <= 4; ++c2)
        for (uint8_t r2 = 2; r2 <= 4; ++r2)
          for (int s : components)
            for (int d : components) {
              Type src = types.matrix(c1, r1, scalar(s)), dst = types.matrix(c2, r2, scalar(d));
              EXPECT_EQ(rank(src, dst), c1 == c2 && r1 == r2 ? kScalarRanks[s][d] : X)
                  << pair(src, dst);
            }
  for (int s : components) {
    Type m = types.matrix(2, 2, scalar(s));
    for (int d = 0; d < kScalars; ++d) {
      Type v = types.vector(4, scalar(d));
      EXPECT_EQ(rank(m, v), X) << pair(m, v);
      EXPECT_EQ(rank(v, m), X) << pair(v, m);
      EXPECT_EQ(rank(m, scalar(d)), X) << pair(m, scalar(d));
    }
  }
}

// #conversion-rank, row "conversion rank from reference via load rule" (l.1289-1294):
// ref<AS,T,AM> -> T is 0 when AM is read or read_write, for every address space; a write-only
// reference cannot be loaded, and a reference converts to nothing but its store type (the Load
// Rule is not followed by a further conversion: ref<AS,i32,AM> -> u32 is infinity).
TEST_F(ConversionRankTable, ReferencesLoadWithRankZeroUnlessWriteOnly) {
  using ast::AccessMode;
  using ast::AddressSpace;
  std::vector<Type> stores = {types.boolType(),
                              types.i32(),
                              types.u32(),
                              types.f32(),
                              types.f16(),
                              types.vector(3, types.f32()),
                              types.matrix(2, 2, types.f32()),
                              types.array(types.i32(), ArrayCount::Fixed, 4)};
  std::vector<Type> others = {types.boolType(),
                              types.abstractInt(),
                              types.abstractFloat(),
                              types.i32(),
                              types.u32(),
                              types.f32(),
                              types.f16(),
                              types.vector(3, types.f16()),
                              types.matrix(2, 2, types.f16())};
  for (AddressSpace as : {AddressSpace::Function, AddressSpace::Private, AddressSpace::Workgroup,
                          AddressSpace::Uniform, AddressSpace::Storage})
    for (AccessMode am : {AccessMode::Read, AccessMode::ReadWrite, AccessMode::Write})
      for (Type t : stores) {
        Type ref = types.reference(as, t, am);
        EXPECT_EQ(rank(ref, t), am == AccessMode::Write ? X : 0) << pair(ref, t);
        EXPECT_EQ(rank(ref, ref), 0) << "identity " << types.name(ref);
        EXPECT_EQ(rank(t, ref), X) << pair(t, ref);
        EXPECT_EQ(rank(ref, types.pointer(as, t, am)), X) << pair(ref, types.pointer(as, t, am));
        for (Type u : others) {
          if (u == t) continue;
          EXPECT_EQ(rank(ref, u), X) << pair(ref, u);
        }
      }
  // A reference with another access mode is another type.
  Type rw = types.reference(AddressSpace::Storage, types.i32(), AccessMode::ReadWrite);
  Type r = types.reference(AddressSpace::Storage, types.i32(), AccessMode::Read);
  EXPECT_EQ(rank(rw, r), X);
  EXPECT_EQ(rank(r, rw), X);
}

// #conversion-rank: the table has no row for arrays, structures, atomics or pointers, so only
// the identity row applies to them (l.1284, l.1342). In particular an array of abstract
// elements does not convert to an array of concrete ones; the seed cannot even produce one
// (abstract types cannot be spelled, #types-for-creation-time-constants l.1396, and the seed has
// no element-inferring `array(...)` constructor, #construction-from-components).
TEST_F(ConversionRankTable, OtherTypesConvertOnlyToThemselves) {
  Type ai2 = types.array(types.abstractInt(), ArrayCount::Fixed, 2);
  Type af2 = types.array(types.abstractFloat(), ArrayCount::Fixed, 2);
  Type i2 = types.array(types.i32(), ArrayCount::Fixed, 2);
  Type f2 = types.array(types.f32(), ArrayCount::Fixed, 2);
  Type f3 = types.array(types.f32(), ArrayCount::Fixed, 3);
  Type fr = types.array(types.f32(), ArrayCount::Runtime, 0);
  EXPECT_EQ(rank(ai2, i2), X);
  EXPECT_EQ(rank(ai2, af2), X);
  EXPECT_EQ(rank(af2, f2), X);
  EXPECT_EQ(rank(f2, f3), X);
  EXPECT_EQ(rank(f2, fr), X);
  EXPECT_EQ(rank(i2, i2), 0);
  EXPECT_EQ(rank(fr, fr), 0);

  StructInfo a;
  a.name = "A";
  a.members.push_back(MemberInfo{"x", types.i32(), {}, 0, 0});
  StructInfo b = a;
  b.name = "B";
  Type sa = types.addStruct(a), sb = types.addStruct(b);
  EXPECT_EQ(rank(sa, sa), 0);
  EXPECT_EQ(rank(sa, sb), X) << "structures are distinct by declaration";

  Type atomic = types.atomic(types.i32());
  EXPECT_EQ(rank(atomic, atomic), 0);
  EXPECT_EQ(rank(atomic, types.i32()), X);
  Type p = types.pointer(ast::AddressSpace::Function, types.i32(), ast::AccessMode::ReadWrite);
  EXPECT_EQ(rank(p, p), 0);
  EXPECT_EQ(rank(p, types.i32()), X);
  EXPECT_EQ(rank(types.abstractInt(), types.boolType()), X);
  EXPECT_EQ(rank(types.abstractFloat(), types.i32()), X) << "no float -> integer conversion";
}

// Inventory B1: the examples of #types-for-creation-time-constants (.bs l.1409-1410,
// l.1417-1418) and of "Type inference for literals" (l.1452, l.1456-1457, l.1460) give
// AbstractInt -> AbstractFloat rank 4, -> f32 5, -> i32 2, -> u32 3. The table (l.1305-1331)
// gives 5, 6, 3 and 4, and Plumb follows the table. The examples' conclusions hold under both
// numberings because only the order of the ranks matters (#overload-resolution-section).
TEST_F(ConversionRankTable, RanksAreTheTablesNotTheExamples) {
  Type ai = types.abstractInt();
  EXPECT_EQ(rank(ai, types.abstractFloat()), 5) << "the example says 4";
  EXPECT_EQ(rank(ai, types.f32()), 6) << "the example says 5";
  EXPECT_EQ(rank(ai, types.i32()), 3) << "the example says 2";
  EXPECT_EQ(rank(ai, types.u32()), 4) << "the example says 3";
  EXPECT_EQ(rank(ai, types.f16()), 7);
  // The orders the examples rely on.
  EXPECT_LT(rank(ai, types.abstractFloat()), rank(ai, types.f32()));  // log2(32), 1 + 2.5
  EXPECT_LT(rank(ai, types.i32()), rank(ai, types.u32()));            // let some_i32 = 1;
  EXPECT_LT(rank(ai, types.u32()), rank(ai, types.f32()));
}

// ------------------------------------------------------------------ public behaviour

// Checks `enable f16;` + `source` and describes the module-scope declaration `x`: "TYPE VALUE"
// ("TYPE" alone when it has no value), or "error RULE" for the first error.
std::string declared(const std::string& source) {
  return testing::declared("enable f16;\n" + source);
}

// One expression of each scalar and abstract type, with its value in exact form.
struct Source {
  const char* text;
  const char* value;
};
const Source kSources[kScalars] = {
    {"true", "true"}, {"7", "7"},           {"2.5", "0x1.4p+1"},  {"7i", "7"},
    {"7u", "7"},      {"2.5f", "0x1.4p+1"}, {"2.5h", "0x1.4p+1"},
};
// The concrete destination types, which can be spelled.
const int kDestinations[] = {Bool, I32, U32, F32, F16};
// The value of kSources[s] converted to the destination type d, when feasible.
std::string convertedValue(int s, int d) {
  if (s == AInt && (d == F32 || d == F16)) return "0x1.cp+2";  // 7 as a float
  return kSources[s].value;
}

// #conversion-rank l.1254-1256: "a type assertion e:T ... is satisfied when e is already of
// type T, or e is of type S, and type S is automatically convertible to type T"; #var-and-value:
// "the initializer expression must evaluate to that type". Every scalar pair, through
// `const x: DEST = SRC;` (invalid exactly when the rank is infinite, rule var-and-value).
TEST(ConversionRankBehaviour, ConstDeclarationsAcceptExactlyTheFeasibleScalarConversions) {
  for (int s = 0; s < kScalars; ++s)
    for (int d : kDestinations) {
      std::string source =
          std::string("const x: ") + kScalarNames[d] + " = " + kSources[s].text + ";";
      std::string expected = kScalarRanks[s][d] == X
                                 ? "error var-and-value"
                                 : std::string(kScalarNames[d]) + " " + convertedValue(s, d);
      EXPECT_EQ(declared(source), expected) << source;
    }
}

// #conversion-rank l.1332-1336: the same for vectors, vec3<S> -> vec3<T>, and vectors of
// different sizes never convert.
TEST(ConversionRankBehaviour, ConstDeclarationsAcceptExactlyTheFeasibleVectorConversions) {
  for (int s = 0; s < kScalars; ++s)
    for (int d : kDestinations) {
      std::string e = kSources[s].text;
      std::string source = std::string("const x: vec3<") + kScalarNames[d] + "> = vec3(" + e +
                           ", " + e + ", " + e + ");";
      std::string v = convertedValue(s, d);
      std::string expected = kScalarRanks[s][d] == X ? "error var-and-value"
                                                     : std::string("vec3<") + kScalarNames[d] +
                                                           "> (" + v + ", " + v + ", " + v + ")";
      EXPECT_EQ(declared(source), expected) << source;
    }
  EXPECT_EQ(declared("const x: vec2<f32> = vec3(1.0, 2.0, 3.0);"), "error var-and-value");
  EXPECT_EQ(declared("const x: vec4<i32> = vec3(1, 2, 3);"), "error var-and-value");
  EXPECT_EQ(declared("const x: vec2<f32> = 1.0;"), "error var-and-value") << "no splat";
}

// #conversion-rank l.1337-1341: matCxR<S> -> matCxR<T>; `mat2x3(...)` of AbstractFloat
// components is a mat2x3<AbstractFloat> (#construction-from-components).
TEST(ConversionRankBehaviour, ConstDeclarationsAcceptExactlyTheFeasibleMatrixConversions) {
  const char* m = "(0x1p+0, 0x1p+1, 0x1.8p+1), (0x1p+2, 0x1.4p+2, 0x1.8p+2)";
  EXPECT_EQ(declared("const x: mat2x3<f32> = mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);"),
            std::string("mat2x3<f32> (") + m + ")");
  EXPECT_EQ(declared("const x: mat2x3<f16> = mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);"),
            std::string("mat2x3<f16> (") + m + ")");
  // AbstractInt components make an AbstractFloat matrix (rank 5 is the lowest float rank).
  EXPECT_EQ(declared("const x = mat2x3(1, 2, 3, 4, 5, 6);"),
            std::string("mat2x3<AbstractFloat> (") + m + ")");
  EXPECT_EQ(declared("const x: mat2x3<f32> = mat2x3(1, 2, 3, 4, 5, 6);"),
            std::string("mat2x3<f32> (") + m + ")");
  EXPECT_EQ(declared("const x: mat2x3<f16> = mat2x3<f32>(1, 2, 3, 4, 5, 6);"),
            "error var-and-value");
  EXPECT_EQ(declared("const x: mat2x3<f32> = mat2x3<f16>(1, 2, 3, 4, 5, 6);"),
            "error var-and-value");
  EXPECT_EQ(declared("const x: mat3x2<f32> = mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);"),
            "error var-and-value");
  EXPECT_EQ(declared("const x: mat2x2<f32> = vec4(1.0, 2.0, 3.0, 4.0);"), "error var-and-value");
}

// #conversion-rank l.1289-1294 (the Load Rule row) through declarations: a variable's
// identifier is a reference (#var-identifier-expr), converted to its store type with rank 0,
// and only to it.
TEST(ConversionRankBehaviour, ReferencesConvertToTheirStoreTypeOnly) {
  auto r = testing::checkSource(
      "var<private> p: i32;\n"
      "var<workgroup> w: vec2<f32>;\n"
      "@group(0) @binding(0) var<uniform> u: f32;\n"
      "@group(0) @binding(1) var<storage> s: u32;\n"
      "@group(0) @binding(2) var<storage, read_write> t: i32;\n"
      "fn f() {\n"
      "  var local: f32;\n"
      "  let a: i32 = p;\n"
      "  let b: vec2<f32> = w;\n"
      "  let c: f32 = u;\n"
      "  let d: u32 = s;\n"
      "  let e: i32 = t;\n"
      "  let g: f32 = local;\n"
      "}\n");
  EXPECT_TRUE(r->valid()) << r->text();
  for (const char* bad : {"let a: u32 = p;", "let a: f32 = p;", "let a: vec2<f16> = w;",
                          "let a: i32 = u;", "let a: i32 = s;", "let a: u32 = t;"}) {
    auto b = testing::checkSource(
        "enable f16;\n"
        "var<private> p: i32;\n"
        "var<workgroup> w: vec2<f32>;\n"
        "@group(0) @binding(0) var<uniform> u: f32;\n"
        "@group(0) @binding(1) var<storage> s: u32;\n"
        "@group(0) @binding(2) var<storage, read_write> t: i32;\n"
        "fn f() { " +
        std::string(bad) + " }\n");
    EXPECT_EQ(b->rules(), std::vector<std::string>{"var-and-value"}) << bad << "\n" << b->text();
  }
}

// The local declaration `name` of a checked module (function scope), or nullptr.
const ast::VariableDeclaration* findVariable(const testing::CheckResult& r, std::string_view name) {
  for (uint32_t i = 0; i < r.module->variables.size(); ++i) {
    const ast::VariableDeclaration& v = (*r.module)[ast::VariableId{i}];
    if (r.module->name(v.name) == name) return &v;
  }
  return nullptr;
}

// The identifier's own type stays the reference type: "the Load Rule is not applied"
// (checker.h, ExpressionInfo::type), so the rank-0 conversion happens where it is used.
TEST(ConversionRankBehaviour, VariableUsesAreReferences) {
  auto r = testing::checkSource(
      "@group(0) @binding(0) var<storage, read_write> t: i32;\n"
      "fn f() { let e = t + 1; }\n");
  ASSERT_TRUE(r->valid()) << r->text();
  const ast::VariableDeclaration* e = findVariable(*r, "e");
  ASSERT_NE(e, nullptr);
  const auto& sum = std::get<ast::BinaryExpression>((*r->module)[e->initializer].node);
  const TypeTable& types = r->checked->types;
  // t + 1: the reference is loaded (rank 0) and 1 converted to i32 (rank 3).
  EXPECT_EQ(types.name((*r->checked)[sum.left()].type), "ref<storage, i32, read_write>");
  EXPECT_EQ(types.name((*r->checked)[sum.right].type), "AbstractInt");
  EXPECT_EQ(types.name((*r->checked)[e->initializer].type), "i32");
}

// #conversion-rank, Description column of the AbstractInt -> i32 and -> u32 rows (l.1305-1316):
// "Identity if the value is in i32 (u32). Produces a shader-creation error otherwise." The
// error's rule is conversion-rank.
TEST(ConversionRankBehaviour, AbstractIntToI32AndU32NeedTheValueInRange) {
  EXPECT_EQ(declared("const x: i32 = 2147483647;"), "i32 2147483647");
  EXPECT_EQ(declared("const x: i32 = -2147483648;"), "i32 -2147483648");
  EXPECT_EQ(declared("const x: i32 = 2147483648;"), "error conversion-rank");
  EXPECT_EQ(declared("const x: i32 = -2147483649;"), "error conversion-rank");
  EXPECT_EQ(declared("const x: u32 = 0;"), "u32 0");
  EXPECT_EQ(declared("const x: u32 = 4294967295;"), "u32 4294967295");
  EXPECT_EQ(declared("const x: u32 = 4294967296;"), "error conversion-rank");
  EXPECT_EQ(declared("const x: u32 = -1;"), "error conversion-rank");
  // Component-wise for vectors.
  EXPECT_EQ(declared("const x: vec2<u32> = vec2(1, 4294967295);"), "vec2<u32> (1, 4294967295)");
  EXPECT_EQ(declared("const x: vec2<u32> = vec2(1, -1);"), "error conversion-rank");
  EXPECT_EQ(declared("const x: vec2<i32> = vec2(2147483648, 1);"), "error conversion-rank");
  // `let` and `var` initializers convert the same way (`let` infers i32, the lowest rank).
  auto r = testing::checkSource("fn f() { let a = 2147483648; }");
  EXPECT_EQ(r->rules(), std::vector<std::string>{"conversion-rank"}) << r->text();
  r = testing::checkSource("fn f() { var a: u32 = -1; }");
  EXPECT_EQ(r->rules(), std::vector<std::string>{"conversion-rank"}) << r->text();
}

// #conversion-rank, AbstractInt -> AbstractFloat, f32, f16 (l.1317-1331) and AbstractFloat ->
// f32, f16 (l.1295-1304): "See #floating-point-conversion". A value between two adjacent
// finite values becomes one of them (Plumb: the nearest, ties to even; .bs l.8900-8904 allows
// either); a value beyond the finite range of the destination is a shader-creation error
// because the source is abstract (l.8905-8906), rule floating-point-conversion.
// AbstractInt -> f32 "behaves as AbstractInt to AbstractFloat, and then AbstractFloat to f32"
// (l.1325): two roundings.
TEST(ConversionRankBehaviour, AbstractToFloatFollowsFloatingPointConversion) {
  EXPECT_EQ(declared("const x: f32 = 16777216;"), "f32 0x1p+24");
  EXPECT_EQ(declared("const x: f32 = 16777217;"), "f32 0x1p+24");  // or 0x1.000002p+24
  EXPECT_EQ(declared("const x: f32 = 9223372036854775807;"), "f32 0x1p+63");
  EXPECT_EQ(declared("const x: f16 = 2049;"), "f16 0x1p+11");  // or 0x1.004p+11
  EXPECT_EQ(declared("const x: f16 = 65504;"), "f16 0x1.ffcp+15");
  EXPECT_EQ(declared("const x: f16 = 65505;"), "error floating-point-conversion");
  EXPECT_EQ(declared("const x: f16 = -65505;"), "error floating-point-conversion");
  EXPECT_EQ(declared("const x: f16 = 65504.0;"), "f16 0x1.ffcp+15");
  EXPECT_EQ(declared("const x: f16 = 65504.5;"), "error floating-point-conversion");
  EXPECT_EQ(declared("const x: f32 = 0x1.fffffep127;"), "f32 0x1.fffffep+127");
  EXPECT_EQ(declared("const x: f32 = 0x1.ffffffp127;"), "error floating-point-conversion");
  EXPECT_EQ(declared("const x: f32 = -0x1p128;"), "error floating-point-conversion");
  EXPECT_EQ(declared("const x: f32 = 0x1p-149;"), "f32 0x1p-149");    // smallest subnormal
  EXPECT_EQ(declared("const x: f32 = 0x1.8p-149;"), "f32 0x1p-148");  // a tie, to even
  EXPECT_EQ(declared("const x: f32 = 0x1p-151;"), "f32 0x0p+0");      // below half of it
  EXPECT_EQ(declared("const x: f16 = 0x1p-24;"), "f16 0x1p-24");      // smallest f16 subnormal
  EXPECT_EQ(declared("const x: f32 = 0.1;"), "f32 0x1.99999ap-4");
  // AbstractInt -> AbstractFloat: exact up to 2^53, then one of the two neighbours.
  EXPECT_EQ(declared("const x = 9007199254740993 * 1.0;"), "AbstractFloat 0x1p+53");
  // 2^60 + 2^36 + 1 rounds to the AbstractFloat 2^60 + 2^36 (an f32 tie), then to the f32
  // 2^60; rounded once, it would be 0x1.000002p+60 (both are allowed).
  EXPECT_EQ(declared("const x: f32 = 1152921573326323713;"), "f32 0x1p+60");
}

// The order of the ranks, observed through overload resolution (#overload-resolution-section
// picks the candidate whose conversions have the lowest ranks).
TEST(ConversionRankBehaviour, OverloadChoicesRevealTheOrderOfTheRanks) {
  // AbstractInt -> i32 (3) before -> u32 (4): countOneBits has only i32 and u32 overloads
  // (#integer-builtin-functions), and `e1 << e2` with a u32 count only concrete ones.
  EXPECT_EQ(declared("const x = countOneBits(7);"), "i32 3");
  EXPECT_EQ(declared("const x = 1 << 2u;"), "i32 4");
  // AbstractInt -> AbstractFloat (5) before -> f32 (6): log2 has no integer overload.
  EXPECT_EQ(declared("const x = log2(32);"), "AbstractFloat 0x1.4p+2");
  // AbstractInt -> f32 (6) before -> f16 (7), and AbstractFloat -> f32 (1) before -> f16 (2):
  // the seed's frexp has f32 and f16 overloads only (#float-builtin-functions).
  EXPECT_EQ(declared("const x = frexp(1);"), "__frexp_result (0x1p-1, 1)");
  EXPECT_EQ(declared("const x = frexp(1.5);"), "__frexp_result (0x1.8p-1, 1)");
  // AbstractFloat -> f32 (1) before -> f16 (2) in a conversion expression: i32(e) has the
  // conversion forms from f32 and from f16 (#conversion-expr).
  EXPECT_EQ(declared("const x = i32(2.75);"), "i32 2");
  // The Load Rule has rank 0: `p + 1` is i32 + i32 (ranks 0 and 3), not a conversion of p.
  auto r =
      testing::checkSource("var<private> p: u32;\nfn f() { let a = p + 1; let b = max(p, 2); }");
  EXPECT_TRUE(r->valid()) << r->text();
}

// The AbstractInt -> i32 conversion wins in a conversion expression too: `f32(e)` has the
// identity form (e: f32, #construction-from-components) and the conversion forms from i32,
// u32 and f16 (#conversion-expr); for an AbstractInt argument the ranks are 6, 3, 4 and 7, so
// the argument becomes an i32 first, and must be in the i32 range (#conversion-rank l.1305-1310).
TEST(ConversionRankBehaviour, ConversionExpressionsChooseTheLowestRankForm) {
  EXPECT_EQ(declared("const x = f32(7);"), "f32 0x1.cp+2");
  EXPECT_EQ(declared("const x = f32(2147483647);"), "f32 0x1p+31");
  EXPECT_EQ(declared("const x = f32(2147483648);"), "error conversion-rank");
  // u32(e) has a conversion form from AbstractInt itself (rank 0).
  EXPECT_EQ(declared("const x = u32(4294967295);"), "u32 4294967295");
  // bool(e): from i32 (rank 3) before u32 (4), f32 (6), f16 (7).
  EXPECT_EQ(declared("const x = bool(2147483647);"), "bool true");
  EXPECT_EQ(declared("const x = bool(2147483648);"), "error conversion-rank");
}

}  // namespace
}  // namespace plumb
