// Revision 2026: immediate data (immediate_address_space, new#var-and-value): a structure read
// from the immediate data the bindings give (plumb-bindings version 3, "immediates"), which
// the runners pass with setImmediates.
struct Push {
  scale: vec3f,
  count: u32,
  offset: i32,
}

var<immediate> push: Push;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 6>;

@compute @workgroup_size(1)
fn main() {
  let s = push.scale * 2.0;
  out[0] = bitcast<u32>(s.x);
  out[1] = bitcast<u32>(s.y);
  out[2] = bitcast<u32>(s.z);
  out[3] = push.count + 1u;
  out[4] = bitcast<u32>(push.offset - 3);
  out[5] = push.count * u32(push.offset);
}
