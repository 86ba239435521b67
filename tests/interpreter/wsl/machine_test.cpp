// The WSL small-step machine (interpreter/wsl/machine.cpp): programs whose results the seed
// determines, and the choice points it leaves open, explored as sets.
#include <gtest/gtest.h>

#include "wsl_fixture.h"

namespace plumb::wsl::test {
namespace {

TEST(WslMachine, AddsOne) {
  EXPECT_EQ(onlyValue(runText("int foo(int x) { return x + 1; }", "foo", {Value::makeInt(42)})),
            "43");
}

TEST(WslMachine, WhileLoopAndContinue) {
  const char* p = R"(int foo(int x) {
      while (x < 10) {
        if (x == 8) { x = x + 1; continue; }
        x = x * 2;
      }
      return x;
    })";
  EXPECT_EQ(onlyValue(runText(p, "foo", {Value::makeInt(1)})), "18");
}

TEST(WslMachine, ParenthesizedLiteralsKeepTheirValue) {
  // Found by the RI differential oracle: `-(1)` and `5 + (2)` gave 0 and 5 (the literal in
  // parentheses was coerced from the parentheses' empty value).
  const char* p = "int foo(int a) { return -(1) * 100 + 5 + (2) + (-(-1)) * 10 + a; }";
  EXPECT_EQ(onlyValue(runText(p, "foo", {Value::makeInt(1000)})), "917");
}

TEST(WslMachine, ForLoopWithDeclaration) {
  const char* p = "int sum(int n) { int s = 0; for (int i = 0; i < n; i++) { s += i; } return s; }";
  EXPECT_EQ(onlyValue(runText(p, "sum", {Value::makeInt(5)})), "10");
}

TEST(WslMachine, StructsPointersAndAnders) {
  const char* p = R"(struct Foo { int x; int y; }
    int get(thread Foo* f) { return f->y; }
    int foo() { Foo a; a.x = 3; a.y = 4; a.x += a.y; return a.x * 10 + get(&a); })";
  EXPECT_EQ(onlyValue(runText(p, "foo")), "74");
}

TEST(WslMachine, ArraysAndArrayReferences) {
  const char* p =
      R"(int sum(thread int[] r) { int s = 0; for (uint i = 0; i < r.length; i++) s += r[i]; return s; }
    int foo() { int[3] a; a[0] = 1; a[1] = 2; a[2] = 40; return sum(@a); })";
  EXPECT_EQ(onlyValue(runText(p, "foo")), "43");
}

TEST(WslMachine, SwitchWithFallthrough) {
  const char* p = R"(int foo(int x) {
      int r = 0;
      switch (x) {
        case 1: r = r + 1; fallthrough;
        case 2: r = r + 10; break;
        default: r = 100; break;
      }
      return r;
    })";
  EXPECT_EQ(onlyValue(runText(p, "foo", {Value::makeInt(1)})), "11");
  EXPECT_EQ(onlyValue(runText(p, "foo", {Value::makeInt(2)})), "10");
  EXPECT_EQ(onlyValue(runText(p, "foo", {Value::makeInt(7)})), "100");
}

TEST(WslMachine, OutOfBoundsIndexIsClampedToEveryInBoundsIndex) {
  // array_ref_clamped: Ref(addr, 3)[5] => Ref(addr, 3)[j] for each j < 3.
  const char* p = "int foo(uint i) { int[3] a; a[0] = 10; a[1] = 20; a[2] = 30; return (@a)[i]; }";
  RunResult r = runText(p, "foo", {Value::makeUint(5)});
  ASSERT_EQ(r.outcomes.size(), 3u);
  EXPECT_TRUE(r.rulesFired.count("array_ref_clamped"));
  EXPECT_EQ(onlyValue(runText(p, "foo", {Value::makeUint(1)})), "20");
}

TEST(WslMachine, DivisionByZeroIsUnspecified) {
  EXPECT_EQ(onlyValue(runText("int foo(int x) { return 7 / x; }", "foo", {Value::makeInt(0)})),
            "any int");
  // An unspecified bool is both: two outcomes.
  RunResult r =
      runText("int foo(int x) { if (7 / x == 1) return 1; return 2; }", "foo", {Value::makeInt(0)});
  EXPECT_EQ(r.outcomes.size(), 2u);
}

TEST(WslMachine, PostfixIncrementReturnsTheOldValue) {
  EXPECT_EQ(onlyValue(runText("int foo() { int x = 5; int y = x++; return y * 10 + x; }", "foo")),
            "56");
}

TEST(WslMachine, DanglingPointersAliasTheStaticStore) {
  // Seed: one store identifier per declaration; *bar(5) is loaded before bar(7) runs.
  const char* p = R"(thread int* bar(int value) { int x = value; return &x; }
    int foo() { return *bar(5) + *bar(7); })";
  EXPECT_EQ(onlyValue(runText(p, "foo")), "12");
}

TEST(WslMachine, DiscardEndsTheThread) {
  RunResult r = runText("void foo() { discard; }", "foo");
  ASSERT_EQ(r.outcomes.size(), 1u);
  EXPECT_EQ(r.outcomes[0].status, Outcome::Status::Discarded);
}

TEST(WslMachine, WslOttForInitVdeclsSkipsTheIncrementOnContinue) {
  // docs/ambiguities.md W10: the prose keeps the `for`; WSL.ott's while loop never increments
  // after `continue`, so the loop runs until the step limit.
  const char* p =
      "int f(int n) { int s = 0; for (int i = 0; i < n; i++) { if (i == 1) continue; s += 10; } "
      "return s; }";
  EXPECT_EQ(onlyValue(runText(p, "f", {Value::makeInt(3)})), "20");
  CheckOptions ott;
  ott.desugar.ottForInitVdecls = true;
  auto c = checkText(p, ott);
  ASSERT_TRUE(c->program) << c->messages();
  RunOptions o;
  o.entry = "f";
  o.arguments = {Value::makeInt(3)};
  o.maxSteps = 5000;
  RunResult r = runFunction(*c->program, o);
  ASSERT_EQ(r.outcomes.size(), 1u);
  EXPECT_EQ(r.outcomes[0].status, Outcome::Status::StepLimit);
}

TEST(WslMachine, StepLimitIsAnOutcome) {
  RunOptions o;
  o.maxSteps = 1000;
  RunResult r = runText("int foo() { while (true) { } return 0; }", "foo", {}, o);
  ASSERT_EQ(r.outcomes.size(), 1u);
  EXPECT_EQ(r.outcomes[0].status, Outcome::Status::StepLimit);
}

}  // namespace
}  // namespace plumb::wsl::test
