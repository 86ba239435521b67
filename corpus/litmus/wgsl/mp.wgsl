// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): MP, relaxed atomics, no barrier
// relaxed atomics: even r0=1,r1=0 is allowed; with the barrier r0 reads before y=1 and r1 after x=1
// @dispatch 1,1,1
// @observe r[0] r[1]
// @allowed 0u 0u
// @allowed 0u 1u
// @allowed 1u 0u
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
  if (t == 1u) { r[0] = atomicLoad(&m.y); }
  if (t == 0u) { atomicStore(&m.y, 1u); }
  if (t == 1u) { r[1] = atomicLoad(&m.x); }
}
