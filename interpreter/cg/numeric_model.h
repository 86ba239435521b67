// The numeric models of the Cg seed's "Arithmetic Precision and Range" and its precision list
// (float "s23e8 ("fp32") IEEE single precision", half "s10e5 ("fp16") floating point w/ IEEE
// semantics", fixed "S1.10 fixed point, clamping to [-2, 2)", int "signed 32 bit
// twos-complement"), as one interface over sets of values (design.md, "Sets, not values").
//
// Decisions where the seed is silent (docs/ambiguities.md, section Cg: CG-E1 .. CG-E4):
//  - fp32 and fp16 round every operation to nearest even, overflow to an infinity and produce
//    NaN as IEEE 754 does; because "some hardware may not conform exactly to IEEE arithmetic
//    rules", a subnormal operand or result may also be flushed to zero (the set holds both),
//    unless `strictIeee`.
//  - fixed: the exact result saturated to [-2, 2 - 2^-10] and rounded to the 2^-10 grid in
//    either direction (the set holds both neighbours); division by zero is any fixed value.
//  - int: C's rules; signed overflow, / and % by zero, INT_MIN / -1, out-of-range shifts are
//    undefined behaviour: an explicit outcome, never a value.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace plumb::cg {

/// The arithmetic a floating type is evaluated in.
enum class Model : uint8_t { Fp32, Fp16, Fixed };
std::string_view modelName(Model m);

/// The values one component of a floating type may have: every value of its model in
/// [lo, hi] (the ends may be infinite in fp32 and fp16), and NaN if `nan`; `undefined` is any
/// value of the type at all (the seed's "the value ... is undefined").
struct NumberSet {
  double lo = 0;
  double hi = 0;
  bool values = true;  // false: the set holds no number, only NaN
  bool nan = false;
  bool undefined = false;

  static NumberSet point(double v) { return NumberSet{v, v, true, false, false}; }
  static NumberSet range(double lo, double hi) { return NumberSet{lo, hi, true, false, false}; }
  static NumberSet nanOnly() { return NumberSet{0, 0, false, true, false}; }
  static NumberSet any() { return NumberSet{0, 0, true, true, true}; }
  bool isPoint() const { return !undefined && values && !nan && lo == hi; }
  bool contains(double v) const;
  bool operator==(const NumberSet& o) const;
};
/// "1.5", "[1, 1.5]", "NaN", "[-inf, inf] or NaN", "undefined".
std::string numberSetText(const NumberSet& s);

/// The outcome of a comparison over sets: true, false, or either (a choice point).
enum class Truth : uint8_t { False, True, Either };

/// One numeric model: conversions onto it and the operations of its values.
class NumericModel {
 public:
  explicit NumericModel(Model m, bool strictIeee = false) : model_(m), strict_(strictIeee) {}
  Model model() const { return model_; }
  /// The largest finite value: 2^128 - 2^104, 65504, 2 - 2^-10.
  double largest() const;
  double smallest() const;  // -largest(), or -2 for fixed

  /// A real number (a double, exact) as a value of the model: rounded to nearest (fp32, fp16:
  /// overflow to an infinity; subnormals and their flushed zero), or both neighbours on the
  /// grid, saturated (fixed). NaN and infinities: fixed gives `undefined` for NaN and
  /// saturates infinities.
  NumberSet fromReal(double v) const;
  /// A set of another model (or of the reals: integers, cint, cfloat) converted onto this one.
  NumberSet convert(const NumberSet& x) const;

  NumberSet add(const NumberSet& a, const NumberSet& b) const;
  NumberSet subtract(const NumberSet& a, const NumberSet& b) const;
  NumberSet multiply(const NumberSet& a, const NumberSet& b) const;
  NumberSet divide(const NumberSet& a, const NumberSet& b) const;
  NumberSet negate(const NumberSet& a) const;
  /// a * b + c rounded once (a fused multiply-add: NV_gpu_program5's FMA, the library's fma):
  /// the exact result at the corners of the operands' intervals (it is bilinear in a and b and
  /// monotone in c, so its extremes are at corners), rounded to the model; IEEE 754's invalid
  /// cases (0 * inf, inf - inf) give NaN.
  NumberSet fusedMultiplyAdd(const NumberSet& a, const NumberSet& b, const NumberSet& c) const;
  /// a < b, a <= b, ... ("<", "<=", ">", ">=", "==", "!="); NaN compares unordered.
  Truth compare(std::string_view op, const NumberSet& a, const NumberSet& b) const;

  /// The exact real interval [lo, hi] (directed bounds) as the model's set: every value a
  /// correctly rounded (fp) or either-way rounded (fixed) result of a number in it may be.
  NumberSet fromRealRange(double lo, double hi) const;

 private:
  enum class Op { Add, Subtract, Multiply, Divide };
  NumberSet arithmetic(Op op, const NumberSet& a, const NumberSet& b) const;
  NumberSet flushed(const NumberSet& s) const;
  double roundNearest(double exactLo, Op op, double x, double y) const;
  Model model_;
  bool strict_;
};

/// int: "signed 32 bit twos-complement integer" with C's rules. A value is one integer or any
/// (an undefined value: an uninitialised read). `undefinedBehaviour` names the C rule an
/// operation broke (the execution then has the "undefined" outcome), empty otherwise.
struct IntSet {
  int64_t value = 0;
  bool undefined = false;
  static IntSet of(int64_t v) { return IntSet{v, false}; }
  static IntSet any() { return IntSet{0, true}; }
  bool operator==(const IntSet&) const = default;
};
struct IntResult {
  IntSet value;
  std::string undefinedBehaviour;
};
/// + - * / % << >> & | ^ on int; "-" "~" unary when `b` is omitted (see intUnary).
IntResult intBinary(std::string_view op, IntSet a, IntSet b);
IntResult intUnary(std::string_view op, IntSet a);
/// The integer a floating value converts to: C truncates toward zero; a value outside int's
/// range or NaN is undefined behaviour (C11 6.3.1.4).
IntResult intFromNumber(const NumberSet& x);

/// The other integer types of the seed's precision list ("char: signed 8 bit twos-complement
/// integer", "short: signed 16 bit", "long: signed 64 bit") and `unsigned int` (Cg 3.1's
/// "preferably a 32-bit ordinal value"): a width and a signedness (docs/ambiguities.md CG-E17).
struct IntegerWidth {
  int bits = 32;
  bool isSigned = true;
  bool operator==(const IntegerWidth&) const = default;
};
/// Whether v is a value of the type.
bool fitsWidth(int64_t v, IntegerWidth w);
/// v reduced modulo 2^bits into the type's range (two's complement for a signed type): C's
/// conversion to an unsigned type (C11 6.3.1.3p2), and the seed's "twos-complement" reading of
/// the implementation-defined conversion to a narrower signed one (6.3.1.3p3).
int64_t wrapToWidth(int64_t v, IntegerWidth w);
/// An operator in a type of that width: 64-bit signed (long) with C's rules at 64 bits; 64-bit
/// unsigned (unsigned long) modulo 2^64, a result of 2^63 or more any value (IntSet holds
/// int64_t; CGD-11); 32-bit unsigned modulo 2^32 (C11 6.2.5p9), and the 8- and 16-bit unsigned
/// types there too, division and remainder by zero and shift counts outside [0, 32)
/// undefined; 8- and 16-bit signed (char, short) as C computes them, in int after the integer
/// promotions (the evaluator then converts the result to the type); int as intBinary.
IntResult intBinaryAt(std::string_view op, IntSet a, IntSet b, IntegerWidth w);
IntResult intUnaryAt(std::string_view op, IntSet a, IntegerWidth w);
/// A floating value converted to an integer type: truncated toward zero; NaN or a value outside
/// the range of the type (int's for char and short, which the evaluator then narrows) is
/// undefined behaviour (C11 6.3.1.4p1).
IntResult intFromNumberAt(const NumberSet& x, IntegerWidth w);

}  // namespace plumb::cg
