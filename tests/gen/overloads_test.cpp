// The overloads family (gen/wgsl/overloads.cpp): every row yields twin pairs that Plumb's checker
// derives as the family's Z3 model does; invalid twins fail for the reason the model gives (no
// feasible candidate: the operator's, built-in's or constructor's section; a preferred candidate
// whose result the pins reject: the declaration); the model's claims hold by the direct
// computation of the procedure; and no call of the seed's operators, built-in functions or
// constructors is ambiguous (the reason the ambiguous row has no cases).
#include <gtest/gtest.h>

#include <set>

#include "family_checks.h"
#include "gen/wgsl/constructor_forms.h"
#include "gen/wgsl/overload_model.h"
#include "gen/wgsl/overload_query.h"

namespace plumb::gen {
namespace {

using namespace wgsl::overload;

const Family& overloads() {
  const Family* f = familyByName("overloads");
  EXPECT_NE(f, nullptr);
  return *f;
}

uint64_t draftingRows(const Family& f) {
  uint64_t n = 0;
  for (const RuleRow& r : f.rows()) n += r.noValid.empty() || r.noInvalid.empty();
  return n;
}

TEST(OverloadsFamily, EveryRowGivesAgreeingTwinPairs) {
  const Family& f = overloads();
  uint64_t rows = draftingRows(f);
  gen_testing::SlotsSummary s = gen_testing::checkFamilySlots(f, 3, 2 * rows);
  EXPECT_EQ(s.failures, 0u);
  EXPECT_EQ(s.valid, s.invalid);
  EXPECT_EQ(s.cases, 2 * s.slots);
}

// Every slot of a round lands on a different row, and each row of the table (but the one
// with reasons for both sides) gets a pair.
TEST(OverloadsFamily, OneRoundCoversEveryRow) {
  const Family& f = overloads();
  uint64_t rows = draftingRows(f);
  SolveStats stats;
  std::set<std::string> seen;
  for (uint64_t slot = 0; slot < rows; ++slot) {
    SlotResult r = generateSlot(f, 5, slot, SolverLimits{}, stats);
    ASSERT_EQ(r.cases.size(), 2u) << slot << ": " << r.failure << r.disagreement;
    seen.insert(r.cases[0].rule.rowId);
  }
  EXPECT_EQ(seen.size(), rows);
  for (const RuleRow& row : f.rows())
    if (row.noValid.empty() || row.noInvalid.empty()) {
      EXPECT_TRUE(seen.count(row.id)) << row.id;
    }
}

// The rule an invalid twin fails with is the one its derivation names: without a feasible
// candidate, the section of the operator, built-in or constructor; with a different preferred
// candidate, the typed declaration that pins the result (#let-decls, reported as
// var-and-value).
TEST(OverloadsFamily, InvalidTwinsFailForTheirDerivedReason) {
  const Family& f = overloads();
  SolveStats stats;
  const std::set<std::string> sections = {
      "builtin-functions", "arithmetic-expr", "comparison-expr",
      "bit-expr",          "logical-expr",    "construction-from-components",
      "zero-value-expr",   "conversion-expr", "type-constructor-expr"};
  int noFeasible = 0, preferenceChanges = 0;
  for (uint64_t slot = 0; slot < 2 * draftingRows(f); ++slot) {
    SlotResult r = generateSlot(f, 9, slot, SolverLimits{}, stats);
    ASSERT_EQ(r.cases.size(), 2u) << r.failure << r.disagreement;
    const GeneratedCase& invalid = r.cases[1];
    std::string rule = invalid.expect["rule"];
    const nlohmann::json& solver = invalid.derivation["solver"];
    std::string mode = solver.value("twinMode", "");
    if (mode == "no feasible candidate") {
      ++noFeasible;
      EXPECT_TRUE(sections.count(rule)) << invalid.name << " [" << rule << "]\n" << invalid.wgsl;
    } else if (mode == "preferred candidate changes" || solver.contains("twinType")) {
      ++preferenceChanges;
      EXPECT_EQ(rule, "var-and-value") << invalid.name << "\n" << invalid.wgsl;
    }
  }
  EXPECT_GT(noFeasible, 50);
  EXPECT_GT(preferenceChanges, 50);
}

// The cases of the resolution rows are what the rows say: several feasible candidates with a
// single preferred one whose pins reject another's result; no feasible candidate in the twin.
TEST(OverloadsFamily, ResolutionRowsHaveTheirShape) {
  const Family& f = overloads();
  SolveStats stats;
  int checked = 0;
  // The slots of these rows only: slot s drafts the (s mod rows)'th drafting row.
  std::vector<uint64_t> indices;
  uint64_t index = 0;
  for (const RuleRow& row : f.rows()) {
    if (!row.noValid.empty() && !row.noInvalid.empty()) continue;
    if (row.id == "overloads.resolution.single-most-preferable" ||
        row.id == "overloads.resolution.no-feasible-candidate" ||
        row.id == "overloads.rank.abstract-float-to-f16")
      indices.push_back(index);
    ++index;
  }
  ASSERT_EQ(indices.size(), 3u);
  std::vector<uint64_t> slots;
  for (uint64_t k = 0; k < 4; ++k)
    for (uint64_t i : indices) slots.push_back(k * draftingRows(f) + i);
  for (uint64_t slot : slots) {
    SlotResult r = generateSlot(f, 13, slot, SolverLimits{}, stats);
    ASSERT_EQ(r.cases.size(), 2u);
    const GeneratedCase& v = r.cases[0];
    const nlohmann::json& d = v.derivation["solver"];
    if (v.rule.rowId == "overloads.resolution.single-most-preferable") {
      EXPECT_GE(d["feasibleCandidates"].get<int>(), 2) << v.name;
      EXPECT_EQ(d["twinMode"], "preferred candidate changes");
      ++checked;
    }
    if (v.rule.rowId == "overloads.resolution.no-feasible-candidate") {
      EXPECT_EQ(d["twinMode"], "no feasible candidate");
      ++checked;
    }
    // The conversion-rank rows with a source and destination use that conversion.
    if (v.rule.rowId == "overloads.rank.abstract-float-to-f16") {
      bool af = false, f16 = false;
      for (const auto& a : d["arguments"]) af = af || a == "AbstractFloat";
      f16 = d["winner"].get<std::string>().find("f16") != std::string::npos;
      EXPECT_TRUE(af && f16) << v.name << ": " << d.dump();
      ++checked;
    }
  }
  EXPECT_EQ(checked, 12);
}

// The seed's examples of #types-for-creation-time-constants (l.1402-1432), by the family's own
// procedure: log2(32) and 1 + 2.5 are AbstractFloat, 1u + 2.5 has no feasible candidate.
TEST(OverloadsFamily, TheDirectProcedureGivesTheSeedsExamples) {
  auto resolveCall = [](OverloadKind kind, const std::string& name, std::vector<Ty> args) {
    const Callee* c = findCallee(kind, name, args.size());
    EXPECT_NE(c, nullptr) << name;
    Resolution r = resolve(args, c->candidates);
    return r.winner < 0 ? std::string("none") : spell(c->candidates[r.winner].result);
  };
  EXPECT_EQ(resolveCall(OverloadKind::Builtin, "log2", {scalar(AbstractInt)}), "AbstractFloat");
  EXPECT_EQ(
      resolveCall(OverloadKind::BinaryOperator, "+", {scalar(AbstractInt), scalar(AbstractFloat)}),
      "AbstractFloat");
  EXPECT_EQ(resolveCall(OverloadKind::BinaryOperator, "+", {scalar(U32), scalar(AbstractFloat)}),
            "none");
  EXPECT_EQ(resolveCall(OverloadKind::BinaryOperator, "+", {scalar(AbstractInt), scalar(U32)}),
            "u32");
  // Constructors: vec3(1, 2.0, 3) is vec3<AbstractFloat>; f16(1) converts through i32 (rank 3
  // beats the identity's rank 7), which gives the same value.
  ConstructorTarget v3{ConstructorTarget::InferredVector, vec(3, Bool), {}};
  std::vector<Ty> ops = {scalar(AbstractInt), scalar(AbstractFloat), scalar(AbstractInt)};
  std::vector<Candidate> cs = constructorCandidates(v3, ops);
  Resolution r = resolve(ops, cs);
  ASSERT_GE(r.winner, 0);
  EXPECT_EQ(spell(cs[r.winner].result), "vec3<AbstractFloat>");
  ConstructorTarget h{ConstructorTarget::ScalarType, scalar(F16), {}};
  cs = constructorCandidates(h, {scalar(AbstractInt)});
  r = resolve({scalar(AbstractInt)}, cs);
  ASSERT_GE(r.winner, 0);
  EXPECT_EQ(cs[r.winner].group, Conversion);
  EXPECT_EQ(spell(cs[r.winner].params[0]), "i32");
}

// Ambiguity: two feasible candidates that are both minimal (none preferred over either) is
// exactly "no single candidate preferred over all the others" (preference is a strict partial
// order, so a unique minimal candidate is preferred over every other). Z3 finds no such
// arguments for any callee of the table nor any constructor form, over every type the family
// spells: the overloads.resolution.ambiguous row's stated reason.
bool ambiguityExists(const std::vector<Candidate>& candidates, size_t arity,
                     const std::vector<std::optional<Ty>>& shapes = {}) {
  SolveStats stats;
  SolverSession session(1, SolverLimits{}, stats);
  z3::context& z = session.ctx();
  z3::solver s = session.solver(kLogic);
  ResolutionEncoder enc(z, s);
  std::vector<TyVars> args;
  for (size_t i = 0; i < arity; ++i) {
    args.push_back(declareTy(z, s, "a" + std::to_string(i)));
    if (i < shapes.size() && shapes[i])
      s.add(args[i].shape == shapes[i]->shape && args[i].n == shapes[i]->n &&
            args[i].r == shapes[i]->r);
  }
  std::vector<const Candidate*> cs;
  for (const Candidate& c : candidates)
    if (c.params.size() == arity) cs.push_back(&c);
  if (cs.size() < 2) return false;
  z3::expr a = indexVar(z, "a"), b = indexVar(z, "b");
  s.add(a >= 0 && a < static_cast<int>(cs.size()) && b >= 0 && b < static_cast<int>(cs.size()) &&
        a != b);
  std::vector<z3::expr> ra, rb;
  for (size_t i = 0; i < arity; ++i) {
    ra.push_back(smallVar(z, "ra" + std::to_string(i)));
    rb.push_back(smallVar(z, "rb" + std::to_string(i)));
  }
  for (size_t c = 0; c < cs.size(); ++c) {
    z3::expr feasible = z.bool_val(true);
    std::vector<z3::expr> rc;
    for (size_t i = 0; i < arity; ++i) {
      rc.push_back(enc.rankTo(args[i], cs[c]->params[i]));
      feasible = feasible && rc[i] < kInfinity;
    }
    z3::expr isA = z.bool_val(true), isB = z.bool_val(true);
    z3::expr dA = z.bool_val(true), dB = z.bool_val(true);  // c dominates a / b
    z3::expr sA = z.bool_val(false), sB = z.bool_val(false);
    for (size_t i = 0; i < arity; ++i) {
      isA = isA && ra[i] == rc[i];
      isB = isB && rb[i] == rc[i];
      dA = dA && rc[i] <= ra[i];
      dB = dB && rc[i] <= rb[i];
      sA = sA || rc[i] < ra[i];
      sB = sB || rc[i] < rb[i];
    }
    s.add(z3::implies(a == static_cast<int>(c), feasible && isA));
    s.add(z3::implies(b == static_cast<int>(c), feasible && isB));
    s.add(z3::implies(feasible, !(dA && sA) && !(dB && sB)));
  }
  SolveResult r = session.check(s);
  EXPECT_TRUE(r == SolveResult::Sat || r == SolveResult::Unsat) << solveResultName(r);
  return r == SolveResult::Sat;
}

TEST(OverloadsFamily, NoCallIsAmbiguous) {
  for (const Callee& c : numericCallees())
    EXPECT_FALSE(ambiguityExists(c.candidates, c.arity)) << c.name << "/" << c.arity;
  // Constructors: every target and operand structure the family writes.
  for (int n = 2; n <= 4; ++n) {
    std::vector<std::vector<int>> structures = {{1}, {n}};
    if (n == 2) structures.push_back({1, 1});
    if (n == 3) structures.insert(structures.end(), {{1, 1, 1}, {1, 2}, {2, 1}});
    if (n == 4)
      structures.insert(structures.end(),
                        {{1, 1, 1, 1}, {1, 1, 2}, {1, 2, 1}, {2, 1, 1}, {2, 2}, {1, 3}, {3, 1}});
    for (const auto& parts : structures) {
      std::vector<Ty> ops;
      std::vector<std::optional<Ty>> shapes;
      for (int p : parts) {
        ops.push_back(p == 1 ? scalar(Bool) : vec(p, Bool));
        shapes.push_back(ops.back());
      }
      for (int k = -1; k < kKinds; ++k) {
        if (isAbstract(k)) continue;
        ConstructorTarget t{
            k < 0 ? ConstructorTarget::InferredVector : ConstructorTarget::TypedVector,
            vec(n, k < 0 ? Bool : k),
            {}};
        EXPECT_FALSE(ambiguityExists(constructorCandidates(t, ops), ops.size(), shapes))
            << "vec" << n << " kind " << k << " parts " << parts.size();
      }
    }
    for (int r = 2; r <= 4; ++r)
      for (int k : {-1, static_cast<int>(F32), static_cast<int>(F16)}) {
        ConstructorTarget t{
            k < 0 ? ConstructorTarget::InferredMatrix : ConstructorTarget::TypedMatrix,
            mat(n, r, k < 0 ? AbstractFloat : k),
            {}};
        for (size_t count : {size_t(1), size_t(n), size_t(n * r)}) {
          Ty shape = count == 1           ? mat(n, r, AbstractFloat)
                     : count == size_t(n) ? vec(r, Bool)
                                          : scalar(Bool);
          std::vector<Ty> ops(count, shape);
          std::vector<std::optional<Ty>> shapes(count, shape);
          EXPECT_FALSE(ambiguityExists(constructorCandidates(t, ops), count, shapes))
              << "mat" << n << "x" << r << " kind " << k << " operands " << count;
        }
      }
  }
  for (int k : {Bool, I32, U32, F32, F16}) {
    ConstructorTarget t{ConstructorTarget::ScalarType, scalar(k), {}};
    EXPECT_FALSE(ambiguityExists(constructorCandidates(t, {scalar(Bool)}), 1)) << kindName(k);
  }
}

// The encoding finds an ambiguity when one exists (so the test above can fail): two candidates
// that rank the same argument in opposite orders.
TEST(OverloadsFamily, AmbiguityIsFoundWhenItExists) {
  std::vector<Candidate> cs = {{{scalar(I32), scalar(F32)}, scalar(I32), 0},
                               {{scalar(U32), scalar(F16)}, scalar(U32), 0},
                               {{scalar(U32), scalar(AbstractFloat)}, scalar(U32), 0}};
  // (AbstractInt, AbstractFloat): ranks (3, 1), (4, 2), (4, 0): the first and third are
  // minimal.
  EXPECT_TRUE(ambiguityExists(cs, 2));
  cs.pop_back();
  EXPECT_FALSE(ambiguityExists(cs, 2));
}

TEST(OverloadsFamily, SlotsAreDeterministic) {
  const Family& f = overloads();
  SolveStats stats;
  for (uint64_t slot : {0u, 17u, 40u, 101u, 123u}) {
    SlotResult a = generateSlot(f, 21, slot, SolverLimits{}, stats);
    SlotResult b = generateSlot(f, 21, slot, SolverLimits{}, stats);
    ASSERT_EQ(a.cases.size(), b.cases.size());
    for (size_t i = 0; i < a.cases.size(); ++i) {
      EXPECT_EQ(a.cases[i].wgsl, b.cases[i].wgsl);
      EXPECT_EQ(toJson(a.cases[i]).dump(), toJson(b.cases[i]).dump());
    }
  }
}

}  // namespace
}  // namespace plumb::gen
