// The `litmus` family's own derivation of a skeleton's outcomes (docs/gen.md "Family
// litmus"), independent of Plumb's explorer:
//
// - the sequentially consistent final states, by enumerating the interleavings of the events
//   (every barrier a rendezvous of its workgroup), each read returning the current value;
// - the coherent final states, with Z3: integer timestamps give one order per location
//   instance, which must extend happens-before: program order, and the order a barrier puts
//   between the accesses of two invocations of one workgroup before and after it when the
//   barrier affects the location's address space (#sync-builtin-functions); each read reads
//   the latest earlier write; every final state is enumerated by blocking the ones found.
//   With relaxed atomics (#memory-semantics) and plain accesses ordered by barriers this is
//   what the Vulkan model's `consistent` reduces to: locord, rf, fr and asmo relate accesses
//   of one location only, so their union is acyclic exactly when each location's part is;
// - the data races: two accesses of one location (one workgroup's instance of a workgroup
//   variable), by different invocations, at least one a write, not both atomic, that no
//   barrier orders (#memory-model, Vulkan's data race);
// - an upper bound: every read returns the initial value or a value some write to the location
//   may store (docs/ambiguities.md L4 for racy reads), closed under the increments of atomicAdd
//   and the plain increment.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "gen/solver.h"
#include "gen/wgsl/litmus_skeleton.h"

namespace plumb::gen::wgsl::litmus {

using State = std::vector<uint32_t>;  // one value per output, in `outputs` order

struct Outcomes {
  /// What `plumb explore` reports, in its order: the shared storage locations (`m.x`), then the
  /// result slots (`r[0]`...).
  std::vector<std::string> outputs;
  std::set<State> sc;
  std::set<State> coherent;
  std::vector<std::set<uint32_t>> bound;  // per output
  std::vector<std::string> races;         // "m.x: write by invocation 0, read by invocation 1"
  std::string failure;                    // empty when derived
};

/// `plumb explore`'s one-line text of a state: `m.x=1u r[0]=0u`.
std::string stateText(const std::vector<std::string>& outputs, const State& s);

/// Derives all of the above; the Z3 queries run in a scope of `solver` (one per slot).
Outcomes deriveOutcomes(const Skeleton& s, SolverSession& session, z3::solver& solver);

/// Does some coherent execution have the shape's weak outcome (its reads-from and final
/// writes)? One Z3 query; nullopt with `failure` set when the solver gave no answer.
std::optional<bool> weakOutcomeCoherent(const Skeleton& s, const Shape& shape,
                                        SolverSession& session, z3::solver& solver,
                                        std::string& failure);

/// The races alone (no solver): for choosing skeletons.
std::vector<std::string> dataRaces(const Skeleton& s);

}  // namespace plumb::gen::wgsl::litmus
