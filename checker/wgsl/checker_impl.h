// Internal: the checker's passes, one file each:
//   resolver.cpp      scopes and the declaration graph (#declaration-and-scope)
//   type_decls.cpp    type_decl -> type (#types)
//   conversion.cpp    conversion ranks, concretization, value conversion (#conversion-rank)
//   overloads.cpp     overload resolution (#overload-resolution-section)
//   expressions.cpp   typing of expressions (#expressions)
//   constructors.cpp  type constructor expressions (#type-constructor-expr)
//   evaluate.cpp      creation-time evaluation of operators and built-ins (#creation-time-expr)
//   declarations.cpp  module- and function-scope declarations (#var-and-value)
//   statements.cpp    statements (#statements)
#pragma once

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <functional>

#include "checker/wgsl/checker.h"

namespace plumb {

/// Where an attribute list is written (#attributes: each attribute's valid places).
enum class AttributePlace : uint8_t {
  ModuleVariable,
  Override,
  StructMember,
  Function,
  EntryPointParameter,
  Parameter,  // of a function that is not an entry point
  EntryPointReturn,
  Return,  // of a function that is not an entry point
};

/// The result of typing one expression, as seen by the rule that uses it.
struct Operand {
  ast::ExpressionId expression;
  Type type;  // static type (may be a reference)
  EvaluationStage stage = EvaluationStage::Runtime;
  const std::optional<Value>* value = nullptr;
  Span span;
};

/// bufferView, bufferArrayView, bufferLength (new#buffer-view-builtin-functions).
bool isBufferViewBuiltin(std::string_view name);

class Checker {
 public:
  Checker(CheckedModule& out, DiagnosticList& diagnostics, const CheckOptions& options);
  void run();
  void runExpression(ast::ExpressionId e);

 private:
  // tests/checker/checker_test_access.h: unit tests of conversion ranks and overload
  // resolution call these members directly.
  friend struct CheckerTestAccess;

  // ------------------------------------------------------------- diagnostics (checker.cpp)
  /// #limits, new#limits (checker/wgsl/limits.cpp): one row of the limits tables, in the order of
  /// new#limits.
  enum class Limit : uint8_t {
    StructureMembers,
    CompositeNesting,
    BraceNesting,
    FunctionParameters,
    CaseSelectorValues,
    ArrayConstructorElements,
  };
  /// The seed: an error beyond its maximum; 2026: a warning beyond its minimum supported value.
  void checkLimit(Span span, Limit limit, uint64_t value);
  /// The nesting depth of brace-enclosed statements of `id` (new#limits).
  size_t braceDepth(ast::StatementId id) const;
  void error(Span span, std::string message, const char* rule);
  void note(Span span, std::string message);  // attaches to the last error
  std::string typeName(Type t) const { return out_.types.name(t); }
  std::string_view name(ast::Symbol s) const { return m_.name(s); }
  void checkDirectives();
  bool f16Enabled_ = false;
  /// The extensions the module enables (new#enable-extensions-sec).
  std::vector<std::string_view> enabledExtensions_;

  // ---------------------------- revision 2026 directives and filters (diagnostic_filters.cpp)
  void checkRequires();
  void checkDiagnosticFilters();
  std::optional<DiagnosticFilter> checkDiagnosticControl(ast::Symbol severity, Span severitySpan,
                                                         ast::Symbol rule, ast::Symbol member,
                                                         Span ruleSpan);
  std::optional<DiagnosticFilter> checkDiagnosticAttribute(const ast::Attribute& attr);
  void checkFilterConflicts(const std::vector<DiagnosticFilter>& filters);
  /// new#must-use-attr: a call statement whose callee's result must be used (revision 2026).
  void checkMustUse(ast::ExpressionId call, const ExpressionInfo& info);
  /// Revision 2026: the reference a pointer stands for as the base of a component access.
  Type pointerCompositeBase(Type t);
  /// Revision 2026: by TypeId, 1 when a user declaration shadows the predeclared type that
  /// spelled it (new#declaration-and-scope); the type is then that declaration's.
  std::vector<uint8_t> shadowedTypes_;

  // ------------------------------------------------------------- resolution (resolver.cpp)
  void collectModuleScope();
  void resolveDeclaration(uint32_t index);
  void resolveStatement(ast::StatementId s);
  void resolveStatements(ast::List<ast::Statement> list);
  void resolveExpression(ast::ExpressionId e);
  void reportShadowedEnumerants(Span span, std::initializer_list<std::string_view> words);
  void resolveType(ast::TypeId t);
  void resolveAttributes(ast::List<ast::Attribute> list);
  void declareLocal(ast::Symbol name, Span span, Resolution r);
  Resolution lookup(ast::Symbol name) const;
  void useName(ast::Symbol name, Span span, Resolution& into, bool asType);
  void orderDeclarations();

  struct LocalName {
    ast::Symbol name;
    Resolution resolution;
    Span span;
  };
  std::vector<std::vector<LocalName>> scopes_;
  std::unordered_map<uint32_t, uint32_t> moduleScope_;  // symbol id -> declaration index
  std::vector<std::vector<uint32_t>> uses_;             // declaration -> declarations it uses
  uint32_t current_ = 0;                                // declaration being resolved/checked

  // ------------------------------------------------------------- types (type_decls.cpp)
  Type resolveTypeDecl(ast::TypeId t);
  /// Why a variable in `space` cannot have store type `store` with `access` (#address-space,
  /// #atomic-types, #array-types), every reason, or none when it can: the rules of module-scope
  /// variables, and of every pointer type written in the source (#memory-view-types).
  std::vector<std::string> storeTypeRestriction(ast::AddressSpace space, Type store,
                                                ast::AccessMode access);
  /// Whether t is or holds (in a structure member, at any depth) an array.
  bool containsArray(Type t);
  Type resolveTypeDeclUncached(ast::TypeId t);
  Type resolveBufferType(const ast::BufferType& b, Span span);
  bool requireF16(Span span, const char* rule = "extension-list");  // needs `enable f16;`
  std::vector<uint8_t> typeDeclDone_;

  // ------------------------------------------------------------- conversions (conversion.cpp)
  static constexpr int kInfiniteRank = 1 << 30;
  /// #conversion-rank: ConversionRank(src, dst), kInfiniteRank if infeasible.
  int conversionRank(Type src, Type dst) const;
  /// new#conversion-rank: the rank of a buffer pointer argument's conversion to a parameter's
  /// buffer pointer type (revision 2026, buffer_view), kInfiniteRank if none.
  int bufferArgumentRank(Type src, Type dst) const;
  /// The concrete type an abstract type converts to with the lowest rank (i32, f32, ...).
  Type concretize(Type t);
  /// The store type if `t` is a reference that can be read (the Load Rule), else `t`.
  Type loadType(Type t) const;
  /// Converts a creation-time value (#conversion-rank, #floating-point-conversion);
  /// reports and returns nullopt when the value cannot be represented.
  std::optional<Value> convertValue(const Value& v, Type dst, Span span);
  std::optional<Value> convertValue(const Value& v, Type dst, Span span,
                                    std::map<std::pair<const void*, uint32_t>, Value>& converted);
  /// Applies a feasible automatic conversion of `operand` to `dst` (the Load Rule, abstract
  /// to concrete) and returns the converted value if the operand has one.
  std::optional<Value> convertOperand(const Operand& operand, Type dst);

  // ------------------------------------------------------------- overloads (overloads.cpp)
  struct Selection {
    const Overload* overload = nullptr;
    Bindings bindings;
    std::vector<Type> parameterTypes;
    Type result;
  };
  /// #overload-resolution-section over the candidates of `name`, for the operands' types.
  std::optional<Selection> selectOverload(OverloadKind kind, std::string_view name,
                                          const std::vector<Operand>& operands, Span span,
                                          const char* rule);
  std::string describeCall(std::string_view name, const std::vector<Operand>& operands) const;
  void noteCandidates(OverloadKind kind, std::string_view name, Span span);
  /// Notes on an undeclared name: current WGSL's word, or the closest name in scope.
  void noteUndeclared(std::string_view name, Span span, bool asType);
  std::unordered_map<std::string, Selection> selections_;  // by kind, name, operand types

  // ------------------------------------------------------------- expressions (expressions.cpp)
  /// Types `e` (once) and returns its info, which CheckedModule::expressions keeps.
  const ExpressionInfo& typeExpression(ast::ExpressionId e);
  Operand operand(ast::ExpressionId e);
  ExpressionInfo typeLiteral(const ast::Expression& e, const ast::LiteralExpression& l);
  ExpressionInfo typeIdentifier(ast::ExpressionId id, const ast::Expression& e);
  ExpressionInfo typeCall(ast::ExpressionId id, const ast::Expression& e,
                          const ast::CallExpression& c);
  ExpressionInfo typeUnary(const ast::Expression& e, const ast::UnaryExpression& u);
  ExpressionInfo typeBinary(const ast::Expression& e, const ast::BinaryExpression& b);
  ExpressionInfo typeIndex(const ast::Expression& e, const ast::IndexExpression& x);
  ExpressionInfo typeMember(const ast::Expression& e, const ast::MemberExpression& x);
  ExpressionInfo typeBitcast(const ast::Expression& e, const ast::BitcastExpression& b);
  /// The parameter type of the bitcast overload an abstract argument converts to (2026).
  Type bitcastAbstractSource(Type source, Type target);
  ExpressionInfo applyOverload(const Selection& s, const std::vector<Operand>& operands,
                               Span span);
  /// Revision 2026: the errors of a call or operator that its const operands alone decide,
  /// when some operand is not const (partial_evaluation.cpp); false after reporting one.
  /// `atPipeline`: `known` also holds the values of override-expression operands, and the
  /// errors are pipeline-creation errors.
  bool checkConstOperands(const Selection& s, const std::vector<std::optional<Value>>& known,
                          Span span, bool atPipeline);
  /// Revision 2026: bufferView<T>, bufferArrayView<T>, bufferLength after their row is
  /// selected (buffer_view_builtins.cpp).
  ExpressionInfo typeBufferViewCall(ast::ExpressionId id, const Selection& s,
                                    const std::vector<Operand>& operands, Span span);
  ExpressionInfo callUserFunction(uint32_t declaration, const std::vector<Operand>& operands,
                                  Span span);
  static EvaluationStage latest(EvaluationStage a, EvaluationStage b) { return a > b ? a : b; }
  /// Revision 2026 (Revision::shortCircuitConstEvaluation, new#const-expr): > 0 while typing
  /// an operand that is not evaluated (the right-hand side of `false && e`): its value is not
  /// computed and its evaluation errors are not reported; its type is.
  int notEvaluated_ = 0;
  /// Whether `e`'s evaluation errors are reported: not inside an unevaluated operand.
  bool evaluating() const { return notEvaluated_ == 0; }
  /// new#conversion-rank: the structure a predeclared abstract result structure
  /// (__frexp_result_abstract, ...) converts to for the element type `element` (revision 2026).
  Type concreteResultStruct(Type abstractStruct, Type element) const;
  std::vector<uint8_t> expressionDone_;

  // ------------------------------------------------------------- constructors (constructors.cpp)
  /// `target` is the constructed type; for `vecN(...)` and `matCxR(...)` without a template
  /// argument, `inferredShape` is the vector or matrix type with an Invalid component.
  ExpressionInfo typeConstructor(Type target, const ast::TypeDecl* inferredShape,
                                 const std::vector<Operand>& operands, Span span);
  /// #zero-value-expr; nothing (after an error at `span`) beyond the implementation limit.
  std::optional<Value> zeroValue(Type t, Span span);
  static constexpr uint64_t kMaxZeroValueElements = uint64_t{1} << 22;
  uint64_t zeroValueElements_ = 0;
  std::unordered_map<uint32_t, Value> zeroValues_;  // by type id

  // ------------------------------------------------------------- evaluation (evaluate.cpp)
  /// Evaluates an operator or built-in on creation-time values already converted to the
  /// overload's parameter types. Reports and returns nullopt on a creation-time error.
  /// Returns false after reporting a creation-time error; `value` stays empty when Plumb
  /// cannot evaluate the built-in (yet).
  bool evaluate(const Selection& s, const std::vector<Value>& args, Span span,
                std::optional<Value>& value);
  std::optional<Value> evaluateOperator(const Selection& s, const std::vector<Value>& args,
                                        Span span);
  std::optional<Value> evaluateScalarOperator(std::string_view op, bool unary, const Value& a,
                                              const Value* b, Span span);

  // ------------------------------------------------------------- attributes (attributes.cpp)
  Attributes checkAttributes(ast::List<ast::Attribute> list, AttributePlace place);
  bool integerAttributeArgument(const ast::Attribute& attr, const char* anchor, bool positive,
                                uint32_t& out);
  std::string_view identifierAttributeArgument(ast::ExpressionId e);
  /// #entry-point-attributes: the types and values of @workgroup_size's arguments.
  void checkWorkgroupSize(const ast::Attribute& attr, EntryPoint& entry);
  void checkSubgroupSize(const ast::Attribute& attr, EntryPoint& entry);
  /// After all declarations: pipeline constant IDs are unique (#override-decls).
  void checkModuleAttributes();

  // ------------------------------------------------------------- pipeline creation
  // (pipeline_overrides.cpp)
  std::string overrideKey(const ModuleDeclaration& d) const;
  std::optional<Value> pipelineOverrideValue(const ModuleDeclaration& d, Type t,
                                             const std::string& text);
  void resolveOverrideAtPipelineCreation(ModuleDeclaration& d, const ast::VariableDeclaration& v,
                                         std::optional<Value>& initializerValue);
  void checkPipelineKeys();
  std::unordered_set<size_t> usedOverrideKeys_;  // indices into CheckOptions::overrides
  /// Revision 2026 at pipeline creation (Revision::overrideExpressionPipelineErrors): whether
  /// errors that override values decide are held back until the shader of the pipeline is
  /// known, then reported for its declarations only (new#pipeline-creation-error).
  bool deferPipelineErrors() const {
    return options_.pipelineCreation && m_.revision().overrideExpressionPipelineErrors;
  }
  /// While alive and `active`, the errors reported are those of an override-expression's
  /// evaluation (new#override-expr): held back with the declaration being checked.
  class OverrideEvaluation {
   public:
    OverrideEvaluation(Checker& c, bool active)
        : c_(c), active_(active && c.deferPipelineErrors()) {
      if (active_) ++c_.overrideEvaluation_;
    }
    ~OverrideEvaluation() {
      if (active_) --c_.overrideEvaluation_;
    }
    OverrideEvaluation(const OverrideEvaluation&) = delete;
    OverrideEvaluation& operator=(const OverrideEvaluation&) = delete;

   private:
    Checker& c_;
    bool active_;
  };
  struct PendingPipelineError {
    uint32_t declaration;  // the module-scope declaration whose checking found it
    Span span;
    std::string message;
    const char* rule;
    std::vector<DiagnosticNote> notes;
  };
  std::vector<PendingPipelineError> pendingPipelineErrors_;
  int overrideEvaluation_ = 0;
  bool lastErrorPending_ = false;  // the last error() went to pendingPipelineErrors_
  /// Reports the held-back errors of the declarations the pipeline's shader statically
  /// accesses (new#shader-interface: "statically accessed"), from every entry point or the one
  /// named.
  void reportPipelineErrors();

  // ------------------------------------------------------------- layout (layout_constraints.cpp)
  /// #address-space-layout-constraints for a variable's store type in uniform or storage.
  void checkLayoutConstraints(Type store, ast::AddressSpace space,
                              const ast::VariableDeclaration& v);
  /// The same for any store type (a buffer view's, new#buffer-view-builtin-functions): errors
  /// at `typeSpan`, each followed by `because()`'s note.
  void checkLayoutConstraints(Type store, ast::AddressSpace space, Span typeSpan,
                              const std::function<void()>& because);
  /// #structure-member-layout: @size(n) is at least SizeOf(T).
  void checkMemberSizes(Type structure);
  std::unordered_set<uint64_t> layoutChecked_;  // (type id << 3 | address space) checked

  // ------------------------------------------------------------- declarations (declarations.cpp)
  void checkDeclaration(uint32_t index);
  void checkModuleVariable(ModuleDeclaration& d, const ast::VariableDeclaration& v);
  void checkModuleValue(ModuleDeclaration& d, const ast::VariableDeclaration& v);
  void checkStruct(ModuleDeclaration& d, const ast::StructDeclaration& s);
  void checkFunction(uint32_t index, const ast::FunctionDeclaration& f);
  void checkStaticAssert(ast::ExpressionId condition);
  /// The anchor of the assertion rule: #static-assert-statement in the seed,
  /// new#const-assert-statement in revision 2026.
  const char* staticAssertRule() const {
    return m_.revision().constAssert ? "const-assert-statement" : "static-assert-statement";
  }
  /// Types an initializer and converts it to the declared type (or concretizes it when
  /// `concretizeIt`); returns the resulting type and sets `value` for creation-time ones.
  Type typeInitializer(ast::ExpressionId init, Type declared, bool concretizeIt,
                       std::optional<Value>& value, EvaluationStage& stage);

  struct LocalInfo {
    Type type;  // reference type for `var`
    EvaluationStage stage = EvaluationStage::Runtime;
    std::optional<Value> value;
  };
  std::vector<LocalInfo> locals_;  // by VariableId
  struct FunctionSignature {
    std::vector<Type> parameters;
    Type result;
    bool entryPoint = false;
  };
  std::unordered_map<uint32_t, FunctionSignature> functions_;  // by declaration index

  // ------------------------------------------------------------- statements (statements.cpp)
  void checkStatements(ast::List<ast::Statement> list);
  void checkStatement(ast::StatementId s);
  void checkAssignment(const ast::Statement& s, const ast::AssignmentStatement& a);
  void checkLocalDeclaration(ast::VariableId v);
  void requireBool(ast::ExpressionId e, const char* rule, const char* what);
  void checkLoop(const ast::LoopStatement& loop);
  void checkSwitch(const ast::SwitchStatement& s, Span span);
  /// new#switch-statement: the type of the first concrete (i32 or u32) case selector.
  std::optional<Type> concreteCaseSelectorType(const ast::SwitchStatement& s);
  enum class Construct : uint8_t { Loop, Switch, Continuing };
  std::vector<Construct> constructs_;
  /// Loops whose continuing statement uses declarations of the body: the continue
  /// statements must not skip them (#continue-statement).
  struct PendingContinuing {
    size_t depth;       // index in constructs_ of the loop
    uint32_t firstUse;  // offset of the first body declaration used in continuing
  };
  std::vector<PendingContinuing> continuingUses_;
  Type currentReturnType_;
  bool inFunction_ = false;

  CheckedModule& out_;
  const ast::Module& m_;
  TypeTable& types_;
  DiagnosticList& diagnostics_;
  const CheckOptions& options_;
};

}  // namespace plumb
