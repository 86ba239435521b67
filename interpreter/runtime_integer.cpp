// The operators on concrete integers and booleans at run time: #arithmetic-expr (results
// "modulo 2^32"; division and remainder by the .bs formulas), #bit-expr (shift counts "modulo
// the bit width of e1"), #comparison-expr, #logical-expr. Exact; an indeterminate operand
// (AnyScalar) gives an indeterminate result.
#include <cstdint>

#include "interpreter/runtime_alternatives.h"

namespace plumb::interp {

namespace {

/// The i32 or u32 value with the low 32 bits of `r` (#arithmetic-expr: "the result is modulo
/// 2^32").
int64_t wrap(TypeKind k, __int128 r) {
  uint32_t bits = static_cast<uint32_t>(static_cast<unsigned __int128>(r));
  return k == TypeKind::I32 ? int64_t(int32_t(bits)) : int64_t(bits);
}

std::optional<bool> comparison(std::string_view op, int64_t x, int64_t y) {
  if (op == "==") return x == y;
  if (op == "!=") return x != y;
  if (op == "<") return x < y;
  if (op == "<=") return x <= y;
  if (op == ">") return x > y;
  if (op == ">=") return x >= y;
  return std::nullopt;
}

bool isComparison(std::string_view op) {
  return op == "==" || op == "!=" || op == "<" || op == "<=" || op == ">" || op == ">=";
}

}  // namespace

Alternatives integerOrBoolOperator(TypeTable& types, std::string_view op, const RValue& a,
                                   const RValue* b, bool literalShiftRight) {
  TypeKind k = types.kind(a.type);
  Type t = a.type;
  Type resultType = isComparison(op) ? types.boolType() : t;
  if (a.isAny() || (b && b->isAny())) return {anyScalar(resultType)};

  if (k == TypeKind::Bool) {
    // #logical-expr: !, & and | (non-short-circuiting; && and || as the same values), and
    // #comparison-expr == and != on bool.
    bool x = a.boolValue();
    if (!b) return op == "!" ? Alternatives{scalar(t, !x)} : Alternatives{};
    bool y = b->boolValue();
    if (op == "&" || op == "&&") return {scalar(t, x && y)};
    if (op == "|" || op == "||") return {scalar(t, x || y)};
    if (op == "==") return {scalar(resultType, x == y)};
    if (op == "!=") return {scalar(resultType, x != y)};
    return {};
  }
  if (k != TypeKind::I32 && k != TypeKind::U32) return {};

  int64_t x = a.intValue();
  if (!b) {
    // #arithmetic-expr negation: "If T is an integral type and e evaluates to the largest
    // negative value, then the result is e" (which wrapping gives too).
    if (op == "-") return {scalarInt(t, wrap(k, -__int128(x)))};
    // #bit-expr complement.
    if (op == "~") return {scalarInt(t, wrap(k, ~__int128(x)))};
    return {};
  }
  int64_t y = b->intValue();
  auto result = [&](__int128 r) { return Alternatives{scalarInt(t, wrap(k, r))}; };
  if (op == "+") return result(__int128(x) + y);
  if (op == "-") return result(__int128(x) - y);
  if (op == "*") return result(__int128(x) * y);
  if (op == "/") {
    // #arithmetic-expr division, signed: "e1, when e2 is zero"; "e1, when e1 is the most
    // negative value in T, and e2 is -1"; truncate(e1 / e2) otherwise. Unsigned: "e1, when e2
    // is zero"; otherwise q with e1 = q * e2 + r, 0 <= r < e2.
    if (y == 0) return {scalarInt(t, x)};
    if (k == TypeKind::I32 && x == INT32_MIN && y == -1) return {scalarInt(t, x)};
    return result(__int128(x) / y);  // C++ division truncates
  }
  if (op == "%") {
    // #arithmetic-expr remainder, signed: "0, when e2 is zero"; "0, when e1 is the most
    // negative value in T, and e2 is -1"; e1 - truncate(e1 / e2) * e2 otherwise (the sign of
    // e1). Unsigned: "0, when e2 is zero"; otherwise r.
    if (y == 0) return {scalarInt(t, 0)};
    if (k == TypeKind::I32 && x == INT32_MIN && y == -1) return {scalarInt(t, 0)};
    return result(__int128(x) % y);
  }
  if (op == "&") return result(x & y);
  if (op == "|") return result(x | y);
  if (op == "^") return result(x ^ y);
  if (op == "<<" || op == ">>") {
    // #bit-expr concrete shifts: "The number of bits to shift is the value of e2, modulo the
    // bit width of e1".
    uint32_t count = static_cast<uint32_t>(y) % 32;
    uint32_t bits = static_cast<uint32_t>(x);
    if (op == "<<") return result(uint32_t(bits << count));
    // The seed says "inserting zero bits at the most significant positions" for i32 too;
    // Plumb shifts i32 arithmetically unless literalShiftRight (docs/ambiguities.md S3).
    if (k == TypeKind::I32 && !literalShiftRight) return {scalarInt(t, int32_t(bits) >> count)};
    return result(bits >> count);
  }
  if (std::optional<bool> c = comparison(op, x, y)) return {scalar(resultType, *c)};
  return {};
}

}  // namespace plumb::interp
