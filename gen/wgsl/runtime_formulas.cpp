#include "gen/wgsl/runtime_formulas.h"

#include <z3_fpa.h>

namespace plumb::gen::wgsl::rt {

Formulas::Formulas(z3::context& c)
    : ctx(c), f16(c.fpa_sort(5, 11)), f32(c.fpa_sort(8, 24)), f64(c.fpa_sort(11, 53)) {}

z3::expr Formulas::wrap(Z3_ast a) const {
  ctx.check_error();
  return z3::expr(ctx, a);
}

z3::expr Formulas::word(uint64_t v, unsigned width) const {
  return ctx.bv_val(static_cast<uint64_t>(v), width);
}

z3::expr Formulas::rtn() const {
  return wrap(Z3_mk_fpa_rtn(ctx));
}
z3::expr Formulas::rtp() const {
  return wrap(Z3_mk_fpa_rtp(ctx));
}
z3::expr Formulas::rtz() const {
  return wrap(Z3_mk_fpa_rtz(ctx));
}
z3::expr Formulas::rne() const {
  return wrap(Z3_mk_fpa_rne(ctx));
}

z3::expr Formulas::asFloat(const z3::expr& bits, const z3::sort& format) const {
  return wrap(Z3_mk_fpa_to_fp_bv(ctx, bits, format));
}
z3::expr Formulas::ieeeBits(const z3::expr& x) const {
  return wrap(Z3_mk_fpa_to_ieee_bv(ctx, x));
}
z3::expr Formulas::convert(const z3::expr& rm, const z3::expr& x, const z3::sort& format) const {
  return wrap(Z3_mk_fpa_to_fp_float(ctx, rm, x, format));
}
z3::expr Formulas::add(const z3::expr& rm, const z3::expr& x, const z3::expr& y) const {
  return wrap(Z3_mk_fpa_add(ctx, rm, x, y));
}
z3::expr Formulas::sub(const z3::expr& rm, const z3::expr& x, const z3::expr& y) const {
  return wrap(Z3_mk_fpa_sub(ctx, rm, x, y));
}
z3::expr Formulas::mul(const z3::expr& rm, const z3::expr& x, const z3::expr& y) const {
  return wrap(Z3_mk_fpa_mul(ctx, rm, x, y));
}
z3::expr Formulas::div(const z3::expr& rm, const z3::expr& x, const z3::expr& y) const {
  return wrap(Z3_mk_fpa_div(ctx, rm, x, y));
}
z3::expr Formulas::roundToIntegral(const z3::expr& rm, const z3::expr& x) const {
  return wrap(Z3_mk_fpa_round_to_integral(ctx, rm, x));
}
z3::expr Formulas::fpMin(const z3::expr& x, const z3::expr& y) const {
  return wrap(Z3_mk_fpa_min(ctx, x, y));
}
z3::expr Formulas::fpMax(const z3::expr& x, const z3::expr& y) const {
  return wrap(Z3_mk_fpa_max(ctx, x, y));
}
z3::expr Formulas::toSigned(const z3::expr& rm, const z3::expr& x, unsigned width) const {
  return wrap(Z3_mk_fpa_to_sbv(ctx, rm, x, width));
}
z3::expr Formulas::toUnsigned(const z3::expr& rm, const z3::expr& x, unsigned width) const {
  return wrap(Z3_mk_fpa_to_ubv(ctx, rm, x, width));
}
z3::expr Formulas::fromSigned(const z3::expr& rm, const z3::expr& bv,
                              const z3::sort& format) const {
  return wrap(Z3_mk_fpa_to_fp_signed(ctx, rm, bv, format));
}
z3::expr Formulas::fromUnsigned(const z3::expr& rm, const z3::expr& bv,
                                const z3::sort& format) const {
  return wrap(Z3_mk_fpa_to_fp_unsigned(ctx, rm, bv, format));
}
z3::expr Formulas::constant(double v, const z3::sort& format) const {
  return wrap(Z3_mk_fpa_numeral_double(ctx, v, format));
}
z3::expr Formulas::isSubnormal(const z3::expr& x) const {
  return wrap(Z3_mk_fpa_is_subnormal(ctx, x));
}
z3::expr Formulas::isNormal(const z3::expr& x) const {
  return wrap(Z3_mk_fpa_is_normal(ctx, x));
}
z3::expr Formulas::isZero(const z3::expr& x) const {
  return wrap(Z3_mk_fpa_is_zero(ctx, x));
}
z3::expr Formulas::isInfinite(const z3::expr& x) const {
  return wrap(Z3_mk_fpa_is_infinite(ctx, x));
}
z3::expr Formulas::isNaN(const z3::expr& x) const {
  return wrap(Z3_mk_fpa_is_nan(ctx, x));
}
z3::expr Formulas::fpLt(const z3::expr& x, const z3::expr& y) const {
  return wrap(Z3_mk_fpa_lt(ctx, x, y));
}
z3::expr Formulas::fpLe(const z3::expr& x, const z3::expr& y) const {
  return wrap(Z3_mk_fpa_leq(ctx, x, y));
}
z3::expr Formulas::fpEq(const z3::expr& x, const z3::expr& y) const {
  return wrap(Z3_mk_fpa_eq(ctx, x, y));
}
z3::expr Formulas::fpAbs(const z3::expr& x) const {
  return wrap(Z3_mk_fpa_abs(ctx, x));
}

z3::expr Formulas::flush(const z3::expr& x) const {
  z3::expr zero = wrap(Z3_mk_fpa_zero(ctx, x.get_sort(), false));
  return z3::ite(isSubnormal(x), zero, x);
}

// --- i32 and u32 ---

z3::expr Formulas::negate(const z3::expr& e) const {
  return z3::ite(e == minI32(), e, -e);
}

z3::expr Formulas::divideSigned(const z3::expr& e1, const z3::expr& e2) const {
  // "e1, when e2 is zero"; "e1, when e1 is the most negative value in T, and e2 is -1";
  // "truncate(x) otherwise" (SMT-LIB's bvsdiv truncates toward zero).
  return z3::ite(e2 == word(0), e1,
                 z3::ite(e1 == minI32() && e2 == word(0xffffffffu), e1, e1 / e2));
}
z3::expr Formulas::remainderSigned(const z3::expr& e1, const z3::expr& e2) const {
  // "0, when e2 is zero"; "0, when e1 is the most negative value in T, and e2 is -1";
  // "e1 - truncate(e1 ÷ e2) × e2" otherwise (bvsrem: the sign of e1).
  return z3::ite(e2 == word(0), word(0),
                 z3::ite(e1 == minI32() && e2 == word(0xffffffffu), word(0), z3::srem(e1, e2)));
}
z3::expr Formulas::divideUnsigned(const z3::expr& e1, const z3::expr& e2) const {
  return z3::ite(e2 == word(0), e1, z3::udiv(e1, e2));
}
z3::expr Formulas::remainderUnsigned(const z3::expr& e1, const z3::expr& e2) const {
  return z3::ite(e2 == word(0), word(0), z3::urem(e1, e2));
}
z3::expr Formulas::shiftLeft(const z3::expr& e1, const z3::expr& e2) const {
  return z3::shl(e1, z3::urem(e2, word(32)));
}
z3::expr Formulas::shiftRightLogical(const z3::expr& e1, const z3::expr& e2) const {
  return z3::lshr(e1, z3::urem(e2, word(32)));
}
z3::expr Formulas::shiftRightArithmetic(const z3::expr& e1, const z3::expr& e2) const {
  return z3::ashr(e1, z3::urem(e2, word(32)));
}
z3::expr Formulas::wideSigned(const z3::expr& e, unsigned width) const {
  return z3::sext(e, width - 32);
}
z3::expr Formulas::wideUnsigned(const z3::expr& e, unsigned width) const {
  return z3::zext(e, width - 32);
}

// --- #integer-builtin-functions ---

z3::expr Formulas::absSigned(const z3::expr& e) const {
  // "If e is a signed integral scalar type and evaluates to the largest negative value, then
  // the result is e."
  return z3::ite(e == minI32(), e, z3::ite(e < word(0), -e, e));
}

z3::expr Formulas::countLeadingZeros(const z3::expr& e) const {
  // "The number of consecutive 0 bits starting from the most significant bit": bits 31..k
  // are all 0 exactly for the k with e >> k == 0; counting those k counts the zeros.
  z3::expr n = word(0);
  for (unsigned k = 0; k < 32; ++k)
    n = n + z3::ite(z3::lshr(e, word(k)) == word(0), word(1), word(0));
  return n;
}

z3::expr Formulas::countTrailingZeros(const z3::expr& e) const {
  // "... starting from the least significant bit": bits 0..k-1 are all 0 exactly when
  // e << (32 - k) == 0 (k = 32: e itself).
  z3::expr n = word(0);
  for (unsigned k = 1; k <= 32; ++k)
    n = n + z3::ite(z3::shl(e, word(32 - k)) == word(0), word(1), word(0));
  return n;
}

z3::expr Formulas::mostSignificantOne(const z3::expr& x) const {
  z3::expr p = word(0);
  for (unsigned k = 0; k < 32; ++k) p = z3::ite(x.extract(k, k) == ctx.bv_val(1, 1), word(k), p);
  return p;
}
z3::expr Formulas::leastSignificantOne(const z3::expr& x) const {
  z3::expr p = word(0);
  for (int k = 31; k >= 0; --k)
    p = z3::ite(x.extract(k, k) == ctx.bv_val(1, 1), word(static_cast<unsigned>(k)), p);
  return p;
}

z3::expr Formulas::firstLeadingBitSigned(const z3::expr& e) const {
  // "-1 if e is 0 or -1. Otherwise the position of the most significant bit in e that is
  // different from e's sign bit."
  z3::expr differs = z3::ite(e < word(0), ~e, e);
  return z3::ite(e == word(0) || e == word(0xffffffffu), word(0xffffffffu),
                 mostSignificantOne(differs));
}
z3::expr Formulas::firstLeadingBitUnsigned(const z3::expr& e) const {
  // "T(-1) if e is zero. Otherwise the position of the most significant 1 bit in e."
  return z3::ite(e == word(0), word(0xffffffffu), mostSignificantOne(e));
}
z3::expr Formulas::firstTrailingBit(const z3::expr& e) const {
  return z3::ite(e == word(0), word(0xffffffffu), leastSignificantOne(e));
}

z3::expr Formulas::extractBits(const z3::expr& e, const z3::expr& offset, const z3::expr& count,
                               bool isSigned) const {
  // w = 32, o = min(offset, w), c = min(count, w - o); 0 if c is 0; otherwise bits 0..c-1
  // from bits o..o+c-1 of e, the other bits copies of bit c-1 (signed) or 0 (unsigned).
  z3::expr w = word(32);
  z3::expr o = z3::ite(z3::ult(offset, w), offset, w);
  z3::expr c = z3::ite(z3::ult(count, w - o), count, w - o);
  z3::expr field = z3::lshr(e, o);  // a shift by 32 gives 0 in the bit-vector theory
  z3::expr up = w - c;              // c >= 1 below: at most 31
  z3::expr r =
      isSigned ? z3::ashr(z3::shl(field, up), up) : (field & z3::lshr(word(0xffffffffu), up));
  return z3::ite(c == word(0), word(0), r);
}

z3::expr Formulas::insertBits(const z3::expr& e, const z3::expr& newbits, const z3::expr& offset,
                              const z3::expr& count) const {
  // The result is e if c is 0; otherwise bits o..o+c-1 from bits 0..c-1 of newbits, the
  // others from e.
  z3::expr w = word(32);
  z3::expr o = z3::ite(z3::ult(offset, w), offset, w);
  z3::expr c = z3::ite(z3::ult(count, w - o), count, w - o);
  z3::expr mask = z3::shl(z3::lshr(word(0xffffffffu), w - c), o);
  return z3::ite(c == word(0), e, (e & ~mask) | (z3::shl(newbits, o) & mask));
}

// --- #floating-point-conversion ---

z3::expr Formulas::f32ToI32(const z3::expr& x) const {
  // Toward zero; out of range, the closest i32 that f32 can hold: the i32 bounds converted to
  // f32 toward zero (-2^31 is exact; 2^31 - 1 becomes 2^31 - 128).
  z3::expr t = roundToIntegral(rtz(), x);
  z3::expr hi = fromSigned(rtz(), word(0x7fffffffu), f32);
  z3::expr lo = fromSigned(rtz(), word(0x80000000u), f32);
  return z3::ite(fpLt(hi, t), toSigned(rtz(), hi),
                 z3::ite(fpLt(t, lo), toSigned(rtz(), lo), toSigned(rtz(), t)));
}

z3::expr Formulas::f32ToU32(const z3::expr& x) const {
  z3::expr t = roundToIntegral(rtz(), x);
  z3::expr hi = fromUnsigned(rtz(), word(0xffffffffu), f32);  // 4294967040
  z3::expr zero = constant(0.0, f32);
  return z3::ite(fpLt(hi, t), toUnsigned(rtz(), hi),
                 z3::ite(fpLt(t, zero), word(0), toUnsigned(rtz(), t)));
}

}  // namespace plumb::gen::wgsl::rt
