#!/usr/bin/env python3
"""Groups the disagreements of a `plumb oracle` report (JSON) by their explanation.

Usage: scripts/oracle_triage.py REPORT.json BACKEND [--list N]

Each disagreement of BACKEND is matched against the explanations below, in order; the first that
matches names it. What matches none is listed as `unexplained`, grouped by classification and the
case's rule row (with up to N example ids and the backend's first message), so that every
disagreement is either explained here or is work to do: a finding (docs/findings.md), a
revision delta (../shared/spec/revision-delta-2022-06-to-2026.md), or a Plumb bug. Results that
`plumb oracle` itself classified `revision-delta` (the backend agrees with Plumb under the other
revision) are grouped by the delta entry the report names.

The explanations are recognised from the case (its id, rule row, program text), the backend's
messages and, for naga's uniformity findings, whether a Tint backend of the same report rejected
the case too; docs/findings.md ("The full corpus against naga and Tint") gives the counts.
"""
import collections
import json
import re
import sys


def messages(result):
    out = [m.get("message", "") for m in result.get("compilation", []) if m.get("type") == "error"]
    out += [v.get("message", "") for v in result.get("validation", [])]
    detail = result.get("detail", "")
    return " | ".join(out + [detail])


def row_id(case):
    return (case.get("rule") or {}).get("rowId", re.sub(r"\.\d+(\.\w+)?$", "", case["id"]))


# (name, classification or None for any, predicate(case, result, messages, wgsl)).
EXPLANATIONS = [
    # naga checks no uniformity at all: a violation that Tint (a 2026 compiler) rejects too is
    # invalid in both revisions, whatever the revision deltas below say about the program's text.
    ("finding naga-uniformity-barriers-unchecked", "accepts-invalid",
     lambda c, r, m, w: naga() and tint_agrees(c) and c["id"].startswith("uniformity") and
     "@compute" in w),
    ("finding naga-uniformity-derivatives-unchecked", "accepts-invalid",
     lambda c, r, m, w: naga() and tint_agrees(c) and c["id"].startswith("uniformity") and
     "@fragment" in w),
    # naga has no behavior analysis: a program Tint rejects for its loop or its missing return is
    # invalid in 2026 as well, whatever the seed's discard rules (a revision delta below) say.
    ("finding naga-empty-loop-behavior", "accepts-invalid",
     lambda c, r, m, w: naga() and tint_says(c, "loop does not exit")),
    ("finding naga-discard-ends-function-with-return-type", "accepts-invalid",
     lambda c, r, m, w: naga() and tint_says(c, "missing return at end of function") and
     "but it is {Discard}" in m),
    ("finding naga-switch-break-falls-off-function-end", "accepts-invalid",
     lambda c, r, m, w: naga() and tint_says(c, "missing return at end of function") and
     "switch" in w),
    ("finding naga-function-end-by-last-statement", "rejects-valid",
     lambda c, r, m, w: naga() and tint_agrees(c) and
     "The `return` expression None does not match the declared return type" in m),
    ("environment: the device lacks shader-f16 (the case needs `enable f16`)", "rejects-valid",
     lambda c, r, m, w: "f16" in m and ("not allowed" in m or "extension" in m)),
    ("revision delta 4.5: `staticAssert` is `const_assert` in 2026", "rejects-valid",
     lambda c, r, m, w: "staticAssert" in w),
    ("revision delta 4.3: `fallthrough` removed in 2026", "rejects-valid",
     lambda c, r, m, w: "fallthrough" in w),
    ("revision delta 4.1/4.2/U17: `discard` is {Next} and demotes in 2026", None,
     lambda c, r, m, w: "discard" in w and c["id"].startswith(("behavior", "uniformity"))),
    ("seed hole (a .seed case: the seed's letter accepts, --strict-uniformity and 2026 reject)",
     "rejects-valid", lambda c, r, m, w: c["id"].endswith(".seed")),
    ("revision delta U1: function returns reconverge in 2026 (an early return in a callee)",
     "accepts-invalid",
     lambda c, r, m, w: c["id"].startswith("uniformity") and
     re.search(r"\{\s*return\b[^}]*\}", w.split("@fragment")[0].split("@compute")[0]) is not None),
    ("revision delta U2: per-value analysis of function-scope variables in 2026",
     "accepts-invalid", lambda c, r, m, w: row_id(c) == "uniformity.U3"),
    ("revision delta 3.4: an abstract `<<`/`>>` takes a u32 count in 2026 (`3 << 2u` is AbstractInt)",
     "accepts-invalid",
     lambda c, r, m, w: re.match(r"overloads\.operator\.shift-(left|right)", row_id(c)) is not None
     and re.search(r"(<<|>>) *\d+u\b", w) is not None),
    ("revision delta 2.2: `vec2()`, `vec3()`, `vec4()` are zero vectors of AbstractInt in 2026",
     "accepts-invalid", lambda c, r, m, w: re.search(r"\bvec[234]\(\)", w) is not None),
    ("finding tint-f32-literal-through-binary64 / A5", None,
     lambda c, r, m, w: "rounds-to-largest" in c["id"]),
    ("finding *-abstract-int-negation-overflow", "accepts-invalid",
     lambda c, r, m, w: "abstract-int-negation" in c["id"]),
    ("finding *-pack-norm-ties-to-even", "output-outside",
     lambda c, r, m, w: re.search(r"pack\w+norm-step", c["id"]) is not None),
    # lavapipe reads a subnormal's exponent field as if it were normal (frexp gives -126); the
    # 2026 text leaves frexp of a subnormal indeterminate: a revision delta, not a bug.
    ("revision delta (finding lavapipe-frexp-subnormal-exponent): frexp of a subnormal",
     "output-outside",
     lambda c, r, m, w: BACKEND == "deno" and "frexp-subnormal" in c["id"]),
    ("Plumb bug (fixed in c8c8497): racy litmus compared with one interleaving, not explore's states",
     "output-outside", lambda c, r, m, w: re.match(r"litmus-.*-race\.\d+\.racy$", c["id"]) is not None),
    ("seed hole U1: a valid twin reads an @location input (generator fixed in 20a70be)",
     "rejects-valid",
     lambda c, r, m, w: c["id"].startswith("uniformity") and "must only be called from uniform" in m and
     re.search(r"\bloc\b", w.split("fn main(")[-1].split("{", 1)[-1]) is not None),
    ("revision delta 2.5: a ptr<workgroup> parameter (seed allows; 2026 without "
     "unrestricted_pointer_parameters does not)", "rejects-valid",
     lambda c, r, m, w: "is a pointer of space WorkGroup, which can't be passed into functions" in m),
    ("finding naga-hex-f16-literal-rejected", "rejects-valid",
     lambda c, r, m, w: re.search(r"not representable by target type: `-?0[xX][0-9a-fA-F.]*[pP][+-]?\d+h`",
                                  m) is not None),
    ("finding naga-const-builtins-not-evaluated (a @const built-in in a const context)", "rejects-valid",
     lambda c, r, m, w: "Not implemented as constant expression" in m),
    ("finding naga-const-builtins-not-evaluated (its creation-time error deferred to run time)",
     "accepts-invalid",
     lambda c, r, m, w: naga() and re.search(
         r"builtin-(quantize-to-f16-range|pack2x16float-range|smoothstep-equal-edges)", c["id"]) is not None),
    ("finding naga-abstract-float-domain-unchecked", "accepts-invalid",
     lambda c, r, m, w: naga() and re.search(r"builtin-(acosh|pow|inverse-sqrt)-domain", c["id"]) is not None),
    ("finding naga-length-distance-normalize-concretized", "rejects-valid",
     lambda c, r, m, w: re.search(r"\b(length|distance|normalize)\(", w) is not None and
     re.search(r"expected to be `(vec\d<)?f16>?`, but got `(vec\d<)?f32>?`", m) is not None),
    ("finding naga-function-end-by-last-statement", "rejects-valid",
     lambda c, r, m, w: "The `return` expression None does not match the declared return type" in m),
    ("finding naga-switch-break-falls-off-function-end", "accepts-invalid",
     lambda c, r, m, w: naga() and "has a return type, so its body's behavior must be" in m and
     "switch" in w),
    ("finding naga-empty-loop-behavior", "accepts-invalid",
     lambda c, r, m, w: naga() and "this loop has an empty behavior" in m),
]

BACKEND = ""


def tint_agrees(case):
    """Whether a Tint backend of the same report gave Plumb's verdict on this case."""
    return any(case.get("results", {}).get(b, {}).get("classification") == "agree"
               for b in ("dawn", "chromium"))


def tint_says(case, text):
    """Whether a Tint backend of the same report rejected this case with `text` in its message."""
    return any(text in m.get("message", "")
               for b in ("dawn", "chromium")
               for m in case.get("results", {}).get(b, {}).get("compilation", []))


def naga():
    """Whether the report's backend compiles with naga (the explanation names a naga finding)."""
    return BACKEND.startswith("deno")


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    report = json.load(open(sys.argv[1]))
    backend = sys.argv[2]
    global BACKEND
    BACKEND = backend
    listing = int(sys.argv[sys.argv.index("--list") + 1]) if "--list" in sys.argv else 3
    explained = collections.Counter()
    unexplained = collections.defaultdict(list)
    compared = 0
    for case in report["cases"]:
        result = case.get("results", {}).get(backend)
        if not result:
            continue
        compared += 1
        cl = result.get("classification")
        if cl in ("agree", "skipped"):
            continue
        m, w = messages(result), case.get("wgsl", "")
        if cl == "revision-delta":
            # plumb oracle found it itself (oracle/wgsl/revision_delta.h): the backend agrees with
            # Plumb under the other revision; grouped by the delta document's entry.
            delta = result.get("revisionDelta", {})
            explained[(cl, f"revision {delta.get('revision', '?')} agrees: {delta.get('entry', '?')}")] += 1
            continue
        for name, want, pred in EXPLANATIONS:
            if (want is None or want == cl) and pred(case, result, m, w):
                explained[(cl, name)] += 1
                break
        else:
            unexplained[(cl, row_id(case))].append((case["id"], m[:160].replace("\n", " ")))
    total = sum(explained.values()) + sum(len(v) for v in unexplained.values())
    print(f"{backend}: {compared} cases compared, {total} disagreements")
    for (cl, name), n in sorted(explained.items(), key=lambda kv: -kv[1]):
        print(f"{n:6d}  {cl:16s} {name}")
    n_unexplained = sum(len(v) for v in unexplained.values())
    print(f"{n_unexplained:6d}  unexplained")
    for (cl, row), items in sorted(unexplained.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(items):5d}  {cl:16s} {row}")
        for cid, msg in items[:listing]:
            print(f"           {cid}: {msg}")
    return 0 if n_unexplained == 0 else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # `| head`: the reader has what it wanted
        sys.exit(0)
