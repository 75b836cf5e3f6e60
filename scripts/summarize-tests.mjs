// Totals every suite's report into the one closing line CI reads: "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = process.argv[2];
const expected = [
  'lint.check',
  'typecheck.check',
  'deploy.check',
  'build.check',
  'node20-start.check',
  'shared.vitest.json',
  'web.vitest.json',
  'server-sqlite.vitest.json',
  'server-postgres.vitest.json',
  'server-cluster.vitest.json',
  'e2e.playwright.json',
];
let passed = 0;
let failed = 0;
// CI keeps only the end of the output: each failure's name and the start of its message are the clue.
const failures = [];
const clue = (message = '') => stripVTControlCharacters(message).slice(0, 700);

function playwrightFailures(suites = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status !== 'expected')
        .map((test) => ({ title: `${spec.file}: ${spec.title}`, message: clue(test.results.at(-1)?.error?.message ?? test.status) })),
    ),
    ...playwrightFailures(suite.suites),
  ]);
}

const summaries = [];
for (const name of expected) {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    summaries.push(`${name}: no report (the suite did not run to its end)`);
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
    for (const result of report.testResults) {
      // A file that did not load, or a hook that failed (its tests then count as skipped), says why here.
      if (result.status === 'failed' && result.message) failures.push({ title: `${name} ${result.name}`, message: clue(result.message) });
      for (const test of result.assertionResults) {
        if (test.status !== 'passed')
          failures.push({ title: `${name} ${test.fullName}`, message: clue(test.failureMessages?.[0] ?? test.status) });
      }
    }
  } else {
    const { stats, suites, errors = [] } = JSON.parse(text);
    suite = { passed: stats.expected, failed: stats.unexpected + stats.flaky + stats.skipped + errors.length };
    failures.push(
      ...playwrightFailures(suites).map((failure) => ({ ...failure, title: `${name} ${failure.title}` })),
      ...errors.map((error) => ({ title: name, message: clue(error.message) })),
    );
  }
  summaries.push(`${name}: ${suite.passed} passed, ${suite.failed} failed`);
  passed += suite.passed;
  failed += suite.failed;
}

if (failures.length > 0) {
  // A hook's failure fails every test under it: its message is printed once.
  const told = new Set();
  console.log(`==> what failed (${Math.min(failures.length, 20)} of ${failures.length})`);
  for (const { title, message } of failures.slice(0, 20)) {
    console.log(`--- ${title}${told.has(message) ? ' (as above)' : `\n${message}`}`);
    told.add(message);
  }
}
// Where the run's minutes went (test.sh times each step), kept near the end CI keeps.
const timings = path.join(dir, 'timings.txt');
if (fs.existsSync(timings)) {
  const steps = fs.readFileSync(timings, 'utf8').trim().split('\n').filter(Boolean);
  console.log(`==> seconds per step: ${steps.join(', ')}`);
}
for (const summary of summaries) console.log(summary);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
