// A derivative in non-uniform control flow that the seed's uniformity analysis accepts
// (docs/ambiguities.md U1: a @location input is never non-uniform), run over a viewport where
// the branch splits quads: those quads diverge at dpdx (docs/ambiguities.md D1), and the report
// lists them in `divergentQuads`; their waiting invocations get an indeterminate value.
// `plumb check --strict-uniformity` rejects it.
@fragment
fn main(@location(0) c: f32) -> @location(0) vec4<f32> {
  var slope = 0.0;
  if c > 0.0 {
    slope = dpdx(c);
  }
  return vec4<f32>(slope, c, 0.0, 1.0);
}
