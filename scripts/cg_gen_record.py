#!/usr/bin/env python3
"""Records a batch of `plumb gen cg` programs with cgc's verdicts and folded values as test data
(issue 21 item 5, docs/gen.md "Family cg").

Runs `plumb gen cg --count N --seed S` into a temporary folder, then `plumb cg oracle --all` on
its manifest, and writes every program with the generator's reading of the seed, Plumb's
derivation and cgc's verdict and folded value as JSON lines in the format of the recorded edge
programs (plumb-cgc-verdicts, version 1; docs/formats.md), so that `plumb cg oracle FILE`
replays them (ctest `cg_oracle_generated`, label cg-oracle):

  tests/data/cg/cgc_generated.jsonl

Usage: scripts/cg_gen_record.py [--plumb PATH] [--count N] [--seed S] [--out FILE]
Needs cgc (scripts/cg_oracle_setup.sh). Deterministic: the same plumb and cgc give the same bytes.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plumb", default=os.path.join(ROOT, "build/release/cli/plumb"))
    ap.add_argument("--count", type=int, default=190)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=os.path.join(ROOT, "tests/data/cg/cgc_generated.jsonl"))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="plumb-cg-gen-") as tmp:
        subprocess.run([args.plumb, "gen", "cg", "--count", str(args.count), "--seed",
                        str(args.seed), "--out", tmp, "--quiet"], check=True,
                       stdout=subprocess.DEVNULL)
        manifest = os.path.join(tmp, "cg", "programs.jsonl")
        report = os.path.join(tmp, "report.json")
        r = subprocess.run([args.plumb, "cg", "oracle", manifest, "--all", "--report", report],
                           stdout=subprocess.DEVNULL)
        if r.returncode not in (0, 1):
            sys.exit("plumb cg oracle failed (%d)" % r.returncode)
        with open(report) as f:
            rep = json.load(f)
        items = {it["program"]: it for it in rep["items"]}
        with open(manifest) as f:
            lines = [json.loads(l) for l in f if l.strip()]
        head, programs = lines[0], lines[1:]
        out = [json.dumps({"format": "plumb-cgc-verdicts", "version": 1,
                           "generator": "scripts/cg_gen_record.py (plumb gen cg --count %d "
                                        "--seed %d)" % (args.count, args.seed),
                           "cases": len(programs), "cgc": {"version": rep["cgc_version"]}},
                          sort_keys=True)]
        for p in programs:
            it = items[p["file"] + ":" + p["entry"]]
            with open(os.path.join(tmp, "cg", p["file"])) as f:
                source = f.read()
            seed = {"verdicts": p["expect"]["verdicts"], "silent": p["expect"]["silent"],
                    "why": p["expect"]["why"]}
            rec = {"id": p["file"][:-3], "group": "generated", "row": p["row"],
                   "rule": p["rule"], "profile": p["profile"], "entry": p["entry"],
                   "source": source, "seed": seed, "plumb": p["plumb"],
                   "derivation": p["derivation"],
                   "classification": it["classification"],
                   "cgc": {"verdict": it["cgc"]["verdict"], "errors": it["cgc"]["errors"]}}
            if "values" in p["expect"]:
                seed["values"] = p["expect"]["values"]
                rec["fold"] = "value"
                if "fold" in it:
                    rec["cgc"]["value"] = it["fold"]["cgc"]
                    rec["value_classification"] = it["fold"]["classification"]
            out.append(json.dumps(rec, sort_keys=True))
    with open(args.out + ".tmp", "w") as f:
        f.write("\n".join(out) + "\n")
    os.replace(args.out + ".tmp", args.out)
    print("%s: %d programs" % (args.out, len(programs)))


if __name__ == "__main__":
    main()
