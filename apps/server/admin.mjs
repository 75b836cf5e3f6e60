// `npm run admin -- <command> <user>`: the machine operator's commands (src/adminCli.ts). From the
// TypeScript sources through tsx where tsx is installed (a development checkout, where the sources are
// what is current and a dist/ may be stale), else the built dist/admin.js (`npm ci --omit=dev`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const here = import.meta.dirname;
let tsxInstalled = true;
try {
  import.meta.resolve('tsx');
} catch {
  tsxInstalled = false;
}
const entry = tsxInstalled ? ['--import', 'tsx', path.join(here, 'src/adminCli.ts')] : [path.join(here, 'dist/admin.js')];
const run = spawnSync(process.execPath, ['--enable-source-maps', ...entry, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
