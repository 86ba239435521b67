// Random derivations of the seed grammar, checked against the parser.
//
// The engine reads tests/data/spec/grammar.txt (the 206 productions of wgsl-2022-06-07.bs,
// #grammar) at test time, builds its productions (alternatives, groups, `*` `+` `?`,
// terminals) and derives random translation_units from them. Every program is a sentence of
// the grammar by construction, so Plumb must parse it and round-trip it
// (parse(print(parse(x))) == parse(x)). What the grammar alone does not say is supplied by the
// spec's prose, and only that:
//   - identifiers are drawn from names that are not keywords or reserved words, are not `_`
//     and do not start with `__` (#identifiers, #keywords, #reserved-words);
//   - numeric literals respect the range rules of #literals (i32/u32 for `i`/`u`, no overflow
//     of f32/f16, hexadecimal floats with `f`/`h` exact) and Plumb's reading of unsuffixed
//     literals (docs/ambiguities.md A4: AbstractInt < 2^63, AbstractFloat finite);
//   - tokens are separated by blankspace (all 11 code points of #blankspace-and-line-breaks)
//     and comments (#comments, including nested block comments), or, in the tight mode, joined
//     where the tokenization of #parsing gives back the same tokens.
// Derivations are sized (see Budget): programs have a few hundred tokens, and every
// alternative and repetition count of the grammar is reached over the runs, which
// RunsCoverEveryAlternativeAndRepetition checks.
//
// A failure prints the seed, the mode and the program. The generator, not the parser, is the
// first suspect: it must only produce sentences of the grammar.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "semantics/wgsl/lexer.h"
#include "semantics/round_trip.h"
#include "test_data.h"

namespace plumb {
namespace {

using testing::readFile;

std::string dataPath(const char* name) {
  return std::string(PLUMB_TEST_DATA_DIR) + name;
}

std::set<std::string> readWordList(const char* name) {
  std::set<std::string> out;
  std::istringstream in(readFile(dataPath(name)));
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) out.insert(line.substr(0, line.find('\t')));
  return out;
}

// ------------------------------------------------------------------------- grammar model

// A choice is a production or a parenthesized group: a list of alternatives, each a sequence
// of items. Productions come first (in the order of grammar.txt), groups after them.
struct Item {
  enum Kind { Ref, Literal, Regex } kind;
  std::string text;     // the literal's text or the regex's source (`/.../flags`)
  int choice = -1;      // Ref: the production or group
  char quantifier = 0;  // 0, '*', '+' or '?'
};
using Sequence = std::vector<Item>;

struct Choice {
  std::string name;  // production name, or "(group in NAME)"
  std::vector<Sequence> alternatives;
  bool isGroup = false;
};

struct Cost {
  uint32_t tokens = 0, height = 0;
  bool operator<(const Cost& o) const {
    return tokens != o.tokens ? tokens < o.tokens : height < o.height;
  }
};
constexpr uint32_t kInfinite = 1u << 30;
// Bounds that let a derivation step work without allocating: items per alternative and
// repetitions per quantified item.
constexpr size_t kMaxItems = 16;
constexpr int kMaxRepetitions = 8;

struct Grammar {
  std::vector<Choice> choices;
  size_t productionCount = 0;
  std::map<std::string, int> byName;
  std::string error;  // non-empty if grammar.txt could not be read as expected
  // Least cost of each choice and of each alternative (fixpoint of Knuth's shortest-derivation
  // iteration: a sequence costs the sum of its items' tokens and one more than their height).
  std::vector<Cost> cost;
  std::vector<std::vector<Cost>> alternativeCost;
  // Whether a choice can derive more than one token (sizes are shared only among those).
  std::vector<bool> grows;
  // Per alternative: whether it refers to its own choice directly.
  std::vector<std::vector<bool>> selfRecursive;
  // Per choice: the alternatives of least cost.
  std::vector<std::vector<uint32_t>> cheapest;

  int find(const std::string& name) const {
    auto it = byName.find(name);
    return it == byName.end() ? -1 : it->second;
  }
};

// One line of grammar.txt: `name : | alt | alt ...`, where an alternative is a sequence of
// production names, backquoted terminals (`'text'` or a regex `/.../`), parenthesized groups
// and the postfix quantifiers * + ?. Token productions carry commentary such as
// "(Code point: `U+0026`)", which is not part of the grammar.
class RhsParser {
 public:
  RhsParser(Grammar& g, std::string rhs, std::string owner)
      : g_(g), s_(std::move(rhs)), owner_(std::move(owner)) {}

  std::vector<Sequence> alternatives(bool& ok) {
    std::vector<Sequence> alts{sequence()};
    while (skip() && s_[i_] == '|') {
      ++i_;
      alts.push_back(sequence());
    }
    ok = ok_ && (top_ ? (skip(), i_ == s_.size()) : true);
    return alts;
  }

 private:
  bool skip() {
    while (i_ < s_.size() && s_[i_] == ' ') ++i_;
    return i_ < s_.size();
  }
  Sequence sequence() {
    Sequence items;
    while (skip() && s_[i_] != '|' && s_[i_] != ')') {
      Item item{Item::Literal, ""};
      char c = s_[i_];
      if (c == '`') {
        size_t end = s_.find('`', i_ + 1);
        if (end == std::string::npos) return fail(items);
        std::string body = s_.substr(i_ + 1, end - i_ - 1);
        i_ = end + 1;
        if (body.size() >= 2 && body.front() == '\'' && body.back() == '\'') {
          item.text = body.substr(1, body.size() - 2);
        } else if (!body.empty() && body.front() == '/') {
          item.kind = Item::Regex;
          item.text = body;
        } else {
          return fail(items);
        }
      } else if (c == '(') {
        ++i_;
        Choice group;
        group.name = "(group in " + owner_ + ")";
        group.isGroup = true;
        bool wasTop = top_;
        top_ = false;
        bool innerOk = true;
        group.alternatives = alternatives(innerOk);
        top_ = wasTop;
        if (!innerOk || !skip() || s_[i_] != ')') return fail(items);
        ++i_;
        item.kind = Item::Ref;
        item.choice = static_cast<int>(g_.choices.size());
        g_.choices.push_back(std::move(group));
      } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
        size_t end = i_;
        while (end < s_.size() &&
               (std::isalnum(static_cast<unsigned char>(s_[end])) || s_[end] == '_'))
          ++end;
        item.kind = Item::Ref;
        item.text = s_.substr(i_, end - i_);  // resolved once every production is known
        i_ = end;
      } else {
        return fail(items);
      }
      skip();  // grammar.txt writes `( ... ) *` with a blank before the quantifier
      if (i_ < s_.size() && (s_[i_] == '*' || s_[i_] == '+' || s_[i_] == '?'))
        item.quantifier = s_[i_++];
      items.push_back(std::move(item));
    }
    return items;
  }
  Sequence fail(Sequence items) {
    ok_ = false;
    i_ = s_.size();
    return items;
  }

  Grammar& g_;
  std::string s_;
  std::string owner_;
  size_t i_ = 0;
  bool ok_ = true;
  bool top_ = true;
};

std::string stripCommentary(std::string rhs) {
  for (size_t p; (p = rhs.find("(Code point")) != std::string::npos;) {
    size_t end = rhs.find(')', p);
    rhs.erase(p, end == std::string::npos ? std::string::npos : end - p + 1);
  }
  return rhs;
}

void computeCosts(Grammar& g) {
  g.cost.assign(g.choices.size(), Cost{kInfinite, kInfinite});
  g.alternativeCost.assign(g.choices.size(), {});
  for (size_t c = 0; c < g.choices.size(); ++c)
    g.alternativeCost[c].assign(g.choices[c].alternatives.size(), Cost{kInfinite, kInfinite});
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t c = 0; c < g.choices.size(); ++c) {
      for (size_t a = 0; a < g.choices[c].alternatives.size(); ++a) {
        Cost sum{0, 0};
        for (const Item& it : g.choices[c].alternatives[a]) {
          if (it.quantifier == '*' || it.quantifier == '?') continue;
          Cost ic = it.kind == Item::Ref ? g.cost[it.choice] : Cost{1, 0};
          sum.tokens = std::min(kInfinite, sum.tokens + ic.tokens);
          sum.height = std::max(sum.height, ic.height);
        }
        sum.height = std::min(kInfinite, sum.height + 1);
        g.alternativeCost[c][a] = sum;
        if (sum < g.cost[c]) {
          g.cost[c] = sum;
          changed = true;
        }
      }
    }
  }
}

// A choice is one token long if each alternative is a single unquantified terminal or a
// reference to such a choice (the token productions, `ident`, the literals).
void computeGrowth(Grammar& g) {
  std::vector<bool> single(g.choices.size(), false);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t c = 0; c < g.choices.size(); ++c) {
      if (single[c]) continue;
      bool all = true;
      for (const Sequence& s : g.choices[c].alternatives)
        all = all && s.size() == 1 && !s[0].quantifier &&
              (s[0].kind != Item::Ref || single[s[0].choice]);
      if (all) single[c] = changed = true;
    }
  }
  g.grows.assign(g.choices.size(), false);
  for (size_t c = 0; c < g.choices.size(); ++c) g.grows[c] = !single[c];
}

Grammar loadGrammar() {
  Grammar g;
  std::istringstream in(readFile(dataPath("/spec/grammar.txt")));
  std::string line;
  std::vector<std::pair<std::string, std::string>> rules;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    size_t colon = line.find(" : ");
    if (colon == std::string::npos) {
      g.error = "no ' : ' in line: " + line;
      return g;
    }
    std::string rhs = stripCommentary(line.substr(colon + 3));
    size_t bar = rhs.find_first_not_of(' ');
    if (bar == std::string::npos || rhs[bar] != '|') {
      g.error = "right-hand side does not start with '|': " + line;
      return g;
    }
    rules.emplace_back(line.substr(0, colon), rhs.substr(bar + 1));
  }
  g.productionCount = rules.size();
  for (const auto& [name, rhs] : rules) {
    g.byName[name] = static_cast<int>(g.choices.size());
    g.choices.push_back(Choice{name, {}, false});
  }
  for (size_t p = 0; p < rules.size(); ++p) {
    bool ok = true;
    std::vector<Sequence> alts = RhsParser(g, rules[p].second, rules[p].first).alternatives(ok);
    if (!ok) {
      g.error = "cannot read the right-hand side of " + rules[p].first;
      return g;
    }
    g.choices[p].alternatives = std::move(alts);
  }
  for (Choice& c : g.choices)
    for (Sequence& s : c.alternatives)
      for (Item& it : s)
        if (it.kind == Item::Ref && it.choice < 0) {
          it.choice = g.find(it.text);
          if (it.choice < 0) {
            g.error = "undefined production '" + it.text + "' used in " + c.name;
            return g;
          }
        }
  computeGrowth(g);
  computeCosts(g);
  g.selfRecursive.resize(g.choices.size());
  g.cheapest.resize(g.choices.size());
  for (size_t c = 0; c < g.choices.size(); ++c) {
    const std::vector<Sequence>& alts = g.choices[c].alternatives;
    for (uint32_t a = 0; a < alts.size(); ++a) {
      if (alts[a].size() > kMaxItems) g.error = "more than kMaxItems items in " + g.choices[c].name;
      bool self = false;
      for (const Item& it : alts[a]) self = self || (it.kind == Item::Ref && it.choice == int(c));
      g.selfRecursive[c].push_back(self);
      if (g.alternativeCost[c][a].tokens == g.cost[c].tokens &&
          g.alternativeCost[c][a].height == g.cost[c].height)
        g.cheapest[c].push_back(a);
    }
  }
  return g;
}

const Grammar& grammar() {
  static const Grammar g = loadGrammar();
  return g;
}

// The choices reachable from translation_unit (#syntax-translation_unit): `_blankspace` and
// `_reserved` describe the lexer and are not.
std::vector<bool> reachable(const Grammar& g) {
  std::vector<bool> seen(g.choices.size(), false);
  std::vector<int> work{g.find("translation_unit")};
  seen[work[0]] = true;
  while (!work.empty()) {
    int c = work.back();
    work.pop_back();
    for (const Sequence& s : g.choices[c].alternatives)
      for (const Item& it : s)
        if (it.kind == Item::Ref && !seen[it.choice]) {
          seen[it.choice] = true;
          work.push_back(it.choice);
        }
  }
  return seen;
}

// ------------------------------------------------------------------------------ randomness

// std::mt19937's output is fixed by the standard; the distributions of <random> are not (they
// differ between libstdc++ and libc++), so the few draws needed are made here.
class Random {
 public:
  explicit Random(uint32_t seed) : engine_(seed) {}
  uint32_t below(uint32_t n) { return n <= 1 ? 0 : static_cast<uint32_t>(engine_() % n); }
  bool chance(uint32_t numerator, uint32_t denominator) { return below(denominator) < numerator; }
  uint64_t bits64() { return (uint64_t{engine_()} << 32) | engine_(); }
  // A value in [0, max] with a bias towards small ones and the ends of the range.
  uint64_t upTo(uint64_t max) {
    switch (below(8)) {
      case 0:
        return max;
      case 1:
        return max - std::min<uint64_t>(max, below(3));
      case 2:
      case 3: {
        unsigned width = 1 + below(64);
        uint64_t v = width >= 64 ? bits64() : bits64() & ((uint64_t{1} << width) - 1);
        return max == UINT64_MAX ? v : v % (max + 1);
      }
      default:
        return std::min<uint64_t>(max, below(below(2) ? 10 : 300));
    }
  }
  template <typename T>
  const T& pick(const std::vector<T>& v) {
    return v[below(static_cast<uint32_t>(v.size()))];
  }

 private:
  std::mt19937 engine_;
};

// ------------------------------------------------------------------- terminal generators

enum class Suffix { None, I, U, F, H };

// #literals: "An integer literal with an i or u suffix ... must be representable by" i32 or
// u32; unsuffixed literals are AbstractInt, a 64-bit signed integer (#abstractint,
// docs/ambiguities.md A4).
uint64_t intLimit(Suffix s) {
  return s == Suffix::I ? 0x7FFFFFFFull : s == Suffix::U ? 0xFFFFFFFFull : 0x7FFFFFFFFFFFFFFFull;
}
Suffix intSuffix(Random& r) {
  static const std::vector<Suffix> kSuffixes{Suffix::None, Suffix::None, Suffix::I, Suffix::U};
  return r.pick(kSuffixes);
}
const char* suffixText(Suffix s) {
  switch (s) {
    case Suffix::I:
      return "i";
    case Suffix::U:
      return "u";
    case Suffix::F:
      return "f";
    case Suffix::H:
      return "h";
    default:
      return "";
  }
}

char hexDigit(Random& r, unsigned v) {
  return v < 10 ? static_cast<char>('0' + v)
                : static_cast<char>((r.chance(1, 2) ? 'a' : 'A') + (v - 10));
}
std::string decimalDigits(Random& r, int n, bool nonZeroFirst) {
  std::string s;
  for (int i = 0; i < n; ++i)
    s += static_cast<char>(i == 0 && nonZeroFirst ? '1' + r.below(9) : '0' + r.below(10));
  return s;
}

// /0[xX][0-9a-fA-F]+[iu]?/
std::string hexIntLiteral(Random& r) {
  Suffix s = intSuffix(r);
  uint64_t v = r.upTo(intLimit(s));
  std::string digits;
  do {
    digits.insert(digits.begin(), hexDigit(r, static_cast<unsigned>(v & 15)));
    v >>= 4;
  } while (v);
  digits.insert(0, r.below(4) == 0 ? r.below(3) : 0, '0');  // leading zeros do not count
  return std::string("0") + (r.chance(1, 4) ? "X" : "x") + digits + suffixText(s);
}

// /0[iu]?/
std::string zeroIntLiteral(Random& r) {
  return std::string("0") + suffixText(intSuffix(r));
}

// /[1-9][0-9]*[iu]?/
std::string decimalIntLiteral(Random& r) {
  Suffix s = intSuffix(r);
  uint64_t v = std::max<uint64_t>(1, r.upTo(intLimit(s)));
  return std::to_string(v) + suffixText(s);
}

Suffix floatSuffix(Random& r) {
  static const std::vector<Suffix> kSuffixes{Suffix::None, Suffix::None, Suffix::F, Suffix::H};
  return r.pick(kSuffixes);
}

// Decimal floats: a value below 10^(limit) cannot overflow: f32's largest finite value is
// about 3.4e38 and f16's is 65504 (#floating-point-types), binary64's about 1.8e308
// (#abstractfloat).
int decimalLimit(Suffix s) {
  return s == Suffix::F ? 38 : s == Suffix::H ? 4 : 308;
}

// The exponent of the highest non-zero digit of before.after plus one (0 for a zero value):
// the value is below 10^magnitude(...) before the decimal exponent is applied.
int magnitude(const std::string& before, const std::string& after, bool& zero) {
  std::string all = before + after;
  size_t lead = all.find_first_not_of('0');
  zero = lead == std::string::npos;
  return zero ? 0 : static_cast<int>(before.size()) - static_cast<int>(lead);
}

std::string exponentText(Random& r, char letter, int value) {
  std::string s(1, r.chance(1, 3) ? static_cast<char>(std::toupper(letter)) : letter);
  if (value < 0)
    s += '-';
  else if (r.chance(1, 3))
    s += '+';
  if (r.chance(1, 8)) s += '0';  // leading zeros in an exponent are allowed
  return s + std::to_string(value < 0 ? -value : value);
}

// Picks a decimal exponent for digits of the given magnitude so that the value stays below
// 10^limit; small exponents are the common case.
int decimalExponent(Random& r, int mag, bool zero, Suffix s) {
  int hi = decimalLimit(s) - mag;
  int lo = -(r.chance(1, 6) ? 60 : 12);
  if (zero) hi = r.chance(1, 6) ? 400 : 12;  // zero never overflows, whatever its exponent
  if (!zero && r.chance(1, 6)) return hi;    // the largest magnitude allowed
  return lo + static_cast<int>(r.below(static_cast<uint32_t>(std::max(1, hi - lo + 1))));
}

// Values at the edges of #literals' overflow rules, in each form: the largest finite f32, f16
// and binary64 values exactly (or just below), and values that underflow (not an error).
const std::string& decimalBoundary(Random& r, int form) {
  static const std::vector<std::string> kForms[5] = {
      {".65504e5h", ".340282346638528859811704183484516925440e39f", ".17976931348623157e309"},
      {"340282346638528859811704183484516925439.9f", "65503.99h", "65504.h",
       "340282346638528859811704183484516925440.0f", "1.7976931348623157e308", "4.9e-324"},
      {"1e-400", "65504e0h", "34028234663852885981e19f", "17976931348623157e292", "1e-50h"},
      {"0f", "0h"},
      {"65504h", "340282346638528859811704183484516925440f"}};
  return r.pick(kForms[form]);
}

// /[0-9]*\.[0-9]+([eE](\+|-)?[0-9]+)?[fh]?/ (form 0), /[0-9]+\.[0-9]*(...)?[fh]?/ (form 1),
// /[0-9]+[eE](\+|-)?[0-9]+[fh]?/ (form 2), /0[fh]/ (form 3), /[1-9][0-9]*[fh]/ (form 4).
std::string decimalFloatLiteral(Random& r, int form) {
  if (r.chance(1, 40)) return decimalBoundary(r, form);
  Suffix s = floatSuffix(r);
  if (form == 3) return r.chance(1, 2) ? "0f" : "0h";
  if (form == 4) {
    if (s != Suffix::F && s != Suffix::H) s = r.chance(1, 2) ? Suffix::F : Suffix::H;
    int digits = 1 + static_cast<int>(r.below(s == Suffix::H ? 4 : 9));
    return decimalDigits(r, digits, true) + suffixText(s);
  }
  std::string before =
      decimalDigits(r, static_cast<int>(form == 0 ? r.below(4) : 1 + r.below(4)), false);
  std::string after = decimalDigits(r,
                                    static_cast<int>(form == 0   ? 1 + r.below(4)
                                                     : form == 1 ? r.below(4)
                                                                 : 0),
                                    false);
  bool zero = false;
  int mag = magnitude(before, after, zero);
  bool exponent = form == 2 || r.chance(1, 3);
  if (!exponent && mag > decimalLimit(s)) s = Suffix::None;
  std::string text = form == 2 ? before : before + "." + after;
  if (exponent) text += exponentText(r, 'e', decimalExponent(r, mag, zero, s));
  return text + suffixText(s);
}

// Hexadecimal floats: the value is M x 2^(exponent - 4 x fraction digits) for the integer M of
// all hex digits. With a suffix it must be exact and finite in f32/f16 (#literals); without, it
// must not overflow binary64 (docs/ambiguities.md A4). Returns false if no exponent fits.
struct BinaryFormat {
  int precision, emax, emin;
};
bool hexExponentRange(uint64_t m, int fractionDigits, Suffix s, int& lo, int& hi) {
  BinaryFormat f = s == Suffix::F   ? BinaryFormat{24, 127, -126}
                   : s == Suffix::H ? BinaryFormat{11, 15, -14}
                                    : BinaryFormat{53, 1023, -1022};
  lo = -1100;
  hi = 1100;
  if (m == 0) return true;
  int zeros = 0;
  while (!(m & 1)) m >>= 1, ++zeros;
  int bits = 0;
  for (uint64_t t = m; t; t >>= 1) ++bits;
  // lowest set bit: zeros - 4*fractionDigits + e; highest: that + bits - 1.
  int base = zeros - 4 * fractionDigits;
  hi = f.emax - (base + bits - 1);
  if (s != Suffix::None) {
    if (bits > f.precision) return false;
    lo = (f.emin - f.precision + 1) - base;  // subnormals are exact too
  }
  return lo <= hi;
}

// /0[xX][0-9a-fA-F]*\.[0-9a-fA-F]+(...)?/ (form 0), /0[xX][0-9a-fA-F]+\.[0-9a-fA-F]*(...)?/
// (form 1), /0[xX][0-9a-fA-F]+[pP](\+|-)?[0-9]+[fh]?/ (form 2); the suffix needs the exponent.
std::string hexFloatLiteral(Random& r, int form) {
  if (r.chance(1, 40)) {
    // The largest finite values, the smallest subnormals, and their spellings in each form.
    static const std::vector<std::string> kBoundary[3] = {
        {"0X.8P-1h", "0x1.fffffep127f", "0x1.ffcp15h", "0x.000002p-126f"},
        {"0x1.fffffffffffffp1023", "0xFFE.p4h", "0x1.p-24h"},
        {"0x1p-149f", "0x1p-24h", "0x1P+127f", "0xffffffp104f"}};
    return r.pick(kBoundary[form]);
  }
  for (;;) {
    int intDigits = static_cast<int>(form == 0 ? r.below(3) : 1 + r.below(3));
    int fracDigits = static_cast<int>(form == 0 ? 1 + r.below(3) : form == 1 ? r.below(3) : 0);
    std::string ints, fracs;
    uint64_t m = 0;
    for (int i = 0; i < intDigits + fracDigits; ++i) {
      unsigned d = r.below(16);
      if (r.chance(1, 4)) d = 0;
      m = m * 16 + d;
      (i < intDigits ? ints : fracs) += hexDigit(r, d);
    }
    bool exponent = form == 2 || r.chance(1, 2);
    Suffix s = exponent ? floatSuffix(r) : Suffix::None;
    std::string text = std::string("0") + (r.chance(1, 4) ? "X" : "x") + ints;
    if (form != 2) text += "." + fracs;
    if (!exponent) return text;  // at most 24 bits: finite, and no suffix to be exact for
    int lo, hi;
    if (!hexExponentRange(m, fracDigits, s, lo, hi)) continue;
    int e;
    if (r.chance(1, 8))
      e = r.chance(1, 2) ? lo : hi;
    else
      e = std::clamp(static_cast<int>(r.below(41)) - 20, lo, hi);
    return text + exponentText(r, 'p', e) + suffixText(s);
  }
}

// Identifiers: a pool of spellings near the keywords and reserved words, attribute and
// builtin names (which are identifiers in the seed), single letters that are also literal
// suffixes, and non-ASCII XID words; plus random ASCII words. Keywords, reserved words, `_`
// and `__...` are filtered out (#identifiers).
class Identifiers {
 public:
  Identifiers()
      : keywords_(readWordList("/spec/keywords.txt")),
        reserved_(readWordList("/spec/reserved.txt")) {
    static const char kAscii[] =
        "a b c x y z v0 foo bar_1 S T main position vertex fragment compute workgroup_size "
        "location builtin group binding id size align interpolate flat read write read_write "
        "rgba8unorm r32float texture_external select u i f h e p E5 x_ _x _0 fnord letter "
        "vec2f mat2x2f array_ f32x i32_ true_ var_ alias const_assert diagnostic sample modulo "
        "matrix_ texture_2dx sampler_ ptr2 bitcast_";
    static const char* const kNonAscii[] = {
        "\xCE\xB1\xCE\xB2",          // αβ
        "\xC5\x9D",                  // ŝ
        "\xE2\x84\x95",              // ℕ (U+2115)
        "x\xCC\x81",                 // x + U+0301 combining acute (XID_Continue)
        "\xE6\x97\xA5\xE6\x9C\xAC",  // 日本
        "_\xC3\xBC",                 // _ü
        "a\xC2\xB7\x62",             // a·b (U+00B7 is Other_ID_Continue)
        "\xE2\x84\x98",              // ℘ (U+2118, Other_ID_Start)
        "\xE1\x9A\xA0",              // ᚠ (U+16A0, Runic)
        "\xCE\x94x",                 // Δx
    };
    std::istringstream words(kAscii);
    for (std::string w; words >> w;)
      if (allowed(w)) pool_.push_back(w);
    for (const char* w : kNonAscii)
      if (allowed(w)) pool_.push_back(w);
  }

  bool allowed(const std::string& w) const {
    return !w.empty() && w != "_" && w.rfind("__", 0) != 0 && !keywords_.count(w) &&
           !reserved_.count(w);
  }

  std::string next(Random& r) const {
    if (r.chance(3, 4)) return r.pick(pool_);
    for (;;) {
      static const char kStart[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_";
      static const char kContinue[] =
          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789";
      std::string w(1, kStart[r.below(sizeof kStart - 1)]);
      int n = static_cast<int>(r.below(8));
      for (int i = 0; i < n; ++i) w += kContinue[r.below(sizeof kContinue - 1)];
      if (allowed(w)) return w;
    }
  }

  const std::set<std::string>& keywords() const { return keywords_; }
  const std::set<std::string>& reserved() const { return reserved_; }
  const std::vector<std::string>& pool() const { return pool_; }

 private:
  std::set<std::string> keywords_, reserved_;
  std::vector<std::string> pool_;
};

// The regular expressions of grammar.txt, by their exact text, and what generates each.
enum class TerminalKind { Identifier, Int, Float };
struct RegexTerminal {
  const char* regex;
  TerminalKind kind;
  std::string (*generate)(Random&, const Identifiers&);
};
const std::vector<RegexTerminal>& regexTerminals() {
  static const std::vector<RegexTerminal> kTerminals{
      {"/([_\\p{XID_Start}][\\p{XID_Continue}]+)|([\\p{XID_Start}])/uy", TerminalKind::Identifier,
       [](Random& r, const Identifiers& ids) { return ids.next(r); }},
      {"/0[xX][0-9a-fA-F]+[iu]?/", TerminalKind::Int,
       [](Random& r, const Identifiers&) { return hexIntLiteral(r); }},
      {"/0[iu]?/", TerminalKind::Int,
       [](Random& r, const Identifiers&) { return zeroIntLiteral(r); }},
      {"/[1-9][0-9]*[iu]?/", TerminalKind::Int,
       [](Random& r, const Identifiers&) { return decimalIntLiteral(r); }},
      {"/[0-9]*\\.[0-9]+([eE](\\+|-)?[0-9]+)?[fh]?/", TerminalKind::Float,
       [](Random& r, const Identifiers&) { return decimalFloatLiteral(r, 0); }},
      {"/[0-9]+\\.[0-9]*([eE](\\+|-)?[0-9]+)?[fh]?/", TerminalKind::Float,
       [](Random& r, const Identifiers&) { return decimalFloatLiteral(r, 1); }},
      {"/[0-9]+[eE](\\+|-)?[0-9]+[fh]?/", TerminalKind::Float,
       [](Random& r, const Identifiers&) { return decimalFloatLiteral(r, 2); }},
      {"/0[fh]/", TerminalKind::Float,
       [](Random& r, const Identifiers&) { return decimalFloatLiteral(r, 3); }},
      {"/[1-9][0-9]*[fh]/", TerminalKind::Float,
       [](Random& r, const Identifiers&) { return decimalFloatLiteral(r, 4); }},
      {"/0[xX][0-9a-fA-F]*\\.[0-9a-fA-F]+([pP](\\+|-)?[0-9]+[fh]?)?/", TerminalKind::Float,
       [](Random& r, const Identifiers&) { return hexFloatLiteral(r, 0); }},
      {"/0[xX][0-9a-fA-F]+\\.[0-9a-fA-F]*([pP](\\+|-)?[0-9]+[fh]?)?/", TerminalKind::Float,
       [](Random& r, const Identifiers&) { return hexFloatLiteral(r, 1); }},
      {"/0[xX][0-9a-fA-F]+[pP](\\+|-)?[0-9]+[fh]?/", TerminalKind::Float,
       [](Random& r, const Identifiers&) { return hexFloatLiteral(r, 2); }},
  };
  return kTerminals;
}
const RegexTerminal* findRegexTerminal(const std::string& regex) {
  for (const RegexTerminal& t : regexTerminals())
    if (regex == t.regex) return &t;
  return nullptr;
}

// The 11 code points of `_blankspace : /[\u0020...]/uy` (#blankspace-and-line-breaks), as
// UTF-8.
std::vector<std::string> blankspaceFromGrammar(const Grammar& g) {
  std::vector<std::string> out;
  int p = g.find("_blankspace");
  if (p < 0) return out;
  const std::string& rx = g.choices[p].alternatives.at(0).at(0).text;
  for (size_t i = rx.find("\\u"); i != std::string::npos; i = rx.find("\\u", i + 2)) {
    unsigned cp = static_cast<unsigned>(std::stoul(rx.substr(i + 2, 4), nullptr, 16));
    std::string s;
    if (cp < 0x80) {
      s += static_cast<char>(cp);
    } else if (cp < 0x800) {
      s += static_cast<char>(0xC0 | (cp >> 6));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      s += static_cast<char>(0xE0 | (cp >> 12));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    }
    out.push_back(s);
  }
  return out;
}

// ------------------------------------------------------------------------------ derivation

struct DerivedToken {
  std::string text;
  int production = -1;  // the innermost production above it that is not a token production
};

struct Coverage {
  // Per choice and alternative: how often it was derived.
  std::vector<std::vector<uint64_t>> alternatives;
  // Per choice, alternative and item: whether 0, 1 and 2+ repetitions occurred.
  std::vector<std::vector<std::vector<std::array<bool, 3>>>> repetitions;

  explicit Coverage(const Grammar& g)
      : alternatives(g.choices.size()), repetitions(g.choices.size()) {
    for (size_t c = 0; c < g.choices.size(); ++c) {
      alternatives[c].assign(g.choices[c].alternatives.size(), 0);
      for (const Sequence& s : g.choices[c].alternatives)
        repetitions[c].emplace_back(s.size(), std::array<bool, 3>{});
    }
  }
};

// Sized derivation: each choice gets a size, a number of tokens to aim for. A choice takes a
// random alternative among those whose least cost fits its size (the cheapest one if none
// does), and the size left over after the cheapest completion of the alternative's items is
// shared among them, so that a program's size stays near the size it was started with however
// recursive the grammar. Alternatives that refer to their own production directly
// (`unary_expression : minus unary_expression`, the left-recursive binary operators) are
// skipped half the time, so that operator chains stay short. Past kMaxDepth nested choices
// every choice takes a cheapest alternative (this bounds the nesting whatever the sizes).
struct Budget {
  uint32_t size = 2000;  // tokens aimed for per translation_unit
  int maxDepth = 60;
};

class Deriver {
 public:
  Deriver(const Grammar& g, const Identifiers& ids, Random& r, Budget budget, Coverage* coverage)
      : g_(g), ids_(ids), r_(r), budget_(budget), coverage_(coverage) {}

  std::vector<DerivedToken> translationUnit() {
    out_.clear();
    derive(g_.find("translation_unit"), budget_.size, 0, -1);
    return std::move(out_);
  }

 private:
  uint32_t chooseAlternative(int c, uint32_t size, int depth) {
    const std::vector<Cost>& costs = g_.alternativeCost[c];
    const std::vector<bool>& self = g_.selfRecursive[c];
    uint32_t n = static_cast<uint32_t>(costs.size());
    // The k-th alternative that fits the size (and is not self-recursive, if `plainOnly`).
    auto nth = [&](bool plainOnly, uint32_t k) {
      for (uint32_t i = 0; i < n; ++i)
        if (costs[i].tokens <= size && !(plainOnly && self[i]) && k-- == 0) return i;
      return n;
    };
    uint32_t fitting = 0, plain = 0;
    if (depth < budget_.maxDepth)
      for (uint32_t i = 0; i < n; ++i)
        if (costs[i].tokens <= size) ++fitting, plain += self[i] ? 0 : 1;
    if (plain && r_.chance(1, 2)) return nth(true, r_.below(plain));
    if (fitting) return nth(false, r_.below(fitting));
    return r_.pick(g_.cheapest[c]);
  }

  uint32_t itemCost(const Item& it) const {
    return it.kind == Item::Ref ? g_.cost[it.choice].tokens : 1;
  }

  void derive(int c, uint32_t size, int depth, int production) {
    const Choice& choice = g_.choices[c];
    if (!choice.isGroup && g_.grows[c]) production = c;  // not the token productions
    uint32_t a = chooseAlternative(c, size, depth);
    if (coverage_) ++coverage_->alternatives[c][a];
    const Sequence& seq = choice.alternatives[a];
    bool minimal = g_.alternativeCost[c][a].tokens >= size || depth >= budget_.maxDepth;
    // Repetition counts: the least the quantifier allows when the size is used up; else `?`
    // 0 or 1, `*` 0 (a third of the time) or 1 to 3 (1 to 8 near the top, so that a
    // translation unit has several declarations), `+` 1 to 3.
    std::array<int, kMaxItems> counts;
    counts.fill(1);
    for (size_t i = 0; i < seq.size(); ++i) {
      switch (seq[i].quantifier) {
        case '?':
          counts[i] = minimal ? 0 : static_cast<int>(r_.below(2));
          break;
        case '*':
          counts[i] = minimal || r_.chance(1, depth < 3 ? 8 : 3)
                          ? 0
                          : 1 + static_cast<int>(r_.below(depth < 3 ? kMaxRepetitions : 3));
          break;
        case '+':
          counts[i] = minimal || r_.chance(1, 2) ? 1 : 1 + static_cast<int>(r_.below(3));
      }
    }
    // Drop repetitions until the cheapest completion fits the size.
    auto least = [&] {
      uint64_t sum = 0;
      for (size_t i = 0; i < seq.size(); ++i) sum += uint64_t{itemCost(seq[i])} * counts[i];
      return sum;
    };
    for (uint64_t need = least(); need > size;) {
      std::array<size_t, kMaxItems> reducible;
      uint32_t m = 0;
      for (size_t i = 0; i < seq.size(); ++i)
        if (counts[i] > (seq[i].quantifier == '+' || !seq[i].quantifier ? 1 : 0))
          reducible[m++] = i;
      if (m == 0) break;
      --counts[reducible[r_.below(m)]];
      need = least();
    }
    if (coverage_)
      for (size_t i = 0; i < seq.size(); ++i)
        if (seq[i].quantifier) coverage_->repetitions[c][a][i][std::min(counts[i], 2)] = true;
    // The spare size goes to the items that can grow (not to tokens), in random shares.
    uint64_t need = least();
    uint64_t spare = need < size ? size - need : 0;
    std::array<std::array<uint8_t, kMaxRepetitions>, kMaxItems> shares;
    uint64_t total = 0;
    for (size_t i = 0; i < seq.size(); ++i)
      for (int k = 0; k < counts[i]; ++k) {
        bool grows = seq[i].kind == Item::Ref && g_.grows[seq[i].choice];
        shares[i][k] = static_cast<uint8_t>(grows ? 1 + r_.below(4) : 0);
        total += shares[i][k];
      }
    for (size_t i = 0; i < seq.size(); ++i)
      for (int k = 0; k < counts[i]; ++k) {
        uint64_t extra = total ? spare * shares[i][k] / total : 0;
        item(seq[i], itemCost(seq[i]) + static_cast<uint32_t>(extra), depth + 1, production);
      }
  }

  void item(const Item& it, uint32_t size, int depth, int production) {
    switch (it.kind) {
      case Item::Ref:
        derive(it.choice, size, depth, production);
        return;
      case Item::Literal:
        out_.push_back(DerivedToken{it.text, production});
        return;
      case Item::Regex: {
        const RegexTerminal* t = findRegexTerminal(it.text);
        out_.push_back(DerivedToken{
            t ? t->generate(r_, ids_) : "<no generator for " + it.text + ">", production});
        return;
      }
    }
  }

  const Grammar& g_;
  const Identifiers& ids_;
  Random& r_;
  Budget budget_;
  Coverage* coverage_;
  std::vector<DerivedToken> out_;
};

// ------------------------------------------------------------------------------- rendering

enum class Layout { Spaced, Tight };

bool isWordByte(char c) {
  unsigned char u = static_cast<unsigned char>(c);
  return std::isalnum(u) || c == '_' || u >= 0x80;
}
bool isNumber(const std::string& t) {
  return !t.empty() &&
         (std::isdigit(static_cast<unsigned char>(t[0])) || (t[0] == '.' && t.size() > 1));
}

class Renderer {
 public:
  Renderer(const Grammar& g, Random& r, std::vector<std::string> blankspace)
      : r_(r), blankspace_(std::move(blankspace)) {
    std::istringstream in(readFile(dataPath("/spec/syntactic_tokens.txt")));
    std::string line;
    while (std::getline(in, line)) {
      size_t tab = line.find('\t');
      if (tab != std::string::npos) syntactic_.push_back(line.substr(tab + 1));
    }
    unaryProductions_ = {g.find("unary_expression"), g.find("lhs_expression")};
  }

  std::string render(const std::vector<DerivedToken>& tokens, Layout layout) {
    std::string s;
    for (size_t i = 0; i < tokens.size(); ++i) {
      if (i > 0) {
        Join j = layout == Layout::Tight ? joinable(tokens[i - 1], tokens[i]) : Join::No;
        if (j == Join::No || (j == Join::ByContext && r_.chance(1, 4)))
          s += separator(tokens[i - 1].text);
      }
      s += tokens[i].text;
    }
    return s + (r_.chance(1, 2) ? "\n" : "");
  }

 private:
  enum class Join { No, Yes, ByContext };

  // Whether the two tokens may be written without blankspace between them. Yes: the longest
  // token at the join is still the first token (#tokens). ByContext: a longer token starts
  // there, but it is not valid in that place, so the tokenization of #parsing ("the longest
  // token candidate that is also a valid lookahead token") splits it as intended
  // (docs/ambiguities.md A1): `>` closing a template list before `>` or `=`; `-` before a
  // prefix `-` (there is no prefix `--`); a prefix `&` before `&`.
  Join joinable(const DerivedToken& a, const DerivedToken& b) const {
    const std::string& x = a.text;
    const std::string& y = b.text;
    if (isWordByte(x.back()) && isWordByte(y[0])) return Join::No;  // one longer word
    // A longer number: `1.` `e5` is `1.e5`, `1` `.x` is `1.` `x`, `.` `5` is `.5`.
    if (isNumber(x) && (isWordByte(y[0]) || y[0] == '.')) return Join::No;
    if (isNumber(y) && (isWordByte(x.back()) || x.back() == '.')) return Join::No;
    if (x.back() == '/' && (y[0] == '/' || y[0] == '*')) return Join::No;  // a comment
    if (isWordByte(x.back()) || isWordByte(y[0])) return Join::Yes;
    bool extends = false;
    for (const std::string& t : syntactic_)
      if (t.size() > x.size() && t.compare(0, x.size(), x) == 0 && t[x.size()] == y[0])
        extends = true;
    if (!extends) return Join::Yes;
    // Every `>` followed by `>` or `=` in a sentence closes a template list: a relational
    // `>` is followed by a unary expression.
    if (x == ">" && (y == ">" || y == "=")) return Join::ByContext;
    if (x == "-" && y == "-") return Join::ByContext;
    if (x == "&" && y == "&" && unaryProductions_.count(a.production)) return Join::ByContext;
    return Join::No;
  }

  std::string blank() { return r_.chance(3, 4) ? " " : r_.pick(blankspace_); }

  // Blankspace and comments (#comments); a comment is never glued to a preceding `/`.
  std::string separator(const std::string& previous) {
    static const std::vector<std::string> kLineBreaks{
        "\n", "\r", "\r\n", "\v", "\f", "\xC2\x85", "\xE2\x80\xA8", "\xE2\x80\xA9"};
    static const std::vector<std::string> kBlockComments{"/**/",
                                                         "/* c */",
                                                         "/* a /* nested */ comment */",
                                                         "/*/*/**/*/*/",
                                                         "/* // not a line comment */",
                                                         "/* \xC3\xA9t\xC3\xA9\n\r\xE2\x80\xA8 */",
                                                         "/***/",
                                                         "/* * / */"};
    uint32_t roll = r_.below(100);
    std::string s;
    if (roll < 70) {
      s = blank();
    } else if (roll < 85) {
      int n = 2 + static_cast<int>(r_.below(3));
      for (int i = 0; i < n; ++i) s += blank();
    } else {
      bool glued = previous.back() != '/' && r_.chance(1, 2);
      if (!glued) s += blank();
      if (r_.chance(1, 2)) {
        s += r_.pick(kBlockComments);
        if (r_.chance(1, 2)) s += blank();
      } else {
        s += r_.chance(1, 3) ? "//" : "// line comment /* not a block */ ";
        s += r_.pick(kLineBreaks);
      }
    }
    return s;
  }

  Random& r_;
  std::vector<std::string> blankspace_;
  std::vector<std::string> syntactic_;
  std::set<int> unaryProductions_;
};

// Non-ASCII and control code points made visible for failure messages.
std::string escaped(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (c == '\n' || (c >= 0x20 && c < 0x7F)) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------- runs

// Seeds and modes of the runs. PLUMB_GRAMMAR_DERIVATIONS overrides the number of programs per
// run (the default, 250 x 12 runs = 3000 programs, takes about a second in a release build).
constexpr uint32_t kSeeds[] = {1, 2, 3, 20220607, 0xC0FFEE, 424242};
constexpr int kDefaultProgramsPerRun = 250;
int programsPerRun() {
  if (const char* v = std::getenv("PLUMB_GRAMMAR_DERIVATIONS")) {
    int n = std::atoi(v);
    if (n > 0) return n;
  }
  return kDefaultProgramsPerRun;
}

struct DerivationRun {
  uint32_t seed;
  Layout layout;
};
void PrintTo(const DerivationRun& r, std::ostream* os) {
  *os << "seed " << r.seed << (r.layout == Layout::Tight ? " tight" : " spaced");
}

struct Program {
  std::vector<DerivedToken> tokens;
  std::string text;
};

// Generates the programs of one run; the same seed always gives the same programs.
std::vector<Program> generate(const DerivationRun& run, int count, Coverage* coverage) {
  const Grammar& g = grammar();
  static const Identifiers ids;
  Random r(run.seed * 2 + (run.layout == Layout::Tight ? 1 : 0));
  Renderer renderer(g, r, blankspaceFromGrammar(g));
  std::vector<Program> out;
  for (int i = 0; i < count; ++i) {
    Deriver d(g, ids, r, Budget{}, coverage);
    Program p;
    p.tokens = d.translationUnit();
    p.text = renderer.render(p.tokens, run.layout);
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<DerivationRun> allRuns() {
  std::vector<DerivationRun> runs;
  for (uint32_t seed : kSeeds)
    for (Layout layout : {Layout::Spaced, Layout::Tight})
      runs.push_back(DerivationRun{seed, layout});
  return runs;
}

// ----------------------------------------------------------------------------------- tests

TEST(GrammarDerivation, GrammarIsReadCompletely) {
  const Grammar& g = grammar();
  ASSERT_EQ(g.error, "");
  EXPECT_EQ(g.productionCount, 206u);
  ASSERT_GE(g.find("translation_unit"), 0);
  // Every regular expression reachable from translation_unit has a generator.
  std::vector<bool> live = reachable(g);
  for (size_t c = 0; c < g.choices.size(); ++c)
    for (const Sequence& s : g.choices[c].alternatives)
      for (const Item& it : s)
        if (live[c] && it.kind == Item::Regex) {
          EXPECT_NE(findRegexTerminal(it.text), nullptr)
              << "no generator for " << it.text << " in " << g.choices[c].name;
        }
  // Every choice can derive a finite sentence.
  for (size_t c = 0; c < g.choices.size(); ++c)
    EXPECT_LT(g.cost[c].tokens, kInfinite) << g.choices[c].name;
  EXPECT_EQ(blankspaceFromGrammar(g).size(), 11u);
}

// Each generator yields text its regular expression matches, and the lexer reads it as one
// token of the right kind with no diagnostic (so the literal range rules are respected).
TEST(GrammarDerivation, TerminalGeneratorsMatchTheirRegexes) {
  Identifiers ids;
  Random r(7);
  for (const RegexTerminal& t : regexTerminals()) {
    std::string source(t.regex);
    std::optional<std::regex> re;
    if (t.kind != TerminalKind::Identifier)  // \p{...} is beyond std::regex
      re.emplace(source.substr(1, source.rfind('/') - 1), std::regex::ECMAScript);
    for (int i = 0; i < 400; ++i) {
      std::string text = t.generate(r, ids);
      if (re) {
        EXPECT_TRUE(std::regex_match(text, *re)) << text << " !~ " << source;
      }
      SourceFile file("t.wgsl", text);
      DiagnosticList diagnostics;
      std::vector<Token> tokens = tokenize(file, Revision::wgsl2022_06(), diagnostics);
      std::string messages;
      for (const Diagnostic& d : diagnostics.all()) messages += renderText(d);
      EXPECT_EQ(messages, "") << text;
      ASSERT_EQ(tokens.size(), 2u) << text;
      TokenKind expected = t.kind == TerminalKind::Identifier ? TokenKind::Identifier
                           : t.kind == TerminalKind::Int      ? TokenKind::IntLiteral
                                                              : TokenKind::FloatLiteral;
      EXPECT_EQ(tokens[0].kind, expected) << text;
      EXPECT_EQ(tokens[0].span.end, text.size()) << text;
    }
  }
}

TEST(GrammarDerivation, IdentifierPoolAvoidsKeywordsAndReservedWords) {
  Identifiers ids;
  EXPECT_EQ(ids.keywords().size(), 69u);
  EXPECT_EQ(ids.reserved().size(), 344u);
  EXPECT_GT(ids.pool().size(), 50u);
  for (const std::string& w : ids.pool()) EXPECT_TRUE(ids.allowed(w)) << w;
  EXPECT_FALSE(ids.allowed("_"));
  EXPECT_FALSE(ids.allowed("__x"));
  EXPECT_FALSE(ids.allowed("fn"));
  EXPECT_FALSE(ids.allowed("mod"));
}

// Over all runs, every alternative of every production and group reachable from
// translation_unit is derived, and every quantifier is taken 0, 1 and 2+ times (`?` 0 and 1,
// `+` 1 and 2+), so the runs exercise the whole grammar.
TEST(GrammarDerivation, RunsCoverEveryAlternativeAndRepetition) {
  const Grammar& g = grammar();
  ASSERT_EQ(g.error, "");
  Coverage coverage(g);
  std::vector<size_t> sizes;
  for (const DerivationRun& run : allRuns())
    for (const Program& p : generate(run, kDefaultProgramsPerRun, &coverage))
      sizes.push_back(p.tokens.size());
  std::vector<bool> live = reachable(g);
  int missing = 0, choices = 0, alternatives = 0, quantified = 0;
  for (size_t c = 0; c < g.choices.size(); ++c) {
    if (!live[c]) continue;
    ++choices;
    for (size_t a = 0; a < g.choices[c].alternatives.size(); ++a) {
      ++alternatives;
      if (coverage.alternatives[c][a] == 0) {
        ++missing;
        ADD_FAILURE() << g.choices[c].name << ": alternative " << a + 1 << " never derived";
      }
      const Sequence& s = g.choices[c].alternatives[a];
      for (size_t i = 0; i < s.size(); ++i) {
        if (!s[i].quantifier) continue;
        ++quantified;
        const std::array<bool, 3>& seen = coverage.repetitions[c][a][i];
        bool ok = s[i].quantifier == '?'   ? seen[0] && seen[1]
                  : s[i].quantifier == '+' ? seen[1] && seen[2]
                                           : seen[0] && seen[1] && seen[2];
        EXPECT_TRUE(ok) << g.choices[c].name << ": alternative " << a + 1 << ", item " << i + 1
                        << s[i].quantifier << " repetitions seen 0:" << seen[0] << " 1:" << seen[1]
                        << " 2+:" << seen[2];
      }
    }
  }
  std::sort(sizes.begin(), sizes.end());
  ASSERT_FALSE(sizes.empty());
  std::cout << "[ derived  ] " << sizes.size() << " programs, tokens min " << sizes.front()
            << ", median " << sizes[sizes.size() / 2] << ", max " << sizes.back() << "; "
            << alternatives << " alternatives of " << choices << " productions and groups, "
            << quantified << " quantified items\n";
  // Small programs: a few hundred tokens at most (the budget plus the cheapest completion).
  EXPECT_LT(sizes[sizes.size() / 2], 400u);
  EXPECT_LT(sizes.back(), 2000u);
  EXPECT_EQ(missing, 0);
}

class GrammarDerivationRun : public ::testing::TestWithParam<DerivationRun> {};

// Every derived program parses, and round-trips through the printer.
TEST_P(GrammarDerivationRun, ProgramsParseAndRoundTrip) {
  ASSERT_EQ(grammar().error, "");
  const DerivationRun& run = GetParam();
  int failures = 0;
  int index = 0;
  // PLUMB_GRAMMAR_DERIVATIONS_DUMP=DIR writes every program to DIR, for inspection.
  const char* dump = std::getenv("PLUMB_GRAMMAR_DERIVATIONS_DUMP");
  for (const Program& p : generate(run, programsPerRun(), nullptr)) {
    if (dump) {
      std::ofstream(std::string(dump) + "/" + std::to_string(run.seed) +
                        (run.layout == Layout::Tight ? "-tight-" : "-spaced-") +
                        std::to_string(index) + ".wgsl",
                    std::ios::binary)
          << p.text;
    }
    testing::Parsed parsed = testing::parseText(p.text);
    std::string problem = parsed.ok() ? testing::roundTripProblem(p.text) : parsed.messages();
    if (!problem.empty() && ++failures <= 3) {
      ADD_FAILURE() << "program " << index << " of seed " << run.seed
                    << (run.layout == Layout::Tight ? " (tight)" : " (spaced)")
                    << (parsed.ok() ? " does not round-trip: " : " is rejected: ") << problem
                    << "\nprogram (non-ASCII bytes escaped):\n"
                    << escaped(p.text);
    }
    ++index;
  }
  EXPECT_EQ(failures, 0) << "of " << index << " programs";
}

INSTANTIATE_TEST_SUITE_P(GrammarDerivation, GrammarDerivationRun, ::testing::ValuesIn(allRuns()),
                         [](const ::testing::TestParamInfo<DerivationRun>& info) {
                           return "seed" + std::to_string(info.param.seed) +
                                  (info.param.layout == Layout::Tight ? "_tight" : "_spaced");
                         });

}  // namespace
}  // namespace plumb
