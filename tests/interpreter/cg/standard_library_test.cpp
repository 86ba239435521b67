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

TEST(CgLibrary, AbsOfASetIsExact) {
  // Spanning zero: from 0 (|0|) to the larger end's magnitude, not from max(-hi, lo) = -1.
  EXPECT_EQ(call1("abs", {vecOfSets(Model::Fp32, {NumberSet::range(-1, 2)})}),
            NumberSet::range(0, 2));
  EXPECT_EQ(call1("abs", {vecOfSets(Model::Fp32, {NumberSet::range(-3, 0.5)})}),
            NumberSet::range(0, 3));
  EXPECT_EQ(call1("abs", {vecOfSets(Model::Fp16, {NumberSet::range(0, 0.25)})}),
            NumberSet::range(0, 0.25));
  // On one side of zero: from min(|lo|, |hi|).
  EXPECT_EQ(call1("abs", {vecOfSets(Model::Fp32, {NumberSet::range(-3, -1)})}),
            NumberSet::range(1, 3));
  EXPECT_EQ(call1("abs", {vecOfSets(Model::Fp32, {NumberSet::range(0.5, 4)})}),
            NumberSet::range(0.5, 4));
  // fixed: -2's magnitude saturates to 2 - 2^-10; the set spanning zero starts at 0.
  EXPECT_EQ(call1("abs", {vecOfSets(Model::Fixed, {NumberSet::range(-2, 1)})}),
            NumberSet::range(0, 2 - 0x1p-10));
  // NaN stays in the set.
  NumberSet withNan = NumberSet::range(-1, 1);
  withNan.nan = true;
  NumberSet r = call1("abs", {vecOfSets(Model::Fp32, {withNan})});
  EXPECT_TRUE(r.nan);
  EXPECT_EQ(r.lo, 0);
  EXPECT_EQ(r.hi, 1);
}

TEST(CgLibrary, IntAbsOfIntMinIsUndefinedBehaviour) {
  EvalValue m = EvalValue::scalar(Component::ofInt(IntSet::of(-2147483648LL)), "int");
  LibraryResult r = callLibrary(*findLibraryRow("abs"), {m});
  EXPECT_NE(r.undefinedBehaviour, "");
  EvalValue n = EvalValue::scalar(Component::ofInt(IntSet::of(-5)), "int");
  EXPECT_EQ(callLibrary(*findLibraryRow("abs"), {n}).value.components[0].integer, IntSet::of(5));
}

// ------------------------------------------------- the manual's other pages (CG-E13)

bool holds(const NumberSet& s, double v) {
  return s.contains(v);
}
EvalValue matrix(Model m, int rows, int columns, std::vector<double> xs) {
  EvalValue v;
  v.shape = EvalValue::Shape::Matrix;
  v.rows = rows, v.columns = columns;
  for (double x : xs) v.components.push_back(Component::ofNumber(m, NumberSet::point(x)));
  return v;
}
Component boolOf(std::string_view name, std::vector<EvalValue> args, int component = 0) {
  LibraryResult r = callLibrary(*findLibraryRow(name), args);
  EXPECT_EQ(r.error, "") << name;
  return r.value.components.at(component);
}

TEST(CgLibrary, InverseTrigonometryHoldsTheManualsApproximationAndTheAccurateValue) {
  // acos(0.5) = pi/3; the manual's polynomial is within 6.7e-5 of it: both in the set.
  NumberSet a = call1("acos", {vec(Model::Fp32, {0.5})});
  EXPECT_TRUE(holds(a, static_cast<double>(std::acos(0.5f))));
  EXPECT_LT(a.hi - a.lo, 2e-3);  // WGSL's acos inherits atan2's 4096 ulp
  EXPECT_GT(a.hi - a.lo, 0);     // the polynomial's value differs from the accurate one
  NumberSet n = call1("acos", {vec(Model::Fp32, {-1.0})});
  EXPECT_TRUE(holds(n, static_cast<double>(std::acos(-1.0f))));
  NumberSet s = call1("asin", {vec(Model::Fp16, {0.5})});
  EXPECT_TRUE(holds(s, 0.52392578125));  // asin(0.5) = 0.5236 rounded to binary16
  EXPECT_LT(s.hi - s.lo, 1e-2);
  NumberSet t = call1("atan", {vec(Model::Fp32, {1.0})});
  EXPECT_TRUE(holds(t, static_cast<double>(std::atan(1.0f))));
  // atan2(1, -1) = 3pi/4: the octant fix-ups of the manual's version.
  NumberSet t2 = call1("atan2", {vec(Model::Fp32, {1.0}), vec(Model::Fp32, {-1.0})});
  EXPECT_TRUE(holds(t2, static_cast<double>(std::atan2(1.0f, -1.0f))));
  EXPECT_LT(t2.hi - t2.lo, 4e-3);
  NumberSet t3 = call1("atan2", {vec(Model::Fp32, {-2.0}), vec(Model::Fp32, {-1.0})});
  EXPECT_TRUE(holds(t3, static_cast<double>(std::atan2(-2.0f, -1.0f))));
  // In fixed the constants saturate (pi is 2 - 2^-10): the set still holds the accurate value.
  NumberSet f = call1("acos", {vec(Model::Fixed, {0.5})});
  EXPECT_TRUE(holds(f, 1072 * 0x1p-10));  // acos(0.5) = 1.0472 = 1072.3 / 1024
}

TEST(CgLibrary, HyperbolicAndTangentFormulasOrTheAccurateFunction) {
  EXPECT_TRUE(
      holds(call1("cosh", {vec(Model::Fp32, {1.0})}), static_cast<double>(std::cosh(1.0f))));
  EXPECT_TRUE(
      holds(call1("sinh", {vec(Model::Fp32, {-1.0})}), static_cast<double>(std::sinh(-1.0f))));
  // tanh(100): the manual's (e - 1) / (e + 1) with e = exp(200) = inf is NaN; the function is 1.
  NumberSet th = call1("tanh", {vec(Model::Fp32, {100.0})});
  EXPECT_TRUE(holds(th, 1.0));
  EXPECT_TRUE(holds(call1("tanh", {vec(Model::Fp16, {0.5})}), 0.46215820312));
  EXPECT_TRUE(holds(call1("tan", {vec(Model::Fp32, {0.5})}), static_cast<double>(std::tan(0.5f))));
  NumberSet l = call1("log10", {vec(Model::Fp32, {1000.0})});
  EXPECT_TRUE(holds(l, 3.0));
  EXPECT_EQ(call1("log10", {vec(Model::Fp32, {0.0})}), NumberSet::point(-INFINITY));
  EXPECT_TRUE(call1("log10", {vec(Model::Fp32, {-1.0})}).nan);
  NumberSet d = call1("degrees", {vec(Model::Fp32, {static_cast<double>(3.14159265f)})});
  EXPECT_TRUE(holds(d, 180.0) || (d.lo > 179.9999 && d.hi < 180.0001));
  EXPECT_TRUE(holds(call1("radians", {vec(Model::Fp32, {180.0})}),
                    static_cast<double>(static_cast<float>(3.14159265358979))));
}

TEST(CgLibrary, RoundSignAndFmod) {
  // round: a half either way ("profile dependent").
  NumberSet r = call1("round", {vec(Model::Fp32, {2.5})});
  EXPECT_TRUE(holds(r, 2) && holds(r, 3));
  EXPECT_EQ(call1("round", {vec(Model::Fp32, {2.25})}), NumberSet::point(2));
  EXPECT_EQ(call1("round", {vec(Model::Fp16, {-1.75})}), NumberSet::point(-2));
  // 0.49999997 + 0.5 rounds to 1 in fp32: the manual's floor(a + 0.5) gives 1, to-even 0.
  NumberSet h = call1("round", {vec(Model::Fp32, {static_cast<double>(0.49999997f)})});
  EXPECT_TRUE(holds(h, 0) && holds(h, 1));
  EXPECT_EQ(call1("sign", {vec(Model::Fixed, {-0.5})}), NumberSet::point(-1));
  EXPECT_EQ(call1("sign", {vec(Model::Fp16, {0.0})}), NumberSet::point(0));
  EXPECT_EQ(call1("sign", {vec(Model::Fp32, {3.0})}), NumberSet::point(1));
  NumberSet sn = call1("sign", {vecOfSets(Model::Fp32, {NumberSet::nanOnly()})});
  EXPECT_TRUE(sn.nan && holds(sn, 0));  // "Ideally, NaN returns NaN"; the formula gives 0
  // fmod: the sign of x; by zero any value.
  EXPECT_TRUE(holds(call1("fmod", {vec(Model::Fp32, {-7.0}), vec(Model::Fp32, {3.0})}), -1));
  EXPECT_TRUE(holds(call1("fmod", {vec(Model::Fp32, {7.5}), vec(Model::Fp32, {-2.0})}), 1.5));
  EXPECT_TRUE(call1("fmod", {vec(Model::Fp32, {1.0}), vec(Model::Fp32, {0.0})}).undefined);
  NumberSet fx = call1("fmod", {vec(Model::Fixed, {1.5}), vec(Model::Fixed, {0.5})});
  EXPECT_TRUE(holds(fx, 0));
}

TEST(CgLibrary, GeometricFunctions) {
  // reflect((1, -1, 0), (0, 1, 0)) = (1, 1, 0)
  LibraryResult r = callLibrary(*findLibraryRow("reflect"),
                                {vec(Model::Fp32, {1, -1, 0}), vec(Model::Fp32, {0, 1, 0})});
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.value.components[1].number, NumberSet::point(1));
  EXPECT_EQ(r.value.components[0].number, NumberSet::point(1));
  // refract straight through (eta 1): i; total internal reflection (eta 2 at grazing): 0.
  LibraryResult t = callLibrary(
      *findLibraryRow("refract"),
      {vec(Model::Fp32, {0, -1, 0}), vec(Model::Fp32, {0, 1, 0}), vec(Model::Fp32, {1})});
  ASSERT_EQ(t.error, "");
  EXPECT_TRUE(t.value.components[1].number.contains(-1));  // through sqrt's accuracy
  EXPECT_LT(t.value.components[1].number.hi - t.value.components[1].number.lo, 1e-6);
  LibraryResult tir = callLibrary(
      *findLibraryRow("refract"),
      {vec(Model::Fp32, {1, 0, 0}), vec(Model::Fp32, {0, 1, 0}), vec(Model::Fp32, {2})});
  ASSERT_EQ(tir.error, "");
  EXPECT_EQ(tir.value.components[0].number, NumberSet::point(0));
  // faceforward(n, i, ng): n when dot(i, ng) < 0, else -n.
  LibraryResult ff = callLibrary(
      *findLibraryRow("faceforward"),
      {vec(Model::Fp16, {0, 0, 1}), vec(Model::Fp16, {0, 0, 1}), vec(Model::Fp16, {0, 0, 1})});
  EXPECT_EQ(ff.value.components[2].number, NumberSet::point(-1));
  LibraryResult fb = callLibrary(
      *findLibraryRow("faceforward"),
      {vec(Model::Fp16, {0, 0, 1}), vec(Model::Fp16, {0, 0, -1}), vec(Model::Fp16, {0, 0, 1})});
  EXPECT_EQ(fb.value.components[2].number, NumberSet::point(1));
}

TEST(CgLibrary, TransposeAndDeterminant) {
  LibraryResult t =
      callLibrary(*findLibraryRow("transpose"), {matrix(Model::Fp32, 2, 3, {1, 2, 3, 4, 5, 6})});
  ASSERT_EQ(t.error, "");
  EXPECT_EQ(t.value.rows, 3);
  EXPECT_EQ(t.value.columns, 2);
  EXPECT_EQ(t.value.at(2, 1).number, NumberSet::point(6));
  EXPECT_EQ(t.value.at(0, 1).number, NumberSet::point(4));
  auto det = [](Model m, int n, std::vector<double> xs) {
    LibraryResult r = callLibrary(*findLibraryRow("determinant"), {matrix(m, n, n, xs)});
    EXPECT_EQ(r.error, "");
    return r.value.components.at(0).number;
  };
  EXPECT_EQ(det(Model::Fp32, 1, {7}), NumberSet::point(7));
  EXPECT_EQ(det(Model::Fp32, 2, {1, 2, 3, 4}), NumberSet::point(-2));
  EXPECT_EQ(det(Model::Fp32, 3, {2, 0, 1, 1, 3, 2, 1, 1, 2}), NumberSet::point(6));
  EXPECT_EQ(det(Model::Fp32, 4, {2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 5}),
            NumberSet::point(120));
  // A full 4x4 (determinant -39), and a permutation's sign.
  EXPECT_EQ(det(Model::Fp32, 4, {1, 2, 3, 4, 5, 6, 7, 9, 2, 1, 0, 3, 4, 4, 1, 2}),
            NumberSet::point(-39));
  EXPECT_EQ(det(Model::Fp16, 4, {0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}),
            NumberSet::point(-1));
  // fixed: products saturate (the manual warns of "ranges issues").
  EXPECT_TRUE(holds(det(Model::Fixed, 2, {1.5, 0, 0, 1.5}), 2 - 0x1p-10));
}

TEST(CgLibrary, Predicates) {
  Component nan = boolOf("isnan", {vecOfSets(Model::Fp32, {NumberSet::nanOnly()})});
  EXPECT_TRUE(nan.canTrue && !nan.canFalse);
  Component one = boolOf("isnan", {vec(Model::Fp32, {1.0})});
  EXPECT_TRUE(!one.canTrue && one.canFalse);
  Component inf = boolOf("isinf", {vec(Model::Fp16, {INFINITY})});
  EXPECT_TRUE(inf.canTrue && !inf.canFalse);
  Component fin = boolOf("isinf", {vec(Model::Fp16, {3.0})});
  EXPECT_TRUE(!fin.canTrue && fin.canFalse);
  // fixed: the manual's (2 * s == s) && (s != 0) holds for -2 (2 * -2 saturates): either.
  Component sat = boolOf("isinf", {vec(Model::Fixed, {-2.0})});
  EXPECT_TRUE(sat.canTrue && sat.canFalse);
  EvalValue b;
  b.shape = EvalValue::Shape::Vector;
  b.columns = 3;
  b.components = {Component::boolean(true), Component::boolean(false), Component::anyBool()};
  Component all = boolOf("all", {b});
  EXPECT_TRUE(!all.canTrue && all.canFalse);
  Component any = boolOf("any", {b});
  EXPECT_TRUE(any.canTrue && !any.canFalse);
  b.components[0] = Component::boolean(false);
  Component maybe = boolOf("any", {b});
  EXPECT_TRUE(maybe.canTrue && maybe.canFalse);
  Component clip = boolOf("clip", {vec(Model::Fp32, {1.0, -0.5})});
  EXPECT_TRUE(clip.canTrue && !clip.canFalse);
}

TEST(CgLibrary, FmaIsFusedOrNot) {
  // 0.1f * 10 = 1.0000000149 exactly; rounded it is 1: unfused 0, fused 2^-26 + ...
  double tenth = static_cast<double>(0.1f);
  NumberSet f =
      call1("fma", {vec(Model::Fp32, {tenth}), vec(Model::Fp32, {10}), vec(Model::Fp32, {-1})});
  EXPECT_TRUE(holds(f, 0));
  EXPECT_TRUE(holds(f, tenth * 10 - 1));
  EXPECT_EQ(
      call1("fma", {vec(Model::Fixed, {1.5}), vec(Model::Fixed, {1.5}), vec(Model::Fixed, {-1})}),
      NumberSet::range(1 - 0x1p-10, 1.25));  // saturated product, or the exact 1.25
}

TEST(CgLibrary, CgcFoldsLieInTheSets) {
  // The constants cgc 3.1 folds these closed calls to (`cgc -profile hlslf`, docs/cg.md
  // "Standard library"): its reference implementations, inside Plumb's fp32 sets (CG-E13).
  struct Fold {
    const char* name;
    std::vector<double> args;
    double cgc;
  };
  const Fold folds[] = {
      {"acos", {0.5}, 1.04715144634246826},
      {"asin", {0.5}, 5.23644566535949707E-01},
      {"atan", {1.0}, 7.85394608974456787E-01},
      {"atan2", {-2.0, -1.0}, -2.03444242477416992},
      {"atan2", {0.3, 0.7}, 4.04890596866607666E-01},
      {"atan", {-3.0}, -1.24904477596282959},
      {"acos", {-0.9}, 2.69054985046386719},
      {"asin", {0.99}, 1.42926144599914551},
      {"tan", {0.5}, 5.46302497386932373E-01},
      {"log10", {1000.0}, 3.0},
      {"degrees", {3.14159265}, 180.0},
      {"radians", {180.0}, 3.14159226417541504},
      {"round", {-2.5}, -2.0},
      {"round", {0.49999997}, 1.0},
      {"sign", {-0.5}, -1.0},
      {"fmod", {-7.0, 3.0}, -9.99999761581420898E-01},
      {"fmod", {7.5, -2.0}, 1.5},
      {"faceforward", {1.0, 2.0, 3.0}, -1.0},
  };
  for (const Fold& f : folds) {
    std::vector<EvalValue> args;
    // cgc reads each literal as float: the argument is the binary32 nearest it.
    for (double a : f.args)
      args.push_back(vec(Model::Fp32, {static_cast<double>(static_cast<float>(a))}));
    NumberSet s = call1(f.name, args);
    EXPECT_TRUE(s.contains(f.cgc)) << f.name << " " << numberSetText(s) << " lacks " << f.cgc;
  }
  LibraryResult r =
      callLibrary(*findLibraryRow("refract"),
                  {vec(Model::Fp32, {static_cast<double>(0.6f), static_cast<double>(-0.8f), 0}),
                   vec(Model::Fp32, {0, 1, 0}), vec(Model::Fp32, {static_cast<double>(0.9f)})});
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.value.components[0].number.contains(5.40000021457672119E-01));
  EXPECT_TRUE(r.value.components[1].number.contains(-8.41665089130401611E-01));
}

// The pages issue 21 added (docs/ambiguities.md CG-E16).
TEST(CgLibrary, PackLaysOutTheBitsOfTheManualsPages) {
  // pack_4ubyte(1, 0, 0, 0.25): bytes 255, 0, 0, 64, x lowest: 0x400000FF, the float
  // 2 + 255 * 2^-22.
  NumberSet packed = call1("pack_4ubyte", {vec(Model::Fp32, {1.0, 0.0, 0.0, 0.25})});
  EXPECT_EQ(packed, NumberSet::point(2 + 255 * 0x1p-22));
  const LibraryRow* unpack = findLibraryRow("unpack_4ubyte");
  ASSERT_NE(unpack, nullptr);
  LibraryResult u = callLibrary(*unpack, {vecOfSets(Model::Fp32, {packed})});
  ASSERT_EQ(u.value.components.size(), 4u);
  EXPECT_EQ(u.value.components[0].number, NumberSet::point(1));
  EXPECT_EQ(u.value.components[1].number, NumberSet::point(0));
  // 64/255 in half: 1028 * 2^-12.
  EXPECT_EQ(u.value.components[3].number, NumberSet::point(1028 * 0x1p-12));
  EXPECT_EQ(u.value.components[3].model, Model::Fp16);
  // pack_2half(1, -2): 0x3C00 low, 0xC000 high: -(2 + 0x3C00 * 2^-22).
  NumberSet halves = call1("pack_2half", {vec(Model::Fp32, {1.0, -2.0})});
  EXPECT_EQ(halves, NumberSet::point(-(2 + 0x3C00 * 0x1p-22)));
  EXPECT_EQ(call1("unpack_2half", {vecOfSets(Model::Fp32, {halves})}, 1), NumberSet::point(-2));
  // pack_4byte: -1 -> 1, 1 -> 255, 0 -> 128, -2 clamps to -128/127 -> 0.
  NumberSet bytes = call1("pack_4byte", {vec(Model::Fp32, {-1.0, 1.0, 0.0, -2.0})});
  EXPECT_EQ(call1("unpack_4byte", {vecOfSets(Model::Fp32, {bytes})}, 0), NumberSet::point(-1));
  EXPECT_EQ(call1("unpack_4byte", {vecOfSets(Model::Fp32, {bytes})}, 2), NumberSet::point(0));
  EXPECT_TRUE(call1("unpack_4byte", {vecOfSets(Model::Fp32, {bytes})}, 3).contains(-1.0078125));
  // pack_2ushort(1, 0.25): 65535 low, 16384 high.
  NumberSet shorts = call1("pack_2ushort", {vec(Model::Fp32, {1.0, 0.25})});
  EXPECT_EQ(call1("unpack_2ushort", {vecOfSets(Model::Fp32, {shorts})}, 1),
            NumberSet::point(static_cast<float>(16384 / 65535.0)));
  // A half-way byte rounds either way (round's page): 127.5 gives 127 or 128.
  NumberSet tie = call1("pack_4ubyte", {vec(Model::Fp32, {0.5, 0.0, 0.0, 0.0})});
  EXPECT_TRUE(tie.contains(127 * 0x1p-149));
  EXPECT_TRUE(tie.contains(0x1p-142));
  // A set of patterns unpacks to every value of the field.
  NumberSet wide = call1("unpack_4ubyte", {vecOfSets(Model::Fp32, {NumberSet::range(1, 2)})}, 2);
  EXPECT_TRUE(wide.contains(0) && wide.contains(1));
}

TEST(CgLibrary, FrexpLdexpIsfiniteLitNoise) {
  const LibraryRow* frexp = findLibraryRow("frexp");
  ASSERT_NE(frexp, nullptr);
  EXPECT_EQ(outParameterCount(*frexp), 1);
  LibraryResult f = callLibrary(*frexp, {vec(Model::Fp32, {8.0, -3.0, 0.0})});
  ASSERT_EQ(f.outs.size(), 1u);
  EXPECT_EQ(f.value.components[0].number, NumberSet::point(0.5));
  EXPECT_EQ(f.value.components[1].number, NumberSet::point(-0.75));
  EXPECT_EQ(f.value.components[2].number, NumberSet::point(0));
  EXPECT_EQ(f.outs[0].components[0].kind, ComponentKind::Int);
  EXPECT_EQ(f.outs[0].components[0].integer, IntSet::of(4));
  EXPECT_EQ(f.outs[0].components[1].integer, IntSet::of(2));
  EXPECT_EQ(f.outs[0].components[2].integer, IntSet::of(0));
  EXPECT_TRUE(call1("ldexp", {vec(Model::Fp32, {3.0}), vec(Model::Fp32, {2.0})}).contains(12));
  EXPECT_FALSE(call1("ldexp", {vec(Model::Fp32, {3.0}), vec(Model::Fp32, {2.0})}).contains(13));
  // A fractional n: the reference's exp2, or C's int conversion (cgc 3.1 folds ldexp(0.7, 3.5)
  // to 5.6 = 0.7 * 2^3).
  NumberSet half = call1("ldexp", {vec(Model::Fp32, {0.7}), vec(Model::Fp32, {3.5})});
  EXPECT_TRUE(half.contains(static_cast<float>(0.7) * 8.0));
  EXPECT_TRUE(half.contains(static_cast<float>(0.7) * std::sqrt(2.0) * 8));
  const LibraryRow* isfinite = findLibraryRow("isfinite");
  ASSERT_NE(isfinite, nullptr);
  LibraryResult fin = callLibrary(
      *isfinite, {vecOfSets(Model::Fp32, {NumberSet::point(1), NumberSet::point(INFINITY),
                                          NumberSet::nanOnly()})});
  EXPECT_EQ(fin.value.components[0], Component::boolean(true));
  EXPECT_EQ(fin.value.components[1], Component::boolean(false));
  EXPECT_EQ(fin.value.components[2], Component::boolean(false));
  // In fixed, the reference's 2 * -2 saturates to -2: "not finite" by the code, finite by the
  // text: either.
  EXPECT_EQ(callLibrary(*isfinite, {vec(Model::Fixed, {-2.0})}).value.components[0],
            Component::anyBool());
  // lit(0.5, 0.5, 2) = (1, 0.5, 0.25, 1) (pow within its accuracy); a negative NdotL: no
  // specular; NdotL = 0: the code's 0 or the text's pow.
  auto lit = [](double l, double h, int c) {
    return call1("lit", {vec(Model::Fp32, {l}), vec(Model::Fp32, {h}), vec(Model::Fp32, {2.0})}, c);
  };
  EXPECT_EQ(lit(0.5, 0.5, 0), NumberSet::point(1));
  EXPECT_EQ(lit(0.5, 0.5, 1), NumberSet::point(0.5));
  EXPECT_TRUE(lit(0.5, 0.5, 2).contains(0.25));
  EXPECT_EQ(lit(-1, 0.5, 2), NumberSet::point(0));
  EXPECT_EQ(lit(-1, 0.5, 1), NumberSet::point(0));
  EXPECT_TRUE(lit(0, 0.5, 2).contains(0) && lit(0, 0.5, 2).contains(0.25));
  NumberSet n = call1("noise", {vec(Model::Fp32, {0.25, 3.0})});
  EXPECT_TRUE(n.contains(-1) && n.contains(0) && n.contains(1));
  EXPECT_FALSE(n.contains(1.5));
}

TEST(CgLibrary, BitCastsAreTheUnionsReinterpretation) {
  const LibraryRow* toInt = findLibraryRow("floatToIntBits");
  const LibraryRow* raw = findLibraryRow("floatToRawIntBits");
  const LibraryRow* toFloat = findLibraryRow("intBitsToFloat");
  ASSERT_TRUE(toInt && raw && toFloat);
  LibraryResult i =
      callLibrary(*toInt, {vecOfSets(Model::Fp32, {NumberSet::point(1), NumberSet::point(-2),
                                                   NumberSet::nanOnly(), NumberSet::range(1, 2)})});
  ASSERT_EQ(i.error, "");
  EXPECT_EQ(i.value.components[0].integer, IntSet::of(0x3f800000));
  EXPECT_EQ(i.value.components[1].integer, IntSet::of(static_cast<int32_t>(0xc0000000u)));
  // A NaN is canonicalised (the page); the raw cast keeps a payload Plumb does not know.
  EXPECT_EQ(i.value.components[2].integer, IntSet::of(0x7fc00000));
  EXPECT_EQ(i.value.components[3].integer, IntSet::any());
  EXPECT_EQ(callLibrary(*raw, {vecOfSets(Model::Fp32, {NumberSet::nanOnly()})})
                .value.components[0]
                .integer,
            IntSet::any());
  EvalValue bits = EvalValue::scalar(Component::ofInt(IntSet::of(0x40490fdb)), "int");
  LibraryResult f = callLibrary(*toFloat, {bits});
  ASSERT_EQ(f.error, "");
  EXPECT_EQ(f.value.components[0].number, NumberSet::point(static_cast<float>(3.14159265)));
  EXPECT_EQ(f.value.components[0].kind, ComponentKind::Number);
}

TEST(CgLibrary, InverseIsTheAdjugateOverTheDeterminant) {
  auto matrix = [](int n, std::vector<double> xs) {
    EvalValue v = vec(Model::Fp32, xs);
    v.shape = EvalValue::Shape::Matrix;
    v.rows = v.columns = n;
    return v;
  };
  const LibraryRow* inverse = findLibraryRow("inverse");
  ASSERT_NE(inverse, nullptr);
  // (1 2; 3 4)^-1 = (-2 1; 1.5 -0.5).
  LibraryResult two = callLibrary(*inverse, {matrix(2, {1, 2, 3, 4})});
  ASSERT_EQ(two.error, "");
  std::vector<double> expected = {-2, 1, 1.5, -0.5};
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(two.value.components[i].number, NumberSet::point(expected[i])) << i;
  // (1 2 0; 0 1 0; 0 0 4)^-1 = (1 -2 0; 0 1 0; 0 0 0.25): the transposed cofactors.
  LibraryResult three = callLibrary(*inverse, {matrix(3, {1, 2, 0, 0, 1, 0, 0, 0, 4})});
  ASSERT_EQ(three.error, "");
  expected = {1, -2, 0, 0, 1, 0, 0, 0, 0.25};
  for (int i = 0; i < 9; ++i)
    EXPECT_TRUE(three.value.components[i].number.contains(expected[i])) << i;
  EXPECT_FALSE(three.value.components[1].number.contains(2));
  LibraryResult four =
      callLibrary(*inverse, {matrix(4, {2, 0, 0, 0, 0, 4, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0.5})});
  EXPECT_TRUE(four.value.components[15].number.contains(2));
  EXPECT_TRUE(four.value.components[5].number.contains(0.25));
  EXPECT_TRUE(four.value.components[1].number.contains(0));
}

TEST(CgLibrary, Gp5BitFunctions) {
  auto ints = [](std::vector<int64_t> xs) {
    EvalValue v;
    v.shape = xs.size() == 1 ? EvalValue::Shape::Scalar : EvalValue::Shape::Vector;
    v.columns = static_cast<int>(xs.size());
    for (int64_t x : xs) v.components.push_back(Component::ofInt(IntSet::of(x)));
    return v;
  };
  auto call = [&](std::string_view name, std::vector<EvalValue> args, int i = 0) {
    const LibraryRow* row = findLibraryRow(name);
    EXPECT_NE(row, nullptr) << name;
    LibraryResult r = callLibrary(*row, args);
    EXPECT_EQ(r.error, "") << name;
    return r.value.components.at(i).integer;
  };
  EXPECT_EQ(call("bitCount", {ints({0xF0F0, -1})}, 0), IntSet::of(8));
  EXPECT_EQ(call("bitCount", {ints({0xF0F0, -1})}, 1), IntSet::of(32));
  EXPECT_EQ(call("findLSB", {ints({0x50, 0})}, 0), IntSet::of(4));
  EXPECT_EQ(call("findLSB", {ints({0x50, 0})}, 1), IntSet::of(-1));
  // findMSB of a negative int: the first zero bit from the top (-8 = ...11111000: bit 2).
  EXPECT_EQ(call("findMSB", {ints({0x50, -8, -1})}, 0), IntSet::of(6));
  EXPECT_EQ(call("findMSB", {ints({0x50, -8, -1})}, 1), IntSet::of(2));
  EXPECT_EQ(call("findMSB", {ints({0x50, -8, -1})}, 2), IntSet::of(-1));
  EXPECT_EQ(call("bitfieldReverse", {ints({1})}), IntSet::of(INT32_MIN));
  // bitfieldExtract(0x30, 4, 3): bits 4..6 = 011b = 3 (the text; the page's code shifts by
  // b - 1); a field whose top bit is set: sign-extended (BFE.S) or not: any.
  EXPECT_EQ(call("bitfieldExtract", {ints({0x30}), ints({4}), ints({3})}), IntSet::of(3));
  EXPECT_EQ(call("bitfieldExtract", {ints({0xF0}), ints({4}), ints({4})}), IntSet::any());
  EXPECT_EQ(call("bitfieldExtract", {ints({0xF0}), ints({30}), ints({4})}), IntSet::any());
  // bitfieldInsert(0xFF, 2, 4, 2): bits 4..5 of 0xFF replaced by 10b: 0xEF.
  EXPECT_EQ(call("bitfieldInsert", {ints({0xFF}), ints({2}), ints({4}), ints({2})}),
            IntSet::of(0xEF));
  // b wider than d: the text masks it, the page's code does not: any.
  EXPECT_EQ(call("bitfieldInsert", {ints({0}), ints({7}), ints({4}), ints({2})}), IntSet::any());
}

}  // namespace
}  // namespace plumb::cg
