// The website's first page (/homePage) as a visitor's phone gets it from the real server: the JavaScript
// it transfers (gzip and brotli) and Lighthouse's mobile performance, accessibility and best-practices
// scores, each beside a baseline built and served in the same run: a React "hello" page, the floor of
// this stack. Targets: script within 1.15x the baseline's, every score >= 95.
// Run: npm run bench:website   (BENCH_RUNS=3 Lighthouse runs per page; the web app must be built)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.ts';
import { startServer } from '../e2e/support/server.ts';
import { startReactHello } from './support/reactHello.ts';
import { collectScripts, kb, scriptSizes } from './support/scriptSizes.ts';

const root = path.resolve(import.meta.dirname, '..');
/** Lighthouse launches Chromium itself and must ask for headless; Playwright does that on its own. */
const chromeFlags = ['--headless=new', ...chromiumFlags];
const runs = Number(process.env.BENCH_RUNS ?? 3);

/** Every script the page loads, with its gzip and brotli sizes as the server would send them. */
async function firstPageScripts(url: string, ready: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const page = await browser.newPage();
  const scripts = collectScripts(page);
  await page.goto(url);
  await page.getByRole('heading', { name: ready }).waitFor();
  await page.waitForLoadState('networkidle');
  await browser.close();
  return scriptSizes(scripts, url);
}

/** Lighthouse on a loaded machine now and then loses its page ("Target closed", NO_NAVSTART): one retry. */
function lighthouse(url: string) {
  try {
    return lighthouseOnce(url);
  } catch {
    return lighthouseOnce(url);
  }
}

function lighthouseOnce(url: string) {
  const output = path.join(os.tmpdir(), `qiming-lighthouse-${process.pid}.json`);
  execFileSync(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--only-categories=performance,accessibility,best-practices',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      `--chrome-flags=${chromeFlags.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const report = JSON.parse(fs.readFileSync(output, 'utf8'));
  fs.rmSync(output);
  const metric = (id: string) => report.audits[id].numericValue as number;
  const score = (category: string) => Math.round(report.categories[category].score * 100);
  return {
    score: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}

function median<T>(values: T[], by: (value: T) => number): T {
  return [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)] as T;
}

if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
const qiming = await startServer();
const baseline = await startReactHello();
try {
  const ours = await firstPageScripts(`${qiming.url}/#/homePage`, '典型客户');
  const floor = await firstPageScripts(baseline.url, 'Hello');
  console.log('first page JavaScript        scripts      gzip    brotli');
  console.log(
    `Qiming /homePage             ${String(ours.count).padStart(7)}  ${kb(ours.gzip).padStart(8)}  ${kb(ours.brotli).padStart(8)}`,
  );
  console.log(
    `React hello (baseline)       ${String(floor.count).padStart(7)}  ${kb(floor.gzip).padStart(8)}  ${kb(floor.brotli).padStart(8)}`,
  );
  const ratio = ours.gzip / floor.gzip;
  console.log(`ratio ${ratio.toFixed(2)} of the baseline; target <= 1.15: ${ratio <= 1.15 ? 'met' : 'missed'}`);

  const report = (label: string, url: string) => {
    const results = Array.from({ length: runs }, () => lighthouse(url));
    const middle = median(results, (result) => result.score);
    console.log(
      `${label.padEnd(28)} scores ${results.map((result) => result.score).join(', ')}; median run: FCP ${middle.fcp.toFixed(0)} ms, LCP ${middle.lcp.toFixed(0)} ms, TBT ${middle.tbt.toFixed(0)} ms, CLS ${middle.cls.toFixed(3)}; accessibility ${middle.accessibility}, best practices ${middle.bestPractices}`,
    );
    return middle;
  };
  console.log(`Lighthouse ${runs}x, mobile: performance, accessibility, best practices`);
  const ourScore = report('Qiming /homePage', `${qiming.url}/#/homePage`);
  const floorScore = report('React hello (baseline)', baseline.url);
  const scores = [ourScore.score, ourScore.accessibility, ourScore.bestPractices];
  console.log(
    `ratio ${(ourScore.score / floorScore.score).toFixed(2)} of the baseline's performance; every score >= 95: ${scores.every((value) => value >= 95) ? 'met' : 'missed'}`,
  );
} finally {
  baseline.stop();
  await qiming.stop();
}
