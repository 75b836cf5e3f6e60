// Checks the container recipe and the compose file, and builds them where a container engine runs.
// Without an engine (as on these machines) it says so and checks what can be checked without one.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '..');
const problems = [];
const expect = (condition, problem) => condition || problems.push(problem);
const works = (command, args) => {
  try {
    execFileSync(command, args, { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
expect((dockerfile.match(/^FROM /gm) ?? []).length >= 2, 'Dockerfile: not a multi-stage build');
expect(/^USER (?!root)\S+/m.test(dockerfile), 'Dockerfile: the server does not run as a non-root user');
expect(/^HEALTHCHECK /m.test(dockerfile), 'Dockerfile: no HEALTHCHECK');
expect(/^CMD .*apps\/server\/dist\/main\.js/m.test(dockerfile), 'Dockerfile: does not run the built server on plain node');
expect(
  [...dockerfile.matchAll(/^FROM node:(\d+)/gm)].every(([, major]) => Number(major) >= 24),
  'Dockerfile: not on Node 24 LTS (Node 20 is past its end of life)',
);
expect(
  /npm ci --omit=dev --workspace @qiming\/server/.test(dockerfile) && !/^COPY --from=build \/app\/node_modules/m.test(dockerfile),
  "Dockerfile: the image ships the web app's packages, not only the server's",
);

const compose = parse(fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8'));
const services = compose?.services ?? {};
expect(services.postgres?.healthcheck, 'compose.yaml: PostgreSQL without a health check');
expect(services.redis?.healthcheck, 'compose.yaml: Redis without a health check');
const qiming = services.qiming ?? {};
expect(qiming.build, 'compose.yaml: the qiming service is not built from this repository');
expect((qiming.deploy?.replicas ?? 1) >= 2, 'compose.yaml: fewer than two server replicas');
expect(/^postgres:\/\//.test(qiming.environment?.DATABASE_URL ?? ''), 'compose.yaml: the servers do not share PostgreSQL');
expect(/^redis:\/\//.test(qiming.environment?.REDIS_URL ?? ''), 'compose.yaml: the servers do not share Redis');
expect(
  (qiming.volumes ?? []).some((volume) => String(volume).endsWith(':/data')),
  'compose.yaml: the replicas do not share DATA_DIR, so an image uploaded to one is missing on the other',
);
for (const needed of ['postgres', 'redis']) {
  expect(qiming.depends_on?.[needed]?.condition === 'service_healthy', `compose.yaml: qiming does not wait for a healthy ${needed}`);
}

if (works('docker', ['compose', 'version'])) {
  expect(works('docker', ['compose', '-f', 'compose.yaml', 'config', '-q']), 'docker compose config refuses compose.yaml');
} else console.log('deploy: no docker compose here, so compose.yaml was checked by its parsed content only');
if (works('docker', ['info'])) {
  expect(works('docker', ['build', '-t', 'qiming:check', '.']), 'docker build failed');
} else console.log('deploy: no container engine runs here (docker info fails), so the image was not built');

for (const problem of problems) console.error(problem);
console.log(`deploy: ${problems.length === 0 ? 'Dockerfile and compose.yaml pass their checks' : `${problems.length} problem(s)`}`);
process.exit(problems.length === 0 ? 0 : 1);
