// The `numerics` family: creation-time values on both sides of every numeric boundary of the
// seed — literals at the largest value of each type (#literals), AbstractInt arithmetic at
// ±2^63 (#types-for-creation-time-constants, #bit-expr), AbstractInt and AbstractFloat values
// converted to concrete types (#conversion-rank, #floating-point-conversion), floating-point
// evaluation that overflows (#floating-point-evaluation), and the domains of built-in functions
// (#float-builtin-functions, docs/ambiguities.md S6, S7).
//
// Z3 chooses the operands: for each row a constraint puts the valid twin exactly on the
// boundary (or within a distance the slot's random stream picks) and the invalid twin, one
// edit away (one literal replaced), just across it. The solver's model is the independent
// derivation: the invalid twin must be rejected with the row's rule, the valid one accepted.
//
// Floating point: the seed's "correctly rounded" (l.8741) lets a result between the largest
// finite value and the next power of two round either way, so a verdict there is a set (docs/
// ambiguities.md A5, C7); the family keeps both twins out of that window: the valid twin's
// exact value is at most the largest finite value, the invalid twin's at least 2^(emax+1).
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "gen/wgsl/families.h"
#include "gen/wgsl/numerics_rows.h"

namespace plumb::gen::wgsl {

// A named namespace around the anonymous one: a unity build compiles the families in one
// translation unit, where each has its own Row and makeRows and its using-directive must stay
// inside (README, Continuous integration).
namespace numerics_family {
namespace {

using namespace numerics;

// --- literals (#literals) ---

/// An integer literal with suffix at the largest value of its type: Z3 picks the valid
/// literal at most `max` and the invalid one above it, within a distance from the slot.
Row integerLiteralRow(const char* id, const char* suffix, const char* maxText, Scalar type,
                      const char* anchor, const char* what) {
  Row r;
  r.rule = {id, anchor, what, "", ""};
  std::string maxDecimal = maxText;
  r.make = [=](SlotContext& ctx, Draft& valid, Draft& invalid) -> std::string {
    z3::context& z = ctx.solver.ctx();
    z3::expr v = z.int_const("v"), w = z.int_const("w"), max = z.int_val(maxDecimal.c_str());
    z3::solver s = ctx.solver.solver("QF_LIA");
    // The distance from the boundary grows with the slot's draw: 0 puts the valid twin on it.
    int64_t spread = ctx.rng.chance(30) ? 0 : int64_t(1) << ctx.rng.below(24);
    s.add(v <= max && v >= max - z.int_val(spread) && w > max && w <= max + z.int_val(spread + 1));
    s.add(v >= 0);
    s.add(z.int_val(static_cast<int64_t>(ctx.rng.below(97))) == v % 97 ||
          z.bool_val(spread < 97));  // variety within the window when it is wide
    SolveResult res = ctx.solver.check(s);
    if (res != SolveResult::Sat) return failed(ctx.solver, res);
    std::string vt = ctx.solver.numeral(v), wt = ctx.solver.numeral(w);
    bool hex = ctx.rng.chance(30);
    Program pv = embed(ctx.rng, intLiteral(vt, suffix, hex), type);
    std::string lv = intLiteral(vt, suffix, hex), lw = intLiteral(wt, suffix, hex);
    Program pw = edited(pv, lv, lw);
    setProgram(valid, pv, std::string(what) + ": " + lv + " is at most " + maxDecimal);
    setProgram(invalid, pw, std::string(what) + ": " + lw + " exceeds " + maxDecimal);
    nlohmann::json model = {{"valid", vt}, {"invalid", wt}, {"max", maxDecimal}};
    valid.c.derivation = invalid.c.derivation = {{"solver", model}, {"constraint", "v <= max < w"}};
    return "";
  };
  return r;
}

/// A hexadecimal float literal with suffix: exactly representable vs one more significant bit
/// (an inexact literal), or at the largest finite value vs above it.
struct FloatFormatInfo {
  int precision;  // significand bits, with the implicit one
  int emin, emax;
  const char* suffix;
  Scalar type;
  const char* name;
};
constexpr FloatFormatInfo kF32Info{24, -126, 127, "f", Scalar::F32, "f32"};
constexpr FloatFormatInfo kF16Info{11, -14, 15, "h", Scalar::F16, "f16"};

Row hexExactRow(const char* id, FloatFormatInfo f) {
  Row r;
  r.rule = {id, "literals",
            std::string("hexadecimal floating point literal with ") + f.suffix +
                " suffix that cannot be exactly represented by " + f.name,
            "", ""};
  r.make = [=](SlotContext& ctx, Draft& valid, Draft& invalid) -> std::string {
    // m * 2^e with m odd: exactly representable iff m < 2^precision and the lowest bit
    // 2^e is at or above the smallest subnormal 2^(emin - precision + 1) and the value is
    // below the largest. The invalid twin appends one set bit below m's lowest: 2m+1, e-1.
    z3::context& z = ctx.solver.ctx();
    z3::expr m = z.int_const("m"), e = z.int_const("e");
    z3::solver s = ctx.solver.solver("QF_LIA");
    // Either m has every significand bit (the twin needs one more), or the lowest bit is the
    // smallest subnormal's (the twin's lowest bit is below it).
    bool subnormalEdge = ctx.rng.chance(25);
    int bits = subnormalEdge ? 1 + static_cast<int>(ctx.rng.below(f.precision)) : f.precision;
    s.add(m % 2 == 1);
    s.add(m >= z.int_val(int64_t(1) << (bits - 1)) && m < z.int_val(int64_t(1) << bits));
    int64_t lowest = f.emin - f.precision + 1;
    if (subnormalEdge)
      s.add(e == z.int_val(lowest));  // the smallest representable bit: one lower is inexact
    else
      s.add(e >= z.int_val(lowest) && e + bits - 1 <= z.int_val(f.emax) &&
            e + bits - 1 >= z.int_val(f.emax - 8 - int64_t(ctx.rng.below(2 * f.emax))));
    // The twin (2m+1) * 2^(e-1) needs bits+1 significant bits: inexact when bits+1 exceeds
    // the precision, or when its lowest bit falls below the smallest subnormal.
    s.add(z.int_val(bits + 1) > z.int_val(f.precision) || e - 1 < z.int_val(lowest));
    SolveResult res = ctx.solver.check(s);
    if (res != SolveResult::Sat) return failed(ctx.solver, res);
    int64_t mv = ctx.solver.intValue(m), ev = ctx.solver.intValue(e);
    std::string lv = hexFloat(static_cast<uint64_t>(mv), ev, f.suffix);
    std::string lw = hexFloat(static_cast<uint64_t>(2 * mv + 1), ev - 1, f.suffix);
    Program pv = embed(ctx.rng, lv, f.type);
    setProgram(valid, pv, lv + " is exactly representable in " + f.name);
    setProgram(invalid, edited(pv, lv, lw),
               lw + " needs one more significand bit than " + f.name + " has");
    nlohmann::json model = {{"m", mv}, {"e", ev}, {"bits", bits}};
    valid.c.derivation = invalid.c.derivation = {
        {"solver", model},
        {"constraint",
         "m odd, m < 2^bits, 2^e >= smallest subnormal; twin (2m+1)*2^(e-1) inexact"}};
    return "";
  };
  return r;
}

Row hexOverflowRow(const char* id, FloatFormatInfo f) {
  Row r;
  r.rule = {id, "literals",
            std::string("hexadecimal floating point literal with ") + f.suffix +
                " suffix that overflows " + f.name,
            "", ""};
  r.make = [=](SlotContext& ctx, Draft& valid, Draft& invalid) -> std::string {
    // Valid: m * 2^e <= max with m < 2^precision; invalid: a value >= 2^(emax+1) one edit away
    // (the exponent raised by k >= 1), so neither twin lies in the rounding window.
    z3::context& z = ctx.solver.ctx();
    z3::expr m = z.int_const("m"), e = z.int_const("e"), k = z.int_const("k");
    z3::solver s = ctx.solver.solver("QF_LIA");
    int bits = 1 + static_cast<int>(ctx.rng.below(f.precision));
    s.add(m >= z.int_val(int64_t(1) << (bits - 1)) && m < z.int_val(int64_t(1) << bits));
    s.add(e + bits - 1 <= z.int_val(f.emax));      // top bit at most 2^emax: <= max
    s.add(e + bits - 1 >= z.int_val(f.emax - 2));  // near the top
    s.add(k >= 1 && k <= 4 && e + k + bits - 1 >= z.int_val(f.emax + 1));  // >= 2^(emax+1)
    SolveResult res = ctx.solver.check(s);
    if (res != SolveResult::Sat) return failed(ctx.solver, res);
    int64_t mv = ctx.solver.intValue(m), ev = ctx.solver.intValue(e), kv = ctx.solver.intValue(k);
    std::string lv = hexFloat(static_cast<uint64_t>(mv), ev, f.suffix);
    std::string lw = hexFloat(static_cast<uint64_t>(mv), ev + kv, f.suffix);
    Program pv = embed(ctx.rng, lv, f.type);
    setProgram(valid, pv, lv + " is at most the largest finite " + std::string(f.name));
    setProgram(invalid, edited(pv, lv, lw), lw + " is at least 2^" + std::to_string(f.emax + 1));
    nlohmann::json model = {{"m", mv}, {"e", ev}, {"k", kv}};
    valid.c.derivation = invalid.c.derivation = {
        {"solver", model}, {"constraint", "m*2^e <= max; m*2^(e+k) >= 2^(emax+1)"}};
    return "";
  };
  return r;
}

/// A decimal floating point literal near the largest finite value: the valid twin's exact
/// value is at most the largest finite value, the invalid twin's at least the midpoint between
/// it and 2^(emax+1) (which rounds to infinity under round-to-nearest-even and overflows under
/// every reading, docs/ambiguities.md A5). Z3 picks the digits: value = d * 10^x with d of
/// `digits` significant digits.
Row decimalOverflowRow(const char* id, const char* anchor, const char* suffix, Scalar type,
                       const char* maxExact, const char* midpointExact, int digitsMin,
                       const char* what) {
  Row r;
  r.rule = {id, anchor, what, "", ""};
  std::string maxText = maxExact, midText = midpointExact;
  r.make = [=](SlotContext& ctx, Draft& valid, Draft& invalid) -> std::string {
    z3::context& z = ctx.solver.ctx();
    // max and the midpoint are integers (the formats' largest values are); a literal
    // d * 10^x with x = len(max) - digits is compared exactly as integers.
    int digits = digitsMin + static_cast<int>(ctx.rng.below(6));
    int x = static_cast<int>(maxText.size()) - digits;
    if (x < 0) x = 0;
    std::string scale = "1" + std::string(static_cast<size_t>(x), '0');
    z3::expr d = z.int_const("d"), dw = z.int_const("dw");
    z3::expr ten = z.int_val(scale.c_str());
    z3::solver s = ctx.solver.solver("QF_LIA");
    s.add(d * ten <= z.int_val(maxText.c_str()));
    s.add(dw * ten >= z.int_val(midText.c_str()));
    // The twins are at least the gap between max and the midpoint apart, in units of 10^x.
    int64_t spread = int64_t(1) << ctx.rng.below(8);
    z3::expr gap = (z.int_val(midText.c_str()) - z.int_val(maxText.c_str())) / ten + 1;
    s.add(dw - d <= gap + z.int_val(spread) && d > 0);
    SolveResult res = ctx.solver.check(s);
    if (res != SolveResult::Sat) return failed(ctx.solver, res);
    std::string dv = ctx.solver.numeral(d), dwv = ctx.solver.numeral(dw);
    auto text = [&](const std::string& digitsText) {
      // d.ddd e+(x + len-1): one digit before the point.
      std::string lit = digitsText.substr(0, 1) + "." + digitsText.substr(1);
      if (lit.back() == '.') lit += "0";
      return lit + "e" + std::to_string(x + static_cast<int>(digitsText.size()) - 1) + suffix;
    };
    std::string lv = text(dv), lw = text(dwv);
    Program pv = embed(ctx.rng, lv, type);
    setProgram(valid, pv, lv + " is at most the largest finite value " + maxText);
    setProgram(invalid, edited(pv, lv, lw), lw + " is at least the rounding midpoint " + midText);
    nlohmann::json model = {{"d", dv}, {"dw", dwv}, {"scale", "10^" + std::to_string(x)}};
    valid.c.derivation = invalid.c.derivation = {
        {"solver", model}, {"constraint", "d*10^x <= max; dw*10^x >= (max + 2^(emax+1))/2"}};
    return "";
  };
  return r;
}

/// A decimal literal strictly between the largest finite value and the midpoint to
/// 2^(emax+1): it rounds to the largest finite value, so it does not overflow (A5). One-sided:
/// its invalid side is the overflow row's. Z3 picks d and the exponent's split d * 10^(e - k).
Row decimalWindowRow(const char* id, const char* suffix, Scalar type, const char* maxExact,
                     const char* midpointExact, const char* overflowRow) {
  Row r;
  r.rule = {id, "literals",
            std::string("decimal floating point literal with ") + suffix +
                " suffix above the largest finite value that rounds to it",
            "",
            std::string("every literal in the window rounds to the largest finite value; the "
                        "invalid side (at least the midpoint) is row ") +
                overflowRow};
  r.validOnly = true;
  std::string maxText = maxExact, midText = midpointExact;
  r.make = [=](SlotContext& ctx, Draft& valid, Draft&) -> std::string {
    z3::context& z = ctx.solver.ctx();
    int k = static_cast<int>(ctx.rng.below(4));  // fractional digits written
    int digits = static_cast<int>(maxText.size()) + k -
                 static_cast<int>(ctx.rng.below(std::min<size_t>(maxText.size() - 1, 30)));
    int e = static_cast<int>(maxText.size()) + k - digits;  // value = d * 10^e / 10^k
    if (e < 0) e = 0;
    auto pow10 = [&](int n) {
      return z.int_val(("1" + std::string(static_cast<size_t>(n), '0')).c_str());
    };
    z3::expr d = z.int_const("d");
    z3::solver s = ctx.solver.solver("QF_LIA");
    s.add(d * pow10(e) > z.int_val(maxText.c_str()) * pow10(k));
    s.add(d * pow10(e) < z.int_val(midText.c_str()) * pow10(k));
    s.add(d % 10 != 0);  // the last digit written is significant
    // Variety: a residue of d drawn from the stream (the window holds many values).
    s.add(d % 7 == z.int_val(static_cast<int64_t>(ctx.rng.below(7))));
    SolveResult res = ctx.solver.check(s);
    if (res != SolveResult::Sat) return failed(ctx.solver, res);
    std::string dv = ctx.solver.numeral(d);
    std::string lit = dv + "e" + std::to_string(e - k) + suffix;
    Program pv = embed(ctx.rng, lit, type);
    setProgram(valid, pv,
               lit +
                   " lies between the largest finite value and the midpoint: it rounds to the "
                   "largest finite value");
    valid.c.derivation = {{"solver", {{"d", dv}, {"exponent", e - k}}},
                          {"constraint", "max < d*10^exponent < (max + 2^(emax+1))/2"}};
    return "";
  };
  return r;
}

// --- AbstractInt arithmetic (#types-for-creation-time-constants, #arithmetic-expr, #bit-expr) ---

const char* kMaxI64 = "9223372036854775807";
const char* kMinI64 = "-9223372036854775808";

/// `a OP b` with AbstractInt operands: Z3 picks a and b so that the exact result lies in
/// [-2^63, 2^63) (valid) and the twin, with b replaced by b', lies outside.
Row abstractBinaryRow(const char* id, const char* op, const char* anchor, const char* what) {
  Row r;
  r.rule = {id, anchor, what, "", ""};
  std::string o = op;
  r.make = [=](SlotContext& ctx, Draft& valid, Draft& invalid) -> std::string {
    z3::context& z = ctx.solver.ctx();
    z3::expr a = z.int_const("a"), b = z.int_const("b"), b2 = z.int_const("b2");
    z3::expr lo = z.int_val(kMinI64), hi = z.int_val(kMaxI64);
    z3::solver s = ctx.solver.solver("QF_LIA");
    for (const z3::expr& x : {a, b, b2}) s.add(x >= lo + 1 && x <= hi);  // writable literals
    bool upper = ctx.rng.chance(60);
    int64_t mulWindow = 0;
    // `a` is fixed by the slot's stream (the multiplication stays linear for the solver).
    int64_t av = 0;
    if (o == "*") {
      av = static_cast<int64_t>(2 + ctx.rng.below(uint64_t(1) << (1 + ctx.rng.below(40))));
      mulWindow = av - 1;  // a product lands on multiples of a: the window must hold one
      if (!upper) av = -av;
      s.add(a == z.int_val(av));
      s.add(b >= 2 || b <= -2);
    }
    auto f = [&](const z3::expr& x, const z3::expr& y) {
      // The product's left operand is the constant a: the constraint stays linear.
      return o == "+" ? x + y : o == "-" ? x - y : z.int_val(av) * y;
    };
    if (o != "*") {
      int64_t bias = static_cast<int64_t>(ctx.rng.below(uint64_t(1) << (1 + ctx.rng.below(62))));
      s.add(upper ? a >= hi - z.int_val(bias) : a <= lo + z.int_val(bias));
    }
    int64_t spread = (ctx.rng.chance(30) ? 0 : int64_t(1) << ctx.rng.below(20)) + mulWindow;
    z3::expr rv = f(a, b), rw = f(a, b2);
    if (upper) {
      s.add(rv <= hi && rv >= hi - z.int_val(spread));
      s.add(rw > hi);
    } else {
      s.add(rv >= lo && rv <= lo + z.int_val(spread));
      s.add(rw < lo);
    }
    // One edit: b' differs from b by a small amount (the literal changes a little).
    s.add(b2 - b <= z.int_val(spread + 64) && b - b2 <= z.int_val(spread + 64));
    SolveResult res = ctx.solver.check(s);
    if (res != SolveResult::Sat) return failed(ctx.solver, res);
    std::string at = ctx.solver.numeral(a), bt = ctx.solver.numeral(b),
                b2t = ctx.solver.numeral(b2);
    std::string ta = abstractIntText(at, ctx.rng), tb = abstractIntText(bt, ctx.rng);
    std::string tb2 = intLiteral(b2t, "");
    if (tb2[0] == '-') tb2 = "(" + tb2 + ")";
    std::string ev = ta + " " + o + " " + tb, ew = ta + " " + o + " " + tb2;
    Program pv = embed(ctx.rng, ev, Scalar::AbstractInt);
    Program pw = edited(pv, ev, ew);
    setProgram(valid, pv, std::string(what) + ": " + ev + " is inside [-2^63, 2^63)");
    setProgram(invalid, pw, std::string(what) + ": " + ew + " is outside [-2^63, 2^63)");
    nlohmann::json model = {{"a", at}, {"b", bt}, {"b'", b2t}};
    valid.c.derivation = invalid.c.derivation = {
        {"solver", model},
        {"constraint", "a " + o + " b in [-2^63, 2^63); a " + o + " b' outside"}};
    return "";
  };
  return r;
}

/// `-(a - b)` at -2^63, `e1 / e2` and `e1 % e2` with e2 = (c - d) zero, `MIN / -1`.
Row abstractSpecialRow(const char* id, const char* anchor, const char* what, int which) {
  Row r;
  r.rule = {id, anchor, what, "", ""};
  r.make = [=](SlotContext& ctx, Draft& valid, Draft& invalid) -> std::string {
    z3::context& z = ctx.solver.ctx();
    z3::solver s = ctx.solver.solver("QF_LIA");
    z3::expr lo = z.int_val(kMinI64), hi = z.int_val(kMaxI64);
    z3::expr a = z.int_const("a"), c = z.int_const("c"), d = z.int_const("d"),
             d2 = z.int_const("d2");
    for (const z3::expr& x : {a, c, d, d2}) s.add(x > lo && x <= hi);
    int64_t span = int64_t(1) << ctx.rng.below(62);
    s.add(c <= z.int_val(span) && c >= z.int_val(-span));
    std::string ev, ew, why;
    switch (which) {
      case 0:  // unary minus: -(c - d): valid when c - d > -2^63, invalid at -2^63
        s.add(c - d == lo + 1 + z.int_val(static_cast<int64_t>(ctx.rng.below(1000))));
        s.add(c - d2 == lo);
        s.add(d - d2 <= 1000 && d2 - d <= 1000);
        break;
      case 1:  // division by (c - d): valid when it is not zero, invalid at zero
      case 2:  // remainder
        s.add(c - d != 0 && c - d2 == 0);
        s.add(a != 0);
        s.add(d - d2 <= 16 && d2 - d <= 16);
        break;
      case 3:  // (-2^63) / (c - d): valid for c - d = 1 (or any other), invalid at -1
        s.add(c - d2 == -1 && c - d != -1 && c - d != 0);
        s.add(d - d2 <= 16 && d2 - d <= 16);
        break;
    }
    SolveResult res = ctx.solver.check(s);
    if (res != SolveResult::Sat) return failed(ctx.solver, res);
    std::string at = ctx.solver.numeral(a), ct = ctx.solver.numeral(c), dt = ctx.solver.numeral(d),
                d2t = ctx.solver.numeral(d2);
    auto lit = [&](const std::string& v) {
      std::string t = intLiteral(v, "");
      return t[0] == '-' ? "(" + t + ")" : t;
    };
    std::string diff = "(" + lit(ct) + " - " + lit(dt) + ")",
                diff2 = "(" + lit(ct) + " - " + lit(d2t) + ")";
    switch (which) {
      case 0:
        ev = "-" + diff, ew = "-" + diff2;
        break;
      case 1:
        ev = lit(at) + " / " + diff, ew = lit(at) + " / " + diff2;
        break;
      case 2:
        ev = lit(at) + " % " + diff, ew = lit(at) + " % " + diff2;
        break;
      case 3:
        ev = "(-9223372036854775807 - 1) / " + diff, ew = "(-9223372036854775807 - 1) / " + diff2;
        break;
    }
    Program pv = embed(ctx.rng, ev, Scalar::AbstractInt);
    Program pw = edited(pv, ev, ew);
    setProgram(valid, pv, std::string(what) + ": " + ev);
    setProgram(invalid, pw, std::string(what) + ": " + ew);
    nlohmann::json model = {{"a", at}, {"c", ct}, {"d", dt}, {"d'", d2t}};
    valid.c.derivation = invalid.c.derivation = {{"solver", model}};
    return "";
  };
  return r;
}

/// `e1 << e2` on AbstractInt: the e2+1 most significant bits of e1 must be equal (#bit-expr,
/// abstract shift left); the twin shifts by one more. And a negative count (c - d) < 0.
Row abstractShiftRow(const char* id, const char* what, bool negativeCount) {
  Row r;
  r.rule = {id, "bit-expr", what, "", ""};
  r.make = [=](SlotContext& ctx, Draft& valid, Draft& invalid) -> std::string {
    z3::context& z = ctx.solver.ctx();
    z3::solver s = ctx.solver.solver("QF_BV");
    // 64-bit vectors: e1 and the counts; "the e2+1 most significant bits have the same value"
    // is (e1 << e2) >> e2 == e1 (arithmetic shift) for 0 <= e2 < 64.
    z3::expr e1 = z.bv_const("e1", 64), n = z.bv_const("n", 64), n2 = z.bv_const("n2", 64);
    std::string ev, ew;
    auto keeps = [&](const z3::expr& x, const z3::expr& k) {
      return z3::ashr(z3::shl(x, k), k) == x;
    };
    if (!negativeCount) {
      s.add(z3::ult(n, z.bv_val(63, 64)) && n2 == n + 1);
      s.add(keeps(e1, n) && !keeps(e1, n2));
      s.add(e1 != z.bv_val(0, 64) && e1 != z.bv_val(static_cast<uint64_t>(INT64_MIN), 64));
      int64_t top = static_cast<int64_t>(ctx.rng.below(63));
      s.add(z3::uge(n, z.bv_val(top / 2, 64)));
    } else {
      s.add(z3::ult(n, z.bv_val(8, 64)) && n2 == n - z.bv_val(1 + ctx.rng.below(8), 64));
      s.add(z3::slt(n2, z.bv_val(0, 64)) && keeps(e1, n));
      s.add(z3::sgt(e1, z.bv_val(-1000000, 64)) && z3::slt(e1, z.bv_val(1000000, 64)));
    }
    SolveResult res = ctx.solver.check(s);
    if (res != SolveResult::Sat) return failed(ctx.solver, res);
    int64_t x = ctx.solver.intValue(e1), k = ctx.solver.intValue(n), k2 = ctx.solver.intValue(n2);
    auto lit = [](int64_t v) {
      std::string t = std::to_string(v);
      return v < 0 ? "(" + t + ")" : t;
    };
    ev = lit(x) + " << " + lit(k);
    ew = lit(x) + " << " + lit(k2);
    Program pv = embed(ctx.rng, ev, Scalar::AbstractInt);
    Program pw = edited(pv, ev, ew);
    setProgram(valid, pv, std::string(what) + ": " + ev);
    setProgram(invalid, pw, std::string(what) + ": " + ew);
    valid.c.derivation = invalid.c.derivation = {
        {"solver", {{"e1", x}, {"e2", k}, {"e2'", k2}}},
        {"constraint", negativeCount ? "e2' < 0" : "(e1 << e2) >> e2 == e1; not for e2 + 1"}};
    return "";
  };
  return r;
}

// --- conversions of abstract values to concrete types ---

/// An AbstractInt expression `c + d` whose value lands at the edge of i32 or u32, assigned to
/// a declaration of that type; the twin's value is one past it.
Row abstractToIntegerRow(const char* id, Scalar type, bool upper, const char* what) {
  Row r;
  r.rule = {id, "conversion-rank", what, "", ""};
  r.make = [=](SlotContext& ctx, Draft& valid, Draft& invalid) -> std::string {
    z3::context& z = ctx.solver.ctx();
    z3::solver s = ctx.solver.solver("QF_LIA");
    int64_t lo = type == Scalar::I32 ? INT32_MIN : 0;
    int64_t hi = type == Scalar::I32 ? INT32_MAX : int64_t(UINT32_MAX);
    z3::expr c = z.int_const("c"), d = z.int_const("d"), d2 = z.int_const("d2");
    // Wide enough for c + d to reach one past the edge of the 32-bit range.
    int64_t span = int64_t(1) << (33 + ctx.rng.below(29));
    for (const z3::expr& x : {c, d, d2}) s.add(x >= z.int_val(-span) && x <= z.int_val(span));
    int64_t spread = ctx.rng.chance(40) ? 0 : int64_t(1) << ctx.rng.below(16);
    if (upper) {
      s.add(c + d <= z.int_val(hi) && c + d >= z.int_val(hi - spread) &&
            c + d2 == z.int_val(hi + 1));
    } else {
      s.add(c + d >= z.int_val(lo) && c + d <= z.int_val(lo + spread) &&
            c + d2 == z.int_val(lo - 1));
    }
    SolveResult res = ctx.solver.check(s);
    if (res != SolveResult::Sat) return failed(ctx.solver, res);
    auto lit = [](const std::string& v) {
      std::string t = intLiteral(v, "");
      return t[0] == '-' ? "(" + t + ")" : t;
    };
    std::string ct = ctx.solver.numeral(c), dt = ctx.solver.numeral(d),
                d2t = ctx.solver.numeral(d2);
    std::string ev = lit(ct) + " + " + lit(dt), ew = lit(ct) + " + " + lit(d2t);
    Program pv = embed(ctx.rng, ev, type);
    Program pw = edited(pv, ev, ew);
    setProgram(valid, pv, std::string(what) + ": " + ev);
    setProgram(invalid, pw, std::string(what) + ": " + ew);
    valid.c.derivation =
        invalid.c.derivation = {{"solver", {{"c", ct}, {"d", dt}, {"d'", d2t}}},
                                {"constraint", std::string("c + d in range of ") + spelling(type) +
                                                   ", c + d' one past it"}};
    return "";
  };
  return r;
}

// --- floating point overflow ---

/// `a OP b` whose exact result is at most the largest finite value (valid), while the twin
/// `a OP b'`, b' the next value of the format after b, is at least 2^(emax+1): it overflows
/// whichever way the seed's "correctly rounded" rounds (l.8741). Operands are m * 2^e with the
/// exponents drawn from the slot's stream and the significands chosen by Z3; in units of the
/// smallest exponent the constraints are linear integer arithmetic, decided exactly.
Row floatOverflowRow(const char* id, const char* op, FpFormat f, const char* what) {
  Row r;
  r.rule = {id, "floating-point-evaluation", what, "", ""};
  std::string o = op;
  r.make = [=](SlotContext& ctx, Draft& valid, Draft& invalid) -> std::string {
    z3::context& z = ctx.solver.ctx();
    z3::solver s = ctx.solver.solver("QF_LIA");
    const int p = f.precision;
    const int top = f.emax - p + 1;  // exponent of the top binade's unit
    z3::expr ma = z.int_const("ma"), mb = z.int_const("mb");
    auto big = [&](int k, int unit) { return pow2Units(z, k, unit); };
    int64_t ea, eb;
    std::string constraint;
    int64_t maFixed = 0;
    if (o == "+") {
      // b in the top binade; a smaller by k binades (k = 0: the same binade).
      eb = top;
      ea = top - static_cast<int64_t>(ctx.rng.below(static_cast<uint64_t>(p)));
      int unit = static_cast<int>(ea);
      z3::expr a = ma * big(static_cast<int>(ea), unit), b = mb * big(static_cast<int>(eb), unit);
      z3::expr b2 = (mb + 1) * big(static_cast<int>(eb), unit);
      z3::expr max = (big(p, 0) - 1) * big(top, unit);
      s.add(a + b <= max && a + b2 >= big(f.emax + 1, unit));
      constraint = "a + b <= max; a + next(b) >= 2^(emax+1)";
    } else {
      // a's significand from the stream (the product stays linear); b in the binade that puts
      // a * b just below 2^(emax+1): eb = emax - 2p + 2 - ea, inside the format when
      // 1 - p <= ea <= top. Consecutive multiples of a must straddle [max, 2^(emax+1)); a
      // significand for which they do not is drawn again (each draw succeeds with probability
      // 1 - ulp(max) / (a * ulp(b)), at most 1/2: up to sixteen draws).
      ea = 1 - p + static_cast<int64_t>(ctx.rng.below(static_cast<uint64_t>(top + p)));
      eb = f.emax - 2 * p + 2 - ea;
      int unit = static_cast<int>(ea + eb);
      z3::expr max = (big(p, 0) - 1) * big(top, unit);
      constraint = "a * b <= max; a * next(b) >= 2^(emax+1)";
      for (int attempt = 0; attempt < 16; ++attempt) {
        maFixed = static_cast<int64_t>((uint64_t(1) << (p - 1)) |
                                       (ctx.rng.next() & ((uint64_t(1) << (p - 1)) - 1)) | 1);
        z3::solver t = ctx.solver.solver("QF_LIA");
        z3::expr prod = z.int_val(maFixed) * mb, prod2 = z.int_val(maFixed) * (mb + 1);
        t.add(mb >= big(p - 1, 0) && mb < big(p, 0));
        t.add(prod <= max && prod2 >= big(f.emax + 1, unit));
        if (ctx.solver.check(t) == SolveResult::Sat || attempt == 15) {
          s.add(ma == z.int_val(maFixed) && prod <= max && prod2 >= big(f.emax + 1, unit));
          break;
        }
      }
    }
    // Significands of normal numbers (b + 1 may carry into the next binade: still exact).
    s.add(ma >= big(p - 1, 0) && ma < big(p, 0) && mb >= big(p - 1, 0) && mb < big(p, 0));
    if (ea < f.emin - p + 1 || eb < f.emin - p + 1 || eb > top)
      return "unsat: the exponents drawn fall outside " + std::string(f.name);
    SolveResult res = ctx.solver.check(s);
    if (res != SolveResult::Sat) return failed(ctx.solver, res);
    uint64_t mav = static_cast<uint64_t>(ctx.solver.intValue(ma)),
             mbv = static_cast<uint64_t>(ctx.solver.intValue(mb));
    auto text = [&](uint64_t m, int64_t e) {
      while (m != 0 && (m & 1) == 0) {
        m >>= 1;
        ++e;
      }
      return hexFloat(m, e, f.suffix);
    };
    std::string ta = text(mav, ea), tb = text(mbv, eb), tb2 = text(mbv + 1, eb);
    std::string ev = ta + " " + o + " " + tb, ew = ta + " " + o + " " + tb2;
    Program pv = embed(ctx.rng, ev, f.type);
    Program pw = edited(pv, ev, ew);
    setProgram(valid, pv,
               std::string(what) + ": " + ev + " is at most the largest finite " + f.name);
    setProgram(invalid, pw,
               std::string(what) + ": " + ew + " is at least 2^" + std::to_string(f.emax + 1));
    valid.c.derivation = invalid.c.derivation = {
        {"solver", {{"ma", mav}, {"ea", ea}, {"mb", mbv}, {"eb", eb}}}, {"constraint", constraint}};
    return "";
  };
  return r;
}

/// A table of rows for the family.
std::vector<Row> makeRows() {
  std::vector<Row> rows;
  rows.push_back(integerLiteralRow("numerics.literal-i32", "i", "2147483647", Scalar::I32,
                                   "literals", "integer literal with i suffix at the largest i32"));
  rows.push_back(integerLiteralRow("numerics.literal-u32", "u", "4294967295", Scalar::U32,
                                   "literals", "integer literal with u suffix at the largest u32"));
  rows.push_back(integerLiteralRow("numerics.literal-abstract-int", "", kMaxI64,
                                   Scalar::AbstractInt, "abstractint",
                                   "unsuffixed integer literal at the largest AbstractInt (A4)"));
  rows.push_back(hexExactRow("numerics.hex-f32-exact", kF32Info));
  rows.push_back(hexExactRow("numerics.hex-f16-exact", kF16Info));
  rows.push_back(hexOverflowRow("numerics.hex-f32-overflow", kF32Info));
  rows.push_back(hexOverflowRow("numerics.hex-f16-overflow", kF16Info));
  rows.push_back(decimalOverflowRow(
      "numerics.decimal-f32-overflow", "literals", "f", Scalar::F32,
      "340282346638528859811704183484516925440", "340282356779733661637539395458142568448", 6,
      "decimal floating point literal with f suffix near the largest f32"));
  rows.push_back(decimalOverflowRow(
      "numerics.decimal-f16-overflow", "literals", "h", Scalar::F16, "65504", "65520", 2,
      "decimal floating point literal with h suffix near the largest f16"));
  rows.push_back(decimalWindowRow("numerics.decimal-f32-rounds-to-largest", "f", Scalar::F32,
                                  "340282346638528859811704183484516925440",
                                  "340282356779733661637539395458142568448",
                                  "numerics.decimal-f32-overflow"));
  rows.push_back(decimalWindowRow("numerics.decimal-f16-rounds-to-largest", "h", Scalar::F16,
                                  "65504", "65520", "numerics.decimal-f16-overflow"));
  rows.push_back(abstractBinaryRow("numerics.abstract-int-add", "+",
                                   "types-for-creation-time-constants",
                                   "AbstractInt addition at the edge of [-2^63, 2^63)"));
  rows.push_back(abstractBinaryRow("numerics.abstract-int-sub", "-",
                                   "types-for-creation-time-constants",
                                   "AbstractInt subtraction at the edge of [-2^63, 2^63)"));
  rows.push_back(abstractBinaryRow("numerics.abstract-int-mul", "*",
                                   "types-for-creation-time-constants",
                                   "AbstractInt multiplication at the edge of [-2^63, 2^63)"));
  rows.push_back(abstractSpecialRow("numerics.abstract-int-negation",
                                    "types-for-creation-time-constants",
                                    "AbstractInt negation of -2^63", 0));
  rows.push_back(abstractSpecialRow("numerics.abstract-int-division-by-zero",
                                    "types-for-creation-time-constants",
                                    "AbstractInt division by zero", 1));
  rows.push_back(abstractSpecialRow("numerics.abstract-int-remainder-by-zero",
                                    "types-for-creation-time-constants",
                                    "AbstractInt remainder by zero", 2));
  rows.push_back(abstractSpecialRow("numerics.abstract-int-min-div-minus-one",
                                    "types-for-creation-time-constants", "AbstractInt -2^63 / -1",
                                    3));
  rows.push_back(abstractShiftRow(
      "numerics.abstract-shift-left-overflow",
      "abstract shift left: the e2+1 most significant bits of e1 must be equal", false));
  rows.push_back(abstractShiftRow("numerics.abstract-shift-negative-count",
                                  "abstract shift left by a negative count", true));
  rows.push_back(abstractToIntegerRow("numerics.abstract-to-i32-max", Scalar::I32, true,
                                      "AbstractInt converted to i32 at its largest value"));
  rows.push_back(abstractToIntegerRow("numerics.abstract-to-i32-min", Scalar::I32, false,
                                      "AbstractInt converted to i32 at its smallest value"));
  rows.push_back(abstractToIntegerRow("numerics.abstract-to-u32-max", Scalar::U32, true,
                                      "AbstractInt converted to u32 at its largest value"));
  rows.push_back(abstractToIntegerRow("numerics.abstract-to-u32-min", Scalar::U32, false,
                                      "AbstractInt converted to u32 at zero"));
  rows.push_back(floatOverflowRow("numerics.f32-mul-overflow", "*", kFpF32,
                                  "f32 multiplication that overflows"));
  rows.push_back(
      floatOverflowRow("numerics.f32-add-overflow", "+", kFpF32, "f32 addition that overflows"));
  rows.push_back(floatOverflowRow("numerics.abstract-float-add-overflow", "+", kFpAbstract,
                                  "AbstractFloat addition that overflows"));
  rows.push_back(floatOverflowRow("numerics.f16-mul-overflow", "*", kFpF16,
                                  "f16 multiplication that overflows"));
  for (Row& r : builtinRows()) rows.push_back(std::move(r));
  return rows;
}

class NumericsFamily final : public Family {
 public:
  NumericsFamily() : rows_(makeRows()) {
    for (const Row& r : rows_) table_.push_back(r.rule);
  }
  std::string_view name() const override { return "numerics"; }
  std::string_view description() const override {
    return "creation-time values on both sides of every numeric boundary: literals, AbstractInt "
           "arithmetic, conversions to concrete types, floating-point overflow";
  }
  const std::vector<RuleRow>& rows() const override { return table_; }
  std::string revisionSupport(const Revision& r) const override {
    return seedOnly(r,
                    "the seed's creation-time evaluation (in 2026 integer division by zero, "
                    "shifts past the width, float overflow and domain errors are errors: "
                    "delta 3.2-3.7)");
  }

  SlotDrafts draft(SlotContext& ctx) const override {
    const Row& row = rows_[ctx.slot % rows_.size()];
    SlotDrafts out;
    Draft valid, invalid;
    nameTwins(valid, invalid, row.rule, ctx.slot);
    invalid.intended.anchors = {row.rule.anchor};
    if (row.rule.anchor == "abstractint")
      invalid.intended.anchors.push_back("types-for-creation-time-constants");
    std::string failure = row.make(ctx, valid, invalid);
    if (!failure.empty()) {
      out.failure = failure;
      return out;
    }
    if (row.validOnly) {
      valid.c.twin.clear();
      nameSingle(valid, row.rule, ctx.slot);
      out.drafts.push_back(std::move(valid));
      return out;
    }
    out.drafts.push_back(std::move(valid));
    out.drafts.push_back(std::move(invalid));
    return out;
  }

 private:
  std::vector<Row> rows_;
  std::vector<RuleRow> table_;
};

}  // namespace
}  // namespace numerics_family

std::unique_ptr<Family> makeNumericsFamily() {
  return std::make_unique<numerics_family::NumericsFamily>();
}

}  // namespace plumb::gen::wgsl
