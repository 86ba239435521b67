// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): three atomicExchange calls on one location
// hand-written: invocation i exchanges in i+1. The exchanges are totally ordered (asmo) and each
// returns its predecessor's value (the first returns 0), so each of the 6 orders a,b,c gives
// r[a]=0, r[b]=a+1, r[c]=b+1 and x=c+1.
// @dispatch 1,1,1
// @observe r[0] r[1] r[2] x
// @allowed 0u 1u 2u 3u
// @allowed 0u 3u 1u 2u
// @allowed 2u 0u 1u 3u
// @allowed 3u 0u 2u 1u
// @allowed 3u 1u 0u 2u
// @allowed 2u 3u 0u 1u
// @races none

@group(0) @binding(0) var<storage, read_write> x: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 3>;

@compute @workgroup_size(3)
fn main(@builtin(local_invocation_index) lid: u32) {
  r[lid] = atomicExchange(&x, lid + 1u);
}
