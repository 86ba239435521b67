// The Cg lexer and parser (semantics/cg): literals and their suffixes, the reserved words, the
// declaration forms of the seed's examples, precedence, located diagnostics.
#include <gtest/gtest.h>

#include "semantics/cg/lexer.h"
#include "semantics/cg/parser.h"
#include "semantics/cg/printer.h"

namespace plumb::cg {
namespace {

std::vector<Token> lex(const std::string& text, DiagnosticList& d) {
  static std::vector<std::unique_ptr<SourceFile>> keep;
  keep.push_back(std::make_unique<SourceFile>("t.cg", text));
  return tokenize(*keep.back(), d);
}

// The program printed back, or "error [rule] line:col: message".
std::string parsed(const std::string& text) {
  SourceFile f("t.cg", text);
  DiagnosticList d;
  auto p = parseProgram(f, d);
  if (!p) {
    for (const Diagnostic& e : d.all())
      if (e.severity == Severity::Error)
        return "error [" + e.rule + "] " + f.positionText(e.span.begin) + ": " + e.message;
    return "error without diagnostic";
  }
  return programText(*p);
}

std::string expression(const std::string& text) {
  std::string p = parsed("void f() { " + text + "; }");
  auto a = p.find("{\n  ");
  if (a == std::string::npos) return p;
  auto b = p.find(";\n}", a);
  return p.substr(a + 4, b - a - 4);
}

TEST(CgLexer, LiteralsAndSuffixes) {
  DiagnosticList d;
  auto t = lex("42 0x2A 052 1.5 .5 1e3 2. 1.5f 2.0h 0.5x 3f 0x1F", d);
  ASSERT_FALSE(d.hasErrors());
  std::vector<TokenKind> kinds;
  for (const auto& tok : t) kinds.push_back(tok.kind);
  using K = TokenKind;
  EXPECT_EQ(kinds, (std::vector<K>{K::IntLiteral, K::IntLiteral, K::IntLiteral, K::FloatLiteral,
                                   K::FloatLiteral, K::FloatLiteral, K::FloatLiteral,
                                   K::FloatLiteral, K::FloatLiteral, K::FloatLiteral,
                                   K::FloatLiteral, K::IntLiteral, K::End}));
  EXPECT_EQ(literalSuffix("1.5f", true), "f");
  EXPECT_EQ(literalSuffix("2h", true), "h");
  EXPECT_EQ(literalSuffix("0x1F", false), "");
  EXPECT_EQ(literalSuffix("0x1Fu", false), "u");
  EXPECT_EQ(literalSuffix("1e3", true), "");
}

TEST(CgLexer, UnknownSuffixIsAConstantsError) {
  DiagnosticList d;
  lex("1.5q", d);
  ASSERT_TRUE(d.hasErrors());
  EXPECT_EQ(d.all().front().rule, "cg-constants");
  EXPECT_EQ(d.all().front().span.begin, 3u);
}

TEST(CgLexer, IntegerSuffixesOfCg31) {
  // The Cg 3.1 text's suffixes that cgc 3.1 accepts (docs/ambiguities.md C1): u, l, s, t and u
  // with one of l, s, t in either order, any letter case, on decimal, octal and hexadecimal
  // constants; cgc rejects the text's i, d and ui (C0129), and Plumb too.
  EXPECT_EQ(integerSuffix(""), IntegerSuffix::None);
  EXPECT_EQ(integerSuffix("u"), IntegerSuffix::UnsignedInt);
  EXPECT_EQ(integerSuffix("L"), IntegerSuffix::Long);
  EXPECT_EQ(integerSuffix("lu"), IntegerSuffix::UnsignedLong);
  EXPECT_EQ(integerSuffix("UL"), IntegerSuffix::UnsignedLong);
  EXPECT_EQ(integerSuffix("s"), IntegerSuffix::Short);
  EXPECT_EQ(integerSuffix("su"), IntegerSuffix::UnsignedShort);
  EXPECT_EQ(integerSuffix("t"), IntegerSuffix::Char);
  EXPECT_EQ(integerSuffix("ut"), IntegerSuffix::UnsignedChar);
  for (const char* no : {"i", "d", "ui", "ll", "ull", "uu", "ls", "z"})
    EXPECT_EQ(integerSuffix(no), IntegerSuffix::Unknown) << no;
  EXPECT_EQ(literalSuffix("0x10s", false), "s");
  EXPECT_EQ(literalSuffix("0x1Ft", false), "t");
  for (const char* ok : {"1s", "1t", "1S", "010t", "0x10s", "1l", "1u", "5U"}) {
    DiagnosticList d;
    lex(ok, d);
    EXPECT_FALSE(d.hasErrors()) << ok;
  }
  // us, ut, ul name unsigned types the seed does not have: the cgc dialect's (CGD-11).
  for (const char* cgcOnly : {"1us", "1tu", "1ul", "1LU"}) {
    DiagnosticList d;
    lex(cgcOnly, d);
    ASSERT_TRUE(d.hasErrors()) << cgcOnly;
    EXPECT_EQ(d.all().front().rule, "cg-constants");
    SourceFile f("t.cg", cgcOnly);
    DiagnosticList c;
    LexOptions o;
    o.dialect = Dialect::cgc();
    tokenize(f, c, o);
    EXPECT_FALSE(c.hasErrors()) << cgcOnly;
    EXPECT_EQ(c.all().size(), 1u) << cgcOnly;  // the extension's warning
  }
  for (const char* bad : {"1i", "1d", "1.5d", "1.5s", "1ui", "1ll", "0x10i", "0x10h"}) {
    DiagnosticList d;
    lex(bad, d);
    EXPECT_TRUE(d.hasErrors()) << bad;
  }
}

TEST(CgLexer, ReservedWords) {
  // Seed "Reserved Words": 100 words plus the `__` prefix; 14 are case-insensitive.
  EXPECT_EQ(reservedWordList().size(), 100u);
  int caseInsensitive = 0;
  for (const auto& w : reservedWordList()) caseInsensitive += isCaseInsensitiveReservedWord(w);
  EXPECT_EQ(caseInsensitive, 14);
  EXPECT_TRUE(isReservedWord("FLOAT"));
  EXPECT_TRUE(isReservedWord("Texture"));
  EXPECT_FALSE(isReservedWord("Half"));  // `half` is reserved in lower case only
  EXPECT_TRUE(isReservedWord("__anything"));
  EXPECT_FALSE(isReservedWord("varying"));
  EXPECT_FALSE(isReservedWord("samplerRECT"));
  EXPECT_TRUE(isReservedWord("samplerCUBE"));
}

TEST(CgLexer, ReservedWordUseFollowsTheGrammarAndCgc) {
  // docs/ambiguities.md C23: words the grammar uses stay keywords; of the others, those cgc 3.1
  // refuses as names too stay keywords, those it accepts are names with a warning.
  for (const char* w : {"float", "struct", "sampler2D", "half", "in", "true", "register"})
    EXPECT_EQ(reservedWordUse(w), ReservedWordUse::Keyword) << w;
  for (const char* w : {"asm", "class", "this", "template", "goto", "technique", "pass", "compile",
                        "sampler_state", "ASM", "Pass", "Decl", "Technique"})
    EXPECT_EQ(reservedWordUse(w), ReservedWordUse::Keyword) << w;
  for (const char* w :
       {"texture", "texture2D", "textureCUBE", "Texture",     "string",       "String",
        "union",   "enum",      "sizeof",      "new",         "delete",       "dword",
        "DWORD",   "emit",      "get",         "pixelshader", "VertexShader", "Float",
        "MATRIX",  "Vector",    "__x",         "__"})
    EXPECT_EQ(reservedWordUse(w), ReservedWordUse::Name) << w;
  EXPECT_EQ(reservedWordUse("varying"), ReservedWordUse::NotReserved);
  EXPECT_EQ(reservedWordUse("Half"), ReservedWordUse::NotReserved);
  int names = 0;
  for (const auto& w : reservedWordList()) names += reservedWordUse(w) == ReservedWordUse::Name;
  EXPECT_EQ(names, 37);  // the words of C23's list
}

TEST(CgLexer, AReservedNameWarnsOncePerWord) {
  DiagnosticList d;
  auto t = lex("texture texture string", d);
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t[0].kind, TokenKind::Identifier);
  EXPECT_EQ(t[2].kind, TokenKind::Identifier);
  EXPECT_FALSE(d.hasErrors());
  ASSERT_EQ(d.all().size(), 2u);  // texture once, string once
  EXPECT_EQ(d.all()[0].severity, Severity::Warning);
  EXPECT_EQ(d.all()[0].rule, "cg-reserved-words");
  EXPECT_EQ(d.all()[0].span.begin, 0u);
  EXPECT_EQ(d.all()[1].span.begin, 16u);
  EXPECT_NE(d.all()[0].message.find("cgc 3.1 accepts it as a name"), std::string::npos);
  DiagnosticList strict;
  LexOptions o;
  o.strictReservedWords = true;
  SourceFile f("t.cg", "texture");
  auto s = tokenize(f, strict, o);
  EXPECT_EQ(s[0].kind, TokenKind::Keyword);
  EXPECT_TRUE(strict.all().empty());  // the parser reports it where a name is expected
}

TEST(CgParser, SeedExampleProfileOverloads) {
  // Seed "Overloading of Functions by Profile".
  EXPECT_EQ(parsed("profileA float myfunc(float x) { return x; }\n"
                   "profileB float myfunc(float x) { return -x; }"),
            "profileA float myfunc(float x) {\n  return x;\n}\n"
            "profileB float myfunc(float x) {\n  return (-x);\n}\n");
}

TEST(CgParser, SeedExampleFunctionCallOnArrayResult) {
  // Seed "Function Calls": `y = myfunc(x)[2];` parses (the checker rejects the assignment form).
  EXPECT_EQ(expression("y = myfunc(x)[2]"), "(y = myfunc(x)[2])");
  EXPECT_EQ(expression("myfunc(x)[2] = y"), "(myfunc(x)[2] = y)");
}

TEST(CgParser, SeedExampleConnectorStruct) {
  // Seed "Binding semantics for outputs": the struct closes without ';' in the seed's example;
  // C (and Plumb) need it.
  EXPECT_EQ(parsed("struct myfragoutput {\n  float2 mycolor : COLOR;\n};"),
            "struct myfragoutput {\n  float2 mycolor : COLOR;\n};\n");
  EXPECT_EQ(parsed("struct myfragoutput {\n  float2 mycolor : COLOR;\n}"),
            "error [cg-statements-and-expressions] 3:2: expected ';', found end of file");
}

TEST(CgParser, ParametersSemanticsAndDefaults) {
  EXPECT_EQ(parsed("float4 main(float4 p : POSITION, uniform float4x4 mvp, out float4 c : COLOR0,"
                   " uniform sampler2D tex : TEXUNIT0, in float s = 2) : POSITION { return p; }"),
            "float4 main(float4 p : POSITION, uniform float4x4 mvp, out float4 c : COLOR0, uniform "
            "sampler2D tex : TEXUNIT0, in float s = 2) : POSITION {\n  return p;\n}\n");
  EXPECT_EQ(parsed("uniform float4 c : register(c0);\nfloat f(void);"),
            "uniform float4 c : register(c0);\nfloat f();\n");
}

TEST(CgParser, ArraysVectorsMatrices) {
  EXPECT_EQ(parsed("float A[4][4]; float4x4 m[4][4]; uniform float a[];"),
            "float A[4][4];\nfloat4x4 m[4][4];\nuniform float a[];\n");
  EXPECT_EQ(parsed("vector<float, 3> v; matrix<half, 2, 3> m; unsigned int u; packed float p[4];"),
            "float3 v;\nhalf2x3 m;\nunsigned int u;\npacked float p[4];\n");
  EXPECT_EQ(parsed("float a[3] = {1, 2, 3};"), "float a[3] = {1, 2, 3};\n");
}

TEST(CgParser, Precedence) {
  // Seed "Operator Precedence": C's; swizzles and `.` bind like `[]`.
  EXPECT_EQ(expression("a + b * c.xyz[1]"), "(a + (b * c.xyz[1]))");
  EXPECT_EQ(expression("a = b += c ? d : e"), "(a = (b += (c ? d : e)))");
  EXPECT_EQ(expression("a || b && c | d ^ e & f == g < h << i + j * k"),
            "(a || (b && (c | (d ^ (e & (f == (g < (h << (i + (j * k))))))))))");
  EXPECT_EQ(expression("-a.x++"), "(-(a.x++))");
  EXPECT_EQ(expression("(float4)v.xy"), "((float4)v.xy)");
  EXPECT_EQ(expression("(float[4])a"), "((float[4])a)");
  EXPECT_EQ(expression("(float4(1, 2, 3, 4)).w"), "float4(1, 2, 3, 4).w");
  EXPECT_EQ(expression("float(1) + half3x3(m)[0].x"), "(float(1) + half3x3(m)[0].x)");
  EXPECT_EQ(expression("s.f(1, 2)"), "s.f(1, 2)");
  EXPECT_EQ(expression("a, b"), "(a, b)");
}

TEST(CgParser, Statements) {
  EXPECT_EQ(parsed("void f() { for (int i = 0; i < 4; i++) { if (i == 2) break; else continue; }"
                   " while (x) discard; do x--; while (x > 0); switch (x) { case 1: break; "
                   "default: ; } return; }"),
            "void f() {\n  for (int i = 0; (i < 4); (i++)) {\n    if ((i == 2)) break; else "
            "continue;\n  }\n  while (x) discard;\n  do (x--); while ((x > 0));\n  switch (x) {\n"
            "    case 1:\n    break;\n    default:\n    ;\n  }\n  return;\n}\n");
}

TEST(CgParser, StructsInterfacesTypedefs) {
  EXPECT_EQ(
      parsed("interface Light { float3 illuminate(float3 p); };\n"
             "struct Spot : Light { float3 pos; float3 illuminate(float3 p) { return pos; } };\n"
             "typedef float4 color; color c;"),
      "interface Light {\n  float3 illuminate(float3 p);\n};\n"
      "struct Spot : Light {\n  float3 pos;\n  float3 illuminate(float3 p) {\n    return pos;\n  "
      "}\n};\n"
      "typedef float4 color;\ncolor c;\n");
  EXPECT_EQ(parsed("void f() { struct S { float a; }; S s; typedef S T; T t; }"),
            "void f() {\n  struct S {\n    float a;\n  };\n  S s;\n  typedef S T;\n  T t;\n}\n");
}

TEST(CgParser, ReservedWordsAreRejectedWithTheirRule) {
  // The words cgc refuses too are errors in every mode.
  EXPECT_EQ(parsed("float class;"),
            "error [cg-reserved-words] 1:7: reserved word 'class' cannot be used as a name");
  EXPECT_EQ(parsed("float Pass;"),
            "error [cg-reserved-words] 1:7: reserved word 'Pass' cannot be used as a name");
  EXPECT_EQ(parsed("float half;"),
            "error [cg-reserved-words] 1:7: reserved word 'half' cannot be used as a name");
  EXPECT_EQ(parsed("foo x;"), "error [cg-types] 1:1: unknown type name 'foo'");
  // The others only with --strict-reserved (docs/ambiguities.md C23).
  auto strict = [](const std::string& text) {
    SourceFile f("t.cg", text);
    DiagnosticList d;
    ParseOptions o;
    o.lex.strictReservedWords = true;
    auto p = parseProgram(f, d, o);
    if (p || d.all().empty()) return std::string("parsed");
    const Diagnostic& e = d.all().front();
    return "error [" + e.rule + "] " + f.positionText(e.span.begin) + ": " + e.message;
  };
  EXPECT_EQ(strict("float texture;"),
            "error [cg-reserved-words] 1:7: reserved word 'texture' cannot be used as a name");
  EXPECT_EQ(strict("float __x;"),
            "error [cg-reserved-words] 1:7: reserved word '__x' cannot be used as a name");
  EXPECT_EQ(strict("FLOAT x;"),
            "error [cg-reserved-words] 1:1: reserved word 'FLOAT' does not name a type (it is "
            "reserved in every letter case)");
  EXPECT_EQ(strict("float String;"),
            "error [cg-reserved-words] 1:7: reserved word 'String' cannot be used as a name");
}

TEST(CgParser, ReservedNamesCgcAcceptsAreNamesWithAWarning) {
  // RetroArch's `uniform sampler2D texture` (docs/cg.md "Real-world Cg").
  EXPECT_EQ(parsed("uniform sampler2D texture;\nfloat4 f(float2 string) { return 0; }"),
            "uniform sampler2D texture;\nfloat4 f(float2 string) {\n  return 0;\n}\n");
  EXPECT_EQ(parsed("struct S { float __pad; };"), "struct S {\n  float __pad;\n};\n");
  // A local variable hides a type name for the rest of its block (C++'s scoping).
  EXPECT_EQ(parsed("struct input { float a; };\nvoid f() { { float input = 1; input += 2; } input "
                   "x; }"),
            "struct input {\n  float a;\n};\nvoid f() {\n  {\n    float input = 1;\n    (input "
            "+= 2);\n  }\n  input x;\n}\n");
  // `matrix` and `vector` are keywords only before `<`.
  EXPECT_EQ(parsed("float2x2 f(float2x2 matrix) { return matrix; }\nmatrix<float, 2, 2> m;"),
            "float2x2 f(float2x2 matrix) {\n  return matrix;\n}\nfloat2x2 m;\n");
  // Another letter case of a grammar word is not that word: `Float` is a name, not a type.
  EXPECT_EQ(parsed("Float x;"), "error [cg-types] 1:1: unknown type name 'Float'");
}

TEST(CgParser, NestingIsBounded) {
  std::string deep(100000, '(');
  std::string r = parsed("float x = " + deep + "1;");
  EXPECT_NE(r.find("a Plumb resource limit"), std::string::npos) << r;
  // Left-deep chains nest as deeply as parentheses do.
  std::string sum = "float x = 1";
  for (int i = 0; i < 300; ++i) sum += " + 1";
  EXPECT_NE(parsed(sum + ";").find("a Plumb resource limit"), std::string::npos);
  std::string index = "float x = a";
  for (int i = 0; i < 300; ++i) index += "[0]";
  EXPECT_NE(parsed(index + ";").find("a Plumb resource limit"), std::string::npos);
  std::string blocks = "void f() " + std::string(50000, '{');
  EXPECT_NE(parsed(blocks).find("error"), std::string::npos);
}

}  // namespace
}  // namespace plumb::cg
