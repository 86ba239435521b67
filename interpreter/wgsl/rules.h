// The rules of the small-step machine as data (design.md principle 1, "Literal"): one entry per
// rule, with the name `plumb run --trace` prints and the anchor of the section of the seed
// (wgsl-2022-06-07.bs) it implements, or "administrative" for a step that only rearranges the
// machine's continuation (schedules an operand, ends a statement list) and has no text of its
// own. Every step of `Machine::step` names one entry (StepResult::rule), as the WebAssembly
// reference interpreter has one arm of `step` per rule; the coverage test
// (tests/interpreter/wgsl/rule_coverage_test.cpp) walks this table: every entry is taken by some test
// program, and every name a trace prints is an entry.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace plumb::interp {

// The ids in groups, as the table below.
// clang-format off
enum class RuleId : uint8_t {
  // expressions (#expressions)
  CreationTimeValue, VarIdentifierExpr, LetIdentifierExpr, FormalParameterExpr,
  ParenthesizedExpressions, AddressOfExpr, IndirectionExpr, UnaryOperand, BinaryOperands,
  LogicalExpr, ArithmeticExpr, ComparisonExpr, BitExpr, ShortCircuitAndFalse, ShortCircuitAndTrue,
  ShortCircuitOrTrue, ShortCircuitOrFalse, BitcastExpr, ArrayAccessExpr, ArrayAccessExprOutOfBounds,
  InvalidMemoryReference, StructAccessExpr, VectorSingleComponent, VectorMultiComponent, LoadRule,
  FunctionCallExpr, TypeConstructorExpr, ConversionExpr,
  // statements (#statements)
  EmptyStatement, BlockEnter, BlockNext, BlockEnd, BlockExit, IfStatement, IfTrue, IfFalse,
  SwitchStatement, SwitchCaseFound, SwitchDefault, SwitchFallthrough, SwitchEnd, LoopEnter,
  ForEnter, WhileEnter, LoopIteration, LoopConditionTrue, LoopConditionFalse, LoopContinuing,
  LoopNextIteration, ContinuingStatement, BreakStatement, BreakIfStatement, BreakIfTrue,
  BreakIfFalse, ContinueStatement, ReturnStatement, FunctionCallStatement, DiscardValue,
  ConstDeclaration, LetDeclaration, LetBind, VarDeclaration, VarAllocate, PhonyAssignment,
  SimpleAssignment, SimpleAssignmentLeftFirst, Store, CompoundAssignment, CompoundAssignmentStore, Increment, Decrement,
  IncrementDecrementStore, StaticAssertStatement,
  // calls (#function-calls)
  CallEnter, CallReturn, EntryPointReturn,
  // built-in functions evaluated as functions of their arguments (runtime_operations.h), by the
  // section of the built-in's row (semantics/wgsl/builtin_function_table.cpp)
  LogicalBuiltinFunctions, FloatBuiltinFunctions, IntegerBuiltinFunctions, MatrixBuiltinFunctions,
  VectorBuiltinFunctions, PackBuiltinFunctions, UnpackBuiltinFunctions,
  // built-in functions that touch memory or synchronize (machine_calls.cpp, machine_textures.cpp)
  ArrayBuiltinFunctions, BufferViewBuiltin, BufferArrayViewBuiltin, BufferLengthBuiltin,
  AtomicLoad, AtomicStore, AtomicRmw, AtomicCompareExchange,
  ControlBarrierWait, TextureDimensions, TextureNumLayers, TextureNumLevels, TextureNumSamples,
  TextureLoad, TextureLoadOutOfBounds, TextureStore, TextureStoreOutOfBounds,
  // the sampling built-ins (machine_sampling.cpp, interpreter/wgsl/sampling.h)
  TextureSampleLevel, TextureSampleGrad, TextureSampleCompareLevel, TextureGather, TextureGatherCompare,
  TextureSampleBaseClampToEdge,
  // implicit-LOD sampling in the fragment stage (machine_sampling.cpp, quad_sampling.cpp)
  ImplicitLodWait, TextureSample, TextureSampleBias, TextureSampleCompare,
  // the fragment stage (stage_fragment.cpp, quad.cpp): discard, and the derivatives a quad
  // computes together
  DiscardStatement, DiscardDemote, DerivativeWait, DerivativeFine, DerivativeCoarse, Derivative,
  DerivativeDivergentQuad,
  // the scheduler's rule (dispatch.cpp): every invocation of a workgroup waits at one barrier
  ControlBarrierRelease,
  // revision 2026: subgroup and quad operations (machine_calls.cpp, subgroups.cpp)
  SubgroupOperationWait, SubgroupOperationComplete,
  Count
};
// clang-format on

struct Rule {
  RuleId id;
  std::string_view name;    // as --trace prints it
  std::string_view anchor;  // the seed's section or definition, or kAdministrative
};

inline constexpr std::string_view kAdministrative = "administrative";

inline constexpr std::array<Rule, static_cast<size_t>(RuleId::Count)> kRules{{
    {RuleId::CreationTimeValue, "creation-time-value", "creation-time-expr"},
    {RuleId::VarIdentifierExpr, "var-identifier-expr", "var-identifier-expr"},
    {RuleId::LetIdentifierExpr, "let-identifier-expr", "let-declaration"},
    {RuleId::FormalParameterExpr, "formal-parameter-expr", "formal-parameter-expr"},
    {RuleId::ParenthesizedExpressions, "parenthesized-expressions", "parenthesized-expressions"},
    {RuleId::AddressOfExpr, "address-of-expr", "address-of-expr"},
    {RuleId::IndirectionExpr, "indirection-expr", "indirection-expr"},
    {RuleId::UnaryOperand, "unary-operand", kAdministrative},
    {RuleId::BinaryOperands, "binary-operands", "program-order"},
    {RuleId::LogicalExpr, "logical-expr", "logical-expr"},
    {RuleId::ArithmeticExpr, "arithmetic-expr", "arithmetic-expr"},
    {RuleId::ComparisonExpr, "comparison-expr", "comparison-expr"},
    {RuleId::BitExpr, "bit-expr", "bit-expr"},
    {RuleId::ShortCircuitAndFalse, "short-circuit-and-false", "logical-expr"},
    {RuleId::ShortCircuitAndTrue, "short-circuit-and-true", "logical-expr"},
    {RuleId::ShortCircuitOrTrue, "short-circuit-or-true", "logical-expr"},
    {RuleId::ShortCircuitOrFalse, "short-circuit-or-false", "logical-expr"},
    {RuleId::BitcastExpr, "bitcast-expr", "bitcast-expr"},
    {RuleId::ArrayAccessExpr, "array-access-expr", "array-access-expr"},
    {RuleId::ArrayAccessExprOutOfBounds, "array-access-expr-out-of-bounds", "array-access-expr"},
    {RuleId::InvalidMemoryReference, "invalid-memory-reference", "invalid-memory-reference"},
    {RuleId::StructAccessExpr, "struct-access-expr", "struct-access-expr"},
    {RuleId::VectorSingleComponent, "vector-single-component", "vector-single-component"},
    {RuleId::VectorMultiComponent, "vector-multi-component", "vector-multi-component"},
    {RuleId::LoadRule, "load-rule", "load-rule"},
    {RuleId::FunctionCallExpr, "function-call-expr", "function-call-expr"},
    {RuleId::TypeConstructorExpr, "type-constructor-expr", "type-constructor-expr"},
    {RuleId::ConversionExpr, "conversion-expr", "conversion-expr"},

    {RuleId::EmptyStatement, "empty-statement", "statements"},
    {RuleId::BlockEnter, "block-enter", "compound-statement-section"},
    {RuleId::BlockNext, "block-next", kAdministrative},
    {RuleId::BlockEnd, "block-end", kAdministrative},
    {RuleId::BlockExit, "block-exit", "declaration-and-scope"},
    {RuleId::IfStatement, "if-statement", "if-statement"},
    {RuleId::IfTrue, "if-true", "if-statement"},
    {RuleId::IfFalse, "if-false", "if-statement"},
    {RuleId::SwitchStatement, "switch-statement", "switch-statement"},
    {RuleId::SwitchCaseFound, "switch-case-found", "switch-statement"},
    {RuleId::SwitchDefault, "switch-default", "switch-statement"},
    {RuleId::SwitchFallthrough, "switch-fallthrough", "fallthrough-statement"},
    {RuleId::SwitchEnd, "switch-end", "switch-statement"},
    {RuleId::LoopEnter, "loop-enter", "loop-statement"},
    {RuleId::ForEnter, "for-enter", "for-statement"},
    {RuleId::WhileEnter, "while-enter", "while-statement"},
    {RuleId::LoopIteration, "loop-iteration", "loop-statement"},
    // `for` and `while` test their condition as `if !(cond) { break; }` (#for-statement,
    // #while-statement say so in the same words).
    {RuleId::LoopConditionTrue, "loop-condition-true", "for-statement"},
    {RuleId::LoopConditionFalse, "loop-condition-false", "for-statement"},
    {RuleId::LoopContinuing, "loop-continuing", "continuing-statement"},
    {RuleId::LoopNextIteration, "loop-next-iteration", "loop-statement"},
    {RuleId::ContinuingStatement, "continuing-statement", "continuing-statement"},
    {RuleId::BreakStatement, "break-statement", "break-statement"},
    {RuleId::BreakIfStatement, "break-if-statement", "break-if-statement"},
    {RuleId::BreakIfTrue, "break-if-true", "break-if-statement"},
    {RuleId::BreakIfFalse, "break-if-false", "break-if-statement"},
    {RuleId::ContinueStatement, "continue-statement", "continue-statement"},
    {RuleId::ReturnStatement, "return-statement", "return-statement"},
    {RuleId::FunctionCallStatement, "function-call-statement", "function-call-statement"},
    {RuleId::DiscardValue, "discard-value", kAdministrative},
    {RuleId::ConstDeclaration, "const-declaration", "value-decls"},
    {RuleId::LetDeclaration, "let-declaration", "let-declaration"},
    {RuleId::LetBind, "let-bind", "let-declaration"},
    {RuleId::VarDeclaration, "var-declaration", "var-and-value"},
    {RuleId::VarAllocate, "var-allocate", "var-and-value"},
    {RuleId::PhonyAssignment, "phony-assignment", "phony-assignment-section"},
    {RuleId::SimpleAssignment, "simple-assignment", "simple-assignment-section"},
    // revision 2026 (Revision::assignmentLeftHandSideFirst): "Evaluates r, then evaluates e"
    {RuleId::SimpleAssignmentLeftFirst, "simple-assignment-left-first",
     "simple-assignment-section"},
    {RuleId::Store, "store", "simple-assignment-section"},
    {RuleId::CompoundAssignment, "compound-assignment", "compound-assignment-sec"},
    {RuleId::CompoundAssignmentStore, "compound-assignment-store", "compound-assignment-sec"},
    {RuleId::Increment, "increment", "increment-decrement"},
    {RuleId::Decrement, "decrement", "increment-decrement"},
    {RuleId::IncrementDecrementStore, "increment-decrement-store", "increment-decrement"},
    {RuleId::StaticAssertStatement, "static-assert-statement", "static-assert-statement"},

    {RuleId::CallEnter, "call-enter", "function-calls"},
    {RuleId::CallReturn, "call-return", "function-calls"},
    {RuleId::EntryPointReturn, "entry-point-return", "function-calls"},

    {RuleId::LogicalBuiltinFunctions, "logical-builtin-functions", "logical-builtin-functions"},
    {RuleId::FloatBuiltinFunctions, "float-builtin-functions", "float-builtin-functions"},
    {RuleId::IntegerBuiltinFunctions, "integer-builtin-functions", "integer-builtin-functions"},
    {RuleId::MatrixBuiltinFunctions, "matrix-builtin-functions", "matrix-builtin-functions"},
    {RuleId::VectorBuiltinFunctions, "vector-builtin-functions", "vector-builtin-functions"},
    {RuleId::PackBuiltinFunctions, "pack-builtin-functions", "pack-builtin-functions"},
    {RuleId::UnpackBuiltinFunctions, "unpack-builtin-functions", "unpack-builtin-functions"},

    {RuleId::ArrayBuiltinFunctions, "array-builtin-functions", "array-builtin-functions"},
    // revision 2026, buffer_view (machine_buffer_views.cpp)
    {RuleId::BufferViewBuiltin, "bufferview-builtin", "bufferview-builtin"},
    {RuleId::BufferArrayViewBuiltin, "bufferarrayview-builtin", "bufferarrayview-builtin"},
    {RuleId::BufferLengthBuiltin, "bufferlength-builtin", "bufferlength-builtin"},
    {RuleId::AtomicLoad, "atomic-load", "atomic-load"},
    {RuleId::AtomicStore, "atomic-store", "atomic-store"},
    {RuleId::AtomicRmw, "atomic-rmw", "atomic-rmw"},
    {RuleId::AtomicCompareExchange, "atomic-compare-exchange", "atomic-rmw"},
    {RuleId::ControlBarrierWait, "control-barrier-wait", "sync-builtin-functions"},
    {RuleId::TextureDimensions, "texturedimensions", "texturedimensions"},
    {RuleId::TextureNumLayers, "texturenumlayers", "texturenumlayers"},
    {RuleId::TextureNumLevels, "texturenumlevels", "texturenumlevels"},
    {RuleId::TextureNumSamples, "texturenumsamples", "texturenumsamples"},
    {RuleId::TextureLoad, "textureload", "textureload"},
    {RuleId::TextureLoadOutOfBounds, "textureload-out-of-bounds", "textureload"},
    {RuleId::TextureStore, "texturestore", "texturestore"},
    {RuleId::TextureStoreOutOfBounds, "texturestore-out-of-bounds", "texturestore"},
    {RuleId::TextureSampleLevel, "texturesamplelevel", "texturesamplelevel"},
    {RuleId::TextureSampleGrad, "texturesamplegrad", "texturesamplegrad"},
    {RuleId::TextureSampleCompareLevel, "texturesamplecomparelevel", "texturesamplecomparelevel"},
    {RuleId::TextureGather, "texturegather", "texturegather"},
    {RuleId::TextureGatherCompare, "texturegathercompare", "texturegathercompare"},
    // 2026 only (new#textureSampleBaseClampToEdge); the seed's section of the texture built-ins.
    {RuleId::TextureSampleBaseClampToEdge, "texturesamplebaseclamptoedge",
     "texture-builtin-functions"},
    // #derivatives: textureSample, textureSampleBias and textureSampleCompare compute the
    // partial derivatives of their coordinates implicitly, as a quad: the invocation offers its
    // arguments and waits like a derivative; the quad's rule (quad_sampling.cpp) samples each
    // with the derivatives of the four coordinates (a divergent quad: derivative-divergent-quad).
    {RuleId::ImplicitLodWait, "implicit-lod-wait", "derivatives"},
    {RuleId::TextureSample, "texturesample", "texturesample"},
    {RuleId::TextureSampleBias, "texturesamplebias", "texturesamplebias"},
    {RuleId::TextureSampleCompare, "texturesamplecompare", "texturesamplecompare"},

    // #discard-statement: the seed ends the invocation; revision 2026 (Revision::
    // discardDemotesToHelper, new#discard-statement) makes it a helper invocation that goes on.
    {RuleId::DiscardStatement, "discard-statement", "discard-statement"},
    {RuleId::DiscardDemote, "discard-demote", "discard-statement"},
    // #derivatives: "invocations within the same quad collaborate": an invocation offers its
    // value and waits for the others of its quad (like a control barrier); the quad's rule
    // (quad.cpp) gives each its derivative: the fine one, the coarse one (either row or
    // column of the quad: a set), or either of them (dpdx, dpdy, fwidth); a quad whose
    // invocations are not all at the call gets an indeterminate value (docs/ambiguities.md D1).
    {RuleId::DerivativeWait, "derivative-wait", "derivatives"},
    {RuleId::DerivativeFine, "derivative-fine", "derivative-builtin-functions"},
    {RuleId::DerivativeCoarse, "derivative-coarse", "derivative-builtin-functions"},
    {RuleId::Derivative, "derivative", "derivative-builtin-functions"},
    {RuleId::DerivativeDivergentQuad, "derivative-divergent-quad", "derivatives"},

    {RuleId::ControlBarrierRelease, "control-barrier-release", "barrier"},

    // revision 2026 (anchors of wgsl-2026-08-19.bs): an invocation waits at a subgroup or quad
    // built-in; the active invocations of a subgroup complete it together.
    {RuleId::SubgroupOperationWait, "subgroup-operation-wait", "subgroup-ops"},
    {RuleId::SubgroupOperationComplete, "subgroup-operation-complete", "subgroups"},
}};

constexpr const Rule& rule(RuleId id) {
  return kRules[static_cast<size_t>(id)];
}

/// The entry of the built-ins evaluated as functions of their arguments whose section (a row's
/// anchor in semantics/wgsl/builtin_function_table.cpp) is `anchor`; nothing for another section
/// (those built-ins are the machine's, or cannot run in a compute shader).
std::optional<RuleId> functionBuiltinRule(std::string_view anchor);

/// The entry named `name`, if any (for tests and tools reading traces).
std::optional<RuleId> ruleByName(std::string_view name);

namespace detail {
constexpr bool rulesInOrder() {
  for (size_t i = 0; i < kRules.size(); ++i)
    if (static_cast<size_t>(kRules[i].id) != i) return false;
  return true;
}
}  // namespace detail
static_assert(detail::rulesInOrder(), "kRules lists the rules in the order of RuleId");

}  // namespace plumb::interp
