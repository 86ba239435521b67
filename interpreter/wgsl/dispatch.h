// A compute dispatch (#compute-shader-workgroups): the invocations of every workgroup, the
// bound resources, the scheduler that interleaves invocations and releases control barriers,
// and the depth-first exploration of every choice point (design.md "Choice points"), giving
// the set of outcomes.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "interpreter/wgsl/host_buffer.h"
#include "interpreter/wgsl/machine.h"
#include "interpreter/wgsl/races.h"
#include "interpreter/wgsl/stage_outputs.h"
#include "interpreter/wgsl/subgroups.h"

namespace plumb::interp {

/// The largest dispatch whose schedules the partial-order reduction explores (its clocks hold
/// a word per invocation for every atomic step); larger ones have every schedule explored.
inline constexpr uint64_t kMaxReducedInvocations = 1024;

struct DispatchOptions {
  std::array<uint32_t, 3> dispatch{1, 1, 1};  // workgroups in x, y, z
  uint64_t maxSteps = 10'000'000;             // per invocation, per execution
  uint64_t maxExecutions = 1000;              // executions explored in all
  bool allSchedules = false;                  // interleave invocations at every shared access
  /// With allSchedules: explore only the orders of dependent atomic accesses (partial-order
  /// reduction, interpreter/wgsl/partial_order_reduction.h); false: every order (--no-reduction).
  bool reduceSchedules = true;
  /// The reduction's happens-before clocks in one execution, in 32-bit words (64 MiB); beyond
  /// it the exploration stops with a Limit (`reduction-clocks`).
  uint64_t maxReductionClockWords = 1u << 24;
  uint64_t maxInvocations = 1u << 20;  // refuse larger dispatches unless forced
  bool force = false;
  std::ostream* trace = nullptr;  // --trace: one line per step
  /// The memory model explorer's observer of shared accesses (machine.h); null: none.
  MemoryObserver* observer = nullptr;
  /// Revision 2026, `enable subgroups`: the subgroup sizes and layouts explored (subgroups.h).
  SubgroupOptions subgroups;
};

/// One bound buffer (uniform or storage) or texture of the entry point's resource interface.
struct BoundBuffer {
  uint32_t group = 0, binding = 0;
  uint32_t declaration = 0;  // module declaration index of the variable
  Type storeType;
  ast::AddressSpace space = ast::AddressSpace::Storage;
  ast::AccessMode access = ast::AccessMode::Read;
  std::vector<uint8_t> bytes;  // initial contents
  std::string name;
  bool texture = false;  // a texture (handle address space): `texels` holds it
  RValue texels;
};

/// One distinct final state of the dispatch.
struct Outcome {
  /// "finished", or the kind of the stop that ended the executions (stopKindName: "dynamic
  /// error", "unsupported", "limit", "internal error").
  std::string kind;
  std::string message;               // the stop's message
  std::optional<Stop> stop;          // why the executions did not finish (interpreter/wgsl/stop.h)
  uint64_t count = 0;                // executions that reached it
  std::vector<std::string> choices;  // of the first execution that reached it
  std::vector<std::vector<WordValue>> words;  // per bound buffer
  bool racy = false;  // the executions that reached it have a data race (races.h)
  /// A vertex or fragment stage (stage.h): each invocation's outputs (helpers left out), and
  /// the quads that diverged at a derivative.
  std::vector<InvocationOutputs> invocations;
  std::vector<DivergentQuad> divergentQuads;
};

struct DispatchResult {
  std::array<uint32_t, 3> workgroupSize{1, 1, 1};
  std::vector<Outcome> outcomes;
  uint64_t explored = 0;  // executions (those abandoned included)
  /// Executions the partial-order reduction abandoned: at a scheduling point every poised
  /// invocation's step had been explored from an equivalent order (a sleep set).
  uint64_t abandoned = 0;
  bool reduced = false;  // the schedules were explored with the partial-order reduction
  bool complete = true;  // every choice explored
  /// Revision 2026: the subgroup sizes explored (empty: the program has no subgroup operation).
  std::vector<uint32_t> subgroupSizes;
  /// When not complete: the bound that stopped the exploration (a Limit stop: `executions`,
  /// --max-executions, or `race-rounds`; interpreter/wgsl/stop.h).
  std::optional<Stop> limit;
  uint64_t steps = 0;   // steps of all executions
  std::string refused;  // non-empty: the dispatch was not run, and why
  /// Data races (#memory-model): one record per racy location (interpreter/wgsl/races.h).
  std::vector<RaceRecord> races;
  int rounds = 1;                // explorations (docs/ambiguities.md M14)
  bool roundsExhausted = false;  // the racy reads' domains still grew after the last round
};

/// The entry point's bound buffers from a `plumb-bindings` document (docs/formats.md); on
/// a mismatch, `errors` says which binding and what was expected and given. A binding where
/// the shader has no variable is an error, or, when `unused` is given, ignored with a warning
/// there (--allow-unused-bindings: one bindings file for several shaders or reductions).
std::vector<BoundBuffer> bindResources(Program& program, const nlohmann::json& bindings,
                                       bool zeroMissing, std::vector<std::string>& errors,
                                       std::vector<std::string>* unused = nullptr);

/// Runs the dispatch of `entry` (a module declaration index of a compute entry point) over
/// every choice, up to options.maxExecutions.
/// The resources of a configuration's start, shared by a dispatch (runDispatch) and a draw
/// (stage.cpp's runStage): each bound buffer or texture as the allocation of its variable
/// (#resource-interface: the host's bytes read through the store type's layout), placed in
/// `initial.buffers`.
void placeBoundResources(Program& program, const std::vector<BoundBuffer>& buffers,
                         Configuration& initial);
/// The private variables of one invocation at its start (#var-decls: "initialized with the
/// initializer's value, or the zero value"): a creation-time initializer as the machine has it
/// (program.constants, with the f32/f16 sets of creation_time_values.h), another (a bitcast, a
/// pack*, left to the machine's rules) the checker's value.
std::vector<Allocation> initialPrivateVariables(Program& program);
/// The end of one execution, shared by a dispatch and a draw: each bound buffer's or
/// texture's words as `config` leaves them (in `buffers`' order) become `outcome.words`, and
/// the outcome joins the set — counted with an equal one (kind, message, racy, words, stage
/// outputs, divergent quads; `seen` maps their key to its index) or appended.
void addOutcome(Program& program, const std::vector<BoundBuffer>& buffers,
                const Configuration& config, Outcome&& outcome, std::map<std::string, size_t>& seen,
                DispatchResult& result);

DispatchResult runDispatch(Program& program, uint32_t entry,
                           const std::vector<BoundBuffer>& buffers, const DispatchOptions& options);

}  // namespace plumb::interp
