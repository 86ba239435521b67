// The Cg standard library's rows and evaluators (standard_library.h). Each evaluator is the
// reference implementation the Cg Reference Manual prints for the function, component by
// component, over the sets of numeric_model.h.
#include "interpreter/cg/standard_library.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include "checker/float_rounding.h"
#include "interpreter/wgsl/runtime_alternatives.h"
#include "interpreter/wgsl/runtime_float_builtins.h"
#include "semantics/cg/type.h"
#include "semantics/wgsl/revision.h"

namespace plumb::cg {

namespace {

// The element types and sizes of the manual's synopses (float1 .. float4 included). An int
// argument (a cint) is evaluated by the same formula in int arithmetic, a Plumb extension.
constexpr std::string_view kFloating = "T: float | half | fixed; n: 1 | 2 | 3 | 4";

// clang-format off
constexpr LibraryRow kRows[] = {
    {"abs", "T abs(T a); Tn abs(Tn a)", kFloating, "abs", "max(-a, a)"},
    {"ceil", "T ceil(T a); Tn ceil(Tn a)", kFloating, "ceil", "-floor(-a)"},
    {"clamp", "T clamp(T x, T a, T b); Tn clamp(Tn x, Tn a, Tn b); Tn clamp(Tn x, T a, T b)", kFloating, "clamp", "max(a, min(b, x))"},
    {"cos", "T cos(T a); Tn cos(Tn a)", kFloating, "cos", "WGSL cos accuracy (CG-E5)"},
    {"cross", "T3 cross(T3 a, T3 b)", "T: float | half | fixed", "cross", "a.yzx * b.zxy - a.zxy * b.yzx"},
    {"distance", "T distance(Tn a, Tn b)", "T: float | half | fixed; n: 1 | 2 | 3 | 4", "distance", "length(a - b)"},
    {"dot", "T dot(Tn a, Tn b)", "T: float | half | fixed; n: 1 | 2 | 3 | 4", "dot", "sum of a[i] * b[i], in any order (CG-E5)"},
    {"exp", "T exp(T a); Tn exp(Tn a)", kFloating, "exp", "WGSL exp accuracy (CG-E5)"},
    {"exp2", "T exp2(T a); Tn exp2(Tn a)", kFloating, "exp2", "WGSL exp2 accuracy (CG-E5)"},
    {"floor", "T floor(T a); Tn floor(Tn a)", kFloating, "floor", "exact"},
    {"frac", "T frac(T a); Tn frac(Tn a)", kFloating, "frac", "a - floor(a)"},
    {"length", "T length(Tn v)", "T: float | half | fixed; n: 1 | 2 | 3 | 4", "length", "sqrt(dot(v, v))"},
    {"lerp", "T lerp(T a, T b, T w); Tn lerp(Tn a, Tn b, Tn w); Tn lerp(Tn a, Tn b, T w)", kFloating, "lerp", "a + w * (b - a)"},
    {"log", "T log(T a); Tn log(Tn a)", kFloating, "log", "WGSL log accuracy (CG-E5)"},
    {"log2", "T log2(T a); Tn log2(Tn a)", kFloating, "log2", "WGSL log2 accuracy (CG-E5)"},
    {"max", "T max(T a, T b); Tn max(Tn a, Tn b)", kFloating, "max", "a > b ? a : b"},
    {"min", "T min(T a, T b); Tn min(Tn a, Tn b)", kFloating, "min", "a < b ? a : b"},
    {"mul", "Tn mul(Tnxm M, Tm v); Tm mul(Tn v, Tnxm M); Tnxp mul(Tnxm A, Tmxp B)", "T: float | half | fixed; n, m, p: 1 | 2 | 3 | 4", "mul", "each result element a dot product of a row and a column"},
    {"normalize", "Tn normalize(Tn v)", "T: float | half | fixed; n: 1 | 2 | 3 | 4", "normalize", "rsqrt(dot(v, v)) * v"},
    {"pow", "T pow(T x, T y); Tn pow(Tn x, Tn y)", kFloating, "pow", "WGSL pow: exp2(y * log2(x)) (CG-E5)"},
    {"rsqrt", "T rsqrt(T a); Tn rsqrt(Tn a)", kFloating, "rsqrt", "WGSL inverseSqrt accuracy (CG-E5)"},
    {"saturate", "T saturate(T x); Tn saturate(Tn x)", kFloating, "saturate", "max(0, min(1, x))"},
    {"sin", "T sin(T a); Tn sin(Tn a)", kFloating, "sin", "WGSL sin accuracy (CG-E5)"},
    {"sincos", "void sincos(T a, out T s, out T c); void sincos(Tn a, out Tn s, out Tn c)", kFloating, "sincos", "s = sin(a); c = cos(a) (WGSL accuracy, CG-E5)"},
    {"modf", "T modf(T x, out T ip); Tn modf(Tn x, out Tn ip)", kFloating, "modf", "ip = trunc(x); return x - ip"},
    {"trunc", "T trunc(T a); Tn trunc(Tn a)", kFloating, "trunc", "a < 0 ? -floor(-a) : floor(a)"},
    {"smoothstep", "T smoothstep(T a, T b, T x); Tn smoothstep(Tn a, Tn b, Tn x)", kFloating, "smoothstep", "t = saturate((x - a) / (b - a)); t * t * (3 - 2 * t)"},
    {"sqrt", "T sqrt(T a); Tn sqrt(Tn a)", kFloating, "sqrt", "WGSL sqrt accuracy (CG-E5)"},
    {"step", "T step(T a, T x); Tn step(Tn a, Tn x)", kFloating, "step", "x >= a ? 1 : 0"},
    // The rest of the manual's pages (docs/ambiguities.md CG-E13): a page whose reference
    // implementation "could be" the function's is that implementation in the model, hulled with
    // the accurate function (Plumb's WGSL accuracy row) where the description asks for it.
    {"acos", "T acos(T a); Tn acos(Tn a)", kFloating, "acos", "Abramowitz-Stegun polynomial * sqrt(1 - |a|) (the manual's) or WGSL acos accuracy (CG-E13)"},
    {"asin", "T asin(T a); Tn asin(Tn a)", kFloating, "asin", "pi/2 - sqrt(1 - |a|) * polynomial (the manual's) or WGSL asin accuracy (CG-E13)"},
    {"atan", "T atan(T a); Tn atan(Tn a)", kFloating, "atan", "atan2(a, 1) (the manual's) or WGSL atan accuracy (CG-E13)"},
    {"atan2", "T atan2(T y, T x); Tn atan2(Tn y, Tn x)", kFloating, "atan2", "the manual's minimax polynomial with octant fix-ups, or WGSL atan2 accuracy (CG-E13)"},
    {"cosh", "T cosh(T a); Tn cosh(Tn a)", kFloating, "cosh", "0.5 * (exp(a) + exp(-a)) or WGSL cosh accuracy (CG-E13)"},
    {"sinh", "T sinh(T a); Tn sinh(Tn a)", kFloating, "sinh", "0.5 * (exp(a) - exp(-a)) or WGSL sinh accuracy (CG-E13)"},
    {"tanh", "T tanh(T a); Tn tanh(Tn a)", kFloating, "tanh", "e = exp(2 * a); (e - 1) / (e + 1), or WGSL tanh accuracy (CG-E13)"},
    {"tan", "T tan(T a); Tn tan(Tn a)", kFloating, "tan", "sincos(a, s, c); s / c, or WGSL tan accuracy (CG-E13)"},
    {"log10", "T log10(T a); Tn log10(Tn a)", kFloating, "log10", "ANSI C log10: log2(a) * log10(2) within log2's accuracy, or correctly rounded (CG-E13)"},
    {"degrees", "T degrees(T a); Tn degrees(Tn a)", kFloating, "degrees", "57.29577951 * a (or 180/pi * a)"},
    {"radians", "T radians(T a); Tn radians(Tn a)", kFloating, "radians", "0.017453292 * a (or pi/180 * a)"},
    {"round", "T round(T a); Tn round(Tn a)", kFloating, "round", "nearest integer, a half either way: floor(a + 0.5) or to even (profile-dependent)"},
    {"sign", "T sign(T a); Tn sign(Tn a)", kFloating, "sign", "(a > 0) - (a < 0); NaN: 0 or NaN"},
    {"fmod", "T fmod(T x, T y); Tn fmod(Tn x, Tn y)", kFloating, "fmod", "c = frac(abs(x / y)) * abs(y); x < 0 ? -c : c, or C's exact remainder; y = 0: any value"},
    {"reflect", "Tn reflect(Tn i, Tn n)", kFloating, "reflect", "i - 2.0 * n * dot(n, i)"},
    {"refract", "Tn refract(Tn i, Tn n, T eta)", kFloating, "refract", "cosi = dot(-i, n); cost2 = 1 - eta * eta * (1 - cosi * cosi); (eta * i + (eta * cosi - sqrt(abs(cost2))) * n) * (cost2 > 0)"},
    {"faceforward", "T faceforward(T n, T i, T ng); Tn faceforward(Tn n, Tn i, Tn ng)", kFloating, "faceforward", "dot(i, ng) < 0 ? n : -n"},
    {"transpose", "Tmxn transpose(Tnxm A)", "T: float | half | fixed; n, m: 1 | 2 | 3 | 4", "transpose", "exact"},
    {"determinant", "T determinant(Tnxn A)", "T: float | half | fixed; n: 1 | 2 | 3 | 4", "determinant", "the manual's cofactor formulas, each dot in any order"},
    {"isnan", "bool isnan(T a); booln isnan(Tn a)", kFloating, "isnan", "a != a"},
    {"isinf", "bool isinf(T a); booln isinf(Tn a)", kFloating, "isinf", "(2 * a == a) && (a != 0) in the model, or a is infinite"},
    {"all", "bool all(bool a); bool all(booln a)", "n: 1 | 2 | 3 | 4", "all", "a.x && a.y && ..."},
    {"any", "bool any(bool a); bool any(booln a)", "n: 1 | 2 | 3 | 4", "any", "a.x || a.y || ..."},
    {"fma", "T fma(T a, T b, T c); Tn fma(Tn a, Tn b, Tn c)", kFloating, "fma", "a * b + c rounded once, or twice (CG-P3, CG-E13)"},
    {"clip", "void clip(T x); void clip(Tn x)", "T: float; n: 1 | 2 | 3 | 4", "clip", "if (any(x < 0)) discard (the evaluator's)"},
    // The pages the checker declared later (issue 21; docs/ambiguities.md CG-E16).
    {"isfinite", "bool isfinite(T a); booln isfinite(Tn a)", kFloating, "isfinite", "(s == s) && ((s == 0) || (s != 2 * s)) in the model, or a is finite"},
    {"ldexp", "T ldexp(T x, T n); Tn ldexp(Tn x, Tn n)", kFloating, "ldexp", "x * exp2(n) (exp2 within WGSL's accuracy), or x * 2^n rounded once"},
    {"frexp", "T frexp(T x, out int e); Tn frexp(Tn x, out intn e)", kFloating, "frexp", "ANSI C frexp: x = m * 2^e, |m| in [0.5, 1); x = 0: m = e = 0"},
    {"lit", "T4 lit(T NdotL, T NdotH, T m)", "T: float | half | fixed", "lit", "T4(1, max(0, NdotL), NdotL > 0 (the code) or >= 0 (the text) ? pow(max(0, NdotH), m) : 0, 1)"},
    {"noise", "float noise(Tn x)", kFloating, "noise", "implementation-defined: any value in [-1, 1] (no page; CG-E16)"},
    {"pack_2half", "float pack_2half(T2 a)", "T: float | half", "pack", "(bits((half)a.y) << 16) | bits((half)a.x), as a float's bits"},
    {"pack_2ushort", "float pack_2ushort(T2 a)", "T: float | half", "pack", "round(65535 * saturate(a)) in 16 bits each, y high"},
    {"pack_4byte", "float pack_4byte(T4 a)", "T: float | half", "pack", "round(127 * clamp(a, -128/127, 1) + 128) in 8 bits each, w high"},
    {"pack_4ubyte", "float pack_4ubyte(T4 a)", "T: float | half", "pack", "round(255 * saturate(a)) in 8 bits each, w high"},
    {"unpack_2half", "half2 unpack_2half(float a)", "", "unpack", "the two halves of a's bits, x low"},
    {"unpack_2ushort", "float2 unpack_2ushort(float a)", "", "unpack", "((a >> 16i) & 0xFFFF) / 65535.0"},
    {"unpack_4byte", "half4 unpack_4byte(float a)", "", "unpack", "(((a >> 8i) & 0xFF) - 128) / 127.0, in half"},
    {"unpack_4ubyte", "half4 unpack_4ubyte(float a)", "", "unpack", "((a >> 8i) & 0xFF) / 255.0, in half"},
    {"inverse", "float2x2 inverse(float2x2 A); float3x3 inverse(float3x3 A); float4x4 inverse(float4x4 A)", "", "inverse", "adjugate(A) / determinant(A), the manual's 2x2 code for every size (cofactors as determinant's)"},
    {"bitCount", "int bitCount(T x); intn bitCount(Tn x)", "T: int | uint; n: 2 | 3 | 4", "bitfield", "the number of 1 bits of x's 32"},
    {"findLSB", "int findLSB(T x); intn findLSB(Tn x)", "T: int | uint; n: 2 | 3 | 4", "bitfield", "the lowest 1 bit's number, -1 for 0"},
    {"findMSB", "int findMSB(T x); intn findMSB(Tn x)", "T: int | uint; n: 2 | 3 | 4", "bitfield", "the highest 1 bit's number (of ~x for a negative int x), -1 if none"},
    {"bitfieldReverse", "T bitfieldReverse(T x); Tn bitfieldReverse(Tn x)", "T: int | uint; n: 2 | 3 | 4", "bitfield", "bit i to bit 31 - i"},
    {"bitfieldExtract", "T bitfieldExtract(T a, int b, int c); Tn bitfieldExtract(Tn a, int b, int c)", "T: int | uint; n: 2 | 3 | 4", "bitfield", "bits b .. b + c - 1 of a (the text; BFE), sign-extended or not for an int (CG-E16)"},
    {"bitfieldInsert", "T bitfieldInsert(T a, T b, int c, int d); Tn bitfieldInsert(Tn a, T b, int c, int d)", "T: int | uint; n: 2 | 3 | 4", "bitfield", "a with bits c .. c + d - 1 from b's low d bits (the text; BFI) or b << c unmasked (the code)"},
    {"floatToIntBits", "int floatToIntBits(float x); intn floatToIntBits(floatn x)", "n: 1 | 2 | 3 | 4", "bits", "x's IEEE 754 single bits as an int; a NaN: 0x7fc00000"},
    {"floatToRawIntBits", "int floatToRawIntBits(float x); intn floatToRawIntBits(floatn x)", "n: 1 | 2 | 3 | 4", "bits", "x's IEEE 754 single bits as an int (a NaN's payload: any)"},
    {"intBitsToFloat", "float intBitsToFloat(int x); floatn intBitsToFloat(intn x)", "n: 1 | 2 | 3 | 4", "bits", "the float whose bits x is"},
    // cgc's dialect, extension glsl-functions (docs/ambiguities.md CGD-2): GLSL's names, with
    // the formulas cgc 3.1's hlslf output gives them.
    {"fract", "T fract(T a); Tn fract(Tn a)", kFloating, "frac", "frac (cgc dialect)"},
    {"inversesqrt", "T inversesqrt(T a); Tn inversesqrt(Tn a)", kFloating, "rsqrt", "rsqrt (cgc dialect)"},
    {"mix", "T mix(T a, T b, T w); Tn mix(Tn a, Tn b, Tn w); Tn mix(Tn a, Tn b, T w)", kFloating, "lerp", "lerp (cgc dialect)"},
    {"mod", "T mod(T x, T y); Tn mod(Tn x, Tn y)", kFloating, "mod", "x - y * floor(x / y) (cgc dialect)"},
};
// clang-format on

constexpr double kInfinity = std::numeric_limits<double>::infinity();

NumberSet hull(const NumberSet& a, const NumberSet& b) {
  if (a.undefined || b.undefined) return NumberSet::any();
  NumberSet out;
  out.nan = a.nan || b.nan;
  out.values = a.values || b.values;
  if (a.values && b.values)
    out.lo = std::min(a.lo, b.lo), out.hi = std::max(a.hi, b.hi);
  else if (a.values)
    out.lo = a.lo, out.hi = a.hi;
  else
    out.lo = b.lo, out.hi = b.hi;
  return out;
}

struct Context {
  bool strict;
  NumericModel of(const Component& c) const { return NumericModel(c.model, strict); }
};

Component number(const Component& like, NumberSet v) {
  return Component::ofNumber(like.model, v);
}
Component constant(const Context& k, const Component& like, double v) {
  return number(like, k.of(like).fromReal(v));
}

// "a < b ? a : b" (and its mirror for max): the set of the selected operand. An ordered
// comparison with a NaN is false, which selects b.
NumberSet selectSmaller(const NumberSet& a, const NumberSet& b, bool smaller) {
  if (a.undefined || b.undefined) return NumberSet::any();
  NumberSet out;
  out.values = a.values && b.values;
  if (out.values) {
    out.lo = smaller ? std::min(a.lo, b.lo) : std::max(a.lo, b.lo);
    out.hi = smaller ? std::min(a.hi, b.hi) : std::max(a.hi, b.hi);
  }
  out.nan = b.nan;
  if (a.nan) out = hull(out, b);
  if (!out.values && !out.nan) return b;
  return out;
}

Component minMax(const Component& a, const Component& b, bool smaller, std::string& ub) {
  (void)ub;
  if (a.kind == ComponentKind::Int) {
    if (a.integer.undefined || b.integer.undefined) return Component::ofInt(IntSet::any());
    return Component::ofInt(IntSet::of(smaller ? std::min(a.integer.value, b.integer.value)
                                               : std::max(a.integer.value, b.integer.value)));
  }
  return number(a, selectSmaller(a.number, b.number, smaller));
}

NumberSet floorSet(const NumberSet& x) {
  if (x.undefined || !x.values) return x;
  NumberSet out = x;
  out.lo = std::floor(x.lo), out.hi = std::floor(x.hi);
  return out;
}

// Rounding toward zero: monotonic, so the set's ends map to the result's ends. Exact in every
// model (an integer of the model's range is one of its values).
NumberSet truncSet(const NumberSet& x) {
  if (x.undefined || !x.values) return x;
  NumberSet out = x;
  out.lo = std::trunc(x.lo), out.hi = std::trunc(x.hi);
  return out;
}

// --------------------------------------------------------------- the WGSL accuracy rows

// A transcendental row of Plumb's WGSL accuracy table (#floating-point-accuracy) over one
// component: fp32 as f32, fp16 as f16, fixed computed as f32 then converted to fixed (both
// neighbours). IEEE 754's special values first (CG-E5): NaN in, NaN out; the domain errors and
// poles where the point is known; an infinity or a NaN anywhere else in the sets: any value.
NumberSet accuracyRow(const Context& k, std::string_view wgslName, const Component& like,
                      const std::vector<NumberSet>& xs) {
  for (const NumberSet& x : xs) {
    if (x.undefined) return NumberSet::any();
    if (!x.values) return NumberSet::nanOnly();
  }
  const NumberSet& x = xs[0];
  bool logarithm = wgslName == "log2" || wgslName == "log";
  bool root = wgslName == "sqrt" || wgslName == "inverseSqrt";
  if (wgslName == "inverseSqrt" && x.values && x.lo < 0) {
    // The manual: "The square root of negative values ideally returns NaN", but "In certain
    // profiles such as vp20, rsqrt computes the absolute value of a": both (CG-E5).
    NumberSet magnitude = x;
    magnitude.lo = x.hi < 0 ? -x.hi : 0, magnitude.hi = std::max(-x.lo, x.hi);
    NumberSet out = accuracyRow(k, wgslName, like, {magnitude});
    out.nan = true;
    return out;
  }
  if ((logarithm || root) && x.hi < 0) return NumberSet::nanOnly();
  if (x.isPoint() && x.lo == 0 && xs.size() == 1) {
    if (wgslName == "sqrt") return NumberSet::point(0);
    if (wgslName == "inverseSqrt") return k.of(like).fromReal(kInfinity);
    if (logarithm) return k.of(like).fromReal(-kInfinity);
  }
  for (const NumberSet& v : xs)
    if (v.nan || std::isinf(v.lo) || std::isinf(v.hi)) return NumberSet::any();

  static TypeTable types;
  Model m = like.model == Model::Fp16 ? Model::Fp16 : Model::Fp32;
  plumb::Type t = m == Model::Fp16 ? types.f16() : types.f32();
  std::vector<interp::RValue> args;
  for (const NumberSet& v : xs)
    args.push_back(interp::scalarFloat(t, interp::FloatSet::range(v.lo, v.hi)));
  interp::OperationResult r =
      interp::floatBuiltin(types, wgslName, t, args, Revision::wgsl2022_06());
  if (!r.ok()) return NumberSet::any();
  NumberSet out;
  out.values = false;
  for (const interp::RValue& a : r.alternatives) {
    interp::FloatSet s = interp::floatOf(a);
    NumberSet n = s.any ? NumberSet::any() : NumberSet::range(s.lo, s.hi);
    out = out.values || out.nan ? hull(out, n) : n;
  }
  if (out.undefined) {
    // The WGSL row's "any value" (a possible infinity or NaN): every number of the model, an
    // infinity or NaN; a superset of what IEEE 754 hardware gives.
    return NumberSet::any();
  }
  if (like.model == Model::Fixed) return NumericModel(Model::Fixed).convert(out);
  return out;
}

// ------------------------------------------------------------------ component-wise evaluation

using ComponentFn =
    std::function<Component(const Context&, const std::vector<Component>&, std::string& ub)>;

int width(const EvalValue& v) {
  return static_cast<int>(v.components.size());
}

LibraryResult componentWise(const Context& k, const std::vector<EvalValue>& args,
                            const ComponentFn& fn) {
  LibraryResult out;
  const EvalValue* shape = nullptr;
  for (const EvalValue& a : args) {
    if (!a.isNumeric()) {
      out.error = "a standard-library argument is not a scalar, vector or matrix";
      return out;
    }
    if (!shape || width(a) > width(*shape)) shape = &a;
  }
  out.value = *shape;
  for (int i = 0; i < width(*shape); ++i) {
    std::vector<Component> cs;
    for (const EvalValue& a : args) {
      if (width(a) != 1 && width(a) != width(*shape)) {
        out.error = "standard-library arguments of different sizes";
        return out;
      }
      cs.push_back(a.components[width(a) == 1 ? 0 : i]);  // a scalar smears
    }
    out.value.components[i] = fn(k, cs, out.undefinedBehaviour);
  }
  return out;
}

Component absComponent(const Context& k, const Component& a, std::string& ub) {
  if (a.kind == ComponentKind::Int) {
    if (a.integer.undefined) return a;
    if (a.integer.value >= 0) return a;
    IntResult r = intUnary("-", a.integer);
    if (!r.undefinedBehaviour.empty()) ub = r.undefinedBehaviour;
    return Component::ofInt(r.value);
  }
  // max(-a, a). Over an interval that spans zero the two ends' maxima give a lower bound of
  // max(-hi, lo) < 0, though |x| is 0 at x = 0 and never negative: the set starts at 0 there.
  // (Over an interval on one side of zero max(-hi, lo) is already min(|lo|, |hi|).)
  std::string unused;
  Component r = minMax(number(a, k.of(a).negate(a.number)), a, false, unused);
  const NumberSet& x = a.number;
  if (!x.undefined && x.values && x.lo <= 0 && x.hi >= 0 && r.number.values &&
      !r.number.undefined && r.number.lo < 0)
    r.number.lo = 0;
  return r;
}

Component saturateComponent(const Context& k, const Component& x) {
  std::string unused;
  // max(0, min(1, x))
  return minMax(constant(k, x, 0), minMax(constant(k, x, 1), x, true, unused), false, unused);
}

NumberSet dotSet(const Context& k, const Component& like, const std::vector<Component>& a,
                 const std::vector<Component>& b) {
  // "sum of a[i] * b[i]": the products rounded in the model, then summed in every order the
  // hardware's dot-product instruction may use (CG-E5): the hull of the left-to-right sums of
  // every permutation and, for four terms, of the pairwise sum (a0 + a1) + (a2 + a3).
  NumericModel nm = k.of(like);
  std::vector<NumberSet> products;
  for (size_t i = 0; i < a.size(); ++i) products.push_back(nm.multiply(a[i].number, b[i].number));
  if (products.empty()) return NumberSet::point(0);
  std::vector<size_t> order(products.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::optional<NumberSet> out;
  do {
    NumberSet s = products[order[0]];
    for (size_t i = 1; i < order.size(); ++i) s = nm.add(s, products[order[i]]);
    out = out ? hull(*out, s) : s;
    if (order.size() == 4)
      out = hull(*out, nm.add(nm.add(products[order[0]], products[order[1]]),
                              nm.add(products[order[2]], products[order[3]])));
  } while (std::next_permutation(order.begin(), order.end()));
  return *out;
}

LibraryResult dot(const Context& k, const std::vector<EvalValue>& args) {
  LibraryResult out;
  if (args.size() != 2 || width(args[0]) != width(args[1]) || args[0].components.empty()) {
    out.error = "dot: two vectors of one size";
    return out;
  }
  const Component& like = args[0].components[0];
  out.value =
      EvalValue::scalar(number(like, dotSet(k, like, args[0].components, args[1].components)), "");
  return out;
}

Component sqrtOf(const Context& k, const Component& like, const NumberSet& x) {
  return number(like, accuracyRow(k, "sqrt", like, {x}));
}

LibraryResult length(const Context& k, const std::vector<EvalValue>& args) {
  LibraryResult out = dot(k, {args[0], args[0]});
  if (!out.error.empty()) return out;
  const Component& like = args[0].components[0];
  out.value.components[0] = sqrtOf(k, like, out.value.components[0].number);
  return out;
}

LibraryResult mul(const Context& k, const std::vector<EvalValue>& args) {
  LibraryResult out;
  if (args.size() != 2) {
    out.error = "mul: two arguments";
    return out;
  }
  const EvalValue &a = args[0], &b = args[1];
  // A vector is a row (on the left) or a column (on the right) of the product.
  int aRows = a.shape == EvalValue::Shape::Matrix ? a.rows : 1;
  int aCols = a.shape == EvalValue::Shape::Matrix ? a.columns : width(a);
  int bRows = b.shape == EvalValue::Shape::Matrix ? b.rows : width(b);
  int bCols = b.shape == EvalValue::Shape::Matrix ? b.columns : 1;
  if (aCols != bRows || a.components.empty()) {
    out.error = "mul: the inner sizes differ";
    return out;
  }
  const Component& like = a.components[0];
  out.value = a.shape == EvalValue::Shape::Matrix && b.shape == EvalValue::Shape::Matrix ? a : b;
  out.value.rows = aRows;
  out.value.columns = bCols;
  out.value.shape = EvalValue::Shape::Matrix;
  if (a.shape != EvalValue::Shape::Matrix || b.shape != EvalValue::Shape::Matrix) {
    out.value.shape = EvalValue::Shape::Vector;
    out.value.rows = 1;
    out.value.columns = a.shape == EvalValue::Shape::Matrix ? aRows : bCols;
  }
  out.value.components.clear();
  for (int i = 0; i < aRows; ++i)
    for (int j = 0; j < bCols; ++j) {
      std::vector<Component> row, column;
      for (int x = 0; x < aCols; ++x) {
        row.push_back(a.components[i * aCols + x]);
        column.push_back(b.components[x * bCols + j]);
      }
      out.value.components.push_back(number(like, dotSet(k, like, row, column)));
    }
  return out;
}

LibraryResult cross(const Context& k, const std::vector<EvalValue>& args) {
  LibraryResult out;
  if (args.size() != 2 || width(args[0]) != 3 || width(args[1]) != 3) {
    out.error = "cross: two 3-component vectors";
    return out;
  }
  const auto &a = args[0].components, &b = args[1].components;
  NumericModel nm = k.of(a[0]);
  out.value = args[0];
  for (int i = 0; i < 3; ++i) {
    int j = (i + 1) % 3, l = (i + 2) % 3;
    out.value.components[i] = number(a[0], nm.subtract(nm.multiply(a[j].number, b[l].number),
                                                       nm.multiply(a[l].number, b[j].number)));
  }
  return out;
}

// --------------------------------------------------------- the manual's other pages (CG-E13)

// A set from a truth: 1 if true, 0 if false, [0, 1] if either (the manual's `float(x < 0)`).
NumberSet truthAsNumber(Truth t) {
  return t == Truth::True    ? NumberSet::point(1)
         : t == Truth::False ? NumberSet::point(0)
                             : NumberSet::range(0, 1);
}

// `c ? a : b` over sets: the selected one, or both (the hull) when the condition goes either
// way. The library's functions return one value, so the two arms are joined rather than
// explored; a superset of either execution.
NumberSet selectOn(Truth t, const NumberSet& a, const NumberSet& b) {
  return t == Truth::True ? a : t == Truth::False ? b : hull(a, b);
}

// The arithmetic of one model over sets, in the manual's notation (the reference
// implementations are written with these).
struct Arith {
  const Context& k;
  const Component& like;
  NumericModel nm() const { return k.of(like); }
  NumberSet c(double v) const { return nm().fromReal(v); }
  NumberSet add(const NumberSet& a, const NumberSet& b) const { return nm().add(a, b); }
  NumberSet sub(const NumberSet& a, const NumberSet& b) const { return nm().subtract(a, b); }
  NumberSet mul(const NumberSet& a, const NumberSet& b) const { return nm().multiply(a, b); }
  NumberSet div(const NumberSet& a, const NumberSet& b) const { return nm().divide(a, b); }
  NumberSet neg(const NumberSet& a) const { return nm().negate(a); }
  NumberSet abs(const NumberSet& a) const {
    std::string unused;
    return absComponent(k, number(like, a), unused).number;
  }
  NumberSet minOf(const NumberSet& a, const NumberSet& b) const {
    return selectSmaller(a, b, true);
  }
  NumberSet maxOf(const NumberSet& a, const NumberSet& b) const {
    return selectSmaller(a, b, false);
  }
  Truth less(const NumberSet& a, const NumberSet& b) const { return nm().compare("<", a, b); }
  Truth greater(const NumberSet& a, const NumberSet& b) const { return nm().compare(">", a, b); }
  NumberSet row(std::string_view wgsl, std::vector<NumberSet> xs) const {
    return accuracyRow(k, wgsl, like, xs);
  }
};

// The manual's acos and asin (Abramowitz and Stegun 4.4.45, "Absolute error <= 6.7e-5"):
// the polynomial in |x| times sqrt(1 - |x|), mirrored for a negative x.
NumberSet acosReference(const Arith& m, const NumberSet& x0) {
  NumberSet negate = truthAsNumber(m.less(x0, NumberSet::point(0)));
  NumberSet x = m.abs(x0);
  NumberSet ret = m.c(-0.0187293);
  ret = m.add(m.mul(ret, x), m.c(0.0742610));
  ret = m.sub(m.mul(ret, x), m.c(0.2121144));
  ret = m.add(m.mul(ret, x), m.c(1.5707288));
  ret = m.mul(ret, m.row("sqrt", {m.sub(m.c(1.0), x)}));
  ret = m.sub(ret, m.mul(m.mul(m.c(2), negate), ret));
  return m.add(m.mul(negate, m.c(3.14159265358979)), ret);
}
NumberSet asinReference(const Arith& m, const NumberSet& x0) {
  NumberSet negate = truthAsNumber(m.less(x0, NumberSet::point(0)));
  NumberSet x = m.abs(x0);
  NumberSet ret = m.c(-0.0187293);
  ret = m.add(m.mul(ret, x), m.c(0.0742610));
  ret = m.sub(m.mul(ret, x), m.c(0.2121144));
  ret = m.add(m.mul(ret, x), m.c(1.5707288));
  ret = m.sub(m.mul(m.c(3.14159265358979), m.c(0.5)),
              m.mul(m.row("sqrt", {m.sub(m.c(1.0), x)}), ret));
  return m.sub(ret, m.mul(m.mul(m.c(2), negate), ret));
}

// The manual's atan2 "as an approximation": a minimax polynomial of min/max on the first
// octant, then the octant's fix-ups.
NumberSet atan2Reference(const Arith& m, const NumberSet& y, const NumberSet& x) {
  NumberSet t3 = m.abs(x), t1 = m.abs(y);
  NumberSet t0 = m.maxOf(t3, t1);
  t1 = m.minOf(t3, t1);
  t3 = m.div(m.c(1), t0);
  t3 = m.mul(t1, t3);
  NumberSet t4 = m.mul(t3, t3);
  t0 = m.neg(m.c(0.013480470));
  t0 = m.add(m.mul(t0, t4), m.c(0.057477314));
  t0 = m.sub(m.mul(t0, t4), m.c(0.121239071));
  t0 = m.add(m.mul(t0, t4), m.c(0.195635925));
  t0 = m.sub(m.mul(t0, t4), m.c(0.332994597));
  t0 = m.add(m.mul(t0, t4), m.c(0.999995630));
  t3 = m.mul(t0, t3);
  t3 = selectOn(m.greater(m.abs(y), m.abs(x)), m.sub(m.c(1.570796327), t3), t3);
  t3 = selectOn(m.less(x, NumberSet::point(0)), m.sub(m.c(3.141592654), t3), t3);
  return selectOn(m.less(y, NumberSet::point(0)), m.neg(t3), t3);
}

// round: "The value returned by round() if the fractional portion of the operand is 0.5 is
// profile dependent": round-to-nearest up (`floor(a + 0.5)`, the addition in the model) or to
// even. Both monotone: the set's ends give the result's.
NumberSet roundSet(const Arith& m, const NumberSet& a) {
  if (a.undefined || !a.values) return a;
  NumberSet up = floorSet(m.add(a, m.c(0.5)));
  NumberSet even = a;
  even.lo = std::nearbyint(a.lo), even.hi = std::nearbyint(a.hi);
  NumberSet out = hull(up, m.nm().convert(even));  // fixed: round(1.9) = 2 saturates
  out.nan = a.nan || up.nan;
  return out;
}

// sign: `(a > 0) - (a < 0)`; a NaN gives 0 by that formula and "ideally" NaN: both.
NumberSet signSet(const Arith& m, const NumberSet& a) {
  if (a.undefined) return NumberSet::any();
  NumberSet out = m.sub(truthAsNumber(m.greater(a, NumberSet::point(0))),
                        truthAsNumber(m.less(a, NumberSet::point(0))));
  if (a.nan) out.nan = true, out = hull(out, NumberSet::point(0));
  return out;
}

// fmod: "the remainder of x divided by y with the same sign as x"; "If y is zero, the result is
// implementation-defined": any value. The reference implementation (frac(abs(x / y)) *
// abs(y), negated for a negative x) in the model, and C's exact remainder (representable).
NumberSet fmodSet(const Arith& m, const NumberSet& x, const NumberSet& y) {
  if (x.undefined || y.undefined || (y.values && y.lo <= 0 && y.hi >= 0)) return NumberSet::any();
  NumberSet q = m.abs(m.div(x, y));
  NumberSet c = m.mul(m.sub(q, floorSet(q)), m.abs(y));
  NumberSet reference = selectOn(m.less(x, NumberSet::point(0)), m.neg(c), c);
  if (!x.values || !y.values) return reference;
  NumberSet exact;
  if (x.isPoint() && y.isPoint() && std::isfinite(x.lo) && std::isfinite(y.lo)) {
    exact = NumberSet::point(std::fmod(x.lo, y.lo));
  } else {
    // |fmod(x, y)| < |y| with x's sign: the range such a remainder covers.
    double bound = std::max(std::fabs(y.lo), std::fabs(y.hi));
    exact = NumberSet::range(x.lo < 0 ? -bound : 0, x.hi > 0 ? bound : 0);
    exact.nan = std::isinf(x.lo) || std::isinf(x.hi);
  }
  exact.nan |= x.nan || y.nan;
  return hull(reference, m.nm().convert(exact));
}

// isnan: `s != s` (IEEE 754: only a NaN differs from itself).
Component isnanOf(const Component& a) {
  if (a.kind != ComponentKind::Number || a.number.undefined) return Component::anyBool();
  const NumberSet& s = a.number;
  if (!s.nan) return Component::boolean(false);
  return s.values ? Component::anyBool() : Component::boolean(true);
}

// isinf: the description ("a (negative or positive) infinite value") and the reference
// `(2 * s == s) && (s != 0)` evaluated in the model, which differ where the model saturates
// (fixed: 2 * -2 saturates to -2): the union of both answers.
Component isinfOf(const Context& k, const Component& a) {
  if (a.kind != ComponentKind::Number || a.number.undefined) return Component::anyBool();
  const NumberSet& s = a.number;
  NumericModel nm = k.of(a);
  bool canTrue = false, canFalse = s.nan;
  if (s.values) {
    bool infinite = std::isinf(s.lo) || std::isinf(s.hi);
    bool finite = !(s.lo == s.hi && std::isinf(s.lo));
    canTrue |= infinite, canFalse |= finite;
    Truth doubled = nm.compare("==", nm.multiply(nm.fromReal(2), s), s);
    Truth nonzero = nm.compare("!=", s, NumberSet::point(0));
    if (doubled != Truth::False && nonzero != Truth::False) canTrue = true;
    if (doubled != Truth::True || nonzero != Truth::True) canFalse = true;
  }
  Component out = Component::boolean(canTrue);
  out.canFalse = canFalse;
  return out;
}

// The components of a matrix argument as a row-major grid.
bool squareMatrix(const EvalValue& a, int& n) {
  n = a.rows;
  return a.shape == EvalValue::Shape::Matrix && a.rows == a.columns && n >= 1 && n <= 4;
}

// determinant: the manual's cofactor formulas, each `dot` summed in any order (CG-E5).
NumberSet determinantSet(const Context& k, const EvalValue& a) {
  const Component& like = a.components[0];
  Arith m{k, like};
  auto at = [&](int r, int c) { return a.at(r, c).number; };
  auto comps = [&](std::vector<NumberSet> xs) {
    std::vector<Component> out;
    for (const NumberSet& x : xs) out.push_back(number(like, x));
    return out;
  };
  int n = a.rows;
  if (n == 1) return at(0, 0);
  if (n == 2) return m.sub(m.mul(at(0, 0), at(1, 1)), m.mul(at(0, 1), at(1, 0)));
  if (n == 3) {
    // dot(A._m00_m01_m02, A._m11_m12_m10 * A._m22_m20_m21 - A._m12_m10_m11 * A._m21_m22_m20)
    std::vector<NumberSet> cof;
    for (int j = 0; j < 3; ++j) {
      int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      cof.push_back(m.sub(m.mul(at(1, j1), at(2, j2)), m.mul(at(1, j2), at(2, j1))));
    }
    return dotSet(k, like, comps({at(0, 0), at(0, 1), at(0, 2)}), comps(cof));
  }
  // 4x4: dot(float4(1,-1,1,-1) * row 0, the sum of three products of rotated rows).
  auto rot = [&](int r, int s) {  // A._m{r}{s}_m{r}{s+1}... : row r rotated by s
    std::vector<NumberSet> v;
    for (int j = 0; j < 4; ++j) v.push_back(at(r, (j + s) % 4));
    return v;
  };
  auto times = [&](const std::vector<NumberSet>& x, const std::vector<NumberSet>& y) {
    std::vector<NumberSet> v;
    for (int j = 0; j < 4; ++j) v.push_back(m.mul(x[j], y[j]));
    return v;
  };
  auto minus = [&](const std::vector<NumberSet>& x, const std::vector<NumberSet>& y) {
    std::vector<NumberSet> v;
    for (int j = 0; j < 4; ++j) v.push_back(m.sub(x[j], y[j]));
    return v;
  };
  auto plus = [&](const std::vector<NumberSet>& x, const std::vector<NumberSet>& y) {
    std::vector<NumberSet> v;
    for (int j = 0; j < 4; ++j) v.push_back(m.add(x[j], y[j]));
    return v;
  };
  std::vector<NumberSet> t1 =
      times(rot(1, 1), minus(times(rot(2, 2), rot(3, 3)), times(rot(2, 3), rot(3, 2))));
  std::vector<NumberSet> t2 =
      times(rot(1, 2), minus(times(rot(2, 3), rot(3, 1)), times(rot(2, 1), rot(3, 3))));
  std::vector<NumberSet> t3 =
      times(rot(1, 3), minus(times(rot(2, 1), rot(3, 2)), times(rot(2, 2), rot(3, 1))));
  std::vector<NumberSet> signs = {m.c(1), m.c(-1), m.c(1), m.c(-1)};
  return dotSet(k, like, comps(times(signs, rot(0, 0))), comps(plus(plus(t1, t2), t3)));
}

// Each component of a value whose components are numbers (the new rows take floating types:
// the checker converts an int argument to the overload's float, half or fixed).
bool allNumbers(const std::vector<EvalValue>& args) {
  for (const EvalValue& a : args) {
    if (!a.isNumeric() || a.components.empty()) return false;
    for (const Component& c : a.components)
      if (c.kind != ComponentKind::Number) return false;
  }
  return true;
}

// The rows of this section, or nullopt when `e` is not one of them.
std::optional<LibraryResult> callManualRow(const Context& k, std::string_view e,
                                           const std::vector<EvalValue>& args) {
  static const std::set<std::string_view> kNames = {
      "acos",    "asin",    "atan",        "atan2",     "cosh",        "sinh",  "tanh",
      "tan",     "log10",   "degrees",     "radians",   "round",       "sign",  "fmod",
      "reflect", "refract", "faceforward", "transpose", "determinant", "isnan", "isinf",
      "all",     "any",     "fma",         "clip"};
  if (!kNames.count(e)) return std::nullopt;
  LibraryResult bad;
  auto fail = [&](const std::string& why) {
    bad.error = std::string(e) + ": " + why;
    return bad;
  };
  if (e == "all" || e == "any") {
    if (args.size() != 1 || !args[0].isNumeric()) return fail("one bool or boolN argument");
    bool all = e == "all";
    // all: a.x && a.y && ...; any: a.x || a.y || ... over the components' possible values.
    bool canTrue = all, canFalse = !all;
    for (const Component& c : args[0].components) {
      bool t = c.kind == ComponentKind::Bool ? c.canTrue : true;
      bool f = c.kind == ComponentKind::Bool ? c.canFalse : true;
      if (c.kind == ComponentKind::Number && !c.number.undefined && !c.number.nan)
        t = c.number.hi != 0 || c.number.lo != 0, f = c.number.lo <= 0 && c.number.hi >= 0;
      if (all)
        canTrue = canTrue && t, canFalse = canFalse || f;
      else
        canTrue = canTrue || t, canFalse = canFalse && f;
    }
    Component r = Component::boolean(canTrue);
    r.canFalse = canFalse;
    LibraryResult out;
    out.value = EvalValue::scalar(r, "bool");
    return out;
  }
  if (!allNumbers(args)) return fail("floating arguments expected");
  if (e == "clip") {
    // The condition of the manual's `if (any(x < 0)) discard;`; the evaluator discards.
    if (args.size() != 1) return fail("one argument");
    bool canTrue = false, canFalse = true;
    for (const Component& c : args[0].components) {
      Truth t = k.of(c).compare("<", c.number, NumberSet::point(0));
      canTrue |= t != Truth::False;
      canFalse &= t != Truth::True;
    }
    Component r = Component::boolean(canTrue);
    r.canFalse = canFalse;
    LibraryResult out;
    out.value = EvalValue::scalar(r, "bool");
    return out;
  }
  if (e == "transpose") {
    if (args.size() != 1 || args[0].shape != EvalValue::Shape::Matrix) return fail("one matrix");
    const EvalValue& a = args[0];
    LibraryResult out;
    out.value = a;
    out.value.rows = a.columns, out.value.columns = a.rows;
    out.value.components.clear();
    for (int r = 0; r < a.columns; ++r)
      for (int c = 0; c < a.rows; ++c) out.value.components.push_back(a.at(c, r));
    return out;
  }
  if (e == "determinant") {
    int n = 0;
    if (args.size() != 1 || !squareMatrix(args[0], n)) return fail("one square matrix");
    LibraryResult out;
    const Component& like = args[0].components[0];
    out.value = EvalValue::scalar(number(like, determinantSet(k, args[0])), "");
    return out;
  }
  if (e == "reflect" || e == "refract" || e == "faceforward") {
    size_t arity = e == "reflect" ? 2 : 3;
    if (args.size() != arity || width(args[0]) != width(args[1]))
      return fail("vectors of one size");
    const Component& like = args[0].components[0];
    Arith m{k, like};
    const auto &i = args[0].components, &n = args[1].components;
    LibraryResult out;
    out.value = args[0];
    if (e == "reflect") {
      // i - 2.0 * n * dot(n, i)
      NumberSet d = dotSet(k, like, n, i);
      for (size_t j = 0; j < i.size(); ++j)
        out.value.components[j] =
            number(like, m.sub(i[j].number, m.mul(m.mul(m.c(2), n[j].number), d)));
      return out;
    }
    if (e == "faceforward") {
      // dot(i, ng) < 0 ? n : -n (faceforward(N, I, Ng): the first argument is returned).
      if (width(args[2]) != width(args[0])) return fail("vectors of one size");
      Truth t =
          m.less(dotSet(k, like, args[1].components, args[2].components), NumberSet::point(0));
      for (size_t j = 0; j < i.size(); ++j)
        out.value.components[j] = number(like, selectOn(t, i[j].number, m.neg(i[j].number)));
      return out;
    }
    // refract(i, n, eta): cosi = dot(-i, n); cost2 = 1 - eta * eta * (1 - cosi * cosi);
    // t = eta * i + ((eta * cosi - sqrt(abs(cost2))) * n); t * (cost2 > 0)
    if (width(args[2]) != 1) return fail("eta is a scalar");
    NumberSet eta = args[2].components[0].number;
    std::vector<Component> minusI;
    for (const Component& c : i) minusI.push_back(number(like, m.neg(c.number)));
    NumberSet cosi = dotSet(k, like, minusI, n);
    NumberSet cost2 = m.sub(m.c(1), m.mul(m.mul(eta, eta), m.sub(m.c(1), m.mul(cosi, cosi))));
    NumberSet scale = m.sub(m.mul(eta, cosi), m.row("sqrt", {m.abs(cost2)}));
    NumberSet keep = truthAsNumber(m.greater(cost2, NumberSet::point(0)));
    for (size_t j = 0; j < i.size(); ++j)
      out.value.components[j] =
          number(like, m.mul(m.add(m.mul(eta, i[j].number), m.mul(scale, n[j].number)), keep));
    return out;
  }
  size_t arity = e == "atan2" || e == "fmod" ? 2 : e == "fma" ? 3 : 1;
  if (args.size() != arity) return fail(std::to_string(arity) + " arguments expected");
  ComponentFn fn = [e](const Context& c, const std::vector<Component>& x, std::string&) {
    const Component& like = x[0];
    Arith m{c, like};
    const NumberSet& a = x[0].number;
    auto withRow = [&](const NumberSet& reference, std::string_view wgsl) {
      std::vector<NumberSet> xs;
      for (const Component& v : x) xs.push_back(v.number);
      return number(like, hull(reference, m.row(wgsl, xs)));
    };
    if (e == "isnan") return isnanOf(like);
    if (e == "isinf") return isinfOf(c, like);
    if (e == "acos") return withRow(acosReference(m, a), "acos");
    if (e == "asin") return withRow(asinReference(m, a), "asin");
    if (e == "atan") return withRow(atan2Reference(m, a, m.c(1)), "atan");
    if (e == "atan2") return withRow(atan2Reference(m, a, x[1].number), "atan2");
    if (e == "cosh" || e == "sinh") {
      NumberSet p = m.row("exp", {a}), q = m.row("exp", {m.neg(a)});
      NumberSet sum = e == "cosh" ? m.add(p, q) : m.sub(p, q);
      return withRow(m.mul(m.c(0.5), sum), e);
    }
    if (e == "tanh") {
      NumberSet t = m.row("exp", {m.mul(m.c(2), a)});
      return withRow(m.div(m.sub(t, m.c(1)), m.add(t, m.c(1))), "tanh");
    }
    if (e == "tan") return withRow(m.div(m.row("sin", {a}), m.row("cos", {a})), "tan");
    if (e == "log10") {
      // ANSI C's log10: log2's set scaled (each rounding in the model), or the correctly
      // rounded value at the set's ends (log10 is monotone).
      NumberSet viaLog2 = m.mul(m.row("log2", {a}), m.c(0.30102999566398119521));
      if (a.undefined || !a.values || a.lo < 0 || a.nan || !viaLog2.values)
        return number(like, viaLog2);
      return number(like, hull(viaLog2, m.nm().fromRealRange(std::log10(a.lo), std::log10(a.hi))));
    }
    if (e == "degrees" || e == "radians") {
      // `c * a` with the manual's constant (57.29577951, 0.017453292) or any other within two
      // binary32 ulps of the exact ratio (cgc 3.1 folds radians(1) to 0.0174532905, one ulp
      // below 180/pi's nearest; CG-E13).
      bool deg = e == "degrees";
      double exact = deg ? 57.295779513082322865 : 0.017453292519943295474;
      NumberSet constant = hull(m.c(deg ? 57.29577951 : 0.017453292),
                                m.nm().fromRealRange(exact * (1 - 0x1p-22), exact * (1 + 0x1p-22)));
      return number(like, m.mul(constant, a));
    }
    if (e == "round") return number(like, roundSet(m, a));
    if (e == "sign") return number(like, signSet(m, a));
    if (e == "fmod") return number(like, fmodSet(m, a, x[1].number));
    // fma: fused (NV_gpu_program5's FMA) or, as the profile may compute it, a multiply then an
    // add: both.
    NumericModel nm = m.nm();
    return number(like, hull(nm.fusedMultiplyAdd(a, x[1].number, x[2].number),
                             nm.add(nm.multiply(a, x[1].number), x[2].number)));
  };
  return componentWise(k, args, fn);
}

// The pages issue 21 added (isfinite, ldexp, frexp, lit, noise, pack_*, unpack_*;
// docs/ambiguities.md CG-E16).

// The field values a packed component may take (each a bit field of `bits` bits): empty when
// there are too many to list (a range of inputs, a NaN), which makes the packed result any.
std::vector<uint32_t> packedFields(const Context& k, std::string_view e, const Component& c) {
  const NumberSet& x = c.number;
  if (!x.isPoint()) return {};
  if (e == "pack_2half") {
    // `(half)a.x`: the value in the fp16 model (rounded to nearest; a subnormal or its flushed
    // zero), each alternative exactly on the grid.
    NumberSet h = NumericModel(Model::Fp16, k.strict).fromReal(x.lo);
    if (h.undefined || h.nan || !h.values) return {};
    std::vector<uint32_t> out = {f16Bits(h.lo)};
    if (h.hi != h.lo) out.push_back(f16Bits(h.hi));
    return out;
  }
  // round(scale * clamp(a, lo, 1) + offset), the rounding of a half either way (round's page).
  double scale = e == "pack_2ushort" ? 65535 : e == "pack_4ubyte" ? 255 : 127;
  double lower = e == "pack_4byte" ? -128.0 / 127.0 : 0, offset = e == "pack_4byte" ? 128 : 0;
  double v = scale * std::clamp(x.lo, lower, 1.0) + offset;
  double fl = std::floor(v);
  std::vector<uint32_t> out;
  if (v - fl < 0.5 || v - fl == 0.5) out.push_back(static_cast<uint32_t>(fl));
  if (v - fl > 0.5 || v - fl == 0.5) out.push_back(static_cast<uint32_t>(fl + 1));
  return out;
}

// A 32-bit pattern as the float it is (a NaN pattern: NaN).
NumberSet floatOfBits(uint32_t bits) {
  float f = std::bit_cast<float>(bits);
  return std::isnan(f) ? NumberSet::nanOnly() : NumberSet::point(f);
}

LibraryResult packCall(const Context& k, std::string_view e, const EvalValue& a) {
  LibraryResult out;
  int fields = e == "pack_2half" || e == "pack_2ushort" ? 2 : 4;
  if (width(a) != fields) {
    out.error = std::string(e) + ": " + std::to_string(fields) + " components expected";
    return out;
  }
  int shift = 32 / fields;
  // Every pattern the fields' alternatives give (at most 2^4), x in the low bits.
  std::vector<uint32_t> patterns = {0};
  bool any = false;
  for (int i = 0; i < fields && !any; ++i) {
    std::vector<uint32_t> f = packedFields(k, e, a.components[i]);
    if (f.empty()) any = true;
    std::vector<uint32_t> next;
    for (uint32_t p : patterns)
      for (uint32_t v : f) next.push_back(p | (v << (shift * i)));
    patterns = next;
  }
  NumberSet r;
  if (any) {
    r = NumberSet::any();
  } else {
    r = floatOfBits(patterns[0]);
    for (uint32_t p : patterns) r = hull(r, floatOfBits(p));
  }
  out.value = EvalValue::scalar(Component::ofNumber(Model::Fp32, r), "float");
  return out;
}

LibraryResult unpackCall(const Context& k, std::string_view e, const EvalValue& a) {
  LibraryResult out;
  if (width(a) != 1) {
    out.error = std::string(e) + ": one float expected";
    return out;
  }
  const NumberSet& x = a.components[0].number;
  bool half = e != "unpack_2ushort";
  int fields = e == "unpack_2half" || e == "unpack_2ushort" ? 2 : 4;
  NumericModel nm(half ? Model::Fp16 : Model::Fp32, k.strict);
  out.value.shape = EvalValue::Shape::Vector;
  out.value.columns = fields;
  for (int i = 0; i < fields; ++i) {
    NumberSet v;
    // A set of patterns (a range of floats, a NaN whose payload is unknown): every value the
    // field can encode.
    if (!x.isPoint()) {
      v = e == "unpack_2half"   ? NumberSet{-kInfinity, kInfinity, true, true, false}
          : e == "unpack_4byte" ? nm.fromRealRange(-128.0 / 127.0, 1)
                                : nm.fromRealRange(0, 1);
    } else {
      uint32_t bits = std::bit_cast<uint32_t>(static_cast<float>(x.lo));
      uint32_t field = (bits >> ((32 / fields) * i)) & (fields == 2 ? 0xFFFFu : 0xFFu);
      if (e == "unpack_2half") {
        double h = f16FromBits(static_cast<uint16_t>(field));
        v = std::isnan(h) ? NumberSet::nanOnly() : NumberSet::point(h);
      } else if (e == "unpack_2ushort") {
        v = nm.fromReal(field / 65535.0);
      } else if (e == "unpack_4byte") {
        v = nm.fromReal((static_cast<double>(field) - 128) / 127.0);
      } else {
        v = nm.fromReal(field / 255.0);
      }
    }
    out.value.components.push_back(Component::ofNumber(nm.model(), v));
  }
  return out;
}

// frexp: ANSI C's, x = m * 2^e with |m| in [0.5, 1) and 0 for 0; an infinity or a NaN comes
// back unchanged with any exponent (C leaves it unspecified).
std::pair<NumberSet, IntSet> frexpSet(const Arith& m, const NumberSet& x) {
  if (x.undefined) return {NumberSet::any(), IntSet::any()};
  if (x.isPoint() && std::isfinite(x.lo)) {
    int e = 0;
    double f = std::frexp(x.lo, &e);
    return {m.nm().convert(NumberSet::point(f)), IntSet::of(e)};
  }
  NumberSet mant = x;
  if (x.values) {
    mant.lo = x.lo < 0 ? -1 : 0, mant.hi = x.hi > 0 ? 1 : 0;
    if (std::isinf(x.lo) || std::isinf(x.hi)) mant = hull(mant, x);
  }
  return {mant, IntSet::any()};
}

// lit's specular term: pow(max(0, NdotH), m) where NdotL > 0 (the reference code) or NdotL >=
// 0 and NdotH >= 0 (the description), else 0: the arms of both conditions joined.
NumberSet litSpecular(const Arith& m, const NumberSet& nl, const NumberSet& nh,
                      const NumberSet& power) {
  NumberSet p = m.row("pow", {m.maxOf(NumberSet::point(0), nh), power});
  Truth code = m.greater(nl, NumberSet::point(0));
  Truth text = m.nm().compare(">=", nl, NumberSet::point(0));
  Truth textH = m.nm().compare(">=", nh, NumberSet::point(0));
  if (text == Truth::True && textH != Truth::True) text = textH;
  if (textH == Truth::False) text = Truth::False;
  NumberSet a = selectOn(code, p, NumberSet::point(0)), b = selectOn(text, p, NumberSet::point(0));
  return hull(a, b);
}

// floatToIntBits, floatToRawIntBits, intBitsToFloat: the union's reinterpretation (their
// pages' ANSI C). A set of more than one float (or an undefined int) gives any result; a raw
// NaN's payload is not kept: any int. A subnormal result may be read flushed (CG-E1): with 0.
LibraryResult bitCastCall(std::string_view name, const std::vector<EvalValue>& args) {
  LibraryResult out;
  if (args.size() != 1 || !args[0].isNumeric()) {
    out.error = std::string(name) + ": one argument expected";
    return out;
  }
  out.value = args[0];
  bool toFloat = name == "intBitsToFloat";
  for (Component& c : out.value.components) {
    if (toFloat) {
      if (c.kind != ComponentKind::Int) {
        out.error = std::string(name) + ": an int argument expected";
        return out;
      }
      NumberSet r = NumberSet::any();
      if (!c.integer.undefined) {
        r = floatOfBits(static_cast<uint32_t>(c.integer.value));
        if (r.isPoint() && r.lo != 0 && std::fabs(r.lo) < 0x1p-126)
          r = hull(r, NumberSet::point(0));
      }
      c = Component::ofNumber(Model::Fp32, r);
      continue;
    }
    if (c.kind != ComponentKind::Number) {
      out.error = std::string(name) + ": a float argument expected";
      return out;
    }
    const NumberSet& x = c.number;
    IntSet r = IntSet::any();
    if (!x.undefined && !x.values && x.nan && name == "floatToIntBits")
      r = IntSet::of(0x7fc00000);
    else if (x.isPoint())
      r = IntSet::of(std::bit_cast<int32_t>(static_cast<float>(x.lo)));
    c = Component::ofInt(r);
  }
  return out;
}

// inverse: the manual's 2x2 code (the adjugate's elements divided by determinant(A)) for every
// size, each cofactor the determinant of its minor as determinant's page computes it.
LibraryResult inverseCall(const Context& k, const std::vector<EvalValue>& args) {
  LibraryResult out;
  int n = 0;
  if (args.size() != 1 || !squareMatrix(args[0], n) || n < 2 || !allNumbers(args)) {
    out.error = "inverse: one square matrix of 2 to 4 rows expected";
    return out;
  }
  const EvalValue& a = args[0];
  const Component& like = a.components[0];
  Arith m{k, like};
  NumberSet det = determinantSet(k, a);
  out.value = a;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      EvalValue minor = a;
      minor.rows = minor.columns = n - 1;
      minor.components.clear();
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          if (i != r && j != c) minor.components.push_back(a.at(i, j));
      NumberSet cofactor = determinantSet(k, minor);
      if ((r + c) % 2) cofactor = m.neg(cofactor);
      // The adjugate is the cofactors' transpose.
      out.value.components[c * n + r] = number(like, m.div(cofactor, det));
    }
  return out;
}

// One gp5 bit function on 32-bit patterns (ARB_gpu_shader5's, whose instructions cgc 3.1
// emits: BFE, BFI). nullopt: any int (an undefined operand, an offset or width outside [0, 32],
// or the page's code and text disagreeing).
std::optional<int64_t> bitfieldOf(std::string_view name, bool isUnsigned,
                                  const std::vector<IntSet>& x) {
  for (const IntSet& v : x)
    if (v.undefined) return std::nullopt;
  uint32_t a = static_cast<uint32_t>(x[0].value);
  auto asValue = [&](uint32_t bits) -> int64_t {
    return isUnsigned ? static_cast<int64_t>(bits)
                      : static_cast<int64_t>(static_cast<int32_t>(bits));
  };
  if (name == "bitCount") return std::popcount(a);
  if (name == "findLSB") return a == 0 ? -1 : std::countr_zero(a);
  if (name == "findMSB") {
    // "If the number is negative then the position of the first zero bit is returned."
    uint32_t v = !isUnsigned && static_cast<int32_t>(a) < 0 ? ~a : a;
    return v == 0 ? -1 : 31 - std::countl_zero(v);
  }
  if (name == "bitfieldReverse") {
    uint32_t r = 0;
    for (int i = 0; i < 32; ++i)
      if (a & (1u << i)) r |= 1u << (31 - i);
    return asValue(r);
  }
  int64_t offset = x[name == "bitfieldExtract" ? 1 : 2].value;
  int64_t bits = x[name == "bitfieldExtract" ? 2 : 3].value;
  if (offset < 0 || bits < 0 || offset + bits > 32) return std::nullopt;
  uint32_t mask = bits == 32 ? 0xFFFFFFFFu : ((1u << bits) - 1);
  if (name == "bitfieldExtract") {
    if (bits == 0) return 0;
    uint32_t field = offset == 32 ? 0 : (a >> offset) & mask;
    // The text gives no sign extension; BFE.S sign-extends an int's field: the two agree when
    // the field's top bit is 0.
    if (!isUnsigned && bits < 32 && ((field >> (bits - 1)) & 1u)) return std::nullopt;
    return asValue(field);
  }
  // bitfieldInsert: the text (b's low d bits) and the code (b << c unmasked) agree when b fits.
  uint32_t b = static_cast<uint32_t>(x[1].value);
  if (bits < 32 && (b >> bits) != 0) return std::nullopt;
  if (bits == 0) return asValue(a);
  uint32_t placed = offset == 32 ? 0 : mask << offset;
  return asValue((a & ~placed) | (offset == 32 ? 0 : (b << offset) & placed));
}

LibraryResult bitfieldCall(std::string_view name, const std::vector<EvalValue>& args) {
  LibraryResult out;
  size_t arity = name == "bitfieldExtract" ? 3 : name == "bitfieldInsert" ? 4 : 1;
  if (args.size() != arity) {
    out.error = std::string(name) + ": " + std::to_string(arity) + " arguments expected";
    return out;
  }
  for (const EvalValue& a : args) {
    if (!a.isNumeric() || a.components.empty()) {
      out.error = std::string(name) + ": int arguments expected";
      return out;
    }
    for (const Component& c : a.components)
      if (c.kind != ComponentKind::Int) {
        out.error = std::string(name) + ": int arguments expected";
        return out;
      }
  }
  bool isUnsigned = args[0].type && args[0].type->scalar == Scalar::UInt;
  out.value = args[0];
  for (size_t i = 0; i < out.value.components.size(); ++i) {
    std::vector<IntSet> xs;
    for (const EvalValue& a : args)
      xs.push_back(a.components[a.components.size() == 1 ? 0 : i].integer);
    std::optional<int64_t> r = bitfieldOf(name, isUnsigned, xs);
    out.value.components[i] = Component::ofInt(r ? IntSet::of(*r) : IntSet::any());
  }
  return out;
}

std::optional<LibraryResult> callLaterPage(const Context& k, const LibraryRow& row,
                                           const std::vector<EvalValue>& args) {
  std::string_view e = row.evaluator;
  static const std::set<std::string_view> kLater = {"isfinite", "ldexp",   "frexp",  "lit",
                                                    "noise",    "pack",    "unpack", "bits",
                                                    "inverse",  "bitfield"};
  if (!kLater.count(e)) return std::nullopt;
  if (e == "bitfield") return bitfieldCall(row.name, args);
  if (e == "bits") return bitCastCall(row.name, args);
  if (e == "inverse") return inverseCall(k, args);
  LibraryResult bad;
  bad.error = std::string(row.name) + ": floating arguments expected";
  if (!allNumbers(args)) return bad;
  size_t arity = e == "ldexp" ? 2 : e == "lit" ? 3 : 1;
  if (args.size() != arity) {
    bad.error = std::string(row.name) + ": " + std::to_string(arity) + " arguments expected";
    return bad;
  }
  if (e == "pack") return packCall(k, row.name, args[0]);
  if (e == "unpack") return unpackCall(k, row.name, args[0]);
  const Component& like = args[0].components[0];
  Arith m{k, like};
  if (e == "noise") {
    // No page: any value in [-1, 1] of the argument's model (HLSL's and the Cg Tutorial's
    // Perlin noise range; cgc 3.1 folds it to 0).
    LibraryResult out;
    out.value = EvalValue::scalar(number(like, m.nm().fromRealRange(-1, 1)), "");
    return out;
  }
  if (e == "lit") {
    if (width(args[0]) != 1 || width(args[1]) != 1 || width(args[2]) != 1) return bad;
    const NumberSet &nl = args[0].components[0].number, &nh = args[1].components[0].number;
    LibraryResult out;
    out.value.shape = EvalValue::Shape::Vector;
    out.value.columns = 4;
    out.value.components = {constant(k, like, 1), number(like, m.maxOf(NumberSet::point(0), nl)),
                            number(like, litSpecular(m, nl, nh, args[2].components[0].number)),
                            constant(k, like, 1)};
    return out;
  }
  if (e == "frexp") {
    LibraryResult out;
    out.value = args[0];
    EvalValue exponent = args[0];
    for (size_t i = 0; i < args[0].components.size(); ++i) {
      auto [mant, ex] = frexpSet(Arith{k, args[0].components[i]}, args[0].components[i].number);
      out.value.components[i] = number(args[0].components[i], mant);
      exponent.components[i] = Component::ofInt(ex);
    }
    out.outs = {exponent};
    return out;
  }
  ComponentFn fn = [e](const Context& c, const std::vector<Component>& x, std::string&) {
    const Component& a = x[0];
    Arith am{c, a};
    if (e == "isfinite") {
      // The reference `(s == s) && ((s == 0) || (s != 2 * s))` in the model (fixed saturates:
      // 2 * -2 is -2, not finite by it) joined with the description's answer.
      if (a.number.undefined) return Component::anyBool();
      const NumberSet& s = a.number;
      bool canTrue = false, canFalse = s.nan;
      if (s.values) {
        canTrue |= !(s.lo == s.hi && std::isinf(s.lo));
        canFalse |= std::isinf(s.lo) || std::isinf(s.hi);
        NumericModel nm = c.of(a);
        Truth zero = nm.compare("==", s, NumberSet::point(0));
        Truth moved = nm.compare("!=", s, nm.multiply(nm.fromReal(2), s));
        if (zero != Truth::True && moved != Truth::True) canFalse = true;
        if (zero != Truth::False || moved != Truth::False) canTrue = true;
      }
      Component r = Component::boolean(canTrue);
      r.canFalse = canFalse;
      return r;
    }
    // ldexp: the reference x * exp2(n) (exp2 within its accuracy), or ANSI C's ldexp(x, (int)
    // n), x * 2^trunc(n) rounded once (cgc 3.1 folds ldexp(0.7, 3.5) to 5.6): both.
    const NumberSet &xv = a.number, &nv = x[1].number;
    NumberSet reference = am.mul(xv, am.row("exp2", {nv}));
    if (!xv.undefined && !nv.undefined && xv.values && nv.values && !xv.nan && !nv.nan &&
        std::isfinite(xv.lo) && std::isfinite(xv.hi) && std::fabs(nv.lo) < 4096 &&
        std::fabs(nv.hi) < 4096) {
      // x * 2^k is monotone in x and in k: its extremes are at the corners.
      double lo = kInfinity, hi = -kInfinity;
      for (double xc : {xv.lo, xv.hi})
        for (double nc : {nv.lo, nv.hi}) {
          double v = std::ldexp(xc, static_cast<int>(std::trunc(nc)));
          lo = std::min(lo, v), hi = std::max(hi, v);
        }
      reference = hull(reference, am.nm().fromRealRange(lo, hi));
    }
    return number(a, reference);
  };
  return componentWise(k, args, fn);
}

}  // namespace

int outParameterCount(const LibraryRow& row) {
  if (row.evaluator == "sincos") return 2;
  if (row.evaluator == "modf" || row.evaluator == "frexp") return 1;
  return 0;
}

std::span<const LibraryRow> libraryRows() {
  return kRows;
}

const LibraryRow* findLibraryRow(std::string_view name) {
  for (const LibraryRow& r : kRows)
    if (r.name == name) return &r;
  return nullptr;
}

int overloadCount(const LibraryRow& row) {
  // Each signature expands over the element types and, for each size variable it uses, its
  // alternatives.
  int types = static_cast<int>(
                  std::count(row.parameterization.begin(),
                             row.parameterization.begin() +
                                 row.parameterization.find(';') % (row.parameterization.size() + 1),
                             '|')) +
              1;
  int total = 0;
  size_t start = 0;
  std::string_view sig = row.signature;
  while (start < sig.size()) {
    size_t end = sig.find(';', start);
    std::string_view one =
        sig.substr(start, end == std::string_view::npos ? sig.size() - start : end - start);
    int n = types;
    bool hasN = one.find("Tn") != std::string_view::npos;
    bool hasM =
        one.find("xm") != std::string_view::npos || one.find("Tm") != std::string_view::npos;
    bool hasP = one.find("xp") != std::string_view::npos;
    int sizes = row.parameterization.find("1 | 2") != std::string_view::npos ? 4 : 3;
    if (hasN) n *= sizes;
    if (hasM) n *= 4;
    if (hasP) n *= 4;
    total += n;
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return total;
}

LibraryResult callLibrary(const LibraryRow& row, const std::vector<EvalValue>& args,
                          bool strictIeee) {
  Context k{strictIeee};
  std::string_view e = row.evaluator;
  LibraryResult bad;
  bad.error = std::string(row.name) + ": no arguments";
  if (args.empty()) return bad;
  if (e == "dot") return dot(k, args);
  if (e == "length") return length(k, args);
  if (e == "mul") return mul(k, args);
  if (e == "cross") return cross(k, args);
  if (std::optional<LibraryResult> r = callManualRow(k, e, args)) return *r;
  if (std::optional<LibraryResult> r = callLaterPage(k, row, args)) return *r;
  if (e == "sincos" || e == "modf") {
    if (args.size() != 1) {
      bad.error = std::string(row.name) + ": one in argument expected";
      return bad;
    }
    auto each = [&](auto fn) {
      return componentWise(k, args,
                           [&](const Context& c, const std::vector<Component>& x, std::string&) {
                             return fn(c, x[0]);
                           });
    };
    LibraryResult out;
    if (e == "sincos") {
      // The manual's sincos: "s = sin(x); c = cos(x)" (each within sin's and cos's accuracy).
      LibraryResult s = each([](const Context& c, const Component& x) {
        return number(x, accuracyRow(c, "sin", x, {x.number}));
      });
      LibraryResult co = each([](const Context& c, const Component& x) {
        return number(x, accuracyRow(c, "cos", x, {x.number}));
      });
      if (!s.error.empty()) return s;
      out.outs = {s.value, co.value};
      out.value.shape = EvalValue::Shape::Void;
      out.value.typeName = "void";
      return out;
    }
    // modf: "ip = trunc(x); return x - ip" (the manual's reference implementation); an
    // infinite x gives ip = x and a NaN (x - x) or, as IEEE 754's modf, 0: both.
    LibraryResult ip =
        each([](const Context&, const Component& x) { return number(x, truncSet(x.number)); });
    if (!ip.error.empty()) return ip;
    out = componentWise(
        k, {args[0], ip.value},
        [](const Context& c, const std::vector<Component>& x, std::string&) {
          NumberSet f = c.of(x[0]).subtract(x[0].number, x[1].number);
          if (!x[0].number.undefined && (std::isinf(x[0].number.lo) || std::isinf(x[0].number.hi)))
            f = hull(f, NumberSet::point(0));
          return number(x[0], f);
        });
    out.outs = {ip.value};
    return out;
  }
  if (e == "distance") {
    if (args.size() != 2) return bad;
    LibraryResult d =
        componentWise(k, args, [](const Context& c, const std::vector<Component>& x, std::string&) {
          return number(x[0], c.of(x[0]).subtract(x[0].number, x[1].number));
        });
    if (!d.error.empty()) return d;
    return length(k, {d.value});
  }
  if (e == "normalize") {
    LibraryResult d = dot(k, {args[0], args[0]});
    if (!d.error.empty()) return d;
    const Component& like = args[0].components[0];
    NumberSet scale = accuracyRow(k, "inverseSqrt", like, {d.value.components[0].number});
    return componentWise(k, {args[0]},
                         [&](const Context& c, const std::vector<Component>& x, std::string&) {
                           return number(x[0], c.of(x[0]).multiply(scale, x[0].number));
                         });
  }
  ComponentFn fn;
  size_t arity = 1;
  if (e == "abs")
    fn = [](const Context& c, const std::vector<Component>& x, std::string& ub) {
      return absComponent(c, x[0], ub);
    };
  else if (e == "floor")
    fn = [](const Context&, const std::vector<Component>& x, std::string&) {
      return number(x[0], floorSet(x[0].number));
    };
  else if (e == "trunc")
    fn = [](const Context&, const std::vector<Component>& x, std::string&) {
      return number(x[0], truncSet(x[0].number));
    };
  else if (e == "ceil")
    fn = [](const Context& c, const std::vector<Component>& x, std::string&) {
      NumericModel nm = c.of(x[0]);
      return number(x[0], nm.negate(floorSet(nm.negate(x[0].number))));
    };
  else if (e == "frac")
    fn = [](const Context& c, const std::vector<Component>& x, std::string&) {
      return number(x[0], c.of(x[0]).subtract(x[0].number, floorSet(x[0].number)));
    };
  else if (e == "saturate")
    fn = [](const Context& c, const std::vector<Component>& x, std::string&) {
      return saturateComponent(c, x[0]);
    };
  else if (e == "min" || e == "max") {
    arity = 2;
    bool smaller = e == "min";
    fn = [smaller](const Context&, const std::vector<Component>& x, std::string& ub) {
      return minMax(x[0], x[1], smaller, ub);
    };
  } else if (e == "clamp") {
    arity = 3;
    // max(a, min(b, x))
    fn = [](const Context&, const std::vector<Component>& x, std::string& ub) {
      return minMax(x[1], minMax(x[2], x[0], true, ub), false, ub);
    };
  } else if (e == "lerp") {
    arity = 3;
    // a + w * (b - a)
    fn = [](const Context& c, const std::vector<Component>& x, std::string&) {
      NumericModel nm = c.of(x[0]);
      return number(x[0], nm.add(x[0].number,
                                 nm.multiply(x[2].number, nm.subtract(x[1].number, x[0].number))));
    };
  } else if (e == "mod") {
    arity = 2;
    // x - y * floor(x / y): GLSL's mod as cgc 3.1 compiles it (CGD-2), not fmod's truncation.
    fn = [](const Context& c, const std::vector<Component>& x, std::string&) {
      NumericModel nm = c.of(x[0]);
      NumberSet q = floorSet(nm.divide(x[0].number, x[1].number));
      return number(x[0], nm.subtract(x[0].number, nm.multiply(x[1].number, q)));
    };
  } else if (e == "step") {
    arity = 2;
    // x >= a ? 1 : 0; a comparison that may go either way gives [0, 1], a superset of {0, 1}.
    fn = [](const Context& c, const std::vector<Component>& x, std::string&) {
      Truth t = c.of(x[0]).compare(">=", x[1].number, x[0].number);
      double lo = t == Truth::True ? 1 : 0, hi = t == Truth::False ? 0 : 1;
      return number(x[0], NumberSet::range(lo, hi));
    };
  } else if (e == "smoothstep") {
    arity = 3;
    // t = saturate((x - a) / (b - a)); t * t * (3 - 2 * t)
    fn = [](const Context& c, const std::vector<Component>& x, std::string&) {
      NumericModel nm = c.of(x[0]);
      Component t =
          saturateComponent(c, number(x[0], nm.divide(nm.subtract(x[2].number, x[0].number),
                                                      nm.subtract(x[1].number, x[0].number))));
      NumberSet three = nm.fromReal(3), two = nm.fromReal(2);
      return number(x[0], nm.multiply(nm.multiply(t.number, t.number),
                                      nm.subtract(three, nm.multiply(two, t.number))));
    };
  } else {
    // The accuracy rows, by their WGSL names.
    static const std::map<std::string_view, std::string_view> kWgsl = {
        {"cos", "cos"},           {"sin", "sin"},   {"exp", "exp"},
        {"exp2", "exp2"},         {"log", "log"},   {"log2", "log2"},
        {"rsqrt", "inverseSqrt"}, {"sqrt", "sqrt"}, {"pow", "pow"}};
    auto it = kWgsl.find(e);
    if (it == kWgsl.end()) {
      bad.error = std::string(row.name) + ": no evaluator";
      return bad;
    }
    arity = e == "pow" ? 2 : 1;
    std::string_view name = it->second;
    fn = [name](const Context& c, const std::vector<Component>& x, std::string&) {
      std::vector<NumberSet> xs;
      for (const Component& a : x) xs.push_back(a.number);
      return number(x[0], accuracyRow(c, name, x[0], xs));
    };
  }
  if (args.size() != arity) {
    bad.error = std::string(row.name) + ": " + std::to_string(arity) + " arguments expected";
    return bad;
  }
  return componentWise(k, args, fn);
}

}  // namespace plumb::cg
