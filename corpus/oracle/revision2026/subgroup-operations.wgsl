// Revision 2026, `enable subgroups` (docs/ambiguities.md G1-G4): a workgroup of four in
// uniform control flow. Plumb explores every grouping of the four invocations into subgroups
// and every numbering (73 layouts); a device's one layout must give one of the outcomes.
enable subgroups;

@group(0) @binding(0) var<storage, read_write> out: array<u32, 32>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  let v = i + 1u;
  out[i * 8u + 0u] = subgroupAdd(v);
  out[i * 8u + 1u] = subgroupMax(v) * 100u + subgroupMin(v);
  out[i * 8u + 2u] = subgroupBallot(true).x;
  out[i * 8u + 3u] = u32(subgroupElect());
  out[i * 8u + 4u] = subgroupExclusiveAdd(v);
  out[i * 8u + 5u] = subgroupBroadcastFirst(v);
  out[i * 8u + 6u] = subgroupOr(1u << i) + u32(subgroupAll(v < 5u)) * 16u;
  out[i * 8u + 7u] = subgroupMul(v);
}
