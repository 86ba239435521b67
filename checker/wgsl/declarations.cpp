// Declarations (#var-and-value, #struct-types, #type-aliases, #function-declaration-sec,
// #static-assert-statement): module scope and function scope.
#include <functional>

#include "checker/wgsl/checker_impl.h"

namespace plumb {

using namespace ast;

void Checker::checkDeclaration(uint32_t index) {
  ModuleDeclaration& d = out_.declarations[index];
  const GlobalDeclaration& g = m_[d.global];
  std::visit(
      [&](const auto& n) {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, VariableId>) {
          const VariableDeclaration& v = m_[n];
          if (v.kind == DeclarationKind::Var)
            checkModuleVariable(d, v);
          else
            checkModuleValue(d, v);
          out_.variables[n.value] = d.type;
        } else if constexpr (std::is_same_v<N, StructDeclaration>) {
          checkStruct(d, n);
        } else if constexpr (std::is_same_v<N, TypeAliasDeclaration>) {
          d.type = resolveTypeDecl(n.type);  // #type-aliases
        } else if constexpr (std::is_same_v<N, FunctionDeclaration>) {
          checkFunction(index, n);
        } else {
          checkStaticAssert(n.condition);
        }
      },
      g.node);
}

Type Checker::typeInitializer(ExpressionId init, Type declared, bool concretizeIt,
                              std::optional<Value>& value, EvaluationStage& stage) {
  Operand o = operand(init);
  stage = o.stage;
  if (!o.type) return declared;
  if (types_.kind(o.type) == TypeKind::Void) {
    error(o.span, "the function called here does not return a value", "function-calls");
    return declared;
  }
  Type target = declared;
  if (!target) {
    target = loadType(o.type);
    if (concretizeIt) target = concretize(target);
  }
  if (conversionRank(o.type, target) >= kInfiniteRank) {
    error(o.span,
          "the initializer is " + typeName(o.type) + ", which cannot be converted to " +
              typeName(target),
          "var-and-value");
    return declared ? declared : Type{};
  }
  value = convertOperand(o, target);
  if (o.value && o.value->has_value() && !value) return Type{};  // not representable
  return target;
}

// #module-scope-variables, #address-space, #var-decls
void Checker::checkModuleVariable(ModuleDeclaration& d, const VariableDeclaration& v) {
  d.attributes = checkAttributes(v.attributes, AttributePlace::ModuleVariable);
  Type store = v.type ? resolveTypeDecl(v.type) : Type{};
  if (v.initializer) {
    std::optional<Value> value;
    EvaluationStage stage;
    Type t = typeInitializer(v.initializer, store, /*concretizeIt=*/true, value, stage);
    if (!store) store = t;
    // A module-scope initializer is evaluated before any invocation runs, so it can only
    // use creation-time values and overrides (the seed is silent; the 2026 spec requires a
    // const- or override-expression: docs/ambiguities.md).
    if (out_.expressions[v.initializer.value].type && stage == EvaluationStage::Runtime)
      error(m_[v.initializer].span,
            "a module-scope variable's initializer must be a creation-time or override "
            "expression",
            "var-decls");
  }
  if (!store) {
    if (!v.type && !v.initializer)
      error(v.nameSpan, "a variable needs a type or an initializer", "var-decls");
    return;
  }
  AddressSpace space = v.space;
  bool handle = isTexture(types_, store) || isSampler(types_, store);
  if (handle) {
    if (v.hasQualifier) {
      error(v.span,
            "a texture or sampler variable must not have an address space: it is always in "
            "the handle space",
            "module-scope-variables");
      return;
    }
    space = AddressSpace::Handle;
  } else if (!v.hasQualifier) {
    error(v.nameSpan,
          "a module-scope variable must be declared with an address space (var<private>, "
          "var<workgroup>, var<uniform> or var<storage>)",
          "module-scope-variables");
    return;
  }
  if (space == AddressSpace::Function) {
    error(v.span, "the function address space is only for variables inside functions",
          "module-scope-variables");
    return;
  }
  AccessMode access = v.access;
  if (access != AccessMode::None && space != AddressSpace::Storage) {
    error(v.span,
          "the access mode must not be written for the " + std::string(spelling(space)) +
              " address space",
          "access-mode-defaults");
  }
  if (space == AddressSpace::Storage && access == AccessMode::Write) {
    error(v.span, "a storage buffer is read or read_write", "address-space");
    access = AccessMode::Read;
  }
  if (access == AccessMode::None || space != AddressSpace::Storage)
    access = space == AddressSpace::Uniform || space == AddressSpace::Storage ||
                     space == AddressSpace::Handle || space == AddressSpace::Immediate
                 ? AccessMode::Read
                 : AccessMode::ReadWrite;
  // #address-space: restrictions on stored values.
  for (const std::string& why : storeTypeRestriction(space, store, access))
    error(v.type ? m_[v.type].span : v.nameSpan, why,
          isBuffer(types_, store) ? "buffer-types" : "address-space");
  // #var-decls: "Optionally has an initializer expression, if the variable is in the private
  // or function address spaces."
  if (v.initializer && space != AddressSpace::Private && space != AddressSpace::Function)
    error(m_[v.initializer].span,
          "only private and function variables can have an initializer, not " +
              std::string(spelling(space)) + " ones",
          "var-decls");
  // #resource-interface: "Each resource variable must be declared with both group and binding
  // attributes"; #attribute-binding, #attribute-group: "Must only be applied to a resource
  // variable."
  bool resource = space == AddressSpace::Uniform || space == AddressSpace::Storage ||
                  space == AddressSpace::Handle;
  const Attributes& a = d.attributes;
  if (resource && (!a.has(Attributes::Group) || !a.has(Attributes::Binding))) {
    bool attempted = false;  // a @group or @binding with a bad argument was reported already
    for (AttributeId id : m_[v.attributes]) {
      std::string_view n = name(m_[id].name);
      attempted = attempted || ((n == "group" && !a.has(Attributes::Group)) ||
                                (n == "binding" && !a.has(Attributes::Binding)));
    }
    if (!attempted)
      error(v.nameSpan,
            std::string("a resource variable must have both @group and @binding, and '") +
                std::string(name(v.name)) + "' has " +
                (a.has(Attributes::Group)     ? "only @group"
                 : a.has(Attributes::Binding) ? "only @binding"
                                              : "neither"),
            "resource-interface");
  }
  if (!resource)
    for (Attributes::Kind k : {Attributes::Group, Attributes::Binding})
      if (a.has(k))
        error(m_[a.node[k]].span,
              std::string(k == Attributes::Group ? "@group" : "@binding") +
                  " is only allowed on resource variables (uniform and storage buffers, "
                  "textures, samplers), not on a " +
                  std::string(spelling(space)) + " variable",
              k == Attributes::Group ? "attribute-group" : "attribute-binding");
  // new#address-space-layout-constraints: "All address spaces except uniform have the same
  // constraints as the storage address space" (immediate data too: host-shareable).
  if (space == AddressSpace::Uniform || space == AddressSpace::Storage ||
      space == AddressSpace::Immediate)
    checkLayoutConstraints(store, space, v);
  d.type = types_.reference(space, store, access);
}

// #creation-time-consts, #override-decls
void Checker::checkModuleValue(ModuleDeclaration& d, const VariableDeclaration& v) {
  Type declared = v.type ? resolveTypeDecl(v.type) : Type{};
  if (v.type && !declared) return;
  bool isConst = v.kind == DeclarationKind::Const;
  if (!isConst) d.attributes = checkAttributes(v.attributes, AttributePlace::Override);
  if (!isConst) {
    // "The declared type, if present, must be a scalar."
    if (declared && !isScalar(types_, declared)) {
      error(m_[v.type].span, "an override's type must be a scalar, not " + typeName(declared),
            "override-decls");
      return;
    }
    if (!v.type && !v.initializer) {
      error(v.nameSpan, "an override needs a type, an initializer, or both", "override-decls");
      return;
    }
  }
  std::optional<Value> value;
  EvaluationStage stage = EvaluationStage::Constant;
  Type t = declared;
  if (v.initializer) {
    // A const keeps an abstract type; an override is concretized (docs/ambiguities.md).
    t = typeInitializer(v.initializer, declared, /*concretizeIt=*/!isConst, value, stage);
    if (!t) return;
    if (out_.expressions[v.initializer.value].type) {
      if (isConst && stage != EvaluationStage::Constant) {
        error(m_[v.initializer].span,
              "a const initializer must be a creation-time expression (literals, const "
              "declarations and @const built-ins)",
              "creation-time-consts");
        return;
      }
      if (!isConst && stage == EvaluationStage::Runtime) {
        error(m_[v.initializer].span,
              "an override initializer must be an override expression (literals, const and "
              "override declarations, @const built-ins)",
              "override-decls");
        return;
      }
    }
  }
  if (isConst) {
    // "The type of a creation-time constant must be: a constructible type, an abstract
    // numeric type, a vector, or a matrix."
    TypeKind k = types_.kind(t);
    // Revision 2026: abstract arrays too (new#const-decls, "an abstract constructible type").
    bool abstractArray =
        m_.revision().inferredArrayConstructor && k == TypeKind::Array && isAbstract(types_, t);
    // ... and the abstract result structures of frexp and modf (new#frexp-builtin: "a value
    // may infer the type"), which only revision 2026 has.
    abstractArray = abstractArray || (k == TypeKind::Struct && isAbstract(types_, t));
    if (!(isConstructible(types_, t) || isAbstractScalar(types_, t) || k == TypeKind::Vector ||
          k == TypeKind::Matrix || abstractArray)) {
      error(v.nameSpan, "a const cannot have type " + typeName(t), "creation-time-consts");
      return;
    }
  } else if (!isScalar(types_, t)) {
    error(m_[v.initializer].span, "an override's initializer must be a scalar, not " + typeName(t),
          "override-decls");
    return;
  }
  d.type = t;
  if (isConst) {
    d.value = std::move(value);
  } else if (options_.pipelineCreation) {
    resolveOverrideAtPipelineCreation(d, v, value);
  }
  // At shader creation an override has no value yet, even with an initializer: the
  // application may replace it (#override-decls).
}

// #address-space: the store types each address space allows; #atomic-types: atomics only in
// workgroup variables and read_write storage buffers; #array-types: an array sized by an
// override only in workgroup variables. One function for variables and for pointer types,
// which must name a variable that could be declared (#memory-view-types, seed l.2738).
std::vector<std::string> Checker::storeTypeRestriction(AddressSpace space, Type store,
                                                       AccessMode access) {
  std::vector<std::string> why;
  if (isBuffer(types_, store)) {
    // new#buffer-types: "Fixed-size buffers may only be instantiated by variables in the
    // storage, uniform, and workgroup address spaces. In the storage and uniform address
    // spaces, the size must be a const-expression. Runtime-sized buffers can only be
    // instantiated by variables in the storage address space."
    ArrayCount size = types_[store].arrayCount;
    bool ok = size == ArrayCount::Runtime ? space == AddressSpace::Storage
              : size == ArrayCount::Fixed
                  ? space == AddressSpace::Storage || space == AddressSpace::Uniform ||
                        space == AddressSpace::Workgroup
                  : space == AddressSpace::Workgroup;
    if (!ok)
      why.push_back(
          size == ArrayCount::Runtime
              ? "a runtime-sized buffer is only allowed in the storage address space"
          : size == ArrayCount::Fixed
              ? "a fixed-size buffer is only allowed in the storage, uniform and workgroup "
                "address spaces"
              : "a buffer sized by an override is only allowed in the workgroup address space "
                "(in storage and uniform its size must be a const-expression)");
    return why;
  }
  switch (space) {
    case AddressSpace::Function:
      if (!isConstructible(types_, store))
        why.push_back("a function-scope variable's type must be constructible, not " +
                      typeName(store));
      break;
    case AddressSpace::Private:
      if (!isConstructible(types_, store))
        why.push_back("a private variable's type must be constructible, not " + typeName(store));
      break;
    case AddressSpace::Workgroup:
      if (!isPlain(types_, store) || !hasFixedFootprint(types_, store))
        why.push_back(
            "a workgroup variable's type must be a plain type with a fixed footprint, not " +
            typeName(store));
      break;
    case AddressSpace::Uniform:
      if (!isConstructible(types_, store) || !isHostShareable(types_, store))
        why.push_back("a uniform buffer's type must be constructible and host-shareable, not " +
                      typeName(store));
      break;
    case AddressSpace::Storage:
      if (!isHostShareable(types_, store))
        why.push_back("a storage buffer's type must be host-shareable, not " + typeName(store));
      break;
    case AddressSpace::Immediate:
      // new#var-and-value: "Its store type must be a host-shareable constructible type,
      // excluding arrays and structures that contain array members" (concrete, by the
      // declaration table).
      if (!isConstructible(types_, store) || !isHostShareable(types_, store) ||
          containsArray(store))
        why.push_back(
            "an immediate data variable's type must be constructible and host-shareable, "
            "without arrays, not " +
            typeName(store));
      break;
    default:
      break;
  }
  if (types_.kind(store) == TypeKind::Array && types_[store].arrayCount == ArrayCount::Override &&
      space != AddressSpace::Workgroup)
    why.push_back("an array sized by an override is only allowed as a workgroup variable's type");
  std::function<bool(Type)> hasAtomic = [&](Type t) -> bool {
    const TypeNode& n = types_[t];
    if (n.kind == TypeKind::Atomic) return true;
    if (n.kind == TypeKind::Array) return hasAtomic(n.element);
    if (n.kind == TypeKind::Struct)
      for (const MemberInfo& m : types_.structInfo(t).members)
        if (hasAtomic(m.type)) return true;
    return false;
  };
  if (hasAtomic(store) && space != AddressSpace::Workgroup &&
      !(space == AddressSpace::Storage && access == AccessMode::ReadWrite))
    why.push_back(
        "atomic types are only allowed in workgroup variables and read_write storage buffers");
  return why;
}

bool Checker::containsArray(Type t) {
  const TypeNode& n = types_[t];
  if (n.kind == TypeKind::Array) return true;
  if (n.kind == TypeKind::Struct)
    for (const MemberInfo& m : types_.structInfo(t).members)
      if (containsArray(m.type)) return true;
  return false;
}

// #struct-types
void Checker::checkStruct(ModuleDeclaration& d, const StructDeclaration& s) {
  StructInfo info;
  info.name = std::string(name(s.name));
  info.declaration = d.global;
  std::span<const MemberId> members = m_[s.members];
  checkLimit(s.nameSpan, Limit::StructureMembers, members.size());
  for (size_t i = 0; i < members.size(); ++i) {
    const ast::StructMember& m = m_[members[i]];
    Type t = resolveTypeDecl(m.type);
    for (size_t j = 0; j < i; ++j)
      if (m_[members[j]].name == m.name) {
        error(m.nameSpan, "'" + std::string(name(m.name)) + "' is already a member of " + info.name,
              "struct-types");
        note(m_[members[j]].nameSpan, "the previous member");
      }
    Attributes& attrs = out_.memberAttributes[members[i].value];
    attrs = checkAttributes(m.attributes, AttributePlace::StructMember);
    if (!t) return;
    if (attrs.has(Attributes::Location) && !isNumericScalar(types_, t) &&
        !(types_.kind(t) == TypeKind::Vector && isNumericScalar(types_, types_[t].element)))
      error(m_[attrs.node[Attributes::Location]].span,
            "@location is only allowed on numeric scalars and vectors, not " + typeName(t),
            "attribute-location");
    // "A structure member type must be one of: a scalar, a vector, a matrix, an atomic, a
    // fixed-size array with creation-fixed footprint, a runtime-sized array but only as the
    // last member, a structure with creation-fixed footprint."
    const TypeNode& n = types_[t];
    bool ok = isScalar(types_, t) || n.kind == TypeKind::Vector || n.kind == TypeKind::Matrix ||
              n.kind == TypeKind::Atomic ||
              (n.kind == TypeKind::Array && n.arrayCount == ArrayCount::Fixed &&
               hasCreationFixedFootprint(types_, t)) ||
              (n.kind == TypeKind::Array && n.arrayCount == ArrayCount::Runtime &&
               i + 1 == members.size()) ||
              (n.kind == TypeKind::Struct && hasCreationFixedFootprint(types_, t));
    if (!ok) {
      std::string why = n.kind == TypeKind::Array && n.arrayCount == ArrayCount::Runtime
                            ? "a runtime-sized array is only allowed as the last member"
                            : "a structure member cannot have type " + typeName(t);
      error(m_[m.type].span, why, "struct-types");
      return;
    }
    info.members.push_back(MemberInfo{std::string(name(m.name)), t, members[i],
                                      attrs.has(Attributes::Align) ? attrs.align : 0,
                                      attrs.has(Attributes::Size) ? attrs.size : 0});
  }
  d.type = types_.addStruct(std::move(info));
  checkMemberSizes(d.type);
  checkLimit(s.nameSpan, Limit::CompositeNesting, nestingDepth(types_, d.type));
}

// #static-assert-statement
void Checker::checkStaticAssert(ExpressionId condition) {
  Operand o = operand(condition);
  if (!o.type) return;
  if (types_.kind(loadType(o.type)) != TypeKind::Bool) {
    error(o.span, "a static assertion needs a bool, not " + typeName(o.type), staticAssertRule());
    return;
  }
  if (o.stage != EvaluationStage::Constant) {
    error(o.span, "a static assertion must be a creation-time expression", staticAssertRule());
    return;
  }
  if (o.value && o.value->has_value() && !(*o.value)->boolValue())
    error(o.span, "static assertion failed", staticAssertRule());
}

// #function-declaration-sec, #function-restriction
void Checker::checkFunction(uint32_t index, const FunctionDeclaration& f) {
  FunctionSignature sig;
  ModuleDeclaration& decl = out_.declarations[index];
  decl.attributes = checkAttributes(f.attributes, AttributePlace::Function);
  const Attributes& attrs = decl.attributes;
  // new#attribute-must_use: "must only be applied to a declaration of a function with a
  // return type".
  if (attrs.has(Attributes::MustUse) && !f.returnType)
    error(m_[attrs.node[Attributes::MustUse]].span,
          "@must_use is only allowed on a function with a return type", "attribute-must_use");
  // #entry-point-decl: a pipeline stage attribute makes the function an entry point. The stage
  // counts even if the attribute had a bad argument, so that the parameters are checked as an
  // entry point's.
  ShaderStage stage = attrs.stage;
  for (AttributeId a : m_[f.attributes]) {
    std::string_view n = name(m_[a].name);
    if (stage == ShaderStage::None && n == "vertex") stage = ShaderStage::Vertex;
    if (stage == ShaderStage::None && n == "fragment") stage = ShaderStage::Fragment;
    if (stage == ShaderStage::None && n == "compute") stage = ShaderStage::Compute;
  }
  sig.entryPoint = stage != ShaderStage::None;
  if (sig.entryPoint) {
    EntryPoint entry{index, stage, {}, {}};
    if (stage == ShaderStage::Compute) {
      // #entry-point-attributes: "workgroup_size must be specified on compute shader".
      if (attrs.has(Attributes::WorkgroupSize))
        checkWorkgroupSize(m_[attrs.node[Attributes::WorkgroupSize]], entry);
      else
        error(f.nameSpan, "a compute shader entry point must have a @workgroup_size attribute",
              "attribute-workgroup_size");
      if (attrs.has(Attributes::SubgroupSize))
        checkSubgroupSize(m_[attrs.node[Attributes::SubgroupSize]], entry);
    }
    out_.entryPoints.push_back(entry);
  }
  // new#subgroup-size-attr: "Must only be applied to a compute shader entry point function."
  if (attrs.has(Attributes::SubgroupSize) && stage != ShaderStage::Compute)
    error(m_[attrs.node[Attributes::SubgroupSize]].span,
          "@subgroup_size is only allowed on compute shader entry points", "subgroup-size-attr");
  // @workgroup_size "must be applied to a compute shader entry point function. Must not be
  // applied to any other object."
  if (attrs.has(Attributes::WorkgroupSize) && stage != ShaderStage::Compute)
    error(m_[attrs.node[Attributes::WorkgroupSize]].span,
          "@workgroup_size is only allowed on compute shader entry points",
          "attribute-workgroup_size");
  // #attribute-location: "Must only be applied to declarations of numeric scalar or numeric
  // vector type. Must not be used with the compute shader stage."
  auto checkLocation = [&](const Attributes& a, Type t) {
    if (!a.has(Attributes::Location) || !t) return;
    Span span = m_[a.node[Attributes::Location]].span;
    TypeKind k = types_.kind(t);
    if (!(isNumericScalar(types_, t) ||
          (k == TypeKind::Vector && isNumericScalar(types_, types_[t].element))))
      error(span, "@location is only allowed on numeric scalars and vectors, not " + typeName(t),
            "attribute-location");
    else if (stage == ShaderStage::Compute)
      error(span, "@location must not be used with the compute shader stage", "attribute-location");
  };
  bool ok = true;
  checkLimit(f.nameSpan, Limit::FunctionParameters, m_[f.parameters].size());
  checkLimit(f.nameSpan, Limit::BraceNesting, braceDepth(f.body));
  for (ParameterId p : m_[f.parameters]) {
    Type t = resolveTypeDecl(m_[p].type);
    out_.parameters[p.value] = t;
    out_.parameterAttributes[p.value] =
        checkAttributes(m_[p].attributes, sig.entryPoint ? AttributePlace::EntryPointParameter
                                                         : AttributePlace::Parameter);
    checkLocation(out_.parameterAttributes[p.value], t);
    sig.parameters.push_back(t);
    if (!t) {
      ok = false;
      continue;
    }
    // "A function parameter must be one of: a constructible type, a pointer type, a texture
    // type, a sampler type."
    const TypeNode& n = types_[t];
    if (!isConstructible(types_, t) && n.kind != TypeKind::Pointer && !isTexture(types_, t) &&
        !isSampler(types_, t)) {
      error(m_[m_[p].type].span, "a parameter cannot have type " + typeName(t),
            "function-restriction");
    }
    // "For user-defined functions, a parameter of pointer type must be in one of the
    // following address spaces: function, private, workgroup."
    // new#function-restriction drops this (unrestricted_pointer_parameters, delta 2.5).
    if (!m_.revision().unrestrictedPointerParameters && n.kind == TypeKind::Pointer &&
        n.space != AddressSpace::Function && n.space != AddressSpace::Private &&
        n.space != AddressSpace::Workgroup) {
      error(m_[m_[p].type].span,
            "a pointer parameter must be in the function, private or workgroup address space, "
            "not " +
                std::string(spelling(n.space)),
            "function-restriction");
    }
  }
  if (f.returnType) {
    sig.result = resolveTypeDecl(f.returnType);
    // "If a function has a return type, it must be a constructible type."
    if (sig.result && !isConstructible(types_, sig.result))
      error(m_[f.returnType].span,
            "a function's return type must be constructible, not " + typeName(sig.result),
            "function-restriction");
    decl.returnAttributes =
        checkAttributes(f.returnAttributes,
                        sig.entryPoint ? AttributePlace::EntryPointReturn : AttributePlace::Return);
    checkLocation(decl.returnAttributes, sig.result);
  }
  (void)ok;
  decl.type = sig.result ? sig.result : types_.voidType();
  functions_[index] = sig;
  // The body.
  currentReturnType_ = sig.result;
  inFunction_ = true;
  checkStatements(std::get<CompoundStatement>(m_[f.body].node).statements);
  inFunction_ = false;
}

}  // namespace plumb
