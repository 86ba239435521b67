// The runtime family (gen/wgsl/runtime.cpp): every row yields a pair of valid run cases, the
// same program on inputs from both sides of the row's boundary, whose outcome sets agree with
// Z3's evaluation of the seed's formulas; and the formulas themselves give the values the seed
// states (gen/wgsl/runtime_formulas.h).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <set>

#include "family_checks.h"
#include "gen/wgsl/runtime_formulas.h"
#include "gen/wgsl/runtime_rows.h"

namespace plumb::gen {
namespace {

const Family& runtimeFamily() {
  const Family* f = familyByName("runtime");
  EXPECT_NE(f, nullptr);
  return *f;
}

uint32_t hexValue(const nlohmann::json& j) {
  return static_cast<uint32_t>(std::stoul(j.get<std::string>(), nullptr, 16));
}

TEST(RuntimeFamily, EveryRowGivesAgreeingPairs) {
  const Family& f = runtimeFamily();
  // The pairs are two valid programs, not one-edit twins (checked below instead).
  gen_testing::SlotsSummary s = gen_testing::checkFamilySlots(f, 7, 2 * f.rows().size(), false);
  EXPECT_EQ(s.failures, 0u);
  EXPECT_EQ(s.invalid, 0u);
  EXPECT_EQ(s.cases, 2 * s.slots);
}

TEST(RuntimeFamily, PairsRunOneProgramOnInputsFromBothSides) {
  const Family& f = runtimeFamily();
  SolveStats stats;
  for (uint64_t slot = 0; slot < f.rows().size(); ++slot) {
    SlotResult r = generateSlot(f, 11, slot, SolverLimits{}, stats);
    ASSERT_EQ(r.cases.size(), 2u) << f.rows()[slot].id << ": " << r.failure << r.disagreement;
    const GeneratedCase &a = r.cases[0], &b = r.cases[1];
    SCOPED_TRACE(a.name);
    for (const GeneratedCase* c : {&a, &b}) {
      EXPECT_EQ(c->kind, CaseKind::Run);
      EXPECT_EQ(c->rule.side, Side::Valid);
      EXPECT_EQ(c->rule.rowId, f.rows()[slot].id);
      EXPECT_EQ(c->rule.anchor, f.rows()[slot].anchor);
      ASSERT_TRUE(c->dispatch.has_value());
      // Operands come from a read-only storage buffer, results go to a read_write one.
      EXPECT_NE(c->wgsl.find("var<storage, read> inp"), std::string::npos);
      EXPECT_NE(c->wgsl.find("var<storage, read_write> outp"), std::string::npos);
      // One finished outcome; every output word has the generator's claim.
      const nlohmann::json& outcomes = c->expect["run"]["outcomes"];
      ASSERT_EQ(outcomes.size(), 1u);
      size_t words = c->derivation["solver"]["instances"].size();
      EXPECT_EQ(outcomes[0]["buffers"][1]["words"].size(), words);
      EXPECT_EQ(c->dispatch->bindings[1]["size"], 4 * words);
    }
    EXPECT_EQ(a.wgsl, b.wgsl);
    EXPECT_EQ(a.twin, b.name);
    EXPECT_EQ(b.twin, a.name);
    EXPECT_NE(a.expect, b.expect);
    EXPECT_NE(a.dispatch->bindings[0]["words"], b.dispatch->bindings[0]["words"]);
    // Every instance's operands changed between the sides.
    const nlohmann::json &ia = a.derivation["solver"]["instances"],
                         &ib = b.derivation["solver"]["instances"];
    ASSERT_EQ(ia.size(), ib.size());
    for (size_t i = 0; i < ia.size(); ++i) EXPECT_NE(ia[i]["operands"], ib[i]["operands"]);
  }
}

TEST(RuntimeFamily, SlotsAreDeterministic) {
  const Family& f = runtimeFamily();
  SolveStats stats;
  for (uint64_t slot : {0ull, 17ull, 40ull, 54ull}) {
    SlotResult r1 = generateSlot(f, 5, slot, SolverLimits{}, stats);
    SlotResult r2 = generateSlot(f, 5, slot, SolverLimits{}, stats);
    ASSERT_EQ(r1.cases.size(), r2.cases.size());
    for (size_t i = 0; i < r1.cases.size(); ++i)
      EXPECT_EQ(toJson(r1.cases[i]).dump(), toJson(r2.cases[i]).dump());
  }
}

/// The cases of every slot of `rowId` over `slots` slots.
std::vector<GeneratedCase> casesOf(const std::string& rowId, uint64_t seed, int pairs) {
  const Family& f = runtimeFamily();
  SolveStats stats;
  std::vector<GeneratedCase> out;
  for (uint64_t slot = 0; slot < f.rows().size(); ++slot) {
    if (f.rows()[slot].id != rowId) continue;
    for (int p = 0; p < pairs; ++p) {
      SlotResult r = generateSlot(f, seed, slot + p * f.rows().size(), SolverLimits{}, stats);
      EXPECT_TRUE(r.failure.empty() && r.disagreement.empty()) << r.failure << r.disagreement;
      for (GeneratedCase& c : r.cases) out.push_back(std::move(c));
    }
  }
  EXPECT_FALSE(out.empty()) << rowId;
  return out;
}

/// The allowed words the family claims for instance i, and Plumb's word.
struct Claim {
  std::vector<uint32_t> operands;
  nlohmann::json allowed;
  nlohmann::json plumb;
};
std::vector<Claim> claims(const GeneratedCase& c) {
  std::vector<Claim> out;
  const nlohmann::json& inst = c.derivation["solver"]["instances"];
  for (size_t i = 0; i < inst.size(); ++i) {
    Claim cl;
    for (const nlohmann::json& o : inst[i]["operands"]) cl.operands.push_back(hexValue(o));
    cl.allowed = inst[i]["allowed"];
    cl.plumb = c.expect["run"]["outcomes"][0]["buffers"][1]["words"][i];
    out.push_back(std::move(cl));
  }
  return out;
}

TEST(RuntimeFamily, DivisionByZeroClaimsTheDividend) {
  // #arithmetic-expr: "e1, when e2 is zero"; the spec requires one value, so Plumb's set is
  // exactly the dividend.
  for (const GeneratedCase& c : casesOf("runtime.i32-div-by-zero", 2, 2)) {
    for (const Claim& cl : claims(c)) {
      if (c.name.ends_with(".zero")) {
        EXPECT_EQ(cl.operands[1], 0u);
        ASSERT_EQ(cl.allowed.size(), 1u);
        EXPECT_EQ(hexValue(cl.allowed[0]), cl.operands[0]);
      } else {
        EXPECT_TRUE(cl.operands[1] == 1u || cl.operands[1] == 0xffffffffu);
      }
      EXPECT_EQ(cl.plumb["exact"], cl.allowed[0]) << c.name;
    }
  }
}

TEST(RuntimeFamily, ShiftCountsStraddleAMultipleOf32) {
  for (const GeneratedCase& c : casesOf("runtime.u32-shift-left-count", 4, 2)) {
    bool count31 = c.name.ends_with(".count-31");
    for (const Claim& cl : claims(c)) {
      EXPECT_EQ(cl.operands[1] % 32, count31 ? 31u : 0u);
      uint32_t expected = count31 ? cl.operands[0] << 31 : cl.operands[0];
      EXPECT_EQ(hexValue(cl.allowed[0]), expected);
    }
  }
}

TEST(RuntimeFamily, TiesAllowBothNeighboursAndPlumbExactlyThose) {
  for (const char* row : {"runtime.f32-add-tie", "runtime.f32-mul-tie"}) {
    for (const GeneratedCase& c : casesOf(row, 6, 2)) {
      if (!c.name.ends_with(".tie")) continue;
      for (const Claim& cl : claims(c)) {
        // Two adjacent f32 values whose midpoint is the exact result (in binary64: exact).
        ASSERT_EQ(cl.allowed.size(), 2u) << c.name;
        float lo = std::bit_cast<float>(hexValue(cl.allowed[0]));
        float hi = std::bit_cast<float>(hexValue(cl.allowed[1]));
        if (lo > hi) std::swap(lo, hi);
        EXPECT_EQ(std::nextafter(lo, INFINITY), hi);
        double x = std::bit_cast<float>(cl.operands[0]), y = std::bit_cast<float>(cl.operands[1]);
        double exact = std::string(row).find("add") != std::string::npos ? x + y : x * y;
        EXPECT_EQ(exact, (static_cast<double>(lo) + hi) / 2) << c.name;
        // Plumb's set is the interval of exactly those two values.
        ASSERT_TRUE(cl.plumb.contains("interval")) << cl.plumb.dump();
      }
    }
  }
}

TEST(RuntimeFamily, OverflowAndNonFiniteOperandsAllowAnyValue) {
  for (const char* row : {"runtime.f32-mul-overflow", "runtime.f32-non-finite-operand",
                          "runtime.f32-to-int-non-finite", "runtime.pack2x16float-overflow"}) {
    for (const GeneratedCase& c : casesOf(row, 8, 1)) {
      bool anySide = c.name.ends_with(".overflow") || c.name.ends_with(".non-finite") ||
                     c.name.ends_with(".above");
      for (const Claim& cl : claims(c)) {
        EXPECT_EQ(cl.allowed.is_string() && cl.allowed.get<std::string>() == "any", anySide)
            << c.name;
        EXPECT_EQ(cl.plumb.contains("any"), anySide) << c.name << " " << cl.plumb.dump();
      }
    }
  }
}

TEST(RuntimeFamily, SubnormalResultsAllowTheFlushedZero) {
  for (const GeneratedCase& c : casesOf("runtime.f32-mul-subnormal-result", 9, 2)) {
    if (!c.name.ends_with(".subnormal")) continue;
    for (const Claim& cl : claims(c)) {
      std::set<uint32_t> allowed;
      for (const nlohmann::json& v : cl.allowed) allowed.insert(hexValue(v));
      EXPECT_TRUE(allowed.count(0u) && allowed.count(0x80000000u)) << c.name;
    }
  }
}

TEST(RuntimeFamily, SaturationFollowsTheSeedsNote) {
  // #floating-point-conversion's note (docs/ambiguities.md S5): the largest u32 from f32 is
  // 4294967040u; for i32, 2147483520i; -2^31 is exact.
  for (const GeneratedCase& c : casesOf("runtime.f32-to-u32-max", 3, 1))
    for (const Claim& cl : claims(c)) EXPECT_EQ(cl.allowed[0], "0xffffff00") << c.name;
  for (const GeneratedCase& c : casesOf("runtime.f32-to-i32-max", 3, 1))
    for (const Claim& cl : claims(c)) EXPECT_EQ(cl.allowed[0], "0x7fffff80") << c.name;
  for (const GeneratedCase& c : casesOf("runtime.f32-to-i32-min", 3, 1))
    for (const Claim& cl : claims(c)) EXPECT_EQ(cl.allowed[0], "0x80000000") << c.name;
}

// --- the formulas against values the seed states ---

class RuntimeFormulas : public ::testing::Test {
 protected:
  z3::context ctx;
  wgsl::rt::Formulas f{ctx};
  uint64_t value(const z3::expr& e) {
    z3::expr v = e.simplify();
    EXPECT_TRUE(v.is_numeral()) << v;
    return v.get_numeral_uint64();
  }
  z3::expr w(uint32_t v) { return f.word(v); }
  z3::expr fl(float v) { return f.asF32(w(std::bit_cast<uint32_t>(v))); }
};

TEST_F(RuntimeFormulas, DivisionAndRemainder) {
  EXPECT_EQ(value(f.divideSigned(w(7), w(0))), 7u);  // e1, when e2 is zero
  EXPECT_EQ(value(f.divideSigned(w(0x80000000u), w(0xffffffffu))), 0x80000000u);
  EXPECT_EQ(value(f.divideSigned(w(static_cast<uint32_t>(-7)), w(2))), static_cast<uint32_t>(-3));
  EXPECT_EQ(value(f.remainderSigned(w(static_cast<uint32_t>(-7)), w(2))),
            static_cast<uint32_t>(-1));
  EXPECT_EQ(value(f.remainderSigned(w(9), w(0))), 0u);
  EXPECT_EQ(value(f.remainderSigned(w(0x80000000u), w(0xffffffffu))), 0u);
  EXPECT_EQ(value(f.divideUnsigned(w(9), w(0))), 9u);
  EXPECT_EQ(value(f.remainderUnsigned(w(9), w(0))), 0u);
  EXPECT_EQ(value(f.negate(w(0x80000000u))), 0x80000000u);
  EXPECT_EQ(value(f.absSigned(w(0x80000000u))), 0x80000000u);
  EXPECT_EQ(value(f.absSigned(w(static_cast<uint32_t>(-5)))), 5u);
}

TEST_F(RuntimeFormulas, ShiftsTakeTheCountModulo32) {
  EXPECT_EQ(value(f.shiftLeft(w(1), w(33))), 2u);
  EXPECT_EQ(value(f.shiftLeft(w(3), w(32))), 3u);
  EXPECT_EQ(value(f.shiftRightLogical(w(0x80000000u), w(63))), 1u);
  EXPECT_EQ(value(f.shiftRightArithmetic(w(static_cast<uint32_t>(-8)), w(33))),
            static_cast<uint32_t>(-4));
}

TEST_F(RuntimeFormulas, BitBuiltins) {
  EXPECT_EQ(value(f.countLeadingZeros(w(0))), 32u);
  EXPECT_EQ(value(f.countLeadingZeros(w(1))), 31u);
  EXPECT_EQ(value(f.countLeadingZeros(w(0x80000000u))), 0u);
  EXPECT_EQ(value(f.countTrailingZeros(w(0))), 32u);
  EXPECT_EQ(value(f.countTrailingZeros(w(8))), 3u);
  EXPECT_EQ(value(f.firstLeadingBitSigned(w(0))), 0xffffffffu);
  EXPECT_EQ(value(f.firstLeadingBitSigned(w(0xffffffffu))), 0xffffffffu);
  EXPECT_EQ(value(f.firstLeadingBitSigned(w(0xfffffffeu))), 0u);
  EXPECT_EQ(value(f.firstLeadingBitSigned(w(0x40000000u))), 30u);
  EXPECT_EQ(value(f.firstLeadingBitUnsigned(w(0))), 0xffffffffu);
  EXPECT_EQ(value(f.firstLeadingBitUnsigned(w(0x80000000u))), 31u);
  EXPECT_EQ(value(f.firstTrailingBit(w(0))), 0xffffffffu);
  EXPECT_EQ(value(f.firstTrailingBit(w(0x80000000u))), 31u);
  // extractBits: o = min(offset, 32), c = min(count, 32 - o); sign extension from bit c - 1.
  EXPECT_EQ(value(f.extractBits(w(0xf0), w(4), w(4), false)), 0xfu);
  EXPECT_EQ(value(f.extractBits(w(0xf0), w(4), w(4), true)), 0xffffffffu);
  EXPECT_EQ(value(f.extractBits(w(0xffffffffu), w(32), w(4), false)), 0u);
  EXPECT_EQ(value(f.extractBits(w(0x80000000u), w(31), w(5), true)), 0xffffffffu);
  EXPECT_EQ(value(f.extractBits(w(0x80000000u), w(31), w(0), true)), 0u);
  EXPECT_EQ(value(f.insertBits(w(0), w(0xff), w(28), w(8))), 0xf0000000u);
  EXPECT_EQ(value(f.insertBits(w(0x1234), w(0xff), w(40), w(8))), 0x1234u);
  EXPECT_EQ(value(f.insertBits(w(0x1234), w(0xff), w(4), w(0))), 0x1234u);
}

TEST_F(RuntimeFormulas, FloatToIntegerSaturatesToValuesF32Holds) {
  EXPECT_EQ(value(f.f32ToI32(fl(3e9f))), 2147483520u);
  EXPECT_EQ(value(f.f32ToI32(fl(-3e9f))), 0x80000000u);
  EXPECT_EQ(value(f.f32ToI32(fl(-2.5f))), static_cast<uint32_t>(-2));
  EXPECT_EQ(value(f.f32ToU32(fl(1e20f))), 4294967040u);
  EXPECT_EQ(value(f.f32ToU32(fl(-1.5f))), 0u);
  EXPECT_EQ(value(f.f32ToU32(fl(-0.5f))), 0u);
  EXPECT_EQ(value(f.f32ToU32(fl(4294967040.0f))), 4294967040u);
}

TEST_F(RuntimeFormulas, CorrectlyRoundedMeansEitherNeighbourAndFlushing) {
  SolveStats stats;
  SolverSession session(1, SolverLimits{}, stats);
  wgsl::rt::Formulas g(session.ctx());
  Rng rng(1);
  wgsl::rt::Builder b{g, rng, 0, {}, {}};
  auto candidates = [&](float x, float y) {
    wgsl::rt::Outcome o = wgsl::rt::accuracyTableBinary(
        g, g.word(std::bit_cast<uint32_t>(x)), g.word(std::bit_cast<uint32_t>(y)),
        [&](const z3::expr& rm, const z3::expr& a, const z3::expr& c) { return g.add(rm, a, c); });
    std::set<uint32_t> out;
    for (const z3::expr& e : o.fields[0].candidates)
      out.insert(static_cast<uint32_t>(e.simplify().get_numeral_uint64()));
    EXPECT_FALSE(o.anyIf->simplify().is_true());
    return out;
  };
  // 1 + 2^-24 lies halfway between 1 and 1 + 2^-23: both are allowed.
  EXPECT_EQ(candidates(1.0f, 0x1p-24f), (std::set<uint32_t>{0x3f800000u, 0x3f800001u}));
  // A subnormal sum may be flushed, and so may the subnormal operands.
  std::set<uint32_t> tiny = candidates(0x1p-140f, 0x1p-141f);
  EXPECT_TRUE(tiny.count(0u));
  EXPECT_TRUE(tiny.count(std::bit_cast<uint32_t>(0x1p-140f + 0x1p-141f)));
  EXPECT_TRUE(tiny.count(std::bit_cast<uint32_t>(0x1p-141f)));
}

}  // namespace
}  // namespace plumb::gen
