// Creation-time values as acceptance sets (interpreter/wgsl/creation_time_values.h;
// docs/ambiguities.md R17): an f32/f16 creation-time expression may be evaluated with each
// operation of its "inherited from" formula rounded either way (#floating-point-accuracy), so
// its set holds what devices compute (issue 14: `cross` with cancellation, `dot` one ulp away,
// `length` of a tiny vector, `cosh` one ulp away), while the checker keeps the exact result
// rounded once for its static rules. AbstractFloat and integers stay exact.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>

#include "checker/check_util.h"
#include "interpreter/wgsl/creation_time_values.h"
#include "interpreter/wgsl/float_accuracy.h"
#include "interpreter/wgsl/run.h"

namespace plumb::interp {
namespace {

using plumb::testing::CheckResult;
using plumb::testing::checkSource;

/// The module's creation-time values, with the checker's result kept alive.
struct Evaluated {
  std::unique_ptr<CheckResult> checked;
  std::unique_ptr<CreationTimeValues> sets;

  /// The set of the const or override named `name` (its initializer after its conversion).
  RValue set(std::string_view name) const {
    const ModuleDeclaration* d = checked->declaration(name);
    EXPECT_NE(d, nullptr) << name;
    if (!d) return {};
    const auto& v =
        checked->module->variables[std::get<ast::VariableId>((*checked->module)[d->global].node)];
    std::optional<RValue> s = sets->valueOf(v.initializer);
    EXPECT_TRUE(s.has_value()) << name;
    return s ? *s : RValue{};
  }
  /// The checker's value of `name` (the exact result rounded once).
  Value exact(std::string_view name) const { return *checked->declaration(name)->value; }
};

Evaluated evaluate(const std::string& source, const CheckOptions& options = {}) {
  Evaluated e;
  CheckOptions o = options;
  o.enableF16 = true;
  e.checked = checkSource(source, o);
  EXPECT_TRUE(e.checked->valid()) << e.checked->text();
  if (e.checked->checked)
    e.sets = std::make_unique<CreationTimeValues>(*e.checked->module, *e.checked->checked);
  return e;
}

FloatSet floatSet(const RValue& v) {
  return std::holds_alternative<FloatSet>(v.data) ? v.floatSet() : FloatSet{NAN, NAN, false};
}
FloatSet component(const RValue& v, size_t i) {
  return v.isComposite() && i < v.components().size() ? floatSet(v.components()[i])
                                                      : FloatSet{NAN, NAN, false};
}

/// f32 arithmetic as a device does it (round to nearest at each operation).
float f(float x) {
  volatile float v = x;  // no fusion, no excess precision
  return v;
}

TEST(CreationTimeValues, CrossWithCancellationAllowsEachProductRoundedEitherWay) {
  // cross(x, y).z = x[0] * y[1] - x[1] * y[0] = 16777215 * 768 - 16777216 * 768 = -768 exactly;
  // 16777215 * 768 needs 26 bits: rounded to f32 it is 12884901120 +- 256 -> the f32 neighbours
  // 12884900864 and 12884901888, so the formula gives -1024 (to nearest, as devices do) or 0.
  auto e = evaluate(
      "const c = cross(vec3(16777215.0f, 16777216.0f, 0.0f), vec3(768.0f, 768.0f, 0.0f));");
  FloatSet z = component(e.set("c"), 2);
  EXPECT_TRUE(z.contains(-1024)) << z.lo << " " << z.hi;
  EXPECT_TRUE(z.contains(0));
  EXPECT_TRUE(z.contains(-768));                             // the exact result: still allowed
  EXPECT_EQ(e.exact("c").elements()[2].floatValue(), -768);  // the checker's value
  float device = f(f(16777215.0f * 768.0f) - f(16777216.0f * 768.0f));
  EXPECT_EQ(device, -1024.0f);
  EXPECT_TRUE(z.contains(device));
  // Components without rounding stay exact points.
  EXPECT_EQ(component(e.set("c"), 0), FloatSet::exact(0));
}

TEST(CreationTimeValues, DotMayRoundEachSumEitherWayAndInAnyOrder) {
  // 1 + 2^-24 + 2^-24 is 1 + 2^-23 exactly (the checker's value); summed left to right with
  // ties to even it is 1.0 (each half-ulp addend is lost).
  auto e = evaluate("const d = dot(vec3(1.0f, 0x1p-24f, 0x1p-24f), vec3(1.0f, 1.0f, 1.0f));");
  FloatSet d = floatSet(e.set("d"));
  EXPECT_TRUE(d.contains(1.0));
  EXPECT_TRUE(d.contains(1.0 + 0x1p-23));
  EXPECT_EQ(e.exact("d").floatValue(), 1.0 + 0x1p-23);
}

TEST(CreationTimeValues, LengthOfATinyVectorAllowsTheUnderflowToZero) {
  // x * x = 2^-160 is below the smallest subnormal: devices get sqrt(0) = 0. Inherited from
  // sqrt(dot(x, x)), and sqrt(0) is any value (R2): the set holds 0 and the exact 2^-80.
  auto e = evaluate("const l = length(vec2(0x1p-80f, 0.0f));");
  FloatSet l = floatSet(e.set("l"));
  EXPECT_TRUE(l.contains(0));
  EXPECT_TRUE(l.contains(0x1p-80));
  EXPECT_EQ(e.exact("l").floatValue(), 0x1p-80);
  // A vector whose squares are normal: a set around the exact value, not any value.
  auto n = evaluate("const l = length(vec2(3.0f, 4.0f));");
  FloatSet five = floatSet(n.set("l"));
  EXPECT_FALSE(five.any);
  EXPECT_TRUE(five.contains(5.0));
  EXPECT_LT(five.hi - five.lo, 0x1p-18);
}

TEST(CreationTimeValues, CoshAllowsTheNeighboursOfTheCorrectlyRoundedValue) {
  auto e = evaluate("const c = cosh(1.0f);\nconst s = sinh(1.0f);");
  double nearest = e.exact("c").floatValue();  // MPFR's cosh(1), rounded once
  const fp::Format& f32 = fp::formatOf(TypeKind::F32);
  FloatSet c = floatSet(e.set("c"));
  EXPECT_TRUE(c.contains(nearest));
  EXPECT_TRUE(c.contains(fp::nextUp(f32, nearest)));
  EXPECT_TRUE(c.contains(fp::nextDown(f32, nearest)));
  EXPECT_FALSE(c.contains(1.0));  // but not arbitrary
  FloatSet s = floatSet(e.set("s"));
  EXPECT_TRUE(s.contains(e.exact("s").floatValue()));
  EXPECT_TRUE(s.contains(fp::nextUp(f32, e.exact("s").floatValue())));
}

TEST(CreationTimeValues, MixSmoothstepAndNormalizeHoldTheDeviceFormulas) {
  auto e = evaluate(
      "const m = mix(1.0f, 3.0f, 0.1f);\n"
      "const s = smoothstep(0.0f, 3.0f, 1.0f);\n"
      "const n = normalize(vec3(1.0f, 2.0f, 3.0f));\n");
  // mix: x * (1 - z) + y * z with each operation rounded to nearest.
  float m = f(f(1.0f * f(1.0f - 0.1f)) + f(3.0f * 0.1f));
  EXPECT_TRUE(floatSet(e.set("m")).contains(m));
  EXPECT_TRUE(floatSet(e.set("m")).contains(e.exact("m").floatValue()));
  // smoothstep: t = clamp((x - low) / (high - low), 0, 1); t * t * (3 - 2 * t).
  float t = f(1.0f / 3.0f);
  float s = f(f(t * t) * f(3.0f - f(2.0f * t)));
  EXPECT_TRUE(floatSet(e.set("s")).contains(s));
  EXPECT_TRUE(floatSet(e.set("s")).contains(e.exact("s").floatValue()));
  // normalize: x / length(x), length from sqrt(dot(x, x)).
  float len = f(std::sqrt(f(f(f(1.0f * 1.0f) + f(2.0f * 2.0f)) + f(3.0f * 3.0f))));
  RValue n = e.set("n");
  for (int i = 0; i < 3; ++i) {
    float xi = float(i + 1);
    EXPECT_TRUE(component(n, i).contains(f(xi / len))) << i;
    EXPECT_TRUE(component(n, i).contains(e.exact("n").elements()[i].floatValue())) << i;
  }
}

TEST(CreationTimeValues, OperatorsAndConversionsAreCorrectlyRoundedEitherWay) {
  auto e = evaluate(
      "const third = 1.0f / 3.0f;\n"
      "const sum = 1.0f + 0x1p-24f;\n"  // a tie: 1.0 or 1 + 2^-23
      "const converted: f32 = 0.1;\n"   // AbstractFloat -> f32: either neighbour
      "const half: f16 = 0.1;\n"
      "const exactly: f32 = 0.5;\n"  // representable: the value itself
      "const i: i32 = i32(2.5f * 2.0f);\n");
  FloatSet third = floatSet(e.set("third"));
  EXPECT_TRUE(third.contains(e.exact("third").floatValue()));
  EXPECT_FALSE(third.isExact());  // 2.5 ULP
  EXPECT_EQ(floatSet(e.set("sum")), FloatSet::range(1.0, 1.0 + 0x1p-23));
  FloatSet c = floatSet(e.set("converted"));
  EXPECT_EQ(c, FloatSet::range(0x1.99999ap-4 - 0x1p-27, 0x1.99999ap-4));
  EXPECT_EQ(floatSet(e.set("half")).hi - floatSet(e.set("half")).lo, 0x1p-14);
  EXPECT_EQ(floatSet(e.set("exactly")), FloatSet::exact(0.5));
  EXPECT_EQ(e.set("i"), (RValue{e.checked->checked->types.i32(), int64_t{5}}));
}

TEST(CreationTimeValues, AbstractAndIntegerValuesStayExact) {
  auto e = evaluate(
      "const a = cross(vec3(16777215.0, 16777216.0, 0.0), vec3(768.0, 768.0, 0.0));\n"
      "const k = cosh(1.0);\n"
      "const n = dot(vec2(3, 4), vec2(5, 6));\n"
      "const u = 7u * 3u;\n");
  EXPECT_EQ(e.set("a"), fromValue(e.exact("a")));
  EXPECT_EQ(component(e.set("a"), 2), FloatSet::exact(-768));
  EXPECT_EQ(e.set("k"), fromValue(e.exact("k")));
  EXPECT_EQ(e.set("n"), fromValue(e.exact("n")));
  EXPECT_EQ(e.set("u"), fromValue(e.exact("u")));
}

/// Options that check at pipeline creation with `overrides`.
CheckOptions pipelineCreationOptions(std::vector<std::pair<std::string, std::string>> overrides) {
  CheckOptions o;
  o.overrides = std::move(overrides);
  o.pipelineCreation = true;
  return o;
}

TEST(CreationTimeValues, ConstIdentifiersAndOverridesCarryTheirSets) {
  // A const used in another const, and an override initialized from it.
  auto e = evaluate(
      "const c = cross(vec3(16777215.0f, 16777216.0f, 0.0f), vec3(768.0f, 768.0f, 0.0f));\n"
      "const z = c.z * 2.0f;\n"
      "override o: f32 = c[2];\n",
      pipelineCreationOptions({}));
  EXPECT_TRUE(floatSet(e.set("z")).contains(-2048));
  EXPECT_TRUE(floatSet(e.set("o")).contains(-1024));
  // An override whose value the pipeline gives is that value.
  auto given = evaluate("override o: f32 = 1.0f / 3.0f;\nconst unused = 1;\n",
                        pipelineCreationOptions({{"o", "0.25"}}));
  EXPECT_EQ(given.checked->declaration("o")->value->floatValue(), 0.25);
  EXPECT_TRUE(given.checked->declaration("o")->valueFromPipeline);
}

// ------------------------------------------------------------------------- the run path

/// Whether a plumb-run WORD allows the 32 bits `bits` (docs/formats.md).
bool allows(const nlohmann::json& w, uint32_t bits) {
  auto hex = [](const nlohmann::json& s) {
    return static_cast<uint32_t>(std::stoul(s.get<std::string>(), nullptr, 16));
  };
  if (w.contains("any")) return true;
  if (w.contains("exact")) return hex(w["exact"]) == bits;
  if (w.contains("set")) {
    for (const auto& s : w["set"])
      if (hex(s) == bits) return true;
    return false;
  }
  if (w.contains("range")) {
    float x;
    std::memcpy(&x, &bits, 4);
    return w["range"][0].get<double>() <= x && x <= w["range"][1].get<double>();
  }
  return false;
}

uint32_t bitsOf(float x) {
  uint32_t b;
  std::memcpy(&b, &x, 4);
  return b;
}

TEST(CreationTimeValues, StoredConstValuesHoldTheDeviceWords) {
  auto file = std::make_unique<SourceFile>("t.wgsl", R"(
const c = cross(vec3(16777215.0f, 16777216.0f, 0.0f), vec3(768.0f, 768.0f, 0.0f));
const d = dot(vec3(1.0f, 0x1p-24f, 0x1p-24f), vec3(1.0f, 1.0f, 1.0f));
const l = length(vec2(0x1p-80f, 0.0f));
@group(0) @binding(0) var<storage, read_write> out: array<f32, 4>;
@compute @workgroup_size(1) fn main() {
  out[0] = c.z;
  out[1] = d;
  out[2] = l;
  let k = cosh(1.0f);  // creation-time too: a let of a const-expression
  out[3] = k;
})");
  RunRequest request;
  request.zeroMissingBindings = true;
  RunReport r = runShader(*file, request);
  ASSERT_TRUE(r.ran);
  const auto& outcomes = r.json["outcomes"];
  ASSERT_EQ(outcomes.size(), 1u) << r.json.dump(1);
  const auto& words = outcomes[0]["buffers"][0]["words"];
  EXPECT_TRUE(allows(words[0], bitsOf(-1024.0f))) << words[0].dump();  // devices
  EXPECT_TRUE(allows(words[0], bitsOf(-768.0f))) << words[0].dump();   // exact
  EXPECT_TRUE(allows(words[1], bitsOf(1.0f))) << words[1].dump();
  EXPECT_TRUE(allows(words[2], bitsOf(0.0f))) << words[2].dump();
  float cosh1 = static_cast<float>(std::cosh(1.0));
  EXPECT_TRUE(allows(words[3], bitsOf(std::nextafter(cosh1, 2.0f)))) << words[3].dump();
  EXPECT_TRUE(allows(words[3], bitsOf(std::nextafter(cosh1, 1.0f)))) << words[3].dump();
}

}  // namespace
}  // namespace plumb::interp
