// WSL tokenization (seed "Lexical analysis"): greedy tokens, comments and whitespace removed.
#pragma once

#include <string>
#include <vector>

#include "semantics/diagnostic.h"
#include "semantics/source.h"

namespace plumb::wsl {

enum class TokenKind {
  IntLiteral,    // signed decimal or hexadecimal (`42`, `0x2A`)
  UintLiteral,   // `42u`, `0x2Au`
  FloatLiteral,  // `1.5`, `.5f`
  Keyword,       // reserved words, `true`/`false` included
  Identifier,
  OperatorName,  // `operator+`, `operator&.x`, `operator.x=`, `operator[]=`
  Punctuation,
  End,
};

struct Token {
  TokenKind kind = TokenKind::End;
  Span span;
  std::string text;
};

/// The rule anchor every lexical rejection cites.
inline constexpr const char* kLexicalRule = "wsl-lexical-analysis";

/// Tokenizes `file`. A character no token starts with is reported (rule kLexicalRule) and
/// skipped, so that the parser still sees the rest. The last token is End.
///
/// Decision (docs/ambiguities.md, WSL W2): `-` is never part of a literal token. The seed's
/// greedy rule makes `x-1` the tokens `x`, `-1`, a syntax error; the parser instead reads a `-`
/// before a literal as a negative literal (so `-2147483648` is still one int literal).
std::vector<Token> tokenize(const SourceFile& file, DiagnosticList& diagnostics);

bool isReservedWord(const std::string& word);
const char* tokenKindName(TokenKind k);

}  // namespace plumb::wsl
