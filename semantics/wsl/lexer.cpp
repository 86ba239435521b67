// WSL tokenization, seed "Lexical analysis" (Literals; Keywords and punctuation; Identifiers and
// operator names; Whitespace and comments).
#include "semantics/wsl/lexer.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <set>

namespace plumb::wsl {
namespace {

// Seed "Keywords and punctuation". `SV_DispatchThreadId` (the list's spelling) and
// `SV_DispatchThreadID` (the grammar's) are both reserved (docs/ambiguities.md, WSL W4).
const std::set<std::string>& reservedWords() {
  static const std::set<std::string> words = {"struct",
                                              "typedef",
                                              "enum",
                                              "operator",
                                              "vertex",
                                              "fragment",
                                              "compute",
                                              "numthreads",
                                              "if",
                                              "else",
                                              "switch",
                                              "case",
                                              "default",
                                              "while",
                                              "do",
                                              "for",
                                              "break",
                                              "continue",
                                              "discard",
                                              "fallthrough",
                                              "return",
                                              "true",
                                              "false",
                                              "constant",
                                              "device",
                                              "threadgroup",
                                              "thread",
                                              "nointerpolation",
                                              "noperspective",
                                              "specialized",
                                              "centroid",
                                              "sample",
                                              "SV_InstanceID",
                                              "SV_VertexID",
                                              "PSIZE",
                                              "SV_Position",
                                              "SV_IsFrontFace",
                                              "SV_SampleIndex",
                                              "SV_InnerCoverage",
                                              "SV_Target",
                                              "SV_Depth",
                                              "SV_Coverage",
                                              "SV_DispatchThreadId",
                                              "SV_DispatchThreadID",
                                              "SV_GroupID",
                                              "SV_GroupIndex",
                                              "SV_GroupThreadID",
                                              "attribute",
                                              "register",
                                              "protocol",
                                              "auto",
                                              "const",
                                              "static",
                                              "restricted",
                                              "native",
                                              "space",
                                              "uniform"};
  return words;
}

// Longest first, so that the greedy rule picks `>>=` before `>>` before `>`. The seed's `=>` is
// read as `>=` (docs/ambiguities.md, WSL W3).
constexpr std::array<const char*, 46> kPunctuation = {
    ">>=", "<<=", "==", "!=", "<=", ">=", "++", "--", "+=", "-=", "*=", "/=",
    "%=",  "^=",  "&=", "|=", "&&", "||", ">>", "<<", "->", "<",  ">",  "=",
    "+",   "-",   "*",  "/",  "%",  "&",  "|",  "^",  "!",  "~",  ".",  "@",
    "?",   ":",   ";",  ",",  "[",  "]",  "{",  "}",  "(",  ")"};

// The strings an operator name may continue with (seed "Identifiers and operator names").
constexpr std::array<const char*, 23> kOperatorSuffixes = {
    "[]=", "&[]", "<<", ">>", ">=", "<=", "==", "!=", "++", "--", "[]", "+",
    "-",   "*",   "/",  "%",  "&",  "^",  "|",  "<",  ">",  "!",  "~"};

bool identStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool identChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

size_t identifierLength(std::string_view s, size_t i) {
  if (i >= s.size() || !identStart(s[i])) return 0;
  size_t j = i + 1;
  while (j < s.size() && identChar(s[j])) ++j;
  return j - i;
}

// A number at `i`: the longest float or integer literal (the `-` is punctuation, see lexer.h).
// Returns its length and kind, or 0.
size_t numberLength(std::string_view s, size_t i, TokenKind& kind) {
  auto digit = [&](size_t k) {
    return k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]));
  };
  auto hex = [&](size_t k) {
    return k < s.size() && std::isxdigit(static_cast<unsigned char>(s[k]));
  };
  // Float: [0-9]+ '.' [0-9]* | [0-9]* '.' [0-9]+, then an optional f.
  size_t j = i;
  while (digit(j)) ++j;
  size_t intDigits = j - i;
  if (j < s.size() && s[j] == '.') {
    size_t k = j + 1;
    while (digit(k)) ++k;
    size_t fracDigits = k - j - 1;
    if (intDigits > 0 || fracDigits > 0) {
      if (k < s.size() && s[k] == 'f') ++k;
      kind = TokenKind::FloatLiteral;
      return k - i;
    }
  }
  if (intDigits == 0) return 0;
  if (s[i] == '0' && i + 1 < s.size() && (s[i + 1] == 'x')) {
    size_t k = i + 2;
    while (hex(k)) ++k;
    if (k > i + 2) {
      kind = TokenKind::IntLiteral;
      if (k < s.size() && s[k] == 'u') {
        ++k;
        kind = TokenKind::UintLiteral;
      }
      return k - i;
    }
  }
  // Decimal: no leading 0 except the number 0 itself. `007` is three tokens `0`, `0`, `7`.
  size_t k = s[i] == '0' ? i + 1 : j;
  kind = TokenKind::IntLiteral;
  if (k < s.size() && s[k] == 'u') {
    ++k;
    kind = TokenKind::UintLiteral;
  }
  return k - i;
}

}  // namespace

bool isReservedWord(const std::string& word) {
  return reservedWords().count(word) != 0;
}

const char* tokenKindName(TokenKind k) {
  switch (k) {
    case TokenKind::IntLiteral:
      return "int literal";
    case TokenKind::UintLiteral:
      return "uint literal";
    case TokenKind::FloatLiteral:
      return "float literal";
    case TokenKind::Keyword:
      return "keyword";
    case TokenKind::Identifier:
      return "identifier";
    case TokenKind::OperatorName:
      return "operator name";
    case TokenKind::Punctuation:
      return "punctuation";
    case TokenKind::End:
      return "end of input";
  }
  return "?";
}

std::vector<Token> tokenize(const SourceFile& file, DiagnosticList& diagnostics) {
  std::string_view s = file.text();
  std::vector<Token> tokens;
  size_t i = 0;
  auto push = [&](TokenKind kind, size_t length) {
    tokens.push_back(
        Token{kind, Span{uint32_t(i), uint32_t(i + length)}, std::string(s.substr(i, length))});
    i += length;
  };
  while (i < s.size()) {
    char c = s[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++i;
      continue;
    }
    if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') ++i;
      continue;
    }
    if (s.compare(i, 2, "/*") == 0) {
      size_t end = s.find("*/", i + 2);
      if (end == std::string_view::npos) {
        diagnostics.error(&file, Span{uint32_t(i), uint32_t(s.size())},
                          "unterminated multi-line comment", kLexicalRule);
        i = s.size();
        break;
      }
      i = end + 2;
      continue;
    }
    TokenKind numberKind = TokenKind::IntLiteral;
    if (size_t n = numberLength(s, i, numberKind)) {
      push(numberKind, n);
      continue;
    }
    if (size_t n = identifierLength(s, i)) {
      std::string word(s.substr(i, n));
      if (word == "operator") {
        // An operator name is `operator` followed *directly* by one of the listed strings.
        size_t j = i + n;
        size_t extra = 0;
        if (j < s.size() && (s[j] == '.' || (s[j] == '&' && j + 1 < s.size() && s[j + 1] == '.'))) {
          size_t dot = s[j] == '.' ? j : j + 1;
          if (size_t id = identifierLength(s, dot + 1)) {
            extra = dot + 1 + id - j;
            if (s[j] == '.' && dot + 1 + id < s.size() && s[dot + 1 + id] == '=' &&
                !(dot + 2 + id < s.size() && s[dot + 2 + id] == '='))
              ++extra;
          }
        } else {
          for (const char* suffix : kOperatorSuffixes)
            if (s.compare(j, std::char_traits<char>::length(suffix), suffix) == 0) {
              extra = std::char_traits<char>::length(suffix);
              break;
            }
        }
        if (extra > 0) {
          push(TokenKind::OperatorName, n + extra);
          continue;
        }
        push(TokenKind::Keyword, n);  // a cast operator: `operator int(...)`
        continue;
      }
      if (word == "_") {
        diagnostics.error(&file, Span{uint32_t(i), uint32_t(i + 1)},
                          "a single underscore is reserved for future extension", kLexicalRule);
        ++i;
        continue;
      }
      push(isReservedWord(word) ? TokenKind::Keyword : TokenKind::Identifier, n);
      continue;
    }
    bool matched = false;
    for (const char* p : kPunctuation) {
      size_t len = std::char_traits<char>::length(p);
      if (s.compare(i, len, p) == 0) {
        push(TokenKind::Punctuation, len);
        matched = true;
        break;
      }
    }
    if (matched) continue;
    // Skip one whole UTF-8 code point, so that the caret covers a character.
    size_t len = 1;
    while (i + len < s.size() && (static_cast<unsigned char>(s[i + len]) & 0xC0) == 0x80) ++len;
    diagnostics.error(&file, Span{uint32_t(i), uint32_t(i + len)},
                      "no token starts with this character", kLexicalRule);
    i += len;
  }
  tokens.push_back(Token{TokenKind::End, Span{uint32_t(s.size()), uint32_t(s.size())}, ""});
  return tokens;
}

}  // namespace plumb::wsl
