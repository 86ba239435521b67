// Revision 2026: buffer views (buffer_view, new#buffer-view-builtin-functions). A runtime-sized
// buffer read as vec4u, f32 and a strided array; a workgroup buffer written as vec2f through a
// fixed-size buffer parameter and read back as u32; bufferLength along the call stack;
// arrayLength of views in storage and workgroup.
@group(0) @binding(0) var<storage, read_write> b: buffer;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 16>;
var<workgroup> w: buffer<64>;

struct Strided {
  @size(8) a: u32,
}

fn half(p: ptr<workgroup, buffer<32>>) -> u32 {
  let v = bufferArrayView<array<vec2f>>(p, 8, 24);
  v[1].y = 2.5;
  return arrayLength(v) + bufferLength(p);
}

@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: u32) {
  let q = bufferView<vec4u>(&b, 16u + 16u * i);
  out[0] = q.x + q.w;
  let f = bufferView<f32>(&b, 4);
  *f = 1.5;
  out[1] = *bufferView<u32>(&b, 4);
  let s = bufferArrayView<array<Strided>>(&b, 0, 32);
  out[2] = arrayLength(s);
  out[3] = s[3].a;
  out[4] = bufferLength(&b);
  out[5] = bufferLength(&w);
  out[6] = half(&w);
  out[7] = *bufferView<u32>(&w, 20);
  out[8] = arrayLength(bufferArrayView<array<u32>>(&w, 0, 64));
  let pair = bufferView<vec2u>(&b, 8);
  *pair = vec2u(7u, 8u);
  out[9] = bufferView<array<u32, 4>>(&b, 0)[2];
}
