// The lexer, one token class at a time (#textual-structure, #tokens, #literals, #keywords,
// #identifiers, #reserved-words, #syntactic-tokens, #comments, #blankspace-and-line-breaks).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <vector>

#include "semantics/wgsl/lexer.h"

namespace plumb {
namespace {

struct Lexed {
  std::vector<Token> tokens;  // without the final EndOfFile
  std::vector<std::string> texts;
  std::vector<std::string> errors;  // rules of the diagnostics
};

Lexed lex(const std::string& text) {
  SourceFile file("lex.wgsl", text);
  DiagnosticList diagnostics;
  Lexed out;
  out.tokens = tokenize(file, Revision::wgsl2022_06(), diagnostics);
  EXPECT_EQ(out.tokens.back().kind, TokenKind::EndOfFile);
  out.tokens.pop_back();
  for (const Token& t : out.tokens)
    out.texts.push_back(std::string(text.substr(t.span.begin, t.span.size())));
  for (const Diagnostic& d : diagnostics.all()) out.errors.push_back(d.rule);
  return out;
}

std::vector<std::string> lines(const std::string& path) {
  std::ifstream in(std::string(PLUMB_TEST_DATA_DIR) + "/" + path);
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) out.push_back(line);
  return out;
}

TEST(LexerSyntacticTokens, AllFortySixFromTheSpec) {
  std::vector<std::string> rows = lines("spec/syntactic_tokens.txt");
  ASSERT_EQ(rows.size(), 46u);
  for (const std::string& row : rows) {
    std::string spelling = row.substr(row.find('\t') + 1);
    Lexed l = lex(spelling);
    ASSERT_EQ(l.tokens.size(), 1u) << spelling;
    EXPECT_TRUE(isSyntacticToken(l.tokens[0].kind)) << spelling;
    EXPECT_EQ(tokenSpelling(l.tokens[0].kind), spelling);
    EXPECT_TRUE(l.errors.empty());
  }
}

TEST(LexerSyntacticTokens, LongestMatchWithoutContext) {
  Lexed l = lex(">>= >> >= > <<= << <= < -> -- -= - ++ += && &= || |=");
  std::vector<std::string> want = {">>=", ">>", ">=", ">", "<<=", "<<", "<=", "<", "->",
                                   "--",  "-=", "-",  "++", "+=", "&&", "&=", "||", "|="};
  EXPECT_EQ(l.texts, want);
  EXPECT_EQ(lex(">>>=").texts, (std::vector<std::string>{">>", ">="}));
}

TEST(LexerKeywords, AllSixtyNineFromTheSpec) {
  std::vector<std::string> words = lines("spec/keywords.txt");
  ASSERT_EQ(words.size(), 69u);
  for (const std::string& w : words) {
    Lexed l = lex(w);
    ASSERT_EQ(l.tokens.size(), 1u);
    EXPECT_TRUE(isKeyword(l.tokens[0].kind)) << w;
    EXPECT_EQ(tokenSpelling(l.tokens[0].kind), w);
  }
}

TEST(LexerKeywords, WordsAreWholeTokens) {
  // A keyword is only a keyword as a whole word: `fnord`, `letx`, `vec3f` are identifiers.
  for (const char* w : {"fnord", "letx", "vec3f", "array_", "f32x", "truely", "_fn"}) {
    Lexed l = lex(w);
    ASSERT_EQ(l.tokens.size(), 1u) << w;
    EXPECT_EQ(l.tokens[0].kind, TokenKind::Identifier) << w;
  }
}

TEST(LexerReservedWords, AllThreeHundredFortyFourFromTheSpec) {
  std::vector<std::string> words = lines("spec/reserved.txt");
  ASSERT_EQ(words.size(), 344u);
  for (const std::string& w : words) {
    Lexed l = lex(w);
    ASSERT_EQ(l.tokens.size(), 1u);
    EXPECT_EQ(l.tokens[0].kind, TokenKind::Reserved) << w;
  }
  // Reserved words are case-sensitive: `buffer` is an identifier, `Buffer` is reserved.
  EXPECT_EQ(lex("buffer").tokens[0].kind, TokenKind::Identifier);
}

TEST(LexerIdentifiers, AsciiAndUnderscores) {
  for (const char* w : {"a", "Z", "a1", "_a", "a_", "a__b", "_0", "snake_case_9"}) {
    Lexed l = lex(w);
    ASSERT_EQ(l.tokens.size(), 1u) << w;
    EXPECT_EQ(l.tokens[0].kind, TokenKind::Identifier) << w;
    EXPECT_TRUE(l.errors.empty()) << w;
  }
  // `_` alone is the underscore token, not an identifier.
  EXPECT_EQ(lex("_").tokens[0].kind, TokenKind::Underscore);
  // An identifier must not start with two underscores.
  Lexed bad = lex("__a");
  EXPECT_EQ(bad.tokens[0].kind, TokenKind::Identifier);
  EXPECT_EQ(bad.errors, std::vector<std::string>{"identifiers"});
  EXPECT_EQ(lex("__").errors, std::vector<std::string>{"identifiers"});
}

TEST(LexerIdentifiers, UnicodeExamplesFromTheSpec) {
  // #identifiers lists these as valid.
  for (const char* w : {"Δέλτα", "réflexion", "Кызыл", "𐰓𐰏𐰇", "朝焼け", "سلام", "검정",
                        "שָׁלוֹם", "गुलाबी", "փիրուզ"}) {
    Lexed l = lex(w);
    ASSERT_EQ(l.tokens.size(), 1u) << w;
    EXPECT_EQ(l.tokens[0].kind, TokenKind::Identifier) << w;
    EXPECT_EQ(l.texts[0], w);
    EXPECT_TRUE(l.errors.empty()) << w;
  }
}

TEST(LexerIdentifiers, XidContinueOnlyAfterTheStart) {
  // U+0301 COMBINING ACUTE ACCENT is XID_Continue but not XID_Start.
  Lexed l = lex("e\u0301");
  ASSERT_EQ(l.tokens.size(), 1u);
  EXPECT_EQ(l.tokens[0].kind, TokenKind::Identifier);
  Lexed bad = lex("\u0301e");
  EXPECT_EQ(bad.tokens[0].kind, TokenKind::Error);
  // A digit cannot start an identifier: `1a` is a literal then an identifier.
  EXPECT_EQ(lex("1a").texts, (std::vector<std::string>{"1", "a"}));
}

struct LiteralCase {
  const char* text;
  TokenKind kind;
};

TEST(LexerLiterals, IntegerForms) {
  for (const char* t : {"0", "0i", "0u", "1", "123", "123i", "123u", "0x123", "0X123u", "0x3f",
                        "0xABCDEFi", "0xabcdef", "4294967295u", "2147483647i"}) {
    Lexed l = lex(t);
    ASSERT_EQ(l.tokens.size(), 1u) << t;
    EXPECT_EQ(l.tokens[0].kind, TokenKind::IntLiteral) << t;
    EXPECT_TRUE(l.errors.empty()) << t;
  }
}

TEST(LexerLiterals, FloatForms) {
  // One of each regular expression of #syntax-decimal_float_literal and
  // #syntax-hex_float_literal, plus the examples of #literals.
  for (const char* t : {".5", ".5e3", ".5e-3f", "5.", "5.5", "5.e+4h", "01.", "1e3", "1E-3f",
                        "0f", "0h", "1f", "123h", "0x.8", "0x.8p1", "0x1.", "0x1.8p-3f", "0x1p4",
                        "0X1P+4f", "0x3p+2h", "0.e+4f", "12.34", ".0f", "0xa.fp+2", "0X.3",
                        "0X1.fp-4", "0x3.2p+2h", "00.5", "007e2"}) {
    Lexed l = lex(t);
    ASSERT_EQ(l.tokens.size(), 1u) << t;
    EXPECT_EQ(l.tokens[0].kind, TokenKind::FloatLiteral) << t;
    EXPECT_TRUE(l.errors.empty()) << t;
  }
}

TEST(LexerLiterals, LongestMatchBoundaries) {
  using V = std::vector<std::string>;
  EXPECT_EQ(lex("0x1f").texts, V{"0x1f"});          // an integer: no exponent, no suffix
  EXPECT_EQ(lex("0x1.f").texts, V{"0x1.f"});        // f is a hexadecimal digit here
  EXPECT_EQ(lex("01").texts, (V{"0", "1"}));        // no leading zeros on decimal integers
  EXPECT_EQ(lex("012f").texts, (V{"0", "12f"}));    // nor on [1-9][0-9]*[fh]
  EXPECT_EQ(lex("00f").texts, (V{"0", "0f"}));
  EXPECT_EQ(lex("1e").texts, (V{"1", "e"}));        // an exponent needs digits
  EXPECT_EQ(lex("1e+").texts, (V{"1", "e", "+"}));
  EXPECT_EQ(lex("0x").texts, (V{"0", "x"}));
  EXPECT_EQ(lex("0x1p").texts, (V{"0x1", "p"}));
  EXPECT_EQ(lex("1u32").texts, (V{"1u", "32"}));
  EXPECT_EQ(lex("1..2").texts, (V{"1.", ".2"}));
  EXPECT_EQ(lex("a.x").texts, (V{"a", ".", "x"}));
  EXPECT_EQ(lex("1.5fh").texts, (V{"1.5f", "h"}));
  EXPECT_EQ(lex("0x1p0fh").texts, (V{"0x1p0f", "h"}));
  EXPECT_EQ(lex("2ii").texts, (V{"2i", "i"}));
}

TEST(LexerLiterals, BooleanLiteralsAreKeywords) {
  EXPECT_EQ(lex("true").tokens[0].kind, TokenKind::KwTrue);
  EXPECT_EQ(lex("false").tokens[0].kind, TokenKind::KwFalse);
}

TEST(LexerLiterals, RepresentabilityErrorsAreReported) {
  EXPECT_EQ(lex("2147483648i").errors, std::vector<std::string>{"literals"});
  EXPECT_EQ(lex("4294967296u").errors, std::vector<std::string>{"literals"});
  EXPECT_EQ(lex("1e39f").errors, std::vector<std::string>{"literals"});
  EXPECT_EQ(lex("0x1.000001p0f").errors, std::vector<std::string>{"literals"});
  EXPECT_EQ(lex("9223372036854775808").errors, std::vector<std::string>{"abstractint"});
  EXPECT_EQ(lex("1e309").errors, std::vector<std::string>{"abstractfloat"});
  // The token is still a literal, so parsing goes on.
  EXPECT_EQ(lex("1e39f").tokens[0].kind, TokenKind::FloatLiteral);
}

TEST(LexerComments, LineEndingCommentsEndAtEveryLineBreak) {
  // #comments: up to the next line break; #blankspace-and-line-breaks lists them.
  for (const char* br : {"\n", "\v", "\f", "\r", "\r\n", "\u0085", "\u2028", "\u2029"}) {
    Lexed l = lex(std::string("a // comment") + br + "b");
    EXPECT_EQ(l.texts, (std::vector<std::string>{"a", "b"})) << "break " << br;
  }
  // LRM and RLM are blankspace but not line breaks: the comment goes on.
  EXPECT_EQ(lex("a // x\u200Eb").texts, std::vector<std::string>{"a"});
  EXPECT_EQ(lex("a // to the end").texts, std::vector<std::string>{"a"});
}

TEST(LexerComments, BlockCommentsNest) {
  Lexed l = lex("a /* one /* two */ still comment */ b");
  EXPECT_EQ(l.texts, (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(l.errors.empty());
  EXPECT_EQ(lex("a/**/b").texts, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(lex("a /* // */ b").texts, (std::vector<std::string>{"a", "b"}));
  // A comment separates tokens.
  EXPECT_EQ(lex("fn/**/main").texts, (std::vector<std::string>{"fn", "main"}));
}

TEST(LexerComments, UnterminatedBlockCommentIsAnError) {
  Lexed l = lex("a /* one /* two */ not closed");
  EXPECT_EQ(l.texts, std::vector<std::string>{"a"});
  EXPECT_EQ(l.errors, std::vector<std::string>{"comments"});
}

TEST(LexerBlankspace, AllElevenCodePointsSeparateTokens) {
  for (const char* b : {" ", "\t", "\n", "\v", "\f", "\r", "\u0085", "\u200E", "\u200F",
                        "\u2028", "\u2029"}) {
    Lexed l = lex(std::string("a") + b + "b");
    EXPECT_EQ(l.texts, (std::vector<std::string>{"a", "b"})) << "blankspace " << b;
    EXPECT_TRUE(l.errors.empty());
  }
  // Other Unicode spaces are not blankspace (U+00A0 NO-BREAK SPACE, U+3000).
  EXPECT_FALSE(lex("a\u00A0b").errors.empty());
  EXPECT_FALSE(lex("a\u3000b").errors.empty());
}

TEST(LexerInvalidText, NullCodePointIsRejected) {
  Lexed l = lex(std::string("a\0b", 3));
  EXPECT_EQ(l.texts.front(), "a");
  EXPECT_EQ(l.texts.back(), "b");
  EXPECT_EQ(l.errors, std::vector<std::string>{"textual-structure"});
}

TEST(LexerInvalidText, NullAndInvalidUtf8InsideCommentsAreRejected) {
  // #textual-structure: the text must not include a null code point, comments included
  // (the CTS checks this: webgpu:shader,validation,parse,blankspace:null_characters).
  EXPECT_EQ(lex(std::string("// here is a \0 character\na", 26)).errors,
            std::vector<std::string>{"textual-structure"});
  EXPECT_EQ(lex(std::string("/* \0 */ a", 9)).errors,
            std::vector<std::string>{"textual-structure"});
  EXPECT_EQ(lex("// bad \xff byte\na").errors, std::vector<std::string>{"textual-structure"});
  EXPECT_EQ(lex("/* bad \xc0\x80 */ a").errors, std::vector<std::string>{"textual-structure"});
  EXPECT_TRUE(lex("// caf\u00e9 \u2603 /* \U0001F600 */\na").errors.empty());
}

TEST(LexerInvalidText, InvalidUtf8IsRejected) {
  for (std::string bad : {std::string("\xff"), std::string("\xc0\xaf"),      // overlong
                          std::string("\xed\xa0\x80"),                      // surrogate
                          std::string("\xf4\x90\x80\x80"),                  // > U+10FFFF
                          std::string("\xe2\x82"),                          // truncated
                          std::string("\x80")}) {                           // continuation
    Lexed l = lex("a " + bad + " b");
    EXPECT_EQ(l.errors, std::vector<std::string>{"textual-structure"});
    EXPECT_EQ(l.texts.front(), "a");
    EXPECT_EQ(l.texts.back(), "b");
  }
}

TEST(LexerInvalidText, CharactersThatFormNoToken) {
  for (const char* t : {"$", "#", "?", "`", "\"", "'", "\\", "\u00A7"}) {
    Lexed l = lex(std::string("a ") + t + " b");
    EXPECT_EQ(l.errors, std::vector<std::string>{"parsing"}) << t;
    EXPECT_EQ(l.texts.back(), "b");
  }
  // A run of invalid characters is one error.
  EXPECT_EQ(lex("a $$$### b").errors.size(), 1u);
}

TEST(LexerInvalidText, ByteOrderMarkIsNamed) {
  Lexed l = lex("\xEF\xBB\xBF" "const x = 1;");
  EXPECT_EQ(l.errors, std::vector<std::string>{"blankspace-and-line-breaks"});
  EXPECT_EQ(l.texts[1], "const");
}

TEST(LexerResetTo, SplittingATokenLexesTheRestAgain) {
  SourceFile file("split.wgsl", ">>=");
  DiagnosticList diagnostics;
  Lexer lexer(file, Revision::wgsl2022_06(), diagnostics);
  Token t = lexer.next();
  EXPECT_EQ(t.kind, TokenKind::ShiftRightEqual);
  lexer.resetTo(1);
  EXPECT_EQ(lexer.next().kind, TokenKind::GreaterThanEqual);
  EXPECT_EQ(lexer.next().kind, TokenKind::EndOfFile);
}

}  // namespace
}  // namespace plumb
