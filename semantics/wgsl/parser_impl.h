// Internal: the recursive-descent parser. One member function per grammar production (or
// group of alternatives), named after it; see parser.cpp, parse_*.cpp.
#pragma once

#include <string>
#include <vector>

#include "semantics/wgsl/ast.h"
#include "semantics/wgsl/lexer.h"
#include "semantics/wgsl/parser.h"

namespace plumb {

class Parser {
 public:
  Parser(const SourceFile& file, const Revision& revision, DiagnosticList& diagnostics,
         const ParseOptions& options);

  std::unique_ptr<ast::Module> takeModule() { return std::move(module_); }

  void parseTranslationUnit();
  ast::ExpressionId parseWholeExpression();
  ast::TypeId parseWholeTypeDecl();

 private:
  // ---- tokens (parser.cpp)
  void advance();
  bool at(TokenKind k) const { return tok_.kind == k; }
  bool accept(TokenKind k) {
    if (tok_.kind != k) return false;
    advance();
    return true;
  }
  /// True if the current token is `k`, or a longer syntactic token whose spelling starts with
  /// k's spelling. #parsing: the token returned is the longest candidate that is valid here;
  /// callers use this only where the longer token is not a valid lookahead.
  bool atPrefix(TokenKind k) const { return tok_.kind == k || isProperPrefixToken(k, tok_.kind); }
  /// Consumes `k`, splitting the current token if `k` is a proper prefix of it.
  bool acceptSplit(TokenKind k) {
    if (tok_.kind == k) {
      advance();
      return true;
    }
    if (!isProperPrefixToken(k, tok_.kind)) return false;
    split(k);
    return true;
  }
  /// Takes the first part of the current token as token `k` and lexes the rest again.
  void split(TokenKind k);
  bool expect(TokenKind k, const char* production);
  /// Consumes an identifier, or reports (reserved words get their own message).
  bool expectIdentifier(const char* production, ast::Symbol& name, Span& span);
  std::string_view text(Span s) const { return lexer_.text(s); }
  /// Interns the current token, which must be a word (identifier, keyword, reserved word):
  /// the lexer has hashed it already.
  ast::Symbol internCurrentWord() { return m_.symbols.intern(text(tok_.span), tok_.hash); }
  Span current() const { return tok_.span; }
  Span from(uint32_t begin) const { return Span{begin, prevEnd_ > begin ? prevEnd_ : begin}; }

  // ---- diagnostics and recovery (parser.cpp)
  /// Reports a violation of grammar production `production` (rule "syntax-<production>").
  void error(Span span, std::string message, const char* production);
  /// Reports a violation of the rule with anchor `rule` (e.g. "reserved-words").
  void ruleError(Span span, std::string message, const char* rule);
  void errorExpected(const std::string& what, const char* production);
  bool failed() const { return panic_; }
  /// Recovery after an error in the statement (declaration) that began at `begin`: skips to a
  /// point where parsing can resume, always making progress.
  void synchronizeStatement(uint32_t begin);
  void synchronizeDeclaration(uint32_t begin);
  void skipBalanced();
  bool givingUp() const { return diagnostics_.truncated(); }

  struct DepthGuard {
    Parser& p;
    bool ok;
    DepthGuard(Parser& parser, const char* production);
    ~DepthGuard() { --p.depth_; }
  };

  // ---- node construction
  /// Adds an expression whose deepest child has depth `childDepth` (0 for a leaf) and sets
  /// lastDepth_ to its depth. Every parse function returns the node it created last, so
  /// after it returns lastDepth_ is the depth of its result: depths need no side table.
  ast::ExpressionId addExpression(Span span, decltype(ast::Expression::node) node,
                                  uint32_t childDepth);
  ast::TypeId addType(Span span, decltype(ast::TypeDecl::node) node);
  ast::StatementId addStatement(Span span, decltype(ast::Statement::node) node);

  // ---- module level (parser.cpp)
  void parseEnableDirective();
  ast::List<ast::Attribute> parseAttributes();
  ast::AttributeId parseAttribute();
  bool parseGlobalDeclaration();
  ast::VariableId parseVariableDecl(uint32_t begin, ast::List<ast::Attribute> attributes);
  ast::VariableId parseValueDecl(ast::DeclarationKind kind, uint32_t begin,
                                 ast::List<ast::Attribute> attributes, const char* production);
  bool parseStructDecl(uint32_t begin);
  bool parseTypeAliasDecl(uint32_t begin);
  bool parseFunctionDecl(uint32_t begin, ast::List<ast::Attribute> attributes);
  ast::ParameterId parseParam();

  // ---- types (parse_types.cpp)
  ast::TypeId parseTypeDecl(const char* production);
  /// `allowBarePrefix`: a vec_prefix or mat_prefix without a template list is accepted (the
  /// `callable` production).
  ast::TypeId parseTypeDeclWithoutIdent(const char* production, bool allowBarePrefix = false);
  bool parseTexelFormat(ast::TexelFormat& format);
  bool parseAddressSpace(ast::AddressSpace& space, const char* production);
  bool parseAccessMode(ast::AccessMode& mode, const char* production);
  bool closeTemplate(const char* production);
  static bool startsTypeDeclWithoutIdent(TokenKind k);

  // ---- expressions (parse_expressions.cpp)
  ast::ExpressionId parseExpression();
  ast::ExpressionId parseElementCountExpression();
  /// `inTemplate`: inside a template list, where '>' (or a token starting with it) closes it.
  ast::ExpressionId parseBitwiseRest(ast::ExpressionId first, bool inTemplate = false);
  ast::ExpressionId parseRelationalRest(ast::ExpressionId first);
  ast::ExpressionId parseRelational();
  ast::ExpressionId parseShiftRest(ast::ExpressionId first);
  ast::ExpressionId parseAdditiveRest(ast::ExpressionId first);
  ast::ExpressionId parseMultiplicativeRest(ast::ExpressionId first);
  ast::ExpressionId parseUnary();
  ast::ExpressionId parseSingular();
  ast::ExpressionId parsePostfix(ast::ExpressionId base);
  ast::ExpressionId parsePrimary();
  ast::ExpressionId parseParenExpression();
  ast::ExpressionId parseBitcastRest(uint32_t begin);
  /// Parses `( args )`; `depth` receives the depth of the deepest argument.
  bool parseArguments(ast::List<ast::Expression>& arguments, uint32_t& depth);
  ast::ExpressionId parseLiteral();
  /// `l` has depth `leftDepth`; `r` is the expression parsed last (depth lastDepth_).
  ast::ExpressionId binary(ast::BinaryOperator op, ast::ExpressionId l, uint32_t leftDepth,
                           ast::ExpressionId r);

  // ---- revision 2026 (parse_current.cpp; delta 1)
  /// The seed's keyword that a predeclared identifier of revision 2026 spells (`vec3` ->
  /// KwVec3, `function` -> KwFunction), else the current token's kind: the type productions
  /// are shared by both revisions.
  TokenKind typeKeyword() const;
  /// Revision 2026: the current identifier names a predeclared type, type generator or type
  /// alias (new#predeclared-types).
  /// Whether the word at tok_ is followed (after blanks) by `<` or `(`: a type with a template
  /// list or a value constructor, rather than a bare name.
  bool followedByTemplateOrCall() const;
  bool atPredeclaredType() const;
  /// Parses a predeclared type at the current identifier (revision 2026) and records the
  /// identifier for shadowing when it has no template list.
  ast::TypeId parsePredeclaredType(const char* production, bool allowBarePrefix);
  /// `vec3f`, `mat2x4h`, ... (new#vector-types, new#matrix-types); empty if not one.
  ast::TypeId parsePredeclaredAlias();
  ast::TypeId parseBufferType();
  ast::ExpressionId parseTemplatedBuiltinCall(uint32_t begin, ast::Symbol name);
  /// The start of a template list: '<' (seed) or _template_args_start (2026).
  bool atTemplateStart() const;
  /// The current identifier `bitcast` is followed by a template list (revision 2026).
  bool atPredeclaredBitcast();
  bool openTemplate(const char* production);
  void parseRequiresDirective();
  void parseDiagnosticDirective();
  /// diagnostic_control : paren_left severity_control_name comma diagnostic_rule_name comma ?
  ///                      paren_right
  bool parseDiagnosticControl(ast::DiagnosticControl& control, const char* production);
  /// Attributes before a statement or a body (revision 2026), kept for the checker.
  void parseStatementAttributes();

  // ---- statements (parse_statements.cpp)
  ast::StatementId parseCompoundStatement(const char* production);
  enum class ListContext { Block, LoopBody, Continuing, CaseBody };
  /// statement *, pushed on scratchStatements_; stops before '}' (or 'continuing' in a loop
  /// body). Checks that `break if` and `fallthrough` come last where they are allowed.
  void parseStatementList(ListContext context);
  ast::List<ast::Statement> takeStatements(size_t mark);
  ast::StatementId parseStatement();
  ast::StatementId parseIfStatement();
  ast::StatementId parseStatementInner();
  ast::StatementId parseSwitchStatement();
  ast::ClauseId parseSwitchBody();
  ast::StatementId parseLoopStatement();
  ast::StatementId parseContinuingStatement();
  ast::StatementId parseForStatement();
  ast::StatementId parseWhileStatement();
  ast::StatementId parseVariableStatement();
  /// assignment, increment, decrement and function call statements, without the `;`.
  ast::StatementId parseUpdatingStatement(const char* production);
  ast::ExpressionId parseLhsExpression();
  ast::StatementId finishSemicolon(ast::StatementId s, const char* production);

  const SourceFile& file_;
  const Revision& revision_;
  DiagnosticList& diagnostics_;
  ParseOptions options_;
  Lexer lexer_;
  std::unique_ptr<ast::Module> module_;
  ast::Module& m_;
  /// Revision 2026: calls spelled with a predeclared type's name and no template list
  /// (`vec4f(...)`), which a module-scope function of that name shadows
  /// (new#declaration-and-scope); see callShadowingFunctions().
  std::vector<ast::ExpressionId> predeclaredTypeCalls_;
  void callShadowingFunctions();

  Token tok_;
  uint32_t prevEnd_ = 0;
  Span prevSpan_;  // the token before tok_ (for hints on the word an error follows)
  bool panic_ = false;
  uint32_t depth_ = 0;
  bool depthReported_ = false;
  uint32_t lastDepth_ = 0;  // depth of the expression created last

  // Scratch stacks for building lists of children without per-list allocations.
  std::vector<ast::ExpressionId> scratchExpressions_;
  std::vector<ast::StatementId> scratchStatements_;
  std::vector<ast::AttributeId> scratchAttributes_;
};

}  // namespace plumb
