// The operator rows of the overload table: the type-rule tables of #logical-expr,
// #arithmetic-expr, #comparison-expr and #bit-expr, in the spec's notation.
#include "semantics/wgsl/builtin_table.h"

#include <vector>

namespace plumb {

namespace detail {
std::span<const OverloadRow> builtinFunctionRows();  // builtin_function_table.cpp
}

namespace {

constexpr uint32_t kOp = kConst | kAllStages;
constexpr auto U = OverloadKind::UnaryOperator;
constexpr auto B = OverloadKind::BinaryOperator;
constexpr auto D = UniformityClass::Default;

// [ALLNUMERICDECL], [ALLINTEGRALDECL], [ALLFLOATINGDECL] (.bs text macros, lines 17-19).
#define ALLNUMERIC "T: S | vecN<S>; S: AbstractInt | AbstractFloat | i32 | u32 | f32 | f16; N: 2 | 3 | 4"
#define ALLINTEGRAL "T: S | vecN<S>; S: AbstractInt | i32 | u32; N: 2 | 3 | 4"
#define FLOATMATRIX "T: AbstractFloat | f32 | f16; C: 2 | 3 | 4; R: 2 | 3 | 4"

const OverloadRow kOperatorRows[] = {
    // #logical-expr
    {U, "!", "(e: T) -> T", "T: bool | vecN<bool>; N: 2 | 3 | 4", kOp, D, "logical-expr"},
    {B, "||", "(e1: bool, e2: bool) -> bool", "", kOp, D, "logical-expr"},
    {B, "&&", "(e1: bool, e2: bool) -> bool", "", kOp, D, "logical-expr"},
    {B, "|", "(e1: T, e2: T) -> T", "T: bool | vecN<bool>; N: 2 | 3 | 4", kOp, D, "logical-expr"},
    {B, "&", "(e1: T, e2: T) -> T", "T: bool | vecN<bool>; N: 2 | 3 | 4", kOp, D, "logical-expr"},

    // #arithmetic-expr: negation. The seed lists no u32 (and no vecN<u32>).
    {U, "-", "(e: T) -> T",
     "T: S | vecN<S>; S: AbstractInt | AbstractFloat | i32 | f32 | f16; N: 2 | 3 | 4", kOp, D,
     "arithmetic-expr"},
    {B, "+", "(e1: T, e2: T) -> T", ALLNUMERIC, kOp, D, "arithmetic-expr"},
    {B, "-", "(e1: T, e2: T) -> T", ALLNUMERIC, kOp, D, "arithmetic-expr"},
    {B, "*", "(e1: T, e2: T) -> T", ALLNUMERIC, kOp, D, "arithmetic-expr"},
    {B, "/", "(e1: T, e2: T) -> T", ALLNUMERIC, kOp, D, "arithmetic-expr"},
    {B, "%", "(e1: T, e2: T) -> T", ALLNUMERIC, kOp, D, "arithmetic-expr"},
// Mixed scalar and vector operands.
#define MIXED(op)                                                                              \
  {B, op, "(ev: vecN<S>, es: S) -> vecN<S>",                                                   \
   "S: AbstractInt | AbstractFloat | f32 | f16 | i32 | u32; N: 2 | 3 | 4", kOp, D,             \
   "arithmetic-expr"},                                                                         \
      {B, op, "(es: S, ev: vecN<S>) -> vecN<S>",                                               \
       "S: AbstractInt | AbstractFloat | f32 | f16 | i32 | u32; N: 2 | 3 | 4", kOp, D,         \
       "arithmetic-expr"}
    MIXED("+"),
    MIXED("-"),
    MIXED("*"),
    MIXED("/"),
    MIXED("%"),
#undef MIXED
    // Matrix arithmetic.
    {B, "+", "(e1: matCxR<T>, e2: matCxR<T>) -> matCxR<T>", FLOATMATRIX, kOp, D, "arithmetic-expr"},
    {B, "-", "(e1: matCxR<T>, e2: matCxR<T>) -> matCxR<T>", FLOATMATRIX, kOp, D, "arithmetic-expr"},
    {B, "*", "(m: matCxR<T>, s: T) -> matCxR<T>", FLOATMATRIX, kOp, D, "arithmetic-expr"},
    {B, "*", "(s: T, m: matCxR<T>) -> matCxR<T>", FLOATMATRIX, kOp, D, "arithmetic-expr"},
    {B, "*", "(m: matCxR<T>, v: vecC<T>) -> vecR<T>", FLOATMATRIX, kOp, D, "arithmetic-expr"},
    {B, "*", "(v: vecR<T>, m: matCxR<T>) -> vecC<T>", FLOATMATRIX, kOp, D, "arithmetic-expr"},
    {B, "*", "(e1: matKxR<T>, e2: matCxK<T>) -> matCxR<T>",
     "T: AbstractFloat | f32 | f16; C: 2 | 3 | 4; R: 2 | 3 | 4; K: 2 | 3 | 4", kOp, D,
     "arithmetic-expr"},

    // #comparison-expr. The seed's `!=` row omits f16 while `==` has it (inventory B14);
    // Plumb gives both f16, as the 2026 spec does (docs/ambiguities.md).
    {B, "==", "(e1: S, e2: S) -> bool",
     "S: AbstractInt | AbstractFloat | bool | i32 | u32 | f32 | f16", kOp, D, "comparison-expr"},
    {B, "==", "(e1: vecN<S>, e2: vecN<S>) -> vecN<bool>",
     "S: AbstractInt | AbstractFloat | bool | i32 | u32 | f32 | f16; N: 2 | 3 | 4", kOp, D,
     "comparison-expr"},
    {B, "!=", "(e1: S, e2: S) -> bool",
     "S: AbstractInt | AbstractFloat | bool | i32 | u32 | f32 | f16", kOp, D, "comparison-expr"},
    {B, "!=", "(e1: vecN<S>, e2: vecN<S>) -> vecN<bool>",
     "S: AbstractInt | AbstractFloat | bool | i32 | u32 | f32 | f16; N: 2 | 3 | 4", kOp, D,
     "comparison-expr"},
#define ORDERING(op)                                                                           \
  {B, op, "(e1: S, e2: S) -> bool", "S: AbstractInt | AbstractFloat | i32 | u32 | f32 | f16",  \
   kOp, D, "comparison-expr"},                                                                 \
      {B, op, "(e1: vecN<S>, e2: vecN<S>) -> vecN<bool>",                                      \
       "S: AbstractInt | AbstractFloat | i32 | u32 | f32 | f16; N: 2 | 3 | 4", kOp, D,         \
       "comparison-expr"}
    ORDERING("<"),
    ORDERING("<="),
    ORDERING(">"),
    ORDERING(">="),
#undef ORDERING

    // #bit-expr
    {U, "~", "(e: T) -> T", ALLINTEGRAL, kOp, D, "bit-expr"},
    {B, "|", "(e1: T, e2: T) -> T", ALLINTEGRAL, kOp, D, "bit-expr"},
    {B, "&", "(e1: T, e2: T) -> T", ALLINTEGRAL, kOp, D, "bit-expr"},
    {B, "^", "(e1: T, e2: T) -> T", ALLINTEGRAL, kOp, D, "bit-expr"},
    {B, "<<", "(e1: S, e2: u32) -> S", "S: i32 | u32", kOp, D, "bit-expr"},
    {B, "<<", "(e1: vecN<S>, e2: vecN<u32>) -> vecN<S>", "S: i32 | u32; N: 2 | 3 | 4", kOp, D,
     "bit-expr"},
    {B, "<<", "(e1: T, e2: T) -> T", "T: AbstractInt | vecN<AbstractInt>; N: 2 | 3 | 4",
     kOp | kReplacedInCurrent, D, "bit-expr"},
    {B, ">>", "(e1: S, e2: u32) -> S", "S: i32 | u32", kOp, D, "bit-expr"},
    {B, ">>", "(e1: vecN<S>, e2: vecN<u32>) -> vecN<S>", "S: i32 | u32; N: 2 | 3 | 4", kOp, D,
     "bit-expr"},
    {B, ">>", "(e1: T, e2: T) -> T", "T: AbstractInt | vecN<AbstractInt>; N: 2 | 3 | 4",
     kOp | kReplacedInCurrent, D, "bit-expr"},
};

}  // namespace

std::span<const OverloadRow> overloadRows() {
  static const std::vector<OverloadRow> rows = [] {
    std::vector<OverloadRow> all(std::begin(kOperatorRows), std::end(kOperatorRows));
    std::span<const OverloadRow> functions = detail::builtinFunctionRows();
    all.insert(all.end(), functions.begin(), functions.end());
    return all;
  }();
  return rows;
}

}  // namespace plumb
