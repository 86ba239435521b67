// The Cg checker's state, shared by declarations.cpp, expressions.cpp, statements.cpp and
// binding_semantics.cpp (private to checker/cg).
#pragma once

#include <map>
#include <optional>
#include <set>

#include "checker/cg/checker.h"
#include "checker/cg/conversion.h"
#include "checker/cg/overload_resolution.h"

namespace plumb::cg {

// Rule anchors: `cg-` and the seed's section heading (docs/cg.md "Rule names").
namespace rules {
inline constexpr const char* kSpecifiers = "cg-declarations-and-declaration-specifiers";
inline constexpr const char* kFunctionDecls = "cg-function-declarations";
inline constexpr const char* kParameters = "cg-syntax-for-parameters-in-function-definitions";
inline constexpr const char* kFunctionCalls = "cg-function-calls";
inline constexpr const char* kTypes = "cg-types";
inline constexpr const char* kStructs = "cg-struct-and-interface-types";
inline constexpr const char* kConstants = "cg-constants";
inline constexpr const char* kConversions = "cg-type-conversions";
inline constexpr const char* kAssignment = "cg-assignment";
inline constexpr const char* kSmearing = "cg-smearing-of-scalars-to-vectors";
inline constexpr const char* kNamespaces = "cg-namespaces";
inline constexpr const char* kArrays = "cg-arrays-and-subscripting";
inline constexpr const char* kUnsizedArrays = "cg-unsized-arrays";
inline constexpr const char* kOverloading = "cg-function-overloading";
inline constexpr const char* kProfileOverloading = "cg-overloading-of-functions-by-profile";
inline constexpr const char* kOperators = "cg-operator-enhancements";
inline constexpr const char* kBoolean = "cg-operators-boolean";
inline constexpr const char* kComparisons = "cg-operators-comparisons";
inline constexpr const char* kArithmetic = "cg-operators-arithmetic";
inline constexpr const char* kConditional = "cg-conditional-operator";
inline constexpr const char* kSwizzle = "cg-operator-precedence";  // swizzle/write-mask `.`
inline constexpr const char* kStatements = "cg-statements-and-expressions";
inline constexpr const char* kPrograms = "cg-how-programs-receive-and-return-data";
inline constexpr const char* kSemantics = "cg-binding-semantics";
inline constexpr const char* kAliasing = "cg-aliasing-of-semantics";
inline constexpr const char* kVertexOutputs = "cg-binding-semantics-for-outputs";  // Table 10
inline constexpr const char* kFragmentOutputs = "cg-fragment-binding-semantics-for-outputs";
inline constexpr const char* kProfiles = "cg-profiles";
inline constexpr const char* kPartialSupport = "cg-partial-support-of-types";
}  // namespace rules

struct Symbol {
  TypeP type;
  bool isConst = false;
  bool isSamplerParameter = false;  // seed: "Parameters ... of type sampler* are implicitly const"
  std::optional<long long> constantValue;  // a const integer with a constant initializer
  std::optional<bool> constantTruth;       // a const bool with a constant initializer
  Span span;
};

class Checker {
 public:
  Checker(Program& program, const SourceFile& file, DiagnosticList& diagnostics,
          const CheckOptions& options);
  std::optional<CheckedProgram> run();

  // ---- declarations.cpp ----
  void declareStruct(int index);
  /// Whether `again` defines the same data members as `first` (names and types in order, no
  /// member functions; semantics may differ): cgc's identical-struct-redefinition (CGD-7).
  bool sameMembers(const StructDecl& first, StructDecl& again);
  void declareTypedef(TypedefDecl& t);
  void declareGlobal(int index);
  void declareFunction(int index);
  void checkFunctionBody(int index);
  TypeP resolveType(const TypeSyntax& t);
  TypeP applyArrayDimensions(TypeP base, std::vector<ExprP>& sizes, bool packed);
  std::optional<long long> constantInteger(Expr& e);
  void checkSpecifiersOnVariable(const Specifiers& s, bool global, Span span);
  void checkInitializer(Expr& init, const TypeP& target);
  /// C's brace elision: a flat list for an array of vectors regrouped per element.
  bool elideBraces(Expr& init, const TypeP& element, int arraySize);
  std::set<const Expr*> elisionRejected_;  // initializer lists elideBraces rejected
  void checkInterfaceImplementations();

  // ---- expressions.cpp ----
  TypeP expr(Expr& e);
  /// An integer constant's type from its suffix (cint without one), with an error when its
  /// value is outside that type's range (C11 6.4.4p2; cgc 3.1's C0125).
  Scalar integerLiteralType(const Expr& e);
  /// Converts `e` implicitly to `target` in `context` ("assignment", "argument 2 of f", ...).
  bool convert(Expr& e, const TypeP& target, const std::string& context, const char* rule);
  TypeP binaryOperator(Expr& e);
  /// Gives a bool operand of an arithmetic or bitwise operator its arithmetic type (false and
  /// reported when there is none).
  bool boolAsArithmetic(Expr& e, TypeP& a, TypeP& b);
  TypeP call(Expr& e);
  TypeP member(Expr& e);
  TypeP construct(Expr& e);
  TypeP constructStruct(Expr& e, const TypeP& target, const std::vector<TypeP>& args);
  TypeP emitVertex(Expr& e);
  bool requireLvalue(Expr& e, const char* what);
  /// The common type of two operands by smearing and the usual arithmetic conversions.
  TypeP commonType(const TypeP& a, const TypeP& b, Span span, const char* rule,
                   const std::string& op);

  // ---- statements.cpp ----
  void statement(Stmt& s);
  void condition(Expr& e, const char* what);
  /// The value of a condition known without running (a bool or int literal, a const bool or
  /// int with a constant initializer, `!` of one), or nullopt.
  std::optional<bool> staticCondition(Expr& e);
  int deadBranchDepth_ = 0;  // inside the branch of an `if` a constant condition skips

  // ---- binding_semantics.cpp ----
  void checkStageInputs(const FunctionDecl& f);
  void checkEntry();
  void checkProfileRestrictions();
  /// The functions `roots` reach through calls_, the roots included.
  std::set<int> reachedFrom(const std::vector<int>& roots) const;
  /// Reports the errors deferred in function bodies (DeferredError) once it is known which
  /// functions the entry reaches.
  void reportDeferred();

  // ---- scopes ----
  void pushScope() { scopes_.emplace_back(); }
  void popScope() { scopes_.pop_back(); }
  void declareLocal(const std::string& name, Symbol s, Span span);
  // A declarator of a global or local variable (seed "Declarations"): its type (array
  // dimensions, not void, an unsized array sized by its initializer list), stored in the
  // declarator; and the variable declared in the innermost scope (a const integral scalar with
  // its value for constant folding).
  TypeP declaratorType(const TypeP& base, Declarator& d, bool packed);
  void declareVariable(const Declarator& d, const TypeP& t, bool isConst);
  const Symbol* lookup(const std::string& name) const;

  void error(Span span, const std::string& message, const char* rule) {
    diagnostics_.error(&file_, span, message, rule);
  }
  void warning(Span span, const std::string& message, const char* rule);
  /// A use of an extension of cgc's dialect: a warning naming it and the seed's rule.
  void extensionUsed(CgcExtension e, Span span, const std::string& what);

  // An error in a function body whose report depends on whether the entry reaches the function
  // (seed "Profiles": "If a function is present in the source code, but not called directly or
  // indirectly by the top-level function, it is free to use capabilities that are not
  // supported by the current profile"). Reported at once without an entry or outside a
  // function (cgc -noentry checks every function).
  enum class Deferral {
    ProfileRestriction,  // a call only another profile's overloads match: dropped if unreached
    UnresolvedName,      // an undeclared name: reported either way (docs/ambiguities.md CGO-7)
  };
  struct DeferredError {
    Span span;
    std::string message;
    const char* rule;
    Deferral kind;
  };
  void errorInFunctionBody(Span span, const std::string& message, const char* rule, Deferral kind);

  Program& program_;
  const SourceFile& file_;
  DiagnosticList& diagnostics_;
  CheckOptions options_;
  const Profile* profile_ = nullptr;
  CheckedProgram result_;
  std::vector<std::map<std::string, Symbol>> scopes_;  // [0] is the global scope
  std::map<std::string, int> structsByName_;
  std::map<std::string, TypeP> typedefs_;
  std::map<std::string, std::vector<int>> functionsByName_;  // user functions
  std::map<std::string, std::vector<int>> libraryByName_;    // indexes into result_.functions
  size_t glslLibraryOffset_ = 0;          // result_.functions from here: glslLibraryExtension()
  std::vector<std::vector<Span>> emits_;  // per user function: its emitVertex calls
  // The function being checked.
  int currentFunction_ = -1;
  TypeP currentReturn_;
  int loopDepth_ = 0, switchDepth_ = 0;
  std::vector<std::set<int>> calls_;                  // per user function: user functions it calls
  std::vector<std::vector<Span>> discards_;           // per user function: its `discard` statements
  std::vector<std::vector<DeferredError>> deferred_;  // per user function
};

}  // namespace plumb::cg
