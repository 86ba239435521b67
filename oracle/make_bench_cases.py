#!/usr/bin/env python3
"""Writes N tiny oracle cases (distinct programs, so no backend can reuse a compiled pipeline)
for measuring cases per second: python3 oracle/make_bench_cases.py 300 /tmp/oracle-bench
then: plumb oracle /tmp/oracle-bench --backend dawn --sequential --quiet (docs/oracle.md)."""
import json
import os
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
out = sys.argv[2] if len(sys.argv) > 2 else "/tmp/oracle-bench"
os.makedirs(out, exist_ok=True)
for i in range(n):
    wgsl = ("@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n\n"
            "@compute @workgroup_size(4)\n"
            "fn main(@builtin(global_invocation_id) g: vec3<u32>) {\n"
            f"  o[g.x] = g.x * {i + 3}u + {i}u;\n"
            "}\n")
    words = [{"exact": "0x%08x" % (x * (i + 3) + i)} for x in range(4)]
    case = {"format": "plumb-oracle-case", "version": 1, "name": "bench-%04d" % i,
            "wgsl": wgsl, "entry": "main", "dispatch": [1, 1, 1],
            "bindings": [{"group": 0, "binding": 0, "size": 16}],
            "expect": {"format": "plumb-run", "version": 1, "outcomes": [
                {"kind": "finished", "buffers": [{"group": 0, "binding": 0, "words": words}]}]}}
    with open(os.path.join(out, "bench-%04d.json" % i), "w") as f:
        json.dump(case, f)
print(f"{n} cases in {out}")
