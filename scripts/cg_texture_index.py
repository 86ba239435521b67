#!/usr/bin/env python3
"""Records the Cg reference manual's texture index against cgc (issue 21, docs/cg.md "Textures";
docs/ambiguities.md CG-P18, CG-P19, CG-P20).

Writes one small program per texture function and sampler (the 21 functions the index added
last, the integer samplers' lookups, explicit-derivative lookups, the Direct3D 10/11 profiles'
forms) as a fragment and as a vertex program under tests/data/cg/texture_index/, compiles each
with cgc for the fragment profiles arbfp1, fp40, ps_2_0, ps_3_0, gp4fp, gp5fp, ps_4_0, ps_5_0
and the vertex profiles vp40, vs_3_0, gp4vp, gp5vp, vs_4_0, vs_5_0,
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
# varying input, `i` a uniform int4; optionally the functions written before main).
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
    # The Direct3D 10/11 profiles' forms (CG-P20): fetches and sizes (HLSL's Load and
    # GetDimensions), the lookups each stage takes, the integer samplers' fetches and lookups.
    ("tex1Dfetch", "sampler1D", "tex1Dfetch(s, i)"),
    ("tex2Dfetch", "sampler2D", "tex2Dfetch(s, i)"),
    ("tex2Dfetch_offset", "sampler2D", "tex2Dfetch(s, i, int2(1, 0))"),
    ("tex3Dfetch", "sampler3D", "tex3Dfetch(s, i)"),
    ("texRECTfetch", "samplerRECT", "texRECTfetch(s, i)"),
    ("tex2Dsize", "sampler2D", "tex2Dsize(s, 0).xyzz"),
    ("texCUBEsize", "samplerCUBE", "texCUBEsize(s, 0).xyzz"),
    ("texBUF", "samplerBUF", "texBUF(s, 0)"),
    ("tex1D", "sampler1D", "tex1D(s, t.x)"),
    ("tex1Dbias", "sampler1D", "tex1Dbias(s, t)"),
    ("tex1Dproj_shadow_offset", "sampler1D", "tex1Dproj(s, t.xyz, 1)"),
    ("tex2D", "sampler2D", "tex2D(s, t.xy)"),
    ("tex2D_shadow", "sampler2D", "tex2D(s, t.xyz)"),
    ("tex2D_offset", "sampler2D", "tex2D(s, t.xy, int2(1, 0))"),
    ("tex2Dproj", "sampler2D", "tex2Dproj(s, t.xyz)"),
    ("tex2Dbias", "sampler2D", "tex2Dbias(s, t)"),
    ("tex2Dlod", "sampler2D", "tex2Dlod(s, t)"),
    ("tex3D", "sampler3D", "tex3D(s, t.xyz)"),
    ("tex3D_derivatives", "sampler3D", "tex3D(s, t.xyz, t.xyz, t.xyz)"),
    ("tex2D_shadow_derivatives", "sampler2D", "tex2D(s, t.xyz, t.xy, t.zw)"),
    ("texCUBE", "samplerCUBE", "texCUBE(s, t.xyz)"),
    ("texCUBE_derivatives", "samplerCUBE", "texCUBE(s, t.xyz, t.xyz, t.xyz)"),
    ("texRECT", "samplerRECT", "texRECT(s, t.xy)"),
    ("tex2DARRAY", "sampler2DARRAY", "tex2DARRAY(s, t.xyz)"),
    ("tex2DARRAYbias", "sampler2DARRAY", "tex2DARRAYbias(s, t)"),
    ("tex2DARRAYlod", "sampler2DARRAY", "tex2DARRAYlod(s, t)"),
    ("isampler2D_tex2Dsize", "isampler2D", "tex2Dsize(s, 0).xyzz"),
    ("isampler2D_tex2Dlod", "isampler2D", "tex2Dlod(s, t)"),
    ("usampler2D_tex2Dfetch", "usampler2D", "tex2Dfetch(s, i)"),
    ("isampler2DMS_tex2DMSfetch", "isampler2DMS", "tex2DMSfetch(s, i.xy, 0)"),
    ("usamplerCUBEARRAY_texCUBEARRAY", "usamplerCUBEARRAY", "texCUBEARRAY(s, t)"),
    # A usampler's lookup before gp4: cgc's C7011 names the result `unsigned int4`, yet it
    # takes f(float4) over f(int4) (a true unsigned int4 is ambiguous, C1101, as in gp4) and
    # `%` rejects it (C1021: not integral): a float4, as Plumb types it (CG-P20).
    ("usampler2D_overload", "usampler2D", "f(tex2D(s, t.xy))",
     "float4 f(int4 x) { return 1; }\nfloat4 f(float4 x) { return 2; }\n"),
    ("usampler2D_remainder", "usampler2D", "tex2D(s, t.xy) % 2"),
]
STAGES = {
    "fragment": ("COLOR", ["arbfp1", "fp40", "ps_2_0", "ps_3_0", "gp4fp", "gp5fp", "ps_4_0",
                           "ps_5_0"]),
    "vertex": ("POSITION", ["vp40", "vs_3_0", "gp4vp", "gp5vp", "vs_4_0", "vs_5_0"]),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", default=os.path.join(ROOT, "tests/data/cg/texture_index"))
    ap.add_argument("--out", default=os.path.join(ROOT, "tests/data/cg/cgc_texture_index.jsonl"))
    args = ap.parse_args()
    records = []
    for stage, (semantic, profiles) in STAGES.items():
        os.makedirs(os.path.join(args.dir, stage), exist_ok=True)
        for name, sampler, expr, *prelude in CASES:
            rel = f"{stage}/{name}.cg"
            with open(os.path.join(args.dir, rel), "w") as f:
                f.write("".join(prelude) + f"float4 main(uniform {sampler} s, uniform int4 i, float4 t : TEXCOORD0)"
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
