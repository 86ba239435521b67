// Inclusive prefix sum within one workgroup (Hillis-Steele), with workgroup memory and
// control barriers in uniform control flow.
const kSize: u32 = 64u;

var<workgroup> scratch: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
  let base = wid.x * kSize;
  scratch[lid] = data[base + lid];
  workgroupBarrier();
  var offset = 1u;
  loop {
    if offset >= kSize {
      break;
    }
    var value = scratch[lid];
    if lid >= offset {
      value = value + scratch[lid - offset];
    }
    workgroupBarrier();
    scratch[lid] = value;
    workgroupBarrier();
    continuing {
      offset = offset * 2u;
    }
  }
  data[base + lid] = scratch[lid];
}
