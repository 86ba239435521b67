// The static semantics of WGSL (revision 2022-06): name resolution, typing, creation-time
// evaluation, declarations, layout. `check` returns the facts it established about the
// module (types of expressions, values of creation-time expressions, declaration types) and
// reports every violated rule on the diagnostic list, each with its spec anchor.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <unordered_map>
#include <string>
#include <utility>
#include <vector>

#include "checker/wgsl/behavior.h"
#include "checker/wgsl/memory_layout.h"
#include "semantics/wgsl/ast.h"
#include "semantics/wgsl/builtin_values.h"
#include "semantics/diagnostic.h"
#include "semantics/wgsl/overloads.h"
#include "semantics/wgsl/type.h"
#include "semantics/wgsl/value.h"

namespace plumb {

/// When an expression's value is known (#creation-time-expr, #override-decls).
enum class EvaluationStage : uint8_t {
  Constant,  // a creation-time expression: its value is computed when the module is checked
  Override,  // an override expression: its value is known at pipeline creation
  Runtime,
};

struct ExpressionInfo {
  Type type;  // the static type; a reference for variable uses (the Load Rule is not applied)
  EvaluationStage stage = EvaluationStage::Runtime;
  std::optional<Value> value;  // for Constant expressions, and Override ones when resolved
};

/// What an identifier or type name resolves to (#declaration-and-scope).
struct Resolution {
  enum Kind : uint8_t {
    Unresolved,
    ModuleDeclaration,  // index into CheckedModule::declarations
    LocalVariable,      // a `var`, `let` or `const` in a function: `variable`
    Parameter,          // a formal parameter: `parameter`
    BuiltinFunction,    // a predeclared function (#builtin-functions)
    PredeclaredType,    // texture_external (#external-texture-type)
  };
  Kind kind = Unresolved;
  uint32_t index = 0;  // declaration index, VariableId or ParameterId value
};

/// The attributes of one declaration (#attributes), validated: their values, and the
/// attribute nodes they came from (for diagnostics that point at them).
/// One diagnostic filter (new#diagnostic-filtering): a severity for a triggering rule.
struct DiagnosticFilter {
  DiagnosticSeverity severity;
  std::string rule;
  Span span;
};

struct Attributes {
  enum Kind : uint8_t {
    Align,
    Binding,
    Builtin,
    Const,
    Group,
    Id,
    Interpolate,
    Invariant,
    Location,
    Size,
    WorkgroupSize,
    Vertex,
    Fragment,
    Compute,
    MustUse,
    Diagnostic,  // revision 2026 (new#must-use-attr, new#attribute-diagnostic)
    BlendSrc,    // revision 2026 (new#blend-src-attr)
    SubgroupSize,  // revision 2026, subgroup_size_control (new#subgroup-size-attr)
    kCount
  };
  std::array<ast::AttributeId, kCount> node{};  // absent when the attribute is not present
  uint32_t align = 0, size = 0, binding = 0, group = 0, id = 0, location = 0, blendSrc = 0;
  std::string_view builtin;  // a name from builtinValues()
  enum class Interpolation : uint8_t { None, Perspective, Linear, Flat };
  enum class Sampling : uint8_t { None, Center, Centroid, Sample, First, Either };
  Interpolation interpolation = Interpolation::None;
  Sampling sampling = Sampling::None;
  /// Revision 2026, fragment_depth: the depth mode of `@builtin(frag_depth, less|greater)`
  /// (new#depth-mode-names).
  enum class DepthMode : uint8_t { None, Less, Greater };
  DepthMode depthMode = DepthMode::None;
  ShaderStage stage = ShaderStage::None;
  /// Revision 2026: the @diagnostic filters (new#attribute-diagnostic). Those of a function
  /// apply to the uniformity rules triggered in it (uniformity.cpp); a statement's are not
  /// applied yet.
  std::vector<DiagnosticFilter> filters;

  bool has(Kind k) const { return static_cast<bool>(node[k]); }
};

/// One dimension of an entry point's workgroup size (#entry-point-attributes).
struct WorkgroupDimension {
  ast::ExpressionId expression;  // absent: the dimension defaults to 1
  std::optional<uint64_t> value;  // known for creation-time values and resolved overrides
};

struct EntryPoint {
  uint32_t function;  // declaration index
  ShaderStage stage;
  std::array<WorkgroupDimension, 3> workgroupSize;  // compute only
  /// Revision 2026, subgroup_size_control: `@subgroup_size(n)` (new#subgroup-size-attr);
  /// no expression when absent.
  WorkgroupDimension subgroupSize;
};

/// One module-scope declaration, in source order.
struct ModuleDeclaration {
  enum Kind : uint8_t { Variable, Const, Override, TypeAlias, Struct, Function, StaticAssert };
  Kind kind;
  ast::GlobalId global;
  ast::Symbol name;  // absent for StaticAssert
  Span nameSpan;
  Type type;  // variable: reference type; const/override: value type; alias/struct: the type;
              // function: its return type (Void if none)
  std::optional<Value> value;  // const, and override when its value is known
  /// An override whose value the pipeline gave (not its initializer's): the interpreter takes
  /// it as it is rather than evaluating the initializer's acceptance set.
  bool valueFromPipeline = false;
  Attributes attributes;       // variable, override, function
  Attributes returnAttributes; // function
};

struct CheckOptions {
  /// Pipeline-creation values of overrides: name or id (as text) and a value (as WGSL text).
  std::vector<std::pair<std::string, std::string>> overrides;
  /// Evaluate override expressions as at pipeline creation (with `overrides`).
  bool pipelineCreation = false;
  /// The entry point of the pipeline (revision 2026: only its shader's override-expressions
  /// give pipeline-creation errors, new#pipeline-creation-error); empty: every entry point,
  /// as if a pipeline were created for each.
  std::string pipelineEntryPoint;
  /// `>>` on i32 and AbstractInt as the seed's text says (inserting zero bits) instead of
  /// sign-extending (docs/ambiguities.md).
  bool literalShiftRight = false;
  /// Treat f16 as enabled (for expressions checked on their own, which have no directives).
  bool enableF16 = false;
  /// Uniformity analysis (#uniformity) with the fixes of docs/ambiguities.md U1-U13 for the
  /// seed's holes; keep every function's graph (for --uniformity-graph); annotate every
  /// statement's uniformity (#uniformity-optional-diagnosis-mode).
  bool strictUniformity = false;
  bool keepUniformityGraphs = false;
  bool annotateUniformity = false;
  /// #function-aliasing as the 2026 spec's shader-creation error instead of the seed's dynamic
  /// error (a warning) (docs/ambiguities.md X1).
  bool aliasingAsErrors = false;
};

struct UniformityResult;  // checker/wgsl/uniformity.h

class CheckedModule {
 public:
  explicit CheckedModule(const ast::Module& m);

  const ast::Module& module;
  /// Starts as a copy of a process-wide table that holds the types the built-in overloads
  /// need, so that `overloads` (expanded once per process) is valid for every module.
  TypeTable types;
  const OverloadTable& overloads;

  std::vector<ModuleDeclaration> declarations;
  /// Revision 2026: the module's diagnostic directives (new#diagnostic-directive).
  std::vector<DiagnosticFilter> globalDiagnosticFilters;
  std::vector<uint32_t> order;  // declarations, each after those it uses (#declaration-and-scope)
  std::vector<ExpressionInfo> expressions;  // by ExpressionId
  std::vector<Resolution> identifiers;      // by ExpressionId (identifiers and named calls)
  std::vector<Resolution> typeNames;        // by TypeId (named types)
  std::vector<Type> typeDecls;              // by TypeId: the type it denotes
  std::vector<Type> variables;              // by VariableId: the declared or inferred type
  std::vector<Type> parameters;             // by ParameterId
  std::vector<const Overload*> calls;       // by ExpressionId: the overload a call resolved to
  /// The value of a creation-time (or resolved override) expression after the feasible
  /// automatic conversion its use applies (#feasible-automatic-conversion: `1` in `x + 1`
  /// with x: u32 is 1u), by ExpressionId value; only where the conversion changes the type.
  /// The interpreter uses these values as they are (one evaluator, one answer).
  std::unordered_map<uint32_t, Value> convertedValues;
  /// #array-types: the element count of each override-sized array type at pipeline creation,
  /// by the type's identity (TypeNode::count of an ArrayCount::Override array), when it is known
  /// and positive. The interpreter sizes workgroup variables with it.
  std::unordered_map<uint64_t, uint64_t> overrideArrayCounts;
  std::vector<Attributes> parameterAttributes;  // by ParameterId
  std::vector<Attributes> memberAttributes;     // by MemberId
  std::vector<EntryPoint> entryPoints;          // in source order
  MemoryLayouts layouts{types};                 // #memory-layouts
  // #behaviors (filled by analyzeBehaviors, checker/wgsl/analyses.h; kNotAnalyzed before):
  std::vector<Behavior> statementBehaviors;   // by StatementId
  std::vector<Behavior> expressionBehaviors;  // by ExpressionId
  std::vector<Behavior> functionBehaviors;    // by declaration index (functions only)
  /// #uniformity: tags per function, kept graphs, annotations (checker/wgsl/uniformity.h).
  std::shared_ptr<UniformityResult> uniformity;

  const ExpressionInfo& operator[](ast::ExpressionId e) const { return expressions[e.value]; }
};

std::unique_ptr<CheckedModule> check(const ast::Module& module, DiagnosticList& diagnostics,
                                     const CheckOptions& options = {});

/// Checks one expression of a module that has no declarations (parseExpression's result),
/// for `plumb eval`: identifiers can name built-in functions only.
std::unique_ptr<CheckedModule> checkExpression(const ast::Module& module, ast::ExpressionId e,
                                               DiagnosticList& diagnostics,
                                               const CheckOptions& options = {});

}  // namespace plumb
