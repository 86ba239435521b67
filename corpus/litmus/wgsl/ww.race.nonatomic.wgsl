// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): a plain write-write race, each invocation reading back
// hand-written: both invocations write x (1 and 2) without synchronization, then read x. The
// writes race (spirv.als dr). A read may read its own invocation's write or the other one
// (not the initial value: that would from-read the own write that location-orders before
// it), and non-atomic writes of different invocations have no modification order, so the
// final value is either write whatever the reads saw (docs/ambiguities.md L4): 8 outcomes.
// @dispatch 1,1,1
// @observe r[0] r[1] x
// @allowed 1u 1u 1u
// @allowed 1u 1u 2u
// @allowed 1u 2u 1u
// @allowed 1u 2u 2u
// @allowed 2u 1u 1u
// @allowed 2u 1u 2u
// @allowed 2u 2u 1u
// @allowed 2u 2u 2u
// @races some

@group(0) @binding(0) var<storage, read_write> x: u32;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 2>;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  x = lid + 1u;
  r[lid] = x;
}
