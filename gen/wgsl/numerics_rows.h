// Shared pieces of the numerics family (numerics.cpp, numerics_builtins.cpp): how a
// creation-time expression is embedded in a program, numbers as WGSL text, and the rows.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "gen/family.h"

namespace plumb::gen::wgsl::numerics {

/// A scalar type as the checker sees it, with how to spell a declaration of it.
enum class Scalar { AbstractInt, AbstractFloat, I32, U32, F32, F16 };
const char* spelling(Scalar s);
bool isAbstract(Scalar s);

struct Program {
  std::string wgsl;
  uint32_t line = 0;  // the line holding the expression
};

/// Places `expr` (of type `type`: the declared type for concrete ones, none for abstract ones,
/// which only `const` declarations keep abstract) on a line of its own in one of the contexts
/// where the seed requires a creation-time expression.
Program embed(Rng& rng, const std::string& expr, Scalar type);
/// Replaces the first occurrence of `from` by `to` in a copy of `p` (the twin's one edit).
Program edited(const Program& p, const std::string& from, const std::string& to);

/// A decimal numeral (an Int model value) with a suffix; hexadecimal when asked.
std::string intLiteral(const std::string& decimal, const char* suffix, bool hex = false);
/// An AbstractInt value as text: -2^63 as an expression, negative values in parentheses.
std::string abstractIntText(const std::string& decimal, Rng& rng);
/// mantissa * 2^exponent as a hexadecimal float literal with a suffix (always exact).
std::string hexFloat(uint64_t mantissa, int64_t exponent, const char* suffix);
/// m * 2^e as hexadecimal float text, negative values in parentheses.
std::string signedHexFloat(int64_t m, int64_t e, const char* suffix);

/// 2^(k - unit) as a Z3 integer (any size): a power of two in units of 2^unit.
z3::expr pow2Units(z3::context& z, int k, int unit);

struct FpFormat {
  int precision;  // significand bits, with the implicit one
  int emin, emax;
  Scalar type;
  const char* suffix;
  const char* name;
};
inline constexpr FpFormat kFpF32{24, -126, 127, Scalar::F32, "f", "f32"};
inline constexpr FpFormat kFpF16{11, -14, 15, Scalar::F16, "h", "f16"};
inline constexpr FpFormat kFpAbstract{53, -1022, 1023, Scalar::AbstractFloat, "", "AbstractFloat"};

struct Row {
  RuleRow rule;
  bool validOnly = false;  // a one-sided row: only the valid draft is kept
  // Drafts the twin pair: fills both drafts' programs and derivations; returns a failure text.
  std::function<std::string(SlotContext&, Draft& valid, Draft& invalid)> make;
};

std::string failed(SolverSession& s, SolveResult r);
void setProgram(Draft& d, const Program& p, const std::string& description);

/// The rows of the @const built-in functions' error conditions (numerics_builtins.cpp).
std::vector<Row> builtinRows();

}  // namespace plumb::gen::wgsl::numerics
