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

}  // namespace
}  // namespace plumb
