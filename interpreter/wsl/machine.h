// The WSL small-step machine: the 80 execution rules of WSL.ott (`R |- e => e' ; E` reduction to
// an abstract left value, `R |- e -> e' ; E` expressions, `R |- s -> s' ; E` statements), one
// named arm each in machine.cpp, each step returning the derivation (the congruence rules from
// the outside in, then the axiom), the redex and the memory events it emitted. Choice points the
// seed leaves open (array_ref_clamped, load_invalid, unspecified values, natives with several
// results) give several successors; `run` explores every one.
#pragma once

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "checker/wsl/checked_program.h"
#include "interpreter/wsl/memory.h"
#include "interpreter/wsl/texture.h"

namespace plumb::wsl {

/// The names of the 80 execution rules, in WSL.ott's order (rule coverage reads this list).
const std::vector<std::string>& executionRuleNames();
/// The 8 desugaring and 42 typing rules of WSL.ott, in its order.
const std::vector<std::string>& desugaringRuleNames();
const std::vector<std::string>& typingRuleNames();

struct StepTrace {
  std::vector<std::string> rules;  // outermost congruence first, the axiom last
  std::string redex;               // the axiom's left side
  std::vector<MemoryEvent> events;
  std::string choice;      // the choice taken at a choice point ("j = 2"), else empty
  std::string stop;        // "discard": the thread ended (seed "Barriers and discard");
                           // "unsupported: why": Plumb cannot take this step (Outcome::Unsupported)
  bool truncated = false;  // a choice point had more successors than Plumb explores
};

struct Outcome;

/// Memory shared with other invocations (memmodel/wsl/explore.h): a load at or above `begin`
/// returns each value of `domain` (its location's initial value and the values invocations
/// write), a choice point; the memory model decides later which of them some execution allows.
struct SharedMemory {
  Address begin = ~Address(0);
  std::function<std::vector<Value>(Address, const TypeP&)> domain;
  bool shared(Address a) const { return domain && a >= begin; }
};

struct RunOptions {
  std::string entry;
  std::vector<Value> arguments;  // typed; their types select the overload
  /// The textures and samplers that texture and sampler arguments (Value::Kind::Resource) index.
  Resources resources;
  /// Memory the host fills before the call: the buffers behind pointer and array reference
  /// arguments (at addresses above the program's store identifiers).
  std::vector<std::pair<Address, Value>> initialMemory;
  /// Locations whose final values every outcome reports (`Outcome::observed`, in this order):
  /// the host's buffers after the call.
  std::vector<std::pair<Address, TypeP>> observe;
  /// When the function returns a pointer, its outcome also reports the value it points to
  /// (after the observed locations): storage is static, so it outlives the call (seed
  /// "Execution of statements"; W34).
  bool observePointee = false;
  uint64_t maxSteps = 1000000;
  uint64_t maxExecutions = 1000;
  /// Called for every step taken (path index, step number, the step) when tracing.
  std::function<void(size_t, uint64_t, const StepTrace&)> trace;
  SharedMemory shared;
  /// Called at the end of every execution with its outcome and its events on shared memory
  /// (loads, stores and RMWs at shared addresses, and barriers), in program order.
  std::function<void(const Outcome&, const std::vector<MemoryEvent>&)> onExecution;
};

struct Outcome {
  /// Unsupported: a step Plumb cannot take in this run (a derivative outside a fragment quad,
  /// W51), named in `unsupported`; never a value picked for it.
  enum class Status {
    Returned,
    Discarded,
    Stuck,
    StepLimit,
    Unsupported
  } status = Status::Returned;
  Value value;
  std::string stuckTerm;             // Stuck: the term no rule reduces
  std::string unsupported;           // Unsupported: what and why
  std::vector<Value> observed;       // RunOptions::observe (and the pointee) at the end
  std::vector<std::string> choices;  // the choices of the first execution that reached it
  uint64_t executions = 0;           // how many explored executions reached it
  uint64_t steps = 0;                // steps of the first such execution
};
const char* statusName(Outcome::Status s);
/// Whether a native is a derivative (`ddx`, `ddy`, their forms, `fwidth`), per element or not.
bool isDerivativeNative(const std::string& native);

struct RunResult {
  std::string error;  // no such entry, wrong arguments: nothing was run
  std::vector<Outcome> outcomes;
  uint64_t executions = 0;
  bool executionLimitReached = false;  // the set may miss outcomes (design.md: never silently)
  std::set<std::string> rulesFired;
};

RunResult runFunction(const CheckedProgram& p, const RunOptions& options);

/// The candidates for `--entry NAME` with `n` arguments (user and test functions).
std::vector<int> entryCandidates(const CheckedProgram& p, const std::string& name, size_t n);

/// One step of `R |- e -> e'` from `e` under memory `m`: every successor (empty: no rule applies).
struct ExpressionStep {
  ExprP result;
  StepTrace trace;
};
std::vector<ExpressionStep> stepExpression(const CheckedProgram& p, const Memory& m,
                                           const EnvironmentP& r, const ExprP& e);

}  // namespace plumb::wsl
