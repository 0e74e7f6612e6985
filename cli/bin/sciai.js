#!/usr/bin/env node
// Launcher for the `sciai` bin. The CLI is TypeScript run by Node 24's type stripping; `npx sciai`
// starts whatever `node` is on PATH, which may be older, so the CLI runs on the repository's pinned
// Node 24 (the `node` devDependency, node_modules/.bin/node) in that case, else on this one.
//
// Either way it runs in a process of its own, started with small V8 heap limits: with Node's
// defaults a command that reads a large file (`sciai import` of a million rows) let its young
// generation and old-generation growth factor follow its allocation rate, to over 600 MB resident
// for 60 MB live (docs/decisions/0057-v8-heap-growth.md has the same for the server). These are
// flags of a process's start; they cannot be set from inside it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HEAP_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=512'];
const entry = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'sciai.ts');
const major = Number(process.versions.node.split('.')[0]);

const node = major >= 24 ? process.execPath : findPinnedNode(dirname(entry));
if (!node) {
  process.stderr.write(
    `sciai needs Node.js 24 or newer (this is ${process.version}), and no node_modules/.bin/node was found. ` +
      'Run `npm install` in the SciAI repository, or use Node 24.\n',
  );
  process.exit(1);
}
const child = spawn(node, [...HEAP_FLAGS, entry, ...process.argv.slice(2)], { stdio: 'inherit' });
// The terminal sends Ctrl-C to both processes; the CLI cleans up and exits, and so do we.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (error) => {
  process.stderr.write(`sciai: could not start ${node}: ${error.message}\n`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});

function findPinnedNode(start) {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}
