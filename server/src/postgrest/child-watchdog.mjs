/* global setInterval, setTimeout -- Node globals in a plain script */
// Ends a child process when its parent dies, whatever the way (kill -9 included) and on every
// platform: the parent holds the write end of this process's stdin, and the operating system
// closes it when the parent goes, so stdin's end is the parent's death. Plain JavaScript, so it
// starts without the TypeScript loader. Usage: node child-watchdog.mjs <child pid> [socket dir]
// The socket dir (PostgREST's unix socket's) is removed once the child is gone.
import { rmSync } from 'node:fs';

const pid = Number(process.argv[2]);
const socketDir = process.argv[3];

function exit() {
  if (socketDir) rmSync(socketDir, { recursive: true, force: true });
  process.exit(0);
}

function alive() {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function endChild() {
  if (!alive()) exit();
  process.kill(pid, 'SIGTERM');
  const started = Date.now();
  const poll = setInterval(() => {
    if (!alive()) exit();
    if (Date.now() - started > 5_000) {
      if (alive()) process.kill(pid, 'SIGKILL');
      exit();
    }
  }, 50);
  poll.unref?.();
  setTimeout(exit, 6_000);
}

process.stdin.on('data', () => {});
process.stdin.on('end', endChild);
process.stdin.on('close', endChild);
process.stdin.on('error', endChild);
// The child ended on its own (normal stop): nothing left to guard.
setInterval(() => {
  if (!alive()) exit();
}, 1_000);
