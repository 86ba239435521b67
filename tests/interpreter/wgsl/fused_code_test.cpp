// The compact resolved form of fused steps (interpreter/wgsl/fused_code.h): which expressions get
// code, the steps and last rule each code counts (those of the unfused machine, which a traced
// run takes one by one), and that runs with and without it give the same reports.
#include <algorithm>
#include <sstream>

#include <gtest/gtest.h>

#include "checker/wgsl/checker.h"
#include "interpreter/wgsl/dispatch.h"
#include "interpreter/wgsl/fused_code.h"
#include "interpreter/wgsl/machine.h"
#include "interpreter/wgsl/run.h"
#include "semantics/wgsl/parser.h"

namespace plumb::interp {
namespace {

// Every form the code covers: constants, `let`s, parameters and their components, function and
// private variables with index and member places, unary and binary kernels on i32, u32 and bool,
// inlined calls (nested), built-ins and conversions of scalars, workgroup and storage memory,
// vectors of i32, u32 and bool (constructors, creation-time vectors, loads, operators on two
// vectors, stored by `let`, `var` and `=`); and the forms it leaves to fusedValue (f32).
const char* kForms = R"(
struct S { a: u32, v: vec4<u32>, arr: array<i32, 4> }
var<private> gp: u32 = 7u;
var<private> gs: S;
var<private> ga: array<u32, 4>;
var<workgroup> wg: array<u32, 8>;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 32>;

fn rotl(x: u32, r: u32) -> u32 { return (x << (r & 31u)) | (x >> ((32u - (r & 31u)) & 31u)); }
fn twice(x: u32) -> u32 { return rotl(x, 1u) + rotl(x, 2u) + gp; }
fn pick(c: bool, x: i32) -> i32 { return select(-x, x, c); }

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(global_invocation_id) gid: vec3<u32>) {
  var a = array<u32, 4>(1u, 2u, 3u, 4u);
  var s: S;
  s.a = lid + 1u;
  s.v = vec4<u32>(lid, 2u, 3u, 4u);
  s.arr[lid & 3u] = -5 - i32(lid);
  let g = gid;
  var k: u32 = g.x * 2654435761u + gid.y;
  var e: i32 = i32(lid) - 32;
  e = e * 3 + 7;
  e = (e ^ 0x55) >> 2u;
  k = k + u32(e) + u32(-e);
  let b = ((k > 3u) & !(s.arr[0] < 0)) | (lid == 2u);
  var t = b != (k % 2u == 0u);
  if (t && b) { k = ~k; } else { k = k ^ 0xffu; }
  k = k + min(k, 77u) - max(lid, 2u) + u32(abs(e)) + u32(pick(b, e));
  ga[lid & 3u] = twice(k) + rotl(rotl(k, lid), 3u);
  gs.v.y = ga[(lid + 1u) & 3u] + s.v.w;
  gs.a = gs.v.y / lid + gs.v.y % (lid + 1u);
  gp = gp * 1664525u + u32(gs.arr[2] % 7) + s.a;
  k = k + a[(lid + 5u) & 7u];                     // out of bounds for lid 0..2: declined
  let f = f32(k & 255u) * 0.5f;                   // f32: left to fusedValue
  let v = vec2<u32>(k, gp) ^ vec2<u32>(lid, 3u);  // vectors: a code of two components
  var vv = vec3<i32>(e, -e, 3) * vec3<i32>(2, 3, 4);
  vv = (vv >> vec3<u32>(1u, 2u, 33u)) ^ vv;
  let bv = vv < vec3<i32>(0, 1, 2);
  vv = vv + vec3<i32>(i32(bv.x), i32(bv.y), 7);
  s.v = s.v * vec4<u32>(3u) + vec4<u32>(v.y, v.x, lid, 1u);
  wg[lid] = k ^ v.x;                              // workgroup memory: shared code
  workgroupBarrier();
  var m = wg[(lid + 1u) & 3u] + u32(f);
  for (var j = 0u; j < 5u; j = j + 1u) {
    m = m + j * a[j & 3u] + gs.v.y;
    if (m % 3u == 0u) { continue; }
    m = rotl(m, j) ^ (m >> 3u);
  }
  out[lid] = m;
  out[lid + 4u] = gp;
  out[lid + 8u] = k;
  out[lid + 12u] = gs.a;
  out[lid + 16u] = u32(e);
  out[lid + 20u] = u32(t);
  out[lid + 24u] = u32(vv.x + vv.y + vv.z) ^ s.v.x ^ s.v.w;
}
)";

nlohmann::json report(const std::string& wgsl, bool traced, uint64_t maxSteps, size_t* lines) {
  SourceFile file("forms.wgsl", wgsl);
  RunRequest r;
  r.zeroMissingBindings = true;
  r.dispatch.maxSteps = maxSteps;
  std::ostringstream trace;
  if (traced) r.dispatch.trace = &trace;
  RunReport rep = runShader(file, r);
  EXPECT_TRUE(rep.ran);
  if (lines) {
    std::string text = trace.str();
    *lines = static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
  }
  return rep.json;
}

// The untraced run's report is the traced run's at every `stride`-th step bound below `end`: a
// stop falls where the unfused machine stops.
void expectSameReportsAtBounds(const std::string& wgsl, uint64_t end, uint64_t stride) {
  for (uint64_t bound = 1; bound < end; bound += stride)
    EXPECT_EQ(report(wgsl, false, bound, nullptr), report(wgsl, true, bound, nullptr))
        << "max-steps " << bound;
}

TEST(FusedCode, TracedAndCompiledRunsGiveTheSameReports) {
  size_t lines = 0;
  nlohmann::json traced = report(kForms, true, 10'000'000, &lines);
  nlohmann::json fused = report(kForms, false, 10'000'000, nullptr);
  EXPECT_EQ(fused, traced);
  ASSERT_EQ(traced["outcomes"].size(), 1u) << traced.dump();
  EXPECT_EQ(traced["outcomes"][0]["kind"], "finished") << traced.dump();
  // Every step bound: the stop falls where the unfused machine stops.
  expectSameReportsAtBounds(kForms, lines / 4 + 10, 5);
}

/// The module of kForms, checked and prepared, and the ids of expressions found by their text.
struct Prepared {
  SourceFile file{"forms.wgsl", kForms};
  DiagnosticList diagnostics;
  std::unique_ptr<ast::Module> module;
  std::unique_ptr<CheckedModule> checked;
  std::unique_ptr<Program> program;

  Prepared() {
    module = parseModule(file, Revision::wgsl2022_06(), diagnostics);
    CheckOptions options;
    options.pipelineCreation = true;
    checked = check(*module, diagnostics, options);
    EXPECT_FALSE(diagnostics.hasErrors());
    program = std::make_unique<Program>(*module, *checked);
  }
  /// The widest expression whose text is `text`.
  uint32_t expression(std::string_view text) const {
    uint32_t found = UINT32_MAX;
    size_t width = 0;
    for (uint32_t e = 0; e < checked->expressions.size(); ++e) {
      std::string_view t = module->text(module->expressions[ast::ExpressionId{e}].span);
      if (t == text && t.size() >= width) {
        found = e;
        width = t.size();
      }
    }
    EXPECT_NE(found, UINT32_MAX) << text;
    return found;
  }
};

TEST(FusedCode, ScalarExpressionsGetCodeAndOthersDoNot) {
  Prepared p;
  ASSERT_TRUE(p.program);
  for (const char* text : {"g.x * 2654435761u + gid.y", "(e ^ 0x55) >> 2u",
                           "((k > 3u) & !(s.arr[0] < 0)) | (lid == 2u)",
                           "twice(k) + rotl(rotl(k, lid), 3u)", "u32(pick(b, e))", "min(k, 77u)",
                           "ga[(lid + 1u) & 3u] + s.v.w", "gs.v.y / lid + gs.v.y % (lid + 1u)"})
    EXPECT_NE(fusedValueCode(*p.program, p.expression(text)), nullptr) << text;
  // Vectors: as many scalars as components.
  for (auto [text, width] :
       {std::pair<const char*, uint32_t>{"vec2<u32>(k, gp) ^ vec2<u32>(lid, 3u)", 2},
        {"vec3<i32>(e, -e, 3) * vec3<i32>(2, 3, 4)", 3},
        {"(vv >> vec3<u32>(1u, 2u, 33u)) ^ vv", 3},
        {"vv < vec3<i32>(0, 1, 2)", 3},
        {"s.v * vec4<u32>(3u) + vec4<u32>(v.y, v.x, lid, 1u)", 4}}) {
    const FusedCode* c = fusedValueCode(*p.program, p.expression(text));
    ASSERT_NE(c, nullptr) << text;
    EXPECT_EQ(c->width, width) << text;
  }
  for (const char* text : {"f32(k & 255u) * 0.5f", "wg[(lid + 1u) & 3u] + u32(f)"})
    EXPECT_EQ(fusedValueCode(*p.program, p.expression(text)), nullptr) << text;
  EXPECT_NE(fusedPlaceCode(*p.program, p.expression("gs.v.y")), nullptr);
  EXPECT_NE(fusedPlaceCode(*p.program, p.expression("s.arr[lid & 3u]")), nullptr);
  // Workgroup and storage memory (PlaceShared): the code is marked shared, its reads counted.
  const FusedCode* c = fusedPlaceCode(*p.program, p.expression("wg[lid]"));
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(c->shared);
  EXPECT_EQ(c->sharedReads, 0u);
  c = fusedPlaceCode(*p.program, p.expression("out[lid + 4u]"));
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(c->shared);
  c = fusedValueCode(*p.program, p.expression("wg[(lid + 1u) & 3u]"));
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(c->shared);
  EXPECT_EQ(c->sharedReads, 1u);
  c = fusedValueCode(*p.program, p.expression("gs.v.y / lid + gs.v.y % (lid + 1u)"));
  ASSERT_NE(c, nullptr);
  EXPECT_FALSE(c->shared);
}

TEST(FusedCode, CodeCountsTheUnfusedStepsAndTheLastRule) {
  Prepared p;
  ASSERT_TRUE(p.program);
  // `e * 3 + 7`: Eval(+), Eval(*), e (a place: its identifier) and its Load, 3, apply *, 7,
  // apply +: 8 steps, the last an arithmetic expression.
  const FusedCode* c = fusedValueCode(*p.program, p.expression("e * 3 + 7"));
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->steps, 8u);
  EXPECT_EQ(c->rule, RuleId::ArithmeticExpr);
  // `min(k, 77u)`: Eval, k and its Load, 77u, the built-in.
  c = fusedValueCode(*p.program, p.expression("min(k, 77u)"));
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->steps, 5u);
  EXPECT_EQ(c->rule, RuleId::IntegerBuiltinFunctions);
  // `rotl(k, lid)`: Eval, k + Load, lid, call-enter, block-enter, block-next, return, the
  // returned expression, call-return.
  const FusedCode* body = fusedValueCode(
      *p.program, p.expression("(x << (r & 31u)) | (x >> ((32u - (r & 31u)) & 31u))"));
  ASSERT_NE(body, nullptr);
  c = fusedValueCode(*p.program, p.expression("rotl(k, lid)"));
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->steps, 1u + 2u + 1u + 4u + body->steps + 1u);
  EXPECT_EQ(c->rule, RuleId::CallReturn);
  // `vec2<u32>(k, gp) ^ vec2<u32>(lid, 3u)`: Eval(^); Eval of the constructor, k and gp each
  // with its Load, the construction; Eval, lid, 3u, the construction; the operator.
  c = fusedValueCode(*p.program, p.expression("vec2<u32>(k, gp) ^ vec2<u32>(lid, 3u)"));
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->steps, 1u + 6u + 4u + 1u);
  EXPECT_EQ(c->rule, RuleId::BitExpr);
  // `gs.v.y` as a place: Eval(.y), Eval(.v), gs, .v, .y.
  c = fusedPlaceCode(*p.program, p.expression("gs.v.y"));
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->steps, 5u);
  EXPECT_EQ(c->rule, RuleId::VectorSingleComponent);
}

// Register operands (FusedOperand): a leaf operand of a u32 operator (a creation-time value, a
// `let` or parameter slot, a `var` read, an inlined call's parameter) is the operator's own, on
// either side; and operands that decline (a `let` holding a set of values, from a float
// conversion that may round either way) leave the statement to the ordinary steps.
const char* kOperands = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;

fn mixp(x: u32, y: u32) -> u32 { return (x ^ y) + (32u - (y & 31u)) + (x * 3u); }

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a: u32 = lid * 2654435761u;
  var b: u32 = lid ^ 0x5bd1e995u;
  let l = lid + 7u;
  a = a ^ (b >> 7u);
  b = 99u - a;
  a = l + b;
  b = (a * l) ^ (l + 1u);
  let h = u32(f32(lid + 10u) * 0.7f);
  a = a + h;
  b = b ^ (h + l);
  a = mixp(a, b) + mixp(l, 5u);
  if (a < b) { a = b - a; }
  out[lid] = a;
  out[lid + 8u] = b;
}
)";

TEST(FusedCode, RegisterOperandsGiveTheSameReportsAtEveryBound) {
  size_t lines = 0;
  nlohmann::json traced = report(kOperands, true, 10'000'000, &lines);
  EXPECT_EQ(report(kOperands, false, 10'000'000, nullptr), traced);
  // h of invocation 0 is 6 or 7 (10 * 0.7f rounds either way): its words are sets.
  ASSERT_TRUE(traced["buffers"][0]["words"][0].contains("set")) << traced.dump();
  expectSameReportsAtBounds(kOperands, lines / 8 + 10, 7);
}

// The administrative steps a fused run applies in place (block-exit, loop-continuing,
// loop-next-iteration): blocks with and without variables, `loop` with `continuing` and
// `break if`, `while`, `for` with and without an update, `continue` and `break`.
const char* kLoops = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 16>;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  var n: u32 = lid + 3u;
  var acc: u32 = 0u;
  loop {
    { var t: u32 = n * 7u; acc = acc + t; }
    { acc = acc ^ n; }
    if (n % 2u == 0u) { n = n - 1u; continue; }
    continuing {
      var u: u32 = acc >> 3u;
      acc = acc + u;
      n = n - 1u;
      break if n == 0u;
    }
  }
  var i: u32 = 0u;
  while (i < 4u) { var w: u32 = i * i; acc = acc + w; i = i + 1u; }
  for (var j: u32 = 0u; j < 5u;) {
    j = j + 2u;
    if (j == 4u) { break; }
    acc = acc * 3u;
  }
  out[lid] = acc;
}
)";

TEST(FusedCode, AdministrativeStepsInPlaceGiveTheSameReportsAtEveryBound) {
  size_t lines = 0;
  nlohmann::json traced = report(kLoops, true, 10'000'000, &lines);
  EXPECT_EQ(report(kLoops, false, 10'000'000, nullptr), traced);
  ASSERT_EQ(traced["outcomes"].size(), 1u) << traced.dump();
  EXPECT_EQ(traced["outcomes"][0]["kind"], "finished") << traced.dump();
  expectSameReportsAtBounds(kLoops, lines / 2 + 10, 3);
}

TEST(FusedCode, LeafOperandsAreTheOperatorsOwn) {
  SourceFile file("operands.wgsl", kOperands);
  DiagnosticList diagnostics;
  auto module = parseModule(file, Revision::wgsl2022_06(), diagnostics);
  CheckOptions options;
  auto checked = check(*module, diagnostics, options);
  ASSERT_FALSE(diagnostics.hasErrors());
  Program program(*module, *checked);
  auto code = [&](std::string_view text) -> const FusedCode* {
    for (uint32_t e = 0; e < checked->expressions.size(); ++e)
      if (module->text(module->expressions[ast::ExpressionId{e}].span) == text)
        return fusedValueCode(program, e);
    ADD_FAILURE() << text;
    return nullptr;
  };
  auto length = [&](std::string_view text) {
    const FusedCode* c = code(text);
    return c ? c->end - c->begin : 0u;
  };
  // `a ^ (b >> 7u)`: the variable b and 7u in the shift, the variable a in the xor.
  EXPECT_EQ(length("a ^ (b >> 7u)"), 2u);
  EXPECT_EQ(length("99u - a"), 1u);  // a constant on the left, a variable on the right
  EXPECT_EQ(length("l + b"), 1u);    // a `let` slot and a variable
  EXPECT_EQ(length("(a * l) ^ (l + 1u)"), 3u);
  // The inlined call: its parameters are the operators' own.
  EXPECT_EQ(length("(x ^ y) + (32u - (y & 31u)) + (x * 3u)"), 6u);
  // Steps and rules are those of the unfused machine whatever the instructions: `99u - a` is
  // Eval, 99u, a and its Load, the operator.
  const FusedCode* c = code("99u - a");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->steps, 5u);
  EXPECT_EQ(c->rule, RuleId::ArithmeticExpr);
}

// Blocks by their compiled form (FusedBlockCode, Machine::blockByCode) and loop iterations in
// place: `if` branches nested in a loop body that has code, statements in them that decline
// when they run (they read `h`, a set of values: a float conversion that may round either
// way), first and last in their block, so that the rest of the block, of the enclosing blocks
// and of the iteration must be left as the unfused steps leave them; blocks that declare
// variables; blocks without code (a float `let`, a bare block, `else if`, `loop` with
// `continuing`, `while` with `continue`) around them.
const char* kBlocks = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;
var<private> p: u32 = 3u;
fn rotl(x: u32, r: u32) -> u32 { return (x << (r & 31u)) | (x >> ((32u - (r & 31u)) & 31u)); }
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a: u32 = lid * 2654435761u;
  var b: u32 = lid ^ 0x5bd1e995u;
  var z: u32 = 0u;
  let h = u32(f32(lid + 10u) * 0.7f);
  for (var k: u32 = 0u; k < 6u; k = k + 1u) {
    a = a + (b ^ k);
    if ((a & 1u) == 1u) {
      var t: u32 = a >> 3u;
      b = rotl(b, t);
      if (t > 100u) { z = z ^ h; a = a ^ t; } else { b = b + t; z = z + h; }
    } else {
      b = b + a;
      if ((b & 2u) == 2u) { a = a ^ 5u; }
      p = p + 1u;
    }
  }
  var i: i32 = i32(lid) - 3;
  for (var k: u32 = 0u; k < 4u; k = k + 1u) {
    if ((b & 2u) == 2u) {
      let f = f32(b & 0xffffu) * 1.5f;
      a = a + u32(f);
    }
    { var u: u32 = a ^ b; p = p + u; }
    i = i * 3 + 1;
    if (i > 1000) { i = i / 7; } else if (i < -1000) { i = i / 5; }
    loop {
      a = a + 1u;
      if ((a & 3u) == 0u) { break; }
      continuing { b = b ^ a; break if (b & 7u) == 5u; }
    }
    var w: u32 = 0u;
    while (w < (lid & 3u)) { w = w + 1u; if (w == 2u) { continue; } a = a + w; }
  }
  out[lid] = a;
  out[lid + 8u] = b;
  out[lid + 16u] = u32(i);
  out[lid + 24u] = p;
  out[lid + 32u] = z;
}
)";

TEST(FusedCode, BlocksByCodeGiveTheSameReportsAtEveryBound) {
  size_t lines = 0;
  nlohmann::json traced = report(kBlocks, true, 10'000'000, &lines);
  EXPECT_EQ(report(kBlocks, false, 10'000'000, nullptr), traced);
  ASSERT_EQ(traced["outcomes"].size(), 1u) << traced.dump();
  EXPECT_EQ(traced["outcomes"][0]["kind"], "finished") << traced.dump();
  // The invocations take about lines / 4 steps each: every bound up to there and beyond.
  expectSameReportsAtBounds(kBlocks, lines / 4 + 20, 2);
}

// A function-scope variable's location, resolved once and kept by frame slot
// (Machine::varLocations_), must follow each change that moves or replaces one: a block that
// declares more variables than an invocation reserves (the variables move while the enclosing
// block's `a` and `b` are read and assigned), branch blocks whose variables take the same
// places in turn, a call whose frame numbers its slots from 0 again, and a `var` declared
// again in each iteration.
const char* kVarLocations = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 16>;
fn g(x: u32) -> u32 { var q: u32 = x + 1u; var r: u32 = q * 3u; r = r ^ q; return r + x; }
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a: u32 = lid + 1u;
  var b: u32 = 7u;
  for (var k: u32 = 0u; k < 5u; k = k + 1u) {
    if ((a & 1u) == 0u) {
      var t: u32 = a + k;
      a = a ^ t;
    } else {
      var u: u32 = b * 3u;
      var t2: u32 = u + k;
      b = b + t2;
    }
    var c1: u32 = a + 1u; var c2: u32 = c1 + b; var c3: u32 = c2 ^ a; var c4: u32 = c3 + k;
    var c5: u32 = c4 * 5u; var c6: u32 = c5 ^ b; var c7: u32 = c6 + a; var c8: u32 = c7 >> 1u;
    var c9: u32 = c8 + c1;
    a = a + c9;
    b = b ^ c5;
    a = a + g(b);
    b = b + a;
  }
  out[lid] = a;
  out[lid + 4u] = b;
}
)";

TEST(FusedCode, VarLocationsFollowEveryMoveOfTheVariables) {
  size_t lines = 0;
  nlohmann::json traced = report(kVarLocations, true, 10'000'000, &lines);
  EXPECT_EQ(report(kVarLocations, false, 10'000'000, nullptr), traced);
  ASSERT_EQ(traced["outcomes"].size(), 1u) << traced.dump();
  EXPECT_EQ(traced["outcomes"][0]["kind"], "finished") << traced.dump();
  expectSameReportsAtBounds(kVarLocations, lines / 4 + 20, 3);
}

TEST(FusedCode, BlocksWithCodeCountTheirLongestPath) {
  SourceFile file("blocks.wgsl", kBlocks);
  DiagnosticList diagnostics;
  auto module = parseModule(file, Revision::wgsl2022_06(), diagnostics);
  CheckOptions options;
  auto checked = check(*module, diagnostics, options);
  ASSERT_FALSE(diagnostics.hasErrors());
  Program program(*module, *checked);
  // The block whose text begins with `text`.
  auto block = [&](std::string_view text) -> const FusedBlockCode* {
    for (uint32_t s = 0; s < module->statements.size(); ++s) {
      const ast::Statement& st = module->statements[ast::StatementId{s}];
      if (std::holds_alternative<ast::CompoundStatement>(st.node) &&
          module->text(st.span).starts_with(text))
        return &fusedBlockCode(program, s);
    }
    ADD_FAILURE() << text;
    return nullptr;
  };
  auto statementSteps = [&](std::string_view text) -> uint32_t {
    for (uint32_t s = 0; s < module->statements.size(); ++s)
      if (module->text(module->statements[ast::StatementId{s}].span) == text) {
        const FusedStatementCode& c = fusedStatementCode(program, s);
        EXPECT_NE(c.kind, FusedStatementCode::None) << text;
        return c.steps;
      }
    ADD_FAILURE() << text;
    return 0;
  };
  // `{ a = a ^ 5u; }`: block-enter, block-next, the assignment, block-exit.
  const FusedBlockCode* b = block("{ a = a ^ 5u; }");
  ASSERT_NE(b, nullptr);
  ASSERT_EQ(b->state, FusedBlockCode::Compiled);
  EXPECT_EQ(b->maxSteps, 3u + statementSteps("a = a ^ 5u;"));
  // The true branch: its `if` counts its longer branch.
  b = block("{\n      var t");
  ASSERT_NE(b, nullptr);
  ASSERT_EQ(b->state, FusedBlockCode::Compiled);
  uint32_t inner = std::max(4u + statementSteps("z = z ^ h;") + statementSteps("a = a ^ t;"),
                            4u + statementSteps("b = b + t;") + statementSteps("z = z + h;"));
  EXPECT_EQ(
      b->maxSteps,
      2u + 1u + statementSteps("var t: u32 = a >> 3u;") + 1u + statementSteps("b = rotl(b, t);") +
          1u +
          statementSteps("if (t > 100u) { z = z ^ h; a = a ^ t; } else { b = b + t; z = z + h; }") +
          inner);
  // The first loop's body has code; so does a block declaring a variable.
  EXPECT_EQ(block("{\n    a = a + (b ^ k);")->state, FusedBlockCode::Compiled);
  EXPECT_EQ(block("{ var u")->state, FusedBlockCode::Compiled);
  // No code: a `let` of a float, the second loop's body (a bare block, an `else if`, `loop`).
  EXPECT_EQ(block("{\n      let f")->state, FusedBlockCode::None);
  EXPECT_EQ(block("{\n    if ((b & 2u)")->state, FusedBlockCode::None);
}

}  // namespace
}  // namespace plumb::interp
