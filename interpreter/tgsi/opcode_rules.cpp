// The seed's formulas (shared/seeds/001_*, "Instruction Set"), one function per opcode, each
// citing its section heading. The symbols are the seed's "Explanation of symbols used":
//   clamp(x,y,z) = (x < y) ? y : (x > z) ? z : x,  max(x,y) = (x > y) ? x : y,
//   min(x,y) = (x < y) ? x : y.
// Sums are evaluated left to right as written (it matters in the ieee32 mode only).
#include "interpreter/tgsi/opcode_rules.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <vector>

namespace plumb::tgsi {
namespace {

template <class A>
using V = typename A::V;

template <class A>
bool lt(const V<A>& a, const V<A>& b) {
  return A::compare(a, b) == -1;
}
template <class A>
bool gt(const V<A>& a, const V<A>& b) {
  return A::compare(a, b) == 1;
}
template <class A>
V<A> k(double d) {
  return A::constant(d);
}

// "Explanation of symbols used": the ternaries, so NaN behaviour follows operand order.
template <class A>
V<A> max(const V<A>& x, const V<A>& y) {
  return gt<A>(x, y) ? x : y;
}
template <class A>
V<A> min(const V<A>& x, const V<A>& y) {
  return lt<A>(x, y) ? x : y;
}
template <class A>
V<A> clamp(const V<A>& x, const V<A>& y, const V<A>& z) {
  return lt<A>(x, y) ? y : gt<A>(x, z) ? z : x;
}
template <class A>
Vec<A> splat(const V<A>& v) {
  return {v, v, v, v};
}
template <class A>
Vec<A> each(FloatArgs<A>& a, V<A> (*f)(const V<A>&, const V<A>&, const V<A>&)) {
  Vec<A> r;
  for (int c = 0; c < 4; ++c) r[c] = f(a.src[0][c], a.src[1][c], a.src[2][c]);
  return r;
}
#define EACH(body)                                                        \
  each<A>(a, [](const V<A>& s0, const V<A>& s1, const V<A>& s2) -> V<A> { \
    (void)s0, (void)s1, (void)s2;                                         \
    return body;                                                          \
  })

// ---- From GL_NV_vertex_program ----

// "ARL - Address Register Load": dst = floor(src) (written to ADDR as integers).
template <class A>
Vec<A> arl(FloatArgs<A>& a) {
  return EACH(A::floor(s0));
}
// "MOV - Move"
template <class A>
Vec<A> mov(FloatArgs<A>& a) {
  return a.src[0];
}
// "LIT - Light Coefficients": the unbalanced parenthesis of the seed read as
// max(src.y, 0)^clamp(src.w, -128, 128) (docs/ambiguities.md, TGSI-4).
template <class A>
Vec<A> lit(FloatArgs<A>& a) {
  const Vec<A>& s = a.src[0];
  V<A> z = gt<A>(s[0], k<A>(0)) ? A::transcendental(Transcendental::Pow, max<A>(s[1], k<A>(0)),
                                                    clamp<A>(s[3], k<A>(-128), k<A>(128)))
                                : k<A>(0);
  return {k<A>(1), max<A>(s[0], k<A>(0)), z, k<A>(1)};
}
// "RCP - Reciprocal": 1 / src.x replicated.
template <class A>
Vec<A> rcp(FloatArgs<A>& a) {
  return splat<A>(A::div(k<A>(1), a.src[0][0]));
}
// "RSQ - Reciprocal Square Root": 1 / sqrt(|src.x|).
template <class A>
Vec<A> rsq(FloatArgs<A>& a) {
  return splat<A>(A::rsqrt(A::abs(a.src[0][0])));
}
// "EXP - Approximate Exponential Base 2"
template <class A>
Vec<A> exp(FloatArgs<A>& a) {
  const V<A>& x = a.src[0][0];
  V<A> fl = A::floor(x);
  return {A::pow2(fl), A::sub(x, fl), A::transcendental(Transcendental::Exp2, x), k<A>(1)};
}
// "LOG - Approximate Logarithm Base 2"
template <class A>
Vec<A> log(FloatArgs<A>& a) {
  V<A> m = A::abs(a.src[0][0]);
  V<A> e = A::floorLog2(m);
  return {e, A::div(m, A::pow2(e)), A::transcendental(Transcendental::Log2, m), k<A>(1)};
}
// "MUL - Multiply", "ADD - Add", "SUB - Subtract"
template <class A>
Vec<A> mul(FloatArgs<A>& a) {
  return EACH(A::mul(s0, s1));
}
template <class A>
Vec<A> add(FloatArgs<A>& a) {
  return EACH(A::add(s0, s1));
}
template <class A>
Vec<A> sub(FloatArgs<A>& a) {
  return EACH(A::sub(s0, s1));
}
// "DP3 - 3-component Dot Product", "DP4", "DPH", "DP2", "DP2A"
// The seed writes a sum of products and no evaluation order or rounding (TGSI-10). In the
// binary32 modes a sum of products is a choice point between every evaluation by binary32
// operations (TGSI-19): the terms (the products and DPH's src1.w, DP2A's src2.x) added in any
// order and grouping, each product rounded or fused into an addition (llvmpipe uses several:
// fma(x.x, y.x, fma(x.y, y.y, x.z × y.z)) for DP3, a pairwise sum for DPH). The choice is made
// once per instruction, among the distinct results.
template <class A>
constexpr bool kRounds = !std::is_same_v<A, Exact>;

template <class A>
V<A> oneOf(FloatArgs<A>& a, const std::vector<V<A>>& values) {
  if (a.evaluation >= 0) return values[std::min<size_t>(a.evaluation, values.size() - 1)];
  bool same = true;
  for (const V<A>& v : values) same = same && A::identical(values[0], v);
  if (same) return values[0];
  a.evaluation = a.chooser.choose(static_cast<int>(values.size()));
  return values[a.evaluation];
}

// x × y + z: rounded product then rounded sum, or contracted (TGSI-19).
template <class A>
V<A> madd(FloatArgs<A>& a, const V<A>& x, const V<A>& y, const V<A>& z) {
  if constexpr (!kRounds<A>) return A::fma(x, y, z);
  return oneOf<A>(a, {A::add(A::mul(x, y), z), A::fma(x, y, z)});
}

// Every evaluation of a sum of terms by binary32 operations: two terms are combined at a time,
// in any order, by a rounded addition or, when one of them is a product not yet rounded, by a
// fused multiply-add. `out` collects the distinct results.
template <class A>
struct Term {
  V<A> x, y;   // a product x × y not yet evaluated, when `product`
  V<A> value;  // otherwise the term's value
  bool product;
};
template <class A>
void everySum(std::vector<Term<A>>& terms, std::vector<V<A>>& out) {
  if (terms.size() == 1) {
    const Term<A>& t = terms[0];
    V<A> v = t.product ? A::mul(t.x, t.y) : t.value;
    for (const V<A>& o : out)
      if (A::identical(o, v)) return;
    out.push_back(v);
    return;
  }
  for (size_t i = 0; i < terms.size(); ++i)
    for (size_t j = i + 1; j < terms.size(); ++j) {
      std::vector<Term<A>> rest;
      for (size_t k = 0; k < terms.size(); ++k)
        if (k != i && k != j) rest.push_back(terms[k]);
      auto valueOf = [](const Term<A>& t) { return t.product ? A::mul(t.x, t.y) : t.value; };
      std::vector<V<A>> combined = {A::add(valueOf(terms[i]), valueOf(terms[j]))};
      if (terms[i].product) combined.push_back(A::fma(terms[i].x, terms[i].y, valueOf(terms[j])));
      if (terms[j].product) combined.push_back(A::fma(terms[j].x, terms[j].y, valueOf(terms[i])));
      for (const V<A>& v : combined) {
        rest.push_back(Term<A>{v, v, v, false});
        everySum<A>(rest, out);
        rest.pop_back();
      }
    }
}

template <class A>
V<A> dot(FloatArgs<A>& a, const Vec<A>& x, const Vec<A>& y, int n, const V<A>* addend = nullptr) {
  V<A> sum = A::mul(x[0], y[0]);
  for (int c = 1; c < n; ++c) sum = A::add(sum, A::mul(x[c], y[c]));
  if (addend) sum = A::add(sum, *addend);
  if constexpr (!kRounds<A>) return sum;
  std::vector<Term<A>> terms;
  for (int c = 0; c < n; ++c) terms.push_back(Term<A>{x[c], y[c], x[c], true});
  if (addend) terms.push_back(Term<A>{*addend, *addend, *addend, false});
  std::vector<V<A>> values = {sum};  // as written first
  everySum<A>(terms, values);
  // Its own choice point (NRM and RFL have two sums, each evaluated its own way).
  return values.size() == 1 ? values[0] : values[a.chooser.choose(static_cast<int>(values.size()))];
}

template <class A>
Vec<A> dp3(FloatArgs<A>& a) {
  return splat<A>(dot<A>(a, a.src[0], a.src[1], 3));
}
template <class A>
Vec<A> dp4(FloatArgs<A>& a) {
  return splat<A>(dot<A>(a, a.src[0], a.src[1], 4));
}
template <class A>
Vec<A> dph(FloatArgs<A>& a) {
  return splat<A>(dot<A>(a, a.src[0], a.src[1], 3, &a.src[1][3]));
}
template <class A>
Vec<A> dp2(FloatArgs<A>& a) {
  return splat<A>(dot<A>(a, a.src[0], a.src[1], 2));
}
template <class A>
Vec<A> dp2a(FloatArgs<A>& a) {
  return splat<A>(dot<A>(a, a.src[0], a.src[1], 2, &a.src[2][0]));
}
// "DST - Distance Vector"
template <class A>
Vec<A> dst(FloatArgs<A>& a) {
  return {k<A>(1), A::mul(a.src[0][1], a.src[1][1]), a.src[0][2], a.src[1][3]};
}
// "MIN - Minimum", "MAX - Maximum"
template <class A>
Vec<A> minimum(FloatArgs<A>& a) {
  return EACH(min<A>(s0, s1));
}
template <class A>
Vec<A> maximum(FloatArgs<A>& a) {
  return EACH(max<A>(s0, s1));
}
// The set-on-compare opcodes: 1 or 0; a comparison with NaN is false (so SNE gives 1).
template <class A>
V<A> flag(bool b) {
  return k<A>(b ? 1 : 0);
}
template <class A>
Vec<A> slt(FloatArgs<A>& a) {
  return EACH(flag<A>(A::compare(s0, s1) == -1));
}
template <class A>
Vec<A> sge(FloatArgs<A>& a) {
  return EACH(flag<A>(A::compare(s0, s1) == 0 || A::compare(s0, s1) == 1));
}
template <class A>
Vec<A> sgt(FloatArgs<A>& a) {
  return EACH(flag<A>(A::compare(s0, s1) == 1));
}
template <class A>
Vec<A> sle(FloatArgs<A>& a) {
  return EACH(flag<A>(A::compare(s0, s1) == 0 || A::compare(s0, s1) == -1));
}
template <class A>
Vec<A> seq(FloatArgs<A>& a) {
  return EACH(flag<A>(A::compare(s0, s1) == 0));
}
template <class A>
Vec<A> sne(FloatArgs<A>& a) {
  return EACH(flag<A>(A::compare(s0, s1) != 0));
}
template <class A>
Vec<A> sfl(FloatArgs<A>&) {
  return splat<A>(k<A>(0));
}
template <class A>
Vec<A> str(FloatArgs<A>&) {
  return splat<A>(k<A>(1));
}
// "MAD - Multiply And Add": in the binary32 modes the product rounded before the sum, or
// contracted (TGSI-19).
template <class A>
Vec<A> mad(FloatArgs<A>& a) {
  Vec<A> r;
  for (int c = 0; c < 4; ++c) r[c] = madd<A>(a, a.src[0][c], a.src[1][c], a.src[2][c]);
  return r;
}
// "LRP - Linear Interpolate": src0 × (src1 − src2) + src2, the product and the sum contracted
// or not (TGSI-19).
template <class A>
Vec<A> lrp(FloatArgs<A>& a) {
  Vec<A> r;
  for (int c = 0; c < 4; ++c)
    r[c] = madd<A>(a, a.src[0][c], A::sub(a.src[1][c], a.src[2][c]), a.src[2][c]);
  return r;
}
// "CND - Condition": src2 > 0.5 selects src0.
template <class A>
Vec<A> cnd(FloatArgs<A>& a) {
  return EACH(gt<A>(s2, k<A>(0.5)) ? s0 : s1);
}
// "FRAC - Fraction", "FLR - Floor", "CEIL - Ceiling", "TRUNC - Truncate"
template <class A>
Vec<A> frac(FloatArgs<A>& a) {
  return EACH(A::sub(s0, A::floor(s0)));
}
template <class A>
Vec<A> flr(FloatArgs<A>& a) {
  return EACH(A::floor(s0));
}
template <class A>
Vec<A> ceil(FloatArgs<A>& a) {
  return EACH(A::ceil(s0));
}
template <class A>
Vec<A> trunc(FloatArgs<A>& a) {
  return EACH(A::trunc(s0));
}
// "CLAMP - Clamp"
template <class A>
Vec<A> clampRule(FloatArgs<A>& a) {
  return EACH(clamp<A>(s0, s1, s2));
}
// "ROUND - Round": the seed gives no tie rule, so a tie is a choice point between the even
// neighbour and the one away from zero (docs/ambiguities.md, TGSI-7).
template <class A>
V<A> round(const V<A>& x, Chooser& chooser) {
  if (!A::isTie(x)) {
    V<A> fl = A::floor(x);
    return lt<A>(A::sub(x, fl), k<A>(0.5)) ? fl : A::ceil(x);
  }
  V<A> fl = A::floor(x), ce = A::ceil(x);
  V<A> even = A::identical(A::floor(A::mul(fl, k<A>(0.5))), A::mul(fl, k<A>(0.5))) ? fl : ce;
  V<A> away = lt<A>(x, k<A>(0)) ? fl : ce;
  if (A::identical(even, away)) return even;
  return chooser.choose(2) == 0 ? even : away;
}
template <class A>
Vec<A> roundRule(FloatArgs<A>& a) {
  Vec<A> r;
  for (int c = 0; c < 4; ++c) r[c] = round<A>(a.src[0][c], a.chooser);
  return r;
}
// "EX2 - Exponential Base 2", "LG2 - Logarithm Base 2" (no absolute value, unlike LOG),
// "POW - Power": replicated scalars, correctly rounded.
template <class A>
Vec<A> ex2(FloatArgs<A>& a) {
  return splat<A>(A::transcendental(Transcendental::Exp2, a.src[0][0]));
}
template <class A>
Vec<A> lg2(FloatArgs<A>& a) {
  return splat<A>(A::transcendental(Transcendental::Log2, a.src[0][0]));
}
template <class A>
Vec<A> pow(FloatArgs<A>& a) {
  return splat<A>(A::transcendental(Transcendental::Pow, a.src[0][0], a.src[1][0]));
}
// "XPD - Cross Product"
template <class A>
Vec<A> xpd(FloatArgs<A>& a) {
  const Vec<A>& s0 = a.src[0];
  const Vec<A>& s1 = a.src[1];
  // a × b − c × d, either product contracted into the subtraction or neither (TGSI-19).
  auto cross = [&a](const V<A>& x, const V<A>& y, const V<A>& z, const V<A>& w) -> V<A> {
    V<A> plain = A::sub(A::mul(x, y), A::mul(z, w));
    if constexpr (!kRounds<A>) return plain;
    return oneOf<A>(
        a, {plain, A::fma(x, y, A::neg(A::mul(z, w))), A::fma(A::neg(z), w, A::mul(x, y))});
  };
  return {cross(s0[1], s1[2], s1[1], s0[2]), cross(s0[2], s1[0], s1[2], s0[0]),
          cross(s0[0], s1[1], s1[0], s0[1]), k<A>(1)};
}
// "ABS - Absolute"
template <class A>
Vec<A> abs(FloatArgs<A>& a) {
  return EACH(A::abs(s0));
}
// "RCC - Reciprocal Clamped": the seed's constants 5.42101e-020 and 1.884467e+019 are not the
// powers of two 2^-64 and 2^64 they stand for; both readings are allowed (TGSI-5).
template <class A>
V<A> rcc(const V<A>& x, const V<A>& lo, const V<A>& hi) {
  V<A> r = A::div(k<A>(1), x);
  return gt<A>(r, k<A>(0)) ? clamp<A>(r, lo, hi) : clamp<A>(r, A::neg(hi), A::neg(lo));
}
template <class A>
Vec<A> rccRule(FloatArgs<A>& a) {
  const V<A>& x = a.src[0][0];
  V<A> seed = rcc<A>(x, A::decimal("5.42101e-020"), A::decimal("1.884467e+019"));
  V<A> powers = rcc<A>(x, A::pow2(k<A>(-64)), A::pow2(k<A>(64)));
  if (A::identical(seed, powers)) return splat<A>(seed);
  return splat<A>(a.chooser.choose(2) == 0 ? seed : powers);
}
// "COS - Cosine", "SIN - Sine": the seed's dst.w reads src.w, the other components src.x;
// both readings of dst.w are allowed (TGSI-2).
template <class A>
Vec<A> trig(FloatArgs<A>& a, Transcendental f) {
  const Vec<A>& s = a.src[0];
  V<A> v = A::transcendental(f, s[0]);
  V<A> w = A::transcendental(f, s[3]);
  if (!A::identical(v, w) && a.chooser.choose(2) == 1) return {v, v, v, w};
  return splat<A>(v);
}
template <class A>
Vec<A> cos(FloatArgs<A>& a) {
  return trig<A>(a, Transcendental::Cos);
}
template <class A>
Vec<A> sin(FloatArgs<A>& a) {
  return trig<A>(a, Transcendental::Sin);
}
// "KILP - Predicated Discard": discard, unconditionally as written (TGSI-9).
template <class A>
Vec<A> kilp(FloatArgs<A>& a) {
  a.discard = true;
  return a.src[0];
}
// "KIL - Conditional Discard": any component < 0 (not NaN, not -0).
template <class A>
Vec<A> kil(FloatArgs<A>& a) {
  for (const V<A>& v : a.src[0])
    if (lt<A>(v, k<A>(0))) a.discard = true;
  return a.src[0];
}
// "NOP - No Operation"
template <class A>
Vec<A> nop(FloatArgs<A>& a) {
  return a.src[0];
}
// "RFL - Reflection Vector": 2 × dot(src0, src1) / dot(src0, src0) × src0 − src1, left to right.
template <class A>
Vec<A> rfl(FloatArgs<A>& a) {
  const Vec<A>& s0 = a.src[0];
  const Vec<A>& s1 = a.src[1];
  V<A> scale = A::div(A::mul(k<A>(2), dot<A>(a, s0, s1, 3)), dot<A>(a, s0, s0, 3));
  return {A::sub(A::mul(scale, s0[0]), s1[0]), A::sub(A::mul(scale, s0[1]), s1[1]),
          A::sub(A::mul(scale, s0[2]), s1[2]), k<A>(1)};
}
// "X2D - 2D Coordinate Transformation"
template <class A>
Vec<A> x2d(FloatArgs<A>& a) {
  const Vec<A>& s0 = a.src[0];
  const Vec<A>& s1 = a.src[1];
  const Vec<A>& s2 = a.src[2];
  V<A> x = A::add(A::add(s0[0], A::mul(s1[0], s2[0])), A::mul(s1[1], s2[1]));
  V<A> y = A::add(A::add(s0[1], A::mul(s1[0], s2[2])), A::mul(s1[1], s2[3]));
  return {x, y, x, y};
}

// ---- From GL_NV_vertex_program2 ----

// "ARR - Address Register Load With Round"
template <class A>
Vec<A> arr(FloatArgs<A>& a) {
  return roundRule<A>(a);
}
// "SSG - Set Sign"
template <class A>
Vec<A> ssg(FloatArgs<A>& a) {
  return EACH(gt<A>(s0, k<A>(0)) ? k<A>(1) : lt<A>(s0, k<A>(0)) ? k<A>(-1) : k<A>(0));
}
// "CMP - Compare": src0 < 0 selects src1 (NaN and -0 select src2).
template <class A>
Vec<A> cmp(FloatArgs<A>& a) {
  return EACH(lt<A>(s0, k<A>(0)) ? s1 : s2);
}
// "SCS - Sine Cosine": the second `dst.y = 1` read as dst.w = 1 (TGSI-1).
template <class A>
Vec<A> scs(FloatArgs<A>& a) {
  const V<A>& x = a.src[0][0];
  return {A::transcendental(Transcendental::Cos, x), A::transcendental(Transcendental::Sin, x),
          k<A>(0), k<A>(1)};
}
// "NRM - 3-component Vector Normalise", "NRM4": the seed divides by the squared length; the
// name (and D3D9's nrm) divide by the length. Both readings are allowed (TGSI-3).
template <class A>
Vec<A> normalise(FloatArgs<A>& a, int n) {
  const Vec<A>& s = a.src[0];
  V<A> d = dot<A>(a, s, s, n);
  Vec<A> literal, intended;
  bool same = true;
  for (int c = 0; c < 4; ++c) {
    if (c == 3 && n == 3) {
      literal[c] = intended[c] = k<A>(1);
      continue;
    }
    literal[c] = A::div(s[c], d);
    intended[c] = A::divSqrt(s[c], d);
    same = same && A::identical(literal[c], intended[c]);
  }
  return same || a.chooser.choose(2) == 0 ? literal : intended;
}
template <class A>
Vec<A> nrm(FloatArgs<A>& a) {
  return normalise<A>(a, 3);
}
template <class A>
Vec<A> nrm4(FloatArgs<A>& a) {
  return normalise<A>(a, 4);
}
// "DIV - Divide"
template <class A>
Vec<A> div(FloatArgs<A>& a) {
  return EACH(A::div(s0, s1));
}

// ---- From GL_NV_gpu_program4: integer words ----

Word pick(Chooser& chooser, uint32_t a, uint32_t b) {
  return Word::of(a == b || chooser.choose(2) == 0 ? a : b);
}
/// A convention the seed leaves open (SHR's kind of shift, MOD's sign): chosen once for the
/// instruction, where the two first give different words, and kept for every component (an
/// implementation evaluates the components of one instruction alike, as TGSI-19's orders).
struct Convention {
  Chooser& chooser;
  int chosen = -1;
  Word pick(uint32_t a, uint32_t b) {
    if (a == b) return Word::of(a);
    if (chosen < 0) chosen = chooser.choose(2);
    return Word::of(chosen == 0 ? a : b);
  }
};
int32_t s32(uint32_t v) {
  return static_cast<int32_t>(v);
}

// "I2F - Integer To Float": the word read as a signed integer; `(float)` is C's conversion,
// which gives the nearest higher or lower binary32 value when the integer has more than 24
// significant bits: both are allowed (TGSI-13).
Register i2f(const std::array<Register, 3>& s, Chooser& chooser) {
  Register r;
  for (int c = 0; c < 4; ++c) {
    if (s[0][c].kind != Word::Kind::Bits) {
      r[c] = Word::any();
      continue;
    }
    int32_t v = s32(s[0][c].bits);
    float nearest = static_cast<float>(v);  // to nearest, ties to even
    float other = nearest;
    if (static_cast<double>(nearest) != static_cast<double>(v))
      other = std::nextafter(nearest, static_cast<double>(v) > nearest ? INFINITY : -INFINITY);
    uint32_t a, b;
    std::memcpy(&a, &nearest, sizeof a);
    std::memcpy(&b, &other, sizeof b);
    r[c] = pick(chooser, a, b);
  }
  return r;
}
// "NOT - Bitwise Not", "AND", "OR", "XOR"
template <uint32_t (*F)(uint32_t, uint32_t)>
Register bitwise(const std::array<Register, 3>& s, Chooser&) {
  Register r;
  for (int c = 0; c < 4; ++c)
    r[c] = s[0][c].kind == Word::Kind::Bits && s[1][c].kind == Word::Kind::Bits
               ? Word::of(F(s[0][c].bits, s[1][c].bits))
               : Word::any();
  return r;
}
uint32_t notOp(uint32_t a, uint32_t) {
  return ~a;
}
uint32_t andOp(uint32_t a, uint32_t b) {
  return a & b;
}
uint32_t orOp(uint32_t a, uint32_t b) {
  return a | b;
}
uint32_t xorOp(uint32_t a, uint32_t b) {
  return a ^ b;
}
Register notRule(const std::array<Register, 3>& s, Chooser& ch) {
  std::array<Register, 3> t = s;
  t[1] = {Word::of(0), Word::of(0), Word::of(0), Word::of(0)};
  return bitwise<notOp>(t, ch);
}
// "SHL - Shift Left", "SHR - Shift Right": the count is src1.x for every component; a count
// outside 0..31 gives any word; SHR may be arithmetic or logical (TGSI-11).
Register shift(const std::array<Register, 3>& s, Chooser& chooser, bool left) {
  Register r;
  Convention kind{chooser};
  const Word& count = s[1][0];
  for (int c = 0; c < 4; ++c) {
    if (s[0][c].kind != Word::Kind::Bits || count.kind != Word::Kind::Bits || count.bits > 31) {
      r[c] = Word::any();
      continue;
    }
    uint32_t v = s[0][c].bits, n = count.bits;
    if (left)
      r[c] = Word::of(v << n);
    else
      r[c] = kind.pick(static_cast<uint32_t>(s32(v) >> n), v >> n);
  }
  return r;
}
Register shl(const std::array<Register, 3>& s, Chooser& ch) {
  return shift(s, ch, true);
}
Register shr(const std::array<Register, 3>& s, Chooser& ch) {
  return shift(s, ch, false);
}
// "MOD - Modulus": signed; truncated or floored, one convention for the instruction; a zero
// divisor gives any word (TGSI-12).
Register mod(const std::array<Register, 3>& s, Chooser& chooser) {
  Register r;
  Convention sign{chooser};
  for (int c = 0; c < 4; ++c) {
    if (s[0][c].kind != Word::Kind::Bits || s[1][c].kind != Word::Kind::Bits || s[1][c].bits == 0) {
      r[c] = Word::any();
      continue;
    }
    int64_t x = s32(s[0][c].bits), y = s32(s[1][c].bits);
    int64_t truncated = x % y;
    int64_t floored = truncated != 0 && ((truncated < 0) != (y < 0)) ? truncated + y : truncated;
    r[c] = sign.pick(static_cast<uint32_t>(truncated), static_cast<uint32_t>(floored));
  }
  return r;
}
// "SAD - Sum Of Absolute Differences": unsigned words, the sum modulo 2^32 (TGSI-13).
Register sad(const std::array<Register, 3>& s, Chooser&) {
  Register r;
  for (int c = 0; c < 4; ++c) {
    if (s[0][c].kind != Word::Kind::Bits || s[1][c].kind != Word::Kind::Bits ||
        s[2][c].kind != Word::Kind::Bits) {
      r[c] = Word::any();
      continue;
    }
    uint32_t x = s[0][c].bits, y = s[1][c].bits;
    r[c] = Word::of((x > y ? x - y : y - x) + s[2][c].bits);
  }
  return r;
}

// The control-flow opcodes are steps of the machine (interpreter/tgsi/machine.cpp, execute).
#define MACHINE(NAME, F)                                                 \
  OpcodeRule {                                                           \
    NAME, "Machine::execute (" F ")", nullptr, nullptr, nullptr, nullptr \
  }
#define FLOAT(NAME, F)                                      \
  OpcodeRule {                                              \
    NAME, #F, &F<Exact>, &F<Ieee32>, &F<Ieee32Ftz>, nullptr \
  }
#define INTEGER(NAME, F)                    \
  OpcodeRule {                              \
    NAME, #F, nullptr, nullptr, nullptr, &F \
  }

const OpcodeRule kRules[] = {
    FLOAT("ARL", arl),
    FLOAT("MOV", mov),
    FLOAT("LIT", lit),
    FLOAT("RCP", rcp),
    FLOAT("RSQ", rsq),
    FLOAT("EXP", exp),
    FLOAT("LOG", log),
    FLOAT("MUL", mul),
    FLOAT("ADD", add),
    FLOAT("DP3", dp3),
    FLOAT("DP4", dp4),
    FLOAT("DST", dst),
    FLOAT("MIN", minimum),
    FLOAT("MAX", maximum),
    FLOAT("SLT", slt),
    FLOAT("SGE", sge),
    FLOAT("MAD", mad),
    FLOAT("SUB", sub),
    FLOAT("LRP", lrp),
    FLOAT("CND", cnd),
    FLOAT("DP2A", dp2a),
    FLOAT("FRAC", frac),
    FLOAT("CLAMP", clampRule),
    FLOAT("FLR", flr),
    FLOAT("ROUND", roundRule),
    FLOAT("EX2", ex2),
    FLOAT("LG2", lg2),
    FLOAT("POW", pow),
    FLOAT("XPD", xpd),
    FLOAT("ABS", abs),
    FLOAT("RCC", rccRule),
    FLOAT("DPH", dph),
    FLOAT("COS", cos),
    FLOAT("KILP", kilp),
    FLOAT("RFL", rfl),
    FLOAT("SEQ", seq),
    FLOAT("SFL", sfl),
    FLOAT("SGT", sgt),
    FLOAT("SIN", sin),
    FLOAT("SLE", sle),
    FLOAT("SNE", sne),
    FLOAT("STR", str),
    FLOAT("X2D", x2d),
    FLOAT("ARR", arr),
    FLOAT("SSG", ssg),
    FLOAT("CMP", cmp),
    FLOAT("KIL", kil),
    FLOAT("SCS", scs),
    FLOAT("NRM", nrm),
    FLOAT("DIV", div),
    FLOAT("DP2", dp2),
    FLOAT("CEIL", ceil),
    INTEGER("I2F", i2f),
    INTEGER("NOT", notRule),
    FLOAT("TRUNC", trunc),
    INTEGER("SHL", shl),
    INTEGER("SHR", shr),
    INTEGER("AND", bitwise<andOp>),
    INTEGER("OR", bitwise<orOp>),
    INTEGER("MOD", mod),
    INTEGER("XOR", bitwise<xorOp>),
    INTEGER("SAD", sad),
    FLOAT("NOP", nop),
    FLOAT("NRM4", nrm4),
    MACHINE("BRA", "pc = target"),
    MACHINE("CAL", "push, jump"),
    MACHINE("RET", "pop"),
    MACHINE("PUSHA", "push"),
    MACHINE("POPA", "pop"),
    MACHINE("BGNFOR", "loop"),
    MACHINE("ENDFOR", "loop"),
    MACHINE("DDX", "quad derivative"),
    MACHINE("DDY", "quad derivative"),
};

}  // namespace

std::span<const OpcodeRule> opcodeRules() {
  return kRules;
}

const OpcodeRule* findRule(std::string_view name) {
  for (const OpcodeRule& r : kRules)
    if (r.name == name) return &r;
  return nullptr;
}

int Chooser::choose(int n) {
  if (depth_ < path_.size()) return path_[depth_++];
  path_.push_back(0);
  arity_.push_back(n);
  ++depth_;
  return 0;
}

bool Chooser::next() {
  depth_ = 0;
  while (!path_.empty()) {
    if (path_.back() + 1 < arity_.back()) {
      ++path_.back();
      return true;
    }
    path_.pop_back();
    arity_.pop_back();
  }
  return false;
}

}  // namespace plumb::tgsi
