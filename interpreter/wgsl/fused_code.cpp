// The compiler of the compact resolved form (fused_code.h). Each emit function mirrors one of
// Machine::fusedValue, fusedPlace, fusedEval and fusedCall (machine_fusion.cpp) branch by branch,
// counting the same steps and naming the same last rule; it gives up (no code) where the
// value is not an i32, u32 or bool scalar or where those functions would always decline.
#include "interpreter/wgsl/fused_code.h"

#include <algorithm>

#include "interpreter/wgsl/machine.h"
#include "interpreter/wgsl/runtime_operations.h"

namespace plumb::interp {

using namespace plumb::ast;

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

FusedOp fusedU32Op(BinaryOperator op) {
  switch (op) {
    case BinaryOperator::Add:
      return FusedOp::AddU32;
    case BinaryOperator::Subtract:
      return FusedOp::SubtractU32;
    case BinaryOperator::Multiply:
      return FusedOp::MultiplyU32;
    case BinaryOperator::And:
      return FusedOp::AndU32;
    case BinaryOperator::Or:
      return FusedOp::OrU32;
    case BinaryOperator::Xor:
      return FusedOp::XorU32;
    case BinaryOperator::ShiftLeft:
      return FusedOp::ShiftLeftU32;
    case BinaryOperator::ShiftRight:
      return FusedOp::ShiftRightU32;
    case BinaryOperator::LessThan:
      return FusedOp::LessThanU32;
    case BinaryOperator::GreaterThan:
      return FusedOp::GreaterThanU32;
    case BinaryOperator::LessThanEqual:
      return FusedOp::LessThanEqualU32;
    case BinaryOperator::GreaterThanEqual:
      return FusedOp::GreaterThanEqualU32;
    case BinaryOperator::Equal:
      return FusedOp::EqualU32;
    case BinaryOperator::NotEqual:
      return FusedOp::NotEqualU32;
    default:
      return FusedOp::BinaryU32;
  }
}

namespace {

bool isIntegerOrBool(const TypeTable& types, Type t) {
  if (!t) return false;
  TypeKind k = types.kind(t);
  return k == TypeKind::I32 || k == TypeKind::U32 || k == TypeKind::Bool;
}

/// The scalars a code holds for a value of type `t`: 1 for an i32, u32 or bool, a vector's
/// components for a vector of them, 0 for anything else (no code).
uint32_t codeWidthOf(const TypeTable& types, Type t) {
  if (isIntegerOrBool(types, t)) return 1;
  if (!t || types.kind(t) != TypeKind::Vector) return 0;
  const TypeNode& n = types[t];
  return isIntegerOrBool(types, n.element) && n.size >= 2 && n.size <= 4 ? n.size : 0;
}

class Compiler {
 public:
  Compiler(Program& p) : p_(p), cm_(p.checked), types_(p.checked.types) {}

  bool value(uint32_t e, Type& type) {
    if (!p_.isReference[e]) return eval(e, type);
    // fusedValue: the place, then the Load task (#load-rule).
    if (!place(e)) return false;
    type = loadType(typeOf(e));
    uint32_t width = codeWidthOf(types_, type);
    if (width == 0) return false;
    --places_;
    if (!push(width)) return false;
    bool sharedPlace = placeDepth_.back() != kOwn;
    placeDepth_.pop_back();
    if (width > 1) {
      // A vector of the invocation's own memory (workgroup and storage vectors: the tasks).
      if (sharedPlace) return false;
      emit({FusedOp::LoadVector, 0, 0, 0, width});
    } else if (sharedPlace) {
      // A read access of workgroup or storage memory (#memory-model): the race detector hears
      // of it as the unfused Load step of `e` reports it (machine.cpp load).
      if (++sharedReads > kFusedSharedReads) return false;
      emit({FusedOp::Load, 0, 0, 1, type.id, e});
    } else if (out.back().op == FusedOp::PlaceSlot) {
      out.back().flag = 1;  // a `var` read: PlaceSlot and Load in one instruction
    } else {
      emit({FusedOp::Load});
    }
    ++steps;
    rule = RuleId::LoadRule;
    return true;
  }

  bool place(uint32_t e) {
    if (!p_.fusable[e] || p_.constantIndex[e] != UINT32_MAX) return false;
    const Expression& x = p_.module.expressions[ExpressionId{e}];
    if (std::holds_alternative<IdentifierExpression>(x.node)) {
      const Resolution& r = cm_.identifiers[e];
      if (r.kind == Resolution::LocalVariable && inlined_ == 0) {
        emit({FusedOp::PlaceSlot, 0, 0, 0, p_.variableSlot[r.index]});
        placeDepth_.push_back(kOwn);
      } else if (r.kind == Resolution::ModuleDeclaration) {
        // fusedPlace takes the invocation's own memory only (private variables); the code
        // takes workgroup and storage memory too, its accesses told to the race detector.
        uint32_t allocation = p_.variableAllocation[r.index];
        if (allocation == UINT32_MAX) return false;
        ast::AddressSpace space = types_[typeOf(e)].space;
        if (regionOf(allocation) == Region::Private) {
          emit({FusedOp::PlaceVariable, 0, 0, 0, indexOf(allocation)});
          placeDepth_.push_back(kOwn);
        } else if (space == ast::AddressSpace::Workgroup || space == ast::AddressSpace::Storage) {
          emit({FusedOp::PlaceShared, 0, 0, 0, allocation});
          placeDepth_.push_back(0);
          shared = true;
        } else {
          return false;
        }
      } else {
        return false;
      }
      if (!pushPlace()) return false;
      ++steps;
      rule = RuleId::VarIdentifierExpr;
      return true;
    }
    if (const auto* par = std::get_if<ParenthesizedExpression>(&x.node)) {
      ++steps;
      return place(par->inner.value);
    }
    if (const auto* ix = std::get_if<IndexExpression>(&x.node)) {
      if (types_.kind(typeOf(ix->base.value)) != TypeKind::Reference) return false;
      ++steps;
      Type indexType;
      if (!place(ix->base.value) || !value(ix->index.value, indexType)) return false;
      if (codeWidthOf(types_, indexType) != 1 || types_.kind(indexType) == TypeKind::Bool)
        return false;
      const TypeNode& ct = types_[types_[typeOf(ix->base.value)].element];
      FusedInstruction in{FusedOp::PlaceIndex};
      if (ct.kind == TypeKind::Array && ct.arrayCount != ArrayCount::Fixed) {
        // #array-indexed-reference: as many elements as the bound buffer's or the override-sized
        // workgroup variable's (machine.cpp IndexReference), shared memory only.
        if (placeDepth_.back() == kOwn) return false;
        in.b = -1;
      } else {
        in.b = static_cast<int64_t>(ct.kind == TypeKind::Array ? ct.count : ct.size);
      }
      if (!extendPath()) return false;
      emit(in);
      --scalars_;
      ++steps;
      rule = RuleId::ArrayAccessExpr;
      return true;
    }
    if (const auto* m = std::get_if<MemberExpression>(&x.node)) {
      uint32_t k = p_.memberComponent[e];
      if (k == UINT32_MAX) return false;
      ++steps;
      if (!place(m->base.value) || !extendPath()) return false;
      emit({FusedOp::PlaceMember, 0, 0, 0, k});
      ++steps;
      Type composite = types_[typeOf(m->base.value)].element;
      rule = types_.kind(composite) == TypeKind::Struct ? RuleId::StructAccessExpr
                                                        : RuleId::VectorSingleComponent;
      return true;
    }
    return false;
  }

  bool eval(uint32_t e, Type& type) {
    // A binary operator on vectors is no fused step (Program::fusable: scalars only) but has
    // code: the operator component-wise, as Machine::concreteVectorOperation applies it.
    if (!p_.fusable[e] && !vectorOperator(e)) return false;
    if (uint32_t k = p_.constantIndex[e]; k != UINT32_MAX) {
      const RValue& c = p_.constants[k];
      type = c.type;
      uint32_t width = codeWidthOf(types_, type);
      if (width == 0 || !push(width)) return false;
      // A vector: one Constant per component.
      const Components* parts = width > 1 ? std::get_if<Components>(&c.data) : nullptr;
      if (width > 1 && (!parts || parts->size() != width)) return false;
      for (uint32_t i = 0; i < width; ++i) {
        const RValue& x = parts ? (*parts)[i] : c;
        FusedInstruction in{FusedOp::Constant};
        if (const int64_t* v = std::get_if<int64_t>(&x.data))
          in.b = *v;
        else if (const bool* b = std::get_if<bool>(&x.data))
          in.b = *b;
        else
          return false;
        emit(in);
      }
      ++steps;
      rule = RuleId::CreationTimeValue;
      return true;
    }
    const Expression& x = p_.module.expressions[ExpressionId{e}];
    if (std::holds_alternative<IdentifierExpression>(x.node)) {
      const Resolution& r = cm_.identifiers[e];
      if (r.kind == Resolution::LocalVariable) {
        // A `let` (a `var` identifier is a reference: its value is a place's).
        if (inlined_ || p_.module.variables[VariableId{r.index}].kind == DeclarationKind::Var)
          return false;
        type = cm_.variables[r.index];
        emit({FusedOp::Slot, 0, 0, 0, p_.variableSlot[r.index]});
        rule = RuleId::LetIdentifierExpr;
      } else if (r.kind == Resolution::Parameter) {
        type = cm_.parameters[r.index];
        emit({inlined_ ? FusedOp::Parameter : FusedOp::Slot, 0, 0, 0, p_.parameterSlot[r.index]});
        rule = RuleId::FormalParameterExpr;
      } else {
        return false;
      }
      if (!isIntegerOrBool(types_, type) || !push()) return false;
      ++steps;
      return true;
    }
    if (const auto* par = std::get_if<ParenthesizedExpression>(&x.node)) {
      ++steps;
      return eval(par->inner.value, type);
    }
    if (const auto* u = std::get_if<UnaryExpression>(&x.node)) {
      ++steps;
      if (!value(u->operand.value, type) || codeWidthOf(types_, type) != 1) return false;
      TypeKind k = types_.kind(type);
      // The kernel's cases (concreteUnary); the others decline in fusedEval too.
      bool kernel = k == TypeKind::Bool
                        ? u->op == UnaryOperator::LogicalNot
                        : u->op == UnaryOperator::Negation || u->op == UnaryOperator::Complement;
      if (!kernel) return false;
      emit({FusedOp::Unary, static_cast<uint8_t>(k), static_cast<uint8_t>(u->op)});
      ++steps;
      rule = u->op == UnaryOperator::LogicalNot   ? RuleId::LogicalExpr
             : u->op == UnaryOperator::Complement ? RuleId::BitExpr
                                                  : RuleId::ArithmeticExpr;
      return true;
    }
    if (const auto* b = std::get_if<BinaryExpression>(&x.node)) {
      ++steps;
      Type right;
      size_t leftBegin = out.size();
      if (!value(b->left().value, type)) return false;
      size_t rightBegin = out.size();
      if (!value(b->right.value, right)) return false;
      BinaryOperator op = b->op();
      uint32_t width = codeWidthOf(types_, type);
      if (width != 1 || codeWidthOf(types_, right) != 1) {
        // #arithmetic-expr, #bit-expr, #comparison-expr on two vectors of the same size
        // (concreteVectorOperation: a vector and a scalar are left to the tasks).
        if (width < 2 || codeWidthOf(types_, right) != width) return false;
        TypeKind k = types_.kind(types_[type].element);
        bool shift = op == BinaryOperator::ShiftLeft || op == BinaryOperator::ShiftRight;
        if (types_.kind(types_[right].element) != k && !shift) return false;
        Type result = loadType(typeOf(e));
        if (codeWidthOf(types_, result) != width) return false;
        bool boolResult = types_.kind(types_[result].element) == TypeKind::Bool;
        emit({FusedOp::BinaryVector, static_cast<uint8_t>(k), static_cast<uint8_t>(op),
              static_cast<uint8_t>(boolResult), width});
        scalars_ -= width;
        type = result;
        ++steps;
        rule = binaryRule(op);
        return true;
      }
      TypeKind k = types_.kind(type);
      if (types_.kind(right) != k && op != BinaryOperator::ShiftLeft &&
          op != BinaryOperator::ShiftRight)
        return false;
      Type result = loadType(typeOf(e));
      if (!isIntegerOrBool(types_, result)) return false;
      // The kernel chosen at load time: u32 operators that never decline as the machine's own
      // arithmetic; the others (i32, bool, division) by concreteBinary.
      bool u32 = k == TypeKind::U32 && types_.kind(right) == TypeKind::U32 &&
                 op != BinaryOperator::Divide && op != BinaryOperator::Modulo;
      FusedInstruction in{u32 ? fusedU32Op(op) : FusedOp::Binary, static_cast<uint8_t>(k),
                          static_cast<uint8_t>(op),
                          static_cast<uint8_t>(types_.kind(result) == TypeKind::Bool)};
      if (u32) {
        // Register operands (FusedOperand): a leaf operand's instruction becomes the
        // operator's own (one instruction each fewer to run, its steps counted all the same).
        in.kind = in.flag = static_cast<uint8_t>(FusedOperand::Stack);
        FusedOperand l = FusedOperand::Stack, r = FusedOperand::Stack;
        if (out.size() == rightBegin + 1) r = leaf(out.back(), in.c, in.b);
        if (rightBegin == leftBegin + 1) {
          int64_t constant = 0;
          l = leaf(out[leftBegin], in.a, constant);
          if (l == FusedOperand::Constant) {
            if (r == FusedOperand::Constant)
              l = FusedOperand::Stack;  // one `b`: the left one stays an instruction
            else
              in.b = constant;
          }
        }
        if (r != FusedOperand::Stack) {
          out.pop_back();
          --scalars_;
        }
        if (l != FusedOperand::Stack) {
          out.erase(out.begin() + static_cast<std::ptrdiff_t>(leftBegin));
          --scalars_;
        }
        in.kind = static_cast<uint8_t>(l);
        in.flag = static_cast<uint8_t>(r);
        // Both on the stack: two popped, one pushed; one leaf: one replaced; two: one pushed.
        if (l == FusedOperand::Stack && r == FusedOperand::Stack) --scalars_;
        if (l != FusedOperand::Stack && r != FusedOperand::Stack && !push()) return false;
      } else {
        --scalars_;
      }
      emit(in);
      type = result;
      ++steps;
      rule = binaryRule(op);
      return true;
    }
    if (const auto* m = std::get_if<MemberExpression>(&x.node)) {
      // A component of a composite `let` or parameter (`gid.x`): fusedEval's value branch.
      uint32_t k = p_.memberComponent[e];
      Type result = typeOf(e);
      if (k == UINT32_MAX || inlined_ || types_.kind(result) == TypeKind::Reference ||
          !isIntegerOrBool(types_, result))
        return false;
      const Expression& base = p_.module.expressions[m->base];
      if (!std::holds_alternative<IdentifierExpression>(base.node) ||
          p_.isReference[m->base.value] || !p_.fusable[m->base.value] ||
          p_.constantIndex[m->base.value] != UINT32_MAX)
        return false;
      const Resolution& r = cm_.identifiers[m->base.value];
      Type baseType;
      uint32_t slot = 0;
      if (r.kind == Resolution::LocalVariable &&
          p_.module.variables[VariableId{r.index}].kind != DeclarationKind::Var) {
        baseType = cm_.variables[r.index];
        slot = p_.variableSlot[r.index];
      } else if (r.kind == Resolution::Parameter) {
        baseType = cm_.parameters[r.index];
        slot = p_.parameterSlot[r.index];
      } else {
        return false;
      }
      if (!push()) return false;
      FusedInstruction in{FusedOp::SlotComponent, 0, 0, 0, slot};
      in.b = k;
      emit(in);
      steps += 3;  // the member's Eval, the identifier, the component
      rule = types_.kind(baseType) == TypeKind::Struct ? RuleId::StructAccessExpr
                                                       : RuleId::VectorSingleComponent;
      type = result;
      return true;
    }
    if (std::holds_alternative<CallExpression>(x.node)) return call(e, type);
    return false;
  }

  bool call(uint32_t e, Type& type) {
    const auto& c = std::get<CallExpression>(p_.module.expressions[ExpressionId{e}].node);
    auto argIds = p_.module[c.arguments];
    ++steps;  // the call's Eval
    std::vector<Type> argTypes(argIds.size());
    for (size_t i = 0; i < argIds.size(); ++i)
      if (!value(argIds[i].value, argTypes[i]) || codeWidthOf(types_, argTypes[i]) != 1)
        return false;
    Type result = typeOf(e);
    const Resolution& r = cm_.identifiers[e];
    if (c.type() && codeWidthOf(types_, result) > 1) {
      // #vector-constructor of one scalar per component (fusedCall's composeValue): the
      // arguments on the stack are the vector's components.
      if (argIds.size() != codeWidthOf(types_, result)) return false;
      for (Type t : argTypes)
        if (t != types_[result].element) return false;
      type = result;
      ++steps;
      rule = RuleId::TypeConstructorExpr;
      return true;
    }
    if (uint32_t ret = p_.inlineReturn[e]; ret != UINT32_MAX) {
      // fusedCall's inlined `{ return e; }`: call-enter, block-enter, block-next,
      // return-statement, e, call-return.
      emit({FusedOp::Enter, 0, 0, 0, static_cast<uint32_t>(argIds.size())});
      steps += 4;
      ++inlined_;
      bool ok = value(ret, type);
      --inlined_;
      if (!ok || codeWidthOf(types_, type) != 1) return false;
      emit({FusedOp::Leave, 0, 0, 0, static_cast<uint32_t>(argIds.size())});
      scalars_ -= static_cast<uint32_t>(argIds.size());
      ++steps;
      rule = RuleId::CallReturn;
      return true;
    }
    if (!isIntegerOrBool(types_, result)) return false;
    FusedInstruction in{FusedOp::Apply, 0, 0, 0, static_cast<uint32_t>(argIds.size())};
    in.b = e;
    in.c = static_cast<uint32_t>(codes().argumentTypes.size());
    if (!c.type() && r.kind == Resolution::BuiltinFunction) {
      const Overload* o = cm_.calls[e];
      std::optional<RuleId> builtin = o ? functionBuiltinRule(o->row->anchor) : std::nullopt;
      if (!builtin) return false;
      rule = *builtin;
      in.flag = 1;
      // Built-ins whose value on concrete integers is the value itself chosen by a comparison
      // (#integer-builtin-functions min, max; #logical-builtin-functions select): `operation`
      // names the kernel applyScalars takes without building values (machine_fusion.cpp).
      TypeKind rk = types_.kind(result);
      std::string_view name = o->row->name;
      if ((name == "min" || name == "max") && argIds.size() == 2 &&
          (rk == TypeKind::I32 || rk == TypeKind::U32) && argTypes[0] == result &&
          argTypes[1] == result)
        in.operation = name == "min" ? 1 : 2;
      else if (name == "select" && argIds.size() == 3 && argTypes[0] == result &&
               argTypes[1] == result && types_.kind(argTypes[2]) == TypeKind::Bool)
        in.operation = 3;
    } else {
      // A type constructor or conversion of one scalar (fusedCall's last branches).
      if (argIds.size() != 1) return false;
      if (argTypes[0] == result) {
        // T(e) of a T: the value as it is.
        type = result;
        ++steps;
        rule = RuleId::TypeConstructorExpr;
        return true;
      }
      rule = RuleId::ConversionExpr;
      // Conversions between the integer and boolean scalars (#conversion-expr, convertScalar:
      // i32 <-> u32 reinterpret the bits, to bool "false if e is 0", from bool 1 or 0): kernels
      // applyScalars takes without building values (machine_fusion.cpp).
      TypeKind from = types_.kind(argTypes[0]), to = types_.kind(result);
      if (from != to) {
        if (to == TypeKind::Bool)
          in.operation = 6;
        else if (from == TypeKind::Bool)
          in.operation = 7;
        else
          in.operation = to == TypeKind::I32 ? 4 : 5;
      }
    }
    codes().argumentTypes.insert(codes().argumentTypes.end(), argTypes.begin(), argTypes.end());
    emit(in);
    scalars_ -= static_cast<uint32_t>(argIds.size()) - 1;
    type = result;
    ++steps;
    return true;
  }

  /// The register operand (FusedOperand) that leaf instruction `in` is, with its slot or
  /// parameter in `index` and a creation-time value in `constant`; Stack when it is none.
  static FusedOperand leaf(const FusedInstruction& in, uint32_t& index, int64_t& constant) {
    switch (in.op) {
      case FusedOp::Constant:
        constant = in.b;
        return FusedOperand::Constant;
      case FusedOp::Slot:
        index = in.a;
        return FusedOperand::Slot;
      case FusedOp::Parameter:
        index = in.a;
        return FusedOperand::Parameter;
      case FusedOp::PlaceSlot:
        if (!in.flag) return FusedOperand::Stack;
        index = in.a;
        return FusedOperand::Variable;
      default:
        return FusedOperand::Stack;
    }
  }

  std::vector<FusedInstruction> out;
  uint32_t steps = 0;
  RuleId rule = RuleId::Count;
  bool shared = false;       // a PlaceShared instruction (FusedCode::shared)
  uint32_t sharedReads = 0;  // Load instructions of shared locations

 private:
  FusedCodes& codes() { return p_.fusedCodes; }
  Type typeOf(uint32_t e) const { return cm_.expressions[e].type; }
  Type loadType(Type t) const {
    const TypeNode& n = types_[t];
    return n.kind == TypeKind::Reference ? n.element : t;
  }
  void emit(FusedInstruction in) { out.push_back(in); }
  bool push(uint32_t n = 1) {
    scalars_ += n;
    return scalars_ <= kFusedStackDepth;
  }
  /// A binary operator (not && or ||) whose operands are both vectors of i32, u32 or bool, or
  /// one in parentheses.
  bool vectorOperator(uint32_t e) const {
    const Expression& x = p_.module.expressions[ExpressionId{e}];
    if (const auto* par = std::get_if<ParenthesizedExpression>(&x.node))
      return vectorOperator(par->inner.value);
    const auto* b = std::get_if<BinaryExpression>(&x.node);
    if (!b || b->op() == BinaryOperator::ShortCircuitAnd ||
        b->op() == BinaryOperator::ShortCircuitOr)
      return false;
    return codeWidthOf(types_, loadType(typeOf(b->left().value))) > 1 &&
           codeWidthOf(types_, loadType(typeOf(b->right.value))) > 1;
  }
  bool pushPlace() { return ++places_ <= kFusedStackDepth; }
  /// The top location goes one component deeper: a shared one's path grows (kFusedSharedPath).
  bool extendPath() {
    uint8_t& d = placeDepth_.back();
    return d == kOwn || ++d <= kFusedSharedPath;
  }

  /// By location on the stack: the length of a shared location's path, or kOwn.
  static constexpr uint8_t kOwn = 0xFF;
  std::vector<uint8_t> placeDepth_;

  Program& p_;
  const CheckedModule& cm_;
  const TypeTable& types_;
  uint32_t inlined_ = 0;  // inlined calls being compiled
  uint32_t scalars_ = 0, places_ = 0;
};

const FusedCode* compiled(Program& p, std::vector<FusedCode>& cache, uint32_t e, bool isPlace) {
  if (cache.empty()) cache.resize(p.checked.expressions.size());
  FusedCode& c = cache[e];
  if (c.state == FusedCode::NotCompiled) {
    Compiler compiler(p);
    Type type;
    bool ok = isPlace ? compiler.place(e) : compiler.value(e, type);
    c.state = ok ? FusedCode::Compiled : FusedCode::NotCompilable;
    if (ok) {
      std::vector<FusedInstruction>& all = p.fusedCodes.instructions;
      c.begin = static_cast<uint32_t>(all.size());
      all.insert(all.end(), compiler.out.begin(), compiler.out.end());
      c.end = static_cast<uint32_t>(all.size());
      c.steps = compiler.steps;
      c.rule = compiler.rule;
      c.type = type;
      c.width = static_cast<uint8_t>(isPlace ? 1 : codeWidthOf(p.checked.types, type));
      c.shared = compiler.shared;
      c.sharedReads = static_cast<uint8_t>(compiler.sharedReads);
    }
  }
  return c.state == FusedCode::Compiled ? &c : nullptr;
}

}  // namespace

const FusedCode* fusedValueCode(Program& p, uint32_t e) {
  return compiled(p, p.fusedCodes.value, e, false);
}

const FusedCode* fusedPlaceCode(Program& p, uint32_t e) {
  return compiled(p, p.fusedCodes.place, e, true);
}

const FusedStatementCode& fusedStatementCode(Program& p, uint32_t s) {
  std::vector<FusedStatementCode>& all = p.fusedCodes.statements;
  if (all.empty()) all.resize(p.module.statements.size());
  FusedStatementCode& c = all[s];
  if (c.kind != FusedStatementCode::NotCompiled) return c;
  c.kind = FusedStatementCode::None;
  const Statement& st = p.module.statements[StatementId{s}];
  const TypeTable& types = p.checked.types;
  auto isBool = [&](const FusedCode* code) { return types.kind(code->type) == TypeKind::Bool; };
  // A vector value: its components' type; only in the invocation's own memory (the race
  // detector hears of scalar accesses of shared memory only, machine_fusion.cpp).
  // `stored`: the type of what the statement stores, which the value must be.
  auto vector = [&](const FusedCode* value, const FusedCode* place, Type stored) {
    c.width = value->width;
    if (value->width == 1) return true;
    c.componentType = types[value->type].element;
    c.boolValue = types.kind(c.componentType) == TypeKind::Bool;
    return value->type == stored && !value->shared && !(place && place->shared);
  };
  // Machine::fusedStatement's forms, with its step counts: the Exec step, the expressions', and
  // the statement's own last step (Store, LetBind, VarAllocate, IfBranch).
  if (const auto* a = std::get_if<AssignmentStatement>(&st.node)) {
    if (!a->target || a->op != AssignmentOperator::Assign) return c;
    const FusedCode* value = fusedValueCode(p, a->value.value);
    const FusedCode* place = value ? fusedPlaceCode(p, a->target.value) : nullptr;
    // The race detector hears of a statement's shared reads before its write; a left-hand
    // side that reads shared memory (`wg[wg[0]] = x`) would be heard of in the order of the
    // revision's evaluation (old#, new#simple-assignment-section): left to the tasks.
    if (!place || place->sharedReads) return c;
    c.value = a->value.value;
    c.place = a->target.value;
    c.boolValue = isBool(value);
    Type target = p.checked.expressions[a->target.value].type;
    if (!vector(value, place, target ? types[target].element : Type{})) return c;
    c.steps = 1 + value->steps + place->steps + 1;
    const FusedInstruction& first = p.fusedCodes.instructions[place->begin];
    if (place->end == place->begin + 1 && first.op == FusedOp::PlaceSlot && !first.flag)
      c.targetSlot = first.a;
    c.kind = FusedStatementCode::Assign;
  } else if (const auto* d = std::get_if<DeclarationStatement>(&st.node)) {
    const VariableDeclaration& decl = p.module[d->declaration];
    if (decl.kind == DeclarationKind::Const || !decl.initializer) return c;
    const FusedCode* value = fusedValueCode(p, decl.initializer.value);
    if (!value) return c;
    uint32_t id = d->declaration.value;
    c.value = decl.initializer.value;
    c.slot = p.variableSlot[id];
    c.type = p.checked.variables[id];
    c.steps = 1 + value->steps + 1;
    if (decl.kind == DeclarationKind::Let) {
      c.boolValue = types.kind(c.type) == TypeKind::Bool;
      if (!vector(value, nullptr, c.type)) return c;
      c.kind = FusedStatementCode::Let;
    } else {
      c.storeType = types[c.type].element;
      c.boolValue = types.kind(c.storeType) == TypeKind::Bool;
      if (!vector(value, nullptr, c.storeType)) return c;
      c.kind = FusedStatementCode::Var;
    }
  } else if (const auto* i = std::get_if<IfStatement>(&st.node)) {
    const FusedCode* value = fusedValueCode(p, i->condition.value);
    if (!value || !isBool(value)) return c;
    c.value = i->condition.value;
    c.steps = 1 + value->steps + 1;
    c.body = i->body.value;
    c.elseBranch = i->elseBranch ? i->elseBranch.value : UINT32_MAX;
    c.kind = FusedStatementCode::If;
  }
  return c;
}

const FusedBlockCode& fusedBlockCode(Program& p, uint32_t s) {
  std::vector<FusedBlockCode>& all = p.fusedCodes.blocks;
  if (all.empty()) all.resize(p.module.statements.size());
  if (all[s].state != FusedBlockCode::NotCompiled) return all[s];
  all[s].state = FusedBlockCode::None;
  const auto* block = std::get_if<CompoundStatement>(&p.module.statements[StatementId{s}].node);
  if (!block) return all[s];
  // Machine::fusedRun's count of a block: block-enter; per statement block-next and the
  // statement's steps (with its Exec step), an `if` with the steps of the branch it takes
  // (a block: its own block-enter to block-exit); block-exit.
  uint64_t steps = 2;
  std::vector<uint32_t> list;
  for (StatementId id : p.module[block->statements]) {
    const FusedStatementCode& c = fusedStatementCode(p, id.value);
    if (c.kind == FusedStatementCode::None) return all[s];
    uint64_t branch = 0;
    if (c.kind == FusedStatementCode::If) {
      for (uint32_t b : {c.body, c.elseBranch}) {
        if (b == UINT32_MAX) continue;
        // An `else if` (an if statement, not a block) is left to the tasks.
        const FusedBlockCode& bc = fusedBlockCode(p, b);
        if (bc.state != FusedBlockCode::Compiled) return all[s];
        branch = std::max<uint64_t>(branch, bc.maxSteps);
      }
    }
    steps += 1 + c.steps + branch;
    list.push_back(id.value);
  }
  if (steps > (1u << 30)) return all[s];
  FusedBlockCode& b = all[s];
  b.maxSteps = static_cast<uint32_t>(steps);
  std::vector<uint32_t>& statements = p.fusedCodes.blockStatements;
  b.begin = static_cast<uint32_t>(statements.size());
  statements.insert(statements.end(), list.begin(), list.end());
  b.end = static_cast<uint32_t>(statements.size());
  b.state = FusedBlockCode::Compiled;
  return b;
}

}  // namespace plumb::interp
