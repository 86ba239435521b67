#include "semantics/wgsl/revision.h"

#include <iterator>

#include "semantics/hash.h"

namespace plumb {


void WordTable::add(std::string_view word, TokenKind kind) {
  if ((count_ + 1) * 2 > slots_.size()) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
    count_ = 0;
    for (const Slot& s : old)
      if (!s.word.empty()) add(s.word, s.kind);
  }
  size_t mask = slots_.size() - 1;
  for (size_t i = hashName(word) & mask;; i = (i + 1) & mask) {
    if (slots_[i].word.empty()) {
      slots_[i] = {word, kind};
      ++count_;
      return;
    }
    if (slots_[i].word == word) {
      slots_[i].kind = kind;
      return;
    }
  }
}

TokenKind WordTable::lookup(std::string_view word, uint64_t hash) const {
  if (slots_.empty()) return TokenKind::Identifier;
  size_t mask = slots_.size() - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    if (slots_[i].word.empty()) return TokenKind::Identifier;
    if (slots_[i].word == word) return slots_[i].kind;
  }
}

bool Revision::isExtension(std::string_view n) const {
  for (std::string_view e : extensions)
    if (e == n) return true;
  return false;
}

// #reserved-words of the seed: 344 words, in the order of the .bs.
static constexpr std::string_view kReserved2022[] = {
    "AppendStructuredBuffer", "BlendState", "Buffer", "ByteAddressBuffer", "CompileShader", "ComputeShader",
    "ConsumeStructuredBuffer", "DepthStencilState", "DepthStencilView", "DomainShader", "GeometryShader", "Hullshader",
    "InputPatch", "LineStream", "NULL", "OutputPatch", "PixelShader", "PointStream",
    "RWBuffer", "RWByteAddressBuffer", "RWStructuredBuffer", "RWTexture1D", "RWTexture1DArray", "RWTexture2D",
    "RWTexture2DArray", "RWTexture3D", "RasterizerState", "RenderTargetView", "SamplerComparisonState", "SamplerState",
    "Self", "StructuredBuffer", "Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray",
    "Texture2DMS", "Texture2DMSArray", "Texture3D", "TextureCube", "TextureCubeArray", "TriangleStream",
    "VertexShader", "abstract", "active", "alignas", "alignof", "as",
    "asm", "asm_fragment", "async", "atomic_uint", "attribute", "auto",
    "await", "become", "bf16", "binding_array", "cast", "catch",
    "cbuffer", "char", "class", "co_await", "co_return", "co_yield",
    "coherent", "column_major", "common", "compile", "compile_fragment", "concept",
    "const_cast", "consteval", "constexpr", "constinit", "crate", "debugger",
    "decltype", "delete", "demote", "demote_to_helper", "do", "dword",
    "dynamic_cast", "enum", "explicit", "export", "extends", "extern",
    "external", "f64", "filter", "final", "finally", "fixed",
    "friend", "from", "fvec2", "fvec3", "fvec4", "fxgroup",
    "get", "goto", "groupshared", "handle", "highp", "hvec2",
    "hvec3", "hvec4", "i16", "i64", "i8", "iimage1D",
    "iimage1DArray", "iimage2D", "iimage2DArray", "iimage2DMS", "iimage2DMSArray", "iimage2DRect",
    "iimage3D", "iimageBuffer", "iimageCube", "iimageCubeArray", "image1D", "image1DArray",
    "image2D", "image2DArray", "image2DMS", "image2DMSArray", "image2DRect", "image3D",
    "imageBuffer", "imageCube", "imageCubeArray", "impl", "implements", "import",
    "inline", "inout", "instanceof", "interface", "invariant", "isampler1D",
    "isampler1DArray", "isampler2D", "isampler2DArray", "isampler2DMS", "isampler2DMSArray", "isampler2DRect",
    "isampler3D", "isamplerBuffer", "isamplerCube", "isamplerCubeArray", "isubpassInput", "isubpassInputMS",
    "itexture1D", "itexture1DArray", "itexture2D", "itexture2DArray", "itexture2DMS", "itexture2DMSArray",
    "itexture2DRect", "itexture3D", "itextureBuffer", "itextureCube", "itextureCubeArray", "layout",
    "line", "lineadj", "lowp", "macro", "macro_rules", "mat",
    "match", "matrix", "mediump", "meta", "mod", "module",
    "move", "mut", "mutable", "namespace", "new", "nil",
    "noexcept", "noinline", "nointerpolation", "noperspective", "null", "nullptr",
    "of", "operator", "package", "packoffset", "partition", "pass",
    "patch", "pixelfragment", "point", "precise", "precision", "premerge",
    "priv", "protected", "pub", "public", "readonly", "ref",
    "regardless", "register", "reinterpret_cast", "requires", "resource", "restrict",
    "row_major", "samper", "sampler1D", "sampler1DArray", "sampler1DArrayShadow", "sampler1DShadow",
    "sampler2D", "sampler2DArray", "sampler2DArrayShadow", "sampler2DMS", "sampler2DMSArray", "sampler2DRect",
    "sampler2DRectShadow", "sampler2DShadow", "sampler3D", "sampler3DRect", "samplerBuffer", "samplerCube",
    "samplerCubeArray", "samplerCubeArrayShadow", "samplerCubeShadow", "samplerShadow", "self", "set",
    "shared", "signed", "sizeof", "smooth", "snorm", "stateblock",
    "stateblock_state", "static", "static_assert", "static_cast", "std", "string",
    "subpassInput", "subpassInputMS", "subroutine", "super", "superp", "target",
    "tbuffer", "technique", "technique10", "technique11", "template", "texture1D",
    "texture1DArray", "texture2D", "texture2DArray", "texture2DMS", "texture2DMSArray", "texture2DRect",
    "texture3D", "textureBuffer", "textureCube", "textureCubeArray", "this", "thread_local",
    "throw", "trait", "triangle", "triangleadj", "try", "typedef",
    "typeid", "typename", "typeof", "u16", "u64", "u8",
    "uimage1D", "uimage1DArray", "uimage2D", "uimage2DArray", "uimage2DMS", "uimage2DMSArray",
    "uimage2DRect", "uimage3D", "uimageBuffer", "uimageCube", "uimageCubeArray", "union",
    "unless", "unorm", "unsafe", "unsigned", "unsized", "usampler1D",
    "usampler1DArray", "usampler2D", "usampler2DArray", "usampler2DMS", "usampler2DMSArray", "usampler2DRect",
    "usampler3D", "usamplerBuffer", "usamplerCube", "usamplerCubeArray", "use", "using",
    "usubpassInput", "usubpassInputMS", "utexture1D", "utexture1DArray", "utexture2D", "utexture2DArray",
    "utexture2DMS", "utexture2DMSArray", "utexture2DRect", "utexture3D", "utextureBuffer", "utextureCube",
    "utextureCubeArray", "varying", "vec", "vector", "vertexfragment", "virtual",
    "void", "volatile", "wchar_t", "wgsl", "where", "with",
    "writeonly", "yield",
};
static_assert(std::size(kReserved2022) == 344, "#reserved-words lists 344 words");

// new#reserved-words (wgsl.reserved.plain at da251f90): 146 words. The seed's list less the
// HLSL object names, the GLSL sampler, image and texture names and the type-like words that
// current WGSL gave back to programs, plus fallthrough, type, require, non_coherent and
// noncoherent (delta 1.3).
static constexpr std::string_view kReserved2026[] = {
    "NULL", "Self", "abstract", "active", "alignas", "alignof", "as", "asm", "asm_fragment",
    "async", "attribute", "auto", "await", "become", "cast", "catch", "class", "co_await",
    "co_return", "co_yield", "coherent", "column_major", "common", "compile", "compile_fragment",
    "concept", "const_cast", "consteval", "constexpr", "constinit", "crate", "debugger",
    "decltype", "delete", "demote", "demote_to_helper", "do", "dynamic_cast", "enum", "explicit",
    "export", "extends", "extern", "external", "fallthrough", "filter", "final", "finally",
    "friend", "from", "fxgroup", "get", "goto", "groupshared", "highp", "impl", "implements",
    "import", "inline", "instanceof", "interface", "layout", "lowp", "macro", "macro_rules",
    "match", "mediump", "meta", "mod", "module", "move", "mut", "mutable", "namespace", "new",
    "nil", "noexcept", "noinline", "nointerpolation", "non_coherent", "noncoherent",
    "noperspective", "null", "nullptr", "of", "operator", "package", "packoffset", "partition",
    "pass", "patch", "pixelfragment", "precise", "precision", "premerge", "priv", "protected",
    "pub", "public", "readonly", "ref", "regardless", "register", "reinterpret_cast", "require",
    "resource", "restrict", "self", "set", "shared", "sizeof", "smooth", "snorm", "static",
    "static_assert", "static_cast", "std", "subroutine", "super", "target", "template", "this",
    "thread_local", "throw", "trait", "try", "type", "typedef", "typeid", "typename", "typeof",
    "union", "unless", "unorm", "unsafe", "unsized", "use", "using", "varying", "virtual",
    "volatile", "wgsl", "where", "with", "writeonly", "yield",
};
static_assert(std::size(kReserved2026) == 146, "new#reserved-words lists 146 words");

static void addWords(Revision& r, std::span<const std::string_view> reserved) {
  for (TokenKind k : r.keywords) r.words.add(tokenSpelling(k), k);
  for (std::string_view w : reserved) {
    r.reservedWords.push_back(w);
    r.words.add(w, TokenKind::Reserved);
  }
}

static Revision make2022_06() {
  Revision r;
  r.name = "2022-06";
  // #keyword-summary: 41 type-defining and 28 other keywords: PLUMB_KEYWORDS up to
  // `workgroup` (the rest are revision 2026's).
#define PLUMB_KW(name, spelling) r.keywords.push_back(TokenKind::Kw##name);
  PLUMB_KEYWORDS(PLUMB_KW)
#undef PLUMB_KW
  while (r.keywords.back() != TokenKind::KwWorkgroup) r.keywords.pop_back();
  addWords(r, kReserved2022);
  r.extensions = {"f16"};  // #extension-list
  r.fallthroughStatement = true;
  r.creationTimeSampleBiasRange = true;
  return r;
}

static Revision make2026() {
  Revision r;
  r.name = "2026";
  // new#keyword-summary: 26 keywords; every type name is a predeclared identifier (delta 1.2).
  r.keywords = {TokenKind::KwAlias,     TokenKind::KwBreak,      TokenKind::KwCase,
                TokenKind::KwConst,     TokenKind::KwConstAssert, TokenKind::KwContinue,
                TokenKind::KwContinuing, TokenKind::KwDefault,   TokenKind::KwDiagnostic,
                TokenKind::KwDiscard,   TokenKind::KwElse,       TokenKind::KwEnable,
                TokenKind::KwFalse,     TokenKind::KwFn,         TokenKind::KwFor,
                TokenKind::KwIf,        TokenKind::KwLet,        TokenKind::KwLoop,
                TokenKind::KwOverride,  TokenKind::KwRequires,   TokenKind::KwReturn,
                TokenKind::KwStruct,    TokenKind::KwSwitch,     TokenKind::KwTrue,
                TokenKind::KwVar,       TokenKind::KwWhile};
  addWords(r, kReserved2026);
  // new#enable-extensions-sec (delta 8).
  r.extensions = {"f16",          "clip_distances",        "dual_source_blending",
                  "subgroups",    "primitive_index",       "subgroup_size_control"};
  // new#language-extensions-sec (delta 8): all supported.
  r.languageFeatures = {"readonly_and_readwrite_storage_textures",
                        "packed_4x8_integer_dot_product",
                        "unrestricted_pointer_parameters",
                        "pointer_composite_access",
                        "uniform_buffer_standard_layout",
                        "subgroup_id",
                        "subgroup_uniformity",
                        "texture_and_sampler_let",
                        "texture_formats_tier1",
                        "linear_indexing",
                        "immediate_address_space",
                        "fragment_depth",
                        "buffer_view"};
  // new#filterable-triggering-rules.
  r.diagnosticRules = {"derivative_uniformity", "subgroup_uniformity"};
  r.templateListDiscovery = true;
  r.predeclaredTypes = true;
  r.predeclaredTypeAliases = true;
  r.shadowPredeclared = true;
  r.enableList = true;
  r.diagnosticFilters = true;
  r.requiresDirective = true;
  r.attributeExpressions = true;
  r.statementAttributes = true;
  r.aliasDeclaration = true;
  r.constAssert = true;
  r.defaultCaseSelector = true;
  r.switchSelectorCommonType = true;
  r.mustUse = true;
  r.readWriteStorageTextures = true;
  r.staticAliasAnalysis = true;
  r.inferredArrayConstructor = true;
  r.unrestrictedPointerParameters = true;
  r.pointerCompositeAccess = true;
  r.invalidReferenceInOriginatingVariable = true;
  r.outOfBoundsAccessIsDynamicError = true;
  r.assignmentLeftHandSideFirst = true;
  r.shiftRightCopiesSignBit = true;
  r.textureStoreOutOfBoundsDiscarded = true;
  r.currentAccuracyTable = true;
  r.bitcastMayFlush = true;
  r.bitcastBuiltinOverloads = true;
  r.limitsAreMinimumSupported = true;
  r.frexpSubnormalIndeterminate = true;
  r.unpackNormalizedWithinThreeUlp = true;
  r.vectorComponentWriteMayAccessVector = true;
  r.discardDemotesToHelper = true;
  r.positionWZeroIsDynamicError = true;
  r.currentBehaviorAnalysis = true;
  r.inheritedIntermediateOverflow = true;
  r.constArgumentErrors = true;
  r.constIntegerErrors = true;
  r.overrideExpressionPipelineErrors = true;
  r.currentBuiltinValues = true;
  r.abstractCandidatesNeedConstOperands = true;
  r.blendSrc = true;
  r.shortCircuitConstEvaluation = true;
  r.currentBuiltins = true;
  r.currentTexelFormats = true;
  r.flatSampling = true;
  r.inferredZeroVector = true;
  r.currentUniformityAnalysis = true;
  r.immediateAddressSpace = true;
  r.fragmentDepthModes = true;
  r.subgroupSizeAttribute = true;
  r.bufferView = true;
  return r;
}

const Revision& Revision::wgsl2022_06() {
  static const Revision r = make2022_06();
  return r;
}

const Revision& Revision::wgsl2026() {
  static const Revision r = make2026();
  return r;
}

static constexpr std::string_view kRevisionNames[] = {"2022-06", "2026"};

std::span<const std::string_view> Revision::names() { return kRevisionNames; }

const Revision* Revision::byName(std::string_view n) {
  if (n == "2022-06") return &wgsl2022_06();
  if (n == "2026") return &wgsl2026();
  return nullptr;
}

static bool contains(const std::vector<std::string_view>& list, std::string_view n) {
  for (std::string_view e : list)
    if (e == n) return true;
  return false;
}

bool Revision::isLanguageFeature(std::string_view n) const { return contains(languageFeatures, n); }
bool Revision::isDiagnosticRule(std::string_view n) const { return contains(diagnosticRules, n); }

std::optional<DiagnosticSeverity> parseDiagnosticSeverity(std::string_view n) {
  if (n == "error") return DiagnosticSeverity::Error;
  if (n == "warning") return DiagnosticSeverity::Warning;
  if (n == "info") return DiagnosticSeverity::Info;
  if (n == "off") return DiagnosticSeverity::Off;
  return std::nullopt;
}

}  // namespace plumb
