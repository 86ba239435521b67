// A fragment entry point alone, writing the depth and no color: its pipeline gets a
// depth32float attachment and no color target.
@fragment
fn main(@builtin(position) p: vec4<f32>) -> @builtin(frag_depth) f32 {
  return clamp(p.z * 0.5, 0.0, 1.0);
}
