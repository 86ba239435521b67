// Node side of the runner protocol: JSON lines in on stdin, JSON lines out on stdout.
import readline from 'node:readline';

export function writeLine(obj) {
  // On Linux, writes to pipes and files are synchronous in Node, so nothing is lost at exit.
  process.stdout.write(JSON.stringify(obj) + '\n');
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
    process.stdout.write('this is not JSON\n');
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
