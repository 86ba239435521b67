// The abstract syntax tree of a WGSL module (revision 2022-06).
//
// Nodes live in arenas owned by the Module and refer to each other by typed handles (as naga
// does); child lists are ranges in per-kind list pools. Each node is a std::variant of the
// forms the grammar distinguishes, named after the spec's sections. Every node has a Span.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include "semantics/wgsl/numeric_literal.h"
#include "semantics/wgsl/revision.h"
#include "semantics/segmented_store.h"
#include "semantics/source.h"

namespace plumb::ast {

/// A typed index into a Module arena. Default-constructed handles are "absent".
template <class T>
struct Id {
  static constexpr uint32_t kNone = 0xFFFFFFFFu;
  uint32_t value = kNone;
  explicit operator bool() const { return value != kNone; }
  bool operator==(const Id&) const = default;
};

/// A list of handles in one of the Module's list pools: the index of a count followed by the
/// handles (index 0 is the shared empty list). One word, so that nodes stay small.
template <class T>
struct List {
  uint32_t head = 0;
  bool empty() const { return head == 0; }
};

/// An interned identifier-shaped word (identifier, or keyword used as an attribute name).
struct Symbol {
  uint32_t id = 0xFFFFFFFFu;
  bool operator==(const Symbol&) const = default;
  explicit operator bool() const { return id != 0xFFFFFFFFu; }
};

class SymbolTable {
 public:
  Symbol intern(std::string_view name);
  /// `hash` must be hashName(name) (truncated to 32 bits).
  Symbol intern(std::string_view name, uint32_t hash);
  std::string_view name(Symbol s) const { return names_[s.id]; }
  size_t size() const { return names_.size(); }

 private:
  std::vector<std::string_view> names_;  // views into the source text (or static storage)
  std::vector<uint32_t> hashes_;         // hashName of each name (for rehashing)
  std::vector<uint32_t> slots_;          // open addressing: symbol id + 1, 0 = empty
};

struct Expression;
struct TypeDecl;
struct Statement;
struct Attribute;
struct VariableDeclaration;
struct StructMember;
struct Parameter;
struct SwitchClause;
struct GlobalDeclaration;

using ExpressionId = Id<Expression>;
using TypeId = Id<TypeDecl>;
using StatementId = Id<Statement>;
using AttributeId = Id<Attribute>;
using VariableId = Id<VariableDeclaration>;
using MemberId = Id<StructMember>;
using ParameterId = Id<Parameter>;
using ClauseId = Id<SwitchClause>;
using GlobalId = Id<GlobalDeclaration>;

// ---------------------------------------------------------------- expressions (#expressions)

enum class UnaryOperator : uint8_t {
  Negation,     // -e   #arithmetic-expr
  LogicalNot,   // !e   #logical-expr
  Complement,   // ~e   #bit-expr
  Indirection,  // *e   #indirection-expr
  AddressOf,    // &e   #address-of-expr
};

enum class BinaryOperator : uint8_t {
  Multiply, Divide, Modulo, Add, Subtract,                                  // #arithmetic-expr
  ShiftLeft, ShiftRight, And, Or, Xor,                                      // #bit-expr
  LessThan, GreaterThan, LessThanEqual, GreaterThanEqual, Equal, NotEqual,  // #comparison-expr
  ShortCircuitAnd, ShortCircuitOr,                                          // #logical-expr
};

enum class LiteralKind : uint8_t { Bool, Int, Float };

/// #literal-expressions. Numeric literals keep their text (the span); `suffix` is its suffix.
struct LiteralExpression {
  LiteralKind kind;
  bool boolValue = false;
  LiteralSuffix suffix = LiteralSuffix::None;
};

/// #var-identifier-expr, #formal-parameter-expr, #constant-identifier-expr (resolved later).
struct IdentifierExpression {
  Symbol name;
};

/// `callable argument_expression_list`: a function call (#function-call-expr) or a type
/// constructor (#type-constructor-expr). The callee is a name or a type_decl; a name is kept
/// as a name until name resolution tells whether it is a function or a type. (Packed in one
/// word so that every expression node stays at 24 bytes.)
struct CallExpression {
  List<Expression> arguments;

  static CallExpression toName(Symbol name, List<Expression> args) {
    return CallExpression{args, name.id};
  }
  static CallExpression toType(TypeId type, List<Expression> args) {
    return CallExpression{args, type.value | kTypeBit};
  }
  /// The callee's name, or an absent symbol if the callee is a type_decl.
  Symbol function() const { return callee & kTypeBit ? Symbol{} : Symbol{callee}; }
  /// The callee's type_decl, or an absent handle if the callee is a name.
  TypeId type() const { return callee & kTypeBit ? TypeId{callee & ~kTypeBit} : TypeId{}; }

  uint32_t callee = 0;  // a Symbol id, or a TypeId with kTypeBit set
  static constexpr uint32_t kTypeBit = 0x80000000u;
};

/// #parenthesized-expressions
struct ParenthesizedExpression {
  ExpressionId inner;
};

/// `bitcast < type_decl > paren_expression` (#bitcast-expr); `operand` is inside the parens.
struct BitcastExpression {
  TypeId type;
  ExpressionId operand;
};

/// `e [ index ]` (#vector-access-expr, #matrix-access-expr, #array-access-expr).
struct IndexExpression {
  ExpressionId base;
  ExpressionId index;
};

/// `e . ident`: structure member or vector swizzle (#struct-access-expr, #vector-access-expr).
struct MemberExpression {
  ExpressionId base;
  Symbol member;
};

struct UnaryExpression {
  UnaryOperator op;
  ExpressionId operand;
};

/// `left op right`. The operator shares a word with the left operand's handle (expression
/// handles are below 2^27, an implementation limit), so that every expression node fits in
/// 20 bytes.
struct BinaryExpression {
  static constexpr uint32_t kOperandBits = 27;
  static constexpr uint32_t kOperandMask = (1u << kOperandBits) - 1;

  static BinaryExpression make(BinaryOperator op, ExpressionId left, ExpressionId right) {
    return BinaryExpression{(static_cast<uint32_t>(op) << kOperandBits) | left.value, right};
  }
  BinaryOperator op() const { return static_cast<BinaryOperator>(leftAndOp >> kOperandBits); }
  ExpressionId left() const { return ExpressionId{leftAndOp & kOperandMask}; }

  uint32_t leftAndOp = 0;
  ExpressionId right;
};

struct Expression {
  Span span;
  std::variant<LiteralExpression, IdentifierExpression, CallExpression, ParenthesizedExpression,
               BitcastExpression, IndexExpression, MemberExpression, UnaryExpression,
               BinaryExpression>
      node;
};

// ---------------------------------------------------------------------- types (#types)

enum class ScalarKind : uint8_t { Bool, F32, F16, I32, U32 };
// Handle is never written in source (`handle` is reserved): textures and samplers live there.
// Immediate is revision 2026's (new#address-space, immediate_address_space).
enum class AddressSpace : uint8_t {
  None,
  Function,
  Private,
  Workgroup,
  Uniform,
  Storage,
  Handle,
  Immediate
};
enum class AccessMode : uint8_t { None, Read, Write, ReadWrite };
enum class TextureDimension : uint8_t { D1, D2, D2Array, D3, Cube, CubeArray };
/// The seed's 16 formats (#texel-formats), then the 24 that current WGSL adds
/// (new#storage-texel-formats; Revision::currentTexelFormats).
enum class TexelFormat : uint8_t {
  Rgba8unorm,
  Rgba8snorm,
  Rgba8uint,
  Rgba8sint,
  Rgba16uint,
  Rgba16sint,
  Rgba16float,
  R32uint,
  R32sint,
  R32float,
  Rg32uint,
  Rg32sint,
  Rg32float,
  Rgba32uint,
  Rgba32sint,
  Rgba32float,
  Rgba16unorm,
  Rgba16snorm,
  Rg8unorm,
  Rg8snorm,
  Rg8uint,
  Rg8sint,
  Rg16unorm,
  Rg16snorm,
  Rg16uint,
  Rg16sint,
  Rg16float,
  Bgra8unorm,
  R8unorm,
  R8snorm,
  R8uint,
  R8sint,
  R16unorm,
  R16snorm,
  R16uint,
  R16sint,
  R16float,
  Rgb10a2unorm,
  Rgb10a2uint,
  Rg11b10ufloat,
};
inline constexpr TexelFormat kLastSeedTexelFormat = TexelFormat::Rgba32float;
inline constexpr TexelFormat kLastTexelFormat = TexelFormat::Rg11b10ufloat;
enum class DepthTextureKind : uint8_t { D2, D2Array, Cube, CubeArray, Multisampled2d };

/// `type_decl : ident` — a structure, an alias, or a predeclared type such as texture_external.
struct NamedType {
  Symbol name;
};
/// bool, f32, f16, i32, u32 (#plain-types-section)
struct ScalarType {
  ScalarKind kind;
};
/// vecN<T> (#vector-types). `element` is absent for a bare `vec_prefix` used as a callable.
struct VectorType {
  uint8_t size;
  TypeId element;
};
/// matCxR<T> (#matrix-types). `element` is absent for a bare `mat_prefix` used as a callable.
struct MatrixType {
  uint8_t columns;
  uint8_t rows;
  TypeId element;
};
/// ptr<AS, T(, AM)?> (#memory-view-types)
struct PointerType {
  TypeId store;
  AddressSpace space;
  AccessMode access;  // None if not spelled
};
/// array<T(, N)?> (#array-types). `count` is absent for a runtime-sized array.
struct ArrayType {
  TypeId element;
  ExpressionId count;
};
/// atomic<T> (#atomic-types)
struct AtomicType {
  TypeId element;
};
/// sampler, sampler_comparison (#sampler-type)
struct SamplerType {
  bool comparison;
};
/// texture_1d<T> ... texture_cube_array<T> (#sampled-texture-type)
struct SampledTextureType {
  TextureDimension dimension;
  TypeId sampled;
};
/// texture_multisampled_2d<T> (#multisampled-texture-type)
struct MultisampledTextureType {
  TypeId sampled;
};
/// texture_storage_*<format, access> (#texture-storage)
struct StorageTextureType {
  TextureDimension dimension;
  TexelFormat format;
  AccessMode access;
};
/// texture_depth_* (#texture-depth)
struct DepthTextureType {
  DepthTextureKind kind;
};
/// Revision 2026 (buffer_view, new#buffer-types): `buffer<N>`, or the runtime-sized `buffer`
/// (`size` absent).
struct BufferType {
  ExpressionId size;
};

struct TypeDecl {
  Span span;
  std::variant<NamedType, ScalarType, VectorType, MatrixType, PointerType, ArrayType, AtomicType,
               SamplerType, SampledTextureType, MultisampledTextureType, StorageTextureType,
               DepthTextureType, BufferType>
      node;
  /// Revision 2026: the predeclared identifier that spelled a type other than NamedType
  /// (`f32`, `vec3`, `vec3f`, `array`, ...). A user declaration of that name shadows it
  /// (new#declaration-and-scope), which the checker decides; empty in the seed.
  Symbol predeclared{};
};

// ------------------------------------------------------------ attributes (#attributes)

/// `@ name` or `@ name ( literal_or_ident, ... )`. Arguments are literal or identifier
/// expressions.
struct Attribute {
  Span span;
  Symbol name;
  Span nameSpan;
  List<Expression> arguments;
  bool hasParentheses = false;
};

// ------------------------------------------- declarations (#var-and-value, #functions)

enum class DeclarationKind : uint8_t { Var, Let, Const, Override };

/// `var`, `let`, `const` and `override` declarations, at module scope or as statements.
struct VariableDeclaration {
  Span span;
  DeclarationKind kind;
  Symbol name;
  Span nameSpan;
  List<Attribute> attributes;     // module-scope var and override only
  bool hasQualifier = false;      // var< ... >
  AddressSpace space = AddressSpace::None;
  AccessMode access = AccessMode::None;
  TypeId type;                    // absent when inferred
  ExpressionId initializer;       // absent when not given
};

struct StructMember {
  Span span;
  List<Attribute> attributes;
  Symbol name;
  Span nameSpan;
  TypeId type;
};

/// #struct-types
struct StructDeclaration {
  Symbol name;
  Span nameSpan;
  List<StructMember> members;
};

/// #type-aliases
struct TypeAliasDeclaration {
  Symbol name;
  Span nameSpan;
  TypeId type;
};

struct Parameter {
  Span span;
  List<Attribute> attributes;
  Symbol name;
  Span nameSpan;
  TypeId type;
};

/// #function-declaration-sec
struct FunctionDeclaration {
  List<Attribute> attributes;
  Symbol name;
  Span nameSpan;
  List<Parameter> parameters;
  List<Attribute> returnAttributes;
  TypeId returnType;  // absent if none
  StatementId body;   // a CompoundStatement
};

/// #static-assert-statement at module scope
struct StaticAssertDeclaration {
  ExpressionId condition;
};

struct GlobalDeclaration {
  Span span;
  std::variant<VariableId, StructDeclaration, TypeAliasDeclaration, FunctionDeclaration,
               StaticAssertDeclaration>
      node;
};

// --------------------------------------------------------------- statements (#statements)

struct EmptyStatement {};  // `;`
/// #compound-statement-section
struct CompoundStatement {
  List<Statement> statements;
};
/// #return-statement
struct ReturnStatement {
  ExpressionId value;
};
/// #if-statement. `elseBranch` is absent, a CompoundStatement, or an IfStatement.
struct IfStatement {
  ExpressionId condition;
  StatementId body;
  StatementId elseBranch;
};
/// One `case ...` or `default` clause. Its body is a CompoundStatement whose last statement
/// may be a FallthroughStatement (case_compound_statement).
struct SwitchClause {
  Span span;
  bool isDefault = false;
  List<Expression> selectors;
  StatementId body;
};
/// #switch-statement
struct SwitchStatement {
  ExpressionId selector;
  List<SwitchClause> clauses;
};
/// #loop-statement. `continuing` is absent or a ContinuingStatement.
struct LoopStatement {
  List<Statement> statements;
  StatementId continuing;
};
/// #continuing-statement. Its last statement may be a BreakIfStatement.
struct ContinuingStatement {
  List<Statement> statements;
};
/// for_header: each part is optional. Kept apart from ForStatement so that every statement
/// node fits in 24 bytes.
struct ForHeader {
  StatementId initializer;
  ExpressionId condition;
  StatementId update;
};
using ForHeaderId = Id<ForHeader>;
/// #for-statement
struct ForStatement {
  ForHeaderId header;
  StatementId body;
};
/// #while-statement
struct WhileStatement {
  ExpressionId condition;
  StatementId body;
};
struct BreakStatement {};        // #break-statement
struct BreakIfStatement {        // #break-if-statement
  ExpressionId condition;
};
struct ContinueStatement {};     // #continue-statement
struct DiscardStatement {};      // #discard-statement
struct FallthroughStatement {};  // #switch-statement (fallthrough_statement)
/// #function-call-statement: `call` is a CallExpression with a named callee.
struct FunctionCallStatement {
  ExpressionId call;
};
/// variable_statement (#var-and-value)
struct DeclarationStatement {
  VariableId declaration;
};

enum class AssignmentOperator : uint8_t {
  Assign, Add, Subtract, Multiply, Divide, Modulo, And, Or, Xor, ShiftRight, ShiftLeft,
};
/// #assignment: simple, phony (`_ = e`, no `target`) and compound assignment.
struct AssignmentStatement {
  AssignmentOperator op;
  ExpressionId target;  // absent for a phony assignment
  ExpressionId value;
};
/// #increment-decrement
struct IncrementStatement {
  ExpressionId target;
};
struct DecrementStatement {
  ExpressionId target;
};
/// #static-assert-statement inside a function
struct StaticAssertStatement {
  ExpressionId condition;
};

struct Statement {
  Span span;
  std::variant<EmptyStatement, CompoundStatement, ReturnStatement, IfStatement, SwitchStatement,
               LoopStatement, ContinuingStatement, ForStatement, WhileStatement, BreakStatement,
               BreakIfStatement, ContinueStatement, DiscardStatement, FallthroughStatement,
               FunctionCallStatement, DeclarationStatement, AssignmentStatement,
               IncrementStatement, DecrementStatement, StaticAssertStatement>
      node;
};

// ------------------------------------------------------------------------- the module

/// #directives: `enable name;`
struct EnableDirective {
  Span span;
  Symbol name;
  Span nameSpan;
};

/// new#language-extensions-sec: one name of a `requires` directive (revision 2026).
struct RequiresDirective {
  Span span;
  Symbol name;
  Span nameSpan;
};

/// new#diagnostic-filtering: `diagnostic(severity, rule)` as a directive or inside a
/// `@diagnostic` attribute (revision 2026). A rule name is `name` or `name.member`.
struct DiagnosticControl {
  Span span;
  Symbol severity;
  Span severitySpan;
  Symbol rule;
  Symbol ruleMember;  // empty unless the rule is `rule.ruleMember`
  Span ruleSpan;
};

template <class T>
class Arena {
 public:
  Id<T> add(T value) {
    ++size_;
    return Id<T>{store_.push(std::move(value))};
  }
  T& operator[](Id<T> id) { return store_[id.value]; }
  const T& operator[](Id<T> id) const { return store_[id.value]; }
  /// Number of elements added.
  size_t size() const { return size_; }
  size_t bytes() const { return store_.bytes(); }

 private:
  SegmentedStore<T> store_;
  size_t size_ = 0;
};

template <class T>
class ListPool {
 public:
  ListPool() { store_.push(Id<T>{0}); }  // the empty list: a count of 0 at index 0
  List<T> add(std::span<const Id<T>> items) {
    if (items.empty()) return List<T>{};
    uint32_t n = static_cast<uint32_t>(items.size());
    return List<T>{store_.appendWithHeader(Id<T>{n}, items.data(), n)};
  }
  std::span<const Id<T>> operator[](List<T> l) const {
    if (l.head == 0) return {};
    const Id<T>* p = store_.contiguous(l.head);
    return std::span<const Id<T>>(p + 1, p->value);
  }
  size_t bytes() const { return store_.bytes(); }

 private:
  SegmentedStore<Id<T>> store_;
};

class Module {
 public:
  Module(const SourceFile& file, const Revision& revision) : file_(&file), revision_(&revision) {}

  const SourceFile& file() const { return *file_; }
  const Revision& revision() const { return *revision_; }
  std::string_view text(Span s) const { return file_->text().substr(s.begin, s.size()); }

  SymbolTable symbols;
  std::vector<EnableDirective> directives;
  std::vector<RequiresDirective> requiresDirectives;
  std::vector<DiagnosticControl> diagnosticDirectives;
  /// Attributes written before statements (revision 2026: only @diagnostic is allowed there);
  /// the checker validates them.
  std::vector<AttributeId> statementAttributes;
  std::vector<GlobalId> declarations;
  /// Revision 2026: the template list of a call of a predeclared function that takes a type
  /// (`bufferView<T>(p, o)`, `bufferArrayView<T>(p, o, s)`: new#buffer-view-builtin-functions),
  /// by the call expression's id; the call itself is a CallExpression by name. (The seed's
  /// `bitcast<T>` keeps its own node.)
  std::unordered_map<uint32_t, TypeId> callTemplates;

  Arena<Expression> expressions;
  Arena<TypeDecl> types;
  Arena<Statement> statements;
  Arena<Attribute> attributes;
  Arena<VariableDeclaration> variables;
  Arena<StructMember> members;
  Arena<Parameter> parameters;
  Arena<SwitchClause> clauses;
  Arena<ForHeader> forHeaders;
  Arena<GlobalDeclaration> globals;

  ListPool<Expression> expressionLists;
  ListPool<Statement> statementLists;
  ListPool<Attribute> attributeLists;
  ListPool<StructMember> memberLists;
  ListPool<Parameter> parameterLists;
  ListPool<SwitchClause> clauseLists;

  std::span<const ExpressionId> operator[](List<Expression> l) const { return expressionLists[l]; }
  std::span<const StatementId> operator[](List<Statement> l) const { return statementLists[l]; }
  std::span<const AttributeId> operator[](List<Attribute> l) const { return attributeLists[l]; }
  std::span<const MemberId> operator[](List<StructMember> l) const { return memberLists[l]; }
  std::span<const ParameterId> operator[](List<Parameter> l) const { return parameterLists[l]; }
  std::span<const ClauseId> operator[](List<SwitchClause> l) const { return clauseLists[l]; }

  const Expression& operator[](ExpressionId id) const { return expressions[id]; }
  const TypeDecl& operator[](TypeId id) const { return types[id]; }
  const Statement& operator[](StatementId id) const { return statements[id]; }
  const Attribute& operator[](AttributeId id) const { return attributes[id]; }
  const VariableDeclaration& operator[](VariableId id) const { return variables[id]; }
  const StructMember& operator[](MemberId id) const { return members[id]; }
  const Parameter& operator[](ParameterId id) const { return parameters[id]; }
  const SwitchClause& operator[](ClauseId id) const { return clauses[id]; }
  const ForHeader& operator[](ForHeaderId id) const { return forHeaders[id]; }
  const GlobalDeclaration& operator[](GlobalId id) const { return globals[id]; }

  std::string_view name(Symbol s) const { return symbols.name(s); }

  /// Bytes held by the arenas and pools (for the memory figures in the README).
  size_t bytes() const;

 private:
  const SourceFile* file_;
  const Revision* revision_;
};

// Spellings shared by the parser, the printer and the dumps.
std::string_view spelling(UnaryOperator op);
std::string_view spelling(BinaryOperator op);
std::string_view spelling(AssignmentOperator op);
std::string_view spelling(AddressSpace s);
std::string_view spelling(AccessMode a);
std::string_view spelling(TexelFormat f);
std::string_view spelling(ScalarKind k);
std::string_view spelling(DeclarationKind k);

}  // namespace plumb::ast
