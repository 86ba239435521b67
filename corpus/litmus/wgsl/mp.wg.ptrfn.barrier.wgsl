// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): workgroupBarrier in a helper function, data through pointer parameters
// hand-written: invocation 0 writes plain workgroup data through a ptr<workgroup, u32> before the
// barrier and an atomic after it; invocation 1 reads the atomic before the barrier and the data
// after it. workgroupBarrier (AcquireRelease, WorkgroupMemory, Workgroup scope; #memory-semantics)
// orders both ways: the data read sees 42, the atomic read sees 0, and nothing races.
// @dispatch 1,1,1
// @observe r[0] r[1]
// @allowed 42u 0u
// @races none

var<workgroup> d: u32;
var<workgroup> x: atomic<u32>;
@group(0) @binding(0) var<storage, read_write> r: array<u32, 2>;

fn write_data(p: ptr<workgroup, u32>, v: u32) {
  *p = v;
}

fn read_data(p: ptr<workgroup, u32>) -> u32 {
  return *p;
}

fn sync() {
  workgroupBarrier();
}

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) { write_data(&d, 42u); }
  if (lid == 1u) { r[1] = atomicLoad(&x); }
  sync();
  if (lid == 0u) { atomicStore(&x, 1u); }
  if (lid == 1u) { r[0] = read_data(&d); }
}
