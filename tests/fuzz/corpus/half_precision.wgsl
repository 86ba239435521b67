// The f16 extension: `enable f16;`, the f16 type and `h` literals.
enable f16;

const kScale: f16 = 0.5h;

@group(0) @binding(0) var<storage, read_write> values: array<f16>;

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let v = values[gid.x];
  values[gid.x] = clamp(v * kScale + 0x1p-4h, -65504.0h, 65504.0h);
}
