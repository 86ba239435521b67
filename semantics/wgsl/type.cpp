#include "semantics/wgsl/type.h"

#include <algorithm>

#include "semantics/hash.h"

namespace plumb {

size_t TypeTable::NodeHash::operator()(const TypeNode& n) const {
  uint64_t h = static_cast<uint64_t>(n.kind) | (uint64_t(n.size) << 8) | (uint64_t(n.rows) << 16) |
               (uint64_t(n.space) << 24) | (uint64_t(n.access) << 32) |
               (uint64_t(n.dimension) << 40) | (uint64_t(n.format) << 48) |
               (uint64_t(n.arrayCount) << 56);
  h = (h ^ n.element.id) * 0x9E3779B97F4A7C15ull;
  h = (h ^ n.count) * 0x9E3779B97F4A7C15ull;
  h ^= uint64_t(n.depth) << 3;
  return static_cast<size_t>(h ^ (h >> 31));
}

TypeTable::TypeTable() {
  nodes_.push_back(TypeNode{});  // Invalid
  auto scalar = [&](TypeKind k) { return intern(TypeNode{k}); };
  void_ = scalar(TypeKind::Void);
  bool_ = scalar(TypeKind::Bool);
  abstractInt_ = scalar(TypeKind::AbstractInt);
  abstractFloat_ = scalar(TypeKind::AbstractFloat);
  i32_ = scalar(TypeKind::I32);
  u32_ = scalar(TypeKind::U32);
  f32_ = scalar(TypeKind::F32);
  f16_ = scalar(TypeKind::F16);
}

Type TypeTable::intern(const TypeNode& node) {
  if (node.kind == TypeKind::Invalid) return Type{0};
  auto it = index_.find(node);
  if (it != index_.end()) return Type{it->second};
  nodes_.push_back(node);
  uint32_t id = static_cast<uint32_t>(nodes_.size() - 1);
  index_.emplace(node, id);
  return Type{id};
}

Type TypeTable::find(const TypeNode& node) const {
  auto it = index_.find(node);
  return it == index_.end() ? Type{0} : Type{it->second};
}

Type TypeTable::vector(uint8_t n, Type component) {
  TypeNode node{TypeKind::Vector};
  node.size = n;
  node.element = component;
  return intern(node);
}

Type TypeTable::matrix(uint8_t columns, uint8_t rows, Type component) {
  TypeNode node{TypeKind::Matrix};
  node.size = columns;
  node.rows = rows;
  node.element = component;
  return intern(node);
}

Type TypeTable::atomic(Type t) {
  TypeNode node{TypeKind::Atomic};
  node.element = t;
  return intern(node);
}

Type TypeTable::array(Type element, ArrayCount count, uint64_t value) {
  TypeNode node{TypeKind::Array};
  node.element = element;
  node.arrayCount = count;
  node.count = count == ArrayCount::Runtime ? 0 : value;
  return intern(node);
}

Type TypeTable::buffer(ArrayCount size, uint64_t value) {
  TypeNode node{TypeKind::Buffer};
  node.arrayCount = size;
  node.count = size == ArrayCount::Runtime ? 0 : value;
  return intern(node);
}

Type TypeTable::pointer(ast::AddressSpace space, Type store, ast::AccessMode access) {
  TypeNode node{TypeKind::Pointer};
  node.space = space;
  node.element = store;
  node.access = access;
  return intern(node);
}

Type TypeTable::reference(ast::AddressSpace space, Type store, ast::AccessMode access) {
  TypeNode node{TypeKind::Reference};
  node.space = space;
  node.element = store;
  node.access = access;
  return intern(node);
}

Type TypeTable::addStruct(StructInfo info) {
  uint32_t depth = 0;
  for (const MemberInfo& m : info.members) {
    info.abstract = info.abstract || isAbstract(*this, m.type);
    info.creationFixedFootprint =
        info.creationFixedFootprint && hasCreationFixedFootprint(*this, m.type);
    info.constructible = info.constructible && isConstructible(*this, m.type);
    info.hostShareable = info.hostShareable && isHostShareable(*this, m.type);
    depth = std::max(depth, plumb::nestingDepth(*this, m.type));
  }
  info.nestingDepth = 1 + depth;
  structs_.push_back(std::move(info));
  TypeNode node{TypeKind::Struct};
  node.count = structs_.size() - 1;
  return intern(node);
}

static std::string_view sampledTextureName(ast::TextureDimension d) {
  static constexpr std::string_view k[] = {"texture_1d", "texture_2d", "texture_2d_array",
                                           "texture_3d", "texture_cube", "texture_cube_array"};
  return k[static_cast<int>(d)];
}

std::string TypeTable::name(Type t) const {
  const TypeNode& n = nodes_[t.id];
  switch (n.kind) {
    case TypeKind::Invalid: return "<invalid>";
    case TypeKind::Void: return "void";
    case TypeKind::Bool: return "bool";
    case TypeKind::AbstractInt: return "AbstractInt";
    case TypeKind::AbstractFloat: return "AbstractFloat";
    case TypeKind::I32: return "i32";
    case TypeKind::U32: return "u32";
    case TypeKind::F32: return "f32";
    case TypeKind::F16: return "f16";
    case TypeKind::Vector: return "vec" + std::to_string(n.size) + "<" + name(n.element) + ">";
    case TypeKind::Matrix:
      return "mat" + std::to_string(n.size) + "x" + std::to_string(n.rows) + "<" +
             name(n.element) + ">";
    case TypeKind::Atomic: return "atomic<" + name(n.element) + ">";
    case TypeKind::Array:
      if (n.arrayCount == ArrayCount::Runtime) return "array<" + name(n.element) + ">";
      if (n.arrayCount == ArrayCount::Fixed)
        return "array<" + name(n.element) + ", " + std::to_string(n.count) + ">";
      if (auto it = overrideCountText_.find(n.count); it != overrideCountText_.end())
        return "array<" + name(n.element) + ", " + it->second + ">";
      return "array<" + name(n.element) + ", override #" + std::to_string(n.count) + ">";
    case TypeKind::Struct: return structs_[n.count].name;
    case TypeKind::Pointer:
    case TypeKind::Reference:
      return std::string(n.kind == TypeKind::Pointer ? "ptr<" : "ref<") +
             std::string(ast::spelling(n.space)) + ", " + name(n.element) + ", " +
             std::string(ast::spelling(n.access)) + ">";
    case TypeKind::Sampler: return "sampler";
    case TypeKind::SamplerComparison: return "sampler_comparison";
    case TypeKind::SampledTexture:
      return std::string(sampledTextureName(n.dimension)) + "<" + name(n.element) + ">";
    case TypeKind::MultisampledTexture: return "texture_multisampled_2d<" + name(n.element) + ">";
    case TypeKind::ExternalTexture: return "texture_external";
    case TypeKind::StorageTexture: {
      std::string d(sampledTextureName(n.dimension));
      return "texture_storage" + d.substr(7) + "<" + std::string(ast::spelling(n.format)) + ", " +
             std::string(ast::spelling(n.access)) + ">";
    }
    case TypeKind::DepthTexture: {
      static constexpr std::string_view k[] = {"texture_depth_2d", "texture_depth_2d_array",
                                               "texture_depth_cube", "texture_depth_cube_array",
                                               "texture_depth_multisampled_2d"};
      return std::string(k[static_cast<int>(n.depth)]);
    }
    case TypeKind::Buffer:
      if (n.arrayCount == ArrayCount::Runtime) return "buffer";
      if (n.arrayCount == ArrayCount::Fixed) return "buffer<" + std::to_string(n.count) + ">";
      if (auto it = overrideCountText_.find(n.count); it != overrideCountText_.end())
        return "buffer<" + it->second + ">";
      return "buffer<override #" + std::to_string(n.count) + ">";
  }
  return "?";
}

// --------------------------------------------------------------------------- predicates

bool isScalar(const TypeTable& t, Type x) {
  switch (t.kind(x)) {
    case TypeKind::Bool: case TypeKind::I32: case TypeKind::U32: case TypeKind::F32:
    case TypeKind::F16:
      return true;
    default: return false;
  }
}

bool isNumericScalar(const TypeTable& t, Type x) {
  return isScalar(t, x) && t.kind(x) != TypeKind::Bool;
}

bool isIntegerScalar(const TypeTable& t, Type x) {
  return t.kind(x) == TypeKind::I32 || t.kind(x) == TypeKind::U32;
}

bool isFloatScalar(const TypeTable& t, Type x) {
  return t.kind(x) == TypeKind::F32 || t.kind(x) == TypeKind::F16;
}

bool isAbstractScalar(const TypeTable& t, Type x) {
  return t.kind(x) == TypeKind::AbstractInt || t.kind(x) == TypeKind::AbstractFloat;
}

// #types-for-creation-time-constants: "A type that is not an abstract numeric type nor
// contains an abstract numeric type is called concrete."
bool isAbstract(const TypeTable& t, Type x) {
  const TypeNode& n = t[x];
  switch (n.kind) {
    case TypeKind::AbstractInt: case TypeKind::AbstractFloat: return true;
    case TypeKind::Vector: case TypeKind::Matrix: case TypeKind::Array:
      return isAbstract(t, n.element);
    case TypeKind::Struct: return t.structInfo(x).abstract;
    default: return false;
  }
}

bool isConcrete(const TypeTable& t, Type x) { return !isAbstract(t, x); }

// #plain-types-section: a scalar, an atomic, or a composite type.
bool isPlain(const TypeTable& t, Type x) {
  switch (t.kind(x)) {
    case TypeKind::Vector: case TypeKind::Matrix: case TypeKind::Array: case TypeKind::Struct:
    case TypeKind::Atomic:
      return true;
    default: return isScalar(t, x);
  }
}

bool hasCreationFixedFootprint(const TypeTable& t, Type x) {
  const TypeNode& n = t[x];
  switch (n.kind) {
    case TypeKind::Vector: case TypeKind::Matrix: return isConcrete(t, x);
    case TypeKind::Atomic: return true;
    case TypeKind::Array:
      return n.arrayCount == ArrayCount::Fixed && hasCreationFixedFootprint(t, n.element);
    case TypeKind::Struct: return t.structInfo(x).creationFixedFootprint;
    // new#fixed-footprint-types: "a fixed-size buffer type, when its size is a const-expression".
    case TypeKind::Buffer:
      return n.arrayCount == ArrayCount::Fixed;
    default: return isScalar(t, x);
  }
}

bool hasFixedFootprint(const TypeTable& t, Type x) {
  const TypeNode& n = t[x];
  if (n.kind == TypeKind::Array)
    return n.arrayCount != ArrayCount::Runtime && hasFixedFootprint(t, n.element);
  // new#fixed-footprint-types: "a fixed-size buffer type (without further constraining its size)".
  if (n.kind == TypeKind::Buffer) return n.arrayCount != ArrayCount::Runtime;
  return hasCreationFixedFootprint(t, x);
}

bool isConstructible(const TypeTable& t, Type x) {
  const TypeNode& n = t[x];
  switch (n.kind) {
    case TypeKind::Vector: case TypeKind::Matrix: return isConcrete(t, x);
    case TypeKind::Array:
      return n.arrayCount == ArrayCount::Fixed && isConstructible(t, n.element);
    case TypeKind::Struct: return t.structInfo(x).constructible;
    default: return isScalar(t, x);
  }
}

bool isTexture(const TypeTable& t, Type x) {
  switch (t.kind(x)) {
    case TypeKind::SampledTexture: case TypeKind::MultisampledTexture:
    case TypeKind::ExternalTexture: case TypeKind::StorageTexture: case TypeKind::DepthTexture:
      return true;
    default: return false;
  }
}

bool isSampler(const TypeTable& t, Type x) {
  return t.kind(x) == TypeKind::Sampler || t.kind(x) == TypeKind::SamplerComparison;
}

bool isBuffer(const TypeTable& t, Type x) {
  return t.kind(x) == TypeKind::Buffer;
}

bool isStorable(const TypeTable& t, Type x) {
  switch (t.kind(x)) {
    case TypeKind::Vector: case TypeKind::Matrix: return isConcrete(t, x);
    // new#storable-types adds "a buffer type".
    case TypeKind::Atomic:
    case TypeKind::Array:
    case TypeKind::Struct:
    case TypeKind::Buffer:
      return true;
    default: return isScalar(t, x) || isTexture(t, x) || isSampler(t, x);
  }
}

static bool isNumericVector(const TypeTable& t, Type x) {
  return t.kind(x) == TypeKind::Vector && isNumericScalar(t, t[x].element);
}

bool isIOShareable(const TypeTable& t, Type x) {
  if (isNumericScalar(t, x) || isNumericVector(t, x)) return true;
  if (t.kind(x) != TypeKind::Struct) return false;
  for (const MemberInfo& m : t.structInfo(x).members)
    if (!isNumericScalar(t, m.type) && !isNumericVector(t, m.type)) return false;
  return true;
}

bool isHostShareable(const TypeTable& t, Type x) {
  const TypeNode& n = t[x];
  switch (n.kind) {
    case TypeKind::Matrix: return isConcrete(t, x);
    case TypeKind::Atomic: return true;
    case TypeKind::Array:
      if (n.arrayCount == ArrayCount::Runtime) return isHostShareable(t, n.element);
      return hasCreationFixedFootprint(t, x) && isHostShareable(t, n.element);
    case TypeKind::Struct: return t.structInfo(x).hostShareable;
    case TypeKind::Buffer:
      return true;  // new#host-shareable-types: "a buffer type"
    default: return isNumericScalar(t, x) || isNumericVector(t, x);
  }
}

Type componentType(const TypeTable& t, Type x) {
  TypeKind k = t.kind(x);
  if (k == TypeKind::Vector || k == TypeKind::Matrix) return t[x].element;
  return x;
}

uint32_t nestingDepth(const TypeTable& t, Type x) {
  const TypeNode& n = t[x];
  switch (n.kind) {
    case TypeKind::Vector: return 1;
    case TypeKind::Matrix: return 2;
    case TypeKind::Array: return 1 + nestingDepth(t, n.element);
    case TypeKind::Struct: return t.structInfo(x).nestingDepth;
    default: return 0;
  }
}

}  // namespace plumb
