// C = A x B for row-major matrices stored in storage buffers; one invocation per element.
struct Matrix {
  rows: u32,
  columns: u32,
  values: array<f32>,
}

@group(0) @binding(0) var<storage, read> a: Matrix;
@group(0) @binding(1) var<storage, read> b: Matrix;
@group(0) @binding(2) var<storage, read_write> c: Matrix;

fn offset(row: u32, column: u32, columns: u32) -> u32 {
  return row * columns + column;
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let row = gid.x;
  let column = gid.y;
  if row >= a.rows || column >= b.columns {
    return;
  }
  var sum = 0.0;
  for (var k = 0u; k < a.columns; k++) {
    sum += a.values[offset(row, k, a.columns)] * b.values[offset(k, column, b.columns)];
  }
  c.values[offset(row, column, b.columns)] = sum;
}
