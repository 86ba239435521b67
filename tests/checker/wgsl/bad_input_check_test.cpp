// Bad input never crashes or hangs the checker: overflowing literals, deeply nested and long
// constant expressions, huge array types and zero values, values shared many times over,
// cyclic aliases, declarations and structures. Each ends in a diagnostic naming its rule, or
// is valid and checked in time linear in the source.
#include <gtest/gtest.h>

#include <string>

#include "check_util.h"

namespace plumb {
namespace {

using testing::checkSource;

std::string repeat(const std::string& s, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

// #literals, #abstractint, #abstractfloat: literals that do not fit their type.
TEST(BadInputCheck, OverflowingLiterals) {
  EXPECT_EQ(checkSource("const a = 99999999999999999999;")->rules(),
            std::vector<std::string>{"abstractint"});
  EXPECT_EQ(checkSource("const a = 1e400;")->rules(), std::vector<std::string>{"abstractfloat"});
  EXPECT_EQ(checkSource("const a = 4294967296u;")->rules(), std::vector<std::string>{"literals"});
  EXPECT_EQ(checkSource("const a = 2147483648i;")->rules(), std::vector<std::string>{"literals"});
  EXPECT_EQ(checkSource("const a = 0x1p128f;")->rules(), std::vector<std::string>{"literals"});
  std::string thousandDigits = "const a = " + repeat("9", 1000) + ";";
  EXPECT_EQ(checkSource(thousandDigits)->rules(), std::vector<std::string>{"abstractint"});
}

// #types-for-creation-time-constants: AbstractInt results outside [-2^63, 2^63).
TEST(BadInputCheck, CreationTimeOverflow) {
  auto r = checkSource("const a = 9223372036854775807 + 1;");
  EXPECT_EQ(r->rules(), std::vector<std::string>{"types-for-creation-time-constants"}) << r->text();
  EXPECT_TRUE(checkSource("const a = -9223372036854775807 - 1;")->valid());
}

// Long and deep constant expressions within the parser's limits (docs/ambiguities.md A8) are
// checked and evaluated; beyond them the parser reports `processing-errors`.
TEST(BadInputCheck, LongAndDeepConstantExpressions) {
  auto chain = checkSource("const c = " + repeat("1 + ", 1000) + "1;\nstaticAssert c == 1001;");
  EXPECT_TRUE(chain->valid()) << chain->text();
  auto nested = checkSource("const d = " + repeat("(", 250) + "1" + repeat(" + 1)", 250) +
                            ";\nstaticAssert d == 251;");
  EXPECT_TRUE(nested->valid()) << nested->text();
  auto doubling = checkSource("const d = " + repeat("(", 250) + "2" + repeat(" * 2)", 250) + ";");
  EXPECT_EQ(doubling->rules(), std::vector<std::string>{"types-for-creation-time-constants"});
  auto negations = checkSource("const e = " + repeat("-", 1000) + "1;");
  EXPECT_TRUE(negations->valid()) << negations->text();
  auto tooDeep = checkSource("const f = " + repeat("(", 100000) + "1" + repeat(")", 100000) + ";");
  EXPECT_FALSE(tooDeep->valid());
  EXPECT_EQ(tooDeep->rules().front(), "processing-errors");
}

// A 10^6-element array type, and its zero value: shared elements keep the value small.
TEST(BadInputCheck, MillionElementArrays) {
  auto r = checkSource(
      "const a = array<f32, 1000000>();\n"
      "struct S { x: array<f32, 1000000> }\n"
      "const b = array<S, 1000>();\n"
      "fn f() { var c: array<f32, 1000000>; let d = a[999999] + b[999].x[999999]; }\n"
      "staticAssert a[999999] == 0.0f;");
  EXPECT_TRUE(r->valid()) << r->text();
  // 2^32 scalars, but only 2 x 65536 elements in memory.
  auto square = checkSource("const g = array<array<f32, 65536>, 65536>();");
  EXPECT_TRUE(square->valid()) << square->text();
}

// Zero values with more elements than Plumb materializes: an implementation limit
// (#processing-errors), not an out-of-memory crash.
TEST(BadInputCheck, ZeroValuesBeyondTheImplementationLimit) {
  auto r = checkSource("const a = array<f32, 4000000000u>();");
  EXPECT_EQ(r->rules(), std::vector<std::string>{"processing-errors"}) << r->text();
  EXPECT_NE(r->text().find("implementation limit"), std::string::npos);
  // The limit is per module: five distinct million-element types exceed 2^22 elements.
  std::string many;
  for (int i = 0; i < 5; ++i)
    many +=
        "const a" + std::to_string(i) + " = array<f32, " + std::to_string(1000000 + i) + ">();\n";
  EXPECT_EQ(checkSource(many)->rules(), std::vector<std::string>{"processing-errors"});
  // A composite whose element's zero value is the one that crosses the limit: the matrix
  // itself fits (4 columns), its column vector (4 more elements) does not.
  auto matrix = checkSource(
      "const a = array<f32, 4194300>();\n"
      "const m = mat4x4<f32>();");
  EXPECT_EQ(matrix->rules(), std::vector<std::string>{"processing-errors"}) << matrix->text();
  // The same type's zero value is built once.
  EXPECT_TRUE(checkSource(repeat("staticAssert array<f32, 1000000>()[7] == 0.0f;\n", 50))->valid());
}

// A value that doubles forty times: 2^41 scalars written out, 41 x 2 elements in memory.
// Checking, copying into a variable and indexing stay linear.
TEST(BadInputCheck, ValuesSharedManyTimesOver) {
  std::string source = "const a0 = array<i32, 2>(1, 2);\n";
  std::string type = "array<i32, 2>";
  for (int i = 1; i <= 40; ++i) {
    type = "array<" + type + ", 2>";
    source += "const a" + std::to_string(i) + " = " + type + "(a" + std::to_string(i - 1) + ", a" +
              std::to_string(i - 1) + ");\n";
  }
  std::string path = repeat("[1]", 40);
  source += "fn f() { var x = a40; let y = a40" + path + "[0]; }\n";
  source += "staticAssert a40" + path + "[1] == 2;\n";
  auto r = checkSource(source);
  EXPECT_TRUE(r->valid()) << r->text();
  auto outOfBounds = checkSource(source + "const bad = a40" + path + "[2];\n");
  EXPECT_FALSE(outOfBounds->valid());
}

// #declaration-and-scope: cycles among module-scope declarations are errors, reported once.
TEST(BadInputCheck, CyclicDeclarations) {
  EXPECT_EQ(checkSource("type A = B;\ntype B = A;")->rules(),
            std::vector<std::string>{"declaration-and-scope"});
  EXPECT_EQ(checkSource("const a = b;\nconst b = a + 1;")->rules(),
            std::vector<std::string>{"declaration-and-scope"});
  EXPECT_EQ(checkSource("struct S { s: S }")->rules(),
            std::vector<std::string>{"declaration-and-scope"});
  EXPECT_EQ(checkSource("struct T { u: array<U, 2> }\nstruct U { t: T }")->rules(),
            std::vector<std::string>{"declaration-and-scope"});
  EXPECT_EQ(checkSource("type A = array<A, 2>;")->rules(),
            std::vector<std::string>{"declaration-and-scope"});
  // A long acyclic chain declared in reverse order resolves without deep recursion limits
  // being hit for reasonable sizes.
  std::string chain;
  for (int i = 0; i < 2000; ++i)
    chain += "const c" + std::to_string(i) + " = c" + std::to_string(i + 1) + " + 1;\n";
  chain += "const c2000 = 0;\nstaticAssert c0 == 2000;\n";
  auto r = checkSource(chain);
  EXPECT_TRUE(r->valid()) << r->text().substr(0, 2000);
}

}  // namespace
}  // namespace plumb
