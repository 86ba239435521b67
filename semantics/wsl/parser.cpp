// The WSL grammar of the seed ("Top-level declarations", "Statements", "Types", "Expressions"),
// one function per nonterminal, each error naming its nonterminal as the rule
// (`wsl-syntax-<nonterminal>`). Repairs of the seed's grammar defects (docs/ambiguities.md,
// WSL W1-W3): exprAdd is read as C++'s additive and multiplicative levels; `-` before a literal
// makes a negative literal; `=>` is `>=`.
#include "semantics/wsl/parser.h"

#include <set>

#include "semantics/wsl/lexer.h"

namespace plumb::wsl {
namespace {

struct ParseFailure {};  // unwinds one declaration after a syntax error (never leaves the parser)

const std::set<std::string> kAddressSpaces = {"constant", "device", "threadgroup", "thread"};
const std::set<std::string> kAssignOperators = {
    "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", ">>=", "<<="};

AddressSpace spaceOf(const std::string& s) {
  if (s == "constant") return AddressSpace::Constant;
  if (s == "device") return AddressSpace::Device;
  if (s == "threadgroup") return AddressSpace::Threadgroup;
  return AddressSpace::Thread;
}

std::shared_ptr<Expr> node(ExprKind kind, Span span) {
  auto e = std::make_shared<Expr>();
  e->kind = kind;
  e->span = span;
  return e;
}

std::shared_ptr<Expr> call(const std::string& name, Span span, std::vector<ExprP> operands) {
  auto e = node(ExprKind::Call, span);
  e->name = name;
  e->operands = std::move(operands);
  return e;
}

class Parser {
 public:
  Parser(const SourceFile& file, DiagnosticList& diagnostics, const ParseOptions& options)
      : file_(file), diagnostics_(diagnostics), options_(options) {
    tokens_ = tokenize(file, diagnostics);
  }

  std::optional<Program> program() {
    Program p;
    while (!at(TokenKind::End)) {
      size_t start = pos_;
      try {
        topLevelDecl(p);
      } catch (const ParseFailure&) {
        // One syntax error per file: what follows it would mostly be its echo.
        (void)start;
        break;
      }
    }
    if (diagnostics_.hasErrors()) return std::nullopt;
    return p;
  }

 private:
  // ---- tokens
  const Token& peek(size_t ahead = 0) const {
    size_t i = std::min(pos_ + ahead, tokens_.size() - 1);
    return tokens_[i];
  }
  bool at(TokenKind k) const { return peek().kind == k; }
  bool is(const char* text, size_t ahead = 0) const {
    const Token& t = peek(ahead);
    return (t.kind == TokenKind::Punctuation || t.kind == TokenKind::Keyword) && t.text == text;
  }
  bool previousIs(const char* text) const {
    return pos_ > 0 && tokens_[pos_ - 1].kind == TokenKind::Punctuation &&
           tokens_[pos_ - 1].text == text;
  }
  bool accept(const char* text) {
    if (!is(text)) return false;
    ++pos_;
    return true;
  }
  [[noreturn]] void fail(const std::string& message, const std::string& nonterminal) {
    if (!speculating_)
      diagnostics_.error(&file_, peek().span, message, "wsl-syntax-" + nonterminal);
    throw ParseFailure{};
  }
  const Token& expect(const char* text, const std::string& nonterminal) {
    if (!is(text)) {
      std::string found = at(TokenKind::End) ? "end of input" : "'" + peek().text + "'";
      fail(std::string("expected '") + text + "', found " + found, nonterminal);
    }
    return tokens_[pos_++];
  }
  const Token& expectIdentifier(const std::string& nonterminal) {
    if (!at(TokenKind::Identifier)) {
      std::string found = at(TokenKind::End) ? "end of input" : "'" + peek().text + "'";
      fail("expected an identifier, found " + found, nonterminal);
    }
    return tokens_[pos_++];
  }
  Span spanFrom(size_t startToken) const {
    Span a = tokens_[startToken].span;
    Span b = pos_ > 0 ? tokens_[pos_ - 1].span : a;
    return join(a, b);
  }
  struct Depth {
    Depth(Parser& p) : p(p) {
      if (++p.depth_ > p.options_.maxNesting) p.fail("nesting deeper than the limit", "nesting");
    }
    ~Depth() { --p.depth_; }
    Parser& p;
  };

  // ---- top level
  // topLevelDecl ::= ";" | typedef | structDef | enumDef | funcDef
  void topLevelDecl(Program& p) {
    if (accept(";")) return;
    if (is("typedef")) return typedefDecl(p);
    if (is("struct")) return structDef(p);
    if (is("enum")) return enumDef(p);
    funcDef(p);
  }

  // typedef ::= "typedef" Identifier "=" type ";"
  void typedefDecl(Program& p) {
    size_t start = pos_;
    expect("typedef", "typedef");
    TypedefDecl d;
    d.name = expectIdentifier("typedef").text;
    expect("=", "typedef");
    d.typeSyntax = type("typedef");
    expect(";", "typedef");
    d.span = spanFrom(start);
    p.typedefs.push_back(std::move(d));
  }

  // structDef ::= "struct" Identifier "{" structElement* "}"
  // structElement ::= type Identifier (":" semantic)? ";"
  void structDef(Program& p) {
    size_t start = pos_;
    expect("struct", "structDef");
    StructDecl d;
    d.name = expectIdentifier("structDef").text;
    expect("{", "structDef");
    while (!is("}")) {
      size_t fs = pos_;
      StructField f;
      f.typeSyntax = type("structElement");
      f.name = expectIdentifier("structElement").text;
      if (accept(":")) f.semantic = semantic();
      expect(";", "structElement");
      f.span = spanFrom(fs);
      d.fields.push_back(std::move(f));
    }
    expect("}", "structDef");
    d.span = spanFrom(start);
    p.structs.push_back(std::move(d));
  }

  // enumDef ::= "enum" Identifier (":" type)? "{" enumElement ("," enumElement)* "}"
  // enumElement ::= Identifier ("=" constexpr)?
  void enumDef(Program& p) {
    size_t start = pos_;
    expect("enum", "enumDef");
    EnumDecl d;
    d.name = expectIdentifier("enumDef").text;
    if (accept(":")) d.baseSyntax = type("enumDef");
    expect("{", "enumDef");
    do {
      size_t es = pos_;
      EnumElement e;
      e.name = expectIdentifier("enumElement").text;
      if (accept("=")) e.value = constexpression("enumElement");
      e.span = spanFrom(es);
      d.elements.push_back(std::move(e));
    } while (accept(","));
    expect("}", "enumDef");
    d.span = spanFrom(start);
    p.enums.push_back(std::move(d));
  }

  // funcDef ::= funcDecl "{" stmt* "}"
  // funcDecl ::= (entryPointDecl | normalFuncDecl | castOperatorDecl) (":" semantic)?
  // entryPointDecl ::= ("vertex" | "fragment" | "[" numthreadsSemantic "]" "compute") type
  // Identifier parameters normalFuncDecl ::= type (Identifier | OperatorName) parameters
  // castOperatorDecl ::= "operator" type parameters
  void funcDef(Program& p) {
    size_t start = pos_;
    FunctionDecl f;
    if (accept("vertex")) {
      f.stage = FunctionDecl::Stage::Vertex;
    } else if (accept("fragment")) {
      f.stage = FunctionDecl::Stage::Fragment;
    } else if (is("[")) {
      ++pos_;
      expect("numthreads", "numthreadsSemantic");
      expect("(", "numthreadsSemantic");
      for (int i = 0; i < 3; ++i) {
        if (i) expect(",", "numthreadsSemantic");
        if (!at(TokenKind::IntLiteral)) fail("expected an integer literal", "numthreadsSemantic");
        f.numthreads[i] = uint32_t(std::stoul(tokens_[pos_++].text, nullptr, 0));
      }
      expect(")", "numthreadsSemantic");
      expect("]", "entryPointDecl");
      expect("compute", "entryPointDecl");
      f.stage = FunctionDecl::Stage::Compute;
    } else if (options_.testQualifier && at(TokenKind::Identifier) && peek().text == "test" &&
               (peek(1).kind == TokenKind::Identifier || peek(1).kind == TokenKind::Keyword)) {
      ++pos_;
      f.stage = FunctionDecl::Stage::Test;
    }
    if (is("operator") && f.stage == FunctionDecl::Stage::None) {
      ++pos_;
      f.castOperator = true;
      f.returnTypeSyntax = type("castOperatorDecl");
      f.name = "operator " + typeSyntaxText(*f.returnTypeSyntax);
      f.nameSpan = f.returnTypeSyntax->span;
    } else {
      f.returnTypeSyntax = type("funcDecl");
      if (at(TokenKind::Identifier) ||
          (at(TokenKind::OperatorName) && f.stage == FunctionDecl::Stage::None)) {
        f.nameSpan = peek().span;
        f.name = tokens_[pos_++].text;
      } else {
        fail("expected a function name", "funcDecl");
      }
    }
    f.parameters = parameters();
    if (accept(":")) f.semantic = semantic();
    expect("{", "funcDef");
    while (!is("}")) {
      if (at(TokenKind::End)) fail("expected '}' at the end of the function body", "funcDef");
      blockItem(f.body);
    }
    expect("}", "funcDef");
    f.span = spanFrom(start);
    p.functions.push_back(std::move(f));
  }

  // parameters ::= "(" ")" | "(" parameter ("," parameter)* ")"
  // parameter ::= type Identifier (":" semantic)?
  std::vector<Parameter> parameters() {
    std::vector<Parameter> ps;
    expect("(", "parameters");
    if (accept(")")) return ps;
    do {
      size_t start = pos_;
      Parameter p;
      p.typeSyntax = type("parameter");
      p.name = expectIdentifier("parameter").text;
      if (accept(":")) p.semantic = semantic();
      p.span = spanFrom(start);
      ps.push_back(std::move(p));
    } while (accept(","));
    expect(")", "parameters");
    return ps;
  }

  // semantic ::= builtInSemantic | stageInOutSemantic | resourceSemantic |
  // specializationConstantSemantic
  std::string semantic() {
    size_t start = pos_;
    if (accept("attribute") || accept("register")) {
      expect("(", "semantic");
      while (!is(")")) {
        if (at(TokenKind::End)) fail("unterminated semantic", "semantic");
        ++pos_;
      }
      expect(")", "semantic");
    } else if (accept("SV_Target")) {
      if (at(TokenKind::IntLiteral)) ++pos_;
    } else if (at(TokenKind::Identifier) && peek().text.rfind("SV_Target", 0) == 0 &&
               peek().text.size() > 9 &&
               peek().text.find_first_not_of("0123456789", 9) == std::string::npos) {
      // `SV_Target0`: greedy tokenization makes the grammar's `"SV_Target" IntLiteral` one
      // identifier (docs/ambiguities.md, WSL W4); read as SV_Target 0.
      ++pos_;
    } else if (at(TokenKind::Keyword) && (peek().text.rfind("SV_", 0) == 0 ||
                                          peek().text == "PSIZE" || peek().text == "specialized")) {
      ++pos_;
    } else {
      fail("expected a semantic", "semantic");
    }
    std::string text;
    for (size_t i = start; i < pos_; ++i) text += tokens_[i].text;
    return text;
  }

  // type ::= addressSpace Identifier typeArguments typeSuffixAbbreviated+
  //        | Identifier typeArguments typeSuffixNonAbbreviated*
  std::shared_ptr<TypeSyntax> type(const std::string& context) {
    Depth depth(*this);
    size_t start = pos_;
    auto t = std::make_shared<TypeSyntax>();
    if (at(TokenKind::Keyword) && kAddressSpaces.count(peek().text)) {
      t->hasPrefixSpace = true;
      t->prefixSpace = spaceOf(tokens_[pos_++].text);
    }
    if (!at(TokenKind::Identifier)) fail("expected a type", context);
    t->name = tokens_[pos_++].text;
    typeArguments(*t);
    while (true) {
      TypeSyntax::Suffix s;
      if (is("*")) {
        ++pos_;
        s.kind = TypeSyntax::Suffix::Kind::Pointer;
      } else if (is("[") && is("]", 1)) {
        pos_ += 2;
        s.kind = TypeSyntax::Suffix::Kind::ArrayRef;
      } else if (is("[") &&
                 (peek(1).kind == TokenKind::IntLiteral ||
                  peek(1).kind == TokenKind::UintLiteral) &&
                 is("]", 2)) {
        ++pos_;
        std::string digits = tokens_[pos_++].text;
        if (!digits.empty() && digits.back() == 'u') digits.pop_back();
        unsigned long long n = 0;
        try {
          n = std::stoull(digits, nullptr, 0);
        } catch (...) {
          n = ~0ull;
        }
        s.size = n > 0xFFFFFFFFull ? 0xFFFFFFFFu : uint32_t(n);
        if (n == 0 || n > 0xFFFFFFFFull)
          fail("an array size must be a positive integer that fits in 32 bits", "typeSuffix");
        ++pos_;
        s.kind = TypeSyntax::Suffix::Kind::Array;
      } else {
        break;
      }
      if (s.kind != TypeSyntax::Suffix::Kind::Array) {
        if (t->hasPrefixSpace) {
          s.space = t->prefixSpace;
          s.hasSpace = true;
        } else if (at(TokenKind::Keyword) && kAddressSpaces.count(peek().text)) {
          s.space = spaceOf(tokens_[pos_++].text);
          s.hasSpace = true;
        } else {
          fail("a pointer or array reference type needs an address space",
               "typeSuffixNonAbbreviated");
        }
      }
      t->suffixes.push_back(s);
    }
    if (t->hasPrefixSpace && t->suffixes.empty())
      fail("an address space before a type needs a '*' or '[]' suffix", "typeSuffixAbbreviated");
    t->span = spanFrom(start);
    return t;
  }

  // typeArguments ::= "<" typeArgument ("," typeArgument)* ">" | ("<" ">")?   (with ">>" closing
  // two)
  void typeArguments(TypeSyntax& t) {
    if (!is("<")) return;
    ++pos_;
    if (closeAngle()) return;
    do {
      if (at(TokenKind::IntLiteral) || at(TokenKind::UintLiteral) ||
          (at(TokenKind::Identifier) && is(".", 1))) {
        std::string text = tokens_[pos_++].text;
        if (is(".")) {
          ++pos_;
          text += "." + expectIdentifier("typeArgument").text;
        }
        t.constantArguments.push_back(text);
      } else {
        t.typeArguments.push_back(type("typeArgument"));
      }
    } while (accept(","));
    if (!closeAngle()) fail("expected '>' closing the type arguments", "typeArguments");
  }
  // A `>>` closes two type-argument lists: split it.
  bool closeAngle() {
    if (accept(">")) return true;
    if (is(">>")) {
      Token& t = tokens_[pos_];
      t.text = ">";
      t.span.begin += 1;
      return true;
    }
    return false;
  }

  // ---- statements
  // A block item: stmt | variableDecls ";"
  void blockItem(std::vector<StmtP>& out) {
    if (StmtP decls = tryVariableDecls()) {
      expect(";", "variableDecls");
      out.push_back(decls);
      return;
    }
    out.push_back(stmt());
  }

  // variableDecls ::= type variableDecl ("," variableDecl)*
  // variableDecl ::= Identifier ("=" ternaryConditional)?
  // Tried first: a declaration is a type followed by an identifier.
  // `threadgroup T x;` declares a threadgroup variable (the seed's address space of a variable
  // declaration, W49): tried when the type does not parse as `threadgroup T*` / `threadgroup T[]`.
  StmtP tryVariableDecls() {
    size_t start = pos_;
    std::shared_ptr<TypeSyntax> t;
    bool threadgroup = false;
    bool wasSpeculating = speculating_;
    speculating_ = true;
    try {
      t = type("variableDecls");
    } catch (const ParseFailure&) {
      t = nullptr;
    }
    if (t && t->hasPrefixSpace && t->prefixSpace == AddressSpace::Threadgroup) {
      // `threadgroup T[n] x`: the prefix is the variable's space, not a pointer's.
      bool reference = false;
      for (const TypeSyntax::Suffix& x : t->suffixes)
        reference |= x.kind != TypeSyntax::Suffix::Kind::Array;
      if (!reference) {
        t->hasPrefixSpace = false;
        threadgroup = true;
      }
    }
    if (!t) pos_ = start;
    if (!t && at(TokenKind::Keyword) && peek().text == "threadgroup" &&
        peek(1).kind == TokenKind::Identifier) {
      pos_ = start + 1;
      try {
        t = type("variableDecls");
        threadgroup = true;
      } catch (const ParseFailure&) {
        t = nullptr;
      }
    }
    speculating_ = wasSpeculating;
    if (!t || !at(TokenKind::Identifier) || !(is("=", 1) || is(";", 1) || is(",", 1))) {
      pos_ = start;
      return nullptr;
    }
    auto s = std::make_shared<Stmt>();
    s->kind = StmtKind::VarDecls;
    s->typeSyntax = t;
    s->threadgroup = threadgroup;
    do {
      size_t ds = pos_;
      VarDecl d;
      d.name = expectIdentifier("variableDecl").text;
      if (accept("=")) d.init = ternaryConditional();
      d.span = spanFrom(ds);
      s->declarations.push_back(std::move(d));
    } while (accept(","));
    s->span = spanFrom(start);
    return s;
  }

  // stmt ::= "{" (stmt | variableDecls ";")* "}" | compoundStmt | terminatorStmt ";" |
  // maybeEffectfulExpr ";"
  StmtP stmt() {
    Depth depth(*this);
    size_t start = pos_;
    auto s = std::make_shared<Stmt>();
    if (accept("{")) {
      s->kind = StmtKind::Block;
      while (!is("}")) {
        if (at(TokenKind::End)) fail("expected '}'", "stmt");
        blockItem(s->statements);
      }
      expect("}", "stmt");
    } else if (accept("if")) {
      // ifStmt ::= "if" "(" expr ")" stmt ; ifElseStmt ::= ... "else" stmt
      expect("(", "ifStmt");
      s->expr = expr();
      expect(")", "ifStmt");
      s->then = stmt();
      if (accept("else")) {
        s->kind = StmtKind::IfElse;
        s->otherwise = stmt();
      } else {
        s->kind = StmtKind::If;
      }
    } else if (accept("while")) {
      // whileStmt ::= "while" "(" expr ")" stmt
      s->kind = StmtKind::While;
      expect("(", "whileStmt");
      s->expr = expr();
      expect(")", "whileStmt");
      s->body = stmt();
    } else if (accept("do")) {
      // doWhileStmt ::= "do" stmt "while" "(" expr ")" ";"
      s->kind = StmtKind::DoWhile;
      s->body = stmt();
      expect("while", "doWhileStmt");
      expect("(", "doWhileStmt");
      s->expr = expr();
      expect(")", "doWhileStmt");
      expect(";", "doWhileStmt");
    } else if (accept("for")) {
      // forStmt ::= "for" "(" (maybeEffectfulExpr | variableDecls) ";" expr? ";" expr? ")" stmt
      s->kind = StmtKind::For;
      expect("(", "forStmt");
      if (StmtP decls = tryVariableDecls()) {
        s->init = decls;
      } else if (!is(";")) {
        auto init = std::make_shared<Stmt>();
        init->kind = StmtKind::ExprStmt;
        init->expr = maybeEffectfulExpr();
        init->span = init->expr->span;
        s->init = init;
      }
      expect(";", "forStmt");
      if (!is(";")) s->expr = expr();
      expect(";", "forStmt");
      if (!is(")")) s->increment = expr();
      expect(")", "forStmt");
      s->body = stmt();
    } else if (accept("switch")) {
      // switchStmt ::= "switch" "(" expr ")" "{" switchCase* "}"
      // switchCase ::= ("case" constexpr | "default") ":" stmt*
      s->kind = StmtKind::Switch;
      expect("(", "switchStmt");
      s->expr = expr();
      expect(")", "switchStmt");
      expect("{", "switchStmt");
      while (!accept("}")) {
        size_t cs = pos_;
        SwitchCase c;
        if (accept("default")) {
          c.isDefault = true;
        } else {
          expect("case", "switchCase");
          c.value = constexpression("switchCase");
        }
        expect(":", "switchCase");
        while (!is("case") && !is("default") && !is("}")) {
          if (at(TokenKind::End)) fail("expected '}'", "switchStmt");
          c.body.push_back(stmt());
        }
        c.span = spanFrom(cs);
        s->cases.push_back(std::move(c));
      }
    } else if (accept("break")) {
      s->kind = StmtKind::Break;
      expect(";", "stmt");
    } else if (accept("continue")) {
      s->kind = StmtKind::Continue;
      expect(";", "stmt");
    } else if (accept("discard")) {
      s->kind = StmtKind::Discard;
      expect(";", "stmt");
    } else if (accept("fallthrough")) {
      s->kind = StmtKind::Fallthrough;
      expect(";", "stmt");
    } else if (accept("return")) {
      if (accept(";")) {
        s->kind = StmtKind::ReturnVoid;
      } else {
        s->kind = StmtKind::Return;
        s->expr = expr();
        expect(";", "stmt");
      }
    } else if (accept(";")) {
      s->kind = StmtKind::Empty;
    } else {
      s->kind = StmtKind::ExprStmt;
      s->expr = maybeEffectfulExpr();
      expect(";", "stmt");
    }
    s->span = spanFrom(start);
    return s;
  }

  // maybeEffectfulExpr ::= (effAssignment ("," effAssignment)*)?
  // effAssignment ::= exprPrefix assignOperator expr | effPrefix
  // effPrefix ::= ("++" | "--") exprPrefix | effSuffix
  // effSuffix ::= exprSuffix ("++" | "--") | callExpression | "(" expr ")"
  // Parsed as an expression, then checked to have that shape.
  ExprP maybeEffectfulExpr() {
    size_t start = pos_;
    ExprP e = expr();
    std::vector<ExprP> items;
    ExprP cur = e;
    while (cur->kind == ExprKind::Comma) {
      items.push_back(cur->operands[1]);
      cur = cur->operands[0];
    }
    items.push_back(cur);
    for (const ExprP& item : items) {
      bool effectful = item->kind == ExprKind::Assign || item->kind == ExprKind::CompoundAssign ||
                       item->kind == ExprKind::PrefixIncr || item->kind == ExprKind::PostfixIncr ||
                       item->kind == ExprKind::Parens ||
                       (item->kind == ExprKind::Call && !infix_.count(item));
      if (!effectful) {
        if (!speculating_)
          diagnostics_.error(
              &file_, item->span,
              "an expression statement must be an assignment, an increment, a call or "
              "parenthesized (maybeEffectfulExpr)",
              "wsl-syntax-maybeEffectfulExpr");
        pos_ = std::max(pos_, start);
        throw ParseFailure{};
      }
    }
    return e;
  }

  // constexpr ::= Literal | Identifier "." Identifier   (a `-` before a literal allowed, W2)
  ExprP constexpression(const std::string& context) {
    size_t start = pos_;
    if (at(TokenKind::Identifier) && is(".", 1)) {
      auto e = node(ExprKind::Name, peek().span);
      e->name = tokens_[pos_++].text;
      ++pos_;
      auto d = node(ExprKind::Dot, Span{});
      d->name = expectIdentifier(context).text;
      d->operands.push_back(e);
      d->span = spanFrom(start);
      return d;
    }
    bool negative = is("-");
    if (negative) ++pos_;
    if (!literalAhead() || (negative && peek().kind == TokenKind::Keyword))
      fail("expected a literal or an enum element", context);
    return literal(negative, start);
  }

  bool literalAhead() const {
    return at(TokenKind::IntLiteral) || at(TokenKind::UintLiteral) || at(TokenKind::FloatLiteral) ||
           is("true") || is("false");
  }
  ExprP literal(bool negative, size_t start) {
    const Token& t = tokens_[pos_++];
    std::shared_ptr<Expr> e;
    if (t.kind == TokenKind::IntLiteral)
      e = node(ExprKind::IntLiteral, Span{});
    else if (t.kind == TokenKind::UintLiteral)
      e = node(ExprKind::UintLiteral, Span{});
    else if (t.kind == TokenKind::FloatLiteral)
      e = node(ExprKind::FloatLiteral, Span{});
    else
      e = node(ExprKind::BoolLiteral, Span{});
    if (negative && e->kind == ExprKind::UintLiteral) {
      pos_ = start;
      return nullptr;  // `-1u`: the unary operator-, not a literal
    }
    e->literal = (negative ? "-" : "") + t.text;
    e->span = spanFrom(start);
    return e;
  }

  // ---- expressions
  // expr ::= (expr ",")? ternaryConditional
  ExprP expr() {
    size_t start = pos_;
    ExprP e = ternaryConditional();
    while (is(",")) {
      ++pos_;
      auto c = node(ExprKind::Comma, Span{});
      c->operands = {e, ternaryConditional()};
      c->span = spanFrom(start);
      e = c;
    }
    return e;
  }

  // ternaryConditional ::= exprLogicalOr "?" expr ":" ternaryConditional
  //                      | exprPrefix assignOperator ternaryConditional | exprLogicalOr
  ExprP ternaryConditional() {
    Depth depth(*this);
    size_t start = pos_;
    ExprP e = binary(0);
    if (is("?")) {
      ++pos_;
      auto t = node(ExprKind::Ternary, Span{});
      ExprP a = expr();
      expect(":", "ternaryConditional");
      t->operands = {e, a, ternaryConditional()};
      t->span = spanFrom(start);
      return t;
    }
    if ((peek().kind == TokenKind::Punctuation) && kAssignOperators.count(peek().text)) {
      if (infix_.count(e))
        fail("the left of an assignment must be a prefix expression", "ternaryConditional");
      std::string op = tokens_[pos_++].text;
      ExprP rhs = ternaryConditional();
      std::shared_ptr<Expr> a;
      if (op == "=") {
        a = node(ExprKind::Assign, Span{});
      } else {
        a = node(ExprKind::CompoundAssign, Span{});
        a->name = "operator" + op.substr(0, op.size() - 1);
      }
      a->operands = {e, rhs};
      a->span = spanFrom(start);
      return a;
    }
    return e;
  }

  // exprLogicalOr, exprLogicalAnd, exprBitwiseOr, exprBitwiseXor, exprBitwiseAnd, exprRelational,
  // exprShift, exprAdd (repaired: additive), exprMult (repaired: multiplicative); left associative
  // except exprRelational, which is non-associative.
  ExprP binary(int level) {
    static const std::vector<std::vector<const char*>> levels = {
        {"||"},       {"&&"},     {"|"},          {"^"}, {"&"}, {"<", ">", "<=", ">=", "==", "!="},
        {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}};
    static const char* names[] = {"exprLogicalOr",  "exprLogicalAnd", "exprBitwiseOr",
                                  "exprBitwiseXor", "exprBitwiseAnd", "exprRelational",
                                  "exprShift",      "exprAdd",        "exprMult"};
    if (level == int(levels.size())) return prefix();
    Depth depth(*this);
    size_t start = pos_;
    ExprP e = binary(level + 1);
    bool relational = level == 5;
    while (true) {
      const char* op = nullptr;
      for (const char* candidate : levels[level])
        if (is(candidate)) op = candidate;
      if (!op) break;
      ++pos_;
      ExprP rhs = binary(level + 1);
      std::shared_ptr<Expr> b;
      Span span = spanFrom(start);
      std::string o = op;
      if (o == "||") {
        b = node(ExprKind::Or, span);
        b->operands = {e, rhs};
      } else if (o == "&&") {
        b = node(ExprKind::And, span);
        b->operands = {e, rhs};
      } else if (o == "!=") {
        // WSL.ott: `e != e'` is desugared; as `!(e == e')` (docs/ambiguities.md, WSL W9).
        auto eq = call("operator==", span, {e, rhs});
        infix_.insert(eq);
        b = node(ExprKind::Not, span);
        b->operands = {eq};
      } else {
        b = call("operator" + o, span, {e, rhs});
      }
      infix_.insert(b);
      e = b;
      if (relational) {
        for (const char* candidate : levels[level])
          if (is(candidate))
            fail("relational operators are non-associative: they cannot be chained", names[level]);
        break;
      }
    }
    return e;
  }

  // exprPrefix ::= prefixOp exprPrefix | exprSuffix
  // prefixOp ::= "++" | "--" | "+" | "-" | "~" | "!" | "*" | "&" | "@"
  ExprP prefix() {
    Depth depth(*this);
    size_t start = pos_;
    if (is("-") &&
        (peek(1).kind == TokenKind::IntLiteral || peek(1).kind == TokenKind::FloatLiteral)) {
      ++pos_;
      if (ExprP lit = literal(true, start)) return suffixes(lit, start, false);
      pos_ = start;
    }
    static const std::set<std::string> ops = {"++", "--", "+", "-", "~", "!", "*", "&", "@"};
    if (peek().kind == TokenKind::Punctuation && ops.count(peek().text)) {
      std::string op = tokens_[pos_++].text;
      ExprP operand = prefix();
      Span span = spanFrom(start);
      std::shared_ptr<Expr> e;
      if (op == "++" || op == "--") {
        e = node(ExprKind::PrefixIncr, span);
        e->decrement = op == "--";
        e->name = "operator" + op;
      } else if (op == "!") {
        e = node(ExprKind::Not, span);
      } else if (op == "*") {
        e = node(ExprKind::Deref, span);
      } else if (op == "&") {
        e = node(ExprKind::AddressOf, span);
      } else if (op == "@") {
        e = node(ExprKind::MakeRef, span);
      } else {
        e = call("operator" + op, span, {operand});
        return e;
      }
      e->operands = {operand};
      return e;
    }
    return suffix();
  }

  // exprSuffix ::= callExpression limitedSuffixOp* | term (limitedSuffixOp | "++" | "--")*
  // callExpression ::= Identifier "(" (ternaryConditional ("," ternaryConditional)*)? ")"
  // term ::= Literal | Identifier | "(" expr ")"
  ExprP suffix() {
    size_t start = pos_;
    if (at(TokenKind::Identifier) && is("(", 1)) {
      auto c = node(ExprKind::Call, Span{});
      c->name = tokens_[pos_].text;
      pos_ += 2;
      if (!is(")")) {
        do c->operands.push_back(ternaryConditional());
        while (accept(","));
      }
      expect(")", "callExpression");
      c->span = spanFrom(start);
      return suffixes(c, start, true);
    }
    ExprP term;
    if (literalAhead()) {
      term = literal(false, start);
    } else if (at(TokenKind::Identifier)) {
      auto n = node(ExprKind::Name, peek().span);
      n->name = tokens_[pos_++].text;
      term = n;
    } else if (accept("(")) {
      auto p = node(ExprKind::Parens, Span{});
      p->operands = {expr()};
      expect(")", "term");
      p->span = spanFrom(start);
      term = p;
    } else {
      std::string found = at(TokenKind::End) ? "end of input" : "'" + peek().text + "'";
      fail("expected an expression, found " + found, "term");
    }
    return suffixes(term, start, false);
  }

  // limitedSuffixOp ::= "." Identifier | "->" Identifier | "[" expr "]"
  ExprP suffixes(ExprP e, size_t start, bool afterCall) {
    while (true) {
      Depth depth(*this);
      if (is(".") || is("->")) {
        bool arrow = is("->");
        ++pos_;
        std::string field = expectIdentifier("limitedSuffixOp").text;
        ExprP base = e;
        if (arrow) {  // `x -> y` is `(*x).y` (seed "Expressions")
          auto d = node(ExprKind::Deref, spanFrom(start));
          d->operands = {e};
          auto p = node(ExprKind::Parens, d->span);
          p->operands = {d};
          base = p;
        }
        auto dot = node(ExprKind::Dot, spanFrom(start));
        dot->name = field;
        dot->operands = {base};
        e = dot;
      } else if (is("[")) {
        ++pos_;
        ExprP index = expr();
        expect("]", "limitedSuffixOp");
        auto ix = node(ExprKind::Index, spanFrom(start));
        ix->operands = {e, index};
        e = ix;
      } else if (!afterCall && (is("++") || is("--"))) {
        bool dec = is("--");
        ++pos_;
        auto inc = node(ExprKind::PostfixIncr, spanFrom(start));
        inc->decrement = dec;
        inc->name = dec ? "operator--" : "operator++";
        inc->operands = {e};
        e = inc;
      } else {
        return e;
      }
    }
  }

  const SourceFile& file_;
  DiagnosticList& diagnostics_;
  ParseOptions options_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  size_t depth_ = 0;
  bool speculating_ = false;
  std::set<ExprP> infix_;  // calls written as infix operators (not exprPrefix forms)
};

}  // namespace

std::optional<Program> parseProgram(const SourceFile& file, DiagnosticList& diagnostics,
                                    const ParseOptions& options) {
  Parser parser(file, diagnostics, options);
  return parser.program();
}

}  // namespace plumb::wsl
