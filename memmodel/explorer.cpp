// The explorer (explorer.h): asmo first, then rf read by read, depth first, pruning partial
// executions that are already inconsistent.
#include "memmodel/explorer.h"

#include <map>
#include <memory>
#include <optional>
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

// What the relations of the model look like once some reads are resolved, for the part that
// depends on rf only through `sw`: ithb, hb, the chains and locord (deriveFromSynchronizesWith),
// plus two relations `consistent` and `fr` read off locord. A function of sw alone (for one
// program), so it is derived once per distinct sw and shared by every node with that sw.
struct Ordering {
  DynamicRelations d;  // sw .. locord (rs, hypors: per asmo; fr, dr, visto: per node)
  Relation locordWW;   // (W -> W) & locord, the first term of fr (line 387)
  Relation shadowed;   // twoplus[stor[W] . locord], the second clause of consistent (line 401)
  // What complete executions show the visitor: d with dr and visto (lines 391-394, functions
  // of locord alone), derived the first time a complete execution has this ordering; its fr
  // is set per complete execution. The search visits one execution at a time.
  mutable std::optional<DynamicRelations> complete;
};

// One node of the search: the ordering after reads 0..i-1 and fr (line 387).
struct Level {
  std::shared_ptr<const Ordering> ordering;
  Relation fr;
};

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
    W_ = p_.set(Attr::W);
    nonAtomicReads_ = p_.set(Attr::R) - p_.set(Attr::A);
    forcedEdges();
    levels_.resize(reads_.size() + 1);
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
      startReads();
      // The asmo order alone may already close a cycle (against program order, say).
      if (reads_.empty() || (budget() && mayStayConsistent(0))) chooseRead(0);
      return;
    }
    auto [a, b] = asmoPairs_[i];
    for (int dir = 0; dir < 2 && !stopped(); ++dir) {
      EventId from = dir ? b : a, to = dir ? a : b;
      Relation saved = x_.asmo;
      x_.asmo.insert(from, to);
      Relation closed = x_.asmo.closure();
      if (closed.in(asmoScope_) && closed.acyclic()) {
        if (options_.pruneInconsistent && !forcedEdgesAcyclic(closed))
          ++stats_.asmoPruned;
        else
          chooseAsmo(i + 1);
      }
      x_.asmo = std::move(saved);
    }
  }

  // The reads-from edges every candidate has: a read whose only possible source is one write
  // (or the initial value). With them, part of fr is known as soon as asmo is: `~rf . asmo`
  // and `stor[RFINIT] . sloc . stor[W]` (line 387), minus iden. (An RMW that reads another
  // RMW must follow it immediately in asmo, line 387 with 399: this is what cuts the asmo
  // orders of RMW chains early.)
  void forcedEdges() {
    const uint32_t n = p_.size();
    forcedRf_ = Relation(n);
    EventSet forcedInit(n);
    for (size_t k = 0; k < reads_.size(); ++k) {
      const ReadCandidates& c = candidates_[k];
      if (c.count() != 1) continue;
      if (c.init)
        forcedInit.insert(reads_[k]);
      else
        forcedRf_.insert(c.writes[0], reads_[k]);
    }
    forcedRfInverse_ = forcedRf_.transpose();
    forcedInitFr_ = stor(forcedInit).compose(statics_.sloc).compose(stor(W_)) - iden(n);
  }

  // False when a partial asmo (closed) with the forced rf edges and the fr edges they imply
  // already has a cycle of rf + fr + asmo: every completion is inconsistent (line 399).
  bool forcedEdgesAcyclic(const Relation& asmo) const {
    if (forcedRf_.empty() && forcedInitFr_.empty()) return true;
    Relation g =
        asmo + forcedRf_ + forcedInitFr_ + (forcedRfInverse_.compose(asmo) - iden(p_.size()));
    return g.acyclic();
  }

  // The ordering of `sw` and the relations read off its locord, derived once per distinct sw
  // (a bounded memo: it is cleared when full).
  std::shared_ptr<const Ordering> orderingOf(Relation sw) {
    std::vector<uint64_t> key(sw.rowWords().begin(), sw.rowWords().end());
    if (auto it = orderings_.find(key); it != orderings_.end()) return it->second;
    auto o = std::make_shared<Ordering>();
    o->d.sw = std::move(sw);
    deriveFromSynchronizesWith(p_, statics_, o->d);
    o->locordWW = cross(W_, W_) & o->d.locord;
    o->shadowed = twoplus(stor(W_).compose(o->d.locord));
    if (orderings_.size() >= kMaxOrderings) orderings_.clear();
    orderings_.emplace(std::move(key), o);
    return o;
  }

  // Per asmo: rs and hypors depend on asmo alone (lines 309-310), and so do the factors of sw;
  // the root level has no read resolved (rf and RFINIT empty).
  void startReads() {
    rs_ = releaseSequence(p_, x_.asmo);
    hypors_ = hypotheticalReleaseSequence(p_, x_.asmo);
    if (stats_.asmoOrders == 1)
      swFactors_ = synchronizesWithFactors(p_, statics_, rs_, hypors_);
    else
      swFactors_.release = synchronizesWithRelease(p_, statics_, rs_, hypors_);
    levels_[0].ordering = orderingOf(synchronizesWith(statics_, swFactors_, x_.rf));
    levels_[0].fr = fromRead(p_, statics_, x_, levels_[0].ordering->d.locord);
  }

  // Level i+1 from level i once read i has its source (x_ holds it). Every relation of the
  // model depends on rf only through `rf & mutordatom` (in sw, line 313) and through fr (line
  // 387): when the new source leaves sw as it was, so are hb, the chains and locord (they are
  // defined from sw and the program alone), and fr gains just the new read's row. Otherwise
  // everything from sw on is derived again. Either way the relations equal deriveDynamic's
  // (tests/memmodel/explorer_test.cpp compares them on every candidate).
  void extend(size_t i, EventId read, std::optional<EventId> source) {
    const Level& parent = levels_[i];
    Level& next = levels_[i + 1];
    next.ordering = parent.ordering;
    if (source && statics_.mutordatom.contains(*source, read)) {
      Relation sw = synchronizesWith(statics_, swFactors_, x_.rf);
      if (!(sw == parent.ordering->d.sw)) next.ordering = orderingOf(std::move(sw));
    }
    if (next.ordering != parent.ordering) {
      next.fr = fromRead(p_, statics_, x_, next.ordering->d.locord);
      return;
    }
    // fr = (~rf . ((W->W) & locord)) + (~rf . asmo) + (stor[RFINIT] . sloc . stor[W]) - iden:
    // only the row of `read` changes.
    next.fr = parent.fr;
    EventSet row = source
                       ? next.ordering->locordWW.successors(*source) + x_.asmo.successors(*source)
                       : statics_.sloc.successors(read) & W_;
    row.erase(read);
    for (EventId e : row.members()) next.fr.insert(read, e);
  }

  // `consistent` (line 397) of the execution at level i.
  bool consistentAt(size_t i) const {
    const Level& l = levels_[i];
    if (!isAcyclic(l.ordering->d.locord + x_.rf + l.fr + x_.asmo)) return false;
    // no (rf . stor[R - A]) & twoplus[stor[W] . locord]
    return (x_.rf.rangeRestrict(nonAtomicReads_) & l.ordering->shadowed).empty();
  }

  // Product of the source counts of reads i.. (the leaves under a node at depth i).
  double remainingLeaves(size_t i) const {
    double leaves = 1;
    for (size_t k = i; k < reads_.size(); ++k)
      leaves *= static_cast<double>(candidates_[k].count());
    return leaves;
  }

  // True when the partial execution at level i can still be completed consistently, as far
  // as the monotone model can tell; counts a prune otherwise.
  bool mayStayConsistent(size_t i) {
    if (!options_.pruneInconsistent) return true;
    if (consistentAt(i)) return true;
    ++stats_.pruned;
    stats_.skipped += remainingLeaves(i);
    return false;
  }

  void descend(size_t i, EventId r, std::optional<EventId> source) {
    extend(i, r, source);
    if (i + 1 == reads_.size())
      complete();
    else if (mayStayConsistent(i + 1))
      chooseRead(i + 1);
  }

  void chooseRead(size_t i) {
    if (stopped()) return;
    if (i == reads_.size()) {  // no reads at all
      complete();
      return;
    }
    const EventId r = reads_[i];
    const ReadCandidates& c = candidates_[i];
    if (c.init && budget()) {
      x_.RFINIT.insert(r);
      descend(i, r, std::nullopt);
      x_.RFINIT.erase(r);
    }
    for (EventId w : c.writes) {
      if (stopped() || !budget()) return;
      x_.rf.insert(w, r);
      descend(i, r, w);
      x_.rf.erase(w, r);
    }
  }

  void complete() {
    if (!budget()) return;
    const Level& l = levels_[reads_.size()];
    bool isConsistent = consistentAt(reads_.size());
    if (options_.pruneInconsistent && !isConsistent) {
      ++stats_.pruned;
      stats_.skipped += 1;
      return;
    }
    ++stats_.complete;
    if (isConsistent) ++stats_.consistent;
    std::optional<DynamicRelations>& d = l.ordering->complete;
    if (!d) {
      d = l.ordering->d;
      d->dr = dataRace(p_, statics_, d->locord);
      d->visto = visibleTo(p_, d->locord);
    }
    d->rs = rs_;
    d->hypors = hypors_;
    d->fr = l.fr;
    CandidateExecution candidate{p_, statics_, x_, *d, isConsistent};
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
  EventSet W_, nonAtomicReads_;
  Relation forcedRf_, forcedRfInverse_, forcedInitFr_;  // see forcedEdges()
  Relation rs_, hypors_;                                // of the current asmo
  SynchronizesWithFactors swFactors_;
  std::vector<Level> levels_;  // levels_[i]: reads 0..i-1 resolved
  static constexpr size_t kMaxOrderings = 4096;
  std::map<std::vector<uint64_t>, std::shared_ptr<const Ordering>> orderings_;  // by sw
};

}  // namespace

ExplorerStats explore(const Program& program, const ExplorerOptions& options,
                      const ExecutionVisitor& visit) {
  return Search(program, options, visit).run();
}

}  // namespace plumb::memmodel
