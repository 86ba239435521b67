// Runner: WGSL on wgpu (naga) through Deno's WebGPU (`navigator.gpu`), with the deno binary
// of the npm package `deno`, on lavapipe (VK_ICD_FILENAMES=.../lvp_icd.x86_64.json) or
// SwiftShader. Protocol: docs/oracle.md (`plumb-oracle-runner` v1).
// Run as: deno run --allow-read --allow-env deno_runner.js   (stdin: cases, stdout: results)
import {hello, openDevice, runCaseWithRecovery} from './runner_core.js';

const encoder = new TextEncoder();
function writeLine(obj) {
  const bytes = encoder.encode(JSON.stringify(obj) + '\n');
  let written = 0;
  while (written < bytes.length) written += Deno.stdout.writeSync(bytes.subarray(written));
}

const gpu = navigator.gpu;
const state = {};
try {
  if (!gpu) throw new Error('navigator.gpu is undefined in this Deno');
  await openDevice(gpu, state);
} catch (e) {
  writeLine({hello: 'plumb-oracle-runner', version: 1, backend: 'deno', error: String(e.message || e)});
  Deno.exit(3);
}
writeLine(hello('deno', state, {
  deno: Deno.version.deno, v8: Deno.version.v8,
  vulkanIcd: Deno.env.get('VK_ICD_FILENAMES') || null}));

let pending = '';
const decoder = new TextDecoder();
outer: for await (const chunk of Deno.stdin.readable) {
  pending += decoder.decode(chunk, {stream: true});
  let nl;
  while ((nl = pending.indexOf('\n')) >= 0) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    if (!line.trim()) continue;
    let c;
    try {
      c = JSON.parse(line);
    } catch (e) {
      writeLine({id: null, status: 'bad-case', error: 'not JSON: ' + e.message});
      continue;
    }
    if (c.op === 'exit') break outer;
    // Test hooks for the harness's own tests (a case's "runnerTest"), as in stdio_lines.js.
    if (c.test === 'crash') Deno.exit(70);
    if (c.test === 'hang') {
      setInterval(() => {}, 1000);
      await new Promise(() => {});
    }
    if (c.test === 'garbage') {
      Deno.stdout.writeSync(encoder.encode('this is not JSON\n'));
      continue;
    }
    writeLine(await runCaseWithRecovery(gpu, state, c));
  }
}
Deno.exit(0);
