// A 3x3 blur with the separable binomial kernel (1 2 1) / 4 in x and in y (issue 19, a
// real-world-style fragment shader): nine textureSample taps at texel offsets -1..1 (the
// `offset` argument, #texturesample), nearest filtering at texel centres of an 8x8 image on an
// 8x8 viewport, clamped to the edge.
@group(0) @binding(0) var image: texture_2d<f32>;
@group(0) @binding(1) var nearestClamp: sampler;

@fragment
fn main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let uv = position.xy / 8.0;
  let w = array<f32, 3>(0.25, 0.5, 0.25);
  let row0 = w[0] * textureSample(image, nearestClamp, uv, vec2<i32>(-1, -1)) +
             w[1] * textureSample(image, nearestClamp, uv, vec2<i32>(0, -1)) +
             w[2] * textureSample(image, nearestClamp, uv, vec2<i32>(1, -1));
  let row1 = w[0] * textureSample(image, nearestClamp, uv, vec2<i32>(-1, 0)) +
             w[1] * textureSample(image, nearestClamp, uv, vec2<i32>(0, 0)) +
             w[2] * textureSample(image, nearestClamp, uv, vec2<i32>(1, 0));
  let row2 = w[0] * textureSample(image, nearestClamp, uv, vec2<i32>(-1, 1)) +
             w[1] * textureSample(image, nearestClamp, uv, vec2<i32>(0, 1)) +
             w[2] * textureSample(image, nearestClamp, uv, vec2<i32>(1, 1));
  return w[0] * row0 + w[1] * row1 + w[2] * row2;
}
