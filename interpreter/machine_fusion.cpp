// Fused steps (issue 14 item 7; README "Performance"; design.md principle 1: the machine "may use
// an evaluation-context stack ... that is how it gets fast — but each transition is one rule").
//
// When nobody watches the machine step by step (no --trace, no memory-model observer: see
// Machine::setFusion), an expression that is pure and simple — creation-time values, local
// `var`/`let`/parameter identifiers, module-scope variable identifiers, parentheses, the integer
// and boolean operators, indexing and member access — whose operands are concrete integers and
// booleans and whose loads read the invocation's own memory (the function and private address
// spaces, which no other invocation can access: #address-spaces) is evaluated within one call of
// `step`: the same rules (#expressions, #load-rule), in the same order (#program-order), with
// the same results (the same integer kernel, concreteBinary/concreteUnary), and the same number
// of steps counted, so that step counts and `--max-steps` are those of the unfused machine. The
// same holds for the statements built from such expressions: `let`, `var`, `=` and `if`.
//
// A fused evaluation has no effect until it has succeeded: anything less simple (a value that is
// a set or indeterminate, an index out of bounds, a call, workgroup or storage memory, an
// operator outside the integer kernel, a step bound reached in the middle) leaves the machine as
// it was, and the ordinary steps run. No choice point and no stop is ever taken here.
#include "interpreter/machine.h"

namespace plumb::interp {

using namespace plumb::ast;

namespace {

/// The concrete integer or boolean scalar held by `v` (0 or 1 for a bool), if it is one.
bool concrete(const RValue& v, int64_t& out) {
  if (const int64_t* x = std::get_if<int64_t>(&v.data)) {
    out = *x;
    return true;
  }
  if (const bool* b = std::get_if<bool>(&v.data)) {
    out = *b;
    return true;
  }
  return false;
}

RuleId binaryRule(BinaryOperator op) {
  switch (op) {
    case BinaryOperator::LessThan:
    case BinaryOperator::GreaterThan:
    case BinaryOperator::LessThanEqual:
    case BinaryOperator::GreaterThanEqual:
    case BinaryOperator::Equal:
    case BinaryOperator::NotEqual:
      return RuleId::ComparisonExpr;
    case BinaryOperator::And:
    case BinaryOperator::Or:
    case BinaryOperator::Xor:
    case BinaryOperator::ShiftLeft:
    case BinaryOperator::ShiftRight:
      return RuleId::BitExpr;
    default:
      return RuleId::ArithmeticExpr;
  }
}

}  // namespace

bool Machine::fusedLoad(Invocation& inv, const RValue& reference, RValue& out) {
  // #load-rule, only where no other invocation can see the access (no race, no observer).
  const MemoryView* v = std::get_if<MemoryView>(&reference.data);
  if (!v || v->invalid) return false;
  Region region = regionOf(v->allocation);
  if (region != Region::Function && region != Region::Private) return false;
  const TypeNode& rt = types_[reference.type];
  if (rt.space == AddressSpace::Handle) return false;
  Allocation* a = spaces(inv).find(v->allocation);
  if (!a) return false;
  const RValue* loc = locate(a->value, v->path, v->path.size());
  if (!loc) return false;
  Type storeType = rt.element;
  out = *loc;
  out.type = storeType;
  return true;
}

bool Machine::fusedStore(Invocation& inv, const RValue& reference, RValue&& value) {
  // #simple-assignment-section, in the invocation's own memory only (as fusedLoad).
  const MemoryView* v = std::get_if<MemoryView>(&reference.data);
  if (!v || v->invalid) return false;
  Region region = regionOf(v->allocation);
  if (region != Region::Function && region != Region::Private) return false;
  Allocation* a = spaces(inv).find(v->allocation);
  if (!a) return false;
  RValue* loc = locate(a->value, v->path, v->path.size());
  if (!loc) return false;
  Type t = loc->type;
  *loc = std::move(value);
  loc->type = t;
  return true;
}

bool Machine::fusedValue(Invocation& inv, uint32_t e, RValue& out, Fused& f) {
  if (!fusedEval(inv, e, out, f)) return false;
  if (!program_.isReference[e]) return true;
  // pushValueOf: the Load task of the same expression follows its evaluation.
  RValue loaded;
  if (!fusedLoad(inv, out, loaded)) return false;
  out = std::move(loaded);
  ++f.steps;
  f.rule = RuleId::LoadRule;
  return true;
}

bool Machine::fusedEval(Invocation& inv, uint32_t e, RValue& out, Fused& f) {
  if (!program_.fusable[e]) return false;
  // Each branch mirrors evalExpression and applyTask: one step for the Eval task, the operands'
  // steps, one step for the task that applies the rule.
  if (uint32_t k = program_.constantIndex[e]; k != UINT32_MAX) {
    out = program_.constants[k];
    ++f.steps;
    f.rule = RuleId::CreationTimeValue;
    return true;
  }
  const CheckedModule& cm = program_.checked;
  const Expression& x = expr(e);
  if (std::holds_alternative<IdentifierExpression>(x.node)) {
    const Resolution& r = cm.identifiers[e];
    if (r.kind == Resolution::LocalVariable) {
      out = inv.frames.back().slots[program_.variableSlot[r.index]];
      f.rule = program_.module.variables[VariableId{r.index}].kind == DeclarationKind::Var
                   ? RuleId::VarIdentifierExpr
                   : RuleId::LetIdentifierExpr;
    } else if (r.kind == Resolution::Parameter) {
      out = inv.frames.back().slots[program_.parameterSlot[r.index]];
      f.rule = RuleId::FormalParameterExpr;
    } else {  // a module-scope variable (Program::fusable)
      MemoryView v;
      v.allocation = program_.variableAllocation[r.index];
      out = RValue{cm.expressions[e].type, std::move(v)};
      f.rule = RuleId::VarIdentifierExpr;
    }
    ++f.steps;
    return true;
  }
  if (const auto* p = std::get_if<ParenthesizedExpression>(&x.node)) {
    ++f.steps;
    return fusedEval(inv, p->inner.value, out, f);
  }
  if (const auto* u = std::get_if<UnaryExpression>(&x.node)) {
    // Not & and * (Program::fusable). As concreteOperation: the operand's type is kept.
    ++f.steps;
    if (!fusedValue(inv, u->operand.value, out, f)) return false;
    int64_t a = 0;
    if (!concrete(out, a)) return false;
    TypeKind k = types_.kind(out.type);
    std::optional<int64_t> r = concreteUnary(k, u->op, a);
    if (!r) return false;
    if (k == TypeKind::Bool)
      out.data = *r != 0;
    else
      out.data = *r;
    ++f.steps;
    f.rule = u->op == UnaryOperator::LogicalNot   ? RuleId::LogicalExpr
             : u->op == UnaryOperator::Complement ? RuleId::BitExpr
                                                  : RuleId::ArithmeticExpr;
    return true;
  }
  if (const auto* b = std::get_if<BinaryExpression>(&x.node)) {
    // #program-order: left, then right (not && and ||: Program::fusable).
    ++f.steps;
    RValue right;
    if (!fusedValue(inv, b->left().value, out, f) || !fusedValue(inv, b->right.value, right, f))
      return false;
    int64_t l = 0, r = 0;
    if (!concrete(out, l) || !concrete(right, r)) return false;
    TypeKind k = types_.kind(out.type);
    BinaryOperator op = b->op();
    if (types_.kind(right.type) != k && op != BinaryOperator::ShiftLeft &&
        op != BinaryOperator::ShiftRight)
      return false;
    std::optional<int64_t> v = concreteBinary(k, op, l, r, program_.literalShiftRight);
    if (!v) return false;
    Type resultType = loadType(typeOf(e));
    if (types_.kind(resultType) == TypeKind::Bool)
      out.data = *v != 0;
    else
      out.data = *v;
    out.type = resultType;
    ++f.steps;
    f.rule = binaryRule(op);
    return true;
  }
  if (const auto* ix = std::get_if<IndexExpression>(&x.node)) {
    ++f.steps;
    Type result = typeOf(e);
    bool reference = types_.kind(typeOf(ix->base.value)) == TypeKind::Reference &&
                     types_.kind(result) == TypeKind::Reference;
    RValue index;
    if (reference) {
      if (!fusedEval(inv, ix->base.value, out, f)) return false;
    } else if (!fusedValue(inv, ix->base.value, out, f)) {
      return false;
    }
    if (!fusedValue(inv, ix->index.value, index, f)) return false;
    const int64_t* i = std::get_if<int64_t>(&index.data);
    if (!i) return false;
    if (reference) {
      // #array-access-expr on a reference: a reference to the element, in bounds only.
      MemoryView* v = std::get_if<MemoryView>(&out.data);
      if (!v || v->invalid) return false;
      const TypeNode& ct = types_[types_[out.type].element];
      if (ct.kind == TypeKind::Array && ct.arrayCount != ArrayCount::Fixed) return false;
      uint64_t count = ct.kind == TypeKind::Array ? ct.count : ct.size;
      if (*i < 0 || static_cast<uint64_t>(*i) >= count) return false;
      v->path.push_back(static_cast<uint32_t>(*i));
      out.type = result;
    } else {
      if (!out.isComposite() || *i < 0 || static_cast<uint64_t>(*i) >= out.components().size())
        return false;
      RValue c = std::move(out.components()[*i]);
      c.type = result;
      out = std::move(c);
    }
    ++f.steps;
    f.rule = RuleId::ArrayAccessExpr;
    return true;
  }
  if (const auto* m = std::get_if<MemberExpression>(&x.node)) {
    ++f.steps;
    Type result = typeOf(e);
    bool reference = types_.kind(result) == TypeKind::Reference;
    if (reference) {
      if (!fusedEval(inv, m->base.value, out, f)) return false;
      MemoryView* v = std::get_if<MemoryView>(&out.data);
      if (!v) return false;
      Type composite = types_[out.type].element;
      std::vector<uint32_t> idx = memberIndices(types_, composite, program_.module.name(m->member));
      v->path.push_back(idx.empty() ? 0 : idx[0]);
      out.type = result;
      f.rule = types_.kind(composite) == TypeKind::Struct ? RuleId::StructAccessExpr
                                                          : RuleId::VectorSingleComponent;
    } else {
      if (!fusedValue(inv, m->base.value, out, f) || !out.isComposite()) return false;
      std::vector<uint32_t> idx = memberIndices(types_, out.type, program_.module.name(m->member));
      bool isStruct = types_.kind(out.type) == TypeKind::Struct;
      if (idx.empty()) return false;
      if (isStruct || idx.size() == 1) {
        RValue c = std::move(out.components()[idx[0]]);
        c.type = result;
        out = std::move(c);
        f.rule = isStruct ? RuleId::StructAccessExpr : RuleId::VectorSingleComponent;
      } else {
        Components parts;
        for (uint32_t i : idx) parts.push_back(out.components()[i]);
        out = RValue{result, std::move(parts)};
        f.rule = RuleId::VectorMultiComponent;
      }
    }
    ++f.steps;
    return true;
  }
  return false;
}

bool Machine::withinBudget(const Invocation& inv, const Fused& f) const {
  // The fused steps replace this step and f.steps - 1 more: no step bound may fall among them
  // (the unfused machine would stop there, with that step's redex in its message).
  return inv.steps - 1 + f.steps <= fusionMaxSteps_;
}

std::optional<StepResult> Machine::fusedEvalTask(Invocation& inv, const Task& t) {
  Fused f;
  RValue v;
  if (!fusedEval(inv, t.node, v, f)) return std::nullopt;
  // The Load task pushValueOf put under this Eval (the reference's value is needed).
  bool load = program_.isReference[t.node] && !inv.tasks.empty() &&
              inv.tasks.back().kind == TaskKind::Load && inv.tasks.back().node == t.node;
  if (load) {
    RValue loaded;
    if (fusedLoad(inv, v, loaded)) {
      v = std::move(loaded);
      ++f.steps;
      f.rule = RuleId::LoadRule;
    } else {
      load = false;  // the Load task runs as its own step
    }
  }
  if (!withinBudget(inv, f)) return std::nullopt;
  if (load) inv.tasks.pop_back();
  inv.values.push_back(std::move(v));
  inv.steps += f.steps - 1;
  return StepResult(f.rule);
}

std::optional<StepResult> Machine::fusedStatement(Invocation& inv, const Task& t) {
  const Statement& s = stmt(t.node);
  Fused f;
  f.steps = 1;  // the Exec task
  if (const auto* a = std::get_if<AssignmentStatement>(&s.node)) {
    // #simple-assignment-section: "Evaluates e, evaluates r, then writes" (execStatement).
    if (!a->target || a->op != AssignmentOperator::Assign) return std::nullopt;
    RValue value, ref;
    if (!fusedValue(inv, a->value.value, value, f) || !fusedEval(inv, a->target.value, ref, f))
      return std::nullopt;
    ++f.steps;  // Store
    if (!withinBudget(inv, f) || !fusedStore(inv, ref, std::move(value))) return std::nullopt;
    inv.steps += f.steps - 1;
    return StepResult(RuleId::Store);
  }
  if (const auto* d = std::get_if<DeclarationStatement>(&s.node)) {
    const VariableDeclaration& decl = program_.module[d->declaration];
    if (decl.kind == DeclarationKind::Const) return std::nullopt;
    RValue value;
    if (decl.initializer && !fusedValue(inv, decl.initializer.value, value, f)) return std::nullopt;
    ++f.steps;  // LetBind or VarAllocate
    if (!withinBudget(inv, f)) return std::nullopt;
    uint32_t id = d->declaration.value;
    if (decl.kind == DeclarationKind::Let) {
      if (!decl.initializer) return std::nullopt;
      value.type = program_.checked.variables[id];
      inv.frames.back().slots[program_.variableSlot[id]] = std::move(value);
      inv.steps += f.steps - 1;
      return StepResult(RuleId::LetBind);
    }
    // #var-and-value: as VarAllocate (statementTask).
    Type ref = program_.checked.variables[id];
    Type storeType = types_[ref].element;
    if (scalarCount(types_, storeType) > kMaxScalarsPerValue) return std::nullopt;
    Allocation alloc;
    alloc.storeType = storeType;
    alloc.space = AddressSpace::Function;
    alloc.value = decl.initializer ? std::move(value) : zeroValue(types_, storeType);
    alloc.value.type = storeType;
    MemoryView view;
    view.allocation =
        makeAllocationId(Region::Function, static_cast<uint32_t>(inv.function.size()));
    inv.function.push_back(std::move(alloc));
    inv.frames.back().slots[program_.variableSlot[id]] = RValue{ref, std::move(view)};
    inv.steps += f.steps - 1;
    return StepResult(RuleId::VarAllocate);
  }
  if (const auto* i = std::get_if<IfStatement>(&s.node)) {
    // #if-statement: the condition, then the branch (statementTask IfBranch).
    RValue c;
    if (!fusedValue(inv, i->condition.value, c, f)) return std::nullopt;
    const bool* b = std::get_if<bool>(&c.data);
    if (!b) return std::nullopt;
    ++f.steps;  // IfBranch
    if (!withinBudget(inv, f)) return std::nullopt;
    inv.steps += f.steps - 1;
    if (*b) {
      inv.tasks.push_back({TaskKind::Exec, i->body.value});
      return StepResult(RuleId::IfTrue);
    }
    if (i->elseBranch) inv.tasks.push_back({TaskKind::Exec, i->elseBranch.value});
    return StepResult(RuleId::IfFalse);
  }
  return std::nullopt;
}

}  // namespace plumb::interp
