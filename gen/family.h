// A family of generated cases: a rule table (the rows of one part of the spec it covers) and
// a way to draft, for any case slot, the programs on both sides of one row with the family's
// own expectation. The driver (generator.h) then derives Plumb's expectation for every draft
// and writes a case only when the two derivations agree.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gen/case.h"
#include "gen/rng.h"
#include "gen/solver.h"
#include "semantics/wgsl/revision.h"

namespace plumb::gen {

/// One row of a family's rule table. A side that cannot exist says why (coverage reports it).
struct RuleRow {
  std::string id;         // stable, unique in the family: "numerics.i32-add-overflow"
  std::string anchor;     // the spec anchor the row belongs to
  std::string row;        // the row's name in the spec's table, or the boundary it describes
  std::string noValid;    // non-empty: no valid case can exist, and why
  std::string noInvalid;  // non-empty: no invalid case can exist, and why
};

/// What the generator knows about one word of a run's output (from the solver's evaluation of
/// the spec's formula), checked against Plumb's set for that word in some finished outcome.
struct IntendedWord {
  uint32_t group = 0, binding = 0, index = 0;  // which word of which buffer
  std::vector<uint32_t> allowed;               // the word must be one of these
  bool tight = false;  // Plumb's allowed set for the word must be exactly `allowed`
  /// Plumb's set must hold every value of `allowed` (each is a result the spec allows, e.g.
  /// both neighbours of a correctly rounded result, or a flushed zero): a narrower set would
  /// call a conforming device wrong. Without it one of them is enough.
  bool every = false;
  /// The spec allows any 32 bits (an undefined value, #floating-point-evaluation): Plumb's
  /// word must be `any` (`allowed` is then only for people).
  bool anyValue = false;
};

/// The family's own expectation of a drafted case, derived without Plumb's checker or
/// interpreter (from the solver's model of the rule, or from the shape's construction).
struct Intended {
  Side verdict = Side::Valid;
  std::vector<std::string> anchors;  // invalid: the rule anchors Plumb may name (one, usually)
  uint32_t line = 0;                 // invalid: the line Plumb must point at (0: any)
  std::string stage;                 // invalid: "parse", "check" or "pipeline" ("": any)
  std::vector<IntendedWord> words;   // run: words every finished outcome... see derive.cpp
  /// explore: final states (as plumb explore's stateLine) that must be allowed, and when
  /// `closed`, the only ones that may be.
  std::vector<std::string> mustStates;
  std::vector<std::string> mayStates;
  bool closed = false;
  /// explore: an upper bound per location, for outcome sets too large to list: every allowed
  /// state must name exactly these locations, in this order, each with one of its values
  /// (plumb explore's value text, `1u`). Empty: no such bound.
  std::vector<std::pair<std::string, std::vector<std::string>>> valueBound;
  /// explore: whether Plumb must report a data race (some, when true; none, when false).
  std::optional<bool> racy;
};

/// One drafted case: the program with everything but Plumb's expectation.
struct Draft {
  GeneratedCase c;
  Intended intended;
};

/// What a slot produced: its drafts (a twin pair, or one case for a one-sided row), or why
/// it produced none (the solver found no model, hit a limit, ...).
struct SlotDrafts {
  std::vector<Draft> drafts;
  std::string failure;                   // empty when drafts were made
  SolveResult solve = SolveResult::Sat;  // the solve that failed, if any
};

struct SlotContext {
  uint64_t seed;
  uint64_t slot;
  Rng rng;
  SolverSession& solver;
};

class Family {
 public:
  virtual ~Family() = default;
  virtual std::string_view name() const = 0;
  virtual std::string_view description() const = 0;
  virtual const std::vector<RuleRow>& rows() const = 0;
  /// Drafts the cases of slot `ctx.slot`; deterministic in (seed, slot).
  virtual SlotDrafts draft(SlotContext& ctx) const = 0;
  /// Empty when the family's programs and its own expectations (Intended) hold under
  /// `revision`; otherwise why not (`plumb gen --revision` refuses the family with it). By
  /// default a family speaks the seed only: its rows cite the seed's rules.
  virtual std::string revisionSupport(const Revision& revision) const;
};

/// The reason of Family::revisionSupport for a family whose rows follow the seed's rules in a
/// way the revision changes (`what`: those rules, with their delta entries).
std::string seedOnly(const Revision& revision, std::string_view what);

/// Every family, in the order `plumb gen all` runs them (wgsl/families.cpp).
const std::vector<std::unique_ptr<Family>>& families();
const Family* familyByName(std::string_view name);

/// A twin pair's names: "<row-slug>.<slot>.valid" / ".invalid", each naming the other.
void nameTwins(Draft& valid, Draft& invalid, const RuleRow& row, uint64_t slot);
/// A one-sided case's name: "<row-slug>.<slot>.<side>" (or .<suffix> when given).
void nameSingle(Draft& d, const RuleRow& row, uint64_t slot, std::string_view suffix = {});

}  // namespace plumb::gen
