// `npm start`: installs what is missing, builds the web app when its sources changed, then serves the
// site, the back-office and the API (the server migrates the database and seeds the demo itself).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
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

const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
  'package-lock.json',
].map((entry) => path.join(root, entry));
if (!fs.existsSync(builtIndex) || newestChange(sources) > fs.statSync(builtIndex).mtimeMs) {
  console.log('==> building the web app');
  run('npm', ['run', 'build']);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
