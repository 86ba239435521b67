#!/usr/bin/env python3
"""Measure the parser figures of bench/README.md and print them as a Markdown table.

usage: bench/measure.py [--build build/release] [--rounds 3] [--w1 FILE]

Runs parse_bench ROUNDS times (each with --benchmark_repetitions=5) and reports, per input,
the median over the rounds of each round's median, and in brackets the best repetition seen:
on a machine shared with other jobs one run is not enough. Then measures the whole `plumb
parse` process with /usr/bin/time (peak RSS, median of three) against `plumb --version`, the
fixed baseline of the process. W1 comes from --w1 or the PLUMB_W1 environment variable
(python3 gen_workloads.py --outdir DIR --no-ref writes it); without it, W1 is skipped.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

SUMMARY_ROW = re.compile(
    r"^(\S+)\s+(\d+)\s+([\d.]+) \[\s*([\d.]+)\]\s+([\d.]+) \[\s*([\d.]+)\]\s+([\d.]+)\s+([\d.]+)$")


def run_bench(build, w1, repetitions):
    env = dict(os.environ)
    if w1:
        env["PLUMB_W1"] = w1
    else:
        env.pop("PLUMB_W1", None)
    out = subprocess.run(
        [os.path.join(build, "bench", "parse_bench"),
         f"--benchmark_repetitions={repetitions}", "--benchmark_report_aggregates_only=true"],
        env=env, check=True, capture_output=True, text=True).stdout
    rows = {}
    for line in out.splitlines():  # only the summary's rows have the "x [y]" columns
        m = SUMMARY_ROW.match(line)
        if m:
            label, size, *values = m.groups()
            rows[label] = (int(size), [float(v) for v in values])
    return rows


def peak_rss_kb(argv):
    """Median of three runs of GNU time's maximum resident set size, in KB."""
    peaks = []
    for _ in range(3):
        r = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, capture_output=True, text=True)
        peaks.append(int(r.stderr.strip().splitlines()[-1]))
    return statistics.median(peaks)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build", default=os.path.join(root, "build", "release"))
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--repetitions", type=int, default=5)
    p.add_argument("--w1", default=os.environ.get("PLUMB_W1", ""))
    a = p.parse_args()

    rounds = []
    for i in range(a.rounds):
        print(f"round {i + 1}/{a.rounds} (load {os.getloadavg()[0]:.1f})", file=sys.stderr)
        rounds.append(run_bench(a.build, a.w1, a.repetitions))

    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        for label, size in (("gen-1.5MB", "1.5M"), ("gen-10MB", "10M")):
            files[label] = os.path.join(tmp, label + ".wgsl")
            subprocess.run([os.path.join(a.build, "bench", "plumb_gen_workload"), size,
                            files[label]], check=True, capture_output=True)
        if a.w1:
            files["W1"] = a.w1
        plumb = os.path.join(a.build, "cli", "plumb")
        baseline = peak_rss_kb([plumb, "--version"])
        peaks = {label: peak_rss_kb([plumb, "parse", path]) for label, path in files.items()}

    try:
        commit = subprocess.run(["git", "-C", root, "describe", "--always", "--dirty"],
                                capture_output=True, text=True).stdout.strip()
    except OSError:
        commit = ""
    commit = commit or "(not a git checkout)"
    print(f"Measured at {commit}, {a.rounds} rounds x {a.repetitions} repetitions, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores. "
          "MB/s = 10^6 bytes per CPU second: median of the rounds' medians [best repetition]. "
          f"Process baseline (`plumb --version`): {baseline / 1024:.1f} MiB peak RSS.\n")
    print("| input | source bytes | lex MB/s | lex+parse MB/s | parse/lex time | "
          "AST bytes / source byte | `plumb parse` peak RSS | peak RSS / source "
          "| (peak RSS − baseline) / source |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for label in ("gen-1.5MB", "gen-10MB", "W1"):
        if label not in rounds[0]:
            continue
        size = rounds[0][label][0]
        cols = list(zip(*(r[label][1] for r in rounds)))
        med = [statistics.median(c) for c in cols]
        best = [max(c) for c in cols]
        peak = peaks[label] * 1024
        print(f"| {label} | {size:,} | {med[0]:.0f} [{best[1]:.0f}] | {med[2]:.1f} [{best[3]:.1f}] "
              f"| {med[4]:.2f} | {med[5]:.2f} | {peak / 2**20:.1f} MiB | {peak / size:.1f} "
              f"| {(peak - baseline * 1024) / size:.1f} |")


if __name__ == "__main__":
    main()
