// Mip-level selection made visible (issue 19, a real-world-style debugging shader): an 8x8
// texture whose four mip levels are solid red, green, blue and white, sampled with nearest
// mipmap filtering where each row of quads m (pixel rows 2m, 2m + 1) magnifies the texture
// coordinates by k = 2^(m - 0.4): dpdx(uv) = dpdy(uv) = k / 8, k texels of level 0 per pixel.
// Vulkan's scale factor lies in [k, √2 k], so λ is in [m - 0.4, m + 0.1] (within 1/16): the
// nearest level is m, one colour per row of quads. Location 1 adds a bias of 1 (level m + 1,
// at most 3); location 2 uses a sampler whose lodMaxClamp is 1 (level min(m, 1)).
@group(0) @binding(0) var mipmapped: texture_2d<f32>;
@group(0) @binding(1) var nearestMip: sampler;
@group(0) @binding(2) var clampedMip: sampler;

struct Levels {
  @location(0) implicitLod: vec4<f32>,
  @location(1) biased: vec4<f32>,
  @location(2) clamped: vec4<f32>,
}

@fragment
fn main(@builtin(position) position: vec4<f32>) -> Levels {
  let m = floor(position.y / 2.0);
  let k = exp2(m - 0.4);
  let uv = position.xy * (k / 8.0);
  var out: Levels;
  out.implicitLod = textureSample(mipmapped, nearestMip, uv);
  out.biased = textureSampleBias(mipmapped, nearestMip, uv, 1.0);
  out.clamped = textureSample(mipmapped, clampedMip, uv);
  return out;
}
