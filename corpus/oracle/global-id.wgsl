// A .wgsl case with its bindings beside it (global-id.bindings.json): each invocation
// writes 3 × its global id + 1. Outputs are compared on verdicts only until the interpreter
// is wired (no "expect").
@group(0) @binding(0) var<storage, read_write> o: array<u32>;

@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  o[g.x] = g.x * 3u + 1u;
}
