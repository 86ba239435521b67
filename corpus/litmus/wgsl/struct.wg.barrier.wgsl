// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): fields of a workgroup struct written by two invocations, read whole after a workgroupBarrier
// hand-written: plain (non-atomic) writes of s.a and s.b by different invocations, then a
// workgroupBarrier; invocation 0 loads the whole struct (one read of each field's location,
// #memory-operation), invocation 1 reads s.a. Race-free: both see both writes.
// @dispatch 1,1,1
// @observe r[0] r[1] r[2]
// @allowed 1u 2u 1u
// @races none

struct S {
  a: u32,
  b: u32,
}

var<workgroup> s: S;
@group(0) @binding(0) var<storage, read_write> r: array<u32, 3>;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) { s.a = 1u; }
  if (lid == 1u) { s.b = 2u; }
  workgroupBarrier();
  if (lid == 0u) {
    let c = s;
    r[0] = c.a;
    r[1] = c.b;
  }
  if (lid == 1u) { r[2] = s.a; }
}
