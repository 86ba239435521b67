// type_decl -> type (#types, #type-declarations): the constraints each type form places on its
// parameters.
#include "checker/wgsl/checker_impl.h"

namespace plumb {

using namespace ast;

bool Checker::requireF16(Span span, const char* rule) {
  if (f16Enabled_) return true;
  // #extension-list: "using f16 keyword or any floating point literal with a h suffix will
  // result in a shader-creation error" unless the f16 extension is enabled; #literals says the
  // same of `h` literals.
  error(span, "f16 requires the f16 extension: add `enable f16;`", rule);
  return false;
}

Type Checker::resolveTypeDecl(TypeId id) {
  if (!id) return Type{};
  if (!typeDeclDone_[id.value]) {
    typeDeclDone_[id.value] = 1;
    out_.typeDecls[id.value] = resolveTypeDeclUncached(id);
  }
  return out_.typeDecls[id.value];
}

static AccessMode defaultAccess(AddressSpace s) {
  // #access-mode-defaults and the address space table: storage defaults to read; uniform
  // supports read only; function, private and workgroup support read_write only.
  switch (s) {
    case AddressSpace::Storage:
    case AddressSpace::Uniform:
    case AddressSpace::Immediate:  // new#address-space: read
      return AccessMode::Read;
    default:
      return AccessMode::ReadWrite;
  }
}

Type Checker::resolveTypeDeclUncached(TypeId id) {
  const TypeDecl& t = m_[id];
  auto namedType = [&](Symbol typeName) -> Type {
    const Resolution& r = out_.typeNames[id.value];
    if (r.kind == Resolution::PredeclaredType)
      return types_.intern(TypeNode{TypeKind::ExternalTexture});
    if (r.kind != Resolution::ModuleDeclaration) {
      if (r.kind != Resolution::Unresolved)
        error(t.span, "'" + std::string(name(typeName)) + "' is not a type", "type-declarations");
      return Type{};
    }
    const ModuleDeclaration& d = out_.declarations[r.index];
    if (d.kind != ModuleDeclaration::TypeAlias && d.kind != ModuleDeclaration::Struct) {
      error(t.span, "'" + std::string(name(typeName)) + "' is not a type", "type-declarations");
      return Type{};
    }
    return d.type;  // Invalid while a cyclic declaration is unresolved
  };
  // Revision 2026: a user declaration shadows the predeclared type that spelled this one
  // (new#declaration-and-scope); no declaration takes a template list.
  if (shadowedTypes_[id.value]) {
    if (m_.text(t.span).ends_with('>')) {
      error(t.span,
            "'" + std::string(name(t.predeclared)) +
                "' names a declaration here, which takes no template list (it shadows the "
                "predeclared type generator)",
            "declaration-and-scope");
      return Type{};
    }
    return namedType(t.predeclared);
  }
  return std::visit(
      [&](const auto& n) -> Type {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, NamedType>) {
          return namedType(n.name);
        } else if constexpr (std::is_same_v<N, ScalarType>) {
          switch (n.kind) {
            case ScalarKind::Bool:
              return types_.boolType();
            case ScalarKind::I32:
              return types_.i32();
            case ScalarKind::U32:
              return types_.u32();
            case ScalarKind::F32:
              return types_.f32();
            case ScalarKind::F16:
              requireF16(t.span);
              return types_.f16();
          }
          return Type{};
        } else if constexpr (std::is_same_v<N, VectorType>) {
          Type e = resolveTypeDecl(n.element);
          if (!e) return Type{};
          // #vector-types: T must be a scalar or an abstract numeric type.
          if (!isScalar(types_, e) && !isAbstractScalar(types_, e)) {
            error(m_[n.element].span,
                  "a vector's component type must be a scalar, not " + typeName(e), "vector-types");
            return Type{};
          }
          return types_.vector(n.size, e);
        } else if constexpr (std::is_same_v<N, MatrixType>) {
          Type e = resolveTypeDecl(n.element);
          if (!e) return Type{};
          // #matrix-types: T must be f32, f16 or AbstractFloat.
          if (types_.kind(e) != TypeKind::F32 && types_.kind(e) != TypeKind::F16) {
            error(m_[n.element].span,
                  "a matrix's component type must be f32 or f16, not " + typeName(e),
                  "matrix-types");
            return Type{};
          }
          return types_.matrix(n.columns, n.rows, e);
        } else if constexpr (std::is_same_v<N, AtomicType>) {
          Type e = resolveTypeDecl(n.element);
          if (!e) return Type{};
          // #atomic-types: T must be either u32 or i32.
          if (!isIntegerScalar(types_, e)) {
            error(m_[n.element].span, "an atomic's type must be i32 or u32, not " + typeName(e),
                  "atomic-types");
            return Type{};
          }
          return types_.atomic(e);
        } else if constexpr (std::is_same_v<N, PointerType>) {
          Type store = resolveTypeDecl(n.store);
          if (!store) return Type{};
          AccessMode access = n.access;
          if (access != AccessMode::None && n.space != AddressSpace::Storage) {
            // #access-mode-defaults: for other address spaces "the access mode must not be
            // written".
            error(t.span,
                  "the access mode must not be written for the " + std::string(spelling(n.space)) +
                      " address space",
                  "access-mode-defaults");
          }
          if (access == AccessMode::Write && n.space == AddressSpace::Storage) {
            error(t.span, "the storage address space supports read and read_write access only",
                  "address-space");
          }
          if (access == AccessMode::None || n.space != AddressSpace::Storage)
            access = defaultAccess(n.space);
          // #memory-view-types (seed l.2738; 2026 #ref-ptr-types l.3727): "If a pointer type
          // appears in the program source, it must also be valid to declare a variable ... with the
          // pointer type's address space, store type, and access mode": no parameter or alias that
          // can never hold a pointer (`ptr<private, atomic<u32>>`, `ptr<workgroup, array<i32>>`).
          if (std::vector<std::string> why = storeTypeRestriction(n.space, store, access);
              !why.empty())
            error(t.span, "this pointer type names no variable that could be declared: " + why[0],
                  "memory-view-types");
          return types_.pointer(n.space, store, access);
        } else if constexpr (std::is_same_v<N, ArrayType>) {
          Type e = resolveTypeDecl(n.element);
          if (!e) return Type{};
          // #array-types: the element type must be a scalar, a concrete vector or matrix, an
          // atomic, or an array or structure with creation-fixed footprint.
          TypeKind k = types_.kind(e);
          bool ok = isScalar(types_, e) || k == TypeKind::Vector || k == TypeKind::Matrix ||
                    k == TypeKind::Atomic ||
                    ((k == TypeKind::Array || k == TypeKind::Struct) &&
                     hasCreationFixedFootprint(types_, e));
          if (!ok) {
            error(m_[n.element].span,
                  "an array's element type must be a plain type with a creation-fixed footprint, "
                  "not " +
                      typeName(e),
                  "array-types");
            return Type{};
          }
          if (!n.count) return types_.array(e, ArrayCount::Runtime, 0);
          // new#const-expr (revision 2026): a count is evaluated even in an operand that is
          // not (`false && array<bool, value - 2>()[0]`): it is "needed for a static type".
          int unevaluated = notEvaluated_;
          notEvaluated_ = 0;
          const ExpressionInfo& c = typeExpression(n.count);
          notEvaluated_ = unevaluated;
          if (!c.type) return Type{};
          Type ct = loadType(c.type);
          // "It must evaluate to an integer scalar."
          if (!isIntegerScalar(types_, ct) && types_.kind(ct) != TypeKind::AbstractInt) {
            error(m_[n.count].span,
                  "an array's element count must be an integer, not " + typeName(ct),
                  "array-types");
            return Type{};
          }
          // "It must be an override expression."
          if (c.stage == EvaluationStage::Runtime) {
            error(m_[n.count].span,
                  "an array's element count must be an override expression (made of literals, "
                  "constants and overrides)",
                  "array-types");
            return Type{};
          }
          if (c.stage == EvaluationStage::Constant && c.value) {
            int64_t count = c.value->intValue();
            // An AbstractInt count is concretized: the integer scalars are i32 and u32
            // (#scalar-types), and AbstractInt converts to i32 (#conversion-rank), an error
            // when the value is not in i32 (`array<f32, 3000000000u>` is a u32 count).
            if (types_.kind(ct) == TypeKind::AbstractInt &&
                !convertValue(*c.value, types_.i32(), m_[n.count].span))
              return Type{};
            if (count <= 0) {
              // The seed calls a non-positive count a pipeline-creation error; for a
              // creation-time count it is detectable at shader creation (#processing-errors:
              // "Each requirement will be checked at the earliest opportunity").
              error(m_[n.count].span,
                    "an array's element count must be greater than zero, not " +
                        std::to_string(count),
                    "array-types");
              return Type{};
            }
            return types_.array(e, ArrayCount::Fixed, static_cast<uint64_t>(count));
          }
          // #array-types: "It is a pipeline-creation error if N is ... less than or equal to
          // zero" for an override-sized count, when pipeline creation is simulated.
          if (c.value && c.value->intValue() <= 0) {
            error(m_[n.count].span,
                  "pipeline creation: the array's element count is " +
                      std::to_string(c.value->intValue()) + ", but it must be greater than zero",
                  "array-types");
          }
          // Override-sized: the identity is the override declaration when the count names one
          // ("the same pipeline-overridable constant"), else the expression itself.
          uint64_t identity = (uint64_t(1) << 40) | n.count.value;
          if (auto* ident = std::get_if<IdentifierExpression>(&m_[n.count].node)) {
            const Resolution& r = out_.identifiers[n.count.value];
            if (r.kind == Resolution::ModuleDeclaration) identity = r.index;
          }
          if (c.value && c.value->intValue() > 0)
            out_.overrideArrayCounts[identity] = static_cast<uint64_t>(c.value->intValue());
          Span s = m_[n.count].span;
          types_.nameOverrideCount(identity,
                                   std::string(m_.file().text().substr(s.begin, s.size())));
          return types_.array(e, ArrayCount::Override, identity);
        } else if constexpr (std::is_same_v<N, SamplerType>) {
          return types_.intern(
              TypeNode{n.comparison ? TypeKind::SamplerComparison : TypeKind::Sampler});
        } else if constexpr (std::is_same_v<N, SampledTextureType> ||
                             std::is_same_v<N, MultisampledTextureType>) {
          Type s = resolveTypeDecl(n.sampled);
          if (!s) return Type{};
          // #sampled-texture-type, #multisampled-texture-type: f32, i32 or u32.
          TypeKind k = types_.kind(s);
          if (k != TypeKind::F32 && k != TypeKind::I32 && k != TypeKind::U32) {
            error(m_[n.sampled].span,
                  "a texture's sampled type must be f32, i32 or u32, not " + typeName(s),
                  std::is_same_v<N, SampledTextureType> ? "sampled-texture-type"
                                                        : "multisampled-texture-type");
            return Type{};
          }
          TypeNode node{std::is_same_v<N, SampledTextureType> ? TypeKind::SampledTexture
                                                              : TypeKind::MultisampledTexture};
          if constexpr (std::is_same_v<N, SampledTextureType>) node.dimension = n.dimension;
          node.element = s;
          return types_.intern(node);
        } else if constexpr (std::is_same_v<N, StorageTextureType>) {
          // #texture-storage: "access must be write"; new#texture-storage adds read and
          // read_write (readonly_and_readwrite_storage_textures, delta 2.6).
          if (n.access != AccessMode::Write && !m_.revision().readWriteStorageTextures) {
            error(t.span, "a storage texture's access mode must be write in this revision",
                  "texture-storage");
            return Type{};
          }
          TypeNode node{TypeKind::StorageTexture};
          node.dimension = n.dimension;
          node.format = n.format;
          node.access = n.access;
          return types_.intern(node);
        } else if constexpr (std::is_same_v<N, DepthTextureType>) {
          TypeNode node{TypeKind::DepthTexture};
          node.depth = n.kind;
          return types_.intern(node);
        } else if constexpr (std::is_same_v<N, BufferType>) {
          return resolveBufferType(n, t.span);
        }
        return Type{};
      },
      t.node);
}

// new#buffer-types: `buffer<N>` and `buffer` (the buffer_view language feature).
Type Checker::resolveBufferType(const BufferType& b, Span span) {
  if (!m_.revision().bufferView) {
    error(span, "buffer types need the buffer_view language feature (revision 2026)",
          "buffer-types");
    return Type{};
  }
  if (!b.size) return types_.buffer(ArrayCount::Runtime, 0);
  int unevaluated = notEvaluated_;
  notEvaluated_ = 0;
  const ExpressionInfo& c = typeExpression(b.size);
  notEvaluated_ = unevaluated;
  if (!c.type) return Type{};
  Type ct = loadType(c.type);
  Span sizeSpan = m_[b.size].span;
  // "N must be an override-expression" (of an integer type: it counts bytes).
  if (!isIntegerScalar(types_, ct) && types_.kind(ct) != TypeKind::AbstractInt) {
    error(sizeSpan, "a buffer's size must be an integer, not " + typeName(ct), "buffer-types");
    return Type{};
  }
  if (c.stage == EvaluationStage::Runtime) {
    error(sizeSpan,
          "a buffer's size must be an override-expression (made of literals, constants and "
          "overrides)",
          "buffer-types");
    return Type{};
  }
  // "If N is not greater than 0", "not evenly divisible by 2" (f16 enabled) or "by 4" (not):
  // a shader-creation error when N is a const-expression, else a pipeline-creation error.
  uint64_t multiple = f16Enabled_ ? 2 : 4;
  auto sizeError = [&](int64_t n) -> bool {
    std::string when = c.stage == EvaluationStage::Constant ? "" : "pipeline creation: ";
    if (n <= 0) {
      error(sizeSpan, when + "a buffer's size must be greater than zero, not " + std::to_string(n),
            "buffer-types");
      return true;
    }
    if (static_cast<uint64_t>(n) % multiple != 0) {
      error(sizeSpan,
            when + "a buffer's size must be a multiple of " + std::to_string(multiple) +
                (f16Enabled_ ? " (f16 is enabled)" : " (f16 is not enabled)") + ", not " +
                std::to_string(n),
            "buffer-types");
      return true;
    }
    return false;
  };
  if (c.stage == EvaluationStage::Constant && c.value) {
    if (types_.kind(ct) == TypeKind::AbstractInt && !convertValue(*c.value, types_.i32(), sizeSpan))
      return Type{};
    int64_t n = c.value->intValue();
    if (sizeError(n)) return Type{};
    return types_.buffer(ArrayCount::Fixed, static_cast<uint64_t>(n));
  }
  if (c.value) sizeError(c.value->intValue());
  // Override-sized: "the same pipeline-overridable constant" by the declaration it names, as
  // for arrays (new#buffer-types: two such buffer types are the same iff they name it).
  uint64_t identity = (uint64_t(1) << 40) | b.size.value;
  if (std::holds_alternative<IdentifierExpression>(m_[b.size].node)) {
    const Resolution& r = out_.identifiers[b.size.value];
    if (r.kind == Resolution::ModuleDeclaration) identity = r.index;
  }
  if (c.value && c.value->intValue() > 0)
    out_.overrideArrayCounts[identity] = static_cast<uint64_t>(c.value->intValue());
  types_.nameOverrideCount(identity, std::string(m_.text(sizeSpan)));
  return types_.buffer(ArrayCount::Override, identity);
}

}  // namespace plumb
