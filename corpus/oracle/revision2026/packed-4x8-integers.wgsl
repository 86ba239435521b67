// Revision 2026: saturate, integer sign and the packed 4x8 integer functions at run time
// (packed_4x8_integer_dot_product), on values the shader computes.
@group(0) @binding(0) var<storage, read_write> out: array<u32, 16>;

@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: u32) {
  let k = i32(i);
  let a = vec4<i32>(k - 1, k + 2, k - 128, k + 127);
  let b = vec4<u32>(i + 1u, i + 2u, i + 3u, i + 511u);
  let c = vec4<i32>(k - 300, k + 300, k + 5, k - 5);
  let d = vec4<u32>(i + 300u, i + 5u, i, i + 255u);
  out[0] = pack4xI8(a);
  out[1] = pack4xU8(b);
  out[2] = pack4xI8Clamp(c);
  out[3] = pack4xU8Clamp(d);
  let w = out[2] + i;
  let s = unpack4xI8(w);
  out[4] = bitcast<u32>(s.x);
  out[5] = bitcast<u32>(s.w);
  let u = unpack4xU8(w);
  out[6] = u.y + (u.z << 8u);
  out[7] = bitcast<u32>(dot4I8Packed(pack4xI8(vec4<i32>(k + 1, k - 2, k + 3, k - 4)),
                                     pack4xI8(vec4<i32>(k + 5, k + 6, k - 7, k + 8))));
  out[8] = dot4U8Packed(0x01020304u + i, 0x05060708u + i);
  out[9] = dot4U8Packed(0xffffffffu - i, 0xffffffffu);
  let f = saturate(vec4<f32>(f32(k) - 2.0, f32(k) + 0.25, f32(k) + 1.5, f32(k) + 1.0));
  out[10] = bitcast<u32>(f.x);
  out[11] = bitcast<u32>(f.y);
  out[12] = bitcast<u32>(f.z);
  let g = sign(vec3<i32>(k - 5, k, k + 7));
  out[13] = bitcast<u32>(g.x);
  out[14] = bitcast<u32>(g.y);
  out[15] = bitcast<u32>(g.z);
}
