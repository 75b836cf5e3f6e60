import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './e2e/support/chromium.ts';

/**
 * End-to-end specs in Debian's Chromium; each spec file starts its own server on a copy of the demo the
 * global setup seeds once.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './e2e/globalSetup.ts',
  fullyParallel: false,
  // Three spec files at a time: with two, a spec's waits (for its server, the network going idle) left CI's
  // two cores half idle (the walk used 114 s of CPU in 228 s); with four, the CPU was never idle and three
  // specs' servers did not start within 60 s. Tests inside a file stay in order: each file shares one server,
  // and some one signed-in page.
  workers: 3,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '.cache/reports/e2e.json' }]],
  use: {
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    // The back-office honours the system's reduced-motion choice. Specs ask for it: a click aimed at a
    // menu or dialog still zooming in can land beside its target on a loaded machine (Playwright #16048).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
    trace: 'off',
  },
});
