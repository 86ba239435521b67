// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): two invocations each increment a counter twice in a bounded loop
// hand-written: the four atomicAdds form one chain of read-modify-writes (atomicity: each reads
// its predecessor in the modification order), and each invocation's second add follows its
// first (program order orders same-location atomics of one invocation). So the returned values
// are 0..3 once each, increasing within an invocation (6 ways), and the counter ends at 4.
// @dispatch 1,1,1
// @observe r[0] r[1] r[2] r[3] c
// @allowed 0u 1u 2u 3u 4u
// @allowed 0u 2u 1u 3u 4u
// @allowed 0u 3u 1u 2u 4u
// @allowed 1u 2u 0u 3u 4u
// @allowed 1u 3u 0u 2u 4u
// @allowed 2u 3u 0u 1u 4u
// @races none

@group(0) @binding(0) var<storage, read_write> c: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 4>;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < 2u; i = i + 1u) {
    r[2u * lid + i] = atomicAdd(&c, 1u);
  }
}
