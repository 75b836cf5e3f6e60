// The built server started as production starts it, on whatever Node runs this script, until its
// readiness check answers: the suite runs on Node 24 (the production runtime), and this keeps the
// oldest Node the README promises (20.19, the machines' own) able to start the product.
// Run: node --import tsx scripts/start-and-health.mjs   (after npm run build && npm run build:server)
import { startServer } from '../e2e/support/server.ts';

const server = await startServer({ NODE_ENV: 'production', QIMING_ADMIN_PASSWORD: 'Start@Check2026' });
try {
  const answer = await fetch(`${server.url}/api/health/ready`);
  const body = await answer.json();
  console.log(
    `Node ${process.versions.node}: the built server started; /api/health/ready answered ${answer.status} ${JSON.stringify(body.data)}`,
  );
  if (answer.status !== 200) process.exitCode = 1;
} finally {
  await server.stop();
}
