// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): atomicMax and atomicMin on i32, two invocations
// hand-written: invocation 0 applies -5, invocation 1 applies 3, to m (atomicMax) and to n
// (atomicMin), both starting at 0. The two locations are ordered independently (relaxed): each
// returns the value before it in its location's modification order. m ends 3, n ends -5.
// @dispatch 1,1,1
// @observe r[0] r[1] r[2] r[3] m n
// @allowed 0i 0i 0i -5i 3i -5i
// @allowed 0i 0i 0i 0i 3i -5i
// @allowed 3i 0i 0i -5i 3i -5i
// @allowed 3i 0i 0i 0i 3i -5i
// @races none

@group(0) @binding(0) var<storage, read_write> m: atomic<i32>;
@group(0) @binding(1) var<storage, read_write> n: atomic<i32>;
@group(0) @binding(2) var<storage, read_write> r: array<i32, 4>;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = -5i;
  if (lid == 1u) { v = 3i; }
  r[lid] = atomicMax(&m, v);
  r[lid + 2u] = atomicMin(&n, v);
}
