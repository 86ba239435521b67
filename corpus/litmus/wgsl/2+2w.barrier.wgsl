// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): 2+2W, storageBarrier between the phases, one workgroup
// final values; x=1,y=1 is allowed for relaxed atomics; the barrier orders each first store before the other thread's second
// @dispatch 1,1,1
// @observe m.x m.y
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
  if (t == 1u) { atomicStore(&m.y, 1u); }
  storageBarrier();
  if (t == 0u) { atomicStore(&m.y, 2u); }
  if (t == 1u) { atomicStore(&m.x, 2u); }
}
