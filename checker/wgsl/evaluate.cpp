// Creation-time evaluation of operators (#creation-time-expr): exact for AbstractInt (results
// outside [-2^63, 2^63) are shader-creation errors, #types-for-creation-time-constants),
// binary64 for AbstractFloat, wrapping for concrete integers (#arithmetic-expr: "the result is
// modulo 2^32"), and correctly rounded (to nearest) for f32 and f16. Built-in functions are
// evaluated in evaluate_builtins.cpp.
#include <cmath>

#include "checker/wgsl/builtin_evaluators.h"
#include "checker/wgsl/checker_impl.h"
#include "checker/float_rounding.h"

namespace plumb {

namespace {

bool isIntKind(TypeKind k) {
  return k == TypeKind::AbstractInt || k == TypeKind::I32 || k == TypeKind::U32;
}

// #comparison-expr on two numbers of one type; nothing if `op` is not a comparison.
template <class T>
std::optional<bool> compare(std::string_view op, const T& x, const T& y) {
  if (op == "==") return x == y;
  if (op == "!=") return x != y;
  if (op == "<") return x < y;
  if (op == "<=") return x <= y;
  if (op == ">") return x > y;
  if (op == ">=") return x >= y;
  return std::nullopt;
}

}  // namespace

double roundTo(TypeKind k, double x) {
  switch (k) {
    case TypeKind::F32: return roundToF32(x);
    case TypeKind::F16: return roundToF16(x);
    default: return x;
  }
}

std::optional<Value> Checker::evaluateScalarOperator(std::string_view op, bool unary,
                                                     const Value& a, const Value* b, Span span) {
  TypeKind k = types_.kind(a.type);
  Type t = a.type;
  auto fail = [&](const std::string& why, const char* rule) -> std::optional<Value> {
    error(span, "creation-time evaluation: " + why, rule);
    return std::nullopt;
  };
  if (k == TypeKind::Bool) {
    bool x = a.boolValue();
    if (unary) return Value{t, !x};
    bool y = b->boolValue();
    if (op == "&" || op == "&&") return Value{t, x && y};
    if (op == "|" || op == "||") return Value{t, x || y};
    if (op == "==") return Value{types_.boolType(), x == y};
    if (op == "!=") return Value{types_.boolType(), x != y};
    return std::nullopt;
  }
  if (isIntKind(k)) {
    int64_t x = a.intValue();
    int64_t y = b ? b->intValue() : 0;
    // Wraps a mathematical result into the concrete type, or checks the AbstractInt range.
    auto result = [&](__int128 r) -> std::optional<Value> {
      if (k == TypeKind::AbstractInt) {
        if (r < -(__int128(1) << 63) || r >= (__int128(1) << 63))
          return fail("AbstractInt overflow: the result " + (r < 0 ? std::string("-") : std::string("")) +
                          "is outside [-2^63, 2^63)",
                      "types-for-creation-time-constants");
        return Value{t, static_cast<int64_t>(r)};
      }
      uint32_t bits = static_cast<uint32_t>(static_cast<uint64_t>(r));
      return Value{t, k == TypeKind::I32 ? int64_t(int32_t(bits)) : int64_t(bits)};
    };
    if (unary) {
      if (op == "-") {
        // #arithmetic-expr: "If T is an integral type and e evaluates to the largest negative
        // value, then the result is e" (for concrete types; AbstractInt would overflow).
        if (k == TypeKind::I32 && x == INT32_MIN) return Value{t, x};
        return result(-__int128(x));
      }
      if (op == "~") {
        if (k == TypeKind::AbstractInt) return Value{t, ~x};
        return result(~__int128(x));
      }
      return std::nullopt;
    }
    if (op == "+") return result(__int128(x) + y);
    if (op == "-") return result(__int128(x) - y);
    if (op == "*") return result(__int128(x) * y);
    // Revision 2026 (delta 3.2, 3.4): the concrete cases below are errors too.
    bool integerErrors = m_.revision().constIntegerErrors;
    if (op == "/" || op == "%") {
      bool division = op == "/";
      if (y == 0) {
        if (integerErrors && k != TypeKind::AbstractInt)
          return fail(std::string(division ? "division" : "remainder") + " by zero",
                      "arithmetic-expr");
        // The seed's formulas give e1 (for /) and 0 (for %) when e2 is zero; for AbstractInt
        // "an evaluation must not ... produce undefined results" (docs/ambiguities.md).
        if (k == TypeKind::AbstractInt)
          return fail(std::string(division ? "division" : "remainder") + " by zero",
                      "types-for-creation-time-constants");
        return Value{t, division ? x : int64_t{0}};
      }
      int64_t minimum = k == TypeKind::I32 ? INT32_MIN : INT64_MIN;
      if (k != TypeKind::U32 && x == minimum && y == -1) {
        if (k == TypeKind::AbstractInt && division)
          return fail("AbstractInt overflow: -2^63 / -1", "types-for-creation-time-constants");
        if (integerErrors && k == TypeKind::I32)
          return fail(std::string("the most negative i32 ") + (division ? "/" : "%") + " -1",
                      "arithmetic-expr");
        return Value{t, division ? x : int64_t{0}};
      }
      // Truncating division; the remainder has the sign of e1.
      return result(division ? __int128(x) / y : __int128(x) % y);
    }
    if (op == "&") return result(__int128(x & y));
    if (op == "|") return result(__int128(x | y));
    if (op == "^") return result(__int128(x ^ y));
    if (op == "<<" || op == ">>") {
      if (k == TypeKind::AbstractInt) {
        // #bit-expr, abstract shifts: "It is a shader-creation error if any of the e2 values
        // are less than 0"; for <<, "the e2+1 most significant bits of e1 must have the same
        // bit value". A count of 64 or more is outside what the rule can describe.
        if (y < 0) return fail("shift by a negative count", "bit-expr");
        if (y >= 64) return fail("shift of an AbstractInt by 64 or more bits", "bit-expr");
        if (op == "<<") {
          __int128 shifted = __int128(x) << y;
          if (shifted < -(__int128(1) << 63) || shifted >= (__int128(1) << 63))
            return fail("AbstractInt overflow in <<", "bit-expr");
          return Value{t, static_cast<int64_t>(shifted)};
        }
        // Right shift: sign-extending (docs/ambiguities.md: the seed's text says zero bits).
        if (options_.literalShiftRight) return Value{t, int64_t(uint64_t(x) >> y)};
        return Value{t, x >> y};
      }
      uint32_t count = static_cast<uint32_t>(y) % 32;  // "modulo the bit width of e1"
      uint32_t bits = static_cast<uint32_t>(x);
      if (integerErrors) {
        if (y < 0 || y >= 32)
          return fail("shift by " + std::to_string(y) + ", not less than the bit width 32",
                      "bit-expr");
        // new#bit-expr: "the e2+1 most significant bits of e1" must be equal (signed), "any
        // of the e2 most significant bits of e1" must not be 1 (unsigned).
        int64_t shifted = k == TypeKind::I32 ? int64_t(int32_t(bits)) * (int64_t(1) << count)
                                             : int64_t(bits) << count;
        bool overflows = k == TypeKind::I32 ? shifted < INT32_MIN || shifted > INT32_MAX
                                            : shifted > int64_t(UINT32_MAX);
        if (op == "<<" && overflows)
          return fail("overflow in " + std::to_string(x) + " << " + std::to_string(y), "bit-expr");
      }
      if (op == "<<") return result(__int128(uint32_t(bits << count)));
      if (k == TypeKind::I32 && !options_.literalShiftRight)
        return Value{t, int64_t(int32_t(bits) >> count)};
      return result(__int128(bits >> count));
    }
    if (std::optional<bool> c = compare(op, x, y)) return Value{types_.boolType(), *c};
    return std::nullopt;
  }
  // Floating point: the exact result of +, -, *, / rounded once to the type (binary64
  // arithmetic is correctly rounded, and rounding it again to binary32 or binary16 is
  // innocuous for these operations); results that are infinite or NaN are errors.
  double x = a.floatValue();
  double y = b ? b->floatValue() : 0;
  auto result = [&](double r) -> std::optional<Value> {
    double rounded = roundTo(k, r);
    if (!std::isfinite(rounded))
      return fail("the " + typeName(t) + " result of '" + std::string(op) +
                      "' is not finite (overflow, infinity or NaN)",
                  "floating-point-evaluation");
    return Value{t, rounded};
  };
  if (unary) return op == "-" ? result(-x) : std::nullopt;
  if (op == "+") return result(x + y);
  if (op == "-") return result(x - y);
  if (op == "*") return result(x * y);
  if (op == "/") return result(x / y);
  if (op == "%") {
    // "e1 - e2 * trunc(e1 / e2)", computed exactly (fmod is exact).
    if (y == 0) return fail("remainder by zero", "floating-point-evaluation");
    return result(std::fmod(x, y));
  }
  if (std::optional<bool> c = compare(op, x, y)) return Value{types_.boolType(), *c};
  return std::nullopt;
}

bool Checker::evaluate(const Selection& s, const std::vector<Value>& args, Span span,
                       std::optional<Value>& value) {
  const OverloadRow& row = *s.overload->row;
  if (row.kind == OverloadKind::Builtin) {
    BuiltinCall call{*s.overload, s.result, s.parameterTypes, args, span, &m_.revision()};
    ErrorSink sink = [this](Span sp, const std::string& message, const char* rule) {
      error(sp, "creation-time evaluation: " + message, rule);
    };
    return evaluateBuiltin(types_, call, sink, value) != EvaluationOutcome::Error;
  }
  value = evaluateOperator(s, args, span);
  return value.has_value();
}

std::optional<Value> Checker::evaluateOperator(const Selection& s, const std::vector<Value>& args,
                                               Span span) {
  const OverloadRow& row = *s.overload->row;
  bool unary = row.kind == OverloadKind::UnaryOperator;
  std::string_view op = row.name;
  const Value& a = args[0];
  const Value* b = unary ? nullptr : &args[1];
  TypeKind ka = types_.kind(a.type);
  TypeKind kb = b ? types_.kind(b->type) : TypeKind::Invalid;

  // Matrix arithmetic (#arithmetic-expr, "Matrix arithmetic").
  if (ka == TypeKind::Matrix || kb == TypeKind::Matrix) {
    auto scalarOp = [&](std::string_view o, const Value& x, const Value& y) {
      return evaluateScalarOperator(o, false, x, &y, span);
    };
    auto column = [&](const Value& m, size_t c) -> const Value& { return m.elements()[c]; };
    Type resultType = s.result;
    const TypeNode& rt = types_[resultType];
    if ((op == "+" || op == "-") && ka == TypeKind::Matrix && kb == TypeKind::Matrix) {
      std::vector<Value> outParts;
      for (size_t c = 0; c < a.elements().size(); ++c) {
        std::vector<Value> colParts;
        for (size_t r = 0; r < column(a, c).elements().size(); ++r) {
          auto v = scalarOp(op, column(a, c).elements()[r], column(*b, c).elements()[r]);
          if (!v) return std::nullopt;
          colParts.push_back(*v);
        }
        outParts.push_back(Value{column(a, c).type, std::move(colParts)});
      }
      return Value{resultType, std::move(outParts)};
    }
    // Products: every result component is a sum of products, evaluated left to right.
    auto dot = [&](const std::vector<const Value*>& xs,
                   const std::vector<const Value*>& ys) -> std::optional<Value> {
      std::optional<Value> sum;
      for (size_t i = 0; i < xs.size(); ++i) {
        auto p = scalarOp("*", *xs[i], *ys[i]);
        if (!p) return std::nullopt;
        sum = sum ? scalarOp("+", *sum, *p) : p;
        if (!sum) return std::nullopt;
      }
      return sum;
    };
    auto entry = [&](const Value& m, size_t c, size_t r) { return &m.elements()[c].elements()[r]; };
    if (ka == TypeKind::Matrix && kb == TypeKind::Matrix) {  // mat K x R * mat C x K
      size_t K = a.elements().size(), R = a.elements()[0].elements().size(),
             C = b->elements().size();
      std::vector<Value> outParts;
      Type colType = types_.vector(static_cast<uint8_t>(R), rt.element);
      for (size_t c = 0; c < C; ++c) {
        std::vector<Value> colParts;
        for (size_t r = 0; r < R; ++r) {
          std::vector<const Value*> xs, ys;
          for (size_t k = 0; k < K; ++k) {
            xs.push_back(entry(a, k, r));
            ys.push_back(entry(*b, c, k));
          }
          auto v = dot(xs, ys);
          if (!v) return std::nullopt;
          colParts.push_back(*v);
        }
        outParts.push_back(Value{colType, std::move(colParts)});
      }
      return Value{resultType, std::move(outParts)};
    }
    if (ka == TypeKind::Matrix && kb == TypeKind::Vector) {  // m * v: component r = sum_c m[c][r] v[c]
      size_t C = a.elements().size(), R = a.elements()[0].elements().size();
      std::vector<Value> outParts;
      for (size_t r = 0; r < R; ++r) {
        std::vector<const Value*> xs, ys;
        for (size_t c = 0; c < C; ++c) {
          xs.push_back(entry(a, c, r));
          ys.push_back(&b->elements()[c]);
        }
        auto v = dot(xs, ys);
        if (!v) return std::nullopt;
        outParts.push_back(*v);
      }
      return Value{resultType, std::move(outParts)};
    }
    if (ka == TypeKind::Vector && kb == TypeKind::Matrix) {  // v * m: component c = dot(v, m[c])
      size_t C = b->elements().size(), R = b->elements()[0].elements().size();
      std::vector<Value> outParts;
      for (size_t c = 0; c < C; ++c) {
        std::vector<const Value*> xs, ys;
        for (size_t r = 0; r < R; ++r) {
          xs.push_back(&a.elements()[r]);
          ys.push_back(entry(*b, c, r));
        }
        auto v = dot(xs, ys);
        if (!v) return std::nullopt;
        outParts.push_back(*v);
      }
      return Value{resultType, std::move(outParts)};
    }
    // Matrix times scalar (either order): component-wise scaling.
    const Value& m = ka == TypeKind::Matrix ? a : *b;
    const Value& k = ka == TypeKind::Matrix ? *b : a;
    std::vector<Value> outParts;
    for (const Value& col : m.elements()) {
      std::vector<Value> cParts;
      for (const Value& x : col.elements()) {
        auto v = scalarOp("*", x, k);
        if (!v) return std::nullopt;
        cParts.push_back(*v);
      }
      outParts.push_back(Value{col.type, std::move(cParts)});
    }
    return Value{resultType, std::move(outParts)};
  }

  // Vectors: component-wise; a scalar operand is used for every component.
  bool av = ka == TypeKind::Vector, bv = kb == TypeKind::Vector;
  if (av || bv) {
    size_t n = av ? a.elements().size() : b->elements().size();
    std::vector<Value> outParts;
    for (size_t i = 0; i < n; ++i) {
      const Value& x = av ? a.elements()[i] : a;
      const Value* y = b ? (bv ? &b->elements()[i] : b) : nullptr;
      auto v = evaluateScalarOperator(op, unary, x, y, span);
      if (!v) return std::nullopt;
      outParts.push_back(std::move(*v));
    }
    return Value{s.result, std::move(outParts)};
  }
  return evaluateScalarOperator(op, unary, a, b, span);
}

}  // namespace plumb
