// Cg tokenization: seed "Constants" (literals and their suffixes) and "Reserved Words".
#include "semantics/cg/lexer.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <set>

namespace plumb::cg {
namespace {

// Seed "Reserved Words": the 100 words after `__[anything]`; a trailing '*' in the seed marks
// the 14 case-insensitive ones, listed separately below. Each word's use (docs/ambiguities.md
// C23): a word some production of the Cg grammar uses (Plumb's parser) stays a keyword; of the
// others, those cgc 3.1 also refuses as names (CgFX's effect syntax, C++'s `class`, `this`,
// `template`, ...) stay keywords too, and those cgc accepts as names (`texture`, `string`,
// `union`, ...) lex as identifiers with a `cg-reserved-words` warning (an error with
// LexOptions::strictReservedWords).
enum class Use { Grammar, CgcReserves, NameInCgc };
struct ReservedWord {
  const char* word;
  Use use;
};
const std::vector<ReservedWord> kReserved = {
    {"asm", Use::CgcReserves},
    {"asm_fragment", Use::CgcReserves},
    {"auto", Use::NameInCgc},
    {"bool", Use::Grammar},
    {"break", Use::Grammar},
    {"case", Use::Grammar},
    {"catch", Use::NameInCgc},
    {"char", Use::Grammar},
    {"class", Use::CgcReserves},
    {"column_major", Use::Grammar},
    {"compile", Use::CgcReserves},
    {"const", Use::Grammar},
    {"const_cast", Use::NameInCgc},
    {"continue", Use::Grammar},
    {"decl", Use::CgcReserves},
    {"default", Use::Grammar},
    {"delete", Use::NameInCgc},
    {"discard", Use::Grammar},
    {"do", Use::Grammar},
    {"double", Use::Grammar},
    {"dword", Use::NameInCgc},
    {"dynamic_cast", Use::NameInCgc},
    {"else", Use::Grammar},
    {"emit", Use::NameInCgc},
    {"enum", Use::NameInCgc},
    {"explicit", Use::NameInCgc},
    {"extern", Use::Grammar},
    {"false", Use::Grammar},
    {"fixed", Use::Grammar},
    {"float", Use::Grammar},
    {"for", Use::Grammar},
    {"friend", Use::NameInCgc},
    {"get", Use::NameInCgc},
    {"goto", Use::CgcReserves},
    {"half", Use::Grammar},
    {"if", Use::Grammar},
    {"in", Use::Grammar},
    {"inline", Use::Grammar},
    {"inout", Use::Grammar},
    {"int", Use::Grammar},
    {"interface", Use::Grammar},
    {"long", Use::Grammar},
    {"matrix", Use::Grammar},
    {"mutable", Use::NameInCgc},
    {"namespace", Use::CgcReserves},
    {"new", Use::NameInCgc},
    {"operator", Use::CgcReserves},
    {"out", Use::Grammar},
    {"packed", Use::Grammar},
    {"pass", Use::CgcReserves},
    {"pixelfragment", Use::NameInCgc},
    {"pixelshader", Use::NameInCgc},
    {"private", Use::NameInCgc},
    {"protected", Use::NameInCgc},
    {"public", Use::NameInCgc},
    {"register", Use::Grammar},
    {"reinterpret_cast", Use::NameInCgc},
    {"return", Use::Grammar},
    {"row_major", Use::Grammar},
    {"sampler", Use::Grammar},
    {"sampler_state", Use::CgcReserves},
    {"sampler1D", Use::Grammar},
    {"sampler2D", Use::Grammar},
    {"sampler3D", Use::Grammar},
    {"samplerCUBE", Use::Grammar},
    {"shared", Use::Grammar},
    {"short", Use::Grammar},
    {"signed", Use::Grammar},
    {"sizeof", Use::NameInCgc},
    {"static", Use::Grammar},
    {"static_cast", Use::NameInCgc},
    {"string", Use::NameInCgc},
    {"struct", Use::Grammar},
    {"switch", Use::Grammar},
    {"technique", Use::CgcReserves},
    {"template", Use::CgcReserves},
    {"texture", Use::NameInCgc},
    {"texture1D", Use::NameInCgc},
    {"texture2D", Use::NameInCgc},
    {"texture3D", Use::NameInCgc},
    {"textureCUBE", Use::NameInCgc},
    {"textureRECT", Use::NameInCgc},
    {"this", Use::CgcReserves},
    {"throw", Use::NameInCgc},
    {"true", Use::Grammar},
    {"try", Use::NameInCgc},
    {"typedef", Use::Grammar},
    {"typeid", Use::NameInCgc},
    {"typename", Use::NameInCgc},
    {"uniform", Use::Grammar},
    {"union", Use::NameInCgc},
    {"unsigned", Use::Grammar},
    {"using", Use::NameInCgc},
    {"vector", Use::Grammar},
    {"vertexfragment", Use::NameInCgc},
    {"vertexshader", Use::NameInCgc},
    {"virtual", Use::NameInCgc},
    {"void", Use::Grammar},
    {"volatile", Use::Grammar},
    {"while", Use::Grammar},
};

const std::set<std::string, std::less<>> kCaseInsensitive = {
    "asm",         "decl",   "dword",     "float",   "matrix", "pass",           "pixelfragment",
    "pixelshader", "string", "technique", "texture", "vector", "vertexfragment", "vertexshader"};

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

// Longest first: C's punctuators as Cg keeps them (seed "Operators").
const std::array<const char*, 24> kMultiPunct = {"<<=", ">>=", "...", "::", "++", "--", "&&", "||",
                                                 "==",  "!=",  "<=",  ">=", "+=", "-=", "*=", "/=",
                                                 "%=",  "&=",  "|=",  "^=", "<<", ">>", "->", "##"};
const std::string_view kSinglePunct = "{}()[];,:.?+-*/%&|^!~<>=#";

}  // namespace

const std::vector<std::string>& reservedWordList() {
  static const std::vector<std::string> words = [] {
    std::vector<std::string> w;
    for (const auto& r : kReserved) w.emplace_back(r.word);
    return w;
  }();
  return words;
}

bool isCaseInsensitiveReservedWord(std::string_view lowerCaseWord) {
  return kCaseInsensitive.count(lowerCaseWord) > 0;
}

bool isReservedWord(std::string_view word) {
  return reservedWordUse(word) != ReservedWordUse::NotReserved;
}

ReservedWordUse reservedWordUse(std::string_view word) {
  auto find = [](std::string_view w) -> const ReservedWord* {
    for (const auto& r : kReserved)
      if (w == r.word) return &r;
    return nullptr;
  };
  if (const ReservedWord* r = find(word))
    return r->use == Use::NameInCgc ? ReservedWordUse::Name : ReservedWordUse::Keyword;
  std::string l = lower(word);
  if (kCaseInsensitive.count(l) > 0) {
    // Another letter case of one of the 14: no production uses it (`Float` is not `float`);
    // cgc refuses the spellings of the words it reserves itself (`ASM`, `Pass`) and accepts
    // the others (`Float`, `Texture`, `MATRIX`).
    const ReservedWord* r = find(l);
    return r && r->use == Use::CgcReserves ? ReservedWordUse::Keyword : ReservedWordUse::Name;
  }
  // `__[anything]`: no production uses such a name; cgc accepts it.
  if (word.size() >= 2 && word[0] == '_' && word[1] == '_') return ReservedWordUse::Name;
  return ReservedWordUse::NotReserved;
}

IntegerSuffix integerSuffix(std::string_view suffix) {
  std::string s = lower(suffix);
  if (s.empty()) return IntegerSuffix::None;
  // u alone, or u with one of l, s, t before or after it (cgc 3.1 accepts `1su`, `1lu`).
  bool u = false;
  char width = 0;
  for (char c : s) {
    if (c == 'u' && !u) {
      u = true;
    } else if ((c == 'l' || c == 's' || c == 't') && !width) {
      width = c;
    } else {
      return IntegerSuffix::Unknown;
    }
  }
  switch (width) {
    case 'l':
      return u ? IntegerSuffix::UnsignedLong : IntegerSuffix::Long;
    case 's':
      return u ? IntegerSuffix::UnsignedShort : IntegerSuffix::Short;
    case 't':
      return u ? IntegerSuffix::UnsignedChar : IntegerSuffix::Char;
    default:
      return IntegerSuffix::UnsignedInt;
  }
}

bool isUnsignedWidthSuffix(IntegerSuffix s) {
  return s == IntegerSuffix::UnsignedChar || s == IntegerSuffix::UnsignedShort ||
         s == IntegerSuffix::UnsignedLong;
}

const char* integerSuffixTypeName(IntegerSuffix s) {
  switch (s) {
    case IntegerSuffix::UnsignedInt:
      return "unsigned int";
    case IntegerSuffix::Long:
      return "long";
    case IntegerSuffix::UnsignedLong:
      return "unsigned long";
    case IntegerSuffix::Short:
      return "short";
    case IntegerSuffix::UnsignedShort:
      return "unsigned short";
    case IntegerSuffix::Char:
      return "char";
    case IntegerSuffix::UnsignedChar:
      return "unsigned char";
    case IntegerSuffix::None:
      return "cint";
    case IntegerSuffix::Unknown:
      break;
  }
  return "?";
}

std::string literalSuffix(std::string_view literal, bool isFloat) {
  bool hex = literal.size() > 1 && literal[0] == '0' && (literal[1] == 'x' || literal[1] == 'X');
  size_t i = literal.size();
  auto suffixChar = [&](char c) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    // In a hexadecimal constant, only the integer suffixes u, l, s, t can follow the digits.
    return hex ? (c == 'u' || c == 'l' || c == 's' || c == 't')
               : std::isalpha(static_cast<unsigned char>(c)) != 0;
  };
  while (i > (hex ? 2u : 0u) && suffixChar(literal[i - 1])) --i;
  (void)isFloat;
  return lower(literal.substr(i));
}

std::vector<Token> tokenize(const SourceFile& file, DiagnosticList& diagnostics,
                            const LexOptions& options) {
  std::vector<Token> tokens;
  std::set<std::string, std::less<>> warned;  // each reserved name once per file
  std::string_view text = file.text();
  const uint32_t n = static_cast<uint32_t>(text.size());
  uint32_t i = 0;
  auto report = [&](uint32_t b, uint32_t e, std::string message, const char* rule) {
    diagnostics.error(&file, Span{b, std::max(e, b + 1) > n ? n : std::max(e, b + 1)},
                      std::move(message), rule);
  };
  while (i < n) {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      while (i < n && text[i] != '\n') ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      size_t end = text.find("*/", i + 2);
      if (end == std::string_view::npos) {
        report(i, i + 2, "unterminated comment", kLexicalRule);
        break;
      }
      i = static_cast<uint32_t>(end + 2);
      continue;
    }
    uint32_t start = i;
    if (isIdentStart(c)) {
      while (i < n && isIdentChar(text[i])) ++i;
      std::string word(text.substr(start, i - start));
      ReservedWordUse use = reservedWordUse(word);
      if (word == "matrix" || word == "vector") {
        // The grammar uses them only as `matrix<T, n, m>` and `vector<T, n>`; elsewhere cgc 3.1
        // accepts them as names (docs/ambiguities.md C23).
        uint32_t j = i;
        while (j < n && std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        if (j >= n || text[j] != '<') use = ReservedWordUse::Name;
      }
      if (word == "sampler" && options.dialect.allows(CgcExtension::SamplerAsName)) {
        // cgc's dialect (CGD-4): `sampler` names a type only before a name (`sampler s`);
        // elsewhere (`sampler2D sampler,`, `tex2D(sampler, uv)`) it is a name.
        uint32_t j = i;
        while (j < n && std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        if (j >= n || !isIdentStart(text[j])) {
          if (warned.insert(word).second)
            diagnostics.add({Severity::Warning,
                             &file,
                             Span{start, i},
                             extensionWarning(CgcExtension::SamplerAsName,
                                              "'sampler', a type name of the seed, used as a name"),
                             std::string(extensionInfo(CgcExtension::SamplerAsName).seedRule),
                             {}});
          tokens.push_back({TokenKind::Identifier, {start, i}, word});
          continue;
        }
      }
      bool keyword = use == ReservedWordUse::Keyword ||
                     (use == ReservedWordUse::Name && options.strictReservedWords);
      if (use == ReservedWordUse::Name && !keyword && warned.insert(word).second)
        diagnostics.add({Severity::Warning,
                         &file,
                         Span{start, i},
                         "'" + word +
                             "' is reserved by the seed (Reserved Words); cgc 3.1 accepts it as "
                             "a name (--strict-reserved makes this an error)",
                         kReservedWordsRule,
                         {}});
      tokens.push_back({keyword ? TokenKind::Keyword : TokenKind::Identifier, {start, i}, word});
      continue;
    }
    if (isDigit(c) || (c == '.' && i + 1 < n && isDigit(text[i + 1]))) {
      bool isFloat = false;
      if (c == '0' && i + 1 < n && (text[i + 1] == 'x' || text[i + 1] == 'X')) {
        i += 2;
        while (i < n && std::isxdigit(static_cast<unsigned char>(text[i]))) ++i;
        if (i == start + 2) report(start, i, "hexadecimal constant without digits", kConstantsRule);
      } else {
        while (i < n && isDigit(text[i])) ++i;
        if (i < n && text[i] == '.') {
          isFloat = true;
          ++i;
          while (i < n && isDigit(text[i])) ++i;
        }
        if (i < n && (text[i] == 'e' || text[i] == 'E')) {
          uint32_t j = i + 1;
          if (j < n && (text[j] == '+' || text[j] == '-')) ++j;
          if (j < n && isDigit(text[j])) {
            isFloat = true;
            i = j;
            while (i < n && isDigit(text[i])) ++i;
          }
        }
      }
      // The suffix: any identifier characters that follow; validated below.
      uint32_t suffixStart = i;
      while (i < n && isIdentChar(text[i])) ++i;
      std::string suffix = lower(text.substr(suffixStart, i - suffixStart));
      std::string literal(text.substr(start, i - start));
      bool hex =
          literal.size() > 1 && literal[0] == '0' && (literal[1] == 'x' || literal[1] == 'X');
      // Seed "Constants": a one- or two-character suffix types the constant; the list is lost
      // (docs/ambiguities.md C1). Plumb accepts the suffixes of the Cg 3.1 text that cgc 3.1
      // accepts: f (float), h (half), x (fixed) on decimal constants; l (long), s (short),
      // t (char), u (unsigned int) and u with one of l, s, t in either order on integer ones.
      // The 3.1 text's d, i and ui cgc rejects (C0129), and so does Plumb.
      IntegerSuffix integer = integerSuffix(suffix);
      bool ok = suffix.empty() || ((suffix == "f" || suffix == "h" || suffix == "x") && !hex) ||
                (!isFloat && integer != IntegerSuffix::Unknown);
      if (!ok)
        report(suffixStart, i, "constant '" + literal + "' has an unknown suffix '" + suffix + "'",
               kConstantsRule);
      // us, ut, ul: an unsigned type the seed does not have (CGD-11).
      if (ok && !isFloat && isUnsignedWidthSuffix(integer)) {
        std::string what = "constant '" + literal + "' has the suffix '" + suffix + "' of " +
                           integerSuffixTypeName(integer);
        if (!options.dialect.allows(CgcExtension::UnsignedIntegerWidths))
          report(suffixStart, i,
                 what +
                     ", not a type of the seed (its unsigned type is unsigned int; the cgc "
                     "dialect has it)",
                 kConstantsRule);
        else if (warned.insert("suffix " + suffix).second)
          diagnostics.add(
              {Severity::Warning,
               &file,
               Span{suffixStart, i},
               what + " (cgc dialect, extension " +
                   std::string(extensionInfo(CgcExtension::UnsignedIntegerWidths).name) +
                   "; the seed rejects it: " + kConstantsRule + ")",
               kConstantsRule,
               {}});
      }
      if (!hex && !suffix.empty() && (suffix == "f" || suffix == "h" || suffix == "x"))
        isFloat = true;
      tokens.push_back(
          {isFloat ? TokenKind::FloatLiteral : TokenKind::IntLiteral, {start, i}, literal});
      continue;
    }
    if (c == '"') {
      ++i;
      while (i < n && text[i] != '"' && text[i] != '\n') {
        if (text[i] == '\\' && i + 1 < n) ++i;
        ++i;
      }
      if (i >= n || text[i] != '"') {
        report(start, i, "unterminated string", kLexicalRule);
        continue;
      }
      ++i;
      tokens.push_back(
          {TokenKind::StringLiteral, {start, i}, std::string(text.substr(start, i - start))});
      continue;
    }
    bool matched = false;
    for (const char* p : kMultiPunct) {
      std::string_view pv(p);
      if (text.substr(i, pv.size()) == pv) {
        tokens.push_back(
            {TokenKind::Punctuation, {i, i + static_cast<uint32_t>(pv.size())}, std::string(pv)});
        i += static_cast<uint32_t>(pv.size());
        matched = true;
        break;
      }
    }
    if (matched) continue;
    if (kSinglePunct.find(c) != std::string_view::npos) {
      tokens.push_back({TokenKind::Punctuation, {i, i + 1}, std::string(1, c)});
      ++i;
      continue;
    }
    // Skip one whole UTF-8 sequence so that the diagnostic covers the character.
    uint32_t e = i + 1;
    while (e < n && (static_cast<unsigned char>(text[e]) & 0xC0) == 0x80) ++e;
    report(i, e, "unexpected character", kLexicalRule);
    i = e;
  }
  tokens.push_back({TokenKind::End, {n, n}, ""});
  return tokens;
}

}  // namespace plumb::cg
