// Valid, but Tint warns "code is unreachable", and Dawn prints its compilation warnings on the
// process's stdout: the runner protocol must survive it (the Node runners talk on fd 3).
@compute @workgroup_size(1)
fn main() {
  return;
  workgroupBarrier();
}
