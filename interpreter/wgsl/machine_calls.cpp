// Calls (#function-calls), type constructors (#type-constructor-expr, #conversion-expr), and
// the built-in functions that touch memory or other invocations: atomics (#atomic-builtin-
// functions), control barriers (#sync-builtin-functions), arrayLength (#array-builtin-functions).
// The other built-ins are runtime_operations' callBuiltin.
#include <algorithm>

#include "interpreter/wgsl/buffer_views.h"
#include "interpreter/wgsl/machine.h"
#include "interpreter/wgsl/races.h"
#include "interpreter/wgsl/runtime_operations.h"
#include "interpreter/wgsl/subgroups.h"

namespace plumb::interp {

using namespace plumb::ast;

namespace {

bool isNumericShape(TypeKind k) {
  return k == TypeKind::Bool || k == TypeKind::I32 || k == TypeKind::U32 || k == TypeKind::F32 ||
         k == TypeKind::F16 || k == TypeKind::Vector || k == TypeKind::Matrix;
}

/// The built-ins machineBuiltin evaluates: the synchronization functions, arrayLength, the
/// atomics and the textures (they touch memory or other invocations).
bool isMachineBuiltin(const Overload& o) {
  std::string_view name = o.row->name;
  return name == "workgroupBarrier" || name == "storageBarrier" || name == "arrayLength" ||
         name == "workgroupUniformLoad" || name.starts_with("buffer") ||
         name.starts_with("atomic") || name.starts_with("texture") || isSubgroupOperation(o);
}

/// Revision 2026 (new#buffer-view-builtin-functions): a pointer argument given to a parameter
/// of type ptr<AS, buffer<N>> remembers N when it is the smallest fixed-size buffer it went
/// through: "The size will be the minimum of the size of the originating variable, or the
/// minimum fixed-size buffer encountered as a formal parameter in the call stack".
void limitBufferPointer(TypeTable& types, RValue& argument) {
  const TypeNode& p = types[argument.type];
  if (p.kind != TypeKind::Pointer || types.kind(p.element) != TypeKind::Buffer) return;
  const TypeNode& b = types[p.element];
  if (b.arrayCount != ArrayCount::Fixed || !std::holds_alternative<MemoryView>(argument.data))
    return;
  MemoryView& v = std::get<MemoryView>(argument.data);
  BufferWindow w = windowOf(v);
  if (w.limit && w.limit <= b.count) return;
  w.limit = static_cast<uint32_t>(std::min<uint64_t>(b.count, UINT32_MAX));
  setWindow(v, w);
}

}  // namespace

StepResult Machine::callOrConstruct(Invocation& inv, const Task& t) {
  std::vector<RValue> args(t.aux);
  for (uint32_t i = t.aux; i-- > 0;) {
    args[i] = std::move(inv.values.back());
    inv.values.pop_back();
  }
  const CheckedModule& cm = program_.checked;
  // A user function takes its arguments as they are, and so does a constructor (its components
  // are kept; a conversion applies to each value of an integer not yet chosen, M13).
  if (t.kind == TaskKind::CallUser) {
    // #function-calls: a new activation; parameters hold the argument values.
    uint32_t d = cm.identifiers[t.node].index;
    const auto& f = std::get<FunctionDeclaration>(program_.module[cm.declarations[d].global].node);
    Frame frame{d, std::vector<RValue>(program_.frameSize[d]), t.node};
    auto params = program_.module[f.parameters];
    for (size_t i = 0; i < params.size() && i < args.size(); ++i) {
      args[i].type = cm.parameters[params[i].value];
      limitBufferPointer(types_, args[i]);
      frame.slots[program_.parameterSlot[params[i].value]] = std::move(args[i]);
    }
    inv.frames.push_back(std::move(frame));
    forgetVarLocations();
    inv.tasks.push_back({TaskKind::FunctionMarker, t.node});
    inv.tasks.push_back({TaskKind::Exec, f.body.value});
    return RuleId::CallEnter;
  }
  // #type-constructor-expr
  Type result = typeOf(t.node);
  const TypeNode& rt = types_[result];
  if (scalarCount(types_, result) > kMaxScalarsPerValue) return scalarLimit(types_.name(result));
  if (args.empty()) {
    inv.values.push_back(zeroValue(types_, result));
    return RuleId::TypeConstructorExpr;  // T(): the zero value (#zero-value)
  }
  if (args.size() == 1 && isNumericShape(rt.kind)) {
    Type at = args[0].type;
    const TypeNode& an = types_[at];
    bool sameShape = an.kind == rt.kind && an.size == rt.size && an.rows == rt.rows;
    if (at == result) {
      inv.values.push_back(std::move(args[0]));
      return RuleId::TypeConstructorExpr;
    }
    if (sameShape || (rt.kind != TypeKind::Vector && rt.kind != TypeKind::Matrix)) {
      // #conversion-expr: a value conversion to another component type.
      OperationResult r = lifted(std::span<RValue>(args.data(), 1), [&](std::span<const RValue> x) {
        return convertValue(types_, x[0], result);
      });
      if (!r.ok())
        return operationStop(r, "conversion to " + types_.name(result), "conversion-expr");
      inv.values.push_back(operationValue(std::move(r.alternatives), "conversion result"));
      return RuleId::ConversionExpr;
    }
  }
  inv.values.push_back(composeValue(types_, result, std::move(args)));
  return RuleId::TypeConstructorExpr;
}

StepResult Machine::callBuiltin(Invocation& inv, const Task& t) {
  std::vector<RValue> args(t.aux);
  for (uint32_t i = t.aux; i-- > 0;) {
    args[i] = std::move(inv.values.back());
    inv.values.pop_back();
  }
  const Overload* o = program_.checked.calls[t.node];
  if (!o) return Stop::internal("a call without a resolved overload");
  // The built-ins the machine evaluates touch memory or synchronize: they need one value of
  // each argument. The others are functions of their arguments, applied to each value of an
  // integer not yet chosen (M13).
  if (isMachineBuiltin(*o)) {
    materialize(args);
    return machineBuiltin(inv, t, *o, args);
  }
  if (o->row->anchor == "derivative-builtin-functions") {
    // #derivatives: "invocations within the same quad collaborate": the invocation offers its
    // argument (on its value stack) and waits, as at a control barrier, until its quad's rule
    // (quad.cpp, run by the fragment stage's scheduler) replaces it by the derivative.
    inv.values.push_back(std::move(args[0]));
    inv.status = InvocationStatus::AtBarrier;
    inv.barrier = t.node;
    return RuleId::DerivativeWait;
  }
  // One rule per section of the built-ins evaluated as functions of their arguments; a built-in
  // of another section cannot run in a compute shader: the checker rejects it.
  std::optional<RuleId> rule = functionBuiltinRule(o->row->anchor);
  if (!rule) return Stop::internal(std::string(o->row->name) + " in a compute shader");
  Type result = typeOf(t.node);
  OperationResult res = lifted(args, [&](std::span<const RValue> x) {
    return interp::callBuiltin(types_, *o, result, x, program_.module.revision());
  });
  if (!res.ok()) return operationStop(res, std::string(o->row->name), o->row->anchor);
  inv.values.push_back(operationValue(std::move(res.alternatives), "built-in result"));
  return *rule;
}

StepResult Machine::machineBuiltin(Invocation& inv, const Task& t, const Overload& o,
                                   std::vector<RValue>& args) {
  std::string_view name = o.row->name;
  Type result = typeOf(t.node);
  if (name == "workgroupUniformLoad") {
    // Revision 2026, new#workgroupUniformLoad-builtin: "Returns the value pointed to by p to all
    // invocations in the workgroup. The return value is uniform" and "Executes a control
    // barrier synchronization function that affects memory and atomic operations in the
    // workgroup address space". Plumb runs it as a workgroupBarrier, the load of *p, and a
    // second workgroupBarrier (docs/ambiguities.md M20): every invocation loads between the
    // two barriers, where no invocation of the workgroup writes, so all load the same value.
    // The pointer waits on the value stack for the load (TaskKind::UniformLoad).
    inv.values.push_back(std::move(args[0]));
    inv.tasks.push_back({TaskKind::UniformLoad, t.node, 0});
    inv.status = InvocationStatus::AtBarrier;
    inv.barrier = t.node;
    if (observer_) observer_->onBarrier(indexOfInvocation(inv), inv, "workgroupBarrier");
    if (races_) races_->barrier(indexOfInvocation(inv), false);
    return RuleId::ControlBarrierWait;
  }
  if (name == "workgroupBarrier" || name == "storageBarrier" || name == "textureBarrier") {
    // #barrier, #sync-builtin-functions: a control barrier. The invocation waits; when every
    // invocation of its workgroup waits at the same barrier they all go on together
    // (the scheduler's rule control-barrier-release). Revision 2026's textureBarrier
    // (new#textureBarrier-builtin) is one too, ordering texel accesses (races.h).
    inv.status = InvocationStatus::AtBarrier;
    inv.barrier = t.node;
    // #memory-semantics: a control barrier with AcquireRelease semantics (memory model observer).
    if (observer_) observer_->onBarrier(indexOfInvocation(inv), inv, name);
    if (races_) {
      if (name == "textureBarrier")
        races_->textureBarrier(indexOfInvocation(inv));
      else
        races_->barrier(indexOfInvocation(inv), name == "storageBarrier");
    }
    return RuleId::ControlBarrierWait;
  }
  if (isSubgroupOperation(o)) {
    // new#subgroup-ops (2026): the active invocations of a subgroup "communicate to determine
    // results". The invocation waits with its arguments; the dispatch's collective step
    // (subgroups.h, rule subgroup-operation-complete) gives each active invocation its result.
    inv.status = InvocationStatus::AtSubgroupOperation;
    inv.barrier = t.node;
    inv.collective = std::move(args);
    return RuleId::SubgroupOperationWait;
  }
  if (name == "arrayLength") {
    // #array-builtin-functions: the number of elements of the runtime-sized array.
    const MemoryView& v = args[0].view();
    const Allocation* a = spaces(inv).find(v.allocation);
    int64_t n = 0;
    if (a && types_.kind(a->storeType) == TypeKind::Buffer) {
      // new#arrayLength-builtin: "When p is derived from a bufferView or bufferArrayView
      // built-in function, NRuntime is based on the size of the buffer" the view has.
      if (v.invalid && hasIndeterminateOperand(windowOf(v)) &&
          windowOf(v).chosenCount != kCountNotChosen) {
        // A view made with an indeterminate offset or size: the count chosen when it was made
        // (Machine::bufferViewBuiltin, M18), the same for every arrayLength of it.
        n = static_cast<int64_t>(windowOf(v).chosenCount);
      } else if (v.invalid && hasIndeterminateOperand(windowOf(v))) {
        // Not chosen (cannot happen: the module calls arrayLength): each count a view made
        // with some value of the operand has, and the invalid view's 0. A few are one integer
        // set (chosen where a computation needs it); more, a choice point.
        std::vector<uint64_t> counts = arrayLengthsOfIndeterminateView(
            types_, program_.checked.layouts, program_.module.revision(), a->value, a->space,
            windowOf(v));
        if (counts.size() == 1) {
          n = static_cast<int64_t>(counts[0]);
        } else if (counts.size() <= kMaxAlternatives) {
          IntegerSet set;
          for (uint64_t c : counts) set.values.push_back(static_cast<int64_t>(c));
          inv.values.push_back(RValue{types_.u32(), std::move(set)});
          return RuleId::ArrayBuiltinFunctions;
        } else {
          n = static_cast<int64_t>(counts[choose_(
              static_cast<uint32_t>(counts.size()),
              at("arrayLength of a buffer view made with an indeterminate offset or size"))]);
        }
      } else {
        n = static_cast<int64_t>(viewArrayCount(inv, v, types_[args[0].type].element));
      }
    } else {
      const RValue* arr = v.invalid || !a ? nullptr : locate(a->value, v.path, v.path.size());
      n = arr ? static_cast<int64_t>(componentCount(*arr)) : 0;
    }
    inv.values.push_back(RValue{types_.u32(), n});
    return RuleId::ArrayBuiltinFunctions;
  }
  if (name.starts_with("buffer")) return bufferViewBuiltin(inv, t, o, args);
  if (name.starts_with("atomic")) {
    // #atomic-builtin-functions: one indivisible access; the scheduler interleaves them.
    // The observer hears its read and write as atomic (#scoped-operations); the flag is reset
    // on every return below.
    struct AtomicFlag {
      bool& f;
      explicit AtomicFlag(bool& b) : f(b) { f = true; }
      ~AtomicFlag() { f = false; }
    } atomicFlag(inAtomic_);
    if (inv.helper) {
      // new#fragment-shaders-helper-invocations (adopted for the seed, docs/ambiguities.md
      // D2): in a helper invocation atomics "return indeterminate results" and write nothing.
      if (types_.kind(result) != TypeKind::Void) inv.values.push_back(anyValueOf(types_, result));
      return name == "atomicLoad"    ? RuleId::AtomicLoad
             : name == "atomicStore" ? RuleId::AtomicStore
                                     : RuleId::AtomicRmw;
    }
    RValue ref = args[0];
    ref.type = types_.reference(types_[args[0].type].space, types_[args[0].type].element,
                                types_[args[0].type].access);
    RValue current;
    // #memory-operation: atomicStore is not a read access, so the observer does not see the
    // machine's internal read of the current value.
    MemoryObserver* observer = observer_;
    if (name == "atomicStore") observer_ = nullptr;
    notARead_ = name == "atomicStore";
    StepResult r = load(inv, ref, current);
    notARead_ = false;
    observer_ = observer;
    if (r.kind == StepResult::Stopped) return r;
    Type valueType = types_[types_[ref.type].element].element;  // T of atomic<T>
    current.type = valueType;
    auto storeValue = [&](RValue v) {
      v.type = types_[ref.type].element;
      return store(inv, ref, std::move(v));
    };
    if (name == "atomicLoad") {
      inv.values.push_back(current);
      return RuleId::AtomicLoad;
    }
    if (name == "atomicStore") {
      args[1].type = valueType;
      StepResult s = storeValue(args[1]);
      s.rule = RuleId::AtomicStore;
      return s;
    }
    if (name == "atomicExchange") {
      StepResult s = storeValue(args[1]);
      inv.values.push_back(current);
      s.rule = RuleId::AtomicRmw;
      return s;
    }
    if (name == "atomicCompareExchangeWeak") {
      // #atomic-rmw: stores `v` if the value equals `cmp`; "weak": the exchange may fail
      // even when they are equal (a choice point).
      bool equal = !current.isAny() && current == RValue{valueType, args[1].data};
      bool exchanged = equal;
      if (current.isAny()) exchanged = choose_(2, at("atomic compare with indeterminate value")) == 1;
      else if (equal) exchanged = choose_(2, at("weak compare-exchange spurious failure")) == 0;  // first: no failure
      StepResult s;
      if (exchanged) s = storeValue(args[2]);
      Components parts;
      parts.push_back(current);
      parts.push_back(RValue{types_.boolType(), exchanged});
      inv.values.push_back(RValue{result, std::move(parts)});
      s.rule = RuleId::AtomicCompareExchange;
      return s;
    }
    static const std::pair<std::string_view, const char*> kOps[] = {
        {"atomicAdd", "+"}, {"atomicSub", "-"}, {"atomicMax", "max"}, {"atomicMin", "min"},
        {"atomicAnd", "&"}, {"atomicOr", "|"}, {"atomicXor", "^"}};
    for (const auto& [fname, op] : kOps) {
      if (name != fname) continue;
      RValue newValue;
      RValue operands[] = {current, args[1]};
      operands[1].type = valueType;
      OperationResult res;
      if (std::string_view(op) == "max" || std::string_view(op) == "min") {
        if (current.isAny() || args[1].isAny()) {
          res.alternatives.push_back(RValue{valueType, AnyScalar{}});
        } else {
          int64_t a = current.intValue(), b = args[1].intValue();
          res.alternatives.push_back(RValue{valueType, op[1] == 'a' ? std::max(a, b) : std::min(a, b)});
        }
      } else {
        res = applyOperator(types_, op, valueType, operands);
      }
      if (!res.ok()) return operationStop(res, std::string(name), "atomic-rmw");
      StepResult s = storeValue(res.alternatives[0]);
      inv.values.push_back(current);
      s.rule = RuleId::AtomicRmw;
      return s;
    }
    return Stop::internal("an atomic function the machine does not know: " + std::string(name));
  }
  // #memory-operation: textureStore is a write access to texel memory, which the memory model
  // observer (plumb explore) does not model: it is told, and refuses the program.
  if (observer_ && name == "textureStore")
    observer_->onUnmodelled(indexOfInvocation(inv),
                            at("textureStore (a write access to a storage texture)"));
  return textureBuiltin(inv, t, o, args);  // the rest of isMachineBuiltin
}

}  // namespace plumb::interp
