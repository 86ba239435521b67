// Partial-order reduction of `plumb run --all-schedules` (docs/ambiguities.md M15): the
// exploration tree of a dispatch's choice points, in which a scheduling point explores only
// the invocations whose order matters. The method is source-set dynamic partial-order
// reduction with sleep sets (Abdulla, Aronis, Jonsson, Sagonas, "Optimal dynamic partial order
// reduction", POPL 2014, Algorithm 1 "Source-DPOR"; after Flanagan & Godefroid, POPL 2005;
// sleep sets after Godefroid 1996), over the executions the dispatch runs by re-execution:
// after each scheduling step, every earlier step of another invocation that is dependent with
// it and happens before it only through that dependence is a race, and the scheduling point
// before that step gets an invocation that can start the reversed order, unless it has one.
//
// The steps scheduled are the atomic built-ins (Machine::nextStepIsShared): each scheduling
// step is one atomic access (#atomic-builtin-functions) followed by its invocation's local
// steps up to its next atomic access, barrier or end. Two such steps are *dependent* (their
// order may matter) when they access the same memory location and one of them writes
// (#memory-operation), except two read-modify-writes of the same commuting operation whose
// returned values are discarded (AtomicAccess::Kind::Commuting). Non-atomic accesses are local
// steps: conflicting ones of different invocations not ordered by a barrier are data races
// whose reads and final values the race rounds make independent of the schedule (races.h,
// docs/ambiguities.md M14). Happens-before: program order, the control barriers (#barrier:
// all invocations of a workgroup go on together) and the order of dependent steps.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "interpreter/wgsl/machine.h"

namespace plumb::interp {

/// What the next step of an invocation poised at an atomic built-in does to memory, read from
/// its continuation (the call task and its evaluated arguments) before it is taken.
struct AtomicAccess {
  enum class Kind : uint8_t {
    Load,       // atomicLoad: a read
    Exclusive,  // a write: atomicStore, atomicExchange, atomicCompareExchangeWeak, an RMW
                // whose result is used
    Commuting,  // an RMW whose result is discarded, of operation class `operation`
    Unknown,    // not recognised: dependent with every step (conservative)
  };
  Kind kind = Kind::Unknown;
  /// Commuting: the operation class. #atomic-rmw: atomicAdd and atomicSub (one class: integer
  /// addition modulo 2^32), atomicAnd, atomicOr, atomicXor, atomicMin, atomicMax.
  char operation = 0;
  uint32_t allocation = 0;     // MemoryView::allocation
  uint32_t workgroup = 0;      // the workgroup whose instance (workgroup memory), else 0
  std::vector<uint32_t> path;  // the location within the allocation
  bool anywhere = false;       // an invalid memory reference: any location of it
};

/// The access of invocation `i`'s next step, which must be an atomic built-in call.
AtomicAccess nextAtomicAccess(const Program& program, const Configuration& config, uint32_t i);

/// True when the order of steps doing `a` and `b` (of different invocations) may matter.
bool dependent(const AtomicAccess& a, const AtomicAccess& b);

/// The tree of choice points of a dispatch, explored depth first by re-execution: each
/// execution replays a prefix of choices and then takes a first alternative at each new
/// choice point. Data choices (an out-of-bounds access, a float comparison, a racy read) have
/// every alternative explored; scheduling points only those the reduction requires (all of
/// them when `reduce` is false).
class ExplorationTree {
 public:
  /// `maxClockWords` bounds the memory of the happens-before clocks of one execution (words).
  explicit ExplorationTree(bool reduce, uint32_t invocations, uint64_t maxClockWords = 1u << 24);

  /// A data choice among `count` alternatives named `what`.
  uint32_t choose(uint32_t count, const std::string& what);
  /// A scheduling point: `poised` (ascending) are the invocations whose next step is an
  /// atomic access. Returns the index in `poised` of the invocation to step, or nullopt when
  /// every poised invocation sleeps (the execution is a reordering of one already explored:
  /// it is abandoned).
  std::optional<uint32_t> chooseSchedule(const std::vector<uint32_t>& poised,
                                         const Program& program, const Configuration& config);
  /// The control barrier of a workgroup released `invocations` (happens-before: each is
  /// ordered after everything each of them did before it).
  void barrierReleased(const std::vector<uint32_t>& invocations);
  /// Prepares the next execution; false when the tree is explored.
  bool next();
  /// The choices of the current execution with several alternatives, as reports print them
  /// (`schedule 2/3`).
  std::vector<std::string> choiceTexts() const;
  bool reducing() const { return reduce_; }
  /// The clocks of an execution outgrew maxClockWords: its races after that point were not
  /// analysed, so the exploration must stop, incomplete (a Limit, `reduction-clocks`).
  bool exhausted() const { return exhausted_; }

 private:
  struct Node {
    bool schedule = false;
    uint32_t chosen = 0, count = 0;  // index of the alternative taken, number of them
    std::string what;
    // scheduling points under reduction: invocation ids
    uint32_t invocation = 0;  // the invocation stepped
    AtomicAccess access;      // its access
    std::vector<uint32_t> backtrack, done, sleep;
  };
  using Clock = std::vector<uint32_t>;  // by invocation: steps known to happen before
  struct Event {
    uint32_t invocation, sequence, node, since;
    Clock clock;  // the steps that happen before it (itself included)
  };
  struct LocationKey {
    uint32_t allocation, workgroup;
    bool anywhere;
    std::vector<uint32_t> path;
    bool operator<(const LocationKey& o) const {
      return std::tie(allocation, workgroup, anywhere, path) <
             std::tie(o.allocation, o.workgroup, o.anywhere, o.path);
    }
  };
  struct Location {
    std::vector<uint32_t> events;                  // indices in events_
    std::map<std::pair<int, char>, Clock> joined;  // by (kind, operation): the join of their clocks
  };

  /// The step of invocation `p` at node `n` doing `access`: its clock, and its races with
  /// earlier steps (each reversed by `reverse`).
  void record(uint32_t p, uint32_t n, const AtomicAccess& access);
  /// The race of event `racing` with p's step whose clock is `clock`: adds an alternative to
  /// the scheduling point before `racing` unless one that reverses it is there.
  void reverse(uint32_t racing, uint32_t p, const Clock& clock);
  bool enabledAt(uint32_t q, uint32_t node) const;
  void addBacktrack(Node& n, uint32_t q);
  void join(Clock& into, const Clock& from) const;
  /// The locations whose steps `access` may be dependent with (same allocation instance).
  std::vector<Location*> relatedLocations(const AtomicAccess& access);

  bool reduce_;
  uint32_t invocations_;
  uint64_t maxClockWords_, clockWords_ = 0;
  bool exhausted_ = false;
  std::vector<Node> trail_;
  size_t depth_ = 0;  // position of the current execution in trail_
  // per execution (reduction only)
  std::vector<Clock> clocks_;          // by invocation
  std::vector<uint32_t> sequence_;     // by invocation: its scheduling steps so far
  std::vector<uint32_t> since_;        // by invocation: node position since which it is poised
  std::vector<AtomicAccess> pending_;  // by invocation, while poised: its next step's access
  std::vector<Event> events_;
  std::vector<AtomicAccess> eventAccess_;
  std::map<LocationKey, Location> locations_;
};

}  // namespace plumb::interp
