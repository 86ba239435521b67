// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): IRIW, relaxed atomics, no barrier
// relaxed: the readers may disagree on the order of the writes (1,0,1,0); the barrier makes both writes visible to the second loads
// @dispatch 1,1,1
// @observe r[0] r[1] r[2] r[3]
// @allowed 0u 0u 0u 0u
// @allowed 0u 0u 0u 1u
// @allowed 0u 0u 1u 0u
// @allowed 0u 0u 1u 1u
// @allowed 0u 1u 0u 0u
// @allowed 0u 1u 0u 1u
// @allowed 0u 1u 1u 0u
// @allowed 0u 1u 1u 1u
// @allowed 1u 0u 0u 0u
// @allowed 1u 0u 0u 1u
// @allowed 1u 0u 1u 0u
// @allowed 1u 0u 1u 1u
// @allowed 1u 1u 0u 0u
// @allowed 1u 1u 0u 1u
// @allowed 1u 1u 1u 0u
// @allowed 1u 1u 1u 1u
// @races none

struct Mem {
  x: atomic<u32>,
  y: atomic<u32>,
}

@group(0) @binding(0) var<storage, read_write> m: Mem;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 4>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) lid: u32) {
  let t = lid;
  if (t == 0u) { atomicStore(&m.x, 1u); }
  if (t == 1u) { atomicStore(&m.y, 1u); }
  if (t == 2u) { r[0] = atomicLoad(&m.x); }
  if (t == 3u) { r[2] = atomicLoad(&m.y); }
  if (t == 2u) { r[1] = atomicLoad(&m.y); }
  if (t == 3u) { r[3] = atomicLoad(&m.x); }
}
