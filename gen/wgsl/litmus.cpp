// The `litmus` family: small memory-model tests in the style of MC Mutants (Levine et al.,
// ASPLOS 2023), as WGSL compute shaders explored with `plumb explore` (docs/gen.md "Family
// litmus"). Each row is a classic shape (litmus_skeleton.h) with one kind of variation:
//
// - relaxed:    relaxed atomics without barriers (#atomic-builtin-functions: "no ordering
//               guarantees ... between atomic accesses acting on different memory locations");
// - barrier:    twins differing in one barrier call: storageBarrier orders storage accesses,
//               workgroupBarrier workgroup ones (#sync-builtin-functions), so flipping the
//               call that covers the locations' address space removes the order;
// - workgroups: twins differing in the workgroup size (`const G`): the barrier's Workgroup
//               scope (#scoped-operations) orders nothing across workgroups;
// - race:       plain (non-atomic) accesses, twins on both sides of a data race (#memory-model:
//               the Vulkan model's `dr`), the racy one by a barrier flip or a regrouping.
//
// Every program is valid; twins differ by one edit and in the final states the memory model
// allows. The family's own expectation (litmus_outcomes.h): the sequentially consistent states
// and the coherent states from Z3 must all be allowed; a race-free program allows exactly the
// coherent states; a racy one is bounded by the values its writes may store, and its race
// must be reported. Z3 also decides, for the twin rows, whether the shape's weak outcome is
// coherent in each twin, and the family keeps the skeletons where the ordered twin forbids it
// and the other allows it.
#include <algorithm>
#include <numeric>

#include "gen/wgsl/families.h"
#include "gen/wgsl/litmus_outcomes.h"

namespace plumb::gen::wgsl {

// A named namespace around the anonymous one: a unity build compiles the families in one
// translation unit, where each has its own Row and makeRows and its using-directive must stay
// inside (README, Continuous integration).
namespace litmus_family {
namespace {

using namespace litmus;

enum class Variation { Relaxed, Barrier, Workgroups, Race };

struct Row {
  RuleRow rule;
  const Shape* shape;
  Variation variation;
};

std::vector<Row> makeRows() {
  std::vector<Row> rows;
  const char* noInvalid =
      "every litmus program is valid WGSL: twins differ in the final states the memory model "
      "allows (both valid programs), not in the verdict";
  for (const Shape& s : shapes()) {
    std::string id = std::string("litmus.") + s.slug;
    std::string name = s.name;
    rows.push_back({{id + ".relaxed", "atomic-builtin-functions",
                     name + ", relaxed atomics without barrier", "", noInvalid},
                    &s,
                    Variation::Relaxed});
    rows.push_back({{id + ".barrier", "sync-builtin-functions",
                     name + ", a barrier that affects the locations' address space vs one "
                            "that does not",
                     "", noInvalid},
                    &s,
                    Variation::Barrier});
    rows.push_back(
        {{id + ".workgroups", "scoped-operations",
          name + ", a barrier with the invocations in one workgroup vs in several", "", noInvalid},
         &s,
         Variation::Workgroups});
    rows.push_back(
        {{id + ".race", "memory-model",
          name + ", plain accesses ordered by a barrier (race-free) vs not (racy)", "", noInvalid},
         &s,
         Variation::Race});
  }
  return rows;
}

// --- drawing a skeleton ------------------------------------------------------------------------

/// The shape, mutated: address spaces, atomicity, atomic built-ins, values, an extra read,
/// roles, workgroup size and barrier placement drawn from the slot's stream.
Skeleton drawSkeleton(Rng& rng, const Row& row) {
  const Shape& shape = *row.shape;
  Skeleton s;
  s.shape = shape.name;
  size_t n = shape.threads.size();
  // Locations.
  for (int l = 0; l < shape.locations; ++l) {
    Location loc;
    loc.name = static_cast<char>('x' + l);
    bool storageOnly = shape.finalObserved || row.variation == Variation::Workgroups;
    loc.space = !storageOnly && rng.chance(40) ? Space::Workgroup : Space::Storage;
    loc.atomic = row.variation != Variation::Race || rng.chance(30);
    s.locs.push_back(loc);
  }
  if (row.variation == Variation::Race) {
    bool plain = false;
    for (const Location& l : s.locs) plain = plain || !l.atomic;
    if (!plain) s.locs[rng.below(s.locs.size())].atomic = false;
  }
  // Values: the shape's distinct stored values of each location mapped one-to-one into 1..3.
  std::vector<std::vector<uint32_t>> valueMap(s.locs.size());
  for (auto& m : valueMap) {
    m = {1, 2, 3};
    for (size_t i = m.size(); i > 1; --i) std::swap(m[i - 1], m[rng.below(i)]);
  }
  // Every read-modify-write multiplies the executions plumb explore enumerates (a read of each
  // value of its location's domain): at most two mutations, one with four threads, keep each
  // exploration in tens of milliseconds.
  int mutations = n >= 4 ? 1 : 2;
  for (const auto& ops : shape.threads) {
    Thread t;
    for (Op op : ops) {
      if (op.kind != OpKind::Load) op.value = valueMap[op.loc][op.value - 1];
      const Location& l = s.locs[op.loc];
      if (!l.atomic) {
        if (op.kind == OpKind::Add) op.kind = OpKind::Increment;
      } else if (mutations > 0 && rng.chance(25)) {
        --mutations;
        // An MC Mutants-style mutation to another atomic built-in with the same access kind.
        switch (op.kind) {
          case OpKind::Store: {
            static constexpr OpKind kinds[] = {OpKind::Exchange, OpKind::Add,
                                               OpKind::CompareExchange};
            op.kind = rng.pick(kinds);
            op.cmp = 0;
            break;
          }
          case OpKind::Load:
            if (rng.chance(50)) {
              op.kind = OpKind::Add;
              op.value = 0;
            } else {
              op.kind = OpKind::CompareExchange;
              op.cmp = op.value = static_cast<uint32_t>(rng.below(3));
            }
            break;
          case OpKind::Add:
            op.kind = rng.chance(50) ? OpKind::Exchange : OpKind::CompareExchange;
            op.cmp = 0;
            break;
          default:
            break;
        }
      }
      t.ops.push_back(op);
    }
    s.threads.push_back(std::move(t));
  }
  // An extra read (up to three operations per thread), 20% of the time, up to three threads.
  if (n <= 3 && rng.chance(20)) {
    size_t role = rng.below(n);
    if (s.threads[role].ops.size() < 3) {
      Op extra;
      extra.kind = OpKind::Load;
      extra.loc = static_cast<int>(rng.below(s.locs.size()));
      s.threads[role].ops.push_back(extra);
    }
  }
  // Result slots in role and program order; a compare-exchange records `exchanged` too, half
  // of the time.
  for (Thread& t : s.threads)
    for (Op& op : t.ops) {
      if (reads(op.kind)) op.slot = s.slots++;
      if (op.kind == OpKind::CompareExchange && rng.chance(50)) op.exchangedSlot = s.slots++;
    }
  // Roles to invocations.
  s.invocation.resize(n);
  std::iota(s.invocation.begin(), s.invocation.end(), 0u);
  for (size_t i = n; i > 1; --i) std::swap(s.invocation[i - 1], s.invocation[rng.below(i)]);
  // Workgroups: all in one, one per invocation, or pairs.
  uint32_t groups[] = {static_cast<uint32_t>(n), 1u, 2u};
  s.groupSize = row.variation == Variation::Workgroups ? static_cast<uint32_t>(n)
                : row.variation == Variation::Relaxed  ? groups[rng.below(n >= 3 ? 3 : 2)]
                : rng.chance(75)                       ? static_cast<uint32_t>(n)
                                                       : groups[rng.below(n >= 3 ? 3 : 2)];
  if (row.variation == Variation::Relaxed) return s;
  // Barriers: one or two lines, each calling what covers every location's address space.
  size_t maxOps = 0;
  for (const Thread& t : s.threads) maxOps = std::max(maxOps, t.ops.size());
  int lines = maxOps >= 3 && rng.chance(30) ? 2 : 1;
  bool storage = false, workgroup = false;
  for (const Location& l : s.locs) (l.space == Space::Storage ? storage : workgroup) = true;
  for (int k = 0; k < lines; ++k) {
    BarrierLine line;
    if (storage) line.push_back(BarrierCall::Storage);
    if (workgroup) line.push_back(BarrierCall::Workgroup);
    if (line.size() == 2 && rng.chance(50)) std::swap(line[0], line[1]);
    s.barriers.push_back(line);
  }
  // Placement: every thread split across the barriers (both sides), one thread split and the
  // others in one phase (one side), or any phases in program order.
  int style = static_cast<int>(rng.below(10));  // 0-4 both sides, 5-7 one side, 8-9 any
  size_t splitRole = rng.below(n);
  for (size_t role = 0; role < n; ++role) {
    std::vector<Op>& ops = s.threads[role].ops;
    bool split = style < 5 || (style < 8 && role == splitRole);
    if (split && ops.size() > 1) {
      // Op i of k goes to phase ceil(i * lines / (k - 1)) spread over 0..lines.
      for (size_t i = 0; i < ops.size(); ++i)
        ops[i].phase = static_cast<int>((i * lines + ops.size() - 2) / (ops.size() - 1));
    } else if (style >= 8) {
      int phase = 0;
      for (Op& op : ops) op.phase = phase = static_cast<int>(rng.between(phase, lines));
    } else {
      int phase = static_cast<int>(rng.between(0, lines));
      for (Op& op : ops) op.phase = phase;
    }
  }
  return s;
}

/// The one-edit twin without the order: one barrier call flipped to the other kind, or the
/// invocations spread over several workgroups.
Skeleton unorderedTwin(Rng& rng, const Skeleton& ordered, bool regroup) {
  Skeleton q = ordered;
  if (regroup) {
    q.groupSize = ordered.invocations() >= 3 && rng.chance(30) ? 2u : 1u;
    return q;
  }
  BarrierLine& line = q.barriers[rng.below(q.barriers.size())];
  BarrierCall& call = line[rng.below(line.size())];
  call = call == BarrierCall::Storage ? BarrierCall::Workgroup : BarrierCall::Storage;
  return q;
}

// --- intended outcomes -------------------------------------------------------------------------

std::vector<std::string> texts(const Outcomes& o, const std::set<State>& states) {
  std::vector<std::string> out;
  for (const State& s : states) out.push_back(stateText(o.outputs, s));
  return out;
}

/// The family's expectation of one program, and its own consistency checks: SC states are
/// coherent, and coherent states lie in the bound.
std::string intend(const Outcomes& o, Intended& in) {
  for (const State& s : o.sc)
    if (!o.coherent.count(s))
      return "derivation: the SC state '" + stateText(o.outputs, s) + "' is not coherent";
  for (const State& s : o.coherent)
    for (size_t i = 0; i < s.size(); ++i)
      if (!o.bound[i].count(s[i]))
        return "derivation: the coherent state '" + stateText(o.outputs, s) +
               "' is outside the value bound";
  in.verdict = Side::Valid;
  in.mustStates = texts(o, o.coherent);
  in.racy = !o.races.empty();
  if (o.races.empty()) {
    // Race-free: exactly the coherent states (litmus_outcomes.h).
    in.mayStates = in.mustStates;
    in.closed = true;
  } else {
    // Racy: a racy read returns the value of some write or the initial value (docs/
    // ambiguities.md L4), and racing plain writes may each end last (L7).
    for (size_t i = 0; i < o.outputs.size(); ++i) {
      std::vector<std::string> values;
      for (uint32_t v : o.bound[i]) values.push_back(std::to_string(v) + "u");
      in.valueBound.push_back({o.outputs[i], values});
    }
  }
  return "";
}

nlohmann::json derivationJson(const Outcomes& o) {
  nlohmann::json bound = nlohmann::json::object();
  for (size_t i = 0; i < o.outputs.size(); ++i)
    bound[o.outputs[i]] = std::vector<uint32_t>(o.bound[i].begin(), o.bound[i].end());
  return {{"sc", texts(o, o.sc)},
          {"coherent", texts(o, o.coherent)},
          {"races", o.races},
          {"bound", bound},
          {"model",
           "Z3: SC = one timestamp order of all events with barrier rendezvous; coherent = one "
           "order per location extending program order and the barriers that affect it; a read "
           "reads the latest earlier write"}};
}

std::string describe(const Skeleton& s) {
  std::string d = s.shape + ":";
  for (const Location& l : s.locs)
    d += std::string(" ") + l.name + " " + (l.atomic ? "atomic" : "plain") + " in " +
         (l.space == Space::Storage ? "storage" : "workgroup") + ",";
  d += " " + std::to_string(s.invocations()) + " invocations, " + std::to_string(s.workgroups()) +
       (s.workgroups() == 1 ? " workgroup" : " workgroups");
  d += s.barriers.empty() ? ", no barrier"
                          : ", " + std::to_string(s.barriers.size()) +
                                (s.barriers.size() == 1 ? " barrier" : " barriers");
  return d;
}

Draft draftOf(const Skeleton& s) {
  Draft d;
  d.c.kind = CaseKind::Explore;
  d.c.wgsl = renderWgsl(s);
  d.c.dispatch = Dispatch{"main", {s.workgroups(), 1, 1}, nlohmann::json::array()};
  d.c.description = describe(s);
  return d;
}

std::string failed(const std::string& why) {
  return why.empty() ? "no answer" : why;
}

class LitmusFamily final : public Family {
 public:
  LitmusFamily() : rows_(makeRows()) {
    for (const Row& r : rows_) table_.push_back(r.rule);
  }
  std::string_view name() const override { return "litmus"; }
  std::string_view description() const override {
    return "memory-model litmus shapes (MP, SB, LB, 2+2W, S, R, IRIW, WRC, RWC, CoRR, CoWW, "
           "CoRW, CoWR, RMW) mutated MC Mutants style, explored with plumb explore; twins "
           "with and without the barrier, workgroup or atomicity that orders them";
  }
  const std::vector<RuleRow>& rows() const override { return table_; }
  // Every row holds in revision 2026 too (docs/revision-2026.md, "plumb gen"): the shapes
  // use the common subset (delta 9) and new#memory-model keeps the seed's model for storage
  // and workgroup accesses (delta 7.2 changes texture and vector-component accesses, which
  // no shape has).
  std::string revisionSupport(const Revision&) const override { return ""; }

  SlotDrafts draft(SlotContext& ctx) const override {
    const Row& row = rows_[ctx.slot % rows_.size()];
    SlotDrafts out;
    z3::solver solver = ctx.solver.solver("QF_LIA");
    if (row.variation == Variation::Relaxed) {
      Skeleton s = drawSkeleton(ctx.rng, row);
      Outcomes o = deriveOutcomes(s, ctx.solver, solver);
      if (!o.failure.empty()) return fail(out, o.failure);
      Draft d = draftOf(s);
      if (std::string why = intend(o, d.intended); !why.empty()) return fail(out, why);
      d.c.derivation = derivationJson(o);
      nameSingle(d, row.rule, ctx.slot);
      out.drafts.push_back(std::move(d));
      return out;
    }
    // Twin rows: draw until the ordered twin and its one-edit twin are separated by the row's
    // criterion (a few draws; the slot's stream makes it deterministic).
    // The race criterion needs no solver, so race rows afford more draws.
    int attempts = row.variation == Variation::Race ? 48 : 12;
    for (int attempt = 0; attempt < attempts; ++attempt) {
      Skeleton p = drawSkeleton(ctx.rng, row);
      bool regroup = row.variation == Variation::Workgroups ||
                     (row.variation == Variation::Race && p.groupSize > 1 && ctx.rng.chance(30) &&
                      std::all_of(p.locs.begin(), p.locs.end(),
                                  [](const Location& l) { return l.space == Space::Storage; }));
      if (regroup && p.groupSize == 1) continue;
      Skeleton q = unorderedTwin(ctx.rng, p, regroup);
      std::string why;
      std::optional<bool> separated = separates(ctx, solver, row, p, q, why);
      if (!separated) return fail(out, why);
      if (!*separated) continue;
      Outcomes op = deriveOutcomes(p, ctx.solver, solver);
      Outcomes oq = deriveOutcomes(q, ctx.solver, solver);
      if (!op.failure.empty()) return fail(out, op.failure);
      if (!oq.failure.empty()) return fail(out, oq.failure);
      if (op.coherent == oq.coherent && op.races.empty() == oq.races.empty()) continue;
      Draft a = draftOf(p), b = draftOf(q);
      if (std::string w = intend(op, a.intended); !w.empty()) return fail(out, w);
      if (std::string w = intend(oq, b.intended); !w.empty()) return fail(out, w);
      a.c.derivation = derivationJson(op);
      b.c.derivation = derivationJson(oq);
      if (row.variation != Variation::Race && !row.shape->coherenceForbids) {
        // What Z3 decided in `separates`: the shape's weak outcome is coherent in the
        // unordered twin only.
        a.c.derivation["weakOutcomeCoherent"] = false;
        b.c.derivation["weakOutcomeCoherent"] = true;
      }
      bool race = row.variation == Variation::Race;
      nameSingle(a, row.rule, ctx.slot, race ? "race-free" : "ordered");
      nameSingle(b, row.rule, ctx.slot, race ? "racy" : "unordered");
      a.c.twin = b.c.name;
      b.c.twin = a.c.name;
      std::string diff = difference(op, oq);
      a.c.description += "; " + diff;
      b.c.description += "; " + diff;
      out.drafts.push_back(std::move(a));
      out.drafts.push_back(std::move(b));
      return out;
    }
    return fail(out, "no skeleton drawn separates the twins");
  }

 private:
  static SlotDrafts& fail(SlotDrafts& out, const std::string& why) {
    out.failure = failed(why);
    out.drafts.clear();
    return out;
  }

  /// The row's criterion: the ordered twin forbids the shape's weak outcome and the other
  /// allows it (Z3, for shapes whose weak outcome is coherent without order); the twins'
  /// coherent sets differ (coherence shapes: checked by the caller); the race-free twin has
  /// no race and the other one has.
  static std::optional<bool> separates(SlotContext& ctx, z3::solver& solver, const Row& row,
                                       const Skeleton& p, const Skeleton& q, std::string& why) {
    if (row.variation == Variation::Race) return dataRaces(p).empty() && !dataRaces(q).empty();
    if (row.shape->coherenceForbids) return true;
    std::optional<bool> wp = weakOutcomeCoherent(p, *row.shape, ctx.solver, solver, why);
    if (!wp) return std::nullopt;
    if (*wp) return false;
    std::optional<bool> wq = weakOutcomeCoherent(q, *row.shape, ctx.solver, solver, why);
    if (!wq) return std::nullopt;
    return *wq;
  }

  /// What the twins' outcome sets differ in, for the descriptions.
  static std::string difference(const Outcomes& p, const Outcomes& q) {
    std::vector<State> onlyQ, onlyP;
    std::set_difference(q.coherent.begin(), q.coherent.end(), p.coherent.begin(), p.coherent.end(),
                        std::back_inserter(onlyQ));
    std::set_difference(p.coherent.begin(), p.coherent.end(), q.coherent.begin(), q.coherent.end(),
                        std::back_inserter(onlyP));
    std::string d = "the unordered twin allows " + std::to_string(onlyQ.size()) +
                    " coherent state(s) the ordered one forbids";
    if (!onlyQ.empty()) d += ", e.g. " + stateText(q.outputs, onlyQ.front());
    if (!onlyP.empty()) d += "; the ordered twin allows " + std::to_string(onlyP.size()) + " more";
    if (p.races.empty() != q.races.empty())
      d += std::string("; ") + (q.races.empty() ? "ordered" : "unordered") + " twin is racy";
    return d;
  }

  std::vector<Row> rows_;
  std::vector<RuleRow> table_;
};

}  // namespace
}  // namespace litmus_family

std::unique_ptr<Family> makeLitmusFamily() {
  return std::make_unique<litmus_family::LitmusFamily>();
}

}  // namespace plumb::gen::wgsl
