// The small-step machine of the dynamic semantics (#execution, #statements, #expressions):
// configurations and the one `step` function. The machine is an evaluation-context machine
// (design.md principle 1): each invocation has a stack of tasks (the continuation) and a stack
// of values; every step pops one task and applies one named rule, which cites the spec.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "checker/wgsl/checker.h"
#include "interpreter/wgsl/fused_code.h"
#include "interpreter/wgsl/memory.h"
#include "interpreter/wgsl/rules.h"
#include "interpreter/wgsl/runtime_operations.h"
#include "interpreter/wgsl/runtime_value.h"
#include "interpreter/wgsl/sampler.h"
#include "interpreter/wgsl/stop.h"

namespace plumb::interp {

/// A module prepared for execution: the checked module, the slot of every local variable and
/// parameter, and the allocation of every module-scope variable.
struct Program {
  const ast::Module& module;
  CheckedModule& checked;
  std::vector<uint32_t> variableSlot;   // by VariableId value: slot in its function's frame
  std::vector<uint32_t> parameterSlot;  // by ParameterId value
  std::vector<uint32_t> frameSize;      // by declaration index (functions): number of slots
  /// By module declaration index: the allocation id of a module-scope variable, with the
  /// index within its region (buffers, workgroup, private).
  std::vector<uint32_t> variableAllocation;
  /// The run-time value of every creation-time (or resolved override) expression, after the
  /// conversion its use applies: constants[constantIndex[e]], UINT32_MAX where none.
  std::vector<uint32_t> constantIndex;
  std::vector<RValue> constants;
  /// By ExpressionId: 1 if the expression's static type is a reference (the Load Rule applies
  /// where its value is needed, #load-rule). Precomputed: the machine asks on every operand.
  std::vector<uint8_t> isReference;
  /// By ExpressionId: 1 if the expression and its operands have the forms the machine may
  /// evaluate within one step when nobody watches the steps (machine_fusion.cpp).
  std::vector<uint8_t> fusable;
  /// By ExpressionId: for a fusable call of a user function whose body is `{ return e; }`, `e`
  /// (UINT32_MAX otherwise).
  std::vector<uint32_t> inlineReturn;
  /// By ExpressionId: the component a member expression selects when it selects one (a
  /// structure member, a one-letter swizzle); UINT32_MAX otherwise.
  std::vector<uint32_t> memberComponent;
  /// `>>` on i32 as the seed's text says (zero bits in; docs/ambiguities.md S3), as the checker.
  bool literalShiftRight = false;
  /// Revision delta 4.2 (#3176, #5583), new#discard-statement: `discard` converts the
  /// invocation into a helper invocation that goes on (its storage writes not performed); the
  /// seed (old#discard-statement) terminates it. The module's Revision::discardDemotesToHelper.
  bool discardDemotesToHelper = false;
  /// The module calls arrayLength (revision 2026, buffer views: a view made with an
  /// indeterminate operand then chooses its element count once, when it is made; M18).
  bool callsArrayLength = false;
  std::vector<uint32_t> workgroupVariables;  // declaration indices, in allocation order
  std::vector<uint32_t> privateVariables;
  /// The compact resolved form of the fusable scalar expressions (fused_code.h), compiled on
  /// first use.
  FusedCodes fusedCodes;
  /// The bound samplers (#sampler-type) by the allocation id of their variable: the descriptors
  /// of the bindings file (bindResources, interpreter/wgsl/sampler.h).
  std::map<uint32_t, SamplerDescriptor> samplers;
  /// The WebGPU format of each bound sampled or depth texture (its binding's "format"), by the
  /// allocation id of its variable: the precision its filtered values may have (T5).
  std::map<uint32_t, std::string> textureFormats;
  /// Revision 2026, immediate_address_space: the immediate data of the pipeline (the bytes
  /// `setImmediates` gives, from offset 0), which every `var<immediate>` reads
  /// (new#address-space; bindResources, from the bindings' `immediates`).
  std::vector<uint8_t> immediates;

  Program(const ast::Module& m, CheckedModule& c);
};

enum class TaskKind : uint8_t {
  // expressions (#expressions); UniformLoad: revision 2026's workgroupUniformLoad after its
  // first barrier, aux 0 loads and aux 1 waits at the second barrier (Machine::machineBuiltin)
  Eval, Load, LoadKeep, ApplyUnary, ApplyBinary, ShortCircuit, CallBuiltin, CallUser, Construct,
  Convert, Bitcast, IndexValue, IndexReference, MemberValue, MemberReference, AddressOf,
  Indirection, UniformLoad,
  // statements (#statements)
  Exec, StatementsNext, ScopeEnd, IfBranch, SwitchSelect, SwitchMarker, LoopMarker,
  LoopIteration, LoopContinue, LoopNext, LoopCondition, BreakIfCheck, Return, FunctionMarker,
  Store, CompoundStore, IncrementStore, LetBind, VarAllocate, DiscardValue,
};

struct Task {
  TaskKind kind;
  uint32_t node = 0;   // an ExpressionId, StatementId or VariableId value (by kind)
  uint32_t aux = 0;    // a list index, a function-stack size, an argument count (by kind)
  uint32_t extra = 0;
};

/// One function activation (#function-calls).
struct Frame {
  uint32_t function;          // declaration index
  std::vector<RValue> slots;  // let values, var references, parameter values
  uint32_t callSite = UINT32_MAX;  // the call expression, for the trace
};

/// AtSubgroupOperation: waiting at a subgroup or quad built-in (revision 2026) until its
/// subgroup's collective step completes it (interpreter/wgsl/subgroups.h).
enum class InvocationStatus : uint8_t { Running, AtBarrier, AtSubgroupOperation, Finished };

/// One invocation of the entry point (#invocations): its continuation, values, frames and
/// its private and function memory.
struct Invocation {
  uint32_t workgroup = 0;            // index of its workgroup in the dispatch
  std::array<uint32_t, 3> localId{}, workgroupId{}, globalId{};
  uint32_t localIndex = 0;
  /// Revision 2026, `enable subgroups` (new#subgroup-builtin-values): the built-in values of
  /// its subgroup in the execution's SubgroupLayout (subgroups.h), set before it starts.
  uint32_t subgroupInvocationId = 0, subgroupSize = 0, subgroupId = 0, numSubgroups = 0;
  std::vector<Task> tasks;
  std::vector<RValue> values;
  std::vector<Frame> frames;
  std::vector<Allocation> privates;
  std::vector<Allocation> function;  // the function-variable stack
  InvocationStatus status = InvocationStatus::Running;
  uint32_t barrier = 0;              // the barrier call expression it waits at
  std::vector<RValue> collective;    // AtSubgroupOperation: the call's arguments
  uint64_t steps = 0;
  /// The fragment stage (stage_fragment.cpp): a helper invocation
  /// (new#fragment-shaders-helper-invocations: its storage writes are not performed, its
  /// atomics return indeterminate values), and whether it executed `discard`.
  bool helper = false;
  bool discarded = false;
};

struct Workgroup {
  std::vector<Allocation> variables;  // #address-spaces workgroup: zero-initialised
  std::vector<uint32_t> invocations;
};

/// The configuration of a dispatch: every invocation and all memory.
struct Configuration {
  std::vector<Allocation> buffers;
  std::vector<Workgroup> workgroups;
  std::vector<Invocation> invocations;
};

/// Picks one of `count` alternatives at a choice point (design.md "Choice points"); `what`
/// names it for the report (`oob-load`, `float-compare`, `schedule`, ...).
using Chooser = std::function<uint32_t(uint32_t count, const std::string& what)>;

/// An optional observer of the accesses that other invocations can see, for the memory model
/// explorer (`plumb explore`, docs/memmodel.md "WGSL programs"). Seed #memory-model
/// (#memory-operation): a read access is an evaluation of the Load Rule or an atomic built-in
/// other than atomicStore; a write access is an assignment or an atomic built-in other than
/// atomicLoad; an atomic read-modify-write is one operation that reads and writes (the machine
/// reports it as a read then a write within the same step). Only accesses of workgroup and
/// read_write storage memory are reported (uniform and read-only storage cannot race). Null by
/// default: `plumb run` is unchanged.
struct MemoryObserver {
  virtual ~MemoryObserver() = default;
  /// A read access of a valid memory view `v` of allocation `a` by invocation `invocation`;
  /// `value` holds what the machine's memory holds and may be replaced by the observer (the
  /// memory model, not the interleaving, decides what a read returns). `choose` makes choice
  /// points that the dispatch explores depth first.
  virtual void onRead(uint32_t invocation, const Invocation& inv, const Allocation& a, const MemoryView& v,
                      bool atomic, RValue& value, const Chooser& choose) = 0;
  /// A write access, reported before memory changes (so the old value is still in `a`).
  virtual void onWrite(uint32_t invocation, const Invocation& inv, const Allocation& a, const MemoryView& v,
                       bool atomic, const RValue& value) = 0;
  /// workgroupBarrier or storageBarrier (#sync-builtin-functions): a control barrier.
  virtual void onBarrier(uint32_t invocation, const Invocation& inv, std::string_view name) = 0;
  /// A shared access the observer cannot be told about precisely (an invalid memory reference).
  virtual void onUnmodelled(uint32_t invocation, const std::string& what) = 0;
  /// Called by runDispatch around each execution.
  virtual void beginExecution() {}
  /// `kind` and `message` as the outcome's (dispatch.h Outcome); `stop` why it did not finish
  /// (null: it finished).
  virtual void endExecution(const std::string& kind, const std::string& message, const Stop* stop) {
    (void)kind;
    (void)message;
    (void)stop;
  }
};

/// How a step ended: the rule it applied (one entry of the table in rules.h), or a typed stop
/// (stop.h) that ends the execution.
struct StepResult {
  enum Kind : uint8_t { Continue, Stopped };
  Kind kind = Continue;
  RuleId rule = RuleId::Count;  // Continue: the rule applied (Count: not yet named)
  /// Stopped: why. Held by pointer so that the result of an ordinary step is two words and
  /// never touches the heap.
  std::unique_ptr<Stop> stop;

  StepResult() = default;
  StepResult(RuleId r) : rule(r) {}  // NOLINT: a rule is a step's result
  StepResult(Stop s) : kind(Stopped), stop(std::make_unique<Stop>(std::move(s))) {}  // NOLINT
};

class RaceDetector;  // interpreter/wgsl/races.h

/// The accesses of workgroup and storage memory that one run of compiled code makes
/// (FusedOp::PlaceShared, machine_fusion.cpp): held until the code has succeeded, then told to
/// the race detector in program order with the sites the unfused Load and Store steps give
/// them, so that a code that declines has had no effect.
struct FusedSharedAccesses {
  struct Access {
    const Allocation* allocation = nullptr;  // null: none (a place in the invocation's memory)
    const RValue* location = nullptr;
    uint32_t id = 0;    // the allocation id
    uint32_t site = 0;  // a read: the expression whose Load step it is
    Type type;          // a read: the loaded value's type
    uint8_t depth = 0;
    std::array<uint32_t, kFusedSharedPath> path;
  };
  /// Where shared memory may be accessed (fused steps with the race detector, if any, able to
  /// hear of each access as the unfused steps tell it); null: code that accesses it declines.
  std::vector<Allocation>* buffers = nullptr;
  std::vector<Allocation>* workgroup = nullptr;
  uint32_t reads = 0;
  std::array<Access, kFusedSharedReads> read;
  Access target;  // a place code's result, when it is a shared location
};

/// A function-scope `var`'s location as the compiled code resolves it from its frame slot
/// (README "Performance": resolved once, then each read and assignment of the `var` in
/// compiled code goes straight to it; Machine::varLocations_).
struct FusedVarLocation {
  RValue* location = nullptr;
  uint64_t generation = 0;
};

/// The machine: the rules applied to one invocation at a time.
class Machine {
 public:
  Machine(Program& program, Configuration& config, Chooser choose);

  /// Applies one rule to invocation `i`, or stops (StepResult::stop).
  StepResult step(uint32_t i);
  /// True if the next step of invocation `i` accesses memory other invocations can see
  /// (workgroup or storage buffers), or synchronizes: a scheduling point.
  bool nextStepIsShared(uint32_t i) const;
  /// The name of the rule of the last step as --trace prints it (rules.h), or of its stop
  /// (stopTraceName), and its redex.
  std::string_view lastRule() const {
    if (lastStopped_) return stopTraceName(lastStop_);
    return lastRule_ == RuleId::Count ? "unnamed-rule" : rule(lastRule_).name;
  }
  std::string lastRedex() const;

  /// Starts invocation `i` at the entry point (the body, with its built-in inputs).
  void start(uint32_t i, uint32_t entryDeclaration);
  void setDispatchSize(const std::array<uint32_t, 3>& d) { numWorkgroups_ = d; }
  /// The memory-model observer (null: none; see MemoryObserver).
  void setObserver(MemoryObserver* o) { observer_ = o; }
  /// The data-race detector of `plumb run` (interpreter/wgsl/races.h; null: none).
  void setRaceDetector(RaceDetector* r) { races_ = r; }
  /// Fused steps (machine_fusion.cpp): on, `step` may apply several rules to the invocation's
  /// own memory at once, counting each, never passing `maxSteps` steps of an invocation. Only
  /// for a caller that does not look at each step (no --trace, no memory-model observer) and
  /// counts steps by Invocation::steps (not --all-schedules, which counts its calls of `step`).
  void setFusion(bool on, uint64_t maxSteps) {
    fusion_ = on;
    fusionMaxSteps_ = maxSteps;
  }

 private:
  StepResult evalExpression(Invocation& inv, const Task& t);
  StepResult applyTask(Invocation& inv, const Task& t);
  StepResult execStatement(Invocation& inv, const Task& t);
  StepResult statementTask(Invocation& inv, const Task& t);
  StepResult callBuiltin(Invocation& inv, const Task& t);
  /// The dynamic-error branch of an out-of-bounds `access` ("load", "store") in revisions
  /// where it is one (Revision::outOfBoundsAccessIsDynamicError); empty in the other branch.
  StepResult outOfBoundsError(const char* access);
  StepResult callOrConstruct(Invocation& inv, const Task& t);
  /// A built-in that touches memory or synchronizes (isMachineBuiltin in machine_calls.cpp).
  StepResult machineBuiltin(Invocation& inv, const Task& t, const Overload& o, std::vector<RValue>& args);
  StepResult textureBuiltin(Invocation& inv, const Task& t, const Overload& o, std::vector<RValue>& args);
  // Revision 2026, buffer_view (machine_buffer_views.cpp): bufferView, bufferArrayView,
  // bufferLength, and the loads and stores of a buffer's bytes through a view.
  StepResult bufferViewBuiltin(Invocation& inv, const Task& t, const Overload& o,
                               std::vector<RValue>& args);
  StepResult loadThroughView(Invocation& inv, Allocation& a, const RValue& reference, RValue& out);
  StepResult storeThroughView(Invocation& inv, Allocation& a, const RValue& reference,
                              RValue value);
  /// The element count of the runtime-sized array of type `array` a view `v` reaches.
  uint64_t viewArrayCount(Invocation& inv, const MemoryView& v, Type array);
  /// textureSample*, textureGather* (machine_sampling.cpp, over interpreter/wgsl/sampling_builtins.h).
  StepResult samplingBuiltin(Invocation& inv, const Task& t, const Overload& o, std::vector<RValue>& args);
  StepResult unwind(Invocation& inv, TaskKind target, bool keepTarget, Task* found);
  void pushValueOf(Invocation& inv, ast::ExpressionId e);
  /// An operator on concrete integer or boolean scalars on top of the value stack, applied in
  /// place by the one integer kernel (concreteUnary/concreteBinary); false when the operands
  /// are anything else (the general rule applies).
  bool concreteOperation(Invocation& inv, ast::UnaryOperator op);
  bool concreteOperation(Invocation& inv, ast::BinaryOperator op, Type result);
  bool concreteVectorOperation(Invocation& inv, ast::BinaryOperator op, Type result);
  void pushStatements(Invocation& inv, ast::StatementId owner, uint32_t index);

  // fused steps (machine_fusion.cpp)
  struct Fused {
    uint64_t steps = 0;           // the steps of the unfused machine
    RuleId rule = RuleId::Count;  // the rule of the last of them
  };
  /// The Eval task `t` with all its operands' steps (and its Load task), or nothing if anything
  /// is not simple; then nothing has changed.
  std::optional<StepResult> fusedEvalTask(Invocation& inv, const Task& t);
  /// The Exec task `t` of a `let`, `var`, `=` or `if` statement with fused expressions.
  std::optional<StepResult> fusedStatement(Invocation& inv, const Task& t);
  /// After a step, while fused: the tasks then on top of the continuation that are
  /// administrative statement steps (block-next, block-enter, block-exit, the loop's steps) or
  /// statements that fuse, each applied as `step` applies it and counted as one step (or as its
  /// fused steps), never passing the step bound; `r` is the step's result, the result is the
  /// last one's (machine_fusion.cpp).
  StepResult fusedRun(Invocation& inv, StepResult r);
  /// fusedStatement by the statement's compiled form (fused_code.h), or nothing.
  std::optional<StepResult> fusedStatementByCode(Invocation& inv, const Task& t);
  /// fusedStatementByCode of statement `node`: the rule of its last step, or RuleId::Count when
  /// it declines (without effect).
  RuleId statementByCode(Invocation& inv, uint32_t node);
  /// Statement `node`'s compiled record `c` run, without the step bound's check: the rule of
  /// its last step, or RuleId::Count when it declines (without effect). An `if` leaves the
  /// statement of the branch it takes in `branch` (UINT32_MAX: none) for the caller to run.
  RuleId statementCode(Invocation& inv, uint32_t node, const FusedStatementCode& c,
                       uint32_t& branch);
  /// The block `node`, whose Exec step (block-enter) the caller has taken, run by its compiled
  /// form (FusedBlockCode) through block-exit: true. False when a statement declines: then the
  /// continuation holds what the unfused steps leave before that statement's Exec step (the
  /// block's block-exit and block-next tasks, the statement's Exec on top). The caller has
  /// checked that the block's longest path fits within the step bound.
  bool blockByCode(Invocation& inv, uint32_t node, const FusedBlockCode& b);
  /// Before a run of compiled code: where it may access shared memory (FusedSharedAccesses).
  void prepareShared(Invocation& inv);
  /// After a run that succeeded: its shared reads told to the race detector, in order.
  void commitSharedReads(Invocation& inv);
  bool fusedEval(Invocation& inv, uint32_t e, RValue& out, Fused& f);
  bool fusedValue(Invocation& inv, uint32_t e, RValue& out, Fused& f);
  /// The memory location a reference expression `e` designates, in the invocation's own memory.
  bool fusedPlace(Invocation& inv, uint32_t e, RValue*& place, Fused& f);
  bool fusedCall(Invocation& inv, uint32_t e, RValue& out, Fused& f);
  const std::vector<RValue>& frameSlots(const Invocation& inv) const {
    return fusedSlots_ ? *fusedSlots_ : inv.frames.back().slots;
  }
  bool withinBudget(const Invocation& inv, const Fused& f) const;
  /// Runs compiled code (fused_code.h): its value (a value code) or its location (a place
  /// code); false, with no effect, where fusedValue or fusedPlace must decide instead.
  bool runFusedCode(Invocation& inv, const FusedCode& code, int64_t& value, RValue*& place);
  /// The location of allocation `id` when it is the invocation's own (function or private).
  RValue* ownLocation(Invocation& inv, uint32_t id);
  void popScope(Invocation& inv, uint32_t size);

  // memory
  AddressSpaces spaces(Invocation& inv);
  StepResult load(Invocation& inv, const RValue& reference, RValue& out);
  StepResult store(Invocation& inv, const RValue& reference, RValue value);
  /// The other components of the vector a store to component `v` writes (2026 only,
  /// Revision::vectorComponentWriteMayAccessVector), told to the race detector and observer.
  void writeVectorSiblings(Invocation& inv, const Allocation& a, const MemoryView& v);
  RValue viewValue(Type t, MemoryView v) const { return RValue{t, std::move(v)}; }
  /// Chooses one of the alternatives of an operation (a choice point if several).
  RValue pick(Alternatives&& a, const char* what);
  /// The value of an operator, conversion, bitcast or built-in call: where its alternatives
  /// differ only in i32/u32 scalars, one value holding IntegerSets (chosen later, by
  /// materialize, where the integer is needed: M13); otherwise pick.
  RValue operationValue(Alternatives&& a, const char* what);
  /// `op` on `operands`: on each combination of the values of the IntegerSets among them when
  /// there are at most kMaxAlternatives (the alternatives of all, for operationValue to join:
  /// M13), else on the operands materialized.
  OperationResult lifted(std::span<RValue> operands,
                         const std::function<OperationResult(std::span<const RValue>)>& op);
  /// The operator spelled `op` (applyOperator, with the program's operator options), lifted.
  OperationResult liftedOperator(std::string_view op, Type result, std::span<RValue> operands);
  /// `what` at the position of the current step's redex (`out-of-bounds store at 8:3`).
  std::string at(const char* what) const;
  bool truth(const RValue& b, const char* what);
  /// The stop of an operation Plumb cannot evaluate (OperationResult::unsupported): Unsupported
  /// naming `feature` (with the section `anchor`), or Internal when the operation was given
  /// what the checker should have excluded (OperationResult::internal).
  Stop operationStop(const OperationResult& r, std::string feature, std::string_view anchor) const;
  /// A value of more than kMaxScalarsPerValue scalars (memory.h): the Limit stop naming `what`.
  Stop scalarLimit(const std::string& what) const;
  /// Bit patterns kept as sets (docs/ambiguities.md M9): an i32/u32 scalar whose data is a
  /// FloatSet stands for "the bits of some f32 in the set"; an IntegerSet for one of its values
  /// (M13). An operation that needs the integer replaces it by one of its values (a choice
  /// point, or any value when there are too many).
  void materialize(RValue& v);
  void materialize(std::vector<RValue>& vs) {
    for (RValue& v : vs) materialize(v);
  }

  const ast::Expression& expr(uint32_t e) const { return program_.module.expressions[ast::ExpressionId{e}]; }
  const ast::Statement& stmt(uint32_t s) const { return program_.module.statements[ast::StatementId{s}]; }
  Type typeOf(uint32_t e) const { return program_.checked.expressions[e].type; }
  Type loadType(Type t) const {
    const TypeNode& n = types_[t];
    return n.kind == TypeKind::Reference ? n.element : t;
  }

  Program& program_;
  TypeTable& types_;
  Configuration& config_;
  Chooser choose_;
  std::array<uint32_t, 3> numWorkgroups_{1, 1, 1};
  RuleId lastRule_ = RuleId::Count;
  bool lastStopped_ = false;
  Stop::Kind lastStop_ = Stop::Kind::Internal;
  uint32_t lastNode_ = 0;
  bool lastNodeIsStatement_ = false;
  MemoryObserver* observer_ = nullptr;
  bool inAtomic_ = false;  // an atomic built-in is accessing memory (for the observer)
  RaceDetector* races_ = nullptr;
  bool notARead_ = false;  // atomicStore's internal load is no read access (#memory-operation)
  bool fusion_ = false;
  uint64_t fusionMaxSteps_ = 0;
  /// The parameters of a user function being evaluated within a fused step (fusedCall), by
  /// call depth; null: the invocation's current frame.
  const std::vector<RValue>* fusedSlots_ = nullptr;
  /// By slot of the frame being run (FusedVarLocation). An entry holds while its
  /// `generation` is varGeneration_, which every change that may move or replace a location
  /// advances: each step's start (another invocation, or the unfused rules may have changed
  /// anything), a `var` allocated, a scope's variables dropped (popScope), a frame pushed or
  /// popped.
  std::vector<FusedVarLocation> varLocations_;
  uint64_t varGeneration_ = 1;
  void forgetVarLocations() { ++varGeneration_; }
  FusedSharedAccesses shared_;        // of the run of compiled code under way
  std::vector<uint32_t> sharedPath_;  // a path for the race detector, reused
  std::vector<std::vector<RValue>> fusedFrames_;
  uint32_t fusedDepth_ = 0;
  /// The observer wants to hear of accesses to this allocation (workgroup, read_write storage).
  bool observed(const Allocation& a) const;
  uint32_t indexOfInvocation(const Invocation& inv) const {
    return static_cast<uint32_t>(&inv - config_.invocations.data());
  }
  /// The entry point's parameters as `start` gives them, resolved on its first call
  /// (dispatch.cpp): the common built-in inputs by kind rather than by name.
  struct EntryInput {
    uint32_t parameter;  // ParameterId value
    enum Kind : uint8_t { LocalInvocationIndex, GlobalInvocationId, WorkgroupId, Other } kind;
  };
  std::vector<EntryInput> entryInputs_;
  uint32_t entryInputsOf_ = UINT32_MAX;
};

}  // namespace plumb::interp
