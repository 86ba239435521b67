// The uniformity family (gen/wgsl/uniformity*.cpp): every row yields cases on which the
// family's Z3 derivation and Plumb's checker agree; invalid twins are rejected by the
// uniformity rule at the sink the model says; the holes of the seed (U1-U13) give a strict
// pair and the seed's acceptance of the same program; and the tags the model claims for every
// function are the tags Plumb's analysis computes.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "checker/wgsl/checker.h"
#include "checker/wgsl/uniformity.h"
#include "family_checks.h"
#include "semantics/wgsl/parser.h"

namespace plumb::gen {
namespace {

const Family& family() {
  const Family* f = familyByName("uniformity");
  EXPECT_NE(f, nullptr);
  return *f;
}

TEST(UniformityFamily, EveryRowGivesAgreeingCases) {
  const Family& f = family();
  uint64_t rows = f.rows().size();
  gen_testing::SlotsSummary s = gen_testing::checkFamilySlots(f, 5, 2 * rows);
  EXPECT_EQ(s.failures, 0u);
  EXPECT_GE(s.valid, s.invalid);
  EXPECT_GE(s.cases, 2 * s.slots - 2);  // the vertex row has one valid case per slot
}

/// Every slot's cases, by row.
std::map<std::string, std::vector<SlotResult>> slotsByRow(uint64_t seed, uint64_t perRow) {
  const Family& f = family();
  SolveStats stats;
  std::map<std::string, std::vector<SlotResult>> out;
  for (uint64_t slot = 0; slot < perRow * f.rows().size(); ++slot) {
    SlotResult r = generateSlot(f, seed, slot, SolverLimits{}, stats);
    EXPECT_TRUE(r.failure.empty() && r.disagreement.empty())
        << "slot " << slot << ": " << r.failure << r.disagreement;
    if (!r.cases.empty()) out[r.cases[0].rule.rowId].push_back(std::move(r));
  }
  return out;
}

TEST(UniformityFamily, InvalidTwinsAreRejectedByTheUniformityRuleAtTheSink) {
  for (const auto& [row, slots] : slotsByRow(17, 1)) {
    for (const SlotResult& r : slots) {
      for (const GeneratedCase& c : r.cases) {
        if (c.rule.side != Side::Invalid) continue;
        EXPECT_EQ(c.expect["rule"], "uniformity-function") << c.name;
        EXPECT_EQ(c.expect["stage"], "check") << c.name;
        // The line Plumb names holds a call that requires uniformity (a sink or a user
        // function whose tag requires it), as the model's violated requirement says.
        size_t line = c.expect["line"].get<size_t>();
        std::string text = c.wgsl;
        size_t at = 0;
        for (size_t l = 1; l < line; ++l) at = text.find('\n', at) + 1;
        std::string code = text.substr(at, text.find('\n', at) - at);
        EXPECT_NE(code.find('('), std::string::npos) << c.name << ": line " << line << ": " << code;
      }
    }
  }
}

TEST(UniformityFamily, HolesAreAcceptedBySeedAndRejectedByStrict) {
  std::set<std::string> holes = {"uniformity.U1", "uniformity.U2", "uniformity.U4",
                                 "uniformity.U5", "uniformity.U9", "uniformity.U13"};
  std::set<std::string> seen;
  for (const auto& [row, slots] : slotsByRow(23, 2)) {
    if (!holes.count(row)) continue;
    for (const SlotResult& r : slots) {
      ASSERT_EQ(r.cases.size(), 3u) << row;
      const GeneratedCase &valid = r.cases[0], &invalid = r.cases[1], &seed = r.cases[2];
      EXPECT_TRUE(valid.options.strictUniformity && invalid.options.strictUniformity) << row;
      EXPECT_FALSE(seed.options.strictUniformity) << row;
      EXPECT_EQ(seed.wgsl, invalid.wgsl) << row;
      EXPECT_EQ(valid.expect["verdict"], "valid") << row;
      EXPECT_EQ(invalid.expect["verdict"], "invalid") << row;
      EXPECT_EQ(seed.expect["verdict"], "valid") << row;
      EXPECT_TRUE(gen_testing::oneEdit(valid.wgsl, invalid.wgsl)) << valid.wgsl << invalid.wgsl;
      seen.insert(row);
    }
  }
  EXPECT_EQ(seen, holes);
}

/// Plumb's tags of every function of an accepted program, as the derivation spells them.
nlohmann::json plumbTags(const GeneratedCase& c) {
  SourceFile file(c.name + ".wgsl", c.wgsl);
  DiagnosticList diagnostics;
  std::unique_ptr<ast::Module> module = parseModule(file, Revision::wgsl2022_06(), diagnostics);
  CheckOptions o;
  o.strictUniformity = c.options.strictUniformity;
  std::unique_ptr<CheckedModule> m = check(*module, diagnostics, o);
  nlohmann::json out = nlohmann::json::object();
  for (size_t i = 0; i < m->declarations.size(); ++i) {
    const ModuleDeclaration& d = m->declarations[i];
    if (d.kind != ModuleDeclaration::Function) continue;
    const FunctionUniformity& u = m->uniformity->functions[i];
    nlohmann::json params = nlohmann::json::array();
    for (ParameterTag t : u.parameters) params.push_back(std::string(spelling(t)));
    out[std::string(module->name(d.name))] = {{"callSite", std::string(spelling(u.callSite))},
                                              {"function", std::string(spelling(u.function))},
                                              {"parameters", params}};
  }
  return out;
}

TEST(UniformityFamily, TheModelsTagsAreThoseOfPlumbsAnalysis) {
  size_t compared = 0;
  for (const auto& [row, slots] : slotsByRow(29, 1)) {
    for (const SlotResult& r : slots) {
      const GeneratedCase& valid = r.cases[0];
      if (valid.rule.side != Side::Valid || !valid.derivation.contains("tags")) continue;
      nlohmann::json plumb = plumbTags(valid);
      for (const auto& [name, tags] : valid.derivation["tags"]["valid"].items()) {
        ASSERT_TRUE(plumb.contains(name)) << valid.name << ": " << name;
        EXPECT_EQ(tags["callSite"], plumb[name]["callSite"]) << valid.name << " " << name;
        EXPECT_EQ(tags["function"], plumb[name]["function"]) << valid.name << " " << name;
        EXPECT_EQ(tags["parameters"], plumb[name]["parameters"]) << valid.name << " " << name;
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, family().rows().size());
}

TEST(UniformityFamily, TwinsDifferInOneChoiceOrTheRowsEdit) {
  for (const auto& [row, slots] : slotsByRow(31, 1)) {
    for (const SlotResult& r : slots) {
      if (r.cases.size() < 2) continue;
      const nlohmann::json& choices = r.cases[0].derivation["choices"];
      size_t flipped = 0;
      for (const nlohmann::json& c : choices) flipped += c.contains("invalid");
      EXPECT_LE(flipped, 1u) << row;
      EXPECT_TRUE(gen_testing::oneEdit(r.cases[0].wgsl, r.cases[1].wgsl)) << row;
    }
  }
}

TEST(UniformityFamily, Deterministic) {
  const Family& f = family();
  SolveStats stats;
  for (uint64_t slot : {3u, 40u, 77u}) {
    SlotResult a = generateSlot(f, 9, slot, SolverLimits{}, stats);
    SlotResult b = generateSlot(f, 9, slot, SolverLimits{}, stats);
    ASSERT_EQ(a.cases.size(), b.cases.size());
    for (size_t i = 0; i < a.cases.size(); ++i) {
      EXPECT_EQ(a.cases[i].wgsl, b.cases[i].wgsl);
      EXPECT_EQ(a.cases[i].derivation, b.cases[i].derivation);
    }
  }
}

}  // namespace
}  // namespace plumb::gen
