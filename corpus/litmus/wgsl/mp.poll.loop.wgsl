// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): MP whose reader polls the flag at most three times in a loop
// hand-written: a bounded loop with break; r[2] counts the polls. The reader may see the flag
// at poll 1, 2 or 3 (then r[0]=1 and, relaxed, the data 0 or 1) or never (r[0]=0, r[2]=3).
// @dispatch 1,1,1
// @observe r[0] r[1] r[2]
// @allowed 1u 0u 1u
// @allowed 1u 1u 1u
// @allowed 1u 0u 2u
// @allowed 1u 1u 2u
// @allowed 1u 0u 3u
// @allowed 1u 1u 3u
// @allowed 0u 0u 3u
// @races none

struct Mem {
  x: atomic<u32>,
  y: atomic<u32>,
}

@group(0) @binding(0) var<storage, read_write> m: Mem;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 3>;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    atomicStore(&m.x, 1u);
    atomicStore(&m.y, 1u);
  }
  if (lid == 1u) {
    var polls = 0u;
    loop {
      polls = polls + 1u;
      if (atomicLoad(&m.y) == 1u) {
        r[0] = 1u;
        r[1] = atomicLoad(&m.x);
        break;
      }
      if (polls == 3u) { break; }
    }
    r[2] = polls;
  }
}
