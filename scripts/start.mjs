// `npm start`: install (if needed), build the shell and the four remotes (turbo-cached), then run the
// server on one port with embedded PGlite and seeded demo data. The admin login is printed on start.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { ensureInstalled, root, run } from './ensure-install.mjs';

const pnpm = ensureInstalled();
const built = run(pnpm, ['build']);
if (built !== 0) process.exit(built);

// The server is our own child rather than a pnpm script, which reports a server stopped with Ctrl-C or
// SIGTERM as a failed command. package.json starts this file with `exec`, so the signals npm passes on
// (SIGINT, SIGTERM sent to npm alone) reach it rather than a shell that would drop them. A signal reaches
// the server (from the terminal's Ctrl-C, or passed on here): it drains its requests, closes the database
// and exits, and so does this command, with its code.
const serverDir = path.join(root, 'apps', 'server');
// `node --import tsx`, not the tsx CLI: the CLI relays signals through a 30 ms handshake with its child
// and SIGKILLs a server that misses it (a loaded machine), which would end it without draining.
// apps/server/node-flags.json: the heap bound (bench/README.md#history: without it V8 lets garbage pile up
// in the old generation towards a limit sized on the machine's memory) and a young generation large
// enough that a request's objects, alive across its database trips, die young instead of being promoted
const flags = JSON.parse(readFileSync(path.join(serverDir, 'node-flags.json'), 'utf8'));
const server = spawn(process.execPath, [...flags, '--import', 'tsx', 'src/main.ts'], {
  cwd: serverDir,
  stdio: 'inherit',
});
let stopping = false;
const stop = (signal) => {
  stopping = true;
  server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// npm killed outright (SIGKILL) cannot pass anything on: a start left without its parent stops the
// server as for SIGTERM rather than leave it running.
const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid !== parent) {
    clearInterval(orphaned);
    stop('SIGTERM');
  }
}, 500);
server.on('exit', (code, signal) => {
  clearInterval(orphaned);
  process.exit(code ?? (stopping && signal ? 0 : 1));
});
