// Tokens (#tokens): literals, keywords, reserved words, syntactic tokens, identifiers.
#pragma once

#include <cstdint>
#include <string_view>

#include "semantics/source.h"

namespace plumb {

// #syntactic-tokens: the 46 syntactic tokens, named as the grammar names them.
#define PLUMB_SYNTACTIC_TOKENS(X)                    \
  X(And, "&") X(AndAnd, "&&") X(Arrow, "->")           \
  X(Attr, "@") X(ForwardSlash, "/") X(Bang, "!")      \
  X(BracketLeft, "[") X(BracketRight, "]")            \
  X(BraceLeft, "{") X(BraceRight, "}") X(Colon, ":")   \
  X(Comma, ",") X(Equal, "=") X(EqualEqual, "==")     \
  X(NotEqual, "!=") X(GreaterThan, ">")               \
  X(GreaterThanEqual, ">=") X(ShiftRight, ">>")       \
  X(LessThan, "<") X(LessThanEqual, "<=")             \
  X(ShiftLeft, "<<") X(Modulo, "%") X(Minus, "-")     \
  X(MinusMinus, "--") X(Period, ".") X(Plus, "+")     \
  X(PlusPlus, "++") X(Or, "|") X(OrOr, "||")          \
  X(ParenLeft, "(") X(ParenRight, ")")                \
  X(Semicolon, ";") X(Star, "*") X(Tilde, "~")        \
  X(Underscore, "_") X(Xor, "^") X(PlusEqual, "+=")   \
  X(MinusEqual, "-=") X(TimesEqual, "*=")             \
  X(DivisionEqual, "/=") X(ModuloEqual, "%=")         \
  X(AndEqual, "&=") X(OrEqual, "|=") X(XorEqual, "^=") \
  X(ShiftRightEqual, ">>=") X(ShiftLeftEqual, "<<=")

// #keyword-summary: every keyword any supported revision has. Which of them are keywords
// in a given revision is decided by its Revision (semantics/wgsl/revision.h), not here.
#define PLUMB_KEYWORDS(X)                                                                  \
  /* #type-defining-keywords */                                                           \
  X(Array, "array") X(Atomic, "atomic") X(Bool, "bool") X(F32, "f32") X(F16, "f16")      \
  X(I32, "i32") X(Mat2x2, "mat2x2") X(Mat2x3, "mat2x3") X(Mat2x4, "mat2x4")               \
  X(Mat3x2, "mat3x2") X(Mat3x3, "mat3x3") X(Mat3x4, "mat3x4") X(Mat4x2, "mat4x2")         \
  X(Mat4x3, "mat4x3") X(Mat4x4, "mat4x4") X(Override, "override") X(Ptr, "ptr")           \
  X(Sampler, "sampler") X(SamplerComparison, "sampler_comparison")                        \
  X(StaticAssert, "staticAssert") X(Struct, "struct") X(Texture1d, "texture_1d")          \
  X(Texture2d, "texture_2d") X(Texture2dArray, "texture_2d_array")                        \
  X(Texture3d, "texture_3d") X(TextureCube, "texture_cube")                               \
  X(TextureCubeArray, "texture_cube_array")                                               \
  X(TextureMultisampled2d, "texture_multisampled_2d")                                     \
  X(TextureStorage1d, "texture_storage_1d") X(TextureStorage2d, "texture_storage_2d")     \
  X(TextureStorage2dArray, "texture_storage_2d_array")                                    \
  X(TextureStorage3d, "texture_storage_3d") X(TextureDepth2d, "texture_depth_2d")         \
  X(TextureDepth2dArray, "texture_depth_2d_array") X(TextureDepthCube, "texture_depth_cube") \
  X(TextureDepthCubeArray, "texture_depth_cube_array")                                    \
  X(TextureDepthMultisampled2d, "texture_depth_multisampled_2d") X(U32, "u32")            \
  X(Vec2, "vec2") X(Vec3, "vec3") X(Vec4, "vec4")                                         \
  /* #other-keywords */                                                                   \
  X(Bitcast, "bitcast") X(Break, "break") X(Case, "case") X(Const, "const")               \
  X(Continue, "continue") X(Continuing, "continuing") X(Default, "default")               \
  X(Discard, "discard") X(Else, "else") X(Enable, "enable") X(Fallthrough, "fallthrough") \
  X(False, "false") X(Fn, "fn") X(For, "for") X(Function, "function") X(If, "if")         \
  X(Let, "let") X(Loop, "loop") X(Private, "private") X(Return, "return")                 \
  X(Storage, "storage") X(Switch, "switch") X(True, "true") X(Type, "type")               \
  X(Uniform, "uniform") X(Var, "var") X(While, "while") X(Workgroup, "workgroup")          \
  /* keywords of revision 2026 only (new#keyword-summary; delta 1.2) */                      \
  X(Alias, "alias") X(ConstAssert, "const_assert") X(Diagnostic, "diagnostic")              \
  X(Requires, "requires")

enum class TokenKind : uint8_t {
  EndOfFile,
  Error,          // text that forms no token; the lexer has reported it
  Identifier,     // #identifiers
  Reserved,       // #reserved-words (never a valid identifier)
  IntLiteral,     // #syntax-int_literal
  FloatLiteral,   // #syntax-float_literal
  // new#template-lists-sec: the '<' and '>' that template list discovery found delimiting a
  // template list (revision 2026 only; the seed has no template lists).
  TemplateArgsStart,
  TemplateArgsEnd,
#define PLUMB_X(name, spelling) name,
  PLUMB_SYNTACTIC_TOKENS(PLUMB_X)
#define PLUMB_KW(name, spelling) Kw##name,
  PLUMB_KEYWORDS(PLUMB_KW)
#undef PLUMB_KW
#undef PLUMB_X
  Count
};

struct Token {
  TokenKind kind = TokenKind::EndOfFile;
  Span span;
  /// For identifiers: hashName of the text, so that the symbol table need not hash again.
  uint32_t hash = 0;
};

/// The spelling of a syntactic token or keyword; a description for the other kinds.
std::string_view tokenSpelling(TokenKind k);
/// "';'", "keyword 'fn'", "identifier", ... for messages.
std::string describe(TokenKind k);
bool isKeyword(TokenKind k);
bool isSyntacticToken(TokenKind k);

/// The syntactic token with exactly this spelling, or TokenKind::Error.
TokenKind syntacticTokenFor(std::string_view spelling);

namespace detail {
inline constexpr std::string_view kSpellings[] = {
    "", "", "", "", "", "", "<", ">",
#define PLUMB_X(name, spelling) spelling,
    PLUMB_SYNTACTIC_TOKENS(PLUMB_X)
#undef PLUMB_X
#define PLUMB_KW(name, spelling) spelling,
    PLUMB_KEYWORDS(PLUMB_KW)
#undef PLUMB_KW
};
struct PrefixTable {
  static constexpr size_t N = static_cast<size_t>(TokenKind::Count);
  bool table[N][N] = {};
  constexpr PrefixTable() {
    constexpr size_t first = static_cast<size_t>(TokenKind::And);
    constexpr size_t last = static_cast<size_t>(TokenKind::ShiftLeftEqual);
    for (size_t a = first; a <= last; ++a)
      for (size_t b = first; b <= last; ++b) {
        std::string_view sa = kSpellings[a], sb = kSpellings[b];
        table[a][b] = sb.size() > sa.size() && sb.substr(0, sa.size()) == sa;
      }
  }
};
inline constexpr PrefixTable kPrefixTable{};
}  // namespace detail

/// True if `shorter`'s spelling is a proper prefix of `longer`'s, both syntactic tokens
/// (e.g. '>' of '>>='). A table lookup: the parser asks this on every operator decision.
inline bool isProperPrefixToken(TokenKind shorter, TokenKind longer) {
  return detail::kPrefixTable.table[static_cast<size_t>(shorter)][static_cast<size_t>(longer)];
}

}  // namespace plumb
