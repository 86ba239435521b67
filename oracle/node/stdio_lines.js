// Node side of the runner protocol: JSON lines in on stdin, JSON lines out on stdout, or on
// the file descriptor PLUMB_PROTOCOL_FD names: native code in the runner's process (Dawn prints
// its shader compilation warnings with printf) may write to stdout, so `plumb oracle` starts
// the Node runners with stdout moved to stderr and the protocol on fd 3 (oracle/wgsl/oracle.cpp).
import fs from 'node:fs';
import readline from 'node:readline';

const protocolFd = Number(process.env.PLUMB_PROTOCOL_FD || 1);

/// Writes raw text to the protocol channel, whole (the fd is a blocking pipe).
export function writeRaw(text) {
  if (protocolFd === 1) {
    // On Linux, writes to pipes and files are synchronous in Node, so nothing is lost at exit.
    process.stdout.write(text);
    return;
  }
  const bytes = Buffer.from(text);
  for (let done = 0; done < bytes.length;) done += fs.writeSync(protocolFd, bytes, done);
}

export function writeLine(obj) {
  writeRaw(JSON.stringify(obj) + '\n');
}

/// Test hooks for the harness's own tests (a case's "runnerTest"): die, hang, or answer
/// something that is not JSON, as a broken runner would.
export async function testHook(c) {
  if (c.test === 'crash') process.exit(70);
  if (c.test === 'hang') {
    setInterval(() => {}, 1000);
    await new Promise(() => {});
  }
  if (c.test === 'garbage') {
    writeRaw('this is not JSON\n');
    return true;
  }
  return false;
}

/// Calls `handle(case)` for each input line in order; exits the process at end of input
/// (dawn.node keeps the event loop alive otherwise) or on {"op": "exit"}.
export async function serveLines(handle) {
  const rl = readline.createInterface({input: process.stdin, crlfDelay: Infinity});
  for await (const line of rl) {
    if (!line.trim()) continue;
    let c;
    try {
      c = JSON.parse(line);
    } catch (e) {
      writeLine({id: null, status: 'bad-case', error: 'not JSON: ' + e.message});
      continue;
    }
    if (c.op === 'exit') break;
    if (await testHook(c)) continue;
    writeLine(await handle(c));
  }
  process.exit(0);
}
