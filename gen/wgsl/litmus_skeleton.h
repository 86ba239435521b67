// The skeletons of the `litmus` family (docs/gen.md "Family litmus"): a classic memory-model
// shape (MP, SB, LB, 2+2W, S, R, IRIW, WRC, RWC, CoRR, CoWW, CoRW, CoWR, RMW atomicity) as
// threads of memory operations on one or two locations, mutated in the style of MC Mutants
// (Levine et al., ASPLOS 2023): which operations are atomic built-ins and which (#atomic-
// builtin-functions: atomicStore, atomicLoad, atomicAdd, atomicExchange,
// atomicCompareExchangeWeak) or plain loads and stores, the address space of each location
// (storage or workgroup), how the invocations are grouped into workgroups, and which barriers
// (#sync-builtin-functions) separate which operations. A skeleton is rendered as a WGSL compute
// shader whose invocations pick their role by `workgroup_id` and `local_invocation_index`, in
// the style of corpus/litmus/wgsl.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace plumb::gen::wgsl::litmus {

enum class Space : uint8_t { Storage, Workgroup };

/// One shared location: `x` or `y`. Atomicity is a property of the location in WGSL (an
/// `atomic<u32>` is accessed only through atomic built-ins, #atomic-types).
struct Location {
  char name = 'x';
  bool atomic = true;
  Space space = Space::Storage;
};

enum class OpKind : uint8_t {
  Load,             // atomicLoad, or a plain load (the Load Rule)
  Store,            // atomicStore, or a plain assignment
  Add,              // atomicAdd: one read-modify-write event
  Exchange,         // atomicExchange
  CompareExchange,  // atomicCompareExchangeWeak: writes only when exchanged (#memory-operation)
  Increment,        // a plain `let a = p; p = a + v;`: a read, then a write of the read value + v
};

bool reads(OpKind k);   // the operation has a read access
bool writes(OpKind k);  // it may have a write access

/// One memory operation of a thread. `phase` is the number of barriers executed before it.
struct Op {
  OpKind kind = OpKind::Load;
  int loc = 0;
  uint32_t value = 0;  // stored value, addend, or exchange value
  uint32_t cmp = 0;    // compare-exchange: the compared value
  int slot = -1;       // the result slot r[slot] that receives the read value, if it reads
  int phase = 0;
  int exchangedSlot = -1;  // compare-exchange: the slot that receives `exchanged` as 0 or 1
};

struct Thread {
  std::vector<Op> ops;
};

/// A barrier line: one or two synchronization built-in calls, executed by every invocation.
enum class BarrierCall : uint8_t { Storage, Workgroup };
using BarrierLine = std::vector<BarrierCall>;

/// Does the barrier line order accesses in `space`? storageBarrier affects the storage address
/// space, workgroupBarrier the workgroup address space (#sync-builtin-functions).
bool covers(const BarrierLine& line, Space space);

struct Skeleton {
  std::string shape;  // "MP", "SB", ...
  std::vector<Location> locs;
  std::vector<Thread> threads;        // in role order
  std::vector<uint32_t> invocation;   // role -> invocation index t (a permutation)
  uint32_t groupSize = 1;             // invocations per workgroup (`const G`)
  std::vector<BarrierLine> barriers;  // barrier k sits between phase k and phase k+1
  int slots = 0;                      // result slots r[0 .. slots)

  uint32_t invocations() const { return static_cast<uint32_t>(threads.size()); }
  uint32_t workgroups() const { return (invocations() + groupSize - 1) / groupSize; }
  uint32_t workgroupOf(size_t role) const { return invocation[role] / groupSize; }
  /// The name plumb explore gives a storage location (`m.x`), or the workgroup variable's.
  std::string locationName(int loc) const;
};

/// The WGSL text of the skeleton: one `if (t == Nu) { ... }` line per invocation and phase, a
/// barrier line between phases (docs/gen.md "Family litmus").
std::string renderWgsl(const Skeleton& s);

// --- the shapes --------------------------------------------------------------------------------

/// A read in the shape's weak outcome: the read of op `op` of thread `thread` reads from the
/// write of op `fromOp` of thread `fromThread` (fromThread < 0: the initial value).
struct WeakRead {
  int thread, op, fromThread, fromOp;
};
/// A location whose final value is that of the write (thread, op) in the weak outcome.
struct WeakFinal {
  int loc, thread, op;
};

struct Shape {
  const char* name;  // as in the litmus literature
  const char* slug;
  std::vector<std::vector<Op>> threads;  // the unmutated shape: plain Load/Store, phase 0
  int locations;
  bool finalObserved;  // the weak outcome involves a final value: storage locations only
  /// The shape's characteristic weak outcome (non-SC), as reads-from and final writes; for the
  /// coherence shapes (CoRR, CoWW, CoRW, CoWR) and RMW it is forbidden even for relaxed
  /// atomics.
  std::vector<WeakRead> weakReads;
  std::vector<WeakFinal> weakFinals;
  bool coherenceForbids;  // the weak outcome violates coherence or atomicity
};

const std::vector<Shape>& shapes();

}  // namespace plumb::gen::wgsl::litmus
