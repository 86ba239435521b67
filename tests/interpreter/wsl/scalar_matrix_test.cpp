// The reference implementation's other scalars (char, short, ushort, half) and its matrices
// (interpreter/wsl/standard_library.cpp, checker/wsl/matrix_library.cpp; docs/ambiguities.md W43,
// W44), and the memory a call leaves behind (RunOptions::observe).
#include <gtest/gtest.h>

#include "wsl_fixture.h"

namespace plumb::wsl::test {
namespace {

TEST(WslScalars, NarrowIntegersWrapAtTheirWidth) {
  EXPECT_EQ(onlyValue(runText(
                "char f(char a, char b) { return a + b; }", "f",
                {Value::makeInteger(charType(), 100), Value::makeInteger(charType(), 100)})),
            "-56");
  EXPECT_EQ(onlyValue(runText("ushort f(ushort a) { return a - 1; }", "f",
                              {Value::makeInteger(ushortType(), 0)})),
            "65535");
  EXPECT_EQ(onlyValue(runText(
                "short f(short a, short b) { return a / b; }", "f",
                {Value::makeInteger(shortType(), -32768), Value::makeInteger(shortType(), -1)})),
            "-32768");
  EXPECT_EQ(onlyValue(runText("short f(short a) { return a >> 1u; }", "f",
                              {Value::makeInteger(shortType(), -6)})),
            "-3");
  // Shifts count modulo the width of the first operand (seed "Bit manipulation"), here 8.
  EXPECT_EQ(onlyValue(runText("uchar f(uchar a) { return a << 9u; }", "f",
                              {Value::makeInteger(ucharType(), 1)})),
            "2");
  // An integer literal outside the type's range does not coerce to it.
  EXPECT_FALSE(checkText("char f() { return 200; }")->program);
  EXPECT_TRUE(checkText("char f() { return -128; }")->program);
}

TEST(WslScalars, BoolConvertsToOneOrZero) {
  // The RI's `operator T(bool x) { return x ? 1 : 0; }`, printed in each type's spelling.
  struct Case {
    const char* type;
    const char* one;
    const char* zero;
  };
  for (const Case& k : {Case{"uchar", "1", "0"}, Case{"ushort", "1", "0"}, Case{"uint", "1u", "0u"},
                        Case{"char", "1", "0"}, Case{"short", "1", "0"}, Case{"int", "1", "0"},
                        Case{"half", "1.0", "0.0"}, Case{"float", "1.0", "0.0"}}) {
    std::string p = std::string("test ") + k.type + " f(bool x) { return " + k.type + "(x); }";
    EXPECT_EQ(onlyValue(runText(p, "f", {Value::makeBool(true)})), k.one) << k.type;
    EXPECT_EQ(onlyValue(runText(p, "f", {Value::makeBool(false)})), k.zero) << k.type;
  }
}

TEST(WslScalars, HalfRoundsEveryResultToBinary16) {
  auto half = [](float f) { return Value::makeHalf(f); };
  EXPECT_EQ(
      onlyValue(runText("half f(half x, half y) { return x / y; }", "f", {half(7), half(-2)})),
      "-3.5");
  // 2049 is not a half: it rounds to even (2048); 65504 + 16 overflows to infinity.
  EXPECT_EQ(onlyValue(runText("half f(half x) { return x + 1; }", "f", {half(2048)})), "2048.0");
  EXPECT_EQ(onlyValue(runText("half f(half x) { return x + 16; }", "f", {half(65504)})), "inf");
  EXPECT_EQ(valueText(half(0.1f)), "0.0999755859");
  EXPECT_EQ(onlyValue(runText("float f(half x) { return float(x); }", "f", {half(0.1f)})),
            "0.0999755859");
}

TEST(WslMatrices, RowsElementsAndEquality) {
  const char* p = R"(
    test float get() { float2x3 a = float2x3(float3(3, 4, 5), float3(6, 7, 8)); return a[1][2]; }
    test float zero() { float2x2 a; return a[1][0]; }
    test bool same() {
      float2x2 a; a[0] = float2(1, 2); a[1] = float2(3, 4);
      float2x2 b; b[0][0] = 1; b[0][1] = 2; b[1][0] = 3; b[1][1] = 4;
      return a == b;
    }
    test bool scaled() {
      float2x2 a = float2x2(1, 2, 3, 4);
      a[1] *= 2;
      return a == float2x2(float2(1, 2), float2(6, 8));
    }
    test float sum() { float2x2 a = float2x2(1, 2, 3, 4); float2x2 b = a + a * 2; return b[1][1]; })";
  EXPECT_EQ(onlyValue(runText(p, "get")), "8.0");
  EXPECT_EQ(onlyValue(runText(p, "zero")), "0.0");
  EXPECT_EQ(onlyValue(runText(p, "same")), "true");
  EXPECT_EQ(onlyValue(runText(p, "scaled")), "true");
  EXPECT_EQ(onlyValue(runText(p, "sum")), "12.0");
  EXPECT_FALSE(checkText("float f() { int2x2 a; return 0; }")->program);
}

TEST(WslMemoryAfter, OutcomesReportObservedLocationsAndPointees) {
  // The host's buffer behind a pointer argument, after the call.
  RunOptions options;
  const Address buffer = Address(1) << 40;
  options.initialMemory = {{buffer, Value::makeInt(13)}};
  options.observe = {{buffer, intType()}};
  RunResult r = runText(
      "void f(device int* p, int v) { *p = v + 1; }", "f",
      {Value::makePtr(buffer, AddressSpace::Device, intType()), Value::makeInt(51)}, options);
  ASSERT_EQ(r.outcomes.size(), 1u);
  ASSERT_EQ(r.outcomes[0].observed.size(), 1u);
  EXPECT_EQ(valueText(r.outcomes[0].observed[0]), "52");
  // A pointer to a local outlives the call (static storage): its pointee is reported.
  RunOptions pointee;
  pointee.observePointee = true;
  RunResult q = runText("thread int* f() { int x = 42; return &x; }", "f", {}, pointee);
  ASSERT_EQ(q.outcomes.size(), 1u);
  ASSERT_EQ(q.outcomes[0].observed.size(), 1u);
  EXPECT_EQ(valueText(q.outcomes[0].observed[0]), "42");
}

}  // namespace
}  // namespace plumb::wsl::test
