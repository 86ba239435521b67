// A histogram of byte values: storage-buffer atomics from many invocations.
struct Params {
  count: u32,
  shift: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> input: array<u32>;
@group(0) @binding(2) var<storage, read_write> bins: array<atomic<u32>, 256>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if i >= params.count {
    return;
  }
  let bin = (input[i] >> params.shift) & 0xffu;
  atomicAdd(&bins[bin], 1u);
}
