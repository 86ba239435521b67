#!/usr/bin/env python3
"""Groups the disagreements of a `plumb oracle` report (JSON) by their explanation.

Usage: scripts/oracle_triage.py REPORT.json BACKEND [--list N]

Each disagreement of BACKEND is matched against the explanations below, in order; the first that
matches names it. What matches none is listed as `unexplained`, grouped by classification and the
case's rule row (with up to N example ids and the backend's first message), so that every
disagreement is either explained here or is work to do: a finding (docs/findings.md), a
revision delta (../shared/spec/revision-delta-2022-06-to-2026.md), or a Plumb bug.

The explanations are recognised from the case (its id, rule row, program text) and the backend's
messages; they are the ones docs/gen.md ("Generated corpora against Tint and naga") counts.
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
    ("revision delta 2.2: `vec2()`, `vec3()`, `vec4()` are zero vectors of AbstractInt in 2026",
     "accepts-invalid", lambda c, r, m, w: re.search(r"\bvec[234]\(\)", w) is not None),
    ("finding tint-f32-literal-through-binary64 / A5", None,
     lambda c, r, m, w: "rounds-to-largest" in c["id"]),
    ("finding *-abstract-int-negation-overflow", "accepts-invalid",
     lambda c, r, m, w: "abstract-int-negation" in c["id"]),
    ("finding *-pack-norm-ties-to-even", "output-outside",
     lambda c, r, m, w: re.search(r"pack\w+norm-step", c["id"]) is not None),
]


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    report = json.load(open(sys.argv[1]))
    backend = sys.argv[2]
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
    sys.exit(main())
