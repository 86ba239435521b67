// The Cg parser (see parser.h): recursive descent over C's grammar with Cg's declaration
// specifiers, binding semantics, vector/matrix type names and interface/struct member functions.
// C's typedef ambiguity is resolved as C compilers do: the parser knows the type names declared
// so far (predefined ones, structs, interfaces and typedefs).
#include "semantics/cg/parser.h"

#include <set>

#include "semantics/cg/lexer.h"

namespace plumb::cg {
namespace {

// Seed "Operator Precedence": C's precedence for the operators common to both languages.
int binaryPrecedence(const std::string& op) {
  if (op == "||") return 1;
  if (op == "&&") return 2;
  if (op == "|") return 3;
  if (op == "^") return 4;
  if (op == "&") return 5;
  if (op == "==" || op == "!=") return 6;
  if (op == "<" || op == ">" || op == "<=" || op == ">=") return 7;
  if (op == "<<" || op == ">>") return 8;
  if (op == "+" || op == "-") return 9;
  if (op == "*" || op == "/" || op == "%") return 10;
  return 0;
}

bool isAssignmentOp(const std::string& op) {
  static const std::set<std::string> ops = {
      "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="};
  return ops.count(op) > 0;
}

// Keywords that name (or begin) a type.
bool isTypeKeyword(const std::string& w) {
  static const std::set<std::string> words = {
      "bool",      "int",       "half",      "float",     "fixed",       "double",
      "char",      "short",     "long",      "unsigned",  "signed",      "void",
      "sampler",   "sampler1D", "sampler2D", "sampler3D", "samplerCUBE", "struct",
      "interface", "vector",    "matrix",    "packed",    "row_major",   "column_major"};
  return words.count(w) > 0;
}

class Parser {
 public:
  Parser(const SourceFile& file, DiagnosticList& diagnostics, const ParseOptions& options)
      : file_(file), diagnostics_(diagnostics), options_(options) {}

  std::optional<Program> run() {
    size_t errorsBefore = diagnostics_.errorCount();
    tokens_ = tokenize(file_, diagnostics_, options_.lex);
    typeAliases();
    end_ = tokens_.back();
    if (diagnostics_.errorCount() > errorsBefore) return std::nullopt;
    while (!atEnd()) parseExternalDeclaration();
    if (failed_) return std::nullopt;
    return std::move(program_);
  }

 private:
  // cgc's dialect, the extensions that name Cg's types otherwise: each token that is such a
  // name becomes the Cg type it names (`alias`), with a warning at the first use of each name
  // saying what it is (`says`).
  //  - glsl-type-names (CGD-1): GLSL's type names;
  //  - unsigned-types (CGD-9): `uint`, `uint2`, `uint2x2`, `uvec2` are `unsigned int` and its
  //    vectors and matrices;
  //  - integer-vector-names (CGD-10): `char2`, `short3x3`, `long4` are the vectors and matrices
  //    of char, short and long;
  //  - stdint-type-names (CGD-12): `int8_t` ... `uint64_t` are the integer types of those widths.
  void renameTypeAliases(CgcExtension e, std::optional<std::string> (*alias)(std::string_view),
                         std::string (*says)(const std::string& cg)) {
    std::set<std::string> warned;
    for (Token& t : tokens_) {
      if (t.kind != TokenKind::Identifier) continue;
      std::optional<std::string> cg = alias(t.text);
      if (!cg) continue;
      if (warned.insert(t.text).second)
        warnExtension(e, t.span, "'" + t.text + "' is " + says(*cg));
      t.text = *cg;
    }
  }

  void typeAliases() {
    const auto& dialect = options_.lex.dialect;
    if (dialect.allows(CgcExtension::GlslTypeNames))
      renameTypeAliases(CgcExtension::GlslTypeNames, glslTypeAlias,
                        [](const std::string& cg) { return "GLSL's name for " + cg; });
    if (dialect.allows(CgcExtension::UnsignedTypes))
      renameTypeAliases(CgcExtension::UnsignedTypes, unsignedTypeAlias,
                        [](const std::string& cg) { return "cgc's name for " + cg; });
    if (dialect.allows(CgcExtension::IntegerVectorNames))
      renameTypeAliases(CgcExtension::IntegerVectorNames, integerVectorAlias,
                        [](const std::string& cg) {
                          // cg is "signed char2", "signed short3x3", ...: its scalar's name.
                          return "cgc's name for a vector or matrix of " +
                                 cg.substr(7, cg.find_first_of("1234") - 7);
                        });
    if (dialect.allows(CgcExtension::StdintTypeNames))
      renameTypeAliases(CgcExtension::StdintTypeNames, stdintTypeAlias,
                        [](const std::string& cg) { return "cgc's name for " + cg; });
  }

  void warnExtension(CgcExtension e, Span span, const std::string& what) {
    diagnostics_.add({Severity::Warning,
                      &file_,
                      span,
                      extensionWarning(e, what),
                      std::string(extensionInfo(e).seedRule),
                      {}});
  }

  // cgc's dialect, extension glsl-array-constructors (CGD-3): `T[](a, b)` or `T[n](a, b)`
  // at the current token.
  bool atArrayConstructor() const {
    if (!options_.lex.dialect.allows(CgcExtension::GlslArrayConstructors) || !isTypeStart() ||
        !is("[", 1))
      return false;
    if (is("]", 2)) return is("(", 3);
    return peek(2).kind == TokenKind::IntLiteral && is("]", 3) && is("(", 4);
  }
  // The array constructor as the initializer list it stands for: its arguments in order.
  ExprP parseArrayConstructor() {
    Span first = peek().span;
    auto e = makeExpr(ExprKind::InitializerList, first);
    TypeSyntax element;
    if (!parseType(element)) return e;
    expect("[");
    if (peek().kind == TokenKind::IntLiteral) {
      // The size written in the brackets (the checker compares it with the arguments).
      auto size = makeExpr(ExprKind::IntLiteral, peek().span);
      size->literal = peek().text;
      e->typeArraySizes.push_back(std::move(size));
      advance();
    }
    expect("]");
    // The element type: an initializer takes the list as a brace list; elsewhere (an argument,
    // an assignment, a subscripted value) it is an array value of this element type.
    e->type = element;
    parseArguments(*e);
    e->span = join(first, previousSpan());
    diagnostics_.add({Severity::Warning,
                      &file_,
                      e->span,
                      extensionWarning(CgcExtension::GlslArrayConstructors,
                                       "GLSL's array constructor '" + element.name +
                                           "[](...)', read as the initializer list of its "
                                           "arguments"),
                      std::string(extensionInfo(CgcExtension::GlslArrayConstructors).seedRule),
                      {}});
    return e;
  }

  // ---- tokens ----
  const Token& peek(size_t k = 0) const {
    if (failed_) return end_;
    size_t i = pos_ + k;
    return i < tokens_.size() ? tokens_[i] : tokens_.back();
  }
  bool atEnd() const { return peek().kind == TokenKind::End; }
  bool is(const char* text, size_t k = 0) const {
    const Token& t = peek(k);
    return (t.kind == TokenKind::Punctuation || t.kind == TokenKind::Keyword) && t.text == text;
  }
  bool accept(const char* text) {
    if (!is(text)) return false;
    ++pos_;
    return true;
  }
  const Token& advance() {
    const Token& t = peek();
    if (!failed_ && pos_ < tokens_.size() - 1) ++pos_;
    return t;
  }
  Span previousSpan() const { return pos_ > 0 ? tokens_[pos_ - 1].span : Span{}; }
  void fail(Span span, const std::string& message, const char* rule = kSyntaxRule) {
    if (failed_) return;
    diagnostics_.error(&file_, span, message, rule);
    failed_ = true;
  }
  void expected(const std::string& what) {
    const Token& t = peek();
    fail(t.span, "expected " + what + ", found " +
                     (t.kind == TokenKind::End ? std::string("end of file") : "'" + t.text + "'"));
  }
  bool expect(const char* text) {
    if (accept(text)) return true;
    expected(std::string("'") + text + "'");
    return false;
  }

  // Bounded nesting (design.md "Bounded and total"): expressions, statements, initializers.
  struct DepthGuard {
    Parser& p;
    explicit DepthGuard(Parser& parser) : p(parser) {
      if (++p.depth_ > p.options_.maxNesting)
        p.fail(p.peek().span, "nesting deeper than " + std::to_string(p.options_.maxNesting) +
                                  " levels (a Plumb resource limit)");
    }
    ~DepthGuard() { --p.depth_; }
  };

  // A left-deep chain (`a + b + c ...`, `a[0][0]...`, `a, b, c ...`) nests one level per
  // operator without recursing here; later passes recurse over it, so it counts too.
  bool chainTooDeep(size_t& chain) {
    if (depth_ + ++chain <= options_.maxNesting) return false;
    fail(peek().span, "nesting deeper than " + std::to_string(options_.maxNesting) +
                          " levels (a Plumb resource limit)");
    return true;
  }

  // ---- type names ----
  bool isUserTypeName(const std::string& name) const {
    if (typeNames_.count(name) == 0) return false;
    // A local variable hides a type name of the same name for the rest of its block, as in
    // C++ (`float3 input = ...; input += ...;` beside `struct input`).
    for (const auto& h : hiddenTypeNames_)
      if (h.count(name)) return false;
    return true;
  }
  bool isTypeStart(size_t k = 0) const {
    const Token& t = peek(k);
    if (t.kind == TokenKind::Keyword) return isTypeKeyword(t.text);
    if (t.kind == TokenKind::Identifier)
      return predefinedType(t.text) != nullptr || isUserTypeName(t.text) || isAttribArray(k);
    return false;
  }
  // `AttribArray<T>` (Cg 3.1 gp4gp, gp5tcp, gp5tep pages): a geometry or tessellation program's
  // array of per-vertex attributes.
  bool isAttribArray(size_t k = 0) const {
    return peek(k).kind == TokenKind::Identifier && peek(k).text == "AttribArray" && is("<", k + 1);
  }
  // `precise` and `[precise]` (cgc 3.1; NVIDIA's tessellation examples write both): a
  // declaration specifier no document of the toolkit describes (docs/ambiguities.md CG-P3).
  size_t preciseAt(size_t k = 0) const {
    if (peek(k).kind == TokenKind::Identifier && peek(k).text == "precise") return 1;
    if (is("[", k) && peek(k + 1).text == "precise" && is("]", k + 2)) return 3;
    return 0;
  }
  // A run of identifiers that are not type names, ended by a type or a specifier: profile names
  // and profile modifiers before a function (`gp5tep QUADS PATCH_16 void main(...)`).
  bool profileRunAt(size_t k, int budget = 8) const {
    const Token& t = peek(k);
    if (t.kind != TokenKind::Identifier || isUserTypeName(t.text) || predefinedType(t.text) ||
        isAttribArray(k) || preciseAt(k))
      return false;
    return isTypeStart(k + 1) || isSpecifierStart(k + 1) ||
           (budget > 0 && profileRunAt(k + 1, budget - 1));
  }
  bool isSpecifierStart(size_t k = 0) const {
    const Token& t = peek(k);
    if (t.kind == TokenKind::Keyword) {
      static const std::set<std::string> words = {"const",  "extern",  "in",  "inline",
                                                  "inout",  "static",  "out", "uniform",
                                                  "shared", "volatile"};
      return words.count(t.text) > 0;
    }
    // `varying` is a specifier (seed "Declarations and declaration specifiers") but not a
    // reserved word (docs/ambiguities.md C3).
    return (t.kind == TokenKind::Identifier && t.text == "varying") ||
           (preciseAt(k) && (isTypeStart(k + preciseAt(k)) || isSpecifierStart(k + preciseAt(k))));
  }

  void rejectReserved(const Token& t, const char* what) {
    if (t.kind == TokenKind::Keyword)
      fail(t.span, "reserved word '" + t.text + "' cannot be used as " + what, kReservedWordsRule);
    else
      expected(what);
  }

  std::string parseIdentifier(const char* what, Span* span = nullptr) {
    const Token& t = peek();
    if (t.kind != TokenKind::Identifier) {
      rejectReserved(t, what);
      return "";
    }
    if (span) *span = t.span;
    advance();
    return t.text;
  }

  // ---- specifiers and types ----
  Specifiers parseSpecifiers() {
    Specifiers s;
    Span first = peek().span;
    bool any = false;
    for (;;) {
      const Token& t = peek();
      if (size_t n = preciseAt(); n && isSpecifierStart()) {
        s.precise = true;
        for (size_t i = 0; i < n; ++i) advance();
        any = true;
        continue;
      }
      if (isSpecifierStart()) {
        const std::string& w = t.text;
        if (w == "const")
          s.isConst = true;
        else if (w == "extern")
          s.isExtern = true;
        else if (w == "in")
          s.in = true;
        else if (w == "inline")
          s.isInline = true;
        else if (w == "inout")
          s.inout = true;
        else if (w == "static")
          s.isStatic = true;
        else if (w == "out")
          s.out = true;
        else if (w == "uniform")
          s.uniform = true;
        else if (w == "shared")
          s.shared = true;
        else if (w == "volatile")
          s.volatile_ = true;
        else if (w == "varying")
          s.varying = true;
        advance();
        any = true;
        continue;
      }
      // A profile name as a specifier (seed "Overloading of Functions by Profile"): an
      // identifier that is not a type name, followed by a type, another specifier or another
      // such name (profile modifiers: `gp5tcp PATCH_4 void main`). Whether it names a profile
      // or a profile option is the checker's question.
      if (profileRunAt(0)) {
        s.profiles.push_back(t.text);
        s.profileSpans.push_back(t.span);
        advance();
        any = true;
        continue;
      }
      break;
    }
    if (any) s.span = join(first, previousSpan());
    return s;
  }

  // `vector<float, 4>` / `matrix<float, 4, 4>` after the keyword.
  void parseTemplateType(TypeSyntax& type, bool matrix) {
    size_t start = pos_ - 1;
    if (!expect("<")) return;
    const Token& scalar = advance();
    static const std::set<std::string> scalars = {"float", "half", "fixed",
                                                  "int",   "bool", "double"};
    if (!scalars.count(scalar.text)) {
      fail(scalar.span,
           "expected a scalar type in '" + std::string(matrix ? "matrix" : "vector") + "<...>'");
      return;
    }
    std::string name = scalar.text;
    for (int i = 0; i < (matrix ? 2 : 1); ++i) {
      if (!expect(",")) return;
      const Token& n = advance();
      if (n.kind != TokenKind::IntLiteral || n.text.size() != 1 || n.text[0] < '1' ||
          n.text[0] > '4') {
        fail(n.span, "expected a dimension 1 to 4");
        return;
      }
      name += (i == 1 ? "x" : "") + n.text;
    }
    if (!expect(">")) return;
    type.name = name;
    type.written = std::string(file_.text().substr(tokens_[start].span.begin,
                                                   previousSpan().end - tokens_[start].span.begin));
  }

  bool parseType(TypeSyntax& type) {
    Span first = peek().span;
    for (;;) {
      if (accept("packed"))
        type.packed = true;
      else if (accept("row_major"))
        type.rowMajor = true;
      else if (accept("column_major"))
        type.columnMajor = true;
      else
        break;
    }
    const Token t = peek();
    if (t.kind == TokenKind::Keyword && (t.text == "struct" || t.text == "interface")) {
      parseStructType(type);
    } else if (t.kind == TokenKind::Keyword && (t.text == "unsigned" || t.text == "signed")) {
      advance();
      std::string base = "int";
      const Token& next = peek();
      if (is("int") || is("char") || is("short") || is("long")) {
        base = advance().text;
      } else if (t.text == "unsigned" && next.kind == TokenKind::Identifier &&
                 next.text.rfind("signed ", 0) == 0 && predefinedType("un" + next.text)) {
        // `unsigned char2` where the cgc dialect has named char2 `signed char2` (CGD-10).
        base = advance().text.substr(7);
      } else if (t.text == "unsigned" && next.kind == TokenKind::Identifier &&
                 predefinedType("unsigned " + next.text)) {
        // `unsigned int4`, `unsigned int2x2`: the reference manual's spelling of the vectors
        // of unsigned int (the usampler lookups' results; cgc 3.1 accepts it too); `unsigned
        // char2`, `unsigned long2x2` those of the other unsigned types (CGD-11, below).
        base = advance().text;
      } else if (t.text == "signed" && next.kind == TokenKind::Identifier &&
                 (next.text.rfind("signed ", 0) == 0 ||
                  (next.text.rfind("int", 0) == 0 && predefinedType(next.text)))) {
        // `signed int4`; `signed char2` where the cgc dialect has named char2 (CGD-10).
        base = advance().text;
        if (base.rfind("signed ", 0) == 0) base = base.substr(7);
      }
      type.name = t.text == "unsigned" ? "unsigned " + base : base;
      if (t.text == "signed" && base.rfind("int", 0) != 0 && base != "char" && base != "short" &&
          base != "long")
        type.name = "signed " + base;
      if (t.text == "unsigned" && base.rfind("int", 0) != 0) {
        // Cg 3.1's unsigned integral category has `unsigned char`, `unsigned short` and
        // `unsigned long`; the seed names only unsigned int (rule 6) and its precision list
        // has no unsigned type of another width (docs/ambiguities.md CGD-11).
        if (!options_.lex.dialect.allows(CgcExtension::UnsignedIntegerWidths)) {
          fail(t.span,
               "'" + type.name +
                   "' is not a type of the seed (its unsigned type is unsigned int; the cgc "
                   "dialect has it)",
               "cg-types");
          return false;
        }
        if (warnedUnsigned_.insert(type.name).second)
          warnExtension(CgcExtension::UnsignedIntegerWidths, t.span,
                        "'" + type.name + "' is Cg 3.1's unsigned type of " +
                            std::to_string(scalarBits(predefinedType(type.name)->scalar)) +
                            " bits");
      }
    } else if (t.kind == TokenKind::Keyword && (t.text == "vector" || t.text == "matrix")) {
      advance();
      parseTemplateType(type, t.text == "matrix");
    } else if (t.kind == TokenKind::Keyword && isTypeKeyword(t.text)) {
      advance();
      type.name = t.text;
    } else if (isAttribArray()) {
      advance();
      advance();  // '<'
      TypeSyntax element;
      if (!parseType(element)) return false;
      if (element.attribArray) {
        fail(element.span, "an AttribArray of AttribArrays");
        return false;
      }
      if (!expect(">")) return false;
      type.name = element.name;
      type.inlineStruct = element.inlineStruct;
      type.attribArray = true;
      type.written =
          std::string(file_.text().substr(t.span.begin, previousSpan().end - t.span.begin));
    } else if (t.kind == TokenKind::Identifier &&
               (predefinedType(t.text) || isUserTypeName(t.text))) {
      advance();
      type.name = t.text;
    } else if (t.kind == TokenKind::Keyword) {
      fail(t.span,
           "reserved word '" + t.text + "' does not name a type" +
               (isCaseInsensitiveReservedWord(lowerCase(t.text)) && lowerCase(t.text) != t.text
                    ? " (it is reserved in every letter case)"
                    : ""),
           kReservedWordsRule);
      return false;
    } else if (t.kind == TokenKind::Identifier) {
      fail(t.span, "unknown type name '" + t.text + "'", "cg-types");
      return false;
    } else {
      expected("a type");
      return false;
    }
    type.span = join(first, previousSpan());
    return !failed_;
  }

  static std::string lowerCase(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  }

  // `struct [Name] [: Interface] { members }`, `interface Name { prototypes }`, or a reference
  // `struct Name`. Seed "Struct and Interface types".
  // With `buffer`, a constant buffer block after `uniform` (Cg 3.1 language reference,
  // "Constant Buffers": `uniform <blockname> {...} <object> : BUFFER [ [N] ];`): the block
  // name, without a keyword, defines a structure type.
  void parseStructType(TypeSyntax& type, bool buffer = false) {
    const Token& kw = buffer ? peek() : advance();
    bool isInterface = !buffer && kw.text == "interface";
    StructDecl decl;
    decl.isInterface = isInterface;
    decl.isBuffer = buffer;
    decl.span = kw.span;
    if (peek().kind == TokenKind::Identifier) {
      decl.name = peek().text;
      decl.nameSpan = peek().span;
      advance();
    } else if (peek().kind == TokenKind::Keyword && !is("{")) {
      rejectReserved(peek(), "a structure name");
      return;
    }
    if (!isInterface && accept(":"))
      decl.implements = parseIdentifier("an interface name", &decl.implementsSpan);
    if (!is("{")) {
      if (decl.name.empty()) {
        expected("'{'");
        return;
      }
      type.name = decl.name;
      if (!isUserTypeName(decl.name)) {
        // A forward declaration or first mention: `struct S;`, `struct S v;` (an error later if
        // never defined).
        decl.isDefinition = false;
        typeNames_.insert(decl.name);
        type.inlineStruct = static_cast<int>(program_.structs.size());
        program_.structs.push_back(std::move(decl));
      }
      return;
    }
    if (decl.name.empty()) decl.name = "";
    int index = static_cast<int>(program_.structs.size());
    program_.structs.push_back(std::move(decl));
    // The name is visible inside its own body (member functions returning it).
    if (!program_.structs[index].name.empty()) typeNames_.insert(program_.structs[index].name);
    advance();  // '{'
    while (!is("}") && !atEnd()) parseStructMember(index);
    expect("}");
    program_.structs[index].span = join(program_.structs[index].span, previousSpan());
    type.name = program_.structs[index].name;
    type.inlineStruct = index;
  }

  void parseStructMember(int structIndex) {
    DepthGuard guard(*this);
    if (accept(";")) return;
    Specifiers specs = parseSpecifiers();
    TypeSyntax type;
    if (!parseType(type)) return;
    // A member function: `type name (` ...
    if (peek().kind == TokenKind::Identifier && is("(", 1)) {
      FunctionDecl f;
      f.specifiers = specs;
      f.returnType = type;
      f.ownerStruct = structIndex;
      parseFunctionRest(f);
      int fi = static_cast<int>(program_.functions.size());
      program_.functions.push_back(std::move(f));
      StructMember m;
      m.function = fi;
      program_.structs[structIndex].members.push_back(std::move(m));
      return;
    }
    StructMember m;
    m.field.specifiers = specs;
    m.field.type = type;
    m.field.span = type.span;
    do {
      Declarator d;
      parseDeclarator(d, /*nameOptional=*/false);
      m.field.declarators.push_back(std::move(d));
    } while (accept(","));
    m.field.span = join(m.field.span, previousSpan());
    expect(";");
    program_.structs[structIndex].members.push_back(std::move(m));
  }

  // ---- declarators ----
  void parseSemantic(BindingSemantic& s) {
    const Token& t = peek();
    if (t.kind != TokenKind::Identifier &&
        !(t.kind == TokenKind::Keyword && t.text == "register")) {
      expected("a binding semantic");
      return;
    }
    advance();
    s.name = t.text;
    s.span = t.span;
    if (accept("(")) {
      // `register(c0)`, `register(ps_2_0, s0)`: identifiers and numbers.
      while (!is(")") && !atEnd()) {
        const Token& a = advance();
        if (a.kind == TokenKind::Punctuation && a.text == ",") continue;
        if (a.kind != TokenKind::Identifier && a.kind != TokenKind::IntLiteral &&
            a.kind != TokenKind::Keyword) {
          fail(a.span, "unexpected '" + a.text + "' in a binding semantic");
          return;
        }
        s.arguments.push_back(a.text);
      }
      expect(")");
    }
    while (accept("[")) {
      // `BUFFER[0]`-style index, `BUFFER[7][20]` (gp4 pages, "Buffer Semantics"): arguments.
      const Token& a = advance();
      s.arguments.push_back(a.text);
      expect("]");
    }
    s.span = join(s.span, previousSpan());
  }

  // CgFX annotations `< type name = value; ... >` after a declarator: skipped (docs/cg.md).
  void skipAnnotations() {
    if (!is("<")) return;
    advance();
    int depth = 1;
    while (depth > 0 && !atEnd()) {
      if (is("<")) ++depth;
      if (is(">")) --depth;
      advance();
    }
  }

  void parseArrayDimensions(std::vector<ExprP>& sizes) {
    while (accept("[")) {
      if (accept("]")) {
        sizes.push_back(nullptr);
        continue;
      }
      sizes.push_back(parseAssignment());
      expect("]");
    }
  }

  void parseDeclarator(Declarator& d, bool nameOptional, bool allowInitializer = true) {
    Span first = peek().span;
    if (peek().kind == TokenKind::Identifier) {
      d.name = peek().text;
      d.nameSpan = peek().span;
      advance();
    } else if (!nameOptional) {
      rejectReserved(peek(), "a name");
      return;
    }
    parseArrayDimensions(d.arraySizes);
    if (accept(":")) parseSemantic(d.semantic);
    skipAnnotations();
    if (allowInitializer && accept("=")) d.initializer = parseInitializer();
    d.span = join(first, previousSpan());
  }

  ExprP parseInitializer() {
    if (is("{")) return parseInitializerList();
    return parseAssignment();
  }

  ExprP parseInitializerList() {
    DepthGuard guard(*this);
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::InitializerList;
    e->span = peek().span;
    advance();  // '{'
    while (!is("}") && !atEnd()) {
      e->operands.push_back(parseInitializer());
      if (!accept(",")) break;
    }
    expect("}");
    e->span = join(e->span, previousSpan());
    return e;
  }

  // ---- top level ----
  void recordNewStructs(size_t before) {
    for (size_t i = before; i < program_.structs.size(); ++i)
      if (program_.structs[i].isDefinition || !program_.structs[i].name.empty())
        program_.order.push_back({DeclKind::Struct, static_cast<int>(i)});
  }

  void parseExternalDeclaration() {
    if (accept(";")) return;
    size_t structsBefore = program_.structs.size();
    if (is("typedef")) {
      TypedefDecl t;
      t.span = advance().span;
      if (!parseType(t.type)) return;
      parseDeclarator(t.declarator, false, false);
      expect(";");
      t.span = join(t.span, previousSpan());
      recordNewStructs(structsBefore);
      if (failed_) return;
      typeNames_.insert(t.declarator.name);
      program_.order.push_back({DeclKind::Typedef, static_cast<int>(program_.typedefs.size())});
      program_.typedefs.push_back(std::move(t));
      return;
    }
    if (is("technique") || is("pass") || is("sampler_state") || is("compile")) {
      fail(peek().span, "CgFX effect syntax ('" + peek().text + "') is not part of the Cg language",
           kReservedWordsRule);
      return;
    }
    Specifiers specs = parseSpecifiers();
    TypeSyntax type;
    if (specs.uniform && peek().kind == TokenKind::Identifier && is("{", 1) &&
        !isUserTypeName(peek().text)) {
      parseStructType(type, /*buffer=*/true);
      type.span = join(program_.structs.back().span, previousSpan());
      if (failed_) return;
    } else if (!parseType(type)) {
      return;
    }
    recordNewStructs(structsBefore);
    if (accept(";")) return;  // a structure definition alone
    if (atEnd()) {
      expect(";");
      return;
    }
    if (peek().kind == TokenKind::Identifier && is("(", 1)) {
      FunctionDecl f;
      f.specifiers = specs;
      f.returnType = type;
      parseFunctionRest(f);
      if (failed_) return;
      program_.order.push_back({DeclKind::Function, static_cast<int>(program_.functions.size())});
      program_.functions.push_back(std::move(f));
      return;
    }
    VariableDecl v;
    v.specifiers = specs;
    v.type = type;
    v.span = specs.span.size() ? join(specs.span, type.span) : type.span;
    do {
      Declarator d;
      parseDeclarator(d, false);
      v.declarators.push_back(std::move(d));
    } while (accept(","));
    expect(";");
    v.span = join(v.span, previousSpan());
    if (failed_) return;
    program_.order.push_back({DeclKind::Variable, static_cast<int>(program_.globals.size())});
    program_.globals.push_back(std::move(v));
  }

  // After the return type: `name ( parameters ) [: SEMANTIC] ( body | ; )`.
  void parseFunctionRest(FunctionDecl& f) {
    f.span =
        f.specifiers.span.size() ? join(f.specifiers.span, f.returnType.span) : f.returnType.span;
    f.name = parseIdentifier("a function name", &f.nameSpan);
    expect("(");
    // Seed "Function Declarations": `f(void)` and `f()` both declare no parameters.
    if (is("void") && is(")", 1)) advance();
    while (!is(")") && !atEnd()) {
      Parameter p;
      p.span = peek().span;
      p.specifiers = parseSpecifiers();
      if (!parseType(p.type)) return;
      parseDeclarator(p.declarator, /*nameOptional=*/true);
      p.span = join(p.span, previousSpan());
      f.parameters.push_back(std::move(p));
      if (!accept(",")) break;
    }
    expect(")");
    if (accept(":")) parseSemantic(f.semantic);
    if (accept(";")) {
      f.span = join(f.span, previousSpan());
      return;
    }
    if (!is("{")) {
      expected("'{' or ';'");
      return;
    }
    f.hasBody = true;
    f.body = parseBlock();
    f.span = join(f.span, previousSpan());
  }

  // ---- statements ----
  StmtP makeStmt(StmtKind k, Span span) {
    auto s = std::make_unique<Stmt>();
    s->kind = k;
    s->span = span;
    return s;
  }

  StmtP parseBlock() {
    auto s = makeStmt(StmtKind::Block, peek().span);
    if (!expect("{")) return s;
    hiddenTypeNames_.emplace_back();
    while (!is("}") && !atEnd()) s->statements.push_back(parseStatement());
    hiddenTypeNames_.pop_back();
    expect("}");
    s->span = join(s->span, previousSpan());
    return s;
  }

  bool startsDeclaration() const {
    if (is("typedef") || isSpecifierStart()) return true;
    if (is("struct") || is("interface") || is("packed") || is("row_major") || is("column_major"))
      return true;
    // A type name followed by `(` is a constructor expression (`float4(...).x;`).
    if (isTypeStart() && !is("(", 1)) return true;
    // `name name`: a declaration whose type is unknown (reported as such, not as a syntax error).
    return peek().kind == TokenKind::Identifier && peek(1).kind == TokenKind::Identifier;
  }

  StmtP parseLocalDeclaration() {
    Span first = peek().span;
    size_t structsBefore = program_.structs.size();
    if (is("typedef")) {
      TypedefDecl t;
      t.span = advance().span;
      if (!parseType(t.type)) return makeStmt(StmtKind::Empty, first);
      parseDeclarator(t.declarator, false, false);
      expect(";");
      t.span = join(t.span, previousSpan());
      typeNames_.insert(t.declarator.name);
      auto s = makeStmt(StmtKind::TypeDecl, t.span);
      s->index = static_cast<int>(program_.typedefs.size());
      program_.typedefs.push_back(std::move(t));
      return s;
    }
    auto s = makeStmt(StmtKind::Declaration, first);
    s->declaration.specifiers = parseSpecifiers();
    if (!parseType(s->declaration.type)) return s;
    if (accept(";")) {
      // A local structure definition alone.
      s->kind = StmtKind::TypeDecl;
      s->index = static_cast<int>(structsBefore);
      s->span = join(first, previousSpan());
      return s;
    }
    do {
      Declarator d;
      parseDeclarator(d, false);
      if (typeNames_.count(d.name) && !hiddenTypeNames_.empty())
        hiddenTypeNames_.back().insert(d.name);
      s->declaration.declarators.push_back(std::move(d));
    } while (accept(","));
    expect(";");
    s->span = join(first, previousSpan());
    s->declaration.span = s->span;
    return s;
  }

  StmtP parseStatement() {
    DepthGuard guard(*this);
    const Token& t = peek();
    Span first = t.span;
    if (failed_) return makeStmt(StmtKind::Empty, first);
    if (is("{")) return parseBlock();
    if (accept(";")) return makeStmt(StmtKind::Empty, first);
    if (accept("if")) {
      auto s = makeStmt(StmtKind::If, first);
      expect("(");
      s->expr = parseExpression();
      expect(")");
      s->then = parseStatement();
      if (accept("else")) s->otherwise = parseStatement();
      s->span = join(first, previousSpan());
      return s;
    }
    if (accept("while")) {
      auto s = makeStmt(StmtKind::While, first);
      expect("(");
      s->expr = parseExpression();
      expect(")");
      s->body = parseStatement();
      s->span = join(first, previousSpan());
      return s;
    }
    if (accept("do")) {
      auto s = makeStmt(StmtKind::DoWhile, first);
      s->body = parseStatement();
      expect("while");
      expect("(");
      s->expr = parseExpression();
      expect(")");
      expect(";");
      s->span = join(first, previousSpan());
      return s;
    }
    if (accept("for")) {
      auto s = makeStmt(StmtKind::For, first);
      expect("(");
      if (accept(";")) {
        s->init = makeStmt(StmtKind::Empty, previousSpan());
      } else if (startsDeclaration()) {
        s->init = parseLocalDeclaration();
      } else {
        auto init = makeStmt(StmtKind::Expression, peek().span);
        init->expr = parseExpression();
        expect(";");
        init->span = join(init->span, previousSpan());
        s->init = std::move(init);
      }
      if (!is(";")) s->expr = parseExpression();
      expect(";");
      if (!is(")")) s->step = parseExpression();
      expect(")");
      s->body = parseStatement();
      s->span = join(first, previousSpan());
      return s;
    }
    if (accept("switch")) {
      auto s = makeStmt(StmtKind::Switch, first);
      expect("(");
      s->expr = parseExpression();
      expect(")");
      s->body = parseBlock();
      s->span = join(first, previousSpan());
      return s;
    }
    if (accept("case")) {
      auto s = makeStmt(StmtKind::Case, first);
      s->expr = parseConditional();
      expect(":");
      s->span = join(first, previousSpan());
      return s;
    }
    if (is("default") && is(":", 1)) {
      advance();
      advance();
      return makeStmt(StmtKind::Default, join(first, previousSpan()));
    }
    if (accept("break") || accept("continue") || accept("discard")) {
      const std::string& w = tokens_[pos_ - 1].text;
      StmtKind k = w == "break"      ? StmtKind::Break
                   : w == "continue" ? StmtKind::Continue
                                     : StmtKind::Discard;
      expect(";");
      return makeStmt(k, join(first, previousSpan()));
    }
    if (accept("return")) {
      auto s = makeStmt(StmtKind::Return, first);
      if (!is(";")) s->expr = parseExpression();
      expect(";");
      s->span = join(first, previousSpan());
      return s;
    }
    if (startsDeclaration()) return parseLocalDeclaration();
    auto s = makeStmt(StmtKind::Expression, first);
    s->expr = parseExpression();
    expect(";");
    s->span = join(first, previousSpan());
    return s;
  }

  // ---- expressions ----
  ExprP makeExpr(ExprKind k, Span span) {
    auto e = std::make_unique<Expr>();
    e->kind = k;
    e->span = span;
    return e;
  }
  static Span spanOf(const ExprP& e, Span fallback) { return e ? e->span : fallback; }

  ExprP parseExpression() {
    ExprP e = parseAssignment();
    size_t chain = 0;
    while (is(",") && !chainTooDeep(chain)) {
      advance();
      auto c = makeExpr(ExprKind::Comma, spanOf(e, previousSpan()));
      c->operands.push_back(std::move(e));
      c->operands.push_back(parseAssignment());
      c->span = join(c->span, previousSpan());
      e = std::move(c);
    }
    return e;
  }

  ExprP parseAssignment() {
    DepthGuard guard(*this);
    ExprP lhs = parseConditional();
    const Token& t = peek();
    if (t.kind == TokenKind::Punctuation && isAssignmentOp(t.text)) {
      advance();
      auto a = makeExpr(ExprKind::Assign, spanOf(lhs, t.span));
      a->op = t.text;
      a->operands.push_back(std::move(lhs));
      a->operands.push_back(parseAssignment());
      a->span = join(a->span, previousSpan());
      return a;
    }
    return lhs;
  }

  ExprP parseConditional() {
    DepthGuard guard(*this);
    ExprP c = parseBinary(1);
    if (!is("?")) return c;
    advance();
    auto e = makeExpr(ExprKind::Conditional, spanOf(c, previousSpan()));
    e->operands.push_back(std::move(c));
    e->operands.push_back(parseExpression());
    expect(":");
    e->operands.push_back(parseConditional());
    e->span = join(e->span, previousSpan());
    return e;
  }

  ExprP parseBinary(int minPrecedence) {
    ExprP lhs = parseUnary();
    size_t chain = 0;
    for (;;) {
      const Token& t = peek();
      if (t.kind != TokenKind::Punctuation) break;
      if (binaryPrecedence(t.text) >= minPrecedence && binaryPrecedence(t.text) > 0 &&
          chainTooDeep(chain))
        break;
      int p = binaryPrecedence(t.text);
      if (p == 0 || p < minPrecedence) break;
      std::string op = t.text;
      advance();
      DepthGuard guard(*this);
      ExprP rhs = parseBinary(p + 1);
      auto b = makeExpr(ExprKind::Binary, join(spanOf(lhs, t.span), previousSpan()));
      b->op = op;
      b->operands.push_back(std::move(lhs));
      b->operands.push_back(std::move(rhs));
      lhs = std::move(b);
    }
    return lhs;
  }

  ExprP parseUnary() {
    DepthGuard guard(*this);
    const Token& t = peek();
    Span first = t.span;
    if (t.kind == TokenKind::Punctuation &&
        (t.text == "-" || t.text == "+" || t.text == "!" || t.text == "~")) {
      std::string op = t.text;
      advance();
      auto e = makeExpr(ExprKind::Unary, first);
      e->op = op;
      e->operands.push_back(parseUnary());
      e->span = join(first, previousSpan());
      return e;
    }
    if (t.kind == TokenKind::Punctuation && (t.text == "++" || t.text == "--")) {
      std::string op = t.text;
      advance();
      auto e = makeExpr(ExprKind::PreIncrement, first);
      e->op = op;
      e->operands.push_back(parseUnary());
      e->span = join(first, previousSpan());
      return e;
    }
    // A cast `(type) e` (seed "Type Conversions": C-style syntax); `(float4(...))` is a
    // parenthesized constructor.
    if (is("(") && isTypeStart(1) && !is("(", 2)) {
      advance();
      auto e = makeExpr(ExprKind::Cast, first);
      if (!parseType(e->type)) return e;
      parseArrayDimensions(e->typeArraySizes);
      expect(")");
      e->operands.push_back(parseUnary());
      e->span = join(first, previousSpan());
      return e;
    }
    return parsePostfix(parsePrimary());
  }

  ExprP parsePostfix(ExprP e) {
    size_t chain = 0;
    for (;;) {
      if (failed_) return e;
      if ((is("[") || is(".") || is("++") || is("--")) && chainTooDeep(chain)) return e;
      Span first = spanOf(e, peek().span);
      if (accept("[")) {
        auto i = makeExpr(ExprKind::Index, first);
        i->operands.push_back(std::move(e));
        i->operands.push_back(parseExpression());
        expect("]");
        i->span = join(first, previousSpan());
        e = std::move(i);
      } else if (accept(".")) {
        Span nameSpan;
        std::string name = parseIdentifier("a member name or swizzle", &nameSpan);
        if (is("(")) {
          auto m = makeExpr(ExprKind::MethodCall, first);
          m->name = name;
          m->operands.push_back(std::move(e));
          parseArguments(*m);
          m->span = join(first, previousSpan());
          e = std::move(m);
        } else {
          auto m = makeExpr(ExprKind::Member, join(first, nameSpan));
          m->name = name;
          m->operands.push_back(std::move(e));
          e = std::move(m);
        }
      } else if (is("++") || is("--")) {
        auto p = makeExpr(ExprKind::PostIncrement, first);
        p->op = advance().text;
        p->operands.push_back(std::move(e));
        p->span = join(first, previousSpan());
        e = std::move(p);
      } else {
        return e;
      }
    }
  }

  void parseArguments(Expr& call) {
    expect("(");
    while (!is(")") && !atEnd()) {
      call.operands.push_back(parseAssignment());
      // `emitVertex(position[i] : POSITION, ...)` (gp4gp): a semantic on an argument.
      if (accept(":") && call.operands.back()) parseSemantic(call.operands.back()->semantic);
      if (!accept(",")) break;
    }
    expect(")");
  }

  ExprP parsePrimary() {
    const Token t = peek();
    Span first = t.span;
    switch (t.kind) {
      case TokenKind::IntLiteral:
      case TokenKind::FloatLiteral: {
        advance();
        auto e = makeExpr(
            t.kind == TokenKind::IntLiteral ? ExprKind::IntLiteral : ExprKind::FloatLiteral, first);
        e->literal = t.text;
        return e;
      }
      case TokenKind::Keyword:
        if (t.text == "true" || t.text == "false") {
          advance();
          auto e = makeExpr(ExprKind::BoolLiteral, first);
          e->boolValue = t.text == "true";
          e->literal = t.text;
          return e;
        }
        if (atArrayConstructor()) return parseArrayConstructor();
        if (isTypeStart() && is("(", 1)) return parseConstructor();
        rejectReserved(t, "an expression");
        return makeExpr(ExprKind::Name, first);
      case TokenKind::Identifier:
        if (atArrayConstructor()) return parseArrayConstructor();
        if (isTypeStart() && is("(", 1)) return parseConstructor();
        advance();
        if (is("(")) {
          auto c = makeExpr(ExprKind::Call, first);
          c->name = t.text;
          parseArguments(*c);
          c->span = join(first, previousSpan());
          return c;
        } else {
          auto e = makeExpr(ExprKind::Name, first);
          e->name = t.text;
          return e;
        }
      case TokenKind::Punctuation:
        if (t.text == "(") {
          advance();
          ExprP e = parseExpression();
          expect(")");
          // Parentheses are not kept: the span grows to cover them (printers add them back).
          if (e) e->span = join(first, previousSpan());
          return e;
        }
        if (t.text == "{") return parseInitializerList();
        break;
      default:
        break;
    }
    expected("an expression");
    return makeExpr(ExprKind::Name, first);
  }

  ExprP parseConstructor() {
    Span first = peek().span;
    auto e = makeExpr(ExprKind::Construct, first);
    if (!parseType(e->type)) return e;
    parseArguments(*e);
    e->span = join(first, previousSpan());
    return e;
  }

  const SourceFile& file_;
  DiagnosticList& diagnostics_;
  ParseOptions options_;
  std::vector<Token> tokens_;
  Token end_;
  size_t pos_ = 0;
  size_t depth_ = 0;
  bool failed_ = false;
  std::set<std::string> typeNames_;
  std::set<std::string> warnedUnsigned_;  // `unsigned char` ... warned once each (CGD-11)
  std::vector<std::set<std::string>> hiddenTypeNames_;  // per open block
  Program program_;
};

}  // namespace

std::optional<Program> parseProgram(const SourceFile& file, DiagnosticList& diagnostics,
                                    const ParseOptions& options) {
  Parser p(file, diagnostics, options);
  return p.run();
}

}  // namespace plumb::cg
