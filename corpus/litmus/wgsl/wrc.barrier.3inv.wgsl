// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): write-to-read causality over a storageBarrier, three invocations
// hand-written: invocation 0 stores x before the barrier; after it, invocation 1 reads x and
// stores y while invocation 2 reads y then x. The barrier (UniformMemory, AcquireRelease)
// makes x=1 visible to both readers after it (reading the initial value would from-read the
// store that is location-ordered before the read); y is not ordered with invocation 2's read.
// @dispatch 1,1,1
// @observe r[0] r[1] r[2]
// @allowed 1u 0u 1u
// @allowed 1u 1u 1u
// @races none

struct Mem {
  x: atomic<u32>,
  y: atomic<u32>,
}

@group(0) @binding(0) var<storage, read_write> m: Mem;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 3>;

@compute @workgroup_size(3)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) { atomicStore(&m.x, 1u); }
  storageBarrier();
  if (lid == 1u) {
    r[0] = atomicLoad(&m.x);
    atomicStore(&m.y, 1u);
  }
  if (lid == 2u) {
    r[1] = atomicLoad(&m.y);
    r[2] = atomicLoad(&m.x);
  }
}
