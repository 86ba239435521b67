// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): CORR, storageBarrier between the phases, one workgroup
// coherence: r0=1,r1=0 is forbidden even for relaxed atomics
// @dispatch 1,1,1
// @observe r[0] r[1]
// @allowed 0u 1u
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
  if (t == 1u) { r[0] = atomicLoad(&m.x); }
  storageBarrier();
  if (t == 1u) { r[1] = atomicLoad(&m.x); }
}
