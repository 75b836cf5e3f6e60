// `npm start`: installs what is missing, builds the web app when its sources changed, then serves the
// site, the back-office and the API (the server migrates the database and seeds the demo itself).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args, env = {}) => execFileSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

execFileSync('bash', ['-c', 'source scripts/lib.sh && ensure_npm_dependencies'], { cwd: root, stdio: 'inherit' });

function newestChange(entries) {
  let newest = 0;
  const visit = (entry) => {
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of entries) if (fs.existsSync(entry)) visit(entry);
  return newest;
}

/** Whether `built` is missing or older than any of `sources`. */
function stale(built, sources) {
  return !fs.existsSync(built) || newestChange(sources.map((entry) => path.join(root, entry))) > fs.statSync(built).mtimeMs;
}

const shared = ['packages/shared/src', 'package-lock.json'];
if (
  stale(path.join(root, 'apps/web/dist/index.html'), [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    ...shared,
  ])
) {
  console.log('==> building the web app');
  run('npm', ['run', 'build']);
}
const serverEntry = path.join(root, 'apps/server/dist/main.js');
if (stale(serverEntry, ['apps/server/src', 'apps/server/build.mjs', ...shared])) {
  console.log('==> building the server');
  run('npm', ['run', 'build:server']);
}

// The server runs as built JavaScript on plain node, as in production.
const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
// A server ended by a signal reports it as a shell does (128 + the signal's number), never as success.
server.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
