// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): SB, storageBarrier between the phases, one workgroup
// store buffering r0=r1=0 is allowed for relaxed atomics; the barrier orders both stores before both loads
// @dispatch 1,1,1
// @observe r[0] r[1]
// @allowed 1u 1u
// @races none

struct Mem {
  x: atomic<u32>,
  y: atomic<u32>,
}

@group(0) @binding(0) var<storage, read_write> m: Mem;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 4>;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  let t = lid;
  if (t == 0u) { atomicStore(&m.x, 1u); }
  if (t == 1u) { atomicStore(&m.y, 1u); }
  storageBarrier();
  if (t == 0u) { r[0] = atomicLoad(&m.y); }
  if (t == 1u) { r[1] = atomicLoad(&m.x); }
}
