// plumb-explore-litmus v1 (corpus/litmus/wgsl/README.md): two invocations write different components of one storage vector
// hand-written: a memory operation accesses exactly the locations of its memory view
// (#memory-operation), and each vector component is its own location: writing v.x and v.y
// from different invocations is not a race, and both writes survive. (The 2026 spec adds a
// note that a component write *may* access the whole vector: docs/ambiguities.md L6.)
// @dispatch 1,1,1
// @observe v[0] v[1]
// @allowed 1u 2u
// @races none

@group(0) @binding(0) var<storage, read_write> v: vec2<u32>;

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) { v.x = 1u; }
  if (lid == 1u) { v.y = 2u; }
}
