// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): COWW, relaxed atomics, no barrier
// coherence: program order of the two stores is their modification order, so x ends 2
// @dispatch 1,1,1
// @observe m.x r[0]
// @allowed 2u 0u
// @allowed 2u 1u
// @allowed 2u 2u
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
  if (t == 0u) { atomicStore(&m.x, 2u); }
  if (t == 1u) { r[0] = atomicLoad(&m.x); }
}
