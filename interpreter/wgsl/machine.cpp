// The small-step machine: memory access, the Load Rule, and the expression rules
// (#expressions, #load-rule, #memory-views). Statement rules are in machine_statements.cpp,
// calls and the built-ins that touch memory in machine_calls.cpp.
#include "interpreter/wgsl/machine.h"
#include "interpreter/wgsl/races.h"

#include <algorithm>
#include <climits>

#include "interpreter/wgsl/float_accuracy.h"
#include "interpreter/wgsl/runtime_operations.h"

namespace plumb::interp {

using namespace plumb::ast;

Machine::Machine(Program& program, Configuration& config, Chooser choose)
    : program_(program),
      types_(program.checked.types),
      config_(config),
      choose_(std::move(choose)) {
  // One entry per slot of the largest frame (varLocations_): the compiled code indexes it by
  // slot without a bounds check.
  uint32_t slots = 0;
  for (uint32_t n : program.frameSize) slots = std::max(slots, n);
  varLocations_.resize(slots);
}

AddressSpaces Machine::spaces(Invocation& inv) {
  return AddressSpaces{&config_.buffers, &config_.workgroups[inv.workgroup].variables,
                       &inv.privates, &inv.function};
}

std::string Machine::at(const char* what) const {
  if (lastNode_ == UINT32_MAX) return what;
  Span s = lastNodeIsStatement_ ? stmt(lastNode_).span : expr(lastNode_).span;
  return std::string(what) + " at " + program_.module.file().positionText(s.begin);
}

RValue Machine::pick(Alternatives&& a, const char* what) {
  if (a.size() == 1) return std::move(a[0]);
  uint32_t i = choose_(static_cast<uint32_t>(a.size()), at(what));
  return std::move(a[std::min<size_t>(i, a.size() - 1)]);
}

namespace {

/// Joins `b` into `a` where they differ only in i32/u32 scalars (the leaves become IntegerSets)
/// or in floating-point sets (joined by their hull: a superset); false if they differ anywhere
/// else (a boolean, a memory view, a shape).
bool joinValues(const TypeTable& types, RValue& a, const RValue& b) {
  if (a.data == b.data) return true;
  if (Components* ca = std::get_if<Components>(&a.data)) {
    const Components* cb = std::get_if<Components>(&b.data);
    if (!cb || cb->size() != ca->size()) return false;
    for (size_t i = 0; i < ca->size(); ++i)
      if (!joinValues(types, (*ca)[i], (*cb)[i])) return false;
    return true;
  }
  if (FloatSet* fa = std::get_if<FloatSet>(&a.data)) {
    const FloatSet* fb = std::get_if<FloatSet>(&b.data);
    if (!fb) return false;
    if (fa->any || fb->any) *fa = FloatSet::anyValue();
    else *fa = FloatSet::range(std::min(fa->lo, fb->lo), std::max(fa->hi, fb->hi));
    return true;
  }
  TypeKind k = types.kind(a.type);
  if (k != TypeKind::I32 && k != TypeKind::U32) return false;
  auto values = [](const RValue& v, std::vector<int64_t>& out) {
    if (const int64_t* x = std::get_if<int64_t>(&v.data)) out.push_back(*x);
    else if (const IntegerSet* s = std::get_if<IntegerSet>(&v.data)) out.insert(out.end(), s->values.begin(), s->values.end());
    else return false;
    return true;
  };
  std::vector<int64_t> all;
  if (!values(a, all) || !values(b, all)) return false;
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  if (all.size() > kMaxAlternatives) return false;
  a.data = IntegerSet{std::move(all)};
  return true;
}

/// The number of combinations of the IntegerSets in `v` (saturating above kMaxAlternatives).
size_t integerSetCombinations(const RValue& v) {
  if (const IntegerSet* s = std::get_if<IntegerSet>(&v.data)) return s->values.size();
  size_t n = 1;
  if (const Components* c = std::get_if<Components>(&v.data))
    for (const RValue& x : *c) n = std::min(n * integerSetCombinations(x), kMaxAlternatives + 1);
  return n;
}

/// Replaces each IntegerSet in `v` by one of its values: the one `combination` selects, read as
/// a mixed-radix number over the sets in order.
void chooseCombination(RValue& v, size_t& combination) {
  if (IntegerSet* s = std::get_if<IntegerSet>(&v.data)) {
    size_t n = s->values.size();
    int64_t x = s->values[combination % n];
    combination /= n;
    v.data = x;
    return;
  }
  if (Components* c = std::get_if<Components>(&v.data))
    for (RValue& x : *c) chooseCombination(x, combination);
}

}  // namespace

OperationResult Machine::lifted(std::span<RValue> operands,
                                const std::function<OperationResult(std::span<const RValue>)>& op) {
  // M13: an operation on integers not yet chosen is the operation on each combination of
  // their values, joined (operationValue); beyond kMaxAlternatives combinations they are
  // chosen first (choice points), like everything materialize handles.
  size_t combinations = 1;
  for (const RValue& v : operands) combinations = std::min(combinations * integerSetCombinations(v), kMaxAlternatives + 1);
  if (combinations == 1 || combinations > kMaxAlternatives) {
    for (RValue& v : operands) materialize(v);
    return op(operands);
  }
  OperationResult all;
  for (size_t c = 0; c < combinations; ++c) {
    std::vector<RValue> chosen(operands.begin(), operands.end());
    size_t k = c;
    for (RValue& v : chosen) {
      chooseCombination(v, k);
      materialize(v);  // M9 bit sets among them
    }
    OperationResult r = op(chosen);
    if (!r.ok()) return r;
    for (RValue& x : r.alternatives) all.alternatives.push_back(std::move(x));
  }
  return all;
}

OperationResult Machine::liftedOperator(std::string_view op, Type result, std::span<RValue> operands) {
  return lifted(operands, [&](std::span<const RValue> x) {
    return applyOperator(types_, op, result, x, OperatorOptions{program_.literalShiftRight});
  });
}

RValue Machine::operationValue(Alternatives&& a, const char* what) {
  if (a.size() > 1) {
    RValue joined = a[0];
    bool lazy = true;
    for (size_t i = 1; i < a.size() && lazy; ++i) lazy = joinValues(types_, joined, a[i]);
    if (lazy) return joined;
  }
  return pick(std::move(a), what);
}

void Machine::materialize(RValue& v) {
  if (Components* c = std::get_if<Components>(&v.data)) {
    for (RValue& x : *c) materialize(x);
    return;
  }
  if (IntegerSet* s = std::get_if<IntegerSet>(&v.data)) {
    uint32_t i = choose_(static_cast<uint32_t>(s->values.size()), at("value of an integer set"));
    int64_t x = s->values[std::min<size_t>(i, s->values.size() - 1)];
    v.data = x;
    return;
  }
  if (!std::holds_alternative<FloatSet>(v.data)) return;
  TypeKind k = types_.kind(v.type);
  if (k != TypeKind::I32 && k != TypeKind::U32) return;
  OperationResult r = bitcastValue(types_, RValue{types_.f32(), v.floatSet()}, v.type,
                                   program_.module.revision().bitcastMayFlush);
  v = r.ok() ? pick(std::move(r.alternatives), "bit pattern of a float set") : RValue{v.type, AnyScalar{}};
}

Stop Machine::operationStop(const OperationResult& r, std::string feature,
                            std::string_view anchor) const {
  if (r.internal) return Stop::internal(feature + ": " + r.unsupported);
  return Stop::unsupported(std::move(feature), std::string(anchor), r.unsupported);
}

Stop Machine::scalarLimit(const std::string& what) const {
  return Stop::limit(std::string(kBoundScalars), kMaxScalarsPerValue,
                     what + " holds more than 2^22 scalars, the machine's limit");
}

bool Machine::truth(const RValue& b, const char* what) {
  if (std::holds_alternative<bool>(b.data)) return b.boolValue();
  // An indeterminate condition: both branches are possible.
  return choose_(2, at(what)) == 1;
}

// ------------------------------------------------------------------------ memory (#memory)

namespace {

/// The in-bounds alternatives of an invalid memory reference into a buffer: the same path with
/// the out-of-bounds index replaced by every in-bounds index (#invalid-memory-reference:
/// "a value from any memory location(s) of the WebGPU buffer bound to the originating
/// variable", element by element: docs/ambiguities.md M1).
std::vector<std::vector<uint32_t>> inBoundsPaths(const RValue& root, const MemoryView& v) {
  std::vector<std::vector<uint32_t>> out;
  const RValue* array = locate(root, v.path, v.invalidAt);
  if (!array || !array->isComposite()) return out;
  for (uint32_t k = 0; k < array->components().size(); ++k) {
    std::vector<uint32_t> p = v.path;
    p[v.invalidAt] = k;
    if (locate(root, p, p.size())) out.push_back(std::move(p));
  }
  return out;
}

/// What each alternative of an out-of-bounds load is, for the choice's text: `{zero|(0,0,0,1)|
/// [0..5]|[7]}` — the labels of the first alternatives, then the in-bounds elements whose
/// values are alternatives (equal values are one alternative: the first element that holds
/// it names it), runs of consecutive elements as `[a..b]`. Empty when the legend would be long
/// (more than 64 entries); run.cpp (choiceText) reads it back.
std::string loadLegend(const std::vector<std::string>& firstLabels, const std::vector<uint32_t>& elements) {
  std::vector<std::string> items = firstLabels;
  for (size_t i = 0; i < elements.size();) {
    size_t j = i;
    while (j + 1 < elements.size() && elements[j + 1] == elements[j] + 1) ++j;
    items.push_back(j == i ? "[" + std::to_string(elements[i]) + "]"
                           : "[" + std::to_string(elements[i]) + ".." + std::to_string(elements[j]) + "]");
    i = j + 1;
  }
  if (items.size() > 64) return "";
  std::string legend = " {";
  for (size_t i = 0; i < items.size(); ++i) legend += (i ? "|" : "") + items[i];
  return legend + "}";
}

bool isBufferSpace(ast::AddressSpace s) {
  return s == ast::AddressSpace::Uniform || s == ast::AddressSpace::Storage;
}

/// Whether an invalid load or store may be redirected to the other locations of the
/// originating variable: always for a buffer (old#originating-variable: "the WebGPU buffer
/// bound to the originating variable"), and for any variable in 2026
/// (new#out-of-bounds-access-sec: "any memory location(s) in the originating variable";
/// Revision::invalidReferenceInOriginatingVariable, delta 2.5).
bool redirects(const Revision& revision, ast::AddressSpace s) {
  return isBufferSpace(s) || revision.invalidReferenceInOriginatingVariable;
}

}  // namespace

bool Machine::observed(const Allocation& a) const {
  // #private-vs-non-private: non-atomic accesses in the storage or workgroup address spaces
  // are non-private memory operations; atomics there are atomic operations (#scoped-operations).
  return observer_ && (a.space == ast::AddressSpace::Workgroup ||
                       (a.space == ast::AddressSpace::Storage && a.access == ast::AccessMode::ReadWrite));
}

StepResult Machine::outOfBoundsError(const char* access) {
  // new#out-of-bounds-access-sec (Revision::outOfBoundsAccessIsDynamicError): besides the
  // listed loads and stores, a dynamic error, after which anything may happen (new#errors).
  if (!program_.module.revision().outOfBoundsAccessIsDynamicError ||
      choose_(2, at(("dynamic error of an out-of-bounds " + std::string(access)).c_str())) == 0)
    return {};
  return Stop::dynamicError("out-of-bounds-access-sec",
                            std::string("an out-of-bounds ") + access +
                                " is a dynamic error in revision 2026: any output (the listed "
                                "outcomes are the other executions)");
}

StepResult Machine::load(Invocation& inv, const RValue& reference, RValue& out) {
  const MemoryView& v = reference.view();
  Type storeType = types_[reference.type].element;
  if (types_[reference.type].space == ast::AddressSpace::Handle) {
    // A texture or sampler variable: its value is the handle of the bound resource.
    out = RValue{storeType, v};
    return {};
  }
  Allocation* found = spaces(inv).find(v.allocation);
  // bindResources binds every variable of the interface (or refuses the dispatch).
  if (!found) return Stop::internal("a resource without a binding is accessed");
  Allocation& a = *found;
  // Revision 2026: a buffer's bytes are read through a view (machine_buffer_views.cpp).
  if (types_.kind(a.storeType) == TypeKind::Buffer) return loadThroughView(inv, a, reference, out);
  if (!v.invalid) {
    if (const RValue* loc = locate(a.value, v.path, v.path.size())) {
      out = *loc;
      out.type = storeType;
      // #memory-model: a read access that may race (interpreter/wgsl/races.h); in a later round of
      // a racy dispatch it may return any value of its location's domain.
      if (races_ && !notARead_ && races_->tracks(a))
        races_->read(indexOfInvocation(inv), v.allocation, v.path, out, inAtomic_,
                     AccessSite{lastNode_, lastNodeIsStatement_});
      // #memory-operation: a read access; the memory model observer may choose its value.
      if (observed(a)) observer_->onRead(indexOfInvocation(inv), inv, a, v, inAtomic_, out, choose_);
      return {};
    }
  }
  if (observed(a)) observer_->onUnmodelled(indexOfInvocation(inv), at("load through an invalid memory reference"));
  if (StepResult e = outOfBoundsError("load"); e.kind == StepResult::Stopped) return e;
  // #invalid-memory-reference: a load returns one of: a value from the buffer bound to the
  // originating variable; the zero value; for a vector, (0, 0, 0, x).
  Alternatives options;
  std::vector<std::string> labels = {"zero"};
  options.push_back(zeroValue(types_, storeType));
  const TypeNode& st = types_[storeType];
  if (st.kind == TypeKind::Vector && st.size == 4) {
    std::vector<RValue> xs;
    Type c = st.element;
    switch (types_.kind(c)) {
      case TypeKind::I32:
        xs = {RValue{c, int64_t(1)}, RValue{c, int64_t(INT32_MAX)}};
        labels.insert(labels.end(), {"(0,0,0,1)", "(0,0,0,2147483647)"});
        break;
      case TypeKind::U32:
        xs = {RValue{c, int64_t(1)}, RValue{c, int64_t(UINT32_MAX)}};
        labels.insert(labels.end(), {"(0,0,0,1)", "(0,0,0,4294967295)"});
        break;
      case TypeKind::F32:
      case TypeKind::F16:
        xs = {RValue{c, FloatSet::exact(1.0)}};
        labels.push_back("(0,0,0,1)");
        break;
      default: break;
    }
    for (RValue& x : xs) {
      RValue vec = zeroValue(types_, storeType);
      vec.components()[3] = x;
      options.push_back(std::move(vec));
    }
  }
  std::vector<uint32_t> elements;  // the element each buffer alternative was read from
  if (redirects(program_.module.revision(), a.space)) {
    for (const auto& p : inBoundsPaths(a.value, v)) {
      RValue value = *locate(a.value, p, p.size());
      value.type = storeType;
      if (std::find(options.begin(), options.end(), value) == options.end()) {
        options.push_back(std::move(value));
        elements.push_back(p[v.invalidAt]);
      }
    }
  }
  if (options.size() == 1) {
    out = std::move(options[0]);
    return {};
  }
  uint32_t i = choose_(static_cast<uint32_t>(options.size()),
                       at("out-of-bounds load") + loadLegend(labels, elements));
  out = std::move(options[std::min<size_t>(i, options.size() - 1)]);
  return {};
}

StepResult Machine::store(Invocation& inv, const RValue& reference, RValue value) {
  const MemoryView& v = reference.view();
  Allocation* found = spaces(inv).find(v.allocation);
  if (!found) return Stop::internal("a resource without a binding is accessed");
  Allocation& a = *found;
  // new#fragment-shaders-helper-invocations (adopted for the seed, docs/ambiguities.md D2):
  // "No write accesses will be performed on the storage or handle address spaces".
  if (inv.helper && a.space == ast::AddressSpace::Storage) return {};
  if (types_.kind(a.storeType) == TypeKind::Buffer)
    return storeThroughView(inv, a, reference, std::move(value));
  if (!v.invalid) {
    if (RValue* loc = locate(a.value, v.path, v.path.size())) {
      // #memory-operation: a write access, reported to the memory model observer.
      if (observed(a)) observer_->onWrite(indexOfInvocation(inv), inv, a, v, inAtomic_, value);
      if (races_ && races_->tracks(a))
        races_->write(indexOfInvocation(inv), v.allocation, v.path, value, *loc, inAtomic_,
                      AccessSite{lastNode_, lastNodeIsStatement_});
      if (program_.module.revision().vectorComponentWriteMayAccessVector)
        writeVectorSiblings(inv, a, v);
      Type t = loc->type;
      *loc = std::move(value);
      loc->type = t;
      return {};
    }
  }
  if (observed(a)) observer_->onUnmodelled(indexOfInvocation(inv), at("store through an invalid memory reference"));
  if (StepResult e = outOfBoundsError("store"); e.kind == StepResult::Stopped) return e;
  // #invalid-memory-reference: a store may store to any memory location(s) of the buffer
  // bound to the originating variable (in 2026, of any originating variable), or not be
  // executed.
  std::vector<std::vector<uint32_t>> paths;
  if (redirects(program_.module.revision(), a.space)) paths = inBoundsPaths(a.value, v);
  uint32_t i = paths.empty() ? 0 : choose_(static_cast<uint32_t>(paths.size() + 1), at("out-of-bounds store"));
  if (i == 0) return {};  // not executed
  RValue* loc = locate(a.value, paths[i - 1], paths[i - 1].size());
  // A store to the chosen in-bounds location is a write access to it.
  if (races_ && races_->tracks(a))
    races_->write(indexOfInvocation(inv), v.allocation, paths[i - 1], value, *loc, inAtomic_,
                  AccessSite{lastNode_, lastNodeIsStatement_});
  Type t = loc->type;
  *loc = std::move(value);
  loc->type = t;
  return {};
}

void Machine::writeVectorSiblings(Invocation& inv, const Allocation& a, const MemoryView& v) {
  // new#memory-operation (2026, delta 7.2): "A write access to a component of a vector may
  // access all memory locations associated with that vector": the other components are
  // written too, with the values the writer finds there, a read then a write of each (what a
  // device's read-modify-write of the vector does). The race detector hears of it always (a
  // possible access is enough for a data race; the value written back is one the location
  // may hold, so an execution without it is among the outcomes too); the memory model's
  // observer (plumb explore) as a choice point, first without.
  bool tracked = races_ && races_->tracks(a);
  bool watched = observed(a);
  if ((!tracked && !watched) || v.path.empty()) return;
  const RValue* parent = locate(a.value, v.path, v.path.size() - 1);
  if (!parent || !parent->isComposite() || types_.kind(parent->type) != TypeKind::Vector) return;
  if (watched && choose_(2, at("a vector component write accesses the whole vector")) == 0)
    watched = false;
  uint32_t written = v.path.back();
  for (uint32_t j = 0; j < parent->components().size(); ++j) {
    if (j == written) continue;
    MemoryView sibling = v;
    sibling.path.back() = j;
    const RValue& there = parent->components()[j];
    AccessSite site{lastNode_, lastNodeIsStatement_};
    if (watched) {
      RValue current = there;
      observer_->onRead(indexOfInvocation(inv), inv, a, sibling, false, current, choose_);
      observer_->onWrite(indexOfInvocation(inv), inv, a, sibling, false, current);
    }
    if (tracked) {
      RValue current = there;  // a racy location's later rounds widen it to its domain
      races_->read(indexOfInvocation(inv), v.allocation, sibling.path, current, false, site);
      races_->write(indexOfInvocation(inv), v.allocation, sibling.path, current, there, false,
                    site);
    }
  }
}

// ------------------------------------------------------------------- expressions

void Machine::pushValueOf(Invocation& inv, ExpressionId e) {
  // #load-rule: a reference used where a value is needed is loaded.
  if (program_.isReference[e.value]) inv.tasks.push_back({TaskKind::Load, e.value});
  inv.tasks.push_back({TaskKind::Eval, e.value});
}

StepResult Machine::evalExpression(Invocation& inv, const Task& t) {
  const CheckedModule& cm = program_.checked;
  const ExpressionInfo& info = cm.expressions[t.node];
  // #creation-time-expr, #override-expr: the value the checker computed, after the
  // conversion its use applies.
  if (uint32_t k = program_.constantIndex[t.node]; k != UINT32_MAX) {
    inv.values.push_back(program_.constants[k]);
    return RuleId::CreationTimeValue;
  }
  const Expression& e = expr(t.node);
  return std::visit(
      [&](const auto& n) -> StepResult {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, LiteralExpression>) {
          return Stop::internal(
              "a literal without a value");  // the checker gives every literal one
        } else if constexpr (std::is_same_v<N, IdentifierExpression>) {
          const Resolution& r = cm.identifiers[t.node];
          if (r.kind == Resolution::LocalVariable) {
            const VariableDeclaration& d = program_.module.variables[VariableId{r.index}];
            inv.values.push_back(inv.frames.back().slots[program_.variableSlot[r.index]]);
            return d.kind == DeclarationKind::Var ? RuleId::VarIdentifierExpr
                                                  : RuleId::LetIdentifierExpr;
          }
          if (r.kind == Resolution::Parameter) {
            inv.values.push_back(inv.frames.back().slots[program_.parameterSlot[r.index]]);
            return RuleId::FormalParameterExpr;
          }
          if (r.kind == Resolution::ModuleDeclaration &&
              cm.declarations[r.index].kind == ModuleDeclaration::Variable) {
            MemoryView v;
            v.allocation = program_.variableAllocation[r.index];
            inv.values.push_back(viewValue(info.type, std::move(v)));
            return RuleId::VarIdentifierExpr;
          }
          // Pipeline creation (forced by runShader) gives every override used a value.
          return Stop::internal("'" + std::string(program_.module.name(n.name)) +
                                "' has no value at run time");
        } else if constexpr (std::is_same_v<N, ParenthesizedExpression>) {
          inv.tasks.push_back({TaskKind::Eval, n.inner.value});
          return RuleId::ParenthesizedExpressions;
        } else if constexpr (std::is_same_v<N, UnaryExpression>) {
          switch (n.op) {
            case UnaryOperator::AddressOf:
              inv.tasks.push_back({TaskKind::AddressOf, t.node});
              inv.tasks.push_back({TaskKind::Eval, n.operand.value});
              return RuleId::AddressOfExpr;
            case UnaryOperator::Indirection:
              inv.tasks.push_back({TaskKind::Indirection, t.node});
              pushValueOf(inv, n.operand);
              return RuleId::IndirectionExpr;
            default:
              inv.tasks.push_back({TaskKind::ApplyUnary, t.node});
              pushValueOf(inv, n.operand);
              return RuleId::UnaryOperand;
          }
        } else if constexpr (std::is_same_v<N, BinaryExpression>) {
          // #program-order: operands are evaluated left to right.
          if (n.op() == BinaryOperator::ShortCircuitAnd || n.op() == BinaryOperator::ShortCircuitOr) {
            inv.tasks.push_back({TaskKind::ShortCircuit, t.node});
            pushValueOf(inv, n.left());
            return RuleId::LogicalExpr;
          }
          inv.tasks.push_back({TaskKind::ApplyBinary, t.node});
          pushValueOf(inv, n.right);
          pushValueOf(inv, n.left());
          return RuleId::BinaryOperands;
        } else if constexpr (std::is_same_v<N, CallExpression>) {
          auto args = program_.module[n.arguments];
          TaskKind k = TaskKind::Construct;
          RuleId rule = RuleId::TypeConstructorExpr;
          if (!n.type()) {
            const Resolution& r = cm.identifiers[t.node];
            if (r.kind == Resolution::BuiltinFunction) {
              k = TaskKind::CallBuiltin;
              rule = RuleId::FunctionCallExpr;
            } else if (r.kind == Resolution::ModuleDeclaration &&
                       cm.declarations[r.index].kind == ModuleDeclaration::Function) {
              k = TaskKind::CallUser;
              rule = RuleId::FunctionCallExpr;
            }
          }
          inv.tasks.push_back({k, t.node, static_cast<uint32_t>(args.size())});
          for (size_t i = args.size(); i-- > 0;) pushValueOf(inv, args[i]);
          return rule;
        } else if constexpr (std::is_same_v<N, BitcastExpression>) {
          inv.tasks.push_back({TaskKind::Bitcast, t.node});
          pushValueOf(inv, n.operand);
          return RuleId::BitcastExpr;
        } else if constexpr (std::is_same_v<N, IndexExpression>) {
          // Revision 2026's pointer composite access (new#pointer-composite-access: `p[i]` with
          // a pointer `p`) indexes the memory view the pointer holds, as a reference does.
          TypeKind baseKind = types_.kind(typeOf(n.base.value));
          bool reference = (baseKind == TypeKind::Reference || baseKind == TypeKind::Pointer) &&
                           types_.kind(info.type) == TypeKind::Reference;
          inv.tasks.push_back({reference ? TaskKind::IndexReference : TaskKind::IndexValue, t.node});
          pushValueOf(inv, n.index);
          if (reference) inv.tasks.push_back({TaskKind::Eval, n.base.value});
          else pushValueOf(inv, n.base);
          return RuleId::ArrayAccessExpr;
        } else if constexpr (std::is_same_v<N, MemberExpression>) {
          bool reference = types_.kind(info.type) == TypeKind::Reference;
          inv.tasks.push_back({reference ? TaskKind::MemberReference : TaskKind::MemberValue, t.node});
          if (reference) inv.tasks.push_back({TaskKind::Eval, n.base.value});
          else pushValueOf(inv, n.base);
          return RuleId::StructAccessExpr;
        }
        return Stop::internal("an expression the machine does not know");
      },
      e.node);
}

namespace {

/// The concrete integer or boolean scalar held by `v` (0 or 1 for a bool), if it is one.
std::optional<int64_t> concreteScalar(const RValue& v) {
  if (const int64_t* x = std::get_if<int64_t>(&v.data)) return *x;
  if (const bool* b = std::get_if<bool>(&v.data)) return int64_t(*b);
  return std::nullopt;
}

}  // namespace

bool Machine::concreteOperation(Invocation& inv, UnaryOperator op) {
  // The operand is replaced in place by the result: the same rule as applyOperator, without
  // building its alternatives (the machine's hot path, README "Performance").
  RValue& a = inv.values.back();
  std::optional<int64_t> x = concreteScalar(a);
  if (!x) return false;
  TypeKind k = types_.kind(a.type);
  std::optional<int64_t> r = concreteUnary(k, op, *x);
  if (!r) return false;
  if (k == TypeKind::Bool) a.data = *r != 0;
  else a.data = *r;
  return true;
}

bool Machine::concreteVectorOperation(Invocation& inv, BinaryOperator op, Type result) {
  // Two vectors of concrete integer or boolean components: applyOperator's component-wise rule
  // (#arithmetic-expr, #bit-expr, #comparison-expr on vectors) by the same kernel, in place,
  // without its alternatives (README "Performance"). Each component keeps its type, or becomes
  // a bool for a comparison, as integerOrBoolOperator gives it.
  size_t n = inv.values.size();
  RValue& a = inv.values[n - 2];
  const RValue& b = inv.values[n - 1];
  Components* ca = std::get_if<Components>(&a.data);
  const Components* cb = std::get_if<Components>(&b.data);
  if (!ca || !cb || ca->size() != cb->size() || ca->size() > 4 ||
      types_.kind(a.type) != TypeKind::Vector || types_.kind(b.type) != TypeKind::Vector)
    return false;
  auto integerOrBool = [](TypeKind k) {
    return k == TypeKind::I32 || k == TypeKind::U32 || k == TypeKind::Bool;
  };
  TypeKind ka = types_.kind(types_[a.type].element), kb = types_.kind(types_[b.type].element);
  bool shift = op == BinaryOperator::ShiftLeft || op == BinaryOperator::ShiftRight;
  if (!integerOrBool(ka) || !integerOrBool(kb) || (kb != ka && !shift)) return false;
  int64_t r[4];
  for (size_t i = 0; i < ca->size(); ++i) {
    const RValue& x = (*ca)[i];
    const RValue& y = (*cb)[i];
    TypeKind k = types_.kind(x.type);
    if (k != ka || (types_.kind(y.type) != kb)) return false;
    std::optional<int64_t> vx = concreteScalar(x), vy = concreteScalar(y);
    if (!vx || !vy) return false;
    std::optional<int64_t> v = concreteBinary(k, op, *vx, *vy, program_.literalShiftRight);
    if (!v) return false;
    r[i] = *v;
  }
  bool comparison = op >= BinaryOperator::LessThan && op <= BinaryOperator::NotEqual;
  for (size_t i = 0; i < ca->size(); ++i) {
    RValue& c = (*ca)[i];
    if (comparison) {
      c.type = types_.boolType();
      c.data = r[i] != 0;
    } else if (ka == TypeKind::Bool) {
      c.data = r[i] != 0;
    } else {
      c.data = r[i];
    }
  }
  a.type = loadType(result);
  inv.values.pop_back();
  return true;
}

bool Machine::concreteOperation(Invocation& inv, BinaryOperator op, Type result) {
  size_t n = inv.values.size();
  RValue& a = inv.values[n - 2];
  const RValue& b = inv.values[n - 1];
  if (a.isComposite()) return concreteVectorOperation(inv, op, result);
  std::optional<int64_t> x = concreteScalar(a), y = concreteScalar(b);
  if (!x || !y) return false;
  TypeKind k = types_.kind(a.type);
  // Both operands have the operator's type, except the shift count, a u32 (#bit-expr).
  if (types_.kind(b.type) != k && op != BinaryOperator::ShiftLeft && op != BinaryOperator::ShiftRight)
    return false;
  std::optional<int64_t> r = concreteBinary(k, op, *x, *y, program_.literalShiftRight);
  if (!r) return false;
  Type resultType = loadType(result);
  if (types_.kind(resultType) == TypeKind::Bool) a.data = *r != 0;
  else a.data = *r;
  a.type = resultType;
  inv.values.pop_back();
  return true;
}

StepResult Machine::applyTask(Invocation& inv, const Task& t) {
  auto pop = [&]() {
    RValue v = std::move(inv.values.back());
    inv.values.pop_back();
    return v;
  };
  switch (t.kind) {
    case TaskKind::Load: {
      // The loaded value replaces the reference on the value stack.
      RValue v;
      StepResult r = load(inv, inv.values.back(), v);
      inv.values.back() = std::move(v);
      r.rule = RuleId::LoadRule;
      return r;
    }
    case TaskKind::LoadKeep: {  // compound assignment: the reference stays for the store
      RValue v;
      StepResult r = load(inv, inv.values.back(), v);
      inv.values.push_back(std::move(v));
      r.rule = RuleId::LoadRule;
      return r;
    }
    case TaskKind::AddressOf: {
      inv.values.back().type = typeOf(t.node);  // the pointer of the same memory view
      return RuleId::AddressOfExpr;
    }
    case TaskKind::UniformLoad: {
      // workgroupUniformLoad (Machine::machineBuiltin), once the workgroup passed its first
      // barrier: the load of *p (atomically for an atomic<T>), then the second barrier.
      if (t.aux == 0) {
        RValue v;
        Type pointer = inv.values.back().type;
        inAtomic_ = types_.kind(types_[pointer].element) == TypeKind::Atomic;
        StepResult r = load(inv, inv.values.back(), v);
        inAtomic_ = false;
        v.type = typeOf(t.node);
        inv.values.back() = std::move(v);
        if (r.kind == StepResult::Stopped) return r;
        inv.tasks.push_back({TaskKind::UniformLoad, t.node, 1});
        r.rule = RuleId::LoadRule;
        return r;
      }
      inv.status = InvocationStatus::AtBarrier;
      inv.barrier = t.node;
      if (observer_) observer_->onBarrier(indexOfInvocation(inv), inv, "workgroupBarrier");
      if (races_) races_->barrier(indexOfInvocation(inv), false);
      return RuleId::ControlBarrierWait;
    }
    case TaskKind::Indirection: {
      inv.values.back().type = typeOf(t.node);  // the reference of the same memory view
      return RuleId::IndirectionExpr;
    }
    case TaskKind::ApplyUnary: {
      const auto& u = std::get<UnaryExpression>(expr(t.node).node);
      RuleId rule = u.op == UnaryOperator::LogicalNot   ? RuleId::LogicalExpr
                    : u.op == UnaryOperator::Complement ? RuleId::BitExpr
                                                        : RuleId::ArithmeticExpr;
      if (concreteOperation(inv, u.op)) return rule;
      RValue operands[] = {pop()};
      OperationResult r = liftedOperator(spelling(u.op), loadType(typeOf(t.node)), operands);
      if (!r.ok())
        return operationStop(
            r, "operator " + std::string(spelling(u.op)) + " on " + types_.name(operands[0].type),
            interp::rule(rule).anchor);
      inv.values.push_back(operationValue(std::move(r.alternatives), "operator result"));
      return rule;
    }
    case TaskKind::ApplyBinary: {
      const auto& be = std::get<BinaryExpression>(expr(t.node).node);
      RuleId rule = RuleId::ArithmeticExpr;
      switch (be.op()) {
        case BinaryOperator::LessThan: case BinaryOperator::GreaterThan:
        case BinaryOperator::LessThanEqual: case BinaryOperator::GreaterThanEqual:
        case BinaryOperator::Equal: case BinaryOperator::NotEqual:
          rule = RuleId::ComparisonExpr;
          break;
        case BinaryOperator::And: case BinaryOperator::Or: case BinaryOperator::Xor:
        case BinaryOperator::ShiftLeft: case BinaryOperator::ShiftRight:
          rule = RuleId::BitExpr;
          break;
        default: break;
      }
      if (concreteOperation(inv, be.op(), typeOf(t.node))) return rule;
      RValue b = pop();
      RValue a = pop();
      RValue operands[] = {std::move(a), std::move(b)};
      OperationResult r = liftedOperator(spelling(be.op()), loadType(typeOf(t.node)), operands);
      if (!r.ok())
        return operationStop(
            r,
            "operator " + std::string(spelling(be.op())) + " on " + types_.name(operands[0].type),
            interp::rule(rule).anchor);
      inv.values.push_back(operationValue(std::move(r.alternatives), "operator result"));
      return rule;
    }
    case TaskKind::ShortCircuit: {
      // #logical-expr: `e1 && e2` evaluates e2 only if e1 is true; `e1 || e2` only if false.
      RValue a = pop();
      const auto& be = std::get<BinaryExpression>(expr(t.node).node);
      bool isAnd = be.op() == BinaryOperator::ShortCircuitAnd;
      bool x = truth(a, "indeterminate condition");
      if (x != isAnd) {
        inv.values.push_back(RValue{types_.boolType(), x});
        return isAnd ? RuleId::ShortCircuitAndFalse : RuleId::ShortCircuitOrTrue;
      }
      pushValueOf(inv, be.right);
      return isAnd ? RuleId::ShortCircuitAndTrue : RuleId::ShortCircuitOrFalse;
    }
    case TaskKind::Bitcast: {
      RValue a = pop();
      Type to = typeOf(t.node);
      // #bitcast-expr of f32 to i32/u32 (scalars and vectors): the bits of every value of the
      // set, kept as the set until an operation needs one integer (M9).
      const TypeNode& tn = types_[to];
      TypeKind toKind = types_.kind(tn.kind == TypeKind::Vector ? tn.element : to);
      if ((toKind == TypeKind::I32 || toKind == TypeKind::U32) && types_.kind(componentType(types_, a.type)) == TypeKind::F32) {
        auto lazy = [&](RValue& x, Type scalar) {
          const FloatSet* f = std::get_if<FloatSet>(&x.data);
          if (!f || f->any || f->isExact()) return false;
          // A set that meets the subnormals, when they may be flushed (2026): the bits of each
          // value and of the zeros, below.
          const fp::Format& single = fp::formatOf(TypeKind::F32);
          if (program_.module.revision().bitcastMayFlush && fp::flush(single, *f) != *f)
            return false;
          x.type = scalar;
          return true;
        };
        bool ok = true;
        RValue out = a;
        out.type = to;
        if (out.isComposite()) {
          for (RValue& c : out.components()) ok = ok && lazy(c, tn.element);
        } else {
          ok = lazy(out, to);
        }
        if (ok) {
          inv.values.push_back(std::move(out));
          return RuleId::BitcastExpr;
        }
      }
      RValue operands[] = {std::move(a)};
      OperationResult r = lifted(operands, [&](std::span<const RValue> x) {
        return bitcastValue(types_, x[0], to, program_.module.revision().bitcastMayFlush);
      });
      if (!r.ok()) return operationStop(r, "bitcast<" + types_.name(to) + ">", "bitcast-expr");
      inv.values.push_back(operationValue(std::move(r.alternatives), "bitcast result"));
      return RuleId::BitcastExpr;
    }
    case TaskKind::IndexValue: {
      RValue index = pop();
      materialize(index);
      RValue base = pop();
      Type result = typeOf(t.node);
      if (index.isAny() || !base.isComposite() ||
          index.intValue() < 0 || static_cast<uint64_t>(index.intValue()) >= base.components().size()) {
        // #array-access-expr, #vector-access-expr, #matrix-access-expr: "any valid value
        // for T may be returned".
        if (scalarCount(types_, result) > kMaxScalarsPerValue)
          return scalarLimit(types_.name(result));
        inv.values.push_back(anyValueOf(types_, result));
        return RuleId::ArrayAccessExprOutOfBounds;
      }
      RValue c = std::move(base.components()[index.intValue()]);
      c.type = result;
      inv.values.push_back(std::move(c));
      return RuleId::ArrayAccessExpr;
    }
    case TaskKind::IndexReference: {
      RValue index = pop();
      materialize(index);
      RValue& ref = inv.values.back();
      MemoryView& v = std::get<MemoryView>(ref.data);
      Type composite = types_[ref.type].element;
      uint64_t count = 0;
      const TypeNode& ct = types_[composite];
      if (ct.kind == TypeKind::Array && ct.arrayCount != ArrayCount::Fixed) {
        // #array-indexed-reference: N is the number of elements of the bound buffer, or for an
        // override-sized array the override's pipeline-creation value, with which the
        // workgroup variable was allocated (runDispatch).
        const Allocation* a = spaces(inv).find(v.allocation);
        if (a && types_.kind(a->storeType) == TypeKind::Buffer) {
          count = viewArrayCount(inv, v, composite);  // revision 2026: a buffer view's array
        } else {
          const RValue* arr = v.invalid || !a ? nullptr : locate(a->value, v.path, v.path.size());
          count = arr ? componentCount(*arr) : 0;
        }
      } else {
        count = ct.kind == TypeKind::Array ? ct.count : ct.size;
      }
      int64_t i = 0;
      if (index.isAny()) {
        // An indeterminate index: any in-bounds index, or out of bounds.
        uint32_t n = static_cast<uint32_t>(std::min<uint64_t>(count, 64));
        uint32_t k = choose_(n + 1, at("indeterminate index"));
        i = k < n ? int64_t(k) : int64_t(count);
      } else {
        i = index.intValue();
      }
      bool out = i < 0 || static_cast<uint64_t>(i) >= count;
      if (out && !v.invalid) {
        v.invalid = true;
        v.invalidAt = static_cast<uint32_t>(v.path.size());
      }
      v.path.push_back(out ? UINT32_MAX : static_cast<uint32_t>(i));
      ref.type = typeOf(t.node);
      return out ? RuleId::InvalidMemoryReference : RuleId::ArrayAccessExpr;
    }
    case TaskKind::MemberValue: {
      RValue base = pop();
      const auto& me = std::get<MemberExpression>(expr(t.node).node);
      Type result = typeOf(t.node);
      std::vector<uint32_t> idx =
          memberIndices(types_, base.type, program_.module.name(me.member));
      if (!base.isComposite()) {
        inv.values.push_back(anyValueOf(types_, result));
        return RuleId::StructAccessExpr;
      }
      if (types_.kind(base.type) == TypeKind::Struct || idx.size() == 1) {
        RValue c = std::move(base.components()[idx[0]]);
        c.type = result;
        inv.values.push_back(std::move(c));
        return types_.kind(base.type) == TypeKind::Struct ? RuleId::StructAccessExpr
                                                          : RuleId::VectorSingleComponent;
      }
      Components parts;
      for (uint32_t i : idx) parts.push_back(base.components()[i]);
      inv.values.push_back(RValue{result, std::move(parts)});
      return RuleId::VectorMultiComponent;
    }
    case TaskKind::MemberReference: {
      RValue& ref = inv.values.back();
      const auto& me = std::get<MemberExpression>(expr(t.node).node);
      Type composite = types_[ref.type].element;
      std::vector<uint32_t> idx = memberIndices(types_, composite, program_.module.name(me.member));
      std::get<MemoryView>(ref.data).path.push_back(idx.empty() ? 0 : idx[0]);
      ref.type = typeOf(t.node);
      return types_.kind(composite) == TypeKind::Struct ? RuleId::StructAccessExpr
                                                        : RuleId::VectorSingleComponent;
    }
    default: break;
  }
  return statementTask(inv, t);
}

StepResult Machine::step(uint32_t i) {
  Invocation& inv = config_.invocations[i];
  forgetVarLocations();  // another invocation, or memory changed since (varLocations_)
  Task t = inv.tasks.back();
  inv.tasks.pop_back();
  ++inv.steps;
  lastNode_ = t.node;
  lastNodeIsStatement_ = t.kind >= TaskKind::Exec && t.kind != TaskKind::FunctionMarker;
  StepResult r = [&] {
    switch (t.kind) {
      case TaskKind::Eval:
        if (fusion_ && program_.fusable[t.node])
          if (std::optional<StepResult> r = fusedEvalTask(inv, t)) return std::move(*r);
        return evalExpression(inv, t);
      case TaskKind::Exec:
        if (fusion_)
          if (std::optional<StepResult> r = fusedStatement(inv, t)) return std::move(*r);
        return execStatement(inv, t);
      case TaskKind::CallBuiltin: return callBuiltin(inv, t);
      case TaskKind::CallUser:
      case TaskKind::Construct: return callOrConstruct(inv, t);
      default: return t.kind > TaskKind::Exec ? statementTask(inv, t) : applyTask(inv, t);
    }
  }();
  if (fusion_ && r.kind == StepResult::Continue && inv.status == InvocationStatus::Running)
    r = fusedRun(inv, std::move(r));
  lastStopped_ = r.kind == StepResult::Stopped;
  if (lastStopped_)
    lastStop_ = r.stop->kind;
  else
    lastRule_ = r.rule;
  return r;
}

bool Machine::nextStepIsShared(uint32_t i) const {
  // The scheduling points are the atomic built-ins (#atomic-builtin-functions): the only
  // accesses through which invocations of a data-race-free program observe each other between
  // barriers. Non-atomic accesses run as local steps: their data races are found whatever the
  // schedule, and what they make possible is widened (interpreter/wgsl/races.h, docs/ambiguities.md
  // M3, M14); every execution the memory model allows is `plumb explore`'s job.
  const Invocation& inv = config_.invocations[i];
  if (inv.status != InvocationStatus::Running || inv.tasks.empty()) return false;
  const Task& t = inv.tasks.back();
  if (t.kind != TaskKind::CallBuiltin) return false;
  const Overload* o = program_.checked.calls[t.node];
  return o && o->row->name.starts_with("atomic");
}

std::string Machine::lastRedex() const {
  if (lastNode_ == UINT32_MAX) return "(entry point)";
  Span s = lastNodeIsStatement_ ? stmt(lastNode_).span : expr(lastNode_).span;
  std::string text(program_.module.text(s));
  for (char& c : text)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return program_.module.file().positionText(s.begin) + " " + text;
}

}  // namespace plumb::interp
