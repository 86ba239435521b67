#include "gen/wgsl/litmus_outcomes.h"

#include <map>

namespace plumb::gen::wgsl::litmus {

namespace {

/// One location instance: a storage location, or one workgroup's copy of a workgroup variable
/// (#address-spaces: each workgroup has its own).
struct Instance {
  int loc;
  int workgroup;  // -1 for storage
};

/// A memory access of the skeleton. An atomic read-modify-write is one event that reads and
/// writes (#memory-operation); a plain increment is a read event and a write event.
struct Event {
  int role, op;
  int inst;
  bool read = false, write = false;
  bool conditional = false;  // compare-exchange: writes only when exchanged
  bool plusRead = false;     // writes (the read value of event `from`) + value
  int from = -1;
  uint32_t value = 0, cmp = 0;
  int phase = 0;
  uint32_t workgroup = 0;
  int slot = -1;           // receives the read value
  int exchangedSlot = -1;  // compare-exchange: receives 1 when it exchanged, else 0
};

/// A result slot: the event whose read value (or, for a compare-exchange's `exchanged`
/// member, whether it wrote) it receives.
struct SlotSource {
  int slot, event;
  bool exchanged;
};

struct Graph {
  const Skeleton& s;
  std::vector<Instance> instances;
  std::vector<Event> events;
  std::map<std::pair<int, int>, int> readEvent, writeEvent;  // (role, op) -> event

  explicit Graph(const Skeleton& sk) : s(sk) {
    std::map<std::pair<int, int>, int> instanceOf;
    auto inst = [&](int loc, uint32_t wg) {
      int w = s.locs[loc].space == Space::Workgroup ? static_cast<int>(wg) : -1;
      auto [it, inserted] = instanceOf.emplace(std::make_pair(loc, w), instances.size());
      if (inserted) instances.push_back({loc, w});
      return it->second;
    };
    // Storage instances first, in location order: the outputs' order.
    for (int l = 0; l < static_cast<int>(s.locs.size()); ++l)
      if (s.locs[l].space == Space::Storage) inst(l, 0);
    for (size_t role = 0; role < s.threads.size(); ++role) {
      uint32_t wg = s.workgroupOf(role);
      for (size_t i = 0; i < s.threads[role].ops.size(); ++i) {
        const Op& op = s.threads[role].ops[i];
        Event e;
        e.role = static_cast<int>(role);
        e.op = static_cast<int>(i);
        e.inst = inst(op.loc, wg);
        e.phase = op.phase;
        e.workgroup = wg;
        e.value = op.value;
        e.cmp = op.cmp;
        int id = static_cast<int>(events.size());
        switch (op.kind) {
          case OpKind::Load:
            e.read = true;
            e.slot = op.slot;
            break;
          case OpKind::Store:
            e.write = true;
            break;
          case OpKind::Add:
            e.read = e.write = e.plusRead = true;
            e.from = id;
            e.slot = op.slot;
            break;
          case OpKind::Exchange:
            e.read = e.write = true;
            e.slot = op.slot;
            break;
          case OpKind::CompareExchange:
            e.read = e.write = e.conditional = true;
            e.slot = op.slot;
            e.exchangedSlot = op.exchangedSlot;
            break;
          case OpKind::Increment: {
            Event r = e;
            r.read = true;
            r.slot = op.slot;
            readEvent[{e.role, e.op}] = id;
            events.push_back(r);
            e.write = e.plusRead = true;
            e.from = id;
            ++id;
            break;
          }
        }
        if (e.read) readEvent[{e.role, e.op}] = id;
        if (e.write) writeEvent[{e.role, e.op}] = id;
        events.push_back(e);
      }
    }
  }

  /// The result slots, in slot order.
  std::vector<SlotSource> slotSources() const {
    std::map<int, SlotSource> bySlot;
    for (size_t e = 0; e < events.size(); ++e) {
      int id = static_cast<int>(e);
      if (events[e].slot >= 0) bySlot[events[e].slot] = {events[e].slot, id, false};
      if (events[e].exchangedSlot >= 0)
        bySlot[events[e].exchangedSlot] = {events[e].exchangedSlot, id, true};
    }
    std::vector<SlotSource> out;
    for (const auto& [slot, source] : bySlot) out.push_back(source);
    return out;
  }

  bool atomic(const Event& e) const { return s.locs[instances[e.inst].loc].atomic; }
  Space space(const Event& e) const { return s.locs[instances[e.inst].loc].space; }

  /// Happens-before between two accesses of one location: program order within a thread;
  /// between threads of one workgroup, a barrier that affects the location's address space
  /// with `a` before it and `b` after it (#sync-builtin-functions: "the affected memory and
  /// atomic operations program-ordered before the synchronization function must be visible to
  /// all other threads in the workgroup before any affected memory or atomic operation
  /// program-ordered after"). Barriers have Workgroup scope (#scoped-operations): nothing
  /// across workgroups.
  bool hb(int a, int b) const {
    const Event& x = events[a];
    const Event& y = events[b];
    if (x.role == y.role) return a < b;
    if (x.workgroup != y.workgroup) return false;
    for (int k = x.phase; k < y.phase; ++k)
      if (covers(s.barriers[k], space(x))) return true;
    return false;
  }
};

/// The Z3 encoding of the coherent executions of a skeleton, in a scope of the slot's solver
/// (one solver per slot: a new solver's first check costs more than the small queries here).
class Encoding {
 public:
  Encoding(const Graph& g, SolverSession& session, z3::solver& solver)
      : g_(g), z_(session.ctx()), s_(solver) {
    s_.push();
    size_t n = g.events.size();
    for (size_t e = 0; e < n; ++e) {
      t_.push_back(z_.int_const(("t" + std::to_string(e)).c_str()));
      active_.push_back(g.events[e].conditional
                            ? z_.bool_const(("exchanged" + std::to_string(e)).c_str())
                            : z_.bool_val(g.events[e].write));
    }
    orderEvents();
    // Values: a read's value refers to writes' values, which may refer to reads (atomicAdd):
    // declared as constants, defined by equalities.
    for (size_t e = 0; e < n; ++e) {
      readVal_.push_back(z_.int_const(("v" + std::to_string(e)).c_str()));
      writeVal_.push_back(z_.int_const(("w" + std::to_string(e)).c_str()));
    }
    for (size_t e = 0; e < n; ++e) {
      const Event& ev = g.events[e];
      if (!ev.write) continue;
      if (ev.plusRead)
        s_.add(writeVal_[e] == readVal_[ev.from] + z_.int_val(ev.value));
      else
        s_.add(writeVal_[e] == z_.int_val(ev.value));
      // atomicCompareExchangeWeak writes only when the old value equals cmp, and may fail
      // spuriously when it does (docs/ambiguities.md M6).
      if (ev.conditional) s_.add(z3::implies(active_[e], readVal_[e] == z_.int_val(ev.cmp)));
    }
    for (size_t e = 0; e < n; ++e)
      if (g.events[e].read) readsFrom(static_cast<int>(e));
    finals();
    for (size_t i = 0; i < g.instances.size(); ++i)
      if (g.instances[i].workgroup < 0) outputs_.push_back(finalVal_[i]);
    for (const SlotSource& o : g.slotSources())
      outputs_.push_back(o.exchanged ? z3::ite(active_[o.event], z_.int_val(1), z_.int_val(0))
                                     : readVal_[o.event]);
  }
  ~Encoding() { s_.pop(); }
  Encoding(const Encoding&) = delete;
  Encoding& operator=(const Encoding&) = delete;

  z3::solver& solver() { return s_; }
  const z3::expr& source(int readEvent) const { return src_.at(readEvent); }
  const z3::expr& finalSource(int inst) const { return finalSrc_.at(inst); }
  /// The index of write event `w` among the candidates of read `r` (for reads-from
  /// constraints), or -2 when `w` is not one.
  int candidateIndex(int r, int w) const {
    const std::vector<int>& c = candidates_.at(r);
    for (size_t i = 0; i < c.size(); ++i)
      if (c[i] == w) return static_cast<int>(i);
    return -2;
  }
  int finalIndex(int inst, int w) const {
    const std::vector<int>& c = writesOf_.at(inst);
    for (size_t i = 0; i < c.size(); ++i)
      if (c[i] == w) return static_cast<int>(i);
    return -2;
  }

  /// Every final state, by blocking each one found. Empty optional on a solver failure.
  std::optional<std::set<State>> enumerate(SolverSession& session, std::string& failure) {
    std::set<State> states;
    for (int guard = 0; guard < 4096; ++guard) {
      SolveResult r = session.check(s_);
      if (r == SolveResult::Unsat) return states;
      if (r != SolveResult::Sat) {
        failure = std::string(solveResultName(r)) + ": " + session.lastFailure();
        return std::nullopt;
      }
      State st;
      z3::expr_vector same(z_);
      for (const z3::expr& o : outputs_) {
        int64_t v = session.intValue(o);
        st.push_back(static_cast<uint32_t>(v));
        same.push_back(o == z_.int_val(v));
      }
      states.insert(st);
      s_.add(!z3::mk_and(same));
    }
    failure = "more than 4096 final states";
    return std::nullopt;
  }

 private:
  /// One order per location instance, extending happens-before.
  void orderEvents() {
    size_t n = g_.events.size();
    for (size_t i = 0; i < g_.instances.size(); ++i) {
      z3::expr_vector mine(z_);
      for (size_t e = 0; e < n; ++e)
        if (g_.events[e].inst == static_cast<int>(i)) mine.push_back(t_[e]);
      if (mine.size() > 1) s_.add(z3::distinct(mine));
    }
    for (size_t a = 0; a < n; ++a)
      for (size_t b = 0; b < n; ++b)
        if (a != b && g_.events[a].inst == g_.events[b].inst &&
            g_.hb(static_cast<int>(a), static_cast<int>(b)))
          s_.add(t_[a] < t_[b]);
  }

  /// A read reads from the latest earlier write to its location instance, or the initial
  /// value (zero: the buffers are zeroed, workgroup memory is zero-initialized) when no write
  /// precedes it.
  void readsFrom(int r) {
    const Event& ev = g_.events[r];
    std::vector<int> cands;
    for (size_t w = 0; w < g_.events.size(); ++w)
      if (static_cast<int>(w) != r && g_.events[w].write && g_.events[w].inst == ev.inst)
        cands.push_back(static_cast<int>(w));
    z3::expr src = z_.int_const(("src" + std::to_string(r)).c_str());
    s_.add(src >= -1 && src < static_cast<int>(cands.size()));
    z3::expr none = z_.bool_val(true);
    for (int w : cands) none = none && z3::implies(active_[w], t_[r] < t_[w]);
    s_.add(z3::implies(src == -1, none));
    z3::expr value = z_.int_val(0);
    for (size_t i = 0; i < cands.size(); ++i) {
      int w = cands[i];
      z3::expr latest = active_[w] && t_[w] < t_[r];
      for (int o : cands)
        if (o != w) latest = latest && z3::implies(active_[o], t_[o] < t_[w] || t_[r] < t_[o]);
      s_.add(z3::implies(src == static_cast<int>(i), latest));
      value = z3::ite(src == static_cast<int>(i), writeVal_[w], value);
    }
    s_.add(readVal_[r] == value);
    src_.emplace(r, src);
    candidates_.emplace(r, std::move(cands));
  }

  /// The final value of each storage location: that of the last write, or the initial value.
  void finals() {
    for (size_t i = 0; i < g_.instances.size(); ++i) {
      std::vector<int> ws;
      for (size_t w = 0; w < g_.events.size(); ++w)
        if (g_.events[w].write && g_.events[w].inst == static_cast<int>(i))
          ws.push_back(static_cast<int>(w));
      z3::expr src = z_.int_const(("final" + std::to_string(i)).c_str());
      s_.add(src >= -1 && src < static_cast<int>(ws.size()));
      z3::expr none = z_.bool_val(true);
      for (int w : ws) none = none && !active_[w];
      s_.add(z3::implies(src == -1, none));
      z3::expr value = z_.int_val(0);
      for (size_t k = 0; k < ws.size(); ++k) {
        z3::expr last = active_[ws[k]];
        for (int o : ws)
          if (o != ws[k]) last = last && z3::implies(active_[o], t_[o] < t_[ws[k]]);
        s_.add(z3::implies(src == static_cast<int>(k), last));
        value = z3::ite(src == static_cast<int>(k), writeVal_[ws[k]], value);
      }
      finalSrc_.emplace(static_cast<int>(i), src);
      finalVal_.push_back(value);
      writesOf_.emplace(static_cast<int>(i), std::move(ws));
    }
  }

  const Graph& g_;
  z3::context& z_;
  z3::solver& s_;
  std::vector<z3::expr> t_, active_, readVal_, writeVal_, finalVal_, outputs_;
  std::map<int, z3::expr> src_, finalSrc_;
  std::map<int, std::vector<int>> candidates_, writesOf_;
};

std::vector<std::string> races(const Graph& g) {
  std::vector<std::string> out;
  size_t n = g.events.size();
  for (size_t a = 0; a < n; ++a)
    for (size_t b = a + 1; b < n; ++b) {
      const Event& x = g.events[a];
      const Event& y = g.events[b];
      if (x.inst != y.inst || x.role == y.role || !(x.write || y.write)) continue;
      if (g.atomic(x)) continue;  // one location is atomic or not (#atomic-types)
      if (g.hb(static_cast<int>(a), static_cast<int>(b)) ||
          g.hb(static_cast<int>(b), static_cast<int>(a)))
        continue;
      auto side = [&](const Event& e) {
        return std::string(e.write ? "write" : "read") + " by invocation " +
               std::to_string(g.s.invocation[e.role]);
      };
      out.push_back(g.s.locationName(g.instances[x.inst].loc) + ": " + side(x) + ", " + side(y));
    }
  return out;
}

/// The values a location instance may hold: the initial zero and every stored constant,
/// closed under each increment once (each increment executes at most once).
std::set<uint32_t> valueDomain(const Graph& g, int inst) {
  std::set<uint32_t> d = {0};
  std::vector<uint32_t> increments;
  for (const Event& e : g.events) {
    if (e.inst != inst || !e.write) continue;
    if (e.plusRead)
      increments.push_back(e.value);
    else
      d.insert(e.value);
  }
  for (size_t round = 0; round < increments.size(); ++round) {
    std::set<uint32_t> next = d;
    for (uint32_t v : d)
      for (uint32_t k : increments) next.insert(v + k);
    d = std::move(next);
  }
  return d;
}

}  // namespace

std::string stateText(const std::vector<std::string>& outputs, const State& s) {
  std::string out;
  for (size_t i = 0; i < outputs.size(); ++i)
    out += (i ? " " : "") + outputs[i] + "=" + std::to_string(s[i]) + "u";
  return out;
}

std::vector<std::string> dataRaces(const Skeleton& s) {
  return races(Graph(s));
}

namespace {

/// The sequentially consistent final states, by enumerating the interleavings: each step runs
/// the next event of some invocation, which must wait at a barrier until every invocation of
/// its workgroup has run all events before that barrier; a read returns the location's current
/// value; a compare-exchange whose old value equals cmp both exchanges and fails spuriously.
class Interleavings {
 public:
  explicit Interleavings(const Graph& g) : g_(g), byRole_(g.s.threads.size()) {
    for (size_t e = 0; e < g.events.size(); ++e) byRole_[g.events[e].role].push_back(e);
    pc_.assign(byRole_.size(), 0);
    memory_.assign(g.instances.size(), 0);
    readVal_.assign(g.events.size(), 0);
    exchanged_.assign(g.events.size(), false);
    slots_ = g.slotSources();
  }

  std::set<State> run() {
    step();
    return states_;
  }

 private:
  bool waiting(size_t role, const Event& e) const {
    for (size_t other = 0; other < byRole_.size(); ++other) {
      if (other == role || g_.s.workgroupOf(other) != e.workgroup) continue;
      if (pc_[other] < byRole_[other].size() &&
          g_.events[byRole_[other][pc_[other]]].phase < e.phase)
        return true;
    }
    return false;
  }

  void step() {
    bool done = true;
    for (size_t role = 0; role < byRole_.size(); ++role) {
      if (pc_[role] == byRole_[role].size()) continue;
      done = false;
      size_t id = byRole_[role][pc_[role]];
      const Event& e = g_.events[id];
      if (waiting(role, e)) continue;
      uint32_t old = memory_[e.inst];
      readVal_[id] = old;
      ++pc_[role];
      if (!e.write) {
        step();
      } else {
        uint32_t value = e.plusRead ? readVal_[e.from] + e.value : e.value;
        if (e.conditional) step();  // a failed (or spuriously failed) exchange writes nothing
        if (!e.conditional || old == e.cmp) {
          memory_[e.inst] = value;
          exchanged_[id] = true;
          step();
          exchanged_[id] = false;
        }
        memory_[e.inst] = old;
      }
      --pc_[role];
    }
    if (!done) return;
    State s;
    for (size_t i = 0; i < g_.instances.size(); ++i)
      if (g_.instances[i].workgroup < 0) s.push_back(memory_[i]);
    for (const SlotSource& o : slots_)
      s.push_back(o.exchanged ? (exchanged_[o.event] ? 1u : 0u) : readVal_[o.event]);
    states_.insert(s);
  }

  const Graph& g_;
  std::vector<std::vector<size_t>> byRole_;
  std::vector<size_t> pc_;
  std::vector<uint32_t> memory_, readVal_;
  std::vector<bool> exchanged_;
  std::vector<SlotSource> slots_;
  std::set<State> states_;
};

}  // namespace

Outcomes deriveOutcomes(const Skeleton& s, SolverSession& session, z3::solver& solver) {
  Outcomes out;
  Graph g(s);
  for (size_t i = 0; i < g.instances.size(); ++i)
    if (g.instances[i].workgroup < 0) {
      out.outputs.push_back(s.locationName(g.instances[i].loc));
      out.bound.push_back(valueDomain(g, static_cast<int>(i)));
    }
  for (const SlotSource& o : g.slotSources()) {
    out.outputs.push_back("r[" + std::to_string(o.slot) + "]");
    out.bound.push_back(o.exchanged ? std::set<uint32_t>{0, 1}
                                    : valueDomain(g, g.events[o.event].inst));
  }
  out.races = races(g);
  out.sc = Interleavings(g).run();
  Encoding coherent(g, session, solver);
  std::optional<std::set<State>> states = coherent.enumerate(session, out.failure);
  if (states) out.coherent = std::move(*states);
  return out;
}

std::optional<bool> weakOutcomeCoherent(const Skeleton& s, const Shape& shape,
                                        SolverSession& session, z3::solver& solver,
                                        std::string& failure) {
  Graph g(s);
  Encoding coh(g, session, solver);
  for (const WeakRead& w : shape.weakReads) {
    int r = g.readEvent.at({w.thread, w.op});
    int index = -1;
    if (w.fromThread >= 0) index = coh.candidateIndex(r, g.writeEvent.at({w.fromThread, w.fromOp}));
    solver.add(coh.source(r) == index);
  }
  for (const WeakFinal& f : shape.weakFinals) {
    int w = g.writeEvent.at({f.thread, f.op});
    solver.add(coh.finalSource(g.events[w].inst) == coh.finalIndex(g.events[w].inst, w));
  }
  SolveResult r = session.check(solver);
  if (r == SolveResult::Sat) return true;
  if (r == SolveResult::Unsat) return false;
  failure = std::string(solveResultName(r)) + ": " + session.lastFailure();
  return std::nullopt;
}

}  // namespace plumb::gen::wgsl::litmus
