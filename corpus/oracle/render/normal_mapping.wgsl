// Normal mapping (issue 19, a real-world-style fragment shader): the interpolated normal and
// tangent (with the bitangent's sign in w) form the tangent frame; a tangent-space normal read
// from a normal map (rgba8unorm, n * 0.5 + 0.5) is turned into world space and lights an albedo
// texture with a directional light (Lambert) and an ambient term. Both textures are sampled
// with textureSample at texel centres ((x + 0.5) / 4 on a 4x4 viewport over 4x4 textures).
struct DirectionalLight {
  direction: vec3<f32>,
  ambient: f32,
}

struct Interpolated {
  @location(0) uv: vec2<f32>,
  @location(1) normal: vec3<f32>,
  @location(2) tangent: vec4<f32>,
}

@group(0) @binding(0) var albedoMap: texture_2d<f32>;
@group(0) @binding(1) var normalMap: texture_2d<f32>;
@group(0) @binding(2) var linearSampler: sampler;
@group(0) @binding(3) var<uniform> light: DirectionalLight;

@fragment
fn main(in: Interpolated) -> @location(0) vec4<f32> {
  let n = normalize(in.normal);
  // Gram-Schmidt: the tangent made orthogonal to the interpolated normal.
  let t = normalize(in.tangent.xyz - n * dot(n, in.tangent.xyz));
  let b = cross(n, t) * in.tangent.w;
  let tangentToWorld = mat3x3<f32>(t, b, n);
  let tangentNormal = textureSample(normalMap, linearSampler, in.uv).xyz * 2.0 - 1.0;
  let worldNormal = normalize(tangentToWorld * tangentNormal);
  let diffuse = max(dot(worldNormal, normalize(-light.direction)), 0.0);
  let albedo = textureSample(albedoMap, linearSampler, in.uv);
  return vec4<f32>(albedo.rgb * (light.ambient + diffuse), albedo.a);
}
