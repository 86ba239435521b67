// The numerics family's rows for the error conditions of the @const built-in functions
// (#float-builtin-functions, #integer-builtin-functions, #pack-builtin-functions; Plumb's
// readings in docs/ambiguities.md S6, S7): arguments outside a function's domain (the result
// would be NaN), results that overflow, `clamp` with low > high, `smoothstep` with low == high,
// `normalize` of a zero vector, `abs` of the most negative AbstractInt.
//
// Each row puts one argument X = a - b on the edge: Z3 chooses the significands of the two
// literals (in units of a power of two, where the subtraction is exact) so that X is the valid
// edge value for the twin that Plumb must accept and the invalid one for its twin. The edge
// values come from the function's definition (for exp, cosh, sinh and degrees: the argument
// whose exact result is 2^(emax+1), computed in long double and kept away from it by a margin
// wider than the seed's accuracy, so that neither twin lies where "correctly rounded" or an
// ULP bound could put the result on either side).
#include <cmath>
#include <string>
#include <vector>

#include "gen/wgsl/numerics_rows.h"

namespace plumb::gen::wgsl::numerics {

namespace {

/// A value m * 2^e.
struct Dyadic {
  int64_t m;
  int e;
};

/// Where the edge argument goes in the call: `X` in the template.
struct EdgeSpec {
  const char* id;
  const char* what;
  const char* call;  // e.g. "sqrt($X)"; literals in the template carry the suffix `$S`
  std::vector<const FpFormat*> formats;
  // The valid and invalid edge values of X, per format (a function of the format).
  std::function<std::pair<Dyadic, Dyadic>(const FpFormat&)> edges;
  const char* anchor = "floating-point-evaluation";
};

std::string replaceAll(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

/// Floor or ceiling of x * 2^-e as an integer count of units 2^e.
Dyadic unitsOf(long double x, int e, bool up) {
  long double scaled = std::ldexp(x, -e);
  return {static_cast<int64_t>(up ? std::ceil(scaled) : std::floor(scaled)), e};
}

/// The unit exponent for values near 2^top with `bits` bits of room below the precision.
int unitNear(const FpFormat& f, long double x, int spare) {
  int exp = 0;
  std::frexp(x, &exp);  // x = frac * 2^exp, frac in [0.5, 1)
  return exp - (f.precision - spare);
}

/// The argument x0 at which the exact result of an increasing function reaches 2^(emax+1),
/// and the edge values a margin of four units away on each side.
std::pair<Dyadic, Dyadic> overflowEdges(const FpFormat& f, long double x0) {
  int e = unitNear(f, x0, 2);
  Dyadic v = unitsOf(x0, e, false), w = unitsOf(x0, e, true);
  v.m -= 4;
  w.m += 4;
  return {v, w};
}

Row edgeRow(EdgeSpec spec) {
  Row r;
  r.rule = {spec.id, spec.anchor, spec.what, "", ""};
  r.make = [spec](SlotContext& ctx, Draft& valid, Draft& invalid) -> std::string {
    const FpFormat& f = *spec.formats[ctx.rng.below(spec.formats.size())];
    // Not a structured binding: the lambda below uses both, and clang 14 (the asan preset's
    // compiler) cannot capture structured bindings (C++20's P1091 came in clang 16).
    const std::pair<Dyadic, Dyadic> edges = spec.edges(f);
    const Dyadic& v = edges.first;
    const Dyadic& w = edges.second;
    // A common unit for both edges, possibly finer (more variety in the literals).
    // The literals a and b are m * 2^e with |m| < 2^precision, and so is their difference:
    // the subtraction is exact. A finer unit than the edges need is drawn where it fits.
    __int128 limit = __int128(1) << f.precision;
    auto fits = [&](int unit) {
      __int128 vu = static_cast<__int128>(v.m) << (v.e - unit), wu = static_cast<__int128>(w.m)
                                                                     << (w.e - unit);
      return vu < limit && vu > -limit && wu < limit && wu > -limit &&
             unit >= f.emin - f.precision + 1;
    };
    int e = std::min(v.e, w.e);
    if (!fits(e)) return "unsat: the edge values do not fit " + std::string(f.name);
    for (int finer = static_cast<int>(ctx.rng.below(4)); finer > 0 && fits(e - 1); --finer) --e;
    __int128 vu = static_cast<__int128>(v.m) << (v.e - e), wu = static_cast<__int128>(w.m)
                                                                << (w.e - e);
    z3::context& z = ctx.solver.ctx();
    z3::solver s = ctx.solver.solver("QF_LIA");
    z3::expr ma = z.int_const("ma"), mb = z.int_const("mb"), mb2 = z.int_const("mb2");
    z3::expr bound = pow2Units(z, f.precision, 0);
    for (const z3::expr& x : {ma, mb, mb2}) s.add(x < bound && x > -bound);
    s.add(ma - mb == z.int_val(static_cast<int64_t>(vu)));
    s.add(ma - mb2 == z.int_val(static_cast<int64_t>(wu)));
    // Variety: where a lies, from the stream.
    int64_t lo = static_cast<int64_t>(ctx.rng.below(uint64_t(1) << (f.precision - 2)));
    s.add(ctx.rng.chance(50) ? ma >= z.int_val(lo) : ma <= z.int_val(-lo));
    SolveResult res = ctx.solver.check(s);
    if (res != SolveResult::Sat) return failed(ctx.solver, res);
    int64_t a = ctx.solver.intValue(ma), b = ctx.solver.intValue(mb), b2 = ctx.solver.intValue(mb2);
    std::string ta = signedHexFloat(a, e, f.suffix);
    std::string xv = "(" + ta + " - " + signedHexFloat(b, e, f.suffix) + ")";
    std::string xw = "(" + ta + " - " + signedHexFloat(b2, e, f.suffix) + ")";
    std::string call = replaceAll(spec.call, "$S", f.suffix);
    std::string cv = replaceAll(call, "$X", xv), cw = replaceAll(call, "$X", xw);
    Scalar result = std::string(spec.call).starts_with("pack") ? Scalar::U32 : f.type;
    Program pv = embed(ctx.rng, cv, result);
    if (f.type == Scalar::F16 && pv.wgsl.find("enable f16") == std::string::npos) {
      pv.wgsl = "enable f16;\n\n" + pv.wgsl;
      pv.line += 2;
    }
    setProgram(valid, pv, std::string(spec.what) + " (" + f.name + "): " + cv);
    setProgram(invalid, edited(pv, cv, cw), std::string(spec.what) + " (" + f.name + "): " + cw);
    valid.c.derivation = invalid.c.derivation = {
        {"solver", {{"a", a}, {"b", b}, {"b'", b2}, {"unit", "2^" + std::to_string(e)}}},
        {"constraint", "a - b = valid edge, a - b' = invalid edge (exact in units of 2^e)"},
        {"format", f.name}};
    return "";
  };
  return r;
}

const FpFormat* kAll[] = {&kFpF32, &kFpAbstract, &kFpF16};
const std::vector<const FpFormat*> kAllFormats(std::begin(kAll), std::end(kAll));
const std::vector<const FpFormat*> kF32Only = {&kFpF32};

/// Fixed edges, the same in every format.
std::function<std::pair<Dyadic, Dyadic>(const FpFormat&)> fixed(Dyadic v, Dyadic w) {
  return [v, w](const FpFormat&) { return std::make_pair(v, w); };
}

long double ln2() {
  return std::log(2.0L);
}

}  // namespace

std::vector<Row> builtinRows() {
  std::vector<Row> rows;
  // Domains (#float-builtin-functions, docs/ambiguities.md S6): outside, the result is NaN.
  rows.push_back(edgeRow({"numerics.builtin-sqrt-domain", "sqrt of a negative value", "sqrt($X)",
                          kAllFormats, fixed({0, 0}, {-1, -20})}));
  rows.push_back(edgeRow({"numerics.builtin-inverse-sqrt-domain", "inverseSqrt of zero",
                          "inverseSqrt($X)", kAllFormats, fixed({1, -20}, {0, 0})}));
  rows.push_back(edgeRow({"numerics.builtin-log-domain", "log of zero", "log($X)", kAllFormats,
                          fixed({1, -20}, {0, 0})}));
  rows.push_back(edgeRow({"numerics.builtin-log2-domain", "log2 of a negative value", "log2($X)",
                          kAllFormats, fixed({1, -20}, {-1, -20})}));
  rows.push_back(edgeRow({"numerics.builtin-acos-domain", "acos just above 1", "acos($X)",
                          kAllFormats, fixed({1, 0}, {1025, -10})}));
  rows.push_back(edgeRow({"numerics.builtin-asin-domain", "asin just below -1", "asin($X)",
                          kAllFormats, fixed({-1, 0}, {-1025, -10})}));
  rows.push_back(edgeRow({"numerics.builtin-acosh-domain", "acosh just below 1", "acosh($X)",
                          kAllFormats, fixed({1, 0}, {1023, -10})}));
  rows.push_back(edgeRow({"numerics.builtin-atanh-domain", "atanh of 1", "atanh($X)", kAllFormats,
                          fixed({1023, -10}, {1, 0})}));
  rows.push_back(edgeRow({"numerics.builtin-pow-domain", "pow of a negative base", "pow($X, 2.5$S)",
                          kAllFormats, fixed({0, 0}, {-1, -10})}));
  // Argument relations.
  rows.push_back(edgeRow({"numerics.builtin-clamp-low-above-high",
                          "clamp with low greater than high (S7)", "clamp(0.25$S, $X, 0.5$S)",
                          kAllFormats, fixed({1, -1}, {513, -10}), "float-builtin-functions"}));
  rows.push_back(edgeRow({"numerics.builtin-smoothstep-equal-edges",
                          "smoothstep with low equal to high", "smoothstep(0.5$S, $X, 0.75$S)",
                          kAllFormats, fixed({513, -10}, {1, -1}), "float-builtin-functions"}));
  rows.push_back(edgeRow({"numerics.builtin-normalize-zero", "normalize of a zero vector",
                          "normalize(vec2($X, 0.0$S)).x", kAllFormats, fixed({1, -10}, {0, 0})}));
  // Results outside the finite range of f16 (#pack-builtin-functions, quantizeToF16): the
  // largest f16 is 65504; values up to 65520 may round to it, so the invalid twin is 65536.
  rows.push_back(edgeRow({"numerics.builtin-quantize-to-f16-range", "quantizeToF16 past 65504",
                          "quantizeToF16($X)", kF32Only, fixed({2047, 5}, {1, 16}),
                          "float-builtin-functions"}));
  rows.push_back(edgeRow({"numerics.builtin-pack2x16float-range", "pack2x16float past 65504",
                          "pack2x16float(vec2($X, 0.0$S))", kF32Only, fixed({2047, 5}, {1, 16}),
                          "pack-builtin-functions"}));
  // Overflow of increasing functions: the edge is where the exact result is 2^(emax+1).
  rows.push_back(
      edgeRow({"numerics.builtin-exp-overflow", "exp that overflows", "exp($X)", kAllFormats,
               [](const FpFormat& f) { return overflowEdges(f, (f.emax + 1) * ln2()); }}));
  rows.push_back(edgeRow(
      {"numerics.builtin-exp2-overflow", "exp2 that overflows", "exp2($X)", kAllFormats,
       [](const FpFormat& f) { return overflowEdges(f, static_cast<long double>(f.emax + 1)); }}));
  rows.push_back(edgeRow({"numerics.builtin-cosh-overflow", "cosh that overflows", "cosh($X)",
                          kAllFormats, [](const FpFormat& f) {
                            // cosh(x) = (e^x + e^-x) / 2 reaches 2^(emax+1) at about (emax+2) ln 2.
                            return overflowEdges(f, (f.emax + 2) * ln2());
                          }}));
  rows.push_back(
      edgeRow({"numerics.builtin-sinh-overflow", "sinh that overflows", "sinh($X)", kAllFormats,
               [](const FpFormat& f) { return overflowEdges(f, (f.emax + 2) * ln2()); }}));
  rows.push_back(edgeRow({"numerics.builtin-degrees-overflow", "degrees that overflows",
                          "degrees($X)", kAllFormats, [](const FpFormat& f) {
                            long double pi = std::acos(-1.0L);
                            return overflowEdges(f, std::ldexp(1.0L, f.emax + 1) * pi / 180);
                          }}));
  return rows;
}

}  // namespace plumb::gen::wgsl::numerics
