// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): MP with non-atomic accesses, no barrier
// a data race (spirv.als `dr`): each racy read returns the value of a write it may read from, or the initial value
// @dispatch 1,1,1
// @observe r[0] r[1]
// @allowed 0u 0u
// @allowed 0u 1u
// @allowed 1u 0u
// @allowed 1u 1u
// @races some

struct Mem {
  x: u32,
  y: u32,
}

@group(0) @binding(0) var<storage, read_write> m: Mem;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 4>;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  let t = lid;
  if (t == 0u) { m.x = 1u; m.y = 1u; }
  if (t == 1u) { r[0] = m.y; r[1] = m.x; }
}
