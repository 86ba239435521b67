#!/usr/bin/env python3
"""Compare the built-in function overloads of the two WGSL texts with Plumb's table.

    scripts/builtin_overload_delta.py [PLUMB] [--seed SEED.bs] [--current CURRENT.bs] [--all]

Extracts every overload of the "Built-in Functions" chapter of each Bikeshed source (the
"Overload" and "Parameterization" cells, the texture tables' "Parameterization | Overload"
rows, and the code blocks of the atomic and synchronization functions), normalizes away what
does not change an overload (parameter names, markup, commas before "or"), and prints, per
function whose overloads differ between the seed (2022-06-07) and the current text
(2026-08-19):

  - the seed's and the current text's overloads that differ;
  - whether Plumb's rows for it differ between `--revision 2022-06` and `--revision 2026`
    (`plumb builtins NAME --format json`);
  - the verdict: `changed in Plumb` (Plumb has 2026 rows of its own for the function: the
    script does not compare those rows with the text, a reviewer does, with --all),
    `reviewed: REASON` (the change needs no row of its own, see REVIEWED), or `CHECK`
    (the text changed and Plumb's rows did not: a missing delta, until reviewed).

Exit status 1 when some function is `CHECK` or a function of the current text is unknown to
`plumb builtins --revision 2026` without a reason in NOT_IN_TABLE. Python 3 standard library
only; no network.
"""
import argparse
import html
import json
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT.parent / "shared" / "spec"

# Functions whose overloads read differently in the two texts but whose set of overloads (as
# Plumb's table expands them) is the same: each with why. A reviewer adds a line here only
# after comparing the text with `plumb builtins NAME --revision 2026`.
REVIEWED = {
    "abs": "float and integer sections merged (delta 6.2: same parameter sets)",
    "min": "float and integer sections merged (delta 6.2: same parameter sets)",
    "max": "float and integer sections merged (delta 6.2: same parameter sets)",
    "clamp": "float and integer sections merged (delta 6.2); low > high: constArgumentErrors",
    "select": "'scalar' covers the abstract types (delta 6.2, #3248)",
    "ldexp": "'T abstract iff I abstract' is the seed's 'I concrete iff T concrete': the rows "
    "(AbstractFloat, AbstractInt) and (f32|f16, i32) in both revisions (docs/ambiguities.md CC2)",
    "length": "the seed's '-> f32' is a typo for S (old#length-builtin's own description); "
    "Plumb's row returns S in both revisions",
    "distance": "the seed's '-> f32' is a typo for S; Plumb's row returns S in both revisions",
    "textureNumSamples": "the seed's 'texture_multisamlped_2d' is a typo",
    "textureSample": "array_index C renamed A: the coordinates are f32, so nothing else shares it",
    "textureSampleBias": "array_index C renamed A (the coordinates are f32)",
    "textureSampleCompare": "array_index C renamed A (the coordinates are f32)",
    "textureSampleCompareLevel": "array_index C renamed A (the coordinates are f32)",
    "textureSampleGrad": "array_index C renamed A (the coordinates are f32)",
    "textureGatherCompare": "array_index C renamed A (the coordinates are f32)",
    "arrayLength": "other address spaces only through buffer views (buffer_view, rev2026d)",
}

# Functions of the current text that `plumb builtins` does not list, with why.
NOT_IN_TABLE = {
    "bitcast": "an expression with its own rule in both revisions (checker/wgsl/expressions.cpp "
    "typeBitcast; Revision::bitcastBuiltinOverloads for new#bitcast-builtin's abstract arguments)",
    "array": "value constructors (checker/wgsl/constructors.cpp)",
    "bool": "value constructors",
    "i32": "value constructors",
    "u32": "value constructors",
    "f32": "value constructors",
    "f16": "value constructors",
    "vec2": "value constructors",
    "vec3": "value constructors",
    "vec4": "value constructors",
    "mat2x2": "value constructors",
    "mat2x3": "value constructors",
    "mat2x4": "value constructors",
    "mat3x2": "value constructors",
    "mat3x3": "value constructors",
    "mat3x4": "value constructors",
    "mat4x2": "value constructors",
    "mat4x3": "value constructors",
    "mat4x4": "value constructors",
    "S": "value constructors (structures)",
    "T": "value constructors (zero values)",
    "bufferView": "buffer_view (rev2026d)",
    "bufferArrayView": "buffer_view (rev2026d)",
    "bufferLength": "buffer_view (rev2026d)",
}


def text_macros(text):
    return {m.group(1): m.group(2) for m in re.finditer(r"^Text Macro: (\w+) (.*)$", text, re.M)}


def clean(cell, macros):
    s = re.sub(r"\[([A-Z]+)\]", lambda m: macros.get(m.group(1), m.group(0)), cell)
    s = re.sub(r"<var[^>]*>(.*?)</var>", r"\1", s)
    s = re.sub(r"\[=(?:[^=\]|]*\|)?([^=\]]*)=\]", lambda m: m.group(1).split("/")[-1], s)
    s = re.sub(r"\|(\w+)\|", r"\1", s)
    s = s.replace("<br>", " ; ")
    s = re.sub(r"<[^>]+>", " ", s)
    s = html.unescape(s)
    s = re.sub(r"Note:.*", "", s, flags=re.S)
    s = s.replace("`", "")
    s = re.sub(r",\s*or\b", " or", s)
    return re.sub(r"\s+", " ", s).strip(" ;.")


def signature(sig):
    """The overload without parameter names, markup or @must_use (delta 4.4 is separate)."""
    sig = re.sub(r"\s+", " ", html.unescape(sig)).strip()
    sig = sig.replace("@must_use ", "")
    sig = re.sub(r"(?<=[(,])\s*\w+\s*:\s*", "", sig)  # parameter names
    sig = re.sub(r"\s*([(),<>])\s*", r"\1", sig).replace(",", ", ")
    sig = re.sub(r"\)->", ") -> ", sig)
    return sig


def overloads(path, start, end):
    text = Path(path).read_text()
    macros = text_macros(text)
    s = text.index(start)
    e = text.find(end, s)
    body = text[s : e if e >= 0 else len(text)]
    out = defaultdict(set)

    def add(pending):
        for code, param in pending:
            for sig in re.split(r"\n(?=\s*@|\s*fn )", code.strip()):
                name = re.search(r"fn\s+(\w+)", sig)
                if name and "(" in sig and ")" in sig:
                    out[name.group(1)].add((signature(sig), param))

    for table in re.findall(r"<table.*?</table>", body, re.S):
        if "<xmp" not in table:
            continue
        columns = re.search(r"Parameterization\s*<th>Overload", table) is not None
        pending = []
        for row in table.split("<tr"):
            codes = re.findall(r"<xmp[^>]*>(.*?)</xmp>", row, re.S)
            if columns and codes:
                cell = row[row.find(">") + 1 : row.find("<xmp")].rsplit("<td", 1)[0]
                add([(c, clean(cell, macros)) for c in codes])
            elif codes:
                add(pending)
                pending = [(c, "") for c in codes]
            elif re.search(r"<td[^>]*>\s*Parameterization", row) and pending:
                param = clean(row.split("Parameterization", 1)[1], macros)
                pending = [(c, param) for c, _ in pending]
        add(pending)
    # The atomic and synchronization functions are code blocks, one declaration each.
    for code in re.findall(r"```(?:wgsl|rust)?\n(.*?)```", body, re.S):
        joined = re.sub(r",\s*\n\s*", ", ", re.sub(r"\(\s*\n\s*", "(", code))
        for line in re.findall(r"^\s*((?:@\w+\s+)*fn\s+\w+\(.*?\)[^{\n]*)$", joined, re.M):
            add([(line, "")])
    return out


def plumb_rows(plumb, revision):
    out = subprocess.run(
        [plumb, "builtins", "--format", "json", "--revision", revision],
        capture_output=True, text=True, check=True).stdout
    rows = defaultdict(set)
    for r in json.loads(out)["rows"]:
        if r["kind"] == "built-in function":
            rows[r["name"]].add((r["signature"], r["parameterization"], r["const"], r["stages"],
                                 r["uniformity"]))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("plumb", nargs="?", default=str(ROOT / "build/release/cli/plumb"))
    ap.add_argument("--seed", default=str(SPEC / "wgsl-2022-06-07.bs"))
    ap.add_argument("--current", default=str(SPEC / "wgsl-2026-08-19.bs"))
    ap.add_argument("--all", action="store_true", help="print the overloads of reviewed ones too")
    a = ap.parse_args()
    seed = overloads(a.seed, "# Built-in Functions # {#builtin-functions}", "\n# Grammar")
    cur = overloads(a.current, "# Built-in Functions # {#builtin-functions}", "\n# Grammar")
    old_rows = plumb_rows(a.plumb, "2022-06")
    new_rows = plumb_rows(a.plumb, "2026")
    problems = 0
    counts = defaultdict(int)
    for name in sorted(set(seed) | set(cur)):
        if seed.get(name, set()) == cur.get(name, set()):
            continue
        if name not in new_rows:
            reason = NOT_IN_TABLE.get(name)
            verdict = "not in the table: " + reason if reason else "MISSING from the table"
        elif old_rows.get(name) != new_rows.get(name):
            verdict = "changed in Plumb" + ("" if name in seed else " (new in 2026)")
        elif name in REVIEWED:
            verdict = "reviewed: " + REVIEWED[name]
        else:
            verdict = "CHECK"
        bad = verdict.startswith(("CHECK", "MISSING"))
        problems += bad
        counts[verdict.split(":")[0].split(" (")[0]] += 1
        print(f"{name}: {verdict}")
        if bad or a.all:
            for sig, param in sorted(seed.get(name, set()) - cur.get(name, set())):
                print(f"  - {sig}   [{param}]")
            for sig, param in sorted(cur.get(name, set()) - seed.get(name, set())):
                print(f"  + {sig}   [{param}]")
    print("\n" + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    print(f"{sum(map(len, seed.values()))} overloads of {len(seed)} functions in the seed, "
          f"{sum(map(len, cur.values()))} of {len(cur)} in the current text")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
