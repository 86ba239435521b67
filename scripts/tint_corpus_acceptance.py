#!/usr/bin/env python3
"""The bar of issue 15, "real programs of today that today's Tint accepts are accepted":
runs `plumb check --revision 2026` over Tint's end-to-end corpus (dawn's test/tint/**/*.wgsl)
and counts, among the programs Tint accepts, those Plumb accepts.

Tint accepts a program when its expected WGSL output (X.wgsl.expected.wgsl, written by Tint's
WGSL writer after resolving) exists and holds no error (warnings only) and is not "SKIP:";
without that file, when its SPIR-V output is not "SKIP: FAILED". Programs that need what is
not current WGSL (Tint's experimental extensions `chromium_*`, language features the 2026-08
text does not define) are counted apart, by name.

Usage: scripts/tint_corpus_acceptance.py DAWN/test/tint PLUMB [--report R.json] [--jobs N]
       scripts/tint_corpus_acceptance.py DAWN/test/tint CTS_CURRENT --via-cts-current
(the second runs the same checker through build/release/tests/conformance/cts_current, the
programs written as its JSON lines, each expected valid)
The dawn checkout is not part of Plumb (fetch it; never commit its files)."""
import argparse, collections, json, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

# new#extension-list and new#language-extensions-sec of wgsl-2026-08-19.bs
CURRENT_EXTENSIONS = {"f16", "clip_distances", "dual_source_blending", "subgroups",
                      "primitive_index", "subgroup_size_control"}
CURRENT_FEATURES = {"readonly_and_readwrite_storage_textures", "packed_4x8_integer_dot_product",
                    "unrestricted_pointer_parameters", "pointer_composite_access",
                    "uniform_buffer_standard_layout", "subgroup_id", "subgroup_uniformity",
                    "texture_and_sampler_let", "texture_formats_tier1", "linear_indexing",
                    "immediate_address_space", "fragment_depth", "buffer_view"}


def tint_accepts(path):
    for suffix, bad in ((".expected.wgsl", ("SKIP",)), (".expected.spvasm", ("SKIP: FAILED",))):
        e = path + suffix
        if os.path.exists(e):
            text = open(e, errors="replace").read()
            if (text.startswith(bad) or re.search(r"^\S*:\d+:\d+ error:", text, re.M)
                    or re.search(r'"severity": "error"', text)):
                return False
            return True
    return None  # no expectation: not counted


def outside_current(text):
    """The names a program enables or requires that current WGSL does not define."""
    names = []
    for kind, body in re.findall(r"^\s*(enable|requires)\s+([^;]*);", text, re.M):
        for n in (x.strip() for x in body.split(",")):
            if n and n not in (CURRENT_EXTENSIONS if kind == "enable" else CURRENT_FEATURES):
                names.append(kind + " " + n)
    return names


# Features of the 2026 text that Plumb does not implement yet (docs/revision-2026.md, "Not yet
# implemented"): a rejected program that uses one is counted under its name as well. (None
# since buffer_view, the last one, was implemented; a new entry is a name and a regex.)
UNIMPLEMENTED = {}


def unimplemented(text):
    return [n for n, r in UNIMPLEMENTED.items() if r.search(text)]


def check(plumb, files):
    r = subprocess.run([plumb, "check", "--revision", "2026", "--format", "json", *files],
                       capture_output=True, text=True, timeout=120)
    out = json.loads(r.stdout)
    return {f["file"]: f for f in out["files"]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("plumb")
    ap.add_argument("--report")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--via-cts-current", action="store_true")
    a = ap.parse_args()
    sources = []
    for root, _, names in os.walk(a.corpus):
        for n in names:
            if n.endswith(".wgsl") and ".expected." not in n:
                sources.append(os.path.join(root, n))
    sources.sort()
    counted, apart, noexp = [], collections.Counter(), 0
    for s in sources:
        t = tint_accepts(s)
        if t is None:
            noexp += 1
            continue
        if not t:
            apart["Tint rejects"] += 1
            continue
        names = outside_current(open(s, errors="replace").read())
        if names:
            apart["not current WGSL: " + names[0]] += 1
            continue
        counted.append(s)
    if a.via_cts_current:
        import gzip, tempfile
        data = os.path.join(tempfile.mkdtemp(), "tint.jsonl.gz")
        with gzip.open(data, "wt") as out:
            for f in counted:
                rel = os.path.relpath(f, a.corpus)
                out.write(json.dumps({"test": "webgpu:shader,validation,tint," +
                                      os.path.dirname(rel).replace("/", ",") + ":" +
                                      os.path.basename(rel),
                                      "params": {}, "kind": "compile", "expected": True,
                                      "code": open(f, errors="replace").read()}) + "\n")
        report = a.report or os.path.join(os.path.dirname(data), "report.json")
        r = subprocess.run([a.plumb, "--data", data, "--revision", "2026", "--report", report],
                           capture_output=True, text=True)
        print(f"sources {len(sources)}, without expectation {noexp}")
        for k, v in sorted(apart.items(), key=lambda kv: -kv[1]):
            print(f"  apart: {v:6d} {k}")
        print(f"Tint accepts (current WGSL): {len(counted)}")
        print(r.stdout[-3000:], r.stderr[-2000:])
        return
    results = {}
    batches = [counted[i:i + 100] for i in range(0, len(counted), 100)]

    def run(batch):
        try:
            return check(a.plumb, batch)
        except (subprocess.TimeoutExpired, json.JSONDecodeError):
            out = {}
            for f in batch:  # one at a time: which file hangs or crashes
                try:
                    out.update(check(a.plumb, [f]))
                except subprocess.TimeoutExpired:
                    out[f] = {"valid": False, "diagnostics": [{"rule": "timeout"}]}
                except json.JSONDecodeError:
                    out[f] = {"valid": False, "diagnostics": [{"rule": "crash"}]}
            return out
    with ThreadPoolExecutor(a.jobs) as ex:
        for r in ex.map(run, batches):
            results.update(r)
    rejected = {f: r for f, r in results.items() if not r["valid"]}
    by_rule = collections.Counter()
    for f, r in rejected.items():
        errs = [d for d in r["diagnostics"] if d.get("severity", "error") == "error"]
        by_rule[errs[0].get("rule", "?") if errs else "?"] += 1
    n = len(counted)
    print(f"sources {len(sources)}, without expectation {noexp}")
    for k, v in sorted(apart.items(), key=lambda kv: -kv[1]):
        print(f"  apart: {v:6d} {k}")
    print(f"Tint accepts (current WGSL): {n}; Plumb accepts {n - len(rejected)} "
          f"({100.0 * (n - len(rejected)) / max(n, 1):.2f}%)")
    for k, v in by_rule.most_common():
        print(f"  rejected: {v:5d} {k}")
    gaps = collections.Counter()
    for f in rejected:
        for n in unimplemented(open(f, errors="replace").read()):
            gaps[n] += 1
    for k, v in gaps.most_common():
        print(f"  of them, using {k} (in the 2026 text, not implemented by Plumb yet): {v}")
    if a.report:
        json.dump({"counted": n, "apart": apart, "rejected": {
            os.path.relpath(f, a.corpus): [d.get("rule") + ": " + d.get("message", "")
                                          for d in r["diagnostics"]][:3]
            for f, r in sorted(rejected.items())}}, open(a.report, "w"), indent=1)


if __name__ == "__main__":
    main()
