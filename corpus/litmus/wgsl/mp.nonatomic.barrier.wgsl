// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): MP with non-atomic accesses, storageBarrier, one workgroup
// race-free: the control barrier (AcquireRelease, UniformMemory) orders x=1 before r1 and r0 before y=1
// @dispatch 1,1,1
// @observe r[0] r[1]
// @allowed 0u 1u
// @races none

struct Mem {
  x: u32,
  y: u32,
}

@group(0) @binding(0) var<storage, read_write> m: Mem;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 4>;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  let t = lid;
  if (t == 0u) { m.x = 1u; }
  if (t == 1u) { r[0] = m.y; }
  storageBarrier();
  if (t == 0u) { m.y = 1u; }
  if (t == 1u) { r[1] = m.x; }
}
