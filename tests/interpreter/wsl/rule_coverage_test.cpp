// Rule coverage (issue 20's bar: 130/130): every rule of WSL.ott, 8 desugaring, 42 typing and 80
// execution rules, is used by one of these programs, as the desugaring steps, the checker's
// fired rules and the machine's traces (the derivation of every step) report.
#include <gtest/gtest.h>

#include <set>

#include "semantics/wsl/desugar.h"
#include "wsl_fixture.h"

namespace plumb::wsl::test {
namespace {

struct Program_ {
  const char* text;
  const char* entry;
  std::vector<Value> args;
};

const std::vector<Program_>& programs() {
  static const std::vector<Program_> list = {
      // Desugarings, loops, blocks, declarations.
      {R"(int loops(int n) {
            int a, b = 1;
            ;
            if (n < 0) a = 1;
            while (a < n) a++;
            for (a = 0; ; ) break;
            for (int i = 0; i < n; ) { i += 1; b = b + i; }
            for (int j = 0; j < 3; j++) { if (j == 1) continue; b = b * 2; }
            do { b++; } while (b < 0);
            do { break; } while (true);
            return b;
          })",
       "loops",
       {Value::makeInt(3)}},
      {"int early(int n) { for (int i = 0; i < 5; i++) { if (i == n) return i * 10; } return -1; }",
       "early",
       {Value::makeInt(2)}},
      // Expressions: short circuits, ternaries, comma, parentheses, not.
      {R"(int logic(bool p, bool q) {
            int x = 0;
            if (p && q) x = 1;
            if (!p && q) x = 2;
            if (p || q) x = x + 4;
            if (!p || q) x = x + 8;
            x = (x = x + 1, x * 2);
            int y = p ? 1 : 2;
            int z = !q ? x : y;
            return (x + y) + z;
          })",
       "logic",
       {Value::makeBool(true), Value::makeBool(false)}},
      {"int logic2(bool p) { if (false || p) return 1; return 2; }",
       "logic2",
       {Value::makeBool(true)}},
      // Pointers, references, structs, arrays: anders, getters, setters, indexers.
      {R"(struct S { int x; int[3] a; }
          S make() { S s; s.x = 7; return s; }
          int[3] arr() { int[3] a; a[1] = 5; return a; }
          int sum(thread int[] r) { int t = 0; for (uint i = 0; i < r.length; i++) t += r[i]; return t; }
          void set(thread int* p) { *p = 9; return; }
          void nothing() { }
          int memory(uint k) {
            S s;
            s.x = 1;
            s.a[k + 1u] = 2;
            thread int[] r = @s.a;
            r[0] = 3;
            r[k] += 4;
            int[3] b;
            b[2] = 5;
            set(&b[0]);
            nothing();
            ++s.x;
            s.x--;
            int m = make().x + arr()[1];
            return s.x + s.a[1] + sum(@b) + sum(r) + m + (@s.x)[5u];
          })",
       "memory",
       {Value::makeUint(0)}},
      // User getters and setters without an address-taker (assign_setter, assign_indexed_setter).
      {R"(struct V { int v; }
          int operator.foo(V s) { return s.v; }
          V operator.foo=(V s, int n) { s.v = n; return s; }
          int operator[](V s, uint i) { return s.v + int(i); }
          V operator[]=(V s, uint i, int n) { s.v = n * 10; return s; }
          int accessors() {
            V s;
            s.foo = 5;
            int a = s.foo;
            s[2u] = 3;
            return a + s[1u];
          })",
       "accessors",
       {}},
      // Switches.
      {R"(int sw(int n) {
            switch (n) {
              case 0: n = 10; fallthrough;
              case 1: n = n + 1; break;
              case 2: return 20;
              default: break;
            }
            for (int i = 0; i < 2; i++) {
              switch (i) { case 0: continue; default: break; }
            }
            return n;
          })",
       "sw",
       {Value::makeInt(0)}},
      {"int sw2(int n) { switch (n) { case 2: return 20; default: return 30; } }",
       "sw2",
       {Value::makeInt(2)}},
      {"int sw3(int n) { switch (n) { case 2: return 20; default: return 30; } }",
       "sw3",
       {Value::makeInt(7)}},
      // An enum variable read before it is written: an invalid value, replaced (load_invalid).
      {"enum E { A, B } E fresh() { E e = e; return e; }", "fresh", {}},
      {"int ternaries(bool p) { return p ? 3 : 4; }", "ternaries", {Value::makeBool(false)}},
  };
  return list;
}

TEST(WslRuleCoverage, EveryRuleOfWslOttFires) {
  std::set<std::string> desugarings, typing, execution;
  for (const Program_& p : programs()) {
    auto c = checkText(p.text);
    ASSERT_TRUE(c->program) << p.entry << ": " << c->messages();
    for (const DesugarStep& s : c->program->desugarings) desugarings.insert(s.rule);
    typing.insert(c->program->typingRules.begin(), c->program->typingRules.end());
    RunOptions o;
    o.entry = p.entry;
    o.arguments = p.args;
    RunResult r = runFunction(*c->program, o);
    ASSERT_TRUE(r.error.empty()) << r.error;
    for (const Outcome& x : r.outcomes)
      EXPECT_EQ(x.status, Outcome::Status::Returned) << p.entry << " " << x.stuckTerm;
    execution.insert(r.rulesFired.begin(), r.rulesFired.end());
  }
  size_t covered = 0;
  for (const std::string& rule : desugaringRuleNames()) {
    EXPECT_TRUE(desugarings.count(rule)) << "desugaring rule never applied: " << rule;
    covered += desugarings.count(rule);
  }
  for (const std::string& rule : typingRuleNames()) {
    EXPECT_TRUE(typing.count(rule)) << "typing rule never used: " << rule;
    covered += typing.count(rule);
  }
  for (const std::string& rule : executionRuleNames()) {
    EXPECT_TRUE(execution.count(rule)) << "execution rule never taken: " << rule;
    covered += execution.count(rule);
  }
  EXPECT_EQ(desugaringRuleNames().size() + typingRuleNames().size() + executionRuleNames().size(),
            130u);
  EXPECT_EQ(covered, 130u);
}

// The trace names each step's axiom and its congruence rules, outermost first.
TEST(WslRuleCoverage, TraceNamesTheDerivation) {
  auto c = checkText("int f(int x) { return x + 1; }");
  ASSERT_TRUE(c->program);
  RunOptions o;
  o.entry = "f";
  o.arguments = {Value::makeInt(1)};
  std::vector<StepTrace> steps;
  o.trace = [&](size_t, uint64_t, const StepTrace& t) { steps.push_back(t); };
  RunResult r = runFunction(*c->program, o);
  ASSERT_FALSE(steps.empty());
  EXPECT_EQ(steps.front().rules, std::vector<std::string>{"call_resolve"});
  EXPECT_EQ(steps.front().events.size(), 1u);  // the store of the parameter
  bool sawLoad = false;
  for (const StepTrace& t : steps)
    if (t.rules.back() == "load_valid") {
      sawLoad = true;
      EXPECT_EQ(t.rules.front(), "call_construct_reduce");
      EXPECT_EQ(t.events.front().kind, MemoryEvent::Kind::Load);
    }
  EXPECT_TRUE(sawLoad);
  EXPECT_EQ(steps.back().rules.back(), "call_return");
}

}  // namespace
}  // namespace plumb::wsl::test
