// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): R, relaxed atomics, no barrier
// final y=2 with r0=0 is allowed for relaxed atomics
// @dispatch 1,1,1
// @observe m.y r[0]
// @allowed 1u 0u
// @allowed 1u 1u
// @allowed 2u 0u
// @allowed 2u 1u
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
  if (t == 1u) { atomicStore(&m.y, 2u); }
  if (t == 0u) { atomicStore(&m.y, 1u); }
  if (t == 1u) { r[0] = atomicLoad(&m.x); }
}
