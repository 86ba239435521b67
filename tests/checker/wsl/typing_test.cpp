// The WSL checker (checker/wsl): each rejection names its WSL.ott rule or the seed's step.
#include <gtest/gtest.h>

#include "wsl_fixture.h"

namespace plumb::wsl::test {
namespace {

TEST(WslTyping, ValidProgram) {
  auto c = checkText("int foo(int x) { return x + 1; }");
  EXPECT_TRUE(c->program) << c->messages();
}

TEST(WslTyping, UnreachableCodeIsInvalid) {
  // block: Normal in B (the seed: statically unreachable code is invalid).
  EXPECT_EQ(checkText("int foo() { return 0; return 1; }")->firstRule(), "wsl-typing-block");
}

TEST(WslTyping, MissingReturn) {
  EXPECT_EQ(checkText("int foo(bool b) { if (b) return 1; }")->firstRule(),
            "wsl-validation-typing-of-functions");
}

TEST(WslTyping, ConditionMustBeBool) {
  EXPECT_EQ(checkText("int foo(int x) { if (x) return 1; return 0; }")->firstRule(),
            "wsl-typing-if");
}

TEST(WslTyping, UnknownVariable) {
  EXPECT_EQ(checkText("int foo() { return y; }")->firstRule(), "wsl-typing-variable_name");
}

TEST(WslTyping, UninitializedPointerIsInvalid) {
  EXPECT_EQ(checkText("int foo() { thread int* p; return *p; }")->firstRule(),
            "wsl-typing-variable_decl");
}

TEST(WslTyping, SwitchMustCoverOrHaveDefault) {
  const char* p = R"(enum E { A, B }
    int foo(E e) { switch (e) { case E.A: return 1; } })";
  EXPECT_EQ(checkText(p)->firstRule(), "wsl-typing-switch_no_break");
  const char* q = R"(enum E { A, B }
    int foo(E e) { switch (e) { case E.A: return 1; case E.B: return 2; default: return 3; } })";
  EXPECT_EQ(checkText(q)->firstRule(), "wsl-typing-switch_no_break");
}

TEST(WslTyping, EnumRules) {
  EXPECT_EQ(checkText("enum E { A = 1, B }")->firstRule(), "wsl-validation-enum");
  EXPECT_EQ(checkText("enum E { A, B = 0 }")->firstRule(), "wsl-validation-enum");
  EXPECT_TRUE(checkText("enum E { A = 5, B = 0 }")->program);
}

TEST(WslTyping, RecursionIsInvalid) {
  EXPECT_EQ(checkText("int f(int x) { return f(x); }")->firstRule(),
            "wsl-validation-verifying-the-absence-of-recursion");
}

TEST(WslTyping, LiteralsCoerceOnlyWhenUnambiguous) {
  EXPECT_TRUE(checkText("uint f() { return 5; } float g() { return 5; }")->program);
  const char* ambiguous =
      "int h(uint x) { return 1; } int h(float x) { return 2; } int k() { return h(5); }";
  EXPECT_EQ(checkText(ambiguous)->firstRule(), "wsl-typing-call");
  const char* narrowed =
      "int h(int x) { return 1; } int h(float x) { return 2; } int k() { return h(5); }";
  EXPECT_TRUE(checkText(narrowed)->program);
}

TEST(WslTyping, AssignmentNeedsAnAbstractLeftValue) {
  EXPECT_EQ(checkText("int f() { 3 = 4; return 0; }")->firstRule(), "wsl-typing-assignment");
}

TEST(WslTyping, LoopBehavioursFollowTheProse) {
  const char* p = "int f() { do { return 1; } while (true); }";
  EXPECT_TRUE(checkText(p)->program);
  CheckOptions ott;
  ott.ottLoopBehaviours = true;
  EXPECT_EQ(checkText(p, ott)->firstRule(), "wsl-validation-typing-of-functions");
}

}  // namespace
}  // namespace plumb::wsl::test
