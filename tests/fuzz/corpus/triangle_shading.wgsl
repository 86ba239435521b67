// A vertex and a fragment entry point sharing an interface structure.
struct Uniforms {
  model_view_projection: mat4x4<f32>,
  tint: vec4<f32>,
}

struct VertexOutput {
  @builtin(position) position: vec4<f32>,
  @location(0) color: vec4<f32>,
  @location(1) @interpolate(linear) uv: vec2<f32>,
}

@group(0) @binding(0) var<uniform> uniforms: Uniforms;
@group(0) @binding(1) var base_texture: texture_2d<f32>;
@group(0) @binding(2) var base_sampler: sampler;

@vertex
fn vs_main(@builtin(vertex_index) index: u32,
           @location(0) position: vec3<f32>,
           @location(1) color: vec4<f32>) -> VertexOutput {
  var out: VertexOutput;
  out.position = uniforms.model_view_projection * vec4<f32>(position, 1.0);
  out.color = color * uniforms.tint;
  out.uv = vec2<f32>(f32(index & 1u), f32((index >> 1u) & 1u));
  return out;
}

@fragment
fn fs_main(in: VertexOutput) -> @location(0) vec4<f32> {
  let texel = textureSample(base_texture, base_sampler, in.uv);
  if texel.a < 0.01 {
    discard;
  }
  return vec4<f32>(texel.rgb * in.color.rgb, texel.a * in.color.a);
}
