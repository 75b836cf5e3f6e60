import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The cluster's processes run the built server on plain node, as production does: built once per run. */
export default function setup(): void {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../build.mjs')], { stdio: 'inherit' });
}
