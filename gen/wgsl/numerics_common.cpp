#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "gen/wgsl/numerics_rows.h"

namespace plumb::gen::wgsl::numerics {

// ---------------------------------------------------------------------------------------------
// Embedding a creation-time expression in a program.

const char* spelling(Scalar s) {
  switch (s) {
    case Scalar::I32:
      return "i32";
    case Scalar::U32:
      return "u32";
    case Scalar::F32:
      return "f32";
    case Scalar::F16:
      return "f16";
    default:
      return "";
  }
}

bool isAbstract(Scalar s) {
  return s == Scalar::AbstractInt || s == Scalar::AbstractFloat;
}

namespace {

constexpr const char* kNames[] = {"c", "k", "limit", "edge", "big", "v", "x", "bound", "n", "w"};

}  // namespace

Program embed(Rng& rng, const std::string& expr, Scalar type) {
  std::string name = std::string(rng.pick(kNames)) + std::to_string(rng.below(10));
  std::string header = type == Scalar::F16 ? "enable f16;\n\n" : "";
  std::string decl = isAbstract(type) ? std::string() : std::string(": ") + spelling(type);
  enum { ModuleConst, FunctionConst, FunctionLet, FunctionVar, PrivateVar, Override };
  std::vector<int> contexts = {ModuleConst, FunctionConst};
  if (!isAbstract(type)) {
    contexts.insert(contexts.end(), {FunctionLet, FunctionVar, PrivateVar});
    if (type != Scalar::F16)
      contexts.push_back(Override);  // overrides are scalars but not f16 here
  }
  int where = contexts[rng.below(contexts.size())];
  Program p;
  auto linesOf = [](const std::string& s) {
    uint32_t n = 1;
    for (char c : s) n += c == '\n';
    return n;
  };
  // Abstract values stay abstract only where nothing concretizes them: `_ = c` would convert
  // an AbstractInt to i32 (#phony-assignment-section), so abstract constants stay unused.
  std::string use = isAbstract(type) ? "" : "  _ = " + name + ";\n";
  std::string before, after;
  switch (where) {
    case ModuleConst:
      before = header + "const " + name + decl + " =\n    ";
      after = ";\n\n@compute @workgroup_size(1)\nfn main() {\n" + use + "}\n";
      break;
    case Override:
      before = header + "override " + name + decl + " =\n    ";
      after = ";\n\n@compute @workgroup_size(1)\nfn main() {\n" + use + "}\n";
      break;
    case PrivateVar:
      before = header + "var<private> " + name + decl + " =\n    ";
      after = ";\n\n@compute @workgroup_size(1)\nfn main() {\n" + use + "}\n";
      break;
    default: {
      const char* keyword = where == FunctionConst ? "const" : where == FunctionLet ? "let" : "var";
      before = header + "@compute @workgroup_size(1)\nfn main() {\n  " + keyword + " " + name +
               decl + " =\n      ";
      after = ";\n" + use + "}\n";
    }
  }
  p.line = linesOf(before);
  p.wgsl = before + expr + after;
  return p;
}

// ---------------------------------------------------------------------------------------------
// Numbers as text.

/// A decimal numeral of an Int model value, with a suffix; negative values in parentheses are
/// written as unary minus of a literal (a literal has no sign).
std::string intLiteral(const std::string& decimal, const char* suffix, bool hex) {
  bool negative = !decimal.empty() && decimal[0] == '-';
  std::string digits = negative ? decimal.substr(1) : decimal;
  if (hex) {
    // Only for values that fit in 64 bits (the rows' values do).
    unsigned long long v = std::stoull(digits);
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", v);
    digits = buf;
  }
  std::string lit = digits + suffix;
  return negative ? "-" + lit : lit;
}

/// -2^63 cannot be written as a literal: it is spelled as an expression.
std::string abstractIntText(const std::string& decimal, Rng& rng) {
  if (decimal == "-9223372036854775808") return "(-9223372036854775807 - 1)";
  bool hex = rng.chance(25) && decimal[0] != '-';
  std::string t = intLiteral(decimal, "", hex);
  return t[0] == '-' ? "(" + t + ")" : t;
}

std::string hexFloat(uint64_t mantissa, int64_t exponent, const char* suffix) {
  // mantissa * 2^exponent, as 0x<hex>p<exp><suffix>; the hex digits are the integer mantissa.
  char buf[64];
  std::snprintf(buf, sizeof buf, "0x%llxp%lld%s", static_cast<unsigned long long>(mantissa),
                static_cast<long long>(exponent), suffix);
  return buf;
}

/// The shortest decimal text that reads back as `v` (binary64), in WGSL's literal syntax.
std::string decimalDouble(double v, const char* suffix) {
  char buf[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision - 1, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  std::string s = buf;
  // C prints 1e+38; WGSL accepts the sign in exponents, and needs no change.
  return s + suffix;
}

std::string decimalFloat(float v, const char* suffix) {
  char buf[64];
  for (int precision = 1; precision <= 9; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision - 1, static_cast<double>(v));
    if (std::strtof(buf, nullptr) == v) break;
  }
  return std::string(buf) + suffix;
}

// ---------------------------------------------------------------------------------------------
// Rows.

std::string failed(SolverSession& s, SolveResult r) {
  return std::string(solveResultName(r)) + (s.lastFailure().empty() ? "" : ": " + s.lastFailure());
}

void setProgram(Draft& d, const Program& p, const std::string& description) {
  d.c.wgsl = p.wgsl;
  d.c.description = description;
  d.intended.line = d.intended.verdict == Side::Invalid ? p.line : 0;
}

/// Replaces the first occurrence of `from` by `to` in a copy of `p` (the twin's one edit).
Program edited(const Program& p, const std::string& from, const std::string& to) {
  Program q = p;
  size_t at = q.wgsl.find(from);
  if (at != std::string::npos) q.wgsl.replace(at, from.size(), to);
  return q;
}

std::string signedHexFloat(int64_t m, int64_t e, const char* suffix) {
  if (m == 0) return std::string("0.0") + suffix;
  uint64_t magnitude = static_cast<uint64_t>(m < 0 ? -m : m);
  while ((magnitude & 1) == 0) {
    magnitude >>= 1;
    ++e;
  }
  std::string t = hexFloat(magnitude, e, suffix);
  return m < 0 ? "(-" + t + ")" : t;
}

z3::expr pow2Units(z3::context& z, int k, int unit) {
  // 2^(k - unit) as decimal text (Z3's int_val takes any size).
  std::vector<int> d = {1};
  for (int i = 0; i < k - unit; ++i) {
    int carry = 0;
    for (int& x : d) {
      x = x * 2 + carry;
      carry = x / 10;
      x %= 10;
    }
    if (carry) d.push_back(carry);
  }
  std::string digits;
  for (auto it = d.rbegin(); it != d.rend(); ++it) digits += static_cast<char>('0' + *it);
  return z.int_val(digits.c_str());
}

}  // namespace plumb::gen::wgsl::numerics
