// Tone mapping (issue 19, a real-world-style fragment shader): an HDR image (rgba16float, one
// mip level) sampled with textureSample and bilinear filtering, scaled by an exposure, mapped by
// the extended Reinhard operator c (1 + c / w²) / (1 + c) and encoded with a gamma of 1 / 2.2.
// The texture coordinate is the pixel centre over the 8x8 viewport, (x + 0.5) / 8, exact.
struct ToneParams {
  exposure: f32,
  whitePoint: f32,
}

@group(0) @binding(0) var hdrImage: texture_2d<f32>;
@group(0) @binding(1) var bilinear: sampler;
@group(0) @binding(2) var<uniform> params: ToneParams;

fn reinhardExtended(c: vec3<f32>, white: f32) -> vec3<f32> {
  return c * (1.0 + c / (white * white)) / (1.0 + c);
}

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let uv = position.xy / 8.0;
  let hdr = textureSample(hdrImage, bilinear, uv).rgb * params.exposure;
  let mapped = reinhardExtended(hdr, params.whitePoint);
  return vec4<f32>(pow(mapped, vec3<f32>(1.0 / 2.2)), 1.0);
}
