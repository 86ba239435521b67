// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): MP on workgroup atomics through helper functions taking pointers
// hand-written: the accesses happen in callees through ptr<workgroup, atomic<u32>> parameters
// (#function-calls); they are the same locations as the module-scope variables. Relaxed atomics
// with Workgroup scope and no barrier: every combination of flag and data is allowed.
// @dispatch 1,1,1
// @observe r[0] r[1]
// @allowed 0u 0u
// @allowed 0u 1u
// @allowed 1u 0u
// @allowed 1u 1u
// @races none

var<workgroup> x: atomic<u32>;
var<workgroup> y: atomic<u32>;
@group(0) @binding(0) var<storage, read_write> r: array<u32, 2>;

fn publish(p: ptr<workgroup, atomic<u32>>, v: u32) {
  atomicStore(p, v);
}

fn peek(p: ptr<workgroup, atomic<u32>>) -> u32 {
  return atomicLoad(p);
}

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    publish(&x, 1u);
    publish(&y, 1u);
  } else {
    let f = peek(&y);
    let d = peek(&x);
    r[0] = f;
    r[1] = d;
  }
}
