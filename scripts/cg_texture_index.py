#!/usr/bin/env python3
"""Records the Cg reference manual's texture index against cgc (issue 21, docs/cg.md "Textures";
docs/ambiguities.md CG-P18, CG-P19).

Writes one small program per texture function and sampler (the 21 functions the index added
last, the integer samplers' lookups, an explicit-derivative lookup) as a fragment and as a vertex
program under tests/data/cg/texture_index/, compiles each with cgc for the fragment profiles
arbfp1, fp40, ps_2_0, ps_3_0, gp4fp, gp5fp and the vertex profiles vp40, vs_3_0, gp4vp, gp5vp,
and writes the manifest (format plumb-cg-programs, docs/formats.md) with cgc's verdicts:

  tests/data/cg/cgc_texture_index.jsonl

`plumb cg oracle tests/data/cg/cgc_texture_index.jsonl` (its root is relative to the manifest's
folder) replays it (ctest `cg_oracle_texture_index`, label cg-oracle). Needs cgc
(scripts/cg_oracle_setup.sh). Deterministic: the same cgc gives the same bytes.
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from cg_realworld import cgc, write_manifest  # noqa: E402

# (name, sampler type, the expression returned as a float4; `s` the sampler, `t` a float4
# varying input, `i` a uniform int4).
CASES = [
    ("tex1Dcmpbias", "sampler1D", "tex1Dcmpbias(s, t)"),
    ("tex1Dcmpbias_offset", "sampler1D", "tex1Dcmpbias(s, t, 1)"),
    ("tex1Dcmplod", "sampler1D", "tex1Dcmplod(s, t)"),
    ("tex1Dcmplod_offset", "sampler1D", "tex1Dcmplod(s, t, 1)"),
    ("tex2Dcmpbias", "sampler2D", "tex2Dcmpbias(s, t)"),
    ("tex2Dcmpbias_offset", "sampler2D", "tex2Dcmpbias(s, t, int2(1, 0))"),
    ("tex2Dcmplod", "sampler2D", "tex2Dcmplod(s, t)"),
    ("tex2Dcmplod_offset", "sampler2D", "tex2Dcmplod(s, t, int2(1, 0))"),
    ("tex1DARRAYcmpbias", "sampler1DARRAY", "tex1DARRAYcmpbias(s, t)"),
    ("tex1DARRAYcmpbias_offset", "sampler1DARRAY", "tex1DARRAYcmpbias(s, t, 1)"),
    ("tex1DARRAYcmplod", "sampler1DARRAY", "tex1DARRAYcmplod(s, t)"),
    ("tex1DARRAYcmplod_offset", "sampler1DARRAY", "tex1DARRAYcmplod(s, t, 1)"),
    ("tex1DARRAYfetch", "sampler1DARRAY", "tex1DARRAYfetch(s, i)"),
    ("tex1DARRAYfetch_offset", "sampler1DARRAY", "tex1DARRAYfetch(s, i, 1)"),
    ("tex1DARRAYsize", "sampler1DARRAY", "tex1DARRAYsize(s, 0).xyzz"),
    ("tex2DARRAYfetch", "sampler2DARRAY", "tex2DARRAYfetch(s, i)"),
    ("tex2DARRAYfetch_offset", "sampler2DARRAY", "tex2DARRAYfetch(s, i, int2(1, 0))"),
    ("tex2DARRAYsize", "sampler2DARRAY", "tex2DARRAYsize(s, 0).xyzz"),
    ("tex2DMSfetch", "sampler2DMS", "tex2DMSfetch(s, i.xy, 0)"),
    ("tex2DMSsize", "sampler2DMS", "tex2DMSsize(s).xyxy"),
    ("tex2DMSARRAYfetch", "sampler2DMSARRAY", "tex2DMSARRAYfetch(s, i.xyz, 0)"),
    ("tex2DMSARRAYsize", "sampler2DMSARRAY", "tex2DMSARRAYsize(s).xyzz"),
    ("texCUBEARRAY", "samplerCUBEARRAY", "texCUBEARRAY(s, t)"),
    ("texCUBEARRAY_derivatives", "samplerCUBEARRAY", "texCUBEARRAY(s, t, t.xyz, t.xyz)"),
    ("texCUBEARRAYbias", "samplerCUBEARRAY", "texCUBEARRAYbias(s, t, 1.0)"),
    ("texCUBEARRAYlod", "samplerCUBEARRAY", "texCUBEARRAYlod(s, t, 1.0)"),
    ("texCUBEARRAYsize", "samplerCUBEARRAY", "texCUBEARRAYsize(s, 0).xyzz"),
    ("texBUFsize", "samplerBUF", "texBUFsize(s, 0).xyzz"),
    ("texRBUF", "samplerRBUF", "texRBUF(s, i.xy, 0)"),
    ("texRBUFsize", "samplerRBUF", "texRBUFsize(s).xyxy"),
    ("isampler2D_tex2D", "isampler2D", "tex2D(s, t.xy)"),
    ("usampler2D_tex2D", "usampler2D", "tex2D(s, t.xy)"),
    ("isampler2D_tex2Dfetch", "isampler2D", "tex2Dfetch(s, i)"),
    ("isampler2DARRAY_tex2DARRAY", "isampler2DARRAY", "tex2DARRAY(s, t.xyz)"),
    ("usamplerCUBE_texCUBElod", "usamplerCUBE", "texCUBElod(s, t)"),
    ("isamplerBUF_texBUF", "isamplerBUF", "texBUF(s, 0)"),
    ("tex2D_derivatives", "sampler2D", "tex2D(s, t.xy, t.xy, t.zw)"),
    ("tex1DARRAY_derivatives", "sampler1DARRAY", "tex1DARRAY(s, t.xy, t.x, t.y)"),
    ("tex2DARRAY_derivatives_offset", "sampler2DARRAY", "tex2DARRAY(s, t.xyz, t.xy, t.zw, int2(1, 0))"),
    ("tex1DARRAYlod", "sampler1DARRAY", "tex1DARRAYlod(s, t)"),
    ("tex1DARRAYlod_float3", "sampler1DARRAY", "tex1DARRAYlod(s, t.xyz)"),
    ("tex2DARRAYproj_offset", "sampler2DARRAY", "tex2DARRAYproj(s, t, int2(0, 1))"),
]
STAGES = {
    "fragment": ("COLOR", ["arbfp1", "fp40", "ps_2_0", "ps_3_0", "gp4fp", "gp5fp"]),
    "vertex": ("POSITION", ["vp40", "vs_3_0", "gp4vp", "gp5vp"]),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", default=os.path.join(ROOT, "tests/data/cg/texture_index"))
    ap.add_argument("--out", default=os.path.join(ROOT, "tests/data/cg/cgc_texture_index.jsonl"))
    args = ap.parse_args()
    records = []
    for stage, (semantic, profiles) in STAGES.items():
        os.makedirs(os.path.join(args.dir, stage), exist_ok=True)
        for name, sampler, expr in CASES:
            rel = f"{stage}/{name}.cg"
            with open(os.path.join(args.dir, rel), "w") as f:
                f.write(f"float4 main(uniform {sampler} s, uniform int4 i, float4 t : TEXCOORD0)"
                        f" : {semantic} {{\n  return float4({expr});\n}}\n")
            for profile in profiles:
                verdict, errors, warnings = cgc(rel, "main", profile, args.dir)
                records.append({"file": rel, "entry": "main", "profile": profile, "stage": stage,
                                "cgc": {"verdict": verdict, "errors": errors[:5],
                                        "warnings": len(warnings)}})
    write_manifest(args.out, "texture-index",
                   os.path.relpath(args.dir, os.path.dirname(os.path.abspath(args.out))), records)


if __name__ == "__main__":
    main()
