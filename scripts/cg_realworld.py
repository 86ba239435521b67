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

  scripts/cg_realworld.py ogre --root DIR --out FILE
      Ogre's Cg programs (github:OGRECave/ogre; a checkout or `git archive` of it): every
      `vertex_program`/`fragment_program`/`geometry_program NAME cg { ... }` of its .program and
      .material scripts, with its `source`, `entry_point` (default main), `preprocessor_defines`
      (or `compile_arguments -D...`) after Ogre's own (OGRE_CG or OGRE_HLSL=3/4, and
      OGRE_<STAGE>_SHADER), and the profile Ogre's Cg plugin selects on OpenGL: the first
      of its `profiles`/`target` that OpenGL has (arb*, vp*/fp*, gp4*/gp5*), else the first
      listed; and every `hlsl` program whose source is a .cg file (Ogre's HLSL_Cg sources, written
      for both) with the first Direct3D profile it lists. The source is found by its name among
      the collection's .cg files, and its includes in the folders of the files they name (Ogre's
      resource locations).

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


def cgc(path, entry, profile, cwd, defines=(), includes=()):
    p = subprocess.run(["cgc", "-quiet", "-profile", profile, "-entry", entry]
                       + ["-D" + d for d in defines] + ["-I" + i for i in includes] + [path],
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


OGRE_GL = re.compile(r"^(arb[vf]p1|[vf]p[234]0|gp[45](vp|fp|gp|tcp|tep))$")
OGRE_D3D = re.compile(r"^([vp]s_[1-5]_[0-9x]|gs_[45]_0|hs_5_0|ds_5_0)$")
OGRE_BLOCK = re.compile(r"\b(vertex|fragment|geometry)_program[ \t]+(\S+)[ \t]+([^{\n]*)\s*\{")


def ogre_programs(root):
    """(file, entry, stage, profile, defines) of each Cg program of Ogre's scripts: a program
    whose languages include `cg` gets the profile Ogre's Cg plugin picks on OpenGL (the first of
    its `profiles`/`target` that OpenGL has); an `hlsl` program whose source is a .cg file (the
    HLSL_Cg folder: sources written for both) gets the first Direct3D profile it lists, which
    cgc translates to HLSL as Ogre's Cg plugin does on Direct3D."""
    sources, where = {}, {}
    for d, _, files in sorted(os.walk(root)):
        if "/.git" in d:
            continue
        for f in sorted(files):
            where.setdefault(f, os.path.relpath(d, root))
            if f.endswith(".cg"):
                sources.setdefault(f, os.path.relpath(os.path.join(d, f), root))
    # Ogre finds an #include in any resource location: the folders of the included files.
    includes = set()
    for rel in sources.values():
        with open(os.path.join(root, rel), errors="replace") as fh:
            for name in re.findall(r'#\s*include\s*[<"]([^>"]+)[>"]', fh.read()):
                if os.path.basename(name) in where:
                    includes.add(where[os.path.basename(name)])
    includes = tuple(sorted(includes))
    programs = set()
    for d, _, files in sorted(os.walk(root)):
        for f in sorted(files):
            if not f.endswith((".program", ".material")):
                continue
            with open(os.path.join(d, f), errors="replace") as fh:
                text = re.sub(r"//[^\n]*", "", fh.read())
            for m in OGRE_BLOCK.finditer(text):
                languages = m.group(3).split()
                depth, i = 1, m.end()
                while depth and i < len(text):
                    depth += {"{": 1, "}": -1}.get(text[i], 0)
                    i += 1
                fields = {}
                for line in text[m.end():i - 1].splitlines():
                    words = line.split()
                    if len(words) >= 2 and words[0] not in fields:
                        fields[words[0]] = words[1:]
                source = fields.get("source", [None])[0]
                if source not in sources:
                    continue
                listed = fields.get("profiles", []) + fields.get("target", [])
                if "cg" in languages:
                    chosen = [p for p in listed if OGRE_GL.match(p)] or listed
                elif "hlsl" in languages:
                    chosen = [p for p in listed if OGRE_D3D.match(p)]
                else:
                    continue
                if not chosen:
                    continue
                # Ogre's own macros (OgreHighLevelGpuProgram::appendBuiltinDefines,
                # OgreCgProgram.cpp: -DOGRE_CG): the language and the stage, which
                # OgreUnifiedShader.h reads.
                stage_macro = "OGRE_%s_SHADER" % m.group(1).upper()
                if "cg" in languages:
                    defines = ["OGRE_CG", stage_macro]
                else:
                    defines = ["OGRE_HLSL=%d" % (4 if chosen[0][-3:] in ("4_0", "5_0") else 3),
                               stage_macro]
                for item in fields.get("preprocessor_defines", []):
                    defines += [x for x in item.split(",") if x]
                defines += [a[2:] for a in fields.get("compile_arguments", []) if a.startswith("-D")]
                entry = fields.get("entry_point", ["main"])[0]
                programs.add((sources[source], entry, m.group(1), chosen[0], tuple(defines),
                              includes))
    return sorted(programs)


def run(programs, root, out):
    # cgc runs in each file's folder: the include folders must not be relative to ours.
    root = os.path.abspath(root)
    lines = []
    for rel, entry, stage, profile, *rest in programs:
        defines = list(rest[0]) if rest else []
        includes = list(rest[1]) if len(rest) > 1 else []
        d = os.path.dirname(os.path.join(root, rel))
        verdict, errors, warnings = cgc(os.path.basename(rel), entry, profile, d, defines,
                                        [os.path.join(root, i) for i in includes])
        line = {"file": rel, "entry": entry, "stage": stage, "profile": profile,
                "cgc": {"verdict": verdict, "errors": errors[:5], "warnings": len(warnings)}}
        if defines:
            line["defines"] = defines
        if includes:
            line["include_dirs"] = includes
        lines.append(line)
    return lines


def write_manifest(out, collection, root, records):
    """The manifest (docs/formats.md plumb-cg-programs): a header line, then a record a line,
    written atomically (an interrupted run leaves the old file); the verdicts counted."""
    header = {"format": FORMAT, "version": VERSION, "collection": collection,
              "root": root, "programs": len(records)}
    tmp = out + ".tmp"
    with open(tmp, "w") as fh:
        fh.write(json.dumps(header, sort_keys=True) + "\n")
        for r in records:
            fh.write(json.dumps(r, sort_keys=True) + "\n")
    os.replace(tmp, out)
    counts = {}
    for r in records:
        counts[r["cgc"]["verdict"]] = counts.get(r["cgc"]["verdict"], 0) + 1
    print(f"{len(records)} programs: {counts}", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("collection", choices=["nvidia", "retroarch", "ogre"])
    ap.add_argument("--examples", default="/usr/share/doc/nvidia-cg-doc/examples")
    ap.add_argument("--root")
    ap.add_argument("--profiles", choices=["arb", "gp5"], default="arb")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    if args.collection == "nvidia":
        root = args.examples
        progs = [(f, e, s, PROFILES[api][s]) for f, e, s, api in nvidia_programs(root)]
    elif args.collection == "ogre":
        root = args.root
        progs = ogre_programs(root)
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
    write_manifest(args.out, args.collection, root, results)


if __name__ == "__main__":
    main()
