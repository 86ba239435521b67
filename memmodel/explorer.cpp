// The explorer (explorer.h): asmo first, then rf read by read, depth first, pruning partial
// executions that are already inconsistent.
#include "memmodel/explorer.h"

#include <vector>

#include "memmodel/alloy_functions.h"

namespace plumb::memmodel {

ReadCandidates readCandidates(const Program& p, const StaticRelations& s, EventId read) {
  ReadCandidates c;
  EventSet writers = s.sloc.successors(read) & p.set(Attr::W);  // rf in W->R & (sloc-iden)
  writers.erase(read);
  const ReadSources& restriction = p.readSources[read];
  if (restriction.constrained) {
    writers = writers & restriction.writes;
    c.init = restriction.initAllowed;
  }
  c.writes = writers.members();
  return c;
}

namespace {

class Search {
 public:
  Search(const Program& p, const ExplorerOptions& o, const ExecutionVisitor& v)
      : p_(p), options_(o), visit_(v), statics_(deriveStatic(p, o.chainsSupported)) {}

  ExplorerStats run() {
    stats_.programFact = checkProgramFacts(p_, statics_);
    if (stats_.programFact) return stats_;
    const uint32_t n = p_.size();
    for (EventId e = 0; e < n; ++e)
      if (p_.events[e].has(Attr::R)) {
        reads_.push_back(e);
        candidates_.push_back(readCandidates(p_, statics_, e));
      }
    // The pairs asmo must order: mutually ordered atomic writes (spirv.als line 302).
    EventSet aw = p_.set(Attr::A) & p_.set(Attr::W);
    asmoScope_ = cross(aw, aw) & statics_.mutordatom;
    for (auto [a, b] : asmoScope_.pairs())
      if (a < b) asmoPairs_.emplace_back(a, b);
    x_.rf = Relation(n);
    x_.RFINIT = EventSet(n);
    x_.asmo = Relation(n);
    chooseAsmo(0);
    return stats_;
  }

 private:
  bool stopped() const { return stats_.limitHit || stats_.stoppedByVisitor; }

  // Counts a candidate against the bound; false once the bound is reached.
  bool budget() {
    if (options_.maxExecutions && stats_.complete + stats_.pruned >= options_.maxExecutions) {
      stats_.limitHit = true;
      return false;
    }
    return true;
  }

  // Orients the asmo pairs one at a time; the closure of the chosen edges must stay inside
  // mutordatom (asmo is transitive) and acyclic (a strict partial order).
  void chooseAsmo(size_t i) {
    if (stopped()) return;
    if (i == asmoPairs_.size()) {
      if (!x_.asmo.transitive()) return;
      ++stats_.asmoOrders;
      chooseRead(0);
      return;
    }
    auto [a, b] = asmoPairs_[i];
    for (int dir = 0; dir < 2 && !stopped(); ++dir) {
      EventId from = dir ? b : a, to = dir ? a : b;
      Relation saved = x_.asmo;
      x_.asmo.insert(from, to);
      Relation closed = x_.asmo.closure();
      if (closed.in(asmoScope_) && closed.acyclic()) chooseAsmo(i + 1);
      x_.asmo = std::move(saved);
    }
  }

  // Product of the source counts of reads i.. (the leaves under a node at depth i).
  double remainingLeaves(size_t i) const {
    double leaves = 1;
    for (size_t k = i; k < reads_.size(); ++k)
      leaves *= static_cast<double>(candidates_[k].count());
    return leaves;
  }

  // True when the (partial) execution can still be completed consistently, as far as the
  // monotone model can tell; counts a prune otherwise.
  bool mayStayConsistent(size_t nextRead) {
    if (!options_.pruneInconsistent) return true;
    DynamicRelations d = deriveDynamic(p_, statics_, x_);
    if (consistent(p_, x_, d)) return true;
    ++stats_.pruned;
    stats_.skipped += remainingLeaves(nextRead);
    return false;
  }

  void chooseRead(size_t i) {
    if (stopped()) return;
    if (i == reads_.size()) {
      complete();
      return;
    }
    const EventId r = reads_[i];
    const ReadCandidates& c = candidates_[i];
    if (c.init && budget()) {
      x_.RFINIT.insert(r);
      if (i + 1 == reads_.size() || mayStayConsistent(i + 1)) chooseRead(i + 1);
      x_.RFINIT.erase(r);
    }
    for (EventId w : c.writes) {
      if (stopped() || !budget()) return;
      x_.rf.insert(w, r);
      if (i + 1 == reads_.size() || mayStayConsistent(i + 1)) chooseRead(i + 1);
      x_.rf.erase(w, r);
    }
  }

  void complete() {
    if (!budget()) return;
    DynamicRelations d = deriveDynamic(p_, statics_, x_);
    bool isConsistent = consistent(p_, x_, d);
    if (options_.pruneInconsistent && !isConsistent) {
      ++stats_.pruned;
      stats_.skipped += 1;
      return;
    }
    ++stats_.complete;
    if (isConsistent) ++stats_.consistent;
    CandidateExecution candidate{p_, statics_, x_, d, isConsistent};
    if (visit_(candidate) == Visit::Stop) stats_.stoppedByVisitor = true;
  }

  const Program& p_;
  const ExplorerOptions& options_;
  const ExecutionVisitor& visit_;
  StaticRelations statics_;
  ExplorerStats stats_;
  Execution x_;
  Relation asmoScope_;
  std::vector<std::pair<EventId, EventId>> asmoPairs_;
  std::vector<EventId> reads_;
  std::vector<ReadCandidates> candidates_;
};

}  // namespace

ExplorerStats explore(const Program& program, const ExplorerOptions& options,
                      const ExecutionVisitor& visit) {
  return Search(program, options, visit).run();
}

}  // namespace plumb::memmodel
