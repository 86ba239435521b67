#include "bench/checkable_workload.h"

#include <string>

#include "bench/splitmix64.h"

namespace plumb::bench {

namespace {

// The workload is defined by splitmix64 with remainder reduction (bench/splitmix64.h).
struct CheckableRng : SplitMix64 {
  using SplitMix64::SplitMix64;
  uint32_t below(uint64_t n) { return belowByRemainder(n); }
};

std::string u(uint32_t v) { return std::to_string(v) + "u"; }

}  // namespace

std::string generateCheckableModule(size_t functions, uint64_t seed) {
  CheckableRng rng(seed);
  std::string out;
  out.reserve(functions * 220 + 4096);
  out +=
      "// A generated module that passes Plumb's static rules (bench/checkable_workload.h).\n"
      "struct Particle { pos: vec3<f32>, vel: vec3<f32>, id: u32, flags: array<u32, 4> }\n"
      "struct Pair { a: u32, b: i32 }\n"
      "const K0 = 7;\n"
      "const K1: u32 = 0x9E37u;\n"
      "const K2 = vec3<f32>(0.5, 0.25, 0.125);\n"
      "const K3 = K0 * 3 + 1;\n"
      "const TABLE = array<u32, 4>(1u, 3u, 5u, 7u);\n"
      "var<private> gp: u32;\n"
      "var<private> gparticles: array<Particle, 8>;\n"
      "@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n"
      "fn bump(p: ptr<function, u32>, by: u32) { *p = *p + by; }\n\n";
  for (size_t i = 0; i < functions; ++i) {
    std::string name = "fn_" + std::to_string(i);
    std::string callee = i ? "fn_" + std::to_string(rng.below(static_cast<uint32_t>(i))) : "";
    uint32_t k = 1 + rng.below(97);
    out += "fn " + name + "(a: u32, b: i32) -> u32 {\n";
    switch (rng.below(16)) {
      case 0:
        out += "  let v = vec3<f32>(f32(a), f32(b), 1.0) + K2;\n"
               "  let n = normalize(v) * " + std::to_string(k) + ".0;\n"
               "  return u32(abs(dot(n, v.zyx)));\n";
        break;
      case 1:
        out += "  let m = mat2x2<f32>(vec2<f32>(f32(a), 1.0), vec2<f32>(2.0, f32(b)));\n"
               "  let r = transpose(m) * vec2(0.5, 0.25) + m[1];\n"
               "  return u32(clamp(r.x + r.y, 0.0, 1000.0));\n";
        break;
      case 2:
        out += "  var i = 0u;\n  var s = a;\n  loop {\n    if i >= " + u(k % 8 + 1) +
               " { break; }\n    s = s ^ (s << 3u);\n    i++;\n"
               "    continuing { s += K1; }\n  }\n  return s;\n";
        break;
      case 3:
        out += "  var r: u32;\n  switch b & 3 {\n    case 0: { r = " + u(k) +
               "; }\n    case 1, 2: { r = a + 1u; fallthrough; }\n"
               "    default: { r = r >> 1u; }\n  }\n  return r;\n";
        break;
      case 4:
        out += "  var x = a;\n  bump(&x, " + u(k) + ");\n  let p = &x;\n  *p *= 3u;\n"
               "  return x + gp;\n";
        break;
      case 5:
        out += "  var t = TABLE;\n  t[a & 3u] = t[(a + 1u) & 3u] + " + u(k) + ";\n"
               "  return t[0] + t[3];\n";
        break;
      case 6:
        out += i ? "  return " + callee + "(a + " + u(k) + ", b - 1) ^ " + callee + "(a, b);\n"
                 : "  return a;\n";
        break;
      case 7:
        out += "  let c = countOneBits(a) + reverseBits(a) + firstLeadingBit(a);\n"
               "  return extractBits(c, 2u, 5u) + insertBits(a, c, 1u, " + u(k % 16 + 1) + ");\n";
        break;
      case 8:
        out += "  var p: Particle;\n  p.pos = vec3<f32>(f32(b));\n  p.vel = p.pos.zzy * 2.0;\n"
               "  p.flags[a & 3u] = a;\n  p.id = " + u(k) + ";\n"
               "  return p.id + p.flags[1] + u32(length(p.vel));\n";
        break;
      case 9:
        out += "  var s = 0;\n  for (var j = 0; j < " + std::to_string(k % 9 + 1) +
               "; j++) {\n    s += select(j, -j, (j & 1) == 0);\n  }\n  return u32(s + b);\n";
        break;
      case 10:
        out += "  const c = K3 * " + std::to_string(k) + " - 1;\n"
               "  staticAssert c > 0;\n"
               "  let v = vec4<i32>(c, b, -b, K0);\n"
               "  return u32(max(v.x, v.w)) + u32(abs(v.y + v.z));\n";
        break;
      case 11:
        out += "  var x = abs(b) % 64 + 1;\n  while x < " + std::to_string(k) +
               " {\n    x = x * 2 + 1;\n    if x == 5 { continue; }\n  }\n  return u32(x);\n";
        break;
      case 12:
        out += "  let pr = Pair(a, b);\n  let q = Pair(pr.a * " + u(k) + ", -pr.b);\n"
               "  return q.a + bitcast<u32>(q.b);\n";
        break;
      case 13:
        out += "  let h = vec2<f32>(f32(a) * 0.001, " + std::to_string(k) + ".5);\n"
               "  let w = smoothstep(vec2(0.0), vec2(1.0), h) + fract(h) * floor(h);\n"
               "  return pack2x16float(w) ^ pack4x8unorm(vec4<f32>(w, w));\n";
        break;
      case 14:
        out += "  if (a > " + u(k) + " && b != 0) || a == 0u {\n    return a % " + u(k) +
               ";\n  } else if b < 0 {\n    return u32(-b) / " + u(k) +
               ";\n  }\n  return min(a, " + u(k) + ") << (a & 7u);\n";
        break;
      default:
        out += "  gparticles[a & 7u].id += " + u(k) + ";\n"
               "  let m3 = mat3x3<f32>(K2, K2.yzx, K2.zxy);\n"
               "  let d = determinant(m3) + f32(gparticles[0].id);\n"
               "  return u32(abs(d)) + u32(any(K2 > vec3(0.3)));\n";
        break;
    }
    out += "}\n";
  }
  out += "\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) gid: vec3<u32>) {\n"
         "  var acc = 0u;\n";
  size_t first = functions > 16 ? functions - 16 : 0;
  for (size_t i = first; i < functions; ++i)
    out += "  acc += fn_" + std::to_string(i) + "(gid.x + " + u(static_cast<uint32_t>(i % 1000)) +
           ", i32(gid.y));\n";
  out += "  out[gid.x] = acc;\n}\n";
  return out;
}

}  // namespace plumb::bench
