// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): LB where each store depends on the value loaded (out of thin air)
// hand-written: each invocation stores 1 only if it loaded 1. spirv.als has no axiom against
// the cycle "each load reads the other's store" (po + rf may be cyclic), but no store of 1 can
// happen unless a 1 was loaded first: the value would come out of thin air. Plumb produces
// only values that grounded writes store (docs/ambiguities.md L4), so only 0,0 is allowed.
// @dispatch 1,1,1
// @observe r[0] r[1]
// @allowed 0u 0u
// @races none

struct Mem {
  x: atomic<u32>,
  y: atomic<u32>,
}

@group(0) @binding(0) var<storage, read_write> m: Mem;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 2>;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    let a = atomicLoad(&m.x);
    r[0] = a;
    if (a == 1u) { atomicStore(&m.y, 1u); }
  }
  if (lid == 1u) {
    let b = atomicLoad(&m.y);
    r[1] = b;
    if (b == 1u) { atomicStore(&m.x, 1u); }
  }
}
