// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): workgroupBarrier orders workgroup memory but not storage memory
// hand-written: invocation 0 writes plain storage data d and plain workgroup data w, then both
// pass a workgroupBarrier and invocation 1 reads both. workgroupBarrier has WorkgroupMemory
// semantics only (#memory-semantics): w is synchronized (reads 2), d is not (a data race: 0 or 1).
// @dispatch 1,1,1
// @observe r[0] r[1]
// @allowed 0u 2u
// @allowed 1u 2u
// @races some

@group(0) @binding(0) var<storage, read_write> d: u32;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 2>;
var<workgroup> w: u32;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    d = 1u;
    w = 2u;
  }
  workgroupBarrier();
  if (lid == 1u) {
    r[0] = d;
    r[1] = w;
  }
}
