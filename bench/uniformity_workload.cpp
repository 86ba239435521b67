#include "bench/uniformity_workload.h"

#include <string>

#include "bench/splitmix64.h"
#include <vector>

namespace plumb::bench {

namespace {

// The workload is defined by splitmix64 with remainder reduction (bench/splitmix64.h).
struct Rng : SplitMix64 {
  using SplitMix64::SplitMix64;
  uint32_t below(uint64_t n) { return belowByRemainder(n); }
};

std::string num(size_t v) { return std::to_string(v); }
std::string u(size_t v) { return std::to_string(v) + "u"; }
std::string f(size_t v) { return std::to_string(v) + ".0"; }

constexpr const char* kHeader =
    "// A generated module that the uniformity analysis accepts (bench/uniformity_workload.h).\n"
    "struct Params { n: u32, mode: u32, scale: f32, bias: vec4<f32> }\n"
    "@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n"
    "@group(0) @binding(1) var<uniform> params: Params;\n"
    "@group(0) @binding(2) var<storage, read> table: array<u32>;\n"
    "@group(0) @binding(3) var tex: texture_2d<f32>;\n"
    "@group(0) @binding(4) var samp: sampler;\n"
    "var<workgroup> tile: array<u32, 64>;\n"
    "var<workgroup> counter: atomic<u32>;\n"
    "var<private> seed: u32;\n"
    "const K = 3u;\n"
    "override blockSize: u32 = 8u;\n"
    "staticAssert K > 1u;\n"
    "fn bump(p: ptr<function, u32>, v: u32) { *p = *p + v; }\n\n";

// ------------------------------------------------------------------------------ functions
// Compute-side functions f_i(a, b) -> u32: `a` is always given a uniform value by callers and
// may be required to be uniform; `b` may be non-uniform and is never required to be.
// Fragment-side functions g_i(a, uv) -> vec4<f32>: the same for `a` and `uv`.

std::string computeFunction(size_t i, uint32_t kind, const std::string& callee) {
  auto call = [&](const std::string& x, const std::string& y) {
    return callee.empty() ? "((" + x + ") ^ (" + y + "))" : callee + "(" + x + ", " + y + ")";
  };
  std::string k = u(i % 7 + 2);
  std::string s = "fn f_" + num(i) + "(a: u32, b: u32) -> u32 {\n";
  switch (kind) {
    case 0:  // barrier under a uniform `&&`; non-uniform `||`
      s += "  var s = b;\n"
           "  let t = a * K + params.n;\n"
           "  if (t > " + k + ") && (a < params.n) {\n"
           "    workgroupBarrier();\n"
           "    tile[a % 64u] = t;\n"
           "  }\n"
           "  if (b > t) || (s == 0u) {\n"
           "    s = s + 1u;\n"
           "  }\n"
           "  return s + " + call("t", "s") + ";\n";
      break;
    case 1:  // a call in a uniform `for`; non-uniform `if`
      s += "  var acc = 0u;\n"
           "  for (var j = 0u; j < (a % " + k + "); j++) {\n"
           "    acc = acc + " + call("j + a", "b ^ acc") + ";\n"
           "    if b > j {\n"
           "      acc = acc ^ b;\n"
           "    }\n"
           "  }\n"
           "  return acc;\n";
      break;
    case 2:  // pointers: a pointer-parameter helper, a `let` pointer
      s += "  var w = a;\n"
           "  bump(&w, K);\n"
           "  let p = &w;\n"
           "  *p = *p + blockSize;\n"
           "  if w > " + k + " {\n"
           "    storageBarrier();\n"
           "  }\n"
           "  var x = b;\n"
           "  bump(&x, seed);\n"
           "  return x + " + call("w", "x") + ";\n";
      break;
    case 3:  // uniform switch with a barrier and fallthrough; non-uniform switch
      s += "  var r = b;\n"
           "  switch a % 4u {\n"
           "    case 0u: {\n"
           "      workgroupBarrier();\n"
           "      r = r + a;\n"
           "    }\n"
           "    case 1u, 2u: {\n"
           "      r = r ^ b;\n"
           "      fallthrough;\n"
           "    }\n"
           "    default: {\n"
           "      r = r + " + call("a", "r") + ";\n"
           "    }\n"
           "  }\n"
           "  switch b % " + k + " {\n"
           "    case 0u: {\n"
           "      r = r * 2u;\n"
           "    }\n"
           "    default: {\n"
           "    }\n"
           "  }\n"
           "  return r;\n";
      break;
    case 4:  // a loop with a non-uniform break, then a barrier
      s += "  var n = 0u;\n"
           "  var x = b;\n"
           "  while n < (a & 7u) {\n"
           "    x = x + seed;\n"
           "    n++;\n"
           "    if x > 100u {\n"
           "      break;\n"
           "    }\n"
           "  }\n"
           "  storageBarrier();\n"
           "  return x + n + " + call("a", "x") + ";\n";
      break;
    case 5:  // built-ins; arrayLength as a uniform loop bound
      s += "  let v = vec3<u32>(a, b, a ^ b);\n"
           "  let m = max(v.x, min(v.y, v.z));\n"
           "  let c = countOneBits(a) + reverseBits(b);\n"
           "  var r = select(m, c, a > " + k + ");\n"
           "  if all(vec2<bool>(a > 1u, true)) {\n"
           "    workgroupBarrier();\n"
           "  }\n"
           "  for (var q = 0u; q < (arrayLength(&out) % 4u); q++) {\n"
           "    workgroupBarrier();\n"
           "    r = r + q;\n"
           "  }\n"
           "  return r + " + call("a + countOneBits(a)", "r") + ";\n";
      break;
    default:  // atomics and workgroup memory; a function-scope const
      s += "  let old = atomicAdd(&counter, a);\n"
           "  var r = old + b;\n"
           "  const W = " + k + ";\n"
           "  if a == W {\n"
           "    workgroupBarrier();\n"
           "    r = r + tile[a];\n"
           "  }\n"
           "  if old > 3u {\n"
           "    r = r * 2u;\n"
           "  }\n"
           "  return r + " + call("a", "old") + ";\n";
      break;
  }
  return s + "}\n";
}

std::string fragmentFunction(size_t i, uint32_t kind, const std::string& callee) {
  std::string s = "fn g_" + num(i) + "(a: u32, uv: vec2<f32>) -> vec4<f32> {\n";
  auto call = [&](const std::string& x, const std::string& y) {
    return callee.empty() ? "vec4<f32>(f32(" + x + "), " + y + ", 1.0)" : callee + "(" + x + ", " + y + ")";
  };
  if (kind == 0) {  // derivatives and textureSample under uniform control flow
    s += "  var c = textureSample(tex, samp, uv);\n"
         "  if a > " + u(i % 5 + 1) + " {\n"
         "    c = c + vec4<f32>(dpdx(uv.x), dpdy(uv.y), fwidth(uv.x), 1.0);\n"
         "  }\n"
         "  if uv.x > 0.5 {\n"
         "    c.x = c.x * 0.5;\n"
         "  }\n"
         "  return c + " + call("a + 1u", "uv * 0.5") + ";\n";
  } else {  // textureSampleLevel (no restriction), textureSampleBias in a uniform loop
    s += "  let lod = f32(a % 4u);\n"
         "  var c = textureSampleLevel(tex, samp, uv, lod);\n"
         "  let d = dpdxFine(uv) + dpdyCoarse(uv);\n"
         "  for (var i = 0u; i < (a % 3u); i++) {\n"
         "    c = c + textureSampleBias(tex, samp, uv + d, f32(i));\n"
         "  }\n"
         "  switch a {\n"
         "    case 0u: {\n"
         "      c = c * params.scale;\n"
         "    }\n"
         "    default: {\n"
         "      c = c + params.bias;\n"
         "    }\n"
         "  }\n"
         "  return c + " + call("a", "uv.yx") + ";\n";
  }
  return s + "}\n";
}

// -------------------------------------------------------------------------------- nesting
// One nest of `levels` levels. Compute flavour: inside nest_cJ(a, b), uniform `u`,
// non-uniform `s`, a barrier per level. Fragment flavour: inside the @fragment entry point,
// uniform `u`, non-uniform `c`, derivatives and textureSample per level.
struct Nest {
  bool fragment = false;
  std::string a;  // a uniform u32 expression

  void level(std::string& s, size_t l, size_t levels, size_t indent) const {
    std::string in(indent, ' ');
    std::string in2(indent + 2, ' ');
    std::string L = u(l);
    // Prefix: a let, the operation that requires uniform control flow, a non-uniform if.
    if (fragment) {
      s += in + "let x_" + num(l) + " = dpdx(v * " + f(l) + ") + fwidth(uv.x);\n";
      s += in + "c = c + textureSample(tex, samp, uv + vec2<f32>(x_" + num(l) + ", " + f(l) + "));\n";
      s += in + "if pos.x > " + f(l) + " {\n" + in2 + "c.y = c.y + sin(v);\n" + in + "}\n";
    } else {
      s += in + "let x_" + num(l) + " = (u * " + L + ") + table[u % 8u];\n";
      s += in + "workgroupBarrier();\n";
      s += in + "if b > " + L + " {\n" + in2 + "s = s + x_" + num(l) + ";\n" + in + "}\n";
    }
    if (l + 1 < levels) {
      std::string length = fragment ? "arrayLength(&table)" : "arrayLength(&out)";
      std::string i = "i_" + num(l);
      std::string close = in + "}\n";
      switch (l % 10) {
        case 0:
          s += in + "if (u < params.n + " + L + ") && (" + a + " != " + L + ") {\n";
          break;
        case 1:
          s += in + "for (var " + i + " = 0u; " + i + " < K; " + i + "++) {\n";
          break;
        case 2:
          s += in + "loop {\n";
          close = in2 + "continuing {\n" + in2 + "  u = u + 1u;\n" + in2 + "  break if u > " + a +
                  " + " + L + ";\n" + in2 + "}\n" + in + "}\n";
          break;
        case 3:
          s += in + "while u < (" + a + " + " + L + ") {\n";
          close = in2 + "u = u + 1u;\n" + in + "}\n";
          break;
        case 4:
          s += in + "if (u & 1u) == 0u {\n";
          close = in + "} else {\n" + in2 + "u = u ^ " + L + ";\n" + in + "}\n";
          break;
        case 5:
          s += in + "for (var " + i + " = 0u; " + i + " < (" + length + " % 3u); " + i + "++) {\n";
          break;
        case 6:
          s += in + "loop {\n" + in2 + "if u >= (" + a + " + " + L + ") {\n" + in2 + "  break;\n" +
               in2 + "}\n";
          close = in2 + "u = u + 1u;\n" + in + "}\n";
          break;
        case 7:
          s += in + "while (u < params.n) || (u < " + L + ") {\n";
          close = in2 + "u = u + 2u;\n" + in + "}\n";
          break;
        case 8:
          s += in + "if u > blockSize {\n";
          break;
        default:
          s += in + "switch u % 3u {\n" + in2 + "case 0u, 1u: {\n";
          close = in2 + "}\n" + in2 + "default: {\n" + in2 + "  u = u + 1u;\n" + in2 + "}\n" + in + "}\n";
          indent += 2;
          break;
      }
      level(s, l + 1, levels, indent + 2);
      s += close;
    }
    // Suffix: non-uniform control flow that does not affect what follows.
    if (fragment) {
      s += in + "if (c.x > 0.5) || (v < " + f(l) + ") {\n" + in2 + "c = c * 0.5;\n" + in + "}\n";
    } else {
      s += in + "for (var j_" + num(l) + " = 0u; j_" + num(l) + " < b; j_" + num(l) + "++) {\n" +
           in2 + "s = s + j_" + num(l) + ";\n" + in2 + "if s > 99u {\n" + in2 + "  break;\n" + in2 +
           "}\n" + in + "}\n";
    }
  }
};

std::string nestFunction(size_t j, size_t levels) {
  std::string s = "fn nest_c" + num(j) + "(a: u32, b: u32) -> u32 {\n  var u = a;\n  var s = b;\n";
  Nest{false, "a"}.level(s, 0, levels, 2);
  return s + "  return s + u;\n}\n";
}

// ----------------------------------------------------------------------------- call chain
std::string chainFunction(size_t i) {
  if (i == 0)
    return "fn c_0(a: u32, p: ptr<function, u32>, n: u32) -> u32 {\n"
           "  if a > 2u {\n"
           "    workgroupBarrier();\n"
           "  }\n"
           "  *p = *p + a;\n"
           "  return n + seed;\n"
           "}\n";
  return "fn c_" + num(i) + "(a: u32, p: ptr<function, u32>, n: u32) -> u32 {\n"
         "  var t = *p + a;\n"
         "  let m = (n ^ t) | 1u;\n"
         "  var r = m;\n"
         "  for (var j = 0u; j < 2u; j++) {\n"
         "    t = t + j;\n"
         "  }\n"
         "  if (a < params.n) && (t > 0u) {\n"
         "    r = c_" + num(i - 1) + "(a + 1u, &t, m);\n"
         "  }\n"
         "  if n > 5u {\n"
         "    r = r ^ n;\n"
         "  }\n"
         "  *p = t;\n"
         "  return r + m;\n"
         "}\n";
}

}  // namespace

UniformityShape uniformityShape(UniformityAxis axis, size_t k) {
  UniformityShape shape;
  bool all = axis == UniformityAxis::All;
  if (all || axis == UniformityAxis::Functions) shape.functions = 20 * k;
  if (all || axis == UniformityAxis::Nesting) shape.nesting = 2 * k;
  if (all || axis == UniformityAxis::CallDepth) shape.callDepth = 10 * k;
  return shape;
}

std::string generateUniformityModule(const UniformityShape& shape, uint64_t seed) {
  Rng rng(seed);
  std::string out = kHeader;
  // Functions: every fifth one is fragment-side; each calls an earlier one of its side.
  std::vector<size_t> compute, fragment;
  for (size_t i = 0; i < shape.functions; ++i) {
    bool frag = i % 5 == 4;
    std::vector<size_t>& same = frag ? fragment : compute;
    std::string callee;
    if (!same.empty()) callee = (frag ? "g_" : "f_") + num(same[rng.below(same.size())]);
    out += frag ? fragmentFunction(i, rng.below(2), callee) : computeFunction(i, rng.below(7), callee);
    same.push_back(i);
  }
  if (shape.nesting)
    for (size_t j = 0; j < 2; ++j) out += nestFunction(j, shape.nesting);
  for (size_t i = 0; i < shape.callDepth; ++i) out += chainFunction(i);

  out += "\n@compute @workgroup_size(64)\n"
         "fn main(@builtin(local_invocation_id) lid: vec3<u32>,\n"
         "        @builtin(local_invocation_index) lidx: u32,\n"
         "        @builtin(workgroup_id) wid: vec3<u32>,\n"
         "        @builtin(num_workgroups) nwg: vec3<u32>) {\n"
         "  var acc = lid.x + seed;\n"
         "  let base = wid.x + nwg.y;\n";
  for (size_t n = compute.size() > 4 ? compute.size() - 4 : 0; n < compute.size(); ++n)
    out += "  acc = acc + f_" + num(compute[n]) + "(base + " + u(n) + ", acc);\n";
  if (shape.nesting) out += "  acc = acc + nest_c0(base, acc);\n  acc = acc + nest_c1(wid.y, lidx);\n";
  if (shape.callDepth)
    out += "  var v = nwg.x;\n  acc = acc + c_" + num(shape.callDepth - 1) + "(wid.z, &v, lid.x);\n";
  out += "  if lid.x < 4u {\n"
         "    acc = acc ^ atomicLoad(&counter);\n"
         "  }\n"
         "  workgroupBarrier();\n"
         "  out[lidx] = acc;\n"
         "}\n";

  out += "\n@fragment\n"
         "fn fs(@location(0) v: f32, @location(1) uv: vec2<f32>, @builtin(position) pos: vec4<f32>,\n"
         "      @builtin(front_facing) ff: bool) -> @location(0) vec4<f32> {\n"
         "  var c = textureSample(tex, samp, uv);\n"
         "  var u = params.mode;\n"
         "  let d = dpdx(v) + dpdy(pos.x);\n";
  for (size_t n = fragment.size() > 2 ? fragment.size() - 2 : 0; n < fragment.size(); ++n)
    out += "  c = c + g_" + num(fragment[n]) + "(params.mode + " + u(n) + ", uv);\n";
  if (shape.nesting) Nest{true, "params.n"}.level(out, 0, shape.nesting, 2);
  out += "  if ff {\n"
         "    c.y = c.y + d;\n"
         "  }\n"
         "  return c + vec4<f32>(f32(u));\n"
         "}\n";
  return out;
}

}  // namespace plumb::bench
