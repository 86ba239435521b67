// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): an array of atomics indexed by global_invocation_id, two workgroups of two
// hand-written: invocation i stores a[i] = i+1, passes a storageBarrier, and reads its
// neighbour a[(i+1) % 4]. The barrier has Workgroup scope (#scoped-operations): invocations 0
// and 2 read their own workgroup's store (2 and 4), invocations 1 and 3 read across the
// workgroups and may see the store or the initial value.
// @dispatch 2,1,1
// @observe r[0] r[1] r[2] r[3]
// @allowed 2u 0u 4u 0u
// @allowed 2u 0u 4u 1u
// @allowed 2u 3u 4u 0u
// @allowed 2u 3u 4u 1u
// @races none

@group(0) @binding(0) var<storage, read_write> a: array<atomic<u32>, 4>;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 4>;

@compute @workgroup_size(2)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  atomicStore(&a[i], i + 1u);
  storageBarrier();
  r[i] = atomicLoad(&a[(i + 1u) % 4u]);
}
