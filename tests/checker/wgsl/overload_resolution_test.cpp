// Overload resolution (#overload-resolution-section, wgsl-2022-06-07.bs l.1349-1381) step by
// step, the examples that illustrate it in #types-for-creation-time-constants (l.1405-1432;
// the section itself says "TODO: Examples", l.1381), concretization of abstract arguments, and
// the errors when no overload matches.
//
// The procedure (l.1356-1379):
//   1. candidates are the type rules whose preconditions hold, directly or through feasible
//      automatic conversions; C.R(i) is the conversion rank of the i'th subexpression;
//   2. C1 is preferred over C2 if C1.R(i) <= C2.R(i) at every position and < at one;
//   3. resolution succeeds if a single candidate is preferred over all the others.
// The seed compares rank vectors position by position: it does not sum ranks (nor does the
// checker; docs/ambiguities.md S2).
//
// ExhaustiveCheckAgainstTheSeedsProcedure runs the checker's Checker::selectOverload on every
// operator and built-in function for every combination of up to three argument types from a
// set of scalar, abstract, vector, matrix and reference types, and compares its choice with the
// procedure above computed independently. Checker::selectOverload and Checker::conversionRank
// are reached through CheckerTestAccess (checker_test_access.h).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "check_util.h"
#include "checker_test_access.h"
#include "semantics/wgsl/parser.h"

namespace plumb {
namespace {

using testing::exactForm;

// ------------------------------------------------------------------ helpers

// `plumb eval EXPRESSION` (with f16 enabled if asked): "TYPE VALUE", or "error RULE".
std::string Eval(const std::string& expression, bool f16 = false) {
  CheckOptions options;
  options.enableF16 = f16;
  return testing::evaluate(expression, options);
}

using testing::declared;
using testing::localType;

// ------------------------------------------------------------------ exhaustive comparison

// #overload-resolution-section l.1356-1379, computed independently of the checker's
// selectOverload: the feasible candidates with their rank vectors, and the single candidate
// preferred over every other one, if there is one.
struct Expected {
  size_t feasible = 0;
  const Overload* winner = nullptr;  // null: none (no candidate, or no single preferred one)
};

TEST(OverloadResolution, ExhaustiveCheckAgainstTheSeedsProcedure) {
  auto empty = testing::checkSource("");
  DiagnosticList diagnostics(size_t{1} << 30);
  CheckOptions options;
  Checker checker(*empty->checked, diagnostics, options);
  TypeTable& types = empty->checked->types;
  const OverloadTable& table = empty->checked->overloads;
  const int infinity = CheckerTestAccess::kInfiniteRank;
  auto rank = [&](Type s, Type d) { return CheckerTestAccess::conversionRank(checker, s, d); };

  std::vector<Type> args = {types.boolType(), types.abstractInt(), types.abstractFloat(),
                            types.i32(),      types.u32(),         types.f32(),
                            types.f16()};
  for (size_t i = 0, n = args.size(); i < n; ++i) args.push_back(types.vector(2, args[i]));
  args.push_back(types.matrix(2, 2, types.abstractFloat()));
  args.push_back(types.matrix(2, 2, types.f32()));
  args.push_back(
      types.reference(ast::AddressSpace::Function, types.i32(), ast::AccessMode::ReadWrite));
  args.push_back(types.reference(ast::AddressSpace::Private, types.vector(2, types.f32()),
                                 ast::AccessMode::ReadWrite));

  // The checker's table is expanded on demand (its `all()` is empty): every row's name.
  std::set<std::tuple<OverloadKind, std::string, size_t>> names;
  for (const OverloadRow& row : overloadRows())
    for (const Overload& o : table.candidates(row.kind, row.name))
      if (o.parameters.size() <= 3)
        names.insert({o.row->kind, std::string(o.row->name), o.parameters.size()});

  auto expect = [&](OverloadKind kind, const std::string& name, const std::vector<Type>& call) {
    struct Candidate {
      const Overload* overload;
      std::vector<int> ranks;
    };
    std::vector<Candidate> feasible;
    for (const Overload& o : table.candidates(kind, name)) {
      if (o.parameters.size() != call.size()) continue;
      Candidate c{&o, {}};
      Bindings bindings;
      bool ok = true;
      for (size_t i = 0; i < call.size() && ok; ++i) {
        const TypePattern& p = o.parameters[i];
        int r = p.concrete() ? rank(call[i], p.type)
                             : (matchPattern(types, p, call[i], bindings) ? 0 : infinity);
        ok = r < infinity;
        c.ranks.push_back(r);
      }
      if (ok) feasible.push_back(std::move(c));
    }
    auto preferred = [](const Candidate& a, const Candidate& b) {
      bool strictly = false;
      for (size_t i = 0; i < a.ranks.size(); ++i) {
        if (a.ranks[i] > b.ranks[i]) return false;
        strictly = strictly || a.ranks[i] < b.ranks[i];
      }
      return strictly;
    };
    Expected e;
    e.feasible = feasible.size();
    for (const Candidate& a : feasible) {
      bool overAll = true;
      for (const Candidate& b : feasible) overAll = overAll && (&a == &b || preferred(a, b));
      if (overAll) e.winner = a.overload;
    }
    return e;
  };

  size_t calls = 0, resolved = 0, noCandidate = 0, ambiguous = 0;
  for (const auto& [kind, name, arity] : names) {
    std::vector<size_t> index(arity, 0);
    while (true) {
      std::vector<Type> call;
      std::vector<Operand> operands;
      for (size_t i : index) {
        call.push_back(args[i]);
        operands.push_back(
            Operand{ast::ExpressionId{}, args[i], EvaluationStage::Runtime, nullptr, Span{}});
      }
      Expected e = expect(kind, name, call);
      size_t before = diagnostics.all().size();
      // Each call at its own place: messages show operands as values (a reference as its store
      // type), so a call on ref<function, i32> and one on i32 read alike, and the diagnostic
      // list drops the same message at the same place as a repetition.
      Span at{static_cast<uint32_t>(calls), static_cast<uint32_t>(calls + 1)};
      auto got =
          CheckerTestAccess::selectOverload(checker, kind, name, operands, at, "no-candidate");
      std::string description = name + "(";
      for (size_t i = 0; i < call.size(); ++i) description += (i ? ", " : "") + types.name(call[i]);
      description += ")";
      ++calls;
      if (e.winner) {
        ++resolved;
        ASSERT_TRUE(got.has_value()) << description;
        EXPECT_EQ(got->overload, e.winner) << description;
        EXPECT_EQ(diagnostics.all().size(), before) << description;
      } else {
        ASSERT_FALSE(got.has_value()) << description;
        ASSERT_EQ(diagnostics.all().size(), before + 1) << description;
        // No candidate: the caller's rule; several but none preferred over all the others:
        // "Otherwise, overload resolution fails" (l.1379), rule overload-resolution-section.
        EXPECT_EQ(diagnostics.all().back().rule,
                  e.feasible == 0 ? "no-candidate" : "overload-resolution-section")
            << description;
        ++(e.feasible == 0 ? noCandidate : ambiguous);
      }
      size_t k = 0;
      while (k < arity && ++index[k] == args.size()) index[k++] = 0;
      if (k == arity) break;
    }
  }
  EXPECT_GT(resolved, 2000u);
  EXPECT_GT(noCandidate, 10000u);
  // In the seed's table every family of overloads ranks its candidates the same way at every
  // position (AbstractInt: AbstractInt < i32 < u32 < AbstractFloat < f32 < f16; AbstractFloat:
  // AbstractFloat < f32 < f16), so no call of these argument types is ambiguous: the
  // "overload-resolution-section" error cannot be produced by operators or built-in functions.
  EXPECT_EQ(ambiguous, 0u);
  RecordProperty("calls", static_cast<int>(calls));
}

// ------------------------------------------------------------------ step 1: candidates

// Step 1 (l.1356-1362, l.1366-1370): only candidates whose preconditions hold through feasible
// automatic conversions take part. With none, the expression is invalid; the error names the
// section of the operator or function (#arithmetic-expr, #bit-expr, #comparison-expr,
// #logical-expr, #builtin-functions, #construction-from-components).
TEST(OverloadResolution, NoFeasibleCandidateIsAnErrorOfTheOperatorsSection) {
  EXPECT_EQ(Eval("1u + 2.5"), "error arithmetic-expr");
  EXPECT_EQ(Eval("-1u"), "error arithmetic-expr");
  EXPECT_EQ(Eval("vec2(1.5, 2.5) * 2u"), "error arithmetic-expr");
  EXPECT_EQ(Eval("vec2<f32>(1.0) + vec3<f32>(1.0)"), "error arithmetic-expr");
  EXPECT_EQ(Eval("1i + 1u"), "error arithmetic-expr");
  EXPECT_EQ(Eval("1.0 << 1u"), "error bit-expr");
  EXPECT_EQ(Eval("~1.0"), "error bit-expr");
  EXPECT_EQ(Eval("1 < true"), "error comparison-expr");
  EXPECT_EQ(Eval("!1"), "error logical-expr");
  EXPECT_EQ(Eval("true && 1"), "error logical-expr");
  EXPECT_EQ(Eval("clamp(1u, 0, 1i)"), "error builtin-functions");
  EXPECT_EQ(Eval("countOneBits(1.0)"), "error builtin-functions");
  EXPECT_EQ(Eval("min(1)"), "error builtin-functions") << "arity";
  EXPECT_EQ(Eval("vec2<f32>(true)"), "error construction-from-components");
}

// Step 1 uses types only: the candidate is chosen first, and a value that its conversion cannot
// represent is an error of the conversion (#conversion-rank l.1308-1315), not "no overload".
TEST(OverloadResolution, CandidatesAreChosenByTypeThenValuesAreConverted) {
  EXPECT_EQ(Eval("1u + 4294967295"), "u32 0");
  EXPECT_EQ(Eval("1u + 4294967296"), "error conversion-rank");
  EXPECT_EQ(Eval("1i + 3000000000"), "error conversion-rank");
  EXPECT_EQ(Eval("max(1u, -1)"), "error conversion-rank");
  EXPECT_EQ(Eval("1.0f + 0x1p128"), "error floating-point-conversion");
}

// ------------------------------------------------------------------ step 2: rank vectors

// Step 2 (l.1372-1376): the candidate with the lowest rank at every position. `1 + 2.5` has the
// candidates AbstractFloat (ranks 5, 0), f32 (6, 1) and f16 (7, 2): AbstractFloat is preferred.
// With a concrete operand only that type's candidate remains.
TEST(OverloadResolution, TheCandidateWithLowerRanksAtEveryPositionIsPreferred) {
  EXPECT_EQ(Eval("1 + 2.5"), "AbstractFloat 0x1.cp+1");
  EXPECT_EQ(Eval("2.5 + 1"), "AbstractFloat 0x1.cp+1");
  EXPECT_EQ(Eval("1 + 2.5f"), "f32 0x1.cp+1");
  EXPECT_EQ(Eval("1 + 2.5h", true), "f16 0x1.cp+1");
  EXPECT_EQ(Eval("1 + 2"), "AbstractInt 3");
  EXPECT_EQ(Eval("1 + 2i"), "i32 3");
  EXPECT_EQ(Eval("1 + 2u"), "u32 3");
  EXPECT_EQ(Eval("1 << 2u"), "i32 4") << "i32 (rank 3) before u32 (rank 4)";
  EXPECT_EQ(Eval("1u << 2u"), "u32 4");
  EXPECT_EQ(Eval("1 << 2"), "AbstractInt 4");
  EXPECT_EQ(Eval("ldexp(1.0, 2)"), "AbstractFloat 0x1p+2");
  EXPECT_EQ(Eval("ldexp(1, 2i)"), "f32 0x1p+2") << "f32 (6, 0) before f16 (7, 0)";
  EXPECT_EQ(Eval("ldexp(1.5f, 2)"), "f32 0x1.8p+2");
}

// Mixed vector and scalar operands (#arithmetic-expr, "Binary arithmetic expressions with mixed
// scalar and vector operands"): the scalar's and the vector's component conversions are ranked
// together.
TEST(OverloadResolution, VectorAndScalarMixes) {
  EXPECT_EQ(Eval("vec2(1, 2) * 2.5"), "vec2<AbstractFloat> (0x1.4p+1, 0x1.4p+2)");
  EXPECT_EQ(Eval("2 * vec3(1.0, 2.0, 3.0)"), "vec3<AbstractFloat> (0x1p+1, 0x1p+2, 0x1.8p+2)");
  EXPECT_EQ(Eval("vec2(1, 2) * 2.5f"), "vec2<f32> (0x1.4p+1, 0x1.4p+2)");
  EXPECT_EQ(Eval("vec2(1, 2) + 1u"), "vec2<u32> (2, 3)");
  EXPECT_EQ(Eval("vec2(1, 2) * 3"), "vec2<AbstractInt> (3, 6)");
  EXPECT_EQ(Eval("vec2(1, 2) * vec2(0.5, 0.25)"), "vec2<AbstractFloat> (0x1p-1, 0x1p-1)");
  EXPECT_EQ(Eval("mat2x2(1, 2, 3, 4) * vec2(1, 1)"), "vec2<AbstractFloat> (0x1p+2, 0x1.8p+2)");
  EXPECT_EQ(Eval("mat2x2(1, 2, 3, 4) * 0.5f"),
            "mat2x2<f32> ((0x1p-1, 0x1p+0), (0x1.8p+0, 0x1p+1))");
  EXPECT_EQ(Eval("vec2(1i, 2i) * 2.5"), "error arithmetic-expr");
}

// ------------------------------------------------------------------ step 3 and concretization

// Step 3 (l.1378-1379): with abstract arguments, the abstract overload of a built-in is an
// exact match (all ranks 0) and is preferred over every other; the result is abstract and is
// concretized where the context requires a concrete type (#let-decls, #var-decls).
TEST(OverloadResolution, AbstractArgumentsToBuiltins) {
  EXPECT_EQ(Eval("min(1, 2)"), "AbstractInt 1");
  EXPECT_EQ(Eval("min(1, 2.5)"), "AbstractFloat 0x1p+0");
  EXPECT_EQ(Eval("max(1, 2i)"), "i32 2");
  EXPECT_EQ(Eval("abs(-3)"), "AbstractInt 3");
  EXPECT_EQ(Eval("select(1, 2.5, true)"), "AbstractFloat 0x1.4p+1");
  EXPECT_EQ(Eval("select(1, 2u, false)"), "u32 1");
  EXPECT_EQ(Eval("select(vec2(1, 2), vec2(3.5, 4.5), vec2(true, false))"),
            "vec2<AbstractFloat> (0x1.cp+1, 0x1p+1)");
  EXPECT_EQ(Eval("clamp(1, -5, 5)"), "AbstractInt 1");
  EXPECT_EQ(Eval("clamp(1, 0, 2.5)"), "AbstractFloat 0x1p+0");
  EXPECT_EQ(Eval("clamp(7, 0, 2.5)"), "AbstractFloat 0x1.4p+1");
  EXPECT_EQ(Eval("dot(vec2(1, 2), vec2(3, 4))"), "AbstractInt 11");
  EXPECT_EQ(Eval("fma(1, 2, 3)"), "AbstractFloat 0x1.4p+2");
  EXPECT_EQ(Eval("mix(1, 2, 0.5)"), "AbstractFloat 0x1.8p+0");

  auto r = testing::checkSource(
      "fn f() {\n"
      "  var u: u32 = 3u;\n"
      "  var g: f32 = 1.0;\n"
      "  let a = min(1, 2);\n"
      "  let b = min(1, 2.5);\n"
      "  let c = clamp(5, 0, u);\n"
      "  let d = select(1, 2.5, true);\n"
      "  let e = clamp(0, g, 1);\n"
      "  let h = max(u, 2);\n"
      "}\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(localType(*r, "a"), "i32");
  EXPECT_EQ(localType(*r, "b"), "f32");
  EXPECT_EQ(localType(*r, "c"), "u32");
  EXPECT_EQ(localType(*r, "d"), "f32");
  EXPECT_EQ(localType(*r, "e"), "f32");
  EXPECT_EQ(localType(*r, "h"), "u32");
}

// The Load Rule has rank 0 (#conversion-rank l.1289-1294): a variable's reference takes part
// as its store type.
TEST(OverloadResolution, ReferencesTakePartAsTheirStoreType) {
  auto r = testing::checkSource(
      "var<private> p: f32;\n"
      "var<private> v: vec2<i32>;\n"
      "fn f() {\n"
      "  let a = p * 2;\n"
      "  let b = v + 1;\n"
      "  let c = abs(p);\n"
      "  let d = select(p, 1.0, true);\n"
      "}\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(localType(*r, "a"), "f32");
  EXPECT_EQ(localType(*r, "b"), "vec2<i32>");
  EXPECT_EQ(localType(*r, "c"), "f32");
  EXPECT_EQ(localType(*r, "d"), "f32");
  auto bad = testing::checkSource("var<private> p: f32;\nfn f() { let a = p + 1u; }\n");
  EXPECT_EQ(bad->rules(), std::vector<std::string>{"arithmetic-expr"}) << bad->text();
}

// ------------------------------------------------------------------ the section's examples

// #types-for-creation-time-constants, example "log2(32)" (l.1405-1411): there is no integer
// overload of log2; AbstractInt -> AbstractFloat is preferred over AbstractInt -> f32 (the
// example says ranks 4 and 5, the table 5 and 6: inventory B1), so the computation occurs as
// an AbstractFloat.
TEST(OverloadResolutionExamples, Log2Of32IsAnAbstractFloat) {
  EXPECT_EQ(Eval("log2(32)"), "AbstractFloat 0x1.4p+2");
  EXPECT_EQ(Eval("log2(32.0)"), "AbstractFloat 0x1.4p+2");
  EXPECT_EQ(Eval("log2(32i)"), "error builtin-functions");
}

// Example "1 + 2.5" (l.1413-1420): "The resulting computation occurs as an AbstractFloat
// 1.0 + 2.5".
TEST(OverloadResolutionExamples, OnePlusTwoPointFiveIsAbstractFloat) {
  EXPECT_EQ(Eval("1 + 2.5"), "AbstractFloat 0x1.cp+1");
  EXPECT_EQ(declared("const x = 1 + 2.5;"), "AbstractFloat 0x1.cp+1");
}

// Example "let x = 1 + 2.5;" (l.1422-1425): x cannot be abstract; "The effect of the
// declaration is as if it were written let x : f32 = 1.0f + 2.5f;". Plumb types `1 + 2.5` as
// AbstractFloat 3.5 and converts it to f32 (the declaration concretizes its initializer, as
// the example `let out_and_in_again = (0x1ffffffff / 8);` of l.1534 requires;
// docs/ambiguities.md S1); the value is the same, 3.5f.
TEST(OverloadResolutionExamples, LetOnePlusTwoPointFiveIsF32) {
  auto r = testing::checkSource("fn f() { let x = 1 + 2.5; let y : f32 = 1.0f + 2.5f; }");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(localType(*r, "x"), "f32");
  EXPECT_EQ(localType(*r, "y"), "f32");
  // The same concretization for a module-scope variable and an override.
  EXPECT_EQ(declared("override x = 1 + 2.5;"), "f32");
  auto v = testing::checkSource("var<private> x = 1 + 2.5;");
  ASSERT_TRUE(v->valid()) << v->text();
  EXPECT_EQ(v->checked->types.name(v->declaration("x")->type), "ref<private, f32, read_write>");
}

// Example "1u + 2.5" (l.1427-1432): "results in a shader-creation error ... There are no valid
// overload candidates".
TEST(OverloadResolutionExamples, OneUPlusTwoPointFiveHasNoCandidate) {
  EXPECT_EQ(Eval("1u + 2.5"), "error arithmetic-expr");
  auto r = testing::checkSource("fn f() { let x = 1u + 2.5; }");
  EXPECT_EQ(r->rules(), std::vector<std::string>{"arithmetic-expr"}) << r->text();
}

// Example "Type inference for literals" (l.1434-1540), its built-in lines (l.1496-1503,
// l.1518-1519): "Most-preferred candidate is clamp(i32,i32,i32)", "clamp(u32,u32,u32)",
// "clamp(f32,f32,f32)"; "There is no overload of clamp that allows mixed sign parameters". In
// this table clamp also has an AbstractInt overload, which `clamp(1, -5, 5)` matches exactly;
// the let then concretizes the AbstractInt 1 to i32, the type the comment gives.
TEST(OverloadResolutionExamples, ClampExamples) {
  auto r = testing::checkSource(
      "fn f() {\n"
      "  var u32_1 = 1u;\n"
      "  var f32_1 = 1f;\n"
      "  var u32_from_expr = 1 + u32_1;\n"
      "  let i32_clamp = clamp(1, -5, 5);\n"
      "  let u32_clamp = clamp(5, 0, u32_from_expr);\n"
      "  let f32_clamp = clamp(0, f32_1, 1);\n"
      "}\n");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(localType(*r, "i32_clamp"), "i32");
  EXPECT_EQ(localType(*r, "u32_clamp"), "u32");
  EXPECT_EQ(localType(*r, "f32_clamp"), "f32");
  // The name says "ambiguous", but the error is that no candidate is feasible (u32 and i32
  // arguments together), not an ambiguity between feasible ones.
  auto bad = testing::checkSource("fn f() { let ambiguous_clamp = clamp(1u, 0, 1i); }");
  EXPECT_EQ(bad->rules(), std::vector<std::string>{"builtin-functions"}) << bad->text();
}

// Constructors resolve their forms in the same way (#type-constructor-expr): the inferred
// vector and matrix forms pick the component type with the lowest ranks, and a conversion
// expression the form with the lowest rank (#conversion-expr).
TEST(OverloadResolution, ConstructorForms) {
  EXPECT_EQ(Eval("vec2(1, 2)"), "vec2<AbstractInt> (1, 2)");
  EXPECT_EQ(Eval("vec2(1, 2.5)"), "vec2<AbstractFloat> (0x1p+0, 0x1.4p+1)");
  EXPECT_EQ(Eval("vec2(1, 2u)"), "vec2<u32> (1, 2)");
  EXPECT_EQ(Eval("vec3(1, vec2(2.5f, 3.5f))"), "vec3<f32> (0x1p+0, 0x1.4p+1, 0x1.cp+1)");
  EXPECT_EQ(Eval("vec2(1i, 2u)"), "error construction-from-components");
  EXPECT_EQ(Eval("mat2x2(1, 2, 3, 4)"),
            "mat2x2<AbstractFloat> ((0x1p+0, 0x1p+1), (0x1.8p+1, 0x1p+2))");
  EXPECT_EQ(Eval("vec2<f32>(vec2(1, 2))"), "vec2<f32> (0x1p+0, 0x1p+1)");
  EXPECT_EQ(Eval("i32(2.75)"), "i32 2") << "the conversion from f32 (rank 1)";
  EXPECT_EQ(Eval("u32(7)"), "u32 7") << "the conversion from AbstractInt (rank 0)";
}

}  // namespace
}  // namespace plumb
