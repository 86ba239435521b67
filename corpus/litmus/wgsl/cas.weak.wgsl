// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): two invocations race to take a lock with atomicCompareExchangeWeak
// hand-written: invocation i tries 0 -> i+1. At most one exchange succeeds (two RMWs cannot both
// read the initial value: each would from-read the other's write, a cycle). The loser reads the
// winner's value and fails, or reads 0 and fails spuriously (weak, #atomic-rmw: a failed
// exchange is only a read); both may fail spuriously. r[0], r[1]: exchanged; r[2], r[3]: old
// values; lock: final value.
// @dispatch 1,1,1
// @observe r[0] r[1] r[2] r[3] lock
// @allowed 1u 0u 0u 1u 1u
// @allowed 1u 0u 0u 0u 1u
// @allowed 0u 1u 2u 0u 2u
// @allowed 0u 1u 0u 0u 2u
// @allowed 0u 0u 0u 0u 0u
// @races none

@group(0) @binding(0) var<storage, read_write> lock: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 4>;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  let res = atomicCompareExchangeWeak(&lock, 0u, lid + 1u);
  r[lid] = select(0u, 1u, res.exchanged);
  r[lid + 2u] = res.old_value;
}
