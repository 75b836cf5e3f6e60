// Totals every suite's report into the one closing line CI reads: "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const expected = [
  'lint.check',
  'typecheck.check',
  'deploy.check',
  'build.check',
  'shared.vitest.json',
  'web.vitest.json',
  'server-sqlite.vitest.json',
  'server-postgres.vitest.json',
  'server-cluster.vitest.json',
  'e2e.playwright.json',
];
let passed = 0;
let failed = 0;

for (const name of expected) {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    console.log(`${name}: no report (the suite did not run to its end)`);
    failed += 1;
    continue;
  }
  const text = fs.readFileSync(file, 'utf8');
  let suite;
  if (name.endsWith('.check')) suite = text.trim() === 'pass' ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  else if (name.endsWith('.vitest.json')) {
    const report = JSON.parse(text);
    // A file that failed to load counts as one failure even though no test in it ran.
    const brokenFiles = report.testResults.filter((result) => result.status === 'failed' && result.assertionResults.length === 0).length;
    suite = { passed: report.numPassedTests, failed: report.numFailedTests + report.numPendingTests + report.numTodoTests + brokenFiles };
  } else {
    const { stats, errors = [] } = JSON.parse(text);
    suite = { passed: stats.expected, failed: stats.unexpected + stats.flaky + stats.skipped + errors.length };
  }
  console.log(`${name}: ${suite.passed} passed, ${suite.failed} failed`);
  passed += suite.passed;
  failed += suite.failed;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
