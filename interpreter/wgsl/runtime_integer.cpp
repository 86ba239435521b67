// The operators on concrete integers and booleans at run time: #arithmetic-expr (results
// "modulo 2^32"; division and remainder by the .bs formulas), #bit-expr (shift counts "modulo
// the bit width of e1"), #comparison-expr, #logical-expr. Exact; an indeterminate operand
// (AnyScalar) gives an indeterminate result.
#include <cstdint>
#include <optional>
#include <utility>

#include "interpreter/wgsl/runtime_alternatives.h"

namespace plumb::interp {

namespace {

/// The i32 or u32 value with the low 32 bits of `r` (#arithmetic-expr: "the result is modulo
/// 2^32").
int64_t wrap(TypeKind k, __int128 r) {
  uint32_t bits = static_cast<uint32_t>(static_cast<unsigned __int128>(r));
  return k == TypeKind::I32 ? int64_t(int32_t(bits)) : int64_t(bits);
}

bool isComparison(ast::BinaryOperator op) {
  return op >= ast::BinaryOperator::LessThan && op <= ast::BinaryOperator::NotEqual;
}

/// The binary operator spelled `op` (`&&` and `||` as the logical operators on bool).
std::optional<ast::BinaryOperator> binaryOperatorOf(std::string_view op) {
  using B = ast::BinaryOperator;
  static constexpr std::pair<std::string_view, B> kSpellings[] = {
      {"*", B::Multiply},       {"/", B::Divide},        {"%", B::Modulo},
      {"+", B::Add},            {"-", B::Subtract},      {"<<", B::ShiftLeft},
      {">>", B::ShiftRight},    {"&", B::And},           {"|", B::Or},
      {"^", B::Xor},            {"<", B::LessThan},      {">", B::GreaterThan},
      {"<=", B::LessThanEqual}, {">=", B::GreaterThanEqual}, {"==", B::Equal},
      {"!=", B::NotEqual},      {"&&", B::ShortCircuitAnd},  {"||", B::ShortCircuitOr}};
  for (const auto& [s, b] : kSpellings)
    if (s == op) return b;
  return std::nullopt;
}

}  // namespace

std::optional<int64_t> concreteUnary(TypeKind k, ast::UnaryOperator op, int64_t x) {
  using U = ast::UnaryOperator;
  if (k == TypeKind::Bool) return op == U::LogicalNot ? std::optional<int64_t>(!x) : std::nullopt;
  if (k != TypeKind::I32 && k != TypeKind::U32) return std::nullopt;
  // #arithmetic-expr negation: "If T is an integral type and e evaluates to the largest
  // negative value, then the result is e" (which wrapping gives too).
  if (op == U::Negation) return wrap(k, -__int128(x));
  // #bit-expr complement.
  if (op == U::Complement) return wrap(k, ~__int128(x));
  return std::nullopt;
}

std::optional<int64_t> concreteBinary(TypeKind k, ast::BinaryOperator op, int64_t x, int64_t y,
                                      bool literalShiftRight) {
  using B = ast::BinaryOperator;
  if (k == TypeKind::Bool) {
    // #logical-expr: & and | (non-short-circuiting; && and || as the same values), and
    // #comparison-expr == and != on bool.
    switch (op) {
      case B::And: case B::ShortCircuitAnd: return x && y;
      case B::Or: case B::ShortCircuitOr: return x || y;
      case B::Equal: return x == y;
      case B::NotEqual: return x != y;
      default: return std::nullopt;
    }
  }
  if (k != TypeKind::I32 && k != TypeKind::U32) return std::nullopt;
  switch (op) {
    case B::Add: return wrap(k, __int128(x) + y);
    case B::Subtract: return wrap(k, __int128(x) - y);
    case B::Multiply: return wrap(k, __int128(x) * y);
    case B::Divide:
      // #arithmetic-expr division, signed: "e1, when e2 is zero"; "e1, when e1 is the most
      // negative value in T, and e2 is -1"; truncate(e1 / e2) otherwise. Unsigned: "e1, when
      // e2 is zero"; otherwise q with e1 = q * e2 + r, 0 <= r < e2.
      if (y == 0) return x;
      if (k == TypeKind::I32 && x == INT32_MIN && y == -1) return x;
      return wrap(k, __int128(x) / y);  // C++ division truncates
    case B::Modulo:
      // #arithmetic-expr remainder, signed: "0, when e2 is zero"; "0, when e1 is the most
      // negative value in T, and e2 is -1"; e1 - truncate(e1 / e2) * e2 otherwise (the sign
      // of e1). Unsigned: "0, when e2 is zero"; otherwise r.
      if (y == 0) return 0;
      if (k == TypeKind::I32 && x == INT32_MIN && y == -1) return 0;
      return wrap(k, __int128(x) % y);
    case B::And: return wrap(k, x & y);
    case B::Or: return wrap(k, x | y);
    case B::Xor: return wrap(k, x ^ y);
    case B::ShiftLeft:
    case B::ShiftRight: {
      // #bit-expr concrete shifts: "The number of bits to shift is the value of e2, modulo the
      // bit width of e1".
      uint32_t count = static_cast<uint32_t>(y) % 32;
      uint32_t bits = static_cast<uint32_t>(x);
      if (op == B::ShiftLeft) return wrap(k, uint32_t(bits << count));
      // The seed says "inserting zero bits at the most significant positions" for i32 too;
      // Plumb shifts i32 arithmetically unless literalShiftRight (docs/ambiguities.md S3).
      if (k == TypeKind::I32 && !literalShiftRight) return int64_t(int32_t(bits) >> count);
      return wrap(k, bits >> count);
    }
    case B::LessThan: return x < y;
    case B::GreaterThan: return x > y;
    case B::LessThanEqual: return x <= y;
    case B::GreaterThanEqual: return x >= y;
    case B::Equal: return x == y;
    case B::NotEqual: return x != y;
    default: return std::nullopt;
  }
}

namespace {

/// An operator on AbstractInt operands at run time (an abstract value that is not a
/// creation-time value, e.g. `select(1, 2, c) + select(3, 4, c)`): exact, as creation-time
/// evaluation (#types-for-creation-time-constants: "must not overflow"); a result outside
/// AbstractInt, a division by zero, or a shift, which the creation-time evaluator would
/// reject or bound, gives no alternatives (unsupported).
Alternatives abstractIntOperator(TypeTable& types, std::string_view op, const RValue& a, const RValue* b) {
  if (a.isAny() || (b && b->isAny())) return {};
  if (!std::holds_alternative<int64_t>(a.data) || (b && !std::holds_alternative<int64_t>(b->data))) return {};
  __int128 x = a.intValue();
  std::optional<__int128> r;
  if (!b) {
    if (op == "-") r = -x;
    else if (op == "~") r = ~x;
  } else {
    __int128 y = b->intValue();
    if (op == "==") return {scalar(types.boolType(), x == y)};
    if (op == "!=") return {scalar(types.boolType(), x != y)};
    if (op == "<") return {scalar(types.boolType(), x < y)};
    if (op == "<=") return {scalar(types.boolType(), x <= y)};
    if (op == ">") return {scalar(types.boolType(), x > y)};
    if (op == ">=") return {scalar(types.boolType(), x >= y)};
    if (op == "+") r = x + y;
    else if (op == "-") r = x - y;
    else if (op == "*") r = x * y;
    else if (op == "/" && y != 0) r = x / y;
    else if (op == "%" && y != 0) r = x % y;
    else if (op == "&") r = x & y;
    else if (op == "|") r = x | y;
    else if (op == "^") r = x ^ y;
  }
  if (!r || *r < INT64_MIN || *r > INT64_MAX) return {};
  return {scalarInt(a.type, static_cast<int64_t>(*r))};
}

}  // namespace

Alternatives integerOrBoolOperator(TypeTable& types, std::string_view op, const RValue& a,
                                   const RValue* b, bool literalShiftRight) {
  TypeKind k = types.kind(a.type);
  if (k == TypeKind::AbstractInt) return abstractIntOperator(types, op, a, b);
  if (k != TypeKind::Bool && k != TypeKind::I32 && k != TypeKind::U32) return {};
  std::optional<int64_t> r;
  bool comparison = false;
  if (!b) {
    ast::UnaryOperator u = op == "-" ? ast::UnaryOperator::Negation
                           : op == "~" ? ast::UnaryOperator::Complement
                           : op == "!" ? ast::UnaryOperator::LogicalNot
                                       : ast::UnaryOperator::AddressOf;  // none of these
    if (a.isAny()) return concreteUnary(k, u, 0) ? Alternatives{anyScalar(a.type)} : Alternatives{};
    r = concreteUnary(k, u, k == TypeKind::Bool ? int64_t(a.boolValue()) : a.intValue());
  } else {
    std::optional<ast::BinaryOperator> bop = binaryOperatorOf(op);
    if (!bop) return {};
    comparison = isComparison(*bop);
    Type resultType = comparison ? types.boolType() : a.type;
    if (a.isAny() || b->isAny())
      return concreteBinary(k, *bop, 0, 1, literalShiftRight) ? Alternatives{anyScalar(resultType)} : Alternatives{};
    auto operand = [&](const RValue& v) { return k == TypeKind::Bool ? int64_t(v.boolValue()) : v.intValue(); };
    r = concreteBinary(k, *bop, operand(a), operand(*b), literalShiftRight);
  }
  if (!r) return {};
  if (comparison) return {scalar(types.boolType(), *r != 0)};
  if (k == TypeKind::Bool) return {scalar(a.type, *r != 0)};
  return {scalarInt(a.type, *r)};
}

}  // namespace plumb::interp
