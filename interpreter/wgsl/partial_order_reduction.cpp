// Partial-order reduction of the schedules of a dispatch (partial_order_reduction.h).
#include "interpreter/wgsl/partial_order_reduction.h"

#include <algorithm>
#include <string_view>

namespace plumb::interp {

namespace {

constexpr uint32_t kUnset = UINT32_MAX;

/// One location is within the other (a path is a prefix of the other): they share memory
/// locations (#memory-locations-section).
bool overlaps(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  size_t n = std::min(a.size(), b.size());
  return std::equal(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(n), b.begin());
}

bool contains(const std::vector<uint32_t>& v, uint32_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

AtomicAccess nextAtomicAccess(const Program& program, const Configuration& config, uint32_t i) {
  AtomicAccess a;  // Unknown until recognised
  const Invocation& inv = config.invocations[i];
  if (inv.tasks.empty()) return a;
  const Task& t = inv.tasks.back();
  if (t.kind != TaskKind::CallBuiltin || t.aux == 0 || inv.values.size() < t.aux) return a;
  const Overload* o = program.checked.calls[t.node];
  if (!o) return a;
  std::string_view name = o->row->name;
  // The call's arguments are the top t.aux values; the first is the pointer (#atomic-builtin-
  // functions: `atomicOp(atomic_ptr: ptr<AS, atomic<T>, read_write>, ...)`).
  const RValue* args = &inv.values[inv.values.size() - t.aux];
  if (!std::holds_alternative<MemoryView>(args[0].data)) return a;
  const MemoryView& v = args[0].view();
  a.allocation = v.allocation;
  // #address-spaces: workgroup memory is one instance per workgroup; buffers are shared.
  a.workgroup = regionOf(v.allocation) == Region::Workgroup ? inv.workgroup : 0;
  // #invalid-memory-reference: an access through an invalid reference may touch any location
  // of the buffer (or none): dependent with every access of the allocation.
  a.anywhere = v.invalid;
  if (!v.invalid) a.path = v.path;
  if (name == "atomicLoad") {
    a.kind = AtomicAccess::Kind::Load;
    return a;
  }
  a.kind = AtomicAccess::Kind::Exclusive;
  // #atomic-rmw: "atomically load the value, perform the operation and store the result",
  // returning the original value. Two such operations f(x) = x op v1, g(x) = x op v2 of one
  // class commute on the location (f(g(x)) = g(f(x)): addition and subtraction modulo 2^32,
  // and, or, xor, min, max are associative and commutative), so when neither result is used
  // both orders end in the same state: the same memory (#memory-model: the RMWs are ordered
  // in the location's modification order either way, and nothing else observes which came
  // first) and the same invocations. The result is discarded exactly when the continuation's
  // next task drops it: the call is a function call statement or a phony assignment
  // (#function-call-statement, #phony-assignment-section). The operand must be one integer
  // (an integer not yet chosen, M13, would be chosen in the step).
  static const std::pair<std::string_view, char> kCommuting[] = {
      {"atomicAdd", '+'}, {"atomicSub", '+'}, {"atomicAnd", '&'}, {"atomicOr", '|'},
      {"atomicXor", '^'}, {"atomicMin", 'm'}, {"atomicMax", 'M'}};
  bool discarded = inv.tasks.size() >= 2 &&
                   inv.tasks[inv.tasks.size() - 2].kind == TaskKind::DiscardValue &&
                   inv.tasks[inv.tasks.size() - 2].aux == 1;
  bool concrete = t.aux == 2 && std::holds_alternative<int64_t>(args[1].data);
  if (!discarded || !concrete) return a;
  for (const auto& [fname, op] : kCommuting) {
    if (name != fname) continue;
    a.kind = AtomicAccess::Kind::Commuting;
    a.operation = op;
  }
  return a;
}

bool dependent(const AtomicAccess& a, const AtomicAccess& b) {
  using K = AtomicAccess::Kind;
  if (a.kind == K::Unknown || b.kind == K::Unknown) return true;
  if (a.allocation != b.allocation || a.workgroup != b.workgroup) return false;
  if (!a.anywhere && !b.anywhere && !overlaps(a.path, b.path)) return false;
  // #memory-operation: two reads do not conflict.
  if (a.kind == K::Load && b.kind == K::Load) return false;
  if (a.kind == K::Commuting && b.kind == K::Commuting && a.operation == b.operation) return false;
  return true;
}

ExplorationTree::ExplorationTree(bool reduce, uint32_t invocations, uint64_t maxClockWords)
    : reduce_(reduce), invocations_(invocations), maxClockWords_(maxClockWords) {
  next();  // the per-execution state
  depth_ = 0;
}

uint32_t ExplorationTree::choose(uint32_t count, const std::string& what) {
  if (count <= 1) return 0;
  if (depth_ < trail_.size()) {
    Node& n = trail_[depth_++];
    return std::min(n.chosen, count - 1);
  }
  Node n;
  n.count = count;
  n.what = what;
  trail_.push_back(std::move(n));
  ++depth_;
  return 0;
}

std::optional<uint32_t> ExplorationTree::chooseSchedule(const std::vector<uint32_t>& poised,
                                                        const Program& program,
                                                        const Configuration& config) {
  if (!reduce_) return choose(static_cast<uint32_t>(poised.size()), "schedule");
  // An invocation newly poised: since when, and its pending access (it does not change until
  // the invocation is stepped).
  for (uint32_t q : poised) {
    if (since_[q] != kUnset) continue;
    since_[q] = static_cast<uint32_t>(depth_);
    pending_[q] = nextAtomicAccess(program, config, q);
  }
  auto indexIn = [&](uint32_t q) -> uint32_t {
    return static_cast<uint32_t>(std::find(poised.begin(), poised.end(), q) - poised.begin());
  };
  if (depth_ < trail_.size()) {  // replaying
    Node& n = trail_[depth_];
    uint32_t k = indexIn(n.invocation);
    if (k == poised.size()) k = 0;  // cannot happen: executions are deterministic
    n.invocation = poised[k];
    n.chosen = k;
    n.count = static_cast<uint32_t>(poised.size());
    n.access = pending_[n.invocation];
    ++depth_;
    record(n.invocation, static_cast<uint32_t>(depth_ - 1), n.access);
    return k;
  }
  Node n;
  n.schedule = true;
  n.what = "schedule";
  n.count = static_cast<uint32_t>(poised.size());
  // Sleep set: the invocations whose step was explored from the previous scheduling point
  // (or slept there) and is independent of the step taken there sleep on: taking them here
  // would only reorder independent steps of an execution already explored.
  for (size_t k = trail_.size(); k-- > 0;) {
    const Node& parent = trail_[k];
    if (!parent.schedule) continue;
    auto carry = [&](uint32_t q) {
      if (q == parent.invocation || !contains(poised, q) || contains(n.sleep, q)) return;
      if (!dependent(pending_[q], parent.access)) n.sleep.push_back(q);
    };
    for (uint32_t q : parent.sleep) carry(q);
    for (uint32_t q : parent.done) carry(q);
    break;
  }
  uint32_t k = 0;
  while (k < poised.size() && contains(n.sleep, poised[k])) ++k;
  if (k == poised.size()) return std::nullopt;
  n.invocation = poised[k];
  n.chosen = k;
  n.access = pending_[n.invocation];
  n.backtrack.push_back(n.invocation);
  trail_.push_back(std::move(n));
  ++depth_;
  record(trail_.back().invocation, static_cast<uint32_t>(depth_ - 1), trail_.back().access);
  return k;
}

void ExplorationTree::join(Clock& into, const Clock& from) const {
  if (into.size() < from.size()) into.resize(from.size(), 0);
  for (size_t k = 0; k < from.size(); ++k) into[k] = std::max(into[k], from[k]);
}

void ExplorationTree::barrierReleased(const std::vector<uint32_t>& invocations) {
  if (!reduce_) return;
  // #barrier: every access before the barrier in one invocation of the workgroup happens
  // before every access after it in another.
  Clock joined;
  for (uint32_t q : invocations) join(joined, clocks_[q]);
  for (uint32_t q : invocations) clocks_[q] = joined;
}

std::vector<ExplorationTree::Location*> ExplorationTree::relatedLocations(
    const AtomicAccess& access) {
  std::vector<Location*> out;
  for (auto& [key, loc] : locations_) {
    bool unknown = key.allocation == kUnset && key.anywhere;
    if (access.kind == AtomicAccess::Kind::Unknown || unknown) {
      out.push_back(&loc);
      continue;
    }
    if (key.allocation != access.allocation || key.workgroup != access.workgroup) continue;
    if (!key.anywhere && !access.anywhere && !overlaps(key.path, access.path)) continue;
    out.push_back(&loc);
  }
  return out;
}

bool ExplorationTree::enabledAt(uint32_t q, uint32_t node) const {
  if (since_[q] != kUnset && since_[q] <= node) return true;
  for (const Event& e : events_)
    if (e.invocation == q && e.since <= node && node <= e.node) return true;
  return false;
}

void ExplorationTree::addBacktrack(Node& n, uint32_t q) {
  if (!contains(n.backtrack, q) && !contains(n.done, q)) n.backtrack.push_back(q);
}

void ExplorationTree::reverse(uint32_t racing, uint32_t p, const Clock& clock) {
  // Source-DPOR (Abdulla, Aronis, Jonsson, Sagonas, "Optimal dynamic partial order reduction",
  // POPL 2014, Algorithm 1): the race of step `racing` (e') with p's step e is reversed by
  // running, from the scheduling point before e', the steps after e' that do not happen after
  // it, then e (the sequence v). Some invocation that can start v (an *initial* of v: its
  // first step in v has no step of v happening before it) must be tried there.
  const Event& first = events_[racing];
  Node& at = trail_[first.node];
  auto after = [&](const Clock& c, uint32_t q, uint32_t sequence) {
    return q < c.size() && c[q] >= sequence;
  };
  std::vector<std::pair<uint32_t, uint32_t>> firsts;  // (invocation, its first step) in v
  std::vector<uint32_t> initials;
  auto consider = [&](uint32_t q, uint32_t sequence, const Clock& c) {
    for (const auto& f : firsts)
      if (f.first == q) return;
    bool initial = true;
    for (const auto& [r, s] : firsts) initial = initial && !after(c, r, s);
    firsts.emplace_back(q, sequence);
    if (initial) initials.push_back(q);
  };
  for (size_t k = racing + 1; k < events_.size(); ++k) {
    const Event& w = events_[k];
    if (after(w.clock, first.invocation, first.sequence)) continue;  // happens after e'
    consider(w.invocation, w.sequence, w.clock);
  }
  consider(p, clock[p], clock);
  // Already tried there (or to be): nothing to add. A sleeping initial means the reversal
  // was explored from an equivalent order (sleep sets).
  for (uint32_t q : initials)
    if (contains(at.backtrack, q) || contains(at.sleep, q)) return;
  for (uint32_t q : initials) {
    if (enabledAt(q, first.node)) {
      addBacktrack(at, q);
      return;
    }
  }
  // No initial was poised there (one waited at a barrier): every invocation that was.
  for (uint32_t q = 0; q < invocations_; ++q)
    if (enabledAt(q, first.node)) addBacktrack(at, q);
}

void ExplorationTree::record(uint32_t p, uint32_t n, const AtomicAccess& access) {
  // Bounded (design.md principle 5): past the clocks' memory bound, no more analysis; the
  // dispatch ends the exploration with a Limit.
  if (exhausted_) return;
  if (clockWords_ + invocations_ > maxClockWords_) {
    exhausted_ = true;
    return;
  }
  const Clock before = clocks_[p];
  std::vector<Location*> related = relatedLocations(access);
  // Happens-before: after every earlier dependent step.
  Clock c = before;
  for (const Location* l : related) {
    for (const auto& [kindOp, clock] : l->joined) {
      // The location's accesses of one kind (the joined clocks are per kind of access).
      AtomicAccess representative = eventAccess_[l->events.front()];
      representative.kind = static_cast<AtomicAccess::Kind>(kindOp.first);
      representative.operation = kindOp.second;
      if (dependent(representative, access)) join(c, clock);
    }
  }
  if (c.size() <= p) c.resize(p + 1, 0);
  c[p] = ++sequence_[p];
  // The races of this step: each earlier dependent step e' of another invocation that happens
  // before it only through their own dependence (not through p's earlier steps, nor through
  // another dependent step that e' happens before).
  std::vector<uint32_t> dependents;
  for (const Location* l : related)
    for (uint32_t k : l->events)
      if (dependent(eventAccess_[k], access)) dependents.push_back(k);
  std::sort(dependents.begin(), dependents.end());
  for (uint32_t k : dependents) {
    const Event& e = events_[k];
    if (e.invocation == p) continue;
    if (e.invocation < before.size() && e.sequence <= before[e.invocation]) continue;
    bool immediate = true;
    for (uint32_t j : dependents) {
      if (j <= k) continue;
      const Clock& later = events_[j].clock;
      if (e.invocation < later.size() && later[e.invocation] >= e.sequence) immediate = false;
    }
    if (immediate) reverse(k, p, c);
  }
  clocks_[p] = c;
  clockWords_ += c.size();
  events_.push_back({p, c[p], n, since_[p], c});
  eventAccess_.push_back(access);
  since_[p] = kUnset;
  LocationKey key{access.kind == AtomicAccess::Kind::Unknown ? kUnset : access.allocation,
                  access.kind == AtomicAccess::Kind::Unknown ? kUnset : access.workgroup,
                  access.anywhere || access.kind == AtomicAccess::Kind::Unknown, access.path};
  Location& own = locations_[key];
  own.events.push_back(static_cast<uint32_t>(events_.size() - 1));
  join(own.joined[{static_cast<int>(access.kind), access.operation}], c);
}

bool ExplorationTree::next() {
  while (!trail_.empty()) {
    Node& n = trail_.back();
    if (n.schedule) {
      n.done.push_back(n.invocation);
      uint32_t best = kUnset;
      for (uint32_t q : n.backtrack)
        if (!contains(n.done, q) && !contains(n.sleep, q) && q < best) best = q;
      if (best != kUnset) {
        n.invocation = best;  // its index among the poised is found on replay
        break;
      }
    } else if (n.chosen + 1 < n.count) {
      ++n.chosen;
      break;
    }
    trail_.pop_back();
  }
  depth_ = 0;
  clockWords_ = 0;
  clocks_.assign(invocations_, Clock{});
  sequence_.assign(invocations_, 0);
  since_.assign(invocations_, kUnset);
  pending_.assign(invocations_, AtomicAccess{});
  events_.clear();
  eventAccess_.clear();
  locations_.clear();
  return !trail_.empty();
}

std::vector<std::string> ExplorationTree::choiceTexts() const {
  std::vector<std::string> out;
  for (size_t k = 0; k < depth_ && k < trail_.size(); ++k) {
    const Node& n = trail_[k];
    if (n.count > 1)
      out.push_back(n.what + " " + std::to_string(n.chosen + 1) + "/" + std::to_string(n.count));
  }
  return out;
}

}  // namespace plumb::interp
