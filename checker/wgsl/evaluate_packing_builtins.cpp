// Creation-time evaluation of #pack-builtin-functions and #unpack-builtin-functions, by the
// .bs formulas. Component i of a 4x8 format is in bits 8i..8i+7, of a 2x16 format in bits
// 16i..16i+15.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "checker/wgsl/builtin_evaluation.h"
#include "checker/exact_arithmetic.h"
#include "checker/float_rounding.h"

namespace plumb::builtins {

namespace {

using exact::Dyadic;

// A normalized format: `scale` is 127, 255, 32767 or 65535; signed formats clamp to [-1, 1],
// unsigned to [0, 1].
struct NormFormat {
  int bits;
  int64_t scale;
  bool isSigned;
};

constexpr NormFormat k4x8snorm{8, 127, true}, k4x8unorm{8, 255, false}, k2x16snorm{16, 32767, true},
    k2x16unorm{16, 65535, false};

// pack: component e[i] becomes floor(0.5 + scale * min(1, max(lower, e[i]))), exactly, which
// is then placed (two's complement for snorm) in its bits of the result.
Evaluator pack(NormFormat f) {
  return [f](const Context& c) -> std::optional<Value> {
    uint32_t result = 0;
    const std::vector<Value>& e = c.call.args[0].elements();
    for (size_t i = 0; i < e.size(); ++i) {
      double x = std::fmin(1.0, std::fmax(f.isSigned ? -1.0 : 0.0, e[i].floatValue()));
      Dyadic v = Dyadic(0.5) + Dyadic(f.scale) * Dyadic(x);
      int64_t n = v.floorToInt();  // in [-scale, scale]
      uint32_t field = static_cast<uint32_t>(n) & ((1u << f.bits) - 1);
      result |= field << (f.bits * i);
    }
    return Value{c.call.result, int64_t{result}};
  };
}

// unpack: component i is v / scale (snorm: max(v / scale, -1)) for the field v of bits
// f.bits*i .. f.bits*i + f.bits - 1 (two's complement for snorm), correctly rounded to f32.
Evaluator unpack(NormFormat f) {
  return [f](const Context& c) -> std::optional<Value> {
    uint32_t bits = static_cast<uint32_t>(c.call.args[0].intValue());
    Type t = c.types[c.call.result].element;
    const exact::FloatFormat& binary32 = exact::floatFormat(TypeKind::F32);
    std::vector<Value> out;
    for (int i = 0; i < 32 / f.bits; ++i) {
      uint32_t field = (bits >> (f.bits * i)) & ((1u << f.bits) - 1);
      int64_t v = field;
      if (f.isSigned && (field >> (f.bits - 1))) v -= int64_t{1} << f.bits;
      Dyadic vd(v);
      double r = exact::roundTo(binary32, [&](mpfr_ptr y) {
        return mpfr_div_si(y, vd.get(), static_cast<long>(f.scale), MPFR_RNDN);
      });
      out.push_back(Value{t, std::fmax(r, -1.0)});
    }
    return vectorValue(c.call.result, std::move(out));
  };
}

}  // namespace

void addPackingEvaluators(EvaluatorTable& table) {
  const std::string_view packing = "pack-builtin-functions";
  const std::string_view unpacking = "unpack-builtin-functions";
  table[{"pack4x8snorm", packing}] = pack(k4x8snorm);
  table[{"pack4x8unorm", packing}] = pack(k4x8unorm);
  table[{"pack2x16snorm", packing}] = pack(k2x16snorm);
  table[{"pack2x16unorm", packing}] = pack(k2x16unorm);
  // pack2x16float: each component converted to binary16 (#floating-point-conversion: to
  // nearest in Plumb). The seed's conversion of values beyond the finite range of binary16
  // gives an infinity (inventory C38); the current draft: "If either e[0] or e[1] is outside
  // the finite range of binary16 then it is a shader-creation error if e is a
  // const-expression".
  table[{"pack2x16float", packing}] = [](const Context& c) -> std::optional<Value> {
    uint32_t result = 0;
    const std::vector<Value>& e = c.call.args[0].elements();
    for (size_t i = 0; i < e.size(); ++i) {
      double x = e[i].floatValue();
      if (std::fabs(x) > kMaxF16)
        return c.fail(c.callText(c.call.args) + ": component " + std::to_string(i) + ", " +
                          formatValue(c.types, e[i]) +
                          ", is outside the finite range of f16, [-65504, 65504]",
                      "pack-builtin-functions");
      result |= uint32_t{f16Bits(roundToF16(x))} << (16 * i);
    }
    return Value{c.call.result, int64_t{result}};
  };

  // Revision 2026: the 4x8 packed-integer functions (new#pack4xI8-builtin to
  // new#unpack4xU8-builtin, new#dot4U8Packed-builtin, new#dot4I8Packed-builtin). Component i
  // is bits 8i to 8i + 7.
  auto pack4x8 = [](bool clampSigned, bool clampUnsigned) {
    return [=](const Context& c) -> std::optional<Value> {
      uint32_t result = 0;
      const std::vector<Value>& e = c.call.args[0].elements();
      for (size_t i = 0; i < e.size(); ++i) {
        int64_t x = e[i].intValue();
        if (clampSigned) x = std::clamp<int64_t>(x, -128, 127);
        if (clampUnsigned) x = std::min<int64_t>(x, 255);
        result |= (static_cast<uint32_t>(x) & 0xFFu) << (8 * i);
      }
      return Value{c.call.result, int64_t{result}};
    };
  };
  table[{"pack4xI8", "pack4xI8-builtin"}] = pack4x8(false, false);
  table[{"pack4xU8", "pack4xU8-builtin"}] = pack4x8(false, false);
  table[{"pack4xI8Clamp", "pack4xI8Clamp-builtin"}] = pack4x8(true, false);
  table[{"pack4xU8Clamp", "pack4xU8Clamp-builtin"}] = pack4x8(false, true);
  // The byte i of e, sign-extended or not.
  auto byteOf = [](int64_t e, size_t i, bool isSigned) -> int64_t {
    uint32_t b = (static_cast<uint32_t>(e) >> (8 * i)) & 0xFFu;
    return isSigned ? int64_t(int8_t(uint8_t(b))) : int64_t(b);
  };
  auto unpack4x8 = [byteOf](bool isSigned) {
    return [=](const Context& c) -> std::optional<Value> {
      Type t = c.types[c.call.result].element;
      std::vector<Value> out;
      for (size_t i = 0; i < 4; ++i)
        out.push_back(Value{t, byteOf(c.call.args[0].intValue(), i, isSigned)});
      return Value{c.call.result, std::move(out)};
    };
  };
  table[{"unpack4xI8", "unpack4xI8-builtin"}] = unpack4x8(true);
  table[{"unpack4xU8", "unpack4xU8-builtin"}] = unpack4x8(false);
  // The dot product of the four bytes of e1 and e2 (in [-65024, 65536] or [0, 260100]: exact).
  auto dot4x8 = [byteOf](bool isSigned) {
    return [=](const Context& c) -> std::optional<Value> {
      int64_t sum = 0;
      for (size_t i = 0; i < 4; ++i)
        sum += byteOf(c.call.args[0].intValue(), i, isSigned) *
               byteOf(c.call.args[1].intValue(), i, isSigned);
      return Value{c.call.result, sum};
    };
  };
  table[{"dot4I8Packed", "dot4I8Packed-builtin"}] = dot4x8(true);
  table[{"dot4U8Packed", "dot4U8Packed-builtin"}] = dot4x8(false);

  table[{"unpack4x8snorm", unpacking}] = unpack(k4x8snorm);
  table[{"unpack4x8unorm", unpacking}] = unpack(k4x8unorm);
  table[{"unpack2x16snorm", unpacking}] = unpack(k2x16snorm);
  table[{"unpack2x16unorm", unpacking}] = unpack(k2x16unorm);
  // unpack2x16float: each half interpreted as binary16 (exactly representable in f32). An
  // infinity or NaN encoding gives a value that is not finite: an error, as every
  // creation-time floating-point result (current draft's Finite Math Assumption).
  table[{"unpack2x16float", unpacking}] = [](const Context& c) -> std::optional<Value> {
    uint32_t bits = static_cast<uint32_t>(c.call.args[0].intValue());
    Type t = c.types[c.call.result].element;
    std::vector<Value> out;
    for (int i = 0; i < 2; ++i) {
      uint16_t half = static_cast<uint16_t>(bits >> (16 * i));
      double v = f16FromBits(half);
      if (!std::isfinite(v)) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%04x", half);
        return c.fail(c.callText(c.call.args) + ": component " + std::to_string(i) + " encodes " +
                          (std::isnan(v) ? "a NaN" : "an infinity") + " (" + hex +
                          "); creation-time values are finite",
                      "floating-point-evaluation");
      }
      out.push_back(Value{t, v});
    }
    return vectorValue(c.call.result, std::move(out));
  };
}

}  // namespace plumb::builtins
