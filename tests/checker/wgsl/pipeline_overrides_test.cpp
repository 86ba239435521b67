// #override-decls at pipeline creation: the values given for overrides (by name or by
// pipeline constant ID), defaults, missing values, and the override expressions evaluated
// with them (array sizes, workgroup sizes, other overrides).
#include <gtest/gtest.h>

#include "check_util.h"

namespace plumb {
namespace {

using testing::checkSource;

CheckOptions pipeline(std::vector<std::pair<std::string, std::string>> values) {
  CheckOptions o;
  o.pipelineCreation = true;
  o.overrides = std::move(values);
  return o;
}

std::string valueOf(const testing::CheckResult& r, std::string_view name) {
  const ModuleDeclaration* d = r.declaration(name);
  if (!d || !d->value) return "(none)";
  return formatValue(r.checked->types, *d->value);
}

TEST(PipelineOverrides, NoValuesAtShaderCreation) {
  auto r = checkSource("override a: i32 = 3;\noverride b = a * 2;");
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(valueOf(*r, "a"), "(none)");
  EXPECT_EQ(valueOf(*r, "b"), "(none)");
}

TEST(PipelineOverrides, DefaultsAndGivenValues) {
  const char* src =
      "@id(0) override has_point_light: bool = true;\n"
      "@id(1200) override specular_param: f32 = 2.3;\n"
      "@id(1300) override gain: f32;\n"
      "override width: f32 = 0.0;\n"
      "override depth: f32;\n"
      "override height = 2 * depth;\n";
  auto r = checkSource(src, pipeline({{"1300", "0.5"}, {"depth", "-1"}}));
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(valueOf(*r, "has_point_light"), "true");
  EXPECT_EQ(valueOf(*r, "specular_param"), "2.3f");
  EXPECT_EQ(valueOf(*r, "gain"), "0.5f");
  EXPECT_EQ(valueOf(*r, "width"), "0.0f");
  EXPECT_EQ(valueOf(*r, "depth"), "-1.0f");
  EXPECT_EQ(valueOf(*r, "height"), "-2.0f");
}

TEST(PipelineOverrides, Errors) {
  const char* src = "@id(1300) override gain: f32;\noverride depth: f32;\n";
  // Missing values for overrides without a default.
  auto r = checkSource(src, pipeline({}));
  EXPECT_EQ(r->rules(), (std::vector<std::string>{"override-decls", "override-decls"})) << r->text();
  // An override with an @id is named by its ID.
  r = checkSource(src, pipeline({{"gain", "1"}, {"depth", "1"}}));
  EXPECT_FALSE(r->valid());
  EXPECT_NE(r->text().find("--override 1300=VALUE"), std::string::npos) << r->text();
  // Keys that name nothing.
  r = checkSource(src, pipeline({{"1300", "1"}, {"depth", "1"}, {"nothing", "1"}}));
  EXPECT_EQ(r->rules(), std::vector<std::string>{"override-decls"}) << r->text();
  // Values of the wrong kind or out of range.
  for (auto [type, value] : {std::pair{"i32", "2147483648"}, std::pair{"u32", "-1"},
                             std::pair{"f32", "1e39"}, std::pair{"i32", "x"},
                             std::pair{"f32", "nan"}, std::pair{"i32", "inf"}}) {
    r = checkSource(std::string("override o: ") + type + ";", pipeline({{"o", value}}));
    EXPECT_EQ(r->rules(), std::vector<std::string>{"override-decls"}) << type << "=" << value;
  }
  // Integer values are truncated (WebIDL [EnforceRange]); u32 covers [0, 2^32).
  r = checkSource("override o: i32; override p: u32;",
                  pipeline({{"o", "-7.9"}, {"p", "4294967295"}}));
  ASSERT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(valueOf(*r, "o"), "-7i");
  EXPECT_EQ(valueOf(*r, "p"), "4294967295u");
}

TEST(PipelineOverrides, OverrideExpressions) {
  const char* src =
      "override n: i32;\n"
      "var<workgroup> a: array<f32, n>;\n"
      "@compute @workgroup_size(n) fn f() { _ = a[0]; }\n";
  EXPECT_TRUE(checkSource(src)->valid());
  EXPECT_TRUE(checkSource(src, pipeline({{"n", "64"}}))->valid());
  auto r = checkSource(src, pipeline({{"n", "0"}}));
  EXPECT_EQ(r->rules(), (std::vector<std::string>{"array-types", "attribute-workgroup_size"}))
      << r->text();
  r = checkSource(src, pipeline({{"n", "16"}}));
  ASSERT_TRUE(r->valid());
  EXPECT_EQ(r->checked->entryPoints[0].workgroupSize[0].value, 16u);
  // An override's initializer evaluated at pipeline creation can fail.
  r = checkSource("override d: i32;\noverride q = 1 / d;", pipeline({{"d", "0"}}));
  EXPECT_TRUE(r->valid()) << "i32 division by zero is not an error (#arithmetic-expr)";
  r = checkSource("override big: i32;\noverride q = big * big;", pipeline({{"big", "65536"}}));
  EXPECT_TRUE(r->valid()) << "concrete i32 arithmetic wraps in the seed";
}

// Revision 2026 (Revision::overrideExpressionPipelineErrors): the errors of an
// override-expression are pipeline-creation errors, decided by the overrides' values whatever
// the run-time operands are, and only for the shader of the pipeline's entry point
// (new#override-expr, new#pipeline-creation-error).
std::unique_ptr<testing::CheckResult> current(
    const std::string& src, std::vector<std::pair<std::string, std::string>> values,
    std::string entry = "") {
  CheckOptions o = pipeline(std::move(values));
  o.pipelineEntryPoint = std::move(entry);
  return testing::checkSourceIn(Revision::wgsl2026(), src, o);
}

TEST(PipelineOverrides2026, RunTimeOperandAndOverrideZero) {
  const char* src =
      "override o: i32;\nvar<private> left: i32;\n"
      "@compute @workgroup_size(1) fn main() { _ = left / o; }\n";
  auto r = current(src, {{"o", "0"}});
  ASSERT_EQ(r->rules(), std::vector<std::string>{"arithmetic-expr"}) << r->text();
  EXPECT_NE(r->text().find("pipeline creation: override-expression evaluation: division by a "
                           "known zero"),
            std::string::npos)
      << r->text();
  EXPECT_NE(r->text().find("in the shader of entry point 'main'"), std::string::npos) << r->text();
  EXPECT_TRUE(current(src, {{"o", "1"}})->valid());
  // Not an error at shader creation, and never in the seed.
  EXPECT_TRUE(testing::checkSourceIn(Revision::wgsl2026(), src)->valid());
  EXPECT_TRUE(checkSource(src, pipeline({{"o", "0"}}))->valid());
}

TEST(PipelineOverrides2026, OnlyTheShaderOfTheEntryPoint) {
  // new#override-expr's example: b is part of frag1's shader, not of frag2's.
  const char* src =
      "override a : i32 = 0;\noverride b = 1 / a;\n"
      "@fragment fn frag1() { _ = b; }\n@fragment fn frag2() {}\n";
  EXPECT_EQ(current(src, {}, "frag1")->rules(), std::vector<std::string>{"arithmetic-expr"});
  EXPECT_TRUE(current(src, {}, "frag2")->valid());
  // "If an override-declaration has its value substituted via the API, its initializer
  // expression ... will not be evaluated."
  EXPECT_TRUE(current(src, {{"b", "3"}}, "frag1")->valid());
  EXPECT_TRUE(current(src, {{"a", "2"}}, "frag1")->valid());
  // A function no entry point calls is no shader's.
  const char* unused =
      "override o: u32;\nfn unused() -> i32 { var v: i32 = 0; return v << o; }\n"
      "@compute @workgroup_size(1) fn main() {}\n";
  EXPECT_TRUE(current(unused, {{"o", "32"}})->valid());
  const char* called =
      "override o: u32;\nfn foo() -> i32 { var v: i32 = 0; return v << o; }\n"
      "@compute @workgroup_size(1) fn main() { _ = foo(); }\n";
  EXPECT_EQ(current(called, {{"o", "32"}})->rules(), std::vector<std::string>{"bit-expr"});
  EXPECT_TRUE(current(called, {{"o", "31"}})->valid());
  // The shader-creation error of the same example is reported without a pipeline.
  EXPECT_EQ(
      testing::checkSourceIn(Revision::wgsl2026(), "override a : i32 = 0;\noverride b = a / 0;")
          ->rules(),
      std::vector<std::string>{"arithmetic-expr"});
}

TEST(PipelineOverrides2026, BuiltinsConversionsAndIndices) {
  const char* clamp =
      "override lo = 2;\noverride hi = 1;\nfn f(x: i32) -> i32 { return clamp(x, lo, hi); }\n"
      "@compute @workgroup_size(1) fn main() { _ = f(0); }\n";
  EXPECT_EQ(current(clamp, {})->rules(), std::vector<std::string>{"clamp"});
  EXPECT_TRUE(current(clamp, {{"hi", "3"}})->valid());
  const char* bits =
      "override o: u32;\n@compute @workgroup_size(1) fn main() { var x = 1u; "
      "_ = extractBits(x, 30u, o); }\n";
  EXPECT_EQ(current(bits, {{"o", "3"}})->rules(),
            std::vector<std::string>{"extractBits-signed-builtin"});
  EXPECT_TRUE(current(bits, {{"o", "2"}})->valid());
  const char* conversion =
      "enable f16;\noverride o: f32;\n@compute @workgroup_size(1) fn main() { _ = f16(o); }\n";
  EXPECT_EQ(current(conversion, {{"o", "1e10"}})->rules(),
            std::vector<std::string>{"floating-point-conversion"});
  EXPECT_TRUE(current(conversion, {{"o", "1"}})->valid());
  const char* index =
      "override i = 5;\n@compute @workgroup_size(1) fn main() { let a = array(1, 2, 3); _ = a[i]; "
      "}\n";
  EXPECT_EQ(current(index, {})->rules(), std::vector<std::string>{"array-access-expr"});
  EXPECT_TRUE(current(index, {{"i", "2"}})->valid());
}

// new#const-expr, new#override-expr: the right-hand side of `false && e` is not evaluated, at
// pipeline creation too.
TEST(PipelineOverrides2026, ShortCircuit) {
  const char* src =
      "override cond: bool;\noverride zero = 0i;\n"
      "@compute @workgroup_size(1) fn main() { let foo = cond && (1 / zero) == 0; }\n";
  EXPECT_TRUE(current(src, {{"cond", "0"}})->valid());
  EXPECT_EQ(current(src, {{"cond", "1"}})->rules(), std::vector<std::string>{"arithmetic-expr"});
}

}  // namespace
}  // namespace plumb
