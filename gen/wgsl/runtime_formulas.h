// The seed's run-time operations as Z3 terms over 32-bit words, for the `runtime` family
// (runtime.cpp): integer operators and built-ins in the bit-vector theory, written from the
// seed's own formulas (#arithmetic-expr, #bit-expr, #integer-builtin-functions), and f32/f16
// operations in the IEEE floating-point theory with explicit rounding directions, so that the
// "correctly rounded" result (either neighbour of the exact value, #floating-point-accuracy)
// is the pair of results rounded down and up. These terms are the family's independent
// derivation: nothing here calls Plumb's checker or interpreter.
#pragma once

#include <cstdint>
#include <vector>

#include <z3++.h>

namespace plumb::gen::wgsl::rt {

class Formulas {
 public:
  explicit Formulas(z3::context& c);

  z3::context& ctx;
  z3::sort f16, f32, f64;

  z3::expr word(uint64_t v, unsigned width = 32) const;
  z3::expr rtn() const;  // round toward negative
  z3::expr rtp() const;  // round toward positive
  z3::expr rtz() const;  // round toward zero
  z3::expr rne() const;  // nearest, ties to even (only where the result is exact anyway)

  // --- floating point ---
  z3::expr asFloat(const z3::expr& bits, const z3::sort& format) const;  // reinterpret
  z3::expr asF32(const z3::expr& word) const { return asFloat(word, f32); }
  z3::expr ieeeBits(const z3::expr& x) const;
  /// `x` in `format`, rounded in direction `rm` (exact when `format` is wider).
  z3::expr convert(const z3::expr& rm, const z3::expr& x, const z3::sort& format) const;
  z3::expr add(const z3::expr& rm, const z3::expr& x, const z3::expr& y) const;
  z3::expr sub(const z3::expr& rm, const z3::expr& x, const z3::expr& y) const;
  z3::expr mul(const z3::expr& rm, const z3::expr& x, const z3::expr& y) const;
  z3::expr div(const z3::expr& rm, const z3::expr& x, const z3::expr& y) const;
  z3::expr roundToIntegral(const z3::expr& rm, const z3::expr& x) const;
  z3::expr fpMin(const z3::expr& x, const z3::expr& y) const;
  z3::expr fpMax(const z3::expr& x, const z3::expr& y) const;
  z3::expr toSigned(const z3::expr& rm, const z3::expr& x, unsigned width = 32) const;
  z3::expr toUnsigned(const z3::expr& rm, const z3::expr& x, unsigned width = 32) const;
  /// The value of a signed/unsigned bit vector in `format`, rounded in direction `rm`.
  z3::expr fromSigned(const z3::expr& rm, const z3::expr& bv, const z3::sort& format) const;
  z3::expr fromUnsigned(const z3::expr& rm, const z3::expr& bv, const z3::sort& format) const;
  z3::expr constant(double v, const z3::sort& format) const;  // exactly representable
  z3::expr isSubnormal(const z3::expr& x) const;
  z3::expr isNormal(const z3::expr& x) const;
  z3::expr isZero(const z3::expr& x) const;
  z3::expr isInfinite(const z3::expr& x) const;
  z3::expr isNaN(const z3::expr& x) const;
  z3::expr notFinite(const z3::expr& x) const { return isInfinite(x) || isNaN(x); }
  z3::expr fpLt(const z3::expr& x, const z3::expr& y) const;
  z3::expr fpLe(const z3::expr& x, const z3::expr& y) const;
  z3::expr fpEq(const z3::expr& x, const z3::expr& y) const;  // IEEE equality (+0 == -0)
  z3::expr fpAbs(const z3::expr& x) const;
  /// #floating-point-evaluation: "Implementations may flush denormalized value on the input
  /// and/or output of any operation listed in #floating-point-accuracy": x, or zero when x is
  /// subnormal.
  z3::expr flush(const z3::expr& x) const;

  // --- i32 and u32 (#arithmetic-expr, #bit-expr): 32-bit vectors ---
  z3::expr minI32() const { return word(0x80000000u); }
  /// Negation: "If T is an integral type and e evaluates to the largest negative value, then
  /// the result is e"; otherwise -e (modulo 2^32).
  z3::expr negate(const z3::expr& e) const;
  z3::expr divideSigned(const z3::expr& e1, const z3::expr& e2) const;
  z3::expr remainderSigned(const z3::expr& e1, const z3::expr& e2) const;
  z3::expr divideUnsigned(const z3::expr& e1, const z3::expr& e2) const;
  z3::expr remainderUnsigned(const z3::expr& e1, const z3::expr& e2) const;
  /// Shifts: "The number of bits to shift is the value of e2, modulo the bit width of e1".
  z3::expr shiftLeft(const z3::expr& e1, const z3::expr& e2) const;
  z3::expr shiftRightLogical(const z3::expr& e1, const z3::expr& e2) const;
  /// i32 `>>` as docs/ambiguities.md S3 reads it (copies of the sign bit; the 2026 text).
  z3::expr shiftRightArithmetic(const z3::expr& e1, const z3::expr& e2) const;
  /// The exact (wider) value of a word taken as i32 or u32, for overflow conditions.
  z3::expr wideSigned(const z3::expr& e, unsigned width = 64) const;
  z3::expr wideUnsigned(const z3::expr& e, unsigned width = 64) const;

  // --- #integer-builtin-functions ---
  z3::expr absSigned(const z3::expr& e) const;
  z3::expr countLeadingZeros(const z3::expr& e) const;
  z3::expr countTrailingZeros(const z3::expr& e) const;
  z3::expr firstLeadingBitSigned(const z3::expr& e) const;
  z3::expr firstLeadingBitUnsigned(const z3::expr& e) const;
  z3::expr firstTrailingBit(const z3::expr& e) const;
  z3::expr extractBits(const z3::expr& e, const z3::expr& offset, const z3::expr& count,
                       bool isSigned) const;
  z3::expr insertBits(const z3::expr& e, const z3::expr& newbits, const z3::expr& offset,
                      const z3::expr& count) const;

  // --- #floating-point-conversion to i32/u32, read as docs/ambiguities.md S5 ---
  /// Round toward zero; in range: that value; beyond it: the closest value of the integer
  /// type that the f32 type can hold (the seed's note: 4294967040u for u32; 2147483520i for
  /// i32). `x` finite.
  z3::expr f32ToI32(const z3::expr& x) const;
  z3::expr f32ToU32(const z3::expr& x) const;

 private:
  /// The position of the most (least) significant 1 bit of a nonzero `x`.
  z3::expr mostSignificantOne(const z3::expr& x) const;
  z3::expr leastSignificantOne(const z3::expr& x) const;
  z3::expr wrap(Z3_ast a) const;
};

}  // namespace plumb::gen::wgsl::rt
