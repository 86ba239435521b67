// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): MP with non-atomic accesses, storageBarrier, two workgroups
// the barrier has Workgroup scope and synchronizes nothing across workgroups: racy, every outcome allowed
// @dispatch 2,1,1
// @observe r[0] r[1]
// @allowed 0u 0u
// @allowed 0u 1u
// @allowed 1u 0u
// @allowed 1u 1u
// @races some

struct Mem {
  x: u32,
  y: u32,
}

@group(0) @binding(0) var<storage, read_write> m: Mem;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 4>;

@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  let t = wid.x;
  if (t == 0u) { m.x = 1u; }
  if (t == 1u) { r[0] = m.y; }
  storageBarrier();
  if (t == 0u) { m.y = 1u; }
  if (t == 1u) { r[1] = m.x; }
}
