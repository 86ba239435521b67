// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): CoRR with two writers and three reads, three invocations
// hand-written: invocations 0 and 1 store 1 and 2 to x; invocation 2 reads x three times. The
// stores are ordered by asmo one way or the other; the reads must not go back in that order
// (coherence: a read from-reads every store after the one it reads), and x ends with the
// asmo-last store. Per order 10 read sequences: 20 outcomes (20).
// @dispatch 1,1,1
// @observe r[0] r[1] r[2] x
// @allowed 0u 0u 0u 1u
// @allowed 0u 0u 0u 2u
// @allowed 0u 0u 1u 1u
// @allowed 0u 0u 1u 2u
// @allowed 0u 0u 2u 1u
// @allowed 0u 0u 2u 2u
// @allowed 0u 1u 1u 1u
// @allowed 0u 1u 1u 2u
// @allowed 0u 1u 2u 2u
// @allowed 0u 2u 1u 1u
// @allowed 0u 2u 2u 1u
// @allowed 0u 2u 2u 2u
// @allowed 1u 1u 1u 1u
// @allowed 1u 1u 1u 2u
// @allowed 1u 1u 2u 2u
// @allowed 1u 2u 2u 2u
// @allowed 2u 1u 1u 1u
// @allowed 2u 2u 1u 1u
// @allowed 2u 2u 2u 1u
// @allowed 2u 2u 2u 2u
// @races none

@group(0) @binding(0) var<storage, read_write> x: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 3>;

@compute @workgroup_size(3)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid < 2u) {
    atomicStore(&x, lid + 1u);
  } else {
    for (var i = 0u; i < 3u; i = i + 1u) {
      r[i] = atomicLoad(&x);
    }
  }
}
