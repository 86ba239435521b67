// An out-of-bounds store: the seed lets it go to any element of the bound buffer, or nowhere
// (#invalid-memory-reference), so `plumb run` reports one outcome per choice.
@group(0) @binding(0) var<storage, read_write> data: array<u32, 4>;

@compute @workgroup_size(1)
fn main() {
  var i = 4u;  // one past the end
  data[i] = 7u;
  data[0] = data[0] + 1u;
}
