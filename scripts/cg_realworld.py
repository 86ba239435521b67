#!/usr/bin/env python3
"""Real-world Cg programs for the Cg oracle (issue 21 item 4, docs/cg.md "Oracle").

Finds the programs of a collection as a new user would (each .cg file with the entry functions and
the stage its host code or its own convention names), compiles each with NVIDIA's cgc for the
profile its API would pick, and writes a manifest of programs with cgc's verdicts (JSON lines,
format plumb-cg-programs, version 1; docs/formats.md). `plumb cg oracle --programs FILE` reads it.

  scripts/cg_realworld.py nvidia    [--examples DIR] --out FILE
      NVIDIA's examples (Debian nvidia-cg-doc: /usr/share/doc/nvidia-cg-doc/examples): the entry
      and stage come from the host program's `my<Stage>ProgramFileName`/`my<Stage>ProgramName`
      strings; the profile from the API folder (OpenGL: gp5*, the latest profile
      cgGLGetLatestProfile gives on a current NVIDIA GPU; Direct3D9: vs_3_0/ps_3_0; Direct3D10:
      *_4_0; Direct3D11: *_5_0).
  scripts/cg_realworld.py retroarch --root DIR --out FILE [--profiles arb|gp5]
      RetroArch's Cg shaders (github:libretro/common-shaders): every .cg file, entries main_vertex
      and main_fragment (RetroArch's convention), profiles arbvp1/arbfp1 (what RetroArch's Cg
      driver gets from cgGLGetLatestProfile without NV extensions) or gp5vp/gp5fp.

Nothing of the collections is copied: the manifest names files relative to the collection's root.
"""
import argparse
import json
import os
import re
import subprocess
import sys

FORMAT = "plumb-cg-programs"
VERSION = 1
DIAG = re.compile(r"^(.*?)\((\d+)\) : (error|warning|fatal error) (C\d+): (.*)$")

STAGES = {"Vertex": "vertex", "Fragment": "fragment", "Geometry": "geometry",
          "TessellationControl": "tess_control", "TessellationEvaluation": "tess_eval"}
PROFILES = {
    "OpenGL": {"vertex": "gp5vp", "fragment": "gp5fp", "geometry": "gp5gp",
               "tess_control": "gp5tcp", "tess_eval": "gp5tep"},
    "Direct3D9": {"vertex": "vs_3_0", "fragment": "ps_3_0"},
    "Direct3D10": {"vertex": "vs_4_0", "fragment": "ps_4_0", "geometry": "gs_4_0"},
    "Direct3D11": {"vertex": "vs_5_0", "fragment": "ps_5_0", "geometry": "gs_5_0",
                   "tess_control": "hs_5_0", "tess_eval": "ds_5_0"},
}


def cgc(path, entry, profile, cwd):
    p = subprocess.run(["cgc", "-quiet", "-profile", profile, "-entry", entry, path],
                       capture_output=True, text=True, cwd=cwd, timeout=120, errors="replace")
    errors, warnings = [], []
    for line in (p.stderr + p.stdout).splitlines():
        m = DIAG.match(line)
        if m:
            item = {"line": int(m.group(2)), "code": m.group(4), "message": m.group(5)}
            (warnings if m.group(3) == "warning" else errors).append(item)
    verdict = "reject" if p.returncode != 0 or errors else ("warn" if warnings else "accept")
    return verdict, errors, warnings


def nvidia_stage(word):
    """The stage a host program's variable names: myVertexProgramName, myTessQuadControlProgramName,
    myTessQuadEvalControlProgramName (an evaluation program), myGeometrySilhouetteProgramName."""
    for key, stage in (("Vertex", "vertex"), ("Fragment", "fragment"), ("Geometry", "geometry"),
                       ("Eval", "tess_eval"), ("Control", "tess_control")):
        if key in word:
            return stage
    return None


def nvidia_programs(root):
    """(file, entry, stage, api) of each example program, from its host program's strings."""
    NAME = re.compile(r'my(?:Cg)?(\w*?)Program(File)?Name\s*=\s*"([^"]+)"')
    FILE = re.compile(r'my(?:CG|Cg)FileName\s*=\s*"([^"]+)"')
    programs = set()
    for d, _, files in sorted(os.walk(root)):
        api = os.path.relpath(d, root).split(os.sep)[0]
        if api not in PROFILES:
            continue
        names, filenames = {}, {}
        for f in files:
            if f.endswith((".c", ".cpp")):
                with open(os.path.join(d, f), errors="replace") as fh:
                    text = fh.read()
                for word, is_file, value in NAME.findall(text):
                    (filenames if is_file else names)[word] = value
                for value in FILE.findall(text):
                    filenames.setdefault("", value)
        for word, entry in names.items():
            stage = nvidia_stage(word)
            file = filenames.get(word) or filenames.get("")
            if stage in PROFILES[api] and file and os.path.exists(os.path.join(d, file)):
                programs.add((os.path.relpath(os.path.join(d, file), root), entry, stage, api))
    return sorted(programs)


def run(programs, root, out):
    lines = []
    for rel, entry, stage, profile in programs:
        d = os.path.dirname(os.path.join(root, rel))
        verdict, errors, warnings = cgc(os.path.basename(rel), entry, profile, d)
        lines.append({"file": rel, "entry": entry, "stage": stage, "profile": profile,
                      "cgc": {"verdict": verdict, "errors": errors[:5], "warnings": len(warnings)}})
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("collection", choices=["nvidia", "retroarch"])
    ap.add_argument("--examples", default="/usr/share/doc/nvidia-cg-doc/examples")
    ap.add_argument("--root")
    ap.add_argument("--profiles", choices=["arb", "gp5"], default="arb")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    if args.collection == "nvidia":
        root = args.examples
        progs = [(f, e, s, PROFILES[api][s]) for f, e, s, api in nvidia_programs(root)]
    else:
        root = args.root
        prof = {"arb": ("arbvp1", "arbfp1"), "gp5": ("gp5vp", "gp5fp")}[args.profiles]
        progs = []
        for d, _, files in sorted(os.walk(root)):
            if "/.git" in d:
                continue
            for f in sorted(files):
                if f.endswith(".cg"):
                    rel = os.path.relpath(os.path.join(d, f), root)
                    progs.append((rel, "main_vertex", "vertex", prof[0]))
                    progs.append((rel, "main_fragment", "fragment", prof[1]))
    results = run(progs, root, args.out)
    header = {"format": FORMAT, "version": VERSION, "collection": args.collection,
              "root": root, "programs": len(results)}
    tmp = args.out + ".tmp"
    with open(tmp, "w") as fh:
        fh.write(json.dumps(header, sort_keys=True) + "\n")
        for r in results:
            fh.write(json.dumps(r, sort_keys=True) + "\n")
    os.replace(tmp, args.out)
    counts = {}
    for r in results:
        counts[r["cgc"]["verdict"]] = counts.get(r["cgc"]["verdict"], 0) + 1
    print(f"{len(results)} programs: {counts}", file=sys.stderr)


if __name__ == "__main__":
    main()
