// Runner: WGSL on Chromium's WebGPU (Dawn/Tint in the GPU process) on SwiftShader, driven by
// puppeteer-core with Debian's /usr/bin/chromium (no browser is ever downloaded). The page is
// served on 127.0.0.1 only. Protocol: docs/oracle.md (`plumb-oracle-runner` v1).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {createRequire} from 'node:module';
import puppeteer from 'puppeteer-core';
import {CAPABILITIES} from './runner_core.js';
import {serveLines, writeLine} from './stdio_lines.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const executablePath = process.env.PLUMB_CHROMIUM || '/usr/bin/chromium';
// A fresh profile per launch, inside plumb oracle's private directory when it gives one.
const userDataDir = fs.mkdtempSync(path.join(process.env.PLUMB_RUNNER_TMPDIR || os.tmpdir(), 'chromium-profile-'));

// The flags that work on this machine (issue 7); --use-vulkan=native hangs.
const args = [
  '--headless', '--no-sandbox', '--disable-gpu-sandbox', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  `--user-data-dir=${userDataDir}`, '--enable-unsafe-webgpu', '--ignore-gpu-blocklist',
  '--enable-features=Vulkan', '--disable-vulkan-surface', '--use-vulkan=swiftshader',
  '--use-webgpu-adapter=swiftshader', '--use-angle=swiftshader',
  '--remote-debugging-pipe',
];

const files = {
  '/': ['chromium_page.html', 'text/html'],
  '/runner_core.js': ['runner_core.js', 'text/javascript'],
  '/runner_draw.js': ['runner_draw.js', 'text/javascript'],
};
const server = http.createServer((req, res) => {
  const f = files[req.url.split('?')[0]];
  if (req.url === '/favicon.ico') {
    res.writeHead(204);
    res.end();
    return;
  }
  if (!f) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, {'content-type': f[1], 'cache-control': 'no-store'});
  res.end(fs.readFileSync(path.join(here, f[0])));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

let browser = null;
function cleanup() {
  try { if (browser && browser.process()) browser.process().kill('SIGKILL'); } catch (_) {}
  try { fs.rmSync(userDataDir, {recursive: true, force: true}); } catch (_) {}
}
process.on('exit', cleanup);
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(sig, () => process.exit(1));

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  })]).finally(() => clearTimeout(timer));
}

let page;
try {
  browser = await withTimeout(puppeteer.launch({
    executablePath, headless: false, ignoreDefaultArgs: true, args, pipe: true,
    userDataDir, protocolTimeout: 60000,
    env: {...process.env},
  }), 30000, 'launching chromium');
  page = await browser.newPage();
  page.on('console', (m) => process.stderr.write(`chromium console: ${m.text()}\n`));
  await withTimeout(page.goto(url), 20000, 'loading the runner page');
  const adapter = await withTimeout(page.evaluate(() => window.plumbReady), 20000, 'opening the WebGPU device');
  writeLine({hello: 'plumb-oracle-runner', version: 1, backend: 'chromium', adapter,
             versions: {chromium: await browser.version(),
                        puppeteerCore: require('puppeteer-core/package.json').version,
                        node: process.versions.node},
             capabilities: CAPABILITIES});
} catch (e) {
  writeLine({hello: 'plumb-oracle-runner', version: 1, backend: 'chromium', error: String(e.message || e)});
  process.exit(3);
}
await serveLines(async (c) => {
  try {
    return await page.evaluate((c) => window.plumbRunCase(c), c);
  } catch (e) {
    return {id: c.id, status: 'runtime-error', error: 'page: ' + String(e.message || e)};
  }
});
