identifier
  Allows to specify types created by the type command

bool
f32
i32
u32
vec2<f32>
array<f32, 4>
array<f32>
mat2x3<f32>
