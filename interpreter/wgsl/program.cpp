// A module prepared for execution: frame slots of local variables and parameters, and the
// allocation of each module-scope variable (#var-and-value, #address-spaces).
#include "interpreter/wgsl/creation_time_values.h"
#include "interpreter/wgsl/machine.h"

namespace plumb::interp {

namespace {

using namespace plumb::ast;

/// Gives every `var`/`let` declared in a function body its own slot (a slot per declaration:
/// a declaration inside a loop reuses its slot on each iteration, when the old value is dead).
void assignSlots(const Module& m, StatementId s, std::vector<uint32_t>& slotOf, uint32_t& next) {
  if (!s) return;
  const Statement& st = m[s];
  std::visit(
      [&](const auto& n) {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, CompoundStatement>) {
          for (StatementId c : m[n.statements]) assignSlots(m, c, slotOf, next);
        } else if constexpr (std::is_same_v<N, IfStatement>) {
          assignSlots(m, n.body, slotOf, next);
          assignSlots(m, n.elseBranch, slotOf, next);
        } else if constexpr (std::is_same_v<N, SwitchStatement>) {
          for (ClauseId c : m[n.clauses]) assignSlots(m, m[c].body, slotOf, next);
        } else if constexpr (std::is_same_v<N, LoopStatement>) {
          for (StatementId c : m[n.statements]) assignSlots(m, c, slotOf, next);
          assignSlots(m, n.continuing, slotOf, next);
        } else if constexpr (std::is_same_v<N, ContinuingStatement>) {
          for (StatementId c : m[n.statements]) assignSlots(m, c, slotOf, next);
        } else if constexpr (std::is_same_v<N, ForStatement>) {
          const ForHeader& h = m[n.header];
          assignSlots(m, h.initializer, slotOf, next);
          assignSlots(m, h.update, slotOf, next);
          assignSlots(m, n.body, slotOf, next);
        } else if constexpr (std::is_same_v<N, WhileStatement>) {
          assignSlots(m, n.body, slotOf, next);
        } else if constexpr (std::is_same_v<N, DeclarationStatement>) {
          slotOf[n.declaration.value] = next++;
        }
      },
      st.node);
}

/// The built-ins the machine evaluates itself (they touch memory or synchronize: machineBuiltin,
/// machine_calls.cpp); the others are functions of their arguments.
bool touchesMemory(std::string_view name) {
  return name == "workgroupBarrier" || name == "storageBarrier" || name == "arrayLength" ||
         name.starts_with("buffer") || name.starts_with("atomic") || name.starts_with("texture");
}

/// Program::fusable: the expression forms Machine::fusedEval evaluates (machine_fusion.cpp),
/// with operands of those forms only. `state`: 0 unknown, 1 being computed, 2 no, 3 yes.
/// A call of a user function is fusable when the function's body is `{ return e; }` with `e`
/// fusable (`inlineReturn` gets `e`).
bool fusableForm(const Module& m, const CheckedModule& c,
                 const std::vector<uint32_t>& constantIndex, const std::vector<RValue>& constants,
                 uint32_t e, std::vector<uint8_t>& state, std::vector<uint32_t>& inlineReturn) {
  if (state[e] >= 2) return state[e] == 3;
  if (state[e] == 1) return false;
  state[e] = 1;
  bool ok = false;
  if (constantIndex[e] != UINT32_MAX) {
    ok = true;
  } else {
    auto sub = [&](ExpressionId x) {
      return x && fusableForm(m, c, constantIndex, constants, x.value, state, inlineReturn);
    };
    // Machine::fusedEval applies operators, built-ins and conversions to concrete integer and
    // boolean scalars only (it declines anything else): an operand whose type (its value's,
    // after the Load Rule) is not i32, u32 or bool can never be fused, so neither can its user.
    auto integerOrBool = [&](ExpressionId x) {
      Type t = constantIndex[x.value] != UINT32_MAX ? constants[constantIndex[x.value]].type
                                                    : c.expressions[x.value].type;
      if (t && c.types.kind(t) == TypeKind::Reference) t = c.types[t].element;
      if (!t) return false;
      TypeKind k = c.types.kind(t);
      return k == TypeKind::I32 || k == TypeKind::U32 || k == TypeKind::Bool;
    };
    const Expression& x = m.expressions[ExpressionId{e}];
    if (std::holds_alternative<IdentifierExpression>(x.node)) {
      const Resolution& r = c.identifiers[e];
      ok = r.kind == Resolution::LocalVariable || r.kind == Resolution::Parameter ||
           (r.kind == Resolution::ModuleDeclaration &&
            c.declarations[r.index].kind == ModuleDeclaration::Variable);
    } else if (const auto* p = std::get_if<ParenthesizedExpression>(&x.node)) {
      ok = sub(p->inner);
    } else if (const auto* u = std::get_if<UnaryExpression>(&x.node)) {
      ok = u->op != UnaryOperator::AddressOf && u->op != UnaryOperator::Indirection &&
           integerOrBool(u->operand) && sub(u->operand);
    } else if (const auto* b = std::get_if<BinaryExpression>(&x.node)) {
      ok = b->op() != BinaryOperator::ShortCircuitAnd &&
           b->op() != BinaryOperator::ShortCircuitOr && integerOrBool(b->left()) &&
           integerOrBool(b->right) && sub(b->left()) && sub(b->right);
    } else if (const auto* i = std::get_if<IndexExpression>(&x.node)) {
      ok = sub(i->base) && sub(i->index);
    } else if (const auto* me = std::get_if<MemberExpression>(&x.node)) {
      ok = sub(me->base);
    } else if (const auto* call = std::get_if<CallExpression>(&x.node)) {
      auto args = m[call->arguments];
      ok = !args.empty();
      for (ExpressionId a : args) ok = ok && sub(a);
      const Resolution& r = c.identifiers[e];
      bool user = !call->type() && r.kind == Resolution::ModuleDeclaration &&
                  c.declarations[r.index].kind == ModuleDeclaration::Function;
      if (!user)  // fusedCall: a built-in, constructor or conversion of concrete scalars only
        for (ExpressionId a : args) ok = ok && integerOrBool(a);
      if (ok && !call->type() && r.kind == Resolution::BuiltinFunction) {
        const Overload* o = c.calls[e];
        ok = o && !touchesMemory(o->row->name) && functionBuiltinRule(o->row->anchor);
      } else if (ok && !call->type() && r.kind == Resolution::ModuleDeclaration &&
                 c.declarations[r.index].kind == ModuleDeclaration::Function) {
        const auto& f = std::get<FunctionDeclaration>(m[c.declarations[r.index].global].node);
        const auto* body = std::get_if<CompoundStatement>(&m[f.body].node);
        auto list = body ? m[body->statements] : std::span<const StatementId>{};
        const auto* ret =
            list.size() == 1 ? std::get_if<ReturnStatement>(&m[list[0]].node) : nullptr;
        ok = ret && ret->value && sub(ret->value);
        if (ok) inlineReturn[e] = ret->value.value;
      }
    }
  }
  state[e] = ok ? 3 : 2;
  return ok;
}

}  // namespace

Program::Program(const ast::Module& m, CheckedModule& c)
    : module(m),
      checked(c),
      variableSlot(m.variables.size(), UINT32_MAX),
      parameterSlot(m.parameters.size(), UINT32_MAX),
      frameSize(c.declarations.size(), 0),
      variableAllocation(c.declarations.size(), UINT32_MAX) {
  // Revision delta 4.2: the seed's discard terminates; 2026 demotes (machine.h).
  discardDemotesToHelper = m.revision().discardDemotesToHelper;
  for (const Overload* o : c.calls)
    callsArrayLength = callsArrayLength || (o && o->row && o->row->name == "arrayLength");
  // Creation-time values, converted once (#creation-time-expr): the checker's values, with
  // every f32/f16 value widened to the set #floating-point-accuracy allows
  // (creation_time_values.h); the machine never recomputes them.
  CreationTimeValues sets(m, c);
  constantIndex.assign(c.expressions.size(), UINT32_MAX);
  isReference.assign(c.expressions.size(), 0);
  for (uint32_t e = 0; e < c.expressions.size(); ++e)
    isReference[e] = c.expressions[e].type && c.types.kind(c.expressions[e].type) == TypeKind::Reference;
  for (uint32_t e = 0; e < c.expressions.size(); ++e) {
    const ExpressionInfo& info = c.expressions[e];
    if (info.stage == EvaluationStage::Runtime || !info.value) continue;
    // Expressions that expose the bits of a floating-point value (bitcast, pack*) are left to
    // the machine's rules: "implementations may ignore the sign of a zero"
    // (#floating-point-evaluation), so `bitcast<u32>(-0.0f)` may be 0 or 0x80000000 on a device
    // even when a compiler folds it (docs/ambiguities.md M8).
    const Expression& x = m.expressions[ExpressionId{e}];
    if (std::holds_alternative<BitcastExpression>(x.node)) continue;
    if (const Overload* o = c.calls[e]; o && o->row->name.starts_with("pack")) continue;
    std::optional<RValue> v = sets.valueOf(ExpressionId{e});
    if (!v) continue;
    constantIndex[e] = static_cast<uint32_t>(constants.size());
    constants.push_back(std::move(*v));
  }
  // Fused steps (machine_fusion.cpp): which expressions may be evaluated within one step.
  {
    std::vector<uint8_t> state(c.expressions.size(), 0);
    fusable.assign(c.expressions.size(), 0);
    inlineReturn.assign(c.expressions.size(), UINT32_MAX);
    memberComponent.assign(c.expressions.size(), UINT32_MAX);
    for (uint32_t e = 0; e < c.expressions.size(); ++e) {
      fusable[e] = c.expressions[e].type &&
                   fusableForm(m, c, constantIndex, constants, e, state, inlineReturn);
      // The component a member expression selects, when it is one (a structure member or a
      // one-letter swizzle), found once rather than by name at each evaluation.
      if (const auto* me = std::get_if<MemberExpression>(&m.expressions[ExpressionId{e}].node)) {
        Type base = c.expressions[me->base.value].type;
        if (!base) continue;
        if (c.types.kind(base) == TypeKind::Reference) base = c.types[base].element;
        std::vector<uint32_t> idx = memberIndices(c.types, base, m.name(me->member));
        if (idx.size() == 1) memberComponent[e] = idx[0];
      }
    }
  }
  uint32_t buffers = 0;
  for (uint32_t d = 0; d < c.declarations.size(); ++d) {
    const ModuleDeclaration& decl = c.declarations[d];
    if (decl.kind == ModuleDeclaration::Function) {
      const auto& f = std::get<FunctionDeclaration>(m[decl.global].node);
      uint32_t next = 0;
      for (ParameterId p : m[f.parameters]) parameterSlot[p.value] = next++;
      assignSlots(m, f.body, variableSlot, next);
      frameSize[d] = next;
    } else if (decl.kind == ModuleDeclaration::Variable) {
      const TypeNode& ref = c.types[decl.type];
      switch (ref.space) {
        case ast::AddressSpace::Workgroup:
          variableAllocation[d] = makeAllocationId(Region::Workgroup, size(workgroupVariables));
          workgroupVariables.push_back(d);
          break;
        case ast::AddressSpace::Private:
          variableAllocation[d] = makeAllocationId(Region::Private, size(privateVariables));
          privateVariables.push_back(d);
          break;
        default:  // uniform, storage, handle: bound by the dispatch
          variableAllocation[d] = makeAllocationId(Region::Buffer, buffers++);
          break;
      }
    }
  }
}

}  // namespace plumb::interp
