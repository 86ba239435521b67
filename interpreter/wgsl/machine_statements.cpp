// The statement rules of the machine (#statements): blocks and scopes, if, switch with
// fallthrough, loop with continuing and break-if, for, while, break, continue, return,
// declarations, assignments, increment and decrement.
#include "interpreter/wgsl/machine.h"

#include "interpreter/wgsl/runtime_operations.h"

namespace plumb::interp {

using namespace plumb::ast;

void Machine::pushStatements(Invocation& inv, StatementId owner, uint32_t index) {
  inv.tasks.push_back({TaskKind::StatementsNext, owner.value, index});
}

void Machine::popScope(Invocation& inv, uint32_t size) {
  if (inv.function.size() > size) inv.function.resize(size);
  forgetVarLocations();
}

namespace {

std::span<const StatementId> statementList(const Module& m, const Statement& s) {
  if (auto* c = std::get_if<CompoundStatement>(&s.node)) return m[c->statements];
  if (auto* l = std::get_if<LoopStatement>(&s.node)) return m[l->statements];
  if (auto* c = std::get_if<ContinuingStatement>(&s.node)) return m[c->statements];
  return {};
}

/// The binary operator of a compound assignment `e1 op= e2` (#compound-assignment-sec).
BinaryOperator compoundBinaryOperator(AssignmentOperator op) {
  switch (op) {
    case AssignmentOperator::Add: return BinaryOperator::Add;
    case AssignmentOperator::Subtract: return BinaryOperator::Subtract;
    case AssignmentOperator::Multiply: return BinaryOperator::Multiply;
    case AssignmentOperator::Divide: return BinaryOperator::Divide;
    case AssignmentOperator::Modulo: return BinaryOperator::Modulo;
    case AssignmentOperator::And: return BinaryOperator::And;
    case AssignmentOperator::Or: return BinaryOperator::Or;
    case AssignmentOperator::Xor: return BinaryOperator::Xor;
    case AssignmentOperator::ShiftRight: return BinaryOperator::ShiftRight;
    case AssignmentOperator::ShiftLeft: return BinaryOperator::ShiftLeft;
    default: return BinaryOperator::Add;  // not a compound operator
  }
}

}  // namespace

/// Pops tasks up to the innermost task of kind `target` (and, for break, a switch marker),
/// leaving scopes on the way; the target itself is popped unless `keepTarget`.
StepResult Machine::unwind(Invocation& inv, TaskKind target, bool keepTarget, Task* found) {
  while (!inv.tasks.empty()) {
    Task t = inv.tasks.back();
    bool hit = t.kind == target || (target == TaskKind::LoopMarker && t.kind == TaskKind::SwitchMarker);
    if (hit) {
      if (found) *found = t;
      if (!keepTarget) {
        inv.tasks.pop_back();
        if (t.kind == TaskKind::LoopMarker || t.kind == TaskKind::SwitchMarker) popScope(inv, t.aux);
      }
      return {};
    }
    inv.tasks.pop_back();
    if (t.kind == TaskKind::ScopeEnd || t.kind == TaskKind::LoopNext) popScope(inv, t.aux);
    if (t.kind == TaskKind::FunctionMarker) break;  // never unwind out of a function
  }
  return Stop::internal("break, continue or return outside its construct");
}

StepResult Machine::execStatement(Invocation& inv, const Task& t) {
  const Statement& s = stmt(t.node);
  uint32_t base = static_cast<uint32_t>(inv.function.size());
  return std::visit(
      [&](const auto& n) -> StepResult {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, EmptyStatement>) {
          return RuleId::EmptyStatement;
        } else if constexpr (std::is_same_v<N, CompoundStatement>) {
          // #compound-statement-section: declarations in the block end with it.
          inv.tasks.push_back({TaskKind::ScopeEnd, t.node, base});
          pushStatements(inv, StatementId{t.node}, 0);
          return RuleId::BlockEnter;
        } else if constexpr (std::is_same_v<N, IfStatement>) {
          inv.tasks.push_back({TaskKind::IfBranch, t.node});
          pushValueOf(inv, n.condition);
          return RuleId::IfStatement;
        } else if constexpr (std::is_same_v<N, SwitchStatement>) {
          inv.tasks.push_back({TaskKind::SwitchSelect, t.node});
          pushValueOf(inv, n.selector);
          return RuleId::SwitchStatement;
        } else if constexpr (std::is_same_v<N, LoopStatement>) {
          inv.tasks.push_back({TaskKind::LoopMarker, t.node, base});
          inv.tasks.push_back({TaskKind::LoopIteration, t.node, base});
          return RuleId::LoopEnter;
        } else if constexpr (std::is_same_v<N, ForStatement>) {
          // #for-statement: `for (init; cond; update) body` is
          // `{ init; loop { if !(cond) { break; } body continuing { update } } }`.
          const ForHeader& h = program_.module[n.header];
          inv.tasks.push_back({TaskKind::ScopeEnd, t.node, base});
          inv.tasks.push_back({TaskKind::LoopMarker, t.node, base});
          inv.tasks.push_back({TaskKind::LoopIteration, t.node, base});
          if (h.initializer) inv.tasks.push_back({TaskKind::Exec, h.initializer.value});
          return RuleId::ForEnter;
        } else if constexpr (std::is_same_v<N, WhileStatement>) {
          // #while-statement: `while cond { body }` is `loop { if !(cond) { break; } body }`.
          inv.tasks.push_back({TaskKind::LoopMarker, t.node, base});
          inv.tasks.push_back({TaskKind::LoopIteration, t.node, base});
          return RuleId::WhileEnter;
        } else if constexpr (std::is_same_v<N, ContinuingStatement>) {
          pushStatements(inv, StatementId{t.node}, 0);
          return RuleId::ContinuingStatement;
        } else if constexpr (std::is_same_v<N, BreakStatement>) {
          StepResult r = unwind(inv, TaskKind::LoopMarker, false, nullptr);
          r.rule = RuleId::BreakStatement;
          return r;
        } else if constexpr (std::is_same_v<N, BreakIfStatement>) {
          inv.tasks.push_back({TaskKind::BreakIfCheck, t.node});
          pushValueOf(inv, n.condition);
          return RuleId::BreakIfStatement;
        } else if constexpr (std::is_same_v<N, ContinueStatement>) {
          StepResult r = unwind(inv, TaskKind::LoopContinue, true, nullptr);
          r.rule = RuleId::ContinueStatement;
          return r;
        } else if constexpr (std::is_same_v<N, ReturnStatement>) {
          inv.tasks.push_back({TaskKind::Return, t.node, n.value ? 1u : 0u});
          if (n.value) pushValueOf(inv, n.value);
          return RuleId::ReturnStatement;
        } else if constexpr (std::is_same_v<N, DiscardStatement>) {
          // #behaviors-rules: the checker rejects a compute or vertex entry point whose
          // behavior has Discard, so this is a fragment invocation.
          inv.discarded = true;
          if (program_.discardDemotesToHelper) {
            // new#discard-statement: "convert the current invocation into a helper
            // invocation" and throw away its output; it goes on (for its quad's derivatives).
            inv.helper = true;
            return RuleId::DiscardDemote;
          }
          // #discard-statement: "immediately terminate the current invocation" and "prevent
          // evaluation and generation of a return value for the entry point".
          inv.tasks.clear();
          inv.values.clear();
          inv.frames.clear();
          inv.status = InvocationStatus::Finished;
          return RuleId::DiscardStatement;
        } else if constexpr (std::is_same_v<N, FallthroughStatement>) {
          // #switch-statement: control continues with the next clause's body.
          Task marker;
          StepResult r = unwind(inv, TaskKind::SwitchMarker, false, &marker);
          if (r.kind == StepResult::Stopped) return r;
          const auto& sw = std::get<SwitchStatement>(stmt(marker.node).node);
          auto clauses = program_.module[sw.clauses];
          uint32_t next = marker.extra + 1;
          if (next >= clauses.size()) return Stop::internal("fallthrough in the last clause");
          inv.tasks.push_back({TaskKind::SwitchMarker, marker.node, marker.aux, next});
          inv.tasks.push_back({TaskKind::Exec, program_.module[clauses[next]].body.value});
          return RuleId::SwitchFallthrough;
        } else if constexpr (std::is_same_v<N, FunctionCallStatement>) {
          inv.tasks.push_back({TaskKind::DiscardValue, t.node,
                               types_.kind(typeOf(n.call.value)) == TypeKind::Void ? 0u : 1u});
          inv.tasks.push_back({TaskKind::Eval, n.call.value});
          return RuleId::FunctionCallStatement;
        } else if constexpr (std::is_same_v<N, DeclarationStatement>) {
          const VariableDeclaration& d = program_.module[n.declaration];
          if (d.kind == DeclarationKind::Const) return RuleId::ConstDeclaration;
          TaskKind k = d.kind == DeclarationKind::Let ? TaskKind::LetBind : TaskKind::VarAllocate;
          inv.tasks.push_back({k, t.node, n.declaration.value, d.initializer ? 1u : 0u});
          if (d.initializer) pushValueOf(inv, d.initializer);
          return d.kind == DeclarationKind::Let ? RuleId::LetDeclaration : RuleId::VarDeclaration;
        } else if constexpr (std::is_same_v<N, AssignmentStatement>) {
          if (!n.target) {
            inv.tasks.push_back({TaskKind::DiscardValue, t.node, 1});
            pushValueOf(inv, n.value);
            return RuleId::PhonyAssignment;
          }
          if (n.op == AssignmentOperator::Assign) {
            // old#simple-assignment-section: "Evaluates e, evaluates r, then writes";
            // new#simple-assignment-section: "Evaluates r, then evaluates e" (delta 3.8).
            // Tasks run last-pushed first; Store finds the reference on top either way.
            if (program_.module.revision().assignmentLeftHandSideFirst) {
              inv.tasks.push_back({TaskKind::Store, t.node, 1});
              pushValueOf(inv, n.value);
              inv.tasks.push_back({TaskKind::Eval, n.target.value});
              return RuleId::SimpleAssignmentLeftFirst;
            }
            inv.tasks.push_back({TaskKind::Store, t.node});
            inv.tasks.push_back({TaskKind::Eval, n.target.value});
            pushValueOf(inv, n.value);
            return RuleId::SimpleAssignment;
          }
          // #compound-assignment-sec: `e1 op= e2` is `e1 = e1 op (e2)`, e1 evaluated once.
          inv.tasks.push_back({TaskKind::CompoundStore, t.node});
          pushValueOf(inv, n.value);
          inv.tasks.push_back({TaskKind::LoadKeep, n.target.value});
          inv.tasks.push_back({TaskKind::Eval, n.target.value});
          return RuleId::CompoundAssignment;
        } else if constexpr (std::is_same_v<N, IncrementStatement> || std::is_same_v<N, DecrementStatement>) {
          // #increment-decrement: `e++` is `e += 1`, `e--` is `e -= 1`.
          inv.tasks.push_back({TaskKind::IncrementStore, t.node, std::is_same_v<N, IncrementStatement> ? 1u : 0u});
          inv.tasks.push_back({TaskKind::LoadKeep, n.target.value});
          inv.tasks.push_back({TaskKind::Eval, n.target.value});
          return std::is_same_v<N, IncrementStatement> ? RuleId::Increment : RuleId::Decrement;
        } else if constexpr (std::is_same_v<N, StaticAssertStatement>) {
          return RuleId::StaticAssertStatement;
        }
        return Stop::internal("a statement the machine does not know");
      },
      s.node);
}

StepResult Machine::statementTask(Invocation& inv, const Task& t) {
  auto pop = [&]() {
    RValue v = std::move(inv.values.back());
    inv.values.pop_back();
    return v;
  };
  switch (t.kind) {
    case TaskKind::StatementsNext: {
      auto list = statementList(program_.module, stmt(t.node));
      if (t.aux >= list.size()) return RuleId::BlockEnd;
      if (t.aux + 1 < list.size()) pushStatements(inv, StatementId{t.node}, t.aux + 1);
      Task exec{TaskKind::Exec, list[t.aux].value};
      if (!fusion_) {
        inv.tasks.push_back(exec);
        return RuleId::BlockNext;
      }
      // Fused steps (machine_fusion.cpp): this step, then the statement's own when it fuses,
      // and so on through the block while its statements fuse and leave no task behind (each
      // block-next and each statement counted as the unfused machine counts them).
      for (uint32_t k = t.aux;;) {
        ++inv.steps;
        std::optional<StepResult> r = fusedStatement(inv, exec);
        if (!r) {
          --inv.steps;
          inv.tasks.push_back(exec);
          lastNode_ = t.node;
          return RuleId::BlockNext;
        }
        lastNode_ = exec.node;
        const Task& top = inv.tasks.back();
        if (k + 1 >= list.size() || top.kind != TaskKind::StatementsNext || top.node != t.node ||
            top.aux != k + 1 || inv.steps + 1 > fusionMaxSteps_)
          return std::move(*r);
        // The next block-next step: pops its task, schedules the statement after it (the
        // same task with the next index: changed in place).
        ++inv.steps;
        ++k;
        if (k + 1 < list.size())
          inv.tasks.back().aux = k + 1;
        else
          inv.tasks.pop_back();
        exec = Task{TaskKind::Exec, list[k].value};
      }
    }
    case TaskKind::ScopeEnd:
      popScope(inv, t.aux);
      return RuleId::BlockExit;
    case TaskKind::IfBranch: {
      const auto& n = std::get<IfStatement>(stmt(t.node).node);
      if (truth(pop(), "indeterminate condition")) {
        inv.tasks.push_back({TaskKind::Exec, n.body.value});
        return RuleId::IfTrue;
      }
      if (n.elseBranch) inv.tasks.push_back({TaskKind::Exec, n.elseBranch.value});
      return RuleId::IfFalse;
    }
    case TaskKind::SwitchSelect: {
      // #switch-statement: the clause whose selector equals the value, else the default.
      RValue v = pop();
      materialize(v);
      const auto& n = std::get<SwitchStatement>(stmt(t.node).node);
      auto clauses = program_.module[n.clauses];
      const CheckedModule& cm = program_.checked;
      int64_t x = 0;
      if (v.isAny()) {
        // An indeterminate selector: any clause may be taken.
        uint32_t k = choose_(static_cast<uint32_t>(clauses.size()), at("indeterminate selector"));
        inv.tasks.push_back({TaskKind::SwitchMarker, t.node, static_cast<uint32_t>(inv.function.size()), k});
        inv.tasks.push_back({TaskKind::Exec, program_.module[clauses[k]].body.value});
        return RuleId::SwitchCaseFound;
      } else {
        x = v.intValue();
      }
      uint32_t chosen = UINT32_MAX, fallback = UINT32_MAX;
      for (uint32_t c = 0; c < clauses.size() && chosen == UINT32_MAX; ++c) {
        const SwitchClause& clause = program_.module[clauses[c]];
        if (clause.isDefault) fallback = c;
        for (ExpressionId sel : program_.module[clause.selectors]) {
          const ExpressionInfo& si = cm.expressions[sel.value];
          auto it = cm.convertedValues.find(sel.value);
          const std::optional<Value>& val = it != cm.convertedValues.end()
                                                ? std::optional<Value>(it->second) : si.value;
          if (val && val->intValue() == x) chosen = c;
        }
      }
      RuleId rule = RuleId::SwitchCaseFound;
      if (chosen == UINT32_MAX) {
        chosen = fallback;
        rule = RuleId::SwitchDefault;
      }
      // #switch-statement: exactly one clause has `default` (a shader-creation error otherwise).
      if (chosen == UINT32_MAX) return Stop::internal("no clause of the switch matches");
      inv.tasks.push_back({TaskKind::SwitchMarker, t.node, static_cast<uint32_t>(inv.function.size()), chosen});
      inv.tasks.push_back({TaskKind::Exec, program_.module[clauses[chosen]].body.value});
      return rule;
    }
    case TaskKind::SwitchMarker:
      popScope(inv, t.aux);
      return RuleId::SwitchEnd;
    case TaskKind::LoopMarker:
      // A loop ends only by break, break-if or a false condition, which unwind past this.
      return Stop::internal("a loop ended without leaving it");
    case TaskKind::LoopIteration: {
      // One iteration: its declarations live until the continuing construct has run.
      const Statement& s = stmt(t.node);
      uint32_t base = static_cast<uint32_t>(inv.function.size());
      inv.tasks.push_back({TaskKind::LoopNext, t.node, base});
      inv.tasks.push_back({TaskKind::LoopContinue, t.node, base});
      if (auto* l = std::get_if<LoopStatement>(&s.node)) {
        pushStatements(inv, StatementId{t.node}, 0);
        (void)l;
        return RuleId::LoopIteration;
      }
      ExpressionId cond;
      StatementId body;
      if (auto* f = std::get_if<ForStatement>(&s.node)) {
        cond = program_.module[f->header].condition;
        body = f->body;
      } else {
        const auto& w = std::get<WhileStatement>(s.node);
        cond = w.condition;
        body = w.body;
      }
      inv.tasks.push_back({TaskKind::Exec, body.value});
      if (cond) {
        inv.tasks.push_back({TaskKind::LoopCondition, t.node});
        pushValueOf(inv, cond);
      }
      return RuleId::LoopIteration;
    }
    case TaskKind::LoopCondition: {
      if (truth(pop(), "indeterminate condition")) return RuleId::LoopConditionTrue;
      StepResult r = unwind(inv, TaskKind::LoopMarker, false, nullptr);
      r.rule = RuleId::LoopConditionFalse;
      return r;
    }
    case TaskKind::LoopContinue: {
      // The body is done (or `continue`): the continuing construct, or the for update.
      const Statement& s = stmt(t.node);
      if (auto* l = std::get_if<LoopStatement>(&s.node)) {
        if (l->continuing) inv.tasks.push_back({TaskKind::Exec, l->continuing.value});
      } else if (auto* f = std::get_if<ForStatement>(&s.node)) {
        StatementId update = program_.module[f->header].update;
        if (update) inv.tasks.push_back({TaskKind::Exec, update.value});
      }
      return RuleId::LoopContinuing;
    }
    case TaskKind::LoopNext:
      popScope(inv, t.aux);
      inv.tasks.push_back({TaskKind::LoopIteration, t.node, t.aux});
      return RuleId::LoopNextIteration;
    case TaskKind::BreakIfCheck: {
      if (!truth(pop(), "indeterminate condition")) return RuleId::BreakIfFalse;
      StepResult r = unwind(inv, TaskKind::LoopMarker, false, nullptr);
      r.rule = RuleId::BreakIfTrue;
      return r;
    }
    case TaskKind::Return: {
      std::optional<RValue> value;
      if (t.aux) value = pop();
      Task marker;
      StepResult r = unwind(inv, TaskKind::FunctionMarker, false, &marker);
      if (r.kind == StepResult::Stopped) return r;
      inv.frames.pop_back();
      forgetVarLocations();
      if (value) inv.values.push_back(std::move(*value));
      if (inv.frames.empty()) {
        // The entry point's return value stays on the value stack: the stage's outputs
        // (#pipeline-inputs-outputs; stage.cpp reads them).
        inv.status = InvocationStatus::Finished;
        return RuleId::EntryPointReturn;
      }
      return RuleId::CallReturn;
    }
    case TaskKind::FunctionMarker:
      // The body ended without `return` (a function without a return type).
      inv.frames.pop_back();
      forgetVarLocations();
      if (inv.frames.empty()) {
        inv.status = InvocationStatus::Finished;
        return RuleId::EntryPointReturn;
      }
      return RuleId::CallReturn;
    case TaskKind::Store: {
      // The reference is on top (the value was evaluated first), or below the value when the
      // left-hand side was evaluated first (aux 1: new#simple-assignment-section).
      size_t n = inv.values.size();
      size_t ref = t.aux ? n - 2 : n - 1;
      StepResult r = store(inv, inv.values[ref], std::move(inv.values[t.aux ? n - 1 : n - 2]));
      inv.values.resize(n - 2);
      r.rule = RuleId::Store;
      return r;
    }
    case TaskKind::CompoundStore:
    case TaskKind::IncrementStore: {
      RuleId rule = t.kind == TaskKind::CompoundStore ? RuleId::CompoundAssignmentStore
                                                      : RuleId::IncrementDecrementStore;
      if (t.kind == TaskKind::IncrementStore) inv.values.push_back(RValue{inv.values.back().type, int64_t(1)});
      // Stack: reference, current value, right-hand side. Concrete integer operands take the
      // integer kernel in place (concreteOperation), then the store.
      const auto* assignment = t.kind == TaskKind::CompoundStore ? &std::get<AssignmentStatement>(stmt(t.node).node) : nullptr;
      BinaryOperator bop = !assignment ? (t.aux ? BinaryOperator::Add : BinaryOperator::Subtract)
                                       : compoundBinaryOperator(assignment->op);
      if (concreteOperation(inv, bop, inv.values[inv.values.size() - 2].type)) {
        size_t n = inv.values.size();
        StepResult r = store(inv, inv.values[n - 2], std::move(inv.values[n - 1]));
        inv.values.resize(n - 2);
        r.rule = rule;
        return r;
      }
      RValue rhs = pop();
      RValue lhs = pop();
      RValue ref = pop();
      Type valueType = types_[ref.type].element;
      RValue operands[] = {std::move(lhs), std::move(rhs)};
      OperationResult r = liftedOperator(spelling(bop), valueType, operands);
      if (!r.ok())
        return operationStop(
            r, "operator " + std::string(spelling(bop)) + " on " + types_.name(valueType),
            "compound-assignment-sec");
      StepResult s = store(inv, ref, operationValue(std::move(r.alternatives), "operator result"));
      s.rule = rule;
      return s;
    }
    case TaskKind::LetBind: {
      RValue v = pop();
      v.type = program_.checked.variables[t.aux];
      inv.frames.back().slots[program_.variableSlot[t.aux]] = std::move(v);
      return RuleId::LetBind;
    }
    case TaskKind::VarAllocate: {
      // #var-and-value: a new memory location, holding the initializer or the zero value.
      Type ref = program_.checked.variables[t.aux];
      Type storeType = types_[ref].element;
      if (scalarCount(types_, storeType) > kMaxScalarsPerValue)
        return scalarLimit("the variable's type " + types_.name(storeType));
      Allocation a;
      a.storeType = storeType;
      a.space = ast::AddressSpace::Function;
      a.value = t.extra ? inv.values.back() : zeroValue(types_, storeType);
      if (t.extra) inv.values.pop_back();
      a.value.type = storeType;
      MemoryView view;
      view.allocation = makeAllocationId(Region::Function, static_cast<uint32_t>(inv.function.size()));
      inv.function.push_back(std::move(a));
      inv.frames.back().slots[program_.variableSlot[t.aux]] = RValue{ref, std::move(view)};
      forgetVarLocations();
      return RuleId::VarAllocate;
    }
    case TaskKind::DiscardValue:
      if (t.aux) inv.values.pop_back();
      return RuleId::DiscardValue;
    default: break;
  }
  return Stop::internal("a task the machine does not know");
}

}  // namespace plumb::interp
