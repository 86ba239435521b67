// Revision 2026 (delta 7.1): unpack4x8snorm, unpack4x8unorm, unpack2x16snorm and
// unpack2x16unorm are within 3 ULP of the exact result.
@group(0) @binding(0) var<storage, read_write> out: array<f32, 16>;

@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: u32) {
  let w = 0xff8040c1u + i;
  let a = unpack4x8unorm(w);
  let b = unpack4x8snorm(w);
  let c = unpack2x16unorm(w);
  let d = unpack2x16snorm(w ^ 0x80007fffu);
  out[0] = a.x; out[1] = a.y; out[2] = a.z; out[3] = a.w;
  out[4] = b.x; out[5] = b.y; out[6] = b.z; out[7] = b.w;
  out[8] = c.x; out[9] = c.y; out[10] = d.x; out[11] = d.y;
  let e = unpack4x8unorm(0x33221100u + i);
  out[12] = e.x; out[13] = e.y; out[14] = e.z; out[15] = e.w;
}
