struct my_struct {
  a: f32,
  b: vec4<f32>
}
