// Creation-time evaluation of #vector-builtin-functions (dot) and #matrix-builtin-functions
// (determinant, transpose).
#include <cmath>

#include "checker/wgsl/builtin_evaluation.h"
#include "checker/exact_arithmetic.h"

namespace plumb::builtins {

namespace {

using exact::Dyadic;

// The determinant of a square matrix of exact values, by cofactor expansion along the first
// column (exact: no rounding until the end).
Dyadic determinantOf(const std::vector<std::vector<Dyadic>>& m) {
  size_t n = m.size();
  if (n == 1) return m[0][0];
  Dyadic sum;
  for (size_t r = 0; r < n; ++r) {
    std::vector<std::vector<Dyadic>> minor;  // without column 0 and row r
    for (size_t col = 1; col < n; ++col) {
      std::vector<Dyadic> column;
      for (size_t row = 0; row < n; ++row)
        if (row != r) column.push_back(m[col][row]);
      minor.push_back(std::move(column));
    }
    Dyadic term = m[0][r] * determinantOf(minor);
    sum = r % 2 == 0 ? sum + term : sum - term;
  }
  return sum;
}

}  // namespace

void addVectorMatrixEvaluators(EvaluatorTable& table) {
  // dot(e1, e2): "the dot product". Floating point: the exact sum of the products, rounded
  // once (the accuracy row inherits from the sum of e1[i] * e2[i]; Plumb rounds only the
  // result). i32/u32: the sum modulo 2^32, as the wrapping + and * give (inventory C42).
  // AbstractInt: the exact sum, an error if outside [-2^63, 2^63) (intermediate sums may
  // exceed it: only the result is a value).
  table[{"dot", "vector-builtin-functions"}] = [](const Context& c) -> std::optional<Value> {
    const Value &a = c.call.args[0], &b = c.call.args[1];
    Type t = c.call.result;
    switch (c.types.kind(t)) {
      case TypeKind::I32:
      case TypeKind::U32: {
        uint32_t sum = 0;
        for (size_t i = 0; i < a.elements().size(); ++i)
          sum += static_cast<uint32_t>(a.elements()[i].intValue()) *
                 static_cast<uint32_t>(b.elements()[i].intValue());
        return c.types.kind(t) == TypeKind::I32 ? Value{t, int64_t{static_cast<int32_t>(sum)}}
                                                : Value{t, int64_t{sum}};
      }
      case TypeKind::AbstractInt: {
        Dyadic sum;
        for (size_t i = 0; i < a.elements().size(); ++i)
          sum = sum + Dyadic(a.elements()[i].intValue()) * Dyadic(b.elements()[i].intValue());
        if (compare(sum, Dyadic(INT64_MIN)) < 0 || compare(sum, -Dyadic(INT64_MIN)) >= 0)
          return c.fail(c.callText(c.call.args) +
                            ": AbstractInt overflow, the result is outside [-2^63, 2^63)",
                        "types-for-creation-time-constants");
        return Value{t, static_cast<int64_t>(mpfr_get_sj(sum.get(), MPFR_RNDN))};
      }
      default: {
        double r = exact::roundTo(exact::floatFormat(c.types.kind(t)), exactDot(a, b));
        if (!std::isfinite(r))
          return c.fail(c.callText(c.call.args) + " is not finite in " + c.typeName(t) +
                            " (the result overflows)",
                        "floating-point-evaluation");
        return Value{t, r};
      }
    }
  };

  // determinant(e): exactly (cofactor expansion), rounded once. The seed gives no accuracy
  // (inventory C40); the current draft's is unbounded, which allows this.
  table[{"determinant", "matrix-builtin-functions"}] =
      [](const Context& c) -> std::optional<Value> {
    std::vector<std::vector<Dyadic>> m;
    for (const Value& column : c.call.args[0].elements()) {
      std::vector<Dyadic> col;
      for (const Value& x : column.elements()) col.emplace_back(x.floatValue());
      m.push_back(std::move(col));
    }
    Type t = c.call.result;
    double r = exact::roundTo(exact::floatFormat(c.types.kind(t)), determinantOf(m));
    if (!std::isfinite(r))
      return c.fail(c.callText(c.call.args) + " is not finite in " + c.typeName(t) +
                        " (the result overflows)",
                    "floating-point-evaluation");
    return Value{t, r};
  };

  // transpose(e): column j of the result is row j of e.
  table[{"transpose", "matrix-builtin-functions"}] = [](const Context& c) -> std::optional<Value> {
    const std::vector<Value>& columns = c.call.args[0].elements();
    const TypeNode& rt = c.types[c.call.result];
    Type columnType = c.types.vector(rt.rows, rt.element);
    std::vector<Value> out;
    for (size_t j = 0; j < rt.size; ++j) {
      std::vector<Value> column;
      for (const Value& inColumn : columns) column.push_back(inColumn.elements()[j]);
      out.push_back(Value{columnType, std::move(column)});
    }
    return Value{c.call.result, std::move(out)};
  };
}

}  // namespace plumb::builtins
