#!/usr/bin/env python3
"""Writes the bindings and case files of corpus/oracle/render (issue 19) from the texture
patterns below; the shaders (*.wgsl) are written by hand. Run from anywhere:
python3 corpus/oracle/render/make_cases.py. The output is deterministic."""
import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def unorm8(k):
    """k / 255 as the f32 nearest to it, written exactly (docs/formats.md: a number that rounds
    to the f32 of k / 255)."""
    return struct.unpack("<f", struct.pack("<f", k / 255))[0]


def dumps(v, indent=0):
    """JSON with one line per object member or list element; lists of numbers on one line."""
    pad = " " * (indent + 1)
    if isinstance(v, dict):
        items = [pad + json.dumps(k) + ": " + dumps(x, indent + 1) for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}" if items else "{}"
    if isinstance(v, list) and v and not all(isinstance(x, (int, float)) for x in v):
        return "[\n" + ",\n".join(pad + dumps(x, indent + 1) for x in v) + "\n" + " " * indent + "]"
    return json.dumps(v)


def write(name, obj):
    path = os.path.join(HERE, name)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(dumps(obj) + "\n")
    os.replace(tmp, path)


def case(name, description, bindings, fragment, known=None):
    write(name + ".bindings.json",
          {"format": "plumb-bindings", "version": 2, "bindings": bindings,
           "fragment": dict({"version": 1}, **fragment)})
    c = {"format": "plumb-oracle-case", "version": 1, "name": name.replace("_", "-"),
         "description": description, "source": name + ".wgsl", "entry": "main",
         "bindings": name + ".bindings.json"}
    if known:
        c["known"] = known
    write(name + ".json", c)


# Tone mapping: a 4x4 HDR image, r = 2^(i - 1), g = 2^(j - 1), b = (i + j + 1) / 4 (column i,
# row j). No channel is 0: pow(0, y) inherits log2(0) = -inf, any value (docs/ambiguities.md R8).
hdr = [[2.0 ** (i - 1), 2.0 ** (j - 1), (i + j + 1) / 4, 1.0] for j in range(4) for i in range(4)]
case("tone_mapping",
     "tone mapping: textureSample of an rgba16float HDR image (bilinear), exposure, extended "
     "Reinhard, gamma 1/2.2",
     [{"group": 0, "binding": 0,
       "texture": {"size": [4, 4], "format": "rgba16float", "texels": hdr}},
      {"group": 0, "binding": 1,
       "sampler": {"magFilter": "linear", "minFilter": "linear"}},
      {"group": 0, "binding": 2, "value": {"exposure": 1.5, "whitePoint": 4.0}}],
     {"viewport": [8, 8]})

# Normal mapping: albedo and normal map 4x4 rgba8unorm; the normal map's rows: flat, tilted
# 45 degrees towards +x, towards -x, towards +y.
albedo = [[unorm8(v) for v in (255 - 32 * i, 128 + 32 * j, 64, 255)]
          for j in range(4) for i in range(4)]
rows = [(128, 128, 255), (219, 128, 219), (37, 128, 219), (128, 219, 219)]
normals = [[unorm8(c) for c in rows[j]] + [1.0] for j in range(4) for i in range(4)]
case("normal_mapping",
     "normal mapping: a tangent frame from interpolated normal and tangent, a normal map and an "
     "albedo texture (textureSample at texel centres), Lambert and ambient light",
     [{"group": 0, "binding": 0,
       "texture": {"size": [4, 4], "format": "rgba8unorm", "texels": albedo}},
      {"group": 0, "binding": 1,
       "texture": {"size": [4, 4], "format": "rgba8unorm", "texels": normals}},
      {"group": 0, "binding": 2,
       "sampler": {"magFilter": "linear", "minFilter": "linear"}},
      {"group": 0, "binding": 3, "value": {"direction": [-1.0, 0.0, -1.0], "ambient": 0.125}}],
     {"viewport": [4, 4],
      "inputs": {"0": {"at": [0.125, 0.125], "ddx": [0.25, 0.0], "ddy": [0.0, 0.25]},
                 "1": [0.0, 0.0, 1.0],
                 "2": [1.0, 0.0, 0.0, 1.0]}})

# Blur: an 8x8 image with a vertical edge in r (x >= 4), a horizontal edge in g (y >= 4) and an
# impulse in b at (2, 5).
image = [[1.0 if x >= 4 else 0.0, 1.0 if y >= 4 else 0.0, 1.0 if (x, y) == (2, 5) else 0.0, 1.0]
         for y in range(8) for x in range(8)]
case("blur_3x3",
     "3x3 blur with the separable (1 2 1)/4 kernel: nine textureSample taps at texel offsets, "
     "nearest, clamp to edge",
     [{"group": 0, "binding": 0,
       "texture": {"size": [8, 8], "format": "rgba8unorm", "texels": image}},
      {"group": 0, "binding": 1, "sampler": {}}],
     {"viewport": [8, 8]})

# Shadow map: depth 1 (nothing between the light and the surface) but an occluder at depth
# 16384 / 65535 (about 0.25) over texels (1..2, 1..2). depth16unorm: the oracle's runners fill a
# texture by a copy, which depth32float does not allow (docs/oracle.md).
occluder = struct.unpack("<f", struct.pack("<f", 16384 / 65535))[0]
depth = [[occluder if 1 <= i <= 2 and 1 <= j <= 2 else 1.0] for j in range(4) for i in range(4)]
case("shadow_pcf",
     "shadow mapping: 3x3 PCF of nearest textureSampleCompare taps at texel offsets, and one "
     "linear (hardware PCF) comparison, less-equal",
     [{"group": 0, "binding": 0,
       "texture": {"size": [4, 4], "format": "depth16unorm", "texels": depth}},
      {"group": 0, "binding": 1, "sampler": {"compare": "less-equal"}},
      {"group": 0, "binding": 2,
       "sampler": {"compare": "less-equal", "magFilter": "linear", "minFilter": "linear"}},
      {"group": 0, "binding": 3, "value": {"fragmentDepth": 0.625, "bias": 0.0625}}],
     {"viewport": [8, 8]})

# Mip selection: 8x8 with 4 levels, solid red, green, blue, white.
colours = [[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0], [0.0, 0.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0]]
mips = []
for level in range(4):
    n = 8 >> level
    mips += [colours[level]] * (n * n)
case("mip_selection",
     "mip-level selection visualised: solid-colour mip levels, textureSample with the implicit "
     "LOD of scaled coordinates (one level per row of quads), textureSampleBias, lodMaxClamp",
     [{"group": 0, "binding": 0,
       "texture": {"size": [8, 8], "mipLevels": 4, "format": "rgba8unorm", "texels": mips}},
      {"group": 0, "binding": 1,
       "sampler": {"magFilter": "nearest", "minFilter": "nearest", "mipmapFilter": "nearest"}},
      {"group": 0, "binding": 2, "sampler": {"lodMaxClamp": 1}}],
     {"viewport": [8, 8]})

# Divergent quads: a 4x4 image of distinct colours.
tiles = [[unorm8(64 * i), unorm8(64 * j), unorm8(255 - 64 * i), 1.0]
         for j in range(4) for i in range(4)]
case("divergent_sample",
     "textureSample in a branch on an interpolated input: valid in the seed (U1), divergent quads "
     "at columns 2-3 give indeterminate samples (divergentQuads)",
     [{"group": 0, "binding": 0,
       "texture": {"size": [4, 4], "format": "rgba8unorm", "texels": tiles}},
      {"group": 0, "binding": 1, "sampler": {"magFilter": "linear", "minFilter": "linear"}}],
     {"viewport": [8, 8],
      "inputs": {"0": {"at": [0.0625, 0.0625], "ddx": [0.125, 0.0], "ddy": [0.0, 0.125]}}},
     known={"dawn": "Tint rejects the sample in non-uniform control flow (a @location input is "
                    "non-uniform for it: revision 2026's reading, docs/ambiguities.md U18); the "
                    "seed accepts it (U1)"})
