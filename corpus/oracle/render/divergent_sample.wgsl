// A shader that breaks derivative uniformity (issue 19): textureSample in a branch on an
// interpolated input. The seed's uniformity analysis never treats a @location input as
// non-uniform (docs/ambiguities.md U1), so the seed accepts it; revision 2026 and Tint reject
// it (U18). On an 8x8 viewport with uv.x = (x + 0.5) / 8 the branch splits the quads of
// columns 2 and 3: their invocations at x = 3 wait at the sample while those at x = 2 have
// finished — a divergent quad, whose samples are indeterminate values (docs/ambiguities.md D1,
// T12); Plumb's outcome lists each such quad in `divergentQuads`. Quads wholly on one side are
// uniform: black left of x = 2, the sampled texture from x = 4.
@group(0) @binding(0) var image: texture_2d<f32>;
@group(0) @binding(1) var bilinear: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0, 0.0, 0.0, 1.0);
  if (uv.x > 0.375) {
    color = textureSample(image, bilinear, uv);
  }
  return color;
}
