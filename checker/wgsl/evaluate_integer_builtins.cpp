// Creation-time evaluation of #integer-builtin-functions, exactly as the .bs defines them
// (the plain-text seed lost the bit-manipulation formulas, inventory C41; the .bs has them).
// i32 and u32 values are held as int64_t (i32 signed, u32 in [0, 2^32)); the bit functions
// work on the 32-bit two's complement representation. AbstractInt results outside
// [-2^63, 2^63) are shader-creation errors (#types-for-creation-time-constants), as for the
// operators in evaluate.cpp.
#include <bit>
#include <cstdint>

#include "checker/wgsl/builtin_evaluation.h"

namespace plumb::builtins {

namespace {

constexpr std::string_view kIntegerSection = "integer-builtin-functions";

// A 32-bit pattern as a value of `t` (i32 or u32).
Value fromBits(Type t, const TypeTable& types, uint32_t bits) {
  return types.kind(t) == TypeKind::I32 ? Value{t, int64_t{static_cast<int32_t>(bits)}}
                                        : Value{t, int64_t{bits}};
}

uint32_t bitsOf(const Value& v) {
  return static_cast<uint32_t>(static_cast<uint64_t>(v.intValue()));
}

using BitFunction = uint32_t (*)(uint32_t bits, bool isSigned);

Evaluator bitEvaluator(BitFunction f) {
  return [f](const Context& c) {
    return componentWise(c, [f](const Context& c, const std::vector<Value>& a, Type t) {
      bool isSigned = c.types.kind(t) == TypeKind::I32;
      return std::optional<Value>(fromBits(t, c.types, f(bitsOf(a[0]), isSigned)));
    });
  };
}

// o = min(offset, w), c = min(count, w - o), for w = 32 (the .bs's extractBits/insertBits).
std::pair<uint32_t, uint32_t> bitRange(const Value& offset, const Value& count) {
  uint32_t o = static_cast<uint32_t>(std::min<int64_t>(offset.intValue(), 32));
  uint32_t c = static_cast<uint32_t>(std::min<int64_t>(count.intValue(), 32 - o));
  return {o, c};
}

uint32_t lowMask(uint32_t c) {
  return c >= 32 ? 0xFFFFFFFFu : (1u << c) - 1;
}

}  // namespace

void addIntegerEvaluators(EvaluatorTable& table) {
  auto add = [&](std::string_view name, Evaluator e) {
    table[{name, kIntegerSection}] = std::move(e);
  };
  auto each = [](ScalarFunction f) {
    return [f](const Context& c) { return componentWise(c, f); };
  };

  // abs(e): "If e is a signed integral scalar type and evaluates to the largest negative
  // value, then the result is e" -- for i32. For AbstractInt, |-2^63| = 2^63 is outside its
  // range: an error, as unary minus (evaluate.cpp; inventory B16: the sentence contradicts
  // "must not overflow" for AbstractInt). u32: e.
  add("abs",
      each([](const Context& c, const std::vector<Value>& a, Type t) -> std::optional<Value> {
        int64_t x = a[0].intValue();
        switch (c.types.kind(t)) {
          case TypeKind::AbstractInt:
            if (x == INT64_MIN)
              return c.fail(c.callText(a) + ": AbstractInt overflow, 2^63 is outside [-2^63, 2^63)",
                            "types-for-creation-time-constants");
            return Value{t, x < 0 ? -x : x};
          case TypeKind::I32:
            return Value{t, x == INT32_MIN ? x : (x < 0 ? -x : x)};
          default:
            return Value{t, x};
        }
      }));

  // max(e1, e2): "e2 if e1 is less than e2, and e1 otherwise"; min: "e1 if e1 is less than
  // e2, and e2 otherwise".
  add("max", each([](const Context&, const std::vector<Value>& a, Type) {
        return std::optional<Value>(a[0].intValue() < a[1].intValue() ? a[1] : a[0]);
      }));
  add("min", each([](const Context&, const std::vector<Value>& a, Type) {
        return std::optional<Value>(a[0].intValue() < a[1].intValue() ? a[0] : a[1]);
      }));
  // clamp(e, low, high) = min(max(e, low), high), as the seed defines it for integers also
  // when low > high (then high). The current draft makes low > high a shader-creation error
  // for const-expressions (new#clamp; Revision::constArgumentErrors).
  add("clamp",
      each([](const Context& c, const std::vector<Value>& a, Type) -> std::optional<Value> {
        if (c.constArgumentErrors() && a[1].intValue() > a[2].intValue())
          return c.fail(c.callText(a) + ": low is greater than high", "clamp");
        const Value& m = a[0].intValue() < a[1].intValue() ? a[1] : a[0];
        return std::optional<Value>(m.intValue() < a[2].intValue() ? m : a[2]);
      }));

  // new#sign-builtin for integers (revision 2026): 1, 0 or -1.
  table[{"sign", "sign-builtin"}] = each([](const Context&, const std::vector<Value>& a, Type t) {
    int64_t x = a[0].intValue();
    return std::optional<Value>(Value{t, int64_t{x > 0 ? 1 : x < 0 ? -1 : 0}});
  });

  // Counts, on the 32 bits of e.
  add("countLeadingZeros",
      bitEvaluator([](uint32_t x, bool) { return static_cast<uint32_t>(std::countl_zero(x)); }));
  add("countOneBits",
      bitEvaluator([](uint32_t x, bool) { return static_cast<uint32_t>(std::popcount(x)); }));
  add("countTrailingZeros",
      bitEvaluator([](uint32_t x, bool) { return static_cast<uint32_t>(std::countr_zero(x)); }));

  // firstLeadingBit: signed: -1 if e is 0 or -1, else the position of the most significant
  // bit that differs from the sign bit; unsigned: T(-1) if e is 0, else the position of the
  // most significant 1 bit. Both rows share the anchor; the type tells them apart.
  add("firstLeadingBit", bitEvaluator([](uint32_t x, bool isSigned) -> uint32_t {
        if (isSigned && (x & 0x80000000u)) x = ~x;  // the bits that differ from the sign bit
        if (x == 0) return 0xFFFFFFFFu;             // -1, or T(-1) for u32
        return 31u - static_cast<uint32_t>(std::countl_zero(x));
      }));
  // firstTrailingBit: T(-1) if e is 0, else the position of the least significant 1 bit.
  add("firstTrailingBit", bitEvaluator([](uint32_t x, bool) -> uint32_t {
        return x == 0 ? 0xFFFFFFFFu : static_cast<uint32_t>(std::countr_zero(x));
      }));
  // reverseBits: bit k of the result is bit 31 - k of e.
  add("reverseBits", bitEvaluator([](uint32_t x, bool) {
        uint32_t r = 0;
        for (int k = 0; k < 32; ++k) r |= ((x >> k) & 1u) << (31 - k);
        return r;
      }));

  // extractBits(e, offset, count): w = 32, o = min(offset, w), c = min(count, w - o); 0 if
  // c is 0, else bits o..o+c-1 of e in bits 0..c-1, the other bits copies of bit c - 1
  // (signed) or 0 (unsigned). The current draft makes offset + count > w a shader-creation
  // error for const-expressions; the seed's formula clamps (docs/ambiguities.md).
  add("extractBits", each([](const Context& c, const std::vector<Value>& a, Type t) {
        auto [o, n] = bitRange(a[1], a[2]);
        if (n == 0) return std::optional<Value>(fromBits(t, c.types, 0));
        uint32_t field = o >= 32 ? 0 : (bitsOf(a[0]) >> o) & lowMask(n);
        if (c.types.kind(t) == TypeKind::I32 && n < 32 && ((field >> (n - 1)) & 1u))
          field |= ~lowMask(n);  // sign extension from bit c - 1
        return std::optional<Value>(fromBits(t, c.types, field));
      }));
  // insertBits(e, newbits, offset, count): e if c is 0, else bits o..o+c-1 of the result from
  // bits 0..c-1 of newbits, the others from e.
  add("insertBits", each([](const Context& c, const std::vector<Value>& a, Type t) {
        auto [o, n] = bitRange(a[2], a[3]);
        uint32_t e = bitsOf(a[0]);
        if (n == 0) return std::optional<Value>(fromBits(t, c.types, e));
        uint32_t mask = lowMask(n) << o;  // n >= 1 implies o <= 31
        uint32_t r = (e & ~mask) | ((bitsOf(a[1]) << o) & mask);
        return std::optional<Value>(fromBits(t, c.types, r));
      }));
}

}  // namespace plumb::builtins
