// The Cg 2.0 syntax tree (seed "Detailed Language Specification"). The parser (parser.h) builds
// it from the preprocessed tokens; the checker (checker/cg) annotates it in place (`info`: the
// type of each expression, the conversion its context applies, the resolved callee); the
// evaluator (interpreter/cg) reads it. Independent of the WGSL syntax tree: only the source
// spans are shared.
//
// Stability: other libraries build on this header. Extend it only additively (new enumerators
// at the end, new fields with defaults).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "semantics/cg/type.h"
#include "semantics/source.h"

namespace plumb::cg {

struct Expr;
struct Stmt;
using ExprP = std::unique_ptr<Expr>;
using StmtP = std::unique_ptr<Stmt>;

/// A type as written: a keyword or type name (`float4`, `float3x3`, `half`, `sampler2D`, a struct
/// or typedef name), `unsigned int`, `vector<float, 3>` / `matrix<half, 2, 2>` (normalized by the
/// parser to `float3` / `half2x2`, the spelling kept in `written`), and the `packed`,
/// `row_major`/`column_major` qualifiers. Array dimensions belong to the declarator.
struct TypeSyntax {
  Span span;
  std::string name;     // the canonical name: "float4", "unsigned int", "S", "void"
  std::string written;  // the text as written when it differs (`vector<float,4>`, `FLOAT`)
  bool packed = false;  // seed "Arrays and Subscripting": arrays may be declared packed
  bool rowMajor = false;
  bool columnMajor = false;
  /// An inline structure definition (`struct S { ... } v;`, `struct { ... } v;`): the index of
  /// the definition in Program::structs, or -1.
  int inlineStruct = -1;
  /// `AttribArray<T>` (Cg 3.1 gp4gp/gp5tcp/gp5tep pages: a geometry or tessellation program's
  /// per-vertex inputs): `name` is T's; the checker makes it an unsized array of T.
  bool attribArray = false;
};

/// Declaration specifiers (seed "Declarations and declaration specifiers").
struct Specifiers {
  bool isConst = false;
  bool isExtern = false;
  bool in = false;
  bool isInline = false;
  bool inout = false;
  bool isStatic = false;
  bool out = false;
  bool uniform = false;
  bool varying = false;
  bool shared = false;  // reserved; accepted by cgc on globals (CgFX)
  bool volatile_ = false;
  /// The profile names used as specifiers (seed "Overloading of Functions by Profile"), in order,
  /// and the profile options written as modifiers before a program (`TRIANGLE`, `LINE_OUT`,
  /// `PATCH_4`, `QUADS`: the Cg 3.1 geometry and tessellation profiles' "Profile Options"): the
  /// checker tells them apart.
  std::vector<std::string> profiles;
  std::vector<Span> profileSpans;
  Span span;  // all specifiers together (empty when none)
  /// `precise` or `[precise]` (cgc 3.1, NVIDIA's tessellation examples; not in the seed).
  bool precise = false;
};

/// A binding semantic after `:` (seed "Semantics", "Binding Semantics"): `POSITION`, `TEXCOORD0`,
/// `register(c0)`, `TEXUNIT2`, `C5` ... The checker interprets the name per profile.
struct BindingSemantic {
  Span span;
  std::string name;                    // as written: "POSITION", "COLOR0", "register"
  std::vector<std::string> arguments;  // `register(c0)`: {"c0"}; `register(ps_2_0, s0)`: two
  bool present() const { return !name.empty(); }
};

enum class ExprKind {
  IntLiteral,       // `42`, `0x2A`, `052`: cint unless suffixed (text in `literal`)
  FloatLiteral,     // `1.5`, `.5`, `1e3`: cfloat; `1.5f` float, `1.5h` half, `1.5x` fixed
  BoolLiteral,      // `true`, `false` (boolValue)
  Name,             // a variable, parameter or enumerator (name)
  Member,           // `e.name`: structure member or swizzle/write mask (checker decides)
  Index,            // `e[i]`: operands {e, i}
  Call,             // `name(args)`: a function (name; operands = arguments)
  MethodCall,       // `e.name(args)`: an interface member function (operands {e, args...})
  Construct,        // `float4(a, b)`: a constructor of a vector/matrix/scalar type (type)
  Cast,             // `(type) e`: an explicit cast (type; operands {e})
  Unary,            // `-e`, `+e`, `!e`, `~e` (op)
  PreIncrement,     // `++e`, `--e` (op "++" or "--")
  PostIncrement,    // `e++`, `e--` (op)
  Binary,           // `a op b` for * / % + - << >> < > <= >= == != & ^ | && || (op)
  Assign,           // `a = b`, `a += b` ... (op "=", "+=", ...)
  Conditional,      // `c ? a : b`: operands {c, a, b}
  Comma,            // `a, b`
  InitializerList,  // `{ a, b, c }` in an initializer (operands)
};

/// The static meaning the checker gives an expression (left empty by the parser).
struct ExprInfo {
  TypeP type;  // the expression's own type (null: not checked or erroneous)
  /// The type its context converts it to implicitly (null: none). For a compound assignment
  /// `a op= b`, b's is the operation's type: a is read, converted to it, combined with b, and the
  /// result converted back to a's type.
  TypeP convertedTo;
  bool lvalue = false;  // assignable (not a call result, not const, no repeated swizzle)
  int function = -1;    // Call/MethodCall: index into the checker's function table
  /// Member: the swizzle's component indices (x/r = 0 ... w/a = 3) or, on a matrix,
  /// row*4+column (`_m01` = 1, `_21` = 4); empty for a structure member.
  std::vector<int> swizzle;
  int member = -1;  // Member of a structure: the member's index
};

struct Expr {
  ExprKind kind = ExprKind::Name;
  Span span;
  std::string name;     // Name, Member, Call, MethodCall
  std::string op;       // Unary, Binary, Assign, Pre/PostIncrement
  std::string literal;  // literal spelling, suffix included
  bool boolValue = false;
  TypeSyntax type;                    // Construct, Cast
  std::vector<ExprP> typeArraySizes;  // Cast to an array type: `(float[4]) a` (outermost first);
                                      // a GLSL array constructor's `[n]` (cgc dialect, CGD-3)
  std::vector<ExprP> operands;
  ExprInfo info;
  /// A binding semantic written after a call argument (`emitVertex(p : POSITION)`, gp4gp).
  BindingSemantic semantic;
};

struct Declarator {
  Span span;
  Span nameSpan;
  std::string name;
  /// Array dimensions, outermost first: `float a[4][2]` is {4, 2}. A null entry is an unsized
  /// dimension `[]` (seed "Unsized Arrays").
  std::vector<ExprP> arraySizes;
  BindingSemantic semantic;
  ExprP initializer;  // an expression or an InitializerList; null when none
  // Checker annotations.
  TypeP declaredType;
};

/// `specifiers type declarator, declarator ...;` (globals, locals, struct members, parameters:
/// a parameter has exactly one declarator, whose initializer is its default value).
struct VariableDecl {
  Span span;
  Specifiers specifiers;
  TypeSyntax type;
  std::vector<Declarator> declarators;
};

enum class StmtKind {
  Block,        // `{ statements }`
  Declaration,  // a local VariableDecl (also typedef/struct inside a block: `decl`)
  Expression,   // `e;`
  Empty,        // `;`
  If,           // `if (expr) then [else otherwise]`
  While,        // `while (expr) body`
  DoWhile,      // `do body while (expr);`
  For,          // `for (init; expr; step) body` (init: Expression/Declaration/Empty)
  Break,
  Continue,
  Return,    // `return [expr];`
  Discard,   // `discard;` (fragment profiles)
  Switch,    // `switch (expr) body` (body is a Block holding Case/Default labels)
  Case,      // `case expr:` (a label inside a switch body)
  Default,   // `default:`
  TypeDecl,  // a local typedef (`index` into Program::typedefs) or, when
             // declaration.type.inlineStruct >= 0, a local struct definition (`index` into
             // Program::structs)
};

struct Stmt {
  StmtKind kind = StmtKind::Empty;
  Span span;
  std::vector<StmtP> statements;  // Block
  ExprP expr;                     // condition, returned value, expression, case value
  StmtP then, otherwise, body;    // If; loops; Switch
  StmtP init;                     // For
  ExprP step;                     // For
  VariableDecl declaration;       // Declaration
  int index = -1;                 // TypeDecl
};

struct Parameter {
  Span span;
  Specifiers specifiers;
  TypeSyntax type;
  Declarator declarator;  // name (may be empty in a prototype), arrays, semantic, default
};

struct FunctionDecl {
  Span span;
  Span nameSpan;
  Specifiers specifiers;  // static, inline, extern, profile names
  TypeSyntax returnType;
  std::string name;
  std::vector<Parameter> parameters;
  BindingSemantic semantic;  // `float4 main(...) : COLOR`
  bool hasBody = false;      // a definition (false: a prototype)
  StmtP body;                // a Block
  int ownerStruct = -1;      // a member function: the index of its struct in Program::structs
};

struct StructMember {
  VariableDecl field;  // a data member (one VariableDecl, several declarators allowed)
  int function = -1;   // or a member function: index into Program::functions
};

/// `struct S [: Interface] { ... }` or `interface I { ... }` (seed "Struct and Interface types").
struct StructDecl {
  Span span;
  Span nameSpan;
  std::string name;  // empty for an anonymous struct
  bool isInterface = false;
  std::string implements;  // the interface a struct inherits from (empty: none)
  Span implementsSpan;
  std::vector<StructMember> members;
  bool isDefinition = true;  // false: a forward declaration `struct S;`
  /// A constant buffer block `uniform Name { members } object : BUFFER[N];` (Cg 3.1 language
  /// reference, "Constant Buffers"): a structure type named Name.
  bool isBuffer = false;
};

struct TypedefDecl {
  Span span;
  TypeSyntax type;
  Declarator declarator;  // the new name, with array dimensions
};

enum class DeclKind { Variable, Function, Struct, Typedef };

/// A top-level declaration, in source order: an index into the matching Program list.
struct TopLevel {
  DeclKind kind = DeclKind::Variable;
  int index = 0;
};

struct Program {
  std::vector<TopLevel> order;
  std::vector<VariableDecl> globals;
  std::vector<FunctionDecl> functions;  // member functions of structs included
  std::vector<StructDecl> structs;      // struct and interface definitions, local ones included
  std::vector<TypedefDecl> typedefs;    // local ones included
};

}  // namespace plumb::cg
