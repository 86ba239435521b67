#include "semantics/wgsl/numeric_literal.h"

#include <cstring>

namespace plumb {
namespace {

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
bool isHexDigit(char c) {
  return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
int hexValue(char c) {
  if (isDigit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}

size_t run(std::string_view t, size_t i, bool (*pred)(char)) {
  while (i < t.size() && pred(t[i])) ++i;
  return i;
}

// Matches `[eE](\+|-)?[0-9]+` (or pP for hex) at i; returns the end or i if absent.
size_t exponentEnd(std::string_view t, size_t i, char lower, char upper) {
  if (i >= t.size() || (t[i] != lower && t[i] != upper)) return i;
  size_t j = i + 1;
  if (j < t.size() && (t[j] == '+' || t[j] == '-')) ++j;
  size_t k = run(t, j, isDigit);
  return k > j ? k : i;
}

bool at(std::string_view t, size_t i, char a, char b = 0) {
  return i < t.size() && (t[i] == a || (b && t[i] == b));
}

}  // namespace

// The longest match of the 11 regular expressions of #syntax-int_literal,
// #syntax-decimal_float_literal and #syntax-hex_float_literal.
size_t matchNumericLiteral(std::string_view t, bool& isFloat) {
  isFloat = false;
  if (t.empty()) return 0;
  if (t[0] == '0' && at(t, 1, 'x', 'X')) {
    size_t a = run(t, 2, isHexDigit);
    size_t intDigits = a - 2;
    if (at(t, a, '.')) {
      size_t b = run(t, a + 1, isHexDigit);
      if (intDigits > 0 || b > a + 1) {
        // /0[xX][0-9a-fA-F]*\.[0-9a-fA-F]+(...)?/ or /0[xX][0-9a-fA-F]+\.[0-9a-fA-F]*(...)?/
        isFloat = true;
        size_t e = exponentEnd(t, b, 'p', 'P');
        if (e > b && at(t, e, 'f', 'h')) ++e;
        return e;
      }
    }
    if (intDigits > 0) {
      size_t e = exponentEnd(t, a, 'p', 'P');
      if (e > a) {  // /0[xX][0-9a-fA-F]+[pP](\+|-)?[0-9]+[fh]?/
        isFloat = true;
        if (at(t, e, 'f', 'h')) ++e;
        return e;
      }
      return at(t, a, 'i', 'u') ? a + 1 : a;  // /0[xX][0-9a-fA-F]+[iu]?/
    }
    // "0x" not followed by a hexadecimal digit: only the integer literal `0` matches.
    return 1;
  }
  size_t a = run(t, 0, isDigit);
  if (at(t, a, '.')) {
    size_t b = run(t, a + 1, isDigit);
    if (a > 0 || b > a + 1) {  // the two forms with a decimal point
      isFloat = true;
      size_t e = exponentEnd(t, b, 'e', 'E');
      if (at(t, e, 'f', 'h')) ++e;
      return e;
    }
    return 0;  // a lone '.'
  }
  if (a == 0) return 0;
  size_t e = exponentEnd(t, a, 'e', 'E');
  if (e > a) {  // /[0-9]+[eE](\+|-)?[0-9]+[fh]?/
    isFloat = true;
    if (at(t, e, 'f', 'h')) ++e;
    return e;
  }
  if (t[0] == '0') {
    if (a > 1) return 1;       // decimal integers have no leading zero: `0` then more digits
    if (at(t, 1, 'f', 'h')) {  // /0[fh]/
      isFloat = true;
      return 2;
    }
    return at(t, 1, 'i', 'u') ? 2 : 1;  // /0[iu]?/
  }
  if (at(t, a, 'f', 'h')) {  // /[1-9][0-9]*[fh]/
    isFloat = true;
    return a + 1;
  }
  return at(t, a, 'i', 'u') ? a + 1 : a;  // /[1-9][0-9]*[iu]?/
}

NumericLiteralForm classifyNumericLiteral(std::string_view t) {
  NumericLiteralForm f;
  f.isHex = t.size() > 1 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
  bool isFloat = false;
  matchNumericLiteral(t, isFloat);
  f.isFloat = isFloat;
  char last = t.empty() ? 0 : t.back();
  if (f.isFloat) {
    // A hex float's trailing f is a suffix only after a binary exponent (#literals note).
    bool hasExponent = f.isHex ? t.find_first_of("pP") != std::string_view::npos : true;
    if (hasExponent && last == 'f') f.suffix = LiteralSuffix::F;
    if (hasExponent && last == 'h') f.suffix = LiteralSuffix::H;
  } else {
    if (last == 'i') f.suffix = LiteralSuffix::I;
    if (last == 'u') f.suffix = LiteralSuffix::U;
  }
  return f;
}

namespace {

// The midpoints between the largest finite values and 2^(emax+1): the smallest values that
// round to infinity under IEEE-754's default rounding (to nearest, ties to even: the largest
// finite significand is odd, so the midpoint itself rounds up). docs/ambiguities.md A5.
constexpr const char* kOverflowF16 = "65520";
constexpr const char* kOverflowF32 = "340282356779733661637539395458142568448";
constexpr const char* kOverflowF64 =
    "17976931348623158079372897140530341507993413271003782693617377898044496829276475094664901"
    "79775872070963302864166928879109465555478519404026306574886715058206819089020007083836762"
    "73854845817711531764475730270069855571366959622842914819860834936475292719074168444365510"
    "704342711559699508093042880177904174497792";

struct FloatFormat {
  const char* name;
  int precision;                // significand bits, including the implicit bit
  int emax;                     // exponent of the largest finite value
  int emin;                     // exponent of the smallest normal value
  const char* overflowDecimal;  // the smallest value that overflows (A5)
};
constexpr FloatFormat kF16{"f16", 11, 15, -14, kOverflowF16};
constexpr FloatFormat kF32{"f32", 24, 127, -126, kOverflowF32};
constexpr FloatFormat kAbstractFloat{"AbstractFloat", 53, 1023, -1022, kOverflowF64};

constexpr int64_t kExponentCap = int64_t(1) << 40;  // beyond every format by far

// Parses a signed decimal exponent, saturating: a thousand-digit exponent is just "huge".
int64_t parseExponent(std::string_view s) {
  bool negative = false;
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  int64_t v = 0;
  for (; i < s.size(); ++i) {
    v = v * 10 + (s[i] - '0');
    if (v > kExponentCap) v = kExponentCap;
  }
  return negative ? -v : v;
}

std::string shortText(std::string_view t) {
  if (t.size() <= 40) return std::string(t);
  return std::string(t.substr(0, 20)) + "..." + std::string(t.substr(t.size() - 12)) + " (" +
         std::to_string(t.size()) + " characters)";
}

// Splits a float literal's body into its significand digits (without the point), the number
// of digits before the point, and the exponent text.
struct FloatParts {
  std::string_view digitsBefore, digitsAfter, exponent;
};
FloatParts splitFloat(std::string_view body, bool hex) {
  FloatParts p;
  char e1 = hex ? 'p' : 'e', e2 = hex ? 'P' : 'E';
  size_t epos = std::string_view::npos;
  for (size_t i = 0; i < body.size(); ++i)
    if (body[i] == e1 || body[i] == e2) {
      epos = i;
      break;
    }
  std::string_view mant = body.substr(0, epos);
  if (epos != std::string_view::npos) p.exponent = body.substr(epos + 1);
  size_t dot = mant.find('.');
  p.digitsBefore = mant.substr(0, dot);
  if (dot != std::string_view::npos) p.digitsAfter = mant.substr(dot + 1);
  return p;
}

// Compares the decimal value 0.d1d2... x 10^x (digits given as two pieces) with the integer
// `bound`: -1, 0 or 1 as the value is less, equal or greater.
int decimalCompare(const FloatParts& p, const char* max) {
  std::string digits;  // significant digits, built lazily only when the magnitudes tie
  int64_t pointPos = static_cast<int64_t>(p.digitsBefore.size());
  // Skip leading zeros.
  size_t lead = 0;
  size_t total = p.digitsBefore.size() + p.digitsAfter.size();
  auto digitAt = [&](size_t i) {
    return i < p.digitsBefore.size() ? p.digitsBefore[i] : p.digitsAfter[i - p.digitsBefore.size()];
  };
  while (lead < total && digitAt(lead) == '0') ++lead;
  if (lead == total) return -1;  // zero
  pointPos -= static_cast<int64_t>(lead);
  int64_t x = pointPos + parseExponent(p.exponent);
  int64_t maxLen = static_cast<int64_t>(std::strlen(max));
  if (x != maxLen) return x > maxLen ? 1 : -1;
  // Same magnitude: compare the significant digits with those of the bound.
  size_t end = total;
  while (end > lead && digitAt(end - 1) == '0') --end;
  size_t n = end - lead;
  for (size_t i = 0; i < n; ++i) {
    char m = i < static_cast<size_t>(maxLen) ? max[i] : '0';
    char d = digitAt(lead + i);
    if (d != m) return d > m ? 1 : -1;
  }
  // The value's digits are a prefix of the bound's: equal when the bound has only zeros left.
  for (int64_t i = static_cast<int64_t>(n); i < maxLen; ++i)
    if (max[i] != '0') return -1;
  return 0;
}

struct HexVerdict {
  bool overflow = false;
  bool exact = true;
};

// Classifies the hexadecimal value 0.h1h2... x 16^pointPos x 2^exp against a binary format.
HexVerdict hexAgainst(const FloatParts& p, const FloatFormat& fmt) {
  HexVerdict v;
  size_t total = p.digitsBefore.size() + p.digitsAfter.size();
  auto digitAt = [&](size_t i) {
    return hexValue(i < p.digitsBefore.size() ? p.digitsBefore[i]
                                              : p.digitsAfter[i - p.digitsBefore.size()]);
  };
  size_t lead = 0;
  while (lead < total && digitAt(lead) == 0) ++lead;
  if (lead == total) return v;  // zero is exact
  size_t end = total;
  while (end > lead && digitAt(end - 1) == 0) --end;
  int64_t pointPos = static_cast<int64_t>(p.digitsBefore.size()) - static_cast<int64_t>(lead);
  int first = digitAt(lead);
  int firstBits = first >= 8 ? 4 : first >= 4 ? 3 : first >= 2 ? 2 : 1;
  int last = digitAt(end - 1);
  int lastZeros = (last & 1) ? 0 : (last & 2) ? 1 : (last & 4) ? 2 : 3;
  // Position of the top set bit: the first digit's top bit is 2^(firstBits-1) * 16^(pointPos-1).
  int64_t top = 4 * pointPos + parseExponent(p.exponent) + firstBits - 5;
  int64_t bits = firstBits + 4 * static_cast<int64_t>(end - lead - 1) - lastZeros;
  int64_t lowest = top - bits + 1;
  if (top > fmt.emax) {
    v.overflow = true;
  } else if (top == fmt.emax && bits > fmt.precision) {
    // At least the midpoint between the largest finite value and 2^(emax+1) (so that it
    // rounds to infinity, A5) iff the top `precision` + 1 bits are all ones. Between the
    // largest finite value and the midpoint it rounds to that value: not an overflow, but
    // inexact (an error with a suffix, below).
    bool allOnes = true;
    int64_t need = fmt.precision + 1;
    for (size_t i = lead; i < end && need > 0 && allOnes; ++i) {
      int d = digitAt(i);
      int width = i == lead ? firstBits : 4;
      for (int b = width - 1; b >= 0 && need > 0; --b, --need)
        if (!((d >> b) & 1)) allOnes = false;
    }
    v.overflow = allOnes;
  }
  v.exact = !v.overflow && bits <= fmt.precision && lowest >= fmt.emin - fmt.precision + 1;
  return v;
}

}  // namespace

LiteralProblem checkNumericLiteral(std::string_view text) {
  NumericLiteralForm form = classifyNumericLiteral(text);
  std::string_view body = text;
  if (form.suffix != LiteralSuffix::None) body.remove_suffix(1);
  if (form.isHex) body.remove_prefix(2);

  if (!form.isFloat) {
    uint64_t value = 0;
    bool tooBig = false;
    for (char c : body) {
      uint64_t d = static_cast<uint64_t>(form.isHex ? hexValue(c) : c - '0');
      uint64_t base = form.isHex ? 16 : 10;
      if (value > (UINT64_MAX - d) / base) {
        tooBig = true;
        break;
      }
      value = value * base + d;
    }
    switch (form.suffix) {
      case LiteralSuffix::I:
        if (tooBig || value > 0x7FFFFFFFull)
          return {"integer literal " + shortText(text) +
                      " cannot be represented by i32 (largest value 2147483647)",
                  "literals"};
        break;
      case LiteralSuffix::U:
        if (tooBig || value > 0xFFFFFFFFull)
          return {"integer literal " + shortText(text) +
                      " cannot be represented by u32 (largest value 4294967295)",
                  "literals"};
        break;
      default:
        if (tooBig || value > 0x7FFFFFFFFFFFFFFFull)
          return {"integer literal " + shortText(text) +
                      " is outside the range of AbstractInt (largest value 9223372036854775807)",
                  "abstractint"};
    }
    return {};
  }

  const FloatFormat& fmt = form.suffix == LiteralSuffix::F   ? kF32
                           : form.suffix == LiteralSuffix::H ? kF16
                                                             : kAbstractFloat;
  FloatParts parts = splitFloat(body, form.isHex);
  const char* rule = form.suffix == LiteralSuffix::None ? "abstractfloat" : "literals";
  if (form.isHex) {
    HexVerdict v = hexAgainst(parts, fmt);
    if (v.overflow)
      return {"hexadecimal floating point literal " + shortText(text) + " overflows " + fmt.name,
              rule};
    if (!v.exact && form.suffix != LiteralSuffix::None)
      return {"hexadecimal floating point literal " + shortText(text) +
                  " cannot be exactly represented by " + fmt.name,
              rule};
    return {};
  }
  // "Overflows the target type" (#literals) as IEEE-754 defines overflow: the value rounded to
  // nearest (ties to even) is infinite, i.e. it is at least the midpoint between the largest
  // finite value and 2^(emax+1) (docs/ambiguities.md A5).
  if (decimalCompare(parts, fmt.overflowDecimal) >= 0)
    return {"floating point literal " + shortText(text) + " overflows " + fmt.name +
                " (it rounds to infinity: it is at least " + fmt.name +
                "'s largest finite value plus half an ulp)",
            rule};
  return {};
}

}  // namespace plumb
