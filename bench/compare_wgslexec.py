#!/usr/bin/env python3
"""Plumb's interpreter and wgsl_reflect's WgslExec on the shared workloads W2 and W3, in one run.

usage: bench/compare_wgslexec.py [--plumb build/release/cli/plumb] [--generator PATH]
                                 [--w2-n 100000] [--rounds 3] [--wgsl-reflect 1.6.0]

The workloads come from the shared generator (default ../shared/bench/gen_workloads.py beside
the repository; deterministic). For each workload and round, in alternation:

  plumb     `plumb run FILE --bindings B --dispatch X,Y,Z --max-steps 2^62 --format json` as a
            whole process (read, parse, check, run every invocation, report), its CPU time
            (user + system, from the kernel's accounting of the child);
  WgslExec  bench/wgslexec_bench.mjs under Node: parse + dispatchWorkgroups in the same process,
            its CPU time (process.cpuUsage; Node's start-up and module loading excluded, which
            favours WgslExec).

CPU time, not wall time, because this machine is shared (the load changes wall time several
fold). Prints the median of each side per workload, the ratio WgslExec / Plumb, W2's iterations
per second, and whether each side's output matches the generator's reference model
(expected.json). wgsl_reflect is installed on first use into bench/.wgslexec/node_modules with
npm, at the pinned version (--wgsl-reflect); without Node or npm only Plumb is measured.
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def header(path, key, default):
    for line in open(path):
        if line.startswith(f"// @{key}:"):
            return line.split(":", 1)[1].split()
    return default


def plumb_words(report):
    """The exact words of binding 0 in the only outcome, or None."""
    outcomes = report.get("outcomes", [])
    if len(outcomes) != 1 or outcomes[0].get("kind") != "finished":
        return None
    words = []
    for w in outcomes[0]["buffers"][0]["words"]:
        if "exact" not in w:
            return None
        words.append(int(w["exact"], 16))
    return words


def digest(words):
    s = x = 0
    for w in words:
        s = (s + w) & 0xFFFFFFFF
        x ^= w
    return s, x


def matches(name, words, expected):
    if words is None or name not in expected:
        return False
    e = expected[name]
    if isinstance(e, list):
        return words[: len(e)] == e
    return digest(words) == (e["sum"], e["xor"])


def run_plumb(plumb, wgsl, bindings, dispatch):
    before = child_cpu()
    p = subprocess.run([plumb, "run", wgsl, "--bindings", bindings, "--dispatch", ",".join(dispatch),
                        "--max-steps", str(1 << 62), "--format", "json"],
                       capture_output=True, text=True)
    cpu = child_cpu() - before
    try:
        report = json.loads(p.stdout)
    except json.JSONDecodeError:
        sys.exit(f"plumb run {wgsl} failed: {p.stderr[-2000:]}")
    return cpu, plumb_words(report)


def ensure_wgsl_reflect(version):
    if not shutil.which("node") or not shutil.which("npm"):
        return None
    where = os.path.join(HERE, ".wgslexec")
    pkg = os.path.join(where, "node_modules", "wgsl_reflect", "package.json")
    if os.path.exists(pkg) and json.load(open(pkg)).get("version") == version:
        return where
    os.makedirs(where, exist_ok=True)
    r = subprocess.run(["npm", "install", "--prefix", where, "--no-save", "--no-audit", "--no-fund",
                        f"wgsl_reflect@{version}"], capture_output=True, text=True)
    if r.returncode != 0 or not os.path.exists(pkg):
        print(f"npm could not install wgsl_reflect@{version}: {r.stderr.strip()[-500:]}", file=sys.stderr)
        return None
    return where


def run_wgslexec(modules, wgsl):
    p = subprocess.run(["node", os.path.join(HERE, "wgslexec_bench.mjs"), modules, wgsl, "1"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        print(f"WgslExec failed on {wgsl}: {p.stderr.strip()[-500:]}", file=sys.stderr)
        return None, None
    r = json.loads(p.stdout.strip().splitlines()[-1])
    return r["cpuSeconds"], r["words"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plumb", default=os.path.join(ROOT, "build", "release", "cli", "plumb"))
    ap.add_argument("--generator", default=os.path.join(ROOT, "..", "shared", "bench", "gen_workloads.py"))
    ap.add_argument("--w2-n", type=int, default=100000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--wgsl-reflect", default="1.6.0", help="the npm version of wgsl_reflect")
    a = ap.parse_args()
    if not os.path.exists(a.generator):
        sys.exit(f"no workload generator at {a.generator} (--generator)")
    tmp = tempfile.mkdtemp(prefix="plumb-wgslexec-")
    subprocess.run([sys.executable, a.generator, "--outdir", tmp, "--w1-funcs", "1", "--w2-n", str(a.w2_n)],
                   check=True, capture_output=True)
    expected = json.load(open(os.path.join(tmp, "expected.json")))
    modules = ensure_wgsl_reflect(a.wgsl_reflect)
    workloads = [("W2", f"w2_loop_N{a.w2_n}.wgsl"), ("W3", "w3_dispatch.wgsl")]
    print(f"# plumb {a.plumb}; WgslExec: "
          f"{'wgsl_reflect ' + a.wgsl_reflect if modules else 'not measured (no Node/npm)'}; "
          f"{a.rounds} rounds, CPU seconds, median")
    print("| workload | Plumb (process) | WgslExec (in process) | WgslExec / Plumb | Plumb output | WgslExec output |")
    print("|---|---:|---:|---:|---|---|")
    for label, name in workloads:
        wgsl = os.path.join(tmp, name)
        words = int(header(wgsl, "words", ["1"])[0])
        dispatch = header(wgsl, "dispatch", ["1", "1", "1"])
        bindings = os.path.join(tmp, name + ".bindings.json")
        json.dump({"format": "plumb-bindings", "version": 1,
                   "bindings": [{"group": 0, "binding": 0, "size": 4 * words}]}, open(bindings, "w"))
        pt, wt, pok, wok = [], [], True, True
        for _ in range(a.rounds):
            cpu, out = run_plumb(a.plumb, wgsl, bindings, dispatch)
            pt.append(cpu)
            pok = pok and matches(name, out, expected)
            if modules:
                cpu, out = run_wgslexec(modules, wgsl)
                if cpu is not None:
                    wt.append(cpu)
                    wok = wok and matches(name, out, expected)
        p = statistics.median(pt)
        extra = f" ({a.w2_n / p / 1e6:.2f} M it/s)" if label == "W2" else ""
        if wt:
            w = statistics.median(wt)
            print(f"| {label} | {p:.3f} s{extra} | {w:.3f} s | **{w / p:.1f}x** | "
                  f"{'correct' if pok else 'WRONG'} | {'correct' if wok else 'wrong'} |")
        else:
            print(f"| {label} | {p:.3f} s{extra} | — | — | {'correct' if pok else 'WRONG'} | — |")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
