#include "semantics/wgsl/lexer.h"
#include "semantics/wgsl/next_token.h"

#include <cstdio>

#include "semantics/hash.h"
#include "semantics/wgsl/numeric_literal.h"
#include "semantics/wgsl/template_list_discovery.h"
#include "semantics/unicode_xid.h"
#include "semantics/utf8.h"

namespace plumb {

namespace {
// ASCII character classes, so that the hot loops test one table entry per byte.
enum : uint8_t { kWordStart = 1, kWordContinue = 2, kDigit = 4, kBlank = 8 };
struct CharClasses {
  uint8_t c[256] = {};
  constexpr CharClasses() {
    for (int i = 'a'; i <= 'z'; ++i) c[i] = kWordStart | kWordContinue;
    for (int i = 'A'; i <= 'Z'; ++i) c[i] = kWordStart | kWordContinue;
    c[static_cast<unsigned char>('_')] = kWordStart | kWordContinue;
    for (int i = '0'; i <= '9'; ++i) c[i] = kWordContinue | kDigit;
    for (int i : {' ', '\t', '\n', '\v', '\f', '\r'}) c[i] = kBlank;
  }
};
constexpr CharClasses kChars{};
inline uint8_t charClass(char ch) { return kChars.c[static_cast<unsigned char>(ch)]; }
}  // namespace

Lexer::Lexer(const SourceFile& file, const Revision& revision, DiagnosticList& diagnostics)
    : file_(file),
      text_(file.text()),
      revision_(revision),
      diagnostics_(diagnostics),
      size_(static_cast<uint32_t>(file.text().size())) {}

bool Lexer::error(Span span, std::string message, std::string rule) {
  return diagnostics_.error(&file_, span, std::move(message), std::move(rule));
}

static std::string codePointName(char32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
  return buf;
}

// #blankspace-and-line-breaks: Pattern_White_Space beyond ASCII is U+0085, U+200E, U+200F,
// U+2028 and U+2029. Returns the byte length of such a code point at i, or 0.
static uint32_t nonAsciiBlankspace(std::string_view t, uint32_t i) {
  unsigned char c = static_cast<unsigned char>(t[i]);
  if (c == 0xC2) return (i + 1 < t.size() && static_cast<unsigned char>(t[i + 1]) == 0x85) ? 2 : 0;
  if (c == 0xE2 && i + 2 < t.size()) {
    unsigned char c1 = static_cast<unsigned char>(t[i + 1]);
    unsigned char c2 = static_cast<unsigned char>(t[i + 2]);
    if (c1 == 0x80 && (c2 == 0x8E || c2 == 0x8F || c2 == 0xA8 || c2 == 0xA9)) return 3;
  }
  return 0;
}

// #comments: a block comment nests; returns false if it does not terminate.
bool Lexer::skipBlockComment() {
  uint32_t start = pos_;
  uint32_t depth = 0;
  while (pos_ < size_) {
    char c = text_[pos_];
    if (c == '/' && pos_ + 1 < size_ && text_[pos_ + 1] == '*') {
      ++depth;
      pos_ += 2;
    } else if (c == '*' && pos_ + 1 < size_ && text_[pos_ + 1] == '/') {
      pos_ += 2;
      if (--depth == 0) return true;
    } else if (static_cast<unsigned char>(c) >= 0x80 || c == '\0') {
      pos_ += checkCommentCodePoint();
    } else {
      ++pos_;
    }
  }
  error(Span{start, start + 2}, "block comment is not terminated (block comments nest)",
        "comments");
  return false;
}

// Comments are text too (#textual-structure): the null code point is forbidden anywhere, and
// the bytes must be well-formed UTF-8. Returns the length of the code point at pos_.
uint32_t Lexer::checkCommentCodePoint() {
  if (text_[pos_] == '\0') {
    error(Span{pos_, pos_ + 1}, "the program text must not include a null code point (U+0000)",
          "textual-structure");
    return 1;
  }
  DecodedCodePoint d = decodeUtf8(text_, pos_);
  if (d.length) return d.length;
  // One diagnostic for a run of ill-formed bytes.
  uint32_t end = pos_ + 1;
  while (end < size_ && static_cast<unsigned char>(text_[end]) >= 0x80 &&
         decodeUtf8(text_, end).length == 0)
    ++end;
  error(Span{pos_, end}, "the source text is not valid UTF-8", "textual-structure");
  return end - pos_;
}

void Lexer::skipBlankspaceAndComments() {
  while (pos_ < size_) {
    char c = text_[pos_];
    if (charClass(c) & kBlank) {
      ++pos_;
      continue;
    }
    switch (c) {
      case '/':
        if (pos_ + 1 < size_ && text_[pos_ + 1] == '/') {
          // #comments: a line-ending comment runs up to the next line break or the end.
          pos_ += 2;
          while (pos_ < size_) {
            char d = text_[pos_];
            if (d == '\n' || d == '\v' || d == '\f' || d == '\r') break;
            if (static_cast<unsigned char>(d) >= 0x80 || d == '\0') {
              uint32_t n = nonAsciiBlankspace(text_, pos_);
              // NEL, LS and PS are line breaks; LRM and RLM are not.
              if (n == 2 || (n == 3 && static_cast<unsigned char>(text_[pos_ + 2]) >= 0xA8)) break;
              pos_ += checkCommentCodePoint();
              continue;
            }
            ++pos_;
          }
          continue;
        }
        if (pos_ + 1 < size_ && text_[pos_ + 1] == '*') {
          if (!skipBlockComment()) return;
          continue;
        }
        return;
      default:
        if (static_cast<unsigned char>(c) >= 0xC2) {
          uint32_t n = nonAsciiBlankspace(text_, pos_);
          if (n) {
            pos_ += n;
            continue;
          }
        }
        return;
    }
  }
}

Token Lexer::next() {
  skipBlankspaceAndComments();
  uint32_t start = pos_;
  if (pos_ >= size_) return Token{TokenKind::EndOfFile, Span{size_, size_}};
  unsigned char c = static_cast<unsigned char>(text_[pos_]);
  if (charClass(static_cast<char>(c)) & kWordStart) return lexWord(start);
  if ((charClass(static_cast<char>(c)) & kDigit) ||
      (c == '.' && pos_ + 1 < size_ && text_[pos_ + 1] >= '0' && text_[pos_ + 1] <= '9'))
    return lexNumber(start);
  if (c >= 0x80) {
    DecodedCodePoint d = decodeUtf8(text_, pos_);
    if (d.length && isXidStart(d.codePoint)) return lexWord(start);
    return lexInvalid(start);
  }
  return lexPunctuation(start);
}

// #identifiers: /([_\p{XID_Start}][\p{XID_Continue}]+)|([\p{XID_Start}])/uy, then the word
// is a keyword, a reserved word, or an identifier (#keywords, #reserved-words).
Token Lexer::lexWord(uint32_t start) {
  uint32_t i = start;
  bool ascii = true;
  while (i < size_) {
    unsigned char c = static_cast<unsigned char>(text_[i]);
    if (charClass(static_cast<char>(c)) & kWordContinue) {
      ++i;
      continue;
    }
    if (c < 0x80) break;
    DecodedCodePoint d = decodeUtf8(text_, i);
    if (!d.length || !isXidContinue(d.codePoint)) break;
    ascii = false;
    i += d.length;
  }
  pos_ = i;
  Span span{start, i};
  std::string_view word = text_.substr(start, i - start);
  if (word.size() == 1 && word[0] == '_') return Token{TokenKind::Underscore, span};
  uint64_t hash = hashName(word);
  TokenKind kind = ascii ? revision_.classifyWord(word, hash) : TokenKind::Identifier;
  if (kind == TokenKind::Identifier && word.size() >= 2 && word[0] == '_' && word[1] == '_')
    error(span, "identifier '" + std::string(word) + "' must not start with two underscores",
          "identifiers");
  return Token{kind, span, static_cast<uint32_t>(hash)};
}

Token Lexer::lexNumber(uint32_t start) {
  bool isFloat = false;
  size_t n = matchNumericLiteral(text_.substr(start), isFloat);
  pos_ = start + static_cast<uint32_t>(n);
  Span span{start, pos_};
  // Short literals without an exponent are representable in every type they can have: at
  // most nine characters means at most 999999999 or 0x1234567 (below 2^31), or a float
  // below 10^9 (f16 aside). Everything else gets the exact check.
  auto hasExponentOrHalf = [&] {
    for (uint32_t i = start; i < pos_; ++i) {
      char c = text_[i];
      if (c == 'e' || c == 'E' || c == 'p' || c == 'P' || c == 'h') return true;
    }
    return false;
  };
  if (n > 9 || (isFloat && hasExponentOrHalf())) {
    LiteralProblem problem = checkNumericLiteral(text_.substr(start, n));
    if (!problem.message.empty()) error(span, problem.message, problem.rule);
  }
  return Token{isFloat ? TokenKind::FloatLiteral : TokenKind::IntLiteral, span};
}

// #syntactic-tokens: the longest of the 46 tokens at this position.
Token Lexer::lexPunctuation(uint32_t start) {
  auto peek = [&](uint32_t k) -> char { return start + k < size_ ? text_[start + k] : '\0'; };
  char c = text_[start];
  if (!templateMarks_.empty() && (c == '<' || c == '>') && templateMarks_[start]) {
    pos_ = start + 1;
    return Token{templateMarks_[start] == kTemplateStart ? TokenKind::TemplateArgsStart
                                                         : TokenKind::TemplateArgsEnd,
                 Span{start, pos_}};
  }
  char c1 = peek(1);
  TokenKind kind = TokenKind::Error;
  uint32_t len = 1;
  auto two = [&](char second, TokenKind twoKind, TokenKind oneKind) {
    if (c1 == second) {
      kind = twoKind;
      len = 2;
    } else {
      kind = oneKind;
    }
  };
  switch (c) {
    case '&':
      if (c1 == '&') kind = TokenKind::AndAnd, len = 2;
      else two('=', TokenKind::AndEqual, TokenKind::And);
      break;
    case '|':
      if (c1 == '|') kind = TokenKind::OrOr, len = 2;
      else two('=', TokenKind::OrEqual, TokenKind::Or);
      break;
    case '-':
      if (c1 == '>') kind = TokenKind::Arrow, len = 2;
      else if (c1 == '-') kind = TokenKind::MinusMinus, len = 2;
      else two('=', TokenKind::MinusEqual, TokenKind::Minus);
      break;
    case '+':
      if (c1 == '+') kind = TokenKind::PlusPlus, len = 2;
      else two('=', TokenKind::PlusEqual, TokenKind::Plus);
      break;
    case '>':
      if (c1 == '>') {
        if (peek(2) == '=') kind = TokenKind::ShiftRightEqual, len = 3;
        else kind = TokenKind::ShiftRight, len = 2;
      } else {
        two('=', TokenKind::GreaterThanEqual, TokenKind::GreaterThan);
      }
      break;
    case '<':
      if (c1 == '<') {
        if (peek(2) == '=') kind = TokenKind::ShiftLeftEqual, len = 3;
        else kind = TokenKind::ShiftLeft, len = 2;
      } else {
        two('=', TokenKind::LessThanEqual, TokenKind::LessThan);
      }
      break;
    case '=': two('=', TokenKind::EqualEqual, TokenKind::Equal); break;
    case '!': two('=', TokenKind::NotEqual, TokenKind::Bang); break;
    case '*': two('=', TokenKind::TimesEqual, TokenKind::Star); break;
    case '/': two('=', TokenKind::DivisionEqual, TokenKind::ForwardSlash); break;
    case '%': two('=', TokenKind::ModuloEqual, TokenKind::Modulo); break;
    case '^': two('=', TokenKind::XorEqual, TokenKind::Xor); break;
    case '@': kind = TokenKind::Attr; break;
    case '[': kind = TokenKind::BracketLeft; break;
    case ']': kind = TokenKind::BracketRight; break;
    case '{': kind = TokenKind::BraceLeft; break;
    case '}': kind = TokenKind::BraceRight; break;
    case '(': kind = TokenKind::ParenLeft; break;
    case ')': kind = TokenKind::ParenRight; break;
    case ':': kind = TokenKind::Colon; break;
    case ',': kind = TokenKind::Comma; break;
    case '.': kind = TokenKind::Period; break;
    case ';': kind = TokenKind::Semicolon; break;
    case '~': kind = TokenKind::Tilde; break;
    default: return lexInvalid(start);
  }
  pos_ = start + len;
  return Token{kind, Span{start, pos_}};
}

// Text that begins no token: one diagnostic for the whole run of such code points.
Token Lexer::lexInvalid(uint32_t start) {
  uint32_t i = start;
  std::string message;
  std::string rule = "parsing";
  while (i < size_) {
    unsigned char c = static_cast<unsigned char>(text_[i]);
    if (c < 0x80) {
      bool startsToken = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
                         (c >= '0' && c <= '9') || c == ' ' || (c >= '\t' && c <= '\r') ||
                         std::string_view("&|-+><=!*/%^@[]{}():,.;~").find(static_cast<char>(c)) !=
                             std::string_view::npos;
      if (startsToken) break;
      if (message.empty()) {
        if (c == 0) {
          message = "the program text must not include a null code point (U+0000)";
          rule = "textual-structure";
        } else {
          message = "invalid character " + codePointName(c) + " forms no token";
        }
      }
      ++i;
      continue;
    }
    DecodedCodePoint d = decodeUtf8(text_, i);
    if (d.length == 0) {
      if (message.empty()) {
        message = "the source text is not valid UTF-8";
        rule = "textual-structure";
      }
      ++i;
      continue;
    }
    if (isXidStart(d.codePoint) || nonAsciiBlankspace(text_, i)) break;
    if (message.empty() && d.codePoint == 0xFEFF) {
      // A byte order mark is not blankspace (#blankspace-and-line-breaks); editors on some
      // systems write one at the start of a file, so say what it is.
      message = "byte order mark (U+FEFF) is not allowed in WGSL text";
      rule = "blankspace-and-line-breaks";
    }
    if (message.empty()) message = "invalid character " + codePointName(d.codePoint) + " forms no token";
    i += d.length;
  }
  if (i == start) i = start + 1;  // always make progress
  pos_ = i;
  Span span{start, i};
  error(span, message.empty() ? "invalid text" : message, rule);
  return Token{TokenKind::Error, span};
}

std::vector<Token> tokenize(const SourceFile& file, const Revision& revision,
                            DiagnosticList& diagnostics) {
  Lexer lexer(file, revision, diagnostics);
  std::vector<Token> out;
  for (;;) {
    Token t = lexer.next();
    out.push_back(t);
    if (t.kind == TokenKind::EndOfFile) break;
  }
  return out;
}

uint32_t nextTokenStart(const SourceFile& file, const Revision& revision, uint32_t offset) {
  DiagnosticList ignored;
  Lexer lexer(file, revision, ignored);
  lexer.resetTo(offset);
  return lexer.next().span.begin;
}

}  // namespace plumb
