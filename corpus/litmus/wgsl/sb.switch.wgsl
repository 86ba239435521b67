// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): SB selected by a switch, three invocations
// hand-written: a switch on local_invocation_index picks the threads; the third invocation takes
// the default clause and touches only its own result. Relaxed atomics: all four SB outcomes.
// @dispatch 1,1,1
// @observe r[0] r[1] r[2]
// @allowed 0u 0u 9u
// @allowed 0u 1u 9u
// @allowed 1u 0u 9u
// @allowed 1u 1u 9u
// @races none

struct Mem {
  x: atomic<u32>,
  y: atomic<u32>,
}

@group(0) @binding(0) var<storage, read_write> m: Mem;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 3>;

@compute @workgroup_size(3)
fn main(@builtin(local_invocation_index) lid: u32) {
  switch lid {
    case 0u: {
      atomicStore(&m.x, 1u);
      r[0] = atomicLoad(&m.y);
    }
    case 1u: {
      atomicStore(&m.y, 1u);
      r[1] = atomicLoad(&m.x);
    }
    default: {
      r[2] = 9u;
    }
  }
}
