#!/usr/bin/env python3
"""Writes the WGSL litmus corpus for `plumb explore` (corpus/litmus/wgsl/README.md).

Each test is a classic litmus shape over relaxed atomics in storage memory (seed #memory-model:
atomics are Relaxed; in the storage address space their scope is QueueFamily), in three
variants: no barrier, all threads in one workgroup or every thread in its own workgroup; a storageBarrier between every thread's first and second phase, all
threads in one workgroup; the same barrier with every thread in its own workgroup
(@workgroup_size(1)), where the barrier (Workgroup execution and memory scope,
#scoped-operations) synchronizes nothing. The expected outcomes below were derived by hand from
the Vulkan memory model (spirv.als) and are written into each file's header; the test
tests/memmodel/wgsl_litmus_test.cpp checks that `plumb explore` finds exactly them.
Run from this directory: python3 make_corpus.py
"""
import itertools

# name: (threads: [(phase1 statements, phase2 statements)], observed names,
#        allowed without barrier, allowed with a barrier in one workgroup, note)
# Allowed outcomes are tuples of the observed values. Across workgroups the barrier does not
# synchronize, so the allowed set is the no-barrier set.
ALL2 = set(itertools.product([0, 1], repeat=2))
T = {}
T["mp"] = ([(["atomicStore(&m.x, 1u);"], ["atomicStore(&m.y, 1u);"]),
            (["r[0] = atomicLoad(&m.y);"], ["r[1] = atomicLoad(&m.x);"])],
           ["r[0]", "r[1]"], ALL2, {(0, 1)},
           "relaxed atomics: even r0=1,r1=0 is allowed; with the barrier r0 reads before y=1 and r1 after x=1")
T["sb"] = ([(["atomicStore(&m.x, 1u);"], ["r[0] = atomicLoad(&m.y);"]),
            (["atomicStore(&m.y, 1u);"], ["r[1] = atomicLoad(&m.x);"])],
           ["r[0]", "r[1]"], ALL2, {(1, 1)},
           "store buffering r0=r1=0 is allowed for relaxed atomics; the barrier orders both stores before both loads")
T["lb"] = ([(["r[0] = atomicLoad(&m.x);"], ["atomicStore(&m.y, 1u);"]),
            (["r[1] = atomicLoad(&m.y);"], ["atomicStore(&m.x, 1u);"])],
           ["r[0]", "r[1]"], ALL2, {(0, 0)},
           "load buffering r0=r1=1 is allowed: spirv.als has no po+rf acyclicity axiom; the barrier puts both loads before both stores")
T["iriw"] = ([(["atomicStore(&m.x, 1u);"], []),
              (["atomicStore(&m.y, 1u);"], []),
              (["r[0] = atomicLoad(&m.x);"], ["r[1] = atomicLoad(&m.y);"]),
              (["r[2] = atomicLoad(&m.y);"], ["r[3] = atomicLoad(&m.x);"])],
             ["r[0]", "r[1]", "r[2]", "r[3]"], set(itertools.product([0, 1], repeat=4)),
             {(a, 1, b, 1) for a in (0, 1) for b in (0, 1)},
             "relaxed: the readers may disagree on the order of the writes (1,0,1,0); the barrier makes both writes visible to the second loads")
T["2+2w"] = ([(["atomicStore(&m.x, 1u);"], ["atomicStore(&m.y, 2u);"]),
              (["atomicStore(&m.y, 1u);"], ["atomicStore(&m.x, 2u);"])],
             ["m.x", "m.y"], {(a, b) for a in (1, 2) for b in (1, 2)}, {(2, 2)},
             "final values; x=1,y=1 is allowed for relaxed atomics; the barrier orders each first store before the other thread's second")
T["s"] = ([(["atomicStore(&m.x, 2u);"], ["atomicStore(&m.y, 1u);"]),
           (["r[0] = atomicLoad(&m.y);"], ["atomicStore(&m.x, 1u);"])],
          ["r[0]", "m.x"], {(a, b) for a in (0, 1) for b in (1, 2)}, {(0, 1)},
          "r0=1 with final x=2 is allowed for relaxed atomics")
T["r"] = ([(["atomicStore(&m.x, 1u);"], ["atomicStore(&m.y, 1u);"]),
           (["atomicStore(&m.y, 2u);"], ["r[0] = atomicLoad(&m.x);"])],
          ["m.y", "r[0]"], {(a, b) for a in (1, 2) for b in (0, 1)}, {(1, 1)},
          "final y=2 with r0=0 is allowed for relaxed atomics")
T["corr"] = ([(["atomicStore(&m.x, 1u);"], []),
              (["r[0] = atomicLoad(&m.x);"], ["r[1] = atomicLoad(&m.x);"])],
             ["r[0]", "r[1]"], {(0, 0), (0, 1), (1, 1)}, {(0, 1), (1, 1)},
             "coherence: r0=1,r1=0 is forbidden even for relaxed atomics")
T["coww"] = ([(["atomicStore(&m.x, 1u);"], ["atomicStore(&m.x, 2u);"]),
              ([], ["r[0] = atomicLoad(&m.x);"])],
             ["m.x", "r[0]"], {(2, 0), (2, 1), (2, 2)}, {(2, 1), (2, 2)},
             "coherence: program order of the two stores is their modification order, so x ends 2")
T["cowr"] = ([(["atomicStore(&m.x, 1u);"], ["r[0] = atomicLoad(&m.x);"]),
              (["atomicStore(&m.x, 2u);"], [])],
             ["r[0]", "m.x"], {(1, 1), (1, 2), (2, 2)}, {(1, 1), (2, 2)},
             "coherence: r0 cannot read the initial 0 (its own store shadows it), and r0=2 implies x ends 2")
T["corw"] = ([(["r[0] = atomicLoad(&m.x);"], ["atomicStore(&m.x, 1u);"]),
              (["atomicStore(&m.x, 2u);"], [])],
             ["r[0]", "m.x"], {(0, 1), (0, 2), (2, 1)}, {(0, 1), (2, 1)},
             "coherence: r0 cannot read its own later store, and r0=2 implies x ends 1")
PAIRS4 = set()
for first in itertools.combinations(range(4), 2):
    second = tuple(v for v in range(4) if v not in first)
    PAIRS4.add((first[0], first[1], second[0], second[1], 4))
T["rmw"] = ([(["r[0] = atomicAdd(&m.x, 1u);"], ["r[1] = atomicAdd(&m.x, 1u);"]),
             (["r[2] = atomicAdd(&m.x, 1u);"], ["r[3] = atomicAdd(&m.x, 1u);"])],
            ["r[0]", "r[1]", "r[2]", "r[3]", "m.x"], PAIRS4,
            {(a, b, c, d, 4) for (a, c) in ((0, 1), (1, 0)) for (b, d) in ((2, 3), (3, 2))},
            "atomicity: four increments return 0..3 each once (no lost update) and x ends 4")

HEADER = """// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): {title}
// {note}
// @dispatch {dispatch}
// @observe {observe}
{allowed}// @races none
"""


def program(threads, barrier, across):
    n = len(threads)
    lines = ["struct Mem {", "  x: atomic<u32>,", "  y: atomic<u32>,", "}", "",
             "@group(0) @binding(0) var<storage, read_write> m: Mem;",
             "@group(0) @binding(1) var<storage, read_write> r: array<u32, 4>;", ""]
    if across:
        lines += ["@compute @workgroup_size(1)",
                  "fn main(@builtin(workgroup_id) wid: vec3<u32>) {", "  let t = wid.x;"]
    else:
        lines += [f"@compute @workgroup_size({n})",
                  "fn main(@builtin(local_invocation_index) lid: u32) {", "  let t = lid;"]
    for phase in (0, 1):
        if phase == 1 and barrier:
            lines.append("  storageBarrier();")
        for i, th in enumerate(threads):
            if th[phase]:
                lines.append(f"  if (t == {i}u) {{ " + " ".join(th[phase]) + " }")
    lines.append("}")
    return "\n".join(lines) + "\n", n


def write(name, title, note, threads, observe, allowed, barrier, across):
    text, n = program(threads, barrier, across)
    dispatch = f"{n},1,1" if across else "1,1,1"
    allowed_lines = "".join("// @allowed " + " ".join(f"{v}u" for v in o) + "\n" for o in sorted(allowed))
    header = HEADER.format(title=title, note=note, dispatch=dispatch, observe=" ".join(observe),
                           allowed=allowed_lines)
    with open(name + ".wgsl", "w") as f:
        f.write(header + "\n" + text)


for name, (threads, observe, free, synced, note) in T.items():
    write(f"{name}", f"{name.upper()}, relaxed atomics, no barrier", note, threads, observe, free, False, False)
    write(f"{name}.2wg", f"{name.upper()}, relaxed atomics, no barrier, every thread in its own workgroup",
          "across workgroups the storage atomics still have QueueFamily scope (seed #memory-model): the same outcomes as in one workgroup",
          threads, observe, free, False, True)
    write(f"{name}.barrier", f"{name.upper()}, storageBarrier between the phases, one workgroup", note,
          threads, observe, synced, True, False)
    write(f"{name}.barrier.2wg", f"{name.upper()}, storageBarrier, every thread in its own workgroup",
          "the barrier has Workgroup scope: across workgroups it synchronizes nothing, so every no-barrier outcome stays allowed",
          threads, observe, free, True, True)
