// The productions of current WGSL (revision 2026) that the seed does not have, and the
// helpers that let the seed's type productions serve both revisions (delta 1.1, 1.5, 1.6, 2.1).
#include "semantics/wgsl/parser_impl.h"

namespace plumb {

using namespace ast;

TokenKind Parser::typeKeyword() const {
  if (tok_.kind != TokenKind::Identifier || !revision_.predeclaredTypes) return tok_.kind;
  // new#predeclared-types, new#predeclared-enumerants: the words that were the seed's
  // type-defining and address-space keywords are predeclared identifiers of the same meaning.
  TokenKind k = Revision::wgsl2022_06().classifyWord(text(tok_.span), tok_.hash);
  if (startsTypeDeclWithoutIdent(k)) return k;
  switch (k) {
    case TokenKind::KwFunction:
    case TokenKind::KwPrivate:
    case TokenKind::KwWorkgroup:
    case TokenKind::KwUniform:
    case TokenKind::KwStorage:
      return k;
    default:
      return tok_.kind;
  }
}

// `vec{2,3,4}{i,u,f,h}` and `mat{2,3,4}x{2,3,4}{f,h}`.
static bool isPredeclaredAliasName(std::string_view w) {
  if (w.size() == 5 && w.starts_with("vec") && w[3] >= '2' && w[3] <= '4')
    return w[4] == 'i' || w[4] == 'u' || w[4] == 'f' || w[4] == 'h';
  if (w.size() == 7 && w.starts_with("mat") && w[3] >= '2' && w[3] <= '4' && w[4] == 'x' &&
      w[5] >= '2' && w[5] <= '4')
    return w[6] == 'f' || w[6] == 'h';
  return false;
}

bool Parser::atPredeclaredType() const {
  if (!revision_.predeclaredTypes || tok_.kind != TokenKind::Identifier) return false;
  if (revision_.bufferView && text(tok_.span) == "buffer") return true;  // new#buffer-types
  if (typeKeyword() != TokenKind::Identifier && startsTypeDeclWithoutIdent(typeKeyword()))
    return true;
  return revision_.predeclaredTypeAliases && isPredeclaredAliasName(text(tok_.span));
}

bool Parser::followedByTemplateOrCall() const {
  std::string_view rest = file_.text().substr(tok_.span.end);
  size_t i = 0;
  while (i < rest.size() && (rest[i] == ' ' || rest[i] == '\t' || rest[i] == '\n' || rest[i] == '\r')) ++i;
  return i < rest.size() && (rest[i] == '<' || rest[i] == '(');
}

TypeId Parser::parsePredeclaredAlias() {
  std::string_view w = text(tok_.span);
  if (!revision_.predeclaredTypeAliases || !isPredeclaredAliasName(w)) return {};
  Span s = tok_.span;
  advance();
  char suffix = w.back();
  ScalarKind element = suffix == 'i'   ? ScalarKind::I32
                       : suffix == 'u' ? ScalarKind::U32
                       : suffix == 'f' ? ScalarKind::F32
                                       : ScalarKind::F16;
  TypeId e = addType(s, ScalarType{element});
  if (w[0] == 'v') return addType(s, VectorType{static_cast<uint8_t>(w[3] - '0'), e});
  return addType(s,
                 MatrixType{static_cast<uint8_t>(w[3] - '0'), static_cast<uint8_t>(w[5] - '0'), e});
}

TypeId Parser::parsePredeclaredType(const char* production, bool allowBarePrefix) {
  Symbol name = internCurrentWord();
  TypeId t = parsePredeclaredAlias();
  if (!t && revision_.bufferView && text(tok_.span) == "buffer") t = parseBufferType();
  if (!t) t = parseTypeDeclWithoutIdent(production, allowBarePrefix);
  // A user declaration of the name shadows it (new#declaration-and-scope); with a template
  // list (the span then ends at its '>') that is an error, as no declaration is a generator.
  if (t) m_.types[t].predeclared = name;
  return t;
}

// new#buffer-types: `buffer` ( _template_args_start expression ','? _template_args_end )?
// (the type generator's template list, new#syntax-template_list).
TypeId Parser::parseBufferType() {
  uint32_t begin = tok_.span.begin;
  advance();  // buffer
  BufferType b;
  if (at(TokenKind::TemplateArgsStart)) {
    advance();
    b.size = parseExpression();
    if (!b.size || !closeTemplate("buffer")) return {};
  }
  return addType(from(begin), b);
}

// new#buffer-view-builtin-functions: `bufferView<T>(...)` and `bufferArrayView<T>(...)`, the
// predeclared functions whose template list names a type, after the name.
ExpressionId Parser::parseTemplatedBuiltinCall(uint32_t begin, Symbol name) {
  advance();  // _template_args_start
  TypeId t = parseTypeDecl("template_elaborated_ident");
  if (!t || !closeTemplate("template_elaborated_ident")) return {};
  if (!at(TokenKind::ParenLeft)) {
    errorExpected("'(' after the template list of " + std::string(m_.name(name)),
                  "call_expression");
    return {};
  }
  CallExpression call = CallExpression::toName(name, {});
  uint32_t depth = 0;
  if (!parseArguments(call.arguments, depth)) return {};
  ExpressionId e = addExpression(from(begin), call, depth);
  if (e) m_.callTemplates[e.value] = t;
  return e;
}

bool Parser::atTemplateStart() const {
  return revision_.templateListDiscovery ? at(TokenKind::TemplateArgsStart)
                                         : atPrefix(TokenKind::LessThan);
}

bool Parser::atPredeclaredBitcast() {
  // The '<' after `bitcast` is the next byte after blankspace; discovery marked it if it
  // starts a template list, which is all that matters here.
  uint32_t saved = lexer_.offset();
  Token next = lexer_.next();
  lexer_.resetTo(saved);
  return next.kind == TokenKind::TemplateArgsStart;
}

bool Parser::openTemplate(const char* production) {
  if (revision_.templateListDiscovery) return expect(TokenKind::TemplateArgsStart, production);
  return expect(TokenKind::LessThan, production);
}

// new#syntax-requires_directive : 'requires' software_extension_list ';'
// The names are checked against the revision's language features by the checker.
void Parser::parseRequiresDirective() {
  uint32_t begin = tok_.span.begin;
  advance();  // requires
  do {
    if (at(TokenKind::Semicolon) && !m_.requiresDirectives.empty() &&
        m_.requiresDirectives.back().span.begin == begin)
      break;  // trailing comma
    if (tok_.kind != TokenKind::Identifier) {
      errorExpected("a language feature name", "requires_directive");
      return;
    }
    RequiresDirective d;
    d.name = internCurrentWord();
    d.nameSpan = tok_.span;
    d.span = Span{begin, tok_.span.end};
    advance();
    m_.requiresDirectives.push_back(d);
  } while (accept(TokenKind::Comma));
  expect(TokenKind::Semicolon, "requires_directive");
}

// new#syntax-diagnostic_directive : 'diagnostic' diagnostic_control ';'
void Parser::parseDiagnosticDirective() {
  uint32_t begin = tok_.span.begin;
  advance();  // diagnostic
  DiagnosticControl c;
  if (!parseDiagnosticControl(c, "diagnostic_directive")) return;
  if (!expect(TokenKind::Semicolon, "diagnostic_directive")) return;
  c.span = from(begin);
  m_.diagnosticDirectives.push_back(c);
}

// new#syntax-diagnostic_control :
//   '(' severity_control_name ',' diagnostic_rule_name ','? ')'
// new#syntax-diagnostic_rule_name : diagnostic_name_token | diagnostic_name_token '.'
//   diagnostic_name_token. Both names are context-dependent names (any ident_pattern_token).
bool Parser::parseDiagnosticControl(DiagnosticControl& c, const char* production) {
  if (!expect(TokenKind::ParenLeft, "diagnostic_control")) return false;
  auto word = [&](Symbol& s, Span& span, const char* what) {
    if (tok_.kind != TokenKind::Identifier && tok_.kind != TokenKind::Reserved &&
        !isKeyword(tok_.kind)) {
      errorExpected(what, "diagnostic_control");
      return false;
    }
    s = internCurrentWord();
    span = tok_.span;
    advance();
    return true;
  };
  if (!word(c.severity, c.severitySpan, "a severity (error, warning, info or off)")) return false;
  if (!expect(TokenKind::Comma, "diagnostic_control")) return false;
  Span member;
  if (!word(c.rule, c.ruleSpan, "a diagnostic rule name")) return false;
  if (accept(TokenKind::Period)) {
    if (!word(c.ruleMember, member, "a diagnostic rule name after '.'")) return false;
    c.ruleSpan = join(c.ruleSpan, member);
  }
  accept(TokenKind::Comma);
  (void)production;
  return expect(TokenKind::ParenRight, "diagnostic_control");
}

void Parser::parseStatementAttributes() {
  if (!revision_.statementAttributes) return;
  while (at(TokenKind::Attr) && !failed()) {
    AttributeId a = parseAttribute();
    if (a) m_.statementAttributes.push_back(a);
  }
}

}  // namespace plumb
