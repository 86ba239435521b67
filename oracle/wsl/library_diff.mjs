// The reference implementation's standard library (gpuweb/WSL 943222d, StandardLibrary.mjs)
// against Plumb's table (issue 20; docs/wsl.md "The library against the RI's").
//
// Takes every named function the RI's library declares (natives and functions written in WSL;
// operators, casts, getters and setters are left out: they are spelled as syntax, not calls),
// writes one probe function per overload,
//   void probe_k(P0 a0, P1 a1, ..) { R r = name(a0, a1, ..); }   (or `name(..);` for void)
// and asks `plumb wsl check --format json` which probes are rejected: a rejected probe is an
// overload (parameters and result) Plumb's table lacks. Prints, per function name, how many of the
// RI's overloads Plumb has. Nothing of the RI is part of Plumb: pass the path of a checkout.
//
//   node oracle/wsl/library_diff.mjs --ri DIR --plumb build/release/cli/plumb [--verbose]
//        [--report FILE.json]
//
// Exit status 0 when Plumb has every overload, 1 when some are missing, 2 on a usage error.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

function parseArguments(argv) {
  const o = { verbose: false, report: null, chunk: 400 };
  for (let i = 2; i < argv.length; ++i) {
    const a = argv[i];
    const next = () => argv[++i];
    if (a === "--ri") o.ri = next();
    else if (a === "--plumb") o.plumb = next();
    else if (a === "--report") o.report = next();
    else if (a === "--chunk") o.chunk = Number(next());
    else if (a === "--verbose") o.verbose = true;
    else {
      console.error(`library_diff.mjs: unknown argument '${a}'`);
      process.exit(2);
    }
  }
  if (!o.ri || !o.plumb) {
    console.error("usage: node oracle/wsl/library_diff.mjs --ri DIR --plumb PLUMB [--verbose] [--report FILE]");
    process.exit(2);
  }
  return o;
}

// Splits at the commas outside <..> and (..).
function splitTopLevel(text) {
  const out = [];
  let depth = 0, start = 0;
  for (let i = 0; i < text.length; ++i) {
    const c = text[i];
    if (c === "<" || c === "(") ++depth;
    else if (c === ">" || c === ")") --depth;
    else if (c === "," && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (text.slice(start).trim()) out.push(text.slice(start).trim());
  return out;
}

// A parameter's type: the declaration without its name (`thread float* out` -> `thread float*`).
function parameterType(p) {
  const tokens = p.split(/\s+/);
  const spaces = new Set(["thread", "device", "threadgroup", "constant"]);
  const last = tokens[tokens.length - 1];
  const named = tokens.length > 1 && /^[A-Za-z_][A-Za-z_0-9]*$/.test(last) &&
                !(tokens.length === 2 && spaces.has(tokens[0]));
  return (named ? tokens.slice(0, -1) : tokens).join(" ");
}

// Every declaration `[native] R name(params)` at the start of a line, operators left out.
function declarations(library) {
  const out = [];
  const seen = new Set();
  const pattern = /^(?:native\s+)?([A-Za-z_][A-Za-z_0-9<>, ]*?)\s+([A-Za-z_][A-Za-z_0-9]*)\(([^)]*)\)\s*[;{]/;
  for (const line of library.split("\n")) {
    if (line.startsWith("native typedef") || line.startsWith("typedef")) continue;
    const m = pattern.exec(line);
    if (!m || m[1].startsWith("operator") || m[1] === "return") continue;
    const params = splitTopLevel(m[3]).map(parameterType);
    const key = `${m[2]}(${params.join(", ")})`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ result: m[1].trim(), name: m[2], params, key });
  }
  return out;
}

function probe(d, k) {
  const params = d.params.map((t, i) => `${t} a${i}`).join(", ");
  const call = `${d.name}(${d.params.map((_, i) => `a${i}`).join(", ")})`;
  const body = d.result === "void" ? `${call};` : `${d.result} r = ${call};`;
  return `void probe_${k}(${params}) { ${body} }\n`;
}

// The probes Plumb rejects, by index: the errors' lines (one probe a line).
function rejected(o, dir, decls, first) {
  const file = join(dir, `probe${first}.wsl`);
  writeFileSync(file, decls.map((d, i) => probe(d, first + i)).join(""));
  let text;
  try {
    text = execFileSync(o.plumb, ["wsl", "check", file, "--format", "json"],
                        { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 28 });
  } catch (e) {
    text = e.stdout;
  }
  const report = JSON.parse(text);
  const lines = new Set();
  for (const d of report.diagnostics ?? []) lines.add(d.line);
  return lines;
}

async function main() {
  const o = parseArguments(process.argv);
  const lib = await import(pathToFileURL(resolve(o.ri, "Source/StandardLibrary.mjs")).href);
  const decls = declarations(lib.standardLibrary);
  const dir = mkdtempSync(join(tmpdir(), "wsl-library-diff-"));
  const missing = [];
  try {
    for (let first = 0; first < decls.length; first += o.chunk) {
      const chunk = decls.slice(first, first + o.chunk);
      let lines = rejected(o, dir, chunk, first);
      // The checker may stop after some errors: probe the rest of the chunk again.
      let start = 0;
      while (lines.size > 0) {
        const sorted = [...lines].sort((a, b) => a - b);
        for (const l of sorted) missing.push(chunk[start + l - 1]);
        start += sorted[sorted.length - 1];
        if (start >= chunk.length) break;
        lines = rejected(o, dir, chunk.slice(start), first + start);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const byName = new Map();
  for (const d of decls) {
    if (!byName.has(d.name)) byName.set(d.name, { total: 0, missing: [] });
    byName.get(d.name).total++;
  }
  for (const d of missing) byName.get(d.name).missing.push(d.key);
  let complete = 0;
  for (const [name, e] of [...byName.entries()].sort()) {
    if (e.missing.length === 0) {
      ++complete;
      if (o.verbose) console.log(`${name}: ${e.total}/${e.total}`);
      continue;
    }
    console.log(`${name}: ${e.total - e.missing.length}/${e.total}` +
                (o.verbose ? `\n  missing: ${e.missing.join("\n  missing: ")}` :
                             `  (missing e.g. ${e.missing[0]})`));
  }
  console.log(`${decls.length} overloads of ${byName.size} functions in the RI's library; ` +
              `Plumb has ${decls.length - missing.length}; ${complete} functions complete`);
  if (o.report)
    writeFileSync(o.report, JSON.stringify({ overloads: decls.length, missing: missing.map((d) => d.key) }, null, 1));
  process.exit(missing.length ? 1 : 0);
}

main();
