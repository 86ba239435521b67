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

// The names of WSL.ott's rules (shared/spec/wsl/WSL.ott, every `---- :: name` outside a `%`
// comment, in the file's order; its commented-out `call_no_targ` is no rule), kept here so that
// Plumb's own lists are checked against the formal semantics, not against themselves.
const std::vector<std::string>& wslOttRules() {
  static const std::vector<std::string> names = {
      "if_then",
      "empty_stmt",
      "while",
      "for_empty_cond",
      "for_empty_incr",
      "for_init_expr",
      "for_init_vdecls",
      "multiple_vdecls",
      "if",
      "do_while",
      "for",
      "switch_break",
      "switch_no_break",
      "break",
      "continue",
      "fallthrough",
      "return",
      "return_void",
      "empty_block",
      "variable_decl",
      "variable_decl_init",
      "trivial_block",
      "block",
      "expr",
      "case",
      "default",
      "switch_block",
      "literal_true",
      "literal_false",
      "parens",
      "comma",
      "or",
      "and",
      "ternary_no_int_literals",
      "ternary_int_literals",
      "not",
      "assignment",
      "alval_to_rval",
      "lval_to_alval",
      "lval_to_rval",
      "variable_name",
      "address_taking",
      "ptr_deref",
      "take_ref_lval",
      "array_index_rval",
      "array_index_lval",
      "array_ref_index",
      "postfix_incr",
      "prefix_incr",
      "operator_plus_equal",
      "alval_dot_reduce",
      "alval_dot_ander",
      "alval_array_reduce_left",
      "alval_array_ref_reduce",
      "alval_array_reduce_right",
      "array_ref_clamped",
      "array_ref_valid",
      "alval_array_ander",
      "alval_generic_reduce",
      "and_true",
      "and_false",
      "and_reduce",
      "or_true",
      "or_false",
      "or_reduce",
      "ternary_true",
      "ternary_false",
      "ternary_reduce",
      "comma_next",
      "comma_reduce",
      "parens_exec",
      "not_true",
      "not_false",
      "deref_ptr",
      "deref_reduce",
      "take_ptr_reduce",
      "take_ptr_lval",
      "make_ref_reduce",
      "make_ref_lval",
      "array_deref_reduce",
      "array_deref_getter",
      "dot_reduce",
      "dot_getter",
      "environment_access",
      "load_valid",
      "load_invalid",
      "assign_left_reduce",
      "assign_right_reduce",
      "assign_execute",
      "assign_setter",
      "assign_indexed_setter",
      "call_reduce",
      "call_resolve",
      "call_construct_reduce",
      "call_return",
      "call_return_void",
      "call_end_function",
      "postfix_incr_reduce",
      "postfix_incr_elim",
      "prefix_incr_reduce",
      "prefix_incr_elim",
      "plus_equal_reduce",
      "plus_equal_elim",
      "block_annotate",
      "block_reduce",
      "block_next_stmt",
      "block_terminator",
      "block_vdecl",
      "block_vdecl_reduce",
      "block_vdecl_complete",
      "effectful_expr_reduce",
      "effectful_expr_elim",
      "return_reduce",
      "if_reduce",
      "if_true",
      "if_false",
      "do_while_loop",
      "for_loop",
      "loop_reduce",
      "loop_break",
      "loop_next_iteration",
      "loop_increment",
      "loop_other_terminator",
      "switch_reduce",
      "switch_case_found",
      "switch_default",
      "cases_reduce",
      "cases_fallthrough",
      "cases_break",
      "cases_other_terminator",
  };
  return names;
}

// Plumb's rule lists are WSL.ott's rules, each once: coverage counted on them is WSL.ott's.
TEST(WslRuleCoverage, RuleListsAreWslOttsRules) {
  std::vector<std::string> plumb;
  for (const auto* list : {&desugaringRuleNames(), &typingRuleNames(), &executionRuleNames()})
    plumb.insert(plumb.end(), list->begin(), list->end());
  EXPECT_EQ(std::set<std::string>(plumb.begin(), plumb.end()).size(), plumb.size())
      << "a rule is listed twice";
  std::set<std::string> ott(wslOttRules().begin(), wslOttRules().end());
  ASSERT_EQ(ott.size(), 130u);
  EXPECT_EQ(std::set<std::string>(plumb.begin(), plumb.end()), ott);
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
  // Each of WSL.ott's 130 rules, by its own name, in one of the three sets.
  for (const std::string& rule : wslOttRules())
    EXPECT_TRUE(desugarings.count(rule) || typing.count(rule) || execution.count(rule))
        << "WSL.ott rule never used: " << rule;
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
