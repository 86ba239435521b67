// The parser's token handling, error recovery, and the module-level productions:
// translation_unit, global_directive, global_decl, attributes, declarations, functions.
#include "semantics/wgsl/parser_impl.h"

#include <algorithm>
#include <optional>

#include "semantics/wgsl/revision_hints.h"
#include "semantics/wgsl/template_list_discovery.h"

namespace plumb {

using namespace ast;

Parser::Parser(const SourceFile& file, const Revision& revision, DiagnosticList& diagnostics,
               const ParseOptions& options)
    : file_(file),
      revision_(revision),
      diagnostics_(diagnostics),
      options_(options),
      lexer_(file, revision, diagnostics),
      module_(std::make_unique<Module>(file, revision)),
      m_(*module_) {
  // new#parsing: template list discovery runs over the whole text before parsing.
  if (revision.templateListDiscovery)
    lexer_.setTemplateListMarks(templateListMarks(file, revision));
  tok_ = lexer_.next();
}

// ------------------------------------------------------------------------------ tokens

void Parser::advance() {
  prevEnd_ = tok_.span.end;
  prevSpan_ = tok_.span;
  tok_ = lexer_.next();
}

void Parser::split(TokenKind k) {
  uint32_t at = tok_.span.begin + static_cast<uint32_t>(tokenSpelling(k).size());
  prevEnd_ = at;
  lexer_.resetTo(at);
  tok_ = lexer_.next();
}

static std::string foundDescription(TokenKind k, std::string_view text) {
  switch (k) {
    case TokenKind::EndOfFile: return "end of file";
    case TokenKind::Identifier: return "identifier '" + std::string(text.substr(0, 40)) + "'";
    case TokenKind::Reserved: return "reserved word '" + std::string(text) + "'";
    case TokenKind::IntLiteral:
    case TokenKind::FloatLiteral: return "literal '" + std::string(text.substr(0, 40)) + "'";
    default: return describe(k);
  }
}

bool Parser::expect(TokenKind k, const char* production) {
  if (acceptSplit(k)) return true;
  errorExpected(describe(k), production);
  return false;
}

bool Parser::expectIdentifier(const char* production, Symbol& name, Span& span) {
  if (tok_.kind == TokenKind::Identifier) {
    name = internCurrentWord();
    span = tok_.span;
    advance();
    return true;
  }
  if (tok_.kind == TokenKind::Reserved) {
    ruleError(tok_.span,
              "'" + std::string(text(tok_.span)) + "' is a reserved word and cannot be used as a name",
              "reserved-words");
    return false;
  }
  if (isKeyword(tok_.kind)) {
    error(tok_.span,
          "expected an identifier, found keyword '" + std::string(text(tok_.span)) +
              "' (keywords cannot be used as names)",
          production);
    return false;
  }
  errorExpected("an identifier", production);
  return false;
}

// ------------------------------------------------------------------ errors and recovery

void Parser::ruleError(Span span, std::string message, const char* rule) {
  if (panic_) return;
  panic_ = true;
  // The lexer already reported text that forms no token; do not pile on.
  if (tok_.kind == TokenKind::Error && span == tok_.span) return;
  if (!diagnostics_.error(&file_, span, std::move(message), rule)) return;
  // A program in current WGSL: say which word the seed does not know (`alias T = i32;` fails
  // at `alias`, `const_assert 1 < 2;` in a function at the `1` after it).
  for (Span word : {tok_.span, prevSpan_})
    if (std::optional<std::string> hint = currentWgslHint(text(word))) {
      diagnostics_.noteOnLast(DiagnosticNote{word, *hint});
      break;
    }
}

void Parser::error(Span span, std::string message, const char* production) {
  ruleError(span, std::move(message), ("syntax-" + std::string(production)).c_str());
}

void Parser::errorExpected(const std::string& what, const char* production) {
  error(tok_.span, "expected " + what + ", found " + foundDescription(tok_.kind, text(tok_.span)),
        production);
}

Parser::DepthGuard::DepthGuard(Parser& parser, const char* production) : p(parser) {
  ok = ++p.depth_ <= p.options_.maxNestingDepth;
  if (!ok) {
    if (!p.depthReported_) {
      p.depthReported_ = true;
      p.panic_ = false;
      p.ruleError(p.tok_.span,
                  "nesting is deeper than Plumb's limit of " +
                      std::to_string(p.options_.maxNestingDepth) + " (an implementation limit)",
                  "processing-errors");
    }
    p.panic_ = true;
  }
}

// Skips a bracketed group starting at the current opening token.
void Parser::skipBalanced() {
  std::vector<TokenKind> stack;
  do {
    switch (tok_.kind) {
      case TokenKind::BraceLeft: stack.push_back(TokenKind::BraceRight); break;
      case TokenKind::ParenLeft: stack.push_back(TokenKind::ParenRight); break;
      case TokenKind::BracketLeft: stack.push_back(TokenKind::BracketRight); break;
      case TokenKind::BraceRight:
      case TokenKind::ParenRight:
      case TokenKind::BracketRight:
        // Pop to the matching opener; unmatched closers inside are skipped.
        while (!stack.empty() && stack.back() != tok_.kind) stack.pop_back();
        if (!stack.empty()) stack.pop_back();
        break;
      case TokenKind::EndOfFile: return;
      default: break;
    }
    advance();
  } while (!stack.empty());
}

static bool startsStatement(TokenKind k) {
  switch (k) {
    case TokenKind::KwReturn: case TokenKind::KwIf: case TokenKind::KwSwitch:
    case TokenKind::KwLoop: case TokenKind::KwFor: case TokenKind::KwWhile:
    case TokenKind::KwVar: case TokenKind::KwLet: case TokenKind::KwConst:
    case TokenKind::KwBreak: case TokenKind::KwContinue: case TokenKind::KwDiscard:
    case TokenKind::KwStaticAssert: case TokenKind::KwFallthrough:
    case TokenKind::KwContinuing:
      return true;
    default: return false;
  }
}

// After an error inside a statement: skip to just after the next `;`, or to a `}` or a
// statement keyword, keeping brackets balanced.
void Parser::synchronizeStatement(uint32_t begin) {
  panic_ = false;
  bool stuck = tok_.span.begin == begin;  // nothing consumed: must skip at least one token
  while (!at(TokenKind::EndOfFile) && !givingUp()) {
    if (at(TokenKind::Semicolon)) {
      advance();
      return;
    }
    if (!stuck) {
      if (at(TokenKind::BraceRight) || startsStatement(tok_.kind)) return;
      if (at(TokenKind::KwFn) || at(TokenKind::KwStruct) || at(TokenKind::Attr)) return;
    }
    if (at(TokenKind::BraceLeft) || at(TokenKind::ParenLeft) || at(TokenKind::BracketLeft))
      skipBalanced();
    else
      advance();
    stuck = false;
  }
}

static bool startsGlobalDeclaration(TokenKind k) {
  switch (k) {
    case TokenKind::KwFn: case TokenKind::KwStruct: case TokenKind::KwVar:
    case TokenKind::KwConst: case TokenKind::KwOverride: case TokenKind::KwType:
    case TokenKind::KwStaticAssert: case TokenKind::Attr: case TokenKind::KwEnable:
    case TokenKind::KwAlias:
    case TokenKind::KwConstAssert:
    case TokenKind::KwDiagnostic:
    case TokenKind::KwRequires:  // revision 2026 (never lexed in the seed)
    case TokenKind::KwLet:  // not a declaration, but gets its own message
      return true;
    default: return false;
  }
}

// After an error at module scope: skip to a token that starts a declaration, or past a `;`.
void Parser::synchronizeDeclaration(uint32_t begin) {
  panic_ = false;
  bool stuck = tok_.span.begin == begin;  // nothing consumed: must skip at least one token
  while (!at(TokenKind::EndOfFile) && !givingUp()) {
    if (at(TokenKind::Semicolon)) {
      advance();
      return;
    }
    if (!stuck && startsGlobalDeclaration(tok_.kind)) return;
    if (at(TokenKind::BraceLeft) || at(TokenKind::ParenLeft) || at(TokenKind::BracketLeft)) {
      bool wasBrace = at(TokenKind::BraceLeft);
      skipBalanced();
      if (wasBrace) return;  // the end of a function or structure body
    } else {
      advance();
    }
    stuck = false;
  }
}

// -------------------------------------------------------------------- node construction

ExpressionId Parser::addExpression(Span span, decltype(Expression::node) node,
                                   uint32_t childDepth) {
  uint32_t depth = childDepth + 1;
  if (depth > options_.maxExpressionDepth) {
    if (!depthReported_) {
      depthReported_ = true;
      panic_ = false;
      ruleError(span,
                "expression is nested deeper than Plumb's limit of " +
                    std::to_string(options_.maxExpressionDepth) + " (an implementation limit)",
                "processing-errors");
    }
    panic_ = true;
    return ExpressionId{};
  }
  if (m_.expressions.size() > BinaryExpression::kOperandMask) {
    ruleError(span, "more expressions than Plumb's limit of 2^27 in one module", "processing-errors");
    return ExpressionId{};
  }
  lastDepth_ = depth;
  return m_.expressions.add(Expression{span, std::move(node)});
}

TypeId Parser::addType(Span span, decltype(TypeDecl::node) node) {
  return m_.types.add(TypeDecl{span, std::move(node)});
}

StatementId Parser::addStatement(Span span, decltype(Statement::node) node) {
  return m_.statements.add(Statement{span, std::move(node)});
}

// --------------------------------------------------------------------- translation_unit

// translation_unit : global_directive * global_decl *
// new#syntax-global_directive : diagnostic_directive | enable_directive | requires_directive
// (the seed's only directive is `enable`; `diagnostic` and `requires` are never keywords there).
void Parser::parseTranslationUnit() {
  auto atDirective = [&] {
    return at(TokenKind::KwEnable) || at(TokenKind::KwRequires) || (at(TokenKind::KwDiagnostic));
  };
  while (atDirective() && !givingUp()) {
    uint32_t begin = tok_.span.begin;
    if (at(TokenKind::KwEnable))
      parseEnableDirective();
    else if (at(TokenKind::KwRequires))
      parseRequiresDirective();
    else
      parseDiagnosticDirective();
    if (failed()) synchronizeDeclaration(begin);
  }
  while (!at(TokenKind::EndOfFile) && !givingUp()) {
    uint32_t begin = tok_.span.begin;
    if (atDirective()) {
      // #directives: all directives must appear before any declarations.
      ruleError(tok_.span, "directives must appear before any declarations", "directives");
      synchronizeDeclaration(begin);
      continue;
    }
    if (!parseGlobalDeclaration() || failed()) synchronizeDeclaration(begin);
  }
  callShadowingFunctions();
}

// new#declaration-and-scope: a name resolves to the nearest declaration, then module scope,
// then the predeclared objects, and module-scope declarations may come in any order. So
// `vec4f(...)` calls a module-scope `fn vec4f` wherever it is declared: such calls become
// calls of the name, which the checker resolves like any other (a local declaration of the
// name still wins there). Structures and aliases that shadow a type are the checker's
// (TypeDecl::predeclared).
void Parser::callShadowingFunctions() {
  if (predeclaredTypeCalls_.empty()) return;
  std::vector<uint32_t> functions;  // symbols of module-scope functions
  for (GlobalId g : m_.declarations)
    if (const auto* f = std::get_if<FunctionDeclaration>(&m_.globals[g].node))
      functions.push_back(f->name.id);
  for (ExpressionId e : predeclaredTypeCalls_) {
    auto& call = std::get<CallExpression>(m_.expressions[e].node);
    Symbol name = m_.types[call.type()].predeclared;
    if (name && std::find(functions.begin(), functions.end(), name.id) != functions.end())
      call = CallExpression::toName(name, call.arguments);
  }
}

// enable_directive : enable ident semicolon
// #enable-directive-section says the name may be an identifier, a keyword or a reserved word
// (`enable f16;` names the keyword f16), so any word is accepted here; docs/ambiguities.md.
void Parser::parseEnableDirective() {
  uint32_t begin = tok_.span.begin;
  advance();  // enable
  if (tok_.kind != TokenKind::Identifier && tok_.kind != TokenKind::Reserved &&
      !isKeyword(tok_.kind)) {
    errorExpected("an extension name", "enable_directive");
    return;
  }
  for (;;) {
    EnableDirective d;
    d.name = internCurrentWord();
    d.nameSpan = tok_.span;
    advance();
    d.span = from(begin);
    m_.directives.push_back(d);
    // new#syntax-enable_directive : 'enable' enable_extension_list ';' where the list is
    // comma-separated with an optional trailing comma (delta 1.5); the seed takes one name.
    if (!revision_.enableList || !accept(TokenKind::Comma)) break;
    if (at(TokenKind::Semicolon)) break;
    if (tok_.kind != TokenKind::Identifier && tok_.kind != TokenKind::Reserved &&
        !isKeyword(tok_.kind)) {
      errorExpected("an extension name", "enable_directive");
      return;
    }
  }
  if (!expect(TokenKind::Semicolon, "enable_directive")) return;
}

// attribute :
//   | attr ident paren_left ( literal_or_ident comma ) * literal_or_ident comma ? paren_right
//   | attr ident
// The attribute name is read as any word: the seed's own attributes `const` (a keyword) and
// `invariant` (a reserved word) are not identifiers (inventory B37; docs/ambiguities.md).
AttributeId Parser::parseAttribute() {
  uint32_t begin = tok_.span.begin;
  advance();  // @
  Attribute a;
  if (tok_.kind != TokenKind::Identifier && tok_.kind != TokenKind::Reserved &&
      !isKeyword(tok_.kind)) {
    errorExpected("an attribute name", "attribute");
    return {};
  }
  a.name = internCurrentWord();
  a.nameSpan = tok_.span;
  advance();
  if (accept(TokenKind::ParenLeft)) {
    a.hasParentheses = true;
    size_t mark = scratchExpressions_.size();
    do {
      if (at(TokenKind::ParenRight) && scratchExpressions_.size() > mark) break;  // trailing comma
      ExpressionId arg;
      if (revision_.attributeExpressions) {
        // new#attributes: every argument is an expression (delta 1.6); a diagnostic rule name
        // `a.b` parses as a member access, an enumerant as an identifier.
        arg = parseExpression();
      } else if (at(TokenKind::IntLiteral) || at(TokenKind::FloatLiteral)) {
        // literal_or_ident : float_literal | int_literal | ident
        arg = parseLiteral();
      } else if (at(TokenKind::Identifier)) {
        Symbol s = internCurrentWord();
        Span sp = tok_.span;
        advance();
        arg = addExpression(sp, IdentifierExpression{s}, 0);
      } else {
        errorExpected("a literal or an identifier", "literal_or_ident");
        scratchExpressions_.resize(mark);
        return {};
      }
      if (!arg) {
        scratchExpressions_.resize(mark);
        return {};
      }
      scratchExpressions_.push_back(arg);
    } while (accept(TokenKind::Comma));
    if (!expect(TokenKind::ParenRight, "attribute")) {
      scratchExpressions_.resize(mark);
      return {};
    }
    a.arguments = m_.expressionLists.add(std::span(scratchExpressions_).subspan(mark));
    scratchExpressions_.resize(mark);
  }
  a.span = from(begin);
  return m_.attributes.add(a);
}

List<Attribute> Parser::parseAttributes() {
  size_t mark = scratchAttributes_.size();
  while (at(TokenKind::Attr) && !failed()) {
    AttributeId a = parseAttribute();
    if (a) scratchAttributes_.push_back(a);
  }
  List<Attribute> list = m_.attributeLists.add(std::span(scratchAttributes_).subspan(mark));
  scratchAttributes_.resize(mark);
  return list;
}

// global_decl :
//   | semicolon
//   | global_variable_decl semicolon
//   | global_constant_decl semicolon
//   | type_alias_decl semicolon
//   | struct_decl
//   | function_decl
//   | static_assert_statement semicolon
bool Parser::parseGlobalDeclaration() {
  if (accept(TokenKind::Semicolon)) return true;
  uint32_t begin = tok_.span.begin;
  Span attributeStart = tok_.span;
  List<Attribute> attributes = parseAttributes();
  if (failed()) return false;
  auto noAttributes = [&](const char* what) {
    if (attributes.empty()) return true;
    error(attributeStart, std::string("attributes are not allowed on ") + what, "global_decl");
    return false;
  };
  switch (tok_.kind) {
    case TokenKind::KwVar: {
      // global_variable_decl : attribute * variable_decl ( equal expression ) ?
      VariableId v = parseVariableDecl(begin, attributes);
      if (!v) return false;
      if (accept(TokenKind::Equal)) {
        ExpressionId init = parseExpression();
        if (!init) return false;
        m_.variables[v].initializer = init;
      }
      if (!expect(TokenKind::Semicolon, "global_decl")) return false;
      m_.variables[v].span = from(begin);
      m_.declarations.push_back(m_.globals.add(GlobalDeclaration{from(begin), v}));
      return true;
    }
    case TokenKind::KwOverride:
    case TokenKind::KwConst: {
      // global_constant_decl :
      //   | const ( ident | variable_ident_decl ) equal expression
      //   | attribute * override ( ident | variable_ident_decl ) ( equal expression ) ?
      bool isConst = at(TokenKind::KwConst);
      if (isConst && !noAttributes("const declarations")) return false;
      VariableId v = parseValueDecl(isConst ? DeclarationKind::Const : DeclarationKind::Override,
                                    begin, attributes, "global_constant_decl");
      if (!v) return false;
      if (!expect(TokenKind::Semicolon, "global_decl")) return false;
      m_.variables[v].span = from(begin);
      m_.declarations.push_back(m_.globals.add(GlobalDeclaration{from(begin), v}));
      return true;
    }
    case TokenKind::KwFn: return parseFunctionDecl(begin, attributes);
    case TokenKind::KwStruct:
      if (!noAttributes("structure declarations")) return false;
      return parseStructDecl(begin);
    case TokenKind::KwType:
    case TokenKind::KwAlias:  // new#type-aliases (revision 2026)
      if (!noAttributes("type aliases")) return false;
      return parseTypeAliasDecl(begin);
    case TokenKind::KwConstAssert:  // new#const-assert-statement (revision 2026)
    case TokenKind::KwStaticAssert: {
      if (!noAttributes("static assertions")) return false;
      advance();
      ExpressionId e = parseExpression();
      if (!e || !expect(TokenKind::Semicolon, "global_decl")) return false;
      m_.declarations.push_back(
          m_.globals.add(GlobalDeclaration{from(begin), StaticAssertDeclaration{e}}));
      return true;
    }
    case TokenKind::KwLet:
      error(tok_.span,
            "'let' declarations are only allowed inside functions; use 'const' or 'override' "
            "at module scope",
            "global_decl");
      return false;
    default:
      errorExpected(attributes.empty() ? "a declaration" : "a declaration after attributes",
                    "global_decl");
      return false;
  }
}

// variable_decl : var variable_qualifier ? ( ident | variable_ident_decl )
// variable_qualifier : less_than address_space ( comma access_mode ) ? greater_than
VariableId Parser::parseVariableDecl(uint32_t begin, List<Attribute> attributes) {
  advance();  // var
  VariableDeclaration v;
  v.kind = DeclarationKind::Var;
  v.attributes = attributes;
  if (revision_.templateListDiscovery ? accept(TokenKind::TemplateArgsStart)
                                      : acceptSplit(TokenKind::LessThan)) {
    v.hasQualifier = true;
    if (!parseAddressSpace(v.space, "variable_qualifier")) return {};
    // Revision 2026: a template list may end with a comma (`var<private,>`).
    if (accept(TokenKind::Comma) &&
        !(revision_.templateListDiscovery && at(TokenKind::TemplateArgsEnd)) &&
        !parseAccessMode(v.access, "variable_qualifier"))
      return {};
    if (!closeTemplate("variable_qualifier")) return {};
  }
  if (!expectIdentifier("variable_decl", v.name, v.nameSpan)) return {};
  // variable_ident_decl : ident colon type_decl
  if (accept(TokenKind::Colon)) {
    v.type = parseTypeDecl("variable_ident_decl");
    if (!v.type) return {};
  }
  v.span = from(begin);
  return m_.variables.add(v);
}

// `let`/`const`/`override` ( ident | variable_ident_decl ) with `equal expression`, which is
// required for let and const and optional for override.
VariableId Parser::parseValueDecl(DeclarationKind kind, uint32_t begin,
                                  List<Attribute> attributes, const char* production) {
  advance();  // let, const, override
  VariableDeclaration v;
  v.kind = kind;
  v.attributes = attributes;
  if (!expectIdentifier(production, v.name, v.nameSpan)) return {};
  if (accept(TokenKind::Colon)) {
    v.type = parseTypeDecl("variable_ident_decl");
    if (!v.type) return {};
  }
  if (kind == DeclarationKind::Override ? accept(TokenKind::Equal)
                                        : expect(TokenKind::Equal, production)) {
    v.initializer = parseExpression();
    if (!v.initializer) return {};
  } else if (failed()) {
    return {};
  }
  v.span = from(begin);
  return m_.variables.add(v);
}

// struct_decl : struct ident struct_body_decl
// struct_body_decl : brace_left ( struct_member comma ) * struct_member comma ? brace_right
// struct_member : attribute * variable_ident_decl
bool Parser::parseStructDecl(uint32_t begin) {
  advance();  // struct
  StructDeclaration s;
  if (!expectIdentifier("struct_decl", s.name, s.nameSpan)) return false;
  if (!expect(TokenKind::BraceLeft, "struct_body_decl")) return false;
  std::vector<MemberId> members;
  do {
    if (at(TokenKind::BraceRight) && !members.empty()) break;  // trailing comma
    uint32_t memberBegin = tok_.span.begin;
    StructMember member;
    member.attributes = parseAttributes();
    if (failed()) return false;
    if (!expectIdentifier("struct_member", member.name, member.nameSpan)) return false;
    if (!expect(TokenKind::Colon, "variable_ident_decl")) return false;
    member.type = parseTypeDecl("variable_ident_decl");
    if (!member.type) return false;
    member.span = from(memberBegin);
    members.push_back(m_.members.add(member));
  } while (accept(TokenKind::Comma));
  if (at(TokenKind::Semicolon)) {
    error(tok_.span, "structure members are separated by ',' (not ';')", "struct_body_decl");
    return false;
  }
  if (!expect(TokenKind::BraceRight, "struct_body_decl")) return false;
  s.members = m_.memberLists.add(members);
  m_.declarations.push_back(m_.globals.add(GlobalDeclaration{from(begin), s}));
  return true;
}

// type_alias_decl : type ident equal type_decl
bool Parser::parseTypeAliasDecl(uint32_t begin) {
  advance();  // type
  TypeAliasDeclaration a;
  if (!expectIdentifier("type_alias_decl", a.name, a.nameSpan)) return false;
  if (!expect(TokenKind::Equal, "type_alias_decl")) return false;
  a.type = parseTypeDecl("type_alias_decl");
  if (!a.type || !expect(TokenKind::Semicolon, "global_decl")) return false;
  m_.declarations.push_back(m_.globals.add(GlobalDeclaration{from(begin), a}));
  return true;
}

// function_decl : attribute * function_header compound_statement
// function_header : fn ident paren_left param_list ? paren_right
//                   ( arrow attribute * type_decl ) ?
// param_list : ( param comma ) * param comma ?
bool Parser::parseFunctionDecl(uint32_t begin, List<Attribute> attributes) {
  advance();  // fn
  FunctionDeclaration f;
  f.attributes = attributes;
  if (!expectIdentifier("function_header", f.name, f.nameSpan)) return false;
  if (!expect(TokenKind::ParenLeft, "function_header")) return false;
  std::vector<ParameterId> params;
  while (!at(TokenKind::ParenRight)) {
    ParameterId p = parseParam();
    if (!p) return false;
    params.push_back(p);
    if (!accept(TokenKind::Comma)) break;
  }
  if (!expect(TokenKind::ParenRight, params.empty() ? "function_header" : "param_list"))
    return false;
  f.parameters = m_.parameterLists.add(params);
  if (accept(TokenKind::Arrow)) {
    f.returnAttributes = parseAttributes();
    if (failed()) return false;
    f.returnType = parseTypeDecl("function_header");
    if (!f.returnType) return false;
  }
  f.body = parseCompoundStatement("function_decl");
  if (!f.body) return false;
  m_.declarations.push_back(m_.globals.add(GlobalDeclaration{from(begin), f}));
  return true;
}

// param : attribute * variable_ident_decl
ParameterId Parser::parseParam() {
  uint32_t begin = tok_.span.begin;
  Parameter p;
  p.attributes = parseAttributes();
  if (failed()) return {};
  if (!expectIdentifier("param", p.name, p.nameSpan)) return {};
  if (!expect(TokenKind::Colon, "variable_ident_decl")) return {};
  p.type = parseTypeDecl("variable_ident_decl");
  if (!p.type) return {};
  p.span = from(begin);
  return m_.parameters.add(p);
}

// ------------------------------------------------------------------------ entry points

ExpressionId Parser::parseWholeExpression() {
  ExpressionId e = parseExpression();
  if (e && !at(TokenKind::EndOfFile)) errorExpected("end of the expression", "expression");
  return e;
}

TypeId Parser::parseWholeTypeDecl() {
  TypeId t = parseTypeDecl("type_decl");
  if (t && !at(TokenKind::EndOfFile)) errorExpected("end of the type", "type_decl");
  return t;
}

std::unique_ptr<Module> parseModule(const SourceFile& file, const Revision& revision,
                                    DiagnosticList& diagnostics, const ParseOptions& options) {
  Parser p(file, revision, diagnostics, options);
  p.parseTranslationUnit();
  return p.takeModule();
}

std::pair<std::unique_ptr<Module>, ExpressionId> parseExpression(const SourceFile& file,
                                                                 const Revision& revision,
                                                                 DiagnosticList& diagnostics,
                                                                 const ParseOptions& options) {
  Parser p(file, revision, diagnostics, options);
  ExpressionId e = p.parseWholeExpression();
  return {p.takeModule(), e};
}

std::pair<std::unique_ptr<Module>, TypeId> parseTypeDecl(const SourceFile& file,
                                                         const Revision& revision,
                                                         DiagnosticList& diagnostics,
                                                         const ParseOptions& options) {
  Parser p(file, revision, diagnostics, options);
  TypeId t = p.parseWholeTypeDecl();
  return {p.takeModule(), t};
}

}  // namespace plumb
