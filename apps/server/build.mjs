// Builds the server to one JavaScript module, so production runs on plain `node` without a TypeScript
// loader: `node apps/server/dist/main.js` (and the gateway on its own, `dist/gateway.js`; the machine
// operator's commands, `dist/admin.js`). `--outdir <dir>` builds elsewhere (a test of the built CLI).
// The workspace's shared package is bundled in (it ships TypeScript); every npm dependency stays a
// normal import, installed by `npm ci --omit=dev`.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const manifest = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const server = manifest(path.join(here, 'package.json'));
const shared = manifest(path.join(here, '../../packages/shared/package.json'));
const outdirAt = process.argv.indexOf('--outdir');
const outdirArgument = outdirAt >= 0 ? process.argv[outdirAt + 1] : undefined;
const external = [...Object.keys(server.dependencies), ...Object.keys(shared.dependencies)].filter((name) => name !== '@qiming/shared');

await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    gateway: path.join(here, 'src/gatewayMain.ts'),
    admin: path.join(here, 'src/adminCli.ts'),
  },
  outdir: outdirArgument ? path.resolve(outdirArgument) : path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  // 20.10 is the first Node 20 to take import attributes: the workflow engine imports camunda's JSON descriptor.
  target: 'node20.10',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
// The Nacos gRPC server loads its .proto at run time from beside its module, in the bundle the outdir.
fs.copyFileSync(
  path.join(here, 'src/modules/governance/nacosGrpc/nacosGrpc.proto'),
  path.join(outdirArgument ? path.resolve(outdirArgument) : path.join(here, 'dist'), 'nacosGrpc.proto'),
);
