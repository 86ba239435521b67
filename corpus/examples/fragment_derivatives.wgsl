// A fragment shader with the derivatives of real-world shading (issue 19): anti-aliased grid
// lines whose width is one pixel whatever the scale (fwidth of the texture coordinates), and a
// normal from a height field's screen-space slopes (dpdxFine, dpdyFine), as bump mapping does.
// `plumb run corpus/examples/fragment_derivatives.wgsl --bindings
//  corpus/examples/bindings/fragment_derivatives.json --picture grid` draws it.
@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  // #derivative-builtin-functions fwidth: abs(dpdx(uv)) + abs(dpdy(uv)), the change of uv
  // from one pixel to the next.
  let w = fwidth(uv);
  let g = abs(fract(uv * 2.0) - 0.5) / (2.0 * w);
  let grid = 1.0 - min(min(g.x, g.y), 1.0);
  // A height field h(uv); its slopes along the window's x and y.
  let h = uv.x * uv.x + 0.5 * uv.y;
  let n = normalize(vec3<f32>(-dpdxFine(h), -dpdyFine(h), 0.125));
  return vec4<f32>(grid, n.x * 0.5 + 0.5, n.y * 0.5 + 0.5, 1.0);
}
