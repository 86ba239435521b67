// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): storageBarrier then workgroupBarrier order storage and workgroup data
// hand-written: as mp.storage.workgroupbarrier.wgsl with a storageBarrier (UniformMemory) before
// the workgroupBarrier (WorkgroupMemory): the combination covers both address spaces
// (#memory-semantics, note), so both reads see the writes and nothing races.
// @dispatch 1,1,1
// @observe r[0] r[1]
// @allowed 1u 2u
// @races none

@group(0) @binding(0) var<storage, read_write> d: u32;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 2>;
var<workgroup> w: u32;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    d = 1u;
    w = 2u;
  }
  storageBarrier();
  workgroupBarrier();
  if (lid == 1u) {
    r[0] = d;
    r[1] = w;
  }
}
