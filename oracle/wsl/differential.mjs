// The WSL reference implementation (RI, gpuweb/WSL 943222d, JavaScript) as a differential
// oracle for Plumb's WSL (issue 20 item 3; docs/wsl.md "The RI as a differential oracle").
//
// Generates random WSL programs (integer and float arithmetic but `%`, comparisons, ?:, locals, if,
// bounded for loops, calls, arrays, vectors), runs every function of each through the RI
// (`prepare` + `callFunction`) and through `plumb wsl run --format json`, and classes each call:
//   agree        the RI's value is one of Plumb's outcomes (an unspecified value of the type
//                contains every value);
//   both-reject  both refuse the program;
//   difference   anything else, with a class (`value`, `plumb-rejects`, `ri-rejects`, `ri-traps`,
//                `plumb-error`), the program and the two answers.
// Nothing of the RI is part of Plumb: pass the path of a checkout (e.g. `fetch github:gpuweb/WSL`,
// then `git archive 943222d | tar -x -C DIR`). Node 20; no npm packages.
//
//   node oracle/wsl/differential.mjs --ri DIR --plumb build/release/cli/plumb
//        [--programs N] [--functions K] [--seed S] [--report FILE.json] [--verbose]
//
// Exit status 0 when every call agrees or both reject, 1 when some differ, 2 on a usage error.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

function parseArguments(argv) {
  const o = { programs: 20, functions: 10, seed: 1, verbose: false, report: null };
  for (let i = 2; i < argv.length; ++i) {
    const a = argv[i];
    const next = () => argv[++i];
    if (a === "--ri") o.ri = next();
    else if (a === "--plumb") o.plumb = next();
    else if (a === "--programs") o.programs = Number(next());
    else if (a === "--functions") o.functions = Number(next());
    else if (a === "--seed") o.seed = Number(next());
    else if (a === "--report") o.report = next();
    else if (a === "--verbose") o.verbose = true;
    else if (a === "--library") o.library = true;
    else {
      console.error(`differential.mjs: unknown argument '${a}'`);
      process.exit(2);
    }
  }
  if (!o.ri || !o.plumb) {
    console.error("usage: node oracle/wsl/differential.mjs --ri DIR --plumb PLUMB [--programs N] [--functions K] [--seed S] [--library] [--report FILE] [--verbose]");
    process.exit(2);
  }
  return o;
}

// A small deterministic generator (mulberry32), so that a seed names a corpus.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------- the program generator
class Generator {
  constructor(random) {
    this.r = random;
  }
  pick(xs) {
    return xs[Math.floor(this.r() * xs.length)];
  }
  chance(p) {
    return this.r() < p;
  }
  intLiteral() {
    return this.pick(["0", "1", "2", "3", "7", "-1", "-5", "100", "2147483647", "-2147483647"]);
  }
  // An expression of type `type` (int, uint, float, bool) over the variables in scope.
  expr(type, vars, depth) {
    const here = vars.filter(v => v.type === type).map(v => v.name);
    if (depth <= 0 || this.chance(0.25)) {
      if (here.length && this.chance(0.6)) return this.pick(here);
      switch (type) {
        case "int": return this.intLiteral();
        case "uint": return this.pick(["0u", "1u", "3u", "31u", "32u", "4294967295u"]);
        // No negative float literal: the RI folds `-2.5` into an int literal, so every program
        // holding one is an `ri-rejects` difference (docs/ambiguities.md W41).
        case "float": return this.pick(["0.0", "1.0", "0.5", "2.5", "3.0", "1000000.0"]);
        default: return this.pick(["true", "false"]);
      }
    }
    const d = depth - 1;
    const e = t => this.expr(t, vars, d);
    switch (type) {
      case "int":
      case "uint": {
        const k = this.r();
        if (k < 0.45) return `(${e(type)} ${this.pick(["+", "-", "*", "&", "|", "^"])} ${e(type)})`;
        // No `%`: the RI's library has no operator% at all (the seed defines it on int and
        // uint), so every program using it is an `ri-rejects` difference (docs/wsl.md).
        if (k < 0.55) return `(${e(type)} / ${e(type)})`;
        if (k < 0.65) return `(${e(type)} ${this.pick(["<<", ">>"])} ${e("uint")})`;
        // Both branches hold a variable: the RI cannot type `c ? (-2) : 0` or `c ? int(-2) : 0`
        // (literals it folds do not unify: "don't have the same type"), which the seed's
        // ternary_int_literals allows (docs/ambiguities.md W40).
        if (k < 0.75) return `(${e("bool")} ? (${type}(a) + ${e(type)}) : (${type}(b) + ${e(type)}))`;
        if (k < 0.82) return `${this.pick(["min", "max"])}(${e(type)}, ${e(type)})`;
        if (k < 0.88) return `${type}(${e(this.pick(["int", "uint", "float"]))})`;
        if (k < 0.94) return type === "int" ? `(-(${e("int")}))` : `(~${e("uint")})`;
        // The RI's narrow integers (docs/ambiguities.md W43), wrapping at their width. No shifts
        // (the RI masks the count with 255 or 65535 where Plumb takes it modulo the width) and no
        // half (the RI truncates its significand where Plumb rounds to nearest).
        if (k < 0.97) {
          const narrow = this.pick(["char", "short", "uchar", "ushort"]);
          const op = this.pick(["+", "-", "*", "/", "&", "|", "^"]);
          return `${type}(${narrow}(${e("int")}) ${op} ${narrow}(${e("int")}))`;
        }
        return `${type}3(${e(type)}, ${e(type)}, ${e(type)}).${this.pick(["x", "y", "z"])}`;
      }
      case "float": {
        const k = this.r();
        if (k < 0.6) return `(${e("float")} ${this.pick(["+", "-", "*", "/"])} ${e("float")})`;
        if (k < 0.75) return `float(${e(this.pick(["int", "uint"]))})`;
        if (k < 0.85) return `(${e("bool")} ? (float(a) + ${e("float")}) : (float(b) + ${e("float")}))`;
        return `${this.pick(["min", "max"])}(${e("float")}, ${e("float")})`;
      }
      default: {
        const k = this.r();
        const t = this.pick(["int", "uint", "float"]);
        if (k < 0.5) return `(${e(t)} ${this.pick(["<", ">", "<=", ">=", "==", "!="])} ${e(t)})`;
        if (k < 0.8) return `(${e("bool")} ${this.pick(["&&", "||"])} ${e("bool")})`;
        return `!${e("bool")}`;
      }
    }
  }
  // A function body: declarations, assignments, ifs, bounded loops, an array, a return.
  func(name, callees) {
    const ret = this.pick(["int", "int", "uint", "float", "bool"]);
    const vars = [{ name: "a", type: "int" }, { name: "b", type: "int" }];
    const lines = [];
    let fresh = 0;
    const statements = this.pick([2, 3, 4, 5]);
    for (let i = 0; i < statements; ++i) {
      const k = this.r();
      if (k < 0.35) {
        const t = this.pick(["int", "uint", "float", "bool"]);
        const v = `v${fresh++}`;
        lines.push(`    ${t} ${v} = ${this.expr(t, vars, 3)};`);
        vars.push({ name: v, type: t });
      } else if (k < 0.55) {
        const target = this.pick(vars);
        lines.push(`    ${target.name} = ${this.expr(target.type, vars, 3)};`);
      } else if (k < 0.7) {
        const target = this.pick(vars);
        lines.push(`    if (${this.expr("bool", vars, 2)}) ${target.name} = ${this.expr(target.type, vars, 2)}; else ${target.name} = ${this.expr(target.type, vars, 2)};`);
      } else if (k < 0.8) {
        const target = this.pick(vars.filter(v => v.type === "int"));
        const i = `i${fresh++}`;
        lines.push(`    for (int ${i} = 0; ${i} < ${this.pick([1, 2, 3, 5])}; ${i}++) { ${target.name} = ${target.name} + ${i}; }`);
      } else if (k < 0.9) {
        const arr = `arr${fresh++}`;
        lines.push(`    int[3] ${arr};`);
        lines.push(`    ${arr}[${this.pick(["0u", "1u", "2u"])}] = ${this.expr("int", vars, 2)};`);
        const v = `v${fresh++}`;
        lines.push(`    int ${v} = ${arr}[0u] + ${arr}[1u] + ${arr}[2u];`);
        vars.push({ name: v, type: "int" });
      } else if (callees.length) {
        const callee = this.pick(callees);
        const v = `v${fresh++}`;
        lines.push(`    ${callee.ret} ${v} = ${callee.name}(${this.expr("int", vars, 2)}, ${this.expr("int", vars, 2)});`);
        vars.push({ name: v, type: callee.ret });
      }
    }
    lines.push(`    return ${this.expr(ret, vars, 3)};`);
    return { name, ret, text: `${ret} ${name}(int a, int b) {\n${lines.join("\n")}\n}\n` };
  }
  program(count) {
    const functions = [];
    for (let i = 0; i < count; ++i) functions.push(this.func(`f${i}`, functions.slice()));
    return { functions, text: functions.map(f => f.text).join("\n") };
  }
}

// --library: one program calling the standard library's float functions (docs/wsl.md, "Standard
// library"), each in a function of the generator's shape; vectors and matrices reduced to one
// element. No negative float literal (the RI makes `-2.5` an int, W41): `0.0 - 2.5`.
const kLibraryCalls = [
  ["float", "sin(0.5)"], ["float", "cos(0.5)"], ["float", "tan(0.5)"], ["float", "asin(0.5)"],
  ["float", "acos(0.5)"], ["float", "atan(0.5)"], ["float", "atan2(1.0, 2.0)"],
  ["float", "sinh(0.5)"], ["float", "cosh(0.5)"], ["float", "tanh(0.5)"], ["float", "sqrt(2.0)"],
  ["float", "rsqrt(2.0)"], ["float", "exp(1.5)"], ["float", "exp2(1.5)"], ["float", "log(3.0)"],
  ["float", "log2(3.0)"], ["float", "pow(2.0, 0.5)"], ["float", "floor(0.0 - 2.5)"],
  ["float", "ceil(0.0 - 2.5)"], ["float", "round(2.4)"], ["float", "trunc(0.0 - 2.7)"],
  ["float", "frac(3.75)"], ["float", "abs(0.0 - 2.0)"], ["float", "sign(0.0 - 3.0)"],
  ["float", "min(1.0, 2.0)"], ["float", "max(1.0, 2.0)"], ["float", "clamp(5.0, 0.0, 1.0)"],
  ["float", "saturate(1.5)"], ["float", "lerp(2.0, 4.0, 0.25)"], ["float", "step(1.0, 2.0)"],
  ["float", "step(2.0, 1.0)"], ["float", "smoothstep(0.0, 1.0, 0.25)"],
  ["float", "fmod(7.5, 2.0)"], ["float", "ldexp(1.5, 3.0)"], ["float", "mad(2.0, 3.0, 1.0)"],
  ["float", "dot(float3(1, 2, 3), float3(4, 5, 6))"], ["float", "length(float2(3, 4))"],
  ["float", "distance(float2(1, 1), float2(4, 5))"], ["float", "normalize(float2(3, 4)).y"],
  ["float", "cross(float3(1, 2, 3), float3(4, 5, 6)).z"],
  ["float", "reflect(float2(1, -1), float2(0, 1)).y"],
  ["float", "refract(float2(0.6, 0.0 - 0.8), float2(0, 1), 0.5).x"],
  ["float", "faceforward(float2(1, 2), float2(1, 0), float2(1, 0)).y"],
  ["float", "mul(float2x3(float3(1, 2, 3), float3(4, 5, 6)), float3(1, 0, -1)).y"],
  ["float", "mul(float3(1, 1, 1), float3x2(float2(1, 2), float2(3, 4), float2(5, 6))).x"],
  ["float", "mul(float2x3(float3(1, 2, 3), float3(4, 5, 6)), float3x2(float2(1, 0), float2(0, 1), float2(1, 1)))[1][0]"],
  ["float", "transpose(float2x3(float3(1, 2, 3), float3(4, 5, 6)))[2][1]"],
  ["float", "determinant(float3x3(float3(2, 1, 0), float3(1, 3, 1), float3(0, 1, 4)))"],
  ["float", "determinant(float2x2(float2(1, 2), float2(3, 4)))"],
  ["float", "sin(float2(0.5, 1.0)).y"], ["float", "floor(float2x2(float2(1.5, 2.5), float2(3.5, 4.5)))[1][1]"],
  ["float", "float(sin(half(0.5)))"], ["bool", "isnan(1.0)"], ["bool", "isinf(1.0)"],
  ["bool", "isfinite(1.0)"], ["bool", "all(float3(1, 2, 0))"], ["bool", "any(float3(0, 0, 1))"],
];
// The overloads the library diff found missing (oracle/wsl/library_diff.mjs; W50): the integer
// functions on the RI's narrow types and vectors, the bit casts, log10, degrees, radians, rcp,
// fma, the tests, the half conversions, dst and lit.
const kOverloadCalls = [
  ["int", "int(abs(char(0 - 5)))"], ["int", "int(clamp(uchar(200), uchar(10), uchar(100)))"],
  ["int", "clamp(int3(0 - 5, 5, 50), int3(0, 0, 0), int3(10, 10, 10)).z"],
  ["int", "dot(int3(1, 2, 3), int3(4, 5, 6))"], ["int", "mul(int2(1, 2), int2(3, 4))"],
  ["int", "mul(3, int2(1, 2)).y"], ["uint", "dot(uint2(4294967295u, 1u), uint2(1u, 2u))"],
  ["int", "int(sign(short(0 - 9)))"], ["uint", "sign(7u)"], ["int", "int(max(char(0 - 3), char(2)))"],
  ["int", "abs(int2(0 - 3, 4)).x"], ["uint", "firstbithigh(uchar(64))"],
  ["uint", "firstbitlow(ushort(8))"], ["int", "int(reversebits(uchar(1)))"],
  ["uint", "uint(count_bits(ushort(7)))"], ["int", "asint(1.0)"], ["uint", "asuint(0 - 1)"],
  ["float", "asfloat(1069547520u)"], ["float", "asfloat(int2(0, 1065353216)).y"],
  ["float", "log10(100.0)"], ["float", "degrees(1.0)"], ["float", "radians(90.0)"],
  ["float", "rcp(4.0)"], ["float", "fma(2.0, 3.0, 1.0)"], ["bool", "isnormal(1.0)"],
  ["bool", "isordered(1.0, 2.0)"], ["bool", "isunordered(1.0, 2.0)"], ["uint", "f32tof16(1.0)"],
  ["float", "f16tof32(15360u)"], ["float", "dst(float4(1, 2, 3, 4), float4(5, 6, 7, 8)).y"],
  ["float", "lit(0.5, 2.0, 3.0).z"],
];

const kLibraryBodies = [
  ["float", "float i; float f = modf(2.75, &i); return f * 10.0 + i;"],
  ["float", "float s; float c; sincos(0.5, &s, &c); return s + c;"],
];
function libraryProgram() {
  const functions = [];
  const add = (ret, body) => {
    const name = `f${functions.length}`;
    functions.push({ name, ret, text: `test ${ret} ${name}(int a, int b) { ${body} }` });
  };
  for (const [ret, e] of kLibraryCalls) add(ret, `return ${e};`);
  for (const [ret, body] of kLibraryBodies) add(ret, body);
  for (const [ret, e] of kOverloadCalls) add(ret, `return ${e};`);
  return { functions, text: functions.map(f => f.text).join("\n") };
}

// ---------------------------------------------------------------- the two implementations
async function loadRi(dir) {
  const source = pathToFileURL(resolve(dir, "Source") + "/").href;
  const { prepare } = await import(source + "Prepare.mjs");
  const { callFunction } = await import(source + "CallFunction.mjs");
  const { TypedValue } = await import(source + "TypedValue.mjs");
  const { Evaluator } = await import(source + "Evaluator.mjs");
  return { prepare, callFunction, TypedValue, Evaluator };
}

function riValueText(type, value) {
  if (type === "bool") return value ? "true" : "false";
  if (type === "uint") return `${value >>> 0}u`;
  if (type === "float") {
    if (Number.isNaN(value)) return "nan";
    if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
    return `${value}`;
  }
  return `${value | 0}`;
}

function plumbValueText(v) {
  if (v.unspecified && v.range) return `any ${v.type} in [${v.range[0]}, ${v.range[1]}]`;
  if (v.unspecified) return `any ${v.type}`;
  if (v.type === "bool") return v.value ? "true" : "false";
  if (v.type === "uint") return `${v.value}u`;
  if (v.type === "float") {
    if (v.value === "NaN") return "nan";
    if (v.value === "Infinity") return "inf";
    if (v.value === "-Infinity") return "-inf";
    return `${Math.fround(v.value)}`;
  }
  return `${v.value}`;
}

// A bounded float (plumb-wsl-run version 2 and later, `range`) holds the RI's number when it lies within.
function bound(x) {
  return x === "Infinity" ? Infinity : x === "-Infinity" ? -Infinity : x;
}
function plumbContains(outcomes, type, riText) {
  return outcomes.some(o => {
    if (o.status !== "returned" || !o.value) return false;
    const v = o.value;
    if (v.unspecified && v.range) {
      const x = Number(riText);
      return v.type === type && !Number.isNaN(x) && bound(v.range[0]) <= x && x <= bound(v.range[1]);
    }
    return v.unspecified ? v.type === type : plumbValueText(v) === riText;
  });
}

async function main() {
  const o = parseArguments(process.argv);
  if (o.library) o.programs = 1;
  const ri = await loadRi(o.ri);
  const generator = new Generator(rng(o.seed));
  const work = mkdtempSync(join(tmpdir(), "plumb-wsl-oracle-"));
  const counts = { agree: 0, "both-reject": 0 };
  const classes = {};
  const examples = [];
  let calls = 0;
  try {
    for (let n = 0; n < o.programs; ++n) {
      const program = o.library ? libraryProgram() : generator.program(o.functions);
      const file = join(work, `p${n}.wsl`);
      writeFileSync(file, program.text);
      let prepared = null;
      let riError = null;
      try {
        prepared = ri.prepare("/internal/test", 0, program.text);
      } catch (e) {
        riError = `${e.constructor.name}: ${String(e.message).split("\n")[0]}`;
      }
      for (const f of program.functions) {
        const args = [generator.pick([0, 1, 3, -2, 7, 2147483647]), generator.pick([0, 1, 2, -1, 5])];
        ++calls;
        let plumb;
        try {
          plumb = JSON.parse(execFileSync(o.plumb, ["wsl", "run", file, "--entry", f.name, "--args", `int:${args[0]}`, `int:${args[1]}`, "--format", "json", "--max-executions", "256"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
        } catch (e) {
          const out = e.stdout ? String(e.stdout) : "";
          try {
            plumb = JSON.parse(out);
          } catch {
            plumb = { error: (e.stderr ? String(e.stderr) : String(e)).split("\n")[0] };
          }
        }
        const plumbRejects = plumb.valid === false;
        let cls = null, riText = null;
        if (riError) {
          cls = plumbRejects ? "both-reject" : "ri-rejects";
        } else if (plumbRejects) {
          cls = "plumb-rejects";
        } else if (plumb.error) {
          cls = "plumb-error";
        } else {
          try {
            const boxed = args.map(v => ri.TypedValue.box(prepared.intrinsics.int, v | 0));
            const result = ri.callFunction(prepared, f.name, boxed);
            if (ri.Evaluator.lastInvocationDidTrap && ri.Evaluator.lastInvocationDidTrap()) {
              cls = "ri-traps";
            } else {
              riText = riValueText(f.ret, result.value);
              cls = plumbContains(plumb.outcomes, f.ret, riText) ? "agree" : "value";
            }
          } catch (e) {
            cls = "ri-throws";
            riText = String(e.message).split("\n")[0];
          }
        }
        if (cls === "agree" || cls === "both-reject") {
          ++counts[cls];
          continue;
        }
        classes[cls] = (classes[cls] || 0) + 1;
        const example = { class: cls, program: n, function: f.name, args, ri: riText ?? riError, plumb: plumb.outcomes ? plumb.outcomes.map(x => x.status === "returned" ? plumbValueText(x.value) : x.status) : (plumb.error || plumb.diagnostics || plumb) };
        if (examples.length < 200) examples.push({ ...example, text: f.text });
        if (o.verbose) console.log(JSON.stringify(example));
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const differences = Object.values(classes).reduce((a, b) => a + b, 0);
  const report = { format: "plumb-wsl-differential", version: 1, seed: o.seed, programs: o.programs, calls, agree: counts.agree, bothReject: counts["both-reject"], differences, classes, examples };
  if (o.report) writeFileSync(o.report, JSON.stringify(report, null, 2) + "\n");
  console.log(`wsl differential: ${calls} calls in ${o.programs} programs (seed ${o.seed}): ${counts.agree} agree, ${counts["both-reject"]} both reject, ${differences} differ`);
  for (const [k, v] of Object.entries(classes)) console.log(`  ${v}  ${k}`);
  process.exit(differences ? 1 : 0);
}

main();
