// Cg tokenization (seed "Constants", "Reserved Words"): C tokens after preprocessing
// (preprocess.h), comments and whitespace removed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "semantics/cg/dialect.h"
#include "semantics/diagnostic.h"
#include "semantics/source.h"

namespace plumb::cg {

enum class TokenKind {
  IntLiteral,     // `42`, `0x2A`, `052`, with an optional suffix
  FloatLiteral,   // `1.5`, `.5`, `1e3`, `1.5f`, `2.0h`, `0.5x`
  StringLiteral,  // `"text"` (annotations and CgFX state values only)
  Keyword,        // a reserved word (seed "Reserved Words"), `true`/`false` included
  Identifier,
  Punctuation,
  End,
};

struct Token {
  TokenKind kind = TokenKind::End;
  Span span;
  std::string text;
};

/// Rule anchors (docs/cg.md "Rule names"): each is `cg-` and the seed's section heading.
inline constexpr const char* kConstantsRule = "cg-constants";
inline constexpr const char* kReservedWordsRule = "cg-reserved-words";
inline constexpr const char* kLexicalRule = "cg-statements-and-expressions";

struct LexOptions {
  /// Every reserved word is a keyword, as the seed's list says, also those no production uses
  /// and cgc accepts as names (`texture`, `string`, `__x`; docs/ambiguities.md C23). Without
  /// it those are identifiers with a `cg-reserved-words` warning (once per word and file).
  bool strictReservedWords = false;
  /// The language read (dialect.h): the seed, or cgc's dialect, whose extensions the lexer and
  /// the parser apply where their rules live (`sampler` as a name, GLSL's type names and array
  /// constructors).
  Dialect dialect;
};

/// Tokenizes `file`. A character no token starts with, an unterminated comment or string and a
/// malformed literal are reported and skipped, so that the parser still sees the rest. The last
/// token is End.
std::vector<Token> tokenize(const SourceFile& file, DiagnosticList& diagnostics,
                            const LexOptions& options = {});

/// Whether `word` is reserved (seed "Reserved Words"): one of the 100 words (the 14 marked `*`
/// in any letter case) or any identifier beginning with two underscores.
bool isReservedWord(std::string_view word);
/// How a reserved word lexes (docs/ambiguities.md C23): NotReserved; Keyword (a production of
/// the grammar uses it, or cgc 3.1 refuses it as a name too); Name (neither: an identifier with
/// a warning unless LexOptions::strictReservedWords).
enum class ReservedWordUse { NotReserved, Keyword, Name };
ReservedWordUse reservedWordUse(std::string_view word);
/// The 14 case-insensitive reserved words, lower case.
bool isCaseInsensitiveReservedWord(std::string_view lowerCaseWord);
/// The 100 listed words (the `__` rule aside), as the seed spells them.
const std::vector<std::string>& reservedWordList();

/// An integer constant's suffix (seed "Constants"; the Cg 3.1 text's list as cgc 3.1 accepts
/// it, docs/ambiguities.md C1): none (cint), u, l, s, t, and u with l, s or t in either order.
enum class IntegerSuffix {
  None,
  UnsignedInt,
  Long,
  UnsignedLong,
  Short,
  UnsignedShort,
  Char,
  UnsignedChar,
  Unknown
};
/// The suffix `suffix` (any letter case) names, or Unknown.
IntegerSuffix integerSuffix(std::string_view suffix);
/// us, ut, ul: the unsigned types of the cgc dialect's unsigned-integer-widths (CGD-11).
bool isUnsignedWidthSuffix(IntegerSuffix s);
/// "unsigned short" for us, "cint" for none.
const char* integerSuffixTypeName(IntegerSuffix s);

/// The literal suffix of a numeric literal's text ("" when none): `f`, `h`, `x` (seed
/// "Constants": the list of suffixes is lost in the extraction; docs/ambiguities.md C1).
std::string literalSuffix(std::string_view literal, bool isFloat);

}  // namespace plumb::cg
