// The Cg evaluator (interpreter/cg/evaluator.h): the seed's evaluation rules and the outcome
// sets where it leaves a result undefined.
#include "interpreter/cg/evaluator.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "semantics/cg/parser.h"

namespace plumb::cg {
namespace {

struct Ran {
  RunResult result;
  // Each outcome as "status" or the text of its outputs ("return = 3"), sorted.
  std::vector<std::string> outcomes() const {
    std::vector<std::string> out;
    for (const Outcome& o : result.outcomes) {
      if (o.status != Outcome::Status::Returned) {
        out.push_back(statusName(o.status));
        continue;
      }
      std::string s;
      for (const Output& x : o.outputs)
        s += (s.empty() ? "" : "; ") + x.name + " = " + valueText(x.value);
      out.push_back(s);
    }
    std::sort(out.begin(), out.end());
    return out;
  }
};

// Parses, checks (unless `check` is false: a program only the checker rejects) and runs.
Ran run(const std::string& text, const std::string& entry, std::vector<std::string> args = {},
        Precision precision = Precision::Types, bool check = true,
        const Dialect& dialect = Dialect::seed(), std::vector<std::string> uniforms = {},
        const std::string& profile = "generic", std::vector<std::string> quadRight = {},
        std::vector<std::string> quadBelow = {}, std::vector<std::string> quadDiagonal = {}) {
  SourceFile file("test.cg", text);
  DiagnosticList diagnostics;
  ParseOptions parse;
  parse.lex.dialect = dialect;
  std::optional<Program> program = parseProgram(file, diagnostics, parse);
  EXPECT_TRUE(program.has_value()) << text;
  Ran r;
  if (!program) return r;
  // The checker first, as `plumb cg run` does: it annotates each call with its overload.
  CheckOptions options;
  options.entry = entry;
  options.dialect = dialect;
  options.profile = profile;
  std::optional<CheckedProgram> checked;
  if (check) checked = checkProgram(*program, file, diagnostics, options);
  if (check && !checked) {
    std::string text;
    for (const Diagnostic& d : diagnostics.all()) text += renderText(d);
    ADD_FAILURE() << "the checker rejects " << entry << ":\n" << text;
  }
  RunOptions o;
  o.file = &file;
  o.checked = checked ? &*checked : nullptr;
  o.entry = entry;
  o.args = std::move(args);
  o.uniforms = std::move(uniforms);
  o.precision = precision;
  o.profile = profile;
  o.quadRight = quadRight;
  o.quadBelow = quadBelow;
  o.quadDiagonal = quadDiagonal;
  r.result = runFunction(*program, o);
  EXPECT_EQ(r.result.error, "");
  return r;
}

using Outcomes = std::vector<std::string>;

TEST(CgEvaluator, ConditionalExecutesBothArms) {
  // "Unlike C, side effects in the expressions in the second and third operands are always
  // executed, regardless of the condition."
  const char* p = R"(
    int g;
    int bump(int v) { g = g + v; return v; }
    int f(bool c) { g = 0; int r = c ? bump(1) : bump(10); return r * 100 + g; }
  )";
  EXPECT_EQ(run(p, "f", {"true"}).outcomes(), Outcomes{"return = 111"});
  EXPECT_EQ(run(p, "f", {"false"}).outcomes(), Outcomes{"return = 1011"});
}

TEST(CgEvaluator, NoShortCircuit) {
  // "Both sides of && and || are always evaluated; there is no short-circuiting".
  const char* p = R"(
    bool touch(inout int n) { n = n + 1; return true; }
    int f() { int n = 0; bool a = false && touch(n); bool b = true || touch(n); return n; }
  )";
  Ran r = run(p, "f");
  EXPECT_EQ(r.outcomes(), Outcomes{"return = 2"});
  EXPECT_TRUE(r.result.rulesFired.count("boolean-both-sides"));
}

TEST(CgEvaluator, BoolVectorsAreElementwise) {
  const char* p = R"(
    bool2 f() { return bool2(true, false) || bool2(false, false); }
    float2 g(float2 x) { return x > float2(0, 0) ? x : -x; }
  )";
  EXPECT_EQ(run(p, "f").outcomes(), Outcomes{"return = bool2(true, false)"});
  EXPECT_EQ(run(p, "g", {"-1,2"}).outcomes(), Outcomes{"return = float2(1, 2)"});
}

TEST(CgEvaluator, CallOrderWithinAnExpressionIsUndefined) {
  // "For multiple function calls within an expression, the calls can occur in any order".
  const char* p = R"(
    int g;
    int twice() { g = g * 2; return 0; }
    int inc() { g = g + 1; return 0; }
    int f() { g = 1; int x = twice() + inc(); return g; }
  )";
  Ran r = run(p, "f");
  EXPECT_EQ(r.outcomes(), (Outcomes{"return = 3", "return = 4"}));
  EXPECT_EQ(r.result.executions, 2u);
}

TEST(CgEvaluator, EveryOrderOfFiveCalls) {
  // Five calls with side effects in one expression: every one of the 5! = 120 orders is
  // explored (the seed's set; an evaluator that explored only the written order and its
  // reverse would report 2 of the 120 values of g). g = g * 10 + k records the order.
  const char* p = R"(
    int g;
    int a() { g = g * 10 + 1; return 0; }
    int b() { g = g * 10 + 2; return 0; }
    int c() { g = g * 10 + 3; return 0; }
    int d() { g = g * 10 + 4; return 0; }
    int e() { g = g * 10 + 5; return 0; }
    int sum(int p, int q, int r, int s, int t) { return p + q + r + s + t; }
    int f() { g = 0; int x = sum(a(), b(), c(), d(), e()); return g; }
  )";
  Ran r = run(p, "f");
  EXPECT_EQ(r.result.executions, 120u);
  EXPECT_FALSE(r.result.executionLimitReached);
  std::vector<std::string> o = r.outcomes();
  ASSERT_EQ(o.size(), 120u);
  EXPECT_TRUE(std::count(o.begin(), o.end(), "return = 12345"));
  EXPECT_TRUE(std::count(o.begin(), o.end(), "return = 54321"));
  EXPECT_TRUE(std::count(o.begin(), o.end(), "return = 31524"));  // neither written nor reversed
  // With fewer executions allowed than orders, the report says the set is incomplete.
  SourceFile file("t.cg", p);
  DiagnosticList diagnostics;
  Program program = *parseProgram(file, diagnostics);
  RunOptions options;
  options.entry = "f";
  options.maxExecutions = 50;
  RunResult limited = runFunction(program, options);
  EXPECT_EQ(limited.executions, 50u);
  EXPECT_TRUE(limited.executionLimitReached);
}

TEST(CgEvaluator, ParametersByCopy) {
  const char* p = R"(
    void inc(inout float a) { a = a + 1; }
    void set(float a) { a = 5; }
    float f(float x) { inc(x); set(x); return x; }
  )";
  EXPECT_EQ(run(p, "f", {"1.5"}).outcomes(), Outcomes{"return = 2.5"});
}

TEST(CgEvaluator, CopyOutOrderToOneVariable) {
  // Two out parameters bound to one variable: the copies back are not ordered by the seed.
  const char* p = R"(
    void two(out float a, out float b) { a = 1; b = 2; }
    float f() { float x; two(x, x); return x; }
  )";
  EXPECT_EQ(run(p, "f").outcomes(), (Outcomes{"return = 1", "return = 2"}));
}

TEST(CgEvaluator, OutParametersStartUndefined) {
  const char* p = R"(
    void keep(out float a) { }
    float f() { float x = 3; keep(x); return x; }
  )";
  EXPECT_EQ(run(p, "f").outcomes(), Outcomes{"return = undefined"});
}

TEST(CgEvaluator, UninitializedReadsAreUndefined) {
  const char* p = R"(
    float f() { float x; return x; }
    float4 g() { float4 v; v.xy = float2(1, 2); return v; }
    float h() { bool b; if (b) return 1; return 2; }
  )";
  EXPECT_EQ(run(p, "f").outcomes(), Outcomes{"return = undefined"});
  EXPECT_EQ(run(p, "g").outcomes(), Outcomes{"return = float4(1, 2, undefined, undefined)"});
  // A branch on an undefined bool: both ways.
  EXPECT_EQ(run(p, "h").outcomes(), (Outcomes{"return = 1", "return = 2"}));
}

TEST(CgEvaluator, IntegerUndefinedBehaviour) {
  const char* p = R"(
    int quotient(int x, int y) { return x / y; }
    int next(int x) { return x + 1; }
    int mixed(int x) { int u; return x + u; }
  )";
  EXPECT_EQ(run(p, "quotient", {"7", "0"}).outcomes(), Outcomes{"undefined"});
  EXPECT_EQ(run(p, "quotient", {"-7", "2"}).outcomes(), Outcomes{"return = -3"});
  EXPECT_EQ(run(p, "quotient", {"-2147483648", "-1"}).outcomes(), Outcomes{"undefined"});
  EXPECT_EQ(run(p, "next", {"2147483647"}).outcomes(), Outcomes{"undefined"});
  // An undefined operand: an undefined value, or the undefined behaviour it may cause.
  EXPECT_EQ(run(p, "mixed", {"1"}).outcomes(), (Outcomes{"return = undefined", "undefined"}));
}

TEST(CgEvaluator, FixedSaturatesAndRoundsBothWays) {
  const char* p = R"(
    fixed add(fixed a, fixed b) { return a + b; }
    fixed third(fixed a) { return a / 0.75; }
    fixed byThree(fixed a) { return a / 3; }
  )";
  EXPECT_EQ(run(p, "add", {"1.5", "1.5"}).outcomes(), Outcomes{"return = 1.9990234375"});
  EXPECT_EQ(run(p, "add", {"-1.5", "-1.5"}).outcomes(), Outcomes{"return = -2"});
  EXPECT_EQ(run(p, "third", {"1"}).outcomes(), Outcomes{"return = [1.3330078125, 1.333984375]"});
  // The cint 3 converts to fixed (usual arithmetic conversion rule 1) and saturates to
  // 2 - 2^-10 first: 1 / 1.9990234375, either neighbour.
  EXPECT_EQ(run(p, "byThree", {"1"}).outcomes(), Outcomes{"return = [0.5, 0.5009765625]"});
}

TEST(CgEvaluator, HalfOverflowsToInfinity) {
  const char* p = R"(
    half square(half a) { return a * a; }
    float squareF(float a) { return a * a; }
  )";
  EXPECT_EQ(run(p, "square", {"300"}).outcomes(), Outcomes{"return = inf"});
  EXPECT_EQ(run(p, "squareF", {"300"}).outcomes(), Outcomes{"return = 90000"});
  // --precision fp16 evaluates float in fp16 too.
  EXPECT_EQ(run(p, "squareF", {"300"}, Precision::Fp16).outcomes(), Outcomes{"return = inf"});
  // A subnormal half result may be flushed: both.
  EXPECT_EQ(run(p, "square", {"0.000244140625"}).outcomes(),
            Outcomes{"return = [0, 5.9604644775390625e-08]"});
}

TEST(CgEvaluator, UsualArithmeticConversions) {
  const char* p = R"(
    half mixed(half h, fixed x) { return h + x; }
    float literal(half h) { return h * 0.1; }
  )";
  // fixed + half: the smaller type converts to the larger (rule 3): half arithmetic.
  EXPECT_EQ(run(p, "mixed", {"1000", "1.5"}).outcomes(), Outcomes{"return = 1001.5"});
  // cfloat yields to half (rule 2): 0.1 as a half, the product rounded to half.
  EXPECT_EQ(run(p, "literal", {"1"}).outcomes(), Outcomes{"return = 0.0999755859375"});
}

TEST(CgEvaluator, CgcReadingsOfTheSilentSeed) {
  // docs/ambiguities.md C24: one scalar fills a constructor; C25: the stpq set and mixed sets;
  // C26: bool as an arithmetic operand (int beside bool and integers, the other floating type
  // beside float).
  EXPECT_EQ(run("float4 f(float x) { return float4(x); }", "f", {"0.5"}).outcomes(),
            Outcomes{"return = float4(0.5, 0.5, 0.5, 0.5)"});
  EXPECT_EQ(run("int3 f() { return int3(true); }", "f").outcomes(),
            Outcomes{"return = int3(1, 1, 1)"});
  EXPECT_EQ(
      run("float4 f(float4 v) { float4 r = v.qpts; r.st = v.xg; return r; }", "f", {"1,2,3,4"})
          .outcomes(),
      Outcomes{"return = float4(1, 2, 2, 1)"});
  EXPECT_EQ(
      run("float4 f(float4 v) { bool4 b = v > 2; return b * v; }", "f", {"1,2,3,4"}).outcomes(),
      Outcomes{"return = float4(0, 0, 3, 4)"});
  EXPECT_EQ(run("int2 f(float2 v) { bool2 b = v > 0; return b + b; }", "f", {"1,0"}).outcomes(),
            Outcomes{"return = int2(2, 0)"});
  EXPECT_EQ(run("int f() { bool b = true; return -b + (b & 3); }", "f").outcomes(),
            Outcomes{"return = 0"});
  EXPECT_EQ(run("bool2 f(float x) { bool b = x > 0; return bool2(b == 1, b < x); }", "f", {"0.5"})
                .outcomes(),
            Outcomes{"return = bool2(true, false)"});
  // C30: brace elision.
  EXPECT_EQ(
      run("float4 f() { float2 a[2] = {1, 2, 3, 4}; return float4(a[1], a[0]); }", "f").outcomes(),
      Outcomes{"return = float4(3, 4, 1, 2)"});
  // C29: a structure constructor, one argument per member.
  EXPECT_EQ(run("struct S { float2 a; int b; };\nfloat4 f(float4 v) { S s = S(v.zw, 2.5); "
                "return float4(s.a, s.b, 0); }",
                "f", {"1,2,3,4"})
                .outcomes(),
            Outcomes{"return = float4(3, 4, 2, 0)"});
}

TEST(CgEvaluator, MatricesAreRowsAndComponentwise) {
  const char* p = R"(
    float2 row() { float2x2 m = float2x2(1, 2, 3, 4); return m[1]; }
    float2x2 product() { float2x2 m = float2x2(1, 2, 3, 4); return m * m; }
    float2 linear() { float2x2 m = float2x2(1, 2, 3, 4); return mul(m, float2(1, 1)); }
  )";
  EXPECT_EQ(run(p, "row").outcomes(), Outcomes{"return = float2(3, 4)"});
  // "M[n][m] * M[n][m] -> M[n][m] Componentwise *".
  EXPECT_EQ(run(p, "product").outcomes(), Outcomes{"return = float2x2(1, 4, 9, 16)"});
  EXPECT_EQ(run(p, "linear").outcomes(), Outcomes{"return = float2(3, 7)"});
}

TEST(CgEvaluator, OutputSemantics) {
  const char* p = R"(
    float2 narrow() : COLOR { return float2(1, 2); }
    void aliased(out float4 a : COLOR, out float4 b : COLOR) { a = 1; b = 2; }
  )";
  // "the B and A components of the color are undefined".
  EXPECT_EQ(run(p, "narrow").outcomes(),
            Outcomes{"return = float2 as COLOR(1, 2, undefined, undefined)"});
  // "Output aliasing is illegal, but implementations are not required to detect it. If the
  // compiler does not issue an error ... the results are undefined": Plumb's checker issues the
  // error; unchecked (plumb cg run --allow-output-aliasing), the outputs are undefined.
  EXPECT_EQ(run(p, "aliased", {}, Precision::Types, false).outcomes(),
            Outcomes{"a = float4(undefined, undefined, undefined, undefined); b = "
                     "float4(undefined, undefined, undefined, undefined)"});
}

TEST(CgEvaluator, StatementsAsInC) {
  const char* p = R"(
    int loops(int n) {
      int s = 0;
      for (int i = 0; i < n; i++) { if (i == 2) continue; s += i; }
      int j = 0;
      while (true) { j++; if (j > 3) break; }
      do { s = s * 2; } while (s < 0);
      return s * 10 + j;
    }
    int sw(int x) {
      int r = 0;
      switch (x) { case 1: r = r + 1; case 2: r = r + 2; break; default: r = 9; }
      return r;
    }
    float4 discarded(float x) : COLOR { if (x < 0) discard; return x; }
  )";
  EXPECT_EQ(run(p, "loops", {"5"}).outcomes(), Outcomes{"return = 164"});  // (0+1+3+4)*2
  EXPECT_EQ(run(p, "sw", {"1"}).outcomes(), Outcomes{"return = 3"});
  EXPECT_EQ(run(p, "sw", {"7"}).outcomes(), Outcomes{"return = 9"});
  EXPECT_EQ(run(p, "discarded", {"-1"}).outcomes(), Outcomes{"discarded"});
}

TEST(CgEvaluator, StandardLibraryCalls) {
  const char* p = R"(
    float f() { return lerp(1.0, 3.0, 0.25) + saturate(2.5) + dot(float3(1, 2, 3), float3(1, 1, 1)); }
    half3 h(half3 a) { return lerp(a, half3(0, 0, 0), 0.5); }
  )";
  EXPECT_EQ(run(p, "f").outcomes(), Outcomes{"return = 8.5"});
  EXPECT_EQ(run(p, "h", {"2,4,6"}).outcomes(), Outcomes{"return = half3(1, 2, 3)"});
}

TEST(CgEvaluator, EveryRuleIsTaken) {
  // Rule coverage: the programs above together take every rule of evaluationRules().
  const char* p = R"(
    int g;
    int bump(int v) { g = g + v; return v; }
    void two(out float a, out float b) { a = 1; b = 2; }
    struct S { float4 c : COLOR; float d : DEPTH; };
    float4 all(float4 v) : COLOR {
      float x; float y = x; int k = (int)1.5; k++; k += 1;
      int r = true ? bump(1) : bump(2);
      bool b = (v.x < 1) && (v.y > 0);
      float4 w = v; w.xy = float2(1, 2); w = w * 2.0;
      float a[2] = {1, 2}; y = a[1];
      S s; s.c = w; s.d = s.c.x;
      two(y, y);
      y = (y, y);
      if (b) { y = 1; } else { y = 2; }
      for (int i = 0; i < 2; i++) { if (i == 0) continue; break; }
      switch (k) { case 3: y = 3; break; default: y = 4; }
      if (v.w < 0) discard;
      y = lerp(y, 1.0, 0.5);
      return float4(y, k, 0, 1);
    }
    void alias(out float a : COLOR, out float b : COLOR) { a = 1; b = 1; }
    float2 narrow() : COLOR { return float2(1, 2); }
    int ub(int x) { return x / 0; }
    interface I { float v(); };
    struct A : I { float k; float v() { return k; } };
    float iface() { I i; return i.v(); }
  )";
  // cgc's dialect (CGD-5): a float2 + float3 truncates the float3.
  Ran cgc = run("float2 mismatch(float2 a, float3 b) { return a + b; }", "mismatch",
                {"1,2", "10,20,30"}, Precision::Types, true, Dialect::cgc());
  EXPECT_EQ(cgc.outcomes(), Outcomes{"return = float2(11, 22)"});
  std::set<std::string> fired(cgc.result.rulesFired.begin(), cgc.result.rulesFired.end());
  for (auto [entry, args] :
       std::vector<std::pair<std::string, std::vector<std::string>>>{{"all", {"0.5,1,0,1"}},
                                                                     {"all", {"0.5,1,0,-1"}},
                                                                     {"alias", {}},
                                                                     {"ub", {"1"}},
                                                                     {"narrow", {}},
                                                                     {"iface", {}}}) {
    Ran r = run(p, entry, args, Precision::Types, entry != "alias");
    fired.insert(r.result.rulesFired.begin(), r.result.rulesFired.end());
  }
  // A texture lookup (texture_test.cpp has its forms; the generic profile has no tex2D, so
  // unchecked here).
  Ran tex = run("float4 tx(sampler2D s) { return tex2D(s, float2(0.5, 0.5)); }", "tx",
                {R"({"size": [1, 1], "texels": [[1, 2, 3, 4]]})"}, Precision::Types, false);
  EXPECT_EQ(tex.outcomes(), Outcomes{"return = float4(1, 2, 3, 4)"});
  fired.insert(tex.result.rulesFired.begin(), tex.result.rulesFired.end());
  Ran d = run("float dd(float x) { return ddx(x); }", "dd", {"1"}, Precision::Types, false);
  fired.insert(d.result.rulesFired.begin(), d.result.rulesFired.end());
  Ran mad = run("float mad(float a) { return a * a + 1; }", "mad", {"3"});
  fired.insert(mad.result.rulesFired.begin(), mad.result.rulesFired.end());
  for (const EvaluationRule& rule : evaluationRules())
    EXPECT_TRUE(fired.count(std::string(rule.name))) << rule.name;
}

TEST(CgEvaluator, LimitsAndErrors) {
  const char* p = R"(
    int spin() { int i = 0; while (true) { i++; } return i; }
    float f(float x) { return x; }
  )";
  SourceFile file("t.cg", p);
  DiagnosticList d;
  Program program = *parseProgram(file, d);
  RunOptions o;
  o.entry = "spin";
  o.maxSteps = 1000;
  RunResult r = runFunction(program, o);
  ASSERT_EQ(r.outcomes.size(), 1u);
  EXPECT_EQ(r.outcomes[0].status, Outcome::Status::StepLimit);
  o.entry = "nothing";
  EXPECT_NE(runFunction(program, o).error, "");
  o.entry = "f";
  EXPECT_NE(runFunction(program, o).error, "");  // a missing argument
  o.args = {"x"};
  EXPECT_NE(runFunction(program, o).error, "");
  o.args = {"1", "2"};
  EXPECT_NE(runFunction(program, o).error, "");
}

TEST(CgEvaluator, CgcDialectMeanings) {
  // cgc's dialect (docs/cg.md "The cgc dialect"): the meaning cgc 3.1 gives each extension,
  // checked against the values cgc folds (its hlslf output): mod(-1.0, 3.0) is 2 (GLSL's
  // floor form, not fmod's -1), fract(-1.25) is 0.75, mix(1.0, 3.0, 0.25) is 1.5.
  const Dialect cgc = Dialect::cgc();
  auto one = [&](const char* p, std::vector<std::string> args = {}) {
    return run(p, "f", std::move(args), Precision::Types, true, cgc).outcomes();
  };
  EXPECT_EQ(one("float4 f() { return float4(mod(-1.0, 3.0), fract(-1.25), mix(1.0, 3.0, 0.25), "
                "inversesqrt(4.0)); }"),
            // inversesqrt is rsqrt: WGSL's inverseSqrt accuracy (2 ULP) around 0.5 (CG-E5).
            Outcomes{"return = float4(2, 0.75, 1.5, [0.49999994039535522, 0.50000005960464478])"});
  EXPECT_EQ(
      one("vec3 f(vec2 a) { mat2 m = mat2(1, 0, 0, 2); return vec3(mul(m, a), 1); }", {"3,4"}),
      Outcomes{"return = float3(3, 8, 1)"});
  EXPECT_EQ(one("float f(int i) { float w[3] = float[](0.5, 1.5, 2.5); return w[i]; }", {"2"}),
            Outcomes{"return = 2.5"});
  // Outside an initializer, an array value: cgc folds this to float4(2, 5, 9, 0).
  EXPECT_EQ(one("float pick(float a[3], int i) { return a[i]; }\n"
                "float4 f() { float w[3]; w = float[](1.0, 2.0, 3.0);\n"
                "  float x = float[3](4.0, 5.0, 6.0)[1];\n"
                "  return float4(w[1], x, pick(float[](7, 8, 9), 2), 0); }"),
            Outcomes{"return = float4(2, 5, 9, 0)"});
  // cgc's unsigned types (CGD-9; evaluated as int: docs/cg.md "Not yet").
  EXPECT_EQ(one("float4 f() { uint a = 3; uint1 b = 4; uvec3 c = uvec3(1, 2, 3);\n"
                "  uint2 d = uint2(7, 8) / 2u; return float4(a, b, c.z, d.y); }"),
            Outcomes{"return = float4(3, 4, 3, 4)"});
  EXPECT_EQ(one("struct S { float a; }; struct S { float a; };\n"
                "float f() { S s = { 3 }; return s.a; }"),
            Outcomes{"return = 3"});
}

TEST(CgEvaluator, ArgumentsWithNegativeComponentsInParentheses) {
  // `--args "1,(-1)"` is two components (a negative one in parentheses, since the command line
  // takes `-1` for an option); it was read as the `-1` inside the parentheses, smeared.
  const char* p = "float2 f(float2 v) { return v; }";
  EXPECT_EQ(run(p, "f", {"1,(-1)"}).outcomes(), Outcomes{"return = float2(1, -1)"});
  EXPECT_EQ(run(p, "f", {"(-1),2"}).outcomes(), Outcomes{"return = float2(-1, 2)"});
  EXPECT_EQ(run(p, "f", {"float2(1, (-2.5))"}).outcomes(), Outcomes{"return = float2(1, -2.5)"});
  EXPECT_EQ(run(p, "f", {"((-3))"}).outcomes(), Outcomes{"return = float2(-3, -3)"});
  SourceFile file("t.cg", p);
  DiagnosticList d;
  Program program = *parseProgram(file, d);
  RunOptions o;
  o.entry = "f";
  for (const char* bad : {"1,(2", "1,2)", "(1),(2),(3)"}) {
    o.args = {bad};
    EXPECT_NE(runFunction(program, o).error, "") << bad;
  }
}

TEST(CgEvaluator, ReportFormats) {
  const char* p = "float f(float x) { return x / 0.75; }";
  SourceFile file("t.cg", p);
  DiagnosticList d;
  Program program = *parseProgram(file, d);
  RunOptions o;
  o.entry = "f";
  o.args = {"1"};
  o.precision = Precision::Fixed;
  RunResult r = runFunction(program, o);
  nlohmann::json j = runReportJson(r, o);
  EXPECT_EQ(j["format"], "plumb-cg-run");
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["precision"], "fixed");
  nlohmann::json c = j["outcomes"][0]["outputs"][0]["value"]["components"][0];
  EXPECT_EQ(c["interval"][0], 1365 / 1024.0);
  EXPECT_EQ(c["interval"][1], 1366 / 1024.0);
  EXPECT_NE(runReportText(r).find("1 outcome of 1 execution"), std::string::npos);
}

}  // namespace
}  // namespace plumb::cg

namespace plumb::cg {
namespace {

TEST(CgEvaluator, LibraryOutParametersSincosAndModf) {
  // sincos(x, out s, out c) and modf(x, out ip) (the manual's sincos and modf pages): the out
  // arguments are copied back as a user function's are.
  const char* p = R"(
    float4 f(float x) { float s, c; sincos(x, s, c); float ip; float fr = modf(x, ip);
                        return float4(s, c, fr, ip); }
  )";
  // sin and cos take the WGSL f32 accuracy (CG-E5): absolute 2^-11 on [-pi, pi].
  EXPECT_EQ(run(p, "f", {"0"}).outcomes(),
            Outcomes{"return = float4([-0.00048828125, 0.00048828125], [0.99951171875, "
                     "1.00048828125], 0, 0)"});
  // modf is exact: -2.75 = -2 + -0.75 (trunc toward zero, the fraction keeps x's sign).
  std::vector<std::string> o = run(p, "f", {"(-2.75)"}).outcomes();
  ASSERT_EQ(o.size(), 1u);
  EXPECT_NE(o[0].find(", -0.75, -2)"), std::string::npos) << o[0];
  // sin and cos of 1 within the WGSL f32 accuracy (CG-E5): an interval holding sin(1), cos(1).
  o = run(p, "f", {"1"}).outcomes();
  ASSERT_EQ(o.size(), 1u);
  EXPECT_NE(o[0].find("[0.840"), std::string::npos) << o[0];
  EXPECT_NE(o[0].find("[0.539"), std::string::npos) << o[0];
  EXPECT_NE(o[0].find(", 0, 1)"), std::string::npos) << o[0];  // modf(1) = 0, ip 1
  // Vectors and write masks as out arguments; half in its own model.
  EXPECT_EQ(run("float4 f(float2 x) { float4 r = 0; r.zw = modf(x, r.xy); return r; }", "f",
                {"1.5,(-3.25)"})
                .outcomes(),
            Outcomes{"return = float4(1, -3, 0.5, -0.25)"});
  EXPECT_EQ(run("half f() { half ip; return modf(2.5h, ip) + ip; }", "f").outcomes(),
            Outcomes{"return = 2.5"});
}

TEST(CgEvaluator, Trunc) {
  // trunc rounds toward zero (the manual's trunc page).
  EXPECT_EQ(run("float f() { return trunc(-1.5) + trunc(1.5); }", "f").outcomes(),
            Outcomes{"return = 0"});
}

TEST(CgEvaluator, UniformGlobalsFromOutside) {
  // "Non-static global variables are treated as uniform by default"; their initial value is
  // given "through a mechanism external to the language": --uniform NAME=VALUE.
  const char* p = R"(
    uniform float4 tint;
    float scale = 2;
    static float bias = 1;
    float4 f(float4 c) { return c * tint * scale + bias; }
  )";
  EXPECT_EQ(
      run(p, "f", {"1"}, Precision::Types, true, Dialect::seed(), {"tint=1,2,3,4"}).outcomes(),
      Outcomes{"return = float4(3, 5, 7, 9)"});
  // The initializer is the default the API may replace.
  EXPECT_EQ(run(p, "f", {"1"}, Precision::Types, true, Dialect::seed(),
                {"tint=float4(1,1,1,1)", "scale=(-1)"})
                .outcomes(),
            Outcomes{"return = float4(0, 0, 0, 0)"});
  // Without a value: undefined (never one arbitrary value).
  EXPECT_EQ(run(p, "f", {"1"}).outcomes(),
            Outcomes{"return = float4(undefined, undefined, undefined, undefined)"});
  // A static global is the program's own; an unknown name is an error.
  for (const char* bad : {"bias=3", "nothere=1", "tint"}) {
    SourceFile file("t.cg", p);
    DiagnosticList d;
    std::optional<Program> program = parseProgram(file, d, {});
    ASSERT_TRUE(program);
    RunOptions o;
    o.entry = "f";
    o.args = {"1"};
    o.uniforms = {bad};
    EXPECT_NE(runFunction(*program, o).error, "") << bad;
  }
}

}  // namespace
}  // namespace plumb::cg

namespace plumb::cg {
namespace {

const char* kLights = R"(
  interface Light { float3 illuminate(float3 p); float scale(); };
  struct PointLight : Light {
    float3 pos;
    float k;
    float scale() { return k; }
    float3 illuminate(float3 p) { return (pos - p) * scale(); }
  };
  struct Ambient : Light {
    float3 color;
    float scale() { return 1; }
    float3 illuminate(float3 p) { return color; }
  };
  struct Counter { int n; int bump(int by) { n = n + by; return n; } };
)";

TEST(CgEvaluator, MemberFunctionsAndInterfaces) {
  // A structure's member function reads its members as variables; a sibling member called by
  // its bare name runs on the same object (seed "Struct and Interface types").
  std::string p = std::string(kLights) +
                  "float3 direct(float3 x) { PointLight l; l.pos = float3(1, 2, 3); l.k = 2;"
                  " return l.illuminate(x); }"
                  "int count() { Counter c; c.n = 1; c.bump(2); return c.bump(10); }";
  EXPECT_EQ(run(p, "direct", {"1,1,1"}).outcomes(), Outcomes{"return = float3(0, 2, 4)"});
  // The body's writes to the members go back to the object (C++'s `this`).
  EXPECT_EQ(run(p, "count").outcomes(), Outcomes{"return = 13"});
}

TEST(CgEvaluator, CallsThroughAnInterfaceRunTheImplementation) {
  // An interface's member functions are only declared; the call runs the implementation of the
  // structure the value holds: assigned in the program, or given by --args as Name(members).
  std::string p = std::string(kLights) +
                  "float3 shade(Light l, float3 x) { return l.illuminate(x); }"
                  "float3 local(float3 x) { Ambient a; a.color = float3(5, 6, 7); Light l = a;"
                  " return shade(l, x); }";
  EXPECT_EQ(run(p, "local", {"0"}).outcomes(), Outcomes{"return = float3(5, 6, 7)"});
  EXPECT_EQ(run(p, "shade", {"PointLight(1,2,3, 0.5)", "1,1,1"}).outcomes(),
            Outcomes{"return = float3(0, 0.5, 1)"});
  EXPECT_EQ(run(p, "shade", {"Ambient(9,8,7)", "1,1,1"}).outcomes(),
            Outcomes{"return = float3(9, 8, 7)"});
  // An interface variable holding no structure: each implementation, members undefined.
  std::string q = std::string(kLights) + "float f() { Light l; return l.scale(); }";
  EXPECT_EQ(run(q, "f").outcomes(), (Outcomes{"return = 1", "return = undefined"}));
  // A structure that does not implement the interface is refused as its value.
  SourceFile file("t.cg", p);
  DiagnosticList d;
  std::optional<Program> program = parseProgram(file, d, {});
  ASSERT_TRUE(program);
  RunOptions o;
  o.entry = "shade";
  o.args = {"Counter(1)", "1,1,1"};
  EXPECT_NE(runFunction(*program, o).error.find("implementing"), std::string::npos);
}

// Runs `entry` in a fragment profile with derivatives (fp40).
Ran runFp40(const std::string& text, const std::string& entry, std::vector<std::string> args,
            std::vector<std::string> uniforms = {}, Precision precision = Precision::Types) {
  return run(text, entry, std::move(args), precision, true, Dialect::seed(), std::move(uniforms),
             "fp40");
}

TEST(CgEvaluator, DerivativesAreZeroOnlyForValuesEveryFragmentShares) {
  // docs/ambiguities.md CG-E14: one call has no neighbouring fragments; a value that is the
  // same in every fragment (constants, uniforms no statement writes) has derivative 0, any other
  // any value; fwidth's is a sum of magnitudes.
  const char* p = R"(
    uniform float scale;
    static const float k = 2.0;
    float4 main(float2 uv : TEXCOORD0, uniform float u) : COLOR {
      return float4(ddx(scale * k + u), ddy(uv.x), fwidth(3.0), fwidth(uv.y));
    }
    float4 branched(float2 uv : TEXCOORD0) : COLOR {
      float r = 0;
      if (uv.x > 0.5) r = 1;
      return float4(ddx(scale), r, 0, 1);
    }
  )";
  const char* w = R"(
    uniform float scale;
    float4 written(float2 uv : TEXCOORD0) : COLOR {
      scale = uv.x;
      return float4(ddx(scale), 0, 0, 1);
    }
  )";
  EXPECT_EQ(runFp40(p, "main", {"0.25,0.5", "1"}, {"scale=3"}).outcomes(),
            Outcomes{"return = float4(0, undefined, 0, [0, inf] or NaN)"});
  // After a branch on a varying value the quad's fragments may have gone other ways.
  Outcomes branched = runFp40(p, "branched", {"0.75,0"}, {"scale=3"}).outcomes();
  EXPECT_EQ(branched, Outcomes{"return = float4(undefined, 1, 0, 1)"});
  // A uniform the program writes is not known to be the same everywhere.
  EXPECT_EQ(runFp40(w, "written", {"0.75,0"}, {"scale=3"}).outcomes(),
            Outcomes{"return = float4(undefined, 0, 0, 1)"});
  // fixed: fwidth of a varying value is any magnitude of the model.
  const char* f = R"(
    fixed main(fixed x : TEXCOORD0) : COLOR { return fwidth(x); }
  )";
  EXPECT_EQ(
      runFp40(f, "main", {"0.5"}).outcomes(),
      Outcomes{"return = fixed as COLOR([0, 1.9990234375], undefined, undefined, undefined)"});
}

TEST(CgEvaluator, DerivativesOfAQuadAreItsDifferences) {
  // docs/cg.md "Derivatives": with the other three fragments' arguments, ddx is the hull of the
  // upper and lower rows' differences (fine or coarse: the seed says neither), ddy of the
  // columns', fwidth |ddx| + |ddy|.
  const char* p = R"(
    uniform float scale;
    float4 main(float2 uv : TEXCOORD0) : COLOR {
      float2 w = uv * 4.0;
      return float4(ddx(w.x), ddy(w.y), fwidth(uv.x + uv.y), ddx(scale));
    }
  )";
  auto quad = [&](std::vector<std::string> r, std::vector<std::string> b,
                  std::vector<std::string> d) {
    return run(p, "main", {"0.25,0.5"}, Precision::Types, true, Dialect::seed(), {"scale=3"},
               "fp40", std::move(r), std::move(b), std::move(d))
        .outcomes();
  };
  // A linear input: every row and column differs alike.
  EXPECT_EQ(quad({"0.5,0.5"}, {"0.25,0.625"}, {"0.5,0.625"}),
            Outcomes{"return = float4(1, 0.5, 0.375, 0)"});
  // Not linear: the lower row's difference (diagonal - below) joins the upper row's.
  EXPECT_EQ(quad({"0.5,0.5"}, {"0.25,0.625"}, {"1,0.625"}),
            Outcomes{"return = float4([1, 3], 0.5, [0.375, 1.375], 0)"});
  // Without the quad, the varying ones are any value (CG-E14), as before.
  EXPECT_EQ(runFp40(p, "main", {"0.25,0.5"}, {"scale=3"}).outcomes(),
            Outcomes{"return = float4(undefined, undefined, [0, inf] or NaN, 0)"});
  // After a branch on a varying value: any value still (the fragments may diverge).
  const char* b = R"(
    float4 main(float x : TEXCOORD0) : COLOR {
      float r = 0;
      if (x > 0.5) r = 1;
      return float4(ddx(x), r, 0, 1);
    }
  )";
  EXPECT_EQ(run(b, "main", {"0.75"}, Precision::Types, true, Dialect::seed(), {}, "fp40", {"1"},
                {"0.75"}, {"1"})
                .outcomes(),
            Outcomes{"return = float4(undefined, 1, 0, 1)"});
}

TEST(CgEvaluator, MultiplyAddMayBeFused) {
  // docs/ambiguities.md CG-E18: a * b + c written as operators is the unfused or the fused
  // result. 1 + 2^-12 squared is 1 + 2^-11 + 2^-24: fp32 rounds the product to 1 + 2^-11 (ties to
  // even), so minus 1 gives 2^-11 unfused and 2^-11 + 2^-24 fused.
  const char* p = R"(
    float f(float a) { return a * a - 1.0; }
    float g(float a) { return 1.0 - a * a; }
    float2 h(float a) { return a * 3.0 + float2(1, 2); }
    int i(int a) { return a * a + 1; }
  )";
  EXPECT_EQ(run(p, "f", {"1.000244140625"}).outcomes(),
            Outcomes{"return = [0.00048828125, 0.00048834085464477539]"});
  EXPECT_EQ(run(p, "g", {"1.000244140625"}).outcomes(),
            Outcomes{"return = [-0.00048834085464477539, -0.00048828125]"});
  // Exact values stay points (a smeared sum too); integers are not contracted.
  EXPECT_EQ(run(p, "h", {"2"}).outcomes(), Outcomes{"return = float2(7, 8)"});
  EXPECT_EQ(run(p, "i", {"3"}).outcomes(), Outcomes{"return = 10"});
  // Operands that write are contracted too, in each order the unfused expression has: two
  // calls that count in t, in either order, both fused or not; the count is the same.
  const char* w = R"(
    float t;
    float k() { t = t + 1.0; return 1.000244140625; }
    float f() { t = 0.0; float r = k() * k() - 1.0; return t == 2.0 ? r : -1.0; }
    float g() { t = 1.0; return k() * t + t; }
  )";
  EXPECT_EQ(run(w, "f", {}).outcomes(),
            Outcomes{"return = [0.00048828125, 0.00048834085464477539]"});
  // k() before the reads of t (operands without side effects come after those with):
  // 1.000244140625 * 2 + 2, exact either way.
  EXPECT_EQ(run(w, "g", {}).outcomes(), Outcomes{"return = 4.00048828125"});
}

TEST(CgEvaluator, DepthOutputStartsAsTheRasterizersDepth) {
  // Seed "Binding semantics for outputs": DEPTH's default is the interpolated depth, "copied to
  // the output at the beginning of the execution"; without --depth any value in [0, 1].
  const char* p = R"(
    struct O { float4 c : COLOR; float d : DEPTH; };
    void main(out float4 c : COLOR, out float d : DEPTH) { c = float4(1, 1, 1, 1); }
    void out2(out O o) { o.c = float4(0, 0, 0, 1); }
    void written(out float4 c : COLOR, out float d : DEPTH) { c = float4(1, 1, 1, 1); d = 0.25; }
  )";
  auto outcomes = [&](const char* entry, std::optional<double> depth) {
    SourceFile file("test.cg", p);
    DiagnosticList diagnostics;
    std::optional<Program> program = parseProgram(file, diagnostics, ParseOptions{});
    RunOptions o;
    o.entry = entry;
    o.depth = depth;
    RunResult r = runFunction(*program, o);
    std::vector<std::string> out;
    for (const Outcome& x : r.outcomes)
      for (const Output& y : x.outputs) out.push_back(y.name + " = " + valueText(y.value));
    return out;
  };
  EXPECT_EQ(outcomes("main", 0.5), (Outcomes{"c = float4(1, 1, 1, 1)", "d = 0.5"}));
  EXPECT_EQ(outcomes("main", std::nullopt), (Outcomes{"c = float4(1, 1, 1, 1)", "d = [0, 1]"}));
  EXPECT_EQ(outcomes("out2", 0.75), (Outcomes{"o.c = float4(0, 0, 0, 1)", "o.d = 0.75"}));
  EXPECT_EQ(outcomes("written", 0.5), (Outcomes{"c = float4(1, 1, 1, 1)", "d = 0.25"}));
}

TEST(CgEvaluator, UnsizedArrayParametersTakeTheArgumentsSize) {
  // Seed "Unsized Arrays": a parameter `float a[]` takes arrays of any size; `.length` (Cg 3.1's
  // "Minimum Array Requirements") is the argument's, a row of a two-dimensional array too. cgc
  // 3.1 folds the program below (x = 3) to (11, 11, 3, 2). (An out or inout unsized argument is
  // C34's error, as cgc's C1113.)
  const char* p = R"(
    float sum(float a[]) { float s = 0; for (int i = 0; i < a.length; i++) s += a[i]; return s; }
    float4 main(float x : TEXCOORD0) : COLOR {
      float b[3] = {1, 2, x};
      float c[2] = {5, 6};
      float d[2][3] = {{1, 2, 3}, {4, 5, 6}};
      return float4(sum(b) + 5, sum(c) + sum(d[0]) - 6, b.length, d.length);
    }
  )";
  EXPECT_EQ(run(p, "main", {"3"}, Precision::Types, true, Dialect::seed(), {}, "fp40").outcomes(),
            Outcomes{"return = float4(11, 11, 3, 2)"});
  // The entry's unsized array parameter takes the size of its --args.
  const char* e = "float f(float2 a[]) { return a.length * 10 + a[a.length - 1].y; }";
  EXPECT_EQ(run(e, "f", {"1,2,3,4,5,6"}).outcomes(), Outcomes{"return = 36"});
}

TEST(CgEvaluator, IntegerTypesHaveTheirWidths) {
  // docs/ambiguities.md CG-E17: char and short wrap at the seed's 8 and 16 bits (cgc 3.1 folds
  // (char)300 to 44, (short)70000 to 4464) or keep a 32-bit register (cgc's gp5 code), a
  // choice; unsigned int is modulo 2^32; long is 64-bit (gp5) or a 32-bit register.
  const char* p = R"(
    float4 main(int x) : COLOR {
      char c = (char)x;
      short s = (short)(x * 250);
      unsigned int u = (unsigned int)(-x);
      return float4(c, s, u, u / 2u);
    }
    float4 fits(int x) : COLOR { char c = (char)(x - 200); short s = 32767; return float4(c, s, 0, 0); }
    float4 wide() : COLOR { long l = 2147483647; l = l + 1; char c = 127; c++; return float4(l, c, 0, 0); }
    float4 compare(int x) : COLOR { unsigned int u = (unsigned int)x; return float4(u > 5u, -1 < 0, 0, 0); }
  )";
  auto outcomes = [&](const char* entry, std::vector<std::string> args,
                      const std::string& profile = "generic") {
    return run(p, entry, std::move(args), Precision::Types, true, Dialect::seed(), {}, profile)
        .outcomes();
  };
  // u = 4294966996 and u / 2u = 2147483498, rounded to float.
  EXPECT_EQ(outcomes("main", {"300"}),
            (Outcomes{"return = float4(300, 75000, 4294967040, 2147483520)",
                      "return = float4(300, 9464, 4294967040, 2147483520)",
                      "return = float4(44, 75000, 4294967040, 2147483520)",
                      "return = float4(44, 9464, 4294967040, 2147483520)"}));
  EXPECT_EQ(outcomes("fits", {"300"}), Outcomes{"return = float4(100, 32767, 0, 0)"});
  EXPECT_EQ(outcomes("wide", {}, "gp5fp"), (Outcomes{"return = float4(2147483648, -128, 0, 0)",
                                                     "return = float4(2147483648, 128, 0, 0)"}));
  EXPECT_EQ(outcomes("wide", {}, "gp4fp").size(), 4u);
  // An argument has its parameter's range.
  const char* q = "unsigned int g(unsigned int u) { return u + 1u; } long l(long v) { return v; }";
  EXPECT_EQ(run(q, "g", {"4294967295"}).outcomes(), Outcomes{"return = 0"});
  EXPECT_EQ(run(q, "l", {"5000000000"}).outcomes(), Outcomes{"return = 5000000000"});
  // A negative int converted to unsigned int is large (C's rule 6 conversion).
  EXPECT_EQ(outcomes("compare", {"(-1)"}), Outcomes{"return = float4(1, 1, 0, 0)"});
}

TEST(CgEvaluator, UnsignedIntegerWidths) {
  // CGD-11 (cgc dialect): unsigned char, unsigned short, unsigned long modulo 2^8, 2^16, 2^64,
  // or in a 32-bit unsigned register (cgc's gp5 code: MOV.S, then I2F.U), a choice.
  const char* p = R"(
    float4 main(int x) : COLOR {
      unsigned char c = (unsigned char)x;
      unsigned short s = (unsigned short)(x * 250);
      return float4(c, s, 0, 0);
    }
    float4 negative(int x) : COLOR { unsigned char c = (unsigned char)x; return float4(c, 0, 0, 0); }
    float4 wide(unsigned long a) : COLOR { unsigned long b = a * 3ul; return float4(b, b > a, 0, 0); }
    float4 literals() : COLOR { return float4(255ut, 65535us, 1s + 1t, 0x10ul); }
    float4 balance() : COLOR { unsigned char a = 200ut; char b = (char)-1; return float4(a + b, 0, 0, 0); }
  )";
  auto outcomes = [&](const char* entry, std::vector<std::string> args,
                      const std::string& profile = "generic") {
    return run(p, entry, std::move(args), Precision::Types, true, Dialect::cgc(), {}, profile)
        .outcomes();
  };
  EXPECT_EQ(outcomes("main", {"300"}),
            (Outcomes{"return = float4(300, 75000, 0, 0)", "return = float4(300, 9464, 0, 0)",
                      "return = float4(44, 75000, 0, 0)", "return = float4(44, 9464, 0, 0)"}));
  EXPECT_EQ(outcomes("main", {"200"}), Outcomes{"return = float4(200, 50000, 0, 0)"});
  EXPECT_EQ(outcomes("negative", {"(-1)"}),
            (Outcomes{"return = float4(255, 0, 0, 0)", "return = float4(4294967296, 0, 0, 0)"}));
  // unsigned long: 64 bits in gp5 (CVT.U64, MUL.U64); 15000000000 rounds to a float.
  EXPECT_EQ(outcomes("wide", {"5000000000"}, "gp5fp"),
            Outcomes{"return = float4(15000000512, 1, 0, 0)"});
  EXPECT_EQ(outcomes("literals", {}), Outcomes{"return = float4(255, 65535, 2, 16)"});
  // unsigned char + char is unsigned char (rule 6): 200 + 255 = 455, 199 at 8 bits.
  EXPECT_EQ(outcomes("balance", {}),
            (Outcomes{"return = float4(199, 0, 0, 0)", "return = float4(455, 0, 0, 0)"}));
}

TEST(CgEvaluator, IntMayBeEvaluatedAsFloat) {
  // CG-E25: in the profiles without integer instructions (arbfp1, fp40, ...) int may live in
  // a binary32 register: both readings, decided at the first difference. cgc 3.1's arbfp1 code
  // for `x + 16777217` keeps 16777216 as the constant and adds in float; its folds are
  // integers (`16777217 + 2` is 16777219).
  const char* p = R"(
    int add(int x) { return x + 1; }
    int wraps(int x) { unsigned int u = (unsigned int)x; return (int)(u / 2u); }
    int small(int x) { return x * 3 - 7; }
    int quotient(int x, int y) { return x / y; }
  )";
  auto outcomes = [&](const char* entry, std::vector<std::string> args,
                      const std::string& profile) {
    return run(p, entry, std::move(args), Precision::Types, true, Dialect::seed(), {}, profile)
        .outcomes();
  };
  EXPECT_EQ(outcomes("add", {"16777216"}, "arbfp1"),
            (Outcomes{"return = 16777216", "return = 16777217"}));
  EXPECT_EQ(outcomes("add", {"16777216"}, "gp4fp"), Outcomes{"return = 16777217"});
  EXPECT_EQ(outcomes("add", {"16777216"}, "generic"), Outcomes{"return = 16777217"});
  // (unsigned int)-1 stays -1 in a float register; -1 / 2 truncates to 0 there.
  EXPECT_EQ(outcomes("wraps", {"(-1)"}, "fp40"), (Outcomes{"return = 0", "return = 2147483647"}));
  // Small values: the same in both readings, no choice.
  EXPECT_EQ(outcomes("small", {"5"}, "arbfp1"), Outcomes{"return = 8"});
  // The reciprocal's error: an exact quotient may truncate to the integer below.
  EXPECT_EQ(outcomes("quotient", {"7", "2"}, "ps_3_0"), Outcomes{"return = 3"});
  EXPECT_EQ(outcomes("quotient", {"6", "3"}, "arbfp1"), (Outcomes{"return = 1", "return = 2"}));
  // A power of two's reciprocal is exact.
  EXPECT_EQ(outcomes("quotient", {"8", "2"}, "arbfp1"), Outcomes{"return = 4"});
  EXPECT_EQ(outcomes("quotient", {"(-9)", "4"}, "fp40"), Outcomes{"return = -2"});
  // Overflow is undefined for int and a larger float in a register: both.
  EXPECT_EQ(outcomes("add", {"2147483647"}, "arbfp1"),
            (Outcomes{"return = 2147483648", "undefined"}));
}

TEST(CgEvaluator, ConstantsMayBeFoldedAsIntegersInAFloatExecution) {
  // CG-E25's mixed executions: where int is read as float, an operation on two compile-time
  // constants may be folded as 32-bit integers (the seed: constant folding "may optionally be
  // performed using the precision indicated below") while run-time operations use float.
  // cgc 3.1's arbfp1 code for `fold` keeps PARAM 16777220 (16777219 folded, held as float) and
  // subtracts x in float (16777220); for `compared` it folds `a == 16777216` to 0 and adds x
  // to 16777216 in float.
  const char* p = R"(
    uniform int u = 2;
    float fold(int x) { int a = 16777217; int b = a + 2; return float(b - x); }
    float4 compared(int x) { int a = 16777217; return float4(a + x, a == 16777216, 0, 0); }
    float runTime() { int a = 16777217; int b = a + u; return float(b - 1); }
    float negated(int x) { int a = -16777217; int b = a - 2; return float(b + x); }
  )";
  auto outcomes = [&](const char* entry, std::vector<std::string> args,
                      const std::string& profile) {
    return run(p, entry, std::move(args), Precision::Types, true, Dialect::seed(), {}, profile)
        .outcomes();
  };
  // Integers 16777218, float 16777216, 16777219 folded then - 1 in float 16777220.
  EXPECT_EQ(outcomes("fold", {"1"}, "arbfp1"),
            (Outcomes{"return = 16777216", "return = 16777218", "return = 16777220"}));
  EXPECT_EQ(outcomes("fold", {"1"}, "gp4fp"), Outcomes{"return = 16777218"});
  // The comparison of two constants folded (false) while a + x is computed in float.
  EXPECT_EQ(outcomes("compared", {"1"}, "fp40"),
            (Outcomes{"return = float4(16777216, 0, 0, 0)", "return = float4(16777216, 1, 0, 0)",
                      "return = float4(16777218, 0, 0, 0)"}));
  // A uniform's initializer is no constant: a + u is not folded.
  EXPECT_EQ(outcomes("runTime", {}, "arbfp1"),
            (Outcomes{"return = 16777216", "return = 16777218"}));
  // Negation keeps a constant: -16777219 folded, then + x in float.
  EXPECT_EQ(outcomes("negated", {"1"}, "ps_3_0"),
            (Outcomes{"return = -16777216", "return = -16777218", "return = -16777220"}));
}

TEST(CgEvaluator, ClipDiscardsWhenAComponentIsNegative) {
  const char* p = R"(
    float4 main(float4 c : COLOR0) : COLOR { clip(c.xyz - 0.5); return c; }
  )";
  EXPECT_EQ(runFp40(p, "main", {"1,1,1,1"}).outcomes(), Outcomes{"return = float4(1, 1, 1, 1)"});
  EXPECT_EQ(runFp40(p, "main", {"1,0.25,1,1"}).outcomes(), Outcomes{"discarded"});
  // An undefined component: both.
  const char* u = R"(
    float4 main() : COLOR { float x; clip(x); return float4(1, 1, 1, 1); }
  )";
  EXPECT_EQ(runFp40(u, "main", {}).outcomes(),
            (Outcomes{"discarded", "return = float4(1, 1, 1, 1)"}));
}

TEST(CgEvaluator, LaterLibraryPagesInPrograms) {
  // frexp's exponent is an int (cgc 3.1's "expon"), copied back; unpack_4ubyte's result is a
  // half4 (the unpack page): 64/255 is 1028 * 2^-12 in half.
  const char* p = R"(
    float4 f(float x) { int e; float m = frexp(x, e); return float4(m, e, isfinite(x), 0); }
    float4 main(float4 a : TEXCOORD0) : COLOR {
      half4 u = unpack_4ubyte(pack_4ubyte(a));
      return u;
    }
  )";
  EXPECT_EQ(run(p, "f", {"(-3)"}).outcomes(), Outcomes{"return = float4(-0.75, 2, 1, 0)"});
  EXPECT_EQ(runFp40(p, "main", {"1,0,0,0.25"}).outcomes(),
            Outcomes{"return = float4(1, 0, 0, 0.2509765625)"});
}

TEST(CgEvaluator, ManualLibraryFunctionsInPrograms) {
  // The results take the overload's type (bool3 of isnan, the transposed matrix, a scalar of
  // determinant and all) and the arguments its parameters' (refract's scalar eta).
  const char* p = R"(
    float4 f(float3 v) {
      float2x3 m = float2x3(1, 2, 3, 4, 5, 6);
      float3x2 t = transpose(m);
      bool3 n = isnan(v / v);
      float d = determinant(float2x2(1, 2, 3, 4));
      float3 r = refract(float3(0, -1, 0), float3(0, 1, 0), 1);
      return float4(t[2][1], d, all(n) ? 1 : 0, r.x + sign(-v.x) + round(1.25) + fmod(7.0, 4.0));
    }
    half h(half x) { return abs(atan2(x, x) - 0.785398163); }
  )";
  EXPECT_EQ(run(p, "f", {"0,1,2"}).outcomes(), (Outcomes{"return = float4(6, -2, 0, 4)"}));
  for (Precision m : {Precision::Fp32, Precision::Fp16, Precision::Fixed}) {
    Ran r = run(p, "h", {"0.5"}, m);
    ASSERT_EQ(r.result.outcomes.size(), 1u);
    const NumberSet& x = r.result.outcomes[0].outputs.at(0).value.components.at(0).number;
    EXPECT_TRUE(x.contains(0) || (x.lo >= 0 && x.hi < 3e-3)) << numberSetText(x);
  }
}

TEST(CgEvaluator, PureLibraryCallsAreOrderedOnlyBesideWrites) {
  // CG-E7: the order of calls that write nothing changes no outcome; beside an operand that
  // writes, a call's reads depend on it.
  const char* p = R"(
    float g;
    float bump() { g = g + 1; return 0; }
    float4 pure(float a) { return float4(abs(a), floor(a), frac(a), saturate(a)); }
    float mixed() { g = 1; return bump() + abs(g); }
  )";
  Ran pure = run(p, "pure", {"1.5"});
  EXPECT_EQ(pure.result.executions, 1u);
  EXPECT_EQ(pure.outcomes(), Outcomes{"return = float4(1.5, 1, 0.5, 1)"});
  EXPECT_EQ(run(p, "mixed").outcomes(), (Outcomes{"return = 1", "return = 2"}));
}

}  // namespace
}  // namespace plumb::cg
