// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): MP through workgroup variables, workgroupBarrier
// race-free: workgroupBarrier has WorkgroupMemory semantics, which cover the workgroup address space
// @dispatch 1,1,1
// @observe r[0] r[1]
// @allowed 0u 1u
// @races none

var<workgroup> x: u32;
var<workgroup> y: u32;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 4>;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  let t = lid;
  if (t == 0u) { x = 1u; }
  if (t == 1u) { r[0] = y; }
  workgroupBarrier();
  if (t == 0u) { y = 1u; }
  if (t == 1u) { r[1] = x; }
}
