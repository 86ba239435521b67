#!/usr/bin/env python3
"""Expected values for tests/checker/wgsl/builtin_evaluation_test.cpp, computed independently of
Plumb: exact rationals (fractions.Fraction) for the formulas, mpmath at 3000 bits for the
transcendental functions, and rounding to binary64/32/16 (to nearest, ties to even, with
subnormals) written here from the IEEE-754 definition. Run it to regenerate
builtin_expectations.inc, which builtin_evaluation_test.cpp includes:

    python3 tests/checker/builtin_expectations.py > tests/checker/builtin_expectations.inc

Requires mpmath. The domain and error rules follow Plumb's documented decisions
(docs/ambiguities.md): a result that is NaN or infinite, or an argument outside the current
draft's domain, is an error ("error <rule>").
"""
from fractions import Fraction as F
import mpmath

mpmath.mp.prec = 3000

FORMATS = {
    # name: (precision, minimum normal exponent, maximum exponent, literal suffix)
    "AbstractFloat": (53, -1022, 1023, ""),
    "f32": (24, -126, 127, "f"),
    "f16": (11, -14, 15, "h"),
}
ERR = "error floating-point-evaluation"


def largest(fmt):
    p, emin, emax, _ = FORMATS[fmt]
    return F(2 ** p - 1) * F(2) ** (emax - p + 1)


def smallest(fmt):
    p, emin, _, _ = FORMATS[fmt]
    return F(2) ** (emin - p + 1)


def to_fraction(x):
    """An mpf (or int/Fraction) as an exact Fraction."""
    if isinstance(x, F):
        return x
    if isinstance(x, int):
        return F(x)
    sign, m, e, _ = mpmath.mpf(x)._mpf_
    m = -m if sign else m
    return F(m) * F(2) ** e if e >= 0 else F(m, 2 ** -e)


def round_to(fmt, x):
    """x (Fraction or mpf) rounded to nearest, ties to even; None if it overflows."""
    p, emin, emax, _ = FORMATS[fmt]
    x = to_fraction(x)
    if x == 0:
        return F(0)
    sign = -1 if x < 0 else 1
    a = abs(x)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if F(2) ** e > a:
        e -= 1
    # now 2^e <= a < 2^(e+1)
    q = F(2) ** (max(e, emin) - (p - 1))
    t = a / q
    n = t.numerator // t.denominator
    r = t - n
    if r > F(1, 2) or (r == F(1, 2) and n % 2 == 1):
        n += 1
    v = n * q
    if v > largest(fmt):
        return None
    return sign * v


def hexfloat(v, negzero=False):
    """As Plumb's hexFloat: 0x1.8p+1, -0x0p+0, normalized even for subnormals."""
    if v == 0:
        return "-0x0p+0" if negzero else "0x0p+0"
    assert v.denominator & (v.denominator - 1) == 0, "not a dyadic value"
    sign = "-" if v < 0 else ""
    a = abs(v)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if F(2) ** e > a:
        e -= 1
    m = a / F(2) ** e  # in [1, 2)
    frac = m - 1
    digits = ""
    while frac:
        frac *= 16
        d = frac.numerator // frac.denominator
        digits += "0123456789abcdef"[d]
        frac -= d
    out = sign + "0x1" + ("." + digits if digits else "")
    return out + "p" + ("+" if e >= 0 else "") + str(e)


def literal(fmt, v, negzero=False):
    """A WGSL literal of the format with the exact value v."""
    suffix = FORMATS[fmt][3]
    if v == 0:
        return ("-0.0" if negzero else "0.0") + suffix
    # A short decimal when it is exact and short, else a hexadecimal float.
    for digits in range(1, 8):
        s = f"{float(v):.{digits}g}"
        if "e" not in s and F(s) == v:
            if "." not in s:
                s += ".0"
            return s + suffix
    return hexfloat(v) + suffix


class Z:
    """A signed zero (Fraction cannot hold -0)."""

    def __init__(self, negative):
        self.negative = negative


def value_text(fmt, v):
    if isinstance(v, Z):
        return hexfloat(F(0), v.negative)
    return hexfloat(v)


def result(fmt, x, negzero=False):
    """Expected text for an exact/mpf result x of type fmt."""
    if x is None:
        return ERR
    if isinstance(x, Z):
        return hexfloat(F(0), x.negative)
    r = round_to(fmt, x)
    if r is None:
        return ERR
    if r == 0:
        negative = negzero if to_fraction(x) == 0 else to_fraction(x) < 0
        return hexfloat(F(0), negative)
    return hexfloat(r)


def mp(x):
    if isinstance(x, Z):
        return mpmath.mpf(0)
    return mpmath.mpf(x.numerator) / x.denominator


def fr(x):
    return F(0) if isinstance(x, Z) else x


def neg(x):
    return x.negative if isinstance(x, Z) else x < 0


# ------------------------------------------------------------------ unary functions
# Each returns an mpf/Fraction result, or None for NaN/infinity (an error).

def u_acos(x):
    return None if abs(fr(x)) > 1 else mpmath.acos(mp(x))


def u_asin(x):
    if fr(x) == 0:
        return x
    return None if abs(fr(x)) > 1 else mpmath.asin(mp(x))


def u_acosh(x):
    return None if fr(x) < 1 else mpmath.acosh(mp(x))


def u_asinh(x):
    return x if fr(x) == 0 else mpmath.asinh(mp(x))


def u_atan(x):
    return x if fr(x) == 0 else mpmath.atan(mp(x))


def u_atanh(x):
    if fr(x) == 0:
        return x
    return None if abs(fr(x)) >= 1 else mpmath.atanh(mp(x))


def u_cos(x):
    return mpmath.cos(mp(x))


def u_sin(x):
    return x if fr(x) == 0 else mpmath.sin(mp(x))


def u_tan(x):
    return x if fr(x) == 0 else mpmath.tan(mp(x))


def u_cosh(x):
    return mpmath.cosh(mp(x)) if abs(fr(x)) < 1000000 else None


def u_sinh(x):
    if fr(x) == 0:
        return x
    return mpmath.sinh(mp(x)) if abs(fr(x)) < 1000000 else None


def u_tanh(x):
    if fr(x) == 0:
        return x
    if abs(fr(x)) > 10000:
        return F(1) if fr(x) > 0 else F(-1)
    return mpmath.tanh(mp(x))


def u_exp(x):
    if fr(x) > 1000000:
        return None
    if fr(x) < -1000000:
        return F(0)
    return mpmath.exp(mp(x))


def u_exp2(x):
    if fr(x) > 1000000:
        return None
    if fr(x) < -1000000:
        return F(0)
    return mpmath.power(2, mp(x))


def u_log(x):
    return None if fr(x) <= 0 else mpmath.log(mp(x))


def u_log2(x):
    return None if fr(x) <= 0 else mpmath.log(mp(x), 2)


def u_sqrt(x):
    if isinstance(x, Z):
        return x
    return None if x < 0 else mpmath.sqrt(mp(x))


def u_inverse_sqrt(x):
    return None if fr(x) <= 0 else 1 / mpmath.sqrt(mp(x))


def u_degrees(x):
    return x if fr(x) == 0 else mp(x) * 180 / mpmath.pi


def u_radians(x):
    return x if fr(x) == 0 else mp(x) * mpmath.pi / 180


def u_abs(x):
    return Z(False) if isinstance(x, Z) else abs(x)


def floor_f(x):
    return F(x.numerator // x.denominator)


def u_floor(x):
    return x if isinstance(x, Z) else floor_f(x)


def u_ceil(x):
    if isinstance(x, Z):
        return x
    c = -floor_f(-x)
    return Z(True) if c == 0 and x < 0 else c


def u_trunc(x):
    if isinstance(x, Z):
        return x
    t = floor_f(x) if x >= 0 else -floor_f(-x)
    return Z(True) if t == 0 and x < 0 else t


def u_round(x):
    if isinstance(x, Z):
        return x
    n = floor_f(x)
    d = x - n
    if d > F(1, 2) or (d == F(1, 2) and n % 2 == 1):
        n += 1
    return Z(True) if n == 0 and x < 0 else n


def u_fract(x):
    if isinstance(x, Z):
        return Z(False)
    r = x - floor_f(x)
    return Z(False) if r == 0 else r


def u_sign(x):
    if isinstance(x, Z) or x == 0:
        return Z(False)
    return F(1) if x > 0 else F(-1)


UNARY = [
    ("abs", u_abs), ("acos", u_acos), ("acosh", u_acosh), ("asin", u_asin), ("asinh", u_asinh),
    ("atan", u_atan), ("atanh", u_atanh), ("ceil", u_ceil), ("cos", u_cos), ("cosh", u_cosh),
    ("degrees", u_degrees), ("exp", u_exp), ("exp2", u_exp2), ("floor", u_floor),
    ("fract", u_fract), ("inverseSqrt", u_inverse_sqrt), ("log", u_log), ("log2", u_log2),
    ("radians", u_radians), ("round", u_round), ("sign", u_sign), ("sin", u_sin),
    ("sinh", u_sinh), ("sqrt", u_sqrt), ("tan", u_tan), ("tanh", u_tanh), ("trunc", u_trunc),
]


def inputs(fmt):
    """0, -0.0, 1, -1, typical values, the largest finite value and the smallest subnormal
    (both signs)."""
    return [Z(False), Z(True), F(1), F(-1), F(1, 2), F(-5, 2), F(3), F(100),
            largest(fmt), -largest(fmt), smallest(fmt), -smallest(fmt)]


def arg_text(fmt, x):
    if isinstance(x, Z):
        return literal(fmt, F(0), x.negative)
    return literal(fmt, x)


def emit(rows, expr, expected):
    rows.append(f'    {{"{expr}", "{expected}"}},')


def unary_rows(name, f):
    rows = []
    for fmt in FORMATS:
        for x in inputs(fmt):
            r = f(x)
            emit(rows, f"{name}({arg_text(fmt, x)})",
                 (fmt + " " + result(fmt, r, isinstance(x, Z) and x.negative))
                 if r is not None and result(fmt, r) != ERR else ERR)
        # A vector form: components evaluated independently.
        xs = [F(1), F(3, 2), F(3)] if name == "acosh" else [F(1, 2), F(1, 4), F(3, 4)]
        if fmt == "f16":
            xs = xs + [F(4) if name == "acosh" else F(7, 8)]
        rs = [f(x) for x in xs]
        texts = [result(fmt, r) for r in rs]
        n = len(xs)
        vec = f"vec{n}({', '.join(arg_text(fmt, x) for x in xs)})"
        emit(rows, f"{name}({vec})", f"vec{n}<{fmt}> ({', '.join(texts)})")
    return rows


# --------------------------------------------------------------- other float functions

def vec_text(fmt, xs):
    return f"vec{len(xs)}({', '.join(text(fmt, x) for x in xs)})"


def text(fmt, a):
    """An argument: a scalar, a vector (list) or a matrix (list of column lists)."""
    if isinstance(a, list) and a and isinstance(a[0], list):
        cols, rows = len(a), len(a[0])
        flat = [x for col in a for x in col]
        return f"mat{cols}x{rows}({', '.join(arg_text(fmt, x) for x in flat)})"
    if isinstance(a, list):
        return vec_text(fmt, a)
    if isinstance(a, int) and not isinstance(a, bool):
        return str(a)
    return arg_text(fmt, a)


def scalar_result(fmt, r):
    t = result(fmt, r)
    return ERR if t == ERR or r is None else f"{fmt} {t}"


def vector_result(fmt, rs):
    if any(r is None for r in rs):
        return ERR
    ts = [result(fmt, r) for r in rs]
    if ERR in ts:
        return ERR
    return f"vec{len(rs)}<{fmt}> ({', '.join(ts)})"


def b_atan2(y, x):
    if fr(y) == 0:
        if fr(x) > 0 or (fr(x) == 0 and not neg(x)):
            return Z(neg(y))
        return -mpmath.pi if neg(y) else mpmath.pi
    if fr(x) == 0:
        return mpmath.pi / 2 if fr(y) > 0 else -mpmath.pi / 2
    return mpmath.atan2(mp(y), mp(x))


def b_pow(x, y):
    if fr(x) < 0:
        return None  # outside the domain (current draft: e1 < 0)
    if fr(x) == 0:
        if fr(y) < 0:
            return None
        if fr(y) == 0:
            return F(1)
        # IEEE-754 pow(-0, y): -0 for an odd integer y > 0, else +0.
        odd = fr(y).denominator == 1 and fr(y).numerator % 2 == 1
        return Z(neg(x) and odd)
    return mpmath.power(mp(x), mp(y))


def b_step(edge, x):
    return F(1) if fr(edge) <= fr(x) else Z(False)


def b_max(a, b):
    return b if fr(a) < fr(b) else a


def b_min(a, b):
    return b if fr(b) < fr(a) else a


def zero_sign(x):
    return x if not isinstance(x, Z) else x


def float_rows():
    out = {}

    def add(name, fmt, args, expected):
        out.setdefault(name, []).append(
            f'    {{"{name}({", ".join(text(fmt, a) for a in args)})", "{expected}"}},')

    for fmt in FORMATS:
        M, S = largest(fmt), smallest(fmt)
        one, half = F(1), F(1, 2)
        # atan2(y, x), including the signed zeros at the origin (IEEE-754's values).
        for y, x in [(Z(False), Z(False)), (Z(True), Z(False)), (Z(False), Z(True)),
                     (Z(True), Z(True)), (Z(False), -one), (one, Z(False)), (-one, Z(True)),
                     (one, one), (one, -one), (-one, -one), (half, F(3)), (M, S), (S, M),
                     (-M, -S)]:
            add("atan2", fmt, [y, x], scalar_result(fmt, b_atan2(y, x)))
        add("atan2", fmt, [[one, -one], [one, Z(False)]],
            vector_result(fmt, [b_atan2(one, one), b_atan2(-one, Z(False))]))
        # pow
        p, emin = FORMATS[fmt][0], FORMATS[fmt][1]
        tie = F(2) ** (emin - p)  # half the smallest subnormal
        for x, y in [(F(2), F(3)), (F(2), half), (Z(False), Z(False)), (Z(False), F(2)),
                     (Z(True), F(3)), (Z(True), F(2)), (Z(False), -one), (F(-2), F(2)),
                     (F(-2), half), (one, M), (M, F(2)), (S, half), (F(100), F(-2)),
                     (F(2), F(emin - p)), (F(2), F(emin - p + 1)), (F(10), round_to(fmt, F(-1, 3)))]:
            add("pow", fmt, [x, y], scalar_result(fmt, b_pow(x, y)))
        add("pow", fmt, [[F(2), F(9)], [F(10), half]],
            vector_result(fmt, [b_pow(F(2), F(10)), b_pow(F(9), half)]))
        # step, min, max
        for e, x in [(one, F(2)), (F(2), one), (one, one), (Z(True), Z(False)), (-M, M), (M, S)]:
            add("step", fmt, [e, x], scalar_result(fmt, b_step(e, x)))
        add("step", fmt, [[one, F(3)], [F(2), F(2)]],
            vector_result(fmt, [b_step(one, F(2)), b_step(F(3), F(2))]))
        for a, b in [(one, F(2)), (-one, F(-2)), (Z(False), Z(True)), (Z(True), Z(False)),
                     (M, -M), (S, Z(False)), (-S, S)]:
            add("max", fmt, [a, b], scalar_result(fmt, b_max(a, b)))
            add("min", fmt, [a, b], scalar_result(fmt, b_min(a, b)))
        add("max", fmt, [[one, F(5)], [F(3), F(-5)]], vector_result(fmt, [F(3), F(5)]))
        add("min", fmt, [[one, F(5)], [F(3), F(-5)]], vector_result(fmt, [one, F(-5)]))
        # clamp(e, low, high) = min(max(e, low), high); low > high is an error.
        for e, lo, hi in [(F(2), Z(False), one), (-one, Z(False), one), (half, Z(False), one),
                          (Z(True), Z(False), one), (M, -M, M), (S, Z(False), one),
                          (F(3), F(3), F(3))]:
            m = lo if fr(e) < fr(lo) else e
            r = hi if fr(hi) < fr(m) else m
            add("clamp", fmt, [e, lo, hi], scalar_result(fmt, r))
        add("clamp", fmt, [one, F(2), one], "error float-builtin-functions")
        add("clamp", fmt, [[F(-3), half, F(7)], [Z(False)] * 3, [one] * 3],
            vector_result(fmt, [Z(False), half, one]))
        # fma: exact, rounded once.
        eps = F(2) ** (1 - p)
        for a, b, c in [(F(2), F(3), F(4)), (one + eps, one - eps, -one), (M, F(2), -M),
                        (M, M, Z(False)), (S, half, Z(False)), (Z(True), one, Z(True)),
                        (F(3), F(5), F(-15))]:
            r = fr(a) * fr(b) + fr(c)
            if r == 0:
                r = Z(neg(a) != neg(b) and neg(c))  # IEEE sign of an exact zero sum
            add("fma", fmt, [a, b, c], scalar_result(fmt, r))
        add("fma", fmt, [[one, F(2)], [F(3), F(4)], [F(5), F(6)]],
            vector_result(fmt, [F(8), F(14)]))
        # mix(e1, e2, e3) = e1 * (1 - e3) + e2 * e3, exact.
        for a, b, t in [(Z(False), F(10), F(1, 4)), (one, F(3), half), (M, -M, half),
                        (one, F(2), F(2)), (one, F(2), F(3, 8)),
                        (M, M, half)]:
            r = fr(a) * (1 - fr(t)) + fr(b) * fr(t)
            add("mix", fmt, [a, b, t], scalar_result(fmt, Z(False) if r == 0 else r))
        add("mix", fmt, [[Z(False), F(4)], [F(8), F(12)], [F(1, 4), half]],
            vector_result(fmt, [F(2), F(8)]))
        add("mix", fmt, [[Z(False), F(4)], [F(8), F(12)], F(1, 4)],
            vector_result(fmt, [F(2), F(6)]))
        # smoothstep(low, high, x): t = clamp((x - low) / (high - low), 0, 1), t*t*(3 - 2t).
        def smooth(lo, hi, x):
            t = (fr(x) - fr(lo)) / (fr(hi) - fr(lo))
            t = min(max(t, F(0)), F(1))
            r = t * t * (3 - 2 * t)
            return Z(False) if r == 0 else r
        for lo, hi, x in [(Z(False), one, half), (Z(False), one, -one), (Z(False), one, F(2)),
                          (Z(False), F(2), half), (one, Z(False), F(1, 4)),
                          (Z(False), F(3), one), (-M, M, Z(False)), (Z(False), S, S)]:
            add("smoothstep", fmt, [lo, hi, x], scalar_result(fmt, smooth(lo, hi, x)))
        add("smoothstep", fmt, [one, one, one], "error float-builtin-functions")
        add("smoothstep", fmt, [[Z(False), Z(False)], [one, F(2)], [half, one]],
            vector_result(fmt, [smooth(Z(False), one, half), smooth(Z(False), F(2), one)]))
        # ldexp(e1, e2) = e1 * 2^e2, rounded once.
        bias = {"AbstractFloat": 1023, "f32": 127, "f16": 15}[fmt]
        for x, e in [(one, 3), (F(3, 4), -2), (one, bias), (one, bias + 1), (half, bias + 1),
                     (one, emin - p + 1), (one, emin - p), (F(3, 2), emin - p),
                     (F(3), emin - p - 1), (Z(False), 5000 if fmt == "AbstractFloat" else 500),
                     (M, -1), (S, 2 * bias), (Z(True), 1)]:
            r = fr(x) * F(2) ** e
            add("ldexp", fmt, [x, e], scalar_result(fmt, Z(neg(x)) if r == 0 else r))
        add("ldexp", fmt, [[one, F(3)], [1, -1]], vector_result(fmt, [F(2), F(3, 2)]))
    return out


def geometry_rows():
    out = {}

    def add(name, fmt, args, expected):
        out.setdefault(name, []).append(
            f'    {{"{name}({", ".join(text(fmt, a) for a in args)})", "{expected}"}},')

    for fmt in FORMATS:
        M, S = largest(fmt), smallest(fmt)
        one, half = F(1), F(1, 2)
        lit = lambda s: round_to(fmt, F(s))  # a decimal literal's value in the format
        # cross
        def cross(a, b):
            a, b = [fr(x) for x in a], [fr(x) for x in b]
            return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                    a[0] * b[1] - a[1] * b[0]]
        for a, b in [([one, Z(False), Z(False)], [Z(False), one, Z(False)]),
                     ([lit("1.1"), lit("2.2"), lit("3.3")], [lit("4.4"), lit("5.5"), lit("6.6")]),
                     ([M, M, Z(False)], [M, -M, Z(False)]), ([M, M, M], [M, M, M])]:
            rs = [Z(False) if r == 0 else r for r in cross(a, b)]
            add("cross", fmt, [a, b], vector_result(fmt, rs))
        # dot, length, distance (exact sums, rounded once)
        for a, b in [([one, F(2)], [F(3), F(4)]), ([lit("0.1"), lit("0.2")], [lit("0.3"), lit("0.4")]),
                     ([M, M], [one, one]), ([M, -M], [one, one]), ([S, S, S], [half, half, F(3)]),
                     ([one, F(2), F(3), F(4)], [F(5), F(6), F(7), F(8)])]:
            r = sum(fr(x) * fr(y) for x, y in zip(a, b))
            add("dot", fmt, [a, b], scalar_result(fmt, Z(False) if r == 0 else r))
        for a in [F(-3), Z(True), M, -S]:
            add("length", fmt, [a], scalar_result(fmt, abs(fr(a)) if fr(a) else Z(False)))
        for a in [[F(3), F(4)], [one, one], [M, M], [M, Z(False)], [S, S], [one, F(2), F(2)],
                  [half, half, half, half], [Z(False), Z(True)]]:
            ss = sum(fr(x) ** 2 for x in a)
            add("length", fmt, [a], scalar_result(fmt, mpmath.sqrt(mp(ss)) if ss else Z(False)))
        for a, b in [(one, F(4)), (F(4), one), (M, -M), (S, -S), (Z(True), Z(False))]:
            d = abs(fr(a) - fr(b))
            add("distance", fmt, [a, b], scalar_result(fmt, d if d else Z(False)))
        for a, b in [([Z(False), Z(False)], [F(3), F(4)]), ([one, F(2), F(3)], [F(4), F(6), F(8)]),
                     ([M, Z(False)], [-M, Z(False)]), ([S, Z(False)], [Z(False), S])]:
            ss = sum((fr(x) - fr(y)) ** 2 for x, y in zip(a, b))
            add("distance", fmt, [a, b], scalar_result(fmt, mpmath.sqrt(mp(ss)) if ss else Z(False)))
        # normalize
        for a in [[F(3), F(4)], [one, one, one], [S, Z(False)], [M, M], [Z(False), F(-2)],
                  [Z(True), F(5)], [lit("0.1"), lit("0.2"), lit("0.3"), lit("0.4")]]:
            ss = sum(fr(x) ** 2 for x in a)
            root = mpmath.sqrt(mp(ss))
            rs = [x if fr(x) == 0 else mp(x) / root for x in a]
            add("normalize", fmt, [a], vector_result(fmt, rs))
        add("normalize", fmt, [[Z(False), Z(False)]], ERR)
        # faceForward(e1, e2, e3): e1 if dot(e2, e3) < 0 else -e1
        def face(e1, e2, e3):
            d = sum(fr(x) * fr(y) for x, y in zip(e2, e3))
            if d < 0:
                return e1
            return [Z(not neg(x)) if fr(x) == 0 else -fr(x) for x in e1]
        for e1, e2, e3 in [([one, F(2)], [one, Z(False)], [-one, Z(False)]),
                           ([one, F(2)], [one, Z(False)], [one, Z(False)]),
                           ([one, Z(False)], [Z(False), one], [one, Z(False)]),
                           ([one, F(2), F(3)], [M, M, Z(False)], [M, -M, -S])]:
            add("faceForward", fmt, [e1, e2, e3], vector_result(fmt, face(e1, e2, e3)))
        # reflect(e1, e2) = e1 - 2 * dot(e2, e1) * e2
        def reflect(e1, e2):
            d = sum(fr(x) * fr(y) for x, y in zip(e2, e1))
            rs = [fr(x) - 2 * d * fr(y) for x, y in zip(e1, e2)]
            return [Z(False) if r == 0 else r for r in rs]
        for e1, e2 in [([one, -one], [Z(False), one]), ([lit("0.1"), lit("0.2"), lit("0.3")],
                       [lit("0.4"), lit("0.5"), lit("0.6")]), ([M, M], [one, one])]:
            add("reflect", fmt, [e1, e2], vector_result(fmt, reflect(e1, e2)))
        # refract(e1, e2, eta)
        def refract(e1, e2, eta):
            d = sum(fr(x) * fr(y) for x, y in zip(e2, e1))
            eta = fr(eta)
            k = 1 - eta * eta * (1 - d * d)
            if k < 0:
                return [Z(False)] * len(e1)
            root = mpmath.sqrt(mp(k))
            rs = []
            for x, y in zip(e1, e2):
                a = eta * fr(x) - eta * d * fr(y)
                if fr(y) == 0:
                    rs.append(Z(False) if a == 0 else a)
                else:
                    rs.append(mp(a) - mp(y) * root)
            return rs
        for e1, e2, eta in [([lit("0.6"), lit("-0.8")], [Z(False), one], half),
                            ([F(3, 4), F(-1, 2)], [Z(False), one], F(2)),
                            ([one, Z(False)], [Z(False), one], F(3, 2)),
                            ([Z(False), -one], [Z(False), one], half),
                            ([lit("0.1"), lit("0.2"), lit("-0.9")], [Z(False), Z(False), one],
                             lit("0.7"))]:
            add("refract", fmt, [e1, e2, eta], vector_result(fmt, refract(e1, e2, eta)))
        # determinant (exact) and transpose
        def det(m):
            n = len(m)
            if n == 1:
                return fr(m[0][0])
            total = F(0)
            for r in range(n):
                minor = [[m[c][row] for row in range(n) if row != r] for c in range(1, n)]
                term = fr(m[0][r]) * det(minor)
                total += term if r % 2 == 0 else -term
            return total
        for m in [[[one, F(2)], [F(3), F(4)]], [[M, Z(False)], [Z(False), M]],
                  [[M, M], [M, M]], [[S, Z(False)], [Z(False), one]],
                  [[F(2), Z(False), Z(False)], [Z(False), F(3), Z(False)], [one, one, F(4)]],
                  [[lit("0.1"), lit("0.2"), lit("0.3")], [lit("0.4"), lit("0.5"), lit("0.6")],
                   [lit("0.7"), lit("0.8"), lit("1.9")]],
                  [[one, F(2), F(3), F(4)], [F(5), F(6), F(7), F(8)], [F(2), F(6), F(4), F(8)],
                   [F(3), one, one, F(2)]]]:
            r = det(m)
            add("determinant", fmt, [m], scalar_result(fmt, Z(False) if r == 0 else r))
        # frexp and modf exist for f32 and f16 only in this draft.
        if fmt != "AbstractFloat":
            def frexp(x):
                if fr(x) == 0:
                    return (hexfloat(F(0), neg(x)), 0)
                a = abs(fr(x))
                e = a.numerator.bit_length() - a.denominator.bit_length()
                if F(2) ** e > a:
                    e -= 1
                sig = fr(x) / F(2) ** (e + 1)
                return (hexfloat(sig), e + 1)
            for x in [F(3, 2), Z(False), Z(True), M, -M, S, F(-3), one]:
                s_, e_ = frexp(x)
                add("frexp", fmt, [x], f"__frexp_result{'_f16' if fmt == 'f16' else ''} ({s_}, {e_})")
            parts = [frexp(x) for x in [F(3, 2), F(-8)]]
            add("frexp", fmt, [[F(3, 2), F(-8)]],
                f"__frexp_result_vec2{'_f16' if fmt == 'f16' else ''} "
                f"(({parts[0][0]}, {parts[1][0]}), ({parts[0][1]}, {parts[1][1]}))")
            def modf(x):
                if fr(x) == 0:
                    return (hexfloat(F(0)), hexfloat(F(0), neg(x)))
                t = u_trunc(x)
                w = hexfloat(F(0), True) if isinstance(t, Z) else hexfloat(t)
                f_ = fr(x) - fr(t)
                return (hexfloat(f_) if f_ else hexfloat(F(0)), w)
            for x in [F(3, 2), F(-3, 2), F(-2), Z(False), Z(True), M, S, -S, F(-1, 4)]:
                f_, w = modf(x)
                add("modf", fmt, [x], f"__modf_result{'_f16' if fmt == 'f16' else ''} ({f_}, {w})")
            parts = [modf(x) for x in [F(5, 2), F(-7, 4)]]
            add("modf", fmt, [[F(5, 2), F(-7, 4)]],
                f"__modf_result_vec2{'_f16' if fmt == 'f16' else ''} "
                f"(({parts[0][0]}, {parts[1][0]}), ({parts[0][1]}, {parts[1][1]}))")
    # transpose (exact)
    for fmt in FORMATS:
        m = [[F(1), F(2), F(3)], [F(4), F(5), F(6)]]  # mat2x3: 2 columns of 3
        cols = [[m[c][r] for c in range(2)] for r in range(3)]
        add("transpose", fmt, [m],
            f"mat3x2<{fmt}> (" + ", ".join("(" + ", ".join(hexfloat(x) for x in col) + ")"
                                          for col in cols) + ")")
    # quantizeToF16 (f32 only)
    f16s = lambda x: round_to("f16", x)
    for x in [F(1), F(1) + F(2) ** -11, F(1) + F(3, 2 ** 12), largest("f16"), F(65505),
              F(-65520), F(2) ** -24, F(2) ** -25, F(3, 2 ** 26), smallest("f32"), Z(True),
              F(1, 10)]:
        if fr(x) and abs(fr(x)) > largest("f16"):
            exp_ = "error float-builtin-functions"
        elif isinstance(x, Z):
            exp_ = "f32 -0x0p+0"
        else:
            q = f16s(fr(round_to("f32", fr(x))))
            exp_ = "f32 " + (hexfloat(q) if q else hexfloat(F(0), fr(x) < 0))
        xv = x if isinstance(x, Z) else round_to("f32", fr(x))
        add("quantizeToF16", "f32", [xv], exp_)
    add("quantizeToF16", "f32", [[F(1), F(2) ** -25, F(3)]],
        "vec3<f32> (0x1p+0, 0x0p+0, 0x1.8p+1)")
    return out


def print_table(name, table):
    print(f"const std::map<std::string, std::vector<Case>> {name} = {{")
    for fn, rows in table.items():
        print(f'  {{"{fn}", {{')
        for row in rows:
            print(row)
        print("  }},")
    print("};")



def main():
    print("// Generated by tests/checker/builtin_expectations.py: expected values computed")
    print("// independently of Plumb (exact rationals, mpmath). Do not edit; regenerate.")
    print("// clang-format off")
    unary = {name: unary_rows(name, f) for name, f in UNARY}
    print_table("kUnaryFloatCases", unary)
    print_table("kFloatCases", float_rows())
    print_table("kGeometryCases", geometry_rows())
    print("// clang-format on")


if __name__ == "__main__":
    main()
