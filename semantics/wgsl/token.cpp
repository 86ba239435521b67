#include "semantics/wgsl/token.h"

#include <string>

namespace plumb {

std::string_view tokenSpelling(TokenKind k) {
  switch (k) {
    case TokenKind::EndOfFile: return "end of file";
    case TokenKind::Error: return "invalid text";
    case TokenKind::Identifier: return "identifier";
    case TokenKind::Reserved: return "reserved word";
    case TokenKind::IntLiteral: return "integer literal";
    case TokenKind::FloatLiteral: return "floating point literal";
    case TokenKind::TemplateArgsStart:
      return "<";
    case TokenKind::TemplateArgsEnd:
      return ">";
#define PLUMB_X(name, spelling) \
  case TokenKind::name: return spelling;
      PLUMB_SYNTACTIC_TOKENS(PLUMB_X)
#undef PLUMB_X
#define PLUMB_KW(name, spelling) \
  case TokenKind::Kw##name: return spelling;
      PLUMB_KEYWORDS(PLUMB_KW)
#undef PLUMB_KW
    case TokenKind::Count: break;
  }
  return "?";
}

bool isKeyword(TokenKind k) { return k >= TokenKind::KwArray && k < TokenKind::Count; }

bool isSyntacticToken(TokenKind k) { return k >= TokenKind::And && k <= TokenKind::ShiftLeftEqual; }

std::string describe(TokenKind k) {
  if (k == TokenKind::TemplateArgsStart) return "'<' (the start of a template list)";
  if (k == TokenKind::TemplateArgsEnd) return "'>' (the end of a template list)";
  if (isSyntacticToken(k)) return "'" + std::string(tokenSpelling(k)) + "'";
  if (isKeyword(k)) return "keyword '" + std::string(tokenSpelling(k)) + "'";
  return std::string(tokenSpelling(k));
}

TokenKind syntacticTokenFor(std::string_view s) {
#define PLUMB_X(name, spelling) \
  if (s == spelling) return TokenKind::name;
  PLUMB_SYNTACTIC_TOKENS(PLUMB_X)
#undef PLUMB_X
  return TokenKind::Error;
}

}  // namespace plumb
