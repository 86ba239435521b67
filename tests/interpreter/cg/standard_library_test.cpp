// The Cg standard library's rows and evaluators (interpreter/cg/standard_library.h).
#include "interpreter/cg/standard_library.h"

#include <cmath>
#include <set>

#include <gtest/gtest.h>

namespace plumb::cg {
namespace {

EvalValue vecOfSets(Model m, std::vector<NumberSet> xs) {
  EvalValue v;
  v.shape = xs.size() == 1 ? EvalValue::Shape::Scalar : EvalValue::Shape::Vector;
  v.columns = static_cast<int>(xs.size());
  for (const NumberSet& x : xs) v.components.push_back(Component::ofNumber(m, x));
  return v;
}
EvalValue vec(Model m, std::vector<double> xs) {
  std::vector<NumberSet> s;
  for (double x : xs) s.push_back(NumberSet::point(x));
  return vecOfSets(m, s);
}
NumberSet call1(std::string_view name, std::vector<EvalValue> args, int component = 0) {
  const LibraryRow* row = findLibraryRow(name);
  EXPECT_NE(row, nullptr) << name;
  LibraryResult r = callLibrary(*row, args);
  EXPECT_EQ(r.error, "") << name;
  return r.value.components.at(component).number;
}

TEST(CgLibrary, EveryRowHasAnEvaluatorAndOverloads) {
  std::set<std::string_view> names;
  for (const LibraryRow& row : libraryRows()) {
    EXPECT_TRUE(names.insert(row.name).second) << row.name;
    EXPECT_GT(overloadCount(row), 0) << row.name;
    // Every evaluator is reachable: calling it with one fp32 argument never says "no evaluator".
    LibraryResult r = callLibrary(row, {vec(Model::Fp32, {1.0, 2.0, 3.0})});
    EXPECT_EQ(r.error.find("no evaluator"), std::string::npos) << row.name;
  }
  EXPECT_EQ(overloadCount(*findLibraryRow("lerp")), 3 + 3 * 4 * 2);
}

TEST(CgLibrary, FormulasInEachModel) {
  // lerp(a, b, w) = a + w * (b - a)
  EXPECT_EQ(
      call1("lerp", {vec(Model::Fp32, {1.0}), vec(Model::Fp32, {3.0}), vec(Model::Fp32, {0.25})}),
      NumberSet::point(1.5));
  // In fixed, b - a saturates: lerp(-1.5, 1.5, 0.5) = -1.5 + 0.5 * (2 - 2^-10).
  EXPECT_EQ(call1("lerp",
                  {vec(Model::Fixed, {-1.5}), vec(Model::Fixed, {1.5}), vec(Model::Fixed, {0.5})}),
            NumberSet::range(-0.5 - 0x1p-10, -0.5));
  EXPECT_EQ(call1("saturate", {vec(Model::Fp16, {1.75})}), NumberSet::point(1));
  EXPECT_EQ(call1("saturate", {vec(Model::Fp16, {-3.0})}), NumberSet::point(0));
  EXPECT_EQ(
      call1("clamp", {vec(Model::Fp32, {5.0}), vec(Model::Fp32, {0.0}), vec(Model::Fp32, {2.0})}),
      NumberSet::point(2));
  EXPECT_EQ(call1("frac", {vec(Model::Fp32, {-1.25})}), NumberSet::point(0.75));
  EXPECT_EQ(call1("step", {vec(Model::Fp32, {1.0}), vec(Model::Fp32, {1.0})}), NumberSet::point(1));
  EXPECT_EQ(call1("step", {vec(Model::Fp32, {1.0}), vec(Model::Fp32, {0.5})}), NumberSet::point(0));
  EXPECT_EQ(call1("smoothstep",
                  {vec(Model::Fp32, {0.0}), vec(Model::Fp32, {2.0}), vec(Model::Fp32, {1.0})}),
            NumberSet::point(0.5));
  EXPECT_EQ(call1("dot", {vec(Model::Fp32, {1.0, 2.0, 3.0}), vec(Model::Fp32, {4.0, 5.0, 6.0})}),
            NumberSet::point(32));
  EXPECT_EQ(
      call1("cross", {vec(Model::Fp32, {1.0, 0.0, 0.0}), vec(Model::Fp32, {0.0, 1.0, 0.0})}, 2),
      NumberSet::point(1));
  EXPECT_EQ(call1("abs", {vec(Model::Fixed, {-2.0})}), NumberSet::point(2 - 0x1p-10));
  EXPECT_EQ(call1("floor", {vec(Model::Fp16, {-0.5})}), NumberSet::point(-1));
  EXPECT_EQ(call1("ceil", {vec(Model::Fp16, {-0.5})}), NumberSet::point(0));
}

TEST(CgLibrary, DotSumsInAnyOrder) {
  // 2^24 + 1 - 2^24: left to right loses the 1 (fp32), right to left keeps it.
  NumberSet d =
      call1("dot", {vec(Model::Fp32, {0x1p24, 1.0, -0x1p24}), vec(Model::Fp32, {1.0, 1.0, 1.0})});
  EXPECT_TRUE(d.contains(0));
  EXPECT_TRUE(d.contains(1));
}

TEST(CgLibrary, MulIsTheMatrixProduct) {
  // M[2][2] = {1, 2; 3, 4} (n rows), v = (1, 1): M v = (3, 7), v M = (4, 6).
  EvalValue m;
  m.shape = EvalValue::Shape::Matrix;
  m.rows = 2, m.columns = 2;
  for (double x : {1.0, 2.0, 3.0, 4.0})
    m.components.push_back(Component::ofNumber(Model::Fp32, NumberSet::point(x)));
  EvalValue v = vec(Model::Fp32, {1.0, 1.0});
  LibraryResult mv = callLibrary(*findLibraryRow("mul"), {m, v});
  LibraryResult vm = callLibrary(*findLibraryRow("mul"), {v, m});
  EXPECT_EQ(mv.value.components[1].number, NumberSet::point(7));
  EXPECT_EQ(vm.value.components[1].number, NumberSet::point(6));
  LibraryResult mm = callLibrary(*findLibraryRow("mul"), {m, m});
  EXPECT_EQ(mm.value.shape, EvalValue::Shape::Matrix);
  EXPECT_EQ(mm.value.components[1].number, NumberSet::point(10));  // 1*2 + 2*4
}

TEST(CgLibrary, TranscendentalsAreAcceptanceSets) {
  NumberSet s = call1("sin", {vec(Model::Fp32, {1.0})});
  EXPECT_TRUE(s.contains(static_cast<double>(std::sin(1.0f))));
  EXPECT_LT(s.lo, s.hi);  // the WGSL row's absolute error: more than one value
  EXPECT_EQ(call1("exp2", {vec(Model::Fp32, {3.0})}).contains(8), true);
  EXPECT_EQ(call1("sqrt", {vec(Model::Fp16, {0.0})}), NumberSet::point(0));
  EXPECT_EQ(call1("sqrt", {vec(Model::Fp16, {-1.0})}), NumberSet::nanOnly());
  EXPECT_EQ(call1("rsqrt", {vec(Model::Fp32, {0.0})}), NumberSet::point(INFINITY));
  EXPECT_EQ(call1("log2", {vec(Model::Fp32, {0.0})}), NumberSet::point(-INFINITY));
  // rsqrt(-4): NaN, or (vp20) rsqrt(4) = 0.5.
  NumberSet r = call1("rsqrt", {vec(Model::Fp32, {-4.0})});
  EXPECT_TRUE(r.nan);
  EXPECT_TRUE(r.contains(0.5));
  // fixed: through fp32, then both grid neighbours.
  NumberSet f = call1("sqrt", {vec(Model::Fixed, {0.5})});
  EXPECT_TRUE(f.contains(724 * 0x1p-10));  // sqrt(0.5) = 0.7071 = 724.08 / 1024
  EXPECT_TRUE(f.contains(725 * 0x1p-10));
}

TEST(CgLibrary, IntAbsOfIntMinIsUndefinedBehaviour) {
  EvalValue m = EvalValue::scalar(Component::ofInt(IntSet::of(-2147483648LL)), "int");
  LibraryResult r = callLibrary(*findLibraryRow("abs"), {m});
  EXPECT_NE(r.undefinedBehaviour, "");
  EvalValue n = EvalValue::scalar(Component::ofInt(IntSet::of(-5)), "int");
  EXPECT_EQ(callLibrary(*findLibraryRow("abs"), {n}).value.components[0].integer, IntSet::of(5));
}

}  // namespace
}  // namespace plumb::cg
