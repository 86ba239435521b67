// Shadow mapping with percentage-closer filtering (issue 19, a real-world-style fragment
// shader): the fragment's depth seen from the light is compared with a 4x4 shadow map
// (depth16unorm) by textureSampleCompare. Location 0: a 3x3 PCF kernel of nearest comparisons
// at texel offsets, averaged (each tap 0 or 1: the mean is k / 9); location 1: one comparison
// with a linear comparison sampler (the hardware's 2x2 PCF: any value between the footprint's
// results, docs/ambiguities.md T4). A lit fragment is one whose depth is at most the map's.
struct ShadowParams {
  fragmentDepth: f32,
  bias: f32,
}

@group(0) @binding(0) var shadowMap: texture_depth_2d;
@group(0) @binding(1) var nearestCompare: sampler_comparison;
@group(0) @binding(2) var linearCompare: sampler_comparison;
@group(0) @binding(3) var<uniform> params: ShadowParams;

struct Shading {
  @location(0) pcf3x3: vec4<f32>,
  @location(1) hardwarePcf: vec4<f32>,
}

@fragment
fn main(@builtin(position) position: vec4<f32>) -> Shading {
  let uv = position.xy / 8.0;
  let depthRef = params.fragmentDepth - params.bias;
  var lit = 0.0;
  lit += textureSampleCompare(shadowMap, nearestCompare, uv, depthRef, vec2<i32>(-1, -1));
  lit += textureSampleCompare(shadowMap, nearestCompare, uv, depthRef, vec2<i32>(0, -1));
  lit += textureSampleCompare(shadowMap, nearestCompare, uv, depthRef, vec2<i32>(1, -1));
  lit += textureSampleCompare(shadowMap, nearestCompare, uv, depthRef, vec2<i32>(-1, 0));
  lit += textureSampleCompare(shadowMap, nearestCompare, uv, depthRef, vec2<i32>(0, 0));
  lit += textureSampleCompare(shadowMap, nearestCompare, uv, depthRef, vec2<i32>(1, 0));
  lit += textureSampleCompare(shadowMap, nearestCompare, uv, depthRef, vec2<i32>(-1, 1));
  lit += textureSampleCompare(shadowMap, nearestCompare, uv, depthRef, vec2<i32>(0, 1));
  lit += textureSampleCompare(shadowMap, nearestCompare, uv, depthRef, vec2<i32>(1, 1));
  let hardware = textureSampleCompare(shadowMap, linearCompare, uv, depthRef);
  var out: Shading;
  out.pcf3x3 = vec4<f32>(vec3<f32>(lit / 9.0), 1.0);
  out.hardwarePcf = vec4<f32>(vec3<f32>(hardware), 1.0);
  return out;
}
