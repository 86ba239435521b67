// The language revision: one value that the lexer, parser and checker consult, so that later
// revisions are deltas over the baseline rather than forks of the code (design.md).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "semantics/hash.h"
#include "semantics/wgsl/token.h"

namespace plumb {

/// Maps a word (identifier-shaped text) to the keyword it spells, TokenKind::Reserved for a
/// reserved word, or TokenKind::Identifier. Open addressing over hashName; built once.
class WordTable {
 public:
  WordTable() = default;
  void add(std::string_view word, TokenKind kind);
  TokenKind lookup(std::string_view word) const { return lookup(word, hashName(word)); }
  TokenKind lookup(std::string_view word, uint64_t hash) const;
  size_t size() const { return count_; }

 private:
  struct Slot {
    std::string_view word;
    TokenKind kind = TokenKind::Identifier;
  };
  std::vector<Slot> slots_;
  size_t count_ = 0;
};

/// The severities of a diagnostic filter (new#diagnostic-severity).
enum class DiagnosticSeverity : uint8_t { Error, Warning, Info, Off };

/// One WGSL revision. Every difference between revisions is a field here, named after its
/// entry in revision-delta-2022-06-to-2026.md (cited as "delta N.N"), so that the lexer,
/// parser and checker ask the revision instead of comparing its name.
struct Revision {
  /// "2022-06": the seed, gpuweb/gpuweb a83e9990 (wgsl-2022-06-07.bs); "2026": current WGSL,
  /// gpuweb/gpuweb da251f90 (wgsl-2026-08-19.bs).
  std::string_view name;
  /// Keywords and reserved words of this revision (#keyword-summary, #reserved-words).
  WordTable words;
  std::vector<TokenKind> keywords;
  std::vector<std::string_view> reservedWords;
  /// #extension-list (enable-extensions): names accepted by `enable`.
  std::vector<std::string_view> extensions;
  /// new#language-extensions-sec: names accepted by `requires` (delta 8). Plumb supports all of
  /// them (a `requires` of one only documents its use).
  std::vector<std::string_view> languageFeatures;
  /// new#filterable-triggering-rules: the rule names a diagnostic filter may name without a
  /// warning (delta 1.4, 5).
  std::vector<std::string_view> diagnosticRules;

  // ---- delta 1.1: the parsing model
  /// new#template-list-discovery runs before parsing; `ident<args>` is the one grammar of
  /// every parameterized type, `var<...>` and `bitcast<T>`, and a template argument is any
  /// expression (`array<i32, 1 << 2>`), with an optional trailing comma (delta 1.7).
  bool templateListDiscovery = false;
  /// new#predeclared-types, new#predeclared-enumerants: type names, type generators, address
  /// spaces, access modes and texel formats are predeclared identifiers, not keywords.
  bool predeclaredTypes = false;
  // ---- delta 2.1
  /// new#vector-types, new#matrix-types: `vec3f`, `mat4x4h`, ... are predeclared aliases.
  bool predeclaredTypeAliases = false;
  // ---- delta 2.4
  /// new#declaration-and-scope: a user declaration may shadow a predeclared object (a
  /// built-in function, type or enumerant); the seed forbids reusing built-in function names.
  bool shadowPredeclared = false;
  // ---- delta 1.5: directives
  /// `enable a, b,;` takes a list (new#enable-extensions-sec); the seed takes one name.
  bool enableList = false;
  /// `diagnostic(severity, rule);` directives and `@diagnostic` attributes
  /// (new#diagnostics); delta 1.5, 1.6.
  bool diagnosticFilters = false;
  /// `requires name, ...;` (new#language-extensions-sec).
  bool requiresDirective = false;
  // ---- delta 1.6: attributes
  /// Attribute arguments are expressions (const-expressions, override-expressions for
  /// @workgroup_size) of type i32 or u32; the seed takes literals and identifiers.
  bool attributeExpressions = false;
  /// `@diagnostic` may precede compound, if, switch, loop, for and while statements and
  /// switch and loop bodies.
  bool statementAttributes = false;
  // ---- delta 1.7: declarations and statements
  /// `alias T = ...;` (new#type-aliases); the seed writes `type T = ...;`.
  bool aliasDeclaration = false;
  /// `const_assert e;` (new#const-assert-statement); the seed writes `staticAssert e;`.
  bool constAssert = false;
  /// `case 1, default:` (new#switch-statement): `default` is a case selector.
  bool defaultCaseSelector = false;
  /// new#switch-statement: "the selector expression and all case selector expressions must be
  /// of the same concrete integer scalar type": an AbstractInt selector is converted to the
  /// type of a concrete case selector (u32 too). The seed (old#switch-statement) concretizes
  /// an AbstractInt selector to i32 and requires each case selector to have that type.
  bool switchSelectorCommonType = false;
  /// `fallthrough;` (old#fallthrough-statement): removed in 2026.
  bool fallthroughStatement = false;
  // ---- delta 2.2
  /// new#array-builtin: `array(e1, ..., eN)` infers its element type and count.
  bool inferredArrayConstructor = false;
  /// new#vec2-builtin (and vec3, vec4): `vecN()` is the zero vector of AbstractInt.
  bool inferredZeroVector = false;
  // ---- delta 2.5
  /// new#function-restriction (unrestricted_pointer_parameters): a pointer parameter of a
  /// user-defined function may be in any address space, and a pointer argument may be any
  /// pointer expression; the seed allows function, private and workgroup parameters and
  /// `&identifier` or a pointer parameter as arguments.
  bool unrestrictedPointerParameters = false;
  /// new#component-reference-from-pointer (pointer_composite_access): `p.m`, `p[i]` and
  /// `p.xy` on a pointer `p`; the seed requires `(*p).m`.
  bool pointerCompositeAccess = false;
  /// new#alias-analysis: aliased pointer arguments are a shader-creation error; the seed
  /// makes them a dynamic error (old#function-aliasing; docs/ambiguities.md X1).
  bool staticAliasAnalysis = false;
  // ---- delta 2.6
  /// new#texture-storage: storage textures with access `read` and `read_write`
  /// (readonly_and_readwrite_storage_textures); the seed has `write` only.
  bool readWriteStorageTextures = false;
  /// new#storage-texel-formats: the 24 texel formats current WGSL adds (bgra8unorm, r8unorm,
  /// rg11b10ufloat, the texture_formats_tier1 formats, ...); the seed has 16.
  bool currentTexelFormats = false;
  // ---- delta 3.5: floating-point errors at const and override time
  /// new#floating-point-accuracy ("inherited from": subexpression evaluations are subject to
  /// the rules on rounding and overflow) with new#differences-from-ieee754 (the Finite Math
  /// Assumption): a @const built-in whose accuracy is inherited from an expression (length,
  /// distance, normalize, faceForward, reflect, refract, mix, pow) is a creation-time error
  /// when an intermediate result of that expression, rounded to the type, is infinite or NaN.
  /// The seed evaluates the function exactly and checks the result only.
  bool inheritedIntermediateOverflow = false;
  /// new#clamp, new#ldexp-builtin, new#smoothstep-builtin, new#extractBits-signed-builtin,
  /// new#insertBits-builtin: errors that depend only on some const arguments, reported also
  /// when the others are not const: clamp with low > high, ldexp with e2 > bias + 1,
  /// smoothstep with low == high, extractBits and insertBits with offset + count > 32. The
  /// seed gives the integer clamp min(max(e, low), high), ldexp the exact value, and reports
  /// none of them unless every argument is const.
  bool constArgumentErrors = false;
  // ---- delta 3.2, 3.4: integer errors at const and override time
  /// new#arithmetic-expr, new#bit-expr: for concrete integers, `e1 / e2` and `e1 % e2` with a
  /// const e2 of zero, and `MIN / -1`, `MIN % -1` with both const, are shader-creation errors;
  /// so are shifts by a const e2 at least the bit width, and a const `<<` that overflows. The
  /// seed gives e1 (or 0) and shifts modulo the width. Checked also when e1 is not const.
  bool constIntegerErrors = false;
  /// old#texturesamplebias: "`bias` must be between `-16.0` and `15.99`", a shader-creation
  /// error for a creation-time bias (docs/ambiguities.md T13). new#texturesamplebias clamps the
  /// bias to that range instead ("This value will be clamped"), so 2026 has no such error.
  bool creationTimeSampleBiasRange = false;
  // ---- delta 2.7, 3.2, 3.4, 3.5: override-expressions at pipeline creation
  /// new#override-expr, new#pipeline-creation-error: the errors of an override-expression
  /// (division by zero, shifts, clamp with low > high, extractBits, ...) are pipeline-creation
  /// errors, decided by the overrides' values whatever the run-time operands are, and "only
  /// triggered for code present in the shader of the entry point" (#5048); an override given
  /// a value by the pipeline does not evaluate its initializer. The seed evaluates every
  /// override-expression of the module and decides errors from all-known operands only.
  bool overrideExpressionPipelineErrors = false;
  /// new#interpolation: the samplings `first` and `either` of flat interpolation; the seed
  /// allows no sampling with flat.
  bool flatSampling = false;
  /// new#builtin-inputs-outputs (delta 8): the built-in values current WGSL adds
  /// (clip_distances, primitive_index, subgroup_invocation_id, subgroup_size, subgroup_id,
  /// num_subgroups, global_invocation_index, workgroup_index), each behind its extension.
  bool currentBuiltinValues = false;
  /// new#blend-src-attr (delta 1.6, dual_source_blending): `@blend_src(0|1)` on the members
  /// of a fragment output structure at @location(0) (new#input-output-locations).
  bool blendSrc = false;
  /// new#overload-resolution-section, step 1: "Eliminate any candidate where one of its
  /// subexpressions resolves to an abstract type after feasible automatic conversions, but
  /// another of the candidate's subexpressions is not a const-expression" (the 2026 rows mix
  /// abstract and concrete parameters: `AbstractInt << u32`). The seed has no such step.
  bool abstractCandidatesNeedConstOperands = false;
  // ---- delta 3.1: when const-expressions are evaluated
  /// new#const-expr: a const-expression is evaluated only when "required by" an evaluated
  /// outer expression: the right-hand side of `false && e` and `true || e` is type-checked but
  /// not evaluated, so its evaluation errors are not reported. The seed is silent and Plumb
  /// evaluates it (docs/ambiguities.md).
  bool shortCircuitConstEvaluation = false;
  // ---- delta 8: the language features of new#language-extensions-sec that change the text
  /// immediate_address_space (new#address-space, new#var-and-value): `var<immediate>`, an
  /// immediate data variable: module scope, read-only, a concrete constructible host-shareable
  /// store type without arrays, at most one statically accessed per entry point.
  bool immediateAddressSpace = false;
  /// fragment_depth (new#depth-mode-names, new#builtin-inputs-outputs):
  /// `@builtin(frag_depth, less)` and `@builtin(frag_depth, greater)`.
  bool fragmentDepthModes = false;
  /// The subgroup_size_control extension (new#subgroup-size-attr): `@subgroup_size(n)` on a
  /// compute entry point; enabling it enables `subgroups` too (new#extension-list).
  bool subgroupSizeAttribute = false;
  /// buffer_view (new#buffer-types, new#buffer-view-builtin-functions): the opaque `buffer<N>`
  /// and `buffer` store types, the conversions of buffer pointer arguments
  /// (new#conversion-rank), `bufferView<T>`, `bufferArrayView<T>`, `bufferLength`, and
  /// `arrayLength` of a runtime-sized array viewed in the uniform or workgroup space.
  bool bufferView = false;
  /// delta 1.8 (#3552, #4578, #3078, #4881), new#limits: the limits are the minimum values
  /// every implementation supports (1023 structure members, composite nesting depth 15, brace
  /// nesting 127, 255 parameters, 1023 case selector values with the default, 2047 array
  /// constructor elements); beyond them an implementation may accept or reject the shader, so
  /// Plumb warns. The seed's (old#limits) are maxima a program must satisfy (16383 members,
  /// nesting 255, 255 parameters, 16383 case selector values): errors beyond them.
  bool limitsAreMinimumSupported = false;
  // ---- delta 6, 8: built-in functions
  /// The built-in functions current WGSL adds (saturate, the 4x8 packed-integer functions,
  /// textureSampleBaseClampToEdge, textureBarrier; currentOverloadRows()).
  bool currentBuiltins = false;
  // ---- delta 4.4
  /// new#must-use-attr: `@must_use` on user functions, and a call statement of a built-in
  /// function with a result (atomics excepted) is an error.
  bool mustUse = false;

  // ---- delta 4.1: behavior analysis
  /// new#behaviors-rules (#3176, #5419): a behavior has no Discard (`discard;` is {Next}, so no
  /// function behavior holds Discard and a continuing statement may hold a discard), and the row
  /// "loop with exactly return behavior before the continuing block" gives {Return} to a loop
  /// whose body has the behavior {Return}, whatever its continuing statement's `break if`. The
  /// seed (old#behaviors-rules) has Discard and the two general loop rows.
  bool currentBehaviorAnalysis = false;

  // ---- delta 5: uniformity analysis
  /// new#uniformity (delta 5, U1-U18): the current analysis (checker/uniformity_current*.cpp):
  /// expressions produce no control-flow node and calls reconverge (U1, U8), per-statement
  /// values of function-scope variables (new#func-var-value-analysis, U2), desugared pointer
  /// parameters with their contents and pointer parameter tags (new#pointer-desugar, U3, U4),
  /// the RequiredToBeUniform.S nodes with potential-trigger-sets and the nearest enclosing
  /// diagnostic filter of each call site (U5, U6), the loop and `break if` rules (U10),
  /// user-defined inputs as non-uniform sources (U18), `discard` as {Next} (U17), and the
  /// subgroup uniformity scope when the `subgroup_uniformity` language feature is supported
  /// (U16). The seed's analysis (checker/wgsl/uniformity.cpp) otherwise.
  bool currentUniformityAnalysis = false;

  // ---- dynamic semantics: the interpreter and the memory model ask these (issue 15)
  /// delta 2.5 (#3956), new#out-of-bounds-access-sec: a load or store through an invalid
  /// memory reference whose originating variable is not a buffer (function, private,
  /// workgroup) may read or write "any memory location(s) in the originating variable"; the
  /// seed (old#originating-variable) names only the WebGPU buffer bound to it, so there a load
  /// gives the zero value or (0, 0, 0, x) and a store is not executed.
  bool invalidReferenceInOriginatingVariable = false;
  /// delta 2.5 (#3956), new#out-of-bounds-access-sec: "Executing an out-of-bounds access
  /// generates a dynamic error", whose outcomes "include, but are not limited to" the listed
  /// loads and stores (new#errors: "the program may not behave as described"); the seed lists
  /// the loads and stores only (old#originating-variable).
  bool outOfBoundsAccessIsDynamicError = false;
  /// delta 3.8 (#3949), new#simple-assignment-section: `r = e` "evaluates r, then evaluates
  /// e"; the seed (old#simple-assignment-section) evaluates e, then r.
  bool assignmentLeftHandSideFirst = false;
  /// delta 3.4, new#bit-expr: `>>` on a signed integer copies the sign bit by the text itself;
  /// the seed writes "inserting zero bits" (docs/ambiguities.md S3), so only there does
  /// `--literal-shift-right` (the seed's letter) apply.
  bool shiftRightCopiesSignBit = false;
  /// delta 2.6 (#4194), new#texturestore: an out-of-bounds textureStore is not executed; the
  /// seed (old#texturestore) lets it write any texel of the texture or not execute.
  bool textureStoreOutOfBoundsDiscarded = false;
  /// delta 7.1, new#concrete-float-accuracy: the 2026 accuracy table: acos and asin are the
  /// worse of an absolute bound (6.77e-5, 6.81e-5; f16 3.91e-3) and the inherited value, tanh
  /// the worse of 1.0e-5 absolute and the inherited value, atan2 holds its ULP bound only for
  /// |x| in [2^-126, 2^126] (f16 [2^-14, 2^14]) with y finite and normal, and min/max of two
  /// subnormals may return either input.
  bool currentAccuracyTable = false;
  /// delta 3.6, 6.2 (#4640), new#floating-point-evaluation: "intermediate result values of
  /// operations listed in #bit-reinterp-builtin-functions ... may be flushed to zero": a
  /// subnormal f32 that `bitcast` reads or produces may become a zero (of either sign, the
  /// sign of a zero not being tracked). The seed's flushing rule (old#floating-point-evaluation)
  /// names the operations of its accuracy table only, so a bitcast there keeps every bit.
  bool bitcastMayFlush = false;
  /// delta 6.2 (#4324, #4482), new#bitcast-builtin: `bitcast<T>` is a built-in function with
  /// overloads, so an abstract argument converts to the parameter type overload resolution
  /// picks: `bitcast<u32>(e: AbstractInt)` is `u32(e)` (a shader-creation error when e is
  /// not a u32: `bitcast<u32>(-1)`), and the identity `bitcast<f16>(1.0)` is an f16. The seed's
  /// #bitcast-expr concretizes an abstract operand (i32, f32) and reinterprets its bits.
  bool bitcastBuiltinOverloads = false;
  /// delta 6.2, new#frexp-builtin: "Otherwise, e is subnormal, NaN, or infinite. The result
  /// fraction and exponent are indeterminate values"; the seed decomposes a subnormal
  /// exactly (correctly rounded, old#frexp-builtin).
  bool frexpSubnormalIndeterminate = false;
  /// delta 7.1 (#4225, #3992), new#concrete-float-accuracy: unpack4x8snorm, unpack4x8unorm,
  /// unpack2x16snorm and unpack2x16unorm are within 3 ULP of the exact result; the seed's
  /// table has no row for them (Plumb evaluates the formula's f32 division, 2.5 ULP, R6).
  bool unpackNormalizedWithinThreeUlp = false;
  /// delta 7.2 (#3925), new#memory-operation: "a write to a component of a vector may
  /// access all memory locations associated with that vector", so a store to `v.x` may also
  /// write the other components (with the values it found there) and races with another
  /// invocation's access of `v.y`; the seed's write access is of the component only.
  bool vectorComponentWriteMayAccessVector = false;
  /// delta 4.1, 4.2 (#3176, #5583), new#discard-statement: `discard` converts the invocation
  /// into a helper invocation that goes on (its storage writes not performed, its output thrown
  /// away), so its behavior is {Next} (new#behaviors-rules: the behavior set has no Discard and
  /// a continuing statement or a compute or vertex shader's function may reach a discard only
  /// through the stage rule); the seed (old#discard-statement) terminates the invocation, with
  /// the behavior {Discard}.
  bool discardDemotesToHelper = false;
  /// delta 8 (#4887), new#position-builtin-value: "A dynamic error occurs if the w coordinate
  /// is zero" of a vertex shader's position output; the seed (old#builtin-values) says nothing
  /// of w = 0 (docs/ambiguities.md D6), so there the output is only what it is.
  bool positionWZeroIsDynamicError = false;

  TokenKind classifyWord(std::string_view word) const { return words.lookup(word); }
  TokenKind classifyWord(std::string_view word, uint64_t hash) const {
    return words.lookup(word, hash);
  }
  bool isExtension(std::string_view name) const;
  bool isLanguageFeature(std::string_view name) const;
  bool isDiagnosticRule(std::string_view name) const;
  /// The names of all revisions, in order: "2022-06", "2026".
  static std::span<const std::string_view> names();

  /// The baseline revision, the seed of 2022-06-07.
  static const Revision& wgsl2022_06();
  /// Current WGSL, the W3C draft of 2026-08-19.
  static const Revision& wgsl2026();
  /// Looks a revision up by name; nullptr if unknown.
  static const Revision* byName(std::string_view name);
};

/// Parses a severity name (new#diagnostic-severity): error, warning, info, off.
std::optional<DiagnosticSeverity> parseDiagnosticSeverity(std::string_view name);

}  // namespace plumb
