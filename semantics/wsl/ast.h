// The WSL syntax tree, with the execution-only forms of WSL.ott (`val`, `Call s`, `Loop`,
// `Cases`, annotated blocks, resolved declarations `tval x : sid`). The parser builds it, the
// desugarings (desugar.h) rewrite it, the checker annotates it (types, resolved callees, store
// identifiers), and the machine (interpreter/wsl) rewrites it step by step. Nodes are immutable
// once checked: the machine builds new nodes along the path to each redex and shares the rest.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "semantics/source.h"
#include "semantics/wsl/type.h"
#include "semantics/wsl/value.h"

namespace plumb::wsl {

struct Expr;
struct Stmt;
using ExprP = std::shared_ptr<const Expr>;
using StmtP = std::shared_ptr<const Stmt>;

/// WSL.ott `e`. Operators other than `&&`, `||`, `!`, `?:`, `=`, `&`, `*`, `@`, `[]`, `.`, `++`,
/// `--` and the compound assignments are calls of the matching `operator` name (seed "Expressions":
/// "syntactic sugar for calls to the matching operator name").
enum class ExprKind {
  IntLiteral,      // `42`, `-7`, `0x1F`: an integer literal (int, uint or float by coercion)
  UintLiteral,     // `42u`
  FloatLiteral,    // `1.5`, `2.f`
  BoolLiteral,     // true, false
  Name,            // variable_name
  Parens,          // `( e )`
  Comma,           // `e , e'`
  Or,              // `e || e'`
  And,             // `e && e'`
  Ternary,         // `e0 ? e1 : e2`
  Not,             // `! e`
  Assign,          // `e = e'`
  CompoundAssign,  // `e1 += e2` (name = "operator+"), -=, *=, ...
  Deref,           // `* e`
  AddressOf,       // `& e`
  MakeRef,         // `@ e`
  Index,           // `e [ e' ]`
  Dot,             // `e .foo` (name = foo)
  PrefixIncr,      // `++ e` (name = "operator++" or "operator--")
  PostfixIncr,     // `e ++`
  Call,            // `x ( e0 , .. , en )`, resolved by the checker to `fid ( ... )`
  Val,             // an execution-time value (`val`)
  CallConstruct,   // `Call s`
};

/// What the checker learned about an expression, kept for the execution rules: the type it
/// was given (its right-value type and whether it is a left value), the resolved callee, the
/// stride and static size of `[]`, the store identifier of a postfix `++`.
struct ExprAnnotation {
  TypeP type;              // the right-value type
  bool leftValue = false;  // typed as LVal(type, space) ("e has a left value type")
  AddressSpace space = AddressSpace::Thread;
  bool arrayRef = false;  // for Index: the indexed operand has an array reference type
  int function = -1;      // Call, Dot, Index, CompoundAssign, Incr: the resolved function id
  int setter = -1;        // Dot/Index typed as an abstract left value through operator.foo= / []=
  int getter = -1;    // Dot/Index: operator.foo / operator[] for dot_getter / array_deref_getter
  int ander = -1;     // Dot/Index: operator&.foo / operator&[] for alval_*_ander
  Address store = 0;  // PostfixIncr: the store identifier (freshAddress)
  bool mayDiscard = false;
};

struct Expr {
  ExprKind kind = ExprKind::Val;
  Span span;
  std::string name;             // Name, Dot field, Call callee, operator of CompoundAssign/Incr
  std::string literal;          // literal spelling
  std::vector<ExprP> operands;  // children in source order
  Value value;                  // Val, literals after checking
  StmtP body;                   // CallConstruct
  ExprAnnotation info;
  bool decrement = false;  // PrefixIncr/PostfixIncr: `--`
};

/// WSL.ott `s`.
enum class StmtKind {
  Block,    // `{ R s0 .. sn }` (annotated once executing)
  If,       // `if (e) s` (desugared by if_then)
  IfElse,   // `if (e) s else s'`
  While,    // desugared by while
  DoWhile,  // `do s while (e);`
  For,      // `for (init ; e ; e') s`
  Switch,   // `switch (e) { sc0: sblock0 .. }`
  Break,
  Continue,
  Fallthrough,
  Discard,
  Return,      // `return e;`
  ReturnVoid,  // `return;`
  Empty,       // `;` (desugared by empty_stmt)
  ExprStmt,    // `e;`
  VarDecls,    // `tval vdecl0 , .. , vdecln ;` (split by multiple_vdecls)
  Loop,        // `Loop(s, s', s'')`, execution only
  Cases,       // `Cases(s0, .., sn)`, execution only
};

struct VarDecl {
  Span span;
  std::string name;
  ExprP init;         // null when uninitialized
  Address store = 0;  // the store identifier `sid` (checker)
};

struct SwitchCase {
  Span span;
  bool isDefault = false;
  ExprP value;  // constexpr: a literal or `Enum.element`
  std::vector<StmtP> body;
};

struct Environment;
using EnvironmentP = std::shared_ptr<const Environment>;

/// WSL.ott `R`: variable names to values (left values, mostly).
struct Environment {
  std::map<std::string, Value> bindings;
  EnvironmentP extend(const std::string& name, const Value& v) const;
};

struct Stmt {
  StmtKind kind = StmtKind::Empty;
  Span span;
  std::vector<StmtP> statements;  // Block, Cases; Loop: {s, s', s''}
  ExprP expr;                     // condition, switched value, returned value, expression
  StmtP then, otherwise, body;    // IfElse; loops
  // For: `init` is an ExprStmt or a VarDecls statement (or null); cond/increment may be null.
  StmtP init;
  ExprP increment;
  std::shared_ptr<TypeSyntax> typeSyntax;  // VarDecls
  TypeP type;                              // VarDecls after checking
  std::vector<VarDecl> declarations;       // VarDecls
  // VarDecls: `threadgroup T x;`, a variable of the threadgroup address space (seed: "Check that
  // the given address space is either thread or threadgroup"; docs/ambiguities.md WSL W49).
  bool threadgroup = false;
  std::vector<SwitchCase> cases;  // Switch
  EnvironmentP environment;       // Block: the annotation R (null: not annotated)
  int barrier = -1;
};

struct Parameter {
  Span span;
  std::shared_ptr<TypeSyntax> typeSyntax;
  std::string name;
  std::string semantic;
  TypeP type;
  Address store = 0;
};

/// A top-level declaration (seed "Top-level declarations").
struct FunctionDecl {
  Span span;
  Span nameSpan;
  enum class Stage { None, Vertex, Fragment, Compute, Test } stage = Stage::None;
  std::shared_ptr<TypeSyntax> returnTypeSyntax;
  std::string name;  // identifier or operator name (`operator+`, `operator&.x`, `operator int`)
  bool castOperator = false;
  bool native = false;  // `native` declarations of the RI's library: no body
  std::vector<Parameter> parameters;
  std::string semantic;
  std::vector<StmtP> body;
  uint32_t numthreads[3] = {1, 1, 1};
};

/// The keyword that declares an entry point of `stage` (seed "Entry points": `vertex`,
/// `fragment`, `compute`; the RI's `test`), "" for an ordinary function.
inline const char* stageKeyword(FunctionDecl::Stage s) {
  switch (s) {
    case FunctionDecl::Stage::Vertex:
      return "vertex";
    case FunctionDecl::Stage::Fragment:
      return "fragment";
    case FunctionDecl::Stage::Compute:
      return "compute";
    case FunctionDecl::Stage::Test:
      return "test";
    case FunctionDecl::Stage::None:
      break;
  }
  return "";
}

struct StructField {
  Span span;
  std::shared_ptr<TypeSyntax> typeSyntax;
  std::string name;
  std::string semantic;
};

struct StructDecl {
  Span span;
  std::string name;
  std::vector<StructField> fields;
};

struct EnumElement {
  Span span;
  std::string name;
  ExprP value;  // null: previous + 1 (or 0 for the first)
};

struct EnumDecl {
  Span span;
  std::string name;
  std::shared_ptr<TypeSyntax> baseSyntax;  // null: int
  std::vector<EnumElement> elements;
};

struct TypedefDecl {
  Span span;
  std::string name;
  std::shared_ptr<TypeSyntax> typeSyntax;
};

struct Program {
  std::vector<FunctionDecl> functions;
  std::vector<StructDecl> structs;
  std::vector<EnumDecl> enums;
  std::vector<TypedefDecl> typedefs;
};

}  // namespace plumb::wsl
