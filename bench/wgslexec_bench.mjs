// wgslexec_bench.mjs: times wgsl_reflect's WgslExec (npm `wgsl_reflect`) on a shared workload, for
// the side-by-side comparison of bench/compare_wgslexec.py (README "Performance").
//
//   node bench/wgslexec_bench.mjs MODULE_DIR FILE.wgsl [REPEATS]
//
// MODULE_DIR holds node_modules/wgsl_reflect. The workload's `// @words: N` and `// @dispatch: X Y Z`
// comments (shared/bench/gen_workloads.py) give the size of the output buffer (group 0, binding 0)
// and the dispatch. Prints one JSON line: the median CPU time (user + system, process.cpuUsage)
// and wall time of REPEATS runs of parse + dispatch (the work `plumb run` does as a process, less
// its start-up), and the output words, so that a wrong result can be seen.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [moduleDir, file, repeatsText] = process.argv.slice(2);
if (!moduleDir || !file) {
  console.error("usage: node wgslexec_bench.mjs MODULE_DIR FILE.wgsl [REPEATS]");
  process.exit(2);
}
// The package's ES module build (its CommonJS build is mislabelled as a module in 1.6.0).
const modulePath = path.join(path.resolve(moduleDir), "node_modules", "wgsl_reflect", "wgsl_reflect.module.js");
const { WgslParser, WgslExec } = await import(pathToFileURL(modulePath).href);
const code = readFileSync(file, "utf8");
const words = Number((/\/\/ @words: (\d+)/.exec(code) || [])[1] || 1);
const dispatch = ((/\/\/ @dispatch: (\d+) (\d+) (\d+)/.exec(code) || []).slice(1).map(Number));
const repeats = Number(repeatsText || 3);

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpu = [];
const wall = [];
let out = null;
for (let r = 0; r < repeats; ++r) {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const exec = new WgslExec(new WgslParser().parse(code));
  const buffer = new Uint32Array(words);
  exec.dispatchWorkgroups("main", dispatch.length === 3 ? dispatch : [1, 1, 1], { 0: { 0: buffer } });
  const t1 = process.hrtime.bigint();
  const c1 = process.cpuUsage(c0);
  wall.push(Number(t1 - t0) / 1e9);
  cpu.push((c1.user + c1.system) / 1e6);
  out = buffer;
}
console.log(JSON.stringify({ file: path.basename(file), cpuSeconds: median(cpu), wallSeconds: median(wall),
                             words: Array.from(out) }));
