// The WGSL type universe (#types): scalars, abstract numeric types, vectors, matrices, atomics,
// arrays, structures, memory views (pointers and references), samplers and textures.
//
// Types are values interned in a TypeTable: equal types have equal handles, so type equality
// is handle equality (#array-types "Two array types are the same if ...", structures by
// declaration).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "semantics/wgsl/ast.h"

namespace plumb {

enum class TypeKind : uint8_t {
  Invalid,  // the type of an expression that failed to type; never reported twice
  Void,     // the "type" of a call to a function without a return type
  Bool,
  AbstractInt,
  AbstractFloat,
  I32,
  U32,
  F32,
  F16,
  Vector,
  Matrix,
  Atomic,
  Array,
  Struct,
  Pointer,
  Reference,
  Sampler,
  SamplerComparison,
  SampledTexture,
  MultisampledTexture,
  ExternalTexture,
  StorageTexture,
  DepthTexture,
  Buffer,  // revision 2026 (new#buffer-types): buffer<N> (arrayCount Fixed or Override), buffer
};

/// A handle to an interned type.
struct Type {
  uint32_t id = 0;  // 0 is Invalid
  bool operator==(const Type&) const = default;
  explicit operator bool() const { return id != 0; }
};

/// How an array's element count is given (#array-types).
enum class ArrayCount : uint8_t {
  Runtime,   // array<E>
  Fixed,     // array<E, N> with N a creation-time value: `count` is N
  Override,  // array<E, N> with N naming a pipeline-overridable constant: `count` is its id
};

struct TypeNode {
  TypeKind kind = TypeKind::Invalid;
  uint8_t size = 0;  // vector components; matrix columns
  uint8_t rows = 0;  // matrix rows
  ast::AddressSpace space = ast::AddressSpace::None;  // pointer, reference
  ast::AccessMode access = ast::AccessMode::None;     // pointer, reference, storage texture
  ast::TextureDimension dimension = ast::TextureDimension::D2;
  ast::TexelFormat format = ast::TexelFormat::Rgba8unorm;
  ast::DepthTextureKind depth = ast::DepthTextureKind::D2;
  ArrayCount arrayCount = ArrayCount::Runtime;
  Type element{};      // vector/matrix component, atomic, array element, store type, sampled type
  uint64_t count = 0;  // array element count or override identity; structure index
  bool operator==(const TypeNode&) const = default;
};

/// One member of a structure type, with the attributes the type rules and layout need.
struct MemberInfo {
  std::string name;
  Type type;
  ast::MemberId declaration;  // absent for predeclared structures
  uint32_t align = 0;         // @align(n), 0 if absent
  uint32_t size = 0;          // @size(n), 0 if absent
};

struct StructInfo {
  std::string name;
  std::vector<MemberInfo> members;
  ast::GlobalId declaration;  // absent for predeclared (built-in result) structures

  // Derived from the members by TypeTable::addStruct, so that the type predicates stay linear
  // in the size of a type even when a structure uses another one many times (a chain of
  // structures each holding two of the previous one would otherwise take exponential time).
  bool abstract = false;
  bool creationFixedFootprint = true;
  bool constructible = true;
  bool hostShareable = true;
  uint32_t nestingDepth = 1;
};

class TypeTable {
 public:
  TypeTable();

  Type intern(const TypeNode& node);
  /// The handle of `node` if it is interned, Invalid otherwise (never adds it).
  Type find(const TypeNode& node) const;
  const TypeNode& operator[](Type t) const { return nodes_[t.id]; }
  TypeKind kind(Type t) const { return nodes_[t.id].kind; }

  // Predeclared scalar types.
  Type invalid() const { return Type{0}; }
  Type voidType() const { return void_; }
  Type boolType() const { return bool_; }
  Type abstractInt() const { return abstractInt_; }
  Type abstractFloat() const { return abstractFloat_; }
  Type i32() const { return i32_; }
  Type u32() const { return u32_; }
  Type f32() const { return f32_; }
  Type f16() const { return f16_; }

  Type vector(uint8_t n, Type component);
  Type matrix(uint8_t columns, uint8_t rows, Type component);
  Type atomic(Type t);
  Type array(Type element, ArrayCount count, uint64_t value);
  Type pointer(ast::AddressSpace space, Type store, ast::AccessMode access);
  Type reference(ast::AddressSpace space, Type store, ast::AccessMode access);
  /// new#buffer-types: `buffer<N>` (Fixed: N bytes; Override: N names an override, `value` is
  /// its identity) or the runtime-sized `buffer` (Runtime).
  Type buffer(ArrayCount size, uint64_t value);

  /// A new structure type (structures are distinct by declaration).
  Type addStruct(StructInfo info);
  const StructInfo& structInfo(Type t) const { return structs_[nodes_[t.id].count]; }
  StructInfo& structInfo(Type t) { return structs_[nodes_[t.id].count]; }

  /// The type as WGSL spells it (AbstractInt and references as the spec writes them).
  std::string name(Type t) const;
  /// The source text of an override-sized array's element count, by its identity, for name().
  void nameOverrideCount(uint64_t identity, std::string text) {
    overrideCountText_.emplace(identity, std::move(text));
  }

  size_t size() const { return nodes_.size(); }

 private:
  struct NodeHash {
    size_t operator()(const TypeNode& n) const;
  };
  std::vector<TypeNode> nodes_;
  std::vector<StructInfo> structs_;
  std::unordered_map<TypeNode, uint32_t, NodeHash> index_;
  std::unordered_map<uint64_t, std::string> overrideCountText_;
  Type void_, bool_, abstractInt_, abstractFloat_, i32_, u32_, f32_, f16_;
};

// ----------------------------------------------------------------- type predicates (#types)

bool isScalar(const TypeTable& t, Type x);          // bool, i32, u32, f32, f16 (#scalar-types)
bool isNumericScalar(const TypeTable& t, Type x);   // i32, u32, f32, f16
bool isIntegerScalar(const TypeTable& t, Type x);   // i32, u32
bool isFloatScalar(const TypeTable& t, Type x);     // f32, f16
bool isAbstract(const TypeTable& t, Type x);        // AbstractInt/Float or contains one
bool isAbstractScalar(const TypeTable& t, Type x);  // AbstractInt, AbstractFloat
bool isConcrete(const TypeTable& t, Type x);
bool isPlain(const TypeTable& t, Type x);           // #plain-types-section
bool isConstructible(const TypeTable& t, Type x);   // #constructible-types
bool hasCreationFixedFootprint(const TypeTable& t, Type x);  // #fixed-footprint-types
bool hasFixedFootprint(const TypeTable& t, Type x);
bool isStorable(const TypeTable& t, Type x);        // #storable-types
bool isIOShareable(const TypeTable& t, Type x);     // #io-shareable-types
bool isHostShareable(const TypeTable& t, Type x);   // #host-shareable-types
bool isTexture(const TypeTable& t, Type x);
bool isSampler(const TypeTable& t, Type x);
/// new#buffer-types: a fixed-size or runtime-sized buffer.
bool isBuffer(const TypeTable& t, Type x);
/// The scalar (or abstract) component type of a scalar, vector or matrix; the type itself
/// otherwise.
Type componentType(const TypeTable& t, Type x);
/// #composite-types NestDepth; 0 for non-composites.
uint32_t nestingDepth(const TypeTable& t, Type x);

}  // namespace plumb
