#!/usr/bin/env python3
"""Ground truth for Plumb's Cg front end (issue 21 item 4, docs/cg.md "Oracle").

Writes programs on the edges the Cg 2.0 seed (shared/seeds/000_*.txt) defines, runs NVIDIA's cgc
on each and records cgc's verdict, its diagnostics and the values it folds, beside the seed's own
expectation (derived here from the seed's text, never from cgc), as JSON lines:

  tests/data/cg/cgc_verdicts.jsonl   (format plumb-cgc-verdicts, version 1; docs/formats.md)

Groups (each names the seed section it probes):
  conversion   the 5x5 conversion table ("Type Conversions") cell by cell, implicit and explicit,
               with each of its seven notes and the element-type compatibility of the prose
  arithmetic   the usual arithmetic conversions ("Type-Promotion Rules", rules 1-6) and smearing
  overload     function-matching rules 5a-5e (greedy, left to right) where a C++-style best match
               differs, default parameters (rule 3), and profile overloads (rule 6, wildcards)
  swizzle      swizzle and write-mask rules ("Operator Precedence", Profiles' vector support)
  reach        the functions the entry does not reach ("Profiles": restrictions apply to the
               entry and what it reaches; the other rules to the whole compilation unit)
  fold         cint/cfloat folding precision ("Constants": precision table, "Optimizations")
  precision    half and fixed folding (s10e5 with IEEE semantics; S1.10 clamping to [-2, 2))
  integer      Cg 3.1's integer types and constant suffixes: the unsigned types of other widths
               and int8_t ... (the cgc dialect's), the suffixes, constants outside their range

Usage: scripts/cg_oracle_data.py [--out FILE] [--cgc PATH]
Needs cgc (scripts/cg_oracle_setup.sh). Deterministic: the same cgc gives the same bytes.
"""
import argparse
import json
import math
import os
import re
import struct
import subprocess
import sys
import tempfile

FORMAT = "plumb-cgc-verdicts"
VERSION = 1
DEFAULT_PROFILE = "fp40"  # a modern fragment profile Plumb knows: half, fixed and loops native

# ---------------------------------------------------------------------------------------------
# Running cgc


def cgc_version(cgc):
    out = subprocess.run([cgc, "-v"], capture_output=True, text=True).stdout + \
        subprocess.run([cgc, "-v"], capture_output=True, text=True).stderr
    m = re.search(r"version ([0-9.]+), build date ([A-Za-z]+ +\d+ \d+)", out)
    return {"version": m.group(1), "build_date": re.sub(" +", " ", m.group(2))} if m else {"raw": out.strip()}


DIAGNOSTIC = re.compile(r"^.*?\((\d+)\) : (error|warning|fatal error) (C\d+): (.*)$")


def run_cgc(cgc, source, profile, entry="main"):
    """cgc's verdict on one program: full compilation of `entry` for `profile` (-quiet)."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "case.cg")
        with open(path, "w") as f:
            f.write(source)
        args = [cgc, "-quiet", "-profile", profile]
        args += ["-entry", entry] if entry else ["-noentry", "-nocode"]
        p = subprocess.run(args + ["case.cg"], capture_output=True, text=True, cwd=d, timeout=60)
    errors, warnings = [], []
    for line in (p.stderr + p.stdout).splitlines():
        m = DIAGNOSTIC.match(line)
        if m:
            item = {"line": int(m.group(1)), "code": m.group(3), "message": m.group(4)}
            (warnings if m.group(2) == "warning" else errors).append(item)
    verdict = "reject" if p.returncode != 0 or errors else ("warn" if warnings else "accept")
    return verdict, errors, warnings, p.stdout


def code_lines(output):
    """The generated program without cgc's comment header."""
    return [l for l in output.splitlines()
            if l.strip() and not l.lstrip().startswith(("#", "//", "!!"))]


NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")


def hlsl_folded(output):
    """The folded components of `return <constant>;` in cgc's hlslf output: it prints floats with
    18 significant digits (exact for fp32 values) and ints exactly. None when not folded."""
    body = " ".join(code_lines(output))
    m = re.search(r"return\s+(.*?);", body)
    if not m:
        return None
    expr = m.group(1).strip()
    m2 = re.fullmatch(r"(?:float|int|half|fixed|bool)\d?\((.*)\)", expr)
    inner = m2.group(1) if m2 else expr
    parts = [p.strip() for p in inner.split(",")]
    values = []
    for p in parts:
        p2 = p[:-1] if p.endswith("f") else p
        if not NUMBER.fullmatch(p2):
            return None
        values.append(p2)
    return values


# ---------------------------------------------------------------------------------------------
# Values: the readings the seed allows for a folded constant

def f32(x):
    """x rounded to binary32 (ties to even), or +-inf on overflow."""
    try:
        return struct.unpack("f", struct.pack("f", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def f16(x):
    """x rounded to IEEE binary16 (s10e5), +-inf beyond its range."""
    try:
        return struct.unpack("e", struct.pack("e", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def fixed(x):
    """S1.10 fixed point clamped to [-2, 2): the seed says clamping, not how it rounds, so either
    neighbouring multiple of 2^-10 is allowed."""
    lo, hi = -2.0, 2.0 - 1.0 / 1024
    return sorted({min(hi, max(lo, math.floor(x * 1024) / 1024)),
                   min(hi, max(lo, math.ceil(x * 1024) / 1024))})


def i32(n):
    n &= 0xFFFFFFFF
    return n - (1 << 32) if n & 0x80000000 else n


def fmt(v):
    if isinstance(v, (int, str)):
        return str(v)
    if math.isinf(v) or math.isnan(v):
        return str(v)
    return repr(float(v))


# ---------------------------------------------------------------------------------------------
# Cases


class Cases:
    def __init__(self):
        self.items = []
        self.ids = set()

    def add(self, id, group, rule, source, seed, profile=DEFAULT_PROFILE, entry="main",
            note="", fold=None, marker=None):
        assert id not in self.ids, id
        self.ids.add(id)
        self.items.append(dict(id=id, group=group, rule=rule, profile=profile, entry=entry,
                               source=source, seed=seed, note=note, fold=fold, marker=marker))


# The seed's 5x5 table (rows = target, columns = source), "Type Conversions".
TABLE = {
    ("scalar", "scalar"): "A", ("scalar", "vector"): "W", ("scalar", "matrix"): "W",
    ("scalar", "struct"): "E(3)", ("scalar", "array"): "-",
    ("vector", "scalar"): "A", ("vector", "vector"): "A/W(1)", ("vector", "matrix"): "W(2)",
    ("vector", "struct"): "E(3)", ("vector", "array"): "E(6)",
    ("matrix", "scalar"): "A", ("matrix", "vector"): "W(2)", ("matrix", "matrix"): "A/W(1)",
    ("matrix", "struct"): "E(3)", ("matrix", "array"): "E(7)",
    ("struct", "scalar"): "E", ("struct", "vector"): "E(4)", ("struct", "matrix"): "E(4)",
    ("struct", "struct"): "E(4/5)", ("struct", "array"): "E(4)",
    ("array", "scalar"): "-", ("array", "vector"): "E(6)", ("array", "matrix"): "E(7)",
    ("array", "struct"): "E(3)", ("array", "array"): "E(6)",
}

# name -> (category, declaration of a typedef or struct or None, element, shape, members)
# shape: scalar 1; vector n; matrix (r, c); array (element name, n); struct: member type names
TYPES = {
    "float": ("scalar", None, "float", 1),
    "half": ("scalar", None, "half", 1),
    "int": ("scalar", None, "int", 1),
    "float2": ("vector", None, "float", 2),
    "float3": ("vector", None, "float", 3),
    "float4": ("vector", None, "float", 4),
    "half4": ("vector", None, "half", 4),
    "int4": ("vector", None, "int", 4),
    "float2x2": ("matrix", None, "float", (2, 2)),
    "float3x3": ("matrix", None, "float", (3, 3)),
    "float2x3": ("matrix", None, "float", (2, 3)),
    "float3x2": ("matrix", None, "float", (3, 2)),
    "half2x2": ("matrix", None, "half", (2, 2)),
    "S_f": ("struct", "struct S_f { float a; };", None, ["float"]),
    "S_ff": ("struct", "struct S_ff { float a; float b; };", None, ["float", "float"]),
    "S_hh": ("struct", "struct S_hh { half a; half b; };", None, ["half", "half"]),
    "S_f4": ("struct", "struct S_f4 { float4 a; };", None, ["float4"]),
    "S_f4f": ("struct", "struct S_f4f { float4 a; float b; };", None, ["float4", "float"]),
    "S_m22": ("struct", "struct S_m22 { float2x2 a; };", None, ["float2x2"]),
    "S_a4": ("struct", "struct S_a4 { float a[4]; };", None, ["A_f4"]),
    "A_f4": ("array", "typedef float A_f4[4];", "float", ("float", 4)),
    "A_h4": ("array", "typedef half A_h4[4];", "half", ("half", 4)),
    "A_f2": ("array", "typedef float A_f2[2];", "float", ("float", 2)),
    "A_f22": ("array", "typedef float2 A_f22[2];", "float2", ("float2", 2)),
    "A_f4_2": ("array", "typedef float4 A_f4_2[2];", "float4", ("float4", 2)),
}
NUMERIC = {"float", "half", "int"}


def size_of(t):
    cat, _, _, shape = TYPES[t]
    if cat == "scalar":
        return 1
    if cat == "vector":
        return shape
    if cat == "matrix":
        return shape[0] * shape[1]
    if cat == "array":
        return shape[1] * size_of(shape[0]) if shape[0] in TYPES else shape[1]
    return None


def elem(t):
    return TYPES[t][2]


def implicitly_convertible(src, tgt):
    """The seed's implicit conversions (cells A and W, with their notes)."""
    return seed_cell(tgt, src, implicit=True) in ("accept", "warn")


def seed_cell(tgt, src, implicit):
    """The verdict the seed's table, its notes and its prose give: accept, warn or reject."""
    tc, sc = TYPES[tgt][0], TYPES[src][0]
    cell = TABLE[(tc, sc)]
    if tgt == src:
        return "accept"  # "Type Equivalency": a type converts to itself, whatever its cell says
    ok_elem = elem(tgt) in NUMERIC and elem(src) in NUMERIC  # scalar numerics convert freely
    if cell == "A":
        if tc == "struct":
            pass
        return "accept" if ok_elem else "reject"
    if cell == "W":
        return ("warn" if implicit else "accept") if ok_elem else "reject"
    if cell == "-":
        return "reject"
    if cell == "A/W(1)":
        # (1) not allowed if target is larger than source; warning if smaller.
        if tc == "vector":
            larger = TYPES[tgt][3] > TYPES[src][3]
            smaller = TYPES[tgt][3] < TYPES[src][3]
        else:
            (tr, tcn), (sr, scn) = TYPES[tgt][3], TYPES[src][3]
            larger = tr > sr or tcn > scn
            smaller = not larger and (tr < sr or tcn < scn)
        if larger:
            return "reject"
        if smaller:
            return "warn" if implicit else "accept"
        return "accept"
    if cell == "W(2)":
        # (2) only allowed if source and target are the same total size.
        if size_of(tgt) != size_of(src):
            return "reject"
        return "warn" if implicit else "accept"
    # E cells: only with an explicit cast.
    if implicit:
        return "reject"
    if cell == "E(3)":
        # (3) only if the first member of the source can be converted to the target.
        first = TYPES[src][3][0]
        return "accept" if implicitly_convertible(first, tgt) or first == tgt else "reject"
    if cell == "E":
        # scalar -> struct: "if the scalar type can be legally cast to every member" (prose).
        return "accept" if all(implicitly_convertible(src, m) for m in TYPES[tgt][3]) else "reject"
    if cell == "E(4)":
        # (4) only if the target struct contains a single field of the source type.
        return "accept" if TYPES[tgt][3] == [src] else "reject"
    if cell == "E(4/5)":
        if TYPES[tgt][3] == [src]:
            return "accept"
        sm, tm = TYPES[src][3], TYPES[tgt][3]
        ok = len(sm) == len(tm) and all(a == b or implicitly_convertible(a, b) for a, b in zip(sm, tm))
        return "accept" if ok else "reject"
    if cell == "E(6)":
        # (6) source and target sizes must be the same and element types compatible.
        if tc == "array" and sc == "array":
            (te, tn), (se, sn) = TYPES[tgt][3], TYPES[src][3]
            return "accept" if tn == sn and (te == se or implicitly_convertible(se, te)) else "reject"
        a, v = (tgt, src) if tc == "array" else (src, tgt)
        ae, an = TYPES[a][3]
        return "accept" if ae in NUMERIC and an == TYPES[v][3] else "reject"
    if cell == "E(7)":
        # (7) array type must be an array of vectors that matches the matrix type.
        a, m = (tgt, src) if tc == "array" else (src, tgt)
        ae, an = TYPES[a][3]
        r, c = TYPES[m][3]
        ok = ae in TYPES and TYPES[ae][0] == "vector" and TYPES[ae][3] == c and an == r
        return "accept" if ok else "reject"
    raise AssertionError(cell)


def decls(*names):
    out = []
    for n in names:
        d = TYPES[n][1]
        if n == "S_a4" and TYPES["A_f4"][1] not in out:
            out.append(TYPES["A_f4"][1])
        if d and d not in out:
            out.append(d)
    return "\n".join(out)


CONVERSION_PAIRS = [
    # (target, source): each cell of the table at least once, each note on both sides
    ("float", "half"), ("half", "float"), ("int", "float"), ("float", "int"),
    ("float", "float4"), ("int", "float4"),
    ("float", "float2x2"), ("float", "S_f"), ("float", "S_f4"), ("float", "A_f4"),
    ("float4", "float"), ("float4", "int"),
    ("float4", "float4"), ("half4", "float4"), ("int4", "float4"), ("float4", "half4"),
    ("float3", "float4"), ("float2", "float4"), ("float4", "float3"), ("float4", "float2"),
    ("float4", "float2x2"), ("float3", "float2x2"), ("float4", "float3x3"),
    ("float4", "S_f4"), ("float4", "S_f"), ("float4", "S_f4f"), ("float3", "S_f4"),
    ("float4", "A_f4"), ("half4", "A_f4"), ("float4", "A_h4"), ("float2", "A_f4"), ("float4", "A_f22"),
    ("float2x2", "float"), ("float2x2", "float4"), ("float3x3", "float4"), ("float2x3", "float4"),
    ("float2x2", "float2x2"), ("half2x2", "float2x2"), ("float2x2", "float3x3"),
    ("float3x3", "float2x2"), ("float2x2", "float2x3"), ("float2x3", "float3x2"), ("float2x3", "float3x3"),
    ("float2x2", "S_m22"), ("float2x2", "S_f"), ("float2x2", "A_f22"), ("float2x2", "A_f4"),
    ("float2x2", "A_f4_2"),
    ("S_f", "float"), ("S_ff", "float"), ("S_f", "int"), ("S_f4", "float"), ("S_f4", "float4"),
    ("S_f", "float4"), ("S_ff", "float2"), ("S_m22", "float2x2"), ("S_f", "float2x2"),
    ("S_ff", "S_ff"), ("S_ff", "S_hh"), ("S_hh", "S_ff"), ("S_f", "S_ff"), ("S_f4", "S_f"),
    ("S_a4", "A_f4"), ("S_f", "A_f4"),
    ("A_f4", "float"), ("A_f4", "float4"), ("A_h4", "float4"), ("A_f2", "float4"),
    ("A_f22", "float2x2"), ("A_f4", "float2x2"), ("A_f4_2", "float2x2"),
    ("A_f4", "S_a4"), ("A_f4", "S_f"),
    ("A_f4", "A_f4"), ("A_h4", "A_f4"), ("A_f2", "A_f4"), ("A_f22", "A_f4"),
]


def conversion_cases(cases):
    for tgt, src in CONVERSION_PAIRS:
        cell = TABLE[(TYPES[tgt][0], TYPES[src][0])]
        for implicit in (True, False):
            init = "s" if implicit else f"({tgt})s"
            uses = "0"
            source = (f"{decls(tgt, src)}\n"
                      f"float4 main(uniform {src} s) : COLOR {{\n"
                      f"  {tgt} t = {init};\n"
                      f"  return {uses};\n}}\n").lstrip("\n")
            # An array uniform is declared with its array syntax, not its typedef alone.
            seed = seed_cell(tgt, src, implicit)
            allowed = [seed]
            if cell == "A" and TYPES[tgt][0] == TYPES[src][0] == "scalar" and implicit:
                allowed = ["accept", "warn"]  # "A warning may be issued" if precision may be lost
            cases.add(f"conv-{'imp' if implicit else 'exp'}-{tgt}-from-{src}", "conversion",
                      f"Type Conversions: table cell {TYPES[tgt][0]}<-{TYPES[src][0]} {cell}",
                      source, {"verdicts": allowed, "cell": cell})


# ---------------------------------------------------------------------------------------------
# The usual arithmetic conversions: the result type of `a + b`, observed through the warning of
# an implicit vector-to-scalar conversion, which names the source type ("implicit cast from
# "half2" to "float"").

OPERANDS = {
    "cint": ("", "1", None), "cfloat": ("", "1.5", None),
    "int": ("uniform int2 i", "i", "int"), "float": ("uniform float2 f", "f", "float"),
    "half": ("uniform half2 h", "h", "half"), "fixed": ("uniform fixed2 x", "x", "fixed"),
}
RANK = {"fixed": 1, "half": 2, "float": 3}  # "the smaller type is converted to the larger type"


def seed_arith(a, b):
    """Rules 1-6 for the element type of a binary operation (vectors of two)."""
    # cgc prints a literal type's vector (the swizzle of a literal) as the concrete type's vector:
    # (1).xx is "int2", (1.5).xx is "float2"; so cint and cfloat are named int and float here.
    if a in ("cint", "cfloat") and b in ("cint", "cfloat"):
        return "float" if "cfloat" in (a, b) else "int"
    if a == "cint":
        return b
    if b == "cint":
        return a
    if a == "cfloat" and b in RANK:
        return b
    if b == "cfloat" and a in RANK:
        return a
    if a == b:
        return a if a != "cfloat" else "float"
    if a in RANK and b in RANK:
        return a if RANK[a] > RANK[b] else b
    if a == "int" and b in RANK:
        return b
    if b == "int" and a in RANK:
        return a
    if "cfloat" in (a, b):  # cfloat with an integral operand: rule 4, the integral becomes floating
        return "float"
    return None


def arithmetic_cases(cases):
    names = list(OPERANDS)
    for a in names:
        for b in names:
            pa, ea, _ = OPERANDS[a]
            pb, eb, _ = OPERANDS[b]
            params = ", ".join(p for p in dict.fromkeys([pa, pb]) if p)
            # A literal is smeared to a vector of two so that the result is a vector.
            ea2 = ea if OPERANDS[a][2] else f"({ea}).xx"
            eb2 = eb if OPERANDS[b][2] else f"({eb}).xx"
            source = (f"float4 main({params}) : COLOR {{\n"
                      f"  float r = {ea2} + {eb2};\n  return r;\n}}\n")
            expect = seed_arith(a, b)
            cases.add(f"arith-{a}-plus-{b}", "arithmetic", "Type-Promotion Rules: usual arithmetic conversions",
                      source, {"verdicts": ["warn"], "result_type": f"{expect}2" if expect else None},
                      note="the result type is read from cgc's C7011 warning")


# ---------------------------------------------------------------------------------------------
# Overload resolution: each candidate returns a marker; the marker cgc folds names its choice.

def overload_cases(cases):
    def case(id, funcs, call, params, seed_choice, note, profile=DEFAULT_PROFILE, rule="Function Overloading: rule 5"):
        body = "\n".join(f"{sig} {{ return {m}; }}" for sig, m in funcs)
        # A vertex profile's program must write POSITION (seed Table 10).
        semantic = "POSITION" if profile.startswith(("vp", "vs_", "arbvp")) else "COLOR"
        source = f"{body}\nfloat4 main({params}) : {semantic} {{ return {call}; }}\n"
        verdicts = {None: ["reject"], "silent": ["accept", "reject", "warn"]}.get(
            seed_choice, ["accept", "warn"])
        cases.add(id, "overload", rule, source,
                  {"verdicts": verdicts, "choice": None if seed_choice == "silent" else seed_choice,
                   "silent": seed_choice == "silent"},
                  profile=profile, note=note, marker=[m for _, m in funcs])

    case("ovl-greedy-exact-first", [("float f(int a, float b)", 1011), ("float f(float a, int b)", 1022)],
         "f(i, i)", "uniform int i", 1011,
         "5a keeps f(int,float) at the first argument; C++ best match: ambiguous")
    case("ovl-greedy-vs-bestmatch", [("float f(int a, float4 b)", 1011), ("float f(float a, float b)", 1022)],
         "f(i, g)", "uniform int i, uniform float g", 1011,
         "5a keeps f(int,float4) (exact first argument) and 5d accepts float->float4; "
         "C++: f(float,float) converts one argument, f(int,float4) one: ambiguous")
    case("ovl-greedy-second-wins-cxx", [("float f(half a, half b, half c)", 1011), ("float f(float a, float b, float c)", 1022)],
         "f(h, g, g)", "uniform half h, uniform float g", 1011,
         "5a keeps f(half,half,half) at the first argument; a best match prefers f(float,float,float) "
         "(two exact arguments against one)")
    case("ovl-exact-vs-promotion", [("float f(float a)", 1011), ("float f(int a)", 1022)],
         "f(h)", "uniform half h", "silent",
         "no exact match; half->float and half->int are both implicit casts: the seed fails at "
         "rule 7 unless half->float is a promotion (5B, whose promotions the seed does not list)")
    case("ovl-cint-arg", [("float f(float a)", 1011), ("float f(int a)", 1022)],
         "f(1)", "", 1022, "a cint argument: does cint match int exactly? (cint is its own type)")
    case("ovl-cfloat-arg", [("float f(float a)", 1011), ("float f(half a)", 1022)],
         "f(1.5)", "", "silent", "a cfloat argument: float and half are both conversions of cfloat; "
         "the seed defers cfloat's overloading rules to a later section that does not give them")
    case("ovl-cfloat-arg-int", [("float f(float a)", 1011), ("float f(int a)", 1022)],
         "f(1.5)", "", "silent", "a cfloat argument to f(float) or f(int) (seed silent, as above)")
    case("ovl-vector-smear", [("float f(float4 a)", 1011), ("float f(float a)", 1022)],
         "f(g)", "uniform float g", 1022, "exact scalar match beats the smear")
    case("ovl-vector-truncate", [("float f(float3 a)", 1011), ("float f(float2 a)", 1022)],
         "f(v)", "uniform float4 v", None, "both truncations are implicit casts with a warning: ambiguous")
    case("ovl-default-param", [("float f(float a, float b = 2)", 1011), ("float f(int a)", 1022)],
         "f(g)", "uniform float g", 1011, "rule 3 keeps f(float, float=2) for one argument")
    case("ovl-default-vs-exact", [("float f(float a, float b = 2)", 1011), ("float f(float a)", 1022)],
         "f(g)", "uniform float g", None, "both match exactly: rule 7 fails (open-profile conflict)")
    case("ovl-no-candidate", [("float f(float a, float b)", 1011)], "f(g)", "uniform float g", None,
         "rule 4: wrong number of arguments")
    case("ovl-struct-arg", [("float f(S_f a)", 1011), ("float f(float a)", 1022)],
         "f(g)", "uniform float g", 1022, "a struct parameter takes no implicit conversion")
    cases.items[-1]["source"] = "struct S_f { float a; };\n" + cases.items[-1]["source"]

    # Rule 6: profile overloads, compiled for several profiles.
    sets = {
        "exact-wild-open": [("arbfp1 float f(float x)", 1011), ("ps float f(float x)", 1022),
                            ("float f(float x)", 1033)],
        "wild-open": [("ps float f(float x)", 1022), ("float f(float x)", 1033)],
        "vs-open": [("vs float f(float x)", 1044), ("float f(float x)", 1033)],
        "ps2-ps": [("ps_2 float f(float x)", 1055), ("ps float f(float x)", 1022),
                   ("float f(float x)", 1033)],
        "only-profile": [("fp40 float f(float x)", 1066)],
    }
    choice = {
        ("exact-wild-open", "arbfp1"): 1011, ("exact-wild-open", "fp40"): 1022,
        ("exact-wild-open", "ps_2_0"): 1022, ("exact-wild-open", "vp40"): 1033,
        ("wild-open", "arbfp1"): 1022, ("wild-open", "fp40"): 1022, ("wild-open", "ps_2_0"): 1022,
        ("wild-open", "vp40"): 1033,
        ("vs-open", "arbfp1"): 1033, ("vs-open", "fp40"): 1033, ("vs-open", "ps_2_0"): 1033,
        ("vs-open", "vp40"): 1044,
        ("ps2-ps", "arbfp1"): 1022, ("ps2-ps", "fp40"): 1022, ("ps2-ps", "ps_2_0"): 1055,
        ("ps2-ps", "vp40"): 1033,
        ("only-profile", "fp40"): 1066,
    }
    for name, funcs in sets.items():
        for profile in ("arbfp1", "fp40", "ps_2_0", "vp40"):
            c = choice.get((name, profile))
            case(f"ovl-profile-{name}-{profile}", funcs, "f(g)", "uniform float g", c,
                 "rule 6 (and rule 2 for a conflicting profile); 'ps' matches any fragment profile, "
                 "'ps_2' the DX9 pixel shader 2.x profiles, 'vs' any vertex profile (vp40)", profile=profile,
                 rule="Function Overloading: rule 6; Overloading of Functions by Profile")


# ---------------------------------------------------------------------------------------------
# Swizzles and write masks

def swizzle_cases(cases):
    rows = [
        # (id, params, statement, seed verdicts, note)
        ("xyzw", "uniform float4 v", "float4 r = v.wzyx;", ["accept"], "a permutation"),
        ("rgba", "uniform float4 v", "float4 r = v.abgr;", ["accept"], "the color set"),
        ("mixed-sets", "uniform float4 v", "float2 r = v.xg;", ["accept", "reject"],
         "xyzw and rgba mixed: the seed gives no swizzle grammar (silent)"),
        ("repeat-read", "uniform float4 v", "float4 r = v.xxyy;", ["accept"], "repeated components read"),
        ("too-long", "uniform float4 v", "float4 r = v.xyzwx;", ["reject"], "five components"),
        ("out-of-range", "uniform float2 v", "float3 r = v.xyz;", ["reject"], "z of a float2"),
        ("scalar-swizzle", "uniform float g", "float4 r = g.xxxx;", ["accept"], "a scalar swizzled (1-vector)"),
        ("scalar-swizzle-y", "uniform float g", "float2 r = g.xy;", ["reject"], "y of a scalar"),
        ("literal-swizzle", "", "float4 r = (1.5).xxxx;", ["accept"], "a literal swizzled"),
        ("mask-write", "uniform float4 v", "float4 r = v; r.zx = float2(1, 2);", ["accept"], "a write mask out of order"),
        ("mask-repeat", "uniform float4 v", "float4 r = v; r.xx = float2(1, 2);", ["reject"], "a repeated component in a write mask"),
        ("mask-width", "uniform float4 v", "float4 r = v; r.xy = float3(1, 2, 3);", ["warn"],
         "a wider value through a mask: vector to smaller vector, W(1)"),
        ("mask-smear", "uniform float4 v", "float4 r = v; r.yw = 2;", ["accept"], "a scalar smeared through a mask"),
        ("mask-on-rvalue", "uniform float4 v", "float4 r = v; (r + 1).x = 2;", ["reject"], "a mask on an rvalue"),
        ("matrix-swizzle", "uniform float4x4 m", "float2 r = m._m00_m11;", ["accept"], "matrix component swizzle (0-based)"),
        ("matrix-swizzle-1", "uniform float4x4 m", "float2 r = m._11_22;", ["accept"], "matrix component swizzle (1-based)"),
        ("matrix-row", "uniform float4x4 m", "float4 r = m[1];", ["accept"], "a matrix row"),
        ("matrix-row-swizzle", "uniform float4x4 m", "float2 r = m[1].yx;", ["accept"], "a row swizzled"),
        ("swizzle-of-swizzle", "uniform float4 v", "float2 r = v.zw.yx;", ["accept"], "a swizzle of a swizzle"),
        ("mask-through-swizzle", "uniform float4 v", "float4 r = v; r.zw.y = 3;", ["accept"], "a mask through a mask"),
        ("int-swizzle", "uniform int4 v", "int2 r = v.yw;", ["accept"], "an int vector swizzled"),
        ("bool-swizzle", "uniform bool4 v", "bool2 r = v.yw;", ["accept"], "a bool vector swizzled"),
    ]
    for id, params, stmt, seed, note in rows:
        source = f"float4 main({params}) : COLOR {{\n  {stmt}\n  return 0;\n}}\n"
        cases.add(f"swz-{id}", "swizzle", "Operator Precedence: swizzle and write-mask operators",
                  source, {"verdicts": seed, "silent": len(seed) > 1}, note=note)


# ---------------------------------------------------------------------------------------------
# Reachability: the seed applies a profile's restrictions only to the entry and the functions it
# reaches ("Profiles"); its other rules apply to the whole compilation unit.

def reach_cases(cases):
    rows = [
        ("unreached-library", "arbvp1", "POSITION",
         "float4 f(sampler2D s, float2 t) { return tex2D(s, t); }", ["accept", "warn"],
         "a fragment-only library function in a function the vertex entry does not reach"),
        ("reached-library", "arbvp1", "POSITION",
         "float4 f(sampler2D s, float2 t) { return tex2D(s, t); }", ["reject"],
         "the same function reached from the vertex entry"),
        ("unreached-undefined-variable", "fp40", "COLOR",
         "float f() { return undefined_x; }", ["reject"],
         "an undeclared name in a function the entry does not reach"),
        ("unreached-undefined-function", "fp40", "COLOR",
         "float f() { return fract(1.0); }", ["reject"],
         "an undeclared function (GLSL's fract) in a function the entry does not reach"),
        ("unreached-type-error", "fp40", "COLOR",
         "float f() { float3 v = float2(1, 2); return v.x; }", ["reject"],
         "a conversion the table forbids in a function the entry does not reach"),
    ]
    for id, profile, semantic, func, seed, note in rows:
        if id == "reached-library":
            main = (f"float4 main(float4 p : POSITION, uniform sampler2D s) : {semantic} "
                    f"{{ return p + f(s, p.xy); }}")
        elif semantic == "POSITION":
            main = f"float4 main(float4 p : POSITION) : {semantic} {{ return p; }}"
        else:
            main = f"float4 main() : {semantic} {{ return 1; }}"
        cases.add(f"reach-{id}", "reach", "Profiles: restrictions apply to the reached functions",
                  f"{func}\n{main}\n", {"verdicts": seed}, profile=profile, note=note)


# ---------------------------------------------------------------------------------------------
# The older profiles' hardware limits (docs/ambiguities.md CG-P10 to CG-P12): the seed leaves
# them to each profile's specification ("compilers are permitted to issue error messages"); the
# reading is the profile page's rule, on the run-time values of the reached functions.

def limit_cases(cases):
    frag = "float4 main(float2 uv : TEXCOORD0{params}) : COLOR {{ {body} }}"
    vert = "float4 main(float4 p : POSITION{params}) : POSITION {{ {body} }}"
    rows = [
        # (id, profiles and their readings, template, extra parameters, globals, body, note)
        ("loop-uniform-bound", {"arbfp1": "reject", "ps_2_0": "reject", "fp40": "accept"}, frag,
         "", "uniform float n;", "float s = 0; for (float i = 0; i < n; i++) s += uv.x; return s;",
         "CG-P10: a loop bound by a uniform cannot be unrolled"),
        ("loop-varying-bound-break", {"arbfp1": "reject", "ps_3_0": "accept"}, frag, "", "",
         "float s = 0; for (float i = 0; i < uv.y; i++) { s += uv.x; if (i > 100) break; } "
         "return s;", "CG-P10: a bound from a varying input"),
        ("loop-constant-bound-break", {"arbfp1": "accept"}, frag, "", "",
         "float s = 0; for (int i = 0; i < 4; i++) { s += uv.x; if (s > uv.y) break; } return s;",
         "CG-P10: a constant trip count unrolls, a run-time break guards the iterations"),
        ("loop-reassigned-constant", {"arbfp1": "accept"}, frag, "", "",
         "float r = uv.x; r = 3; float s = 0; for (float i = -r; i < r; i++) s += 1; return s;",
         "CG-P10: an assignment of a constant makes the bound a constant again"),
        ("loop-through-call", {"arbfp1": "reject"}, frag, "",
         "float sum(float n) { float s = 0; for (float i = 0; i < n; i++) s += i; return s; }",
         "return sum(uv.x);", "CG-P10: the bound is a parameter a call passes an input to"),
        ("loop-vertex-uniform-bound", {"arbvp1": "reject", "vs_2_0": "reject", "vp40": "accept"},
         vert, ", uniform float n", "",
         "float s = 0; for (float i = 0; i < n; i++) s += p.x; return s;",
         "CG-P10: the vertex profiles whose loops must unroll"),
        ("index-uniform", {"arbfp1": "reject", "ps_2_0": "reject", "gp4fp": "accept"}, frag,
         ", uniform int k", "", "const float t[4] = {1, 2, 3, 4}; return float4(t[k], 0, 0, 1);",
         "CG-P11: an array subscript from a uniform"),
        ("index-loop-counter", {"arbfp1": "accept"}, frag, "", "",
         "const float t[4] = {1, 2, 3, 4}; float s = 0; for (int i = 0; i < 4; i++) s += t[i]; "
         "return s;", "CG-P11: the counter of an unrolled loop is a constant"),
        ("index-vector", {"arbfp1": "accept"}, frag, ", uniform float4 v", "",
         "int k = (int)uv.x; return float4(v[k], 0, 0, 1);",
         "CG-P11: a vector's subscript is not limited"),
        ("index-vertex-uniform-array", {"arbvp1": "accept"}, vert, ", uniform int k",
         "uniform float4 lights[8];", "return lights[k] + p;",
         "CG-P11: vertex profiles index uniform arrays (the seed's light arrays)"),
        ("int-or-run-time", {"arbfp1": "reject", "fp40": "reject", "ps_3_0": "reject",
                             "gp4fp": "accept"}, frag, "", "",
         "int q = (int)uv.x; return float4(q | 2, 0, 0, 1);",
         "CG-P12: | on a run-time integer"),
        ("int-shift-vertex", {"arbvp1": "reject", "vs_3_0": "reject", "gp4vp": "accept"}, vert,
         "", "", "int q = (int)p.x; return float4(q << 1, 0, 0, 1);",
         "CG-P12: << in the vertex profiles"),
        ("int-or-constant", {"arbfp1": "accept"}, frag, "", "",
         "int q = (int)uv.x; return float4(3 | 4, q + 1, q * 2, q % 3);",
         "CG-P12: constants fold; + * % are not integer instructions"),
        ("int-or-once-under-condition", {"arbfp1": "accept"}, frag, "", "",
         "int p = 0; if (uv.x > 0.5) p |= 1; return float4(p, 0, 0, 1);",
         "CG-P12: 0 | 1 folds, then a select"),
        ("int-or-twice-under-conditions", {"arbfp1": "reject"}, frag, "", "",
         "int p = 0; if (uv.x > 0.5) p |= 1; if (uv.y > 0.5) p |= 2; return float4(p, 0, 0, 1);",
         "CG-P12: the second | reads a run-time value"),
    ]
    for id, profiles, template, params, globals_, body, note in rows:
        source = (globals_ + "\n" if globals_ else "") + template.format(params=params, body=body) + "\n"
        for profile, verdict in profiles.items():
            cases.add(f"limit-{id}-{profile}", "limit",
                      "Profiles: the profile's limits (CG-P10 to CG-P12)", source,
                      {"verdicts": [verdict]}, profile=profile, note=note)


# ---------------------------------------------------------------------------------------------
# Folding: the value cgc folds for a closed expression, read from its hlslf output.

def fold_cases(cases):
    def fold(id, type_, expr, readings, note, rule="Constants: constant folding precision"):
        ret = {"float": "float4", "int": "int4", "half": "half4", "fixed": "fixed4"}[type_]
        source = f"{ret} main() : COLOR {{ return {expr}; }}\n"
        values = sorted({fmt(v) for v in readings.values()})
        cases.add(f"fold-{id}", "fold" if type_ in ("float", "int") else "precision", rule, source,
                  {"verdicts": ["accept", "warn"], "values": values, "readings": {k: fmt(v) for k, v in readings.items()}},
                  profile="hlslf", note=note, fold=type_)

    third = 1.0 / 3.0
    fold("cfloat-third", "float", "1.0/3.0", {"fp32": f32(f32(1.0) / f32(3.0)), "exact": f32(third)}, "cfloat division")
    fold("cfloat-absorb", "float", "(16777216.0 + 1.0) - 16777216.0",
         {"fp32": 0.0, "exact": 1.0}, "fp32 folding loses the 1; exact or fp64 folding keeps it")
    fold("cfloat-tiny", "float", "(1.0 + 1e-10) - 1.0",
         {"fp32": 0.0, "fp64": f32((1.0 + 1e-10) - 1.0), "exact": f32(1e-10)}, "a cfloat below fp32 resolution")
    fold("cfloat-overflow-mid", "float", "1e30 * 1e30 / 1e30",
         {"fp32": math.inf, "exact": f32(1e30)}, "an intermediate beyond fp32's range")
    fold("cfloat-point1", "float", "0.1 + 0.2", {"fp32": f32(f32(0.1) + f32(0.2)), "exact": f32(0.3)}, "")
    fold("cfloat-sqrt", "float", "sqrt(2.0)", {"fp32": f32(math.sqrt(2.0))}, "a standard-library function folded")
    fold("cfloat-sin", "float", "sin(1.0)", {"fp32": f32(math.sin(1.0))}, "a transcendental folded")
    fold("cint-wrap", "int", "2147483647 + 1", {"int32": i32(2147483648), "exact": 2147483648},
         "cint overflow: 32-bit two's complement wraps")
    fold("cint-wide-literal", "int", "3000000000", {"int32": i32(3000000000), "exact": 3000000000},
         "a decimal literal beyond int's range")
    fold("cint-mul-div", "int", "0x7fffffff * 2 / 2", {"int32": i32(i32(0x7fffffff * 2) // 2), "exact": 0x7fffffff},
         "a wrapping intermediate")
    fold("cint-div-neg", "int", "-7 / 2", {"C99": -3}, "C rules: truncation toward zero")
    fold("cint-mod-neg", "int", "-7 % 3", {"C99": -1}, "C rules: the remainder has the dividend's sign")
    fold("cint-shift31", "int", "1 << 31", {"int32": i32(1 << 31)}, "")
    fold("cint-to-float", "float", "16777217", {"fp32": f32(16777217.0)}, "cint converted to float")
    fold("cint-cfloat-mix", "float", "16777217 + 0.5", {"fp32": f32(f32(16777217.0) + 0.5), "exact": f32(16777217.5)},
         "rule 1: the cint converts to the cfloat's type")
    fold("float-to-int-trunc", "int", "(int)-3.7", {"C99": -3}, "conversion truncates toward zero")
    fold("float-to-int-big", "int", "(int)3.5e9", {"undefined": "any"}, "out-of-range conversion (C: undefined)")
    cases.items[-1]["seed"]["values"] = ["any"]

    fold("half-third", "float", "half(1.0/3.0)", {"fp16": f16(third)}, "s10e5 rounding", rule="Constants: half s10e5")
    fold("half-lit", "float", "0.1h", {"fp16": f16(0.1)}, "a half literal", rule="Constants: half s10e5")
    fold("half-div", "float", "1.0h/3.0h", {"fp16": f16(third)}, "half arithmetic", rule="Constants: half s10e5")
    fold("half-overflow", "float", "half(70000.0)", {"fp16": f16(70000.0)},
         "beyond s10e5's range (max 65504): IEEE semantics give infinity", rule="Constants: half s10e5")
    fold("half-max-plus", "float", "half(65520.0)", {"fp16": f16(65520.0)}, "rounds to infinity in binary16",
         rule="Constants: half s10e5")
    fold("half-add-overflow", "float", "60000.0h + 60000.0h", {"fp16": math.inf}, "half addition overflows",
         rule="Constants: half s10e5")
    fold("half-subnormal", "float", "half(1e-6)", {"fp16": f16(1e-6), "flushed": 0.0},
         "a binary16 subnormal", rule="Constants: half s10e5")
    fold("half-underflow", "float", "half(1e-9)", {"fp16": f16(1e-9)}, "below binary16's smallest subnormal",
         rule="Constants: half s10e5")
    fold("half-precision-sum", "float", "1.0h + 0.0004h", {"fp16": f16(1.0 + f16(0.0004))},
         "an addend below half's resolution at 1", rule="Constants: half s10e5")
    for id, x in [("tie", 2.5 / 1024), ("third", third), ("big", 5.0), ("neg-big", -5.0), ("two", 2.0), ("neg-two", -2.0),
                  ("neg-third", -third), ("half-step", 1.5 / 1024), ("tiny", 0.0004)]:
        expr = {"tie": "2.5/1024.0", "third": "1.0/3.0", "neg-third": "-1.0/3.0", "half-step": "1.5/1024.0"}.get(id, repr(x))
        readings = {f"round{i}": v for i, v in enumerate(fixed(x))}
        fold(f"fixed-{id}", "float", f"fixed({expr})", readings,
             "S1.10 clamped to [-2, 2); the rounding is unspecified", rule="Constants: fixed S1.10")
    fold("fixed-mul", "float", "fixed(1.5) * fixed(1.5)", {f"r{i}": v for i, v in enumerate(fixed(2.25))},
         "a product clamped", rule="Constants: fixed S1.10")


# ---------------------------------------------------------------------------------------------
# The integer types and constants of Cg 3.1 (docs/ambiguities.md C1, CGD-11, CGD-12): the
# seed's precision list has char, short, int, long and rule 6 names unsigned int; the
# suffixes' list is lost. The unsigned types of other widths and the stdint names are the cgc
# dialect's (the seed's reading rejects them); a constant must lie in its type's range (C).

def integer_cases(cases):
    def program(id, body, seed, note, profile=DEFAULT_PROFILE):
        source = f"float4 main() : COLOR {{ {body} }}\n"
        cases.add(f"int-{id}", "integer", "Types; Constants: integer types and suffixes", source,
                  {"verdicts": seed}, profile=profile, note=note)

    no = ["reject"]
    yes = ["accept", "warn"]
    for t in ["unsigned char", "unsigned short", "unsigned long", "unsigned char2", "unsigned long2x2"]:
        program(t.replace(" ", "-"), f"{t} x = ({t})3; return 1;", no,
                "Cg 3.1's unsigned type of another width: not the seed's (CGD-11)")
    for t in ["int8_t", "uint16_t", "int32_t", "uint64_t"]:
        program(t, f"{t} x = ({t})3; return 1;", no, "C99's name, not the seed's (CGD-12)")
    for lit in ["1s", "1t", "0x10s", "1L", "5U", "010t", "127t", "32767s", "3000000000", "9000000000l"]:
        program(f"suffix-{lit}", f"return {lit};", yes,
                "a suffix of the Cg 3.1 text that cgc accepts, within its type's range (C1)")
    for lit in ["1us", "1tu", "1ul"]:
        program(f"suffix-{lit}", f"return {lit};", no,
                "the suffix of an unsigned type the seed does not have (C1, CGD-11)")
    for lit in ["1i", "1d", "1ui", "1ll", "1.5d", "0x10h"]:
        program(f"suffix-{lit}", f"return {lit};", no, "not a suffix cgc accepts (C1)")
    for lit in ["128t", "32768s", "4294967296u", "9000000000"]:
        program(f"range-{lit}", f"return {lit};", no,
                "outside its type's range: C11 6.4.4p2 (C1)")
    program("signed-long", "signed long x = 3; return x;", yes,
            "C's spelling of long (cgc 3.1 rejects it: C1311)")


# ---------------------------------------------------------------------------------------------


def judge(case, cgc):
    verdict, errors, warnings, out = run_cgc(cgc, case["source"], case["profile"], case["entry"])
    result = {"verdict": verdict, "errors": errors, "warnings": warnings}
    seed = case["seed"]
    departs = verdict not in seed["verdicts"]
    notes = []
    if case["fold"] and verdict != "reject":
        vals = hlsl_folded(out)
        result["value"] = vals
        if vals is None:
            notes.append("not folded")
        else:
            v = vals[0]
            allowed = seed["values"]
            if "any" not in allowed:
                x = float(v)
                ok = any((a in ("inf", "-inf") and math.isinf(x) and str(x) == a) or
                         (a not in ("inf", "-inf", "nan") and float(a) == x) for a in allowed)
                if not ok:
                    departs = True
                    notes.append(f"value {v} outside the seed's readings {allowed}")
    if case["marker"] and verdict != "reject":
        text = " ".join(code_lines(out))
        found = [m for m in case["marker"] if re.search(rf"(?<![\d.]){m}(?:\.0*)?(?![\d])", text)]
        result["choice"] = found[0] if len(found) == 1 else None
        if seed.get("choice") is not None and result["choice"] != seed["choice"]:
            departs = True
            notes.append(f"chose {result['choice']}, the seed's rules choose {seed['choice']}")
    if "result_type" in seed:
        m = [w for w in warnings if w["code"] == "C7011"]
        t = re.search(r'from "([^"]+)"', m[0]["message"]).group(1) if m else None
        result["result_type"] = t
        if seed["result_type"] and t != seed["result_type"]:
            departs = True
            notes.append(f"result type {t}, the seed's rules give {seed['result_type']}")
    if verdict not in seed["verdicts"]:
        notes.insert(0, f"verdict {verdict}, the seed's reading allows {seed['verdicts']}")
    return result, departs, notes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--out", default=os.path.join(root, "tests/data/cg/cgc_verdicts.jsonl"))
    ap.add_argument("--cgc", default="cgc")
    args = ap.parse_args()
    cases = Cases()
    conversion_cases(cases)
    arithmetic_cases(cases)
    overload_cases(cases)
    swizzle_cases(cases)
    reach_cases(cases)
    limit_cases(cases)
    fold_cases(cases)
    integer_cases(cases)
    lines = [json.dumps({"format": FORMAT, "version": VERSION, "cgc": cgc_version(args.cgc),
                         "generator": "scripts/cg_oracle_data.py", "cases": len(cases.items)},
                        sort_keys=True)]
    departures = 0
    for c in cases.items:
        result, departs, notes = judge(c, args.cgc)
        departures += departs
        rec = {k: c[k] for k in ("id", "group", "rule", "profile", "entry", "source", "seed", "note")}
        if c["fold"]:
            rec["fold"] = c["fold"]
        rec["cgc"] = result
        rec["cgc_departs_from_seed"] = departs
        rec["departure"] = "; ".join(notes)
        lines.append(json.dumps(rec, sort_keys=True))
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    tmp = args.out + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, args.out)  # atomic: an interrupted run leaves the old file
    print(f"{len(cases.items)} cases, {departures} where cgc departs from the seed's reading -> {args.out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
