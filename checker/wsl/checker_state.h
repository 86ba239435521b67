// The WSL checker's internal state, shared by its files: global_environment.cpp (seed
// "Building the global typing environment", "Other validation steps"), statement_typing.cpp
// (WSL.ott `G |- s : B`), expression_typing.cpp (WSL.ott `G |- e : t`, and the prose of calls,
// dots and indexing), standard_library.cpp (the library's signatures), layout.cpp.
#pragma once

#include <deque>
#include <map>
#include <string>
#include <vector>

#include "checker/wsl/checked_program.h"

namespace plumb::wsl {

/// A statement behaviour (WSL.ott `b`).
struct Behaviour {
  enum class Kind { Return, Break, Continue, Fallthrough, Normal, Discard } kind = Kind::Normal;
  TypeP type;  // Return
};

class Behaviours {
 public:
  Behaviours() = default;
  Behaviours(std::initializer_list<Behaviour::Kind> kinds) {
    for (auto k : kinds) add({k, nullptr});
  }
  void add(const Behaviour& b);
  void add(const Behaviours& bs) {
    for (const auto& b : bs.all_) add(b);
  }
  void remove(Behaviour::Kind k);
  bool has(Behaviour::Kind k) const;
  /// `Return Ptr(tval, as) in B \/ Return Ref(tval, as) in B`
  bool returnsPointerOrRef() const;
  const std::vector<Behaviour>& all() const { return all_; }
  std::string text() const;

 private:
  std::vector<Behaviour> all_;
};

/// WSL.ott `t`: a right-value type, or a left-value type LVal(tval, as), or ALVal(tval).
struct Typed {
  ExprP expr;  // the annotated expression
  TypeP type;  // tval
  enum class Category { RValue, LValue, AbstractLValue } category = Category::RValue;
  AddressSpace space = AddressSpace::Thread;
  bool integerLiteral =
      false;  // an unsuffixed integer literal (seed: "int literals ... can be given")
  bool mayDiscard = false;
};

/// G: the variables in scope (parameters and locals), each a left value in the thread space.
struct LocalBinding {
  TypeP type;
  AddressSpace space = AddressSpace::Thread;
};
using TypingEnvironment = std::map<std::string, LocalBinding>;

class Checker {
 public:
  Checker(std::shared_ptr<CheckedProgram> program, DiagnosticList& diagnostics,
          const CheckOptions& options)
      : p_(std::move(program)), diagnostics_(diagnostics), options_(options) {}
  bool run();

  // ---- global_environment.cpp
  void buildGlobalEnvironment();
  TypeP resolveType(const TypeSyntax& t, const SourceFile* file, bool allowVoid = false);
  void registerFunction(const FunctionDecl& d, const SourceFile* file, Function::Origin origin);
  void checkOperatorShapes(const FunctionDecl& d, const Function& f, const SourceFile* file);
  void checkFunctionBodies();
  void checkFunction(int id, const FunctionDecl& d, const SourceFile* file);
  void generateStructOperators();
  /// Seed "Generated functions": the indexers of T[n] in every address space, on first use.
  void ensureArrayOperators(const TypeP& arrayType);
  void addGeneratedSource(const std::string& text);
  void checkRecursion();
  void checkDuplicateSignatures();

  // ---- entry_point_interface.cpp
  void checkEntryPointInterface(const FunctionDecl& d, const Function& f);

  // ---- standard_library.cpp
  void addStandardLibrary();
  int addNative(const std::string& name, std::vector<TypeP> params, TypeP result,
                const std::string& native);
  // Whether a function `name` with exactly these parameter types is declared (user or native).
  bool hasSignature(const std::string& name, const std::vector<TypeP>& params) const;

  // ---- texture_library.cpp
  void ensureTextureFunctions(const TypeP& texture);

  // ---- vector_library.cpp
  void addVectorLibrary();
  void ensureVectorSwizzle(const TypeP& vector, const std::string& name);
  void ensureVectorIndexers(const TypeP& vector);
  bool ensureVectorConstructor(const std::string& name, const TypeP& vector,
                               const std::vector<Typed>& args);

  // ---- matrix_library.cpp
  void addMatrixLibrary();
  bool ensureMatrixConstructor(const std::string& name, const TypeP& matrix,
                               const std::vector<Typed>& args);

  // ---- float_library.cpp
  // The float and half functions named `name` (sin, lerp, dot, mul, modf, ...), made on first use.
  void ensureFloatFunctions(const std::string& name);

  // ---- integer_library.cpp
  // The integer functions named `name` on every integer type and its vectors (abs, dot, ...).
  void ensureIntegerFunctions(const std::string& name);

  // ---- stage_rules.cpp
  // Seed "Entry Points": what a vertex, fragment or compute entry point may transitively use.
  void checkStageRules();

  // ---- statement_typing.cpp
  StmtP typeStatement(const TypingEnvironment& g, const StmtP& s, Behaviours& b);
  std::vector<StmtP> typeBlock(const TypingEnvironment& g, const std::vector<StmtP>& statements,
                               size_t from, Behaviours& b, Span span);

  // ---- expression_typing.cpp
  Typed typeExpression(const TypingEnvironment& g, const ExprP& e);
  /// The expression as a right value of `expected` (coercing an integer literal), or null after
  /// reporting `rule`.
  ExprP expectRValue(const TypingEnvironment& g, const ExprP& e, const TypeP& expected,
                     const std::string& rule, TypeP* actual = nullptr, bool* mayDiscard = nullptr);
  Typed asRValue(Typed t);
  bool asAbstractLValue(Typed& t, const std::string& rule);
  int resolveCall(const std::string& name, std::vector<Typed>& args, Span span,
                  const std::string& rule);
  Typed typeCall(const TypingEnvironment& g, const ExprP& e);
  Typed typeDot(const TypingEnvironment& g, const ExprP& e);
  Typed typeIndex(const TypingEnvironment& g, const ExprP& e);
  ExprP coerceLiteral(const Typed& t, const TypeP& to);
  bool literalFits(const Typed& t, const Type& to) const;

  // ---- helpers
  void fired(const char* rule) { p_->typingRules.insert(rule); }
  void error(Span span, const std::string& message, const std::string& rule) {
    diagnostics_.error(currentFile_, span, message, rule);
  }
  Address allocateStore(const TypeP& t);
  const std::vector<int>* functionSet(const std::string& name) const;

  std::shared_ptr<CheckedProgram> p_;
  DiagnosticList& diagnostics_;
  CheckOptions options_;
  const SourceFile* currentFile_ = nullptr;
  int currentFunction_ = -1;
  std::map<std::string, int> typeNames_;  // struct (>= 0) and enum (< 0: -1 - index) names
  std::map<std::string, std::shared_ptr<TypeSyntax>> typedefs_;
  std::set<std::string> resolvingTypedefs_;
  std::set<std::string> generatedArrays_;
  struct Pending {
    int id;
    FunctionDecl decl;
    const SourceFile* file;
  };
  std::deque<Pending> pending_;
};

}  // namespace plumb::wsl
