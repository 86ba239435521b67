// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): IRIW across four workgroups chosen by a 2D workgroup_id
// hand-written: dispatch 2,2,1 of single-invocation workgroups; k = workgroup_id.x + 2 *
// workgroup_id.y picks the role. Relaxed atomics in different workgroups: the readers may
// disagree on the order of the two writes, so all 16 outcomes are allowed.
// @dispatch 2,2,1
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

@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  let k = wid.x + 2u * wid.y;
  if (k == 0u) { atomicStore(&m.x, 1u); }
  if (k == 1u) { atomicStore(&m.y, 1u); }
  if (k == 2u) {
    r[0] = atomicLoad(&m.x);
    r[1] = atomicLoad(&m.y);
  }
  if (k == 3u) {
    r[2] = atomicLoad(&m.y);
    r[3] = atomicLoad(&m.x);
  }
}
