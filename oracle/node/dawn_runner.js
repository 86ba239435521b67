// Runner: WGSL on Dawn (Tint) through the npm package `webgpu` (dawn.node), normally on
// SwiftShader (VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json; Dawn refuses
// Debian 12's lavapipe). Protocol: docs/oracle.md (`plumb-oracle-runner` v1).
import {createRequire} from 'node:module';
import {create, globals} from 'webgpu';
import {hello, openDevice, runCaseWithRecovery} from './runner_core.js';
import {serveLines, writeLine} from './stdio_lines.js';

Object.assign(globalThis, globals);
const require = createRequire(import.meta.url);
const flags = (process.env.PLUMB_DAWN_FLAGS || '').split(' ').filter(Boolean);
const gpu = create(flags);
const state = {};
try {
  await openDevice(gpu, state);
} catch (e) {
  writeLine({hello: 'plumb-oracle-runner', version: 1, backend: 'dawn', error: String(e.message || e)});
  process.exit(3);
}
writeLine(hello('dawn', state, {
  webgpu: require('webgpu/package.json').version, node: process.versions.node,
  vulkanIcd: process.env.VK_ICD_FILENAMES || null}));
await serveLines((c) => runCaseWithRecovery(gpu, state, c));
