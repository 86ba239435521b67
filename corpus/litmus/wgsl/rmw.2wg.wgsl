// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): RMW, relaxed atomics, no barrier, every thread in its own workgroup
// across workgroups the storage atomics still have QueueFamily scope (seed #memory-model): the same outcomes as in one workgroup
// @dispatch 2,1,1
// @observe r[0] r[1] r[2] r[3] m.x
// @allowed 0u 1u 2u 3u 4u
// @allowed 0u 2u 1u 3u 4u
// @allowed 0u 3u 1u 2u 4u
// @allowed 1u 2u 0u 3u 4u
// @allowed 1u 3u 0u 2u 4u
// @allowed 2u 3u 0u 1u 4u
// @races none

struct Mem {
  x: atomic<u32>,
  y: atomic<u32>,
}

@group(0) @binding(0) var<storage, read_write> m: Mem;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 4>;

@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  let t = wid.x;
  if (t == 0u) { r[0] = atomicAdd(&m.x, 1u); }
  if (t == 1u) { r[2] = atomicAdd(&m.x, 1u); }
  if (t == 0u) { r[1] = atomicAdd(&m.x, 1u); }
  if (t == 1u) { r[3] = atomicAdd(&m.x, 1u); }
}
