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
#include <algorithm>

#include "interpreter/wgsl/fused_code.h"
#include "interpreter/wgsl/machine.h"
#include "interpreter/wgsl/races.h"
#include "interpreter/wgsl/runtime_operations.h"

namespace plumb::interp {

using namespace plumb::ast;

namespace {

/// The concrete integer or boolean scalar held by `v` (0 or 1 for a bool), if it is one.
[[gnu::always_inline]] inline bool concrete(const RValue& v, int64_t& out) {
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

}  // namespace

bool Machine::fusedPlace(Invocation& inv, uint32_t e, RValue*& place, Fused& f) {
  // The reference fusedEval would build (same steps, same rules), resolved to the location it
  // designates (what load and store locate), without building its memory view.
  if (!program_.fusable[e] || program_.constantIndex[e] != UINT32_MAX) return false;
  const Expression& x = expr(e);
  if (std::holds_alternative<IdentifierExpression>(x.node)) {
    const Resolution& r = program_.checked.identifiers[e];
    uint32_t allocation = 0;
    const std::vector<uint32_t>* path = nullptr;
    if (r.kind == Resolution::LocalVariable) {
      const RValue& slot = frameSlots(inv)[program_.variableSlot[r.index]];
      const MemoryView* v = std::get_if<MemoryView>(&slot.data);
      if (!v || v->invalid) return false;
      allocation = v->allocation;
      path = &v->path;
    } else if (r.kind == Resolution::ModuleDeclaration) {
      allocation = program_.variableAllocation[r.index];
    } else {
      return false;
    }
    Region region = regionOf(allocation);
    if (region != Region::Function && region != Region::Private) return false;
    Allocation* a = spaces(inv).find(allocation);
    if (!a) return false;
    place = path ? locate(a->value, *path, path->size()) : &a->value;
    if (!place) return false;
    ++f.steps;
    f.rule = RuleId::VarIdentifierExpr;
    return true;
  }
  if (const auto* p = std::get_if<ParenthesizedExpression>(&x.node)) {
    ++f.steps;
    return fusedPlace(inv, p->inner.value, place, f);
  }
  if (const auto* ix = std::get_if<IndexExpression>(&x.node)) {
    // #array-access-expr, #vector-access-expr on a reference: in bounds only.
    if (types_.kind(typeOf(ix->base.value)) != TypeKind::Reference) return false;
    ++f.steps;
    RValue index;
    if (!fusedPlace(inv, ix->base.value, place, f) || !fusedValue(inv, ix->index.value, index, f))
      return false;
    const int64_t* i = std::get_if<int64_t>(&index.data);
    if (!i) return false;
    const TypeNode& ct = types_[types_[typeOf(ix->base.value)].element];
    if (ct.kind == TypeKind::Array && ct.arrayCount != ArrayCount::Fixed) return false;
    uint64_t count = ct.kind == TypeKind::Array ? ct.count : ct.size;
    if (*i < 0 || static_cast<uint64_t>(*i) >= count || !place->isComposite() ||
        static_cast<uint64_t>(*i) >= place->components().size())
      return false;
    place = &place->components()[*i];
    ++f.steps;
    f.rule = RuleId::ArrayAccessExpr;
    return true;
  }
  if (const auto* m = std::get_if<MemberExpression>(&x.node)) {
    uint32_t k = program_.memberComponent[e];
    if (k == UINT32_MAX) return false;
    ++f.steps;
    if (!fusedPlace(inv, m->base.value, place, f)) return false;
    if (!place->isComposite() || k >= place->components().size()) return false;
    place = &place->components()[k];
    ++f.steps;
    Type composite = types_[typeOf(m->base.value)].element;
    f.rule = types_.kind(composite) == TypeKind::Struct ? RuleId::StructAccessExpr
                                                        : RuleId::VectorSingleComponent;
    return true;
  }
  return false;
}

bool Machine::fusedCall(Invocation& inv, uint32_t e, RValue& out, Fused& f) {
  const auto& call = std::get<CallExpression>(expr(e).node);
  const CheckedModule& cm = program_.checked;
  auto argIds = program_.module[call.arguments];
  // Eval (evalExpression: the arguments left to right), then the call or construction.
  ++f.steps;
  boost::container::small_vector<RValue, 4> args(argIds.size());
  for (size_t i = 0; i < argIds.size(); ++i)
    if (!fusedValue(inv, argIds[i].value, args[i], f)) return false;
  Type result = typeOf(e);
  const Resolution& r = cm.identifiers[e];
  if (uint32_t ret = program_.inlineReturn[e]; ret != UINT32_MAX) {
    // #function-calls of `fn f(...) -> T { return e; }`: call-enter, block-enter, block-next,
    // return-statement, e, call-return (callOrConstruct, execStatement, statementTask).
    uint32_t d = r.index;
    const auto& fn = std::get<FunctionDeclaration>(program_.module[cm.declarations[d].global].node);
    auto params = program_.module[fn.parameters];
    // Slots by call depth, allocated once (never reallocated while a deeper call runs).
    constexpr uint32_t kMaxDepth = 64;
    if (fusedDepth_ >= kMaxDepth) return false;
    if (fusedFrames_.empty()) fusedFrames_.resize(kMaxDepth);
    std::vector<RValue>& slots = fusedFrames_[fusedDepth_];
    slots.assign(program_.frameSize[d], RValue{});
    for (size_t i = 0; i < params.size() && i < args.size(); ++i) {
      args[i].type = cm.parameters[params[i].value];
      slots[program_.parameterSlot[params[i].value]] = std::move(args[i]);
    }
    f.steps += 4;
    const std::vector<RValue>* saved = fusedSlots_;
    fusedSlots_ = &slots;
    ++fusedDepth_;
    bool ok = fusedValue(inv, ret, out, f);
    --fusedDepth_;
    fusedSlots_ = saved;
    if (!ok) return false;
    ++f.steps;
    f.rule = RuleId::CallReturn;
    return true;
  }
  // Concrete integer and boolean scalars only: then lifted() has one combination and
  // materialize() changes nothing, so the operation is applied to the values as they are.
  for (const RValue& a : args)
    if (!std::holds_alternative<int64_t>(a.data) && !std::holds_alternative<bool>(a.data))
      return false;
  if (!call.type() && r.kind == Resolution::BuiltinFunction) {
    // callBuiltin (machine_calls.cpp): a built-in evaluated as a function of its arguments.
    const Overload* o = cm.calls[e];
    std::optional<RuleId> rule = functionBuiltinRule(o->row->anchor);
    // The module's revision, as the unfused step (machine_calls.cpp): its accuracy table and
    // run-time deltas (the 2026 unpack rows take integer arguments and are fused).
    OperationResult res =
        interp::callBuiltin(types_, *o, result, std::span<const RValue>(args.data(), args.size()),
                            program_.module.revision());
    if (!rule || !res.ok() || res.alternatives.size() != 1) return false;
    out = std::move(res.alternatives[0]);
    ++f.steps;
    f.rule = *rule;
    return true;
  }
  // callOrConstruct: a type constructor or a conversion of one scalar.
  const TypeNode& rt = types_[result];
  if (args.size() == 1 && rt.kind != TypeKind::Vector && rt.kind != TypeKind::Matrix &&
      rt.kind != TypeKind::Array && rt.kind != TypeKind::Struct) {
    if (args[0].type == result) {
      out = std::move(args[0]);
      f.rule = RuleId::TypeConstructorExpr;
    } else {
      OperationResult res = convertValue(types_, args[0], result);
      if (!res.ok() || res.alternatives.size() != 1) return false;
      out = std::move(res.alternatives[0]);
      f.rule = RuleId::ConversionExpr;
    }
    ++f.steps;
    return true;
  }
  if (args.size() == 1) return false;  // a vector or matrix conversion: left to callOrConstruct
  if (scalarCount(types_, result) > kMaxScalarsPerValue) return false;
  out = composeValue(types_, result,
                     std::vector<RValue>(std::make_move_iterator(args.begin()),
                                         std::make_move_iterator(args.end())));
  ++f.steps;
  f.rule = RuleId::TypeConstructorExpr;
  return true;
}

bool Machine::fusedValue(Invocation& inv, uint32_t e, RValue& out, Fused& f) {
  if (!program_.isReference[e]) return fusedEval(inv, e, out, f);
  // pushValueOf: the reference, then the Load task of the same expression (#load-rule).
  RValue* place = nullptr;
  if (!fusedPlace(inv, e, place, f)) return false;
  out = *place;
  out.type = loadType(typeOf(e));
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
      out = frameSlots(inv)[program_.variableSlot[r.index]];
      f.rule = program_.module.variables[VariableId{r.index}].kind == DeclarationKind::Var
                   ? RuleId::VarIdentifierExpr
                   : RuleId::LetIdentifierExpr;
    } else if (r.kind == Resolution::Parameter) {
      out = frameSlots(inv)[program_.parameterSlot[r.index]];
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
  if (std::holds_alternative<CallExpression>(x.node)) return fusedCall(inv, e, out, f);
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
      bool isStruct = types_.kind(out.type) == TypeKind::Struct;
      if (uint32_t k = program_.memberComponent[e]; k != UINT32_MAX) {
        if (k >= out.components().size()) return false;
        RValue c = std::move(out.components()[k]);
        c.type = result;
        out = std::move(c);
        f.rule = isStruct ? RuleId::StructAccessExpr : RuleId::VectorSingleComponent;
      } else {
        std::vector<uint32_t> idx =
            memberIndices(types_, out.type, program_.module.name(m->member));
        if (idx.empty()) return false;
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

namespace {

/// fusedCall's built-in and conversion branches (FusedOp::Apply) on the `in.a` scalars on top
/// of `stack` as values of their types: the result replaces them. Kept out of the loop of
/// runFusedCode, whose other instructions allocate nothing.
[[gnu::noinline]] bool applyScalars(TypeTable& types, const Program& program,
                                    const FusedInstruction& in, int64_t* stack, uint32_t sp) {
  uint32_t base = sp - in.a;
  switch (in.operation) {  // fused_code.cpp: min, max, select, integer conversions
    case 1:
      stack[base] = std::min(stack[base], stack[base + 1]);
      return true;
    case 2:
      stack[base] = std::max(stack[base], stack[base + 1]);
      return true;
    case 3:
      stack[base] = stack[base + 2] ? stack[base + 1] : stack[base];
      return true;
    case 4:  // u32 -> i32, the bits reinterpreted (convertScalar)
      stack[base] = int32_t(static_cast<uint32_t>(stack[base]));
      return true;
    case 5:  // i32 -> u32
      stack[base] = static_cast<uint32_t>(stack[base]);
      return true;
    case 6:  // i32, u32 -> bool
      stack[base] = stack[base] != 0;
      return true;
    case 7:  // bool -> i32, u32: 1 or 0, as the stack holds it
      return true;
    default:
      break;
  }
  uint32_t e = static_cast<uint32_t>(in.b);
  boost::container::small_vector<RValue, 4> args(in.a);
  for (uint32_t i = 0; i < in.a; ++i) {
    Type t = program.fusedCodes.argumentTypes[in.c + i];
    args[i].type = t;
    if (types.kind(t) == TypeKind::Bool)
      args[i].data = stack[base + i] != 0;
    else
      args[i].data = stack[base + i];
  }
  Type result = program.checked.expressions[e].type;
  OperationResult res = in.flag
                            ? interp::callBuiltin(types, *program.checked.calls[e], result,
                                                  std::span<const RValue>(args.data(), args.size()))
                            : convertValue(types, args[0], result);
  if (!res.ok() || res.alternatives.size() != 1 || res.alternatives[0].type != result ||
      !concrete(res.alternatives[0], stack[base]))
    return false;
  return true;
}

}  // namespace

namespace {

/// Machine::ownLocation: as spaces(inv).find, for the regions no other invocation can access
/// (#address-spaces).
RValue* ownLocationOf(Invocation& inv, uint32_t id) {
  Region r = regionOf(id);
  std::vector<Allocation>* region = r == Region::Function  ? &inv.function
                                    : r == Region::Private ? &inv.privates
                                                           : nullptr;
  uint32_t i = indexOf(id);
  if (!region || i >= region->size() || !(*region)[i].storeType) return nullptr;
  return &(*region)[i].value;
}

}  // namespace

RValue* Machine::ownLocation(Invocation& inv, uint32_t id) {
  return ownLocationOf(inv, id);
}

namespace {

/// The location of a function-scope variable whose view `v` is (no path below it), or null.
inline RValue* functionVariable(Invocation& inv, const MemoryView& v) {
  if (v.invalid || regionOf(v.allocation) != Region::Function || !v.path.empty()) return nullptr;
  uint32_t i = indexOf(v.allocation);
  if (i >= inv.function.size() || !inv.function[i].storeType) return nullptr;
  return &inv.function[i].value;
}

/// Machine::varLocations_ as the compiled code uses it: the entries and the generation in which
/// they hold.
struct VarLocations {
  FusedVarLocation* at;
  uint64_t generation;
};

/// A `var` read's slow path (runCode): the location the view in frame slot `a` designates (as
/// PlaceSlot finds it), or null; a function-scope variable's location is kept for the next
/// reads. It returns the location rather than its scalar, so that no operand's address is
/// taken on the fast path.
[[gnu::noinline]] const RValue* resolvedVariable(Invocation& inv, std::vector<RValue>& slots,
                                                 VarLocations vars, uint32_t a) {
  const MemoryView* v = std::get_if<MemoryView>(&slots[a].data);
  if (!v || v->invalid) return nullptr;
  if (RValue* f = functionVariable(inv, *v)) {
    vars.at[a] = {f, vars.generation};
    return f;
  }
  const RValue* p = ownLocationOf(inv, v->allocation);
  if (p && !v->path.empty()) p = locate(*p, v->path, v->path.size());
  return p;
}

/// A scalar stored in `v` (an integer, or a bool when `boolValue`): in place when `v` holds
/// one of its kind already (the common store of the compiled statements).
[[gnu::always_inline]] inline void storeScalar(RValue& v, bool boolValue, int64_t x) {
  if (boolValue) {
    if (bool* b = std::get_if<bool>(&v.data))
      *b = x != 0;
    else
      v.data = x != 0;
  } else if (int64_t* i = std::get_if<int64_t>(&v.data)) {
    *i = x;
  } else {
    v.data = x;
  }
}

/// Machine::runFusedCode, inlined where it runs most (fusedStatementByCode): the call costs as
/// much as a short code's instructions (README "Performance").
/// A vector value's components go to `wide` (FusedCode::width of them; null for a scalar code).
[[gnu::always_inline]] inline bool runCode(Invocation& inv, Program& program, TypeTable& types,
                                           const FusedCode& code, int64_t& value, RValue*& place,
                                           FusedSharedAccesses& sh, VarLocations vars,
                                           int64_t* wide = nullptr, bool mayBePlace = true) {
  // Each instruction does what its fusedValue/fusedPlace/fusedEval branch does to a concrete
  // scalar (fused_code.h), and declines where that branch would, or where the value is not one.
  // A shared location (PlaceShared) also keeps its allocation and path, for the race detector.
  constexpr uint8_t kOwn = 0xFF;
  int64_t stack[kFusedStackDepth];
  RValue* places[kFusedStackDepth];
  uint8_t depth[kFusedStackDepth];  // a shared location's path length, or kOwn
  const Allocation* owner[kFusedStackDepth];
  uint32_t ids[kFusedStackDepth];
  uint32_t paths[kFusedStackDepth][kFusedSharedPath];
  uint32_t bases[kFusedStackDepth];
  uint32_t sp = 0, pp = 0, bp = 0, base = 0;
  std::vector<RValue>& slots = inv.frames.back().slots;
  // A `var` read (PlaceSlot with `flag`, FusedOperand::Variable): the scalar its view in frame
  // slot `a` designates, as PlaceSlot then Load; a function-scope variable's location resolved
  // once (Machine::varLocations_). Macros rather than lambdas, so that the stack pointer stays
  // in a register (a lambda the compiler keeps out of line takes its address).
#define PLUMB_FUSED_VARIABLE(a, x)                                        \
  {                                                                       \
    const RValue* location = vars.at[a].generation == vars.generation     \
                                 ? vars.at[a].location                    \
                                 : resolvedVariable(inv, slots, vars, a); \
    if (!location || !concrete(*location, x)) return false;               \
  }
#define PLUMB_FUSED_OPERAND(mode, a, b, x)      \
  switch (mode) {                               \
    case FusedOperand::Stack:                   \
      x = stack[--sp];                          \
      break;                                    \
    case FusedOperand::Constant:                \
      x = b;                                    \
      break;                                    \
    case FusedOperand::Slot:                    \
      if (!concrete(slots[a], x)) return false; \
      break;                                    \
    case FusedOperand::Variable:                \
      PLUMB_FUSED_VARIABLE(a, x)                \
      break;                                    \
    case FusedOperand::Parameter:               \
      x = stack[base + (a)];                    \
      break;                                    \
    default: /* the compiler's modes only */    \
      __builtin_unreachable();                  \
  }
  const FusedInstruction* in = program.fusedCodes.instructions.data() + code.begin;
  const FusedInstruction* end = program.fusedCodes.instructions.data() + code.end;
  for (; in != end; ++in) {
    switch (in->op) {
      case FusedOp::Constant:
        stack[sp++] = in->b;
        break;
      case FusedOp::Slot:
        if (!concrete(slots[in->a], stack[sp])) return false;
        ++sp;
        break;
      case FusedOp::SlotComponent: {
        const Components* c = std::get_if<Components>(&slots[in->a].data);
        if (!c || static_cast<uint64_t>(in->b) >= c->size() || !concrete((*c)[in->b], stack[sp]))
          return false;
        ++sp;
        break;
      }
      case FusedOp::Parameter:
        stack[sp] = stack[base + in->a];
        ++sp;
        break;
      case FusedOp::PlaceSlot: {
        if (in->flag) {
          // PlaceSlot and Load in one (fused_code.cpp), the common read of a variable.
          PLUMB_FUSED_VARIABLE(in->a, stack[sp])
          ++sp;
          break;
        }
        const MemoryView* v = std::get_if<MemoryView>(&slots[in->a].data);
        if (!v || v->invalid) return false;
        RValue* p = ownLocationOf(inv, v->allocation);
        if (p && !v->path.empty()) p = locate(*p, v->path, v->path.size());
        if (!p) return false;
        depth[pp] = kOwn;
        places[pp++] = p;
        break;
      }
      case FusedOp::PlaceVariable:
        if (in->a >= inv.privates.size() || !inv.privates[in->a].storeType) return false;
        depth[pp] = kOwn;
        places[pp++] = &inv.privates[in->a].value;
        break;
      case FusedOp::PlaceShared: {
        // As spaces(inv).find: the dispatch's buffers or the workgroup's variables, where the
        // machine lets compiled code access them (Machine::prepareShared).
        std::vector<Allocation>* region =
            regionOf(in->a) == Region::Workgroup ? sh.workgroup : sh.buffers;
        uint32_t i = indexOf(in->a);
        if (!region || i >= region->size() || !(*region)[i].storeType) return false;
        owner[pp] = &(*region)[i];
        ids[pp] = in->a;
        depth[pp] = 0;
        places[pp++] = &(*region)[i].value;
        break;
      }
      case FusedOp::PlaceIndex: {
        // In bounds only (b < 0: the location's own count, #array-indexed-reference).
        int64_t i = stack[--sp];
        Components* c = std::get_if<Components>(&places[pp - 1]->data);
        if (i < 0 || (in->b >= 0 && i >= in->b) || !c || static_cast<uint64_t>(i) >= c->size())
          return false;
        places[pp - 1] = &(*c)[i];
        if (depth[pp - 1] != kOwn) paths[pp - 1][depth[pp - 1]++] = static_cast<uint32_t>(i);
        break;
      }
      case FusedOp::PlaceMember: {
        Components* c = std::get_if<Components>(&places[pp - 1]->data);
        if (!c || in->a >= c->size()) return false;
        places[pp - 1] = &(*c)[in->a];
        if (depth[pp - 1] != kOwn) paths[pp - 1][depth[pp - 1]++] = in->a;
        break;
      }
      case FusedOp::Load:
        --pp;
        if (!concrete(*places[pp], stack[sp])) return false;
        ++sp;
        if (in->flag) {
          // A read access of shared memory (machine.cpp load), told to the race detector when
          // the code has succeeded (Machine::commitSharedReads).
          FusedSharedAccesses::Access& r = sh.read[sh.reads++];
          r.allocation = owner[pp];
          r.location = places[pp];
          r.id = ids[pp];
          r.site = in->c;
          r.type = Type{in->a};
          r.depth = depth[pp];
          std::copy(paths[pp], paths[pp] + depth[pp], r.path.begin());
        }
        break;
      case FusedOp::Unary: {
        auto k = static_cast<TypeKind>(in->kind);
        std::optional<int64_t> r =
            concreteUnary(k, static_cast<UnaryOperator>(in->operation), stack[sp - 1]);
        if (!r) return false;
        stack[sp - 1] = k == TypeKind::Bool ? int64_t(*r != 0) : *r;
        break;
      }
      case FusedOp::Binary: {
        std::optional<int64_t> r = concreteBinary(
            static_cast<TypeKind>(in->kind), static_cast<BinaryOperator>(in->operation),
            stack[sp - 2], stack[sp - 1], program.literalShiftRight);
        if (!r) return false;
        --sp;
        stack[sp - 1] = in->flag ? int64_t(*r != 0) : *r;
        break;
      }
      // BinaryU32 by its operator (fusedU32Op): as BinaryU32's cases below.
#define PLUMB_FUSED_U32(opcode, result)                                        \
  case FusedOp::opcode: {                                                      \
    int64_t lv = 0, rv = 0;                                                    \
    PLUMB_FUSED_OPERAND(static_cast<FusedOperand>(in->flag), in->c, in->b, rv) \
    PLUMB_FUSED_OPERAND(static_cast<FusedOperand>(in->kind), in->a, in->b, lv) \
    uint32_t x = static_cast<uint32_t>(lv), y = static_cast<uint32_t>(rv);     \
    stack[sp++] = static_cast<uint32_t>(result);                               \
    break;                                                                     \
  }
        PLUMB_FUSED_U32(AddU32, x + y)
        PLUMB_FUSED_U32(SubtractU32, x - y)
        PLUMB_FUSED_U32(MultiplyU32, x * y)
        PLUMB_FUSED_U32(AndU32, x & y)
        PLUMB_FUSED_U32(OrU32, x | y)
        PLUMB_FUSED_U32(XorU32, x ^ y)
        PLUMB_FUSED_U32(ShiftLeftU32, x << (y % 32))
        PLUMB_FUSED_U32(ShiftRightU32, x >> (y % 32))
        PLUMB_FUSED_U32(LessThanU32, x < y)
        PLUMB_FUSED_U32(GreaterThanU32, x > y)
        PLUMB_FUSED_U32(LessThanEqualU32, x <= y)
        PLUMB_FUSED_U32(GreaterThanEqualU32, x >= y)
        PLUMB_FUSED_U32(EqualU32, x == y)
        PLUMB_FUSED_U32(NotEqualU32, x != y)
#undef PLUMB_FUSED_U32
      case FusedOp::BinaryU32: {
        // concreteBinary on U32 (runtime_integer.cpp): results wrap to [0, 2^32), shift counts
        // are taken modulo 32, comparisons give 0 or 1.
        // Register operands (FusedOperand, fused_code.h): the right one first, as it is on top.
        int64_t lv = 0, rv = 0;
        PLUMB_FUSED_OPERAND(static_cast<FusedOperand>(in->flag), in->c, in->b, rv)
        PLUMB_FUSED_OPERAND(static_cast<FusedOperand>(in->kind), in->a, in->b, lv)
        uint32_t x = static_cast<uint32_t>(lv), y = static_cast<uint32_t>(rv);
        uint32_t r = 0;
        switch (static_cast<BinaryOperator>(in->operation)) {
          case BinaryOperator::Add:
            r = x + y;
            break;
          case BinaryOperator::Subtract:
            r = x - y;
            break;
          case BinaryOperator::Multiply:
            r = x * y;
            break;
          case BinaryOperator::And:
            r = x & y;
            break;
          case BinaryOperator::Or:
            r = x | y;
            break;
          case BinaryOperator::Xor:
            r = x ^ y;
            break;
          case BinaryOperator::ShiftLeft:
            r = x << (y % 32);
            break;
          case BinaryOperator::ShiftRight:
            r = x >> (y % 32);
            break;
          case BinaryOperator::LessThan:
            r = x < y;
            break;
          case BinaryOperator::GreaterThan:
            r = x > y;
            break;
          case BinaryOperator::LessThanEqual:
            r = x <= y;
            break;
          case BinaryOperator::GreaterThanEqual:
            r = x >= y;
            break;
          case BinaryOperator::Equal:
            r = x == y;
            break;
          case BinaryOperator::NotEqual:
            r = x != y;
            break;
          default:
            return false;
        }
        stack[sp++] = r;
        break;
      }
      case FusedOp::Enter:
        bases[bp++] = base;
        base = sp - in->a;
        break;
      case FusedOp::Leave: {
        int64_t r = stack[sp - 1];
        sp = base;
        stack[sp++] = r;
        base = bases[--bp];
        break;
      }
      case FusedOp::Apply:
        if (!applyScalars(types, program, *in, stack, sp)) return false;
        sp = sp - in->a + 1;  // the result replaces the arguments
        break;
      case FusedOp::LoadVector: {
        --pp;
        const Components* c = std::get_if<Components>(&places[pp]->data);
        if (!c || c->size() != in->a) return false;
        for (uint32_t i = 0; i < in->a; ++i)
          if (!concrete((*c)[i], stack[sp + i])) return false;
        sp += in->a;
        break;
      }
      case FusedOp::BinaryVector: {
        // concreteVectorOperation's kernel on each pair of components.
        sp -= in->a;
        int64_t* l = stack + sp - in->a;
        for (uint32_t i = 0; i < in->a; ++i) {
          std::optional<int64_t> r = concreteBinary(static_cast<TypeKind>(in->kind),
                                                    static_cast<BinaryOperator>(in->operation),
                                                    l[i], stack[sp + i], program.literalShiftRight);
          if (!r) return false;
          l[i] = in->flag ? int64_t(*r != 0) : *r;
        }
        break;
      }
      default:
        // Every FusedOp has its case above, and the instructions are the compiler's
        // (fused_code.cpp): no range check per dispatch (README "Performance").
        __builtin_unreachable();
    }
  }
  // A value code's places are all loaded (mayBePlace false: its caller knows it runs one).
  if (mayBePlace && pp) {
    place = places[0];
    if (depth[0] != kOwn) {
      sh.target.allocation = owner[0];
      sh.target.location = places[0];
      sh.target.id = ids[0];
      sh.target.depth = depth[0];
      std::copy(paths[0], paths[0] + depth[0], sh.target.path.begin());
    } else {
      sh.target.allocation = nullptr;
    }
  } else {
    value = stack[0];
    if (wide)
      for (uint32_t i = 1; i < code.width; ++i) wide[i] = stack[i];
  }
  return true;
#undef PLUMB_FUSED_OPERAND
#undef PLUMB_FUSED_VARIABLE
}

}  // namespace

bool Machine::runFusedCode(Invocation& inv, const FusedCode& code, int64_t& value, RValue*& place) {
  if (code.width != 1) return false;  // a vector: statements only (statementCode)
  if (code.shared) prepareShared(inv);
  if (!runCode(inv, program_, types_, code, value, place, shared_,
               VarLocations{varLocations_.data(), varGeneration_}))
    return false;
  if (code.shared) commitSharedReads(inv);
  return true;
}

void Machine::prepareShared(Invocation& inv) {
  // Compiled code accesses workgroup and storage memory only where the unfused steps' accesses
  // are what the race detector hears, one by one: not for a memory-model observer (never fused
  // anyway), not in a later round where a racy read returns a set (races.h widensReads), not
  // for a helper invocation (whose storage writes are not performed: machine.cpp store).
  shared_.reads = 0;
  bool allowed = !observer_ && !inv.helper && !(races_ && races_->widensReads());
  shared_.buffers = allowed ? &config_.buffers : nullptr;
  shared_.workgroup = allowed && inv.workgroup < config_.workgroups.size()
                          ? &config_.workgroups[inv.workgroup].variables
                          : nullptr;
}

void Machine::commitSharedReads(Invocation& inv) {
  // As load (machine.cpp) tells them: each read with its Load step's expression as its site.
  if (!races_) return;
  for (uint32_t k = 0; k < shared_.reads; ++k) {
    const FusedSharedAccesses::Access& r = shared_.read[k];
    if (!races_->tracks(*r.allocation)) continue;
    sharedPath_.assign(r.path.begin(), r.path.begin() + r.depth);
    RValue v = *r.location;
    v.type = r.type;
    races_->read(indexOfInvocation(inv), r.id, sharedPath_, v, false, AccessSite{r.site, false});
  }
}

bool Machine::withinBudget(const Invocation& inv, const Fused& f) const {
  // The fused steps replace this step and f.steps - 1 more: no step bound may fall among them
  // (the unfused machine would stop there, with that step's redex in its message).
  return inv.steps - 1 + f.steps <= fusionMaxSteps_;
}

std::optional<StepResult> Machine::fusedEvalTask(Invocation& inv, const Task& t) {
  Fused f;
  RValue v;
  // With the Load task pushValueOf put under this Eval (the reference's value is needed), or
  // the expression alone (the reference itself, or a value).
  bool load = program_.isReference[t.node] && !inv.tasks.empty() &&
              inv.tasks.back().kind == TaskKind::Load && inv.tasks.back().node == t.node;
  if (load || !program_.isReference[t.node]) {
    const std::vector<FusedCode>& codes = program_.fusedCodes.value;
    const FusedCode* c = codes.empty() || codes[t.node].state == FusedCode::NotCompiled
                             ? fusedValueCode(program_, t.node)
                         : codes[t.node].state == FusedCode::Compiled ? &codes[t.node]
                                                                      : nullptr;
    if (c && inv.steps - 1 + c->steps <= fusionMaxSteps_) {
      int64_t x = 0;
      RValue* unused = nullptr;
      if (runFusedCode(inv, *c, x, unused)) {
        if (load) inv.tasks.pop_back();
        RValue r{c->type, {}};
        if (types_.kind(c->type) == TypeKind::Bool)
          r.data = x != 0;
        else
          r.data = x;
        inv.values.push_back(std::move(r));
        inv.steps += c->steps - 1;
        return StepResult(c->rule);
      }
    }
  }
  if (!(load ? fusedValue(inv, t.node, v, f) : fusedEval(inv, t.node, v, f))) return std::nullopt;
  if (!withinBudget(inv, f)) return std::nullopt;
  if (load) inv.tasks.pop_back();
  inv.values.push_back(std::move(v));
  inv.steps += f.steps - 1;
  return StepResult(f.rule);
}

namespace {

[[gnu::noinline]] bool runCodeOutOfLine(Invocation& inv, Program& program, TypeTable& types,
                                        const FusedCode& code, int64_t& value, RValue*& place,
                                        FusedSharedAccesses& sh, VarLocations vars) {
  return runCode(inv, program, types, code, value, place, sh, vars);
}

}  // namespace

namespace {

/// A vector value's components, of the vector's component type (composeValue and
/// concreteVectorOperation give them that type), stored in `v` (statementCode): in place where
/// the location holds them. Out of the statements' loop, which stores scalars.
[[gnu::noinline]] void storeComponents(RValue& v, const FusedStatementCode& c,
                                       const int64_t* wide) {
  Components* parts = std::get_if<Components>(&v.data);
  if (!parts || parts->size() != c.width) {
    v.data = Components(c.width);
    parts = std::get_if<Components>(&v.data);
  }
  for (uint32_t i = 0; i < c.width; ++i) {
    RValue& part = (*parts)[i];
    part.type = c.componentType;
    if (c.boolValue)
      part.data = wide[i] != 0;
    else
      part.data = wide[i];
  }
}

}  // namespace

[[gnu::always_inline]] inline RuleId Machine::statementCode(Invocation& inv, uint32_t node,
                                                            const FusedStatementCode& c,
                                                            uint32_t& branch) {
  Program& program = program_;
  TypeTable& types = types_;
  FusedCodes& codes = program.fusedCodes;
  int64_t x = 0;
  int64_t wide[4];  // a vector value's components
  RValue* place = nullptr;
  const FusedCode& valueCode = codes.value[c.value];
  if (valueCode.shared) prepareShared(inv);
  if (!runCode(inv, program, types, valueCode, x, place, shared_,
               VarLocations{varLocations_.data(), varGeneration_}, wide, false))
    return RuleId::Count;
  // Nothing below declines but an assignment's left-hand side: the reads are heard of now, or
  // there, before its write.
  if (valueCode.shared && c.kind != FusedStatementCode::Assign) commitSharedReads(inv);
    // The value stored in `v`: a scalar in place (storeScalar), a vector's components out of line.
#define PLUMB_FUSED_SET(v)          \
  if (c.width > 1) {                \
    wide[0] = x;                    \
    storeComponents(v, c, wide);    \
  } else {                          \
    storeScalar(v, c.boolValue, x); \
  }
  switch (c.kind) {
    case FusedStatementCode::Assign: {
      // The common left-hand side, a function-scope `var` of a scalar: its location as the
      // code's one PlaceSlot instruction finds it, without running the code.
      place = nullptr;
      if (c.targetSlot != UINT32_MAX) {
        FusedVarLocation& known = varLocations_[c.targetSlot];
        if (known.generation == varGeneration_) {
          place = known.location;
        } else if (const MemoryView* v =
                       std::get_if<MemoryView>(&inv.frames.back().slots[c.targetSlot].data)) {
          place = functionVariable(inv, *v);
          if (place) known = {place, varGeneration_};
        }
      }
      int64_t unused = 0;
      const FusedCode& target = codes.place[c.place];
      if (!place) {
        if (target.shared && !valueCode.shared) prepareShared(inv);
        if (!runCodeOutOfLine(inv, program, types, target, unused, place, shared_,
                              VarLocations{varLocations_.data(), varGeneration_}))
          return RuleId::Count;
      }
      bool sharedWrite = target.shared && shared_.target.allocation;
      // Revision 2026's write of a vector component that may access the whole vector
      // (writeVectorSiblings) is left to the tasks.
      if (sharedWrite && program.module.revision().vectorComponentWriteMayAccessVector)
        return RuleId::Count;
      if (valueCode.shared) commitSharedReads(inv);
      if (sharedWrite) {
        // A write access of shared memory, as store (machine.cpp) tells it: the Store step's
        // site, the value before it.
        const FusedSharedAccesses::Access& w = shared_.target;
        if (races_ && races_->tracks(*w.allocation)) {
          sharedPath_.assign(w.path.begin(), w.path.begin() + w.depth);
          RValue v{valueCode.type, {}};
          PLUMB_FUSED_SET(v)
          races_->write(indexOfInvocation(inv), w.id, sharedPath_, v, *place, false,
                        AccessSite{node, true});
        }
      }
      PLUMB_FUSED_SET(*place)  // the location keeps its type (store)
      inv.steps += c.steps - 1;
      return RuleId::Store;
    }
    case FusedStatementCode::Let: {
      RValue& slot = inv.frames.back().slots[c.slot];
      slot.type = c.type;
      PLUMB_FUSED_SET(slot)
      inv.steps += c.steps - 1;
      return RuleId::LetBind;
    }
    case FusedStatementCode::Var: {
      // #var-and-value: as VarAllocate (statementTask).
      Allocation alloc;
      alloc.storeType = c.storeType;
      alloc.space = AddressSpace::Function;
      alloc.value.type = c.storeType;
      PLUMB_FUSED_SET(alloc.value)
      MemoryView view;
      view.allocation =
          makeAllocationId(Region::Function, static_cast<uint32_t>(inv.function.size()));
      const Allocation* before = inv.function.data();
      inv.function.push_back(std::move(alloc));
      inv.frames.back().slots[c.slot] = RValue{c.type, std::move(view)};
      // The variables may have moved (varLocations_); else only this slot's entry is new.
      if (inv.function.data() != before)
        forgetVarLocations();
      else
        varLocations_[c.slot].generation = 0;
      inv.steps += c.steps - 1;
      return RuleId::VarAllocate;
    }
    case FusedStatementCode::If:
      // #if-statement: the condition, then the branch (statementTask IfBranch), which the
      // caller schedules or runs.
      inv.steps += c.steps - 1;
      if (x) {
        branch = c.body;
        return RuleId::IfTrue;
      }
      branch = c.elseBranch;
      return RuleId::IfFalse;
    default:
      return RuleId::Count;
  }
#undef PLUMB_FUSED_SET
}

/// The fused runs call it for each statement of a block without building a StepResult (README
/// "Performance").
RuleId Machine::statementByCode(Invocation& inv, uint32_t node) {
  FusedCodes& codes = program_.fusedCodes;
  const FusedStatementCode& c =
      !codes.statements.empty() && codes.statements[node].kind != FusedStatementCode::NotCompiled
          ? codes.statements[node]
          : fusedStatementCode(program_, node);
  if (c.kind == FusedStatementCode::None || inv.steps - 1 + c.steps > fusionMaxSteps_)
    return RuleId::Count;
  uint32_t branch = UINT32_MAX;
  RuleId r = statementCode(inv, node, c, branch);
  // #if-statement: the branch taken is the next task (statementTask IfBranch).
  if (branch != UINT32_MAX) inv.tasks.push_back({TaskKind::Exec, branch});
  return r;
}

bool Machine::blockByCode(Invocation& inv, uint32_t node, const FusedBlockCode& b) {
  // #compound-statement-section, as fusedRun applies the block's tasks one by one (block-next,
  // the statement's Exec step and its compiled record, an `if`'s branch block, block-exit),
  // without the tasks: each step counted, no bound among them (the caller's check).
  const FusedCodes& codes = program_.fusedCodes;
  uint32_t base = static_cast<uint32_t>(inv.function.size());
  const uint32_t* list = codes.blockStatements.data() + b.begin;
  uint32_t n = b.end - b.begin;
  for (uint32_t k = 0; k < n; ++k) {
    uint32_t s = list[k];
    inv.steps += 2;  // block-next, then the statement's Exec step (within its own count)
    uint32_t branch = UINT32_MAX;
    if (statementCode(inv, s, codes.statements[s], branch) == RuleId::Count) {
      // As the block-next step leaves it: the rest of the block, the statement's Exec next.
      --inv.steps;
      inv.tasks.push_back({TaskKind::ScopeEnd, node, base});
      if (k + 1 < n) pushStatements(inv, StatementId{node}, k + 1);
      inv.tasks.push_back({TaskKind::Exec, s});
      return false;
    }
    if (branch == UINT32_MAX) continue;
    // #if-statement: the branch's block, its Exec step block-enter.
    ++inv.steps;
    size_t mark = inv.tasks.size();
    if (!blockByCode(inv, branch, codes.blocks[branch])) {
      // The rest of this block lies under the branch's continuation.
      const Task rest[2] = {{TaskKind::ScopeEnd, node, base},
                            {TaskKind::StatementsNext, node, k + 1}};
      inv.tasks.insert(inv.tasks.begin() + static_cast<std::ptrdiff_t>(mark), rest,
                       rest + (k + 1 < n ? 2 : 1));
      return false;
    }
  }
  ++inv.steps;  // block-exit: the scope's function variables dropped
  if (inv.function.size() > base) popScope(inv, base);
  return true;
}

std::optional<StepResult> Machine::fusedStatementByCode(Invocation& inv, const Task& t) {
  RuleId r = statementByCode(inv, t.node);
  if (r == RuleId::Count) return std::nullopt;
  return StepResult(r);
}

std::optional<StepResult> Machine::fusedStatement(Invocation& inv, const Task& t) {
  // The compiled form (fused_code.h) first: the same steps as the branches below, on scalars.
  if (std::optional<StepResult> r = fusedStatementByCode(inv, t)) return r;
  const Statement& s = stmt(t.node);
  Fused f;
  f.steps = 1;  // the Exec task
  if (const auto* a = std::get_if<AssignmentStatement>(&s.node)) {
    // #simple-assignment-section: "Evaluates e, evaluates r, then writes" (execStatement).
    if (!a->target || a->op != AssignmentOperator::Assign) return std::nullopt;
    RValue value;
    RValue* place = nullptr;
    // The place is found first (it fails cheaply for workgroup and storage memory); neither
    // has an effect, so the steps and the value are those of the value evaluated first.
    if (!fusedPlace(inv, a->target.value, place, f) || !fusedValue(inv, a->value.value, value, f))
      return std::nullopt;
    ++f.steps;  // Store
    if (!withinBudget(inv, f)) return std::nullopt;
    Type t = place->type;  // store (machine.cpp): the location keeps its type
    *place = std::move(value);
    place->type = t;
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
    forgetVarLocations();
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

namespace plumb::interp {

StepResult Machine::fusedRun(Invocation& inv, StepResult r) {
  // Each task below is applied exactly as `step` applies it (statementTask, fusedStatement,
  // execStatement), counted as the unfused machine counts it; the loop only saves going back
  // to the caller between them. A task it does not take stays on top for the next step.
  while (!inv.tasks.empty() && inv.steps + 1 <= fusionMaxSteps_) {
    const Task t = inv.tasks.back();
    switch (t.kind) {
      case TaskKind::StatementsNext:
        if (const auto* block = std::get_if<CompoundStatement>(&stmt(t.node).node);
            block && t.aux < program_.module[block->statements].size()) {
          // #compound-statement-section: block-next, the statement by its compiled form
          // (fusedStatementByCode), and so on through the block, as statementTask's fused
          // block-next does; a statement without code is left on top (the Exec case below:
          // fusedStatement by the syntax tree, or its ordinary step).
          auto list = program_.module[block->statements];
          inv.tasks.pop_back();
          ++inv.steps;
          lastNode_ = t.node;
          lastNodeIsStatement_ = true;
          r = RuleId::BlockNext;
          uint32_t k = t.aux;
          if (k + 1 < list.size()) pushStatements(inv, StatementId{t.node}, k + 1);
          for (;;) {
            uint32_t node = list[k].value;
            ++inv.steps;  // the Exec step, within the statement's own count
            RuleId f = statementByCode(inv, node);
            if (f == RuleId::Count) {
              --inv.steps;
              inv.tasks.push_back({TaskKind::Exec, node});
              break;
            }
            r.rule = f;  // r is block-next's result here: a Continue without a stop
            lastNode_ = node;
            const Task& top = inv.tasks.back();
            if (k + 1 >= list.size() || top.kind != TaskKind::StatementsNext ||
                top.node != t.node || top.aux != k + 1 || inv.steps + 1 > fusionMaxSteps_)
              break;
            // The next block-next step (its task changed in place, as statementTask does).
            ++inv.steps;
            ++k;
            if (k + 1 < list.size())
              inv.tasks.back().aux = k + 1;
            else
              inv.tasks.pop_back();
          }
          continue;
        }
        // Past the block's end (block-end), or a block-next whose statement is not compiled: the
        // task as statementTask applies it.
        {
          inv.tasks.pop_back();
          ++inv.steps;
          lastNode_ = t.node;
          lastNodeIsStatement_ = true;
          r = statementTask(inv, t);
          if (r.kind == StepResult::Stopped) return r;
          // block-next left a statement that did not fuse on top (statementTask): its ordinary
          // step is next (a block enters here, at the Exec case).
          if (r.rule == RuleId::BlockNext && t.kind == TaskKind::StatementsNext &&
              !std::holds_alternative<CompoundStatement>(stmt(inv.tasks.back().node).node)) {
            if (inv.steps + 1 > fusionMaxSteps_) return r;
            const Task e = inv.tasks.back();
            inv.tasks.pop_back();
            ++inv.steps;
            lastNode_ = e.node;
            return execStatement(inv, e);
          }
          break;
        }
      case TaskKind::LoopContinue: {
        // #for-statement, #loop-statement loop-continuing: the body is done; the update or the
        // continuing construct next, as statementTask applies it, without the call.
        inv.tasks.pop_back();
        ++inv.steps;
        lastNode_ = t.node;
        lastNodeIsStatement_ = true;
        const Statement& s = stmt(t.node);
        if (const auto* l = std::get_if<LoopStatement>(&s.node)) {
          if (l->continuing) inv.tasks.push_back({TaskKind::Exec, l->continuing.value});
        } else if (const auto* f = std::get_if<ForStatement>(&s.node)) {
          StatementId update = program_.module[f->header].update;
          if (update) inv.tasks.push_back({TaskKind::Exec, update.value});
        }
        r.rule = RuleId::LoopContinuing;  // r is a Continue without a stop here
        break;
      }
      case TaskKind::ScopeEnd:
      case TaskKind::LoopNext:
        // #compound-statement-section block-exit, #for-statement loop-next-iteration: as
        // statementTask applies them (the scope's function variables dropped; the next
        // iteration scheduled), without the call (README "Performance").
        inv.tasks.pop_back();
        ++inv.steps;
        lastNode_ = t.node;
        lastNodeIsStatement_ = true;
        if (inv.function.size() > t.aux)
          popScope(inv, t.aux);  // only where the scope has variables
        if (t.kind == TaskKind::LoopNext) {
          inv.tasks.push_back({TaskKind::LoopIteration, t.node, t.aux});
          r.rule = RuleId::LoopNextIteration;  // r is a Continue without a stop here
        } else {
          r.rule = RuleId::BlockExit;
        }
        break;
      case TaskKind::LoopIteration: {
        // #for-statement, #while-statement: the iteration, its condition's steps and
        // loop-condition at once when the condition has compiled code (fused_code.h).
        const Statement& s = stmt(t.node);
        ExpressionId cond;
        StatementId body, update;
        if (const auto* f = std::get_if<ForStatement>(&s.node)) {
          cond = program_.module[f->header].condition;
          update = program_.module[f->header].update;
          body = f->body;
        } else if (const auto* w = std::get_if<WhileStatement>(&s.node)) {
          cond = w->condition;
          body = w->body;
        }
        const std::vector<FusedCode>& codes = program_.fusedCodes.value;
        const FusedCode* c = !cond ? nullptr
                             : codes.empty() || codes[cond.value].state == FusedCode::NotCompiled
                                 ? fusedValueCode(program_, cond.value)
                             : codes[cond.value].state == FusedCode::Compiled ? &codes[cond.value]
                                                                              : nullptr;
        int64_t x = 0;
        RValue* unused = nullptr;
        if (c && types_.kind(c->type) == TypeKind::Bool &&
            inv.steps + 2 + c->steps <= fusionMaxSteps_ && runFusedCode(inv, *c, x, unused)) {
          // The iteration's tasks (statementTask's loop-condition: loop-next-iteration under
          // loop-continuing) where it stops before their steps; in place, loop-iteration's
          // task becomes loop-next-iteration's, and loop-continuing's is pushed only where the
          // iteration stops before it (README "Performance").
          uint32_t base = static_cast<uint32_t>(inv.function.size());
          inv.tasks.back() = {TaskKind::LoopNext, t.node, base};
          const Task continuing{TaskKind::LoopContinue, t.node, base};
          const size_t mark = inv.tasks.size();
          inv.steps += 2 + c->steps;  // loop-iteration, the condition, loop-condition
          lastNode_ = t.node;
          lastNodeIsStatement_ = true;
          if (!x) {
            inv.tasks.push_back(continuing);
            inv.tasks.push_back({TaskKind::Exec, body.value});
            r = unwind(inv, TaskKind::LoopMarker, false, nullptr);
            if (r.kind == StepResult::Stopped) return r;
            r.rule = RuleId::LoopConditionFalse;
            break;
          }
          r = RuleId::LoopConditionTrue;
          // The rest of the iteration in place, as the cases below apply its tasks (README
          // "Performance": no task per step of an iteration): the body by its compiled form
          // (blockByCode, its Exec step block-enter), loop-continuing, the update by its
          // compiled record, loop-next-iteration; each only where the tasks would take it
          // within the step bound, else its task is left on top.
          const std::vector<FusedBlockCode>& blocks = program_.fusedCodes.blocks;
          const FusedBlockCode& bc =
              !blocks.empty() && blocks[body.value].state != FusedBlockCode::NotCompiled
                  ? blocks[body.value]
                  : fusedBlockCode(program_, body.value);
          if (bc.state != FusedBlockCode::Compiled || inv.steps + bc.maxSteps > fusionMaxSteps_) {
            inv.tasks.push_back(continuing);
            inv.tasks.push_back({TaskKind::Exec, body.value});
            break;
          }
          ++inv.steps;
          lastNode_ = body.value;
          if (!blockByCode(inv, body.value, bc)) {
            // The block's continuation lies over loop-continuing's task.
            inv.tasks.insert(inv.tasks.begin() + static_cast<std::ptrdiff_t>(mark), continuing);
            r = RuleId::BlockNext;  // the Exec of a statement that declined is next
            break;
          }
          r = RuleId::BlockExit;
          if (inv.steps + 1 > fusionMaxSteps_) {
            inv.tasks.push_back(continuing);
            break;
          }
          ++inv.steps;  // loop-continuing
          lastNode_ = t.node;
          r = RuleId::LoopContinuing;
          if (update) {
            if (inv.steps + 1 > fusionMaxSteps_) {
              inv.tasks.push_back({TaskKind::Exec, update.value});
              break;
            }
            ++inv.steps;  // the update's Exec step, within its own count
            RuleId f = statementByCode(inv, update.value);
            if (f == RuleId::Count) {
              --inv.steps;
              inv.tasks.push_back({TaskKind::Exec, update.value});
              break;
            }
            r.rule = f;
            lastNode_ = update.value;
            if (inv.tasks.back().kind != TaskKind::LoopNext) break;  // an `if` left its branch
          }
          if (inv.steps + 1 > fusionMaxSteps_) break;
          ++inv.steps;  // loop-next-iteration: its task becomes the next loop-iteration's
          lastNode_ = t.node;
          if (inv.function.size() > base) popScope(inv, base);
          inv.tasks.back() = {TaskKind::LoopIteration, t.node, base};
          r.rule = RuleId::LoopNextIteration;
          break;
        }
        inv.tasks.pop_back();
        ++inv.steps;
        lastNode_ = t.node;
        lastNodeIsStatement_ = true;
        r = statementTask(inv, t);
        if (r.kind == StepResult::Stopped) return r;
        break;
      }
      case TaskKind::Exec: {
        inv.tasks.pop_back();
        ++inv.steps;
        lastNode_ = t.node;
        lastNodeIsStatement_ = true;
        if (std::holds_alternative<CompoundStatement>(stmt(t.node).node)) {
          // #compound-statement-section: the whole block by its compiled form when its longest
          // path fits within the step bound (blockByCode), else as execStatement's block-enter.
          const std::vector<FusedBlockCode>& blocks = program_.fusedCodes.blocks;
          const FusedBlockCode& b =
              !blocks.empty() && blocks[t.node].state != FusedBlockCode::NotCompiled
                  ? blocks[t.node]
                  : fusedBlockCode(program_, t.node);
          if (b.state == FusedBlockCode::Compiled &&
              inv.steps - 1 + b.maxSteps <= fusionMaxSteps_) {
            // Done: its last step was block-exit; else block-next, with the Exec of the
            // statement that declined next.
            r = blockByCode(inv, t.node, b) ? RuleId::BlockExit : RuleId::BlockNext;
            break;
          }
          inv.tasks.push_back(
              {TaskKind::ScopeEnd, t.node, static_cast<uint32_t>(inv.function.size())});
          pushStatements(inv, StatementId{t.node}, 0);
          r = RuleId::BlockEnter;
          break;
        }
        if (std::optional<StepResult> f = fusedStatement(inv, t)) {
          r = std::move(*f);
          break;
        }
        // It does not fuse: its ordinary step, the last one here.
        return execStatement(inv, t);
      }
      default:
        return r;
    }
  }
  return r;
}

}  // namespace plumb::interp
