// The Cg numeric models (numeric_model.h). fp32 and fp16 results are rounded with Plumb's exact
// numerics (checker/exact_arithmetic.h: the exact sum, difference or product as a Dyadic, the
// exact quotient as a rational, rounded once to the format with its subnormals and overflow);
// a set is bounded by the rounded results at the corners of its operands' intervals, which is
// exact because rounding to nearest is monotone.
#include "interpreter/cg/numeric_model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include <gmp.h>

#include "checker/exact_arithmetic.h"
#include "checker/float_rounding.h"

namespace plumb::cg {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kFixedQuantum = 0x1p-10;
constexpr double kFixedLargest = 2 - 0x1p-10;  // "clamping to [-2, 2)"
constexpr double kFixedSmallest = -2;

const exact::FloatFormat& formatOf(Model m) {
  return exact::floatFormat(m == Model::Fp16 ? TypeKind::F16 : TypeKind::F32);
}

double smallestNormal(Model m) {
  return m == Model::Fp16 ? 0x1p-14 : 0x1p-126;
}

bool hasPositiveInfinity(const NumberSet& s) {
  return s.values && s.hi == kInf;
}
bool hasNegativeInfinity(const NumberSet& s) {
  return s.values && s.lo == -kInf;
}
bool hasInfinity(const NumberSet& s) {
  return hasPositiveInfinity(s) || hasNegativeInfinity(s);
}
bool hasZero(const NumberSet& s) {
  return s.values && s.lo <= 0 && s.hi >= 0;
}

// A fixed value on the grid, saturated (seed: "S1.10 fixed point, clamping to [-2, 2)").
double saturate(double v) {
  return std::clamp(v, kFixedSmallest, kFixedLargest);
}
double gridDown(double v) {
  return saturate(std::floor(v / kFixedQuantum) * kFixedQuantum);
}
double gridUp(double v) {
  return saturate(std::ceil(v / kFixedQuantum) * kFixedQuantum);
}

// floor and ceil of the exact quotient x / y of two grid values, on the grid: (X/1024) /
// (Y/1024) = X / Y, and X * 1024 / Y in integers is exact.
std::pair<double, double> fixedQuotient(double x, double y) {
  auto X = static_cast<int64_t>(std::llround(x * 1024)) * 1024;
  auto Y = static_cast<int64_t>(std::llround(y * 1024));
  int64_t q = X / Y, r = X % Y;
  int64_t down = (r != 0 && ((r < 0) != (Y < 0))) ? q - 1 : q;
  int64_t up = r != 0 ? down + 1 : down;
  return {static_cast<double>(down) * kFixedQuantum, static_cast<double>(up) * kFixedQuantum};
}

}  // namespace

std::string_view modelName(Model m) {
  switch (m) {
    case Model::Fp32:
      return "fp32";
    case Model::Fp16:
      return "fp16";
    case Model::Fixed:
      return "fixed";
  }
  return "?";
}

bool NumberSet::contains(double v) const {
  if (undefined) return true;
  if (std::isnan(v)) return nan;
  return values && lo <= v && v <= hi;
}

bool NumberSet::operator==(const NumberSet& o) const {
  if (undefined || o.undefined) return undefined == o.undefined;
  if (nan != o.nan || values != o.values) return false;
  return !values || (lo == o.lo && hi == o.hi);
}

std::string numberSetText(const NumberSet& s) {
  if (s.undefined) return "undefined";
  auto num = [](double v) {
    if (std::isinf(v)) return std::string(v < 0 ? "-inf" : "inf");
    std::ostringstream o;
    o.precision(17);
    o << v;
    return o.str();
  };
  std::string out;
  if (s.values) out = s.lo == s.hi ? num(s.lo) : "[" + num(s.lo) + ", " + num(s.hi) + "]";
  if (s.nan) out += s.values ? " or NaN" : "NaN";
  return out;
}

double NumericModel::largest() const {
  switch (model_) {
    case Model::Fp32:
      return kMaxF32;
    case Model::Fp16:
      return kMaxF16;
    case Model::Fixed:
      return kFixedLargest;
  }
  return 0;
}

double NumericModel::smallest() const {
  return model_ == Model::Fixed ? kFixedSmallest : -largest();
}

// #Arithmetic Precision and Range ("Some hardware may not conform exactly to IEEE arithmetic
// rules"): a subnormal may be flushed to zero (docs/ambiguities.md CG-E1), so a set with a
// subnormal also holds zero. The sign of a flushed zero is not tracked.
NumberSet NumericModel::flushed(const NumberSet& s) const {
  if (strict_ || model_ == Model::Fixed || s.undefined || !s.values) return s;
  double n = smallestNormal(model_);
  bool subnormal = s.lo < n && s.hi > -n && !(s.lo == 0 && s.hi == 0);
  if (!subnormal) return s;
  NumberSet out = s;
  out.lo = std::min(out.lo, 0.0);
  out.hi = std::max(out.hi, 0.0);
  return out;
}

NumberSet NumericModel::fromReal(double v) const {
  if (std::isnan(v)) return model_ == Model::Fixed ? NumberSet::any() : NumberSet::nanOnly();
  if (model_ == Model::Fixed) return NumberSet::range(gridDown(v), gridUp(v));
  if (std::isinf(v)) return NumberSet::point(v);
  return flushed(NumberSet::point(exact::roundTo(formatOf(model_), exact::Dyadic(v))));
}

NumberSet NumericModel::fromRealRange(double lo, double hi) const {
  NumberSet a = fromReal(lo), b = fromReal(hi);
  if (a.undefined || b.undefined) return NumberSet::any();
  NumberSet out = NumberSet::range(std::min(a.lo, b.lo), std::max(a.hi, b.hi));
  out.nan = a.nan || b.nan;
  return flushed(out);
}

NumberSet NumericModel::convert(const NumberSet& x) const {
  if (x.undefined) return NumberSet::any();
  if (model_ == Model::Fixed && x.nan) return NumberSet::any();  // NaN has no fixed value
  NumberSet out = x.values ? fromRealRange(x.lo, x.hi) : NumberSet::nanOnly();
  out.nan = model_ != Model::Fixed && x.nan;
  return out;
}

// The rounded result of x op y for two values (corners of the operands' intervals). Finite
// operands: exact, then rounded once (fp) or returned exact (fixed rounds both ways after).
// Infinite operands: IEEE 754 in binary64 gives the same infinity or zero.
double NumericModel::roundNearest(double, Op op, double x, double y) const {
  if (!std::isfinite(x) || !std::isfinite(y) || model_ == Model::Fixed) {
    switch (op) {
      case Op::Add:
        return x + y;
      case Op::Subtract:
        return x - y;
      case Op::Multiply:
        return x * y;
      case Op::Divide:
        return x / y;
    }
  }
  const exact::FloatFormat& f = formatOf(model_);
  if (op == Op::Divide) {
    if (y == 0) return x == 0 ? std::nan("") : (std::signbit(x) != std::signbit(y) ? -kInf : kInf);
    mpq_t a, b;
    mpq_inits(a, b, nullptr);
    exact::toRational(a, exact::Dyadic(x));
    exact::toRational(b, exact::Dyadic(y));
    mpq_div(a, a, b);
    double r = exact::roundTo(f, a);
    mpq_clears(a, b, nullptr);
    return r;
  }
  exact::Dyadic a(x), b(y);
  exact::Dyadic r = op == Op::Add ? a + b : op == Op::Subtract ? a - b : a * b;
  return exact::roundTo(f, r);
}

NumberSet NumericModel::arithmetic(Op op, const NumberSet& a0, const NumberSet& b0) const {
  if (a0.undefined || b0.undefined) return NumberSet::any();
  NumberSet a = flushed(a0), b = flushed(b0);
  if (model_ == Model::Fixed && op == Op::Divide && hasZero(b))
    return NumberSet::any();  // CG-E2: division by zero has no fixed result
  bool nan = a.nan || b.nan;
  if (!a.values || !b.values) return NumberSet::nanOnly();
  // IEEE 754 invalid operations inside the operands' sets (the corners miss the interior).
  switch (op) {
    case Op::Add:
      nan |= (hasPositiveInfinity(a) && hasNegativeInfinity(b)) ||
             (hasNegativeInfinity(a) && hasPositiveInfinity(b));
      break;
    case Op::Subtract:
      nan |= (hasPositiveInfinity(a) && hasPositiveInfinity(b)) ||
             (hasNegativeInfinity(a) && hasNegativeInfinity(b));
      break;
    case Op::Multiply:
      nan |= (hasZero(a) && hasInfinity(b)) || (hasInfinity(a) && hasZero(b));
      break;
    case Op::Divide:
      nan |= (hasZero(a) && hasZero(b)) || (hasInfinity(a) && hasInfinity(b));
      break;
  }
  double lo = kInf, hi = -kInf;
  bool any = false;
  auto take = [&](double r) {
    if (std::isnan(r)) return;
    lo = std::min(lo, r), hi = std::max(hi, r), any = true;
  };
  if (op == Op::Divide && hasZero(b) && !(b.lo == 0 && b.hi == 0)) {
    // A divisor set holding zero and other values: quotients of both signs grow without bound
    // (the sign of a zero is not tracked).
    if (!(a.lo == 0 && a.hi == 0)) take(-kInf), take(kInf);
    take(0);
  }
  if (model_ == Model::Fixed && op == Op::Divide) {
    for (double x : {a.lo, a.hi})
      for (double y : {b.lo, b.hi}) {
        auto [down, up] = fixedQuotient(x, y);
        take(saturate(down)), take(saturate(up));
      }
  } else {
    for (double x : {a.lo, a.hi})
      for (double y : {b.lo, b.hi}) take(roundNearest(0, op, x, y));
  }
  NumberSet out;
  out.nan = nan;
  out.values = any;
  if (!any) return NumberSet::nanOnly();
  if (model_ == Model::Fixed) {
    out.lo = gridDown(lo);
    out.hi = gridUp(hi);
    return out;
  }
  out.lo = lo, out.hi = hi;
  return flushed(out);
}

NumberSet NumericModel::add(const NumberSet& a, const NumberSet& b) const {
  return arithmetic(Op::Add, a, b);
}
NumberSet NumericModel::subtract(const NumberSet& a, const NumberSet& b) const {
  return arithmetic(Op::Subtract, a, b);
}
NumberSet NumericModel::multiply(const NumberSet& a, const NumberSet& b) const {
  return arithmetic(Op::Multiply, a, b);
}
NumberSet NumericModel::divide(const NumberSet& a, const NumberSet& b) const {
  return arithmetic(Op::Divide, a, b);
}

NumberSet NumericModel::negate(const NumberSet& a) const {
  if (a.undefined) return a;
  NumberSet out = a;
  if (a.values) {
    out.lo = -a.hi, out.hi = -a.lo;
    // fixed: -(-2) = 2 is outside [-2, 2): saturated (CG-E2).
    if (model_ == Model::Fixed) out.lo = saturate(out.lo), out.hi = saturate(out.hi);
  }
  return out;
}

NumberSet NumericModel::fusedMultiplyAdd(const NumberSet& a0, const NumberSet& b0,
                                         const NumberSet& c0) const {
  if (a0.undefined || b0.undefined || c0.undefined) return NumberSet::any();
  if (model_ == Model::Fixed) {
    // Grid values' products and sums are exact in binary64; saturated and rounded once.
    double lo = kInf, hi = -kInf;
    for (double x : {a0.lo, a0.hi})
      for (double y : {b0.lo, b0.hi})
        for (double z : {c0.lo, c0.hi}) lo = std::min(lo, x * y + z), hi = std::max(hi, x * y + z);
    return NumberSet::range(gridDown(lo), gridUp(hi));
  }
  NumberSet a = flushed(a0), b = flushed(b0), c = flushed(c0);
  if (!a.values || !b.values || !c.values) return NumberSet::nanOnly();
  // An infinity anywhere: the product's set and the sum's, as the unfused operations give
  // them (an infinite result is not rounded, so fusing changes nothing there).
  if (hasInfinity(a) || hasInfinity(b) || hasInfinity(c)) {
    NumberSet out = arithmetic(Op::Add, arithmetic(Op::Multiply, a, b), c);
    out.nan |= a.nan || b.nan || c.nan;
    return out;
  }
  const exact::FloatFormat& f = formatOf(model_);
  double lo = kInf, hi = -kInf;
  for (double x : {a.lo, a.hi})
    for (double y : {b.lo, b.hi})
      for (double z : {c.lo, c.hi}) {
        double r = exact::roundTo(f, exact::Dyadic(x) * exact::Dyadic(y) + exact::Dyadic(z));
        lo = std::min(lo, r), hi = std::max(hi, r);
      }
  NumberSet out = NumberSet::range(lo, hi);
  out.nan = a.nan || b.nan || c.nan;
  return flushed(out);
}

Truth NumericModel::compare(std::string_view op, const NumberSet& a0, const NumberSet& b0) const {
  if (a0.undefined || b0.undefined) return Truth::Either;
  NumberSet a = flushed(a0), b = flushed(b0);
  bool nan = a.nan || b.nan;  // every ordered comparison with a NaN is false, != true
  bool canTrue = false, canFalse = nan;
  if (op == "!=") canTrue = nan, canFalse = false;
  if (a.values && b.values) {
    bool lt = a.lo<b.hi, gt = a.hi> b.lo;                       // some a < b, some a > b
    bool eq = a.lo <= b.hi && b.lo <= a.hi;                     // some a == b
    bool allLt = a.hi<b.lo, allGt = a.lo> b.hi;                 // every a < b, every a > b
    bool allEq = a.lo == a.hi && b.lo == b.hi && a.lo == b.lo;  // every a == b
    if (op == "<") canTrue |= lt, canFalse |= !allLt;
    if (op == ">") canTrue |= gt, canFalse |= !allGt;
    if (op == "<=") canTrue |= lt || eq, canFalse |= !(allLt || allEq || a.hi <= b.lo);
    if (op == ">=") canTrue |= gt || eq, canFalse |= !(allGt || allEq || a.lo >= b.hi);
    if (op == "==") canTrue |= eq, canFalse |= !allEq;
    if (op == "!=") canTrue |= !allEq, canFalse |= eq;
  }
  if (canTrue && canFalse) return Truth::Either;
  return canTrue ? Truth::True : Truth::False;
}

// ------------------------------------------------------------------------------------ int

namespace {
constexpr int64_t kIntMin = std::numeric_limits<int32_t>::min();
constexpr int64_t kIntMax = std::numeric_limits<int32_t>::max();

IntResult ub(const char* why) {
  return IntResult{IntSet::any(), why};
}

// A result that is an int, or signed overflow (C11 6.5p5: "If an exceptional condition occurs
// during the evaluation of an expression (that is, if the result is not mathematically defined
// or not in the range of representable values for its type), the behavior is undefined").
IntResult inRange(int64_t v) {
  if (v < kIntMin || v > kIntMax) return ub("signed integer overflow (C11 6.5p5)");
  return IntResult{IntSet::of(v), {}};
}
}  // namespace

IntResult intBinary(std::string_view op, IntSet a, IntSet b) {
  // An undefined operand gives an undefined value; the evaluator also offers the undefined
  // behaviour the unknown value may cause (interpreter/cg/evaluator.cpp).
  if (a.undefined || b.undefined) return IntResult{IntSet::any(), {}};
  int64_t x = a.value, y = b.value;
  if (op == "+") return inRange(x + y);
  if (op == "-") return inRange(x - y);
  if (op == "*") return inRange(x * y);
  if (op == "/" || op == "%") {
    // "When / or % is used with cint or int operands, C rules for integer / and % apply."
    if (y == 0) return ub("integer division by zero (C11 6.5.5p5)");
    if (x == kIntMin && y == -1) return ub("INT_MIN / -1 overflows (C11 6.5.5p6)");
    return IntResult{IntSet::of(op == "/" ? x / y : x % y), {}};  // truncation toward zero
  }
  if (op == "&") return IntResult{IntSet::of(x & y), {}};
  if (op == "|") return IntResult{IntSet::of(x | y), {}};
  if (op == "^") return IntResult{IntSet::of(x ^ y), {}};
  if (op == "<<" || op == ">>") {
    if (y < 0 || y >= 32) return ub("shift count outside [0, 32) (C11 6.5.7p3)");
    if (op == "<<") {
      if (x < 0) return ub("left shift of a negative value (C11 6.5.7p4)");
      return inRange(x << y);
    }
    // C11 6.5.7p5: a negative value shifted right is implementation-defined; Plumb takes the
    // arithmetic shift every GPU does.
    return IntResult{IntSet::of(x >> y), {}};
  }
  return ub("unknown integer operator");
}

IntResult intUnary(std::string_view op, IntSet a) {
  if (a.undefined) return IntResult{IntSet::any(), {}};
  if (op == "-") return inRange(-a.value);
  if (op == "~") return IntResult{IntSet::of(~a.value), {}};
  return IntResult{a, {}};
}

bool fitsWidth(int64_t v, IntegerWidth w) {
  if (w.bits >= 64) return w.isSigned || v >= 0;
  if (!w.isSigned) return v >= 0 && v < (int64_t{1} << w.bits);
  int64_t half = int64_t{1} << (w.bits - 1);
  return v >= -half && v < half;
}

int64_t wrapToWidth(int64_t v, IntegerWidth w) {
  if (w.bits >= 64) return v;
  uint64_t mask = (uint64_t{1} << w.bits) - 1;
  uint64_t bits = static_cast<uint64_t>(v) & mask;
  if (w.isSigned && (bits >> (w.bits - 1)) != 0) return static_cast<int64_t>(bits | ~mask);
  return static_cast<int64_t>(bits);
}

namespace {
// The 64-bit signed (long) operators: C's rules with long's range (C11 6.5p5).
IntResult longBinary(std::string_view op, int64_t x, int64_t y) {
  auto checked = [](__int128 v) {
    if (v < std::numeric_limits<int64_t>::min() || v > std::numeric_limits<int64_t>::max())
      return ub("signed integer overflow of long (C11 6.5p5)");
    return IntResult{IntSet::of(static_cast<int64_t>(v)), {}};
  };
  __int128 a = x, b = y;
  if (op == "+") return checked(a + b);
  if (op == "-") return checked(a - b);
  if (op == "*") return checked(a * b);
  if (op == "/" || op == "%") {
    if (y == 0) return ub("integer division by zero (C11 6.5.5p5)");
    if (x == std::numeric_limits<int64_t>::min() && y == -1)
      return ub("LONG_MIN / -1 overflows (C11 6.5.5p6)");
    return IntResult{IntSet::of(op == "/" ? x / y : x % y), {}};
  }
  if (op == "&") return IntResult{IntSet::of(x & y), {}};
  if (op == "|") return IntResult{IntSet::of(x | y), {}};
  if (op == "^") return IntResult{IntSet::of(x ^ y), {}};
  if (op == "<<" || op == ">>") {
    if (y < 0 || y >= 64) return ub("shift count outside [0, 64) (C11 6.5.7p3)");
    if (op == ">>") return IntResult{IntSet::of(x >> y), {}};
    if (x < 0) return ub("left shift of a negative value (C11 6.5.7p4)");
    return checked(a << y);
  }
  return ub("unknown integer operator");
}

// The unsigned operators at 32 or 64 bits: modulo 2^bits (C11 6.2.5p9), computed modulo 2^64,
// which each result's reduction modulo 2^bits (`reduce`) keeps exact. unsigned int's operands
// are in [0, 2^32); unsigned long's in [0, 2^63) (IntSet's range), and its result of 2^63 or
// more is any value (not held: CGD-11).
template <typename Reduce>
IntResult unsignedModular(std::string_view op, uint64_t x, uint64_t y, uint64_t bits,
                          Reduce reduce) {
  if (op == "+") return reduce(x + y);
  if (op == "-") return reduce(x - y);
  if (op == "*") return reduce(x * y);
  if (op == "/" || op == "%") {
    if (y == 0) return ub("integer division by zero (C11 6.5.5p5)");
    return reduce(op == "/" ? x / y : x % y);
  }
  if (op == "&") return reduce(x & y);
  if (op == "|") return reduce(x | y);
  if (op == "^") return reduce(x ^ y);
  if (op == "<<" || op == ">>") {
    if (y >= bits)
      return ub(bits == 32 ? "shift count outside [0, 32) (C11 6.5.7p3)"
                           : "shift count outside [0, 64) (C11 6.5.7p3)");
    return reduce(op == "<<" ? x << y : x >> y);
  }
  return ub("unknown integer operator");
}

IntResult unsignedBinary(std::string_view op, int64_t x, int64_t y) {
  return unsignedModular(op, static_cast<uint64_t>(x), static_cast<uint64_t>(y), 32,
                         [](uint64_t v) {
                           return IntResult{IntSet::of(static_cast<int64_t>(v & 0xffffffffu)), {}};
                         });
}

IntResult unsignedLongBinary(std::string_view op, uint64_t x, uint64_t y) {
  return unsignedModular(op, x, y, 64, [](uint64_t v) {
    return IntResult{v >> 63 ? IntSet::any() : IntSet::of(static_cast<int64_t>(v)), {}};
  });
}
}  // namespace

IntResult intBinaryAt(std::string_view op, IntSet a, IntSet b, IntegerWidth w) {
  if (a.undefined || b.undefined) return IntResult{IntSet::any(), {}};
  if (w.bits == 64 && w.isSigned) return longBinary(op, a.value, b.value);
  if (w.bits == 64) {
    // A negative operand (a shift count of a signed type) has no unsigned long value here.
    if (a.value < 0 || ((op == "<<" || op == ">>") && b.value < 0))
      return op == "<<" || op == ">>" ? ub("shift count outside [0, 64) (C11 6.5.7p3)")
                                      : IntResult{IntSet::any(), {}};
    if (b.value < 0) return IntResult{IntSet::any(), {}};
    return unsignedLongBinary(op, static_cast<uint64_t>(a.value), static_cast<uint64_t>(b.value));
  }
  // unsigned int; unsigned char and short too, in 32 bits (cgc's gp5 code computes them with
  // the .U instructions; the evaluator then converts the result to the type: CGD-11).
  if (w.bits <= 32 && !w.isSigned) {
    const IntegerWidth u32{32, false};
    return unsignedBinary(op, wrapToWidth(a.value, u32), wrapToWidth(b.value, u32));
  }
  return intBinary(op, a, b);  // int; char and short promoted to int (C11 6.3.1.1p2)
}

IntResult intUnaryAt(std::string_view op, IntSet a, IntegerWidth w) {
  if (a.undefined) return IntResult{IntSet::any(), {}};
  if (w.bits == 64 && w.isSigned) {
    if (op == "-") return longBinary("-", 0, a.value);
    if (op == "~") return IntResult{IntSet::of(~a.value), {}};
    return IntResult{a, {}};
  }
  if (w.bits == 64) {  // unsigned long: -x and ~x of x in [0, 2^63)
    if (op == "-" || op == "~") {
      uint64_t x = static_cast<uint64_t>(a.value);
      uint64_t r = op == "-" ? uint64_t{0} - x : ~x;
      return IntResult{r >> 63 ? IntSet::any() : IntSet::of(static_cast<int64_t>(r)), {}};
    }
    return IntResult{a, {}};
  }
  if (!w.isSigned) {
    const IntegerWidth u32{32, false};
    if (op == "-") return IntResult{IntSet::of(wrapToWidth(-a.value, u32)), {}};
    if (op == "~") return IntResult{IntSet::of(wrapToWidth(~a.value, u32)), {}};
    return IntResult{a, {}};
  }
  return intUnary(op, a);
}

IntResult intFromNumberAt(const NumberSet& x, IntegerWidth w) {
  // int; char, short, unsigned char, unsigned short: as int, then narrowed (F2I, then the
  // width).
  if (w.bits < 32 || (w.bits == 32 && w.isSigned)) return intFromNumber(x);
  if (x.undefined) return IntResult{IntSet::any(), {}};
  if (x.nan || !x.values) return ub("NaN converted to an integer (C11 6.3.1.4p1)");
  double lo = std::trunc(x.lo), hi = std::trunc(x.hi);
  // The type's range: [0, 2^32) for unsigned int, [-2^63, 2^63) for long (both exact doubles).
  double min = w.isSigned ? -9223372036854775808.0 : 0.0;
  double limit = w.isSigned || w.bits == 64 ? 9223372036854775808.0 : 4294967296.0;
  if (lo < min || hi >= (w.bits == 64 && !w.isSigned ? 2 * limit : limit))
    return ub("value outside the integer type's range converted to it (C11 6.3.1.4p1)");
  if (hi >= limit) return IntResult{IntSet::any(), {}};  // unsigned long of 2^63 or more
  if (lo != hi) return IntResult{IntSet::any(), {}};
  return IntResult{IntSet::of(static_cast<int64_t>(lo)), {}};
}

IntResult intFromNumber(const NumberSet& x) {
  if (x.undefined) return IntResult{IntSet::any(), {}};
  if (x.nan || !x.values) return ub("NaN converted to int (C11 6.3.1.4p1)");
  double lo = std::trunc(x.lo), hi = std::trunc(x.hi);
  if (lo < static_cast<double>(kIntMin) || hi > static_cast<double>(kIntMax))
    return ub("value outside int's range converted to int (C11 6.3.1.4p1)");
  // Several ints (a set spanning an integer): any int, a superset (IntSet holds one value).
  if (lo != hi) return IntResult{IntSet::any(), {}};
  return IntResult{IntSet::of(static_cast<int64_t>(lo)), {}};
}

}  // namespace plumb::cg
