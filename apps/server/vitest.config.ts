import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // argon2 hashing and real databases: give each test room, but never hang a run.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One seeded database per run that each test file copies, instead of seeding its own.
    globalSetup: ['test/seedTemplate.ts'],
    pool: 'forks',
    // Each file has its own database, so files run side by side; Vitest's default (cores - 1) is one at a time on CI's two cores.
    maxWorkers: 2,
    // Files that share a worker share its loaded modules: the app's import (several seconds of CPU) is paid once per
    // worker, not per file (measured 218 -> 88 s CPU on SQLite). Sound because every file builds its own app on its own
    // database, and module-level caches are keyed by database or by content (pageAnchors, engineRunner's sources).
    isolate: false,
  },
});
