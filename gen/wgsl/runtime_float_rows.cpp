// The floating-point rows of the `runtime` family: f32 conversion to i32/u32 at its saturation
// bounds (#floating-point-conversion, docs/ambiguities.md S5), rounding ties of + - *
// (#floating-point-accuracy: "correctly rounded" allows either neighbour), subnormal inputs
// and results (#floating-point-evaluation: flushing allowed), producers of infinities and
// NaNs (an undefined value: any 32 bits; R8), the range of the divisor of `/` (R7), and
// pack/unpack at their rounding boundaries (#pack-builtin-functions,
// #unpack-builtin-functions; R6).
//
// Z3 decides in the IEEE theory: the exact result of an f32 operation is computed in binary64
// where it fits exactly (products of two f32 values always; sums when the exponents are at
// most 28 apart), and the two f32 neighbours are the results rounded toward negative and
// positive.
#include "gen/wgsl/runtime_rows.h"

namespace plumb::gen::wgsl::rt {

namespace {

constexpr uint32_t kImplicitBit = 0x00800000u;  // the f32 exponent's lowest bit

z3::expr f32Const(const Formulas& f, double v) {
  return f.constant(v, f.f32);
}
z3::expr f64Const(const Formulas& f, double v) {
  return f.constant(v, f.f64);
}
z3::expr wide(const Formulas& f, const z3::expr& x) {
  return f.convert(f.rne(), x, f.f64);  // exact: every f32 value is a binary64 value
}
z3::expr finite(const Formulas& f, const z3::expr& x) {
  return !f.notFinite(x);
}
void preferExponent(Builder& b, const z3::expr& word, int lo, int hi) {
  b.prefer(exponentField(word) == b.f.ctx.bv_val(static_cast<uint64_t>(b.rng.between(lo, hi)), 8));
}
z3::expr signBit(const z3::expr& word) {
  return word.extract(31, 31);
}
/// The 24-bit significand of a normal f32 (the implicit one and the fraction) in `width` bits.
z3::expr significand(const Formulas& f, const z3::expr& word, unsigned width) {
  return z3::zext(word.extract(22, 0), width - 23) | f.ctx.bv_val(uint64_t(1) << 23, width);
}
uint64_t significandOf(uint32_t bits) {
  return (bits & 0x007fffffu) | 0x00800000u;
}
int exponentOf(uint32_t bits) {
  return static_cast<int>((bits >> 23) & 0xff);
}
z3::expr exponentIs(const Formulas& f, const z3::expr& word, int e) {
  return exponentField(word) == f.ctx.bv_val(static_cast<uint64_t>(e), 8);
}
z3::expr bv(const Formulas& f, uint64_t v, unsigned width) {
  return f.ctx.bv_val(v, width);
}

using FloatOp = std::function<z3::expr(const Formulas&, const z3::expr& rm, const z3::expr& x,
                                       const z3::expr& y)>;

FloatOp floatOp(const std::string& op) {
  if (op == "+")
    return [](const Formulas& f, const z3::expr& rm, const z3::expr& x, const z3::expr& y) {
      return f.add(rm, x, y);
    };
  if (op == "-")
    return [](const Formulas& f, const z3::expr& rm, const z3::expr& x, const z3::expr& y) {
      return f.sub(rm, x, y);
    };
  return [](const Formulas& f, const z3::expr& rm, const z3::expr& x, const z3::expr& y) {
    return f.mul(rm, x, y);
  };
}

Outcome tableOutcome(Builder& b, const Operands& v, const FloatOp& op) {
  const Formulas& f = b.f;
  return accuracyTableBinary(
      b.f, v[0], v[1],
      [&](const z3::expr& rm, const z3::expr& x, const z3::expr& y) { return op(f, rm, x, y); });
}

// --- rounding ties ---

/// `a OP b` whose exact result is exactly halfway between two f32 values (side A), against the
/// right operand's next f32 away from zero (side B; sometimes chosen so that the result is
/// exact there).
Row tieRow(const char* id, const char* what, const char* opText) {
  Row r;
  std::string op = opText;
  r.rule = {id, "floating-point-accuracy", what, "", ""};
  r.shapes = {{"$0 " + op + " $1", {Ty::F32, Ty::F32}, Ty::F32}};
  r.sideA = "tie";
  r.sideB = "next";
  r.meaningA = "the exact result is halfway between two f32 values: either is allowed";
  r.meaningB = "the right operand is the next f32 away from zero";
  r.constraint =
      "x and y's exponent from the stream; a: operands and both neighbours "
      "normal, exact result (binary64) == (RTN + RTP) / 2, RTN != RTP (searched "
      "through the significands' product or aligned sum); b: y's bits + 1";
  r.instances = 3;
  FloatOp fop = floatOp(op);
  r.boundary = [op, fop](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    // x from the stream; y's exponent too, and the solver picks y's significand. Alone the
    // IEEE constraint below is slow to solve (seconds), so the search goes through the
    // significands as bit vectors, where a tie is visible: the exact result's bits below its
    // 24 kept ones are a single one bit followed by zeros. The IEEE constraint then checks it.
    uint32_t xbits = op == "*" ? randomF32(b.rng, 70, 180) : randomF32(b.rng, 30, 220);
    int ex = exponentOf(xbits);
    z3::expr hint = f.ctx.bool_val(false);
    int ey;
    if (op == "*") {
      // mx * my < 2^48 is a tie when its lowest one is bit 22 (product below 2^47) or bit
      // 23 (above): the trailing zeros of mx and my add up to 22 or 23. (With t = 0, an odd
      // mx, only my = 3 * 2^22 works, and only for mx < 2^25 / 3: t >= 1 always has one.)
      unsigned t = 1 + static_cast<unsigned>(b.rng.below(22));
      xbits = (xbits & ~((1u << (t + 1)) - 1)) | (1u << t);
      z3::expr p = bv(f, significandOf(xbits), 48) * significand(f, a[1], 48);
      hint = z3::ite(p.extract(47, 47) == bv(f, 1, 1),
                     (p & bv(f, 0xffffff, 48)) == bv(f, 0x800000, 48),
                     (p & bv(f, 0x7fffff, 48)) == bv(f, 0x400000, 48));
      ey = static_cast<int>(b.rng.between(std::max(1, 130 - ex), std::min(254, 378 - ex)));
    } else {
      // y = my * 2^-d in units of x's last place, d from the stream; the exact sum or
      // difference S = (mx << d) ± my has k = d - 1, d or d + 1 bits below its kept 24.
      bool sameSign = b.rng.chance(50);
      bool adds = sameSign == (op == "+");
      // A difference with d = 1 is a tie only for some mx: d >= 2 always has one.
      int d = static_cast<int>(b.rng.between(adds ? 1 : 2, 23));
      ey = ex - d;
      uint32_t sy = (xbits >> 31) ^ (sameSign ? 0u : 1u);
      hint = signBit(a[1]) == bv(f, sy, 1);
      z3::expr big = z3::shl(bv(f, significandOf(xbits), 64), bv(f, static_cast<uint64_t>(d), 64));
      z3::expr sum = adds ? big + significand(f, a[1], 64) : big - significand(f, a[1], 64);
      z3::expr some = f.ctx.bool_val(false);
      for (int k = std::max(1, d - 1); k <= d + 1; ++k)
        some = some ||
               (z3::uge(sum, bv(f, uint64_t(1) << (23 + k), 64)) &&
                z3::ult(sum, bv(f, uint64_t(1) << (24 + k), 64)) &&
                (sum & bv(f, (uint64_t(1) << k) - 1, 64)) == bv(f, uint64_t(1) << (k - 1), 64));
      hint = hint && some;
    }
    b.pin(1);
    return b.fix(a, 0, xbits) && exponentIs(f, a[1], ey) && hint && w[0] == a[0] &&
           w[1] == a[1] + f.word(1);
  };
  r.check = [fop](Builder& b, const Operands& a, const Operands& w) {
    // The IEEE statement of the boundary: both neighbours normal and distinct, and the exact
    // result (binary64 holds it: a product of two f32 values, or a sum whose exponents are at
    // most 23 apart) their midpoint; side B's operands and neighbours normal.
    const Formulas& f = b.f;
    z3::expr x = f.asF32(a[0]), y = f.asF32(a[1]), xb = f.asF32(w[0]), yb = f.asF32(w[1]);
    z3::expr exact = fop(f, f.rne(), wide(f, x), wide(f, y));
    z3::expr lo = f.convert(f.rtn(), exact, f.f32), hi = f.convert(f.rtp(), exact, f.f32);
    return f.isNormal(x) && f.isNormal(y) && f.isNormal(lo) && f.isNormal(hi) && !f.fpEq(lo, hi) &&
           f.fpEq(f.add(f.rne(), wide(f, lo), wide(f, hi)),
                  f.mul(f.rne(), f64Const(f, 2.0), exact)) &&
           f.isNormal(yb) && f.isNormal(fop(f, f.rtn(), xb, yb)) &&
           f.isNormal(fop(f, f.rtp(), xb, yb));
  };
  r.outcome = [fop](Builder& b, const Operands& v) { return tableOutcome(b, v, fop); };
  return r;
}

// --- subnormals ---

Row mulSubnormalResultRow() {
  Row r;
  r.rule = {"runtime.f32-mul-subnormal-result", "floating-point-evaluation",
            "f32 product at the smallest normal value (2^-126)", "", ""};
  r.shapes = {{"$0 * $1", {Ty::F32, Ty::F32}, Ty::F32}};
  r.sideA = "subnormal";
  r.sideB = "normal";
  r.meaningA = "the exact product of two normal values is below 2^-126: it may be flushed to zero";
  r.meaningB = "the right operand's next f32 makes the product normal";
  r.constraint =
      "x from the stream; a: x, y normal, RTZ(x*y) subnormal (the exact product "
      "below 2^-126 in magnitude); b: y's bits + 1, RTZ(x*y) normal";
  r.instances = 3;
  FloatOp mul = floatOp("*");
  r.boundary = [](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    // x from the stream (below 1); y's exponent 127 - ex puts the product's unit at 2^-173,
    // where 2^-126 is 2^47: the significands' product P is below 2^47 and P + mx (with y's
    // next value) at least 2^47.
    uint32_t xbits = randomF32(b.rng, 1, 126);
    z3::expr p = bv(f, significandOf(xbits), 48) * significand(f, a[1], 48);
    b.pin(1);
    // The solver finds my by division (folded: both are constants), as the smallest my with
    // mx * my >= 2^47, less one; through the multiplication alone the search can take seconds.
    z3::expr mx = bv(f, significandOf(xbits), 48);
    return b.fix(a, 0, xbits) && exponentIs(f, a[1], 127 - exponentOf(xbits)) &&
           significand(f, a[1], 48) == z3::udiv(bv(f, (uint64_t(1) << 47) - 1, 48), mx) &&
           z3::ult(p, bv(f, uint64_t(1) << 47, 48)) &&
           z3::uge(p + bv(f, significandOf(xbits), 48), bv(f, uint64_t(1) << 47, 48)) &&
           w[0] == a[0] && w[1] == a[1] + f.word(1);
  };
  r.check = [](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    z3::expr x = f.asF32(a[0]), y = f.asF32(a[1]), xb = f.asF32(w[0]), yb = f.asF32(w[1]);
    // Rounded toward zero: subnormal exactly when the exact product's magnitude is below
    // 2^-126 (toward negative would round a negative product's magnitude up).
    return f.isNormal(x) && f.isNormal(y) && f.isSubnormal(f.mul(f.rtz(), x, y)) &&
           f.isNormal(yb) && f.isNormal(f.mul(f.rtz(), xb, yb));
  };
  r.outcome = [mul](Builder& b, const Operands& v) { return tableOutcome(b, v, mul); };
  return r;
}

Row subnormalOperandRow(const char* id, const char* opText) {
  Row r;
  std::string op = opText;
  r.rule = {id, "floating-point-evaluation",
            "f32 " + std::string(op == "*" ? "product" : "sum") +
                " with a subnormal operand (the largest subnormal against 2^-126 and above)",
            "", ""};
  r.shapes = {{"$0 " + op + " $1", {Ty::F32, Ty::F32}, Ty::F32}};
  r.sideA = "subnormal-operand";
  r.sideB = "normal-operand";
  r.meaningA = "the left operand is subnormal: it may be flushed to zero";
  r.meaningB = "the left operand with its exponent's lowest bit set: normal";
  r.constraint = "a: x subnormal, y normal, results finite; b: x | 0x00800000";
  r.instances = 3;
  FloatOp fop = floatOp(op);
  r.boundary = [op](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    z3::expr c = b.fix(a, 0, randomF32(b.rng, 0, 0)) && w[0] == (a[0] | f.word(kImplicitBit)) &&
                 w[1] == a[1];
    if (op == "+") {
      // y normal below the top binade (a sum with a tiny x then stays finite), mostly small.
      preferExponent(b, a[1], 1, 30);
      b.pin(1, 0x7f800000u);
      c = c && z3::uge(exponentField(a[1]), bv(f, 1, 8)) &&
          z3::ule(exponentField(a[1]), bv(f, 253, 8));
    } else {
      // y from the stream in [2^24, 2^101): x * y is normal for every subnormal x, and so is
      // (x + 2^-126) * y.
      c = c && b.fix(a, 1, randomF32(b.rng, 151, 227));
    }
    return c;
  };
  r.check = [op, fop](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    z3::expr x = f.asF32(a[0]), y = f.asF32(a[1]), xb = f.asF32(w[0]);
    z3::expr c = f.isSubnormal(x) && f.isNormal(xb) && f.isNormal(y);
    for (const z3::expr& xi : {x, xb})
      for (const z3::expr& rm : {f.rtn(), f.rtp()}) {
        z3::expr res = fop(f, rm, xi, y);
        // Products: normal results, so that the flushed operand's zero is the only other one.
        c = c && (op == "*" ? f.isNormal(res) : finite(f, res));
      }
    return c;
  };
  r.outcome = [fop](Builder& b, const Operands& v) { return tableOutcome(b, v, fop); };
  return r;
}

Row addSubnormalResultRow() {
  Row r;
  r.rule = {"runtime.f32-add-subnormal-result", "floating-point-evaluation",
            "f32 sum of two subnormals at the largest subnormal against 2^-126", "", ""};
  r.shapes = {{"$0 + $1", {Ty::F32, Ty::F32}, Ty::F32}};
  r.sideA = "subnormal";
  r.sideB = "normal";
  r.meaningA = "two subnormals of one sign whose sum is subnormal";
  r.meaningB = "the right operand's next f32 makes the sum the smallest normal value";
  r.constraint = "a: x, y subnormal, same sign, x + y subnormal; b: y's bits + 1, x + y normal";
  r.instances = 3;
  FloatOp add = floatOp("+");
  r.boundary = [](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    uint32_t xbits = randomF32(b.rng, 0, 0);
    if ((xbits & 0x007fffffu) == 0x007fffffu) xbits -= 1;  // room for a subnormal y
    b.pin(1);
    // Subnormals of one sign add their fractions: the sum is the largest subnormal when the
    // fractions add up to 2^23 - 1, and y's next value then makes it 2^-126.
    z3::expr fx = a[0].extract(22, 0), fy = a[1].extract(22, 0);
    return b.fix(a, 0, xbits) && exponentIs(f, a[1], 0) && signBit(a[0]) == signBit(a[1]) &&
           fx + fy == bv(f, 0x7fffff, 23) && w[0] == a[0] && w[1] == a[1] + f.word(1);
  };
  r.check = [](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    z3::expr x = f.asF32(a[0]), y = f.asF32(a[1]), xb = f.asF32(w[0]), yb = f.asF32(w[1]);
    return f.isSubnormal(x) && f.isSubnormal(y) && f.isSubnormal(f.add(f.rtn(), x, y)) &&
           f.isSubnormal(f.add(f.rtp(), x, y)) && f.isNormal(f.add(f.rtn(), xb, yb)) &&
           f.isNormal(f.add(f.rtp(), xb, yb));
  };
  r.outcome = [add](Builder& b, const Operands& v) { return tableOutcome(b, v, add); };
  return r;
}

// --- infinities and NaNs ---

Row overflowRow(const char* id, const char* opText) {
  Row r;
  std::string op = opText;
  r.rule = {id, "floating-point-evaluation",
            "f32 " + std::string(op == "*" ? "product" : "sum") +
                " at the largest finite value: overflow gives any value",
            "", ""};
  r.shapes = {{"$0 " + op + " $1", {Ty::F32, Ty::F32}, Ty::F32}};
  r.sideA = "finite";
  r.sideB = "overflow";
  r.meaningA = "both rounding directions give a finite result";
  r.meaningB =
      "the right operand's next f32 makes a rounding direction infinite: an "
      "undefined value, any 32 bits";
  r.constraint = "a: RTN and RTP finite; b: y's bits + 1, RTN or RTP infinite";
  r.instances = 3;
  FloatOp fop = floatOp(op);
  r.boundary = [op](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    // x from the stream; y's exponent puts the result's unit where MAX is a small integer,
    // and the solver picks y's significand: the exact result at most MAX, the one with y's
    // next value above it.
    z3::expr hint = f.ctx.bool_val(true);
    uint32_t xbits;
    if (op == "*") {
      // ex + ey = 381: the product's unit is 2^81 and MAX = (2^24 - 1) * 2^104 is
      // 2^47 - 2^23 units.
      xbits = randomF32(b.rng, 128, 254);
      z3::expr mx = bv(f, significandOf(xbits), 48), p = mx * significand(f, a[1], 48);
      z3::expr maxUnits = bv(f, (uint64_t(1) << 47) - (uint64_t(1) << 23), 48);
      // my by division (folded), as for the integer products.
      hint = exponentIs(f, a[1], 381 - exponentOf(xbits)) &&
             significand(f, a[1], 48) == z3::udiv(maxUnits, mx) && z3::ule(p, maxUnits) &&
             z3::ugt(p + mx, maxUnits);
    } else {
      // y in the top binade with x's sign; in units of x's last place (2^sh of them in y's)
      // the sum is mx + (my << sh) and MAX is (2^24 - 1) << sh.
      xbits = randomF32(b.rng, 230, 253);
      unsigned sh = static_cast<unsigned>(254 - exponentOf(xbits));
      z3::expr sum =
          bv(f, significandOf(xbits), 64) + z3::shl(significand(f, a[1], 64), bv(f, sh, 64));
      z3::expr maxUnits = bv(f, ((uint64_t(1) << 24) - 1) << sh, 64);
      hint = exponentIs(f, a[1], 254) && signBit(a[1]) == bv(f, xbits >> 31, 1) &&
             z3::ule(sum, maxUnits) && z3::ugt(sum + bv(f, uint64_t(1) << sh, 64), maxUnits);
    }
    b.pin(1);
    return b.fix(a, 0, xbits) && hint && w[0] == a[0] && w[1] == a[1] + f.word(1);
  };
  r.check = [fop](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    z3::expr x = f.asF32(a[0]), y = f.asF32(a[1]), xb = f.asF32(w[0]), yb = f.asF32(w[1]);
    return f.isNormal(x) && f.isNormal(y) && finite(f, fop(f, f.rtn(), x, y)) &&
           finite(f, fop(f, f.rtp(), x, y)) && finite(f, yb) &&
           (f.isInfinite(fop(f, f.rtn(), xb, yb)) || f.isInfinite(fop(f, f.rtp(), xb, yb)));
  };
  r.outcome = [fop](Builder& b, const Operands& v) { return tableOutcome(b, v, fop); };
  return r;
}

Row nonFiniteOperandRow() {
  Row r;
  r.rule = {"runtime.f32-non-finite-operand", "floating-point-evaluation",
            "f32 operation with an infinite or NaN operand read from memory", "", ""};
  for (const char* op : {"+", "-", "*"})
    r.shapes.push_back({std::string("$0 ") + op + " $1", {Ty::F32, Ty::F32}, Ty::F32});
  r.sideA = "non-finite";
  r.sideB = "finite";
  r.meaningA = "the right operand is an infinity or a NaN: any value";
  r.meaningB = "the right operand's exponent one lower: finite, and so is the result";
  r.constraint = "a: y's exponent all ones; b: y - 0x00800000, result finite both ways";
  r.instances = 3;
  r.boundary = [](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    // y from the stream: an infinity half the time, else a NaN; its fraction is never all
    // ones, so that the finite twin is below MAX and x + y stays finite both ways. |x| < 1:
    // the finite twin stays finite when multiplied.
    uint32_t fraction = b.rng.chance(50) ? 0u : 1u + static_cast<uint32_t>(b.rng.below(0x7ffffd));
    uint32_t ybits = (static_cast<uint32_t>(b.rng.below(2)) << 31) | 0x7f800000u | fraction;
    return b.fix(a, 1, ybits) && exponentField(a[1]) == f.ctx.bv_val(0xff, 8) &&
           b.fix(a, 0, randomF32(b.rng, 100, 126)) && w[0] == a[0] &&
           w[1] == a[1] - f.word(kImplicitBit);
  };
  r.check = [](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    FloatOp fop = floatOp(b.shape == 0 ? "+" : b.shape == 1 ? "-" : "*");
    z3::expr xb = f.asF32(w[0]), yb = f.asF32(w[1]);
    return f.notFinite(f.asF32(a[1])) && finite(f, yb) && finite(f, fop(f, f.rtn(), xb, yb)) &&
           finite(f, fop(f, f.rtp(), xb, yb));
  };
  r.outcome = [](Builder& b, const Operands& v) {
    return tableOutcome(b, v, floatOp(b.shape == 0 ? "+" : b.shape == 1 ? "-" : "*"));
  };
  return r;
}

Row divisorRangeRow() {
  Row r;
  r.rule = {"runtime.f32-div-divisor-range", "floating-point-accuracy",
            "f32 division: |y| at the edge of [2^-126, 2^126] (2.5 ULP inside, undefined "
            "outside, R7)",
            "", ""};
  r.shapes = {{"$0 / $1", {Ty::F32, Ty::F32}, Ty::F32}};
  r.sideA = "in-range";
  r.sideB = "out-of-range";
  r.meaningA =
      "|y| is 2^-126 or 2^126: 2.5 ULP (the generator claims the two correctly "
      "rounded neighbours)";
  r.meaningB = "|y| just outside [2^-126, 2^126]: the accuracy is undefined, any value";
  r.constraint = "a: |y| == 2^-126 or 2^126, x / y normal; b: y's bits - 1 or + 1";
  r.instances = 4;
  r.boundary = [](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    bool lower = b.rng.chance(50);
    z3::expr y = f.asF32(a[1]);
    z3::expr edge = f32Const(f, lower ? std::ldexp(1.0, -126) : std::ldexp(1.0, 126));
    // x from the stream, in the binades where x / y is normal (x < 4 below, x >= 1 above).
    uint32_t xbits = lower ? randomF32(b.rng, 1, 128) : randomF32(b.rng, 127, 254);
    b.pin(1);
    return b.fix(a, 0, xbits) && f.fpEq(f.fpAbs(y), edge) && w[0] == a[0] &&
           w[1] == (lower ? a[1] - f.word(1) : a[1] + f.word(1));
  };
  r.check = [](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    z3::expr x = f.asF32(a[0]), y = f.asF32(a[1]), yb = f.asF32(w[1]);
    z3::expr lo = f32Const(f, std::ldexp(1.0, -126)), hi = f32Const(f, std::ldexp(1.0, 126));
    auto inside = [&](const z3::expr& v) {
      return f.fpLe(lo, f.fpAbs(v)) && f.fpLe(f.fpAbs(v), hi);
    };
    return f.isNormal(x) && inside(y) && !inside(yb) && f.isNormal(f.div(f.rtn(), x, y)) &&
           f.isNormal(f.div(f.rtp(), x, y));
  };
  r.outcome = [](Builder& b, const Operands& v) {
    Formulas& f = b.f;
    Outcome o = accuracyTableBinary(
        f, v[0], v[1],
        [&](const z3::expr& rm, const z3::expr& x, const z3::expr& y) { return f.div(rm, x, y); });
    z3::expr y = f.asF32(v[1]);
    z3::expr outside = f.ctx.bool_val(false);
    for (const z3::expr& yi : {y, f.flush(y)})
      outside = outside || f.fpLt(f.fpAbs(yi), f32Const(f, std::ldexp(1.0, -126))) ||
                f.fpLt(f32Const(f, std::ldexp(1.0, 126)), f.fpAbs(yi));
    o.anyIf = *o.anyIf || outside;
    o.complete = false;  // 2.5 ULP: the neighbours are only part of the allowed set
    return o;
  };
  return r;
}

// --- conversion to integers (#floating-point-conversion; S5) ---

Outcome conversionOutcome(Builder& b, const z3::expr& word, bool toSigned) {
  const Formulas& f = b.f;
  z3::expr x = f.asF32(word);
  Outcome o = exactInteger(toSigned ? f.f32ToI32(x) : f.f32ToU32(x));
  o.anyIf = f.notFinite(x);  // an infinity or NaN operand: any value (R8)
  return o;
}

/// The f32 just below an integer type's upper edge (2^31, 2^32) against the edge and beyond,
/// or -2^31 against the values below it, or (-1, 0) against -1 and below for u32.
Row saturationRow(const char* id, const char* what, bool toSigned, int which) {
  Row r;
  r.rule = {id, "floating-point-conversion", what, "", ""};
  r.shapes = {{toSigned ? "i32($0)" : "u32($0)", {Ty::F32}, toSigned ? Ty::I32 : Ty::U32}};
  r.instances = 4;
  r.mustMix = true;
  double edge = which == 0   ? (toSigned ? std::ldexp(1.0, 31) : std::ldexp(1.0, 32))
                : which == 1 ? -std::ldexp(1.0, 31)
                             : -1.0;
  switch (which) {
    case 0:
      r.sideA = "largest-below";
      r.sideB = "at-or-above";
      r.meaningA = "the largest f32 below the edge: exact";
      r.meaningB = "the edge or above: saturates to the largest value f32 holds (S5)";
      r.constraint = "a: x < edge <= next(x); b: next(x), or any finite x' >= edge";
      break;
    case 1:
      r.sideA = "most-negative";
      r.sideB = "below";
      r.meaningA = "-2^31: exact";
      r.meaningB = "below -2^31: saturates to -2^31";
      r.constraint = "a: x == -2^31; b: next(x) away from zero, or any finite x' < -2^31";
      break;
    default:
      r.sideA = "above-minus-one";
      r.sideB = "minus-one-or-below";
      r.meaningA = "in (-1, 0): truncates to zero";
      r.meaningB = "-1 or below: saturates to 0";
      r.constraint = "a: -1 < x < 0; b: next(x) away from zero <= -1, or any finite x' <= -1";
  }
  r.boundary = [which, edge](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    z3::expr x = f.asF32(a[0]), xb = f.asF32(w[0]), e = f32Const(f, edge);
    z3::expr at = which == 0 ? f.fpLt(f32Const(f, 0), x) && f.fpLt(x, e) &&
                                   f.fpLe(e, f.asF32(a[0] + f.word(1)))
                  : which == 1 ? f.fpEq(x, e)
                               : f.fpLt(e, x) && f.fpLt(x, f32Const(f, 0));
    z3::expr beyond = which == 0 ? f.fpLe(e, xb) : which == 1 ? f.fpLt(xb, e) : f.fpLe(xb, e);
    z3::expr c = at && beyond && finite(f, xb);
    if (b.rng.chance(60)) return c && w[0] == a[0] + f.word(1);
    preferExponent(b, w[0], which == 2 ? 127 : 158, which == 2 ? 160 : 200);
    return c;
  };
  r.outcome = [toSigned](Builder& b, const Operands& v) {
    return conversionOutcome(b, v[0], toSigned);
  };
  return r;
}

Row truncationRow() {
  Row r;
  r.rule = {"runtime.f32-to-int-truncation", "floating-point-conversion",
            "f32 to i32/u32: an integral value against the next f32 toward zero", "", ""};
  r.shapes = {{"i32($0)", {Ty::F32}, Ty::I32}, {"u32($0)", {Ty::F32}, Ty::U32}};
  r.sideA = "integral";
  r.sideB = "below-integral";
  r.meaningA = "x is an integer: exact";
  r.meaningB = "the next f32 toward zero: rounds toward zero to the integer before";
  r.constraint = "a: x integral, 1 <= |x| < 2^23 (u32: x > 0); b: x's bits - 1";
  r.instances = 4;
  r.boundary = [](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    z3::expr x = f.asF32(a[0]);
    // An integer n from the stream, 1 <= |n| < 2^23, as its f32 value (exact).
    int64_t n = static_cast<int64_t>(1 + b.rng.below(uint64_t(1) << (1 + b.rng.below(23))) %
                                             ((1u << 23) - 1));
    if (b.shape == 0 && b.rng.chance(50)) n = -n;
    b.pin(0);
    z3::expr c =
        a[0] == f.ieeeBits(f.fromSigned(f.rne(), f.word(static_cast<uint32_t>(n)), f.f32)) &&
        f.fpEq(f.roundToIntegral(f.rtz(), x), x) && f.fpLe(f32Const(f, 1), f.fpAbs(x)) &&
        f.fpLt(f.fpAbs(x), f32Const(f, std::ldexp(1.0, 23))) && w[0] == a[0] - f.word(1);
    if (b.shape == 1) c = c && signBit(a[0]) == f.ctx.bv_val(0, 1);
    return c;
  };
  r.outcome = [](Builder& b, const Operands& v) {
    return conversionOutcome(b, v[0], b.shape == 0);
  };
  return r;
}

Row nonFiniteConversionRow() {
  Row r;
  r.rule = {"runtime.f32-to-int-non-finite", "floating-point-evaluation",
            "f32 to i32/u32 of an infinity or NaN read from memory", "", ""};
  r.shapes = {{"i32($0)", {Ty::F32}, Ty::I32}, {"u32($0)", {Ty::F32}, Ty::U32}};
  r.sideA = "non-finite";
  r.sideB = "finite";
  r.meaningA = "x is an infinity or a NaN: any value";
  r.meaningB = "x's exponent one lower: finite, saturates";
  r.constraint = "a: x's exponent all ones; b: x - 0x00800000";
  r.instances = 4;
  r.boundary = [](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    if (b.rng.chance(50)) {
      b.prefer(a[0].extract(22, 0) == f.ctx.bv_val(0, 23));  // an infinity
      b.pin(0, 0x007fffffu);
    }
    b.pin(0, 0x7f800000u);
    return exponentField(a[0]) == f.ctx.bv_val(0xff, 8) && w[0] == a[0] - f.word(kImplicitBit);
  };
  r.outcome = [](Builder& b, const Operands& v) {
    return conversionOutcome(b, v[0], b.shape == 0);
  };
  return r;
}

// --- packing (#pack-builtin-functions; docs/ambiguities.md R6) ---

struct PackFormat {
  const char* name;
  int components, bits;
  double scale;
  bool isSigned;
};

/// One component of pack{4x8,2x16}{snorm,unorm}: ⌊0.5 + scale × min(1, max(lower, e))⌋ with
/// × and + f32 operations, each correctly rounded (either neighbour), their subnormal inputs
/// and outputs also flushed (#floating-point-evaluation; the floor is the same either way).
Outcome::Field packField(const Formulas& f, const PackFormat& p, const z3::expr& word, int i) {
  Outcome::Field field{
      static_cast<unsigned>(p.bits * i), static_cast<unsigned>(p.bits), Outcome::Kind::Integer, {}};
  z3::expr x = f.asF32(word);
  z3::expr scale = f32Const(f, p.scale), half = f32Const(f, 0.5);
  for (const z3::expr& xi : {x, f.flush(x)}) {
    z3::expr clamped = f.fpMin(f32Const(f, 1.0), f.fpMax(f32Const(f, p.isSigned ? -1.0 : 0.0), xi));
    for (const z3::expr& rm1 : {f.rtn(), f.rtp()}) {
      z3::expr m = f.mul(rm1, scale, clamped);
      for (const z3::expr& mi : {m, f.flush(m)})
        for (const z3::expr& rm2 : {f.rtn(), f.rtp()})
          field.candidates.push_back(
              f.toSigned(f.rtz(), f.roundToIntegral(f.rtn(), f.add(rm2, half, mi))));
    }
  }
  return field;
}

/// The exact value of the formula's floor (binary64 holds it: x has at most 24 significant
/// bits above 2^-20, the scale at most 16).
z3::expr exactPackFloor(const Formulas& f, const PackFormat& p, const z3::expr& x) {
  z3::expr y = f.add(f.rne(), f64Const(f, 0.5), f.mul(f.rne(), f64Const(f, p.scale), wide(f, x)));
  return f.roundToIntegral(f.rtn(), y);
}

Row packRow(const char* id, PackFormat p) {
  Row r;
  std::string name = p.name;
  r.rule = {id, "pack-builtin-functions",
            name + ": a component at the boundary where ⌊0.5 + " +
                std::to_string(static_cast<int>(p.scale)) + " × e⌋ steps",
            "", ""};
  std::string args;
  std::vector<Ty> operands;
  for (int i = 0; i < p.components; ++i) {
    args += (i ? ", $" : "$") + std::to_string(i);
    operands.push_back(Ty::F32);
  }
  r.shapes = {
      {name + "(vec" + std::to_string(p.components) + "<f32>(" + args + "))", operands, Ty::U32}};
  r.sideA = "steps-up";
  r.sideB = "below";
  r.meaningA = "the component's exact formula reaches the next integer";
  r.meaningB = "the component's f32 predecessor: the exact formula is below that integer";
  r.constraint =
      "a: one component x with lower <= x <= 1, |x| >= 2^-20, the others finite "
      "with |e| <= 2; b: x's f32 predecessor, floor(0.5 + scale * x) one lower";
  r.instances = 3;
  r.boundary = [p](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    size_t at = b.rng.below(static_cast<uint64_t>(p.components));
    z3::expr c = f.ctx.bool_val(true);
    for (size_t i = 0; i < a.size(); ++i) {
      if (i == at) continue;
      c = c && w[i] == a[i] && finite(f, f.asF32(a[i])) &&
          f.fpLe(f.fpAbs(f.asF32(a[i])), f32Const(f, 2.0));
    }
    // The integer k where the formula steps, from the stream; the smallest f32 x with
    // scale * x >= k - 1/2 is (k - 1/2) / scale rounded up (Z3's correctly rounded division).
    int64_t lowest = p.isSigned ? 1 - static_cast<int64_t>(p.scale) : 1;
    int64_t k = b.rng.between(lowest, static_cast<int64_t>(p.scale));
    if (k == 0) k = 1;  // (k - 1/2) / scale is then tiny: keep |x| >= 2^-20
    b.pin(at);
    c = c && a[at] == f.ieeeBits(f.div(f.rtp(), f32Const(f, static_cast<double>(k) - 0.5),
                                       f32Const(f, p.scale)));
    // The predecessor: bits - 1 above zero, bits + 1 below it.
    z3::expr predecessor = z3::ite(signBit(a[at]) == f.ctx.bv_val(0, 1), w[at] == a[at] - f.word(1),
                                   w[at] == a[at] + f.word(1));
    return c && predecessor;
  };
  r.check = [p](Builder& b, const Operands& a, const Operands& w) {
    // The component that moved: normal, with lower <= x' < x <= 1 and |x| >= 2^-20, and the
    // exact formula's floor one higher at x than at x'.
    const Formulas& f = b.f;
    z3::expr lower = f32Const(f, p.isSigned ? -1.0 : 0.0);
    z3::expr c = f.ctx.bool_val(true);
    for (size_t i = 0; i < a.size(); ++i) {
      z3::expr x = f.asF32(a[i]), xb = f.asF32(w[i]);
      c = c && (a[i] == w[i] || (f.isNormal(x) && f.fpLe(lower, xb) && f.fpLt(xb, x) &&
                                 f.fpLe(x, f32Const(f, 1.0)) &&
                                 f.fpLe(f32Const(f, std::ldexp(1.0, -20)), f.fpAbs(x)) &&
                                 f.fpEq(f.add(f.rne(), exactPackFloor(f, p, xb), f64Const(f, 1.0)),
                                        exactPackFloor(f, p, x))));
    }
    return c;
  };
  r.outcome = [p](Builder& b, const Operands& v) {
    Outcome o;
    z3::expr any = b.f.ctx.bool_val(false);
    for (int i = 0; i < p.components; ++i) {
      o.fields.push_back(packField(b.f, p, v[static_cast<size_t>(i)], i));
      any = any || b.f.notFinite(b.f.asF32(v[static_cast<size_t>(i)]));
    }
    o.anyIf = any;
    return o;
  };
  return r;
}

/// pack2x16float: each component converted to binary16, either neighbour
/// (#floating-point-conversion), a subnormal binary16 value possibly flushed to zero
/// (docs/ambiguities.md R16); an infinite result (beyond 65504) or operand: any value.
Outcome pack2x16floatOutcome(Builder& b, const Operands& v) {
  const Formulas& f = b.f;
  Outcome o;
  z3::expr any = f.ctx.bool_val(false);
  for (unsigned i = 0; i < 2; ++i) {
    z3::expr x = f.asF32(v[i]);
    Outcome::Field field{16 * i, 16, Outcome::Kind::F16, {}};
    for (const z3::expr& rm : {f.rtn(), f.rtp()}) {
      z3::expr h = f.convert(rm, x, f.f16);
      any = any || f.isInfinite(h);
      field.candidates.push_back(f.ieeeBits(h));
      field.candidates.push_back(f.ieeeBits(f.flush(h)));
    }
    any = any || f.notFinite(x);
    o.fields.push_back(std::move(field));
  }
  o.anyIf = any;
  return o;
}

Row pack2x16floatRow(bool overflow) {
  Row r;
  r.rule = {overflow ? "runtime.pack2x16float-overflow" : "runtime.pack2x16float-exact",
            "pack-builtin-functions",
            overflow ? "pack2x16float: a component at 65504, the largest binary16 value"
                     : "pack2x16float: a component exactly representable in binary16",
            "", ""};
  r.shapes = {{"pack2x16float(vec2<f32>($0, $1))", {Ty::F32, Ty::F32}, Ty::U32}};
  r.sideA = overflow ? "largest-finite" : "exact";
  r.sideB = overflow ? "above" : "inexact";
  r.meaningA = overflow ? "a component is ±65504: exact" : "a component is a binary16 value";
  r.meaningB = overflow ? "the next f32: rounds to 65504 or infinity: any value"
                        : "the next f32 away from zero: either binary16 neighbour";
  r.constraint = overflow ? "a: |x| == 65504; b: x's bits + 1"
                          : "a: x nonzero, RTN16(x) == RTP16(x) finite; b: x's bits + 1";
  r.instances = 4;
  r.mustMix = overflow;
  r.boundary = [overflow](Builder& b, const Operands& a, const Operands& w) {
    const Formulas& f = b.f;
    size_t at = b.rng.below(2), other = 1 - at;
    z3::expr x = f.asF32(a[at]);
    // The other component from the stream, inside binary16's range (below 2^15).
    z3::expr c = w[other] == a[other] && w[at] == a[at] + f.word(1) &&
                 b.fix(a, other, randomF32(b.rng, 103, 141));
    if (overflow) return c && f.fpEq(f.fpAbs(x), f32Const(f, 65504.0));
    // A finite nonzero binary16 value from the stream, subnormals included, as its f32 value.
    uint32_t h = static_cast<uint32_t>(b.rng.below(0x7c00 - 1)) + 1;
    if (b.rng.chance(50)) h |= 0x8000;
    b.pin(at);
    z3::expr half = f.convert(f.rtn(), x, f.f16);
    return c && a[at] == f.ieeeBits(f.convert(f.rne(), f.asFloat(f.word(h, 16), f.f16), f.f32)) &&
           f.fpEq(half, f.convert(f.rtp(), x, f.f16)) && !f.isInfinite(half);
  };
  r.outcome = [](Builder& b, const Operands& v) { return pack2x16floatOutcome(b, v); };
  return r;
}

// --- unpacking (#unpack-builtin-functions) ---

Row unpackHalfRow() {
  Row r;
  r.rule = {"runtime.unpack2x16float-non-finite", "unpack-builtin-functions",
            "unpack2x16float of an infinite or NaN half", "", ""};
  r.shapes = {{"unpack2x16float($0).x", {Ty::U32}, Ty::F32},
              {"unpack2x16float($0).y", {Ty::U32}, Ty::F32}};
  r.sideA = "non-finite";
  r.sideB = "finite";
  r.meaningA = "the half is an infinity or a NaN: any value";
  r.meaningB = "the half's exponent one lower: an exact finite value";
  r.constraint = "a: the half's exponent all ones; b: minus 0x0400 in that half";
  r.instances = 4;
  r.boundary = [](Builder& b, const Operands& a, const Operands& w) {
    unsigned lo = 16 * static_cast<unsigned>(b.shape);
    b.pin(0, 0x7c00u << lo);
    return a[0].extract(lo + 14, lo + 10) == b.f.ctx.bv_val(0x1f, 5) &&
           w[0] == a[0] - b.f.word(0x400u << lo);
  };
  r.outcome = [](Builder& b, const Operands& v) {
    const Formulas& f = b.f;
    unsigned lo = 16 * static_cast<unsigned>(b.shape);
    z3::expr h = f.asFloat(v[0].extract(lo + 15, lo), f.f16);
    Outcome o;
    o.fields.push_back({0, 32, Outcome::Kind::F32, {f.ieeeBits(f.convert(f.rne(), h, f.f32))}});
    o.anyIf = f.notFinite(h);
    return o;
  };
  return r;
}

Row unpackSnormMinimumRow(const char* id, const char* name, int bits) {
  Row r;
  std::string n = name;
  int components = 32 / bits;
  int scale = bits == 8 ? 127 : 32767;
  r.rule = {
      id, "unpack-builtin-functions",
      n + ": the most negative field against the next (max(v ÷ " + std::to_string(scale) + ", -1))",
      "", ""};
  const char* swizzle[] = {"x", "y", "z", "w"};
  for (int i = 0; i < components; ++i)
    r.shapes.push_back({n + "($0)." + swizzle[i], {Ty::U32}, Ty::F32});
  r.sideA = "most-negative";
  r.sideB = "next";
  r.meaningA = "the field is -" + std::to_string(scale + 1) + ": clamped to -1";
  r.meaningB = "the field is -" + std::to_string(scale) + ": -1 within 2.5 ULP";
  r.constraint = "a: the field is the most negative; b: the field + 1";
  r.instances = 4;
  r.boundary = [bits](Builder& b, const Operands& a, const Operands& w) {
    unsigned lo = static_cast<unsigned>(bits) * static_cast<unsigned>(b.shape);
    b.pin(0, static_cast<uint32_t>((uint64_t(1) << bits) - 1) << lo);
    return a[0].extract(lo + bits - 1, lo) == b.f.ctx.bv_val(uint64_t(1) << (bits - 1), bits) &&
           w[0] == a[0] + b.f.word(1u << lo);
  };
  r.outcome = [bits, scale](Builder& b, const Operands& v) {
    const Formulas& f = b.f;
    unsigned lo = static_cast<unsigned>(bits) * static_cast<unsigned>(b.shape);
    z3::expr field = z3::sext(v[0].extract(lo + bits - 1, lo), 32 - bits);
    z3::expr value = f.fromSigned(f.rne(), field, f.f32);  // exact: |v| < 2^24
    Outcome o;
    Outcome::Field out{0, 32, Outcome::Kind::F32, {}};
    for (const z3::expr& rm : {f.rtn(), f.rtp()})
      out.candidates.push_back(
          f.ieeeBits(f.fpMax(f.div(rm, value, f32Const(f, scale)), f32Const(f, -1.0))));
    o.fields.push_back(std::move(out));
    o.complete = false;  // the division's 2.5 ULP (R6): the neighbours are part of the set
    return o;
  };
  return r;
}

// --- frexp of a subnormal ---

/// `frexp(x).exp` of a subnormal x (side A) against x with its exponent field 1 (side B, the
/// same fraction, normal). #float-builtin-functions, frexp: x = sig * 2^exp with |sig| in
/// [0.5, 1) (or 0 and 0 for zero); x = m * 2^-149 with m < 2^23 gives exp = bitlength(m) - 149.
/// frexp is in the accuracy table ("correctly rounded"), so its input may be flushed
/// (#floating-point-evaluation): then exp is frexp(0).exp = 0. Nothing else is allowed.
Row frexpSubnormalRow() {
  Row r;
  r.rule = {"runtime.frexp-subnormal", "float-builtin-functions",
            "frexp's exponent of a subnormal f32 against the normal f32 with the same fraction", "",
            ""};
  r.shapes = {{"frexp($0).exp", {Ty::F32}, Ty::I32}};
  r.sideA = "subnormal";
  r.sideB = "normal";
  r.meaningA = "x = m * 2^-149 is subnormal: exp is bitlength(m) - 149, or 0 if x is flushed";
  r.meaningB = "x with its exponent field 1: normal, exp is -125";
  r.constraint = "a: exponent field 0, fraction nonzero; b: a | 0x00800000";
  r.instances = 3;
  r.boundary = [](Builder& b, const Operands& a, const Operands& w) {
    return b.fix(a, 0, randomF32(b.rng, 0, 0)) && w[0] == (a[0] | b.f.word(kImplicitBit));
  };
  r.outcome = [](Builder& b, const Operands& v) {
    const Formulas& f = b.f;
    z3::expr field = exponentField(v[0]);
    z3::expr subnormal = field == bv(f, 0, 8);
    // Normal: x = 1.f * 2^(E-127) = 0.1f * 2^(E-126). Subnormal: bitlength(m) is 32 - clz(m).
    z3::expr normalExp = z3::zext(field, 24) - f.word(126);
    z3::expr subnormalExp =
        f.word(static_cast<uint32_t>(-117)) - f.countLeadingZeros(v[0] & f.word(0x007fffffu));
    Outcome o;
    Outcome::Field out{0, 32, Outcome::Kind::Integer, {}};
    out.candidates.push_back(z3::ite(subnormal, subnormalExp, normalExp));
    out.candidates.push_back(z3::ite(subnormal, f.word(0), normalExp));  // flushed to zero
    o.fields.push_back(std::move(out));
    return o;
  };
  return r;
}

}  // namespace

std::vector<Row> floatRows() {
  std::vector<Row> rows;
  rows.push_back(saturationRow("runtime.f32-to-i32-max", "f32 to i32 at 2^31", true, 0));
  rows.push_back(saturationRow("runtime.f32-to-i32-min", "f32 to i32 at -2^31", true, 1));
  rows.push_back(saturationRow("runtime.f32-to-u32-max", "f32 to u32 at 2^32", false, 0));
  rows.push_back(saturationRow("runtime.f32-to-u32-negative", "f32 to u32 at -1", false, 2));
  rows.push_back(truncationRow());
  rows.push_back(nonFiniteConversionRow());
  rows.push_back(tieRow("runtime.f32-add-tie", "f32 addition whose exact sum is a tie", "+"));
  rows.push_back(
      tieRow("runtime.f32-sub-tie", "f32 subtraction whose exact difference is a tie", "-"));
  rows.push_back(
      tieRow("runtime.f32-mul-tie", "f32 multiplication whose exact product is a tie", "*"));
  rows.push_back(mulSubnormalResultRow());
  rows.push_back(subnormalOperandRow("runtime.f32-mul-subnormal-operand", "*"));
  rows.push_back(subnormalOperandRow("runtime.f32-add-subnormal-operand", "+"));
  rows.push_back(addSubnormalResultRow());
  rows.push_back(overflowRow("runtime.f32-mul-overflow", "*"));
  rows.push_back(overflowRow("runtime.f32-add-overflow", "+"));
  rows.push_back(nonFiniteOperandRow());
  rows.push_back(divisorRangeRow());
  rows.push_back(packRow("runtime.pack4x8unorm-step", {"pack4x8unorm", 4, 8, 255, false}));
  rows.push_back(packRow("runtime.pack4x8snorm-step", {"pack4x8snorm", 4, 8, 127, true}));
  rows.push_back(packRow("runtime.pack2x16unorm-step", {"pack2x16unorm", 2, 16, 65535, false}));
  rows.push_back(packRow("runtime.pack2x16snorm-step", {"pack2x16snorm", 2, 16, 32767, true}));
  rows.push_back(pack2x16floatRow(false));
  rows.push_back(pack2x16floatRow(true));
  rows.push_back(unpackHalfRow());
  rows.push_back(unpackSnormMinimumRow("runtime.unpack4x8snorm-min", "unpack4x8snorm", 8));
  rows.push_back(unpackSnormMinimumRow("runtime.unpack2x16snorm-min", "unpack2x16snorm", 16));
  rows.push_back(frexpSubnormalRow());
  return rows;
}

}  // namespace plumb::gen::wgsl::rt
